"""The single-suit table's rows and its SQLite store: rows as the evaluator (and the kernel) give
them, the round trip, resuming an interrupted write, the queries, and files that are not stores.
"""

from __future__ import annotations

import os
import random
import re
import sqlite3
from collections import Counter
from collections.abc import Callable, Iterator
from pathlib import Path

import numpy as np
import pytest

from whistgui.engine import Evaluator, NotationError, SuitDeal, Value
from whistgui.engine.games.single_suit import all_patterns, sign_change, trace
from whistgui.engine.tables.rows import (
    RowMaker,
    SuitRow,
    count_patterns,
    kernel_available,
    pattern_index,
    patterns,
    r43_arrays,
    r43_numbers,
    suit_rows,
)
from whistgui.engine.tables.store import (
    Progress,
    StoreError,
    TableStore,
    fill,
    value_class,
    value_order,
)

UPTO = 5


@pytest.fixture(scope="module")
def expected() -> dict[int, list[SuitRow]]:
    """The rows of n ≤ 5 straight from the evaluator."""
    make = RowMaker("evaluator")
    return {n: list(make(n)) for n in range(1, UPTO + 1)}


@pytest.fixture
def store(tmp_path: Path, expected: dict[int, list[SuitRow]]) -> Iterator[TableStore]:
    with TableStore(tmp_path / "suits.sqlite", create=True) as s:
        fill(s, UPTO, RowMaker("evaluator"))
        yield s


# -- rows -------------------------------------------------------------------------------------
def test_patterns_are_all_patterns_in_order_and_indexed() -> None:
    for n in range(1, 7):
        ps = list(patterns(n))
        assert ps == all_patterns(n)
        assert len(ps) == count_patterns(n)
        assert [pattern_index(p) for p in ps] == list(range(len(ps)))
    assert list(patterns(4, start=60)) == all_patterns(4)[60:]


def test_rows_are_what_the_evaluator_says(expected: dict[int, list[SuitRow]]) -> None:
    ev = Evaluator()
    for n in range(1, 5):
        for row in expected[n]:
            a = ev.analyze(row.suit)
            assert row.suit.pattern == row.pattern
            assert row.value == a.value == ev.pattern_value(row.pattern)
            assert (row.maxmin, row.minmax) == (a.maxmin, a.minmax), row.paper


def test_r43_numbers_are_the_engines(exhaustive: bool) -> None:
    for n in range(1, 8 if exhaustive else 7):
        for p in all_patterns(n):
            s = SuitDeal.from_pattern(p)
            assert r43_numbers(p) == (trace(s), *sign_change(s)), p


def test_r43_arrays_are_r43_numbers() -> None:
    for n in range(1, 8):
        ps = list(patterns(n))
        masks = np.array([sum(1 << i for i, c in enumerate(p) if c == "W") for p in ps])
        t0, h, hbar = r43_arrays(masks, n)
        assert list(zip(t0, h, hbar, strict=True)) == [r43_numbers(p) for p in ps], n


def test_r43_arrays_are_r43_numbers_on_random_long_suits() -> None:
    rng = random.Random(15)
    for n in (9, 11, 13, 15):
        ps = ["".join(rng.sample("W" * n + "E" * n, 2 * n)) for _ in range(300)]
        masks = np.array([sum(1 << i for i, c in enumerate(p) if c == "W") for p in ps])
        t0, h, hbar = r43_arrays(masks, n)
        assert list(zip(t0, h, hbar, strict=True)) == [r43_numbers(p) for p in ps], n


@pytest.mark.skipif(not kernel_available(), reason="the numpy kernel does not import")
def test_the_kernel_rows_equal_the_evaluator_rows(
    expected: dict[int, list[SuitRow]], exhaustive: bool
) -> None:
    kernel, evaluator = RowMaker("kernel"), RowMaker("evaluator")
    assert kernel.producer == "kernel"
    for n in range(1, 9 if exhaustive else 7):
        want = expected[n] if n in expected else list(evaluator(n))
        assert list(kernel(n)) == want, n
    assert list(kernel(6, start=900)) == list(evaluator(6, start=900))


