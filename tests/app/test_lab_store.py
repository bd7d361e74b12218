"""whistgui.app.lab_store: a store's suits of one n, counted by segments and read in pages by
rank ranges, equal to what the store itself gives, in each order; a slow query stops when asked."""

from __future__ import annotations

import re
import time

import pytest

from whistgui.app.lab_store import (
    StoreQuery,
    StoreSource,
    check_condition,
    fetch_rows,
    store_index,
)
from whistgui.engine.errors import Cancelled
from whistgui.engine.reading import quote
from whistgui.engine.tables.parquet_store import ParquetStore, fill_parquet
from whistgui.engine.tables.store import StoreError

N = 6


@pytest.fixture(scope="module")
def source(tmp_path_factory: pytest.TempPathFactory):  # type: ignore[no-untyped-def]
    path = tmp_path_factory.mktemp("store") / "suits"
    with ParquetStore(path, create=True) as store:
        fill_parquet(store, N)
    s = StoreSource(path)
    yield s
    s.close()


def _stored(source: StoreSource, where: str) -> list[tuple[int, int, int, int]]:
    """(rank, mask, value key, T₀) of the rows DuckDB gives for ``where``, by rank."""
    _, rows = source.store.sql(
        f"SELECT rank, mask, value_key, t0 FROM suits WHERE n = {N} AND ({where}) ORDER BY rank"
    )
    return [tuple(int(x) for x in r) for r in rows]  # type: ignore[misc]


def _listed(source: StoreSource, query: StoreQuery, page: int) -> list[tuple[int, int, int]]:
    """(mask, value key, T₀) of every row of ``query``, read ``page`` rows at a time."""
    index = store_index(source, query)
    keys = {v: k for k, v in zip(source._vkeys.tolist(), source.values, strict=True)}
    out = []
    for start in range(0, index.total, page):
        t = fetch_rows(source, index, start, start + page)
        assert len(t) == min(page, index.total - start)
        out += [(int(t.mask[i]), keys[t.value_of(i)], int(t.t0[i])) for i in range(len(t))]
    return out


@pytest.mark.parametrize("where", ["true", "t0 > 2", "class = 'number' AND h < 0", "stoppers = 2"])
@pytest.mark.parametrize("page", [7, 512])
def test_rank_order_either_way(source, where, page) -> None:
    rows = [(m, v, t) for _, m, v, t in _stored(source, where)]
    assert len(rows) > 0
    assert _listed(source, StoreQuery(N, where), page) == rows
    assert _listed(source, StoreQuery(N, where, descending=True), page) == rows[::-1]


@pytest.mark.parametrize(("sort", "column"), [("value", 1), ("t0", 2)])
@pytest.mark.parametrize("descending", [False, True])
def test_sorted_by_a_key_then_by_rank(source, sort, column, descending) -> None:
    rows = [(m, v, t) for _, m, v, t in _stored(source, "t0 >= 0")]  # by rank
    # the key's order, equal keys by rank either way (a stable sort of the rank order)
    expected = sorted(rows, key=lambda r: -r[column] if descending else r[column])
    got = _listed(source, StoreQuery(N, "t0 >= 0", sort, descending), 100)
    assert got == expected
    assert len({r[column] for r in got}) > 3


def test_a_bad_condition_is_quoted(source) -> None:
    with pytest.raises(StoreError, match=r"the condition 'nonsense > 1' is not valid SQL: .*nons"):
        store_index(source, StoreQuery(N, "nonsense > 1"))


@pytest.mark.parametrize("condition", ["nonsense > 1", "t0 = ", "t0 > 'a' + 1"])
def test_a_refused_condition_is_one_line_without_the_windows_query(source, condition) -> None:
    """The message quoted the query the window runs around the condition (issue 27's review,
    F3): 'WITH suits AS (SELECT …) … GROUP BY k, b', DuckDB's candidates, on several lines."""
    with pytest.raises(StoreError) as caught:
        store_index(source, StoreQuery(N, condition))
    said = str(caught.value)
    assert said.startswith(f"the condition {quote(condition)} is not valid SQL: ")
    assert "\n" not in said
    for internal in ("GROUP BY", "WITH suits", "value_key", "LINE "):
        assert internal not in said


@pytest.mark.parametrize(
    ("condition", "why"),
    [
        ("1=1) UNION ALL SELECT * FROM suits WHERE (1=1", "closes a parenthesis it did not open"),
        ("t0 > 2; DROP VIEW suits", "has a ';'"),
        ("(t0 > 2", "leaves 1 parenthesis open"),
        ("class = 'exit W", "leaves a string open"),
        ("t0 > 2 /* ) OR (true", "leaves a /* comment open"),
    ],
)
def test_a_condition_that_escapes_the_where_is_refused(source, condition, why) -> None:
    with pytest.raises(StoreError, match=f"^the condition .* {re.escape(why)}"):
        store_index(source, StoreQuery(N, condition))
    with pytest.raises(StoreError, match=re.escape(why)):
        check_condition(condition)


@pytest.mark.parametrize(
    "condition", ["class <> 'exit W)'", "t0 > 2 -- a )", "(t0 > 2) OR (h < 0)", '"t0" > 2']
)
def test_parentheses_in_strings_and_comments_are_not_counted(source, condition) -> None:
    check_condition(condition)
    assert store_index(source, StoreQuery(N, condition)).total > 0


def test_a_level_not_stored_is_named(source) -> None:
    with pytest.raises(StoreError, match="holds no suit of n = 9"):
        store_index(source, StoreQuery(9))


def test_a_slow_query_stops_when_asked(source) -> None:
    slow = "(SELECT count(*) FROM range(100000000000)) > 0"  # minutes if not stopped
    asked = time.monotonic() + 0.3
    t = time.monotonic()
    with pytest.raises(Cancelled):
        store_index(source, StoreQuery(N, slow), should_stop=lambda: time.monotonic() > asked)
    assert time.monotonic() - t < 30  # a generous limit: stopped, not finished
