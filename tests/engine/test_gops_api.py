"""GOPS's public API says what it wants (issue 23, item 6): the calls a read-only probe found
failing deep inside, matrix games checked by name (ragged, empty, not numbers, not finite, too
large), payoffs of any size solved scaled, states built from any iterable of cards, the
solver's bounds. :mod:`tests.engine.test_api_fuzz` calls every entry point with hostile values;
these are the cases that need a closer look."""

from __future__ import annotations

import itertools
import math
import time
from collections.abc import Callable
from fractions import Fraction
from typing import Any

import pytest

from whistgui.engine.errors import (
    ArgumentError,
    ArgumentTypeError,
    DealError,
    NotationError,
    WhistError,
)
from whistgui.engine.gops import (
    MAX_EXACT_MATRIX,
    MAX_MATRIX,
    MAX_POINTS_SOLVE_N,
    MAX_SOLVE_N,
    ExactSolution,
    GopsRules,
    GopsSolver,
    GopsState,
    MatrixSolution,
    dominated,
    game_value,
    solve_exact,
    solve_matrix,
)

#: A 3×3 game with no saddle point and no dominated row: HiGHS solves it (value 1/2).
GAME = [[3, -1, 0], [-2, 4, 1], [0, 1, -3]]


@pytest.mark.parametrize(
    ("call", "message"),
    [
        # each was an AttributeError, IndexError, KeyError or a NotationError from inside
        (lambda: GopsState.parse(None), r"^text must be a GOPS state's text \(a str\)"),
        (lambda: GopsState.parse(b"prizes=1 a=1 b=1"), r"^text must be .*, not b'prizes=1"),
        (lambda: game_value(""), r"^m must be a matrix game, .*not str ''$"),
        (lambda: game_value({}), r"^m must be a matrix game, .*not dict \{\}$"),
        (lambda: GopsRules.parse(6, None, "sign"), r"^ties must be a tie rule \(a str: carry"),
        (lambda: GopsRules(6, "carry", 1), r"^score must be a result \(a str: sign, points\)"),
        (lambda: GopsRules(6.0), r"^n must be a whole number \(an int\), not float 6.0$"),
        (lambda: GopsState.start("4"), r"^n must be a whole number \(an int\), not str '4'$"),
        (lambda: GopsState.start(4).turn(None), r"^prize must be a whole number .*, not None$"),
        (lambda: GopsState([1], "1", [1]), r"^a must be cards \(an iterable of ints"),
        (lambda: GopsState([1], [1.0], [1]), r"^each card of a must be a whole number .*1.0$"),
        (lambda: GopsState([1], [1], [1], pot=None), r"^pot must be a whole number"),
        (lambda: _bidding().bid(1, 2, "carry"), r"^rules must be a GopsRules, not str 'carry'$"),
        (lambda: GopsSolver().value("prizes=1 a=1 b=1"), r"^state must be a GopsState \("),
        (lambda: GopsSolver(6), r"^rules must be a GopsRules, not int 6$"),
        (lambda: GopsSolver(should_stop=True), r"^should_stop must be a function or None"),
        (lambda: dominated(GAME, strict="yes"), r"^strict must be a bool, not str 'yes'$"),
        (lambda: solve_exact(GAME, hint=GAME), r"^hint must be a MatrixSolution"),
        (lambda: ExactSolution(0, (), ()), r"^value must be a Fraction, not int 0$"),
        (
            lambda: ExactSolution(Fraction(1), [Fraction(1)], (Fraction(1),)),
            r"^row must be a tuple of Fraction, not list \[Fraction\(1, 1\)\]$",
        ),
    ],
)
def test_wrong_types_are_refused_naming_the_argument(call: Callable[[], object], message: str):
    with pytest.raises(ArgumentTypeError, match=message):
        call()


def _bidding() -> GopsState:
    return GopsState.parse("prizes=1,2 a=1,2,3 b=1,2,3 pot=3")


# --- matrix games ---------------------------------------------------------------------------

#: Each public function of a matrix game, called with ``m``.
TAKERS: dict[str, Callable[[Any], object]] = {
    "solve_matrix": solve_matrix,
    "game_value": game_value,
    "dominated": dominated,
    "solve_exact": solve_exact,
    "verify": lambda m: solve_exact([[1]]).verify(m),
}


