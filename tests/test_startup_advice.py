"""Defect 7 of issue 11: with Qt's xcb platform plugin unable to load (libxcb-cursor0,
libxcb-icccm4, … missing on Debian/Ubuntu), ``whistgui`` prints one line naming the packages
to install and exits with status 1, instead of Qt's abort."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import whistgui.__main__ as entry
from whistgui.__main__ import (
    XCB_PACKAGES,
    missing_xcb_libraries,
    startup_advice,
    uses_xcb,
    xcb_plugin,
)

X11 = {"DISPLAY": ":0"}


@pytest.fixture
def linux(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "platform", "linux")


@pytest.mark.usefixtures("linux")
@pytest.mark.parametrize(
    ("environ", "expected"),
    [
        (X11, True),
        ({**X11, "QT_QPA_PLATFORM": "xcb"}, True),
        ({**X11, "QT_QPA_PLATFORM": "xcb:nograb"}, True),
        ({**X11, "QT_QPA_PLATFORM": "offscreen"}, False),
        ({**X11, "QT_QPA_PLATFORM": "wayland"}, False),
        ({"QT_QPA_PLATFORM": "xcb"}, False),  # no X display: nothing to check
        ({}, False),
        ({**X11, "WAYLAND_DISPLAY": "wayland-0"}, False),  # Qt tries Wayland first
        ({**X11, "XDG_SESSION_TYPE": "wayland"}, False),
        ({**X11, "XDG_SESSION_TYPE": "x11"}, True),
        ({**X11, "WAYLAND_DISPLAY": "wayland-0", "QT_QPA_PLATFORM": "xcb"}, True),
    ],
)
def test_the_check_runs_only_where_qt_starts_on_xcb(environ: dict[str, str], expected: bool):
    assert uses_xcb(environ) is expected


def test_not_on_other_systems(monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setattr(sys, "platform", "darwin")
    assert not uses_xcb(X11)


def _loader(missing: set[str], plugin_error: str | None = None):
    """A fake dynamic loader: the libraries in ``missing`` fail to load, and so does the
    plugin, with ``plugin_error`` (the first missing library's message by default)."""

    def load(name: str) -> str | None:
        if name.endswith("libqxcb.so"):
            if not missing and plugin_error is None:
                return None
            first = sorted(missing)[0] if missing else ""
            return plugin_error or f"{first}: cannot open shared object file: No such file"
        return f"{name}: cannot open shared object file" if name in missing else None

    return load


@pytest.fixture
def plugin(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    path = tmp_path / "plugins" / "platforms" / "libqxcb.so"
    monkeypatch.setattr(entry, "xcb_plugin", lambda: path)
    return path


@pytest.mark.usefixtures("plugin")
def test_missing_libraries_are_found_one_by_one():
    gone = {"libxcb-cursor.so.0", "libxcb-icccm.so.4", "libxcb-keysyms.so.1"}
    missing = missing_xcb_libraries(_loader(gone))
    assert set(missing) == gone
    assert missing_xcb_libraries(_loader(set())) == []  # everything loads


@pytest.mark.usefixtures("plugin")
def test_a_library_outside_the_table_is_named_from_the_loader_error():
    err = "libxcb-foo.so.7: cannot open shared object file: No such file or directory"
    assert missing_xcb_libraries(_loader(set(), err)) == ["libxcb-foo.so.7"]
    broken = missing_xcb_libraries(_loader(set(), "wrong ELF class: ELFCLASS32"))
    assert broken == ["libqxcb.so (wrong ELF class: ELFCLASS32)"]


def test_no_plugin_no_check(monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setattr(entry, "xcb_plugin", lambda: None)
    assert missing_xcb_libraries(_loader({"libxcb-cursor.so.0"})) == []


@pytest.mark.usefixtures("linux")
def test_the_advice_names_the_packages_to_install(monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setattr(
        entry, "missing_xcb_libraries", lambda: ["libxcb-cursor.so.0", "libxcb-icccm.so.4"]
    )
    advice = startup_advice(X11)
    assert advice is not None
    assert "\n" not in advice
    assert "missing libxcb-cursor.so.0, libxcb-icccm.so.4" in advice
    assert advice.endswith("sudo apt-get install libxcb-cursor0 libxcb-icccm4")
    assert startup_advice({**X11, "QT_QPA_PLATFORM": "offscreen"}) is None


@pytest.mark.usefixtures("linux")
def test_an_unknown_missing_library_gets_the_whole_package_list(
    monkeypatch: pytest.MonkeyPatch,
):
    monkeypatch.setattr(entry, "missing_xcb_libraries", lambda: ["libxcb-foo.so.7"])
    advice = startup_advice(X11)
    assert advice is not None
    assert advice.endswith("sudo apt-get install " + " ".join(XCB_PACKAGES.values()))


@pytest.mark.usefixtures("linux")
def test_with_the_libraries_present_the_check_passes(monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setattr(entry, "missing_xcb_libraries", lambda: [])
    assert startup_advice(X11) is None


@pytest.mark.usefixtures("linux")
def test_main_prints_one_line_and_exits_with_status_1(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
):
    for name in ("QT_QPA_PLATFORM", "WAYLAND_DISPLAY", "XDG_SESSION_TYPE"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("DISPLAY", ":0")
    monkeypatch.setattr(entry, "missing_xcb_libraries", lambda: ["libxcb-keysyms.so.1"])
    # the advice comes before the window's module is imported and Qt starts: importing it
    # now would raise ImportError
    monkeypatch.setitem(sys.modules, "whistgui.ui.main_window", None)
    assert entry.main([]) == 1
    out, err = capsys.readouterr()
    assert out == ""
    assert err.count("\n") == 1
    assert "sudo apt-get install libxcb-keysyms1" in err


# --------------------------------------------------------------------------- this machine


def _ldd_not_found(path: Path) -> set[str]:
    res = subprocess.run(["ldd", str(path)], capture_output=True, text=True, check=False)
    return {line.split("=>")[0].strip() for line in res.stdout.splitlines() if "not found" in line}


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="xcb is Linux only")
def test_the_real_check_agrees_with_ldd():
    """On this machine, the libraries found missing are those ``ldd`` cannot find."""
    path = xcb_plugin()
    if path is None or shutil.which("ldd") is None:
        pytest.skip("no xcb plugin or no ldd here")
    not_found = _ldd_not_found(path)
    missing = missing_xcb_libraries()
    assert bool(missing) == bool(not_found)
    assert not_found & set(XCB_PACKAGES) <= set(missing)
    assert set(missing) <= not_found | set(XCB_PACKAGES)


def _environment(**extra: str) -> dict[str, str]:
    env = {
        k: v
        for k, v in os.environ.items()
        if k not in ("QT_QPA_PLATFORM", "WAYLAND_DISPLAY", "XDG_SESSION_TYPE")
    }
    return {**env, "DISPLAY": ":99", **extra}


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="xcb is Linux only")
def test_whistgui_on_a_machine_without_the_libraries():
    """Where the libraries really are missing (as on a fresh Debian/Ubuntu), the whole
    program stops with the one line; elsewhere there is nothing to see."""
    if not missing_xcb_libraries():
        pytest.skip("Qt's xcb plugin loads here")
    res = subprocess.run(
        [sys.executable, "-m", "whistgui"],
        env=_environment(),
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert res.returncode == 1
    assert res.stderr.count("\n") == 1
    assert res.stderr.startswith("whistgui: Qt cannot load its X11 (xcb) platform plugin")
    assert "sudo apt-get install " in res.stderr
    assert "qt.qpa.plugin" not in res.stderr


def test_a_screenshot_needs_no_xcb(tmp_path: Path):
    """--screenshot draws offscreen: the check never stops it, even with a DISPLAY set."""
    out = tmp_path / "shot.png"
    res = subprocess.run(
        [sys.executable, "-m", "whistgui", "--screenshot", str(out)],
        env=_environment(),
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert res.returncode == 0, res.stderr
    assert out.stat().st_size > 0
