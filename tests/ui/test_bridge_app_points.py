"""The bridge app's points left open by issue 29's review: the Deal menu's Alt+D and the Deal
field's Alt+L, the on-screen trick tree's rows and columns at 1280 × 800, the Export Figure
dialog's steady geometry, and a board without a contract played — and said — in par's."""

from __future__ import annotations

import re

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from tests.ui.workspaces import bridge


def _choose_bridge(window) -> None:  # type: ignore[no-untyped-def]
    window.set_game("bridge")
    assert window.current.name == "bridge"


# --------------------------------------------------------------------------- keyboard
def test_alt_d_opens_the_deal_menu_and_alt_l_the_deal_field(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    from whistgui.ui.bridge.workspace import KEYS_HTML

    _choose_bridge(window)
    page = bridge(window).page
    menu = window.deal_menu
    assert menu.title() == "&Deal"
    page.table.setFocus()
    QTest.keyClick(window, Qt.Key.Key_D, Qt.KeyboardModifier.AltModifier)
    qtbot.waitUntil(menu.isVisible, timeout=3000)
    assert not page.deal_edit.hasFocus()
    menu.close()
    qtbot.waitUntil(lambda: not menu.isVisible(), timeout=3000)
    page.table.setFocus()
    QTest.keyClick(window, Qt.Key.Key_L, Qt.KeyboardModifier.AltModifier)
    assert page.deal_edit.hasFocus()
    assert not menu.isVisible()
    # the F1 list says so: Alt+D the menu, Alt+L the field
    row = next(r for r in KEYS_HTML.splitlines() if "Deal menu" in r)
    keys, words = re.findall(r"<td>(.*?)</td>", row)
    assert keys.startswith("Alt+D;")
    assert words.startswith("the Deal menu;")
    assert keys.split("; ")[1].split(", ")[0] == "Alt+L"
    assert words.split("; ")[1].startswith("Deal field")
