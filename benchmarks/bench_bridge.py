"""Time four-hand bridge double dummy: DDS's full table, one position's card scores, a 52-card
line played by card scores, and the engine's own exact endgame solver: on 2- to N-card endings
(hearts, North leading), then on the 6- and 7-card endings of the issue's aim (every strain
and every leader, a fresh solver each: seconds and cards searched).

Deals are shuffled from seeds 1..K. Nothing is asserted.

Run from the repository root::

    PYTHONPATH=. python benchmarks/bench_bridge.py --deals 10
"""

from __future__ import annotations

import argparse
import platform
import random
import statistics
import time

from whistgui.engine.bridge import (
    BridgeCard,
    BridgeDeal,
    BridgePosition,
    EndgameSolver,
    Seat,
    Strain,
    Suit,
)
from whistgui.engine.bridge.dds import card_scores, dd_table

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
    args = ap.parse_args(argv)
    print(f"python {platform.python_version()}, {platform.machine()}; min / median / max")
    dd_table(deal(0))  # DDS starts its threads once
    tables, scores, lines = [], [], []
    for seed in range(1, args.deals + 1):
        d = deal(seed)
        t = time.perf_counter()
        dd_table.__wrapped__(d)  # not the remembered table
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
