"""Time the evaluator on every suit of n cards a hand, one suit at a time: each from its own
reach (the one-suit path, ``Evaluator(table_upto=None)``: before) against the level's kept table
(``Evaluator()``, which computes the table of n once enough suits of n are asked for: after).

For each n of ``--ns`` (default 9 10 11 12), in one run:

* **before** — one ``Evaluator(table_upto=None)`` values ``--sample`` random suits of n one by
  one (each a new reach of the kernel); the mean per suit, and the whole level extrapolated from
  it (valuing every suit of 10 this way takes some 45 minutes: ``--whole-before`` runs it);
* **table** — ``tables_upto(n)`` from an empty ``TableCache`` (every level up to n), and its
  cost in reaches (table ÷ one reach: the evaluator's ``TABLE_AFTER`` is set from these);
* **after** — a fresh process makes one ``Evaluator()`` and values *every* suit of n one by one
  (``pattern_value``, the patterns made as a test loop makes them), reporting its time, the
  tables it keeps and their bytes, and its peak resident memory (``VmHWM``) against an
  interpreter that only imported the engine.

The values of the sampled suits are compared between the two paths (a difference is printed with
``!!!``). Nothing is asserted. Run from the repository root::

    PYTHONPATH=. python benchmarks/bench_levels.py
    PYTHONPATH=. python benchmarks/bench_levels.py --ns 9 10 --sample 100 --whole-before
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import subprocess
import sys
import time
from itertools import combinations
from math import comb
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

AFTER_RUN = """
import json, re, sys, time
from itertools import combinations
from whistgui.engine import Evaluator
import whistgui.engine.games.whist.kernel  # imported before the clock starts, as before

def hwm():
    with open("/proc/self/status") as f:
        return int(re.search(r"VmHWM:\\s+(\\d+)", f.read()).group(1)) / 1024

n = int(sys.argv[1])
base = hwm()
ev = Evaluator()
t0 = time.perf_counter()
count = 0
for west in combinations(range(2 * n), n):
    p = ["E"] * (2 * n)
    for i in west:
        p[i] = "W"
    ev.pattern_value("".join(p))
    count += 1
seconds = time.perf_counter() - t0
t0 = time.perf_counter()
for west in combinations(range(2 * n), n):  # the loop alone, without valuing
    p = ["E"] * (2 * n)
    for i in west:
        p[i] = "W"
    "".join(p)
loop = time.perf_counter() - t0
tables = ev.tables
print(json.dumps({"seconds": seconds, "loop": loop, "count": count, "kept": sorted(tables),
                  "nbytes": sum(t.nbytes for t in tables.values()),
                  "peak_mb": hwm(), "base_mb": base}))
"""


def _pattern(west: tuple[int, ...], n: int) -> str:
    p = ["E"] * (2 * n)
    for i in west:
        p[i] = "W"
    return "".join(p)


def _before(n: int, sample: int, whole: bool) -> tuple[float, int, dict[str, object]]:
    """Seconds and suits valued by the one-suit path, and the sampled suits' values."""
    from whistgui.engine import Evaluator

    ev = Evaluator(table_upto=None)
    if whole:
        suits = [_pattern(w, n) for w in combinations(range(2 * n), n)]
    else:
        rng = random.Random(n)
        suits = ["".join(rng.sample("W" * n + "E" * n, 2 * n)) for _ in range(sample)]
        suits = list(dict.fromkeys(suits))
    ev.pattern_value("EW" * n)  # the kernel imported, not timed
    t0 = time.perf_counter()
    values = {p: ev.pattern_value(p) for p in suits}
    return time.perf_counter() - t0, len(suits), values


def _table(n: int) -> float:
    from whistgui.engine.games.whist.kernel import TableCache, tables_upto

    t0 = time.perf_counter()
    tables_upto(n, upto_cache=TableCache())
    return time.perf_counter() - t0


def _after(n: int) -> dict[str, float]:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "OPENBLAS_NUM_THREADS": "1"}
    out = subprocess.run(
        [sys.executable, "-c", AFTER_RUN, str(n)],
        capture_output=True,
        text=True,
        check=True,
        env=env,
    )
    return dict(json.loads(out.stdout.strip().splitlines()[-1]))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--ns", type=int, nargs="+", default=[9, 10, 11, 12])
    ap.add_argument("--sample", type=int, default=60, help="suits valued one by one before")
    ap.add_argument("--whole-before", action="store_true", help="value every suit before too")
    args = ap.parse_args()
    print(f"# {platform.node()} {platform.python_version()}, load {os.getloadavg()}")
    from whistgui.engine import Evaluator
    from whistgui.engine.games.whist.evaluator import TABLE_AFTER

    rows = []
    for n in args.ns:
        secs, count, values = _before(n, args.sample, args.whole_before)
        per_before = secs / count
        table = _table(n)
        after = _after(n)
        per_after = after["seconds"] / after["count"]
        check = Evaluator()
        check.table(n)  # the table, kept: read the sample's values from it
        wrong = [p for p, v in values.items() if check.pattern_value(p) != v]
        for p in wrong[:5]:
            print(f"!!! n = {n} {p}: before {values[p]}, after {check.pattern_value(p)}")
        total = comb(2 * n, n)
        rows.append(
            (
                n,
                total,
                per_before * 1e3,
                per_before * total,
                "measured" if args.whole_before else f"from {count}",
                table,
                table / per_before,
                TABLE_AFTER.get(n),
                after["seconds"],
                after["loop"],
                per_after * 1e6,
                after["nbytes"] / 2**20,
                after["peak_mb"] - after["base_mb"],
                after["kept"],
            )
        )
        print(
            f"n = {n}: before {per_before * 1e3:.1f} ms a suit ({count} suits), "
            f"table {table:.2f} s = {table / per_before:.0f} reaches, "
            f"after: every suit {after['seconds']:.1f} s ({per_after * 1e6:.0f} µs a suit; "
            f"the loop alone {after['loop']:.1f} s), tables kept {after['kept']} "
            f"{after['nbytes'] / 2**20:.0f} MB, peak +{after['peak_mb'] - after['base_mb']:.0f} MB",
            flush=True,
        )
    print()
    print(
        "| n | suits | before: ms a suit | before: whole level s | table ≤ n s "
        "| table in reaches (TABLE_AFTER) | after: whole level s (loop alone) | after: µs a suit "
        "| tables kept MB | peak MB over import |"
    )
    print("|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|")
    for r in rows:
        n, total, ms, whole, how, table, reaches, after_n, secs, loop, us, mb, peak, _ = r
        print(
            f"| {n} | {total:,} | {ms:.1f} | {whole:,.0f} ({how}) | {table:.2f} "
            f"| {reaches:.0f} ({after_n}) | {secs:.1f} ({loop:.1f}) | {us:.0f} | {mb:.0f} "
            f"| {peak:.0f} |"
        )


if __name__ == "__main__":
    main()
