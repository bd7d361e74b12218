"""The one accessor for the files the app needs at run time, wherever it runs.

Everything lives in the repository's top-level ``resources/`` folder, installed as the
package ``whistgui.assets`` (pyproject.toml maps it): the paper's example deals and the app
icon, as SVG and as PNGs of the usual sizes. Ask for a resource by its name, a path relative to
that folder:

>>> resource_path("examples.json").name
'examples.json'
>>> icon_path(32).name
'whistgui-32.png'
>>> icon_path().suffix
'.svg'
>>> read_text("examples.json").startswith("{")
True

The folder is found the same way from an editable install of the source tree and from an
installed wheel (through :mod:`importlib.resources`), and inside a PyInstaller bundle (under
``sys._MEIPASS``: this module is the only place that looks at it). An unknown name raises
:class:`UnknownResourceError`, a :class:`KeyError` that lists the known names:

>>> resource_path("icons/whist.png")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
whistgui.resources.UnknownResourceError: unknown whistgui resource 'icons/whist.png'; known: ...
"""

from __future__ import annotations

import atexit
import contextlib
import sys
from functools import cache
from importlib.resources import as_file, files
from pathlib import Path
from typing import Final

__all__ = [
    "ICON_SIZES",
    "RESOURCES",
    "SCREEN_FONTS",
    "UnknownResourceError",
    "icon_path",
    "read_bytes",
    "read_text",
    "resource_path",
    "resource_root",
]

ICON_SIZES: Final = (16, 24, 32, 48, 64, 128, 256, 512)
"""The sizes, in pixels, of the app icon's PNGs (rendered from the SVG by
``packaging/render_icons.py``)."""

ICON_SVG: Final = "icons/whistgui.svg"

FIGURE_FONTS: Final = (
    "fonts/DejaVuSans.ttf",
    "fonts/DejaVuSans-Bold.ttf",
    "fonts/DejaVuSans-Oblique.ttf",
    "fonts/lmroman10-regular.otf",
    "fonts/lmroman10-bold.otf",
    "fonts/lmroman10-italic.otf",
    "fonts/latinmodern-math.otf",
)
"""The fonts figures are laid out and drawn in, shipped so that a figure is the same on every
machine: DejaVu Sans (the papers' symbols ε, ±, ½, subscripts and suits in one face), and
Latin Modern Roman with Latin Modern Math for its symbols (the face of LaTeX articles; see
:mod:`whistgui.figures.fonts`)."""

SCREEN_FONTS: Final = ("fonts/whistgui-subscripts.ttf", "fonts/whistgui-subscripts-bold.ttf")
"""The screen's subscript digits ₀ … ₉ (regular, bold): DejaVu Sans's digits at 70 %, lowered —
its own at 56 % are 5 px tall at the app's 9 pt, ₆ and ₈ reading as ₀. Made by
``packaging/make_subscript_font.py``; see :func:`whistgui.figures.text.use_figure_font`."""

RESOURCES: Final[tuple[str, ...]] = (
    "examples.json",
    ICON_SVG,
    *(f"icons/whistgui-{size}.png" for size in ICON_SIZES),
    *FIGURE_FONTS,
    *SCREEN_FONTS,
    "fonts/LICENSE-DejaVu.txt",
    "fonts/LICENSE-LatinModern.txt",
)
"""Every run-time resource, by name (a ``/``-separated path under ``resources/``)."""

#: The package the resources are installed as, and where a PyInstaller bundle keeps them.
_PACKAGE: Final = "whistgui.assets"
_BUNDLED: Final = ("whistgui", "assets")


class UnknownResourceError(KeyError):
    """A resource name that is not one of :data:`RESOURCES`."""

    def __init__(self, name: str) -> None:
        super().__init__(name)
        self.name = name

    def __str__(self) -> str:  # KeyError would print the repr of the message
        known = ", ".join(RESOURCES)
        return f"unknown whistgui resource {self.name!r}; known: {known}"


def _meipass() -> str | None:
    """The folder a PyInstaller bundle unpacks to, or None when not frozen."""
    base = getattr(sys, "_MEIPASS", None)
    return base if isinstance(base, str) else None


@cache
def resource_root() -> Path:
    """The folder that holds the resources: ``<bundle>/whistgui/assets`` when frozen by
    PyInstaller, else the package ``whistgui.assets`` as :mod:`importlib.resources` finds it
    (``resources/`` of the source tree, or the installed wheel). A package imported from a zip
    file is extracted once to a temporary folder, removed when the process exits."""
    base = _meipass()
    if base is not None:
        return Path(base).joinpath(*_BUNDLED)
    folder = files(_PACKAGE)
    if isinstance(folder, Path):
        return folder
    stack = contextlib.ExitStack()  # pragma: no cover - only for zip imports
    atexit.register(stack.close)  # pragma: no cover
    return stack.enter_context(as_file(folder))  # pragma: no cover


def resource_path(name: str) -> Path:
    """The file of the resource ``name`` (one of :data:`RESOURCES`).

    Raises :class:`UnknownResourceError` for a name that is not a resource, and
    :class:`FileNotFoundError` naming the folder when a known resource is missing from it (an
    incomplete install or bundle)."""
    if name not in RESOURCES:
        raise UnknownResourceError(name)
    path = resource_root().joinpath(*name.split("/"))
    if not path.is_file():
        raise FileNotFoundError(
            f"whistgui resource {name!r} is missing from {resource_root()} "
            "(an incomplete install or bundle?)"
        )
    return path


def read_text(name: str, encoding: str = "utf-8") -> str:
    """The text of the resource ``name``; errors as for :func:`resource_path`."""
    return resource_path(name).read_text(encoding=encoding)


def read_bytes(name: str) -> bytes:
    """The bytes of the resource ``name``; errors as for :func:`resource_path`."""
    return resource_path(name).read_bytes()


def icon_path(size: int | None = None) -> Path:
    """The app icon: the SVG for ``size=None``, else the PNG of ``size`` pixels square, one of
    :data:`ICON_SIZES` (:class:`ValueError` names them for any other size)."""
    if size is None:
        return resource_path(ICON_SVG)
    if isinstance(size, bool) or size not in ICON_SIZES:
        sizes = ", ".join(map(str, ICON_SIZES))
        raise ValueError(f"no {size!r} px whistgui icon; the sizes are {sizes} (or None for SVG)")
    return resource_path(f"icons/whistgui-{size}.png")
