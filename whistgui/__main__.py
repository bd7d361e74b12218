"""``whistgui`` / ``python -m whistgui``: start the desktop application.

``whistgui FILE.whist`` opens a file (.whist, .pbn, .lin, .heaps, .gops), ``whistgui --deal
"AQ/KJ K/A"`` starts on a deal, and ``whistgui --screenshot out.png`` renders the main window
once (with its analysis) and exits, with no screen needed.

Before Qt starts on an X display, :func:`startup_advice` checks that Qt's xcb platform plugin
can load: where system libraries it needs are missing (on Debian/Ubuntu, ``libxcb-cursor0``,
``libxcb-icccm4``, … are not always installed) ``whistgui`` prints one line naming the packages
to install and exits with status 1, instead of Qt's abort.
"""

from __future__ import annotations

import argparse
import ctypes
import os
import re
import sys
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Final

if TYPE_CHECKING:  # Qt is imported only once the platform is chosen
    from PySide6.QtWidgets import QApplication

    from whistgui.ui.main_window import MainWindow

SCREENSHOT_SIZE = (1280, 720)

#: The system libraries Qt's xcb platform plugin needs beyond Qt itself (``ldd`` on PySide6's
#: ``Qt/plugins/platforms/libqxcb.so``, 6.11), each with the Debian/Ubuntu package installing it.
XCB_PACKAGES: Final = {
    "libxcb-cursor.so.0": "libxcb-cursor0",
    "libxcb-icccm.so.4": "libxcb-icccm4",
    "libxcb-keysyms.so.1": "libxcb-keysyms1",
    "libxcb-image.so.0": "libxcb-image0",
    "libxcb-render-util.so.0": "libxcb-render-util0",
    "libxkbcommon-x11.so.0": "libxkbcommon-x11-0",
    "libxkbcommon.so.0": "libxkbcommon0",
    "libxcb-util.so.1": "libxcb-util1",
    "libxcb-randr.so.0": "libxcb-randr0",
    "libxcb-shape.so.0": "libxcb-shape0",
    "libxcb-shm.so.0": "libxcb-shm0",
    "libxcb-sync.so.1": "libxcb-sync1",
    "libxcb-xfixes.so.0": "libxcb-xfixes0",
    "libxcb-render.so.0": "libxcb-render0",
    "libxcb-xkb.so.1": "libxcb-xkb1",
    "libxcb.so.1": "libxcb1",
    "libX11-xcb.so.1": "libx11-xcb1",
    "libX11.so.6": "libx11-6",
}
_MISSING_LIBRARY = re.compile(r"(?P<lib>[^\s:/]+\.so[.\d]*): cannot open shared object file")


def load_library(name: str) -> str | None:
    """Load the shared library ``name`` (a path or a soname) as Qt would: None if it loads,
    else the dynamic loader's error."""
    try:
        ctypes.CDLL(name)
    except OSError as exc:
        return str(exc)
    return None


def xcb_plugin() -> Path | None:
    """Qt's xcb platform plugin (``…/plugins/platforms/libqxcb.so``), None if absent."""
    from PySide6.QtCore import QLibraryInfo

    plugins = QLibraryInfo.path(QLibraryInfo.LibraryPath.PluginsPath)
    path = Path(plugins) / "platforms" / "libqxcb.so"
    return path if path.is_file() else None


def missing_xcb_libraries(load: Callable[[str], str | None] = load_library) -> list[str]:
    """The libraries that keep Qt's xcb platform plugin from loading (empty when it loads,
    or when there is no such plugin to check): those of :data:`XCB_PACKAGES` that do not
    load, and the one the loader named if it is another."""
    plugin = xcb_plugin()
    if plugin is None:
        return []
    error = load(str(plugin))
    if error is None:
        return []
    missing = [lib for lib in XCB_PACKAGES if load(lib) is not None]
    named = _MISSING_LIBRARY.search(error)
    if named is not None and named["lib"] not in missing:
        missing.append(named["lib"])
    return missing or [f"{plugin.name} ({error})"]


def uses_xcb(environ: Mapping[str, str]) -> bool:
    """Qt will start on its xcb platform: on Linux with an X ``DISPLAY``, ``QT_QPA_PLATFORM``
    is ``xcb``, or unset outside a Wayland session (where Qt tries Wayland first)."""
    if not sys.platform.startswith("linux") or not environ.get("DISPLAY"):
        return False
    platform = environ.get("QT_QPA_PLATFORM", "")
    if platform:
        return platform.split(":", 1)[0] == "xcb"  # "xcb:arguments" is xcb too
    return not environ.get("WAYLAND_DISPLAY") and environ.get("XDG_SESSION_TYPE") != "wayland"


def startup_advice(environ: Mapping[str, str] = os.environ) -> str | None:
    """One line of advice when Qt is about to start on X and its xcb platform plugin cannot
    load, naming the Debian/Ubuntu packages to install; None when all is well."""
    if not uses_xcb(environ):
        return None
    missing = missing_xcb_libraries()
    if not missing:
        return None
    # the packages of the libraries found missing; all of them when none is known
    packages = [XCB_PACKAGES[lib] for lib in missing if lib in XCB_PACKAGES]
    return (
        f"whistgui: Qt cannot load its X11 (xcb) platform plugin: missing {', '.join(missing)}. "
        "On Debian/Ubuntu install them with: sudo apt-get install "
        + " ".join(packages or XCB_PACKAGES.values())
    )


