"""Playing a deal: marks, the card to play, suit labels, reasons in words and the played
line (§12, §15).

* :mod:`~whistgui.engine.strategy.state` — the state between tricks that every way of playing
  shares: the start of a trick, whose exit a value carries, a suit's :class:`SuitLabel`;
* :mod:`~whistgui.engine.strategy.line` — a :class:`Step` per card and the :class:`PlayLine`
  they make, from which every export of a line (text, LaTeX, JSON) is drawn; a legal card's
  :class:`CardReason` (what it does, costs and why) and a position's :class:`Standing` (its
  value now and what it predicts);
* :mod:`~whistgui.engine.strategy.narrate` — why a card, in the paper's words;
* :mod:`~whistgui.engine.strategy.marks` — the :class:`Strategist`: marks of every legal card
  from whist's values (Theorem 12.1), the card to play, the suits' labels, confirmation by
  search, reasons (from narrate) and the line played from values;
* :mod:`~whistgui.engine.strategy.search` — any game's line by exact search, as the same
  :class:`PlayLine`.

Each imports only those above it in this list: no circle.

>>> from whistgui.engine import Deal, Player
>>> line = play_line(Deal.parse('KJ/AQ A/K K/A'), Player.WEST)   # deal (15)
>>> [s.name for s in line][:4], line.outcome
(['H:A', 'H:K', 'D:K', 'D:A'], 2)
>>> search_line(Deal.parse('KJ/AQ A/K K/A'), Player.WEST, 'greedy-whist').outcome
2
"""

from whistgui.engine.strategy.line import CONFIRM_MAX_CARDS, CardReason, PlayLine, Standing, Step
from whistgui.engine.strategy.marks import (
    Disagreement,
    Strategist,
    confirm,
    play_line,
    reason,
    suit_labels,
    value_step,
)
from whistgui.engine.strategy.search import SEARCH_MAX_CARDS, Searcher, search_line
from whistgui.engine.strategy.state import SuitLabel, TheoryElement

__all__ = [
    "CONFIRM_MAX_CARDS",
    "SEARCH_MAX_CARDS",
    "CardReason",
    "Disagreement",
    "PlayLine",
    "Searcher",
    "Standing",
    "Step",
    "Strategist",
    "SuitLabel",
    "TheoryElement",
    "confirm",
    "play_line",
    "reason",
    "search_line",
    "suit_labels",
    "value_step",
]
