"""``whist conjectures --workers/--scheduler/--store`` and ``whist table --upto N --store S
--workers`` run as a user runs them (the installed command as a process): the same report, and
the same store (Parquet or SQLite), as the single-process path, JSON alone on standard output
(nothing of Dask's), and bad flags refused in one line; the command line starts without
importing Dask."""

from __future__ import annotations

import json
import math
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

pytest.importorskip("distributed")

_SMALL = ("--upto", "6", "--search-upto", "3", "--two-suits-upto", "3")


def _whist(*argv: str, timeout: float = 300) -> subprocess.CompletedProcess[str]:
    """``whist argv…`` run as a process from the installed entry point."""
    exe = Path(sys.executable).with_name("whist")
    command = [str(exe)] if exe.exists() else [sys.executable, "-m", "whistgui.cli"]
    return subprocess.run([*command, *argv], capture_output=True, text=True, timeout=timeout)


def _report(p: subprocess.CompletedProcess[str]) -> dict[str, object]:
    assert p.returncode == 0, p.stderr
    report = json.loads(p.stdout)  # the whole of standard output is one JSON object
    assert isinstance(report, dict)
    report.pop("seconds")
    return report


@pytest.fixture(scope="module")
def alone() -> dict[str, object]:
    return _report(_whist("conjectures", *_SMALL, "--json"))


def test_conjectures_on_two_workers_print_only_the_report_as_alone(alone, tmp_path):
    p = _whist("conjectures", *_SMALL, "--workers", "2", "--json")
    assert _report(p) == alone
    assert alone["ok"] is True
    assert "whist: running on a local Dask cluster of 2 worker processes (2 workers" in p.stderr
    assert "Traceback" not in p.stderr
    assert "distributed." not in p.stderr


def _new_sqlite(path: str) -> str:
    """An empty SQLite store at ``path``: ``whist table --upto`` then writes it as an earlier
    whist did (a new path is made a Parquet store, whatever its name)."""
    from whistgui.engine.tables.store import TableStore

    TableStore(path, create=True).close()
    return path


@pytest.mark.parametrize("kind", ["parquet", "sqlite"])
def test_conjectures_of_a_store_chunk_by_chunk(alone, tmp_path, kind):
    if kind == "sqlite":
        path = _new_sqlite(str(tmp_path / "s.sqlite"))
    else:
        path = str(tmp_path / "s.sqlite")  # a new path: a Parquet directory, whatever its name
    made = _whist("table", "--upto", "6", "--store", path)
    assert made.returncode == 0, made.stderr
    assert Path(path).is_dir() == (kind == "parquet")
    text = _whist("conjectures", *_SMALL, "--store", path)
    assert text.returncode == 0, text.stderr
    assert text.stdout.startswith("every single suit of n ≤ 6 cards a hand by its value (store)")
    got = _report(_whist("conjectures", *_SMALL, "--store", path, "--json"))
    assert got.pop("producer") == "store"
    assert got == {k: v for k, v in alone.items() if k != "producer"}
    if kind == "parquet":  # and on the workers of a local cluster
        spread = _whist("conjectures", *_SMALL, "--store", path, "--workers", "2", "--json")
        assert _report(spread) == {**got, "producer": "store"}
        assert "running on a local Dask cluster of 2 worker processes" in spread.stderr
    short = _whist("conjectures", "--upto", "7", "--store", path)
    assert short.returncode == 2
    assert short.stdout == ""
    assert short.stderr.strip() == (
        f"whist: error: the table store '{path}' holds no suit of 7 cards a hand (it holds "
        f"every suit of n ≤ 6); 'whist table --upto 7 --store {path}' writes them"
    )


@pytest.mark.parametrize(
    ("flags", "said"),
    [
        (("--workers", "0"), "--workers must be 1 to 256 worker processes, not 0"),
        (("--workers", "2", "--scheduler", "tcp://h:8786"), "not allowed with argument"),
        (("--scheduler", "tcp://a b"), "'tcp://a b' is not a scheduler's address"),
        (("--workers", "x"), "argument --workers: 'x' is not a whole number"),
    ],
)
def test_bad_cluster_flags_are_one_line(flags, said):
    p = _whist("conjectures", "--upto", "4", *flags)
    assert p.returncode == 2
    assert p.stdout == ""
    assert said in p.stderr
    assert len(p.stderr.strip().splitlines()) == 1, p.stderr


def test_the_command_line_starts_without_dask():
    code = (
        "import sys\n"
        "from whistgui.cli import main\n"
        "try:\n"
        "    main(['conjectures', '--help'])\n"
        "except SystemExit:\n"
        "    pass\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('dask', 'distributed')))\n"
    )
    p = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert p.returncode == 0, p.stderr
    assert "--workers [N]" in p.stdout
    assert "--scheduler ADDRESS" in p.stdout
    assert p.stdout.strip().splitlines()[-1] == "[]"


def _cells(path: str) -> list[tuple[object, ...]]:
    db = sqlite3.connect(path)
    try:
        return db.execute("SELECT * FROM suits ORDER BY n, idx").fetchall()
    finally:
        db.close()


def _raw(path: str) -> list[str]:
    """A Parquet store's rows as its files hold them, by ``whist table --sql``."""
    p = _whist("table", "--store", path, "--sql", "SELECT * FROM raw ORDER BY n, rank")
    assert p.returncode == 0, p.stderr
    return p.stdout.splitlines()


