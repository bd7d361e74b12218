"""The printed colours of the games of heaps and piles, which the screen's light theme shares
(:mod:`whistgui.ui.theme`): in a module of their own so that the theme, read at start-up,
imports no game of heaps."""

from __future__ import annotations

from typing import Final

__all__ = ["BLUE_COUNTER", "COUNTER", "COUNTER_EDGE", "P_CLASS", "RED_COUNTER"]

#: A heap's counter (no colour of its own), a hackenbush pile's blue and red counters, and the
#: line round each: a wood brown, a blue and a red that black text and a white edge tell apart
#: and that read apart in grey (lightness 45, 38, 46 %).
COUNTER: Final = "#a1887f"
BLUE_COUNTER: Final = "#1e5bb8"
RED_COUNTER: Final = "#c62828"
COUNTER_EDGE: Final = "#3e2723"
#: A class of P-positions in the quotient's multiplication table: a light green that black
#: numbers read on, and that prints as a light grey.
P_CLASS: Final = "#c8e6c9"
