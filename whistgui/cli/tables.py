"""``whist table`` and ``whist conjectures``: every single suit with its value, kept in a store
(Parquet, queried with DuckDB; or SQLite, as earlier versions wrote it) and queried there, and
the conjectures of symmetric whist §18 and R43's statements checked suit by suit.

``whist table N`` lists the suits of N cards a hand with East holding the top card, as it always
has. ``whist table --upto N --store DIR`` writes every suit of n ≤ N cards a hand (whoever
holds the top card) into DIR, a Parquet store, part by part, resuming an interrupted run (an
SQLite store FILE of an earlier whist is read, and resumed, as before; ``--convert FILE --store
DIR`` turns one into the other); ``--value V``, ``--first-of-each-value`` and
``--count-by-value`` answer from the store, ``--sql QUERY`` anything else. ``whist conjectures
--upto N`` prints, per statement, how many suits (or leads) were checked and any counterexample
in the paper's notation; its exit status is 1 when it found one (``--store STORE``: of the
suits a store holds, Parquet or SQLite). Both do their work in chunks — a Parquet store's
parts, an SQLite store's rows, the conjectures' ranges of suits — on a local Dask cluster with
``--workers [N]`` or on an existing one with ``--scheduler ADDRESS`` (docs/distributed.md),
with the same output.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import sys
import time
from collections.abc import Callable, Iterable, Sequence
from functools import partial
from itertools import chain
from math import comb
from pathlib import Path
from typing import Any, Final, TextIO

from whistgui.cli import open_questions as oq
from whistgui.cli.cluster_options import add_cluster_options, workers_asked
from whistgui.cli.common import (
    EXIT_INTERRUPTED,
    EXIT_OK,
    Command,
    DealText,
    ProgressLine,
    number_text,
)
from whistgui.engine import Cancelled, LabeledValue, WhistError
from whistgui.engine.reading import quote_path
from whistgui.engine.symbols import and_list, minus
from whistgui.engine.tables.chunked import RowSource, check_in_chunks, fill_in_chunks
from whistgui.engine.tables.cluster import (
    MAX_WORKERS,
    ChunkRunner,
    is_url,
    local_path,
)
from whistgui.engine.tables.conjectures import (
    MAX_SEARCH_N,
    MAX_TWO_SUIT_N,
    ConjectureReport,
    check,
)
from whistgui.engine.tables.convert import convert_sqlite
from whistgui.engine.tables.open_questions import OpenQuestions
from whistgui.engine.tables.parquet_store import (
    MAX_PARQUET_N,
    SQL_COLUMNS,
    ParquetStore,
    Store,
    fill_parquet,
    is_sqlite_file,
    open_store,
)
from whistgui.engine.tables.rows import MAX_ROWS_N, RowMaker, SuitRow, count_patterns
from whistgui.engine.tables.store import StoreError, TableStore, fill, store_word, value_class
from whistgui.engine.trick.cards import ranks_text

__all__ = ["COMMANDS", "EXIT_COUNTEREXAMPLE", "MAX_LISTING_N", "register", "run"]

COMMANDS: Final = ("table", "conjectures")
#: ``whist conjectures`` found a counterexample.
EXIT_COUNTEREXAMPLE: Final = 1
#: The largest N of ``whist table N``: 77,558,760 suits of 15 cards a hand, printed as they are
#: valued (the tables kernel's own limit, ``MAX_TABLE_N``, is the same); beyond it a listing
#: would never end.
MAX_LISTING_N: Final = 15


def register(sub: Any, add: Any) -> None:
    sp = add(
        "table",
        "every N-card-a-hand single suit with East holding the top card; with --upto, every "
        "suit of n ≤ N cards a hand (value, maxmin, minmax, T_0, H, H̄) into a store, "
        "and queries answered from it",
        json_help="one JSON object per suit, a line each (with --count-by-value one object "
        "of the counts)",
    )
    sp.add_argument(
        "n",
        type=int,
        nargs="?",
        metavar="N",
        help=f"the suits of N ≤ {MAX_LISTING_N} cards a hand (East holding the top card); with "
        "--store, the stored suits of N, or a query's answers among them",
    )
    sp.add_argument(
        "--upto",
        type=int,
        metavar="N",
        help="every suit of 1 to N cards a hand, whoever holds the top card: into --store "
        "DIR (an interrupted run resumes) or, without it, printed",
    )
    sp.add_argument(
        "--store",
        metavar="DIR",
        help="the table store, its kind chosen by what is at DIR, not by its name: a new path "
        "or a directory is a Parquet store (a directory of Parquet files, one folder a "
        f"length, written by --upto up to {MAX_PARQUET_N} cards a hand); an existing file is "
        "the SQLite store of an earlier whist, read and resumed (--convert copies it)",
    )
    sp.add_argument(
        "--convert",
        metavar="FILE",
        help="copy the SQLite store FILE of an earlier whist into a new Parquet store --store DIR",
    )
    q = sp.add_mutually_exclusive_group()
    q.add_argument("--value", metavar="VALUE", help="the stored suits whose value is VALUE")
    q.add_argument(
        "--first-of-each-value",
        action="store_true",
        help="for each stored value, the first suit that has it (fewest cards first)",
    )
    q.add_argument(
        "--count-by-value",
        action="store_true",
        help="for each n, how many suits have each value (--json: one object, n as a "
        "string key, then value text to count)",
    )
    q.add_argument(
        "--sql",
        metavar="QUERY",
        help="any SQL query (DuckDB) over a Parquet store, printed as a table (--json: one "
        f"object a row). Tables: {SQL_COLUMNS}. pattern is owners from low to high (EWEW); "
        "mask its bitmask (bit k: West holds the k-th lowest card); rank its colex rank; "
        "ORDER BY n, lex lists suits as whist table does; value, maxmin and minmax are "
        'texts as --json prints them. E.g. "SELECT n, count(*) FROM suits WHERE class = '
        "'exit W' GROUP BY n ORDER BY n\"",
    )
    _add_producer(sp)
    add_cluster_options(sp, "run the chunks of the work", "; a store on storage its workers see")
    sp = add(
        "conjectures",
        "check Conjectures 18.1, 18.2 (and 18.3) of symmetric whist and R43's Theorems 6.1, "
        "8.1, 9.1 and the normal strategy on every single suit up to N cards a hand, and the "
        "open questions (strange algebra Conjecture 7.2, R44 §15) by search; list Theorem "
        "9.1's exceptions; exit status 1 if a counterexample is found",
        json_help="one JSON object, on one line: each statement, how far it was checked and "
        "its counterexamples",
    )
    sp.add_argument(
        "--upto", type=int, required=True, metavar="N", help="check by the values up to N"
    )
    sp.add_argument(
        "--search-upto",
        type=int,
        metavar="M",
        help=f"check by exact search up to M ≤ N (default min(N, 6); at most {MAX_SEARCH_N})",
    )
    sp.add_argument(
        "--two-suits-upto",
        type=int,
        metavar="K",
        help="Conjecture 18.3 on every position of two suits and at most K cards a hand "
        f"(default min(N, 6); 0 skips it; at most {MAX_TWO_SUIT_N})",
    )
    sp.add_argument(
        "--store",
        metavar="STORE",
        help="check the suits a table store holds instead of valuing them, chunk by chunk (a "
        "Parquet store written by 'whist table --upto N --store DIR', or the SQLite file of an "
        "earlier whist; a path every worker sees); N may then be all the store holds",
    )
    sp.add_argument(
        "--rows-upto",
        type=int,
        metavar="R",
        help="check the statements that need each suit's own numbers (R43 8.1, 9.1, "
        "Conjecture 18.3) up to R (M ≤ R ≤ N; default N, or with --store at most "
        f"{MAX_ROWS_N['kernel']}); beyond R, Conjectures 18.1 and 18.2, which depend on the "
        "value alone, are checked on every suit once a value (with --store: counted by the "
        "store's footers)",
    )
    oq.add_options(sp)  # the open questions: Conjecture 7.2, R44 §15, Theorem 9.1's exceptions
    _add_producer(sp)
    add_cluster_options(sp, "run the chunks of the work", "; a store on storage its workers see")


def _runner(args: argparse.Namespace, parser: argparse.ArgumentParser) -> ChunkRunner | None:
    """Where the chunks run: a local cluster (--workers), an existing one (--scheduler), or
    None (not asked for: the single-process path)."""
    if args.scheduler is not None:
        return ChunkRunner(scheduler=args.scheduler)
    workers = workers_asked(args)
    if workers is None:
        return None
    if not 1 <= workers <= MAX_WORKERS:
        parser.error(
            f"--workers must be 1 to {MAX_WORKERS} worker processes, not {number_text(workers)}"
        )
    return ChunkRunner(workers)


def _started(cmd: Command, runner: ChunkRunner) -> None:
    """Start (or reach) the runner's cluster, and say where the work runs."""
    runner.client()
    seconds = runner.start_seconds or 0.0
    verb = "reached" if runner.scheduler is not None else "started"
    count = runner.worker_count()
    cmd.err.write(
        f"whist: running on {runner.where} ({count} worker{'' if count == 1 else 's'}, {verb} "
        f"in {seconds:.1f} s)\n"
    )


