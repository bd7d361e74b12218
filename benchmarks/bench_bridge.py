"""Time four-hand bridge double dummy: ``whist bridge table`` against a plain loop of DDS
(issue 23), then DDS's full table, one position's card scores, a 52-card line played by card
scores, and the engine's own exact endgame solver: on 2- to N-card endings (hearts, North
leading), then on the 6- and 7-card endings of the issue's aim (every strain and every leader,
a fresh solver each: seconds and cards searched).

``whist bridge table`` against DDS (``--table``; first in a full run): the same T seeded random
deals (default 24, seeds 1..T) in one PBN file, answered

* by ``whist bridge table FILE`` — reading the file, the tables, par, the printed answers;
* by the yardstick: a Python program that imports endplay, reads the deal strings of the same
  file and, for each deal, calls endplay's ``calc_dd_table`` and ``par`` **from that table**
  (``whist bridge table`` prints par too; par from the table is microseconds) and prints both —
  the plain loop a user of endplay would write.

Each is timed as a process of its own (interpreter start and endplay's import included: about
1 s of endplay's import is matplotlib's) and in-process (after DDS has started its threads),
R times each, alternating; the best of R and the ratio are printed. Nothing is asserted.

Deals are shuffled from seeds 1..K. Run from the repository root::

    PYTHONPATH=. python benchmarks/bench_bridge.py --table --runs 5
    PYTHONPATH=. python benchmarks/bench_bridge.py --deals 10
"""

from __future__ import annotations

import argparse
import contextlib
import io
import os
import platform
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from whistgui.engine.bridge import (
    BridgeCard,
    BridgeDeal,
    BridgePosition,
    EndgameSolver,
    Seat,
    Strain,
    Suit,
)
from whistgui.engine.bridge.dds import _solve_table, card_scores, dd_table

DECK = [BridgeCard(s, r) for s in Suit for r in range(2, 15)]


def deal(seed: int, size: int = 13, top: bool = False) -> BridgeDeal:
    """``size`` cards a hand shuffled with ``seed``: from the whole deck, or (``top``) from
    the top ranks of the four suits only (each suit ``size`` cards long, every card high)."""
    cards = [c for c in DECK if c.rank > 14 - size] if top else DECK[:]
    random.Random(seed).shuffle(cards)
    return BridgeDeal.from_hands({s: cards[s * size : (s + 1) * size] for s in Seat})


def line(d: BridgeDeal) -> float:
    """Seconds to play ``d`` out in no trumps, South declaring, each card by its scores."""
    t = time.perf_counter()
    pos = BridgePosition.from_deal(d, Strain.NT, Seat.W)
    while not pos.is_over:
        scores = card_scores(pos)
        best = max(scores.values())
        pos = pos.play(max(c for c, s in scores.items() if s == best))
    return time.perf_counter() - t


def stats(xs: list[float]) -> str:
    return f"{min(xs):.4f} / {statistics.median(xs):.4f} / {max(xs):.4f} s"


#: The yardstick: the plain endplay loop over the deal strings of a PBN file, par from the table.
YARDSTICK = """
import sys
from endplay.dds import calc_dd_table, par
from endplay.types import Deal, Player, Vul

def tables(path):
    deals = [line.split('"')[1] for line in open(path) if line.startswith("[Deal ")]
    out = []
    for text in deals:
        table = calc_dd_table(Deal.from_pbn(text))
        result = par(table, Vul.none, Player.north)
        out.append(f"{text}\\n{table}\\npar {result.score} {[str(c) for c in result]}")
    return out

if __name__ == "__main__":
    print("\\n".join(tables(sys.argv[1])))
"""


def pbn_file(deals: int, folder: Path) -> Path:
    """``deals`` random deals (seeds 1..deals) as one PBN file, dealer North, none vulnerable."""
    boards = [
        f'[Board "{i}"]\n[Dealer "N"]\n[Vulnerable "None"]\n[Deal "{deal(i).to_pbn()}"]\n'
        for i in range(1, deals + 1)
    ]
    path = folder / "deals.pbn"
    path.write_text("\n".join(boards), encoding="utf-8")
    return path


def table_against_dds(deals: int, runs: int) -> None:
    """``whist bridge table`` against the yardstick on the same deals, side by side."""
    whist = Path(sys.executable).parent / "whist"
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        path = pbn_file(deals, folder)
        loop = folder / "yardstick.py"
        loop.write_text(YARDSTICK, encoding="utf-8")
        commands = {
            "whist bridge table": [str(whist), "bridge", "table", str(path)],
            "endplay loop": [sys.executable, str(loop), str(path)],
        }
        env = {**os.environ, "PYTHONPATH": str(folder)}
        process: dict[str, list[float]] = {name: [] for name in commands}
        for _ in range(runs):
            for name, cmd in commands.items():
                t = time.perf_counter()
                subprocess.run(cmd, capture_output=True, check=True, env=env)
                process[name].append(time.perf_counter() - t)
        sys.path.insert(0, str(folder))
        import yardstick  # type: ignore[import-not-found]

        from whistgui.cli import main as whist_main

        def in_whist() -> None:
            with contextlib.redirect_stdout(io.StringIO()):
                whist_main(["bridge", "table", str(path)])

        def in_loop() -> None:
            yardstick.tables(str(path))

        in_loop()  # DDS starts its threads once
        inside: dict[str, list[float]] = {"whist bridge table": [], "endplay loop": []}
        for _ in range(runs):
            for name, fn in (("whist bridge table", in_whist), ("endplay loop", in_loop)):
                t = time.perf_counter()
                fn()
                inside[name].append(time.perf_counter() - t)
        in_dds = _time_in_dds(in_whist)
    print(f"whist bridge table against a plain DDS loop: {deals} deals, best of {runs} runs")
    print(f"  {'':<20}{'process':>10}{'in-process':>12}")
    for name in commands:
        print(f"  {name:<20}{min(process[name]):>9.2f}s{min(inside[name]):>11.2f}s")
    w, y = "whist bridge table", "endplay loop"
    print(
        f"  {'ratio':<20}{min(process[w]) / min(process[y]):>10.2f}"
        f"{min(inside[w]) / min(inside[y]):>12.2f}   (target ≤ 1.1)"
    )
    total, dds = in_dds
    print(
        f"  one more in-process run of whist bridge table: {total:.2f} s, of which "
        f"{dds:.2f} s inside libdds; whist's own share {total - dds:.3f} s "
        f"({(total - dds) / total:.1%}: reading, par, printing)"
    )


