"""The one engine service: newest job per channel wins, tags travel with results, progress,
cancel within a second on a long search, and a shutdown that returns within half a second."""

from __future__ import annotations

import time
from typing import ClassVar

import pytest

from whistgui.engine import Deal, Player, Position
from whistgui.ui.engine_service import EngineService, JobContext, JobStatus

DEAL_27 = "KQT98/AJ765 AK9/QJT AJ9753/KQT864 KQT86/AJ975"


def _warm_27(ctx: JobContext) -> object:
    """The whole-deal search the play tree wants (tens of seconds for deal (27))."""
    ctx.memo("whist").solver.warm(Deal.parse(DEAL_27), (Player.WEST,), (False,))
    return "done"


def test_a_job_returns_its_result_with_its_tag(service, qtbot):
    with qtbot.waitSignal(service.finished, timeout=5000) as blocker:
        service.submit("analysis", lambda ctx: ctx.memo().evaluator.value("AQ/KJ"), tag="AQ/KJ")
    _job, channel, tag, result = blocker.args
    assert (channel, tag, str(result)) == ("analysis", "AQ/KJ", "3/2")


def test_the_newest_job_of_a_channel_wins(service, qtbot):
    seen: list[object] = []
    service.finished.connect(lambda _j, _c, tag, _r: seen.append(tag))
    with qtbot.waitSignal(service.busy, timeout=60000, check_params_cb=lambda b: not b):
        service.submit("inspector", _warm_27, tag="old deal")
        service.submit("inspector", lambda ctx: "quick", tag="new deal")
    assert seen == ["new deal"]  # the old deal's result never lands


def test_channels_do_not_cancel_each_other(service, qtbot):
    seen: list[str] = []
    service.finished.connect(lambda _j, channel, _t, _r: seen.append(channel))
    with qtbot.waitSignal(service.busy, timeout=5000, check_params_cb=lambda b: not b):
        service.submit("analysis", lambda ctx: 1)
        service.submit("play", lambda ctx: 2)
    assert sorted(seen) == ["analysis", "play"]


def test_cancelling_the_search_of_deal_27_stops_within_a_second(service, qtbot):
    progress: list[str] = []
    service.progress.connect(lambda _j, text: progress.append(text))
    with qtbot.waitSignal(service.started, timeout=5000):
        service.submit("tree", _warm_27, label="Searching the whole deal")
    qtbot.waitUntil(lambda: bool(progress), timeout=10000)
    assert "positions searched" in progress[-1]
    t0 = time.monotonic()
    with qtbot.waitSignal(service.cancelled, timeout=5000):
        service.cancel_running()
    assert time.monotonic() - t0 < 1.0


def test_shutdown_during_a_long_search_returns_quickly(qtbot):
    s = EngineService()
    with qtbot.waitSignal(s.started, timeout=5000):
        s.submit("tree", _warm_27)
    t0 = time.monotonic()
    assert s.shutdown(0.5) is True
    assert time.monotonic() - t0 < 0.6
    with pytest.raises(RuntimeError, match="shut down"):
        s.submit("tree", lambda ctx: 1)


def test_errors_arrive_as_messages(service, qtbot):
    with qtbot.waitSignal(service.failed, timeout=5000) as blocker:
        service.submit("analysis", lambda ctx: ctx.memo().evaluator.value("AK/Q"), tag=1)
    assert "not symmetric" in blocker.args[3]
    with qtbot.waitSignal(service.failed, timeout=5000) as blocker:
        service.submit("analysis", lambda ctx: 1 / 0, tag=2)
    assert blocker.args[3].startswith("internal error: ZeroDivisionError")


def test_memos_are_shared_per_game(service, qtbot):
    def same(ctx: JobContext) -> bool:
        return ctx.memo("whist") is ctx.memo("whist") and ctx.memo("whist") is not ctx.memo(
            "five-card"
        )

    with qtbot.waitSignal(service.finished, timeout=5000) as blocker:
        service.submit("x", same)
    assert blocker.args[3] is True