@pytest.mark.parametrize("take", TAKERS.values(), ids=TAKERS.keys())
@pytest.mark.parametrize(
    ("m", "error", "message"),
    [
        ([], ArgumentError, r"^m is list \[\]: expected a matrix game, a non-empty list of rows"),
        ([[]], ArgumentError, r"^m\[0\] is an empty row: expected a matrix game"),
        ([[1, 2], [3]], ArgumentError, r"^m\[1\] has 1 entry and m\[0\] 2: expected a matrix"),
        ([[1.0, math.nan]], ArgumentError, r"^m\[0\]\[1\] is float nan: expected a finite number"),
        ([[1], [-math.inf]], ArgumentError, r"^m\[1\]\[0\] is float -inf: expected a finite"),
        ([[10**400]], ArgumentError, r"^m\[0\]\[0\] is int 1000.*within a float's range"),
        ([[Fraction(1, 3**1000)]], ArgumentError, r"^m\[0\]\[0\] is .*at most 1,100 bits"),
        ([[True, 0]], ArgumentTypeError, r"^m\[0\]\[0\] must be a number \(an int, float or"),
        ([[1, "2"]], ArgumentTypeError, r"^m\[0\]\[1\] must be a number .*, not str '2'$"),
        (["12"], ArgumentTypeError, r"^m\[0\] must be a row of numbers .*, not str '12'$"),
        ([1, 2], ArgumentTypeError, r"^m\[0\] must be a row of numbers .*, not int 1$"),
        (None, ArgumentTypeError, r"^m must be a matrix game, .*, not None$"),
        ([[0] * 101], ArgumentError, r"^m\[0\] has 101 entries: expected a matrix game of at"),
        (range(10**12), ArgumentError, r"^m has 1,000,000,000,000 rows: expected a matrix game"),
    ],
    ids=lambda v: "" if not isinstance(v, (list, range)) else repr(v)[:20],
)
def test_a_matrix_game_is_checked_by_name(take, m: object, error: type, message: str):
    """Every function that takes a matrix game refuses what is not one, naming the row or
    entry (before: an IndexError for [], a NotationError quoting the whole matrix, NaN and
    infinities taken, 10**400 an OverflowError deep inside, a bool taken for 1)."""
    with pytest.raises(error, match=message):
        take(m)


def test_the_size_limits():
    """Float functions take up to MAX_MATRIX rows and columns, solve_exact up to
    MAX_EXACT_MATRIX: a game of the largest size is answered, one row more refused. Checked
    before the rows are read: a million shared rows of a million entries are refused at once."""
    n = MAX_MATRIX
    cyclic = [[(j - i + 1) % n - (j - i - 1) % n for j in range(n)] for i in range(n)]
    assert abs(game_value(cyclic)) < 1e-9  # a symmetric game: worth 0
    assert solve_matrix(cyclic).value == pytest.approx(0, abs=1e-9)
    with pytest.raises(ArgumentError, match=f"^m has {n + 1} rows: expected .* at most {n} rows"):
        game_value([*cyclic, cyclic[0]])
    k = MAX_EXACT_MATRIX
    small = [row[:k] for row in cyclic[:k]]
    assert solve_exact(small).verify(small)
    with pytest.raises(ArgumentError, match=f"^m has {k + 1} rows: .*at most {k} rows"):
        solve_exact([*small, small[0]])
    row = [0.0] * 1_000_000
    t = time.perf_counter()
    with pytest.raises(ArgumentError, match=r"^m has 1,000,000 rows"):
        solve_matrix([row] * 1_000_000)
    assert time.perf_counter() - t < 5  # a generous limit: it is refused unread


@pytest.mark.parametrize("scale", [1e-300, 1e-12, 1e-6, 1e6, 1e9, 1e15, 1e300])
def test_payoffs_of_any_size_are_solved_scaled(scale: float):
    """A game times 10**k is worth its value times 10**k, with the same strategies (HiGHS, run
    without scaling for GOPS's small games, found no solution at 1e9 — an ArithmeticError — and
    answered 0.0 at 1e15, and the comparisons to within 1e-9 took every payoff of 1e-12 for
    equal)."""
    exact = solve_exact(GAME)
    big = [[v * scale for v in row] for row in GAME]
    sol = solve_matrix(big)
    assert sol.value == pytest.approx(float(exact.value) * scale, rel=1e-9)
    assert game_value(big) == pytest.approx(float(exact.value) * scale, rel=1e-9)
    assert solve_exact(big, sol).verify(big)
    for p, q in zip(sol.row + sol.col, exact.row + exact.col, strict=True):
        assert p == pytest.approx(float(q), abs=1e-9)
    assert dominated(big) == dominated(GAME) == ((), ())
    weak = [[1 * scale, 2 * scale], [0.0, 3 * scale], [0.0, 1 * scale]]  # row 2 below row 1
    assert dominated(weak) == dominated([[1, 2], [0, 3], [0, 1]]) == ((1, 2), (1,))


