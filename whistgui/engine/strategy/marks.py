"""Marks from values: every legal card marked with the tricks West ends with, the card to
play, the suits labelled, the marks confirmed by search, the reason for a card and the line
played from them (§12, §15).

By Theorem 12.1 the outcome of a symmetric state ``m + D`` is ρ(m + val(D)). After a complete
trick the state is symmetric again, so every card of a position can be *marked* — with the
number of tricks West ends with under optimal play after it — from values alone: a follower's
card by the ρ component of the new leader, a leader's card by the follower's best reply. No
search is needed, so a 13-card deal steps instantly; for small deals the exact
:class:`~whistgui.engine.trick.solver.Solver` can confirm every mark (:meth:`Strategist.confirm`).

>>> from whistgui.engine import Deal, Player, Position
>>> st = Strategist()
>>> p = Position.start(Deal.parse('KJ/AQ A/K K/A'), Player.WEST)   # deal (15)
>>> {p.deal.card_name(c): m for c, m in st.marks(p).items()}
{'S:K': 1, 'S:J': 1, 'H:A': 2, 'D:K': 1}
>>> p.deal.card_name(st.choice(p))
'H:A'

Each suit is labelled by its value (§6, §8): a number, or an exit with its stoppers.

>>> for label in st.suit_labels(Deal.parse('KJ/AQ AJ/KQ A/K')):
...     print(label)
S ½: number; the outcome depends on the lead
H 1 + ε₁: exit for West with 1 stopper
D 1 − ε₀: exit for East, unprotected

Greedy Whist is marked by its own values, an ``Evaluator(greedy=True)``'s (whist's machinery
over the greedy reductions; checked against search, :mod:`~whistgui.engine.games.greedy_whist`);
a position of one game has no marks from the other's values.

>>> from whistgui.engine import Rules
>>> greedy = Position.start(Deal.parse('KJ/AQ A/K'), Player.WEST, Rules(greedy=True))
>>> gst = Strategist(Evaluator(greedy=True))
>>> gst.value(greedy).pretty(), {greedy.deal.card_name(c): m for c, m in gst.marks(greedy).items()}
('1½ − ε₀', {'S:K': 1, 'S:J': 1, 'H:A': 1})
>>> gst.confirm(greedy)  # every mark as exact search under the greedy rule gives it
[]
>>> st.marks(greedy)
Traceback (most recent call last):
...
whistgui.engine.errors.NoTheoryError: these marks are from whist's values...Evaluator(greedy=True)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Final

from whistgui.engine.checks import expect, whole
from whistgui.engine.errors import (
    AsymmetricSuitError,
    IllegalPlayError,
    NoTheoryError,
    TheoryError,
)
from whistgui.engine.games.whist.describe import describe
from whistgui.engine.games.whist.evaluator import Evaluator
from whistgui.engine.games.whist.rounding import rho, rho_prime
from whistgui.engine.games.whist.value import Value
from whistgui.engine.memo import Memo, check_bound
from whistgui.engine.reading import quote
from whistgui.engine.strategy.line import (
    CONFIRM_MAX_CARDS,
    CardReason,
    PlayLine,
    Standing,
    Step,
    check_forced,
    check_line,
    make_step,
    play_out,
    trick_number,
)
from whistgui.engine.strategy.narrate import card_reason, explain
from whistgui.engine.strategy.state import (
    LabelKind,
    SuitLabel,
    check_position,
    exit_owner,
    pick,
    side,
    total,
    trick_start,
)
from whistgui.engine.trick.cards import Card, Player
from whistgui.engine.trick.deal import Deal, check_deal, check_player
from whistgui.engine.trick.play import Position
from whistgui.engine.trick.rules import Rules, Scoring
from whistgui.engine.trick.solver import Solver

__all__ = [
    "Disagreement",
    "Strategist",
    "confirm",
    "play_line",
    "plays_by_values",
    "reason",
    "suit_labels",
    "value_step",
]

_W, _E = Player.WEST, Player.EAST
#: The positions whose marks a Strategist keeps by default (a position's marks are asked for
#: several times per card): about 75 MB a 100,000 (benchmarks/bench_memo.py), so some 3 MB.
MEMO_MARKS: Final = 4096


# ----------------------------------------------------------------------------- records
@dataclass(frozen=True, slots=True)
class Disagreement:
    """A card whose mark from the values differs from the exact search: a bug, shown loudly.

    :func:`confirm` finds none (the values are right); one would read:

    >>> print(Disagreement(Card(0, 14), 'S:A', False, 1, 2))
    S:A: mark 1 from the values, 2 by search
    """

    card: Card
    name: str
    refined: bool
    mark: int | Fraction  # from the values
    searched: int | Fraction  # from Solver.card_results

    def __str__(self) -> str:
        kind = "refined mark" if self.refined else "mark"
        return f"{self.name}: {kind} {self.mark} from the values, {self.searched} by search"


# ----------------------------------------------------------------------------- checks
def plays_by_values(rules: Rules) -> bool:
    """Are ``rules`` whist's, refined whist's or Greedy Whist's (free or greedy replies,
    tricks or refined points), which the strategist marks from values (ρ, ρ′) — whist's, or
    an ``Evaluator(greedy=True)``'s for the greedy rule? Reduced whist's values are whist's
    too, but its tricks are marked by search."""
    expect(rules, Rules, "rules")
    return rules.scoring in (Scoring.TRICKS, Scoring.REFINED)


def _check_rules(rules: Rules, greedy: bool) -> None:
    if not plays_by_values(rules):
        raise NoTheoryError(
            "marks from values are whist's or Greedy Whist's (tricks or refined scoring); "
            f"these rules are not: {rules.describe()!r}; play such a deal by exact search instead"
        )
    if rules.greedy != greedy:
        mine, theirs = ("Greedy Whist's", "whist's") if greedy else ("whist's", "Greedy Whist's")
        raise NoTheoryError(
            f"these marks are from {mine} values, and the position is played by "
            f"{theirs} rules ({rules.describe()!r}); a strategist of Greedy Whist holds an "
            "Evaluator(greedy=True)"
        )


def _check_symmetric(deal: Deal, position: Position) -> None:
    for s, name in zip(deal.suits, deal.names, strict=True):
        if not s.is_symmetric:
            raise AsymmetricSuitError(
                f"suit {name} ({quote(str(s))}) is not symmetric"
                + (" at the start of this trick" if position.led is not None else "")
                + f": West holds {len(s.west)} and East {len(s.east)}; marks from values "
                "need the same number of cards on each side"
            )


# ----------------------------------------------------------------------------- strategist
class Strategist:
    """Chooses and marks cards from values (Theorem 12.1); says why in §15's terms
    (:mod:`~whistgui.engine.strategy.narrate`) and records a card as a
    :class:`~whistgui.engine.strategy.line.Step` (:mod:`~whistgui.engine.strategy.line`).

    Holds an :class:`Evaluator` (values are memoized there) and optionally a :class:`Solver`
    used by :meth:`confirm`. Not thread-safe; one per worker, as the evaluator. Positions must
    be played by whist's rules (plain or refined scoring, free replies): others raise
    :class:`~whistgui.engine.errors.NoTheoryError`.

    ``choice`` plays a card optimal by the plain marks; among those, one best by the refined
    marks (ρ′: optimal for refined whist is optimal for whist and reduced whist, §11); among
    those, by §15's rule — a leader takes a suit with the opponent's exit first, then one with
    his own exit, then the number suit of largest denominator, earlier suits of the deal
    first, and the highest card of that suit; a follower takes the trick as cheaply as he can
    if that is among them, else plays his lowest card (§17: a reply either wins as cheaply as
    possible or plays low) — so he holds up only when winning is worse.

    With ``refined=True`` it plays refined whist (§11): :meth:`marks`, :meth:`best`,
    :meth:`predicted`, the standing, the reasons and the line speak of West's refined points
    (ρ′ of the value, as the analysis predicts) instead of his tricks; the cards chosen are
    the same (an optimal strategy for refined whist is optimal for whist, Theorem 11.4).

    >>> p = Position.start(Deal.parse('AQ/KJ K/A'), Player.WEST)
    >>> Strategist().predicted(p), Strategist(refined=True).predicted(p)
    (2, Fraction(7, 4))
    """

    def __init__(
        self,
        evaluator: Evaluator | None = None,
        solver: Solver | None = None,
        *,
        memo_bound: int | None = MEMO_MARKS,
        refined: bool = False,
    ) -> None:
        expect(refined, bool, "refined")
        if evaluator is not None:
            expect(evaluator, Evaluator, "evaluator", "an Evaluator or None")
        if solver is not None:
            expect(solver, Solver, "solver", "a Solver or None")
        self.evaluator = evaluator if evaluator is not None else Evaluator()
        self.solver = solver
        #: West's result is his refined points (ρ′), not his tricks (ρ)
        self.refined = refined
        #: marks of recent positions, at most ``memo_bound`` (the least recently used go)
        self._memo: Memo[tuple[Position, bool], dict[Card, int | Fraction]] = Memo(
            check_bound(memo_bound, "memo_bound"), "positions' marks"
        )

    @property
    def stats(self) -> dict[str, int]:
        """The memo of marks: positions held, its bound (0: none), hits, misses, forgotten."""
        return self._memo.stats

    def clear(self) -> None:
        """Forget the marks memoized (the evaluator keeps its values)."""
        self._memo.clear()

    # -- values -------------------------------------------------------------------------
    def suit_values(self, deal: Deal) -> list[Value]:
        """The value of every suit of ``deal``, in order."""
        check_deal(deal)
        return [self.evaluator.pattern_value(s.pattern) for s in deal.suits]

    def trick_start(self, position: Position) -> Position:
        """The start of the current trick, checked playable from values: whist's rules
        (NoTheoryError otherwise) and every suit symmetric (AsymmetricSuitError)."""
        check_position(position)
        _check_rules(position.rules, self.evaluator.greedy)
        start = trick_start(position)
        _check_symmetric(start.deal, position)
        return start

    def value(self, position: Position) -> Value:
        """The value of the state at the start of the current trick: West's tricks plus the
        sum of the suit values (raises AsymmetricSuitError for an asymmetric deal).

        >>> Strategist().value(Position.start(Deal.parse('AQ/KJ K/A'), Player.EAST)).pretty()
        '1½ + ε₀'
        """
        start = self.trick_start(position)
        return total(start.west_tricks, self.suit_values(start.deal))

    @property
    def rules(self) -> Rules:
        """The rules this strategist plays: whist's or Greedy Whist's (its evaluator's),
        scored in tricks or refined points."""
        scoring = Scoring.REFINED if self.refined else Scoring.TRICKS
        return Rules(greedy=self.evaluator.greedy, scoring=scoring)

    @property
    def rounding(self) -> str:
        """The rounding West's result is read from the value with: ``ρ``, or ``ρ′`` (refined)."""
        return "ρ′" if self.refined else "ρ"

    def result(self, value: Value, leader: Player) -> int | Fraction:
        """West's result from ``value`` with ``leader`` on lead: ρ (tricks), or ρ′ (refined
        points) for a refined strategist — what the analysis predicts (Theorem 12.1)."""
        expect(value, Value, "value")
        expect(leader, Player, "leader")
        if self.refined:
            return Fraction(side(rho_prime(value), leader))
        return int(side(rho(value), leader))

    def predicted(self, position: Position) -> int | Fraction:
        """ρ(value) for the player on lead: West's tricks under optimal play (Theorem 12.1);
        ρ′(value), his refined points, for a refined strategist.

        >>> Strategist().predicted(Position.start(Deal.parse('AQ/KJ'), Player.EAST))
        2
        """
        start = self.trick_start(position)
        if position.led is not None:
            return pick(position.to_move, self.marks(position).values())
        return self.result(self.value(start), start.leader)

    # -- marks --------------------------------------------------------------------------
    def _reply_marks(
        self, mid: Position, base: list[Value]
    ) -> tuple[dict[Card, int | Fraction], dict[Card, int | Fraction]]:
        """Marks, plain and refined, of the follower's cards after ``mid.led`` (memoized);
        ``base`` the suit values at the start of the trick."""
        memo = self._memo
        plain, fine = memo.get((mid, False)), memo.get((mid, True))
        if plain is not None and fine is not None:
            return plain, fine
        led = mid.led
        assert led is not None
        others = total(mid.west_tricks, [v for i, v in enumerate(base) if i != led.suit])
        plain, fine = {}, {}
        for r in mid.legal_cards():
            winner = mid.trick_winner(r)
            rest = mid.deal.without(r).suits[led.suit]
            t = others + self.evaluator.pattern_value(rest.pattern) + int(winner is _W)
            plain[r] = side(rho(t), winner)
            fine[r] = side(rho_prime(t), winner)
        memo.put((mid, False), plain)
        memo.put((mid, True), fine)
        return plain, fine

    def _marks(self, position: Position, refined: bool) -> dict[Card, int | Fraction]:
        key = (check_position(position), refined)
        memo = self._memo.get(key)
        if memo is not None:
            return dict(memo)
        start = self.trick_start(position)
        if position.is_over:
            return {}
        base = self.suit_values(start.deal)
        if position.led is not None:
            both = self._reply_marks(position, base)
        else:  # a lead: the follower's best reply to each card, plain and refined at once
            follower = position.leader.other
            both = ({}, {})
            for c in position.legal_cards():
                replies = self._reply_marks(position.play(c), base)
                for out, marks in zip(both, replies, strict=True):
                    out[c] = pick(follower, marks.values())
            self._memo.put((position, False), both[0])
            self._memo.put((position, True), both[1])
        return dict(both[refined])

    def marks(self, position: Position) -> dict[Card, int | Fraction]:
        """For every legal card of the player to move, the tricks West ends with (counting
        ``position.west_tricks``) under optimal play after it — from values only; his refined
        points (:meth:`refined_marks`) for a refined strategist.

        >>> p = Position.start(Deal.parse('AJ9/KQT'), Player.EAST)
        >>> p = p.play(p.deal.card_from_text('S:K'))
        >>> {p.deal.card_name(c): m for c, m in Strategist().marks(p).items()}
        {'S:A': 1, 'S:J': 1, 'S:9': 2}
        """
        if self.refined:
            return dict(self.refined_marks(position))
        return {c: int(m) for c, m in self._marks(position, False).items()}

    def refined_marks(self, position: Position) -> dict[Card, Fraction]:
        """The marks in refined whist (ρ′, §11): West's points, the last trick worth ¾ or ¼.

        >>> p = Position.start(Deal.parse('AQ/KJ'), Player.WEST)
        >>> {p.deal.card_name(c): str(m) for c, m in Strategist().refined_marks(p).items()}
        {'S:A': '5/4', 'S:Q': '3/4'}
        """
        return {c: Fraction(m) for c, m in self._marks(position, True).items()}

    def best(self, position: Position) -> list[Card]:
        """Every card optimal by the marks (max for West, min for East)."""
        marks = self.marks(position)
        if not marks:
            return []
        target = pick(position.to_move, marks.values())
        return [c for c, m in marks.items() if m == target]

    def choice(self, position: Position) -> Card:
        """The card to play: best by the marks, then by the refined marks, then by §15's
        rule (see the class docstring).

        >>> p = Position.start(Deal.parse('KJ/AQ AJ/KQ A/K'), Player.EAST)  # deal (17)
        >>> p.deal.card_name(Strategist().choice(p))
        'H:K'
        """
        cards = self.best(position)
        if not cards:
            raise IllegalPlayError("play is over: there is no card to choose")
        refined = self.refined_marks(position)
        target = pick(position.to_move, [refined[c] for c in cards])
        cards = [c for c in cards if refined[c] == target]
        if position.led is not None:
            winners = [c for c in cards if position.trick_winner(c) is position.to_move]
            return min(winners or cards, key=lambda c: c.rank)
        values = self.suit_values(position.deal)
        me = position.to_move

        def key(c: Card) -> tuple[int, int, int, int]:
            v = values[c.suit]
            owner = exit_owner(v)
            klass = 0 if owner is me.other else 1 if owner is me else 2
            return (klass, -v.number.denominator if klass == 2 else 0, c.suit, -c.rank)

        return min(cards, key=key)

    # -- confirmation -------------------------------------------------------------------
    def confirm(
        self,
        position: Position,
        solver: Solver | None = None,
        *,
        max_cards: int | None = CONFIRM_MAX_CARDS,
    ) -> list[Disagreement]:
        """Compare every mark (plain and refined) with ``Solver.card_results``; an empty
        list means agreement. Positions with more than ``max_cards`` cards a hand are not
        searched (None: always search).

        >>> p = Position.start(Deal.parse('AJ98/KQT7 AKT/QJ9 KQ9/AJT'), Player.EAST)
        >>> Strategist().confirm(p)
        []
        """
        if solver is not None:
            expect(solver, Solver, "solver", "a Solver or None")
        if max_cards is not None:
            whole(max_cards, "max_cards", low=0)
        solver = solver or self.solver or Solver()
        start = self.trick_start(position)
        if position.is_over:
            return []
        if max_cards is not None and start.tricks_left > max_cards:
            return []
        plain = replace(position, rules=Rules(greedy=self.evaluator.greedy))  # refined below
        out: list[Disagreement] = []
        for refined in (False, True):
            ours = self._marks(position, refined)
            theirs = solver.card_results(plain, refined=refined)
            for c, m in ours.items():
                got = theirs.get(c, -1)
                if got != m:
                    assert not isinstance(got, Player)  # whist's results are tricks
                    out.append(Disagreement(c, position.card_name(c), refined, m, got))
        return out

    # -- labels -------------------------------------------------------------------------
    def suit_labels(self, deal: Deal | Position) -> list[SuitLabel]:
        """The label of every suit: number, exit (whose, how many stoppers) or played out.
        A position is labelled at the start of its current trick."""
        if isinstance(deal, Position):
            deal = self.trick_start(deal).deal
        expect(deal, Deal, "deal", "a Deal or a Position")
        labels: list[SuitLabel] = []
        for i, (s, name) in enumerate(zip(deal.suits, deal.names, strict=True)):
            v = self.evaluator.suit_value(s)
            if s.is_empty:
                labels.append(SuitLabel(i, name, s, v, "played out", None, 0, "played out"))
                continue
            ch = describe(v)
            kind: LabelKind = "number" if ch.is_number else "exit"
            labels.append(SuitLabel(i, name, s, v, kind, ch.exit_for, ch.stoppers, ch.words))
        return labels

    # -- delegates: reasons, steps and lines are built on the marks ---------------------
    def reason(self, position: Position, card: Card) -> str:
        """Why ``card`` now, in the paper's terms (:func:`~whistgui.engine.strategy.narrate.
        card_reason`)."""
        return card_reason(position, card, self)

    def explain(self, position: Position, card: Card) -> CardReason:
        """Why ``card`` (any legal card) now, before it is played: its mark, what it does
        and, when it is not best, what it costs and why
        (:func:`~whistgui.engine.strategy.narrate.explain`)."""
        return explain(position, card, self)

    def reasons(self, position: Position) -> dict[Card, CardReason]:
        """Every legal card's :meth:`explain`, in the order of :meth:`marks` (empty once play
        is over): what the play panel lists and the record keeps.

        >>> p = Position.start(Deal.parse('KJ/AQ A/K K/A'), Player.WEST)   # deal (15)
        >>> for r in Strategist().reasons(p).values():
        ...     print(r.name, r.mark, r.cost, r.why.split(':')[0] or r.does.split(':')[0])
        S:K 1 1 leading the ♠K weakens spades (½ → ε₀)
        S:J 1 1 leading the ♠J weakens spades (½ → ε₀)
        H:A 2 0 eliminates East's exit before a throw-in
        D:K 1 1 leading the ♦K uses up West's exit in diamonds (diamonds ε₀ → 0)
        """
        return {c: explain(position, c, self) for c in self.marks(position)}

    def standing(self, position: Position) -> Standing:
        """Where play stands at ``position``: the value West's result is read from now and
        what it predicts — between tricks the position's value with its leader on lead;
        inside a trick the value after the follower's best reply (:meth:`choice`), the
        trick's winner on lead. The play panel's header and ``whist play`` after a card that
        was not best.

        >>> p = Position.start(Deal.parse('KJ/AQ A/K K/A'), Player.WEST)   # deal (15)
        >>> st = Strategist()
        >>> st.standing(p).text
        'Value 1½ ± ε₀ with West on lead: West should end with 2.'
        >>> st.standing(p.play(p.deal.card_from_text('D:K'))).text
        "After East's best reply, the ♦A: value 1½ − ε₀ with East on lead — West should end with 1."
        """
        start = self.trick_start(position)
        trick = trick_number(position)
        if position.is_over:
            w = position.west_tricks
            return Standing(
                trick, None, Value(w), position.leader, self.result(Value(w), position.leader)
            )
        if position.led is None:
            return Standing(
                trick, position.to_move, self.value(start), start.leader, self.predicted(start)
            )
        reply = self.choice(position)
        end = position.play(reply)
        value = self.value(end) if not end.is_over else Value(end.west_tricks)
        mark = self.marks(position)[reply]
        return Standing(trick, position.to_move, value, end.leader, mark, position.card_name(reply))

    def step(self, position: Position, card: Card) -> Step:
        """``card`` played at ``position`` as one step of a line, whether best or not
        (:func:`value_step`)."""
        return value_step(self, position, card)

    def play_line(
        self,
        deal: Deal,
        leader: Player,
        *,
        solver: Solver | None = None,
        forced: Sequence[Card | str] = (),
    ) -> PlayLine:
        """``deal`` played out by :meth:`choice` (:func:`play_line`)."""
        return play_line(deal, leader, solver=solver, forced=forced, strategist=self)


# ----------------------------------------------------------------------------- functions
def suit_labels(deal: Deal, *, evaluator: Evaluator | None = None) -> list[SuitLabel]:
    """:meth:`Strategist.suit_labels` with a fresh (or the given) evaluator.

    >>> [lab.text for lab in suit_labels(Deal.parse('KQT98/AJ765 AK9/QJT'))]
    ['S 3 − ε₂: exit for East with 2 stoppers', 'H 2 + ε₂: exit for West with 2 stoppers']
    """
    return Strategist(evaluator).suit_labels(check_deal(deal))


def confirm(position: Position, solver: Solver | None = None) -> list[Disagreement]:
    """:meth:`Strategist.confirm`: marks from values against the solver's ``card_results``
    (for at most :data:`CONFIRM_MAX_CARDS` cards a hand; empty list = agreement).

    >>> p = Position.start(Deal.parse('AJ9/KQT K/A'), Player.EAST)
    >>> confirm(p)
    []
    """
    return Strategist(solver=solver).confirm(position)


def reason(position: Position, card: Card, *, strategist: Strategist | None = None) -> str:
    """Why ``card`` now, in the paper's terms, from the marks and values of ``strategist`` (a
    fresh one unless given): :func:`~whistgui.engine.strategy.narrate.card_reason`, which
    lists the phrases.

    >>> p = Position.start(Deal.parse('AJ9/KQT'), Player.EAST)   # deal (23)
    >>> p = p.play(p.deal.card_from_text('S:K'))
    >>> print(reason(p, p.deal.card_from_text('S:9')))
    holds up (plays low although it could win) to keep East on lead — winning would cost a trick
    """
    if strategist is not None:
        expect(strategist, Strategist, "strategist", "a Strategist or None")
    return card_reason(position, card, strategist if strategist is not None else Strategist())


def value_step(st: Strategist, position: Position, card: Card) -> Step:
    """``card`` (any legal card) played at ``position``, with everything from the values:
    its reason, the marks of every legal card (plain and refined), the best cards, the
    labels and the running value. :func:`play_line` and the play panel both record cards
    so."""
    expect(st, Strategist, "st", "a Strategist")
    return make_step(position, card, st, refined_marks=st.refined_marks)


def play_line(
    deal: Deal,
    leader: Player,
    *,
    solver: Solver | None = None,
    forced: Sequence[Card | str] = (),
    strategist: Strategist | None = None,
) -> PlayLine:
    """Play ``deal`` out with :meth:`Strategist.choice` from ``leader``'s lead (after the
    ``forced`` cards, given as cards or ``S:Q`` text, played whatever their marks), with a
    fresh strategist unless one is given.

    Every chosen card is optimal, so West must end with exactly its mark; a line that
    does not raises :class:`TheoryError`. With a solver and at most
    :data:`CONFIRM_MAX_CARDS` cards a hand every position is also confirmed by exact
    search (plain and refined marks of every legal card), and a disagreement raises
    :class:`TheoryError` listing it.

    >>> line = play_line(Deal.parse('AJ9/KQT'), Player.EAST, forced=['S:K'], solver=Solver())
    >>> [(s.name, s.predicted) for s in line], line.outcome, line.confirmed
    ([('S:K', 2), ('S:9', 2), ('S:Q', 2), ('S:A', 2), ('S:J', 2), ('S:T', 2)], 2, True)
    """
    check_deal(deal)
    check_player(leader, "leader")
    if solver is not None:
        expect(solver, Solver, "solver", "a Solver or None")
    if strategist is not None:
        expect(strategist, Strategist, "strategist", "a Strategist or None")
    forced = check_forced(forced)
    st = strategist if strategist is not None else Strategist()
    start = Position.start(deal, leader, st.rules)
    check = solver is not None and deal.size <= CONFIRM_MAX_CARDS
    start_value = st.value(start)  # raises for positions the values cannot play
    predicted = st.predicted(start)

    def confirm(position: Position) -> None:
        assert solver is not None
        bad = st.confirm(position, solver, max_cards=None)
        if bad:
            raise TheoryError(
                f"marks from values disagree with exact search in {deal} ({leader.word} on "
                f"lead) at trick {trick_number(position)}, {position.to_move.word} to play: "
                + "; ".join(str(b) for b in bad)
            )

    steps = play_out(start, st.choice, st.step, forced=forced, before=confirm if check else None)
    line = PlayLine(
        deal,
        leader,
        steps,
        predicted,
        start_value,
        confirmed=check,
        forced=len(forced),
        rules=st.rules,
        game=("greedy-" if st.evaluator.greedy else "refined-" if st.refined else "") + "whist",
    )
    return check_line(line)
