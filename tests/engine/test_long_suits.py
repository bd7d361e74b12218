"""Long single suits (issue 16): values whose numbers need more than a float's 53 bits are
exact, and suits past Python's recursion limit are valued without recursing card by card.

The reference is the §10 recursion written as plainly as the engine's types allow: every
reduction D_ij (one West card and one East card of each run; equivalent cards give the same
reduction), α_ij as a LabeledValue, maxmin and minmax by labeled_max / labeled_min, val as the
simplest element of I(D) — Fractions throughout, no keys.
"""

from __future__ import annotations

import sys
from functools import cache

import pytest

from whistgui.engine import Evaluator, LabeledValue, Player, Value
from whistgui.engine.games.whist.evaluator import Bounds, labeled_max, labeled_min


def _runs(owners: list[tuple[str, int]]) -> str:
    return "".join(owner * length for owner, length in owners)


@cache
def plain_value(pattern: str) -> Value:
    """val of the suit with owners ``pattern`` (low to high), by §10 and nothing else."""
    if not pattern:
        return Value(0)
    tops = [i for i, c in enumerate(pattern) if i + 1 == len(pattern) or pattern[i + 1] != c]
    west = [i for i in tops if pattern[i] == "W"]
    east = [i for i in tops if pattern[i] == "E"]
    alpha = []
    for i in west:
        row = []
        for j in east:
            rest = "".join(c for k, c in enumerate(pattern) if k not in (i, j))
            v = plain_value(rest)
            row.append(LabeledValue(Player.WEST, v + 1) if i > j else LabeledValue(Player.EAST, v))
        alpha.append(row)
    maxmin = labeled_max([labeled_min(row) for row in alpha])
    minmax = labeled_min([labeled_max(list(col)) for col in zip(*alpha, strict=True)])
    return Bounds(maxmin, minmax).simplest()


# [6 cards E, 1 W, 54 E, 59 W]: 60 cards a hand, the value's numerator has 60 bits
SIXTY = _runs([("E", 6), ("W", 1), ("E", 54), ("W", 59)])


def test_a_sixty_card_suit_is_valued_exactly() -> None:
    expected = plain_value(SIXTY)
    assert expected.number.numerator.bit_length() > 53  # a float cannot hold it
    ev = Evaluator()
    assert ev.pattern_value(SIXTY) == expected
    # and every suit one trick down (one West card and one East card played)
    west = [k for k, c in enumerate(SIXTY) if c == "W"]
    east = [k for k, c in enumerate(SIXTY) if c == "E"]
    downs = {"".join(c for k, c in enumerate(SIXTY) if k not in (i, j)) for i in west for j in east}
    for rest in downs:
        assert ev.pattern_value(rest) == plain_value(rest)


def test_a_sixty_card_suits_analysis_agrees_with_its_value() -> None:
    from whistgui.engine import SuitDeal

    a = Evaluator().analyze(SuitDeal.from_pattern(SIXTY))
    assert a.value == plain_value(SIXTY)
    assert a.bounds.simplest() == a.value


@pytest.mark.parametrize(
    "runs",
    [
        [("E", 2), ("W", 120), ("E", 118)],  # 120 cards a hand: past the recursion's reach
        [("W", 3), ("E", 2), ("W", 107), ("E", 108)],
    ],
)
def test_a_suit_past_the_recursion_limit_is_valued(runs: list[tuple[str, int]]) -> None:
    """The evaluator values it without a RecursionError; the plain recursion, given room,
    agrees."""
    pattern = _runs(runs)
    got = Evaluator().pattern_value(pattern)
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(limit, 20 * len(pattern)))
    try:
        assert got == plain_value(pattern)
    finally:
        sys.setrecursionlimit(limit)
