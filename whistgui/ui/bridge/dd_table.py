"""The double-dummy table as bridge programs print it: a row per declarer (N, S, E, W), a
column per strain (NT ♠ ♥ ♦ ♣, the red suits red), each cell the tricks that declarer takes
in that strain with the best play on both sides
(:func:`~whistgui.engine.bridge.dds.dd_table`).

Cells where the declarer makes a contract (7 tricks or more; more than half the tricks of an
ending) are bold on a green tint; the board's contract and declarer are outlined in the
highlight colour. Clicking a cell, or Enter (or Space) on it, emits
:attr:`DDTableView.contractChosen` with the highest contract that declarer makes there
(tricks − 6, at least 1) and the declarer. The view shows what it is given; the table is
computed by its owner (on the engine service) and handed over with :meth:`~DDTableView.
set_table`, with a line under it for the par result or a message (``computing…``).
"""

from __future__ import annotations

from typing import Final

from PySide6.QtCore import QEvent, QModelIndex, Qt, Signal
from PySide6.QtGui import QBrush, QColor, QFont, QPalette
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHeaderView,
    QLabel,
    QSizePolicy,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from whistgui.engine.bridge import Contract, Seat, Strain
from whistgui.engine.bridge.dds import DDTable
from whistgui.ui.theme import colour, is_dark, success_colour
from whistgui.ui.widgets.grid import ChoiceGrid, OutlineDelegate

__all__ = [
    "COLUMNS",
    "ROWS",
    "CurrentRole",
    "DDTableView",
    "MakesRole",
    "chosen_contract",
    "red_suit_colour",
]

#: The declarers, a row each, as bridge programs order them.
ROWS: Final = (Seat.N, Seat.S, Seat.E, Seat.W)
#: The strains, a column each, highest first.
COLUMNS: Final = (Strain.NT, Strain.S, Strain.H, Strain.D, Strain.C)
#: True on the cell of the board's contract and declarer.
CurrentRole: Final = Qt.ItemDataRole.UserRole + 1
#: True on a cell where the declarer makes a contract.
MakesRole: Final = Qt.ItemDataRole.UserRole + 2
#: Shown in every cell while there is no table.
NO_TABLE: Final = "—"
#: Tricks beyond which a contract's level counts.
BOOK: Final = 6


def red_suit_colour(palette: QPalette | None = None) -> QColor:
    """The red of ♥ and ♦ (the theme's ``red_suit``): the printed red on a light background,
    a lighter one on a dark."""
    return colour("red_suit", palette)


def chosen_contract(tricks: int, strain: Strain) -> Contract:
    """The highest contract ``tricks`` make in ``strain`` (level tricks − 6, at least 1 and at
    most 7)."""
    return Contract(max(1, min(7, tricks - BOOK)), strain)


def _cell_tip(seat: Seat, strain: Strain, tricks: int, size: int) -> str:
    if size != 13:
        return (
            f"{seat.word} takes {tricks} of the {size} tricks in {strain.symbol} "
            f"(this {size}-card ending, {seat.lho.word} leading)"
        )
    contract = chosen_contract(tricks, strain)
    name = f"{contract.level}{strain.symbol}"
    down = contract.tricks_needed - tricks
    if down <= 0:
        verb = "makes"
        result = f"{name} makes" + (f" with {-down} over" if down < 0 else "")
    else:
        verb = "takes"
        result = f"{name} goes {down} down"
    return (
        f"{seat.word} {verb} {tricks} trick{'s' if tricks != 1 else ''} in {strain.symbol}: "
        f"{result}\nClick (or Enter) to make {name} by {seat.word} the contract"
    )


