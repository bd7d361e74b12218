"""Running the app headless: Qt's offscreen platform without its harmless noise.

(Figures for articles are drawn from data by :mod:`whistgui.figures`, not from widgets.)
"""

from __future__ import annotations

import sys


def quiet_offscreen_warnings() -> None:
    """Drop the offscreen platform's harmless "does not support propagateSizeHints()" notes,
    which would otherwise clutter every headless run; other Qt messages still print."""
    from PySide6.QtCore import QtMsgType, qInstallMessageHandler

    def handler(kind: QtMsgType, _context: object, message: str) -> None:
        if "propagateSizeHints" in message:
            return
        print(message, file=sys.stderr)

    qInstallMessageHandler(handler)
