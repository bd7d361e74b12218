"""Where labels go so that none sits on another or on a marker: one set of rules for the number
line the inspector draws on screen (in pixels) and the one printed as a figure (in points).

Nothing here knows a unit, a font or Qt: a caller measures its texts and markers and hands over
their boxes; what comes back are boxes too.

- :class:`Box` — a rectangle, and whether two meet (with a gap between them).
- :func:`first_free` — the first of a label's candidate places that meets nothing placed.
- :class:`Rows` — staggered rows of labels, each in the first row where it has room.
- :func:`lay_chain` — a chain of evenly spaced points with a label under each, as many points
  as there is room for: the ones that must be seen always, then their neighbours; each run of
  points left out is one "…" between its neighbours, and the layout says which points it stands
  for (the screen names them in a tooltip).
- :func:`wrap_words` — a line of text broken at spaces into lines no wider than asked.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from itertools import pairwise

__all__ = ["Box", "ChainLayout", "Rows", "Slot", "first_free", "lay_chain", "wrap_words"]


@dataclass(frozen=True, slots=True)
class Box:
    """A rectangle: x from ``left`` to ``right``, y from ``top`` down to ``bottom``."""

    left: float
    top: float
    right: float
    bottom: float

    @classmethod
    def around(cls, cx: float, cy: float, half_w: float, half_h: float) -> Box:
        return cls(cx - half_w, cy - half_h, cx + half_w, cy + half_h)

    @property
    def width(self) -> float:
        return self.right - self.left

    @property
    def height(self) -> float:
        return self.bottom - self.top

    @property
    def cx(self) -> float:
        return (self.left + self.right) / 2

    def meets(self, other: Box, gap: float = 0.0) -> bool:
        """Do the two overlap, or come nearer than ``gap``? (Touching edges do not meet.)

        >>> Box(0, 0, 2, 1).meets(Box(2, 0, 3, 1))
        False
        >>> Box(0, 0, 2, 1).meets(Box(2, 0, 3, 1), gap=0.5)
        True
        """
        eps = 1e-9
        return (
            self.left < other.right + gap - eps
            and other.left < self.right + gap - eps
            and self.top < other.bottom + gap - eps
            and other.top < self.bottom + gap - eps
        )

    def moved(self, dx: float, dy: float = 0.0) -> Box:
        return Box(self.left + dx, self.top + dy, self.right + dx, self.bottom + dy)

    def grown(self, dx: float, dy: float = 0.0) -> Box:
        return Box(self.left - dx, self.top - dy, self.right + dx, self.bottom + dy)


def first_free(candidates: Iterable[Box], taken: Iterable[Box], gap: float = 0.0) -> Box | None:
    """The first of ``candidates`` that meets none of ``taken`` (nearer than ``gap``), or
    None."""
    placed = list(taken)
    for box in candidates:
        if not any(box.meets(t, gap) for t in placed):
            return box
    return None


class Rows:
    """Rows of labels that must stay ``gap`` apart: each row a list of (left, right)."""

    def __init__(self, gap: float) -> None:
        self.gap = gap
        self.rows: list[list[tuple[float, float]]] = []

    def free(self, row: int, left: float, right: float) -> bool:
        if row >= len(self.rows):
            return True
        return all(right + self.gap <= a or b + self.gap <= left for a, b in self.rows[row])

    def first(self, left: float, right: float, limit: int | None = None) -> int | None:
        """The first row (below ``limit``) where (left, right) has room, or None."""
        row = 0
        while not self.free(row, left, right):
            row += 1
            if limit is not None and row >= limit:
                return None
        return row

    def take(self, row: int, left: float, right: float) -> None:
        while len(self.rows) <= row:
            self.rows.append([])
        self.rows[row].append((left, right))

    @property
    def count(self) -> int:
        return len(self.rows)


def wrap_words(text: str, width: float, measure: Callable[[str], float]) -> list[str]:
    """``text`` broken at spaces into lines no wider than ``width`` (a word wider than that
    stands alone on its line).

    >>> wrap_words("a bb ccc", 4, len)
    ['a bb', 'ccc']
    """
    lines: list[str] = []
    current = ""
    for word in text.split(" "):
        trial = f"{current} {word}" if current else word
        if not current or measure(trial) <= width + 1e-9:
            current = trial
        else:
            lines.append(current)
            current = word
    lines.append(current)
    return lines


@dataclass(frozen=True, slots=True)
class Slot:
    """One place on a laid-out chain, at ``x``: a point (``positions`` one, ``elided``
    False), its label in row ``row``; or a "…" standing for the ``positions`` left out."""

    x: float
    positions: tuple[int, ...]
    elided: bool = False
    row: int = 0


@dataclass(frozen=True, slots=True)
class ChainLayout:
    """Where a chain's points and its "…" go: ``slots`` left to right, ``rows`` rows of
    labels, ``spacing`` from one slot to the next; ``before`` and ``after`` the chain's
    positions beyond the first and the last point drawn (folded into the chain's end marks)."""

    slots: tuple[Slot, ...]
    rows: int
    spacing: float
    before: tuple[int, ...]
    after: tuple[int, ...]

    def shown(self) -> list[int]:
        """The positions drawn as points, in order."""
        return [s.positions[0] for s in self.slots if not s.elided]

    def elided(self) -> list[tuple[int, ...]]:
        """The runs of positions drawn as one "…" each, in order."""
        return [s.positions for s in self.slots if s.elided]


def lay_chain(
    positions: Sequence[int],
    widths: Mapping[int, float],
    tiers: Sequence[Iterable[int]],
    left: float,
    right: float,
    *,
    point: float,
    mark: float,
    end: float,
    gap: float,
    label_gap: float | None = None,
    rows: int = 1,
) -> ChainLayout:
    """Lay the chain of consecutive ``positions`` out between ``left`` and ``right``.

    ``widths`` are the labels' widths (each label centred under its point), ``point`` a point's
    width, ``mark`` the width of a "…", ``end`` the room an end of the chain needs beyond its
    outermost point (for the chain's end marks); ``gap`` the least room between two points, or
    a point and a "…", ``label_gap`` between two labels side by side (``gap`` if not given).
    The points of ``tiers[0]`` are always drawn (in more than ``rows`` rows of labels if one
    row is too narrow for them); then, while the labels fit in those rows ``label_gap`` apart
    and the points ``gap`` apart, the other tiers' points in order, then the rest, nearest to
    a point of the tiers first. A point of ``tiers[1]`` that does not fit may take one row
    more (when ``tiers[0]`` kept to ``rows``); the rest are drawn only in the rows
    ``tiers[0]`` took. A run of points left out between two drawn ones becomes one "…".
    Where even the points of ``tiers[0]`` cannot stand ``gap`` apart (a width of a few
    labels), they are crowded together — their labels still in rows apart and inside.

    >>> widths = dict.fromkeys(range(-3, 4), 4.0)
    >>> lay = lay_chain(range(-3, 4), widths, [[0], [3]], 0, 24, point=1, mark=1, end=1, gap=1)
    >>> lay.shown(), lay.elided(), lay.before
    ([-1, 0, 1, 2, 3], [], (-3, -2))

    Labels kept further apart leave more out:

    >>> lay = lay_chain(range(-3, 4), widths, [[0], [3]], 0, 24, point=1, mark=1, end=1, gap=1,
    ...                 label_gap=2)
    >>> lay.shown(), lay.elided(), lay.before
    ([-1, 0, 3], [(1, 2)], (-3, -2))
    """
    pool = list(positions)
    if not pool:
        raise ValueError("a chain needs at least one position")
    inside = set(pool)
    tier_lists = [[p for p in dict.fromkeys(t) if p in inside] for t in tiers]
    must = set(tier_lists[0]) if tier_lists else set()
    if not must:
        must = {pool[len(pool) // 2]}

    apart = gap if label_gap is None else label_gap

    def attempt(shown: set[int], limit: int | None, strict: bool) -> ChainLayout | None:
        return _attempt(
            pool, sorted(shown), widths, left, right, point, mark, end, (gap, apart), limit, strict
        )

    limit = max(1, rows)
    best = attempt(must, limit, True)
    while best is None and limit < len(must):
        limit += 1
        best = attempt(must, limit, True)
    if best is None:  # too narrow for the points themselves: crowd them, labels still apart
        best = attempt(must, None, False)
        assert best is not None  # without limits every label finds a row
        return best
    shown = set(must)
    important = [p for t in tier_lists for p in t]
    rest = sorted(
        (p for p in pool if p not in important),
        key=lambda p: (min(abs(p - q) for q in important or [0]), abs(p), p),
    )
    second = set(tier_lists[1]) if len(tier_lists) > 1 else set()
    base = limit  # the rest only where the labels keep to the rows the first tier took
    for p in [*important, *rest]:
        if p in shown:
            continue
        trial = attempt(shown | {p}, limit if p in important else base, True)
        if trial is None and p in second and limit == max(1, rows):  # a row more for these
            trial = attempt(shown | {p}, limit + 1, True)
            limit += trial is not None
        if trial is not None:
            shown.add(p)
            best = trial
    return best


def _attempt(
    pool: list[int],
    shown: list[int],
    widths: Mapping[int, float],
    left: float,
    right: float,
    point: float,
    mark: float,
    end: float,
    gaps: tuple[float, float],
    limit: int | None,
    strict: bool,
) -> ChainLayout | None:
    """The layout drawing ``shown`` (sorted), or None if it does not fit; ``gaps``: the least
    room between points, between labels."""
    gap, label_gap = gaps
    kinds: list[tuple[tuple[int, ...], bool]] = [((shown[0],), False)]
    for a, b in pairwise(shown):
        if b - a > 1:
            kinds.append((tuple(range(a + 1, b)), True))
        kinds.append(((b,), False))
    first, last = shown[0], shown[-1]
    if strict:
        reserve_l = max(end, widths[first] / 2)
        reserve_r = max(end, widths[last] / 2)
    else:  # crowded: every label kept inside, wherever it falls
        reserve_l = reserve_r = max(end, *(widths[p] / 2 for p in shown))
    room = right - left - reserve_l - reserve_r
    n = len(kinds)
    if room < 0 and not strict:  # no room even for the ends: all at the middle, rows apart
        room, reserve_l = 0.0, (right - left) / 2
    if n == 1:
        spacing = room
        xs = [left + reserve_l + room / 2]
    else:
        spacing = room / (n - 1)
        xs = [left + reserve_l + i * spacing for i in range(n)]
    if strict:
        if room < 0:
            return None
        if n > 1 and spacing < point + gap - 1e-9:
            return None
        if any(e for _p, e in kinds) and spacing < (mark + point) / 2 + gap - 1e-9:
            return None
    rows = Rows(label_gap)
    slots: list[Slot] = []
    for x, (ps, elided) in zip(xs, kinds, strict=True):
        if elided:
            slots.append(Slot(x, ps, True))
            continue
        w = widths[ps[0]]
        row = rows.first(x - w / 2, x + w / 2, limit)
        if row is None:
            return None
        rows.take(row, x - w / 2, x + w / 2)
        slots.append(Slot(x, ps, False, row))
    before = tuple(p for p in pool if p < first)
    after = tuple(p for p in pool if p > last)
    return ChainLayout(tuple(slots), max(1, rows.count), spacing, before, after)
