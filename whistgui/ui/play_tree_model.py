"""The play tree of a whole deal, trick by trick, fetched lazily, as an item model.

The root is the deal before the first card with a given player on lead; the children of a node
are the tricks that can be played from it, one per pair of a *lead group* and a *reply group*:
the leader's cards grouped into sequences per suit (cards of one suit with no card of the other
hand still in play between them, hence equivalent), the lowest card of each standing for its
group; then, for each lead, the follower's replies grouped the same way — in the suit led if he
can follow (the led card separating sequences: a card below it and one above it are not
equivalent), else every sequence of every other suit as a discard. Children are ordered by the
leader's groups suit by suit, high first, then by the follower's groups likewise.

Each node shows the trick that led to it, the remaining deal, West's tricks so far, the sum of
suit values plus those tricks (symmetric remaining deals only), the outcome ρ predicts for the
player on lead, and the exact result West gets under optimal play from there. Children that are
optimal for both sides — the leader's best lead answered by the follower's best reply — are
marked (bold, a ``★``, :data:`OptimalRole`), so the principal lines of play stand out.

Nothing is computed until a view asks: children are made on ``fetchMore`` only, and values and
results on ``data``. Those look-ups run on the GUI thread, which is fine only if the caller has
*warmed* the solver and the evaluator first, off the GUI thread: after
``solver.warm(deal, leaders=(leader,), scorings=(False,))`` every ``solver.result`` of a
position reachable from the deal is a transposition-table hit, and
after ``evaluator.value(deal)`` every suit value is memoised (the remains of a suit are
patterns the evaluator has met while valuing it). An unwarmed solver still gives the right
answers, only perhaps slowly.
"""

from __future__ import annotations

from typing import Any, Final

from PySide6.QtCore import Qt
from PySide6.QtGui import QFont

from whistgui.engine import Card, Deal, Evaluator, Player, Position, Solver, Trick, Value, rho
from whistgui.ui.lazy_tree import Index, LazyTreeModel, NodeRole

__all__ = [
    "COL_EXACT",
    "COL_PREDICTED",
    "COL_REMAINING",
    "COL_TRICK",
    "COL_VALUE",
    "COL_WEST_TRICKS",
    "HEADERS",
    "NO_VALUE",
    "STAR",
    "Node",
    "NodeRole",
    "OptimalRole",
    "PlayTreeModel",
    "path_text",
]


COL_TRICK, COL_REMAINING, COL_WEST_TRICKS, COL_VALUE, COL_PREDICTED, COL_EXACT = range(6)
HEADERS: Final = ("Trick", "Remaining", "West tricks", "Value", "Predicted", "Exact")
#: True for a child optimal for both sides (the leader's best lead, the follower's best reply).
OptimalRole: Final = Qt.ItemDataRole.UserRole + 2
#: Shown for Value and Predicted when the remaining deal is not symmetric.
NO_VALUE: Final = "—"
STAR: Final = "★"


