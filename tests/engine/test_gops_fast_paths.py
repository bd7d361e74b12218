"""The fast paths of GOPS's recursion (issue 30): the completely mixed closed form of a square
matrix game (Shapley and Snow) tried before a linear program, and dominance compared in C — each
against the exact solution of :func:`~whistgui.engine.gops.solve_exact`."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from whistgui.engine.gops import GopsRules, GopsSolver, GopsState, solve_exact
from whistgui.engine.gops import matrix as gops_matrix


def squares(low: int = -9, high: int = 9, sizes: tuple[int, int] = (3, 6)) -> st.SearchStrategy:
    return st.integers(*sizes).flatmap(
        lambda n: st.lists(
            st.lists(st.integers(low, high), min_size=n, max_size=n), min_size=n, max_size=n
        )
    )


def test_rock_paper_scissors_is_completely_mixed():
    rps = [[0.0, -1.0, 1.0], [1.0, 0.0, -1.0], [-1.0, 1.0, 0.0]]
    assert gops_matrix._equalizer_value(rps) == pytest.approx(0.0, abs=1e-12)
    shifted = [[v + 2.5 for v in r] for r in rps]
    assert gops_matrix._equalizer_value(shifted) == pytest.approx(2.5)
    # 4 × 4 and 5 × 5 go through numpy: a diagonal game (B guesses A's bid) mixes every bid;
    # its value is 1 + 1 / Σ 1/d_i
    for d in ((1.0, 2.0, 3.0, 4.0), (2.0, 2.0, 5.0, 1.0, 3.0)):
        m = [[1 + d[i] * (i == j) for j in range(len(d))] for i in range(len(d))]
        assert gops_matrix._equalizer_value(m) == pytest.approx(1 + 1 / sum(1 / x for x in d))


def test_a_game_whose_optimal_mix_leaves_a_row_out_is_left_to_the_program():
    """Row 2 is never played (its payoff −1 on the diagonal): the equalizer would weigh it
    negatively, so the closed form declines."""
    m = [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, -1.0]]
    assert gops_matrix._equalizer_value(m) is None
    big = [[1.0, 0.0, 0.0, 0.0], [0.0, 1.0, 0.0, 0.0], [0.0, 0.0, 1.0, 0.0], [0.0] * 3 + [-1.0]]
    assert gops_matrix._equalizer_value(big) is None
    assert gops_matrix._game_value(big) == pytest.approx(0.0, abs=1e-12)


def test_singular_games_are_left_to_the_program():
    m = [[1.0, 2.0, 3.0], [2.0, 4.0, 6.0], [3.0, 6.0, 9.0]]
    assert gops_matrix._equalizer_value(m) is None
    m4 = [[float(i + j) for j in range(4)] for i in range(4)]
    assert gops_matrix._equalizer_value(m4) is None


@settings(max_examples=300, deadline=None)
@given(squares())
def test_the_closed_form_is_the_exact_value_when_it_answers(m):
    fm = [[float(v) for v in r] for r in m]
    v = gops_matrix._equalizer_value(fm)
    exact = solve_exact(m)
    if v is not None:
        assert v == pytest.approx(float(exact.value), abs=1e-9)
    assert gops_matrix._game_value(fm) == pytest.approx(float(exact.value), abs=1e-9)


@settings(max_examples=200, deadline=None)
@given(squares(-2, 2, (2, 6)))
def test_pruning_keeps_the_value_and_leaves_nothing_dominated(m):
    fm = [[float(v) for v in r] for r in m]
    rows, cols = gops_matrix._prune(fm)
    sub = [[m[i][j] for j in cols] for i in rows]
    assert solve_exact(sub).value == solve_exact(m).value
    for r in rows:  # no kept row at most as good as another kept row everywhere
        assert not any(s != r and all(m[s][j] >= m[r][j] for j in cols) for s in rows)
    for c in cols:
        assert not any(d != c and all(m[i][d] <= m[i][c] for i in rows) for d in cols)


def test_the_closed_form_answers_in_a_solve():
    """A solve of N = 5 takes the closed form for some games, and the values are those
    of the exact recursion (which solves every game exactly, by supports or the simplex)."""
    calls = {"closed": 0}
    original = gops_matrix._equalizer_value

    def counting(m):
        v = original(m)
        calls["closed"] += v is not None
        return v

    gops_matrix._equalizer_value = counting
    try:
        solver = GopsSolver(GopsRules(5, "carry", "points"))
        late = GopsState.parse("prizes=1,2 a=1,3,4 b=2,3,5 pot=4 diff=0")
        assert solver.value(late) == pytest.approx(float(solver.exact_value(late)), abs=1e-9)
        for prize in (1, 3, 5):
            s = GopsState.start(5).turn(prize)
            assert solver.value(s) == pytest.approx(float(solver.exact_value(s)), abs=1e-9)
    finally:
        gops_matrix._equalizer_value = original
    assert calls["closed"] > 0
