"""The Single Suits window's table store controls: File ▸ Open Table Store… lists a store's
suits instead of computing them — which n, an SQL filter, the count, the block of rows shown and
the way to any other, progress and Cancel — over a :class:`~whistgui.ui.lab.store_model.
StoreSuitModel` the window's table then shows.

Everything that reads the store runs on the engine service, owned by the window
(:class:`~whistgui.ui.engine_service.ViewWork`): opening it and counting a listing on
:data:`CHANNEL` (a newer request cancels the older, and a cancelled DuckDB query is
interrupted), its pages on :data:`PAGE_CHANNEL`. The event loop never waits on DuckDB: a
listing asked for leaves the one shown usable until it is counted, and a filter DuckDB refuses
leaves it as it was, the message quoting what was typed.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from dataclasses import dataclass, replace
from math import comb
from pathlib import Path
from typing import Final

from PySide6.QtCore import QEvent, QSettings, QSize, Qt, QTimer, Signal
from PySide6.QtGui import QFontMetrics, QKeySequence, QShortcut, QValidator
from PySide6.QtWidgets import (
    QComboBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QProgressBar,
    QPushButton,
    QSpinBox,
    QStyle,
    QStyleOptionComboBox,
    QStyleOptionHeader,
    QTableView,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from whistgui.app.lab import LabTable
from whistgui.app.lab_columns import COLUMNS, LETTERS_UPTO, MAXMIN, MINMAX, SUIT, VALUE
from whistgui.app.lab_store import (
    StoreIndex,
    StoreQuery,
    StoreSource,
    check_condition,
    fetch_rows,
    store_index,
)
from whistgui.engine.reading import quote_path
from whistgui.engine.tables.parquet_store import SQL_COLUMNS
from whistgui.engine.tables.store import StoreError
from whistgui.ui.engine_service import EngineService, JobContext, ViewWork
from whistgui.ui.lab.store_model import BLOCK, SORTS, StoreSuitModel
from whistgui.ui.theme import colour, is_theme_change, text_role
from whistgui.ui.widgets.elided import ElidedLabel

__all__ = ["CHANNEL", "PAGE_CHANNEL", "StoreView"]

CHANNEL: Final = "lab-store"
PAGE_CHANNEL: Final = "lab-store-page"
#: The settings' key of the last store opened.
LAST_STORE: Final = "lab/lastStore"
_STEPS: Final = 1000
_REVEAL_MS: Final = 150
_POLL_MS: Final = 100
#: The filter's border while what was typed is refused.
_ERROR_STYLE: Final = "QLineEdit#labStoreFilter {{ border: 2px solid {red}; }}"
#: The keys of the next and the previous block.
NEXT_KEYS: Final = "Ctrl+PgDown"
PREVIOUS_KEYS: Final = "Ctrl+PgUp"
#: The SQL names of the sort keys, as the count says them.
_SORT_NAMES: Final = {
    "value": "value",
    "maxmin": "maxmin",
    "minmax": "minmax",
    "t0": "T₀",
    "h": "H",
    "hbar": "H̄",
}


@dataclass(eq=False)
class _Work:
    """A store job under way: what it is for (``what``, for the progress row), and the
    fraction done (written by the job's query watcher, read by the timer)."""

    what: str
    kind: str  # "open" or "list"
    query: StoreQuery | None = None
    job: int = 0
    fraction: float = 0.0


def _open_job(ctx: JobContext, work: _Work, path: Path) -> tuple[StoreSource, StoreIndex]:
    source = StoreSource(path)
    try:
        ctx.check()
        listable = source.listable()
        if not listable:  # every level damaged: the first one's message
            raise StoreError(source.damaged[min(source.damaged)])
        n = max(listable)
        query = StoreQuery(n) if work.query is None else replace(work.query, n=n)
        work.query = query
        ctx.report(f"counting the suits of n = {n}")
        index = store_index(source, query, ctx.should_stop, _progress(work))
    except BaseException:
        source.close()
        raise
    return source, index


def _progress(work: _Work) -> Callable[[float], None]:
    def said(fraction: float) -> None:
        work.fraction = fraction

    return said


class _RowBox(QSpinBox):
    """Go to row: 1 to the listing's last row; a number typed past the last is taken as the
    last, the number typed kept in :attr:`typed` so that the view can say so (a spin box
    drops the digit that would take it past its maximum: 999999999 became 99,999,999)."""

    def __init__(self, parent: QWidget) -> None:
        super().__init__(parent)
        self.typed = 0

    def _number(self, text: str) -> int | None:
        digits = text.replace(self.locale().groupSeparator(), "").strip()
        return int(digits) if digits.isdigit() and len(digits) <= 18 else None

    def validate(self, text: str, pos: int) -> tuple[QValidator.State, str, int]:
        number = self._number(text)
        if number is not None and number > self.maximum():
            return QValidator.State.Acceptable, text, pos
        return super().validate(text, pos)

    def valueFromText(self, text: str) -> int:
        number = self._number(text)
        if number is None:
            return super().valueFromText(text)
        self.typed = number
        return max(self.minimum(), min(number, self.maximum()))

    def fixup(self, text: str) -> str:
        number = self._number(text)
        if number is not None and number > self.maximum():
            return self.textFromValue(self.maximum())
        return super().fixup(text)


class StoreView(QWidget):
    """The controls of a store listing (hidden while the window computes). ``table_model``
    is the model the window's table shows while a store is open."""

    #: a store was opened (its listing in the model) or closed (None)
    storeChanged = Signal(object)
    #: a message for the window (its hint and the status bar)
    message = Signal(str)
    #: the listing shown changed (a new count, order or block)
    listingChanged = Signal()
    #: the store is being read for a new listing (a message said before is out of date)
    working = Signal()
    #: Go to row: the model's row to show (and make current)
    rowShown = Signal(int)
    #: the store is being opened or a listing counted (True), or no more (False)
    busyChanged = Signal(bool)

    def __init__(
        self,
        engine: EngineService,
        parent: QWidget,
        *,
        settings: QSettings | None = None,
    ) -> None:
        super().__init__(parent)
        self.engine = engine
        self._settings = settings
        self._work_owner = ViewWork(engine, parent, self._catch_up)
        self.source: StoreSource | None = None
        self._busy: _Work | None = None
        self._pages: dict[int, tuple[StoreIndex, list[int]]] = {}  # page job -> its pages
        self.model = StoreSuitModel(self)
        self.model.pagesWanted.connect(self._read_pages)
        self.model.sortWanted.connect(self._on_sort)
        self.model.sortRefused.connect(self._on_sort_refused)

        self.name = QLabel(self)
        self.name.setObjectName("labStoreName")
        self.n = QComboBox(self)
        self.n.setToolTip("Which n of the store to list")
        self.n.activated.connect(self._on_n)
        n_label = QLabel("&n:", self)
        n_label.setBuddy(self.n)
        self.filter = QLineEdit(self)
        self.filter.setObjectName("labStoreFilter")
        self.filter.setPlaceholderText(
            "SQL (Enter): t0 > 2 AND value = '1+e1'; pattern reads from the lowest card: "
            "pattern = 'EWEW' is AQ/KJ"
        )
        self.filter.setToolTip(
            "Listed: the suits of the n chosen for which this SQL condition holds (DuckDB: "
            "WHERE n = N AND (condition)); Enter applies it, an empty one lists every suit. "
            f"The columns: {SQL_COLUMNS.split(';')[0]}. value, maxmin, minmax are texts as "
            "'whist table' prints them ('1+e1', '(W, 8)'); class, stoppers, west_lead, "
            "east_lead are the value's. pattern is who holds each card, W or E, from the "
            "lowest card up — pattern = 'EWEW' is AQ/KJ (West the ace and the queen); the "
            "Suit column from 7 cards a hand is read from the highest card down, so a suit "
            "shown as WWEE… is reverse(pattern) = 'WWEE…', and reverse(pattern) LIKE 'WWE%' "
            "the suits whose three highest cards are West's, West's and East's"
        )
        self.filter.setClearButtonEnabled(True)
        self.filter.returnPressed.connect(self.apply_filter)
        self.filter.textChanged.connect(self._on_filter_edited)
        filter_label = QLabel("S&QL:", self)
        filter_label.setBuddy(self.filter)
        # one line, elided (the whole in its tooltip): grown by "showing: … —" after a refused
        # filter it took the SQL box from ~680 to ~325 px at 1280 wide
        self.count = ElidedLabel(1, self)
        self.count.setObjectName("labStoreCount")
        self.count.setMinimumWidth(80)
        self.close_button = QToolButton(self)
        self.close_button.setText("Close Store")
        self.close_button.setToolTip("Close the table store and list computed suits again")
        self.close_button.clicked.connect(self.close_store)

        # the block shown, and the way to any row
        self.prev_button = QToolButton(self)
        self.prev_button.setText("◀")
        self.prev_button.setToolTip(f"The {BLOCK:,} rows before")
        self.prev_button.clicked.connect(lambda: self.move_by(-BLOCK))
        self.next_button = QToolButton(self)
        self.next_button.setText("▶")
        self.next_button.setToolTip(f"The {BLOCK:,} rows after")
        self.next_button.clicked.connect(lambda: self.move_by(BLOCK))
        self.block = QLabel(self)
        self.block.setObjectName("labStoreBlock")
        self.row = _RowBox(self)
        self.row.setRange(1, 1)
        self.row.setGroupSeparatorShown(True)
        self.row.setKeyboardTracking(False)
        self.row.setToolTip("Go to this row of the listing (Enter)")
        self.row.editingFinished.connect(self._go_to_typed)
        row_label = QLabel("&Go to row:", self)
        row_label.setBuddy(self.row)

        # what is refused or stopped, and which listing is shown meanwhile: one line
        self.note = ElidedLabel(1, self)
        self.note.setObjectName("labStoreNote")
        text_role(self.note, "error")
        self._error = ""  # the filter's refusal shown in the note (its border red)
        self._stopped = ""  # "Counting … cancelled" (the note, until the next listing)
        self._fresh = False  # a new listing: the table scrolls to its top
        for keys, sign in ((NEXT_KEYS, 1), (PREVIOUS_KEYS, -1)):
            key = QShortcut(QKeySequence(keys), self, lambda s=sign: self.move_by(s * BLOCK))
            key.setContext(Qt.ShortcutContext.WindowShortcut)
        self.prev_button.setToolTip(f"The {BLOCK:,} rows before ({PREVIOUS_KEYS})")
        self.next_button.setToolTip(f"The {BLOCK:,} rows after ({NEXT_KEYS})")

        self.progress_label = QLabel(self)
        self.progress = QProgressBar(self)
        self.progress.setRange(0, _STEPS)
        self.progress.setMaximumWidth(240)
        self.cancel_button = QPushButton("Cancel", self)
        self.cancel_button.setToolTip(
            "Stop reading the store (Escape or Ctrl+.; the list shown stays)"
        )
        self.cancel_button.clicked.connect(self.cancel)
        self.busy_row = QWidget(self)
        busy = QHBoxLayout(self.busy_row)
        busy.setContentsMargins(0, 0, 0, 0)
        busy.addWidget(self.progress_label, 1)
        busy.addWidget(self.progress)
        busy.addWidget(self.cancel_button)
        self.busy_row.hide()
        self._reveal = QTimer(self)
        self._reveal.setSingleShot(True)
        self._reveal.setInterval(_REVEAL_MS)
        self._reveal.timeout.connect(self.busy_row.show)
        self._poll = QTimer(self)
        self._poll.setInterval(_POLL_MS)
        self._poll.timeout.connect(self._poll_progress)

        top = QHBoxLayout()
        top.setContentsMargins(0, 0, 0, 0)
        top.addWidget(self.name)
        top.addWidget(n_label)
        top.addWidget(self.n)
        top.addSpacing(12)
        top.addWidget(filter_label)
        top.addWidget(self.filter, 2)  # the SQL box's width stays whatever the count says
        top.addWidget(self.count, 1)
        top.addWidget(self.close_button)
        nav = QHBoxLayout()
        nav.setContentsMargins(0, 0, 0, 0)
        nav.addWidget(self.prev_button)
        nav.addWidget(self.block)
        nav.addWidget(self.next_button)
        nav.addSpacing(12)
        nav.addWidget(row_label)
        nav.addWidget(self.row)
        nav.addSpacing(12)
        nav.addWidget(self.note, 3)
        nav.addWidget(self.busy_row, 2)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(top)
        layout.addLayout(nav)

        engine.finished.connect(self._on_finished)
        engine.failed.connect(self._on_failed)
        engine.cancelled.connect(self._on_cancelled)
        self._show_listing()

    # -- what is shown --------------------------------------------------------------------------
    @property
    def query(self) -> StoreQuery | None:
        """The listing shown (None: no store open)."""
        index = self.model.index_
        return None if index is None else index.query

    @property
    def busy(self) -> bool:
        """Is the store being opened or a listing counted?"""
        return self._busy is not None

    def last_store(self) -> str:
        """The store opened last (remembered in the settings), or ""."""
        if self._settings is None:
            return ""
        value = self._settings.value(LAST_STORE, "")
        return value if isinstance(value, str) else ""

    # -- opening and closing --------------------------------------------------------------------
    def open_store(self, path: str | Path) -> int | None:
        """Open the store at ``path`` on the engine service and list its largest n, every suit
        in rank order (a filter and an order are the store's listing's: they are not carried
        to another store); the job's id. The list shown stays until it is listed, and if it
        cannot be."""
        p = Path(path)
        work = _Work(f"the table store {quote_path(str(p))}", "open", None)
        return self._submit(work, lambda ctx: _open_job(ctx, work, p), f"Opening {p.name}")

    def close_store(self) -> None:
        """Close the store: the window computes again."""
        source = self.source
        if source is None:
            return
        self.cancel()
        self.engine.cancel(PAGE_CHANNEL)
        self.source = None
        self.model.set_index(None)
        self._pages.clear()
        self._close_later(source)
        self._show_listing()
        self.storeChanged.emit(None)

    def _close_later(self, source: StoreSource) -> None:
        """Close ``source`` on the engine's thread, after the jobs that read it."""
        with contextlib.suppress(RuntimeError):  # the app is closing: nothing to run it
            self.engine.submit(
                "lab-store-close", lambda _ctx: source.close(), label="Closing the table store"
            )

    # -- listing --------------------------------------------------------------------------------
    def relist(self, query: StoreQuery) -> int | None:
        """Count ``query``'s rows on the engine service and show them (the list shown stays
        until then, and if DuckDB refuses it); None if it is shown or being counted already."""
        source = self.source
        if source is None or query == self.query:
            if source is not None and self._busy is not None and self._busy.kind == "list":
                self.cancel()  # back to what is shown
            return None
        busy = self._busy
        if busy is not None and busy.query == query:
            return None
        where = f" where {query.condition.strip()}" if query.condition.strip() else ""
        shown = self.query
        if shown is not None and (query.sort, query.descending) != (shown.sort, shown.descending):
            name = _SORT_NAMES.get(query.sort or "", "rank")
            where += f", sorting by {name} {'↓' if query.descending else '↑'}"
        work = _Work(f"n = {query.n}{where}", "list", query)
        self._stopped = ""

        def job(ctx: JobContext) -> StoreIndex:
            return store_index(source, query, ctx.should_stop, _progress(work))

        return self._submit(work, job, f"Counting n = {query.n} of {source.name}")

    def apply_filter(self) -> int | None:
        """Enter in the SQL box: list the suits for which it holds (a condition that is not
        one — a parenthesis it did not open, a ';' — is refused at once, marked in the box)."""
        query = self.query
        if query is None:
            return None
        condition = self.filter.text().strip()
        try:
            check_condition(condition)
        except StoreError as exc:
            self.cancel()
            self._refuse(str(exc))
            return None
        return self.relist(replace(query, condition=condition))

    def _on_filter_edited(self, _text: str) -> None:
        """Typing: the box's mark goes (the note stays until the next listing); the count says
        which condition the list shown is of."""
        if self._error:
            self._error = ""
            self.filter.setStyleSheet("")
        self._show_count()

    def _refuse(self, message: str) -> None:
        """The filter typed is refused: the box marked, the message and which listing is shown
        in the note."""
        self._error = message
        self._mark_filter()
        self._show_count()
        self._show_note()
        self.message.emit(message)

    def _mark_filter(self) -> None:
        red = colour("error").name()
        self.filter.setStyleSheet(_ERROR_STYLE.format(red=red) if self._error else "")

    def _shown_text(self) -> str:
        """Which listing is shown, in words: "showing: t0 > 2" ("every suit")."""
        query = self.query
        if query is None:
            return "no store listed"
        cond = query.condition.strip()
        return f"showing: {cond}" if cond else "showing every suit"

    def _show_note(self) -> None:
        self.note.setText(f"{self._error} — {self._shown_text()}" if self._error else "")

    def changeEvent(self, event: QEvent) -> None:
        if is_theme_change(event) and self._error:
            self._mark_filter()  # the theme's red
        super().changeEvent(event)

    def _on_n(self, _row: int) -> None:
        n, query = self.n.currentData(), self.query
        if isinstance(n, int) and query is not None:
            self.relist(replace(query, n=n))

    def _on_sort(self, key: str | None, descending: bool) -> None:
        """A header asks for an order: its marker shows the order listed until the rows in
        the new one land (the progress row says "sorting by …" meanwhile)."""
        query = self.query
        if query is not None:
            self.relist(replace(query, sort=key, descending=descending))
            self.listingChanged.emit()

    def _on_sort_refused(self, column: int) -> None:
        self.message.emit(
            "A store listing sorts by rank (Suit, n) or by a column the store keeps — Value, "
            "maxmin, minmax, T₀, H, H̄; the others are worked out from those"
        )
        self.listingChanged.emit()  # the header shows the order listed again

    def sort_column(self) -> tuple[int, Qt.SortOrder]:
        """The header's column and order for the listing shown (-1: rank, ascending)."""
        query = self.query
        if query is None or (query.sort is None and not query.descending):
            return -1, Qt.SortOrder.AscendingOrder
        column = next(c for c, key in SORTS.items() if key == query.sort)
        order = Qt.SortOrder.DescendingOrder if query.descending else Qt.SortOrder.AscendingOrder
        return column, order

    def fit(self, table: QTableView) -> None:
        """``table``'s headers for the listing shown: its order, the width of its suits (2n
        letters W and E in a fixed-pitch face from 7 cards a hand) and of its row numbers."""
        header = table.horizontalHeader()
        header.blockSignals(True)  # the order shown, not asked for
        header.setSortIndicator(*self.sort_column())
        header.blockSignals(False)
        header.viewport().update()
        fresh, self._fresh = self._fresh, False
        if fresh:  # a new listing (filter, order, n, store): from its top
            table.clearSelection()
            table.scrollToTop()
        self._fit_titles(table)
        query, source = self.query, self.source
        if query is not None and query.n > LETTERS_UPTO:
            font = QFontMetrics(self.model.suit_font())
            header.resizeSection(SUIT, font.horizontalAdvance("W" * 2 * query.n) + 14)
        if source is not None:  # the longest value the store holds, whatever n
            cell = table.fontMetrics()
            for column, texts in (
                (VALUE, [v.pretty() for v in source.values]),
                (MAXMIN, [v.pretty() for v in source.labeled]),
                (MINMAX, [v.pretty() for v in source.labeled]),
            ):
                width = max((cell.horizontalAdvance(t) for t in texts), default=0) + 14
                header.resizeSection(column, max(header.sectionSize(column), width))
        self.fit_row_numbers(table, len(f"{max(self.model.total, 1):,}"))
        if fresh:  # and from its left: scrolled right by End, a new n showed the header
            # from Value with blank after the last column (the header's offset stale)
            self._scroll_left(table)
            QTimer.singleShot(0, lambda: self._scroll_left(table))  # once its geometry lands

    @staticmethod
    def _scroll_left(table: QTableView) -> None:
        """``table`` at its first column, its header too."""
        table.horizontalScrollBar().setValue(0)
        table.horizontalHeader().setOffset(0)

    @staticmethod
    def _fit_titles(table: QTableView) -> None:
        """The columns a listing sorts by as wide as their titles and the sort marker beside
        (the ▲ crowded T₀)."""
        header = table.horizontalHeader()
        style, metrics = header.style(), header.fontMetrics()
        option = QStyleOptionHeader()
        option.initFrom(header)
        mark = style.pixelMetric(QStyle.PixelMetric.PM_HeaderMarkSize, option, header)
        margin = style.pixelMetric(QStyle.PixelMetric.PM_HeaderMargin, option, header)
        for column in SORTS:
            width = metrics.horizontalAdvance(COLUMNS[column][0]) + mark + 4 * margin + 8
            if header.sectionSize(column) < width:
                header.resizeSection(column, width)

    @staticmethod
    def fit_row_numbers(table: QTableView, digits: int) -> None:
        """The row numbers as wide as ``digits`` characters at once (a header that grows with
        the rows moves the columns right; Qt moves a widget by copying its pixels, which left
        the header's last columns drawn over the window's plots)."""
        rows = table.verticalHeader()
        margin = rows.style().pixelMetric(QStyle.PixelMetric.PM_HeaderMargin, None, rows)
        rows.setFixedWidth(rows.fontMetrics().horizontalAdvance("9" * digits) + 2 * margin + 10)

    # -- the block ------------------------------------------------------------------------------
    def move_by(self, rows: int) -> None:
        self.model.move_to(self.model.offset + rows)
        self._show_listing()

    def _go_to_typed(self) -> None:
        """Go to row (Enter): a number past the last row goes to the last, and says so."""
        typed, self.row.typed = self.row.typed, 0
        total = self.model.total
        if total and typed > total:
            self.message.emit(f"Row {typed:,} is past the last, {total:,}: showing the last")
        self.rowShown.emit(self.go_to_row(self.row.value()))

    def go_to_row(self, row: int) -> int:
        """Show the listing's row ``row`` (from 1) in the block; its row in the block."""
        total = self.model.total
        if total == 0:
            return -1
        row = max(1, min(row, total))
        offset = self.model.offset
        if not offset <= row - 1 < offset + BLOCK:
            self.model.move_to(row - 1 - BLOCK // 2)
            self._show_listing()
        return row - 1 - self.model.offset

    # -- the engine -----------------------------------------------------------------------------
    def _submit(self, work: _Work, fn: Callable[[JobContext], object], label: str) -> int | None:
        try:
            work.job = self._work_owner.submit(CHANNEL, fn, label=label, tag=work)
        except RuntimeError:  # the app is closing: its engine has stopped
            return None
        self._busy = work
        self.progress.setValue(0)
        self.progress_label.setText(f"Reading {work.what} …")
        self._reveal.start()
        self._poll.start()
        self.working.emit()
        self.busyChanged.emit(True)
        return work.job

    def cancel(self) -> bool:
        """Stop opening the store or counting a listing (the list shown stays, the count
        saying so)."""
        busy = self._busy
        if busy is None:
            return False
        self.engine.cancel(CHANNEL)
        self._end_busy()
        self._stopped = "opening cancelled" if busy.kind == "open" else "cancelled"
        self._show_count()
        return True

    def _end_busy(self) -> None:
        self._busy = None
        self._reveal.stop()
        self._poll.stop()
        self.busy_row.hide()
        self.busyChanged.emit(False)

    def _poll_progress(self) -> None:
        busy = self._busy
        if busy is not None:
            self.progress.setValue(round(busy.fraction * _STEPS))

    def _read_pages(self) -> None:
        source, index = self.source, self.model.index_
        if source is None or index is None:
            return
        pages = self.model.wanted_pages()
        if not pages:
            return
        spans = [self.model.page_rows(p) for p in pages]

        def job(ctx: JobContext) -> list[tuple[int, LabTable]]:
            out = []
            for page, (lo, hi) in zip(pages, spans, strict=True):
                ctx.check()
                out.append((page, fetch_rows(source, index, lo, hi, ctx.should_stop)))
            return out

        try:
            job_id = self._work_owner.submit(
                PAGE_CHANNEL, job, label=f"Reading rows of {source.name}", tag=index
            )
        except RuntimeError:
            self.model.forget_asked(pages)
            return
        for old, (_, asked) in list(self._pages.items()):  # cancelled by the new job
            self.model.forget_asked(asked)
            del self._pages[old]
        self._pages[job_id] = (index, pages)

    def _catch_up(self) -> None:
        """Shown again: the pages stopped while hidden are asked for again."""
        self.model.forget_asked()
        if self.model.rowCount():
            top, bottom = self.model.index(0, 0), self.model.index(self.model.rowCount() - 1, 0)
            self.model.dataChanged.emit(top, bottom)

    def _on_finished(self, job: int, channel: str, tag: object, result: object) -> None:
        if channel == PAGE_CHANNEL and job in self._pages:
            index, _ = self._pages.pop(job)
            if isinstance(result, list):
                for page, table in result:
                    self.model.set_page(index, page, table)
            return
        busy = self._busy
        if channel != CHANNEL or busy is None or tag is not busy:
            return
        self._end_busy()
        if busy.kind == "open" and isinstance(result, tuple):
            source, index = result
            before = self.query  # the other store's listing: its filter and order not kept
            cleared = before is not None and (
                bool(before.condition.strip()) or before.sort is not None or before.descending
            )
            old, self.source = self.source, source
            if old is not None:
                self.engine.cancel(PAGE_CHANNEL)
                self._pages.clear()
                self._close_later(old)
            self._fill_n(source)
            if self._settings is not None:
                self._settings.setValue(LAST_STORE, str(source.path))
            self._show(index)
            damaged = ", ".join(f"n = {n}" for n in sorted(source.damaged))
            self.message.emit(
                f"Opened the table store {quote_path(str(source.path))}"
                + (f"; damaged, not listed: {damaged}" if damaged else "")
                + ("; filter and order cleared: every suit, in rank order" if cleared else "")
            )
            self.storeChanged.emit(source)
        elif busy.kind == "list" and isinstance(result, StoreIndex):
            self._show(result)

    def _on_failed(self, job: int, channel: str, tag: object, message: str) -> None:
        if channel == PAGE_CHANNEL and job in self._pages:
            _, pages = self._pages.pop(job)
            self.model.forget_asked(pages)
            self.message.emit(message)
            return
        busy = self._busy
        if channel == CHANNEL and busy is not None and tag is busy:
            self._end_busy()
            self._show_listing()
            shown = self.query
            asked = busy.query
            if (
                busy.kind == "list"
                and shown is not None
                and asked is not None
                and asked.condition != shown.condition
            ):
                self._refuse(message)  # the condition typed, marked in its box
            else:
                self.message.emit(message)

    def _on_cancelled(self, job: int, channel: str) -> None:
        if channel == PAGE_CHANNEL and job in self._pages:
            _, pages = self._pages.pop(job)
            self.model.forget_asked(pages)
            return
        busy = self._busy
        if channel == CHANNEL and busy is not None and job == busy.job:
            self._end_busy()
            self._stopped = "cancelled"
            self._show_count()
            self.message.emit(f"Stopped reading {busy.what}; the list shown stays")

    def _fill_n(self, source: StoreSource) -> None:
        self.n.clear()
        for n in sorted(source.stored):
            text = f"{n}"
            if n in source.damaged:
                text += " (damaged)"
            elif source.stored[n] < _suits(n):
                text += f" ({source.stored[n]:,} of {_suits(n):,})"
            self.n.addItem(text, n)
        self._fit_n()
        self.name.setText(source.name)
        self.name.setToolTip(str(source.path))

    def _fit_n(self) -> None:
        """The n box as wide as its longest text ("16 (damaged)"), arrow and frame beside:
        it showed "1(" at 1280 × 800."""
        metrics = self.n.fontMetrics()
        widest = max(
            (metrics.horizontalAdvance(self.n.itemText(i)) for i in range(self.n.count())),
            default=metrics.horizontalAdvance("16"),
        )
        option = QStyleOptionComboBox()
        self.n.initStyleOption(option)
        size = self.n.style().sizeFromContents(
            QStyle.ContentsType.CT_ComboBox, option, QSize(widest, metrics.height()), self.n
        )
        self.n.setMinimumWidth(size.width())

    def _show(self, index: StoreIndex) -> None:
        """Show the listing ``index`` counted, from its first row (Go to row back to 1, the
        table at its top, the filter's mark gone)."""
        self.model.set_index(index)
        self._error = self._stopped = ""
        self.filter.setStyleSheet("")
        self._show_note()
        self.filter.setText(index.query.condition)
        self.row.blockSignals(True)
        self.row.setValue(1)
        self.row.blockSignals(False)
        self._fresh = True
        self._show_listing()

    def _show_count(self) -> None:
        """The count of the listing shown; while the box holds another condition than the
        one listed (refused, stopped, or not applied yet), which one it counts."""
        source, query, total = self.source, self.query, self.model.total
        if source is None or query is None:
            self.count.setText("no store open")
            return
        stored = source.stored[query.n]
        if query.condition.strip():
            text = f"n = {query.n}: {total:,} of {stored:,} suits match"
        else:
            text = f"n = {query.n}: {total:,} suits in {source.name}"
        if query.sort is not None or query.descending:
            name = _SORT_NAMES.get(query.sort or "", "rank")
            text += f", by {name} {'↓' if query.descending else '↑'}"
        if self.filter.text().strip() != query.condition.strip():
            text = f"{self._shown_text()} — {text}"
        if self._stopped:
            text = f"{self._stopped} — {text}"
        self.count.setText(text)  # elided, the whole in its tooltip (the path: the name's)

    def _show_listing(self) -> None:
        """The count, the n chosen and the block, as the model shows them."""
        query, total = self.query, self.model.total
        at = self.n.findData(query.n) if query is not None else -1
        if at >= 0:
            self.n.setCurrentIndex(at)
        self._show_count()
        offset, shown = self.model.offset, self.model.rowCount()
        self.block.setText(
            f"rows {offset + 1:,}–{offset + shown:,} of {total:,}" if shown else "no rows"
        )
        self.prev_button.setEnabled(offset > 0)
        self.next_button.setEnabled(offset + shown < total)
        last = max(1, min(total, 2**31 - 1))
        self.row.blockSignals(True)
        self.row.setRange(1, last)
        self.row.blockSignals(False)
        self.row.setToolTip(f"Go to this row of the listing, 1 to {last:,} (Enter)")
        self.listingChanged.emit()

    def shutdown(self) -> None:
        self._reveal.stop()
        self._poll.stop()
        self.engine.cancel(CHANNEL)
        self.engine.cancel(PAGE_CHANNEL)
        source, self.source = self.source, None
        if source is not None:
            self._close_later(source)


def _suits(n: int) -> int:
    return comb(2 * n, n)