class Node:
    """A position between tricks, the trick that led to it (None for the root) and its
    children (None until fetched).

    ``lead_seq`` and ``reply_seq`` are the sequences (high to low) the trick's cards stand for;
    the cards played, ``trick.lead`` and ``trick.reply``, are their lowest cards. ``lead_group``
    numbers the leader's group among the parent's children, so siblings with the same lead can
    be told apart from the cards alone.
    """

    __slots__ = (
        "_exact",
        "_optimal",
        "_value",
        "_value_known",
        "children",
        "lead_group",
        "lead_seq",
        "parent",
        "position",
        "reply_seq",
        "row",
        "trick",
    )

    def __init__(
        self,
        position: Position,
        parent: Node | None = None,
        row: int = 0,
        trick: Trick | None = None,
        lead_seq: tuple[Card, ...] = (),
        reply_seq: tuple[Card, ...] = (),
        lead_group: int = 0,
    ) -> None:
        self.position = position
        self.parent = parent
        self.row = row
        self.trick = trick
        self.lead_seq = lead_seq
        self.reply_seq = reply_seq
        self.lead_group = lead_group
        self.children: list[Node] | None = None  # None until fetched
        self._exact: int | None = None
        self._value: Value | None = None
        self._value_known = False
        self._optimal: bool | None = None

    @property
    def deal(self) -> Deal:
        """The remaining deal."""
        return self.position.deal

    @property
    def is_leaf(self) -> bool:
        return self.position.is_over

    @property
    def depth(self) -> int:
        """Tricks played from the root to here."""
        d, node = 0, self.parent
        while node is not None:
            d, node = d + 1, node.parent
        return d

    def path(self) -> list[Node]:
        """The nodes from the root down to this one."""
        out: list[Node] = []
        node: Node | None = self
        while node is not None:
            out.append(node)
            node = node.parent
        return out[::-1]

    def trick_text(self) -> str:
        """``W S:A · E S:K``; a card standing for a longer sequence lists the others in
        brackets, ``E S:Q (=K)``; the root says who leads."""
        if self.trick is None:
            return f"Start: {self.position.leader} on lead"
        t = self.trick
        return (
            f"{t.leader} {_seq_text(self.position, self.lead_seq)} · "
            f"{t.leader.other} {_seq_text(self.position, self.reply_seq)}"
        )

    def __repr__(self) -> str:
        return f"<Node {self.trick_text()!r} {self.deal}>"


def _seq_text(position: Position, seq: tuple[Card, ...]) -> str:
    card = seq[-1]
    text = position.card_name(card)
    others = seq[:-1]
    if others:
        text += " (=" + "=".join(position.card_name(c).split(":", 1)[1] for c in others) + ")"
    return text


def path_text(node: Node) -> str:
    """The line of play from the root to ``node``: ``1. W S:A E S:K  2. E H:A W H:K``."""
    parts = []
    for i, n in enumerate(node.path()[1:], start=1):
        t = n.trick
        assert t is not None
        parts.append(
            f"{i}. {t.leader} {n.position.card_name(t.lead)} "
            f"{t.leader.other} {n.position.card_name(t.reply)}"
        )
    return "  ".join(parts)


def trick_groups(position: Position) -> list[tuple[tuple[Card, ...], list[tuple[Card, ...]]]]:
    """For a position between tricks: each lead group with its legal reply groups under the
    position's rules (see the module docstring), every group a sequence of cards high to
    low."""
    out = []
    for lead_seq in position.legal_groups():
        out.append((lead_seq, position.play(lead_seq[-1]).legal_groups()))
    return out


