"""Time GOPS solved level by level on a local Dask cluster against ``levels.fill`` in one
process (the yardstick), side by side in one run (issue 30).

For each N of ``--n`` and each rule set of ``--rules`` (default N = 7 and 8, carry/points), in
a fresh process each (so each peak of memory is its own):

* ``alone`` — :func:`whistgui.engine.gops.levels.fill` (what ``whist gops solve`` runs first);
* ``W workers`` — :func:`whistgui.engine.gops.cluster.fill_in_chunks` on a local cluster of W
  worker processes (``--workers``, default 2), chunks of ``--chunk`` states; the cluster's
  start-up is timed apart (``start s``) and left out of ``wall s``.

Columns: wall seconds; CPU seconds of this process and, on a cluster, of the workers (summed;
the machine is shared: CPU is the figure to compare); peak resident MB of this process and of
the largest worker; the bytes moved — the chunks' keys sent with their tasks, the levels below
shared once a level (then fetched by each worker: ``fetched``, Dask's own count of bytes sent
from worker to worker), the values gathered back — and what they come to a state. Both memos
are compared (a SHA-256 of every key and float): they must be equal. Nothing is asserted.

Run from the repository root::

    PYTHONPATH=. python benchmarks/bench_gops_cluster.py                 # N = 7, 8 points
    PYTHONPATH=. python benchmarks/bench_gops_cluster.py --n 6 7 --rules carry:sign --chunk 4096
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import platform
import resource
import subprocess
import sys
import time
from typing import Any

import numpy as np


def _load() -> str:
    return " ".join(f"{x:.1f}" for x in os.getloadavg())


def _digest(rec: Any) -> str:
    h = hashlib.sha256()
    for memo in (rec._chance_memo, rec._bid_memo):
        keys = np.array(sorted(memo), dtype=np.int64)
        h.update(keys.tobytes())
        h.update(np.array([memo[k] for k in keys.tolist()], dtype=np.float64).tobytes())
    return h.hexdigest()[:16]


def _cpu() -> float:
    use = resource.getrusage(resource.RUSAGE_SELF)
    return use.ru_utime + use.ru_stime


def _peak_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def worker_figures(dask_worker: Any = None) -> dict[str, float]:
    """A worker's CPU seconds, peak resident MB and bytes it sent to other workers (run on
    each worker by ``client.run``)."""
    sent = getattr(dask_worker, "transfer_outgoing_bytes_total", 0) if dask_worker else 0
    return {"cpu": _cpu(), "peak_mb": _peak_mb(), "sent": float(sent)}


def run_alone(n: int, ties: str, score: str) -> dict[str, Any]:
    from whistgui.engine.gops.levels import fill
    from whistgui.engine.gops.recursion import GopsRecursion
    from whistgui.engine.gops.rules import GopsRules

    rec = GopsRecursion(GopsRules(n, ties, score), memo_bound=None)
    cpu, t = _cpu(), time.perf_counter()
    fill(rec)
    return {
        "wall": time.perf_counter() - t,
        "cpu": _cpu() - cpu,
        "peak_mb": _peak_mb(),
        "states": rec.memo_size,
        "digest": _digest(rec),
    }


def run_spread(n: int, ties: str, score: str, workers: int, chunk: int) -> dict[str, Any]:
    from whistgui.engine.gops.cluster import Moved, fill_in_chunks
    from whistgui.engine.gops.recursion import GopsRecursion
    from whistgui.engine.gops.rules import GopsRules
    from whistgui.engine.tables.cluster import ChunkRunner

    rec = GopsRecursion(GopsRules(n, ties, score), memo_bound=None)
    with ChunkRunner(workers) as runner:
        client = runner.client()
        before = client.run(worker_figures)
        moved = Moved()
        cpu, t = _cpu(), time.perf_counter()
        fill_in_chunks(rec, runner, chunk=chunk, moved=moved)
        wall, cpu = time.perf_counter() - t, _cpu() - cpu
        after = client.run(worker_figures)
        start = runner.start_seconds or 0.0
    return {
        "start": start,
        "wall": wall,
        "cpu": cpu,
        "worker_cpu": sum(after[w]["cpu"] - before[w]["cpu"] for w in after),
        "peak_mb": _peak_mb(),
        "worker_peak_mb": max(a["peak_mb"] for a in after.values()),
        "states": rec.memo_size,
        "digest": _digest(rec),
        "sent": moved.sent,
        "shared": moved.shared,
        "back": moved.back,
        "fetched": sum(a["sent"] - before[w]["sent"] for w, a in after.items()),
        "tasks": moved.tasks,
    }


def _fresh(argv: list[str]) -> dict[str, Any] | None:
    cmd = [sys.executable, __file__, "--one", *argv]
    res = subprocess.run(cmd, capture_output=True, text=True, check=False)
    if res.returncode != 0:
        print(f"  {' '.join(argv)} failed: {res.stderr.strip().splitlines()[-3:]}")
        return None
    out: dict[str, Any] = json.loads(res.stdout.strip().splitlines()[-1])
    return out


def _mb(b: float) -> str:
    return f"{b / 1e6:,.1f}"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--n", type=int, nargs="+", default=[7, 8])
    ap.add_argument("--rules", nargs="+", default=["carry:points"], metavar="TIES:SCORE")
    ap.add_argument("--workers", type=int, default=2, help="worker processes (default 2)")
    ap.add_argument("--chunk", type=int, default=1 << 15, help="states a chunk (levels.CHUNK)")
    ap.add_argument("--one", nargs="+", help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.one:
        kind, n, ties, score = args.one[0], int(args.one[1]), args.one[2], args.one[3]
        if kind == "alone":
            print(json.dumps(run_alone(n, ties, score)))
        else:
            print(json.dumps(run_spread(n, ties, score, int(args.one[4]), int(args.one[5]))))
        return 0
    print(
        f"python {platform.python_version()}, {platform.machine()}, {os.cpu_count()} cores; "
        f"a fresh process each; chunks of {args.chunk:,} states; load average {_load()}"
    )
    print(
        f"{'N':>2} {'rules':<13} {'run':<10} {'start s':>7} {'wall s':>8} {'cpu s':>8} "
        f"{'workers cpu s':>13} {'peak MB':>8} {'worker MB':>9} {'sent MB':>8} {'shared MB':>9} "
        f"{'fetched MB':>10} {'back MB':>8} {'B/state':>8} {'tasks':>6} {'same':>5}"
    )
    for rules in args.rules:
        ties, _, score = rules.partition(":")
        for n in args.n:
            a = _fresh(["alone", str(n), ties, score])
            if a is not None:
                print(
                    f"{n:>2} {ties + '/' + score:<13} {'alone':<10} {'':>7} {a['wall']:>8.2f} "
                    f"{a['cpu']:>8.2f} {'':>13} {a['peak_mb']:>8.0f}",
                    flush=True,
                )
            w = args.workers
            s = _fresh(["spread", str(n), ties, score, str(w), str(args.chunk)])
            if s is None:
                continue
            moved = s["sent"] + s["shared"] + s["fetched"] + s["back"]
            same = "yes" if a is not None and a["digest"] == s["digest"] else "NO"
            print(
                f"{n:>2} {ties + '/' + score:<13} {f'{w} workers':<10} {s['start']:>7.1f} "
                f"{s['wall']:>8.2f} {s['cpu']:>8.2f} {s['worker_cpu']:>13.2f} "
                f"{s['peak_mb']:>8.0f} {s['worker_peak_mb']:>9.0f} {_mb(s['sent']):>8} "
                f"{_mb(s['shared']):>9} {_mb(s['fetched']):>10} {_mb(s['back']):>8} "
                f"{moved / max(1, s['states']):>8.1f} {s['tasks']:>6} {same:>5}",
                flush=True,
            )
    print(f"load average at the end {_load()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
