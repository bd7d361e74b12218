"""The single-suit table kept in SQLite: every suit of n cards a hand with its value (the text
``whist value --json`` prints), its class, maxmin, minmax and R43's T_0, H and H̄, indexed by
value and by n, written one chunk per transaction so that an interrupted run resumes.

>>> import tempfile, os
>>> path = os.path.join(tempfile.mkdtemp(), 'suits.sqlite')
>>> with TableStore(path, create=True) as store:
...     fill(store, 3)
...     [(r.paper, r.value.ascii()) for r in store.by_value('1+e1')]
...     store.count_by_value_json()['2']
[1, 2, 3]
[('[A J, K Q]', '1+e1'), ('[A 10 9, K Q J]', '1+e1')]
{'e0': 1, '1/2': 1, '1-e1': 1, '1+e1': 1, '3/2': 1, '2-e0': 1}

The file's ``meta`` table names the application and the schema version; anything else (another
database, a text file, a newer schema) is refused with a :class:`StoreError` quoting the path.
"""

from __future__ import annotations

import os
import re
import sqlite3
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from functools import cmp_to_key
from pathlib import Path
from types import TracebackType
from typing import Final

from whistgui.engine.cards import Player
from whistgui.engine.describe import describe
from whistgui.engine.errors import NotationError, WhistError
from whistgui.engine.reading import PATH_QUOTE_LIMIT, quote, quote_path
from whistgui.engine.tables.rows import RowMaker, SuitRow, count_patterns, whist_tricks
from whistgui.engine.value import LabeledValue, Value

__all__ = [
    "APPLICATION",
    "SCHEMA_VERSION",
    "Progress",
    "StoreError",
    "TableStore",
    "fill",
    "value_class",
    "value_order",
]

APPLICATION: Final = "whistgui single-suit table"
SCHEMA_VERSION: Final = 1
#: Rows written per transaction: an interrupted run loses at most this many.
CHUNK: Final = 4096

_SCHEMA: Final = """
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE suits (
    n INTEGER NOT NULL,
    idx INTEGER NOT NULL,          -- place in rows.patterns(n)
    pattern TEXT NOT NULL,         -- owners from low to high, e.g. EWEW = [A Q, K J]
    value TEXT NOT NULL,           -- as `whist value --json` prints it
    class TEXT NOT NULL,           -- value_class(value)
    stoppers INTEGER NOT NULL,     -- |k| of the value's ε_k (0 for numbers)
    west_lead INTEGER NOT NULL,    -- ρ(value): West's tricks with West on lead
    east_lead INTEGER NOT NULL,    --           and with East on lead
    maxmin TEXT NOT NULL,          -- (W, 1+e0)
    minmax TEXT NOT NULL,
    t0 INTEGER NOT NULL,
    h INTEGER NOT NULL,
    hbar INTEGER NOT NULL,
    PRIMARY KEY (n, idx)
) WITHOUT ROWID;
CREATE UNIQUE INDEX suits_pattern ON suits (pattern);
CREATE INDEX suits_value ON suits (value, n, idx);
CREATE TABLE progress (
    n INTEGER PRIMARY KEY,
    done INTEGER NOT NULL,         -- suits of n written (the first `done` of rows.patterns(n))
    total INTEGER NOT NULL,        -- C(2n, n)
    producer TEXT NOT NULL
);
"""

_COLUMNS: Final = "n, idx, pattern, value, maxmin, minmax, t0, h, hbar"


class StoreError(WhistError, ValueError):
    """A file that is not a single-suit table store (or not one this version reads), or a
    store asked for something it does not hold; the message quotes the file."""


@dataclass(frozen=True, slots=True)
class Progress:
    """How much of the suits of ``n`` cards a hand a store holds."""

    n: int
    done: int
    total: int

    @property
    def finished(self) -> bool:
        return self.done >= self.total


def value_class(v: Value) -> str:
    """The kind of a value, as the store's ``class`` column keeps it: ``integer``,
    ``number`` (not an integer), ``exit W`` (a positive infinitesimal part: West's exit),
    ``exit E``, or ``fuzzy`` (never for a single suit).

    >>> [value_class(Value.parse(t)) for t in ('2', '3/8', '1+e1', '-e0')]
    ['integer', 'number', 'exit W', 'exit E']
    """
    c = describe(v)
    if c.is_number:
        return "integer" if v.number.denominator == 1 else "number"
    if c.exit_for is None:
        return "fuzzy"
    return f"exit {c.exit_for.value}"


