"""The rules of a two-person trick-taking game, in one place.

Every game of the papers is played the same way — the leader plays a card, the other player
replies, the higher card of the suit led wins the trick and the lead — and differs only in

* which replies are legal: *free* (follow suit with any card) or *greedy* (follow suit with a
  card that wins the trick if you have one: single-suit whist §1, strange algebra §7.2);
* what a player void in the suit led may play (any card: a discard, in every game here);
* how a finished deal scores: the tricks (whist), the tricks less a quarter for taking the last
  trick and plus a quarter for not taking it (refined whist, symmetric whist §11), the tricks
  but the last (reduced whist, §11), or only the last trick, which wins (five-card) or loses
  (misère five-card).

A :class:`Rules` object answers those questions; :class:`~whistgui.engine.trick.play.Position`, the
:class:`~whistgui.engine.trick.solver.Solver`, the strategist and the tree views ask it and restate
nothing. Scores are integers in the rules' own *points* (quarters for refined whist, 1 for the
winner of a last-trick game), turned into results by :meth:`Rules.result`.

>>> from whistgui.engine.trick.cards import Card
>>> GREEDY = Rules(greedy=True)
>>> led = Card(0, 11)
>>> [c.rank for c in WHIST_RULES.legal([Card(0, 14), Card(0, 9), Card(1, 5)], led)]
[14, 9]
>>> [c.rank for c in GREEDY.legal([Card(0, 14), Card(0, 9), Card(1, 5)], led)]
[14]
>>> WHIST_RULES.winner(Player.WEST, led, Card(1, 14))
<Player.WEST: 'W'>
>>> REFINED_WHIST_RULES.result(REFINED_WHIST_RULES.final_points(True) + 2 * 4)
Fraction(7, 4)

Results and outcomes are put in words here, once, for every caller (the command line, the
analysis panel, the play records): :func:`result_text` and :func:`outcome_text`.

>>> outcome_text(Outcome(2, 1)), result_text(Fraction(7, 4))
('West takes 2 tricks with West on lead and 1 with East on lead', '7/4')
"""

from __future__ import annotations

import enum
import operator
from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import ClassVar, NamedTuple

from whistgui.engine.checks import CheckedEnum, described, each, expect, few_digits, whole
from whistgui.engine.errors import ArgumentError, ArgumentTypeError, NotationError
from whistgui.engine.reading import quote
from whistgui.engine.trick.cards import Card, Player, count

__all__ = [
    "REFINED_WHIST_RULES",
    "WHIST_RULES",
    "Outcome",
    "Result",
    "Rules",
    "Scoring",
    "outcome_text",
    "result_text",
]

#: What a finished deal gives: West's tricks (int), West's refined points (Fraction) or the
#: winner of a last-trick game (Player).
Result = int | Fraction | Player


class Outcome(NamedTuple):
    """The result with West on lead and with East on lead: West's tricks (or refined score)
    in a trick-scoring game, the winner in a last-trick game.

    >>> from whistgui.engine import Deal, Solver
    >>> o = Solver().outcome(Deal.parse('AQ/KJ'))
    >>> o, o.west_lead, str(o)
    (Outcome(west_lead=1, east_lead=2), 1, '(1, 2)')
    >>> outcome_text(o)
    'West takes 1 trick with West on lead and 2 with East on lead'

    In a notebook an outcome shows as a table, West's result with each side leading
    (``_repr_html_``).
    """

    west_lead: Result
    east_lead: Result

    def __str__(self) -> str:
        return f"({self.west_lead}, {self.east_lead})"

    def _repr_html_(self) -> str:
        """In a notebook: the result with each side leading, under its heading."""
        from whistgui.engine.trick.display import html_table

        row = [result_text(self.west_lead), result_text(self.east_lead)]
        return html_table(["West leads", "East leads"], [row])


