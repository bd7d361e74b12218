"""One chunk of the columnar table store: the suits of ranks ``start`` to ``stop`` of ``n`` cards
a hand, every column computed in numpy (no Python per suit), written as one Parquet file under a
temporary name and renamed — the task a level is made of (:func:`compute_chunk`), pure and
picklable so that a pool or a Dask cluster can run the chunks of a level anywhere the store's
directory is reachable.

A chunk file holds, in colex rank order (the kernel's; ``rank`` is the row's rank):

========  =====  ==========================================================================
rank      int64  colex rank of the pattern among the C(2n, n) (delta-encoded: ~0 bytes)
mask      int64  the pattern: bit k set when West holds the k-th lowest card
value     int64  the exact value key (:func:`~whistgui.engine.games.whist.keys.value_key`)
maxmin    int64  the labeled key of maxmin (:func:`~whistgui.engine.games.whist.keys.
                 labeled_key`); ``minmax`` likewise
t0, h,    int8   R43's T₀, H and H̄ (:func:`~whistgui.engine.tables.rows.r43_block`)
hbar
========  =====  ==========================================================================

Keys are canonical — the same value has the same key in every chunk, on every machine — and
Parquet dictionary-encodes them per row group (a few hundred distinct values: a byte or two a
suit before compression), so a key is the integer code of a value whose text, class, stoppers
and ρ's two leads the store keeps once (``values.parquet``, :func:`value_columns`). Its footer
(schema metadata ``whistgui``) names n, the part, the range, the value keys the chunk met and
the labeled keys of its level (the dictionaries of its columns), which the store reads to check
a chunk and to merge a level's dictionary without reading its rows, and for each value key how
many suits have it and the first of them in whist's listing order (:func:`value_aggregates`),
which answer ``--count-by-value`` and ``--first-of-each-value`` from the footers alone.
"""

from __future__ import annotations

import json
import os
import secrets
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

import numpy as np

from whistgui.engine.games.whist.kernel.levels import level_chunk, level_zero
from whistgui.engine.games.whist.kernel.ranks import reverse_bits
from whistgui.engine.games.whist.keys import labeled_from_key, value_from_key
from whistgui.engine.tables.rows import r43_block, whist_tricks

__all__ = [
    "META_KEY",
    "ChunkInfo",
    "chunk_name",
    "compute_chunk",
    "labeled_columns",
    "value_aggregates",
    "value_columns",
    "write_chunk_table",
]

#: The footer's metadata key of a chunk file.
META_KEY: Final = b"whistgui"
#: Rows of a Parquet row group (DuckDB reads row groups in parallel).
ROW_GROUP: Final = 1 << 20


@dataclass(frozen=True, slots=True)
class ChunkInfo:
    """A written chunk: its level, part, rank range, file, and the value and labeled keys it
    met (increasing) — what the store needs to merge the level's dictionary."""

    n: int
    part: int
    start: int
    stop: int
    path: str
    values: tuple[int, ...]
    labeled: tuple[int, ...]


def chunk_name(part: int) -> str:
    """The file name of part ``part`` of a level (``part-00012.parquet``)."""
    return f"part-{part:05d}.parquet"


def write_chunk_table(
    directory: str | os.PathLike[str],
    n: int,
    part: int,
    start: int,
    columns: dict[str, Any],
    values: list[int],
    labeled: list[int],
) -> ChunkInfo:
    """Write one chunk's ``columns`` (numpy arrays: mask; value, maxmin, minmax as keys, or as
    codes into ``values`` and ``labeled`` under the names value_code, maxmin_code,
    minmax_code; t0, h, hbar; in rank order from ``start``) into
    ``directory/n=N/part-XXXXX.parquet``: under a temporary name, fsynced, then renamed, so
    that the file is there whole or not at all."""
    import pyarrow as pa
    import pyarrow.parquet as pq

    size = len(columns["mask"])
    stop = start + size

    def codes_of(keys: list[int], name: str) -> Any:
        codes = columns.get(name + "_code")
        if codes is None:
            codes = np.searchsorted(np.asarray(keys, dtype=np.int64), columns[name])
        return np.asarray(codes, dtype=np.int32)

    def coded(keys: list[int], name: str) -> Any:
        # a dictionary array made here (the keys are known, increasing; the codes given, or
        # found): Parquet writes it as its dictionary encoding without hashing every row
        table = pa.array(np.asarray(keys, dtype=np.int64))
        return pa.DictionaryArray.from_arrays(pa.array(codes_of(keys, name)), table)

    small = pa.array(np.arange(-n, n + 1, dtype=np.int8))  # T₀, H and H̄ lie in −n … n

    def r43(column: Any) -> Any:
        return pa.DictionaryArray.from_arrays(pa.array((column + n).astype(np.int8)), small)

    table = pa.table(
        {
            "rank": pa.array(np.arange(start, stop, dtype=np.int64)),
            "mask": pa.array(columns["mask"], type=pa.int64()),
            "value": coded(values, "value"),
            "maxmin": coded(labeled, "maxmin"),
            "minmax": coded(labeled, "minmax"),
            "t0": r43(columns["t0"]),
            "h": r43(columns["h"]),
            "hbar": r43(columns["hbar"]),
        }
    )
    meta = {"n": n, "part": part, "start": start, "stop": stop, "values": values}
    meta["labeled"] = labeled
    meta.update(value_aggregates(codes_of(values, "value"), columns["mask"], n, len(values)))
    table = table.replace_schema_metadata({META_KEY: json.dumps(meta).encode()})
    folder = Path(directory) / f"n={n}"
    folder.mkdir(parents=True, exist_ok=True)
    final = folder / chunk_name(part)
    # a name of this process alone: a retried task may run on two machines at once
    tmp = folder / f".{chunk_name(part)}.{os.getpid():x}{secrets.token_hex(4)}.tmp"
    try:
        with open(tmp, "wb") as f:
            pq.write_table(
                table,
                f,
                compression="zstd",
                compression_level=1,
                row_group_size=ROW_GROUP,
                use_dictionary=["value", "maxmin", "minmax", "t0", "h", "hbar"],
                column_encoding={"rank": "DELTA_BINARY_PACKED", "mask": "DELTA_BINARY_PACKED"},
                write_statistics=["rank", "mask"],
            )
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, final)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise
    return ChunkInfo(n, part, start, stop, str(final), tuple(values), tuple(labeled))


