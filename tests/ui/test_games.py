"""Games in the app (issue 11): the game selector, the analysis, the inspector and the play
panel follow the document's game; undo, files, and the example's title and note."""

from __future__ import annotations

import json

import pytest
from PySide6.QtCore import Qt

from tests.ui.workspaces import trick
from whistgui.app.document import Document, random_document
from whistgui.engine import Deal, NotationError, Outcome, Player, Solver, SuitDeal, WhistError
from whistgui.engine.games import find_game
from whistgui.engine.strategy import SEARCH_MAX_CARDS
from whistgui.ui.main_window import MainWindow
from whistgui.ui.trick.session import Session

W, E = Player.WEST, Player.EAST


def start_on(qtbot, w: MainWindow, text: str, game: str = "whist") -> None:
    with qtbot.waitSignal(trick(w).analysisShown, timeout=20000):
        trick(w).session.replace(Document.from_deal(Deal.parse(text), game=game))


def headers(w: MainWindow) -> list[str]:
    t = trick(w).analysis.table
    return [t.horizontalHeaderItem(i).text() for i in range(t.columnCount())]


def shown_game(w: MainWindow) -> tuple[str, list[str]]:
    """The selector's game and the checked entries of Deal ▸ Game."""
    checked = [name for name, act in w.game_actions.items() if act.isChecked()]
    return w.game_selector.game, checked


# --------------------------------------------------------------------------- the session


def test_set_game_is_one_undoable_command_with_a_signal(qtbot):
    s = Session(Document.from_deal(Deal.parse("KQ/AJ")))
    with qtbot.waitSignal(s.gameChanged) as blocker:
        assert s.set_game("femkort")  # an alias
    assert blocker.args == ["five-card"]
    assert s.document.game == "five-card"
    assert s.undo_stack.count() == 1
    assert s.undo_stack.undoText() == "Play Five-card"
    assert not s.set_game("five-card")  # already: no command
    with qtbot.waitSignal(s.gameChanged) as blocker:
        s.undo_stack.undo()
    assert blocker.args == ["whist"]
    with pytest.raises(NotationError, match="unknown game"):
        s.set_game("bridge")
    assert s.document.game == "whist"


def test_a_change_of_the_deal_alone_says_nothing_of_the_game(qtbot):
    s = Session(Document.from_deal(Deal.parse("KQ/AJ"), game="five-card"))
    with qtbot.assertNotEmitted(s.gameChanged):
        s.set_deal_text("AQ/KJ")
    assert s.document.game == "five-card"


# --------------------------------------------------------------------------- the window


def test_choosing_a_game_in_the_menu_reanalyses_in_that_game(qtbot, window):
    start_on(qtbot, window, "KQ/AJ A/K")
    assert headers(window)[2] == "Value"
    with qtbot.waitSignal(trick(window).analysisShown, timeout=20000) as blocker:
        window.game_actions["five-card"].trigger()
    r = blocker.args[0]
    assert r.document.game == "five-card"
    assert [row.words for row in r.rows] == [
        "trace 0: the player on lead wins",
        "trace +1: West wins whoever leads",
    ]
    assert headers(window)[2] == "Element"
    assert trick(window).analysis.table.item(1, 2).text() == "+1"
    assert "Predicted:</b> West wins" in trick(window).analysis.total.text()
    assert "Five-card" in trick(window).analysis.heading.text()
    assert shown_game(window) == ("five-card", ["five-card"])
    assert trick(window).session.undo_stack.undoText() == "Play Five-card"


