"""GOPS for print: the matrix game of bids as a heat map, and both optimal mixed bids as bars.

**The matrix** (:func:`build_gops_matrix`) is the game of one bidding state: a row for each of
A's bids (the row player, who maximises), a column for each of B's, each cell the value for A
of the state that pair of bids leads to (thread 771.9's ``Z[i, j]``), its number rounded to
the places shown and its fill on a diverging scale around 0 — blue where the cell favours A,
red where it favours B, white at 0, the full colour at the largest magnitude in the matrix.
Dominated bids (ones an optimal player never needs) are greyed: their label and cells grey,
the numbers still there. A colour key and the game's value stand under the matrix.

**The strategies** (:func:`build_gops_strategies`): both players' optimal mixed bids, a bar a
bid, its length proportional to the probability (a full track is probability 1), the
probability after it — as a fraction too when the exact solution is given. Side by side when
the width allows, one above the other otherwise.

:func:`build_gops_figure` draws the :data:`GOPS_VIEWS` of a matrix and its solution. Nothing
here knows the engine: matrices are rows of numbers, strategies sequences of probabilities,
labels the bids. :func:`payoff_colour` and :func:`ink_on` are shared with the app's explorer.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Final, Protocol

from whistgui.engine import NotationError
from whistgui.engine.symbols import MINUS
from whistgui.figures import FigureOptions
from whistgui.figures.backends import whole_points
from whistgui.figures.gops_colours import (
    A_COLOUR,
    B_COLOUR,
    DOMINATED_FILL,
    DOMINATED_INK,
    MIDDLE,
)
from whistgui.figures.layout import paragraph, text_item
from whistgui.figures.matrix import LegendEntry, draw_legend
from whistgui.figures.scene import BLACK, GREY, Figure, Line, Rect
from whistgui.figures.text import line_height, measure

__all__ = [
    "A_COLOUR",
    "B_COLOUR",
    "DOMINATED_FILL",
    "DOMINATED_INK",
    "GOPS_VIEWS",
    "TRACK_FILL",
    "ExactStrategies",
    "MixedStrategies",
    "build_gops_figure",
    "build_gops_matrix",
    "build_gops_strategies",
    "format_payoff",
    "format_probability",
    "fraction_text",
    "ink_on",
    "payoff_colour",
    "value_text",
]

GOPS_VIEWS: Final = {
    "matrix": "the matrix game of bids as a heat map: A's bids in rows, B's in columns",
    "strategies": "both players' optimal mixed bids as bars, with their probabilities",
    "both": "the matrix of bids with both optimal mixed strategies under it",
}

#: The track behind a strategy's bar (probability 1).
TRACK_FILL: Final = "#eeeeee"
_NOTE: Final = "#555555"


# -- numbers and colours --------------------------------------------------------------------
def format_payoff(value: float, decimals: int = 3) -> str:
    """A matrix entry for reading: rounded to ``decimals`` places (a value that only rounds
    to a whole number keeps them), a whole number without them, the minus sign U+2212.

    >>> format_payoff(-1 / 3), format_payoff(0.125), format_payoff(1.0), format_payoff(-1e-13)
    ('−0.333', '0.125', '1', '0')
    >>> format_payoff(0.9996), format_payoff(-0.0004)
    ('1.000', '0.000')
    """
    v = float(value)
    if abs(v - round(v)) < 1e-12:
        return str(round(v)).replace("-", MINUS)
    r = round(v, decimals) + 0.0  # no −0.000
    return f"{r:.{decimals}f}".replace("-", MINUS)


#: The longest fraction written out (a GOPS game's exact values can have thousands of
#: digits; a longer one is left to its decimal form).
FRACTION_LIMIT: Final = 15


def fraction_text(value: Fraction, limit: int = FRACTION_LIMIT) -> str | None:
    """``value`` as ``−1/9`` (a whole number plain), or None if longer than ``limit``.

    >>> tiny = Fraction(1, 3**40)
    >>> fraction_text(Fraction(-1, 9)), fraction_text(Fraction(3)), fraction_text(tiny)
    ('−1/9', '3', None)
    """
    text = str(value).replace("-", MINUS)
    return text if len(text) <= limit else None


def format_probability(p: float, exact: Fraction | None = None, decimals: int = 3) -> str:
    """A probability for reading: ``0.222``, with its fraction ``0.222 (2/9)`` when known
    and short (:func:`fraction_text`); ``0`` and ``1`` plain.

    >>> format_probability(2 / 9, Fraction(2, 9)), format_probability(0.0), format_probability(1)
    ('0.222 (2/9)', '0', '1')
    """
    text = format_payoff(p, decimals)
    if exact is not None and exact.denominator != 1:
        fraction = fraction_text(exact)
        if fraction is not None:
            text += f" ({fraction})"
    return text


def value_text(value: float | Fraction, exact: Fraction | None = None, decimals: int = 4) -> str:
    """A game's value: ``−0.1111 = −1/9`` (the fraction when known and not whole).

    >>> value_text(-1 / 9, Fraction(-1, 9)), value_text(Fraction(1, 2)), value_text(0.0)
    ('−0.1111 = −1/9', '0.5000 = 1/2', '0')
    >>> value_text(Fraction(1, 3**20)), value_text(Fraction(1, 3**30))
    ('0.0000 = 1/3486784401', '0.0000')
    """
    if isinstance(value, Fraction) and exact is None:
        exact = value
    v = float(value)
    if exact is None or exact.denominator == 1:
        return format_payoff(v, decimals)
    text = f"{round(v, decimals) + 0.0:.{decimals}f}".replace("-", MINUS)
    fraction = fraction_text(exact)
    return text if fraction is None else f"{text} = {fraction}"


def _rgb(hex_: str) -> tuple[int, int, int]:
    return int(hex_[1:3], 16), int(hex_[3:5], 16), int(hex_[5:7], 16)


def _mix(a: str, b: str, t: float) -> str:
    ra, ga, ba = _rgb(a)
    rb, gb, bb = _rgb(b)
    r, g, bl = (round(x + (y - x) * t) for x, y in ((ra, rb), (ga, gb), (ba, bb)))
    return f"#{r:02x}{g:02x}{bl:02x}"


def payoff_colour(value: float, scale: float) -> str:
    """The fill of a cell worth ``value`` for A on a scale whose ends are ``±scale``: white
    at 0, :data:`A_COLOUR` at ``+scale``, :data:`B_COLOUR` at ``−scale`` (beyond: the ends).

    >>> payoff_colour(0.0, 1.0), payoff_colour(1.0, 1.0), payoff_colour(-2.0, 1.0)
    ('#f7f7f7', '#4393c3', '#d6604d')
    """
    if scale <= 0 or value == 0:
        return MIDDLE
    t = min(1.0, abs(value) / scale)
    return _mix(MIDDLE, A_COLOUR if value > 0 else B_COLOUR, t)


def ink_on(fill: str) -> str:
    """Black or white, whichever reads better on ``fill`` (by relative luminance).

    >>> ink_on("#f7f7f7"), ink_on("#202020")
    ('#000000', '#ffffff')
    """

    def lin(c: int) -> float:
        x = c / 255
        return x / 12.92 if x <= 0.04045 else ((x + 0.055) / 1.055) ** 2.4

    r, g, b = _rgb(fill)
    lum = 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b)
    return BLACK if lum > 0.179 else "#ffffff"


def _scale(matrix: Sequence[Sequence[float]]) -> float:
    return max((abs(float(v)) for row in matrix for v in row), default=0.0) or 1.0


# -- what a figure is drawn from --------------------------------------------------------------
class MixedStrategies(Protocol):
    """A matrix game's solution (the engine's ``MatrixSolution`` is one)."""

    @property
    def value(self) -> float: ...
    @property
    def row(self) -> Sequence[float]: ...
    @property
    def col(self) -> Sequence[float]: ...


class ExactStrategies(Protocol):
    """A matrix game's exact solution (the engine's ``ExactSolution`` is one)."""

    @property
    def value(self) -> Fraction: ...
    @property
    def row(self) -> Sequence[Fraction]: ...
    @property
    def col(self) -> Sequence[Fraction]: ...


def _check_matrix(
    matrix: Sequence[Sequence[float]], rows: Sequence[object], cols: Sequence[object]
) -> None:
    if len(matrix) != len(rows) or any(len(r) != len(cols) for r in matrix):
        shape = f"{len(matrix)}×{len(matrix[0]) if matrix else 0}"
        raise NotationError(
            f"a {shape} matrix for {len(rows)} row labels and {len(cols)} column labels; "
            "expected a row per label and a column per label"
        )


# -- the matrix -----------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class _Grid:
    """The heat map's measures at one font size and number of places."""

    size: float
    decimals: int
    label_w: float
    cell_w: float
    row_h: float
    rows: int
    cols: int

    @property
    def width(self) -> float:
        return self.label_w + self.cols * self.cell_w


