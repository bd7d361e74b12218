"""Two-person whist and refined whist: Wästlund's values in Z(2) × E (symmetric whist, R44).

This module is the game's theory (:class:`WhistTheory`, registered in
:data:`~whistgui.engine.games.GAMES`); its package holds the value theory it stands on: the
semigroup of values and its order (:mod:`~whistgui.engine.games.whist.value`,
:mod:`~whistgui.engine.games.whist.infinitesimal`, :mod:`~whistgui.engine.games.whist.interval`),
ρ and ρ′ (:mod:`~whistgui.engine.games.whist.rounding`), val(D) of a suit and of a deal
(:mod:`~whistgui.engine.games.whist.evaluator`), and val(D) in words, in LaTeX and by kind
(:mod:`~whistgui.engine.games.whist.explain`, :mod:`~whistgui.engine.games.whist.latex`,
:mod:`~whistgui.engine.games.whist.describe`).

The element of a suit is val(D) (:class:`~whistgui.engine.games.whist.evaluator.Evaluator`);
values add; the outcome is ρ(val) for whist (Theorem 9.x) and ρ′(val) for refined whist (§11,
Theorem 12.1).

>>> t = WhistTheory()
>>> v = t.add(t.element(SuitDeal.parse('AQ/KJ')), t.element(SuitDeal.parse('K/A')))
>>> t.pretty(v), t.outcome(v), t.describe(v)
('1½ + ε₀', Outcome(west_lead=2, east_lead=2), 'exit for West, unprotected')
>>> WhistTheory(refined=True).outcome(v)
Outcome(west_lead=Fraction(7, 4), east_lead=Fraction(7, 4))
"""

from __future__ import annotations

from whistgui.engine.checks import expect
from whistgui.engine.games.whist.describe import describe
from whistgui.engine.games.whist.evaluator import Evaluator
from whistgui.engine.games.whist.latex import value_latex
from whistgui.engine.games.whist.rounding import rho, rho_prime
from whistgui.engine.games.whist.value import Value
from whistgui.engine.reading import quote
from whistgui.engine.trick.deal import Deal, SuitDeal, check_deal
from whistgui.engine.trick.rules import Outcome

__all__ = ["WhistTheory", "WhistValuedTheory"]


def _element(x: Value, name: str = "element") -> Value:
    return expect(x, Value, name, "a value (a Value)")


class WhistTheory:
    """val(D) and ρ (or ρ′ with ``refined``), memoized in an :class:`Evaluator`."""

    whist_values = True

    def __init__(self, *, refined: bool = False, evaluator: Evaluator | None = None) -> None:
        self.refined = expect(refined, bool, "refined")
        if evaluator is not None:
            expect(evaluator, Evaluator, "evaluator", "an Evaluator or None")
        self.evaluator = evaluator if evaluator is not None else Evaluator()
        self.title = (
            "values in Z(2) × E rounded by ρ′ to odd quarters (symmetric whist §11, R44)"
            if refined
            else "values in Z(2) × E rounded by ρ (symmetric whist, R44)"
        )

    def covers(self, deal: Deal) -> str | None:
        check_deal(deal)
        for name, s in zip(deal.names, deal.suits, strict=True):
            if not s.is_symmetric:
                return (
                    f"suit {name} ({quote(str(s))}) is not symmetric: West holds {len(s.west)} "
                    "and East "
                    f"{len(s.east)}; the values need the same number of cards on each side"
                )
        return None

    def element(self, suit: SuitDeal) -> Value:
        return self.evaluator.suit_value(expect(suit, SuitDeal, "suit"))

    def zero(self) -> Value:
        return Value(0)

    def add(self, a: Value, b: Value) -> Value:
        return _element(a, "a") + _element(b, "b")

    def outcome(self, element: Value) -> Outcome:
        _element(element)
        return rho_prime(element) if self.refined else rho(element)

    def describe(self, element: Value) -> str:
        return describe(_element(element)).words

    def text(self, element: Value) -> str:
        return _element(element).ascii()

    def pretty(self, element: Value) -> str:
        return _element(element).pretty()

    def latex(self, element: Value) -> str:
        return value_latex(_element(element))

    def parse(self, text: str) -> Value:
        return Value.parse(text)

    def details(self, suit: SuitDeal) -> dict[str, object]:
        a = self.evaluator.analyze(expect(suit, SuitDeal, "suit"))
        return {
            "maxmin": a.maxmin.pretty(),
            "minmax": a.minmax.pretty(),
            "I(D)": a.interval.pretty(),
            "complexity": str(a.value.complexity),
        }


class WhistValuedTheory:
    """A game valued by whist's machinery (val(D), added over the suits) read its own way: a
    :class:`WhistTheory` inside, with its memo, to which everything but the reading is left —
    Reduced whist (⌊ρ′⌋) and Greedy Whist (the greedy reductions' values, ρ) override what
    differs."""

    whist_values = True

    def __init__(self, *, evaluator: Evaluator | None = None) -> None:
        self._whist = WhistTheory(evaluator=evaluator)

    @property
    def evaluator(self) -> Evaluator:
        """The evaluator that values the suits (settable, as whist's theory's)."""
        return self._whist.evaluator

    @evaluator.setter
    def evaluator(self, evaluator: Evaluator) -> None:
        self._whist.evaluator = self._evaluator(evaluator)

    def _evaluator(self, evaluator: Evaluator) -> Evaluator:
        """The evaluator this game accepts (any Evaluator here)."""
        return expect(evaluator, Evaluator, "evaluator", "an Evaluator")

    def covers(self, deal: Deal) -> str | None:
        return self._whist.covers(deal)

    def element(self, suit: SuitDeal) -> Value:
        return self._whist.element(suit)

    def zero(self) -> Value:
        return self._whist.zero()

    def add(self, a: Value, b: Value) -> Value:
        return self._whist.add(a, b)

    def outcome(self, element: Value) -> Outcome:
        return self._whist.outcome(element)

    def describe(self, element: Value) -> str:
        return self._whist.describe(element)

    def text(self, element: Value) -> str:
        return self._whist.text(element)

    def pretty(self, element: Value) -> str:
        return self._whist.pretty(element)

    def latex(self, element: Value) -> str:
        return self._whist.latex(element)

    def parse(self, text: str) -> Value:
        return self._whist.parse(text)
