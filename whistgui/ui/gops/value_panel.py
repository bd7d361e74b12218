"""The side of the GOPS explorer: the value for A as a float and exactly (short fractions
written out, long ones in a selectable line), the button that computes the exact value of a
large state, both players' optimal bids as bars, the state in its text form, and hints (in the
palette's placeholder colour)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QFont, QPalette
from PySide6.QtWidgets import QLabel, QLineEdit, QPushButton, QVBoxLayout, QWidget

from whistgui.ui.gops.strategy_bars import StrategyBars

__all__ = ["ValuePanel"]


class ValuePanel(QWidget):
    """The value, the exact value, the strategies, the state and the hints."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.value_label = QLabel(self)
        self.value_label.setObjectName("gopsValue")
        self.value_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        big = QFont(self.value_label.font())
        big.setPointSizeF(big.pointSizeF() * 1.5)
        big.setBold(True)
        self.value_label.setFont(big)
        self.value_caption = QLabel(self)
        self.value_caption.setWordWrap(True)
        self.exact_label = QLabel(self)
        self.exact_label.setObjectName("gopsExact")
        self.exact_label.setWordWrap(True)
        self.exact_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.exact_button = QPushButton("Compute e&xact value", self)
        self.exact_button.setToolTip(
            "The value and both strategies as fractions, exact all the way down (large "
            "states take a while; going to another state stops it)"
        )
        self.exact_edit = QLineEdit(self)
        self.exact_edit.setObjectName("gopsExactText")
        self.exact_edit.setReadOnly(True)
        self.exact_edit.setToolTip("The exact value in full (select and copy it)")
        self.a_bars = StrategyBars("A's optimal bids", "A", self)
        self.b_bars = StrategyBars("B's optimal bids", "B", self)
        state_label = QLabel("State (&text form):", self)
        self.state_edit = QLineEdit(self)
        self.state_edit.setObjectName("gopsState")
        self.state_edit.setReadOnly(True)
        self.state_edit.setToolTip(
            "The state as `whist gops state` reads it: select and copy it (Ctrl+C)"
        )
        state_label.setBuddy(self.state_edit)
        self.hints = QLabel(self)
        self.hints.setObjectName("gopsHints")
        self.hints.setWordWrap(True)
        self.hints.setForegroundRole(QPalette.ColorRole.PlaceholderText)  # muted, any theme

        side = QVBoxLayout(self)
        side.setContentsMargins(6, 0, 0, 0)
        side.addWidget(QLabel("<b>Value for A</b>", self))
        side.addWidget(self.value_label)
        side.addWidget(self.value_caption)
        side.addWidget(self.exact_label)
        side.addWidget(self.exact_button, 0, Qt.AlignmentFlag.AlignLeft)
        side.addWidget(self.exact_edit)
        side.addSpacing(8)
        side.addWidget(self.a_bars)
        side.addWidget(self.b_bars)
        side.addSpacing(8)
        side.addWidget(state_label)
        side.addWidget(self.state_edit)
        side.addSpacing(8)
        side.addWidget(self.hints)
        side.addStretch(1)
        self.setMinimumWidth(340)

    def clear(self) -> None:
        """No exact value, no strategies."""
        self.exact_label.setText("")
        self.exact_button.hide()
        self.exact_edit.hide()
        self.a_bars.hide()
        self.b_bars.hide()
        self.a_bars.clear()
        self.b_bars.clear()
