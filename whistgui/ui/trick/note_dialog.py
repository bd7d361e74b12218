"""Edit ▸ Title and Note: the deal's title and its note."""

from __future__ import annotations

from PySide6.QtWidgets import QDialog, QFormLayout, QLineEdit, QPlainTextEdit, QWidget

from whistgui.ui.widgets.dialogs import ok_cancel

__all__ = ["NoteDialog"]


class NoteDialog(QDialog):
    """The title in a line, the note in a box."""

    def __init__(self, title: str, note: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Title and note")
        form = QFormLayout(self)
        self.title = QLineEdit(title, self)
        self.note = QPlainTextEdit(note, self)
        form.addRow("&Title:", self.title)
        form.addRow("&Note:", self.note)
        form.addRow(ok_cancel(self))