@pytest.mark.parametrize("kind", ["parquet", "sqlite"])
def test_a_store_written_on_two_workers_is_the_single_process_store(tmp_path, kind):
    alone, spread = str(tmp_path / "alone"), str(tmp_path / "spread")
    if kind == "sqlite":
        alone, spread = _new_sqlite(alone + ".sqlite"), _new_sqlite(spread + ".sqlite")
    a = _whist("table", "--upto", "8", "--store", alone, "--json")
    b = _whist("table", "--upto", "8", "--store", spread, "--workers", "2", "--json")
    assert a.returncode == 0, a.stderr
    assert b.returncode == 0, b.stderr
    lines = [json.loads(line) for line in b.stdout.splitlines()]  # JSON alone on stdout
    assert [(o["n"], o["suits"], o["written"], o["producer"]) for o in lines] == [
        (o["n"], o["suits"], o["written"], o["producer"])
        for o in map(json.loads, a.stdout.splitlines())
    ]
    assert [o["n"] for o in lines] == list(range(1, 9))
    assert "running on a local Dask cluster of 2 worker processes" in b.stderr
    size = sum(math.comb(2 * n, n) for n in range(1, 9))
    if kind == "sqlite":
        assert _cells(spread) == _cells(alone)
        assert len(_cells(spread)) == size
    else:
        assert _raw(spread) == _raw(alone)
        assert len(_raw(spread)) == 1 + size  # a header and a line a suit


@pytest.mark.parametrize(
    "argv",
    [("table", "5", "--workers", "2"), ("table", "--upto", "3", "--scheduler", "tcp://h:1")],
)
def test_a_cluster_without_a_store_to_write_is_refused(argv):
    p = _whist(*argv)
    assert p.returncode == 2
    assert "--workers and --scheduler run the writing of a store" in p.stderr


def test_conjectures_on_an_existing_cluster_by_its_address(alone):
    """A cluster this test starts stands for one started by hand ('dask scheduler', 'dask
    worker ADDRESS'): the command reaches it by --scheduler, and leaves it running."""
    from whistgui.engine.tables.cluster import ChunkRunner

    with ChunkRunner(workers=2) as cluster:
        address = cluster.client().scheduler.address
        p = _whist("conjectures", *_SMALL, "--scheduler", address, "--json")
        assert _report(p) == alone
        assert f"whist: running on the Dask cluster at '{address}' (2 workers, reached in" in (
            p.stderr
        )
        assert cluster.worker_count() == 2  # still up: the command only disconnected


def test_ctrl_c_stops_the_workers_and_the_store_resumes(tmp_path):
    """Ctrl+C (SIGINT) in a run on a local cluster: exit 130 with the store's holdings, the
    cluster's processes gone; the same command finishes the store, as a single process
    writes it."""
    path = _new_sqlite(str(tmp_path / "s.sqlite"))
    alone = _new_sqlite(str(tmp_path / "alone.sqlite"))
    exe = Path(sys.executable).with_name("whist")
    command = [str(exe)] if exe.exists() else [sys.executable, "-m", "whistgui.cli"]
    argv = [*command, "table", "--upto", "10", "--store", path, "--workers", "1", "--json"]
    p = subprocess.Popen(
        argv,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),  # as in a terminal
    )
    assert p.stdout is not None
    assert p.stderr is not None
    for line in p.stdout:  # n = 1 to 9 written: n = 10 (45 chunks of 4,096) is under way
        if json.loads(line)["n"] == 9:
            break
    workers = subprocess.run(
        ["ps", "-o", "pid=", "--ppid", str(p.pid)], capture_output=True, text=True
    ).stdout.split()
    p.send_signal(signal.SIGINT)
    seen = p.stderr.read()
    assert p.wait(timeout=60) == 130
    assert "whist: interrupted; " in seen
    assert "— run the same command to resume" in seen
    assert workers  # the cluster's processes…
    deadline = time.monotonic() + 30
    while any(Path(f"/proc/{w}").exists() for w in workers) and time.monotonic() < deadline:
        time.sleep(0.2)
    assert not [w for w in workers if Path(f"/proc/{w}").exists()]  # …are gone
    again = subprocess.run(argv, capture_output=True, text=True, timeout=300)
    assert again.returncode == 0, again.stderr
    made = _whist("table", "--upto", "10", "--store", alone)
    assert made.returncode == 0, made.stderr
    assert _cells(path) == _cells(alone)


def test_a_store_given_as_a_file_url_and_one_on_another_filesystem(tmp_path):
    url = (tmp_path / "u").as_uri()
    made = _whist("table", "--upto", "5", "--store", url, "--json")
    assert made.returncode == 0, made.stderr
    assert json.loads(made.stdout.splitlines()[-1])["store"] == str(tmp_path / "u")
    assert (tmp_path / "u" / "store.json").is_file()  # a Parquet store
    checked = _whist("conjectures", "--upto", "5", "--store", url, "--workers", "1", "--json")
    assert json.loads(checked.stdout)["ok"] is True
    assert "(1 worker, started in" in checked.stderr
    far = _whist("conjectures", "--upto", "5", "--store", "s3://bucket/u.sqlite")
    assert far.returncode == 2
    assert far.stderr.startswith(
        "whist: error: the table store 's3://bucket/u.sqlite' is a URL of another machine or "
        "filesystem; a table store is opened at a path"
    )
