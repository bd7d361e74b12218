"""Time ``whist bridge handout`` and ``whist bridge leads`` (issue 29) against their yardsticks,
side by side in one run: the same B seeded random boards (default 16; the odd ones with a
contract, the even ones led against par's) in one PBN file,

* ``whist bridge handout FILE -o out.pdf`` — reading, DDS tables in a batch, par, each board's
  opening leads (one SolveBoard), the layout and the PDF;
* ``whist bridge table FILE`` — the double-dummy part alone, the floor the handout stands on;
* the yardstick: a plain endplay program that, for each deal, calls ``calc_dd_table``, ``par``
  and ``solve_board`` from the opening lead of 3NT by South — the DDS work a handout needs,
  with no layout or PDF;
* ``whist bridge leads FILE --contract 3NT --declarer S``.

Each is a process of its own (interpreter start and imports included), R times, alternating;
the best and the median are printed. Nothing is asserted. Run from the repository root::

    PYTHONPATH=. python benchmarks/bench_handout.py --boards 16 --runs 3
"""

from __future__ import annotations

import argparse
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
    Contract,
    PbnBoard,
    Seat,
    Suit,
    write_pbn,
)

DECK = [BridgeCard(s, r) for s in Suit for r in range(2, 15)]

YARDSTICK = """
import re, sys
from endplay.dds import calc_dd_table, par, solve_board
from endplay.types import Deal, Denom, Player, Vul
for pbn in re.findall(r'\\[Deal "([^"]+)"\\]', open(sys.argv[1]).read()):
    d = Deal.from_pbn(pbn)
    table = calc_dd_table(d)
    result = par(table, Vul.none, Player.north)
    d.first, d.trump = Player.west, Denom.nt
    leads = list(solve_board(d))
    print(pbn, result.score, len(leads))
"""


def deal(seed: int) -> BridgeDeal:
    cards = DECK[:]
    random.Random(seed).shuffle(cards)
    return BridgeDeal.from_hands({s: cards[s * 13 : (s + 1) * 13] for s in Seat})


def timed(cmd: list[str]) -> float:
    t = time.perf_counter()
    subprocess.run(cmd, check=True, capture_output=True)
    return time.perf_counter() - t


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--boards", type=int, default=16)
    ap.add_argument("--runs", type=int, default=3)
    args = ap.parse_args()
    whist = str(Path(sys.executable).parent / "whist")
    with tempfile.TemporaryDirectory() as tmp:
        pbn = Path(tmp) / "boards.pbn"
        boards = []
        for i in range(1, args.boards + 1):
            extra = {"contract": Contract.parse("3NT"), "declarer": Seat.S} if i % 2 else {}
            boards.append(PbnBoard.make(deal(i), board=i, **extra))  # type: ignore[arg-type]
        pbn.write_text(write_pbn(boards), encoding="utf-8")
        yard = Path(tmp) / "yardstick.py"
        yard.write_text(YARDSTICK, encoding="utf-8")
        commands = {
            "whist bridge handout -o out.pdf": [
                whist,
                "bridge",
                "handout",
                str(pbn),
                "-o",
                str(Path(tmp) / "out.pdf"),
            ],
            "whist bridge table": [whist, "bridge", "table", str(pbn)],
            "endplay loop (table, par, leads)": [sys.executable, str(yard), str(pbn)],
            "whist bridge leads": [
                whist,
                "bridge",
                "leads",
                str(pbn),
                "--contract",
                "3NT",
                "--declarer",
                "S",
            ],
        }
        times: dict[str, list[float]] = {name: [] for name in commands}
        for _ in range(args.runs):
            for name, cmd in commands.items():
                times[name].append(timed(cmd))
    print(f"{args.boards} boards, best / median of {args.runs} runs (processes):")
    for name, xs in times.items():
        print(f"  {name:<36} {min(xs):7.2f} s  {statistics.median(xs):7.2f} s")


if __name__ == "__main__":
    main()
