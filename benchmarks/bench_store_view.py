"""Time how the Single Suits window reads a table store, side by side with the plain queries it
replaces (whistgui.app.lab_store, in one run, on an existing store; nothing is written).

For level N of the store:

* opening it as the window does (``StoreSource``: the store's footers, DuckDB's views, the
  value dictionaries);
* counting a listing: every suit (no query: the footers' counts), and each ``--filter``
  through the window's relation (only the joins the condition names) against the store's own
  ``suits`` view (``SELECT count(*) FROM suits WHERE n = N AND (condition)``);
* a page of 512 rows at ``--row`` (default: 5/6 of the level) by the window's rank ranges
  against ``ORDER BY rank LIMIT 512 OFFSET row`` (the yardstick), and checks the two give the
  same suits;
* the count by segments for a sort by value (the index a sorted listing pages through).

Run from the repository root (each timing once, the best of ``--repeat``)::

    PYTHONPATH=. python benchmarks/bench_store_view.py /work/tmp/store14 --n 14
    PYTHONPATH=. python benchmarks/bench_store_view.py /tmp/labstore16 --n 16 --no-view
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from whistgui.app.lab_store import (
    PAGE,
    StoreQuery,
    StoreSource,
    fetch_rows,
    store_index,
)


def best(fn: Callable[[], Any], repeat: int) -> tuple[float, Any]:
    times, out = [], None
    for _ in range(repeat):
        t = time.perf_counter()
        out = fn()
        times.append(time.perf_counter() - t)
    return min(times), out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("store", type=Path)
    parser.add_argument("--n", type=int, required=True)
    parser.add_argument("--row", type=int, default=None)
    parser.add_argument("--filter", action="append", default=None, help="a condition (repeatable)")
    parser.add_argument("--repeat", type=int, default=1)
    parser.add_argument(
        "--no-view", action="store_true", help="skip the counts through the store's view"
    )
    parser.add_argument("--no-offset", action="store_true", help="skip the OFFSET yardstick")
    args = parser.parse_args()
    filters = args.filter or ["t0 > 2", "class = 'number' AND h < 0"]
    n = args.n

    seconds, source = best(lambda: StoreSource(args.store), 1)
    print(f"open {args.store}: {seconds:.3f} s (n = {n}: {source.stored[n]:,} suits stored)")
    con = source.store.connection()

    seconds, index = best(lambda: store_index(source, StoreQuery(n)), args.repeat)
    print(f"count, every suit: {index.total:,} in {seconds:.3f} s (no query)")
    for cond in filters:
        seconds, index = best(lambda c=cond: store_index(source, StoreQuery(n, c)), args.repeat)
        line = f"count where {cond}: {index.total:,} in {seconds:.3f} s"
        if not args.no_view:
            sql = f"SELECT count(*) FROM suits WHERE n = {n} AND ({cond})"
            view, found = best(lambda s=sql: con.execute(s).fetchone(), args.repeat)
            line += f"; through the store's view {view:.3f} s ({found[0]:,})"
        print(line)

    everything = store_index(source, StoreQuery(n))
    row = args.row if args.row is not None else everything.total * 5 // 6
    seconds, page = best(lambda: fetch_rows(source, everything, row, row + PAGE), args.repeat)
    line = f"page of {PAGE} at row {row:,}: {seconds:.3f} s by rank range"
    if not args.no_offset:
        sql = f"SELECT mask FROM raw WHERE n = {n} ORDER BY rank LIMIT {PAGE} OFFSET {row}"
        offset, found = best(lambda: con.execute(sql).fetchall(), 1)
        same = [m for (m,) in found] == [int(m) for m in page.mask]
        line += f"; ORDER BY rank OFFSET {offset:.3f} s (same suits: {same})"
    print(line)

    seconds, index = best(lambda: store_index(source, StoreQuery(n, "", "value")), args.repeat)
    print(f"sorted by value: {len(index.ends):,} segments counted in {seconds:.3f} s")
    seconds, page = best(lambda: fetch_rows(source, index, row, row + PAGE), args.repeat)
    print(f"  its page at row {row:,}: {seconds:.3f} s")
    source.close()


if __name__ == "__main__":
    main()
