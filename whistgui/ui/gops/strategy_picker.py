"""A strategy picker of the GOPS workspace: face+k (with k), random, optimal or a strategy
file (a file dialog; the file read on the engine service and refused with the engine's quoted
message, the previous choice kept)."""

from __future__ import annotations

from typing import Final

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QComboBox,
    QFileDialog,
    QHBoxLayout,
    QLabel,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from whistgui.app.gops_strategies import StrategyChoice
from whistgui.engine.gops import GopsRules
from whistgui.ui.theme import text_role

__all__ = ["FILE_ITEM", "StrategyPicker"]

#: The combo's last item: choose a file.
FILE_ITEM: Final = "Strategy file…"


class StrategyPicker(QWidget):
    """A strategy: :meth:`choice`; ``changed`` when it changes; ``fileWanted`` (a path) when
    a file is chosen in the dialog (the owner reads it on the engine service and calls
    :meth:`set_file` or keeps the previous choice)."""

    changed = Signal()
    fileWanted = Signal(str)

    def __init__(self, who: str, default: StrategyChoice, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.who = who
        self.combo = QComboBox(self)
        self.combo.setAccessibleName(f"{who}'s strategy")
        self.combo.setToolTip(
            f"{who}'s strategy: face+k bids the card k above the prize just turned (face: the "
            "prize itself), random any card equally likely, optimal the solved game's mixed "
            "bids, or a strategy file (JSON, see whist gops play --help)"
        )
        for kind, text in (
            ("face", "face+k"),
            ("random", "random"),
            ("optimal", "optimal"),
        ):
            self.combo.addItem(text, kind)
        self.combo.addItem(FILE_ITEM, "choose")
        self.k_spin = QSpinBox(self)
        self.k_spin.setPrefix("k = ")
        self.k_spin.setRange(0, 5)
        self.k_spin.setAccessibleName(f"{who}'s k (face+k)")
        self.k_spin.setToolTip("face+k: the card k above the prize shown, wrapping from N to 1")
        row = QHBoxLayout()
        row.setContentsMargins(0, 0, 0, 0)
        self.combo.setMinimumContentsLength(22)
        row.addWidget(self.combo, 1)
        row.addWidget(self.k_spin)
        #: why the choice cannot play the game's N (a file for another N), at the field
        self.warning = QLabel(self)
        self.warning.setWordWrap(True)
        self.warning.setObjectName("gopsPickerWarning")
        text_role(self.warning, "error")
        self.warning.hide()
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(row)
        layout.addWidget(self.warning)
        self._n = 6
        self._file: StrategyChoice | None = None
        self._last = 0
        self.set_choice(default)
        self.combo.activated.connect(self._on_activated)
        self.k_spin.valueChanged.connect(lambda _k: self.changed.emit())

    def set_n(self, n: int) -> None:
        """k runs from 0 to N − 1; a strategy file for another N is said at the field."""
        self._n = n
        self.k_spin.setMaximum(max(0, n - 1))
        self._check()

    def _check(self) -> None:
        """Review 31b, C9: a file for N = 3 in a game of N = 6 is said when chosen and when N
        changes, not only when Play refuses it."""
        why = self.choice().fits(GopsRules(self._n))
        self.warning.setText(f"{why}: Play refuses it" if why else "")
        self.warning.setVisible(bool(why))

    def choice(self) -> StrategyChoice:
        kind = self.combo.currentData()
        if kind == "file" and self._file is not None:
            return self._file
        if kind == "face":
            return StrategyChoice("face", self.k_spin.value())
        return StrategyChoice(str(kind))

    def set_choice(self, choice: StrategyChoice) -> None:
        if choice.kind == "file":
            self.set_file(choice)
            return
        self.combo.setCurrentIndex(self.combo.findData(choice.kind))
        self._last = self.combo.currentIndex()
        if choice.kind == "face":
            self.k_spin.setValue(choice.k)
        self._update()
        self.changed.emit()

    def set_file(self, choice: StrategyChoice) -> None:
        """A strategy file read: it becomes the choice (an item named after it)."""
        self._file = choice
        at = self.combo.findData("file")
        text = f"file: {choice.name}"
        if at < 0:
            self.combo.insertItem(self.combo.count() - 1, text, "file")
            at = self.combo.findData("file")
        else:
            self.combo.setItemText(at, text)
        self.combo.setItemData(at, choice.path, role=3)  # its tooltip: the path
        self.combo.setCurrentIndex(at)
        self._last = at
        self._update()
        self.changed.emit()

    def _update(self) -> None:
        self.k_spin.setVisible(self.combo.currentData() == "face")
        self._check()

    def _on_activated(self, index: int) -> None:
        if self.combo.itemData(index) == "choose":
            self.combo.setCurrentIndex(self._last)  # kept until the file is read
            path, _ = QFileDialog.getOpenFileName(
                self, f"{self.who}'s strategy file", "", "GOPS strategies (*.json);;All files (*)"
            )
            if path:
                self.fileWanted.emit(path)
            return
        self._last = index
        self._update()
        self.changed.emit()
