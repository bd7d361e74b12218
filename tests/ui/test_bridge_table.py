"""The bridge table driven as a user would: keys, drops, clicks, the menu, marks, undo."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QMimeData, QPoint, QPointF, Qt
from PySide6.QtGui import QDragEnterEvent, QDragMoveEvent, QDropEvent, QImage
from PySide6.QtWidgets import QApplication

from whistgui.app.bridge import BridgeDocument, CardMark, card_marks
from whistgui.engine.bridge import BridgeCard, Contract, Seat
from whistgui.ui.bridge.session import BridgeSession
from whistgui.ui.bridge.table import (
    MIME_TYPE,
    POOL,
    BridgeTable,
    Place,
    card_text,
    decode_cards,
    encode_cards,
    sort_hand,
)

C = BridgeCard.parse


@pytest.fixture
def session() -> BridgeSession:
    """Board 7's random deal, 4♠ by South: West leads."""
    s = BridgeSession(BridgeDocument.random(7))
    s.set_contract(Contract.parse("4S"), Seat.S)
    s.undo_stack.clear()
    return s


@pytest.fixture
def table(qtbot, session):
    t = BridgeTable(session)
    qtbot.addWidget(t)
    t.resize(1000, 700)
    t.show()
    qtbot.waitExposed(t)
    yield t
    t.shutdown()


def drop(table: BridgeTable, mime: QMimeData, place: Place) -> QDropEvent:
    """Send the drag-enter, drag-move and drop events Qt sends for a real drop."""
    pos = table.zone_rect(place).center()
    actions = Qt.DropAction.MoveAction | Qt.DropAction.CopyAction
    buttons, mods = Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier
    QApplication.sendEvent(table, QDragEnterEvent(pos.toPoint(), actions, mime, buttons, mods))
    QApplication.sendEvent(table, QDragMoveEvent(pos.toPoint(), actions, mime, buttons, mods))
    event = QDropEvent(QPointF(pos), actions, mime, buttons, mods)
    QApplication.sendEvent(table, event)
    return event


def spot(table: BridgeTable, card: BridgeCard) -> QPoint:
    """A point on ``card`` that no other card covers: its index, at the top left."""
    rect = table.card_rect(card)
    assert rect is not None, f"{card} is not on the table"
    return (rect.topLeft() + QPointF(5, 8)).toPoint()


def image(table: BridgeTable) -> QImage:
    return table.grab().toImage()


# --------------------------------------------------------------------------- layout


def test_every_card_is_in_its_seats_zone_sorted_spades_hearts_diamonds_clubs(table, session):
    for seat in Seat:
        hand = session.document.hands[seat]
        slots = [s for s in table.slots() if s.place == seat]
        assert [s.card for s in slots] == sort_hand(hand)
        assert all(table.zone_rect(seat).contains(s.rect) for s in slots)
    assert [c.suit.name for c in sort_hand([C("D2"), C("SA"), C("C5"), C("HK")])] == list("SHDC")
    assert table.message == ""


def test_the_pool_is_shown_with_the_problem_and_card_counts_while_editing(table, session):
    n = sort_hand(session.document.hands[Seat.N])
    points = {14: 4, 13: 3, 12: 2, 11: 1}
    whole = sum(points.get(c.rank, 0) for c in n)
    assert table.label_text(Seat.N) == f"North · dealer · {whole} HCP"
    session.move_cards(n[:3], None)
    left = sum(points.get(c.rank, 0) for c in n[3:])
    pool = [s for s in table.slots() if s.place == POOL]
    assert {s.card for s in pool} == set(n[:3])
    assert all(table.zone_rect(POOL).contains(s.rect) for s in pool)
    assert table.label_text(Seat.N) == f"North · dealer · 10 cards · {left} HCP"
    assert table.position is None
    assert "North 10" in table.accessibleDescription()
    status = table.tooltip_at(QPointF(table.width() / 2, table.height() - 14))
    assert status == f"Not a deal yet: {session.document.problem()}"


# --------------------------------------------------------------------------- moving cards


