"""Chunks on a Dask cluster (issue 27): the conjectures' checks by the values run in chunks on a
local cluster of two worker processes end with the report of the single-process path, also when
a worker is killed mid-run; a runner skips the tasks whose output exists (a resumed run), writes
outputs whole (a path, a file:// URL), and stops when asked, shutting its cluster down. A
Parquet store's parts computed on the workers make the single-process store, also when a worker
is killed mid-run, and the conjectures checked from its suits there are the kernel's.

One cluster serves the module (starting one takes seconds); n is small in the normal run and
goes to 10 under ``--exhaustive``."""

from __future__ import annotations

import importlib.util
import os
import sqlite3
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import pytest

from whistgui.engine.errors import ArgumentError, ArgumentTypeError, Cancelled
from whistgui.engine.tables.chunked import (
    Level,
    RowSource,
    check_chunk,
    check_in_chunks,
    fill_in_chunks,
)
from whistgui.engine.tables.cluster import (
    ChunkRunner,
    ClusterError,
    Done,
    Task,
    output_exists,
    read_bytes,
    write_atomic,
)
from whistgui.engine.tables.conjectures import KEEP, check
from whistgui.engine.tables.parquet_store import ParquetStore, TaskRunner, fill_parquet
from whistgui.engine.tables.rows import RowMaker, count_patterns
from whistgui.engine.tables.store import TableStore, fill

pytest.importorskip("distributed")


@pytest.fixture(scope="module")
def cluster() -> Iterator[ChunkRunner]:
    """A local Dask cluster of two worker processes, for the whole module."""
    with ChunkRunner(workers=2) as runner:
        runner.client()
        yield runner


def _upto(exhaustive: bool) -> int:
    return 10 if exhaustive else 7


@pytest.fixture(scope="module")
def alone(request: pytest.FixtureRequest) -> dict[str, Any]:
    """The single-process report of the statements by the values up to :func:`_upto` (once
    for the module: about 30 s at n ≤ 10)."""
    return check(_upto(bool(request.config.getoption("--exhaustive"))), 0, 0).json()


# -- the same report ------------------------------------------------------------------------------
def test_chunked_checks_on_two_workers_equal_the_single_process_path(
    cluster: ChunkRunner, alone: dict[str, Any], exhaustive: bool
) -> None:
    upto = _upto(exhaustive)
    # chunks of 500 suits: several a level from n = 6 on (n = 7: 3,432 suits, 7 chunks)
    spread = check_in_chunks(upto, 0, 0, runner=cluster, chunk=500)
    assert cluster.worker_count() == 2
    assert spread.json() == alone
    assert [c["checked"] for c in alone["statements"]][:5] == [c.checked for c in spread.checks][:5]
    assert spread.checks[0].checked == sum(count_patterns(n) for n in range(1, upto + 1))


def test_chunks_in_this_process_equal_the_single_process_path() -> None:
    alone = check(6, 3, 3)
    assert check_in_chunks(6, 3, 3, runner=ChunkRunner(), chunk=77).json() == alone.json()


def _write_store(path: Path, upto: int) -> None:
    with TableStore(path, create=True) as store:
        fill(store, upto, RowMaker())


def _plant(path: Path, pattern: str, value: str) -> None:
    db = sqlite3.connect(path)
    db.execute("UPDATE suits SET value = ? WHERE pattern = ?", (value, pattern))
    db.commit()
    db.close()


def test_a_planted_value_in_a_store_is_found_on_the_workers_as_alone(
    cluster: ChunkRunner, tmp_path: Path
) -> None:
    """The chunks read the store's rows (a path the workers see) and find what the single
    process finds: the same counterexamples in the same order, the first KEEP of them kept."""
    path = tmp_path / "s.sqlite"
    _write_store(path, 6)
    _plant(path, "EWEW", "1/2+e1")  # [A Q, K J]: breaks 18.1
    db = sqlite3.connect(path)  # and 25 fractions of 7/16ths: 18.2, more than KEEP of them
    db.execute("UPDATE suits SET value = '7/16' WHERE n = 6 AND idx < 25")
    db.commit()
    db.close()
    with TableStore(path) as store:
        alone = check(6, 0, 0, rows=lambda n, **kw: store.rows(n))
    source = RowSource(store=str(path))
    spread = check_in_chunks(6, 0, 0, runner=cluster, source=source, chunk=64)
    assert spread.json() == alone.json()
    by_key = {c.key: c for c in spread.checks}
    assert by_key["18.1"].found == 1
    assert by_key["18.2"].found == 25
    assert len(by_key["18.2"].counterexamples) == KEEP
    assert not spread.ok


