"""Greedy Whist's values against exact search on random symmetric deals (issue 28).

Deals K random symmetric deals (1–4 suits, ``--min-cards``..``--max-cards`` cards a hand in
all, each suit's cards drawn from 2..A, or 1..2n for a suit longer than 6 cards a hand — as
``tests/engine/test_greedy_values.py`` deals them) from ``--seed``, and for each compares the
outcome predicted by the values (ρ of the sum of the suits' values over the greedy reductions,
one ``Evaluator(greedy=True)`` for the run, as the app keeps one) with exact search under
Greedy Whist's rules (one ``Solver`` for the run). Both are timed side by side; nothing is
asserted. A deal where they differ is printed with its values — a counterexample to the claim.

Run from the repository root::

    PYTHONPATH=. python benchmarks/bench_greedy_values.py                 # 10,000 deals, 2–10
    PYTHONPATH=. python benchmarks/bench_greedy_values.py --deals 500 --min-cards 11 --max-cards 14
"""

from __future__ import annotations

import argparse
import collections
import platform
import random
import time

from tests.engine.strategies import random_symmetric_deal
from whistgui.engine import Evaluator, Solver
from whistgui.engine.games import deal_element, predict
from whistgui.engine.games.greedy_whist import GREEDY_WHIST_RULES, GreedyWhistTheory


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--deals", type=int, default=10_000, help="random deals (default 10,000)")
    ap.add_argument("--min-cards", type=int, default=2, help="fewest cards a hand (default 2)")
    ap.add_argument("--max-cards", type=int, default=10, help="most cards a hand (default 10)")
    ap.add_argument("--seed", type=int, default=28, help="random seed (default 28)")
    args = ap.parse_args(argv)
    rng = random.Random(args.seed)
    deals = [
        random_symmetric_deal(rng, rng.randint(args.min_cards, args.max_cards))
        for _ in range(args.deals)
    ]
    theory = GreedyWhistTheory(evaluator=Evaluator(greedy=True))
    solver = Solver()
    by_values = by_search = 0.0
    wrong = 0
    shapes: collections.Counter[int] = collections.Counter()
    sizes: collections.Counter[int] = collections.Counter()
    for deal in deals:
        shapes[len(deal.suits)] += 1
        sizes[deal.suits[0].n + sum(s.n for s in deal.suits[1:])] += 1
        t0 = time.perf_counter()
        predicted = predict(theory, deal)
        t1 = time.perf_counter()
        searched = solver.outcome(deal, rules=GREEDY_WHIST_RULES)
        t2 = time.perf_counter()
        by_values += t1 - t0
        by_search += t2 - t1
        if predicted != searched:
            wrong += 1
            values = [theory.text(theory.element(s)) for s in deal.suits]
            print(
                f"!!! {deal}: values {values}, sum {theory.text(deal_element(theory, deal))} "
                f"predict {predicted}, search {searched}"
            )
    print(
        f"# bench_greedy_values: {args.deals:,} random symmetric deals of {args.min_cards}–"
        f"{args.max_cards} cards a hand, seed {args.seed}"
    )
    print(f"# Python {platform.python_version()} on {platform.machine()}, {platform.system()}")
    print("suits in a deal: " + ", ".join(f"{k}: {shapes[k]}" for k in sorted(shapes)))
    print("cards a hand:    " + ", ".join(f"{k}: {sizes[k]}" for k in sorted(sizes)))
    print(f"values (ρ of the sum) {by_values:8.2f} s   patterns valued: {theory.evaluator.stats}")
    print(f"exact search          {by_search:8.2f} s   positions: {solver.stats['positions']:,}")
    print(f"disagreements: {wrong} of {args.deals:,}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
