"""The Single Suits plots as figures (issue 25): drawn from what the plots show — the suits a
filter keeps — in every format and both faces, every text on the page and apart, set by LaTeX
where measured."""

from __future__ import annotations

import itertools
from pathlib import Path

import numpy as np
import pytest

from tests.figures.helpers import WIDTH, assert_apart, assert_inside
from tests.figures.test_tikz_layout import compile_words, layout_faults
from whistgui.app.lab import distinct_values, lab_table
from whistgui.app.lab_plots import Distribution, Growth, distribution, growth
from whistgui.engine import NotationError, WhistError
from whistgui.figures import using_font, write
from whistgui.figures.backends import to_tikz
from whistgui.figures.lab import BAR_COLOUR, LINE_COLOUR, build_lab_figure
from whistgui.figures.scene import Circle, Figure, Rect, Text
from whistgui.ui.lab.suit_model import SuitTableModel


def _shown(n: int, words: str) -> tuple[Distribution, Growth]:
    table = lab_table(n)
    model = SuitTableModel()
    model.set_table(table)
    model.set_words(words)
    rows = model.shown_rows()
    every = {m: distinct_values(m) for m in range(1, n + 1)}
    return distribution(table, rows, n, model.words), growth(every, table, rows, model.words)


def _bars(fig: Figure) -> list[Rect]:
    return [i for i in fig.items if isinstance(i, Rect) and i.fill == BAR_COLOUR]


@pytest.mark.parametrize(("n", "words"), [(6, "east 2 stoppers"), (8, "east 2 stoppers"), (6, "")])
def test_the_values_figure_has_a_bar_for_each_value_as_tall_as_its_count(
    n: int, words: str
) -> None:
    """At n = 6 'east 2 stoppers' keeps 2 − ε₄, 2 + ε₂ and 4 − ε₂: three bars (were two, 1.6
    units wide, 2 − ε₄ and 2 + ε₂ in one)."""
    d, _g = _shown(n, words)
    fig = build_lab_figure("values", d, None, WIDTH, 9)
    want = d.bars()
    bars = sorted(_bars(fig), key=lambda r: r.x)
    assert len(bars) == len(want) == d.distinct
    if (n, words) == (6, "east 2 stoppers"):
        assert d.distinct == 3
    unit = bars[0].h / want[0].count
    for bar, b in zip(bars, want, strict=True):
        assert bar.h == pytest.approx(b.count * unit)
    for a, b in itertools.pairwise(bars):
        assert a.x + a.w <= b.x + 1e-9  # side by side, never one on another
    words_drawn = " ".join(fig.texts())
    total = f"{d.total:,}"
    summary = (
        f"{d.shown:,} of {total} suits, {d.distinct} distinct values (filter: {words})"
        if words
        else f"{total} suits, {d.distinct} distinct values"
    )
    assert summary in words_drawn
    assert fig.title == f"Values of the suits of {n} cards a hand"


def test_the_growth_figure_shows_every_suit_and_under_a_filter_the_suits_shown() -> None:
    _d, g = _shown(7, "exit")
    fig = build_lab_figure("growth", None, g, WIDTH, 9)
    dots = [i for i in fig.items if isinstance(i, Circle) and i.fill == LINE_COLOUR]
    squares = _bars(fig)
    assert len(dots) == 7  # n = 1 to 7
    assert len(squares) == 1  # n = 7, the one listed
    ys = [dot.cy for dot in dots]
    assert ys == sorted(ys, reverse=True)  # more values, higher
    square = squares[0]
    assert square.y + square.h / 2 > dots[-1].cy  # fewer values shown than there are
    assert "Squares: the suits shown (filter: exit)" in fig.texts()
    plain = build_lab_figure("growth", None, Growth(g.distinct), WIDTH, 9)
    assert _bars(plain) == []
    assert not any(t.startswith("Squares") for t in plain.texts())


@pytest.mark.parametrize("font", ["dejavu-sans", "latin-modern"])
@pytest.mark.parametrize("width_mm", [50, 120, 200])
@pytest.mark.parametrize("view", ["values", "growth"])
def test_every_text_is_on_the_page_and_apart(view: str, width_mm: float, font: str) -> None:
    d, g = _shown(9, "stopper")
    with using_font(font):
        fig = build_lab_figure(view, d, g, width_mm * 72 / 25.4, 9)
    assert fig.font == font
    assert_inside(fig)
    assert_apart(fig)
    assert fig.width == round(fig.width)
    assert fig.height == int(fig.height)


def test_nothing_to_plot_is_said() -> None:
    d, g = _shown(6, "no such word")
    with pytest.raises(WhistError, match=r"no suit of 6 cards a hand is shown \(filter: no"):
        build_lab_figure("values", d, g, WIDTH, 9)
    with pytest.raises(WhistError, match="no suits listed"):
        build_lab_figure("values", None, None, WIDTH, 9)
    with pytest.raises(NotationError, match="'heat' is not a figure; expected one of values"):
        build_lab_figure("heat", d, g, WIDTH, 9)


@pytest.mark.parametrize("kind", ["png", "svg", "pdf", "tex"])
def test_every_format_is_written(tmp_path: Path, kind: str) -> None:
    d, g = _shown(8, "")
    for view in ("values", "growth"):
        out = write(build_lab_figure(view, d, g, WIDTH, 9), tmp_path / f"{view}.{kind}", kind)
        assert out.stat().st_size > 500


@pytest.mark.parametrize("font", ["dejavu-sans", "latin-modern"])
@pytest.mark.parametrize("view", ["values", "growth"])
def test_the_tikz_is_set_where_measured(tmp_path: Path, view: str, font: str) -> None:
    d, g = _shown(8, "east stopper")
    with using_font(font):
        fig = build_lab_figure(view, d, g, WIDTH, 9)
    words = compile_words(to_tikz(fig), tmp_path)
    assert len(words) >= len([i for i in fig.items if isinstance(i, Text)]) // 2
    assert layout_faults(fig, words) == []


def test_a_whole_table_distribution_counts_every_suit() -> None:
    table = lab_table(5)
    d = distribution(table, np.arange(len(table), dtype=np.intp), 5)
    fig = build_lab_figure("values", d, None, WIDTH, 9)
    assert d.shown == d.total == 252
    assert "252 suits, 37 distinct values" in fig.texts()
