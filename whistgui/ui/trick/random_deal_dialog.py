"""Deal ▸ Random Deal: the number of suits, the cards per suit per hand, and the seed."""

from __future__ import annotations

from PySide6.QtWidgets import (
    QDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSpinBox,
    QWidget,
)

from whistgui.app.document import Document, random_document
from whistgui.ui.widgets.dialogs import ok_cancel

__all__ = ["RandomDealDialog"]


class RandomDealDialog(QDialog):
    """Number of suits, cards per suit per hand, seed."""

    def __init__(self, parent: QWidget | None = None, seed: int = 1) -> None:
        super().__init__(parent)
        self.setWindowTitle("Random deal")
        form = QFormLayout(self)
        self.suits = QSpinBox(self)
        self.suits.setRange(1, 8)
        self.suits.setValue(4)
        self.cards = QSpinBox(self)
        self.cards.setRange(1, 13)
        self.cards.setValue(3)
        self.cards.setToolTip("Up to 6 uses a standard 13-card suit; more uses numbered cards")
        self.seed = QSpinBox(self)
        self.seed.setRange(0, 2_000_000_000)
        self.seed.setValue(seed)
        reseed = QPushButton("New seed", self)
        reseed.clicked.connect(
            lambda: self.seed.setValue((self.seed.value() * 7919 + 1) % 1_000_003)
        )
        seed_row = QHBoxLayout()
        seed_row.addWidget(self.seed, 1)
        seed_row.addWidget(reseed)
        form.addRow("&Suits:", self.suits)
        form.addRow("&Cards per suit per hand:", self.cards)
        seed_label = QLabel("S&eed:", self)  # a row of two: the label's buddy is the seed
        seed_label.setBuddy(self.seed)
        form.addRow(seed_label, seed_row)
        form.addRow(ok_cancel(self))

    def document(self) -> Document:
        return random_document(self.suits.value(), self.cards.value(), self.seed.value())
