"""The number line of the game-tree inspector: L(D) ◀ I(D) ▶ R(D) and val(D), with the inset of
infinitesimals, checked through the widget's public state against the engine's own bounds."""

from __future__ import annotations

from fractions import Fraction
from itertools import pairwise

import pytest

from whistgui.engine import FUZZY, Evaluator, SuitAnalysis, Value
from whistgui.ui.trick.numberline import NumberLine
from whistgui.ui.widgets.pg import pg

SEVEN = "[13 12 9 8 7 2 1, 14 11 10 6 5 4 3]"
DEALS = ["K/A", "AQ/KJ", "AJ/KQ", "KQT98/AJ765", SEVEN, "AKQJ2/76543", "[8 7 5 1, 6 4 3 2]"]


@pytest.fixture
def line(qtbot) -> NumberLine:
    w = NumberLine()
    qtbot.addWidget(w)
    w.resize(700, 360)
    return w


def analyze(text: str) -> SuitAnalysis:
    return Evaluator().analyze(text)


def sides(w: NumberLine) -> dict[str, str]:
    return dict(w.inset_points())


def test_the_shim_binds_pyside6_with_a_white_background():
    assert pg.Qt.QT_LIB == "PySide6"
    assert pg.getConfigOption("background") == "w"
    assert pg.getConfigOption("foreground") == "k"
    assert pg.getConfigOption("antialias") is True


def test_k_a_is_eps0_decided_among_the_infinitesimals_at_0(line):
    a = analyze("K/A")
    line.set_analysis(a)
    assert line.value_label() == "val(D) = ε₀"
    assert line.number_range() == (Fraction(-1, 2), Fraction(1, 2))
    assert line.inset_visible()
    s = sides(line)
    # §13.1: I([K, A]) = {±ε₀, ε₀, ε₁, ε₂, …}; 0 and everything below it is in L.
    assert s["ε₀"] == "I"
    assert s["ε₁"] == "I"
    assert s["±ε₀"] == "I"
    assert s["0"] == "L"
    assert s["−ε₀"] == "L"
    assert s["−ε₁"] == "L"
    assert line.inset_value() == "ε₀"
    assert [label for label, _ in line.inset_points()] == ["−ε₁", "−ε₀", "0", "ε₀", "ε₁", "±ε₀"]


def test_aq_kj_is_one_and_a_half_with_no_inset(line):
    a = analyze("AQ/KJ")
    line.set_analysis(a)
    assert a.value == Value(Fraction(3, 2))
    assert line.value_label() == "val(D) = 1½"
    lo, hi = line.number_range()
    assert lo <= 1
    assert hi >= 2
    assert (lo, hi) == (Fraction(1, 2), Fraction(5, 2))
    assert not line.inset_visible()
    assert line.inset_points() == []
    assert line.inset_value() is None


def test_aj_kq_is_one_plus_eps1(line):
    a = analyze("AJ/KQ")
    line.set_analysis(a)
    assert line.value_label() == "val(D) = 1 + ε₁"
    assert line.number_range() == (Fraction(1, 2), Fraction(3, 2))
    assert line.inset_visible()
    s = sides(line)
    assert s["1 + ε₀"] == "L"
    assert s["1 + ε₁"] == "I"
    assert s["1 + ε₂"] == "I"
    assert s["1"] == "L"
    assert line.inset_value() == "1 + ε₁"


def test_kqt98_aj765_is_three_minus_eps2(line):
    a = analyze("KQT98/AJ765")
    line.set_analysis(a)
    assert line.value_label() == "val(D) = 3 − ε₂"
    assert line.inset_visible()
    s = sides(line)
    assert s["3 − ε₂"] == "I"
    assert s["3 − ε₁"] == "R"
    assert s["3"] == "R"
    assert line.inset_value() == "3 − ε₂"
    # K = 2 (val's ε₂): chain positions −4 … 4, that is 3 − ε₃ … 3 + ε₃, then 3 ± ε₀.
    labels = [label for label, _ in line.inset_points()]
    assert labels[0] == "3 − ε₃"
    assert labels[-2] == "3 + ε₃"
    assert labels[-1] == "3 ± ε₀"
    assert len(labels) == 2 * (2 + 2) + 1 + 1