def test_a_chunk_is_a_pure_task_of_its_range_and_the_level_before() -> None:
    source = RowSource(producer="evaluator")
    level = None
    for n in (1, 2, 3):
        below = check_chunk(n, 0, count_patterns(n), source, level)
        level = Level(n, below.codes, below.values, f"level {n}")
    with pytest.raises(ArgumentError, match="n = 4 need the level of n = 3, not of n = 2"):
        check_chunk(4, 0, 70, source, Level(2, below.codes, below.values, "wrong"))
    whole = check_chunk(4, 0, 70, source, level)
    halves = [check_chunk(4, a, b, source, level) for a, b in ((0, 33), (33, 70))]
    assert sum(h.seen for h in halves) == whole.seen == 70
    for key, (checked, found, _) in whole.found.items():
        assert sum(h.found[key][0] for h in halves) == checked > 0
        assert sum(h.found[key][1] for h in halves) == found == 0
    codes = [h.values[c] for h in halves for c in h.codes]
    assert codes == [whole.values[c] for c in whole.codes]


# -- a worker killed mid-run ------------------------------------------------------------------
def die_once(marker: str, fn: Any, *args: Any) -> Any:
    """``fn(*args)``, but the first time (no ``marker`` file yet) the worker process running it
    kills itself, as a machine lost mid-task: the marker is written, then ``os._exit``."""
    if not os.path.exists(marker):
        Path(marker).write_text(str(os.getpid()))
        os._exit(1)
    return fn(*args)


class _Killing:
    """A runner whose chosen tasks kill their worker on their first attempt."""

    def __init__(self, runner: ChunkRunner, folder: Path, kill: set[tuple[int, int]]) -> None:
        self.runner, self.folder, self.kill = runner, folder, kill
        self.local = runner.local

    def share(self, obj: Any) -> Any:
        return self.runner.share(obj)

    def run(self, tasks: Sequence[Task], **kw: Any) -> Iterator[Done]:
        wrapped = []
        for t in tasks:
            n, start = t.args[0], t.args[1]
            if (n, start) in self.kill:
                marker = str(self.folder / f"died-{n}-{start}")
                t = Task(die_once, (marker, t.fn, *t.args))
            wrapped.append(t)
        return self.runner.run(wrapped, **kw)


def test_a_worker_killed_mid_run_and_the_run_still_ends_identical(
    cluster: ChunkRunner, alone: dict[str, Any], tmp_path: Path, exhaustive: bool
) -> None:
    upto = _upto(exhaustive)
    pids = set(cluster.client().run(os.getpid).values())
    kill = {(upto, 1000), (upto - 1, 0)}  # a chunk of the last level and one of the level before
    runner = _Killing(cluster, tmp_path, kill)
    spread = check_in_chunks(upto, 0, 0, runner=runner, chunk=500)  # type: ignore[arg-type]
    assert spread.json() == alone
    died = {int(p.read_text()) for p in tmp_path.glob("died-*")}
    assert len(died) == 2  # both killed their worker…
    # …workers of the cluster (the second kill may hit the worker that replaced the first),
    # which has two again, restarted by their nannies
    assert died & pids
    cluster.client().wait_for_workers(2, timeout=60)  # a nanny may still be restarting one
    assert cluster.worker_count() == 2
    assert set(cluster.client().run(os.getpid).values()).isdisjoint(died)
    # restarted as started: without Dask's MALLOC_TRIM_THRESHOLD_ (numpy's chunks 3.5× slower)
    assert set(cluster.client().run(_trim).values()) == {os.environ.get("MALLOC_TRIM_THRESHOLD_")}