def test_gops_matrices_are_not_scaled():
    """The solver's games (payoffs ±1, or points up to 91) are solved as they are: the
    public functions give what the recursion's unchecked ones give, to the last bit."""
    solver = GopsSolver(GopsRules(5, "carry", "points"))
    state = GopsState.start(5).turn(5)
    m = solver.matrix(state)
    assert max(abs(v) for row in m for v in row) < 256
    assert game_value(m) == solver.value(state)
    assert solve_matrix(m) == solver.solution(state)


def test_exact_entries_and_floats():
    """solve_exact and verify take floats as the fractions they are; ints, fractions and floats
    mix; a hint of another shape is refused, not silently ignored."""
    m = [[1, 0.5], [Fraction(1, 3), 1]]
    exact = solve_exact(m)
    assert exact.verify(m)
    assert exact.value == solve_exact([[Fraction(v) for v in row] for row in m]).value
    with pytest.raises(ArgumentError, match=r"^hint.row has 3 entries, m has 2 rows"):
        solve_exact(m, MatrixSolution(0.5, (0.5, 0.25, 0.25), (0.5, 0.5)))
    with pytest.raises(ArgumentTypeError, match=r"^hint.col\[1\] must be an int or float"):
        solve_exact(m, MatrixSolution(0.5, (0.5, 0.5), (0.5, None)))  # type: ignore[arg-type]
    assert not exact.verify([[1, 0.5], [Fraction(1, 3), 1], [0, 0]])  # another shape: no


# --- states and the solver ------------------------------------------------------------------


def test_a_state_takes_any_iterable_of_cards_each_once():
    """Lists, tuples, sets, generators, dict keys: the same state; a card twice is refused
    (it was dropped silently), and an endless iterator is read no further than N + 1 cards."""
    want = GopsState.parse("prizes=1,2 a=1,2,3 b=1,2,4 pot=3 diff=-1")
    assert GopsState([1, 2], (3, 2, 1), iter([4, 2, 1]), 3, -1) == want
    assert GopsState({2: "x", 1: "y"}, {1, 2, 3}, (c for c in (1, 2, 4)), 3, -1) == want
    with pytest.raises(DealError, match=r"^b holds the card 4 twice; expected cards from 1 to 13"):
        GopsState([1, 2], [1, 2, 3], [1, 4, 4], 3)
    with pytest.raises(DealError, match=r"^prizes holds 14; expected cards from 1 to 13"):
        GopsState(itertools.count(1), [1], [1])
    with pytest.raises(DealError, match=r"^pot \+ prizes \+ \|diff\| = 1000000000000000000000000"):
        GopsState([1], [1], [1], 0, 10**5000)  # Python writes no int of over 4,300 digits


def test_the_solver_solves_what_it_can():
    """A state of more than MAX_SOLVE_N cards a hand, or solve() of a larger N, is refused (it
    was started: N = 9 takes about 6 minutes and 2.7 GB, each card more about ten times as
    long, with its memo; with points one card more);
    a late state of a 13-card game is answered."""
    decided = GopsState.parse("prizes=11,12 a=1,13 b=12,13 pot=0 diff=24")  # 23 points to play
    assert GopsSolver(GopsRules(13)).value(decided) == 1
    solver = GopsSolver(GopsRules(13))
    with pytest.raises(ArgumentError, match=f"has {MAX_SOLVE_N + 1} cards in each hand: Gops"):
        solver.value(GopsState.start(MAX_SOLVE_N + 1))
    points = GopsSolver(GopsRules(13, score="points"))
    with pytest.raises(ArgumentError, match=f"has {MAX_POINTS_SOLVE_N + 1} cards in each hand"):
        points.value(GopsState.start(MAX_POINTS_SOLVE_N + 1))
    with pytest.raises(ArgumentError, match=r"^rules of N = 13: GopsSolver.solve solves the"):
        solver.solve()
    late = GopsState.parse("prizes=11,12 a=1,13 b=12,13 pot=0 diff=5")
    assert solver.value(late) == float(solver.exact_value(late))
    assert solver.memo_size > 0


def test_rules_from_a_file_are_a_notation_error():
    """A saved file's wrong type is bad text (NotationError naming the field), as any other of
    its mistakes; only the Python API's caller gets the TypeError."""
    with pytest.raises(
        NotationError, match=r'^\{"n": "6"\}: "n" is "6"; expected a whole number from'
    ):
        GopsRules.from_json({"n": "6"})  # said as the file writes it: JSON
    with pytest.raises(NotationError, match=r"^not a saved GOPS solution: data is None"):
        GopsSolver.from_json(None)
    with pytest.raises(NotationError, match=r'^not a saved GOPS solution: data\'s "format" is "x"'):
        GopsSolver.from_json({"format": "x"})
    with pytest.raises(WhistError, match=r"^N = 1000000000000000000000000000000000000000…0+: expe"):
        GopsRules(10**5000)  # its ends, as quote() shows 10**100 (Python writes no such int)
