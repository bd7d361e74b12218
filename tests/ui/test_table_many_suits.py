"""The card table with hundreds of suits: a paint, a hit test or a key walks the cards once
(the layout is worked out once per document, size, play mode and pool filter, not per card or
per suit), and the layout it keeps follows every change of those. Speed itself is measured in
benchmarks/, not asserted here."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPointF, Qt

from whistgui.app.document import Document, SuitDeck
from whistgui.engine import Card, Deal
from whistgui.ui.trick.table import POOL, CardTable


def many(n: int, suit: str = "AQ/KJ") -> Document:
    """``n`` suits of a 13-card deck: two cards each hand and nine in the pool."""
    return Document.from_deal(Deal.parse(" ".join([suit] * n)))


def table_of(qtbot, doc: Document, size: tuple[int, int] = (900, 520)) -> CardTable:
    table = CardTable()
    qtbot.addWidget(table)
    table.resize(*size)
    table.set_document(doc)
    return table


def layout(table: CardTable) -> list[tuple[Card, str, tuple[float, float, float, float]]]:
    """What a user sees of the layout: each card, its column and its rect, in drawing order."""
    return [(s.card, s.place, s.rect.getRect()) for s in table.slots()]


def zones(table: CardTable) -> list[tuple[float, float, float, float]]:
    suits = range(len(table.document.deal.suits))
    return [table.zone_rect(p, i).getRect() for p in "WPE" for i in (None, *suits)]


@pytest.fixture
def scans(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Counts the table's passes over every suit (``_fullest``)."""
    calls: list[int] = []
    scan = CardTable._fullest

    def counted(self: CardTable) -> dict[str, int]:
        calls.append(len(self.document.deal.suits))
        return scan(self)

    monkeypatch.setattr(CardTable, "_fullest", counted)
    return calls


def test_a_paint_of_200_suits_passes_over_the_suits_at_most_once(qtbot, scans):
    table = table_of(qtbot, many(200))
    scans.clear()
    table.grab()
    assert len(scans) <= 1  # was one pass per card and per suit band: tens of thousands
    scans.clear()
    table.grab()  # nothing changed: nothing to work out again
    assert scans == []


def test_hit_tests_keys_and_drags_of_200_suits_do_not_pass_over_the_suits(qtbot, scans):
    table = table_of(qtbot, many(200))
    table.grab()
    scans.clear()
    cards = [s.card for s in table.slots()]
    assert len(cards) == 200 * 13
    for card in cards[::50]:
        slot = table.slot_of(card)
        assert slot is not None
        assert table.slot_at(slot.rect.center()) is not None
        band = table.zone_rect(slot.place, card.suit)
        assert band.intersects(slot.rect)
        assert table.zone_at(band.center()) == slot.place
    table.headers()
    table.setFocus()
    for key in (Qt.Key.Key_Right, Qt.Key.Key_Down, Qt.Key.Key_Down, Qt.Key.Key_Up):
        qtbot.keyClick(table, key)
    assert table.focus_card is not None
    assert table.focus_card.suit == 1
    assert scans == []


@pytest.mark.parametrize(
    "change",
    ["deal", "deck", "pool_only", "play_mode", "size", "all"],
)
def test_the_kept_layout_follows_each_change_like_a_new_table(qtbot, change: str):
    """A table that painted one state and was then changed lays out the new state exactly
    as a table given that state from the start (the kept layout is never stale). Only what
    the case names is set, so each change is seen on its own."""
    doc = Document.from_deal(Deal.parse("AQ/KJ K/A T9/87 AKQJ/T987"))
    table = table_of(qtbot, doc)
    table.grab()
    before = layout(table), zones(table)
    size = (900, 520)
    pool_only: set[Card] | None = None
    play_mode = False
    if change in ("deal", "all"):
        doc = doc.with_deal(Deal.parse("AKQJT98/765432 -/- 5/4 T9/82 A/K"))
    if change in ("deck", "all"):
        doc = doc.with_deck(1, SuitDeck("standard", 4))
    if change in ("pool_only", "all"):
        pool_only = {Card(i, r) for i in range(len(doc.deal.suits)) for r in doc.pool(i)[::3]}
    if change in ("play_mode", "all"):
        play_mode = True
    if change in ("size", "all"):
        size = (1300, 700)
    if pool_only is not None:
        table.pool_only = pool_only
    if play_mode:
        table.play_mode = True
    if size != (900, 520):
        table.resize(*size)
    if doc is not table.document:
        table.set_document(doc)

    fresh = CardTable()
    qtbot.addWidget(fresh)
    fresh.pool_only = pool_only
    fresh.play_mode = play_mode
    fresh.resize(*size)
    fresh.set_document(doc)
    assert (layout(table), zones(table)) != before  # the change shows on the table ...
    assert layout(table) == layout(fresh)  # ... exactly as on a table that never saw the old
    assert zones(table) == zones(fresh)
    assert table._card_size() == fresh._card_size()
    assert table.grab().toImage() == fresh.grab().toImage()


def test_the_pool_filter_shows_only_its_cards_and_widens_the_column_back(qtbot):
    doc = many(3, "A/K")  # eleven undealt cards a suit: the pool is the fullest column
    table = table_of(qtbot, doc)
    wide = table.zone_rect(POOL).width()
    played = {Card(0, 12), Card(2, 2)}
    table.pool_only = played
    assert {s.card for s in table.slots() if s.place == POOL} == played
    assert table.zone_rect(POOL).width() < wide  # one card a row needs less room
    played.add(Card(1, 5))  # the table keeps its own copy of the filter
    assert {s.card for s in table.slots() if s.place == POOL} == {Card(0, 12), Card(2, 2)}
    table.pool_only = None
    assert len([s for s in table.slots() if s.place == POOL]) == 3 * 11
    assert table.zone_rect(POOL).width() == wide


def test_a_slot_handed_out_is_a_copy(qtbot):
    table = table_of(qtbot, many(4))
    slot = table.slots()[0]
    where = slot.rect.getRect()
    slot.rect.translate(500, 500)
    other = table.slot_of(slot.card)
    assert other is not None
    other.rect.setWidth(1)
    assert table.slots()[0].rect.getRect() == where
    assert table.slot_at(QPointF(where[0] + 2, where[1] + 2)).rect.getRect() == where


def test_up_and_down_skip_empty_suits(qtbot):
    table = table_of(qtbot, Document.from_deal(Deal.parse("A/K -/- -/- Q/J")))
    table.pool_only = set()  # as in play before a card is played: suits 1 and 2 show nothing
    assert {s.card.suit for s in table.slots()} == {0, 3}
    table.setFocus()
    qtbot.keyClick(table, Qt.Key.Key_Right)  # focus starts on the first card, then moves
    first = table.focus_card
    assert first is not None
    assert first.suit == 0
    qtbot.keyClick(table, Qt.Key.Key_Down)
    assert table.focus_card is not None
    assert table.focus_card.suit == 3
    qtbot.keyClick(table, Qt.Key.Key_Up)
    assert table.focus_card is not None
    assert table.focus_card.suit == 0


def test_painting_400_suits_warns_of_no_font_size(qtbot, qtlog):
    """Bands under 3 px tall used to ask for a 0 px suit symbol: a Qt warning per suit and
    paint."""
    table = table_of(qtbot, many(400))
    table.grab()
    warnings = [r.message for r in qtlog.records if "ixel size" in r.message]
    assert warnings == []
