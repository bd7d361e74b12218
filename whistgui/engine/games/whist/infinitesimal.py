"""The semigroup of infinitesimals of §8.1: 0, ε₀, −ε₀, ±ε₀ and ε_k for k ≠ 0.

ε_k is an exit for West protected by k stoppers, ε₋ₖ = −ε_k one for East. Addition (§8.1.4):
0 is the identity, a sum of ε₀'s is ε₀, a sum of −ε₀'s is −ε₀, every other sum adds the
indices (ε₀, −ε₀ and ±ε₀ all have index 0) and gives ±ε₀ when they cancel.

>>> EPS0 + EPS0 == EPS0
True
>>> EPS0 + NEG_EPS0
Infinitesimal.parse('+-e0')
>>> eps(2) + eps(-1)
Infinitesimal.parse('e1')
>>> -eps(3)
Infinitesimal.parse('-e3')

The order (§8.1.6) is the chain ``… < ε₋₂ < ε₋₁ < −ε₀ < 0 < ε₀ < ε₁ < …`` with ±ε₀ strictly
between −ε₀ and ε₀ and *incomparable* with 0:

>>> ZERO.compare(FUZZY) is None
True
>>> FUZZY < EPS0, ZERO < FUZZY, ZERO > FUZZY
(True, False, False)
"""

from __future__ import annotations

import re
from typing import Final

from whistgui.engine.checks import described, expect, whole
from whistgui.engine.errors import ArgumentError, ArgumentTypeError, NotationError
from whistgui.engine.reading import quote, read_int
from whistgui.engine.symbols import normalise_value_text

__all__ = [
    "EPS0",
    "FUZZY",
    "MAX_INDEX",
    "MAX_INDEX_DIGITS",
    "NEG_EPS0",
    "ZERO",
    "Infinitesimal",
    "eps",
    "infinitesimal_latex",
]

#: The most digits of the index k of ε_k in text (k counts stoppers: at most a suit's length).
MAX_INDEX_DIGITS: Final = 9
#: The largest |k| of an ε_k: the largest the text reads back (far beyond any suit's stoppers).
MAX_INDEX: Final = 10**MAX_INDEX_DIGITS - 1
_MAX_POS: Final = MAX_INDEX + 1

_SUBSCRIPTS: Final = str.maketrans("0123456789", "₀₁₂₃₄₅₆₇₈₉")


