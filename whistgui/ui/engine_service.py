"""One engine service for the whole app: a worker thread, jobs by channel, progress, cancel.

Views never call the solver: they :meth:`EngineService.submit` a callable on a *channel* (one
per kind of work a view does: ``"analysis"``, ``"inspector"``, …). A newer job on a channel
cancels the older one, so a view only ever hears of the newest thing it asked for; a job's
``tag`` (the state it was computed for, typically the deal) travels with its result, so a view
can drop a result that belongs to a state it has left. Jobs run one at a time on one worker
thread and share one memo per game (:meth:`EngineService.memo`: an evaluator and a solver),
so the same suit is never valued twice, whichever view asks.

Work belongs to a view. A view that follows its session submits through its
:class:`ViewWork`: a job is then *owned* by the view, runs while the view is shown (or kept
working, as a pinned view may be), and is cancelled when the view is hidden; the view is told
to catch up when it is shown again, and computes then what it missed — so a closed dock starts
nothing, whatever changes meanwhile. :meth:`EngineService.cancel_owned` cancels an owner's
jobs.

A job receives a :class:`JobContext`: ``should_stop`` for the engine's cancellation hooks
(the solver and evaluator poll it and raise :class:`~whistgui.engine.Cancelled`), ``report``
for progress text, and ``memo``. The service emits :attr:`~EngineService.progress` (throttled)
and :attr:`~EngineService.busy`; :class:`JobStatus` shows a job that runs longer than half a
second in the status bar with a Cancel button. :meth:`EngineService.shutdown` cancels
everything and returns within about half a second.

Python's cycle collector may run in whichever thread allocates; run in the worker, it frees
Qt wrappers that died in cycles on the GUI side there, and Qt then disconnects them from the
worker thread: with the GUI thread inside Qt, holding the interpreter's lock and waiting for
Qt's lock, the two threads wait for each other for ever (seen: the main window built while an
analysis job ran). So the service collects cycles only in the GUI thread
(:func:`collect_cycles_in_gui_thread`, a :class:`GuiCycleCollector`: automatic collection off, a
one-second timer collecting by generation as the interpreter would — what pyqtgraph's
``GarbageCollector`` does, without importing pyqtgraph at start-up).
"""

from __future__ import annotations

import gc
import queue
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from PySide6.QtCore import QCoreApplication, QEvent, QObject, Qt, QTimer, Signal
from PySide6.QtWidgets import QHBoxLayout, QLabel, QPushButton, QWidget

from whistgui.engine import Cancelled, Evaluator, Solver, WhistError
from whistgui.engine.games import find_game

__all__ = [
    "EngineService",
    "GameMemo",
    "GuiCycleCollector",
    "Job",
    "JobContext",
    "JobStatus",
    "ViewWork",
    "collect_cycles_in_gui_thread",
]

#: Progress reports closer together than this (seconds) are merged.
_REPORT_EVERY = 0.1


