"""The deal as text above the table: typed or pasted in either notation, it updates the table;
bad text is marked with the engine's message and changes nothing."""

from __future__ import annotations

from PySide6.QtCore import QEvent, Qt, Signal
from PySide6.QtGui import QAction, QContextMenuEvent, QKeyEvent, QKeySequence
from PySide6.QtWidgets import QHBoxLayout, QLabel, QLineEdit, QMenu, QVBoxLayout, QWidget

from whistgui.ui.theme import colour, notifier, text_role
from whistgui.ui.widgets.keys import redo_keys, undo_keys
from whistgui.ui.widgets.messages import for_display

__all__ = ["DealEdit", "NotationField"]


class DealEdit(QLineEdit):
    """The deal's line edit. Its undo and redo keys (and the Undo and Redo of its context
    menu) ask for the deal's undo and redo, never the edit's own text history, which would
    bring back text the table no longer shows; Esc asks to go back to the deal's text."""

    undoRequested = Signal()
    redoRequested = Signal()
    revertRequested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        #: The window's Undo and Redo actions, shown in the context menu instead of the
        #: edit's own.
        self.history_actions: tuple[QAction, QAction] | None = None

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
        """The edit's standard context menu, its Undo and Redo those of the deal."""
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


class NotationField(QWidget):
    """The deal as text; typed or pasted text in either notation updates the table, bad text
    is marked with the engine's message and changes nothing."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        row = QHBoxLayout()
        label = QLabel("&Deal:", self)
        self.edit = DealEdit(self)
        self.edit.setObjectName("notation")
        self.edit.setPlaceholderText("e.g. AQ/KJ K/A  or  [A Q, K J] + [K, A]")
        self.edit.setClearButtonEnabled(True)
        label.setBuddy(self.edit)
        row.addWidget(label)
        row.addWidget(self.edit, 1)
        layout.addLayout(row)
        self.error = QLabel(self)
        self.error.setObjectName("notationError")
        text_role(self.error, "error")  # the theme's red, in any theme
        self.error.setWordWrap(True)
        self.error.hide()
        layout.addWidget(self.error)
        notifier().changed.connect(self._mark)  # the border in the new theme's red

    def set_error(self, message: str) -> None:
        """Mark the field with ``message`` (a long quoted word shortened, so that it cannot
        widen the window); an empty message clears the mark."""
        self.error.setText(for_display(message))
        self.error.setVisible(bool(message))
        self._mark()

    def _mark(self, _theme: str = "") -> None:
        """The field's border in the theme's red while it has an error (the error line's
        colour, :func:`~whistgui.ui.theme.text_role`), none otherwise."""
        if self.error.isHidden():
            self.edit.setStyleSheet("")
        else:
            red = colour("error").name()
            self.edit.setStyleSheet(f"QLineEdit {{ border: 2px solid {red}; }}")

    @property
    def has_error(self) -> bool:
        return not self.error.isHidden()
