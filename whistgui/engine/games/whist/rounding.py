"""Rounding a value to an outcome: ρ (§9) and the refined ρ′ (§11).

An outcome is the pair (tricks for West with West on lead, tricks for West with East on lead).

>>> rho(Value.parse('3/2'))
Outcome(west_lead=1, east_lead=2)
>>> rho(Value.parse('21/2+-e0'))
Outcome(west_lead=11, east_lead=10)
>>> rho(Value.parse('17/2+e2'))
Outcome(west_lead=9, east_lead=9)
>>> rho_prime(Value(0))
Outcome(west_lead=Fraction(-1, 4), east_lead=Fraction(1, 4))

Reduced whist's rounding, ⌊ρ′⌋, is derived in :mod:`~whistgui.engine.games.reduced_whist`;
each scoring's rounding is named by :func:`rounding_symbol`.
"""

from __future__ import annotations

import math
from fractions import Fraction

from whistgui.engine.checks import expect
from whistgui.engine.errors import ArgumentError
from whistgui.engine.games.whist.value import Value
from whistgui.engine.trick.rules import Outcome, Scoring

__all__ = ["Outcome", "rho", "rho_lattice", "rho_prime", "rounding_symbol"]

#: The rounding that reads the outcome off a whist value, by the game's scoring (§9, §11).
_SYMBOLS = {Scoring.TRICKS: "ρ", Scoring.REFINED: "ρ′", Scoring.REDUCED: "⌊ρ′⌋"}


def rho_lattice(value: Value, offset: Fraction, step: Fraction) -> tuple[Fraction, Fraction]:
    """ρ_A of §9 for the lattice A = {offset + k·step}: the nearest element of A, and at a tie
    between a < b: (a, a) for a negative infinitesimal part, (b, b) for a positive one,
    (a, b) for none and (b, a) for ±ε₀."""
    if type(value) is not Value:
        expect(value, Value, "value")
    t = (value.number - offset) / step
    lower = math.floor(t)
    frac = t - lower
    a = offset + lower * step
    b = a + step
    if frac < Fraction(1, 2):
        return a, a
    if frac > Fraction(1, 2):
        return b, b
    inf = value.infinitesimal
    if inf.is_fuzzy:
        return b, a
    if inf.is_zero:
        return a, b
    return (b, b) if inf.is_positive else (a, a)


def rho(value: Value) -> Outcome:
    """ρ: round to the integers (the outcome of whist): West's tricks with West and with
    East on lead. A half-integer is rounded for the side not on lead; an exit moves it.

    >>> rho(Value.parse('3/2')), rho(Value.parse('5/2+e0'))
    (Outcome(west_lead=1, east_lead=2), Outcome(west_lead=3, east_lead=3))
    >>> rho(Value.parse('2-e0')), rho(Value.parse('5/2+-e0'))
    (Outcome(west_lead=2, east_lead=2), Outcome(west_lead=3, east_lead=2))
    """
    a, b = rho_lattice(value, Fraction(0), Fraction(1))
    return Outcome(int(a), int(b))


def rho_prime(value: Value) -> Outcome:
    """ρ′: round to the odd multiples of 1/4 (the outcome of refined whist, §11).

    >>> str(rho_prime(Value(2))), str(rho_prime(Value.parse('2-e0')))
    ('(7/4, 9/4)', '(7/4, 7/4)')
    """
    a, b = rho_lattice(value, Fraction(1, 4), Fraction(1, 2))
    return Outcome(a, b)


def rounding_symbol(scoring: Scoring) -> str:
    """The paper's name of the rounding that gives the outcome of a game scored by
    ``scoring`` from its value: ρ (whist), ρ′ (refined whist), ⌊ρ′⌋ (reduced whist).

    >>> rounding_symbol(Scoring.REDUCED)
    '⌊ρ′⌋'
    """
    symbol = _SYMBOLS.get(expect(scoring, Scoring, "scoring"))
    if symbol is None:
        raise ArgumentError(
            f"scoring: a game scored by {scoring.value!r} has no rounding of whist's values"
        )
    return symbol
