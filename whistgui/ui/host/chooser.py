"""The game chooser: the toolbar's Game box (Alt+G, Ctrl+G) and Deal ▸ Game, listing every
workspace's :class:`~whistgui.ui.workspace.Choice` in :data:`~whistgui.ui.workspace.WORKSPACES`
order, a separator between workspaces. Choosing an entry asks :attr:`GameChooser.chosen` with
its key; showing one never does."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QObject, Qt, Signal
from PySide6.QtGui import QAction, QActionGroup
from PySide6.QtWidgets import QComboBox, QLabel, QMenu, QToolBar, QWidget

from whistgui.ui.workspace import Choice

__all__ = ["GameChooser", "GameSelector"]


class GameSelector(QToolBar):
    """The game the deal is played in, or the workspace shown: a labelled combo box (Alt+G) in
    a toolbar."""

    def __init__(self, groups: Sequence[Sequence[Choice]], parent: QWidget | None = None) -> None:
        super().__init__("Game", parent)
        self.setObjectName("gameToolBar")
        self.label = QLabel("&Game:", self)
        self.label.setContentsMargins(4, 0, 4, 0)
        self.combo = QComboBox(self)
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
        """Show ``key`` as the current entry without asking for a change."""
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
        self.selector.combo.activated.connect(
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
