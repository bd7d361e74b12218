"""The whist engine: pure Python, no Qt.

Cards and deals (:mod:`~whistgui.engine.deal`, :mod:`~whistgui.engine.notation`), the semigroup
of values (:mod:`~whistgui.engine.value`, :mod:`~whistgui.engine.infinitesimal`), rounding
(:mod:`~whistgui.engine.rounding`), single-suit analysis and val(D)
(:mod:`~whistgui.engine.evaluator`), play positions (:mod:`~whistgui.engine.play`), the exact
solver (:mod:`~whistgui.engine.solver`) and play from values with reasons
(:mod:`~whistgui.engine.strategy`).

>>> from whistgui.engine import Deal, Evaluator, Solver
>>> d = Deal.parse('AQ/KJ AKJ/Q109 AJ9/KQ10')
>>> Evaluator().value(d).pretty(), Evaluator().outcome(d), Solver().outcome(d)
('5½', Outcome(west_lead=5, east_lead=6), Outcome(west_lead=5, east_lead=6))
"""

from whistgui.engine.cards import Card, Player
from whistgui.engine.deal import Deal, State, SuitDeal
from whistgui.engine.describe import Character, describe
from whistgui.engine.errors import (
    ArgumentError,
    ArgumentTypeError,
    AsymmetricSuitError,
    Cancelled,
    DealError,
    IllegalPlayError,
    NotationError,
    NoTheoryError,
    TheoryError,
    WhistError,
)
from whistgui.engine.evaluator import Bounds, Evaluator, Reduction, SuitAnalysis
from whistgui.engine.infinitesimal import EPS0, FUZZY, NEG_EPS0, ZERO, Infinitesimal, eps
from whistgui.engine.interval import InfinitesimalRange, Interval
from whistgui.engine.play import Position, Trick
from whistgui.engine.rounding import rho, rho_prime
from whistgui.engine.rules import (
    REFINED_WHIST_RULES,
    WHIST_RULES,
    Outcome,
    Rules,
    Scoring,
    outcome_text,
    result_text,
)
from whistgui.engine.solver import Solver
from whistgui.engine.strategy import (
    CONFIRM_MAX_CARDS,
    Disagreement,
    PlayLine,
    Step,
    Strategist,
    SuitLabel,
    confirm,
    play_line,
    reason,
    suit_labels,
)
from whistgui.engine.value import Complexity, LabeledValue, Value

__all__ = [
    "CONFIRM_MAX_CARDS",
    "EPS0",
    "FUZZY",
    "NEG_EPS0",
    "REFINED_WHIST_RULES",
    "WHIST_RULES",
    "ZERO",
    "ArgumentError",
    "ArgumentTypeError",
    "AsymmetricSuitError",
    "Bounds",
    "Cancelled",
    "Card",
    "Character",
    "Complexity",
    "Deal",
    "DealError",
    "Disagreement",
    "Evaluator",
    "IllegalPlayError",
    "Infinitesimal",
    "InfinitesimalRange",
    "Interval",
    "LabeledValue",
    "NoTheoryError",
    "NotationError",
    "Outcome",
    "PlayLine",
    "Player",
    "Position",
    "Reduction",
    "Rules",
    "Scoring",
    "Solver",
    "State",
    "Step",
    "Strategist",
    "SuitAnalysis",
    "SuitDeal",
    "SuitLabel",
    "TheoryError",
    "Trick",
    "Value",
    "WhistError",
    "confirm",
    "describe",
    "eps",
    "outcome_text",
    "play_line",
    "reason",
    "result_text",
    "rho",
    "rho_prime",
    "suit_labels",
]