def _grid(
    matrix: Sequence[Sequence[float]],
    rows: Sequence[object],
    cols: Sequence[object],
    size: float,
    decimals: int,
) -> _Grid:
    pad = 0.45 * size
    numbers = [measure(format_payoff(v, decimals), size) for r in matrix for v in r] or [0.0]
    heads = [measure(str(c), size, bold=True) for c in cols] or [0.0]
    cell_w = max([*numbers, *heads, 1.6 * size]) + 2 * pad
    label_w = max([measure(str(r), size, bold=True) for r in rows] + [size]) + 2 * pad
    label_w = max(label_w, measure("A", size, bold=True) + 2 * pad)
    return _Grid(
        size, decimals, label_w, cell_w, line_height(size) + 0.5 * size, len(rows), len(cols)
    )


def _draw_matrix(
    fig: Figure,
    matrix: Sequence[Sequence[float]],
    rows: Sequence[object],
    cols: Sequence[object],
    grid: _Grid,
    top: float,
    dominated_rows: Sequence[int],
    dominated_cols: Sequence[int],
) -> float:
    """The heat map centred on the page from ``top`` (captions above and beside it); returns
    its bottom."""
    s = grid.size
    lh = line_height(s)
    caption_w = measure("A bids", s, italic=True) + 0.6 * s  # beside the rows' labels
    x0 = (fig.width - grid.width - caption_w) / 2 + caption_w
    xc = x0 + grid.label_w
    right = xc + grid.cols * grid.cell_w
    scale = _scale(matrix)
    dr, dc = set(dominated_rows), set(dominated_cols)

    # B's bids above the columns
    fig.add(text_item((xc + right) / 2, top + s, "B bids", s, italic=True, anchor="middle"))
    y = top + lh
    baseline = y + 0.25 * s + s
    for j, c in enumerate(cols):
        cx = xc + (j + 0.5) * grid.cell_w
        ink = DOMINATED_INK if j in dc else BLACK
        fig.add(text_item(cx, baseline, str(c), s, bold=True, colour=ink, anchor="middle"))
    y += grid.row_h
    heavy = max(0.6, s / 14)
    fig.add(Line(xc, y, right, y, heavy))
    body_top = y
    for i, (r, values) in enumerate(zip(rows, matrix, strict=True)):
        yy = body_top + i * grid.row_h
        baseline = yy + (grid.row_h - s) / 2 + 0.78 * s
        ink = DOMINATED_INK if i in dr else BLACK
        fig.add(text_item(xc - 0.45 * s, baseline, str(r), s, bold=True, colour=ink, anchor="end"))
        for j, v in enumerate(values):
            cx = xc + j * grid.cell_w
            if i in dr or j in dc:
                fill, text_ink = DOMINATED_FILL, DOMINATED_INK
            else:
                fill = payoff_colour(float(v), scale)
                text_ink = ink_on(fill)
            fig.add(Rect(cx, yy, grid.cell_w, grid.row_h, fill=fill, stroke="#ffffff", width=0.6))
            fig.add(
                text_item(
                    cx + grid.cell_w / 2,
                    baseline,
                    format_payoff(float(v), grid.decimals),
                    s,
                    colour=text_ink,
                    anchor="middle",
                )
            )
    bottom = body_top + grid.rows * grid.row_h
    fig.add(Line(xc - 0.0, body_top, xc, bottom, heavy))
    # A's bids beside the rows
    mid = (body_top + bottom) / 2 + 0.36 * s
    fig.add(text_item(x0 - 0.6 * s, mid, "A bids", s, italic=True, anchor="end"))
    return bottom