def result_text(r: Result, *, short: bool = False) -> str:
    """One result as a cell or a mark shows it: West's tricks ``2``, refined points ``7/4``,
    the winner of a last-trick game ``West wins`` — or, ``short``, ``W``.

    >>> result_text(2), result_text(Fraction(5, 4)), result_text(Fraction(2))
    ('2', '5/4', '2')
    >>> result_text(Player.EAST), result_text(Player.EAST, short=True)
    ('East wins', 'E')
    """
    _check_result(r, "r")
    expect(short, bool, "short")
    if isinstance(r, Player):
        return r.value if short else f"{r.word} wins"
    return str(r)  # an int, or a Fraction: ``5/4``, ``2`` (as value.format_number writes it)


_RESULT = "a result: West's tricks (int), refined points (Fraction) or the winner (Player)"


#: The most digits of a result (above and below the line) that :func:`result_text` writes.
RESULT_DIGITS = 1000


def _check_result(r: object, name: str) -> None:
    if not isinstance(r, (int, Fraction, Player)) or isinstance(r, bool):
        raise ArgumentTypeError(f"{name} must be {_RESULT}, not {described(r)}")
    if not isinstance(r, Player):
        few_digits(r, name, RESULT_DIGITS, f"a result of at most {RESULT_DIGITS:,} digits")


def outcome_text(o: Outcome) -> str:
    """An outcome in words: what West takes (tricks) or scores (refined points) with each
    player on lead, or who wins a last-trick game.

    >>> outcome_text(Outcome(1, 2))
    'West takes 1 trick with West on lead and 2 with East on lead'
    >>> outcome_text(Outcome(Fraction(5, 4), Fraction(3, 4)))
    'West scores 5/4 with West on lead and 3/4 with East on lead'
    >>> outcome_text(Outcome(Player.EAST, Player.EAST))
    'East wins whoever leads'
    >>> outcome_text(Outcome(Player.WEST, Player.EAST))
    'the player on lead wins'
    """
    expect(o, Outcome, "o", "an Outcome")
    _check_result(o.west_lead, "o.west_lead")
    _check_result(o.east_lead, "o.east_lead")
    w, e = o
    if isinstance(w, Player) and isinstance(e, Player):
        if w is e:
            return f"{w.word} wins whoever leads"
        return "the player on lead wins" if w is Player.WEST else "the player on lead loses"
    if isinstance(w, int) and isinstance(e, int):
        return f"West takes {count(w, 'trick')} with West on lead and {e} with East on lead"
    return f"West scores {result_text(w)} with West on lead and {result_text(e)} with East on lead"


class Scoring(enum.Enum, metaclass=CheckedEnum):
    """How a finished deal scores.

    >>> from whistgui.engine import Deal, Solver
    >>> Scoring('refined'), Scoring.REDUCED.counts_tricks
    (<Scoring.REFINED: 'refined'>, True)
    >>> Solver().outcome(Deal.parse('AQ/KJ'), rules=Rules(scoring=Scoring.LAST_TRICK_WINS))
    Outcome(west_lead=<Player.WEST: 'W'>, east_lead=<Player.WEST: 'W'>)
    """

    #: West's score is the number of tricks West took.
    TRICKS = "tricks"
    #: Tricks, −¼ for taking the last trick and +¼ for not taking it: the last trick scores ¾
    #: won and ¼ lost (symmetric whist §11).
    REFINED = "refined"
    #: The tricks but the last: the last trick does not count (reduced whist, §11).
    REDUCED = "reduced"
    #: Whoever takes the last trick wins (five-card).
    LAST_TRICK_WINS = "last trick wins"
    #: Whoever takes the last trick loses (misère five-card).
    LAST_TRICK_LOSES = "last trick loses"

    @classmethod
    def _missing_(cls, value: object) -> Scoring:
        """``Scoring('x')``: NotationError listing the scorings; ArgumentTypeError for what is
        not text."""
        expected = ", ".join(repr(s.value) for s in cls)
        if isinstance(value, str):
            raise NotationError(f"{quote(value)} is not a scoring; expected one of {expected}")
        raise ArgumentTypeError(f"value must be one of {expected} (a str), not {described(value)}")

    @property
    def counts_tricks(self) -> bool:
        return self in (Scoring.TRICKS, Scoring.REFINED, Scoring.REDUCED)


