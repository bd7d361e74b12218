"""The value kernel: val, maxmin and minmax of every single suit at once, vectorised with numpy.

It computes what :meth:`~whistgui.engine.evaluator.Evaluator.pattern_value` computes — the same
recursion (§10, §17): α over one West and one East card per run, maxmin = max of the row
minima, minmax = min of the column maxima, val = the simplest value between them — but as one
dynamic program over *all* patterns of m cards a hand, level by level m = 1, 2, …, n, with
integer arrays in place of strings and dictionaries. The evaluator stays the readable reference;
the tests check the kernel against it on every suit up to 7 (9 with ``--exhaustive``) cards a
hand and on random longer suits.

>>> t = suit_table(2)
>>> [t.pattern_text(i) for i in range(len(t))]
['WWEE', 'WEWE', 'EWWE', 'WEEW', 'EWEW', 'EEWW']
>>> [t.value_of(i).ascii() for i in range(len(t))]
['e0', '1/2', '1-e1', '1+e1', '3/2', '2-e0']
>>> t.maxmin_of(t.index_of('EWEW')).pretty(), t.minmax_of(t.index_of('EWEW')).pretty()
('(W, 1 + ε₀)', '(W, 2 − ε₀)')
>>> suit_value('WE' * 13).pretty()
'6'

**Patterns.** A suit of m cards a hand is its pattern (owners from low to high, as the
evaluator's), here also an integer bitmask: bit k is 1 when West holds the k-th lowest card
(``'EWEW'`` is ``0b1010``). A table lists the C(2m, m) patterns in increasing order of their
bitmasks — which is the *colex* order of West's positions — so a pattern's index is its rank in
the combinatorial number system, Σ C(p_k, k) over West's positions p_1 < … < p_m (k from 1). A
reduction (one West card and one East card removed, both tops of their runs) is ranked without
being built: its rank is Uw[a] + Ve[b] when West's run a lies below East's run b and
V'w[a] + U'e[b] otherwise, four numbers per run computed from binomials at the run boundaries
(:func:`_group_bounds`; the derivation is in its comments).

**Keys.** Values and labeled values compare by exact integers (:func:`value_key`,
:func:`labeled_key`): a single-suit value q + x (never fuzzy, Lemma 10.2) has the key
``q·2^42·S + pos + P`` with P = 164 and S = 2P + 1 = 329, pos the chain position of x
(:attr:`~whistgui.engine.infinitesimal.Infinitesimal.pos`); a labeled value ``(P, v)`` has
``2·key(v) + bit``, the bit ordering E above W for numbers and W above E otherwise (§10). The key
is exact and order-preserving for |q| ≤ 41, |pos| ≤ 164 and q a multiple of 2⁻⁴², which every
value of a suit of at most :data:`KEY_MAX_N` = 40 cards a hand satisfies: by induction on n,
val(D) for n cards a hand has 0 ≤ q ≤ n (q lies between the numbers of maxmin and minmax, which
are values of n − 1 cards plus 0 or 1), denominator at most 2^(n+1) (:meth:`Bounds.candidates`
tries denominators up to twice the larger of the bounds' and 2) and |pos| ≤ 4n (it tries
ε_k up to the bounds' largest |pos| + 3, whose position is one more). The largest key is below
2^57 (labeled keys); :func:`value_key` checks the bound on every value it meets and raises
:class:`~whistgui.engine.errors.TheoryError` if one were ever outside it. The hot loop
compares small *ordinals* (the rank of a value among the values of one level, uint8 or uint16)
and maps the few row minima and column maxima to labeled keys afterwards; the simplest value of
each distinct (maxmin, minmax) pair is found once, by :func:`simplest_key` (:meth:`Bounds.simplest`
in integers; the tests compare the two on every pair).

**Limits.** Tables go up to :data:`MAX_TABLE_N` cards a hand (20 bytes a suit: the tables up to
n = 14, 54 million suits, hold 1.0 GB; up to 15 about 4.1 GB), one suit up to
:data:`MAX_SUIT_N`; beyond them the functions refuse with a
:class:`~whistgui.engine.errors.DealError` naming the limit (the evaluator values longer suits).
Speed and memory against a plain C program of the same recursion: ``benchmarks/bench_tables.py``
and ``benchmarks/README.md``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from fractions import Fraction
from math import comb
from typing import Final

import numpy as np
import numpy.typing as npt

from whistgui.engine.cards import Player
from whistgui.engine.checks import expect, optional_callable, whole
from whistgui.engine.errors import (
    Cancelled,
    DealError,
    TheoryError,
)
from whistgui.engine.evaluator import MAX_TABLE_N, check_pattern
from whistgui.engine.infinitesimal import Infinitesimal
from whistgui.engine.reading import quote
from whistgui.engine.value import LabeledValue, Value

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

#: Keys are exact for every value of a suit of at most this many cards a hand.
KEY_MAX_N: Final = 40
#: The longest suit (cards a hand) :func:`suit_value` values.
MAX_SUIT_N: Final = 16
#: Patterns a second the evaluator's exact recursion values past :data:`MAX_SUIT_N` (measured
#: 10,000–18,000 here: ``benchmarks/bench_values.py``); the low end, for what a suit will cost.
RECURSION_RATE: Final = 10_000
#: Up to how many cards a hand :func:`reach_size` counts in a fraction of a second.
MAX_REACH_COUNT_N: Final = 200

_SCALE_BITS: Final = KEY_MAX_N + 2
_SCALE: Final = 1 << _SCALE_BITS
_POS_BOUND: Final = 4 * KEY_MAX_N + 4
_POS_SPAN: Final = 2 * _POS_BOUND + 1
_NUMBER_BOUND: Final = KEY_MAX_N + 1
#: Adding one trick to a value adds this to its key.
_ONE: Final = _SCALE * _POS_SPAN
#: Every value key lies within ±this (labeled keys within ±(2·this + 1)).
_KEY_LIMIT: Final = _NUMBER_BOUND * _ONE + _POS_SPAN


def _key(key: object, name: str, labeled: bool) -> int:
    """A value key (``labeled``: a labeled value's), checked: an int within the keys' range."""
    limit = 2 * _KEY_LIMIT + 1 if labeled else _KEY_LIMIT
    return whole(
        key,
        name,
        low=-limit,
        high=limit,
        what=f"a{' labeled' if labeled else ''} value's key, a whole number within ±{limit:,}",
    )


Int64s = npt.NDArray[np.int64]
Int32s = npt.NDArray[np.int32]
Ordinals = npt.NDArray[np.uint8] | npt.NDArray[np.uint16]


# -- exact keys -------------------------------------------------------------------------------
def value_key(v: Value) -> int:
    """The exact integer key of a single-suit value: keys compare as the values do.

    >>> ks = [value_key(Value.parse(t)) for t in ('-e1', '-e0', '0', 'e0', 'e1', '1/4', '1-e0')]
    >>> ks == sorted(ks)
    True
    """
    if type(v) is not Value:
        expect(v, Value, "v")
    pos = v.infinitesimal.pos
    if pos is None:
        raise TheoryError(f"a single-suit value {v} is fuzzy (Lemma 10.2 says never)")
    scaled = v.number * _SCALE
    if scaled.denominator != 1 or abs(v.number) > _NUMBER_BOUND or abs(pos) > _POS_BOUND:
        raise TheoryError(
            f"the value {v} is outside the kernel's exact keys (numbers up to "
            f"{_NUMBER_BOUND} in steps of 2^-{_SCALE_BITS}, chain positions up to "
            f"{_POS_BOUND}), which hold every value of up to {KEY_MAX_N} cards a hand"
        )
    return int(scaled) * _POS_SPAN + pos + _POS_BOUND


def value_from_key(key: int) -> Value:
    """The value whose :func:`value_key` is ``key``.

    >>> value_from_key(value_key(Value.parse('3/8-e2')))
    Value.parse('3/8-e2')
    """
    scaled, pos = divmod(_key(key, "key", labeled=False), _POS_SPAN)
    return Value(Fraction(scaled, _SCALE), Infinitesimal(pos - _POS_BOUND))


def labeled_key(lv: LabeledValue) -> int:
    """The exact integer key of a labeled value (§10's order: by value, then for a number
    (E, x) above (W, x), for a non-number (W, x) above (E, x)).

    >>> E, W = Player.EAST, Player.WEST
    >>> labeled_key(LabeledValue(E, Value(1))) > labeled_key(LabeledValue(W, Value(1)))
    True
    >>> x = Value.parse('e0')
    >>> labeled_key(LabeledValue(E, x)) < labeled_key(LabeledValue(W, x))
    True
    """
    k = value_key(expect(lv, LabeledValue, "lv").value)
    return 2 * k + int((lv.player is Player.EAST) == lv.value.is_number)


def labeled_from_key(key: int) -> LabeledValue:
    """The labeled value whose :func:`labeled_key` is ``key``."""
    v = value_from_key(_key(key, "key", labeled=True) >> 1)
    east = bool(key & 1) == v.is_number
    return LabeledValue(Player.EAST if east else Player.WEST, v)


def _labeled_pair(vkey: int) -> tuple[int, int]:
    """The labeled keys of (E, v) and (W, v + 1) from v's key: the α of a reduction of value
    v when East, resp. West, wins the trick."""
    is_number = vkey % _POS_SPAN == _POS_BOUND
    return 2 * vkey + int(is_number), 2 * (vkey + _ONE) + int(not is_number)


# -- patterns ---------------------------------------------------------------------------------
def pattern_mask(pattern: str) -> int:
    """The bitmask of a pattern: bit k set when West holds the k-th lowest card.

    >>> bin(pattern_mask('EWEW'))
    '0b1010'
    """
    check_pattern(pattern)
    return sum(1 << k for k, c in enumerate(pattern) if c == "W")


def pattern_rank(pattern: str) -> int:
    """The place of ``pattern`` among the patterns of its length in :class:`SuitTable` order
    (increasing bitmasks): Σ C(p_k, k) over West's positions p_1 < … < p_n.

    >>> [pattern_rank(p) for p in ('WWEE', 'WEWE', 'EWWE', 'WEEW', 'EWEW', 'EEWW')]
    [0, 1, 2, 3, 4, 5]
    """
    pattern_mask(pattern)  # checks it
    west = [p for p, c in enumerate(pattern) if c == "W"]
    return sum(comb(p, k) for k, p in enumerate(west, start=1))


def _mask_text(mask: int, n: int) -> str:
    return "".join("W" if mask >> k & 1 else "E" for k in range(2 * n))


# -- the memo -----------------------------------------------------------------------------------
class TableCache:
    """What tables and suits computed so far share: the values and labeled values met (their
    ids index :attr:`SuitTable.values` and :attr:`SuitTable.labeled`), the simplest value of
    each (maxmin, minmax) pair met, and the finished tables by n (so a larger table goes on
    from the largest one here). Not thread-safe; one per worker.

    >>> cache = TableCache()
    >>> _ = suit_table(3, upto_cache=cache)
    >>> sorted(cache.tables), cache.stats['values']
    ([1, 2, 3], 19)
    """

    def __init__(self) -> None:
        self._reset()

    def _reset(self) -> None:
        self.values: list[Value] = []
        self.labeled: list[LabeledValue] = []
        self.value_keys: list[int] = []
        self._value_ids: dict[int, int] = {}
        self._labeled_ids: dict[int, int] = {}
        self._simplest: dict[tuple[int, int], int] = {}
        self.tables: dict[int, SuitTable] = {}
        self._hits = 0
        self._misses = 0
        self.value_id(Value(0))

    def clear(self) -> None:
        """Forget every value, pair and table (tables already handed out keep their lists)."""
        self._reset()

    @property
    def stats(self) -> dict[str, int]:
        """Values and labeled values known, simplest-value pairs memoized, hits and misses."""
        return {
            "values": len(self.values),
            "labeled": len(self.labeled),
            "pairs": len(self._simplest),
            "hits": self._hits,
            "misses": self._misses,
        }

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
            _key(key, "key", labeled=True)
        i = self._labeled_ids.get(key)
        if i is None:
            _key(key, "key", labeled=True)
        if i is None:
            i = self._labeled_ids[key] = len(self.labeled)
            self.labeled.append(labeled_from_key(key))
        return i

    def simplest_id(self, maxmin_key: int, minmax_key: int) -> int:
        """The id of the simplest value between two labeled keys (:func:`simplest_key`)."""
        if type(maxmin_key) is not int or type(minmax_key) is not int:
            _key(maxmin_key, "maxmin_key", labeled=True)
            _key(minmax_key, "minmax_key", labeled=True)
        i = self._simplest.get((maxmin_key, minmax_key))
        if i is not None:
            self._hits += 1
            return i
        _key(maxmin_key, "maxmin_key", labeled=True)
        _key(minmax_key, "minmax_key", labeled=True)
        self._misses += 1
        i = self._simplest[(maxmin_key, minmax_key)] = self._key_id(
            simplest_key(maxmin_key, minmax_key)
        )
        return i

    def pairs(self) -> list[tuple[int, int, Value]]:
        """Every (maxmin key, minmax key, simplest value) met so far."""
        return [(a, b, self.values[i]) for (a, b), i in self._simplest.items()]


def simplest_key(maxmin: int, minmax: int) -> int:
    """The key of val(D), the simplest value between maxmin(D) and minmax(D) given by their
    labeled keys: :meth:`Bounds.simplest <whistgui.engine.evaluator.Bounds.simplest>` done in
    integers (the same candidates in the same order, the same membership tests; the tests
    compare the two on every pair the tables meet).

    >>> E, W = Player.EAST, Player.WEST
    >>> lo = labeled_key(LabeledValue(W, Value.parse('1+e0')))
    >>> hi = labeled_key(LabeledValue(W, Value.parse('2-e0')))
    >>> value_from_key(simplest_key(lo, hi))
    Value.parse('3/2')
    """
    maxmin = _key(maxmin, "maxmin", labeled=True)
    minmax = _key(minmax, "minmax", labeled=True)
    a, pa = divmod(maxmin >> 1, _POS_SPAN)
    b, pb = divmod(minmax >> 1, _POS_SPAN)
    pa -= _POS_BOUND
    pb -= _POS_BOUND

    def labeled(east: bool, scaled: int, pos: int) -> int:
        return 2 * (scaled * _POS_SPAN + pos + _POS_BOUND) + int(east == (pos == 0))

    def inside(scaled: int, pos: int) -> bool:  # Bounds.side(v) == "I": neither L nor R
        left = maxmin >= labeled(True, scaled, 0) and (
            pos == 0 or minmax >= labeled(False, scaled, pos)
        )
        right = minmax <= labeled(False, scaled, 0) and (
            pos == 0 or maxmin <= labeled(True, scaled, pos)
        )
        return not (left or right)

    def denominator(scaled: int) -> int:
        return _SCALE >> ((scaled & -scaled).bit_length() - 1) if scaled else 1

    top = max(denominator(a), denominator(b), 2) * 2
    if top > _SCALE:
        raise TheoryError(f"the bounds {maxmin}, {minmax} are finer than the kernel's keys")
    den = 2
    while den <= top:
        step = _SCALE // den
        found = [
            k * step
            for k in range(-(-a // step), b // step + 1)
            if (den == 2 or k % 2) and inside(k * step, 0)
        ]
        if len(found) > 1:
            raise TheoryError(f"I(D) has {len(found)} simplest numbers between {maxmin}, {minmax}")
        if found:
            return found[0] * _POS_SPAN + _POS_BOUND
        den *= 2
    if a == b:
        for k in range(max(abs(pa), abs(pb)) + 4):
            plus, minus = inside(a, k + 1), inside(a, -k - 1)
            if plus and minus:
                raise TheoryError(f"I(D) has two simplest elements between {maxmin}, {minmax}")
            if (plus or minus) and k + 1 > _POS_BOUND:
                raise TheoryError(f"ε_{k} is beyond the kernel's keys (bounds {maxmin}, {minmax})")
            if plus or minus:
                return a * _POS_SPAN + (k + 1 if plus else -k - 1) + _POS_BOUND
    raise TheoryError(
        f"maxmin {maxmin} ({labeled_from_key(maxmin)}) and minmax {minmax} "
        f"({labeled_from_key(minmax)}) bound no single-suit value: for a suit's own bounds "
        "I(D) always holds one (Lemma 10.2)"
    )


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
        return _mask_text(int(self.patterns[self._row(i)]), self.n)

    def index_of(self, pattern: str) -> int:
        """The row of ``pattern``.

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

        >>> t = suit_table(2)
        >>> [t.pattern_text(i) for i in t.lex_order()]
        ['WWEE', 'WEWE', 'WEEW', 'EWWE', 'EWEW', 'EEWW']
        """
        # Lexicographic order of a position set is the reverse of the colex order of the
        # mirrored set (p -> 2n - 1 - p), and the mirrored patterns are again all patterns.
        mirrored = _reverse_bits(self.patterns.view(np.int64), 2 * self.n)
        place = len(self) - 1 - _colex_ranks(mirrored, 2 * self.n)
        order = np.empty(len(self), dtype=np.intp)
        order[place] = np.arange(len(self), dtype=np.intp)
        return order


def _colex_ranks(x: Int64s, width: int) -> Int64s:
    """The ranks of bitmasks of ``width`` bits among those with as many bits set, in increasing
    order (:func:`pattern_rank`: Σ C(p_k, k) over the set bits p_1 < p_2 < …), all at once.

    >>> _colex_ranks(np.array([0b0011, 0b0101, 0b0110, 0b1001, 0b1010, 0b1100]), 4).tolist()
    [0, 1, 2, 3, 4, 5]
    """
    binomials = np.array(
        [[comb(p, k) for k in range(width + 1)] for p in range(width)], dtype=np.int64
    )
    ranks = np.zeros(len(x), dtype=np.int64)
    seen = np.zeros(len(x), dtype=np.int64)  # set bits below p
    for p in range(width):
        bit = (x >> p) & 1
        seen += bit
        ranks += bit * binomials[p][seen]
    return ranks


def _reverse_bits(x: Int64s, width: int) -> Int64s:
    out = np.zeros_like(x)
    for k in range(width):
        out |= ((x >> k) & 1) << (width - 1 - k)
    return out


# -- binomials and the rank of a reduction ---------------------------------------------------
# A pattern x of length L with m West cards (bits) at p_1 < … < p_m has colex rank
# Σ_k C(p_k, k). Remove West's card p (the a-th run's top) and East's card q (the b-th run's
# top). With prefix sums over West's cards below position t
#   A[t] = Σ C(p_k, k),      B[t] = Σ C(p_k − 1, k − 1),
#   Cc[t] = Σ C(p_k − 1, k), D[t] = Σ C(p_k − 2, k − 1),
# the remaining cards keep, lose one or two positions and perhaps one index:
#   p < q: rank = A[p] + (B[q] − B[p+1]) + (D[L] − D[q])          (East wins the trick)
#   q < p: rank = A[q] + (Cc[p] − Cc[q]) + (D[L] − D[p+1])        (West wins it)
# Each is a term of p plus a term of q. Inside a West run the prefix sums telescope along the
# diagonal (Σ_j C(s + j, c + 1 + j) = C(s + ℓ, c + ℓ) − C(s, c)): with F_A(t, c) = C(t, c),
# F_B = C(t − 1, c − 1), F_C = C(t − 1, c), F_D = C(t − 2, c − 1) at a boundary (t cards below,
# c of them West's), h_Q = Q − F_Q(t, c) does not change across a West run and changes by
# −(F_Q(t1, c) − F_Q(t0, c)) across an East run from t0 to t1. So every term is a sum over the
# East runs below, and with S_X(b) the sum of those differences over East runs before run b:
#   Uw[a]  = −(F_A − F_B)(0, 0) − S_{A−B}(a')                   a' = East runs below West run a
#   V'w[a] = −(F_C − F_D)(0, 0) − S_{C−D}(a') + D[L]
#   Ve[b]  = −(F_B − F_D)(0, 0) − S_{B−D}(b) + (F_B − F_D)(t0_b, c_b) + D[L]
#   U'e[b] = −(F_A − F_C)(0, 0) − S_{A−C}(b) + (F_A − F_C)(t0_b, c_b)
#   D[L]   = F_D(L, m) − F_D(0, 0) − S_D(all)
# (C(n, k) = 0 for n < 0; the few terms where the shifted binomials are not the true ones
# cancel between the two prefix sums that contain them.) By Pascal's rule F_A − F_B =
# (F_C − F_D) + F_D and F_A − F_C = (F_B − F_D) + F_D at every boundary but (0, 0), so three
# sums S_{C−D}, S_{B−D}, S_D do (see _group_bounds). tests/engine/test_tables_kernel.py checks
# the ranks against the definition on every reduction of every suit up to 7 cards a hand.
_TMAX: Final = 2 * MAX_SUIT_N  # the longest pattern
_T: Final = _TMAX + 1  # boundaries t = 0 … _TMAX
_CW: Final = MAX_SUIT_N + 1  # West cards below: c = 0 … MAX_SUIT_N


def _c(n: int, k: int) -> int:
    return comb(n, k) if 0 <= k <= n else 0


def _f(name: str, t: int, c: int) -> int:
    """F_A, F_B, F_C, F_D and their differences at a boundary (t cards below, c West's)."""
    fa, fb, fc, fd = _c(t, c), _c(t - 1, c - 1), _c(t - 1, c), _c(t - 2, c - 1)
    return {"AB": fa - fb, "CD": fc - fd, "BD": fb - fd, "AC": fa - fc, "D": fd}[name]


def _point_tables() -> dict[str, Int64s]:
    """F_C − F_D, F_B − F_D and F_D at every boundary (t, c), flattened to index t·_CW + c."""
    out = {}
    for name in ("CD", "BD", "D"):
        tab = np.zeros(_T * _CW, dtype=np.int64)
        for t in range(_T):
            for c in range(_CW):
                tab[t * _CW + c] = _f(name, t, c)
        out[name] = tab
    return out


_POINT: Final = _point_tables()


@dataclass(frozen=True, slots=True)
class _Runs:
    """One group of patterns with the same number of runs and the same owner of the lowest
    card, and what the ranks of their reductions are made of (arrays of shape (runs, patterns))."""

    west_runs: int
    east_runs: int
    below: int  # East runs below West's first run (0 or 1)
    uw: Int64s
    vw: Int64s  # V'w
    ve: Int64s
    ue: Int64s  # U'e


def _group_bounds(x: Int64s, runs: int, west_first: bool, m: int) -> _Runs:
    """The rank terms of every run of the patterns ``x`` (all with ``runs`` runs, West's or
    East's lowest card as ``west_first`` says); see the comment above."""
    size = len(x)
    below = 0 if west_first else 1
    west_runs = (runs + 1 - below) // 2
    east_runs = runs - west_runs
    x32 = x.astype(np.uint32)  # patterns have at most 2·MAX_SUIT_N = 32 cards
    east = ~x32
    if m < 16:
        east &= np.uint32((1 << 2 * m) - 1)
    starts = east & ((x32 << 1) | 1)  # East's cards with West's card (or nothing) below
    tops = east & ((x32 >> 1) | np.uint32(1 << (2 * m - 1)))  # … and above
    t0 = np.empty((east_runs, size), dtype=np.uint8)  # each East run from boundary t0 …
    t1 = np.empty((east_runs, size), dtype=np.uint8)  # … to boundary t1
    one = np.uint32(1)
    for e in range(east_runs):
        np.bitwise_count(starts ^ (starts - one), out=t0[e])
        np.bitwise_count(tops ^ (tops - one), out=t1[e])
        starts &= starts - one
        tops &= tops - one
    t0 -= 1
    # c = t0 − East's cards below = West's cards below the run
    c = t0.astype(np.int16)
    for e in range(1, east_runs):
        c[e:] -= t1[e - 1] - t0[e - 1]
    at0 = t0 * np.int16(_CW)
    at0 += c
    at1 = t1 * np.int16(_CW)
    at1 += c
    at0 = at0.astype(np.int64)  # boundaries t·_CW + c, as indices
    at1 = at1.astype(np.int64)

    def sums(name: str) -> tuple[Int64s, Int64s]:
        """S_X before each East run (and after the last), and X at each run's start."""
        tab = _POINT[name]
        start = tab[at0]
        s = np.empty((east_runs + 1, size), dtype=np.int64)
        s[0] = 0
        np.subtract(tab[at1], start, out=s[1:])
        for e in range(1, east_runs):
            s[e + 1] += s[e]
        return s, start

    # F_A − F_B = (F_C − F_D) + F_D and F_A − F_C = (F_B − F_D) + F_D at every boundary but
    # (0, 0), where both are 1 and the right-hand sides 0: only an East run at the bottom
    # starts there, so the two identities hold in the sums up to a term −[below].
    s_cd, _ = sums("CD")
    s_bd, ve = sums("BD")
    s_d, g_d = sums("D")
    d_total = _f("D", 2 * m, m) - s_d[east_runs]
    w = slice(below, below + west_runs)
    vw = d_total - s_cd[w]
    uw = s_cd[w]
    uw += s_d[w]
    np.negative(uw, out=uw)
    uw -= 1 - below
    ve -= s_bd[:east_runs]
    ue = g_d - s_d[:east_runs]
    ue += ve
    ue -= 1 - below
    ve += d_total
    return _Runs(west_runs, east_runs, below, uw, vw, ve, ue)


def _groups(x: Int64s, m: int) -> list[tuple[int, bool, npt.NDArray[np.intp]]]:
    """The patterns of ``x`` by (runs, West holds the lowest card): positions into x."""
    runs = np.bitwise_count((x ^ (x >> 1)) | (1 << (2 * m - 1))).astype(np.int16)
    key = runs * 2 + (x & 1).astype(np.int16)
    order = np.argsort(key, kind="stable")
    sk = key[order]
    cuts = np.flatnonzero(sk[1:] != sk[:-1]) + 1
    out = []
    for s, e in zip(np.r_[0, cuts], np.r_[cuts, len(x)], strict=True):
        k = int(sk[s])
        out.append((k >> 1, bool(k & 1), order[s:e]))
    return out


#: Patterns handled at once inside a group (keeps the temporaries near the CPU caches).
_BLOCK: Final = 8192

_Block = tuple[npt.NDArray[np.intp], _Runs]
_INT32_MAX: Final = 2**31 - 1


def _blocks(x: Int64s, m: int) -> Iterator[_Block]:
    """The patterns ``x`` of m cards a hand in blocks of one group, with their rank terms."""
    for runs, west_first, where in _groups(x, m):
        for s in range(0, len(where), _BLOCK):
            idx = where[s : s + _BLOCK]
            yield idx, _group_bounds(x[idx], runs, west_first, m)


def _level_lids(
    blocks: Iterable[_Block], size: int, ordinals: Ordinals, le: Int32s, lw: Int32s
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


def _pairs(g: _Runs, ordinals: Ordinals, le: Int32s, lw: Int32s) -> tuple[Int32s, Int32s]:
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
        pairs = [_labeled_pair(cache.value_keys[i]) for i in self.ids]
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
            mm, mx = _level_lids(_blocks(x, m), len(x), level.ordinals, le, lw)
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
    return {k: cache.tables[k] for k in range(1, n + 1)}


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
def _colex_unrank(ranks: Int64s, m: int) -> Int64s:
    """The bitmasks with m bits among 2m whose colex ranks are ``ranks``."""
    r = ranks.copy()
    k = np.full(len(r), m, dtype=np.int64)
    x = np.zeros(len(r), dtype=np.int64)
    binom = np.array([[_c(p, j) for j in range(m + 2)] for p in range(2 * m)], dtype=np.int64)
    for p in range(2 * m - 1, -1, -1):
        b = binom[p][k]
        take = (k > 0) & (r >= b)
        x |= take.astype(np.int64) << p
        r -= np.where(take, b, 0)
        k -= take
    return x


def _reduction_ranks(blocks: list[_Block]) -> Int64s:
    """The colex ranks of every run-representative reduction of the patterns in ``blocks``."""
    parts = []
    for _, g in blocks:
        for a in range(g.west_runs):
            split = a + g.below
            if split < g.east_runs:
                parts.append((g.uw[a] + g.ve[split:]).ravel())
            if split > 0:
                parts.append((g.vw[a] + g.ue[:split]).ravel())
    return np.concatenate(parts)


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
    down: dict[int, tuple[Int64s, int, list[_Block]]] = {}
    for m in range(n, 0, -1):
        poll(m)
        blocks = list(_blocks(x, m))
        down[m] = (ranks, len(x), blocks)
        if m > 1:
            seen = np.zeros(comb(2 * m - 2, m - 1), dtype=bool)
            seen[_reduction_ranks(blocks)] = True
            ranks = np.flatnonzero(seen).astype(np.int64)
            x = _colex_unrank(ranks, m - 1)
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
    :meth:`~whistgui.engine.evaluator.Evaluator.pattern_value`.

    >>> suit_value('EWEW'), suit_value('')
    (Value.parse('3/2'), Value.parse('0'))
    """
    return reach(pattern, cache=cache).root
