"""Every single suit of n cards a hand as a table model over a columnar
:class:`~whistgui.app.lab.LabTable`: one row a suit, one column a fact (value, kind, maxmin,
minmax, R43's T_0, H, H̄, which of them Whist takes, Greedy Whist's and Five-card's results).

The model sorts and filters itself, with numpy, so that the 705,432 suits of n = 11 (950,000
for n = 1 to 11) sort and filter in a fraction of a second (a QSortFilterProxyModel calls
Python for every comparison: minutes). The columns, their texts and sort keys are
:mod:`whistgui.app.lab_columns`' (the exports write the same cells). Sort keys: numbers as
numbers, values and labeled values in their exact order (§10), words as words; Suit sorts in
the natural order of the listing (as :func:`~whistgui.engine.games.single_suit.all_patterns`).

The Suit column is compact (:func:`~whistgui.app.lab_columns.compact_suit`): letters up to 6
cards a hand, from 7 on who holds each card from the highest down (``WWEW…``, in a fixed-pitch
face so that a card's place is one column down the rows); its tooltip writes the suit in the
paper's numbers.

A filter word — or a phrase in quotes, as one — is looked for in the cells as shown: in a W/E
text with bit masks (:func:`~whistgui.app.lab_columns.pattern_matches`: ``WWE`` anywhere,
``^WWE`` at the top, ``EEW$`` at the bottom), never in the paper's numbers the row does not
show (every suit of 8 cards a hand holds a "16": the word matched them all). The suits in
letters are written when a filter first needs them (lower-cased, ASCII bytes:
:meth:`~whistgui.app.lab.LabTable.suit_texts`, at most 1,716 suits, those of n = 1 to 6);
beyond :data:`SYNC_SUIT_TEXTS` of them the model would emit
:attr:`SuitTableModel.suitTextsWanted` and filter on the other columns until the window hands
them over (:meth:`SuitTableModel.set_suit_texts`, written on the engine service), then filter
again — which a table of n ≤ 11 never needs.
"""

from __future__ import annotations

from typing import Any, Final

import numpy as np
import numpy.typing as npt
from PySide6.QtCore import (
    QAbstractTableModel,
    QMimeData,
    QModelIndex,
    QPersistentModelIndex,
    Qt,
    Signal,
)
from PySide6.QtGui import QFont, QFontDatabase

from whistgui.app.lab import LabTable
from whistgui.app.lab_columns import (
    COLUMNS,
    FIVE,
    GREEDY,
    HBAR,
    KIND,
    LETTERS_UPTO,
    MAXMIN,
    MINMAX,
    SUIT,
    T0,
    VALUE,
    WHIST,
    WHIST_H,
    Column,
    H,
    N,
    columns,
    compact_suit,
    filter_terms,
    pattern_matches,
)
from whistgui.ui.widgets.deal_drag import DEAL_MIME_TYPE, deal_mime

__all__ = [
    "COLUMNS",
    "FIVE",
    "GREEDY",
    "HBAR",
    "KIND",
    "MAXMIN",
    "MINMAX",
    "SUIT",
    "SYNC_SUIT_TEXTS",
    "T0",
    "VALUE",
    "WHIST",
    "WHIST_H",
    "H",
    "N",
    "PatternRole",
    "RowRole",
    "SortRole",
    "SuitTableModel",
]

Index = QModelIndex | QPersistentModelIndex
Rows = npt.NDArray[np.intp]

#: Custom roles.
SortRole: Final = Qt.ItemDataRole.UserRole + 1  # the cell's sort key (an integer)
PatternRole: Final = Qt.ItemDataRole.UserRole + 2  # the suit's W/E pattern, low to high
RowRole: Final = Qt.ItemDataRole.UserRole + 3  # the LabRow (made when asked for)

#: Up to this many suits the model writes their texts itself when a filter first needs them.
SYNC_SUIT_TEXTS: Final = 250_000

#: The roles :meth:`SuitTableModel.data` answers (a view asks for a dozen per cell).
_ROLES: Final = frozenset(
    {
        Qt.ItemDataRole.DisplayRole,
        Qt.ItemDataRole.TextAlignmentRole,
        Qt.ItemDataRole.ToolTipRole,
        Qt.ItemDataRole.FontRole,
        SortRole,
        PatternRole,
        RowRole,
    }
)


