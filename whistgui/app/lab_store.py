"""The Single Suits window's view of a table store (Qt-free): the suits of one n as stored —
never recomputed — filtered by an SQL condition over the store's ``suits`` columns, in pages
fetched by rank ranges, so that any row of n = 16's 601 million is one small query away.

A listing is a :class:`StoreQuery` (n, the condition, the order). :func:`store_index` counts
its rows by *segments* — buckets of 2^shift consecutive ranks, and with a sort column by that
column's key and bucket — in one ``GROUP BY`` over the level (the count the window shows comes
with it; a whole level unfiltered in rank order needs no query). :func:`fetch_rows` finds the
segments a range of rows falls in and reads only their ranks: the parts and row groups outside
are skipped on their statistics (the files are in rank order). Measured on n = 16: the rows
500,000,000 to 500,002,000 by rank range in 0.03 s, by ``ORDER BY rank OFFSET`` in 127 s.

The condition is the user's SQL, run as ``WHERE n = ? AND (condition)`` over ``suits`` — the
store's view, made here with only the joins the condition names (the view joins three
dictionaries on every row: 189 s to count n = 16 through it, 0.5 s without for ``t0 > 2``).
A condition DuckDB refuses is a :class:`~whistgui.engine.tables.store.StoreError` quoting it.
Queries run on a cursor of their own, interrupted when ``should_stop`` says so
(:class:`~whistgui.engine.errors.Cancelled`).

Orders: by rank (the store's order, colex; ascending or descending), or by one of
:data:`SORT_KEYS` — value, maxmin, minmax (their exact order: the keys are order-preserving), T₀,
H, H̄ — equal keys in rank order, either way (as the computed list's stable sort).
"""

from __future__ import annotations

import re
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final

import numpy as np
import numpy.typing as npt

from whistgui.app.lab import LabTable, derived_columns, value_facts
from whistgui.engine.errors import Cancelled
from whistgui.engine.games.whist.keys import labeled_from_key, value_from_key
from whistgui.engine.games.whist.value import LabeledValue, Value
from whistgui.engine.reading import quote, quote_path
from whistgui.engine.tables.parquet_store import MAX_PARQUET_N, ParquetStore, open_store
from whistgui.engine.tables.rows import count_patterns
from whistgui.engine.tables.store import StoreError, store_word
from whistgui.engine.tables.store_sql import query_error, suits_select

__all__ = [
    "PAGE",
    "SORT_KEYS",
    "StoreIndex",
    "StoreQuery",
    "StoreSource",
    "check_condition",
    "fetch_rows",
    "store_index",
]

#: Rows fetched at once.
PAGE: Final = 512
#: The sort columns a listing can have besides rank: the raw columns whose integer order is
#: the column's (value and labeled keys are order-preserving).
SORT_KEYS: Final = ("value", "maxmin", "minmax", "t0", "h", "hbar")
#: Buckets of at least 2^16 ranks; a level has at most about 2^13 of them.
_MIN_SHIFT: Final = 16
_MAX_BUCKETS_BITS: Final = 13
#: How often a running query's cursor is checked for a stop (s).
_WATCH: Final = 0.05

_WORD: Final = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
_STRING: Final = re.compile(r"'(?:[^']|'')*'")
#: What a condition's parentheses are counted in: its strings, quoted names and comments
#: (each whole, or left open to the end), and the rest a character at a time.
_LEXEME: Final = re.compile(
    r"'(?:[^']|'')*'?|\"(?:[^\"]|\"\")*\"?|--[^\n]*|/\*(?:.|\n)*?(?:\*/|$)|.|\n", re.DOTALL
)
#: The reason DuckDB gives, cut at this many characters.
_REASON_CHARS: Final = 160

Ints = npt.NDArray[np.int64]


