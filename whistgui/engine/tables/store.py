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
A store whose progress records are damaged, or whose rows of an n are not as many as its record
claims (rows deleted or added by hand), is refused by a query of that n saying so; the next
:func:`fill` (``whist table --upto N --store FILE``) writes the suits of such an n again.
"""

from __future__ import annotations

import os
import re
import sqlite3
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from functools import cmp_to_key
from pathlib import Path
from types import TracebackType
from typing import Final, Self

from whistgui.engine.errors import NotationError, WhistError
from whistgui.engine.games.whist.describe import describe
from whistgui.engine.games.whist.value import LabeledValue, Value
from whistgui.engine.reading import PATH_QUOTE_LIMIT, quote, quote_path
from whistgui.engine.tables.rows import RowMaker, SuitRow, count_patterns, whist_tricks
from whistgui.engine.trick.cards import Player

__all__ = [
    "APPLICATION",
    "SCHEMA_VERSION",
    "LockedStore",
    "Progress",
    "StoreError",
    "TableStore",
    "counts_json",
    "fill",
    "no_suits_error",
    "sorted_counts",
    "store_cells",
    "store_word",
    "value_class",
    "value_order",
]

APPLICATION: Final = "whistgui single-suit table"
SCHEMA_VERSION: Final = 1
#: Rows written per transaction: an interrupted run loses at most this many.
CHUNK: Final = 4096
#: The largest n a progress record may name: C(64, 32) ≈ 1.8 × 10¹⁸ suits, more rows than an
#: SQLite table holds (the producers stop at 12).
MAX_STORE_N: Final = 32
#: How long a writer waits for the writer lock before it says another run is writing: a
#: query holds the lock shared for an instant to see whether a run is writing.
_LOCK_WAIT: Final = 0.2

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
    if not isinstance(cell, str) or _INT_RE.fullmatch(cell) is None:
        # a cell as stored: a number as itself (12.5), text quoted ('12x')
        raise NotationError(f"{what} {quote(cell)} is not an integer of at most 9 digits")
    return int(cell)


def _whole(cell: object) -> int | None:
    """A cell that is an integer (a column of integers keeps text that is not one as text)."""
    return cell if isinstance(cell, int) and not isinstance(cell, bool) else None


def _check_n(n: object) -> int:
    """``n``, a number of cards a hand a store may hold; TypeError or StoreError otherwise
    (C(2n, n) of a huge n would never be worked out)."""
    if not isinstance(n, int) or isinstance(n, bool):
        raise TypeError(f"n must be a number of cards a hand (an int), not {quote(n)}")
    if not 1 <= n <= MAX_STORE_N:
        raise StoreError(f"n = {n:,} cards a hand; a table store holds 1 to {MAX_STORE_N}")
    return n


def _row_of(r: sqlite3.Row | tuple[object, ...]) -> SuitRow:
    n, idx, pattern, value, maxmin, minmax, t0, h, hbar = r
    k = _int(n, "n")
    _int(idx, "its place")  # the order of the rows
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


def store_word(name: str) -> str:
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
    deadline = time.monotonic() + _LOCK_WAIT
    while True:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            return fd
        except BlockingIOError:  # held: by a writer, or for an instant by a query's look
            if time.monotonic() < deadline:
                time.sleep(0.01)
                continue
        except OSError:
            pass
        os.close(fd)
        raise StoreError(
            f"another run is writing the table store {quote_path(shown)}; let it finish (or "
            "stop it: the store resumes) and run this again"
        )


def _being_written(path: Path) -> bool:
    """Whether a run holds the writer lock of ``path`` now (:func:`_writer_lock`): a shared
    ``flock`` of it is refused. False where the system has no ``flock``."""
    try:
        import fcntl
    except ImportError:  # not POSIX
        return False
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_CLOEXEC", 0))
    except OSError:
        return False
    try:
        fcntl.flock(fd, fcntl.LOCK_SH | fcntl.LOCK_NB)
    except BlockingIOError:
        return True
    except OSError:
        return False
    finally:
        os.close(fd)  # and with it the shared lock
    return False


def no_suits_error(shown: str, n: int, holdings: str, *, being_written: bool) -> StoreError:
    """What a store ``shown`` holding no suit of ``n`` (it holds ``holdings``) says: ask again
    when the run ``being_written`` has finished, else the command that writes them."""
    if being_written:
        return StoreError(
            f"the table store {quote_path(shown)} holds no suit of {n} cards a hand yet: "
            f"another run is writing it (so far it holds {holdings}); ask again when "
            "that run has finished"
        )
    return StoreError(
        f"the table store {quote_path(shown)} holds no suit of {n} cards a hand (it holds "
        f"{holdings}); 'whist table --upto {n} --store {store_word(shown)}' writes "
        "them"
    )


def sorted_counts(counts: dict[int, dict[Value, int]]) -> dict[int, dict[Value, int]]:
    """Counts by value of each n, n in order and each n's values in :data:`value_order`."""
    return {
        k: dict(sorted(m.items(), key=lambda kv: value_order(kv[0])))
        for k, m in sorted(counts.items())
    }


