"""The tree of reductions of one suit, fetched lazily, as an item model.

The root is the suit D being inspected; the children of a node D are its reductions D_ij, one
per pair of West and East *sequences* (equivalent cards give the same reduction), each showing
the remaining state, the cards played and its labeled value α_ij; leaves are the empty deal.
Children are made only when a view asks for them (``canFetchMore`` / ``fetchMore``), so a
seven-card suit's tree, with millions of nodes, costs nothing until it is walked.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from PySide6.QtCore import QMimeData, QModelIndex, Qt

from whistgui.engine import Evaluator, LabeledValue, Outcome, Player, SuitDeal, Value, rho
from whistgui.engine.trick.cards import ranks_text
from whistgui.engine.trick.notation import format_suit_paper
from whistgui.engine.trick.rules import WHIST_RULES
from whistgui.figures.tree import reductions
from whistgui.ui.widgets.deal_drag import DEAL_MIME_TYPE, deal_mime
from whistgui.ui.widgets.lazy_tree import Index, LazyTreeModel, NodeRole, path_from_root

COL_DEAL, COL_PLAYED, COL_ALPHA, COL_OUTCOME = range(4)
HEADERS: Final = ("State", "Cards played", "α", "ρ")


class Node:
    """One state in the tree: tricks already won by West plus a single suit."""

    __slots__ = ("children", "label", "parent", "played", "row", "suit", "tricks")

    def __init__(
        self,
        suit: SuitDeal,
        tricks: int = 0,
        parent: Node | None = None,
        row: int = 0,
        played: tuple[tuple[int, ...], tuple[int, ...]] | None = None,
        label: LabeledValue | None = None,
    ) -> None:
        self.suit = suit
        self.tricks = tricks
        self.parent = parent
        self.row = row
        self.played = played  # (West's sequence, East's sequence) of the card played
        self.label = label
        self.children: list[Node] | None = None  # None until fetched

    def state_text(self, abstract: bool = False) -> str:
        """``1 + AJ/KQ``; an abstract suit's remains keep integer ranks."""
        if self.suit.is_empty:
            body = "0"
        elif abstract:
            body = format_suit_paper(self.suit, integers=True)
        else:
            body = str(self.suit)
        return f"{self.tricks} + {body}" if self.tricks else body

    def played_text(self, abstract: bool = False) -> str:
        if self.played is None:
            return ""
        w, e = self.played
        wt = ranks_text(w, standard=not abstract)
        et = ranks_text(e, standard=not abstract)
        return f"W {wt} · E {et}"

    def path(self) -> list[Node]:
        """The nodes from the root down to this one."""
        return path_from_root(self)


class ReductionTreeModel(LazyTreeModel[Node]):
    """Lazily expanded tree of reductions. Values come from the evaluator it is given (warm
    its memo off the GUI thread first: then every look-up here is instant) — whist's, or
    Greedy Whist's (an evaluator with ``greedy``); each state's outcome is read by ``read``,
    named ``reads`` in the last column's header (ρ; reduced whist's ⌊ρ′⌋)."""

    HEADERS = HEADERS

    def __init__(
        self,
        evaluator: Evaluator,
        parent: Any = None,
        *,
        read: Callable[[Value], Outcome] = rho,
        reads: str = "ρ",
    ) -> None:
        super().__init__(parent)
        self._ev = evaluator
        self._read = read
        self.HEADERS = (HEADERS[COL_DEAL], HEADERS[COL_PLAYED], HEADERS[COL_ALPHA], reads)
        #: The suit has non-standard ranks: write every rank as an integer.
        self.abstract = False

    # -- content --------------------------------------------------------------------------
    def set_suit(self, suit: SuitDeal | None) -> None:
        self.abstract = suit is not None and not suit.is_standard
        self.set_root(Node(suit) if suit is not None else None)

    def is_leaf(self, node: Node) -> bool:
        return node.suit.is_empty

    def value(self, node: Node) -> Value:
        v = Value(0) if node.suit.is_empty else self._ev.suit_value(node.suit)
        return v + node.tricks

    def make_children(self, node: Node) -> list[Node]:
        out: list[Node] = []
        for wseq, eseq, rest in reductions(node.suit):
            west_wins = WHIST_RULES.beats(eseq[-1], wseq[-1])  # one suit: the higher wins
            tricks = node.tricks + (1 if west_wins else 0)
            v = (Value(0) if rest.is_empty else self._ev.suit_value(rest)) + tricks
            label = LabeledValue(Player.WEST if west_wins else Player.EAST, v)
            out.append(Node(rest, tricks, node, len(out), (wseq, eseq), label))
        return out

    # -- dragging a state's suit (to the values worksheet) ---------------------------------
    def flags(self, index: Index) -> Qt.ItemFlag:
        flags = super().flags(index)
        n = self.node(index)
        if n is not None and not n.suit.is_empty:
            flags |= Qt.ItemFlag.ItemIsDragEnabled
        return flags

    def mimeTypes(self) -> list[str]:
        return [DEAL_MIME_TYPE]

    def mimeData(self, indexes: list[QModelIndex]) -> QMimeData:  # type: ignore[override]
        """The suit of the state dragged (its tricks taken are not part of a deal)."""
        nodes = [n for n in (self.node(i) for i in indexes) if n is not None]
        suit = nodes[0].suit if nodes else None
        text = "" if suit is None or suit.is_empty else str(suit)
        return deal_mime(text, "inspector")

    # -- data -----------------------------------------------------------------------------
    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        n = self.node(index)
        if n is None:
            return None
        if role == NodeRole:
            return n
        col = index.column()
        if role == Qt.ItemDataRole.DisplayRole:
            if col == COL_DEAL:
                return n.state_text(self.abstract)
            if col == COL_PLAYED:
                return n.played_text(self.abstract)
            if col == COL_ALPHA:
                if n.label is None:
                    return f"val {self.value(n).pretty()}"
                return n.label.pretty()
            if col == COL_OUTCOME:
                o = self._read(self.value(n))
                return f"({o.west_lead}, {o.east_lead})"
        if role == Qt.ItemDataRole.ToolTipRole and col == COL_ALPHA and n.label is not None:
            who = "West" if n.label.player is Player.WEST else "East"
            return f"{who} won the trick and leads; the state's value is {n.label.value.pretty()}"
        return None
