"""Run engine work off the GUI thread: one worker thread, numbered jobs, newest wins.

A :class:`Runner` owns a thread. :meth:`Runner.submit` queues a callable and returns its job
number, which the callable receives (to poll :meth:`Runner.is_stale`). When it returns,
:attr:`Runner.finished` carries the job number and the result, but only for the newest job,
so a view never shows a result for something it has moved past.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QCoreApplication, QObject, QThread, Signal, Slot

from whistgui.engine import Cancelled, WhistError


class _Worker(QObject):
    done = Signal(int, object)
    failed = Signal(int, str)

    def __init__(self, latest: Callable[[], int]) -> None:
        super().__init__()
        self._latest = latest

    @Slot(int, object)
    def run(self, job: int, fn: Callable[[int], Any]) -> None:
        if job != self._latest():
            return
        try:
            result = fn(job)
        except Cancelled:
            return
        except WhistError as exc:
            self.failed.emit(job, str(exc))
            return
        self.done.emit(job, result)


class Runner(QObject):
    """A worker thread for engine calls. Call :meth:`shutdown` before the app ends."""

    finished = Signal(int, object)  # job number, result (newest job only)
    failed = Signal(int, str)
    _submit = Signal(int, object)

    def __init__(self, name: str = "whistgui-worker", parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._latest = 0
        self._thread = QThread(self)
        self._thread.setObjectName(name)
        self._worker = _Worker(lambda: self._latest)
        self._worker.moveToThread(self._thread)
        self._submit.connect(self._worker.run)
        self._worker.done.connect(self._on_done)
        self._worker.failed.connect(self._on_failed)
        self._thread.finished.connect(self._worker.deleteLater)
        self._thread.start()
        app = QCoreApplication.instance()
        if app is not None:
            app.aboutToQuit.connect(self.shutdown)

    @property
    def latest(self) -> int:
        return self._latest

    def is_stale(self, job: int) -> bool:
        """For engine ``should_stop`` hooks: has a newer job been submitted?"""
        return job != self._latest

    def submit(self, fn: Callable[[int], Any]) -> int:
        self._latest += 1
        self._submit.emit(self._latest, fn)
        return self._latest

    def _on_done(self, job: int, result: object) -> None:
        if job == self._latest:
            self.finished.emit(job, result)

    def _on_failed(self, job: int, message: str) -> None:
        if job == self._latest:
            self.failed.emit(job, message)

    def shutdown(self, msecs: int = 10000) -> None:
        if self._thread.isRunning():
            self._latest += 1
            self._thread.quit()
            self._thread.wait(msecs)
