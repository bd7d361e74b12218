"""Issue 25: moving cards on the table moves no column and resizes no card — the pool has room
for its deck, both hands alike for 4 cards, then for half the deck — so that a card lands where
it was dropped and the others stay where they were."""

from __future__ import annotations

import pytest

from tests.ui.workspaces import trick
from whistgui.app.document import Document
from whistgui.engine import Card, Deal, Player
from whistgui.ui.main_window import MainWindow
from whistgui.ui.trick.table import EAST, POOL, WEST


def start_on(qtbot, w: MainWindow, text: str) -> None:
    with qtbot.waitSignal(trick(w).analysisShown, timeout=20000):
        trick(w).session.replace(Document.from_deal(Deal.parse(text), lead=Player.WEST))


def _columns(w: MainWindow) -> list[tuple[float, float, float, float]]:
    table = trick(w).table
    return [table.zone_rect(p).getRect() for p in (WEST, POOL, EAST)]


def test_moving_cards_leaves_the_columns_where_they_are(qtbot, window):
    start_on(qtbot, window, "KJ/AQ")  # West 2, East 2, the pool 9
    table = trick(window).table
    columns, card = _columns(window), table._card_size()
    session = trick(window).session
    deal = session.document.deal
    moves = [
        (["S:T"], "W"),  # West 3, the pool 8
        (["S:9"], "E"),  # East 3, the pool 7
        (["S:8"], "W"),  # West 4, the pool 6
        (["S:K"], "P"),  # back to the pool: West 3, the pool 7
        (["S:J"], "E"),  # West to East: West 2, East 4
    ]
    for names, dest in moves:
        assert session.move_cards([deal.card_from_text(n) for n in names], dest)
        assert (_columns(window), table._card_size()) == (columns, card), (names, dest)
    assert str(session.document.deal) == "T8/AQJ9"


def test_the_hands_widen_together_only_past_four_cards(qtbot, window):
    start_on(qtbot, window, "KJ/AQ A/K")
    table = trick(window).table
    before = _columns(window)
    deal = trick(window).session.document.deal
    trick(window).session.move_cards(
        [deal.card_from_text(c) for c in ("S:T", "S:9", "S:8")], "W"
    )  # West holds 5 spades: more than the hands had room for
    after = _columns(window)
    assert after[0][2] > before[0][2]
    assert after[0][2] == pytest.approx(after[2][2])  # both hands alike
    assert table.slot_of(Card(0, 8)) is not None
