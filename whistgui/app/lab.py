"""The single-suit laboratory's data: every symmetric single suit of n cards a hand, one row
each, with what the Single Suits window shows — the whist value and its kind, maxmin and
minmax, R43's T_0, H and H̄, which of H and H̄ Whist takes, and the outcomes of Greedy Whist
and Five-card. Qt-free: the window runs :func:`lab_rows` on the engine service.

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
from dataclasses import dataclass
from typing import Final

from whistgui.engine import Deal, Evaluator, LabeledValue, Player, Solver
from whistgui.engine.deal import SuitDeal
from whistgui.engine.describe import describe
from whistgui.engine.errors import Cancelled, TheoryError
from whistgui.engine.games.single_suit import (
    all_patterns,
    greedy_tricks,
    h_greedy,
    sign_change,
    trace,
)
from whistgui.engine.value import Value

__all__ = [
    "LIVE_LIMIT",
    "R43_GAMES",
    "LabRow",
    "R43Report",
    "distinct_values",
    "lab_rows",
    "lattice",
    "r43_report",
    "value_counts",
]

#: The largest n the window lists (C(2n, n) suits: 12 870 at n = 8 in about 3 s with the
#: pure-Python evaluator, 48 620 at n = 9 in about 12 s).
LIVE_LIMIT: Final = 9


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


def distinct_values(n: int, evaluator: Evaluator | None = None) -> int:
    """How many distinct values the suits of ``n`` cards a hand have.

    >>> [distinct_values(n) for n in range(1, 4)]
    [2, 6, 15]
    """
    ev = evaluator if evaluator is not None else Evaluator()
    return len({ev.pattern_value(p) for p in all_patterns(n)})


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
    from whistgui.engine.play import Position

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
