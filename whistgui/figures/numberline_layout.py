"""The number line's geometry, one for the screen and for print: where every band, line, point,
triangle and label of :mod:`whistgui.figures.numberline` (the figure, in points) and of
:mod:`whistgui.ui.trick.numberline` (the inspector, in pixels) goes.

A caller says how its text measures (:class:`Metrics`: its font size, the width of a text and
the height of a line, in its own units); :func:`main_layout` and :func:`inset_layout` return a
:class:`Layout` — items with their boxes, y growing downwards from the layout's top, colours as
roles (a side L, I or R; ``text``, ``mark``, ``grey``, ``title``, ``base``) that the caller
turns into its inks (the printed figure's, or the theme's on screen). The labels are placed by
:mod:`whistgui.figures.label_place`: none meets another or a marker (a point, a triangle, an
end of I(D)), at every width and for every number of stoppers; a chain of infinitesimals too
long for its width is drawn with its far points left out, each run of them one "…" whose
tooltip names them (the screen shows it; the figure omits them).

The main plot, top to bottom: val(D)'s label on a box; minmax's triangle (pointing down) with
its label towards R(D); the axis with I(D)'s ends (filled when the number is in I(D)); maxmin's
triangle (pointing up) with its label towards L(D); the sides' names (and "I(D) ▼" where I(D)
is a sliver at one number, magnified below) in as many rows as they need; the numbers' axis,
its ticks labelled by priority (I(D)'s ends and val's number always, then the integers, then
the halves that find room in two rows). The inset: its title, ±ε₀'s label and point (and
"val(D)" above them when val is q ± ε₀), "val(D)" over val's point on the chain, the chain with
its "…", the chain's labels in one row (more only when the points that must be seen, or the
points where the side changes, need them), :data:`LABEL_GAP` apart.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Final, Literal

from whistgui.engine import FUZZY, Infinitesimal, SuitAnalysis, Value
from whistgui.engine.games.whist.value import pretty_number
from whistgui.figures.label_place import Box, ChainLayout, Rows, first_free, lay_chain, wrap_words

__all__ = [
    "HALF",
    "LABEL_GAP",
    "SIDE_NAMES",
    "Band",
    "Chain",
    "Dot",
    "Label",
    "Layout",
    "Metrics",
    "Role",
    "Seg",
    "Tri",
    "half_integers",
    "inset_chain",
    "inset_layout",
    "inset_number",
    "main_layout",
    "number_range",
]

Side = Literal["L", "I", "R"]
Role = Literal["L", "I", "R", "text", "mark", "grey", "title", "base"]
Anchor = Literal["start", "middle", "end"]

SIDE_NAMES: Final[dict[str, str]] = {"L": "L(D)", "I": "I(D)", "R": "R(D)"}
HALF: Final = Fraction(1, 2)
DOTS: Final = "…"
#: The least room between two labels side by side, in ems of the labels' size: about three
#: word spaces, so that two labels never read as one ("7 + ε₇ 7 + ε₈" did, half an em apart).
LABEL_GAP: Final = 1.0


# -- the analysis's numbers -------------------------------------------------------------------
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
    marks: tuple[Infinitesimal, ...] = ()  # maxmin's and minmax's infinitesimals at q

    @property
    def span(self) -> int:
        return len(self.points) // 2

    def label(self, x: Infinitesimal) -> str:
        return Value(self.q, x).pretty()

    def side(self, pos: int) -> Side:
        return self.points[pos + self.span][1]


def inset_chain(a: SuitAnalysis, q: Fraction) -> Chain:
    """The chain of infinitesimals at ``q`` the inset may draw: two positions beyond the most
    stoppers among maxmin, minmax and val on each side."""
    b = a.bounds
    infs = [a.maxmin.value.infinitesimal, a.minmax.value.infinitesimal, a.value.infinitesimal]
    span = max(x.stoppers for x in infs) + 2
    chain = [Infinitesimal.from_pos(pos) for pos in range(-span, span + 1)]
    points = tuple((x, b.side(Value(q, x))) for x in chain)
    value = a.value.infinitesimal if a.value.number == q else None
    marks = tuple(
        m.value.infinitesimal
        for m in (a.maxmin, a.minmax)
        if m.value.number == q and not m.value.infinitesimal.is_fuzzy
    )
    return Chain(q, points, b.side(Value(q, FUZZY)), value, marks)


# -- what is drawn ------------------------------------------------------------------------------
@dataclass(frozen=True)
class Metrics:
    """How text measures where the layout is drawn: ``size`` the labels' font size (the em
    every distance is a multiple of); ``measure(text, bold, scale)`` a text's width at
    ``scale`` × size; ``extent(bold, scale)`` a line's (ascent, descent) there. A label's box
    is its width by ascent + descent, its baseline ascent below the top."""

    size: float
    measure: Callable[[str, bool, float], float]
    extent: Callable[[bool, float], tuple[float, float]]

    def width(self, text: str, *, bold: bool = False, scale: float = 1.0) -> float:
        return self.measure(text, bold, scale)

    def height(self, *, bold: bool = False, scale: float = 1.0) -> float:
        asc, desc = self.extent(bold, scale)
        return asc + desc

    def label(
        self,
        text: str,
        x: float,
        top: float,
        *,
        anchor: Anchor = "middle",
        bold: bool = False,
        scale: float = 1.0,
        role: Role = "text",
        boxed: bool = False,
        tooltip: str = "",
        pad: float | None = None,
    ) -> Label:
        """``text`` at ``x`` (its start, middle or end, as ``anchor`` says), its top at
        ``top``; ``boxed``: on a box of the ground colour, ``pad`` (a fifth of the size)
        wider on each side."""
        w = self.measure(text, bold, scale)
        asc, desc = self.extent(bold, scale)
        left = x if anchor == "start" else x - w / 2 if anchor == "middle" else x - w
        box = Box(left, top, left + w, top + asc + desc)
        pad = 0.2 * self.size if pad is None else pad
        return Label(text, box, top + asc, role, bold, scale, boxed, tooltip, pad)

    def fitting(self, text: str, width: float, *, bold: bool = False) -> float:
        """The scale at which ``text`` is no wider than ``width``: 1, or less on a very narrow
        figure (a label is set smaller rather than cut)."""
        w = self.measure(text, bold, 1.0)
        return 1.0 if w <= width else width / w * 0.98


@dataclass(frozen=True, slots=True)
class Label:
    """A text in ``box`` (its baseline at ``base``), coloured by ``role``; ``boxed``: on a
    box of the ground colour ``pad`` wider each side (it lies over a line); ``tooltip``: what
    the screen says when the pointer rests on it."""

    text: str
    box: Box
    base: float
    role: Role = "text"
    bold: bool = False
    scale: float = 1.0
    boxed: bool = False
    tooltip: str = ""
    pad: float = 0.0

    @property
    def area(self) -> Box:
        """What the label covers: its box, and its ground when boxed."""
        return self.box.grown(self.pad) if self.boxed else self.box

    def moved_to(self, box: Box) -> Label:
        """The same label with its box at ``box`` (the baseline moved with it)."""
        return Label(
            self.text,
            box,
            self.base + box.top - self.box.top,
            self.role,
            self.bold,
            self.scale,
            self.boxed,
            self.tooltip,
            self.pad,
        )

    def with_box(self, boxed: bool) -> Label:
        return Label(
            self.text,
            self.box,
            self.base,
            self.role,
            self.bold,
            self.scale,
            boxed,
            self.tooltip,
            self.pad,
        )


@dataclass(frozen=True, slots=True)
class Dot:
    """A point: a circle at (cx, cy) of radius ``r``, filled with ``fill`` (``base``: hollow),
    its outline ``width`` wide in ``stroke``."""

    cx: float
    cy: float
    r: float
    fill: Role
    stroke: Role
    width: float

    @property
    def box(self) -> Box:
        e = self.r + self.width / 2
        return Box.around(self.cx, self.cy, e, e)


@dataclass(frozen=True, slots=True)
class Tri:
    """A filled triangle."""

    points: tuple[tuple[float, float], tuple[float, float], tuple[float, float]]
    role: Role

    @property
    def box(self) -> Box:
        xs = [p[0] for p in self.points]
        ys = [p[1] for p in self.points]
        return Box(min(xs), min(ys), max(xs), max(ys))


@dataclass(frozen=True, slots=True)
class Seg:
    """A line from (x1, y1) to (x2, y2), ``width`` wide, dashed as ``dash`` says (on, off …)."""

    x1: float
    y1: float
    x2: float
    y2: float
    width: float
    role: Role
    dash: tuple[float, ...] = ()


@dataclass(frozen=True, slots=True)
class Band:
    """A rectangle of ``role``'s colour at opacity ``alpha`` (0–1) over the ground."""

    box: Box
    role: Role
    alpha: float


