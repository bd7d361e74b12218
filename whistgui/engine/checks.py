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

import operator
from collections.abc import Iterable, Sequence
from typing import Any, SupportsIndex, TypeVar, cast

from whistgui.engine.errors import ArgumentError, ArgumentTypeError, WhistError
from whistgui.engine.reading import quote

__all__ = ["described", "each", "expect", "optional_callable", "whole"]

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
