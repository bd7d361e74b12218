"""The rows of the single-suit table: for every suit of ``n`` cards a hand, its value, maxmin and
minmax (symmetric whist §10) and R43's T_0, H and H̄ (single-suit whist §5).

A suit is its *pattern*, the owners of its cards from low to high (``'EWEW'`` is [A Q, K J]);
:func:`suit_rows` yields all C(2n, n) of them, in the order of :func:`patterns`, whoever holds
the top card.

>>> [(r.pattern, r.value.ascii(), r.maxmin.ascii(), r.minmax.ascii()) for r in suit_rows(1)]
[('WE', 'e0', '(E, 0)', '(E, 0)'), ('EW', '1-e0', '(W, 1)', '(W, 1)')]
>>> r = next(r for r in suit_rows(2) if r.pattern == 'EWEW')
>>> r.paper, r.value.pretty(), r.maxmin.pretty(), r.minmax.pretty(), (r.t0, r.h, r.hbar)
('[A Q, K J]', '1½', '(W, 1 + ε₀)', '(W, 2 − ε₀)', (2, 0, 1))

The values, maxmin and minmax come from the numpy kernel
(:func:`~whistgui.engine.games.whist.kernel.suit_table`) when it imports, else from the pure-Python
:class:`~whistgui.engine.games.whist.evaluator.Evaluator` (:meth:`~Evaluator.pattern_value`,
:meth:`~Evaluator.bounds`) — the tests check that the two agree; T_0, H and H̄ come from the
pattern (:func:`r43_numbers`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from itertools import combinations, islice
from math import comb
from typing import TYPE_CHECKING, Any, Final, Literal

from whistgui.engine.checks import expect, optional_callable, whole
from whistgui.engine.errors import Cancelled, DealError, TheoryError
from whistgui.engine.games.single_suit import a_rows, r43_numbers
from whistgui.engine.games.whist.evaluator import Evaluator, kernel_available
from whistgui.engine.games.whist.rounding import rho
from whistgui.engine.games.whist.value import LabeledValue, Value
from whistgui.engine.reading import quote
from whistgui.engine.trick.deal import SuitDeal, check_pattern
from whistgui.engine.trick.notation import format_suit_paper

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

    _I8s = npt.NDArray[np.int8]

__all__ = [
    "MAX_ROWS_N",
    "Producer",
    "RowMaker",
    "SuitRow",
    "a_rows",
    "count_patterns",
    "kernel_available",
    "pattern_index",
    "patterns",
    "r43_arrays",
    "r43_block",
    "r43_numbers",
    "suit_rows",
    "whist_tricks",
]


@dataclass(frozen=True, slots=True)
class SuitRow:
    """One single suit of ``n`` cards a hand: its pattern (owners from low to high), val,
    maxmin and minmax as the evaluator gives them, and R43's T_0, H and H̄."""

    n: int
    pattern: str
    value: Value
    maxmin: LabeledValue
    minmax: LabeledValue
    t0: int
    h: int
    hbar: int

    @property
    def suit(self) -> SuitDeal:
        """The suit dealt from the top of a standard suit (integers beyond 13 cards a hand)."""
        return SuitDeal.from_pattern(self.pattern)

    @property
    def paper(self) -> str:
        """The suit in the paper's notation, ``[A Q, K J]``."""
        return format_suit_paper(self.suit)

    @property
    def west_has_top(self) -> bool:
        return self.pattern.endswith("W")


def whist_tricks(value: Value) -> tuple[int, int]:
    """ρ(value) as two integers: West's tricks with West and with East on lead (Theorem 12.1).

    >>> whist_tricks(Value.parse('3/2'))
    (1, 2)
    """
    o = rho(value)
    a, b = o.west_lead, o.east_lead
    if not isinstance(a, int) or not isinstance(b, int):
        raise TheoryError(f"ρ({value}) = {o} is not a pair of trick counts")
    return a, b


# -- patterns --------------------------------------------------------------------------------
#: The largest n :func:`count_patterns` and :func:`patterns` take: far beyond any table (C(2n, n)
#: has some 60,000 digits there), short of a count that takes seconds.
MAX_PATTERN_N: Final = 100_000


