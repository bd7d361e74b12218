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

import functools
import hashlib
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from fractions import Fraction
from typing import TYPE_CHECKING, Any, Final, cast

from whistgui.engine.checks import described, expect, optional_callable
from whistgui.engine.errors import ArgumentError, Cancelled, IllegalPlayError, NotationError
from whistgui.engine.gops.matrix import (
    ExactSolution,
    MatrixSolution,
    _dominated,
    _game_value,
    _solve_exact,
    _solve_matrix,
)
from whistgui.engine.gops.rules import MAX_N, GopsRules
from whistgui.engine.gops.state import MAX_POINTS, GopsState
from whistgui.engine.reading import quote_json

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

__all__ = [
    "MAX_SOLVE_N",
    "SAMPLE_STATES",
    "SAMPLE_STEPS",
    "FirstPrize",
    "GameSolution",
    "GopsSolver",
]

#: How many states are computed between two polls of ``should_stop`` (a power of two, less 1).
POLL_MASK = 1023
_FORMAT = "whistgui-gops-solver"
#: 2: the memo sealed by its digest; 1 (no digest) is read too, and checked by a sample.
_VERSION = 2
_READ_VERSIONS = (1, 2)
#: The largest game whistgui solves (the command line and the explorer) and reads back: N = 8
#: takes minutes, each card more about ten times as long.
MAX_SOLVE_N = 8
_TOO_LONG = f"N = {MAX_SOLVE_N} takes minutes, each card more about ten times as long"
_EXAMPLE = "text such as 'prizes=1,2 a=1,2,3 b=1,2,4 pot=3'"
#: Every saved solution is checked on opening by computing a seeded sample of each memo's
#: states again (the same file is checked the same way each time): this many from scratch —
#: states of at most :data:`_SAMPLE_CARDS` cards a hand, milliseconds each, with every state
#: below them — and this many more, of any size, from the states after them in the memo. For
#: a file of version 1, which has no digest, it is the check of its values.
SAMPLE_STATES = 12
SAMPLE_STEPS = 12
_SAMPLE_CARDS = 4
_SEED = 771
#: How far a saved value may be from the solver's own (the linear programs' accuracy).
_TOLERANCE = 1e-6
_DIGEST_EXAMPLE = "64 hexadecimal digits"

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

    Its methods take any state (valued by the rules' ties and result, whatever its cards:
    :meth:`GopsState.check` says whether a game by the rules reaches it) with at most
    :data:`MAX_SOLVE_N` cards in each hand; :meth:`solve` takes N up to :data:`MAX_SOLVE_N`.

    >>> GopsSolver(GopsRules(13)).value(GopsState.start(9))
    Traceback (most recent call last):
    ...
    whistgui.engine.errors.ArgumentError: state prizes=1,2,3,4,5,6,7,8,9 a=1,2,3,4,5,6,7,8,9 \
