r"""The theory of hackenbush strings (strange algebra §6.6): Berlekamp's rule maps each pile to
its *value* in Z(2), the dyadic rationals; a position's value is the sum of its piles' (a
homomorphism H₂ → Z(2)), and the outcome of each of the three games is read off the value by a
rounding — the exact analogue of whist's ρ and ρ′ (symmetric whist §8, §11), which round a
whist value's number part the same two ways:

* hackenbush (Theorem 6.1 and what follows it): positive, Blue wins; negative, Red wins; zero,
  the player not to move wins — :func:`winner`;
* integral hackenbush (Theorem 6.2): the nearest integer, half an odd integer rounded in
  favour of the player not to move — :func:`rho`, whist's ρ (a half-integer value gives
  West n tricks on lead and n + 1 with East on lead);
* refined integral hackenbush (Theorem 6.3): the nearest number whose smallest denominator is
  4, an odd multiple of ¼; a value midway between two (a multiple of ½) rounded in favour of
  the player not to move, v − ¼ with Blue to move and v + ¼ with Red to move — :func:`rho_prime`,
  whist's ρ′ (refined whist: ¼ for not having the lead at the end, as here ¼ for having made
  the last move; the zero state's refined outcome (−¼, ¼) is here the empty position's).

All three are ρ_A of symmetric whist §8 for a set A of numbers: {−1, 1}, the integers, the odd
multiples of ¼ — the nearest element of A, a tie broken against the player to move.

>>> from whistgui.engine.heaps.hackenbush import IntegralHackenbushRules
>>> theory, rules = IntegralHackenbushTheory(), IntegralHackenbushRules()
>>> p = rules.parse('BBR RB BR')
>>> [theory.pretty(theory.element(c)) for c in rules.components(p)]
['1½', '½', '−½']
>>> v = Fraction(3, 2)
>>> winner(v), rho(v), rho_prime(v)
((1, 1), (1, 2), (Fraction(5, 4), Fraction(7, 4)))
>>> print(theory.describe(v))
value 1½: the payment to Blue is 1 with Blue to move, 2 with Red to move (the nearest integer,
a tie in favour of the player not to move)
>>> pile_with_value(Fraction(-5, 8))
'RBRB'
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable
from fractions import Fraction
from typing import Final

from whistgui.engine.checks import described, expect
from whistgui.engine.errors import ArgumentError, ArgumentTypeError
from whistgui.engine.heaps.dyadic import (
    dyadic_latex,
    dyadic_pretty,
    dyadic_text,
    is_dyadic,
    read_dyadic,
)
from whistgui.engine.heaps.hackenbush import MAX_PILE
from whistgui.engine.heaps.rules import Flag, Outcome
from whistgui.engine.reading import quote

__all__ = [
    "HackenbushTheory",
    "IntegralHackenbushTheory",
    "RefinedIntegralHackenbushTheory",
    "pile_value",
    "pile_with_value",
    "rho",
    "rho_prime",
    "winner",
]

_ONE: Final = Fraction(1)
_HALF: Final = Fraction(1, 2)
_QUARTER: Final = Fraction(1, 4)


def pile_value(pile: str) -> Fraction:
    """Berlekamp's rule: a counter with no counter of the other colour below it weighs 1, any
    other half the counter below it; the value is Blue's weights less Red's.

    >>> pile_value('BBRB'), pile_value('RBB'), pile_value('')
    (Fraction(7, 4), Fraction(-1, 4), Fraction(0, 1))
    """
    if not pile:
        return Fraction(0)
    # the bottom run of one colour weighs 1 a counter; the k-th counter past it 1/2ᵏ: the
    # value is a whole numerator over 2^(counters past the run), in integers
    run = len(pile) - len(pile.lstrip(pile[0]))
    total = run if pile[0] == "B" else -run
    for c in pile[run:]:
        total = 2 * total + (1 if c == "B" else -1)
    return Fraction(total, 1 << (len(pile) - run))


def pile_with_value(value: Fraction | int) -> str:
    """The one pile whose value is ``value`` (§6.6: every element of Z(2) is the value of
    exactly one pile, so every position is equivalent to one pile, as in nim).

    >>> pile_with_value(Fraction(3, 4)), pile_with_value(-2), pile_with_value(0)
    ('BRB', 'RR', '')
    """
    if not isinstance(value, (int, Fraction)) or isinstance(value, bool):
        raise ArgumentTypeError(f"value must be a Fraction or an int, not {described(value)}")
    x = Fraction(value)
    if not is_dyadic(x):
        raise ArgumentError(f"value {quote(dyadic_text(x))} is not in Z(2)")
    y = abs(x)
    m = int(y) if y.denominator == 1 else int(y) + 1
    length = m + y.denominator.bit_length() - 1
    if length > MAX_PILE:
        raise ArgumentError(
            f"value {quote(dyadic_text(x))} needs a pile of {length:,} counters; "
            f"at most {MAX_PILE} are written"
        )
    mine, theirs = ("B", "R") if x > 0 else ("R", "B")
    pile = [mine] * m
    rest, weight = y - m, _HALF
    while rest:
        pile.append(theirs if rest < 0 else mine)
        rest += weight if rest < 0 else -weight
        weight /= 2
    return "".join(pile)


def winner(value: Fraction) -> tuple[int, int]:
    """Hackenbush's outcome (+1 Blue wins, −1 Red wins) with Blue and with Red to move:
    positive, Blue wins; negative, Red wins; zero, the player not to move wins."""
    if value > 0:
        return 1, 1
    if value < 0:
        return -1, -1
    return -1, 1


def _nearest(value: Fraction, step: Fraction, offset: Fraction) -> tuple[Fraction, Fraction]:
    """The nearest point of offset + step·Z with Blue and with Red to move; midway between two,
    the lower with Blue to move and the higher with Red to move (a tie against the mover)."""
    k, frac = divmod((value - offset) / step, 1)
    low = offset + k * step
    if frac < _HALF:
        return low, low
    if frac > _HALF:
        return low + step, low + step
    return low, low + step


def rho(value: Fraction) -> tuple[int, int]:
    """Integral hackenbush's outcome (Theorem 6.2), the payment to Blue with Blue and with
    Red to move: the nearest integer; half an odd integer rounded in favour of the player not
    to move. Whist's ρ on a value with no infinitesimal part.

    >>> rho(Fraction(-1, 2)), rho(Fraction(7, 4)), rho(Fraction(5, 2))
    ((-1, 0), (2, 2), (2, 3))
    """
    blue, red = _nearest(value, _ONE, Fraction(0))
    return int(blue), int(red)


def rho_prime(value: Fraction) -> tuple[Fraction, Fraction]:
    """Refined integral hackenbush's outcome (Theorem 6.3), the payment to Blue with Blue and
    with Red to move: the nearest number with smallest denominator 4 (an odd multiple of ¼);
    a multiple of ½, midway between two, rounded in favour of the player not to move — v − ¼
    with Blue to move, v + ¼ with Red to move. Whist's ρ′ on a value with no infinitesimal part.

    >>> [tuple(map(str, rho_prime(Fraction(v)))) for v in ('0', '1/8', '3/8', '1/2')]
    [('-1/4', '1/4'), ('1/4', '1/4'), ('1/4', '1/4'), ('1/4', '3/4')]
    """
    return _nearest(value, _HALF, _QUARTER)


class _PileValues:
    """Z(2) and Berlekamp's rule, shared by the three games' theories."""

    title = "Z(2), the dyadic rationals (Berlekamp's rule)"

    def element(self, component: Hashable) -> Fraction:
        if (
            not isinstance(component, tuple)
            or len(component) != 1
            or not isinstance(component[0], str)
            or component[0].strip("BR")
        ):
            raise ArgumentTypeError(
                "component must be one pile, a tuple ('BBR',) of a word of B and R, not "
                f"{described(component)}"
            )
        return pile_value(component[0])

    def zero(self) -> Fraction:
        return Fraction(0)

    def add(self, a: Fraction, b: Fraction) -> Fraction:
        return expect(a, Fraction, "a") + expect(b, Fraction, "b")

    def text(self, element: Fraction) -> str:
        return dyadic_text(expect(element, Fraction, "element"))

    def pretty(self, element: Fraction) -> str:
        return dyadic_pretty(expect(element, Fraction, "element"))

    def latex(self, element: Fraction) -> str:
        return dyadic_latex(expect(element, Fraction, "element"))

    def parse(self, text: str) -> Fraction:
        return read_dyadic(text)


def _by_flag(
    pair: tuple[Fraction | int, Fraction | int], flags: Iterable[tuple[str, Flag]]
) -> Outcome:
    blue, red = Fraction(pair[0]), Fraction(pair[1])
    return Outcome({name: (blue, red) for name, _ in flags})


class HackenbushTheory(_PileValues):
    """Hackenbush: the value's sign (Theorem 6.1; :func:`winner`)."""

    title = (
        "Z(2) by Berlekamp's rule: positive, Blue wins; negative, Red wins; zero, the player "
        "not to move wins"
    )

    def outcome(self, element: Fraction, flags: Iterable[tuple[str, Flag]]) -> Outcome:
        return _by_flag(winner(expect(element, Fraction, "element")), flags)

    def describe(self, element: Fraction) -> str:
        v = self.pretty(element)
        if element > 0:
            return f"value {v} > 0: Blue wins, whoever moves first"
        if element < 0:
            return f"value {v} < 0: Red wins, whoever moves first"
        return "value 0: the player not to move wins"