def _n(n: object, low: int = 0) -> int:
    return whole(n, "n", low=low, high=MAX_PATTERN_N, error=DealError)


def count_patterns(n: int) -> int:
    """C(2n, n): how many suits of ``n`` cards a hand there are."""
    n = _n(n)
    return comb(2 * n, n)


def patterns(n: int, start: int = 0) -> Iterator[str]:
    """Every pattern of ``n`` cards a hand, West's positions in lexicographic order (as
    :func:`~whistgui.engine.games.single_suit.all_patterns`), from the ``start``-th on.

    >>> list(patterns(2))
    ['WWEE', 'WEWE', 'WEEW', 'EWWE', 'EWEW', 'EEWW']
    >>> list(patterns(2, start=4))
    ['EWEW', 'EEWW']
    """
    n = _n(n)
    start = whole(start, "start", low=0, high=comb(2 * n, n), error=DealError)
    return _patterns(n, start)


def _patterns(n: int, start: int) -> Iterator[str]:
    size = 2 * n
    for west in islice(combinations(range(size), n), start, None):
        cells = ["E"] * size
        for i in west:
            cells[i] = "W"
        yield "".join(cells)


def pattern_index(pattern: str) -> int:
    """The place of ``pattern`` in :func:`patterns` (its combination's lexicographic rank).

    >>> [pattern_index(p) for p in patterns(3)] == list(range(20))
    True
    """
    check_pattern(pattern)
    size = len(pattern)
    n = pattern.count("W")
    rank, prev, k = 0, -1, n
    for pos in (i for i, c in enumerate(pattern) if c == "W"):
        for skipped in range(prev + 1, pos):  # combinations that put a W at `skipped`
            rank += comb(size - skipped - 1, k - 1)
        prev, k = pos, k - 1
    return rank


# -- the producers ----------------------------------------------------------------------------
Producer = Literal["auto", "kernel", "evaluator"]
#: Suits of n cards a hand a producer makes rows for in reasonable time: the numpy kernel
#: (n = 12, 2.7 million suits: a store up to 12 in about 1.5 min, the conjectures' checks up to
#: 12 in about 10 min) and the pure-Python evaluator (n = 11, 705,432 suits: a store up to 10
#: takes 40 s, up to 11 several minutes; 12 would take most of an hour).
MAX_ROWS_N: Final = {"kernel": 12, "evaluator": 11}


