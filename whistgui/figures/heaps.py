"""A position of a game of heaps and piles for print (issue 26): its heaps as stacks of
counters — End-nim's in their written order — or its hackenbush piles as stacks of blue and red
counters, from the bottom; under each stack its size (a heap) and the element the game's theory
gives it, and under them the sum's element, what it means, and who is to move.

The stacks share one scale: counters as flat discs seen edge on, as wide as the width allows
(at most three times the font size) and as thick as the tallest stack lets them be within a
page as tall as it is wide; a stack too tall for discs to show is drawn as a bar (a pile as its
runs of one colour). Nothing here plays or searches: :func:`position_picture` reads the
document, :func:`build_heaps_figure` lays the picture out.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from whistgui.app.heaps import (
    BLUE,
    RED,
    HeapsDocument,
    Kind,
    Stack,
    TheoryView,
    flag_text,
    player_name,
    theory_view,
)
from whistgui.engine.errors import NotationError
from whistgui.engine.heaps.quotient import HeapQuotient
from whistgui.engine.reading import quote
from whistgui.figures import FigureOptions
from whistgui.figures.backends import whole_points
from whistgui.figures.fonts import using_font
from whistgui.figures.heaps_colours import BLUE_COUNTER, COUNTER, COUNTER_EDGE, RED_COUNTER
from whistgui.figures.layout import paragraph, text_item
from whistgui.figures.scene import Figure, Rect
from whistgui.figures.text import line_height, measure

__all__ = [
    "HEAPS_VIEWS",
    "PositionPicture",
    "build_heaps_figure",
    "build_position",
    "counter_colour",
    "position_picture",
]

HEAPS_VIEWS: Final = {
    "position": "the position: its heaps or piles of counters, each one's element and the sum's",
    "quotient": "the multiplication table of the game's quotient monoid: its classes, which are "
    "P-positions, their representatives and the theory's checks",
}

_MUTED: Final = "#555555"
#: The thinnest disc drawn as a disc (points); thinner, a stack is drawn as a bar.
_THINNEST: Final = 1.2


def counter_colour(counter: str) -> str:
    """The printed colour of a counter: blue, red, or a heap's."""
    return {BLUE: BLUE_COUNTER, RED: RED_COUNTER}.get(counter, COUNTER)


@dataclass(frozen=True, slots=True)
class PositionPicture:
    """What the figure shows: a title, the stacks (each its counters from the bottom), the
    text under each (its size, or nothing for a pile) and its element (empty without a theory),
    and caption lines."""

    title: str
    stacks: tuple[Stack, ...]
    labels: tuple[str, ...]
    elements: tuple[str, ...]
    caption: tuple[str, ...]


def position_picture(doc: HeapsDocument) -> PositionPicture:
    """The picture of ``doc``'s position now."""
    rules = doc.rules
    view = theory_view(doc)
    if view is None:
        view = _quotient_view(doc)
    kind = doc.kind
    labels = tuple(t if kind is Kind.HEAPS else "" for t in doc.layout)
    elements = tuple(e for _t, e in view.components) if view else ("",) * len(labels)
    caption = []
    if view is not None:
        by = f"; predicted by {view.source}" if view.source else ""
        caption.append(f"Sum: {view.total} — {view.meaning}{by}")
    elif components_of(doc):
        caption.append("No theory: search only")
    turn = [] if rules.impartial else [f"{player_name(rules, doc.mover)} to move"]
    if doc.flags != ("",):
        turn.append(f"flag {flag_text(rules, doc.position, doc.flag)}")
    if turn:
        caption.append("; ".join(turn).capitalize())
    # in the order drawn, as the stacks stand: Moore's nim₃: 5 3 4
    title = f"{game_title(rules.title)}: {doc.shown_text}"
    return PositionPicture(title, doc.stacks, labels, elements, tuple(caption))


def game_title(title: str) -> str:
    """A game's title for a figure: its name without the parenthesis of its rules, but with
    the play convention when that is misère — a misère game is not its normal-play namesake.

    >>> game_title('the octal game 0.77 (misère play: the last to move loses)')
    'the octal game 0.77, misère play'
    >>> game_title('the octal game 0.77 (the last to move wins)')
    'the octal game 0.77'
    """
    head, _, rest = title.partition(" (")
    if rest.lower().startswith("misère") and "misère" not in head.lower():
        return f"{head}, {rest.split(':')[0].rstrip(')')}"
    return head


def components_of(doc: HeapsDocument) -> bool:
    """Has ``doc``'s position any component (heap, pile)?"""
    return bool(doc.rules.components(doc.position))


