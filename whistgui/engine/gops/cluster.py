"""GOPS solved level by level in chunks, on a Dask cluster or in this process (issue 30): the
level structure of :mod:`~whistgui.engine.gops.levels` run by issue 21's
:class:`~whistgui.engine.tables.cluster.ChunkRunner`.

A state with k prizes face down depends only on states with k − 1, so a level's states split
into chunks that need nothing of each other: each chunk of keys is one task, valued by the code
:func:`~whistgui.engine.gops.levels.fill` runs a chunk at a time (:meth:`_Level.bid_chunk`,
:meth:`_Level.chance_chunk`; the keys of the level below by :meth:`_Level.below_chunk`) — no
second copy of the game. What a level's chunks share, the sorted keys and values of the level
below, is sent to the cluster once a level (:meth:`ChunkRunner.share`) and fetched once by each
worker; each chunk's keys travel with its task, its values come back to this process, which
writes them into the recursion's memo as :func:`fill` does — so the values are ``fill``'s, bit
for bit, wherever the chunks ran.

>>> from whistgui.engine.gops.levels import fill
>>> from whistgui.engine.gops.recursion import GopsRecursion
>>> from whistgui.engine.gops.rules import GopsRules
>>> from whistgui.engine.tables.cluster import ChunkRunner
>>> here, there = GopsRecursion(GopsRules(5)), GopsRecursion(GopsRules(5))
>>> fill(here), fill_in_chunks(there, ChunkRunner(), chunk=100)
(4071, 4071)
>>> here._bid_memo == there._bid_memo and here._chance_memo == there._chance_memo
True
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from whistgui.engine.checks import expect
from whistgui.engine.errors import ArgumentError, ArgumentTypeError
from whistgui.engine.gops.levels import CHUNK, Floats, Ints, _distinct, _Level, fill_by
from whistgui.engine.gops.recursion import GopsRecursion
from whistgui.engine.gops.rules import GopsRules
from whistgui.engine.reading import quote
from whistgui.engine.tables.cluster import ChunkRunner, Task

__all__ = ["Moved", "SpreadLevel", "fill_in_chunks", "keys_chunk", "values_chunk"]

#: The kinds of a level's chunk: its bidding states' matrix games, its chance states' averages.
_KINDS = ("bid", "chance")
#: The steps down from a chunk of keys: after the bids (bidding keys), after a prize (chance).
_STEPS = ("bid", "prize")


def _one_of(value: object, allowed: tuple[str, ...], name: str) -> str:
    if value not in allowed:
        raise ArgumentError(f"{name} {quote(value)}: expected one of {', '.join(allowed)}")
    return str(value)


def _worker_level(rules: GopsRules) -> _Level:
    """The level-by-level solver a chunk runs on: a bare recursion of ``rules`` (its table of
    bids for each pair of hands is filled as the chunk asks)."""
    return _Level(GopsRecursion(rules))


def values_chunk(
    rules: GopsRules, kind: str, part: Ints, k: int, below: tuple[Ints, Floats]
) -> Floats:
    """The values of a chunk of keys of one level (k cards a hand; ``kind`` "bid": bidding
    keys, their matrix games; "chance": chance keys, the average over the next prize), from
    ``below``, the sorted keys and values of the level under it: a task of
    :func:`fill_in_chunks`, which any worker runs."""
    level = _worker_level(rules)
    if _one_of(kind, _KINDS, "kind") == "bid":
        return level.bid_chunk(part, k, below)
    return level.chance_chunk(part, k, below)


def keys_chunk(rules: GopsRules, step: str, part: Ints, k: int) -> Ints:
    """The distinct keys below a chunk of keys (``step`` "bid": the chance states after the
    bids of bidding keys; "prize": the bidding states after the prizes of chance keys),
    sorted: a task of :func:`fill_in_chunks`'s pass from the top down."""
    return _worker_level(rules).below_chunk(part, k, _one_of(step, _STEPS, "step"))


@dataclass
class Moved:
    """What a spread fill moved, in bytes of numpy data (pickling adds a little to each):
    ``sent``, the chunks' keys sent with their tasks; ``shared``, the levels below sent once
    each (each worker that runs a chunk of the level fetches it once more); ``back``, the
    chunks' results gathered here; ``tasks``, how many chunks ran."""

    sent: int = 0
    shared: int = 0
    back: int = 0
    tasks: int = 0

    def total(self) -> int:
        return self.sent + self.shared + self.back


