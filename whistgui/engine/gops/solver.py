"""GOPS solved by reply 771.9's recursion: a chance state's value is the average over the next
prize, a bidding state's the value of the matrix game of both bids.

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

>>> solver = GopsSolver(GopsRules(4))
>>> solver.value(GopsState.start(4))  # equal hands, level score: its own mirror
0.0
>>> late = GopsState.parse("prizes=1,2 a=1,2,3 b=1,2,4 pot=3 diff=0")
>>> [[round(v, 4) for v in row] for row in solver.matrix(late)]
[[-1.0, -1.0, 0.0], [0.5, -1.0, -1.0], [0.0, 1.0, -1.0]]
>>> round(solver.value(late), 6), [round(p, 6) for p in solver.solution(late).row]
(-0.454545, [0.545455, 0.181818, 0.272727])
>>> exact = solver.exact_solution(late)
>>> str(exact.value), [str(p) for p in exact.row], [str(q) for q in exact.col]
('-5/11', ['6/11', '2/11', '3/11'], ['4/11', '1/11', '6/11'])
>>> solver.memo_size > 0
True
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from whistgui.engine.errors import Cancelled, IllegalPlayError, NotationError
from whistgui.engine.gops.matrix import (
    ExactSolution,
    MatrixSolution,
    dominated,
    game_value,
    solve_exact,
    solve_matrix,
)
from whistgui.engine.gops.rules import MAX_N, GopsRules
from whistgui.engine.gops.state import MAX_POINTS, GopsState
from whistgui.engine.reading import quote

__all__ = ["FirstPrize", "GameSolution", "GopsSolver"]

#: How many states are computed between two polls of ``should_stop`` (a power of two, less 1).
POLL_MASK = 1023
_FORMAT = "whistgui-gops-solver"
_VERSION = 1

#: A memo key: one int packing prizes (bit v = prize v, 14 bits), both hands renumbered
#: (13 bits each), the pot (7 bits) and the difference + 91 (8 bits) — less than half the memory
#: of a tuple, and faster to hash.
_Key = int
_MAX_POINTS = MAX_POINTS  # pot + prizes + |diff| (GopsState checks it)


def _pack(prizes: int, a: int, b: int, pot: int, diff: int) -> _Key:
    return prizes | a << 14 | b << 27 | pot << 40 | (diff + _MAX_POINTS) << 47


def _unpack(key: _Key) -> tuple[int, int, int, int, int]:
    return (
        key & 0x3FFF,
        key >> 14 & 0x1FFF,
        key >> 27 & 0x1FFF,
        key >> 40 & 0x7F,
        (key >> 47) - _MAX_POINTS,
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


_BITS, _SUM = _bit_tables()


def _mask(cards: frozenset[int]) -> int:
    m = 0
    for c in cards:
        m |= 1 << c
    return m


@dataclass(frozen=True)
class FirstPrize:
    """The matrix game after the first prize is turned: ``matrix`` rows are A's bids 1..N,
    columns B's; ``dominated_rows`` and ``dominated_cols`` are indices into them
    (:func:`~whistgui.engine.gops.matrix.dominated`)."""

    prize: int
    matrix: list[list[float]]
    solution: MatrixSolution
    dominated_rows: tuple[int, ...]
    dominated_cols: tuple[int, ...]

    def to_json(self) -> dict[str, Any]:
        return {
            "prize": self.prize,
            "matrix": [list(r) for r in self.matrix],
            "row_strategy": list(self.solution.row),
            "column_strategy": list(self.solution.col),
            "value": self.solution.value,
            "dominated_row_bids": [i + 1 for i in self.dominated_rows],
            "dominated_column_bids": [j + 1 for j in self.dominated_cols],
        }


@dataclass(frozen=True)
class GameSolution:
    """The whole game: its value from the start, and the matrix game after each first prize."""

    rules: GopsRules
    value: float
    first: tuple[FirstPrize, ...] = field(default_factory=tuple)

    def to_json(self) -> dict[str, Any]:
        """The shape of ``whist gops solve --json``: ``n``, ``rules``, ``value``, ``first``."""
        return {
            "n": self.rules.n,
            "rules": self.rules.to_json(),
            "value": self.value,
            "first": [f.to_json() for f in self.first],
        }


class GopsSolver:
    """Values, matrices and optimal bids of GOPS states under one rule set, with a memo.

    ``should_stop`` is polled every thousand states computed (``True`` raises
    :class:`~whistgui.engine.errors.Cancelled`; the memo stays correct) and ``progress`` is
    then told how many states have been computed. :attr:`stats` counts states ``computed``
    (memo misses), memo ``hits``, matrix games solved (``games``) and states valued exactly
    (``exact``; these poll ``should_stop`` too, and tell ``progress`` their own count).
    """

    def __init__(
        self,
        rules: GopsRules | None = None,
        *,
        should_stop: Callable[[], bool] | None = None,
        progress: Callable[[int], None] | None = None,
    ) -> None:
        self.rules = rules if rules is not None else GopsRules()
        self.should_stop = should_stop
        self.progress = progress
        self._points = self.rules.score == "points"
        self._carry = self.rules.ties == "carry"
        self._chance_memo: dict[_Key, float] = {}
        self._bid_memo: dict[_Key, float] = {}
        self._exact_chance: dict[_Key, Fraction] = {}
        self._exact_bid: dict[_Key, Fraction] = {}
        self._canon_cache: dict[tuple[int, int], tuple[int, int]] = {}
        self._kids: dict[tuple[int, int], list[list[tuple[int, int, int]]]] = {}
        self.stats = {"computed": 0, "hits": 0, "games": 0, "exact": 0}

    def __repr__(self) -> str:
        return f"GopsSolver({self.rules!r})  # {self.memo_size} states in memo"

    @property
    def memo_size(self) -> int:
        """States in the float memo (chance and bidding)."""
        return len(self._chance_memo) + len(self._bid_memo)

    @property
    def exact_memo_size(self) -> int:
        """States in the memo of exact values."""
        return len(self._exact_chance) + len(self._exact_bid)

    def clear(self) -> None:
        """Forget every value (and the statistics)."""
        for d in (self._chance_memo, self._bid_memo, self._exact_chance, self._exact_bid):
            d.clear()
        self.stats = {"computed": 0, "hits": 0, "games": 0, "exact": 0}

    # --- the canonical key -----------------------------------------------------------------

    def _canon(self, a: int, b: int) -> tuple[int, int]:
        """The hands renumbered 0, 1, … by their joint order (bids matter only by order)."""
        key = (a, b)
        got = self._canon_cache.get(key)
        if got is None:
            ca = cb = 0
            for k, v in enumerate(_BITS[a | b]):
                bit = 1 << k
                if a >> v & 1:
                    ca |= bit
                if b >> v & 1:
                    cb |= bit
            got = self._canon_cache[key] = (ca, cb)
        return got

    def _key(
        self, prizes: int, a: int, b: int, pot: int, diff: int
    ) -> tuple[_Key, int, int, int, int]:
        """The memo key of a state, the sign that turns its entry into this state's value
        (−1 when the key is the mirror; 0 when the state is its own mirror: worth 0), and the
        key's hands and difference."""
        a, b = self._canon(a, b)
        if self._points:
            diff = 0
        if (a, b, diff) <= (b, a, -diff):
            sign = 0 if (a == b and diff == 0) else 1
            return _pack(prizes, a, b, pot, diff), sign, a, b, diff
        return _pack(prizes, b, a, pot, -diff), -1, b, a, -diff

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
            rest = _SUM[prizes] + pot
            if diff > rest:
                return 1.0
            if diff < -rest:
                return -1.0
        bits = _BITS[prizes]
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
            rest = _SUM[prizes] + pot
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
            v = game_value(self._float_matrix(prizes, a, b, pot, d))
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
                [((i > j) - (i < j), *self._canon(a ^ (1 << i), b ^ (1 << j))) for j in _BITS[b]]
                for i in _BITS[a]
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
        total = _SUM[prizes]
        bits = _BITS[prizes]
        last = bits[0] if len(bits) == 1 else 0
        score = self._score
        off = _MAX_POINTS
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
        for i in _BITS[a]:
            a2 = a ^ (1 << i)
            row = []
            for j in _BITS[b]:
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
            rest = _SUM[prizes] + pot
            if abs(diff) > rest:
                return Fraction((diff > 0) - (diff < 0))
        bits = _BITS[prizes]
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
            rest = _SUM[prizes] + pot
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
        hint = solve_matrix(self._float_matrix(prizes, a, b, pot, diff))
        return solve_exact(m, hint)

    # --- states ----------------------------------------------------------------------------

    @staticmethod
    def _inner(state: GopsState) -> tuple[int, int, int, int, int]:
        return _mask(state.prizes), _mask(state.a), _mask(state.b), state.pot, state.diff

    def value(self, state: GopsState) -> float:
        """The value for A (the rows): VALUE0 of a chance state, VALUE1 of a bidding state."""
        if state.is_bidding:
            return self._bidding(*self._inner(state))
        return self._chance(*self._inner(state))

    def exact_value(self, state: GopsState) -> Fraction:
        """:meth:`value` as a fraction, exact all the way down (a memo of its own)."""
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

    def matrix(self, state: GopsState) -> list[list[float]]:
        """The matrix game of a bidding state: Z[i][j] the value after A bids the i-th card of
        ``sorted(state.a)`` and B the j-th of ``sorted(state.b)``."""
        n = len(state.b)
        flat = [self.value(child) for _, _, child in self._bids(state)]
        return [flat[k : k + n] for k in range(0, len(flat), n)]

    def exact_matrix(self, state: GopsState) -> list[list[Fraction]]:
        """:meth:`matrix` in fractions."""
        n = len(state.b)
        flat = [self.exact_value(child) for _, _, child in self._bids(state)]
        return [flat[k : k + n] for k in range(0, len(flat), n)]

    def solution(self, state: GopsState) -> MatrixSolution:
        """The value and optimal mixed bids of both players (in the order of :meth:`matrix`)."""
        return solve_matrix(self.matrix(state))

    def exact_solution(self, state: GopsState) -> ExactSolution:
        """:meth:`solution` exactly, verified exactly; every value below is exact too."""
        return solve_exact(self.exact_matrix(state), self.solution(state))

    def solve(self) -> GameSolution:
        """The whole game from :meth:`GopsState.start`: its value, and for each first prize the
        matrix game of bids with its solution and dominated bids."""
        start = GopsState.start(self.rules.n)
        firsts = []
        for prize in sorted(start.prizes):
            state = start.turn(prize)
            m = self.matrix(state)
            rows, cols = dominated(m)
            firsts.append(FirstPrize(prize, m, solve_matrix(m), rows, cols))
        value = self.value(start)
        return GameSolution(self.rules, value, tuple(firsts))

    # --- saving ----------------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        """The rules and the memo (every state's value computed so far), to reopen with
        :meth:`from_json` and answer without solving again."""
        return {
            "format": _FORMAT,
            "version": _VERSION,
            "rules": self.rules.to_json(),
            "chance": [[*_unpack(k), v] for k, v in self._chance_memo.items()],
            "bidding": [[*_unpack(k), v] for k, v in self._bid_memo.items()],
        }

    @classmethod
    def from_json(cls, data: Any, **kwargs: Any) -> GopsSolver:
        """A solver with the memo :meth:`to_json` saved (NotationError for anything else)."""
        if not isinstance(data, dict) or data.get("format") != _FORMAT:
            raise NotationError("not a saved GOPS solution (no 'format': 'whistgui-gops-solver')")
        if data.get("version") != _VERSION:
            version = quote(data.get("version"))
            raise NotationError(f"a saved GOPS solution of version {version}; expected {_VERSION}")
        solver = cls(GopsRules.from_json(data.get("rules")), **kwargs)
        for name, memo in (("chance", solver._chance_memo), ("bidding", solver._bid_memo)):
            entries = data.get(name, [])
            if not isinstance(entries, list):
                raise NotationError(f"saved GOPS solution: {quote(name)} is not a list")
            for e in entries:
                if (
                    not isinstance(e, list)
                    or len(e) != 6
                    or not all(isinstance(x, int) and not isinstance(x, bool) for x in e[:5])
                    or not isinstance(e[5], (int, float))
                    or isinstance(e[5], bool)
                    or not abs(e[5]) <= _MAX_POINTS  # a value is a score: no NaN, no ∞
                    or not (0 <= e[0] < 1 << 14 and 0 <= e[1] < 1 << 13 and 0 <= e[2] < 1 << 13)
                    or not (0 <= e[3] <= _MAX_POINTS and abs(e[4]) <= _MAX_POINTS)
                ):
                    raise NotationError(f"saved GOPS solution: bad {name} entry {quote(e)}")
                memo[_pack(e[0], e[1], e[2], e[3], e[4])] = float(e[5])
        return solver
