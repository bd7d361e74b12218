"""The games of :data:`~whistgui.engine.heaps.HEAP_GAMES` as the tests reach them: the rules,
theory and search of a registered name (made once a run, so that the search's memo serves every
example), and the element the theory gives a whole position."""

from __future__ import annotations

import functools
from typing import Any

from whistgui.engine.heaps import find_heap_game, heap_game_of
from whistgui.engine.heaps.rules import HeapTheory, PositionRules
from whistgui.engine.heaps.search import Search


@functools.cache
def game_parts(name: str) -> tuple[PositionRules[Any], HeapTheory[Any], Search]:
    """The rules, theory and search of the game registered as ``name`` (it has a theory)."""
    rules = find_heap_game(name)
    make = heap_game_of(rules).theory
    assert make is not None
    return rules, make(rules), Search(rules)


def element(rules: PositionRules[Any], theory: HeapTheory[Any], position: Any) -> Any:
    """The element of ``position``: the sum of its components' elements."""
    e = theory.zero()
    for c in rules.components(position):
        e = theory.add(e, theory.element(c))
    return e
