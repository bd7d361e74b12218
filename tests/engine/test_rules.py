"""The rules object, positions under it, and the solver for every game's rules against an
independent brute force that plays by :meth:`Rules.legal` and :meth:`Rules.winner` alone."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.engine.strategies import asymmetric_deals
from whistgui.engine import (
    Card,
    Deal,
    IllegalPlayError,
    Player,
    Position,
    Rules,
    Scoring,
    Solver,
)
from whistgui.engine.games import GAMES, find_game
from whistgui.engine.trick.rules import Result

ALL_RULES = [Rules(g, s) for g in (False, True) for s in Scoring]


def brute_force(pos: Position) -> int:
    """West's points by plain minimax over every legal card, no memo: the reference."""
    r = pos.rules
    if pos.is_over:
        return r.points_so_far(pos.west_tricks) + r.final_points(pos.leader is Player.WEST)
    results = [brute_force(pos.play(c)) for c in pos.legal_cards()]
    return max(results) if pos.to_move is Player.WEST else min(results)


@settings(max_examples=200, deadline=None)
@given(
    asymmetric_deals(max_cards=4),
    st.sampled_from([Player.WEST, Player.EAST]),
    st.sampled_from(ALL_RULES),
)
def test_solver_matches_brute_force_for_every_rules(deal: Deal, leader: Player, rules: Rules):
    pos = Position.start(deal, leader, rules)
    expected: Result = rules.result(brute_force(pos))
    assert Solver().result(pos) == expected


def test_one_solver_keeps_the_games_apart():
    """The transposition key includes the rules: (5) K Q 10 / A J 9 with West on lead is one
    trick for West in whist and two in Greedy Whist, asked of the same solver in turn."""
    solver = Solver()
    deal = Deal.parse("KQT/AJ9")
    for _ in range(2):
        assert solver.result(Position.start(deal, Player.WEST)) == 1
        assert solver.result(Position.start(deal, Player.WEST, Rules(greedy=True))) == 2


def test_greedy_replies_and_the_message_for_a_wrong_card():
    greedy = find_game("greedy-whist").rules
    pos = Position.start(Deal.parse("KQT/AJ9"), Player.WEST, greedy).play(Card(0, 13))
    assert pos.legal_cards() == [Card(0, 14)]
    with pytest.raises(
        IllegalPlayError, match=r"S:9 must win the trick to S:K; expected one of S:A"
    ):
        pos.play(Card(0, 9))
    free = Position.start(Deal.parse("KQT/AJ9"), Player.WEST).play(Card(0, 13))
    assert [free.card_name(c) for c in free.legal_cards()] == ["S:A", "S:J", "S:9"]


def test_greedy_cannot_win_so_any_card_of_the_suit():
    greedy = Rules(greedy=True)
    pos = Position.start(Deal.parse("A3/42"), Player.WEST, greedy).play(Card(0, 14))
    assert sorted(c.rank for c in pos.legal_cards()) == [2, 4]


def test_void_player_discards_anything_under_every_rules():
    for rules in ALL_RULES:
        pos = Position.start(Deal.parse("AK/- -/QJ"), Player.WEST, rules).play(Card(0, 14))
        assert len(pos.legal_cards()) == 2


@pytest.mark.parametrize(
    ("scoring", "west_last", "east_last"),
    [
        (Scoring.TRICKS, 0, 0),
        (Scoring.REFINED, -1, 1),
        (Scoring.REDUCED, -1, 0),
        (Scoring.LAST_TRICK_WINS, 1, 0),
        (Scoring.LAST_TRICK_LOSES, 0, 1),
    ],
)
def test_final_points(scoring: Scoring, west_last: int, east_last: int):
    rules = Rules(scoring=scoring)
    assert rules.final_points(True) == west_last
    assert rules.final_points(False) == east_last


def test_results_of_each_scoring():
    assert Rules().result(3) == 3
    assert str(Rules(scoring=Scoring.REFINED).result(7)) == "7/4"
    assert Rules(scoring=Scoring.REDUCED).result(2) == 2
    assert Rules(scoring=Scoring.REDUCED).refined() == Rules(scoring=Scoring.REFINED)
    assert Rules(scoring=Scoring.LAST_TRICK_WINS).result(1) is Player.WEST
    assert Rules(scoring=Scoring.LAST_TRICK_LOSES).result(0) is Player.EAST
    with pytest.raises(ValueError, match="no refined scoring"):
        Rules(scoring=Scoring.LAST_TRICK_WINS).refined()


def test_rules_are_hashable_values():
    assert Rules(greedy=True) == find_game("greedy").rules
    assert len({g.rules for g in GAMES}) == len(GAMES)
    assert "must win the trick if able" in find_game("five-card").rules.describe()


def test_play_tree_groups_follow_the_rules():
    """Greedy: East must win West's king, so only the ace is a reply group."""
    pos = Position.start(Deal.parse("KQT/AJ9"), Player.WEST, Rules(greedy=True)).play(Card(0, 13))
    assert pos.legal_groups() == [(Card(0, 14),)]
