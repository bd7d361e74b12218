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
