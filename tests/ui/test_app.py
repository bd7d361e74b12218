"""The application starts and renders with no screen."""

from __future__ import annotations

import subprocess
import sys

from PySide6.QtGui import QImage

from whistgui.ui.main_window import MainWindow


def test_main_window_renders(qtbot):
    w = MainWindow()
    qtbot.addWidget(w)
    w.show()
    qtbot.waitExposed(w)
    img = w.grab().toImage()
    assert img.width() == w.width()
    assert img.height() == w.height()
    assert "whistgui" in w.windowTitle()


def test_screenshot_option_writes_an_image(tmp_path):
    out = tmp_path / "shot.png"
    res = subprocess.run(
        [sys.executable, "-m", "whistgui", "--screenshot", str(out)],
        capture_output=True,
        text=True,
        check=False,
        timeout=120,
    )
    assert res.returncode == 0, res.stderr
    img = QImage(str(out))
    assert not img.isNull()
    assert img.width() >= 600
    assert img.height() >= 400
