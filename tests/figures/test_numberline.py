"""The number line figure: val(D) between L(D) and R(D), maxmin and minmax marked, the inset of
infinitesimals when the decision is made at one number — every label inside the page and no
two labels overlapping, at a narrow, the usual and a wide width."""

from __future__ import annotations

import itertools
import math
import struct
from fractions import Fraction
from pathlib import Path

import pytest

from tests.figures.helpers import WIDTH
from tests.figures.helpers import overlap as _overlap
from tests.figures.helpers import texts as _texts
from whistgui.engine import FUZZY, Evaluator, SuitDeal, WhistError
from whistgui.figures.backends import write
from whistgui.figures.numberline import (
    SIDE_COLOURS,
    build_numberline,
    figure_metrics,
    half_integers,
    inset_chain,
    inset_number,
    number_range,
)
from whistgui.figures.numberline_layout import inset_layout, main_layout

SUITS = {
    "AQ/KJ": SuitDeal.parse("AQ/KJ"),
    "AKT9/QJ87": SuitDeal.parse("AKT9/QJ87"),
    "AQ87/KJT9": SuitDeal.parse("AQ87/KJT9"),
    "KQT98/AJ765": SuitDeal.parse("KQT98/AJ765"),
    "A/K": SuitDeal.parse("A/K"),
    "9862/7543": SuitDeal.parse("9862/7543"),  # val(D) = 3, the chain's 0 under ±ε₀
    "long": SuitDeal(range(2, 20, 2), range(1, 19, 2)),  # 9 cards a hand, numbered
}


@pytest.mark.parametrize("name", SUITS)
def test_the_value_and_the_suit_are_shown(name: str) -> None:
    suit = SUITS[name]
    fig = build_numberline(suit, WIDTH)
    value = Evaluator().suit_value(suit).pretty()
    assert f"val(D) = {value}" in fig.texts()
    assert str(suit) in fig.texts()
    assert fig.width == pytest.approx(WIDTH)


@pytest.mark.parametrize("width", [150.0, WIDTH, 600.0])
@pytest.mark.parametrize("name", SUITS)
def test_labels_inside_and_apart(name: str, width: float) -> None:
    fig = build_numberline(SUITS[name], width)
    assert fig.width == pytest.approx(width)
    texts = _texts(fig)
    for t in texts:
        assert t.left >= -1e-6, t
        assert t.left + t.width <= fig.width + 1e-6, t
        assert t.y - t.size >= -1e-6, t
        assert t.y + 0.3 * t.size <= fig.height + 1e-6, t
    for a, b in itertools.combinations(texts, 2):
        assert not _overlap(a, b), (a.text, b.text)


def test_the_main_plot_of_the_papers_first_suit() -> None:
    """AQ/KJ: I(D) = (1, 2), val 1½; the half-integers from ½ to 2½ labelled; no inset."""
    a = Evaluator().analyze("AQ/KJ")
    assert number_range(a) == (Fraction(1, 2), Fraction(5, 2))
    assert inset_number(a) is None
    fig = build_numberline(SuitDeal.parse("AQ/KJ"), WIDTH)
    texts = fig.texts()
    for tick in ("½", "1", "1½", "2", "2½"):
        assert tick in texts
    assert "maxmin = (W, 1 + ε₀)" in texts
    assert "minmax = (W, 2 − ε₀)" in texts
    assert "I(D) = (1, 2)" in texts
    assert not any("magnified" in t for t in texts)
    assert not any("±" in t for t in texts)


def test_an_interval_end_off_the_half_integers_is_a_tick() -> None:
    """AKT9/QJ87: I(D) = [2¾, 3): 2¾ is labelled though it is no half-integer."""
    a = Evaluator().analyze("AKT9/QJ87")
    assert Fraction(11, 4) not in half_integers(*number_range(a))
    fig = build_numberline(SuitDeal.parse("AKT9/QJ87"), WIDTH)
    assert "2¾" in fig.texts()