def test_the_selector_is_reached_and_used_from_the_keyboard(qtbot, window):
    start_on(qtbot, window, "KQT/AJ9")
    combo = window.game_selector.combo
    assert window.game_selector.label.buddy() is combo  # Alt+G
    assert window.act_focus_game.shortcut().toString() == "Ctrl+G"
    window.act_focus_game.trigger()
    qtbot.waitUntil(combo.hasFocus)
    with qtbot.waitSignal(trick(window).analysisShown, timeout=20000) as blocker:
        qtbot.keyClick(combo, Qt.Key.Key_Down)
    assert blocker.args[0].document.game == "refined-whist"
    assert shown_game(window) == ("refined-whist", ["refined-whist"])
    with qtbot.waitSignal(trick(window).analysisShown, timeout=20000) as blocker:
        qtbot.keyClick(combo, Qt.Key.Key_Down)
    assert blocker.args[0].document.game == "reduced-whist"
    with qtbot.waitSignal(trick(window).analysisShown, timeout=20000) as blocker:
        qtbot.keyClick(combo, Qt.Key.Key_Down)
    r = blocker.args[0]
    assert r.document.game == "greedy-whist"
    assert r.rows[0].value.pretty() == "1¾"  # R43's deal (5), valued over greedy reductions
    assert r.rows[0].words == "number"


def test_undo_restores_the_game_everywhere(qtbot, window):
    start_on(qtbot, window, "KQ/AJ A/K")
    with qtbot.waitSignal(trick(window).analysisShown, timeout=20000):
        window.set_game("misere-five-card")
    assert shown_game(window) == ("misere-five-card", ["misere-five-card"])
    with qtbot.waitSignal(trick(window).analysisShown, timeout=20000) as blocker:
        window.act_undo.trigger()
    assert blocker.args[0].document.game == "whist"
    assert trick(window).session.game == "whist"
    assert shown_game(window) == ("whist", ["whist"])
    assert headers(window)[2] == "Value"
    assert trick(window).analysis.total.text().startswith("<b>Sum of values:</b>")
    with qtbot.waitSignal(trick(window).analysisShown, timeout=20000):
        window.act_redo.trigger()
    assert shown_game(window) == ("misere-five-card", ["misere-five-card"])


def test_saving_and_opening_keeps_the_game(qtbot, window, settings, tmp_path):
    start_on(qtbot, window, "KQ/AJ A/K")
    window.set_game("five-card")
    path = tmp_path / "five.whist"
    assert trick(window).save_to(path)
    assert json.loads(path.read_text(encoding="utf-8"))["game"] == "five-card"

    other = MainWindow(settings=settings)
    qtbot.addWidget(other)
    other.show()  # a window nobody sees analyses nothing (issue 24: work is a shown view's)
    try:
        assert trick(other).session.game == "whist"
        with qtbot.waitSignal(trick(other).analysisShown, timeout=20000) as blocker:
            assert other.open_file(path)
        assert blocker.args[0].document.game == "five-card"
        assert shown_game(other) == ("five-card", ["five-card"])
        assert trick(other).inspector.game.name == "five-card"
    finally:
        other.shutdown()


def test_a_new_deal_keeps_the_game_and_an_example_is_whist(qtbot, window):
    start_on(qtbot, window, "KQ/AJ", game="five-card")
    window.new_document()
    assert trick(window).session.game == "five-card"
    assert shown_game(window) == ("five-card", ["five-card"])
    said: list[str] = []
    trick(window).message.connect(lambda text, _ms: said.append(text))
    trick(window).open_example(15)  # the paper's examples are whist deals
    assert trick(window).session.game == "whist"
    assert shown_game(window) == ("whist", ["whist"])
    # and it says so, last in the status bar (review 28b, K6: it changed without a word)
    assert said[-1].startswith("Example (15)")
    assert "the game is now Two-person whist, the examples' game (it was Five-card)" in said[-1]
    assert said[-1] in window.statusBar().currentMessage()
    trick(window).open_example(2)  # already whist: nothing to say about the game
    assert "the game is now" not in said[-1]


