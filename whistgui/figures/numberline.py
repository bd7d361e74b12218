"""The number line of a suit, for print: where val(D) sits between L(D) and R(D) (§10), as
the inspector's number line (:mod:`whistgui.ui.trick.numberline`) draws it — from the same
geometry (:mod:`whistgui.figures.numberline_layout`), in points and the printed inks.

Above, the suit and I(D), and a legend of the three sides in the Okabe–Ito colours the app
uses. The main plot spans the numbers around I(D) (its ends widened by ½ on each side): L(D)
shaded on the left, R(D) on the right, I(D) between them (or, when I(D) lies among the values
q + x of one number q, a thin green sliver at q marked "I(D) ▼"); I(D)'s ends as circles,
filled when the number itself is in I(D); the numerical parts of maxmin(D) (below the line,
pointing up, labelled towards L(D)) and minmax(D) (above, pointing down, labelled towards R(D))
as small triangles; val(D) as a vertical line labelled at the top. Ticks at the half-integers
and at I(D)'s ends and val's number, labelled with
:func:`~whistgui.engine.games.whist.value.pretty_number`; labels that would touch go to a second
row, and half-integers that find no room keep their tick without a label.

When the decision is made at one number q (maxmin and minmax share their numerical part, so
I(D) holds no other number), an inset magnifies the infinitesimals at q as the chain
``… < ε₋₁ < −ε₀ < 0 < ε₀ < ε₁ < …``, with ±ε₀ drawn above 0 (between −ε₀ and ε₀ and
incomparable with 0, the dashed lines), every point and label coloured by its side, the
chain's segments thick where both ends share a side, val(D)'s point larger and named. The
chain's labels stand in one row: where the chain is too long for the width, its far points
are left out, each run of them drawn as one "…" (−1, 0, 1, val's point and the points where the
side changes are always drawn; the screen names the points left out in a tooltip).

Every label stays inside the figure, clear of the others and of every marker
(:mod:`whistgui.figures.label_place`). On a very narrow figure a label wider than the plot is
set smaller rather than cut, and a figure narrower than :data:`MIN_WIDTH` font sizes is drawn
that wide (the only case where the figure is wider than asked).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from whistgui.engine import AsymmetricSuitError, DealError, Evaluator, SuitDeal
from whistgui.figures.layout import text_item
from whistgui.figures.matrix import LegendEntry, Run, draw_legend, draw_runs
from whistgui.figures.numberline_layout import (
    SIDE_NAMES,
    Band,
    Chain,
    Dot,
    Label,
    Layout,
    Metrics,
    Role,
    Seg,
    Tri,
    half_integers,
    inset_chain,
    inset_layout,
    inset_number,
    main_layout,
    number_range,
)
from whistgui.figures.scene import BLACK, Circle, Figure, Line, Polygon, Rect
from whistgui.figures.text import line_height, measure

__all__ = [
    "INKS",
    "MIN_WIDTH",
    "SIDE_COLOURS",
    "SIDE_NAMES",
    "Chain",
    "build_numberline",
    "figure_metrics",
    "half_integers",
    "inset_chain",
    "inset_number",
    "number_range",
]

#: The sides' colours (Okabe–Ito; the light theme's side_l, side_i, side_r).
SIDE_COLOURS: Final[dict[str, str]] = {"L": "#0072B2", "I": "#009E73", "R": "#D55E00"}

#: The narrowest figure, in font sizes: the inset's chain and its "…" need that much.
MIN_WIDTH: Final = 10.0
_MARK: Final = "#404040"  # maxmin / minmax triangles and their labels
_GREY: Final = "#B0B0B0"  # where the chain changes side; the order of ±ε₀
_TITLE: Final = "#303030"
_FRAME: Final = "#C8C8C8"
WHITE: Final = "#ffffff"
#: The printed inks of the layout's roles.
INKS: Final[Mapping[Role, str]] = {
    **SIDE_COLOURS,  # type: ignore[dict-item]
    "text": BLACK,
    "mark": _MARK,
    "grey": _GREY,
    "title": _TITLE,
    "base": WHITE,
}


# -- drawing helpers ----------------------------------------------------------------------------
def tint(colour: str, alpha: float) -> str:
    """``colour`` laid over white with opacity ``alpha`` (0–1), as an opaque colour."""
    rgb = [int(colour[i : i + 2], 16) for i in (1, 3, 5)]
    mixed = [round(255 - (255 - c) * alpha) for c in rgb]
    return "#" + "".join(f"{c:02x}" for c in mixed)


def _lines(
    fig: Figure, x: float, top: float, width: float, parts: list[list[Run]], size: float
) -> float:
    """``parts`` on one line, separated by commas, if they fit; else each part from a new line
    (and wrapped, its continuation lines indented). Returns the bottom."""
    runs = [r for part in parts for r in (*part, Run(", "))][:-1]
    one = measure("".join(r.text for r in runs), size)  # the plain width, plus what bold adds
    bold = [r for r in runs if r.bold]
    one += sum(measure(r.text, size, bold=True) - measure(r.text, size) for r in bold)
    if one <= width:
        return draw_runs(fig, x, top, width, runs, size)
    y = top
    for part in parts:
        y = draw_runs(fig, x, y, width, part, size, indent=size)
    return y


# -- the figure ---------------------------------------------------------------------------------
def build_numberline(
    suit: SuitDeal, width: float, size: float = 9.0, *, evaluator: Evaluator | None = None
) -> Figure:
    """The number line of ``suit`` (see the module's docstring) as a figure ``width`` points
    wide in ``size``-point type; its height is what it needs. A figure narrower than
    :data:`MIN_WIDTH` font sizes (where the inset's chain would have no room) is drawn that
    wide. Valued by ``evaluator`` (a fresh whist one when not given; Greedy Whist's: one with
    ``greedy``). WhistError (DealError) quoting the suit for an empty or asymmetric suit."""
    if suit.is_empty:
        raise DealError(f"the suit {str(suit)!r} has no cards: it has no value to draw")
    if not suit.is_symmetric:
        raise AsymmetricSuitError(
            f"the suit {str(suit)!r} is not symmetric ({len(suit.west)} vs {len(suit.east)}): "
            "the value theory needs a nonempty symmetric suit"
        )
    a = (evaluator if evaluator is not None else Evaluator()).analyze(suit)
    width = max(width, MIN_WIDTH * size)
    fig = Figure(width, 0, title=f"val({suit}) on the number line", font_size=size)
    margin = size
    inner = width - 2 * margin
    lh = line_height(size)
    y = _lines(
        fig,
        margin,
        margin,
        inner,
        [
            [Run("D = "), Run(str(suit), bold=True)],
            [Run(f"I(D) = {a.interval.pretty()}")],
        ],
        size,
    )
    legend = [
        LegendEntry(SIDE_NAMES["L"], tint(SIDE_COLOURS["L"], 0.8), SIDE_COLOURS["L"]),
        LegendEntry("◀"),
        LegendEntry(SIDE_NAMES["I"], tint(SIDE_COLOURS["I"], 0.8), SIDE_COLOURS["I"]),
        LegendEntry("▶"),
        LegendEntry(SIDE_NAMES["R"], tint(SIDE_COLOURS["R"], 0.8), SIDE_COLOURS["R"]),
    ]
    y = draw_legend(fig, margin, y + 0.1 * lh, inner, legend, size)
    m = figure_metrics(size)
    y += 0.6 * lh
    main = main_layout(a, inner, m)
    draw_layout(fig, main, margin, y)
    y += main.height
    q = inset_number(a)
    if q is not None:  # the inset in a frame
        top = y + 0.8 * lh
        pad = 0.6 * size
        inset = inset_layout(a, inset_chain(a, q), inner - 2 * pad, m)
        bottom = top + pad + inset.height + pad
        fig.add(Rect(margin, top, inner, bottom - top, None, _FRAME, 0.6, 0.3 * size))
        draw_layout(fig, inset, margin + pad, top + pad)
        y = bottom
    fig.height = y + margin
    return fig


def figure_metrics(size: float) -> Metrics:
    """How the figure's text measures at ``size`` points: a label's box from ``size`` above
    its baseline to 0.3 ``size`` below (as the figure tests and :meth:`Figure.extent` take
    a text's box)."""
    return Metrics(
        size,
        lambda text, bold, scale: measure(text, size * scale, bold=bold),
        lambda _bold, scale: (size * scale, 0.3 * size * scale),
    )


def draw_layout(
    fig: Figure, lay: Layout, dx: float, dy: float, inks: Mapping[Role, str] = INKS
) -> None:
    """The items of ``lay`` drawn into ``fig`` with their top left at (dx, dy)."""
    for item in lay.items:
        if isinstance(item, Band):
            b = item.box
            colour = inks[item.role]
            fill = colour if item.alpha >= 1 else tint(colour, item.alpha)
            fig.add(Rect(b.left + dx, b.top + dy, b.width, b.height, fill))
        elif isinstance(item, Seg):
            fig.add(
                Line(
                    item.x1 + dx,
                    item.y1 + dy,
                    item.x2 + dx,
                    item.y2 + dy,
                    item.width,
                    inks[item.role],
                    item.dash,
                )
            )
        elif isinstance(item, Dot):
            fig.add(
                Circle(
                    item.cx + dx,
                    item.cy + dy,
                    item.r,
                    inks[item.fill],
                    inks[item.stroke],
                    item.width,
                )
            )
        elif isinstance(item, Tri):
            fig.add(Polygon(tuple((x + dx, y + dy) for x, y in item.points), inks[item.role]))
        elif isinstance(item, Label):
            _draw_label(fig, item, dx, dy, inks)


def _draw_label(fig: Figure, label: Label, dx: float, dy: float, inks: Mapping[Role, str]) -> None:
    if label.boxed:
        a = label.area
        fig.add(Rect(a.left + dx, a.top + dy, a.width, a.height, inks["base"]))
    size = fig.font_size * label.scale
    fig.add(
        text_item(
            label.box.left + dx,
            label.base + dy,
            label.text,
            size,
            bold=label.bold,
            colour=inks[label.role],
        )
    )
