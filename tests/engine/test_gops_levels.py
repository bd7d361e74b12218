"""GOPS level by level (issue 30): :func:`whistgui.engine.gops.levels.fill` finds the states of a
whole game from the top down and values them from the bottom up, each level's games solved in
batches (dominance, saddle points, closed forms, support enumeration, HiGHS for the rest); its
memo is the recursion's, key for key and value for value to within 1e-12, under every rule
set — and a cancelled fill leaves it correct."""

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
def test_the_levels_make_the_recursions_memo(n, ties, score):
    rules = GopsRules(n, ties, score)
    plain = _recursion_memo(rules)
    rec = GopsRecursion(rules, memo_bound=None)
    written = fill(rec)
    assert written == plain.memo_size == rec.memo_size
    _same(rec, plain)
    assert rec.stats["computed"] == written
    start = GopsState.start(n)
    for prize in (1, n):
        got, want = rec._state_matrix(start.turn(prize)), plain._state_matrix(start.turn(prize))
        assert [v for r in got for v in r] == pytest.approx([v for r in want for v in r], abs=1e-12)


def _same(rec: GopsRecursion, plain: GopsRecursion, *, subset: bool = False) -> None:
    """``rec``'s memo is ``plain``'s (or, with ``subset``, a part of it), values within 1e-12."""
    for mine, theirs in ((rec._chance_memo, plain._chance_memo), (rec._bid_memo, plain._bid_memo)):
        if subset:
            assert mine.keys() <= theirs.keys()
        else:
            assert mine.keys() == theirs.keys()
        keys = list(mine)
        assert [mine[k] for k in keys] == pytest.approx([theirs[k] for k in keys], abs=1e-12)


def test_games_left_to_the_batch_have_the_values_of_one_by_one():
    """The batched means (dominance at once, the closed form, support enumeration) against
    _game_value, on games of the sizes a solve of N = 7 meets, with ties and without."""
    import numpy as np

    from whistgui.engine.gops.levels import _batch_values
    from whistgui.engine.gops.matrix import _game_value

    rng = np.random.default_rng(30)
    for k in (3, 4, 5, 6):
        for values in ([-1.0, 0.0, 1.0], [-1.0, -0.5, 0.0, 0.25, 0.5, 1.0], None):
            if values is None:
                m = rng.normal(size=(400, k, k))
            else:
                m = rng.choice(values, size=(400, k, k))
            low = m.min(axis=2).max(axis=1)
            high = m.max(axis=1).min(axis=1)
            m = m[high - low > 1e-9]  # no saddle point: what the batch is given
            got = _batch_values(m)
            want = [_game_value(g.tolist()) for g in m]
            assert got.tolist() == pytest.approx(want, abs=1e-9)


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
    plain = GopsSolver(GopsRules(6, "carry", "points")).solve()
    for mine, theirs in zip(game.first, plain.first, strict=True):
        got = [v for r in mine.matrix for v in r]
        assert got == pytest.approx([v for r in theirs.matrix for v in r], abs=1e-12)
        assert mine.solution.row == pytest.approx(theirs.solution.row, abs=1e-9)
        assert (mine.dominated_rows, mine.dominated_cols) == (
            theirs.dominated_rows,
            theirs.dominated_cols,
        )


def test_progress_is_told_and_a_cancelled_fill_leaves_the_memo_right(monkeypatch):
    import whistgui.engine.gops.levels as levels

    monkeypatch.setattr(levels, "CHUNK", 512)  # many chunks: many polls
    told: list[int] = []
    rec = GopsRecursion(GopsRules(6), progress=told.append)
    fill(rec)
    assert told == sorted(told)
    assert told[-1] == rec.memo_size

    seen: list[int] = []  # stop once 30 chunks of states are valued (of about 70)
    cut = GopsRecursion(
        GopsRules(6), should_stop=lambda: len(seen) >= 30, progress=seen.append, memo_bound=None
    )
    with pytest.raises(Cancelled, match="GOPS solve stopped after"):
        fill(cut)
    plain = _recursion_memo(GopsRules(6))
    assert 0 < cut.memo_size < plain.memo_size
    _same(cut, plain, subset=True)


def test_a_stop_asked_at_once_stops_while_the_states_are_found():
    rec = GopsRecursion(GopsRules(6), should_stop=lambda: True)
    with pytest.raises(Cancelled, match="stopped after 0 states"):
        fill(rec)
    assert rec.memo_size == 0
