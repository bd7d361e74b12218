"""The model of the tree of the current trick (see :mod:`whistgui.ui.bridge.trick_tree`): a
node a card (or equivalent cards) of the trick, four levels from the trick's start, each node's
tricks for the declaring side under best play and whether that makes the contract; children
fetched lazily, asked of the view by :attr:`TrickTreeModel.want` while a ``computing…`` child
stands in. Its colours (the red suits, win and lose) are the theme's, read when a view asks."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any, Final

from PySide6.QtCore import Qt
from PySide6.QtGui import QBrush, QFont, QGuiApplication, QPalette

from whistgui.app.bridge import CardMark, card_marks, cards_text, equivalent_groups
from whistgui.engine.bridge import BridgeCard, BridgePosition, Contract, Seat, Suit, trick_winner
from whistgui.engine.bridge.contract import TRICKS
from whistgui.ui.bridge.dd_table import red_suit_colour
from whistgui.ui.theme import error_colour, success_colour
from whistgui.ui.widgets.lazy_tree import Index, LazyTreeModel, NodeRole, path_from_root

__all__ = [
    "CACHE_SIZE",
    "COL_LEVELS",
    "COL_RESULT",
    "COL_TREE",
    "COL_TRICKS",
    "COMPUTING",
    "PLAYED",
    "OnLineRole",
    "Scorer",
    "TrickNode",
    "TrickTreeModel",
    "cards_text",
    "equivalent_groups",
    "trick_start",
]

#: The text of the child that stands in while a node's children are computed.
COMPUTING: Final = "computing…"
#: ``scorer(position)`` → {legal card: tricks the mover's side takes from the trick's start}.
Scorer = Callable[[BridgePosition], dict[BridgeCard, int]]

COL_TREE, COL_L1, COL_L2, COL_L3, COL_L4, COL_TRICKS, COL_RESULT = range(7)
#: The columns of levels 1 to 4 (a node of level k shows its card in ``COL_LEVELS[k - 1]``).
COL_LEVELS: Final = (COL_L1, COL_L2, COL_L3, COL_L4)
#: True for a node on the line actually played.
OnLineRole: Final = Qt.ItemDataRole.UserRole + 2
#: The mark of a node on the line played.
PLAYED: Final = "●"
#: Scores remembered, at most (the oldest half is forgotten beyond).
CACHE_SIZE: Final = 20000


def trick_start(position: BridgePosition) -> BridgePosition:
    """``position`` with the cards of the trick in progress back in their hands."""
    if not position.trick:
        return position
    return BridgePosition(
        position.deal.hands, position.strain, position.leader, (), position.tricks
    )


class TrickNode:
    """A node of the trick's tree: the root (level 0, the trick's start), a card group of
    level 1–4 (``cards`` high to low, ``card`` the one played to reach ``position``), or the
    stand-in child shown while its parent's children are computed (``message``)."""

    __slots__ = (
        "card",
        "cards",
        "children",
        "level",
        "mark",
        "message",
        "parent",
        "position",
        "row",
        "seat",
    )

    def __init__(
        self,
        position: BridgePosition,
        parent: TrickNode | None = None,
        row: int = 0,
        cards: tuple[BridgeCard, ...] = (),
        card: BridgeCard | None = None,
        mark: CardMark | None = None,
        message: str | None = None,
    ) -> None:
        self.position = position
        self.parent = parent
        self.row = row
        self.cards = cards
        self.card = card
        self.mark = mark
        self.message = message
        self.level: int = 0 if parent is None else parent.level + 1
        self.seat: Seat | None = None if parent is None else parent.position.to_move
        self.children: list[TrickNode] | None = None

    @property
    def is_stand_in(self) -> bool:
        return self.message is not None

    @property
    def is_leaf(self) -> bool:
        return self.is_stand_in or self.level >= 4 or self.position.is_over

    @property
    def waiting(self) -> bool:
        """Its children are being (or were to be) computed: it has only the stand-in."""
        return bool(self.children) and self.children[0].is_stand_in  # type: ignore[index]

    def path(self) -> list[TrickNode]:
        """The nodes from the first level down to this one (the root left out)."""
        return path_from_root(self)[1:]

    def walk(self) -> Iterator[TrickNode]:
        """This node and every node fetched under it, depth first."""
        yield self
        for child in self.children or ():
            yield from child.walk()

    def __repr__(self) -> str:
        what = self.message if self.is_stand_in else cards_text(self.cards) or "root"
        return f"<TrickNode {self.level} {self.seat} {what}>"


