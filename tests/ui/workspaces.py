"""The main window's workspaces, as the UI tests reach them (the window names none)."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from whistgui.ui.bridge.workspace import BridgeWorkspace
    from whistgui.ui.gops.workspace import GopsWorkspace
    from whistgui.ui.lab.window import SingleSuitsWindow
    from whistgui.ui.main_window import MainWindow
    from whistgui.ui.trick.workspace import TrickWorkspace


def trick(window: MainWindow) -> TrickWorkspace:
    """The trick games' workspace (made if need be, not shown)."""
    return window.workspace("trick")  # type: ignore[return-value]


def bridge(window: MainWindow) -> BridgeWorkspace:
    """The bridge workspace (made if need be, not shown)."""
    return window.workspace("bridge")  # type: ignore[return-value]


def gops(window: MainWindow) -> GopsWorkspace:
    """The GOPS workspace (made if need be, not shown)."""
    return window.workspace("gops")  # type: ignore[return-value]


def single_suits(window: MainWindow) -> SingleSuitsWindow:
    """View ▸ Single Suits: its window, opened."""
    return window.show_workspace("lab").suits  # type: ignore[attr-defined,no-any-return]


def menu_texts(window: MainWindow) -> set[str]:
    """The text of every entry in the window's menus, submenus included (the menus of the
    workspace shown, as the user sees them)."""
    texts: set[str] = set()

    def walk(actions) -> None:  # type: ignore[no-untyped-def]
        for act in actions:
            if act.isSeparator():
                continue
            texts.add(act.text())
            menu = act.menu()
            if menu is not None:
                walk(menu.actions())

    walk(window.menuBar().actions())
    return texts
