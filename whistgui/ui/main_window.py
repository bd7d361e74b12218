"""The main window. For now a placeholder that names what is coming (issue 3 builds the table)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QMainWindow, QVBoxLayout, QWidget

from whistgui import __version__


class MainWindow(QMainWindow):
    """The application's main window."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(f"whistgui {__version__}")
        central = QWidget(self)
        layout = QVBoxLayout(central)
        title = QLabel("<h1>whistgui</h1>", central)
        title.setAlignment(Qt.AlignmentFlag.AlignCenter)
        body = QLabel(
            "Two-person symmetric whist after J. Wästlund (2005).<br><br>"
            "The card table with live values is being built.<br>"
            "Meanwhile the engine is on the command line:<br>"
            "<tt>whist value 'AQ/KJ K/A'</tt> &nbsp; <tt>whist analyze AJ9/KQT</tt> &nbsp; "
            "<tt>whist solve 'KJ/AQ A/K K/A'</tt>",
            central,
        )
        body.setAlignment(Qt.AlignmentFlag.AlignCenter)
        body.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        layout.addStretch(1)
        layout.addWidget(title)
        layout.addWidget(body)
        layout.addStretch(1)
        self.setCentralWidget(central)
        self.resize(720, 480)
