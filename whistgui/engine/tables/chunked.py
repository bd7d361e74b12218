"""The single-suit table's work in chunks, where a :class:`~whistgui.engine.tables.cluster.
ChunkRunner` runs them — in this process, or on the workers of a Dask cluster: the statements of
:mod:`~whistgui.engine.tables.conjectures` checked by the values (:func:`check_in_chunks`), and
the rows of a table store made into its cells while the one writer writes them in order
(:func:`fill_in_chunks`).

The level recursion splits: the suits of n cards a hand need, of all the others, only the values
of the suits of n − 1 (Conjecture 18.3 by the values reads West's tricks after the first trick
from them). So each level is cut into chunks of ranks — ``check_chunk(n, start, stop, source,
level n − 1)``, a pure task — that run anywhere and in any order; what they found is added up in
the order of the chunks, so the report is the single-process one, counterexamples and all, and
each chunk's values (2 bytes a suit, codes into a dictionary of value texts) make the
:class:`Level` the next level's chunks are given.

>>> from whistgui.engine.tables.cluster import ChunkRunner
>>> from whistgui.engine.tables.conjectures import check
>>> check_in_chunks(5, 2, 2, runner=ChunkRunner(), chunk=50).json() == check(5, 2, 2).json()
True
"""

from __future__ import annotations

import os
import threading
from array import array
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from itertools import islice
from typing import TYPE_CHECKING, Any, Final

from whistgui.engine.errors import ArgumentError, ArgumentTypeError, TheoryError
from whistgui.engine.games.whist.value import Value
from whistgui.engine.reading import quote
from whistgui.engine.tables.cluster import ChunkRunner, Task
from whistgui.engine.tables.conjectures import (
    _BY_VALUES,
    KEEP,
    Check,
    ConjectureReport,
    Counterexample,
    NormalCard,
    Progress,
    Suits,
    _by_search,
    _check_row,
    _checks,
    _level_checked,
    _rows_upto,
    check_value_counts,
    counts_from_rows,
    store_value_counts,
)
from whistgui.engine.tables.open_questions import OpenQuestions
from whistgui.engine.tables.rows import (
    RowMaker,
    SuitRow,
    count_patterns,
    patterns,
    r43_arrays,
    whist_tricks,
)
from whistgui.engine.trick.solver import Solver

if TYPE_CHECKING:
    from whistgui.engine.tables.parquet_store import Store
    from whistgui.engine.tables.store import TableStore

__all__ = [
    "CHECK_CHUNK",
    "ChunkChecks",
    "Level",
    "RowSource",
    "cells_chunk",
    "check_chunk",
    "check_in_chunks",
    "fill_in_chunks",
]

#: Suits in a chunk of the checks by the values: a few seconds of work (some 150 µs a suit).
CHECK_CHUNK: Final = 16_384


@dataclass(frozen=True, slots=True)
class RowSource:
    """Where a chunk's suits come from, as any worker finds them: made there by a
    :class:`~whistgui.engine.tables.rows.RowMaker` of ``producer``, or read from the table
    store at ``store`` (a path every worker sees: shared storage on a cluster) — a Parquet
    store's directory (the suits of a chunk taken in listing order by DuckDB, their value keys
    made values through the store's dictionary) or an SQLite store's file."""

    producer: str = "auto"
    store: str | None = None

    def rows(self, n: int, start: int, stop: int) -> Iterator[SuitRow]:
        """The suits of ``n`` cards a hand whose place is in ``range(start, stop)``."""
        return _HERE.rows(self, n, start, stop)

    @property
    def name(self) -> str:
        """What makes the suits, for a report: ``store``, or the producer."""
        return "store" if self.store is not None else _HERE.maker(self.producer).producer


@dataclass(frozen=True, slots=True)
class Level:
    """The values of every suit of ``n`` cards a hand, as the chunks of the next level need
    them: a code a suit (2 bytes, in the order of :func:`~whistgui.engine.tables.rows.patterns`)
    into ``values``, the value texts; ``token`` names the level for a worker's cache."""

    n: int
    codes: array[int]
    values: tuple[str, ...]
    token: str


