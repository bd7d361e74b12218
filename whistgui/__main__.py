"""``whistgui`` / ``python -m whistgui``: start the desktop application.

``whistgui FILE.whist`` opens a file, ``whistgui --deal "AQ/KJ K/A"`` starts on a deal, and
``whistgui --screenshot out.png`` renders the main window once (with its analysis) and exits,
with no screen needed.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # Qt is imported only once the platform is chosen
    from PySide6.QtWidgets import QApplication

    from whistgui.ui.main_window import MainWindow

SCREENSHOT_SIZE = (1280, 720)


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="whistgui", description="The whistgui desktop analyzer.")
    p.add_argument("file", nargs="?", metavar="FILE.whist", help="a deal file to open")
    p.add_argument("--deal", metavar="DEAL", help="start on this deal, e.g. 'AQ/KJ K/A'")
    p.add_argument("--lead", choices=["W", "E"], help="who is on lead in the --deal")
    p.add_argument(
        "--screenshot",
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
    from PySide6.QtCore import QSettings
    from PySide6.QtWidgets import QApplication

    from whistgui.ui.main_window import MainWindow

    app = QApplication.instance() or QApplication(sys.argv[:1])
    from whistgui.ui.export import use_figure_font

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
        return _run(app, window, args)
    finally:
        window.shutdown()


def _run(app: QApplication, window: MainWindow, args: argparse.Namespace) -> int:
    from PySide6.QtCore import QEventLoop, QTimer
    from PySide6.QtWidgets import QMessageBox

    from whistgui.document import Document
    from whistgui.engine import Deal, Player, WhistError

    if args.file:
        from whistgui.document import DocumentError, load

        try:
            doc = load(args.file)
        except DocumentError as exc:
            if args.screenshot:
                return _fail(str(exc))
            QMessageBox.warning(window, "Cannot open", str(exc))
        else:
            from pathlib import Path

            window.session.replace(doc, Path(args.file))
    if args.deal:
        try:
            deal = Deal.parse(args.deal)
            lead = Player.parse(args.lead) if args.lead else Player.WEST
            window.session.replace(Document.from_deal(deal, lead=lead))
        except (WhistError, ValueError) as exc:
            if args.screenshot:
                return _fail(str(exc))
            QMessageBox.warning(window, "Bad deal", str(exc))
    if args.screenshot:
        window.resize(*SCREENSHOT_SIZE)
        window.show()
        loop = QEventLoop()
        window.analysisShown.connect(lambda _r: loop.quit())
        QTimer.singleShot(30000, loop.quit)
        if window.analysis.result is None or window.analysis.result.document != (
            window.session.document
        ):
            loop.exec()
        app.processEvents()
        ok = window.grab().save(args.screenshot)
        if not ok:
            return _fail(f"could not write {args.screenshot!r}")
        return 0
    window.show()
    return app.exec()


if __name__ == "__main__":
    sys.exit(main())
