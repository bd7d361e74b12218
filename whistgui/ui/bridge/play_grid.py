"""The play record as every hand record prints it: a row a trick — its number, who led, the
four cards under their players (the opening leader's column first, clockwise), who won it —
the card led in bold, the winning card underlined. A card's double-dummy cost, once known
(:meth:`PlayGridModel.set_costs`), follows it ("♠4 −1", in the error colour on a tint); the
cell of the card at the cursor is current, and choosing a cell moves the cursor after its card.

:class:`PlayGridModel` is the item model (no widget), :class:`PlayGrid` the table view."""

from __future__ import annotations

from typing import Final

from PySide6.QtCore import (
    QAbstractTableModel,
    QModelIndex,
    QPersistentModelIndex,
    Qt,
    Signal,
)
from PySide6.QtGui import QBrush, QFont
from PySide6.QtWidgets import QAbstractItemView, QHeaderView, QTableView, QWidget

from whistgui.app.bridge import BridgeDocument
from whistgui.engine.bridge import BridgeCard, BridgePosition, Seat
from whistgui.engine.bridge.play import trick_winner
from whistgui.ui.bridge.table_cards import card_text, pair_words
from whistgui.ui.theme import colour

__all__ = [
    "COL_FIRST",
    "COL_LEAD",
    "COL_TRICK",
    "COL_WON",
    "CardIndexRole",
    "PlayGrid",
    "PlayGridModel",
    "TrickRow",
]

COL_TRICK: Final = 0
COL_LEAD: Final = 1
#: the first seat's column (the opening leader's); the other three follow clockwise
COL_FIRST: Final = 2
COL_WON: Final = 6
_COLUMNS: Final = 7
#: a card cell's place in the line of play (0 for the opening lead), None elsewhere
CardIndexRole: Final = int(Qt.ItemDataRole.UserRole) + 1

_Index = QModelIndex | QPersistentModelIndex


class TrickRow:
    """One trick of the line: its leader, its cards by seat with their places in the line,
    and its winner (None while under way)."""

    __slots__ = ("cards", "leader", "winner")

    def __init__(
        self, leader: Seat, cards: dict[Seat, tuple[BridgeCard, int]], winner: Seat | None
    ) -> None:
        self.leader = leader
        self.cards = cards
        self.winner = winner


def trick_rows(doc: BridgeDocument) -> list[TrickRow]:
    """The tricks of ``doc``'s line of play (none while its hands are not a deal)."""
    if doc.problem() is not None or not doc.played:
        return []
    pos = BridgePosition.start(doc.deal, doc.contract, doc.declarer)
    leader = pos.leader
    rows = []
    for t in range(0, len(doc.played), 4):
        cards = doc.played[t : t + 4]
        seats = leader.following()
        by_seat = {
            seat: (card, t + k) for k, (seat, card) in enumerate(zip(seats, cards, strict=False))
        }
        winner = trick_winner(leader, cards, doc.contract.strain) if len(cards) == 4 else None
        rows.append(TrickRow(leader, by_seat, winner))
        if winner is not None:
            leader = winner
    return rows