@pytest.mark.parametrize(
    ("name", "q", "val_label", "fuzzy_side"),
    [
        ("AQ87/KJT9", Fraction(2), "2 + ε₂", "L"),
        ("KQT98/AJ765", Fraction(3), "3 − ε₂", "R"),
        ("A/K", Fraction(1), "1 − ε₀", "I"),
        ("9862/7543", Fraction(3), "3", "I"),
    ],
)
def test_the_inset_magnifies_the_infinitesimals_at_q(
    name: str, q: Fraction, val_label: str, fuzzy_side: str
) -> None:
    suit = SUITS[name]
    a = Evaluator().analyze(suit)
    assert inset_number(a) == q
    chain = inset_chain(a, q)
    fig = build_numberline(suit, WIDTH)
    texts = _texts(fig)
    assert any(t.text.startswith(f"near {q}, magnified") for t in texts)
    # val's point is named and its label is bold, in the colour of I(D)
    assert "val(D)" in [t.text for t in texts]
    bold = [t for t in texts if t.bold and t.text == val_label]
    assert len(bold) == 1
    assert bold[0].colour == SIDE_COLOURS["I"]
    # every point of the chain drawn is labelled in its side's colour, ±ε₀ too; −ε₀, 0, ε₀ and
    # val are always drawn
    title = next(i for i, t in enumerate(texts) if t.text.startswith("near"))
    inset = texts[title:]
    for x, side in chain.points:
        label = [t for t in inset if t.text == chain.label(x)]
        if x.pos in (-1, 0, 1):
            assert label, chain.label(x)
        for t in label:
            assert t.colour == SIDE_COLOURS[side]
    fuzzy = [t for t in texts if t.text == chain.label(FUZZY)]
    assert [t.colour for t in fuzzy] == [SIDE_COLOURS[fuzzy_side]]
    assert chain.fuzzy_side == fuzzy_side


def test_an_asymmetric_suit_is_refused_with_the_suit_quoted() -> None:
    with pytest.raises(WhistError, match=r"'AQ2/K' is not symmetric"):
        build_numberline(SuitDeal.parse("AQ2/K"), WIDTH)
    with pytest.raises(WhistError, match="no cards"):
        build_numberline(SuitDeal((), ()), WIDTH)


def test_written_as_png_of_the_figures_width(tmp_path: Path) -> None:
    fig = build_numberline(SUITS["AQ87/KJT9"], WIDTH)
    path = write(fig, tmp_path / "x.png", dpi=150)
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    w, h = struct.unpack(">II", data[16:24])
    assert w == math.ceil(fig.width * 150 / 72)  # whole pixels covering the page
    assert h == pytest.approx(fig.height * 150 / 72, abs=1)


# -- no label on another or on a marker, at every magnification ---------------------------------
from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from whistgui.figures.label_place import Box  # noqa: E402
from whistgui.figures.scene import Circle, Figure, Polygon, Rect, Text  # noqa: E402

#: The issue's suit: West holds the seven top cards and the lowest, val = 7 + ε₇.
SEVEN_EPS = SuitDeal.parse("[16 15 14 13 12 11 10 1, 9 8 7 6 5 4 3 2]")


def top_and_bottom(n: int) -> SuitDeal:
    """West holds the n − 1 top cards of 2n and the lowest: val = (n − 1) + ε_(n−1), the chain
    at k = n − 1 stoppers."""
    return SuitDeal([*range(2 * n, n + 1, -1), 1], range(n + 1, 1, -1))


def label_boxes(fig: Figure) -> list[tuple[str, Box]]:
    """Each text's box (from a size above its baseline to 0.3 size below), with the white
    ground drawn just before it when it has one."""
    out: list[tuple[str, Box]] = []
    for before, item in zip([None, *fig.items], fig.items, strict=False):
        if not isinstance(item, Text):
            continue
        box = Box(item.left, item.y - item.size, item.left + item.width, item.y + 0.3 * item.size)
        if isinstance(before, Rect) and before.fill == "#ffffff" and before.stroke is None:
            g = Box(before.x, before.y, before.x + before.w, before.y + before.h)
            box = Box(
                min(box.left, g.left),
                min(box.top, g.top),
                max(box.right, g.right),
                max(box.bottom, g.bottom),
            )
        out.append((item.text, box))
    return out