@dataclass(frozen=True, slots=True)
class Rules:
    """One immutable set of rules; hashable, so a solver keys its tables on it.

    >>> for rules in (WHIST_RULES, Rules(greedy=True)):
    ...     print(rules.describe())
    follow suit (free replies), discard when void; tricks
    follow suit (must win the trick if able), discard when void; tricks
    >>> WHIST_RULES.replies(12, [14, 11]), Rules(greedy=True).replies(12, [14, 11])
    ([(14, True), (11, False)], [(14, True)])
    """

    #: The second player must win the trick when able.
    greedy: bool = False
    scoring: Scoring = Scoring.TRICKS
    #: West's points for each trick West takes (derived from ``scoring``).
    trick_points: int = field(init=False, compare=False, repr=False)
    _finals: tuple[int, int] = field(init=False, compare=False, repr=False)
    _hash: int = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        expect(self.greedy, bool, "greedy")
        expect(self.scoring, Scoring, "scoring")
        # derived once: a solver asks for them at every node
        s = self.scoring
        points = {Scoring.TRICKS: 1, Scoring.REFINED: 4, Scoring.REDUCED: 1}.get(s, 0)
        finals = {  # (West took the last trick, East did)
            Scoring.REFINED: (-1, 1),
            Scoring.REDUCED: (-1, 0),  # the last trick taken back
            Scoring.LAST_TRICK_WINS: (1, 0),
            Scoring.LAST_TRICK_LOSES: (0, 1),
        }.get(s, (0, 0))
        object.__setattr__(self, "trick_points", points)
        object.__setattr__(self, "_finals", finals)
        object.__setattr__(self, "_hash", hash((self.greedy, s)))

    def __hash__(self) -> int:
        return self._hash

    # -- the trick --------------------------------------------------------------------------
    #: ``beats(led, reply)``: does ``reply`` win a trick of the suit led against ``led`` (both
    #: of that suit)? Ranks, or positions in a suit's pattern: only their order counts — the
    #: higher card wins. (``operator.lt`` itself: the searches call it millions of times.)
    beats: ClassVar[staticmethod[[int, int], bool]] = staticmethod(operator.lt)

    def replies(self, led: int, holding: Sequence[int]) -> list[tuple[int, bool]]:
        """The legal replies among ``holding`` (ranks or pattern positions of the suit led,
        not empty), each with whether it wins the trick — what a search needs in one call.

        >>> Rules(greedy=True).replies(5, [2, 7, 9]), Rules().replies(5, [2, 7])
        ([(7, True), (9, True)], [(2, False), (7, True)])
        """
        return self._replies(whole(led, "led"), _holding(holding))

    def _replies(self, led: int, holding: Sequence[int]) -> list[tuple[int, bool]]:
        """:meth:`replies` of checked arguments (what the solver calls)."""
        beats = self.beats
        out = [(r, beats(led, r)) for r in holding]
        if self.greedy and any(w for _, w in out):
            return [x for x in out if x[1]]
        return out

    def follows(self, led: int, holding: Sequence[int]) -> list[int]:
        """The legal replies among ``holding``, the follower's ranks (or pattern positions) in
        the suit led, not empty: all of them, or under the greedy rule those that win the trick
        if any does."""
        return self._follows(whole(led, "led"), _holding(holding))

    def _follows(self, led: int, holding: Sequence[int]) -> list[int]:
        """:meth:`follows` of checked arguments."""
        if not self.greedy:
            return list(holding)
        winners = [r for r in holding if self.beats(led, r)]
        return winners or list(holding)

    @staticmethod
    def discards(hand: Sequence[Card]) -> list[Card]:
        """What a player void in the suit led may play: any card."""
        return list(_cards(hand, "hand"))

    def legal(self, hand: Sequence[Card], led: Card | None) -> list[Card]:
        """The legal cards of ``hand``: any card to lead; a reply to ``led`` follows suit by
        :meth:`follows`, or is a discard when void."""
        if led is not None:
            expect(led, Card, "led", "a Card or None")
        return self._legal(_cards(hand, "hand"), led)

    def _legal(self, hand: Sequence[Card], led: Card | None) -> list[Card]:
        """:meth:`legal` of checked arguments (what positions call)."""
        if led is None:
            return list(hand)
        suit = [c for c in hand if c.suit == led.suit]
        if not suit:
            return list(hand)  # a discard: any card (:meth:`discards`)
        ok = set(self._follows(led.rank, [c.rank for c in suit]))
        return [c for c in suit if c.rank in ok]

    def winner(self, leader: Player, led: Card, reply: Card) -> Player:
        """Who wins the trick: the reply if it is of the suit led and :meth:`beats` the lead."""
        if leader is not Player.WEST and leader is not Player.EAST:
            expect(leader, Player, "leader")
        expect(led, Card, "led")
        expect(reply, Card, "reply")
        return self._winner(leader, led, reply)

    def _winner(self, leader: Player, led: Card, reply: Card) -> Player:
        """:meth:`winner` of checked arguments (what positions call)."""
        if reply.suit == led.suit and self.beats(led.rank, reply.rank):
            return leader.other
        return leader

    # -- scoring, in integer points ---------------------------------------------------------
    def final_points(self, west_won_last: bool) -> int:
        """West's points for the end of play: who took the last trick (in an empty deal, the
        player on lead is taken to have taken it)."""
        expect(west_won_last, bool, "west_won_last")
        return self._finals[0] if west_won_last else self._finals[1]

    def points_so_far(self, west_tricks: int) -> int:
        return whole(west_tricks, "west_tricks") * self.trick_points

    def result(self, points: int) -> Result:
        """The result of a deal in which West scored ``points``."""
        whole(points, "points")
        if self.scoring is Scoring.TRICKS or self.scoring is Scoring.REDUCED:
            return points
        if self.scoring is Scoring.REFINED:
            return Fraction(points, 4)
        return Player.WEST if points > 0 else Player.EAST

    def refined(self) -> Rules:
        """These rules scored as refined whist (the ``refined=True`` of older calls)."""
        if not self.scoring.counts_tricks:
            raise ArgumentError(
                f"refined: a game scored by '{self.scoring.value}' has no refined scoring"
            )
        return Rules(self.greedy, Scoring.REFINED)

    def describe(self) -> str:
        """The rules in a line."""
        reply = "must win the trick if able" if self.greedy else "free replies"
        return (
            f"follow suit ({reply}), discard when void; {self.scoring.value}"
            + _SCORING_NOTES.get(self.scoring, "")
        )


#: What :meth:`Rules.describe` adds to a scoring's name.
_SCORING_NOTES = {
    Scoring.REFINED: " (−¼ for taking the last trick, +¼ for not taking it)",
    Scoring.REDUCED: " (the last trick does not count)",
}


def _holding(holding: object) -> tuple[int, ...]:
    """A holding of ranks or pattern positions, checked: a sequence of ints."""
    out: tuple[int, ...] = each(
        holding, int, "holding", "a sequence of ranks (ints)", whole=Sequence
    )
    return out


def _cards(hand: object, name: str) -> tuple[Card, ...]:
    out: tuple[Card, ...] = each(hand, Card, name, "a sequence of Cards", whole=Sequence)
    return out


#: Two-person whist: free replies, tricks count.
WHIST_RULES = Rules()
#: Whist with −¼ for taking the last trick and +¼ for not taking it (§11).
REFINED_WHIST_RULES = Rules(scoring=Scoring.REFINED)
