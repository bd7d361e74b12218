"""Greedy Whist: whist in which the second player must win the trick when able (R43 §6).

**Values.** Strange algebra §7.4 says the algebra of whist does not depend on the greedy rule.
Here that is taken literally: a symmetric suit's element is a value in whist's Z(2) × E,
computed by whist's machinery (R44 §10) over the reductions the greedy rule allows — West
leading his i-th card, α's row minimum runs over East's winning replies when East has one;
East leading, the column maximum over West's winning replies — then maxmin, minmax, I(D) and
its simplest element (:class:`~whistgui.engine.games.whist.evaluator.Evaluator` with
``greedy=True``). A deal's value is the sum of its suits' values and ρ of it is the predicted
outcome, as in whist. In a symmetric deal no hand is void in a suit while the suit lasts, so
every trick stays in one suit under the greedy rule too and the deal is a sum of its suits.

The prediction is checked, not proved: ρ(val) equals exact search on every suit of up to 7
cards a hand, where it also equals R43 Theorem 6.1's (n + H_Greedy)/2 (``details`` gives
H, H̄ and H_Greedy), and on 10,000 random symmetric deals of 2 to 10 cards a hand and 1 to 4
suits (``tests/engine/test_greedy_values.py``, ``benchmarks/bench_greedy_values.py``).

>>> t = GreedyWhistTheory()
>>> x = t.element(SuitDeal.parse('KQT/AJ9'))      # R43's deal (5)
>>> t.text(x), t.outcome(x), t.details(SuitDeal.parse('KQT/AJ9'))['H_Greedy']
('7/4', Outcome(west_lead=2, east_lead=2), 1)
>>> v = t.add(t.element(SuitDeal.parse('AQ/KJ')), t.element(SuitDeal.parse('K/A')))
>>> t.pretty(v), t.outcome(v)
('1½ + ε₀', Outcome(west_lead=2, east_lead=2))
>>> from whistgui.engine.trick.deal import Deal
>>> from whistgui.engine.trick.solver import Solver
>>> Solver().outcome(Deal.parse('AQ/KJ K/A'), rules=GREEDY_WHIST_RULES)
Outcome(west_lead=2, east_lead=2)
"""

from __future__ import annotations

from whistgui.engine.checks import expect
from whistgui.engine.errors import ArgumentError
from whistgui.engine.games.single_suit import details, greedy_tricks, h_greedy, sign_change
from whistgui.engine.games.whist import WhistValuedTheory
from whistgui.engine.games.whist.evaluator import Evaluator
from whistgui.engine.symbols import minus, signed
from whistgui.engine.trick.cards import Player
from whistgui.engine.trick.deal import SuitDeal
from whistgui.engine.trick.rules import Outcome, Rules, Scoring, outcome_text

__all__ = ["GREEDY_WHIST_RULES", "GreedyWhistTheory", "theorem_6_1", "theorem_6_1_words"]

#: Must win the trick if able; tricks count.
GREEDY_WHIST_RULES = Rules(greedy=True, scoring=Scoring.TRICKS)


def theorem_6_1(suit: SuitDeal) -> Outcome:
    """A symmetric suit's outcome by R43 Theorem 6.1, (n + H_Greedy)/2 tricks rounded down
    with West on lead and up with East on lead — in O(n²), for a suit of any length.

    >>> theorem_6_1(SuitDeal.parse('QT/KJ'))
    Outcome(west_lead=0, east_lead=1)
    """
    if expect(suit, SuitDeal, "suit").is_empty:
        return Outcome(0, 0)
    n, h = suit.n, h_greedy(suit)
    return Outcome(greedy_tricks(n, h, Player.WEST), greedy_tricks(n, h, Player.EAST))


def theorem_6_1_words(suit: SuitDeal) -> str:
    """R43's numbers of a symmetric suit and what Theorem 6.1 makes of them.

    >>> theorem_6_1_words(SuitDeal.parse('KQT/AJ9'))
    'n = 3, H = 0, H̄ = 1, H_Greedy = +1: West takes 2 of 3 whoever leads'
    """
    o = theorem_6_1(suit)
    if suit.is_empty:
        return "no cards"
    n, (h, hbar) = suit.n, sign_change(suit)
    w, e = o.west_lead, o.east_lead
    what = f"West takes {w} of {n} whoever leads" if w == e else outcome_text(o)
    return (
        f"n = {n}, H = {minus(h)}, H̄ = {minus(hbar)}, H_Greedy = {signed(h_greedy(suit))}: {what}"
    )


def _greedy(evaluator: Evaluator) -> Evaluator:
    expect(evaluator, Evaluator, "evaluator", "an Evaluator with greedy=True")
    if not evaluator.greedy:
        raise ArgumentError(
            "evaluator must value suits under the greedy rule (Evaluator(greedy=True)); "
            "this one values whist's"
        )
    return evaluator


class GreedyWhistTheory(WhistValuedTheory):
    """Greedy Whist's values (whist's machinery over the greedy reductions) read by ρ — a
    :class:`~whistgui.engine.games.whist.WhistTheory` whose evaluator has ``greedy=True``."""

    title = (
        "values in Z(2) × E over the greedy reductions, rounded by ρ (R44's machinery); "
        "one suit: (n + H_Greedy)/2 tricks (single-suit whist §6, R43)"
    )

    def __init__(self, *, evaluator: Evaluator | None = None) -> None:
        super().__init__(
            evaluator=Evaluator(greedy=True) if evaluator is None else _greedy(evaluator)
        )

    def _evaluator(self, evaluator: Evaluator) -> Evaluator:
        """The evaluator must value suits under the greedy rule."""
        return _greedy(evaluator)

    def details(self, suit: SuitDeal) -> dict[str, object]:
        """maxmin, minmax, I(D) and the complexity over the greedy reductions, and R43's A,
        T_k, H, H̄, H_Greedy and trace (Theorem 6.1: (n + H_Greedy)/2 tricks)."""
        if expect(suit, SuitDeal, "suit").is_empty:
            return {}
        return {**self._whist.details(suit), **details(suit)}
