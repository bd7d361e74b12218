"""The GOPS session: the rules, the solved game (if it is), and the path walked from the start.

The path is a list of :class:`Step`: the start (no move), then each move taken — a prize
turned, or a pair of bids — with the state it led to. :attr:`GopsSession.index` is the step
the views show; going back (the breadcrumb, Back) only moves it, and a new move from a step
before the last replaces the steps after it (as a browser's history does). States are the
engine's immutable :class:`~whistgui.engine.gops.GopsState`; moves are checked by the engine
(an illegal one raises :class:`~whistgui.engine.IllegalPlayError` and changes nothing).

A solved game is the engine's :class:`~whistgui.engine.gops.GopsSolver` with its memo; it is
set by the explorer when a solve job finishes, and saved to a ``.gops`` file (JSON: the
format's name and version, the rules, the solver's ``to_json`` and the path) so that it can
be reopened without solving again. The memo is checked as it is read
(:meth:`~whistgui.engine.gops.GopsSolver.from_json`: its states and values within the rules,
its digest, the whole game, a sample of states computed again), so that a file changed after
it was saved is not shown as solved. Reading a file that is not a GOPS game, or fails a check,
raises :class:`~whistgui.app.document.DocumentError` quoting the file and naming the check,
and leaves the session as it was.

Signals: :attr:`~GopsSession.rulesChanged` (new rules; the path is back at the start),
:attr:`~GopsSession.pathChanged` (the path or the step shown), :attr:`~GopsSession.
solvedChanged` (a solver set or dropped), :attr:`~GopsSession.fileChanged` (the file),
:attr:`~GopsSession.opened` (a game read from a file, after the others).
"""

from __future__ import annotations

import gc
import json
import os
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

from PySide6.QtCore import QObject, Signal

from whistgui.app.document import DocumentError, read_file, write_atomically
from whistgui.engine import WhistError
from whistgui.engine.gops import GopsRules, GopsSolver, GopsState
from whistgui.engine.reading import json_error, quote_json, quote_path

__all__ = ["FILE_FORMAT", "FILE_SUFFIX", "GopsSession", "Move", "Saved", "Step"]

#: The name in a .gops file's ``format`` field, and its version: 2 since the solved game's memo
#: is sealed by its digest (version 1, with none, is read too; its memo is checked by a sample).
FILE_FORMAT: Final = "whistgui-gops"
FILE_VERSION: Final = 2
READ_VERSIONS: Final = (1, 2)
FILE_SUFFIX: Final = ".gops"
#: The largest .gops file read: twice the largest the app writes (the solved game of 8 cards
#: under sign scoring, memo included: 68 MB). A larger file is refused unread, so a field of
#: hundreds of megabytes never reaches the parser.
MAX_GOPS_BYTES: Final = 144 * 2**20
#: The fewest bytes a solved state takes in a .gops file (measured: 22.6 a state at N = 5 with
#: the sign result, 28.0 at N = 7, 34.4 with points): a solution whose states would pass
#: :data:`MAX_GOPS_BYTES` even so (over 7.5 million states) is not turned into text at all.
#: N = 9 with the sign result has 5,250,000: its text is built (6.6 s, 0.4 GB more at the
#: peak, measured in the app), found to be 187 MB, and left out.
_LEAST_STATE_BYTES: Final = 20
#: Integers of a .gops file longer than this are refused unread.
_MAX_DIGITS: Final = 30
#: Every digit byte as ``0``, every other as a space: a run of digits is then found by
#: ``bytes.find`` (linear, at C speed).
_DIGIT_BYTES: Final = bytes(0x30 if 0x30 <= i <= 0x39 else 0x20 for i in range(256))
_RUN: Final = re.compile(rb"[0-9]+")


#: What a move of a .gops file's "path" is, as the file writes it.
MOVES_EXPECTED: Final = '{"turn": 3} (the prize 3 turned) or {"bid": [4, 2]} (A bids 4, B bids 2)'


def _differ(ours: GopsRules, theirs: GopsRules) -> str:
    """What sets two rules apart, in words: ``'N differs'``, ``'the tie rule and the result
    differ'``."""
    parts = [
        what
        for what, a, b in (
            ("N", ours.n, theirs.n),
            ("the tie rule", ours.ties, theirs.ties),
            ("the result", ours.score, theirs.score),
        )
        if a != b
    ]
    return " and ".join(parts) + (" differs" if len(parts) == 1 else " differ")


