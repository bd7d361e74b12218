"""The whist engine: pure Python, no Qt.

Cards and deals (:mod:`~whistgui.engine.deal`, :mod:`~whistgui.engine.notation`), the semigroup
of values (:mod:`~whistgui.engine.value`, :mod:`~whistgui.engine.infinitesimal`), rounding
(:mod:`~whistgui.engine.rounding`), single-suit analysis and val(D)
(:mod:`~whistgui.engine.evaluator`), play positions (:mod:`~whistgui.engine.play`) and the exact
solver (:mod:`~whistgui.engine.solver`).

>>> from whistgui.engine import Deal, Evaluator, Solver
>>> d = Deal.parse('AQ/KJ AKJ/Q109 AJ9/KQ10')
>>> Evaluator().value(d).pretty(), Evaluator().outcome(d), Solver().outcome(d)
('5½', Outcome(west_lead=5, east_lead=6), Outcome(west_lead=5, east_lead=6))
"""

from whistgui.engine.cards import Card
from whistgui.engine.deal import Deal, State, SuitDeal
from whistgui.engine.describe import Character, describe
from whistgui.engine.errors import (
    AsymmetricSuitError,
    Cancelled,
    DealError,
    IllegalPlayError,
    NotationError,
    TheoryError,
    WhistError,
)
from whistgui.engine.evaluator import Bounds, Evaluator, Reduction, SuitAnalysis
from whistgui.engine.infinitesimal import EPS0, FUZZY, NEG_EPS0, ZERO, Infinitesimal, eps
from whistgui.engine.interval import InfinitesimalRange, Interval
from whistgui.engine.play import Position, Trick
from whistgui.engine.rounding import Outcome, rho, rho_prime
from whistgui.engine.solver import Solver
from whistgui.engine.value import Complexity, LabeledValue, Player, Value

__all__ = [
    "EPS0",
    "FUZZY",
    "NEG_EPS0",
    "ZERO",
    "AsymmetricSuitError",
    "Bounds",
    "Cancelled",
    "Card",
    "Character",
    "Complexity",
    "Deal",
    "DealError",
    "Evaluator",
    "IllegalPlayError",
    "Infinitesimal",
    "InfinitesimalRange",
    "Interval",
    "LabeledValue",
    "NotationError",
    "Outcome",
    "Player",
    "Position",
    "Reduction",
    "Solver",
    "State",
    "SuitAnalysis",
    "SuitDeal",
    "TheoryError",
    "Trick",
    "Value",
    "WhistError",
    "describe",
    "eps",
    "rho",
    "rho_prime",
]
