"""Matrix games — the nodes of GOPS's recursion (reply 771.9): the row player maximises, the
column player minimises, both may mix their choices.

:func:`solve_matrix` solves in floats: a saddle point, dominated rows and columns removed, the
2×2 closed form, and otherwise a linear program through HiGHS (``highspy``, imported when first
needed, called directly with one model object per thread). :func:`solve_exact` gives the value
and both optimal strategies as fractions, checked exactly (:meth:`ExactSolution.verify`).

771.9's worked example:

>>> m = [[3, -4], [-1, 1]]
>>> s = solve_exact(m)
>>> str(s.value), [str(p) for p in s.row], [str(q) for q in s.col]
('-1/9', ['2/9', '7/9'], ['5/9', '4/9'])
>>> s.verify(m)
True
>>> f = solve_matrix(m)
>>> round(f.value, 12), [round(p, 12) for p in f.row]
(-0.111111111111, [0.222222222222, 0.777777777778])

Dominance (:func:`dominated`): rows 0 and 2 below are dominated by row 1; once they are gone,
column 1 is dominated by columns 0 and 2 (the column player prefers smaller payoffs) — removal
is iterated:

>>> dominated([[0, 0, 1], [1, 2, 1], [0, 3, 0]])
((0, 2), (1,))

A matrix game is a non-empty list (or any sequence) of rows of equal length, each entry an
``int``, ``float`` or ``Fraction`` — finite, within a float's range, never a bool — at most
:data:`MAX_MATRIX` rows and columns (:data:`MAX_EXACT_MATRIX` for :func:`solve_exact`). The
public functions check it and name what does not fit; the recursion of the solver calls their
unchecked forms:

>>> game_value([[1, 2], [3]])
Traceback (most recent call last):
...
whistgui.engine.errors.ArgumentError: m[1] has 1 entry and m[0] 2: expected a matrix game, \
a non-empty list of rows of equal length
>>> solve_matrix([[1, None]])
Traceback (most recent call last):
...
whistgui.engine.errors.ArgumentTypeError: m[0][1] must be a number (an int, float or \
Fraction), not None
"""

from __future__ import annotations

import math
import operator
import sys
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from whistgui.engine.checks import described, each, expect
from whistgui.engine.errors import ArgumentError, ArgumentTypeError
from whistgui.engine.native import silenced_native_output

__all__ = [
    "MAX_EXACT_MATRIX",
    "MAX_MATRIX",
    "ExactSolution",
    "MatrixSolution",
    "dominated",
    "game_value",
    "solve_exact",
    "solve_matrix",
]

#: Two payoffs closer than this are equal (the values are averages of ±1 or of small integers).
EPS = 1e-9

#: The most rows and columns of a matrix game given to :func:`solve_matrix`, :func:`game_value`,
#: :func:`dominated` or :meth:`ExactSolution.verify` (GOPS's are at most 13 × 13): HiGHS
#: solves a 100 × 100 game in 0.02 to 0.1 s, iterated dominance (in Python) takes up to a
#: second.
MAX_MATRIX = 100
#: The most rows and columns of a matrix game given to :func:`solve_exact`: when the supports of
#: the float solution do not give it, the exact simplex method (in fractions) takes up to 3 s
#: at 16 × 16 with entries of 1,000 bits, 200 s at 32 × 32.
MAX_EXACT_MATRIX = 16
#: The most bits of an entry's numerator and denominator (every float's exact fraction has
#: at most 1,075): exact arithmetic slows with the size of the numbers.
MAX_ENTRY_BITS = 1100
#: Payoffs as large as this, or as small, are solved scaled by a power of two into
#: [2**-8, 2**8): HiGHS (run without scaling, for the many small games of GOPS) and the
#: comparisons to within :data:`EPS` are made for such payoffs.
_SCALED_BELOW, _SCALED_FROM = 2.0**-8, 2.0**8

_GAME = "a matrix game, a non-empty list of rows of equal length"
_NUMBER = "a number (an int, float or Fraction)"


