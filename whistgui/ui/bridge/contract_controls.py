"""The Contract controls above the table: the level, the strain, doubled or not, and the
declarer. Each change is one contract the user sets (:attr:`ContractControls.edited`); the
page shows the board's contract in them (:meth:`ContractControls.show_contract`) without that
counting as an edit."""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QComboBox, QHBoxLayout, QLabel, QSpinBox, QWidget

from whistgui.engine.bridge import Contract, Seat, Strain

__all__ = ["DOUBLED", "STRAINS", "ContractControls"]

#: The strains in the order bridge players bid them.
STRAINS = (Strain.C, Strain.D, Strain.H, Strain.S, Strain.NT)
#: The doubling choices as players write them (par's notation: 4♠x), by ``Contract.doubled``.
DOUBLED = ("–", "x", "xx")


class ContractControls(QWidget):
    """Level, strain, doubled (– x xx) and declarer, in a row after a "Contract:" label."""

    #: the user set a contract: (Contract, Seat)
    edited = Signal(object, object)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.level = QSpinBox(self)
        self.level.setRange(1, 7)
        self.level.setToolTip("The contract's level (tricks needed: level + 6)")
        self.strain = QComboBox(self)
        for s in STRAINS:
            self.strain.addItem(s.symbol, s)
        self.strain.setToolTip("The contract's strain: trumps, or no trumps")
        self.doubled = QComboBox(self)
        self.doubled.setObjectName("bridgeDoubled")
        for n, text in enumerate(DOUBLED):
            self.doubled.addItem(text, n)
        self.doubled.setToolTip("Doubled: – not doubled, x doubled, xx redoubled")
        self.doubled.setAccessibleName("Doubled")
        self.declarer = QComboBox(self)
        for seat in Seat:
            self.declarer.addItem(seat.word, seat)
        self.declarer.setToolTip("The declarer; the player on their left leads")
        label = QLabel("&Contract:", self)
        label.setBuddy(self.level)
        row = QHBoxLayout(self)
        row.setContentsMargins(0, 0, 0, 0)
        for w in (label, self.level, self.strain, self.doubled, QLabel("by", self)):
            row.addWidget(w)
        row.addWidget(self.declarer)
        self.level.valueChanged.connect(self._edited)
        for combo in (self.strain, self.doubled, self.declarer):
            combo.activated.connect(self._edited)

    def contract(self) -> tuple[Contract, Seat]:
        """The contract and declarer the controls show."""
        contract = Contract(
            self.level.value(), self.strain.currentData(), self.doubled.currentData()
        )
        return contract, self.declarer.currentData()

    def show_contract(self, contract: Contract, declarer: Seat) -> None:
        """Show the board's contract (no :attr:`edited`)."""
        self.level.blockSignals(True)
        self.level.setValue(contract.level)
        self.level.blockSignals(False)
        self.strain.setCurrentIndex(STRAINS.index(contract.strain))
        self.doubled.setCurrentIndex(contract.doubled)
        self.declarer.setCurrentIndex(int(declarer))

    def _edited(self, *_args: object) -> None:
        self.edited.emit(*self.contract())
