"""Many random user actions in a row: the session stays consistent and undo/redo retrace them."""

from __future__ import annotations

import random

import pytest

from whistgui.app.document import Document, SuitDeck
from whistgui.engine import Card, Deal, WhistError
from whistgui.ui.main_window import MainWindow


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_random_actions_keep_everything_in_step(qtbot, settings, seed):
    rng = random.Random(seed)
    w = MainWindow(settings=settings)
    qtbot.addWidget(w)
    w.session.replace(Document.from_deal(Deal.parse("AQ/KJ K/A A/K")))
    history = [w.session.document]
    for _ in range(120):
        doc = w.session.document
        action = rng.choice(["move", "move", "move", "text", "lead", "deck", "suit", "undo"])
        try:
            if action == "move":
                suit = rng.randrange(len(doc.deal.suits))
                rank = rng.choice(doc.decks[suit].ranks)
                w.session.move_cards([Card(suit, rank)], rng.choice("WEP"))
            elif action == "text":
                w.notation.edit.setText(
                    rng.choice(["AK/QJ", "AQ2/KJ3 K/A", "[A, K] + [K, A]", "oops", "AX/K", "0"])
                )
                w.notation.edit.textEdited.emit(w.notation.edit.text())
            elif action == "lead":
                (w.act_east_leads if rng.random() < 0.5 else w.act_west_leads).trigger()
            elif action == "deck":
                suit = rng.randrange(len(doc.deal.suits))
                w.session.set_deck(suit, SuitDeck("standard", rng.randint(1, 13)))
            elif action == "suit":
                (w.act_add_suit if rng.random() < 0.6 else w.act_remove_suit).trigger()
            else:
                w.act_undo.trigger()
        except WhistError:
            assert w.session.document == doc  # a refused action changes nothing
        new = w.session.document
        assert w.table.document == new
        if not w.notation.has_error:
            assert Deal.parse(w.notation.edit.text()) == new.deal
        for i, suit in enumerate(new.deal.suits):
            assert all(r in new.decks[i] for r in suit.west + suit.east)
        history.append(new)
    final = w.session.document
    stack = w.session.undo_stack
    while stack.canUndo():
        stack.undo()
    assert w.session.document == history[0]
    while stack.canRedo():
        stack.redo()
    assert w.session.document == final
