"""Time ``whist gops play`` and ``best-response`` (issue 30): GOPS strategies played exactly,
for N = 4, 5, 6, side by side with the yardstick — the same recursion keeping each
distribution as a dict of Fractions (what exact_play.play did before it kept integer weights
over one denominator). Seconds, chance states visited, results equal. Nothing is asserted.

Run from the repository root::

    PYTHONPATH=. python benchmarks/bench_gops_play.py              # N = 4..6, random vs random
    PYTHONPATH=. python benchmarks/bench_gops_play.py --max-n 5 --a face --b random
"""

from __future__ import annotations

import argparse
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


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--max-n", type=int, default=6)
    ap.add_argument("--a", default="random")
    ap.add_argument("--b", default="random")
    args = ap.parse_args()
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
