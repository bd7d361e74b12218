"""File ▸ Open Recent: the last files opened or saved, in the settings, whatever workspace
opened them (the main window opens each in the workspace of its kind)."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QObject, QSettings, Signal
from PySide6.QtWidgets import QMenu, QWidget

__all__ = ["MAX_RECENT", "RecentFiles"]

MAX_RECENT = 8
_KEY = "recentFiles"


class RecentFiles(QObject):
    """The list and its menu."""

    #: the user chose this file in the menu
    chosen = Signal(str)

    def __init__(self, settings: QSettings, parent: QWidget) -> None:
        super().__init__(parent)
        self.settings = settings
        self.menu = QMenu("Open &Recent", parent)
        self._update_menu()

    def files(self) -> list[str]:
        value = self.settings.value(_KEY, [])
        if isinstance(value, str):
            value = [value]
        return [str(v) for v in (value or [])]

    def add(self, path: Path) -> None:
        p = str(Path(path).resolve())
        files = [f for f in self.files() if f != p]
        files.insert(0, p)
        self.settings.setValue(_KEY, files[:MAX_RECENT])
        self._update_menu()

    def _update_menu(self) -> None:
        self.menu.clear()
        files = self.files()
        for i, f in enumerate(files):
            act = self.menu.addAction(f"&{i + 1} {Path(f).name}")
            act.setToolTip(f)
            act.triggered.connect(lambda _=False, f=f: self.chosen.emit(f))
        self.menu.setEnabled(bool(files))
