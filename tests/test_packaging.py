"""What ships: the wheel's contents, the desktop files, the frozen bundle, a fresh install.

- The wheel is built once (``pip wheel``, a few seconds) from a copy of the sources, so that a
  stale ``build/`` in the work tree cannot leak into it.
- The PyInstaller bundle is checked only once it has been built, by ``bash packaging/build.sh``
  (about half a minute; the test is skipped otherwise, and fails instead when
  ``WHIST_REQUIRE_BUNDLE`` is set: ``.ci/run`` runs it so after building the bundle).
- Installing the wheel into a fresh virtual environment and starting the app from there takes
  10-20 s with pip's cache warm, longer when PySide6 (~80 MB) has to be downloaded; it runs
  when ``CI`` or ``WHIST_SLOW_TESTS`` is set.
- The desktop file and the AppStream metadata are validated by ``desktop-file-validate`` and
  ``appstreamcli``: skipped where they are not installed, failed in CI (``tests/tools.py``).
"""

from __future__ import annotations

import configparser
import os
import shutil
import struct
import subprocess
import sys
import tomllib
import venv
import xml.etree.ElementTree as ET
import zipfile
from pathlib import Path

import pytest

from tests.tools import require_tool
from whistgui import __version__
from whistgui.app.document import FILE_SUFFIX
from whistgui.resources import RESOURCES

ROOT = Path(__file__).resolve().parents[1]
PACKAGING = ROOT / "packaging"
BUNDLE = ROOT / "dist" / "whistgui"
SCREENSHOT_SIZE = (1280, 720)
SLOW = any(os.environ.get(v, "") not in ("", "0") for v in ("WHIST_SLOW_TESTS", "CI"))
#: Set by ``.ci/run`` once it has built the bundle: the bundle test must run, not skip.
REQUIRE_BUNDLE = os.environ.get("WHIST_REQUIRE_BUNDLE", "") not in ("", "0")
MIME_NS = "{http://www.freedesktop.org/standards/shared-mime-info}"


def headless_env() -> dict[str, str]:
    """The environment less any screen: the app must need none."""
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
    env.pop("QT_QPA_PLATFORM", None)  # --screenshot chooses offscreen by itself
    env.pop("PYTHONPATH", None)  # the installed package, not the source tree
    return env


def check_screenshot(path: Path) -> None:
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", f"{path} is not a PNG"
    assert struct.unpack(">II", data[16:24]) == SCREENSHOT_SIZE
    assert len(data) > 20_000, "a blank window compresses to far less"


# --- the wheel ----------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    work = tmp_path_factory.mktemp("wheel")
    source = work / "src"
    source.mkdir()
    for name in ("pyproject.toml", "README.md"):
        shutil.copy2(ROOT / name, source / name)
    for folder in ("whistgui", "resources"):
        shutil.copytree(
            ROOT / folder, source / folder, ignore=shutil.ignore_patterns("__pycache__")
        )
    out = work / "out"
    res = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", str(source), "--no-deps", "-q", "-w", str(out)],
        capture_output=True,
        text=True,
        check=False,
        timeout=600,
    )
    assert res.returncode == 0, res.stdout + res.stderr
    (built,) = out.glob("whistgui-*.whl")
    return built


def test_the_wheel_carries_the_code_and_every_resource(wheel: Path):
    assert wheel.name == f"whistgui-{__version__}-py3-none-any.whl"
    names = set(zipfile.ZipFile(wheel).namelist())
    for name in RESOURCES:
        assert f"whistgui/assets/{name}" in names
    listed = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"][
        "setuptools"
    ]["packages"]
    found = sorted(
        ".".join(p.parent.relative_to(ROOT).parts) for p in (ROOT / "whistgui").rglob("__init__.py")
    )
    assert set(found) <= set(listed), "a package under whistgui/ is missing from pyproject"
    assert "whistgui/assets/__init__.py" in names
    for package in (
        "engine",
        "engine/games",
        "engine/strategy",
        "engine/bridge",
        "cli",
        "app",
        "figures",
    ):
        here = {f"whistgui/{package}/{p.name}" for p in (ROOT / "whistgui" / package).glob("*.py")}
        assert here <= names
    assert "whistgui/engine/games/whist/value.py" in names
    assert "whistgui/engine/games/five_card.py" in names
    assert "whistgui/cli/__init__.py" in names
    for module in ("__init__", "__main__", "resources", "app/examples", "app/document"):
        assert f"whistgui/{module}.py" in names
    for package in ("ui", "ui/trick", "ui/widgets", "ui/bridge", "ui/gops", "ui/lab"):
        ui = {f"whistgui/{package}/{p.name}" for p in (ROOT / "whistgui" / package).glob("*.py")}
        assert ui
        assert ui <= names
    assert not [n for n in names if n.startswith(("tests/", "packaging/", "benchmarks/"))]
    assert not [n for n in names if "__pycache__" in n]


