"""The single-suit table kept as Apache Parquet and queried with DuckDB: one directory, one
dataset partitioned by n, written chunk by chunk by the out-of-core kernel.

The layout of a store ``S``::

    S/store.json                    what it is (application, schema), its chunk size, the n done
    S/values.parquet                the values met, kept once: key, text, class, stoppers, leads
    S/labeled.parquet               the labeled values met: key, text
    S/n=K/part-XXXXX.parquet        the suits of ranks [X·R, (X + 1)·R) of K cards a hand
    S/_levels/keys-K.json           while a run writes level K + 1: level K's dictionary and
    S/_levels/codes-K.npy           codes (2 bytes a suit), made from its parts, removed at the end
    S/.lock                         the writer's lock (one writer at a time)

A part is written by :func:`~whistgui.engine.tables.chunks.compute_chunk` under a temporary
name and renamed, so an interrupted run leaves whole parts and resumes at the first missing one.
Opening a store reads every part's footer: a part that is not Parquet, whose rows are not as many
as its range, or a file that is not the store's is refused with a :class:`StoreError` quoting
its path, as is a level the store says is finished and lacks a part.

>>> import tempfile, os
>>> path = os.path.join(tempfile.mkdtemp(), 'suits')
>>> with ParquetStore(path, create=True) as store:
...     fill_parquet(store, 3)
...     [(r.paper, r.value.ascii()) for r in store.by_value('1+e1')]
...     store.count_by_value_json()['2']
[1, 2, 3]
[('[A J, K Q]', '1+e1'), ('[A 10 9, K Q J]', '1+e1')]
{'e0': 1, '1/2': 1, '1-e1': 1, '1+e1': 1, '3/2': 1, '2-e0': 1}
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import shutil
import tempfile
import uuid
import weakref
from collections.abc import Callable, Iterable, Iterator
from functools import cache
from math import comb
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final

import numpy as np

from whistgui.engine.errors import WhistError
from whistgui.engine.games.whist.kernel.levels import (
    CODE_DTYPE,
    chunk_ranges,
    codes_of,
    level_dictionary,
)
from whistgui.engine.games.whist.kernel.ranks import colex_ranks
from whistgui.engine.games.whist.keys import (
    labeled_from_key,
    mask_text,
    value_from_key,
    value_key,
)
from whistgui.engine.games.whist.value import LabeledValue, Value
from whistgui.engine.reading import quote, quote_path
from whistgui.engine.tables.chunks import (
    META_KEY,
    ChunkInfo,
    chunk_name,
    compute_chunk,
    labeled_columns,
    value_columns,
)
from whistgui.engine.tables.rows import SuitRow, count_patterns
from whistgui.engine.tables.store import (
    LockedStore,
    Progress,
    StoreError,
    TableStore,
    _being_written,
    _writer_lock,
    counts_json,
    no_suits_error,
    sorted_counts,
    store_word,
    value_order,
)
from whistgui.engine.tables.store_sql import (
    MACROS,
    lex_key,
    lex_key_at,
    memory_limit_mb,
    query_error,
    read_parquet,
    suits_select,
)

if TYPE_CHECKING:
    import duckdb

__all__ = [
    "APPLICATION",
    "CHUNK_ROWS",
    "MAX_PARQUET_N",
    "SCHEMA_VERSION",
    "SQL_COLUMNS",
    "ParquetStore",
    "Store",
    "TaskRunner",
    "fill_parquet",
    "is_sqlite_file",
    "open_store",
]

APPLICATION: Final = "whistgui single-suit table (Parquet)"
SCHEMA_VERSION: Final = 1
#: Suits a part holds (the last of a level fewer): n ≤ 11 is one part each, n = 16 is 144.
CHUNK_ROWS: Final = 1 << 22
#: The longest suits the store holds: the kernel's (C(32, 16), 601 million suits).
MAX_PARQUET_N: Final = 16
#: What ``whist table --sql`` sees: the view ``suits`` and the dictionaries beside it.
SQL_COLUMNS: Final = (
    "suits(n, rank, mask, pattern, lex, value, value_key, class, stoppers, west_lead, "
    "east_lead, maxmin, minmax, t0, h, hbar); raw(n, rank, mask, value, maxmin, minmax, t0, h, "
    "hbar), the files' columns: values as keys, no joins, several times faster on many suits; "
    "value_dictionary(key, text, class, stoppers, west_lead, east_lead); "
    "labeled_dictionary(key, text)"
)

_PART_RE: Final = re.compile(r"part-(\d{5})\.parquet")
_TMP_RE: Final = re.compile(r"\.part-\d{5}\.parquet\.[0-9a-f]+\.tmp")
_LEVEL_RE: Final = re.compile(r"n=(\d{1,2})")
_LEVEL_FILE_RE: Final = re.compile(r"(keys-\d{1,2}\.json|codes-\d{1,2}\.npy)(\.\d+\.tmp)?")
_TOP_FILES: Final = {"store.json", ".lock", "values.parquet", "labeled.parquet", "_levels"}
_SIDE_TMP_RE: Final = re.compile(r"\.(store\.json|values\.parquet|labeled\.parquet)\.\d+\.tmp")
_COLUMNS: Final = ("rank", "mask", "value", "maxmin", "minmax", "t0", "h", "hbar")


def is_sqlite_file(path: Path) -> bool:
    """Whether ``path`` is a file (an SQLite store of an earlier whist, or anything that is
    not a directory) rather than a Parquet store's directory or nothing yet (or a name the
    system refuses, which the Parquet store then names)."""
    try:
        return path.exists() and not path.is_dir()
    except OSError:  # a name too long
        return False


def _write_json(path: Path, obj: object) -> None:
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    tmp.write_text(json.dumps(obj, indent=1) + "\n", encoding="utf-8")
    os.replace(tmp, path)


@cache
def _value_of(key: int) -> Value:
    return value_from_key(key)


class _Part:
    """A part's footer as read: its rows and what its metadata says."""

    def __init__(self, path: Path, rows: int, meta: dict[str, Any]) -> None:
        self.path = path
        self.rows = rows
        self.meta = meta


