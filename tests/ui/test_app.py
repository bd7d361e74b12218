"""The application and `whist render` as scripts use them, with no screen."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from PySide6.QtGui import QImage

from tests.ui.workspaces import trick
from whistgui.__main__ import SCREENSHOT_SIZE
from whistgui.engine import Solver
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
    assert trick(w).session.document.deal.hand_size(trick(w).session.document.lead) > 0
    with qtbot.waitSignal(trick(w).analysisShown, timeout=20000):
        trick(w).analysis.request()
    result = trick(w).analysis.result
    assert result.document == trick(w).session.document
    # the theory's prediction is what exact search finds for the deal shown
    assert result.predicted == Solver().outcome(trick(w).session.document.deal)


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


_BIG = "9" * 5000
_DEAL = "N:AKQ2.KJ3.T98.A54 J876.Q54.AK2.J32 T943.A987.QJ4.K7 5.T62.7653.QT986"


@pytest.mark.parametrize(
    ("name", "content", "needle"),
    [
        (
            "d.whist",
            '{"format": "whistgui", "version": ' + _BIG + "}",
            '"version" is the 5000-digit number 999999999999…',
        ),
        (
            "d.whist",
            json.dumps(
                {
                    "format": "whistgui",
                    "version": 2,
                    "deal": "A/K",
                    "suits": [{"name": "x", "deck": {"kind": "standard", "size": 13}}],
                    "title": "\ud800",
                }
            ),
            "\"title\" holds '\\ud800' at position 0, a lone surrogate",
        ),
        (
            "g.gops",
            '{"format": "whistgui-gops", "version": 1, "rules": {"n": ' + _BIG + "}}",
            "it holds the 5000-digit number 999999999999…",
        ),
        (
            "b.pbn",
            f'[Board "1"]\n[Deal "{_DEAL}"]\n[Contract "{_BIG}NT"]\n',
            "is not a contract; expected a level 1-7",
        ),
    ],
    ids=["whist-huge-version", "whist-surrogate-title", "gops-huge-number", "pbn-huge-contract"],
)
def test_screenshot_of_a_hostile_file_fails_cleanly(tmp_path, name, content, needle):
    path = tmp_path / name
    path.write_text(content, encoding="utf-8")
    out = tmp_path / "shot.png"
    res = run("-m", "whistgui", str(path), "--screenshot", str(out))
    assert res.returncode == 2, res.stderr
    assert res.stderr.startswith(f"whistgui: error: {str(path)!r}")
    assert needle in res.stderr
    assert "Traceback" not in res.stderr
    assert not out.exists()
