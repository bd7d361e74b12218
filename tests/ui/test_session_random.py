"""Many random user actions in a row: the session stays consistent and undo/redo retrace them."""

from __future__ import annotations

import random

import pytest

from tests.ui.workspaces import trick
from whistgui.app.document import Document, SuitDeck
from whistgui.engine import Card, Deal, WhistError
from whistgui.ui.main_window import MainWindow


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_random_actions_keep_everything_in_step(qtbot, settings, seed):
    rng = random.Random(seed)
    w = MainWindow(settings=settings)
    qtbot.addWidget(w)
    trick(w).session.replace(Document.from_deal(Deal.parse("AQ/KJ K/A A/K")))
    history = [trick(w).session.document]
    for _ in range(120):
        doc = trick(w).session.document
        action = rng.choice(["move", "move", "move", "text", "lead", "deck", "suit", "undo"])
        try:
            if action == "move":
                suit = rng.randrange(len(doc.deal.suits))
                rank = rng.choice(doc.decks[suit].ranks)
                trick(w).session.move_cards([Card(suit, rank)], rng.choice("WEP"))
            elif action == "text":
                trick(w).notation.edit.setText(
                    rng.choice(["AK/QJ", "AQ2/KJ3 K/A", "[A, K] + [K, A]", "oops", "AX/K", "0"])
                )
                trick(w).notation.edit.textEdited.emit(trick(w).notation.edit.text())
                trick(w).notation.edit.editingFinished.emit()  # Enter: the text settles
            elif action == "lead":
                (
                    trick(w).act_east_leads if rng.random() < 0.5 else trick(w).act_west_leads
                ).trigger()
            elif action == "deck":
                suit = rng.randrange(len(doc.deal.suits))
                trick(w).session.set_deck(suit, SuitDeck("standard", rng.randint(1, 13)))
            elif action == "suit":
                (
                    trick(w).act_add_suit if rng.random() < 0.6 else trick(w).act_remove_suit
                ).trigger()
            else:
                w.act_undo.trigger()
        except WhistError:
            assert trick(w).session.document == doc  # a refused action changes nothing
        new = trick(w).session.document
        assert trick(w).table.document == new
        if not trick(w).notation.has_error:
            assert Deal.parse(trick(w).notation.edit.text()) == new.deal
        for i, suit in enumerate(new.deal.suits):
            assert all(r in new.decks[i] for r in suit.west + suit.east)
        history.append(new)
    final = trick(w).session.document
    stack = trick(w).session.undo_stack
    while stack.canUndo():
        stack.undo()
    assert trick(w).session.document == history[0]
    while stack.canRedo():
        stack.redo()
    assert trick(w).session.document == final