Item = Band | Seg | Dot | Tri | Label


@dataclass(slots=True)
class Layout:
    """What one plot draws, in order, ``width`` × ``height``; ``chain``: the inset's laid-out
    chain (None for the main plot)."""

    width: float
    height: float
    items: list[Item] = field(default_factory=list)
    chain: ChainLayout | None = None

    def labels(self) -> list[Label]:
        return [i for i in self.items if isinstance(i, Label)]

    def markers(self) -> list[Dot | Tri]:
        return [i for i in self.items if isinstance(i, Dot | Tri)]

    def collisions(self) -> list[tuple[str, str]]:
        """Every pair of a label and a label or marker that meet (none, if the layout is
        right): for tests and for a reader in doubt."""
        out: list[tuple[str, str]] = []
        labels = self.labels()
        for i, a in enumerate(labels):
            out += [(a.text, b.text) for b in labels[i + 1 :] if a.area.meets(b.area)]
            out += [(a.text, type(m).__name__) for m in self.markers() if a.area.meets(m.box)]
        return out

    def crowded(self, gap: float) -> list[tuple[str, str, float]]:
        """Every pair of labels side by side (sharing some height) that stand nearer than
        ``gap``, with the room between them (none, if the layout keeps its labels
        :data:`LABEL_GAP` apart): for tests and for a reader in doubt."""
        out: list[tuple[str, str, float]] = []
        labels = self.labels()
        for i, a in enumerate(labels):
            for b in labels[i + 1 :]:
                p, q = a.area, b.area
                if p.top < q.bottom and q.top < p.bottom:
                    room = max(q.left - p.right, p.left - q.right)
                    if room < gap - 1e-9:
                        out.append((a.text, b.text, room))
        return out


