"""The Single Suits plots for print, drawn from what they show (:mod:`whistgui.app.lab_plots`),
never from the window's widgets: ``values``, how the values of the suits of one n shown are
distributed (a bar for each value, as the window's plot), and ``growth``, how many distinct
values the suits of each n have — every suit's as a line of dots, and under a filter the shown
suits' as squares, with a legend.

Above each plot its title and what it counts (the summary the window shows, the filter named);
axes with ticks in steps of 1, 2 or 5 times a power of ten, the counts with thousands
separators; the colours are the window's light-theme colours (:data:`BAR_COLOUR`,
:data:`LINE_COLOUR`). A plot area a little over half as tall as it is wide; a figure narrower than
:data:`MIN_WIDTH` font sizes is drawn that wide.

>>> from whistgui.app.lab import lab_table
>>> from whistgui.app.lab_plots import distribution, growth
>>> import numpy as np
>>> t = lab_table(4)
>>> fig = build_lab_figure("values", distribution(t, np.arange(70), 4), None, 300, 9)
>>> fig.title, fig.texts()[:2]
('Values of the suits of 4 cards a hand', ['Values of the suits of 4 cards a hand', \
'70 suits, 25 distinct values'])
>>> ticks(0, 412)
[0.0, 100.0, 200.0, 300.0, 400.0]
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import pairwise
from typing import Final

from whistgui.app.lab_plots import Distribution, Growth, filter_text
from whistgui.engine.errors import NotationError, WhistError
from whistgui.engine.reading import quote
from whistgui.figures.backends import whole_points
from whistgui.figures.layout import paragraph, text_item
from whistgui.figures.scene import BLACK, GREY, Circle, Figure, Line, Rect
from whistgui.figures.text import line_height, measure

__all__ = [
    "BAR_COLOUR",
    "LAB_VIEWS",
    "LINE_COLOUR",
    "MIN_WIDTH",
    "build_lab_figure",
    "ticks",
]

#: The views, as Export Figure offers them.
LAB_VIEWS: Final = {
    "values": "how the values of the suits of one n shown are distributed (a bar for each)",
    "growth": "how many distinct values the suits of each n have",
}
#: The bars (and the shown suits' squares) and the growth line: the window's light colours.
BAR_COLOUR: Final = "#1565c0"
LINE_COLOUR: Final = "#b71c1c"
#: The narrowest figure, in font sizes.
MIN_WIDTH: Final = 24
_GRID: Final = "#e0e0e0"


def ticks(lo: float, hi: float, most: int = 6) -> list[float]:
    """Ticks from ``lo`` to ``hi`` (inside them) in steps of 1, 2 or 5 times a power of ten,
    at most ``most`` of them (and at least two when ``hi > lo``)."""
    span = max(hi - lo, 1e-9)
    step = 10.0 ** math.floor(math.log10(span / most))
    for k in (1, 2, 5, 10):
        if span / (k * step) <= most:
            step *= k
            break
    first = math.ceil(lo / step - 1e-9)
    return [k * step for k in range(first, math.floor(hi / step + 1e-9) + 1)]


@dataclass(frozen=True, slots=True)
class _Axes:
    """A plot area (points) and the data ranges it shows."""

    left: float
    top: float
    right: float
    bottom: float
    x0: float
    x1: float
    y0: float
    y1: float

    def px(self, x: float) -> float:
        return self.left + (x - self.x0) / (self.x1 - self.x0) * (self.right - self.left)

    def py(self, y: float) -> float:
        return self.bottom - (y - self.y0) / (self.y1 - self.y0) * (self.bottom - self.top)


def _count(y: float) -> str:
    return f"{y:,.0f}"


def _count_ticks(most: float) -> list[float]:
    """Ticks from 0 to the first at or above ``most`` (the plot's top)."""
    found = ticks(0, most)
    step = found[1] - found[0] if len(found) > 1 else 1.0
    return [k * step for k in range(math.ceil(most / step - 1e-9) + 1)]


def _whole_ticks(lo: int, hi: int) -> list[float]:
    """Every whole number from ``lo`` to ``hi`` while they are few, else :func:`ticks` in
    whole steps."""
    if hi - lo <= 16:
        return [float(k) for k in range(lo, hi + 1)]
    return [t for t in ticks(lo, hi, 12) if t == int(t)]


def _header(fig: Figure, title: str, lines: Sequence[str], size: float) -> float:
    """The title (bold) and the lines under it, wrapped; the bottom."""
    room = fig.width - 2 * size
    y = paragraph(fig, size, size, room, title, size, bold=True)
    for line in lines:
        y = paragraph(fig, size, y, room, line, size)
    return y + 0.5 * size


def _axes(
    fig: Figure,
    top: float,
    xs: tuple[float, float, list[float], Callable[[float], str]],
    ys: tuple[float, float, list[float]],
    labels: tuple[str, str],
    size: float,
) -> _Axes:
    """Axes below ``top``: ``xs`` (from, to, ticks, tick text) and ``ys`` (from, to, ticks,
    counts), a light grid at the ticks, ``labels`` (x, y) at the foot and above the y axis."""
    small = 0.85 * size
    x0, x1, xticks, xtext = xs
    y0, y1, yticks = ys
    y_room = max(measure(_count(t), small) for t in yticks) + 0.5 * size
    left = size + max(y_room, 0.6 * measure(labels[1], small))
    right = fig.width - size
    plot_top = top + line_height(small) + 0.3 * size  # the y label above the area
    bottom = plot_top + 0.58 * (right - left)
    a = _Axes(left, plot_top, right, bottom, x0, x1, y0, y1)
    fig.add(text_item(left, top + small, labels[1], small, colour=BLACK))  # clear of the ticks
    for t in yticks:
        y = a.py(t)
        fig.add(Line(left, y, right, y, 0.4, _GRID))
        fig.add(Line(left - 0.25 * size, y, left, y, 0.5))
        fig.add(text_item(left - 0.4 * size, y + 0.35 * small, _count(t), small, anchor="end"))
    for t in xticks:
        x = a.px(t)
        fig.add(Line(x, plot_top, x, bottom, 0.4, _GRID))
        fig.add(Line(x, bottom, x, bottom + 0.25 * size, 0.5))
        fig.add(text_item(x, bottom + 0.3 * size + small, xtext(t), small, anchor="middle"))
    fig.add(Line(left, bottom, right, bottom, 0.6), Line(left, plot_top, left, bottom, 0.6))
    label_y = bottom + 0.3 * size + small + line_height(small)
    fig.add(text_item((left + right) / 2, label_y, labels[0], small, anchor="middle"))
    fig.height = label_y + 0.4 * small + size
    return a


def _values(d: Distribution, width: float, size: float) -> Figure:
    bars = d.bars()
    if not bars:
        raise WhistError(
            f"no suit of {d.n} cards a hand is shown {filter_text(d.words)}: no values to plot"
        )
    title = f"Values of the suits of {d.n} cards a hand"
    fig = Figure(width, 0.0, title=title, font_size=size)
    key = "Bars: one for each value, those of one number part side by side, smallest first"
    top = _header(fig, title, [d.summary(), key], size)
    lo, hi = math.floor(bars[0].value.number), math.ceil(bars[-1].value.number)
    hi = max(hi, lo + 1)
    yticks = _count_ticks(max(b.count for b in bars))
    a = _axes(
        fig,
        top,
        (lo - 0.5, hi + 0.5, _whole_ticks(lo, hi), lambda t: f"{t:g}"),
        (0.0, yticks[-1], yticks),
        ("value", "suits"),
        size,
    )
    unit = a.px(1) - a.px(0)
    for b in bars:  # a hairline at least, never past its own room
        w = min(max(b.width * unit, 0.5), b.room * unit)
        top_y = a.py(b.count)
        fig.add(Rect(a.px(b.x) - w / 2, top_y, w, a.bottom - top_y, fill=BAR_COLOUR))
    return fig


def _growth(g: Growth, width: float, size: float) -> Figure:
    if not g.distinct:
        raise WhistError("no suits listed: no values to count")
    title = "Distinct values for each n"
    ns = [n for n, _c in g.distinct]
    every = f"every suit of {ns[0]} to {ns[-1]} cards a hand" if len(ns) > 1 else "every suit"
    lines = [f"Dots: {every}"]
    if g.shown:
        lines.append(f"Squares: the suits shown {filter_text(g.words)}")
    fig = Figure(width, 0.0, title=title, font_size=size)
    top = _header(fig, title, lines, size)
    yticks = _count_ticks(max(c for _n, c in g.distinct))
    a = _axes(
        fig,
        top,
        (ns[0] - 0.5, ns[-1] + 0.5, _whole_ticks(ns[0], ns[-1]), lambda t: f"{t:g}"),
        (0.0, yticks[-1], yticks),
        ("cards a hand", "distinct values"),
        size,
    )
    points = [(a.px(n), a.py(c)) for n, c in g.distinct]
    for (xa, ya), (xb, yb) in pairwise(points):
        fig.add(Line(xa, ya, xb, yb, 1.2, LINE_COLOUR))
    r = 0.22 * size
    for x, y in points:
        fig.add(Circle(x, y, r, fill=LINE_COLOUR, stroke=None))
    for n, c in g.shown:
        s = 0.5 * size
        fig.add(Rect(a.px(n) - s / 2, a.py(c) - s / 2, s, s, fill=BAR_COLOUR, stroke=GREY))
    return fig


def build_lab_figure(
    view: str,
    distribution: Distribution | None,
    growth: Growth | None,
    width: float,
    font_size: float,
) -> Figure:
    """The figure ``view`` (one of :data:`LAB_VIEWS`) of ``distribution`` or ``growth``,
    ``width`` points wide (at least :data:`MIN_WIDTH` font sizes), its page whole points;
    WhistError saying why there is none (nothing listed, or nothing the filter keeps)."""
    width = max(width, MIN_WIDTH * font_size)
    if view == "values":
        if distribution is None:
            raise WhistError("no suits listed: no values to plot")
        return whole_points(_values(distribution, width, font_size))
    if view == "growth":
        if growth is None:
            raise WhistError("no suits listed: no values to count")
        return whole_points(_growth(growth, width, font_size))
    raise NotationError(f"{quote(view)} is not a figure; expected one of {', '.join(LAB_VIEWS)}")