@dataclass(frozen=True, slots=True)
class StoreQuery:
    """What a listing of a store shows: the suits of ``n`` cards a hand for which
    ``condition`` (SQL over the ``suits`` columns; empty: every suit) holds, ordered by rank or
    by ``sort`` (one of :data:`SORT_KEYS`), ``descending`` or not."""

    n: int
    condition: str = ""
    sort: str | None = None
    descending: bool = False

    def __post_init__(self) -> None:
        if self.sort is not None and self.sort not in SORT_KEYS:
            raise ValueError(f"sort {self.sort!r}: expected None or one of {SORT_KEYS}")


@dataclass(frozen=True, eq=False)
class StoreIndex:
    """Where the rows of a listing are: segment k holds ``ends[k] - ends[k - 1]`` rows, the
    ranks of bucket ``buckets[k]`` (ranks ``b << shift`` to ``(b + 1) << shift``) whose sort
    key is ``keys[k]``, in the listing's order."""

    query: StoreQuery
    shift: int
    keys: Ints
    buckets: Ints
    ends: Ints

    @property
    def total(self) -> int:
        """How many suits the listing has."""
        return int(self.ends[-1]) if len(self.ends) else 0


def _shift(n: int) -> int:
    return max(_MIN_SHIFT, count_patterns(n).bit_length() - _MAX_BUCKETS_BITS)


def _names(condition: str) -> set[str]:
    """The words of ``condition`` outside its string literals, lower-cased (every column it
    may name, and more)."""
    return {w.lower() for w in _WORD.findall(_STRING.sub(" ", condition))}


def check_condition(condition: str) -> None:
    """:class:`StoreError` quoting ``condition`` if it cannot be only a condition: a
    parenthesis closed that it did not open, or one left open; a statement separator (``;``);
    a string, quoted name or ``/*`` comment left open. It is run inside ``WHERE n = ? AND (…)``
    — a condition that closed the parenthesis could add to the query around it.

    >>> check_condition("t0 > 2 AND (class = 'exit W' OR h < 0) -- mine")
    >>> check_condition("1=1) UNION ALL SELECT * FROM suits WHERE (1=1")
    Traceback (most recent call last):
    ...
    whistgui.engine.tables.store.StoreError: the condition '1=1) UNION ALL SELECT * FROM suits \
WHERE (1=1' closes a parenthesis it did not open (at character 4): a condition is one \
expression, its parentheses in pairs
    """
    depth, at = 0, 0
    for m in _LEXEME.finditer(condition):
        lexeme = m.group()
        at = m.start() + 1
        opened = {"'": "a string", '"': "a quoted name"}.get(lexeme[0])
        if opened and (len(lexeme) < 2 or lexeme[-1] != lexeme[0]):
            why = f"leaves {opened} open (from character {at}): close it with {lexeme[0]}"
        elif lexeme.startswith("/*") and not lexeme.endswith("*/"):
            why = f"leaves a /* comment open (from character {at}): close it with */"
        elif lexeme == ";":
            why = f"has a ';' (character {at}): a condition is one expression, not statements"
        elif lexeme == ")" and depth == 0:
            why = (
                f"closes a parenthesis it did not open (at character {at}): a condition is "
                "one expression, its parentheses in pairs"
            )
        else:
            depth += {"(": 1, ")": -1}.get(lexeme, 0)
            continue
        raise StoreError(f"the condition {quote(condition)} {why}")
    if depth > 0:
        many = "parenthesis" if depth == 1 else "parentheses"
        raise StoreError(
            f"the condition {quote(condition)} leaves {depth} {many} open: close each with )"
        )


def _reason(exc: Exception) -> str:
    """DuckDB's reason, on one line: its first, without the query it quotes."""
    said = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
    said = " ".join(said.split())
    return said if len(said) <= _REASON_CHARS else said[: _REASON_CHARS - 1] + "…"


def _relation(condition: str) -> str:
    """``suits`` for ``condition``: the store's view with the joins it names, and the raw keys
    (``value_key``, ``_maxmin``, ``_minmax``) a page is read from."""
    names = _names(condition) & _COMPUTED
    return f"WITH suits AS ({suits_select(_READ | names, _RAW_KEYS)}) "


