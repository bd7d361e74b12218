"""GOPS (issue 14): matrix games in floats and exactly, the thread's worked example (771.9), the
dominance claims of 771.7, antisymmetry, and every small game's value against a brute-force
evaluation written here from the thread's rules alone (no canonical forms, no symmetry, no
linear programming: a matrix game is solved by enumerating square supports in fractions).

The brute force from five cards a hand on runs only with ``pytest --exhaustive``."""

from __future__ import annotations

import json
from fractions import Fraction
from functools import cache
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from whistgui.engine import Cancelled, IllegalPlayError, NotationError, WhistError
from whistgui.engine.errors import ArgumentError, ArgumentTypeError
from whistgui.engine.gops import (
    SCORES,
    TIES,
    ExactSolution,
    GameSolution,
    GopsRules,
    GopsSolver,
    GopsState,
    dominated,
    game_value,
    solve_exact,
    solve_matrix,
)
from whistgui.engine.gops import matrix as gops_matrix
from whistgui.engine.reading import quote

exhaustive = pytest.mark.skipif(
    "not config.getoption('--exhaustive')", reason="heavier: run with --exhaustive"
)
ALL_RULES = [(t, s) for t in TIES for s in SCORES]

# --- an independent brute force: the thread's rules, written out plainly -------------------


def _solve_square(a: list[list[Fraction]], rhs: list[Fraction]) -> list[Fraction] | None:
    """Gauss–Jordan in fractions on a square system; None when it is singular."""
    n = len(a)
    m = [[*row, b] for row, b in zip(a, rhs, strict=True)]
    for c in range(n):
        p = next((r for r in range(c, n) if m[r][c] != 0), None)
        if p is None:
            return None
        m[c], m[p] = m[p], m[c]
        for r in range(n):
            if r != c and m[r][c] != 0:
                f = m[r][c] / m[c][c]
                m[r] = [x - f * y for x, y in zip(m[r], m[c], strict=True)]
    return [m[r][n] / m[r][r] for r in range(n)]


def _enumerate_supports(z: list[list[Fraction]]) -> tuple[Fraction, list[Fraction], list[Fraction]]:
    """Shapley–Snow: some optimal pair lives on square supports where both players make the
    other indifferent; try every pair of supports, smallest first, and keep the first that
    checks against every pure reply."""
    nr, nc = len(z), len(z[0])
    for i in range(nr):
        for j in range(nc):
            if z[i][j] == min(z[i]) == max(r[j] for r in z):
                return (
                    z[i][j],
                    [Fraction(int(k == i)) for k in range(nr)],
                    [Fraction(int(k == j)) for k in range(nc)],
                )
    one = Fraction(1)
    for k in range(2, min(nr, nc) + 1):
        for rs in combinations(range(nr), k):
            for cs in combinations(range(nc), k):
                ax = [[z[i][j] for i in rs] + [-one] for j in cs] + [[one] * k + [Fraction(0)]]
                xs = _solve_square(ax, [Fraction(0)] * k + [one])
                if xs is None or min(xs[:-1]) < 0:
                    continue
                ay = [[z[i][j] for j in cs] + [-one] for i in rs] + [[one] * k + [Fraction(0)]]
                ys = _solve_square(ay, [Fraction(0)] * k + [one])
                if ys is None or min(ys[:-1]) < 0 or xs[-1] != ys[-1]:
                    continue
                v = xs[-1]
                row, col = [Fraction(0)] * nr, [Fraction(0)] * nc
                for i, p in zip(rs, xs, strict=False):
                    row[i] = p
                for j, q in zip(cs, ys, strict=False):
                    col[j] = q
                if all(sum(row[i] * z[i][j] for i in range(nr)) >= v for j in range(nc)) and all(
                    sum(col[j] * z[i][j] for j in range(nc)) <= v for i in range(nr)
                ):
                    return v, row, col
    raise AssertionError(f"no optimal supports in {z}")


