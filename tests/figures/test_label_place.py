"""The label placement the number line's screen and figure share: boxes, the first free place,
staggered rows, and a chain laid out with its far points left out — checked on the boxes it
returns, for chains of every length."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from whistgui.figures.label_place import Box, Rows, first_free, lay_chain, wrap_words


def test_boxes_meet_when_they_overlap_or_come_nearer_than_the_gap() -> None:
    a = Box(0, 0, 10, 5)
    assert a.meets(Box(9, 4, 12, 8))
    assert not a.meets(Box(10, 0, 12, 5))  # edge to edge
    assert a.meets(Box(10, 0, 12, 5), gap=0.5)
    assert not a.meets(Box(0, 6, 10, 8), gap=0.5)
    assert a.grown(1).meets(Box(10.5, 0, 12, 5))
    assert Box.around(5, 5, 1, 2) == Box(4, 3, 6, 7)


def test_first_free_skips_the_places_taken() -> None:
    taken = [Box(0, 0, 10, 10)]
    places = [Box(5, 5, 15, 15), Box(10, 0, 20, 10), Box(30, 0, 40, 10)]
    assert first_free(places, taken) == places[1]
    assert first_free(places, taken, gap=1) == places[2]
    assert first_free(places[:1], taken) is None


def test_rows_stagger_what_would_touch() -> None:
    rows = Rows(gap=1)
    assert rows.first(0, 10) == 0
    rows.take(0, 0, 10)
    assert rows.first(10.5, 20) == 1  # nearer than the gap
    assert rows.first(11, 20) == 0
    rows.take(1, 10.5, 20)
    assert rows.first(5, 15, limit=2) is None
    assert rows.count == 2


def test_words_wrap_at_spaces() -> None:
    assert wrap_words("near 7, magnified: I(D) = (1, 2)", 12, len) == [
        "near 7,",
        "magnified:",
        "I(D) = (1,",
        "2)",
    ]
    assert wrap_words("unbreakable", 3, len) == ["unbreakable"]


def _check(lay, pool, must, widths, left, right, point, mark, gap, rows):  # type: ignore[no-untyped-def]
    shown = lay.shown()
    # every position exactly once: drawn, in one "…", or beyond the ends
    seen = [*lay.before, *[p for s in lay.slots for p in s.positions], *lay.after]
    assert seen == list(pool)
    assert set(must) <= set(shown)
    # slots in order, evenly spaced, the ends drawn as points
    assert not lay.slots[0].elided
    assert not lay.slots[-1].elided
    xs = [s.x for s in lay.slots]
    assert xs == sorted(xs)
    # labels inside and apart, row by row
    boxes = [
        (s.row, s.x - widths[s.positions[0]] / 2, s.x + widths[s.positions[0]] / 2)
        for s in lay.slots
        if not s.elided
    ]
    for _row, lo, hi in boxes:
        assert lo >= left - 1e-9
        assert hi <= right + 1e-9
    for (r1, a1, b1), (r2, a2, b2) in itertools.combinations(boxes, 2):
        if r1 == r2:
            assert b1 + gap <= a2 + 1e-9 or b2 + gap <= a1 + 1e-9
    return shown


@pytest.mark.parametrize("span", range(2, 41))
def test_every_chain_length_keeps_its_labels_apart_and_its_musts(span: int) -> None:
    """A chain −span … span with labels as wide as "7 + ε₁₂" would be, at a width where not
    all fit: the must points (−1, 0, 1, and a far val) are drawn, labels in one row."""
    pool = range(-span, span + 1)
    widths = {p: 30.0 + 2 * (abs(p) > 10) for p in pool}
    must = [-1, 0, 1, span - 1]
    lay = lay_chain(
        pool, widths, [must, [span - 2, span - 1]], 0, 400, point=8, mark=10, end=20, gap=5
    )
    shown = _check(lay, pool, must, widths, 0, 400, 8, 10, 5, 1)
    assert lay.rows == 1
    assert span - 2 in shown  # the second tier, where it fits
    if span >= 6:  # 2·span + 1 labels 35 wide do not fit 400 in one row
        assert len(shown) < len(pool)
    if span >= 12:  # nor do 0 … val: a run between them is one "…"
        assert lay.elided()
    gaps = [b.x - a.x for a, b in itertools.pairwise(lay.slots)]
    assert max(gaps) - min(gaps) < 1e-6


def test_points_that_must_be_seen_take_more_rows_when_one_is_too_narrow() -> None:
    pool = range(-4, 5)
    widths = dict.fromkeys(pool, 40.0)
    lay = lay_chain(pool, widths, [list(pool)], 0, 200, point=4, mark=6, end=20, gap=4)
    assert lay.shown() == list(pool)
    assert lay.rows > 1
    _check(lay, pool, list(pool), widths, 0, 200, 4, 6, 4, lay.rows)


def test_labels_keep_their_own_gap_wider_than_the_points() -> None:
    """Points 5 apart, labels 12: where labels half as far apart would all fit, fewer points
    are drawn and every two labels in a row stand 12 apart."""
    pool = range(-6, 7)
    widths = dict.fromkeys(pool, 30.0)
    near = lay_chain(pool, widths, [[-1, 0, 1]], 0, 400, point=8, mark=10, end=20, gap=5)
    far = lay_chain(
        pool, widths, [[-1, 0, 1]], 0, 400, point=8, mark=10, end=20, gap=5, label_gap=12
    )
    assert len(far.shown()) < len(near.shown())
    _check(far, pool, [-1, 0, 1], widths, 0, 400, 8, 10, 12, far.rows)
    assert far.rows == 1


def test_the_second_tier_may_take_a_row_more_and_nothing_else_does() -> None:
    """Where the second tier's point does not fit beside the first's in one row, it takes a
    second; no other point is added to fill that row."""
    pool = range(-8, 9)
    widths = dict.fromkeys(pool, 40.0)
    must, second = [-1, 0, 1, 7], [6]
    lay = lay_chain(pool, widths, [must, second], 0, 260, point=8, mark=10, end=20, gap=5)
    assert lay.shown() == [-1, 0, 1, 6, 7]
    assert lay.rows == 2
    _check(lay, pool, must, widths, 0, 260, 8, 10, 5, 2)
    one_row = lay_chain(pool, widths, [must], 0, 260, point=8, mark=10, end=20, gap=5)
    assert one_row.rows == 1
    assert 6 not in one_row.shown()


def test_a_chain_with_room_for_all_draws_all() -> None:
    pool = range(-3, 4)
    widths = dict.fromkeys(pool, 10.0)
    lay = lay_chain(pool, widths, [[0]], 0, 500, point=4, mark=6, end=10, gap=4)
    assert lay.shown() == list(pool)
    assert lay.elided() == []
    assert lay.before == lay.after == ()


@settings(max_examples=200, deadline=None)
@given(
    span=st.integers(2, 30),
    width=st.floats(60, 1500),
    label=st.floats(5, 80),
    data=st.data(),
)
def test_random_chains_keep_their_labels_apart(span: int, width: float, label: float, data):  # type: ignore[no-untyped-def]
    pool = range(-span, span + 1)
    widths = {p: min(label + data.draw(st.floats(0, 20)), width) for p in pool}
    val = data.draw(st.integers(-span, span))
    must = sorted({-1, 0, 1, val})
    lay = lay_chain(
        pool, widths, [must, [val - 1, val + 1]], 0, width, point=10, mark=8, end=15, gap=5
    )
    _check(lay, pool, must, widths, 0, width, 10, 8, 5, lay.rows)
    assert lay.rows <= len(must)  # only the musts themselves can ask for more rows
