"""The best continuation as a list under the line of play: a trick a row (``Trick 3: W ♠A N ♠2
E ♠3 S ♠4``), marked as the continuation, a few rows high and scrolling — the grid keeps its
height — or higher when the grid above it has room to spare (a short line of play at 1280 ×
800 left blank space over four rows). Activating a row plays the continuation up to the end of
that trick, to step it."""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QListWidget, QTableView, QWidget

from whistgui.engine.bridge import BridgeCard, BridgePosition
from whistgui.ui.bridge.review import Continuation, continuation_tricks

__all__ = ["ContinuationList"]

#: Rows shown before the list scrolls.
ROWS = 4


class ContinuationList(QListWidget):
    """The continuation's tricks; :attr:`cardsChosen` gives the cards up to a row's trick."""

    cardsChosen = Signal(list)  # list[BridgeCard]

    def __init__(self, parent: QWidget | None = None, *, beside: QTableView | None = None) -> None:
        super().__init__(parent)
        #: the grid above (the line of play): the list takes the room it leaves blank
        self._beside = beside
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
        row = self.sizeHintForRow(0)
        rows = min(self.count(), ROWS + self._spare() // max(1, row))
        self.setFixedHeight(row * rows + 2 * self.frameWidth() + 2)
        self.setVisible(True)

    def _spare(self) -> int:
        """The height the grid above leaves blank under its rows (0 without a grid)."""
        grid = self._beside
        if grid is None or not grid.isVisible():
            return 0
        model = grid.model()
        used = sum(grid.rowHeight(r) for r in range(model.rowCount())) if model else 0
        return max(0, grid.viewport().height() - used)

    def follow(self, position: BridgePosition | None) -> None:
        """The position shown changed: the list stays while it is one of the line's."""
        if self._line is not None and position not in self._positions:
            self.set_line(None)

    def _chosen(self, row: int) -> None:
        if self._line is not None and 0 <= row < len(self._ends):
            cards: list[BridgeCard] = [c for _, c in self._line.cards[: self._ends[row]]]
            self.cardsChosen.emit(cards)
