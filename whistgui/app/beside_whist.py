r"""Integral and refined hackenbush beside whist (issue 26; strange algebra §6.6 and §7.4): the
outcome of a hackenbush position's value ``v`` in Z(2) by Theorems 6.2 and 6.3, next to whist's
ρ(v) and refined whist's ρ′(v) — each computed by its own theory (:mod:`whistgui.engine.heaps.
hackenbush_theory` and :mod:`whistgui.engine.games.whist.rounding`), never here — and a single
suit of whist with that value where one is within reach.

It lives in the application layer because it needs both: the games of heaps may not import
whist's theory (the import-linter contract in ``pyproject.toml``), and the rounding is not
written again here. The two theories share their rule, which the tests check on every tie:

* both round to a lattice — the integers (integral hackenbush, whist), the *odd* multiples of ¼
  (refined integral hackenbush and refined whist alike: every result of either is an odd
  multiple of ¼, so a multiple of ½ is a tie);
* both break a tie toward the player not to move (not on lead): Blue to move, or West on lead,
  gets the lower point, Red to move, or East on lead, the higher.

Blue is West, Red is East, "to move" is "on lead". Whist's values also carry an infinitesimal,
which hackenbush's lack: at a tie it decides (ρ(½ + ε₁) = (1, 1), ρ(½ ± ε₀) = (1, 0) — the only
case where having the lead helps); :attr:`BesideWhist.with_infinitesimals` lists them.

>>> b = beside_whist(Fraction(1, 2))
>>> b.integral.pair, b.whist.pair, b.refined.pair, b.refined_whist.pair
((0, 1), (0, 1), (Fraction(1, 4), Fraction(3, 4)), (Fraction(1, 4), Fraction(3, 4)))
>>> b.agree, b.integral.tie, b.refined.tie
(True, True, True)
>>> [(t, r.pair) for t, r in b.with_infinitesimals if r.symbol == 'ρ']
[('½ ± ε₀', (1, 0)), ('½ + ε₁', (1, 1)), ('½ − ε₁', (0, 0))]
>>> index = whist_suits(3)
>>> suit_with_value(index, Fraction(3, 2)).text
'AQ/KJ'
>>> suit_with_value(index, Fraction(-1)) is None
True
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Final

from whistgui.app.heaps import HeapsDocument, theory_of
from whistgui.engine.checks import expect, whole
from whistgui.engine.errors import ArgumentError, ArgumentTypeError, TheoryError
from whistgui.engine.games.whist.infinitesimal import Infinitesimal
from whistgui.engine.games.whist.rounding import rho, rho_prime
from whistgui.engine.games.whist.value import Value
from whistgui.engine.heaps import hackenbush_theory as theory
from whistgui.engine.heaps.dyadic import dyadic_pretty, is_dyadic
from whistgui.engine.heaps.rules import Player
from whistgui.engine.trick.deal import SuitDeal
from whistgui.engine.trick.rules import Outcome

__all__ = [
    "SHARED_RULE",
    "WHIST_SUIT_N",
    "BesideWhist",
    "Rounded",
    "WhistSuit",
    "beside_whist",
    "position_value",
    "suit_with_value",
    "whist_setting",
    "whist_suits",
]

#: The most cards a hand of the single suits searched for a value (every suit up to it: 1,274
#: suits, some 70 ms and the kernel's import, 0.4 s, the first time).
WHIST_SUIT_N: Final = 6

#: The rule the two theories share, as the view says it (checked by the tests on every tie).
SHARED_RULE: Final = (
    "Both round to the same points — the integers (integral hackenbush, whist), the odd "
    "multiples of ¼ (refined hackenbush, refined whist) — and both break a tie toward the "
    "player not to move: Blue to move, as West on lead, gets the lower point."
)

_HACKENBUSH_THEORIES: Final = (
    theory.HackenbushTheory,
    theory.IntegralHackenbushTheory,
    theory.RefinedIntegralHackenbushTheory,
)
_REFINED: Final = theory.RefinedIntegralHackenbushTheory
_INTEGERS: Final = "the integers"
_ODD_QUARTERS: Final = "the odd multiples of ¼"
#: The infinitesimals that decide a whist tie, in the order shown.
_TIE_INFINITESIMALS: Final = ("+-e0", "e1", "-e1")


@dataclass(frozen=True, slots=True)
class Rounded:
    """One game's outcome of a value: the result for the first player (Blue, West) with
    them to move (on lead) and with the other to move, read off a lattice by a rounding."""

    game: str  # "integral hackenbush"
    symbol: str  # "Theorem 6.2", "ρ"
    first: Fraction  # Blue to move / West on lead
    second: Fraction  # Red to move / East on lead
    lattice: str  # "the integers"
    step: Fraction  # the lattice's spacing
    offset: Fraction  # one of its points
    tie: bool  # the value is midway between two points

    @property
    def pair(self) -> tuple[Fraction | int, Fraction | int]:
        """(first, second), integers as ints."""
        return (_plain(self.first), _plain(self.second))


def _plain(q: Fraction) -> Fraction | int:
    return int(q) if q.denominator == 1 else q


def _whist_pair(outcome: Outcome) -> tuple[Fraction, Fraction]:
    """Whist's outcome (West on lead, East on lead) as numbers (a trick game's result may be a
    winner; ρ and ρ′ give numbers only)."""
    pair = []
    for r in (outcome.west_lead, outcome.east_lead):
        if not isinstance(r, (int, Fraction)):
            raise TheoryError(f"whist's rounding gave {r!r}, not a number")
        pair.append(Fraction(r))
    return pair[0], pair[1]


def _midway(value: Fraction, step: Fraction, offset: Fraction) -> bool:
    return ((value - offset) / step - Fraction(1, 2)).denominator == 1


def _rounded(
    game: str, symbol: str, pair: tuple[Fraction | int, Fraction | int], lattice: str, v: Fraction
) -> Rounded:
    step, offset = (
        (Fraction(1), Fraction(0)) if lattice == _INTEGERS else (Fraction(1, 2), Fraction(1, 4))
    )
    return Rounded(
        game,
        symbol,
        Fraction(pair[0]),
        Fraction(pair[1]),
        lattice,
        step,
        offset,
        _midway(v, step, offset),
    )


@dataclass(frozen=True, slots=True)
class BesideWhist:
    """A hackenbush value's outcomes beside whist's (see the module's docstring)."""

    value: Fraction
    integral: Rounded  # Theorem 6.2
    refined: Rounded  # Theorem 6.3
    whist: Rounded  # ρ(v)
    refined_whist: Rounded  # ρ′(v)
    #: at a tie of ρ or ρ′: whist's rounding of v plus each infinitesimal that decides it
    with_infinitesimals: tuple[tuple[str, Rounded], ...]

    @property
    def agree(self) -> bool:
        """Do the hackenbush theories give what whist's roundings give (they should)?"""
        return (
            self.integral.pair == self.whist.pair and self.refined.pair == self.refined_whist.pair
        )

    @property
    def pretty(self) -> str:
        return dyadic_pretty(self.value)


def beside_whist(value: Fraction | int) -> BesideWhist:
    """The outcome of integral and refined hackenbush at ``value`` (a dyadic number: a
    position's value by Berlekamp's rule) and whist's ρ and ρ′ of the same value, each by its
    own theory; and, where ``value`` is a tie of either, whist's rounding of it plus ±ε₀, ε₁
    and −ε₁."""
    if not isinstance(value, (int, Fraction)) or isinstance(value, bool):
        raise ArgumentTypeError(
            f"value must be a Fraction or an int (a dyadic number), not {type(value).__name__}"
        )
    v = Fraction(value)
    if not is_dyadic(v):
        raise ArgumentError(f"value {v} is not in Z(2): its denominator is not a power of 2")
    wv = Value(v)
    whist = _rounded("whist", "ρ", _whist_pair(rho(wv)), _INTEGERS, v)
    refined_whist = _rounded("refined whist", "ρ′", _whist_pair(rho_prime(wv)), _ODD_QUARTERS, v)
    extra: list[tuple[str, Rounded]] = []
    for rounded, fn in ((whist, rho), (refined_whist, rho_prime)):
        if not rounded.tie:
            continue
        for text in _TIE_INFINITESIMALS:
            x = Value(v, Infinitesimal.parse(text))
            extra.append(
                (
                    x.pretty(),
                    _rounded(rounded.game, rounded.symbol, _whist_pair(fn(x)), rounded.lattice, v),
                )
            )
    return BesideWhist(
        v,
        _rounded("integral hackenbush", "Theorem 6.2", theory.rho(v), _INTEGERS, v),
        _rounded("refined hackenbush", "Theorem 6.3", theory.rho_prime(v), _ODD_QUARTERS, v),
        whist,
        refined_whist,
        tuple(extra),
    )


def position_value(doc: HeapsDocument) -> Fraction | None:
    """The value in Z(2) of ``doc``'s position by Berlekamp's rule, if its game is one of the
    three hackenbush games (None otherwise): the sum of its piles' elements.

    >>> position_value(HeapsDocument.new('integral-hackenbush', 'BBR RB BR'))
    Fraction(3, 2)
    >>> position_value(HeapsDocument.new('nim', '3 4')) is None
    True
    """
    expect(doc, HeapsDocument, "doc")
    t = theory_of(doc)
    if not isinstance(t, _HACKENBUSH_THEORIES):
        return None
    rules = doc.rules
    total = t.zero()
    for component in rules.components(doc.position):
        total = t.add(total, t.element(component))
    return total


def whist_setting(doc: HeapsDocument) -> tuple[str, str]:
    """The whist game and the player on lead that match ``doc`` (a hackenbush game's): Blue
    to move is West on lead, Red to move East; refined integral hackenbush is refined whist
    (both round to the odd multiples of ¼, Theorem 6.3 and ρ′), the others whist (ρ) — as
    Open in whist opens the suit.

    >>> doc = HeapsDocument.new('refined-integral-hackenbush', 'BR')
    >>> whist_setting(doc), whist_setting(doc.with_mover(Player.RIGHT))
    (('refined-whist', 'W'), ('refined-whist', 'E'))
    >>> whist_setting(HeapsDocument.new('integral-hackenbush', 'BR'))
    ('whist', 'W')
    """
    expect(doc, HeapsDocument, "doc")
    game = "refined-whist" if isinstance(theory_of(doc), _REFINED) else "whist"
    return game, "W" if doc.mover is Player.LEFT else "E"


# -- a single suit of whist with the value ----------------------------------------------------
@dataclass(frozen=True, slots=True)
class WhistSuit:
    """A single suit of whist: its pattern (owners from low to high), as a deal, its value."""

    pattern: str
    value: Value

    @property
    def text(self) -> str:
        """The suit as the whist workspace writes it: ``AQ/KJ`` (West's cards / East's)."""
        return str(SuitDeal.from_pattern(self.pattern))

    @property
    def exact(self) -> bool:
        """Is its value a number (no infinitesimal part)?"""
        return self.value.infinitesimal.is_zero

    @property
    def roundings(self) -> tuple[tuple[Fraction, Fraction], tuple[Fraction, Fraction]]:
        """Whist's ρ and ρ′ of its value (West on lead, East on lead).

        >>> WhistSuit('WE', Value.parse('e0')).roundings
        ((Fraction(0, 1), Fraction(0, 1)), (Fraction(1, 4), Fraction(1, 4)))
        """
        return _whist_pair(rho(self.value)), _whist_pair(rho_prime(self.value))


def whist_suits(
    max_n: int = WHIST_SUIT_N, *, should_stop: Callable[[], bool] | None = None
) -> dict[Value, str]:
    """Each value of a single suit of up to ``max_n`` cards a hand, with the first suit that
    has it (the fewest cards; among them the first in the tables' order): what
    :func:`suit_with_value` looks in. ``should_stop`` is passed to the kernel (Cancelled)."""
    from whistgui.engine.games.whist.kernel import TableCache, suit_table

    n_max = whole(max_n, "max_n", low=1, high=8)
    cache = TableCache()
    found: dict[Value, str] = {}
    for n in range(1, n_max + 1):
        table = suit_table(n, upto_cache=cache, should_stop=should_stop)
        for row in table.lex_order():
            v = table.value_of(int(row))
            if v not in found:
                found[v] = table.pattern_text(int(row))
    return found


def suit_with_value(index: Mapping[Value, str], value: Fraction | int) -> WhistSuit | None:
    """A suit of ``index`` (:func:`whist_suits`) whose value is ``value`` — or, if none, one
    whose value is ``value`` plus an infinitesimal (the simplest found); None if neither (a
    negative value, or a value past the suits' reach)."""
    expect(index, Mapping, "index", "whist_suits()'s mapping")
    v = Fraction(value)
    pattern = index.get(Value(v))
    if pattern is not None:
        return WhistSuit(pattern, Value(v))
    near = [(w, p) for w, p in index.items() if w.number == v]
    if not near:
        return None
    w, p = min(near, key=lambda item: (len(item[1]), abs(item[0].infinitesimal.pos or 0)))
    return WhistSuit(p, w)
