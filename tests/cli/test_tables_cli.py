"""``whist table`` with a store and ``whist conjectures`` as a user runs them: text and JSON,
resuming, queries, and bad input answered in one line without a traceback."""

from __future__ import annotations

import json
import re
import sqlite3
import subprocess
import sys
from collections import Counter
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest

from tests.cli.helpers import jsonl, run
from whistgui.cli import main
from whistgui.cli.common import EXIT_BAD_INPUT
from whistgui.engine import Evaluator, SuitDeal, Value
from whistgui.engine.tables.rows import MAX_ROWS_N, RowMaker, SuitRow, count_patterns, patterns
from whistgui.engine.tables.store import TableStore


def _new_sqlite(path: str) -> str:
    """An empty SQLite store at ``path``: ``--upto`` then writes it as an earlier whist did
    (a new store is a Parquet directory)."""
    TableStore(path, create=True).close()
    return path


@pytest.fixture(params=["parquet", "sqlite"])
def store(
    request: pytest.FixtureRequest, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> str:
    """A store of every suit of n ≤ 4: a Parquet directory, or an SQLite file of an earlier
    whist (every query must answer the same from both)."""
    if request.param == "sqlite":
        path = _new_sqlite(str(tmp_path / "suits.sqlite"))
    else:
        path = str(tmp_path / "suits")
    code, _, err = run(capsys, "table", "--upto", "4", "--store", path)
    assert code == 0, err
    return path


@pytest.fixture
def sqlite_store(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> str:
    path = _new_sqlite(str(tmp_path / "suits.sqlite"))
    code, _, err = run(capsys, "table", "--upto", "4", "--store", path)
    assert code == 0, err
    return path


def test_table_n_still_lists_east_holding_the_top_card(capsys):
    code, out, _ = run(capsys, "table", "--json", "2")
    assert code == 0
    assert jsonl(out) == [
        {"game": "whist", "west": "KQ", "east": "AJ", "value": "1-e1"},
        {"game": "whist", "west": "KJ", "east": "AQ", "value": "1/2"},
        {"game": "whist", "west": "QJ", "east": "AK", "value": "e0"},
    ]


@pytest.mark.parametrize("n", [5, 6])
def test_a_long_table_read_from_the_kernel_equals_the_recursions(n):
    """From KERNEL_FROM cards a hand, table(n) reads the kernel's table of every suit (n = 10
    took 40 minutes valued one suit at a time); here from 4, against the recursion alone."""
    from_kernel = [(str(s), v) for s, v in Evaluator(kernel_from=4).table(n)]
    by_recursion = [(str(s), v) for s, v in Evaluator(kernel_from=None).table(n)]
    assert from_kernel == by_recursion
    assert len(from_kernel) == count_patterns(n) // 2


def test_table_of_ten_cards_a_hand_lists_every_suit_with_east_on_top(capsys):
    code, out, err = run(capsys, "table", "--json", "10")
    assert code == 0, err
    objs = jsonl(out)
    assert len(objs) == count_patterns(10) // 2
    first = objs[0]
    suit = SuitDeal.parse(f"[{first['west']}, {first['east']}]")  # 20 cards: integers
    assert Value.parse(first["value"]) == Evaluator().value(suit)


def test_upto_writes_a_store_and_says_so(tmp_path, capsys):
    path = str(tmp_path / "t.sqlite")
    code, out, _ = run(capsys, "table", "--json", "--upto", "3", "--store", path)
    assert code == 0
    objs = jsonl(out)
    assert [o["n"] for o in objs] == [1, 2, 3]
    assert [o["suits"] for o in objs] == [2, 6, 20]
    assert all(o["written"] == o["suits"] and o["store"] == path for o in objs)
    code, out, err = run(capsys, "table", "--upto", "4", "--store", path)
    assert code == 0
    assert "already holds n ≤ 3" in err
    assert out.splitlines()[0].startswith("n = 4: 70 suits")  # only n = 4 was written
    code, out, err = run(capsys, "table", "--upto", "4", "--store", path)
    assert (code, out) == (0, "")
    assert "already holds every suit of n ≤ 4: nothing to write" in err
    with pytest.raises(SystemExit) as info:
        main(["table", "--store", path, "--count-by-value", "--producer", "kernel"])
    assert info.value.code == EXIT_BAD_INPUT
    assert "a query of a store reads the values it holds" in capsys.readouterr().err


def test_upto_without_a_store_prints_every_suit(capsys):
    code, out, _ = run(capsys, "table", "--json", "--upto", "2")
    assert code == 0
    rows = jsonl(out)
    assert [r["pattern"] for r in rows] == list(patterns(1)) + list(patterns(2))
    first = rows[0]
    assert set(first) == {
        "game", "n", "suit", "paper", "pattern", "value", "class",
        "maxmin", "minmax", "t0", "h", "hbar",
    }  # fmt: skip
    assert first["maxmin"] == {"lead": "E", "value": "0"}
    ev = Evaluator()
    for r in rows:
        assert ev.value(r["suit"]) == Value.parse(r["value"])
        assert SuitDeal.parse(r["paper"]).pattern == r["pattern"]


def test_value_query(store, capsys):
    code, out, _ = run(capsys, "table", "--json", "--store", store, "--value", "3/2")
    assert code == 0
    rows = jsonl(out)
    ev = Evaluator()
    want = [
        p for n in range(1, 5) for p in patterns(n) if ev.pattern_value(p) == Value.parse("3/2")
    ]
    assert [r["pattern"] for r in rows] == want
    assert {r["value"] for r in rows} == {"3/2"}
    # the pretty form asks the same; N narrows it to one length
    code, out, _ = run(capsys, "table", "3", "--store", store, "--value", "1½")
    assert code == 0
    lines = out.splitlines()
    assert len(lines) == sum(1 for p in patterns(3) if ev.pattern_value(p) == Value.parse("3/2"))
    assert all(line.startswith("3\t") and "\t1½\t" in line for line in lines)
    # R43's numbers are written with the minus sign of the values, never ASCII '-'
    assert any("\tT₀ −" in line for line in lines)
    assert not any("-" in line for line in lines)
    # an ASCII mixed number asks the same (it was read as 11/2)
    assert run(capsys, "table", "3", "--store", store, "--value", "1 1/2")[1] == out


def test_first_of_each_value(store, capsys):
    code, out, _ = run(capsys, "table", "--json", "--store", store, "--first-of-each-value")
    assert code == 0
    rows = jsonl(out)
    values = [r["value"] for r in rows]
    assert len(values) == len(set(values))
    ev = Evaluator()
    first: dict[str, str] = {}
    for n in range(1, 5):
        for p in patterns(n):
            first.setdefault(ev.pattern_value(p).ascii(), p)
    assert {r["value"]: r["pattern"] for r in rows} == first
    assert [Value.parse(v) for v in values] == sorted(
        (Value.parse(v) for v in values), key=lambda v: (v.number, v.infinitesimal.pos)
    )


def test_count_by_value_json_is_one_object(store, capsys):
    code, out, _ = run(capsys, "table", "--json", "--store", store, "--count-by-value")
    assert code == 0
    assert len(out.splitlines()) == 1
    obj = json.loads(out)
    assert list(obj) == ["1", "2", "3", "4"]
    ev = Evaluator()
    for key, counts in obj.items():
        n = int(key)
        want = Counter(ev.pattern_value(p).ascii() for p in patterns(n))
        assert counts == dict(want)  # every suit counts, whoever holds the top card
        assert sum(counts.values()) == count_patterns(n)
    code, out, _ = run(capsys, "table", "--store", store, "--count-by-value", "3")
    assert code == 0
    assert out.splitlines()[0] == f"n = 3: 20 suits, {len(obj['3'])} values"


def _interrupting(monkeypatch: pytest.MonkeyPatch, at_n: int, after: int) -> None:
    """Make the producer raise KeyboardInterrupt (Ctrl+C) after ``after`` suits of ``at_n``."""
    real = RowMaker.__call__

    def call(self: RowMaker, n: int, **kw: object) -> Iterator[SuitRow]:
        for k, row in enumerate(real(self, n, **kw)):  # type: ignore[arg-type]
            if n == at_n and k == after:
                raise KeyboardInterrupt
            yield row

    monkeypatch.setattr(RowMaker, "__call__", call)


def test_ctrl_c_leaves_a_store_that_resumes(tmp_path, capsys, monkeypatch):
    path = _new_sqlite(str(tmp_path / "t.sqlite"))
    with monkeypatch.context() as m:
        _interrupting(m, 6, 500)
        code, _, err = run(capsys, "table", "--upto", "7", "--store", path)
    assert code == 130
    assert "interrupted" in err
    assert "holds every suit of n ≤ 5" in err
    assert "run the same command to resume" in err
    code, out, err = run(capsys, "table", "--upto", "7", "--store", path)
    assert code == 0
    assert "already holds n ≤ 5" in err
    assert [line.split(":")[0] for line in out.splitlines()] == ["n = 6", "n = 7"]
    code, out, _ = run(capsys, "table", "--json", "--store", path, "--count-by-value")
    counts = json.loads(out)
    assert {k: sum(v.values()) for k, v in counts.items()} == {
        str(n): count_patterns(n) for n in range(1, 8)
    }


@pytest.mark.parametrize(
    "query", [[], ["--value", "3/2"], ["--first-of-each-value"], ["--count-by-value", "--json"]]
)
def test_a_query_for_a_length_the_store_does_not_hold_is_refused(tmp_path, capsys, query):
    """The review asked a store of n ≤ 4 for n = 6: nothing was printed, status 0."""
    path = str(tmp_path / "t.sqlite")
    assert run(capsys, "table", "--upto", "4", "--store", path)[0] == 0
    code, out, err = run(capsys, "table", "--store", path, "6", *query)
    assert (code, out) == (EXIT_BAD_INPUT, "")
    assert "holds no suit of 6 cards a hand (it holds every suit of n ≤ 4)" in err
    assert f"'whist table --upto 6 --store {path}' writes them" in err
    code, out, err = run(capsys, "table", "--store", path, "4", *query)
    assert (code, err) == (0, "")
    assert out


def test_ctrl_c_in_the_middle_of_a_length(tmp_path, capsys, monkeypatch):
    path = _new_sqlite(str(tmp_path / "t.sqlite"))
    with monkeypatch.context() as m:
        _interrupting(m, 5, 200)
        m.setattr("whistgui.engine.tables.store.CHUNK", 64)
        code, _, err = run(capsys, "table", "--upto", "6", "--store", path)
    assert code == 130
    assert "192 of the 252 suits of n = 5" in err  # three chunks of 64 were committed
    code, out, err = run(capsys, "table", "--store", path, "--count-by-value", "--json")
    assert code == 0
    assert "holds 192 of the 252 suits of n = 5" in err  # noted, not counted
    assert list(json.loads(out)) == ["1", "2", "3", "4"]
    code, out, err = run(capsys, "table", "--upto", "6", "--store", path)
    assert code == 0
    assert "n = 5: 252 suits, resumed at 192" in out
    code, out, _ = run(capsys, "table", "--json", "--store", path, "--count-by-value")
    assert sum(json.loads(out)["5"].values()) == 252


@pytest.mark.parametrize(
    ("argv", "needle"),
    [
        (["--store", "{store}", "--value", "1+x"], "'1+x' is not a value"),
        (["--store", "{store}", "--value", "3/7"], "not dyadic"),
        (["--store", "{tmp}/missing.sqlite", "--count-by-value"], "no table store at '"),
        (["--store", "{tmp}/notes.txt", "--count-by-value"], "is not a whist table store"),
        (["--store", "{tmp}/notes.txt", "--upto", "2"], "is not a whist table store"),
    ],
)
def test_bad_input_is_one_line_quoting_it(store, tmp_path, capsys, argv, needle):
    (tmp_path / "notes.txt").write_text("not a database\n" * 100)
    argv = [a.format(store=store, tmp=tmp_path) for a in argv]
    code, out, err = run(capsys, "table", *argv)
    assert code == 2
    assert out == ""
    assert needle in err
    assert len(err.strip().splitlines()) == 1
    assert "Traceback" not in err
    if "{tmp}" in " ".join(argv) or "missing" in err or "notes" in err:
        assert str(tmp_path) in err  # the file is quoted


@pytest.mark.parametrize(
    ("argv", "needle"),
    [
        (["table", "--upto", "0"], "--upto must be a positive number of cards, not 0"),
        (["table", "--upto", "99"], "at most"),
        (["table", "--count-by-value"], "answer from a store: give --store DIR"),
        (["table"], "give N"),
        (["table", "0"], "N must be a positive number of cards"),
        (["table", "3", "--upto", "4"], "give it alone"),
        (["conjectures", "--upto", "4", "--search-upto", "5"], "between 0 and --upto (4)"),
        (["conjectures", "--upto", "99"], "at most"),
        (["conjectures", "--upto", "9", "--search-upto", "9", "--two-suits-upto", "40"], "40"),
    ],
)
def test_bad_arguments_exit_2_in_one_line(capsys, argv, needle):
    with pytest.raises(SystemExit) as info:
        main(argv)
    assert info.value.code == 2
    err = capsys.readouterr().err
    assert needle in err
    assert len(err.strip().splitlines()) == 1


def test_the_limit_is_named(capsys):
    with pytest.raises(SystemExit):
        main(["table", "--upto", str(MAX_ROWS_N["kernel"] + 1), "--producer", "kernel"])
    err = capsys.readouterr().err
    assert f"at most {MAX_ROWS_N['kernel']} cards a hand" in err
    assert "reasonable time" in err


def test_conjectures_json_and_text(capsys):
    argv = ["conjectures", "--upto", "5", "--search-upto", "3", "--two-suits-upto", "3"]
    code, out, _ = run(capsys, *argv, "--json")
    assert code == 0
    (obj,) = jsonl(out)
    assert obj["ok"] is True
    assert (obj["upto"], obj["search_upto"], obj["two_suit_upto"]) == (5, 3, 3)
    by_key = {s["statement"]: s for s in obj["statements"]}
    assert by_key["18.1"]["checked"] == sum(count_patterns(n) for n in range(1, 6))
    assert by_key["18.1"]["upto"] == 5
    assert by_key["R43 6.1"]["upto"] == 3
    assert all(s["counterexamples"] == 0 and s["examples"] == [] for s in obj["statements"])
    code, out, _ = run(capsys, *argv)
    assert code == 0
    lines = out.splitlines()
    assert any(re.match(r"Conjecture 18\.1 +values +n ≤ 5 +350 suits +holds", x) for x in lines)
    assert "COUNTEREXAMPLE" not in out


def test_conjectures_finds_a_planted_counterexample(capsys, monkeypatch):
    real = RowMaker.__call__

    def call(self: RowMaker, n: int, **kw: object) -> Iterator[SuitRow]:
        for row in real(self, n, **kw):  # type: ignore[arg-type]
            yield row if row.pattern != "EWEW" else replace(row, value=Value.parse("1/2+e1"))

    monkeypatch.setattr(RowMaker, "__call__", call)
    code, out, _ = run(capsys, "conjectures", "--upto", "4", "--search-upto", "2")
    assert code == 1
    assert "Conjecture 18.1: [A Q, K J] has value ½ + ε₁: q = ½ is not an integer" in out
    assert re.search(r"Conjecture 18\.1 .* 1 COUNTEREXAMPLE$", out, re.MULTILINE)
    code, out, _ = run(capsys, "conjectures", "--json", "--upto", "4", "--search-upto", "2")
    assert code == 1
    (obj,) = jsonl(out)
    bad = {s["statement"]: s for s in obj["statements"]}["18.1"]
    assert bad["examples"] == [
        {
            "deal": "[A Q, K J]",
            "patterns": ["EWEW"],
            "detail": "has value ½ + ε₁: q = ½ is not an integer",
        }
    ]


@pytest.fixture
def slow_clock(monkeypatch):
    """Every look at the progress clock 3 s after the last."""
    import itertools

    from whistgui.cli.common import ProgressLine

    ticks = itertools.count(step=3.0)
    monkeypatch.setattr(ProgressLine, "clock", staticmethod(lambda: next(ticks)))


@pytest.mark.parametrize(
    "argv",
    [["table", "--upto", "4", "--producer", "evaluator"], ["table", "9"]],
    ids=["upto", "listing"],
)
def test_table_reports_progress_with_the_time_left_in_a_log(capsys, slow_clock, argv):
    code, out, err = run(capsys, *argv)
    assert code == 0, err
    lines = err.splitlines()
    assert lines
    for line in lines:
        assert re.fullmatch(r"n = \d+: [\d,]+ of [\d,]+ suits \(\d+%\)(, about .* left)?", line)
    assert out


def test_conjectures_report_their_search_stages_in_a_log(capsys, slow_clock):
    code, _, err = run(capsys, "conjectures", "--upto", "3", "--producer", "evaluator")
    assert code == 0, err
    assert any(re.fullmatch(r"[^:]+: [\d,]+ of [\d,]+", line) for line in err.splitlines()), err


def test_a_resumed_run_estimates_the_time_left_from_its_own_pace(monkeypatch):
    """A run resumed at 300,000 of n = 11's 705,432 suits that writes 10,000 in 20 s has
    about 13 min to go — not the 25 s that counting the earlier run's suits as this run's
    work would give (the review saw 'about 2 s left' 10 s before the end)."""
    import io

    from whistgui.cli.common import ProgressLine
    from whistgui.cli.tables import _Meter

    now = [0.0]
    monkeypatch.setattr(ProgressLine, "clock", staticmethod(lambda: now[0]))
    err = io.StringIO()
    meter = _Meter(err, 11)
    meter(11, 300_000, 705_432)
    now[0] = 20.0
    meter(11, 310_000, 705_432)
    assert err.getvalue().splitlines() == [
        "n = 11: 310,000 of 705,432 suits (43%), about 13 min left"
    ]


# -- the store's messages as the installed command prints them (issue 23, item 7) --------------
def _whist(*argv: str) -> subprocess.CompletedProcess[str]:
    """``whist argv…`` run as a process from the installed entry point."""
    exe = Path(sys.executable).with_name("whist")
    command = [str(exe)] if exe.exists() else [sys.executable, "-m", "whistgui.cli"]
    return subprocess.run([*command, *argv], capture_output=True, text=True, timeout=120)


def test_a_query_while_another_run_writes_says_so(tmp_path):
    """It said "(an interrupted run); 'whist table --upto 5 …' finishes it", and that command
    then said another run was writing."""
    path = str(tmp_path / "t.sqlite")
    make = RowMaker("evaluator")
    with TableStore(path, create=True) as writer:  # another run, in the middle of n = 5
        for n in (1, 2, 3, 4):
            writer.write(n, make(n))
        writer.write(5, list(make(5))[:100])
        for query in (["5"], ["--count-by-value"], ["--value", "1/2"]):
            done = _whist("table", "--store", path, *query)
            assert done.returncode == 0, done.stderr
            assert done.stderr == (
                f"whist: note: {path!r} holds 100 of the 252 suits of n = 5 so far: another run "
                "is writing them; ask again when it has finished\n"
            ), query
        assert len(_whist("table", "--store", path, "5").stdout.splitlines()) == 100
        done = _whist("table", "--store", path, "6")
        assert done.returncode == EXIT_BAD_INPUT
        assert "holds no suit of 6 cards a hand yet: another run is writing it" in done.stderr
    done = _whist("table", "--store", path, "5")  # the writer stopped: an interrupted run
    assert done.stderr == (
        f"whist: note: {path!r} holds 100 of the 252 suits of n = 5 (an interrupted run); "
        f"'whist table --upto 5 --store {path}' finishes it\n"
    )


def test_rows_deleted_under_their_record_are_found_and_written_again(sqlite_store):
    store = sqlite_store
    db = sqlite3.connect(store)
    db.execute("DELETE FROM suits WHERE n = 3 AND idx >= 12")
    db.commit()
    db.close()
    for query in (["3"], ["--count-by-value", "--json"], ["--value", "3/2"]):
        done = _whist("table", "--store", store, *query)
        assert (done.returncode, done.stdout) == (EXIT_BAD_INPUT, ""), query
        assert done.stderr == (
            f"whist: error: {store!r} is a damaged table store: it holds 12 suits of n = 3 but "
            f"its progress record claims 20; 'whist table --upto 3 --store {store}' writes the "
            "suits of n = 3 again\n"
        ), query
    assert _whist("table", "--store", store, "2").returncode == 0  # another n answers
    done = _whist("table", "--upto", "4", "--store", store)
    assert done.returncode == 0, done.stderr
    assert done.stderr.splitlines() == [
        f"whist: note: {store!r} was damaged: it held 12 suits of n = 3 but its progress record "
        "claimed 20; writing the suits of n = 3 again",
        f"whist: {store!r} already holds n = 1, 2 and 4; going on",
    ]
    assert done.stdout.startswith("n = 3: 20 suits")
    done = _whist("table", "--json", "--store", store, "--count-by-value")
    assert done.returncode == 0, done.stderr
    assert sum(json.loads(done.stdout)["3"].values()) == 20


@pytest.mark.parametrize(
    ("edit", "said"),
    [
        ("UPDATE progress SET done = 'abc' WHERE n = 3", "n = 3 says 'abc' suits are written"),
        ("UPDATE progress SET done = 12.5 WHERE n = 3", "n = 3 says 12.5 suits are written"),
        ("UPDATE progress SET total = -5 WHERE n = 3", "n = 3 counts -5 suits in all"),
    ],
)
def test_a_damaged_progress_record_is_an_error_with_its_numbers(sqlite_store, edit, said):
    """It was an internal error (exit 3: int('abc')), or not noticed."""
    store = sqlite_store
    db = sqlite3.connect(store)
    db.execute(edit)
    db.commit()
    db.close()
    done = _whist("table", "--store", store, "--count-by-value")
    assert (done.returncode, done.stdout) == (EXIT_BAD_INPUT, "")
    assert said in done.stderr
    assert done.stderr.endswith(
        f"'whist table --upto 3 --store {store}' writes the suits of n = 3 again\n"
    )
    assert len(done.stderr.splitlines()) == 1


# -- the Parquet store: SQL, conversion, interruption, tampering (issue 27) -----------------
@pytest.fixture
def parquet_store(tmp_path: Path) -> str:
    path = str(tmp_path / "pq")
    done = _whist("table", "--upto", "5", "--store", path)
    assert done.returncode == 0, done.stderr
    return path


def test_sql_prints_a_table_or_json_rows(parquet_store):
    query = "SELECT n, count(*) AS suits FROM suits WHERE class = 'integer' GROUP BY n ORDER BY n"
    done = _whist("table", "--store", parquet_store, "--sql", query)
    assert (done.returncode, done.stderr) == (0, "")
    lines = [line.split("\t") for line in done.stdout.splitlines()]
    assert lines[0] == ["n", "suits"]
    ev = Evaluator()
    want = {
        n: sum(1 for p in patterns(n) if ev.pattern_value(p).number.denominator == 1
               and ev.pattern_value(p).is_number)
        for n in range(1, 6)
    }  # fmt: skip
    assert {int(n): int(c) for n, c in lines[1:]} == {n: c for n, c in want.items() if c}
    done = _whist(
        "table", "--json", "--store", parquet_store, "--sql",
        "SELECT pattern, value, maxmin, t0 FROM suits WHERE n = 2 ORDER BY lex",
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    rows = [json.loads(line) for line in done.stdout.splitlines()]
    assert [r["pattern"] for r in rows] == list(patterns(2))
    assert rows[4] == {"pattern": "EWEW", "value": "3/2", "maxmin": "(W, 1+e0)", "t0": 2}


@pytest.mark.parametrize(
    ("query", "said"),
    [
        ("SELEC 1", "Parser Error: syntax error at or near"),
        ("SELECT colour FROM suits", 'Referenced column "colour" not found'),
    ],
)
def test_bad_sql_is_refused_with_duckdbs_message(parquet_store, query, said):
    done = _whist("table", "--store", parquet_store, "--sql", query)
    assert (done.returncode, done.stdout) == (EXIT_BAD_INPUT, "")
    assert done.stderr.startswith(f"whist: error: the query {query!r} failed: ")
    assert said in done.stderr
    assert len(done.stderr.splitlines()) == 1


def test_bad_sql_with_json_prints_the_error_object_every_command_prints(parquet_store):
    """``whist table --store S --sql 'BAD' --json`` printed only the standard-error line:
    with --json a refused query is ``{"game", "error", "input"}`` on standard output, as
    ``whist value 'AQ/XYZ' --json`` prints a refused deal, the query its input."""
    done = _whist("table", "--store", parquet_store, "--sql", "BAD", "--json")
    assert done.returncode == EXIT_BAD_INPUT
    (line,) = done.stdout.splitlines()
    obj = json.loads(line)
    assert obj == {
        "game": "whist",
        "error": done.stderr.removeprefix("whist: error: ").rstrip("\n"),
        "input": "BAD",
    }
    assert obj["error"].startswith("the query 'BAD' failed: Parser Error")
    value = json.loads(_whist("value", "AQ/XYZ", "--json").stdout)
    assert set(value) == set(obj)


def test_sql_of_an_sqlite_store_says_how_to_convert_it(sqlite_store):
    done = _whist("table", "--store", sqlite_store, "--sql", "SELECT 1")
    assert done.returncode == EXIT_BAD_INPUT
    assert f"'whist table --convert {sqlite_store} --store DIR' makes one" in done.stderr


def test_convert_copies_an_sqlite_store_that_then_answers_alike(sqlite_store, tmp_path):
    new = str(tmp_path / "converted")
    done = _whist("table", "--convert", sqlite_store, "--store", new, "--json")
    assert done.returncode == 0, done.stderr
    assert [json.loads(line)["n"] for line in done.stdout.splitlines()] == [1, 2, 3, 4]
    for query in (["--count-by-value", "--json"], ["--first-of-each-value", "--json"], ["4"]):
        a = _whist("table", "--store", sqlite_store, *query)
        b = _whist("table", "--store", new, *query)
        assert (a.returncode, a.stdout, a.stderr) == (b.returncode, b.stdout, b.stderr), query
    again = _whist("table", "--convert", sqlite_store, "--store", new)
    assert again.returncode == EXIT_BAD_INPUT
    assert f"{new!r} is already there" in again.stderr


def test_ctrl_c_in_a_parquet_store_resumes_at_the_first_missing_part(tmp_path, capsys, monkeypatch):
    from whistgui.engine.tables import parquet_store

    path = str(tmp_path / "pq")
    real = parquet_store.compute_chunk
    calls = 0

    def interrupted(*args: object) -> object:
        nonlocal calls
        calls += 1
        if calls == 9:  # n ≤ 4: a part each; n = 5: four of 64; the fifth is cut off
            raise KeyboardInterrupt
        return real(*args)  # type: ignore[arg-type]

    with monkeypatch.context() as m:
        m.setattr(parquet_store, "CHUNK_ROWS", 64)
        m.setattr(parquet_store, "compute_chunk", interrupted)
        code, _, err = run(capsys, "table", "--upto", "6", "--store", path)
    assert code == 130
    assert "holds every suit of n ≤ 4 and 192 of the 252 suits of n = 5" in err
    done = _whist("table", "--store", path, "--count-by-value", "--json")
    assert done.returncode == 0
    assert "holds 192 of the 252 suits of n = 5 (an interrupted run)" in done.stderr
    assert list(json.loads(done.stdout)) == ["1", "2", "3", "4"]
    done = _whist("table", "--upto", "6", "--store", path)
    assert done.returncode == 0, done.stderr
    assert "n = 5: 252 suits, resumed at 192" in done.stdout
    counts = json.loads(_whist("table", "--json", "--store", path, "--count-by-value").stdout)
    ev = Evaluator()
    assert counts["5"] == dict(Counter(ev.pattern_value(p).ascii() for p in patterns(5)))
    assert sum(counts["6"].values()) == count_patterns(6)


def test_a_tampered_parquet_store_is_refused_in_one_line(parquet_store):
    part = Path(parquet_store) / "n=3" / "part-00000.parquet"
    part.write_bytes(b"PAR1 not really")
    done = _whist("table", "--store", parquet_store, "--count-by-value")
    assert (done.returncode, done.stdout) == (EXIT_BAD_INPUT, "")
    assert f"{str(part)!r} is not a Parquet file of the store" in done.stderr
    assert "Traceback" not in done.stderr
    assert len(done.stderr.splitlines()) == 1
    done = _whist("table", "--upto", "5", "--store", parquet_store)
    assert done.returncode == 0, done.stderr
    assert "was damaged" in done.stderr
    assert done.stdout.startswith("n = 3: 20 suits")
    (Path(parquet_store) / "n=2" / "notes.txt").write_text("mine\n")
    done = _whist("table", "--store", parquet_store, "2")
    assert done.returncode == EXIT_BAD_INPUT
    assert "which is not one of its files (move it away)" in done.stderr


@pytest.mark.parametrize("kind", ["parquet", "sqlite"])
def test_conjectures_18_1_and_18_2_beyond_the_rows_by_the_stores_counts(tmp_path, kind):
    """`whist conjectures --store S --upto N --rows-upto R`, as a process: 18.1 and 18.2 on
    every suit to N once a value (the store's counts), the statements of each suit's numbers
    to R; a value planted beyond R is found and shown by its first suit; R out of range is
    refused in one line."""
    path = str(tmp_path / ("s.sqlite" if kind == "sqlite" else "s"))
    if kind == "sqlite":
        _new_sqlite(path)
    made = _whist("table", "--upto", "7", "--store", path)
    assert made.returncode == 0, made.stderr
    args = ("conjectures", "--store", path, "--upto", "7", "--search-upto", "2")
    done = _whist(*args, "--two-suits-upto", "0", "--rows-upto", "5", "--json")
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    by_key = {s["statement"]: s for s in report["statements"]}
    every = sum(count_patterns(n) for n in range(1, 8))
    assert (by_key["18.1"]["upto"], by_key["18.1"]["checked"]) == (7, every)
    assert (by_key["18.2"]["upto"], by_key["18.2"]["checked"]) == (7, every)
    assert by_key["R43 9.1"]["upto"] == 5
    assert by_key["R43 9.1"]["checked"] == sum(count_patterns(n) for n in range(1, 6))
    text = _whist(*args, "--two-suits-upto", "0", "--rows-upto", "5")
    assert "each suit's own numbers (R43 8.1, 9.1, 18.3) to n ≤ 5" in text.stdout
    bad = _whist(*args, "--rows-upto", "1")
    assert bad.returncode == EXIT_BAD_INPUT
    assert "--rows-upto must be between --search-upto (2) and --upto (7), not 1" in bad.stderr
    if kind == "sqlite":  # every suit of n = 7 worth 3 made 7/16: 18.2 fails on all of them
        with TableStore(path) as store:
            threes = [r.pattern for r in store.rows(7) if r.value == 3]
        db = sqlite3.connect(path)
        db.execute("UPDATE suits SET value = '7/16' WHERE n = 7 AND value = '3'")
        db.commit()
        db.close()
        found = _whist(*args, "--two-suits-upto", "0", "--rows-upto", "6", "--json")
        assert found.returncode == 1, found.stderr
        c = {s["statement"]: s for s in json.loads(found.stdout)["statements"]}["18.2"]
        assert c["counterexamples"] == len(threes) > 1
        assert c["examples"][0]["patterns"] == [threes[0]]
        assert f"(as do {len(threes) - 1:,} more suits of n = 7)" in c["examples"][0]["detail"]