class RowMaker:
    """Makes the rows of each n in turn, keeping what the next n needs: the kernel's tables
    (``producer="kernel"``), else the evaluator's memo (``"evaluator"``); ``"auto"`` takes the
    kernel when it imports.

    >>> make = RowMaker('evaluator')
    >>> [r.value.ascii() for r in make(2, start=4)], make.producer
    (['3/2', '2-e0'], 'evaluator')
    """

    def __init__(
        self, producer: Producer = "auto", should_stop: Callable[[], bool] | None = None
    ) -> None:
        if producer not in ("auto", "kernel", "evaluator"):
            expect(producer, str, "producer", "'auto', 'kernel' or 'evaluator'")
            raise DealError(
                f"unknown row producer {quote(producer)}; expected auto, kernel or evaluator"
            )
        has_kernel = kernel_available()
        if producer == "kernel" and not has_kernel:
            raise DealError("the numpy kernel does not import here; use the evaluator")
        self.producer: str = "kernel" if producer != "evaluator" and has_kernel else "evaluator"
        self.should_stop = optional_callable(should_stop, "should_stop")
        # the pure recursion when it is the producer (the kernel's rows are checked against it)
        self.evaluator = Evaluator(should_stop, kernel_from=None)
        self._cache: object | None = None  # the kernel's TableCache, made when first needed

    @property
    def limit(self) -> int:
        """The largest n this producer makes rows for (:data:`MAX_ROWS_N`)."""
        return MAX_ROWS_N[self.producer]

    def __call__(
        self,
        n: int,
        *,
        start: int = 0,
        should_stop: Callable[[], bool] | None = None,
        progress: Callable[[int, int], None] | None = None,
    ) -> Iterator[SuitRow]:
        """Every suit of ``n`` cards a hand as a :class:`SuitRow`, in the order of
        :func:`patterns`, from the ``start``-th on (a resumed run skips what it has).
        ``should_stop`` (default: the maker's) is polled every few hundred suits — True
        raises :class:`~whistgui.engine.errors.Cancelled` — and ``progress(done, total)`` is
        told as often."""
        n = whole(
            n,
            "n",
            low=1,
            high=self.limit,
            error=DealError,
            what=f"from 1 to {self.limit} cards a hand (the {self.producer} makes rows of at most "
            f"{self.limit})",
        )
        total = count_patterns(n)
        start = whole(
            start,
            "start",
            low=0,
            high=total,
            error=DealError,
            what=f"the count of suits of {n} cards a hand made before, from 0 to {total:,}",
        )
        optional_callable(should_stop, "should_stop")
        optional_callable(progress, "progress")
        stop = should_stop if should_stop is not None else self.should_stop
        if self.producer == "kernel":
            return self._kernel_rows(n, start, total, stop, progress)
        return self._evaluator_rows(n, start, total, stop, progress)

    def _evaluator_rows(
        self,
        n: int,
        start: int,
        total: int,
        should_stop: Callable[[], bool] | None,
        progress: Callable[[int, int], None] | None,
    ) -> Iterator[SuitRow]:
        ev = self.evaluator
        done = start
        for pattern in patterns(n, start):
            if done % 512 == 0:
                _poll(n, done, total, should_stop, progress)
            value = ev.pattern_value(pattern)
            maxmin, minmax = ev.bounds(pattern)
            t0, h, hbar = r43_numbers(pattern)
            yield SuitRow(n, pattern, value, maxmin, minmax, t0, h, hbar)
            done += 1
        if progress is not None:
            progress(done, total)

    def _kernel_rows(
        self,
        n: int,
        start: int,
        total: int,
        should_stop: Callable[[], bool] | None,
        progress: Callable[[int, int], None] | None,
    ) -> Iterator[SuitRow]:
        from whistgui.engine.games.whist.kernel import TableCache, suit_table

        if not isinstance(self._cache, TableCache):
            self._cache = TableCache()
        _poll(n, start, total, should_stop, progress)
        table = suit_table(n, upto_cache=self._cache, should_stop=should_stop)
        order = table.lex_order()[start:]
        values, labeled = table.values, table.labeled
        value_id = table.value_id[order].tolist()
        maxmin_id = table.maxmin_id[order].tolist()
        minmax_id = table.minmax_id[order].tolist()
        done = start
        texts = patterns(n, start)
        for lo in range(0, len(order), _BLOCK):
            hi = min(lo + _BLOCK, len(order))
            t0s, hs, hbars = r43_arrays(table.patterns[order[lo:hi]], n)
            # the range first: zip stops there without taking one pattern too many
            block = zip(range(lo, hi), texts, t0s, hs, hbars, strict=False)
            for k, pattern, t0, h, hbar in block:
                if done % 512 == 0:
                    _poll(n, done, total, should_stop, progress)
                yield SuitRow(
                    n,
                    pattern,
                    values[value_id[k]],
                    labeled[maxmin_id[k]],
                    labeled[minmax_id[k]],
                    t0,
                    h,
                    hbar,
                )
                done += 1
        if progress is not None:
            progress(done, total)


#: Suits whose R43 numbers the kernel path works out at once.
_BLOCK: Final = 1 << 16