def _game(m: object, name: str = "m", limit: int = MAX_MATRIX) -> list[Sequence[Any]]:
    """The rows of the matrix game ``m``, checked (see the module's docstring):
    ArgumentTypeError naming the first row or entry of the wrong type, ArgumentError for an
    empty or ragged matrix, one too large, or an entry not finite or too large."""
    if isinstance(m, (str, bytes)) or not isinstance(m, Sequence):
        raise ArgumentTypeError(
            f"{name} must be {_GAME} of numbers (int, float or Fraction), not {described(m)}"
        )
    if len(m) > limit:  # before reading it: range(10**12) is a sequence too
        raise ArgumentError(
            f"{name} has {len(m):,} rows: expected a matrix game of at most {limit} rows and "
            f"{limit} columns"
        )
    rows: list[Sequence[Any]] = list(m)
    for i, row in enumerate(rows):
        if isinstance(row, (str, bytes)) or not isinstance(row, Sequence):
            raise ArgumentTypeError(
                f"{name}[{i}] must be a row of numbers (a list of int, float or Fraction), "
                f"not {described(row)}"
            )
        if len(row) > limit:
            raise ArgumentError(
                f"{name}[{i}] has {len(row):,} entries: expected a matrix game of at most "
                f"{limit} rows and {limit} columns"
            )
        for j, v in enumerate(row):
            t = type(v)
            if t is not float and t is not int and (isinstance(v, bool) or not _is_number(v)):
                raise ArgumentTypeError(f"{name}[{i}][{j}] must be {_NUMBER}, not {described(v)}")
    if not rows:
        raise ArgumentError(f"{name} is {described(m)}: expected {_GAME}")
    cols = len(rows[0])
    if cols == 0:
        raise ArgumentError(f"{name}[0] is an empty row: expected {_GAME}")
    for i, row in enumerate(rows):
        if len(row) != cols:
            entries = "entry" if len(row) == 1 else "entries"
            raise ArgumentError(
                f"{name}[{i}] has {len(row)} {entries} and {name}[0] {cols}: expected {_GAME}"
            )
        for j, v in enumerate(row):
            if isinstance(v, float):
                if not math.isfinite(v):
                    raise ArgumentError(
                        f"{name}[{i}][{j}] is {described(v)}: expected a finite number"
                    )
            elif not -sys.float_info.max <= v <= sys.float_info.max:
                raise ArgumentError(
                    f"{name}[{i}][{j}] is {described(v)}: expected a number within a float's "
                    "range (±1.8e308)"
                )
            elif (
                isinstance(v, Fraction)
                and max(v.numerator.bit_length(), v.denominator.bit_length()) > MAX_ENTRY_BITS
            ):
                raise ArgumentError(
                    f"{name}[{i}][{j}] is {described(v)}: expected a fraction of at most "
                    f"{MAX_ENTRY_BITS:,} bits above and below the line (every float's is)"
                )
    return rows


def _is_number(v: object) -> bool:
    return isinstance(v, (int, float, Fraction))


def _floats(rows: Sequence[Sequence[Any]]) -> tuple[list[list[float]], int]:
    """A checked game in floats, scaled by 2**-k into [2**-8, 2**8) when its largest payoff is
    outside it (exactly: a power of two), and k (0: not scaled)."""
    m = [[float(v) for v in row] for row in rows]
    top = max(max(map(abs, row)) for row in m)
    if top == 0 or _SCALED_BELOW <= top < _SCALED_FROM:
        return m, 0
    k = math.frexp(top)[1]
    return [[math.ldexp(v, -k) for v in row] for row in m], k


@dataclass(frozen=True, slots=True)
class MatrixSolution:
    """The value of a matrix game and optimal mixed strategies of both players (floats)."""

    value: float
    row: tuple[float, ...]  # the row player's mixed strategy, in row order
    col: tuple[float, ...]  # the column player's, in column order


@dataclass(frozen=True, slots=True)
class ExactSolution:
    """The value and optimal mixed strategies of a matrix game, as fractions."""

    value: Fraction
    row: tuple[Fraction, ...]
    col: tuple[Fraction, ...]

    def __post_init__(self) -> None:
        expect(self.value, Fraction, "value")
        each(self.row, Fraction, "row", "a tuple of Fraction", whole=tuple)
        each(self.col, Fraction, "col", "a tuple of Fraction", whole=tuple)

    def verify(self, m: Sequence[Sequence[float | Fraction]]) -> bool:
        """Exactly: both strategies are distributions (non-negative, sum 1), the rows' mix gets
        at least ``value`` against every pure column, and the columns' mix gives at most
        ``value`` against every pure row — so ``value`` is the game's value and both are
        optimal. ``m`` is a matrix game (floats are taken as the fractions they are).

        >>> ExactSolution(Fraction(1, 2), (Fraction(1, 2),) * 2, (Fraction(1, 2),) * 2).verify(
        ...     [[1, 0], [0, 1.0]])
        True
        """
        return self._verify([[Fraction(v) for v in row] for row in _game(m)])

    def _verify(self, m: list[list[Fraction]]) -> bool:
        rows, cols = len(m), len(m[0])
        if len(self.row) != rows or len(self.col) != cols:
            return False
        if any(p < 0 for p in self.row) or any(q < 0 for q in self.col):
            return False
        if sum(self.row) != 1 or sum(self.col) != 1:
            return False
        for j in range(cols):
            if sum(self.row[i] * m[i][j] for i in range(rows) if self.row[i]) < self.value:
                return False
        return all(
            sum(self.col[j] * m[i][j] for j in range(cols) if self.col[j]) <= self.value
            for i in range(rows)
        )

    def to_float(self) -> MatrixSolution:
        return MatrixSolution(
            float(self.value), tuple(map(float, self.row)), tuple(map(float, self.col))
        )


