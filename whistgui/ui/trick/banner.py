"""The banner a view shows while it deliberately keeps an older position than the session's
(a pinned inspector, a play line in progress): what it shows, and a button to follow."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtGui import QColor
from PySide6.QtWidgets import QHBoxLayout, QLabel, QToolButton, QWidget

#: A pale amber note with dark text: readable in the light and the dark theme alike.
BANNER_BACKGROUND = QColor("#fff3cd")
BANNER_TEXT = QColor("#3d2e00")


class StaleBanner(QWidget):
    """``text`` says what the view keeps; the button (``button_text``) calls ``follow``.
    Hidden until :meth:`say` is called."""

    def __init__(
        self, button_text: str, tip: str, follow: Callable[[], object], parent: QWidget
    ) -> None:
        super().__init__(parent)
        self.setObjectName("staleBanner")
        row = QHBoxLayout(self)
        row.setContentsMargins(6, 2, 6, 2)
        self.text = QLabel(self)
        self.text.setObjectName("staleText")
        self.text.setWordWrap(True)
        self.button = QToolButton(self)
        self.button.setObjectName("followButton")
        self.button.setText(button_text)
        self.button.setToolTip(tip)
        self.button.clicked.connect(follow)
        row.addWidget(self.text, 1)
        row.addWidget(self.button)
        self.setAutoFillBackground(True)
        pal = self.palette()
        pal.setColor(self.backgroundRole(), BANNER_BACKGROUND)
        pal.setColor(self.text.foregroundRole(), BANNER_TEXT)
        self.setPalette(pal)
        self.text.setPalette(pal)
        self.hide()

    def say(self, text: str) -> None:
        self.text.setText(text)
        self.show()
