"""Every registered game's theory against exact search — one harness, no per-game code.

Over random deals (1–4 suits, up to 5 cards a hand in a suit, both leads) the theory's
predicted outcome must equal the solver's under the game's rules wherever the theory says it
covers the deal; the element of a sum must be the sum of the elements; elements must print and
parse back.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from whistgui.engine import Deal, NoTheoryError, Solver
from whistgui.engine.games import GAMES, Game, deal_element, find_game, predict

from .strategies import asymmetric_deals, suits

SOLVER = Solver()
#: Random deals per game and test (hypothesis examples): with the balanced deals and the
#: sums below, about 1 700 deals per game per run.
EXAMPLES = 1000


@st.composite
def game_deals(draw: st.DrawFn, max_total: int = 9, max_suit: int = 5, max_suits: int = 4) -> Deal:
    """A symmetric deal of 1–``max_suits`` suits, each 1–``max_suit`` cards a hand, at most
    ``max_total`` cards a hand in all (so that search stays quick)."""
    k = draw(st.integers(1, max_suits))
    sizes: list[int] = []
    for _ in range(k):
        room = max_total - sum(sizes)
        if room < 1:
            break
        sizes.append(draw(st.integers(1, min(max_suit, room))))
    return Deal([draw(suits(n)) for n in sizes])


def _check_prediction(game: Game, deal: Deal) -> bool:
    theory = game.new_theory()
    assert theory is not None
    why = theory.covers(deal)
    if why is not None:
        assert why.strip(), "a theory that declines a deal says why"
        with pytest.raises(NoTheoryError):
            predict(theory, deal)
        return False
    assert predict(theory, deal) == SOLVER.outcome(deal, rules=game.rules), (
        f"{game.name}: {deal} has element {theory.text(deal_element(theory, deal))}"
    )
    return True


GAME_IDS = [g.name for g in GAMES]


@pytest.mark.parametrize("game", GAMES, ids=GAME_IDS)
def test_theory_predicts_search_on_symmetric_deals(game: Game, exhaustive: bool) -> None:
    """Random symmetric deals: 400 per game in every run, 1000 with ``pytest --exhaustive``."""
    covered = []

    @settings(max_examples=EXAMPLES if exhaustive else 400)
    @given(game_deals())
    def check(deal: Deal) -> None:
        covered.append(_check_prediction(game, deal))

    check()
    assert any(covered), f"{game.name}'s theory covered none of the deals"


@pytest.mark.parametrize("game", GAMES, ids=GAME_IDS)
def test_theory_predicts_search_on_balanced_deals(game: Game) -> None:
    """Deals whose suits need not be symmetric: five-card covers them (Theorem 7.1); the
    others must decline them or predict right."""

    @settings(max_examples=EXAMPLES // 2)
    @given(asymmetric_deals(max_cards=7, max_suits=4))
    def check(deal: Deal) -> None:
        _check_prediction(game, deal)

    check()


def test_five_card_covers_balanced_asymmetric_deals() -> None:
    theory = find_game("five-card").new_theory()
    assert theory is not None
    assert theory.covers(Deal.parse("AQ2/K -/43")) is None
    assert theory.covers(Deal.parse("AQ2/K 5/-")) is not None  # unequal hands


@pytest.mark.parametrize("game", GAMES, ids=GAME_IDS)
def test_every_single_symmetric_suit_is_covered(game: Game) -> None:
    theory = game.new_theory()
    assert theory is not None
    assert theory.covers(Deal.parse("AJ9/KQT")) is None


@pytest.mark.parametrize("game", GAMES, ids=GAME_IDS)
def test_the_element_of_a_sum_is_the_sum_of_the_elements(game: Game) -> None:
    theory = game.new_theory()
    assert theory is not None

    @settings(max_examples=EXAMPLES // 4)
    @given(game_deals(max_total=12), game_deals(max_total=12))
    def check(x: Deal, y: Deal) -> None:
        both = Deal(x.suits + y.suits)
        if theory.covers(both) is not None:
            return
        ex, ey = deal_element(theory, x), deal_element(theory, y)
        assert deal_element(theory, both) == theory.add(ex, ey)
        assert theory.add(ex, ey) == theory.add(ey, ex)
        assert theory.add(ex, theory.zero()) == ex

    check()


@pytest.mark.parametrize("game", GAMES, ids=GAME_IDS)
def test_elements_print_and_parse_back(game: Game) -> None:
    theory = game.new_theory()
    assert theory is not None

    @settings(max_examples=200)
    @given(game_deals(max_total=12, max_suits=1) | game_deals(max_total=12))
    def check(deal: Deal) -> None:
        if theory.covers(deal) is not None:
            return
        e = deal_element(theory, deal)
        assert theory.parse(theory.text(e)) == e
        assert theory.parse(theory.pretty(e)) == e
        assert theory.describe(e)
        assert theory.latex(e)

    check()


@pytest.mark.parametrize("game", GAMES, ids=GAME_IDS)
def test_the_empty_deal(game: Game) -> None:
    """No cards: the player on lead took the last trick."""
    theory = game.new_theory()
    assert theory is not None
    empty = Deal(())
    assert predict(theory, empty) == SOLVER.outcome(empty, rules=game.rules)


def test_find_game_by_alias_and_error() -> None:
    assert find_game(" Misère Five-Card ").name == "misere-five-card"
    assert find_game("GREEDY").name == "greedy-whist"
    with pytest.raises(ValueError, match=r"unknown game 'bridge'; expected one of whist, "):
        find_game("bridge")
