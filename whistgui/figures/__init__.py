"""Figures for articles, drawn from the data — never grabbed from a widget.

One module per thing worth printing lays its data out as a :class:`~whistgui.figures.scene.
Figure` for a requested width and font size, in a light print style with no interface state
(selection, focus, hints); :mod:`~whistgui.figures.backends` writes any figure as PNG (at a
DPI), SVG, PDF or TikZ. The views:

==============  ==================================================================
``deal``        the deal as the papers print it (:mod:`.deal`)
``analysis``    values, sum and outcome (:mod:`.analysis`)
``table``       the deal and its analysis, one above the other
``matrix``      the α matrix of a suit (:mod:`.matrix`); R43's matrix A in other games
``numberline``  L(D), I(D), R(D) with the infinitesimal inset (:mod:`.numberline`)
``tree``        the tree of reductions of a suit to a depth (:mod:`.tree`)
``lattice``     R43's lattice L_n of a suit's trick sets, optimal play's marked
                (:mod:`.lattice`)
``play``        the record of optimal play, trick by trick with reasons (:mod:`.play`)
``playtree``    the whole deal's tree of tricks along optimal play, to a depth, with
                values and results (:mod:`.playtree`)
==============  ==================================================================

Each is set in one of :data:`FONTS` (``FigureOptions.font``): DejaVu Sans, or Latin Modern to
match a LaTeX article (:mod:`.fonts`).

Qt (QtGui only) measures and paints text; the application's window is not needed, so the
``whist render`` command and the app's Export Figure dialog share everything here.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Final

from whistgui.app.document import Document
from whistgui.engine import NotationError, SuitDeal, WhistError
from whistgui.engine.reading import quote
from whistgui.figures.backends import FORMATS, FigureError, whole_points, write
from whistgui.figures.fonts import DEFAULT_FONT, FONTS, find_font, using_font
from whistgui.figures.scene import Figure

__all__ = [
    "DEFAULT_DEPTHS",
    "DEFAULT_FONT",
    "DEFAULT_OPTIMAL_ONLY",
    "FONTS",
    "FORMATS",
    "MAX_SUITS",
    "VIEWS",
    "Figure",
    "FigureError",
    "FigureOptions",
    "build_figure",
    "check_suits",
    "find_font",
    "format_length",
    "parse_font_size",
    "parse_length",
    "using_font",
    "write",
]

VIEWS: Final = {
    "deal": "the deal as the papers print it",
    "analysis": "each suit's value, the sum and the outcome",
    "table": "the deal and its analysis",
    "matrix": "the α matrix of a suit (R43's matrix A in Greedy Whist and five-card)",
    "numberline": "L(D), I(D) and R(D) of a suit on the number line",
    "tree": "the tree of a suit's reductions, to a depth",
    "lattice": "R43's lattice of a suit's trick sets, those optimal play reaches marked",
    "play": "the record of optimal play, trick by trick, with reasons",
    "playtree": "the whole deal's tree of tricks along optimal play, to a depth",
}

#: The depth each view with a depth is drawn to unless one is asked for: the tree of
#: reductions two levels down; the play tree one trick (a deal of 13 cards a hand has some 60
#: first tricks, every optimal one as many replies again: deal (27) to depth 2 has 341 rows).
DEFAULT_DEPTHS: Final = {"tree": 2, "playtree": 1}
#: The play tree draws only the optimal tricks unless asked for every one: with every trick,
#: deal (27) to one trick is 120 × 346 mm, taller than a journal's page.
DEFAULT_OPTIMAL_ONLY: Final = True

#: The views that draw every suit of the deal (the others draw one suit, ``--suit``).
_ALL_SUITS_VIEWS: Final = ("deal", "analysis", "table", "play", "playtree")
#: The most suits a figure of the whole deal draws. An article's deal has a handful; 100 suits
#: make a table 1.3 m tall at 9 pt (still a PNG at 300 dpi) and take seconds to analyse and
#: lay out, where thousands took minutes and gigabytes.
MAX_SUITS: Final = 100

#: Points per unit (the PostScript point, as PDF and SVG count; a pixel at 96 dpi).
_UNITS: Final = {
    "pt": 1.0,
    "mm": 72 / 25.4,
    "cm": 72 / 2.54,
    "m": 72 / 0.0254,
    "in": 72.0,
    "px": 0.75,
}
#: The widths a figure may have, in points: 7 mm to 1.7 m, as the message says them.
_WIDTHS: Final = (7 * 72 / 25.4, 1.7 * 72 / 0.0254)
#: A length: a number (signed, so that a negative one is refused by its range, saying what is
#: expected) and perhaps a unit.
_LENGTH = re.compile(r"\s*([-+]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+))\s*([a-z]*)\s*$")


def parse_length(text: str, *, default_unit: str = "mm") -> float:
    """A length such as ``120mm``, ``12cm``, ``0.2m``, ``4.5in``, ``340pt`` or ``120`` (in
    ``default_unit``) in points, from 7 mm to 1.7 m; NotationError quoting the text
    otherwise.

    >>> round(parse_length('1.7 m')), round(parse_length('7mm'), 2)
    (4819, 19.84)
    >>> parse_length('-5mm')
    Traceback (most recent call last):
    ...
    whistgui.engine.errors.NotationError: '-5mm': expected a width from 7 mm to 1.7 m
    """
    m = _LENGTH.match(text.lower())
    unit = (m.group(2) or default_unit) if m else ""
    if m is None or unit not in _UNITS:
        raise NotationError(
            f"{quote(text)} is not a length; expected a number and a unit, like 120mm, 12cm, "
            "4.5in or 340pt"
        )
    value = float(m.group(1)) * _UNITS[unit]
    low, high = _WIDTHS
    if not low * (1 - 1e-9) <= value <= high * (1 + 1e-9):
        raise NotationError(f"{quote(text)}: expected a width from 7 mm to 1.7 m")
    return value


def parse_font_size(text: str) -> float:
    """A font size such as ``9pt`` or ``9`` in points; NotationError otherwise."""
    m = _LENGTH.match(text.lower())
    unit = (m.group(2) or "pt") if m else ""
    if m is None or unit not in _UNITS:
        raise NotationError(f"{quote(text)} is not a font size; expected points, like 9pt or 10.5")
    value = float(m.group(1)) * _UNITS[unit]
    if not 4 <= value <= 72:
        raise NotationError(f"{quote(text)}: expected a font size from 4 pt to 72 pt")
    return value


def format_length(points: float) -> str:
    """``340.16`` → ``120mm``."""
    return f"{points / _UNITS['mm']:.4g}mm"


@dataclass(frozen=True, slots=True)
class FigureOptions:
    """What a figure is laid out for. ``suit`` counts from 1; ``depth`` is how deep a tree
    goes (None: the view's :data:`DEFAULT_DEPTHS`); ``cards`` is how much of the
    play record to show (None: all of it); ``font`` the face it is set in, one of
    :data:`FONTS` (None: the face in use, :func:`~whistgui.figures.fonts.using_font`, DejaVu
    Sans outside any)."""

    width: float = 120 * 72 / 25.4
    font_size: float = 9.0
    suit: int = 1
    depth: int | None = None
    cards: int | None = None
    font: str | None = None
    #: the play tree: only the optimal tricks (True), every trick from each optimal one
    #: (False), or the view's default, :data:`DEFAULT_OPTIMAL_ONLY` (None)
    optimal_only: bool | None = None


def _suit(doc: Document, options: FigureOptions) -> SuitDeal:
    suits = doc.deal.suits
    if not 1 <= options.suit <= len(suits):
        raise NotationError(f"suit {options.suit}: the deal {doc.deal} has suits 1 to {len(suits)}")
    return suits[options.suit - 1]


def build_figure(view: str, doc: Document, options: FigureOptions | None = None) -> Figure:
    """The figure ``view`` (one of :data:`VIEWS`) of ``doc``, laid out for ``options`` in its
    font, its page a whole number of points (the width rounded — within 0.18 mm of the
    request — and the height rounded up: PDF writers count pages in whole points, and every
    format gets the same page). WhistError (with the reason) for a view the deal or its game
    cannot have; NotationError for a font that is not one of :data:`FONTS`."""
    o = options or FigureOptions()
    with using_font(o.font):
        return whole_points(_build(view, doc, o))


def check_suits(view: str, doc: Document) -> None:
    """WhistError, before any analysis or layout, if ``view`` draws every suit of ``doc``
    and it has more than :data:`MAX_SUITS` (quoting the deal, saying how many it has)."""
    n = len(doc.deal.suits)
    if view in _ALL_SUITS_VIEWS and n > MAX_SUITS:
        raise WhistError(
            f"the deal {quote(str(doc.deal))} has {n:,} suits; the {view} figure draws at most "
            f"{MAX_SUITS}: choose fewer suits, or a figure of one suit (matrix, "
            "numberline, tree or lattice)"
        )


def _build(view: str, doc: Document, o: FigureOptions) -> Figure:
    from whistgui.engine import Evaluator, Solver

    if view not in VIEWS:
        raise NotationError(f"{quote(view)} is not a figure; expected one of {', '.join(VIEWS)}")
    check_suits(view, doc)
    if view == "deal":
        from whistgui.figures.deal import build_deal

        return build_deal(doc, o.width, o.font_size)
    if view in ("analysis", "table"):
        from whistgui.app.analysis import analyse
        from whistgui.figures.analysis import build_analysis, draw_analysis
        from whistgui.figures.deal import build_deal

        result = analyse(doc, Evaluator(), Solver())
        if view == "analysis":
            return build_analysis(result, o.width, o.font_size)
        fig = build_deal(doc, o.width, o.font_size)
        margin = o.font_size
        bottom = draw_analysis(fig, result, margin, fig.height, fig.width - 2 * margin)
        fig.height = bottom + margin
        fig.title = doc.title or f"{doc.deal}"
        return fig
    if view == "play":
        from whistgui.figures.play import build_play

        return build_play(doc, o.width, o.font_size, cards=o.cards)
    if view == "playtree":
        from whistgui.figures.playtree import build_play_tree

        only = DEFAULT_OPTIMAL_ONLY if o.optimal_only is None else o.optimal_only
        return build_play_tree(doc, o.width, o.font_size, depth=_depth(view, o), optimal_only=only)
    suit = _suit(doc, o)
    if view == "lattice":
        from whistgui.figures.lattice import build_lattice

        return build_lattice(suit, o.width, o.font_size)
    if view == "matrix":
        from whistgui.figures.matrix import build_matrix

        return build_matrix(suit, doc.game_info, o.width, o.font_size)
    # Greedy Whist's number line and tree are of its values (over the greedy reductions)
    theory = doc.game_info.new_theory()
    greedy = getattr(getattr(theory, "evaluator", None), "greedy", False) is True
    if view == "numberline":
        from whistgui.figures.numberline import build_numberline

        return build_numberline(suit, o.width, o.font_size, evaluator=Evaluator(greedy=greedy))
    from whistgui.figures.tree import build_tree

    ev = Evaluator(greedy=greedy)
    return build_tree(suit, o.width, o.font_size, depth=_depth(view, o), evaluator=ev)


def _depth(view: str, o: FigureOptions) -> int:
    return DEFAULT_DEPTHS[view] if o.depth is None else o.depth
