"""Patterns as numpy bitmasks, many at once: their ranks, the patterns of given ranks, and the
ranks of their reductions without building them — what the kernel's levels are indexed by.

A table lists the C(2m, m) patterns of m cards a hand in increasing order of their bitmasks
(:func:`~whistgui.engine.games.whist.keys.pattern_mask`) — which is the *colex* order of West's
positions — so a pattern's index is its rank in the combinatorial number system, Σ C(p_k, k)
over West's positions p_1 < … < p_m (k from 1; :func:`colex_ranks`, :func:`colex_unrank`). A
reduction (one West card and one East card removed, both tops of their runs) is ranked without
being built: its rank is Uw[a] + Ve[b] when West's run a lies below East's run b and
V'w[a] + U'e[b] otherwise, four numbers per run computed from binomials at the run boundaries
(:func:`_group_bounds`; the derivation is in the comments above it), for the patterns in
blocks of one group (:func:`run_blocks`).

>>> colex_unrank(np.array([0, 5]), 2).tolist(), colex_ranks(np.array([0b0011, 0b1100]), 4).tolist()
([3, 12], [0, 5])
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from math import comb
from typing import Final

import numpy as np
import numpy.typing as npt

from whistgui.engine.games.whist.keys import MAX_SUIT_N

__all__ = [
    "Block",
    "Int32s",
    "Int64s",
    "Ordinals",
    "Runs",
    "colex_ranks",
    "colex_unrank",
    "reduction_ranks",
    "reverse_bits",
    "run_blocks",
]

Int64s = npt.NDArray[np.int64]
Int32s = npt.NDArray[np.int32]
Ordinals = npt.NDArray[np.uint8] | npt.NDArray[np.uint16]


# -- ranks of many patterns at once ----------------------------------------------------------
def colex_ranks(x: Int64s, width: int) -> Int64s:
    """The ranks of bitmasks of ``width`` bits among those with as many bits set, in increasing
    order (:func:`pattern_rank`: Σ C(p_k, k) over the set bits p_1 < p_2 < …), all at once.

    >>> colex_ranks(np.array([0b0011, 0b0101, 0b0110, 0b1001, 0b1010, 0b1100]), 4).tolist()
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


@cache
def _reversed_16() -> npt.NDArray[np.uint64]:
    """Every 16-bit number with its bits in reverse order (a table of 65,536)."""
    x = np.arange(1 << 16, dtype=np.uint64)
    out = np.zeros_like(x)
    for k in range(16):
        out |= ((x >> np.uint64(k)) & np.uint64(1)) << np.uint64(15 - k)
    return out


def reverse_bits(x: Int64s, width: int) -> Int64s:
    """Each of ``x``'s lowest ``width`` bits (the rest are zero, ``width`` ≤ 64) in reverse
    order: bit k moves to bit width − 1 − k — 16 bits at a time from a table (0.03 s for four
    million masks, ten times a bit at a time).

    >>> reverse_bits(np.array([0b0001, 0b0110, 0b1011]), 4).tolist()
    [8, 6, 13]
    """
    table = _reversed_16()
    u = np.ascontiguousarray(x, dtype=np.int64).view(np.uint64)
    out = np.zeros(len(u), dtype=np.uint64)
    for k in range(0, width, 16):  # the 16 bits from k go, reversed, to 48 − k … 63 − k
        out |= table[(u >> np.uint64(k)) & np.uint64(0xFFFF)] << np.uint64(48 - k)
    return (out >> np.uint64(64 - width)).view(np.int64) if width else np.zeros_like(x)


def colex_unrank(ranks: Int64s, m: int) -> Int64s:
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
class Runs:
    """One group of patterns with the same number of runs and the same owner of the lowest
    card, and what the ranks of their reductions are made of (arrays of shape (runs, patterns))."""

    west_runs: int
    east_runs: int
    below: int  # East runs below West's first run (0 or 1)
    uw: Int64s
    vw: Int64s  # V'w
    ve: Int64s
    ue: Int64s  # U'e


def _group_bounds(x: Int64s, runs: int, west_first: bool, m: int) -> Runs:
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
    return Runs(west_runs, east_runs, below, uw, vw, ve, ue)


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

Block = tuple[npt.NDArray[np.intp], Runs]


def run_blocks(x: Int64s, m: int) -> Iterator[Block]:
    """The patterns ``x`` of m cards a hand in blocks of one group, with their rank terms."""
    for runs, west_first, where in _groups(x, m):
        for s in range(0, len(where), _BLOCK):
            idx = where[s : s + _BLOCK]
            yield idx, _group_bounds(x[idx], runs, west_first, m)


def reduction_ranks(blocks: list[Block]) -> Int64s:
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