def brute_game(z: list[list[Fraction]]) -> tuple[Fraction, list[Fraction], list[Fraction]]:
    """Value and optimal strategies of ``z``: strictly dominated rows and columns struck out
    (they are never played), then the supports enumerated."""
    rows, cols = list(range(len(z))), list(range(len(z[0])))
    while True:
        r = next((r for r in rows for s in rows if all(z[s][j] > z[r][j] for j in cols)), None)
        if r is not None:
            rows.remove(r)
            continue
        c = next((c for c in cols for d in cols if all(z[i][d] < z[i][c] for i in rows)), None)
        if c is None:
            break
        cols.remove(c)
    v, row, col = _enumerate_supports([[z[i][j] for j in cols] for i in rows])
    full_row, full_col = [Fraction(0)] * len(z), [Fraction(0)] * len(z[0])
    for i, p in zip(rows, row, strict=True):
        full_row[i] = p
    for j, q in zip(cols, col, strict=True):
        full_col[j] = q
    return v, full_row, full_col


@cache
def brute_value(z: tuple[tuple[Fraction, ...], ...]) -> Fraction:
    """The value of ``z``, each matrix solved once: the 5-card games' 30,643 matrices are 6,364
    distinct ones with the pot split and points scored, 1,348 with the pot carried and the sign
    scored (a state's matrix is the same as another's when their children are worth the same)."""
    return brute_game([list(row) for row in z])[0]


@cache
def brute(ties: str, score: str):  # type: ignore[no-untyped-def]
    """VALUE0 and VALUE1 of reply 771.9 for these rules, on sorted tuples (one cache a rule set)."""

    def result(d: int) -> Fraction:
        return Fraction(d) if score == "points" else Fraction((d > 0) - (d < 0))

    def without(xs: tuple[int, ...], x: int) -> tuple[int, ...]:
        return tuple(y for y in xs if y != x)

    @cache
    def value0(c: tuple[int, ...], a: tuple[int, ...], b: tuple[int, ...], s: int, d: int):  # type: ignore[no-untyped-def]
        if not c:
            return result(d)  # a pot still carried is lost
        return sum(value1(without(c, i), a, b, s + i, d) for i in c) / len(c)

    @cache
    def value1(c: tuple[int, ...], a: tuple[int, ...], b: tuple[int, ...], s: int, d: int):  # type: ignore[no-untyped-def]
        z = []
        for i in a:
            row: list[Fraction] = []
            for j in b:
                a2, b2 = without(a, i), without(b, j)
                if i > j:
                    row.append(value0(c, a2, b2, 0, d + s))
                elif i < j:
                    row.append(value0(c, a2, b2, 0, d - s))
                elif ties == "carry":
                    row.append(value0(c, a2, b2, s, d))
                else:  # split: half the pot each; lost: thrown away — the difference stays
                    row.append(value0(c, a2, b2, 0, d))
            z.append(tuple(row))
        return brute_value(tuple(z))

    def value(state: GopsState) -> Fraction:
        key = (
            tuple(sorted(state.prizes)),
            tuple(sorted(state.a)),
            tuple(sorted(state.b)),
            state.pot,
            state.diff,
        )
        return value1(*key) if state.is_bidding else value0(*key)

    return value


# --- strategies --------------------------------------------------------------------------


@st.composite
def states(draw: st.DrawFn, max_cards: int = 3, top: int = 5) -> GopsState:
    """A chance or bidding state: up to ``max_cards`` cards a hand drawn from 1..``top``."""
    k = draw(st.integers(1, max_cards))
    bidding = draw(st.booleans())
    cards = st.lists(st.integers(1, top), min_size=k, max_size=k, unique=True)
    a, b = draw(cards), draw(cards)
    prizes = draw(
        st.lists(st.integers(1, top), min_size=k - bidding, max_size=k - bidding, unique=True)
    )
    pot = draw(st.integers(1, 6)) if bidding else draw(st.sampled_from([0, 0, 1, 3]))
    diff = draw(st.integers(-8, 8))
    return GopsState(prizes, a, b, pot, diff)


rules_st = st.builds(
    GopsRules, n=st.just(5), ties=st.sampled_from(TIES), score=st.sampled_from(SCORES)
)


@st.composite
def matrices(draw: st.DrawFn, max_size: int = 5, low: int = -6, high: int = 6) -> list[list[int]]:
    r, c = draw(st.integers(1, max_size)), draw(st.integers(1, max_size))
    row = st.lists(st.integers(low, high), min_size=c, max_size=c)
    return draw(st.lists(row, min_size=r, max_size=r))


