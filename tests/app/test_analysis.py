"""The analysis of a document in its game, without Qt: whist's values and wording unchanged,
another game's elements and prediction, "search only" with the exact outcome."""

from __future__ import annotations

import re

import pytest

from whistgui.app.analysis import (
    analyse,
    game_label,
    is_whist,
    outcome_words,
    result_text,
)
from whistgui.app.document import Document
from whistgui.engine import Deal, Evaluator, Outcome, Player, Solver
from whistgui.engine.games import GAMES, find_game
from whistgui.engine.trick import rules

W, E = Player.WEST, Player.EAST


def run(text: str, game: str = "whist"):
    return analyse(Document.from_deal(Deal.parse(text), game=game), Evaluator(), Solver())


def test_whist_wording_is_unchanged():
    r = run("AQ/KJ K/A")
    assert r.summary == (
        "Symmetric deal of 3 cards a hand: the value 1½ + ε₀ predicts 2 tricks for West with "
        "West on lead and 2 with East on lead."
    )
    assert r.search_only == ""
    assert r.predicted == Outcome(2, 2)


def test_five_card_shows_each_suits_trace_and_the_predicted_winner():
    r = run("KQ/AJ A/K", "five-card")
    assert [row.value.pretty() for row in r.rows] == ["0", "+1"]
    assert [row.words for row in r.rows] == [
        "trace 0: the player on lead wins",
        "trace +1: West wins whoever leads",
    ]
    assert r.rows[0].outcome == Outcome(W, E)  # the suit alone: the leader wins
    assert r.total.pretty() == "+1"
    assert r.predicted == Outcome(W, W)
    assert r.exact is None
    assert "+1 predicts that West wins whoever leads" in r.summary


def test_the_player_on_lead_wins_a_trace_of_zero():
    r = run("KQ/AJ", "five-card")
    assert outcome_words(r.predicted) == "the player on lead wins"
    assert "the element 0 predicts that the player on lead wins" in r.summary


def test_a_deal_the_theory_does_not_cover_is_searched():
    r = run("KQT/AJ K/A9", "greedy-whist")  # asymmetric suits: Greedy Whist's values need both
    assert "is not symmetric" in r.search_only
    assert r.predicted is None
    assert r.total is None
    assert r.exact == Solver().outcome(Deal.parse("KQT/AJ K/A9"), rules=find_game("greedy").rules)
    assert r.summary.startswith("Search only: ")
    assert "Exact search: West takes" in r.summary
    assert [row.value for row in r.rows] == [None, None]


def test_greedy_whist_adds_its_values_over_several_suits():
    r = run("KQT/AJ9 K/A", "greedy-whist")  # the values over the greedy reductions, summed
    assert [row.value.pretty() for row in r.rows] == ["1¾", "ε₀"]
    assert r.total.pretty() == "1¾ + ε₀"
    assert r.predicted == Solver().outcome(
        Deal.parse("KQT/AJ9 K/A"), rules=find_game("greedy").rules
    )
    assert r.exact is None
    assert not r.search_only


def test_greedy_whist_values_with_the_callers_greedy_evaluator():
    """The engine service passes each game's evaluator: Greedy Whist's memo is used (and its
    stop hook polled); a whist evaluator is not taken for Greedy Whist's values."""
    doc = Document.from_deal(Deal.parse("KQT/AJ9 K/A"), game="greedy-whist")
    greedy, whist = Evaluator(greedy=True), Evaluator()
    r = analyse(doc, greedy, Solver())
    assert r.total.pretty() == "1¾ + ε₀"
    assert greedy.stats["patterns"] > 1
    analyse(doc, whist, Solver())
    assert whist.stats["patterns"] == 1  # only the empty suit's: never asked


def test_last_trick_games_say_who_wins_in_words():
    r = run("AQ/K K/AJ", "misere-five-card")  # asymmetric suits: searched
    assert r.search_only
    assert r.exact is not None
    words = outcome_words(r.exact)
    assert words in (
        "West wins whoever leads",
        "East wins whoever leads",
        "the player on lead wins",
        "the player on lead loses",
    )
    assert f"Exact search: {words}." in r.summary


def test_misere_elements_are_exits_and_stoppers():
    r = run("K2/AQ AJT/KQ2 AQ2/KJT", "misere-five-card")  # strange algebra's example
    assert [row.words for row in r.rows] == [
        "exit for West, unprotected",
        "exit for East with 1 stopper",
        "exit for West with 2 stoppers",
    ]
    assert r.total.pretty() == "+1"
    assert r.predicted == Outcome(W, W)


def test_unequal_hands_ask_for_equal_hands_in_every_game():
    for g in GAMES:
        r = run("AQ2/K", g.name)
        assert "West holds 3 cards and East 1" in r.summary
        assert r.exact is None
        assert r.predicted is None
        assert r.search_only == ""


def test_refined_whist_predicts_points():
    r = run("AQ/KJ K/A", "refined-whist")
    assert r.predicted == find_game("refined").new_theory().outcome(r.total)
    assert "refined score of 7/4" in r.summary


@pytest.mark.parametrize(
    ("result", "text"),
    [(2, "2"), (W, "West wins"), (E, "East wins")],
)
def test_result_text(result, text):
    assert result_text(result) == text


def test_the_wording_is_the_engine_s():
    """One wording of results and outcomes: the app's names are the engine's functions."""
    assert outcome_words is rules.outcome_text
    assert result_text is rules.result_text
    assert outcome_words(Outcome(1, 0)) == (
        "West takes 1 trick with West on lead and 0 with East on lead"
    )


def test_an_asymmetric_whist_deal_says_the_searched_outcome_in_the_engine_s_words():
    deal = "AQ2/K K/AJ3"  # hands of 3: asymmetric suits, searched
    r = run(deal)
    assert r.exact == Solver().outcome(Deal.parse(deal))
    assert r.summary.endswith(f"Exact search: {rules.outcome_text(r.exact)}.")
    said = r"Exact search: West takes \d tricks? with West on lead and \d with East on lead\."
    assert re.search(said, r.summary)
    refined = run(deal, "refined-whist")
    assert "Exact search: West scores " in refined.summary
    assert refined.exact == Solver().outcome(Deal.parse(deal), refined=True)


def test_game_labels_differ_in_their_first_letters():
    firsts = [game_label(g)[0] for g in GAMES]
    assert len(set(firsts)) == len(firsts)  # the Deal ▸ Game menu's mnemonics
    assert [g.name for g in GAMES if is_whist(g)] == ["whist", "refined-whist"]
