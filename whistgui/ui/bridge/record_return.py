"""Back to the Record: the button that appears when a card other than the recorded line's is
played (the rest of the line dropped), says so on the felt and the status bar, and returns to
the line where it was left (one undoable step, as Ctrl+Z)."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtWidgets import QPushButton, QWidget

from whistgui.ui.bridge.session import BridgeSession

__all__ = ["RecordReturn"]


class RecordReturn(QPushButton):
    """Shown while the board's recorded line is left; a click goes back to it."""

    def __init__(
        self, session: BridgeSession, say: Callable[[str], None], parent: QWidget | None = None
    ) -> None:
        super().__init__("Bac&k to the Record", parent)
        self.setObjectName("bridgeBackToRecord")
        self.setToolTip("The recorded line of play again, at the card where you left it")
        self._session = session
        self._say = say
        self.clicked.connect(self._back)
        session.recordLeft.connect(self._left)
        session.boardsChanged.connect(lambda *_: self._update())
        session.documentChanged.connect(lambda _doc: self._update())
        self.setVisible(False)

    def _left(self, text: str) -> None:
        self._say(text)
        self._update()

    def _update(self) -> None:
        left = self._session.left_record
        # hands, not deals: while cards are being moved the hands are no deal
        shown = left is not None and left[0].hands == self._session.document.hands
        shown = shown and left is not None and left[0] != self._session.document
        self.setVisible(shown)

    def _back(self) -> None:
        self._session.back_to_record()
        self._update()
