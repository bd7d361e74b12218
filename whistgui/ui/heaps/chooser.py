"""The heaps workspace's game chooser: every game of :data:`~whistgui.engine.heaps.HEAP_GAMES`
by its title, and for a game named ``name:PARAM`` its parameter, typed — checked by the
registry as the text settles (Enter, leaving the field, or a pause), its message shown beside
the field, quoting the text, and nothing changed until it is right."""

from __future__ import annotations

from typing import Final

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QComboBox, QHBoxLayout, QLabel, QLineEdit, QSizePolicy, QWidget

from whistgui.app.heaps import game_label, plain_title
from whistgui.engine.errors import WhistError
from whistgui.engine.heaps import HEAP_GAMES, HeapGame, find_heap_game
from whistgui.ui.theme import text_role
from whistgui.ui.widgets.applied_field import PAUSE_MS
from whistgui.ui.widgets.elided import ElidedLabel
from whistgui.ui.widgets.keys import WindowKeys
from whistgui.ui.widgets.messages import for_display

__all__ = ["GameChooser"]

#: The parameter field's width in characters (``0.007`` of an octal code, ``3`` of a K).
_PARAM_CHARS: Final = 8


def _entry(name: str) -> HeapGame:
    base = name.partition(":")[0]
    return next(g for g in HEAP_GAMES if g.name == base)


class GameChooser(QWidget):
    """The game box and the parameter field; :attr:`gameChosen` carries the game's full name
    (``moore-nim:3``) once it is one the registry makes."""

    gameChosen = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("heapsGameChooser")
        self.combo = QComboBox(self)
        self.combo.setObjectName("heapsGame")
        self.combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        for g in HEAP_GAMES:
            # no ellipsis: choosing one opens no dialog (its parameter is the field beside)
            self.combo.addItem(game_label(g), g.name)
            tip = f"{plain_title(g)}\nPositions: {g.notation}\n{g.source}"
            if g.parameter:
                tip += f"\nParameter: {g.parameter}"
            self.combo.setItemData(self.combo.count() - 1, tip, Qt.ItemDataRole.ToolTipRole)
        self.combo.activated.connect(self._on_game)
        label = QLabel("&Rules:", self)
        label.setBuddy(self.combo)
        self.param_label = QLabel(self)
        self.param = QLineEdit(self)
        self.param.setObjectName("heapsParameter")
        self.param.setMaxLength(40)
        width = self.param.fontMetrics().horizontalAdvance("0" * _PARAM_CHARS) + 16
        self.param.setFixedWidth(width)
        self._window_keys = WindowKeys(self)  # Ctrl+E: the window's Export Figure
        self.param.installEventFilter(self._window_keys)
        self.param_label.setBuddy(self.param)
        self.error = ElidedLabel(1, self)
        self.error.setObjectName("heapsParameterError")
        self.error.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        text_role(self.error, "error")
        self.pause = QTimer(self)
        self.pause.setSingleShot(True)
        self.pause.setInterval(PAUSE_MS)
        self.pause.timeout.connect(self._settle)
        self.param.textEdited.connect(lambda _t: self.pause.start())
        self.param.editingFinished.connect(self._settle)
        row = QHBoxLayout(self)
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(label)
        row.addWidget(self.combo)
        row.addWidget(self.param_label)
        row.addWidget(self.param)
        row.addWidget(self.error, 1)
        self._shown = ""
        self.set_game(HEAP_GAMES[0].name)

    @property
    def entry(self) -> HeapGame:
        return _entry(str(self.combo.currentData()))

    def set_game(self, name: str) -> None:
        """Show the game ``name`` (the session's), its parameter in the field, no message."""
        self._shown = name
        base, _colon, param = name.partition(":")
        self.combo.setCurrentIndex(max(0, self.combo.findData(base)))
        self._show_parameter(_entry(name), param)

    def _show_parameter(self, g: HeapGame, param: str) -> None:
        self.pause.stop()
        has = g.parameter is not None
        self.param_label.setVisible(has)
        self.param.setVisible(has)
        if has and g.parameter is not None:
            what = g.parameter.split(",")[0].strip()
            self.param_label.setText(f"&{what[:1].upper()}{what[1:]}:")  # 'An octal code …'

            self.param.setToolTip(f"{g.name}:{what}: {g.parameter}")
            self.param.setText(param or g.example_parameter or "")
        self.set_error("")

    def keyPressEvent(self, event: QKeyEvent) -> None:
        """Esc: the parameter of the game shown back, no message."""
        if event.key() == Qt.Key.Key_Escape and self.param.hasFocus():
            self.set_game(self._shown)
            event.accept()
            return
        super().keyPressEvent(event)

    def set_error(self, message: str) -> None:
        self.error.setText(for_display(message))

    @property
    def has_error(self) -> bool:
        return bool(self.error.text())

    def _on_game(self, _index: int) -> None:
        g = self.entry
        if g.name == self._shown.partition(":")[0]:
            return
        self._show_parameter(g, "")
        self._settle()

    def _settle(self) -> None:
        """The game and parameter shown, checked: chosen if the registry makes them."""
        self.pause.stop()
        g = self.entry
        name = g.name if g.parameter is None else f"{g.name}:{self.param.text().strip()}"
        try:
            rules = find_heap_game(name)
        except WhistError as exc:
            self.set_error(str(exc))
            return
        self.set_error("")
        if rules.name != self._shown:
            self._shown = rules.name
            self.gameChosen.emit(rules.name)
