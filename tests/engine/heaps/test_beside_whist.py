"""Integral and refined hackenbush beside whist (issue 26; :mod:`whistgui.app.beside_whist`,
Qt-free): on random positions the outcomes the comparison shows are exact search's, whist's ρ
and ρ′ of the same value follow the rule stated — the nearest point of the integers or of the
*odd* multiples of ¼, a tie toward the player not to move — on both kinds of tie, and the suit
of whist it names has the value. Heavier ranges run under ``pytest --exhaustive``."""

from __future__ import annotations

import itertools
import math
from fractions import Fraction
from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from whistgui.app.beside_whist import (
    SHARED_RULE,
    BesideWhist,
    beside_whist,
    position_value,
    suit_with_value,
    whist_suits,
)
from whistgui.app.heaps import HeapsDocument
from whistgui.engine.errors import ArgumentError, ArgumentTypeError
from whistgui.engine.games.whist.evaluator import Evaluator
from whistgui.engine.games.whist.value import Value
from whistgui.engine.heaps import find_heap_game
from whistgui.engine.heaps.hackenbush import write_piles
from whistgui.engine.heaps.hackenbush_theory import pile_value
from whistgui.engine.heaps.search import Search

INTEGRAL, REFINED = "integral-hackenbush", "refined-integral-hackenbush"
PILE = st.text(alphabet="BR", min_size=1, max_size=5)
POSITIONS = st.lists(PILE, max_size=4).map(lambda ps: tuple(sorted(ps)))
DYADIC = st.builds(lambda n, k: Fraction(n, 2**k), st.integers(-(10**4), 10**4), st.integers(0, 12))


@cache
def search_of(game: str) -> Search:
    return Search(find_heap_game(game))


def value_of(piles: tuple[str, ...]) -> Fraction:
    v = position_value(HeapsDocument.new(INTEGRAL, write_piles(piles)))
    assert v is not None
    return v


def nearest(v: Fraction, step: Fraction, offset: Fraction) -> tuple[Fraction, Fraction]:
    """The rule as the view states it, written from its words (not from either theory): the
    nearest point of offset + step·Z; midway, the lower for the player to move (Blue, West on
    lead), the higher for the other."""
    points = [
        offset + k * step
        for k in range(math.floor((v - offset) / step) - 1, math.ceil((v - offset) / step) + 2)
    ]
    best = min(abs(p - v) for p in points)
    closest = sorted(p for p in points if abs(p - v) == best)
    return closest[0], closest[-1]


@given(POSITIONS)
@settings(max_examples=150, deadline=None)
def test_the_outcomes_shown_are_exact_search_s(piles):
    b = beside_whist(value_of(piles))
    for game, rounded in ((INTEGRAL, b.integral), (REFINED, b.refined)):
        rules = find_heap_game(game)
        found = search_of(game).outcome(rules.parse(write_piles(piles)))
        assert found.left_first == rounded.first, (game, piles)
        assert found.right_first == rounded.second, (game, piles)
    assert b.agree


def test_the_outcomes_shown_are_exact_search_s_on_every_small_position(exhaustive):
    """Every position of up to 2 piles of up to 3 counters (4 with --exhaustive)."""
    words = [
        "".join(w)
        for n in range(1, 4 if not exhaustive else 5)
        for w in itertools.product("BR", repeat=n)
    ]
    for k in range(3):
        for piles in itertools.combinations_with_replacement(words, k):
            b = beside_whist(value_of(piles))
            for game, rounded in ((INTEGRAL, b.integral), (REFINED, b.refined)):
                found = search_of(game).outcome(find_heap_game(game).parse(write_piles(piles)))
                assert (found.left_first, found.right_first) == (rounded.first, rounded.second)


@given(DYADIC)
@settings(max_examples=400, deadline=None)
def test_whist_s_roundings_follow_the_rule_stated(v):
    b = beside_whist(v)
    assert (b.whist.first, b.whist.second) == nearest(v, Fraction(1), Fraction(0))
    assert (b.refined_whist.first, b.refined_whist.second) == nearest(
        v, Fraction(1, 2), Fraction(1, 4)
    )
    assert b.agree  # hackenbush's theory gives the same, by its own code


