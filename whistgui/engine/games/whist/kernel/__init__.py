"""The value kernel: val, maxmin and minmax of every single suit at once, vectorised with numpy.

It computes what :meth:`~whistgui.engine.games.whist.evaluator.Evaluator.pattern_value` computes —
the same recursion (§10, §17): α over one West and one East card per run, maxmin = max of the row
minima, minmax = min of the column maxima, val = the simplest value between them — but as one
dynamic program over *all* patterns of m cards a hand, level by level m = 1, 2, …, n, with integer
arrays in place of strings and dictionaries. The evaluator stays the readable reference; the tests
check the kernel against it on every suit up to 7 (9 with ``--exhaustive``) cards a hand and on
random longer suits.

>>> t = suit_table(2)
>>> [t.pattern_text(i) for i in range(len(t))]
['WWEE', 'WEWE', 'EWWE', 'WEEW', 'EWEW', 'EEWW']
>>> [t.value_of(i).ascii() for i in range(len(t))]
['e0', '1/2', '1-e1', '1+e1', '3/2', '2-e0']
>>> t.maxmin_of(t.index_of('EWEW')).pretty(), t.minmax_of(t.index_of('EWEW')).pretty()
('(W, 1 + ε₀)', '(W, 2 − ε₀)')
>>> suit_value('WE' * 13).pretty()
'6'

The kernel is this package: here the recursion over levels and the public functions (which it
also exports from the others); :mod:`~whistgui.engine.games.whist.kernel.ranks`, the ranks of
many patterns and of their reductions at once in numpy (a reduction ranked without being built);
:mod:`~whistgui.engine.games.whist.kernel.table`, the table of every suit of n cards a hand and
the memo tables and suits share. Beside it, in plain Python so that the evaluator reads them
without numpy, :mod:`~whistgui.engine.games.whist.keys`: the exact integer keys of values and
labeled values (compared in place of the values), of patterns (bitmasks, ranked in increasing
order) and the kernel's limits. It is part of whist's value theory, the evaluator's fast path
for long suits and whole tables; the tables (:mod:`whistgui.engine.tables`) build on it.

The hot loop compares small *ordinals* (the rank of a value among the values of one level, uint8 or
uint16) and maps the few row minima and column maxima to labeled keys afterwards; the simplest value
of each distinct (maxmin, minmax) pair is found once, by
:func:`~whistgui.engine.games.whist.keys.simplest_key`.

**Limits.** Tables go up to :data:`MAX_TABLE_N` cards a hand (20 bytes a suit: the tables up to
n = 14, 54 million suits, hold 1.0 GB; up to 15 about 4.1 GB), one suit up to
:data:`MAX_SUIT_N`; beyond them the functions refuse with a
:class:`~whistgui.engine.errors.DealError` naming the limit (the evaluator values longer suits).
Speed and memory against a plain C program of the same recursion: ``benchmarks/bench_tables.py``
and ``benchmarks/README.md``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from math import comb
from typing import Final

import numpy as np
import numpy.typing as npt

from whistgui.engine.checks import expect, optional_callable, whole
from whistgui.engine.errors import Cancelled, DealError, TheoryError
from whistgui.engine.games.whist.kernel.ranks import (
    Block,
    Int32s,
    Int64s,
    Ordinals,
    Runs,
    colex_unrank,
    reduction_ranks,
    run_blocks,
)
from whistgui.engine.games.whist.kernel.table import SuitTable, TableCache
from whistgui.engine.games.whist.keys import (
    KEY_MAX_N,
    MAX_SUIT_N,
    MAX_TABLE_N,
    labeled_from_key,
    labeled_key,
    labeled_pair,
    pattern_mask,
    pattern_rank,
    simplest_key,
    value_from_key,
    value_key,
)
from whistgui.engine.games.whist.value import Value
from whistgui.engine.reading import quote

__all__ = [
    "KEY_MAX_N",
    "MAX_REACH_COUNT_N",
    "MAX_SUIT_N",
    "MAX_TABLE_N",
    "RECURSION_RATE",
    "SuitReach",
    "SuitTable",
    "TableCache",
    "labeled_from_key",
    "labeled_key",
    "pattern_mask",
    "pattern_rank",
    "reach",
    "reach_size",
    "simplest_key",
    "suit_table",
    "suit_value",
    "tables_upto",
    "value_from_key",
    "value_key",
]

#: Patterns a second the evaluator's exact recursion values past :data:`MAX_SUIT_N` (measured
#: 10,000–18,000 here: ``benchmarks/bench_values.py``); the low end, for what a suit will cost.
RECURSION_RATE: Final = 10_000
#: Up to how many cards a hand :func:`reach_size` counts in a fraction of a second.
MAX_REACH_COUNT_N: Final = 200
_INT32_MAX: Final = 2**31 - 1


# -- the maxmin and minmax of a level's patterns ------------------------------------------------
def _level_lids(
    blocks: Iterable[Block], size: int, ordinals: Ordinals, le: Int32s, lw: Int32s
) -> tuple[Int32s, Int32s]:
    """maxmin and minmax of ``size`` patterns (m cards a hand, in ``blocks``) as labeled ids.

    ``ordinals[r]`` is the ordinal (1, 2, … in increasing value) of the value of the pattern of
    m − 1 cards with rank r; ``le[o]`` and ``lw[o]`` are the labeled ids (increasing with the
    labeled order) of (E, v) and (W, v + 1) for the value v of ordinal o, ``le[0] = lw[0] = −1``.
    Rows take the minimum over East's runs and columns the maximum over West's, in ordinals
    (both label classes are monotone in them), split by who wins the trick.
    """
    mm = np.empty(size, dtype=np.int32)
    mx = np.empty(size, dtype=np.int32)
    for idx, g in blocks:
        mm[idx], mx[idx] = _pairs(g, ordinals, le, lw)
    return mm, mx


def _pairs(g: Runs, ordinals: Ordinals, le: Int32s, lw: Int32s) -> tuple[Int32s, Int32s]:
    """Row minima, column maxima, maxmin and minmax of one block of a group."""
    size = g.uw.shape[1]
    col_e = np.zeros((g.east_runs, size), dtype=ordinals.dtype)
    col_w = np.zeros((g.east_runs, size), dtype=ordinals.dtype)
    maxmin = np.full(size, -1, dtype=np.int32)
    for a in range(g.west_runs):
        split = a + g.below  # East's runs below West's run a: West wins against those
        row = np.full(size, _INT32_MAX, dtype=np.int32)
        if split < g.east_runs:  # East's runs above: East wins
            o = ordinals[g.uw[a] + g.ve[split:]]
            np.minimum(row, le[o.min(axis=0)], out=row)
            np.maximum(col_e[split:], o, out=col_e[split:])
        if split > 0:
            o = ordinals[g.vw[a] + g.ue[:split]]
            np.minimum(row, lw[o.min(axis=0)], out=row)
            np.maximum(col_w[:split], o, out=col_w[:split])
        np.maximum(maxmin, row, out=maxmin)
    col = np.maximum(le[col_e], lw[col_w])
    return maxmin, col.min(axis=0)


# -- one level of the dynamic program ---------------------------------------------------------
class _Level:
    """The values of one level as the next level needs them: for each rank of a pattern of
    ``m`` cards a hand, the ordinal of its value; the value ids by ordinal."""

    def __init__(self, m: int, ordinals: Ordinals, ids: list[int]) -> None:
        self.m = m
        self.ordinals = ordinals
        self.ids = ids  # ids[o - 1] is the value id of ordinal o

    def labeled(self, cache: TableCache) -> tuple[list[int], Int32s, Int32s]:
        """The labeled keys α can take one level up (sorted), and le, lw (see _level_lids)."""
        pairs = [labeled_pair(cache.value_keys[i]) for i in self.ids]
        keys = sorted({k for p in pairs for k in p})
        place = {k: i for i, k in enumerate(keys)}
        le = np.array([-1] + [place[e] for e, _ in pairs], dtype=np.int32)
        lw = np.array([-1] + [place[w] for _, w in pairs], dtype=np.int32)
        return keys, le, lw


def _ordinal_dtype(count: int) -> type[np.unsignedinteger]:
    if count < 255:
        return np.uint8
    if count < 65535:
        return np.uint16
    raise TheoryError(f"{count} distinct values in one level: more than the kernel's ordinals")


class _LevelResult:
    """Labeled ids of one level's patterns, turned into value ids once every pair is known."""

    def __init__(self, code: Int32s, keys: list[int]) -> None:
        self.keys = keys
        self.width = len(keys)
        self.code = code  # maxmin lid · width + minmax lid
        self.used = np.zeros(self.width * self.width, dtype=bool)

    def put(self, s: int, mm: Int32s, mx: Int32s) -> None:
        code = self.code[s : s + len(mm)]
        np.multiply(mm, self.width, out=code)
        code += mx
        self.used[code] = True

    def resolve(self, cache: TableCache) -> tuple[Int32s, Int32s]:
        """code → value id (the simplest value of each pair met), and the ids met."""
        to_value = np.full(self.width * self.width, -1, dtype=np.int32)
        for code in np.flatnonzero(self.used).tolist():
            a, b = divmod(code, self.width)
            to_value[code] = cache.simplest_id(self.keys[a], self.keys[b])
        return to_value, np.unique(to_value[self.used])

    def labeled_ids(self, cache: TableCache) -> Int32s:
        """lid → labeled id."""
        return np.array([cache.labeled_id(k) for k in self.keys], dtype=np.int32)


