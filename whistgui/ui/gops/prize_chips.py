"""The prizes still face down in a GOPS chance state, as chips to turn."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QSize, Qt, Signal
from PySide6.QtGui import QFont, QPainter, QPaintEvent, QPen
from PySide6.QtWidgets import QHBoxLayout, QLabel, QPushButton, QSizePolicy, QVBoxLayout, QWidget

from whistgui.figures.gops import format_payoff
from whistgui.ui.theme import colour

__all__ = ["PrizeChips"]


class PrizeChips(QWidget):
    """The prizes still face down as chips; clicking one emits :attr:`turned` (the prize)."""

    turned = Signal(int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._layout = QHBoxLayout(self)
        self._layout.setContentsMargins(0, 0, 0, 0)
        self._layout.setSpacing(10)
        self.chips: dict[int, QPushButton] = {}

    def set_prizes(self, prizes: Sequence[tuple[int, float | None]]) -> None:
        """Chips for ``(prize, A's value once it is turned or None)``."""
        for chip in self.chips.values():
            self._layout.removeWidget(chip)
            chip.deleteLater()
        self.chips = {}
        while self._layout.count():
            self._layout.takeAt(0)
        for prize, value in prizes:
            chip = _Chip(prize, value, self)
            chip.clicked.connect(lambda _checked=False, p=prize: self.turned.emit(p))
            self._layout.addWidget(chip)
            self.chips[prize] = chip
        self._layout.addStretch(1)


class _Chip(QPushButton):
    """A prize face down: its number large, A's value once it is turned under it."""

    def __init__(self, prize: int, value: float | None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName(f"gopsPrize{prize}")
        self.prize = prize
        self.value = value
        number = QLabel(str(prize), self)
        big = QFont(self.font())
        big.setPointSizeF(big.pointSizeF() * 2.0)
        big.setBold(True)
        number.setFont(big)
        below = QLabel(format_payoff(value, 3) if value is not None else "…", self)
        for label in (number, below):
            label.setAlignment(Qt.AlignmentFlag.AlignCenter)
            label.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(6, 8, 6, 8)
        lay.addWidget(number)
        lay.addWidget(below)
        self.setMinimumSize(QSize(72, 88))
        self.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Fixed)
        tip = f"Turn prize {prize} (key {prize})" if prize < 10 else f"Turn prize {prize}"
        if value is not None:
            tip += f": A's value then {format_payoff(value, 4)}"
        self.setToolTip(tip)
        self.setAccessibleName(f"Prize {prize}")

    def sizeHint(self) -> QSize:
        return QSize(72, 88)

    def paintEvent(self, event: QPaintEvent) -> None:
        super().paintEvent(event)
        if not self.hasFocus():
            return
        # the style's focus mark on a button is all but lost on a dark one: the theme's ring
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        painter.setPen(QPen(colour("focus_ring", self.palette()), 2.5))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawRoundedRect(self.rect().adjusted(2, 2, -2, -2), 4, 4)
        painter.end()
