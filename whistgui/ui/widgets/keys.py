"""The keys of undo and redo: the platform's, and Ctrl+Z, Ctrl+Shift+Z and Ctrl+Y everywhere
(the window's Edit menu and the trick games' deal text use the same)."""

from __future__ import annotations

from PySide6.QtGui import QKeySequence

__all__ = ["redo_keys", "undo_keys"]


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
