"""Reduced whist: whist in which the last trick does not count (symmetric whist §11, R44).

In a deal of n cards a hand West's score is the number of the first n − 1 tricks he takes.
The elements are whist's values val(D) — valued, added, written and read as whist's
(:class:`~whistgui.engine.games.whist.WhistTheory`) — and the outcome is read off the value
by the rounding :func:`rho_reduced`, derived here from refined whist.

**The rounding.** Refined whist scores every trick but the last 1 for West, the last ¾ if
West takes it and ¼ if not. At the end of play, if West took R of the first n − 1 tricks,
his refined score S is R + ¾ or R + ¼, so R = ⌊S⌋ — the proof of Theorem 11.4: West takes
at least k tricks of reduced whist exactly when he scores at least k + ¼ in refined whist.
Both games are played on the same tree, West maximising and East minimising, and R is a
nondecreasing function of S at every leaf; minimax commutes with a nondecreasing map of the
leaves (max and min of ⌊S⌋ are ⌊max S⌋ and ⌊min S⌋), so with either player on lead

    χ_reduced(D) = ⌊χ′(D)⌋ = ⌊ρ′(val D)⌋          (Theorem 12.1: χ′(D) = ρ′(val D)).

ρ′ rounds to the odd quarters m + ¼ and m + ¾ (m an integer), whose midpoints are the
multiples of ½; at a midpoint the tie is broken as ρ breaks it (§9): the lower for a
negative infinitesimal part, the higher for a positive one, (lower, higher) for none and
(higher, lower) for ±ε₀. Write val(D) = q + x, q its number and x its infinitesimal part:

* q not an integer, m < q < m + 1: ρ′ gives m + ¼ or m + ¾ with either lead — also at the
  tie q = m + ½ — so West takes **m = ⌊q⌋ whoever leads**;
* q = m an integer: the tie between m − ¼ and m + ¼, so the lead and x decide:

  ====================  ===============  ===============
  val(D)                West on lead     East on lead
  ====================  ===============  ===============
  m (a number)          m − 1            m
  m − x (x > 0)         m − 1            m − 1
  m + x (x > 0)         m                m
  m ± ε₀                m                m − 1
  ====================  ===============  ===============

That is whist's ρ moved by half a trick: **χ_reduced(D) = ρ(val(D) − ½)** (q − ½ lies
strictly between m − ½ and m + ½ when m < q < m + 1, and at q = m it is ρ's tie between
m − 1 and m with the same infinitesimal part). Where whist's outcome depends on the lead at
the half-integers, reduced whist's does at the integers. The empty deal follows the
refined convention χ′(0) = (−¼, ¼), the player on lead taking the last trick: (−1, 0), as
the solver scores it (:class:`~whistgui.engine.trick.rules.Rules`, the last trick taken
back from whoever took it).

>>> from whistgui.engine.games.whist import WhistTheory
>>> t = ReducedWhistTheory()
>>> v = t.add(t.element(SuitDeal.parse('AQ/KJ')), t.element(SuitDeal.parse('K/A')))
>>> t.pretty(v), t.outcome(v), WhistTheory().outcome(v)
('1½ + ε₀', Outcome(west_lead=1, east_lead=1), Outcome(west_lead=2, east_lead=2))
>>> [rho_reduced(Value.parse(s)) for s in ('2', '2-e1', '2+e0', '2+-e0', '5/2')]
... # doctest: +NORMALIZE_WHITESPACE
[Outcome(west_lead=1, east_lead=2), Outcome(west_lead=1, east_lead=1),
 Outcome(west_lead=2, east_lead=2), Outcome(west_lead=2, east_lead=1),
 Outcome(west_lead=2, east_lead=2)]

**Lemma 11.1.** In a single suit, reduced whist is whist with each hand's smallest card
removed (:func:`without_smallest`, the paper's D₀): χ_reduced(D) = χ(D₀) for a nonempty
suit of n cards a hand — checked by search on every suit up to 6 cards a hand, 8 with
``pytest --exhaustive`` (tests/engine/test_reduced_whist.py).

>>> from whistgui.engine.trick.deal import Deal
>>> from whistgui.engine.trick.solver import Solver
>>> d = SuitDeal.parse('AQ/KJ')
>>> Solver().outcome(Deal([d]), rules=REDUCED_WHIST_RULES)
Outcome(west_lead=1, east_lead=1)
>>> without_smallest(d), Solver().outcome(Deal([without_smallest(d)]))
(SuitDeal.parse('A/K'), Outcome(west_lead=1, east_lead=1))
"""

from __future__ import annotations

import math
from fractions import Fraction

from whistgui.engine.checks import expect
from whistgui.engine.errors import DealError
from whistgui.engine.games.whist import WhistValuedTheory
from whistgui.engine.games.whist.describe import describe
from whistgui.engine.games.whist.rounding import rho_lattice
from whistgui.engine.games.whist.value import Value
from whistgui.engine.reading import quote
from whistgui.engine.trick.deal import SuitDeal
from whistgui.engine.trick.rules import Outcome, Rules, Scoring

__all__ = ["REDUCED_WHIST_RULES", "ReducedWhistTheory", "rho_reduced", "without_smallest"]

#: Free replies; the tricks count but the last.
REDUCED_WHIST_RULES = Rules(scoring=Scoring.REDUCED)


def rho_reduced(value: Value) -> Outcome:
    """⌊ρ′⌋: the outcome of reduced whist from a value — ρ′ rounded down to whole tricks,
    equal to ρ(value − ½) (the module's derivation)."""
    w, e = rho_lattice(value, Fraction(1, 4), Fraction(1, 2))  # ρ′ (checks value)
    return Outcome(math.floor(w), math.floor(e))


def without_smallest(suit: SuitDeal) -> SuitDeal:
    """D₀: the suit with each hand's smallest card removed (Lemma 11.1, Theorem 11.10).

    >>> without_smallest(SuitDeal.parse('AQ2/KJ3'))
    SuitDeal.parse('AQ/KJ')
    """
    expect(suit, SuitDeal, "suit")
    if not suit.west or not suit.east:
        raise DealError(
            f"{quote(str(suit))}: D₀ removes a card from each hand, and a hand here is void"
        )
    return SuitDeal(suit.west[:-1], suit.east[:-1])  # ranks are kept high to low


class ReducedWhistTheory(WhistValuedTheory):
    """val(D) as whist's theory has it (a :class:`WhistTheory` inside, with its memo), read by
    :func:`rho_reduced`."""

    title = "values in Z(2) × E rounded by ⌊ρ′⌋ = ρ(· − ½) (symmetric whist §11, R44)"

    def outcome(self, element: Value) -> Outcome:
        return rho_reduced(expect(element, Value, "element", "a value (a Value)"))

    def describe(self, element: Value) -> str:
        """The value's kind in whist's words, the lead mattering as :func:`rho_reduced` has
        it: ``2`` is ``number; the outcome depends on the lead``, ``3/2`` a plain number."""
        return describe(expect(element, Value, "element", "a value (a Value)"), rho_reduced).words

    def details(self, suit: SuitDeal) -> dict[str, object]:
        return self._whist.details(suit)