@dataclass(frozen=True, slots=True)
class ChunkChecks:
    """What the statements by the values found on a chunk — for each, (suits or leads checked,
    failures, the first :data:`KEEP` counterexamples) — and the chunk's values as codes into
    ``values`` (a dictionary of its own)."""

    n: int
    start: int
    seen: int
    found: dict[str, tuple[int, int, list[Counterexample]]]
    codes: array[int]
    values: tuple[str, ...]


def check_chunk(
    n: int, start: int, stop: int, source: RowSource, before: Level | None
) -> ChunkChecks:
    """The statements by the values on the suits of ``n`` cards a hand placed in
    ``range(start, stop)``, taken from ``source``; ``before`` is level n − 1 (None for n = 1).
    A pure task: it reads its arguments and what ``source`` names, writes nothing."""
    if (before.n if before is not None else 0) != n - 1:
        had = f"of n = {before.n}" if before is not None else "none"
        raise ArgumentError(f"the suits of n = {n} need the level of n = {n - 1}, not {had}")
    after = _HERE.outcomes(before)
    checks = {k: Check(k, "", "values", "") for k in _BY_VALUES}

    def by_values(suits: Suits) -> tuple[int, int]:
        return after[suits[0]] if suits else (0, 0)

    ids: dict[Value, int] = {}
    texts: list[str] = []
    outcomes: list[tuple[int, int]] = []
    codes: array[int] = array("H")
    seen = 0
    for row in source.rows(n, start, stop):
        seen += 1
        code = ids.get(row.value)
        if code is None:
            if len(texts) > 0xFFFF:
                raise TheoryError(f"more than 65,536 values among the suits of n = {n}")
            code = ids[row.value] = len(texts)
            texts.append(row.value.ascii())
            outcomes.append(whist_tricks(row.value))
        codes.append(code)
        _check_row(checks, row, outcomes[code], by_values)
    found = {k: (c.checked, c.found, c.counterexamples) for k, c in checks.items()}
    return ChunkChecks(n, start, seen, found, codes, tuple(texts))


def check_in_chunks(
    upto: int,
    search_upto: int = 0,
    two_suit_upto: int = 0,
    *,
    runner: ChunkRunner,
    source: RowSource | None = None,
    chunk: int = CHECK_CHUNK,
    solver: Solver | None = None,
    tricks: Callable[[Suits], tuple[int, int]] | None = None,
    normal: NormalCard | None = None,
    progress: Progress | None = None,
    should_stop: Callable[[], bool] | None = None,
    rows_upto: int | None = None,
    questions: OpenQuestions | None = None,
) -> ConjectureReport:
    """:func:`~whistgui.engine.tables.conjectures.check`, with the statements by the values
    checked in chunks of ``chunk`` suits where ``runner`` runs them, each chunk taking its suits
    from ``source`` (default: made there by the kernel) and the values of the level before;
    the same report. The statements by search run here, on the suits of n ≤ ``search_upto``
    taken from ``source``. Beyond ``rows_upto``, Conjectures 18.1 and 18.2 are checked here
    once a value (:func:`~whistgui.engine.tables.conjectures.check_value_counts`), counted by
    a store's footers, or from the suits made here. The open questions (``questions``) run
    here too, in this process."""
    if not (hasattr(runner, "run") and hasattr(runner, "share")):
        raise ArgumentTypeError(f"runner must be a ChunkRunner, not {quote(runner)}")
    checks = _checks(upto, search_upto)
    src = source or RowSource()
    last = _rows_upto(upto, search_upto, rows_upto)
    small = _by_values_in_chunks(
        checks, last, search_upto, runner, src, chunk, progress, should_stop
    )
    if last < upto:
        _by_value_counts(checks, last, upto, src, progress, should_stop)
    return _by_search(
        checks,
        upto,
        search_upto,
        two_suit_upto,
        small,
        solver,
        tricks,
        normal,
        progress,
        should_stop,
        questions,
    )


