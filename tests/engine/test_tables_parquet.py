"""The Parquet table store and the kernel out of core: the chunked levels equal the in-memory
kernel, the vectorised rows equal RowMaker's, the store answers as the SQLite store does, an
interrupted run resumes to the same files, and damaged or foreign files are refused by name."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import numpy as np
import pyarrow.parquet as pq
import pytest

from tests.bounded import run_bounded
from whistgui.engine import Cancelled
from whistgui.engine.games.whist.kernel import TableCache, tables_upto
from whistgui.engine.games.whist.kernel.levels import (
    chunk_ranges,
    level_chunk,
    level_codes,
    level_dictionary,
    level_zero,
)
from whistgui.engine.games.whist.keys import labeled_key
from whistgui.engine.tables.chunks import META_KEY
from whistgui.engine.tables.parquet_store import ParquetStore, fill_parquet, open_store
from whistgui.engine.tables.rows import RowMaker, count_patterns
from whistgui.engine.tables.store import StoreError, TableStore, fill


def _chunked_equals_kernel(upto: int, rows: int) -> None:
    cache = TableCache()
    tables = tables_upto(upto, upto_cache=cache)
    keys_of = np.array(cache.value_keys, dtype=np.int64)
    labeled_of = np.array([labeled_key(lv) for lv in cache.labeled], dtype=np.int64)
    codes, keys = level_zero()
    for n in range(1, upto + 1):
        chunks = [level_chunk(n, s, e, codes, keys) for s, e in chunk_ranges(n, rows)]
        keys = level_dictionary(chunks)
        codes = level_codes(chunks, keys)
        t = tables[n]
        assert np.array_equal(np.concatenate([c.mask for c in chunks]), t.patterns.view(np.int64))
        assert np.array_equal(np.concatenate([c.value for c in chunks]), keys_of[t.value_id])
        assert np.array_equal(np.concatenate([c.maxmin for c in chunks]), labeled_of[t.maxmin_id])
        assert np.array_equal(np.concatenate([c.minmax for c in chunks]), labeled_of[t.minmax_id])


def test_the_chunked_kernel_equals_the_in_memory_kernel_with_small_chunks():
    _chunked_equals_kernel(7, 37)  # chunks that cut high halves anywhere


def test_the_chunked_kernel_equals_the_in_memory_kernel_up_to_9(exhaustive):
    _chunked_equals_kernel(9, 37 if exhaustive else 1000)  # parts of 1,000 suits, or of 37


def test_a_chunk_from_memory_mapped_codes_equals_one_from_memory(tmp_path):
    codes, keys = level_zero()
    for n in range(1, 7):
        chunks = [level_chunk(n, s, e, codes, keys) for s, e in chunk_ranges(n, 100)]
        keys = level_dictionary(chunks)
        codes = level_codes(chunks, keys)
    np.save(tmp_path / "codes.npy", codes)
    mapped = np.load(tmp_path / "codes.npy", mmap_mode="r")
    a = level_chunk(7, 1000, 2000, codes, keys)
    b = level_chunk(7, 1000, 2000, mapped, keys)
    assert np.array_equal(a.value, b.value)
    assert np.array_equal(a.minmax, b.minmax)
    assert a.values == b.values
    assert len(a) == 1000


@pytest.fixture(scope="module")
def pair(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """The same suits of n ≤ 6 in a Parquet store (small parts) and an SQLite store."""
    base = tmp_path_factory.mktemp("stores")
    with ParquetStore(base / "pq", create=True, chunk_rows=100) as store:
        fill_parquet(store, 6)
    with TableStore(base / "suits.sqlite", create=True) as store:
        fill(store, 6)
    return base / "pq", base / "suits.sqlite"


def test_parquet_and_sqlite_stores_answer_every_query_alike(pair):
    with open_store(pair[0]) as pq_store, open_store(pair[1]) as sql_store:
        assert isinstance(pq_store, ParquetStore)
        assert isinstance(sql_store, TableStore)
        assert pq_store.count_by_value() == sql_store.count_by_value()
        assert pq_store.count_by_value_json() == sql_store.count_by_value_json()
        assert pq_store.first_of_each_value() == sql_store.first_of_each_value()
        for n in range(1, 7):
            assert list(pq_store.rows(n)) == list(sql_store.rows(n))
            assert pq_store.first_of_each_value(n) == sql_store.first_of_each_value(n)
        values = sorted({v.ascii() for m in sql_store.count_by_value().values() for v in m})
        for v in values:
            assert pq_store.by_value(v) == sql_store.by_value(v)
        for v in values[::7]:
            assert pq_store.by_value(v, 5) == sql_store.by_value(v, 5)
        assert pq_store.by_value("7/16") == sql_store.by_value("7/16") == []
        assert pq_store.suit("EWEW") == sql_store.suit("EWEW")
        assert [p.n for p in pq_store.all_progress()] == list(range(1, 7))


def test_the_vectorised_rows_equal_the_row_makers_for_every_n_up_to_8(tmp_path):
    with ParquetStore(tmp_path / "s", create=True, chunk_rows=5000) as store:
        fill_parquet(store, 8)
        for n in range(1, 9):
            assert list(store.rows(n)) == list(RowMaker("kernel")(n)), n
        for n in range(1, 6):
            assert list(store.rows(n)) == list(RowMaker("evaluator")(n)), n


def _rewrite_footer(part: Path, change) -> None:
    """Write ``part`` again with its footer's metadata as ``change`` makes it."""
    table = pq.read_table(part)
    meta = json.loads(table.schema.metadata[META_KEY])
    change(meta)
    table = table.replace_schema_metadata({META_KEY: json.dumps(meta).encode()})
    pq.write_table(table, part)


