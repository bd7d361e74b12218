"""Chunks of independent work, run in this process, on a local Dask cluster, or on an existing one.

The level recursion of the single-suit tables splits into chunks: the suits of n cards a hand
in ranges of ranks, each needing only what level n − 1 left (its values), none another
chunk's. A :class:`Task` is one such chunk — a picklable function and its arguments, and
optionally the place its output is written — and a :class:`ChunkRunner` runs a list of them:

* ``ChunkRunner()`` — in this process, one after another (the single-process path, for small n);
* ``ChunkRunner(workers=4)`` — on a local ``dask.distributed`` cluster of 4 worker processes
  (processes, not threads: the work holds the GIL in its Python parts), started when first
  needed and shut down by :meth:`ChunkRunner.close`;
* ``ChunkRunner(scheduler='tcp://10.0.0.1:8786')`` — on an existing Dask cluster (``dask
  scheduler`` and ``dask worker ADDRESS`` started by hand), the outputs on storage every
  worker sees.

:meth:`ChunkRunner.run` yields each task's result in the order of the tasks, telling
``progress(done, total)`` (chunks) as they finish, polling ``should_stop`` while it waits (True
cancels what is queued, shuts down a cluster the runner started and raises
:class:`~whistgui.engine.errors.Cancelled`), and skipping a task whose output already exists
(a resumed run). A worker that dies mid-task is replaced and its task run again elsewhere (Dask
does that); a task's output is written under a temporary name and renamed
(:func:`write_atomic`), so a task run twice, or cut off half-way, leaves a whole output or none.

Dask is imported only when a cluster is first needed: the command line and the app start
without it.

>>> runner = ChunkRunner()
>>> [d.result for d in runner.run([Task(pow, (2, k)) for k in range(5)])]
[1, 2, 4, 8, 16]
"""

from __future__ import annotations

import contextlib
import importlib
import logging
import os
import re
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

from whistgui.engine.checks import optional_callable
from whistgui.engine.errors import ArgumentError, ArgumentTypeError, Cancelled, WhistError
from whistgui.engine.reading import quote, quote_path

__all__ = [
    "MAX_WORKERS",
    "ChunkRunner",
    "ClusterError",
    "Done",
    "Task",
    "default_workers",
    "is_url",
    "local_path",
    "output_exists",
    "read_bytes",
    "write_atomic",
]

#: The most worker processes a local cluster starts (each is a Python process of its own).
MAX_WORKERS: Final = 256
#: How long a wait for a chunk lasts before ``should_stop`` is asked again (seconds).
_POLL: Final = 0.2
#: How long connecting to an existing scheduler may take (seconds).
_CONNECT_TIMEOUT: Final = 10
#: A URL's scheme (``file://``, ``s3://``, ``hdfs://``…): a location with one is opened by
#: pyarrow's filesystems, any other is a path.
_SCHEME: Final = re.compile(r"[A-Za-z][A-Za-z0-9+.-]*://")


class ClusterError(WhistError):
    """A cluster that cannot be started or reached, a chunk whose workers died again and again,
    or an output location that cannot be opened; the message quotes what was given."""


