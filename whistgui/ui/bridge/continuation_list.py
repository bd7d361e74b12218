"""The best continuation as a list under the line of play: a trick a row (``Trick 3: W ♠A N ♠2
E ♠3 S ♠4``), marked as the continuation, a few rows high and scrolling — the grid keeps its
height. Activating a row plays the continuation up to the end of that trick, to step it."""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QListWidget, QWidget

from whistgui.engine.bridge import BridgeCard, BridgePosition
from whistgui.ui.bridge.review import Continuation, continuation_tricks

__all__ = ["ContinuationList"]

#: Rows shown before the list scrolls.
ROWS = 4


class ContinuationList(QListWidget):
    """The continuation's tricks; :attr:`cardsChosen` gives the cards up to a row's trick."""

    cardsChosen = Signal(list)  # list[BridgeCard]

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("bridgeContinuation")
        self.setToolTip(
            "The best continuation (double dummy), a trick a row; double-click or Enter on a "
            "row plays it to the end of that trick"
        )
        self._line: Continuation | None = None
        self._ends: list[int] = []
        self._positions: set[BridgePosition] = set()
        self.start_cursor = 0
        self.itemActivated.connect(lambda item: self._chosen(self.row(item)))
        self.set_line(None)

    def set_line(self, line: Continuation | None, cursor: int = 0) -> None:
        """Show ``line``, which starts at ``cursor`` cards of the line of play (None: hide)."""
        self._line = line
        self.start_cursor = cursor
        self.clear()
        self._ends = []
        self._positions = set()
        if line is None or not line.cards:
            self.setVisible(False)
            return
        pos = line.start
        self._positions.add(pos)
        for _, card in line.cards:
            pos = pos.play(card)
            self._positions.add(pos)
        done = len(line.start.trick)
        for i, _ in enumerate(line.cards, start=1):
            if (done + i) % 4 == 0 or i == len(line.cards):
                self._ends.append(i)
        self.addItems([f"Best · {row}" for row in continuation_tricks(line)])
        rows = min(ROWS, self.count())
        self.setFixedHeight(self.sizeHintForRow(0) * rows + 2 * self.frameWidth() + 2)
        self.setVisible(True)

    def follow(self, position: BridgePosition | None) -> None:
        """The position shown changed: the list stays while it is one of the line's."""
        if self._line is not None and position not in self._positions:
            self.set_line(None)

    def _chosen(self, row: int) -> None:
        if self._line is not None and 0 <= row < len(self._ends):
            cards: list[BridgeCard] = [c for _, c in self._line.cards[: self._ends[row]]]
            self.cardsChosen.emit(cards)
