"""Time the tables' chunked work on a local Dask cluster against the single-process path (the
yardstick), in one run: the conjectures' checks by the values and, with ``--store``, the writing
of a table store.

For each N of ``--upto``, every statement by the values (18.1, 18.2, R43 8.1 and 9.1, 18.3 by the
values) is checked on every suit of n ≤ N cards a hand:

* ``alone`` — ``conjectures.check(N, 0, 0)``, the single-process path (the yardstick);
* ``chunks here`` — ``chunked.check_in_chunks`` on ``ChunkRunner()``: the same chunks, one after
  another in this process (what chunking itself costs);
* ``W workers`` — ``check_in_chunks`` on a local cluster of W worker processes, for each W of
  ``--workers`` (default 1 2); the cluster's start-up is timed apart (``start``), and the run
  itself is timed on a cluster already started.

With ``--store``, ``whist table --upto N --store FILE``'s work is timed the same way:
``store.fill`` (the yardstick) against ``chunked.fill_in_chunks`` with the rows made into the
store's cells on W workers while this process writes them (chunks of 4,096 suits); the stores'
rows are compared.

Each report is compared with the yardstick's (they must be equal). The table gives the wall
time, the chunks a second and the suits a second of the whole run (n ≤ N; most of the work is at
N), and the speed-up over the yardstick. The machine's load average is printed before and after:
on a shared machine the figures move with it. Nothing is asserted but the equality of reports.

Run from the repository root::

    PYTHONPATH=. python benchmarks/bench_cluster.py                       # N = 9, 10
    PYTHONPATH=. python benchmarks/bench_cluster.py --upto 11 --workers 1 2 --chunk 16384
    PYTHONPATH=. python benchmarks/bench_cluster.py --store --upto 10 11
"""

from __future__ import annotations

import argparse
import os
import platform
import sqlite3
import tempfile
import time
from math import comb
from pathlib import Path


def _load() -> str:
    try:
        return " ".join(f"{x:.2f}" for x in os.getloadavg())
    except OSError:
        return "?"


def _rows(path: Path) -> list[tuple[object, ...]]:
    db = sqlite3.connect(path)
    try:
        return db.execute("SELECT * FROM suits ORDER BY n, idx").fetchall()
    finally:
        db.close()


def _print_head() -> None:
    head = ("run", "start s", "run s", "chunks/s", "suits/s", "× alone")
    print("{:<14} {:>8} {:>8} {:>9} {:>9} {:>8}".format(*head))


def _print_rows(
    rows: list[tuple[str, float | None, float]], chunks: int, suits: int, alone: float
) -> None:
    """A line a run: its cluster's start and its run in seconds, chunks and suits a second,
    and how many times the run alone's speed."""
    for name, start, seconds in rows:
        shown = f"{start:8.2f}" if start is not None else f"{'-':>8}"
        print(
            f"{name:<14} {shown} {seconds:8.2f} {chunks / seconds:9.2f} "
            f"{suits / seconds:9,.0f} {alone / seconds:8.2f}"
        )


def _stores(upto: int, workers: list[int]) -> None:
    from whistgui.engine.tables.chunked import fill_in_chunks
    from whistgui.engine.tables.cluster import ChunkRunner
    from whistgui.engine.tables.rows import RowMaker
    from whistgui.engine.tables.store import CHUNK, TableStore, fill

    suits = sum(comb(2 * n, n) for n in range(1, upto + 1))
    chunks = sum(-(-comb(2 * n, n) // CHUNK) for n in range(1, upto + 1))
    print(f"\nstore n ≤ {upto}: {suits:,} suits in {chunks:,} chunks")
    _print_head()
    with tempfile.TemporaryDirectory() as folder:
        yard = Path(folder) / "alone.sqlite"
        t = time.perf_counter()
        with TableStore(yard, create=True) as store:
            fill(store, upto, RowMaker())
        alone = time.perf_counter() - t
        rows: list[tuple[str, float | None, float]] = [("alone", None, alone)]
        for w in workers:
            path = Path(folder) / f"{w}.sqlite"
            with ChunkRunner(w) as runner, TableStore(path, create=True) as store:
                runner.client()
                t = time.perf_counter()
                fill_in_chunks(store, upto, runner)
                rows.append((f"{w} workers", runner.start_seconds, time.perf_counter() - t))
            if _rows(path) != _rows(yard):
                raise SystemExit(f"{w} workers: a store unlike the yardstick's")
        _print_rows(rows, chunks, suits, alone)


def main() -> None:
    from whistgui.engine.tables.chunked import CHECK_CHUNK, check_in_chunks
    from whistgui.engine.tables.cluster import ChunkRunner
    from whistgui.engine.tables.conjectures import check

    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--upto", type=int, nargs="+", default=[9, 10])
    ap.add_argument("--workers", type=int, nargs="+", default=[1, 2])
    ap.add_argument("--chunk", type=int, default=CHECK_CHUNK, help="suits a chunk")
    ap.add_argument("--store", action="store_true", help="time the writing of a store")
    args = ap.parse_args()
    print(f"{platform.node()} · {os.cpu_count()} cores · load {_load()} · chunk {args.chunk:,}")
    for upto in args.upto if args.store else ():
        _stores(upto, args.workers)
    for upto in args.upto if not args.store else ():
        suits = sum(comb(2 * n, n) for n in range(1, upto + 1))
        chunks = sum(-(-comb(2 * n, n) // args.chunk) for n in range(1, upto + 1))
        print(f"\nn ≤ {upto}: {suits:,} suits in {chunks:,} chunks")
        _print_head()
        t = time.perf_counter()
        yardstick = check(upto, 0, 0).json()
        alone = time.perf_counter() - t
        rows: list[tuple[str, float | None, float]] = [("alone", None, alone)]
        t = time.perf_counter()
        same = check_in_chunks(upto, 0, 0, runner=ChunkRunner(), chunk=args.chunk).json()
        rows.append(("chunks here", None, time.perf_counter() - t))
        if same != yardstick:
            raise SystemExit("chunks here: a report unlike the yardstick's")
        for w in args.workers:
            with ChunkRunner(w) as runner:
                runner.client()
                t = time.perf_counter()
                got = check_in_chunks(upto, 0, 0, runner=runner, chunk=args.chunk).json()
                rows.append((f"{w} workers", runner.start_seconds, time.perf_counter() - t))
            if got != yardstick:
                raise SystemExit(f"{w} workers: a report unlike the yardstick's")
        _print_rows(rows, chunks, suits, alone)
    print(f"\nload {_load()} (1, 5, 15 min)")


if __name__ == "__main__":
    main()