def _compare(a: Value, b: Value) -> int:
    c = a.compare(b)
    if c is None:  # ±ε₀ against a number: never in a single suit; order by text then
        return -1 if a.ascii() < b.ascii() else (1 if a.ascii() > b.ascii() else 0)
    return c


#: Sort key putting values in their order (single-suit values are totally ordered).
value_order = cmp_to_key(_compare)

_LABELED_RE: Final = re.compile(r"\((W|E), (.+)\)")
_INT_RE: Final = re.compile(r"-?[0-9]{1,9}")


def _labeled(text: str) -> LabeledValue:
    m = _LABELED_RE.fullmatch(text)
    if m is None:
        raise NotationError(f"{text!r} is not a labeled value; expected '(W, 1+e0)'")
    return LabeledValue(Player(m.group(1)), Value.parse(m.group(2)))


def _int(cell: object, what: str) -> int:
    """An integer cell: stored as an integer, or as text of at most 9 digits."""
    if isinstance(cell, int) and not isinstance(cell, bool):
        return cell
    text = str(cell)
    if _INT_RE.fullmatch(text) is None:
        raise NotationError(f"{what} {quote(text)} is not an integer of at most 9 digits")
    return int(text)


def _row_of(r: sqlite3.Row | tuple[object, ...]) -> SuitRow:
    n, _, pattern, value, maxmin, minmax, t0, h, hbar = r
    k = _int(n, "n")
    p = str(pattern)
    if len(p) != 2 * k or p.count("W") != k or set(p) - {"W", "E"}:
        raise NotationError(
            f"its pattern {quote(p)} is not {k} W and {k} E (a suit of {k} cards a hand)"
        )
    return SuitRow(
        k,
        p,
        Value.parse(str(value)),
        _labeled(str(maxmin)),
        _labeled(str(minmax)),
        _int(t0, "T₀"),
        _int(h, "H"),
        _int(hbar, "H̄"),
    )


def _store_word(name: str) -> str:
    """A store's name in a command a message suggests: itself, or FILE when a message would
    shorten it (:func:`~whistgui.engine.reading.quote_path`)."""
    return name if len(name) <= PATH_QUOTE_LIMIT else "FILE"


def _writer_lock(path: Path, shown: str) -> int | None:
    """An open descriptor of ``path`` holding an exclusive ``flock`` — one writer a store at a
    time (two interleaving runs would each find the other's rows) — or None where the system
    has no ``flock``. SQLite's own locks are ``fcntl`` record locks, which this does not touch."""
    try:
        import fcntl
    except ImportError:  # not POSIX
        return None
    try:
        fd = os.open(path, os.O_RDWR | os.O_CREAT | getattr(os, "O_CLOEXEC", 0), 0o644)
    except OSError as exc:
        raise StoreError(
            f"cannot open the table store {quote_path(shown)}: {exc.strerror or exc}"
        ) from None
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        os.close(fd)
        raise StoreError(
            f"another run is writing the table store {quote_path(shown)}; let it finish (or "
            "stop it: the store resumes) and run this again"
        ) from None
    return fd