# --- dominance ---------------------------------------------------------------------------


def _reduce(
    m: Sequence[Sequence[Any]], rows: list[int], cols: list[int], eps: Any, strict: bool
) -> None:
    """Remove from ``rows``/``cols`` (in place) rows and columns dominated among the others,
    until none is: weakly (another is at least as good everywhere, better somewhere; with
    ``strict``, better everywhere). Equal rows or columns are kept."""
    changed = True
    while changed and (len(rows) > 1 or len(cols) > 1):
        # rows: the row player's gain; columns: the column player's (the entry's negative)
        changed = _drop(rows, lambda r, s: [m[s][j] - m[r][j] for j in cols], eps, strict)
        changed |= _drop(cols, lambda c, d: [m[i][c] - m[i][d] for i in rows], eps, strict)


def _drop(lines: list[int], gain: Callable[[int, int], list[Any]], eps: Any, strict: bool) -> bool:
    """Remove (in place) each of ``lines`` that another of them dominates: ``gain(r, s)`` is
    what playing ``s`` instead of ``r`` gains against each reply. True if one was removed."""
    changed = False
    for r in list(lines):
        if len(lines) == 1:
            break
        for s in lines:
            if s == r:
                continue
            diffs = gain(r, s)
            if strict:
                if all(d > eps for d in diffs):
                    break
            elif all(d >= -eps for d in diffs) and any(d > eps for d in diffs):
                break
        else:
            continue
        lines.remove(r)
        changed = True
    return changed


