r"""Hackenbush strings (strange algebra §6.6) and its two scoring variants: the rules.

Counters of two colours, Blue (Left) and Red (Right), stand in piles; a move removes a counter of
the mover's colour together with every counter above it. A pile is written as one word of ``B``
and ``R`` read from the bottom, a position as its piles separated by spaces (``BBR RB``): the
formal sum of piles, the two-coloured heap monoid H₂ (the piles kept sorted; ``0`` is the empty
position, and the empty pile wherever it stands).

* ``hackenbush``: normal play, a player unable to move loses.
* ``integral-hackenbush``: the game stops as soon as the position is monochromatic — *every
  pile of one colour* (possibly none: the empty position) — and each player receives one from
  the other for each counter of theirs left: the result is Blue's counters less Red's.
* ``refined-integral-hackenbush``: as integral, with a bonus of ¼ to the player who made the
  last move before the position became monochromatic. A position monochromatic from the start
  had no such move: there *the player to move pays the quarter*, as if the other had made it —
  refined whist's convention (symmetric whist §11: the zero state has refined outcome
  (−¼, ¼)), the same rule as for every other monochromatic position (whoever is to move there
  did not make the last move), and the only one under which Theorem 6.3 holds (checked by
  search in the tests). The result is then always an odd multiple of ¼.

"Monochromatic" is read pile by pile, as the paper's analysis goes (Theorem 6.1: a pile
completely blue, completely red, or bichromatic): the game stops once no pile is bichromatic,
when the position's value is its count of counters. Read as "all counters of one colour",
Theorems 6.2 and 6.3 are false, and no function of the value gives the outcome: ``B R`` (value
0) would go on, and whoever moves must give up a counter and pay 1, while the empty position
(value 0 too) pays nothing — the tests find such witnesses by search.

>>> rules = IntegralHackenbushRules()
>>> p = rules.parse('rb bbr')
>>> rules.text(p), [m.label for m in rules.options(p, None, Player.LEFT)]
('BBR RB', ['BBR → 0', 'BBR → B', 'RB → R'])
>>> rules.end(rules.parse('BB B'), None, Player.RIGHT, False)
Fraction(3, 1)
>>> rules.end(rules.parse('B R R'), None, Player.LEFT, False)
Fraction(-1, 1)
>>> rules.end(p, None, Player.LEFT, False) is None
True
>>> RefinedIntegralHackenbushRules().end(rules.parse('BB B'), None, Player.RIGHT, False)
Fraction(13, 4)

The theories (Berlekamp's rule and the three roundings) are in
:mod:`whistgui.engine.heaps.hackenbush_theory`.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterable, Iterator
from fractions import Fraction
from typing import Final

from whistgui.engine.checks import expect, whole
from whistgui.engine.errors import NotationError
from whistgui.engine.heaps.nim import normal_play_end
from whistgui.engine.heaps.rules import Flag, Move, Player, ResultKind
from whistgui.engine.reading import quote

__all__ = [
    "MAX_PILE",
    "MAX_PILES",
    "PILES_EXAMPLE",
    "PILES_NOTATION",
    "HackenbushRules",
    "IntegralHackenbushRules",
    "Piles",
    "RefinedIntegralHackenbushRules",
    "monochromatic",
    "random_piles",
    "read_piles",
    "write_piles",
]

#: A position: its piles, each a word of ``B`` and ``R`` from the bottom, sorted, none empty.
Piles = tuple[str, ...]

#: The most counters in a pile and the most piles in a position (an exact search is far slower;
#: Berlekamp's rule is exact at any size).
MAX_PILE: Final = 100
MAX_PILES: Final = 100
PILES_EXAMPLE: Final = "'BBR RB'"
#: How a position is written, with an example (the registry's ``notation``).
PILES_NOTATION: Final = (
    f"words of B and R, one per pile, read from the bottom, such as {PILES_EXAMPLE}"
)
_EXPECTED: Final = f"expected {PILES_NOTATION}"
#: The longest text read at all (piles at their bounds, generously spaced).
_MAX_TEXT: Final = 4 * MAX_PILE * MAX_PILES

_COLOUR: Final = {Player.LEFT: "B", Player.RIGHT: "R"}
_QUARTER: Final = Fraction(1, 4)


def read_piles(text: str) -> Piles:
    """The piles written in ``text``, sorted, empty ones (``0``) dropped; ``B`` and ``R`` in
    either case. NotationError quoting the text and saying what was expected otherwise.

    >>> read_piles('RB bbr 0'), read_piles('0'), read_piles('')
    (('BBR', 'RB'), (), ())
    >>> read_piles('BBR R-B')
    Traceback (most recent call last):
    ...
    whistgui.engine.errors.NotationError: pile 'R-B' in 'BBR R-B' holds '-'; expected words of
    B and R, one per pile, read from the bottom, such as 'BBR RB'
    """
    expect(text, str, "position", "words of B and R, one per pile (a str)")
    if len(text) > _MAX_TEXT:
        raise NotationError(
            f"{quote(text)} is {len(text):,} characters long; expected at most {MAX_PILES} piles "
            f"of at most {MAX_PILE} counters"
        )
    words = text.split()
    if len(words) > MAX_PILES:
        raise NotationError(f"{quote(text)} has {len(words):,} piles; expected at most {MAX_PILES}")
    piles = []
    for w in words:
        if w == "0":
            continue
        pile = w.upper()
        bad = next((c for c in pile if c not in "BR"), None)
        if bad is not None:
            raise NotationError(f"pile {quote(w)} in {quote(text)} holds {quote(bad)}; {_EXPECTED}")
        if len(pile) > MAX_PILE:
            raise NotationError(
                f"pile {quote(w)} in {quote(text)} has {len(pile):,} counters; expected at most "
                f"{MAX_PILE}"
            )
        piles.append(pile)
    return tuple(sorted(piles))


def write_piles(piles: Piles) -> str:
    """The piles as :func:`read_piles` reads them back (``0`` for none)."""
    return " ".join(piles) or "0"


def monochromatic(piles: Piles) -> bool:
    """Is every pile of one colour (true of the empty position)? The integral games stop
    there.

    >>> monochromatic(('BB', 'R')), monochromatic(('BR',)), monochromatic(())
    (True, False, True)
    """
    return not any("B" in pile and "R" in pile for pile in piles)


def _counters(piles: Piles) -> int:
    """Blue's counters less Red's: the payment to Blue in a monochromatic position (its
    value)."""
    return sum(p.count("B") - p.count("R") for p in piles)


def random_piles(rng: random.Random, max_piles: int = 4, max_pile: int = 5) -> str:
    """A random position's text: 0 to ``max_piles`` piles of 1 to ``max_pile`` counters, each
    counter Blue or Red with equal chance (what the tests search and a theory harness draws).

    >>> read_piles(random_piles(random.Random(3))) != ()
    True
    """
    expect(rng, random.Random, "rng", "a random.Random")
    n = whole(max_piles, "max_piles", low=0, high=MAX_PILES)
    size = whole(max_pile, "max_pile", low=1, high=MAX_PILE)
    piles = (
        "".join(rng.choice("BR") for _ in range(rng.randint(1, size)))
        for _ in range(rng.randint(0, n))
    )
    return write_piles(tuple(sorted(piles)))


def random_piles_of(rng: random.Random, size: int) -> str:
    """A random position of at most ``size`` counters in all, at most 4 piles (a game's
    :attr:`~whistgui.engine.heaps.HeapGame.random_position`).

    >>> rng = random.Random(1)
    >>> all(sum(map(len, read_piles(random_piles_of(rng, 9)))) <= 9 for _ in range(100))
    True
    """
    expect(rng, random.Random, "rng", "a random.Random")
    size = whole(size, "size", low=0)
    n = min(rng.randint(0, 4), size)
    return random_piles(rng, n, max(1, min(size // n if n else 1, MAX_PILE))) if n else "0"


class HackenbushRules:
    """Hackenbush strings under normal play: a player unable to move loses. Blue is Left."""

    name = "hackenbush"
    title = (
        "Hackenbush strings (remove a counter of your colour and all above it; "
        "the last to move wins)"
    )
    impartial = False
    result_kind = ResultKind.WIN
    commutative = True

    def parse(self, text: str) -> Piles:
        return read_piles(text)

    def text(self, position: Piles) -> str:
        return write_piles(position)

    def components(self, position: Piles) -> tuple[Piles, ...]:
        return tuple((p,) for p in position)

    def join(self, a: Piles, b: Piles) -> Piles:
        return tuple(sorted(a + b))

    def zero(self) -> Piles:
        return ()

    def start_flags(self, position: Piles) -> Iterable[tuple[str, Flag]]:
        return (("", None),)

    def sized_components(self, max_size: int) -> Iterator[tuple[int, Piles]]:
        """Each pile of 1 to ``max_size`` counters as a position, with its size — fewest
        counters first, then B before R (the quotient's positions are sums of these).

        >>> [p for _n, (p,) in HackenbushRules().sized_components(2)]
        ['B', 'R', 'BB', 'BR', 'RB', 'RR']
        """
        for n in range(1, whole(max_size, "max_size", low=0, high=MAX_PILE) + 1):
            for word in itertools.product("BR", repeat=n):
                yield n, ("".join(word),)

    def options(self, position: Piles, flag: Flag, mover: Player) -> Iterator[Move]:
        """Each counter of the mover's colour removed with all above it (a pile that stands
        twice is cut once: the same options)."""
        colour = _COLOUR[mover]
        for i, pile in enumerate(position):
            if i and position[i - 1] == pile:
                continue
            rest = position[:i] + position[i + 1 :]
            for k, c in enumerate(pile):
                if c == colour:
                    left = pile[:k]
                    after = tuple(sorted((*rest, left))) if left else rest
                    yield Move(f"{pile} → {left or '0'}", after)

    def end(self, position: Piles, flag: Flag, mover: Player, stuck: bool) -> Fraction | None:
        return normal_play_end(mover, stuck)


class IntegralHackenbushRules(HackenbushRules):
    """Integral hackenbush: the game stops once the position is monochromatic (every pile of
    one colour, possibly none); each player receives one for each counter of theirs left. The
    result is the payment to Blue."""

    name = "integral-hackenbush"
    title = (
        "Integral hackenbush (hackenbush strings stopped once every pile is of one colour; "
        "one paid per counter left)"
    )
    result_kind = ResultKind.INTEGER

    def end(self, position: Piles, flag: Flag, mover: Player, stuck: bool) -> Fraction | None:
        return Fraction(_counters(position)) if monochromatic(position) else None


class RefinedIntegralHackenbushRules(HackenbushRules):
    """Refined integral hackenbush: integral hackenbush with a bonus of ¼ to the player who
    made the last move before the position became monochromatic — paid, in a monochromatic
    position, by the player to move (who did not make it; at the start too)."""

    name = "refined-integral-hackenbush"
    title = (
        "Refined integral hackenbush (integral hackenbush, and ¼ to the player who made "
        "the last move)"
    )
    result_kind = ResultKind.FRACTION

    def end(self, position: Piles, flag: Flag, mover: Player, stuck: bool) -> Fraction | None:
        if not monochromatic(position):
            return None
        return _counters(position) - mover.sign * _QUARTER
