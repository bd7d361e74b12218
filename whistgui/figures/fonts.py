"""The faces a figure can be set in, and which one is in use.

Two, both shipped with the app (``resources/fonts``, each with its licence), so that a figure
is laid out and drawn the same on every machine:

``dejavu-sans``
    DejaVu Sans, the default: one sans-serif face with every symbol the papers use (ε, ±, ½,
    −, subscripts, ♠♥♦♣), the face of the app's own screens.
``latin-modern``
    Latin Modern Roman 10 (regular, bold, italic), the face of LaTeX articles. It has no
    Greek, no suits, no subscript digits: what it lacks is taken, glyph by glyph, from Latin
    Modern Math (ε and the other Greek letters in math italic, as ``$\\varepsilon$`` sets
    them; ♠♥♦♣, arrows, ≤, triangles; ★ as ``$\\star$`` sets it, ⋆), and subscripts,
    superscripts and fractions other than ½ ¼ ¾ are set as LaTeX sets them — smaller
    digits, lowered or raised — rather than taken from a face that has them
    (:func:`whistgui.figures.text.runs`). DejaVu Sans stands behind both for any character
    neither has (none of the papers' symbols: tests/figures/test_fonts.py).

A figure is built in one face: the measuring (:mod:`whistgui.figures.text`) uses the face of
the :func:`using_font` block it runs in (DejaVu Sans outside any), and a
:class:`~whistgui.figures.scene.Figure` made there records that face's name, so that every
backend draws it in the face it was measured in. Nothing here imports Qt.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Final

from whistgui.engine import NotationError
from whistgui.engine.reading import quote

__all__ = [
    "DEFAULT_FONT",
    "DEJAVU_SANS",
    "FONTS",
    "LATIN_MODERN",
    "Typeface",
    "current_font",
    "find_font",
    "using_font",
]


@dataclass(frozen=True, slots=True)
class Typeface:
    """A figure face: ``key`` its option value (``latin-modern``), ``name`` what a person
    reads (``Latin Modern``); ``families`` the Qt families tried for each glyph in turn,
    ``files`` the resources that hold them; ``css`` the SVG ``font-family``; ``latex`` the
    TikZ picture's family command; ``scripts``: subscripts, superscripts and fractions the
    face lacks drawn as small digits; ``math_italic``: Greek letters in math italic;
    ``stand_ins``: characters none of its families has, and what is drawn for them."""

    key: str
    name: str
    families: tuple[str, ...]
    files: tuple[str, ...]
    css: str
    latex: str
    scripts: bool = False
    math_italic: bool = False
    stand_ins: tuple[tuple[str, str], ...] = ()


_DEJAVU_FILES: Final = (
    "fonts/DejaVuSans.ttf",
    "fonts/DejaVuSans-Bold.ttf",
    "fonts/DejaVuSans-Oblique.ttf",
)

DEJAVU_SANS: Final = Typeface(
    "dejavu-sans",
    "DejaVu Sans",
    ("DejaVu Sans",),
    _DEJAVU_FILES,
    "DejaVu Sans, sans-serif",
    r"\sffamily",
)
LATIN_MODERN: Final = Typeface(
    "latin-modern",
    "Latin Modern",
    ("LM Roman 10", "Latin Modern Math", "DejaVu Sans"),
    (
        "fonts/lmroman10-regular.otf",
        "fonts/lmroman10-bold.otf",
        "fonts/lmroman10-italic.otf",
        "fonts/latinmodern-math.otf",
        *_DEJAVU_FILES,
    ),
    "'LM Roman 10', 'Latin Modern Roman', 'Latin Modern Math', 'DejaVu Sans', serif",
    r"\rmfamily",
    scripts=True,
    math_italic=True,
    stand_ins=(("★", "⋆"), ("✗", "×")),  # as TikZ sets them: \star, and x
)

#: The faces by option value, the default first.
FONTS: Final = {face.key: face for face in (DEJAVU_SANS, LATIN_MODERN)}
DEFAULT_FONT: Final = DEJAVU_SANS.key

_CURRENT: ContextVar[Typeface] = ContextVar("whistgui_figure_font", default=DEJAVU_SANS)


def find_font(name: str | Typeface) -> Typeface:
    """The face called ``name`` (one of :data:`FONTS`; a :class:`Typeface` is itself);
    NotationError quoting any other name and listing the faces.

    >>> find_font("latin-modern").name
    'Latin Modern'
    >>> find_font("times")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    whistgui.engine.errors.NotationError: 'times' is not a figure font; expected dejavu-sans or ...
    """
    if isinstance(name, Typeface):
        return name
    if not isinstance(name, str):
        raise TypeError(f"font: expected a font's name (str), not {type(name).__name__}")
    face = FONTS.get(name)
    if face is None:
        raise NotationError(f"{quote(name)} is not a figure font; expected {' or '.join(FONTS)}")
    return face


def current_font() -> Typeface:
    """The face figures are measured in here: that of the innermost :func:`using_font`
    block, or DejaVu Sans."""
    return _CURRENT.get()


@contextmanager
def using_font(name: str | Typeface | None) -> Iterator[Typeface]:
    """Measure and build figures in the face ``name`` (None: leave the face as it is) until
    the block ends; in this thread or task only.

    >>> with using_font("latin-modern") as face:
    ...     current_font().key
    'latin-modern'
    >>> current_font().key
    'dejavu-sans'
    """
    if name is None:
        yield current_font()
        return
    token = _CURRENT.set(find_font(name))
    try:
        yield _CURRENT.get()
    finally:
        _CURRENT.reset(token)
