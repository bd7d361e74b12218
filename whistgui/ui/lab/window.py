"""The Single Suits window (issue 15): every single suit of n cards a hand in a sortable,
filterable table — value, kind, maxmin, minmax, R43's T_0, H, H̄, which of them Whist takes,
Greedy Whist's and Five-card's results — beside plots of how the values are distributed and how
the number of distinct values grows with n. Double-click (or Enter on) a row to open that suit
in the card table and the inspector.

The suits are listed on the app's engine service (channel ``lab``), with progress and Cancel;
the values come from its shared evaluator, so a suit valued here is never valued again.
"""

from __future__ import annotations

from itertools import pairwise

from PySide6.QtCore import QModelIndex, Qt, Signal
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

from whistgui.app.lab import LIVE_LIMIT, LabRow, distinct_values, lab_rows, value_counts
from whistgui.ui.engine_service import EngineService, JobContext
from whistgui.ui.lab.suit_model import PatternRole, SuitFilter, SuitTableModel
from whistgui.ui.pg import pg

__all__ = ["CHANNEL", "SingleSuitsWindow"]

CHANNEL = "lab"


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
        self.filter.setClearButtonEnabled(True)
        filter_label = QLabel("&Filter:", self)
        filter_label.setBuddy(self.filter)
        self.count = QLabel(self)
        self.count.setObjectName("labCount")

        self.model = SuitTableModel(self)
        self.proxy = SuitFilter(self)
        self.proxy.setSourceModel(self.model)
        self.filter.textChanged.connect(self._on_filter)
        self.table = _Table(self)
        self.table.setModel(self.proxy)
        self.table.setSortingEnabled(True)
        self.table.sortByColumn(-1, Qt.SortOrder.AscendingOrder)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setAlternatingRowColors(True)
        self.table.verticalHeader().setDefaultSectionSize(self.table.fontMetrics().height() + 6)
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
        split.setStretchFactor(1, 2)
        split.setSizes([820, 420])
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
        self.resize(1280, 760)

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

        def job(ctx: JobContext) -> tuple[list[LabRow], dict[int, int]]:
            ev = ctx.memo("whist").evaluator
            rows: list[LabRow] = []
            for n in range(lo, hi + 1):
                rows += lab_rows(
                    n,
                    ev,
                    should_stop=ctx.should_stop,
                    progress=lambda done, total, n=n: ctx.report(
                        f"n = {n}: {done:,} of {total:,} suits"
                    ),
                )
            growth = {m: distinct_values(m, ev) for m in range(1, lo)}  # smaller: memoized
            return rows, growth

        try:
            self._job = self.engine.submit(CHANNEL, job, label=f"Single suits, {what}", tag=span)
        except RuntimeError:  # the app is closing: its engine has stopped
            self._asked = None
            return None
        return self._job

    @property
    def _shown(self) -> tuple[int, int] | None:
        rows = self.model.rows
        return (rows[0].n, rows[-1].n) if rows else None

    def _on_finished(self, _job: int, channel: str, tag: object, result: object) -> None:
        if channel != CHANNEL or tag != self._asked or not isinstance(result, tuple):
            return
        self._asked = None
        rows, growth = result
        self.distinct.update(growth)
        self.show_rows(rows)

    def _on_failed(self, _job: int, channel: str, tag: object, message: str) -> None:
        if channel == CHANNEL and tag == self._asked:
            self._asked = None
            self.count.setText(f"not listed: {message}")
            self.message.emit(message)

    def _on_cancelled(self, job: int, channel: str) -> None:
        if channel == CHANNEL and job == self._job and self._asked is not None:
            self._asked = None
            self.count.setText("listing cancelled")

    def show_rows(self, rows: list[LabRow]) -> None:
        """Show ``rows`` (of one n or a range, in order of n) in the table and the plots (the
        distribution for the largest n)."""
        self.model.set_rows(rows)
        self.table.resizeColumnsToContents()
        if rows:
            for n in {r.n for r in rows}:
                self.distinct[n] = len(value_counts([r for r in rows if r.n == n]))
            top = rows[-1].n
            self._plot_values(top, value_counts([r for r in rows if r.n == top]))
            self._plot_growth()
        self._update_count()

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

    def _on_filter(self, text: str) -> None:
        self.proxy.set_words(text)
        self._update_count()

    def _update_count(self) -> None:
        total = self.model.rowCount()
        shown = self.proxy.rowCount()
        self.count.setText(
            f"{total:,} suits" if shown == total else f"{shown:,} of {total:,} suits"
        )

    def _open(self, index: QModelIndex) -> None:
        pattern = index.data(PatternRole)
        if isinstance(pattern, str):
            self.suitChosen.emit(pattern)

    def shutdown(self) -> None:
        """Stop this window's listing (the engine is the app's)."""
        self.engine.cancel(CHANNEL)
