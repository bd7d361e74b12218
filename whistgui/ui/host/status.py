"""The window's status bar: a message longer than the bar is elided (``…``) and whole in the
bar's tooltip, never cut mid-word at the bar's edge (QStatusBar clips it)."""

from __future__ import annotations

from PySide6.QtCore import QElapsedTimer, Qt
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import QStatusBar, QWidget

__all__ = ["StatusBar"]


class StatusBar(QStatusBar):
    """A status bar whose messages are elided to its room, the whole message its tooltip.
    :meth:`currentMessage` is the whole message."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._full = ""
        self._timeout = 0
        self._since = QElapsedTimer()
        self.messageChanged.connect(self._on_changed)

    def showMessage(self, text: str, timeout: int = 0) -> None:
        self._full = text
        self._timeout = timeout
        self._since.start()
        self._show()

    def currentMessage(self) -> str:
        return self._full if super().currentMessage() else ""

    def shown_message(self) -> str:
        """The message as drawn (elided when longer than the bar's room)."""
        return super().currentMessage()

    def _room(self) -> int:
        """The width the message is drawn in: the bar's, less its permanent widgets'."""
        used = sum(
            w.width() + 8
            for w in self.findChildren(QWidget, options=Qt.FindChildOption.FindDirectChildrenOnly)
            if w.isVisible()
        )
        return max(40, self.width() - used - 16)

    def _show(self, timeout: int | None = None) -> None:
        text = self._full
        shown = self.fontMetrics().elidedText(text, Qt.TextElideMode.ElideRight, self._room())
        self.setToolTip(text if shown != text else "")
        super().showMessage(shown, self._timeout if timeout is None else timeout)

    def _on_changed(self, message: str) -> None:
        if not message:  # timed out or cleared
            self._full = ""
            self.setToolTip("")

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        if self._full and super().currentMessage():  # elided again to the new room
            left = 0
            if self._timeout > 0:
                left = max(1, self._timeout - int(self._since.elapsed()))
            self._show(left)
