"""The checks at the engine's public entry points: an argument of the wrong type is refused with
:class:`~whistgui.engine.errors.ArgumentTypeError` (a ``TypeError``), a whole number out of
range with the caller's own :class:`~whistgui.engine.errors.WhistError` — each naming the
argument, saying what it must be and quoting what it was.

Entry points check once, at the boundary; the recursions and searches behind them take what
they were given (a check per node would cost the hot loops their speed).

>>> expect(None, str, "text")
Traceback (most recent call last):
...
whistgui.engine.errors.ArgumentTypeError: text must be a str, not None
>>> whole(3.5, "k")
Traceback (most recent call last):
...
whistgui.engine.errors.ArgumentTypeError: k must be a whole number (an int), not float 3.5
>>> whole(10**12, "n", low=1, high=15)
Traceback (most recent call last):
...
whistgui.engine.errors.ArgumentError: n must be a whole number from 1 to 15, not 1000000000000
"""

from __future__ import annotations

import enum
import operator
from collections.abc import Iterable, Sequence
from fractions import Fraction
from typing import Any, SupportsIndex, TypeVar, cast

from whistgui.engine.errors import ArgumentError, ArgumentTypeError, WhistError
from whistgui.engine.reading import quote

__all__ = [
    "CheckedEnum",
    "described",
    "each",
    "expect",
    "few_digits",
    "optional_callable",
    "whole",
]

T = TypeVar("T")


def described(value: object) -> str:
    """``value`` for a message: its type's name, then :func:`~whistgui.engine.reading.quote`
    of it (the type left out where the quotation shows it).

    >>> described('AQ/KJ'), described(None), described(b'W'), described(3.5)
    ("str 'AQ/KJ'", 'None', "b'W'", 'float 3.5')
    """
    q = quote(value)
    name = type(value).__name__
    if value is None or isinstance(value, (bool, bytes)) or q.startswith(name):
        return q
    return f"{name} {q}"


def _a(kind: type | tuple[type, ...]) -> str:
    names = [k.__name__ for k in (kind if isinstance(kind, tuple) else (kind,))]
    listed = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " or " + names[-1]
    return ("an " if listed[0].lower() in "aeiou" else "a ") + listed


def expect(value: T, kind: type | tuple[type, ...], name: str, what: str = "") -> T:
    """``value`` if it is an instance of ``kind``, else ArgumentTypeError naming ``name`` and
    saying it must be ``what`` (by default "a Kind"). ``bool`` is never taken for a number."""
    if isinstance(value, kind) and not (isinstance(value, bool) and _excludes_bool(kind)):
        return value
    raise ArgumentTypeError(f"{name} must be {what or _a(kind)}, not {described(value)}")


def _excludes_bool(kind: type | tuple[type, ...]) -> bool:
    return bool not in (kind if isinstance(kind, tuple) else (kind,))


def whole(
    value: object,
    name: str,
    *,
    low: int | None = None,
    high: int | None = None,
    error: type[WhistError] = ArgumentError,
    what: str = "",
) -> int:
    """``value`` as an int: an ``int`` or anything with ``__index__`` (a numpy integer), never a
    bool or a float, else ArgumentTypeError; from ``low`` to ``high`` (either may be None),
    else ``error`` naming ``name`` and the range (``what``, if given, says it instead)."""
    if type(value) is int:
        n = value
    elif isinstance(value, bool) or not hasattr(type(value), "__index__"):
        raise ArgumentTypeError(f"{name} must be a whole number (an int), not {described(value)}")
    else:
        n = operator.index(cast(SupportsIndex, value))
    if (low is not None and n < low) or (high is not None and n > high):
        raise error(f"{name} must be {what or _range(low, high)}, not {quote(n)}")
    return n


def _range(low: int | None, high: int | None) -> str:
    if low is not None and high is not None:
        return f"a whole number from {low:,} to {high:,}"
    if low is not None:
        return f"a whole number of at least {low:,}"
    return f"a whole number of at most {high:,}"


def few_digits(
    value: int | Fraction,
    name: str,
    digits: int,
    what: str,
    error: type[WhistError] = ArgumentError,
) -> None:
    """``error`` saying ``name`` must be ``what`` unless ``value`` (an int or a Fraction, checked
    by the caller) has at most ``digits`` digits above and below the line — what is written
    (Python writes no int of over 4,300 digits) and read back.

    >>> few_digits(Fraction(10**1000, 3), "q", 1000, "at most 1,000 digits")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    whistgui.engine.errors.ArgumentError: q must be at most 1,000 digits, not Fraction(10...0, 3)
    """
    top = _TENS.get(digits)
    if top is None:
        top = _TENS[digits] = 10**digits
    if -top < value.numerator < top and value.denominator < top:
        return
    raise error(f"{name} must be {what}, not {quote(value)}")


