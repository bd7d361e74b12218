"""The one accessor for run-time resources (``whistgui.resources``) and the files it serves.

It finds the top-level ``resources/`` (installed as ``whistgui.assets``) from an editable
install of the source tree or an installed wheel, and inside a
PyInstaller bundle under ``sys._MEIPASS`` (imitated here with a folder of our own). The wheel
and the real bundle are checked in ``tests/test_packaging.py``.
"""

from __future__ import annotations

import doctest
import importlib.util
import json
import struct
import sys
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest

import whistgui
from whistgui import resources
from whistgui.app.examples import load_examples
from whistgui.resources import (
    ICON_SIZES,
    RESOURCES,
    UnknownResourceError,
    icon_path,
    read_bytes,
    read_text,
    resource_path,
    resource_root,
)

ROOT = Path(__file__).resolve().parents[1]
FOLDER = ROOT / "resources"
PNG_MAGIC = b"\x89PNG\r\n\x1a\n"


@pytest.fixture(autouse=True)
def _fresh_root() -> Iterator[None]:
    """resource_root() is cached per process: forget it around each test."""
    resource_root.cache_clear()
    yield
    resource_root.cache_clear()


def png_size(data: bytes) -> tuple[int, int, int]:
    """Width, height and colour type from a PNG's IHDR chunk."""
    assert data[:8] == PNG_MAGIC, "not a PNG"
    assert data[12:16] == b"IHDR"
    width, height, _depth, colour = struct.unpack(">IIBB", data[16:26])
    return width, height, colour


def test_the_doctests_pass():
    result = doctest.testmod(resources, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0
    assert result.failed == 0


@pytest.mark.parametrize("name", RESOURCES)
def test_every_resource_is_a_file_under_the_root(name: str):
    path = resource_path(name)
    assert path.is_file()
    assert path.is_relative_to(resource_root())
    assert path.relative_to(resource_root()).as_posix() == name


def test_the_source_tree_folder_is_used_when_run_from_source():
    if not Path(whistgui.__file__).resolve().is_relative_to(ROOT):
        pytest.skip("whistgui is imported from an install, not from this source tree")
    assert resource_root().resolve() == FOLDER


def test_every_file_in_the_folder_is_a_declared_resource():
    """The wheel carries the whole folder: nothing in it that the accessor would refuse (but
    the ``__init__.py`` that makes it the package ``whistgui.assets``)."""
    on_disk = {
        p.relative_to(FOLDER).as_posix()
        for p in FOLDER.rglob("*")
        if p.is_file() and "__pycache__" not in p.parts
    }
    assert on_disk == {*RESOURCES, "__init__.py"}


@pytest.mark.parametrize("name", ["nope.json", "icons/whist.png", "../__init__.py", "", "icons"])
def test_an_unknown_name_is_a_key_error_listing_the_known_ones(name: str):
    with pytest.raises(UnknownResourceError) as info:
        resource_path(name)
    assert isinstance(info.value, KeyError)
    message = str(info.value)
    assert message.startswith(f"unknown whistgui resource {name!r}; known: ")
    for known in RESOURCES:
        assert known in message


def test_read_text_and_read_bytes():
    data = json.loads(read_text("examples.json"))
    assert data["version"] == 1
    assert len(data["examples"]) > 20
    assert read_bytes("icons/whistgui-16.png")[:8] == PNG_MAGIC
    with pytest.raises(KeyError):
        read_text("README.md")


def test_icon_path_gives_the_svg_by_default():
    path = icon_path()
    assert path == resource_path("icons/whistgui.svg")
    root = ET.parse(path).getroot()
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    assert root.get("viewBox") == "0 0 256 256"


@pytest.mark.parametrize("size", ICON_SIZES)
def test_each_icon_png_has_its_size_and_an_alpha_channel(size: int):
    path = icon_path(size)
    assert path.name == f"whistgui-{size}.png"
    width, height, colour = png_size(path.read_bytes())
    assert (width, height) == (size, size)
    assert colour == 6  # RGBA: the felt's rounded corners are transparent


@pytest.mark.parametrize("size", [0, 20, 1024, -16, True])
def test_a_size_without_a_png_is_refused_naming_the_sizes(size: int):
    with pytest.raises(ValueError, match=r"the sizes are 16, 24, 32, 48, 64, 128, 256, 512"):
        icon_path(size)


# --- a PyInstaller bundle, imitated -------------------------------------------------------------


@pytest.fixture
def frozen(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A folder laid out as PyInstaller lays out the bundle, set as ``sys._MEIPASS``: its
    examples.json holds one example only, so that reading it shows where it came from."""
    folder = tmp_path / "whistgui" / "assets"
    folder.mkdir(parents=True)
    data = json.loads(read_text("examples.json"))
    data["examples"] = [e for e in data["examples"] if e["number"] == 15]
    (folder / "examples.json").write_text(json.dumps(data), encoding="utf-8")
    monkeypatch.setattr(sys, "_MEIPASS", str(tmp_path), raising=False)
    resource_root.cache_clear()
    return folder


def test_a_bundle_is_read_from_its_meipass_folder(frozen: Path):
    assert resource_root() == frozen
    assert resource_path("examples.json") == frozen / "examples.json"


def test_load_examples_goes_through_the_accessor(frozen: Path):
    assert [e.number for e in load_examples()] == [15]


def test_a_resource_missing_from_a_bundle_names_the_folder(frozen: Path):
    with pytest.raises(
        FileNotFoundError, match=r"'icons/whistgui-32.png' is missing from "
    ) as info:
        icon_path(32)
    assert str(frozen) in str(info.value)


def test_only_the_accessor_looks_at_meipass():
    users = sorted(
        p.relative_to(ROOT).as_posix()
        for p in (ROOT / "whistgui").rglob("*.py")
        if "_MEIPASS" in p.read_text(encoding="utf-8")
    )
    assert users == ["whistgui/resources.py"]


# --- the icon's rendering -----------------------------------------------------------------------


def _render_icons() -> ModuleType:
    spec = importlib.util.spec_from_file_location(
        "render_icons", ROOT / "packaging" / "render_icons.py"
    )
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_small_icons_leave_out_the_detail_groups():
    render_icons = _render_icons()
    svg = icon_path().read_text(encoding="utf-8")
    small = ET.fromstring(render_icons.svg_for(16, svg))
    big = ET.fromstring(render_icons.svg_for(256, svg))
    assert not [e for e in small.iter() if e.get("id", "").startswith("detail")]
    assert len([e for e in big.iter() if e.get("id", "").startswith("detail")]) == 2
    assert len(list(small.iter())) < len(list(big.iter()))


def test_the_pngs_are_current_renderings_of_the_svg(qapp: object):
    """``python packaging/render_icons.py`` after editing whistgui.svg keeps this green.

    ``qapp`` first: the script would otherwise make a QGuiApplication, on which the widget
    tests that come later could not run."""
    assert _render_icons().main(["--check"]) == 0


def test_the_rendered_icon_is_a_rounded_square_with_cards_on_it(qapp: object):
    from PySide6.QtGui import QImage

    image = QImage(str(icon_path(256)))
    assert (image.width(), image.height()) == (256, 256)
    assert image.pixelColor(0, 0).alpha() == 0  # outside the rounded corner
    assert image.pixelColor(128, 240).alpha() == 255  # the felt
    felt = image.pixelColor(40, 200)
    assert felt.green() > felt.red() + 40  # green felt
    card = image.pixelColor(150, 180)  # the front card, below its spade
    assert min(card.red(), card.green(), card.blue()) > 200
