"""A figure as data: a page of a given size in points holding text, lines, boxes and marks.

Every figure module lays its data out into a :class:`Figure` — positions in points (1/72 inch)
from the top left, text already measured and wrapped in the figure's font at the requested size —
and the backends (:mod:`whistgui.figures.backends`) draw that one description as PNG, SVG, PDF
or TikZ. Nothing here knows Qt; the measuring is done by :mod:`whistgui.figures.text`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from whistgui.figures.fonts import current_font

__all__ = [
    "BLACK",
    "GREY",
    "Circle",
    "Figure",
    "Item",
    "Line",
    "Polygon",
    "Rect",
    "Text",
]

BLACK = "#000000"
GREY = "#808080"

Anchor = Literal["start", "middle", "end"]


@dataclass(frozen=True, slots=True)
class Text:
    """One run of text in one style; ``(x, y)`` is the start (or middle, or end, as
    ``anchor`` says) of its baseline. ``width`` is its measured advance."""

    x: float
    y: float
    text: str
    size: float
    width: float
    bold: bool = False
    italic: bool = False
    colour: str = BLACK
    anchor: Anchor = "start"

    @property
    def left(self) -> float:
        if self.anchor == "start":
            return self.x
        if self.anchor == "middle":
            return self.x - self.width / 2
        return self.x - self.width


@dataclass(frozen=True, slots=True)
class Line:
    x1: float
    y1: float
    x2: float
    y2: float
    width: float = 0.5
    colour: str = BLACK
    dash: tuple[float, ...] = ()


@dataclass(frozen=True, slots=True)
class Rect:
    x: float
    y: float
    w: float
    h: float
    fill: str | None = None
    stroke: str | None = None
    width: float = 0.5
    radius: float = 0.0


@dataclass(frozen=True, slots=True)
class Circle:
    cx: float
    cy: float
    r: float
    fill: str | None = None
    stroke: str | None = BLACK
    width: float = 0.5


@dataclass(frozen=True, slots=True)
class Polygon:
    points: tuple[tuple[float, float], ...]
    fill: str | None = BLACK
    stroke: str | None = None
    width: float = 0.5


Item = Text | Line | Rect | Circle | Polygon


@dataclass(slots=True)
class Figure:
    """A page ``width`` × ``height`` points on a white ground, and what is drawn on it, in
    order. ``title`` names it (the SVG's and PDF's title); ``font_size`` is its body text;
    ``font`` the face its text was measured in, which every backend draws it in (one of
    :data:`~whistgui.figures.fonts.FONTS`: the face in use where the figure is made)."""

    width: float
    height: float
    items: list[Item] = field(default_factory=list)
    title: str = "whistgui figure"
    font_size: float = 9.0
    font: str = field(default_factory=lambda: current_font().key)
    #: how this figure is made smaller, in words, for a message that it is too large for a
    #: format ("choose a smaller depth"); none if its view has no such choice
    smaller: str = ""

    def add(self, *items: Item) -> None:
        self.items.extend(items)

    def texts(self) -> list[str]:
        """Every run of text, in order (for tests and the SVG's search)."""
        return [i.text for i in self.items if isinstance(i, Text)]

    def extent(self) -> tuple[float, float, float, float]:
        """The box (left, top, right, bottom) the items cover."""
        xs: list[float] = []
        ys: list[float] = []
        for i in self.items:
            if isinstance(i, Text):
                xs += [i.left, i.left + i.width]
                ys += [i.y - i.size, i.y + 0.3 * i.size]
            elif isinstance(i, Line):
                xs += [i.x1, i.x2]
                ys += [i.y1, i.y2]
            elif isinstance(i, Rect):
                xs += [i.x, i.x + i.w]
                ys += [i.y, i.y + i.h]
            elif isinstance(i, Circle):
                xs += [i.cx - i.r, i.cx + i.r]
                ys += [i.cy - i.r, i.cy + i.r]
            else:
                xs += [p[0] for p in i.points]
                ys += [p[1] for p in i.points]
        if not xs:
            return (0.0, 0.0, 0.0, 0.0)
        return (min(xs), min(ys), max(xs), max(ys))
