"""Time opening a saved GOPS game (issue 23): a ``.gops`` file of the solved game of N cards —
version 2, sealed by its digest, and the same memo as version 1 (no digest) — read as the app
reads it (``read_gops``), side by side with its yardstick in the same run: ``json.loads`` of
the same text (no reader of the file can be faster) plus filling the memo with no check
(``_read_entries``). Then the checks' own seconds: the state and value checks, the digest, the
states after the first bids, the sample. Best of ``--repeat`` runs; nothing is asserted.

Run from the repository root (the file is solved once and kept for the next run)::

    PYTHONPATH=. python benchmarks/bench_gops_open.py --n 7
    PYTHONPATH=. python benchmarks/bench_gops_open.py --n 8 --file /tmp/gops-8.gops  # 2-4 min once
"""

from __future__ import annotations

import argparse
import copy
import gc
import json
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from whistgui.engine.gops import GopsRules, GopsSolver
from whistgui.engine.gops import saved as gops_saved


def best(fn: Callable[[], object], repeat: int) -> float:
    times = []
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return min(times)


def game_file(path: Path, rules: GopsRules, version: int) -> Path:
    """``path``: the solved game of ``rules`` as the session saves it (solved once)."""
    if not path.exists():
        solver = GopsSolver(rules)
        t = time.perf_counter()
        solver.solve()
        print(f"solved {rules.describe()} in {time.perf_counter() - t:.1f} s")
        memo = solver.to_json()
        path.write_text(json.dumps(game(rules, memo, 2), separators=(",", ":")) + "\n")
    if version == 1:
        data = json.loads(path.read_text())
        memo = copy.deepcopy(data["solver"])
        memo["version"] = 1
        del memo["digest"]
        old = path.with_name(path.stem + "-v1.gops")
        old.write_text(json.dumps(game(rules, memo, 1), separators=(",", ":")) + "\n")
        return old
    return path


def game(rules: GopsRules, memo: dict[str, Any], version: int) -> dict[str, Any]:
    return {
        "format": "whistgui-gops",
        "version": version,
        "rules": rules.to_json(),
        "path": [],
        "index": 0,
        "solver": memo,
    }


def report(rules: GopsRules, path: Path, version: int, repeat: int) -> None:
    """One line: ``path`` opened by ``read_gops`` beside its yardstick, and the checks."""
    from whistgui.ui.gops.session import read_gops

    text = path.read_text()
    data = json.loads(text)["solver"]
    memos: list[dict[int, float]] = [{}, {}]
    names = ("chance", "bidding")

    def parse() -> None:
        gc.disable()
        try:
            json.loads(text)
        finally:
            gc.enable()

    def fill() -> None:
        for name, memo in zip(names, memos, strict=True):
            memo.clear()
            gops_saved._read_entries(name, data[name], memo)

    fill()
    saved = [gops_saved._Saved(rules, n, data[n], m) for n, m in zip(names, memos, strict=True)]
    solver = GopsSolver(rules)
    solver._chance_memo, solver._bid_memo = memos

    def arrays() -> None:
        for s, m in zip(saved, memos, strict=True):
            gops_saved._Saved(rules, s.name, s.entries, m)

    def digest() -> None:
        gops_saved._digest(rules, [gops_saved._key_order(s.keys, s.values) for s in saved])

    yardstick = best(parse, repeat) + best(fill, repeat)
    opened = best(lambda: read_gops(path), repeat)
    checks = {
        "arrays": best(arrays, repeat),
        "states and values": best(lambda: [s.check_states() for s in saved], repeat),
        "digest": best(digest, repeat) if version == 2 else 0.0,
        "first bids": best(lambda: gops_saved._Checker(solver).first_bids(), repeat),
        "sample": best(lambda: gops_saved._Checker(solver).sample(saved), repeat),
    }
    size = path.stat().st_size / 2**20
    print(
        f"N = {rules.n} {rules.ties}/{rules.score}, version {version}: {solver.memo_size:,} "
        f"states, {size:.0f} MB | read_gops {opened:.2f} s | yardstick (json.loads + memo "
        f"filled unchecked) {yardstick:.2f} s | checks {sum(checks.values()):.2f} s: "
        + ", ".join(f"{k} {v:.3f}" for k, v in checks.items())
    )


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--n", type=int, default=7)
    p.add_argument("--ties", default="carry")
    p.add_argument("--score", default="sign")
    p.add_argument("--file", type=Path, help="the .gops file to use (solved if absent)")
    p.add_argument("--repeat", type=int, default=3)
    args = p.parse_args()
    rules = GopsRules(args.n, args.ties, args.score)
    name = f"bench-gops-{args.n}-{args.ties}-{args.score}.gops"
    path = args.file or Path(tempfile.gettempdir()) / name
    for version in (2, 1):
        report(rules, game_file(path, rules, version), version, args.repeat)


if __name__ == "__main__":
    main()