def _draw_key(fig: Figure, scale: float, top: float, size: float) -> float:
    """The colour key: better for B ◀ the scale from −scale to +scale ▶ better for A,
    centred; returns its bottom."""
    s = size
    left_text, right_text = "better for B", "better for A"
    steps = 24
    bar_w = 9 * s
    gap = 0.5 * s
    total = measure(left_text, s) + gap + bar_w + gap + measure(right_text, s)
    x = (fig.width - total) / 2
    h = 0.8 * s
    fig.add(text_item(x, top + s, left_text, s, colour=_NOTE))
    bx = x + measure(left_text, s) + gap
    by = top + 0.3 * s
    for k in range(steps):
        v = -scale + (k + 0.5) * 2 * scale / steps
        fig.add(
            Rect(bx + k * bar_w / steps, by, bar_w / steps + 0.05, h, fill=payoff_colour(v, scale))
        )
    fig.add(Rect(bx, by, bar_w, h, stroke=GREY, width=0.4))
    fig.add(text_item(bx + bar_w + gap, top + s, right_text, s, colour=_NOTE))
    small = 0.8 * s
    ty = by + h + small + 0.1 * s
    for v, tx in ((-scale, bx), (0.0, bx + bar_w / 2), (scale, bx + bar_w)):
        fig.add(text_item(tx, ty, format_payoff(v, 3), small, colour=_NOTE, anchor="middle"))
    return ty + 0.35 * s