def default_workers() -> int:
    """The machine's cores (those this process may use): a local cluster's default size."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):  # not Linux
        return max(1, os.cpu_count() or 1)


@dataclass(frozen=True, slots=True)
class Task:
    """One chunk: ``fn(*args)``, a picklable function (defined at a module's top level) and its
    arguments; ``output``, if given, is where the task writes its result (a path or a URL) —
    a task whose output exists is done already and is skipped."""

    fn: Callable[..., Any]
    args: tuple[Any, ...] = ()
    output: str | None = None


@dataclass(frozen=True, slots=True)
class Done:
    """A finished task: its place in the list, and its result (None when it was skipped
    because its output existed)."""

    index: int
    task: Task
    result: Any
    skipped: bool = False


# -- outputs: a path, or a URL pyarrow opens --------------------------------------------------
def is_url(location: str) -> bool:
    """Whether ``location`` is a URL (``file:///data/t``, ``s3://bucket/t``) rather than a path.

    >>> is_url('file:///tmp/x'), is_url('/tmp/x'), is_url('C:/x')
    (True, False, False)
    """
    return _SCHEME.match(location) is not None


def local_path(location: str) -> str | None:
    """The file a location names on this machine: a path itself, a ``file://`` URL's path;
    None for a URL of another filesystem (``s3://``…), which only pyarrow opens.

    >>> local_path('/data/t.sqlite'), local_path('file:///data/my%20t.sqlite')
    ('/data/t.sqlite', '/data/my t.sqlite')
    >>> local_path('s3://bucket/t') is None, local_path('file://elsewhere/t') is None
    (True, True)
    """
    location = _check_location(location)
    if not is_url(location):
        return location
    if location[:7].lower() != "file://":
        return None
    from urllib.parse import unquote, urlsplit

    url = urlsplit(location)
    return unquote(url.path) if url.netloc in ("", "localhost") and url.path else None


def _pyarrow_fs(location: str) -> tuple[Any, str]:
    """The pyarrow filesystem of a URL and the path inside it."""
    try:
        fs: Any = importlib.import_module("pyarrow.fs")  # untyped: through Any
    except ImportError:
        raise ClusterError(
            f"the location {quote(location)} is a URL: opening it needs pyarrow, which is not "
            "installed here (give a path, or install pyarrow)"
        ) from None
    try:
        return fs.FileSystem.from_uri(location)  # type: ignore[no-any-return]
    except (ValueError, OSError, TypeError) as exc:
        raise ClusterError(f"pyarrow cannot open the location {quote(location)}: {exc}") from None


def _check_location(location: object) -> str:
    if not isinstance(location, str):
        raise ArgumentTypeError(
            f"an output location must be a path or URL (str), not {quote(location)}"
        )
    if not location or "\0" in location:
        raise ArgumentError(f"{quote(location)} is not an output location (a path or a URL)")
    return location


def output_exists(location: str) -> bool:
    """Whether a whole output is at ``location`` (a path, or a URL pyarrow opens)."""
    location = _check_location(location)
    if not is_url(location):
        return Path(location).is_file()
    fs, path = _pyarrow_fs(location)
    file_type = importlib.import_module("pyarrow.fs").FileType.File
    try:
        return bool(fs.get_file_info(path).type == file_type)
    except OSError as exc:
        raise ClusterError(f"cannot look at {quote(location)}: {exc}") from None


def write_atomic(location: str, data: bytes) -> None:
    """Write ``data`` at ``location`` whole or not at all: under a temporary name beside it,
    then renamed — so a task run twice (its worker died after writing) or cut off half-way
    leaves one whole output, never a torn one. The folder is made if missing."""
    import uuid

    location = _check_location(location)
    temp_suffix = f".tmp-{uuid.uuid4().hex}"
    if not is_url(location):
        target = Path(location)
        temp = target.with_name(target.name + temp_suffix)
        try:
            target.parent.mkdir(parents=True, exist_ok=True)
            with open(temp, "wb") as f:
                f.write(data)
                f.flush()
                os.fsync(f.fileno())
            os.replace(temp, target)
        except OSError as exc:
            with contextlib.suppress(OSError):
                temp.unlink()
            raise ClusterError(
                f"cannot write {quote_path(location)}: {exc.strerror or exc}"
            ) from None
        return
    fs, path = _pyarrow_fs(location)
    temp_path = path + temp_suffix
    try:
        parent = path.rsplit("/", 1)[0]
        if parent and parent != path:
            fs.create_dir(parent, recursive=True)
        with fs.open_output_stream(temp_path) as f:
            f.write(data)
        fs.move(temp_path, path)
    except OSError as exc:
        with contextlib.suppress(OSError):
            fs.delete_file(temp_path)
        raise ClusterError(f"cannot write {quote(location)}: {exc}") from None


def read_bytes(location: str) -> bytes:
    """What :func:`write_atomic` wrote at ``location``."""
    location = _check_location(location)
    try:
        if not is_url(location):
            return Path(location).read_bytes()
        fs, path = _pyarrow_fs(location)
        with fs.open_input_stream(path) as f:
            return bytes(f.read())
    except OSError as exc:
        shown = quote(location) if is_url(location) else quote_path(location)
        raise ClusterError(
            f"cannot read {shown}: {getattr(exc, 'strerror', None) or exc}"
        ) from None


# -- the runner --------------------------------------------------------------------------------
def _packed(fn: Callable[..., Any], *args: Any) -> bytes:
    """``fn(*args)`` pickled: a task's result travels back as one block of bytes. (Dask sends
    a list or a tuple item by item: a chunk's 4,096 rows as a list of tuples took 80 ms a
    chunk from a worker, more than making them.)"""
    import pickle

    return pickle.dumps(fn(*args), protocol=pickle.HIGHEST_PROTOCOL)


def _itself(obj: Any) -> Any:
    """``obj``: the task whose result :meth:`ChunkRunner.share` shares."""
    return obj


def _distributed() -> Any:
    """``dask.distributed``, imported when a cluster is first needed (untyped: through Any)."""
    return importlib.import_module("distributed")


def _workers_arg(workers: object) -> int | None:
    if workers is None:
        return None
    if not isinstance(workers, int) or isinstance(workers, bool):
        raise ArgumentTypeError(
            f"workers must be a number of processes (an int), not {quote(workers)}"
        )
    if not 1 <= workers <= MAX_WORKERS:
        raise ArgumentError(
            f"workers = {workers:,}; a local cluster has 1 to {MAX_WORKERS} worker processes"
        )
    return workers


class _Tally:
    """How many of a run's ``total`` tasks are done (skipped ones counted first), told to
    ``progress(done, total)`` as each ends; ``should_stop`` polled between them."""

    __slots__ = ("count", "progress", "should_stop", "total")

    def __init__(
        self,
        count: int,
        total: int,
        progress: Callable[[int, int], None] | None,
        should_stop: Callable[[], bool] | None,
    ) -> None:
        self.count = count
        self.total = total
        self.progress = progress
        self.should_stop = should_stop

    def tell(self) -> None:
        if self.progress is not None:
            self.progress(self.count, self.total)

    def one_done(self) -> None:
        self.count += 1
        self.tell()

    def stop_if_asked(self) -> None:
        """Raise :class:`~whistgui.engine.errors.Cancelled` if ``should_stop`` says so."""
        if self.should_stop is not None and self.should_stop():
            raise Cancelled(f"stopped after {self.count} of {self.total} chunks")


class ChunkRunner:
    """Where chunks run: in this process (no arguments), on a local Dask cluster of
    ``workers`` processes, or on the existing cluster whose scheduler is at ``scheduler``
    (``tcp://host:8786``, or ``host:8786``). A cluster is started (or connected to) when first
    needed and closed by :meth:`close` (a context manager closes it too); one the runner
    started is shut down, an existing one is only disconnected from.

    ``window`` is the most tasks queued or finished but not yet taken at once (default four
    a worker): memory stays bounded however many tasks there are.
    """

    def __init__(
        self,
        workers: int | None = None,
        *,
        scheduler: str | None = None,
        window: int | None = None,
    ) -> None:
        self.workers = _workers_arg(workers)
        if scheduler is not None:
            if not isinstance(scheduler, str):
                raise ArgumentTypeError(
                    f"scheduler must be an address (str), not {quote(scheduler)}"
                )
            if workers is not None:
                raise ArgumentError(
                    "give workers (a local cluster) or scheduler (an existing one), not both"
                )
            if not scheduler.strip() or any(c.isspace() for c in scheduler.strip()):
                raise ClusterError(
                    f"{quote(scheduler)} is not a scheduler's address; expected "
                    "tcp://HOST:PORT (as 'dask scheduler' prints it)"
                )
        self.scheduler = scheduler.strip() if scheduler is not None else None
        if window is not None and (not isinstance(window, int) or window < 1):
            raise ArgumentError(f"window must be a positive number of tasks, not {quote(window)}")
        self._window = window
        self._client: Any = None
        self._cluster: Any = None
        #: Seconds the cluster took to start (or to be reached): None until it is.
        self.start_seconds: float | None = None

    # -- where -----------------------------------------------------------------------------
    @property
    def local(self) -> bool:
        """True when the tasks run in this process."""
        return self.workers is None and self.scheduler is None

    @property
    def where(self) -> str:
        """Where the tasks run, for a message."""
        if self.scheduler is not None:
            return f"the Dask cluster at {quote(self.scheduler)}"
        if self.workers is not None:
            s = "" if self.workers == 1 else "es"
            return f"a local Dask cluster of {self.workers} worker process{s}"
        return "this process"

    def __repr__(self) -> str:
        if self.scheduler is not None:
            return f"ChunkRunner(scheduler={self.scheduler!r})"
        return (
            f"ChunkRunner(workers={self.workers!r})"
            if self.workers is not None
            else "ChunkRunner()"
        )

    # -- life ------------------------------------------------------------------------------
    def client(self) -> Any:
        """The ``distributed.Client`` (the cluster started or reached now if it was not yet);
        None in this process."""
        if self.local:
            return None
        if self._client is None:
            started = time.monotonic()
            self._client = self._connect()
            self.start_seconds = time.monotonic() - started
        return self._client

    def _connect(self) -> Any:
        try:
            dist = _distributed()
        except ImportError:
            raise ClusterError(
                "running on a Dask cluster needs dask.distributed, which is not installed here "
                "(pip install 'dask[distributed]')"
            ) from None
        if self.scheduler is not None:
            try:
                return dist.Client(self.scheduler, timeout=_CONNECT_TIMEOUT, set_as_default=False)
            except (OSError, TimeoutError, ValueError, TypeError) as exc:
                raise ClusterError(
                    f"cannot reach a Dask scheduler at {quote(self.scheduler)}: {exc} (start one "
                    "with 'dask scheduler', its workers with 'dask worker ADDRESS')"
                ) from None
        # Dask starts its workers with MALLOC_TRIM_THRESHOLD_=65536 (to give memory back to the
        # system sooner): glibc then maps and unmaps every large temporary of numpy, and the
        # kernel's chunks ran 3.5 times slower (0.4 s → 1.4 s a chunk of a million suits of
        # n = 13). Workers started without it; a nanny reads this once, restarts included.
        dask = importlib.import_module("dask")
        environ = dict(dask.config.get("distributed.nanny.pre-spawn-environ", {}))
        environ.pop("MALLOC_TRIM_THRESHOLD_", None)
        try:
            with dask.config.set({"distributed.nanny.pre-spawn-environ": environ}):
                self._cluster = dist.LocalCluster(
                    n_workers=self.workers,
                    threads_per_worker=1,
                    processes=True,
                    dashboard_address=":0",  # a free port: no warning when 8787 is taken
                    silence_logs=logging.CRITICAL,
                )
            return dist.Client(self._cluster, set_as_default=False)
        except (OSError, TimeoutError, RuntimeError, ValueError) as exc:
            self._close_cluster()
            raise ClusterError(f"cannot start {self.where}: {exc}") from None

    def close(self) -> None:
        """Disconnect from the cluster, and shut it down if this runner started it."""
        client, self._client = self._client, None
        if client is not None:
            with contextlib.suppress(Exception):  # closing what may be half gone
                client.close()
        self._close_cluster()

    def _close_cluster(self) -> None:
        cluster, self._cluster = self._cluster, None
        if cluster is not None:
            with contextlib.suppress(Exception):
                cluster.close()

    def __enter__(self) -> ChunkRunner:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def worker_count(self) -> int:
        """How many workers run the tasks (1 in this process)."""
        client = self.client()
        if client is None:
            return 1
        return max(1, len(client.scheduler_info().get("workers", {})))

    # -- work ------------------------------------------------------------------------------
    def share(self, obj: Any) -> Any:
        """``obj`` as an argument of many tasks — what the workers of a level need of the level
        before it — sent once to the cluster and fetched once by each worker that needs it. In
        this process, ``obj`` itself.

        It is made a task's result (the task returns ``obj``), not scattered: the scheduler
        keeps the task, so a worker that dies holding ``obj`` loses nothing — the task is run
        again elsewhere — where scattered data, lost with its worker, cannot be recovered."""
        client = self.client()
        if client is None:
            return obj
        return client.submit(_itself, obj, pure=False)

    def run(
        self,
        tasks: Sequence[Task],
        *,
        progress: Callable[[int, int], None] | None = None,
        should_stop: Callable[[], bool] | None = None,
        skip: Callable[[Task], bool] | None = None,
    ) -> Iterator[Done]:
        """Run ``tasks``, yielding each as :class:`Done` in their order. A task whose
        ``output`` exists, or for which ``skip(task)`` is True, is not run (``skipped``).
        ``progress(done, total)`` counts tasks (skipped ones first); ``should_stop`` is polled
        while waiting — True cancels the queued tasks, shuts down a cluster this runner
        started, and raises :class:`~whistgui.engine.errors.Cancelled`."""
        optional_callable(progress, "progress")
        optional_callable(should_stop, "should_stop")
        optional_callable(skip, "skip")
        tasks = list(tasks)
        for t in tasks:
            if not isinstance(t, Task):
                raise ArgumentTypeError(f"tasks must be Task objects, not {quote(t)}")
        done_already = [
            (t.output is not None and output_exists(t.output)) or (skip is not None and skip(t))
            for t in tasks
        ]
        tally = _Tally(sum(done_already), len(tasks), progress, should_stop)
        tally.tell()
        if self.local:
            yield from self._run_here(tasks, done_already, tally)
        else:
            yield from self._run_there(tasks, done_already, tally)

    def map(
        self,
        fn: Callable[..., Any],
        args: Sequence[tuple[Any, ...]],
        *,
        progress: Callable[[int, int], None] | None = None,
        should_stop: Callable[[], bool] | None = None,
    ) -> Iterator[Any]:
        """``fn(*a)`` for each ``a`` of ``args``, the results in that order: :meth:`run` of
        a task each, for a caller that hands over a function and its argument tuples (a
        store's fill: ``fill(store, upto, runner=runner.map)``).

        >>> list(ChunkRunner().map(divmod, [(7, 2), (9, 4)]))
        [(3, 1), (2, 1)]
        """
        tasks = [Task(fn, tuple(a)) for a in args]
        for done in self.run(tasks, progress=progress, should_stop=should_stop):
            yield done.result

    def _run_here(self, tasks: list[Task], skipped: list[bool], tally: _Tally) -> Iterator[Done]:
        for i, t in enumerate(tasks):
            if skipped[i]:
                yield Done(i, t, None, skipped=True)
                continue
            tally.stop_if_asked()
            result = t.fn(*t.args)
            tally.one_done()
            yield Done(i, t, result)

    def _run_there(self, tasks: list[Task], skipped: list[bool], tally: _Tally) -> Iterator[Done]:
        client = self.client()  # first: a missing dask is its ClusterError, not an ImportError
        wait = _distributed().wait
        total = len(tasks)
        window = self._window or 4 * self.worker_count()
        todo = iter([i for i in range(total) if not skipped[i]])
        running: dict[Any, int] = {}  # future → task index
        finished: dict[int, Any] = {}  # task index → result, until its turn comes
        turn = 0  # the next task to yield
        try:
            while True:
                while turn < total and (skipped[turn] or turn in finished):
                    tally.stop_if_asked()
                    if skipped[turn]:
                        yield Done(turn, tasks[turn], None, skipped=True)
                    else:
                        yield Done(turn, tasks[turn], finished.pop(turn))
                    turn += 1
                if turn >= total:
                    return
                while len(running) + len(finished) < window:
                    i = next(todo, None)
                    if i is None:
                        break
                    t = tasks[i]
                    # pure=False: a task run again (a resumed run) is run, not looked up
                    running[client.submit(_packed, t.fn, *t.args, pure=False)] = i
                tally.stop_if_asked()
                try:
                    with client.as_current():
                        ready, _ = wait(list(running), timeout=_POLL, return_when="FIRST_COMPLETED")
                except TimeoutError:
                    continue
                for future in ready:
                    i = running.pop(future)
                    finished[i] = self._result(future, i, total)
                    tally.one_done()
        except BaseException:
            if running:
                with contextlib.suppress(Exception):
                    client.cancel(list(running))
            if self._cluster is not None:  # ours: nothing else uses it
                self.close()
            raise

    def _result(self, future: Any, i: int, total: int) -> Any:
        import pickle

        dist = _distributed()
        try:
            return pickle.loads(future.result())  # what our own task pickled (_packed)
        except dist.client.FutureCancelledError as exc:
            raise ClusterError(
                f"chunk {i + 1} of {total} was cancelled by the cluster ({exc}); run the same "
                "command again"
            ) from None
        except dist.KilledWorker as exc:
            raise ClusterError(
                f"chunk {i + 1} of {total} was running on a worker that died each of the times "
                f"it was tried ({exc}); too little memory on the workers?"
            ) from None
