"""Time GOPS solves (issues 14 and 30): the whole game — its value and every first prize's
matrix game, what ``whist gops solve --n N`` computes — for N = 4, 5, … under each rule set
asked for, each in a fresh process (so its peak memory is its own): wall and CPU seconds
(the machine is shared: CPU is the figure to compare), states in the memo (chance and
bidding), matrix games solved, memo hits, peak resident memory. By default the memo is filled
level by level first (:mod:`whistgui.engine.gops.levels`, what ``GopsSolver.solve`` does);
``--recursion`` solves by the recursion alone. ``--before REF`` runs the package of a git
commit beside it for each N (the yardstick, in the same run); ``--estimate N`` carries the
largest N's figures on to N (states, CPU hours here and on a cluster, memory). Then the exact
solutions of every first prize's matrix game for one N (exact all the way down: every state
below in fractions). Nothing is asserted.

Run from the repository root::

    PYTHONPATH=. python benchmarks/bench_gops.py                  # N = 4..7, carry/sign
    PYTHONPATH=. python benchmarks/bench_gops.py --min-n 6 --max-n 8 \
        --rules carry:sign carry:points --before 45e7a3f --exact 0 --estimate 13
    PYTHONPATH=. python benchmarks/bench_gops.py --min-n 9 --max-n 9 --exact 0 --every 60
    PYTHONPATH=. python benchmarks/bench_gops.py --max-n 6 --exact 6 --profile
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import resource
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from typing import Any

from whistgui.engine.gops import GopsRules, GopsSolver, GopsState, dominated, solve_matrix


def _progress(t0: float, every: float) -> Callable[[int], None]:
    """A progress callback that writes a line to stderr at most every ``every`` seconds:
    elapsed time, states computed, resident memory (what a long run of N = 9 logs)."""
    last = [t0]

    def tell(computed: int) -> None:
        now = time.perf_counter()
        if now - last[0] >= every:
            last[0] = now
            with open("/proc/self/statm") as f:
                rss = int(f.read().split()[1]) * resource.getpagesize() / 2**20
            print(
                f"  {now - t0:8.0f} s  {computed:>12,} states computed  {rss:8.0f} MB resident",
                file=sys.stderr,
                flush=True,
            )

    return tell


def whole_game(solver: GopsSolver) -> float:
    """What :meth:`GopsSolver.solve` computes — every first prize's matrix game, its solution
    and dominated bids, then the value from the start — for any N (no cap of MAX_SOLVE_N, no
    trim), through the recursion's internals, which the code before issue 30 has too."""
    start = GopsState.start(solver.rules.n)
    for prize in sorted(start.prizes):
        m = solver._state_matrix(start.turn(prize))
        dominated(m)
        solve_matrix(m)
    return solver._value(start)


def levels(solver: GopsSolver) -> dict[int, list[int]]:
    """States in the memo by cards in each hand: {k: [chance, bidding]} (a key's low 14 bits
    are its prizes face down: a chance state has k of them, a bidding state k - 1)."""
    out: dict[int, list[int]] = {}
    for col, memo, extra in ((0, solver._chance_memo, 0), (1, solver._bid_memo, 1)):
        for key in memo:
            k = (key & 0x3FFF).bit_count() + extra
            out.setdefault(k, [0, 0])[col] += 1
    return out


def one(
    n: int, ties: str, score: str, profile: bool, every: float, by_levels: bool
) -> dict[str, object]:
    """Solve one game in this process; its figures as a dict. ``by_levels``: the memo filled
    level by level first (:func:`whistgui.engine.gops.levels.fill`), when the package has it."""
    t = time.perf_counter()
    solver = GopsSolver(GopsRules(n, ties, score), progress=_progress(t, every))
    before = resource.getrusage(resource.RUSAGE_SELF)
    fill: Callable[[GopsSolver], int] | None = None
    steps: list[list[Any]] = []  # [step, k, states, CPU s] as fill_by tells them
    if by_levels:
        try:
            from whistgui.engine.gops.levels import fill
        except ImportError:  # the code before issue 30
            fill = None
        try:  # each level timed (the code since the levels' chunks)
            from whistgui.engine.gops.levels import _Level, fill_by

            def fill(s: GopsSolver) -> int:
                last = [time.process_time()]

                def told(step: str, k: int, states: int) -> None:
                    now = time.process_time()
                    steps.append([step, k, states, now - last[0]])
                    last[0] = now

                return fill_by(_Level(s), on_level=told)
        except ImportError:
            pass
    if profile:
        import cProfile
        import pstats

        prof = cProfile.Profile()
        prof.enable()
        if fill is not None:
            fill(solver)
        value = whole_game(solver)
        prof.disable()
        pstats.Stats(prof, stream=sys.stderr).sort_stats("tottime").print_stats(12)
    else:
        if fill is not None:
            fill(solver)
        value = whole_game(solver)
    seconds = time.perf_counter() - t
    use = resource.getrusage(resource.RUSAGE_SELF)
    return {
        "n": n,
        "rules": f"{ties}/{score}",
        "seconds": seconds,
        "cpu": use.ru_utime + use.ru_stime - before.ru_utime - before.ru_stime,
        "value": value,
        "chance": len(solver._chance_memo),
        "bidding": len(solver._bid_memo),
        "memo": solver.memo_size,
        "games": solver.stats["games"],
        "hits": solver.stats["hits"],
        "peak_mb": use.ru_maxrss / 1024,
        "levels": levels(solver),
        "steps": steps,
    }


