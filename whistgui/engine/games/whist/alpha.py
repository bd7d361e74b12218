"""The α matrix of one suit read by rows and columns (§10): the order of its labeled values, and
which entries a row's minimum and a column's maximum range over — every reply in whist, the
replies that win (when one does) under Greedy Whist's rule (:meth:`Rules.follows`).

>>> from whistgui.engine.trick.cards import Player
>>> from whistgui.engine.games.whist.value import Value
>>> a, b = LabeledValue(Player.WEST, Value(1)), LabeledValue(Player.EAST, Value(1))
>>> labeled_max([a, b]) == b, labeled_min([a, b]) == a   # (E, 1) > (W, 1): a number
(True, True)
>>> replies(11, (9, 12, 14), greedy=False), replies(11, (9, 12, 14), greedy=True)
((0, 1, 2), (1, 2))
"""

from __future__ import annotations

from collections.abc import Sequence

from whistgui.engine.errors import TheoryError
from whistgui.engine.games.whist.value import LabeledValue
from whistgui.engine.trick.rules import Rules

__all__ = ["extremes", "labeled_max", "labeled_min", "replies"]


def labeled_max(items: Sequence[LabeledValue]) -> LabeledValue:
    """The greatest of labeled values from one suit (totally ordered: an incomparable pair,
    which Lemma 10.2 rules out, raises :class:`TheoryError`)."""
    best = items[0]
    for x in items[1:]:
        c = x.compare(best)
        if c is None:
            raise TheoryError(f"labeled values {x} and {best} are incomparable in one suit")
        if c > 0:
            best = x
    return best


def labeled_min(items: Sequence[LabeledValue]) -> LabeledValue:
    """The least of labeled values from one suit (see :func:`labeled_max`)."""
    best = items[0]
    for x in items[1:]:
        c = x.compare(best)
        if c is None:
            raise TheoryError(f"labeled values {x} and {best} are incomparable in one suit")
        if c < 0:
            best = x
    return best


def replies(led: int, holding: tuple[int, ...], greedy: bool) -> tuple[int, ...]:
    """The indices of ``holding``'s cards (ranks of the suit led) that may answer ``led``:
    all, or under the greedy rule those that win the trick if any does."""
    ok = Rules(greedy=greedy).follows(led, holding)
    return tuple(k for k, c in enumerate(holding) if c in ok)


def extremes(
    alpha: Sequence[Sequence[LabeledValue]],
    west: tuple[int, ...],
    east: tuple[int, ...],
    greedy: bool,
) -> tuple[tuple[LabeledValue, ...], tuple[LabeledValue, ...]]:
    """α's row minima (West leads ``west[i]``, East replies) and column maxima (East leads
    ``east[j]``, West replies), each over the replies allowed; ``west`` and ``east`` are the
    hands from the lowest card, as α's rows and columns."""
    rows = tuple(
        labeled_min([r[j] for j in replies(w, east, greedy)])
        for r, w in zip(alpha, west, strict=True)
    )
    columns = tuple(
        labeled_max([alpha[i][j] for i in replies(e, west, greedy)]) for j, e in enumerate(east)
    )
    return rows, columns
