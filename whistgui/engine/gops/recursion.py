"""Reply 771.9's recursion of GOPS, with its memo: a chance state's value is the average over
the next prize, a bidding state's the value of the matrix game of both bids.

The search is made small by what the game allows:

* *antisymmetry* — exchanging the players negates the value, so a state and its mirror share
  one memo entry, and a state equal to its mirror (same hands, level score) is worth 0;
* *decided* states — with the sign as result, a lead larger than every point still to be won
  (prizes face down and the pot) cannot change: the value is its sign, with no search;
* *interleaving* — bids matter only by their order, so the hands are renumbered 1, 2, … by
  their joint order (``a={2,5}, b={3,4}`` is ``a={1,4}, b={2,3}``); the prizes keep their
  values, which are points;
* with points as result, the score so far only adds to the value: it is left out of the key;
* *dominated bids* drop out of each matrix game before it is solved (:mod:`.matrix`);
* one memo per solver, hence per rule set, with its size (:attr:`GopsSolver.memo_size`).

:class:`GopsRecursion` holds the memo and computes; :class:`~whistgui.engine.gops.solver.GopsSolver`
is the public face on top of it (states checked, matrices solved, the memo saved and read back
through :mod:`~whistgui.engine.gops.saved`, whose checks compute with a bare recursion).

>>> r = GopsRecursion(GopsRules(4))
>>> late = GopsState.parse("prizes=1,2 a=1,2,3 b=1,2,4 pot=3 diff=0")
>>> round(r._value(late), 6), r.memo_size > 0, r._value(GopsState.start(4))
(-0.454545, True, 0.0)
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from fractions import Fraction
from typing import Any, Final

from whistgui.engine.checks import expect, optional_callable
from whistgui.engine.errors import Cancelled, IllegalPlayError
from whistgui.engine.gops.matrix import ExactSolution, _game_value, _solve_exact, _solve_matrix
from whistgui.engine.gops.rules import MAX_N, GopsRules
from whistgui.engine.gops.state import MAX_POINTS, GopsState
from whistgui.engine.memo import Memo, check_bound

__all__ = [
    "BITS",
    "EXACT_STATES",
    "MEMO_HANDS",
    "MEMO_STATES",
    "POLL_MASK",
    "SUM",
    "GopsRecursion",
    "Key",
    "mask",
    "pack",
    "unpack",
]

#: How many states are computed between two polls of ``should_stop`` (a power of two, less 1).
POLL_MASK = 1023

#: The states each float memo (chance, bidding) keeps between calls by default: above what a
#: whole game of N = 8 needs (the sign, ties carried: 735,084 chance and 1,627,685 bidding
#: states; ties split, about 0.45 and 1.8 million by the growth from N = 7), so that a solve
#: is never trimmed; about 10.5 MB a 100,000, so at most some 630 MB for both, reached only
#: by exploring many states beyond one game's.
MEMO_STATES: Final = 3_000_000
#: The states each exact memo keeps (about 12.5 MB a 100,000 at N = 6; its fractions grow
#: with N): the whole game of N = 6 is 36,545.
EXACT_STATES: Final = 500_000
#: The renumbered hands and their bids kept (about 33 MB a 100,000; N = 8 meets at most 12,870).
MEMO_HANDS: Final = 100_000

#: A memo key: one int packing prizes (bit v = prize v, 14 bits), both hands renumbered
#: (13 bits each), the pot (7 bits) and the difference + 91 (8 bits) — less than half the memory
#: of a tuple, and faster to hash.
Key = int


def pack(prizes: int, a: int, b: int, pot: int, diff: int) -> Key:
    return prizes | a << 14 | b << 27 | pot << 40 | (diff + MAX_POINTS) << 47


def unpack(key: Key) -> tuple[int, int, int, int, int]:
    return (
        key & 0x3FFF,
        key >> 14 & 0x1FFF,
        key >> 27 & 0x1FFF,
        key >> 40 & 0x7F,
        (key >> 47) - MAX_POINTS,
    )


def _bit_tables() -> tuple[list[tuple[int, ...]], list[int]]:
    """For every mask of cards 0..13: its cards in increasing order, and their sum."""
    bits: list[tuple[int, ...]] = [()]
    sums = [0]
    for m in range(1, 1 << (MAX_N + 1)):
        low, rest = (m & -m).bit_length() - 1, m & (m - 1)
        bits.append((low, *bits[rest]))
        sums.append(low + sums[rest])
    return bits, sums


BITS, SUM = _bit_tables()


def mask(cards: frozenset[int]) -> int:
    m = 0
    for c in cards:
        m |= 1 << c
    return m


class GopsRecursion:
    """VALUE0 and VALUE1 of GOPS states under one rule set, in floats and exactly, each with a
    memo (keys as :func:`pack` makes them: hands renumbered, a state and its mirror one entry).

    ``should_stop`` is polled every thousand states computed (``True`` raises
    :class:`~whistgui.engine.errors.Cancelled`; the memo stays correct) and ``progress`` is
    then told how many states have been computed. :attr:`stats` counts states ``computed``
    (memo misses), memo ``hits``, matrix games solved (``games``) and states valued exactly
    (``exact``; these poll ``should_stop`` too, and tell ``progress`` their own count).

    The memos are bounded (:mod:`~whistgui.engine.memo`): between calls each float memo keeps
    at most ``memo_bound`` states and each exact memo ``exact_bound`` (None: no bound), the
    least recently made forgotten first; a solve is never trimmed while it runs, and the
    default bound is above what the whole game of N = 8 needs.
    """

    def __init__(
        self,
        rules: GopsRules | None = None,
        *,
        should_stop: Callable[[], bool] | None = None,
        progress: Callable[[int], None] | None = None,
        memo_bound: int | None = MEMO_STATES,
        exact_bound: int | None = EXACT_STATES,
    ) -> None:
        self.rules = expect(rules, GopsRules, "rules") if rules is not None else GopsRules()
        self.should_stop = optional_callable(should_stop, "should_stop")
        self.progress = optional_callable(progress, "progress")
        self._points = self.rules.score == "points"
        self._carry = self.rules.ties == "carry"
        memo_bound = check_bound(memo_bound, "memo_bound")
        exact_bound = check_bound(exact_bound, "exact_bound")
        small = None if memo_bound is None else min(memo_bound, MEMO_HANDS)
        chance: Memo[Key, float] = Memo(memo_bound, "chance states")
        bid: Memo[Key, float] = Memo(memo_bound, "bidding states")
        exact_chance: Memo[Key, Fraction] = Memo(exact_bound, "exact chance states")
        exact_bid: Memo[Key, Fraction] = Memo(exact_bound, "exact bidding states")
        canon: Memo[tuple[int, int], tuple[int, int]] = Memo(small, "renumbered hands")
        kids: Memo[tuple[int, int], list[list[tuple[int, int, int]]]] = Memo(small, "bids")
        self._memos: tuple[Memo[Any, Any], ...] = (
            chance,
            bid,
            exact_chance,
            exact_bid,
            canon,
            kids,
        )
        # the recursion reads and writes the plain dicts; they are trimmed between calls
        self._chance_memo = chance.data
        self._bid_memo = bid.data
        self._exact_chance = exact_chance.data
        self._exact_bid = exact_bid.data
        self._canon_cache = canon.data
        self._kids = kids.data
        self.stats = {"computed": 0, "hits": 0, "games": 0, "exact": 0}

    @property
    def memo_size(self) -> int:
        """States in the float memo (chance and bidding)."""
        return len(self._chance_memo) + len(self._bid_memo)

    @property
    def exact_memo_size(self) -> int:
        """States in the memo of exact values."""
        return len(self._exact_chance) + len(self._exact_bid)

    @property
    def memo_bound(self) -> int | None:
        """The most states each float memo (chance, bidding) keeps between calls."""
        return self._memos[0].bound

    @property
    def evicted(self) -> int:
        """States the memos forgot (past their bounds)."""
        return sum(m.evicted for m in self._memos[:4])

    def clear(self) -> None:
        """Forget every value (and the statistics)."""
        for m in self._memos[:4]:
            m.clear()
        self.stats = {"computed": 0, "hits": 0, "games": 0, "exact": 0}

    def _trim(self) -> None:
        """Each memo forgets its least recently made entries past its bound. Never during a
        solve — the recursion needs its whole working set (N = 8 with the sign: 2.36 million
        states), and a matrix's entries share their states — only when a public call of
        :class:`~whistgui.engine.gops.solver.GopsSolver` returns."""
        for m in self._memos:
            m.trim()

    # --- the canonical key -----------------------------------------------------------------

    def _canon(self, a: int, b: int) -> tuple[int, int]:
        """The hands renumbered 0, 1, … by their joint order (bids matter only by order)."""
        key = (a, b)
        got = self._canon_cache.get(key)
        if got is None:
            ca = cb = 0
            for k, v in enumerate(BITS[a | b]):
                bit = 1 << k
                if a >> v & 1:
                    ca |= bit
                if b >> v & 1:
                    cb |= bit
            got = self._canon_cache[key] = (ca, cb)
        return got

    def _key(
        self, prizes: int, a: int, b: int, pot: int, diff: int
    ) -> tuple[Key, int, int, int, int]:
        """The memo key of a state, the sign that turns its entry into this state's value
        (−1 when the key is the mirror; 0 when the state is its own mirror: worth 0), and the
        key's hands and difference."""
        a, b = self._canon(a, b)
        if self._points:
            diff = 0
        if (a, b, diff) <= (b, a, -diff):
            sign = 0 if (a == b and diff == 0) else 1
            return pack(prizes, a, b, pot, diff), sign, a, b, diff
        return pack(prizes, b, a, pot, -diff), -1, b, a, -diff

    def _tick(self, what: str = "computed") -> None:
        n = self.stats[what] = self.stats[what] + 1
        if n & POLL_MASK == 0:
            if self.should_stop is not None and self.should_stop():
                raise Cancelled(f"GOPS solve stopped after {n} states")
            if self.progress is not None:
                self.progress(n)

    # --- floats ----------------------------------------------------------------------------

    def _score(self, diff: int) -> float:
        if self._points:
            return float(diff)
        return 1.0 if diff > 0 else -1.0 if diff < 0 else 0.0

    def _chance(self, prizes: int, a: int, b: int, pot: int, diff: int) -> float:
        """VALUE0: the next prize about to be turned."""
        if not prizes:
            return self._score(diff)
        if not self._points:
            rest = SUM[prizes] + pot
            if diff > rest:
                return 1.0
            if diff < -rest:
                return -1.0
        bits = BITS[prizes]
        if len(bits) == 1:  # one prize, one card each: no choice left
            stake = pot + bits[0]
            return self._score(diff + stake if a > b else diff - stake if a < b else diff)
        key, sign, a, b, d = self._key(prizes, a, b, pot, diff)
        base = diff if self._points else 0
        if sign == 0:
            return float(base)
        v = self._chance_memo.get(key)
        if v is None:
            v = sum(self._bidding(prizes ^ (1 << p), a, b, pot + p, d) for p in bits) / len(bits)
            self._chance_memo[key] = v
            self._tick()
        else:
            self.stats["hits"] += 1
        return base + sign * v

    def _bidding(self, prizes: int, a: int, b: int, pot: int, diff: int) -> float:
        """VALUE1: the value of the matrix game of both bids (``pot`` > 0 is at stake)."""
        if not prizes:  # one card each: the higher takes the pot, a tie loses it
            return self._score(diff + pot if a > b else diff - pot if a < b else diff)
        if not self._points:
            rest = SUM[prizes] + pot
            if diff > rest:
                return 1.0
            if diff < -rest:
                return -1.0
        key, sign, a, b, d = self._key(prizes, a, b, pot, diff)
        base = diff if self._points else 0
        if sign == 0:
            return float(base)
        v = self._bid_memo.get(key)
        if v is None:
            v = _game_value(self._float_matrix(prizes, a, b, pot, d))
            self.stats["games"] += 1
            self._bid_memo[key] = v
            self._tick()
        else:
            self.stats["hits"] += 1
        return base + sign * v

    def _children(self, a: int, b: int) -> list[list[tuple[int, int, int]]]:
        """For each pair of bids from canonical hands: who wins (1, −1, 0 for a tie) and both
        hands left, renumbered."""
        got = self._kids.get((a, b))
        if got is None:
            got = [
                [((i > j) - (i < j), *self._canon(a ^ (1 << i), b ^ (1 << j))) for j in BITS[b]]
                for i in BITS[a]
            ]
            self._kids[(a, b)] = got
        return got

    def _float_matrix(self, prizes: int, a: int, b: int, pot: int, diff: int) -> list[list[float]]:
        """:meth:`_matrix` with :meth:`_chance` inlined for its usual cases (the hot loop of a
        solve): a decided child, a child of one prize, a memo hit. The hands are canonical."""
        tie_pot = pot if self._carry else 0
        points = self._points
        memo = self._chance_memo
        chance = self._chance
        total = SUM[prizes]
        bits = BITS[prizes]
        last = bits[0] if len(bits) == 1 else 0
        score = self._score
        off = MAX_POINTS
        hits = 0
        rows = []
        for kids in self._children(a, b):
            row = []
            for rel, ca, cb in kids:
                if rel > 0:
                    p2, d2 = 0, diff + pot
                elif rel < 0:
                    p2, d2 = 0, diff - pot
                else:
                    p2, d2 = tie_pot, diff
                if last:
                    stake = p2 + last
                    row.append(score(d2 + stake if ca > cb else d2 - stake if ca < cb else d2))
                    continue
                if not points:
                    rest = total + p2
                    if d2 > rest:
                        row.append(1.0)
                        continue
                    if d2 < -rest:
                        row.append(-1.0)
                        continue
                    kd = d2
                    base = 0.0
                else:
                    kd = 0
                    base = float(d2)
                if ca < cb or (ca == cb and kd < 0):
                    v = memo.get(prizes | ca << 14 | cb << 27 | p2 << 40 | (kd + off) << 47)
                    if v is not None:
                        hits += 1
                        row.append(base + v)
                        continue
                elif ca > cb or kd > 0:
                    v = memo.get(prizes | cb << 14 | ca << 27 | p2 << 40 | (off - kd) << 47)
                    if v is not None:
                        hits += 1
                        row.append(base - v)
                        continue
                else:  # the state is its own mirror
                    row.append(base)
                    continue
                row.append(chance(prizes, ca, cb, p2, d2))
            rows.append(row)
        self.stats["hits"] += hits
        return rows

    def _matrix(
        self, prizes: int, a: int, b: int, pot: int, diff: int, child: Callable[..., Any]
    ) -> list[Any]:
        """Z[i][j] of a bidding state (canonical hands), by ``child`` of the chance states."""
        tie_pot = pot if self._carry else 0
        rows = []
        for i in BITS[a]:
            a2 = a ^ (1 << i)
            row = []
            for j in BITS[b]:
                b2 = b ^ (1 << j)
                if i > j:
                    row.append(child(prizes, a2, b2, 0, diff + pot))
                elif i < j:
                    row.append(child(prizes, a2, b2, 0, diff - pot))
                else:
                    row.append(child(prizes, a2, b2, tie_pot, diff))
            rows.append(row)
        return rows

    # --- exact -----------------------------------------------------------------------------

    def _exact_score(self, diff: int) -> Fraction:
        return Fraction(diff if self._points else (diff > 0) - (diff < 0))

    def _exact_chance_value(self, prizes: int, a: int, b: int, pot: int, diff: int) -> Fraction:
        if not prizes:
            return self._exact_score(diff)
        if not self._points:
            rest = SUM[prizes] + pot
            if abs(diff) > rest:
                return Fraction((diff > 0) - (diff < 0))
        bits = BITS[prizes]
        key, sign, a, b, d = self._key(prizes, a, b, pot, diff)
        base = Fraction(diff if self._points else 0)
        if sign == 0:
            return base
        v = self._exact_chance.get(key)
        if v is None:
            v = sum(
                (self._exact_bid_value(prizes ^ (1 << p), a, b, pot + p, d) for p in bits),
                Fraction(0),
            ) / len(bits)
            self._exact_chance[key] = v
            self._tick("exact")
        return base + sign * v

    def _exact_bid_value(self, prizes: int, a: int, b: int, pot: int, diff: int) -> Fraction:
        if not prizes:
            return self._exact_score(diff + pot if a > b else diff - pot if a < b else diff)
        if not self._points:
            rest = SUM[prizes] + pot
            if abs(diff) > rest:
                return Fraction((diff > 0) - (diff < 0))
        key, sign, a, b, d = self._key(prizes, a, b, pot, diff)
        base = Fraction(diff if self._points else 0)
        if sign == 0:
            return base
        v = self._exact_bid.get(key)
        if v is None:
            v = self._exact_game(prizes, a, b, pot, d).value
            self._exact_bid[key] = v
            self._tick("exact")
        return base + sign * v

    def _exact_game(self, prizes: int, a: int, b: int, pot: int, diff: int) -> ExactSolution:
        m = self._matrix(prizes, a, b, pot, diff, self._exact_chance_value)
        hint = _solve_matrix(self._float_matrix(prizes, a, b, pot, diff))
        return _solve_exact(m, hint)

    # --- states ----------------------------------------------------------------------------

    # --- states ----------------------------------------------------------------------------

    @staticmethod
    def _inner(state: GopsState) -> tuple[int, int, int, int, int]:
        return mask(state.prizes), mask(state.a), mask(state.b), state.pot, state.diff

    def _value(self, state: GopsState) -> float:
        if state.is_bidding:
            return self._bidding(*self._inner(state))
        return self._chance(*self._inner(state))

    def _exact_value(self, state: GopsState) -> Fraction:
        if state.is_bidding:
            return self._exact_bid_value(*self._inner(state))
        return self._exact_chance_value(*self._inner(state))

    def _bids(self, state: GopsState) -> Iterator[tuple[int, int, GopsState]]:
        if not state.is_bidding:
            raise IllegalPlayError(
                f"{state} is a chance state (no prize turned): it has no matrix game of bids"
            )
        for i in sorted(state.a):
            for j in sorted(state.b):
                yield i, j, state.bid(i, j, self.rules)

    def _state_matrix(self, state: GopsState) -> list[list[float]]:
        n = len(state.b)
        flat = [self._value(child) for _, _, child in self._bids(state)]
        return [flat[k : k + n] for k in range(0, len(flat), n)]

    def _exact_state_matrix(self, state: GopsState) -> list[list[Fraction]]:
        n = len(state.b)
        flat = [self._exact_value(child) for _, _, child in self._bids(state)]
        return [flat[k : k + n] for k in range(0, len(flat), n)]
