"""Nim (strange algebra §6.1): a move takes any number of counters from one heap; a player
unable to move loses. Positions are formal sums of heaps, the heap monoid H; the quotient H/nim
is the nim group ⊕Z₂, a heap's element its size and the sum the nim-sum (Bouton).

This module is also the model of a game of :mod:`whistgui.engine.heaps`: its rules
(:class:`~whistgui.engine.heaps.rules.PositionRules`) and its theory
(:class:`~whistgui.engine.heaps.rules.HeapTheory`).

>>> rules, theory = NimRules(), NimTheory()
>>> p = rules.parse('3 4 6')
>>> [m.label for m in rules.options(p, None, Player.LEFT)][:4]
['3 → 0', '3 → 1', '3 → 2', '4 → 0']
>>> e = theory.zero()
>>> for c in rules.components(p):
...     e = theory.add(e, theory.element(c))
>>> theory.pretty(e), theory.describe(e)
('*1', 'nim-sum 1: the next player wins')
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from fractions import Fraction

from whistgui.engine.checks import described, expect
from whistgui.engine.errors import ArgumentTypeError, NotationError
from whistgui.engine.heaps.notation import read_heaps, write_heaps
from whistgui.engine.heaps.rules import Flag, Move, Outcome, Player, ResultKind
from whistgui.engine.reading import quote, read_int

__all__ = ["HeapRules", "Heaps", "NimRules", "NimTheory", "heap_of", "normal_play_end"]

Heaps = tuple[int, ...]


def normal_play_end(mover: Player, stuck: bool) -> Fraction | None:
    """Normal play: the player unable to move loses."""
    return Fraction(-mover.sign) if stuck else None


def heap_of(component: object) -> int:
    """The size of one heap given as a component ``(n,)`` (what :meth:`HeapRules.components`
    yields); ArgumentTypeError for anything else."""
    if (
        not isinstance(component, tuple)
        or len(component) != 1
        or not isinstance(component[0], int)
        or isinstance(component[0], bool)
    ):
        raise ArgumentTypeError(
            f"component must be one heap, a tuple (n,), not {described(component)}"
        )
    return component[0]


class HeapRules:
    """What every game played on the heap monoid shares: notation, components, join."""

    name = "heaps"
    title = "heaps"
    impartial = True
    result_kind = ResultKind.WIN
    commutative = True

    def parse(self, text: str) -> Heaps:
        return read_heaps(text)

    def text(self, position: Heaps) -> str:
        return write_heaps(position)

    def components(self, position: Heaps) -> tuple[Heaps, ...]:
        return tuple((h,) for h in position)

    def join(self, a: Heaps, b: Heaps) -> Heaps:
        return tuple(sorted(a + b))

    def zero(self) -> Heaps:
        return ()

    def start_flags(self, position: Heaps) -> Iterable[tuple[str, Flag]]:
        return (("", None),)


class NimRules(HeapRules):
    """Nim under normal play."""

    name = "nim"
    title = "Nim (take any number from one heap; the last to move wins)"

    def options(self, position: Heaps, flag: Flag, mover: Player) -> Iterator[Move]:
        for i, h in enumerate(position):
            if i and position[i - 1] == h:
                continue  # the same heap again: the same options
            rest = position[:i] + position[i + 1 :]
            for left in range(h):
                yield Move(f"{h} → {left}", tuple(sorted((*rest, left))) if left else rest)

    def end(self, position: Heaps, flag: Flag, mover: Player, stuck: bool) -> Fraction | None:
        return normal_play_end(mover, stuck)


class NimTheory:
    """The nim group ⊕Z₂: a heap's element is its size, a sum's the nim-sum (XOR)."""

    title = "the nim group ⊕Z₂ (Bouton): nim-sum of the heaps; P exactly when it is 0"

    def element(self, component: object) -> int:
        return heap_of(component)

    def zero(self) -> int:
        return 0

    def add(self, a: int, b: int) -> int:
        return a ^ b

    def outcome(self, element: int, flags: Iterable[tuple[str, Flag]]) -> Outcome:
        return Outcome.impartial({name: not element for name, _ in flags})

    def text(self, element: int) -> str:
        return f"*{element}"

    def pretty(self, element: int) -> str:
        return f"*{element}"

    def latex(self, element: int) -> str:
        return rf"{{*}}{element}"

    def parse(self, text: str) -> int:
        t = expect(text, str, "element", "a nimber such as '*3' (a str)").strip()
        if not t.startswith("*") or not t[1:].isdigit():
            raise NotationError(
                f"{quote(text)} is not a nimber; expected '*' and a number, such as '*3'"
            )
        return read_int(t[1:], what="nimber", text=text, max_digits=6)

    def describe(self, element: int) -> str:
        who = "the next player wins" if element else "the previous player wins"
        return f"nim-sum {element}: {who}"
