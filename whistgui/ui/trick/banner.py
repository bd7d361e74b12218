"""The banner a view shows while it deliberately keeps an older position than the session's
(a pinned inspector, a play line in progress): what it shows, and a button to follow. Its
colours are the theme's ``note_fill`` and ``note_text`` (a pale amber note with dark text,
readable in the light and the dark theme alike), set again when the theme changes. The Pin
button that keeps a view's position wears the same colours while pinned, and says "Pinned"."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QEvent
from PySide6.QtGui import QColor, QGuiApplication, QPalette
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
        """Say what the view keeps, with the button to follow."""
        self.text.setText(text)
        self.button.show()
        self.show()

    def note(self, text: str) -> None:
        """A note with no button (the view follows already: why it stopped keeping)."""
        self.text.setText(text)
        self.button.hide()
        self.show()

    @property
    def stale(self) -> bool:
        """Does the banner say the view keeps an older position (not a mere note)?"""
        return not self.isHidden() and not self.button.isHidden()

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


class PinButton(QToolButton):
    """A checkable "Pin": checked, it reads "Pinned" on the banner's colours — a checked
    tool button of the dark theme looks like an unchecked one."""

    _restyling = False  # setting its own palette is a palette change too

    def __init__(self, tip: str, parent: QWidget) -> None:
        super().__init__(parent)
        self.setObjectName("pinButton")
        self.setText("Pin")
        self.setCheckable(True)
        self.setToolTip(tip)
        self.toggled.connect(self._restyle)

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if is_theme_change(event) and not self._restyling:
            self._restyle()

    def _restyle(self) -> None:
        """Its text, and its colours in the theme of the application's palette."""
        on = self.isChecked()
        self.setText("Pinned" if on else "Pin")
        self._restyling = True
        try:
            pal = QPalette()  # nothing of its own: the theme's button
            if on:
                roles = colours(QGuiApplication.palette())
                pal.setColor(QPalette.ColorRole.Button, QColor(roles.note_fill))
                pal.setColor(QPalette.ColorRole.ButtonText, QColor(roles.note_text))
            self.setPalette(pal)
        finally:
            self._restyling = False
