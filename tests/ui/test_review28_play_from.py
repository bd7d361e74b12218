"""Issue 28's review: the play panel's From field plays the deal on the table. The reviewer's
steps — example (24), ``E:SK`` in From, example (25) (the panel keeps (24) with a banner), Enter
in From — played (24) again; now the line typed for (24) and its error go when the table's deal
changes, and Enter plays the table's deal."""

from __future__ import annotations

from PySide6.QtCore import Qt

from tests.ui.workspaces import trick


def _open(qtbot, window, number: int) -> None:
    with qtbot.waitSignal(trick(window).analysisShown, timeout=30000):
        trick(window).open_example(number)


def _enter(qtbot, panel, text: str) -> None:
    panel.from_field.edit.setText(text)
    qtbot.keyClick(panel.from_field.edit, Qt.Key.Key_Return)


def test_enter_plays_the_deal_on_the_table_not_the_one_left(qtbot, window) -> None:
    _open(qtbot, window, 24)
    with qtbot.waitSignal(trick(window).play_panel.ready, timeout=30000):
        trick(window).play_deal()
    panel = trick(window).play_panel
    with qtbot.waitSignal(panel.ready, timeout=30000):
        _enter(qtbot, panel, "E:SK")
    old = panel.position.deal
    assert [s.name for s in panel.played] == ["S:K"]
    _open(qtbot, window, 25)
    table = trick(window).session.document.deal
    assert panel.stale  # "Playing an earlier deal …": the line in progress is kept
    assert panel.from_field.edit.text() == ""  # the line was (24)'s: gone with it
    with qtbot.waitSignal(panel.ready, timeout=30000):
        _enter(qtbot, panel, "E:SK")  # (25)'s East holds ♠K too
    assert not panel.from_field.has_error, panel.from_field.error.toolTip()
    assert panel.line().deal == table != old  # the table's deal, not (24)
    assert [s.name for s in panel.played] == ["S:K"]
    assert not panel.stale


def test_a_new_deal_clears_the_line_and_its_error(qtbot, window) -> None:
    _open(qtbot, window, 2)  # AQ/KJ
    with qtbot.waitSignal(trick(window).play_panel.ready, timeout=30000):
        trick(window).play_deal()
    panel = trick(window).play_panel
    _enter(qtbot, panel, "E:SZ")
    assert panel.from_field.has_error
    assert panel.from_field.edit.text() == "E:SZ"
    _open(qtbot, window, 15)
    assert panel.from_field.edit.text() == ""
    assert not panel.from_field.has_error


def test_the_from_mnemonic_is_not_the_file_menus(qtbot, window) -> None:
    panel = trick(window).play_panel
    label = panel.from_field.findChild(type(panel.status))
    assert label is not None
    assert "&F" not in label.text()
    assert "&m" in label.text().lower()


def test_a_line_led_by_the_wrong_seat_is_refused_at_the_table(qtbot, window) -> None:
    """Review 28b, W1: example (24) has East on lead; From ``W:SA`` played West's ♠A first and
    the panel counted West's tricks. Now it is refused in the field and nothing is played."""
    _open(qtbot, window, 24)
    with qtbot.waitSignal(trick(window).play_panel.ready, timeout=30000):
        trick(window).play_deal()
    panel = trick(window).play_panel
    assert trick(window).session.document.lead.word == "East"
    _enter(qtbot, panel, "W:SA")
    assert panel.from_field.has_error
    error = panel.from_field.error.toolTip() or panel.from_field.error.text()
    assert "'W:SA' starts with West's card, but East is on lead" in error
    assert panel.played == []
    assert panel.position.leader.word == "East"
