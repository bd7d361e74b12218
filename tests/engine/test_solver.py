"""The exact solver against an independent brute-force search, and play positions."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.engine.strategies import asymmetric_deals
from whistgui.engine import (
    Card,
    Deal,
    DealError,
    IllegalPlayError,
    Outcome,
    Player,
    Position,
    Solver,
)


def brute_force(pos: Position, refined: bool) -> Fraction:
    """Plain minimax over every legal card, no memo, no equivalences: the reference."""
    if pos.is_over:
        bonus = Fraction(-1, 4) if pos.leader is Player.WEST else Fraction(1, 4)
        return pos.west_tricks + (bonus if refined else 0)
    results = [brute_force(pos.play(c), refined) for c in pos.legal_cards()]
    return max(results) if pos.to_move is Player.WEST else min(results)


@settings(max_examples=150, deadline=None)
@given(asymmetric_deals(max_cards=4), st.sampled_from([Player.WEST, Player.EAST]), st.booleans())
def test_solver_matches_brute_force(deal: Deal, leader: Player, refined: bool):
    pos = Position.start(deal, leader)
    assert Solver().result(pos, refined=refined) == brute_force(pos, refined)


@settings(max_examples=60, deadline=None)
@given(asymmetric_deals(max_cards=4), st.sampled_from([Player.WEST, Player.EAST]))
def test_card_marks_match_brute_force(deal: Deal, leader: Player):
    pos = Position.start(deal, leader)
    marks = Solver().card_results(pos)
    assert marks == {c: brute_force(pos.play(c), False) for c in pos.legal_cards()}


def test_discards_when_void():
    # Whoever leads wins: the other hand cannot follow and must discard.
    assert Solver().outcome(Deal.parse("A/- -/K")) == Outcome(1, 0)
    assert Solver().outcome(Deal.parse("2/- -/A")) == Outcome(1, 0)
    assert Solver().outcome(Deal.parse("AK/- -/QJ")) == Outcome(2, 0)
    # East leads the club queen: West must discard, and keeps the spade ace for a trick.
    assert Solver().outcome(Deal.parse("A2/K -/Q")) == Outcome(2, 1)


def test_unequal_hands_are_refused():
    with pytest.raises(DealError, match="West holds 2 cards and East 1"):
        Solver().outcome(Deal.parse("AK/Q"))


def test_transposition_table_is_used_and_cleared():
    s = Solver()
    deal = Deal.parse("AK9/QJT AK9/QJT")
    first = s.outcome(deal)
    stored = s.stats["positions"]
    assert stored > 0
    assert s.stats["hits"] > 0
    assert s.outcome(deal) == first
    s.clear()
    assert s.stats == {"positions": 0, "hits": 0, "misses": 0, "evicted": 0}
    assert s.outcome(deal) == first


def test_play_positions_follow_the_rules():
    deal = Deal.parse("AQ/KJ K/A")
    pos = Position.start(deal, Player.WEST)
    assert pos.to_move is Player.WEST
    assert not pos.is_over
    with pytest.raises(IllegalPlayError, match="East's card but West is to play"):
        pos.play(deal.card_from_text("S:K"))
    with pytest.raises(IllegalPlayError, match="not in either hand"):
        pos.play(Card(0, 2))
    pos = pos.play(deal.card_from_text("H:K"))
    with pytest.raises(IllegalPlayError, match="does not follow suit to H:K"):
        pos.play(deal.card_from_text("S:J"))
    pos = pos.play(deal.card_from_text("H:A"))
    assert pos.leader is Player.EAST
    assert pos.west_tricks == 0
    assert pos.tricks_left == 2


def test_best_first_cards_of_a_throw_in():
    # Deal (15): West on lead cashes the heart ace before exiting in diamonds, so East must
    # lead a spade: a heart and a spade trick. Any other lead costs the spade trick.
    deal = Deal.parse("KJ/AQ A/K K/A")
    pos = Position.start(deal, Player.WEST)
    s = Solver()
    assert s.result(pos) == 2
    best = {deal.card_name(c) for c in s.best_cards(pos)}
    assert best == {"H:A"}


def test_a_search_can_be_cancelled_and_resumed():
    from whistgui.engine import Cancelled, Evaluator

    calls = []

    def stop() -> bool:
        calls.append(1)
        return True

    ev = Evaluator(should_stop=stop)
    with pytest.raises(Cancelled):
        ev.value(Deal.parse("[16 14 13 11 9 8 5 4, 15 12 10 7 6 3 2 1]"))
    assert calls
    ev.should_stop = None
    assert ev.value(Deal.parse("[16 14 13 11 9 8 5 4, 15 12 10 7 6 3 2 1]")) == Evaluator().value(
        Deal.parse("[16 14 13 11 9 8 5 4, 15 12 10 7 6 3 2 1]")
    )
    s = Solver(should_stop=lambda: True)
    with pytest.raises(Cancelled):
        s.outcome(Deal.parse("AK73/QJ2 Q95/J874 KJT/A96 A82/KT9"))
