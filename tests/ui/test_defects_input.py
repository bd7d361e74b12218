"""Issue 11, met as a user: the deal field's undo keys and Esc, focus when the window opens,
and a card selection that must not outlive its deal."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QApplication, QDialog

from tests.ui.workspaces import trick
from whistgui.app.document import Document
from whistgui.app.document import save as save_document
from whistgui.engine import Card, Deal, Player
from whistgui.ui.main_window import MainWindow
from whistgui.ui.trick.random_deal_dialog import RandomDealDialog

CTRL = Qt.KeyboardModifier.ControlModifier
SHIFT = Qt.KeyboardModifier.ShiftModifier


def start_on(qtbot, w: MainWindow, text: str, lead: Player = Player.WEST) -> None:
    with qtbot.waitSignal(trick(w).analysisShown, timeout=20000):
        trick(w).session.replace(Document.from_deal(Deal.parse(text), lead=lead))


def card(w: MainWindow, name: str) -> Card:
    return trick(w).session.document.deal.card_from_text(name)


def deal_text(w: MainWindow) -> str:
    return str(trick(w).session.document.deal)


def type_over(qtbot, w: MainWindow, text: str) -> None:
    """Select the deal field's text and type ``text`` over it, key by key, then Enter."""
    edit = trick(w).notation.edit
    edit.setFocus()
    edit.selectAll()
    qtbot.keyClicks(edit, text)
    qtbot.keyClick(edit, Qt.Key.Key_Return)


# --------------------------------------------------------------------------- the deal field


def test_the_window_opens_with_the_table_focused_not_the_text(qtbot, window):
    assert window.focusWidget() is trick(window).table
    qtbot.waitUntil(lambda: QApplication.focusWidget() is trick(window).table)
    assert not trick(window).notation.edit.hasFocus()


def test_ctrl_z_in_the_deal_field_undoes_the_deal_and_shows_its_text(qtbot, window):
    start_on(qtbot, window, "AQ/KJ K/A")
    edit = trick(window).notation.edit
    type_over(qtbot, window, "AQ/KX")  # bad text: marked, the deal kept
    assert trick(window).notation.has_error
    type_over(qtbot, window, "AQ/KJ A/K")  # corrected
    assert not trick(window).notation.has_error
    assert deal_text(window) == "AQ/KJ A/K"

    qtbot.keyClick(edit, Qt.Key.Key_Z, CTRL)
    assert deal_text(window) == "AQ/KJ K/A"  # the deal went back ...
    assert edit.text() == "AQ/KJ K/A"  # ... and the field shows it, not the bad text
    assert not trick(window).notation.has_error
    assert edit.hasFocus()

    qtbot.keyClick(edit, Qt.Key.Key_Z, CTRL | SHIFT)
    assert deal_text(window) == edit.text() == "AQ/KJ A/K"
    qtbot.keyClick(edit, Qt.Key.Key_Z, CTRL)
    assert deal_text(window) == edit.text() == "AQ/KJ K/A"
    qtbot.keyClick(edit, Qt.Key.Key_Y, CTRL)
    assert deal_text(window) == edit.text() == "AQ/KJ A/K"
    assert not trick(window).notation.has_error


def test_ctrl_z_in_the_deal_field_with_nothing_to_undo_shows_the_deal(qtbot, window):
    start_on(qtbot, window, "AQ/KJ K/A")
    edit = trick(window).notation.edit
    edit.setFocus()
    edit.end(False)
    qtbot.keyClicks(edit, " x")  # bad from the first key: nothing reaches the undo stack
    qtbot.keyClick(edit, Qt.Key.Key_Return)
    assert trick(window).notation.has_error
    assert trick(window).session.undo_stack.count() == 0
    qtbot.keyClick(edit, Qt.Key.Key_Z, CTRL)
    assert edit.text() == deal_text(window) == "AQ/KJ K/A"
    assert not trick(window).notation.has_error


def test_escape_in_the_deal_field_goes_back_to_the_deal(qtbot, window):
    start_on(qtbot, window, "AQ/KJ K/A")
    edit = trick(window).notation.edit
    type_over(qtbot, window, "AQ/KJ K/X")
    assert trick(window).notation.has_error
    count = trick(window).session.undo_stack.count()
    qtbot.keyClick(edit, Qt.Key.Key_Escape)
    assert edit.text() == deal_text(window)
    assert not trick(window).notation.has_error
    assert trick(window).session.undo_stack.count() == count  # Esc changes the text, not the deal


def test_undo_keys_work_from_the_table_too(qtbot, window):
    start_on(qtbot, window, "AQ/KJ K/A")
    trick(window).session.move_cards([card(window, "S:Q")], "E")
    window.activateWindow()
    trick(window).table.setFocus()
    qtbot.waitUntil(lambda: QApplication.focusWidget() is trick(window).table)
    qtbot.keyClick(trick(window).table, Qt.Key.Key_Z, CTRL)
    assert deal_text(window) == "AQ/KJ K/A"
    qtbot.keyClick(trick(window).table, Qt.Key.Key_Z, CTRL | SHIFT)
    assert deal_text(window) == "A/KQJ K/A"
    qtbot.keyClick(trick(window).table, Qt.Key.Key_Z, CTRL)
    qtbot.keyClick(trick(window).table, Qt.Key.Key_Y, CTRL)
    assert deal_text(window) == "A/KQJ K/A"


