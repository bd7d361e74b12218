"""GOPS, the Game of Pure Strategy (a 1987 notes thread, topic 771), solved exactly as the
recursive matrix games it is (issue 14). Pure Python, no Qt; HiGHS (``highspy``) solves the
larger matrix games and is imported only when first needed.

:mod:`~whistgui.engine.gops.rules` (N, ties, score), :mod:`~whistgui.engine.gops.state` (a
chance or bidding state and its text form), :mod:`~whistgui.engine.gops.matrix` (matrix games
in floats and exactly), :mod:`~whistgui.engine.gops.recursion` (reply 771.9's recursion with a
memo), :mod:`~whistgui.engine.gops.saved` (the memo saved, read back and checked),
:mod:`~whistgui.engine.gops.solver` (the :class:`GopsSolver` over both).

>>> from whistgui.engine.gops import GopsRules, GopsSolver, GopsState
>>> s = GopsSolver(GopsRules(4))
>>> s.value(GopsState.start(4))
0.0
>>> str(s.exact_value(GopsState.parse("prizes=1,3 a=1,2,4 b=2,3,4 pot=2 diff=0")))
'-1'
"""

from whistgui.engine.gops.matrix import (
    MAX_EXACT_MATRIX,
    MAX_MATRIX,
    ExactSolution,
    MatrixSolution,
    dominated,
    game_value,
    solve_exact,
    solve_matrix,
)
from whistgui.engine.gops.rules import MAX_N, SCORES, TIES, GopsRules
from whistgui.engine.gops.solver import (
    MAX_POINTS_SOLVE_N,
    MAX_SOLVE_N,
    FirstPrize,
    GameSolution,
    GopsSolver,
    NotEnoughMemory,
    solve_limit,
)
from whistgui.engine.gops.state import GopsState

__all__ = [
    "MAX_EXACT_MATRIX",
    "MAX_MATRIX",
    "MAX_N",
    "MAX_POINTS_SOLVE_N",
    "MAX_SOLVE_N",
    "SCORES",
    "TIES",
    "ExactSolution",
    "FirstPrize",
    "GameSolution",
    "GopsRules",
    "GopsSolver",
    "GopsState",
    "MatrixSolution",
    "NotEnoughMemory",
    "dominated",
    "game_value",
    "solve_exact",
    "solve_limit",
    "solve_matrix",
]
