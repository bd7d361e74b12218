"""How heap positions are written: heap sizes separated by spaces (``3 4 6``; ``0`` or nothing
for the empty position). A commutative game keeps them sorted (the formal sum of heaps, §6.1);
End-nim keeps the written order.

>>> read_heaps('6 3  4'), read_heaps('6 3 0 4', ordered=True), read_heaps(' '), read_heaps('0')
((3, 4, 6), (6, 3, 4), (), ())
>>> write_heaps((3, 4, 6)), write_heaps(())
('3 4 6', '0')
>>> read_heaps('3 x')
Traceback (most recent call last):
...
whistgui.engine.errors.NotationError: heap 'x' in '3 x' is not a number; expected heap sizes
separated by spaces, such as '3 4 6'
>>> read_heaps('1000000000 1')  # one limit, said one way however long the number
Traceback (most recent call last):
...
whistgui.engine.errors.NotationError: heap 1000000000 in '1000000000 1' is too large; expected
at most 1000
"""

from __future__ import annotations

import random
from typing import Final

from whistgui.engine.checks import expect
from whistgui.engine.errors import NotationError
from whistgui.engine.reading import quote

__all__ = [
    "HEAP_EXAMPLE",
    "MAX_HEAP",
    "MAX_HEAPS",
    "random_heaps",
    "read_heaps",
    "read_parameter",
    "write_heaps",
]

#: The largest heap and the most heaps a position may have (an exact search is far slower).
MAX_HEAP: Final = 1000
MAX_HEAPS: Final = 100
HEAP_EXAMPLE: Final = "'3 4 6'"


def read_heaps(text: str, *, ordered: bool = False) -> tuple[int, ...]:
    """The heaps written in ``text``, sorted (unless ``ordered``), empty heaps dropped."""
    expect(text, str, "position", "heap sizes separated by spaces (a str)")
    words = text.split()
    expected = f"expected heap sizes separated by spaces, such as {HEAP_EXAMPLE}"
    if len(words) > MAX_HEAPS:
        raise NotationError(f"{quote(text)} has {len(words):,} heaps; expected at most {MAX_HEAPS}")
    heaps = []
    for w in words:
        if not w.isdigit() or not w.isascii():
            raise NotationError(f"heap {quote(w)} in {quote(text)} is not a number; {expected}")
        n = _whole(w, MAX_HEAP)  # leading zeros read as the parameter's are ('03' is 3)
        if n is None:
            raise NotationError(
                f"heap {_number(w)} in {quote(text)} is too large; expected at most {MAX_HEAP}"
            )
        if n:
            heaps.append(n)
    return tuple(heaps) if ordered else tuple(sorted(heaps))


def _whole(digits: str, high: int) -> int | None:
    """The number ASCII ``digits`` write (leading zeros read past), None above ``high`` —
    told by its length first, never converting a long one."""
    significant = digits.lstrip("0") or "0"
    if len(significant) > len(str(high)) or int(significant) > high:
        return None
    return int(significant)


def _number(digits: str) -> str:
    """A number for a message: itself, or quoted shortened with its length when long."""
    if len(digits) <= 12:
        return digits
    return f"{quote(digits)} ({len(digits):,} digits)"


def write_heaps(heaps: tuple[int, ...]) -> str:
    """The heaps as :func:`read_heaps` reads them back (``0`` for none)."""
    return " ".join(map(str, heaps)) or "0"


def read_parameter(game: str, param: str | None, *, low: int, high: int, what: str = "K") -> int:
    """The whole-number parameter ``param`` of the game ``game`` (the text after
    ``game:``), from ``low`` to ``high``; NotationError quoting ``game:param`` otherwise.

    >>> [read_parameter('moore-nim', k, low=2, high=8) for k in ('3', '03')]
    [3, 3]
    >>> read_parameter('moore-nim', 'x', low=2, high=8)
    Traceback (most recent call last):
    ...
    whistgui.engine.errors.NotationError: 'moore-nim:x': K must be a whole number from 2 to 8,
    such as moore-nim:3
    """
    expected = f"{what} must be a whole number from {low} to {high}, such as {game}:{low + 1}"
    if param is None:
        raise NotationError(f"{quote(game)} needs its parameter after a colon: {expected}")
    p = expect(param, str, "param", "the text after the colon (a str)").strip()
    n = _whole(p, high) if p.isascii() and p.isdigit() else None  # '03' is 3, as a heap
    if n is None or n < low:
        raise NotationError(f"{quote(f'{game}:{param}')}: {expected}")
    return n


def random_heaps(rng: random.Random, size: int, *, max_heaps: int = 4) -> str:
    """The text of a random heap position of at most ``size`` counters in all and at most
    ``max_heaps`` heaps, written in a random order (a game's
    :attr:`~whistgui.engine.heaps.HeapGame.random_position`).

    >>> rng = random.Random(1)
    >>> all(sum(read_heaps(random_heaps(rng, 9))) <= 9 for _ in range(100))
    True
    >>> random_heaps(rng, 0)
    '0'
    """
    n = min(rng.randint(0, max_heaps), size)
    top = size // n if n else 0
    heaps = [rng.randint(1, top) for _ in range(n)]
    return " ".join(map(str, heaps)) or "0"