class TrickTreeModel(LazyTreeModel[TrickNode]):
    """The tree of one trick for one contract. ``want(node)`` is called when a node's children
    need scores that are not in :attr:`cache`; :meth:`fill` brings them."""

    HEADERS = ("Trick", "1", "2", "3", "4", "Tricks", "Result")

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self.cache: dict[BridgePosition, dict[BridgeCard, int]] = {}
        self.contract: Contract = Contract.parse("3NT")
        self.declarer: Seat = Seat.S
        self.line: tuple[BridgeCard, ...] = ()  # the cards of this trick actually played
        self.want: Callable[[TrickNode], None] = lambda node: None

    # -- the tree -----------------------------------------------------------------------------
    def start(
        self,
        position: BridgePosition | None,
        contract: Contract,
        declarer: Seat,
        line: tuple[BridgeCard, ...],
    ) -> None:
        """A new root: the trick starting at ``position`` (None: no tree)."""
        self.contract, self.declarer, self.line = contract, declarer, line
        self.set_root(None if position is None else TrickNode(position))
        self.headerDataChanged.emit(Qt.Orientation.Horizontal, 0, len(self.HEADERS) - 1)

    def set_line(self, line: tuple[BridgeCard, ...]) -> None:
        """Another line played through the same trick: the marks move."""
        if line == self.line:
            return
        self.line = line
        if self.root is not None:
            for node in self.root.walk():
                self.dataChanged.emit(self.index_of(node, 0), self.index_of(node, COL_RESULT))

    def on_line(self, node: TrickNode) -> bool:
        """Is ``node`` on the line played (every card to it the one played)?"""
        for n in node.path():
            if n.is_stand_in or len(self.line) < n.level or self.line[n.level - 1] not in n.cards:
                return False
        return True

    def is_leaf(self, node: TrickNode) -> bool:
        return node.is_leaf

    def make_children(self, node: TrickNode) -> list[TrickNode]:
        scores = self.cache.get(node.position)
        if scores is not None:
            return self._children(node, scores)
        self.want(node)
        return [TrickNode(node.position, node, 0, message=COMPUTING)]

    def _children(self, node: TrickNode, scores: dict[BridgeCard, int]) -> list[TrickNode]:
        pos = node.position
        marks = card_marks(pos, scores, self.contract, self.declarer)
        if node.parent is None:
            best = [m for m in marks.values() if m.best]
            node.mark = best[0] if best else None
        played = self.line[node.level] if len(self.line) > node.level else None
        on_line = node.parent is None or self.on_line(node)
        out: list[TrickNode] = []
        for group in equivalent_groups(pos, list(scores)):
            # split a group whose scores differ (equivalent cards never do, but trust nothing)
            runs: list[list[BridgeCard]] = []
            for card in group:
                if runs and scores[runs[-1][-1]] == scores[card]:
                    runs[-1].append(card)
                else:
                    runs.append([card])
            for run in runs:
                card = played if on_line and played in run else run[0]
                out.append(TrickNode(pos.play(card), node, len(out), tuple(run), card, marks[card]))
        return out

    def fill(self, node: TrickNode, scores: dict[BridgeCard, int]) -> None:
        """``node``'s children from its position's ``scores`` in place of the stand-in."""
        if not node.waiting:
            return
        parent = self.index_of(node)
        self.beginRemoveRows(parent, 0, 0)
        node.children = []
        self.endRemoveRows()
        children = self._children(node, scores)
        if children:
            self.beginInsertRows(parent, 0, len(children) - 1)
            node.children = children
            self.endInsertRows()
        if node.parent is None:
            self.dataChanged.emit(self.index_of(node, 0), self.index_of(node, COL_RESULT))

    def say(self, node: TrickNode, message: str) -> None:
        """The stand-in child of ``node`` says ``message`` (a failure, or computing again)."""
        if node.waiting:
            stand_in = node.children[0]  # type: ignore[index]
            stand_in.message = message
            self.dataChanged.emit(self.index_of(stand_in, 0), self.index_of(stand_in, COL_RESULT))

    # -- what the columns show ------------------------------------------------------------------
    @property
    def dealt(self) -> int:
        """The tricks of the deal the tree is of: 13, or fewer in an ending (13 with no tree)."""
        root = self.root
        if root is None:
            return TRICKS
        return sum(root.position.tricks) + root.position.tricks_left

    @property
    def ending(self) -> bool:
        """Whether the tree is of an ending, which decides no contract."""
        return self.dealt < TRICKS

    def header_tip(self, section: int) -> str:
        root = self.root
        if root is None or section not in COL_LEVELS:
            result = (
                f"best: the card keeps what its side can get of this ending's {self.dealt} "
                "tricks; costs n: its side takes n tricks fewer (both sides playing best "
                "after this card)"
                if self.ending
                else "win: the contract makes; lose: it goes down (both sides playing best "
                "after this card)"
            )
            return {
                COL_TREE: "● and bold: the line actually played",
                COL_TRICKS: "The tricks the declaring side ends the deal with if this card is "
                "played and both sides then play best",
                COL_RESULT: result,
            }.get(section, "")
        seat = root.position.leader.following()[COL_LEVELS.index(section)]
        if self.ending:
            if seat.side is self.declarer.side:
                return (
                    f"∃ {seat.word} (declarer's side chooses): the declaring side takes here "
                    f"the most tricks any card of {seat.word}'s gives it"
                )
            return (
                f"∀ {seat.word} (defence): the declaring side takes here the fewest tricks "
                f"any card of {seat.word}'s leaves it"
            )
        if seat.side is self.declarer.side:
            return (
                f"∃ {seat.word} (declarer's side chooses): the contract is won here if "
                f"there is a card of {seat.word}'s that wins"
            )
        return (
            f"∀ {seat.word} (defence): the contract is won here only if it is won after "
            f"every card of {seat.word}'s"
        )

    def header_text(self, section: int) -> str:
        root = self.root
        if section in COL_LEVELS and root is not None:
            seat = root.position.leader.following()[COL_LEVELS.index(section)]
            if seat.side is self.declarer.side:
                return f"∃ {seat.word}\ndeclaring"
            return f"∀ {seat.word}\ndefending"
        if section == COL_TRICKS:
            return f"{self.declarer.side}\ntricks".replace("NS", "N–S").replace("EW", "E–W")
        if section == COL_RESULT:
            if self.ending:
                return "ending\nbest/costs"
            c = self.contract
            return f"{c.level}{c.strain.symbol}{'X' * c.doubled} {self.declarer}\nwin/lose"
        return ""

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        if orientation != Qt.Orientation.Horizontal or "declarer" not in vars(self):
            # (a view asked before __init__ ran to its end, or while the model is torn down:
            # seen once under pytest --exhaustive, an AttributeError in the event loop)
            return None
        if role == Qt.ItemDataRole.DisplayRole:
            return self.header_text(section)
        if role == Qt.ItemDataRole.ToolTipRole:
            return self.header_tip(section)
        return None

    def result_text(self, mark: CardMark) -> str:
        """``win =``, ``lose −2`` for a whole deal; in an ending (no contract decided) ``best``
        or ``costs 1``: the card against the best of its side's."""
        if mark.ending:
            return "best" if mark.best else f"costs {mark.cost}"
        return ("win " if mark.made else "lose ") + mark.text(self.contract)

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        node = self.node(index)
        if node is None:
            return None
        col = index.column()
        if role == NodeRole:
            return node
        if role == OnLineRole:
            return node.parent is not None and not node.is_stand_in and self.on_line(node)
        if node.is_stand_in:
            return self._stand_in_data(node, col, role)
        if role == Qt.ItemDataRole.DisplayRole:
            return self._text(node, col)
        if role == Qt.ItemDataRole.ToolTipRole:
            return self._tip(node)
        if role == Qt.ItemDataRole.TextAlignmentRole and col != COL_TREE:
            return Qt.AlignmentFlag.AlignCenter
        if role == Qt.ItemDataRole.FontRole and node.parent is not None and self.on_line(node):
            font = QFont()
            font.setBold(True)
            return font
        if role == Qt.ItemDataRole.ForegroundRole:
            pal = QGuiApplication.palette()
            if col in COL_LEVELS and node.cards and node.cards[0].suit in (Suit.H, Suit.D):
                return QBrush(red_suit_colour(pal))
            if col == COL_RESULT and node.mark is not None:
                return QBrush(success_colour(pal) if node.mark.good else error_colour(pal))
        return None

    def _text(self, node: TrickNode, col: int) -> str:
        if col == COL_TREE:
            if node.parent is None:
                return f"Trick {sum(node.position.tricks) + 1}"
            return PLAYED if self.on_line(node) else ""
        if col in COL_LEVELS:
            return cards_text(node.cards) if COL_LEVELS.index(col) + 1 == node.level else ""
        if node.mark is None:
            return ""
        if col == COL_TRICKS:
            return str(node.mark.declarer_tricks)
        if col == COL_RESULT:
            return self.result_text(node.mark)
        return ""

    def _tip(self, node: TrickNode) -> str:
        if node.parent is None:
            pos = node.position
            c = self.contract
            contract = f"{c.level}{c.strain.symbol}{'X' * c.doubled}"
            if self.ending:
                text = (
                    f"Trick {sum(pos.tricks) + 1}, {pos.leader.word} to lead; {contract} by "
                    f"{self.declarer.word} in an ending of {self.dealt} tricks"
                )
                if node.mark is not None:
                    text += (
                        "; with best play the declaring side takes "
                        f"{node.mark.declarer_tricks} of them"
                    )
                return text
            text = (
                f"Trick {sum(pos.tricks) + 1}, {pos.leader.word} to lead; "
                f"{contract} by {self.declarer.word} "
                f"needs {self.contract.tricks_needed} tricks"
            )
            if node.mark is not None:
                text += (
                    f"; with best play the declaring side takes {node.mark.declarer_tricks}: "
                    f"{self.result_text(node.mark)}"
                )
            return text
        if node.seat is None or node.mark is None:
            return ""
        cards = " or ".join(cards_text((c,)) for c in node.cards)
        same = " (equivalent)" if len(node.cards) > 1 else ""
        text = (
            f"{node.seat.word} plays {cards}{same}: the declaring side ends with "
            f"{node.mark.declarer_tricks} tricks, {self.result_text(node.mark)}"
        )
        trick = [n.card for n in node.path() if n.card is not None]
        if node.level == 4 and len(trick) == 4 and self.root is not None:
            winner = trick_winner(self.root.position.leader, trick, self.contract.strain)
            text += f"; {winner.word} wins the trick"
        if self.on_line(node):
            text += " — the card played"
        return text + "\nDouble-click (or Enter) to play to here"

    def _stand_in_data(self, node: TrickNode, col: int, role: int) -> Any:
        # the view spans a stand-in's first column across the row
        if role == Qt.ItemDataRole.DisplayRole:
            return node.message if col == COL_TREE else ""
        if role == Qt.ItemDataRole.ToolTipRole:
            return node.message
        if role == Qt.ItemDataRole.FontRole:
            font = QFont()
            font.setItalic(True)
            return font
        if role == Qt.ItemDataRole.ForegroundRole:
            pal = QGuiApplication.palette()
            if node.message != COMPUTING:
                return QBrush(error_colour(pal))
            return QBrush(pal.color(QPalette.ColorRole.PlaceholderText))
        return None

    def flags(self, index: Index) -> Qt.ItemFlag:
        node = self.node(index)
        if node is not None and node.is_stand_in:
            return Qt.ItemFlag.ItemIsEnabled
        return super().flags(index)
