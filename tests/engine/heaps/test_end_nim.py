"""End-nim (§9): heaps in a row, a move takes from an end heap; positions are words and join
is concatenation. Exact search only; its facts here are derived from the rules, not typed."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from whistgui.engine.errors import NotationError
from whistgui.engine.heaps import find_heap_game, heap_game_of
from whistgui.engine.heaps.end_nim import EndNimRules
from whistgui.engine.heaps.nim import NimRules
from whistgui.engine.heaps.rules import Player
from whistgui.engine.heaps.search import Search

RULES = EndNimRules()
SEARCH = Search(RULES)
rows = st.lists(st.integers(1, 5), max_size=5).map(tuple)


@settings(max_examples=200)
@given(rows)
def test_moves_touch_only_an_end_heap(row: tuple[int, ...]) -> None:
    """Each option lowers the first or the last heap (dropping it at 0), the rest of the row
    in its order; and every such lowering is an option."""
    got = {m.position for m in RULES.options(row, None, Player.LEFT)}
    want = set()
    if row:
        for k in range(row[0]):
            want.add(((k,) if k else ()) + row[1:])
        for k in range(row[-1]):
            want.add(row[:-1] + ((k,) if k else ()))
    assert got == want
    assert RULES.end(row, None, Player.LEFT, not got) == (-1 if not got else None)


@settings(max_examples=150)
@given(rows)
def test_the_mirror_row_has_the_same_outcome(row: tuple[int, ...]) -> None:
    """Left and right play the same part: a row and its mirror have one outcome."""
    assert SEARCH.outcome(row) == SEARCH.outcome(row[::-1])


def test_two_heaps_are_nim() -> None:
    """With at most two heaps both are end heaps: End-nim is then nim (searched both ways)."""
    nim = Search(NimRules())
    for a in range(7):
        for b in range(7):
            row = tuple(h for h in (a, b) if h)
            assert SEARCH.outcome(row) == nim.outcome(tuple(sorted(row)))


def test_order_matters() -> None:
    """Join writes one row after the other, not commutative, and the order changes the
    outcome: 2 1 1 is N (take the 2, leaving 1 1: two equal heaps, P), 1 2 1 is P (each move
    takes an end 1 and leaves two unequal heaps), though both hold the same heaps."""
    a, b = RULES.parse("2 1"), RULES.parse("1")
    assert RULES.join(a, b) == (2, 1, 1)
    assert RULES.join(b, a) == (1, 2, 1)
    assert SEARCH.verdict((1, 1)) == "P"
    assert SEARCH.verdict((2, 1, 1)) == "N"
    assert SEARCH.verdict((1, 2, 1)) == "P"
    assert RULES.text(RULES.parse("3 0 1 4")) == "3 1 4"
    assert RULES.text(()) == "0"


def test_registry_and_notation() -> None:
    r = find_heap_game("End-Nim")
    assert isinstance(r, EndNimRules)
    assert not r.commutative
    assert heap_game_of(r).theory is None
    with pytest.raises(NotationError, match="takes no parameter"):
        find_heap_game("end-nim:3")
    with pytest.raises(NotationError, match="not a number"):
        r.parse("3 x 1")