def test_a_store_whose_footers_do_not_count_answers_alike_from_its_rows(pair, tmp_path):
    """--count-by-value and --first-of-each-value read the parts' footers (counts and first
    suits by value); a store written before they did is answered from its rows, the same."""
    old = tmp_path / "old"
    shutil.copytree(pair[0], old)
    for part in sorted(old.glob("n=*/part-*.parquet"))[::2]:  # levels of both kinds of part
        _rewrite_footer(part, lambda meta: [meta.pop("counts"), meta.pop("firsts")])
    with ParquetStore(pair[0]) as new, ParquetStore(old) as before:
        assert all("counts" in p.meta for parts in new._parts.values() for p in parts.values())
        assert any("counts" not in p.meta for p in before._parts[6].values())
        assert before.count_by_value() == new.count_by_value()
        assert before.first_of_each_value() == new.first_of_each_value()
        for n in range(1, 7):
            assert before.first_of_each_value(n) == new.first_of_each_value(n)
        total = sum(sum(m.values()) for m in new.count_by_value().values())
        assert total == sum(count_patterns(n) for n in range(1, 7))


def test_sql_sees_the_view_and_quotes_bad_sql(pair):
    with ParquetStore(pair[0]) as store:
        names, rows = store.sql(
            "SELECT n, count(*) AS suits, count(DISTINCT value) AS values FROM suits "
            "GROUP BY n ORDER BY n"
        )
        got = list(rows)
        assert names == ["n", "suits", "values"]
        assert [(n, c) for n, c, _ in got] == [(n, count_patterns(n)) for n in range(1, 7)]
        counts = store.count_by_value_json()
        assert [v for _, _, v in got] == [len(counts[str(n)]) for n in range(1, 7)]
        _, rows = store.sql("SELECT pattern, value, maxmin FROM suits WHERE pattern = 'EWEW'")
        assert list(rows) == [("EWEW", "3/2", "(W, 1+e0)")]
        _, rows = store.sql("SELECT pattern FROM suits WHERE n = 2 ORDER BY lex")
        assert [p for (p,) in rows] == ["WWEE", "WEWE", "WEEW", "EWWE", "EWEW", "EEWW"]
        with pytest.raises(StoreError, match=r"the query 'SELECT nonsense FROM suits' failed: "):
            store.sql("SELECT nonsense FROM suits")


def _parts(path: Path) -> dict[str, object]:
    return {
        str(f.relative_to(path)): pq.read_table(f).to_pydict()
        for f in sorted(path.glob("n=*/part-*.parquet"))
    }


