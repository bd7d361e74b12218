"""``whistgui`` / ``python -m whistgui``: start the desktop application."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="whistgui", description="The whistgui desktop analyzer.")
    p.add_argument(
        "--screenshot",
        metavar="FILE.png",
        help="render the main window once to FILE.png and exit (works with no screen)",
    )
    return p


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    if args.screenshot:
        import os

        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtWidgets import QApplication

    from whistgui.ui.main_window import MainWindow

    app = QApplication.instance() or QApplication(sys.argv[:1])
    window = MainWindow()
    if args.screenshot:
        window.show()
        app.processEvents()
        if not window.grab().save(args.screenshot):
            print(f"whistgui: error: could not write {args.screenshot!r}", file=sys.stderr)
            return 2
        return 0
    window.show()
    return app.exec()


if __name__ == "__main__":
    sys.exit(main())
