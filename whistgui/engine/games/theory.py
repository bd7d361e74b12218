"""The protocol every game's value theory follows (strange algebra §5).

A theory maps each single suit to an *element* of a commutative monoid, adds elements, and
reads the outcome of a deal off the sum of its suits' elements — a homomorphic refinement of
the game's outcome function. It also says which deals it covers (:meth:`Theory.covers`): a game
whose theory does not reach a deal (an asymmetric deal of misère five-card) still plays and
solves by search.

>>> from whistgui.engine.games import find_game
>>> theory = find_game('five-card').new_theory()
>>> d = Deal.parse('KQ/AJ A/K')
>>> theory.text(deal_element(theory, d)), predict(theory, d)
('+1', Outcome(west_lead=<Player.WEST: 'W'>, east_lead=<Player.WEST: 'W'>))
"""

from __future__ import annotations

from functools import reduce
from typing import Protocol, TypeVar, cast

from whistgui.engine.checks import described
from whistgui.engine.errors import ArgumentTypeError, NoTheoryError
from whistgui.engine.trick.deal import Deal, SuitDeal, check_deal
from whistgui.engine.trick.rules import Outcome

__all__ = ["Theory", "check_theory", "deal_element", "predict"]

E = TypeVar("E")


class Theory(Protocol[E]):
    """A value theory: elements of single suits, their sum, and the outcome of a sum."""

    #: What the elements are, in a few words, with the paper they come from.
    title: str
    #: Are the elements whist's values val(D) (:class:`~whistgui.engine.games.whist.value.Value`,
    #: symmetric whist R44, or Greedy Whist's over the greedy reductions)? Then a deal of whist,
    #: refined whist or Greedy Whist is played from them by the
    #: :class:`~whistgui.engine.strategy.marks.Strategist` (``plays_by_values``; reduced
    #: whist's, whose marks are not ρ's or ρ′'s, by search), a suit is analysed by
    #: :meth:`Evaluator.analyze <whistgui.engine.games.whist.evaluator.Evaluator.analyze>` (the α
    #: matrix), and JSON calls an element a ``value``. A capability, declared by each theory: ask
    #: it, never the theory's class.
    whist_values: bool

    def covers(self, deal: Deal) -> str | None:
        """None if the theory predicts ``deal``; otherwise why it does not, in a sentence."""
        ...

    def element(self, suit: SuitDeal) -> E:
        """The element of one suit; raises NoTheoryError if the theory has none for it."""
        ...

    def zero(self) -> E:
        """The element of the empty deal."""
        ...

    def add(self, a: E, b: E) -> E:
        """The element of a deal from those of two parts (NoTheoryError if not known)."""
        ...

    def outcome(self, element: E) -> Outcome:
        """The result with West on lead and with East on lead."""
        ...

    def describe(self, element: E) -> str:
        """What the element means, in the paper's words."""
        ...

    def text(self, element: E) -> str:
        """ASCII text that :meth:`parse` reads back."""
        ...

    def pretty(self, element: E) -> str:
        """Text with the paper's symbols."""
        ...

    def latex(self, element: E) -> str:
        """A LaTeX math-mode formula."""
        ...

    def parse(self, text: str) -> E:
        """The element written ``text`` (by :meth:`text` or :meth:`pretty`)."""
        ...

    def details(self, suit: SuitDeal) -> dict[str, object]:
        """What the theory computes on the way to a suit's element (a matrix, sums, the
        stoppers, …), as JSON-ready data with readable keys."""
        ...


#: What a value theory answers (:class:`Theory`): checked of an object given as one.
_THEORY_METHODS = (
    "covers",
    "element",
    "zero",
    "add",
    "outcome",
    "describe",
    "text",
    "pretty",
    "latex",
    "parse",
    "details",
)


def check_theory(theory: object, name: str = "theory") -> Theory[object]:
    """``theory`` if it has every method of :class:`Theory`, else ArgumentTypeError naming
    ``name``."""
    if not all(callable(getattr(theory, m, None)) for m in _THEORY_METHODS):
        raise ArgumentTypeError(
            f"{name} must be a game's value theory (a Game's new_theory()), not {described(theory)}"
        )
    return cast("Theory[object]", theory)


def deal_element(theory: Theory[E], deal: Deal) -> E:
    """The sum of the elements of ``deal``'s suits; NoTheoryError with the theory's reason if
    it does not cover the deal."""
    check_theory(theory)
    check_deal(deal)
    why = theory.covers(deal)
    if why is not None:
        raise NoTheoryError(why)
    return reduce(theory.add, (theory.element(s) for s in deal.suits), theory.zero())


def predict(theory: Theory[E], deal: Deal) -> Outcome:
    """The theory's outcome of ``deal`` (NoTheoryError if it does not cover it)."""
    element = deal_element(theory, deal)  # checks both
    return theory.outcome(element)
