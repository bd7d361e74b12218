"""What every workspace's session has: an undo stack, the file it came from, and whether it
has changed since it was opened or saved (:class:`FileSession`; the trick games' session, the
bridge session, … build on it)."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QUndoStack


class FileSession(QObject):
    """What every session has: an undo stack, the file it came from, and whether it has
    changed since it was opened or saved (the whist session, the bridge session, …)."""

    pathChanged = Signal(object)  # Path | None
    modifiedChanged = Signal(bool)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._path: Path | None = None
        self.undo_stack = QUndoStack(self)
        self.undo_stack.cleanChanged.connect(self._on_clean_changed)

    def _on_clean_changed(self, clean: bool) -> None:
        self.modifiedChanged.emit(not clean)

    @property
    def path(self) -> Path | None:
        return self._path

    @property
    def modified(self) -> bool:
        return not self.undo_stack.isClean()
