"""GOPS level by level (issue 30): :func:`whistgui.engine.gops.levels.fill` finds the states of a
whole game from the top down and values them from the bottom up; its memo is the recursion's,
key for key and value for value, under every rule set — and a cancelled fill leaves it correct."""

from __future__ import annotations

import pytest

from whistgui.engine import Cancelled
from whistgui.engine.gops import SCORES, TIES, GopsRules, GopsSolver, GopsState
from whistgui.engine.gops.levels import fill
from whistgui.engine.gops.recursion import GopsRecursion

RULES = [(t, s) for t in TIES for s in SCORES]


def _recursion_memo(rules: GopsRules) -> GopsRecursion:
    """The memo the recursion makes for a whole game (what GopsSolver.solve visits)."""
    rec = GopsRecursion(rules, memo_bound=None)
    start = GopsState.start(rules.n)
    for prize in range(1, rules.n + 1):
        rec._state_matrix(start.turn(prize))
    return rec


@pytest.mark.parametrize(("ties", "score"), RULES)
@pytest.mark.parametrize("n", [3, 4, 5, 6])
def test_the_levels_make_the_recursions_memo_to_the_last_bit(n, ties, score):
    rules = GopsRules(n, ties, score)
    plain = _recursion_memo(rules)
    rec = GopsRecursion(rules, memo_bound=None)
    written = fill(rec)
    assert written == plain.memo_size == rec.memo_size
    assert rec._chance_memo == plain._chance_memo
    assert rec._bid_memo == plain._bid_memo
    assert rec.stats["computed"] == written
    start = GopsState.start(n)
    for prize in (1, n):
        assert rec._state_matrix(start.turn(prize)) == plain._state_matrix(start.turn(prize))


def test_small_games_have_no_level_to_fill():
    for n in (1, 2):
        rec = GopsRecursion(GopsRules(n))
        assert fill(rec) == 0
        assert rec.memo_size == 0


def test_a_filled_solver_answers_from_its_memo():
    solver = GopsSolver(GopsRules(6, "carry", "points"))
    fill(solver)
    hits = solver.stats["hits"]
    game = solver.solve()
    assert solver.stats["computed"] == solver.memo_size  # nothing computed again
    assert solver.stats["hits"] > hits
    assert game.value == 0.0
    assert game.to_json() == GopsSolver(GopsRules(6, "carry", "points")).solve().to_json()


def test_progress_is_told_and_a_cancelled_fill_leaves_the_memo_right(monkeypatch):
    import whistgui.engine.gops.levels as levels

    monkeypatch.setattr(levels, "CHUNK", 512)  # many chunks: many polls
    told: list[int] = []
    rec = GopsRecursion(GopsRules(6), progress=told.append)
    fill(rec)
    assert told == sorted(told)
    assert told[-1] == rec.memo_size

    polls = {"n": 0}

    def stop() -> bool:
        polls["n"] += 1
        return polls["n"] > 20

    cut = GopsRecursion(GopsRules(6), should_stop=stop, memo_bound=None)
    with pytest.raises(Cancelled, match="GOPS solve stopped after"):
        fill(cut)
    plain = _recursion_memo(GopsRules(6))
    assert 0 < cut.memo_size < plain.memo_size
    for key, value in cut._chance_memo.items():
        assert plain._chance_memo[key] == value
    for key, value in cut._bid_memo.items():
        assert plain._bid_memo[key] == value