def test_the_wheel_declares_both_commands(wheel: Path):
    with zipfile.ZipFile(wheel) as z:
        (entry_points,) = [n for n in z.namelist() if n.endswith(".dist-info/entry_points.txt")]
        parser = configparser.ConfigParser()
        parser.read_string(z.read(entry_points).decode())
    assert parser["console_scripts"]["whist"] == "whistgui.cli:main"
    assert parser["gui_scripts"]["whistgui"] == "whistgui.__main__:main"


# --- the desktop files --------------------------------------------------------------------------


def read_desktop() -> configparser.SectionProxy:
    parser = configparser.ConfigParser(interpolation=None, strict=True)
    parser.optionxform = str  # type: ignore[assignment,method-assign]  # keys are case-sensitive
    parser.read(PACKAGING / "whistgui.desktop", encoding="utf-8")
    return parser["Desktop Entry"]


def test_the_desktop_file_has_the_required_keys():
    entry = read_desktop()
    assert entry["Type"] == "Application"
    assert entry["Name"] == "whistgui"
    assert entry["GenericName"]
    assert entry["Comment"]
    assert entry["Exec"] == "whistgui %f"
    assert entry["Icon"] == "whistgui"
    assert entry["Terminal"] == "false"
    categories = entry["Categories"]
    assert categories.endswith(";")
    assert {"Game", "CardGame", "Education", "Math"} <= set(categories.split(";"))
    assert entry["MimeType"] == "application/x-whistgui;"


def test_the_mime_type_is_the_desktop_files_and_globs_the_file_suffix():
    root = ET.parse(PACKAGING / "whistgui-mime.xml").getroot()
    (mime,) = root.findall(f"{MIME_NS}mime-type")
    assert f"{mime.get('type')};" == read_desktop()["MimeType"]
    assert [g.get("pattern") for g in mime.findall(f"{MIME_NS}glob")] == [f"*{FILE_SUFFIX}"]


def test_the_desktop_file_validates():
    tool = require_tool("desktop-file-validate")  # in CI a failure, not a skip
    res = subprocess.run(
        [tool, str(PACKAGING / "whistgui.desktop")], capture_output=True, text=True, check=False
    )
    assert res.returncode == 0, res.stdout + res.stderr


def test_the_metainfo_has_id_name_summary_and_launchable():
    root = ET.parse(PACKAGING / "io.github.whistgui.metainfo.xml").getroot()
    assert root.tag == "component"
    assert root.get("type") == "desktop-application"
    assert root.findtext("id") == "io.github.whistgui"
    assert root.findtext("name") == "whistgui"
    assert (root.findtext("summary") or "").strip()
    assert root.findtext("metadata_license")
    assert root.findtext("project_license") == "MIT"
    launchable = root.find("launchable")
    assert launchable is not None
    assert launchable.get("type") == "desktop-id"
    assert (PACKAGING / (launchable.text or "")).is_file()
    assert root.find("description/p") is not None
    assert root.find("screenshots/screenshot/image") is not None
    assert root.find("content_rating") is not None
    releases = [r.get("version") for r in root.findall("releases/release")]
    assert __version__ in releases


def test_the_metainfo_validates():
    tool = require_tool("appstreamcli")  # in CI a failure, not a skip
    res = subprocess.run(
        [tool, "validate", "--no-net", str(PACKAGING / "io.github.whistgui.metainfo.xml")],
        capture_output=True,
        text=True,
        check=False,
    )
    assert res.returncode == 0, res.stdout + res.stderr


# --- the frozen bundle --------------------------------------------------------------------------