b=1,2,3,4,5,6,7,8,9 pot=0 diff=0 has 9 cards in each hand: GopsSolver solves at most 8 (N = 8 \
takes minutes, each card more about ten times as long)
    """

    def __init__(
        self,
        rules: GopsRules | None = None,
        *,
        should_stop: Callable[[], bool] | None = None,
        progress: Callable[[int], None] | None = None,
    ) -> None:
        self.rules = expect(rules, GopsRules, "rules") if rules is not None else GopsRules()
        self.should_stop = optional_callable(should_stop, "should_stop")
        self.progress = optional_callable(progress, "progress")
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
        hint = _solve_matrix(self._float_matrix(prizes, a, b, pot, diff))
        return _solve_exact(m, hint)

    # --- states ----------------------------------------------------------------------------

    @staticmethod
    def _inner(state: GopsState) -> tuple[int, int, int, int, int]:
        return _mask(state.prizes), _mask(state.a), _mask(state.b), state.pot, state.diff

    def _checked(self, state: GopsState) -> GopsState:
        """``state`` if it is a GopsState with at most :data:`MAX_SOLVE_N` cards in each hand;
        else ArgumentTypeError or ArgumentError naming it."""
        s = expect(state, GopsState, "state", f"a GopsState (GopsState.parse reads {_EXAMPLE})")
        if len(s.a) > MAX_SOLVE_N:
            raise ArgumentError(
                f"state {s} has {len(s.a)} cards in each hand: GopsSolver solves at most "
                f"{MAX_SOLVE_N} ({_TOO_LONG})"
            )
        return s

    def value(self, state: GopsState) -> float:
        """The value for A (the rows): VALUE0 of a chance state, VALUE1 of a bidding state."""
        return self._value(self._checked(state))

    def _value(self, state: GopsState) -> float:
        if state.is_bidding:
            return self._bidding(*self._inner(state))
        return self._chance(*self._inner(state))

    def exact_value(self, state: GopsState) -> Fraction:
        """:meth:`value` as a fraction, exact all the way down (a memo of its own)."""
        return self._exact_value(self._checked(state))

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

    def matrix(self, state: GopsState) -> list[list[float]]:
        """The matrix game of a bidding state: Z[i][j] the value after A bids the i-th card of
        ``sorted(state.a)`` and B the j-th of ``sorted(state.b)``."""
        return self._state_matrix(self._checked(state))

    def _state_matrix(self, state: GopsState) -> list[list[float]]:
        n = len(state.b)
        flat = [self._value(child) for _, _, child in self._bids(state)]
        return [flat[k : k + n] for k in range(0, len(flat), n)]

    def exact_matrix(self, state: GopsState) -> list[list[Fraction]]:
        """:meth:`matrix` in fractions."""
        return self._exact_state_matrix(self._checked(state))

    def _exact_state_matrix(self, state: GopsState) -> list[list[Fraction]]:
        n = len(state.b)
        flat = [self._exact_value(child) for _, _, child in self._bids(state)]
        return [flat[k : k + n] for k in range(0, len(flat), n)]

    def solution(self, state: GopsState) -> MatrixSolution:
        """The value and optimal mixed bids of both players (in the order of :meth:`matrix`)."""
        return _solve_matrix(self._state_matrix(self._checked(state)))

    def exact_solution(self, state: GopsState) -> ExactSolution:
        """:meth:`solution` exactly, verified exactly; every value below is exact too."""
        s = self._checked(state)
        hint = _solve_matrix(self._state_matrix(s))
        return _solve_exact(self._exact_state_matrix(s), hint)

    def solve(self) -> GameSolution:
        """The whole game from :meth:`GopsState.start`: its value, and for each first prize the
        matrix game of bids with its solution and dominated bids. N up to
        :data:`MAX_SOLVE_N` (a larger game is an ArgumentError: :meth:`value` solves its
        states of up to that many cards in each hand)."""
        n = self.rules.n
        if n > MAX_SOLVE_N:
            raise ArgumentError(
                f"rules of N = {n}: GopsSolver.solve solves the whole game for N up to "
                f"{MAX_SOLVE_N} ({_TOO_LONG})"
            )
        start = GopsState.start(n)
        firsts = []
        for prize in sorted(start.prizes):
            state = start.turn(prize)
            m = self._state_matrix(state)
            rows, cols = _dominated(m)
            firsts.append(FirstPrize(prize, m, _solve_matrix(m), rows, cols))
        value = self._value(start)
        return GameSolution(self.rules, value, tuple(firsts))

    # --- saving ----------------------------------------------------------------------------

    def digest(self) -> str:
        """The SHA-256 of the rules and the memo in a canonical form (each memo's entries in
        the order of their keys, keys and values as 8 bytes little-endian): the seal
        :meth:`to_json` writes and :meth:`from_json` checks. It shows a file changed after it
        was saved; it is no signature (anyone can compute it)."""
        return _digest(self.rules, [_columns(m) for m in (self._chance_memo, self._bid_memo)])

    def to_json(self) -> dict[str, Any]:
        """The rules and the memo (every state's value computed so far, in the order of the
        memo's keys), sealed with its :meth:`digest`, to reopen with :meth:`from_json` and
        answer without solving again."""
        columns = [_columns(m) for m in (self._chance_memo, self._bid_memo)]
        chance, bidding = (_entries(keys, values) for keys, values in columns)
        return {
            "format": _FORMAT,
            "version": _VERSION,
            "rules": self.rules.to_json(),
            "chance": chance,
            "bidding": bidding,
            "digest": _digest(self.rules, columns),
        }

    @classmethod
    def from_json(cls, data: Any, **kwargs: Any) -> GopsSolver:
        """A solver with the memo a solved game's :meth:`to_json` saved, once it has passed
        every check; NotationError naming the first that fails:

        * N from 1 to :data:`MAX_SOLVE_N` (no larger game is solved here);
        * every entry a state the rules reach, in the form the solver saves it (cards from 1
          to N, hands renumbered by rank, no more points in the pot and the score than the
          prizes gone, no decided state), its value within what the rules allow (sign: −1 to
          1; points: at most the points still in play);
        * the :meth:`digest` (version 2; a file of version 1 has none);
        * the whole game: every state after the first bids in the memo, each worth what the
          states after it give (so a memo of another N is refused);
        * a seeded sample of states computed again, from scratch (:data:`SAMPLE_STATES` of each
          memo, with every state below them) or from the states after them
          (:data:`SAMPLE_STEPS`).
        """
        if not isinstance(data, dict):
            raise NotationError(
                f"not a saved GOPS solution: data is {described(data)}, expected a dict (a "
                f'JSON object) with "format": "{_FORMAT}"'
            )
        if "format" not in data:
            raise NotationError(f'not a saved GOPS solution: data has no "format" ("{_FORMAT}")')
        if data["format"] != _FORMAT:
            raise NotationError(
                f'not a saved GOPS solution: data\'s "format" is {quote_json(data["format"])}, '
                f'expected "{_FORMAT}"'
            )
        version = data.get("version")
        if type(version) is not int or version not in _READ_VERSIONS:
            raise NotationError(
                f"a saved GOPS solution of version {quote_json(version)}; expected "
                f"{' or '.join(map(str, _READ_VERSIONS))}"
            )
        rules = GopsRules.from_json(data.get("rules"))
        if rules.n > MAX_SOLVE_N:
            raise NotationError(
                f"a saved GOPS solution of N = {rules.n}: whistgui solves N = 1 to "
                f"{MAX_SOLVE_N}, so it saves no larger game"
            )
        solver = cls(rules, **kwargs)
        saved = []
        for name, memo in (("chance", solver._chance_memo), ("bidding", solver._bid_memo)):
            entries = data.get(name, [])
            _read_entries(name, entries, memo)
            saved.append(_Saved(rules, name, entries, memo))
        for part in saved:
            part.check_states()
        if version >= 2:
            sealed = data.get("digest")
            if not isinstance(sealed, str):
                raise NotationError(
                    f"a saved GOPS solution of version {version} with no digest of its memo "
                    f"(a string); expected {_DIGEST_EXAMPLE}"
                )
            if sealed != _digest(rules, [_key_order(part.keys, part.values) for part in saved]):
                raise NotationError(
                    "saved GOPS solution: its digest does not match its memo: the file was "
                    "changed after it was saved"
                )
        checker = _Checker(solver)
        checker.first_bids()
        checker.sample(saved)
        return solver


# --- saving and checking a saved solution --------------------------------------------------------

_Columns = tuple["npt.NDArray[np.int64]", "npt.NDArray[np.float64]"]


def _columns(memo: dict[_Key, float]) -> _Columns:
    """A memo's keys and values as arrays, in the order of the keys."""
    import numpy as np

    keys = np.fromiter(memo.keys(), np.int64, len(memo))
    return _key_order(keys, np.fromiter(memo.values(), np.float64, len(memo)))


def _key_order(keys: npt.NDArray[np.int64], values: npt.NDArray[np.float64]) -> _Columns:
    """``keys`` and ``values`` in the order of the keys (a memo read from a file that
    :meth:`GopsSolver.to_json` wrote is in it already)."""
    import numpy as np

    if np.all(keys[1:] > keys[:-1]):
        return keys, values
    order = np.argsort(keys, kind="stable")
    return keys[order], values[order]


def _entries(keys: npt.NDArray[np.int64], values: npt.NDArray[np.float64]) -> list[list[Any]]:
    """A memo's saved form: ``[prizes, a, b, pot, diff, value]`` for each key."""
    import numpy as np

    fields = np.stack(
        [keys & 0x3FFF, keys >> 14 & 0x1FFF, keys >> 27 & 0x1FFF, keys >> 40 & 0x7F],
        axis=1,
    )
    rows: list[list[Any]] = np.column_stack([fields, (keys >> 47) - _MAX_POINTS]).tolist()
    for row, v in zip(rows, values.tolist(), strict=True):
        row.append(v)
    return rows


def _digest(rules: GopsRules, memos: list[_Columns]) -> str:
    """:meth:`GopsSolver.digest` of memos given by :func:`_columns`."""
    h = hashlib.sha256(f"{_FORMAT} {rules.n} {rules.ties} {rules.score}\n".encode())
    for keys, values in memos:
        h.update(len(keys).to_bytes(8, "little"))
        h.update(keys.astype("<i8").tobytes())
        h.update(values.astype("<f8").tobytes())
    return h.hexdigest()


#: What a memo's entry is, as a file writes it.
_ENTRY_EXPECTED: Final = (
    "[prizes, a, b, pot, diff, value]: three sets of cards as bits, the pot and the score "
    "difference (whole numbers in range), then the value (a number)"
)


def _read_entries(name: str, entries: Any, memo: dict[_Key, float]) -> None:
    """``memo`` filled from a saved list of entries ``[prizes, a, b, pot, diff, value]``;
    NotationError quoting the first that is not six numbers in range, or a state twice."""
    if not isinstance(entries, list):
        raise NotationError(
            f'saved GOPS solution: "{name}" is {quote_json(entries)}; expected a list of '
            "entries [prizes, a, b, pot, diff, value]"
        )
    top = _MAX_POINTS
    for e in entries:
        if type(e) is list and len(e) == 6:
            p, a, b, pot, diff, v = e
            if (
                type(p) is int
                and type(a) is int
                and type(b) is int
                and type(pot) is int
                and type(diff) is int
                and (type(v) is float or type(v) is int)
                and 0 <= p < 1 << 14
                and 0 <= a < 1 << 13
                and 0 <= b < 1 << 13
                and 0 <= pot <= top
                and -top <= diff <= top
                and -top <= v <= top  # a value is a score: no NaN, no ∞
            ):
                memo[p | a << 14 | b << 27 | pot << 40 | (diff + top) << 47] = float(v)
                continue
        raise NotationError(
            f"saved GOPS solution: bad {name} entry {quote_json(e)}; expected {_ENTRY_EXPECTED}"
        )
    if len(memo) < len(entries):
        seen: set[tuple[int, ...]] = set()
        for e in entries:
            if tuple(e[:5]) in seen:
                raise NotationError(
                    f"saved GOPS solution: the {name} state {_state_text(*e[:5])} is saved twice"
                )
            seen.add(tuple(e[:5]))


def _prizes(k: int) -> str:
    return "1 prize" if k == 1 else f"{k} prizes"


def _state_text(prizes: int, a: int, b: int, pot: int, diff: int) -> str:
    """A memo key as a state's text: the prizes as they are, the hands renumbered 1, 2, …"""

    def cards(mask: int, shift: int) -> str:
        return ",".join(str(v + shift) for v in _BITS[mask & 0x3FFF]) or "-"

    return f"prizes={cards(prizes, 0)} a={cards(a, 1)} b={cards(b, 1)} pot={pot} diff={diff}"


class _Saved:
    """One memo of a saved solution (``chance`` or ``bidding``), for its checks; ``entries``
    are the file's, in the memo's order (no state is saved twice)."""

    def __init__(
        self, rules: GopsRules, name: str, entries: list[Any], memo: dict[_Key, float]
    ) -> None:
        import numpy as np

        self.rules = rules
        self.name = name
        self.entries = entries
        self.keys = np.fromiter(memo.keys(), np.int64, len(memo))
        self.values = np.fromiter(memo.values(), np.float64, len(memo))
        self.prizes = self.keys & 0x3FFF
        self.a = self.keys >> 14 & 0x1FFF
        self.b = self.keys >> 27 & 0x1FFF
        self.pot = self.keys >> 40 & 0x7F
        self.diff = (self.keys >> 47) - _MAX_POINTS
        #: cards in each hand: as many as prizes face down, one more in a bidding state
        self.cards = _tables()[0][self.prizes] + (name == "bidding")

    def fields(self, i: int) -> tuple[int, int, int, int, int]:
        return _unpack(int(self.keys[i]))

    def state(self, i: int) -> str:
        return _state_text(*self.fields(i))

    def check_states(self) -> None:
        """Every entry a state of the rules in the solver's form, its value in range."""
        import numpy as np

        n, rules, name = self.rules.n, self.rules, self.name
        count, total = _tables()
        prizes, a, b, pot, diff = self.prizes, self.a, self.b, self.pot, self.diff
        cards, chance = self.cards, name == "chance"
        face_down = total[prizes]
        full = n * (n + 1) // 2
        deck = ((1 << n) - 1) << 1
        tie_words = "split" if rules.ties == "split" else "lose"

        def not_a_card(i: int) -> str:
            p = int(prizes[i])
            extra = next(v for v in _BITS[p] if v == 0 or v > n)
            return f"it holds the prize {extra}, not a card from 1 to {n}"

        def hands(i: int) -> str:
            ka, kb = int(count[a[i]]), int(count[b[i]])
            return (
                f"it has {ka} and {kb} cards in the hands with {_prizes(int(count[prizes[i]]))} "
                f"face down: a {name} state has {int(cards[i])} in each"
            )

        def decided(i: int) -> str:
            d, rest = abs(int(diff[i])), int(face_down[i] + pot[i])
            return (
                f"it is decided (a lead of {d} with {rest} points still in play): worth its sign "
                "with no search, never saved"
            )

        def too_many(i: int) -> str:
            x, gone = int(pot[i]) + abs(int(diff[i])), full - int(face_down[i])
            return (
                f"it has {x} points in the pot and the score, more than the {gone} of the prizes "
                f"gone (N = {n}: {full} points, {int(face_down[i])} face down)"
            )

        union = a | b
        checks: list[tuple[Any, Callable[[int], str]]] = [
            (lambda: prizes & ~deck != 0, not_a_card),
            (
                lambda: count[prizes] < (2 if chance else 1),
                lambda i: (
                    f"it has {_prizes(int(count[prizes[i]]))} face down: the solver saves no "
                    f"{name} state of fewer than {2 if chance else 1} (its value needs no search)"
                ),
            ),
            (lambda: (count[a] != cards) | (count[b] != cards), hands),
            (
                lambda: union & (union + 1) != 0,
                lambda _i: "it has hands not renumbered 1, 2, … by rank, as the solver saves them",
            ),
            (
                lambda: count[union] > n,
                lambda i: (
                    f"it has {int(count[union[i]])} different cards in the hands: more than N = {n}"
                ),
            ),
            (
                lambda: (a > b) | ((a == b) & (diff >= 0)),
                lambda i: (
                    "it is its own mirror image (the players exchanged): worth 0, never saved"
                    if a[i] == b[i] and diff[i] == 0
                    else "its mirror image (the players exchanged) is saved, never this form"
                ),
            ),
        ]
        if rules.score == "points":
            checks.append(
                (
                    lambda: diff != 0,
                    lambda i: (
                        f"it has diff={int(diff[i])}: with points as the result the score so "
                        "far is no part of a saved state"
                    ),
                )
            )
        if chance and rules.ties != "carry":
            checks.append(
                (
                    lambda: pot != 0,
                    lambda i: (
                        f"it has pot={int(pot[i])} before a prize is turned: when ties "
                        f"{tie_words} the pot nothing is carried over"
                    ),
                )
            )
        if not chance:
            if rules.ties == "carry":
                checks.append(
                    (
                        lambda: pot == 0,
                        lambda _i: (
                            "it has pot=0: a bidding state's pot holds the prize just turned"
                        ),
                    )
                )
            else:
                checks.append(
                    (
                        lambda: (pot < 1) | (pot > n) | (prizes >> np.minimum(pot, 14) & 1 == 1),
                        lambda i: (
                            f"it has pot={int(pot[i])}: when ties {tie_words} the pot, it is "
                            f"the prize just turned, a card from 1 to {n} not face down"
                        ),
                    )
                )
        checks.append((lambda: pot + np.abs(diff) > full - face_down, too_many))
        if rules.score == "sign":
            checks.append((lambda: np.abs(diff) > face_down + pot, decided))
        for bad, why in checks:
            where = np.flatnonzero(bad())
            if where.size:
                i = int(where[0])
                raise NotationError(
                    f"saved GOPS solution: the {name} entry {quote_json(self.entries[i])} "
                    f"({self.state(i)}) is no state of N = {n} as the solver saves it: {why(i)}"
                )
        bound: Any = 1.0 if rules.score == "sign" else face_down + pot
        where = np.flatnonzero(np.abs(self.values) > bound + 1e-9)
        if where.size:
            i = int(where[0])
            if rules.score == "sign":
                span = "[-1, 1], what a result of win, draw or loss allows"
            else:
                top = int(bound[i])
                span = f"[-{top}, {top}], the points still in play (prizes face down and pot)"
            raise NotationError(
                f"saved GOPS solution: {name} value {float(self.values[i])!r} at state "
                f"{self.state(i)} is outside {span}"
            )


@functools.cache
def _tables() -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]:
    """For every mask of cards 0..13: how many cards, and their sum (as numpy arrays)."""
    import numpy as np

    count = np.array([len(b) for b in _BITS], dtype=np.int64)
    return count, np.array(_SUM, dtype=np.int64)