def test_the_status_widget_shows_a_long_job_and_cancels_it(service, qtbot):
    status = JobStatus(service, delay_ms=100)
    qtbot.addWidget(status)
    status.show()
    status.hide()
    assert not status.isVisible()
    service.submit("tree", _warm_27, label="Searching (27)")
    qtbot.waitUntil(status.isVisible, timeout=5000)
    qtbot.waitUntil(lambda: "positions searched" in status.text.text(), timeout=10000)
    assert status.text.text().startswith("Searching (27)")
    with qtbot.waitSignal(service.cancelled, timeout=2000):
        status.cancel_button.click()
    qtbot.waitUntil(lambda: not status.isVisible(), timeout=2000)


def test_a_quick_job_never_shows_the_status(service, qtbot):
    status = JobStatus(service, delay_ms=500)
    qtbot.addWidget(status)
    shown: list[bool] = []
    service.started.connect(lambda *_: shown.append(status.isVisible()))
    with qtbot.waitSignal(service.busy, timeout=5000, check_params_cb=lambda b: not b):
        service.submit(
            "play", lambda ctx: Position.start(Deal.parse("AQ/KJ"), Player.WEST).legal_cards()
        )
    assert not status.isVisible()


def test_a_snapshot_knows_the_memo_and_is_independent_of_it():
    from whistgui.engine import Evaluator

    ev = Evaluator()
    v = ev.value("AQ8/KJ9")
    snap = ev.snapshot()
    assert snap.stats["patterns"] == ev.stats["patterns"]
    assert snap.value("AQ8/KJ9") == v
    assert snap.stats["misses"] == 0  # a memo hit: nothing recomputed
    ev.value("AKT9/QJ87")
    assert snap.stats["patterns"] < ev.stats["patterns"]  # later work stays in the original


def test_a_job_submitted_from_its_channels_finished_handler_is_kept(qtbot) -> None:  # type: ignore[no-untyped-def]
    """A view that asks for more from its channel's result handler gets that result too."""
    from whistgui.ui.engine_service import EngineService

    service = EngineService()
    results: list[object] = []

    def on_finished(_job: int, channel: str, _tag: object, result: object) -> None:
        results.append(result)
        if result == 1:
            service.submit("chain", lambda _ctx: 2)

    service.finished.connect(on_finished)
    try:
        service.submit("chain", lambda _ctx: 1)
        qtbot.waitUntil(lambda: results == [1, 2], timeout=5000)
    finally:
        service.shutdown()


class _Cycle:
    """A cycle whose collection records the thread it happened in."""

    collected_in: ClassVar[list[str]] = []

    def __init__(self) -> None:
        self.me = self

    def __del__(self) -> None:
        import threading

        _Cycle.collected_in.append(threading.current_thread().name)


def test_cycles_are_collected_in_the_gui_thread_never_the_worker(service, qtbot):
    """A cycle collected in the worker thread freed Qt wrappers there: Qt disconnected them from
    the worker while the GUI thread, inside Qt with the interpreter's lock, waited for Qt's lock
    — both threads stopped for good (the suite hung building a main window while an analysis
    job ran). The worker's allocations must not collect; the GUI thread's timer does."""
    import gc
    import threading

    _Cycle.collected_in.clear()
    assert not gc.isenabled()

    def churn(ctx: JobContext) -> int:
        for _ in range(50):
            _Cycle()
            # far past generation 0's threshold: automatic collection would run here
            junk = [[i] for i in range(5 * gc.get_threshold()[0])]
            del junk
        return 0

    with qtbot.waitSignal(service.finished, timeout=20000):
        service.submit("analysis", churn)
    assert _Cycle.collected_in == []  # the worker allocated plenty and collected nothing
    # the GUI thread allocates (kept: the count of generation 0 grows) and its timer collects
    kept = [[i] for i in range(3 * gc.get_threshold()[0])]
    qtbot.waitUntil(lambda: len(_Cycle.collected_in) == 50, timeout=5000)
    del kept
    assert set(_Cycle.collected_in) == {threading.main_thread().name}


# -- work owned by a view (issue 24) ------------------------------------------------------------
def _view(qtbot):  # type: ignore[no-untyped-def]
    from PySide6.QtWidgets import QWidget

    view = QWidget()
    qtbot.addWidget(view)
    return view