def _aggregates_fit(meta: dict[str, Any], rows: int) -> bool:
    """Whether a part's footer's ``counts`` and ``firsts`` (parallel to its ``values``; a store
    written before them has neither) are what a writer makes: a count and a mask for each
    value, the counts adding up to its rows."""
    if "counts" not in meta and "firsts" not in meta:
        return True
    values, counts, firsts = meta.get("values"), meta.get("counts"), meta.get("firsts")
    return (
        isinstance(values, list)
        and isinstance(counts, list)
        and isinstance(firsts, list)
        and len(counts) == len(firsts) == len(values)
        and all(type(c) is int and c >= 0 for c in counts)
        and all(type(f) is int and f >= 0 for f in firsts)
        and sum(counts) == rows
    )


class ParquetStore(LockedStore):
    """A single-suit table in a directory of Parquet files (see the module).

    ``ParquetStore(path)`` opens an existing store to read; ``ParquetStore(path,
    create=True)`` takes the writer's lock and creates the store if the directory is missing
    or empty. The same queries as :class:`~whistgui.engine.tables.store.TableStore`, answered
    by DuckDB, and :meth:`sql` for any other.
    """

    def __init__(
        self, path: str | Path, *, create: bool = False, chunk_rows: int | None = None
    ) -> None:
        self.path = Path(path)
        self.writable = create
        self._shown = str(path)
        self._lock: int | None = None
        self._con: duckdb.DuckDBPyConnection | None = None
        self._spill: str | None = None  # the connection's temporary directory
        self._checked: set[int] = set()
        name = quote_path(self._shown)
        try:
            exists = self.path.is_dir()
        except OSError as exc:
            raise StoreError(f"cannot open the table store {name}: {exc.strerror}") from None
        if not exists:
            if not create:
                raise StoreError(
                    f"no table store at {name}; write one with "
                    f"'whist table --upto N --store {store_word(self._shown)}'"
                )
            try:
                self.path.mkdir(parents=True)
            except OSError as exc:
                reason = exc.strerror or str(exc)
                raise StoreError(f"cannot create the table store {name}: {reason}") from None
        if create:
            self._lock = _writer_lock(self.path / ".lock", self._shown)
        try:
            self._open(create, chunk_rows)
        except BaseException:
            self.close()
            raise

    # -- opening and checking -------------------------------------------------------------
    def _open(self, create: bool, chunk_rows: int | None) -> None:
        name = quote_path(self._shown)
        manifest = self.path / "store.json"
        if not manifest.exists():
            others = [p.name for p in self.path.iterdir() if p.name != ".lock"]
            if not create or others:
                what = "an empty directory" if not others else "a directory"
                raise StoreError(
                    f"{name} is {what}, not a whist table store (it has no store.json)"
                    + (
                        ""
                        if create
                        else f"; write one with 'whist table --upto N --store "
                        f"{store_word(self._shown)}'"
                    )
                )
            rows = CHUNK_ROWS if chunk_rows is None else chunk_rows
            self.meta: dict[str, Any] = {
                "application": APPLICATION,
                "schema": SCHEMA_VERSION,
                "chunk_rows": rows,
                "finished": {},
            }
            _write_json(manifest, self.meta)
        else:
            self.meta = self._read_manifest(manifest)
        self.chunk_rows: int = self.meta["chunk_rows"]
        self._scan()

    def _read_manifest(self, manifest: Path) -> dict[str, Any]:
        name = quote_path(str(manifest))
        try:
            meta = json.loads(manifest.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError, ValueError) as exc:
            raise StoreError(f"{name} is not a whist table store's manifest: {exc}") from None
        if not isinstance(meta, dict) or meta.get("application") != APPLICATION:
            app = meta.get("application") if isinstance(meta, dict) else meta
            raise StoreError(
                f"{name} is not a whist table store's manifest (its application is {quote(app)})"
            )
        if meta.get("schema") != SCHEMA_VERSION:
            raise StoreError(
                f"{name} is of a table store of schema version {quote(meta.get('schema'))}; "
                f"this whist reads version {SCHEMA_VERSION} (write a new store)"
            )
        rows = meta.get("chunk_rows")
        finished = meta.get("finished")
        if (
            type(rows) is not int
            or not 1 <= rows <= 1 << 40
            or not isinstance(finished, dict)
            or not all(
                isinstance(k, str)
                and k.isdigit()
                and 1 <= int(k) <= MAX_PARQUET_N
                and finished[k] == count_patterns(int(k))
                for k in finished
            )
        ):
            raise StoreError(
                f"{name} is a damaged table store manifest: chunk_rows {quote(rows)} and "
                f"finished {quote(finished)} are not what whist writes (write a new store)"
            )
        return meta

    def _foreign(self, path: Path) -> StoreError:
        return StoreError(
            f"{quote_path(self._shown)} is not a whist table store as written: it holds "
            f"{quote_path(str(path))}, which is not one of its files (move it away)"
        )

    def _scan(self) -> None:
        """Read every part's footer; note the damaged ones by n (refused when asked)."""
        import pyarrow.parquet as pq

        self._parts: dict[int, dict[int, _Part]] = {}
        self._damage: dict[int, str] = {}
        for entry in sorted(self.path.iterdir()):
            if entry.name in _TOP_FILES or _SIDE_TMP_RE.fullmatch(entry.name):
                if entry.name == "_levels" and entry.is_dir():
                    for f in entry.iterdir():
                        if not _LEVEL_FILE_RE.fullmatch(f.name):
                            raise self._foreign(f)
                continue
            m = _LEVEL_RE.fullmatch(entry.name)
            if m is None or not entry.is_dir() or not 1 <= int(m.group(1)) <= MAX_PARQUET_N:
                raise self._foreign(entry)
            n = int(m.group(1))
            ranges = chunk_ranges(n, self.chunk_rows)
            parts = self._parts.setdefault(n, {})
            for f in sorted(entry.iterdir()):
                if _TMP_RE.fullmatch(f.name):
                    continue  # an interrupted write's: the writer removes it
                pm = _PART_RE.fullmatch(f.name)
                if pm is None or not f.is_file():
                    raise self._foreign(f)
                k = int(pm.group(1))
                try:
                    md = pq.read_metadata(f)
                    raw = (md.metadata or {}).get(META_KEY)
                    meta = json.loads(raw) if raw is not None else None
                except (OSError, ValueError) as exc:
                    self._damage.setdefault(
                        n, f"{quote_path(str(f))} is not a Parquet file of the store ({exc})"
                    )
                    continue
                want = ranges[k] if k < len(ranges) else None
                names = [md.schema.column(i).name for i in range(md.num_columns)]
                if (
                    want is None
                    or not isinstance(meta, dict)
                    or meta.get("n") != n
                    or meta.get("part") != k
                    or (meta.get("start"), meta.get("stop")) != want
                    or tuple(names) != _COLUMNS
                    or not isinstance(meta.get("values"), list)
                    or not isinstance(meta.get("labeled"), list)
                    or not _aggregates_fit(meta, want[1] - want[0])
                ):
                    self._damage.setdefault(
                        n,
                        f"{quote_path(str(f))} is not part {k} of n = {n} as the store writes it",
                    )
                    continue
                if md.num_rows != want[1] - want[0]:
                    self._damage.setdefault(
                        n,
                        f"{quote_path(str(f))} holds {md.num_rows:,} suits; part {k} of n = {n} "
                        f"has {want[1] - want[0]:,}",
                    )
                    continue
                parts[k] = _Part(f, md.num_rows, meta)
        for key in self.meta["finished"]:
            n = int(key)
            have = self._parts.get(n, {})
            missing = [k for k in range(len(chunk_ranges(n, self.chunk_rows))) if k not in have]
            if missing and n not in self._damage:
                path = self.path / f"n={n}" / chunk_name(missing[0])
                self._damage[n] = f"n = {n} is finished but {quote_path(str(path))} is missing" + (
                    f" (and {len(missing) - 1} more parts)" if len(missing) > 1 else ""
                )

    # -- life -----------------------------------------------------------------------------
    def close(self) -> None:
        self._close_connection()
        self._unlock()

    def _close_connection(self) -> None:
        if self._con is not None:
            self._con.close()
            self._con = None
        if self._spill is not None:
            shutil.rmtree(self._spill, ignore_errors=True)
            self._spill = None

    # -- what it holds --------------------------------------------------------------------
    def progress(self, n: int) -> Progress:
        """How many suits of ``n`` cards a hand the store holds (whole parts)."""
        total = count_patterns(n)
        return Progress(n, sum(p.rows for p in self._parts.get(n, {}).values()), total)

    def all_progress(self) -> list[Progress]:
        """Every n the store has begun, in order."""
        return [self.progress(n) for n in sorted(self._parts) if self._parts[n]]

    def finished(self) -> list[int]:
        return [p.n for p in self.all_progress() if p.finished]

    def holdings(self) -> str:
        done = self.finished()
        return f"every suit of n ≤ {max(done)}" if done else "no whole n"

    def being_written(self) -> bool:
        return self._lock is None and _being_written(self.path / ".lock")

    def _damaged(self, n: int) -> StoreError:
        word = store_word(self._shown)
        return StoreError(
            f"{quote_path(self._shown)} is a damaged table store: {self._damage[n]}; "
            f"'whist table --upto {n} --store {word}' writes the suits of n = {n} again"
        )

    def check_rows(self, n: int | None = None) -> None:
        """Raise :class:`StoreError` if the parts of ``n`` (of any n) are damaged."""
        for k in sorted(self._damage):
            if n is None or k == n:
                raise self._damaged(k)

    def check_holds(self, n: int) -> None:
        """Raise :class:`StoreError` if the store holds no suit of ``n`` (or holds them
        damaged), saying what it holds and how to write them."""
        if not isinstance(n, int) or not 1 <= n <= 32:
            raise StoreError(f"n = {n!r} cards a hand; a table store holds 1 to 32")
        self.check_rows(n)
        if self.progress(n).done > 0:
            return
        raise no_suits_error(self._shown, n, self.holdings(), being_written=self.being_written())

    def repair(self, upto: int) -> list[tuple[int, str]]:
        """Remove the damaged parts of each n ≤ ``upto`` (the writer computes them again);
        returns each such n with what was wrong."""
        if not self.writable:
            raise StoreError(f"the table store {quote_path(self._shown)} was opened read-only")
        wrong = [(n, why) for n, why in sorted(self._damage.items()) if n <= upto]
        for n, _ in wrong:
            folder = self.path / f"n={n}"
            good = {p.path for p in self._parts.get(n, {}).values()}
            for f in folder.iterdir():
                if f not in good and _PART_RE.fullmatch(f.name):
                    f.unlink()
            self.meta["finished"].pop(str(n), None)
            del self._damage[n]
        if wrong:
            _write_json(self.path / "store.json", self.meta)
        return wrong

    def _files(self, ns: Iterable[int] | None = None) -> list[str]:
        wanted = set(self._parts) if ns is None else set(ns)
        return [
            str(p.path)
            for n in sorted(wanted & set(self._parts))
            for _, p in sorted(self._parts[n].items())
        ]

    def _keys(self, field: str) -> list[int]:
        return sorted(
            {k for parts in self._parts.values() for p in parts.values() for k in p.meta[field]}
        )

    # -- DuckDB ---------------------------------------------------------------------------
    def connection(self) -> duckdb.DuckDBPyConnection:
        """A DuckDB connection (in memory) with the view ``suits`` over every part the store
        holds and the tables ``value_dictionary`` and ``labeled_dictionary``
        (:data:`SQL_COLUMNS`). Its memory is bounded (:func:`memory_limit_mb`); what a
        query needs beyond spills to a temporary directory, removed on :meth:`close`."""
        if self._con is not None:
            return self._con
        import duckdb
        import pyarrow as pa

        # a name of its own, made by DuckDB only if a query spills (and removed by it when the
        # connection goes); removed here on close, or when the store is collected, if not
        spill = os.path.join(tempfile.gettempdir(), f"whistgui-duckdb-{uuid.uuid4().hex}")
        con = duckdb.connect(
            ":memory:", config={"memory_limit": f"{memory_limit_mb()}MB", "temp_directory": spill}
        )
        self._spill = spill
        weakref.finalize(self, shutil.rmtree, spill, ignore_errors=True)
        con.execute("SET enable_progress_bar = false")  # it writes to standard output
        # The views left-join the suits to the small dictionaries. DuckDB's estimate of a
        # Parquet scan under a filter on n can be a few rows, and then it swaps the join's
        # sides and builds its hash table on the suits: n = 14, "GROUP BY value" over 40
        # million suits ran out of 4 GB; with the dictionaries kept as the build side it takes
        # 0.55 s and 140 MB, a count by class 2.9 → 0.11 s.
        with contextlib.suppress(duckdb.Error):  # a DuckDB without it never swaps them
            con.execute("SET disabled_optimizers = 'build_side_probe_side'")
        con.execute(MACROS)
        values = pa.table(value_columns(self._keys("values")))
        labeled = pa.table(labeled_columns(self._keys("labeled")))
        con.register("_values", values)
        con.register("_labeled", labeled)
        con.execute("CREATE TABLE value_dictionary AS SELECT * FROM _values")
        con.execute("CREATE TABLE labeled_dictionary AS SELECT * FROM _labeled")
        con.unregister("_values")
        con.unregister("_labeled")
        files = self._files()
        if files:
            con.execute(f"CREATE VIEW raw AS SELECT * FROM {read_parquet(files)}")
        else:
            con.execute(
                "CREATE VIEW raw AS SELECT 0::INTEGER AS n, 0::BIGINT AS rank, 0::BIGINT AS mask, "
                "0::BIGINT AS value, 0::BIGINT AS maxmin, 0::BIGINT AS minmax, 0::TINYINT AS t0, "
                "0::TINYINT AS h, 0::TINYINT AS hbar WHERE false"
            )
        con.execute(f"CREATE VIEW suits AS {suits_select()}")
        self._con = con
        return con

    def _fetch(self, sql: str, args: list[object] | None = None) -> list[tuple[Any, ...]]:
        import duckdb

        try:
            return self.connection().execute(sql, args or []).fetchall()
        except duckdb.Error as exc:
            raise StoreError(
                f"the table store {quote_path(self._shown)} cannot be read: {exc}"
            ) from None

    def sql(self, query: str) -> tuple[list[str], Iterator[tuple[Any, ...]]]:
        """Run a user's ``query`` (SQL over :data:`SQL_COLUMNS`): its column names and its
        rows as they come; a :class:`StoreError` quoting DuckDB's message if it fails."""
        import duckdb

        self.check_rows()
        con = self.connection()
        try:
            cur = con.execute(query)
        except duckdb.Error as exc:
            raise query_error(f"the query {quote(query)}", exc) from None
        names = [d[0] for d in cur.description] if cur.description else []

        def rows() -> Iterator[tuple[Any, ...]]:
            while True:
                try:
                    batch = cur.fetchmany(4096)
                except duckdb.Error as exc:
                    raise query_error(f"the query {quote(query)}", exc) from None
                if not batch:
                    return
                yield from batch

        return names, rows()

    # -- the queries of whist table -------------------------------------------------------
    def _rows_of(self, found: Iterable[tuple[Any, ...]]) -> Iterator[SuitRow]:
        values: dict[int, Value] = {}
        labeled: dict[int, LabeledValue] = {}
        for n, mask, value, maxmin, minmax, t0, h, hbar in found:
            v = values.get(value)
            if v is None:
                v = values[value] = value_from_key(value)
            a = labeled.get(maxmin)
            if a is None:
                a = labeled[maxmin] = labeled_from_key(maxmin)
            b = labeled.get(minmax)
            if b is None:
                b = labeled[minmax] = labeled_from_key(minmax)
            yield SuitRow(n, mask_text(mask, n), v, a, b, t0, h, hbar)

    _COLUMNS: Final = "mask, value, maxmin, minmax, t0, h, hbar"
    _SELECT: Final = f"SELECT n, {_COLUMNS} FROM raw"

    def rows(self, n: int, start: int = 0, stop: int | None = None) -> Iterator[SuitRow]:
        """The stored suits of ``n`` cards a hand, in whist's listing order (the order of
        :func:`~whistgui.engine.tables.rows.patterns`); those placed in ``range(start, stop)``
        in it when given (a chunk of ``whist conjectures --store``, as the SQLite store's)."""
        import duckdb

        self.check_rows(n)
        sql, args = f"{self._SELECT} WHERE n = ?", [n]
        total = count_patterns(n)
        stop = total if stop is None else min(stop, total)
        if start >= stop:
            return iter(())
        if start > 0 or stop < total:  # the places' lex keys bound them: no sort of the level
            sql += " AND lex_key(mask, n) BETWEEN ? AND ?"
            args += [lex_key_at(n, start), lex_key_at(n, stop - 1)]
        cur = self.connection().execute(sql + " ORDER BY lex_key(mask, n)", args)

        def batches() -> Iterator[tuple[Any, ...]]:
            while True:
                try:
                    batch = cur.fetchmany(4096)
                except duckdb.Error as exc:
                    raise StoreError(f"{quote_path(self._shown)} cannot be read: {exc}") from None
                if not batch:
                    return
                yield from batch

        return self._rows_of(batches())

    def suit(self, pattern: str) -> SuitRow | None:
        """The stored row of one pattern, if the store holds it."""
        n = len(pattern) // 2
        self.check_rows(n)
        mask = sum(1 << i for i, c in enumerate(pattern) if c == "W")
        found = self._fetch(f"{self._SELECT} WHERE n = ? AND mask = ?", [n, mask])
        return next(self._rows_of(found), None)

    def by_value(self, text: str | Value, n: int | None = None) -> list[SuitRow]:
        """Every stored suit whose value is ``text``, by n and then in listing order."""
        v = text if isinstance(text, Value) else Value.parse(text)
        self.check_rows(n)
        try:
            key = value_key(v)
        except WhistError:  # beyond every value of up to KEY_MAX_N cards: none stored
            return []
        # only the parts whose footers list the value are read
        files = [
            str(p.path)
            for k in sorted(self._parts)
            if n is None or k == n
            for _, p in sorted(self._parts[k].items())
            if key in p.meta["values"]
        ]
        if not files:
            return []
        sql = (
            f"SELECT n, {self._COLUMNS} FROM {read_parquet(files)} WHERE value = ? "
            "ORDER BY n, lex_key(mask, n)"
        )
        return list(self._rows_of(self._fetch(sql, [key])))

    def first_of_each_value(self, n: int | None = None) -> list[SuitRow]:
        """For each stored value, the first suit that has it — fewest cards first, then in
        listing order — in the order of the values; with ``n``, among its suits only."""
        self.check_rows(n)
        # for each value, the least (n, place in the listing order) of its suits: from the
        # parts' footers where they say (the place's key: lex_key, the SQL macro), else from
        # two plain aggregates over the rows (an arg_min over a struct of every column took
        # twice as long); then the few rows themselves, by their masks
        best: dict[int, tuple[int, int]] = {}
        scan = []
        for k in sorted(self._parts) if n is None else [n]:
            parts = self._parts.get(k, {}).values()
            if not parts or not all("firsts" in p.meta for p in parts):
                scan.append(k)
                continue
            for p in parts:
                for key, mask in zip(p.meta["values"], p.meta["firsts"], strict=True):
                    place = (k, lex_key(mask, k))
                    if key not in best or place < best[key]:
                        best[key] = place
        if scan:
            found = self._fetch(
                "WITH f AS (SELECT value, min(n) AS n FROM raw WHERE n IN (SELECT "
                "unnest(?::INTEGER[])) GROUP BY value) SELECT r.value, r.n, "
                "min(lex_key(r.mask, r.n)) FROM raw r JOIN f ON r.value = f.value AND "
                "r.n = f.n GROUP BY r.value, r.n",
                [scan],
            )
            for key, k, lex in found:
                place = (int(k), int(lex))
                if key not in best or place < best[key]:
                    best[int(key)] = place
        # the rows, in one query: each mask from the part that holds it (the footers name the
        # part; the colex rank ranges, masks increasing, otherwise), row groups pruned by the
        # masks' statistics
        by_n: dict[int, list[int]] = {}
        for k, lex in best.values():
            by_n.setdefault(k, []).append(lex_key(lex, k))  # the key's key is the mask
        masks: dict[tuple[int, int], list[int]] = {}
        for k, ms in by_n.items():
            ranks = colex_ranks(np.array(ms, dtype=np.int64), 2 * k)
            for mask, rank in zip(ms, ranks.tolist(), strict=True):
                masks.setdefault((k, rank // self.chunk_rows), []).append(mask)
        selects: list[str] = []
        args: list[object] = []
        for (k, part), ms in sorted(masks.items()):
            path = str(self._parts[k][part].path).replace("'", "''")
            selects.append(
                f"SELECT {k}::INTEGER AS n, {self._COLUMNS} FROM read_parquet('{path}') "
                "WHERE mask IN (SELECT unnest(?::BIGINT[]))"
            )
            args.append(ms)
        found = self._fetch(" UNION ALL ".join(selects), args) if selects else []
        rows = list(self._rows_of(found))
        return sorted(rows, key=lambda r: value_order(r.value))

    def count_by_value(self) -> dict[int, dict[Value, int]]:
        """For each n the store holds all of, how many suits have each value."""
        self.check_rows()
        done = self.finished()
        if not done:
            return {}
        by_key: dict[int, dict[int, int]] = {}
        scan = []
        for k in done:  # an n being written, or cut off, is not counted
            parts = self._parts[k].values()
            if all("counts" in p.meta for p in parts):  # the footers say: no row is read
                counts = by_key.setdefault(k, {})
                for p in parts:
                    for key, c in zip(p.meta["values"], p.meta["counts"], strict=True):
                        counts[key] = counts.get(key, 0) + c
            else:
                scan.append(k)
        if scan:  # a store written before the footers counted
            found = self._fetch(
                "SELECT n, value, count(*) FROM raw WHERE n IN (SELECT unnest(?::INTEGER[])) "
                "GROUP BY n, value",
                [scan],
            )
            for k, key, count in found:
                by_key.setdefault(int(k), {})[int(key)] = int(count)
        out = {
            k: {_value_of(key): c for key, c in counts.items() if c} for k, counts in by_key.items()
        }
        return sorted_counts(out)

    def count_by_value_json(self) -> dict[str, dict[str, int]]:
        """:meth:`count_by_value` as ``whist table --count-by-value --json`` prints it."""
        return counts_json(self.count_by_value())

    # -- writing --------------------------------------------------------------------------
    def _level_paths(self, n: int) -> tuple[Path, Path]:
        folder = self.path / "_levels"
        return folder / f"keys-{n}.json", folder / f"codes-{n}.npy"

    def level_codes(self, n: int) -> tuple[str | None, list[int]]:
        """The path of level ``n``'s codes and its dictionary, for the chunks of n + 1: read
        if the store keeps them, else made from its parts (n must be finished); (None, []) for
        n = 0."""
        if n == 0:
            return None, []
        keys_path, codes_path = self._level_paths(n)
        keys = level_dictionary(p.meta["values"] for p in self._parts[n].values())
        try:
            kept = json.loads(keys_path.read_text(encoding="utf-8"))
            codes = np.load(codes_path, mmap_mode="r")
            if kept == keys and codes.dtype == CODE_DTYPE and codes.shape == (comb(2 * n, n),):
                return str(codes_path), keys
        except (OSError, ValueError):
            pass
        return self._make_codes(n, keys), keys

    def _make_codes(self, n: int, keys: list[int]) -> str:
        import pyarrow as pa
        import pyarrow.parquet as pq

        keys_path, codes_path = self._level_paths(n)
        keys_path.parent.mkdir(exist_ok=True)
        _write_json(keys_path, keys)
        tmp = codes_path.with_name(f".{codes_path.name}.{os.getpid()}.tmp")
        out = np.lib.format.open_memmap(tmp, mode="w+", dtype=CODE_DTYPE, shape=(comb(2 * n, n),))
        try:
            for k, (s, e) in enumerate(chunk_ranges(n, self.chunk_rows)):
                col = pq.read_table(self._parts[n][k].path, columns=["value"]).column(0)
                if pa.types.is_dictionary(col.type):  # as written: decoded here
                    col = col.cast(col.type.value_type)
                out[s:e] = codes_of(col.to_numpy(), keys)
            out.flush()
            del out
            os.replace(tmp, codes_path)
        except BaseException:
            tmp.unlink(missing_ok=True)
            raise
        return str(codes_path)

    def _drop_codes_below(self, n: int) -> None:
        """Forget the codes of levels below ``n`` (a longer run needs only the top's)."""
        folder = self.path / "_levels"
        if not folder.is_dir():
            return
        for f in folder.iterdir():
            m = re.fullmatch(r"(?:keys|codes)-(\d+)\.(?:json|npy)", f.name)
            if m and int(m.group(1)) < n:
                f.unlink()

    def _added(self, info: ChunkInfo) -> None:
        self._parts.setdefault(info.n, {})[info.part] = _Part(
            Path(info.path),
            info.stop - info.start,
            {"values": list(info.values), "labeled": list(info.labeled)},
        )
        if self._con is not None:  # its view lists the parts
            self._close_connection()

    def _finish_level(self, n: int) -> None:
        import pyarrow as pa
        import pyarrow.parquet as pq

        self.meta["finished"][str(n)] = count_patterns(n)
        for name, table in (
            ("values.parquet", pa.table(value_columns(self._keys("values")))),
            ("labeled.parquet", pa.table(labeled_columns(self._keys("labeled")))),
        ):
            tmp = self.path / f".{name}.{os.getpid()}.tmp"
            pq.write_table(table, tmp)
            os.replace(tmp, self.path / name)
        _write_json(self.path / "store.json", self.meta)

    def _clear_tmp(self) -> None:
        for folder in [self.path, *(self.path / f"n={n}" for n in self._parts)]:
            if folder.is_dir():
                for f in folder.iterdir():
                    if _TMP_RE.fullmatch(f.name) or _SIDE_TMP_RE.fullmatch(f.name):
                        f.unlink()


Store = TableStore | ParquetStore

#: A way to run the chunk tasks of a level: given the task function and its argument tuples,
#: the ChunkInfo of each as it finishes (in any order). The default runs them here, in order.
TaskRunner = Callable[[Callable[..., ChunkInfo], list[tuple[Any, ...]]], Iterable[ChunkInfo]]


def _run_here(task: Callable[..., ChunkInfo], args: list[tuple[Any, ...]]) -> Iterator[ChunkInfo]:
    for a in args:
        yield task(*a)


def fill_parquet(
    store: ParquetStore,
    upto: int,
    *,
    should_stop: Callable[[], bool] | None = None,
    progress: Callable[[int, int, int], None] | None = None,
    on_done: Callable[[int, int], None] | None = None,
    runner: TaskRunner | None = None,
) -> list[int]:
    """Write every suit of n ≤ ``upto`` cards a hand the store lacks, part by part, level by
    level (a level's parts from the codes of the level below), resuming where an earlier run
    stopped and writing again the parts of an n found damaged; returns the n the store then
    holds whole. ``progress(n, done, total)`` after each part, ``on_done(n, written)`` after
    each level; ``runner`` runs a level's missing parts (default: here, in order; a pool or a
    Dask client may run them anywhere the store's directory is reachable)."""
    from whistgui.engine.errors import Cancelled

    if not store.writable:
        raise StoreError(f"the table store {quote_path(store._shown)} was opened read-only")
    if not 1 <= upto <= MAX_PARQUET_N:
        raise StoreError(f"a table store holds 1 to {MAX_PARQUET_N} cards a hand, not {upto}")
    run = runner if runner is not None else _run_here
    store.repair(upto)
    store._clear_tmp()
    for n in range(1, upto + 1):
        ranges = chunk_ranges(n, store.chunk_rows)
        have = store._parts.get(n, {})
        todo = [(k, s, e) for k, (s, e) in enumerate(ranges) if k not in have]
        total = count_patterns(n)
        if not todo:
            if str(n) not in store.meta["finished"]:
                store._finish_level(n)
            continue
        written = sum(e - s for _, s, e in todo)
        done = total - written
        if progress is not None:
            progress(n, done, total)
        codes_path, keys = store.level_codes(n - 1)
        args = [(str(store.path), n, k, s, e, codes_path, tuple(keys)) for k, s, e in todo]
        for info in run(compute_chunk, args):
            store._added(info)
            done += info.stop - info.start
            if progress is not None:
                progress(n, done, total)
            if should_stop is not None and should_stop() and done < total:
                raise Cancelled(f"stopped at suit {done:,} of {total:,} ({n} cards a hand)")
        store._finish_level(n)
        if n < upto:
            store.level_codes(n)  # made now, while the level's files are in the page cache
            store._drop_codes_below(n)
        if on_done is not None:
            on_done(n, written)
    # the codes are the run's working data: a longer run makes the top's again from its parts
    store._drop_codes_below(MAX_PARQUET_N + 1)
    return store.finished()


def open_store(path: str | Path, *, create: bool = False) -> Store:
    """The store at ``path``, detected by what is there: a directory (or, to create, nothing)
    is a Parquet store; a file is an SQLite store of an earlier whist, read (and resumed) as
    before — :class:`~whistgui.engine.tables.store.TableStore` refuses a file that is not one."""
    p = Path(path)
    if is_sqlite_file(p):
        return TableStore(path, create=create)
    return ParquetStore(path, create=create)
