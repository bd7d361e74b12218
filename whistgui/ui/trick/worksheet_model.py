"""The values worksheet's rows as a table model: the deal as typed, its value, what the value is
in words (or why the row has none), a row per deal (:class:`~whistgui.app.worksheet.WorksheetRow`).

The deal column is editable: an edit makes the row a row of new text, not yet valued, and says
so by :attr:`WorksheetModel.textsEdited` — the view values the rows in the background and hands
them back with :meth:`WorksheetModel.set_rows`. A row without a value is drawn in the theme's
``error`` role (read when a view asks: a new theme is in the next paint)."""

from __future__ import annotations

from typing import Any, Final

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex, Qt, Signal
from PySide6.QtGui import QBrush

from whistgui.app.worksheet import WorksheetRow
from whistgui.ui.theme import colour

__all__ = ["COLUMNS", "COL_DEAL", "COL_KIND", "COL_VALUE", "RowRole", "WorksheetModel"]

Index = QModelIndex | QPersistentModelIndex

COL_DEAL, COL_VALUE, COL_KIND = 0, 1, 2
COLUMNS: Final = ("Deal", "Value", "What it is")
#: The row's :class:`~whistgui.app.worksheet.WorksheetRow`.
RowRole: Final = Qt.ItemDataRole.UserRole + 1

#: What a row shows while its value is being computed.
PENDING: Final = "…"


class WorksheetModel(QAbstractTableModel):
    """The worksheet's rows; :attr:`texts` are what the user typed, in order."""

    #: the rows' texts after the user changed them (an edit, a row added or removed)
    textsEdited = Signal(list)

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self._rows: list[WorksheetRow] = []
        self._valued: list[bool] = []

    # -- the rows ---------------------------------------------------------------------------
    @property
    def texts(self) -> list[str]:
        return [r.text for r in self._rows]

    def row(self, i: int) -> WorksheetRow:
        return self._rows[i]

    def is_valued(self, i: int) -> bool:
        """Has row ``i`` its value (or its error) for its text?"""
        return self._valued[i]

    def add(self, text: str) -> None:
        """A row of ``text``, last, not yet valued."""
        self.add_all([text])

    def add_all(self, texts: list[str]) -> None:
        """Rows of ``texts``, last, in order, not yet valued (one :attr:`textsEdited`)."""
        if not texts:
            return
        n = len(self._rows)
        self.beginInsertRows(QModelIndex(), n, n + len(texts) - 1)
        self._rows.extend(WorksheetRow(t) for t in texts)
        self._valued.extend(False for _ in texts)
        self.endInsertRows()
        self.textsEdited.emit(self.texts)

    def remove(self, rows: list[int]) -> None:
        """Remove the rows numbered ``rows`` (any order; out of range ignored)."""
        for i in sorted({i for i in rows if 0 <= i < len(self._rows)}, reverse=True):
            self.beginRemoveRows(QModelIndex(), i, i)
            del self._rows[i]
            del self._valued[i]
            self.endRemoveRows()
        self.textsEdited.emit(self.texts)

    def taken(self, rows: list[int]) -> list[tuple[int, WorksheetRow, bool]]:
        """What :meth:`remove` of ``rows`` takes: each row with its place and whether it was
        valued, in order — what :meth:`put_back` puts back."""
        kept = sorted({i for i in rows if 0 <= i < len(self._rows)})
        return [(i, self._rows[i], self._valued[i]) for i in kept]

    def put_back(self, taken: list[tuple[int, WorksheetRow, bool]]) -> None:
        """Rows :meth:`taken` put back in their places (a removal undone), their values with
        them."""
        for i, row, valued in sorted(taken, key=lambda t: t[0]):
            at = min(i, len(self._rows))
            self.beginInsertRows(QModelIndex(), at, at)
            self._rows.insert(at, row)
            self._valued.insert(at, valued)
            self.endInsertRows()
        self.textsEdited.emit(self.texts)

    def set_rows(self, rows: list[WorksheetRow]) -> None:
        """The rows valued (a list as long as the model's, of the same texts); a list for other
        texts (the user typed since) is not shown."""
        if [r.text for r in rows] != self.texts:
            return
        self._rows = list(rows)
        self._valued = [True] * len(rows)
        if rows:
            self.dataChanged.emit(self.index(0, 0), self.index(len(rows) - 1, len(COLUMNS) - 1))

    # -- the model ---------------------------------------------------------------------------
    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(COLUMNS)

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        if role != Qt.ItemDataRole.DisplayRole:
            return None
        if orientation == Qt.Orientation.Horizontal:
            return COLUMNS[section] if 0 <= section < len(COLUMNS) else None
        return str(section + 1)

    def flags(self, index: Index) -> Qt.ItemFlag:
        if not index.isValid():
            return Qt.ItemFlag.NoItemFlags
        base = Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable
        return base | Qt.ItemFlag.ItemIsEditable if index.column() == COL_DEAL else base

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or not 0 <= index.row() < len(self._rows):
            return None
        r, col = self._rows[index.row()], index.column()
        if role == RowRole:
            return r
        valued = self._valued[index.row()]
        if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.EditRole):
            if col == COL_DEAL:
                return r.text if role == Qt.ItemDataRole.EditRole else r.text.strip()
            if not valued:
                return PENDING
            if col == COL_VALUE:
                if r.value is not None:
                    return r.value.pretty()
                return "?" if r.beyond_reach else "—"  # "?": as whist value prints it
            if col == COL_KIND:
                return r.kind if r.error is None else r.error
        if role == Qt.ItemDataRole.ToolTipRole and valued:
            return r.error if r.error is not None else f"{r.text.strip()}: {r.kind}"
        if role == Qt.ItemDataRole.ForegroundRole and valued and r.error is not None:
            return QBrush(colour("error"))
        return None

    def setData(self, index: Index, value: Any, role: int = Qt.ItemDataRole.EditRole) -> bool:
        if (
            not index.isValid()
            or index.column() != COL_DEAL
            or role != Qt.ItemDataRole.EditRole
            or not isinstance(value, str)
        ):
            return False
        i = index.row()
        if value == self._rows[i].text:
            return False
        self._rows[i] = WorksheetRow(value)
        self._valued[i] = False
        self.dataChanged.emit(self.index(i, 0), self.index(i, len(COLUMNS) - 1))
        self.textsEdited.emit(self.texts)
        return True