def _title(fig: Figure, title: str, top: float, size: float, caption: str = "") -> float:
    """The title (bold) and under it the caption (what the figure is of: the app names the
    state, review 31b X6), each wrapped to the page; returns the top of what follows."""
    if not title and not caption:
        return top
    y = top
    if title:
        y = paragraph(fig, size, y, fig.width - 2 * size, title, size, bold=True)
    if caption:
        y = paragraph(fig, size, y, fig.width - 2 * size, caption, size)
    return y + 0.4 * size


def _fit_grid(
    matrix: Sequence[Sequence[float]],
    rows: Sequence[object],
    cols: Sequence[object],
    width: float,
    size: float,
) -> _Grid:
    """Three places if they fit the width, else two (the figure grows if even that is too
    wide: a matrix is never cut)."""
    grid = _grid(matrix, rows, cols, size, 3)
    if grid.width + 6 * size > width:
        grid = _grid(matrix, rows, cols, size, 2)
    return grid


def _matrix_block(
    fig: Figure,
    matrix: Sequence[Sequence[float]],
    rows: Sequence[object],
    cols: Sequence[object],
    grid: _Grid,
    top: float,
    *,
    dominated_rows: Sequence[int],
    dominated_cols: Sequence[int],
    value: float | Fraction | None,
    exact_value: Fraction | None,
) -> float:
    s = grid.size
    y = _draw_matrix(fig, matrix, rows, cols, grid, top, dominated_rows, dominated_cols)
    y += 0.6 * s
    y = _draw_key(fig, _scale(matrix), y, s)
    notes: list[LegendEntry] = []
    if dominated_rows or dominated_cols:
        notes.append(LegendEntry("dominated bid (never needed)", DOMINATED_FILL, _NOTE))
    if notes:
        y += 0.3 * s
        y = _centred_legend(fig, y, notes, s)
    if value is not None:
        y += 0.3 * s
        text = f"Value for A: {value_text(value, exact_value)}"
        y = _centred_line(fig, y, text, s)
    return y


def _centred_line(fig: Figure, top: float, text: str, size: float) -> float:
    w = measure(text, size)
    room = fig.width - 2 * size
    if w <= room:
        fig.add(text_item(fig.width / 2, top + size, text, size, anchor="middle"))
        return top + line_height(size)
    return paragraph(fig, size, top, room, text, size)


def _centred_legend(fig: Figure, top: float, entries: Sequence[LegendEntry], size: float) -> float:
    box = 0.8 * size + 0.35 * size
    w = sum(measure(e.text, size) + (box if e.fill else 0.0) for e in entries)
    w += 1.2 * size * (len(entries) - 1)
    room = fig.width - 2 * size
    x = (fig.width - w) / 2 if w <= room else size
    return draw_legend(fig, x, top, min(w + 1, room), entries, size)


def build_gops_matrix(
    matrix: Sequence[Sequence[float]],
    rows: Sequence[object],
    cols: Sequence[object],
    width: float,
    size: float = 9.0,
    *,
    title: str = "",
    caption: str = "",
    dominated_rows: Sequence[int] = (),
    dominated_cols: Sequence[int] = (),
    value: float | Fraction | None = None,
    exact_value: Fraction | None = None,
) -> Figure:
    """The heat map of ``matrix`` (a row per label of ``rows``, A's bids; a column per label
    of ``cols``, B's) on a page ``width`` points wide — wider only if the matrix needs it — in
    ``size``-point type, ``title`` above it and ``caption`` (what it is of: the state) under
    the title; ``dominated_rows`` and ``dominated_cols``
    (indices) greyed; ``value`` (with ``exact_value``, its fraction) under it.
    NotationError if the matrix and labels disagree."""
    _check_matrix(matrix, rows, cols)
    grid = _fit_grid(matrix, rows, cols, width, size)
    side = measure("A bids", size, italic=True) + 0.6 * size
    fig = Figure(
        max(width, grid.width + side + 2 * size, _key_width(size) + 2 * size),
        0,
        title=title or "GOPS: the matrix game of bids",
        font_size=size,
    )
    y = _title(fig, title, size, size, caption)
    y = _matrix_block(
        fig,
        matrix,
        rows,
        cols,
        grid,
        y,
        dominated_rows=dominated_rows,
        dominated_cols=dominated_cols,
        value=value,
        exact_value=exact_value,
    )
    fig.height = y + size
    return whole_points(fig)