def test_an_interrupted_run_resumes_to_the_same_store(tmp_path):
    whole = tmp_path / "whole"
    with ParquetStore(whole, create=True, chunk_rows=300) as store:
        fill_parquet(store, 7)
    cut = tmp_path / "cut"
    parts = 0

    def stop() -> bool:
        nonlocal parts
        parts += 1
        return parts == 12  # n ≤ 5: a part each, n = 6: four; then n = 7: 3 of its 12

    with ParquetStore(cut, create=True, chunk_rows=300) as store, pytest.raises(Cancelled):
        fill_parquet(store, 7, should_stop=stop)
    with ParquetStore(cut) as store:
        assert store.finished() == [1, 2, 3, 4, 5, 6]
        assert 0 < store.progress(7).done < count_patterns(7)
    # a run killed while writing leaves a temporary file; and a part goes missing
    (cut / "n=7" / ".part-00011.parquet.4242.tmp").write_bytes(b"PAR1 half a file")
    (cut / "n=7" / "part-00001.parquet").unlink()
    written = []
    with ParquetStore(cut, create=True) as store:
        fill_parquet(store, 7, on_done=lambda n, w: written.append((n, w)))
    assert [n for n, _ in written] == [7]
    assert _parts(cut) == _parts(whole)
    assert not list(cut.glob("n=7/.*"))
    assert json.loads((cut / "store.json").read_text()) == json.loads(
        (whole / "store.json").read_text()
    )


def _stored(tmp_path: Path, n: int = 5) -> Path:
    path = tmp_path / "s"
    with ParquetStore(path, create=True, chunk_rows=100) as store:
        fill_parquet(store, n)
    return path


@pytest.mark.parametrize(
    ("damage", "said"),
    [
        ("garbage", "is not a Parquet file of the store"),
        ("fewer rows", "holds 10 suits; part 1 of n = 5 has 100"),
        ("missing", "n = 5 is finished but"),
        ("another part", "is not part 1 of n = 5 as the store writes it"),
        ("counts", "is not part 1 of n = 5 as the store writes it"),
    ],
)
def test_a_damaged_part_is_refused_by_name_and_written_again(tmp_path, damage, said):
    path = _stored(tmp_path)
    part = path / "n=5" / "part-00001.parquet"  # of three
    if damage == "garbage":
        part.write_bytes(b"PAR1" + os.urandom(200) + b"PAR1")
    elif damage == "fewer rows":
        table = pq.read_table(part)
        pq.write_table(table.slice(0, 10).replace_schema_metadata(table.schema.metadata), part)
    elif damage == "missing":
        part.unlink()
    elif damage == "counts":  # a footer's counts that do not add up to its rows
        _rewrite_footer(part, lambda meta: meta["counts"].__setitem__(0, meta["counts"][0] + 1))
    else:
        (path / "n=5" / "part-00002.parquet").replace(part)
    with ParquetStore(path) as store:
        assert len(list(store.rows(3))) == 20  # the queries of other n answer
        for query in (store.count_by_value, lambda: store.rows(5), store.first_of_each_value):
            with pytest.raises(StoreError) as info:
                query()
            message = str(info.value)
            assert said in message
            assert "damaged table store" in message
            assert "'whist table --upto 5 --store" in message
            if damage not in ("another part", "counts"):
                assert repr(str(part)) in message  # the file, quoted
    with ParquetStore(path, create=True) as store:
        assert [n for n, _ in store.repair(5)] == [5]
        fill_parquet(store, 5)
    assert _parts(path) == _parts(_stored(tmp_path / "again"))


@pytest.mark.parametrize(
    ("where", "said"),
    [
        ("n=3/notes.txt", "which is not one of its files"),
        ("n=99", "which is not one of its files"),
        ("extra.parquet", "which is not one of its files"),
        ("_levels/evil.npy", "which is not one of its files"),
    ],
)
def test_a_foreign_file_is_refused_by_name(tmp_path, where, said):
    path = _stored(tmp_path)
    target = path / where
    if where == "n=99":
        target.mkdir()
    else:
        target.write_text("not the store's\n")
    for create in (False, True):
        with pytest.raises(StoreError) as info:
            ParquetStore(path, create=create)
        assert said in str(info.value)
        assert repr(str(target)) in str(info.value)


@pytest.mark.parametrize(
    ("manifest", "said"),
    [
        ("{not json", "is not a whist table store's manifest"),
        ('{"application": "something else"}', "its application is 'something else'"),
        (
            '{"application": "whistgui single-suit table (Parquet)", "schema": 9}',
            "schema version 9",
        ),
    ],
)
def test_a_foreign_or_newer_manifest_is_refused(tmp_path, manifest, said):
    path = _stored(tmp_path, 2)
    (path / "store.json").write_text(manifest)
    with pytest.raises(StoreError, match=r"store\.json") as info:
        ParquetStore(path)
    assert said in str(info.value)


