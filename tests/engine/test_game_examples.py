"""The examples the two papers give for Greedy Whist, Five-card and misère five-card, checked
by the theories and by exact search: single-suit whist (R43) §§2.1–2.3 and §3, strange algebra
§7.1–7.3."""

from __future__ import annotations

import pytest

from whistgui.engine import Deal, Evaluator, Player, Position, Solver, SuitDeal, Value
from whistgui.engine.games import GAMES, deal_element, find_game, predict
from whistgui.engine.games.misere_five_card import stoppers
from whistgui.engine.games.single_suit import a_matrix, diagonal_sums, h_greedy, sign_change

SOLVER = Solver()
W, E = Player.WEST, Player.EAST


def _rules(name: str):  # type: ignore[no-untyped-def]
    return find_game(name).rules


def _names(position: Position, cards) -> set[str]:  # type: ignore[no-untyped-def]
    return {position.card_name(c).split(":")[1] for c in cards}


def test_r43_2_1_five_card_the_leader_wins() -> None:
    """(1) K Q / A J: East on lead plays the jack, saving the ace; West on lead forces the ace."""
    deal = Deal.parse("KQ/AJ")
    rules = _rules("five-card")
    assert SOLVER.outcome(deal, rules=rules) == (W, E)
    east = Position.start(deal, E, rules)
    assert _names(east, SOLVER.best_cards(east)) == {"J"}
    west = Position.start(deal, W, rules)
    for lead in west.legal_cards():
        assert _names(west, west.play(lead).legal_cards()) == {"A"}  # East must win
    theory = find_game("five-card").new_theory()
    assert theory is not None
    assert theory.text(deal_element(theory, deal)) == "0"


@pytest.mark.parametrize("game", ["greedy-whist", "whist"])
def test_r43_2_2_the_lead_is_a_disadvantage(game: str) -> None:
    """(2) K J / A Q: West gets a trick only when East leads — in greedy and relaxed whist."""
    assert SOLVER.outcome(Deal.parse("KJ/AQ"), rules=_rules(game)) == (0, 1)


@pytest.mark.parametrize("game", ["greedy-whist", "whist"])
@pytest.mark.parametrize(
    ("deal", "good"),
    [("KT9/AQJ", {"T", "9"}), ("QJ9/AKT", {"Q", "J"})],
    ids=["(3) lead low", "(4) lead high"],
)
def test_r43_2_2_which_card_to_lead(game: str, deal: str, good: set[str]) -> None:
    """(3): West on lead gets one trick leading the nine or ten; (4): only leading the queen or
    jack — the nine gives East a cheap trick with the ten."""
    pos = Position.start(Deal.parse(deal), W, _rules(game))
    assert SOLVER.result(pos) == 1
    assert _names(pos, SOLVER.best_cards(pos)) == good
    theory = find_game(game).new_theory()
    assert theory is not None
    assert predict(theory, Deal.parse(deal)).west_lead == 1


def test_r43_2_3_holding_up() -> None:
    """(5) K Q 10 / A J 9, West on lead: East takes two tricks in whist by holding up, only
    one in Greedy Whist."""
    deal = Deal.parse("KQT/AJ9")
    assert SOLVER.result(Position.start(deal, W, _rules("whist"))) == 1
    assert SOLVER.result(Position.start(deal, W, _rules("greedy-whist"))) == 2
    mid = Position.start(deal, W, _rules("whist")).play(deal.card_from_text("S:K"))
    assert _names(mid, SOLVER.best_cards(mid)) == {"9"}  # East holds up, keeping A J


def test_r43_3_the_matrix_of_deal_5() -> None:
    s = SuitDeal.parse("KQ10/AJ9")
    assert a_matrix(s) == ((1, -1, -1), (1, 1, -1), (1, 1, -1))
    assert diagonal_sums(s) == {-2: 1, -1: 2, 0: 1, 1: -2, 2: -1}
    assert sign_change(s) == (0, 1)
    assert h_greedy(s) == 1


def test_strange_algebra_7_1_suits_are_interchangeable() -> None:
    """Deals (2) and (3): the same sum [10 8 5 | J 9] + [K | Q 8] in other suits, the same
    outcome in every game."""
    d2 = Deal.parse("S:T85/J9 H:K/Q8")
    d3 = Deal.parse("H:T85/J9 D:K/Q8")
    for game in GAMES:
        assert SOLVER.outcome(d2, rules=game.rules) == SOLVER.outcome(d3, rules=game.rules)
    five = find_game("five-card").new_theory()
    assert five is not None
    assert predict(five, d2) == SOLVER.outcome(d2, rules=_rules("five-card"))


def test_strange_algebra_7_2_trace_of_a_deal() -> None:
    """The trace compares highest with highest, second with second, in every suit."""
    theory = find_game("five-card").new_theory()
    assert theory is not None
    deal = Deal.parse("AQ/KJ K/A")  # spades: A>K, Q>J: +2; hearts: K<A: −1
    assert deal_element(theory, deal) == 1
    assert SOLVER.outcome(deal, rules=_rules("five-card")) == (W, W)


def test_strange_algebra_7_3_exits_and_stoppers() -> None:
    """Deal (4): hearts K 2 / A Q a West exit with no stopper, diamonds A J 10 / K Q 2 an East
    exit with one, clubs A Q 2 / K J 10 a West exit with two; West has one stopper more and
    wins whoever leads."""
    hearts, diamonds, clubs = (SuitDeal.parse(s) for s in ("K2/AQ", "AJT/KQ2", "AQ2/KJT"))
    assert stoppers(hearts) == (W, 0)
    assert stoppers(diamonds) == (E, 1)
    assert stoppers(clubs) == (W, 2)
    deal = Deal([hearts, diamonds, clubs], ["H", "D", "C"])
    theory = find_game("misere-five-card").new_theory()
    assert theory is not None
    assert theory.text(deal_element(theory, deal)) == "+1"
    assert SOLVER.outcome(deal, rules=_rules("misere-five-card")) == (W, W)


def test_strange_algebra_7_3_greedy_rule_superfluous_in_symmetric_misere() -> None:
    """'In the symmetric form the greedy rule is superfluous': the same winner without it."""
    from whistgui.engine import Rules, Scoring

    free = Rules(greedy=False, scoring=Scoring.LAST_TRICK_LOSES)
    for text in ("K2/AQ AJT/KQ2 AQ2/KJT", "KQ/AJ A/K", "Q2/AK J3/T9", "AQ2/KJT K/A"):
        deal = Deal.parse(text)
        assert SOLVER.outcome(deal, rules=free) == SOLVER.outcome(
            deal, rules=_rules("misere-five-card")
        )


def test_misere_element_is_not_the_whist_infinitesimal() -> None:
    """THEORY-NOTES: K 2 / A Q is ½ in whist, but a West exit in misère five-card."""
    assert Evaluator().value("K2/AQ") == Value.parse("1/2")
    theory = find_game("misere-five-card").new_theory()
    assert theory is not None
    assert theory.text(theory.element(SuitDeal.parse("K2/AQ"))) == "0W"
    assert predict(theory, Deal.parse("K2/AQ")) == (W, W)
