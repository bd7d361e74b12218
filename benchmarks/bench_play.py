"""Time playing whole deals: from their values (``Strategist.play_line``), and by exact search
in the other games (``search_line``).

For each of K random symmetric deals with ``--cards`` cards a hand in four suits (each suit
1–6 cards a hand, its 2k cards drawn from the ranks 2..A and dealt k to each hand), the deal is
played out from West's lead and then from East's with :func:`~whistgui.engine.play_line`:
every card chosen and marked from the values, with the reason, the marks of every legal card,
the suit labels and the running value of every step. Two timings per deal:

* *cold*: a fresh :class:`~whistgui.engine.Strategist` (empty value memo) per deal — what one
  ``whist play DEAL`` costs;
* *warm*: a fresh strategist per deal sharing one :class:`~whistgui.engine.Evaluator` that
  has already seen all the deals (so only the marks, reasons and labels are timed; a
  strategist's own memo of marks would make a replay of the same line nearly free).

The paper's deals (26) (15 cards a hand) and (27) (19 cards a hand) are timed too. Then, for
deals of at most :data:`~whistgui.engine.strategy.SEARCH_MAX_CARDS` cards a hand, the same deals
are played out by exact search (:func:`~whistgui.engine.strategy.search_line`, both leads) in
each game other than whist, a fresh solver per deal. Nothing is asserted.

Run from the repository root::

    PYTHONPATH=. python benchmarks/bench_play.py --deals 20 --cards 13
"""

from __future__ import annotations

import argparse
import platform
import random
import statistics
import sys
import time

from whistgui.engine import Deal, Evaluator, Player, Solver, Strategist, SuitDeal
from whistgui.engine.games import GAMES
from whistgui.engine.strategy import SEARCH_MAX_CARDS, search_line

STANDARD_RANKS = list(range(2, 15))  # 2 .. A (= 14)
PAPER = {
    "(26)": "AKQ8/JT97 AQ87/KJT9 AJT7/KQ98 KQ9/AJT",
    "(27)": "KQT98/AJ765 AK9/QJT AJ9753/KQT864 KQT86/AJ975",
}


def four_suit_deal(rng: random.Random, cards: int) -> Deal:
    """Four non-empty symmetric suits of at most 6 cards a hand, ``cards`` a hand in all."""
    if not 4 <= cards <= 24:
        raise SystemExit(f"--cards must be between 4 and 24, not {cards}")
    while True:
        cuts = sorted(rng.sample(range(1, cards), 3))
        sizes = [b - a for a, b in zip([0, *cuts], [*cuts, cards], strict=True)]
        if max(sizes) <= 6:
            break
    suits = []
    for n in sizes:
        ranks = rng.sample(STANDARD_RANKS, 2 * n)
        suits.append(SuitDeal(ranks[:n], ranks[n:]))
    return Deal(suits)


def play_both(st: Strategist, deal: Deal) -> float:
    t0 = time.perf_counter()
    for leader in (Player.WEST, Player.EAST):
        st.play_line(deal, leader)
    return time.perf_counter() - t0


def search_both(game: str, deal: Deal) -> float:
    solver = Solver()
    t0 = time.perf_counter()
    for leader in (Player.WEST, Player.EAST):
        search_line(deal, leader, game, solver=solver)
    return time.perf_counter() - t0


def summary(label: str, xs: list[float]) -> str:
    return (
        f"{label:<5} min {min(xs) * 1000:7.1f} ms   median {statistics.median(xs) * 1000:7.1f} ms"
        f"   max {max(xs) * 1000:7.1f} ms   (both leads, per deal)"
    )


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=20)
    ap.add_argument("--cards", type=int, default=13, help="cards a hand (default 13)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("-q", "--quiet", action="store_true", help="summary only")
    args = ap.parse_args(argv)

    print(f"# {platform.python_implementation()} {platform.python_version()}, {sys.platform}")
    rng = random.Random(args.seed)
    deals = [four_suit_deal(rng, args.cards) for _ in range(args.deals)]
    cold = []
    for d in deals:
        t = play_both(Strategist(), d)
        cold.append(t)
        if not args.quiet:
            print(f"cold {t * 1000:7.1f} ms  {d}")
    shared = Evaluator()
    for d in deals:
        play_both(Strategist(shared), d)
    warm = [play_both(Strategist(shared), d) for d in deals]
    print(f"{args.deals} deals, {args.cards} cards a hand, 4 suits, seed {args.seed}")
    print(summary("cold", cold))
    print(summary("warm", warm))
    for name, text in PAPER.items():
        d = Deal.parse(text)
        ms = play_both(Strategist(), d) * 1000
        print(f"deal {name} ({d.size} cards a hand): cold {ms:.1f} ms (both leads)")
    if args.cards > SEARCH_MAX_CARDS:
        print(f"no search lines: over {SEARCH_MAX_CARDS} cards a hand")
        return 0
    for game in GAMES:
        if game.name in ("whist", "refined-whist"):
            continue
        times = [search_both(game.name, d) for d in deals]
        print(f"search lines, {game.name}:")
        print(summary("", times))
    return 0


if __name__ == "__main__":
    sys.exit(main())
