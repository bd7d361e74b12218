"""GOPS levels in chunks (issue 30): :func:`fill_in_chunks` on a local Dask cluster of two
worker processes writes exactly :func:`fill`'s memo — every key, every float bit for bit — for
N = 5 and 6 in both scores (and N = 5 under the other ties), and ``GopsSolver.solve(runner)``
the same game (value and every first prize's matrix game); in this process, with chunks of a
few states, likewise; it stops when asked, tells its progress and the bytes it moved, refuses
wrong arguments by name, and says clearly when Dask is missing. The states of each level with
points as result, counted by ``points_level_sizes``, are the levels found (N ≤ 7, each rule of
ties) and the memos measured (N = 8, 9, 10); ``fill_by`` tells each step of each level.

One cluster serves the module (starting one takes seconds); N is small, so the module takes a
few seconds more than that."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator

import numpy as np
import pytest

from whistgui.engine.errors import ArgumentError, ArgumentTypeError, Cancelled
from whistgui.engine.gops.cluster import Moved, fill_in_chunks, keys_chunk, values_chunk
from whistgui.engine.gops.levels import fill
from whistgui.engine.gops.recursion import GopsRecursion
from whistgui.engine.gops.rules import GopsRules
from whistgui.engine.gops.solver import GopsSolver
from whistgui.engine.tables.cluster import ChunkRunner


def _filled(rules: GopsRules) -> GopsRecursion:
    rec = GopsRecursion(rules)
    fill(rec)
    return rec


def _same_memo(got: GopsRecursion, want: GopsRecursion) -> None:
    assert got._bid_memo == want._bid_memo  # the same keys, the same floats (==, not ≈)
    assert got._chance_memo == want._chance_memo
    assert len(want._bid_memo) > 100


# -- on two worker processes ----------------------------------------------------------------
@pytest.fixture(scope="module")
def cluster() -> Iterator[ChunkRunner]:
    pytest.importorskip("distributed")
    with ChunkRunner(workers=2) as runner:
        runner.client()
        yield runner


@pytest.mark.parametrize(
    ("n", "ties", "score"),
    [
        (5, "carry", "points"),
        (5, "carry", "sign"),
        (6, "carry", "points"),
        (6, "carry", "sign"),
        (5, "split", "sign"),
        (5, "lost", "points"),
    ],
)
def test_the_levels_on_two_workers_are_fill_s_values(
    cluster: ChunkRunner, n: int, ties: str, score: str
) -> None:
    rules = GopsRules(n, ties, score)
    want = _filled(rules)
    got = GopsRecursion(rules)
    moved = Moved()
    # chunks of 300 states: several a level (N = 6 points: 22 chunks up and down)
    written = fill_in_chunks(got, cluster, chunk=300, moved=moved)
    assert cluster.worker_count() == 2
    assert written == want.memo_size == got.memo_size
    _same_memo(got, want)
    assert moved.tasks > 2 * (n - 2)  # more than one chunk a pass
    assert moved.back > 0
    assert moved.shared > 0


@pytest.mark.parametrize("score", ["points", "sign"])
def test_solve_on_the_workers_is_the_same_game(cluster: ChunkRunner, score: str) -> None:
    rules = GopsRules(6, "carry", score)
    alone = GopsSolver(rules).solve()
    spread = GopsSolver(rules).solve(cluster)
    assert spread.to_json() == alone.to_json()  # the value and every first prize's game
    assert len(spread.first) == 6


# -- in this process, chunk by chunk ----------------------------------------------------------
def test_chunks_in_this_process_are_fill_s_values_and_tell_their_progress() -> None:
    told: list[int] = []
    rules = GopsRules(5, "carry", "sign")
    got = GopsRecursion(rules, progress=told.append)
    moved = Moved()
    assert fill_in_chunks(got, ChunkRunner(), chunk=7, moved=moved) > 0
    _same_memo(got, _filled(rules))
    assert told == sorted(told)
    assert told[-1] == got.stats["computed"] == got.memo_size
    # a level's chunks cover it: one pass of the widest level at chunks of 7 is many tasks
    assert moved.tasks > got.memo_size // 7
    assert moved.sent >= 8 * got.memo_size  # every key sent once at least
    assert fill_in_chunks(got, ChunkRunner()) == 0  # the memo holds the game: nothing to do


def test_a_chunk_is_a_pure_function_of_its_keys_and_the_level_below() -> None:
    """The values of a level from two halves are those of the whole level, and equal fill's."""
    rules = GopsRules(5, "carry", "points")
    rec = _filled(rules)
    chance_k = sorted(k for k in rec._chance_memo if (k & 0x3FFF).bit_count() == 2)
    bids_k = sorted(k for k in rec._bid_memo if (k & 0x3FFF).bit_count() == 1)
    below = (np.array(bids_k, dtype=np.int64), np.array([rec._bid_memo[k] for k in bids_k]))
    keys = np.array(chance_k, dtype=np.int64)
    half = len(keys) // 2
    whole = values_chunk(rules, "chance", keys, 2, below)
    parts = [values_chunk(rules, "chance", p, 2, below) for p in (keys[:half], keys[half:])]
    assert np.concatenate(parts).tolist() == whole.tolist()
    assert whole.tolist() == [rec._chance_memo[k] for k in chance_k]
    # and the bidding keys below the chance keys are the level fill found
    found = np.union1d(
        keys_chunk(rules, "prize", keys[:half], 2), keys_chunk(rules, "prize", keys[half:], 2)
    )
    assert found.tolist() == bids_k


