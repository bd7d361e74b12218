"""The R43 lattice figure: every set of L_n once, a line for every cover and only between
adjacent ranks, the sets optimal whist play reaches marked for each lead (as the R43 report
finds them), the legend in words, fewer crossings than the inspector's order, nothing overlaps
or leaves the page, and clear refusals."""

from __future__ import annotations

import pytest

from tests.figures.helpers import WIDTH, assert_apart, assert_inside, texts
from whistgui.app.document import Document
from whistgui.app.lab import lattice, r43_report
from whistgui.engine import Deal, SuitDeal, WhistError
from whistgui.engine.errors import AsymmetricSuitError
from whistgui.figures import FigureOptions, build_figure
from whistgui.figures.lattice import (
    EAST_COLOUR,
    MAX_N,
    WEST_COLOUR,
    _crossings,
    build_lattice,
    lattice_ranks,
    set_text,
    untangled,
)
from whistgui.figures.scene import GREY, Line, Rect

#: Suits of 1 to 6 cards a hand.
SUITS = ["A/K", "AQ/KJ", "AJ9/KQT", "AKT8/QJ97", "AQJ97/KT865", "AQ8654/KJT973"]


def _nodes(fig):  # type: ignore[no-untyped-def]
    """The sets' labels, by text (the legend's lines and the notes are longer texts)."""
    return [t for t in texts(fig) if t.anchor == "middle"]


@pytest.mark.parametrize("suit", SUITS)
def test_every_set_once_and_a_line_for_every_cover(suit: str) -> None:
    s = SuitDeal.parse(suit)
    fig = build_lattice(s, WIDTH)
    nodes, covers = lattice(s.n)
    labels = [t.text for t in _nodes(fig)]
    assert sorted(labels) == sorted(set_text(x) for x in nodes)
    lines = [i for i in fig.items if isinstance(i, Line) and i.colour == GREY]
    assert len(lines) == len(covers)
    # each line runs from the foot of a set's label up to the head of a set covering it
    where = {t.text: t for t in _nodes(fig)}
    ends = {
        ((a.x1, a.y1), (a.x2, a.y2))
        for a in lines  # (lower end, upper end)
    }
    for x, y in covers:
        low, high = where[set_text(x)], where[set_text(y)]
        assert low.y > high.y  # the covering set stands higher
        assert any(
            abs(lo[0] - low.x) < 0.01
            and abs(hi[0] - high.x) < 0.01
            and low.y - 1.5 * low.size < lo[1] < low.y - 0.8 * low.size  # above its glyphs
            and high.y + 0.25 * high.size < hi[1] < high.y + 0.8 * high.size  # below them
            for lo, hi in ends
        ), (set_text(x), set_text(y))
    assert_inside(fig)
    assert_apart(fig)


def test_the_ranks_are_sums_from_empty_at_the_foot_to_the_whole_set_at_the_head() -> None:
    fig = build_lattice(SuitDeal.parse("AKT8/QJ97"), WIDTH)
    where = {t.text: t.y for t in _nodes(fig)}
    by_rank: dict[int, set[float]] = {}
    for rank, row in enumerate(lattice_ranks(4)):
        by_rank[rank] = {where[set_text(x)] for x in row}
    assert all(len(ys) == 1 for ys in by_rank.values())  # one line a rank
    heights = [by_rank[r].pop() for r in range(len(by_rank))]
    assert heights == sorted(heights, reverse=True)  # rank 0 lowest on the page
    assert where["∅"] == max(where.values())
    assert where["{1,2,3,4}"] == min(where.values())


@pytest.mark.parametrize("suit", ["AQ/KJ", "AJ9/KQT", "AQJ97/KT865", "AKT8/QJ97"])
def test_the_sets_optimal_play_reaches_are_marked_for_each_lead(suit: str) -> None:
    s = SuitDeal.parse(suit)
    west, east = (frozenset(t) for t in r43_report(s).west_trick_sets)
    fig = build_lattice(s, WIDTH)
    bold = {t.text for t in _nodes(fig) if t.bold}
    assert bold == {set_text(west), set_text(east)}
    words = " ".join(fig.texts())
    if west == east:
        assert f"Either side on lead: West wins {set_text(west)}" in words
    else:
        assert f"West on lead: West wins {set_text(west)}" in words
        assert f"East on lead: West wins {set_text(east)}" in words
    # West's mark a full blue frame around its label; East's a dashed red one
    label = {t.text: t for t in _nodes(fig)}
    frames = [i for i in fig.items if isinstance(i, Rect) and i.stroke == WEST_COLOUR]
    w = label[set_text(west)]
    assert any(r.x <= w.left and w.left + w.width <= r.x + r.w and r.y < w.y for r in frames)
    dashes = [i for i in fig.items if isinstance(i, Line) and i.colour == EAST_COLOUR]
    assert dashes
    assert all(d.dash for d in dashes)
    e = label[set_text(east)]
    assert any(min(d.x1, d.x2) <= e.left and e.left + e.width <= max(d.x1, d.x2) for d in dashes)


def test_the_marks_follow_the_report_given() -> None:
    s = SuitDeal.parse("AJ9/KQT")
    real = r43_report(s)
    other = type(real)(real.suit, real.optimal, real.normal, ((2, 3), (2, 3)))
    fig = build_lattice(s, WIDTH, report=other)
    assert {t.text for t in _nodes(fig) if t.bold} == {"{2,3}"}
    assert "Either side on lead: West wins {2,3} (tricks 2 and 3)" in " ".join(fig.texts())


def test_fewer_lines_cross_than_in_the_inspectors_order() -> None:
    for n in range(1, MAX_N + 1):
        _, covers = lattice(n)
        ranks = lattice_ranks(n)
        tidy = untangled(ranks, covers)
        assert [sorted(map(sorted, r)) for r in tidy] == [sorted(map(sorted, r)) for r in ranks]
        assert _crossings(tidy, covers) <= _crossings(ranks, covers)
    _, covers = lattice(6)
    assert _crossings(untangled(lattice_ranks(6), covers), covers) < _crossings(
        lattice_ranks(6), covers
    )


def test_a_narrow_page_widens_rather_than_overprint_a_label() -> None:
    fig = build_lattice(SuitDeal.parse("AQ8654/KJT973"), 20 * 72 / 25.4)
    assert fig.width > 20 * 72 / 25.4
    assert_inside(fig)
    assert_apart(fig)


def test_the_view_draws_the_suit_asked_for() -> None:
    doc = Document.from_deal(Deal.parse("AQ/KJ AJ9/KQT"))
    fig = build_figure("lattice", doc, FigureOptions(suit=2))
    assert "{1,2,3}" in fig.texts()
    assert "AJ9/KQT" in " ".join(fig.texts())


@pytest.mark.parametrize(
    ("suit", "error", "needle"),
    [
        ("[14 12 10 8 6 4 2, 13 11 9 7 5 3 1]", WhistError, "1 to 6"),
        ("AKQ/J", AsymmetricSuitError, "AKQ/J"),
    ],
)
def test_a_suit_the_lattice_cannot_show_is_refused(suit: str, error: type, needle: str) -> None:
    with pytest.raises(error, match=needle.replace("[", r"\[")):
        build_lattice(SuitDeal.parse(suit), WIDTH)


def test_an_empty_suit_and_a_wrong_type_are_refused() -> None:
    with pytest.raises(WhistError, match="empty"):
        build_lattice(SuitDeal((), ()), WIDTH)
    with pytest.raises(TypeError, match="SuitDeal"):
        build_lattice("AQ/KJ", WIDTH)  # type: ignore[arg-type]
