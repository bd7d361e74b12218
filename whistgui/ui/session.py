"""What every workspace's session has: an undo stack, the file it came from, and whether it
has changed since it was opened or saved (:class:`FileSession`; the trick games' session, the
bridge session, … build on it), and the undo step that replaces its state
(:class:`SetStateCommand`)."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import Generic, TypeVar

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QUndoCommand, QUndoStack

__all__ = ["FileSession", "SetStateCommand"]

S = TypeVar("S")


class SetStateCommand(QUndoCommand, Generic[S]):
    """One user action, one undo step: a session's state ``before`` replaced by ``after``
    through ``apply`` (its private setter, which emits what changed), and back on undo."""

    def __init__(self, apply: Callable[[S], None], before: S, after: S, text: str) -> None:
        super().__init__(text)
        self._apply = apply
        self.before = before
        self.after = after

    def redo(self) -> None:
        self._apply(self.after)

    def undo(self) -> None:
        self._apply(self.before)


class FileSession(QObject):
    """What every session has: an undo stack, the file it came from, and whether it has
    changed since it was opened or saved (the whist session, the bridge session, …); a
    subclass reads and writes its files (:meth:`open`, :meth:`save`)."""

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

    def open(self, path: str | os.PathLike[str]) -> None:
        """The document saved in ``path`` in place of this one, no undo history (the
        project's error naming the file, and nothing changed, if it cannot be read)."""
        raise NotImplementedError

    def save(self, path: str | os.PathLike[str] | None = None) -> Path:
        """Save to ``path`` (the session's own file by default); the path saved to."""
        raise NotImplementedError
