"""The Single Suits window (issue 15): every single suit of n cards a hand in a sortable,
filterable table — value, kind, maxmin, minmax, R43's T_0, H, H̄, which of them Whist takes,
Greedy Whist's and Five-card's results — beside plots (:mod:`whistgui.ui.lab.plots`) of how
the values of the suits shown are distributed (for each n listed: a combo box chooses which) and
how the number of distinct values grows with n; a filter changes the plots as it does the list.
A click on a row (or Enter on the current row) opens that suit in the card table and the
inspector; the arrow keys only move.

The suits are listed on the app's engine service (channel ``lab``) when asked for (the List
button, or Enter in a "cards a hand" box), as a columnar :class:`~whistgui.app.lab.LabTable`
from the numpy kernel (n = 11, 705,432 suits, in about two seconds). While it lists, the window
shows its own progress (the kernel's, as a bar) and a Cancel button (Escape, Ctrl+.); the table
already shown stays usable, and the count says "listing …" until the new table lands. The
kernel's tables stay in the window's :class:`~whistgui.engine.games.whist.kernel.TableCache` (about
19 MB up to n = 11), so listing a smaller n, or the same again, takes a fraction of that. The
model sorts and filters with numpy; a filter that needs the suits' texts of more than
:data:`~whistgui.ui.lab.suit_model.SYNC_SUIT_TEXTS` suits has them written on the engine
service (channel ``lab-suits``) and filters on the other columns meanwhile.

File ▸ Open Table Store… (Ctrl+O) lists a store's suits instead of computing them, any n it
holds, filtered by SQL, paged from the store (:mod:`whistgui.ui.lab.store_view`).
"""

from __future__ import annotations

from dataclasses import dataclass
from math import comb
from pathlib import Path
from typing import Final, Literal

