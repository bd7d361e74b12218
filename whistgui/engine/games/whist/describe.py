"""What a value *is*, in the paper's words (§6, §8): a number, or an exit with its stoppers.

>>> describe(Value.parse('3/2')).words
'number; the outcome depends on the lead'
>>> describe(Value.parse('2+e2')).words
'exit for West with 2 stoppers'
>>> describe(Value.parse('1-e0')).words
'exit for East, unprotected'
>>> describe(Value.parse('21/2+-e0')).words
'exits for both sides, stoppers level; the lead decides'

Whether a number's outcome depends on the lead is a matter of the rounding (ρ unless told):

>>> describe(Value(2), lambda v: Outcome(1, 2)).words
'number; the outcome depends on the lead'
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from whistgui.engine.checks import expect, optional_callable
from whistgui.engine.games.whist.rounding import Outcome, rho
from whistgui.engine.games.whist.value import Value
from whistgui.engine.trick.cards import Player

__all__ = ["Character", "describe"]


@dataclass(frozen=True, slots=True)
class Character:
    """The kind of a value: number or exit, whose exit, how many stoppers, whether the lead
    changes the tricks, and a short phrase saying so.

    >>> from whistgui.engine import Evaluator
    >>> c = describe(Evaluator().value('A/K'))
    >>> c.value, c.exit_for, c.stoppers, c.lead_matters, c.words
    (Value.parse('1-e0'), <Player.EAST: 'E'>, 0, False, 'exit for East, unprotected')
    """

    value: Value
    is_number: bool
    exit_for: Player | None  # who has the exit (positive infinitesimal: West)
    stoppers: int  # |k| of ε_k; 0 for unprotected exits and numbers
    fuzzy: bool  # ±ε₀: both sides have exits with level stoppers
    outcome: Outcome  # ρ(value), or the rounding's: West's result with West and East on lead
    words: str

    @property
    def lead_matters(self) -> bool:
        return self.outcome.west_lead != self.outcome.east_lead


def describe(value: Value, rounding: Callable[[Value], Outcome] | None = None) -> Character:
    """Classify ``value`` and put it in words; whether the lead matters is read off
    ``rounding(value)`` (ρ, whist's outcome, when None).

    >>> describe(Value.parse('3/2')).words, describe(Value.parse('2-e1')).words
    ('number; the outcome depends on the lead', 'exit for East with 1 stopper')
    >>> from whistgui.engine import rho_prime
    >>> describe(Value.parse('3/2'), rho_prime).outcome  # refined whist's rounding
    Outcome(west_lead=Fraction(5, 4), east_lead=Fraction(7, 4))
    """
    inf = expect(value, Value, "value").infinitesimal
    rounding = optional_callable(rounding, "rounding")
    o = rho(value) if rounding is None else rounding(value)
    lead_matters = o.west_lead != o.east_lead
    if inf.is_zero:
        words = "number"
        if lead_matters:
            words += "; the outcome depends on the lead"
        return Character(value, True, None, 0, False, o, words)
    if inf.is_fuzzy:
        return Character(
            value, False, None, 0, True, o, "exits for both sides, stoppers level; the lead decides"
        )
    side = Player.WEST if inf.is_positive else Player.EAST
    k = inf.stoppers
    name = "West" if side is Player.WEST else "East"
    if k == 0:
        words = f"exit for {name}, unprotected"
    else:
        words = f"exit for {name} with {k} stopper{'s' if k != 1 else ''}"
    return Character(value, False, side, k, False, o, words)
