"""The kernel out of core: one level of the dynamic program computed in chunks of patterns
(ranges of colex ranks), each chunk reading the level below only through its *codes* — for each
rank of a pattern of n − 1 cards a hand, the ordinal (1, 2, …) of its value among that level's
values in increasing order, 2 bytes a suit, typically a memory-mapped ``.npy`` file — so that a
chunk's memory is bounded by its size, whatever n (:func:`level_chunk`).

The chunks of a level are independent: each needs only ``(n, start, stop)``, the codes of level
n − 1 and that level's *dictionary* (its distinct value keys, increasing: code o means
``keys[o − 1]``). Its result is exact and canonical — value keys and labeled keys
(:func:`~whistgui.engine.games.whist.keys.value_key`,
:func:`~whistgui.engine.games.whist.keys.labeled_key`), not ids of some memo — so chunks computed
on different machines agree without talking to each other. When every chunk of a level is done,
the level's dictionary is the union of the chunks' keys (:func:`level_dictionary`) and its codes
are the chunks' value keys looked up in it (:func:`level_codes`), chunk by chunk: the per-level
dictionary is merged after the level, and the codes the next level reads follow from it.

The recursion is the kernel's own (:func:`~whistgui.engine.games.whist.kernel.tables_upto`):
the same run blocks, the same row minima and column maxima in ordinals; the tests check that the
chunked levels equal the in-memory tables on every suit up to 9 cards a hand, with small chunks.

>>> from whistgui.engine.games.whist.keys import value_from_key
>>> codes, keys = level_zero()
>>> for n in (1, 2):
...     chunks = [level_chunk(n, s, e, codes, keys) for s, e in chunk_ranges(n, 4)]
...     keys = level_dictionary(chunks)
...     codes = level_codes(chunks, keys)
>>> [value_from_key(int(k)).ascii() for c in chunks for k in c.value]
['e0', '1/2', '1-e1', '1+e1', '3/2', '2-e0']
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from math import comb
from typing import Final

import numpy as np
import numpy.typing as npt

from whistgui.engine.errors import DealError, TheoryError
from whistgui.engine.games.whist.kernel import _AllPatterns, _level_lids
from whistgui.engine.games.whist.kernel.ranks import Int64s, Ordinals, run_blocks
from whistgui.engine.games.whist.keys import (
    MAX_SUIT_N,
    labeled_pair,
    simplest_key,
    value_key,
)
from whistgui.engine.games.whist.value import Value

__all__ = [
    "CODE_DTYPE",
    "LevelChunk",
    "chunk_ranges",
    "level_chunk",
    "level_codes",
    "level_dictionary",
    "level_zero",
]

#: The codes of a level: the ordinal of each pattern's value, 1 for the least (0 is never a
#: code: the kernel's hot loop reads 0 as "no entry").
CODE_DTYPE: Final = np.uint16
_MAX_CODES: Final = 65534
#: Patterns valued at once inside a chunk (the kernel's block: its temporaries near the caches).
_BLOCK: Final = 1 << 18


@dataclass(frozen=True, eq=False)
class LevelChunk:
    """The patterns of ranks ``start`` to ``stop`` (excluded) of ``n`` cards a hand, in rank
    order: their bitmasks (``mask``, bit k set when West holds the k-th lowest card) and, for
    each, its value as a code into ``values`` (the distinct value keys met, increasing) and its
    maxmin and minmax as codes into ``labeled`` (the labeled keys α can take at this level,
    increasing); :attr:`value`, :attr:`maxmin` and :attr:`minmax` give the keys themselves."""

    n: int
    start: int
    stop: int
    mask: Int64s
    value_code: npt.NDArray[np.int32]
    maxmin_code: npt.NDArray[np.int32]
    minmax_code: npt.NDArray[np.int32]
    values: list[int]
    labeled: list[int]

    def __len__(self) -> int:
        return self.stop - self.start

    @property
    def value(self) -> Int64s:
        """Each pattern's value key."""
        return np.asarray(self.values, dtype=np.int64)[self.value_code]

    @property
    def maxmin(self) -> Int64s:
        """Each pattern's maxmin, as a labeled key."""
        return np.asarray(self.labeled, dtype=np.int64)[self.maxmin_code]

    @property
    def minmax(self) -> Int64s:
        """Each pattern's minmax, as a labeled key."""
        return np.asarray(self.labeled, dtype=np.int64)[self.minmax_code]


def level_zero() -> tuple[npt.NDArray[np.uint16], list[int]]:
    """The codes and dictionary of level 0: the empty suit, of value 0."""
    return np.ones(1, dtype=CODE_DTYPE), [value_key(Value(0))]


def chunk_ranges(n: int, rows: int) -> list[tuple[int, int]]:
    """The chunks of level ``n`` of at most ``rows`` patterns: ``[(0, rows), (rows, 2·rows),
    …]`` up to C(2n, n) — the same on every machine, so that chunk k is a name.

    >>> chunk_ranges(3, 8)
    [(0, 8), (8, 16), (16, 20)]
    """
    total = comb(2 * n, n)
    return [(s, min(s + rows, total)) for s in range(0, total, rows)]