@dataclass(frozen=True, slots=True)
class Move:
    """A prize turned (``prize``) or a pair of bids (``bids``: A's, B's)."""

    prize: int | None = None
    bids: tuple[int, int] | None = None

    def __post_init__(self) -> None:
        if (self.prize is None) == (self.bids is None):
            raise ValueError("a move is a prize turned or a pair of bids, exactly one")

    def apply(self, state: GopsState, rules: GopsRules) -> GopsState:
        if self.prize is not None:
            return state.turn(self.prize)
        assert self.bids is not None
        return state.bid(self.bids[0], self.bids[1], rules)

    def label(self) -> str:
        """For the breadcrumb: ``Prize 3``, ``A 4 · B 2``."""
        if self.prize is not None:
            return f"Prize {self.prize}"
        assert self.bids is not None
        return f"A {self.bids[0]} · B {self.bids[1]}"

    def to_json(self) -> dict[str, Any]:
        if self.prize is not None:
            return {"turn": self.prize}
        assert self.bids is not None
        return {"bid": list(self.bids)}

    @classmethod
    def from_json(cls, data: Any) -> Move:
        """A move :meth:`to_json` wrote; ValueError for anything else."""
        if isinstance(data, dict) and set(data) == {"turn"} and type(data["turn"]) is int:
            return cls(prize=data["turn"])
        if (
            isinstance(data, dict)
            and set(data) == {"bid"}
            and isinstance(data["bid"], list)
            and len(data["bid"]) == 2
            and all(type(x) is int for x in data["bid"])
        ):
            return cls(bids=(data["bid"][0], data["bid"][1]))
        raise ValueError(f"{quote_json(data)} is not a move; expected {MOVES_EXPECTED}")


@dataclass(frozen=True, slots=True)
class Step:
    """A state of the path and the move that led to it (None: the start)."""

    state: GopsState
    move: Move | None = None

    def label(self) -> str:
        return "Start" if self.move is None else self.move.label()


