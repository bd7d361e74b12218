"""Time the open questions of ``whist conjectures`` against their yardsticks, side by side in one
run (nothing is asserted; a disagreement is printed with ``!!!``):

* **Conjecture 7.2, every deal of n ≤ N** (``--asymmetric-upto``, default 5): the exhaustive
  ``Minimax`` (every position's score kept, no alpha-beta) against the engine's alpha-beta
  ``Solver`` (unbounded table) answering the same deals one by one;
* **R44 §15, every symmetric position of n ≤ K** (``--replies-upto``, default 7): the reply
  tables' time and the positions they keep;
* **Theorem 9.1's exceptions for n ≤ E** (``--exceptions-upto``, default 10): vectorised over
  the bitmasks against :func:`h_whist` suit by suit.

Run from the repository root::

    PYTHONPATH=. python benchmarks/bench_open_questions.py
    PYTHONPATH=. python benchmarks/bench_open_questions.py --asymmetric-upto 6 --replies-upto 8
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from whistgui.engine.games.single_suit import h_whist
from whistgui.engine.tables.open_questions import (
    Minimax,
    ReplyTables,
    check_7_2,
    solver_tricks,
    theorem_9_1_exceptions,
)
from whistgui.engine.tables.rows import patterns, r43_numbers
from whistgui.engine.trick.solver import Solver


def _timed(fn):  # type: ignore[no-untyped-def]
    t = time.perf_counter()
    out = fn()
    return out, time.perf_counter() - t


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--asymmetric-upto", type=int, default=5)
    ap.add_argument("--replies-upto", type=int, default=7)
    ap.add_argument("--exceptions-upto", type=int, default=10)
    a = ap.parse_args()

    k = a.asymmetric_upto
    (mine, _), t_mine = _timed(lambda: check_7_2(k, Minimax()))
    (theirs, _), t_solver = _timed(lambda: check_7_2(k, solver_tricks(Solver(memo_bound=None))))
    same = "" if (mine.checked, mine.found) == (theirs.checked, theirs.found) else "  !!!"
    print(
        f"Conjecture 7.2, n ≤ {k}: {mine.checked:,} deals, {mine.found} failing — Minimax "
        f"{t_mine:.2f} s, Solver {t_solver:.2f} s ({t_solver / t_mine:.1f}×){same}"
    )

    t = ReplyTables()
    for n in range(1, a.replies_upto + 1):
        _, dt = _timed(lambda n=n: t.level(n))
        print(
            f"R44 §15, n = {n}: {t.positions:,} positions so far, "
            f"{t.optimal_tally.checked:,} best leads, {t.optimal_tally.found} failing; "
            f"{dt:.2f} s; {t.search.stats['positions']:,} positions kept"
        )

    for n in range(1, a.exceptions_upto + 1):
        e, t_vec = _timed(lambda n=n: theorem_9_1_exceptions(n))

        def scalar(n: int = n) -> int:
            count = 0
            for p in patterns(n):
                _, h, hbar = r43_numbers(p)
                count += p.endswith("W") and hbar == h + 1 and h_whist(p, h, hbar) == h
            return count

        brute, t_scalar = _timed(scalar)
        same = "" if brute == e.exceptions else f"  !!! h_whist counts {brute}"
        print(
            f"Theorem 9.1's exceptions, n = {n}: {e.exceptions:,} of {e.suits:,} suits — "
            f"vectorised {t_vec:.3f} s, h_whist suit by suit {t_scalar:.3f} s{same}"
        )


if __name__ == "__main__":
    main()
