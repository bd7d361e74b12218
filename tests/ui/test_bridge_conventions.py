"""Issue 29's conventions, as a new user sees them in the bridge workspace: one suit per line in
West's and East's hands (they wrapped a suit over two rows: ♥A Q, then ♥10 6 5), HCP beside each
hand, badges from the point of view of the side that plays the card (a defender's best card
showed a red "−2"), Random Deal playing the new deal in its par contract (it kept the old one,
now failing), the play record as a trick grid, par in players' notation."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QEvent, Qt
from PySide6.QtWidgets import QApplication

from tests.ui.workspaces import bridge
from whistgui.app.bridge import BridgeDocument
from whistgui.engine.bridge import BridgeDeal, Contract, Seat
from whistgui.engine.bridge.dds import card_scores, par
from whistgui.engine.bridge.par_words import par_contract
from whistgui.engine.bridge.play import trick_winner
from whistgui.figures.bridge import par_text
from whistgui.ui.bridge.play_grid import (
    COL_FIRST,
    COL_LEAD,
    COL_WON,
    CardIndexRole,
    PlayGridModel,
)

SIZES = [(1280, 800), (1920, 1080)]

#: West 7-6 (spades, hearts), East 6-7 (diamonds, clubs); and East 13 spades, West 13 hearts
LONG_SUITS = [
    "W:AKQJT98.AKQJT9.. 765432.8765432.. ..AKQJT9.AKQJT98 ..8765432.765432",
    "E:AKQJT98765432... ..AKQJT98765432. .AKQJT98765432.. ...AKQJT98765432",
]

POINTS = {14: 4, 13: 3, 12: 2, 11: 1}


def settle(qtbot) -> None:  # type: ignore[no-untyped-def]
    for _ in range(5):
        QApplication.processEvents()
        QApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    qtbot.wait(20)


def _open(qtbot, window):  # type: ignore[no-untyped-def]
    window.set_game("bridge")
    page = bridge(window).page
    qtbot.waitUntil(page.ready, timeout=60000)
    return page


# ----------------------------------------------------------------------- one suit per line


@pytest.mark.parametrize("room", SIZES, indirect=True, ids=["1280x800", "1920x1080"])
@pytest.mark.parametrize("deal", LONG_SUITS, ids=["7-6", "13-0"])
def test_west_and_east_show_one_suit_per_line_and_every_hand_fits(qtbot, window, room, deal):
    page = _open(qtbot, window)
    page.session.set_deal_text(deal)
    settle(qtbot)
    table = page.table
    assert table.width() <= room[0]
    assert table.height() <= room[1]
    for seat in Seat:
        slots = [s for s in table.slots() if s.place == seat]
        assert len(slots) == 13
        zone = table.zone_rect(seat)
        for s in slots:  # every card within its hand's zone, on the felt
            assert zone.contains(s.rect), (seat, s.card, s.rect, zone)
            assert table.rect().toRectF().contains(s.rect)
            # its index shows: the rank's width and the top of the card
            assert s.visible.width() >= min(0.36 * s.rect.width(), s.rect.width() - 1)
            assert s.visible.width() >= 10
            assert s.visible.height() >= 0.55 * s.rect.height()
        if seat in (Seat.W, Seat.E):
            rows: dict[float, set[object]] = {}
            for s in slots:
                rows.setdefault(round(s.rect.top()), set()).add(s.card.suit)
            # a row a suit: no row holds two suits, no suit is on two rows
            assert all(len(suits) == 1 for suits in rows.values()), rows
            held = {c.suit for c in page.session.document.hands[seat]}
            assert len(rows) == len(held)


def test_a_split_heart_suit_is_one_row(qtbot, window):
    """The issue's hand: ♥A Q on one row and ♥10 6 5 on the next, in a 4-4-... hand."""
    page = _open(qtbot, window)
    page.session.set_deal_text(
        "W:K98.AQT65.J7.K43 AQJ6.K8.AK65.QJ2 T743.J72.Q843.A6 52.943.T92.T9875"
    )
    settle(qtbot)
    hearts = [s for s in page.table.slots() if s.place == Seat.W and s.card.suit.name == "H"]
    assert len(hearts) == 5
    assert len({round(s.rect.top()) for s in hearts}) == 1