def dominated(
    m: Sequence[Sequence[float | Fraction]], *, strict: bool = False, iterated: bool = True
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Indices of the dominated rows and columns of ``m`` (row player maximises).

    By default *iterated weak* dominance: repeatedly drop a row for which another row is at
    least as good against every remaining column and better against one (and likewise columns,
    smaller being better), until none is left to drop. The value is unchanged and some optimal
    strategy of each player avoids every dropped row or column. With ``strict``, only rows
    beaten everywhere (no optimal strategy ever plays one); with ``iterated=False``, only those
    dominated in the whole matrix. Exact entries (ints, fractions) are compared exactly, floats
    to within 1e-9 (of the largest payoff, when it is beyond 1/256 to 256: the game is then
    compared scaled by a power of two).

    771.7's *recessive* bids are these: for N = 6 its three claims hold for weak dominance
    (iterated or not) and for iterated strict dominance, but not for strict dominance in the
    whole matrix — after a first prize of 1, bids 1 and 2 both win the game against B's 6.
    """
    expect(strict, bool, "strict")
    expect(iterated, bool, "iterated")
    rows = _game(m)
    if not any(isinstance(v, float) for row in rows for v in row):
        return _dominated(rows, strict=strict, iterated=iterated)
    return _dominated(_floats(rows)[0], strict=strict, iterated=iterated)


def _dominated(
    m: Sequence[Sequence[Any]], *, strict: bool = False, iterated: bool = True
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """:func:`dominated` of a checked game (floats compared to within :data:`EPS`)."""
    nr, nc = len(m), len(m[0])
    exact = all(isinstance(v, (int, Fraction)) for r in m for v in r)
    eps: Any = 0 if exact else EPS
    rows, cols = list(range(nr)), list(range(nc))
    if iterated:
        _reduce(m, rows, cols, eps, strict)
        return (
            tuple(i for i in range(nr) if i not in rows),
            tuple(j for j in range(nc) if j not in cols),
        )
    out_r = [r for r in range(nr) if _reduced_once(m, r, rows, cols, eps, strict, True)]
    out_c = [c for c in range(nc) if _reduced_once(m, c, rows, cols, eps, strict, False)]
    return tuple(out_r), tuple(out_c)


def _reduced_once(
    m: Sequence[Sequence[Any]],
    k: int,
    rows: list[int],
    cols: list[int],
    eps: Any,
    strict: bool,
    is_row: bool,
) -> bool:
    others = rows if is_row else cols
    for s in others:
        if s == k:
            continue
        diffs = [m[s][j] - m[k][j] for j in cols] if is_row else [m[i][k] - m[i][s] for i in rows]
        if strict:
            if all(d > eps for d in diffs):
                return True
        elif all(d >= -eps for d in diffs) and any(d > eps for d in diffs):
            return True
    return False


# --- floats ------------------------------------------------------------------------------

_local = threading.local()

#: HiGHS options for many tiny dense programs: the simplex method with no presolve, no
#: scaling and one thread (about 130 µs a 3×3 game, against 300 µs with the defaults).
_HIGHS_OPTIONS: dict[str, Any] = {
    "output_flag": False,
    "presolve": "off",
    "solver": "simplex",
    "threads": 1,
    "simplex_scale_strategy": 0,
}


def _highs(r: int, c: int) -> Any:
    """This thread's HiGHS model of an r×c matrix game, built once and reused (only its
    coefficients change): variables x_0..x_{r-1} (the row player's mix) and v; maximise v
    subject to Σ_i x_i m[i][j] − v ≥ 0 for each column j and Σ_i x_i = 1."""
    models: dict[tuple[int, int], Any] | None = getattr(_local, "models", None)
    if models is None:
        models = _local.models = {}
    h = models.get((r, c))
    if h is None:
        import highspy
        import numpy as np

        inf = highspy.kHighsInf
        new_highs: Any = highspy.Highs  # untyped
        with silenced_native_output():  # HiGHS prints a banner on descriptor 1 when built
            h = new_highs()
            for name, value in _HIGHS_OPTIONS.items():
                h.setOptionValue(name, value)
        block = np.ones((r + 1, c + 1))  # column-wise: one block row per variable
        block[r, :c] = -1.0
        values = block.ravel()[: (r + 1) * (c + 1) - 1]
        index = np.tile(np.arange(c + 1, dtype=np.int32), r + 1)[: values.size]
        start = np.arange(0, (r + 1) * (c + 1), c + 1, dtype=np.int32)
        cost = np.zeros(r + 1)
        cost[r] = -1.0
        lower = np.zeros(r + 1)
        lower[r] = -inf
        upper = np.full(r + 1, inf)
        row_lower = np.zeros(c + 1)
        row_lower[c] = 1.0
        row_upper = np.full(c + 1, inf)
        row_upper[c] = 1.0
        h.passModel(
            r + 1, c + 1, values.size, 1, 1, 0.0, cost, lower, upper, row_lower, row_upper,
            start, index, values, np.zeros(r + 1, dtype=np.int32),
        )  # fmt: skip
        _local.optimal = highspy.HighsModelStatus.kOptimal
        models[(r, c)] = h
    return h


def _lp(m: Sequence[Sequence[float]], value_only: bool = False) -> MatrixSolution:
    """The matrix game ``m`` as a linear program through HiGHS; the column player's strategy
    is the dual of the column constraints."""
    r, c = len(m), len(m[0])
    h = _highs(r, c)
    change = h.changeCoeff
    for i, row in enumerate(m):
        for j, v in enumerate(row):
            change(j, i, v)
    h.clearSolver()  # start afresh: the answer must not depend on the previous program
    h.run()
    if h.getModelStatus() != _local.optimal:  # pragma: no cover - a matrix game always has a value
        raise ArithmeticError(f"HiGHS found no solution of the matrix game {m!r}")
    if value_only:
        return MatrixSolution(-h.getObjectiveValue(), (), ())
    sol = h.getSolution()
    x = [v if v > 0 else 0.0 for v in sol.col_value[:r]]
    y = [v if v > 0 else 0.0 for v in sol.row_dual[:c]]
    sx, sy = sum(x), sum(y)
    return MatrixSolution(
        -h.getInfo().objective_function_value, tuple(p / sx for p in x), tuple(q / sy for q in y)
    )


def _prune(m: Sequence[Sequence[float]]) -> tuple[list[int], list[int]]:
    """The rows and columns left when dominated ones are removed (iterated weak dominance, as
    :func:`dominated`) and of equal rows or columns only the first is kept — what a solver
    needs: the value and an optimal strategy of the rest are the whole game's. (The
    comparisons run in C through ``map``: a third of the time of a loop in Python.)"""
    rows, cols = list(range(len(m))), list(range(len(m[0])))
    eps = EPS
    ge, gt = operator.ge, operator.gt
    while True:
        removed = False
        if len(rows) > 1:
            vec = {i: [m[i][j] for j in cols] for i in rows}
            for r in list(rows):
                low = [y - eps for y in vec[r]]
                high = [y + eps for y in vec[r]]
                for s in rows:
                    # s dominates r: at least as good everywhere, better somewhere (or equal
                    # and first)
                    if (
                        s != r
                        and all(map(ge, vec[s], low))
                        and (s < r or any(map(gt, vec[s], high)))
                    ):
                        rows.remove(r)
                        removed = True
                        break
        if len(cols) > 1:
            vec = {j: [m[i][j] for i in rows] for j in cols}
            for c in list(cols):
                low = [y - eps for y in vec[c]]
                high = [y + eps for y in vec[c]]
                for d in cols:
                    # d dominates c for the column player: at most as large everywhere
                    if (
                        d != c
                        and all(map(ge, high, vec[d]))
                        and (d < c or any(map(gt, low, vec[d])))
                    ):
                        cols.remove(c)
                        removed = True
                        break
        if not removed:
            return rows, cols


def _saddle(m: Sequence[Sequence[Any]], rows: list[int], cols: list[int]) -> tuple[int, int] | None:
    """A pure saddle point (row, column) among ``rows`` × ``cols``, if there is one."""
    best_r, maxmin = rows[0], min(m[rows[0]][j] for j in cols)
    for i in rows[1:]:
        low = min(m[i][j] for j in cols)
        if low > maxmin:
            best_r, maxmin = i, low
    best_c, minmax = cols[0], max(m[i][cols[0]] for i in rows)
    for j in cols[1:]:
        high = max(m[i][j] for i in rows)
        if high < minmax:
            best_c, minmax = j, high
    return (best_r, best_c) if minmax - maxmin <= EPS else None


def _two_by_two(a: float, b: float, c: float, d: float) -> MatrixSolution:
    """The closed form of the 2×2 game [[a, b], [c, d]] without a saddle point."""
    den = a + d - b - c
    p, q = (d - c) / den, (d - b) / den
    return MatrixSolution((a * d - b * c) / den, (p, 1 - p), (q, 1 - q))


def _two_rows_value(top: Sequence[float], bottom: Sequence[float]) -> float:
    """The value of a 2×n game: the row player's mix p·top + (1 − p)·bottom is worth the lower
    envelope of n lines in p, whose maximum lies at p = 0, p = 1 or where two lines cross."""
    n = len(top)
    best = max(min(top), min(bottom))
    slopes = [t - u for t, u in zip(top, bottom, strict=True)]
    for j in range(n):
        for k in range(j + 1, n):
            ds = slopes[j] - slopes[k]
            if abs(ds) <= EPS:
                continue
            p = (bottom[k] - bottom[j]) / ds
            if 0 < p < 1:
                low = min(bottom[i] + p * slopes[i] for i in range(n))
                if low > best:
                    best = low
    return best


def _solve_sub(m: Sequence[Sequence[float]]) -> tuple[MatrixSolution, list[int], list[int]]:
    """The solution of ``m`` reduced by dominance, with the rows and columns it kept."""
    nr, nc = len(m), len(m[0])
    rows, cols = list(range(nr)), list(range(nc))
    sp = _saddle(m, rows, cols)
    if sp is None:
        rows, cols = _prune(m)
        if len(rows) < nr or len(cols) < nc:
            sp = _saddle(m, rows, cols)
    if sp is not None:
        return MatrixSolution(m[sp[0]][sp[1]], (1.0,), (1.0,)), [sp[0]], [sp[1]]
    if len(rows) == 2 and len(cols) == 2:
        (i, k), (j, l_) = rows, cols
        return _two_by_two(m[i][j], m[i][l_], m[k][j], m[k][l_]), rows, cols
    return _lp([[m[i][j] for j in cols] for i in rows]), rows, cols


def solve_matrix(m: Sequence[Sequence[float | Fraction]]) -> MatrixSolution:
    """The value and optimal mixed strategies of the matrix game ``m`` (floats): a saddle point
    if there is one; else dominated rows and columns (iterated, weak) removed, the 2×2 closed
    form, or a linear program through HiGHS. A game whose largest payoff is beyond 1/256 to
    256 is solved scaled by a power of two (exactly), so its accuracy is relative to it.

    >>> solve_matrix([[1, 2], [0, 3]])
    MatrixSolution(value=1.0, row=(1.0, 0.0), col=(1.0, 0.0))
    >>> solve_matrix([[3e9, -1e9, 0], [-2e9, 4e9, 1e9], [0, 1e9, -3e9]]).value
    500000000.0
    """
    fm, k = _floats(_game(m))
    sol = _solve_matrix(fm)
    return sol if k == 0 else MatrixSolution(math.ldexp(sol.value, k), sol.row, sol.col)


def _solve_matrix(m: Sequence[Sequence[float]]) -> MatrixSolution:
    """:func:`solve_matrix` of a checked game of floats (not scaled)."""
    nr, nc = len(m), len(m[0])
    sol, rows, cols = _solve_sub(m)
    row, col = [0.0] * nr, [0.0] * nc
    for i, p in zip(rows, sol.row, strict=True):
        row[i] = p
    for j, q in zip(cols, sol.col, strict=True):
        col[j] = q
    value = 0.0 if abs(sol.value) < 1e-12 else float(sol.value)  # no −0.0, no 1e-17 for 0
    return MatrixSolution(value, tuple(row), tuple(col))


def game_value(m: Sequence[Sequence[float | Fraction]]) -> float:
    """Only the value of the matrix game ``m`` — what the recursion needs, so the fastest way:
    a saddle point, the 2×2 closed form, dominance, the lower envelope of a 2×n (or n×2) game,
    and only then a linear program (scaled as :func:`solve_matrix`).

    >>> game_value([[3, -4], [-1, 1]])
    -0.1111111111111111
    """
    fm, k = _floats(_game(m))
    return math.ldexp(_game_value(fm), k)


def _game_value(m: Sequence[Sequence[float]]) -> float:
    """:func:`game_value` of a checked game of floats (not scaled): the solver's hot path."""
    nr, nc = len(m), len(m[0])
    maxmin = max([min(r) for r in m])
    minmax = min([max(c) for c in zip(*m, strict=True)])
    if minmax - maxmin <= EPS:
        return maxmin
    if nr == 2 and nc == 2:
        (a, b), (c, d) = m
        return (a * d - b * c) / (a + d - b - c)
    rows, cols = _prune(m)
    sub = [[m[i][j] for j in cols] for i in rows]
    if len(rows) < nr or len(cols) < nc:
        maxmin = max([min(r) for r in sub])
        minmax = min([max(c) for c in zip(*sub, strict=True)])
        if minmax - maxmin <= EPS:
            return maxmin
    if len(rows) == 2:
        return _two_rows_value(sub[0], sub[1])
    if len(cols) == 2:
        return -_two_rows_value([-r[0] for r in sub], [-r[1] for r in sub])
    if len(rows) == len(cols):
        v = _equalizer_value(sub)
        if v is not None:
            return v
    return _lp(sub, value_only=True).value


