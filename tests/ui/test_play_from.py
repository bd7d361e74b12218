"""The play panel takes a line of play seat by seat (``E:SK W:S9``), as ``whist play --from``:
typed in its From field it is played from the deal's start, its first card the seat on lead's; a
bad card, or a line starting with another seat, is marked in the field and changes nothing."""

from __future__ import annotations

from PySide6.QtCore import Qt

from whistgui.engine import Deal, Player, play_line

DEAL_24 = Deal.parse("S:AJ9/KQT H:A/K D:K/A")


def type_line(qtbot, panel, text: str) -> None:
    panel.from_field.edit.setText(text)
    qtbot.keyClick(panel.from_field.edit, Qt.Key.Key_Return)


def test_the_line_is_played_from_the_start_with_its_leader(panel, qtbot) -> None:
    panel.set_deal_now(DEAL_24, Player.EAST)
    with qtbot.waitSignal(panel.ready, timeout=20000):
        type_line(qtbot, panel, "E:SK W:S9")
    assert [s.name for s in panel.played] == ["S:K", "S:9"]
    assert panel.position.leader is Player.EAST  # East won the trick with the king
    assert not panel.from_field.has_error
    # the record is the engine's line with the same first cards (the duck costs a trick)
    engine = play_line(DEAL_24, Player.EAST, forced=["S:K", "S:9"])
    panel.to_end()
    assert panel.line().steps == engine.steps


def test_a_bad_card_is_marked_and_changes_nothing(panel, qtbot) -> None:
    panel.set_deal_now(DEAL_24, Player.EAST)
    panel.next_card()
    before = list(panel.played)
    type_line(qtbot, panel, "E:SK W:HA")
    assert panel.from_field.has_error
    error = panel.from_field.error.toolTip() or panel.from_field.error.text()
    assert "'W:HA'" in error
    assert "does not follow suit to S:K" in error
    assert panel.played == before


def test_a_line_starting_with_the_wrong_seat_is_refused(panel, qtbot) -> None:
    """As ``whist play --from 'W:SA' --lead E``: the lead is the deal's, never moved by the line."""
    panel.set_deal_now(DEAL_24, Player.EAST)
    with qtbot.waitSignal(panel.ready, timeout=20000):
        type_line(qtbot, panel, "E:SK")
    assert [s.name for s in panel.played] == ["S:K"]
    type_line(qtbot, panel, "W:SA")
    assert panel.from_field.has_error
    error = panel.from_field.error.toolTip() or panel.from_field.error.text()
    assert "'W:SA' starts with West's card, but East is on lead" in error
    assert [s.name for s in panel.played] == ["S:K"]  # nothing of it played
    assert "refused, nothing played" in panel.status.text()  # the cards shown are not its
    assert "(the cards shown are older)" in panel.status.text()
    # the whole message, which the field elides, in the panel's wrapped status line
    assert "but East is on lead: start the line with E:" in panel.status.text()
    panel.to_start()
    assert panel.position.leader is Player.EAST