# ----------------------------------------------------------------------------------- HCP


def test_each_hands_label_gives_its_high_card_points(qtbot, window):
    page = _open(qtbot, window)
    doc = page.session.document
    for seat in Seat:
        points = sum(POINTS.get(c.rank, 0) for c in doc.hands[seat])
        assert page.table.label_text(seat).endswith(f"· {points} HCP")
    total = sum(int(page.table.label_text(s).split("· ")[-1].split()[0]) for s in Seat)
    assert total == 40
    # they are the hands as dealt: a card played leaves them as they were
    before = page.table.label_text(Seat.W)
    page.session.play(sorted(page.session.position().legal())[-1])
    assert page.table.label_text(Seat.W) == before


# ------------------------------------------------------------------------------ the badges


def test_badges_are_from_the_point_of_view_of_the_side_that_plays(qtbot, window):
    """4♠ by South on deal 2 fails at the opening lead, and 7 of West's 13 leads cost the
    defence: their best leads were red '−1'/'−2' (the contract's result); now a best lead is
    a green ✓ and a costly one a red '−n', n the tricks it costs East–West."""
    from tests.ui.test_bridge_window import _badge_colour

    page = _open(qtbot, window)
    doc = BridgeDocument.random(2).with_contract(Contract.parse("4S"), Seat.S)
    page.session.replace((doc,))
    qtbot.waitUntil(page.ready, timeout=60000)
    pos = page.session.position()
    scores = card_scores(pos)
    best = max(scores.values())
    marks = page.table.marks
    assert set(marks) == set(scores)
    # the defence's best leads defeat the contract: the case the issue describes
    assert 13 - best < doc.contract.tricks_needed
    costly = {c for c, v in scores.items() if v < best}
    assert costly
    assert len(costly) < len(scores)
    for card, mark in marks.items():
        cost = best - scores[card]
        assert mark.badge == ("\u2713" if cost == 0 else f"\u2212{cost}")
        assert _badge_colour(window, card) == ("red" if cost else "green")
        tip = page.table.mark_tooltip(mark)
        assert ("a best card for East–West" in tip) == (cost == 0)
        assert (f"costs East–West {cost} trick" in tip) == (cost > 0)
    assert "Badges are for East–West: ✓ a best card" in page.status.text()


# ------------------------------------------------------------------------ Random Deal: par


def test_random_deal_plays_the_new_deal_in_its_par_contract(qtbot, window):
    page = _open(qtbot, window)
    session = page.session
    session.set_contract(Contract.parse("7NT"), Seat.N)
    page.random_deal(seed=3)
    assert page.dealing
    assert not page.ready()
    qtbot.waitUntil(lambda: not page.dealing, timeout=60000)
    doc = session.document
    assert doc.deal == BridgeDocument.random(3).deal
    result = par(doc.deal, "None", doc.dealer)
    assert result.score != 0
    expected = par_contract(result, "None")
    assert expected is not None
    assert (doc.contract, doc.declarer) == expected
    assert (doc.contract, doc.declarer) != (Contract.parse("7NT"), Seat.N)
    assert "par contract" in page.table.message
    assert par_text(result, "None") in page.table.message
    # one undo step: the old deal and its contract together
    window.act_undo.trigger()
    assert session.document.contract == Contract.parse("7NT")
    assert session.document.deal != doc.deal


def test_random_deal_keeps_the_contract_of_a_deal_passed_out_and_says_so(qtbot, window):
    """A deal nobody can make anything on (each side holds a suit of 13) is passed out at
    par: the board keeps its contract, and the felt says so."""
    from whistgui.ui.bridge.dealing import DealOutcome, outcome_note

    deal = BridgeDeal.parse(LONG_SUITS[1])
    kept = (Contract.parse("3NT"), Seat.S)
    note = outcome_note(DealOutcome(deal, "Par: Passed out", None, None), kept)
    assert "3NT by South is kept" in note
    assert "passed out" in note


