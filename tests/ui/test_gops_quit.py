"""Review 30, B2 and B3: closing the window during a long GOPS job (a tournament with optimal,
random against random, at N = 6) ends the engine's thread within a few seconds, and Stop ends
such a job as promptly."""

from __future__ import annotations

import time

import pytest

from tests.ui.workspaces import gops
from whistgui.engine.gops import GopsRules


def _choose_gops(window) -> None:  # type: ignore[no-untyped-def]
    combo = window.game_selector.combo
    i = combo.findData("gops")
    combo.setCurrentIndex(i)
    combo.activated.emit(i)


def _running(window, channel: str) -> bool:  # type: ignore[no-untyped-def]
    job = window.engine._running
    return job is not None and job.channel == channel


@pytest.mark.parametrize(
    ("names", "channel"),
    [
        ("optimal, random", "gops-strategy-tournament"),
        ("random, random", "gops-strategy-tournament"),
    ],
)
def test_closing_the_window_during_a_long_job_ends_the_engine_promptly(
    qtbot, window, names, channel
) -> None:
    _choose_gops(window)
    ws = gops(window)
    ws.explorer.set_rules(GopsRules(6))
    ws.tabs.setCurrentWidget(ws.strategies)
    p = ws.strategies
    p.names_edit.setText(names)
    p.compute_tournament()
    qtbot.waitUntil(lambda: _running(window, channel), timeout=60_000)
    qtbot.wait(1500)  # well into it
    assert _running(window, channel)
    start = time.monotonic()
    window.close()
    window.engine._thread.join(10)
    took = time.monotonic() - start
    assert not window.engine._thread.is_alive(), f"the engine still runs after {took:.1f} s"
    assert took < 5, took


@pytest.mark.parametrize("close", [False, True])
def test_stop_or_closing_ends_random_against_random_at_n6_promptly(qtbot, window, close) -> None:
    """B3: Stop took 24–29 s during random against random at N = 6 (a play of some 20 s);
    the play polls should_stop every 1,024 states: Stop, or closing the window, ends it within
    a second or two."""
    from whistgui.app.gops_strategies import StrategyChoice

    _choose_gops(window)
    ws = gops(window)
    ws.explorer.set_rules(GopsRules(6))
    ws.tabs.setCurrentWidget(ws.strategies)
    p = ws.strategies
    p.a_picker.set_choice(StrategyChoice("random"))
    p.b_picker.set_choice(StrategyChoice("random"))
    p.compute_play()
    qtbot.waitUntil(lambda: _running(window, "gops-strategy-play"), timeout=60_000)
    qtbot.wait(1500)
    assert _running(window, "gops-strategy-play")
    start = time.monotonic()
    if close:
        window.close()
        window.engine._thread.join(10)
        assert not window.engine._thread.is_alive()
    else:
        p.stop_button.click()
        qtbot.waitUntil(lambda: p.status.text() == "Stopped.", timeout=10_000)
        assert p.play_result is None
    assert time.monotonic() - start < 3


@pytest.mark.parametrize("stop", [False, True])
def test_ctrl_1_2_3_switch_pages_after_a_stopped_tournament(qtbot, window, stop) -> None:
    """F7: after a tournament stopped by Escape the keyboard focus was nowhere, and Ctrl+1, 2,
    3 (shortcuts of the tabs and their children) stopped switching pages; now they are the
    window's while the GOPS tabs are shown."""
    from PySide6.QtCore import Qt

    _choose_gops(window)
    ws = gops(window)
    ws.explorer.set_rules(GopsRules(6))
    ws.tabs.setCurrentWidget(ws.strategies)
    p = ws.strategies
    p.names_edit.setText("optimal, random")
    p.names_edit.setFocus()
    if stop:
        p.compute_tournament()
        qtbot.waitUntil(lambda: _running(window, "gops-strategy-tournament"), timeout=60_000)
        qtbot.wait(1500)
        qtbot.keyClick(p.names_edit, Qt.Key.Key_Escape)
        qtbot.waitUntil(lambda: p.tournament_status.text() == "Stopped.", timeout=10_000)
    pages = []
    for key in (Qt.Key.Key_1, Qt.Key.Key_3, Qt.Key.Key_2, Qt.Key.Key_1):
        qtbot.keyClick(window.focusWidget() or window, key, Qt.KeyboardModifier.ControlModifier)
        qtbot.wait(50)
        pages.append(ws.tabs.currentIndex())
    assert pages == [0, 2, 1, 0]


_QUIT_DURING_WORK = """
import os, sys, time
sys.argv = ["whistgui"]
from PySide6.QtCore import QTimer
import whistgui.__main__ as m
from whistgui.ui.main_window import MainWindow

made = MainWindow.__init__

def init(self, *args, **kwargs):
    made(self, *args, **kwargs)

    def start():
        from tests.ui.workspaces import gops
        from whistgui.engine.gops import GopsRules
        combo = self.game_selector.combo
        i = combo.findData("gops")
        combo.setCurrentIndex(i)
        combo.activated.emit(i)
        ws = gops(self)
        ws.explorer.set_rules(GopsRules(6))
        ws.tabs.setCurrentWidget(ws.strategies)
        ws.strategies.names_edit.setText("random, random")
        ws.strategies.compute_tournament()

    def close():
        print("closing", time.monotonic(), flush=True)
        self.close()

    QTimer.singleShot(500, start)
    QTimer.singleShot(8000, close)

MainWindow.__init__ = init
m.main()
"""


def test_the_process_ends_promptly_when_closed_during_a_long_job(tmp_path) -> None:
    """Review 31b, C11: closing the window during a tournament left the process alive some
    6 s — the interpreter's ending freed the GOPS memos one object at a time (2.3 s here).
    The program now leaves at once after its settings are written: the process (run as the
    program is, main() without arguments) ends within a generous 4 s of the close."""
    import os
    import subprocess
    import sys
    from pathlib import Path

    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", XDG_CONFIG_HOME=str(tmp_path))
    env["PYTHONPATH"] = str(Path(__file__).resolve().parents[2])
    child = subprocess.Popen(
        [sys.executable, "-c", _QUIT_DURING_WORK],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
        env=env,
    )
    assert child.stdout is not None
    line = child.stdout.readline()  # "closing <time>", once the job has run some 7 s
    closed = float(line.split()[1])
    child.wait(60)
    took = time.monotonic() - closed
    assert child.returncode == 0
    assert took < 4, f"the process ended {took:.1f} s after the window closed"
    assert (tmp_path / "whistgui" / "whistgui.conf").is_file()  # the settings were written
