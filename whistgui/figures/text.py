"""The figure font, and text measured and wrapped in it.

Figures are set in a face shipped with the app (:mod:`whistgui.figures.fonts`: DejaVu Sans,
which holds the papers' ε, ±, ½, subscripts and suit symbols in one face, or Latin Modern, the
face of LaTeX articles), so that a figure is laid out the same on every machine; the functions
here measure in the face of the :func:`~whistgui.figures.fonts.using_font` block they run in,
or in the ``face`` they are given. Sizes are in points and so are the measurements: they are
taken on a 72-dpi device with hinting off, so that they scale exactly to any resolution the
figure is drawn at.

A run of text is drawn as one or more :class:`Run` pieces (:func:`runs`): one, in DejaVu
Sans; in Latin Modern, which has no subscript digits, ``ε₇`` is ``𝜀`` then a ``7`` at 70 %
of the size, lowered by 0.15 of the size — where TeX puts ``$\\varepsilon_7$`` — and a
superscript is raised by 0.36 of it; a fraction the face lacks (``⅜``) is a raised small
numerator, the fraction slash and a small denominator. A character with the combining
circumflex after it (misère nim's ``1̂``, strange algebra §6.2) is drawn with a hat over it in
every face: no face stacks that mark over a digit where it belongs (DejaVu Sans draws it high
above the line, Latin Modern through the digit's top), so the hat is a piece of its own, the
spacing circumflex ``ˆ`` centred over the character's top and clear of it
(:func:`hat_place`; the screens draw it so too). Every backend draws the pieces, so that what
is drawn is what was measured.
"""

from __future__ import annotations

import os
import unicodedata
from dataclasses import dataclass
from functools import cache, lru_cache
from typing import TYPE_CHECKING, Final

from whistgui.figures.fonts import FONTS, Typeface, current_font

if TYPE_CHECKING:
    from PySide6.QtGui import QFont, QFontMetricsF, QImage

__all__ = [
    "FAMILY",
    "HAT",
    "HAT_GLYPH",
    "SUBSCRIPT_FAMILY",
    "Run",
    "ensure_app",
    "font",
    "hat_place",
    "line_height",
    "measure",
    "runs",
    "screen_font",
    "unhatted",
    "use_figure_font",
    "wrap",
    "wrap_tokens",
]

#: The app's own face (its screens are set in it) and the figures' default.
FAMILY = "DejaVu Sans"
#: The family of the screen's subscript digits (resources/fonts/whistgui-subscripts*.ttf).
SUBSCRIPT_FAMILY: Final = "whistgui Subscripts"


def ensure_app() -> None:
    """A Qt GUI application (offscreen when there is none and no screen is wanted), with the
    figure fonts loaded from the app's resources."""
    from PySide6.QtGui import QGuiApplication

    if QGuiApplication.instance() is None:
        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
        QGuiApplication(["whist"])
    _load_fonts()


def use_figure_font(app: object) -> None:
    """Set the whole app in the figure font (shipped with it), so that the screen's text and
    the figures' are one face with the papers' symbols (ε, ±, ½, subscripts, suits) — its
    subscript digits ₀ … ₉ from :data:`SUBSCRIPT_FAMILY`, first in the font's families (it
    has those ten glyphs only, and DejaVu Sans's metrics): DejaVu Sans's own are 5 px tall at
    the app's 9 pt, ₆ and ₈ reading as ₀."""
    from PySide6.QtGui import QGuiApplication

    _load_fonts()
    if isinstance(app, QGuiApplication):
        app.setFont(screen_font(app.font()))


def screen_font(base: QFont) -> QFont:
    """``base`` in the screen's face: the subscript digits, then DejaVu Sans."""
    from PySide6.QtGui import QFont

    _load_fonts()
    f = QFont(base)
    f.setFamilies([SUBSCRIPT_FAMILY, FAMILY])
    return f


@cache
def _load_fonts() -> None:
    from PySide6.QtGui import QFontDatabase

    from whistgui.resources import SCREEN_FONTS, resource_path

    files = [f for face in FONTS.values() for f in face.files]
    for name in dict.fromkeys([*files, *SCREEN_FONTS]):
        QFontDatabase.addApplicationFont(str(resource_path(name)))


def font(
    size: float, *, bold: bool = False, italic: bool = False, face: Typeface | None = None
) -> QFont:
    """The figure font (``face``, or the one in use) at ``size`` points (on a 72-dpi device:
    one point per unit); a glyph its first family lacks is taken from the next."""
    from PySide6.QtGui import QFont

    ensure_app()
    fam = (face or current_font()).families
    f = QFont(fam[0])
    if len(fam) > 1:
        f.setFamilies(list(fam))
    f.setPointSizeF(size)
    f.setBold(bold)
    f.setItalic(italic)
    f.setHintingPreference(QFont.HintingPreference.PreferNoHinting)
    f.setKerning(False)  # SVG and PDF renderers place glyphs by their advances
    return f