def _key_width(size: float) -> float:
    return measure("better for B", size) + measure("better for A", size) + 10 * size


# -- the strategies -------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class _Panel:
    heading: str
    labels: list[str]
    probs: list[float]
    exact: list[Fraction] | None
    colour: str


def _panel_measures(panel: _Panel, size: float) -> tuple[float, float]:
    """The label column's width and the probabilities' text width."""
    label_w = max([measure(t, size) for t in panel.labels] + [size]) + 0.6 * size
    texts = [
        format_probability(p, panel.exact[k] if panel.exact else None)
        for k, p in enumerate(panel.probs)
    ]
    text_w = max([measure(t, size) for t in texts] + [size]) + 0.5 * size
    return label_w, text_w


def _draw_panel(
    fig: Figure, panel: _Panel, x: float, top: float, track: float, size: float
) -> float:
    s = size
    lh = line_height(s)
    label_w, _text_w = _panel_measures(panel, s)
    fig.add(text_item(x, top + s, panel.heading, s, bold=True))
    y = top + lh + 0.2 * s
    row_h = lh + 0.25 * s
    bar_h = 0.8 * s
    bx = x + label_w
    for k, (label, p) in enumerate(zip(panel.labels, panel.probs, strict=True)):
        yy = y + k * row_h
        baseline = yy + (row_h - s) / 2 + 0.78 * s
        fig.add(text_item(bx - 0.6 * s, baseline, label, s, anchor="end"))
        bar_top = yy + (row_h - bar_h) / 2
        fig.add(Rect(bx, bar_top, track, bar_h, fill=TRACK_FILL))
        if p > 0:
            fig.add(Rect(bx, bar_top, track * min(1.0, float(p)), bar_h, fill=panel.colour))
        exact = panel.exact[k] if panel.exact else None
        ink = BLACK if p > 0 else DOMINATED_INK
        fig.add(
            text_item(bx + track + 0.5 * s, baseline, format_probability(p, exact), s, colour=ink)
        )
    bottom = y + len(panel.labels) * row_h
    fig.add(Line(bx, y, bx, bottom, max(0.5, s / 18)))
    return bottom


def _panels(
    row: Sequence[float],
    col: Sequence[float],
    rows: Sequence[object],
    cols: Sequence[object],
    exact: ExactStrategies | None,
) -> tuple[_Panel, _Panel]:
    if len(row) != len(rows) or len(col) != len(cols):
        raise NotationError(
            f"strategies of {len(row)} and {len(col)} probabilities for {len(rows)} and "
            f"{len(cols)} bids; expected one probability a bid"
        )
    if exact is not None and (len(exact.row) != len(row) or len(exact.col) != len(col)):
        raise NotationError("the exact strategies have other lengths than the float ones")
    a = _Panel(
        "A's optimal bids (rows)",
        [str(r) for r in rows],
        [float(p) for p in row],
        list(exact.row) if exact is not None else None,
        A_COLOUR,
    )
    b = _Panel(
        "B's optimal bids (columns)",
        [str(c) for c in cols],
        [float(p) for p in col],
        list(exact.col) if exact is not None else None,
        B_COLOUR,
    )
    return a, b


def _strategies_block(fig: Figure, panels: tuple[_Panel, _Panel], top: float, size: float) -> float:
    """Both panels, side by side if they fit the page, else one above the other; returns
    the bottom."""
    s = size
    gap = 2.0 * s
    room = fig.width - 2 * s
    fixed = [sum(_panel_measures(p, s)) for p in panels]
    side = (room - gap - sum(fixed)) / 2
    if side >= 6 * s:
        track = min(side, 14 * s)
        widths = [f + track for f in fixed]
        x = (fig.width - (sum(widths) + gap)) / 2
        bottom = 0.0
        for p, w in zip(panels, widths, strict=True):
            bottom = max(bottom, _draw_panel(fig, p, x, top, track, s))
            x += w + gap
        return bottom
    track = max(6 * s, min(14 * s, room - max(fixed)))
    x = (fig.width - (max(fixed) + track)) / 2
    y = top
    for k, p in enumerate(panels):
        y = _draw_panel(fig, p, x, y, track, s)
        if k == 0:
            y += 0.6 * s
    return y


