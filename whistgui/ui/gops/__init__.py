"""GOPS in the app: the session (rules, solved game, path walked) and the explorer.

Both are imported when first asked for (``from whistgui.ui.gops import GopsExplorer``), not with
the package: the host imports :mod:`whistgui.ui.gops.workspace` at start-up for the workspace's
name and files, and GOPS (its engine, HiGHS) waits until it is first shown."""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from whistgui.ui.gops.explorer import GopsExplorer
    from whistgui.ui.gops.session import GopsSession

__all__ = ["GopsExplorer", "GopsSession"]

_WHERE = {"GopsExplorer": "whistgui.ui.gops.explorer", "GopsSession": "whistgui.ui.gops.session"}


def __getattr__(name: str) -> Any:
    where = _WHERE.get(name)
    if where is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(importlib.import_module(where), name)
