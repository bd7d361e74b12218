"""The optimal-play panel's record: the line so far as the engine writes it
(:meth:`~whistgui.engine.strategy.PlayLine.text_lines`, cards named ``♦A``) — every card with
its reason, what a card that was not best gave away, the better card with its reason and where
play then stood. Each card's line leads back to its moment: clicking it (:attr:`RecordView.
stepClicked`) shows the position before the card, where the card list gives every legal card's
reason as it stood then (the step's own :attr:`~whistgui.engine.strategy.Step.reasons`).
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, Qt, Signal
from PySide6.QtGui import QHelpEvent, QMouseEvent
from PySide6.QtWidgets import QPlainTextEdit, QToolTip, QWidget

from whistgui.engine.strategy import PlayLine
from whistgui.engine.trick.cards import count
from whistgui.figures.play import card_text
from whistgui.ui.trick.play_turns import display_line

__all__ = ["RecordView"]


class RecordView(QPlainTextEdit):
    """The record, read-only; :attr:`stepClicked` (the card's index in the line) when a
    card's line is clicked."""

    stepClicked = Signal(int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("playRecord")
        self.setReadOnly(True)
        #: for each line of the text, the index of the card it belongs to (None: the deal's
        #: line, the outcome)
        self._owners: list[int | None] = []
        self._line: PlayLine | None = None
        self.viewport().installEventFilter(self)
        self.viewport().setCursor(Qt.CursorShape.PointingHandCursor)

    def show_line(self, line: PlayLine | None, first: str = "") -> None:
        """Write ``line`` (None: only ``first``, the deal while it is computed)."""
        self._line = line
        if line is None:
            self._owners = [None] if first else []
            self.setPlainText(first)
            return
        shown = display_line(line)
        owners: list[int | None] = [None]  # the deal and who leads
        for i, step in enumerate(shown.steps):
            owners += [i] * len(step.text_lines())
        text = shown.text_lines()
        owners += [None] * (len(text) - len(owners))  # the outcome
        self._owners = owners
        self.setPlainText("\n".join(text))
        bar = self.verticalScrollBar()
        bar.setValue(bar.maximum())

    def step_at(self, block: int) -> int | None:
        """The index of the card whose text is on line ``block`` (None: no card's)."""
        return self._owners[block] if 0 <= block < len(self._owners) else None

    def tip(self, i: int) -> str:
        """The tooltip of card ``i``'s lines."""
        assert self._line is not None
        step = self._line.steps[i]
        return (
            f"Trick {step.trick}, {step.player.word}'s {card_text(step.name)}: click to see "
            f"every legal card's reason before it was played "
            f"({count(len(step.reasons), 'legal card')})"
        )

    def _step_under(self, event: QMouseEvent) -> int | None:
        return self.step_at(self.cursorForPosition(event.position().toPoint()).blockNumber())

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.viewport() and self._line is not None:
            if event.type() == QEvent.Type.MouseButtonRelease and isinstance(event, QMouseEvent):
                i = self._step_under(event)
                if i is not None and not self.textCursor().hasSelection():
                    self.stepClicked.emit(i)
            elif event.type() == QEvent.Type.ToolTip and isinstance(event, QHelpEvent):
                i = self.step_at(self.cursorForPosition(event.pos()).blockNumber())
                if i is not None:
                    QToolTip.showText(event.globalPos(), self.tip(i), self.viewport())
                else:
                    QToolTip.hideText()
                return True
        return super().eventFilter(watched, event)
