"""Measure the engine's memos (:mod:`whistgui.engine.memo`).

1. *Per entry*: megabytes per 100,000 entries of each memo, and how many entries typical
   work makes — the figures their bounds are chosen by. Each memo is filled by a piece of
   typical work, then emptied; the memory freed (``tracemalloc``, after a garbage collection)
   divided by the entries it held is its cost per entry.
2. *A session* (left out with ``--no-session``): the same engine work as a
   session of the analyzer — the inspector's values of every suit up to 8 cards a hand and of
   long suits, optimal play of random 13-card deals and of the paper's (26) and (27) with a
   mistake, play by search in Greedy Whist, whole-deal outcomes, bridge endings, GOPS N = 6
   and 7, the Single Suits tables up to 12 cards a hand — on one set of memo owners, as the
   application keeps them (an evaluator, a solver and a strategist shared, a bridge solver, a
   GOPS solver, a table cache). Run three times side by side, each in a fresh interpreter
   (:func:`tests.bounded.run_bounded`): every memo unbounded (``memo_bound=None``: plain
   dicts never trimmed, the yardstick), at the default bounds, and at tight bounds (1,000
   entries, 8 MB of tables). Reported: seconds per part, the peak resident memory, the
   resident memory left after the session, and the entries the memos keep.

Nothing is asserted.

Run from the repository root::

    PYTHONPATH=. python benchmarks/bench_memo.py
"""

from __future__ import annotations

import argparse
import gc
import json
import platform
import random
import sys
import time
import tracemalloc
from collections.abc import Callable
from itertools import combinations

from benchmarks.bench_play import four_suit_deal
from tests.engine.endings import random_ending
from whistgui.engine import Deal, Evaluator, Player, Position, Solver, Strategist
from whistgui.engine.bridge.deal import Seat, Side, Strain
from whistgui.engine.bridge.play import BridgePosition
from whistgui.engine.bridge.solver import MEMO_POSITIONS as BRIDGE_POSITIONS
from whistgui.engine.bridge.solver import EndgameSolver
from whistgui.engine.games import find_game
from whistgui.engine.games.whist.evaluator import MEMO_PATTERNS
from whistgui.engine.games.whist.kernel import TableCache, tables_upto
from whistgui.engine.games.whist.kernel.table import TABLE_BYTES
from whistgui.engine.gops import GopsRules, GopsSolver, GopsState
from whistgui.engine.gops.recursion import EXACT_STATES, MEMO_STATES
from whistgui.engine.strategy import search_line
from whistgui.engine.strategy.marks import MEMO_MARKS
from whistgui.engine.trick.solver import MEMO_POSITIONS


def freed(clear: Callable[[], object]) -> int:
    """Bytes freed by ``clear()``."""
    gc.collect()
    before = tracemalloc.get_traced_memory()[0]
    clear()
    gc.collect()
    return before - tracemalloc.get_traced_memory()[0]


def row(name: str, entries: int, nbytes: int, bound: int) -> None:
    per = nbytes / entries * 100_000 / 1e6 if entries else 0.0
    at = per * bound / 100_000
    print(f"{name:<44} {entries:>9,} {nbytes / 1e6:8.2f} {per:9.1f} {bound:>11,} {at:9.0f}")


