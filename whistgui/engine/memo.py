"""A memo with a size bound: the engine's caches forget their least recently used entries.

Every memo of the engine (the evaluator's values, the solvers' transposition tables, the
strategist's marks, GOPS's states, the kernel's tables) is a :class:`Memo`: a dict kept in the
order of use, with a bound on its entries, :meth:`Memo.clear`, and counts of hits, misses and
evictions. Two ways of using it:

* *one entry at a time* — :meth:`Memo.get` counts a hit or a miss and makes a hit the most
  recently used entry; :meth:`Memo.put` adds an entry and at once forgets the least recently
  used ones past the bound, so the memo never holds more than its bound;
* *a recursion's working set* — a search whose every step reads and writes the memo (the
  evaluator's recursion, a solver's table) works on the plain dict :attr:`Memo.data` at the
  speed of a dict, its owner counting hits and misses, and calls :meth:`Memo.trim` when the
  public call that started it returns. Within one call the memo may grow past its bound (what
  the call reaches, which the callers' limits keep finite: a search that needs its whole
  working set is never starved of it); between calls it holds at most its bound. Entries are
  then used in the order they were made, and :meth:`Memo.touch` marks the ones a public call
  asked for as used.

Trimming forgets down to seven eighths of the bound, so that a memo at its bound is not
trimmed again after every new entry.

>>> m = Memo(3, "a demonstration")
>>> for k in 'abc':
...     _ = m.put(k, k.upper())
>>> m.get('a'), m.get('z')        # 'a' is now the most recently used, 'b' the least
('A', None)
>>> _ = m.put('d', 'D')
>>> sorted(m.data), m.stats
(['a', 'c', 'd'], {'entries': 3, 'bound': 3, 'hits': 1, 'misses': 1, 'evicted': 1})
"""

from __future__ import annotations

from collections.abc import Hashable, Iterator
from itertools import islice
from typing import Generic, TypeVar

from whistgui.engine.checks import whole

__all__ = ["Memo", "check_bound"]

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")


def check_bound(bound: int | None, name: str) -> int | None:
    """``bound`` if it is None (no bound) or a whole number of at least 1; else
    ArgumentTypeError or ArgumentError naming ``name``."""
    return None if bound is None else whole(bound, name, low=1)


class Memo(Generic[K, V]):
    """A dict of at most ``bound`` entries (None: no bound), the least recently used forgotten
    first; ``name`` says what it holds (in :meth:`__repr__`)."""

    __slots__ = ("bound", "data", "evicted", "hits", "keep", "misses", "name")

    def __init__(
        self, bound: int | None, name: str = "memo", *, keep: frozenset[K] = frozenset()
    ) -> None:
        self.bound = check_bound(bound, "bound")
        self.name = name
        #: Keys never forgotten (they count towards the bound): a recursion's base case.
        self.keep = keep
        #: The entries, the least recently used first. A recursion reads and writes it
        #: directly (then calls :meth:`trim`); it is never replaced, only emptied.
        self.data: dict[K, V] = {}
        self.hits = 0
        self.misses = 0
        self.evicted = 0

    def __repr__(self) -> str:
        bound = "no bound" if self.bound is None else f"bound {self.bound:,}"
        return f"<Memo of {self.name}: {len(self.data):,} entries, {bound}>"

    def __len__(self) -> int:
        return len(self.data)

    def __contains__(self, key: object) -> bool:
        return key in self.data

    def __iter__(self) -> Iterator[K]:
        return iter(self.data)

    @property
    def stats(self) -> dict[str, int]:
        """Entries held, the bound (0: none), hits and misses of :meth:`get`, entries
        forgotten."""
        return {
            "entries": len(self.data),
            "bound": self.bound or 0,
            "hits": self.hits,
            "misses": self.misses,
            "evicted": self.evicted,
        }

    def clear(self) -> None:
        """Forget every entry and the counts."""
        self.data.clear()
        self.hits = self.misses = self.evicted = 0

    def copy(self) -> Memo[K, V]:
        """A new memo with the same bound and entries (in the same order), counts at zero."""
        other: Memo[K, V] = Memo(self.bound, self.name, keep=self.keep)
        other.data.update(self.data)
        return other

    # -- one entry at a time --------------------------------------------------------------
    def get(self, key: K) -> V | None:
        """The entry of ``key`` (now the most recently used), or None; counted."""
        data = self.data
        v = data.get(key)
        if v is None:
            self.misses += 1
            return None
        self.hits += 1
        del data[key]
        data[key] = v
        return v

    def put(self, key: K, value: V) -> V:
        """``value`` stored under ``key`` as the most recently used entry, the least recently
        used ones forgotten past the bound; returns ``value``."""
        data = self.data
        data.pop(key, None)
        data[key] = value
        if self.bound is not None and len(data) > self.bound:
            self.trim()
        return value

    # -- a recursion's working set --------------------------------------------------------
    def touch(self, key: K) -> None:
        """Mark ``key``'s entry (if any) as the most recently used."""
        data = self.data
        if key in data:
            data[key] = data.pop(key)

    def trim(self) -> list[K]:
        """Forget the least recently used entries past the bound (down to seven eighths of
        it, the kept keys aside); the keys forgotten, least recently used first."""
        bound = self.bound
        data = self.data
        if bound is None or len(data) <= bound:
            return []
        excess = len(data) - (bound - bound // 8)
        keys = iter(data) if not self.keep else (k for k in data if k not in self.keep)
        doomed = list(islice(keys, excess))
        for key in doomed:
            del data[key]
        self.evicted += len(doomed)
        return doomed