def _trim() -> str | None:
    return os.environ.get("MALLOC_TRIM_THRESHOLD_")


# -- outputs, resume, cancel ------------------------------------------------------------------
def square_into(location: str, k: int) -> int:
    write_atomic(location, str(k * k).encode())
    return k * k


def refuse(location: str, k: int) -> int:
    raise AssertionError(f"chunk {k} was done already and ran again")


@pytest.mark.parametrize("where", ["here", "cluster"])
def test_a_resumed_run_skips_the_chunks_whose_output_exists(
    cluster: ChunkRunner, tmp_path: Path, where: str
) -> None:
    runner = cluster if where == "cluster" else ChunkRunner()
    outs = [str(tmp_path / "chunks" / f"{k}.txt") for k in range(6)]
    told: list[tuple[int, int]] = []
    done = list(
        runner.run(
            [Task(square_into, (o, k), o) for k, o in enumerate(outs)],
            progress=lambda d, t: told.append((d, t)),
        )
    )
    assert [d.result for d in done] == [0, 1, 4, 9, 16, 25]
    assert told[0] == (0, 6)
    assert told[-1] == (6, 6)
    assert [read_bytes(o) for o in outs] == [b"0", b"1", b"4", b"9", b"16", b"25"]
    assert not list((tmp_path / "chunks").glob("*.tmp-*"))  # written under a name, renamed
    again = list(runner.run([Task(refuse, (o, k), o) for k, o in enumerate(outs)]))
    assert all(d.skipped and d.result is None for d in again)
    os.remove(outs[2])
    told.clear()
    mixed = list(
        runner.run(
            [Task(square_into, (o, k), o) for k, o in enumerate(outs)],
            progress=lambda d, t: told.append((d, t)),
        )
    )
    assert [d.skipped for d in mixed] == [True, True, False, True, True, True]
    assert mixed[2].result == 4
    assert told == [(5, 6), (6, 6)]


def test_outputs_at_a_file_url(tmp_path: Path) -> None:
    pytest.importorskip("pyarrow")
    url = (tmp_path / "deep" / "chunk.bin").as_uri()
    assert url.startswith("file://")
    assert not output_exists(url)
    write_atomic(url, b"\x00\x01codes")
    assert output_exists(url)
    assert read_bytes(url) == b"\x00\x01codes"
    assert os.listdir(tmp_path / "deep") == ["chunk.bin"]
    skipped = list(ChunkRunner().run([Task(refuse, (url, 0), url)]))
    assert skipped[0].skipped


def test_bad_locations_and_runners_are_refused() -> None:
    if importlib.util.find_spec("pyarrow") is not None:
        with pytest.raises(ClusterError, match="pyarrow cannot open the location 'nosuch://x'"):
            output_exists("nosuch://x")
    with pytest.raises(ArgumentTypeError, match="path or URL"):
        output_exists(3)  # type: ignore[arg-type]
    with pytest.raises(ArgumentError, match="workers = 0"):
        ChunkRunner(0)
    with pytest.raises(ArgumentError, match="not both"):
        ChunkRunner(2, scheduler="tcp://127.0.0.1:8786")
    with pytest.raises(ClusterError, match="'tcp://a b' is not a scheduler's address"):
        ChunkRunner(scheduler="tcp://a b")
    with pytest.raises(ArgumentTypeError, match="Task objects"):
        list(ChunkRunner().run([pow]))  # type: ignore[list-item]


def test_cancel_stops_the_run_and_shuts_down_the_cluster_it_started(tmp_path: Path) -> None:
    with ChunkRunner(workers=1) as runner:
        outs = [str(tmp_path / f"{k}.txt") for k in range(40)]
        seen: list[int] = []

        def stop() -> bool:
            return len(seen) >= 2

        run = runner.run(
            [Task(square_into, (o, k), o) for k, o in enumerate(outs)], should_stop=stop
        )

        def take() -> None:
            for d in run:
                seen.append(d.index)

        with pytest.raises(Cancelled, match="of 40 chunks"):
            take()
        assert len(seen) == 2
        assert runner._cluster is None
        assert runner._client is None
        assert sum(output_exists(o) for o in outs) < 40
    here = ChunkRunner()
    with pytest.raises(Cancelled, match="after 0 of 3 chunks"):
        list(here.run([Task(pow, (2, k)) for k in range(3)], should_stop=lambda: True))