def _check_float_solution(m: list[list[float]], value: float, sol) -> None:  # type: ignore[no-untyped-def]
    assert sol.value == pytest.approx(value, abs=1e-7)
    assert all(p >= 0 for p in sol.row)
    assert all(q >= 0 for q in sol.col)
    assert sum(sol.row) == pytest.approx(1)
    assert sum(sol.col) == pytest.approx(1)
    for j in range(len(m[0])):  # the rows' mix gets the value against every pure column
        assert sum(p * m[i][j] for i, p in enumerate(sol.row)) >= value - 1e-7
    for i in range(len(m)):  # and the columns' mix gives no more against every pure row
        assert sum(q * m[i][j] for j, q in enumerate(sol.col)) <= value + 1e-7


# --- matrix games ------------------------------------------------------------------------

EXAMPLE = [[3, -4], [-1, 1]]  # reply 771.9


def test_the_thread_example_exactly():
    s = solve_exact(EXAMPLE)
    assert s == ExactSolution(
        Fraction(-1, 9), (Fraction(2, 9), Fraction(7, 9)), (Fraction(5, 9), Fraction(4, 9))
    )
    assert s.verify(EXAMPLE)
    assert brute_game([[Fraction(v) for v in r] for r in EXAMPLE])[0] == Fraction(-1, 9)
    f = solve_matrix(EXAMPLE)
    assert f.value == pytest.approx(-1 / 9)
    assert f.row == pytest.approx((2 / 9, 7 / 9))
    assert f.col == pytest.approx((5 / 9, 4 / 9))


def test_the_thread_example_through_highs():
    """The linear program (not the 2×2 closed form) and its duals give the same solution."""
    f = gops_matrix._lp(EXAMPLE)
    assert f.value == pytest.approx(-1 / 9)
    assert f.row == pytest.approx((2 / 9, 7 / 9))
    assert f.col == pytest.approx((5 / 9, 4 / 9))
    assert solve_exact(EXAMPLE, hint=f) == solve_exact(EXAMPLE)


def test_a_wrong_solution_does_not_verify():
    half = (Fraction(1, 2), Fraction(1, 2))
    assert not ExactSolution(Fraction(-1, 9), half, half).verify(EXAMPLE)
    assert not ExactSolution(Fraction(0), (Fraction(2, 9), Fraction(7, 9)), half).verify(EXAMPLE)
    s = solve_exact(EXAMPLE)
    assert not ExactSolution(s.value - Fraction(1, 100), s.row, s.col).verify(EXAMPLE)
    assert not ExactSolution(s.value, (Fraction(1), Fraction(1)), s.col).verify(EXAMPLE)


@settings(max_examples=150)
@given(matrices())
def test_random_matrix_games_float_exact_and_brute_force_agree(m):
    exact = solve_exact(m)
    assert exact.verify(m)
    assert exact.value == brute_game([[Fraction(v) for v in r] for r in m])[0]
    assert solve_exact(m, hint=solve_matrix(m)).verify(m)
    fm = [[float(v) for v in r] for r in m]
    assert game_value(fm) == pytest.approx(float(exact.value), abs=1e-7)
    _check_float_solution(fm, float(exact.value), solve_matrix(fm))


@settings(max_examples=60)
@given(matrices(max_size=6, low=-30, high=30))
def test_larger_games_through_the_linear_program(m):
    """Wide payoffs rarely have saddle points or dominance: these go to HiGHS."""
    exact = solve_exact(m)
    assert exact.verify(m)
    fm = [[v / 7 for v in r] for r in m]
    _check_float_solution(fm, float(exact.value) / 7, solve_matrix(fm))
    rows, cols = list(range(len(m))), list(range(len(m[0])))
    if len(rows) > 1 and len(cols) > 1:
        _check_float_solution(fm, float(exact.value) / 7, gops_matrix._lp(fm))
    # the exact simplex method alone (no float hint) is right too
    assert gops_matrix._simplex([[Fraction(v) for v in r] for r in m]).value == exact.value


def test_bad_matrices_are_refused():
    for bad in ([], [[]], [[1, 2], [3]]):
        with pytest.raises(ArgumentError, match="expected a matrix game"):
            solve_matrix(bad)
    with pytest.raises(ArgumentTypeError, match=r"^m\[0\]\[1\] must be a number .*'x'$"):
        solve_exact([[1, "x"]])