def _next_level(cache: TableCache, m: int, value_id: Int32s, met: Int32s, size: int) -> _Level:
    """The ordinals of a level's values (its patterns in rank order) for the next level."""
    ids = sorted(met.tolist(), key=lambda i: cache.value_keys[i])
    dtype = _ordinal_dtype(len(ids) + 1)
    to_ordinal = np.zeros(len(cache.values), dtype=dtype)
    to_ordinal[ids] = np.arange(1, len(ids) + 1, dtype=dtype)
    ordinals = np.empty(size, dtype=dtype)
    np.take(to_ordinal, value_id, out=ordinals)
    return _Level(m, ordinals, ids)


# -- every pattern of m cards a hand, in increasing bitmask order ----------------------------
class _AllPatterns:
    """The C(2m, m) bitmasks with m bits among 2m, increasing, made in blocks: the high half
    h (m bits) in increasing order, each followed by the low halves with m − popcount(h) bits."""

    def __init__(self, m: int) -> None:
        self.m = m
        half = np.arange(1 << m, dtype=np.int64)
        pc = np.bitwise_count(half).astype(np.int64)
        order = np.argsort(pc, kind="stable")
        self.lows = half[order]  # grouped by popcount, increasing within a group
        self.low_start = np.r_[0, np.cumsum(np.bincount(pc, minlength=m + 1))][: m + 1]
        self.need = m - pc  # low bits needed after high half h
        self.count = np.array([comb(m, int(k)) for k in range(m + 1)], dtype=np.int64)[self.need]
        self.start = np.r_[0, np.cumsum(self.count)]  # first index of high half h

    @property
    def total(self) -> int:
        return int(self.start[-1])

    def blocks(self, size: int) -> list[tuple[int, int]]:
        """Ranges of high halves [h0, h1) of about ``size`` patterns each."""
        out = []
        h0 = 0
        nh = len(self.count)
        while h0 < nh:
            h1 = int(np.searchsorted(self.start, self.start[h0] + size, side="right")) - 1
            h1 = min(max(h1, h0 + 1), nh)
            out.append((h0, h1))
            h0 = h1
        return out

    def block(self, h0: int, h1: int) -> Int64s:
        counts = self.count[h0:h1]
        highs = np.repeat(np.arange(h0, h1, dtype=np.int64), counts)
        first = np.repeat(
            self.low_start[self.need[h0:h1]] - (self.start[h0:h1] - self.start[h0]), counts
        )
        within = np.arange(int(self.start[h1] - self.start[h0]), dtype=np.int64)
        return (highs << self.m) | self.lows[first + within]


