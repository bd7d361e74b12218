"""R43 (single-suit whist) §§5–6 on every single-suit deal up to 7 cards a hand.

Theorem 6.1 (Greedy Whist: (n + H_Greedy)/2 tricks, rounded down for West on lead, up for
East), Theorem 6.2 (odd n: the same player takes the majority whoever leads), the normal
strategy optimal for Greedy Whist and Five-card (§4, Theorem 7.1), Five-card's trace rule, and
Theorem 8.1 for Whist (West's tricks are (n + H_W)/2 with H_W one of H, H̄). Each is checked
against exact search on all 4706 suits of 1–7 cards a hand, except the normal strategy at
7 cards a hand (a minute): every test run checks it up to 6 (the normal strategy up to 5),
``pytest --exhaustive`` up to 7.
"""

from __future__ import annotations

import pytest

from whistgui.engine import Player, Position, Solver, SuitDeal
from whistgui.engine.games import find_game
from whistgui.engine.games.single_suit import (
    a_matrix,
    diagonal_sums,
    greedy_tricks,
    h_greedy,
    normal_card,
    sign_change,
    trace,
)
from whistgui.engine.games.single_suit import (
    all_patterns as patterns,
)
from whistgui.engine.trick.deal import Deal

SOLVER = Solver()
GREEDY = find_game("greedy-whist").rules
FIVE = find_game("five-card").rules
WHIST = find_game("whist").rules


@pytest.fixture(params=[1, 2, 3, 4, 5, 6, 7], ids=lambda n: f"n={n}")
def n(request: pytest.FixtureRequest) -> int:
    return int(request.param)


@pytest.fixture(params=[1, 2, 3, 4, 5, 6, 7], ids=lambda n: f"n={n}")
def n_slow(request: pytest.FixtureRequest) -> int:
    """As ``n``, but 6 and 7 cards a hand (15 s and about a minute) only with
    ``pytest --exhaustive``."""
    if request.param >= 6 and not request.config.getoption("--exhaustive"):
        pytest.skip(f"{request.param} cards a hand: run with --exhaustive")
    return int(request.param)


def _deal(pattern: str) -> Deal:
    return Deal([SuitDeal.from_pattern(pattern)])


def test_lemma_5_2_exactly_one_case(n: int) -> None:
    for p in patterns(n):
        s = SuitDeal.from_pattern(p)
        t = diagonal_sums(s)
        for k, v in t.items():
            assert (v - (n + k)) % 2 == 0, f"T_{k} ≢ n + k (mod 2) for {s}"
        h, hbar = sign_change(s)
        assert hbar - h in (0, 1)
        if abs(h) < n:
            assert (t[h] == 0 and h == hbar) or (t[h] > 0 > t[hbar])


def test_theorem_6_1_greedy_whist(n: int) -> None:
    for p in patterns(n):
        deal = _deal(p)
        hg = h_greedy(deal.suits[0])
        want = (greedy_tricks(n, hg, Player.WEST), greedy_tricks(n, hg, Player.EAST))
        assert tuple(SOLVER.outcome(deal, rules=GREEDY)) == want, f"{deal}: H_Greedy {hg}"


@pytest.mark.parametrize("n", [1, 3, 5, 7])
def test_theorem_6_2_odd_n_majority_ignores_the_lead(n: int) -> None:
    for p in patterns(n):
        deal = _deal(p)
        assert trace(deal.suits[0]) != 0  # T_0 is odd for odd n
        o = SOLVER.outcome(deal, rules=GREEDY)
        assert (2 * o.west_lead > n) == (2 * o.east_lead > n), f"{deal}: {o}"


def test_five_card_trace_rule(n: int) -> None:
    for p in patterns(n):
        deal = _deal(p)
        t0 = sum(a_matrix(deal.suits[0])[i][i] for i in range(n))
        o = SOLVER.outcome(deal, rules=FIVE)
        if t0 > 0:
            assert o == (Player.WEST, Player.WEST), deal
        elif t0 < 0:
            assert o == (Player.EAST, Player.EAST), deal
        else:
            assert o == (Player.WEST, Player.EAST), deal


@pytest.mark.parametrize("game", ["greedy-whist", "five-card"])
def test_the_normal_strategy_is_optimal(n_slow: int, game: str) -> None:
    """At every first decision — each lead, and each reply to each lead — the normal card
    scores what the best card scores (later decisions are first decisions of smaller deals,
    checked at their own n)."""
    rules = find_game(game).rules
    for p in patterns(n_slow):
        deal = _deal(p)
        for leader in Player:
            pos = Position.start(deal, leader, rules)
            best = SOLVER.best_cards(pos)
            assert SOLVER.result(pos.play(normal_card(pos))) == SOLVER.result(pos.play(best[0])), (
                f"{game} {deal}, {leader.name} leads: normal {normal_card(pos)}"
            )
            for group in pos.legal_groups():
                mid = pos.play(group[-1])
                good = SOLVER.best_cards(mid)
                assert SOLVER.result(mid.play(normal_card(mid))) == SOLVER.result(
                    mid.play(good[0])
                ), f"{game} {deal}: reply to {group[-1]} normal {normal_card(mid)}"


def test_theorem_8_1_whist_is_h_or_hbar(n: int) -> None:
    for p in patterns(n):
        deal = _deal(p)
        h, hbar = sign_change(deal.suits[0])
        o = tuple(SOLVER.outcome(deal, rules=WHIST))
        options = [
            (greedy_tricks(n, x, Player.WEST), greedy_tricks(n, x, Player.EAST)) for x in (h, hbar)
        ]
        assert o in options, f"{deal}: whist {o}, H = {h}, H̄ = {hbar}"


def test_paper_deal_5_matrix_and_diagonals() -> None:
    """§3: the deal (5) K Q 10 / A J 9, its A and T_k as printed."""
    s = SuitDeal.parse("KQ10/AJ9")
    assert a_matrix(s) == ((1, -1, -1), (1, 1, -1), (1, 1, -1))
    assert diagonal_sums(s) == {-2: 1, -1: 2, 0: 1, 1: -2, 2: -1}
