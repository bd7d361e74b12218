"""What the Single Suits plots show, Qt-free: of the suits the table *shows* (its filter
applied), the distribution of one n's values and the number of distinct values for each n —
one description for the window's plots and for their figures (:mod:`whistgui.figures.lab`).

>>> import numpy as np
>>> from whistgui.app.lab import lab_table
>>> t = lab_table(1, 2)
>>> d = distribution(t, np.arange(len(t)), 2)
>>> d.summary(), [(b.value.pretty(), b.count, b.x) for b in d.bars()]
('6 suits, 6 distinct values', [('ε₀', 1, 0.0), ('½', 1, 0.5), ('1 − ε₁', 1, 0.9), \
('1 + ε₁', 1, 1.1), ('1½', 1, 1.5), ('2 − ε₀', 1, 2.0)])
>>> kept = np.array([2, 3, 4])  # three suits of n = 2 shown
>>> distribution(t, kept, 2, ("exit",)).summary()
'3 of 6 suits, 3 distinct values (filter: exit)'
>>> g = growth({1: 2, 2: 6}, t, kept, ("exit",))
>>> g.distinct, g.shown
(((1, 2), (2, 6)), ((1, 0), (2, 3)))
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from itertools import groupby, pairwise
from typing import Final

import numpy as np
import numpy.typing as npt

from whistgui.app.lab import LabTable
from whistgui.engine.games.whist.value import Value

__all__ = ["BAR_SLOT", "Bar", "Distribution", "Growth", "distribution", "filter_text", "growth"]

Rows = npt.NDArray[np.intp]

#: A number part's share of the least spacing of those shown (and of ½, the half-integers'
#: spacing, at most): its values' bars stand in it, the rest is the room between numbers.
BAR_SLOT: Final = Fraction(4, 5)
#: The share of its room a bar fills when a number part has several values: a gap between.
_SHARED_BAR: Final = Fraction(7, 10)


def filter_text(words: tuple[str, ...]) -> str:
    """The filter as the plots and exports name it, or nothing: its terms as typed, a phrase
    (straight quotes in :attr:`SuitTableModel.words`) in one pair of typographic quotes, a
    word bare — never quotes in quotes, and a phrase told from its words.

    >>> filter_text(("exit", "1½")), filter_text(('"with 2 stoppers"',))
    ('(filter: exit 1½)', '(filter: “with 2 stoppers”)')
    >>> filter_text(("1½", '"exit for west"')), filter_text(())
    ('(filter: 1½ “exit for west”)', '')
    """
    if not words:
        return ""
    return "(filter: " + " ".join(f"“{w[1:-1]}”" if _is_phrase(w) else w for w in words) + ")"


def _is_phrase(word: str) -> bool:
    return len(word) >= 2 and word[0] == word[-1] == '"'


@dataclass(frozen=True, slots=True)
class Bar:
    """One bar of the values plot: ``count`` suits have ``value``; it stands at ``x`` (its
    centre), ``width`` wide, in ``room`` of its own (no two bars' rooms meet)."""

    value: Value
    count: int
    x: float
    width: float
    room: float


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

    def bars(self) -> list[Bar]:
        """A bar for each distinct value, smallest first: as many as :attr:`distinct`. A
        value stands at its number part; the values of one number part (q − ε₄, q, q + ε₂)
        side by side around it, in their order. The most values of one number part share
        :data:`BAR_SLOT` of the least spacing of the number parts shown, and of ½ at most (a
        lone value, or values 2 apart, do not look like a range of values); every bar is as
        wide.

        >>> d = Distribution(6, ((Value.parse('2-e4'), 2), (Value.parse('2+e2'), 6),
        ...                      (Value.parse('4-e2'), 6)), 924, ('east', '2', 'stoppers'))
        >>> [(b.value.pretty(), b.count, b.x, b.room) for b in d.bars()]
        [('2 − ε₄', 2, 1.9, 0.2), ('2 + ε₂', 6, 2.1, 0.2), ('4 − ε₂', 6, 4.0, 0.2)]
        """
        groups = [list(g) for _q, g in groupby(self.counts, key=lambda vc: vc[0].number)]
        numbers = [g[0][0].number for g in groups]
        spacing = min([b - a for a, b in pairwise(numbers)] + [Fraction(1, 2)])
        most = max((len(g) for g in groups), default=1)
        room = BAR_SLOT * spacing / most  # every bar as wide: heights alone compare
        width = room if most == 1 else room * _SHARED_BAR
        out: list[Bar] = []
        for q, group in zip(numbers, groups, strict=True):
            for i, (value, c) in enumerate(group):
                x = q + (i - Fraction(len(group) - 1, 2)) * room
                out.append(Bar(value, c, float(x), float(width), float(room)))
        return out

    def summary(self) -> str:
        """``112 of 12,870 suits, 9 distinct values (filter: exit)``; ``924 suits, 49
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
