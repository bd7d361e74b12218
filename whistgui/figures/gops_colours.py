"""GOPS's printed colours, which the screen's light theme shares (:mod:`whistgui.ui.theme`): in
a module of their own so that the theme, read at start-up, does not import the GOPS figures (and
through them the GOPS engine) before GOPS is first shown."""

from __future__ import annotations

from typing import Final

__all__ = ["A_COLOUR", "B_COLOUR", "DOMINATED_FILL", "DOMINATED_INK", "MIDDLE"]

#: The ends of the diverging scale: a cell that favours A (the row player), one that favours
#: B, and the middle (0). Black text reads on every colour between them.
A_COLOUR: Final = "#4393c3"
B_COLOUR: Final = "#d6604d"
MIDDLE: Final = "#f7f7f7"
#: Dominated bids: their cells' fill and their text.
DOMINATED_FILL: Final = "#e4e4e4"
DOMINATED_INK: Final = "#8a8a8a"