def value_aggregates(codes: Any, masks: Any, n: int, size: int) -> dict[str, list[int]]:
    """What a part's footer says of its values, parallel to its value keys: ``counts`` (how
    many of its suits have each) and ``firsts`` (the mask of the first suit in whist's listing
    order — West's positions in lexicographic order, the mirrored mask decreasing — that has
    it), so that counting by value and the first suit of each value read footers, not rows.

    >>> value_aggregates(np.array([1, 0, 1]), np.array([0b0011, 0b0101, 0b0110]), 2, 2)
    {'counts': [1, 2], 'firsts': [5, 3]}
    """
    counts = np.bincount(codes, minlength=size)
    mirrored = reverse_bits(np.asarray(masks, dtype=np.int64), 2 * n)
    best = np.full(size, -1, dtype=np.int64)
    np.maximum.at(best, codes, mirrored)
    firsts = reverse_bits(best, 2 * n)
    return {"counts": counts.tolist(), "firsts": firsts.tolist()}


def compute_chunk(
    directory: str,
    n: int,
    part: int,
    start: int,
    stop: int,
    codes_path: str | None,
    keys: tuple[int, ...] | list[int],
) -> ChunkInfo:
    """The task of one chunk: value the suits of colex ranks ``start`` to ``stop`` (excluded)
    of ``n`` cards a hand and write them as part ``part`` of the store at ``directory``.

    Inputs: ``codes_path``, the ``.npy`` file of level n − 1's codes (uint16, one a rank;
    opened memory-mapped, read only; None for n = 1, whose level below is the empty suit) and
    ``keys``, that level's dictionary (its value keys, increasing: code o means
    ``keys[o − 1]``). Output: the file ``directory/n=N/part-XXXXX.parquet`` (written whole
    or not at all; columns in the module's docstring) and its :class:`ChunkInfo`. It reads and
    writes nothing else, holds no state between calls and is deterministic, so a chunk run twice
    (a retried task) writes the same file. Memory: about 60 bytes a suit of the chunk, plus the
    pages of the codes it touches (the whole file, shared, for a large chunk).
    """
    if codes_path is None:
        if n != 1:
            raise ValueError(f"level {n} needs the codes of level {n - 1}")
        codes, keys = level_zero()
    else:
        codes = np.load(codes_path, mmap_mode="r")
    chunk = level_chunk(n, start, stop, codes, list(keys))
    t0, h, hbar = _r43(chunk.mask.view(np.uint64), n)
    columns = {
        "mask": chunk.mask,
        "value_code": chunk.value_code,
        "maxmin_code": chunk.maxmin_code,
        "minmax_code": chunk.minmax_code,
        "t0": t0,
        "h": h,
        "hbar": hbar,
    }
    return write_chunk_table(directory, n, part, start, columns, chunk.values, chunk.labeled)


#: Suits whose R43 numbers are worked out at once (their temporaries stay in the caches: six
#: times faster than a whole chunk at once).
_R43_BLOCK: Final = 1 << 16


def _r43(masks: Any, n: int) -> tuple[Any, Any, Any]:
    out = [np.empty(len(masks), dtype=np.int8) for _ in range(3)]
    for s in range(0, len(masks), _R43_BLOCK):
        for a, b in zip(out, r43_block(masks[s : s + _R43_BLOCK], n), strict=True):
            a[s : s + _R43_BLOCK] = b
    return out[0], out[1], out[2]


def value_columns(keys: list[int]) -> dict[str, list[Any]]:
    """The dictionary of values kept once: for each value key, the value's text (as ``whist
    value --json`` prints it), class, stoppers and ρ's two leads (West's tricks with West, and
    with East, on lead)."""
    from whistgui.engine.tables.store import value_class

    out: dict[str, list[Any]] = {
        k: [] for k in ("key", "text", "class", "stoppers", "west_lead", "east_lead")
    }
    for k in keys:
        v = value_from_key(k)
        west, east = whist_tricks(v)
        out["key"].append(k)
        out["text"].append(v.ascii())
        out["class"].append(value_class(v))
        out["stoppers"].append(0 if v.is_number else v.infinitesimal.stoppers)
        out["west_lead"].append(west)
        out["east_lead"].append(east)
    return out


def labeled_columns(keys: list[int]) -> dict[str, list[Any]]:
    """The labeled values kept once: each labeled key and its text, ``(W, 1+e0)``."""
    return {"key": list(keys), "text": [labeled_from_key(k).ascii() for k in keys]}