class Infinitesimal:
    """An element of the semigroup of infinitesimals; immutable and hashable.

    Every element other than ±ε₀ has a *chain position* :attr:`pos`, an integer that orders
    the chain: ε_k ↦ k + 1 for k ≥ 1, ε₀ ↦ 1, 0 ↦ 0, −ε₀ ↦ −1, ε_k ↦ k − 1 for k ≤ −1.
    ±ε₀ has no position (``pos is None``). Positions go up to ±(:data:`MAX_INDEX` + 1).

    >>> x = Infinitesimal.parse('e2')
    >>> x, x.pretty(), x.stoppers, x == eps(2), x > EPS0
    (Infinitesimal.parse('e2'), 'ε₂', 2, True, True)
    >>> FUZZY.pos is None, FUZZY.compare(ZERO) is None
    (True, True)
    """

    __slots__ = ("_pos",)
    _pos: int | None

    def __new__(cls, pos: int | None) -> Infinitesimal:
        if pos is not None and (type(pos) is not int or not -_MAX_POS <= pos <= _MAX_POS):
            pos = _check_pos(pos)
        self = object.__new__(cls)
        self._pos = pos
        return self

    # -- construction ---------------------------------------------------------------------
    @classmethod
    def from_pos(cls, pos: int) -> Infinitesimal:
        """The chain element at position ``pos`` (see the class docstring)."""
        return cls(_check_pos(pos))

    @classmethod
    def parse(cls, text: str) -> Infinitesimal:
        """Parse ``0``, ``e0``/``+e0``, ``-e0``, ``+-e0``, ``e<k>``/``+e<k>``, ``-e<k>``,
        or the pretty forms ``ε₀``, ``−ε₂``, ``±ε₀``.

        >>> Infinitesimal.parse('-e2') == eps(-2)
        True
        >>> Infinitesimal.parse('±ε₀') == FUZZY
        True
        """
        s = normalise_value_text(expect(text, str, "text"))
        if s == "0":
            return ZERO
        m = re.fullmatch(r"(\+-|\+|-)?e(\d+)", s)
        if not m:
            raise NotationError(
                f"{quote(text)} is not an infinitesimal; expected 0, e0, -e0, +-e0, e<k> or -e<k>"
            )
        sign = m.group(1) or "+"
        k = read_int(m.group(2), what="index", text=text, max_digits=MAX_INDEX_DIGITS)
        if sign == "+-":
            if k != 0:
                raise NotationError(f"{quote(text)}: only ε₀ has a fuzzy form ±ε₀ (write +-e0)")
            return FUZZY
        if k == 0:
            return EPS0 if sign == "+" else NEG_EPS0
        return eps(k if sign == "+" else -k)

    # -- structure ------------------------------------------------------------------------
    @property
    def pos(self) -> int | None:
        """Chain position, or ``None`` for ±ε₀."""
        return self._pos

    @property
    def index(self) -> int:
        """The index k of ε_k; 0 for ε₀, −ε₀, ±ε₀ and 0."""
        p = self._pos
        if p is None or -1 <= p <= 1:
            return 0
        return p - 1 if p > 0 else p + 1

    @property
    def is_zero(self) -> bool:
        return self._pos == 0

    @property
    def is_fuzzy(self) -> bool:
        return self._pos is None

    @property
    def is_positive(self) -> bool:
        """ε₀ or ε_k with k ≥ 1 (West has an exit)."""
        return self._pos is not None and self._pos > 0

    @property
    def is_negative(self) -> bool:
        """−ε₀ or ε_k with k ≤ −1 (East has an exit)."""
        return self._pos is not None and self._pos < 0

    @property
    def stoppers(self) -> int:
        """Number of stoppers protecting the exit: |index| (0 for unprotected exits)."""
        return abs(self.index)

    # -- algebra --------------------------------------------------------------------------
    def __add__(self, other: Infinitesimal) -> Infinitesimal:
        if not isinstance(other, Infinitesimal):
            return NotImplemented
        a, b = self._pos, other._pos
        if a == 0:
            return other
        if b == 0:
            return self
        if a == b and a in (1, -1):  # ε₀ + ε₀, −ε₀ + −ε₀
            return self
        k = self.index + other.index
        if abs(k) > MAX_INDEX:
            raise ArgumentError(
                f"{self.pretty()} + {other.pretty()}: the index of the sum is beyond "
                f"±{MAX_INDEX:,}, the largest an infinitesimal has"
            )
        return eps(k) if k != 0 else FUZZY

    def __neg__(self) -> Infinitesimal:
        return self if self._pos is None else Infinitesimal(-self._pos)

    def __pos__(self) -> Infinitesimal:
        return self

    # -- order ----------------------------------------------------------------------------
    def compare(self, other: Infinitesimal) -> int | None:
        """−1, 0 or 1 as ``self`` is smaller, equal or greater; ``None`` if incomparable."""
        if type(other) is not Infinitesimal:
            expect(other, Infinitesimal, "other", "an Infinitesimal")
        a, b = self._pos, other._pos
        if a is None and b is None:
            return 0
        if a is None:
            assert b is not None
            return None if b == 0 else (-1 if b > 0 else 1)
        if b is None:
            return None if a == 0 else (1 if a > 0 else -1)
        return (a > b) - (a < b)

    def __lt__(self, other: Infinitesimal) -> bool:
        return self.compare(other) == -1

    def __le__(self, other: Infinitesimal) -> bool:
        return self.compare(other) in (-1, 0)

    def __gt__(self, other: Infinitesimal) -> bool:
        return self.compare(other) == 1

    def __ge__(self, other: Infinitesimal) -> bool:
        return self.compare(other) in (1, 0)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Infinitesimal) and self._pos == other._pos

    def __hash__(self) -> int:
        return hash(("Infinitesimal", self._pos))

    # -- text -----------------------------------------------------------------------------
    def ascii(self, *, after_number: bool = False) -> str:
        """Canonical ASCII form; with ``after_number`` a positive element gets its ``+``."""
        expect(after_number, bool, "after_number")
        p = self._pos
        if p is None:
            return "+-e0"
        if p == 0:
            return "0"
        plus = "+" if after_number else ""
        return f"{plus}e{self.index}" if p > 0 else f"-e{-self.index}"

    def pretty(self) -> str:
        """Unicode form: ``0``, ``ε₀``, ``−ε₀``, ``±ε₀``, ``ε₂``, ``−ε₂``."""
        p = self._pos
        if p is None:
            return "±ε₀"
        if p == 0:
            return "0"
        sub = str(abs(self.index)).translate(_SUBSCRIPTS)
        return f"ε{sub}" if p > 0 else f"−ε{sub}"

    def __str__(self) -> str:
        return self.ascii()

    def __repr__(self) -> str:
        return f"Infinitesimal.parse({self.ascii()!r})"

    def _repr_latex_(self) -> str:
        """Typeset in a notebook: ``$\\pm\\varepsilon_{0}$``."""
        return f"${infinitesimal_latex(self)}$"


