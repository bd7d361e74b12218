"""What the Single Suits plots show, Qt-free: of the suits the table *shows* (its filter
applied), the distribution of one n's values and the number of distinct values for each n —
one description for the window's plots and for their figures (:mod:`whistgui.figures.lab`).

>>> import numpy as np
>>> from whistgui.app.lab import lab_table
>>> t = lab_table(1, 2)
>>> d = distribution(t, np.arange(len(t)), 2)
>>> d.summary(), [(str(x), c) for x, c in d.by_number()]
('6 suits, 6 distinct values', [('0', 1), ('1/2', 1), ('1', 2), ('3/2', 1), ('2', 1)])
>>> kept = np.array([2, 3, 4])  # three suits of n = 2 shown
>>> distribution(t, kept, 2, ("exit",)).summary()
'3 of 6 suits, 3 distinct values (filter “exit”)'
>>> g = growth({1: 2, 2: 6}, t, kept, ("exit",))
>>> g.distinct, g.shown
(((1, 2), (2, 6)), ((1, 0), (2, 3)))
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction

import numpy as np
import numpy.typing as npt

from whistgui.app.lab import LabTable
from whistgui.engine.games.whist.value import Value

__all__ = ["Distribution", "Growth", "distribution", "filter_text", "growth"]

Rows = npt.NDArray[np.intp]


def filter_text(words: tuple[str, ...]) -> str:
    """The filter as the plots name it: ``(filter “exit 1½”)``, or nothing."""
    return f"(filter “{' '.join(words)}”)" if words else ""


@dataclass(frozen=True, slots=True)
class Distribution:
    """How many of the suits of ``n`` cards a hand shown have each value (``counts``, in
    the values' exact order), of ``total`` listed; ``words``: the filter's."""

    n: int
    counts: tuple[tuple[Value, int], ...]
    total: int
    words: tuple[str, ...] = ()

    @property
    def shown(self) -> int:
        return sum(c for _v, c in self.counts)

    @property
    def distinct(self) -> int:
        return len(self.counts)

    def by_number(self) -> list[tuple[Fraction, int]]:
        """The counts merged by the values' number part, smallest first (what the bars show:
        1 − ε₁, 1 and 1 + ε₁ are one bar at 1)."""
        merged: dict[Fraction, int] = {}
        for value, c in self.counts:
            merged[value.number] = merged.get(value.number, 0) + c
        return sorted(merged.items())

    def summary(self) -> str:
        """``112 of 12,870 suits, 9 distinct values (filter “exit”)``; ``924 suits, 49
        distinct values`` when every suit is shown."""
        if not self.words:
            return f"{self.total:,} suits, {self.distinct:,} distinct values"
        return (
            f"{self.shown:,} of {self.total:,} suits, {self.distinct:,} distinct values "
            f"{filter_text(self.words)}"
        )


@dataclass(frozen=True, slots=True)
class Growth:
    """How many distinct values the suits of each n have (``distinct``: every suit, for
    every n valued), and, under a filter, how many the suits shown have (``shown``: the n
    listed; empty without a filter)."""

    distinct: tuple[tuple[int, int], ...]
    shown: tuple[tuple[int, int], ...] = ()
    words: tuple[str, ...] = ()


def distribution(table: LabTable, rows: Rows, n: int, words: tuple[str, ...] = ()) -> Distribution:
    """The :class:`Distribution` of the suits of ``n`` cards a hand among ``rows`` (table
    rows, those shown)."""
    chosen = rows[table.n[rows] == n]
    counts = np.bincount(table.value_id[chosen], minlength=len(table.values))
    ids = sorted(np.flatnonzero(counts).tolist(), key=lambda i: int(table.value_rank[i]))
    lo, hi = table.spans[n]
    return Distribution(
        n, tuple((table.values[i], int(counts[i])) for i in ids), hi - lo, tuple(words)
    )


def growth(
    distinct: Mapping[int, int], table: LabTable | None, rows: Rows, words: tuple[str, ...] = ()
) -> Growth:
    """The :class:`Growth` of ``distinct`` (every n valued), with the suits shown (``rows``
    of ``table``) counted for each n listed when there is a filter (``words``)."""
    every = tuple(sorted(distinct.items()))
    if table is None or not words:
        return Growth(every)
    shown = []
    n_of = table.n[rows]
    for n in table.ns:
        ids = table.value_id[rows[n_of == n]]
        shown.append((n, int(np.unique(ids).size)))
    return Growth(every, tuple(shown), tuple(words))