def _close(saved: float, computed: float) -> bool:
    return abs(saved - computed) <= _TOLERANCE * max(1.0, abs(computed))


class _Missing(Exception):
    """A state the check of a saved memo needed and the memo lacks."""

    def __init__(self, name: str, key: _Key) -> None:
        super().__init__(name, key)
        self.name = name
        self.key = key

    def state(self) -> str:
        return _state_text(*_unpack(self.key))


class _MemoOnly:
    """A memo that answers only what it holds: a miss raises :class:`_Missing` (a check of a
    saved memo computes nothing of its own)."""

    __slots__ = ("memo", "name")

    def __init__(self, name: str, memo: dict[_Key, float]) -> None:
        self.name = name
        self.memo = memo

    def get(self, key: _Key) -> float:
        v = self.memo.get(key)
        if v is None:
            raise _Missing(self.name, key)
        return v


class _Checker:
    """A saved memo checked against the game: a state's value against the states after it
    (looked up in the memo, no search), or against a fresh solver's."""

    def __init__(self, solver: GopsSolver) -> None:
        self.solver = solver
        self.n = solver.rules.n
        look = GopsSolver(solver.rules)
        look._chance_memo = cast(Any, _MemoOnly("chance", solver._chance_memo))
        look._bid_memo = cast(Any, _MemoOnly("bidding", solver._bid_memo))
        self.look = look

    def _lacks(self, miss: _Missing, where: str) -> NotationError:
        return NotationError(
            f"saved GOPS solution: the memo lacks the {miss.name} state {miss.state()}, {where}: "
            f"it is not the solved game of N = {self.n}"
        )

    def first_bids(self) -> None:
        """Every state after the first bids is in the memo, worth what the states after it
        give (the values the explorer shows first)."""
        start = GopsState.start(self.n)
        for prize in sorted(start.prizes):
            try:
                self.look._state_matrix(start.turn(prize))
            except _Missing as miss:
                raise self._lacks(miss, f"reached after the first prize {prize}") from None
        top = self.n - 1
        for key, value in self.solver._chance_memo.items():
            if len(_BITS[key & 0x3FFF]) == top:
                self.step("chance", key, value)

    def step(self, name: str, key: _Key, value: float) -> None:
        """The state ``key`` of the memo ``name`` is worth ``value``, what its next states in
        the memo give: a chance state the mean over the next prize, a bidding state the value
        of its matrix game."""
        prizes, a, b, pot, diff = _unpack(key)
        look = self.look
        try:
            if name == "chance":
                bits = _BITS[prizes]
                found = sum(look._bidding(prizes ^ (1 << p), a, b, pot + p, diff) for p in bits)
                found /= len(bits)
            else:
                found = _game_value(look._float_matrix(prizes, a, b, pot, diff))
        except _Missing as miss:
            where = f"which follows the {name} state {_state_text(prizes, a, b, pot, diff)}"
            raise self._lacks(miss, where) from None
        if not _close(value, found):
            raise NotationError(
                f"saved GOPS solution: {name} value {value!r} at state "
                f"{_state_text(prizes, a, b, pot, diff)} is not {found!r}, what the states after "
                "it in the memo give"
            )

    def sample(self, saved: list[_Saved]) -> None:
        """A seeded sample of each memo computed again: :data:`SAMPLE_STATES` small states by
        a fresh solver (every state below them compared too), :data:`SAMPLE_STEPS` of any
        size by :meth:`step`."""
        import numpy as np

        rng = np.random.default_rng(_SEED)
        fresh = GopsSolver(self.solver.rules)
        for part in saved:
            small = np.flatnonzero(part.cards <= _SAMPLE_CARDS)
            picked = rng.choice(small, size=min(SAMPLE_STATES, small.size), replace=False)
            for i in sorted(int(i) for i in picked):
                fields = part.fields(i)
                if part.name == "chance":
                    fresh._chance(*fields)
                else:
                    fresh._bidding(*fields)
        for name, theirs, ours in (
            ("chance", fresh._chance_memo, self.solver._chance_memo),
            ("bidding", fresh._bid_memo, self.solver._bid_memo),
        ):
            for key, computed in theirs.items():
                saved_value = ours.get(key)
                if saved_value is None:
                    raise self._lacks(_Missing(name, key), "which a sample of states reaches")
                if not _close(saved_value, computed):
                    raise NotationError(
                        f"saved GOPS solution: {name} value {saved_value!r} at state "
                        f"{_state_text(*_unpack(key))} is not {computed!r}, the solver's (a "
                        "sample of the states of a file saved with no digest is computed again)"
                    )
        for part in saved:
            size = part.keys.size
            for i in sorted(int(i) for i in rng.choice(size, min(SAMPLE_STEPS, size), False)):
                self.step(part.name, int(part.keys[i]), float(part.values[i]))