def _where(query: StoreQuery) -> str:
    cond = query.condition.strip()
    return "WHERE n = ?" + (f" AND (\n{cond}\n)" if cond else "")  # a -- comment ends there


_SORT_SQL: Final = {"value": "value_key", "maxmin": "_maxmin", "minmax": "_minmax"}


def _key(query: StoreQuery) -> str:
    return _SORT_SQL.get(query.sort or "", query.sort or "0")


@dataclass(eq=False)
class StoreSource:
    """An open store as the window lists it: the store, read-only, and its dictionaries as
    :class:`~whistgui.app.lab.LabTable` wants them. Made and used on the engine's thread
    (each query on a cursor of its own); :meth:`close` when done.

    ``StoreSource(path)`` opens the store at ``path`` — a Parquet store's directory — or says
    why not (:class:`StoreError`: not a store, damaged, an SQLite store to convert)."""

    path: Path
    store: ParquetStore = field(init=False)
    #: n -> suits stored (whole parts), for every n begun (or damaged)
    stored: dict[int, int] = field(init=False)
    #: n -> what is wrong with its parts (the store refuses to read them)
    damaged: dict[int, str] = field(init=False)
    values: tuple[Value, ...] = field(init=False)
    labeled: tuple[LabeledValue, ...] = field(init=False)

    def __post_init__(self) -> None:
        shown = str(self.path)
        store = open_store(self.path)
        if not isinstance(store, ParquetStore):
            store.close()
            raise StoreError(
                f"{quote_path(shown)} is an SQLite table store of an earlier whist; the window "
                f"lists Parquet stores: 'whist table --convert {store_word(shown)} --store NEW' "
                "makes one of it (NEW a new directory)"
            )
        self.store = store
        try:
            self.damaged = {}
            for n in range(1, MAX_PARQUET_N + 1):
                try:
                    store.check_rows(n)
                except StoreError as exc:
                    self.damaged[n] = str(exc)
            self.stored = {p.n: p.done for p in store.all_progress()}
            self.stored = {n: self.stored.get(n, 0) for n in sorted({*self.stored, *self.damaged})}
            if not self.stored:
                raise StoreError(f"the table store {quote_path(shown)} holds no suits yet")
            con = store.connection()
            vkeys = [int(k) for (k,) in con.execute("SELECT key FROM value_dictionary").fetchall()]
            lkeys = [
                int(k) for (k,) in con.execute("SELECT key FROM labeled_dictionary").fetchall()
            ]
        except BaseException:
            store.close()
            raise
        vkeys.sort()
        lkeys.sort()
        self._vkeys = np.array(vkeys, dtype=np.int64)
        self._lkeys = np.array(lkeys, dtype=np.int64)
        self.values = tuple(value_from_key(k) for k in vkeys)
        self.labeled = tuple(labeled_from_key(k) for k in lkeys)
        self._kinds, self._kind_of, self._outcome = value_facts(self.values)
        self._lock = threading.Lock()

    @property
    def name(self) -> str:
        return self.path.name or str(self.path)

    def listable(self) -> list[int]:
        """The n with stored suits whose parts are whole."""
        return [n for n in sorted(self.stored) if n not in self.damaged]

    def check(self, n: int) -> None:
        """:class:`StoreError` if the store cannot list ``n`` (none stored, or damaged)."""
        if n in self.damaged:
            raise StoreError(self.damaged[n])
        if n not in self.stored:
            raise StoreError(
                f"the table store {quote_path(str(self.path))} holds no suit of n = {n} "
                f"(it holds n = {', '.join(map(str, sorted(self.stored)))})"
            )

    def run(
        self,
        sql: str,
        args: list[object],
        query: StoreQuery,
        should_stop: Callable[[], bool] | None = None,
        progress: Callable[[float], None] | None = None,
    ) -> dict[str, npt.NDArray[Any]]:
        """``sql`` on a cursor of its own, interrupted when ``should_stop`` says so
        (:class:`Cancelled`); ``progress(fraction)`` as DuckDB estimates it. A failure is a
        :class:`StoreError` quoting the listing's condition."""
        import duckdb

        with self._lock:  # cursors are made one at a time
            cur = self.store.connection().cursor()
        cur.execute("SET enable_progress_bar = true; SET enable_progress_bar_print = false")
        done = threading.Event()
        stopped: list[bool] = []

        def watch() -> None:
            while not done.wait(_WATCH):
                if should_stop is not None and should_stop():
                    stopped.append(True)
                    cur.interrupt()
                    return
                if progress is not None:
                    said = cur.query_progress()
                    if said >= 0:
                        progress(min(said / 100, 1.0))

        watcher = threading.Thread(target=watch, name="whistgui-store-watch", daemon=True)
        watcher.start()
        try:
            return cur.execute(sql, args).fetchnumpy()
        except duckdb.Error as exc:
            if stopped or isinstance(exc, duckdb.InterruptException):
                raise Cancelled(f"stopped listing n = {query.n} of the store") from None
            if isinstance(exc, duckdb.OutOfMemoryException):
                raise query_error(f"listing n = {query.n}", exc) from None
            said = _reason(exc)
            if query.condition.strip():
                refused = isinstance(exc, duckdb.ParserException | duckdb.BinderException)
                what = "is not valid SQL" if refused else "failed"
                raise StoreError(f"the condition {quote(query.condition)} {what}: {said}") from None
            raise StoreError(
                f"the table store {quote_path(str(self.path))} cannot be read: {said}"
            ) from None
        finally:
            done.set()
            watcher.join()
            cur.close()

    def table(self, cols: dict[str, npt.NDArray[Any]]) -> LabTable:
        """The rows read (one n) as a :class:`~whistgui.app.lab.LabTable`, in their order."""
        size = len(cols["mask"])
        n = int(cols["n"][0]) if size else 1
        value_id = np.searchsorted(self._vkeys, cols["value_key"]).astype(np.int32)
        t0, h, hbar = (np.asarray(cols[c], dtype=np.int8) for c in ("t0", "h", "hbar"))
        arrays: dict[str, npt.NDArray[Any]] = {
            "n": np.full(size, n, dtype=np.int8),
            "mask": np.asarray(cols["mask"]).astype(np.uint64),
            "value_id": value_id,
            "maxmin_id": np.searchsorted(self._lkeys, cols["_maxmin"]).astype(np.int32),
            "minmax_id": np.searchsorted(self._lkeys, cols["_minmax"]).astype(np.int32),
            **derived_columns(n, value_id, t0, h, hbar, self._kind_of, self._outcome),
        }
        return LabTable(
            **arrays,
            values=self.values,
            labeled=self.labeled,
            kinds=self._kinds,
            value_rank=np.arange(len(self.values), dtype=np.int32),
            labeled_rank=np.arange(len(self.labeled), dtype=np.int32),
            spans={n: (0, size)},
        )

    def close(self) -> None:
        self.store.close()