class PlayTreeModel(LazyTreeModel[Node]):
    """Lazily expanded tree of tricks of a whole deal. Results come from the solver and values
    from the evaluator it is given: warm both off the GUI thread first (see the module
    docstring)."""

    HEADERS = HEADERS

    def __init__(self, solver: Solver, evaluator: Evaluator, parent: Any = None) -> None:
        super().__init__(parent)
        self._solver = solver
        self._ev = evaluator

    # -- content --------------------------------------------------------------------------
    def set_position(self, deal: Deal | None, leader: Player = Player.WEST) -> None:
        """Show the play of ``deal`` with ``leader`` on lead (None: an empty model). Raises
        DealError, leaving the model as it was, if the hands differ in size."""
        start = Position.start(deal, leader) if deal is not None else None
        self.set_root(Node(start) if start is not None else None)

    def is_leaf(self, node: Node) -> bool:
        return node.is_leaf

    @property
    def solver(self) -> Solver:
        return self._solver

    @property
    def evaluator(self) -> Evaluator:
        return self._ev

    def exact(self, node: Node) -> int:
        """West's total tricks under optimal play from ``node`` (tricks taken included)."""
        if node._exact is None:
            node._exact = int(self._solver.result(node.position))
        return node._exact

    def value(self, node: Node) -> Value | None:
        """val(remaining deal) + West's tricks, or None if the remaining deal is asymmetric."""
        if not node._value_known:
            deal = node.deal
            node._value = (
                self._ev.value(deal) + node.position.west_tricks if deal.is_symmetric else None
            )
            node._value_known = True
        return node._value

    def predicted(self, node: Node) -> int | None:
        """ρ(value) for the player on lead at ``node``, or None without a value."""
        v = self.value(node)
        if v is None:
            return None
        o = rho(v)
        return int(o.west_lead if node.position.leader is Player.WEST else o.east_lead)

    def is_optimal(self, node: Node) -> bool:
        """``node``'s trick is optimal for both sides: its lead is one of the leader's best
        and its reply one of the follower's best answers to that lead (so its Exact equals
        its parent's). The root counts as optimal."""
        parent = node.parent
        if parent is None:
            return True
        if node._optimal is None:
            self._mark_optimal(parent)
        return bool(node._optimal)

    def _mark_optimal(self, parent: Node) -> None:
        children = parent.children or []
        west_leads = parent.position.leader is Player.WEST
        # The follower's best per lead group: min for East following West, max for West.
        lead_value: dict[int, int] = {}
        for c in children:
            x = self.exact(c)
            g = c.lead_group
            if g not in lead_value:
                lead_value[g] = x
            else:
                lead_value[g] = min(lead_value[g], x) if west_leads else max(lead_value[g], x)
        if not lead_value:
            return
        best = max(lead_value.values()) if west_leads else min(lead_value.values())
        for c in children:
            c._optimal = lead_value[c.lead_group] == best and self.exact(c) == best

    def make_children(self, node: Node) -> list[Node]:
        pos = node.position
        if pos.is_over:
            return []
        out: list[Node] = []
        for g, (lead_seq, replies) in enumerate(trick_groups(pos)):
            lead = lead_seq[-1]  # any card of a sequence: take the lowest
            after_lead = pos.play(lead)
            for reply_seq in replies:
                reply = reply_seq[-1]
                winner = after_lead.trick_winner(reply)
                trick = Trick(pos.leader, lead, reply, winner)
                child = Node(after_lead.play(reply), node, len(out), trick, lead_seq, reply_seq, g)
                out.append(child)
        return out

    # -- data -----------------------------------------------------------------------------
    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        n = self.node(index)
        if n is None:
            return None
        if role == NodeRole:
            return n
        if role == OptimalRole:
            return n.parent is not None and self.is_optimal(n)
        col = index.column()
        if role == Qt.ItemDataRole.DisplayRole:
            return self._display(n, col)
        if role == Qt.ItemDataRole.FontRole:
            if n.parent is not None and self.is_optimal(n):
                font = QFont()
                font.setBold(True)
                return font
            return None
        if role == Qt.ItemDataRole.TextAlignmentRole and col in (
            COL_WEST_TRICKS,
            COL_VALUE,
            COL_PREDICTED,
            COL_EXACT,
        ):
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        if role == Qt.ItemDataRole.ToolTipRole:
            return self._tooltip(n, col)
        return None

    def _display(self, n: Node, col: int) -> str | None:
        if col == COL_TRICK:
            text = n.trick_text()
            if n.parent is not None and self.is_optimal(n):
                text = f"{STAR} {text}"
            return text
        if col == COL_REMAINING:
            return str(n.deal)
        if col == COL_WEST_TRICKS:
            return str(n.position.west_tricks)
        if col == COL_VALUE:
            v = self.value(n)
            return NO_VALUE if v is None else v.pretty()
        if col == COL_PREDICTED:
            p = self.predicted(n)
            return NO_VALUE if p is None else str(p)
        if col == COL_EXACT:
            return str(self.exact(n))
        return None

    def _tooltip(self, n: Node, col: int) -> str | None:
        if col == COL_TRICK:
            if n.trick is None:
                return f"{n.position.leader} leads to the first trick"
            who = "West" if n.trick.winner is Player.WEST else "East"
            line = path_text(n)
            star = " — optimal for both sides" if self.is_optimal(n) else ""
            return f"{line}\n{who} wins the trick and leads next{star}"
        if col == COL_VALUE and self.value(n) is None:
            return "The remaining deal is not symmetric: the value theory does not apply"
        if col == COL_PREDICTED:
            who = "West" if n.position.leader is Player.WEST else "East"
            return f"ρ(value) with {who} on lead"
        if col == COL_EXACT:
            return "West's total tricks under optimal play from here"
        return None