class DDTableView(QWidget):
    """The double-dummy table of a deal, read-only; a cell chooses a contract."""

    #: (Contract, Seat): a cell was clicked or Enter pressed on it
    contractChosen = Signal(object, object)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._table: DDTable | None = None
        self._current: tuple[Seat, Strain] | None = None
        self._par = ""
        self._message = ""

        self.grid = ChoiceGrid(len(ROWS), len(COLUMNS), self)
        self.grid.setObjectName("ddTable")
        self.grid.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.grid.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
        self.grid.setTabKeyNavigation(False)
        self.grid.setItemDelegate(OutlineDelegate(CurrentRole, self.grid))
        self.grid.setWordWrap(False)
        self.grid.setCornerButtonEnabled(False)
        self.grid.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.grid.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.grid.setAccessibleName("Double-dummy table")
        self.grid.setToolTip("")
        for col, strain in enumerate(COLUMNS):
            head = QTableWidgetItem(strain.symbol)
            head.setToolTip("No trumps" if strain is Strain.NT else f"{strain.trump.word} trumps")  # type: ignore[union-attr]
            self.grid.setHorizontalHeaderItem(col, head)
        for row, seat in enumerate(ROWS):
            head = QTableWidgetItem(str(seat))
            head.setToolTip(f"{seat.word} declares")
            head.setTextAlignment(Qt.AlignmentFlag.AlignCenter)
            self.grid.setVerticalHeaderItem(row, head)
            for col in range(len(COLUMNS)):
                item = QTableWidgetItem(NO_TABLE)
                item.setTextAlignment(Qt.AlignmentFlag.AlignCenter)
                item.setFlags(Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable)
                self.grid.setItem(row, col, item)
        hh, vh = self.grid.horizontalHeader(), self.grid.verticalHeader()
        hh.setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        hh.setHighlightSections(False)
        vh.setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        vh.setHighlightSections(False)
        self.grid.clicked.connect(self._on_clicked)
        self.grid.chosen.connect(self._choose)

        self.note = QLabel(self)
        self.note.setObjectName("ddNote")
        self.note.setWordWrap(True)
        self.note.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)

        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(2)
        layout.addWidget(self.grid)
        layout.addWidget(self.note)
        layout.addStretch(1)
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Maximum)
        self._fit()
        self._refresh()

    # -- what it shows ------------------------------------------------------------------------
    def table(self) -> DDTable | None:
        """The table shown (None while there is none)."""
        return self._table

    def set_table(self, table: DDTable | None, *, par_text: str = "") -> None:
        """Show ``table`` (None: a dash in every cell, until :meth:`set_message` says why)
        with ``par_text`` under it."""
        self._table = table
        self._par = par_text if table is not None else ""
        self._message = ""
        self._refresh()

    def set_message(self, text: str) -> None:
        """A line under the table: ``computing…``, or why there is no table."""
        self._message = text
        self._show_note()

    def set_current(self, contract: Contract | None, declarer: Seat | None) -> None:
        """Outline the cell of ``contract``'s strain and ``declarer`` (None: no cell)."""
        self._current = (
            (declarer, contract.strain) if contract is not None and declarer is not None else None
        )
        self._refresh()

    def cell(self, seat: Seat, strain: Strain) -> QTableWidgetItem:
        """The item of ``seat`` declaring in ``strain``."""
        item = self.grid.item(ROWS.index(seat), COLUMNS.index(strain))
        assert item is not None
        return item

    def current_cell(self) -> tuple[Seat, Strain] | None:
        """The outlined cell: the board's declarer and strain."""
        return self._current

    def choice(self, seat: Seat, strain: Strain) -> tuple[Contract, Seat] | None:
        """What a click on the cell chooses (None while there is no table)."""
        if self._table is None:
            return None
        return chosen_contract(self._table[seat, strain], strain), seat

    # -- inside -------------------------------------------------------------------------------
    def _makes(self, tricks: int) -> bool:
        size = self._table.deal.size if self._table is not None else 13
        return tricks >= BOOK + 1 if size == 13 else 2 * tricks > size

    def _refresh(self) -> None:
        pal = self.palette()
        red = red_suit_colour(pal)
        text = pal.color(QPalette.ColorRole.ButtonText)
        for col, strain in enumerate(COLUMNS):
            head = self.grid.horizontalHeaderItem(col)
            if head is not None:
                head.setForeground(QBrush(red if strain in (Strain.H, Strain.D) else text))
        tint = QColor(success_colour(pal))
        tint.setAlpha(70 if is_dark(pal) else 45)
        current = QColor(pal.color(QPalette.ColorRole.Highlight))
        current.setAlpha(110 if is_dark(pal) else 70)
        bold = QFont(self.grid.font())
        bold.setBold(True)
        plain = QFont(self.grid.font())
        size = self._table.deal.size if self._table is not None else 13
        for row, seat in enumerate(ROWS):
            for col, strain in enumerate(COLUMNS):
                item = self.grid.item(row, col)
                if item is None:
                    continue
                is_current = self._current == (seat, strain)
                item.setData(CurrentRole, is_current)
                if self._table is None:
                    item.setText(NO_TABLE)
                    item.setToolTip("")
                    item.setData(MakesRole, False)
                    item.setFont(plain)
                    item.setBackground(QBrush(current) if is_current else QBrush())
                    continue
                tricks = self._table[seat, strain]
                makes = self._makes(tricks)
                item.setText(str(tricks))
                item.setToolTip(_cell_tip(seat, strain, tricks, size))
                item.setData(MakesRole, makes)
                item.setFont(bold if makes else plain)
                if is_current:
                    item.setBackground(QBrush(current))
                elif makes:
                    item.setBackground(QBrush(tint))
                else:
                    item.setBackground(QBrush())
        self._show_note()

    def _show_note(self) -> None:
        text = self._message or self._par
        self.note.setText(text)
        self.note.setToolTip(text if len(text) > 40 else "")

    def _fit(self) -> None:
        fm = self.grid.fontMetrics()
        row = fm.height() + 8
        vh, hh = self.grid.verticalHeader(), self.grid.horizontalHeader()
        vh.setDefaultSectionSize(row)
        vh.setMinimumWidth(fm.horizontalAdvance("W") + 16)
        hh.setMinimumSectionSize(fm.horizontalAdvance("NT") + 14)
        height = hh.sizeHint().height() + row * len(ROWS) + 2 * self.grid.frameWidth()
        self.grid.setFixedHeight(height)
        self.grid.setMinimumWidth(
            vh.minimumWidth() + len(COLUMNS) * (fm.horizontalAdvance("NT") + 14)
        )
        self.note.setMinimumHeight(fm.height())

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if event.type() in (QEvent.Type.PaletteChange, QEvent.Type.FontChange):
            if event.type() is QEvent.Type.FontChange:
                self._fit()
            self._refresh()

    def _on_clicked(self, index: QModelIndex) -> None:
        self._choose(index.row(), index.column())

    def _choose(self, row: int, col: int) -> None:
        if not (0 <= row < len(ROWS) and 0 <= col < len(COLUMNS)):
            return
        chosen = self.choice(ROWS[row], COLUMNS[col])
        if chosen is not None:
            self.contractChosen.emit(*chosen)
