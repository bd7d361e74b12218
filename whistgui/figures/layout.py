"""Laying text out for figures: paragraphs that wrap, and tables in the papers' style (rules
above and below the header and at the foot, no vertical lines), fitted to a width.

A :class:`Table` takes its cells as text; columns get their natural width, and when the table
would be wider than it may be, the columns marked ``wrap`` give up width and their text wraps
onto more lines (nothing is ever cut short). :func:`outline` draws a tree's rows in the same
style, indented by depth with connector lines (the trees of reductions and of play).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Literal, Protocol

from whistgui.figures.scene import BLACK, GREY, Figure, Line, Rect, Text
from whistgui.figures.text import line_height, measure, wrap, wrap_tokens

__all__ = [
    "Cell",
    "Column",
    "OutlineRow",
    "Table",
    "fit_widths",
    "outline",
    "paragraph",
    "split_suit",
    "text_item",
    "wrap_pieces",
]

Align = Literal["left", "center", "right"]


def text_item(
    x: float,
    y: float,
    text: str,
    size: float,
    *,
    bold: bool = False,
    italic: bool = False,
    colour: str = BLACK,
    anchor: Literal["start", "middle", "end"] = "start",
) -> Text:
    """A measured run of text with its baseline at ``y``."""
    return Text(
        x,
        y,
        text,
        size,
        measure(text, size, bold=bold, italic=italic),
        bold,
        italic,
        colour,
        anchor,
    )


def paragraph(
    fig: Figure,
    x: float,
    top: float,
    width: float,
    text: str,
    size: float,
    *,
    bold: bool = False,
    italic: bool = False,
    colour: str = BLACK,
) -> float:
    """``text`` wrapped to ``width`` with its first line's top at ``top``; returns the bottom
    of the last line."""
    lh = line_height(size)
    y = top
    for line in wrap(text, size, width, bold=bold, italic=italic):
        fig.add(text_item(x, y + size, line, size, bold=bold, italic=italic, colour=colour))
        y += lh
    return y


def fit_widths(natural: list[float], limits: list[list[float]], room: float) -> list[float]:
    """Column widths, no wider in all than ``room`` if they can be: from ``natural``, the
    columns give up width, in equal shares, down to each of ``limits`` in turn (a column
    whose limit is infinite gives none at that step) until they fit."""
    widths = list(natural)
    for limit in limits:
        excess = sum(widths) - room
        while excess > 0.01:
            able = [j for j in range(len(widths)) if widths[j] - limit[j] > 0.01]
            if not able:
                break
            share = excess / len(able)
            for j in able:
                cut = min(share, widths[j] - limit[j])
                widths[j] -= cut
                excess -= cut
    return widths


def split_suit(text: str) -> list[str]:
    """``AT9/QJ8`` → ``['AT9/', 'QJ8']``: where a suit may break, after West's cards."""
    west, slash, east = text.partition("/")
    return [west + slash, east] if slash and east else [text]


def wrap_pieces(
    pieces: tuple[str, ...], size: float, width: float, bold: bool = False
) -> list[str]:
    """``pieces`` joined by spaces into lines no wider than ``width``, breaking only between
    pieces — or, where a piece is wider than a line, inside it: after the ``/`` of a suit,
    then between words, then between characters. Never shortened."""
    tokens: list[tuple[str, str]] = []  # (text, what joins it to the text before)
    for piece in pieces:
        if measure(piece, size, bold=bold) <= width:
            tokens.append((piece, " "))
            continue
        for word in piece.split(" "):
            first, *rest = split_suit(word)
            tokens += [(first, " "), *((r, "") for r in rest)]
    return wrap_tokens(tokens, size, width, bold=bold)


class OutlineRow(Protocol):
    """A row of an outline: the index of its ``parent`` row (None for the root), whether it
    is its parent's ``last`` child, and its cells as ``pieces`` (a line breaks between them)."""

    @property
    def parent(self) -> int | None: ...

    @property
    def last(self) -> bool: ...

    @property
    def pieces(self) -> tuple[tuple[str, ...], ...]: ...