def per_entry(seed: int) -> None:
    """Part 1: the cost of an entry of each memo."""
    rng = random.Random(seed)
    print(
        f"{'memo (the work that filled it)':<44} {'entries':>9} {'MB':>8} {'MB/100k':>9} "
        f"{'bound':>11} {'MB@bound':>9}"
    )
    tracemalloc.start()

    ev = Evaluator(kernel_from=None, memo_bound=None)
    for n in range(1, 9):
        for west in combinations(range(2 * n), n):
            ev.pattern_value("".join("W" if p in west else "E" for p in range(2 * n)))
    n = ev.stats["patterns"]
    row("Evaluator: patterns (every suit, n <= 8)", n, freed(ev.clear), MEMO_PATTERNS)

    st = Strategist(memo_bound=None)
    for _ in range(3):
        d = four_suit_deal(rng, 13)
        st.play_line(d, Player.WEST)
        st.play_line(d, Player.EAST)
    n = st.stats["entries"]
    row("Strategist: marks (6 lines, 13 cards a hand)", n, freed(st.clear), MEMO_MARKS)

    s = Solver(memo_bound=None)
    for _ in range(5):
        s.result(Position.start(four_suit_deal(rng, 13), Player.WEST))
    g = next(iter(s._games.values()))
    n = len(g.bounds)
    row("Solver: bounds (5 deals, 13 cards a hand)", n, freed(g.bounds.clear), MEMO_POSITIONS)
    n = len(g.table)
    row("Solver: exact scores (the same)", n, freed(g.table.clear), MEMO_POSITIONS)

    es = EndgameSolver(memo_bound=None)
    for _ in range(3):
        deal = random_ending(rng, 7)
        for strain in Strain:
            es.tricks(BridgePosition.from_deal(deal, strain, Seat.N), Side.NS)
    n = len(es.memo)
    row("EndgameSolver (3 endings of 7, 5 strains)", n, freed(es.memo.clear), BRIDGE_POSITIONS)

    gs = GopsSolver(GopsRules(6), memo_bound=None)
    gs.solve()
    n = gs.memo_size

    def clear_floats() -> None:
        gs._chance_memo.clear()
        gs._bid_memo.clear()

    row("GOPS: states, floats (solve N = 6)", n, freed(clear_floats), 2 * MEMO_STATES)
    gs = GopsSolver(GopsRules(5), exact_bound=None)
    gs.exact_solution(GopsState.start(5).turn(3))
    n = gs.exact_memo_size

    def clear_exact() -> None:
        gs._exact_chance.clear()
        gs._exact_bid.clear()

    row("GOPS: states, exact (N = 5, first prize 3)", n, freed(clear_exact), 2 * EXACT_STATES)

    cache = TableCache(table_bytes=None)
    tables_upto(11, upto_cache=cache)
    rows = sum(len(t) for t in cache.tables.values())
    row("TableCache: table rows (n <= 11)", rows, cache.kept_bytes, TABLE_BYTES // 20)
    tracemalloc.stop()


# ----------------------------------------------------------------------------- a session
#: The bounds of each run of the session: keyword arguments of each memo's owner.
MODES: dict[str, dict[str, dict[str, object]]] = {
    "unbounded": {
        "evaluator": {"memo_bound": None},
        "solver": {"memo_bound": None},
        "strategist": {"memo_bound": None},
        "bridge": {"memo_bound": None},
        "gops": {"memo_bound": None, "exact_bound": None},
        "tables": {"table_bytes": None, "pairs": None},
    },
    "default": {k: {} for k in ("evaluator", "solver", "strategist", "bridge", "gops", "tables")},
    "tight": {
        "evaluator": {"memo_bound": 1000},
        "solver": {"memo_bound": 1000},
        "strategist": {"memo_bound": 64},
        "bridge": {"memo_bound": 1000},
        "gops": {"memo_bound": 1000, "exact_bound": 1000},
        "tables": {"table_bytes": 8 << 20, "pairs": 1000},
    },
}

PAPER = {
    "(26)": ("AKQ8/JT97 AQ87/KJT9 AJT7/KQ98 KQ9/AJT", "H:A"),
    "(27)": (
        "KQT98/AJ765 AK9/QJT AJ9753/KQT864 KQT86/AJ975",
        "S:K S:A H:Q H:K S:Q S:5 S:T S:J H:J H:A S:9 S:6 S:8 S:7 D:A",
    ),
}


def _resident_mb() -> float:
    with open("/proc/self/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return 0.0


def session(mode: str, seed: int = 1) -> dict[str, object]:
    """The session's work on memo owners bounded as ``MODES[mode]`` says: seconds per part,
    the entries kept, the resident memory after it."""
    kw = MODES[mode]
    rng = random.Random(seed)
    ev = Evaluator(**kw["evaluator"])  # type: ignore[arg-type]
    solver = Solver(**kw["solver"])  # type: ignore[arg-type]
    st = Strategist(ev, solver, **kw["strategist"])  # type: ignore[arg-type]
    bridge = EndgameSolver(**kw["bridge"])  # type: ignore[arg-type]
    cache = TableCache(**kw["tables"])  # type: ignore[arg-type]
    seconds: dict[str, float] = {}

    def part(name: str, work: Callable[[], object]) -> None:
        t = time.perf_counter()
        work()
        seconds[name] = time.perf_counter() - t

    def inspector() -> None:
        for n in range(1, 9):
            for west in combinations(range(2 * n), n):
                ev.pattern_value("".join("W" if p in west else "E" for p in range(2 * n)))
        for _ in range(60):
            n = rng.randint(9, 12)
            west = set(rng.sample(range(2 * n), n))
            ev.pattern_value("".join("W" if p in west else "E" for p in range(2 * n)))

    def play() -> None:
        for _ in range(20):
            d = four_suit_deal(rng, 13)
            st.play_line(d, Player.WEST, solver=solver)
            st.play_line(d, Player.EAST, solver=solver)
        for text, cards in PAPER.values():
            st.play_line(Deal.parse(text), Player.WEST, forced=cards.split())

    def search() -> None:
        greedy = find_game("greedy-whist")
        for _ in range(8):
            search_line(four_suit_deal(rng, 10), Player.WEST, greedy, solver=solver)

    def outcomes() -> None:
        for _ in range(40):
            d = four_suit_deal(rng, 13)
            solver.outcome(d)
            solver.outcome(d, refined=True)

    def endings() -> None:
        for _ in range(6):
            deal = random_ending(rng, 7)
            for strain in Strain:
                pos = BridgePosition.from_deal(deal, strain, Seat.N)
                bridge.tricks(pos, Side.NS)
                bridge.card_scores(pos)

    gops: list[GopsSolver] = []

    def gops_games() -> None:
        for n in (6, 7):
            g = GopsSolver(GopsRules(n), **kw["gops"])  # type: ignore[arg-type]
            g.solve()
            gops.append(g)  # the explorer keeps the game it shows

    def single_suits() -> None:
        tables_upto(12, upto_cache=cache)

    part("inspector", inspector)
    part("play", play)
    part("search", search)
    part("outcomes", outcomes)
    part("bridge", endings)
    part("gops", gops_games)
    part("tables", single_suits)
    gc.collect()
    kept = {
        "evaluator": ev.stats["patterns"],
        "strategist": st.stats["entries"],
        "solver": solver.stats["positions"],
        "bridge": len(bridge.memo),
        "gops": sum(g.memo_size + g.exact_memo_size for g in gops),
        "table MB": round(cache.kept_bytes / 1e6),
    }
    return {"seconds": seconds, "kept": kept, "resident": _resident_mb()}


def compare(seed: int, memory_mb: int) -> None:
    """Part 2: the session in three fresh interpreters, side by side."""
    from tests.bounded import run_bounded

    here = __file__
    results = {}
    for mode in MODES:
        code = f"""
            import json, runpy
            bench = runpy.run_path({here!r})
            print(json.dumps(bench["session"]({mode!r}, {seed})))
        """
        done = run_bounded(code, memory_mb=memory_mb, timeout=1800)
        if done.returncode != 0:
            print(f"{mode}: {done.describe()}")
            continue
        results[mode] = (json.loads(done.stdout.splitlines()[-1]), done.peak_mb, done.seconds)
    if not results:
        return
    first = next(iter(results.values()))[0]
    parts = list(first["seconds"])
    print()
    print(f"session, seed {seed} (seconds per part; MB resident)")
    print(f"{'':<11}" + "".join(f"{p:>10}" for p in parts) + f"{'total':>9}{'peak':>7}{'after':>7}")
    for mode, (r, peak, _) in results.items():
        secs = r["seconds"]
        cells = "".join(f"{secs[p]:>10.2f}" for p in parts)
        print(f"{mode:<11}{cells}{sum(secs.values()):>9.2f}{peak:>7.0f}{r['resident']:>7.0f}")
    print("entries kept after the session:")
    for mode, (r, _, _) in results.items():
        print(f"  {mode:<11}" + ", ".join(f"{k} {v:,}" for k, v in r["kept"].items()))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--no-session", action="store_true", help="only the cost per entry")
    ap.add_argument("--memory-mb", type=int, default=4000, help="each session's memory cap")
    args = ap.parse_args(argv)
    print(f"# {platform.python_implementation()} {platform.python_version()}, {sys.platform}")
    per_entry(args.seed)
    if not args.no_session:
        compare(args.seed, args.memory_mb)
    return 0


if __name__ == "__main__":
    sys.exit(main())
