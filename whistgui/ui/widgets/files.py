"""Saving a session to a file, as every workspace with files does: where to (a dialog), and the
refusal said in the status bar first and then in a warning (the status would otherwise keep an
older message while the warning waits for the user)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtWidgets import QFileDialog, QMessageBox, QWidget

from whistgui.engine.errors import WhistError
from whistgui.ui.widgets.messages import for_display

__all__ = ["ask_save_path", "save_to"]

#: says a message in the status bar for so many ms
Say = Callable[[str, int], None]


def save_to(parent: QWidget, save: Callable[[Path], object], path: Path, say: Say) -> bool:
    """``save(path)``; True if it saved. Whatever stops it — the project's errors, the
    system's, text no file can store — is said, and the file and the session stay as they
    were."""
    try:
        save(path)
    except (WhistError, OSError, UnicodeError) as exc:
        said = for_display(str(exc))
        say(f"Not saved: {said}", 10000)
        QMessageBox.warning(parent, "Cannot save", said)
        return False
    say(f"Saved {path}", 5000)
    return True


def ask_save_path(
    parent: QWidget, title: str, start: str, filters: str, suffix: str
) -> Path | None:
    """Where to save (None: the user cancelled); ``suffix`` added to a name without it."""
    name, _ = QFileDialog.getSaveFileName(parent, title, start, filters)
    if not name:
        return None
    if not name.lower().endswith(suffix):
        name += suffix
    return Path(name)
