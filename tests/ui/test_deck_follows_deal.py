"""The card table's deck follows the deal: a suit of n ≥ 7 cards a hand is drawn from a numbered
deck 1 … 2n, and a suit written in letters opened after it goes back to the 13-card A … 2 deck;
undo and redo bring each deck back with its deal."""

from __future__ import annotations

from math import comb

from PySide6.QtCore import Qt

from tests.ui.workspaces import single_suits, trick
from whistgui.app.document import STANDARD_DECK, SuitDeck
from whistgui.engine import Deal
from whistgui.engine.trick.deal import SuitDeal
from whistgui.ui.lab.suit_model import PatternRole
from whistgui.ui.trick.table import POOL

LONG = SuitDeck("abstract", 16)


def _pool(window) -> list[int]:  # type: ignore[no-untyped-def]
    """The ranks the table draws undealt in suit 0, high to low."""
    return [
        s.card.rank for s in trick(window).table.slots() if s.place == POOL and s.card.suit == 0
    ]


def _list(qtbot, lab, n: int) -> None:  # type: ignore[no-untyped-def]
    lab.filter.clear()
    lab.n.setValue(n)
    lab.list_suits()
    qtbot.waitUntil(lambda: lab.model.rowCount() == comb(2 * n, n), timeout=60000)


def _open_long_suit(qtbot, window):  # type: ignore[no-untyped-def]
    """View ▸ Single Suits, n = 8, double-click row 4: a 16-card suit on a numbered deck."""
    lab = single_suits(window)
    qtbot.addWidget(lab)
    _list(qtbot, lab, 8)
    index = lab.model.index(3, 0)
    long = SuitDeal.from_pattern(index.data(PatternRole))
    lab.table.doubleClicked.emit(index)
    assert trick(window).session.document.deal.suits == (long,)
    assert trick(window).table.document.decks == (LONG,)
    assert _pool(window) == []  # all 16 cards dealt
    return lab, long


def test_a_short_suit_opened_in_single_suits_after_a_long_one_goes_back_to_letters(
    qtbot,  # type: ignore[no-untyped-def]
    window,
) -> None:
    lab, long = _open_long_suit(qtbot, window)
    _list(qtbot, lab, 4)
    lab.filter.setText("kqt8/aj97")
    qtbot.waitUntil(lambda: lab.model.rowCount() == 1)
    lab.table.doubleClicked.emit(lab.model.index(0, 0))

    assert str(trick(window).session.document.deal) == "KQT8/AJ97"
    assert trick(window).table.document.decks == (STANDARD_DECK,)
    assert _pool(window) == [6, 5, 4, 3, 2]  # no 16, 15 above the ace, no 1
    # each open is its own undo step: undo shows the long suit on its numbered deck again
    window.act_undo.trigger()
    assert trick(window).session.document.deal.suits == (long,)
    assert trick(window).table.document.decks == (LONG,)
    window.act_redo.trigger()
    assert trick(window).table.document.decks == (STANDARD_DECK,)
    assert _pool(window) == [6, 5, 4, 3, 2]


def test_a_deal_typed_after_a_long_suit_goes_back_to_letters(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    _lab, long = _open_long_suit(qtbot, window)
    edit = trick(window).notation.edit
    edit.setFocus()
    edit.selectAll()
    qtbot.keyClicks(edit, "AQT86/KJ975")
    qtbot.keyClick(edit, Qt.Key.Key_Return)

    assert str(trick(window).session.document.deal) == "AQT86/KJ975"
    assert trick(window).table.document.decks == (STANDARD_DECK,)
    assert _pool(window) == [4, 3, 2]
    window.act_undo.trigger()  # the typing is one step, the open another
    assert trick(window).session.document.deal.suits == (long,)
    assert trick(window).table.document.decks == (LONG,)
    window.act_redo.trigger()
    assert str(trick(window).session.document.deal) == "AQT86/KJ975"
    assert trick(window).table.document.decks == (STANDARD_DECK,)


def test_a_typed_suit_that_needs_numbers_gets_the_smallest_numbered_deck(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    _open_long_suit(qtbot, window)
    trick(window).session.set_deal_text(
        "[14 12 10 8 6 4 2, 13 11 9 7 5 3 1]"
    )  # n = 7: ranks 1 … 14
    assert trick(window).table.document.decks == (SuitDeck("abstract", 14),)


def test_moving_cards_and_editing_another_suit_keep_a_chosen_deck(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    trick(window).session.set_deal_text("AQ/KJ K/A")
    trick(window).session.set_deck(0, SuitDeck("abstract", 20))  # Deal ▸ Suit Length…: numbered
    trick(window).session.move_cards(
        [trick(window).session.document.deal.card_from_text("S:A")], "E"
    )
    assert trick(window).table.document.decks[0] == SuitDeck("abstract", 20)
    trick(window).session.set_deal_text("Q/AKJ A/K")  # only hearts changed
    assert trick(window).table.document.decks == (SuitDeck("abstract", 20), STANDARD_DECK)
    trick(window).session.clear_hands()  # the cards go back to the deck the user chose
    assert trick(window).table.document.decks == (SuitDeck("abstract", 20), STANDARD_DECK)
    assert len(_pool(window)) == 20
    trick(window).session.set_deal_text(str(Deal.parse("AK/QJ")))  # spades retyped: letters again
    assert trick(window).table.document.decks == (STANDARD_DECK,)
