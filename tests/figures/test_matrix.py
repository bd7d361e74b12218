"""The matrix figure: the α matrix of whist with its bounds, R43's matrix A with its diagonal
sums in Greedy Whist and five-card, the exit and stoppers in misère five-card — every card and
value shown, every text inside the page, the requested width kept (or widened, never cut), the
suits the games cannot show refused."""

from __future__ import annotations

import math
import struct
from pathlib import Path

import pytest

from tests.figures.helpers import WIDTH, assert_apart, assert_inside
from tests.figures.helpers import texts as _texts
from whistgui.engine import Evaluator, SuitDeal, WhistError
from whistgui.engine.games import find_game
from whistgui.engine.games.five_card import symmetrize
from whistgui.engine.games.whist.latex import alpha_matrix_latex
from whistgui.engine.trick.cards import rank_text
from whistgui.figures.backends import write
from whistgui.figures.matrix import BOTH_FILL, MAXMIN_FILL, MINMAX_FILL, build_matrix
from whistgui.figures.scene import Figure, Rect, Text

SUITS = {
    "AQ/KJ": SuitDeal.parse("AQ/KJ"),
    "AKT9/QJ87": SuitDeal.parse("AKT9/QJ87"),
    "AQ87/KJT9": SuitDeal.parse("AQ87/KJT9"),
    "KQT98/AJ765": SuitDeal.parse("KQT98/AJ765"),
    "A/K": SuitDeal.parse("A/K"),
    "long": SuitDeal(range(2, 20, 2), range(1, 19, 2)),  # 9 cards a hand, numbered
}
GAMES = ("whist", "refined-whist", "greedy-whist", "five-card", "misere-five-card")
SUB = str.maketrans("0123456789", "₀₁₂₃₄₅₆₇₈₉")


def _card(suit: SuitDeal, rank: int) -> str:
    return rank_text(rank, standard=suit.is_standard, style="paper")


def _signed(x: int) -> str:
    return f"{x:+d}".replace("-", "−") if x else "0"


def _assert_inside(fig: Figure) -> None:
    """Every text inside the page, and no two texts on each other."""
    assert_inside(fig, 1e-6)
    assert_apart(fig)


def _png_size(path: Path) -> tuple[int, int]:
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    assert data[12:16] == b"IHDR"
    w, h = struct.unpack(">II", data[16:24])
    return w, h


@pytest.mark.parametrize("name", SUITS)
def test_whist_matrix_shows_the_value_and_every_card(name: str) -> None:
    suit = SUITS[name]
    fig = build_matrix(suit, find_game("whist"), WIDTH)
    texts = fig.texts()
    assert Evaluator().suit_value(suit).pretty() in texts
    for r in suit.west:
        assert f"W {_card(suit, r)}" in texts
    for r in suit.east:
        assert f"E {_card(suit, r)}" in texts
    assert "row min" in texts
    assert "col max" in texts


@pytest.mark.parametrize("name", SUITS)
def test_whist_matrix_shows_every_alpha(name: str) -> None:
    """Each cell's labelled value is shown whole, or on two lines (the winner, the value)."""
    suit = SUITS[name]
    a = Evaluator().analyze(suit)
    fig = build_matrix(suit, find_game("whist"), WIDTH)
    texts = set(fig.texts())
    for row in a.alpha:
        for lv in row:
            assert lv.pretty() in texts or f"{lv.value.pretty()})" in texts, lv.pretty()
    # the row minima and column maxima too
    for lv in (*a.row_minima, *a.column_maxima):
        assert lv.pretty() in texts or f"{lv.value.pretty()})" in texts


