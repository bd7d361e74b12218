"""A Parquet store's DuckDB queries stay within a memory limit (issue 27's review, F9): ``whist
table --sql "… order by lex limit 2 offset 499999998"`` over n = 16 grew to 20 GB in a minute.
The connection has a memory limit (WHISTGUI_STORE_MEMORY_MB, or a quarter of the machine's,
at most 4 GB) and a temporary directory to spill to, removed on close; a query that needs more
fails with a message that says so — never a process killed by the system."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.bounded import run_bounded
from whistgui.engine.tables.parquet_store import ParquetStore, fill_parquet
from whistgui.engine.tables.store import StoreError
from whistgui.engine.tables.store_sql import MEMORY_ENV, memory_limit_mb

N = 11  # 705,432 suits: a sort of them by lex takes about 350 MB unbounded


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("store") / "suits11"
    with ParquetStore(path, create=True) as s:
        fill_parquet(s, N)
    return path


_CODE = """
import json, os
from whistgui.engine.tables.parquet_store import ParquetStore
from whistgui.engine.tables.store import StoreError
from whistgui.engine.tables.store_sql import MEMORY_ENV, memory_limit_mb
os.environ[{env!r}] = {limit!r}
with ParquetStore({path!r}) as s:
    try:
        names, rows = s.sql({query!r})
        out = {{"rows": [list(r) for r in rows]}}
    except StoreError as exc:
        out = {{"error": str(exc)}}
print(json.dumps(out))
"""


def _run(store: Path, query: str, limit_mb: int) -> dict[str, object]:
    code = _CODE.format(env=MEMORY_ENV, limit=str(limit_mb), path=str(store), query=query)
    # the cap: the interpreter, DuckDB's threads and the limit given, far below what the
    # query takes unbounded
    done = run_bounded(code, memory_mb=2048, timeout=300)
    assert done.returncode == 0, done.describe()  # answered or refused, never killed
    assert done.peak_mb < 512 + limit_mb, done.describe()
    out: dict[str, object] = json.loads(done.stdout.strip().splitlines()[-1])
    return out


def test_a_big_sort_under_a_low_limit_spills_or_says_so(store: Path) -> None:
    query = f"SELECT pattern, lex FROM suits WHERE n = {N} ORDER BY lex DESC LIMIT 3"
    with ParquetStore(store) as s:
        _, rows = s.sql(query)
        expected = [list(r) for r in rows]
    assert len(expected) == 3
    out = _run(store, query, 256)
    assert out == {"rows": expected}


def test_a_query_past_the_limit_fails_with_a_message_naming_it(store: Path) -> None:
    """The reviewer's query in small: LIMIT … OFFSET keeps every row up to the offset."""
    query = f"SELECT pattern, value FROM suits WHERE n = {N} ORDER BY lex LIMIT 2 OFFSET 600000"
    out = _run(store, query, 96)
    error = out.get("error")
    assert isinstance(error, str), out
    assert "needs more memory than a store's queries may take, 96 MB" in error
    assert MEMORY_ENV in error
    assert "SET memory_limit" not in error  # DuckDB's advice, not the user's to take


def test_the_temporary_directory_goes_with_the_store(
    store: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Made when a query spills, and gone when the store is closed."""
    monkeypatch.setenv(MEMORY_ENV, "256")
    s = ParquetStore(store)
    s.connection()
    spill = Path(s._spill or "")
    assert spill.name.startswith("whistgui-duckdb-")
    assert not spill.exists()  # nothing spilled yet: nothing made
    _, rows = s.sql(f"SELECT pattern, lex FROM suits WHERE n = {N} ORDER BY lex")
    assert sum(1 for _ in rows) == 705_432
    s.close()
    assert not spill.exists()


def test_the_limit_is_read_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(MEMORY_ENV, "300")
    assert memory_limit_mb() == 300
    monkeypatch.setenv(MEMORY_ENV, "lots")
    with pytest.raises(StoreError, match=f"{MEMORY_ENV}='lots': expected a whole number"):
        memory_limit_mb()
    monkeypatch.delenv(MEMORY_ENV)
    assert 64 <= memory_limit_mb() <= 4096