def test_a_fill_in_chunks_stops_when_asked_and_leaves_its_memo_correct() -> None:
    rules = GopsRules(6, "carry", "points")
    asked = [0]

    def count() -> bool:
        asked[0] += 1
        return False

    fill_in_chunks(GopsRecursion(rules, should_stop=count), ChunkRunner(), chunk=50)
    polls, asked[0] = asked[0], 0
    assert polls > 100  # polled chunk by chunk

    def stop() -> bool:  # three quarters of the way: some levels written, not all
        asked[0] += 1
        return asked[0] > 3 * polls // 4

    rec = GopsRecursion(rules, should_stop=stop)
    with pytest.raises(Cancelled):
        fill_in_chunks(rec, ChunkRunner(), chunk=50)
    want = _filled(rules)
    assert 0 < rec.memo_size < want.memo_size
    for memo, full in ((rec._bid_memo, want._bid_memo), (rec._chance_memo, want._chance_memo)):
        assert all(full[k] == v for k, v in memo.items())


def test_wrong_arguments_are_named() -> None:
    rec = GopsRecursion(GopsRules(4))
    with pytest.raises(ArgumentTypeError, match="runner must be a ChunkRunner"):
        fill_in_chunks(rec, "tcp://h:8786")  # type: ignore[arg-type]
    with pytest.raises(ArgumentTypeError, match="rec must be a GopsRecursion"):
        fill_in_chunks(GopsRules(4), ChunkRunner())  # type: ignore[arg-type]
    with pytest.raises(ArgumentError, match="chunk = 0; a chunk holds at least one state"):
        fill_in_chunks(rec, ChunkRunner(), chunk=0)
    with pytest.raises(ArgumentTypeError, match="chunk must be a number of states"):
        fill_in_chunks(rec, ChunkRunner(), chunk=2.5)  # type: ignore[arg-type]
    with pytest.raises(ArgumentTypeError, match="moved must be a Moved"):
        fill_in_chunks(rec, ChunkRunner(), moved={})  # type: ignore[arg-type]
    with pytest.raises(ArgumentTypeError, match="runner must be a ChunkRunner"):
        GopsSolver(GopsRules(4)).solve(runner=2)  # type: ignore[arg-type]
    assert rec.memo_size == 0
    empty = (np.empty(0, dtype=np.int64), np.empty(0))
    with pytest.raises(ArgumentError, match="kind 'bids': expected one of bid, chance"):
        values_chunk(GopsRules(4), "bids", empty[0], 2, empty)
    with pytest.raises(ArgumentError, match="step 'chance': expected one of bid, prize"):
        keys_chunk(GopsRules(4), "chance", empty[0], 2)