def test_the_papers_first_suit_marks_maxmin_and_minmax() -> None:
    """AQ/KJ: maxmin (W, 1 + ε₀) is West's A against East's J (and the A row's minimum);
    minmax (W, 2 − ε₀) is reached in both columns (and is both columns' maximum)."""
    fig = build_matrix(SuitDeal.parse("AQ/KJ"), find_game("whist"), WIDTH)
    cells = [i.fill for i in fig.items if isinstance(i, Rect) and i.stroke is None]
    assert cells.count(MAXMIN_FILL) == 2
    assert cells.count(MINMAX_FILL) == 4
    swatches = [i.fill for i in fig.items if isinstance(i, Rect) and i.stroke is not None]
    assert swatches == [MAXMIN_FILL, MINMAX_FILL]  # the legend: no cell is both
    bold = [t.text for t in _texts(fig) if t.bold]
    assert bold.count("(W, 1 + ε₀)") == 2
    assert bold.count("(W, 2 − ε₀)") == 4
    assert "(E, 1 − ε₀)" in [t.text for t in _texts(fig) if not t.bold]
    texts = fig.texts()
    assert "(1, 2)" in texts  # I(D)
    assert "1½" in texts  # val(D)


def test_a_cell_that_is_both_maxmin_and_minmax() -> None:
    """A/K: the one cell (W, 1) is maxmin and minmax; the A row's minimum is maxmin, the K
    column's maximum minmax: the legend names all three fills."""
    fig = build_matrix(SuitDeal.parse("A/K"), find_game("whist"), WIDTH)
    cells = [i.fill for i in fig.items if isinstance(i, Rect) and i.stroke is None]
    assert cells.count(BOTH_FILL) == 1
    assert cells.count(MAXMIN_FILL) == 1
    assert cells.count(MINMAX_FILL) == 1
    swatches = [i.fill for i in fig.items if isinstance(i, Rect) and i.stroke is not None]
    assert swatches == [MAXMIN_FILL, MINMAX_FILL, BOTH_FILL]
    assert "both" in fig.texts()


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("name", SUITS)
def test_the_requested_width_and_everything_inside(game: str, name: str) -> None:
    fig = build_matrix(SUITS[name], find_game(game), WIDTH, 9.0)
    assert fig.width == pytest.approx(WIDTH)
    assert fig.height > 0
    _assert_inside(fig)


@pytest.mark.parametrize("game", ["whist", "five-card"])
@pytest.mark.parametrize("width", [60.0, 150.0])
def test_too_narrow_a_width_widens_the_figure_never_cuts(game: str, width: float) -> None:
    suit = SUITS["long"]
    fig = build_matrix(suit, find_game(game), width)
    assert fig.width > width  # 9 columns of cards cannot fit
    _assert_inside(fig)
    texts = fig.texts()
    for r in suit.west:
        assert any(t.endswith(f" {_card(suit, r)}") and t.startswith("W") for t in texts)


def _find(fig: Figure, text: str) -> Text:
    found = [t for t in _texts(fig) if t.text == text]
    assert len(found) == 1, (text, found)
    return found[0]


def _below(fig: Figure, head: Text) -> Text:
    """The text set right under ``head`` in its column (centred at the same x)."""
    under = [
        t for t in _texts(fig) if t.anchor == "middle" and abs(t.x - head.x) < 1e-6 and t.y > head.y
    ]
    return min(under, key=lambda t: t.y)


def _at(fig: Figure, column: Text, row: Text) -> Text:
    cells = [
        t
        for t in _texts(fig)
        if abs(t.x - column.x) < 1e-6 and abs(t.y - row.y) < 1e-6 and t is not row
    ]
    assert len(cells) == 1
    return cells[0]


@pytest.mark.parametrize("game", ["greedy-whist", "five-card"])
@pytest.mark.parametrize("name", SUITS)
def test_matrix_a_and_its_diagonal_sums(game: str, name: str) -> None:
    suit = SUITS[name]
    g = find_game(game)
    theory = g.new_theory()
    assert theory is not None
    details = theory.details(suit)
    fig = build_matrix(suit, g, WIDTH)
    # T_k under its header k, as theory.details gives it
    t = details["T"]
    assert isinstance(t, dict)
    assert len(t) == 2 * len(suit.west) - 1
    for k, v in t.items():
        head = _find(fig, f"k = {k.replace('-', '−')}")
        assert _below(fig, head).text == _signed(int(v))
    # A_ij at West's i-th lowest card's row and East's j-th lowest card's column
    a = details["A"]
    assert isinstance(a, list)
    west, east = sorted(suit.west), sorted(suit.east)
    for i, w in enumerate(west):
        row = _find(fig, f"W{str(i + 1).translate(SUB)} {_card(suit, w)}")
        for j, e in enumerate(east):
            column = _find(fig, f"E{str(j + 1).translate(SUB)} {_card(suit, e)}")
            assert _at(fig, column, row).text == _signed(1 if w > e else -1)
            assert a[i][j] == (1 if w > e else -1)
    element = theory.pretty(theory.element(suit))
    assert element in fig.texts()