def _store_path(url: str) -> str:
    """The path of a store given as a URL: a ``file://`` URL's; a URL of another filesystem is
    refused (a store is opened at a path: on a cluster, at a path its workers see)."""
    path = local_path(url)
    if path is None:
        raise StoreError(
            f"the table store {quote_path(url)} is a URL of another machine or filesystem; a "
            "table store is opened at a path: give its path (or a file:// URL), on storage "
            "every worker sees"
        )
    return path


def _add_producer(sp: argparse.ArgumentParser) -> None:
    sp.add_argument(
        "--producer",
        choices=("auto", "kernel", "evaluator"),
        default="auto",
        help="what values the suits: the numpy kernel or the pure-Python evaluator "
        "(default: the kernel when it imports)",
    )


def run(
    args: argparse.Namespace,
    parser: argparse.ArgumentParser,
    out: TextIO | None = None,
    err: TextIO | None = None,
) -> int:
    """Run ``whist table`` or ``whist conjectures``; the exit status."""
    cmd = Command(out or sys.stdout, err or sys.stderr, args.json)
    try:
        if args.store is not None and is_url(args.store):
            args.store = _store_path(args.store)
        if args.command == "conjectures":
            return _conjectures(cmd, args, parser)
        return _table(cmd, args, parser)
    except WhistError as exc:
        cmd.warn(str(exc))
        return cmd.status
    except BrokenPipeError:  # e.g. `whist table --upto 8 | head`
        sys.stderr.close()
        return cmd.status
    except KeyboardInterrupt:  # Ctrl+C in a query or a listing: nothing to keep
        return EXIT_INTERRUPTED


