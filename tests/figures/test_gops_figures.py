"""Figures of GOPS: the matrix of bids as a heat map (every number the matrix's, rounded as
shown, its fill on the diverging scale, dominated bids grey), both optimal mixed strategies
as bars (lengths proportional to the probabilities, exact fractions when given), the views
together, and every format."""

from __future__ import annotations

import random
import re
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path

import pytest

from tests.figures.helpers import WIDTH, assert_apart, assert_inside, texts
from whistgui.engine import NotationError
from whistgui.figures import FigureOptions
from whistgui.figures.backends import FORMATS, write
from whistgui.figures.gops import (
    A_COLOUR,
    B_COLOUR,
    DOMINATED_FILL,
    GOPS_VIEWS,
    TRACK_FILL,
    build_gops_figure,
    build_gops_matrix,
    build_gops_strategies,
    format_payoff,
    payoff_colour,
)
from whistgui.figures.scene import Figure, Rect, Text

#: 771.9's worked example: value −1/9, A plays 2/9, 7/9, B 5/9, 4/9.
EXAMPLE = [[3.0, -4.0], [-1.0, 1.0]]


@dataclass(frozen=True)
class Solution:
    value: float
    row: tuple[float, ...]
    col: tuple[float, ...]


@dataclass(frozen=True)
class Exact:
    value: Fraction
    row: tuple[Fraction, ...]
    col: tuple[Fraction, ...]


EXAMPLE_EXACT = Exact(
    Fraction(-1, 9), (Fraction(2, 9), Fraction(7, 9)), (Fraction(5, 9), Fraction(4, 9))
)
EXAMPLE_SOLUTION = Solution(-1 / 9, (2 / 9, 7 / 9), (5 / 9, 4 / 9))


def random_matrix(n: int, seed: int) -> list[list[float]]:
    rng = random.Random(seed)
    return [[rng.uniform(-1, 1) for _ in range(n)] for _ in range(n)]


def number(text: str) -> float:
    return float(text.replace("−", "-"))


def places(text: str) -> int:
    return len(text.split(".")[1]) if "." in text else 0


def cell_texts(fig: Figure, n_rows: int, n_cols: int) -> list[list[Text]]:
    """The numbers of the heat map, row by row (the texts drawn on the cells' rectangles)."""
    cells = [
        i for i in fig.items if isinstance(i, Rect) and i.stroke == "#ffffff" and i.fill is not None
    ]
    assert len(cells) == n_rows * n_cols
    out: list[list[Text]] = []
    for k, rect in enumerate(cells):
        if k % n_cols == 0:
            out.append([])
        inside = [
            t
            for t in texts(fig)
            if rect.x < t.x < rect.x + rect.w and rect.y < t.y < rect.y + rect.h
        ]
        assert len(inside) == 1, (rect, [t.text for t in inside])
        out[-1].append(inside[0])
    return out


# -- the matrix -----------------------------------------------------------------------------
@pytest.mark.parametrize(("n", "seed"), [(2, 0), (4, 1), (6, 2), (8, 3)])
def test_the_numbers_drawn_are_the_matrix_rounded_as_shown(n: int, seed: int) -> None:
    m = random_matrix(n, seed)
    fig = build_gops_matrix(m, range(1, n + 1), range(1, n + 1), WIDTH, 9)
    drawn = cell_texts(fig, n, n)
    for i in range(n):
        for j in range(n):
            t = drawn[i][j].text
            assert number(t) == pytest.approx(round(m[i][j], places(t)), abs=1e-12)
            assert places(t) >= 2  # never rounded to nothing
    assert_inside(fig)
    assert_apart(fig)


def test_the_labels_are_the_bids_and_the_cells_are_in_their_order() -> None:
    m = [[0.5, -0.25, 0.0], [1.0, -1.0, 0.125], [0.0, 0.0, -0.5]]
    fig = build_gops_matrix(m, [2, 4, 5], [1, 3, 6], WIDTH, 9)
    drawn = cell_texts(fig, 3, 3)
    assert [[t.text for t in row] for row in drawn] == [
        ["0.500", "−0.250", "0"],
        ["1", "−1", "0.125"],
        ["0", "0", "−0.500"],
    ]
    labels = [t.text for t in texts(fig) if t.bold]
    assert labels == ["1", "3", "6", "2", "4", "5"]  # B's bids across, then A's down
    # rows go down the page, columns across
    assert drawn[0][0].y < drawn[1][0].y < drawn[2][0].y
    assert drawn[0][0].x < drawn[0][1].x < drawn[0][2].x