def _payments(pair: tuple[Fraction | int, Fraction | int], rule: str) -> str:
    blue, red = (dyadic_pretty(Fraction(x)) for x in pair)
    if blue == red:
        return f"the payment to Blue is {blue}, whoever moves first ({rule})"
    return f"the payment to Blue is {blue} with Blue to move, {red} with Red to move ({rule})"


class IntegralHackenbushTheory(_PileValues):
    """Integral hackenbush: the value rounded to the nearest integer (Theorem 6.2;
    :func:`rho`, whist's ρ)."""

    title = (
        "Z(2) by Berlekamp's rule, rounded to the nearest integer, half an odd integer in "
        "favour of the player not to move (as whist's ρ)"
    )

    def outcome(self, element: Fraction, flags: Iterable[tuple[str, Flag]]) -> Outcome:
        return _by_flag(rho(expect(element, Fraction, "element")), flags)

    def describe(self, element: Fraction) -> str:
        rule = "the nearest integer, a tie in favour of the player not to move"
        return f"value {self.pretty(element)}: {_payments(rho(element), rule)}"


class RefinedIntegralHackenbushTheory(_PileValues):
    """Refined integral hackenbush: the value rounded to the nearest odd multiple of ¼
    (Theorem 6.3; :func:`rho_prime`, whist's ρ′)."""

    title = (
        "Z(2) by Berlekamp's rule, rounded to the nearest number with smallest denominator 4, "
        "a multiple of ½ in favour of the player not to move (as whist's ρ′)"
    )

    def outcome(self, element: Fraction, flags: Iterable[tuple[str, Flag]]) -> Outcome:
        return _by_flag(rho_prime(expect(element, Fraction, "element")), flags)

    def describe(self, element: Fraction) -> str:
        rule = "the nearest odd multiple of ¼, a tie in favour of the player not to move"
        return f"value {self.pretty(element)}: {_payments(rho_prime(element), rule)}"
