"""An SQLite table store of an earlier whist copied into a Parquet store
(``whist table --convert FILE --store DIR``): the rows as stored, in parts as the kernel writes
them, the texts read once each.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import numpy as np

from whistgui.engine.errors import WhistError
from whistgui.engine.games.whist.kernel.levels import chunk_ranges
from whistgui.engine.games.whist.keys import labeled_key, value_key
from whistgui.engine.games.whist.value import Value
from whistgui.engine.reading import quote_path
from whistgui.engine.tables.chunks import write_chunk_table
from whistgui.engine.tables.parquet_store import MAX_PARQUET_N, ParquetStore
from whistgui.engine.tables.rows import count_patterns
from whistgui.engine.tables.store import StoreError, TableStore, _int, _labeled

__all__ = ["convert_sqlite"]


def _key(known: dict[str, int], text: str, labeled: bool) -> int:
    k = known.get(text)
    if k is None:
        k = known[text] = labeled_key(_labeled(text)) if labeled else value_key(Value.parse(text))
    return k


def _r43(cell: object) -> int:
    k = _int(cell, "an R43 number")
    if not -128 <= k <= 127:
        raise ValueError(f"an R43 number {k} beyond ±127")
    return k


def convert_sqlite(source: TableStore, target: ParquetStore) -> Iterator[tuple[int, int]]:
    """Copy every n an SQLite store holds whole into the new Parquet store ``target``, in
    parts as the kernel writes them (the rows as stored: values read once a distinct text);
    yields each n and its suits as it is done."""
    source.check_rows()
    values: dict[str, int] = {}
    labels: dict[str, int] = {}
    for n in source.finished():
        if n > MAX_PARQUET_N:
            continue
        found = source._query(
            "SELECT pattern, value, maxmin, minmax, t0, h, hbar FROM suits WHERE n = ?", (n,)
        )
        total = count_patterns(n)
        size = len(found)
        mask = np.empty(size, dtype=np.int64)
        cols = {k: np.empty(size, dtype=np.int64) for k in ("value", "maxmin", "minmax")}
        r43 = {k: np.empty(size, dtype=np.int8) for k in ("t0", "h", "hbar")}
        flip = str.maketrans("WE", "10")
        try:
            for i, (p, v, a, b, t0, h, hbar) in enumerate(found):
                mask[i] = int(str(p)[::-1].translate(flip), 2)
                cols["value"][i] = _key(values, str(v), False)
                cols["maxmin"][i] = _key(labels, str(a), True)
                cols["minmax"][i] = _key(labels, str(b), True)
                r43["t0"][i], r43["h"][i], r43["hbar"][i] = _r43(t0), _r43(h), _r43(hbar)
        except (WhistError, ValueError, TypeError) as exc:
            raise StoreError(
                f"{quote_path(str(source.path))} is a damaged table store: a row of n = {n}: {exc}"
            ) from None
        if size and any(int(np.abs(a).max()) > n for a in r43.values()):
            raise StoreError(
                f"{quote_path(str(source.path))} is a damaged table store: an R43 number of "
                f"n = {n} beyond ±{n}"
            )
        order = np.argsort(mask, kind="stable")
        mask = mask[order]
        if size != total or (size > 1 and not (np.diff(mask) > 0).all()):
            raise StoreError(
                f"{quote_path(str(source.path))} is a damaged table store: its {size:,} suits "
                f"of n = {n} are not the {total:,} patterns, each once"
            )
        for k, (s, e) in enumerate(chunk_ranges(n, target.chunk_rows)):
            part: dict[str, Any] = {"mask": mask[s:e]}
            part.update({c: a[order[s:e]] for c, a in cols.items()})
            part.update({c: a[order[s:e]] for c, a in r43.items()})
            info = write_chunk_table(
                target.path,
                n,
                k,
                s,
                part,
                np.unique(part["value"]).tolist(),
                np.union1d(part["maxmin"], part["minmax"]).tolist(),
            )
            target._added(info)
        target._finish_level(n)
        yield n, total
    done = target.finished()
    if done:
        target.level_codes(max(done))
