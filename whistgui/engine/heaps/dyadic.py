r"""The dyadic rationals Z(2) (strange algebra §6.6: the rationals with a power of 2 as
denominator, the localisation of the integers at the prime ideal (2)) in text: the quotient of
hackenbush strings, and the numbers of its integral and refined variants' outcomes.

Each element is a :class:`~fractions.Fraction`, written three ways that :func:`read_dyadic`
reads back — ASCII to type (``5/4``, ``-3/4``, ``2``), the pretty mixed number (``1¼``,
``−¾``, ``2¹⁄₁₆``) and LaTeX (``1\frac{1}{4}``):

>>> x = Fraction(-3, 4)
>>> dyadic_text(x), dyadic_pretty(x), dyadic_latex(x)
('-3/4', '−¾', '-\\frac{3}{4}')
>>> [read_dyadic(t) for t in ('5/4', '1¼', '1 1/4', '−¾', '2', '2¹⁄₁₆')]
[Fraction(5, 4), Fraction(5, 4), Fraction(5, 4), Fraction(-3, 4), Fraction(2, 1), Fraction(33, 16)]
>>> read_dyadic('1/3')
Traceback (most recent call last):
...
whistgui.engine.errors.NotationError: '1/3' is not in Z(2): its denominator 3 is not a power of
2; expected a dyadic number such as '5/4', '-3/4', '2' (or the pretty form 1¼, −¾)
"""

from __future__ import annotations

import re
from fractions import Fraction
from typing import Final

from whistgui.engine.checks import expect
from whistgui.engine.errors import NotationError
from whistgui.engine.reading import quote, read_int
from whistgui.engine.symbols import MINUS, SUB, SUPER, VULGAR, normalise_value_text

__all__ = [
    "MAX_DYADIC_DIGITS",
    "dyadic_latex",
    "dyadic_pretty",
    "dyadic_text",
    "is_dyadic",
    "read_dyadic",
]

#: The most digits of a numerator or denominator read: far beyond any position's value (a
#: pile of n counters has a denominator of at most 2ⁿ⁻¹).
MAX_DYADIC_DIGITS: Final = 200

_EXPECTED: Final = "expected a dyadic number such as '5/4', '-3/4', '2' (or the pretty form 1¼, −¾)"

#: After :func:`~whistgui.engine.symbols.normalise_value_text`: ``-3/4``, ``1&1/4``, ``-&3/4``.
_NUMBER: Final = re.compile(
    r"(?P<sign>[-+])?(?:(?P<int>\d+)(?:&(?P<fn>\d+)/(?P<fd>\d+)|/(?P<den>\d+))?"
    r"|&(?P<fn2>\d+)/(?P<fd2>\d+))"
)


def is_dyadic(q: Fraction) -> bool:
    """Is the denominator of ``q`` a power of 2?"""
    d = q.denominator
    return not d & (d - 1)


def dyadic_text(q: Fraction) -> str:
    """ASCII in lowest terms, as the CLI's JSON writes a fraction: ``5/4``, ``-3/4``, ``2``."""
    return str(q.numerator) if q.denominator == 1 else f"{q.numerator}/{q.denominator}"


def dyadic_pretty(q: Fraction) -> str:
    """A mixed number with the minus sign and vulgar fractions: ``1¼``, ``−¾``, ``2¹⁄₁₆``."""
    sign = MINUS if q < 0 else ""
    whole, frac = divmod(abs(q), 1)
    if not frac:
        return f"{sign}{whole}"
    f = VULGAR.get(frac)
    if f is None:
        f = f"{str(frac.numerator).translate(SUPER)}⁄{str(frac.denominator).translate(SUB)}"
    return f"{sign}{whole or ''}{f}"


def dyadic_latex(q: Fraction) -> str:
    r"""A mixed number in LaTeX math mode, as whist's values are written: ``1\frac{1}{4}``."""
    sign = "-" if q < 0 else ""
    whole, frac = divmod(abs(q), 1)
    if not frac:
        return f"{sign}{whole}"
    return rf"{sign}{whole or ''}\frac{{{frac.numerator}}}{{{frac.denominator}}}"


def read_dyadic(text: str, what: str = "element") -> Fraction:
    """The number written ``text`` (by :func:`dyadic_text` or :func:`dyadic_pretty`, or a
    mixed number ``1 1/4``); NotationError quoting it otherwise, or when its denominator is not
    a power of 2. ``what`` names it in the type error."""
    expect(text, str, what, "a dyadic number such as '5/4' (a str)")
    m = _NUMBER.fullmatch(normalise_value_text(text))
    if m is None:
        raise NotationError(f"{quote(text)} is not a number; {_EXPECTED}")

    def number(group: str) -> int:
        digits = m.group(group)
        return read_int(digits, what="number", text=text, max_digits=MAX_DYADIC_DIGITS)

    if m.group("fn2") is not None:
        whole, num, den = 0, number("fn2"), number("fd2")
    elif m.group("fn") is not None:
        whole, num, den = number("int"), number("fn"), number("fd")
    else:
        whole, num = 0, number("int")
        den = number("den") if m.group("den") is not None else 1
    mixed = m.group("fn") is not None or m.group("fn2") is not None
    if den == 0 or (mixed and not 0 < num < den):
        raise NotationError(f"{quote(text)} is not a number; {_EXPECTED}")
    q = whole + Fraction(num, den)
    if m.group("sign") == "-":
        q = -q
    if not is_dyadic(q):
        raise NotationError(
            f"{quote(text)} is not in Z(2): its denominator {q.denominator} is not a power of 2; "
            f"{_EXPECTED}"
        )
    return q
