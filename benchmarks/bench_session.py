"""Memory over a session of the app (issue 25: "after twelve minutes of use the process held
1.27 GB"): the main window, offscreen, driven as a user would drive it through its workspaces —
every example of the papers opened (each analysed), every suit of each inspected in the
game-tree inspector, the whole-deal play tree of (27), optimal play of each example played to
the end, GOPS N = 6 solved and walked (every first prize, a bid from each, the exact values the
explorer computes), random bridge deals with their double-dummy table played out card by card
by the best card, and Single Suits listing n = 6 to 8 (``--lab-n``). The session runs
``--rounds`` times (each round its own bridge deals and GOPS path, the examples again), so that
what a longer session would keep shows as growth from one round to the next.

Reported: the resident memory after each part (``VmRSS``), the peak (``VmHWM``) and what is left
at the end, and the seconds. ``--tree`` runs it in a fresh interpreter for each source tree
given (``PYTHONPATH``), one after the other: the yardstick is the tree before (a copy of main),
the measure this one. Nothing is asserted.

Run from the repository root::

    PYTHONPATH=. python benchmarks/bench_session.py                   # this tree
    python benchmarks/bench_session.py --tree /tmp/main-copy --tree .  # before and after
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

#: Examples whose every suit is inspected (all examples are opened and played).
INSPECTED = (5, 15, 19, 25, 26, 27)


def status_mb(field: str) -> float:
    """A field of /proc/self/status in MB (VmRSS: resident now, VmHWM: the peak)."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith(field + ":"):
            return int(line.split()[1]) / 1024
    raise KeyError(field)