def exact(n: int, ties: str, score: str) -> None:
    """Every first prize's exact solution, each verified exactly."""
    solver = GopsSolver(GopsRules(n, ties, score))
    t = time.perf_counter()
    solver.solve()
    print(f"exact, N = {n} {ties}/{score}: float solve first, {time.perf_counter() - t:.2f} s")
    total = time.perf_counter()
    for prize in range(1, n + 1):
        state = GopsState.start(n).turn(prize)
        t = time.perf_counter()
        sol = solver.exact_solution(state)
        seconds = time.perf_counter() - t
        m = solver.exact_matrix(state)
        digits = max(len(format(abs(v.denominator), "x")) for r in m for v in r) * 1.204
        ok = sol.verify(m)
        print(
            f"  first prize {prize}: {seconds:6.2f} s, value {sol.value}, verified {ok}, "
            f"largest denominator in the matrix ≈ {digits:.0f} digits, "
            f"exact memo {solver.exact_memo_size}"
        )
    print(f"  all first prizes: {time.perf_counter() - total:.2f} s")


def _before_tree(ref: str) -> str:
    """The package as git commit ``ref`` has it, in a temporary directory (the yardstick)."""
    root = tempfile.mkdtemp(prefix="bench_gops_before_")
    archive = subprocess.run(
        ["git", "archive", ref, "whistgui"], capture_output=True, check=True
    ).stdout
    subprocess.run(["tar", "-x", "-C", root], input=archive, check=True)
    return root


def _run(n: int, ties: str, score: str, args: Any, tree: str | None) -> dict[str, Any] | None:
    """One solve in a fresh process, with this package or the one in ``tree``."""
    cmd = [sys.executable, __file__, "--one", str(n), ties, score, "--every", str(args.every)]
    if args.recursion:
        cmd.append("--recursion")
    if args.profile:
        cmd.append("--profile")
    env = dict(os.environ)
    if tree is not None:
        env["PYTHONPATH"] = os.pathsep.join([tree, env.get("PYTHONPATH", "")])
    res = subprocess.run(cmd, capture_output=True, text=True, check=False, env=env)
    if args.profile or args.every < 3600:
        sys.stderr.write(res.stderr)
    if res.returncode != 0:
        print(f"{n:>2} {ties}/{score} failed: {res.stderr.strip().splitlines()[-1:]}")
        return None
    out: dict[str, Any] = json.loads(res.stdout.strip().splitlines()[-1])
    return out


def estimate(runs: list[dict[str, Any]], target: int, workers: int) -> None:
    """N = ``target`` from the largest games solved (consecutive N, the same rules): the
    states, each card more multiplying them by the last ratio of two N, that ratio itself
    shrinking as it did from the N before (the ratio of ratios carried on); the CPU time a
    state growing likewise (larger matrices); memory as the memo's dicts take it (about 105
    bytes a state) and as a level-by-level run would (two levels at a time, 16 bytes a state:
    a packed key and a float). Rough: say so beside it."""
    runs = sorted(runs, key=lambda r: r["n"])[-3:]
    last = runs[-1]
    n, states = last["n"], float(last["memo"])
    rate = last["cpu"] / max(1, last["memo"])
    ratio = state_step = 1.0
    shrink = slow = 1.0
    if len(runs) >= 2:
        ratio = last["memo"] / max(1, runs[-2]["memo"])
        # at least 1: the matrices only grow (small N are noise)
        state_step = max(1.0, rate / max(1e-9, runs[-2]["cpu"] / max(1, runs[-2]["memo"])))
    if len(runs) >= 3:
        shrink = min(1.0, ratio / (runs[-2]["memo"] / max(1, runs[-3]["memo"])))
    widest = max(sum(v) for v in last["levels"].values()) / max(1, last["memo"])
    print(
        f"\n{last['rules']}: N = {target} estimated from N = {runs[0]['n']}..{n} "
        f"(states ×{ratio:.1f} a card, the ratio ×{shrink:.3f} a card; CPU a state "
        f"×{state_step:.2f} a card)"
    )
    print(
        f"{'N':>4} {'states':>16} {'CPU hours':>11} {'on ' + str(workers) + ' cores':>14} "
        f"{'GB as dicts':>12} {'GB by levels':>13}"
    )
    for m in range(n + 1, target + 1):
        ratio *= shrink
        states *= ratio
        rate *= slow if m > n + 1 else state_step
        slow = state_step
        cpu = states * rate / 3600
        print(
            f"{m:>4} {states:>16,.0f} {cpu:>11,.1f} {cpu / workers:>14,.2f} "
            f"{states * 105 / 1e9:>12,.1f} {2 * widest * states * 16 / 1e9:>13,.1f}"
        )