def marker_boxes(fig: Figure) -> list[Box]:
    """Every point, end of I(D) and triangle: circles with their outline, polygons."""
    out: list[Box] = []
    for item in fig.items:
        if isinstance(item, Circle):
            e = item.r + (item.width / 2 if item.stroke else 0)
            out.append(Box.around(item.cx, item.cy, e, e))
        elif isinstance(item, Polygon):
            xs, ys = [p[0] for p in item.points], [p[1] for p in item.points]
            out.append(Box(min(xs), min(ys), max(xs), max(ys)))
    return out


def collisions(fig: Figure) -> list[tuple[str, str]]:
    """Labels on labels (their ascent boxes, as the other figure tests take them) and labels
    on markers (their whole boxes, descenders too)."""
    texts = _texts(fig)
    bad = [(a.text, b.text) for a, b in itertools.combinations(texts, 2) if _overlap(a, b)]
    markers = marker_boxes(fig)
    for text, box in label_boxes(fig):
        bad += [(text, f"marker {m}") for m in markers if box.meets(m)]
    return bad


@pytest.mark.parametrize("width", [150.0, WIDTH, 600.0])
def test_the_issues_suit_has_no_label_on_a_label_or_a_marker(width: float) -> None:
    """7 + ε₇: labels overprinted each other and the val(D) marker; the val(D) box sat on
    minmax's triangle."""
    fig = build_numberline(SEVEN_EPS, width)
    assert collisions(fig) == []
    texts = fig.texts()
    assert "val(D) = 7 + ε₇" in texts
    for must in ("7 − ε₀", "7", "7 + ε₀", "7 + ε₇", "7 ± ε₀", "val(D)"):
        assert must in texts, must


def test_the_issues_suit_leaves_its_far_points_out_with_dots() -> None:
    """At 120 mm the 19 points from 7 − ε₈ to 7 + ε₈ do not fit one row: some are omitted,
    each run of them one "…" between its neighbours (besides the chain's two ends)."""
    fig = build_numberline(SEVEN_EPS, WIDTH)
    texts = fig.texts()
    chain = [f"7 − ε{d}" for d in "₈₇₆₅₄₃₂₁₀"] + ["7"] + [f"7 + ε{d}" for d in "₀₁₂₃₄₅₆₇₈"]
    drawn = [t for t in chain if t in texts]
    assert len(drawn) < len(chain)
    assert texts.count("…") >= 3  # the two ends and at least one run left out
    # the points drawn keep their order on the chain, and the side change (ε₆ | ε₇) is drawn
    assert "7 + ε₆" in drawn


@pytest.mark.parametrize("n", range(1, 16))
@pytest.mark.parametrize("width", [150.0, WIDTH, 600.0])
def test_every_magnification_keeps_labels_clear(n: int, width: float) -> None:
    """k = n − 1 stoppers, from 0 to 14: the chain spans k + 2 positions each side."""
    suit = top_and_bottom(n)
    a = Evaluator().analyze(suit)
    assert a.value.infinitesimal.stoppers == n - 1
    fig = build_numberline(suit, width)
    assert collisions(fig) == []
    for t in _texts(fig):
        assert t.left >= -1e-6
        assert t.left + t.width <= fig.width + 1e-6


def crowded(suit: SuitDeal, width: float) -> list[tuple[str, str, float]]:
    """Labels side by side, on the main line and the inset laid out at ``width`` in the
    figure's font, with less than three word spaces between them, and the room they have."""
    m = figure_metrics(9.0)
    room = 3 * (m.width("a b") - m.width("ab"))  # three spaces of the labels' font
    a = Evaluator().analyze(suit)
    lays = [main_layout(a, width, m)]
    q = inset_number(a)
    if q is not None:
        lays.append(inset_layout(a, inset_chain(a, q), width, m))
    return [c for lay in lays for c in lay.crowded(room)]


