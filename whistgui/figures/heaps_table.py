"""The multiplication table of a game's quotient monoid, for print (strange algebra §5, issue
26): the classes by number, rows × columns (u · v, the row first, for End-nim), each entry the
class the product lands in — the entries and headers of P classes filled — with the classes
listed under it (each with its outcome, the theory's elements and its representatives,
smallest first), the growth of an exact quotient, and the theory's checks in the command
line's words.

The grid fills the width: its cells square, as large as the width allows (at most two and a
half font sizes), its numbers set smaller in a small cell (never below 4 pt: a table of 48
classes fits a page 120 mm wide).
"""

from __future__ import annotations

from typing import Any, Final

from whistgui.app.heaps_quotient import (
    check_lines,
    class_is_p,
    more_members,
    outcome_short,
    summary_lines,
)
from whistgui.engine.heaps.outcome import outcome_key
from whistgui.engine.heaps.quotient import HeapQuotient
from whistgui.engine.heaps.rules import PositionRules
from whistgui.figures import FigureOptions
from whistgui.figures.heaps_colours import P_CLASS
from whistgui.figures.layout import paragraph, text_item
from whistgui.figures.scene import BLACK, GREY, Figure, Line, Rect

__all__ = ["MEMBERS_LISTED", "build_quotient_table"]

#: Representatives listed for each class under the table.
MEMBERS_LISTED: Final = 4
_MUTED: Final = "#555555"
_HEADER: Final = "#eeeeee"
#: What an entry of no class says.
_MISSING: Final = "; –: a product beyond the positions classed, in no class found"


def build_quotient_table(
    rules: PositionRules[Any], q: HeapQuotient, options: FigureOptions | None = None
) -> Figure:
    """The figure of ``q``'s multiplication table, laid out for ``options``."""
    o = options or FigureOptions()
    size = o.font_size
    width = o.width
    margin = size
    room = width - 2 * margin
    title = f"{rules.title[0].upper()}{rules.title[1:]}: its quotient monoid"
    fig = Figure(width, 0, title=title, font_size=size)
    y = paragraph(fig, margin, margin, room, title, size, bold=True)
    key = outcome_key(rules.result_kind, impartial=rules.impartial, short=True)
    for line in [*summary_lines(rules, q), *([key] if key else [])]:
        y = paragraph(fig, margin, y + size * 0.2, room, line, size)
    n = len(q.classes)
    p = {c.index for c in q.classes if class_is_p(rules, c)}
    op = "u + v" if q.commutative else "u · v (the row u first)"
    missing = any(v is None for row in q.table for v in row)
    y = paragraph(
        fig,
        margin,
        y + size * 0.4,
        room,
        f"Row u, column v: the class of {op}; P classes filled{_MISSING if missing else ''}.",
        size,
        italic=True,
    )
    cell = min(2.5 * size, room / (n + 1))
    digits = max(1, len(str(n - 1)))
    number = min(size, cell * 0.8 / (0.62 * digits + 0.2))
    number = max(number, 4.0)
    top = y + size * 0.5
    left = margin + (room - cell * (n + 1)) / 2

    def put(col: int, row: int, text: str, fill: str | None, *, bold: bool = False) -> None:
        x = left + col * cell
        yy = top + row * cell
        if fill is not None:
            fig.add(Rect(x, yy, cell, cell, fill))
        if text:
            baseline = yy + cell / 2 + number * 0.35
            fig.add(text_item(x + cell / 2, baseline, text, number, bold=bold, anchor="middle"))

    put(0, 0, "·" if not q.commutative else "+", _HEADER, bold=True)
    for i in range(n):
        fill = P_CLASS if i in p else _HEADER
        put(i + 1, 0, str(i), fill, bold=True)
        put(0, i + 1, str(i), fill, bold=True)
    for a, row in enumerate(q.table):
        for b, v in enumerate(row):
            put(b + 1, a + 1, "–" if v is None else str(v), P_CLASS if v in p else None)
    right = left + cell * (n + 1)
    bottom = top + cell * (n + 1)
    for i in range(n + 2):
        w = 0.6 if i in (0, 1, n + 1) else 0.25
        colour = BLACK if i in (0, 1, n + 1) else GREY
        fig.add(Line(left + i * cell, top, left + i * cell, bottom, w, colour))
        fig.add(Line(left, top + i * cell, right, top + i * cell, w, colour))
    y = bottom + size * 0.6
    for c in q.classes:
        reps = ", ".join(rules.text(m) for m in c.members[:MEMBERS_LISTED])
        more = more_members(q, c, MEMBERS_LISTED)
        elements = f"; elements {' '.join(c.pretty)}" if c.pretty else ""
        line = f"{c.index}: {outcome_short(rules, c.outcome)}{elements} — {reps}{more}"
        y = paragraph(fig, margin, y, room, line, size * 0.9, colour=_MUTED)
    y += size * 0.3
    for line in check_lines(q):
        y = paragraph(fig, margin, y, room, line.strip(), size * 0.9)
    fig.height = y + margin
    return fig