class SpreadLevel(_Level):
    """A :class:`_Level` whose passes over a level — the keys below it, its values — run as
    chunks of ``chunk`` keys on ``runner``; the recursion's ``should_stop`` and ``progress``
    are told as the chunks come back (in their order), and :attr:`moved` counts the bytes."""

    def __init__(self, rec: GopsRecursion, runner: ChunkRunner, chunk: int = CHUNK) -> None:
        super().__init__(rec)
        self.runner = runner
        self.chunk = chunk
        self.moved = Moved()

    def _parts(self, keys: Ints) -> list[Ints]:
        return [keys[lo : lo + self.chunk] for lo in range(0, len(keys), self.chunk)]

    def _run(self, tasks: list[Task], counts: list[int], games: bool = False) -> list[Any]:
        """The tasks' results in order, each chunk ticked as it comes back (``counts``: the
        states each values; 0 for the keys below)."""
        out = []
        for done in self.runner.run(tasks, should_stop=self.rec.should_stop):
            result = done.result
            self.moved.back += int(result.nbytes)
            out.append(result)
            self.tick(counts[done.index], games=games)
        self.moved.tasks += len(tasks)
        return out

    def below(self, keys: Ints, k: int, step: str) -> Ints:
        rules = self.rec.rules
        parts = self._parts(keys)
        self.moved.sent += int(keys.nbytes)
        tasks = [Task(keys_chunk, (rules, step, p, k)) for p in parts]
        found = self._run(tasks, [0] * len(parts))
        return _distinct(np.concatenate(found)) if found else np.empty(0, dtype=np.int64)

    def _values(self, kind: str, keys: Ints, k: int, below: tuple[Ints, Floats]) -> Floats:
        rules = self.rec.rules
        parts = self._parts(keys)
        shared = self.runner.share(below) if parts else below
        self.moved.shared += int(below[0].nbytes + below[1].nbytes)
        self.moved.sent += int(keys.nbytes)
        tasks = [Task(values_chunk, (rules, kind, p, k, shared)) for p in parts]
        values = self._run(tasks, [len(p) for p in parts], games=kind == "bid")
        return np.concatenate(values) if values else np.empty(0)

    def bid_values(self, keys: Ints, k: int, below: tuple[Ints, Floats]) -> Floats:
        return self._values("bid", keys, k, below)

    def chance_values(self, keys: Ints, k: int, below: tuple[Ints, Floats]) -> Floats:
        return self._values("chance", keys, k, below)


def fill_in_chunks(
    rec: GopsRecursion, runner: ChunkRunner, *, chunk: int = CHUNK, moved: Moved | None = None
) -> int:
    """:func:`~whistgui.engine.gops.levels.fill` with each level's passes split into chunks of
    ``chunk`` keys run by ``runner`` (this process, a local Dask cluster, an existing one):
    every state of the whole game valued into ``rec``'s memo, the same values as ``fill``'s;
    the number of states written. ``moved``, if given, is told the bytes moved
    (:class:`Moved`). ``should_stop`` is polled while the chunks run (True: Cancelled; the
    levels written so far stay, correct)."""
    expect(rec, GopsRecursion, "rec")
    expect(runner, ChunkRunner, "runner", "a ChunkRunner (whistgui.engine.tables.cluster)")
    if not isinstance(chunk, int) or isinstance(chunk, bool):
        raise ArgumentTypeError(f"chunk must be a number of states (an int), not {quote(chunk)}")
    if chunk < 1:
        raise ArgumentError(f"chunk = {chunk:,}; a chunk holds at least one state")
    if moved is not None:
        expect(moved, Moved, "moved")
    runner.client()  # the cluster started (or reached) first: a ClusterError if it cannot be
    spread = SpreadLevel(rec, runner, chunk)
    written = fill_by(spread)
    if moved is not None:
        moved.sent += spread.moved.sent
        moved.shared += spread.moved.shared
        moved.back += spread.moved.back
        moved.tasks += spread.moved.tasks
    return written