class TableStore:
    """A single-suit table in an SQLite file.

    ``TableStore(path)`` opens an existing store (read-only unless ``create``);
    ``TableStore(path, create=True)`` creates the file if it is missing or empty. Use it as a
    context manager, or :meth:`close` it.
    """

    def __init__(self, path: str | Path, *, create: bool = False) -> None:
        self.path = Path(path)
        self.writable = create
        shown = str(path)
        try:
            exists = self.path.is_file()
            uri = self.path.resolve().as_uri() + ("?mode=rwc" if create else "?mode=ro")
        except (OSError, ValueError) as exc:  # a name too long, a NUL
            reason = getattr(exc, "strerror", None) or str(exc)
            raise StoreError(f"cannot open the table store {quote_path(shown)}: {reason}") from None
        if not create and not exists:
            raise StoreError(
                f"no table store at {quote_path(shown)}; write one with "
                f"'whist table --upto N --store {_store_word(shown)}'"
            )
        self._lock = _writer_lock(self.path, shown) if create else None
        try:
            self._db = sqlite3.connect(uri, uri=True, isolation_level=None)
        except sqlite3.Error as exc:
            self._unlock()
            raise StoreError(f"cannot open the table store {quote_path(shown)}: {exc}") from None
        try:
            self._check(shown)
        except BaseException:
            self.close()
            raise

    def _check(self, shown: str) -> None:
        db = self._db
        name = quote_path(shown)
        try:
            tables = {r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type='table'")}
            if not tables:
                if not self.writable:
                    raise StoreError(
                        f"{name} is an empty file, not a table store; write one with "
                        f"'whist table --upto N --store {_store_word(shown)}'"
                    )
                db.executescript(
                    f"BEGIN;{_SCHEMA}INSERT INTO meta VALUES ('application', '{APPLICATION}'), "
                    f"('schema', '{SCHEMA_VERSION}');COMMIT;"
                )
                return
            if "meta" not in tables:
                raise StoreError(
                    f"{name} is an SQLite database but not a whist single-suit table store "
                    "(it has no 'meta' table)"
                )
            meta = dict(db.execute("SELECT key, value FROM meta").fetchall())
            if meta.get("application") != APPLICATION:
                raise StoreError(
                    f"{name} is an SQLite database but not a whist single-suit table store "
                    f"(its application is {meta.get('application')!r})"
                )
            if meta.get("schema") != str(SCHEMA_VERSION):
                raise StoreError(
                    f"{name} is a table store of schema version {meta.get('schema')!r}; this "
                    f"whist reads version {SCHEMA_VERSION} (write a new store)"
                )
            missing = {"suits", "progress"} - tables
            if missing:
                raise StoreError(f"{name} is a damaged table store: no {sorted(missing)} table")
            if self.writable:
                db.execute("PRAGMA synchronous = NORMAL")
        except sqlite3.DatabaseError as exc:
            raise StoreError(f"{name} is not a whist table store: {exc}") from None

    # -- life -----------------------------------------------------------------------------
    @property
    def _name(self) -> str:
        """The store's file name for a message (shortened when very long)."""
        return quote_path(self.path)

    def close(self) -> None:
        self._db.close()
        self._unlock()

    def _unlock(self) -> None:
        if self._lock is not None:
            os.close(self._lock)  # closing the descriptor releases its lock
            self._lock = None

    def __enter__(self) -> TableStore:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()

    def _query(self, sql: str, args: Sequence[object] = ()) -> list[tuple[object, ...]]:
        try:
            return self._db.execute(sql, args).fetchall()
        except sqlite3.DatabaseError as exc:
            raise StoreError(f"the table store {self._name} cannot be read: {exc}") from None

    # -- writing --------------------------------------------------------------------------
    def progress(self, n: int) -> Progress:
        """How many suits of ``n`` cards a hand the store holds (a resumed write starts there)."""
        rows = self._query("SELECT done, total FROM progress WHERE n = ?", (n,))
        if not rows:
            return Progress(n, 0, count_patterns(n))
        done, total = rows[0]
        return Progress(n, int(str(done)), int(str(total)))

    def all_progress(self) -> list[Progress]:
        """Every n the store has begun, in order."""
        rows = self._query("SELECT n, done, total FROM progress ORDER BY n")
        return [Progress(int(str(n)), int(str(d)), int(str(t))) for n, d, t in rows]

    def finished(self) -> list[int]:
        """The n whose suits the store holds all of."""
        return [p.n for p in self.all_progress() if p.finished]

    def holdings(self) -> str:
        """What the store holds whole, for a message: "every suit of n ≤ 8", "no whole n"."""
        done = self.finished()
        return f"every suit of n ≤ {max(done)}" if done else "no whole n"

    def check_holds(self, n: int) -> None:
        """Raise :class:`StoreError` if the store holds no suit of ``n`` cards a hand (a
        query would answer with nothing), saying what it holds and how to write them."""
        if self.progress(n).done > 0:
            return
        shown = str(self.path)
        raise StoreError(
            f"the table store {quote_path(shown)} holds no suit of {n} cards a hand (it holds "
            f"{self.holdings()}); 'whist table --upto {n} --store {_store_word(shown)}' writes "
            "them"
        )

    def write(
        self,
        n: int,
        rows: Iterable[SuitRow],
        *,
        start: int = 0,
        chunk: int | None = None,
        producer: str = "",
    ) -> int:
        """Store ``rows``, the suits of ``n`` cards a hand from the ``start``-th on (in the
        order of :func:`~whistgui.engine.tables.rows.patterns`), ``chunk`` rows (default
        :data:`CHUNK`) per transaction together with the progress; returns how many suits of
        ``n`` the store then holds. If ``rows`` raises (Ctrl+C, a cancelled run), what was
        committed stays and the unfinished chunk is rolled back: :meth:`progress` says where
        to resume."""
        if not self.writable:
            raise StoreError(f"the table store {self._name} was opened read-only")
        have = self.progress(n)
        if start != have.done:
            raise StoreError(
                f"the table store {self._name} holds {have.done} suits of {n} cards a "
                f"hand; a write must resume at {have.done}, not {start}"
            )
        size = chunk if chunk is not None else CHUNK
        done = start
        batch: list[tuple[object, ...]] = []
        classes: dict[Value, tuple[str, str, int, int, int]] = {}
        labels: dict[LabeledValue, str] = {}
        for row in rows:
            if row.n != n:
                raise StoreError(f"a row of {row.n} cards a hand among the suits of {n}")
            c = classes.get(row.value)
            if c is None:
                west_lead, east_lead = whist_tricks(row.value)
                c = classes[row.value] = (
                    row.value.ascii(),
                    value_class(row.value),
                    row.value.infinitesimal.stoppers if not row.value.is_number else 0,
                    west_lead,
                    east_lead,
                )
            text, cls, stoppers, west_lead, east_lead = c
            batch.append(
                (
                    n,
                    done + len(batch),
                    row.pattern,
                    text,
                    cls,
                    stoppers,
                    west_lead,
                    east_lead,
                    labels.get(row.maxmin) or labels.setdefault(row.maxmin, row.maxmin.ascii()),
                    labels.get(row.minmax) or labels.setdefault(row.minmax, row.minmax.ascii()),
                    row.t0,
                    row.h,
                    row.hbar,
                )
            )
            if len(batch) >= size:
                done = self._commit(n, batch, done, producer)
                batch = []
        return self._commit(n, batch, done, producer)

    def _commit(self, n: int, batch: list[tuple[object, ...]], done: int, producer: str) -> int:
        db = self._db
        new_done = done + len(batch)
        try:
            db.execute("BEGIN IMMEDIATE")
            try:
                db.executemany("INSERT INTO suits VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?)", batch)
                db.execute(
                    "INSERT INTO progress VALUES (?, ?, ?, ?) ON CONFLICT (n) DO UPDATE "
                    "SET done = excluded.done, producer = excluded.producer",
                    (n, new_done, count_patterns(n), producer),
                )
            except BaseException:
                db.execute("ROLLBACK")
                raise
            db.execute("COMMIT")
        except sqlite3.IntegrityError as exc:
            raise StoreError(
                f"the table store {self._name} already holds a suit being written "
                f"({exc}); it was written in another order — write a new store"
            ) from None
        except sqlite3.DatabaseError as exc:
            raise StoreError(f"cannot write the table store {self._name}: {exc}") from None
        return new_done

    # -- reading --------------------------------------------------------------------------
    def _damaged(self, where: str, exc: Exception) -> StoreError:
        return StoreError(f"{self._name} is a damaged table store: {where}{exc}")

    def _row(self, r: sqlite3.Row | tuple[object, ...]) -> SuitRow:
        """A stored row as a SuitRow; a StoreError naming the store and the row if a cell
        is not what the store writes (a damaged or edited file)."""
        try:
            return _row_of(r)
        except (WhistError, ValueError, TypeError) as exc:
            where = f"the row n = {quote(str(r[0]))}, place {quote(str(r[1]))}: "
            raise self._damaged(where, exc) from None

    def rows(self, n: int) -> Iterator[SuitRow]:
        """The stored suits of ``n`` cards a hand, in order (read as they are used)."""
        sql = f"SELECT {_COLUMNS} FROM suits WHERE n = ? ORDER BY idx"
        try:
            for r in self._db.execute(sql, (n,)):
                yield self._row(r)
        except sqlite3.DatabaseError as exc:
            raise StoreError(f"the table store {self._name} cannot be read: {exc}") from None

    def suit(self, pattern: str) -> SuitRow | None:
        """The stored row of one pattern, if the store holds it."""
        found = self._query(f"SELECT {_COLUMNS} FROM suits WHERE pattern = ?", (pattern,))
        return self._row(found[0]) if found else None

    def by_value(self, text: str | Value, n: int | None = None) -> list[SuitRow]:
        """Every stored suit whose value is ``text`` (any text form of a value), by n and
        then in order; raises :class:`~whistgui.engine.errors.NotationError` for bad text."""
        v = text if isinstance(text, Value) else Value.parse(text)
        sql = f"SELECT {_COLUMNS} FROM suits INDEXED BY suits_value WHERE value = ?"
        args: list[object] = [v.ascii()]
        if n is not None:
            sql += " AND n = ?"
            args.append(n)
        return [self._row(r) for r in self._query(sql + " ORDER BY n, idx", args)]

    def first_of_each_value(self, n: int | None = None) -> list[SuitRow]:
        """For each stored value, the first suit that has it — fewest cards first, then in
        the order of :func:`~whistgui.engine.tables.rows.patterns` — in the order of the
        values; with ``n``, among the suits of ``n`` cards a hand only."""
        if n is None:
            texts = self._query("SELECT DISTINCT value FROM suits")
            sql = f"SELECT {_COLUMNS} FROM suits WHERE value = ? ORDER BY n, idx LIMIT 1"
            rows = [self._row(self._query(sql, (t,))[0]) for (t,) in texts]
        else:
            texts = self._query(
                "SELECT DISTINCT value FROM suits INDEXED BY suits_value WHERE n = ?", (n,)
            )
            sql = (
                f"SELECT {_COLUMNS} FROM suits INDEXED BY suits_value "
                "WHERE value = ? AND n = ? ORDER BY idx LIMIT 1"
            )
            rows = [self._row(self._query(sql, (t, n))[0]) for (t,) in texts]
        return sorted(rows, key=lambda r: value_order(r.value))

    def count_by_value(self) -> dict[int, dict[Value, int]]:
        """For each n the store holds all of, how many suits have each value (every suit
        counts, whoever holds the top card), values in order."""
        done = set(self.finished())
        out: dict[int, dict[Value, int]] = {}
        for n, value, count in self._query(
            "SELECT n, value, COUNT(*) FROM suits GROUP BY n, value ORDER BY n"
        ):
            try:
                k = _int(n, "n")
                v = Value.parse(str(value))
            except (WhistError, ValueError) as exc:
                raise self._damaged(f"a row of n = {quote(str(n))}: ", exc) from None
            if k in done:
                out.setdefault(k, {})[v] = int(str(count))
        return {
            k: dict(sorted(m.items(), key=lambda kv: value_order(kv[0]))) for k, m in out.items()
        }

    def count_by_value_json(self) -> dict[str, dict[str, int]]:
        """:meth:`count_by_value` as ``whist table --count-by-value --json`` prints it: n as a
        string key, each value in ``whist value --json``'s text form."""
        return {
            str(n): {v.ascii(): c for v, c in m.items()} for n, m in self.count_by_value().items()
        }


def fill(
    store: TableStore,
    upto: int,
    rows: Callable[..., Iterable[SuitRow]] | None = None,
    *,
    should_stop: Callable[[], bool] | None = None,
    progress: Callable[[int, int, int], None] | None = None,
    on_done: Callable[[int, int], None] | None = None,
) -> list[int]:
    """Write every suit of n ≤ ``upto`` cards a hand that the store lacks, resuming where an
    earlier run stopped; returns the n the store then holds whole.

    ``rows(n, start=…, should_stop=…, progress=…)`` yields the suits of n (default: a
    :class:`~whistgui.engine.tables.rows.RowMaker`); ``progress(n, done, total)`` is told as
    it goes, ``on_done(n, written)`` when an n is finished."""
    maker = rows if rows is not None else RowMaker(should_stop=should_stop)
    name = maker.producer if isinstance(maker, RowMaker) else getattr(maker, "__name__", "")
    for n in range(1, upto + 1):
        have = store.progress(n)
        if have.finished:
            continue

        def told(done: int, total: int, n: int = n) -> None:
            if progress is not None:
                progress(n, done, total)

        made = maker(n, start=have.done, should_stop=should_stop, progress=told)
        store.write(n, made, start=have.done, producer=name)
        if on_done is not None:
            on_done(n, have.total - have.done)
    return store.finished()