def test_dominance_weak_strict_and_iterated():
    m = [[1, 1], [1, 0], [0, 0]]  # row 1 weakly below row 0; row 2 strictly below row 0
    assert dominated(m) == ((1, 2), ())  # then row 0 alone: its two columns are equal
    assert dominated(m, strict=True) == ((2,), ())
    assert dominated(m, iterated=False) == ((1, 2), (0,))  # column 1 is never more
    assert dominated([[2, 2], [2, 2]]) == ((), ())  # equal bids dominate nothing


# --- states and rules --------------------------------------------------------------------


@given(states(max_cards=5, top=13))
def test_state_text_round_trips(s):
    assert GopsState.parse(str(s)) == s
    assert eval(repr(s)) == s
    assert GopsState.parse(" ".join(reversed(str(s).split()))) == s  # parts in any order


def test_state_defaults_and_empty_sets():
    s = GopsState.parse("a=3 b=1 prizes=- pot=2")
    assert s == GopsState(frozenset(), {3}, {1}, 2, 0)
    assert s.is_bidding
    assert str(s) == "prizes=- a=3 b=1 pot=2 diff=0"
    end = s.bid(3, 1, GopsRules())
    assert end.is_over
    assert end.diff == 2
    assert str(end) == "prizes=- a=- b=- pot=0 diff=2"


@pytest.mark.parametrize(
    ("text", "why"),
    [
        ("", "no prizes="),
        ("prizes=1,2 a=1,2", "no b="),
        ("prizes=1,2 a=1,2 b=1,2 c=3", "'c=3' is not one of"),
        ("prizes=1,2 a=1,2 b=1,2 a=1,2", "a= given twice"),
        ("prizes=1,x a=1,2 b=1,2", "not a list of cards"),
        ("prizes=1,2 a=1,1 b=1,2", "holds a card twice"),
        ("prizes=1,2 a=1,2 b=1,2 pot=x", "not a whole number"),
        ("prizes=1,2 a=1,2 b=1,2,3", "as many in each hand"),
        ("prizes=1 a=1,2,3 b=1,2,3", "expected as many prizes"),
        ("prizes=1 a=1,2 b=1,2 pot=0", "pot = 0"),
        ("prizes=1,2 a=1,14 b=1,2", "from 1 to 13"),
        ("prizes=1,2 a=1,2 b=1,2 pot=-1", "0 or more"),
        ("prizes 1,2 a=1,2 b=1,2", "not one of"),
        ("prizes=13 a=1 b=2 pot=70 diff=-9", "more points than a suit of 13 cards holds (91)"),
    ],
)
def test_bad_state_texts_are_refused_quoting_them(text, why):
    with pytest.raises(NotationError) as info:
        GopsState.parse(text)
    assert quote(text) in str(info.value)
    assert why in str(info.value)
    assert "expected a GOPS state like" in str(info.value)


def test_moves_check_their_cards():
    s = GopsState.start(3)
    with pytest.raises(IllegalPlayError, match="no prize is turned"):
        s.bid(1, 1, GopsRules(3))
    with pytest.raises(IllegalPlayError, match="prize 4 is not face down"):
        s.turn(4)
    t = s.turn(2)
    with pytest.raises(IllegalPlayError, match="already turned"):
        t.turn(1)
    with pytest.raises(IllegalPlayError, match="A bids 5"):
        t.bid(5, 1, GopsRules(3))
    with pytest.raises(IllegalPlayError, match="B bids 0"):
        t.bid(1, 0, GopsRules(3))


def test_ties_carry_split_or_lose_the_pot():
    s = GopsState.parse("prizes=1 a=2,3 b=2,4 pot=5 diff=1")
    assert s.bid(2, 2, GopsRules(ties="carry")) == GopsState({1}, {3}, {4}, 5, 1)
    for ties in ("split", "lost"):
        assert s.bid(2, 2, GopsRules(ties=ties)) == GopsState({1}, {3}, {4}, 0, 1)
    assert s.bid(3, 2, GopsRules()).diff == 6
    assert s.bid(2, 4, GopsRules()).diff == -4
    last = GopsState.parse("prizes=- a=2 b=2 pot=4 diff=1")  # carried with no prize left: lost
    assert last.bid(2, 2, GopsRules()) == GopsState((), (), (), 0, 1)