@cache
def _metrics(size: float, bold: bool, italic: bool, face: Typeface) -> QFontMetricsF:
    from PySide6.QtGui import QFontMetricsF

    device = _device()
    return QFontMetricsF(font(size, bold=bold, italic=italic, face=face), device)


@cache
def _device() -> QImage:
    """A 72-dpi image: fonts measured on it measure in points."""
    from PySide6.QtGui import QImage

    image = QImage(1, 1, QImage.Format.Format_ARGB32)
    dpm = round(72 / 0.0254)
    image.setDotsPerMeterX(dpm)
    image.setDotsPerMeterY(dpm)
    return image


@dataclass(frozen=True, slots=True)
class Run:
    """A piece of a run of text as drawn: ``text`` at ``size`` points, starting ``dx`` points
    after the run's start, its baseline ``rise`` points below the run's (negative: above)."""

    text: str
    dx: float
    size: float
    rise: float = 0.0


#: A script's size, as a part of the text's (TeX's 7 pt scripts in 10 pt text).
SCRIPT: Final = 0.7
#: How far a subscript is lowered and a superscript raised, as parts of the text's size (TeX's
#: sub1 and sup2 of Computer Modern: 0.15 and 0.363 em).
SUB_DROP: Final = 0.15
SUP_RISE: Final = 0.36
_SUB: Final = str.maketrans("₀₁₂₃₄₅₆₇₈₉₋₊₌₍₎", "0123456789−+=()")
_SUPER: Final = str.maketrans("⁰¹²³⁴⁵⁶⁷⁸⁹⁻⁺⁼⁽⁾", "0123456789−+=()")
#: The fractions Latin Modern Roman has glyphs for (the others are made of digits).
_OWN_FRACTIONS: Final = frozenset("½¼¾")
_FRACTION_SLASH: Final = "\u2044"
#: Greek α … ω to mathematical italic 𝛼 … 𝜔 (U+1D6FC …), as LaTeX sets them in math.
_MATH_ITALIC: Final = {c: chr(0x1D6FC + c - 0x3B1) for c in range(0x3B1, 0x3CA)}


#: The combining circumflex: misère nim's hat, after each digit it is on (``1̂2̂``).
HAT: Final = "\u0302"
#: What is drawn for it: the spacing circumflex, placed over the character.
HAT_GLYPH: Final = "\u02c6"
#: The room between a character's top and its hat, as a part of the size (TeX's accents sit
#: about so far above a capital's top).
_HAT_GAP: Final = 0.05


def unhatted(text: str) -> tuple[str, tuple[int, ...]]:
    """``text`` without its combining hats, and the places (in it) of the characters that
    wore one.

    >>> unhatted("Sum: 1\u0302 — 1\u03022\u0302")
    ('Sum: 1 — 12', (5, 9, 10))
    """
    out: list[str] = []
    hatted: list[int] = []
    for ch in text:
        if ch == HAT and out:
            if not hatted or hatted[-1] != len(out) - 1:
                hatted.append(len(out) - 1)
        else:
            out.append(ch)
    return "".join(out), tuple(hatted)


def hat_place(f: QFont, ch: str) -> tuple[float, float]:
    """Where :data:`HAT_GLYPH` is drawn over ``ch`` in the font ``f``, as parts of its size:
    how far after ``ch``'s start and how far below its baseline (negative: above) — centred
    over the top of ``ch``'s ink (an italic's top leans right), its lowest point
    :data:`_HAT_GAP` above that top."""
    families = tuple(f.families()) or (f.family(),)
    return _hat_place(families, f.bold(), f.italic(), ch)


@lru_cache(maxsize=512)
def _hat_place(families: tuple[str, ...], bold: bool, italic: bool, ch: str) -> tuple[float, float]:
    from PySide6.QtCore import QRectF
    from PySide6.QtGui import QFont, QPainterPath

    _load_fonts()
    em = 1000.0
    big = QFont(families[0])
    big.setFamilies(list(families))
    big.setBold(bold)
    big.setItalic(italic)
    big.setPixelSize(int(em))
    big.setHintingPreference(QFont.HintingPreference.PreferNoHinting)
    shape = QPainterPath()
    shape.addText(0, 0, big, ch)
    box = shape.boundingRect()
    if box.isEmpty():  # a space: the hat over its advance
        box = QRectF(0, -0.7 * em, 0.5 * em, 0.7 * em)
        top = box
    else:
        band = QPainterPath()
        band.addRect(QRectF(box.left() - em, box.top(), box.width() + 2 * em, 0.12 * em))
        top = shape.intersected(band).boundingRect()
    hat = QPainterPath()
    hat.addText(0, 0, big, HAT_GLYPH)
    cap = hat.boundingRect()
    dx = top.center().x() - cap.center().x()
    rise = box.top() - _HAT_GAP * em - cap.bottom()
    return dx / em, rise / em


