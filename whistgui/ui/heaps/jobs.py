"""The heaps workspace's work on the engine service: the exact search of the position shown
(channel ``heaps-analysis``) — its result with the player to move, its outcome for each start
flag, and every legal move's result — computed on the engine's thread with progress (positions
and moves looked at) and cancel. Each game keeps one :class:`~whistgui.engine.heaps.search.
Search` (its memo bounded) while it is among the last few searched."""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable
from typing import Any, Final

from whistgui.app.heaps import Analysis, HeapsDocument, analyse
from whistgui.engine.heaps.rules import PositionRules
from whistgui.engine.heaps.search import Search
from whistgui.ui.engine_service import JobContext

__all__ = ["CHANNEL", "Searches", "analysis_job"]

CHANNEL: Final = "heaps-analysis"
#: Games whose searches (and memos) are kept.
KEPT: Final = 3


class Searches:
    """A search for each of the last :data:`KEPT` games searched (used on the engine's thread
    only: jobs run one at a time)."""

    def __init__(self) -> None:
        self._by_game: OrderedDict[str, Search] = OrderedDict()

    def of(self, rules: PositionRules[Any]) -> Search:
        search = self._by_game.pop(rules.name, None)
        if search is None or (search.rules is not rules and search.rules.name != rules.name):
            search = Search(rules)
        self._by_game[rules.name] = search
        while len(self._by_game) > KEPT:
            self._by_game.popitem(last=False)
        return search


def analysis_job(doc: HeapsDocument, searches: Searches) -> Callable[[JobContext], Analysis]:
    """The job that searches ``doc``'s position now, saying how far it has come."""

    def job(ctx: JobContext) -> Analysis:
        search = searches.of(doc.rules)
        start = search.work

        def stop() -> bool:
            ctx.report(f"{search.work - start:,} positions and moves looked at")
            return ctx.should_stop()

        search.should_stop = stop
        ctx.report(f"searching {doc.text}", force=True)
        try:
            return analyse(doc, search)
        finally:
            search.should_stop = None

    return job
