"""Measure the quotient of heap games (:mod:`whistgui.engine.heaps.quotient`).

1. *Misère Kayles, exact* (``misere-octal:0.77``): :func:`quotient_growth` raises the heap
   bound K = 1, 2, …, ``--max-heap`` (default 170) and computes Q_K, the quotient of every
   position with heaps of at most K counters. Printed at each K where the count changes, and
   at the last: the classes, the P classes, how Q_K was found (candidate / learned), positions
   searched, seconds since the start. Then the time to the bound where the count stops growing
   (27: its 40 elements), the heap n₀ from which the heaps' classes repeat with period 12, the
   periodicity theorem's bound 2n₀ + 12 + 2 (156: reached by the default, so Q_K is then the
   quotient of every heap size), and the peak resident memory of the run.
2. *Yardsticks*, in the same run: the same exact method for normal-play Kayles and for misère
   0.123 to the same bound; and the signature method (:func:`heap_quotient`: every position of
   at most 2 heaps of at most K counters against every test of at most 3, by search) for
   misère Kayles at K = 4, 5, … up to ``--brute-max`` (default 8), each beside the exact
   method's count and time at that K; and plain memoized search (the brute force of
   tests/engine/heaps/test_kayles_quotient.py) for the misère outcome of every position of at
   most N counters, N = 10, 20, …, ``--search-max`` (default 40), beside the exact quotient's
   prediction of the same positions (the quotient to heap N, then one class per position).

Nothing is asserted. Each part runs in this interpreter, one after the other (the exact
method keeps nothing between calls; the signature method a fresh search each time).

Run from the repository root::

    PYTHONPATH=. python benchmarks/bench_heap_quotient.py
    PYTHONPATH=. python benchmarks/bench_heap_quotient.py --max-heap 40 --brute-max 9
"""

from __future__ import annotations

import argparse
import platform
import resource
import sys
import time

from tests.engine.heaps.test_kayles_quotient import Outcomes, positions
from whistgui.engine.heaps import find_heap_game
from whistgui.engine.heaps.quotient import exact_quotient, heap_quotient, quotient_growth


def growth(
    name: str, max_heap: int, *, verbose: bool, gens: list[int] | None = None
) -> tuple[float, int, int]:
    """The exact method to ``max_heap``: (seconds, final count, bound it stops growing); the
    last monoid's heap classes appended to ``gens`` (heap h at index h - 1)."""
    rules = find_heap_game(name)
    start = time.perf_counter()
    last = 0
    counts = []
    m = None
    if verbose:
        print(f"{'K':>4} {'classes':>8} {'P':>4} {'method':>10} {'searched':>9} {'seconds':>9}")
    for step, monoid in quotient_growth(rules, max_heap):
        counts.append(step.classes)
        if verbose and (step.classes != last or step.max_heap == max_heap):
            print(
                f"{step.max_heap:>4} {step.classes:>8} {step.p_classes:>4} {step.method:>10} "
                f"{step.searched:>9,} {step.seconds:>9.3f}"
            )
        last = step.classes
        m = monoid
    seconds = time.perf_counter() - start
    if gens is not None and m is not None:
        gens.extend(m.gens[h] for h in range(1, max_heap + 1))
    stable = len(counts)
    while stable > 1 and counts[stable - 2] == counts[-1]:
        stable -= 1
    return seconds, counts[-1], stable


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--max-heap", type=int, default=170, help="the exact method's last bound")
    ap.add_argument("--brute-max", type=int, default=8, help="the signature method's last K")
    ap.add_argument("--search-max", type=int, default=40, help="plain search's last N")
    args = ap.parse_args(argv)
    print(f"Python {platform.python_version()} on {platform.machine()}, {sys.platform}")

    print(f"\n1. misère Kayles (misere-octal:0.77), exact, K = 1..{args.max_heap}")
    gens: list[int] = []
    seconds, count, stable = growth("misere-octal:0.77", args.max_heap, verbose=True, gens=gens)
    to_stable = time.perf_counter()
    list(quotient_growth(find_heap_game("misere-octal:0.77"), stable))
    to_stable = time.perf_counter() - to_stable
    print(
        f"   {count} classes from K = {stable}: {to_stable:.3f} s to K = {stable}, "
        f"{seconds:.3f} s to K = {args.max_heap}"
    )
    n0 = next((n + 1 for n in range(len(gens) - 12, 0, -1) if gens[n - 1] != gens[n + 11]), 1)
    bound = 2 * n0 + 12 + 2
    reached = "reached" if bound <= args.max_heap else "not reached"
    print(
        f"   heaps' classes repeat with period 12 from heap {n0} to {args.max_heap}; "
        f"periodicity bound 2·{n0} + 12 + 2 = {bound}: {reached}"
    )
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"   peak resident memory so far: {peak:.0f} MB")

    print(f"\n2. yardsticks, exact, K = 1..{args.max_heap}")
    print(f"{'game':<22} {'classes':>8} {'stable from':>12} {'seconds':>9}")
    for name in ("octal:0.77", "misere-octal:0.123", "misere-octal:0.77"):
        seconds, count, stable = growth(name, args.max_heap, verbose=False)
        print(f"{name:<22} {count:>8} {stable:>12} {seconds:>9.3f}")

    print("\n   misère Kayles by signatures (<= 2 heaps against tests of <= 3), beside exact")
    head = f"{'K':>4} {'signatures':>11} {'seconds':>9}"
    print(f"{head} {'exact (all)':>12} {'on <= 2':>8} {'seconds':>9}")
    rules = find_heap_game("misere-octal:0.77")
    for k in range(4, args.brute_max + 1):
        t = time.perf_counter()
        brute = heap_quotient(rules, k, 2, tests=3)
        tb = time.perf_counter() - t
        t = time.perf_counter()
        exact = exact_quotient(rules, k, max_heaps=2)
        te = time.perf_counter() - t
        shown = len({exact.class_of(x) for x in brute.positions})
        line = f"{k:>4} {len(brute.classes):>11} {tb:>9.3f}"
        print(f"{line} {len(exact.classes):>12} {shown:>8} {te:>9.3f}")

    print("\n   misère Kayles: every position of <= N counters, by search and by the quotient")
    print(f"{'N':>4} {'positions':>10} {'search s':>9} {'quotient s':>11} {'disagree':>9}")
    for n in range(10, args.search_max + 1, 10):
        t = time.perf_counter()
        truth = Outcomes()
        limit = sys.getrecursionlimit()
        sys.setrecursionlimit(max(limit, 10_000))
        try:
            found = {x: truth.p(x) for x in positions(n, n)}
        finally:
            sys.setrecursionlimit(limit)
        ts = time.perf_counter() - t
        t = time.perf_counter()
        q = exact_quotient(rules, n, max_heaps=1)
        p = [c.verdict == "P" for c in q.classes]
        said = {x: p[q.class_of(x) or 0] for x in positions(n, n)}
        tq = time.perf_counter() - t
        wrong = sum(found[x] != said[x] for x in found)
        print(f"{n:>4} {len(found):>10,} {ts:>9.3f} {tq:>11.3f} {wrong:>9}")


if __name__ == "__main__":
    main()