def _time_in_dds(fn: object) -> tuple[float, float]:
    """Seconds of one call of ``fn`` and of the time it spends inside libdds's table calls
    (CalcAllTables, CalcDDtable, DealerParBin), which are wrapped to be timed."""
    from endplay import _dds

    spent = [0.0]
    real = {name: getattr(_dds, name) for name in ("CalcAllTables", "CalcDDtable", "DealerParBin")}

    def timed(f):  # type: ignore[no-untyped-def]
        def call(*args):  # type: ignore[no-untyped-def]
            t = time.perf_counter()
            try:
                return f(*args)
            finally:
                spent[0] += time.perf_counter() - t

        return call

    for name, f in real.items():
        setattr(_dds, name, timed(f))
    try:
        t = time.perf_counter()
        fn()  # type: ignore[operator]
        return time.perf_counter() - t, spent[0]
    finally:
        for name, f in real.items():
            setattr(_dds, name, f)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--deals", type=int, default=10, help="deals (default 10)")
    ap.add_argument("--endgame", type=int, default=7, help="largest ending for the engine's solver")
    ap.add_argument(
        "--sizes",
        type=int,
        nargs="*",
        default=[6, 7],
        help="endings solved in every strain from every leader (default 6 7)",
    )
    ap.add_argument(
        "--top",
        action="store_true",
        help="deal those endings from the top ranks of each suit (four suits of equal length)",
    )
    ap.add_argument(
        "--table", action="store_true", help="only whist bridge table against a DDS loop"
    )
    ap.add_argument("--table-deals", type=int, default=24, help="deals for --table (default 24)")
    ap.add_argument("--runs", type=int, default=5, help="runs of each, best kept (default 5)")
    args = ap.parse_args(argv)
    print(f"python {platform.python_version()}, {platform.machine()}, {os.cpu_count()} cores")
    table_against_dds(args.table_deals, args.runs)
    if args.table:
        return 0
    print("min / median / max")
    dd_table(deal(0))  # DDS starts its threads once
    tables, scores, lines = [], [], []
    for seed in range(1, args.deals + 1):
        d = deal(seed)
        t = time.perf_counter()
        _solve_table(d)  # not the remembered table
        tables.append(time.perf_counter() - t)
        t = time.perf_counter()
        card_scores(BridgePosition.from_deal(d, Strain.S, Seat.W))
        scores.append(time.perf_counter() - t)
        if seed <= 3:
            lines.append(line(d))
    print(f"DDS full table (20 results):       {stats(tables)}")
    print(f"DDS card scores of one position:   {stats(scores)}")
    print(f"52-card line by card scores:       {stats(lines)}")
    for size in range(2, args.endgame + 1):
        times, agree = [], 0
        for seed in range(1, args.deals + 1):
            d = deal(seed, size)
            pos = BridgePosition.from_deal(d, Strain.H, Seat.N)
            t = time.perf_counter()
            mine = EndgameSolver().tricks(pos, Seat.N.side)
            times.append(time.perf_counter() - t)
            agree += mine == max(card_scores(pos).values())
        print(f"engine's solver, {size} cards a hand:   {stats(times)}  (agrees with DDS "
              f"{agree}/{args.deals})")  # fmt: skip
    for size in args.sizes:
        every_strain(size, args.deals, args.top)
    return 0


def every_strain(size: int, deals: int, top: bool = False) -> None:
    """The engine's solver from the start of ``deals`` endings of ``size`` cards a hand, in
    each strain from each leader (20 solves a deal), each with a fresh solver."""
    times: list[float] = []
    nodes: list[int] = []
    agree = 0
    worst = ""
    for seed in range(1, deals + 1):
        d = deal(seed, size, top)
        for strain in Strain:
            for leader in Seat:
                pos = BridgePosition.from_deal(d, strain, leader)
                solver = EndgameSolver()
                t = time.perf_counter()
                mine = solver.tricks(pos, leader.side)
                times.append(time.perf_counter() - t)
                nodes.append(solver.nodes)
                agree += mine == max(card_scores(pos).values())
                if times[-1] == max(times):
                    worst = f"seed {seed} {strain} {leader} leads"
    n = len(times)
    print(f"engine's solver, {size} cards a hand, every strain and leader ({n} solves): "
          f"{stats(times)}; cards searched {min(nodes)} / {statistics.median(nodes):.0f} / "
          f"{max(nodes)}; slowest: {worst}; agrees with DDS {agree}/{n}")  # fmt: skip


if __name__ == "__main__":
    raise SystemExit(main())
