"""Exact search of any game of :mod:`whistgui.engine.heaps`: the result under optimal play by
minimax over :meth:`~whistgui.engine.heaps.rules.PositionRules.options`, memoised in a bounded
:class:`~whistgui.engine.memo.Memo`. It knows nothing of any game's theory: the theories are
checked against it.

>>> from whistgui.engine.heaps import find_heap_game
>>> nim = find_heap_game('nim')
>>> s = Search(nim)
>>> s.outcome(nim.parse('1 2 3')).by_flag, s.outcome(nim.parse('1 2 4')).left_first
({'': (Fraction(-1, 1), Fraction(1, 1))}, Fraction(1, 1))
>>> s.verdict(nim.parse('1 2 3')), s.verdict(nim.parse('1 2 4'))
('P', 'N')
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Hashable
from fractions import Fraction
from typing import Any, Final

from whistgui.engine.errors import Cancelled, TheoryError
from whistgui.engine.heaps.rules import Flag, Outcome, Player, PositionRules, ResultKind
from whistgui.engine.memo import Memo

__all__ = ["DEFAULT_BOUND", "MAX_WORK", "Search", "verdict"]

#: Entries a search keeps between calls.
DEFAULT_BOUND = 2_000_000
#: The most work (positions searched and options looked at, :attr:`Search.work`) ``whist
#: solve`` and the app's search of a position do before they give up, saying so: measured at
#: 320,000 (Moore's nim, comply/constrain nim) to 650,000 (nim) a second here under load, so
#: some 12 to 25 s, and about half a minute on a slower or busier machine (the 12 million of
#: before took 42 to 73 s there).
MAX_WORK: Final = 8_000_000


def verdict(outcome: Outcome, flag: str | None = None) -> str:
    """An impartial game's outcome as the paper names it: ``"N"`` (the next player wins) or
    ``"P"`` (the previous player wins), for the start flag named ``flag`` (the only one if
    None)."""
    left, _right = outcome.by_flag[flag] if flag is not None else (outcome.left_first, 0)
    return "N" if left > 0 else "P"


class Search:
    """The results of one game's positions under optimal play, remembered (up to ``bound``
    entries between calls). ``should_stop`` is asked now and then; Cancelled if it says so."""

    def __init__(
        self,
        rules: PositionRules[Any],
        *,
        bound: int | None = DEFAULT_BOUND,
        should_stop: Callable[[], bool] | None = None,
    ) -> None:
        self.rules = rules
        self.memo: Memo[tuple[Hashable, Flag, Player], Fraction] = Memo(
            bound, f"{rules.name} results"
        )
        #: ``should_stop`` is asked each time some 4,096 units of work more are done.
        self.should_stop = should_stop
        #: The work done so far: positions searched and options looked at.
        self.work = 0

    def result(self, position: Hashable, flag: Flag, mover: Player) -> Fraction:
        """The result from Left's side with ``mover`` to move from ``position`` under ``flag``."""
        limit = sys.getrecursionlimit()
        try:
            sys.setrecursionlimit(max(limit, 20_000))
            return self._result(position, flag, mover)
        finally:
            sys.setrecursionlimit(limit)
            self.memo.trim()

    def outcome(self, position: Hashable) -> Outcome:
        """The result with Left and with Right moving first, for each start flag."""
        by_flag = {
            name: (
                self.result(position, flag, Player.LEFT),
                self.result(position, flag, Player.RIGHT),
            )
            for name, flag in self.rules.start_flags(position)
        }
        return Outcome(by_flag)

    def verdict(self, position: Hashable, flag: str | None = None) -> str:
        """``"N"`` or ``"P"`` for an impartial game (see :func:`verdict`)."""
        return verdict(self.outcome(position), flag)

    def _result(self, position: Hashable, flag: Flag, mover: Player) -> Fraction:
        rules = self.rules
        if rules.impartial and mover is Player.RIGHT:
            # both have the same options: Right's result is Left's, seen from the other side
            return -self._result(position, flag, Player.LEFT)
        key = (position, flag, mover)
        data = self.memo.data
        hit = data.get(key)
        if hit is not None:
            return hit
        moves = list(rules.options(position, flag, mover))
        before = self.work
        self.work = before + 1 + len(moves)
        if self.should_stop is not None and self.work >> 12 != before >> 12 and self.should_stop():
            raise Cancelled(f"the search of {rules.name} was stopped")
        done = rules.end(position, flag, mover, not moves)
        if done is None:
            if not moves:
                raise TheoryError(
                    f"{rules.name}: {rules.text(position)} leaves {mover.name.lower()} no move, "
                    "but the rules do not end the game there"
                )
            other = mover.other
            if rules.result_kind is ResultKind.WIN:
                # a win is the best there is: the first move found to win decides
                win = Fraction(mover.sign)
                done = -win
                for m in moves:
                    if self._result(m.position, m.flag, other) == win:
                        done = win
                        break
            else:
                results = [self._result(m.position, m.flag, other) for m in moves]
                done = max(results) if mover is Player.LEFT else min(results)
        data[key] = done
        return done
