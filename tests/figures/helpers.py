"""What the figure tests share: the texts of a figure, and that they lie on the page and
apart."""

from __future__ import annotations

import itertools
from typing import Final

from whistgui.figures.scene import Figure, Text

MM: Final = 72 / 25.4
WIDTH: Final = 120 * MM  # 120 mm = 340.16 pt


def texts(fig: Figure) -> list[Text]:
    return [i for i in fig.items if isinstance(i, Text)]


def overlap(a: Text, b: Text, eps: float = 0.01) -> bool:
    """Do the boxes of ``a`` and ``b`` (advance × font size above the baseline) meet?"""
    return (
        a.left < b.left + b.width - eps
        and b.left < a.left + a.width - eps
        and a.y - a.size < b.y - eps
        and b.y - b.size < a.y - eps
    )


def assert_inside(fig: Figure, eps: float = 0.01) -> None:
    """Every text on the page."""
    for t in texts(fig):
        assert t.left >= -eps, t
        assert t.left + t.width <= fig.width + eps, t
        assert t.y - t.size >= -eps, t
        assert t.y + 0.3 * t.size <= fig.height + eps, t


def assert_apart(fig: Figure) -> None:
    """No two texts on each other."""
    for a, b in itertools.combinations(texts(fig), 2):
        assert not overlap(a, b), (a.text, b.text)
