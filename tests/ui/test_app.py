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


def test_whist_render_png_and_svg(tmp_path):
    png = tmp_path / "t.png"
    res = run("-m", "whistgui.cli", "render", "AQ/KJ K/A", "--out", str(png), "--scale", "1.5")
    assert res.returncode == 0, res.stderr
    img = QImage(str(png))
    assert (img.width(), img.height()) == (1860, 960)  # 1240 x 640 at scale 1.5
    svg = tmp_path / "t.svg"
    res = run("-m", "whistgui.cli", "render", "[A Q, K J]", "--out", str(svg))
    assert res.returncode == 0, res.stderr
    text = svg.read_text()
    assert text.startswith("<?xml")
    assert "<svg" in text


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (["AQ/KJ", "--out", "x.jpg"], "expected a file name ending in .png or .svg"),
        (["AQ/K J", "--out", "x.png"], "has no '/'"),
        (["AQ/KJ", "--out", "/nonexistent-dir/x.png"], "could not write"),
        (["AQ/KJ", "--out", "x.png", "--scale", "50"], "out of range"),
    ],
)
def test_whist_render_bad_input(tmp_path, args, needle):
    res = run("-m", "whistgui.cli", "render", *args)
    assert res.returncode == 2
    assert needle in res.stderr
    assert "Traceback" not in res.stderr


def test_whist_render_play_panel(tmp_path):
    out = tmp_path / "play.png"
    res = run(
        "-m",
        "whistgui.cli",
        "render",
        "KJ/AQ A/K K/A",
        "--view",
        "play",
        "--cards",
        "2",
        "--out",
        str(out),
        "--scale",
        "1",
    )
    assert res.returncode == 0, res.stderr
    assert (QImage(str(out)).width(), QImage(str(out)).height()) == (1300, 720)
    res = run("-m", "whistgui.cli", "render", "AKQ/J J/AKQ", "--view", "play", "--out", str(out))
    assert res.returncode == 2
    assert "not symmetric" in res.stderr


@pytest.mark.parametrize("cards", ["-1", "7"])
def test_whist_render_play_refuses_a_card_count_out_of_range(tmp_path, cards):
    res = run(
        "-m",
        "whistgui.cli",
        "render",
        "KJ/AQ K/A",
        "--view",
        "play",
        "--cards",
        cards,
        "--out",
        str(tmp_path / "p.png"),
    )
    assert res.returncode == 2
    assert "expected 0 to 6" in res.stderr


def test_whist_render_in_another_game(tmp_path):
    """``--game``: an asymmetric deal that whist's play refuses is played in five-card, and
    the figure differs from whist's drawing of the same deal."""
    five = tmp_path / "five.png"
    res = run(
        "-m", "whistgui.cli", "render", "AKQ/J J/AKQ", "--view", "play", "--game", "five-card",
        "--out", str(five), "--scale", "1",
    )  # fmt: skip
    assert res.returncode == 0, res.stderr
    assert QImage(str(five)).width() == 1300
    table = {}
    for game in ("whist", "femkort"):  # an alias works too
        out = tmp_path / f"{game}.png"
        res = run(
            "-m", "whistgui.cli", "render", "AQ/KJ K/A", "--game", game, "--out", str(out),
            "--scale", "1",
        )  # fmt: skip
        assert res.returncode == 0, res.stderr
        table[game] = QImage(str(out))
    assert table["whist"] != table["femkort"]  # the analysis shows the game's elements
    res = run("-m", "whistgui.cli", "render", "AQ/KJ", "--game", "bridge", "--out", "x.png")
    assert res.returncode == 2
    assert "bridge" in res.stderr
    assert "Traceback" not in res.stderr
