"""Time hand records (issue 29) beside their yardsticks, endplay used directly, in one run:

* ``constrained_deals`` against ``endplay.dealer.generate_deals`` (the same constraint and
  count; deals a second and tries a deal);
* ``read_lin`` (our scan, then endplay's LIN parser, then each board checked: auction by the
  rules, play against the deal) against endplay's ``loads`` alone, on the boards of B with a
  whole play (half of them), written by endplay's ``dumps``;
* ``analyse_play`` (the play checked, then DDS's AnalysePlay) against endplay's
  ``analyse_play`` alone, on the same boards' played lines.

The best of R runs each; nothing is asserted. Run from the repository root::

    PYTHONPATH=. python benchmarks/bench_bridge_records.py --count 20 --boards 32 --runs 3
"""

from __future__ import annotations

import argparse
import time
import warnings
from collections.abc import Callable

from tests.bridge_records_files import lin_text, records
from whistgui.engine.bridge.analysis import analyse_play
from whistgui.engine.bridge.dealing import constrained_deals
from whistgui.engine.bridge.lin import read_lin

STRONG_NT = (
    "hcp(south) >= 15 && hcp(south) <= 17 && shape(south, any 4333 + any 4432 + any 5332) "
    "&& spades(north) >= 5"
)


def best(fn: Callable[[], object], runs: int) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return min(times)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--count", type=int, default=20, help="constrained deals to make")
    ap.add_argument("--boards", type=int, default=32, help="boards of the LIN file")
    ap.add_argument("--runs", type=int, default=3)
    args = ap.parse_args()
    warnings.simplefilter("ignore", DeprecationWarning)  # pyparsing's, in endplay's grammar
    from endplay.dds import analyse_play as endplay_analyse
    from endplay.dealer import generate_deals
    from endplay.parsers.lin import loads
    from endplay.types import Deal, Denom, Player

    tries = [0]

    def ours() -> None:
        constrained_deals(
            STRONG_NT, args.count, seed=1, progress=lambda f, t: tries.__setitem__(0, t)
        )

    a = best(ours, args.runs)
    b = best(lambda: list(generate_deals(STRONG_NT, produce=args.count, seed=1)), args.runs)
    print(
        f"constrained deals ({args.count}, {tries[0]:,} tries): constrained_deals {a:.2f} s, "
        f"endplay generate_deals {b:.2f} s (ratio {a / b:.2f})"
    )

    recs = records(args.boards, seed=29)
    # whole plays only: endplay's loads fails on a board whose play stops inside a trick
    # without a claim (read_lin reads it)
    whole = [r for r in recs if len(r.play) == 52]
    text = lin_text(whole)
    a = best(lambda: read_lin(text), args.runs)
    b = best(lambda: loads(text.replace("\n", "")), args.runs)
    print(
        f"LIN, {len(whole)} boards ({len(text):,} bytes): read_lin {a * 1000:.1f} ms, "
        f"endplay loads {b * 1000:.1f} ms (ratio {a / b:.2f})"
    )

    def yardstick() -> None:
        for r in recs:
            deal = Deal.from_pbn(r.deal.to_pbn())
            strain = str(r.contract.strain)
            deal.trump = Denom.find("n" if strain == "NT" else strain.lower())
            deal.first = Player(int(r.declarer.lho))
            list(endplay_analyse(deal, [str(c) for c in r.play]))

    a = best(
        lambda: [analyse_play(r.deal, r.contract, r.declarer, r.play) for r in recs], args.runs
    )
    b = best(yardstick, args.runs)
    cards = sum(len(r.play) for r in recs)
    print(
        f"analyse, {args.boards} boards ({cards:,} cards): analyse_play {a:.2f} s, "
        f"endplay analyse_play {b:.2f} s (ratio {a / b:.2f})"
    )


if __name__ == "__main__":
    main()
