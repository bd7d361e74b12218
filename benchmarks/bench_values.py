"""Time val(D) for every single-suit deal with n cards a hand, n = 1..N.

Each repetition starts a fresh :class:`~whistgui.engine.Evaluator` and asks
``pattern_value(pattern)`` for all C(2n, n) patterns of n = 1, 2, …, N in turn (both halves:
East holding the top card and West holding it). The elapsed time is read after each n, so the
figure for N is the wall time of computing every pattern with at most N cards a hand from an
empty memo. Patterns are generated before the clock starts; nothing is asserted.

Run from the repository root::

    PYTHONPATH=. python benchmarks/bench_values.py --max-n 9
"""

from __future__ import annotations

import argparse
import cProfile
import platform
import pstats
import statistics
import sys
import time
from itertools import combinations
from math import comb

from whistgui.engine import Evaluator


def all_patterns(n: int) -> list[str]:
    """Every string of n 'W' and n 'E' (owners from low to high)."""
    size = 2 * n
    out = []
    for west in combinations(range(size), n):
        ws = set(west)
        out.append("".join("W" if p in ws else "E" for p in range(size)))
    return out


def run_once(patterns: list[list[str]]) -> tuple[list[float], list[dict[str, int]]]:
    """One repetition: a fresh Evaluator, cumulative seconds and memo stats after each n."""
    ev = Evaluator()
    marks: list[float] = []
    stats: list[dict[str, int]] = []
    t0 = time.perf_counter()
    for group in patterns:
        for p in group:
            ev.pattern_value(p)
        marks.append(time.perf_counter() - t0)
        stats.append(dict(ev.stats))
    return marks, stats


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--max-n", type=int, default=8, help="largest cards per hand (default 8)")
    ap.add_argument("--repeat", type=int, default=3, help="repetitions (default 3)")
    ap.add_argument(
        "--profile", action="store_true", help="profile one extra run with cProfile and print it"
    )
    args = ap.parse_args(argv)
    if args.max_n < 1 or args.repeat < 1:
        ap.error("--max-n and --repeat must be at least 1")

    ns = range(1, args.max_n + 1)
    patterns = [all_patterns(n) for n in ns]

    print(f"# bench_values: n = 1..{args.max_n}, {args.repeat} repetitions, fresh Evaluator each")
    print(f"# Python {platform.python_version()} on {platform.machine()}, {platform.system()}")
    runs: list[list[float]] = []
    stats: list[dict[str, int]] = []
    for r in range(args.repeat):
        marks, stats = run_once(patterns)
        runs.append(marks)
        print(f"# run {r + 1}: {marks[-1]:.3f} s for n <= {args.max_n}", flush=True)

    print()
    header = (
        f"{'N':>3} {'patterns(n=N)':>13} {'cum.patterns':>12} {'best s':>9} {'mean s':>9} "
        f"{'step best s':>11} {'memo':>8} {'hits':>10} {'misses':>8}"
    )
    print(header)
    print("-" * len(header))
    cum = 0
    for k, n in enumerate(ns):
        cum += comb(2 * n, n)
        col = [m[k] for m in runs]
        step = [m[k] - (m[k - 1] if k else 0.0) for m in runs]
        st = stats[k]
        print(
            f"{n:>3} {comb(2 * n, n):>13} {cum:>12} {min(col):>9.4f} "
            f"{statistics.fmean(col):>9.4f} {min(step):>11.4f} "
            f"{st['patterns']:>8} {st['hits']:>10} {st['misses']:>8}"
        )
    print()
    print("best/mean: cumulative wall time for all patterns with n <= N from a fresh Evaluator;")
    print("step: the time for n = N alone; memo/hits/misses: Evaluator.stats after n = N")
    print("(memo counts the empty pattern too).")

    if args.profile:
        prof = cProfile.Profile()
        prof.enable()
        run_once(patterns)
        prof.disable()
        print()
        pstats.Stats(prof, stream=sys.stdout).sort_stats("tottime").print_stats(15)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