def test_rules():
    assert GopsRules() == GopsRules(6, "carry", "sign")
    assert GopsRules.parse(7, " Split ", "POINTS") == GopsRules(7, "split", "points")
    assert GopsRules().describe() == "N = 6, ties carry over, result = sign of the score difference"
    for r in (GopsRules(), GopsRules(3, "lost", "points")):
        assert GopsRules.from_json(json.loads(json.dumps(r.to_json()))) == r
    with pytest.raises(NotationError, match="ties 'share'"):
        GopsRules.parse(6, "share", "sign")
    with pytest.raises(NotationError, match="score 'margin'"):
        GopsRules.parse(6, "carry", "margin")
    for n in (0, 14):
        with pytest.raises(NotationError, match="from 1 to 13"):
            GopsRules(n)
    with pytest.raises(ArgumentTypeError, match=r"^n must be a whole number \(an int\), not True"):
        GopsRules(True)
    with pytest.raises(NotationError):
        GopsRules.from_json({"n": 6, "colour": "red"})


# --- the recursion -----------------------------------------------------------------------


@pytest.mark.parametrize(("ties", "score"), ALL_RULES)
@pytest.mark.parametrize("n", [1, 2, 3, 4])
def test_small_games_equal_the_brute_force(n, ties, score):
    """The whole game and every first prize's matrix game, value by value, exactly."""
    value = brute(ties, score)
    solver = GopsSolver(GopsRules(n, ties, score))
    start = GopsState.start(n)
    assert solver.exact_value(start) == value(start) == 0
    for prize in range(1, n + 1):
        first = start.turn(prize)
        for i in range(1, n + 1):
            for j in range(1, n + 1):
                child = first.bid(i, j, solver.rules)
                assert solver.exact_value(child) == value(child)
                assert solver.value(child) == pytest.approx(float(value(child)), abs=1e-9)
        assert solver.exact_value(first) == value(first)


@exhaustive
@pytest.mark.parametrize(("ties", "score"), [("carry", "sign"), ("split", "points")])
def test_five_card_games_equal_the_brute_force(ties, score):
    value = brute(ties, score)
    solver = GopsSolver(GopsRules(5, ties, score))
    start = GopsState.start(5)
    for prize in range(1, 6):
        first = start.turn(prize)
        for i in range(1, 6):
            for j in range(1, 6):
                child = first.bid(i, j, solver.rules)
                assert solver.exact_value(child) == value(child)


@settings(max_examples=120)
@given(states(), rules_st)
def test_random_mid_game_states_equal_the_brute_force(state, rules):
    solver = GopsSolver(rules)
    expected = brute(rules.ties, rules.score)(state)
    assert solver.exact_value(state) == expected
    assert solver.value(state) == pytest.approx(float(expected), abs=1e-9)


@settings(max_examples=80)
@given(states(max_cards=4, top=6), rules_st)
def test_antisymmetry(state, rules):
    solver = GopsSolver(rules)
    assert solver.value(state.swapped()) == pytest.approx(-solver.value(state), abs=1e-9)
    if len(state.a) <= 3:
        assert solver.exact_value(state.swapped()) == -solver.exact_value(state)


@settings(max_examples=40)
@given(states(max_cards=4, top=6), rules_st)
def test_equal_hands_level_score_are_worth_zero(state, rules):
    """With the same hands and a level score the game is symmetric: a bidding state's matrix
    is skew-symmetric (computed entry by entry, not assumed) and its value 0."""
    even = GopsState(state.prizes, state.a, state.a, state.pot, 0)
    solver = GopsSolver(rules)
    assert solver.value(even) == 0
    if even.is_bidding:
        m = solver.matrix(even)
        for i, row in enumerate(m):
            for j, v in enumerate(row):
                assert v == pytest.approx(-m[j][i], abs=1e-9)
        assert solve_matrix(m).value == pytest.approx(0, abs=1e-9)


@settings(max_examples=40)
@given(states(max_cards=4, top=6), st.integers(-5, 5))
def test_points_score_so_far_only_adds(state, extra):
    solver = GopsSolver(GopsRules(ties="carry", score="points"))
    moved = GopsState(state.prizes, state.a, state.b, state.pot, state.diff + extra)
    assert solver.value(moved) == pytest.approx(solver.value(state) + extra, abs=1e-9)


