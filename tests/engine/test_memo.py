"""Bounded memos (issue 25, "Start-up and memory"): every memo of the engine keeps at most its
bound between calls, forgets the least recently used entries first, and answers the same with
a tiny bound as with none."""

from __future__ import annotations

import random
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as hs

from tests.engine.endings import random_ending
from whistgui.engine import (
    ArgumentError,
    ArgumentTypeError,
    Deal,
    Evaluator,
    Player,
    Position,
    Solver,
    Strategist,
)
from whistgui.engine.bridge.deal import Seat, Side, Strain
from whistgui.engine.bridge.play import BridgePosition
from whistgui.engine.bridge.solver import EndgameSolver
from whistgui.engine.games import find_game
from whistgui.engine.games.whist.kernel import TableCache, suit_table, tables_upto
from whistgui.engine.gops import GopsRules, GopsSolver, GopsState
from whistgui.engine.gops.recursion import MEMO_STATES
from whistgui.engine.memo import Memo

from .strategies import symmetric_deals

W, E = Player.WEST, Player.EAST


def _patterns(n: int) -> list[str]:
    return [
        "".join("W" if p in west else "E" for p in range(2 * n))
        for west in combinations(range(2 * n), n)
    ]


# ----------------------------------------------------------------------------- the memo
def test_memo_forgets_the_least_recently_used() -> None:
    m: Memo[str, int] = Memo(4, "test")
    for i, k in enumerate("abcd"):
        m.put(k, i)
    assert m.get("a") == 0  # now the most recently used
    assert m.get("z") is None
    m.put("e", 4)  # 5 > 4: trimmed to 7/8 of 4, i.e. 4 (bound // 8 == 0)
    assert list(m) == ["c", "d", "a", "e"]
    assert m.stats == {"entries": 4, "bound": 4, "hits": 1, "misses": 1, "evicted": 1}
    m.touch("c")
    assert list(m) == ["d", "a", "e", "c"]
    m.clear()
    assert (len(m), m.stats["evicted"]) == (0, 0)


def test_memo_trims_to_seven_eighths_and_keeps_its_kept_keys() -> None:
    m: Memo[int, int] = Memo(16, "test", keep=frozenset({0}))
    m.data.update((i, i) for i in range(40))  # a recursion writes past the bound
    assert len(m) == 40
    gone = m.trim()
    assert len(m) == 14  # 16 - 16 // 8
    assert gone == list(range(1, 27))  # the oldest, the kept key aside
    assert 0 in m
    assert m.trim() == []
    unbounded: Memo[int, int] = Memo(None)
    unbounded.data.update((i, i) for i in range(1000))
    assert (unbounded.trim(), len(unbounded), unbounded.stats["bound"]) == ([], 1000, 0)


@pytest.mark.parametrize(
    ("bound", "error"),
    [(0, ArgumentError), (-3, ArgumentError), (True, ArgumentTypeError), (2.5, ArgumentTypeError)],
)
def test_a_bound_is_a_whole_number_of_at_least_one(bound: object, error: type) -> None:
    with pytest.raises(error, match="bound"):
        Memo(bound)  # type: ignore[arg-type]
    with pytest.raises(error, match="memo_bound"):
        Evaluator(memo_bound=bound)  # type: ignore[arg-type]
    with pytest.raises(error, match="memo_bound"):
        Solver(memo_bound=bound)  # type: ignore[arg-type]
    with pytest.raises(error, match="memo_bound"):
        Strategist(memo_bound=bound)  # type: ignore[arg-type]
    with pytest.raises(error, match="memo_bound"):
        EndgameSolver(memo_bound=bound)  # type: ignore[arg-type]
    with pytest.raises(error, match="memo_bound"):
        GopsSolver(GopsRules(3), memo_bound=bound)  # type: ignore[arg-type]
    with pytest.raises(error, match="table_bytes"):
        TableCache(table_bytes=bound)  # type: ignore[arg-type]