def test_the_frozen_bundle_starts_and_renders_its_window(tmp_path: Path):
    if not (BUNDLE / "whistgui").is_file():
        message = f"no bundle at {BUNDLE}: build it with bash packaging/build.sh"
        if REQUIRE_BUNDLE:
            pytest.fail(f"{message} (WHIST_REQUIRE_BUNDLE is set)")
        pytest.skip(message)
    shot = tmp_path / "bundle.png"
    res = subprocess.run(
        [str(BUNDLE / "whistgui"), "--screenshot", str(shot)],
        capture_output=True,
        text=True,
        check=False,
        timeout=120,
        env=headless_env(),
        cwd=tmp_path,
    )
    assert res.returncode == 0, res.stdout + res.stderr
    check_screenshot(shot)
    res = subprocess.run(
        [str(BUNDLE / "whist"), "value", "--json", "AQ/KJ K/A"],
        capture_output=True,
        text=True,
        check=False,
        timeout=60,
        env=headless_env(),
        cwd=tmp_path,
    )
    assert res.returncode == 0, res.stdout + res.stderr
    assert '"3/2+e0"' in res.stdout
    resources = BUNDLE / "_internal" / "whistgui" / "assets"
    assert {p.relative_to(resources).as_posix() for p in resources.rglob("*") if p.is_file()} == (
        set(RESOURCES)
    )


# --- a fresh install ----------------------------------------------------------------------------


@pytest.mark.skipif(not SLOW, reason="slow (a fresh venv with PySide6): set WHIST_SLOW_TESTS=1")
def test_the_wheel_installs_into_a_fresh_venv_and_starts_with_no_screen(
    wheel: Path, tmp_path: Path
):
    env_dir = tmp_path / "venv"
    venv.create(env_dir, with_pip=True)
    bin_dir = env_dir / ("Scripts" if os.name == "nt" else "bin")
    python = bin_dir / "python"
    res = subprocess.run(
        [str(python), "-m", "pip", "install", "-q", "--disable-pip-version-check", str(wheel)],
        capture_output=True,
        text=True,
        check=False,
        timeout=900,
        env=headless_env(),  # no PYTHONPATH: pip must not take the source tree for an install
        cwd=tmp_path,
    )
    assert res.returncode == 0, res.stdout + res.stderr
    run = tmp_path / "run"  # not the source tree, whose whistgui/ would shadow the install
    run.mkdir()
    where = subprocess.run(
        [str(python), "-c", "from whistgui.resources import resource_root; print(resource_root())"],
        capture_output=True,
        text=True,
        check=True,
        env=headless_env(),
        cwd=run,
    ).stdout.strip()
    assert Path(where).is_relative_to(env_dir)
    shot = run / "out.png"
    res = subprocess.run(
        [str(bin_dir / "whistgui"), "--screenshot", str(shot)],
        capture_output=True,
        text=True,
        check=False,
        timeout=120,
        env=headless_env(),
        cwd=run,
    )
    assert res.returncode == 0, res.stdout + res.stderr
    check_screenshot(shot)
    res = subprocess.run(
        [str(bin_dir / "whist"), "value", "AQ/KJ K/A"],
        capture_output=True,
        text=True,
        check=False,
        timeout=60,
        env=headless_env(),
        cwd=run,
    )
    assert res.returncode == 0, res.stdout + res.stderr
    assert "outcome" in res.stdout


def _run_pyinstaller_module():  # type: ignore[no-untyped-def]
    import importlib.util

    path = ROOT / "packaging" / "run_pyinstaller.py"
    spec = importlib.util.spec_from_file_location("run_pyinstaller", path)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_bundles_build_survives_a_machine_without_a_null_device(monkeypatch, tmp_path):
    """CI's sandbox had /dev/null as a plain file; PyInstaller's ctypes.util.find_library ran
    ``ld -o /dev/null -l<name>`` for a library it could not find, ld removed its output, and
    the next subprocess with standard input from os.devnull failed the build. Where there is no
    null device, run_pyinstaller's stand-in must open as the null device would, and survive ld."""
    if shutil.which("ld") is None:  # no ld, no removing linker: nothing to guard against
        pytest.skip("no ld on this machine")
    module = _run_pyinstaller_module()
    monkeypatch.setattr(module, "_has_null_device", lambda: False)
    link = ["ld", "-o", "", "-lwhistgui_no_such_library"]

    # the failure mode, on a plain file standing in: ld's failed link removes it
    plain = tmp_path / "null"
    plain.write_bytes(b"")
    link[2] = str(plain)
    assert subprocess.run(link, capture_output=True, check=False).returncode != 0
    assert not plain.exists()

    before = os.devnull
    with module.null_device() as null:
        assert os.devnull == null != before
        link[2] = null
        assert subprocess.run(link, capture_output=True, check=False).returncode != 0
        for _ in range(2):  # still there after ld, and again after a first use
            r = subprocess.run(
                [sys.executable, "-c", "import sys; print(repr(sys.stdin.read()))"],
                stdin=subprocess.DEVNULL,
                capture_output=True,
                text=True,
                check=True,
            )
            assert r.stdout.strip() == "''"  # an empty input, as the null device gives
    assert os.devnull == before
