"""Help: the keyboard shortcuts (the window's, then each workspace's section) and About."""

from __future__ import annotations

from collections.abc import Iterable

from whistgui import __version__
from whistgui.ui.workspace import Workspace

__all__ = ["WINDOW_KEYS_HTML", "about_html", "keys_html"]

#: The window's own keys (every workspace's are in its :attr:`Workspace.keys_html`).
WINDOW_KEYS_HTML = """<tr><td colspan=2><b>Window</b></td></tr>
<tr><td>Ctrl+Z, Ctrl+Shift+Z (Ctrl+Y)</td><td>undo, redo (in the workspace shown)</td></tr>
<tr><td>Ctrl+N / O / S</td><td>new, open, save</td></tr>
<tr><td>Ctrl+G (Alt+G)</td><td>the game selector (Deal ▸ Game too)</td></tr>
<tr><td>Ctrl+E</td><td>export a figure (view, size, font, format; preview)</td></tr>
<tr><td>Ctrl+Shift+C, Ctrl+Alt+C</td><td>copy the figure as an image, as SVG</td></tr>
<tr><td>Ctrl+.</td><td>stop the computation</td></tr>
<tr><td>F1</td><td>these keys</td></tr>"""


def keys_html(workspaces: Iterable[type[Workspace]]) -> str:
    """Help ▸ Keyboard Shortcuts: the window's keys, the openers of the workspaces that are
    windows of their own, then each workspace's section."""
    rows = [WINDOW_KEYS_HTML]
    for cls in workspaces:
        if cls.opener is not None and cls.opener.shortcut:
            what = cls.opener.status_tip or cls.title
            rows.append(f"<tr><td>{cls.opener.shortcut}</td><td>{cls.title}: {what}</td></tr>")
    rows.extend(cls.keys_html for cls in workspaces if cls.keys_html)
    return "<table cellspacing=4>\n" + "\n".join(rows) + "\n</table>"


def about_html() -> str:
    """The About box: version, the papers implemented, and the licences of what is bundled."""
    from PySide6 import __version__ as pyside_version

    try:
        from importlib.metadata import version

        pg_version = version("pyqtgraph")
    except Exception:  # pragma: no cover - metadata missing in odd installs
        pg_version = "?"
    return (
        f"<h3>whistgui {__version__}</h3>"
        "<p>Values, exact search and optimal play for two-person whist, implementing "
        "J. Wästlund, <i>Two-person symmetric whist</i>, Electronic Journal of "
        "Combinatorics 12 (2005) #R44, with the single-suit game of J. Wästlund, "
        "<i>A solution of two-person single-suit whist</i>, ibid. #R43.</p>"
        "<p>whistgui is free software under the MIT licence.</p>"
        "<p><b>Bundled:</b> Qt for Python / PySide6 "
        f"{pyside_version} and Qt 6 (LGPL v3); pyqtgraph {pg_version} (MIT); "
        "NumPy (BSD 3-clause); Python (PSF licence).</p>"
    )