def estimate_levels(
    run: dict[str, Any], target: int, workers: int, bandwidth: float, overhead: float
) -> None:
    """N = ``target`` with points as result, level by level: each level's states counted
    (:func:`~whistgui.engine.gops.levels.points_level_sizes`, no solving), the CPU a state of
    each level as measured in ``run`` (k cards a hand; past the largest k measured on 20,000
    states or more, growing as from the k before it), memory as arrays (16 bytes a state: a key
    and a float; the keys of every level, found first from the top, 8 bytes a state) and as
    the memo's dicts (about 105 bytes a state), and on ``workers`` cores: the CPU × ``overhead``
    (Dask's, measured by bench_gops_cluster.py) over the cores, plus each level below sent to
    every worker at ``bandwidth`` GB/s a link (fanned out in a tree: log2 of the workers
    rounds, each worker's link carrying it once) and every key out and its value back through
    this process's link."""
    from whistgui.engine.gops.levels import points_level_sizes
    from whistgui.engine.gops.rules import GopsRules

    ties = run["rules"].split("/")[0]
    cost: dict[tuple[str, int], float] = {}
    counted: dict[tuple[str, int], int] = {}
    down = memo = total = 0.0
    for step, k, states, cpu in run["steps"]:
        if step == "down":
            down, total = cpu, states
        elif step.endswith("memo"):
            memo += cpu
        elif states:
            cost[step, k] = cpu / states
            counted[step, k] = states
    sizes = points_level_sizes(GopsRules(target, ties, "points"))

    def per_state(step: str, k: int) -> float:
        most = max((c for (s, _), c in counted.items() if s == step), default=0)
        enough = min(20_000, most)  # levels of fewer states: their fixed costs show
        known = sorted(j for (s, j), c in counted.items() if s == step and c >= enough)
        if k in known or not known:
            return cost.get((step, k), 0.0)
        top = known[-1]
        if k < top:
            return cost.get((step, k), cost[step, top])
        growth = cost[step, top] / cost[step, known[-2]] if len(known) > 1 else 1.0
        return cost[step, top] * max(1.0, growth) ** (k - top)

    print(
        f"\n{run['rules']}: N = {target} by levels (states counted; CPU a state by level from "
        f"N = {run['n']}; the down pass {down / max(1, total) * 1e6:.1f} µs a state, the memo's "
        f"writes {memo / max(1, total) * 1e6:.1f} µs)"
    )
    print(
        f"{'k':>3} {'chance':>14} {'bidding':>14} {'µs/chance':>10} {'µs/bid':>8} "
        f"{'CPU h':>8} {'GB to each worker':>18}"
    )
    cpu = 0.0
    states = sum(c + b for c, b in sizes.values())
    fan = 0.0  # bytes each worker receives: every level below, once
    widest = held = 0
    prev = 0  # the chance level below (k − 1), states
    for k in sorted(sizes):
        chance, bidding = sizes[k]
        cc, cb = per_state("chance", k), per_state("bid", k)
        hours = (chance * cc + bidding * cb) / 3600
        cpu += hours
        below = 16 * (prev + bidding)  # the bids need chance k − 1; the chances need bids k
        fan += below
        widest = max(widest, 16 * (prev + bidding), 16 * (bidding + chance))
        held = max(held, 16 * prev, 16 * bidding)
        prev = chance
        print(
            f"{k:>3} {chance:>14,} {bidding:>14,} {cc * 1e6:>10.1f} {cb * 1e6:>8.1f} "
            f"{hours:>8.1f} {below / 1e9:>18.1f}"
        )
    cpu += states * down / max(1, total) / 3600
    writes = states * memo / max(1, total) / 3600
    through = 16 * states / (bandwidth * 1e9) / 3600  # keys out, values back: this process
    rounds = max(1, (workers - 1).bit_length())  # a tree: each round doubles who holds it
    spread = fan / (bandwidth * 1e9) / 3600 * rounds
    on = cpu * overhead / workers + spread + through
    print(
        f"all: {states:,} states; {cpu:,.0f} CPU hours (the down pass included; the memo's "
        f"writes {writes:,.1f} h more, in this process); the two widest adjacent levels "
        f"{widest / 1e9:,.1f} GB as arrays (with every level's keys {8 * states / 1e9:,.1f} GB "
        f"more), {105 * states / 1e9:,.0f} GB as the memo's dicts"
    )
    print(
        f"on {workers} cores: {on:,.1f} h wall ({cpu * overhead / workers:,.1f} h of CPU a core "
        f"at ×{overhead} for Dask, {spread:,.2f} h for every worker to receive every level "
        f"below ({fan / 1e9:,.0f} GB at {bandwidth} GB/s, in {rounds} rounds of a tree), "
        f"{through:,.2f} h for the keys and values through this process); each worker holds "
        f"the level below, up to {held / 1e9:,.1f} GB"
    )


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--min-n", type=int, default=4)
    ap.add_argument("--max-n", type=int, default=7)
    ap.add_argument(
        "--rules",
        nargs="*",
        default=["carry:sign"],
        metavar="TIES:SCORE",
        help="rule sets (default carry:sign), e.g. carry:points split:sign",
    )
    ap.add_argument("--exact", type=int, default=5, metavar="N", help="exact solutions (0: none)")
    ap.add_argument("--profile", action="store_true", help="cProfile of each solve (stderr)")
    ap.add_argument(
        "--every", type=float, default=3600.0, metavar="S", help="progress to stderr every S s"
    )
    ap.add_argument(
        "--before",
        metavar="REF",
        help="also run the package of git commit REF (the yardstick), before each N's own run",
    )
    ap.add_argument("--before-max-n", type=int, default=8, metavar="N", help="(default 8)")
    ap.add_argument("--estimate", type=int, default=0, metavar="N", help="estimate N (0: none)")
    ap.add_argument(
        "--recursion",
        action="store_true",
        help="the recursion alone (no level-by-level fill first)",
    )
    ap.add_argument("--workers", type=int, default=100, help="cores of the cluster estimated")
    ap.add_argument(
        "--bandwidth", type=float, default=1.25, help="GB/s of a link (default 1.25: 10 Gb/s)"
    )
    ap.add_argument(
        "--dask-overhead",
        type=float,
        default=1.35,
        help="workers' and this process's CPU over fill's alone (bench_gops_cluster.py: "
        "N = 8 points, 2 workers, 16.2 s against 12.0 s)",
    )
    ap.add_argument("--one", nargs=3, metavar=("N", "TIES", "SCORE"), help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.one:
        n, ties, score = int(args.one[0]), args.one[1], args.one[2]
        print(json.dumps(one(n, ties, score, args.profile, args.every, not args.recursion)))
        return 0
    before = _before_tree(args.before) if args.before else None
    print(
        f"python {platform.python_version()}, {platform.machine()}; a fresh process each; "
        f"load average {' '.join(f'{x:.1f}' for x in os.getloadavg())} at the start"
    )
    print(
        f"{'N':>2} {'rules':<13} {'code':<7} {'seconds':>9} {'cpu s':>9} {'value':>9} "
        f"{'chance':>10} {'bidding':>10} {'games':>10} {'hits':>11} {'peak MB':>8}"
    )
    done: dict[str, list[dict[str, Any]]] = {}
    for rules in args.rules:
        ties, _, score = rules.partition(":")
        for n in range(args.min_n, args.max_n + 1):
            runs = [("after", None)]
            if before is not None and n <= args.before_max_n:
                runs.insert(0, ("before", before))
            for label, tree in runs:
                r = _run(n, ties, score or "sign", args, tree)
                if r is None:
                    continue
                print(
                    f"{n:>2} {r['rules']:<13} {label:<7} {r['seconds']:>9.2f} {r['cpu']:>9.2f} "
                    f"{r['value']:>9.4f} {r['chance']:>10,} {r['bidding']:>10,} "
                    f"{r['games']:>10,} {r['hits']:>11,} {r['peak_mb']:>8.0f}"
                )
                sys.stdout.flush()
                if label == "after":
                    done.setdefault(r["rules"], []).append(r)
    if args.estimate:
        for runs in done.values():
            estimate(runs, args.estimate, args.workers)
            last = max(runs, key=lambda r: r["n"])
            if last["rules"].endswith("/points") and last.get("steps"):
                estimate_levels(
                    last, args.estimate, args.workers, args.bandwidth, args.dask_overhead
                )
    if args.exact:
        ties, _, score = args.rules[0].partition(":")
        exact(args.exact, ties, score or "sign")
    return 0


if __name__ == "__main__":
    sys.exit(main())
