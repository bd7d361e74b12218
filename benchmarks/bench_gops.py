"""Time GOPS solves (issue 14): the whole game — its value and every first prize's matrix game,
what ``whist gops solve --n N`` computes — for N = 4, 5, … under each rule set asked for, each
in a fresh process (so its peak memory is its own): seconds, states in the memo (chance and
bidding), matrix games solved, memo hits, peak resident memory. Then the exact solutions of
every first prize's matrix game for one N (exact all the way down: every state below in
fractions). Nothing is asserted.

Run from the repository root::

    PYTHONPATH=. python benchmarks/bench_gops.py                  # N = 4..7, carry/sign
    PYTHONPATH=. python benchmarks/bench_gops.py --max-n 8 --rules carry:sign carry:points
    PYTHONPATH=. python benchmarks/bench_gops.py --max-n 6 --exact 6 --profile
"""

from __future__ import annotations

import argparse
import json
import platform
import resource
import subprocess
import sys
import time
from collections.abc import Callable

from whistgui.engine.gops import GopsRules, GopsSolver, GopsState


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


def one(n: int, ties: str, score: str, profile: bool, every: float) -> dict[str, object]:
    """Solve one game in this process (for any N: past MAX_SOLVE_N through the solver's
    uncapped ``_solve``); its figures as a dict."""
    t = time.perf_counter()
    solver = GopsSolver(GopsRules(n, ties, score), progress=_progress(t, every))
    if profile:
        import cProfile
        import pstats

        prof = cProfile.Profile()
        prof.enable()
        game = solver._solve()
        prof.disable()
        pstats.Stats(prof, stream=sys.stderr).sort_stats("tottime").print_stats(12)
    else:
        game = solver._solve()
    seconds = time.perf_counter() - t
    return {
        "n": n,
        "rules": f"{ties}/{score}",
        "seconds": seconds,
        "value": game.value,
        "chance": len(solver._chance_memo),
        "bidding": len(solver._bid_memo),
        "memo": solver.memo_size,
        "games": solver.stats["games"],
        "hits": solver.stats["hits"],
        "peak_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024,
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
    ap.add_argument("--one", nargs=3, metavar=("N", "TIES", "SCORE"), help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.one:
        n, ties, score = int(args.one[0]), args.one[1], args.one[2]
        print(json.dumps(one(n, ties, score, args.profile, args.every)))
        return 0
    print(f"python {platform.python_version()}, {platform.machine()}; a fresh process each")
    print(
        f"{'N':>2} {'rules':<13} {'seconds':>9} {'value':>9} {'chance':>9} {'bidding':>9} "
        f"{'games':>9} {'hits':>10} {'peak MB':>8}"
    )
    for rules in args.rules:
        ties, _, score = rules.partition(":")
        for n in range(args.min_n, args.max_n + 1):
            cmd = [sys.executable, __file__, "--one", str(n), ties, score or "sign"]
            if args.profile:
                cmd.append("--profile")
            res = subprocess.run(cmd, capture_output=True, text=True, check=False)
            if res.returncode != 0:
                print(f"{n:>2} {rules:<13} failed: {res.stderr.strip().splitlines()[-1:]}")
                continue
            if args.profile:
                sys.stderr.write(res.stderr)
            r = json.loads(res.stdout)
            print(
                f"{n:>2} {r['rules']:<13} {r['seconds']:>9.2f} {r['value']:>9.4f} "
                f"{r['chance']:>9,} {r['bidding']:>9,} {r['games']:>9,} {r['hits']:>10,} "
                f"{r['peak_mb']:>8.0f}"
            )
            sys.stdout.flush()
    if args.exact:
        ties, _, score = args.rules[0].partition(":")
        exact(args.exact, ties, score or "sign")
    return 0


if __name__ == "__main__":
    sys.exit(main())
