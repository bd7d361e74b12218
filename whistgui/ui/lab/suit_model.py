"""Every single suit of n cards a hand as a table model: one row a suit, one column a fact
(value, kind, maxmin, minmax, R43's T_0, H, H̄, which of them Whist takes, Greedy Whist's and
Five-card's results). :data:`SortRole` gives each cell a key that sorts numbers as numbers;
:class:`SuitFilter` keeps the rows whose text contains the filter's words.
"""

from __future__ import annotations

from typing import Any, Final

from PySide6.QtCore import (
    QAbstractTableModel,
    QModelIndex,
    QPersistentModelIndex,
    QSortFilterProxyModel,
    Qt,
)

from whistgui.app.lab import LabRow

__all__ = ["COLUMNS", "PatternRole", "RowRole", "SortRole", "SuitFilter", "SuitTableModel"]

Index = QModelIndex | QPersistentModelIndex

#: Custom roles.
SortRole: Final = Qt.ItemDataRole.UserRole + 1  # a key that sorts the column right
PatternRole: Final = Qt.ItemDataRole.UserRole + 2  # the suit's W/E pattern, low to high
RowRole: Final = Qt.ItemDataRole.UserRole + 3  # the LabRow

#: (header, tooltip) per column.
COLUMNS: Final = (
    ("Suit", "West's cards / East's cards"),
    ("n", "cards in each hand"),
    ("Value", "val(D), the suit's value in symmetric whist (§10)"),
    ("Kind", "what the value is, in the paper's words"),
    ("maxmin", "maxmin(D): West's best guaranteed α (§10)"),
    ("minmax", "minmax(D): East's best guaranteed α (§10)"),
    ("T₀", "R43: the trace of A (highest cards compared, second highest, …)"),
    ("H", "R43: where T_k changes sign (§5)"),
    ("H̄", "R43: H̄ = H or H + 1 (§5)"),
    ("Whist h", "which of H, H̄ Whist's tricks are: (n + h)/2, down with West on lead"),
    ("Whist", "West's tricks with West / East on lead"),
    ("Greedy", "Greedy Whist: West's tricks with West / East on lead (Theorem 6.1)"),
    ("Five-card", "who takes the last trick with West / East on lead (T₀'s sign)"),
)
SUIT, N, VALUE, KIND, MAXMIN, MINMAX, T0, H, HBAR, WHIST_H, WHIST, GREEDY, FIVE = range(13)


class SuitTableModel(QAbstractTableModel):
    """The rows of :func:`~whistgui.app.lab.lab_rows` (read-only)."""

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self._rows: list[LabRow] = []

    @property
    def rows(self) -> list[LabRow]:
        return self._rows

    def set_rows(self, rows: list[LabRow]) -> None:
        self.beginResetModel()
        self._rows = list(rows)
        self.endResetModel()

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

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or not 0 <= index.row() < len(self._rows):
            return None
        row = self._rows[index.row()]
        col = index.column()
        if role == Qt.ItemDataRole.DisplayRole:
            return _text(row, col)
        if role == SortRole:
            return _key(row, col)
        if role == PatternRole:
            return row.pattern
        if role == RowRole:
            return row
        if role == Qt.ItemDataRole.TextAlignmentRole and (col >= T0 or col == N):
            return int(Qt.AlignmentFlag.AlignCenter)
        if role == Qt.ItemDataRole.ToolTipRole:
            return f"{row.suit}: {row.value.pretty()} — {row.kind}"
        return None


def _pair(a: object, b: object) -> str:
    return f"{a} / {b}"


def _text(row: LabRow, col: int) -> str:
    if col == SUIT:
        return row.suit
    if col == N:
        return str(row.n)
    if col == VALUE:
        return row.value.pretty()
    if col == KIND:
        return row.kind
    if col == MAXMIN:
        return row.maxmin.pretty()
    if col == MINMAX:
        return row.minmax.pretty()
    if col == T0:
        return str(row.t0)
    if col == H:
        return str(row.h)
    if col == HBAR:
        return str(row.hbar)
    if col == WHIST_H:
        if row.whist_h is None:
            return "neither"
        return "H = H̄" if row.h == row.hbar else ("H" if row.whist_h == row.h else "H̄")
    if col == WHIST:
        return _pair(*row.whist)
    if col == GREEDY:
        return _pair(*row.greedy)
    return _pair(*row.five_card)


def _key(row: LabRow, col: int) -> Any:
    """Numbers sort as numbers; values by their number, then their text."""
    if col == N:
        return row.n
    if col == VALUE:
        return (float(row.value.number), row.value.pretty())
    if col in (MAXMIN, MINMAX):
        lv = row.maxmin if col == MAXMIN else row.minmax
        return (float(lv.value.number), lv.pretty())
    if col == T0:
        return row.t0
    if col == H:
        return row.h
    if col == HBAR:
        return row.hbar
    if col == WHIST:
        return row.whist
    if col == GREEDY:
        return row.greedy
    return _text(row, col)


class SuitFilter(QSortFilterProxyModel):
    """Sorts by :data:`SortRole`; keeps the rows in which every word of the filter text is
    found in some cell (``1½ exit`` keeps the suits valued 1½ … with an exit)."""

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self.setSortRole(SortRole)
        self._words: list[str] = []

    def set_words(self, text: str) -> None:
        begin = getattr(self, "beginFilterChange", None)  # Qt 6.10; invalidate… before
        if begin is None:
            self._words = [w.casefold() for w in text.split()]
            self.invalidateRowsFilter()
            return
        begin()
        self._words = [w.casefold() for w in text.split()]
        self.endFilterChange()

    def filterAcceptsRow(self, source_row: int, source_parent: Index) -> bool:
        if not self._words:
            return True
        model = self.sourceModel()
        cells = " ".join(
            str(model.data(model.index(source_row, c, source_parent)) or "")
            for c in range(model.columnCount())
        ).casefold()
        return all(w in cells for w in self._words)

    def lessThan(self, left: Index, right: Index) -> bool:
        a = left.data(SortRole)
        b = right.data(SortRole)
        try:
            return bool(a < b)
        except TypeError:
            return str(a) < str(b)