def outline(
    fig: Figure,
    top: float,
    headers: Sequence[str],
    rows: Sequence[OutlineRow],
    lefts: Sequence[float],
    widths: Sequence[float],
    indent: Sequence[float],
    centred: Sequence[bool],
    size: float,
    pad: float,
    bold: Sequence[bool] | None = None,
    notes: Sequence[tuple[str, ...]] | None = None,
) -> float:
    """Draw ``rows`` in ``fig`` as an outline in the papers' table style, its top rule at
    ``top``: the headers (a line each word, if the column needs), rules above and below them
    and at the foot, each cell wrapped between its pieces in its column (``lefts``,
    ``widths``; ``pad`` either side of the text; the ``centred`` columns centred), each row's
    first cell indented by its ``indent``, the rows marked in ``bold`` in bold. A row's
    ``notes`` (pieces; none if empty) go on a line of their own under its cells, from where
    its children are indented to the table's right edge (wrapped between the pieces only if
    that is too narrow). Grey connectors run down from under each parent's first cell to its
    last child, with a tick to each child. Returns the bottom of the foot rule."""
    lh = line_height(size)
    heavy, light = max(0.8, size / 11), max(0.4, size / 22)
    left, right = lefts[0], lefts[0] + sum(widths)
    note_shift = 1.2 * size  # a note starts right of the connector to the row's children

    def draw_row(
        cells: Sequence[tuple[str, ...]], shift: float, row_top: float, strong: bool
    ) -> list[int]:
        """Draw one row's cells (the first indented by ``shift``, in bold if ``strong``) with
        its top at ``row_top``; returns the number of lines of each cell."""
        counts = []
        anchor: Literal["start", "middle"]
        for j, cell in enumerate(cells):
            room = widths[j] - 2 * pad - (shift if j == 0 else 0.0) + 0.01  # rounding
            lines = wrap_pieces(cell, size, room, strong) if cell else []
            counts.append(len(lines))
            if centred[j]:
                x, anchor = lefts[j] + widths[j] / 2, "middle"
            else:
                x, anchor = lefts[j] + pad + (shift if j == 0 else 0.0), "start"
            for k, line in enumerate(lines):
                baseline = row_top + 0.3 * pad + k * lh + size
                fig.add(text_item(x, baseline, line, size, bold=strong, anchor=anchor))
        return counts

    def height(counts: list[int]) -> float:
        return max(1, *counts) * lh + 0.6 * pad

    y = top
    fig.add(Line(left, y, right, y, heavy))
    y += heavy / 2
    y += height(draw_row([tuple(h.split()) for h in headers], 0.0, y, True))
    fig.add(Line(left, y, right, y, light))
    y += light / 2
    baselines: list[float] = []  # each row's first baseline
    first_lines: list[int] = []  # how many lines each row's first cell takes
    for i, r in enumerate(rows):
        counts = draw_row(r.pieces, indent[i], y, bold is not None and bold[i])
        baselines.append(y + 0.3 * pad + size)
        first_lines.append(max(1, counts[0]))
        y += height(counts)
        note = notes[i] if notes is not None else ()
        if note:
            x = left + pad + indent[i] + note_shift
            for line in wrap_pieces(note, size, right - pad - x + 0.01, False):
                fig.add(text_item(x, y + size - 0.3 * pad, line, size))
                y += lh
            y += 0.3 * pad
    fig.add(Line(left, y, right, y, heavy))

    stroke = max(0.4, size / 18)
    for i, r in enumerate(rows):
        if r.parent is None:
            continue
        p = r.parent
        stem = lefts[0] + pad + indent[p] + 0.4 * size
        mid = baselines[i] - 0.36 * size
        fig.add(Line(stem, mid, lefts[0] + pad + indent[i] - 0.25 * size, mid, stroke, GREY))
        if r.last:
            start = baselines[p] + (first_lines[p] - 1) * lh + 0.35 * size
            fig.add(Line(stem, start, stem, mid + stroke / 2, stroke, GREY))
    return y + heavy / 2


@dataclass(frozen=True, slots=True)
class Cell:
    """A table cell: text in one style, an optional background."""

    text: str
    bold: bool = False
    italic: bool = False
    colour: str = BLACK
    fill: str | None = None

    @staticmethod
    def of(x: Cell | str) -> Cell:
        return x if isinstance(x, Cell) else Cell(x)


@dataclass(frozen=True, slots=True)
class Column:
    header: str
    align: Align = "left"
    wrap: bool = False  # may give up width and wrap its text