def _strategies_width(panels: tuple[_Panel, _Panel], size: float) -> float:
    """The narrowest page that holds the panels one above the other."""
    return max(sum(_panel_measures(p, size)) for p in panels) + 6 * size + 2 * size


def build_gops_strategies(
    row: Sequence[float],
    col: Sequence[float],
    rows: Sequence[object],
    cols: Sequence[object],
    width: float,
    size: float = 9.0,
    *,
    value: float | Fraction | None = None,
    exact: ExactStrategies | None = None,
    title: str = "",
    caption: str = "",
) -> Figure:
    """Both optimal mixed strategies as bars: ``row`` (A's probabilities, one for each bid
    of ``rows``) and ``col`` (B's, for ``cols``), the exact fractions from ``exact`` when
    given, ``value`` (or the exact value) under them; a page ``width`` points wide (wider if
    the bars need it), ``size``-point type, ``title`` above."""
    panels = _panels(row, col, rows, cols, exact)
    fig = Figure(
        max(width, _strategies_width(panels, size)),
        0,
        title=title or "GOPS: optimal mixed bids",
        font_size=size,
    )
    y = _title(fig, title, size, size, caption)
    y = _strategies_block(fig, panels, y, size)
    if value is not None or exact is not None:
        y += 0.4 * size
        v = value if value is not None else exact.value  # type: ignore[union-attr]
        y = _centred_line(
            fig, y, f"Value for A: {value_text(v, exact.value if exact else None)}", size
        )
    fig.height = y + size
    return whole_points(fig)


# -- the views ------------------------------------------------------------------------------
def build_gops_figure(
    view: str,
    matrix: Sequence[Sequence[float]],
    solution: MixedStrategies,
    rows: Sequence[object],
    cols: Sequence[object],
    options: FigureOptions | None = None,
    *,
    dominated_rows: Sequence[int] = (),
    dominated_cols: Sequence[int] = (),
    exact: ExactStrategies | None = None,
    title: str = "",
    caption: str = "",
) -> Figure:
    """The figure ``view`` (one of :data:`GOPS_VIEWS`) of a matrix game of bids and its
    ``solution`` (value and both mixed strategies; ``exact`` adds the fractions), laid out
    for ``options`` (width and font size), its page a whole number of points; ``title`` and
    ``caption`` (the state it is of, in words) above it. NotationError quoting an unknown
    view."""
    if view not in GOPS_VIEWS:
        raise NotationError(
            f"{view!r} is not a GOPS figure; expected one of {', '.join(GOPS_VIEWS)}"
        )
    o = options or FigureOptions()
    s = o.font_size
    exact_value = exact.value if exact is not None else None
    if view == "matrix":
        return build_gops_matrix(
            matrix,
            rows,
            cols,
            o.width,
            s,
            title=title,
            caption=caption,
            dominated_rows=dominated_rows,
            dominated_cols=dominated_cols,
            value=solution.value,
            exact_value=exact_value,
        )
    if view == "strategies":
        return build_gops_strategies(
            solution.row,
            solution.col,
            rows,
            cols,
            o.width,
            s,
            value=solution.value,
            exact=exact,
            title=title,
            caption=caption,
        )
    _check_matrix(matrix, rows, cols)
    grid = _fit_grid(matrix, rows, cols, o.width, s)
    panels = _panels(solution.row, solution.col, rows, cols, exact)
    side = measure("A bids", s, italic=True) + 0.6 * s
    fig = Figure(
        max(
            o.width,
            grid.width + side + 2 * s,
            _key_width(s) + 2 * s,
            _strategies_width(panels, s),
        ),
        0,
        title=title or "GOPS: the matrix game of bids and its solution",
        font_size=s,
    )
    y = _title(fig, title, s, s, caption)
    y = _matrix_block(
        fig,
        matrix,
        rows,
        cols,
        grid,
        y,
        dominated_rows=dominated_rows,
        dominated_cols=dominated_cols,
        value=None,
        exact_value=None,
    )
    y += line_height(s)
    y = _strategies_block(fig, panels, y, s)
    y += 0.4 * s
    y = _centred_line(fig, y, f"Value for A: {value_text(solution.value, exact_value)}", s)
    fig.height = y + s
    return whole_points(fig)
