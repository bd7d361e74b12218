"""Values (§8.2): a dyadic number plus an infinitesimal, with order, simplicity and text forms.

>>> v = Value.parse('1-e1')
>>> v.number, v.infinitesimal.pretty(), v.pretty()
(Fraction(1, 1), '−ε₁', '1 − ε₁')
>>> Value.parse('21/2+-e0') + Value.parse('1/2')
Value.parse('11+-e0')
>>> Value.parse('3/2') < Value.parse('3/2+e0') < Value.parse('2-e5')
True

Comparison is honest about the partial order: ``0`` and ``±ε₀`` are incomparable.

>>> Value(0).compare(Value.parse('+-e0')) is None
True
>>> Value(0) <= Value.parse('+-e0') or Value(0) >= Value.parse('+-e0')
False

Labeled values (§10) compare by value first; for equal values the label decides, one way for
numbers and the other way for non-numbers:

>>> LabeledValue(Player.EAST, Value(1)) > LabeledValue(Player.WEST, Value(1))
True
>>> LabeledValue(Player.EAST, Value.parse('e0')) < LabeledValue(Player.WEST, Value.parse('e0'))
True
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction
from typing import Final, NamedTuple

from whistgui.engine.checks import described, expect
from whistgui.engine.errors import ArgumentTypeError, NotationError
from whistgui.engine.games.whist.infinitesimal import ZERO, Infinitesimal
from whistgui.engine.reading import quote, read_int
from whistgui.engine.symbols import (
    SUB as _SUB,
)
from whistgui.engine.symbols import (
    SUPER as _SUPER,
)
from whistgui.engine.symbols import (
    VULGAR as _VULGAR,
)
from whistgui.engine.symbols import (
    normalise_value_text,
)
from whistgui.engine.trick.cards import Player, count

__all__ = [
    "MAX_NUMBER_DIGITS",
    "Complexity",
    "LabeledValue",
    "Player",
    "Value",
    "as_dyadic",
    "format_number",
    "normalise_value_text",
    "pretty_number",
]


#: The most digits of an integer, numerator or denominator in a value's text: far beyond the
#: values of any deal (a suit of n cards a hand has denominators of at most about n bits).
MAX_NUMBER_DIGITS: Final = 1000


_NUMBER = "a dyadic number: an int, a Fraction or its text such as '3/8'"


def as_dyadic(x: int | Fraction | str) -> Fraction:
    """``x`` as an exact Fraction whose denominator is a power of 2, else NotationError
    (ArgumentTypeError if it is neither an int, a Fraction nor text: not a float, not a bool).
    """
    if not isinstance(x, (int, Fraction, str)) or isinstance(x, bool):
        raise ArgumentTypeError(f"number must be {_NUMBER}, not {described(x)}")
    shown = quote(x)
    try:
        q = _fraction_from_text(x) if isinstance(x, str) else Fraction(x)
    except (ValueError, TypeError, ZeroDivisionError) as exc:
        if isinstance(exc, NotationError):
            raise
        raise NotationError(f"{shown} is not a number; expected an integer or a fraction") from exc
    d = q.denominator
    if d & (d - 1):
        raise NotationError(
            f"{shown} is not a dyadic number; a value's number must have a power of 2 as "
            "denominator (like 3/8)"
        )
    return q


def _fraction_from_text(text: str) -> Fraction:
    """``Fraction(text)`` for ``-3/8``, ``5``, ``0.25``, with at most :data:`MAX_NUMBER_DIGITS`
    digits in each part (and no exponent: ``Fraction`` would take ``1e999999999``)."""
    if re.fullmatch(r"[\s0-9+\-./_]*", text) is None:
        raise ValueError(text)
    for part in re.findall(r"[0-9_]+", text):
        read_int(part.replace("_", ""), what="number", text=text, max_digits=MAX_NUMBER_DIGITS)
    return Fraction(text)


class Complexity(NamedTuple):
    """A complexity class of §8.3 as the ordinal ``omega * omega_part + finite``.

    Half-integers are 0, numbers with least denominator 2ᵏ (k ≥ 2) are k − 1, q ± ε_k is
    ω + |k| and q ± ε₀ (fuzzy) is ω + ω. Written as ordinals are: ω + 0 is ω.

    >>> str(Value.parse('3/8').complexity), str(Value.parse('1-e1').complexity)
    ('2', 'ω+1')
    >>> str(Value.parse('1-e0').complexity), str(Value.parse('21/2+-e0').complexity)
    ('ω', 'ω+ω')
    """

    omega_part: int
    finite: int

    def __str__(self) -> str:
        if self.omega_part == 0:
            return str(self.finite)
        if self.omega_part == 1:
            return f"ω+{self.finite}" if self.finite else "ω"
        return "ω+ω"

    @property
    def words(self) -> str:
        """What the class counts, in the paper's terms: the least denominator of a number,
        the stoppers protecting an exit (ε_k is an exit protected by k stoppers, §8.1.2).

        >>> [Value.parse(t).complexity.words for t in ('3/2', '3/8', '7+e7', '1-e1', 'e0')]
        ['a multiple of ½, what R44 calls a half-integer', 'a number of least denominator 8',
         'an exit protected by 7 stoppers', 'an exit protected by 1 stopper', 'an unprotected exit']
        >>> Value.parse('21/2+-e0').complexity.words
        'exits for both sides'
        """
        if self.omega_part == 0:
            if self.finite == 0:
                # integers too: "val(D) = 7, complexity 0 (a half-integer)" misled a reader
                return "a multiple of ½, what R44 calls a half-integer"
            return f"a number of least denominator {2 ** (self.finite + 1)}"
        if self.omega_part == 1:
            k = self.finite
            return f"an exit protected by {count(k, 'stopper')}" if k else "an unprotected exit"
        return "exits for both sides"


def format_number(q: Fraction) -> str:
    """Canonical ASCII: an integer or a reduced fraction (``3/2``, ``-1/2``)."""
    return str(q.numerator) if q.denominator == 1 else f"{q.numerator}/{q.denominator}"


def pretty_number(q: Fraction) -> str:
    """Unicode mixed number: ``1½``, ``−3⅜``, ``2¹⁄₁₆``, ``0``.

    >>> pretty_number(Fraction(-3, 2)), pretty_number(Fraction(33, 16))
    ('−1½', '2¹⁄₁₆')
    """
    sign = "−" if q < 0 else ""
    a = abs(q)
    whole, frac = divmod(a, 1)
    if frac == 0:
        return f"{sign}{whole}"
    f = _VULGAR.get(frac)
    if f is None:
        f = f"{str(frac.numerator).translate(_SUPER)}⁄{str(frac.denominator).translate(_SUB)}"
    return f"{sign}{whole or ''}{f}"


_VALUE_RE: Final = re.compile(
    r"(?P<num>(?P<sign>-)?(?:(?P<int>\d+)(?:&(?P<fn>\d+)/(?P<fd>\d+)|/(?P<den>\d+))?"
    r"|&(?P<fn2>\d+)/(?P<fd2>\d+)))?"
    r"(?P<inf>(?(num)(?:\+-|\+|-)|(?:\+-|\+|-)?)e\d+)?"  # a sign after a number
)


class Value:
    r"""An element of the semigroup V of values: ``number + infinitesimal``. Immutable.

    A value with a zero infinitesimal part *is* a number: it equals (and hashes like) the
    Fraction or int it holds.

    >>> v = Value.parse('1/2+e1')
    >>> v, v.pretty(), v.number, v.infinitesimal
    (Value.parse('1/2+e1'), '½ + ε₁', Fraction(1, 2), Infinitesimal.parse('e1'))
    >>> Value.parse('3/2') == Fraction(3, 2), Value.parse('e0') > 0
    (True, True)
    >>> Value.parse('+-e0').compare(0) is None  # ±ε₀ and 0 are incomparable (§8.1.6)
    True

    Values add as the suits of a deal do: val([A Q, K J] + [K, A]) = 1½ + ε₀.

    >>> from whistgui.engine import Evaluator
    >>> Evaluator().value('AQ/KJ') + Evaluator().value('K/A')
    Value.parse('3/2+e0')

    In a notebook a value is typeset (``_repr_latex_``, from
    :func:`~whistgui.engine.games.whist.latex.value_latex`):

    >>> v._repr_latex_()
    '$\\frac{1}{2} + \\varepsilon_{1}$'
    """

    __slots__ = ("_inf", "_number")
    _number: Fraction
    _inf: Infinitesimal

    def __new__(
        cls, number: int | Fraction | str = 0, infinitesimal: Infinitesimal = ZERO
    ) -> Value:
        self = object.__new__(cls)
        if type(number) is Fraction and not (number.denominator & (number.denominator - 1)):
            self._number = number  # already dyadic: the sums and the evaluator's values
        else:
            self._number = as_dyadic(number)
        if type(infinitesimal) is not Infinitesimal:
            expect(infinitesimal, Infinitesimal, "infinitesimal", "an Infinitesimal")
        self._inf = infinitesimal
        return self

    @classmethod
    def parse(cls, text: str) -> Value:
        """Parse the canonical ASCII form (``0``, ``3/2``, ``e0``, ``1-e1``, ``21/2+-e0``)
        or the pretty form (``1½ − ε₁``).

        >>> Value.parse('1½ − ε₁') == Value.parse('1/2-e1') + Value(1)
        True
        """
        if not isinstance(text, str):
            raise ArgumentTypeError(
                f"text must be a value's text (a str) such as '3/2' or '1-e1', not "
                f"{described(text)}"
            )
        s = normalise_value_text(text)
        m = _VALUE_RE.fullmatch(s)
        if not s or not m or (m.group("num") is None and m.group("inf") is None):
            raise NotationError(
                f"{quote(text)} is not a value; expected a dyadic number and/or an infinitesimal "
                "such as 0, 3/2, e0, -e0, 1-e1, 2+e2, 21/2+-e0 (or the pretty form 1½ − ε₁)"
            )
        number = Fraction(0)
        if m.group("num") is not None:

            def integer(group: str) -> int:
                return read_int(
                    m.group(group), what="number", text=text, max_digits=MAX_NUMBER_DIGITS
                )

            try:
                if m.group("int") is not None:
                    number = Fraction(integer("int"))
                    if m.group("den") is not None:
                        number = Fraction(integer("int"), integer("den"))
                    elif m.group("fn") is not None:
                        number += Fraction(integer("fn"), integer("fd"))
                else:
                    number = Fraction(integer("fn2"), integer("fd2"))
            except ZeroDivisionError as exc:
                raise NotationError(f"{quote(text)}: a fraction's denominator cannot be 0") from exc
            if m.group("sign"):
                number = -number
            try:
                number = as_dyadic(number)
            except NotationError as exc:
                raise NotationError(
                    f"{quote(text)}: {number} is not dyadic; a value's number must have a power "
                    "of 2 as denominator"
                ) from exc
        inf = ZERO
        if m.group("inf") is not None:
            inf = Infinitesimal.parse(m.group("inf"))
        return cls(number, inf)

    # -- structure ------------------------------------------------------------------------
    @property
    def number(self) -> Fraction:
        """The numerical part (the paper's N(D) for the value of a deal)."""
        return self._number

    @property
    def infinitesimal(self) -> Infinitesimal:
        return self._inf

    @property
    def is_number(self) -> bool:
        return self._inf.is_zero

    @property
    def complexity(self) -> Complexity:
        """The complexity class of §8.3 (smaller is simpler)."""
        inf = self._inf
        if inf.is_fuzzy:
            return Complexity(2, 0)
        if not inf.is_zero:
            return Complexity(1, inf.stoppers)
        k = self._number.denominator.bit_length() - 1  # denominator 2**k
        return Complexity(0, max(k - 1, 0))

    # -- algebra --------------------------------------------------------------------------
    def __add__(self, other: object) -> Value:
        o = _coerce(other)
        if o is None:
            return NotImplemented
        return Value(self._number + o._number, self._inf + o._inf)

    __radd__ = __add__

    def __neg__(self) -> Value:
        return Value(-self._number, -self._inf)

    def __pos__(self) -> Value:
        return self

    def __sub__(self, other: object) -> Value:
        o = _coerce(other)
        if o is None:
            return NotImplemented
        return self + (-o)

    def __rsub__(self, other: object) -> Value:
        o = _coerce(other)
        if o is None:
            return NotImplemented
        return o + (-self)

    # -- order ----------------------------------------------------------------------------
    def compare(self, other: Value | int | Fraction) -> int | None:
        """−1, 0, 1, or ``None`` when the two values are incomparable (§8.2.1)."""
        o = _coerce(other)
        if o is None:
            if isinstance(other, Fraction):
                as_dyadic(other)  # NotationError: not dyadic
            raise ArgumentTypeError(
                f"other must be a Value or a dyadic number (an int or a Fraction), not "
                f"{described(other)}"
            )
        if self._number != o._number:
            return -1 if self._number < o._number else 1
        return self._inf.compare(o._inf)

    def __lt__(self, other: Value | int | Fraction) -> bool:
        return self.compare(other) == -1

    def __le__(self, other: Value | int | Fraction) -> bool:
        return self.compare(other) in (-1, 0)

    def __gt__(self, other: Value | int | Fraction) -> bool:
        return self.compare(other) == 1

    def __ge__(self, other: Value | int | Fraction) -> bool:
        return self.compare(other) in (1, 0)

    def __eq__(self, other: object) -> bool:
        o = _coerce(other)
        return o is not None and self._number == o._number and self._inf == o._inf

    def __hash__(self) -> int:
        if self._inf.is_zero:
            return hash(self._number)
        return hash((self._number, self._inf))

    # -- text -----------------------------------------------------------------------------
    def ascii(self) -> str:
        """Canonical ASCII form, as the CLI's JSON uses it."""
        if self._inf.is_zero:
            return format_number(self._number)
        if self._number == 0:
            return self._inf.ascii()
        return format_number(self._number) + self._inf.ascii(after_number=True)

    def pretty(self) -> str:
        """Unicode form for people: ``1½ − ε₁``, ``ε₀``, ``10½ ± ε₀``, ``3⅜``."""
        inf = self._inf
        if inf.is_zero:
            return pretty_number(self._number)
        if self._number == 0:
            return inf.pretty()
        num = pretty_number(self._number)
        if inf.is_fuzzy:
            return f"{num} ± ε₀"
        p = inf.pretty()
        return f"{num} − {p[1:]}" if p.startswith("−") else f"{num} + {p}"

    def __str__(self) -> str:
        return self.ascii()

    def __repr__(self) -> str:
        return f"Value.parse({self.ascii()!r})"

    def _repr_latex_(self) -> str:
        """The value typeset in a notebook: :func:`~whistgui.engine.games.whist.latex.value_latex`
        in ``$…$``."""
        from whistgui.engine.games.whist.latex import value_latex

        return f"${value_latex(self)}$"


def _coerce(x: object) -> Value | None:
    if isinstance(x, Value):
        return x
    if isinstance(x, (int, Fraction)) and not isinstance(x, bool):
        q = Fraction(x)
        d = q.denominator
        return None if d & (d - 1) else Value(q)
    return None


@dataclass(frozen=True, slots=True)
class LabeledValue:
    """``(P, x)``: player P has the lead in a deal of value x (§10), ordered as there:
    by value, and for equal values ``(E, x) > (W, x)`` if x is a number, else
    ``(E, x) < (W, x)``.

    >>> w1, e1 = LabeledValue(Player.WEST, Value(1)), LabeledValue(Player.EAST, Value(1))
    >>> e1 > w1, e1.pretty()
    (True, '(E, 1)')
    >>> x = Value.parse('1+e0')
    >>> LabeledValue(Player.EAST, x) < LabeledValue(Player.WEST, x)
    True
    """

    player: Player
    value: Value

    def __post_init__(self) -> None:
        if type(self.value) is not Value:
            expect(self.value, Value, "value")
        if self.player is not Player.WEST and self.player is not Player.EAST:
            expect(self.player, Player, "player")

    def compare(self, other: LabeledValue) -> int | None:
        if type(other) is not LabeledValue:
            expect(other, LabeledValue, "other")
        c = self.value.compare(other.value)
        if c != 0:
            return c
        if self.player is other.player:
            return 0
        east_higher = self.value.is_number
        self_higher = (self.player is Player.EAST) == east_higher
        return 1 if self_higher else -1

    def __lt__(self, other: LabeledValue) -> bool:
        return self.compare(other) == -1

    def __le__(self, other: LabeledValue) -> bool:
        return self.compare(other) in (-1, 0)

    def __gt__(self, other: LabeledValue) -> bool:
        return self.compare(other) == 1

    def __ge__(self, other: LabeledValue) -> bool:
        return self.compare(other) in (1, 0)

    def ascii(self) -> str:
        return f"({self.player.value}, {self.value.ascii()})"

    def pretty(self) -> str:
        return f"({self.player.value}, {self.value.pretty()})"

    def __str__(self) -> str:
        return self.ascii()

    def _repr_latex_(self) -> str:
        """Typeset in a notebook: ``$(W, 1\\frac{1}{2})$``."""
        from whistgui.engine.games.whist.latex import labeled_latex

        return f"${labeled_latex(self)}$"
