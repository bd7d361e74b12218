"""How large a GOPS game is solved (N = 9 with the sign, 10 with points), what it is said to
cost, and a game the memory cannot hold: refused before the solve, or stopped when it runs out,
with a message — never a traceback or a kill."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from tests.bounded import run_bounded
from whistgui.engine.errors import ArgumentError, ArgumentTypeError, WhistError
from whistgui.engine.gops import (
    MAX_POINTS_SOLVE_N,
    MAX_SOLVE_N,
    GopsRules,
    GopsSolver,
    GopsState,
    NotEnoughMemory,
    limits,
    solve_limit,
    solver,
)
from whistgui.engine.gops.limits import MEASURED, check_memory, cost_words, memory_words
from whistgui.engine.gops.strategies import OptimalStrategy


def test_the_limit_follows_the_result():
    assert (MAX_SOLVE_N, MAX_POINTS_SOLVE_N) == (9, 10)
    for ties in ("carry", "split", "lost"):
        assert solve_limit(GopsRules(4, ties, "sign")) == 9
        assert solve_limit(GopsRules(4, ties, "points")) == 10
    with pytest.raises(
        ArgumentError,
        match=r"^rules of N = 10: GopsSolver.solve solves the "
        r"whole game for N up to 9 with the sign result \(N = 9 with the sign "
        r"result takes about 6 minutes of CPU and 2.7 GB of memory",
    ):
        GopsSolver(GopsRules(10)).solve()
    with pytest.raises(ArgumentError, match=r"up to 10 with the points result \(N = 10 .* 13 "):
        GopsSolver(GopsRules(11, score="points")).solve()
    # the optimal strategy follows: N = 9 is offered (solved on first use), 10 only with points
    assert OptimalStrategy(GopsRules(9)).rules.n == 9
    assert OptimalStrategy(GopsRules(10, score="points")).rules.n == 10
    with pytest.raises(
        ArgumentError,
        match="optimal for N = 10: the game is solved for N up to 9 with the sign result",
    ):
        OptimalStrategy(GopsRules(10))


def test_the_costs_said_are_the_measured_ones():
    assert cost_words(GopsRules(9)) == "about 6 minutes of CPU and 2.7 GB of memory"
    assert cost_words(GopsRules(9, "split")) == cost_words(GopsRules(9))
    assert cost_words(GopsRules(10, score="points")) == (
        "about 13 minutes of CPU and 2.9 GB of memory"
    )
    assert cost_words(GopsRules(8)) == "about 31 s of CPU"
    assert cost_words(GopsRules(4)) == "at once"
    assert cost_words(GopsRules(11, score="points")) == "longer than anything measured"
    # every limit has its measured figures (a limit raised without a measurement fails here)
    for score in ("sign", "points"):
        most = solve_limit(GopsRules(score=score))
        seconds, peak = MEASURED[(score, most)]
        assert seconds > 60
        assert peak > 1000
    assert memory_words(GopsRules(9)) == (
        "not enough memory to solve N = 9 (carry, sign): it needs about 2.7 GB"
    )


def test_a_solve_the_room_cannot_hold_is_refused_before_it_starts(monkeypatch):
    monkeypatch.setattr(limits, "memory_room", lambda: (500.0, "the memory free on this machine"))
    monkeypatch.setattr(limits, "_status", lambda: {"VmRSS": 100.0})  # not the test run's own
    with pytest.raises(NotEnoughMemory) as info:
        check_memory(GopsRules(9))
    assert str(info.value) == (
        "not enough memory to solve N = 9 (carry, sign): it needs about 2.7 GB (measured "
        "peak), and the memory free on this machine leaves about 500 MB"
    )
    assert isinstance(info.value, WhistError)
    assert isinstance(info.value, MemoryError)
    check_memory(GopsRules(7))  # 263 MB: room enough
    check_memory(GopsRules(5))  # not measured: passes
    monkeypatch.setattr(limits, "memory_room", lambda: None)  # room unknown: passes
    check_memory(GopsRules(9))
    # and solve() asks before any work: no state computed
    monkeypatch.setattr(limits, "memory_room", lambda: (10.0, "the memory free on this machine"))
    s = GopsSolver(GopsRules(7))
    with pytest.raises(NotEnoughMemory, match=r"N = 7 .* about 263 MB"):
        s.solve()
    assert s.stats["computed"] == 0
    assert s.memo_size == 0


def test_a_solve_that_runs_out_of_memory_forgets_its_memo_and_says_so(monkeypatch):
    def fill_until_full(recursion: GopsSolver) -> int:
        recursion._value(GopsState.start(recursion.rules.n))  # some states in the memo first
        raise MemoryError

    monkeypatch.setattr(solver, "fill", fill_until_full)
    s = GopsSolver(GopsRules(5, score="points"))
    with pytest.raises(NotEnoughMemory) as info:
        s.solve()
    assert str(info.value) == "not enough memory to solve N = 5 (carry, points)"
    assert info.value.__cause__ is None
    assert info.value.__suppress_context__
    assert s.memo_size == 0  # forgotten: the memory is free again
    monkeypatch.undo()
    assert s.solve().value == 0.0  # and the solver still works


def _whist() -> str:
    script = Path(sys.executable).parent / "whist"
    if not script.is_file():  # pragma: no cover - the venv always has it
        pytest.skip("no installed whist script")
    return str(script)


def test_whist_gops_solve_under_a_memory_cap_says_so_in_one_line():
    """The installed ``whist gops solve --n 8`` (717 MB at its peak) in a process whose address
    space is capped at 512 MB: refused at once, exit status 2, one line."""
    code = f"import os\nos.execv({_whist()!r}, ['whist', 'gops', 'solve', '--n', '8'])\n"
    got = run_bounded(code, memory_mb=0, timeout=120)
    assert got.returncode == 2, got.describe()
    assert got.stdout == ""
    assert got.stderr.startswith(
        "whist: error: not enough memory to solve N = 8 (carry, sign): it needs about 717 MB "
        "(measured peak), and this process's address-space limit leaves about "
    ), got.describe()
    assert len(got.stderr.splitlines()) == 1
    assert "Traceback" not in got.stderr
    assert got.seconds < 60  # refused before the solve (a generous limit: start-up only)


def test_a_solve_past_the_check_that_runs_out_is_stopped_with_the_message():
    """The check bypassed, N = 7 (263 MB at its peak) in a child that lowers its own cap to
    100 MB above the address space it holds (numpy and HiGHS loaded by N = 6) runs out on the
    way: the solve's MemoryError (numpy's, here) becomes NotEnoughMemory, the memo is let go,
    and the process goes on."""
    code = """
        import resource
        from whistgui.engine.gops import GopsRules, GopsSolver, NotEnoughMemory, solver
        GopsSolver(GopsRules(6)).solve()
        with open("/proc/self/status") as f:
            size = next(int(x.split()[1]) for x in f if x.startswith("VmSize")) * 1024
        hard = resource.getrlimit(resource.RLIMIT_AS)[1]
        resource.setrlimit(resource.RLIMIT_AS, (size + 100 * 2**20, hard))
        solver.check_memory = lambda rules: None
        try:
            GopsSolver(GopsRules(7)).solve()
            print("solved")
        except NotEnoughMemory as exc:
            print("refused:", exc)
        print("alive:", len(list(range(10**6))))
    """
    got = run_bounded(code, memory_mb=0, timeout=120)
    assert got.returncode == 0, got.describe()
    assert got.stdout.splitlines() == [
        "refused: not enough memory to solve N = 7 (carry, sign): it needs about 263 MB",
        "alive: 1000000",
    ], got.describe()


@pytest.mark.parametrize(
    "fn",
    [limits.solve_limit, limits.too_long, limits.cost_words, limits.memory_words, check_memory],
)
@pytest.mark.parametrize("bad", [None, 9, "9", GopsState.start(3)])
def test_the_limits_refuse_what_is_not_rules_by_name(fn, bad):
    """They read rules.score: anything else escaped as an AttributeError (test_api_fuzz)."""
    with pytest.raises(ArgumentTypeError, match=r"rules must be the game's GopsRules, not "):
        fn(bad)