# -- whist table ---------------------------------------------------------------------------------
def _maker(args: argparse.Namespace) -> RowMaker:
    return RowMaker(args.producer)


def _check_upto(
    parser: argparse.ArgumentParser, maker: RowMaker, n: int, what: str = "--upto"
) -> None:
    if n < 1:
        parser.error(f"{what} must be a positive number of cards, not {number_text(n)}")
    if n > maker.limit:
        other = (
            f"; the {'kernel' if maker.producer == 'evaluator' else 'evaluator'} "
            f"reaches {MAX_ROWS_N['kernel' if maker.producer == 'evaluator' else 'evaluator']}"
        )
        parser.error(
            f"{what} {number_text(n)} is beyond what the {maker.producer} does in reasonable time: "
            f"at most {maker.limit} cards a hand ({comb(2 * maker.limit, maker.limit):,} suits of "
            f"{maker.limit}){other}"
        )


def _table(cmd: Command, args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    query = (
        args.value is not None
        or args.first_of_each_value
        or args.count_by_value
        or args.sql is not None
    )
    if args.n is not None and args.n < 1:
        parser.error(f"N must be a positive number of cards, not {number_text(args.n)}")
    if args.n is not None and args.n > MAX_LISTING_N:
        parser.error(
            f"N {number_text(args.n)} is beyond what 'whist table' lists: at most {MAX_LISTING_N} "
            f"cards a hand ({comb(2 * MAX_LISTING_N - 1, MAX_LISTING_N):,} suits of "
            f"{MAX_LISTING_N})"
        )
    if args.convert is not None:
        if args.store is None or args.upto is not None or args.n is not None or query:
            parser.error("--convert FILE writes a new store: give it with --store DIR alone")
        return _convert(cmd, args.convert, args.store)
    if args.upto is not None:
        if args.n is not None or query:
            parser.error("--upto writes (or prints) the table: give it alone, then query")
        if args.store is not None and not is_sqlite_file(Path(args.store)):
            _check_parquet_upto(parser, args)
            runner = _runner(args, parser)
            with runner or contextlib.nullcontext():
                return _write_parquet(cmd, args.upto, args.store, runner)
        maker = _maker(args)
        _check_upto(parser, maker, args.upto)
        if args.store is None:
            _no_cluster(args, parser)
            return _print_upto(cmd, maker, args.upto)
        runner = _runner(args, parser)
        with runner or contextlib.nullcontext():
            return _write(cmd, maker, args.upto, args.store, runner)
    _no_cluster(args, parser)
    if args.store is not None and args.producer != "auto":
        parser.error(
            "--producer chooses what values the suits of --upto or N; a query of a store "
            "reads the values it holds"
        )
    if args.store is None:
        if query:
            parser.error(
                "--value, --first-of-each-value, --count-by-value and --sql answer from a "
                "store: give --store DIR (written by 'whist table --upto N --store DIR')"
            )
        if args.n is None:
            parser.error("give N (the suits of N cards a hand), or --upto N")
        _listing(cmd, args.n)
        return cmd.status
    if args.sql is not None and args.n is not None:
        parser.error("--sql takes no N: say which suits in the query (WHERE n = N)")
    with open_store(args.store) as store:
        if args.sql is not None:
            if not isinstance(store, ParquetStore):
                parser.error(
                    f"--sql queries a Parquet store; {quote_path(args.store)} is an SQLite store "
                    f"of an earlier whist: 'whist table --convert {store_word(args.store)} "
                    "--store DIR' makes one"
                )
            _note_unfinished(cmd, store, args.store, None)
            return _sql(cmd, store, args.sql)
        if args.n is not None:
            store.check_holds(args.n)
        _note_unfinished(cmd, store, args.store, args.n)
        if args.count_by_value:
            return _count_by_value(cmd, store, args.n)
        rows: Iterable[SuitRow]
        if args.first_of_each_value:
            rows = store.first_of_each_value(args.n)
        elif args.value is not None:
            rows = store.by_value(args.value, args.n)
            if not rows:
                where = f" of {args.n} cards a hand" if args.n is not None else ""
                cmd.err.write(f"whist: no stored suit{where} has the value {args.value!r}\n")
        elif args.n is not None:
            rows = store.rows(args.n)
        else:
            parser.error(
                "with --store give N, --upto, --value, --first-of-each-value, --count-by-value "
                "or --sql"
            )
        for row in rows:
            _emit_row(cmd, row)
    return cmd.status


def _check_parquet_upto(parser: argparse.ArgumentParser, args: argparse.Namespace) -> None:
    if args.upto < 1:
        parser.error(f"--upto must be a positive number of cards, not {number_text(args.upto)}")
    if args.upto > MAX_PARQUET_N:
        parser.error(
            f"--upto {number_text(args.upto)} is beyond the kernel's store: at most "
            f"{MAX_PARQUET_N} cards a hand ({comb(2 * MAX_PARQUET_N, MAX_PARQUET_N):,} suits of "
            f"{MAX_PARQUET_N})"
        )
    if args.producer == "evaluator":
        parser.error(
            "a Parquet store is written by the numpy kernel, level by level; --producer "
            "evaluator writes rows printed without --store"
        )


def _json_cell(cell: object) -> object:
    if cell is None or isinstance(cell, bool | int | float | str):
        return cell
    if isinstance(cell, list | tuple):
        return [_json_cell(c) for c in cell]
    if isinstance(cell, dict):
        return {str(k): _json_cell(v) for k, v in cell.items()}
    return str(cell)


def _sql(cmd: Command, store: ParquetStore, query: str) -> int:
    """``--sql QUERY``: a header and tab-separated rows, or a JSON object a row; a query
    refused is said on standard error and, with ``--json``, as every command says a refusal:
    ``{"game", "error", "input"}`` on standard output, the query as given its input."""
    try:
        names, rows = store.sql(query)
    except WhistError as exc:
        cmd.refuse(DealText(query), str(exc))
        return cmd.status
    if not cmd.as_json:
        cmd.out.write("\t".join(names) + "\n")
    for row in rows:
        if cmd.as_json:
            obj = {k: _json_cell(v) for k, v in zip(names, row, strict=True)}
            cmd.out.write(json.dumps(obj, ensure_ascii=False) + "\n")
        else:
            cmd.out.write("\t".join("NULL" if c is None else str(c) for c in row) + "\n")
    return cmd.status


def _convert(cmd: Command, old: str, new: str) -> int:
    """``--convert FILE --store DIR``: an SQLite store copied into a new Parquet store."""
    try:
        old_is_dir = Path(old).is_dir()
        new_taken = Path(new).exists() and (not Path(new).is_dir() or any(Path(new).iterdir()))
    except OSError as exc:  # a name too long, a folder that cannot be read
        name = exc.filename if isinstance(exc.filename, str) else new
        raise StoreError(f"cannot open {quote_path(name)}: {exc.strerror or exc}") from None
    if not is_sqlite_file(Path(old)):
        raise StoreError(
            f"{quote_path(old)} is not an SQLite table store file"
            + (" (it is a directory)" if old_is_dir else " (there is no such file)")
        )
    if new_taken:
        raise StoreError(
            f"--convert writes a new store; {quote_path(new)} is already there (name a new "
            "directory)"
        )
    with TableStore(old) as source, ParquetStore(new, create=True) as target:
        for n, suits in convert_sqlite(source, target):
            cmd.emit(
                {"n": n, "suits": suits, "store": new, "from": old},
                f"n = {n}: {suits:,} suits converted",
            )
    return cmd.status


# what a store's fill calls back: (n, done, total) as a level is written; (n, written) at its end
_LevelProgress = Callable[[int, int, int], None]
_LevelDone = Callable[[int, int], None]


def _write_parquet(cmd: Command, upto: int, path: str, runner: ChunkRunner | None = None) -> int:
    """``--upto N --store DIR``: the parts of each level computed here, or by ``runner``'s
    workers (each writes its part into DIR, at a path they all see), this process the one
    writer of the store's manifest."""
    # the workers are given the store's absolute path (their working folder may be another)
    where = os.path.abspath(path) if runner is not None else path
    with ParquetStore(where, create=True) as store:

        def fill_store(progress: _LevelProgress, on_done: _LevelDone) -> None:
            if runner is None:
                fill_parquet(store, upto, progress=progress, on_done=on_done)
            else:
                _started(cmd, runner)
                fill_parquet(store, upto, progress=progress, on_done=on_done, runner=runner.map)

        return _fill_levels(cmd, store, upto, path, "kernel", fill_store, shown=path)


def _say_held(cmd: Command, store: Store, path: str, upto: int) -> None:
    skipped = [p.n for p in store.all_progress() if p.finished and p.n <= upto]
    if len(skipped) == upto:
        cmd.err.write(
            f"whist: {quote_path(path)} already holds every suit of n ≤ {upto}: nothing to write\n"
        )
    elif skipped:
        held = (
            f"n ≤ {max(skipped)}"
            if skipped == list(range(1, len(skipped) + 1))
            else f"n = {and_list([str(n) for n in skipped])}"
        )
        cmd.err.write(f"whist: {quote_path(path)} already holds {held}; going on\n")


def _hand_text(ranks: Sequence[int], standard: bool) -> str:
    """A hand as compact text in a standard suit, else integers with spaces."""
    return ranks_text(ranks, standard=standard) or "-"


def _listing(cmd: Command, n: int) -> None:
    """``whist table N``: the suits of N cards a hand with East holding the top card (from
    the kernel's table of every suit of N when N is long, with progress while it is made)."""
    meter = _Meter(cmd.err, n)
    rows = cmd.evaluator.table(n, progress=partial(meter, n))
    first = next(rows, None)  # the table is made before the first row: its progress ends
    meter.end()
    for suit, v in chain([first] if first is not None else [], rows):
        west, east = (
            _hand_text(suit.west, suit.is_standard),
            _hand_text(suit.east, suit.is_standard),
        )
        obj = {"west": west, "east": east, "value": v.ascii()}
        text = f"{west}/{east}" if suit.is_standard else str(suit)
        cmd.emit(obj, f"{text}\t{v.pretty()}")


def _labeled_json(lv: LabeledValue) -> dict[str, str]:
    return {"lead": lv.player.value, "value": lv.value.ascii()}


def row_json(row: SuitRow) -> dict[str, Any]:
    """One suit as ``whist table --json`` prints it."""
    return {
        "n": row.n,
        "suit": str(row.suit),
        "paper": row.paper,
        "pattern": row.pattern,
        "value": row.value.ascii(),
        "class": value_class(row.value),
        "maxmin": _labeled_json(row.maxmin),
        "minmax": _labeled_json(row.minmax),
        "t0": row.t0,
        "h": row.h,
        "hbar": row.hbar,
    }


def _emit_row(cmd: Command, row: SuitRow) -> None:
    text = (
        f"{row.n}\t{row.suit}\t{row.value.pretty()}\tmaxmin {row.maxmin.pretty()}\t"
        f"minmax {row.minmax.pretty()}\tT₀ {minus(row.t0)}\tH {minus(row.h)}\tH̄ {minus(row.hbar)}"
    )
    cmd.emit(row_json(row), text)


def _print_upto(cmd: Command, maker: RowMaker, upto: int) -> int:
    meter = _Meter(cmd.err, upto)
    for n in range(1, upto + 1):
        for row in maker(n, progress=partial(meter, n)):
            _emit_row(cmd, row)
    meter.end()
    return cmd.status


def _no_cluster(args: argparse.Namespace, parser: argparse.ArgumentParser) -> None:
    if args.workers is not None or args.scheduler is not None:
        parser.error(
            "--workers and --scheduler run the writing of a store: give them with --upto N "
            "--store DIR"
        )


def _write(
    cmd: Command, maker: RowMaker, upto: int, path: str, runner: ChunkRunner | None = None
) -> int:
    with TableStore(path, create=True) as store:

        def fill_store(progress: _LevelProgress, on_done: _LevelDone) -> None:
            if runner is None:
                fill(store, upto, maker, progress=progress, on_done=on_done)
            else:
                _started(cmd, runner)
                source = RowSource(producer=maker.producer)
                fill_in_chunks(store, upto, runner, source, progress=progress, on_done=on_done)

        return _fill_levels(cmd, store, upto, path, maker.producer, fill_store)


def _fill_levels(
    cmd: Command,
    store: Store,
    upto: int,
    path: str,
    producer: str,
    fill_store: Callable[[_LevelProgress, _LevelDone], None],
    shown: str | None = None,
) -> int:
    """Write the levels n ≤ ``upto`` of an open store with ``fill_store``: a damaged level
    repaired and said, what is already held said, a progress line and a line (or JSON object)
    a level written by ``producer``; Ctrl+C says what the store (``shown``, default its
    path) holds and exits 130."""
    meter = _Meter(cmd.err, upto)
    started: dict[int, float] = {}

    def progress(n: int, done: int, total: int) -> None:
        started.setdefault(n, time.monotonic())
        meter(n, done, total)

    def on_done(n: int, written: int) -> None:
        seconds = time.monotonic() - started.get(n, time.monotonic())
        total = count_patterns(n)
        obj = {
            "n": n,
            "suits": total,
            "written": written,
            "seconds": round(seconds, 2),
            "producer": producer,
            "store": path,
        }
        resumed = f", resumed at {total - written:,}" if written < total else ""
        cmd.emit(obj, f"n = {n}: {total:,} suits{resumed}, {seconds:.1f} s ({producer})")

    for n, why in store.repair(upto):
        cmd.err.write(
            f"whist: note: {quote_path(path)} was damaged: {why}; writing the suits of "
            f"n = {n} again\n"
        )
    _say_held(cmd, store, path, upto)
    try:
        fill_store(progress, on_done)
    except (KeyboardInterrupt, Cancelled):
        meter.end()
        cmd.err.write(
            f"whist: interrupted; {_holdings(store, shown)} — run the same command to resume\n"
        )
        return EXIT_INTERRUPTED
    meter.end()
    return cmd.status


def _holdings(store: Store, shown: str | None = None) -> str:
    """What ``store`` holds, for a message naming it as ``shown`` (default: its path)."""
    parts = [f"{quote_path(shown or store.path)} holds {store.holdings()}"]
    for p in store.all_progress():
        if not p.finished:
            parts.append(f"{p.done:,} of the {p.total:,} suits of n = {p.n}")
    return " and ".join(parts)


def _note_unfinished(cmd: Command, store: Store, path: str, n: int | None) -> None:
    """Say which n the store holds only in part — another run is writing them, or a run was
    interrupted: of them all, or of ``n`` when the query is about the suits of ``n``."""
    unfinished = [p for p in store.all_progress() if not p.finished and (n is None or p.n == n)]
    writing = bool(unfinished) and store.being_written()
    for p in unfinished:
        held = f"{quote_path(path)} holds {p.done:,} of the {p.total:,} suits of n = {p.n}"
        if writing:
            cmd.err.write(
                f"whist: note: {held} so far: another run is writing them; ask again when it "
                "has finished\n"
            )
        else:
            cmd.err.write(
                f"whist: note: {held} (an interrupted run); 'whist table --upto {p.n} --store "
                f"{store_word(path)}' finishes it\n"
            )


def _count_by_value(cmd: Command, store: Store, n: int | None) -> int:
    counts = store.count_by_value_json()
    if n is not None:
        counts = {k: v for k, v in counts.items() if k == str(n)}
    if cmd.as_json:
        cmd.out.write(json.dumps(counts, ensure_ascii=False) + "\n")
        return cmd.status
    for k, m in store.count_by_value().items():
        if n is not None and k != n:
            continue
        cmd.out.write(f"n = {k}: {sum(m.values()):,} suits, {len(m)} values\n")
        for v, c in m.items():
            cmd.out.write(f"  {v.pretty():<14} {c:>10,}\n")
    return cmd.status


# -- progress and the time left ----------------------------------------------------------------
class _Meter:
    """Progress of the suits of each n (a :class:`~whistgui.cli.common.ProgressLine`), with an
    estimate of the time left over the levels still to come."""

    def __init__(self, err: TextIO, upto: int, label: str = "suits") -> None:
        self.line = ProgressLine(err)
        self.upto = upto
        self.label = label
        #: When each n was first reported, and how many of its suits were done then (a resumed
        #: run starts with those an earlier run wrote: they say nothing of this run's pace).
        self.level_start: dict[int, tuple[float, int]] = {}

    def __call__(self, n: int, done: int, total: int) -> None:
        t0, done0 = self.level_start.setdefault(n, (self.line.clock(), done))
        if not self.line.due():
            return
        line = f"n = {n}: {done:,} of {total:,} {self.label} ({100 * done // max(total, 1)}%)"
        elapsed = self.line.clock() - t0
        if done > done0 and elapsed > 0.5:
            # suits a second at this n in this run; a suit of m costs ~ (m/n)² as much
            rate = (done - done0) / elapsed
            left = (total - done) / rate
            left += sum(comb(2 * m, m) * (m / n) ** 2 for m in range(n + 1, self.upto + 1)) / rate
            line += f", about {_duration(left)} left"
        self.line(line)

    def end(self) -> None:
        """Clear a progress line rewritten in place (once; again is nothing)."""
        self.line.end()


def _duration(seconds: float) -> str:
    if seconds < 90:
        return f"{seconds:.0f} s"
    if seconds < 5400:
        return f"{seconds / 60:.0f} min"
    return f"{seconds / 3600:.1f} h"


# -- whist conjectures ---------------------------------------------------------------------------
def _conjectures(cmd: Command, args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    maker = _maker(args)
    upto = args.upto
    if args.store is None:
        _check_upto(parser, maker, upto)
    elif upto < 1:
        parser.error(f"--upto must be a positive number of cards, not {number_text(upto)}")
    search = min(upto, 6) if args.search_upto is None else args.search_upto
    two = min(upto, 6) if args.two_suits_upto is None else args.two_suits_upto
    if not 0 <= search <= upto:
        parser.error(
            f"--search-upto must be between 0 and --upto ({upto}), not {number_text(search)}"
        )
    if search > MAX_SEARCH_N:
        parser.error(
            f"--search-upto {number_text(search)} is beyond what exact search does in reasonable "
            f"time: at most {MAX_SEARCH_N} cards a hand"
        )
    if not 0 <= two <= MAX_TWO_SUIT_N:
        parser.error(
            f"--two-suits-upto must be between 0 and {MAX_TWO_SUIT_N} (exact search of every "
            f"two-suit position in reasonable time), not {number_text(two)}"
        )
    rows = args.rows_upto
    if rows is None:
        rows = upto if args.store is None else max(search, min(upto, MAX_ROWS_N["kernel"]))
    elif not search <= rows <= upto:
        parser.error(
            f"--rows-upto must be between --search-upto ({search}) and --upto ({upto}), not "
            f"{number_text(rows)}"
        )
    questions = oq.questions(args, parser)
    runner = _runner(args, parser)
    source: RowSource | None = None
    if args.store is not None:
        if args.producer != "auto":
            parser.error(
                "--producer chooses what values the suits; with --store the stored values are "
                "checked"
            )
        _check_store_holds(args.store, upto)
        source = RowSource(store=os.path.abspath(args.store))
    elif runner is not None:
        source = RowSource(producer=args.producer)
    if source is not None and runner is None:
        runner = ChunkRunner()  # the stored suits, chunk by chunk, in this process
    with runner or contextlib.nullcontext():
        return _run_conjectures(cmd, maker, (upto, rows, search, two), runner, source, questions)


def _check_store_holds(path: str, upto: int) -> None:
    """Refuse a store that does not hold every suit of n ≤ ``upto`` whole."""
    with open_store(path) as store:
        for n in range(1, upto + 1):
            store.check_holds(n)
            if not store.progress(n).finished:
                raise StoreError(
                    f"the table store {quote_path(path)} holds {store.holdings()}, and only "
                    f"{store.progress(n).done:,} of the {count_patterns(n):,} suits of n = {n}; "
                    f"'whist table --upto {upto} --store {store_word(path)}' writes the rest"
                )


def _run_conjectures(
    cmd: Command,
    maker: RowMaker,
    bounds: tuple[int, int, int, int],
    runner: ChunkRunner | None,
    source: RowSource | None,
    questions: OpenQuestions,
) -> int:
    """The checks to n ≤ upto, each suit's own numbers to rows, search to search, two suits
    to two (``bounds``), and the open questions as far as ``questions`` says (in this
    process)."""
    upto, rows, search, two = bounds
    meter = _Meter(cmd.err, rows)
    stage_meter = _StageMeter(cmd.err)
    started = time.monotonic()

    def progress(stage: str, done: int, total: int) -> None:
        if stage.startswith("values n = "):
            meter(int(stage.rsplit(" ", 1)[1]), done, total)
        else:
            stage_meter(stage, done, total)

    try:
        if runner is None or source is None:
            report = check(
                upto,
                search,
                two,
                rows=maker,
                progress=progress,
                rows_upto=rows,
                questions=questions,
            )
        else:
            if not runner.local:
                _started(cmd, runner)
            report = check_in_chunks(
                upto,
                search,
                two,
                runner=runner,
                source=source,
                progress=progress,
                rows_upto=rows,
                questions=questions,
            )
    except (KeyboardInterrupt, Cancelled):
        meter.end()
        stage_meter.line.end()
        cmd.err.write("whist: interrupted; nothing was concluded\n")
        return EXIT_INTERRUPTED
    meter.end()
    stage_meter.line.end()
    seconds = time.monotonic() - started
    _emit_report(cmd, report, seconds, source.name if source is not None else maker.producer)
    return EXIT_OK if report.ok else EXIT_COUNTEREXAMPLE


class _StageMeter:
    """Progress of the search stages (a :class:`~whistgui.cli.common.ProgressLine`)."""

    def __init__(self, err: TextIO) -> None:
        self.line = ProgressLine(err)

    def __call__(self, stage: str, done: int, total: int) -> None:
        if self.line.due():
            self.line(f"{stage}: {done:,} of {total:,}")


def _emit_report(cmd: Command, report: ConjectureReport, seconds: float, producer: str) -> None:
    obj = {**report.json(), "seconds": round(seconds, 1), "producer": producer}
    parts = [f"every single suit of n ≤ {report.upto} cards a hand by its value ({producer})"]
    rows = next(c.upto for c in report.checks if c.key == "R43 8.1")  # each suit's numbers
    if rows < report.upto:
        parts[0] += f", each suit's own numbers (R43 8.1, 9.1, 18.3) to n ≤ {rows}"
    if report.search_upto:
        parts.append(f"n ≤ {report.search_upto} by exact search")
    if report.two_suit_upto:
        parts.append(f"positions of two suits and n ≤ {report.two_suit_upto} cards a hand")
    parts += oq.reach_text(report.questions)
    lines = [", ".join(parts) + f"; {seconds:.1f} s", ""]
    width = max(len(c.statement) for c in report.checks)
    for c in report.checks:
        if c.checked == 0:
            result, reach = "not checked", "-"
        else:
            result = "holds" if c.ok else f"{c.found:,} COUNTEREXAMPLE{'S' if c.found > 1 else ''}"
            reach = f"n ≤ {c.upto}"
        lines.append(
            f"{c.statement:<{width}}  {c.method:<6}  {reach:<7}  {c.checked:>11,} {c.unit:<6}  "
            f"{result}"
        )
    bad = report.counterexamples()
    if bad:
        lines += ["", "counterexamples (the first of each statement's):"]
        lines += [f"  {x.text}" for x in bad]
    lines += oq.exception_lines(report)
    lines += ["", "statements:"]
    lines += [f"  {c.statement}: {c.title}" for c in report.checks]
    cmd.emit(obj, "\n".join(lines))