def r43_block(masks: Any, n: int) -> tuple[_I8s, _I8s, _I8s]:
    """R43's (T₀, H, H̄) of many suits of ``n`` cards a hand at once (int8 arrays), as
    :func:`r43_numbers` gives them one by one (the tests compare the two on every suit up to 7
    cards a hand and on random longer ones); the suits are the kernel's bitmasks (bit k set
    when West holds the k-th lowest card). W_i beats E_j exactly when fewer than i + 1 of the
    j + i + 1 lowest cards are West's, so each T_k is a sum of comparisons of one running count
    (West's cards among the m lowest), with suits along the fast axis.

    >>> import numpy as np
    >>> [a.tolist() for a in r43_block(np.array([0b1010, 0b1001, 0b0011], dtype=np.uint64), 2)]
    [[2, 0, -2], [0, 0, -2], [1, 0, -2]]
    """
    import numpy as np  # the engine runs without numpy; rows from the kernel need it

    x = np.asarray(masks, dtype=np.uint64).view(np.int64)
    size = len(x)
    if n == 0 or size == 0:
        zero = np.zeros(size, dtype=np.int8)
        return zero, zero.copy(), zero.copy()
    below = np.zeros((2 * n + 1, size), dtype=np.int8)  # below[m]: West's cards among m lowest
    for p in range(2 * n):
        np.add(below[p], ((x >> p) & 1).astype(np.int8), out=below[p + 1])
    t = np.empty((2 * n - 1, size), dtype=np.int8)  # t[k + n - 1] = T_k
    wins = np.empty(size, dtype=np.int8)
    for c, k in enumerate(range(-n + 1, n)):
        wins[:] = 0
        for i in range(max(0, -k), min(n, n - k)):  # A_{i, i+k} = +1: W_i above E_{i+k}
            m = min(max(2 * i + k + 1, 0), 2 * n)
            wins += below[m] <= i
        t[c] = 2 * wins - (n - abs(k))
    t0 = t[n - 1].copy()
    zero = t == 0
    change = np.zeros_like(zero)
    change[:-1] = (t[:-1] > 0) & (t[1:] < 0)
    hit = zero | change
    first = hit.argmax(axis=0)
    h = (first - (n - 1)).astype(np.int8)
    hbar = h + (~zero[first, np.arange(size)]).astype(np.int8)
    west_high = x == ((1 << n) - 1) << n  # West holds the n top cards
    east_high = x == (1 << n) - 1
    lost = ~(hit.any(axis=0) | west_high | east_high)
    if lost.any():
        raise TheoryError(f"no sign change of T_k in suit {int(x[lost][0]):#b} (Lemma 5.2)")
    h[west_high], hbar[west_high] = n, n
    h[east_high], hbar[east_high] = -n, -n
    return t0, h, hbar


def r43_arrays(masks: Any, n: int) -> tuple[list[int], list[int], list[int]]:
    """:func:`r43_block` as lists of Python ints (for rows and the store).

    >>> import numpy as np
    >>> r43_arrays(np.array([0b1010, 0b1001, 0b0011]), 2)     # EWEW, WEEW, WWEE
    ([2, 0, -2], [0, 0, -2], [1, 0, -2])
    >>> [r43_numbers(p) for p in ('EWEW', 'WEEW', 'WWEE')]
    [(2, 0, 1), (0, 0, 0), (-2, -2, -2)]
    """
    t0, h, hbar = r43_block(masks, n)
    return t0.tolist(), h.tolist(), hbar.tolist()


def _poll(
    n: int,
    done: int,
    total: int,
    should_stop: Callable[[], bool] | None,
    progress: Callable[[int, int], None] | None,
) -> None:
    if should_stop is not None and should_stop():
        raise Cancelled(f"stopped at suit {done} of {total} with {n} cards a hand")
    if progress is not None:
        progress(done, total)


def suit_rows(
    n: int,
    *,
    start: int = 0,
    producer: Producer = "auto",
    should_stop: Callable[[], bool] | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> Iterator[SuitRow]:
    """Every suit of ``n`` cards a hand as a :class:`SuitRow`, in the order of
    :func:`patterns`, from the ``start``-th on — one call of a new :class:`RowMaker` (make
    one and call it for several n to share the work between them).

    >>> [r.value.ascii() for r in suit_rows(2, start=4)]
    ['3/2', '2-e0']
    """
    return RowMaker(producer, should_stop)(n, start=start, progress=progress)
