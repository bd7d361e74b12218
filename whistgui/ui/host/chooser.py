"""The game chooser: the toolbar's Game box (Alt+G, Ctrl+G) and Deal ▸ Game, listing every
workspace's :class:`~whistgui.ui.workspace.Choice` in :data:`~whistgui.ui.workspace.WORKSPACES`
order, a separator between workspaces. Choosing an entry asks :attr:`GameChooser.chosen` with
its key; showing one never does. The box's arrow keys, Home, End and the wheel browse it: the
entry browsed to is chosen after a pause (:data:`BROWSE_MS`), or at once on Enter — never one
workspace a key."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QObject, Qt, QTimer, Signal
from PySide6.QtGui import QAction, QActionGroup, QKeyEvent, QWheelEvent
from PySide6.QtWidgets import QComboBox, QLabel, QMenu, QToolBar, QWidget

from whistgui.ui.workspace import Choice

__all__ = ["BROWSE_MS", "GameChooser", "GameCombo", "GameSelector"]

#: How long the Game box waits, after an arrow key or the wheel moved it, before it chooses.
BROWSE_MS = 700

_BROWSE_KEYS = {
    Qt.Key.Key_Up,
    Qt.Key.Key_Down,
    Qt.Key.Key_Left,
    Qt.Key.Key_Right,
    Qt.Key.Key_Home,
    Qt.Key.Key_End,
    Qt.Key.Key_PageUp,
    Qt.Key.Key_PageDown,
}


class GameCombo(QComboBox):
    """The Game box: an entry picked from its list (click, Enter) is :attr:`picked` at once;
    one browsed to on the closed box (arrow keys, Home, End, the wheel — QComboBox reports
    each as activated) after a pause of :data:`BROWSE_MS`, or at once on Enter."""

    #: the entry's index, chosen
    picked = Signal(int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._browsing = False
        self.pause = QTimer(self)
        self.pause.setSingleShot(True)
        self.pause.setInterval(BROWSE_MS)
        self.pause.timeout.connect(lambda: self.picked.emit(self.currentIndex()))
        self.activated.connect(self._on_activated)

    def _on_activated(self, index: int) -> None:
        if self._browsing:
            self.pause.start()
        else:
            self.pause.stop()
            self.picked.emit(index)

    def _browse(self, handle, event) -> None:  # type: ignore[no-untyped-def]
        self._browsing = True
        try:
            handle(event)
        finally:
            self._browsing = False

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter) and self.pause.isActive():
            self.pause.stop()
            self.picked.emit(self.currentIndex())
            event.accept()
        elif (
            event.key() in _BROWSE_KEYS
            and not event.modifiers() & ~Qt.KeyboardModifier.KeypadModifier
        ):
            self._browse(super().keyPressEvent, event)
        else:
            super().keyPressEvent(event)

    def wheelEvent(self, event: QWheelEvent) -> None:
        self._browse(super().wheelEvent, event)


class GameSelector(QToolBar):
    """The game the deal is played in, or the workspace shown: a labelled combo box (Alt+G) in
    a toolbar."""

    def __init__(self, groups: Sequence[Sequence[Choice]], parent: QWidget | None = None) -> None:
        super().__init__("Game", parent)
        self.setObjectName("gameToolBar")
        self.label = QLabel("&Game:", self)
        self.label.setContentsMargins(4, 0, 4, 0)
        self.combo = GameCombo(self)
        self.combo.setObjectName("gameSelector")
        self.combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        for n, group in enumerate(g for g in groups if g):
            if n:
                self.combo.insertSeparator(self.combo.count())
            for choice in group:
                self.combo.addItem(choice.label, choice.key)
                self.combo.setItemData(
                    self.combo.count() - 1, choice.tip, Qt.ItemDataRole.ToolTipRole
                )
        self.combo.setToolTip("The game the deal is played in (Alt+G, Ctrl+G)")
        self.label.setBuddy(self.combo)
        self.addWidget(self.label)
        self.addWidget(self.combo)

    @property
    def game(self) -> str:
        return str(self.combo.currentData())

    def set_game(self, key: str) -> None:
        """Show ``key`` as the current entry without asking for a change (a choice browsed
        to and not yet made is dropped)."""
        self.combo.pause.stop()
        i = self.combo.findData(key)
        if i >= 0 and i != self.combo.currentIndex():
            blocked = self.combo.blockSignals(True)
            self.combo.setCurrentIndex(i)
            self.combo.blockSignals(blocked)


class GameChooser(QObject):
    """The box and the menu of the same choices, kept showing the same entry."""

    #: the user chose this key (in the box or the menu)
    chosen = Signal(str)

    def __init__(self, groups: Sequence[Sequence[Choice]], parent: QWidget) -> None:
        super().__init__(parent)
        self.selector = GameSelector(groups, parent)
        self.selector.combo.picked.connect(
            lambda i: self.chosen.emit(str(self.selector.combo.itemData(i)))
        )
        self.menu = QMenu("&Game", parent)
        self.group = QActionGroup(self)
        #: the menu's entries by key
        self.actions: dict[str, QAction] = {}
        for n, group in enumerate(g for g in groups if g):
            if n:
                self.menu.addSeparator()
            for choice in group:
                act = QAction(choice.menu_text, self, checkable=True)
                act.setStatusTip(choice.status_tip)
                act.setData(choice.key)
                act.triggered.connect(lambda _=False, k=choice.key: self.chosen.emit(k))
                self.group.addAction(act)
                self.menu.addAction(act)
                self.actions[choice.key] = act

    def show_choice(self, key: str) -> None:
        """The box and the menu show ``key``."""
        self.selector.set_game(key)
        act = self.actions.get(key)
        if act is not None and not act.isChecked():
            act.setChecked(True)
