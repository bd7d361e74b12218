"""The Single Suits values plot, Qt-free: a bar for each distinct value of the suits shown, never
two values in one bar, bars no wider than the values' spacing allows."""

from __future__ import annotations

from fractions import Fraction
from itertools import pairwise

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from whistgui.app.lab import lab_table
from whistgui.app.lab_plots import Bar, Distribution, distribution
from whistgui.engine.games.whist.value import Value

TABLES = {n: lab_table(n) for n in range(1, 7)}


def assert_one_bar_a_value(d: Distribution, bars: list[Bar]) -> None:
    """As many bars as distinct values, in the values' order, each as tall as its count, all
    as wide, in a room of its own near its number part, the rooms of the bars never meeting."""
    assert len(bars) == d.distinct
    assert [(b.value, b.count) for b in bars] == list(d.counts)
    assert sum(b.count for b in bars) == d.shown
    assert len({b.width for b in bars}) <= 1
    for b in bars:
        assert 0 < b.width <= b.room + 1e-12
        assert abs(b.x - float(b.value.number)) <= 0.2 + 1e-12  # within its number's slot
    for a, b in pairwise(bars):
        assert a.x + a.room / 2 <= b.x - b.room / 2 + 1e-12, (a, b)


def test_the_reviewers_three_values_are_three_bars() -> None:
    """'east 2 stoppers' at n = 6: 2 − ε₄, 2 + ε₂ and 4 − ε₂, "3 distinct values", were two
    bars 1.6 wide (2 − ε₄ and 2 + ε₂ in one, at 2)."""
    counts = tuple((Value.parse(t), c) for t, c in (("2-e4", 2), ("2+e2", 6), ("4-e2", 6)))
    d = Distribution(6, counts, 924, ("east", "2", "stoppers"))
    bars = d.bars()
    assert_one_bar_a_value(d, bars)
    assert d.summary().endswith("3 distinct values (filter: east 2 stoppers)")
    below, above, four = bars
    assert below.x < 2 < above.x  # 2 − ε₄ left of 2 + ε₂, both at 2
    assert four.x == 4.0
    assert above.x - below.x == pytest.approx(0.2)  # the two share 0.8 of ½: not a range
    assert [b.width for b in bars] == pytest.approx([0.14] * 3)  # every bar as wide


def test_a_lone_value_and_the_finest_spacing() -> None:
    lone = Distribution(3, ((Value.parse("3/2"), 5),), 20).bars()
    assert [(b.x, b.width) for b in lone] == [(1.5, 0.4)]
    fine = Distribution(6, tuple((Value(Fraction(k, 16)), 1) for k in (16, 17, 18, 24)), 924).bars()
    assert {b.room for b in fine} == {0.05}  # 0.8 of 1/16, the least spacing


@settings(max_examples=150, deadline=None)
@given(n=st.integers(1, 6), data=st.data())
def test_every_set_of_suits_shown_has_a_bar_for_each_value(n: int, data) -> None:  # type: ignore[no-untyped-def]
    table = TABLES[n]
    size = len(table)
    picked = data.draw(st.lists(st.integers(0, size - 1), unique=True, max_size=60))
    rows = np.array(sorted(picked), dtype=np.intp)
    d = distribution(table, rows, n, ("some",) if picked else ())
    values = {table.value_of(int(i)) for i in rows}
    assert d.distinct == len(values)
    assert_one_bar_a_value(d, d.bars())


@pytest.mark.parametrize("n", range(1, 7))
def test_every_suit_of_n_a_bar_for_each_value(n: int) -> None:
    table = TABLES[n]
    d = distribution(table, np.arange(len(table)), n)
    assert d.distinct == table.distinct(n)
    assert_one_bar_a_value(d, d.bars())