# ----------------------------------------------------------------------------- evaluator
def test_evaluator_within_its_bound_values_as_without() -> None:
    free = Evaluator(kernel_from=None, memo_bound=None)
    tight = Evaluator(kernel_from=None, memo_bound=40)
    for n in range(1, 7):
        for p in _patterns(n):
            assert tight.pattern_value(p) == free.pattern_value(p)
            assert tight.stats["patterns"] <= 40
    assert tight.bounds("EWEWWEWE") == free.bounds("EWEWWEWE")
    assert tight.stats["patterns"] <= 40
    assert tight.analyze("AQ9/KJT").value == free.analyze("AQ9/KJT").value
    assert tight.stats["evicted"] > 1000
    assert free.stats["evicted"] == 0
    assert free.stats["patterns"] == 1 + sum(len(_patterns(n)) for n in range(1, 7))
    tight.clear()
    assert tight.stats == {"patterns": 1, "hits": 0, "misses": 0, "evicted": 0}
    assert tight.pattern_value("WE") == free.pattern_value("WE")


def test_evaluator_of_bound_one_keeps_only_the_empty_suit() -> None:
    ev = Evaluator(kernel_from=None, memo_bound=1)
    assert ev.value("AQ9/KJT K/A").ascii() == Evaluator().value("AQ9/KJT K/A").ascii()
    assert ev.stats["patterns"] == 1
    assert ev.snapshot().memo_bound == 1


def test_evaluator_keeps_the_most_recently_asked() -> None:
    ev = Evaluator(kernel_from=None, memo_bound=64)
    ev.pattern_value("EEWWEW")
    for p in _patterns(4):
        ev.pattern_value(p)
        ev.pattern_value("EEWWEW")  # asked for again and again: never forgotten
    misses = ev.stats["misses"]
    ev.pattern_value("EEWWEW")
    assert ev.stats["misses"] == misses


# ----------------------------------------------------------------------------- solver
@settings(max_examples=25, deadline=None)
@given(deal=symmetric_deals(max_cards=5, max_suits=3), leader=hs.sampled_from([W, E]))
def test_solver_within_its_bound_answers_as_without(deal: Deal, leader: Player) -> None:
    free, tight = Solver(memo_bound=None), Solver(memo_bound=3)
    for refined in (False, True):
        assert tight.outcome(deal, refined=refined) == free.outcome(deal, refined=refined)
    p = Position.start(deal, leader)
    while not p.is_over:
        assert tight.card_results(p) == free.card_results(p)
        assert tight.best_cards(p) == free.best_cards(p)
        for g in tight._games.values():
            assert len(g.table) <= 3
            assert len(g.bounds) <= 3
        p = p.play(free.best_cards(p)[-1])
    tight.warm(deal, rules=find_game("greedy-whist").rules)
    assert all(len(g.table) <= 3 for g in tight._games.values())


def test_solver_counts_what_it_forgets() -> None:
    deal = Deal.parse("KQT98/AJ765 AK9/QJT")
    tight = Solver(memo_bound=100)
    tight.warm(deal)
    stats = tight.stats
    assert stats["positions"] <= 4 * 100  # two tables a scoring, plain and refined
    assert stats["evicted"] > 0
    assert Solver().stats["evicted"] == 0


# ----------------------------------------------------------------------------- strategist
def test_strategist_within_its_bound_plays_as_without() -> None:
    deal = Deal.parse("AKQ8/JT97 AQ87/KJT9 AJT7/KQ98 KQ9/AJT")  # deal (26)
    free = Strategist(memo_bound=None).play_line(deal, W)
    small = Strategist(memo_bound=3)
    tight = small.play_line(deal, W)
    assert [s.record() for s in tight] == [s.record() for s in free]
    assert small.stats["entries"] <= 3
    assert small.stats["evicted"] > 0
    small.clear()
    assert small.stats["entries"] == 0