def _equalizer_value(m: list[list[float]]) -> float | None:
    """The value of the square game ``m`` if both players' equalizing strategies are
    completely mixed (Shapley and Snow: x ∝ 1ᵀ adj(m), y ∝ adj(m) 1, value det(m) / 1ᵀ adj(m) 1),
    checked as a certificate — x gets at least the value against every column, y gives at most
    it against every row, to within :data:`EPS` — else None (a linear program decides). Two
    thirds of the games left to a program in a GOPS solve are such, at a tenth of the cost:
    3 × 3 by cofactors in Python, larger through numpy."""
    n = len(m)
    if n == 3:
        (a, b, c), (d, e, f), (g, h, i) = m
        # the adjugate's entries (transposed cofactors), row by row
        adj = (
            (e * i - f * h, c * h - b * i, b * f - c * e),
            (f * g - d * i, a * i - c * g, c * d - a * f),
            (d * h - e * g, b * g - a * h, a * e - b * d),
        )
        total = sum(map(sum, adj))
        if abs(total) <= EPS:
            return None
        det = a * adj[0][0] + b * adj[1][0] + c * adj[2][0]
        x = [(adj[0][k] + adj[1][k] + adj[2][k]) / total for k in range(3)]
        y = [sum(row) / total for row in adj]
        if min(x) <= EPS or min(y) <= EPS:
            return None
        v = det / total
        low = min(x[0] * m[0][j] + x[1] * m[1][j] + x[2] * m[2][j] for j in range(3))
        high = max(r[0] * y[0] + r[1] * y[1] + r[2] * y[2] for r in m)
        return v if low >= v - EPS and high <= v + EPS else None
    import numpy as np

    arr = np.array(m)
    ones = np.ones(n)
    try:
        xs = np.linalg.solve(arr.T, ones)
        ys = np.linalg.solve(arr, ones)
    except np.linalg.LinAlgError:  # singular: no unique equalizer
        return None
    total = float(xs.sum())
    if not math.isfinite(total) or abs(total) <= EPS:
        return None
    xv, yv = xs / total, ys / total
    if xv.min() <= EPS or yv.min() <= EPS:
        return None
    v = 1.0 / total
    if (xv @ arr).min() >= v - EPS and (arr @ yv).max() <= v + EPS:
        return v
    return None


