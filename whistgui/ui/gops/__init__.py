"""GOPS in the app: the session (rules, solved game, path walked) and the explorer."""

from whistgui.ui.gops.explorer import GopsExplorer
from whistgui.ui.gops.session import GopsSession

__all__ = ["GopsExplorer", "GopsSession"]
