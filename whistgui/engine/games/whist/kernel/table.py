"""A table of every suit of n cards a hand (:class:`SuitTable`: its patterns, values, maxmin and
minmax as numpy arrays of ids) and the memo that tables and suits computed so far share
(:class:`TableCache`: the values and labeled values met, the simplest value of each pair of
bounds, the finished tables). The kernel (:mod:`~whistgui.engine.games.whist.kernel`) fills both.

>>> from whistgui.engine.games.whist.kernel import suit_table
>>> t = suit_table(2)
>>> t.pattern_text(4), t.value_of(4).pretty(), len(t)
('EWEW', '1½', 6)
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterable, Iterator
from contextlib import AbstractContextManager, contextmanager
from dataclasses import dataclass
from typing import Final

import numpy as np
import numpy.typing as npt

from whistgui.engine.checks import expect, optional_callable, whole
from whistgui.engine.errors import Cancelled, DealError
from whistgui.engine.games.whist.kernel.ranks import Int32s, colex_ranks, reverse_bits
from whistgui.engine.games.whist.keys import (
    check_key,
    labeled_from_key,
    mask_text,
    pattern_rank,
    simplest_key,
    value_from_key,
    value_key,
)
from whistgui.engine.games.whist.value import LabeledValue, Value
from whistgui.engine.memo import Memo, check_bound
from whistgui.engine.reading import quote

__all__ = ["PAIRS", "TABLE_BYTES", "SuitTable", "TableCache"]

#: The bytes of finished tables a :class:`TableCache` keeps by default: every table up to 12
#: cards a hand (the Single Suits window's limit) is 73 MB, the table of 13 alone 208 MB.
TABLE_BYTES: Final = 256 << 20
#: The simplest-value pairs a :class:`TableCache` keeps by default (some 1,300 up to 16 cards
#: a hand), and the values and labeled values past which it is :attr:`~TableCache.full`.
PAIRS: Final = 100_000
#: Seconds between two polls of ``should_stop`` while :meth:`TableCache.holding` waits.
_WAIT: Final = 0.05


# -- the memo -----------------------------------------------------------------------------------
class TableCache:
    """What tables and suits computed so far share: the values and labeled values met (their
    ids index :attr:`SuitTable.values` and :attr:`SuitTable.labeled`), the simplest value of
    each (maxmin, minmax) pair met, and the finished tables by n (so a larger table goes on
    from the largest one here).

    Threads: its methods, and the kernel's functions that fill it, are not thread-safe by
    themselves; a cache that several threads use is used inside :meth:`holding` (its
    :attr:`lock`: one computes, the others wait), as the evaluator uses it. Reading a table
    already handed out needs no lock (its arrays are read-only, its lists only grow).

    Bounded: the finished tables it keeps hold at most ``table_bytes`` bytes (2 MB a 100,000
    rows), the least recently used forgotten first when :func:`~whistgui.engine.games.whist.
    kernel.tables_upto` returns (a forgotten level is computed again when asked for); the
    pairs are a :class:`~whistgui.engine.memo.Memo` of ``pairs`` entries. The values and
    labeled values are registries, not memos — a table refers to them by id, so none is
    forgotten; they are the distinct values met, a few hundred up to 16 cards a hand — and
    :attr:`full` says when they pass ``pairs`` too, for an owner to start a new cache.

    >>> from whistgui.engine.games.whist.kernel import suit_table
    >>> cache = TableCache()
    >>> _ = suit_table(3, upto_cache=cache)
    >>> sorted(cache.tables), cache.stats['values']
    ([1, 2, 3], 19)
    """

    def __init__(self, *, table_bytes: int | None = TABLE_BYTES, pairs: int | None = PAIRS) -> None:
        self.table_bytes = check_bound(table_bytes, "table_bytes")
        self.pair_bound = check_bound(pairs, "pairs")
        #: held by whoever computes with this cache (see :meth:`holding`)
        self.lock = threading.RLock()
        self._reset()

    def holding(
        self, should_stop: Callable[[], bool] | None = None
    ) -> AbstractContextManager[TableCache]:
        """Hold :attr:`lock` for the block (the cache to fill); while another thread holds
        it, wait, polling ``should_stop`` every 50 ms (True raises
        :class:`~whistgui.engine.errors.Cancelled`).

        >>> cache = TableCache()
        >>> with cache.holding() as c:
        ...     c is cache
        True
        """
        return self._held(optional_callable(should_stop, "should_stop"))

    @contextmanager
    def _held(self, should_stop: Callable[[], bool] | None) -> Iterator[TableCache]:
        while not self.lock.acquire(timeout=_WAIT):
            if should_stop is not None and should_stop():
                raise Cancelled("stopped while waiting for another thread's table")
        try:
            yield self
        finally:
            self.lock.release()

    def _reset(self) -> None:
        self.values: list[Value] = []
        self.labeled: list[LabeledValue] = []
        self.value_keys: list[int] = []
        self._value_ids: dict[int, int] = {}
        self._labeled_ids: dict[int, int] = {}
        self._simplest: Memo[tuple[int, int], int] = Memo(self.pair_bound, "simplest values")
        #: finished tables by n, the least recently used first
        self.tables: dict[int, SuitTable] = {}
        self._hits = 0
        self._misses = 0
        self._evicted = 0
        self.value_id(Value(0))

    def clear(self) -> None:
        """Forget every value, pair and table (tables already handed out keep their lists)."""
        self._reset()

    @property
    def stats(self) -> dict[str, int]:
        """Values and labeled values known, simplest-value pairs memoized, hits and misses,
        bytes of the tables kept, tables forgotten (past :attr:`table_bytes`)."""
        return {
            "values": len(self.values),
            "labeled": len(self.labeled),
            "pairs": len(self._simplest),
            "hits": self._hits,
            "misses": self._misses,
            "table_bytes": self.kept_bytes,
            "evicted": self._evicted,
        }

    @property
    def kept_bytes(self) -> int:
        """Bytes held by the tables kept."""
        return sum(t.nbytes for t in self.tables.values())

    @property
    def full(self) -> bool:
        """Have the registries of values and labeled values (which are never trimmed) passed
        the bound of the pairs? An owner then starts a new cache."""
        bound = self.pair_bound
        return bound is not None and len(self.values) + len(self.labeled) > bound

    def _use_tables(self, ns: Iterable[int]) -> None:
        """Mark the tables of these n (those kept) as the most recently used."""
        tables = self.tables
        for n in ns:
            t = tables.pop(n, None)
            if t is not None:
                tables[n] = t

    def trim_tables(self) -> list[int]:
        """Forget the least recently used tables until those kept hold at most
        :attr:`table_bytes` bytes; the n of those forgotten."""
        bound = self.table_bytes
        if bound is None:
            return []
        gone = []
        size = self.kept_bytes
        while size > bound and self.tables:
            n = next(iter(self.tables))
            size -= self.tables.pop(n).nbytes
            gone.append(n)
        self._evicted += len(gone)
        return gone

    def value_id(self, v: Value) -> int:
        """The id of ``v`` (added if new)."""
        return self._key_id(value_key(v))

    def _key_id(self, key: int) -> int:
        i = self._value_ids.get(key)
        if i is None:
            v = value_from_key(key)
            i = self._value_ids[key] = len(self.values)
            self.values.append(v)
            self.value_keys.append(key)
        return i

    def labeled_id(self, key: int) -> int:
        """The id of the labeled value with key ``key`` (added if new)."""
        if type(key) is not int:
            check_key(key, "key", labeled=True)
        i = self._labeled_ids.get(key)
        if i is None:
            check_key(key, "key", labeled=True)
        if i is None:
            i = self._labeled_ids[key] = len(self.labeled)
            self.labeled.append(labeled_from_key(key))
        return i

    def simplest_id(self, maxmin_key: int, minmax_key: int) -> int:
        """The id of the simplest value between two labeled keys (:func:`simplest_key`)."""
        if type(maxmin_key) is not int or type(minmax_key) is not int:
            check_key(maxmin_key, "maxmin_key", labeled=True)
            check_key(minmax_key, "minmax_key", labeled=True)
        i = self._simplest.data.get((maxmin_key, minmax_key))
        if i is not None:
            self._hits += 1
            return i
        check_key(maxmin_key, "maxmin_key", labeled=True)
        check_key(minmax_key, "minmax_key", labeled=True)
        self._misses += 1
        i = self._key_id(simplest_key(maxmin_key, minmax_key))
        return self._simplest.put((maxmin_key, minmax_key), i)

    def pairs(self) -> list[tuple[int, int, Value]]:
        """Every (maxmin key, minmax key, simplest value) met so far."""
        return [(a, b, self.values[i]) for (a, b), i in self._simplest.data.items()]


# -- the table ----------------------------------------------------------------------------------
@dataclass(frozen=True, eq=False)
class SuitTable:
    """Every single suit of ``n`` cards a hand, whoever holds the top card: C(2n, n) rows.

    Row i is the suit whose bitmask is ``patterns[i]`` (increasing; see the module); its value
    is ``values[value_id[i]]``, its maxmin ``labeled[maxmin_id[i]]`` and its minmax
    ``labeled[minmax_id[i]]``. The lists are shared by every table of one
    :class:`TableCache` and only grow.
    """

    n: int
    patterns: npt.NDArray[np.uint64]
    value_id: Int32s
    maxmin_id: Int32s
    minmax_id: Int32s
    values: list[Value]
    labeled: list[LabeledValue]

    def __len__(self) -> int:
        return len(self.patterns)

    @property
    def nbytes(self) -> int:
        """Bytes held by the four arrays."""
        return sum(a.nbytes for a in (self.patterns, self.value_id, self.maxmin_id, self.minmax_id))

    def _row(self, i: object) -> int:
        last = len(self.patterns) - 1
        return whole(i, "i", low=0, high=last, what=f"a row of the table, from 0 to {last:,}")

    def value_of(self, i: int) -> Value:
        """Row i's value."""
        return self.values[int(self.value_id[self._row(i)])]

    def maxmin_of(self, i: int) -> LabeledValue:
        """Row i's maxmin."""
        return self.labeled[int(self.maxmin_id[self._row(i)])]

    def minmax_of(self, i: int) -> LabeledValue:
        """Row i's minmax."""
        return self.labeled[int(self.minmax_id[self._row(i)])]

    def pattern_text(self, i: int) -> str:
        """Row i's pattern, owners from low to high (the evaluator's convention)."""
        return mask_text(int(self.patterns[self._row(i)]), self.n)

    def index_of(self, pattern: str) -> int:
        """The row of ``pattern``.

        >>> from whistgui.engine.games.whist.kernel import suit_table
        >>> t = suit_table(3)
        >>> t.index_of('EWEWWE'), t.pattern_text(t.index_of('EWEWWE'))
        (8, 'EWEWWE')
        """
        if len(expect(pattern, str, "pattern")) != 2 * self.n:
            raise DealError(
                f"pattern {quote(pattern)} has {len(pattern)} cards, not the {2 * self.n} of a "
                f"suit of {self.n} cards a hand"
            )
        return pattern_rank(pattern)

    def lex_order(self) -> npt.NDArray[np.intp]:
        """The rows in the order of :func:`~whistgui.engine.tables.rows.patterns` (West's
        positions in lexicographic order): ``lex_order()[k]`` is the row of the k-th pattern
        there.

        >>> from whistgui.engine.games.whist.kernel import suit_table
        >>> t = suit_table(2)
        >>> [t.pattern_text(i) for i in t.lex_order()]
        ['WWEE', 'WEWE', 'WEEW', 'EWWE', 'EWEW', 'EEWW']
        """
        # Lexicographic order of a position set is the reverse of the colex order of the
        # mirrored set (p -> 2n - 1 - p), and the mirrored patterns are again all patterns.
        mirrored = reverse_bits(self.patterns.view(np.int64), 2 * self.n)
        place = len(self) - 1 - colex_ranks(mirrored, 2 * self.n)
        order = np.empty(len(self), dtype=np.intp)
        order[place] = np.arange(len(self), dtype=np.intp)
        return order