class PlayGridModel(QAbstractTableModel):
    """The tricks of a board's line of play, a row each."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._rows: list[TrickRow] = []
        self._first = Seat.W
        self._costs: dict[int, int] = {}
        self._cursor = 0

    # -- feeding ---------------------------------------------------------------------------
    def set_document(self, doc: BridgeDocument) -> None:
        """Show ``doc``'s line (its costs forgotten: they were another line's)."""
        self.beginResetModel()
        self._rows = trick_rows(doc)
        self._first = doc.declarer.next
        self._costs = {}
        self.endResetModel()

    def set_costs(self, costs: dict[int, int]) -> None:
        """Each played card's double-dummy cost to its side, by its place in the line."""
        self._costs = dict(costs)
        if self._rows:
            self.dataChanged.emit(self.index(0, 0), self.index(len(self._rows) - 1, _COLUMNS - 1))

    def set_cursor(self, cursor: int) -> None:
        """The number of cards played at the cursor: the card before it is current."""
        self._cursor = cursor

    @property
    def seats(self) -> tuple[Seat, ...]:
        """The seats' columns, in order: the opening leader's first."""
        return tuple(self._first.following())

    def index_of_card(self, place: int) -> QModelIndex:
        """The cell of the card at ``place`` in the line (invalid if there is none)."""
        row = place // 4
        if not 0 <= row < len(self._rows):
            return QModelIndex()
        for seat, (_, k) in self._rows[row].cards.items():
            if k == place:
                return self.index(row, COL_FIRST + self.seats.index(seat))
        return QModelIndex()

    # -- the model ------------------------------------------------------------------------
    def rowCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else _COLUMNS

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> object:
        if orientation != Qt.Orientation.Horizontal or not 0 <= section < _COLUMNS:
            return None
        if role == Qt.ItemDataRole.DisplayRole:
            if section == COL_TRICK:
                return "#"
            if section == COL_LEAD:
                return "Lead"
            if section == COL_WON:
                return "Won"
            return self.seats[section - COL_FIRST].name
        if role == Qt.ItemDataRole.ToolTipRole:
            if section == COL_LEAD:
                return "Who led to the trick"
            if section == COL_WON:
                return "Who won the trick"
            if section >= COL_FIRST:
                return f"{self.seats[section - COL_FIRST].word}'s cards"
        return None

    def _card(self, index: _Index) -> tuple[Seat, BridgeCard, int] | None:
        c = index.column()
        if not COL_FIRST <= c < COL_WON or not 0 <= index.row() < len(self._rows):
            return None
        seat = self.seats[c - COL_FIRST]
        held = self._rows[index.row()].cards.get(seat)
        return None if held is None else (seat, *held)

    def data(self, index: _Index, role: int = Qt.ItemDataRole.DisplayRole) -> object:
        if not index.isValid() or not 0 <= index.row() < len(self._rows):
            return None
        row = self._rows[index.row()]
        c = index.column()
        card = self._card(index)
        if role == Qt.ItemDataRole.DisplayRole:
            if c == COL_TRICK:
                return str(index.row() + 1)
            if c == COL_LEAD:
                return row.leader.name
            if c == COL_WON:
                return "" if row.winner is None else row.winner.name
            if card is None:
                return ""
            cost = self._costs.get(card[2], 0)
            return card_text(card[1]) + (f" \u2212{cost}" if cost > 0 else "")
        if role == CardIndexRole:
            return None if card is None else card[2]
        if role == Qt.ItemDataRole.TextAlignmentRole:
            return int(Qt.AlignmentFlag.AlignCenter)
        if card is None:
            return None
        seat, the_card, place = card
        if role == Qt.ItemDataRole.FontRole:
            if seat is row.leader or seat is row.winner:
                font = QFont()
                font.setBold(seat is row.leader)
                font.setUnderline(seat is row.winner)
                return font
            return None
        if role == Qt.ItemDataRole.BackgroundRole:
            # a costly card stands out from the red suits too: a tint behind it
            return QBrush(colour("minus_fill")) if self._costs.get(place, 0) > 0 else None
        if role == Qt.ItemDataRole.ForegroundRole:
            if self._costs.get(place, 0) > 0:
                return QBrush(colour("error"))
            if the_card.suit.name in ("H", "D"):
                return QBrush(colour("red_suit"))
            return None
        if role == Qt.ItemDataRole.ToolTipRole:
            return self.card_tooltip(index)
        return None

    def card_tooltip(self, index: _Index) -> str:
        """``Trick 3, card 2: ♠K by West; won the trick; cost East–West 1 trick``."""
        card = self._card(index)
        if card is None:
            return ""
        seat, the_card, place = card
        row = self._rows[index.row()]
        parts = [
            f"Trick {index.row() + 1}, card {place % 4 + 1}: {card_text(the_card)} by {seat.word}"
        ]
        if seat is row.leader:
            parts.append("led")
        if seat is row.winner:
            parts.append("won the trick")
        if place in self._costs:
            cost = self._costs[place]
            pair = f"{pair_words(seat)}"
            parts.append(
                f"cost {pair} {cost} trick{'s' if cost != 1 else ''}"
                if cost
                else f"no cost to {pair} (double dummy)"
            )
        return "; ".join(parts)

    def flags(self, index: _Index) -> Qt.ItemFlag:
        if not index.isValid():
            return Qt.ItemFlag.NoItemFlags
        if self._card(index) is None:
            return Qt.ItemFlag.ItemIsEnabled
        return Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable


class PlayGrid(QTableView):
    """The trick grid: choosing a card (click, Enter) asks to look at the position after it
    (:attr:`cardChosen`, the number of cards played then)."""

    cardChosen = Signal(int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.grid_model = PlayGridModel(self)
        self.setModel(self.grid_model)
        self.setObjectName("bridgeLine")
        self.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectItems)
        self.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.verticalHeader().hide()
        self.setAlternatingRowColors(True)
        header = self.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        header.setMinimumSectionSize(30)
        self.setToolTip("")
        self.setAccessibleName("Line of play, a trick a row")
        self.clicked.connect(self._chosen)
        self.activated.connect(self._chosen)

    def _chosen(self, index: QModelIndex) -> None:
        place = index.data(CardIndexRole)
        if isinstance(place, int):
            self.cardChosen.emit(place + 1)

    def show_document(self, doc: BridgeDocument) -> None:
        self.grid_model.set_document(doc)

    def show_cursor(self, cursor: int) -> None:
        """Make the card before the cursor current (none at the start)."""
        self.grid_model.set_cursor(cursor)
        index = self.grid_model.index_of_card(cursor - 1) if cursor > 0 else QModelIndex()
        sel = self.selectionModel()
        if not index.isValid():
            sel.clearSelection()
            return
        sel.setCurrentIndex(index, sel.SelectionFlag.ClearAndSelect)
        self.scrollTo(index)