# -- the main plot ------------------------------------------------------------------------------
def main_layout(a: SuitAnalysis, width: float, m: Metrics) -> Layout:
    """The main plot of ``a`` across ``width``: L(D), I(D) and R(D) around I(D), maxmin,
    minmax and val (see the module's docstring)."""
    s = m.size
    iv, b = a.interval, a.bounds
    low, high = iv.low, iv.high
    lo, hi = number_range(a)
    pad = (hi - lo) * Fraction(3, 100)
    plo, phi = lo - pad, hi + pad

    def px(v: Fraction) -> float:
        return float((v - plo) / (phi - plo)) * width

    gap = 0.3 * s
    h = m.height()
    t = 0.36 * s  # a triangle's half size
    r_end, w_end = 0.4 * s, max(1.0, s / 6)
    thin = max(0.6, s / 11)
    vx = a.value.number
    xv = px(vx)

    # val's label, at the top
    val_text = f"val(D) = {a.value.pretty()}"
    vscale = m.fitting(val_text, width - 0.4 * s, bold=True)
    vw = m.width(val_text, bold=True, scale=vscale)
    val = m.label(
        val_text,
        _centre(xv, vw + 0.4 * s, 0, width),
        0.3 * s,
        bold=True,
        scale=vscale,
        boxed=True,
    )
    y_up = val.area.bottom + gap + max(t, h / 2)
    y_axis = y_up + s
    y_down = y_axis + s
    names_top = y_down + max(t, h / 2) + gap

    # markers: I(D)'s ends, maxmin's and minmax's triangles
    if low == high:
        ends = [(low, b.side(Value(low)) == "I")]
    else:
        ends = [(low, iv.low_closed), (high, iv.high_closed)]
    dots = [Dot(px(v), y_axis, r_end, "I" if closed else "base", "I", w_end) for v, closed in ends]
    mx, nx = a.maxmin.value.number, a.minmax.value.number
    up = Tri(((px(mx), y_down - t), (px(mx) - t, y_down + t), (px(mx) + t, y_down + t)), "mark")
    down = Tri(((px(nx), y_up + t), (px(nx) - t, y_up - t), (px(nx) + t, y_up - t)), "mark")
    taken: list[Box] = [val.area, *(d.box for d in dots), up.box, down.box]
    # val's line, from its label down through the plot: no label may sit on it
    line_w = max(1.0, s / 6)
    line = Box(xv - line_w / 2, val.area.bottom, xv + line_w / 2, math.inf).grown(0.15 * s)

    # maxmin's label towards L(D), minmax's towards R(D), beside their triangles
    marks: list[Label] = []
    homeless: list[tuple[Label, float]] = []
    for text, v, cy, prefer_left in (
        (f"maxmin = {a.maxmin.pretty()}", mx, y_down, True),
        (f"minmax = {a.minmax.pretty()}", nx, y_up, False),
    ):
        fit = m.fitting(text, width - 0.4 * s)
        spot = None
        for scale in (fit, 0.88 * fit, 0.78 * fit):  # beside its triangle, smaller if need be
            hs = m.height(scale=scale)
            proto = m.label(text, 0, cy - hs / 2, anchor="start", scale=scale, role="mark")
            spot = first_free(
                (
                    c.grown(proto.pad)
                    for c in _beside(px(v), t + 0.4 * s, proto.box, 0, width, prefer_left, 0.5 * s)
                ),
                [*taken, line],
                0.1 * s,
            )
            if spot is not None:
                break
        if spot is None:  # no room in its row: it goes with the sides' names below
            homeless.append((m.label(text, 0, 0, anchor="start", scale=fit, role="mark"), px(v)))
            continue
        label = proto.moved_to(spot.grown(-proto.pad))
        label = label.with_box(label.box.left < xv < label.box.right)
        marks.append(label)
        taken.append(spot)

    # the sides' names, away from the ends and from val's line, in as many rows as they need
    left_side = b.side(Value((lo + low) / 2))
    right_side = b.side(Value((high + hi) / 2))
    bands: list[tuple[Fraction, Fraction, Side]] = [(lo, low, left_side), (high, hi, right_side)]
    if low < high:
        bands.append((low, high, b.side(Value((low + high) / 2))))
    wanted: list[tuple[Label, float]] = []
    if low == high:  # I(D) is among the values q + x: say where to look (first: it matters most)
        wanted.append((m.label("I(D) ▼", 0, 0, anchor="start", role="I"), px(low)))
    for u, v, side in bands[:2]:
        wanted.append((m.label(SIDE_NAMES[side], 0, 0, anchor="start", role=side), px((u + v) / 2)))
    if low < high:
        gaps = [(vx - low, (low + vx) / 2), (high - vx, (vx + high) / 2)]
        x_name = max(gaps)[1] if low < vx < high else (low + high) / 2
        wanted.append((m.label("I(D)", 0, 0, anchor="start", role="I"), px(x_name)))
    wanted += homeless
    names: list[Label] = []
    rows = Rows(LABEL_GAP * s)
    for proto, cx in wanted:
        w, p = proto.box.width, proto.pad
        # centred under its place, else just left of val's line (I(D) ▼'s arrow at it), or right
        lefts = [
            _centre(x, w + 2 * p, 0, width) - w / 2
            for x in (cx, line.left - p - w / 2, line.right + p + w / 2)
        ]
        clear = [x for x in lefts if not Box(x - p, names_top, x + w + p, names_top).meets(line)]
        # wider than the room on either side of the line: across it, on its ground, as before
        obstacles = [*taken, line] if clear else taken
        lefts = clear or lefts[:1]
        row = 0
        while True:
            top = names_top + row * (h + 0.2 * s)
            box = next(
                (
                    b
                    for b in (Box(x, top, x + w, top + h) for x in lefts)
                    if rows.free(row, b.left - p, b.right + p)
                    and first_free([b.grown(p)], obstacles) is not None
                ),
                None,
            )
            if box is not None:
                area = box.grown(p)
                break
            row += 1
        rows.take(row, area.left, area.right)
        label = proto.moved_to(box)
        names.append(
            label.with_box((label.role == "I" and low == high) or box.left < xv < box.right)
        )
    y_bottom = max(n.box.bottom for n in names) + 0.5 * s  # the numbers' axis

    lay = Layout(width, 0.0)
    add = lay.items.append
    for u, v, side in bands:
        add(Band(Box(px(u), 0.0, px(v), y_bottom), side, 0.11))
    strip = 0.22 * s
    for u, v, side in bands:
        add(Band(Box(px(u), y_axis - strip, px(v), y_axis + strip), side, 0.78))
    if low == high:  # I(D) is infinitesimally close to q: a sliver, magnified below
        half = max(0.25 * s, width / 320)
        add(Band(Box(px(low) - half, y_axis - strip, px(low) + half, y_axis + strip), "I", 1.0))
    add(Seg(px(lo), y_axis, px(hi), y_axis, thin, "text"))
    add(Seg(xv, val.box.bottom, xv, y_bottom, line_w, "text"))
    lay.items += [*dots, up, down, *marks, *names, val]

    # the numbers' axis, its ticks and their labels
    add(Seg(0.0, y_bottom, width, y_bottom, thin, "text"))
    halves = half_integers(lo, hi)
    extra = sorted({low, high, vx} - set(halves))
    tick = 0.35 * s
    for v in [*halves, *extra]:
        add(Seg(px(v), y_bottom, px(v), y_bottom + tick, thin, "text"))
    essential = [low, high, vx]
    order = list(dict.fromkeys([*essential, *[v for v in halves if v.denominator == 1], *halves]))
    ticks = Rows(LABEL_GAP * s)
    lowest = y_bottom + tick
    for v in order:
        text = pretty_number(v)
        w = m.width(text)
        cx = _centre(px(v), w, 0, width)
        found = ticks.first(cx - w / 2, cx + w / 2, None if v in essential else 2)
        if found is None:
            continue
        ticks.take(found, cx - w / 2, cx + w / 2)
        label = m.label(text, cx, y_bottom + tick + 0.1 * s + found * (h + 0.05 * s))
        lowest = max(lowest, label.box.bottom)
        add(label)
    lay.height = lowest + 0.3 * s
    return lay