#: 10 to the power of each count of digits :func:`few_digits` was asked for.
_TENS: dict[int, int] = {}


def each(
    values: object,
    kind: type | tuple[type, ...],
    name: str,
    what: str = "",
    *,
    whole: type = Iterable,
) -> tuple[T, ...]:
    """The items of ``values`` (an iterable that is not text; with ``whole=Sequence``, a
    sequence) as a tuple, each an instance of ``kind``; ArgumentTypeError naming ``name`` (and
    the bad item's place) otherwise. ``what`` says what the whole must be (by default "an
    iterable of Kind").

    >>> each([1, 'x'], int, 'ranks')
    Traceback (most recent call last):
    ...
    whistgui.engine.errors.ArgumentTypeError: ranks[1] must be an int, not str 'x'
    """
    if isinstance(values, (str, bytes)) or not isinstance(values, whole):
        kinds = _a(kind).split(" ", 1)[1]
        whole_name = "a sequence" if whole is Sequence else "an iterable"
        raise ArgumentTypeError(
            f"{name} must be {what or whole_name + ' of ' + kinds}, not {described(values)}"
        )
    items: tuple[Any, ...] = tuple(cast(Iterable[Any], values))
    for i, item in enumerate(items):
        if not isinstance(item, kind) or item.__class__ is bool:
            expect(item, kind, f"{name}[{i}]")
    return items


def optional_callable(value: T, name: str) -> T:
    """``value`` if it is None or callable, else ArgumentTypeError."""
    if value is None or callable(value):
        return value
    raise ArgumentTypeError(f"{name} must be a function or None, not {described(value)}")


class CheckedEnum(enum.EnumMeta):
    """The type of an enum whose look-up by value, ``Kind(value)``, checks ``value``: a member,
    or a value of the members' own type — for an int enum an ``int`` or anything with
    ``__index__``, never a bool or a float (Enum takes ``Seat(True)`` for ``Seat(1)`` and
    ``Seat(0.0)`` for ``Seat(0)``). Anything else goes to the class's ``_missing_``, whose
    refusal is raised as it is; without one, ArgumentTypeError for a value of another type,
    ArgumentError for one of the right type that is no member's. (Enum's own look-up writes
    ``repr(value)`` for a ValueError of its own before it raises ``_missing_``'s error, and for
    an int of over 4,300 digits that ``repr`` is itself a ValueError.)

    >>> class Colour(enum.IntEnum, metaclass=CheckedEnum):
    ...     RED = 0
    ...     BLUE = 1
    >>> Colour(1), Colour(Colour.RED)
    (<Colour.BLUE: 1>, <Colour.RED: 0>)
    >>> Colour(True)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    whistgui.engine.errors.ArgumentTypeError: value must be a Colour or its value, 0 (RED) or ...
    >>> Colour(10**5000)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    whistgui.engine.errors.ArgumentError: value must be a Colour's value, ..., not 1000...000
    """

    def __call__(cls, value: Any, *args: Any, **kwargs: Any) -> Any:
        if args or kwargs:  # Enum's functional API: a new enum class
            return super().__call__(value, *args, **kwargs)
        if type(value) is int or type(value) is str:  # the common case: Seat(2), Player('W')
            found = cls._value2member_map_.get(value)
            if found is not None and type(found._value_) is type(value):
                return found
        if isinstance(value, cls):
            return value
        members: list[enum.Enum] = list(cls.__members__.values())
        kind = type(members[0].value)
        key: object = None
        if kind is int and not isinstance(value, bool) and hasattr(type(value), "__index__"):
            key = operator.index(cast(SupportsIndex, value))
        elif type(value) is kind:
            key = value
        if key is not None:
            found = cls._value2member_map_.get(key)
            if found is not None:
                return found
        missing = vars(cls).get("_missing_")
        if missing is not None:  # its own refusal (it may also take other forms of a value)
            found = cast(Any, cls)._missing_(value)
            if isinstance(found, cls):
                return found
        values = " or ".join(", ".join(f"{m.value!r} ({m.name})" for m in members).rsplit(", ", 1))
        if key is not None:
            raise ArgumentError(
                f"value must be a {cls.__name__}'s value, {values}, not {quote(key)}"
            )
        raise ArgumentTypeError(
            f"value must be a {cls.__name__} or its value, {values}, not {described(value)}"
        )