def test_reduced_whist_is_chosen_in_the_menu_and_valued_by_whist_s_values(qtbot, window):
    """The last trick does not count: the suits' values are whist's, the outcome ⌊ρ′⌋ of
    their sum — AQ2/KJ3 alone (value 2) gives West 1 with the lead and 2 without, where whist
    gives 2 either way."""
    start_on(qtbot, window, "AQ2/KJ3 K/A")
    with qtbot.waitSignal(trick(window).analysisShown, timeout=20000) as blocker:
        window.game_actions["reduced-whist"].trigger()
    r = blocker.args[0]
    assert shown_game(window) == ("reduced-whist", ["reduced-whist"])
    assert "Whist without the last trick" in window.game_selector.combo.currentText()
    assert [row.value.pretty() for row in r.rows] == ["2", "ε₀"]
    assert r.rows[0].outcome == Outcome(1, 2)
    assert r.rows[0].words == "number; the outcome depends on the lead"
    deal = Deal.parse("AQ2/KJ3 K/A")
    assert r.predicted == Solver().outcome(deal, rules=find_game("reduced").rules) == (2, 2)
    assert "Predicted:</b> West on lead 2, East on lead 2" in trick(window).analysis.total.text()
    assert trick(window).session.undo_stack.undoText() == "Play Whist without the last trick"


def test_reduced_whist_is_played_by_search(qtbot, panel):
    deal = Deal.parse("AQ/KJ")  # §11: West leads the ace, and takes the trick that counts
    panel.set_deal_now(deal, W, "reduced-whist")
    assert panel.by_search
    assert panel.cards.headerItem().text(1) == "West ends with"
    t = panel.turn(panel.position)
    assert t.predicted == 1
    assert t.marks == {deal.card_from_text("S:A"): 1, deal.card_from_text("S:Q"): 0}
    panel.to_end()
    assert panel.position.is_over
    status = panel.status.text()
    assert "Play is over: West took <b>1 trick</b>" in status
    assert "the last trick, East's, does not count: <b>1</b>" in status
    assert panel.line().outcome == 1


def test_search_only_shows_the_exact_outcome(qtbot, window):
    start_on(qtbot, window, "KQT/AJ K/A9", game="greedy-whist")  # asymmetric: no values
    r = trick(window).analysis.result
    assert r.search_only
    assert "<b>Search only</b>" in trick(window).analysis.total.text()
    assert "Exact search:</b> West on lead" in trick(window).analysis.total.text()
    assert trick(window).analysis.summary.text().startswith("Search only: suit S ('KQT/AJ')")


# --------------------------------------------------------------------------- title and note


def test_typing_another_deal_clears_the_examples_title_and_note(qtbot, window, tmp_path):
    trick(window).open_example(27)
    assert trick(window).session.document.title.startswith("(27)")
    edit = trick(window).notation.edit
    edit.setFocus()
    edit.selectAll()
    qtbot.keyClicks(edit, "KJ/AQ A/K K/A")
    qtbot.keyClick(edit, Qt.Key.Key_Return)
    doc = trick(window).session.document
    assert str(doc.deal) == "KJ/AQ A/K K/A"
    assert (doc.title, doc.note) == ("", "")
    path = tmp_path / "typed.whist"
    assert trick(window).save_to(path)
    data = json.loads(path.read_text(encoding="utf-8"))
    assert (data["deal"], data["title"], data["note"]) == ("KJ/AQ A/K K/A", "", "")
    window.act_undo.trigger()  # the typing was one step: the example comes back whole
    doc = trick(window).session.document
    assert doc.title.startswith("(27)")
    assert doc.note.startswith("Both sides")
    assert trick(window).session.undo_stack.index() == 0


def test_moving_a_card_keeps_the_title_and_note(qtbot, window):
    trick(window).open_example(27)
    title, note = trick(window).session.document.title, trick(window).session.document.note
    trick(window).session.move_cards(
        [trick(window).session.document.deal.card_from_text("S:K")], "E"
    )
    assert (trick(window).session.document.title, trick(window).session.document.note) == (
        title,
        note,
    )
    trick(window).session.clear_hands()  # every card to the pool: the deal is gone, and its title
    assert trick(window).session.document.title == ""
    window.act_undo.trigger()
    assert trick(window).session.document.title == title


def test_the_same_deal_typed_again_keeps_the_title():
    s = Session(Document.from_deal(Deal.parse("AQ/KJ K/A"), title="Mine", note="n"))
    assert not s.set_deal_text("AQ/KJ  K/A")  # another spelling of the same deal
    assert s.document.title == "Mine"


# --------------------------------------------------------------------------- play panel