def test_without_dask_a_cluster_is_refused_with_a_clear_message() -> None:
    """In a Python where ``distributed`` cannot be imported: a ClusterError saying what to
    install, no traceback of an ImportError; this process's path still works there."""
    code = (
        "import sys\n"
        "sys.modules['distributed'] = None  # import distributed: ImportError\n"
        "from whistgui.engine.gops.cluster import fill_in_chunks\n"
        "from whistgui.engine.gops.recursion import GopsRecursion\n"
        "from whistgui.engine.gops.rules import GopsRules\n"
        "from whistgui.engine.tables.cluster import ChunkRunner, ClusterError\n"
        "print(fill_in_chunks(GopsRecursion(GopsRules(4)), ChunkRunner()))\n"
        "try:\n"
        "    fill_in_chunks(GopsRecursion(GopsRules(4)), ChunkRunner(workers=2))\n"
        "except ClusterError as exc:\n"
        "    print(exc)\n"
    )
    p = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert p.returncode == 0, p.stderr
    lines = p.stdout.strip().splitlines()
    assert int(lines[0]) > 0
    assert lines[1] == (
        "running on a Dask cluster needs dask.distributed, which is not installed here "
        "(pip install 'dask[distributed]')"
    )


# -- the levels' sizes, counted ---------------------------------------------------------------
@pytest.mark.parametrize("ties", ["carry", "split", "lost"])
@pytest.mark.parametrize("n", [3, 4, 5, 6, 7])
def test_the_points_levels_counted_are_the_levels_found(n: int, ties: str) -> None:
    from whistgui.engine.gops.levels import _Level, points_level_sizes

    rules = GopsRules(n, ties, "points")
    found = _Level(GopsRecursion(rules)).down(n)
    by_k = {n - 1 - i: (len(chance), len(bids)) for i, (chance, bids) in enumerate(found)}
    assert points_level_sizes(rules) == by_k
    if n == 7 and ties == "carry":  # the memo of a whole solve (benchmarks/README.md)
        assert sum(c + b for c, b in by_k.values()) == 78_331


def test_the_points_levels_of_n_8_to_10_are_the_memos_measured_and_the_sign_is_refused() -> None:
    from whistgui.engine.gops.levels import points_level_sizes

    # the memos of whole solves (benchmarks/README.md, issue 30): 476 684, 2 870 742, 17 217 746
    for n, states in ((8, 476_684), (9, 2_870_742), (10, 17_217_746)):
        sizes = points_level_sizes(GopsRules(n, "carry", "points"))
        assert sum(c + b for c, b in sizes.values()) == states
    with pytest.raises(ArgumentError, match="not of 'sign'"):
        points_level_sizes(GopsRules(6))


def test_fill_by_tells_each_step_of_each_level_in_order() -> None:
    from whistgui.engine.gops.levels import _Level, fill_by, points_level_sizes

    rules = GopsRules(6, "carry", "points")
    told: list[tuple[str, int, int]] = []
    rec = GopsRecursion(rules)
    written = fill_by(_Level(rec), on_level=lambda step, k, states: told.append((step, k, states)))
    sizes = points_level_sizes(rules)
    want = [("down", 6, written)]
    for k in (2, 3, 4, 5):
        chance, bids = sizes[k]
        want += [("bid", k, bids), ("bid memo", k, bids)]
        want += [("chance", k, chance), ("chance memo", k, chance)]
    assert told == want
    assert written == rec.memo_size == sum(c + b for c, b in sizes.values())
