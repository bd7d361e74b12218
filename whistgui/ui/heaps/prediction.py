"""The Position tab's prediction from the exact quotient, for a game with no closed theory
(misère octal games; :mod:`whistgui.app.heaps_prediction`): the quotient Qₖ of the game, K the
position's own (:func:`~whistgui.app.heaps_prediction.prediction_bound`), computed in the
background (a :class:`~whistgui.ui.engine_service.ViewWork` of the page: while it is shown),
kept for the game and K — the last few — and handed to the page, which shows
its prediction as the theory's line while the search, the check, runs."""

from __future__ import annotations

from collections import OrderedDict
from typing import Final

from PySide6.QtCore import QObject, Signal
from PySide6.QtWidgets import QWidget

from whistgui.app.heaps import HeapsDocument
from whistgui.app.heaps_prediction import prediction_bound, subscript
from whistgui.engine.heaps.quotient import HeapQuotient, exact_quotient
from whistgui.ui.engine_service import EngineService, JobContext, ViewWork
from whistgui.ui.widgets.messages import for_display

__all__ = ["CHANNEL", "QuotientPredictor"]

CHANNEL: Final = "heaps-quotient-prediction"
#: The quotients kept (game, K): misère Kayles' Q₆₄ is some 40 classes, small.
KEPT: Final = 6


class QuotientPredictor(QObject):
    """The exact quotients that predict the positions of games with no theory, computed on
    demand (:meth:`quotient_for`) in the background; :attr:`ready` says a game's came (or
    failed)."""

    #: the game whose quotient came or failed ("": shown again after being hidden)
    ready = Signal(str)

    def __init__(self, engine: EngineService, view: QWidget) -> None:
        super().__init__(view)
        self.engine = engine
        self.work = ViewWork(engine, view, lambda: self.ready.emit(""))
        #: the quotients computed, by game and heap bound K (the last :data:`KEPT`)
        self.quotients: OrderedDict[tuple[str, int], HeapQuotient] = OrderedDict()
        #: each game's failure: (the heap bound asked for, why)
        self.failures: dict[str, tuple[int, str]] = {}
        self._job: int | None = None
        self._asked: tuple[str, int] | None = None
        engine.finished.connect(self._on_finished)
        engine.failed.connect(self._on_failed)
        engine.cancelled.connect(self._on_cancelled)

    def quotient_for(self, doc: HeapsDocument) -> tuple[HeapQuotient | None, str]:
        """The quotient that predicts ``doc``'s position now, or None and what the theory's
        line says meanwhile: that it is computed, why there is none, or "" (the game has a
        theory, or no exact quotient)."""
        k = prediction_bound(doc)
        if k is None:
            return None, ""
        game = doc.game
        q = self.quotients.get((game, k))
        if q is not None:
            self.quotients.move_to_end((game, k))
            return q, ""
        failed = self.failures.get(game)
        if failed is not None and failed[0] <= k:
            return None, f"Theory: none — the exact quotient gave up: {failed[1]}"
        if self._asked != (game, k) and not self.work.defer():
            rules = doc.rules

            def job(ctx: JobContext) -> HeapQuotient:
                def progress(done: int, of: int) -> None:
                    ctx.report(f"heap bound {done} of {of}")

                return exact_quotient(rules, k, progress=progress, should_stop=ctx.should_stop)

            self._asked = (game, k)
            self._job = self.work.submit(
                CHANNEL, job, label=f"The exact quotient of {game} to heap {k}", tag=game
            )
        return None, f"Theory: the exact quotient Q{subscript(k)} — computing …"

    def _on_finished(self, job: int, channel: str, tag: object, result: object) -> None:
        if channel != CHANNEL or job != self._job or not isinstance(result, HeapQuotient):
            return
        self._job = self._asked = None
        self.quotients[(str(tag), result.max_heap)] = result
        while len(self.quotients) > KEPT:
            self.quotients.popitem(last=False)
        self.ready.emit(str(tag))

    def _on_failed(self, job: int, channel: str, tag: object, message: str) -> None:
        if channel != CHANNEL or job != self._job:
            return
        asked = self._asked
        self._job = self._asked = None
        if asked is not None:
            self.failures[asked[0]] = (asked[1], for_display(message))
        self.ready.emit(str(tag))

    def _on_cancelled(self, job: int, channel: str) -> None:
        if channel == CHANNEL and job == self._job:
            self._job = self._asked = None  # asked again when shown (ViewWork's catch-up)

    def stop(self) -> None:
        self.work.stop()