@pytest.mark.parametrize("n", [-3, -1, 0, 2, 7])
def test_both_ties_go_toward_the_player_not_to_move(n):
    # a tie of ρ: half an odd integer
    b = beside_whist(Fraction(2 * n + 1, 2))
    assert b.integral.tie
    assert b.whist.tie
    assert b.integral.pair == b.whist.pair == (n, n + 1)
    # a tie of ρ′: every multiple of ½ (the odd quarters' midpoints), integers too
    for v in (Fraction(n), Fraction(2 * n + 1, 2)):
        b = beside_whist(v)
        assert b.refined.tie
        assert b.refined_whist.tie
        assert b.refined.pair == b.refined_whist.pair == (v - Fraction(1, 4), v + Fraction(1, 4))


def test_refined_rounds_to_odd_quarters_not_all_quarters():
    """Both refined games round to the odd multiples of ¼: a multiple of ½ is a tie, never its
    own result (the search: 'BR', value ½, pays ¼ or ¾, not ½)."""
    rules = find_heap_game(REFINED)
    found = search_of(REFINED).outcome(rules.parse("BR"))
    assert (found.left_first, found.right_first) == (Fraction(1, 4), Fraction(3, 4))
    b = beside_whist(Fraction(1, 2))
    assert b.refined.pair == b.refined_whist.pair == (Fraction(1, 4), Fraction(3, 4))
    assert b.refined.lattice == b.refined_whist.lattice == "the odd multiples of ¼"
    assert "odd multiples of ¼" in SHARED_RULE
    assert "not to move" in SHARED_RULE


def test_at_a_tie_whist_s_infinitesimals_decide_and_hackenbush_has_none():
    b = beside_whist(Fraction(5, 2))
    rho_rows = {t: r.pair for t, r in b.with_infinitesimals if r.symbol == "ρ"}
    assert rho_rows == {"2½ ± ε₀": (3, 2), "2½ + ε₁": (3, 3), "2½ − ε₁": (2, 2)}
    assert not beside_whist(Fraction(3, 4)).with_infinitesimals  # no tie, nothing to decide


def test_bad_values_are_refused_quoting_them():
    with pytest.raises(ArgumentError, match="1/3 is not in Z"):
        beside_whist(Fraction(1, 3))
    with pytest.raises(ArgumentTypeError, match="not float"):
        beside_whist(0.5)  # type: ignore[arg-type]
    with pytest.raises(ArgumentTypeError, match="not bool"):
        beside_whist(True)


def test_position_value_is_none_for_a_game_not_hackenbush():
    assert position_value(HeapsDocument.new("nim", "1 2")) is None
    v = position_value(HeapsDocument.new("hackenbush", "BBRB RB"))
    assert v == pile_value("BBRB") + pile_value("RB") == Fraction(5, 4)


@cache
def suits() -> dict[Value, str]:
    return whist_suits(5)


@given(DYADIC.filter(lambda v: 0 <= v <= 5))
@settings(max_examples=200, deadline=None)
def test_the_suit_named_has_the_value_or_the_value_and_an_infinitesimal(v):
    suit = suit_with_value(suits(), v)
    if suit is None:
        assert all(w.number != v for w in suits())
        return
    # valued again by the evaluator, not the kernel that built the index
    value = Evaluator().value(suit.text)
    assert value == suit.value
    assert value.number == v
    assert suit.exact == (Value(v) in suits())


def test_no_suit_has_a_negative_value():
    assert suit_with_value(suits(), Fraction(-1, 2)) is None
    assert all(w.number >= 0 for w in suits())


def test_the_comparison_is_a_frozen_value():
    b = beside_whist(Fraction(3, 2))
    assert isinstance(b, BesideWhist)
    assert b == beside_whist(Fraction(3, 2))
