"""The suits of a table store as a table model: one block of a listing's rows at a time, each
row's cells as the computed list writes them (:mod:`whistgui.app.lab_columns`), read in pages
on the engine service — the model never reads the store itself.

A listing (:class:`~whistgui.app.lab_store.StoreIndex`) may have 601 million rows (n = 16); a
view cannot hold that many (its header keeps an entry a row, its length in pixels is an
``int``), so the model shows a *block* of at most :data:`BLOCK` rows from :attr:`offset` on (the
row numbers in the header are the listing's), and the window moves the block. A cell whose page
is not read yet shows "…" and asks for it: :attr:`StoreSuitModel.pagesWanted` (after the view
has asked for every cell it paints), and :meth:`StoreSuitModel.set_page` fills it in.

Sorting by a column header asks the window for a new listing (:attr:`sortWanted`): by rank
(Suit, n), or by a column the store keeps (Value, maxmin, minmax, T₀, H, H̄); the other
columns are worked out from those and are not sorted (:attr:`sortRefused`).
"""

from __future__ import annotations

from collections import OrderedDict
from typing import Any, Final

from PySide6.QtCore import (
    QAbstractTableModel,
    QModelIndex,
    QPersistentModelIndex,
    Qt,
    QTimer,
    Signal,
)
from PySide6.QtGui import QFont, QFontDatabase

from whistgui.app.lab import LabTable
from whistgui.app.lab_columns import (
    COLUMNS,
    HBAR,
    LETTERS_UPTO,
    MAXMIN,
    MINMAX,
    SUIT,
    T0,
    VALUE,
    Column,
    H,
    N,
    columns,
    compact_suit,
)
from whistgui.app.lab_store import PAGE, StoreIndex
from whistgui.ui.lab.suit_model import PatternRole

__all__ = ["BLOCK", "SORTS", "StoreSuitModel"]

Index = QModelIndex | QPersistentModelIndex

#: The most rows the model shows at once.
BLOCK: Final = 100_000
#: The columns a store listing sorts by: None is rank order.
SORTS: Final[dict[int, str | None]] = {
    SUIT: None,
    N: None,
    VALUE: "value",
    MAXMIN: "maxmin",
    MINMAX: "minmax",
    T0: "t0",
    H: "h",
    HBAR: "hbar",
}
#: Pages kept (about 40 KB each as arrays).
_KEEP: Final = 256
#: Pages asked for at once (the rows a view shows, and a page on either side).
_ASK: Final = 8


