"""The play tree of a whole deal, trick by trick, fetched lazily, as an item model — in any
game of :data:`~whistgui.engine.games.GAMES`.

The root is the deal before the first card with a given player on lead, under the game's
rules; the children of a node are the tricks that can be played from it by those rules, one per
pair of a *lead group* and a *reply group*: the leader's cards grouped into sequences per suit
(cards of one suit with no card of the other hand still in play between them, hence
equivalent), the lowest card of each standing for its group; then, for each lead, the
follower's legal replies grouped the same way — in the suit led if he can follow (the led card
separating sequences: a card below it and one above it are not equivalent; under the greedy
rule only the cards that win the trick, if any does), else every sequence of every other suit
as a discard. Children are ordered by the leader's groups suit by suit, high first, then by the
follower's groups likewise.

Each node shows the trick that led to it, the remaining deal, West's tricks so far, the game
theory's value of the remaining deal, the outcome the theory predicts for the player on lead,
and the exact result under optimal play from there:

* whist and refined whist: the value is val(remaining deal) + West's tricks (symmetric remaining
  deals only), the prediction ρ (ρ′ for refined whist) of it, the exact result West's total
  tricks (refined points);
* Greedy Whist: as whist, with Greedy Whist's values (whist's machinery over the greedy
  reductions), the prediction ρ of val(remaining deal) + West's tricks;
* five-card and misère five-card: the theory's element of the remaining deal where it covers it,
  the winner it predicts, and the winner under optimal play (``W`` or ``E``).

Where the theory does not cover the remaining deal, Value and Predicted show :data:`NO_VALUE`
and their tooltips say why. Children that are optimal for both sides — the leader's best lead
answered by the follower's best reply, *best* as the game scores it (a West win over an East
win in a last-trick game) — are marked (bold, a ``★``, :data:`OptimalRole`), so the principal
lines of play stand out.

Nothing is computed until a view asks: children are made on ``fetchMore`` only, and values and
results on ``data``. Those look-ups run on the GUI thread, which is fine only if the caller has
*warmed* the solver and the evaluator first, off the GUI thread: after
``solver.warm(deal, leaders=(leader,), scorings=(False,), rules=game.rules)`` every
``solver.result`` of a position reachable from the deal is a transposition-table hit, and
after ``evaluator.value(deal)`` every suit value is memoised (the remains of a suit are
patterns the evaluator has met while valuing it; whist and refined whist only — the other
games' elements are cheap). An unwarmed solver still gives the right answers, only perhaps
slowly.
"""

from __future__ import annotations

from typing import Any, Final

from PySide6.QtCore import Qt
from PySide6.QtGui import QFont

from whistgui.app.play_tree import (
    optimal_tricks,
    position_value,
    predicted_result,
    theory_for,
    west_prefers,
)
from whistgui.engine import Card, Deal, Evaluator, Player, Position, Solver, Trick
from whistgui.engine.errors import NoTheoryError
from whistgui.engine.games import DEFAULT_GAME, Game, Theory, find_game
from whistgui.engine.games.whist.rounding import rounding_symbol
from whistgui.engine.strategy.line import mark_text
from whistgui.engine.trick.cards import count
from whistgui.engine.trick.rules import Result, Scoring
from whistgui.ui.widgets.lazy_tree import Index, LazyTreeModel, NodeRole, path_from_root

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
    "west_prefers",
]


