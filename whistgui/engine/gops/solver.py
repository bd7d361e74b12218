"""GOPS solved: a state's value, matrix game and optimal bids, in floats and exactly, the
whole game from the start, and the memo saved and read back — :class:`GopsSolver`, the public
face of reply 771.9's recursion (:mod:`~whistgui.engine.gops.recursion`, which says how the
search is made small) and of the saved form (:mod:`~whistgui.engine.gops.saved`).

>>> solver = GopsSolver(GopsRules(4))
>>> solver.value(GopsState.start(4))  # equal hands, level score: its own mirror
0.0
>>> late = GopsState.parse("prizes=1,2 a=1,2,3 b=1,2,4 pot=3 diff=0")
>>> [[round(v, 4) for v in row] for row in solver.matrix(late)]
[[-1.0, -1.0, 0.0], [0.5, -1.0, -1.0], [0.0, 1.0, -1.0]]
>>> round(solver.value(late), 6), [round(p, 6) for p in solver.solution(late).row]
(-0.454545, [0.545455, 0.181818, 0.272727])
>>> exact = solver.exact_solution(late)
>>> str(exact.value), [str(p) for p in exact.row], [str(q) for q in exact.col]
('-5/11', ['6/11', '2/11', '3/11'], ['4/11', '1/11', '6/11'])
>>> solver.memo_size > 0
True
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from whistgui.engine.checks import expect
from whistgui.engine.errors import ArgumentError, NotationError
from whistgui.engine.gops.cluster import fill_in_chunks
from whistgui.engine.gops.levels import fill
from whistgui.engine.gops.limits import (
    MAX_POINTS_SOLVE_N,
    MAX_SOLVE_N,
    NotEnoughMemory,
    check_memory,
    memory_words,
    solve_limit,
    too_long,
)
from whistgui.engine.gops.matrix import (
    ExactSolution,
    MatrixSolution,
    _dominated,
    _solve_exact,
    _solve_matrix,
)
from whistgui.engine.gops.recursion import GopsRecursion
from whistgui.engine.gops.rules import GopsRules
from whistgui.engine.gops.saved import digest, read_header, read_memos, saved_json
from whistgui.engine.gops.state import GopsState
from whistgui.engine.tables.cluster import ChunkRunner

__all__ = [
    "MAX_POINTS_SOLVE_N",
    "MAX_SOLVE_N",
    "FirstPrize",
    "GameSolution",
    "GopsSolver",
    "NotEnoughMemory",
    "solve_limit",
]

# The largest game whistgui solves (the command line and the explorer) and reads back is
# :func:`~whistgui.engine.gops.limits.solve_limit`'s: N = 9 with the sign (5.5 minutes of CPU
# and 2.7 GB level by level, :meth:`GopsSolver.solve`), N = 10 with points (13 minutes, 2.9 GB;
# benchmarks/README.md). The memo keeps its default bound of 3 million states between calls:
# a solve fills it whole (18 million states at N = 9), and it forgets the oldest (the fewest
# cards, quickest to find again) once the game is solved.
_EXAMPLE = "text such as 'prizes=1,2 a=1,2,3 b=1,2,4 pot=3'"


@dataclass(frozen=True)
class FirstPrize:
    """The matrix game after the first prize is turned: ``matrix`` rows are A's bids 1..N,
    columns B's; ``dominated_rows`` and ``dominated_cols`` are indices into them
    (:func:`~whistgui.engine.gops.matrix.dominated`)."""

    prize: int
    matrix: list[list[float]]
    solution: MatrixSolution
    dominated_rows: tuple[int, ...]
    dominated_cols: tuple[int, ...]

    def to_json(self) -> dict[str, Any]:
        return {
            "prize": self.prize,
            "matrix": [list(r) for r in self.matrix],
            "row_strategy": list(self.solution.row),
            "column_strategy": list(self.solution.col),
            "value": self.solution.value,
            "dominated_row_bids": [i + 1 for i in self.dominated_rows],
            "dominated_column_bids": [j + 1 for j in self.dominated_cols],
        }


@dataclass(frozen=True)
class GameSolution:
    """The whole game: its value from the start, and the matrix game after each first prize."""

    rules: GopsRules
    value: float
    first: tuple[FirstPrize, ...] = field(default_factory=tuple)

    def to_json(self) -> dict[str, Any]:
        """The shape of ``whist gops solve --json``: ``n``, ``rules``, ``value``, ``first``."""
        return {
            "n": self.rules.n,
            "rules": self.rules.to_json(),
            "value": self.value,
            "first": [f.to_json() for f in self.first],
        }


class GopsSolver(GopsRecursion):
    """Values, matrices and optimal bids of GOPS states under one rule set, with a memo.

    The recursion and its memo are :class:`~whistgui.engine.gops.recursion.GopsRecursion`'s:
    ``should_stop`` is polled every thousand states computed (``True`` raises
    :class:`~whistgui.engine.errors.Cancelled`; the memo stays correct) and ``progress`` is
    then told how many states have been computed. :attr:`stats` counts states ``computed``
    (memo misses), memo ``hits``, matrix games solved (``games``) and states valued exactly
    (``exact``; these poll ``should_stop`` too, and tell ``progress`` their own count).

    Its methods take any state (valued by the rules' ties and result, whatever its cards:
    :meth:`GopsState.check` says whether a game by the rules reaches it) with at most
    :func:`~whistgui.engine.gops.limits.solve_limit` cards in each hand (9 with the sign, 10
    with points); :meth:`solve` takes N up to that.

    >>> GopsSolver(GopsRules(13)).value(GopsState.start(10))
    Traceback (most recent call last):
    ...
    whistgui.engine.errors.ArgumentError: state prizes=1,2,3,4,5,6,7,8,9,10 \