class StoreSuitModel(QAbstractTableModel):
    """A block of a store listing's rows, read-only; cells come from pages handed in."""

    #: pages are wanted (:meth:`wanted_pages`)
    pagesWanted = Signal()
    #: (sort key or None for rank, descending): a header asks for this order
    sortWanted = Signal(object, bool)
    #: a header asks for an order the store listing cannot give (the column's index)
    sortRefused = Signal(int)

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self._index: StoreIndex | None = None
        self._offset = 0
        self._pages: OrderedDict[int, tuple[LabTable, dict[int, Column]]] = OrderedDict()
        self._wanted: list[int] = []
        self._asked: set[int] = set()
        self._ask = QTimer(self)
        self._ask.setSingleShot(True)
        self._ask.setInterval(0)
        self._ask.timeout.connect(self.pagesWanted)
        self._fixed: QFont | None = None

    # -- the listing ----------------------------------------------------------------------------
    @property
    def index_(self) -> StoreIndex | None:
        """The listing shown (None: nothing)."""
        return self._index

    @property
    def total(self) -> int:
        """The listing's rows (the block shows :meth:`rowCount` of them)."""
        return 0 if self._index is None else self._index.total

    @property
    def offset(self) -> int:
        """The listing's row shown first."""
        return self._offset

    def set_index(self, index: StoreIndex | None, offset: int = 0) -> None:
        """Show ``index``'s rows from ``offset`` on (nothing read yet)."""
        self.beginResetModel()
        self._index = index
        self._pages.clear()
        self._asked.clear()
        self._wanted.clear()
        self._offset = self._clamp(offset)
        self.endResetModel()

    def move_to(self, offset: int) -> None:
        """Show the block from ``offset`` on (the pages read stay)."""
        offset = self._clamp(offset)
        if offset != self._offset:
            self.beginResetModel()
            self._offset = offset
            self._wanted.clear()
            self.endResetModel()

    def _clamp(self, offset: int) -> int:
        total = self.total
        return max(0, min(offset, max(total - BLOCK, 0)))

    # -- pages ----------------------------------------------------------------------------------
    def page_rows(self, page: int) -> tuple[int, int]:
        """The listing's rows of ``page``."""
        return page * PAGE, min((page + 1) * PAGE, self.total)

    def wanted_pages(self) -> list[int]:
        """The pages to read now: the last ones a view asked for (at most a few), each once
        until :meth:`forget_asked`."""
        wanted = [p for p in self._wanted[-_ASK:] if p not in self._pages]
        self._wanted.clear()
        self._asked.update(wanted)
        return sorted(set(wanted))

    def forget_asked(self, pages: list[int] | None = None) -> None:
        """The pages asked for will not come (cancelled): asked again when a view wants them."""
        if pages is None:
            self._asked.clear()
        else:
            self._asked.difference_update(pages)

    def set_page(self, index: StoreIndex, page: int, table: LabTable) -> None:
        """The rows of ``page`` of ``index`` (ignored if another listing is shown)."""
        if index is not self._index:
            return
        self._asked.discard(page)
        self._pages[page] = (table, columns(table))
        self._pages.move_to_end(page)
        while len(self._pages) > _KEEP:
            self._pages.popitem(last=False)
        lo, hi = self.page_rows(page)
        first, last = max(lo - self._offset, 0), min(hi - self._offset, self.rowCount()) - 1
        if first <= last:
            self.dataChanged.emit(self.index(first, 0), self.index(last, len(COLUMNS) - 1))

    def cell(self, row: int) -> tuple[LabTable, dict[int, Column], int] | None:
        """Block row ``row``'s page table, its columns and its row there (None: not read; it
        is asked for)."""
        at = self._offset + row
        page = at // PAGE
        got = self._pages.get(page)
        if got is None:
            if page not in self._asked:
                self._wanted.append(page)
                if not self._ask.isActive():
                    self._ask.start()
            return None
        return got[0], got[1], at - page * PAGE

    # -- sorting --------------------------------------------------------------------------------
    def sort(self, column: int, order: Qt.SortOrder = Qt.SortOrder.AscendingOrder) -> None:
        descending = order == Qt.SortOrder.DescendingOrder
        if column in SORTS:
            self.sortWanted.emit(SORTS[column], descending)
        elif column >= 0:
            self.sortRefused.emit(column)
        else:
            self.sortWanted.emit(None, False)

    # -- the model ------------------------------------------------------------------------------
    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        if parent.isValid():
            return 0
        return max(0, min(BLOCK, self.total - self._offset))

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(COLUMNS)

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        if orientation == Qt.Orientation.Horizontal and 0 <= section < len(COLUMNS):
            if role == Qt.ItemDataRole.DisplayRole:
                return COLUMNS[section][0]
            if role == Qt.ItemDataRole.ToolTipRole:
                tip = COLUMNS[section][1]
                if section not in SORTS:
                    tip += (
                        " (worked out from the stored columns: a store listing is not sorted by it)"
                    )
                return tip
        if orientation == Qt.Orientation.Vertical and role == Qt.ItemDataRole.DisplayRole:
            return f"{self._offset + section + 1:,}"
        return None

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or not 0 <= index.row() < self.rowCount():
            return None
        col = index.column()
        if role == Qt.ItemDataRole.TextAlignmentRole:
            return int(Qt.AlignmentFlag.AlignCenter) if col >= T0 or col == N else None
        if role not in (
            Qt.ItemDataRole.DisplayRole,
            Qt.ItemDataRole.ToolTipRole,
            Qt.ItemDataRole.FontRole,
            PatternRole,
        ):
            return None
        got = self.cell(index.row())
        if got is None:
            return "…" if role == Qt.ItemDataRole.DisplayRole and col == SUIT else None
        t, cols, i = got
        if role == Qt.ItemDataRole.DisplayRole:
            if col == SUIT:
                return compact_suit(t, i)
            column = cols[col]
            return column.texts[column.at(i)]
        if role == PatternRole:
            return t.pattern(i)
        if role == Qt.ItemDataRole.FontRole:
            return self.suit_font() if col == SUIT and int(t.n[i]) > LETTERS_UPTO else None
        kind = t.kinds[int(t.kind_id[i])]
        return f"{t.suit_text(i)}: {t.value_of(i).pretty()} — {kind}"

    def suit_font(self) -> QFont:
        """The Suit column's face from 7 cards a hand (the system's fixed-pitch one)."""
        if self._fixed is None:
            self._fixed = QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont)
        return self._fixed