class GuiCycleCollector(QObject):
    """Python's cycle collector run by a timer of the GUI thread instead of by whichever thread
    allocates: automatic collection is turned off, and every ``interval`` seconds
    :meth:`check` collects the generations whose counts have passed the interpreter's
    thresholds, as the interpreter would have (generation 1 only when 0 is due, 2 only when 1
    is: the youngest first)."""

    def __init__(self, interval: float = 1.0, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.threshold = gc.get_threshold()
        gc.disable()
        self.timer = QTimer(self)
        self.timer.timeout.connect(self.check)
        self.timer.start(int(interval * 1000))

    def check(self) -> None:
        """Collect what is due now (in the calling thread: the GUI thread's timer calls it)."""
        l0, l1, l2 = gc.get_count()
        if l0 > self.threshold[0]:
            gc.collect(0)
            if l1 > self.threshold[1]:
                gc.collect(1)
                if l2 > self.threshold[2]:
                    gc.collect(2)


#: The GUI thread's collector, once made (see the module's text).
_COLLECTOR: GuiCycleCollector | None = None


def collect_cycles_in_gui_thread() -> GuiCycleCollector:
    """Turn Python's automatic cycle collection off and collect on a timer in the GUI thread
    instead (once per process; the collector, whose ``check()`` collects what is due now).
    Called from the GUI thread, before any worker thread runs Python."""
    global _COLLECTOR
    if _COLLECTOR is None:
        _COLLECTOR = GuiCycleCollector(interval=1.0)
    elif gc.isenabled():  # turned back on by someone: off again, the timer collects
        gc.disable()
    return _COLLECTOR


def _greedy_values(game: str) -> bool:
    """Does ``game``'s theory value suits by Greedy Whist's values (an evaluator with
    ``greedy``)? Asked of the theory, not the game's name; False for a name that is no game."""
    try:
        theory = find_game(game).new_theory()
    except WhistError:
        return False
    ev = getattr(theory, "evaluator", None)
    return isinstance(ev, Evaluator) and ev.greedy


class GameMemo:
    """The engine objects of one game, shared by every job (used on the worker thread only):
    an :class:`Evaluator` (whist values) and a :class:`Solver` (exact search, keyed by rules).
    Their ``should_stop`` hook is pointed at the running job."""

    def __init__(
        self,
        stop: Callable[[], bool],
        searched: Callable[[int], None],
        valued: Callable[[int], None],
        *,
        greedy: bool = False,
    ) -> None:
        def evaluator_stop() -> bool:  # polled every few hundred new suit patterns
            valued(self.evaluator.stats["patterns"])
            return stop()

        #: whist's values, or Greedy Whist's (``greedy``: its game's theory values by them)
        self.evaluator = Evaluator(should_stop=evaluator_stop, greedy=greedy)
        self.solver = Solver(should_stop=stop, progress=searched)


@dataclass(eq=False)
class Job:
    """A submitted computation."""

    id: int
    channel: str
    label: str
    fn: Callable[[JobContext], Any]
    tag: Any = None
    cancelled: threading.Event = field(default_factory=threading.Event)
    #: who asked for it (a :class:`ViewWork`), or None
    owner: object = None


class JobContext:
    """What a running job may use: whether to stop, how to report, the shared memos."""

    def __init__(self, service: EngineService, job: Job) -> None:
        self._service = service
        self.job = job
        self._last = 0.0

    def should_stop(self) -> bool:
        return self.job.cancelled.is_set()

    def check(self) -> None:
        """Raise :class:`Cancelled` if the job was cancelled."""
        if self.job.cancelled.is_set():
            raise Cancelled(f"{self.job.label}: cancelled")

    def report(self, text: str, *, force: bool = False) -> None:
        """Say how far the job has come (``"12 000 positions searched"``); throttled."""
        now = time.monotonic()
        if force or now - self._last >= _REPORT_EVERY:
            self._last = now
            self._service._progress.emit(self.job.id, text)

    def new_solver(self) -> Solver:
        """A solver of the job's own (its tables to hand to a view when the job is done),
        stopping when the job is cancelled and reporting the positions it searches."""
        return Solver(should_stop=self.should_stop, progress=self._service._searched)

    def memo(self, game: str = "whist") -> GameMemo:
        """The shared evaluator and solver for ``game`` (its name)."""
        return self._service._memo(game)


class EngineService(QObject):
    """The one worker for engine computations. Call :meth:`shutdown` before the app ends
    (it is connected to ``aboutToQuit``)."""

    #: (job id, channel, label): a job started running.
    started = Signal(int, str, str)
    #: (job id, text): how far the running job has come.
    progress = Signal(int, str)
    #: (job id, channel, tag, result): a job finished and is still its channel's newest.
    finished = Signal(int, str, object, object)
    #: (job id, channel, tag, message): a job failed with a WhistError.
    failed = Signal(int, str, object, str)
    #: (job id, channel): a job was cancelled (superseded, or by :meth:`cancel`).
    cancelled = Signal(int, str)
    #: True while a job runs or waits.
    busy = Signal(bool)

    _progress = Signal(int, str)
    _started = Signal(int, str, str)
    _done = Signal(object, object, object)  # job, result, error text or None

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._queue: queue.Queue[Job | None] = queue.Queue()
        self._next = 0
        self._newest: dict[str, Job] = {}  # channel -> newest job (GUI thread)
        self._running: Job | None = None  # read by the GUI thread for cancel
        self._memos: dict[str, GameMemo] = {}
        self._pending = 0
        self._alive = True
        self._last_report = 0.0
        #: the window whose first paint jobs wait for (:meth:`hold_until_painted`), and the jobs
        self._first_paint: _FirstPaint | None = None
        self._held: list[Job] = []
        #: channel -> the view that shows its jobs' progress and Cancel itself
        self._shown_by: dict[str, QWidget] = {}
        self._done.connect(self._on_done, Qt.ConnectionType.QueuedConnection)
        self._progress.connect(self.progress, Qt.ConnectionType.QueuedConnection)
        self._started.connect(self.started, Qt.ConnectionType.QueuedConnection)
        collect_cycles_in_gui_thread()
        self._thread = threading.Thread(target=self._work, name="whistgui-engine", daemon=True)
        self._thread.start()
        app = QCoreApplication.instance()
        if app is not None:
            app.aboutToQuit.connect(self.shutdown)

    # -- submitting ---------------------------------------------------------------------
    def submit(
        self,
        channel: str,
        fn: Callable[[JobContext], Any],
        *,
        label: str = "",
        tag: Any = None,
        owner: object = None,
    ) -> int:
        """Queue ``fn(context)`` on ``channel``, cancelling the channel's older job; returns
        the job's id. Its result arrives by :attr:`finished` only if no newer job was
        submitted on the channel meanwhile. ``owner`` (a :class:`ViewWork`): who the job
        is for; :meth:`cancel_owned` cancels it."""
        if not self._alive:
            raise RuntimeError("the engine service has been shut down")
        old = self._newest.get(channel)
        if old is not None:
            self._cancel(old)
        self._next += 1
        job = Job(self._next, channel, label or channel, fn, tag, owner=owner)
        self._newest[channel] = job
        self._pending += 1
        if self._pending == 1:
            self.busy.emit(True)
        if self._first_paint is not None and self._first_paint.waiting():
            self._held.append(job)
        else:
            self._queue.put(job)
        return job.id

    def hold_until_painted(self, window: QWidget, limit_ms: int = 1000) -> None:
        """Start no job while ``window`` is shown but not yet painted (at most ``limit_ms``
        from its showing): the views' opening work — the analysis of the opening deal, caught
        up as the window is shown — waits for the first picture instead of taking the
        interpreter from it. Jobs submitted meanwhile wait, in order, and start after the
        paint; before the window is shown, and after its first paint, nothing waits."""
        self._first_paint = _FirstPaint(window, self, limit_ms)

    @property
    def holding(self) -> bool:
        """Are jobs waiting for a window's first paint?"""
        return self._first_paint is not None and self._first_paint.waiting()

    def _release(self) -> None:
        """The window is painted: the jobs held start, and no job waits from now on."""
        self._first_paint = None
        held, self._held = self._held, []
        for job in held:
            self._queue.put(job)

    def show_progress_in(self, view: QWidget, *channels: str) -> None:
        """``view`` shows the progress of ``channels``' jobs, with its own Cancel: while it is
        visible the status bar's :class:`JobStatus` says nothing of them (one place, not
        two: review 31b, X1); hidden — another page shown — the status bar shows them."""
        for channel in channels:
            self._shown_by[channel] = view
        view.destroyed.connect(lambda *_: self._forget_view(channels))

    def _forget_view(self, channels: tuple[str, ...]) -> None:
        for channel in channels:
            self._shown_by.pop(channel, None)

    def progress_shown(self, channel: str) -> bool:
        """Is a job of ``channel`` shown by a visible view of its own (:meth:`show_progress_in`)?"""
        view = self._shown_by.get(channel)
        try:
            return view is not None and view.isVisible()
        except RuntimeError:  # the view's C++ side is gone
            return False

    def cancel(self, channel: str | None = None) -> None:
        """Cancel the newest job of ``channel`` (None: of every channel)."""
        jobs = list(self._newest.values()) if channel is None else [self._newest.get(channel)]
        for job in jobs:
            if job is not None:
                self._cancel(job)

    def cancel_owned(self, owner: object) -> list[str]:
        """Cancel every job ``owner`` asked for that still counts (its channels' newest, and
        the one running); the channels of the jobs cancelled."""
        jobs = [j for j in self._newest.values() if j.owner is owner]
        running = self._running
        if running is not None and running.owner is owner and running not in jobs:
            jobs.append(running)
        stopped = []
        for job in jobs:
            if not job.cancelled.is_set():
                self._cancel(job)
                stopped.append(job.channel)
        return stopped

    def cancel_running(self) -> None:
        """Cancel whatever job runs now (the status bar's Cancel button)."""
        job = self._running
        if job is not None:
            self._cancel(job)

    def is_newest(self, job_id: int, channel: str) -> bool:
        job = self._newest.get(channel)
        return job is not None and job.id == job_id

    def _cancel(self, job: Job) -> None:
        if not job.cancelled.is_set():
            job.cancelled.set()

    def _memo(self, game: str) -> GameMemo:
        memo = self._memos.get(game)
        if memo is None:
            memo = self._memos[game] = GameMemo(
                self._stop_running, self._searched, self._valued, greedy=_greedy_values(game)
            )
        return memo

    def _searched(self, positions: int) -> None:
        self._report(f"{positions:,} positions searched")

    def _valued(self, patterns: int) -> None:
        self._report(f"{patterns:,} suit patterns valued")

    def _report(self, text: str) -> None:
        job = self._running
        if job is not None:
            now = time.monotonic()
            if now - self._last_report >= _REPORT_EVERY:
                self._last_report = now
                self._progress.emit(job.id, text)

    def stop_hook(self) -> Callable[[], bool]:
        """A ``should_stop`` for engine objects a job makes for itself: true once the
        running job is cancelled (or the service shuts down)."""
        return self._stop_running

    def _stop_running(self) -> bool:
        if threading.current_thread() is not self._thread:
            return False  # a view reading its own engine objects on the GUI thread
        job = self._running
        return job is None or job.cancelled.is_set() or not self._alive

    # -- the worker thread ----------------------------------------------------------------
    def _work(self) -> None:
        try:
            self._serve()
        except RuntimeError:
            # the service was deleted (its window closed) while a job that cannot be
            # interrupted, such as a DDS call, was finishing: nobody is left to tell
            self._alive = False

    def _serve(self) -> None:
        while True:
            job = self._queue.get()
            if job is None:
                return
            if job.cancelled.is_set() or not self._alive:
                self._done.emit(job, None, Cancelled("cancelled before it started"))
                continue
            self._running = job
            self._started.emit(job.id, job.channel, job.label)
            outcome: tuple[object, object]
            try:
                outcome = (job.fn(JobContext(self, job)), None)
            except Cancelled as exc:
                outcome = (None, exc)
            except WhistError as exc:
                outcome = (None, str(exc))
            except Exception as exc:  # a bug: report it instead of killing the worker
                outcome = (None, f"internal error: {type(exc).__name__}: {exc}")
            finally:
                self._running = None
            self._done.emit(job, *outcome)

    # -- back on the GUI thread -----------------------------------------------------------
    def _on_done(self, job: Job, result: object, error: object) -> None:
        self._pending -= 1
        newest = self._newest.get(job.channel) is job
        if isinstance(error, Cancelled) or job.cancelled.is_set():
            self.cancelled.emit(job.id, job.channel)
        elif not newest:
            pass  # superseded: nobody asked for it any more
        elif error is not None:
            self.failed.emit(job.id, job.channel, job.tag, str(error))
        else:
            self.finished.emit(job.id, job.channel, job.tag, result)
        if self._newest.get(job.channel) is job:  # not a job a handler above just submitted
            del self._newest[job.channel]
        if self._pending == 0:
            self.busy.emit(False)

    def shutdown(self, seconds: float = 0.5) -> bool:
        """Cancel every job and stop the worker; True if it stopped within ``seconds``."""
        if not self._alive:
            return not self._thread.is_alive()
        self._alive = False
        self.cancel()
        running = self._running
        if running is not None:
            running.cancelled.set()
        self._queue.put(None)
        self._thread.join(seconds)
        return not self._thread.is_alive()


class _FirstPaint(QObject):
    """Watches a window for :meth:`EngineService.hold_until_painted`: waiting from its showing
    (Qt marks a window visible before its children are shown, so the views' work at their
    showing waits too) to the end of its first paint, or the limit."""

    def __init__(self, window: QWidget, service: EngineService, limit_ms: int) -> None:
        super().__init__(window)
        self._window = window
        self._service = service
        self._over = False
        self._painted = False
        self._limit = QTimer(self)
        self._limit.setSingleShot(True)
        self._limit.setInterval(limit_ms)
        self._limit.timeout.connect(self._done)
        window.installEventFilter(self)

    def waiting(self) -> bool:
        """Shown and not yet painted (the limit counted from now if it has not started)."""
        if self._over or not self._window.isVisible():
            return False
        if not self._limit.isActive():
            self._limit.start()
        return True

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self._window and not self._over:
            if event.type() == QEvent.Type.Show and not self._limit.isActive():
                self._limit.start()
            elif event.type() == QEvent.Type.Paint and not self._painted:
                # the window is painted first, its children after, in one pass: done when the
                # pass is over
                self._painted = True
                QTimer.singleShot(0, self._done)
        return False

    def _done(self) -> None:
        self._over = True
        self._limit.stop()
        self._window.removeEventFilter(self)
        if self._service._first_paint is self:
            self._service._release()


class ViewWork(QObject):
    """The background work of one view: the jobs it submits here are owned by it. They run
    while the view is shown — or while :attr:`keep` is set (a pinned view, a computation the
    user asked for and waits on) — and are cancelled when it is hidden; a view asked to
    compute while hidden (:meth:`defer`) is *behind*, and ``catch_up`` is called when it is
    shown again, to compute what it missed.

    Hidden means hidden by the app (a dock closed, a tab or a page put away), not a window
    minimised: the system's own (spontaneous) show and hide events are ignored."""

    def __init__(
        self, service: EngineService, view: QWidget, catch_up: Callable[[], object]
    ) -> None:
        super().__init__(view)
        self.service = service
        self._view = view
        self._catch_up = catch_up
        #: work on while hidden (a pinned view)
        self.keep = False
        #: something changed, or work was stopped, while the view was hidden
        self.behind = False
        view.installEventFilter(self)

    @property
    def active(self) -> bool:
        """May the view compute now: shown, or kept working?"""
        return self.keep or self._view.isVisible()

    def defer(self) -> bool:
        """For a view that follows its session: True if it must not compute now (hidden and
        not kept) — it is then behind, and catches up when shown."""
        if self.active:
            return False
        self.behind = True
        return True

    def submit(
        self, channel: str, fn: Callable[[JobContext], Any], *, label: str = "", tag: Any = None
    ) -> int:
        """:meth:`EngineService.submit`, the job owned by the view."""
        return self.service.submit(channel, fn, label=label, tag=tag, owner=self)

    def stop(self) -> list[str]:
        """Cancel the view's jobs (the channels stopped); it is behind if any was."""
        stopped = self.service.cancel_owned(self)
        if stopped:
            self.behind = True
        return stopped

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self._view and not event.spontaneous():
            if event.type() == QEvent.Type.Hide and not self.keep:
                self.stop()
            elif event.type() == QEvent.Type.Show and self.behind:
                self.behind = False
                self._catch_up()
        return False


class JobStatus(QWidget):
    """For the status bar: the running job's label and progress, with a Cancel button, shown
    once a job has run for ``delay_ms`` (half a second by default) and hidden when idle."""

    def __init__(
        self, service: EngineService, parent: QWidget | None = None, delay_ms: int = 500
    ) -> None:
        super().__init__(parent)
        self._service = service
        self.text = QLabel(self)
        self.cancel_button = QPushButton("Cancel", self)
        self.cancel_button.setToolTip("Stop this computation (Ctrl+.)")
        self.cancel_button.clicked.connect(service.cancel_running)
        lay = QHBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.addWidget(self.text)
        lay.addWidget(self.cancel_button)
        self._label = ""
        self._job = 0
        self._channel = ""
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(delay_ms)
        self._timer.timeout.connect(self._reveal)
        service.started.connect(self._on_started)
        service.progress.connect(self._on_progress)
        service.busy.connect(self._on_busy)
        self.hide()

    def _on_started(self, job: int, channel: str, label: str) -> None:
        self._job, self._channel, self._label = job, channel, label
        self.text.setText(f"{label} …")
        self._follow()

    def _on_progress(self, job: int, text: str) -> None:
        if job == self._job:
            self.text.setText(f"{self._label}: {text}")
            self._follow()

    def _follow(self) -> None:
        """Hidden while the running job's own view shows it (a page switched to or from
        meanwhile is followed at the job's next report); else shown after the delay."""
        if self._service.progress_shown(self._channel):
            self._timer.stop()
            self.hide()
        elif not self.isVisible() and not self._timer.isActive():
            self._timer.start()

    def _reveal(self) -> None:
        if not self._service.progress_shown(self._channel):
            self.show()

    def _on_busy(self, busy: bool) -> None:
        if not busy:
            self._timer.stop()
            self.hide()
