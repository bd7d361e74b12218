"""The single-suit laboratory's data: every symmetric single suit of n cards a hand, one row
each, with what the Single Suits window shows — the whist value and its kind, maxmin and
minmax, R43's T_0, H and H̄, which of H and H̄ Whist takes, and the outcomes of Greedy Whist
and Five-card. Qt-free.

Two ways to the same rows: :func:`lab_rows`, one :class:`LabRow` a suit from the pure-Python
evaluator (the readable reference), and :func:`lab_table`, a columnar :class:`LabTable` — one
numpy array a column — from the numpy kernel's tables, which the window lists on the engine
service (the 705,432 suits of n = 11 in seconds). The tests check that the two agree.

>>> rows = lab_rows(2)
>>> len(rows), rows[0].suit
(6, 'QJ/AK')
>>> row = next(r for r in rows if r.suit == 'AQ/KJ')
>>> row.value.pretty(), row.t0, (row.h, row.hbar), row.whist_h
('1½', 2, (0, 1), 1)
>>> row.whist, row.greedy, row.five_card
((1, 2), (1, 2), ('West', 'West'))
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from math import comb
from typing import Any, Final, Literal

import numpy as np
import numpy.typing as npt

from whistgui.engine import Deal, Evaluator, LabeledValue, Outcome, Player, Solver
from whistgui.engine.errors import Cancelled, DealError, TheoryError
from whistgui.engine.games.single_suit import (
    all_patterns,
    greedy_tricks,
    h_greedy,
    sign_change,
    trace,
)
from whistgui.engine.games.whist.describe import describe
from whistgui.engine.games.whist.kernel import (
    MAX_TABLE_N,
    TableCache,
    labeled_key,
    suit_table,
    tables_upto,
    value_key,
)
from whistgui.engine.games.whist.value import Value
from whistgui.engine.tables.rows import r43_block
from whistgui.engine.trick.cards import rank_text
from whistgui.engine.trick.deal import SuitDeal

__all__ = [
    "FIVE_CARD",
    "LIVE_LIMIT",
    "R43_GAMES",
    "WHIST_PICKS",
    "LabProgress",
    "LabRow",
    "LabTable",
    "R43Report",
    "derived_columns",
    "distinct_values",
    "lab_rows",
    "lab_table",
    "lattice",
    "r43_report",
    "value_counts",
    "value_facts",
]

#: The largest n the window lists: C(2n, n) suits, 705,432 at n = 11, a :class:`LabTable` from
#: the numpy kernel in about 2 s (:func:`lab_rows`, the pure-Python reference, takes 3 s for
#: the 12,870 suits of n = 8).
LIVE_LIMIT: Final = 11


@dataclass(frozen=True, slots=True)
class LabRow:
    """One suit. ``whist_h`` is the one of H, H̄ that gives Whist's tricks ((n + h)/2 rounded
    down with West on lead, up with East on lead; None if neither does); ``greedy`` is West's
    tricks in Greedy Whist with West and with East on lead; ``five_card`` the winner of the
    last trick with each lead."""

    n: int
    pattern: str
    suit: str
    value: Value
    kind: str
    maxmin: LabeledValue
    minmax: LabeledValue
    t0: int
    h: int
    hbar: int
    whist_h: int | None
    whist: tuple[int, int]
    greedy: tuple[int, int]
    five_card: tuple[str, str]


def _five_card(t0: int) -> tuple[str, str]:
    """R43 / THEORY-NOTES: T_0 > 0 West wins, T_0 < 0 East wins, T_0 = 0 the leader wins."""
    if t0 > 0:
        return ("West", "West")
    if t0 < 0:
        return ("East", "East")
    return ("West", "East")


def lab_rows(
    n: int,
    evaluator: Evaluator | None = None,
    *,
    should_stop: Callable[[], bool] | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> list[LabRow]:
    """Every symmetric single suit of ``n`` cards a hand (whoever holds the top card), in the
    order of :func:`~whistgui.engine.games.single_suit.all_patterns`; ``progress(done, total)``
    now and then; :class:`Cancelled` when ``should_stop`` says so."""
    ev = evaluator if evaluator is not None else Evaluator()
    patterns = all_patterns(n)
    rows: list[LabRow] = []
    for k, pattern in enumerate(patterns):
        if k % 256 == 0:
            if should_stop is not None and should_stop():
                raise Cancelled(f"stopped listing the suits of {n} cards a hand")
            if progress is not None:
                progress(k, len(patterns))
        suit = SuitDeal.from_pattern(pattern)
        value = ev.pattern_value(pattern)
        maxmin, minmax = ev.bounds(pattern)
        character = describe(value)
        h, hbar = sign_change(suit)
        west, east = character.outcome
        if not (isinstance(west, int) and isinstance(east, int)):  # pragma: no cover
            raise TheoryError(f"whist's outcome {character.outcome} is not a count of tricks")
        whist = (west, east)
        whist_h = next(
            (
                x
                for x in (h, hbar)
                if (greedy_tricks(n, x, Player.WEST), greedy_tricks(n, x, Player.EAST)) == whist
            ),
            None,
        )
        hg = h_greedy(suit)
        t0 = trace(suit)
        rows.append(
            LabRow(
                n,
                pattern,
                str(suit),
                value,
                character.words,
                maxmin,
                minmax,
                t0,
                h,
                hbar,
                whist_h,
                whist,
                (greedy_tricks(n, hg, Player.WEST), greedy_tricks(n, hg, Player.EAST)),
                _five_card(t0),
            )
        )
    if progress is not None:
        progress(len(patterns), len(patterns))
    return rows


def value_counts(rows: list[LabRow]) -> dict[Value, int]:
    """How many suits have each value, ordered by the first suit that has it."""
    counts: dict[Value, int] = {}
    for row in rows:
        counts[row.value] = counts.get(row.value, 0) + 1
    return counts


def distinct_values(n: int, cache: TableCache | None = None) -> int:
    """How many distinct values the suits of ``n`` cards a hand have (from the kernel's table;
    ``cache`` keeps the tables for the next n).

    >>> [distinct_values(n) for n in range(1, 4)]
    [2, 6, 15]
    """
    return int(np.unique(suit_table(n, upto_cache=cache).value_id).size)


# -- the columnar table ---------------------------------------------------------------------------
I8s = npt.NDArray[np.int8]
I16s = npt.NDArray[np.int16]
I32s = npt.NDArray[np.int32]
U64s = npt.NDArray[np.uint64]

#: What :attr:`LabTable.whist_pick` holds: which of H, H̄ gives Whist's tricks (H first).
WHIST_PICKS: Final = ("neither", "H", "H̄")
#: The names of :attr:`LabTable.five`'s values −1, 0, +1 (T₀'s sign): the last trick's
#: winner with West and with East on lead.
FIVE_CARD: Final = {-1: ("East", "East"), 0: ("West", "East"), 1: ("West", "West")}
#: Suits whose columns are worked out at once (and ``should_stop`` polled between).
_BLOCK: Final = 1 << 16
#: Suits whose texts are put together at once (numpy's string functions keep the GIL).
_TEXT_BLOCK: Final = 1 << 14

#: ``progress(n, stage, done, total)``: ``done`` of the ``total`` suits of n cards a hand
#: ``stage`` ("valued" by the kernel, then "listed": their columns worked out).
LabProgress = Callable[[int, str, int, int], None]


@dataclass(frozen=True, eq=False)
class LabTable:
    """Every suit of one n or a range of n, one entry a suit in each numpy array (the columns
    of :class:`LabRow`), in order of n and, within one n, in the order of
    :func:`~whistgui.engine.games.single_suit.all_patterns` (as :func:`lab_rows`). Made by
    :func:`lab_table` from the numpy kernel: what one suit needs as text or objects (its suit,
    a :class:`LabRow`) is made when asked for.

    Row i's value is ``values[value_id[i]]`` (maxmin and minmax index ``labeled``), its kind
    ``kinds[kind_id[i]]``; ``value_rank`` and ``labeled_rank`` give each value and labeled value
    its place in their exact order (§10; the kernel's keys); ``whist_pick`` indexes
    :data:`WHIST_PICKS`; ``five`` is T₀'s sign (:data:`FIVE_CARD`).

    >>> t = lab_table(2)
    >>> len(t), t.suit_text(0), t.value_of(4).pretty(), t.row(4).suit
    (6, 'QJ/AK', '1½', 'AQ/KJ')
    >>> t.row(4) == lab_rows(2)[4]
    True
    """

    n: I8s
    mask: U64s
    value_id: I32s
    maxmin_id: I32s
    minmax_id: I32s
    kind_id: I16s
    t0: I8s
    h: I8s
    hbar: I8s
    whist_pick: I8s
    whist_west: I8s
    whist_east: I8s
    greedy_west: I8s
    greedy_east: I8s
    five: I8s
    values: tuple[Value, ...]
    labeled: tuple[LabeledValue, ...]
    kinds: tuple[str, ...]
    value_rank: I32s
    labeled_rank: I32s
    #: n -> (first row, one past the last row) of its suits
    spans: dict[int, tuple[int, int]]
    _formats: dict[tuple[int, bool], _SuitFormat] = field(
        init=False, default_factory=dict, repr=False, compare=False
    )

    def __len__(self) -> int:
        return len(self.mask)

    @property
    def ns(self) -> tuple[int, ...]:
        """The n listed, smallest first."""
        return tuple(self.spans)

    @property
    def nbytes(self) -> int:
        """Bytes held by the per-suit arrays."""
        return sum(
            a.nbytes
            for a in (
                self.n, self.mask, self.value_id, self.maxmin_id, self.minmax_id, self.kind_id,
                self.t0, self.h, self.hbar, self.whist_pick, self.whist_west, self.whist_east,
                self.greedy_west, self.greedy_east, self.five,
            )
        )  # fmt: skip

    def value_of(self, i: int) -> Value:
        return self.values[int(self.value_id[i])]

    def pattern(self, i: int) -> str:
        """Row i's W/E pattern, owners from low to high."""
        return _mask_pattern(int(self.mask[i]), int(self.n[i]))

    def _format(self, n: int, lower: bool = False) -> _SuitFormat:
        f = self._formats.get((n, lower))
        if f is None:
            f = self._formats[(n, lower)] = _SuitFormat(n, lower)
        return f

    def suit_text(self, i: int) -> str:
        """Row i's suit as ``str(SuitDeal.from_pattern(...))`` writes it (``AQ/KJ``; from 7
        cards a hand the paper's notation with integers)."""
        return self._format(int(self.n[i])).text(int(self.mask[i]))

    def suit_texts(
        self,
        *,
        lower: bool = False,
        should_stop: Callable[[], bool] | None = None,
        upto: int | None = None,
    ) -> list[npt.NDArray[np.bytes_]]:
        """Every row's suit text (ASCII bytes; lower-cased if ``lower``), one array for each n
        of :attr:`ns` (``upto``: each n up to it only), in row order: about 0.5 s and 60 bytes a
        suit for n = 11."""
        out = []
        for n, (lo, hi) in self.spans.items():
            if upto is not None and n > upto:
                continue
            if should_stop is not None and should_stop():
                raise Cancelled(f"stopped writing the suits of {n} cards a hand")
            out.append(self._format(n, lower).texts(self.mask[lo:hi]))
        return out

    def whist_h(self, i: int) -> int | None:
        """:attr:`LabRow.whist_h` of row i."""
        pick = int(self.whist_pick[i])
        return None if pick == 0 else int(self.h[i] if pick == 1 else self.hbar[i])

    def row(self, i: int) -> LabRow:
        """Row i as a :class:`LabRow` (what :func:`lab_rows` gives for its suit)."""
        return LabRow(
            int(self.n[i]),
            self.pattern(i),
            self.suit_text(i),
            self.value_of(i),
            self.kinds[int(self.kind_id[i])],
            self.labeled[int(self.maxmin_id[i])],
            self.labeled[int(self.minmax_id[i])],
            int(self.t0[i]),
            int(self.h[i]),
            int(self.hbar[i]),
            self.whist_h(i),
            (int(self.whist_west[i]), int(self.whist_east[i])),
            (int(self.greedy_west[i]), int(self.greedy_east[i])),
            FIVE_CARD[int(self.five[i])],
        )

    def value_counts(self, n: int) -> dict[Value, int]:
        """How many suits of ``n`` cards a hand have each value (in the values' exact order).

        >>> {v.pretty(): c for v, c in lab_table(1, 2).value_counts(2).items()}
        {'ε₀': 1, '½': 1, '1 − ε₁': 1, '1 + ε₁': 1, '1½': 1, '2 − ε₀': 1}
        """
        lo, hi = self.spans[n]
        counts = np.bincount(self.value_id[lo:hi], minlength=len(self.values))
        ids = sorted(np.flatnonzero(counts).tolist(), key=lambda i: int(self.value_rank[i]))
        return {self.values[i]: int(counts[i]) for i in ids}

    def distinct(self, n: int) -> int:
        """How many distinct values the suits of ``n`` cards a hand have."""
        lo, hi = self.spans[n]
        return int(np.unique(self.value_id[lo:hi]).size)


def lab_table(
    lo: int,
    hi: int | None = None,
    *,
    cache: TableCache | None = None,
    should_stop: Callable[[], bool] | None = None,
    progress: LabProgress | None = None,
) -> LabTable:
    """Every symmetric single suit of ``lo`` to ``hi`` (default ``lo``) cards a hand as a
    :class:`LabTable`, from the numpy kernel's tables
    (:func:`~whistgui.engine.games.whist.kernel.suit_table`; ``cache`` keeps them for the next
    call) — the same rows as :func:`lab_rows` (the tests compare them on every suit up to 5
    cards a hand), for n = 11 (705,432 suits) in about 2 s. ``progress(n, stage, done,
    total)`` now and then (:data:`LabProgress`); :class:`Cancelled` when ``should_stop`` says
    so (polled every 65,536 suits here, every 262,144 in the kernel).

    >>> t = lab_table(1, 3)
    >>> len(t), t.ns, t.spans[3], [t.distinct(n) for n in t.ns]
    (28, (1, 2, 3), (8, 28), [2, 6, 15])
    """
    hi = lo if hi is None else hi
    if not 1 <= lo <= hi:
        raise DealError(f"cards a hand from {lo!r} to {hi!r}: expected 1 ≤ from ≤ to")
    if hi > MAX_TABLE_N:
        raise DealError(f"{hi} cards a hand is beyond the kernel's tables (at most {MAX_TABLE_N})")
    cache = cache if cache is not None else TableCache()
    todo = [m for m in range(1, hi + 1) if m not in cache.tables]
    sizes = {m: comb(2 * m, m) for m in todo}

    def kernel_progress(done: int, _total: int) -> None:
        if progress is None:
            return
        for m in todo:  # done counts over the levels still to compute, smallest first
            if done <= sizes[m]:
                progress(m, "valued", done, sizes[m])
                return
            done -= sizes[m]

    tables = tables_upto(hi, upto_cache=cache, should_stop=should_stop, progress=kernel_progress)
    values = tuple(cache.values)
    labeled = tuple(cache.labeled)
    value_rank = _ranks([value_key(v) for v in values])
    labeled_rank = _ranks([labeled_key(v) for v in labeled])
    kinds, kind_of, outcome = value_facts(values)

    parts: list[dict[str, npt.NDArray[Any]]] = []
    spans: dict[int, tuple[int, int]] = {}
    start = 0
    for n in range(lo, hi + 1):
        table = tables[n]
        order = table.lex_order()
        size = len(order)
        spans[n] = (start, start + size)
        start += size
        mask = table.patterns[order]
        value_id = table.value_id[order]
        t0 = np.empty(size, dtype=np.int8)
        h = np.empty(size, dtype=np.int8)
        hbar = np.empty(size, dtype=np.int8)
        for s in range(0, size, _BLOCK):
            if should_stop is not None and should_stop():
                raise Cancelled(f"stopped at suit {s} of {size} ({n} cards a hand)")
            if progress is not None:
                progress(n, "listed", s, size)
            t0[s : s + _BLOCK], h[s : s + _BLOCK], hbar[s : s + _BLOCK] = r43_block(
                mask[s : s + _BLOCK], n
            )
        parts.append(
            {
                "n": np.full(size, n, dtype=np.int8),
                "mask": mask,
                "value_id": value_id,
                "maxmin_id": table.maxmin_id[order],
                "minmax_id": table.minmax_id[order],
                **derived_columns(n, value_id, t0, h, hbar, kind_of, outcome),
            }
        )
        if progress is not None:
            progress(n, "listed", size, size)
    columns = {
        name: parts[0][name] if len(parts) == 1 else np.concatenate([p[name] for p in parts])
        for name in parts[0]
    }
    for a in columns.values():
        a.flags.writeable = False
    return LabTable(
        **columns,
        values=values,
        labeled=labeled,
        kinds=kinds,
        value_rank=value_rank,
        labeled_rank=labeled_rank,
        spans=spans,
    )


def value_facts(
    values: tuple[Value, ...],
) -> tuple[tuple[str, ...], npt.NDArray[np.int16], npt.NDArray[np.int8]]:
    """What a :class:`LabTable` says of each of ``values``: the kinds (each once, in the order
    met), each value's kind's index, and each value's Whist tricks with West and with East on
    lead (one row a value)."""
    characters = [describe(v) for v in values]
    kinds = tuple(dict.fromkeys(c.words for c in characters))
    kind_of = np.array([kinds.index(c.words) for c in characters], dtype=np.int16)
    outcome = np.array([_tricks(c.outcome) for c in characters], dtype=np.int8).reshape(-1, 2)
    return kinds, kind_of, outcome


def derived_columns(
    n: int,
    value_id: I32s,
    t0: I8s,
    h: I8s,
    hbar: I8s,
    kind_of: npt.NDArray[np.int16],
    outcome: npt.NDArray[np.int8],
) -> dict[str, npt.NDArray[Any]]:
    """The columns of a :class:`LabTable` worked out from a suit's value (its id into the
    values :func:`value_facts` described) and R43's T₀, H and H̄, for suits of ``n`` cards a
    hand: kind, which of H and H̄ Whist takes, Whist's, Greedy Whist's and Five-card's
    results."""
    whist_west, whist_east = outcome[value_id, 0], outcome[value_id, 1]
    pick = np.zeros(
        len(value_id), dtype=np.int8
    )  # Whist's tricks are (n + x)/2, down with W on lead
    for code, x in ((2, hbar), (1, h)):  # H wins when both fit
        fits = ((n + x) // 2 == whist_west) & ((n + x + 1) // 2 == whist_east)
        pick[fits] = code
    hg = np.where(hbar > 0, hbar, np.where(h < 0, h, 0))  # H_Greedy (Theorem 6.1)
    return {
        "kind_id": kind_of[value_id],
        "t0": t0,
        "h": h,
        "hbar": hbar,
        "whist_pick": pick,
        "whist_west": whist_west,
        "whist_east": whist_east,
        "greedy_west": ((n + hg) // 2).astype(np.int8),
        "greedy_east": ((n + hg + 1) // 2).astype(np.int8),
        "five": np.sign(t0).astype(np.int8),
    }


def _ranks(keys: list[int]) -> I32s:
    """Each key's place among ``keys`` sorted (equal keys never occur: ids are unique)."""
    rank = np.empty(len(keys), dtype=np.int32)
    rank[sorted(range(len(keys)), key=keys.__getitem__)] = np.arange(len(keys), dtype=np.int32)
    return rank


def _tricks(outcome: Outcome) -> tuple[int, int]:
    west, east = outcome.west_lead, outcome.east_lead
    if not (isinstance(west, int) and isinstance(east, int)):  # pragma: no cover
        raise TheoryError(f"whist's outcome {outcome} is not a count of tricks")
    return west, east


class _SuitFormat:
    """The suit texts of n cards a hand, as ``str(SuitDeal.from_pattern(p))`` writes them, put
    together from two half tables (West's and East's cards among the n lowest and the n
    highest: 2ⁿ entries each) — about 1 µs a suit, or a few hundred ns in numpy. Built to
    agree with the engine's notation (checked on two suits here, on every suit up to 8 cards
    a hand by the tests); if it ever did not, every text would come from the engine."""

    def __init__(self, n: int, lower: bool = False) -> None:
        self.n = n
        self.lower = lower
        size = 2 * n
        compact = size <= 13  # SuitDeal.from_pattern: A downwards, else ranks 1 to 2n
        base = 15 - size if compact else 1
        style: Literal["compact", "paper"] = "compact" if compact else "paper"
        tok = [rank_text(base + k, standard=compact, style=style) for k in range(size)]
        if lower:
            tok = [t.lower() for t in tok]
        self.sep = sep = "" if compact else " "
        opening, middle, closing = ("", "/", "") if compact else ("[", ", ", "]")

        def hands(offset: int, trailing: bool) -> tuple[list[str], list[str]]:
            west, east = [], []
            for b in range(1 << n):
                ranks = range(n - 1, -1, -1)
                w = [tok[offset + j] for j in ranks if b >> j & 1]
                e = [tok[offset + j] for j in ranks if not b >> j & 1]
                if trailing:
                    west.append("".join(t + sep for t in w))
                    east.append("".join(t + sep for t in e))
                else:
                    west.append(sep.join(w))
                    east.append(sep.join(e))
            return west, east

        high_w, high_e = hands(n, True)
        low_w, low_e = hands(0, False)
        # a suit is p[high] + q[low] + r[high] + s[low] (high, low: its bitmask's halves)
        self.p = [opening + t for t in high_w]
        self.q = [t + middle for t in low_w]
        self.r = high_e
        self.s = [t + closing for t in low_e]
        self.full = (1 << n) - 1
        odd_cards = sum(1 << (2 * k + 1) for k in range(n))  # West: the 2nd, 4th, … lowest
        self.fast = all(
            self._odd(m & self.full) or self._join(m) == self._engine_text(m)
            for m in (odd_cards, odd_cards >> 1 | 1 << (2 * n - 1))
        )

    def _engine_text(self, mask: int) -> str:
        text = str(SuitDeal.from_pattern(_mask_pattern(mask, self.n)))
        return text.lower() if self.lower else text

    def _odd(self, low: int) -> bool:
        """With separators, a suit whose n lowest cards are all one side's (two suits) is
        written by the engine: the half tables would leave a separator too many."""
        return bool(self.sep) and low in (0, self.full)

    def _join(self, mask: int) -> str:
        high, low = mask >> self.n, mask & self.full
        return self.p[high] + self.q[low] + self.r[high] + self.s[low]

    def text(self, mask: int) -> str:
        if not self.fast or self._odd(mask & self.full):
            return self._engine_text(mask)
        return self._join(mask)

    def texts(self, masks: U64s) -> npt.NDArray[np.bytes_]:
        """The texts of many suits as ASCII bytes (all of one length: each rank once)."""
        if not self.fast:
            return np.array([self._engine_text(int(m)).encode() for m in masks.tolist()])
        x = masks.view(np.int64)
        high, low = x >> self.n, x & self.full
        p, q, r, s = (
            np.array([t.encode() for t in part]) for part in (self.p, self.q, self.r, self.s)
        )
        out: npt.NDArray[Any] = np.empty(len(x), dtype=f"S{len(self._engine_text(self.full))}")
        for a in range(0, len(x), _TEXT_BLOCK):  # in blocks: other threads get their turn
            h, lo = high[a : a + _TEXT_BLOCK], low[a : a + _TEXT_BLOCK]
            out[a : a + _TEXT_BLOCK] = np.char.add(
                np.char.add(p[h], q[lo]), np.char.add(r[h], s[lo])
            )
        if self.sep:
            for i in np.flatnonzero((low == 0) | (low == self.full)).tolist():
                out[i] = self._engine_text(int(masks[i])).encode()
        return out


def _mask_pattern(mask: int, n: int) -> str:
    return "".join("W" if mask >> k & 1 else "E" for k in range(2 * n))


#: The games the R43 tab sets side by side: one suit's result in each.
R43_GAMES: Final = ("whist", "greedy-whist", "five-card")


@dataclass(frozen=True, slots=True)
class R43Report:
    """One suit as the single-suit paper (R43) sees it: for each game of :data:`R43_GAMES`,
    the optimal result with West and with East on lead (by exact search), and what the normal
    strategy (§4), played by both sides, gets there; and the set of tricks (their numbers,
    counted from 1 in the order played) West wins when both play optimally in whist."""

    suit: str
    optimal: dict[str, tuple[object, object]]
    normal: dict[str, tuple[object, object]]
    west_trick_sets: tuple[tuple[int, ...], tuple[int, ...]]


def r43_report(suit: SuitDeal, solver: Solver | None = None) -> R43Report:
    """The :class:`R43Report` of a symmetric single suit.

    >>> r = r43_report(SuitDeal.parse('AQ/KJ'))
    >>> r.optimal['whist'], r.normal['whist'], r.optimal['five-card']
    ((1, 2), (1, 2), (<Player.WEST: 'W'>, <Player.WEST: 'W'>))
    """
    from whistgui.engine.games import find_game
    from whistgui.engine.games.single_suit import normal_card
    from whistgui.engine.trick.play import Position

    s = solver if solver is not None else Solver()
    deal = Deal([suit])
    optimal: dict[str, tuple[object, object]] = {}
    normal: dict[str, tuple[object, object]] = {}
    for name in R43_GAMES:
        rules = find_game(name).rules
        outcome = s.outcome(deal, rules=rules)
        optimal[name] = (outcome.west_lead, outcome.east_lead)
        results = []
        for leader in (Player.WEST, Player.EAST):
            pos = Position.start(deal, leader, rules)
            while not pos.is_over:
                pos = pos.play(normal_card(pos))
            results.append(s.result(pos))
        normal[name] = (results[0], results[1])
    sets = []
    whist = find_game("whist").rules
    for leader in (Player.WEST, Player.EAST):
        pos = Position.start(deal, leader, whist)
        won: list[int] = []
        trick = 0
        while not pos.is_over:
            before = pos.west_tricks
            pos = pos.play(max(s.best_cards(pos)))  # the highest of the optimal cards
            if pos.led is None:
                trick += 1
                if pos.west_tricks > before:
                    won.append(trick)
        sets.append(tuple(won))
    return R43Report(str(suit), optimal, normal, (sets[0], sets[1]))


def lattice(n: int) -> tuple[list[frozenset[int]], list[tuple[frozenset[int], frozenset[int]]]]:
    """R43 §7's lattice L_n: every subset of {1..n}, and its cover relations (y covers x when
    y is x with 1 inserted, or with an element i replaced by i + 1).

    >>> nodes, covers = lattice(2)
    >>> len(nodes), sorted(sorted(a) + [0] + sorted(b) for a, b in covers)
    (4, [[0, 1], [1, 0, 2], [2, 0, 1, 2]])
    """
    from itertools import combinations

    nodes = [frozenset(c) for k in range(n + 1) for c in combinations(range(1, n + 1), k)]
    covers = []
    for x in nodes:
        if 1 not in x:
            covers.append((x, x | {1}))
        for i in x:
            if i + 1 <= n and i + 1 not in x:
                covers.append((x, (x - {i}) | {i + 1}))
    return nodes, covers
