"""The outcome an exact quotient predicts (:func:`~whistgui.engine.heaps.quotient.
quotient_verdict`: each heap's class multiplied by the table, the class's verdict) equals exact
search on random positions of misère octal games — the games with no closed theory, for which
the app's Position tab predicts from the quotient (issue 26's second review, 4)."""

from __future__ import annotations

from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from whistgui.engine.errors import ArgumentError, ArgumentTypeError
from whistgui.engine.heaps import find_heap_game
from whistgui.engine.heaps.quotient import (
    HeapQuotient,
    exact_quotient,
    heap_quotient,
    quotient_verdict,
)
from whistgui.engine.heaps.search import Search

#: (game, heap bound K): misère Kayles past its 40 classes' bound 27 is slower; K = 14 here.
GAMES = (("misere-octal:0.77", 14), ("misere-octal:0.123", 12), ("octal:0.77", 12))
#: The most counters of a random position: the search stays quick.
MAX_COUNTERS = 22


@cache
def quotient(name: str, k: int) -> HeapQuotient:
    return exact_quotient(find_heap_game(name), k)


@cache
def search(name: str) -> Search:
    return Search(find_heap_game(name))


def positions(k: int) -> st.SearchStrategy[tuple[int, ...]]:
    heaps = st.lists(st.integers(1, k), max_size=6).filter(lambda hs: sum(hs) <= MAX_COUNTERS)
    return heaps.map(lambda hs: tuple(sorted(hs)))


@pytest.mark.parametrize(("name", "k"), GAMES)
@settings(max_examples=300)
@given(data=st.data())
def test_the_quotient_s_prediction_is_the_search_s(name, k, data):
    position = data.draw(positions(k))
    assert quotient_verdict(quotient(name, k), position) == search(name).verdict(position)


@pytest.mark.parametrize(("name", "k"), GAMES)
def test_a_heap_beyond_the_bound_is_not_predicted(name, k):
    q = quotient(name, k)
    assert quotient_verdict(q, (1, k + 1)) is None
    assert quotient_verdict(q, (k,)) in ("P", "N")


def test_bad_arguments_are_refused_in_words():
    q = quotient("misere-octal:0.77", 14)
    with pytest.raises(ArgumentTypeError, match="HeapQuotient"):
        quotient_verdict("Q", (1,))  # type: ignore[arg-type]
    with pytest.raises(ArgumentTypeError, match="tuple of heaps"):
        quotient_verdict(q, [1, 2])
    by_tests = heap_quotient(find_heap_game("misere-octal:0.77"), max_heap=3, max_heaps=2)
    with pytest.raises(ArgumentError, match="not exact"):
        quotient_verdict(by_tests, (1,))