def test_the_seven_card_deal_is_27_8_with_no_inset(line):
    a = analyze(SEVEN)
    line.set_analysis(a)
    assert a.value == Value(Fraction(27, 8))
    assert line.value_label() == "val(D) = 3⅜"
    assert line.number_range() == (Fraction(11, 4), Fraction(4))
    assert not line.inset_visible()
    assert line.inset_points() == []


@pytest.mark.parametrize("deal", DEALS)
def test_the_state_agrees_with_the_engine(line, deal):
    a = analyze(deal)
    line.set_analysis(a)
    iv = a.interval
    lo, hi = line.number_range()
    assert (lo, hi) == (iv.low - Fraction(1, 2), iv.high + Fraction(1, 2))
    assert hi - lo >= 1
    for q in (a.value.number, a.maxmin.value.number, a.minmax.value.number):
        assert lo < q < hi
    assert line.value_label() == f"val(D) = {a.value.pretty()}"
    assert line.inset_visible() == (iv.at is not None or not a.value.is_number)
    if not line.inset_visible():
        return
    points = line.inset_points()
    values = [Value.parse(label) for label, _ in points]
    q = iv.low
    assert all(v.number == q for v in values)
    for (label, side), v in zip(points, values, strict=True):
        assert side == a.bounds.side(v), label
        assert label == v.pretty()
    # Chain order, strictly increasing and symmetric about 0, then ±ε₀ last.
    chain, fuzzy = values[:-1], values[-1]
    assert fuzzy.infinitesimal == FUZZY
    assert all(x < y for x, y in pairwise(chain))
    positions = [v.infinitesimal.pos for v in chain]
    assert positions == list(range(positions[0], -positions[0] + 1))
    k = max(x.infinitesimal.stoppers for x in (a.maxmin.value, a.minmax.value, a.value))
    assert positions[0] == -(k + 2)
    # val is one of the points, highlighted, and in I(D).
    assert line.inset_value() == a.value.pretty()
    assert dict(points)[a.value.pretty()] == "I"


def test_a_number_can_be_decided_at_one_q(line):
    a = analyze("[8 7 5 1, 6 4 3 2]")
    line.set_analysis(a)
    assert a.value == Value(3)
    assert line.inset_visible()
    assert line.inset_value() == "3"
    assert set(sides(line).values()) == {"I"}


def test_none_clears_to_no_suit(line, tmp_path):
    line.set_analysis(analyze("AJ/KQ"))
    assert line.inset_visible()
    line.set_analysis(None)
    assert line.analysis() is None
    assert not line.inset_visible()
    assert line.inset_points() == []
    assert line.inset_value() is None
    assert line.value_label() == ""
    assert line.number_range()[0] < line.number_range()[1]
    line.set_analysis(analyze("AQ/KJ"))
    assert line.value_label() == "val(D) = 1½"


# -- labels clear of each other and of the markers, the view as high as it needs -----------------
import itertools  # noqa: E402

from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402
from PySide6.QtGui import QFontMetricsF  # noqa: E402
from PySide6.QtWidgets import QApplication, QVBoxLayout, QWidget  # noqa: E402

from whistgui.engine import SuitDeal  # noqa: E402
from whistgui.ui.theme import colours  # noqa: E402

#: The issue's suit: val = 7 + ε₇, the chain from 7 − ε₈ to 7 + ε₈.
ISSUE = "[16 15 14 13 12 11 10 1, 9 8 7 6 5 4 3 2]"


