"""The number line of a suit, for print: where val(D) sits between L(D) and R(D) (§10), as
the inspector's number line (:mod:`whistgui.ui.trick.numberline`) draws it.

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
chain's labels take as many staggered rows as their width needs.

Every label stays inside the figure and clear of the others. On a very narrow figure a label
wider than the plot is set smaller rather than cut, and a figure narrower than
:data:`MIN_WIDTH` font sizes is drawn that wide (the only case where the figure is wider than
asked).

The pure computations of the widget are methods of a Qt widget that imports pyqtgraph, so they
are re-derived here from the engine's :class:`~whistgui.engine.SuitAnalysis` as small functions
(:func:`number_range`, :func:`inset_number`, :func:`half_integers`, :func:`inset_chain`); they
follow ``NumberLine._draw_main``, ``_inset_number`` and ``_draw_inset`` line for line.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from typing import Final, Literal

from whistgui.engine import (
    FUZZY,
    AsymmetricSuitError,
    DealError,
    Evaluator,
    Infinitesimal,
    SuitAnalysis,
    SuitDeal,
    Value,
)
from whistgui.engine.games.whist.value import pretty_number
from whistgui.figures.layout import text_item
from whistgui.figures.matrix import LegendEntry, Run, draw_legend, draw_runs
from whistgui.figures.scene import BLACK, Circle, Figure, Line, Polygon, Rect, Text
from whistgui.figures.text import line_height, measure, wrap

__all__ = [
    "MIN_WIDTH",
    "SIDE_COLOURS",
    "SIDE_NAMES",
    "Chain",
    "build_numberline",
    "half_integers",
    "inset_chain",
    "inset_number",
    "number_range",
]

Side = Literal["L", "I", "R"]

#: The sides' colours (Okabe–Ito, as whistgui.ui.trick.numberline.SIDE_COLORS).
SIDE_COLOURS: Final[dict[str, str]] = {"L": "#0072B2", "I": "#009E73", "R": "#D55E00"}
SIDE_NAMES: Final[dict[str, str]] = {"L": "L(D)", "I": "I(D)", "R": "R(D)"}

#: The narrowest figure, in font sizes: the inset's chain and its "…" need that much.
MIN_WIDTH: Final = 10.0
HALF: Final = Fraction(1, 2)
_MARK: Final = "#404040"  # maxmin / minmax triangles and their labels
_GREY: Final = "#B0B0B0"  # where the chain changes side; the order of ±ε₀
_TITLE: Final = "#303030"
_FRAME: Final = "#C8C8C8"
WHITE: Final = "#ffffff"


# -- the widget's computations, without the widget -------------------------------------------
def number_range(a: SuitAnalysis) -> tuple[Fraction, Fraction]:
    """The numbers the main plot spans: I(D)'s ends widened by ½ on each side (at least a
    unit)."""
    lo, hi = a.interval.low - HALF, a.interval.high + HALF
    if hi - lo < 1:
        pad = (1 - (hi - lo)) / 2
        lo, hi = lo - pad, hi + pad
    return lo, hi


def inset_number(a: SuitAnalysis) -> Fraction | None:
    """The number q whose infinitesimals the inset magnifies, or None (no inset): I(D)'s
    number when maxmin and minmax share it, else val's number when val is not a number."""
    iv = a.interval
    if iv.at is not None:
        return iv.low
    if not a.value.is_number:
        return a.value.number
    return None