def test_a_random_deal_is_cancelled_when_the_board_changes_under_it(qtbot, window):
    page = _open(qtbot, window)
    session = page.session
    page.random_deal(seed=5)
    typed = BridgeDocument.random(6).deal
    session.set_deal(typed)  # before the job reports
    assert not page.dealing
    qtbot.wait(300)
    settle(qtbot)
    assert session.document.deal == typed


# -------------------------------------------------------------------------- the trick grid


def _played(seed: int, cards: int) -> BridgeDocument:
    """Deal ``seed`` in 4♥ by East, played ``cards`` cards: each the lowest legal card."""
    doc = BridgeDocument.random(seed).with_contract(Contract.parse("4H"), Seat.E)
    for _ in range(cards):
        doc = doc.play(min(doc.position().legal()))
    return doc


def test_the_grid_has_a_row_a_trick_with_leader_cards_by_seat_and_winner(qtbot, qtmodeltester):
    doc = _played(11, 18)  # four tricks and two cards
    model = PlayGridModel()
    model.set_document(doc)
    qtmodeltester.check(model)
    assert model.rowCount() == 5
    seats = model.seats
    assert seats[0] is Seat.S  # East declares: South leads, South's column first
    headers = [model.headerData(c, Qt.Orientation.Horizontal) for c in range(model.columnCount())]
    assert headers == ["#", "Lead", "S", "W", "N", "E", "Won"]
    leader = Seat.S
    for row in range(5):
        cards = doc.played[4 * row : 4 * row + 4]
        assert model.index(row, COL_LEAD).data() == leader.name
        for k, card in enumerate(cards):
            seat = Seat((int(leader) + k) % 4)
            cell = model.index(row, COL_FIRST + seats.index(seat))
            assert cell.data() == card.text
            assert cell.data(CardIndexRole) == 4 * row + k
            font = cell.data(Qt.ItemDataRole.FontRole)
            assert (font is not None and font.bold()) == (k == 0)
        if len(cards) == 4:
            winner = trick_winner(leader, cards, doc.contract.strain)
            assert model.index(row, COL_WON).data() == winner.name
            won = model.index(row, COL_FIRST + seats.index(winner))
            assert won.data(Qt.ItemDataRole.FontRole).underline()
            leader = winner
        else:
            assert model.index(row, COL_WON).data() == ""
    # a card's cost, when known, follows it
    model.set_costs({0: 0, 1: 2})
    first_row = [model.index(0, COL_FIRST + k).data() for k in range(4)]
    assert first_row[1] == f"{doc.played[1].text} \u22122"
    assert first_row[0] == doc.played[0].text
    assert "cost East–West 2 tricks" in model.index(0, COL_FIRST + 1).data(
        Qt.ItemDataRole.ToolTipRole
    )


def test_the_line_of_play_tab_is_the_grid_and_a_click_goes_to_the_card(qtbot, window):
    page = _open(qtbot, window)
    page.session.replace((_played(11, 9),))
    grid = page.line
    model = grid.model()
    assert model.rowCount() == 3
    assert page.session.cursor == 0  # a board opens at its deal: no card is current
    assert grid.currentIndex().data(CardIndexRole) is None
    page.session.set_cursor(9)
    assert grid.currentIndex().data(CardIndexRole) == 8  # the last card played is current
    cell = model.index(1, COL_FIRST + 2)
    rect = grid.visualRect(cell)
    qtbot.mouseClick(grid.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    assert page.session.cursor == cell.data(CardIndexRole) + 1


# ---------------------------------------------------------------------- par: players' words


def test_par_under_the_dd_table_is_in_players_notation(qtbot, window):
    page = _open(qtbot, window)
    doc = page.session.document
    expected = par_text(par(doc.deal, "None", doc.dealer), "None")
    assert page.dd_table.note.text() == expected
    assert "for N–S" not in page.dd_table.note.text()
    assert expected.endswith("(none vul)")