# --- exact -------------------------------------------------------------------------------


def _solve_linear(a: list[list[Fraction]], rhs: list[Fraction]) -> list[Fraction] | None:
    """A solution of ``a x = rhs`` in fractions (free unknowns set to 0), or None if there is
    none."""
    n = len(a[0]) if a else 0
    rows = [[*row, b] for row, b in zip(a, rhs, strict=True)]
    pivots: list[int] = []
    r = 0
    for c in range(n):
        p = next((k for k in range(r, len(rows)) if rows[k][c] != 0), None)
        if p is None:
            continue
        rows[r], rows[p] = rows[p], rows[r]
        inv = 1 / rows[r][c]
        rows[r] = [v * inv for v in rows[r]]
        for k in range(len(rows)):
            if k != r and rows[k][c] != 0:
                f = rows[k][c]
                rows[k] = [v - f * w for v, w in zip(rows[k], rows[r], strict=True)]
        pivots.append(c)
        r += 1
        if r == len(rows):
            break
    if any(row[n] != 0 for row in rows[r:]):
        return None
    x = [Fraction(0)] * n
    for k, c in enumerate(pivots):
        x[c] = rows[k][n]
    return x


def _from_supports(m: list[list[Fraction]], rs: list[int], cs: list[int]) -> ExactSolution | None:
    """The strategies that make the opponent indifferent on the given supports: the row mix
    over ``rs`` equal against every column of ``cs``, the column mix likewise."""
    nr, nc = len(m), len(m[0])
    one, zero = Fraction(1), Fraction(0)
    # unknowns x_r (r in rs), v: Σ x_r m[r][j] − v = 0 (j in cs), Σ x_r = 1
    a = [[m[r][j] for r in rs] + [-one] for j in cs] + [[one] * len(rs) + [zero]]
    xs = _solve_linear(a, [zero] * len(cs) + [one])
    b = [[m[i][c] for c in cs] + [-one] for i in rs] + [[one] * len(cs) + [zero]]
    ys = _solve_linear(b, [zero] * len(rs) + [one])
    if xs is None or ys is None or xs[-1] != ys[-1]:
        return None
    row, col = [zero] * nr, [zero] * nc
    for r, p in zip(rs, xs, strict=False):
        row[r] = p
    for c, q in zip(cs, ys, strict=False):
        col[c] = q
    sol = ExactSolution(xs[-1], tuple(row), tuple(col))
    return sol if sol._verify(m) else None


