"""The GOPS explorer's breadcrumb: the path walked from the start, a button a step; the steps
after the one shown (where Forward goes) faint in the palette's placeholder colour, set again
when the theme changes."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QEvent, Qt, Signal
from PySide6.QtGui import QFont, QPalette
from PySide6.QtWidgets import (
    QFrame,
    QHBoxLayout,
    QLabel,
    QScrollArea,
    QSizePolicy,
    QToolButton,
    QWidget,
)

from whistgui.ui.gops.session import Step
from whistgui.ui.theme import is_theme_change

__all__ = ["Breadcrumb"]


class Breadcrumb(QWidget):
    """The path from the start, a button a step; clicking one emits :attr:`chosen` (its index).
    Steps after the one shown (where Forward goes) are drawn faint."""

    chosen = Signal(int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._inner = QWidget(self)
        self._row = QHBoxLayout(self._inner)
        self._row.setContentsMargins(0, 0, 0, 0)
        self._row.setSpacing(2)
        self.scroll = QScrollArea(self)
        self.scroll.setWidget(self._inner)
        self.scroll.setWidgetResizable(True)
        self.scroll.setFrameShape(QFrame.Shape.NoFrame)
        self.scroll.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAsNeeded)
        lay = QHBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.addWidget(self.scroll)
        self.buttons: list[QToolButton] = []
        self._path: tuple[Sequence[Step], int] = ((), 0)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if is_theme_change(event) and self._path[0]:
            self.set_path(*self._path)  # the faint steps in the new theme's colour

    def set_path(self, steps: Sequence[Step], index: int) -> None:
        self._path = (tuple(steps), index)
        while self._row.count():
            item = self._row.takeAt(0)
            w = item.widget() if item is not None else None
            if w is not None:
                w.deleteLater()
        self.buttons = []
        muted = self.palette().color(QPalette.ColorRole.PlaceholderText).name()
        for k, step in enumerate(steps):
            if k:
                sep = QLabel("›", self._inner)
                sep.setStyleSheet(f"color: {muted};")
                self._row.addWidget(sep)
            b = QToolButton(self._inner)
            b.setText(step.label())
            b.setAutoRaise(True)
            b.setCheckable(True)
            b.setChecked(k == index)
            font = QFont(b.font())
            font.setBold(k == index)
            b.setFont(font)
            if k > index:
                b.setStyleSheet(f"color: {muted};")
            b.setToolTip(f"Go to: {step.state}")
            b.clicked.connect(lambda _checked=False, i=k: self.chosen.emit(i))
            self._row.addWidget(b)
            self.buttons.append(b)
        self._row.addStretch(1)
        probe = QToolButton(self)
        probe.setText("Start")
        height = probe.sizeHint().height()
        probe.deleteLater()
        self.setFixedHeight(height + self.scroll.horizontalScrollBar().sizeHint().height() + 4)
        if self.buttons:
            self.scroll.ensureWidgetVisible(self.buttons[index])

    def labels(self) -> list[str]:
        return [b.text() for b in self.buttons]