def _by_values_in_chunks(
    checks: dict[str, Check],
    upto: int,
    keep_upto: int,
    runner: ChunkRunner,
    source: RowSource,
    size: int,
    progress: Progress | None,
    should_stop: Callable[[], bool] | None,
) -> dict[int, list[SuitRow]]:
    """The statements by the values up to ``upto``, level by level, each level's chunks run by
    ``runner`` with the level before shared with its workers; the rows of n ≤ ``keep_upto``
    (for the search)."""
    if not isinstance(size, int) or size < 1:
        raise ArgumentError(f"chunk must be a positive number of suits, not {size!r}")
    before: Level | None = None
    for n in range(1, upto + 1):
        total = count_patterns(n)
        shared = runner.share(before) if before is not None else None
        bounds = [(a, min(a + size, total)) for a in range(0, total, size)]
        tasks = [Task(check_chunk, (n, a, b, source, shared)) for a, b in bounds]

        def told(done: int, chunks: int, n: int = n, total: int = total) -> None:
            if progress is not None:
                progress(f"values n = {n}", min(done * size, total), total)

        codes: array[int] = array("H")
        ids: dict[str, int] = {}
        seen = 0
        for d in runner.run(tasks, progress=told, should_stop=should_stop):
            r: ChunkChecks = d.result
            for key, (checked, failed, examples) in r.found.items():
                c = checks[key]
                c.checked += checked
                c.found += failed
                c.counterexamples.extend(examples[: max(0, KEEP - len(c.counterexamples))])
            mine = [ids.setdefault(t, len(ids)) for t in r.values]
            codes.extend(mine[k] for k in r.codes)
            seen += r.seen
        _level_checked(checks, n, seen)
        before = Level(n, codes, tuple(ids), os.urandom(16).hex())  # a worker's cache key
    return {n: list(source.rows(n, 0, count_patterns(n))) for n in range(1, keep_upto + 1)}


def _by_value_counts(
    checks: dict[str, Check],
    last: int,
    upto: int,
    source: RowSource,
    progress: Progress | None,
    should_stop: Callable[[], bool] | None,
) -> None:
    """Conjectures 18.1 and 18.2 on the suits of n = ``last`` + 1 … ``upto``, once a value."""
    if source.store is None:
        maker = _HERE.maker(source.producer)
        counts_of = counts_from_rows(maker, progress, should_stop)
        for n in range(last + 1, upto + 1):
            check_value_counts(checks, n, *counts_of(n))
        return
    from whistgui.engine.tables.parquet_store import open_store

    with open_store(source.store) as store:
        counts_of = store_value_counts(store)
        for n in range(last + 1, upto + 1):
            check_value_counts(checks, n, *counts_of(n))


# -- a table store's rows, made into its cells on the workers -------------------------------------
def cells_chunk(n: int, start: int, stop: int, source: RowSource) -> list[tuple[object, ...]]:
    """The suits of ``n`` cards a hand placed in ``range(start, stop)``, from ``source``, as
    the store's table keeps them (:func:`~whistgui.engine.tables.store.store_cells`): the work
    of a chunk of :func:`fill_in_chunks` but the writing. A pure task."""
    from whistgui.engine.tables.store import store_cells

    return list(store_cells(n, source.rows(n, start, stop), start))


def fill_in_chunks(
    store: TableStore,
    upto: int,
    runner: ChunkRunner,
    source: RowSource | None = None,
    *,
    should_stop: Callable[[], bool] | None = None,
    progress: Callable[[int, int, int], None] | None = None,
    on_done: Callable[[int, int], None] | None = None,
) -> list[int]:
    """:func:`~whistgui.engine.tables.store.fill` with the rows made into the store's cells
    in chunks of :data:`~whistgui.engine.tables.store.CHUNK` suits where ``runner`` runs them
    (each worker valuing its suits with ``source``, default the kernel) while this process, the
    one writer, writes each chunk in order in a transaction of its own: an interrupted run
    resumes at the first chunk not written. Returns the n the store then holds whole."""
    from whistgui.engine.tables.store import CHUNK

    src = source or RowSource()
    if src.store is not None:
        raise ArgumentError("a store is filled from a producer, not from another store")
    producer = src.name
    store.repair(upto)  # a damaged n is written again
    for n in range(1, upto + 1):
        have = store.progress(n)
        if have.finished:
            continue
        bounds = [(a, min(a + CHUNK, have.total)) for a in range(have.done, have.total, CHUNK)]
        tasks = [Task(cells_chunk, (n, a, b, src)) for a, b in bounds]

        def told(done: int, chunks: int, n: int = n, first: int = have.done) -> None:
            if progress is not None:
                progress(n, min(first + done * CHUNK, count_patterns(n)), count_patterns(n))

        made = runner.run(tasks, progress=told, should_stop=should_stop)
        store.write_cells(n, (d.result for d in made), start=have.done, producer=producer)
        if on_done is not None:
            on_done(n, have.total - have.done)
    return store.finished()


