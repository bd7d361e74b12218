"""The figure font, and text measured and wrapped in it.

Figures are set in DejaVu Sans, shipped with the app (it holds the papers' ε, ±, ½, subscripts
and suit symbols in one face), so that a figure is laid out the same on every machine. Sizes are
in points and so are the measurements: they are taken on a 72-dpi device with hinting off, so
that they scale exactly to any resolution the figure is drawn at.
"""

from __future__ import annotations

import os
from functools import cache
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from PySide6.QtGui import QFont, QFontMetricsF, QImage

__all__ = [
    "FAMILY",
    "ensure_app",
    "font",
    "line_height",
    "measure",
    "use_figure_font",
    "wrap",
    "wrap_tokens",
]

FAMILY = "DejaVu Sans"


def ensure_app() -> None:
    """A Qt GUI application (offscreen when there is none and no screen is wanted), with the
    figure font loaded from the app's resources."""
    from PySide6.QtGui import QGuiApplication

    if QGuiApplication.instance() is None:
        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
        QGuiApplication(["whist"])
    _load_fonts()


def use_figure_font(app: object) -> None:
    """Set the whole app in the figure font (shipped with it), so that the screen's text and
    the figures' are one face with the papers' symbols (ε, ±, ½, subscripts, suits)."""
    from PySide6.QtGui import QFont, QGuiApplication

    _load_fonts()
    if isinstance(app, QGuiApplication):
        f = QFont(app.font())
        f.setFamily(FAMILY)
        app.setFont(f)


@cache
def _load_fonts() -> None:
    from PySide6.QtGui import QFontDatabase

    from whistgui.resources import FIGURE_FONTS, resource_path

    for name in FIGURE_FONTS:
        QFontDatabase.addApplicationFont(str(resource_path(name)))


def font(size: float, *, bold: bool = False, italic: bool = False) -> QFont:
    """The figure font at ``size`` points (on a 72-dpi device: one point per unit)."""
    from PySide6.QtGui import QFont

    ensure_app()
    f = QFont(FAMILY)
    f.setPointSizeF(size)
    f.setBold(bold)
    f.setItalic(italic)
    f.setHintingPreference(QFont.HintingPreference.PreferNoHinting)
    f.setKerning(False)  # SVG and PDF renderers place glyphs by their advances
    return f


@cache
def _metrics(size: float, bold: bool, italic: bool) -> QFontMetricsF:
    from PySide6.QtGui import QFontMetricsF

    device = _device()
    return QFontMetricsF(font(size, bold=bold, italic=italic), device)


@cache
def _device() -> QImage:
    """A 72-dpi image: fonts measured on it measure in points."""
    from PySide6.QtGui import QImage

    image = QImage(1, 1, QImage.Format.Format_ARGB32)
    dpm = round(72 / 0.0254)
    image.setDotsPerMeterX(dpm)
    image.setDotsPerMeterY(dpm)
    return image


def measure(text: str, size: float, *, bold: bool = False, italic: bool = False) -> float:
    """The advance of ``text`` in points."""
    return _metrics(size, bold, italic).horizontalAdvance(text)


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
    that is broken between characters); never shortened."""
    lines: list[str] = []
    for paragraph in text.split("\n"):
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
    return lines


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