def test_keys_walk_select_and_send_cards_to_a_hand_or_the_pool(qtbot, table, session):
    table.setFocus()
    qtbot.keyClick(table, Qt.Key.Key_Right)  # the focus starts on the leader's first card
    first = table.focus_card
    assert first is not None
    assert session.document.owner(first) is Seat.W
    qtbot.keyClick(table, Qt.Key.Key_Right)
    second = table.focus_card
    assert second != first
    assert session.document.owner(second) is Seat.W
    qtbot.keyClick(table, Qt.Key.Key_Space)
    qtbot.keyClick(table, Qt.Key.Key_Left)
    qtbot.keyClick(table, Qt.Key.Key_Space)
    assert set(table.selected) == {first, second}
    qtbot.keyClick(table, Qt.Key.Key_P)
    assert set(session.document.pool) == {first, second}
    assert set(table.selected) == {first, second}  # the moved cards stay selected
    qtbot.keyClick(table, Qt.Key.Key_Escape)
    assert table.selected == []
    # the focused card alone goes back, to West
    table.set_selected([])
    qtbot.keyClick(table, Qt.Key.Key_W)
    assert session.document.owner(first) is Seat.W
    assert session.document.pool == (second,)
    # Up from South's hand reaches a card above it
    south = sort_hand(session.document.hands[Seat.S])[0]
    qtbot.mouseClick(table, Qt.MouseButton.LeftButton, pos=spot(table, south))
    assert table.focus_card == south
    qtbot.keyClick(table, Qt.Key.Key_Up)
    assert table.focus_card is not None
    assert session.document.owner(table.focus_card) is not Seat.S


def test_a_key_move_over_13_cards_is_refused_on_the_felt(qtbot, table, session):
    card = sort_hand(session.document.hands[Seat.N])[0]
    table.set_selected([card])
    table.setFocus()
    before = session.document
    with qtbot.waitSignal(table.refused) as blocker:
        qtbot.keyClick(table, Qt.Key.Key_E)
    assert "East would hold 14 cards" in blocker.args[0]
    assert table.message == blocker.args[0]
    assert session.document is before
    # Ctrl+S is the application's, not a move
    qtbot.keyClick(table, Qt.Key.Key_S, Qt.KeyboardModifier.ControlModifier)
    assert session.document is before


def test_dropping_pool_cards_on_a_hand_deals_them_and_undo_takes_them_back(table, session):
    cards = sort_hand(session.document.hands[Seat.S])[:2]
    session.move_cards(cards, None)
    assert table.position is None
    event = drop(table, encode_cards(cards, POOL), Seat.S)
    assert event.isAccepted()
    assert cards[0] in session.document.hands[Seat.S]
    assert session.document.problem() is None
    assert all(table.slot_of(c).place is Seat.S for c in cards)
    session.undo_stack.undo()
    assert set(session.document.pool) == set(cards)
    assert all(table.slot_of(c).place == POOL for c in cards)
    session.undo_stack.undo()
    assert session.document.pool == ()
    assert table.slot_of(cards[0]).place is Seat.S


def test_a_drop_that_overfills_a_hand_is_refused_and_changes_nothing(qtbot, table, session):
    card = sort_hand(session.document.hands[Seat.W])[0]
    before, steps = session.document, session.undo_stack.count()
    with qtbot.waitSignal(table.refused) as blocker:
        event = drop(table, encode_cards([card], Seat.W), Seat.N)
    assert not event.isAccepted()
    assert blocker.args[0].startswith("Drop refused: North would hold 14 cards")
    assert "at most 13" in table.message
    assert session.document is before
    assert session.undo_stack.count() == steps


def test_a_drop_of_foreign_data_or_onto_the_cards_own_hand_is_refused(qtbot, table, session):
    text = QMimeData()
    text.setText("SA")
    before = session.document
    pos = table.zone_rect(Seat.N).center().toPoint()
    enter = QDragEnterEvent(
        pos, Qt.DropAction.CopyAction, text, Qt.MouseButton.LeftButton, Qt.KeyboardModifier(0)
    )
    QApplication.sendEvent(table, enter)
    assert not enter.isAccepted()  # text is not taken: the cursor says so
    with pytest.raises(ValueError, match="only cards can be dropped here, not text/plain"):
        decode_cards(text)
    card = sort_hand(session.document.hands[Seat.N])[0]
    with qtbot.waitSignal(table.refused) as blocker:
        drop(table, encode_cards([card], Seat.N), Seat.N)
    assert "already with North" in blocker.args[0]
    assert session.document is before