# -- the public functions --------------------------------------------------------------------
def _check_n(n: object, limit: int, what: str) -> int:
    n = whole(n, "n")
    if n < 1:
        raise DealError(f"{what} needs n ≥ 1 cards a hand, not n = {n!r}")
    if n > limit:
        raise DealError(
            f"{what} of n = {quote(n)} cards a hand is beyond the kernel's limit of {limit} "
            "cards a hand"
        )
    return n


def _check_hooks(
    cache: object, cache_name: str, should_stop: object, progress: object = None
) -> None:
    if cache is not None:
        expect(cache, TableCache, cache_name, "a TableCache or None")
    optional_callable(should_stop, "should_stop")
    optional_callable(progress, "progress")


#: Patterns per block of a full level (progress and should_stop are polled once a block).
_CHUNK: Final = 1 << 18


def tables_upto(
    n: int,
    *,
    upto_cache: TableCache | None = None,
    should_stop: Callable[[], bool] | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> dict[int, SuitTable]:
    """The tables of every suit of 1, 2, …, ``n`` cards a hand: one dynamic program, each
    level computed from the one below (those already in ``upto_cache`` are reused).

    ``should_stop`` is polled once a block of about a million suits (True raises
    :class:`~whistgui.engine.errors.Cancelled`; finished levels stay in the cache);
    ``progress(done, total)`` counts suits over the levels still to compute.

    >>> ts = tables_upto(3)
    >>> [len(ts[k]) for k in ts], ts[3].value_of(ts[3].index_of('EWEWWE')).ascii()
    ([2, 6, 20], '3/2')
    """
    n = _check_n(n, MAX_TABLE_N, "a table")
    _check_hooks(upto_cache, "upto_cache", should_stop, progress)
    cache = upto_cache if upto_cache is not None else TableCache()
    have = max(
        (k for k in range(1, n + 1) if all(j in cache.tables for j in range(1, k + 1))), default=0
    )
    if have == n:
        cache._use_tables(range(1, n + 1))
        return {k: cache.tables[k] for k in range(1, n + 1)}
    if have == 0:
        level = _Level(0, np.ones(1, dtype=np.uint8), [cache.value_id(Value(0))])
    else:
        t = cache.tables[have]
        seen = np.flatnonzero(np.bincount(t.value_id, minlength=len(cache.values)))
        level = _next_level(cache, have, t.value_id, seen.astype(np.int32), len(t))
    total = sum(comb(2 * m, m) for m in range(have + 1, n + 1))
    done = 0
    for m in range(have + 1, n + 1):
        gen = _AllPatterns(m)
        size = gen.total
        patterns = np.empty(size, dtype=np.uint64)
        keys, le, lw = level.labeled(cache)
        value_id = np.empty(size, dtype=np.int32)  # first the codes of (maxmin, minmax)
        result = _LevelResult(value_id, keys)
        for h0, h1 in gen.blocks(_CHUNK):
            if should_stop is not None and should_stop():
                raise Cancelled(f"stopped at suit {done} of {total} ({m} cards a hand)")
            x = gen.block(h0, h1)
            s = int(gen.start[h0])
            patterns[s : s + len(x)] = x.view(np.uint64)
            mm, mx = _level_lids(run_blocks(x, m), len(x), level.ordinals, le, lw)
            result.put(s, mm, mx)
            done += len(x)
            if progress is not None:
                progress(done, total)
        to_value, met = result.resolve(cache)
        to_labeled = result.labeled_ids(cache)
        maxmin_id = np.empty(size, dtype=np.int32)
        minmax_id = np.empty(size, dtype=np.int32)
        w = result.width
        for s in range(0, size, _CHUNK):
            lid, rest = np.divmod(value_id[s : s + _CHUNK], w)
            maxmin_id[s : s + _CHUNK] = to_labeled[lid]
            minmax_id[s : s + _CHUNK] = to_labeled[rest]
            value_id[s : s + _CHUNK] = to_value[value_id[s : s + _CHUNK]]
        del result
        for a in (patterns, value_id, maxmin_id, minmax_id):
            a.flags.writeable = False
        cache.tables[m] = SuitTable(
            m, patterns, value_id, maxmin_id, minmax_id, cache.values, cache.labeled
        )
        if m < n:
            level = _next_level(cache, m, value_id, met, size)
    out = {k: cache.tables[k] for k in range(1, n + 1)}
    cache._use_tables(range(1, n + 1))
    cache.trim_tables()  # the tables handed out stay whole: only the cache forgets
    return out


def suit_table(
    n: int,
    *,
    upto_cache: TableCache | None = None,
    should_stop: Callable[[], bool] | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> SuitTable:
    """Every suit of ``n`` cards a hand (see :func:`tables_upto`, which it calls).

    >>> t = suit_table(1)
    >>> [(t.pattern_text(i), t.value_of(i).ascii(), str(t.maxmin_of(i))) for i in range(2)]
    [('WE', 'e0', '(E, 0)'), ('EW', '1-e0', '(W, 1)')]
    >>> suit_table(16)
    Traceback (most recent call last):
    ...
    whistgui.engine.errors.DealError: a table of n = 16 cards a hand is beyond ... limit of 15 ...
    """
    return tables_upto(n, upto_cache=upto_cache, should_stop=should_stop, progress=progress)[n]


# -- one suit: only the patterns it reaches ----------------------------------------------------
class SuitReach:
    """One suit and every pattern it reaches (its reductions, their reductions, …) with their
    values, as :func:`reach` computes them: what the evaluator needs to value, analyze and play
    a long suit without recursing. ``value(p)`` is None for a pattern the suit does not reach.

    >>> r = reach('EEWWEW')                 # itself, 3 patterns of 2 cards, both of 1
    >>> r.value('EEWWEW').pretty(), r.value('EWEW').pretty(), r.value('WEWE'), len(r)
    ('2', '1½', None, 6)
    """

    def __init__(self, pattern: str, root: Value, cache: TableCache) -> None:
        self.pattern = pattern
        self.root = root
        self.cache = cache
        # for each m < n: the reached patterns' ranks (increasing) and their value ids
        self.levels: dict[int, tuple[Int64s, Int32s]] = {}

    def __len__(self) -> int:
        """How many patterns (the suit included) have their values here."""
        return 1 + sum(len(r) for r, _ in self.levels.values())

    @property
    def nbytes(self) -> int:
        return sum(r.nbytes + v.nbytes for r, v in self.levels.values())

    def value(self, pattern: str) -> Value | None:
        """The value of ``pattern`` if the suit reaches it, else None."""
        if expect(pattern, str, "pattern") == self.pattern:
            return self.root
        m = len(pattern) // 2
        level = self.levels.get(m)
        if level is None or not pattern:
            return Value(0) if not pattern else None
        ranks, ids = level
        rank = pattern_rank(pattern)
        i = int(np.searchsorted(ranks, rank))
        if i == len(ranks) or int(ranks[i]) != rank:
            return None
        return self.cache.values[int(ids[i])]


def reach(
    pattern: str,
    *,
    cache: TableCache | None = None,
    should_stop: Callable[[], bool] | None = None,
) -> SuitReach:
    """val of the symmetric single suit ``pattern`` (owners low to high) and of every pattern it
    reaches, from those patterns only, level by level (:class:`SuitReach`). ``should_stop`` is
    polled once a level (True raises :class:`~whistgui.engine.errors.Cancelled`).

    >>> reach('WE' * 17)
    Traceback (most recent call last):
    ...
    whistgui.engine.errors.DealError: the suit 'WEWE...' of 17 cards a hand is beyond ... of 16 ...
    """
    mask = pattern_mask(pattern)
    _check_hooks(cache, "cache", should_stop)
    n = len(pattern) // 2
    cache = cache if cache is not None else TableCache()
    if n == 0:
        return SuitReach(pattern, Value(0), cache)
    if n > MAX_SUIT_N:
        raise DealError(
            f"the suit {quote(pattern)} of {n} cards a hand is beyond the kernel's limit of "
            f"{MAX_SUIT_N} cards a hand"
        )

    def poll(m: int) -> None:
        if should_stop is not None and should_stop():
            raise Cancelled(f"stopped while valuing the suit {pattern!r} ({m} cards a hand)")

    # Down: the ranks (and bitmasks) of the patterns the suit reaches, level by level.
    x = np.array([mask], dtype=np.int64)
    ranks = np.zeros(1, dtype=np.int64)  # the suit itself: its rank is never needed
    down: dict[int, tuple[Int64s, int, list[Block]]] = {}
    for m in range(n, 0, -1):
        poll(m)
        blocks = list(run_blocks(x, m))
        down[m] = (ranks, len(x), blocks)
        if m > 1:
            seen = np.zeros(comb(2 * m - 2, m - 1), dtype=bool)
            seen[reduction_ranks(blocks)] = True
            ranks = np.flatnonzero(seen).astype(np.int64)
            x = colex_unrank(ranks, m - 1)
    # Up: the values.
    levels: dict[int, tuple[Int64s, Int32s]] = {}
    level = _Level(0, np.ones(1, dtype=np.uint8), [cache.value_id(Value(0))])
    for m in range(1, n + 1):
        poll(m)
        ranks, size, blocks = down[m]
        keys, le, lw = level.labeled(cache)
        mm, mx = _level_lids(blocks, size, level.ordinals, le, lw)
        result = _LevelResult(np.empty(size, dtype=np.int32), keys)
        result.put(0, mm, mx)
        to_value, met = result.resolve(cache)
        value_id = to_value[result.code]
        if m == n:
            out = SuitReach(pattern, cache.values[int(value_id[0])], cache)
            out.levels = levels
            return out
        levels[m] = (ranks, value_id)
        ids = sorted(met.tolist(), key=lambda i: cache.value_keys[i])
        dtype = _ordinal_dtype(len(ids) + 1)
        to_ordinal = np.zeros(len(cache.values), dtype=dtype)
        to_ordinal[ids] = np.arange(1, len(ids) + 1, dtype=dtype)
        ordinals = np.zeros(comb(2 * m, m), dtype=dtype)
        ordinals[ranks] = to_ordinal[value_id]
        level = _Level(m, ordinals, ids)
    raise AssertionError("unreachable")  # pragma: no cover


def reach_size(pattern: str) -> int:
    """How many patterns the suit ``pattern`` reaches, itself and the empty suit included: its
    distinct subwords with as many W as E (every trick plays one West and one East card, any
    two), counted without listing them — the work of valuing it, pattern by pattern. Exact
    below 2⁵³, a float's nearest integer above (the alternating suit of 30 cards a hand
    reaches about 3·10¹⁷).

    >>> reach_size('EEWWEW'), len(reach('EEWWEW')) + 1    # the reach does not list the empty suit
    (7, 7)
    >>> reach_size('WE' * 13), reach_size('WE' * 17)
    (60856, 2491934)
    """
    pattern_mask(pattern)  # checks it
    if len(pattern) > 2 * MAX_REACH_COUNT_N:
        raise DealError(
            f"the suit {quote(pattern)} of {len(pattern) // 2:,} cards a hand is beyond the "
            f"{MAX_REACH_COUNT_N} cards a hand whose reach is counted (in a fraction of a second)"
        )
    n = len(pattern)
    # count[w, e]: the distinct subwords with w W and e E of the part read so far; the usual
    # count of distinct subsequences (a new letter doubles them, less those already made
    # with its previous occurrence), kept by the letters' counts.
    count = np.zeros((n + 2, n + 2))
    count[0, 0] = 1.0
    before: dict[str, npt.NDArray[np.float64]] = {}
    for c in pattern:
        new = count.copy()
        shifted = (slice(1, None), slice(None)) if c == "W" else (slice(None), slice(1, None))
        source = (slice(None, -1), slice(None)) if c == "W" else (slice(None), slice(None, -1))
        new[shifted] += count[source]
        if c in before:
            new[shifted] -= before[c][source]
        before[c] = count
        count = new
    return round(float(np.trace(count)))


def suit_value(pattern: str, *, cache: TableCache | None = None) -> Value:
    """val of the symmetric single suit with owners ``pattern`` (low to high), from the
    patterns it reaches (:func:`reach`); equal to the evaluator's
    :meth:`~whistgui.engine.games.whist.evaluator.Evaluator.pattern_value`.

    >>> suit_value('EWEW'), suit_value('')
    (Value.parse('3/2'), Value.parse('0'))
    """
    return reach(pattern, cache=cache).root
