"""How well two colours read on each other: WCAG's contrast ratio, for the tests that check a
theme's text colours on their backgrounds (test_theme, test_theme_views)."""

from __future__ import annotations

from PySide6.QtGui import QColor


def _luminance(c: QColor) -> float:
    def lin(x: float) -> float:
        return x / 12.92 if x <= 0.04045 else ((x + 0.055) / 1.055) ** 2.4

    return 0.2126 * lin(c.redF()) + 0.7152 * lin(c.greenF()) + 0.0722 * lin(c.blueF())


def contrast(a: QColor, b: QColor) -> float:
    """From 1 (the same luminance) to 21 (black on white)."""
    hi, lo = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)
