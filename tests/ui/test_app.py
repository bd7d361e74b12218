"""The application and `whist render` as scripts use them, with no screen."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from PySide6.QtGui import QImage

from whistgui.__main__ import SCREENSHOT_SIZE
from whistgui.ui.main_window import MainWindow


def run(*args: str, timeout: int = 120) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, *args], capture_output=True, text=True, check=False, timeout=timeout
    )


def test_main_window_opens_on_a_real_deal(qtbot, settings):
    w = MainWindow(settings=settings)
    qtbot.addWidget(w)
    w.show()
    qtbot.waitExposed(w)
    assert w.session.document.deal.hand_size(w.session.document.lead) > 0
    with qtbot.waitSignal(w.analysisShown, timeout=20000):
        w.analysis.request()
    assert w.analysis.result.predicted is not None


def test_screenshot_writes_the_window_at_its_size(tmp_path):
    out = tmp_path / "shot.png"
    res = run("-m", "whistgui", "--screenshot", str(out), "--deal", "AQ/KJ K/A")
    assert res.returncode == 0, res.stderr
    img = QImage(str(out))
    assert (img.width(), img.height()) == SCREENSHOT_SIZE


def test_screenshot_of_a_file(tmp_path):
    path = tmp_path / "d.whist"
    path.write_text(
        json.dumps(
            {
                "format": "whistgui",
                "version": 1,
                "deal": "AK9/QJT",
                "suits": [{"name": "S", "deck": {"kind": "standard", "size": 13}}],
                "lead": "E",
                "title": "t",
                "note": "",
            }
        )
    )
    out = tmp_path / "shot.png"
    res = run("-m", "whistgui", str(path), "--screenshot", str(out))
    assert res.returncode == 0, res.stderr
    assert not QImage(str(out)).isNull()


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (["--deal", "AX/K"], "unknown rank 'X'"),
        (["does-not-exist.whist"], "does-not-exist.whist"),
    ],
)
def test_screenshot_with_bad_input_fails_cleanly(tmp_path, args, needle):
    out = tmp_path / "shot.png"
    res = run("-m", "whistgui", *args, "--screenshot", str(out))
    assert res.returncode == 2
    assert needle in res.stderr
    assert "Traceback" not in res.stderr
    assert not out.exists()
