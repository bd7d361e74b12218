"""Time every registered game: its exact solver and its theory's prediction.

For each game of :data:`whistgui.engine.games.GAMES`, K random symmetric deals with
``--cards`` cards a hand (1–4 suits, as ``bench_solver.py`` deals them) are solved with a fresh
:class:`~whistgui.engine.Solver` under the game's rules (``outcome``: both leads), and the
game's theory predicts the outcome where it covers the deal (a fresh theory per deal, so a
whist prediction includes computing the suits' values). Nothing is asserted; a prediction that
differs from search is printed loudly.

Run from the repository root::

    PYTHONPATH=. python benchmarks/bench_games.py --deals 20 --cards 8
"""

from __future__ import annotations

import argparse
import platform
import random
import statistics
import time

from bench_solver import symmetric_deal  # type: ignore[import-not-found]

from whistgui.engine import Solver
from whistgui.engine.games import GAMES, predict


def _stats(xs: list[float]) -> str:
    if not xs:
        return f"{'-':>9} {'-':>9} {'-':>9}"
    return f"{min(xs):>9.4f} {statistics.median(xs):>9.4f} {max(xs):>9.4f}"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--deals", type=int, default=20, help="random deals (default 20)")
    ap.add_argument("--cards", type=int, default=8, help="cards a hand (default 8)")
    ap.add_argument("--seed", type=int, default=1, help="random seed (default 1)")
    args = ap.parse_args(argv)
    rng = random.Random(args.seed)
    deals = [symmetric_deal(rng, args.cards) for _ in range(args.deals)]
    print(
        f"# bench_games: {args.deals} symmetric deals, {args.cards} cards a hand, "
        f"seed {args.seed}; fresh Solver and theory per deal"
    )
    print(f"# Python {platform.python_version()} on {platform.machine()}, {platform.system()}")
    header = (
        f"{'game':<18} {'solve min':>9} {'median':>9} {'max s':>9} {'positions':>10}  "
        f"{'theory':>6} {'min':>9} {'median':>9} {'max s':>9}"
    )
    print(header)
    print("-" * len(header))
    for game in GAMES:
        solve_s: list[float] = []
        theory_s: list[float] = []
        positions: list[int] = []
        for deal in deals:
            solver = Solver()
            t0 = time.perf_counter()
            searched = solver.outcome(deal, rules=game.rules)
            solve_s.append(time.perf_counter() - t0)
            positions.append(solver.stats["positions"])
            theory = game.new_theory()
            if theory is None or theory.covers(deal) is not None:
                continue
            t0 = time.perf_counter()
            predicted = predict(theory, deal)
            theory_s.append(time.perf_counter() - t0)
            if predicted != searched:
                print(f"!!! {game.name}: theory {predicted} but search {searched} for {deal}")
        print(
            f"{game.name:<18} {_stats(solve_s)} {statistics.median(positions):>10g}  "
            f"{len(theory_s):>6} {_stats(theory_s)}"
        )
    print()
    print("theory: deals the theory covers (Greedy Whist: one suit only), and their times")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
