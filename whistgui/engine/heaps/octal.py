"""Octal games (strange algebra §6.5; Guy and Smith 1956, Winning Ways ch. 4), given by their
code ``d₀.d₁d₂d₃…``: the digit dₖ says what a move that takes k counters from one heap may
leave — bit 1: nothing (the whole heap of k is taken), bit 2: one nonempty heap, bit 4: two
nonempty heaps (the heap is split). Kayles is 0.77, Dawson's Kayles 0.07, nim with heaps of at
most k counters 0.33…3 (k threes); d₀ is 0, or 4 (a heap may be split in two without taking
any). ``octal:CODE`` is played under normal play (the last to move wins), ``misere-octal:CODE``
under misère play (the last to move loses).

Under normal play the theory is Sprague–Grundy's: a heap's element is its Grundy value, the
least number that is not the value of one of its options (a split heap's value the nim-sum of
its parts'), and a sum's the nim-sum — the quotient is a nim group; P exactly when the sum is
0. Misère octal games have no such theory: :mod:`whistgui.engine.heaps.quotient` computes their
quotient monoid.

>>> kayles = OctalRules('0.77')
>>> kayles.name, kayles.heap_options(4)
('octal:0.77', ((1, 1), (1, 2), (2,), (3,)))
>>> [kayles.grundy(n) for n in range(1, 13)]
[1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4]
>>> [m.label for m in kayles.options((3,), None, Player.LEFT)]
['3 → 1', '3 → 1 + 1', '3 → 2']
>>> OctalRules('0.8')
Traceback (most recent call last):
...
whistgui.engine.errors.NotationError: 'octal:0.8': '8' is not an octal digit; expected digits 0
to 7 after the point, such as 0.77
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from fractions import Fraction
from typing import Final

from whistgui.engine.checks import described, expect
from whistgui.engine.errors import ArgumentError, ArgumentTypeError, NotationError
from whistgui.engine.heaps.nim import HeapRules, Heaps, NimTheory, normal_play_end
from whistgui.engine.heaps.notation import MAX_HEAP
from whistgui.engine.heaps.rules import Flag, Move, Player
from whistgui.engine.reading import quote

__all__ = ["MAX_CODE_DIGITS", "OctalRules", "OctalTheory", "misere_end", "read_octal_code"]

#: The most digits a code may have after the point (a move takes at most this many counters).
MAX_CODE_DIGITS: Final = 32

_EXAMPLE: Final = "such as 0.77"


def misere_end(mover: Player, stuck: bool) -> Fraction | None:
    """Misère play: the player unable to move wins."""
    return Fraction(mover.sign) if stuck else None


def read_octal_code(code: str, *, name: str = "octal") -> tuple[int, ...]:
    """The digits d₀, d₁, d₂, … of the octal code ``code`` (``0.77``), trailing zeros dropped;
    NotationError quoting ``name:code`` and saying what was expected otherwise.

    >>> read_octal_code('0.77'), read_octal_code(' 4.070 ')
    ((0, 7, 7), (4, 0, 7))
    >>> read_octal_code('77')
    Traceback (most recent call last):
    ...
    whistgui.engine.errors.NotationError: 'octal:77' is not an octal code; expected 0 (or 4), a
    point and octal digits, such as 0.77
    """
    expect(code, str, "code", f"an octal code {_EXAMPLE} (a str)")
    shown = quote(f"{name}:{code}")
    text = code.strip()
    if not text:
        raise NotationError(
            f"{shown} has no code; expected an octal code after the colon, {_EXAMPLE}"
        )
    head, point, digits = text.partition(".")
    if not point or not head or not re.fullmatch(r"[0-9]", head):
        raise NotationError(
            f"{shown} is not an octal code; expected 0 (or 4), a point and octal digits, {_EXAMPLE}"
        )
    if head not in ("0", "4"):
        raise NotationError(
            f"{shown}: the digit before the point is {head}; expected 0, or 4 (a heap may be "
            f"split in two without taking any), {_EXAMPLE}"
        )
    if not digits:
        raise NotationError(
            f"{shown} has no digit after the point; expected octal digits, {_EXAMPLE}"
        )
    bad = re.search(r"[^0-7]", digits)
    if bad:
        raise NotationError(
            f"{shown}: {quote(bad.group())} is not an octal digit; expected digits 0 to 7 after "
            f"the point, {_EXAMPLE}"
        )
    if len(digits) > MAX_CODE_DIGITS:
        raise NotationError(
            f"{shown} has {len(digits):,} digits after the point; expected at most "
            f"{MAX_CODE_DIGITS}"
        )
    out = [int(head), *map(int, digits)]
    while len(out) > 2 and out[-1] == 0:
        out.pop()
    return tuple(out)


def _code_text(digits: tuple[int, ...]) -> str:
    return f"{digits[0]}." + "".join(map(str, digits[1:]))


class OctalRules(HeapRules):
    """The octal game of ``code`` under normal play, or misère play if ``misere``."""

    #: A move changes one heap only (the exact quotient of
    #: :func:`~whistgui.engine.heaps.quotient.exact_quotient` relies on it).
    disjunctive = True

    def __init__(self, code: str, *, misere: bool = False) -> None:
        prefix = "misere-octal" if misere else "octal"
        self.digits = read_octal_code(code, name=prefix)
        self.code = _code_text(self.digits)
        self.misere = bool(misere)
        self.name = f"{prefix}:{self.code}"
        play = "misère play: the last to move loses" if misere else "the last to move wins"
        self.title = f"the octal game {self.code} ({play})"
        self._options: dict[int, tuple[Heaps, ...]] = {}
        self._grundy: list[int] = [0]

    def __repr__(self) -> str:
        return f"OctalRules({self.code!r}, misere={self.misere})"

    def heap_options(self, heap: int) -> tuple[Heaps, ...]:
        """The positions one move can leave of a heap of ``heap`` counters, each sorted, in
        order and without repetition.

        >>> OctalRules('0.123').heap_options(5), OctalRules('4.07').heap_options(4)
        (((2,), (3,)), ((1, 1), (1, 3), (2,), (2, 2)))
        """
        got = self._options.get(heap)
        if got is not None:
            return got
        n = _heap_size(heap)
        out: set[Heaps] = set()
        for k, d in enumerate(self.digits):
            r = n - k
            if r < 0:
                break
            if d & 1 and r == 0 and k > 0:
                out.add(())
            if d & 2 and r > 0 and k > 0:
                out.add((r,))
            if d & 4:
                out.update((a, r - a) for a in range(1, r // 2 + 1))
        got = self._options[heap] = tuple(sorted(out))
        return got

    def options(self, position: Heaps, flag: Flag, mover: Player) -> Iterator[Move]:
        for i, h in enumerate(position):
            if i and position[i - 1] == h:
                continue  # the same heap again: the same options
            rest = position[:i] + position[i + 1 :]
            for left in self.heap_options(h):
                shown = " + ".join(map(str, left)) or "0"
                yield Move(f"{h} → {shown}", tuple(sorted(rest + left)))

    def end(self, position: Heaps, flag: Flag, mover: Player, stuck: bool) -> Fraction | None:
        return misere_end(mover, stuck) if self.misere else normal_play_end(mover, stuck)

    def grundy(self, heap: int) -> int:
        """The Grundy value of one heap under normal play: the least number that is not the
        value of one of its options, a split heap's value the nim-sum of its parts'."""
        n = _heap_size(heap)
        values = self._grundy
        while len(values) <= n:
            m = len(values)
            seen = set()
            for left in self.heap_options(m):
                v = 0
                for h in left:
                    v ^= values[h]
                seen.add(v)
            g = 0
            while g in seen:
                g += 1
            values.append(g)
        return values[n]


def _heap_size(heap: object) -> int:
    if type(heap) is not int:
        raise ArgumentTypeError(
            f"heap must be a number of counters (an int), not {described(heap)}"
        )
    if not 0 <= heap <= MAX_HEAP:
        raise ArgumentError(f"heap must be 0 to {MAX_HEAP} counters, not {heap}")
    return heap


class OctalTheory(NimTheory):
    """Sprague–Grundy theory of an octal game under normal play: a heap's element is its
    Grundy value, a sum's the nim-sum (the nim group ⊕Z₂)."""

    def __init__(self, rules: OctalRules) -> None:
        self.rules = expect(rules, OctalRules, "rules", "the rules of an octal game")
        if rules.misere:
            raise ArgumentTypeError(
                f"{rules.name} is played misère; Sprague–Grundy theory is of normal play only"
            )
        self.title = (
            f"Sprague–Grundy theory of {rules.code}: a heap's Grundy value (the least number "
            "not the value of an option), nim-summed; P exactly when the sum is 0"
        )

    def element(self, component: object) -> int:
        if not isinstance(component, tuple) or len(component) != 1 or type(component[0]) is not int:
            raise ArgumentTypeError(
                f"component must be one heap, a tuple (n,), not {described(component)}"
            )
        return self.rules.grundy(component[0])

    def describe(self, element: int) -> str:
        who = "the next player wins" if element else "the previous player wins"
        return f"Grundy value {element}: {who}"