def _simplex(m: list[list[Fraction]]) -> ExactSolution:
    """The exact solution by the simplex method on fractions (Bland's rule: no cycling).
    With every payoff made positive by a shift t, the column player's program is
    max Σ y_j subject to Σ_j (m[i][j] + t) y_j ≤ 1, y ≥ 0; its optimum is 1/(value + t), and the
    row player's strategy is read from the slacks' reduced costs."""
    nr, nc = len(m), len(m[0])
    t = 1 - min(min(r) for r in m)
    # tableau rows: constraints i (nc columns y, nr slacks, rhs); objective row last
    tab = [
        [m[i][j] + t for j in range(nc)]
        + [Fraction(int(k == i)) for k in range(nr)]
        + [Fraction(1)]
        for i in range(nr)
    ]
    obj = [Fraction(-1)] * nc + [Fraction(0)] * nr + [Fraction(0)]
    basis = [nc + i for i in range(nr)]
    width = nc + nr
    while True:
        enter = next((j for j in range(width) if obj[j] < 0), None)
        if enter is None:
            break
        best: tuple[Fraction, int, int] | None = None
        for i in range(nr):
            if tab[i][enter] > 0:
                ratio = tab[i][-1] / tab[i][enter]
                if best is None or (ratio, basis[i]) < (best[0], best[1]):
                    best = (ratio, basis[i], i)
        if best is None:  # pragma: no cover - bounded: every payoff is positive
            raise ArithmeticError("unbounded matrix-game program")
        i = best[2]
        inv = 1 / tab[i][enter]
        tab[i] = [v * inv for v in tab[i]]
        for k in range(nr):
            if k != i and tab[k][enter] != 0:
                f = tab[k][enter]
                tab[k] = [v - f * w for v, w in zip(tab[k], tab[i], strict=True)]
        f = obj[enter]
        obj = [v - f * w for v, w in zip(obj, tab[i], strict=True)]
        basis[i] = enter
    total = obj[-1]
    ys = [Fraction(0)] * nc
    for i, var in enumerate(basis):
        if var < nc:
            ys[var] = tab[i][-1]
    xs = [obj[nc + i] for i in range(nr)]
    value = 1 / total - t
    return ExactSolution(value, tuple(x / total for x in xs), tuple(y / total for y in ys))


