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
from whistgui.engine.errors import Cancelled, WhistError
from whistgui.engine.heaps.rules import PositionRules
from whistgui.engine.heaps.search import MAX_WORK as SEARCH_WORK
from whistgui.engine.heaps.search import Search
from whistgui.ui.engine_service import JobContext

__all__ = ["CHANNEL", "MAX_ENTRIES", "MAX_WORK", "Searches", "TooLarge", "analysis_job"]

CHANNEL: Final = "heaps-analysis"
#: Games whose searches (and memos) are kept.
KEPT: Final = 2
#: The entries a search keeps between jobs (about 250 bytes each: some 75 MB).
BOUND: Final = 300_000
#: A job gives up past this many entries in its memo (about 250 MB: misère nim's '5 7 9 11 13
#: 15 17 19' needs 1.1 million, in 140 s) or this much work (positions and moves looked at),
#: whist solve's bound (about half a minute): memory and time stay bounded whatever the
#: position, and the panel says so.
MAX_ENTRIES: Final = 1_000_000
MAX_WORK: Final = SEARCH_WORK


class TooLarge(WhistError):
    """The position is too large to search here."""


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
        over = False

        def stop() -> bool:
            nonlocal over
            done = search.work - start
            # short: the status bar shows it after the search's label, never widening the
            # window; the panel's line says what is counted
            ctx.report(f"{done:,} of {MAX_WORK:,} looked at ({min(99, 100 * done // MAX_WORK)}%)")
            over = done > MAX_WORK or len(search.memo.data) > MAX_ENTRIES
            return over or ctx.should_stop()

        search.should_stop = stop
        ctx.report(f"searching {doc.shown_text}", force=True)
        try:
            return analyse(doc, search)
        except Cancelled:
            if not over or ctx.should_stop():
                raise
            raise TooLarge(
                f"{doc.shown_text} is too large to search here: gave up after "
                f"{search.work - start:,} positions and moves looked at, the most a search "
                "looks at (the theory, where the game has one, still says who wins)"
            ) from None
        finally:
            search.should_stop = None

    return job