@pytest.mark.parametrize("n", [1, 2, 5, 7])
def test_a_chunks_rows_from_the_kernel_are_the_row_makers(n: int) -> None:
    """A chunk makes the kernel's rows of its range only; they are the row maker's."""
    full = list(RowMaker("kernel")(n))
    source = RowSource("kernel")
    total = len(full)
    for a, b in ((0, total), (0, 1), (min(3, total - 1), min(17, total)), (total - 2, total)):
        assert list(source.rows(n, a, b)) == full[a:b]


# -- a table store filled from the workers ----------------------------------------------------
def _cells(path: Path) -> list[tuple[object, ...]]:
    db = sqlite3.connect(path)
    try:
        rows = db.execute("SELECT * FROM suits ORDER BY n, idx").fetchall()
        return rows + db.execute("SELECT n, done, total FROM progress ORDER BY n").fetchall()
    finally:
        db.close()


def test_a_store_filled_on_two_workers_is_the_single_process_store(
    cluster: ChunkRunner, tmp_path: Path, exhaustive: bool
) -> None:
    upto = 9 if exhaustive else 8  # n = 8: 12,870 suits in 4 chunks of 4,096
    _write_store(tmp_path / "alone.sqlite", upto)
    told: list[tuple[int, int, int]] = []
    with TableStore(tmp_path / "spread.sqlite", create=True) as store:
        held = fill_in_chunks(store, upto, cluster, progress=lambda *a: told.append(a))
    assert held == list(range(1, upto + 1))
    assert _cells(tmp_path / "spread.sqlite") == _cells(tmp_path / "alone.sqlite")
    assert (upto, count_patterns(upto), count_patterns(upto)) in told


def test_a_store_filled_in_chunks_and_stopped_resumes_at_its_first_missing_chunk(
    tmp_path: Path,
) -> None:
    _write_store(tmp_path / "alone.sqlite", 8)
    path = tmp_path / "stopped.sqlite"
    calls = [0]

    def stop() -> bool:
        calls[0] += 1
        return calls[0] > 10  # in the suits of n = 8, after a chunk or two of them

    with TableStore(path, create=True) as store, pytest.raises(Cancelled):
        fill_in_chunks(store, 8, ChunkRunner(), should_stop=stop)
    with TableStore(path) as store:
        done = store.progress(8).done
    assert 0 < done < count_patterns(8)
    assert done % 4096 == 0  # whole chunks, each in a transaction of its own
    with TableStore(path, create=True) as store:
        fill_in_chunks(store, 8, ChunkRunner())
    assert _cells(path) == _cells(tmp_path / "alone.sqlite")


# -- a Parquet store: its parts computed on the workers, its suits checked there ------------------
def _raw(path: Path) -> list[tuple[object, ...]]:
    """Every row of a Parquet store as its files hold it (keys, not texts), and its manifest."""
    with ParquetStore(path) as store:
        _, rows = store.sql("SELECT * FROM raw ORDER BY n, rank")
        return [*rows, tuple(sorted(store.meta["finished"].items()))]


def _parquet(path: Path, upto: int, runner: TaskRunner | None = None, rows: int = 500) -> list[int]:
    """A Parquet store of n ≤ ``upto`` in parts of ``rows`` suits (500: n = 7 in 7 parts, 8 in
    26)."""
    with ParquetStore(path, create=True, chunk_rows=rows) as store:
        return fill_parquet(store, upto, runner=runner)