def counts_json(counts: dict[int, dict[Value, int]]) -> dict[str, dict[str, int]]:
    """Counts by value as ``whist table --count-by-value --json`` prints them: n as a string
    key, each value in ``whist value --json``'s text form."""
    return {str(n): {v.ascii(): c for v, c in m.items()} for n, m in counts.items()}


class LockedStore:
    """What both table stores do alike in their life: a store opened to write holds the
    writer's lock (:func:`_writer_lock`'s descriptor) until :meth:`close`, and ``with``
    closes the store."""

    _lock: int | None

    def close(self) -> None:
        self._unlock()

    def _unlock(self) -> None:
        if self._lock is not None:
            os.close(self._lock)  # closing the descriptor releases its lock
            self._lock = None

    def __enter__(self) -> Self:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()


def _suits(count: int) -> str:
    return f"{count:,} suit" if count == 1 else f"{count:,} suits"


def _claim(claimed: object, verb: str = "claims") -> str:
    """What the progress record of an n claims, for a message: ``its progress record claims
    252`` (no record: ``no progress record of them``)."""
    if claimed is None:
        return "no progress record of them" if verb == "claims" else "no progress record"
    return f"its progress record {verb} {quote(claimed)}"


def _version_text(cell: object) -> str:
    """A schema version as stored (the ``meta`` table keeps text): a number written as one
    (``2``), anything else quoted (``'2b'``, ``None``)."""
    if isinstance(cell, str) and cell.isascii() and cell.isdigit() and len(cell) <= 9:
        return str(int(cell))
    return quote(cell)


