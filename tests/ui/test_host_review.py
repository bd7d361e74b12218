"""The host after a fresh-eyes review: unsaved marks that follow the document as saved, one
owner for each Alt+letter, a Game box that switches on a choice (not on each arrow key), each
workspace's status messages only while it is shown, and one set of names for the games."""

from __future__ import annotations

import re
from collections import Counter

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QAbstractButton, QGroupBox, QLabel, QTabBar, QWidget

from whistgui.ui.main_window import MainWindow
from whistgui.ui.workspace import WORKSPACES, workspace_class

_MNEMONIC = re.compile(r"&([^&])")


def _mnemonic(text: str) -> str | None:
    found = _MNEMONIC.search(text.replace("&&", ""))
    return found.group(1).lower() if found else None


def _alt_keys(window: MainWindow) -> list[tuple[str, str]]:
    """Every Alt+letter the window answers while its current workspace is shown: the menu
    bar's titles, labels with a buddy, buttons, group boxes and tabs on screen (docks too)."""
    keys: list[tuple[str, str]] = []
    for act in window.menuBar().actions():
        key = _mnemonic(act.text())
        if key and act.isVisible():
            keys.append((key, f"menu {act.text()!r}"))
    for w in window.findChildren(QWidget):
        if not w.isVisibleTo(window):
            continue
        if (isinstance(w, QLabel) and w.buddy() is not None) or isinstance(w, QAbstractButton):
            texts = [w.text()]
        elif isinstance(w, QGroupBox):
            texts = [w.title()]
        elif isinstance(w, QTabBar):
            texts = [w.tabText(i) for i in range(w.count()) if w.isTabVisible(i)]
        else:
            continue
        for text in texts:
            key = _mnemonic(text)
            if key:
                keys.append((key, f"{type(w).__name__} {text!r}"))
    return keys


@pytest.mark.parametrize("name", [e.name for e in WORKSPACES if workspace_class(e).hosted])
def test_no_alt_letter_is_claimed_twice_in_any_workspace(window, qtbot, name):
    ws = window.show_workspace(name)
    for dock in ws.docks():
        dock.show()
    qtbot.wait(50)
    keys = _alt_keys(window)
    twice = {
        k: [w for key, w in keys if key == k]
        for k, n in Counter(k for k, _ in keys).items()
        if n > 1
    }
    assert not twice, f"{name}: {twice}"


# --------------------------------------------------------------------------- the Game box
def _focused_box(window: MainWindow, qtbot):  # type: ignore[no-untyped-def]
    combo = window.game_selector.combo
    window.activateWindow()
    combo.setFocus()
    qtbot.waitUntil(combo.hasFocus)
    return combo


def test_arrow_keys_on_the_game_box_browse_and_enter_chooses(window, qtbot):
    combo = _focused_box(window, qtbot)
    qtbot.keyClick(combo, Qt.Key.Key_End)
    assert combo.currentData() == "gops"
    assert window.current.name == "trick"  # not yet: End only browsed
    qtbot.keyClick(combo, Qt.Key.Key_Up)
    assert combo.currentData() == "heaps"
    qtbot.keyClick(combo, Qt.Key.Key_Up)
    assert combo.currentData() == "bridge"
    assert window.current.name == "trick"
    qtbot.keyClick(combo, Qt.Key.Key_Return)
    assert window.current.name == "bridge"
    assert not combo.pause.isActive()


def test_a_pause_after_browsing_chooses_the_entry_browsed_to(window, qtbot):
    combo = _focused_box(window, qtbot)
    qtbot.keyClick(combo, Qt.Key.Key_End)
    assert window.current.name == "trick"
    qtbot.waitUntil(lambda: window.current.name == "gops", timeout=3000)
    assert window.game_selector.game == "gops"


def test_an_entry_picked_from_the_list_is_chosen_at_once(window, qtbot):
    combo = window.game_selector.combo
    combo.activated.emit(combo.findData("bridge"))  # as the list's click or Enter reports it
    assert window.current.name == "bridge"
    assert not combo.pause.isActive()


# --------------------------------------------------------------------------- status messages
def test_a_workspace_put_away_says_nothing_over_the_one_shown(window, qtbot):
    gops_ws = window.show_workspace("gops")
    gops_ws.message.emit("Solved N = 6: GOPS is worth 0", 5000)
    assert window.statusBar().currentMessage().startswith("Solved N = 6")
    window.show_workspace("trick")
    assert window.statusBar().currentMessage() == ""  # switching cleared it
    gops_ws.message.emit("Solved N = 6: GOPS is worth 0", 5000)  # a late result
    assert window.statusBar().currentMessage() == ""
    window.current.message.emit("Example 1", 5000)
    assert window.statusBar().currentMessage() == "Example 1"


def test_autoplays_message_goes_when_a_random_deal_stops_it(window, qtbot):
    ws = window.show_workspace("bridge")
    page = ws.page
    page.set_autoplay(True)
    assert window.statusBar().currentMessage().startswith("Autoplay:")
    ws.session.random_deal(seed=3)
    assert not page.autoplay_button.isChecked()
    assert window.statusBar().currentMessage() == ""


def test_a_message_said_after_autoplay_started_stays_when_it_stops(window, qtbot):
    ws = window.show_workspace("bridge")
    ws.page.set_autoplay(True)
    ws.page.message.emit("No double-dummy table: the engine failed")
    ws.page.set_autoplay(False)
    assert window.statusBar().currentMessage().startswith("No double-dummy table")


# --------------------------------------------------------------------------- unsaved changes
def test_another_game_and_back_is_no_change(window, qtbot, dialogs):
    ws = window.show_workspace("trick")
    ws.open_example(1)
    assert not window.isWindowModified()
    window.set_game("greedy-whist")
    assert ws.modified()
    assert window.isWindowModified()
    window.set_game("whist")
    assert not ws.modified()
    assert not window.isWindowModified()
    ws.open_example(2)
    assert not [d for d in dialogs.shown if d[0] == "question"]


def test_a_suit_handed_over_is_not_an_edit(window, qtbot, dialogs):
    from whistgui.app.document import Document
    from whistgui.engine import Deal
    from whistgui.ui.workspace import Handover

    ws = window.show_workspace("trick")
    doc = Document.from_deal(Deal.parse("AQ/KJ"))
    assert window.hand_over(Handover(doc, "Open the suit AQ/KJ"))
    assert ws.session.document.deal == doc.deal
    assert not ws.modified()
    assert not window.isWindowModified()
    ws.session.undo_stack.undo()  # back to the deal before: that one is not the one opened
    assert ws.modified()
    ws.session.undo_stack.redo()
    assert not ws.modified()
    ws.open_example(1)
    assert not [d for d in dialogs.shown if d[0] == "question"]


def test_a_suit_handed_over_onto_unsaved_edits_keeps_the_question(window, qtbot, dialogs):
    from whistgui.app.document import Document
    from whistgui.engine import Deal
    from whistgui.ui.workspace import Handover

    ws = window.show_workspace("trick")
    ws.session.set_deal_text("AK/QJ")
    window.hand_over(Handover(Document.from_deal(Deal.parse("AQ/KJ")), "Open the suit"))
    assert ws.modified()  # the edit lives on in the undo history only


def test_the_bridge_boards_have_unsaved_changes(window, qtbot, dialogs):
    from whistgui.ui.host.unsaved import question_text

    ws = window.show_workspace("bridge")
    assert "The new bridge boards have unsaved changes" in question_text([ws])
    assert "has unsaved" in question_text([window.workspace("trick")])