def test_the_field_context_menu_undoes_the_deal(qtbot, window):
    start_on(qtbot, window, "AQ/KJ K/A")
    trick(window).session.set_deal_text("A/KQJ K/A")
    menu = trick(window).notation.edit.context_menu()
    actions = menu.actions()
    undo, redo = trick(window).notation.edit.history_actions
    assert undo in actions
    assert redo in actions
    assert not any(a.objectName() in ("edit-undo", "edit-redo") for a in actions)
    undo.trigger()  # the deal's history, the one Edit ▸ Undo works on
    assert deal_text(window) == "AQ/KJ K/A"
    redo.trigger()
    assert deal_text(window) == "A/KQJ K/A"
    menu.deleteLater()


# --------------------------------------------------------------------------- the selection


def pick(qtbot, w: MainWindow, *names: str) -> list[Card]:
    """Ctrl+click the named cards on the table."""
    cards = [card(w, n) for n in names]
    for c in cards:
        slot = trick(w).table.slot_of(c)
        assert slot is not None
        qtbot.mouseClick(
            trick(w).table, Qt.MouseButton.LeftButton, CTRL, slot.rect.center().toPoint()
        )
    assert trick(w).table.selected == cards
    return cards


def random_deal(qtbot, w: MainWindow, monkeypatch) -> None:
    monkeypatch.setattr(RandomDealDialog, "exec", lambda _self: QDialog.DialogCode.Accepted)
    trick(w).act_random.trigger()


def typed_text(qtbot, w: MainWindow, monkeypatch) -> None:
    type_over(qtbot, w, "QJ/AK A/K K/A")


def undo(qtbot, w: MainWindow, monkeypatch) -> None:
    trick(w).table.setFocus()
    qtbot.keyClick(trick(w).table, Qt.Key.Key_E)  # the table's own move: the cards stay picked
    assert trick(w).table.selected == [card(w, "S:K"), card(w, "S:J")]
    w.act_undo.trigger()  # but the undo of it is not the table's move


def open_file(qtbot, w: MainWindow, monkeypatch, tmp_path) -> None:
    path = tmp_path / "other.whist"
    save_document(Document.from_deal(Deal.parse("Q/A KJ/-")), path)
    assert w.open_file(path)


def example(qtbot, w: MainWindow, monkeypatch) -> None:
    trick(w).open_example(2)  # AQ/KJ: the spade king and jack now East's


@pytest.mark.parametrize("change", [random_deal, typed_text, undo, open_file, example])
def test_a_change_of_deal_clears_the_selection(qtbot, window, monkeypatch, tmp_path, change):
    start_on(qtbot, window, "KJ/AQ A/K K/A")
    table = trick(window).table
    cards = pick(qtbot, window, "S:K", "S:J")
    with qtbot.waitSignal(table.selectionChanged, timeout=1000):
        if change is open_file:
            change(qtbot, window, monkeypatch, tmp_path)
        else:
            change(qtbot, window, monkeypatch)
    assert all(table.slot_of(c) is not None for c in cards)  # still on the table ...
    assert table.selected == []  # ... but no longer picked


def test_after_a_random_deal_a_drag_carries_only_the_pressed_card(qtbot, window, monkeypatch):
    start_on(qtbot, window, "KJ/AQ A/K K/A")
    table = trick(window).table
    pick(qtbot, window, "S:K", "S:J")
    random_deal(qtbot, window, monkeypatch)
    dragged: list[list[Card]] = []
    monkeypatch.setattr(table, "start_drag", lambda cards: dragged.append(list(cards)))
    king = card(window, "S:K")
    slot = table.slot_of(king)
    assert slot is not None
    start = slot.rect.center().toPoint()
    qtbot.mousePress(table, Qt.MouseButton.LeftButton, pos=start)
    qtbot.mouseMove(table, start + QPoint(0, 4 * QApplication.startDragDistance()))
    qtbot.mouseRelease(table, Qt.MouseButton.LeftButton)
    assert dragged == [[king]]


def test_the_tables_own_move_keeps_the_selection_and_a_lead_change_too(qtbot, window):
    start_on(qtbot, window, "KJ/AQ A/K K/A")
    table = trick(window).table
    cards = pick(qtbot, window, "S:K", "S:J")
    table.setFocus()
    qtbot.keyClick(table, Qt.Key.Key_E)  # the table's own move of the selection
    assert deal_text(window) == "-/AKQJ A/K K/A"
    assert table.selected == cards  # still picked: press W to send them back
    trick(window).act_east_leads.trigger()  # the deal is the same, so are the cards' places
    assert table.selected == cards
    qtbot.keyClick(table, Qt.Key.Key_W)
    assert deal_text(window) == "KJ/AQ A/K K/A"
    assert table.selected == cards


def test_both_docks_share_the_bottom_as_tabs_and_the_inspector_opens_on_a_suit(qtbot, window):
    """Defect 4: with both docks open side by side the play sidebar was about 100 px wide, and
    the inspector opened from the View menu showed an empty "no suit" pane."""
    window.resize(1280, 800)
    with qtbot.waitSignal(trick(window).analysisShown, timeout=20000):
        trick(window).session.set_deal_text("AQ/KJ KJ/AQ A/K")  # not the deal the window starts on
    with qtbot.waitSignal(trick(window).inspector.ready, timeout=20000):
        trick(window).act_inspector.trigger()
    assert trick(window).inspector.has_content()
    trick(window).play_deal()
    qtbot.waitUntil(trick(window).play_dock.isVisible, timeout=5000)
    assert trick(window).play_dock in window.tabifiedDockWidgets(trick(window).inspector_dock)
    qtbot.waitUntil(lambda: trick(window).play_dock.width() > 0.9 * window.width(), timeout=5000)
    assert (
        trick(window).table.height() >= trick(window).table.minimumHeight() > 0
    )  # the table stays legible