def _screenshot_name(text: str) -> str:
    """``--screenshot``'s file name: not empty (an empty one read as "no screenshot" left the
    offscreen window running for ever)."""
    if not text.strip():
        raise argparse.ArgumentTypeError(
            f"{text!r} is not a file name; expected the picture's file, like out.png"
        )
    return text


def build_parser() -> argparse.ArgumentParser:
    # the command line's parser: one-line errors quoting long input shortened, and a deal
    # beginning with '-' (--deal -/AK: West void) read as the option's value, as whist does
    from whistgui.cli.common import Parser

    p = Parser(prog="whistgui", description="The whistgui desktop analyzer.")
    p.add_argument(
        "file",
        nargs="?",
        metavar="FILE",
        help=(
            "a file to open: a .whist deal, a .pbn or .lin (BBO) file of bridge boards, a "
            ".heaps game of heaps and piles, or a .gops solved game"
        ),
    )
    p.add_argument("--deal", metavar="DEAL", help="start on this deal, e.g. 'AQ/KJ K/A'")
    p.add_argument("--lead", choices=["W", "E"], help="who is on lead in the --deal")
    p.add_argument(
        "--screenshot",
        type=_screenshot_name,
        metavar="FILE.png",
        help="render the main window once to FILE.png and exit (works with no screen)",
    )
    return p


def _fail(message: str) -> int:
    print(f"whistgui: error: {message}", file=sys.stderr)
    return 2


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    if args.screenshot:
        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
        from whistgui.ui.render import quiet_offscreen_warnings

        quiet_offscreen_warnings()
    advice = startup_advice()
    if advice is not None:
        print(advice, file=sys.stderr)
        return 1
    from PySide6.QtCore import QSettings
    from PySide6.QtWidgets import QApplication

    from whistgui.ui.main_window import MainWindow

    app = QApplication.instance() or QApplication(sys.argv[:1])
    from whistgui.figures.text import use_figure_font

    use_figure_font(app)
    app.setApplicationName("whistgui")
    app.setOrganizationName("whistgui")
    app.setDesktopFileName("whistgui")
    from PySide6.QtGui import QIcon

    from whistgui.resources import ICON_SIZES, icon_path

    icon = QIcon(str(icon_path()))
    for size in ICON_SIZES:
        icon.addFile(str(icon_path(size)))
    app.setWindowIcon(icon)
    settings = None
    if args.screenshot:  # a reproducible picture: no saved geometry, no recent files
        settings = QSettings(os.devnull, QSettings.Format.IniFormat)
    window = MainWindow(settings=settings)
    try:
        status = _run(app, window, args)
    finally:
        window.shutdown()
    if argv is None:  # the program itself (not a test calling main): leave at once
        _leave(status, window)
    return status


def _leave(status: int, window: MainWindow) -> None:
    """End the process now, its settings written and exit handlers run: the interpreter's own
    ending frees every object one by one — after GOPS work, millions (a play's memo, the solved
    game): review 31b saw the process linger 6 s after the window closed (2.3 s measured here
    after a tournament of random against random, 0.4 s this way)."""
    import atexit

    window.settings.sync()
    for stream in (sys.stdout, sys.stderr):
        if stream is not None:
            stream.flush()
    atexit._run_exitfuncs()
    os._exit(status)


def _run(app: QApplication, window: MainWindow, args: argparse.Namespace) -> int:
    from PySide6.QtCore import QEventLoop, QTimer
    from PySide6.QtWidgets import QMessageBox

    from whistgui.app.document import Document
    from whistgui.engine import Deal, Player, WhistError
    from whistgui.ui.widgets.messages import for_display
    from whistgui.ui.workspace import Handover

    if args.file:
        # the workspace of the file's kind opens it (.whist, .pbn, .lin, .heaps, .gops; any other is
        # read as a deal, and refused with the reason if it is not one)
        try:
            window.load_file(args.file)
        except (WhistError, OSError) as exc:
            if args.screenshot:
                return _fail(str(exc))
            QMessageBox.warning(window, "Cannot open", for_display(str(exc)))
    if args.deal:
        try:
            deal = Deal.parse(args.deal)
            lead = Player.parse(args.lead) if args.lead else Player.WEST
            window.hand_over(Handover(Document.from_deal(deal, lead=lead), replace=True))
        except (WhistError, ValueError) as exc:
            if args.screenshot:
                return _fail(str(exc))
            QMessageBox.warning(window, "Bad deal", for_display(str(exc)))
    if args.screenshot:
        window.resize(*SCREENSHOT_SIZE)
        window.show()
        loop = QEventLoop()
        QTimer.singleShot(30000, loop.quit)
        # the workspace shown has computed what it shows: the whist analysis, bridge's table
        # and the cards' scores, GOPS's values of the state
        workspace = window.current

        def check(*_args: object) -> None:
            if workspace.ready():
                loop.quit()

        # asked as each job ends (after the view that waited for it has shown its result: it
        # connected first), and every 10 ms for work that is no job
        window.engine.finished.connect(check)
        window.engine.failed.connect(check)
        timer = QTimer(window)
        timer.timeout.connect(check)
        timer.start(10)
        if not workspace.ready():
            loop.exec()
        timer.stop()
        app.processEvents()
        ok = window.grab().save(args.screenshot)
        if not ok:
            from whistgui.engine.reading import quote_path

            return _fail(
                f"could not write {quote_path(args.screenshot)}; expected a writable .png, .jpg "
                "or .bmp file in an existing folder"
            )
        return 0
    window.show()
    return app.exec()


if __name__ == "__main__":
    sys.exit(main())
