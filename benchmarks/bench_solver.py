"""Time the exact solver on random deals.

For each of K random deals with ``--cards`` cards a hand, a fresh
:class:`~whistgui.engine.Solver` computes ``outcome(deal)`` (plain whist) and another fresh one
``outcome(deal, refined=True)``; the wall time and the positions stored (``solver.stats``) of
each are recorded, and min / median / max are reported. Nothing is asserted.

Deals:

* symmetric (default): 1–4 suits (never more than ``--cards``), the cards a hand split at
  random among them, each suit's 2k cards drawn from the ranks 2..A when 2k ≤ 13 (else 1..2k)
  and dealt k to each hand;
* ``--asymmetric``: 2 × cards cards drawn from a 52-card deck and dealt ``--cards`` to each
  hand, so suits need not be symmetric and the solver plays discards.

A run longer than ``--timeout`` seconds (default 60) is stopped (SIGALRM) and reported as such;
its deal is printed so it can be replayed.

Run from the repository root::

    PYTHONPATH=. python benchmarks/bench_solver.py --deals 20 --cards 8
    PYTHONPATH=. python benchmarks/bench_solver.py --deals 20 --cards 8 --asymmetric
"""

from __future__ import annotations

import argparse
import cProfile
import platform
import pstats
import random
import signal
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass

from whistgui.engine import Deal, Solver, SuitDeal

STANDARD_RANKS = list(range(2, 15))  # 2 .. A (= 14)


# -- deals ----------------------------------------------------------------------------------
def symmetric_deal(rng: random.Random, cards: int) -> Deal:
    """1–4 non-empty symmetric suits with ``cards`` cards a hand in all."""
    k = min(rng.randint(1, 4), cards)
    cuts = sorted(rng.sample(range(1, cards), k - 1))
    sizes = [b - a for a, b in zip([0, *cuts], [*cuts, cards], strict=True)]
    suits = []
    for n in sizes:
        ranks = rng.sample(STANDARD_RANKS, 2 * n) if 2 * n <= 13 else list(range(1, 2 * n + 1))
        rng.shuffle(ranks)
        suits.append(SuitDeal(ranks[:n], ranks[n:]))
    return Deal(suits)


def asymmetric_deal(rng: random.Random, cards: int) -> Deal:
    """2 × ``cards`` cards of a 4 × 13 deck, ``cards`` to each hand; suits may be uneven."""
    deck = [(s, r) for s in range(4) for r in STANDARD_RANKS]
    drawn = rng.sample(deck, 2 * cards)
    west, east = drawn[:cards], drawn[cards:]
    return Deal(
        SuitDeal([r for t, r in west if t == s], [r for t, r in east if t == s]) for s in range(4)
    )


# -- timing ---------------------------------------------------------------------------------
class Timeout(Exception):
    pass


def _alarm(signum: int, frame: object) -> None:
    raise Timeout


@dataclass
class Run:
    seconds: float
    positions: int
    outcome: str
    timed_out: bool = False


def timed(fn: Callable[[], object], solver: Solver, timeout: float) -> Run:
    """Run ``fn`` once, stopping it after ``timeout`` seconds where SIGALRM exists."""
    use_alarm = timeout > 0 and hasattr(signal, "setitimer")
    if use_alarm:
        old = signal.signal(signal.SIGALRM, _alarm)
        signal.setitimer(signal.ITIMER_REAL, timeout)
    t0 = time.perf_counter()
    try:
        result = fn()
        out, timed_out = f"{result}", False
    except Timeout:
        out, timed_out = "stopped", True
    finally:
        dt = time.perf_counter() - t0
        if use_alarm:
            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(signal.SIGALRM, old)
    return Run(dt, solver.stats["positions"], out, timed_out)


def solve(deal: Deal, refined: bool, timeout: float) -> Run:
    solver = Solver()
    return timed(lambda: solver.outcome(deal, refined=refined), solver, timeout)


def shape(deal: Deal) -> str:
    return "-".join(f"{len(s.west)}{len(s.east)}" for s in deal.suits)


