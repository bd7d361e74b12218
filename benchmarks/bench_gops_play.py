"""Time ``whist gops play`` and ``best-response`` (issue 30): GOPS strategies played exactly,
for N = 4, 5, 6, side by side with the yardstick — the same recursion keeping each
distribution as a dict of Fractions (what exact_play.play did before it kept integer weights
over one denominator). Seconds, chance states visited, results equal. Nothing is asserted.

Run from the repository root::

    PYTHONPATH=. python benchmarks/bench_gops_play.py              # N = 4..6, random vs random
    PYTHONPATH=. python benchmarks/bench_gops_play.py --max-n 5 --a face --b random
    PYTHONPATH=. python benchmarks/bench_gops_play.py --optimal   # review 31b's B1, N = 6

``--optimal``: ``optimal`` at N = 6 as it plays now (its float solution's probabilities on a
grid of 2⁻⁶⁰) beside the yardstick — the same play with optimal bidding the exact solution
(fractions of thousands of digits, what it did before), in a child process stopped after
``--limit`` seconds (review 31b: 400 s and more with no result).
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import time
from fractions import Fraction
from typing import Any

from whistgui.engine.gops import GopsRules
from whistgui.engine.gops.exact_play import best_response, play
from whistgui.engine.gops.ordered import next_prizes, settle
from whistgui.engine.gops.strategies import Strategy, strategy


def fraction_play(sa: Strategy, sb: Strategy, rules: GopsRules) -> tuple[Fraction, int]:
    """The yardstick: play's recursion with distributions as dicts of Fractions (score not
    keyed: the strategies here ignore it). A's expected points difference, states visited."""
    memo: dict[tuple[int, ...], dict[tuple[int, int], Fraction]] = {}

    def chance(prizes: int, ha: int, hb: int, pot: int) -> dict[Any, Fraction]:
        if not prizes:
            return {(0, 0): Fraction(1)}
        key = (prizes, ha, hb, pot)
        got = memo.get(key)
        if got is not None:
            return got
        out: dict[tuple[int, int], Fraction] = {}
        for prize, w in next_prizes("random", prizes):
            rest, stake = prizes ^ (1 << prize), pot + prize
            for i, p in sa._bids(rest, ha, hb, stake, 0, prize):
                for j, q in sb._bids(rest, hb, ha, stake, 0, prize):
                    ga, gb, left = settle(i, j, stake, bool(rest), rules.ties)
                    pq = w * p * q
                    for (xa, xb), r in chance(rest, ha ^ 1 << i, hb ^ 1 << j, left).items():
                        k = (xa + ga, xb + gb)
                        out[k] = out.get(k, Fraction(0)) + pq * r
        memo[key] = out
        return out

    full = sum(1 << c for c in range(1, rules.n + 1))
    dist = chance(full, full, full, 0)
    return sum((p * Fraction(xa - xb, 2) for (xa, xb), p in dist.items()), Fraction(0)), len(memo)


_OPTIMAL_JOBS = (
    ("play face vs optimal, sign", "play", "sign", "face"),
    ("play face vs optimal, points", "play", "points", "face"),
    ("best-response to optimal", "reply", "sign", ""),
    ("tournament face+1,optimal", "tournament", "sign", "face+1"),
)

_JOB = """
import sys, time
from whistgui.engine.gops import GopsRules
from whistgui.engine.gops.exact_play import best_response, play, tournament
from whistgui.engine.gops.strategies import strategy
kind, score, other, exact = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4] == "1"
rules = GopsRules(6, score=score)
opt = strategy("optimal", rules)
if exact:  # the yardstick: the exact solution's fractions, as before
    opt.exact, opt.floats = True, False
t = time.perf_counter()
if kind == "play":
    v = play(strategy(other, rules), opt, rules).value
elif kind == "reply":
    v = best_response(opt, rules).value
else:
    v = tournament([strategy(other, rules), opt], rules)[0][1].value
print(time.perf_counter() - t, float(v))
"""


def _timed(kind: str, score: str, other: str, exact: bool, limit: float) -> str:
    try:
        got = subprocess.run(
            [sys.executable, "-c", _JOB, kind, score, other or "-", "1" if exact else "0"],
            capture_output=True,
            text=True,
            timeout=limit,
            check=False,
        )
    except subprocess.TimeoutExpired:
        return f"none in {limit:.0f} s"
    if got.returncode != 0:
        return "failed: " + (got.stderr.strip().splitlines() or ["?"])[-1][:60]
    seconds, value = got.stdout.split()
    return f"{float(seconds):.1f} s, {float(value):+.6f}"


def optimal_at_6(limit: float) -> None:
    """B1's figures: each job now, and as it was (the yardstick), side by side."""
    print(f"N = 6, optimal: now (floats on a 2^-60 grid) | before (exact fractions, {limit:.0f} s)")
    for what, kind, score, other in _OPTIMAL_JOBS:
        now = _timed(kind, score, other, False, 3600)
        before = _timed(kind, score, other, True, limit)
        print(f"{what:<30} {now:>26} | {before}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--max-n", type=int, default=6)
    ap.add_argument("--a", default="random")
    ap.add_argument("--b", default="random")
    ap.add_argument("--optimal", action="store_true", help="optimal at N = 6, now and before")
    ap.add_argument("--limit", type=float, default=300, help="the yardstick's seconds (--optimal)")
    args = ap.parse_args()
    if args.optimal:
        optimal_at_6(args.limit)
        return
    print(f"{'N':>2} {'what':<28} {'seconds':>8} {'yardstick s':>11} {'states':>8}  equal")
    for n in range(4, args.max_n + 1):
        rules = GopsRules(n, score="points")
        sa, sb = strategy(args.a, rules), strategy(args.b, rules)
        t = time.perf_counter()
        r = play(sa, sb, rules)
        ours = time.perf_counter() - t
        t = time.perf_counter()
        want, states = fraction_play(sa, sb, rules)
        theirs = time.perf_counter() - t
        what = f"play {args.a} vs {args.b}"
        print(f"{n:>2} {what:<28} {ours:8.2f} {theirs:11.2f} {states:>8,}  {r.exact == want}")
        t = time.perf_counter()
        br = best_response(sb, rules)
        what = f"best-response to {args.b}"
        print(f"{n:>2} {what:<28} {time.perf_counter() - t:8.2f} {'-':>11} {'-':>8}  "
              f"value {float(br.value):.4f}")  # fmt: skip


if __name__ == "__main__":
    main()
