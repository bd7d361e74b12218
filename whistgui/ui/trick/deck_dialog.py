"""Deal ▸ Suit Length: the deck (its kind and length) of one suit."""

from __future__ import annotations

from PySide6.QtWidgets import QComboBox, QDialog, QFormLayout, QSpinBox, QWidget

from whistgui.app.document import Document, SuitDeck
from whistgui.ui.widgets.cardart import suit_symbol
from whistgui.ui.widgets.dialogs import ok_cancel

__all__ = ["DeckDialog"]


class DeckDialog(QDialog):
    """Change the deck (length) of one suit."""

    def __init__(self, doc: Document, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Suit length")
        form = QFormLayout(self)
        self.suit = QComboBox(self)
        for name in doc.deal.names:
            self.suit.addItem(suit_symbol(name))
        self.kind = QComboBox(self)
        self.kind.addItems(["Standard ranks (A K Q …)", "Numbered cards (1, 2, …)"])
        self.size = QSpinBox(self)
        self._doc = doc
        self.suit.currentIndexChanged.connect(self._load)
        self.kind.currentIndexChanged.connect(self._limits)
        form.addRow("&Suit:", self.suit)
        form.addRow("&Cards:", self.kind)
        form.addRow("&Length:", self.size)
        form.addRow(ok_cancel(self))
        self._load(0)

    def _load(self, i: int) -> None:
        deck = self._doc.decks[i]
        self.kind.setCurrentIndex(0 if deck.kind == "standard" else 1)
        self._limits()
        self.size.setValue(deck.size)

    def _limits(self) -> None:
        self.size.setRange(1, 13 if self.kind.currentIndex() == 0 else 26)

    def deck(self) -> tuple[int, SuitDeck]:
        kind = "standard" if self.kind.currentIndex() == 0 else "abstract"
        return self.suit.currentIndex(), SuitDeck(kind, self.size.value())