def summary(label: str, runs: list[Run]) -> str:
    done = [r for r in runs if not r.timed_out]
    stopped = len(runs) - len(done)
    if not done:
        return f"{label:<8} all {len(runs)} runs stopped"
    secs = [r.seconds for r in done]
    pos = [r.positions for r in done]
    text = (
        f"{label:<8} {len(done):>4} {min(secs):>9.4f} {statistics.median(secs):>9.4f} "
        f"{max(secs):>9.4f} {sum(secs):>9.3f} {min(pos):>10} "
        f"{statistics.median(pos):>10g} {max(pos):>10}"
    )
    if stopped:
        text += f"   + {stopped} stopped"
    return text


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--deals", type=int, default=20, help="number of random deals (default 20)")
    ap.add_argument("--cards", type=int, default=8, help="cards per hand (default 8)")
    ap.add_argument("--seed", type=int, default=1, help="random seed (default 1)")
    ap.add_argument(
        "--asymmetric",
        action="store_true",
        help="deal from a 52-card deck; suits need not be symmetric (discards)",
    )
    ap.add_argument(
        "--timeout",
        type=float,
        default=60.0,
        help="stop a single solve after this many seconds; 0 = never (default 60)",
    )
    ap.add_argument("--no-refined", action="store_true", help="skip outcome(deal, refined=True)")
    ap.add_argument(
        "--profile",
        action="store_true",
        help="after timing, profile the plain solve of the first deal with cProfile",
    )
    ap.add_argument("-q", "--quiet", action="store_true", help="print the summary only")
    args = ap.parse_args(argv)
    if args.deals < 1 or args.cards < 1:
        ap.error("--deals and --cards must be at least 1")
    if not args.asymmetric and args.cards > 4 * 26:
        ap.error("--cards is too large")
    if args.asymmetric and args.cards > 26:
        ap.error("--asymmetric deals from 52 cards: --cards must be at most 26")

    rng = random.Random(args.seed)
    make = asymmetric_deal if args.asymmetric else symmetric_deal
    deals = [make(rng, args.cards) for _ in range(args.deals)]
    kind = "asymmetric" if args.asymmetric else "symmetric"
    print(
        f"# bench_solver: {args.deals} {kind} deals, {args.cards} cards a hand, seed {args.seed}, "
        f"timeout {args.timeout:g} s, fresh Solver per solve"
    )
    print(f"# Python {platform.python_version()} on {platform.machine()}, {platform.system()}")

    plain: list[Run] = []
    refined: list[Run] = []
    for k, deal in enumerate(deals, 1):
        p = solve(deal, False, args.timeout)
        plain.append(p)
        line = f"{k:>3} {shape(deal):<12} plain {p.seconds:8.4f} s {p.positions:>8} pos {p.outcome}"
        if not args.no_refined:
            r = solve(deal, True, args.timeout)
            refined.append(r)
            line += f" | refined {r.seconds:8.4f} s {r.positions:>8} pos {r.outcome}"
        if not args.quiet or p.timed_out or (refined and refined[-1].timed_out):
            print(f"{line}   {deal}", flush=True)

    print()
    header = (
        f"{'scoring':<8} {'runs':>4} {'min s':>9} {'median s':>9} {'max s':>9} {'total s':>9} "
        f"{'min pos':>10} {'median pos':>10} {'max pos':>10}"
    )
    print(header)
    print("-" * len(header))
    print(summary("plain", plain))
    if refined:
        print(summary("refined", refined))
    print()
    print("shape: (West, East) cards per suit; pos: positions stored (Solver.stats['positions'])")

    if args.profile:
        prof = cProfile.Profile()
        solver = Solver()
        prof.enable()
        try:
            timed(lambda: solver.outcome(deals[0]), solver, args.timeout)
        finally:
            prof.disable()
        print(f"\n# cProfile of the plain solve of deal 1: {deals[0]}")
        pstats.Stats(prof, stream=sys.stdout).sort_stats("tottime").print_stats(15)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
