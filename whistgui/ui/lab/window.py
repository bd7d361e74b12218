"""The Single Suits window (issue 15): every single suit of n cards a hand in a sortable,
filterable table — value, kind, maxmin, minmax, R43's T_0, H, H̄, which of them Whist takes,
Greedy Whist's and Five-card's results — beside plots of how the values are distributed and how
the number of distinct values grows with n. Double-click (or Enter on) a row to open that suit
in the card table and the inspector.

The suits are listed on the app's engine service (channel ``lab``), with progress and Cancel,
as a columnar :class:`~whistgui.app.lab.LabTable` from the numpy kernel (n = 11, 705,432 suits,
in about two seconds); the kernel's tables stay in the window's
:class:`~whistgui.engine.tables.kernel.TableCache` (about 19 MB up to n = 11), so listing a
smaller n, or the same again, takes a fraction of that. The model sorts and filters with numpy;
a filter that needs the suits' texts of more than
:data:`~whistgui.ui.lab.suit_model.SYNC_SUIT_TEXTS` suits has them written on the engine
service (channel ``lab-suits``) and filters on the other columns meanwhile.
"""

from __future__ import annotations

from itertools import pairwise
from typing import Final

from PySide6.QtCore import QModelIndex, Qt, QTimer, Signal
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QSplitter,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from whistgui.app.lab import LIVE_LIMIT, LabTable, distinct_values, lab_table
from whistgui.engine.tables.kernel import TableCache
from whistgui.ui.engine_service import EngineService, JobContext
from whistgui.ui.lab.suit_model import COLUMNS, SUIT, PatternRole, SuitTableModel
from whistgui.ui.pg import pg

__all__ = ["CHANNEL", "SingleSuitsWindow"]

CHANNEL = "lab"
#: The channel of the jobs that write a big table's suit texts for the filter.
TEXT_CHANNEL = "lab-suits"
#: With more suits than this the filter waits for a pause in the typing (ms below).
_DEBOUNCE_ROWS: Final = 100_000
_DEBOUNCE_MS: Final = 250
#: Widest a column is made to fit its texts (pixels).
_MAX_COLUMN_WIDTH: Final = 420


class _Table(QTableView):
    """Enter opens the current row, as a double-click does."""

    activatedRow = Signal(QModelIndex)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter) and self.currentIndex().isValid():
            self.activatedRow.emit(self.currentIndex())
            return
        super().keyPressEvent(event)