def test_a_parquet_store_filled_on_two_workers_is_the_single_process_store(
    cluster: ChunkRunner, tmp_path: Path, exhaustive: bool
) -> None:
    upto = 9 if exhaustive else 8
    _parquet(tmp_path / "alone", upto)
    assert _parquet(tmp_path / "spread", upto, cluster.map) == list(range(1, upto + 1))
    assert cluster.worker_count() == 2
    rows = _raw(tmp_path / "spread")
    assert rows == _raw(tmp_path / "alone")
    assert len(rows) == 1 + sum(count_patterns(n) for n in range(1, upto + 1))
    parts = sorted(p.name for p in (tmp_path / "spread" / f"n={upto}").iterdir())
    assert len(parts) == -(-count_patterns(upto) // 500)  # each part written once, whole


def die_or_run(marker: str | None, fn: Any, *args: Any) -> Any:
    """:func:`die_once` for a chosen task (a marker), ``fn(*args)`` for the others."""
    return fn(*args) if marker is None else die_once(marker, fn, *args)


def test_a_worker_killed_mid_parquet_fill_and_the_store_still_ends_identical(
    cluster: ChunkRunner, tmp_path: Path
) -> None:
    _parquet(tmp_path / "alone", 8)
    kill = {(8, 3), (7, 0)}  # a part of the last level and one of the level before

    def killing(fn: Any, args: list[tuple[Any, ...]]) -> Iterator[Any]:
        # compute_chunk(directory, n, part, …): the chosen parts kill their worker first
        marked = [
            (str(tmp_path / f"died-{a[1]}-{a[2]}") if (a[1], a[2]) in kill else None, fn, *a)
            for a in args
        ]
        return cluster.map(die_or_run, marked)

    assert _parquet(tmp_path / "spread", 8, killing) == list(range(1, 9))
    assert len(list(tmp_path.glob("died-*"))) == 2  # both parts killed their worker once
    assert _raw(tmp_path / "spread") == _raw(tmp_path / "alone")
    # restarted by their nannies (the last restart may end after the run: seen once in a
    # whole pytest --exhaustive, one worker of two registered when the run had ended)
    cluster.client().wait_for_workers(2, timeout=60)
    assert cluster.worker_count() == 2


def test_conjectures_of_a_parquet_store_on_the_workers_are_the_kernels(
    cluster: ChunkRunner, alone: dict[str, Any], tmp_path: Path, exhaustive: bool
) -> None:
    """The chunks read their suits from a Parquet store (DuckDB, keys made values by the
    store's dictionary), several chunks a part and parts of several chunks: the report is the
    single-process kernel's, also with the searches run on the stored suits."""
    upto = _upto(exhaustive)
    # several chunks a part and parts of several chunks at every n; ten times both at n = 10,
    # whose 184,756 suits in chunks of 300 (a level's scan each) took 88 s of --exhaustive
    part, chunk = (500, 300) if upto <= 8 else (5000, 3000)
    _parquet(tmp_path / "s", upto, rows=part)
    source = RowSource(store=str(tmp_path / "s"))
    assert source.name == "store"
    spread = check_in_chunks(upto, 0, 0, runner=cluster, source=source, chunk=chunk)
    assert spread.json() == alone
    here = check_in_chunks(5, 3, 3, runner=ChunkRunner(), source=source, chunk=77)
    assert here.json() == check(5, 3, 3).json()
    with ParquetStore(tmp_path / "s") as store:
        assert list(store.rows(upto, 5, 9)) == list(RowMaker("kernel")(upto))[5:9]


def test_without_dask_a_run_on_a_cluster_is_a_cluster_error_not_an_import_error() -> None:
    """``ChunkRunner(workers=2).run`` in a Python where ``distributed`` cannot be imported:
    the ClusterError saying what to install (it fetched ``distributed.wait`` before starting
    its client, so this was a raw ImportError)."""
    import subprocess
    import sys

    code = (
        "import sys\n"
        "sys.modules['distributed'] = None  # import distributed: ImportError\n"
        "from whistgui.engine.tables.cluster import ChunkRunner, ClusterError, Task\n"
        "try:\n"
        "    list(ChunkRunner(workers=2).run([Task(print, ('x',))]))\n"
        "except ClusterError as exc:\n"
        "    print(type(exc).__name__, exc)\n"
    )
    p = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert p.returncode == 0, p.stderr
    assert p.stdout.strip() == (
        "ClusterError running on a Dask cluster needs dask.distributed, which is not installed "
        "here (pip install 'dask[distributed]')"
    )