def infinitesimal_latex(x: Infinitesimal) -> str:
    r"""An infinitesimal in math mode: ``0``, ``\varepsilon_{0}``, ``\pm\varepsilon_{0}``, …
    (:mod:`~whistgui.engine.games.whist.latex` writes values with it).

    >>> infinitesimal_latex(eps(-2)), infinitesimal_latex(FUZZY)
    ('-\\varepsilon_{2}', '\\pm\\varepsilon_{0}')
    """
    if x.is_zero:
        return "0"
    body = rf"\varepsilon_{{{x.stoppers}}}"
    return rf"\pm{body}" if x.is_fuzzy else (f"-{body}" if x.is_negative else body)


def eps(k: int) -> Infinitesimal:
    """ε_k, the exit for West protected by k stoppers: ``eps(0)`` is ε₀ and ``eps(-k)`` is
    −ε_k = ε₋ₖ, East's. ``k`` is an int from −:data:`MAX_INDEX` to :data:`MAX_INDEX` (what the
    text ``e<k>`` reads back), never a bool or a float.

    >>> eps(3.5)
    Traceback (most recent call last):
    ...
    whistgui.engine.errors.ArgumentTypeError: k must be a whole number (an int), not float 3.5
    """
    if type(k) is not int or not -MAX_INDEX <= k <= MAX_INDEX:
        k = whole(
            k,
            "k",
            low=-MAX_INDEX,
            high=MAX_INDEX,
            what=f"the index of ε_k, a whole number from −{MAX_INDEX:,} to {MAX_INDEX:,}",
        )
    return Infinitesimal(k + 1 if k >= 0 else k - 1)


def _check_pos(pos: object) -> int:
    if pos is not None and (isinstance(pos, bool) or not hasattr(type(pos), "__index__")):
        raise ArgumentTypeError(
            f"pos must be a chain position (an int; None for ±ε₀), not {described(pos)}"
        )
    return whole(
        pos,
        "pos",
        low=-_MAX_POS,
        high=_MAX_POS,
        what=f"a chain position from −{_MAX_POS:,} to {_MAX_POS:,}",
    )


ZERO: Final = Infinitesimal(0)
EPS0: Final = Infinitesimal(1)
NEG_EPS0: Final = Infinitesimal(-1)
FUZZY: Final = Infinitesimal(None)
