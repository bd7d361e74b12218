"""What the play tree of a whole deal says of a position, without Qt: which of the tricks that
can be played from it are optimal for both sides, and the game theory's value of the remaining
deal and the outcome it predicts, West's tricks so far counted in as the game counts them. One
answer for the inspector's Whole Deal tab (:class:`whistgui.ui.trick.play_tree_model.PlayTreeModel`)
and the play-tree figure (:mod:`whistgui.figures.playtree`).

From AQ/KJ with West on lead, West's ace or queen answered by East's king or jack: East's best
reply to either lead leaves West 1 trick, so the tricks optimal for both sides are the ace
answered by the jack and the queen answered by the king.

>>> from whistgui.engine import Deal, Evaluator, Position
>>> from whistgui.engine.games import find_game
>>> optimal_tricks(Player.WEST, [(0, 2), (0, 1), (1, 1), (1, 2)])  # A·K, A·J, Q·K, Q·J
[False, True, True, False]
>>> theory = theory_for(find_game('whist'), Evaluator())
>>> start = Position.start(Deal.parse('AQ/KJ K/A'), Player.WEST)
>>> element, value = position_value(theory, start)
>>> theory.pretty(value), predicted_result(theory, value, start)
('1½ + ε₀', 2)
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import Any

from whistgui.engine import Evaluator, Player, Position
from whistgui.engine.games import Game, Theory, deal_element
from whistgui.engine.games.whist import WhistTheory
from whistgui.engine.trick.rules import Result

__all__ = [
    "optimal_tricks",
    "position_value",
    "predicted_result",
    "theory_for",
    "west_prefers",
]


def west_prefers(r: Result) -> int | Fraction:
    """How much West likes the result ``r`` of a deal: its tricks or refined points, or 1 for
    a West win and 0 for an East win in a last-trick game — results of one game compare by
    this key (West maximises it, East minimises it).

    >>> west_prefers(Player.WEST) > west_prefers(Player.EAST), west_prefers(3)
    (True, 3)
    """
    if isinstance(r, Player):
        return 1 if r is Player.WEST else 0
    return r


def optimal_tricks(leader: Player, tricks: Sequence[tuple[int, Result]]) -> list[bool]:
    """Which of the tricks that can be played with ``leader`` on lead, each given as its lead
    group (the number of the leader's sequence it leads from) and its exact result, are
    optimal for both sides: a lead among the leader's best, answered by one of the follower's
    best replies to it — *best* as the game scores it."""
    pick_lead, pick_reply = (max, min) if leader is Player.WEST else (min, max)
    # the follower's best per lead group: worst for West when East follows, best when West does
    best_reply: dict[int, int | Fraction] = {}
    for group, result in tricks:
        x = west_prefers(result)
        best_reply[group] = x if group not in best_reply else pick_reply(best_reply[group], x)
    if not best_reply:
        return []
    best = pick_lead(best_reply.values())
    return [best_reply[g] == best and west_prefers(r) == best for g, r in tricks]


def theory_for(game: Game, evaluator: Evaluator) -> Theory[Any] | None:
    """``game``'s value theory (None for a game valued by search only), whist's and refined
    whist's valuing suits with ``evaluator`` (and its memo)."""
    theory = game.new_theory()
    if isinstance(theory, WhistTheory):
        theory = WhistTheory(refined=theory.refined, evaluator=evaluator)
    return theory


def position_value(theory: Theory[Any], position: Position) -> tuple[Any, Any]:
    """``(element, value)``: the theory's element of the remaining deal at ``position``, and
    the value the tree shows — for whist's values the element plus West's tricks so far,
    else the element itself. NoTheoryError (with the theory's reason) where the theory does
    not cover the remaining deal."""
    element = deal_element(theory, position.deal)
    return element, element + position.west_tricks if theory.whist_values else element


def predicted_result(theory: Theory[Any], value: Any, position: Position) -> Result:
    """The outcome the theory predicts from ``value`` (:func:`position_value`'s) for the player
    on lead at ``position``: for whist's values ρ (ρ′) of it, West's tricks so far being in the
    value; in another game that counts tricks, its tricks plus West's so far; in a last-trick
    game, the winner."""
    o = theory.outcome(value)
    r = o.west_lead if position.leader is Player.WEST else o.east_lead
    if isinstance(r, Player) or theory.whist_values:
        return r
    return r + position.west_tricks