def test_suit_rows_polls_should_stop_and_tells_progress() -> None:
    told: list[tuple[int, int]] = []
    rows = list(suit_rows(5, producer="evaluator", progress=lambda d, t: told.append((d, t))))
    assert len(rows) == 252
    assert told[0] == (0, 252)
    assert told[-1] == (252, 252)
    from whistgui.engine import Cancelled

    with pytest.raises(Cancelled):
        list(suit_rows(6, producer="evaluator", should_stop=lambda: True))


# -- the store --------------------------------------------------------------------------------
def test_round_trip(store: TableStore, expected: dict[int, list[SuitRow]]) -> None:
    assert store.finished() == list(range(1, UPTO + 1))
    for n in range(1, UPTO + 1):
        assert list(store.rows(n)) == expected[n]
        assert store.progress(n) == Progress(n, count_patterns(n), count_patterns(n))
    row = expected[4][17]
    assert store.suit(row.pattern) == row
    assert store.suit("WE" * 9) is None


def test_a_store_reopens_read_only(store: TableStore, expected: dict[int, list[SuitRow]]) -> None:
    path = store.path
    store.close()
    with TableStore(path) as again:
        assert list(again.rows(3)) == expected[3]
        with pytest.raises(StoreError, match="read-only"):
            again.write(6, [])


def _interrupted(after: int, exc: BaseException) -> Callable[..., Iterator[SuitRow]]:
    """A producer that raises ``exc`` after ``after`` rows of n = 5."""
    make = RowMaker("evaluator")

    def rows(n: int, **kw: object) -> Iterator[SuitRow]:
        for k, row in enumerate(make(n, **kw)):  # type: ignore[arg-type]
            if n == 5 and k == after:
                raise exc
            yield row

    return rows