def _quotient_view(doc: HeapsDocument) -> TheoryView | None:
    """What the exact quotient predicts of ``doc``'s position, as the app shows it
    (:mod:`whistgui.app.heaps_prediction`: a game with no theory but an exact quotient, its
    heaps within the bound the app computes to); None otherwise."""
    from whistgui.app.heaps_prediction import prediction_bound, quotient_theory_view
    from whistgui.engine.heaps.quotient import exact_quotient

    bound = prediction_bound(doc)
    if bound is None:
        return None
    return quotient_theory_view(doc, exact_quotient(doc.rules, bound))


def _fit(text: str, size: float, width: float, *, italic: bool = False) -> float | None:
    """The size ``text`` is set in to fit ``width`` (down to 5 pt), None if it cannot."""
    natural = measure(text, size, italic=italic)
    if natural <= width:
        return size
    smaller = size * width / natural
    return smaller if smaller >= 5 else None


def _stack_items(
    fig: Figure, stack: Sequence[str], x: float, bottom: float, d: float, pitch: float
) -> None:
    """One stack, its bottom counter's lower edge at ``bottom``, its left at ``x``."""
    thick = pitch * 0.82
    if thick >= _THINNEST:
        for j, c in enumerate(stack):
            y = bottom - (j + 1) * pitch + (pitch - thick) / 2
            fig.add(
                Rect(x, y, d, thick, counter_colour(c), COUNTER_EDGE, 0.4, radius=min(thick, d) / 2)
            )
        return
    j = 0
    while j < len(stack):  # a bar: one rectangle per run of one colour
        k = j
        while k < len(stack) and stack[k] == stack[j]:
            k += 1
        fig.add(Rect(x, bottom - k * pitch, d, (k - j) * pitch, counter_colour(stack[j])))
        j = k
    fig.add(Rect(x, bottom - len(stack) * pitch, d, len(stack) * pitch, None, COUNTER_EDGE, 0.4))


def build_position(picture: PositionPicture, options: FigureOptions | None = None) -> Figure:
    """The figure of ``picture`` laid out for ``options`` (its width and font size)."""
    o = options or FigureOptions()
    size = o.font_size
    width = o.width
    margin = size
    fig = Figure(width, 0, title=picture.title, font_size=size)
    y = paragraph(fig, margin, margin, width - 2 * margin, picture.title, size, bold=True)
    n = len(picture.stacks)
    room = width - 2 * margin
    if n == 0:
        y = paragraph(fig, margin, y + size * 0.5, room, "(the empty position)", size, italic=True)
    else:
        column = room / n
        d = min(3 * size, column * 0.72)
        tallest = max(len(s) for s in picture.stacks)
        pitch = min(d * 0.42, room * 0.6 / max(tallest, 1))
        bottom = y + size * 0.8 + pitch * tallest
        for i, stack in enumerate(picture.stacks):
            x = margin + i * column + (column - d) / 2
            _stack_items(fig, stack, x, bottom, d, pitch)
        y = bottom
        for row, italic in ((picture.labels, False), (picture.elements, True)):
            if not any(row):
                continue
            y += line_height(size)
            for i, text in enumerate(row):
                fitted = _fit(text, size, column * 0.96, italic=italic) if text else None
                if fitted is not None:
                    cx = margin + (i + 0.5) * column
                    fig.add(
                        text_item(
                            cx, y, text, fitted, italic=italic, colour=_MUTED, anchor="middle"
                        )
                    )
        y += size * 0.6
    for line in picture.caption:
        y = paragraph(fig, margin, y + size * 0.3, room, line, size)
    fig.height = y + margin
    return fig


def build_heaps_figure(
    view: str,
    doc: HeapsDocument,
    options: FigureOptions | None = None,
    quotient: HeapQuotient | None = None,
) -> Figure:
    """The figure ``view`` (one of :data:`HEAPS_VIEWS`) of ``doc``, its page whole points, in
    the font ``options`` names. The view ``quotient`` draws ``quotient`` (of ``doc``'s game), or
    computes it within the document's bounds (the game's defaults if it has none; a
    NotationError saying why bounds cannot be computed)."""
    if view not in HEAPS_VIEWS:
        raise NotationError(
            f"view {quote(view)}: a game of heaps and piles draws "
            + ", ".join(quote(v) for v in HEAPS_VIEWS)
        )
    o = options or FigureOptions()
    with using_font(o.font):
        if view == "quotient":
            from whistgui.figures.heaps_table import build_quotient_table

            if quotient is None or quotient.game != doc.game:
                quotient = _quotient(doc)
            return whole_points(build_quotient_table(doc.rules, quotient, o))
        return whole_points(build_position(position_picture(doc), o))


def _quotient(doc: HeapsDocument) -> HeapQuotient:
    """The quotient of ``doc``'s game within its bounds (or the game's defaults)."""
    from whistgui.app.heaps_quotient import bounds_problem, compute_quotient, default_bounds

    bounds = doc.quotient or default_bounds(doc.rules)
    problem = bounds_problem(doc.rules, bounds)
    if problem is not None:
        raise NotationError(problem)
    return compute_quotient(doc.rules, bounds)