class SingleSuitsWindow(QWidget):
    """Browse every suit of n cards a hand. ``engine`` is the app's service (not owned)."""

    #: the W/E pattern (low to high) of the suit to open in the table and the inspector
    suitChosen = Signal(str)
    #: a message for the status bar
    message = Signal(str)

    def __init__(self, engine: EngineService, parent: QWidget | None = None) -> None:
        super().__init__(parent, Qt.WindowType.Window)
        self.setWindowTitle("Single Suits — whistgui")
        self.setObjectName("singleSuitsWindow")
        self.engine = engine
        self._asked: tuple[int, int] | None = None  # the n (from, to) being listed
        self._job = 0  # its job
        #: the kernel's tables, kept for the next listing (used on the engine's worker only)
        self._cache = TableCache()
        #: n -> the number of distinct values among the suits of n cards a hand (as listed)
        self.distinct: dict[int, int] = {}

        self.n = QSpinBox(self)
        self.n.setRange(1, LIVE_LIMIT)
        self.n.setValue(6)
        self.n.setToolTip(f"Cards in each hand: 1 to {LIVE_LIMIT} (C(2n, n) suits)")
        n_label = QLabel("&Cards a hand:", self)
        n_label.setBuddy(self.n)
        self.n_to = QSpinBox(self)
        self.n_to.setRange(0, LIVE_LIMIT)
        self.n_to.setSpecialValueText("—")
        self.n_to.setValue(0)
        self.n_to.setToolTip("… up to this many (a range of n); — for one n only")
        to_label = QLabel("&to", self)
        to_label.setBuddy(self.n_to)
        self.n_to.editingFinished.connect(self.list_suits)
        self.list_button = QPushButton("&List", self)
        self.list_button.setToolTip("List every suit of this many cards a hand (Enter)")
        self.list_button.clicked.connect(self.list_suits)
        self.n.editingFinished.connect(self.list_suits)
        self.filter = QLineEdit(self)
        self.filter.setPlaceholderText("filter: words that a row must contain, e.g. 'exit 1½'")
        self.filter.setToolTip(
            "Keep the suits with every word in some cell (any column, the suit's text too; "
            "case does not matter)"
        )
        self.filter.setClearButtonEnabled(True)
        filter_label = QLabel("&Filter:", self)
        filter_label.setBuddy(self.filter)
        self.count = QLabel(self)
        self.count.setObjectName("labCount")

        self.model = SuitTableModel(self)
        self.model.layoutChanged.connect(self._update_count)
        self.model.modelReset.connect(self._update_count)
        self.model.suitTextsWanted.connect(self._write_suit_texts)
        self._filter_timer = QTimer(self)
        self._filter_timer.setSingleShot(True)
        self._filter_timer.setInterval(_DEBOUNCE_MS)
        self._filter_timer.timeout.connect(self._apply_filter)
        self.filter.textChanged.connect(self._on_filter)
        self.table = _Table(self)
        self.table.setModel(self.model)
        self.table.setSortingEnabled(True)
        self.table.sortByColumn(-1, Qt.SortOrder.AscendingOrder)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setAlternatingRowColors(True)
        self.table.setWordWrap(False)
        rows = self.table.verticalHeader()  # one height for every row: nothing is measured
        rows.setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        rows.setDefaultSectionSize(self.table.fontMetrics().height() + 6)
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        self.table.horizontalHeader().setStretchLastSection(True)
        self.table.doubleClicked.connect(self._open)
        self.table.activatedRow.connect(self._open)

        self.values_plot = pg.PlotWidget(self)
        self.values_plot.setObjectName("valuesPlot")
        self.values_plot.setLabel("left", "suits")
        self.values_plot.setLabel("bottom", "value (number part)")
        self.values_plot.setTitle("Values")
        self.values_plot.showGrid(x=True, y=True, alpha=0.2)
        self.growth_plot = pg.PlotWidget(self)
        self.growth_plot.setObjectName("growthPlot")
        self.growth_plot.setLabel("left", "distinct values")
        self.growth_plot.setLabel("bottom", "cards a hand")
        self.growth_plot.setTitle("Distinct values for each n")
        self.growth_plot.showGrid(x=True, y=True, alpha=0.2)

        top = QHBoxLayout()
        top.addWidget(n_label)
        top.addWidget(self.n)
        top.addWidget(to_label)
        top.addWidget(self.n_to)
        top.addWidget(self.list_button)
        top.addSpacing(16)
        top.addWidget(filter_label)
        top.addWidget(self.filter, 1)
        top.addWidget(self.count)
        plots = QSplitter(Qt.Orientation.Vertical, self)
        plots.addWidget(self.values_plot)
        plots.addWidget(self.growth_plot)
        split = QSplitter(Qt.Orientation.Horizontal, self)
        split.addWidget(self.table)
        split.addWidget(plots)
        split.setStretchFactor(0, 3)
        split.setStretchFactor(1, 1)
        hint = QLabel(
            "Click a column's header to sort by it; double-click a suit (or Enter) to open it "
            "in the card table and the inspector.",
            self,
        )
        hint.setWordWrap(True)
        hint.setStyleSheet("color: gray;")
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(split, 1)
        layout.addWidget(hint)
        # room for the suits of 11 cards a hand and the plots, on screens that have it
        room = self.screen().availableGeometry()
        width, height = min(1560, room.width() * 9 // 10), min(860, room.height() * 9 // 10)
        self.resize(width, height)
        split.setSizes([width - 420, 420])

        self._update_count()
        engine.finished.connect(self._on_finished)
        engine.failed.connect(self._on_failed)
        engine.cancelled.connect(self._on_cancelled)

    # -- listing ------------------------------------------------------------------------------
    def span(self) -> tuple[int, int]:
        """The n (from, to) chosen: one n, or a range."""
        a, b = self.n.value(), self.n_to.value() or self.n.value()
        return (a, b) if a <= b else (b, a)

    def list_suits(self) -> int | None:
        """List every suit of the chosen n (or range of n) on the engine service (a repeated
        request for what is being listed or shown does nothing); the job's id."""
        span = self.span()
        if span == self._asked or (self._asked is None and self._shown == span):
            return None
        self._asked = span
        lo, hi = span
        what = f"{lo} cards a hand" if lo == hi else f"{lo} to {hi} cards a hand"
        self.count.setText(f"listing the suits of {what} …")

        cache = self._cache

        def job(ctx: JobContext) -> tuple[LabTable, dict[int, int]]:
            table = lab_table(
                lo,
                hi,
                cache=cache,
                should_stop=ctx.should_stop,
                progress=lambda n, stage, done, total: ctx.report(
                    f"n = {n}: {done:,} of {total:,} suits {stage}"
                ),
            )
            growth = {m: distinct_values(m, cache) for m in range(1, hi + 1)}  # in the cache
            return table, growth

        try:
            self._job = self.engine.submit(CHANNEL, job, label=f"Single suits, {what}", tag=span)
        except RuntimeError:  # the app is closing: its engine has stopped
            self._asked = None
            return None
        return self._job

    @property
    def _shown(self) -> tuple[int, int] | None:
        table = self.model.table
        return (table.ns[0], table.ns[-1]) if table is not None else None

    def _on_finished(self, _job: int, channel: str, tag: object, result: object) -> None:
        if channel == TEXT_CHANNEL:
            if isinstance(tag, LabTable) and isinstance(result, list):
                self.model.set_suit_texts(tag, result)
            return
        if channel != CHANNEL or tag != self._asked or not isinstance(result, tuple):
            return
        self._asked = None
        table, growth = result
        self.distinct.update(growth)
        self.show_table(table)

    def _on_failed(self, _job: int, channel: str, tag: object, message: str) -> None:
        if channel == CHANNEL and tag == self._asked:
            self._asked = None
            self.count.setText(f"not listed: {message}")
            self.message.emit(message)
        elif channel == TEXT_CHANNEL and tag is self.model.table:
            self.model.suit_texts_dropped()
            self._update_count()
            self.message.emit(f"The suits' texts were not written: {message}")

    def _on_cancelled(self, job: int, channel: str) -> None:
        if channel == CHANNEL and job == self._job and self._asked is not None:
            self._asked = None
            self.count.setText("listing cancelled")
        elif channel == TEXT_CHANNEL:  # the next filter asks again
            self.model.suit_texts_dropped()
            self._update_count()

    def show_table(self, table: LabTable) -> None:
        """Show ``table`` (one n or a range) in the table and the plots (the distribution for
        the largest n)."""
        self.engine.cancel(TEXT_CHANNEL)  # texts for the table shown so far
        self.model.set_table(table)
        self._size_columns()
        for n in table.ns:
            if n not in self.distinct:  # the job counted them (off the event loop)
                self.distinct[n] = table.distinct(n)
        top = table.ns[-1]
        self._plot_values(top, table.value_counts(top))
        self._plot_growth()

    def _size_columns(self) -> None:
        """Fit each column to its texts: the few a column has (every suit of one n is as
        long), never by measuring every row."""
        header = self.table.horizontalHeader()
        cell = self.table.fontMetrics()
        head = header.fontMetrics()
        for c, (title, _tip) in enumerate(COLUMNS):
            texts = self.model.sample_texts(c)
            width = max([cell.horizontalAdvance(t) for t in texts], default=0)
            width = max(width, head.horizontalAdvance(title) + (24 if c != SUIT else 0))
            header.resizeSection(c, min(width + 18, _MAX_COLUMN_WIDTH))

    def _plot_values(self, n: int, counts: dict[object, int]) -> None:
        by_number: dict[float, int] = {}
        for value, c in counts.items():
            x = float(value.number)  # type: ignore[attr-defined]
            by_number[x] = by_number.get(x, 0) + c
        xs = sorted(by_number)
        self.values_plot.clear()
        if xs:
            width = min((b - a for a, b in pairwise(xs)), default=0.5) * 0.8
            bars = pg.BarGraphItem(
                x=xs,
                height=[by_number[x] for x in xs],
                width=max(width, 0.04),
                brush="#1565c0",
                pen=pg.mkPen("#1565c0"),
            )
            self.values_plot.addItem(bars)
        self.values_plot.setTitle(
            f"Values, n = {n}: {sum(counts.values()):,} suits, {len(counts)} distinct"
        )

    def _plot_growth(self) -> None:
        ns = sorted(self.distinct)
        self.growth_plot.clear()
        self.growth_plot.plot(
            ns, [self.distinct[n] for n in ns], pen=pg.mkPen("#b71c1c", width=2), symbol="o"
        )

    def _on_filter(self, _text: str) -> None:
        if self.model.total > _DEBOUNCE_ROWS:
            self._filter_timer.start()  # after a pause in the typing
        else:
            self._apply_filter()

    def _apply_filter(self) -> None:
        self._filter_timer.stop()
        self.model.set_words(self.filter.text())

    def _write_suit_texts(self) -> None:
        """The filter needs the suits' texts of a big table: written on the engine service."""
        table = self.model.table
        if table is None:
            return

        def job(ctx: JobContext) -> list[object]:
            return list(table.suit_texts(lower=True, should_stop=ctx.should_stop))

        try:
            self.engine.submit(TEXT_CHANNEL, job, label="Single suits, the suits' texts", tag=table)
        except RuntimeError:  # the app is closing
            self.model.suit_texts_dropped()

    def _update_count(self) -> None:
        total = self.model.total
        shown = self.model.rowCount()
        text = f"{total:,} suits" if shown == total else f"{shown:,} of {total:,} suits"
        if self.model.suit_texts_pending:
            text += " (the suits' texts to come)"
        self.count.setText(text)

    def _open(self, index: QModelIndex) -> None:
        pattern = index.data(PatternRole)
        if isinstance(pattern, str):
            self.suitChosen.emit(pattern)

    def shutdown(self) -> None:
        """Stop this window's listing (the engine is the app's)."""
        self._filter_timer.stop()
        self.engine.cancel(CHANNEL)
        self.engine.cancel(TEXT_CHANNEL)