def _script(ch: str) -> str | None:
    """``"sub"``, ``"sup"`` or None: is ``ch`` a subscript or superscript character?"""
    if ch.translate(_SUB) != ch:
        return "sub"
    if ch.translate(_SUPER) != ch:
        return "sup"
    return None


def _fraction(ch: str) -> tuple[str, str] | None:
    """A vulgar fraction's numerator and denominator (``⅜`` → ``("3", "8")``), or None."""
    if ch in _OWN_FRACTIONS or unicodedata.category(ch) != "No":
        return None
    name = unicodedata.decomposition(ch)  # '<fraction> 0033 2044 0038'
    if not name.startswith("<fraction>"):
        return None
    digits = "".join(chr(int(h, 16)) for h in name.split()[1:])
    num, slash, den = digits.partition(_FRACTION_SLASH)
    return (num, den) if slash else None


def runs(
    text: str,
    size: float,
    *,
    bold: bool = False,
    italic: bool = False,
    face: Typeface | None = None,
) -> tuple[Run, ...]:
    """The pieces ``text`` at ``size`` points is drawn as in ``face`` (or the one in use): the
    whole text at once in a face that has every glyph the papers use; in one that does not,
    its subscripts, superscripts and missing fractions as smaller digits, lowered or raised
    (see the module docstring), and Greek in math italic where the face asks for it.

    >>> LM = FONTS["latin-modern"]

    >>> [(r.text, r.size, round(r.rise, 2)) for r in runs("ε₁₂ + ⅜", 10, face=LM)]
    ... # doctest: +NORMALIZE_WHITESPACE
    [('𝜀', 10, 0.0), ('12', 7.0, 1.5), (' + ', 10, 0.0),
     ('3', 7.0, -3.6), ('⁄', 10, 0.0), ('8', 7.0, 0.0)]
    >>> runs("ε₁₂", 10, face=FONTS["dejavu-sans"])  # it has them all
    (Run(text='ε₁₂', dx=0.0, size=10, rise=0.0),)
    """
    return _runs(text, size, bold, italic, face or current_font())


@lru_cache(maxsize=8192)
def _runs(text: str, size: float, bold: bool, italic: bool, face: Typeface) -> tuple[Run, ...]:
    if HAT in text:  # the text without its hats, then each hat over its character
        plain, hatted = unhatted(text)
        f = font(size, bold=bold, italic=italic, face=face)
        hats = []
        for k in hatted:
            dx, rise = hat_place(f, plain[k])
            x = measure(plain[:k], size, bold=bold, italic=italic, face=face)
            hats.append(Run(HAT_GLYPH, x + dx * size, size, rise * size))
        return _runs(plain, size, bold, italic, face) + tuple(hats)
    if not (face.scripts or face.math_italic or face.stand_ins):
        return (Run(text, 0.0, size),)
    small = SCRIPT * size
    pieces: list[tuple[str, float, float]] = []  # (text, size, rise)

    def add(t: str, s: float, rise: float) -> None:
        if pieces and pieces[-1][1:] == (s, rise):
            pieces[-1] = (pieces[-1][0] + t, s, rise)
        else:
            pieces.append((t, s, rise))

    stand_ins = dict(face.stand_ins)
    for ch in text:
        ch = stand_ins.get(ch, ch)
        kind = _script(ch) if face.scripts else None
        frac = _fraction(ch) if face.scripts else None
        if kind == "sub":
            add(ch.translate(_SUB), small, SUB_DROP * size)
        elif kind == "sup":
            add(ch.translate(_SUPER), small, -SUP_RISE * size)
        elif frac is not None:
            add(frac[0], small, -SUP_RISE * size)
            add(_FRACTION_SLASH, size, 0.0)
            add(frac[1], small, 0.0)
        elif face.math_italic and ord(ch) in _MATH_ITALIC:
            add(_MATH_ITALIC[ord(ch)], size, 0.0)
        else:
            add(ch, size, 0.0)
    if not pieces:
        return (Run("", 0.0, size),)
    out: list[Run] = []
    x = 0.0
    for t, s, rise in pieces:
        out.append(Run(t, x, s, rise))
        x += _metrics(s, bold, italic, face).horizontalAdvance(t)
    return tuple(out)


def measure(
    text: str,
    size: float,
    *,
    bold: bool = False,
    italic: bool = False,
    face: Typeface | None = None,
) -> float:
    """The advance of ``text`` in points, in ``face`` (or the one in use)."""
    f = face or current_font()
    if HAT in text:  # a hat takes no room across
        text = unhatted(text)[0]
    if not (f.scripts or f.math_italic or f.stand_ins):
        return _metrics(size, bold, italic, f).horizontalAdvance(text)
    pieces = _runs(text, size, bold, italic, f)
    last = pieces[-1]
    return last.dx + _metrics(last.size, bold, italic, f).horizontalAdvance(last.text)