def test_five_card_is_played_by_its_greedy_rules(qtbot, panel):
    deal = Deal.parse("KQ/AJ")
    with qtbot.waitSignal(panel.ready, timeout=20000):
        panel.set_deal(deal, W, "five-card")
    assert panel.by_search
    assert panel.cards.headerItem().text(1) == "Who wins"
    t = panel.turn(panel.position)
    sk = deal.card_from_text("S:K")
    assert t.marks == {sk: W, deal.card_from_text("S:Q"): W}  # R43 (1): the leader wins
    assert panel.table.marks[sk] == "W"
    panel.play(sk)
    reply = panel.turn(panel.position)
    assert list(reply.marks) == [deal.card_from_text("S:A")]  # greedy: East must win
    assert reply.choice == deal.card_from_text("S:A")
    panel.to_end()
    assert panel.position.is_over
    assert "took the last trick and <b>wins</b>" in panel.status.text()
    assert panel.line().outcome is W


def test_a_card_that_loses_five_card_says_it_gave_away_the_game(panel):
    deal = Deal.parse("KQT/AJ9")  # trace +1: West wins, but not by leading the ten
    panel.set_deal_now(deal, W, "five-card")
    t = panel.turn(panel.position)
    assert t.predicted is W
    assert t.marks[deal.card_from_text("S:T")] is E
    panel.play(deal.card_from_text("S:T"))
    assert panel.played[-1].cost == 1
    assert "gave away the game" in panel.status.text()
    assert "East should win" in panel.status.text()


def test_greedy_whist_marks_are_tricks(panel):
    deal = Deal.parse("KQT/AJ9")
    panel.set_deal_now(deal, W, "greedy-whist")
    t = panel.turn(panel.position)
    assert set(t.marks.values()) <= {0, 1, 2, 3}
    assert t.predicted == 2  # (n + H_Greedy)/2 = 2, R43 Theorem 6.1
    assert panel.cards.headerItem().text(1) == "West ends with"
    assert "West should end with <b>2</b>" in panel.status.text()
    assert "Value 1¾ with West on lead" in panel.status.text()


def test_deals_too_big_for_search_or_unequal_are_refused(panel):
    big = random_document(2, [7, 7], seed=1).deal
    assert big.size > SEARCH_MAX_CARDS
    with pytest.raises(WhistError, match=f"at most {SEARCH_MAX_CARDS} cards a hand"):
        panel.set_deal(big, W, "five-card")
    with pytest.raises(WhistError, match="same number"):
        panel.set_deal(Deal.parse("AQ/K"), W, "five-card")
    # balanced but asymmetric: five-card plays it by search, whist's values cannot
    panel.set_deal_now(Deal.parse("AQ/K K/AJ"), W, "five-card")
    assert panel.position is not None
    with pytest.raises(WhistError, match="not symmetric"):
        panel.set_deal(Deal.parse("AQ/K K/AJ"), W, "whist")


def test_the_play_panel_follows_a_change_of_game(qtbot, window):
    start_on(qtbot, window, "KQ/AJ")
    with qtbot.waitSignal(trick(window).play_panel.ready, timeout=20000):
        trick(window).play_deal()
    assert not trick(window).play_panel.by_search
    with qtbot.waitSignal(trick(window).play_panel.ready, timeout=20000):
        window.set_game("five-card")
    assert trick(window).play_panel.game.name == "five-card"
    assert trick(window).play_panel.by_search


# --------------------------------------------------------------------------- inspector


def cell(table, row: int, col: int) -> str:
    return table.item(row, col).text()


