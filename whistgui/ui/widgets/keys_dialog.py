"""Help ▸ Keyboard Shortcuts (F1): the keys' two-column table in a dialog that fits the screen
— a text pane that scrolls inside it, the OK button always in sight. (A message box grew with
its text: 1384 px tall on an 800 px screen, its lower half and its button off the screen.)"""

from __future__ import annotations

from typing import Final

from PySide6.QtCore import QSize
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QTextBrowser, QVBoxLayout, QWidget

__all__ = ["KeysDialog"]

#: Room the window manager's frame takes around a dialog (title bar and borders).
_FRAME: Final = QSize(16, 40)
#: The share of the screen's height the dialog may take.
_HEIGHT_SHARE: Final = 0.85
#: The width the table is laid out at (its second column wraps), where the screen has it.
_WIDTH: Final = 620


class KeysDialog(QDialog):
    """The keys (rows of a two-column HTML table, ``html``) under ``title``, on a screen with
    ``room`` available: as tall as the table where the screen has the room, else the screen's
    share, the table scrolling inside."""

    def __init__(self, parent: QWidget | None, title: str, html: str, room: QSize) -> None:
        super().__init__(parent)
        self.setObjectName("keysDialog")
        self.setWindowTitle(title)
        self.text = QTextBrowser(self)
        self.text.setObjectName("keysText")
        self.text.setOpenLinks(False)
        self.text.setHtml(html)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok, self)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.text, 1)
        layout.addWidget(self.buttons)
        self.text.setFocus()  # the arrows and Page Down scroll the list; Enter is OK
        self.fit_to(room)

    def fit_to(self, room: QSize) -> None:
        """As large as the table asks for, no larger than ``room`` less the frame allows."""
        most = QSize(
            max(240, room.width() - _FRAME.width()),
            max(160, round(room.height() * _HEIGHT_SHARE) - _FRAME.height()),
        )
        width = min(_WIDTH, most.width())
        doc = self.text.document().clone(self)  # the view lays its own out at its width
        margins = self.layout().contentsMargins()
        frame = 2 * self.text.frameWidth()
        scroll_bar = self.text.verticalScrollBar().sizeHint().width()
        doc.setTextWidth(width - margins.left() - margins.right() - frame - scroll_bar)
        wanted = (
            round(doc.size().height())
            + frame
            + margins.top()
            + margins.bottom()
            + self.layout().spacing()
            + self.buttons.sizeHint().height()
        )
        doc.deleteLater()
        self.setMaximumSize(most)
        self.resize(width, min(wanted, most.height()))