def test_a_directory_that_is_not_a_store_is_refused(tmp_path):
    (tmp_path / "photos").mkdir()
    (tmp_path / "photos" / "cat.jpg").write_bytes(b"\xff\xd8")
    for create in (False, True):
        with pytest.raises(StoreError, match="not a whist table store"):
            ParquetStore(tmp_path / "photos", create=create)
    with pytest.raises(StoreError, match="no table store at"):
        ParquetStore(tmp_path / "nothing")


def test_one_writer_at_a_time(tmp_path):
    path = _stored(tmp_path, 2)
    with ParquetStore(path, create=True):
        with pytest.raises(StoreError, match="another run is writing"):
            ParquetStore(path, create=True)
        with ParquetStore(path) as reader:
            assert reader.being_written()
    with ParquetStore(path) as reader:
        assert not reader.being_written()


def test_a_longer_run_makes_the_codes_of_the_top_again(tmp_path):
    path = _stored(tmp_path, 6)
    assert not list((path / "_levels").iterdir())  # working data, removed at the end
    codes, keys = level_zero()
    for n in range(1, 7):
        chunks = [level_chunk(n, s, e, codes, keys) for s, e in chunk_ranges(n, 100)]
        keys = level_dictionary(chunks)
        codes = level_codes(chunks, keys)
    with ParquetStore(path, create=True) as store:
        codes_6, keys_6 = store.level_codes(6)
        assert codes_6 is not None
        assert keys_6 == keys
        assert np.array_equal(np.load(codes_6), codes)
        fill_parquet(store, 7)
    with ParquetStore(tmp_path / "whole", create=True, chunk_rows=100) as store:
        fill_parquet(store, 7)
    assert _parts(path) == _parts(tmp_path / "whole")


def test_a_level_out_of_core_stays_within_its_memory(tmp_path, exhaustive):
    """The same parts (16,384 suits) for n ≤ N − 2 and n ≤ N: 16 times the suits at the top
    (N = 10; 12, 2.7 million, with --exhaustive), and the peak memory grows by the codes of
    the level below (2 bytes a suit) and little else — the in-memory kernel's grows by its
    tables (20 bytes a suit) and their temporaries."""
    top = 12 if exhaustive else 10
    peaks = []
    for upto in (top - 2, top):
        code = f"""
from whistgui.engine.tables.parquet_store import ParquetStore, fill_parquet
with ParquetStore({str(tmp_path / str(upto))!r}, create=True, chunk_rows=1 << 14) as s:
    print(fill_parquet(s, {upto})[-1])
"""
        done = run_bounded(code, memory_mb=300, timeout=600)
        assert done.returncode == 0, done.describe()
        assert done.stdout.strip() == str(upto)
        peaks.append(done.peak_mb)
        with ParquetStore(tmp_path / str(upto)) as s:
            assert s.progress(upto).done == count_patterns(upto)
    codes_mb = 2 * count_patterns(top - 1) / 2**20
    assert peaks[1] - peaks[0] < codes_mb + 16, peaks


def _pool_runner(task, args):  # type: ignore[no-untyped-def]
    """Run a level's parts in two other processes, yielding them as they finish (any order)."""
    from concurrent.futures import ProcessPoolExecutor, as_completed

    with ProcessPoolExecutor(2) as pool:
        futures = [pool.submit(task, *a) for a in reversed(args)]
        for f in as_completed(futures):
            yield f.result()


def test_parts_computed_in_other_processes_in_any_order_make_the_same_store(tmp_path):
    """The chunk task is pure and picklable: parts valued elsewhere, out of order, agree (their
    keys are canonical) and the level's dictionary merged after it is the same."""
    with ParquetStore(tmp_path / "pool", create=True, chunk_rows=200) as store:
        fill_parquet(store, 6, runner=_pool_runner)
    with ParquetStore(tmp_path / "here", create=True, chunk_rows=200) as store:
        fill_parquet(store, 6)
    assert _parts(tmp_path / "pool") == _parts(tmp_path / "here")
    with ParquetStore(tmp_path / "pool") as a, ParquetStore(tmp_path / "here") as b:
        assert a.count_by_value() == b.count_by_value()
