"""The GOPS explorer's work on the engine service, computed on the engine's thread: solving a
game (channel ``gops-solve``), a state's matrix game and solution from the solved memo
(``gops-state``: instant), its exact value (``gops-exact``), saving (``gops-save``).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from typing import Final

from whistgui.engine.gops import (
    ExactSolution,
    GopsRules,
    GopsSolver,
    GopsState,
    MatrixSolution,
    dominated,
    solve_matrix,
)
from whistgui.ui.engine_service import JobContext

__all__ = [
    "CHANNELS",
    "EXACT_CHANNEL",
    "SAVE_CHANNEL",
    "SOLVE_CHANNEL",
    "STATE_CHANNEL",
    "SolveResult",
    "StateView",
    "exact_job",
    "solve_job",
    "view_job",
]

SOLVE_CHANNEL: Final = "gops-solve"
STATE_CHANNEL: Final = "gops-state"
EXACT_CHANNEL: Final = "gops-exact"
SAVE_CHANNEL: Final = "gops-save"
CHANNELS: Final = (SOLVE_CHANNEL, STATE_CHANNEL, EXACT_CHANNEL, SAVE_CHANNEL)


@dataclass(frozen=True)
class StateView:
    """What the explorer shows of one state, computed on the engine's thread: A's value; a
    bidding state's matrix game (rows A's bids, columns B's), its solution and dominated bids;
    a chance state's value after each prize turned."""

    state: GopsState
    value: float
    rows: tuple[int, ...] = ()
    cols: tuple[int, ...] = ()
    matrix: tuple[tuple[float, ...], ...] = ()
    solution: MatrixSolution | None = None
    dominated_rows: tuple[int, ...] = ()
    dominated_cols: tuple[int, ...] = ()
    prize_values: tuple[tuple[int, float], ...] = ()


def _prepare(solver: GopsSolver, ctx: JobContext, *, exact: bool = False) -> None:
    """Point the solver's hooks at the running job (a solver read from a file has none)."""
    solver.should_stop = ctx.should_stop
    if exact:
        solver.progress = lambda n: ctx.report(
            f"{n:,} states valued exactly, {solver.exact_memo_size:,} in the exact memo"
        )
    else:
        solver.progress = lambda n: ctx.report(f"{n:,} states solved, memo {solver.memo_size:,}")


def view_job(solver: GopsSolver, state: GopsState) -> Callable[[JobContext], StateView]:
    def job(ctx: JobContext) -> StateView:
        _prepare(solver, ctx)
        value = solver.value(state)
        if state.is_bidding:
            m = solver.matrix(state)
            dr, dc = dominated(m)
            return StateView(
                state,
                value,
                tuple(sorted(state.a)),
                tuple(sorted(state.b)),
                tuple(tuple(r) for r in m),
                solve_matrix(m),
                tuple(dr),
                tuple(dc),
            )
        prizes = tuple((p, solver.value(state.turn(p))) for p in sorted(state.prizes))
        return StateView(state, value, prize_values=prizes)

    return job


def exact_job(
    solver: GopsSolver, state: GopsState
) -> Callable[[JobContext], ExactSolution | Fraction]:
    def job(ctx: JobContext) -> ExactSolution | Fraction:
        _prepare(solver, ctx, exact=True)
        ctx.report("exact values", force=True)
        if state.is_bidding:
            return solver.exact_solution(state)
        return solver.exact_value(state)

    return job


@dataclass(frozen=True)
class SolveResult:
    solver: GopsSolver
    value: float
    seconds: float


def solve_job(rules: GopsRules) -> Callable[[JobContext], SolveResult]:
    def job(ctx: JobContext) -> SolveResult:
        solver = GopsSolver(rules)
        _prepare(solver, ctx)
        # the job's label says "Solving GOPS, N = 8": the rest of the rules, not it again
        # (review 31b, X1: "Solving N = 8: solving N = 8, ties carry over, …")
        ctx.report(rules.describe().removeprefix(f"N = {rules.n}, "), force=True)
        t0 = time.monotonic()
        game = solver.solve()
        return SolveResult(solver, game.value, time.monotonic() - t0)

    return job