def test_the_mime_data_round_trips_and_says_what_is_wrong():
    cards = [C("SA"), C("HT"), C("C2")]
    mime = encode_cards(cards, Seat.E)
    assert mime.hasFormat(MIME_TYPE)
    assert mime.text() == "SA HT C2"
    assert decode_cards(mime) == cards
    bad = QMimeData()
    bad.setData(MIME_TYPE, b'{"cards": ["SA", "Z9"]}')
    with pytest.raises(ValueError, match="'Z9', which is not a card"):
        decode_cards(bad)
    bad.setData(MIME_TYPE, b'{"cards": ["SA", "SA"]}')
    with pytest.raises(ValueError, match="dropped twice"):
        decode_cards(bad)
    bad.setData(MIME_TYPE, b"[1, 2")
    with pytest.raises(ValueError, match="is not a list of cards"):
        decode_cards(bad)


def test_the_context_menu_moves_the_cards_and_offers_the_play(table, session):
    west = session.document.hands[Seat.W]
    lead = session.position().legal()[0]
    menu = table.menu_for(QPointF(spot(table, lead)))
    assert menu is not None
    texts = [a.text() for a in menu.actions() if a.text()]
    assert texts[0].startswith("&Play")
    assert not any("West" in t for t in texts)  # the card is West's already
    next(a for a in menu.actions() if "pool" in a.text()).trigger()
    assert session.document.pool == (lead,)
    assert session.document.hands[Seat.W] == west - {lead}
    menu = table.menu_for(QPointF(spot(table, lead)))
    assert menu is not None
    next(a for a in menu.actions() if "&West" in a.text()).trigger()
    assert session.document.hands[Seat.W] == west
    table.set_selected([])
    assert table.menu_for(QPointF(2, 2)) is None


# --------------------------------------------------------------------------- playing


def test_clicking_a_legal_card_plays_it_and_the_trick_shows_in_the_middle(qtbot, table, session):
    pos = session.position()
    assert pos.to_move is Seat.W
    lead = pos.legal()[1]
    qtbot.mouseClick(table, Qt.MouseButton.LeftButton, pos=spot(table, lead))
    assert session.document.played == (lead,)
    assert session.cursor == 1
    follow = session.position().legal()[0]
    table.setFocus()
    table.set_focus_card(follow)
    qtbot.keyClick(table, Qt.Key.Key_Return)
    trick = session.position().trick
    assert trick == (lead, follow)
    assert table.trick_cards() == list(trick)
    middle = table.zone_rect(POOL)
    w, n = table.card_rect(lead), table.card_rect(follow)
    assert middle.contains(w)
    assert middle.contains(n)
    assert w.center().x() < middle.center().x() < n.right()  # West's to the left
    assert n.center().y() < middle.center().y()  # North's toward the top
    assert table.slot_of(lead) is None  # no longer in West's hand
    session.undo_stack.undo()
    assert table.trick_cards() == [lead]
    assert table.slot_of(follow).place is Seat.N


def test_a_double_click_plays_one_card(qtbot, table, session):
    lead = session.position().legal()[0]
    qtbot.mouseDClick(table, Qt.MouseButton.LeftButton, pos=spot(table, lead))
    assert session.document.played == (lead,)


def test_clicking_an_illegal_card_does_not_play_it_and_says_why(qtbot, table, session):
    lead = C("C6")
    session.play(lead)
    pos = session.position()
    assert pos.to_move is Seat.N
    illegal = next(c for c in sort_hand(pos.hands[Seat.N]) if c not in pos.legal())
    before = session.document
    with qtbot.waitSignal(table.refused) as blocker:
        qtbot.mouseClick(table, Qt.MouseButton.LeftButton, pos=spot(table, illegal))
    assert "must follow suit (clubs)" in blocker.args[0]
    assert session.document is before
    # another hand's card is selected, not played, and the felt says whose turn it is
    east = sort_hand(pos.hands[Seat.E])[0]
    qtbot.mouseClick(table, Qt.MouseButton.LeftButton, pos=spot(table, east))
    assert session.document is before
    assert table.selected == [east]
    assert table.message.startswith("North is to play")
    with qtbot.waitSignal(table.refused) as blocker:
        table.play_card(east)
    assert blocker.args[0] == f"It is North's turn; {card_text(east)} is East's"


