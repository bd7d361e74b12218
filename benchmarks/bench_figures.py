"""Time the figures: building each view from the data, and writing it in each format.

For the paper's deals (26) and (27), a 10-card numbered suit and a one-card deal, every view of
:data:`whistgui.figures.VIEWS` is built ``--repeat`` times at 120 mm and 9 pt (the tree one
level deep) and written as PNG (300 dpi), SVG, PDF and TikZ; the median seconds are printed.
Nothing is asserted.

Run from the repository root::

    PYTHONPATH=. python benchmarks/bench_figures.py --repeat 5
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import tempfile
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from whistgui.app.document import Document
from whistgui.app.examples import load_examples
from whistgui.engine import Deal, Player, SuitDeal
from whistgui.figures import VIEWS, FigureOptions, build_figure, write
from whistgui.figures.text import ensure_app


def deals() -> dict[str, Document]:
    ex = {e.number: e for e in load_examples()}
    return {
        "(26)": Document.from_deal(ex[26].deal, lead=Player.WEST, title=ex[26].title),
        "(27)": Document.from_deal(ex[27].deal, lead=Player.WEST, title=ex[27].title),
        "10-card suit": Document.from_deal(Deal([SuitDeal(range(2, 22, 2), range(1, 21, 2))])),
        "one card": Document.from_deal(Deal.parse("A/K")),
    }


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--repeat", type=int, default=5, help="times each is timed (default 5)")
    args = ap.parse_args(argv)
    ensure_app()
    options = FigureOptions(depth=1)
    print(f"python {platform.python_version()}, {platform.machine()}; median of {args.repeat}")
    print(f"{'deal':<14} {'view':<11} {'build':>8} {'png':>8} {'svg':>8} {'pdf':>8} {'tex':>8}")
    with tempfile.TemporaryDirectory() as tmp:
        for name, doc in deals().items():
            for view in VIEWS:
                times: dict[str, list[float]] = {k: [] for k in ("build", *FORMATS)}
                for _ in range(args.repeat):
                    t = time.perf_counter()
                    fig = build_figure(view, doc, options)
                    times["build"].append(time.perf_counter() - t)
                    for kind in FORMATS:
                        t = time.perf_counter()
                        write(fig, Path(tmp) / f"f.{kind}", dpi=300)
                        times[kind].append(time.perf_counter() - t)
                cells = " ".join(f"{statistics.median(times[k]):>8.3f}" for k in times)
                print(f"{name:<14} {view:<11} {cells}")
    return 0


FORMATS = ("png", "svg", "pdf", "tex")

if __name__ == "__main__":
    raise SystemExit(main())