def half_integers(lo: Fraction, hi: Fraction) -> list[Fraction]:
    """The half-integers k/2 with lo ≤ k/2 ≤ hi.

    >>> [str(x) for x in half_integers(Fraction(3, 4), Fraction(2))]
    ['1', '3/2', '2']
    """
    first = -((-lo * 2) // 1)  # ceil(2 lo)
    last = (hi * 2) // 1
    return [Fraction(k, 2) for k in range(int(first), int(last) + 1)]


@dataclass(frozen=True, slots=True)
class Chain:
    """The inset's points: the chain (positions −span … span, each with its side) and ±ε₀."""

    q: Fraction
    points: tuple[tuple[Infinitesimal, Side], ...]
    fuzzy_side: Side
    value: Infinitesimal | None  # val's infinitesimal when val's number is q

    @property
    def span(self) -> int:
        return len(self.points) // 2

    def label(self, x: Infinitesimal) -> str:
        return Value(self.q, x).pretty()


def inset_chain(a: SuitAnalysis, q: Fraction) -> Chain:
    """The chain of infinitesimals at ``q`` the inset draws: two positions beyond the most
    stoppers among maxmin, minmax and val on each side."""
    b = a.bounds
    infs = [a.maxmin.value.infinitesimal, a.minmax.value.infinitesimal, a.value.infinitesimal]
    span = max(x.stoppers for x in infs) + 2
    chain = [Infinitesimal.from_pos(pos) for pos in range(-span, span + 1)]
    points = tuple((x, b.side(Value(q, x))) for x in chain)
    value = a.value.infinitesimal if a.value.number == q else None
    return Chain(q, points, b.side(Value(q, FUZZY)), value)


# -- drawing helpers ----------------------------------------------------------------------------
def tint(colour: str, alpha: float) -> str:
    """``colour`` laid over white with opacity ``alpha`` (0–1), as an opaque colour."""
    rgb = [int(colour[i : i + 2], 16) for i in (1, 3, 5)]
    mixed = [round(255 - (255 - c) * alpha) for c in rgb]
    return "#" + "".join(f"{c:02x}" for c in mixed)


def _boxed(fig: Figure, t: Text, *, box: bool = True) -> Text:
    """``t``, on a white box when ``box`` (it may lie over a line)."""
    if box:
        s = t.size
        fig.add(Rect(t.left - 0.2 * s, t.y - 0.85 * s, t.width + 0.4 * s, 1.1 * s, fill=WHITE))
    fig.add(t)
    return t


@dataclass(slots=True)
class _Rows:
    """Rows of labels that must not touch: each row a list of (left, right)."""

    gap: float
    rows: list[list[tuple[float, float]]]

    def free(self, row: int, left: float, right: float) -> bool:
        while len(self.rows) <= row:
            self.rows.append([])
        return all(right + self.gap <= a or b + self.gap <= left for a, b in self.rows[row])

    def take(self, row: int, left: float, right: float) -> None:
        self.free(row, left, right)
        self.rows[row].append((left, right))


def _fitting_size(text: str, size: float, width: float, *, bold: bool = False) -> float:
    """``size``, or smaller if ``text`` would be wider than ``width`` at it (only on very
    narrow figures: a label is made smaller rather than cut)."""
    w = measure(text, size, bold=bold)
    return size if w <= width else size * width / w * 0.98


def _clamp_centre(x: float, w: float, lo: float, hi: float) -> float:
    """A centre near ``x`` for a label ``w`` wide inside [lo, hi] (if it fits at all)."""
    return min(max(x, lo + w / 2), hi - w / 2) if w <= hi - lo else (lo + hi) / 2


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
def build_numberline(suit: SuitDeal, width: float, size: float = 9.0) -> Figure:
    """The number line of ``suit`` (see the module's docstring) as a figure ``width`` points
    wide in ``size``-point type; its height is what it needs. A figure narrower than
    :data:`MIN_WIDTH` font sizes (where the inset's chain would have no room) is drawn that
    wide. WhistError (DealError) quoting the suit for an empty or asymmetric suit."""
    if suit.is_empty:
        raise DealError(f"the suit {str(suit)!r} has no cards: it has no value to draw")
    if not suit.is_symmetric:
        raise AsymmetricSuitError(
            f"the suit {str(suit)!r} is not symmetric ({len(suit.west)} vs {len(suit.east)}): "
            "the value theory needs a nonempty symmetric suit"
        )
    a = Evaluator().analyze(suit)
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
    y = _draw_main(fig, a, margin, y + 0.6 * lh, inner, size)
    q = inset_number(a)
    if q is not None:
        y = _draw_inset(fig, a, inset_chain(a, q), margin, y + 0.8 * lh, inner, size)
    fig.height = y + margin
    return fig


def _draw_main(fig: Figure, a: SuitAnalysis, x0: float, top: float, w: float, s: float) -> float:
    """The main plot at ``(x0, top)``, ``w`` wide; returns its bottom."""
    iv, b = a.interval, a.bounds
    low, high = iv.low, iv.high
    lo, hi = number_range(a)
    pad = (hi - lo) * Fraction(3, 100)
    plo, phi = lo - pad, hi + pad

    def px(v: Fraction) -> float:
        return x0 + float((v - plo) / (phi - plo)) * w

    # rows, top to bottom
    val_base = top + s
    y_up = val_base + 1.9 * s  # minmax's triangle and label
    y_axis = y_up + 1.0 * s
    y_down = y_axis + 1.0 * s  # maxmin's
    name_base = y_down + 1.75 * s  # the sides' names
    shade_top = top - 0.3 * s

    # shaded bands, coloured by the side of a number inside each
    left_side = b.side(Value((lo + low) / 2))
    right_side = b.side(Value((high + hi) / 2))
    bands: list[tuple[Fraction, Fraction, Side]] = [(lo, low, left_side), (high, hi, right_side)]
    if low < high:
        bands.append((low, high, b.side(Value((low + high) / 2))))

    # the sides' names, away from the ends and from val's line (a second row if they touch)
    vx = a.value.number
    xv = px(vx)
    right_edge = x0 + w
    wanted: list[tuple[str, float, str, bool]] = []
    for u, v, side in bands[:2]:
        wanted.append((SIDE_NAMES[side], px((u + v) / 2), SIDE_COLOURS[side], False))
    if low < high:
        gaps = [(vx - low, (low + vx) / 2), (high - vx, (vx + high) / 2)]
        x_name = max(gaps)[1] if low < vx < high else (low + high) / 2
        wanted.append(("I(D)", px(x_name), SIDE_COLOURS["I"], False))
    else:  # I(D) is among the values q + x: say where to look
        wanted.append(("I(D) ▼", px(low), SIDE_COLOURS["I"], True))
    rows = _Rows(0.6 * s, [])
    names: list[tuple[str, float, float, str, bool]] = []
    for text, cx, colour, box in sorted(wanted, key=lambda n: n[3], reverse=True):
        tw = measure(text, s)
        cx = _clamp_centre(cx, tw, x0, right_edge)
        row = 0
        while not rows.free(row, cx - tw / 2, cx + tw / 2):
            row += 1
        rows.take(row, cx - tw / 2, cx + tw / 2)
        names.append((text, cx, name_base + row * line_height(s), colour, box))
    y_bottom = max(base for _t, _x, base, _c, _b in names) + 0.6 * s  # the axis with the ticks

    for u, v, side in bands:
        fig.add(
            Rect(
                px(u),
                shade_top,
                px(v) - px(u),
                y_bottom - shade_top,
                tint(SIDE_COLOURS[side], 0.11),
            )
        )
    strip = 0.22 * s
    for u, v, side in bands:
        fig.add(
            Rect(px(u), y_axis - strip, px(v) - px(u), 2 * strip, tint(SIDE_COLOURS[side], 0.78))
        )
    if low == high:  # I(D) is infinitesimally close to q: a sliver, magnified below
        half = max(0.25 * s, w / 320)
        fig.add(Rect(px(low) - half, y_axis - strip, 2 * half, 2 * strip, SIDE_COLOURS["I"]))
    fig.add(Line(px(lo), y_axis, px(hi), y_axis, max(0.6, s / 11), BLACK))

    # val(D): a vertical line, labelled at the top
    fig.add(Line(xv, val_base + 0.4 * s, xv, y_bottom, max(1.0, s / 6), BLACK))

    # I(D)'s ends: filled when the number itself is in I(D)
    if low == high:
        ends = [(low, b.side(Value(low)) == "I")]
    else:
        ends = [(low, iv.low_closed), (high, iv.high_closed)]
    for v, closed in ends:
        fig.add(
            Circle(
                px(v),
                y_axis,
                0.4 * s,
                SIDE_COLOURS["I"] if closed else WHITE,
                SIDE_COLOURS["I"],
                max(1.0, s / 6),
            )
        )

    # maxmin below the line pointing up, minmax above pointing down
    t = 0.36 * s
    mx, nx = a.maxmin.value.number, a.minmax.value.number
    fig.add(
        Polygon(((px(mx), y_down - t), (px(mx) - t, y_down + t), (px(mx) + t, y_down + t)), _MARK)
    )
    fig.add(Polygon(((px(nx), y_up + t), (px(nx) - t, y_up - t), (px(nx) + t, y_up - t)), _MARK))

    for text, v, cy, prefer_left in (
        (f"maxmin = {a.maxmin.pretty()}", mx, y_down, True),
        (f"minmax = {a.minmax.pretty()}", nx, y_up, False),
    ):
        ts = _fitting_size(text, s, w)
        tw = measure(text, ts)
        gap = t + 0.4 * s
        x = px(v)
        options = {"left": (x - gap - tw, x - gap), "right": (x + gap, x + gap + tw)}
        inside = [k for k, (l_, r_) in options.items() if l_ >= x0 and r_ <= right_edge]
        clear = [k for k in inside if not options[k][0] < xv < options[k][1]]
        preferred = "left" if prefer_left else "right"
        if preferred in clear:
            side_ = preferred
        elif clear:
            side_ = clear[0]
        elif preferred in inside:
            side_ = preferred
        elif inside:
            side_ = inside[0]
        else:  # no room either side: the roomier one, kept inside the figure
            side_ = "left" if x - x0 > right_edge - x else "right"
        left = min(max(options[side_][0], x0), right_edge - tw)
        crosses = left < xv < left + tw
        _boxed(fig, text_item(left, cy + 0.36 * s, text, ts, colour=_MARK), box=crosses)

    for text, cx, base, colour, box in names:
        item = text_item(cx, base, text, s, colour=colour, anchor="middle")
        _boxed(fig, item, box=box or item.left < xv < item.left + item.width)

    # the val label, last: over the shading
    val_text = f"val(D) = {a.value.pretty()}"
    vs = _fitting_size(val_text, s, w, bold=True)
    vt = measure(val_text, vs, bold=True)
    _boxed(
        fig,
        text_item(
            _clamp_centre(xv, vt, x0, right_edge),
            val_base,
            val_text,
            vs,
            bold=True,
            anchor="middle",
        ),
    )

    # the axis, its ticks and their labels
    fig.add(Line(x0, y_bottom, x0 + w, y_bottom, max(0.6, s / 11), BLACK))
    halves = half_integers(lo, hi)
    extra = sorted({low, high, vx} - set(halves))
    tick = 0.35 * s
    for v in [*halves, *extra]:
        fig.add(Line(px(v), y_bottom, px(v), y_bottom + tick, max(0.6, s / 11), BLACK))
    # labels by priority: I(D)'s ends and val's number, integers, then the halves
    essential = [low, high, vx]
    order = list(dict.fromkeys([*essential, *[v for v in halves if v.denominator == 1], *halves]))
    ticks = _Rows(0.5 * s, [])
    label_base = y_bottom + tick + 0.2 * s + s
    lowest = label_base
    for v in order:
        text = pretty_number(v)
        tw = measure(text, s)
        cx = _clamp_centre(px(v), tw, x0, right_edge)
        row = 0
        while not ticks.free(row, cx - tw / 2, cx + tw / 2):
            row += 1
        if row > 1 and v not in essential:
            continue
        ticks.take(row, cx - tw / 2, cx + tw / 2)
        base = label_base + row * line_height(s)
        lowest = max(lowest, base)
        fig.add(text_item(cx, base, text, s, anchor="middle"))
    return lowest + 0.3 * s


def _draw_inset(
    fig: Figure, a: SuitAnalysis, chain: Chain, x0: float, top: float, w: float, s: float
) -> float:
    """The inset of the infinitesimals at ``chain.q`` in a frame at ``(x0, top)``, ``w``
    wide; returns its bottom."""
    lh = line_height(s)
    pad = 0.6 * s
    inner_left, inner_w = x0 + pad, w - 2 * pad
    y = top + pad
    parts = [f"near {pretty_number(chain.q)}, magnified:", f"I(D) = {a.interval.pretty()}"]
    whole = " ".join(parts)
    lines = (
        [whole]
        if measure(whole, s) <= inner_w
        else [ln for p in parts for ln in wrap(p, s, inner_w)]
    )
    for line in lines:
        fig.add(text_item(x0 + w / 2, y + s, line, s, colour=_TITLE, anchor="middle"))
        y += lh

    r, r_val = 0.32 * s, 0.52 * s
    val_fuzzy = chain.value is not None and chain.value.is_fuzzy
    val_on_chain = chain.value is not None and not chain.value.is_fuzzy

    # x: the chain's positions evenly spaced, room at the ends for "…" and the end labels
    dots = "…"
    dots_size = 1.1 * s
    dots_w = measure(dots, dots_size, bold=True)
    labels = [(x, side, chain.label(x)) for x, side in chain.points]
    widths = [measure(t, s, bold=x == chain.value) for x, _side, t in labels]
    reserve = max(dots_w + 0.5 * s + r, widths[0] / 2, widths[-1] / 2)
    span = chain.span
    unit = (inner_w - 2 * reserve) / (2 * span)
    centre = inner_left + inner_w / 2

    def px(pos: int) -> float:
        return centre + pos * unit

    r, r_val = min(r, 0.3 * unit), min(r_val, 0.45 * unit)  # points apart on a narrow chain

    # y: ±ε₀'s label and point, val's name, the chain, its labels
    y += 0.3 * s
    if val_fuzzy:
        val_name_base = y + s
        y += lh
    fuzzy_base = y + s
    y_fuzzy = fuzzy_base + 0.3 * s + (r_val if val_fuzzy else r)
    chain_val_base = y_fuzzy + r + 0.4 * s + s
    y_chain = chain_val_base + max(0.5 * s + r_val, 1.0 * s)  # "val(D)" clear of the "…"
    label_base = y_chain + r_val + 0.3 * s + s

    # the chain: thick where both ends share a side, grey and thin where the side changes
    for (_x1, s1), (_x2, s2), pos in zip(
        chain.points, chain.points[1:], range(-span, span), strict=False
    ):
        same = s1 == s2
        fig.add(
            Line(
                px(pos),
                y_chain,
                px(pos + 1),
                y_chain,
                0.36 * s if same else max(0.6, s / 9),
                SIDE_COLOURS[s1] if same else _GREY,
            )
        )
    first_side, last_side = chain.points[0][1], chain.points[-1][1]
    fig.add(
        text_item(
            px(-span) - r - 0.4 * s,
            y_chain + 0.12 * s,
            dots,
            dots_size,
            bold=True,
            colour=SIDE_COLOURS[first_side],
            anchor="end",
        )
    )
    fig.add(
        text_item(
            px(span) + r + 0.4 * s,
            y_chain + 0.12 * s,
            dots,
            dots_size,
            bold=True,
            colour=SIDE_COLOURS[last_side],
        )
    )

    # ±ε₀ above 0, between −ε₀ and ε₀ (dashed: the order), incomparable with 0
    dash = (0.3 * s, 0.3 * s)
    fig.add(Line(px(-1), y_chain, px(0), y_fuzzy, max(0.6, s / 11), _GREY, dash))
    fig.add(Line(px(0), y_fuzzy, px(1), y_chain, max(0.6, s / 11), _GREY, dash))

    def point(cx: float, cy: float, side: Side, is_val: bool) -> None:
        colour = SIDE_COLOURS[side]
        if is_val:
            fig.add(Circle(cx, cy, r_val, colour, BLACK, max(1.0, s / 6)))
        else:
            fig.add(Circle(cx, cy, r, colour, colour, 0.5))

    for (x, side), pos in zip(chain.points, range(-span, span + 1), strict=True):
        point(px(pos), y_chain, side, x == chain.value)
    point(px(0), y_fuzzy, chain.fuzzy_side, val_fuzzy)
    fuzzy_text = chain.label(FUZZY)
    fig.add(
        text_item(
            px(0),
            fuzzy_base,
            fuzzy_text,
            s,
            bold=val_fuzzy,
            colour=SIDE_COLOURS[chain.fuzzy_side],
            anchor="middle",
        )
    )
    if val_fuzzy:
        fig.add(text_item(px(0), val_name_base, "val(D)", s, bold=True, anchor="middle"))

    # the chain's labels, in as many staggered rows as their widths need
    rows = max(1, math.ceil((max(widths) + 0.5 * s) / unit))
    bottom = label_base
    for k, ((x, side, text), pos) in enumerate(zip(labels, range(-span, span + 1), strict=True)):
        base = label_base + (k % rows) * lh
        bottom = max(bottom, base)
        is_val = x == chain.value
        fig.add(
            text_item(
                px(pos), base, text, s, bold=is_val, colour=SIDE_COLOURS[side], anchor="middle"
            )
        )
        if is_val and val_on_chain:
            _boxed(fig, text_item(px(pos), chain_val_base, "val(D)", s, bold=True, anchor="middle"))
    bottom += 0.35 * s + pad
    fig.add(Rect(x0, top, w, bottom - top, None, _FRAME, 0.6, 0.3 * s))
    return bottom
