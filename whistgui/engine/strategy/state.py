"""The state between tricks, as every way of playing sees it (§§6, 8, 12): the start of the
current trick, West's tricks plus the suit values, whose exit a value carries, and what each
suit is there — a :class:`SuitLabel` holding a whist value or a game theory's element
(:class:`TheoryElement`).

The marks from values (:mod:`~whistgui.engine.strategy.marks`), the reasons in words
(:mod:`~whistgui.engine.strategy.narrate`), the played line
(:mod:`~whistgui.engine.strategy.line`) and play by exact search
(:mod:`~whistgui.engine.strategy.search`) all build on this module, which imports none of them.

>>> from whistgui.engine import Deal, Player, Position
>>> p = Position.start(Deal.parse('KJ/AQ A/K'), Player.WEST)
>>> led = p.play(p.deal.card_from_text('H:A'))
>>> str(trick_start(led).deal), exit_owner(Value.parse('1-e0')), total(1, [Value(1)]).pretty()
('KJ/AQ A/K', <Player.EAST: 'E'>, '2')
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any, Literal, TypeVar

from whistgui.engine.checks import expect
from whistgui.engine.games.theory import Theory, check_theory
from whistgui.engine.games.whist.rounding import Outcome
from whistgui.engine.games.whist.value import Value
from whistgui.engine.trick.cards import Player
from whistgui.engine.trick.deal import SuitDeal
from whistgui.engine.trick.play import Position

__all__ = [
    "LabelKind",
    "SuitLabel",
    "TheoryElement",
    "check_position",
    "exit_owner",
    "pick",
    "side",
    "total",
    "trick_start",
]

_W, _E = Player.WEST, Player.EAST

#: A whist value is a number or an exit; another game's theory gives an element; an empty suit
#: is played out.
LabelKind = Literal["number", "exit", "element", "played out"]


# ----------------------------------------------------------------------------- labels
@dataclass(frozen=True, slots=True)
class TheoryElement:
    """A game theory's element as its theory writes it: ASCII (:meth:`ascii`, what the
    theory parses back), with the paper's symbols (:meth:`pretty`), and in words."""

    text: str
    pretty_text: str
    words: str

    @classmethod
    def of(cls, theory: Theory[Any], element: Any) -> TheoryElement:
        """The element as ``theory`` writes it (each theory checks that it is one of its own)."""
        check_theory(theory)
        return cls(theory.text(element), theory.pretty(element), theory.describe(element))

    def ascii(self) -> str:
        return self.text

    def pretty(self) -> str:
        return self.pretty_text

    def __str__(self) -> str:
        return self.pretty_text


@dataclass(frozen=True, slots=True)
class SuitLabel:
    """What one suit is at a moment of play: from its whist value (§6, §8) a number, an exit
    for West or for East with its stoppers (ε_k / −ε_k); from another game's theory its
    element (kind ``element``); or played out.

    >>> from whistgui.engine import Deal, suit_labels
    >>> lab = suit_labels(Deal.parse('KQT98/AJ765 AK9/QJT'))[0]
    >>> lab.name, lab.kind, lab.exit_for, lab.stoppers, lab.value
    ('S', 'exit', <Player.EAST: 'E'>, 2, Value.parse('3-e2'))
    >>> lab.text
    'S 3 − ε₂: exit for East with 2 stoppers'
    """

    index: int
    name: str  # the suit's name in the deal: S, H, D, C, 5, …
    suit: SuitDeal
    value: Value | TheoryElement  # both write themselves with pretty() and ascii()
    kind: LabelKind
    exit_for: Player | None  # whose exit (None for numbers, elements and played-out suits)
    stoppers: int  # k of ±ε_k; 0 for unprotected exits and numbers
    words: str  # describe()'s phrase (the theory's for an element), or "played out"

    @property
    def is_number(self) -> bool:
        return self.kind == "number"

    @property
    def text(self) -> str:
        """``H 2 + ε₂: exit for West with 2 stoppers``."""
        if self.kind == "played out":
            return f"{self.name} played out"
        return f"{self.name} {self.value.pretty()}: {self.words}"

    def record(self) -> dict[str, Any]:
        """The label as JSON-ready data (``whist play --json``).

        >>> from whistgui.engine import Deal, suit_labels
        >>> suit_labels(Deal.parse('A/K'))[0].record()['value']
        '1-e0'
        """
        return {
            "suit": self.name,
            "cards": str(self.suit) if not self.suit.is_empty else "-/-",
            "value": self.value.ascii(),
            "kind": self.kind,
            "exit_for": self.exit_for.value if self.exit_for is not None else None,
            "stoppers": self.stoppers,
            "label": self.words,
        }

    def __str__(self) -> str:
        return self.text


# ----------------------------------------------------------------------------- helpers
def exit_owner(v: Value) -> Player | None:
    """Whose exit ``v`` carries: West's for a positive infinitesimal part, East's for a
    negative one, nobody's for a number or ±ε₀."""
    inf = v.infinitesimal
    if inf.is_positive:
        return _W
    if inf.is_negative:
        return _E
    return None


def side(o: Outcome, leader: Player) -> int | Fraction:
    """West's tricks in ``o`` with ``leader`` on lead."""
    x = o.west_lead if leader is _W else o.east_lead
    assert not isinstance(x, Player)  # whist's outcomes are tricks
    return x


_N = TypeVar("_N", bound="int | Fraction")


def pick(player: Player, xs: Iterable[_N]) -> _N:
    """The best of ``xs`` for ``player``: the most tricks for West, the fewest for East."""
    return max(xs) if player is _W else min(xs)


def total(tricks: int, values: Sequence[Value]) -> Value:
    """West's tricks plus the sum of ``values``: the value of a state between tricks."""
    out = Value(tricks)
    for v in values:
        out = out + v
    return out


def trick_start(position: Position) -> Position:
    """The position at the start of the current trick: the led card back in its hand (the
    origin and the rules kept)."""
    if position.led is None:
        return position
    deal = position.deal.with_card(position.led, position.leader)
    return replace(position, deal=deal, led=None)


def check_position(position: Position) -> Position:
    """``position`` if it is a Position, else ArgumentTypeError."""
    return position if type(position) is Position else expect(position, Position, "position")