def test_the_inspector_shows_the_a_matrix_in_greedy_whist(qtbot, qtmodeltester, inspector):
    inspector.set_game("greedy-whist")
    with qtbot.waitSignal(inspector.ready):
        inspector.open_suit(SuitDeal.parse("KQT/AJ9"))  # R43's deal (5)
    view = inspector.game_view
    a, t = view.a_table, view.t_table
    # its values on the reductions tab (in front), R43's numbers on the game's tab beside
    assert inspector.tabs.currentIndex() == 0
    assert inspector.tabs.isTabVisible(0)
    assert inspector.tabs.isTabVisible(2)
    # rows West's cards lowest first, columns East's: A = ((1,-1,-1), (1,1,-1), (1,1,-1))
    assert [a.verticalHeaderItem(i).text() for i in range(3)] == ["W₁ T", "W₂ Q", "W₃ K"]
    assert [a.horizontalHeaderItem(j).text() for j in range(3)] == ["E₁ 9", "E₂ J", "E₃ A"]
    assert [[cell(a, i, j) for j in range(3)] for i in range(3)] == [
        ["+1", "−1", "−1"],
        ["+1", "+1", "−1"],
        ["+1", "+1", "−1"],
    ]
    assert [cell(t, 0, c) for c in range(5)] == ["+1", "+2", "+1", "−2", "−1"]  # T_-2 … T_2
    assert t.horizontalHeaderItem(2).text() == "k = 0"
    assert "changes sign between k = 0 and k = 1" in view.sign.text()
    assert "H<sub>Greedy</sub></b> = +1" in view.sign.text()
    assert "1¾: number" in view.element.text()  # the element: Greedy Whist's value
    assert "West takes 2 tricks with West on lead and 2 with East on lead" in view.element.text()
    qtmodeltester.check(a.model())
    qtmodeltester.check(t.model())


def test_the_inspector_shows_exit_and_stoppers_in_misere(qtbot, inspector):
    inspector.set_game("misere-five-card")
    with qtbot.waitSignal(inspector.ready):
        inspector.open_suit(SuitDeal.parse("AQ2/KJT"))
    view = inspector.game_view
    assert view.a_table.isHidden()
    text = view.stoppers.text()
    assert "an exit for West" in text
    assert "<b>2 stoppers</b>" in text
    assert "A &gt; K, Q &gt; J" in text
    assert "+2: exit for West with 2 stoppers" in view.element.text()


def test_five_card_inspects_the_symmetrization(qtbot, inspector):
    inspector.set_game("five-card")
    with qtbot.waitSignal(inspector.ready):
        inspector.open_suit(SuitDeal.parse("AQ82/KJ"))
    view = inspector.game_view
    assert "symmetrization" in view.caption.text()
    assert view.a_table.rowCount() == 2
    assert "trace +2" in view.element.text()
    assert inspector.cannot_inspect(SuitDeal.parse("AK/-")) is not None


def test_the_inspector_follows_game_changes(qtbot, inspector):
    suit = SuitDeal.parse("AQ/KJ")
    with qtbot.waitSignal(inspector.ready, timeout=20000):
        inspector.open_suit(suit)
    assert inspector.analysis is not None  # whist's α matrix
    with qtbot.waitSignal(inspector.ready):
        inspector.set_game("five-card")
    assert inspector.tabs.currentWidget() is inspector.game_view
    assert inspector.game_view.a_table.rowCount() == 2
    assert inspector.back_button.isHidden()
    with qtbot.waitSignal(inspector.ready, timeout=20000):
        inspector.set_game("whist")
    assert inspector.tabs.currentIndex() == 0
    assert inspector.tabs.isTabVisible(0)
    assert not inspector.tabs.isTabVisible(2)
    assert inspector.matrix_model.rowCount() > 0


def test_the_window_inspects_a_suit_in_the_documents_game(qtbot, window):
    start_on(qtbot, window, "KQT/AJ9 K/A", game="greedy-whist")
    with qtbot.waitSignal(trick(window).inspector.ready, timeout=20000):
        trick(window).inspect_suit(0)
    assert trick(window).inspector.game.name == "greedy-whist"
    assert trick(window).inspector.game_view.a_table.rowCount() == 3
    with qtbot.waitSignal(trick(window).inspector.playReady, timeout=20000):
        trick(window).inspect_deal()  # the play tree by Greedy Whist's rules
    model = trick(window).inspector.play_model
    assert model.game.name == "greedy-whist"
    root = model.root
    from whistgui.engine import Position, Solver

    doc = trick(window).session.document
    start = Position.start(doc.deal, doc.lead, model.game.rules)
    assert model.exact(root) == Solver().result(start)
    assert "West takes" in trick(window).inspector.play_line.text()
