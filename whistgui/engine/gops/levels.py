"""GOPS solved level by level (issue 30): a state with k prizes face down depends only on states
with k − 1, so the whole game's states are found from the top down, a level at a time (numpy
arrays of packed keys, :func:`~whistgui.engine.gops.recursion.pack`), and valued from the
bottom up, each level's matrix games at once:

* built from the level below by sorted look-ups (the recursion's entries, the same arithmetic);
* saddle points and 2 × 2 games solved at once, as the recursion does;
* the rest in a batch — iterated weak dominance at once, saddle points of what is left, the
  completely mixed closed form and then square supports enumerated (each pair of q-sets:
  both equalizing strategies, kept as a certificate of the value to within 1e-9), at once for
  every game of a shape up to :data:`SUPPORTS_UPTO`; 2 × n games by their lower envelope, and
  only the few left (degenerate, or larger) by HiGHS one by one.

The values are the recursion's to within about 1e-13 (the same games, solved by other means),
and :func:`fill` writes them into a recursion's memo, so every question asked of it after —
the first prizes' matrix games, any state's value — is a memo hit.

>>> from whistgui.engine.gops.rules import GopsRules
>>> from whistgui.engine.gops.state import GopsState
>>> r = GopsRecursion(GopsRules(5))
>>> fill(r)
4071
>>> plain = GopsRecursion(GopsRules(5))
>>> s = GopsState.start(5).turn(3)
>>> done = r.stats["computed"]
>>> got, want = r._state_matrix(s), plain._state_matrix(s)
>>> max(abs(x - y) for p, q in zip(got, want) for x, y in zip(p, q)) < 1e-12
True
>>> r.stats["computed"] == done  # all hits
True
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import combinations
from math import factorial
from typing import Any

import numpy as np
import numpy.typing as npt

from whistgui.engine.checks import expect
from whistgui.engine.errors import ArgumentError, Cancelled
from whistgui.engine.gops.matrix import EPS, _game_value, _lp, _two_rows_value
from whistgui.engine.gops.recursion import BITS, SUM, GopsRecursion
from whistgui.engine.gops.rules import MAX_N, GopsRules
from whistgui.engine.gops.state import MAX_POINTS

__all__ = ["CHUNK", "SUPPORTS_UPTO", "fill", "fill_by", "points_level_sizes"]

#: The largest kept game solved by support enumeration at once (larger: HiGHS one by one).
SUPPORTS_UPTO = 5
#: States handled at once (bounds the arrays of their children, CHUNK × k² entries, and the
#: time between two polls of ``should_stop``: about a second in the widest levels of N = 8).
CHUNK = 1 << 15

Ints = npt.NDArray[np.int64]
Floats = npt.NDArray[np.float64]

_M14, _M13, _M7 = 0x3FFF, 0x1FFF, 0x7F


def _tables() -> tuple[Ints, Ints, Ints]:
    """For every mask of cards 0..13: how many, their sum, and the cards in increasing order
    (padded with −1)."""
    size = 1 << (MAX_N + 1)
    count = np.array([len(b) for b in BITS], dtype=np.int64)
    total = np.array(SUM, dtype=np.int64)
    cards = np.full((size, MAX_N + 1), -1, dtype=np.int64)
    for m, b in enumerate(BITS):
        cards[m, : len(b)] = b
    return count, total, cards


_COUNT, _SUM, _CARDS = _tables()


def _distinct(keys: Ints) -> Ints:
    """The distinct keys, sorted — by a sort (numpy's np.unique hashes int64 keys: 20 times as
    slow on the levels of N = 8)."""
    if not len(keys):
        return keys
    ordered = np.sort(keys)
    first = np.empty(len(ordered), dtype=bool)
    first[0] = True
    np.not_equal(ordered[1:], ordered[:-1], out=first[1:])
    return ordered[first]


def _split(keys: Ints) -> tuple[Ints, Ints, Ints, Ints, Ints]:
    return (
        keys & _M14,
        keys >> 14 & _M13,
        keys >> 27 & _M13,
        keys >> 40 & _M7,
        (keys >> 47) - MAX_POINTS,
    )


def _keyed(
    prizes: Ints, a: Ints, b: Ints, pot: Ints, diff: Ints
) -> tuple[Ints, npt.NDArray[np.int8]]:
    """:meth:`GopsRecursion._key` of canonical hands, at once: the key and the sign (1, −1,
    0 for a state that is its own mirror). ``diff`` is already 0 with the points score."""
    first = (a < b) | ((a == b) & (diff <= -diff))
    ka, kb, kd = np.where(first, a, b), np.where(first, b, a), np.where(first, diff, -diff)
    key = prizes | ka << 14 | kb << 27 | pot << 40 | (kd + MAX_POINTS) << 47
    sign = np.where(first, 1, -1).astype(np.int8)
    sign[(a == b) & (diff == 0)] = 0
    return key, sign


def _prune_all(m: Floats) -> tuple[npt.NDArray[np.bool_], npt.NDArray[np.bool_]]:
    """Iterated weak dominance of a stack of games at once (:func:`~whistgui.engine.gops.
    matrix._prune`'s rule: a row at most as good as another kept row everywhere and worse
    somewhere, or equal to an earlier one, goes; likewise columns, smaller being better): the
    rows and columns kept, as masks. A pass removes every row (then column) dominated by a
    kept one at once; a row so removed has a kept row at least as good (to within EPS)."""
    g, k, _ = m.shape
    rows = np.ones((g, k), dtype=bool)
    cols = np.ones((g, k), dtype=bool)
    earlier = np.tri(k, k, -1, dtype=bool).T  # earlier[s, r]: s < r
    while True:
        # ge[g, s, r]: row s ≥ row r − EPS on every kept column; gt: better on one
        diff = m[:, :, None, :] - m[:, None, :, :]  # [g, s, r, j] = m[s, j] − m[r, j]
        on = cols[:, None, None, :]
        ge = ((diff >= -EPS) | ~on).all(axis=3)
        gt = ((diff > EPS) & on).any(axis=3)
        dom = ge & (gt | earlier) & rows[:, :, None] & rows[:, None, :]
        dom[:, np.arange(k), np.arange(k)] = False
        out_r = dom.any(axis=1)
        rows_changed = out_r.any()
        rows &= ~out_r
        # columns: d dominates c if m[i, d] ≤ m[i, c] + EPS on every kept row, smaller on one
        diff = m[:, :, :, None] - m[:, :, None, :]  # [g, i, d, c] = m[i, d] − m[i, c]
        on = rows[:, :, None, None]
        le = ((diff <= EPS) | ~on).all(axis=1)
        lt = ((diff < -EPS) & on).any(axis=1)
        dom = le & (lt | earlier) & cols[:, :, None] & cols[:, None, :]
        dom[:, np.arange(k), np.arange(k)] = False
        out_c = dom.any(axis=1)
        cols &= ~out_c
        if not rows_changed and not out_c.any():
            return rows, cols


def _batch_values(m: Floats) -> Floats:
    """The values of a stack of k × k games with no saddle point: dominance removed at once,
    then saddle points of what is left and the completely mixed closed form (numpy's solve of
    each square game left, checked as a certificate) at once; the rest one by one — 2 × n and
    n × 2 by their lower envelope, others by HiGHS (:func:`~whistgui.engine.gops.matrix.
    _game_value`'s means, in a batch)."""
    g, k, _ = m.shape
    rows, cols = _prune_all(m)
    lost = ~rows.any(axis=1) | ~cols.any(axis=1)  # (EPS chains: never seen) the whole game
    rows[lost], cols[lost] = True, True
    value = np.full(g, np.nan)
    inf = np.inf
    low = np.where(cols[:, None, :], m, inf).min(axis=2)  # each row's worst over kept columns
    maxmin = np.where(rows, low, -inf).max(axis=1)
    high = np.where(rows[:, :, None], m, -inf).max(axis=1)  # each column's best over kept rows
    minmax = np.where(cols, high, inf).min(axis=1)
    saddle = minmax - maxmin <= EPS
    value[saddle] = maxmin[saddle]
    nr, nc = rows.sum(axis=1), cols.sum(axis=1)
    for size in range(3, k + 1):
        pick = np.flatnonzero(~saddle & (nr == size) & (nc == size))
        if len(pick):
            value[pick] = _equalizers(m[pick], rows[pick], cols[pick], size)
    for size_r in range(2, k + 1):
        for size_c in range(2, k + 1):
            pick = np.flatnonzero(np.isnan(value) & (nr == size_r) & (nc == size_c))
            if len(pick) and min(size_r, size_c) >= 3 and max(size_r, size_c) <= SUPPORTS_UPTO:
                value[pick] = _by_supports(m[pick], rows[pick], cols[pick], size_r, size_c)
    for i in np.flatnonzero(np.isnan(value)).tolist():
        sub = m[i][rows[i]][:, cols[i]].tolist()
        if len(sub) == 2:
            value[i] = _two_rows_value(sub[0], sub[1])
        elif len(sub[0]) == 2:
            value[i] = -_two_rows_value([-r[0] for r in sub], [-r[1] for r in sub])
        elif len(sub) == 1 or len(sub[0]) == 1:  # pragma: no cover - a saddle point above
            value[i] = _game_value(sub)
        else:
            value[i] = _lp(sub, value_only=True).value
    return value


def _equalizers(
    m: Floats, rows: npt.NDArray[np.bool_], cols: npt.NDArray[np.bool_], size: int
) -> Floats:
    """The completely mixed closed form of each game's kept size × size part (NaN where the
    equalizing strategies are not both positive, the part is singular or the certificate
    fails): :func:`~whistgui.engine.gops.matrix._equalizer_value` at once."""
    ri = np.argsort(~rows, axis=1, kind="stable")[:, :size]
    ci = np.argsort(~cols, axis=1, kind="stable")[:, :size]
    sub = np.take_along_axis(np.take_along_axis(m, ri[:, :, None], axis=1), ci[:, None, :], axis=2)
    out = np.full(len(m), np.nan)
    scale = np.abs(sub).max(axis=(1, 2))
    ok = np.abs(np.linalg.det(sub)) > 1e-9 * np.maximum(scale, 1.0) ** size
    if not ok.any():
        return out
    a = sub[ok]
    ones = np.ones((len(a), size, 1))
    try:
        xs = np.linalg.solve(np.swapaxes(a, 1, 2), ones)[..., 0]
        ys = np.linalg.solve(a, ones)[..., 0]
    except np.linalg.LinAlgError:  # pragma: no cover - the determinant said otherwise
        return out
    total = xs.sum(axis=1)
    with np.errstate(divide="ignore", invalid="ignore"):
        xv, yv = xs / total[:, None], ys / total[:, None]
        v = 1.0 / total
    good = np.isfinite(total) & (np.abs(total) > EPS)
    good &= (xv.min(axis=1) > EPS) & (yv.min(axis=1) > EPS)
    good &= np.einsum("gi,gij->gj", xv, a).min(axis=1) >= v - EPS
    good &= np.einsum("gij,gj->gi", a, yv).max(axis=1) <= v + EPS
    vals = np.where(good, v, np.nan)
    out[np.flatnonzero(ok)] = vals
    return out


def _compact(
    m: Floats, rows: npt.NDArray[np.bool_], cols: npt.NDArray[np.bool_], nr: int, nc: int
) -> Floats:
    """Each game's kept rows and columns (``nr`` and ``nc`` of them), in order."""
    ri = np.argsort(~rows, axis=1, kind="stable")[:, :nr]
    ci = np.argsort(~cols, axis=1, kind="stable")[:, :nc]
    return np.take_along_axis(np.take_along_axis(m, ri[:, :, None], axis=1), ci[:, None, :], axis=2)


def _by_supports(
    m: Floats, rows: npt.NDArray[np.bool_], cols: npt.NDArray[np.bool_], nr: int, nc: int
) -> Floats:
    """The values of a stack of games whose kept parts are nr × nc, by support enumeration at
    once: for each pair of q-sets of kept rows and columns (q = 2, …), both players'
    equalizing strategies on them, kept where both are distributions and they form a
    certificate against the whole kept game (to within EPS): its value. NaN where no square
    support pair does (a degenerate game: HiGHS decides)."""
    sub = _compact(m, rows, cols, nr, nc)
    out = np.full(len(m), np.nan)
    for q in range(2, min(nr, nc) + 1):
        for rs in combinations(range(nr), q):
            for cs in combinations(range(nc), q):
                todo = np.flatnonzero(np.isnan(out))
                if not len(todo):
                    return out
                full = sub[todo]
                a = full[:, rs, :][:, :, cs]
                scale = np.maximum(np.abs(a).max(axis=(1, 2)), 1.0)
                ok = np.abs(np.linalg.det(a)) > 1e-9 * scale**q
                if not ok.any():
                    continue
                todo, full, a = todo[ok], full[ok], a[ok]
                ones = np.ones((len(a), q, 1))
                xs = np.linalg.solve(np.swapaxes(a, 1, 2), ones)[..., 0]
                ys = np.linalg.solve(a, ones)[..., 0]
                total = xs.sum(axis=1)
                with np.errstate(divide="ignore", invalid="ignore"):
                    xv, yv, v = xs / total[:, None], ys / total[:, None], 1.0 / total
                good = np.isfinite(v) & (np.abs(total) > EPS)
                good &= (xv.min(axis=1) >= 0.0) & (yv.min(axis=1) >= 0.0)
                gets = np.einsum("gi,gij->gj", xv, full[:, rs, :])  # against every column
                gives = np.einsum("gij,gj->gi", full[:, :, cs], yv)  # against every row
                good &= (gets.min(axis=1) >= v - EPS) & (gives.max(axis=1) <= v + EPS)
                out[todo[good]] = v[good]
    return out


class _Level:
    """One level-by-level solve: the recursion it fills (its rules, its table of bids for each
    pair of hands, its statistics, ``should_stop`` and ``progress``)."""

    def __init__(self, rec: GopsRecursion) -> None:
        self.rec = rec
        self.points = rec._points
        self.carry = rec._carry

    def children(self, a: Ints, b: Ints, k: int) -> tuple[Ints, Ints, Ints]:
        """For canonical hands of k cards: who wins each pair of bids (1, −1, 0) and both hands
        left, renumbered — arrays of shape (len(a), k, k), through the recursion's own table
        for each distinct pair of hands."""
        both = a << 13 | b
        pairs = _distinct(both)
        inverse = np.searchsorted(pairs, both)
        rel = np.empty((len(pairs), k, k), dtype=np.int64)
        ca, cb = np.empty_like(rel), np.empty_like(rel)
        kids = self.rec._children
        for n, p in enumerate(pairs.tolist()):
            table = np.array(kids(p >> 13, p & _M13), dtype=np.int64)
            rel[n], ca[n], cb[n] = table[..., 0], table[..., 1], table[..., 2]
        return rel[inverse], ca[inverse], cb[inverse]

    def score(self, d: Ints) -> Floats:
        if self.points:
            return d.astype(np.float64)
        return np.sign(d).astype(np.float64)

    # --- the bids: a bidding state's k × k chance states ------------------------------------

    def bid_children(self, keys: Ints, k: int) -> dict[str, Any]:
        """Every entry of the matrix games of these bidding keys (k cards, k − 1 prizes): its
        closed value where it has one (``fixed``), else the chance state's key, sign and the
        base that the key's value is added to (:meth:`GopsRecursion._float_matrix`)."""
        prizes, a, b, pot, diff = _split(keys)
        rel, ca, cb = self.children(a, b, k)
        shape = rel.shape
        prizes3 = np.broadcast_to(prizes[:, None, None], shape)
        pot3 = np.broadcast_to(pot[:, None, None], shape)
        diff3 = np.broadcast_to(diff[:, None, None], shape)
        p2 = np.where(rel == 0, pot3 if self.carry else 0, 0)
        d2 = diff3 + rel * pot3
        fixed = np.full(shape, np.nan)
        known = np.zeros(shape, dtype=bool)
        if k == 2:  # one prize face down: the last bids are forced
            last = _CARDS[prizes3, 0]
            stake = p2 + last
            fixed = self.score(np.where(ca > cb, d2 + stake, np.where(ca < cb, d2 - stake, d2)))
            return {"fixed": fixed, "known": np.ones(shape, dtype=bool)}
        if not self.points:
            rest = _SUM[prizes3] + p2
            win, lose = d2 > rest, d2 < -rest
            fixed[win], fixed[lose] = 1.0, -1.0
            known = win | lose
        kd = np.zeros(shape, dtype=np.int64) if self.points else d2
        base = d2.astype(np.float64) if self.points else np.zeros(shape)
        key, sign = _keyed(prizes3, ca, cb, p2, kd)
        own = (sign == 0) & ~known
        fixed[own] = base[own]
        known |= own
        return {"fixed": fixed, "known": known, "key": key, "sign": sign, "base": base}

    def bid_values(self, keys: Ints, k: int, below: tuple[Ints, Floats]) -> Floats:
        """The value of each bidding key's matrix game, ``below`` the sorted keys and values
        of the chance states one level down."""
        out = np.empty(len(keys))
        for lo in range(0, len(keys), CHUNK):
            part = keys[lo : lo + CHUNK]
            out[lo : lo + len(part)] = self.bid_chunk(part, k, below)
            self.tick(len(part), games=True)
        return out

    def bid_chunk(self, part: Ints, k: int, below: tuple[Ints, Floats]) -> Floats:
        """The values of a chunk of bidding keys (k cards): their matrix games built from
        ``below`` and solved — what :meth:`bid_values` does a chunk at a time, and what a
        worker does with a chunk (:mod:`~whistgui.engine.gops.cluster`)."""
        c = self.bid_children(part, k)
        m = c["fixed"]
        todo = ~c["known"]
        if todo.any():
            at = np.searchsorted(below[0], c["key"][todo])
            v = below[1][at]
            s = c["sign"][todo]
            base = c["base"][todo]
            m[todo] = np.where(s > 0, base + v, base - v)
        return self.games(m, k)

    def games(self, m: Floats, k: int) -> Floats:
        """:func:`_game_value` of each k × k game: saddle points and 2 × 2 games at once, the
        rest one by one."""
        maxmin = m.min(axis=2).max(axis=1)
        minmax = m.max(axis=1).min(axis=1)
        value: Floats = maxmin.copy()
        rest = np.flatnonzero(minmax - maxmin > EPS)
        if k == 2:
            a, b, c, d = m[rest, 0, 0], m[rest, 0, 1], m[rest, 1, 0], m[rest, 1, 1]
            value[rest] = (a * d - b * c) / (a + d - b - c)
            return value
        if len(rest):
            value[rest] = _batch_values(m[rest])
        return value

    # --- the prizes: a chance state's k bidding states --------------------------------------

    def prize_children(self, keys: Ints, k: int) -> dict[str, Any]:
        """Each chance key's k bidding states, one for each prize that may be turned: the
        closed value where it has one (``fixed``: decided, or its own mirror), else the
        bidding state's key and sign (:meth:`GopsRecursion._chance`); arrays of shape
        (len(keys), k)."""
        prizes, a, b, pot, diff = _split(keys)
        turned = _CARDS[prizes, :k]  # (S, k) the prizes face down, increasing
        shape = turned.shape
        p2 = prizes[:, None] ^ (1 << turned)
        pot2 = pot[:, None] + turned
        d = np.broadcast_to(diff[:, None], shape)
        a2 = np.broadcast_to(a[:, None], shape)
        b2 = np.broadcast_to(b[:, None], shape)
        fixed = np.full(shape, np.nan)
        known = np.zeros(shape, dtype=bool)
        if not self.points:
            rest = _SUM[p2] + pot2
            win, lose = d > rest, d < -rest
            fixed[win], fixed[lose] = 1.0, -1.0
            known = win | lose
        key, sign = _keyed(p2, a2, b2, pot2, d)
        own = (sign == 0) & ~known
        fixed[own] = 0.0  # its base: the key's difference is 0 with points
        known |= own
        return {"fixed": fixed, "known": known, "key": key, "sign": sign}

    def chance_values(self, keys: Ints, k: int, below: tuple[Ints, Floats]) -> Floats:
        """The value of each chance key: the average of its bidding states ``below``, added in
        the recursion's order (0 + the first prize's + the second's …)."""
        out = np.empty(len(keys))
        for lo in range(0, len(keys), CHUNK):
            part = keys[lo : lo + CHUNK]
            out[lo : lo + len(part)] = self.chance_chunk(part, k, below)
            self.tick(len(part))
        return out

    def chance_chunk(self, part: Ints, k: int, below: tuple[Ints, Floats]) -> Floats:
        """The values of a chunk of chance keys (k prizes), from ``below``: what
        :meth:`chance_values` does a chunk at a time, and a worker with a chunk."""
        c = self.prize_children(part, k)
        vals = c["fixed"]
        todo = ~c["known"]
        if todo.any():
            v = below[1][np.searchsorted(below[0], c["key"][todo])]
            s = c["sign"][todo]
            vals[todo] = np.where(s > 0, 0 + v, 0 - v)
        acc = np.zeros(len(part))
        for p in range(k):
            acc = acc + vals[:, p]
        out: Floats = acc / k
        return out

    def tick(self, count: int, games: bool = False) -> None:
        """``count`` states computed: the recursion's statistics, its ``should_stop`` polled
        and its ``progress`` told, once a chunk."""
        rec = self.rec
        rec.stats["computed"] += count
        if games:
            rec.stats["games"] += count
        if rec.should_stop is not None and rec.should_stop():
            raise Cancelled(f"GOPS solve stopped after {rec.stats['computed']} states")
        if rec.progress is not None and count:
            rec.progress(rec.stats["computed"])

    # --- the levels, from the top --------------------------------------------------------------

    def down(self, n: int) -> list[tuple[Ints, Ints]]:
        """The keys of the states a whole game reaches, level by level from the first prizes'
        matrix games down: for k = n − 1, …, 2, the chance keys (k prizes, k cards) and the
        bidding keys (k − 1 prizes, k cards) below them."""
        full = (1 << n) - 1
        prizes = np.array([((1 << (n + 1)) - 2) ^ (1 << p) for p in range(1, n + 1)])
        hands = np.full(n, full, dtype=np.int64)
        firsts = _keyed(prizes, hands, hands, np.arange(1, n + 1), np.zeros(n, dtype=np.int64))
        bids = firsts[0]  # the first prizes' games (their own mirrors, never stored)
        out: list[tuple[Ints, Ints]] = []
        k = n
        while k > 2:
            chance = self.below(bids, k, "bid")
            k -= 1
            bids = self.below(chance, k, "prize")
            out.append((chance, bids))
        return out

    def below(self, keys: Ints, k: int, step: str) -> Ints:
        """The distinct keys of the states below ``keys`` (bidding keys: ``step`` "bid";
        chance keys: "prize"), found a chunk at a time (memory: CHUNK × k² entries, not the
        level's), ``should_stop`` polled after each."""
        parts = []
        for lo in range(0, len(keys), CHUNK):
            parts.append(self.below_chunk(keys[lo : lo + CHUNK], k, step))
            self.tick(0)
        return _distinct(np.concatenate(parts)) if parts else np.empty(0, dtype=np.int64)

    def below_chunk(self, part: Ints, k: int, step: str) -> Ints:
        """The distinct keys of the states below a chunk of keys (see :meth:`below`)."""
        children = self.bid_children if step == "bid" else self.prize_children
        c = children(part, k)
        return _distinct(c["key"][~c["known"]])


def _told(step: str, k: int, states: int) -> None:
    """No one to tell (:func:`fill_by`)."""


def fill(rec: GopsRecursion) -> int:
    """Every state of the whole game of ``rec``'s rules valued level by level into its float
    memo (what :meth:`GopsSolver.solve` needs; the values are the recursion's to within about
    1e-13); the number of states written: 0 when the memo holds every one already.
    ``should_stop`` and ``progress`` work as in the recursion (polled a chunk at a time); a
    level is written when it is done, so a cancelled fill leaves the memo correct."""
    return fill_by(_Level(rec))


def fill_by(solver: _Level, on_level: Callable[[str, int, int], None] | None = None) -> int:
    """:func:`fill` by ``solver``: a :class:`_Level`, or one that computes its levels'
    keys and values elsewhere in chunks (:class:`~whistgui.engine.gops.cluster.SpreadLevel`),
    by the same code a chunk at a time. ``on_level(step, k, states)``, if given, is told as
    each step ends (what a benchmark times): ``"down"`` (every level's keys found; k = N),
    then for k = 2 … N − 1 ``"bid"`` (the bidding states of k cards valued), ``"bid memo"``
    (written into the memo), ``"chance"`` and ``"chance memo"``."""
    rec = solver.rec
    n = rec.rules.n
    if n < 3:
        return 0
    tell = on_level if on_level is not None else _told
    levels = solver.down(n)
    tell("down", n, sum(len(chance) + len(bids) for chance, bids in levels))
    chance_memo, bid_memo = rec._chance_memo, rec._bid_memo
    if all(
        all(map(chance_memo.__contains__, chance.tolist()))
        and all(map(bid_memo.__contains__, bids.tolist()))
        for chance, bids in levels
    ):
        return 0  # the memo holds the game already (a solver read back from a file)
    below: tuple[Ints, Floats] = (np.empty(0, dtype=np.int64), np.empty(0))
    written = 0
    for k in range(2, n):  # levels[i] holds k = n − 1 − i cards a hand
        chance, bids = levels[n - 1 - k]
        bid_vals = solver.bid_values(bids, k, below)
        tell("bid", k, len(bids))
        bid_memo.update(zip(bids.tolist(), bid_vals.tolist(), strict=True))
        tell("bid memo", k, len(bids))
        chance_vals = solver.chance_values(chance, k, (bids, bid_vals))
        tell("chance", k, len(chance))
        chance_memo.update(zip(chance.tolist(), chance_vals.tolist(), strict=True))
        tell("chance memo", k, len(chance))
        below = (chance, chance_vals)
        written += len(bids) + len(chance)
    return written


# --- the levels' sizes, counted without solving -------------------------------------------------


def _hand_pairs(k: int, c: int) -> int:
    """Pairs of renumbered hands of k cards each whose union is c values (s = 2k − c shared,
    c − k in each hand alone), a pair and its mirror counted once: the joint orders of the c
    values, halved (none is its own mirror when c > k)."""
    s = 2 * k - c
    return factorial(c) // (factorial(s) * factorial(c - k) ** 2) // 2


def _pots(gone: list[int], most: int, least: int) -> int:
    """How many distinct sums the sets of ``least`` to ``most`` of the ``gone`` prizes have
    (sums as the bits of an int, a bit mask for each size of set)."""
    by = [1] + [0] * most  # by[t]: the sums of t prizes, as bits
    for g in gone:
        for t in range(most, 0, -1):
            by[t] |= by[t - 1] << g
    found = 0
    for t in range(least, most + 1):
        found |= by[t]
    return found.bit_count()


def points_level_sizes(rules: GopsRules) -> dict[int, tuple[int, int]]:
    """The states :func:`fill` values with points as result, by cards in each hand k = 2 …
    N − 1: ``{k: (chance states, bidding states)}``, counted, not found (N = 13: a second).

    A chance state of k cards is its k prizes face down P, the pair of renumbered hands (a pair
    and its mirror one state; equal hands are worth 0, not kept) and the pot; with points the
    score is no part of it. Any two hands of k cards are reached, and with ties carried the pot
    is the sum of the prizes of the last rounds tied — any t of the prizes gone, t at most the
    cards both have played, N − c for hands whose union is c values. A bidding state has the
    turned prize in its pot too. So a level holds, for each union c, the pairs of hands times
    the distinct pots each P allows — the sizes :meth:`_Level.down` finds (tested for N ≤ 7,
    each rule of ties), and N = 8, 9 and 10's memos measured (476 684, 2 870 742, 17 217 746).

    >>> sizes = points_level_sizes(GopsRules(5, "carry", "points"))
    >>> sizes
    {2: (318, 270), 3: (330, 786), 4: (50, 200)}
    >>> sum(c + b for c, b in sizes.values())
    1954
    """
    rules = expect(rules, GopsRules, "rules")
    if rules.score != "points":
        raise ArgumentError(
            f"points_level_sizes counts the states of the points score, not of {rules.score!r} "
            "(with the sign, the decided states drop out: their number is found by solving)"
        )
    n, carry = rules.n, rules.ties == "carry"
    out: dict[int, tuple[int, int]] = {}
    for k in range(2, n):
        chance = bidding = 0
        for c in range(k + 1, min(2 * k, n) + 1):
            pairs = _hand_pairs(k, c)
            tied = n - c if carry else 0  # the most rounds tied in a row at the end
            pots = sum(
                _pots([p for p in range(1, n + 1) if p not in left], tied, 0)
                for left in combinations(range(1, n + 1), k)
            )
            turned = sum(
                _pots([p for p in range(1, n + 1) if p not in left], tied + 1, 1)
                for left in combinations(range(1, n + 1), k - 1)
            )
            chance += pairs * pots
            bidding += pairs * turned
        out[k] = (chance, bidding)
    return out
