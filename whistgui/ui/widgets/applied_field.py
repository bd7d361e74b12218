"""A line of text applied only once it is complete, as the trick games' deal field and the heaps
position field are: typed or pasted, the text is handed to its owner on Enter (or on leaving the
field), or after a pause in the typing — never at each key, so a prefix that happens to parse
("S:AQ/KJ" of "S:AQ/KJ S:K/A", ``1`` of ``12``) never reaches the view; bad text is marked with
the owner's message (which quotes it) and changes nothing, the message going as soon as the
text is edited again (it was about text that is gone).

The message shows inside the field, at its right (the text typed keeps its width), so that an
error never moves what lies below; a message longer than its room is elided, whole in its
tooltip. The field's undo and redo keys, and Esc, ask the owner for its history and its text
(:class:`AppliedEdit`)."""

from __future__ import annotations

from typing import ClassVar, Final

from PySide6.QtCore import QEvent, QObject, Qt, QTimer, Signal, SignalInstance
from PySide6.QtGui import QAction, QContextMenuEvent, QFontMetrics, QKeyEvent, QKeySequence
from PySide6.QtWidgets import QHBoxLayout, QLabel, QLineEdit, QMenu, QToolButton, QWidget

from whistgui.ui.theme import colour, notifier, text_role
from whistgui.ui.widgets.elided import ElidedLabel
from whistgui.ui.widgets.keys import redo_keys, undo_keys
from whistgui.ui.widgets.messages import for_display

__all__ = ["PAUSE_MS", "AppliedEdit", "AppliedField"]

#: A pause in the typing this long (ms) settles the text: longer than the gap between two keys
#: of a typist, short enough that the view follows without Enter.
PAUSE_MS: Final = 800


class AppliedEdit(QLineEdit):
    """The field's line edit. Its undo and redo keys (and the Undo and Redo of its context
    menu, once :attr:`history_actions` are given) ask for the owner's undo and redo, never the
    edit's own text history, which would bring back text the view no longer shows; Esc asks
    to go back to the text of what is shown."""

    undoRequested = Signal()
    redoRequested = Signal()
    revertRequested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        #: The window's Undo and Redo actions, shown in the context menu instead of the
        #: edit's own (None: the edit's own).
        self.history_actions: tuple[QAction, QAction] | None = None

    def _request(self, event: QKeyEvent) -> SignalInstance | None:
        if event.key() == Qt.Key.Key_Escape and not event.modifiers():
            return self.revertRequested
        combo = QKeySequence(event.keyCombination())
        if any(combo == k for k in undo_keys()):
            return self.undoRequested
        if any(combo == k for k in redo_keys()):
            return self.redoRequested
        return None

    def event(self, event: QEvent) -> bool:
        # Claim our keys before any window shortcut does, so that they reach keyPressEvent.
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

    def context_menu(self) -> QMenu:
        """The edit's standard context menu, its Undo and Redo :attr:`history_actions`."""
        menu = self.createStandardContextMenu()
        if self.history_actions is not None:
            undo, redo = self.history_actions
            for act in menu.actions():
                mine = {"edit-undo": undo, "edit-redo": redo}.get(act.objectName())
                if mine is not None:
                    menu.insertAction(act, mine)
                    menu.removeAction(act)
        return menu

    def contextMenuEvent(self, event: QContextMenuEvent) -> None:
        menu = self.context_menu()
        menu.exec(event.globalPos())
        menu.deleteLater()