class GopsSession(QObject):
    """The rules, the solved game and the path walked through it."""

    #: GopsRules: new rules (the solver dropped, the path back at the start)
    rulesChanged = Signal(object)
    #: the path or the step shown changed: (steps, index)
    pathChanged = Signal(object, int)
    #: a solver was set (True) or dropped (False)
    solvedChanged = Signal(bool)
    #: Path | None: the file the game was saved to or read from
    fileChanged = Signal(object)
    #: Path: a game was read from this file (after the signals of what it changed)
    opened = Signal(object)

    def __init__(self, rules: GopsRules | None = None, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._rules = rules if rules is not None else GopsRules()
        self._steps: list[Step] = [Step(GopsState.start(self._rules.n))]
        self._index = 0
        self._solver: GopsSolver | None = None
        self._path: Path | None = None
        #: counts solvers set: a job's result for an older solver is stale
        self.generation = 0

    # -- state ------------------------------------------------------------------------------
    @property
    def rules(self) -> GopsRules:
        return self._rules

    @property
    def steps(self) -> list[Step]:
        """The path, from the start (a copy)."""
        return list(self._steps)

    @property
    def index(self) -> int:
        """The step shown."""
        return self._index

    @property
    def state(self) -> GopsState:
        """The state shown."""
        return self._steps[self._index].state

    @property
    def solver(self) -> GopsSolver | None:
        """The solved game for the rules (None until solved). Used on the engine's thread."""
        return self._solver

    @property
    def solved(self) -> bool:
        return self._solver is not None

    @property
    def file_path(self) -> Path | None:
        return self._path

    # -- changing it ------------------------------------------------------------------------
    def set_rules(self, rules: GopsRules) -> None:
        """Play by ``rules``: the path starts again; the solver is dropped unless the rules
        are the ones it solved."""
        if rules == self._rules:
            return
        self._rules = rules
        had = self._solver is not None
        self._solver = None
        self.generation += 1
        self._set_path(None)
        self._steps = [Step(GopsState.start(rules.n))]
        self._index = 0
        self.rulesChanged.emit(rules)
        if had:
            self.solvedChanged.emit(False)
        self.pathChanged.emit(self.steps, self._index)

    def set_solver(self, solver: GopsSolver) -> None:
        """The solved game (its rules must be the session's)."""
        if solver.rules != self._rules:
            raise ValueError(
                f"a solved game of {solver.rules.describe()}; the session plays "
                f"{self._rules.describe()} ({_differ(solver.rules, self._rules)})"
            )
        self._solver = solver
        self.generation += 1
        self.solvedChanged.emit(True)

    def play(self, move: Move) -> GopsState:
        """Take ``move`` from the state shown (the steps after it are replaced, unless the
        move is the next step's); IllegalPlayError (nothing changed) if the rules forbid it."""
        state = move.apply(self.state, self._rules)
        following = self._index + 1
        if following < len(self._steps) and self._steps[following].move == move:
            self._index = following
        else:
            del self._steps[following:]
            self._steps.append(Step(state, move))
            self._index = following
        self.pathChanged.emit(self.steps, self._index)
        return state

    def turn(self, prize: int) -> GopsState:
        """Turn ``prize`` (a chance state's)."""
        return self.play(Move(prize=prize))

    def bid(self, i: int, j: int) -> GopsState:
        """A bids ``i``, B bids ``j`` (a bidding state's)."""
        return self.play(Move(bids=(i, j)))

    def go_to(self, index: int) -> None:
        """Show step ``index`` of the path (the path is kept)."""
        if not 0 <= index < len(self._steps):
            raise IndexError(f"step {index}: the path has steps 0 to {len(self._steps) - 1}")
        if index != self._index:
            self._index = index
            self.pathChanged.emit(self.steps, self._index)

    def back(self) -> bool:
        if self._index == 0:
            return False
        self.go_to(self._index - 1)
        return True

    def forward(self) -> bool:
        if self._index + 1 >= len(self._steps):
            return False
        self.go_to(self._index + 1)
        return True

    def to_start(self) -> None:
        self.go_to(0)

    # -- files ------------------------------------------------------------------------------
    def to_json(self, *, with_solver: bool = True) -> dict[str, Any]:
        """The game as a .gops file holds it: the rules, the path and the step shown, and
        (``with_solver``) the solver's memo, None if unsolved. Reading the memo must happen
        where no job is using the solver: the explorer adds it on the engine's thread."""
        data: dict[str, Any] = {
            "format": FILE_FORMAT,
            "version": FILE_VERSION,
            "rules": self._rules.to_json(),
            "path": [s.move.to_json() for s in self._steps[1:] if s.move is not None],
            "index": self._index,
        }
        if with_solver:
            data["solver"] = self._solver.to_json() if self._solver is not None else None
        return data

    def save(self, path: str | os.PathLike[str], data: dict[str, Any] | None = None) -> Path:
        """Write the game (or ``data``, what :meth:`to_json` gave) to ``path`` atomically;
        DocumentError naming the file if it cannot be written. Safe on any thread; the
        session's file is set by :meth:`mark_saved`."""
        text = json.dumps(self.to_json() if data is None else data, separators=(",", ":"))
        write_atomically(text + "\n", path)
        return Path(path)

    def save_game(
        self, path: str | os.PathLike[str], head: dict[str, Any], solver: GopsSolver | None
    ) -> Saved:
        """Write ``head`` (:meth:`to_json` without the solver) and ``solver``'s memo to
        ``path``, on the thread that owns the solver. A solution too large to be opened
        again (a file over :data:`MAX_GOPS_BYTES`) is left out — told by ``left_out`` — and
        the file keeps the rules and the path: opening it solves the game again."""
        data = dict(head)
        data["solver"] = None
        left_out = ""
        if solver is not None:
            least = solver.memo_size * _LEAST_STATE_BYTES
            if least > MAX_GOPS_BYTES:
                left_out = _too_large(solver.memo_size, f"over {_mb(least)}")
            else:
                data["solver"] = solver.to_json()
                text = json.dumps(data, separators=(",", ":"))
                if len(text) <= MAX_GOPS_BYTES:
                    write_atomically(text + "\n", path)
                    return Saved(Path(path), "")
                left_out = _too_large(solver.memo_size, _mb(len(text)))
                data["solver"] = None
        self.save(path, data)
        return Saved(Path(path), left_out)

    def mark_saved(self, path: str | os.PathLike[str]) -> None:
        self._set_path(Path(path))

    def open(self, path: str | os.PathLike[str]) -> None:
        """Read the game saved in ``path``: its rules, solver and path. DocumentError quoting
        the file (and nothing changed) if it cannot be read or is not a GOPS game."""
        rules, solver, steps, index = read_gops(path)
        self._rules = rules
        self._solver = solver
        self.generation += 1
        self._steps = steps
        self._index = index
        self._set_path(Path(path))
        self.rulesChanged.emit(rules)
        self.solvedChanged.emit(solver is not None)
        self.pathChanged.emit(self.steps, self._index)
        self.opened.emit(Path(path))

    def _set_path(self, path: Path | None) -> None:
        if path != self._path:
            self._path = path
            self.fileChanged.emit(path)


@dataclass(frozen=True)
class Saved:
    """A game written by :meth:`GopsSession.save_game`: where, and why its solution was left
    out ('' if it was not)."""

    path: Path
    left_out: str


def _mb(size: int) -> str:
    return f"{size / 1e6:,.0f} MB"


def _too_large(states: int, size: str) -> str:
    return (
        f"its {states:,} solved states would make a file of {size}, and a .gops file of over "
        f"{_mb(MAX_GOPS_BYTES)} is not opened"
    )


def long_number(raw: bytes, step: int = 1 << 20) -> bytes | None:
    """The first run of over ``_MAX_DIGITS`` digits in ``raw`` (None if there is none), found
    in linear time and a megabyte of memory at a time: such a number is refused before JSON
    reads it (a 5000-digit one makes Python's ``int`` fail, a 4000-digit one is slow)."""
    needle = b"0" * (_MAX_DIGITS + 1)
    for start in range(0, len(raw), step):
        # the overlap: a run that starts in this megabyte is seen whole up to its limit
        at = raw[start : start + step + _MAX_DIGITS].translate(_DIGIT_BYTES).find(needle)
        if at >= 0:
            run = _RUN.match(raw, start + at)
            assert run is not None
            return run.group()
    return None


def read_gops(
    path: str | os.PathLike[str],
) -> tuple[GopsRules, GopsSolver | None, list[Step], int]:
    """The rules, solver, path and step of a .gops file; DocumentError quoting the file."""
    name = os.fspath(path)

    def bad(why: str) -> DocumentError:
        if "digest does not match" in why:  # review 31b, X5: a changed file, said plainly
            return DocumentError(
                f"{quote_path(name)} was changed after it was saved: its digest does not match "
                "its solution, so the solution is not trusted and the file is not opened"
            )
        return DocumentError(f"{quote_path(name)} is not a GOPS game: {why}")

    raw = read_file(name, "a .gops file", MAX_GOPS_BYTES)
    digits = long_number(raw)
    if digits is not None:  # no number of a GOPS game is near so long
        raise bad(
            f"it holds the {len(digits)}-digit number {digits[:12].decode()}…; no number of a "
            f"GOPS game has over {_MAX_DIGITS} digits"
        )
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise bad("it is not UTF-8 text") from exc
    del raw  # the text is parsed alone: the bytes need not stay beside it and its objects
    collecting = gc.isenabled()
    gc.disable()  # millions of lists, no cycle: collecting as they are made tripled the time
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise bad(f"invalid JSON {json_error(exc)}; expected JSON") from exc
    except RecursionError:
        raise bad("its JSON is nested too deeply") from None
    finally:
        if collecting:
            gc.enable()
    if not isinstance(data, dict) or data.get("format") != FILE_FORMAT:
        raise bad(f'expected a JSON object with "format": "{FILE_FORMAT}"')
    version = data.get("version")
    if type(version) is not int or version not in READ_VERSIONS:
        expected = " or ".join(map(str, READ_VERSIONS))
        raise bad(f'"version" {quote_json(version)}; expected {expected}')
    try:
        rules = GopsRules.from_json(data.get("rules"))
        solver = None
        if data.get("solver") is not None:
            inner = data["solver"]
            if version >= 2 and isinstance(inner, dict) and inner.get("version") == 1:
                raise bad(
                    f"a game file of version {version} holds a solved game of version 1, "
                    "with no digest; a file of version 2 seals its memo with one"
                )
            solver = GopsSolver.from_json(inner)
            if solver.rules != rules:
                raise bad(
                    f'its solved game ("solver") is of {solver.rules.describe()}, but its '
                    f'"rules" are {rules.describe()} ({_differ(solver.rules, rules)})'
                )
        moves = data.get("path", [])
        if not isinstance(moves, list):
            raise bad('"path" is not a list of moves')
        steps = [Step(GopsState.start(rules.n))]
        for number, m in enumerate(moves, start=1):
            try:
                move = Move.from_json(m)
                steps.append(Step(move.apply(steps[-1].state, rules), move))
            except (WhistError, ValueError) as exc:
                raise bad(f'move {number} of its "path": {exc}') from exc
        index = data.get("index", len(steps) - 1)
        if type(index) is not int or not 0 <= index < len(steps):
            raise bad(f'"index" {quote_json(index)}; expected a step from 0 to {len(steps) - 1}')
    except DocumentError:
        raise
    except (WhistError, ValueError, TypeError, KeyError) as exc:
        raise bad(str(exc)) from exc
    return rules, solver, steps, index
