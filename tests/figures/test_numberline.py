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
    half_integers,
    inset_chain,
    inset_number,
    number_range,
)

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
    # every point of the chain labelled in its side's colour, ±ε₀ too
    for x, side in chain.points:
        label = [t for t in texts if t.text == chain.label(x) and t.anchor == "middle"]
        assert label, chain.label(x)
        assert label[-1].colour == SIDE_COLOURS[side]
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