@dataclass(slots=True)
class Table:
    """Columns, rows of cells, fitted to ``max_width`` at font ``size``."""

    columns: list[Column]
    rows: list[list[Cell]] = field(default_factory=list)
    size: float = 9.0
    pad: float = 0.0  # space either side of a cell's text (default: half the font size)
    header_bold: bool = True
    #: rows after which a thin rule is drawn (a foot or a group)
    rules_after: set[int] = field(default_factory=set)

    def add_row(self, *cells: Cell | str) -> None:
        if len(cells) != len(self.columns):
            raise ValueError(f"a row of {len(cells)} cells for {len(self.columns)} columns")
        self.rows.append([Cell.of(c) for c in cells])

    @property
    def _pad(self) -> float:
        return self.pad or self.size / 2

    def _natural(self, j: int) -> float:
        col = self.columns[j]
        widths = [measure(col.header, self.size, bold=self.header_bold)]
        widths += [
            measure(line, self.size, bold=r[j].bold, italic=r[j].italic)
            for r in self.rows
            for line in r[j].text.split("\n")
        ]
        return max(widths) + 2 * self._pad

    def _minimum(self, j: int) -> float:
        """The narrowest a wrapping column may get: its longest word, or its header's."""
        col = self.columns[j]
        words = [w for r in self.rows for w in r[j].text.split()] or [""]
        longest = max(measure(w, self.size, bold=True) for w in words)
        head = max((measure(w, self.size, bold=True) for w in col.header.split()), default=0.0)
        return max(longest, head, 3 * self.size) + 2 * self._pad

    def widths(self, max_width: float) -> list[float]:
        """Column widths: natural, then the wrapping columns shrunk (widest first) until the
        table fits ``max_width`` or they are at their minimum."""
        widths = [self._natural(j) for j in range(len(self.columns))]
        excess = sum(widths) - max_width
        wrapping = [j for j, c in enumerate(self.columns) if c.wrap]
        while excess > 0.01 and wrapping:
            room = {j: widths[j] - self._minimum(j) for j in wrapping}
            able = [j for j in wrapping if room[j] > 0.01]
            if not able:
                break
            share = excess / len(able)
            for j in able:
                cut = min(share, room[j])
                widths[j] -= cut
                excess -= cut
        return widths

    def draw(self, fig: Figure, x: float, top: float, max_width: float) -> float:
        """Draw the table at ``(x, top)`` no wider than ``max_width`` if it can be; returns
        its bottom."""
        widths = self.widths(max_width)
        total = sum(widths)
        size, pad, lh = self.size, self._pad, line_height(self.size)
        heavy, light = max(0.8, size / 11), max(0.4, size / 22)

        def lines_of(cell: Cell, j: int) -> list[str]:
            out: list[str] = []
            for part in cell.text.split("\n"):
                out += wrap(part, size, widths[j] - 2 * pad, bold=cell.bold, italic=cell.italic)
            return out

        def draw_row(cells: list[Cell], y: float, *, header: bool) -> float:
            wrapped = [lines_of(c, j) for j, c in enumerate(cells)]
            height = max(len(w) for w in wrapped) * lh + pad * 0.6
            cx = x
            for j, (cell, lines) in enumerate(zip(cells, wrapped, strict=True)):
                if cell.fill is not None:
                    fig.add(Rect(cx, y, widths[j], height, fill=cell.fill))
                align = self.columns[j].align
                for k, line in enumerate(lines):
                    baseline = y + pad * 0.3 + k * lh + size
                    if align == "left":
                        tx, anchor = cx + pad, "start"
                    elif align == "right":
                        tx, anchor = cx + widths[j] - pad, "end"
                    else:
                        tx, anchor = cx + widths[j] / 2, "middle"
                    fig.add(
                        text_item(
                            tx,
                            baseline,
                            line,
                            size,
                            bold=cell.bold or (header and self.header_bold),
                            italic=cell.italic,
                            colour=cell.colour,
                            anchor=anchor,  # type: ignore[arg-type]
                        )
                    )
                cx += widths[j]
            return y + height

        y = top
        fig.add(Line(x, y, x + total, y, heavy))
        y += heavy / 2
        y = draw_row([Cell(c.header) for c in self.columns], y, header=True)
        fig.add(Line(x, y, x + total, y, light))
        y += light / 2
        for i, row in enumerate(self.rows):
            y = draw_row(row, y, header=False)
            if i in self.rules_after and i != len(self.rows) - 1:
                fig.add(Line(x, y, x + total, y, light))
        fig.add(Line(x, y, x + total, y, heavy))
        return y + heavy / 2
