"""Playing a deal from its values: marks, the card to play, suit labels and reasons (§12, §15).

By Theorem 12.1 the outcome of a symmetric state ``m + D`` is ρ(m + val(D)). After a complete
trick the state is symmetric again, so every card of a position can be *marked* — with the
number of tricks West ends with under optimal play after it — from values alone: a follower's
card by the ρ component of the new leader, a leader's card by the follower's best reply. No
search is needed, so a 13-card deal steps instantly; for small deals the exact
:class:`~whistgui.engine.solver.Solver` can confirm every mark (:meth:`Strategist.confirm`).

>>> from whistgui.engine import Deal, Player, Position
>>> st = Strategist()
>>> p = Position.start(Deal.parse('KJ/AQ A/K K/A'), Player.WEST)   # deal (15)
>>> {p.deal.card_name(c): m for c, m in st.marks(p).items()}
{'S:K': 1, 'S:J': 1, 'H:A': 2, 'D:K': 1}
>>> card = st.choice(p)
>>> p.deal.card_name(card)
'H:A'
>>> print(st.reason(p, card))  # doctest: +NORMALIZE_WHITESPACE
eliminates East's exit before a throw-in: the ♥A wins and leaves East without an exit
(hearts 1 − ε₀ → 1)

Each suit is labelled by its value (§6, §8): a number, or an exit with its stoppers.

>>> for label in st.suit_labels(Deal.parse('KJ/AQ AJ/KQ A/K')):
...     print(label)
S ½: number; the outcome depends on the lead
H 1 + ε₁: exit for West with 1 stopper
D 1 − ε₀: exit for East, unprotected

:func:`play_line` plays a whole deal with :meth:`Strategist.choice`, recording for every card
its reason, the marks of all legal cards, the labels and the running value:

>>> line = play_line(Deal.parse('KJ/AQ A/K K/A'), Player.WEST)
>>> for step in line.steps[:4]:
...     print(step.trick, step.player.value, step.name, step.reason.split(' (')[0])
1 W H:A eliminates East's exit before a throw-in: the ♥A wins and leaves East without an exit
1 E H:K cannot beat the ♥A; plays low
2 W D:K exits in a suit with positive infinitesimal part, putting East on lead
2 E D:A must win the trick
>>> line.outcome, line.predicted
(2, 2)
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Final, Literal, TypeVar

from whistgui.engine.cards import SUIT_SYMBOLS, Card, Player
from whistgui.engine.deal import Deal, SuitDeal
from whistgui.engine.describe import describe
from whistgui.engine.errors import AsymmetricSuitError, IllegalPlayError, TheoryError
from whistgui.engine.evaluator import Evaluator
from whistgui.engine.infinitesimal import Infinitesimal
from whistgui.engine.play import Position
from whistgui.engine.rounding import Outcome, rho, rho_prime
from whistgui.engine.solver import Solver
from whistgui.engine.value import Value

__all__ = [
    "CONFIRM_MAX_CARDS",
    "Disagreement",
    "PlayLine",
    "Step",
    "Strategist",
    "SuitLabel",
    "confirm",
    "play_line",
    "reason",
    "suit_labels",
]

#: Deals with at most this many cards a hand are small enough for the exact solver to confirm
#: every mark (:meth:`Strategist.confirm`, :func:`play_line`).
CONFIRM_MAX_CARDS: Final = 8

_W, _E = Player.WEST, Player.EAST
_MEMO_SIZE: Final = 4096  # positions whose marks a Strategist keeps
_SUIT_WORDS: Final = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}

LabelKind = Literal["number", "exit", "played out"]


# ----------------------------------------------------------------------------- records
@dataclass(frozen=True, slots=True)
class SuitLabel:
    """What one suit is at a moment of play, from its value (§6, §8): a number, an exit for
    West or for East with its stoppers (ε_k / −ε_k), or played out."""

    index: int
    name: str  # the suit's name in the deal: S, H, D, C, 5, …
    suit: SuitDeal
    value: Value
    kind: LabelKind
    exit_for: Player | None  # whose exit (None for numbers and played-out suits)
    stoppers: int  # k of ±ε_k; 0 for unprotected exits and numbers
    words: str  # describe()'s phrase, or "played out"

    @property
    def is_number(self) -> bool:
        return self.kind == "number"

    @property
    def text(self) -> str:
        """``H 2 + ε₂: exit for West with 2 stoppers``."""
        if self.kind == "played out":
            return f"{self.name} played out"
        return f"{self.name} {self.value.pretty()}: {self.words}"

    def __str__(self) -> str:
        return self.text


@dataclass(frozen=True, slots=True)
class Disagreement:
    """A card whose mark from the values differs from the exact search: a bug, shown loudly."""

    card: Card
    name: str
    refined: bool
    mark: int | Fraction  # from the values
    searched: int | Fraction  # from Solver.card_results

    def __str__(self) -> str:
        kind = "refined mark" if self.refined else "mark"
        return f"{self.name}: {kind} {self.mark} from the values, {self.searched} by search"


@dataclass(frozen=True, slots=True)
class Step:
    """One card of a played line.

    ``value`` is the running value of the state between tricks at this card — before the
    trick for the leader's card, after it for the follower's (who then leads is
    ``on_lead``) — and ``predicted`` the tricks West ends with by the marks after the card.
    ``labels`` label the suits at the start of the trick; ``marks`` (and ``refined``) mark
    every legal card by name.
    """

    trick: int  # from 1
    player: Player
    card: Card
    name: str  # deal.card_name(card), e.g. "S:Q"
    reason: str
    marks: dict[str, int]
    refined: dict[str, Fraction]
    best: tuple[str, ...]
    labels: tuple[SuitLabel, ...]
    value: Value
    predicted: int
    west_tricks: int  # West's tricks after the card
    on_lead: Player  # who leads the next trick (the leader, while the trick is open)
    wins: Player | None  # the trick's winner when this card completes it

    @property
    def completes_trick(self) -> bool:
        return self.wins is not None


@dataclass(frozen=True, slots=True)
class PlayLine:
    """A whole deal played by :meth:`Strategist.choice` (behaves as the list of its steps).

    ``predicted`` is ρ(val) for the first leader; ``outcome`` the tricks West took.
    """

    deal: Deal
    leader: Player
    steps: tuple[Step, ...]
    outcome: int
    predicted: int
    start_value: Value
    confirmed: bool = False  # every step checked by exact search
    forced: int = 0  # how many leading cards were given, not chosen

    def __iter__(self) -> Iterator[Step]:
        return iter(self.steps)

    def __len__(self) -> int:
        return len(self.steps)

    def __getitem__(self, i: int) -> Step:
        return self.steps[i]


@dataclass(slots=True)
class _Trick:
    """The facts about one card that a reason is built from."""

    mover: Player
    start: Position  # the trick's start (symmetric)
    end: Position  # after the trick (the reply predicted by choice() for a lead)
    led: Card
    reply: Card
    before: list[Value] = field(default_factory=list)  # suit values at the start
    after: list[Value] = field(default_factory=list)  # suit values after the trick

    @property
    def winner(self) -> Player:
        return self.end.leader

    @property
    def suit(self) -> int:
        return self.led.suit


# ----------------------------------------------------------------------------- helpers
def _exit_of(v: Value) -> Player | None:
    inf = v.infinitesimal
    if inf.is_positive:
        return _W
    if inf.is_negative:
        return _E
    return None


def _side(o: Outcome, leader: Player) -> int | Fraction:
    x = o.west_lead if leader is _W else o.east_lead
    assert not isinstance(x, Player)  # whist's outcomes are tricks
    return x


_N = TypeVar("_N", bound="int | Fraction")


def _pick(player: Player, xs: Iterable[_N]) -> _N:
    """The best of ``xs`` for ``player``: the most tricks for West, the fewest for East."""
    return max(xs) if player is _W else min(xs)


def _suit_word(deal: Deal, index: int) -> str:
    name = deal.names[index]
    return _SUIT_WORDS.get(name, f"suit {name}")


def _card_text(position: Position, card: Card) -> str:
    """``♥A`` for the standard suits, ``5:K`` otherwise (named as the game was dealt)."""
    name = position.card_name(card)
    suit, rank = name.split(":", 1)
    return f"{SUIT_SYMBOLS[suit]}{rank}" if suit in SUIT_SYMBOLS else name


def _sign_word(player: Player) -> str:
    return "positive" if player is _W else "negative"


def _name(player: Player) -> str:
    return "West" if player is _W else "East"


def _trick_start(position: Position) -> Position:
    """The position at the start of the current trick: the led card back in its hand."""
    if position.led is None:
        return position
    led = position.led
    s = position.deal.suits[led.suit]
    restored = (
        SuitDeal((*s.west, led.rank), s.east)
        if position.leader is _W
        else SuitDeal(s.west, (*s.east, led.rank))
    )
    suits = list(position.deal.suits)
    suits[led.suit] = restored
    return Position(Deal(suits, position.deal.names), position.leader, None, position.west_tricks)


def _check_symmetric(deal: Deal, position: Position) -> None:
    for s, name in zip(deal.suits, deal.names, strict=True):
        if not s.is_symmetric:
            raise AsymmetricSuitError(
                f"suit {name} ({s}) is not symmetric"
                + (" at the start of this trick" if position.led is not None else "")
                + f": West holds {len(s.west)} and East {len(s.east)}; marks from values "
                "need the same number of cards on each side"
            )


# ----------------------------------------------------------------------------- strategist
class Strategist:
    """Chooses and marks cards from values (Theorem 12.1), and says why in §15's terms.

    Holds an :class:`Evaluator` (values are memoized there) and optionally a :class:`Solver`
    used by :meth:`confirm`. Not thread-safe; one per worker, as the evaluator.

    ``choice`` plays a card optimal by the plain marks; among those, one best by the refined
    marks (ρ′: optimal for refined whist is optimal for whist and reduced whist, §11); among
    those, by §15's rule — a leader takes a suit with the opponent's exit first, then one with
    his own exit, then the number suit of largest denominator, earlier suits of the deal
    first, and the highest card of that suit; a follower takes the trick as cheaply as he can
    if that is among them, else plays his lowest card (§17: a reply either wins as cheaply as
    possible or plays low) — so he holds up only when winning is worse.
    """

    def __init__(self, evaluator: Evaluator | None = None, solver: Solver | None = None) -> None:
        self.evaluator = evaluator if evaluator is not None else Evaluator()
        self.solver = solver
        #: marks of recent positions (a position's marks are asked for several times per card)
        self._memo: dict[tuple[Position, bool], dict[Card, int | Fraction]] = {}

    # -- values -------------------------------------------------------------------------
    def _suit_values(self, deal: Deal) -> list[Value]:
        return [self.evaluator.pattern_value(s.pattern) for s in deal.suits]

    def _start(self, position: Position) -> Position:
        start = _trick_start(position)
        _check_symmetric(start.deal, position)
        return start

    def value(self, position: Position) -> Value:
        """The value of the state at the start of the current trick: West's tricks plus the
        sum of the suit values (raises AsymmetricSuitError for an asymmetric deal).

        >>> Strategist().value(Position.start(Deal.parse('AQ/KJ K/A'), Player.EAST)).pretty()
        '1½ + ε₀'
        """
        start = self._start(position)
        return self._total(start.west_tricks, self._suit_values(start.deal))

    @staticmethod
    def _total(tricks: int, values: Sequence[Value]) -> Value:
        total = Value(tricks)
        for v in values:
            total = total + v
        return total

    def predicted(self, position: Position) -> int:
        """ρ(value) for the player on lead: West's tricks under optimal play (Theorem 12.1).

        >>> Strategist().predicted(Position.start(Deal.parse('AQ/KJ'), Player.EAST))
        2
        """
        start = self._start(position)
        if position.led is not None:
            return int(_pick(position.to_move, self.marks(position).values()))
        return int(_side(rho(self.value(start)), start.leader))

    # -- marks --------------------------------------------------------------------------
    def _reply_marks(
        self, mid: Position, base: list[Value], refined: bool
    ) -> dict[Card, int | Fraction]:
        """Marks of the follower's cards after ``mid.led``; ``base`` the suit values at the
        start of the trick."""
        led = mid.led
        assert led is not None
        rnd = rho_prime if refined else rho
        others = self._total(mid.west_tricks, [v for i, v in enumerate(base) if i != led.suit])
        out: dict[Card, int | Fraction] = {}
        for r in mid.legal_cards():
            winner = mid.trick_winner(r)
            rest = mid.deal.without(r).suits[led.suit]
            total = others + self.evaluator.pattern_value(rest.pattern) + int(winner is _W)
            out[r] = _side(rnd(total), winner)
        return out

    def _marks(self, position: Position, refined: bool) -> dict[Card, int | Fraction]:
        key = (position, refined)
        memo = self._memo.get(key)
        if memo is not None:
            return dict(memo)
        start = self._start(position)
        if position.is_over:
            return {}
        base = self._suit_values(start.deal)
        if position.led is not None:
            out = self._reply_marks(position, base, refined)
        else:
            follower = position.leader.other
            out = {
                c: _pick(follower, self._reply_marks(position.play(c), base, refined).values())
                for c in position.legal_cards()
            }
        if len(self._memo) >= _MEMO_SIZE:
            self._memo.clear()
        self._memo[key] = out
        return dict(out)

    def marks(self, position: Position) -> dict[Card, int]:
        """For every legal card of the player to move, the tricks West ends with (counting
        ``position.west_tricks``) under optimal play after it — from values only.

        >>> p = Position.start(Deal.parse('AJ9/KQT'), Player.EAST)
        >>> p = p.play(p.deal.card_from_text('S:K'))
        >>> {p.deal.card_name(c): m for c, m in Strategist().marks(p).items()}
        {'S:A': 1, 'S:J': 1, 'S:9': 2}
        """
        return {c: int(m) for c, m in self._marks(position, False).items()}

    def refined_marks(self, position: Position) -> dict[Card, Fraction]:
        """The marks in refined whist (ρ′, §11): West's points, the last trick worth ¾ or ¼.

        >>> p = Position.start(Deal.parse('AQ/KJ'), Player.WEST)
        >>> {p.deal.card_name(c): str(m) for c, m in Strategist().refined_marks(p).items()}
        {'S:A': '5/4', 'S:Q': '3/4'}
        """
        return {c: Fraction(m) for c, m in self._marks(position, True).items()}

    def best(self, position: Position) -> list[Card]:
        """Every card optimal by the plain marks (max for West, min for East)."""
        marks = self.marks(position)
        if not marks:
            return []
        target = _pick(position.to_move, marks.values())
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
        target = _pick(position.to_move, [refined[c] for c in cards])
        cards = [c for c in cards if refined[c] == target]
        if position.led is not None:
            winners = [c for c in cards if position.trick_winner(c) is position.to_move]
            return min(winners or cards, key=lambda c: c.rank)
        values = self._suit_values(position.deal)
        me = position.to_move

        def key(c: Card) -> tuple[int, int, int, int]:
            v = values[c.suit]
            owner = _exit_of(v)
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
        solver = solver or self.solver or Solver()
        start = self._start(position)
        if position.is_over:
            return []
        if max_cards is not None and start.tricks_left > max_cards:
            return []
        out: list[Disagreement] = []
        for refined in (False, True):
            ours = self._marks(position, refined)
            theirs = solver.card_results(position, refined=refined)
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
            deal = self._start(deal).deal
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

    # -- reasons ------------------------------------------------------------------------
    def _facts(self, position: Position, card: Card) -> _Trick:
        start = self._start(position)
        if position.led is None:
            mid = position.play(card)
            reply = self.choice(mid)
            end = mid.play(reply)
            led = card
        else:
            led, reply = position.led, card
            end = position.play(card)
        return _Trick(
            position.to_move,
            start,
            end,
            led,
            reply,
            self._suit_values(start.deal),
            self._suit_values(end.deal),
        )

    def reason(self, position: Position, card: Card) -> str:
        """A short phrase in the paper's terms for playing ``card`` now, from the point of
        view of the player to move, derived from the suit values before and after the trick,
        who wins it (for a lead: against the reply :meth:`choice` would make) and §15's rules.
        A card that is not optimal is said to be so first. "P" is the player to move, "O"
        the other; P's exit is a positive infinitesimal part for West, a negative one for East.

        A lead from a suit whose value carries O's exit: *eliminates O's exit before a
        throw-in* (P wins, O has no exit left, P still has one), *eliminates O's exit* (none
        left for either), *eliminates one of O's exits* (O keeps another), *attacks O's exit,
        knocking out a stopper* (|k| drops), else *attacks O's exit*. A lead from P's own
        exit: *exits in a suit with positive (negative) infinitesimal part, putting O on lead*
        when O wins, else *cashes a sure trick in P's exit suit* / *leads from P's exit suit*.
        A lead from a number suit: *cashes a sure trick* (no card of O is higher), *leads from
        the only suit left*, *number avoidance: every suit is a number; leads the number suit
        of largest denominator* (or *…at least as complex as the whole deal*, §15 rule 3),
        else *leads from a number suit*. A reply: *cannot beat the …; plays low*, *holds up
        (plays low although it could win) to keep O on lead* (with *winning would cost a
        trick* when it would), *must win the trick*, *wins to keep a stopper* (P's exit with
        k ≥ 1 stoppers was attacked and stays an exit), *wins to take the lead* (ρ of the
        value after the trick is better for P with P on lead: both sides have exits, ±ε₀),
        *wins the trick as cheaply as possible*. A trick that leaves the player on lead with
        only number suits, when there was an exit before it, adds *throw-in: O must now lead
        from a number suit* (*thrown in* when the mover himself must).

        >>> p = Position.start(Deal.parse('AJ9/KQT'), Player.EAST)   # deal (23)
        >>> p = p.play(p.deal.card_from_text('S:K'))
        >>> print(Strategist().reason(p, p.deal.card_from_text('S:9')))
        holds up (plays low although it could win) to keep East on lead — winning would cost a trick
        """
        if card not in position.legal_cards():
            position.play(card)  # raises IllegalPlayError with the details
        marks = self.marks(position)
        best = _pick(position.to_move, marks.values())
        phrase = (
            self._lead_reason(position, card)
            if position.led is None
            else self._follow_reason(position, card, marks)
        )
        if marks[card] != best:
            diff = abs(best - marks[card])
            return (
                f"not best: West ends with {marks[card]} instead of {best} "
                f"({diff} trick{'s' if diff != 1 else ''} lost) — {phrase}"
            )
        return phrase

    def _change(self, t: _Trick, index: int) -> str:
        """``hearts 1 − ε₀ → 1``: the suit's part of the state before and after the trick
        (West's trick in it counted)."""
        deal = t.start.deal
        after = t.after[index] + (1 if index == t.suit and t.winner is _W else 0)
        return f"{_suit_word(deal, index)} {t.before[index].pretty()} → {after.pretty()}"

    def _throw_in(self, t: _Trick) -> str:
        """``— throw-in: East must now lead from a number suit`` when the trick leaves the
        player on lead with only number suits, and the deal had an exit before it."""
        if t.end.is_over:
            return ""
        live_after = [v for v, s in zip(t.after, t.end.deal.suits, strict=True) if s.west]
        if not all(v.is_number for v in live_after):
            return ""
        if all(v.is_number for v in t.before):
            return ""
        who = t.winner
        if who is t.mover:
            return f" — thrown in: {_name(who)} must now lead from a number suit"
        return f" — throw-in: {_name(who)} must now lead from a number suit"

    def _lead_reason(self, position: Position, card: Card) -> str:
        t = self._facts(position, card)
        me, opp = t.mover, t.mover.other
        deal = t.start.deal
        s = card.suit
        vb = t.before[s]
        owner = _exit_of(vb)
        won = t.winner is me
        sure = all(r < card.rank for r in deal.suits[s].hand(opp))
        change = self._change(t, s)
        ctext = _card_text(t.start, card)
        opp_exits_after = [i for i, v in enumerate(t.after) if _exit_of(v) is opp]
        my_exits_after = [i for i, v in enumerate(t.after) if _exit_of(v) is me]
        if owner is opp:
            if _exit_of(t.after[s]) is not opp and won:
                if opp_exits_after:
                    others = ", ".join(_suit_word(deal, i) for i in opp_exits_after)
                    return (
                        f"eliminates one of {_name(opp)}'s exits: the {ctext} wins; "
                        f"{_name(opp)} still has an exit in {others} ({change})"
                    )
                if my_exits_after:
                    return (
                        f"eliminates {_name(opp)}'s exit before a throw-in: the {ctext} wins "
                        f"and leaves {_name(opp)} without an exit ({change})"
                    )
                return f"eliminates {_name(opp)}'s exit: the {ctext} wins ({change})"
            k_before = vb.infinitesimal.stoppers
            inf_after: Infinitesimal = t.after[s].infinitesimal
            if _exit_of(t.after[s]) is opp and inf_after.stoppers < k_before:
                return f"attacks {_name(opp)}'s exit, knocking out a stopper ({change})"
            return f"attacks {_name(opp)}'s exit ({change})" + self._throw_in(t)
        if owner is me:
            if not won:
                return (
                    f"exits in a suit with {_sign_word(me)} infinitesimal part, putting "
                    f"{_name(opp)} on lead ({change})" + self._throw_in(t)
                )
            if sure:
                keeps = ", keeping the exit" if _exit_of(t.after[s]) is me else ""
                return f"cashes a sure trick in {_name(me)}'s exit suit{keeps} ({change})"
            return f"leads from {_name(me)}'s exit suit and keeps the lead ({change})"
        # a number suit
        if sure and won:
            return f"cashes a sure trick ({change})" + self._throw_in(t)
        live = [(i, v) for i, (v, x) in enumerate(zip(t.before, deal.suits, strict=True)) if x.west]
        if len(live) == 1:
            return f"leads from the only suit left ({change})"
        if all(v.is_number for _, v in live):
            den = vb.number.denominator
            top = max(v.number.denominator for _, v in live)
            whole = self._total(0, t.before).number.denominator
            if den == top:
                what = "leads the number suit of largest denominator"
            elif den >= whole:
                what = "leads a number suit at least as complex as the whole deal"
            else:
                what = "leads a number suit"
            return f"number avoidance: every suit is a number; {what} ({change})"
        return f"leads from a number suit ({change})" + self._throw_in(t)

    def _follow_reason(self, position: Position, card: Card, marks: dict[Card, int]) -> str:
        t = self._facts(position, card)
        me, opp = t.mover, t.mover.other
        deal = t.start.deal
        led = t.led
        legal = position.legal_cards()
        winners = [c for c in legal if position.trick_winner(c) is me]
        ltext, ctext = _card_text(t.start, led), _card_text(t.start, card)
        change = self._change(t, led.suit)
        optimal = marks[card] == _pick(me, marks.values())
        # cards in one sequence (no card of the other hand between them) are equivalent
        groups = [g for g in deal.suits[led.suit].sequences(me) if g]

        def same_group(a: int, b: int) -> bool:
            return any(a in g and b in g for g in groups)

        if t.winner is not me:
            low = min(c.rank for c in legal)
            if not winners:
                if same_group(card.rank, low):
                    return f"cannot beat the {ltext}; plays low"
                if optimal and marks[card] == marks[Card(card.suit, low)]:
                    return f"cannot beat the {ltext}; plays the {ctext}"
                return f"cannot beat the {ltext}; plays the {ctext}, keeping a lower card"
            how = "plays low" if same_group(card.rank, low) else f"plays the {ctext}"
            tail = ""
            if optimal:
                win_best = _pick(me, [marks[c] for c in winners])
                if win_best != marks[card]:
                    tail = " — winning would cost a trick"
                else:
                    refined = self.refined_marks(position)
                    win_refined = _pick(me, [refined[c] for c in winners])
                    tail = (
                        " (winning does as well)"
                        if win_refined == refined[card]
                        else " (winning takes as many tricks but is worse in refined whist)"
                    )
            held = "holds up" if how == "plays low" else f"holds up with the {ctext}"
            return f"{held} (plays low although it could win) to keep {_name(opp)} on lead" + tail
        # the follower wins the trick
        if len(winners) == len(legal):
            return "must win the trick (every card wins)" + self._throw_in(t)
        vb, va = t.before[led.suit], t.after[led.suit]
        if _exit_of(vb) is me and vb.infinitesimal.stoppers >= 1 and _exit_of(va) is me:
            return (
                f"wins to keep a stopper: the {ctext} stops {_name(opp)}'s attack on "
                f"{_name(me)}'s exit, which stays ({change})"
            )
        after_total = self._total(t.end.west_tricks, t.after)
        o = rho(after_total)
        mine, theirs = _side(o, me), _side(o, opp)
        if (mine > theirs) if me is _W else (mine < theirs):
            why = (
                "both sides have exits (± ε₀), so" if after_total.infinitesimal.is_fuzzy else "here"
            )
            return f"wins to take the lead: {why} the lead is worth a trick ({change})"
        cheapest = min(c.rank for c in winners)
        if same_group(card.rank, cheapest):
            return f"wins the trick as cheaply as possible ({change})"
        return f"wins with the {ctext} rather than a cheaper card ({change})"

    # -- a whole line -------------------------------------------------------------------
    def play_line(
        self,
        deal: Deal,
        leader: Player,
        *,
        solver: Solver | None = None,
        forced: Sequence[Card | str] = (),
    ) -> PlayLine:
        """Play ``deal`` out with :meth:`choice` from ``leader``'s lead (after the ``forced``
        cards, given as cards or ``S:Q`` text, played whatever their marks).

        Every chosen card is optimal, so West must end with exactly its mark; a line that
        does not raises :class:`TheoryError`. With a solver and at most
        :data:`CONFIRM_MAX_CARDS` cards a hand every position is also confirmed by exact
        search (plain and refined marks of every legal card), and a disagreement raises
        :class:`TheoryError` listing it.

        >>> line = play_line(Deal.parse('AJ9/KQT'), Player.EAST, forced=['S:K'], solver=Solver())
        >>> [(s.name, s.predicted) for s in line], line.outcome, line.confirmed
        ([('S:K', 2), ('S:9', 2), ('S:Q', 2), ('S:A', 2), ('S:J', 2), ('S:T', 2)], 2, True)
        """
        position = Position.start(deal, leader)
        self._start(position)
        check = solver is not None and deal.size <= CONFIRM_MAX_CARDS
        start_value = self.value(position)
        predicted = self.predicted(position)
        steps: list[Step] = []
        trick = 1
        queue = [deal.card_from_text(c) if isinstance(c, str) else c for c in forced]
        while not position.is_over:
            where = (
                f"in {deal} ({_name(leader)} on lead) at trick {trick}, "
                f"{_name(position.to_move)} to play"
            )
            if check:
                assert solver is not None
                bad = self.confirm(position, solver, max_cards=None)
                if bad:
                    raise TheoryError(
                        f"marks from values disagree with exact search {where}: "
                        + "; ".join(str(b) for b in bad)
                    )
            card = queue.pop(0) if queue else self.choice(position)
            marks = self.marks(position)
            refined = self.refined_marks(position)
            best = self.best(position)
            labels = tuple(self.suit_labels(position))
            text = self.reason(position, card)
            nxt = position.play(card)
            completes = nxt.led is None
            value = self.value(nxt) if completes else self.value(position)
            steps.append(
                Step(
                    trick=trick,
                    player=position.to_move,
                    card=card,
                    name=deal.card_name(card),
                    reason=text,
                    marks={deal.card_name(c): m for c, m in marks.items()},
                    refined={deal.card_name(c): m for c, m in refined.items()},
                    best=tuple(deal.card_name(c) for c in best),
                    labels=labels,
                    value=value,
                    predicted=marks[card],
                    west_tricks=nxt.west_tricks,
                    on_lead=nxt.leader,
                    wins=nxt.leader if completes else None,
                )
            )
            position = nxt
            if completes:
                trick += 1
        outcome = position.west_tricks
        for step in steps[len(forced) :]:
            if step.predicted != outcome:
                raise TheoryError(
                    f"the line in {deal} ({_name(leader)} on lead) ends with {outcome} tricks "
                    f"for West, but {step.name} at trick {step.trick} was marked {step.predicted}"
                )
        return PlayLine(
            deal,
            leader,
            tuple(steps),
            outcome,
            predicted,
            start_value,
            confirmed=check,
            forced=len(forced),
        )


# ----------------------------------------------------------------------------- functions
def suit_labels(deal: Deal, *, evaluator: Evaluator | None = None) -> list[SuitLabel]:
    """:meth:`Strategist.suit_labels` with a fresh (or the given) evaluator.

    >>> [lab.text for lab in suit_labels(Deal.parse('KQT98/AJ765 AK9/QJT'))]
    ['S 3 − ε₂: exit for East with 2 stoppers', 'H 2 + ε₂: exit for West with 2 stoppers']
    """
    return Strategist(evaluator).suit_labels(deal)


def confirm(position: Position, solver: Solver | None = None) -> list[Disagreement]:
    """:meth:`Strategist.confirm`: marks from values against the solver's ``card_results``
    (for at most :data:`CONFIRM_MAX_CARDS` cards a hand; empty list = agreement)."""
    return Strategist(solver=solver).confirm(position)


def reason(position: Position, card: Card, *, strategist: Strategist | None = None) -> str:
    """:meth:`Strategist.reason` with a fresh strategist unless one is given."""
    return (strategist or Strategist()).reason(position, card)


def play_line(
    deal: Deal,
    leader: Player,
    *,
    solver: Solver | None = None,
    forced: Sequence[Card | str] = (),
    strategist: Strategist | None = None,
) -> PlayLine:
    """:meth:`Strategist.play_line` with a fresh strategist unless one is given."""
    return (strategist or Strategist()).play_line(deal, leader, solver=solver, forced=forced)
