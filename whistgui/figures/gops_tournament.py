"""A GOPS tournament for print (issue 30): every pair of strategies played exactly, as a
matrix — a row for each strategy as A, a column for each as B, each cell A's expected result
exact (``1/6``, ``−9``), filled on the heat map's diverging scale (blue where the row's
strategy does better, red where the column's, white at 0, the full colour at the largest
magnitude). The rules and the order of the prizes above it, a colour key under it.

The grid fills the width: the type shrinks (to 6 pt at least) when the cells at the text's size
are too wide; a matrix too wide even so makes the figure wider — never cut, no cell shortened.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import Final

from whistgui.engine.errors import ArgumentError
from whistgui.engine.gops.exact_play import PlayResult
from whistgui.engine.symbols import MINUS
from whistgui.figures import FigureOptions
from whistgui.figures.backends import whole_points
from whistgui.figures.gops import ink_on, payoff_colour
from whistgui.figures.layout import paragraph, text_item
from whistgui.figures.scene import BLACK, GREY, Figure, Line, Rect
from whistgui.figures.text import line_height, measure

__all__ = ["EXACT_CHARS", "build_gops_tournament", "cell_text"]

#: The longest fraction a cell shows exactly (the command line's limit too).
EXACT_CHARS: Final = 20

_NOTE: Final = "#555555"
_HEADER: Final = "#eeeeee"
_SMALLEST: Final = 6.0
_ORDER_WORDS: Final = {
    "random": "the prizes turned in random order",
    "ascending": "the prizes turned lowest first",
    "descending": "the prizes turned highest first",
}


def cell_text(x: Fraction) -> str:
    """A result as a cell shows it: exact, the minus sign U+2212; a fraction of more than
    :data:`EXACT_CHARS` characters (a float strategy's, as the fraction the float is) as
    ``≈`` and four places, as the command line shortens it.

    >>> cell_text(Fraction(-35, 72)), cell_text(Fraction(9)), cell_text(Fraction(0))
    ('−35/72', '9', '0')
    >>> cell_text(Fraction(-0.265066))
    '≈−0.2651'
    """
    sign = MINUS if x < 0 else ""
    a = abs(x)
    text = f"{a.numerator}" if a.denominator == 1 else f"{a.numerator}/{a.denominator}"
    if len(text) > EXACT_CHARS:
        return f"≈{sign}{float(a):.4f}"
    return sign + text


def _check(results: Sequence[Sequence[PlayResult]]) -> list[list[PlayResult]]:
    rows = [list(r) for r in results] if isinstance(results, Sequence) else []
    n = len(rows)
    if not n or any(len(r) != n for r in rows):
        raise ArgumentError(
            "results is not a square matrix of plays: expected the rows of "
            "exact_play.tournament(strategies, rules)"
        )
    for row in rows:
        for r in row:
            if not isinstance(r, PlayResult):
                raise ArgumentError(
                    f"results holds a {type(r).__name__}: expected PlayResult (exact_play.play)"
                )
    first = rows[0][0]
    if any(r.rules != first.rules or r.order != first.order for row in rows for r in row):
        raise ArgumentError("results mixes plays of different rules or orders: expected one game")
    return rows


def build_gops_tournament(
    results: Sequence[Sequence[PlayResult]], options: FigureOptions | None = None
) -> Figure:
    """The figure of a tournament's ``results`` (row i strategy i as A, column j strategy j
    as B: :func:`~whistgui.engine.gops.exact_play.tournament`'s matrix), laid out for
    ``options``. ArgumentError if ``results`` is not such a matrix."""
    rows = _check(results)
    o = options or FigureOptions()
    margin = o.font_size
    room = o.width - 2 * margin
    labels = [row[0].a for row in rows]
    heads = [r.b for r in rows[0]]
    cells = [[cell_text(r.exact) for r in row] for row in rows]

    def measures(s: float) -> tuple[float, float, float]:
        pad = 0.5 * s
        cell_w = max(
            [measure(c, s) for row in cells for c in row]
            + [measure(h, s, bold=True) for h in heads]
            + [2.2 * s]
        )
        label_w = max(measure(x, s, bold=True) for x in labels)
        return cell_w + 2 * pad, label_w + 2 * pad, line_height(s) + 0.5 * s

    size = o.font_size
    cell_w, label_w, row_h = measures(size)
    while label_w + len(heads) * cell_w > room and size > _SMALLEST:
        size = max(_SMALLEST, size - 0.5)
        cell_w, label_w, row_h = measures(size)
    grid_w = label_w + len(heads) * cell_w
    width = max(o.width, grid_w + 2 * margin)
    first = rows[0][0]
    title = f"GOPS tournament: {first.rules.describe()}"
    fig = Figure(width, 0, title=title, font_size=o.font_size)
    text_w = width - 2 * margin
    y = paragraph(fig, margin, margin, text_w, title, o.font_size, bold=True)
    y = paragraph(
        fig,
        margin,
        y + 0.2 * o.font_size,
        text_w,
        f"Every pair played exactly, {_ORDER_WORDS.get(first.order, first.order)}. Row: A's "
        "strategy, column: B's; each cell A's expected result.",
        o.font_size,
        italic=True,
        colour=_NOTE,
    )
    top = y + 0.6 * o.font_size
    left = (width - grid_w) / 2
    xc = left + label_w
    most = max(abs(r.exact) for row in rows for r in row)
    scale = float(most) or 1.0
    s = size
    # the header row: B's strategies
    fig.add(Rect(xc, top, len(heads) * cell_w, row_h, fill=_HEADER))
    base = top + (row_h - s) / 2 + 0.78 * s
    for j, h in enumerate(heads):
        fig.add(text_item(xc + (j + 0.5) * cell_w, base, h, s, bold=True, anchor="middle"))
    body = top + row_h
    for i, (label, row) in enumerate(zip(labels, rows, strict=True)):
        yy = body + i * row_h
        base = yy + (row_h - s) / 2 + 0.78 * s
        fig.add(Rect(left, yy, label_w, row_h, fill=_HEADER))
        fig.add(text_item(xc - 0.5 * s, base, label, s, bold=True, anchor="end"))
        for j, r in enumerate(row):
            fill = payoff_colour(float(r.exact), scale)
            x = xc + j * cell_w
            fig.add(Rect(x, yy, cell_w, row_h, fill=fill, stroke="#ffffff", width=0.6))
            fig.add(
                text_item(
                    x + cell_w / 2, base, cells[i][j], s, colour=ink_on(fill), anchor="middle"
                )
            )
    bottom = body + len(rows) * row_h
    heavy = max(0.6, s / 14)
    fig.add(Line(left, body, xc + len(heads) * cell_w, body, heavy, BLACK))
    fig.add(Line(xc, top, xc, bottom, heavy, BLACK))
    fig.add(Rect(left, top, grid_w, bottom - top, stroke=GREY, width=0.4))
    y = bottom + 0.6 * o.font_size
    f = o.font_size * 0.9
    key = "Blue: the row's strategy (A) does better; red: the column's (B); white: even."
    if most:
        key += f" The full colour at ±{cell_text(most)}."
    y = paragraph(fig, margin, y, text_w, key, f, colour=_NOTE)
    notes = []
    if any(c.startswith("≈") for row in cells for c in row):
        notes.append(f"≈: a fraction of more than {EXACT_CHARS} characters, to four places.")
    if not all(r.exact_strategies for row in rows for r in row):
        notes.append(
            "A strategy bids a float solution's probabilities: its results are exact for "
            "those floats."
        )
    for note in notes:
        y = paragraph(fig, margin, y + 0.2 * f, text_w, note, f, colour=_NOTE)
    fig.height = y + margin
    return whole_points(fig)
