"""The heaps session: the game being set up and played (a
:class:`~whistgui.app.heaps.HeapsDocument`), its file and its undo stack. Every change — the
game chosen, the position typed or edited on the board, whose turn it is, the start flag, a
move — is one undoable :class:`~whistgui.ui.session.SetStateCommand`;
:attr:`HeapsSession.documentChanged` then carries the new document. Views subscribe; they
never change the document themselves."""

from __future__ import annotations

import os
from pathlib import Path

from PySide6.QtCore import QObject, Signal

from whistgui.app.heaps import HeapsDocument
from whistgui.app.heaps_files import load_heaps, save_heaps
from whistgui.ui.session import FileSession, SetStateCommand

__all__ = ["HeapsSession"]

#: The game a new session starts with.
START_GAME = "nim"


class HeapsSession(FileSession):
    """The open game and everything that changes it."""

    documentChanged = Signal(object)  # HeapsDocument

    def __init__(self, doc: HeapsDocument | None = None, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._doc = doc if doc is not None else HeapsDocument.new(START_GAME, "3 4 5")

    @property
    def document(self) -> HeapsDocument:
        return self._doc

    def _set(self, doc: HeapsDocument) -> None:
        self._doc = doc
        self.documentChanged.emit(doc)

    def change(self, doc: HeapsDocument, text: str) -> bool:
        """``doc`` in place of the document, one undo step named ``text``; False (nothing
        done) if it is the same."""
        if doc == self._doc:
            return False
        self.undo_stack.push(SetStateCommand(self._set, self._doc, doc, text))
        return True

    def replace(self, doc: HeapsDocument, path: Path | None = None) -> None:
        """A fresh start on ``doc`` (Open, New): no undo history, nothing unsaved."""
        self.undo_stack.clear()
        self._path = path
        self._set(doc)
        self.undo_stack.setClean()
        self.pathChanged.emit(path)

    def open(self, path: str | os.PathLike[str]) -> None:
        """The game saved in ``path`` (DocumentError naming the file; nothing changed)."""
        doc = load_heaps(path)
        self.replace(doc, Path(path))

    def save(self, path: str | os.PathLike[str] | None = None) -> Path:
        """Save to ``path`` (the file's own by default); the path saved to."""
        target = Path(path) if path is not None else self._path
        if target is None:
            raise ValueError("no file to save to: give a path")
        save_heaps(self._doc, target)
        self._path = target
        self.undo_stack.setClean()
        self.pathChanged.emit(target)
        return target
