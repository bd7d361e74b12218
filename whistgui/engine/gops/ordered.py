"""GOPS with the prizes turned in a known order (issue 30; OpenSpiel's ``points_order``):
ascending or descending, besides the random order of the thread's game — the orders
(:data:`ORDERS`, :func:`check_order`), how a bid settles the pot, and :class:`OrderedGame`,
the game of a known order solved exactly (no chance: the next prize is known).

>>> g = OrderedGame(GopsRules(3), "ascending")
>>> g.value(GopsState.start(3))
Fraction(0, 1)
"""

from __future__ import annotations

from fractions import Fraction
from typing import Final

from whistgui.engine.checks import expect
from whistgui.engine.errors import ArgumentError, NotationError
from whistgui.engine.gops.matrix import ExactSolution, solve_exact
from whistgui.engine.gops.rules import MAX_N, GopsRules
from whistgui.engine.gops.state import GopsState
from whistgui.engine.reading import quote

__all__ = ["MAX_ORDERED_N", "ORDERS", "OrderedGame", "check_order"]

#: The orders in which the prizes are turned: shuffled (the thread's game), or from the
#: smallest or the largest up (OpenSpiel's ``points_order``).
ORDERS: Final = ("random", "ascending", "descending")
#: The largest game of a known order :class:`OrderedGame` solves (exactly).
MAX_ORDERED_N: Final = 7
_ZERO = Fraction(0)
_ONE = Fraction(1)


def check_order(order: object) -> str:
    """``order`` if it is one of :data:`ORDERS` (any case); NotationError quoting it."""
    expect(order, str, "order", f"a prize order (a str: {', '.join(ORDERS)})")
    word = str(order).strip().lower()
    if word not in ORDERS:
        raise NotationError(f"order {quote(order)}: expected one of {', '.join(ORDERS)}")
    return word


def cards_of(m: int) -> list[int]:
    """The cards of a mask (bit c: card c), increasing."""
    return [c for c in range(1, MAX_N + 1) if m >> c & 1]


def mask_of(cards: frozenset[int]) -> int:
    m = 0
    for c in cards:
        m |= 1 << c
    return m


def next_prizes(order: str, prizes: int) -> list[tuple[int, Fraction]]:
    """The next prize (and its probability) of the prizes face down (a mask), by ``order``."""
    cards = cards_of(prizes)
    if order == "ascending":
        return [(cards[0], _ONE)]
    if order == "descending":
        return [(cards[-1], _ONE)]
    p = Fraction(1, len(cards))
    return [(c, p) for c in cards]


def settle(i: int, j: int, pot: int, more: bool, ties: str) -> tuple[int, int, int]:
    """A's and B's points won (in halves) and the pot left when A bids ``i`` and B ``j``;
    ``more``: prizes still face down."""
    if i > j:
        return 2 * pot, 0, 0
    if i < j:
        return 0, 2 * pot, 0
    if ties == "carry":
        return 0, 0, pot if more else 0
    if ties == "split":
        return pot, pot, 0
    return 0, 0, 0


def result_of(diff: Fraction, score: str) -> Fraction:
    if score == "points":
        return diff
    return Fraction((diff > 0) - (diff < 0))


class OrderedGame:
    """GOPS with the prizes turned in a known order (``ascending`` or ``descending``): each
    bidding state's matrix game solved exactly (the next prize is no chance), with a memo.
    With the random order, :class:`~whistgui.engine.gops.solver.GopsSolver` solves the game.

    >>> g = OrderedGame(GopsRules(3), "ascending")
    >>> g.value(GopsState.start(3))
    Fraction(0, 1)
    """

    def __init__(self, rules: GopsRules, order: str) -> None:
        self.rules = expect(rules, GopsRules, "rules")
        self.order = check_order(order)
        if self.order == "random":
            raise ArgumentError(
                "OrderedGame is for a known order: GopsSolver solves the random one"
            )
        if rules.n > MAX_ORDERED_N:
            raise ArgumentError(
                f"N = {rules.n}: the game of a known order is solved exactly here for N up to "
                f"{MAX_ORDERED_N}"
            )
        self._values: dict[tuple[int, int, int, int, int], Fraction] = {}
        self._games: dict[tuple[int, int, int, int, int], ExactSolution] = {}

    def value(self, state: GopsState) -> Fraction:
        """A's value of ``state`` (a chance or bidding state) exactly."""
        s = expect(state, GopsState, "state")
        inner = (mask_of(s.prizes), mask_of(s.a), mask_of(s.b), s.pot, s.diff)
        if s.is_bidding:
            return self._game(*inner).value
        return self._chance(*inner)

    def solution(self, state: GopsState) -> ExactSolution:
        """The matrix game of a bidding state solved: rows ``sorted(state.a)``, columns
        ``sorted(state.b)``."""
        s = expect(state, GopsState, "state")
        if not s.is_bidding:
            raise ArgumentError(f"{s} is a chance state: it has no matrix game of bids")
        return self._game(mask_of(s.prizes), mask_of(s.a), mask_of(s.b), s.pot, s.diff)

    def _chance(self, prizes: int, a: int, b: int, pot: int, diff: int) -> Fraction:
        if not prizes:
            return result_of(Fraction(diff), self.rules.score)
        key = (prizes, a, b, pot, diff)
        got = self._values.get(key)
        if got is None:
            prize = next_prizes(self.order, prizes)[0][0]
            got = self._game(prizes ^ (1 << prize), a, b, pot + prize, diff).value
            self._values[key] = got
        return got

    def _game(self, prizes: int, a: int, b: int, pot: int, diff: int) -> ExactSolution:
        key = (prizes, a, b, pot, diff)
        got = self._games.get(key)
        if got is None:
            m = []
            for i in cards_of(a):
                row = []
                for j in cards_of(b):
                    ga, gb, left = settle(i, j, pot, bool(prizes), self.rules.ties)
                    row.append(self._chance(prizes, a ^ 1 << i, b ^ 1 << j, left,
                                            diff + (ga - gb) // 2))  # fmt: skip
                m.append(row)
            got = self._games[key] = solve_exact(m)
        return got