def top_and_bottom(n: int) -> SuitDeal:
    """West holds the n − 1 top cards of 2n and the lowest: val = (n − 1) + ε_(n−1)."""
    return SuitDeal([*range(2 * n, n + 1, -1), 1], range(n + 1, 1, -1))


@pytest.fixture
def shown(qtbot) -> NumberLine:
    w = NumberLine()
    qtbot.addWidget(w)
    w.resize(640, 700)
    w.show()
    qtbot.waitExposed(w)
    return w


def settle(w: NumberLine, width: int, height: int = 700) -> None:
    w.resize(width, height)
    for _ in range(4):
        QApplication.processEvents()


def side_by_side(w: NumberLine, plot: str) -> list[tuple[str, str, float]]:
    """Every two labels drawn on ``plot`` side by side (sharing some height), and the pixels
    between them."""
    out = []
    for (ta, ra), (tb, rb) in itertools.combinations(w.label_rects(plot), 2):
        if ra.top() < rb.bottom() and rb.top() < ra.bottom():
            out.append((ta, tb, max(rb.left() - ra.right(), ra.left() - rb.right())))
    return out


def three_spaces(w: NumberLine) -> float:
    """Three word spaces of the view's font: the least room between labels side by side."""
    return 3 * QFontMetricsF(w.font()).horizontalAdvance(" ")


def assert_clear(w: NumberLine) -> None:
    """No label on another or on a marker, every label inside its plot, labels side by side
    three spaces apart, in the pixels drawn."""
    plots = ("main", "inset") if w.inset_visible() else ("main",)
    for plot in plots:
        labels = w.label_rects(plot)
        markers = w.marker_rects(plot)
        whole = w.plot_rect(plot)
        assert labels
        for (ta, ra), (tb, rb) in itertools.combinations(labels, 2):
            assert not ra.intersects(rb), (plot, ta, tb, ra, rb)
        for ta, tb, room in side_by_side(w, plot):
            assert room >= three_spaces(w) - 0.5, (plot, ta, tb, room)
        for t, r in labels:
            for m in markers:
                assert not r.intersects(m), (plot, t, r, m)
            assert whole.adjusted(-0.5, -0.5, 0.5, 0.5).contains(r), (plot, t, r, whole)


@pytest.mark.parametrize("width", [300, 420, 640, 900, 1400])
def test_the_issues_suit_has_no_label_on_a_label_or_a_marker(shown, width):
    """7 + ε₇: the inset's labels overprinted each other and val(D)'s point, the staggered row
    was cut at the bottom, val(D)'s box sat on minmax's triangle, "I(D) ▼" on the axis's
    point."""
    shown.set_analysis(analyze(ISSUE))
    settle(shown, width)
    assert_clear(shown)
    rects = dict(shown.label_rects("main"))
    for marker in shown.marker_rects("main"):
        assert not rects["val(D) = 7 + ε₇"].intersects(marker)
        assert not rects["I(D) ▼"].intersects(marker)
    drawn = shown.inset_shown()
    for must in ("7 − ε₀", "7", "7 + ε₀", "7 + ε₆", "7 + ε₇"):
        assert must in drawn, (width, must)


@pytest.mark.parametrize("n", range(1, 16))
def test_every_magnification_keeps_the_labels_clear(shown, n):
    """k = n − 1 stoppers, 0 to 14, at a narrow and a wide view."""
    a = analyze(top_and_bottom(n))
    assert a.value.infinitesimal.stoppers == n - 1
    shown.set_analysis(a)
    for width in (360, 1000):
        settle(shown, width)
        assert_clear(shown)


@st.composite
def symmetric_suits(draw: st.DrawFn) -> SuitDeal:
    n = draw(st.integers(1, 6))
    cards = draw(st.permutations(range(1, 2 * n + 1)))
    return SuitDeal(sorted(cards[:n], reverse=True), sorted(cards[n:], reverse=True))


@settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(suit=symmetric_suits(), width=st.integers(300, 1400))
def test_random_suits_keep_the_labels_clear(shown, suit, width):
    shown.set_analysis(analyze(suit))
    settle(shown, width)
    assert_clear(shown)


@pytest.mark.parametrize("width", [420, 640, 900])
def test_the_issues_inset_labels_stand_apart(shown, width):
    """ "7 + ε₇" and "7 + ε₈" almost touched (half an em, 1.6 spaces: as the spaces inside a
    label); every two labels of the chain stand three spaces apart at least."""
    shown.set_analysis(analyze(ISSUE))
    settle(shown, width)
    rooms = {frozenset((a, b)): room for a, b, room in side_by_side(shown, "inset")}
    chain = shown.inset_shown()
    assert {"7 + ε₆", "7 + ε₇"} <= set(chain)
    pairs = [frozenset(p) for p in pairwise(chain) if frozenset(p) in rooms]
    assert frozenset(("7 + ε₆", "7 + ε₇")) in pairs  # the chain's labels share a row
    for pair in pairs:
        assert rooms[pair] >= three_spaces(shown) - 0.5, (width, sorted(pair), rooms[pair])


def test_far_points_are_left_out_and_named_in_a_tooltip(shown):
    """At 420 px the 19 points do not fit: each run left out is one "…" whose tooltip names
    its points; the chain's end marks say how it goes on."""
    shown.set_analysis(analyze(ISSUE))
    settle(shown, 420)
    chain = [label for label, _side in shown.inset_points()[:-1]]
    drawn = shown.inset_shown()
    elided = shown.inset_elided()
    assert elided
    assert len(drawn) < len(chain)
    assert drawn == [c for c in chain if c in drawn]  # in the chain's order
    for labels, tip in elided:
        assert labels
        assert not set(labels) & set(drawn)
        for label in labels:
            assert label in tip
        assert "not drawn" in tip
    ends = shown.tooltips("inset", "…")
    assert any(t.startswith("The chain goes on below") and "L(D)" in t for t in ends)
    assert any(t.startswith("The chain goes on above") and "I(D)" in t for t in ends)
    # wider, everything that fits is drawn: fewer runs left out
    settle(shown, 1400)
    assert len(shown.inset_shown()) > len(drawn)


def test_a_low_dock_scrolls_instead_of_cutting(qtbot):
    """The view asks for the height its plots need; in a lower place it scrolls, and "±ε₀"
    above the chain and "−ε₁" … "ε₁" below it are drawn whole inside the inset."""
    host = QWidget()
    qtbot.addWidget(host)
    QVBoxLayout(host).setContentsMargins(0, 0, 0, 0)
    line = NumberLine(host)
    host.layout().addWidget(line)
    host.resize(640, 170)
    host.show()
    qtbot.waitExposed(host)
    line.set_analysis(analyze("K/A"))
    for _ in range(4):
        QApplication.processEvents()
    need = line.needed_height()
    assert need > 170
    assert line.sizeHint().height() >= need
    qtbot.waitUntil(line.is_scrolling)
    assert line.plot_rect("main").height() + line.plot_rect("inset").height() < need
    rects = dict(line.label_rects("inset"))
    whole = line.plot_rect("inset")
    for text in ("±ε₀", "−ε₁", "ε₁", "ε₀", "−ε₀", "0"):
        assert whole.contains(rects[text]), text
    assert_clear(line)


def test_the_labels_take_the_themes_inks(shown):
    shown.set_analysis(analyze(ISSUE))
    settle(shown, 900)
    roles = colours(shown.palette())
    inks = dict(shown.label_inks("inset"))
    assert inks["7 − ε₀"] == roles.side_l
    assert inks["7 + ε₇"] == roles.side_i
    assert dict(shown.label_inks("main"))["R(D)"] == roles.side_r
    assert dict(shown.label_inks("main"))["val(D) = 7 + ε₇"] == roles.plot_text