def test_the_selection_and_its_note_go_when_the_position_changes(qtbot, table, session):
    pos = session.position()
    assert pos.to_move is Seat.W
    # South's card selected while West is to lead: the felt says so
    south = sort_hand(pos.hands[Seat.S])[0]
    qtbot.mouseClick(table, Qt.MouseButton.LeftButton, pos=spot(table, south))
    assert table.selected == [south]
    assert "is selected" in table.message
    # West leads: a new position, nothing selected, no note about the old selection
    session.play(pos.legal()[0])
    assert table.selected == []
    assert "is selected" not in table.message
    # Back (the cursor alone) clears it too
    north = sort_hand(session.position().hands[Seat.E])[0]
    qtbot.mouseClick(table, Qt.MouseButton.LeftButton, pos=spot(table, north))
    assert table.selected == [north]
    session.set_cursor(0)
    assert table.selected == []
    # and a random deal does not carry a selection over to the new deal
    card = sort_hand(session.position().hands[Seat.N])[0]
    qtbot.mouseClick(table, Qt.MouseButton.LeftButton, pos=spot(table, card))
    assert table.selected == [card]
    session.random_deal(99)
    assert table.selected == []


# --------------------------------------------------------------------------- marks


def fake_marks(session: BridgeSession) -> dict[BridgeCard, CardMark]:
    """Marks as DDS would give them: the first legal card costs the mover 2 tricks."""
    pos = session.position()
    # the mover's side takes 3 tricks after the first legal card, 5 after the others
    scores = {c: (3 if i == 0 else 5) for i, c in enumerate(pos.legal())}
    return card_marks(pos, scores, session.document.contract, session.document.declarer)


def test_marks_are_drawn_on_the_legal_cards_and_cleared_when_the_position_changes(
    qtbot, table, session
):
    plain = image(table)
    marks = fake_marks(session)
    legal = session.position().legal()
    table.set_marks(marks)
    assert table.mark_at(legal[0]) == marks[legal[0]]
    assert table.mark_at(legal[0]).text(session.document.contract) == "="
    assert table.mark_at(legal[1]).text(session.document.contract) == "\u22122"
    assert not table.mark_at(legal[1]).made
    assert table.mark_at(legal[1]).best
    marked = image(table)
    assert marked != plain
    tip = table.tooltip_at(QPointF(spot(table, legal[0])))
    assert tip.startswith(f"{legal[0].suit.symbol}")
    assert "North–South take 10 tricks, 4♠ makes (=); costs East–West 2 tricks" in tip
    tip = table.tooltip_at(QPointF(spot(table, legal[1])))
    assert tip.endswith("4♠ goes 2 down (\u22122); a best card for East–West")
    # another hand's cards carry no mark, even if given one
    north = sort_hand(session.document.hands[Seat.N])[0]
    table.set_marks({**marks, north: CardMark(north, 10, True, True, 0)})
    assert table.mark_at(north) is None
    table.set_marks(None)
    assert table.marks == {}
    assert image(table) == plain
    table.set_marks(marks)
    session.play(legal[0])
    assert table.marks == {}
    session.back()
    assert table.marks == {}  # cleared, not restored: the workspace sets them again


def test_marks_set_for_the_new_position_survive_its_own_change_signal(qtbot, table, session):
    """A view that answers cursorChanged before the table does keeps the marks it set."""
    session.play(session.position().legal()[0])
    session.back()

    def mark_now(_cursor: int) -> None:
        if session.position() is not None:
            table.set_marks(fake_marks(session))

    session.cursorChanged.connect(mark_now)
    session.forward()
    assert table.marks


def test_the_thinking_note_is_drawn(table):
    plain = image(table)
    table.set_thinking(True)
    assert table.thinking
    assert image(table) != plain
    table.set_thinking(False)
    assert image(table) == plain


def test_the_table_keeps_its_shape_at_its_minimum_size(qtbot, session):
    t = BridgeTable(session)
    qtbot.addWidget(t)
    t.resize(t.minimumSize())
    t.show()
    zones = {p: t.zone_rect(p) for p in (*Seat, POOL)}
    for a, ra in zones.items():
        assert t.rect().toRectF().contains(ra), a
        for b, rb in zones.items():
            assert a == b or not ra.intersects(rb), (a, b)
    for slot in t.slots():
        assert zones[slot.place].contains(slot.rect), slot.card
        assert slot.visible.width() >= 0.44 * slot.rect.width() - 0.5, slot.card
    t.shutdown()


def test_pairs_are_named_north_south_and_east_west_and_the_tree_writes_10():
    from whistgui.ui.bridge.table_cards import pair_words
    from whistgui.ui.bridge.trick_tree_model import cards_text

    assert [pair_words(s) for s in Seat] == ["North–South", "East–West"] * 2
    assert cards_text((C("HT"), C("H9"))) == "♥10 9"  # spaced, as the figure and the diagram
    assert cards_text((C("SK"),)) == "♠K"