@settings(max_examples=30)
@given(states(max_cards=4, top=6), st.sampled_from(SCORES))
def test_split_and_lost_ties_give_the_same_values(state, score):
    split = GopsSolver(GopsRules(ties="split", score=score))
    lost = GopsSolver(GopsRules(ties="lost", score=score))
    assert split.value(state) == pytest.approx(lost.value(state), abs=1e-12)


@settings(max_examples=40)
@given(states(max_cards=4, top=6).filter(lambda s: s.is_bidding), rules_st)
def test_exact_solutions_of_states_verify(state, rules):
    solver = GopsSolver(rules)
    exact = solver.exact_solution(state)
    m = solver.exact_matrix(state)
    assert exact.verify(m)
    assert exact.value == solver.exact_value(state)
    assert float(exact.value) == pytest.approx(solver.value(state), abs=1e-9)
    fm = solver.matrix(state)
    assert [v for r in fm for v in r] == pytest.approx([float(v) for r in m for v in r], abs=1e-9)
    _check_float_solution(fm, float(exact.value), solver.solution(state))


def test_decided_states_need_no_search():
    solver = GopsSolver(GopsRules(6))
    assert solver.value(GopsState.parse("prizes=1,2 a=1,2,3 b=4,5,6 pot=3 diff=7")) == 1
    assert solver.value(GopsState.parse("prizes=1,2 a=4,5 b=1,2 diff=-4")) == -1
    assert solver.memo_size == 0
    assert solver.stats["computed"] == 0


def test_a_late_state_by_hand():
    """Prize 1 turned with 3 in the pot carried: B's 4 beats everything A holds."""
    state = GopsState.parse("prizes=1,2 a=1,2,3 b=1,2,4 pot=3 diff=0")
    solver = GopsSolver(GopsRules(4))
    exact = solver.exact_solution(state)
    assert exact.value == Fraction(-5, 11)
    assert exact.row == (Fraction(6, 11), Fraction(2, 11), Fraction(3, 11))


def test_the_thread_s_dominance_claims_for_six_cards():
    """771.7: after a first prize of 1 every bid but 1 is recessive; after 2 or 3, bids of 5 and
    6; after 4, a bid of 6. "Recessive" must be *weakly* dominated (at least as bad against every
    bid, worse against one) — or strictly dominated once others are struck out: after prize 1
    the bids 1 and 2 both win the game against B's 6, so bid 2 is not strictly dominated in the
    whole matrix."""
    game = GopsSolver(GopsRules(6)).solve()
    claims = {1: (2, 3, 4, 5, 6), 2: (5, 6), 3: (5, 6), 4: (6,), 5: (), 6: ()}
    for first in game.first:
        m = first.matrix
        bids = tuple(i + 1 for i in first.dominated_rows)
        assert bids == claims[first.prize], first.prize
        assert tuple(j + 1 for j in first.dominated_cols) == claims[first.prize]
        for strict, iterated in ((False, True), (False, False), (True, True)):
            rows, _ = dominated(m, strict=strict, iterated=iterated)
            assert tuple(i + 1 for i in rows) == claims[first.prize]
        for i in range(6):  # equal hands: each first prize's game is skew-symmetric
            for j in range(6):
                assert m[i][j] == pytest.approx(-m[j][i], abs=1e-12)
        assert first.solution.value == pytest.approx(0, abs=1e-9)
        for i in first.dominated_rows:
            assert first.solution.row[i] == 0
    assert dominated(game.first[0].matrix, strict=True, iterated=False)[0] == (2, 3, 4, 5)
    assert game.value == 0


# --- solving, saving, stopping -----------------------------------------------------------


def test_solve_json_shape():
    game = GopsSolver(GopsRules(4)).solve()
    data = json.loads(json.dumps(game.to_json()))
    assert set(data) >= {"n", "rules", "value", "first"}
    assert data["n"] == 4
    assert data["rules"] == GopsRules(4).to_json()
    assert data["value"] == 0
    assert [f["prize"] for f in data["first"]] == [1, 2, 3, 4]
    for f in data["first"]:
        assert len(f["matrix"]) == 4
        assert all(len(r) == 4 for r in f["matrix"])
        assert len(f["row_strategy"]) == 4
        assert len(f["column_strategy"]) == 4
        assert sum(f["row_strategy"]) == pytest.approx(1)
        assert isinstance(f["value"], float)
    assert isinstance(game, GameSolution)