def _labels(keys: Sequence[int]) -> tuple[list[int], npt.NDArray[np.int32], npt.NDArray[np.int32]]:
    """The labeled keys α can take one level up (sorted), and le, lw by code (as the kernel's
    ``_Level.labeled``): le[o], lw[o] the places of (E, v) and (W, v + 1) for code o."""
    pairs = [labeled_pair(k) for k in keys]
    lkeys = sorted({k for p in pairs for k in p})
    place = {k: i for i, k in enumerate(lkeys)}
    le = np.array([-1] + [place[e] for e, _ in pairs], dtype=np.int32)
    lw = np.array([-1] + [place[w] for _, w in pairs], dtype=np.int32)
    return lkeys, le, lw


def _check_range(n: int, start: int, stop: int) -> int:
    if not 1 <= n <= MAX_SUIT_N:
        raise DealError(f"a level of n = {n!r} cards a hand; the kernel's levels are 1 to 16")
    total = comb(2 * n, n)
    if not 0 <= start < stop <= total:
        raise DealError(
            f"the chunk {start!r} to {stop!r} is not a range of the {total:,} patterns of "
            f"{n} cards a hand"
        )
    return total


def level_chunk(
    n: int, start: int, stop: int, codes: Ordinals | npt.NDArray[np.uint16], keys: Sequence[int]
) -> LevelChunk:
    """The patterns of colex ranks ``start`` to ``stop`` of ``n`` cards a hand with their
    values, maxmin and minmax, from ``codes`` (level n − 1's codes by rank: any array indexable
    by numpy, a memory map included) and ``keys`` (level n − 1's dictionary: its value keys,
    increasing). Memory: some tens of bytes a pattern of the chunk, plus what ``codes`` maps.
    """
    _check_range(n, start, stop)
    if len(codes) != comb(2 * n - 2, n - 1):
        raise DealError(
            f"the codes of level {n - 1} hold {len(codes):,} suits, not C({2 * n - 2}, {n - 1}) "
            f"= {comb(2 * n - 2, n - 1):,}"
        )
    if list(keys) != sorted(set(keys)) or len(keys) > _MAX_CODES:
        raise TheoryError("a level's dictionary is its distinct value keys, increasing")
    codes = np.asarray(codes).view(np.ndarray)  # a memory map without its per-index wrapping
    gen = _AllPatterns(n)
    lkeys, le, lw = _labels(keys)
    width = len(lkeys)
    size = stop - start
    x = np.empty(size, dtype=np.int64)
    mm = np.empty(size, dtype=np.int32)
    mx = np.empty(size, dtype=np.int32)
    # in blocks of whole high halves of about _BLOCK patterns (the kernel's: near the caches)
    s = start
    while s < stop:
        h0 = int(np.searchsorted(gen.start, s, side="right")) - 1
        h1 = int(np.searchsorted(gen.start, min(s + _BLOCK, stop), side="left"))
        h1 = max(h1, h0 + 1)
        first = int(gen.start[h0])
        e = min(int(gen.start[h1]), stop)
        block = gen.block(h0, h1)[s - first : e - first]
        i, j = s - start, e - start
        x[i:j] = block
        mm[i:j], mx[i:j] = _level_lids(run_blocks(block, n), len(block), codes, le, lw)
        s = e
    pair = mm * np.int32(width)  # width² < 2³¹: a few hundred labels
    pair += mx
    used = np.zeros(width * width, dtype=bool)
    used[pair] = True
    met: dict[int, int] = {}
    for c in np.flatnonzero(used).tolist():
        a, b = divmod(c, width)
        met[c] = simplest_key(lkeys[a], lkeys[b])
    values = sorted(set(met.values()))
    place = {k: i for i, k in enumerate(values)}
    to_code = np.zeros(width * width, dtype=np.int32)
    for c, k in met.items():
        to_code[c] = place[k]
    return LevelChunk(n, start, stop, x, to_code[pair], mm, mx, values, lkeys)


def level_dictionary(chunks: Iterable[LevelChunk | Iterable[int]]) -> list[int]:
    """A level's dictionary: the distinct value keys of its chunks (each a :class:`LevelChunk`
    or the value keys it met), increasing."""
    out: set[int] = set()
    for c in chunks:
        out.update(c.values if isinstance(c, LevelChunk) else (int(k) for k in c))
    if len(out) > _MAX_CODES:
        raise TheoryError(f"{len(out):,} distinct values in one level: more than 2-byte codes")
    return sorted(out)


def codes_of(values: Int64s, keys: Sequence[int]) -> npt.NDArray[np.uint16]:
    """The codes of value keys in a level's dictionary ``keys`` (each key must be there)."""
    k = np.asarray(keys, dtype=np.int64)
    place = np.searchsorted(k, values)
    if len(values) and (place.max() >= len(k) or not np.array_equal(k[place], values)):
        raise TheoryError("a value key that is not in its level's dictionary")
    out = place.astype(CODE_DTYPE)
    out += 1
    return out


def level_codes(chunks: Iterable[LevelChunk], keys: Sequence[int]) -> npt.NDArray[np.uint16]:
    """The codes of a whole level held in memory (its chunks in order); the store writes them
    chunk by chunk into a memory-mapped file instead."""
    return np.concatenate([codes_of(c.value, keys) for c in chunks])
