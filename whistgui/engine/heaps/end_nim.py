"""End-nim (Albert and Nowakowski, *The Game of End-Nim*, 2001; strange algebra §9): heaps of
counters stand in a row, and a move takes any positive number of counters from either END
heap — the leftmost or the rightmost; a player unable to move loses. The row's order is the
game's: positions are words over the heaps, and joining two rows writes one after the other, a
monoid that is not commutative (§9: "non-commutative game theory"). The quotient is then taken
by two-sided contexts u · x · v (:func:`~whistgui.engine.heaps.quotient.heap_quotient`). No
theory: exact search only.

>>> rules = EndNimRules()
>>> p = rules.parse('3 1 4')
>>> rules.text(p), rules.text(rules.join(p, rules.parse('2'))), rules.components(p)
('3 1 4', '3 1 4 2', ((3,), (1,), (4,)))
>>> [m.label for m in rules.options(rules.parse('2 5 1'), None, Player.LEFT)]
['left 2 → 0', 'left 2 → 1', 'right 1 → 0']
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from fractions import Fraction

from whistgui.engine.heaps.nim import Heaps, normal_play_end
from whistgui.engine.heaps.notation import read_heaps, write_heaps
from whistgui.engine.heaps.rules import Flag, Move, Player, ResultKind

__all__ = ["EndNimRules"]


class EndNimRules:
    """End-nim under normal play: take from the leftmost or the rightmost heap."""

    name = "end-nim"
    title = "End-nim (heaps in a row; take any number from an end heap; the last to move wins)"
    impartial = True
    result_kind = ResultKind.WIN
    commutative = False

    def parse(self, text: str) -> Heaps:
        """The row written ``text``, left to right (empty heaps dropped)."""
        return read_heaps(text, ordered=True)

    def text(self, position: Heaps) -> str:
        return write_heaps(position)

    def components(self, position: Heaps) -> tuple[Heaps, ...]:
        return tuple((h,) for h in position)

    def join(self, a: Heaps, b: Heaps) -> Heaps:
        """``a``'s row followed by ``b``'s."""
        return a + b

    def zero(self) -> Heaps:
        return ()

    def start_flags(self, position: Heaps) -> Iterable[tuple[str, Flag]]:
        return (("", None),)

    def options(self, position: Heaps, flag: Flag, mover: Player) -> Iterator[Move]:
        if not position:
            return
        first, rest = position[0], position[1:]
        side = "left " if len(position) > 1 else ""
        for left in range(first):
            yield Move(f"{side}{first} → {left}", ((left,) if left else ()) + rest)
        if len(position) > 1:
            last, rest = position[-1], position[:-1]
            for left in range(last):
                yield Move(f"right {last} → {left}", rest + ((left,) if left else ()))

    def end(self, position: Heaps, flag: Flag, mover: Player, stuck: bool) -> Fraction | None:
        return normal_play_end(mover, stuck)