def store_index(
    source: StoreSource,
    query: StoreQuery,
    should_stop: Callable[[], bool] | None = None,
    progress: Callable[[float], None] | None = None,
) -> StoreIndex:
    """Count the rows of ``query`` by segment (one query over the level; none for a whole
    level unfiltered in rank order); :class:`StoreError` for a condition that is not one
    (:func:`check_condition`) or that DuckDB refuses."""
    check_condition(query.condition)
    source.check(query.n)
    shift = _shift(query.n)
    whole = source.stored[query.n] == count_patterns(query.n)
    if whole and not query.condition.strip() and query.sort is None:
        buckets = np.arange(((count_patterns(query.n) - 1) >> shift) + 1, dtype=np.int64)
        counts = np.full(len(buckets), 1 << shift, dtype=np.int64)
        counts[-1] = count_patterns(query.n) - (int(buckets[-1]) << shift)
        keys = np.zeros(len(buckets), dtype=np.int64)
    else:
        key = _key(query)
        found = source.run(
            f"{_relation(query.condition)}SELECT {key} AS k, rank >> {shift} AS b, "
            f"count(*) AS c FROM suits {_where(query)} GROUP BY k, b",
            [query.n],
            query,
            should_stop,
            progress,
        )
        keys = np.asarray(found["k"], dtype=np.int64)
        buckets = np.asarray(found["b"], dtype=np.int64)
        counts = np.asarray(found["c"], dtype=np.int64)
    if query.sort is None:
        order = np.argsort(-buckets if query.descending else buckets, kind="stable")
    else:  # the key's order (either way), then rank
        order = np.lexsort((buckets, -keys if query.descending else keys))
    return StoreIndex(query, shift, keys[order], buckets[order], np.cumsum(counts[order]))