def test_saved_and_reopened_without_solving_again():
    rules = GopsRules(5, "carry", "points")
    solver = GopsSolver(rules)
    game = solver.solve()
    assert solver.memo_size == len(solver.to_json()["chance"]) + len(solver.to_json()["bidding"])
    text = json.dumps(solver.to_json())
    again = GopsSolver.from_json(json.loads(text))
    assert again.rules == rules
    assert again.memo_size == solver.memo_size
    reopened = again.solve()
    assert again.stats["computed"] == 0
    assert again.stats["games"] == 0
    assert reopened.to_json() == game.to_json()
    state = GopsState.parse("prizes=2,5 a=1,3,4 b=2,3,5 pot=1 diff=0")
    assert again.value(state) == solver.value(state)
    assert again.stats["computed"] == 0


@pytest.mark.parametrize(
    "data",
    [
        None,
        {"format": "something else"},
        {"format": "whistgui-gops-solver", "version": 99},
        {"format": "whistgui-gops-solver", "version": 1, "rules": {"n": 99}},
        {"format": "whistgui-gops-solver", "version": 1, "rules": {}, "chance": [[1, 2]]},
        {"format": "whistgui-gops-solver", "version": 1, "rules": {}, "bidding": "x"},
    ],
)
def test_bad_saved_solutions_are_refused(data):
    with pytest.raises(NotationError):
        GopsSolver.from_json(data)


def test_progress_and_cancel():
    seen: list[int] = []
    solver = GopsSolver(GopsRules(5), progress=seen.append)
    solver.solve()
    assert seen
    assert seen == sorted(seen)
    assert seen[-1] <= solver.stats["computed"]
    stopping = GopsSolver(GopsRules(5), should_stop=lambda: True)
    with pytest.raises(Cancelled):
        stopping.solve()
    assert isinstance(Cancelled("x"), WhistError)
    # what was computed before the stop is right, and the solve can go on
    stopping.should_stop = None
    assert stopping.solve().to_json() == GopsSolver(GopsRules(5)).solve().to_json()


def test_an_exact_solve_can_be_cancelled_too():
    solver = GopsSolver(GopsRules(5))
    solver.solve()  # every float value known: what is left is exact
    solver.should_stop = lambda: True
    with pytest.raises(Cancelled, match="after 1024 states"):
        solver.exact_solution(GopsState.start(5).turn(1))
    assert solver.stats["exact"] == 1024
    solver.should_stop = None
    assert solver.exact_solution(GopsState.start(5).turn(1)).value == 0


def test_memo_size_and_clear():
    solver = GopsSolver(GopsRules(4))
    solver.solve()
    size = solver.memo_size
    assert size > 0
    assert f"{size} states" in repr(solver)
    solver.exact_value(GopsState.parse("prizes=1,2 a=1,2,3 b=1,2,4 pot=3"))
    assert solver.exact_memo_size > 0
    solver.clear()
    assert solver.memo_size == 0
    assert solver.exact_memo_size == 0


def test_matrix_of_a_chance_state_is_refused():
    with pytest.raises(IllegalPlayError, match="chance state"):
        GopsSolver().matrix(GopsState.start(6))


@settings(max_examples=200, deadline=None)
@given(st.integers(1, 13), st.sampled_from(TIES), st.randoms(use_true_random=False))
def test_every_state_play_reaches_fits_its_rules_and_no_more_points_do(n, ties, rnd):
    """GopsState.check(rules) takes every state a game by the rules reaches, and refuses the
    same state with one point more in the score than the prizes gone could have made."""
    rules = GopsRules(n, ties)
    state = GopsState.start(n)
    while True:
        assert state.check(rules) is state
        gone = n * (n + 1) // 2 - sum(state.prizes) - state.pot
        if state.is_over:
            break
        # (at N = 13 GopsState itself refuses more points than the suit holds)
        with pytest.raises(WhistError, match=r"more than the|more points than"):
            GopsState(state.prizes, state.a, state.b, state.pot, gone + 1).check(rules)
        if state.is_bidding:
            state = state.bid(rnd.choice(sorted(state.a)), rnd.choice(sorted(state.b)), rules)
        else:
            state = state.turn(rnd.choice(sorted(state.prizes)))
    if n < 13:
        with pytest.raises(WhistError, match=f"the card {n + 1} is not one of N = {n}"):
            GopsState({n + 1}, {1}, {2}).check(rules)
