"""The banner a view shows while it deliberately keeps an older position than the session's
(a pinned inspector, a play line in progress): what it shows, and a button to follow. Its
colours are the theme's ``note_fill`` and ``note_text`` (a pale amber note with dark text,
readable in the light and the dark theme alike), set again when the theme changes."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QEvent
from PySide6.QtGui import QColor, QGuiApplication
from PySide6.QtWidgets import QHBoxLayout, QLabel, QToolButton, QWidget

from whistgui.ui.theme import colours, is_theme_change


class StaleBanner(QWidget):
    """``text`` says what the view keeps; the button (``button_text``) calls ``follow``.
    Hidden until :meth:`say` is called."""

    _restyling = False  # setting its own palette is a palette change too

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
        self._restyle()
        self.hide()

    def say(self, text: str) -> None:
        self.text.setText(text)
        self.show()

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if is_theme_change(event) and not self._restyling:
            self._restyle()

    def _restyle(self) -> None:
        """The note's colours, in the theme of the application's palette."""
        roles = colours(QGuiApplication.palette())
        self._restyling = True
        try:
            pal = self.palette()
            pal.setColor(self.backgroundRole(), QColor(roles.note_fill))
            pal.setColor(self.text.foregroundRole(), QColor(roles.note_text))
            self.setPalette(pal)
            self.text.setPalette(pal)
        finally:
            self._restyling = False