def fetch_rows(
    source: StoreSource,
    index: StoreIndex,
    start: int,
    stop: int,
    should_stop: Callable[[], bool] | None = None,
) -> LabTable:
    """Rows ``start`` to ``stop`` of the listing ``index`` counted, as a
    :class:`~whistgui.app.lab.LabTable` (one query over the ranks of their segments)."""
    query = index.query
    stop = min(stop, index.total)
    if not 0 <= start < stop:
        return source.table({c: np.zeros(0, dtype=np.int64) for c in _PAGE_COLUMNS})
    first = int(np.searchsorted(index.ends, start, side="right"))
    last = int(np.searchsorted(index.ends, stop - 1, side="right"))
    before = int(index.ends[first - 1]) if first else 0
    # segments of one key and adjacent buckets make one rank range (either way); the others
    # stay apart, their ranges OR-ed: the scan skips the ranks between (a sparse filter's
    # 12 rows of n = 14 in 8 buckets: 0.3 s; one range from the first to the last: 12 s)
    ranges: list[tuple[int, int, int]] = []
    for k in range(first, last + 1):
        key, b = int(index.keys[k]), int(index.buckets[k])
        lo, hi = b << index.shift, (b + 1) << index.shift
        if ranges and ranges[-1][0] == key and (ranges[-1][2] == lo or ranges[-1][1] == hi):
            _, a, z = ranges[-1]
            ranges[-1] = (key, min(a, lo), max(z, hi))
        else:
            ranges.append((key, lo, hi))
    sortkey = _key(query)
    terms = " OR ".join(
        f"(rank >= ? AND rank < ?{' AND ' + sortkey + ' = ?' if query.sort else ''})"
        for _ in ranges
    )
    args: list[object] = [query.n]
    for key, lo, hi in ranges:
        args += [lo, hi] + ([key] if query.sort else [])
    rank_order = "rank DESC" if query.descending and query.sort is None else "rank"
    order = (
        f"{sortkey} {'DESC' if query.descending else ''}, {rank_order}"
        if query.sort
        else rank_order
    )
    found = source.run(
        f"{_relation(query.condition)}SELECT {', '.join(_PAGE_COLUMNS)} FROM suits "
        f"{_where(query)} AND ({terms}) ORDER BY {order}",
        args,
        query,
        should_stop,
    )
    cut = {c: np.asarray(a)[start - before : stop - before] for c, a in found.items()}
    return source.table(cut)


#: The columns of ``suits`` a listing always reads; those it computes or joins only when the
#: condition names them; and the raw keys a page is read from.
_READ: Final = frozenset({"n", "rank", "mask", "value_key", "t0", "h", "hbar"})
_COMPUTED: Final = frozenset(
    {"pattern", "lex", "value", "class", "stoppers", "west_lead", "east_lead", "maxmin", "minmax"}
)
_RAW_KEYS: Final = ("r.maxmin AS _maxmin", "r.minmax AS _minmax")
_PAGE_COLUMNS: Final = ("n", "mask", "value_key", "_maxmin", "_minmax", "t0", "h", "hbar")
