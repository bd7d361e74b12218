"""The whist engine: pure Python, no Qt.

The trick game under any rules (:mod:`~whistgui.engine.trick`: cards, deals and their
notations, rules, play positions, the exact solver); the games and their theories
(:mod:`~whistgui.engine.games`), whist's among them (:mod:`~whistgui.engine.games.whist`: the
semigroup of values, rounding, single-suit analysis and val(D)); play from values with reasons
(:mod:`~whistgui.engine.strategy`); and beside them bridge, GOPS and the single-suit tables
(:mod:`~whistgui.engine.bridge`, :mod:`~whistgui.engine.gops`, :mod:`~whistgui.engine.tables`).
Shared by all: errors, argument checks, reading and quoting input, symbols.

The names most code needs are exported here:

>>> from whistgui.engine import Deal, Evaluator, Solver
>>> d = Deal.parse('AQ/KJ AKJ/Q109 AJ9/KQ10')
>>> Evaluator().value(d).pretty(), Evaluator().outcome(d), Solver().outcome(d)
('5½', Outcome(west_lead=5, east_lead=6), Outcome(west_lead=5, east_lead=6))
"""

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
from whistgui.engine.games.whist.describe import Character, describe
from whistgui.engine.games.whist.evaluator import Bounds, Evaluator, Reduction, SuitAnalysis
from whistgui.engine.games.whist.infinitesimal import (
    EPS0,
    FUZZY,
    NEG_EPS0,
    ZERO,
    Infinitesimal,
    eps,
)
from whistgui.engine.games.whist.interval import InfinitesimalRange, Interval
from whistgui.engine.games.whist.rounding import rho, rho_prime
from whistgui.engine.games.whist.value import Complexity, LabeledValue, Value
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
from whistgui.engine.trick.cards import Card, Player
from whistgui.engine.trick.deal import Deal, State, SuitDeal
from whistgui.engine.trick.play import Position, Trick
from whistgui.engine.trick.rules import (
    REFINED_WHIST_RULES,
    WHIST_RULES,
    Outcome,
    Rules,
    Scoring,
    outcome_text,
    result_text,
)
from whistgui.engine.trick.solver import Solver

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