def line_height(size: float) -> float:
    """The distance from one baseline to the next for text of ``size`` points."""
    return 1.25 * size


#: Points a measured text may exceed the width it must fit: a width computed as a text's own
#: measure plus padding, less the padding, may come back a hair short in floating point.
_SLACK = 1e-6


def wrap(
    text: str, size: float, width: float, *, bold: bool = False, italic: bool = False
) -> list[str]:
    """``text`` broken at spaces into lines no wider than ``width`` points (a word wider than
    that is broken between characters); never shortened. A paragraph does not end on a short
    tail — one short token ("0", "P."), or a line under a fifth of the width ("is 0"): words
    before it go down with it, where they fit.

    >>> wrap("P exactly when it is 0", 10, measure("P exactly when it is", 10))
    ['P exactly when', 'it is 0']
    """
    lines: list[str] = []
    for paragraph in text.split("\n"):
        start = len(lines)
        current = ""
        for word in paragraph.split(" "):
            trial = f"{current} {word}" if current else word
            if measure(trial, size, bold=bold, italic=italic) <= width + _SLACK or not current:
                current = trial
            else:
                lines.append(current)
                current = word
            while len(current) > 1:
                cut = _fitting(current, size, width, bold, italic)
                if cut == len(current):
                    break
                lines.append(current[:cut])
                current = current[cut:]
        lines.append(current)
        _no_orphan(lines, start, size, width, bold, italic)
    return lines


#: The longest last line that is an orphan: a token of at most this many characters.
_ORPHAN: Final = 3
#: A paragraph's last line narrower than this share of the width is a short tail ("is 0").
_TAIL: Final = 0.2
#: Words go down to a short tail only while the line before stays this share of the width.
_KEEP: Final = 0.5


def _no_orphan(
    lines: list[str], start: int, size: float, width: float, bold: bool, italic: bool
) -> None:
    """Bring words of the line before down to a paragraph's last line (from ``start`` in
    ``lines``) that is a short tail — one short token, or narrower than :data:`_TAIL` of the
    width (two short words, "is 0", were missed when only one token counted) — while they
    fit a line and the line before keeps :data:`_KEEP` of the width."""

    def wide(text: str) -> float:
        return measure(text, size, bold=bold, italic=italic)

    def short(text: str) -> bool:
        single = " " not in text and 0 < len(text) <= _ORPHAN
        return single or 0 < wide(text) < _TAIL * width

    while len(lines) - start >= 2 and short(lines[-1]) and " " in lines[-2]:
        head, word = lines[-2].rsplit(" ", 1)
        trial = f"{word} {lines[-1]}"
        if (
            not head.strip()
            or not word
            or wide(trial) > width + _SLACK
            or wide(head) < _KEEP * width
        ):
            return
        lines[-2:] = [head, trial]


def _fitting(text: str, size: float, width: float, bold: bool, italic: bool) -> int:
    """The longest start of ``text`` (at least one character) no wider than ``width``: found
    by doubling then halving, measuring a few starts about a line long — not every start of a
    long unbroken word (a title of 3,000 letters took 12 s that way)."""

    def fits(k: int) -> bool:
        return measure(text[:k], size, bold=bold, italic=italic) <= width + _SLACK

    good, bad = 1, 2
    while bad <= len(text) and fits(bad):
        good, bad = bad, 2 * bad
    if bad > len(text):
        if fits(len(text)):
            return len(text)
        bad = len(text)
    while bad - good > 1:  # fits(good), not fits(bad)
        mid = (good + bad) // 2
        if fits(mid):
            good = mid
        else:
            bad = mid
    return good


def wrap_tokens(
    tokens: list[tuple[str, str]],
    size: float,
    width: float,
    *,
    bold: bool = False,
    italic: bool = False,
) -> list[str]:
    """Tokens ``(text, joiner)`` — the joiner is what goes between the token and the one
    before it on a line (``" "`` or ``""``) — set into lines no wider than ``width``, breaking
    only between tokens; a token wider than a line is broken by :func:`wrap`. Never
    shortened."""
    lines: list[str] = []
    current = ""
    for token, joiner in tokens:
        trial = f"{current}{joiner}{token}" if current else token
        if measure(trial, size, bold=bold, italic=italic) <= width + _SLACK or not current:
            current = trial
        else:
            lines.append(current)
            current = token
        if measure(current, size, bold=bold, italic=italic) > width + _SLACK:
            *full, current = wrap(current, size, width, bold=bold, italic=italic)
            lines += full
    if current:
        lines.append(current)
    return lines
