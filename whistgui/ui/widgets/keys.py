"""The keys of undo and redo: the platform's, and Ctrl+Z, Ctrl+Shift+Z and Ctrl+Y everywhere
(the window's Edit menu and the trick games' deal text use the same); and the keys a line edit
must leave to the window (:class:`WindowKeys`)."""

from __future__ import annotations

from typing import Final

from PySide6.QtCore import QEvent, QObject
from PySide6.QtGui import QKeyEvent, QKeySequence

__all__ = ["WINDOW_KEYS", "WindowKeys", "redo_keys", "undo_keys"]

#: Keys the window's actions own that a line edit takes for itself before any shortcut on X11
#: (Ctrl+E: End of line there; the window's File ▸ Export Figure).
WINDOW_KEYS: Final = ("Ctrl+E",)


class WindowKeys(QObject):
    """An event filter for a line edit: it declines :data:`WINDOW_KEYS`, so that the window's
    shortcut fires with the cursor in the edit (install it on the edit)."""

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.ShortcutOverride and isinstance(event, QKeyEvent):
            combo = QKeySequence(event.keyCombination())
            if any(combo == QKeySequence(k) for k in WINDOW_KEYS):
                return True  # not taken by the edit: the window's shortcut fires
        return super().eventFilter(watched, event)


def _key_list(standard: QKeySequence.StandardKey, *extra: str) -> list[QKeySequence]:
    """The platform's keys for ``standard`` and ``extra``, each once."""
    keys = [*QKeySequence.keyBindings(standard), *(QKeySequence(k) for k in extra)]
    unique: dict[str, QKeySequence] = {}
    for k in keys:
        unique.setdefault(k.toString(), k)
    return list(unique.values())


def undo_keys() -> list[QKeySequence]:
    """Undo: the platform's keys and Ctrl+Z everywhere."""
    return _key_list(QKeySequence.StandardKey.Undo, "Ctrl+Z")


def redo_keys() -> list[QKeySequence]:
    """Redo: the platform's keys, Ctrl+Shift+Z and Ctrl+Y everywhere."""
    return _key_list(QKeySequence.StandardKey.Redo, "Ctrl+Shift+Z", "Ctrl+Y")