def test_cancel_owned_stops_only_the_owners_jobs(service, qtbot):
    mine, theirs = object(), object()
    with qtbot.waitSignal(service.started, timeout=5000):
        service.submit("tree", _warm_27, owner=mine)
    service.submit("analysis", lambda ctx: "kept", owner=theirs)
    cancelled: list[str] = []
    service.cancelled.connect(lambda _j, channel: cancelled.append(channel))
    finished: list[str] = []
    service.finished.connect(lambda _j, channel, _t, _r: finished.append(channel))
    assert service.cancel_owned(mine) == ["tree"]
    assert service.cancel_owned(mine) == []  # nothing left of it
    qtbot.waitUntil(lambda: "analysis" in finished, timeout=5000)
    assert cancelled == ["tree"]


def test_a_views_work_stops_when_it_is_hidden_and_catches_up_when_shown(service, qtbot):
    from whistgui.ui.engine_service import ViewWork

    view = _view(qtbot)
    caught_up: list[bool] = []
    work = ViewWork(service, view, lambda: caught_up.append(True))
    assert work.defer()  # never shown: it must not compute, and is behind
    view.show()
    assert caught_up == [True]  # shown: it catches up, once
    assert not work.defer()
    with qtbot.waitSignal(service.started, timeout=5000):
        work.submit("tree", _warm_27, label="Searching the whole deal")
    t0 = time.monotonic()
    with qtbot.waitSignal(service.cancelled, timeout=2000) as blocker:
        view.hide()
    assert blocker.args[1] == "tree"
    assert time.monotonic() - t0 < 1.5
    assert work.behind
    view.show()
    assert caught_up == [True, True]
    view.hide()  # nothing of its own runs: nothing to catch up on
    view.show()
    assert caught_up == [True, True]


def test_a_kept_view_works_on_while_hidden(service, qtbot):
    from whistgui.ui.engine_service import ViewWork

    view = _view(qtbot)
    work = ViewWork(service, view, lambda: None)
    work.keep = True  # pinned
    assert not work.defer()
    view.show()
    finished: list[object] = []
    service.finished.connect(lambda _j, _c, _t, result: finished.append(result))
    work.submit("check", lambda ctx: (time.sleep(0.3), "done")[1])
    view.hide()
    qtbot.waitUntil(lambda: finished == ["done"], timeout=5000)


def _spin(ctx: JobContext) -> str:
    """Reports until cancelled (a long solve's stand-in)."""
    import time

    i = 0
    while True:
        ctx.check()
        i += 1
        ctx.report(f"{i:,} states", force=True)
        time.sleep(0.02)


def test_a_channel_whose_view_shows_its_progress_stays_out_of_the_status_bar(service, qtbot):
    """Review 31b, X1: a view with its own progress and Cancel (GOPS's solve bar) has the
    status bar say nothing of its channel while it is shown; hidden, the status bar shows
    the job again, and once more hides it when the view is back."""
    from PySide6.QtWidgets import QWidget

    view = QWidget()
    qtbot.addWidget(view)
    view.show()
    status = JobStatus(service, delay_ms=100)
    qtbot.addWidget(status)
    service.show_progress_in(view, "gops-solve")
    assert service.progress_shown("gops-solve")
    assert not service.progress_shown("tree")
    reports: list[str] = []
    service.progress.connect(lambda _job, text: reports.append(text))
    service.submit("gops-solve", _spin, label="Solving GOPS")
    qtbot.waitUntil(lambda: len(reports) >= 15, timeout=10000)  # ≥ 0.3 s: past the delay
    assert "states" in status.text.text()  # it follows the job, silently
    assert not status.isVisible()
    view.hide()
    assert not service.progress_shown("gops-solve")
    qtbot.waitUntil(status.isVisible, timeout=5000)
    assert status.text.text().startswith("Solving GOPS: ")
    view.show()
    qtbot.waitUntil(lambda: not status.isVisible(), timeout=5000)
    with qtbot.waitSignal(service.busy, timeout=5000, check_params_cb=lambda b: not b):
        service.cancel("gops-solve")
    assert not status.isVisible()


def test_a_view_gone_no_longer_hides_its_channel(service, qtbot):
    from PySide6.QtWidgets import QWidget

    view = QWidget()
    view.show()
    service.show_progress_in(view, "gops-solve")
    assert service.progress_shown("gops-solve")
    gone: list[bool] = []
    view.destroyed.connect(lambda *_: gone.append(True))
    view.deleteLater()
    qtbot.waitUntil(lambda: bool(gone), timeout=2000)
    assert not service.progress_shown("gops-solve")