@pytest.mark.parametrize("width", [150.0, WIDTH, 600.0])
def test_labels_side_by_side_stand_three_word_spaces_apart(width: float) -> None:
    """ "7 + ε₇" and "7 + ε₈" stood half an em apart in the issue's inset, 1.6 spaces of their
    font — as the spaces inside a label: they read as one. Every two labels side by side keep
    at least three spaces between them (an em), at every magnification."""
    for suit in [SEVEN_EPS, *(top_and_bottom(n) for n in range(1, 16)), *SUITS.values()]:
        assert crowded(suit, width) == [], (str(suit), width)


@st.composite
def symmetric_suits(draw: st.DrawFn) -> SuitDeal:
    n = draw(st.integers(1, 6))
    cards = draw(st.permutations(range(1, 2 * n + 1)))
    return SuitDeal(sorted(cards[:n], reverse=True), sorted(cards[n:], reverse=True))


@settings(max_examples=60, deadline=None)
@given(suit=symmetric_suits(), width=st.floats(150.0, 700.0))
def test_random_suits_keep_labels_clear(suit: SuitDeal, width: float) -> None:
    fig = build_numberline(suit, width)
    assert collisions(fig) == [], str(suit)
    assert crowded(suit, width) == [], str(suit)


def labels_on_the_val_line(suit: SuitDeal, width: float) -> list[str]:
    """The main plot's labels (the screen's and the figure's: one layout) whose boxes, with
    their ground, meet the vertical line from val(D)'s label down to the numbers — but for
    one wider than the room on either side of it (on its ground, then)."""
    from whistgui.figures.numberline_layout import Seg

    lay = main_layout(Evaluator().analyze(suit), width, figure_metrics(9.0))
    (val,) = [lab for lab in lay.labels() if lab.text.startswith("val(D) =")]
    (line,) = [
        i for i in lay.items if isinstance(i, Seg) and i.x1 == i.x2 and i.y1 == val.box.bottom
    ]
    box = Box(line.x1 - line.width / 2, line.y1, line.x2 + line.width / 2, line.y2)
    room = max(box.left, width - box.right)
    crossing = [lab for lab in lay.labels() if lab is not val and lab.area.meets(box)]
    assert all(lab.boxed for lab in crossing)
    return [lab.text for lab in crossing if lab.area.width <= room]


@pytest.mark.parametrize("width", [150.0, WIDTH, 600.0])
def test_no_label_sits_on_the_val_line(width: float) -> None:
    """Fresh-eyes review (K4): "I(D) ▼" (I(D) a point, val's number) had its box on val(D)'s
    vertical line. Every label keeps off it: A/K, KQT98/AJ765, 7 + ε₇, every magnification."""
    suits = [SEVEN_EPS, *SUITS.values(), *(top_and_bottom(n) for n in range(1, 16))]
    for suit in suits:
        assert labels_on_the_val_line(suit, width) == [], (str(suit), width)
    m = figure_metrics(9.0)
    lay = main_layout(Evaluator().analyze(SEVEN_EPS), width, m)
    arrow = next(lab for lab in lay.labels() if lab.text == "I(D) ▼")
    val = next(lab for lab in lay.labels() if lab.text.startswith("val(D) ="))
    assert arrow.box.right <= val.box.cx  # just left of the line, its arrow pointing at it
    assert val.box.cx - arrow.box.right < 2 * m.size


def test_greedy_whist_s_number_line_and_tree_are_of_its_values():
    """The inspector's Export of a Greedy Whist suit: the figures show the value the
    inspector shows (KQT/AJ9: 1¾ over the greedy reductions; whist's is 1½)."""
    from whistgui.app.document import Document
    from whistgui.engine import Deal
    from whistgui.figures import build_figure

    deal = Deal.parse("KQT/AJ9")
    for view in ("numberline", "tree"):
        greedy = " ".join(
            t.text for t in _texts(build_figure(view, Document.from_deal(deal, game="greedy")))
        )
        whist = " ".join(t.text for t in _texts(build_figure(view, Document.from_deal(deal))))
        assert "1¾" in greedy, view
        assert "1¾" not in whist, view
