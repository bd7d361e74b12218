"""The paper's theorems, each checked against the exact solver on random deals."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.engine.strategies import suit_patterns, symmetric_deals
from whistgui.engine import (
    Deal,
    Evaluator,
    Player,
    Position,
    Solver,
    SuitDeal,
    Value,
    rho,
    rho_prime,
)

EV = Evaluator()
SOLVER = Solver()

slow = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@slow
@given(symmetric_deals(max_cards=8))
def test_main_theorem_outcome_is_rounded_value(deal: Deal):
    """Theorem 12.1: χ(D) = ρ(val(D)) and χ′(D) = ρ′(val(D))."""
    v = EV.value(deal)
    assert SOLVER.outcome(deal) == rho(v), f"{deal}: val {v}"
    assert SOLVER.outcome(deal, refined=True) == rho_prime(v), f"{deal}: val {v}"


@settings(max_examples=60, deadline=None)
@given(symmetric_deals(min_cards=8, max_cards=8))
def test_main_theorem_on_eight_card_deals(deal: Deal):
    """Theorem 12.1 on deals of exactly 8 cards a hand (the random sizes above favour small)."""
    v = EV.value(deal)
    assert SOLVER.outcome(deal) == rho(v), f"{deal}: val {v}"
    assert SOLVER.outcome(deal, refined=True) == rho_prime(v), f"{deal}: val {v}"


@settings(max_examples=300, deadline=None)
@given(suit_patterns(max_n=7))
def test_single_suit_theorems_11_7_and_11_9(pattern: str):
    """Theorems 11.7 and 11.9 for single suits, up to 7 cards a hand."""
    suit = SuitDeal.from_pattern(pattern)
    v = EV.value(suit)
    deal = Deal([suit])
    assert SOLVER.outcome(deal) == rho(v)
    assert SOLVER.outcome(deal, refined=True) == rho_prime(v)


@slow
@given(symmetric_deals(max_cards=6), st.integers(-3, 3))
def test_states_add_their_tricks(deal: Deal, m: int):
    """val(m + D) = m + val(D), and its rounding is shifted by m."""
    from whistgui.engine import State

    v = EV.value(State(m, deal))
    assert v == EV.value(deal) + m
    a, b = rho(EV.value(deal))
    assert rho(v) == (a + m, b + m)


@settings(max_examples=300, deadline=None)
@given(suit_patterns(max_n=8))
def test_theorem_11_10(pattern: str):
    """val(D) = k for an integer k iff val(D_0) = k − 1/2 (D_0: each lowest card removed)."""
    suit = SuitDeal.from_pattern(pattern)
    v = EV.value(suit)
    d0 = SuitDeal(sorted(suit.west)[1:], sorted(suit.east)[1:])
    v0 = EV.value(d0) if d0.west else Value(0)
    for k in range(0, suit.n + 1):
        assert (v == k) == (v0 == Fraction(2 * k - 1, 2)), f"{suit}: val {v}, val(D_0) {v0}"


@settings(max_examples=300, deadline=None)
@given(suit_patterns(max_n=8))
def test_swapping_the_hands_reflects_the_value(pattern: str):
    """val(D̄) = |D| − val(D) (Corollary 4.6 with the infinitesimals negated)."""
    suit = SuitDeal.from_pattern(pattern)
    assert EV.value(suit.swapped()) == suit.n - EV.value(suit)


@slow
@given(symmetric_deals(max_cards=8))
def test_swapping_a_whole_deal(deal: Deal):
    assert EV.value(deal.swapped()) == deal.size - EV.value(deal)
    w, e = SOLVER.outcome(deal)
    assert SOLVER.outcome(deal.swapped()) == (deal.size - e, deal.size - w)


@settings(max_examples=300, deadline=None)
@given(suit_patterns(max_n=7))
def test_single_suit_values_are_never_fuzzy_and_simplest(pattern: str):
    """Lemma 10.2 and §10.4: val(D) ∈ I(D), it is not fuzzy, and it is the unique element of
    its complexity class in I(D) (checked against every candidate the analysis proposes)."""
    a = EV.analyze(SuitDeal.from_pattern(pattern))
    assert not a.value.infinitesimal.is_fuzzy
    assert a.in_interval(a.value)
    assert not a.in_left(a.value)
    assert not a.in_right(a.value)
    assert a.maxmin <= a.minmax
    simpler_or_equal = [
        c for c in a.bounds.candidates() if c.complexity <= a.value.complexity and c != a.value
    ]
    assert not any(a.in_interval(c) for c in simpler_or_equal)
    assert a.value in a.interval


@settings(max_examples=100, deadline=None)
@given(suit_patterns(max_n=6))
def test_l_is_a_down_set_and_r_an_up_set(pattern: str):
    from tests.engine.strategies import all_infinitesimals

    a = EV.analyze(SuitDeal.from_pattern(pattern))
    qs = {a.maxmin.value.number, a.minmax.value.number}
    qs |= {q + d for q in set(qs) for d in (Fraction(-1, 2), Fraction(1, 4), Fraction(1, 2))}
    vals = [Value(q, x) for q in qs for x in all_infinitesimals(4)]
    left = {v: a.in_left(v) for v in vals}
    right = {v: a.in_right(v) for v in vals}
    interval = a.interval
    for x in vals:
        assert not (left[x] and right[x])
        assert (x in interval) == (not left[x] and not right[x])
        for y in vals:
            if left[x] and y <= x:
                assert left[y]
            if right[x] and y >= x:
                assert right[y]


@settings(max_examples=100, deadline=None)
@given(suit_patterns(max_n=6))
def test_monotonicity_a_higher_card_is_no_worse(pattern: str):
    """Corollary 7.3: replacing a West card by a higher one never lowers the value."""
    p = list(pattern)
    for i in range(len(p) - 1):
        if p[i] == "W" and p[i + 1] == "E":
            q = p.copy()
            q[i], q[i + 1] = "E", "W"
            assert EV.value(SuitDeal.from_pattern("".join(q))) >= EV.value(
                SuitDeal.from_pattern(pattern)
            )


@slow
@given(symmetric_deals(max_cards=6), st.sampled_from([Player.WEST, Player.EAST]))
def test_card_marks_agree_with_the_result(deal: Deal, leader: Player):
    """The best card's mark is the position's result; every mark is at most (West) or at
    least (East) that result; and equivalent cards get equal marks."""
    pos = Position.start(deal, leader)
    marks = SOLVER.card_results(pos)
    res = SOLVER.result(pos)
    assert set(marks) == set(pos.legal_cards())
    pick = max if leader is Player.WEST else min
    assert pick(marks.values()) == res
    best = SOLVER.best_cards(pos)
    assert best
    assert all(marks[c] == res for c in best)
    # follow the first best card: the follower's marks again agree
    nxt = pos.play(best[0])
    replies = SOLVER.card_results(nxt)
    pick2 = max if nxt.to_move is Player.WEST else min
    assert pick2(replies.values()) == res


@pytest.mark.parametrize("n", [1, 2, 3, 4, 5])
def test_table_lists_every_east_top_suit_once(n: int):
    rows = list(EV.table(n))
    from math import comb

    assert len(rows) == comb(2 * n - 1, n)
    patterns = [s.pattern for s, _ in rows]
    assert len(set(patterns)) == len(patterns)
    assert all(p.endswith("E") and p.count("W") == n for p in patterns)
    assert all(EV.value(s) == v for s, v in rows)


@settings(max_examples=100, deadline=None)
@given(suit_patterns(max_n=6))
def test_row_minima_and_column_maxima_give_maxmin_and_minmax(pattern: str):
    a = EV.analyze(SuitDeal.from_pattern(pattern))
    assert a.maxmin_rows
    assert a.minmax_columns
    assert all(a.row_minima[i] == a.maxmin for i in a.maxmin_rows)
    assert all(m <= a.maxmin for m in a.row_minima)
    assert all(a.column_maxima[j] == a.minmax for j in a.minmax_columns)
    assert all(m >= a.minmax for m in a.column_maxima)
    for i, row in enumerate(a.alpha):
        assert all(a.row_minima[i] <= x for x in row)