# ----------------------------------------------------------------------------- bridge
def test_endgame_solver_within_its_bound_answers_as_without() -> None:
    rng = random.Random(7)
    free, tight = EndgameSolver(memo_bound=None), EndgameSolver(memo_bound=5)
    for _ in range(3):
        deal = random_ending(rng, 4)
        for strain in (Strain.NT, Strain.S):
            pos = BridgePosition.from_deal(deal, strain, Seat.N)
            assert tight.tricks(pos, Side.NS) == free.tricks(pos, Side.NS)
            assert len(tight.memo) <= 5
            assert tight.card_scores(pos) == free.card_scores(pos)
            assert len(tight.memo) <= 5
    assert tight.evicted > 0
    assert free.evicted == 0


# ----------------------------------------------------------------------------- GOPS
def test_gops_within_its_bound_values_as_without() -> None:
    free = GopsSolver(GopsRules(4), memo_bound=None, exact_bound=None)
    tight = GopsSolver(GopsRules(4), memo_bound=10, exact_bound=10)
    a, b = free.solve(), tight.solve()
    assert a.to_json() == b.to_json()
    assert a.value == b.value
    assert len(tight._chance_memo) <= 10
    assert len(tight._bid_memo) <= 10
    late = GopsState.parse("prizes=1,2,4 a=1,3,4 b=1,2,3 pot=2 diff=1")
    assert tight.exact_value(late) == free.exact_value(late)
    assert len(tight._exact_chance) <= 10
    assert len(tight._exact_bid) <= 10
    assert tight.evicted > 0
    assert free.evicted == 0


def test_gops_trims_when_a_call_returns_never_while_it_solves() -> None:
    """A bound below the game's working set costs no state computed twice within a call:
    the memos forget once the call returns (a matrix's entries share their states)."""
    free = GopsSolver(GopsRules(5), memo_bound=None)
    tight = GopsSolver(GopsRules(5), memo_bound=10)
    assert tight.solve().to_json() == free.solve().to_json()
    assert tight.stats["computed"] == free.stats["computed"] > 1000
    assert len(tight._chance_memo) + len(tight._bid_memo) <= 20
    state = GopsState.start(5).turn(4)
    # tight computes these again by the recursion, free has them from the solve's levels
    flat = [v for r in tight.matrix(state) for v in r]
    assert flat == pytest.approx([v for r in free.matrix(state) for v in r], abs=1e-12)
    assert tight.solution(state).value == pytest.approx(free.solution(state).value, abs=1e-12)
    assert len(tight._chance_memo) + len(tight._bid_memo) <= 20


def test_gops_default_bound_holds_a_whole_game_of_eight() -> None:
    """The bound applies between calls, and is above the 1,627,685 bidding states a solve of
    N = 8 (ties carried, sign) keeps: a saved game of 8 is never trimmed."""
    assert GopsSolver(GopsRules(8)).memo_bound == MEMO_STATES > 1_627_685


# ----------------------------------------------------------------------------- tables
def test_table_cache_keeps_its_bytes_and_answers_as_without() -> None:
    free = tables_upto(8)
    cache = TableCache(table_bytes=suit_table(7).nbytes + suit_table(6).nbytes)
    got = tables_upto(8, upto_cache=cache)
    for k in range(1, 9):
        assert (got[k].value_id == free[k].value_id).all()
    assert cache.kept_bytes <= cache.table_bytes  # type: ignore[operator]
    assert 8 not in cache.tables  # 8 alone is past the bound: not kept
    assert cache.stats["evicted"] > 0
    again = tables_upto(5, upto_cache=cache)  # the levels forgotten are computed again
    assert [len(again[k]) for k in range(1, 6)] == [len(free[k]) for k in range(1, 6)]


def test_table_cache_is_full_past_its_pairs() -> None:
    cache = TableCache(pairs=5)
    suit_table(3, upto_cache=cache)
    assert cache.full
    assert cache.stats["pairs"] <= 5
    assert not TableCache().full
