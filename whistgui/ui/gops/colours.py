"""GOPS's colours on screen: the heat map's diverging scale (blue favours A, red B), each
player's colour, dominated bids. All are roles of :mod:`whistgui.ui.theme` (on a light
background the printed figure's, :mod:`whistgui.figures.gops`), so they follow the theme."""

from __future__ import annotations

from PySide6.QtGui import QColor, QPalette

from whistgui.figures.gops import payoff_colour
from whistgui.ui.theme import colours, is_dark

__all__ = ["dominated_colours", "heat_colour", "side_colour"]


def heat_colour(value: float, scale: float, palette: QPalette | None = None) -> QColor:
    """A cell's fill: the printed figure's scale on a light background; on a dark one the
    same hues from the theme's ``heat_zero`` to its ``heat_a`` and ``heat_b``, deep enough for
    white text."""
    if not is_dark(palette):
        return QColor(payoff_colour(value, scale))
    roles = colours(palette)
    base = QColor(roles.heat_zero)
    end = QColor(roles.heat_a if value > 0 else roles.heat_b)
    t = 0.0 if scale <= 0 else min(1.0, abs(value) / scale)
    return QColor(
        round(base.red() + (end.red() - base.red()) * t),
        round(base.green() + (end.green() - base.green()) * t),
        round(base.blue() + (end.blue() - base.blue()) * t),
    )


def side_colour(side: str, palette: QPalette | None = None) -> QColor:
    """A's colour (blue) or B's (red): the theme's ``side_a`` and ``side_b``."""
    roles = colours(palette)
    return QColor(roles.side_a if side == "A" else roles.side_b)


def dominated_colours(palette: QPalette | None = None) -> tuple[QColor, QColor]:
    """Fill and text of a dominated bid's cells."""
    roles = colours(palette)
    return QColor(roles.dominated_fill), QColor(roles.dominated_text)