def test_the_fills_diverge_around_zero_and_dominated_bids_are_grey() -> None:
    m = [[1.0, -1.0, 0.0], [0.5, -0.5, 0.25], [-0.2, 0.3, 0.1]]
    fig = build_gops_matrix(m, [1, 2, 3], [1, 2, 3], WIDTH, 9, dominated_rows=(2,))
    cells = [i for i in fig.items if isinstance(i, Rect) and i.stroke == "#ffffff"]
    fills = [c.fill for c in cells]
    assert fills[:6] == [payoff_colour(v, 1.0) for v in (1.0, -1.0, 0.0, 0.5, -0.5, 0.25)]
    assert fills[0] == A_COLOUR
    assert fills[1] == B_COLOUR
    assert fills[6:] == [DOMINATED_FILL] * 3
    # a half-way cell is lighter than a full one, on the same side
    assert payoff_colour(0.5, 1.0) not in (A_COLOUR, B_COLOUR, payoff_colour(0.0, 1.0))
    assert "dominated bid (never needed)" in fig.texts()
    grey_labels = [t for t in texts(fig) if t.bold and t.colour != "#000000"]
    assert [t.text for t in grey_labels] == ["3"]


def test_the_value_is_written_under_the_matrix_with_its_fraction() -> None:
    fig = build_gops_matrix(
        EXAMPLE, [1, 2], [1, 2], WIDTH, 9, value=-1 / 9, exact_value=Fraction(-1, 9)
    )
    assert "Value for A: −0.1111 = −1/9" in fig.texts()


def test_a_matrix_too_wide_for_the_page_widens_it_never_cuts_it() -> None:
    m = random_matrix(8, 5)
    fig = build_gops_matrix(m, range(1, 9), range(1, 9), 100, 9)
    assert fig.width > 100
    assert_inside(fig)
    assert_apart(fig)


def test_a_matrix_that_disagrees_with_its_labels_is_refused() -> None:
    with pytest.raises(NotationError, match="expected a row per label"):
        build_gops_matrix([[1.0, 2.0]], [1, 2], [1, 2], WIDTH, 9)


# -- the strategies -------------------------------------------------------------------------
def bars(fig: Figure, fill: str) -> list[Rect]:
    return [i for i in fig.items if isinstance(i, Rect) and i.fill == fill]


@pytest.mark.parametrize("width", [WIDTH, 170.0])
def test_the_bars_are_proportional_to_the_probabilities(width: float) -> None:
    row = (0.0, 0.2, 0.3, 0.5, 0.0, 0.0)
    col = (0.125, 0.375, 0.5, 0.0, 0.0, 0.0)
    fig = build_gops_strategies(row, col, range(1, 7), range(1, 7), width, 9)
    tracks = bars(fig, TRACK_FILL)
    assert len(tracks) == 12
    full = tracks[0].w
    assert all(t.w == pytest.approx(full) for t in tracks)
    for fill, probs in ((A_COLOUR, row), (B_COLOUR, col)):
        drawn = bars(fig, fill)
        assert [b.w / full for b in drawn] == pytest.approx([p for p in probs if p > 0])
    assert_inside(fig)
    assert_apart(fig)


def test_the_example_of_771_9_with_its_exact_strategies() -> None:
    fig = build_gops_strategies(
        EXAMPLE_SOLUTION.row,
        EXAMPLE_SOLUTION.col,
        [1, 2],
        [1, 2],
        WIDTH,
        9,
        value=EXAMPLE_SOLUTION.value,
        exact=EXAMPLE_EXACT,
    )
    shown = fig.texts()
    for text in ("0.222 (2/9)", "0.778 (7/9)", "0.556 (5/9)", "0.444 (4/9)"):
        assert text in shown
    assert "Value for A: −0.1111 = −1/9" in shown
    a = bars(fig, A_COLOUR)
    assert a[1].w / a[0].w == pytest.approx(7 / 2)


def test_strategies_of_the_wrong_length_are_refused() -> None:
    with pytest.raises(NotationError, match="one probability a bid"):
        build_gops_strategies((1.0,), (0.5, 0.5), [1, 2], [1, 2], WIDTH, 9)


# -- the views and the formats --------------------------------------------------------------
def test_format_payoff_rounds_and_uses_the_minus_sign() -> None:
    assert format_payoff(-0.33349) == "−0.333"
    assert format_payoff(0.9996) == "1.000"  # rounds to 1, but is not 1
    assert format_payoff(-0.0004) == "0.000"
    assert format_payoff(-1.0) == "−1"
    assert format_payoff(0.0) == "0"
    assert format_payoff(0.25, 2) == "0.25"


