"""The optimal-play panel's progress line: shown while a deal's values or its search are
computed — what is computed, how far it has come (the engine service's reports) and Cancel."""

from __future__ import annotations

import html

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QHBoxLayout, QLabel, QProgressBar, QPushButton, QWidget

__all__ = ["ProgressLine"]


class ProgressLine(QWidget):
    """A busy bar, what is being computed and how far, and a Cancel button
    (:attr:`cancelled` when pressed). Hidden until :meth:`start`, hidden again by
    :meth:`finish`."""

    cancelled = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("playProgress")
        row = QHBoxLayout(self)
        row.setContentsMargins(0, 0, 0, 0)
        self.bar = QProgressBar(self)
        self.bar.setRange(0, 0)  # busy: how far the values or a search go is not known ahead
        self.bar.setMaximumWidth(120)
        self.bar.setTextVisible(False)
        self.text = QLabel(self)
        self.text.setWordWrap(True)
        self.cancel_button = QPushButton("Cancel", self)
        self.cancel_button.setToolTip("Stop computing this deal")
        self.cancel_button.clicked.connect(self.cancelled)
        row.addWidget(self.bar)
        row.addWidget(self.text, 1)
        row.addWidget(self.cancel_button)
        #: the engine service's job whose progress is shown (0: none)
        self.job = 0
        self._label = ""
        self.hide()

    def start(self, job: int, label: str) -> None:
        """Show ``label`` (what job ``job`` computes) until it finishes."""
        self.job, self._label = job, label
        self.text.setText(f"{html.escape(label, quote=False)} …")
        self.show()

    def report(self, job: int, text: str) -> None:
        """How far job ``job`` has come (ignored for another job, or once it finished)."""
        if job == self.job and not self.isHidden():
            self.text.setText(html.escape(f"{self._label}: {text}", quote=False))

    def finish(self) -> None:
        self.job = 0
        self.hide()