COL_TRICK, COL_REMAINING, COL_WEST_TRICKS, COL_VALUE, COL_PREDICTED, COL_EXACT = range(6)
HEADERS: Final = ("Trick", "Remaining", "West tricks", "Value", "Predicted", "Exact")
#: True for a child optimal for both sides (the leader's best lead, the follower's best reply).
OptimalRole: Final = Qt.ItemDataRole.UserRole + 2
#: Shown for Value and Predicted where the game's theory does not cover the remaining deal.
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
        "_element",
        "_exact",
        "_optimal",
        "_value",
        "_value_known",
        "_why",
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
        self._exact: Result | None = None
        self._element: Any = None  # the theory's element of the remaining deal
        self._value: Any = None  # what the Value column shows (whist: element + tricks)
        self._why: str | None = None  # why there is no value
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
        return path_from_root(self)

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
    """Lazily expanded tree of tricks of a whole deal in ``game`` (a
    :class:`~whistgui.engine.games.Game` or its name; whist when not given). Results come from
    the solver and whist's values from the evaluator it is given: warm both off the GUI thread
    first (see the module docstring)."""

    HEADERS = HEADERS

    def __init__(
        self,
        solver: Solver,
        evaluator: Evaluator,
        parent: Any = None,
        *,
        game: Game | str | None = None,
    ) -> None:
        super().__init__(parent)
        self._solver = solver
        self._ev = evaluator
        if game is None:
            game = DEFAULT_GAME
        self._game = find_game(game) if isinstance(game, str) else game
        self._theory: Theory[Any] | None = None
        self._theory_made = False

    # -- content --------------------------------------------------------------------------
    def set_position(self, deal: Deal | None, leader: Player = Player.WEST) -> None:
        """Show the play of ``deal`` with ``leader`` on lead under the game's rules (None: an
        empty model). Raises DealError, leaving the model as it was, if the hands differ in
        size."""
        start = Position.start(deal, leader, self._game.rules) if deal is not None else None
        self.set_root(Node(start) if start is not None else None)

    def is_leaf(self, node: Node) -> bool:
        return node.is_leaf

    @property
    def solver(self) -> Solver:
        return self._solver

    @property
    def evaluator(self) -> Evaluator:
        return self._ev

    @property
    def game(self) -> Game:
        return self._game

    @property
    def theory(self) -> Theory[Any] | None:
        """The game's value theory (made on first use; whist's and refined whist's use the
        model's evaluator), or None for a game valued by search only."""
        if not self._theory_made:
            self._theory, self._theory_made = theory_for(self._game, self._ev), True
        return self._theory

    @property
    def _whist(self) -> bool:
        """Valued by whist's values, which count West's tricks so far in."""
        theory = self.theory
        return theory is not None and theory.whist_values

    # -- results --------------------------------------------------------------------------
    def exact(self, node: Node) -> Result:
        """The result under optimal play from ``node`` by the game's rules: West's total
        tricks (refined points), tricks taken included, or the winner of a last-trick game."""
        if node._exact is None:
            node._exact = self._solver.result(node.position)
        return node._exact

    def _element(self, node: Node) -> None:
        if node._value_known:
            return
        theory = self.theory
        if theory is None:
            node._why = f"{self._game.title} has no value theory: exact search only"
        else:
            try:
                node._element, node._value = position_value(theory, node.position)
            except NoTheoryError as exc:
                node._why = str(exc)
        node._value_known = True

    def value(self, node: Node) -> Any:
        """What the Value column shows: for whist and refined whist val(remaining deal) +
        West's tricks, for another game its theory's element of the remaining deal; None where
        the theory does not cover the remaining deal (:meth:`why_no_value` says why)."""
        self._element(node)
        return node._value

    def why_no_value(self, node: Node) -> str | None:
        """Why ``node`` has no value, in a sentence (None if it has one)."""
        self._element(node)
        return node._why

    def value_text(self, node: Node) -> str:
        v = self.value(node)
        if v is None:
            return NO_VALUE
        assert self.theory is not None
        return self.theory.pretty(v)

    def predicted(self, node: Node) -> Result | None:
        """The theory's outcome for the player on lead at ``node`` (West's tricks so far
        included in a trick-counting game), or None without a value: ρ(value) for whist,
        ρ′(value) for refined whist."""
        v = self.value(node)
        theory = self.theory
        if v is None or theory is None:
            return None
        return predicted_result(theory, v, node.position)

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
        tricks = [(c.lead_group, self.exact(c)) for c in children]
        for c, optimal in zip(
            children, optimal_tricks(parent.position.leader, tricks), strict=True
        ):
            c._optimal = optimal

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
    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        if (
            orientation == Qt.Orientation.Horizontal
            and role == Qt.ItemDataRole.ToolTipRole
            and 0 <= section < len(HEADERS)
        ):
            return self.header_tooltip(section)
        return super().headerData(section, orientation, role)

    def header_tooltip(self, col: int) -> str | None:
        """What a column shows, in the words of this model's game."""
        scoring = self._game.rules.scoring
        if col == COL_TRICK:
            return "The trick that leads here; ★: optimal for both sides"
        if col == COL_REMAINING:
            return "The cards still in the hands"
        if col == COL_WEST_TRICKS:
            return "Tricks West has taken so far"
        theory = self.theory
        if col == COL_VALUE:
            if theory is None:
                return f"{self._game.title} has no value theory"
            if self._whist:
                return "val(remaining deal) + West's tricks so far (symmetric remaining deals only)"
            return f"The theory's element of the remaining deal: {theory.title}"
        if col == COL_PREDICTED:
            if theory is None:
                return f"{self._game.title} has no value theory"
            if self._whist:
                rho = rounding_symbol(scoring)
                return f"{rho}(value): the outcome the theory predicts for the player on lead"
            if self._game.counts_tricks:
                return (
                    "West's total tricks the theory predicts with the player on lead "
                    "(West's tricks so far included)"
                )
            return "Who wins by the theory with the player on lead"
        if col == COL_EXACT:
            if scoring is Scoring.TRICKS:
                return "West's total tricks under optimal play from here (exact search)"
            if scoring is Scoring.REFINED:
                return (
                    "West's refined score under optimal play from here: total tricks, "
                    "+¼ for not taking the last trick, −¼ for taking it (exact search)"
                )
            if scoring is Scoring.REDUCED:
                return (
                    "West's total tricks under optimal play from here, the last trick not "
                    "counted (exact search)"
                )
            return f"Who wins under optimal play from here — {scoring.value} (exact search)"
        return None

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
            return self.value_text(n)
        if col == COL_PREDICTED:
            p = self.predicted(n)
            return NO_VALUE if p is None else mark_text(p)
        if col == COL_EXACT:
            return mark_text(self.exact(n))
        return None

    def _tooltip(self, n: Node, col: int) -> str | None:
        leader = n.position.leader
        if col == COL_TRICK:
            if n.trick is None:
                return f"{leader.word} leads to the first trick"
            line = path_text(n)
            star = " — optimal for both sides" if self.is_optimal(n) else ""
            return f"{line}\n{n.trick.winner.word} wins the trick and leads next{star}"
        if col in (COL_VALUE, COL_PREDICTED):
            why = self.why_no_value(n)
            if why is not None:
                return f"No value: {why}"
            theory = self.theory
            assert theory is not None
            if col == COL_VALUE:
                words = theory.describe(n._element)
                tricks = count(n.position.west_tricks, "trick")
                if self._whist:
                    return f"val of the remaining deal ({words}) + West's {tricks} so far"
                return f"{words} (the remaining deal; West has {tricks} so far)"
            if self._whist:
                rho = rounding_symbol(self._game.rules.scoring)
                return f"{rho}(value) with {leader.word} on lead"
            p = self.predicted(n)
            if isinstance(p, Player):
                return f"The theory: {p.word} wins with {leader.word} on lead"
            return f"The theory: West ends with {p} with {leader.word} on lead"
        if col == COL_EXACT:
            r = self.exact(n)
            scoring = self._game.rules.scoring
            if isinstance(r, Player):
                return f"{r.word} wins under optimal play from here ({scoring.value})"
            if scoring is Scoring.REFINED:
                return f"West's refined score under optimal play from here: {mark_text(r)}"
            if scoring is Scoring.REDUCED:
                return "West's total tricks under optimal play from here, the last not counted"
            return "West's total tricks under optimal play from here"
        return None