class AppliedField(QWidget):
    """A label and an :class:`AppliedEdit`; the text once complete is carried by
    :attr:`settled`: on Enter or when the field loses focus after an edit
    (:attr:`QLineEdit.editingFinished`), or :data:`PAUSE_MS` after the last edit. Its owner
    applies the text then, or marks it with :meth:`set_error`.

    ``label`` is the label's text (with its mnemonic), ``name`` the edit's object name (the
    message's is ``name`` + ``Error``)."""

    settled = Signal(str)  # the text, complete: apply it (or say why not)

    _ERROR_STYLE: Final = "QLineEdit {{ border: 2px solid {red}; }}"
    #: The least share of the field's width the text keeps beside a message.
    TEXT_SHARE: ClassVar[float] = 0.4

    def __init__(self, label: str, name: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        row = QHBoxLayout(self)
        row.setContentsMargins(0, 0, 0, 0)
        buddy = QLabel(label, self)
        self.edit = AppliedEdit(self)
        self.edit.setObjectName(name)
        self.edit.setClearButtonEnabled(True)
        buddy.setBuddy(self.edit)
        row.addWidget(buddy)
        row.addWidget(self.edit, 1)
        # as tall with the error's border as without: the border never moves what is below
        plain = self.edit.sizeHint().height()
        self.edit.setStyleSheet(self._ERROR_STYLE.format(red="red"))
        self.edit.setFixedHeight(max(plain, self.edit.sizeHint().height()))
        self.edit.setStyleSheet("")
        # the message inside the field, right of the text: showing it never moves what is below
        self.error = ElidedLabel(1, self.edit)
        self.error.setObjectName(f"{name}Error")
        text_role(self.error, "error")  # the theme's red, in any theme
        font = self.edit.font()
        font.setItalic(True)  # told apart from the text typed
        self.error.setFont(font)
        self.error.setCursor(Qt.CursorShape.IBeamCursor)
        self.error.hide()
        self.error.installEventFilter(self)
        self.edit.installEventFilter(self)
        self.edit.textChanged.connect(self._place_error)
        notifier().changed.connect(self._mark)  # the border in the new theme's red
        self.pause = QTimer(self)
        self.pause.setSingleShot(True)
        self.pause.setInterval(PAUSE_MS)
        self.pause.timeout.connect(self._settle)
        self.edit.textEdited.connect(self._on_edited)
        self.edit.editingFinished.connect(self._settle)

    def _on_edited(self, _text: str) -> None:
        """The text typed changed: the message was about text that is gone, and goes with it
        (the pause says again what is wrong, if something still is)."""
        if self.has_error:
            self.set_error("")
        self.pause.start()  # the text settles after a pause in the typing

    def _settle(self) -> None:
        self.pause.stop()
        self.settled.emit(self.edit.text())

    @property
    def pending(self) -> bool:
        """Is there typed text that has not settled yet?"""
        return self.pause.isActive()

    def show_text(self, text: str) -> None:
        """Show ``text`` (that of what is shown), dropping the typed text that had not settled
        and any message."""
        self.pause.stop()
        self.edit.setText(text)
        self.set_error("")

    def set_error(self, message: str) -> None:
        """Mark the field with ``message`` (a long quoted word shortened, so that it cannot
        widen the window); an empty message clears the mark."""
        self.error.setText(for_display(message))
        self._mark()
        self._place_error()

    @property
    def has_error(self) -> bool:
        return bool(self.error.text())

    def _place_error(self) -> None:
        """The message at the right of the field, before its clear button, as wide as it needs
        but leaving the text typed its width (and at least :attr:`TEXT_SHARE` of the field);
        elided beyond, whole in its tooltip. The text keeps out of its way (a text margin)."""
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
        elif watched is self.error and event.type() == QEvent.Type.MouseButtonPress:
            self.edit.setFocus()  # a click on the message is a click in the field
            self.edit.end(False)
            return True
        return super().eventFilter(watched, event)

    def _mark(self, _theme: str = "") -> None:
        """The field's border in the theme's red while it has an error (the message's colour,
        :func:`~whistgui.ui.theme.text_role`), none otherwise."""
        if self.has_error:
            self.edit.setStyleSheet(self._ERROR_STYLE.format(red=colour("error").name()))
        else:
            self.edit.setStyleSheet("")
