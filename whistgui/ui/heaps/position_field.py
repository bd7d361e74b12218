"""The position as text above the board, as the trick games' deal field behaves: typed or
pasted, it reaches the board once it is complete — on Enter (or leaving the field), or after a
pause in the typing — never at each key, so a prefix that happens to parse (``1`` of ``12``)
never reaches it; bad text is marked with the rules' message, which quotes it, and changes
nothing. The message shows inside the field at its right, so that an error never moves the
board. Undo and redo keys ask for the session's, Esc for the position's text back."""

from __future__ import annotations

from typing import Final

from PySide6.QtCore import QEvent, QObject, Qt, QTimer, Signal
from PySide6.QtGui import QFontMetrics, QKeyEvent, QKeySequence
from PySide6.QtWidgets import QHBoxLayout, QLabel, QLineEdit, QToolButton, QWidget

from whistgui.ui.theme import colour, notifier, text_role
from whistgui.ui.widgets.elided import ElidedLabel
from whistgui.ui.widgets.keys import redo_keys, undo_keys
from whistgui.ui.widgets.messages import for_display

__all__ = ["PAUSE_MS", "PositionEdit", "PositionField"]

#: A pause in the typing this long (ms) settles the text (the deal field's).
PAUSE_MS: Final = 800


class PositionEdit(QLineEdit):
    """The line edit: its undo and redo keys ask for the session's, Esc to go back."""

    undoRequested = Signal()
    redoRequested = Signal()
    revertRequested = Signal()

    def _request(self, event: QKeyEvent) -> Signal | None:
        if event.key() == Qt.Key.Key_Escape and not event.modifiers():
            return self.revertRequested
        combo = QKeySequence(event.keyCombination())
        if any(combo == k for k in undo_keys()):
            return self.undoRequested
        if any(combo == k for k in redo_keys()):
            return self.redoRequested
        return None

    def event(self, event: QEvent) -> bool:
        if (
            event.type() == QEvent.Type.ShortcutOverride
            and isinstance(event, QKeyEvent)
            and self._request(event) is not None
        ):
            event.accept()
            return True
        return super().event(event)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        request = self._request(event)
        if request is None:
            super().keyPressEvent(event)
            return
        event.accept()
        request.emit()


class PositionField(QWidget):
    """The position as text; :attr:`settled` carries the text once it is complete (its owner
    applies it, or marks it with :meth:`set_error`)."""

    settled = Signal(str)

    _ERROR_STYLE: Final = "QLineEdit {{ border: 2px solid {red}; }}"
    #: The least share of the field's width the text keeps beside a message.
    TEXT_SHARE: Final = 0.35

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        row = QHBoxLayout(self)
        row.setContentsMargins(0, 0, 0, 0)
        label = QLabel("&Position:", self)
        self.edit = PositionEdit(self)
        self.edit.setObjectName("heapsPosition")
        self.edit.setClearButtonEnabled(True)
        label.setBuddy(self.edit)
        row.addWidget(label)
        row.addWidget(self.edit, 1)
        plain = self.edit.sizeHint().height()  # as tall with the error's border as without
        self.edit.setStyleSheet(self._ERROR_STYLE.format(red="red"))
        self.edit.setFixedHeight(max(plain, self.edit.sizeHint().height()))
        self.edit.setStyleSheet("")
        self.error = ElidedLabel(1, self.edit)
        self.error.setObjectName("heapsPositionError")
        text_role(self.error, "error")
        font = self.edit.font()
        font.setItalic(True)
        self.error.setFont(font)
        self.error.hide()
        self.edit.installEventFilter(self)
        self.edit.textChanged.connect(self._place_error)
        notifier().changed.connect(self._mark)
        self.pause = QTimer(self)
        self.pause.setSingleShot(True)
        self.pause.setInterval(PAUSE_MS)
        self.pause.timeout.connect(self._settle)
        self.edit.textEdited.connect(lambda _t: self.pause.start())
        self.edit.editingFinished.connect(self._settle)

    def _settle(self) -> None:
        self.pause.stop()
        self.settled.emit(self.edit.text())

    @property
    def pending(self) -> bool:
        """Is there typed text that has not settled yet?"""
        return self.pause.isActive()

    def show_text(self, text: str) -> None:
        """Show ``text`` (the position's), dropping typed text not settled and any message."""
        self.pause.stop()
        self.edit.setText(text)
        self.set_error("")

    def set_error(self, message: str) -> None:
        """Mark the field with ``message`` ("" clears the mark)."""
        self.error.setText(for_display(message))
        self._mark()
        self._place_error()

    @property
    def has_error(self) -> bool:
        return bool(self.error.text())

    def _place_error(self) -> None:
        edit = self.edit
        if not self.has_error:
            self.error.hide()
            edit.setTextMargins(0, 0, 0, 0)
            return
        right = edit.width() - 4
        for button in edit.findChildren(QToolButton):  # the clear button, when it shows
            if button.isVisible():
                right = min(right, button.geometry().left() - 2)
        text = edit.fontMetrics().horizontalAdvance(edit.text()) + 16
        room = right - max(text, round(edit.width() * self.TEXT_SHARE))
        want = QFontMetrics(self.error.font()).horizontalAdvance(self.error.text()) + 8
        width = max(60, min(want, room))
        height = self.error.height()
        self.error.setGeometry(right - width, (edit.height() - height) // 2, width, height)
        edit.setTextMargins(0, 0, edit.width() - (right - width) - 4, 0)
        self.error.show()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.edit and event.type() in (QEvent.Type.Resize, QEvent.Type.Show):
            self._place_error()
        return super().eventFilter(watched, event)

    def _mark(self, _theme: str = "") -> None:
        if self.has_error:
            self.edit.setStyleSheet(self._ERROR_STYLE.format(red=colour("error").name()))
        else:
            self.edit.setStyleSheet("")
