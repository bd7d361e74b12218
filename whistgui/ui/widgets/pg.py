"""The one place the app imports pyqtgraph: bound to PySide6, white background, antialiased.

pyqtgraph binds the Qt that is already imported (or the one ``PYQTGRAPH_QT_LIB`` names), so
PySide6 is imported first; every other module writes ``from whistgui.ui.widgets.pg import pg``.
"""

from __future__ import annotations

import os

import PySide6.QtCore  # noqa: F401  (first, so that pyqtgraph binds PySide6)

# isort: split
os.environ.setdefault("PYQTGRAPH_QT_LIB", "PySide6")
import pyqtgraph as pg

if pg.Qt.QT_LIB != "PySide6":  # pragma: no cover - only with another binding forced
    raise ImportError(
        f"pyqtgraph is bound to {pg.Qt.QT_LIB}, not PySide6; import whistgui.ui.widgets.pg "
        "before any other Qt binding and leave PYQTGRAPH_QT_LIB unset (or set it to PySide6)"
    )

pg.setConfigOptions(antialias=True, background="w", foreground="k")

__all__ = ["pg"]