class _WorkerCache(threading.local):
    """What a worker (a thread of a worker process) keeps between the chunks it runs: a row
    maker for each producer, the kernel's table of the level being checked (and its cache of
    the levels below), the table store last read, and West's tricks of each suit of the level
    before the one being checked (a dict built once a level, not once a chunk). Only
    :func:`check_chunk` and :class:`RowSource` use it; :meth:`clear` forgets it all."""

    def __init__(self) -> None:
        self.clear()

    def clear(self) -> None:
        self.makers: dict[str, RowMaker] = {}
        self.kernel: Any = None  # the kernel's TableCache
        self.table: tuple[int, Any, Any] | None = None  # n, the kernel's table, its lex order
        self.store: Store | None = None
        self.store_path: str | None = None
        self.level_token: str | None = None
        self.level_outcomes: dict[str, tuple[int, int]] = {"": (0, 0)}

    def maker(self, producer: str) -> RowMaker:
        maker = self.makers.get(producer)
        if maker is None:
            maker = self.makers[producer] = RowMaker(producer)  # type: ignore[arg-type]
        return maker

    def rows(self, source: RowSource, n: int, start: int, stop: int) -> Iterator[SuitRow]:
        if source.store is None:
            maker = self.maker(source.producer)
            if maker.producer == "kernel":
                return self._kernel_rows(n, start, stop)
            return islice(maker(n, start=start), stop - start)
        if self.store is None or self.store_path != source.store:
            from whistgui.engine.tables.parquet_store import open_store

            if self.store is not None:
                self.store.close()
            self.store = None
            self.store = open_store(source.store)  # Parquet, or SQLite of an earlier whist
            self.store_path = source.store
        return self.store.rows(n, start, stop)

    def _kernel_rows(self, n: int, start: int, stop: int) -> Iterator[SuitRow]:
        """The rows ``RowMaker('kernel')(n)`` yields in ``range(start, stop)``, made for that
        range only (the maker makes every row from ``start`` to the end): from the kernel's
        table of ``n`` (the tables below kept in a cache of the kernel's), its rows in the order
        of :func:`~whistgui.engine.tables.rows.patterns` kept for the next chunk of ``n``."""
        import numpy as np

        from whistgui.engine.games.whist.kernel import TableCache, suit_table

        if self.table is None or self.table[0] != n:
            self.table = None  # the old one goes first
            if self.kernel is None:
                self.kernel = TableCache()
            table = suit_table(n, upto_cache=self.kernel)
            self.table = (n, table, table.lex_order())
        _, table, order = self.table
        rows = order[start:stop]
        masks = table.patterns[rows]
        # a pattern's text: bit k of its mask set when West holds the k-th lowest card
        bits = (masks[:, None] >> np.arange(2 * n, dtype=np.uint64)) & np.uint64(1)
        letters = np.where(bits == 1, ord("W"), ord("E")).astype(np.uint8).tobytes().decode()
        t0s, hs, hbars = r43_arrays(masks, n)
        values, labeled = table.values, table.labeled
        value_id = table.value_id[rows].tolist()
        maxmin_id = table.maxmin_id[rows].tolist()
        minmax_id = table.minmax_id[rows].tolist()
        size = 2 * n
        for k in range(len(value_id)):
            yield SuitRow(
                n,
                letters[k * size : (k + 1) * size],
                values[value_id[k]],
                labeled[maxmin_id[k]],
                labeled[minmax_id[k]],
                t0s[k],
                hs[k],
                hbars[k],
            )

    def outcomes(self, level: Level | None) -> dict[str, tuple[int, int]]:
        """West's tricks with West and with East on lead, by pattern, of ``level``'s suits."""
        if level is None:
            return {"": (0, 0)}
        if level.token != self.level_token:
            self.level_outcomes = {}  # the old one goes before the new one is made
            tricks = [whist_tricks(Value.parse(t)) for t in level.values]
            self.level_outcomes = dict(
                zip(patterns(level.n), (tricks[c] for c in level.codes), strict=True)
            )
            self.level_token = level.token
        return self.level_outcomes


_HERE: Final = _WorkerCache()