def child(rounds: int, lab_n: int, bridge_deals: int, trace: int) -> None:
    """Drive the app and print one JSON object: the parts' RSS and seconds (and with ``trace``,
    to standard error, the allocation sites that grew most over the last round)."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    import gc
    from collections import Counter

    def census() -> Counter[str]:
        """The objects the cycle collector tracks, by type (containers: dicts, lists, …)."""
        gc.collect()
        return Counter(type(o).__qualname__ for o in gc.get_objects())

    from PySide6.QtCore import QEventLoop, QSettings, QTimer
    from PySide6.QtWidgets import QApplication, QMessageBox

    from whistgui.app.examples import load_examples
    from whistgui.engine.gops import GopsRules
    from whistgui.ui.main_window import MainWindow

    app = QApplication(sys.argv[:1])
    for name in ("warning", "critical", "information", "question"):  # no modal box waits
        setattr(QMessageBox, name, staticmethod(lambda *a, **k: QMessageBox.StandardButton.Ok))
    settings = QSettings(os.devnull, QSettings.Format.IniFormat)
    window = MainWindow(settings=settings)
    window.resize(1280, 800)
    window.show()
    busy = [False]
    window.engine.busy.connect(lambda on: busy.__setitem__(0, on))

    def wait(cond: Callable[[], bool], timeout: float = 300.0) -> None:
        """Run an event loop until ``cond()`` (as the app's loop runs: posted events, timers,
        and the widgets deleted later, which processEvents alone leaves)."""
        end = time.monotonic() + timeout
        loop = QEventLoop()
        timer = QTimer()
        timer.timeout.connect(lambda: loop.quit() if cond() or time.monotonic() > end else None)
        timer.start(5)
        if not cond():
            loop.exec()
        timer.stop()
        if not cond():
            raise SystemExit(f"timed out waiting ({timeout} s)")

    def spin(ms: int = 10) -> None:
        loop = QEventLoop()
        QTimer.singleShot(ms, loop.quit)
        loop.exec()

    def idle() -> None:
        spin()
        wait(lambda: not busy[0])
        spin()

    parts: list[dict[str, object]] = []
    start = time.monotonic()

    def mark(name: str, t0: float) -> None:
        parts.append(
            {
                "part": name,
                "seconds": round(time.monotonic() - t0, 2),
                "rss_mb": round(status_mb("VmRSS"), 1),
                "peak_mb": round(status_mb("VmHWM"), 1),
                "blocks": sys.getallocatedblocks(),
            }
        )
        print(json.dumps(parts[-1]), file=sys.stderr, flush=True)

    idle()
    mark("window", start)
    trick = window.workspace("trick")
    examples = [e.number for e in load_examples()]
    before_last = None
    for r in range(rounds):
        if trace and r == rounds - 1:
            before_last = census()
        window.set_game("whist")
        t0 = time.monotonic()
        for n in examples:
            trick.open_example(n)
            wait(trick.ready)
        mark(f"round {r + 1}: {len(examples)} examples opened and analysed", t0)

        t0 = time.monotonic()
        for n in INSPECTED:
            trick.open_example(n)
            idle()
            for i in range(len(trick.session.document.deal.suits)):
                trick.inspect_suit(i)
                idle()
        mark(f"round {r + 1}: every suit of {len(INSPECTED)} examples inspected", t0)

        t0 = time.monotonic()
        trick.open_example(27)
        idle()
        trick.inspect_deal()
        idle()
        mark(f"round {r + 1}: play tree of (27)", t0)

        t0 = time.monotonic()
        for n in examples:
            trick.open_example(n)
            idle()
            trick.play_deal()
            idle()
            trick.play_panel.to_end()
            idle()
        mark(f"round {r + 1}: optimal play of every example to the end", t0)

        t0 = time.monotonic()
        window.set_game("gops")
        explorer = window.workspace("gops").explorer
        explorer.set_rules(GopsRules(6))
        wait(lambda e=explorer: e.session.solved and e.ready())
        for prize in range(1, 7):
            explorer.turn(prize)
            wait(explorer.ready)
            bid = (6 - (prize + r) % 6, 1 + (prize + r) % 5)
            explorer.bid(*bid)
            wait(explorer.ready)
            explorer.back()
            wait(explorer.ready)
            explorer.back()
            wait(explorer.ready)
        mark(f"round {r + 1}: GOPS N = 6 solved and walked", t0)

        t0 = time.monotonic()
        window.set_game("bridge")
        bridge = window.workspace("bridge")
        page = bridge.page
        for k in range(bridge_deals):
            bridge.session.random_deal(seed=1000 * r + k)
            wait(page.ready)
            for _ in range(52):
                wait(page.ready)
                if not page.play_best():
                    break
            idle()
        mark(f"round {r + 1}: {bridge_deals} bridge deals played out", t0)

        if lab_n:
            t0 = time.monotonic()
            lab = window.show_workspace("lab").suits
            for n in range(6, lab_n + 1):
                lab.n.setValue(n)
                lab.list_suits()
                wait(lambda lab=lab: lab.listing is None)
            idle()
            window.workspace("lab").suits.close()
            app.processEvents()
            mark(f"round {r + 1}: Single Suits n = 6 to {lab_n}", t0)
    window.set_game("whist")
    idle()
    mark("end", start)
    if before_last is not None:
        grown = census()
        grown.subtract(before_last)
        print(f"\nthe {trace} types grown most in the last round (objects):", file=sys.stderr)
        for name, n in grown.most_common(trace):
            print(f"  {n:+10,} {name}", file=sys.stderr)
    window.shutdown()
    print(json.dumps(parts))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--rounds", type=int, default=2, help="times the session is run (default 2)")
    ap.add_argument("--lab-n", type=int, default=8, help="Single Suits up to n (0: none)")
    ap.add_argument("--bridge-deals", type=int, default=3, help="bridge deals a round")
    ap.add_argument("--tree", action="append", help="a source tree to run it in (repeatable)")
    ap.add_argument(
        "--trace",
        type=int,
        default=0,
        metavar="N",
        help="print the N types whose objects grew most in number over the last round",
    )
    ap.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.child:
        child(args.rounds, args.lab_n, args.bridge_deals, args.trace)
        return
    trees = args.tree or [str(Path.cwd())]
    results = {}
    for tree in trees:
        env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "PYTHONPATH": str(Path(tree))}
        argv = [
            sys.executable,
            str(Path(__file__).resolve()),
            "--child",
            f"--rounds={args.rounds}",
            f"--lab-n={args.lab_n}",
            f"--bridge-deals={args.bridge_deals}",
            f"--trace={args.trace}",
        ]
        print(f"\n{tree}:", flush=True)
        proc = subprocess.run(argv, env=env, capture_output=True, text=True, check=False)
        if proc.returncode != 0:
            print(proc.stderr[-3000:])
            raise SystemExit(f"the session failed in {tree}")
        if args.trace and "types grown most" in proc.stderr:
            print(proc.stderr[proc.stderr.rfind("\nthe ") :])
        parts = json.loads(proc.stdout.strip().splitlines()[-1])
        results[tree] = parts
        print(f"  {'part':<60} {'s':>6} {'RSS MB':>7} {'peak MB':>8} {'blocks':>11}")
        for p in parts:
            print(
                f"  {p['part']:<60} {p['seconds']:6.1f} {p['rss_mb']:7.0f} {p['peak_mb']:8.0f} "
                f"{p['blocks']:11,}"
            )
    if len(results) > 1:
        print("\ntree: peak MB, MB at the end, seconds")
        for tree, parts in results.items():
            end = parts[-1]
            print(f"  {tree}: {end['peak_mb']:.0f}, {end['rss_mb']:.0f}, {end['seconds']:.0f}")


if __name__ == "__main__":
    main()