a=1,2,3,4,5,6,7,8,9,10 b=1,2,3,4,5,6,7,8,9,10 pot=0 diff=0 has 10 cards in each hand: \
GopsSolver solves at most 9 with the sign result (N = 9 with the sign result takes about 6 \
minutes of CPU and 2.7 GB of memory, each card more about ten times as long)
    """

    def __repr__(self) -> str:
        return f"GopsSolver({self.rules!r})  # {self.memo_size} states in memo"

    # --- states ----------------------------------------------------------------------------

    def _checked(self, state: GopsState) -> GopsState:
        """``state`` if it is a GopsState with at most :func:`solve_limit` cards in each hand;
        else ArgumentTypeError or ArgumentError naming it."""
        s = expect(state, GopsState, "state", f"a GopsState (GopsState.parse reads {_EXAMPLE})")
        most = solve_limit(self.rules)
        if len(s.a) > most:
            raise ArgumentError(
                f"state {s} has {len(s.a)} cards in each hand: GopsSolver solves at most "
                f"{most} with the {self.rules.score} result ({too_long(self.rules)})"
            )
        return s

    def value(self, state: GopsState) -> float:
        """The value for A (the rows): VALUE0 of a chance state, VALUE1 of a bidding state."""
        try:
            return self._value(self._checked(state))
        finally:
            self._trim()

    def exact_value(self, state: GopsState) -> Fraction:
        """:meth:`value` as a fraction, exact all the way down (a memo of its own)."""
        try:
            return self._exact_value(self._checked(state))
        finally:
            self._trim()

    def matrix(self, state: GopsState) -> list[list[float]]:
        """The matrix game of a bidding state: Z[i][j] the value after A bids the i-th card of
        ``sorted(state.a)`` and B the j-th of ``sorted(state.b)``."""
        try:
            return self._state_matrix(self._checked(state))
        finally:
            self._trim()

    def exact_matrix(self, state: GopsState) -> list[list[Fraction]]:
        """:meth:`matrix` in fractions."""
        try:
            return self._exact_state_matrix(self._checked(state))
        finally:
            self._trim()

    def solution(self, state: GopsState) -> MatrixSolution:
        """The value and optimal mixed bids of both players (in the order of :meth:`matrix`)."""
        try:
            return _solve_matrix(self._state_matrix(self._checked(state)))
        finally:
            self._trim()

    def exact_solution(self, state: GopsState) -> ExactSolution:
        """:meth:`solution` exactly, verified exactly; every value below is exact too."""
        s = self._checked(state)
        try:
            hint = _solve_matrix(self._state_matrix(s))
            return _solve_exact(self._exact_state_matrix(s), hint)
        finally:
            self._trim()

    def solve(self, runner: ChunkRunner | None = None) -> GameSolution:
        """The whole game from :meth:`GopsState.start`: its value, and for each first prize the
        matrix game of bids with its solution and dominated bids — every state valued level by
        level first (:func:`~whistgui.engine.gops.levels.fill`: ``should_stop`` and
        ``progress`` a chunk of states at a time). N up to :func:`solve_limit` (a larger game
        is an ArgumentError: :meth:`value` solves its states of up to that many cards in each
        hand). A game the memory cannot hold is :class:`NotEnoughMemory`: refused before it
        starts when its measured peak is well above the room this process has
        (:func:`~whistgui.engine.gops.limits.check_memory`), or when it runs out (the memo is
        then forgotten). ``runner``: the levels' chunks run on it
        (:func:`~whistgui.engine.gops.cluster.fill_in_chunks`: a Dask cluster)."""
        n = self.rules.n
        most = solve_limit(self.rules)
        if n > most:
            raise ArgumentError(
                f"rules of N = {n}: GopsSolver.solve solves the whole game for N up to "
                f"{most} with the {self.rules.score} result ({too_long(self.rules)})"
            )
        check_memory(self.rules)
        try:
            return self._solve_whole(n, runner)
        except MemoryError:
            self.clear()  # what it holds goes before the message is written
            raise NotEnoughMemory(memory_words(self.rules)) from None

    def _solve_whole(self, n: int, runner: ChunkRunner | None) -> GameSolution:
        start = GopsState.start(n)
        firsts = []
        try:
            # every state level by level, then the first prizes' games by hits
            if runner is None:
                fill(self)
            else:
                fill_in_chunks(self, runner)
            for prize in sorted(start.prizes):
                state = start.turn(prize)
                m = self._state_matrix(state)
                rows, cols = _dominated(m)
                firsts.append(FirstPrize(prize, m, _solve_matrix(m), rows, cols))
            value = self._value(start)
        finally:
            self._trim()  # the memos past their bounds forget, once the game is solved
        return GameSolution(self.rules, value, tuple(firsts))

    # --- saving ----------------------------------------------------------------------------

    def digest(self) -> str:
        """The SHA-256 of the rules and the memo in a canonical form (each memo's entries in
        the order of their keys, keys and values as 8 bytes little-endian): the seal
        :meth:`to_json` writes and :meth:`from_json` checks. It shows a file changed after it
        was saved; it is no signature (anyone can compute it)."""
        return digest(self)

    def to_json(self) -> dict[str, Any]:
        """The rules and the memo (every state's value computed so far, in the order of the
        memo's keys), sealed with its :meth:`digest`, to reopen with :meth:`from_json` and
        answer without solving again."""
        return saved_json(self)

    @classmethod
    def from_json(cls, data: Any, **kwargs: Any) -> GopsSolver:
        """A solver with the memo a solved game's :meth:`to_json` saved, once it has passed
        every check; NotationError naming the first that fails:

        * N from 1 to :func:`solve_limit` (no larger game is solved here);
        * every entry a state the rules reach, in the form the solver saves it (cards from 1
          to N, hands renumbered by rank, no more points in the pot and the score than the
          prizes gone, no decided state), its value within what the rules allow (sign: −1 to
          1; points: at most the points still in play);
        * the :meth:`digest` (version 2; a file of version 1 has none);
        * the whole game: every state after the first bids in the memo, each worth what the
          states after it give (so a memo of another N is refused);
        * a seeded sample of states computed again, from scratch
          (:data:`~whistgui.engine.gops.saved.SAMPLE_STATES` of each memo, with every state
          below them) or from the states after them
          (:data:`~whistgui.engine.gops.saved.SAMPLE_STEPS`).
        """
        rules, version = read_header(data)
        if rules.n > solve_limit(rules):
            raise NotationError(
                f"a saved GOPS solution of N = {rules.n}: whistgui solves N = 1 to "
                f"{solve_limit(rules)} with the {rules.score} result, so it saves no larger game"
            )
        solver = cls(rules, **kwargs)
        read_memos(solver, data, version)
        return solver