class TableStore(LockedStore):
    """A single-suit table in an SQLite file.

    ``TableStore(path)`` opens an existing store (read-only unless ``create``);
    ``TableStore(path, create=True)`` creates the file if it is missing or empty. Use it as a
    context manager, or :meth:`close` it.
    """

    def __init__(self, path: str | Path, *, create: bool = False) -> None:
        self.path = Path(path)
        self.writable = create
        #: The n whose rows :meth:`check_rows` found as many as their records claim (all n).
        self._checked: set[int] = set()
        self._checked_all = False
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
                f"'whist table --upto N --store {store_word(shown)}'"
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
                        f"'whist table --upto N --store {store_word(shown)}'"
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
                    f"(its application is {quote(meta.get('application'))})"
                )
            schema = meta.get("schema")
            if schema != str(SCHEMA_VERSION):
                raise StoreError(
                    f"{name} is a table store of schema version {_version_text(schema)}; this "
                    f"whist reads version {SCHEMA_VERSION} (write a new store)"
                )
            missing = {"suits", "progress"} - tables
            if missing:
                tables_text = " and ".join(repr(t) for t in sorted(missing))
                raise StoreError(
                    f"{name} is a damaged table store: it has no {tables_text} table (write a "
                    "new store)"
                )
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

    def _query(self, sql: str, args: Sequence[object] = ()) -> list[tuple[object, ...]]:
        try:
            return self._db.execute(sql, args).fetchall()
        except sqlite3.DatabaseError as exc:
            raise StoreError(f"the table store {self._name} cannot be read: {exc}") from None

    # -- writing --------------------------------------------------------------------------
    def progress(self, n: int) -> Progress:
        """How many suits of ``n`` cards a hand the store holds (a resumed write starts there);
        a :class:`StoreError` saying so if its progress record is damaged."""
        _check_n(n)
        rows = self._query("SELECT n, done, total FROM progress WHERE n = ?", (n,))
        if not rows:
            return Progress(n, 0, count_patterns(n))
        return self._progress_of(*rows[0])

    def all_progress(self) -> list[Progress]:
        """Every n the store has begun, in order; a :class:`StoreError` saying so if a
        progress record is damaged."""
        rows = self._query("SELECT n, done, total FROM progress ORDER BY n")
        return [self._progress_of(*r) for r in rows]

    def _record(self, n_cell: object, done: object, total: object) -> Progress | str:
        """The progress record (``n``, ``done``, ``total``) as read, or what is wrong with it."""
        n = _whole(n_cell)
        if n is None or not 1 <= n <= MAX_STORE_N:
            return (
                f"its progress record names n = {quote(n_cell)}; expected a number of cards "
                f"from 1 to {MAX_STORE_N}"
            )
        suits = count_patterns(n)
        if _whole(total) != suits:
            return (
                f"its progress record of n = {n} counts {quote(total)} suits in all; there "
                f"are {suits:,}"
            )
        d = _whole(done)
        if d is None or not 0 <= d <= suits:
            return (
                f"its progress record of n = {n} says {quote(done)} suits are written; expected "
                f"0 to {suits:,}"
            )
        return Progress(n, d, suits)

    def _progress_of(self, n: object, done: object, total: object) -> Progress:
        record = self._record(n, done, total)
        if isinstance(record, str):
            raise self._damage(record, _whole(n))
        return record

    def _damage(self, what: str, n: int | None) -> StoreError:
        """The message of a damaged store: ``what`` is wrong, and the command that writes the
        suits of ``n`` again (or, for damage no n names, that a new store is needed)."""
        if n is not None and 1 <= n <= MAX_STORE_N:
            word = store_word(str(self.path))
            todo = f"'whist table --upto {n} --store {word}' writes the suits of n = {n} again"
        else:
            todo = "write a new store"
        return StoreError(f"{self._name} is a damaged table store: {what}; {todo}")

    def being_written(self) -> bool:
        """Whether another run is writing the store now (it holds the writer lock); what the
        store holds may grow while it is read. False for the writer itself."""
        return self._lock is None and _being_written(self.path)

    def _miscounts(self, n: int | None = None) -> list[tuple[object, int, object]]:
        """``(n, rows found, rows its progress record claims)`` for each n (or just ``n``)
        whose rows are not as many as its record claims (rows deleted, or added, by hand) —
        counted in one statement, so a run writing meanwhile cannot make them differ."""
        if n is None:
            found = self._query(
                "SELECT n, SUM(found), MAX(claimed) FROM ("
                "SELECT n, COUNT(*) AS found, NULL AS claimed FROM suits GROUP BY n "
                "UNION ALL SELECT n, 0, done FROM progress) GROUP BY n ORDER BY n"
            )
        else:
            found = self._query(
                "SELECT ?, (SELECT COUNT(*) FROM suits WHERE n = ?), "
                "(SELECT done FROM progress WHERE n = ?)",
                (n, n, n),
            )
        out: list[tuple[object, int, object]] = []
        for k, count, claimed in found:
            rows = _whole(count) or 0
            if rows != (0 if claimed is None else claimed):
                out.append((k, rows, claimed))
        return out

    def check_rows(self, n: int | None = None) -> None:
        """Raise :class:`StoreError` if the store is damaged: a progress record that is not
        one the store writes, or rows of ``n`` (of any n) not as many as their progress record
        claims; the message names n, the rows found and the rows claimed, and the command that
        writes them again. Checked once for each n a store object is asked about."""
        if (n is None and self._checked_all) or n in self._checked:
            return
        if n is not None:
            _check_n(n)
        self.all_progress()  # each record is one the store writes
        for k, found, claimed in self._miscounts(n):
            raise self._damage(
                f"it holds {_suits(found)} of n = {quote(k)} but {_claim(claimed)}", _whole(k)
            )
        if n is None:
            self._checked_all = True
        else:
            self._checked.add(n)

    def repair(self, upto: int) -> list[tuple[int, str]]:
        """Make the suits of each n ≤ ``upto`` whose progress record is damaged, or whose rows
        are not as many as it claims, be written again: their rows and record deleted (one
        transaction). Returns each such n with what was wrong."""
        if not self.writable:
            raise StoreError(f"the table store {self._name} was opened read-only")
        wrong: list[tuple[int, str]] = []
        for n in range(1, min(upto, MAX_STORE_N) + 1):
            record = self._query("SELECT n, done, total FROM progress WHERE n = ?", (n,))
            read = self._record(*record[0]) if record else None
            damage = read if isinstance(read, str) else None
            if damage is None:
                for _, found, claimed in self._miscounts(n):
                    damage = f"it held {_suits(found)} of n = {n} but {_claim(claimed, 'claimed')}"
            if damage is None:
                continue
            try:
                self._db.execute("BEGIN IMMEDIATE")
                # and the rows of n's length whose n is not a number (they hold its patterns)
                self._db.execute(
                    "DELETE FROM suits WHERE n = ? OR (typeof(n) != 'integer' AND "
                    "length(pattern) = ?)",
                    (n, 2 * n),
                )
                self._db.execute("DELETE FROM progress WHERE n = ?", (n,))
                self._db.execute("COMMIT")
            except sqlite3.DatabaseError as exc:
                if self._db.in_transaction:
                    self._db.execute("ROLLBACK")
                raise StoreError(f"cannot write the table store {self._name}: {exc}") from None
            wrong.append((n, damage))
        self._checked.clear()
        self._checked_all = False
        return wrong

    def finished(self) -> list[int]:
        """The n whose suits the store holds all of."""
        return [p.n for p in self.all_progress() if p.finished]

    def holdings(self) -> str:
        """What the store holds whole, for a message: "every suit of n ≤ 8", "no whole n"."""
        done = self.finished()
        return f"every suit of n ≤ {max(done)}" if done else "no whole n"

    def check_holds(self, n: int) -> None:
        """Raise :class:`StoreError` if the store holds no suit of ``n`` cards a hand (a
        query would answer with nothing), saying what it holds and how to write them; or if
        it holds them damaged (:meth:`check_rows`)."""
        _check_n(n)
        self.check_rows(n)
        if self.progress(n).done > 0:
            return
        raise no_suits_error(str(self.path), n, self.holdings(), being_written=self.being_written())

    def _check_resume(self, n: int, start: int) -> None:
        """Raise :class:`StoreError` unless the store is open to write and a write of the
        suits of ``n`` resumes at ``start``, the number of them it holds."""
        if not self.writable:
            raise StoreError(f"the table store {self._name} was opened read-only")
        have = self.progress(n)
        if start != have.done:
            raise StoreError(
                f"the table store {self._name} holds {have.done} suits of {n} cards a "
                f"hand; a write must resume at {have.done}, not {start}"
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
        self._check_resume(n, start)
        size = chunk if chunk is not None else CHUNK
        done = start
        batch: list[tuple[object, ...]] = []
        for cells in store_cells(n, rows, start):
            batch.append(cells)
            if len(batch) >= size:
                done = self._commit(n, batch, done, producer)
                batch = []
        return self._commit(n, batch, done, producer)

    def write_cells(
        self,
        n: int,
        batches: Iterable[list[tuple[object, ...]]],
        *,
        start: int = 0,
        producer: str = "",
    ) -> int:
        """:meth:`write`, of rows made into the store's cells elsewhere (:func:`store_cells`,
        on a cluster's workers): each batch, the next suits of ``n`` in order from the
        ``start``-th on, in one transaction with the progress; returns how many suits of ``n``
        the store then holds."""
        self._check_resume(n, start)
        done = start
        for batch in batches:
            if batch and (batch[0][0] != n or batch[0][1] != done):
                raise StoreError(
                    f"a batch of suits n = {quote(batch[0][0])} from place {quote(batch[0][1])} "
                    f"where the suits of n = {n} from place {done} come next"
                )
            done = self._commit(n, batch, done, producer)
        return done

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
            where = f"the row n = {quote(r[0])}, place {quote(r[1])}: "
            raise self._damaged(where, exc) from None

    def rows(self, n: int, start: int = 0, stop: int | None = None) -> Iterator[SuitRow]:
        """The stored suits of ``n`` cards a hand, in order (read as they are used); with
        ``start`` and ``stop``, those whose place is in ``range(start, stop)`` (a chunk)."""
        self.check_rows(n)
        sql = f"SELECT {_COLUMNS} FROM suits WHERE n = ? AND idx >= ? AND idx < ? ORDER BY idx"
        end = count_patterns(n) if stop is None else stop
        try:
            for r in self._db.execute(sql, (n, start, end)):
                yield self._row(r)
        except sqlite3.DatabaseError as exc:
            raise StoreError(f"the table store {self._name} cannot be read: {exc}") from None

    def suit(self, pattern: str) -> SuitRow | None:
        """The stored row of one pattern, if the store holds it."""
        n = len(pattern) // 2
        if 1 <= n <= MAX_STORE_N:
            self.check_rows(n)
        found = self._query(f"SELECT {_COLUMNS} FROM suits WHERE pattern = ?", (pattern,))
        return self._row(found[0]) if found else None

    def by_value(self, text: str | Value, n: int | None = None) -> list[SuitRow]:
        """Every stored suit whose value is ``text`` (any text form of a value), by n and
        then in order; raises :class:`~whistgui.engine.errors.NotationError` for bad text."""
        v = text if isinstance(text, Value) else Value.parse(text)
        self.check_rows(n)
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
        self.check_rows(n)
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
        self.check_rows()
        done = set(self.finished())
        out: dict[int, dict[Value, int]] = {}
        # in the value index's order: no sorting, which would copy each value (a damaged
        # store's cell of 20 MB took 340 MB ordered by n)
        for n, value, count in self._query(
            "SELECT n, value, COUNT(*) FROM suits INDEXED BY suits_value GROUP BY value, n"
        ):
            try:
                k = _int(n, "n")
                v = Value.parse(str(value))
            except (WhistError, ValueError) as exc:
                raise self._damaged(f"a row of n = {quote(n)}: ", exc) from None
            if k in done:
                out.setdefault(k, {})[v] = int(str(count))
        return sorted_counts(out)

    def count_by_value_json(self) -> dict[str, dict[str, int]]:
        """:meth:`count_by_value` as ``whist table --count-by-value --json`` prints it: n as a
        string key, each value in ``whist value --json``'s text form."""
        return counts_json(self.count_by_value())


def store_cells(n: int, rows: Iterable[SuitRow], start: int = 0) -> Iterator[tuple[object, ...]]:
    """The suits of ``rows`` (of ``n`` cards a hand, the first at place ``start``) as the
    store's table keeps them: one tuple of its columns a suit (what :meth:`TableStore.write`
    commits, and :meth:`TableStore.write_cells` when workers made them)."""
    classes: dict[Value, tuple[str, str, int, int, int]] = {}
    labels: dict[LabeledValue, str] = {}
    for place, row in enumerate(rows, start):
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
        yield (
            n,
            place,
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
    earlier run stopped, and again those of an n the store holds damaged
    (:meth:`TableStore.repair`); returns the n the store then holds whole.

    ``rows(n, start=…, should_stop=…, progress=…)`` yields the suits of n (default: a
    :class:`~whistgui.engine.tables.rows.RowMaker`); ``progress(n, done, total)`` is told as
    it goes, ``on_done(n, written)`` when an n is finished."""
    maker = rows if rows is not None else RowMaker(should_stop=should_stop)
    name = maker.producer if isinstance(maker, RowMaker) else getattr(maker, "__name__", "")
    store.repair(upto)  # a damaged n is written again
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
