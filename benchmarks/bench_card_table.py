"""Time the card table with many suits: setting a document and painting it (offscreen).

For documents of 4, 50, 200 and 400 suits (``AQ/KJ`` repeated: 13-card decks, so 13 cards
a suit are drawn, in hands and pool), a 900 × 520 table is given the document and grabbed
(one full paint) ``--repeat`` times; the median seconds are printed. Nothing is asserted.
Issue 16's review measured the old table at 14 s for one paint of 200 suits.

Run from the repository root::

    PYTHONPATH=. python benchmarks/bench_card_table.py --repeat 3
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import time

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtWidgets import QApplication

from whistgui.app.document import Document
from whistgui.engine import Deal
from whistgui.ui.trick.table import CardTable


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--suits", type=int, nargs="*", default=[4, 50, 200, 400])
    args = ap.parse_args()
    app = QApplication.instance() or QApplication([])
    print(f"{platform.python_implementation()} {platform.python_version()}, {os.cpu_count()} cores")
    print(f"{'suits':>6} {'set_document':>13} {'paint':>8}")
    for n in args.suits:
        doc = Document.from_deal(Deal.parse(" ".join(["AQ/KJ"] * n)))
        set_times, paint_times = [], []
        for _ in range(args.repeat):
            table = CardTable()
            table.resize(900, 520)
            t0 = time.perf_counter()
            table.set_document(doc)
            t1 = time.perf_counter()
            table.grab()
            t2 = time.perf_counter()
            set_times.append(t1 - t0)
            paint_times.append(t2 - t1)
            app.processEvents()
        print(
            f"{n:>6} {statistics.median(set_times):>12.3f}s {statistics.median(paint_times):>7.3f}s"
        )


if __name__ == "__main__":
    main()