def _centre(x: float, w: float, lo: float, hi: float) -> float:
    """A centre near ``x`` for something ``w`` wide inside [lo, hi] (if it fits at all)."""
    return min(max(x, lo + w / 2), hi - w / 2) if w <= hi - lo else (lo + hi) / 2


def _beside(
    x: float, off: float, box: Box, lo: float, hi: float, prefer_left: bool, step: float
) -> Iterator[Box]:
    """Places for ``box`` in its row beside ``x``: ``off`` away on the preferred side, then the
    other, then sliding away from ``x`` by ``step`` on each — all inside [lo, hi]."""
    w = box.width
    starts = {True: x - off - w, False: x + off}
    tried: set[float] = set()
    for k in range(int((hi - lo) / step) + 2):
        for left_side in (prefer_left, not prefer_left):
            start = starts[left_side] + (-k * step if left_side else k * step)
            start = min(max(start, lo), hi - w)
            if round(start, 6) in tried:
                continue
            tried.add(round(start, 6))
            yield Box(start, box.top, start + w, box.bottom)


# -- the inset ----------------------------------------------------------------------------------
def inset_layout(a: SuitAnalysis, chain: Chain, width: float, m: Metrics) -> Layout:
    """The inset of the infinitesimals at ``chain.q`` across ``width`` (see the module's
    docstring)."""
    s = m.size
    h = m.height()
    lay = Layout(width, 0.0)
    add = lay.items.append

    # the title: on one line if it fits, else a line a part (wrapped at spaces)
    parts = [f"near {pretty_number(chain.q)}, magnified:", f"I(D) = {a.interval.pretty()}"]
    whole = " ".join(parts)
    if m.width(whole) <= width:
        lines = [whole]
    else:
        lines = [ln for p in parts for ln in wrap_words(p, width, lambda t: m.width(t))]
    y = 0.0
    for line in lines:
        title = m.label(line, width / 2, y, scale=m.fitting(line, width), role="title")
        add(title)
        y = title.box.bottom
    y += 0.3 * s

    r, r_val, w_val = 0.32 * s, 0.52 * s, max(1.0, s / 6)
    val_fuzzy = chain.value is not None and chain.value.is_fuzzy
    on_chain = chain.value is not None and not chain.value.is_fuzzy
    val_pos = chain.value.pos if on_chain and chain.value is not None else None
    dots_scale = 1.1
    dots_w = m.width(DOTS, bold=True, scale=dots_scale)
    dots_pad = 0.1 * s

    # x: the chain laid out — the points that must be seen, then their neighbours
    span = chain.span
    positions = list(range(-span, span + 1))
    labels = {pos: chain.label(x) for pos, (x, _) in zip(positions, chain.points, strict=True)}
    widths = {pos: m.width(labels[pos], bold=pos == val_pos) for pos in positions}
    must = [-1, 0, 1] + ([val_pos] if val_pos is not None else [])
    changes = [p for q in positions[:-1] if chain.side(q) != chain.side(q + 1) for p in (q, q + 1)]
    marks = [x.pos for x in chain.marks if x.pos is not None]
    point = 2 * r_val + w_val
    end_room = dots_w + 0.3 * s + point / 2
    laid = lay_chain(
        positions,
        widths,
        [must, changes, marks],
        0.0,
        width,
        point=point,
        mark=dots_w + 2 * dots_pad,
        end=end_room,
        gap=0.5 * s,
        label_gap=LABEL_GAP * s,
    )
    lay.chain = laid
    xs = {sl.positions[0]: sl.x for sl in laid.slots if not sl.elided}

    # y: val's name (when val is q ± ε₀), ±ε₀'s label and point, val's name over its point,
    # the chain, its labels
    x0 = xs[0]
    if val_fuzzy:
        name = m.label("val(D)", _centre(x0, m.width("val(D)", bold=True), 0, width), y, bold=True)
        add(name)
        y = name.box.bottom + 0.1 * s
    fuzzy_text = chain.label(FUZZY)
    fuzzy_x = _centre(x0, m.width(fuzzy_text, bold=val_fuzzy), 0, width)
    fuzzy_label = m.label(fuzzy_text, fuzzy_x, y, bold=val_fuzzy, role=chain.fuzzy_side)
    r_fuzzy = r_val if val_fuzzy else r
    y_fuzzy = fuzzy_label.box.bottom + 0.2 * s + r_fuzzy + w_val / 2
    y = y_fuzzy + r_fuzzy + w_val / 2 + 0.2 * s
    val_name: Label | None = None
    if val_pos is not None:
        vx = _centre(xs[val_pos], m.width("val(D)", bold=True) + 0.4 * s, 0, width)
        val_name = m.label("val(D)", vx, y, bold=True, boxed=True)
        y = val_name.box.bottom
    d_asc, d_desc = m.extent(True, dots_scale)
    dots_rise = 0.12 * s  # the dots' baseline below the chain: the dots sit on it
    y_chain = y + 0.15 * s + max(point / 2, d_asc - dots_rise)
    below = max(point / 2, dots_rise + d_desc) + 0.25 * s

    # the chain: thick where both ends share a side, thin and grey where the side changes
    def side_of(ps: tuple[int, ...], last: bool) -> Side:
        return chain.side(ps[-1] if last else ps[0])

    for s1, s2 in zip(laid.slots, laid.slots[1:], strict=False):
        a_side, b_side = side_of(s1.positions, True), side_of(s2.positions, False)
        same = a_side == b_side
        add(
            Seg(
                s1.x,
                y_chain,
                s2.x,
                y_chain,
                0.36 * s if same else max(0.6, s / 9),
                a_side if same else "grey",
            )
        )
    # ±ε₀ above 0, between −ε₀ and ε₀ (dashed: the order), incomparable with 0
    dash = (0.3 * s, 0.3 * s)
    add(Seg(xs[-1], y_chain, x0, y_fuzzy, max(0.6, s / 11), "grey", dash))
    add(Seg(x0, y_fuzzy, xs[1], y_chain, max(0.6, s / 11), "grey", dash))

    for sl in laid.slots:
        if sl.elided:
            continue
        pos = sl.positions[0]
        if pos == val_pos:
            add(Dot(sl.x, y_chain, r_val, chain.side(pos), "text", w_val))
        else:
            add(Dot(sl.x, y_chain, r, chain.side(pos), chain.side(pos), 0.5))
    if val_fuzzy:
        add(Dot(x0, y_fuzzy, r_val, chain.fuzzy_side, "text", w_val))
    else:
        add(Dot(x0, y_fuzzy, r, chain.fuzzy_side, chain.fuzzy_side, 0.5))

    # the "…": at the chain's ends (it goes on) and for each run of points left out
    dots_top = y_chain + dots_rise - d_asc

    def named(ps: tuple[int, ...]) -> str:
        return ", ".join(labels[p] for p in ps)

    def one_side(ps: tuple[int, ...]) -> Role:
        sides = {chain.side(p) for p in ps}
        return sides.pop() if len(sides) == 1 else "grey"

    first, last = laid.slots[0], laid.slots[-1]
    beyond_l = tuple(range(-span - 2, -span)) + laid.before
    beyond_r = laid.after + tuple(range(span + 1, span + 3))
    far_l = ", ".join(chain.label(Infinitesimal.from_pos(p)) for p in beyond_l)
    far_r = ", ".join(chain.label(Infinitesimal.from_pos(p)) for p in beyond_r)
    side_l, side_r = chain.side(-span), chain.side(span)
    add(
        m.label(
            DOTS,
            first.x - point / 2 - 0.3 * s,
            dots_top,
            anchor="end",
            bold=True,
            scale=dots_scale,
            role=side_l,
            tooltip=f"The chain goes on below: …, {far_l}, all in {SIDE_NAMES[side_l]}",
        )
    )
    add(
        m.label(
            DOTS,
            last.x + point / 2 + 0.3 * s,
            dots_top,
            anchor="start",
            bold=True,
            scale=dots_scale,
            role=side_r,
            tooltip=f"The chain goes on above: {far_r}, …, all in {SIDE_NAMES[side_r]}",
        )
    )
    for sl in laid.slots:
        if sl.elided:
            role = one_side(sl.positions)
            where = f"all in {SIDE_NAMES[role]}" if role != "grey" else "across the sides"
            n = len(sl.positions)
            add(
                m.label(
                    DOTS,
                    sl.x,
                    dots_top,
                    bold=True,
                    scale=dots_scale,
                    role=role,
                    boxed=True,
                    tooltip=f"{n} point{'s' if n > 1 else ''} not drawn: "
                    f"{named(sl.positions)} ({where})",
                    pad=dots_pad,
                )
            )

    # the labels: ±ε₀'s, val's name, the chain's
    add(fuzzy_label)
    if val_name is not None:
        add(val_name)
    label_top = y_chain + below
    bottom = label_top
    for sl in laid.slots:
        if sl.elided:
            continue
        pos = sl.positions[0]
        top = label_top + sl.row * (h + 0.1 * s)
        label = m.label(labels[pos], sl.x, top, bold=pos == val_pos, role=chain.side(pos))
        bottom = max(bottom, label.box.bottom)
        add(label)
    lay.height = bottom + 0.3 * s
    return lay