def solve_exact(
    m: Sequence[Sequence[float | Fraction]], hint: MatrixSolution | None = None
) -> ExactSolution:
    """The exact value and optimal strategies of the matrix game ``m`` (of at most
    :data:`MAX_EXACT_MATRIX` rows and columns; floats are taken as the fractions they are),
    checked exactly: a saddle point; else the supports of the float solution ``hint`` (of
    :func:`solve_matrix`, which solves it when not given), on which both players'
    indifference equations are solved in fractions; if those do not verify, the exact simplex
    method.

    >>> s = solve_exact([[1, 0], [0, 1], [0, 0]])
    >>> s.value, [str(p) for p in s.row], [str(q) for q in s.col]
    (Fraction(1, 2), ['1/2', '1/2', '0'], ['1/2', '1/2'])
    """
    fm = [[Fraction(v) for v in row] for row in _game(m, limit=MAX_EXACT_MATRIX)]
    if hint is not None:
        _check_hint(hint, len(fm), len(fm[0]))
    return _solve_exact(fm, hint)


def _check_hint(hint: MatrixSolution, rows: int, cols: int) -> None:
    what = "a MatrixSolution (solve_matrix's answer for m) or None"
    h = expect(hint, MatrixSolution, "hint", what)
    for name, mix, size in (("row", h.row, rows), ("col", h.col, cols)):
        each(mix, (int, float), f"hint.{name}", "a tuple of float", whole=tuple)
        if len(mix) != size:
            raise ArgumentError(
                f"hint.{name} has {len(mix)} entries, m has {size} {name}s: expected "
                "solve_matrix's answer for m"
            )
        if not all(math.isfinite(p) for p in mix):
            raise ArgumentError(f"hint.{name} is {described(mix)}: expected finite numbers")


def _solve_exact(fm: list[list[Fraction]], hint: MatrixSolution | None = None) -> ExactSolution:
    """:func:`solve_exact` of a checked game of fractions (``hint`` of its shape)."""
    nr, nc = len(fm), len(fm[0])
    sp = _saddle(fm, list(range(nr)), list(range(nc)))
    if sp is not None and fm[sp[0]][sp[1]] == min(fm[sp[0]]) == max(r[sp[1]] for r in fm):
        row = tuple(Fraction(int(i == sp[0])) for i in range(nr))
        col = tuple(Fraction(int(j == sp[1])) for j in range(nc))
        return ExactSolution(fm[sp[0]][sp[1]], row, col)
    if hint is None:
        hint = _solve_matrix(_floats(fm)[0])
    rs = [i for i, p in enumerate(hint.row) if p > EPS]
    cs = [j for j, q in enumerate(hint.col) if q > EPS]
    if rs and cs:
        sol = _from_supports(fm, rs, cs)
        if sol is not None:
            return sol
    sol = _simplex(fm)
    if not sol._verify(fm):  # pragma: no cover - the simplex method is exact
        raise ArithmeticError(f"the exact solution of {fm!r} does not verify")
    return sol
