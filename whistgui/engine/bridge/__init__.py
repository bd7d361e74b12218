"""Four-hand bridge, double dummy: deals, PBN, contracts, play, and the paper's exact solver.

Pure Python, no Qt. :mod:`~whistgui.engine.bridge.dds` asks DDS (through ``endplay``, imported
only when called) for the double-dummy table, card scores and par; :class:`EndgameSolver` is the
engine's own search (alpha-beta on trick counts, a transposition table by relative ranks,
equivalent cards searched once) for endings of up to about eight cards a hand, which checks
DDS and draws the trick tree. Issue 13: the four-hand game of
He & Chen, "The winning strategy for bridge".
"""

from __future__ import annotations

from whistgui.engine.bridge.analysis import PlayAnalysis, PlayedCard, analyse_play
from whistgui.engine.bridge.contract import Contract
from whistgui.engine.bridge.deal import BridgeCard, BridgeDeal, Seat, Side, Strain, Suit
from whistgui.engine.bridge.dealing import Constraint, DealingError, constrained_deals
from whistgui.engine.bridge.lin import iter_lin, iter_records, read_lin, write_lin
from whistgui.engine.bridge.pbn import PbnBoard, PbnError, iter_pbn, read_pbn, write_pbn
from whistgui.engine.bridge.play import BridgePosition, trick_winner
from whistgui.engine.bridge.solver import EndgameSolver

__all__ = [
    "BridgeCard",
    "BridgeDeal",
    "BridgePosition",
    "Constraint",
    "Contract",
    "DealingError",
    "EndgameSolver",
    "PbnBoard",
    "PbnError",
    "PlayAnalysis",
    "PlayedCard",
    "Seat",
    "Side",
    "Strain",
    "Suit",
    "analyse_play",
    "constrained_deals",
    "iter_lin",
    "iter_pbn",
    "iter_records",
    "read_lin",
    "read_pbn",
    "trick_winner",
    "write_lin",
    "write_pbn",
]