from PySide6.QtCore import (
    QElapsedTimer,
    QEvent,
    QModelIndex,
    QObject,
    QSettings,
    Qt,
    QTimer,
    Signal,
)
from PySide6.QtGui import (
    QAction,
    QFontMetrics,
    QKeyEvent,
    QKeySequence,
    QPalette,
    QShortcut,
)
from PySide6.QtWidgets import (
    QAbstractItemView,
    QApplication,
    QFileDialog,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QMenu,
    QMenuBar,
    QProgressBar,
    QPushButton,
    QSpinBox,
    QSplitter,
    QStackedWidget,
    QStyleOptionHeader,
    QTableView,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from whistgui.app.lab import LIVE_LIMIT, LabTable, distinct_values, lab_table
from whistgui.app.lab_columns import LETTERS_UPTO
from whistgui.engine.games.whist.kernel import TableCache
from whistgui.figures.text import ensure_app
from whistgui.ui.engine_service import EngineService, JobContext, ViewWork
from whistgui.ui.lab.exports import (
    EXPORT_CHANNEL,
    FILE_FILTERS,
    KIND_NAMES,
    RowExport,
    default_stem,
    figure_source,
    ns_text,
)
from whistgui.ui.lab.keys import KEYS_HTML
from whistgui.ui.lab.plots import LabPlots
from whistgui.ui.lab.store_view import StoreView
from whistgui.ui.lab.suit_model import COLUMNS, SUIT, PatternRole, SuitTableModel
from whistgui.ui.lab.suit_open import add_copy_action, refusal
from whistgui.ui.widgets.figure_dialog import FigureDialog
from whistgui.ui.widgets.keys_dialog import KeysDialog

__all__ = ["CHANNEL", "SingleSuitsWindow"]

CHANNEL = "lab"
#: The channel of the jobs that write a big table's suit texts for the filter.
TEXT_CHANNEL = "lab-suits"
#: With more suits than this the filter waits for a pause in the typing (ms below).
_DEBOUNCE_ROWS: Final = 100_000
_DEBOUNCE_MS: Final = 250
#: Widest a column is made to fit its texts, in average characters (the longest kind, "number;
#: the outcome depends on the lead", has 39; the Suit column's W/E texts of n = 11, 22).
_MAX_COLUMN_CHARS: Final = 60
#: Digits of the largest row number (n = 1 to LIVE_LIMIT): the row numbers' fixed width.
_ROW_DIGITS: Final = len(str(sum(comb(2 * n, n) for n in range(1, LIVE_LIMIT + 1))))
#: Valuing a suit in the kernel takes about five times as long as listing it (its columns):
#: the weights of the two stages in the progress bar.
_VALUE_WEIGHT: Final = 5
#: A listing shows its progress row after this long (ms; a cached one is done before) and
#: reads the job's progress this often.
_REVEAL_MS: Final = 150
_POLL_MS: Final = 100
#: The progress bar's range.
_STEPS: Final = 1000


@dataclass(eq=False)
class _Listing:
    """A listing under way. ``fraction`` is written by the job (on the engine's thread) and
    read by the window's timer: a float, so no lock is needed."""

    span: tuple[int, int]
    what: str
    job: int = 0
    fraction: float = 0.0


def _list_job(
    ctx: JobContext, listing: _Listing, cache: TableCache
) -> tuple[LabTable, dict[int, int]]:
    """The listing's job: its table and the number of distinct values of each n up to its
    largest, with ``listing.fraction`` (0 to 1) following the kernel's progress and the
    stage in the engine's progress text."""
    lo, hi = listing.span
    valued = {m: comb(2 * m, m) for m in range(1, hi + 1) if m not in cache.tables}
    listed = {m: comb(2 * m, m) for m in range(lo, hi + 1)}
    valuing = _VALUE_WEIGHT * sum(valued.values())
    work = valuing + sum(listed.values())

    def progress(n: int, stage: str, done: int, total: int) -> None:
        if stage == "valued":
            at = _VALUE_WEIGHT * (sum(s for m, s in valued.items() if m < n) + done)
        else:
            at = valuing + sum(s for m, s in listed.items() if m < n) + done
        listing.fraction = min(at / work, 1.0)
        ctx.report(f"n = {n}: {done:,} of {total:,} suits {stage}")

    table = lab_table(lo, hi, cache=cache, should_stop=ctx.should_stop, progress=progress)
    growth = {m: distinct_values(m, cache) for m in range(1, hi + 1)}  # in the cache
    return table, growth


class _Header(QHeaderView):
    """A column header whose sort indicator points up for Qt.SortOrder.AscendingOrder (the
    smallest at the top) and down for DescendingOrder. QHeaderView asks the style for SortDown
    when ascending, which Fusion draws pointing down (the arrow read as where the values grow);
    read by users as the order's direction, up for descending was taken for a fault. The order
    itself, :meth:`sortIndicatorOrder` and the model's, is Qt's."""

    def initStyleOptionForIndex(self, option: QStyleOptionHeader, logicalIndex: int) -> None:
        super().initStyleOptionForIndex(option, logicalIndex)
        if option.sortIndicator != QStyleOptionHeader.SortIndicator.None_:
            ascending = self.sortIndicatorOrder() == Qt.SortOrder.AscendingOrder
            option.sortIndicator = (
                QStyleOptionHeader.SortIndicator.SortUp
                if ascending
                else QStyleOptionHeader.SortIndicator.SortDown
            )


class _Table(QTableView):
    """Enter opens the current row (a click on a row opens it too; the arrows only move)."""

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
    #: after a double-click or Enter: bring the table and the inspector to the front (a single
    #: click opens the suit behind this window, so that one can click on through the rows)
    showTable = Signal()
    #: a message for the status bar
    message = Signal(str)

    def __init__(
        self,
        engine: EngineService,
        parent: QWidget | None = None,
        *,
        settings: QSettings | None = None,
    ) -> None:
        super().__init__(parent, Qt.WindowType.Window)
        self.setWindowTitle("Single Suits — whistgui")
        self.setObjectName("singleSuitsWindow")
        self.engine = engine
        self._settings = settings  # where Export Figure remembers its choices (None: nowhere)
        self.figure_dialog: FigureDialog | None = None  # the last one opened
        self._listing: _Listing | None = None  # the listing under way
        self._started = 0  # the job the engine started last
        self._note = ""  # said before the count until the filter changes ("listing cancelled")
        #: the kernel's tables, kept for the next listing (used on the engine's worker only)
        self._cache = TableCache()
        #: n -> the number of distinct values among the suits of n cards a hand (as listed)
        self.distinct: dict[int, int] = {}
        self._clicked = (QModelIndex(), QElapsedTimer())  # the last row a click opened

        # -- what to list, and the filter ---------------------------------------------------
        self.n = QSpinBox(self)
        self.n.setRange(1, LIVE_LIMIT)
        self.n.setValue(6)
        self.n.setToolTip(f"Cards in each hand: 1 to {LIVE_LIMIT} (C(2n, n) suits); Enter lists")
        n_label = QLabel("&Cards a hand:", self)
        n_label.setBuddy(self.n)
        self.n_to = QSpinBox(self)
        self.n_to.setRange(0, LIVE_LIMIT)
        self.n_to.setSpecialValueText("—")
        self.n_to.setValue(0)
        self.n_to.setToolTip("… up to this many (a range of n); — for one n only; Enter lists")
        to_label = QLabel("&to", self)
        to_label.setBuddy(self.n_to)
        self.list_button = QPushButton("&List", self)
        self.list_button.setToolTip("List every suit of this many cards a hand (Enter)")
        self.list_button.clicked.connect(self.list_suits)
        self.filter = QLineEdit(self)
        self.filter.setPlaceholderText(
            'filter: words that a row must contain, e.g. exit 1½; a phrase in quotes: "with 2 '
            'stoppers"'
        )
        self.filter.setToolTip(
            "Keep the suits with every word in some cell as shown, any column, case aside; "
            'words in quotes are one phrase, found in one cell: "with 2 stoppers" (unquoted, '
            "each word anywhere: also the rows with 4 stoppers valued 2 − ε₄). "
            "From 7 cards a hand the suit is who holds each card from the highest down: "
            "WWE finds it anywhere, ^WWE at the top, EEW$ at the bottom"
        )
        self.filter.setClearButtonEnabled(True)
        filter_label = QLabel("&Filter:", self)
        filter_label.setBuddy(self.filter)
        self.count = QLabel(self)
        self.count.setObjectName("labCount")
        self.count.setMinimumWidth(80)  # a long text is cut, never widens the window

        # -- exports ------------------------------------------------------------------------
        self._export: RowExport | None = None  # the export under way
        self._work = ViewWork(engine, self, lambda: None)  # closing the window stops it
        self.act_export_csv = QAction("Listed Rows as &CSV…", self)
        self.act_export_csv.setStatusTip(
            "The rows listed (filtered, in their order) as CSV: the suit in the paper's "
            "notation and as W/E (who holds each card from the highest down), then the columns"
        )
        self.act_export_csv.triggered.connect(lambda: self.export_rows_dialog("csv"))
        self.act_export_tex = QAction("Listed Rows as &LaTeX Table…", self)
        self.act_export_tex.setStatusTip(
            "The rows listed as a LaTeX tabular (escaped), the columns as in CSV, each "
            "explained in the file's head"
        )
        self.act_export_tex.triggered.connect(lambda: self.export_rows_dialog("tex"))
        self.act_export_figure = QAction("&Figure of the Plots…", self)
        self.act_export_figure.setShortcut(QKeySequence("Ctrl+E"))
        self.act_export_figure.setShortcutContext(Qt.ShortcutContext.WindowShortcut)
        self.act_export_figure.setStatusTip(
            "The plots as a figure for an article (PNG, SVG, PDF, TikZ), with a preview"
        )
        self.act_export_figure.triggered.connect(lambda: self.export_figure_dialog())
        self.addAction(self.act_export_figure)
        menu = QMenu(self)
        menu.addAction(self.act_export_csv)
        menu.addAction(self.act_export_tex)
        menu.addSeparator()
        menu.addAction(self.act_export_figure)
        self.export_button = QToolButton(self)
        self.export_button.setObjectName("labExport")
        self.export_button.setText("&Export")
        self.export_button.setToolTip(
            "Export the rows listed (CSV, LaTeX) or the plots as a figure (Ctrl+E) — Alt+E"
        )
        self.export_button.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)
        self.export_button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
        self.export_button.setMenu(menu)

        # -- the table ----------------------------------------------------------------------
        self.model = SuitTableModel(self)
        self.model.layoutChanged.connect(self._update_count)
        self.model.modelReset.connect(self._update_count)
        self.model.suitTextsWanted.connect(self._write_suit_texts)
        self._filter_timer = QTimer(self)
        self._filter_timer.setSingleShot(True)
        self._filter_timer.setInterval(_DEBOUNCE_MS)
        self._filter_timer.timeout.connect(self._apply_filter)
        self.filter.textChanged.connect(self._on_filter)
        self.filter.installEventFilter(self)  # Ctrl+E there is Export Figure, not End
        self.table = _Table(self)
        header = _Header(Qt.Orientation.Horizontal, self.table)
        header.setSectionsClickable(True)  # as QTableView's own header
        header.setHighlightSections(True)
        self.table.setHorizontalHeader(header)
        self.table.setModel(self.model)
        self.table.setSortingEnabled(True)
        self.table.sortByColumn(-1, Qt.SortOrder.AscendingOrder)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setAlternatingRowColors(True)
        self.table.setWordWrap(False)
        self.table.setDragEnabled(True)  # a suit dragged to the values worksheet (a row)
        self.table.setTextElideMode(Qt.TextElideMode.ElideRight)
        rows = self.table.verticalHeader()  # one height for every row: nothing is measured
        rows.setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        rows.setDefaultSectionSize(self.table.fontMetrics().height() + 6)
        # The row numbers get the width of the largest at once: a header that grows with the
        # table (1 to 705,432 rows) moves the column header right, and Qt moves a widget by
        # copying its pixels, which left the header's last columns drawn over the plots.
        StoreView.fit_row_numbers(self.table, _ROW_DIGITS)
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        self.table.horizontalHeader().setStretchLastSection(True)
        self.table.clicked.connect(self._on_clicked)
        self.table.doubleClicked.connect(self._on_double_clicked)
        self.table.activatedRow.connect(lambda i: self._open(i, front=True))
        self.act_copy_suit = add_copy_action(self.table)  # Ctrl+C: the suit's text

        # -- the plots ----------------------------------------------------------------------
        self.plots = LabPlots(self.model, self.distinct, self)
        self.dist_n = self.plots.dist_n
        self.values_summary = self.plots.values_summary
        self.values_plot = self.plots.values_plot
        self.growth_plot = self.plots.growth_plot

        # -- the progress of a listing, in place of the hint ----------------------------------
        self.hint = hint = QLabel(
            "Click a suit to open it in the card table and the inspector (double-click or "
            "Enter: and bring them to the front); click a column's header to sort by it.",
            self,
        )
        hint.setObjectName("labHint")
        hint.setWordWrap(True)
        hint.setForegroundRole(QPalette.ColorRole.PlaceholderText)
        self._hint = hint.text()
        self.progress_label = QLabel(self)
        self.progress_label.setObjectName("labProgressText")
        self.progress = QProgressBar(self)
        self.progress.setObjectName("labProgress")
        self.progress.setRange(0, _STEPS)
        self.progress.setMaximumWidth(320)
        self.cancel_button = QPushButton("Cancel", self)
        self.cancel_button.setToolTip(
            "Stop this listing or export (Escape or Ctrl+.); the table stays"
        )
        self.cancel_button.clicked.connect(self._cancel_shown)
        busy = QWidget(self)
        busy_row = QHBoxLayout(busy)
        busy_row.setContentsMargins(0, 0, 0, 0)
        busy_row.addWidget(self.progress_label, 1)
        busy_row.addWidget(self.progress)
        busy_row.addWidget(self.cancel_button)
        self.status = QStackedWidget(self)
        self.status.addWidget(hint)
        self.status.addWidget(busy)
        self._busy_page = busy
        self._reveal_timer = QTimer(self)
        self._reveal_timer.setSingleShot(True)
        self._reveal_timer.setInterval(_REVEAL_MS)
        self._reveal_timer.timeout.connect(lambda: self.status.setCurrentWidget(busy))
        self._poll_timer = QTimer(self)
        self._poll_timer.setInterval(_POLL_MS)
        self._poll_timer.timeout.connect(self._poll_progress)
        # Ctrl+. stops a computation here as in the main window; Escape stops a listing
        self.act_stop = QAction("Stop the Computation", self)
        self.act_stop.setShortcut(QKeySequence("Ctrl+."))
        self.act_stop.setShortcutContext(Qt.ShortcutContext.WindowShortcut)
        self.act_stop.triggered.connect(self.stop)
        self.addAction(self.act_stop)
        self._escape = QShortcut(QKeySequence(Qt.Key.Key_Escape), self, self._cancel_shown)
        self._escape.setContext(Qt.ShortcutContext.WindowShortcut)
        self._escape.setEnabled(False)
        # F1: this window's keys (the main window's F1 does not reach a window of its own)
        self.keys_dialog: KeysDialog | None = None
        self.act_keys = QAction("Keyboard Shortcuts", self)
        self.act_keys.setShortcut(QKeySequence("F1"))
        self.act_keys.setShortcutContext(Qt.ShortcutContext.WindowShortcut)
        self.act_keys.triggered.connect(self.show_keys)
        self.addAction(self.act_keys)

        # -- a table store, listed instead of computing (File ▸ Open Table Store…) ---------
        self.store_view = StoreView(engine, self, settings=settings)
        self.store_view.hide()
        self.store_view.storeChanged.connect(self._on_store)
        self.store_view.message.connect(self._say)
        self.store_view.working.connect(self._unsay)
        self.store_view.busyChanged.connect(
            lambda b: self._escape.setEnabled(b or bool(self._busy))
        )
        self.store_view.rowShown.connect(lambda row: self.table.selectRow(row))
        self.store_view.listingChanged.connect(self._sync_store_header)
        self.act_open_store = QAction("&Open Table Store…", self)
        self.act_open_store.setShortcut(QKeySequence("Ctrl+O"))
        self.act_open_store.setShortcutContext(Qt.ShortcutContext.WindowShortcut)
        self.act_open_store.setStatusTip(
            "List the suits of a table store (written by 'whist table --upto N --store DIR') "
            "instead of computing them: any n it holds, filtered by SQL (an SQLite store of an "
            "earlier whist: convert it with 'whist table --convert OLD --store NEW')"
        )
        self.act_open_store.triggered.connect(lambda: self.open_store_dialog())
        self.act_reopen_store = QAction("Open &Last Store", self)
        self.act_reopen_store.triggered.connect(
            lambda: self.store_view.open_store(self.store_view.last_store())
        )
        self.act_close_store = QAction("&Close Table Store", self)
        self.act_close_store.setStatusTip("Close the store: list computed suits again")
        self.act_close_store.triggered.connect(self.store_view.close_store)
        menubar = QMenuBar(self)
        file_menu = menubar.addMenu("F&ile")  # Alt+F is the filter's
        file_menu.aboutToShow.connect(self._update_store_actions)
        QShortcut("F10", self, lambda: menubar.setActiveAction(file_menu.menuAction()))
        for act in (self.act_open_store, self.act_reopen_store, self.act_close_store):
            file_menu.addAction(act)
            self.addAction(act)
        file_menu.addSeparator()
        file_menu.addMenu(menu)  # Export
        menu.setTitle("&Export")
        self._update_store_actions()

        # -- the layout ---------------------------------------------------------------------
        top = QHBoxLayout()
        top.setContentsMargins(0, 0, 0, 0)
        top.addWidget(n_label)
        top.addWidget(self.n)
        top.addWidget(to_label)
        top.addWidget(self.n_to)
        top.addWidget(self.list_button)
        top.addSpacing(16)
        top.addWidget(filter_label)
        top.addWidget(self.filter, 1)
        top.addWidget(self.count)
        top.addWidget(self.export_button)
        self.compute_row = QWidget(self)
        self.compute_row.setLayout(top)
        split = QSplitter(Qt.Orientation.Horizontal, self)
        split.addWidget(self.table)
        split.addWidget(self.plots)
        split.setChildrenCollapsible(False)
        split.setStretchFactor(0, 1)  # a wider window widens the table; the plots keep theirs
        split.setStretchFactor(1, 0)
        layout = QVBoxLayout(self)
        layout.setMenuBar(menubar)
        layout.addWidget(self.compute_row)
        layout.addWidget(self.store_view)
        layout.addWidget(split, 1)
        layout.addWidget(self.status)
        # room for the suits of 11 cards a hand and the plots, on screens that have it
        room = self.screen().availableGeometry()
        width, height = min(1560, room.width() * 9 // 10), min(860, room.height() * 9 // 10)
        self.resize(width, height)
        split.setSizes([width - 420, 420])
        self.plots.setSizes([height // 2, height // 2])

        self._update_count()
        engine.started.connect(self._on_started)
        engine.progress.connect(self._on_progress)
        engine.finished.connect(self._on_finished)
        engine.failed.connect(self._on_failed)
        engine.cancelled.connect(self._on_cancelled)

    # -- listing ------------------------------------------------------------------------------
    def span(self) -> tuple[int, int]:
        """The n (from, to) chosen: one n, or a range."""
        a, b = self.n.value(), self.n_to.value() or self.n.value()
        return (a, b) if a <= b else (b, a)

    @property
    def listing(self) -> tuple[int, int] | None:
        """The n (from, to) being listed, if any."""
        return None if self._listing is None else self._listing.span

    def list_suits(self) -> int | None:
        """List every suit of the chosen n (or range of n) on the engine service (a repeated
        request for what is being listed or shown does nothing); the job's id."""
        span = self.span()
        if span == self.listing:
            return None
        if span == self._shown:  # shown already: a listing of something else stops
            self.cancel_listing()
            return None
        lo, hi = span
        what = f"{lo} cards a hand" if lo == hi else f"{lo} to {hi} cards a hand"
        listing = _Listing(span, what)
        cache = self._cache
        try:
            listing.job = self.engine.submit(
                CHANNEL,
                lambda ctx: _list_job(ctx, listing, cache),
                label=f"Single suits, {what}",
                tag=span,
            )
        except RuntimeError:  # the app is closing: its engine has stopped
            return None
        self._listing = listing
        self._note = ""
        self._show_busy()
        self._update_count()
        return listing.job

    def cancel_listing(self) -> bool:
        """Stop the listing under way (the table shown stays); False if there was none."""
        listing = self._listing
        if listing is None:
            return False
        self.engine.cancel(CHANNEL)
        self._end_listing(f"listing {ns_text(listing.span)} cancelled")
        self.message.emit(f"Single suits: listing the suits of {listing.what} cancelled")
        return True

    def stop(self) -> None:
        """Ctrl+.: stop this window's listing or export, or else whatever the engine
        computes."""
        if not self._cancel_shown():
            self.engine.cancel_running()

    def _cancel_shown(self) -> bool:
        """Cancel (or Escape): stop the listing, or else the export, or reading a store."""
        return self.cancel_listing() or self.cancel_export() or self.store_view.cancel()

    def _end_listing(self, note: str = "") -> None:
        self._listing = None
        self._note = note
        self._show_busy()
        self._update_count()

    @property
    def _busy(self) -> _Listing | RowExport | None:
        """What the progress row shows: the listing under way, or else the export."""
        return self._listing or self._export

    def _show_busy(self) -> None:
        """The progress row for what runs (shown after a moment), or the hint."""
        busy = self._busy
        self._escape.setEnabled(busy is not None)
        if busy is None:
            self._reveal_timer.stop()
            self._poll_timer.stop()
            self.status.setCurrentIndex(0)
            return
        self.progress.setValue(round(busy.fraction * _STEPS))
        started = busy.job == self._started
        if isinstance(busy, _Listing):
            text = f"Listing the suits of {busy.what}" + (" …" if started else "")
        else:
            text = f"Writing {busy.what}" + (" …" if started else "")
        self.progress_label.setText(text if started else f"{text}: waiting for the engine …")
        if self.status.currentWidget() is not self._busy_page:
            self._reveal_timer.start()
        self._poll_timer.start()

    def _poll_progress(self) -> None:
        busy = self._busy
        if busy is not None:
            self.progress.setValue(round(busy.fraction * _STEPS))

    def _on_started(self, job: int, _channel: str, _label: str) -> None:
        self._started = job
        busy = self._busy
        if busy is not None and job == busy.job:
            self._show_busy()

    def _on_progress(self, job: int, text: str) -> None:
        busy = self._busy
        if busy is not None and job == busy.job:
            doing = "Listing" if isinstance(busy, _Listing) else "Writing"
            self.progress_label.setText(f"{doing} {busy.what} — {text}")

    @property
    def _shown(self) -> tuple[int, int] | None:
        table = self.model.table
        return (table.ns[0], table.ns[-1]) if table is not None else None

    def _on_finished(self, job: int, channel: str, tag: object, result: object) -> None:
        if channel == EXPORT_CHANNEL:
            export = self._export
            if export is not None and tag is export:
                self._end_export(f"Written: {export.what} ({result})")
            return
        if channel == TEXT_CHANNEL:
            if isinstance(tag, LabTable) and isinstance(result, list):
                self.model.set_suit_texts(tag, result)
            return
        listing = self._listing
        if channel != CHANNEL or listing is None or job != listing.job:
            return
        if not isinstance(result, tuple):  # pragma: no cover - the job returns a pair
            return
        self.progress.setValue(_STEPS)
        self._end_listing()
        table, growth = result
        self.distinct.update(growth)
        self.show_table(table)

    def _on_failed(self, job: int, channel: str, tag: object, message: str) -> None:
        if channel == EXPORT_CHANNEL:
            if tag is self._export:
                self._end_export(f"Not written: {message}")
            return
        listing = self._listing
        if channel == CHANNEL and listing is not None and job == listing.job:
            self._end_listing(f"not listed: {message}")
            self.message.emit(message)
        elif channel == TEXT_CHANNEL and tag is self.model.table:
            self.model.suit_texts_dropped()
            self._update_count()
            self.message.emit(f"The suits' texts were not written: {message}")

    def _on_cancelled(self, job: int, channel: str) -> None:
        export = self._export
        if channel == EXPORT_CHANNEL and export is not None and job == export.job:
            self._end_export(f"Export cancelled: nothing written to {export.path.name}")
            return
        listing = self._listing
        if channel == CHANNEL and listing is not None and job == listing.job:
            # cancelled from elsewhere (the main window's Cancel or Ctrl+.)
            self._end_listing(f"listing {ns_text(listing.span)} cancelled")
        elif channel == TEXT_CHANNEL:  # the next filter asks again
            self.model.suit_texts_dropped()
            self._update_count()

    # -- exports --------------------------------------------------------------------------------
    @property
    def export(self) -> RowExport | None:
        """The export under way, if any."""
        return self._export

    def export_rows_dialog(self, kind: Literal["csv", "tex"]) -> RowExport | None:
        """Export ▸ Listed Rows as CSV or LaTeX: ask where, then write them."""
        if self.model.rowCount() == 0:
            self._say("Nothing to export: no suit is listed")
            return None
        path, _ = QFileDialog.getSaveFileName(
            self,
            f"Export the listed rows as {KIND_NAMES[kind]}",
            f"{default_stem(self.model)}.{kind}",
            FILE_FILTERS[kind],
        )
        if not path:
            return None
        if not Path(path).suffix:
            path += f".{kind}"
        return self.export_rows(path, kind)

    def export_rows(self, path: str | Path, kind: Literal["csv", "tex"]) -> RowExport | None:
        """Write the rows listed now to ``path`` as ``kind`` on the engine service, with
        progress and Cancel; None if there is nothing to write (or the app is closing)."""
        if self.model.table is None or self.model.rowCount() == 0:
            return None
        try:
            export = RowExport.submit(self._work, self.model, Path(path), kind)
        except RuntimeError:  # the app is closing: its engine has stopped
            return None
        self._export = export
        self._show_busy()
        return export

    def export_figure_dialog(self) -> FigureDialog | None:
        """Export ▸ Figure of the Plots (Ctrl+E): the plots as they are now in the Export
        Figure dialog (view, size, face, format; preview), its choices remembered apart from
        the deal's figures."""
        source = figure_source(self.plots)
        if source is None:
            self._say("No figure: no suit is listed")
            return None
        ensure_app()  # the figure font is loaded on this thread, before the engine draws
        dlg = FigureDialog(source, self.engine, self._settings, self)
        dlg.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dlg.show()
        self.figure_dialog = dlg
        return dlg

    def cancel_export(self) -> bool:
        """Stop the export under way (nothing is written); False if there was none."""
        export = self._export
        if export is None:
            return False
        self.engine.cancel(EXPORT_CHANNEL)
        self._end_export(f"Export cancelled: nothing written to {export.path.name}")
        return True

    def _end_export(self, outcome: str) -> None:
        self._export = None
        self._say(outcome)
        self._show_busy()

    def _say(self, text: str) -> None:
        """``text`` in the hint's place (until the table or its filter changes), and in the
        main window's status bar."""
        self.hint.setText(text)
        self.hint.setToolTip(text)
        self.hint.setForegroundRole(QPalette.ColorRole.WindowText)
        self.message.emit(f"Single suits: {text}")

    def _unsay(self) -> None:
        if self.hint.text() != self._hint:
            self.hint.setText(self._hint)
            self.hint.setToolTip("")
            self.hint.setForegroundRole(QPalette.ColorRole.PlaceholderText)

    def show_table(self, table: LabTable) -> None:
        """Show ``table`` (one n or a range) in the table and the plots (the distribution for
        the largest n; :attr:`dist_n` chooses another)."""
        self.engine.cancel(TEXT_CHANNEL)  # texts for the table shown so far
        self._unsay()
        for n in table.ns:
            if n not in self.distinct:  # the job counted them (off the event loop)
                self.distinct[n] = table.distinct(n)
        self.model.set_table(table)
        self._size_columns()
        self.plots.set_table()

    def _size_columns(self) -> None:
        """Fit each column to its texts, whole: the few a column has (every suit of one n is
        as long in its face), never by measuring every row."""
        header = self.table.horizontalHeader()
        cell = self.table.fontMetrics()
        head = header.fontMetrics()
        table = self.model.table
        ns = table.ns if table is not None else ()
        for c, (title, _tip) in enumerate(COLUMNS):
            texts = self.model.sample_texts(c)
            if c == SUIT:  # one text of each n, in its face
                fonts = [QFontMetrics(self.model.suit_font(n) or self.table.font()) for n in ns]
                widths = [f.horizontalAdvance(t) for f, t in zip(fonts, texts, strict=True)]
            else:
                widths = [cell.horizontalAdvance(t) for t in texts]
            width = max(max(widths, default=0) + 14, head.horizontalAdvance(title) + 20)
            header.resizeSection(c, min(width, cell.averageCharWidth() * _MAX_COLUMN_CHARS))

    # -- the filter -----------------------------------------------------------------------------
    def _on_filter(self, _text: str) -> None:
        self._note = ""
        self._unsay()
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
            texts = table.suit_texts(lower=True, should_stop=ctx.should_stop, upto=LETTERS_UPTO)
            return list(texts)

        try:
            self.engine.submit(TEXT_CHANNEL, job, label="Single suits, the suits' texts", tag=table)
        except RuntimeError:  # the app is closing
            self.model.suit_texts_dropped()

    def _update_count(self) -> None:
        """The count of the table shown: while a listing runs, said to be the old table's."""
        total = self.model.total
        shown = self.model.rowCount()
        text = f"{total:,} suits" if shown == total else f"{shown:,} of {total:,} suits"
        if self.model.suit_texts_pending:
            text += " (the suits' texts to come)"
        listing, table = self._listing, self.model.table
        if listing is not None:
            text = f"listing {ns_text(listing.span)} …" + (
                f" (shown: {text}, {ns_text(table.ns)})" if table is not None else ""
            )
        elif self._note:
            text = f"{self._note}; {text}"
        self.count.setText(text)
        self.count.setToolTip(text)
        for act in (self.act_export_csv, self.act_export_tex):
            act.setEnabled(shown > 0)

    # -- a table store --------------------------------------------------------------------------
    def open_store_dialog(self) -> int | None:
        """File ▸ Open Table Store…: choose a store's directory, then list it."""
        last = self.store_view.last_store()
        start = str(Path(last).parent) if last else ""
        path = QFileDialog.getExistingDirectory(self, "Open a table store (its directory)", start)
        return self.store_view.open_store(path) if path else None

    def _update_store_actions(self) -> None:
        last = self.store_view.last_store()
        self.act_reopen_store.setEnabled(bool(last))
        name = f" ({Path(last).name})" if last else ""
        self.act_reopen_store.setText(f"Open &Last Store{name}")
        self.act_close_store.setEnabled(self.store_view.source is not None)

    def _on_store(self, source: object) -> None:
        """A store opened (its suits listed in the table) or closed (the computed list back)."""
        listing = source is not None
        if listing and self.table.model() is not self.store_view.model:
            self.cancel_listing()
            self.table.setModel(self.store_view.model)
        elif not listing:
            self.table.setModel(self.model)
            self.table.horizontalHeader().setSortIndicator(*self.model.sorting)
        self.compute_row.setVisible(not listing)
        self.store_view.setVisible(listing)
        self.plots.setVisible(not listing)  # the plots are of the computed list
        for act in (self.act_export_csv, self.act_export_tex, self.act_export_figure):
            act.setEnabled(not listing)
        self.export_button.setEnabled(not listing)
        self._update_store_actions()
        self._size_columns()
        if listing:
            self._sync_store_header()
        else:
            self.store_view.fit_row_numbers(self.table, _ROW_DIGITS)
            self._update_count()

    def _sync_store_header(self) -> None:
        """The headers fit the store listing (its order, its suits, its row numbers)."""
        if self.table.model() is self.store_view.model:
            self.store_view.fit(self.table)

    # -- opening a suit -----------------------------------------------------------------------
    def _on_clicked(self, index: QModelIndex) -> None:
        self._clicked[1].start()
        self._clicked = (index, self._clicked[1])
        self._open(index)

    def _on_double_clicked(self, index: QModelIndex) -> None:
        """A double-click's first click opened the row already."""
        row, since = self._clicked
        recent = since.isValid() and since.elapsed() <= 2 * QApplication.doubleClickInterval()
        pattern = index.data(PatternRole)
        again = recent and row.isValid() and row.row() == index.row()
        if again and isinstance(pattern, str) and refusal(pattern) is None:
            self.showTable.emit()
        else:
            self._open(index, front=True)

    def _open(self, index: QModelIndex, *, front: bool = False) -> None:
        """Open the row's suit in the card table (``front``: and bring it to the front), or
        say why not (a suit of more than 13 cards a hand, from a store)."""
        pattern = index.data(PatternRole)
        refused = refusal(pattern) if isinstance(pattern, str) else "that row is not read yet"
        if refused is not None:
            self._say(refused)
            return
        self.suitChosen.emit(pattern)
        if front:
            self.showTable.emit()

    def show_keys(self) -> None:
        """F1: this window's keys, in a dialog that fits the screen."""
        room = self.screen().availableGeometry().size()
        if self.keys_dialog is None:
            html = f"<table cellspacing=4>\n{KEYS_HTML}\n</table>"
            self.keys_dialog = KeysDialog(self, "Single Suits — keyboard shortcuts", html, room)
        else:
            self.keys_dialog.fit_to(room)
        self.keys_dialog.show()
        self.keys_dialog.raise_()
        self.keys_dialog.activateWindow()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """Ctrl+E in the filter box exports a figure, as elsewhere in the window (a line edit
        takes it as End of line on X11, before any shortcut)."""
        if (
            watched is self.filter
            and event.type() == QEvent.Type.ShortcutOverride
            and isinstance(event, QKeyEvent)
            and QKeySequence(event.keyCombination()) == self.act_export_figure.shortcut()
        ):
            return True  # not taken by the box: the window's shortcut fires
        return super().eventFilter(watched, event)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        """Enter in a "cards a hand" box lists (the boxes pass it on to the window)."""
        enter = event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter)
        if enter and (self.n.hasFocus() or self.n_to.hasFocus()):
            self.list_suits()
            return
        super().keyPressEvent(event)

    def shutdown(self) -> None:
        """Stop this window's listing (the engine is the app's)."""
        self._filter_timer.stop()
        self._reveal_timer.stop()
        self._poll_timer.stop()
        self.engine.cancel(CHANNEL)
        self.engine.cancel(TEXT_CHANNEL)
        self.engine.cancel(EXPORT_CHANNEL)
        self.store_view.shutdown()