class SuitTableModel(QAbstractTableModel):
    """The rows of a :class:`~whistgui.app.lab.LabTable` (read-only), sorted by
    :meth:`sort` and filtered by :meth:`set_words`, both with numpy. A view row's suit is
    :meth:`suit_row` in the table."""

    #: A filter needs the suits' texts in letters and there are too many to write them here:
    #: hand them to :meth:`set_suit_texts` (the table's ``suit_texts(lower=True,
    #: upto=LETTERS_UPTO)``).
    suitTextsWanted = Signal()

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self._table: LabTable | None = None
        self._columns: dict[int, Column] = {}
        self._rows: Rows = np.zeros(0, dtype=np.intp)  # view row -> table row
        self._sort_column = -1  # -1: the natural order
        self._sort_order = Qt.SortOrder.AscendingOrder
        self._words: list[str] = []
        self._suit_texts: list[npt.NDArray[np.bytes_]] | None = None
        self._suit_wanted = False

    # -- the table ------------------------------------------------------------------------------
    @property
    def table(self) -> LabTable | None:
        return self._table

    @property
    def total(self) -> int:
        """How many suits the table holds (:meth:`rowCount`: how many pass the filter)."""
        return 0 if self._table is None else len(self._table)

    def set_table(self, table: LabTable | None) -> None:
        """Show ``table``, sorted and filtered as the last one was."""
        self.beginResetModel()
        self._table = table
        self._columns = columns(table) if table is not None else {}
        self._suit_texts = None
        self._suit_wanted = False
        self._rows = self._arrange()
        self.endResetModel()

    def suit_row(self, row: int) -> int:
        """The table row of view row ``row``."""
        return int(self._rows[row])

    @property
    def suit_texts_pending(self) -> bool:
        """The filter has words and waits for the suits' texts (:attr:`suitTextsWanted`): it
        has filtered on the other columns only."""
        return bool(self._words) and self._suit_texts is None and self._suit_wanted

    def set_suit_texts(self, table: LabTable, texts: list[npt.NDArray[np.bytes_]]) -> None:
        """The lower-cased texts of ``table``'s suits in letters, one array for each n up to
        :data:`~whistgui.app.lab_columns.LETTERS_UPTO` (ignored if another table is shown);
        the filter is applied again with them."""
        if table is self._table and self._suit_texts is None:
            self._suit_texts = texts
            if self._words:
                self._relayout()

    def suit_texts_dropped(self) -> None:
        """The texts asked for will not come (cancelled): the next filter asks again."""
        if self._suit_texts is None:
            self._suit_wanted = False

    def sample_texts(self, column: int) -> list[str]:
        """Texts a column's width can be measured on: every text some row has (Suit: one
        suit of each n; they are all as long)."""
        t = self._table
        if t is None:
            return []
        if column == SUIT:
            return [compact_suit(t, lo) for lo, _ in t.spans.values()]
        return self._columns[column].present()

    def suit_font(self, n: int) -> QFont | None:
        """The face of the Suit column's text for ``n`` cards a hand (None: the view's)."""
        return _fixed_font() if n > LETTERS_UPTO else None

    def shown_rows(self) -> Rows:
        """The table rows shown, in the order shown (read-only)."""
        rows = self._rows.view()
        rows.flags.writeable = False
        return rows

    @property
    def words(self) -> tuple[str, ...]:
        """The filter's terms (casefolded) as the filter reads them: a phrase in quotes."""
        return tuple(f'"{w}"' if " " in w else w for w in self._words)

    @property
    def sorting(self) -> tuple[int, Qt.SortOrder]:
        """The column sorted by (-1: the natural order) and the order."""
        return self._sort_column, self._sort_order

    # -- sorting and filtering ------------------------------------------------------------------
    def sort(self, column: int, order: Qt.SortOrder = Qt.SortOrder.AscendingOrder) -> None:
        """Sort the rows by ``column`` (-1: the natural order), stably: equal keys keep the
        natural order, either way."""
        self._sort_column = column if 0 <= column < len(COLUMNS) else -1
        self._sort_order = order
        self._relayout()

    def set_words(self, text: str) -> None:
        """Keep the rows in which every word of ``text`` (casefolded) is found in some cell as
        shown (``1½ exit`` keeps the suits valued 1½ … with an exit; ``^wwe`` the suits of 7
        cards a hand or more whose three highest cards are West's, West's and East's), and
        every phrase in quotes in one cell (``"with 2 stoppers"``: not a row "with 4
        stoppers" valued 2 − ε₄) — :func:`~whistgui.app.lab_columns.filter_terms`."""
        words = filter_terms(text)
        if words != self._words:
            self._words = words
            self._relayout()

    def _relayout(self) -> None:
        """Sort and filter again, keeping the persistent indexes (the view's current row and
        selection) on their suits (a layout change: the rows may also come and go)."""
        self.layoutAboutToBeChanged.emit()
        old = self._rows
        persistent = self.persistentIndexList()
        self._rows = self._arrange()
        if persistent:
            place = np.full(self.total, -1, dtype=np.intp)
            place[self._rows] = np.arange(len(self._rows), dtype=np.intp)
            moved = []
            for p in persistent:
                r = int(place[old[p.row()]]) if 0 <= p.row() < len(old) else -1
                moved.append(self.index(r, p.column()) if r >= 0 else QModelIndex())
            self.changePersistentIndexList(persistent, moved)
        self.layoutChanged.emit()

    def _arrange(self) -> Rows:
        """The table rows to show, in order."""
        t = self._table
        if t is None:
            return np.zeros(0, dtype=np.intp)
        size = len(t)
        descending = self._sort_order == Qt.SortOrder.DescendingOrder
        column = self._sort_column
        if column in self._columns:
            keys = self._columns[column].row_keys()
            order = np.argsort(-keys if descending else keys, kind="stable")
        else:  # the natural order (Suit, or none)
            order = np.arange(size, dtype=np.intp)
            if descending and column == SUIT:
                order = order[::-1].copy()
        keep = self._keep()
        return order if keep is None else order[keep[order]]

    def _keep(self) -> npt.NDArray[np.bool_] | None:
        """Which table rows the filter keeps (None: all)."""
        t = self._table
        if t is None or not self._words:
            return None
        keep = np.ones(len(t), dtype=bool)
        for word in self._words:
            found = np.zeros(len(t), dtype=bool)
            for column in self._columns.values():
                hit = column.matches(word)
                if hit is not None:
                    found |= hit
            for hit in (self._suit_matches(word), pattern_matches(t, word)):
                if hit is not None:
                    found |= hit
            keep &= found
        return keep

    def _suit_matches(self, word: str) -> npt.NDArray[np.bool_] | None:
        """Which rows' Suit cell in letters (up to 6 cards a hand) holds ``word``."""
        t = self._table
        spans = [span for n, span in t.spans.items() if n <= LETTERS_UPTO] if t else []
        if t is None or not spans:
            return None
        letters = sum(hi - lo for lo, hi in spans)
        if self._suit_texts is None:
            if letters <= SYNC_SUIT_TEXTS:
                self._suit_texts = t.suit_texts(lower=True, upto=LETTERS_UPTO)
            else:
                if not self._suit_wanted:
                    self._suit_wanted = True
                    self.suitTextsWanted.emit()
                return None
        try:
            needle = word.encode("ascii")
        except UnicodeEncodeError:  # suits are written in ASCII
            return None
        found = np.zeros(len(t), dtype=bool)
        for (lo, hi), texts in zip(spans, self._suit_texts, strict=True):
            found[lo:hi] = np.char.find(texts, needle) >= 0
        return found if found.any() else None

    # -- the model ------------------------------------------------------------------------------
    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(COLUMNS)

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        if orientation == Qt.Orientation.Horizontal and 0 <= section < len(COLUMNS):
            if role == Qt.ItemDataRole.DisplayRole:
                return COLUMNS[section][0]
            if role == Qt.ItemDataRole.ToolTipRole:
                return COLUMNS[section][1]
        if orientation == Qt.Orientation.Vertical and role == Qt.ItemDataRole.DisplayRole:
            return section + 1
        return None

    # -- dragging a suit (to the values worksheet) ------------------------------------------
    def flags(self, index: Index) -> Qt.ItemFlag:
        flags = super().flags(index)
        return flags | Qt.ItemFlag.ItemIsDragEnabled if index.isValid() else flags

    def mimeTypes(self) -> list[str]:
        return [DEAL_MIME_TYPE]

    def mimeData(self, indexes: list[QModelIndex]) -> QMimeData:  # type: ignore[override]
        """The suit of the first row dragged, as ``AQ/KJ`` (the paper's integers from 7 cards
        a hand)."""
        t = self._table
        rows = [i.row() for i in indexes if 0 <= i.row() < len(self._rows)]
        text = "" if t is None or not rows else t.suit_text(int(self._rows[rows[0]]))
        return deal_mime(text, "single suits")

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        t = self._table
        if role not in _ROLES or t is None or not 0 <= index.row() < len(self._rows):
            return None
        i = int(self._rows[index.row()])
        col = index.column()
        if role == Qt.ItemDataRole.DisplayRole:
            if col == SUIT:
                return compact_suit(t, i)
            column = self._columns[col]
            return column.texts[column.at(i)]
        if role == SortRole:
            if col == SUIT:
                return i
            column = self._columns[col]
            return int(column.keys[column.at(i)])
        if role == PatternRole:
            return t.pattern(i)
        if role == RowRole:
            return t.row(i)
        if role == Qt.ItemDataRole.TextAlignmentRole and (col >= T0 or col == N):
            return int(Qt.AlignmentFlag.AlignCenter)
        if role == Qt.ItemDataRole.FontRole:
            return self.suit_font(int(t.n[i])) if col == SUIT else None
        if role == Qt.ItemDataRole.ToolTipRole:
            kind = t.kinds[int(t.kind_id[i])]
            return f"{t.suit_text(i)}: {t.value_of(i).pretty()} — {kind}"
        return None


_FIXED: list[QFont] = []


def _fixed_font() -> QFont:
    """The system's fixed-pitch face (made once, when first needed)."""
    if not _FIXED:
        _FIXED.append(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))
    return _FIXED[0]