@pytest.mark.parametrize("view", list(GOPS_VIEWS))
def test_every_view_lies_on_its_page(view: str) -> None:
    m = random_matrix(6, 7)
    sol = Solution(0.05, (0.0, 0.25, 0.25, 0.5, 0.0, 0.0), (0.5, 0.5, 0.0, 0.0, 0.0, 0.0))
    fig = build_gops_figure(
        view,
        m,
        sol,
        range(1, 7),
        range(1, 7),
        FigureOptions(width=WIDTH, font_size=9),
        dominated_rows=(4, 5),
        dominated_cols=(5,),
        title="First prize 3, N = 6",
    )
    assert fig.width == round(fig.width)
    assert fig.height == round(fig.height)
    assert fig.texts()[0] == "First prize 3, N = 6"
    has_matrix = any(isinstance(i, Rect) and i.stroke == "#ffffff" for i in fig.items)
    has_bars = bool(bars(fig, TRACK_FILL))
    assert has_matrix == (view != "strategies")
    assert has_bars == (view != "matrix")
    assert_inside(fig)
    assert_apart(fig)


def test_an_unknown_view_is_refused_by_name() -> None:
    with pytest.raises(NotationError, match="'heat'"):
        build_gops_figure("heat", EXAMPLE, EXAMPLE_SOLUTION, [1, 2], [1, 2])


def png_size(path: Path) -> tuple[int, int]:
    data = path.read_bytes()
    return int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")


@pytest.mark.parametrize("fmt", FORMATS)
def test_every_format_writes_a_file(tmp_path: Path, fmt: str) -> None:
    fig = build_gops_figure("both", EXAMPLE, EXAMPLE_SOLUTION, [1, 2], [1, 2], exact=EXAMPLE_EXACT)
    path = write(fig, tmp_path / f"gops.{fmt}", dpi=144)
    assert path.stat().st_size > 500
    if fmt == "png":
        assert png_size(path)[0] == round(fig.width * 2)  # 144 dpi: two pixels a point
    if fmt in ("svg", "tex"):
        body = path.read_text(encoding="utf-8")
        assert re.search(r"2/9", body)


#: A caption as the explorer writes it (review 31b, X6: the state a matrix belongs to).
CAPTION = (
    "Bidding for a pot of 3. A holds 1 2 4; B holds 2 3 4. Prizes face down: 1 2. Score A − B: −4."
)


def _words_in(body: str) -> str:
    """The text of an SVG's or TikZ file's text items, in order, as one line of words."""
    if body.lstrip().startswith("<"):
        parts = re.findall(r"<text[^>]*>(.*?)</text>", body, flags=re.S)
        parts = [re.sub(r"<[^>]+>", "", p) for p in parts]
    else:
        parts = re.findall(r"\\wgfit\{[^}]*\}\{(.*)\}\};", body)
    return " ".join(" ".join(parts).split())


@pytest.mark.parametrize("view", list(GOPS_VIEWS))
@pytest.mark.parametrize("fmt", ["svg", "tex"])
def test_the_caption_names_the_state_in_every_view_and_format(
    tmp_path: Path, view: str, fmt: str
) -> None:
    """The caption sits under the title and over everything else, wrapped to the page but
    every word there, in the written file as in the scene."""
    fig = build_gops_figure(
        view,
        EXAMPLE,
        EXAMPLE_SOLUTION,
        [1, 2],
        [1, 2],
        FigureOptions(width=160, font_size=9),  # narrow: the caption wraps
        title="GOPS, N = 4",
        caption=CAPTION,
    )
    ts = sorted(texts(fig), key=lambda t: (t.y, t.x))
    assert ts[0].text == "GOPS, N = 4"
    k = next(
        (k for k in range(1, len(ts)) if " ".join(t.text for t in ts[1 : k + 1]) == CAPTION),
        None,
    )
    assert k is not None, [t.text for t in ts[:8]]
    assert k >= 2  # every word, wrapped
    assert ts[k].y < ts[k + 1].y  # the figure itself starts under it
    assert_inside(fig)
    body = write(fig, tmp_path / f"gops.{fmt}").read_text(encoding="utf-8")
    words = _words_in(body)
    for piece in ("Bidding for a pot of 3", "A holds 1 2 4; B holds 2 3 4", "Prizes face down"):
        assert piece in words, (piece, words[:400])
    assert "Score A" in words


def test_no_caption_no_line_for_it() -> None:
    plain = build_gops_figure("matrix", EXAMPLE, EXAMPLE_SOLUTION, [1, 2], [1, 2])
    captioned = build_gops_figure(
        "matrix", EXAMPLE, EXAMPLE_SOLUTION, [1, 2], [1, 2], caption="Bidding for a pot of 1."
    )
    assert "Bidding for a pot of 1." in captioned.texts()
    assert captioned.height > plain.height
