"""``whist gops solve --workers/--scheduler`` run as a user runs it (the installed command as a
process): the same JSON as the single-process solve, alone on standard output, where it ran on
standard error; bad flags refused in one line, quoting the address."""

from __future__ import annotations

import json

import pytest

from tests.cli.helpers import run_process


def _game(*flags: str) -> tuple[dict[str, object], str]:
    p = run_process("gops", "solve", "--n", "5", "--score", "points", "--json", *flags)
    assert p.returncode == 0, p.stderr
    return json.loads(p.stdout), p.stderr  # the whole of standard output is one JSON object


def test_solve_on_two_workers_prints_the_game_of_the_single_process() -> None:
    pytest.importorskip("distributed")
    alone, quiet = _game()
    spread, said = _game("--workers", "2")
    assert spread == alone
    assert len(alone["first"]) == 5  # type: ignore[arg-type]
    assert quiet == ""
    assert said.startswith("whist: running on a local Dask cluster of 2 worker processes (2 ")
    assert "Traceback" not in said
    assert "distributed." not in said


def test_solve_reaches_an_existing_scheduler_and_leaves_it_running() -> None:
    pytest.importorskip("distributed")
    from whistgui.engine.tables.cluster import ChunkRunner

    alone, _ = _game()
    with ChunkRunner(workers=1) as cluster:
        address = cluster.client().scheduler.address
        spread, said = _game("--scheduler", address)
        assert spread == alone
        assert f"running on the Dask cluster at '{address}' (1 worker, reached in" in said
        assert cluster.worker_count() == 1  # still there


@pytest.mark.parametrize(
    ("flags", "said"),
    [
        (("--scheduler", "tcp://a b"), "whist: error: 'tcp://a b' is not a scheduler's address"),
        (("--scheduler", " "), "whist: error: ' ' is not a scheduler's address"),
        (("--workers", "0"), "workers = 0; a local cluster has 1 to 256 worker processes"),
        (("--workers", "-1"), "workers = -1; a local cluster has 1 to 256 worker processes"),
        (("--workers", "2", "--scheduler", "tcp://h:8786"), "not allowed with argument"),
        (("--workers", "x"), "argument --workers: 'x' is not a whole number"),
    ],
)
def test_bad_cluster_flags_are_one_line(flags: tuple[str, ...], said: str) -> None:
    p = run_process("gops", "solve", "--n", "4", *flags)
    assert p.returncode == 2
    assert p.stdout == ""
    assert said in p.stderr
    assert len(p.stderr.strip().splitlines()) == 1, p.stderr


def test_without_dask_workers_are_refused_in_one_line() -> None:
    import subprocess
    import sys

    code = (
        "import sys\n"
        "sys.modules['distributed'] = None  # import distributed: ImportError\n"
        "from whistgui.cli import main\n"
        "sys.exit(main(['gops', 'solve', '--n', '4', '--workers', '2']))\n"
    )
    p = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert p.returncode == 2, p.stderr
    assert p.stdout == ""
    assert p.stderr == (
        "whist: error: running on a Dask cluster needs dask.distributed, which is not installed "
        "here (pip install 'dask[distributed]')\n"
    )


def test_the_help_shows_the_cluster_flags_and_a_solve_here_never_imports_dask() -> None:
    import subprocess
    import sys

    p = run_process("gops", "solve", "--help")
    assert p.returncode == 0
    assert "--workers [N]" in p.stdout
    assert "--scheduler ADDRESS" in p.stdout
    code = (
        "import sys\n"
        "from whistgui.cli import main\n"
        "assert main(['gops', 'solve', '--n', '4', '--json']) == 0\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('dask', 'distributed')))\n"
    )
    p = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert p.returncode == 0, p.stderr
    assert json.loads(p.stdout.splitlines()[0])["n"] == 4
    assert p.stdout.strip().splitlines()[-1] == "[]"