@pytest.mark.parametrize("exc", [KeyboardInterrupt(), RuntimeError("power cut")])
def test_an_interrupted_write_resumes(
    tmp_path: Path,
    expected: dict[int, list[SuitRow]],
    exc: BaseException,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    path = tmp_path / "t.sqlite"
    monkeypatch.setattr("whistgui.engine.tables.store.CHUNK", 32)
    with TableStore(path, create=True) as s, pytest.raises(type(exc)):
        fill(s, UPTO, _interrupted(100, exc))
    monkeypatch.undo()
    with TableStore(path, create=True) as s:
        assert s.finished() == [1, 2, 3, 4]
        assert s.progress(5) == Progress(5, 96, 252)  # three chunks of 32 were committed
        assert s.count_by_value_json().keys() == {"1", "2", "3", "4"}  # n = 5 is unfinished
        starts: list[int] = []
        make = RowMaker("evaluator")

        def spy(n: int, *, start: int = 0, **kw: object) -> Iterator[SuitRow]:
            starts.append(start)
            return make(n, start=start)

        assert fill(s, UPTO, spy) == [1, 2, 3, 4, 5]
        assert starts == [96]  # only n = 5, from where it stopped
        assert list(s.rows(5)) == expected[5]


def test_a_resume_in_another_order_is_refused(tmp_path: Path) -> None:
    with TableStore(tmp_path / "t.sqlite", create=True) as s:
        s.write(3, list(suit_rows(3))[:10], start=0)
        with pytest.raises(StoreError, match="another order"):
            s.write(3, suit_rows(3), start=10)  # the producer ignored `start`
        with pytest.raises(StoreError, match="must resume at 10"):
            s.write(3, suit_rows(3, start=4), start=4)
        assert s.progress(3).done == 10


def test_by_value(store: TableStore, expected: dict[int, list[SuitRow]]) -> None:
    everything = [r for n in sorted(expected) for r in expected[n]]
    for text in ("3/2", "1½", "1+e1", "e0", "2-e0", "9/4"):
        v = Value.parse(text)
        assert store.by_value(text) == [r for r in everything if r.value == v], text
    assert store.by_value("3/2", 3) == [r for r in expected[3] if r.value == Value.parse("3/2")]
    assert store.by_value("7+e9") == []
    with pytest.raises(NotationError, match=re.escape("'1+x'")):
        store.by_value("1+x")


def test_first_of_each_value(store: TableStore, expected: dict[int, list[SuitRow]]) -> None:
    first: dict[Value, SuitRow] = {}
    for n in sorted(expected):
        for r in expected[n]:
            first.setdefault(r.value, r)
    got = store.first_of_each_value()
    assert got == sorted(first.values(), key=lambda r: value_order(r.value))
    assert [r.value for r in got] == sorted(first, key=value_order)
    only3: dict[Value, SuitRow] = {}
    for r in expected[3]:
        only3.setdefault(r.value, r)
    assert store.first_of_each_value(3) == sorted(
        only3.values(), key=lambda r: value_order(r.value)
    )


def test_count_by_value(store: TableStore, expected: dict[int, list[SuitRow]]) -> None:
    counts = store.count_by_value()
    assert list(counts) == list(range(1, UPTO + 1))
    for n, m in counts.items():
        assert m == Counter(r.value for r in expected[n])
        assert list(m) == sorted(m, key=value_order)  # values in order
    as_json = store.count_by_value_json()
    assert list(as_json) == [str(n) for n in range(1, UPTO + 1)]
    for key, m in as_json.items():
        assert sum(m.values()) == count_patterns(int(key))  # every suit counts
        for text, c in m.items():
            assert Value.parse(text).ascii() == text  # whist value --json's text form
            assert isinstance(c, int)
    assert as_json["2"] == {"e0": 1, "1/2": 1, "1-e1": 1, "1+e1": 1, "3/2": 1, "2-e0": 1}


def test_the_class_column(store: TableStore) -> None:
    assert value_class(Value.parse("2")) == "integer"
    assert value_class(Value.parse("3/8")) == "number"
    assert value_class(Value.parse("2+e2")) == "exit W"
    assert value_class(Value.parse("1-e0")) == "exit E"
    db = sqlite3.connect(store.path)
    classes = dict(db.execute("SELECT value, class FROM suits WHERE n = 3 GROUP BY value"))
    db.close()
    assert {classes[t] for t in ("1", "3/2", "1+e1", "2-e1")} == {
        "integer",
        "number",
        "exit W",
        "exit E",
    }


# -- files that are not stores ------------------------------------------------------------------
def test_a_text_file_is_refused_quoting_it(tmp_path: Path) -> None:
    path = tmp_path / "notes.txt"
    path.write_text("these are my notes, not a database\n" * 50)
    for create in (False, True):
        with pytest.raises(StoreError, match="not a whist table store") as info:
            TableStore(path, create=create)
        assert repr(str(path)) in str(info.value)


def test_another_database_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "other.sqlite"
    db = sqlite3.connect(path)
    db.execute("CREATE TABLE birds (name TEXT)")
    db.commit()
    db.close()
    with pytest.raises(StoreError, match="no 'meta' table") as info:
        TableStore(path, create=True)
    assert str(path) in str(info.value)


def test_another_schema_version_is_refused(store: TableStore) -> None:
    path = store.path
    store.close()
    db = sqlite3.connect(path)
    db.execute("UPDATE meta SET value = '99' WHERE key = 'schema'")
    db.commit()
    db.close()
    with pytest.raises(StoreError, match="schema version 99; this whist reads version 1"):
        TableStore(path)  # the number as a number (item 7 of issue 23: it was '99')


def test_a_damaged_file_is_refused(store: TableStore) -> None:
    path = store.path
    store.close()
    data = bytearray(path.read_bytes())
    data[100:4096] = b"\x5a" * (4096 - 100)  # the schema page overwritten
    path.write_bytes(bytes(data))
    with pytest.raises(StoreError) as info:
        TableStore(path)
    assert repr(str(path)) in str(info.value)


@pytest.mark.parametrize(
    ("column", "cell", "needle"),
    [
        ("value", "zz", "'zz' is not a value"),
        ("value", "9" * 5000, "(5,000 digits) is too long"),
        ("maxmin", "((", "'((' is not a labeled value"),
        ("t0", "abc", "T₀ 'abc' is not an integer of at most 9 digits"),
        ("hbar", "1_0", "H̄ '1_0' is not an integer"),
        ("pattern", "WWWWEE", "its pattern 'WWWWEE' is not 2 W and 2 E"),
        ("pattern", "WXEE", "its pattern 'WXEE' is not 2 W and 2 E"),
    ],
    ids=["value", "huge-value", "maxmin", "t0", "hbar", "long-pattern", "bad-pattern"],
)
def test_a_damaged_row_is_refused_naming_the_store_and_the_row(
    store: TableStore, column: str, cell: str, needle: str
) -> None:
    """A cell edited by hand (or damaged) was an internal error, or an error that named
    neither the file nor the row (issue 16's review); every reading names both."""
    path = store.path
    store.close()
    db = sqlite3.connect(path)
    db.execute(f"UPDATE suits SET {column} = ? WHERE n = 2 AND idx = 1", (cell,))
    db.commit()
    db.close()
    with TableStore(path) as damaged:
        readings = [lambda: list(damaged.rows(2)), lambda: damaged.first_of_each_value(2)]
        if column == "value":
            readings.append(damaged.count_by_value)
        else:  # the row's value is still 1/2 (KJ/AQ)
            readings.append(lambda: damaged.by_value(Value.parse("1/2"), 2))
        for read in readings:
            with pytest.raises(StoreError) as info:
                read()
            message = str(info.value)
            assert message.startswith(f"{str(path)!r} is a damaged table store: ")
            assert needle in message
            assert len(message) < 400
            # the row's numbers as numbers (issue 23, item 7: they were quoted, n = '2')
            assert "n = 2" in message
            assert "'2'" not in message
            assert "'1'" not in message


def test_missing_and_empty_files(tmp_path: Path) -> None:
    with pytest.raises(StoreError, match="no table store at"):
        TableStore(tmp_path / "nowhere.sqlite")
    assert not (tmp_path / "nowhere.sqlite").exists()  # reading never creates a file
    empty = tmp_path / "empty.sqlite"
    empty.write_bytes(b"")
    with pytest.raises(StoreError, match="empty file"):
        TableStore(empty)
    with TableStore(empty, create=True) as s:  # writing may start in it
        assert s.finished() == []


def test_one_writer_at_a_time(tmp_path: Path) -> None:
    """Two runs writing one store at once: the second is refused saying so (the review's
    second run died on a UNIQUE constraint, told to write a new store); readers are not
    held up, and once the writer closes another may write."""
    path = tmp_path / "t.sqlite"
    with TableStore(path, create=True) as writer:
        with pytest.raises(StoreError, match="another run is writing the table store"):
            TableStore(path, create=True)
        with TableStore(path) as reader:
            assert reader.finished() == []
        writer.write(1, RowMaker("evaluator")(1))
    with TableStore(path, create=True) as again:
        assert again.finished() == [1]


def test_a_folder_is_not_a_store_to_write(tmp_path: Path) -> None:
    with pytest.raises(StoreError, match=r"cannot open the table store .*: Is a directory"):
        TableStore(tmp_path, create=True)


# -- damaged progress records and rows the record miscounts (issue 23, item 7) -----------------
def _edit(path: Path, *statements: str) -> None:
    db = sqlite3.connect(path)
    for sql in statements:
        db.execute(sql)
    db.commit()
    db.close()


def _queries(store: TableStore, n: int) -> dict[str, Callable[[], object]]:
    """Every query a user can make of the suits of ``n`` (and of the whole store)."""
    pattern = next(iter(patterns(n)))
    return {
        "rows": lambda: list(store.rows(n)),
        "check_holds": lambda: store.check_holds(n),
        "by_value n": lambda: store.by_value("1", n),
        "first_of_each_value n": lambda: store.first_of_each_value(n),
        "suit": lambda: store.suit(pattern),
        "by_value": lambda: store.by_value("1"),
        "first_of_each_value": store.first_of_each_value,
        "count_by_value": store.count_by_value,
    }


@pytest.mark.parametrize(
    ("edit", "found", "claimed"),
    [
        ("DELETE FROM suits WHERE n = 3 AND idx >= 6", "it holds 6 suits of n = 3", "claims 20"),
        ("DELETE FROM suits WHERE n = 3", "it holds 0 suits of n = 3", "claims 20"),
        ("DELETE FROM progress WHERE n = 3", "it holds 20 suits of n = 3", "no progress record"),
        ("UPDATE progress SET done = 7 WHERE n = 3", "it holds 20 suits of n = 3", "claims 7"),
    ],
    ids=["rows-deleted", "all-rows-deleted", "record-deleted", "record-short"],
)
def test_rows_the_progress_record_miscounts_are_a_damaged_store(
    store: TableStore,
    expected: dict[int, list[SuitRow]],
    edit: str,
    found: str,
    claimed: str,
) -> None:
    """Rows deleted while the progress record still claims them were not flagged: a query
    answered with what was left. Every query of that n, and of the whole store, now says the
    store is damaged, naming n, the rows found and the rows claimed, and the command that
    writes them again — which it does."""
    path = store.path
    store.close()
    _edit(path, edit)
    with TableStore(path) as damaged:
        for name, query in _queries(damaged, 3).items():
            with pytest.raises(StoreError) as info:
                query()
            message = str(info.value)
            assert message.startswith(f"{str(path)!r} is a damaged table store: {found} "), name
            assert claimed in message, name
            assert message.endswith(
                f"'whist table --upto 3 --store {path}' writes the suits of n = 3 again"
            ), name
        assert list(damaged.rows(2)) == expected[2]  # another n still answers
    with TableStore(path, create=True) as writer:
        assert fill(writer, UPTO, RowMaker("evaluator")) == list(range(1, UPTO + 1))
    with TableStore(path) as repaired:
        assert list(repaired.rows(3)) == expected[3]
        assert repaired.count_by_value()[3] == Counter(r.value for r in expected[3])


def test_repair_says_what_it_writes_again(store: TableStore) -> None:
    path = store.path
    store.close()
    _edit(path, "DELETE FROM suits WHERE n = 4 AND idx < 10", "UPDATE progress SET done = 'x'")
    with TableStore(path, create=True) as writer:
        assert writer.repair(5) == [
            (n, f"its progress record of n = {n} says 'x' suits are written; expected 0 to {t}")
            for n, t in ((1, 2), (2, 6), (3, 20), (4, 70), (5, 252))
        ]
        assert writer.all_progress() == []  # written again from the first suit
        assert writer.repair(5) == []


@pytest.mark.parametrize(
    ("edit", "needle", "todo"),
    [
        ("UPDATE progress SET done = 'abc' WHERE n = 3", "n = 3 says 'abc' suits", "--upto 3"),
        ("UPDATE progress SET done = 12.5 WHERE n = 3", "n = 3 says 12.5 suits", "--upto 3"),
        ("UPDATE progress SET done = 21 WHERE n = 3", "n = 3 says 21 suits", "--upto 3"),
        ("UPDATE progress SET done = -1 WHERE n = 3", "n = 3 says -1 suits", "--upto 3"),
        ("UPDATE progress SET total = -5 WHERE n = 3", "n = 3 counts -5 suits in all", "--upto 3"),
        ("UPDATE progress SET n = 1000000000 WHERE n = 3", "names n = 1000000000;", "new store"),
        ("UPDATE progress SET n = 0 WHERE n = 3", "names n = 0;", "new store"),
    ],
    ids=["text", "fraction", "over", "negative", "total", "huge-n", "zero-n"],
)
def test_a_damaged_progress_record_is_said_with_its_numbers(
    store: TableStore, edit: str, needle: str, todo: str
) -> None:
    """A damaged progress record was an internal error (int('abc')), or not noticed (a
    total of -5, an n of 10⁹: 'holds every suit of n ≤ 1000000000'); now a damaged store,
    its numbers as numbers and its text quoted."""
    path = store.path
    store.close()
    _edit(path, edit)
    with TableStore(path) as damaged:
        for name, query in [*_queries(damaged, 3).items(), ("finished", damaged.finished)]:
            with pytest.raises(StoreError) as info:
                query()
            message = str(info.value)
            assert message.startswith(f"{str(path)!r} is a damaged table store: its progress")
            assert needle in message, name
            assert todo in message, name
            assert "'3'" not in message, name


def test_meta_rows_are_quoted_as_stored(store: TableStore) -> None:
    path = store.path
    store.close()
    _edit(path, "UPDATE meta SET value = '7b' WHERE key = 'schema'")
    with pytest.raises(StoreError, match="schema version '7b'; this whist reads version 1"):
        TableStore(path)
    _edit(path, "UPDATE meta SET value = '1' WHERE key = 'schema'")
    _edit(path, f"UPDATE meta SET value = '{'x' * 100_000}' WHERE key = 'application'")
    with pytest.raises(StoreError, match=r"its application is 'xxx+…x+'\)$") as info:
        TableStore(path)
    assert len(str(info.value)) < 300


def test_a_query_knows_when_another_run_is_writing(tmp_path: Path) -> None:
    """A query of a store another run is writing said "(an interrupted run) … finishes it"
    (the finishing command then said another run was writing): the store knows, from the
    writer's lock."""
    path = tmp_path / "t.sqlite"
    make = RowMaker("evaluator")
    with TableStore(path, create=True) as writer:
        writer.write(1, make(1))
        writer.write(3, list(make(3))[:5])
        assert not writer.being_written()  # the writer itself
        with TableStore(path) as reader:
            assert reader.being_written()
            with pytest.raises(StoreError) as info:
                reader.check_holds(2)
            assert str(info.value) == (
                f"the table store {str(path)!r} holds no suit of 2 cards a hand yet: another run "
                "is writing it (so far it holds every suit of n ≤ 1); ask again when that run "
                "has finished"
            )
            assert len(list(reader.rows(3))) == 5  # what is written so far, counted right
    with TableStore(path) as reader:
        assert not reader.being_written()
        with pytest.raises(StoreError, match=r"'whist table --upto 2 --store .*' writes them"):
            reader.check_holds(2)


def test_a_query_looking_does_not_turn_a_writer_away(tmp_path: Path) -> None:
    """A query sees whether a run is writing by taking the writer's lock shared, for an
    instant; a writer starting then waits for it rather than say another run is writing."""
    import fcntl
    import threading

    path = tmp_path / "t.sqlite"
    TableStore(path, create=True).close()
    fd = os.open(path, os.O_RDONLY)
    fcntl.flock(fd, fcntl.LOCK_SH | fcntl.LOCK_NB)  # as a query's look holds it
    threading.Timer(0.05, os.close, (fd,)).start()
    with TableStore(path, create=True) as writer:
        assert writer.writable


def test_an_n_no_store_holds_is_refused_at_once(store: TableStore) -> None:
    """C(2n, n) of n = 10⁹ would never be worked out: such an n is refused before."""
    for query in (
        lambda: store.progress(10**9),
        lambda: store.check_holds(0),
        lambda: list(store.rows(-3)),
        lambda: store.by_value("1", 33),
    ):
        with pytest.raises(StoreError, match="cards a hand; a table store holds 1 to 32"):
            query()
    with pytest.raises(TypeError, match="n must be a number of cards a hand"):
        store.first_of_each_value("3")  # type: ignore[arg-type]
