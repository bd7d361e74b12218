"""Light and dark: the app follows the system palette, or a theme the user picks
(View ▸ Theme: System, Light, Dark), and every colour it paints is either taken from the
palette or paired with a text colour that contrasts with it.

>>> contrasting_text(QColor("#ffe082")).name(), contrasting_text(QColor("#202020")).name()
('#000000', '#ffffff')
"""

from __future__ import annotations

from typing import Final

from PySide6.QtGui import QColor, QGuiApplication, QPalette

__all__ = [
    "THEMES",
    "ThemeError",
    "apply_theme",
    "contrasting_text",
    "error_colour",
    "is_dark",
    "success_colour",
]

#: The themes a user can pick; "system" leaves the platform's palette alone.
THEMES: Final = ("system", "light", "dark")

_ROLE = QPalette.ColorRole
_DARK: Final = {
    _ROLE.Window: "#2b2b2b",
    _ROLE.WindowText: "#e8e8e8",
    _ROLE.Base: "#1e1e1e",
    _ROLE.AlternateBase: "#2f2f2f",
    _ROLE.ToolTipBase: "#3a3a3a",
    _ROLE.ToolTipText: "#f0f0f0",
    _ROLE.PlaceholderText: "#8a8a8a",
    _ROLE.Text: "#e8e8e8",
    _ROLE.Button: "#353535",
    _ROLE.ButtonText: "#e8e8e8",
    _ROLE.BrightText: "#ff6b6b",
    _ROLE.Link: "#6cb4ff",
    _ROLE.Highlight: "#3d6fb4",
    _ROLE.HighlightedText: "#ffffff",
}
_LIGHT: Final = {
    _ROLE.Window: "#efefef",
    _ROLE.WindowText: "#141414",
    _ROLE.Base: "#ffffff",
    _ROLE.AlternateBase: "#f5f5f5",
    _ROLE.ToolTipBase: "#ffffdc",
    _ROLE.ToolTipText: "#141414",
    _ROLE.PlaceholderText: "#7a7a7a",
    _ROLE.Text: "#141414",
    _ROLE.Button: "#e6e6e6",
    _ROLE.ButtonText: "#141414",
    _ROLE.BrightText: "#d00000",
    _ROLE.Link: "#0b57b5",
    _ROLE.Highlight: "#3d7bd9",
    _ROLE.HighlightedText: "#ffffff",
}

_system_palette: QPalette | None = None


class ThemeError(ValueError):
    """An unknown theme name."""


def apply_theme(app: QGuiApplication, name: str) -> None:
    """Use the theme ``name`` (one of :data:`THEMES`) for the whole application."""
    global _system_palette  # the platform's palette, kept to return to "system"
    key = name.strip().lower()
    if key not in THEMES:
        raise ThemeError(f"unknown theme {name!r}; expected one of {', '.join(THEMES)}")
    if _system_palette is None:
        _system_palette = QPalette(app.palette())
    if key == "system":
        app.setPalette(_system_palette)
        return
    colours = _DARK if key == "dark" else _LIGHT
    pal = QPalette()
    for role, hex_ in colours.items():
        pal.setColor(role, QColor(hex_))
    disabled = QColor("#7f7f7f")
    for role in (_ROLE.WindowText, _ROLE.Text, _ROLE.ButtonText):
        pal.setColor(QPalette.ColorGroup.Disabled, role, disabled)
    app.setPalette(pal)


def is_dark(palette: QPalette | None = None) -> bool:
    """Is the window background dark (the text light)?"""
    pal = palette if palette is not None else QGuiApplication.palette()
    return pal.color(_ROLE.Window).lightnessF() < 0.5


def contrasting_text(background: QColor) -> QColor:
    """Black or white, whichever reads better on ``background`` (by relative luminance)."""
    r, g, b = (background.redF(), background.greenF(), background.blueF())

    def lin(c: float) -> float:
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    lum = 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b)
    return QColor("#000000") if lum > 0.179 else QColor("#ffffff")


def error_colour(palette: QPalette | None = None) -> QColor:
    """A red that reads on the window background."""
    return QColor("#ff6b6b") if is_dark(palette) else QColor("#b71c1c")


def success_colour(palette: QPalette | None = None) -> QColor:
    """A green that reads on the window background."""
    return QColor("#7bd88f") if is_dark(palette) else QColor("#1b5e20")