def test_five_card_shows_the_symmetrization() -> None:
    suit = SuitDeal.parse("AQ2/K")
    fig = build_matrix(suit, find_game("five-card"), WIDTH)
    assert str(symmetrize(suit)) == "A/K"
    assert "A/K" in fig.texts()
    assert "+1" in fig.texts()
    _assert_inside(fig)


def test_misere_five_card_shows_the_exit_and_its_stoppers() -> None:
    fig = build_matrix(SuitDeal.parse("AQ2/KJT"), find_game("misere-five-card"), WIDTH)
    text = " ".join(fig.texts())
    assert "the 2, is West's" in text
    assert "2 stoppers" in fig.texts()
    assert "(A > K, Q > J)." in text
    assert not any(t.startswith("k = ") for t in fig.texts())  # no matrix A in misère


@pytest.mark.parametrize("game", ["whist", "refined-whist", "greedy-whist", "misere-five-card"])
def test_an_asymmetric_suit_is_refused_with_the_suit_quoted(game: str) -> None:
    with pytest.raises(WhistError, match=r"'AQ2/K' is not symmetric"):
        build_matrix(SuitDeal.parse("AQ2/K"), find_game(game), WIDTH)


@pytest.mark.parametrize("game", GAMES)
def test_an_empty_suit_is_refused(game: str) -> None:
    with pytest.raises(WhistError, match="no cards"):
        build_matrix(SuitDeal((), ()), find_game(game), WIDTH)


def test_five_card_refuses_a_void_hand() -> None:
    with pytest.raises(WhistError, match="void"):
        build_matrix(SuitDeal.parse("AQ/-"), find_game("five-card"), WIDTH)


@pytest.mark.parametrize("game", ["whist", "five-card"])
def test_written_as_png_of_the_figures_width(game: str, tmp_path: Path) -> None:
    fig = build_matrix(SUITS["AQ87/KJT9"], find_game(game), WIDTH)
    path = write(fig, tmp_path / "x.png", dpi=150)
    w, h = _png_size(path)
    assert w == math.ceil(fig.width * 150 / 72)  # whole pixels covering the page
    assert h == pytest.approx(fig.height * 150 / 72, abs=1)


def test_the_latex_form_still_works() -> None:
    t = alpha_matrix_latex(Evaluator().analyze("AQ/KJ"))
    assert "\\begin{tabular}" in t


def test_each_pair_stays_on_one_line_at_the_default_width() -> None:
    """At 120 mm and 9 pt the matrix of (27)'s spades, KQT98/AJ765, broke every cell as
    "(E," over "3 − ε₁)" (issue 25's review, F11): the type is set smaller, each α whole on
    one line, and the figure keeps its width."""
    suit = SUITS["KQT98/AJ765"]
    a = Evaluator().analyze(suit)
    fig = build_matrix(suit, find_game("whist"), WIDTH, 9.0)
    assert fig.width == pytest.approx(WIDTH)
    texts = fig.texts()
    for row in a.alpha:
        for lv in row:
            assert lv.pretty() in texts, lv.pretty()
    assert not any(t.startswith("(") and t.endswith(",") for t in texts)  # no "(E," alone
    sizes = {t.size for t in _texts(fig) if t.text in ("row min", "col max", "W K", "E A")}
    assert len(sizes) == 1
    assert 0.8 * 9 <= sizes.pop() < 9  # footnote size, not below 80 %
    _assert_inside(fig)
    # a matrix that fits whole at 9 pt is set at 9 pt
    small = build_matrix(SUITS["AQ/KJ"], find_game("whist"), WIDTH, 9.0)
    assert {t.size for t in _texts(small)} == {9.0}
