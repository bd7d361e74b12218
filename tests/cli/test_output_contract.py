"""The output contract of every ``whist`` command that takes ``--json``, checked on the
installed command run as a real process (issue 23): in-process tests with ``capsys`` cannot see
what a C library writes to file descriptor 1 (HiGHS 1.16's banner "Running HiGHS …" headed
every ``gops`` command's output, ``--json`` included, and no test saw it).

For each row of :data:`CONTRACTS`, with a small input:

- with ``--json`` standard output is JSON and nothing else — one object per line (per deal),
  or one object on one line where the command promises one (``gops``, ``conjectures``,
  ``quotient``) — as valid UTF-8, standard error empty, exit status 0;
- without it, the first line printed is the command's own first line (worked out here from the
  input, not pasted from a run);
- a bad input with ``--json`` exits 2 with its message on standard error, and standard output
  holds nothing but JSON: the other deals' answers and an ``"error"`` object in the refused
  deal's place for the commands that take deals, the error object alone for a command of one
  answer (``compare``), nothing for the others.

A command that gains ``--json`` needs a row: :func:`test_every_json_command_has_a_row` walks
the parser. Later issues add rows to :data:`CONTRACTS`.
"""

from __future__ import annotations

import argparse
import functools
import json
import re
import subprocess
import sys
import warnings
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

import pytest

from tests.bridge_records_files import lin_text, records
from whistgui.cli import build_parser
from whistgui.engine import Deal, Player
from whistgui.engine.bridge import BridgeDeal
from whistgui.engine.games import GAMES
from whistgui.engine.gops import GopsRules, GopsState
from whistgui.engine.trick.notation import format_suit_paper

#: What the contract asks of one process: an exit status in under this many seconds.
PROCESS_TIMEOUT = 120


# --- the commands -----------------------------------------------------------------------------


@dataclass(frozen=True)
class Contract:
    """One ``whist`` command with a small input, and what its output promises."""

    #: The subcommand's words: ``("gops", "state")``.
    command: tuple[str, ...]
    #: Its arguments (a small input), without ``--json``.
    args: tuple[str, ...]
    #: The first line of its plain-text output: a string it equals, or a pattern it matches
    #: whole; worked out from the input when called.
    first_line: Callable[[], str | re.Pattern[str]]
    #: ``"lines"``: one JSON object per line (per deal, per row); ``"one"``: the whole output
    #: one JSON object, on one line.
    json: Literal["lines", "one"]
    #: Keys every answer object (not an error object) has.
    keys: frozenset[str]
    #: Arguments with a bad input, run with ``--json``: exit status 2.
    bad: tuple[str, ...]
    #: What standard output holds then: ``"errors"`` — JSON only, an object with ``"error"``
    #: in the refused deal's place and the good deals' answers; ``"error"`` — that object
    #: alone, ``{"game", "error", "input"}`` (a command of one answer); ``"nothing"``.
    bad_output: Literal["errors", "error", "nothing"]
    #: Standard input (for an argument ``-``).
    stdin: str = ""
    #: Standard input of the bad run, if not :attr:`stdin`.
    bad_stdin: str | None = None
    #: A name for the test id when the command has several rows.
    label: str = field(default="")

    @property
    def id(self) -> str:
        return " ".join(self.command) + (f" ({self.label})" if self.label else "")


def _deal(text: str) -> Callable[[], str]:
    """The first line of ``value`` and ``solve``: the deal as the engine writes it."""
    return lambda: str(Deal.parse(text))


def _bridge_deal(text: str) -> Callable[[], str]:
    """The first line of every ``bridge`` command: the deal in PBN."""
    return lambda: BridgeDeal.parse(text).to_pbn()


def _gops(n: int) -> Callable[[], str]:
    """The first line of every ``gops`` command: the rules (the thread's by default)."""
    return lambda: f"GOPS: {GopsRules(n).describe()}"


_RANK = "[2-9TJQKA]"


def _listed_suit(n: int) -> Callable[[], re.Pattern[str]]:
    """The first line of ``table N``: a suit of N cards a hand, East holding the top card (the
    ace), and its value."""
    return lambda: re.compile(rf"{_RANK}{{{n}}}/A{_RANK}{{{n - 1}}}\t.+")


def _largest_card(state: str) -> int:
    """``gops state``'s default N: the largest card the state holds."""
    s = GopsState.parse(state)
    return max(*s.a, *s.b, *s.prizes)


#: A deal of two suits, and a deal that is refused (a suit with two '/').
DEAL, BAD_DEAL = "AQ/KJ K/A", "AQ/KJ/X"
#: One suit for ``analyze``; a deal to play.
SUIT, PLAY_DEAL = "AJ9/KQT", "KJ/AQ A/K"
#: A full bridge deal, and one refused (the ♣A in North's and West's hands).
BRIDGE = "N:AKQ2.KJ3.T98.A54 J876.Q54.AK2.J32 T943.A987.QJ4.K7 5.T62.7653.QT986"
BAD_BRIDGE = "N:AKQ2.KJ3.T98.A54 J876.Q54.AK2.J32 T943.A987.QJ4.K7 5.T62.7653.QT98A"
CONTRACT = ("--contract", "3NT", "--declarer", "N")
#: Two boards with auctions and played lines, as BBO's LIN (written by endplay's writer); the
#: same with the first board's hands unreadable.
PLAYED_LIN = lin_text(records(2))
BAD_PLAYED_LIN = PLAYED_LIN.replace("md|3", "md|3ZZ", 1)
#: GOPS of N = 4: the smallest whose matrix games go to HiGHS (its banner headed the output).
GOPS_N = 4
#: A bidding state of N = 4 (its largest card), solved by HiGHS.
GOPS_STATE = "prizes=1,2 a=1,2,3 b=1,2,4 pot=3"
#: A state whose hands differ in size.
BAD_GOPS_STATE = "prizes=1,2 a=1 b=1,2 pot=3"

#: ``table N``, ``conjectures --upto N``, ``quotient --max-cards K``: small, a fraction of a
#: second each.
TABLE_N, UPTO, MAX_CARDS = 3, 2, 1

GAME = frozenset({"game"})

#: A position of heaps (strange algebra §6) and one that is not.
HEAPS, BAD_HEAPS = "3 4 6", "3 x 6"

CONTRACTS: tuple[Contract, ...] = (
    Contract(
        ("value",),
        (DEAL,),
        _deal(DEAL),
        "lines",
        GAME | {"deal", "value", "outcome"},
        (DEAL, BAD_DEAL),
        "errors",
    ),
    Contract(
        ("value",),
        ("-",),
        _deal("A/K"),
        "lines",
        GAME | {"deal", "value", "outcome"},
        ("-", BAD_DEAL),
        "errors",
        stdin="# deals, one a line\nA/K\r\n\nKQ/AJ\n",
        label="standard input",
    ),
    Contract(
        ("analyze",),
        (SUIT,),
        lambda: f"{Deal.parse(SUIT).suits[0]}   {format_suit_paper(Deal.parse(SUIT).suits[0])}",
        "lines",
        GAME | {"suit", "value"},
        (SUIT, BAD_DEAL),
        "errors",
    ),
    Contract(
        ("solve",),
        (DEAL,),
        _deal(DEAL),
        "lines",
        GAME | {"deal", "outcome", "best"},
        (DEAL, BAD_DEAL),
        "errors",
    ),
    Contract(
        ("solve",),
        (HEAPS, "--game", "nim"),
        lambda: f"{HEAPS}   (nim)",
        "lines",
        GAME | {"position", "outcome"},
        (HEAPS, BAD_HEAPS, "--game", "nim"),
        "errors",
        label="heaps",
    ),
    Contract(
        ("value",),
        (HEAPS, "--game", "nim"),
        lambda: f"{HEAPS}   (nim)",
        "lines",
        GAME | {"position", "components", "element", "outcome"},
        (HEAPS, BAD_HEAPS, "--game", "nim"),
        "errors",
        label="heaps",
    ),
    Contract(
        ("play",),
        (PLAY_DEAL, "--lead", "E"),
        lambda: f"{Deal.parse(PLAY_DEAL)} — {Player.parse('E').word} on lead",
        "lines",
        GAME,  # a line a card, then the outcome
        (PLAY_DEAL, BAD_DEAL, "--lead", "E"),
        "errors",
    ),
    Contract(
        ("compare",),
        ("K/A", "A/K"),
        lambda: f"{Deal.parse('K/A')}  <  {Deal.parse('A/K')}",
        "one",
        {"relation", "values", "witnesses"},  # the shape issue 28 fixes
        ("K/A", BAD_DEAL),
        "error",
    ),
    Contract(
        ("table",),
        (str(TABLE_N),),
        _listed_suit(TABLE_N),
        "lines",
        GAME | {"west", "east", "value"},
        ("16",),  # beyond what it lists
        "nothing",
    ),
    Contract(
        ("table",),
        ("--upto", "2"),
        # n, the suit, its value …: first the suits of 1 card a hand
        lambda: re.compile(rf"1\t{_RANK}/{_RANK}\t.+"),
        "lines",
        GAME | {"n", "suit", "value"},
        ("--upto", "99"),
        "nothing",
        label="--upto",
    ),
    Contract(
        ("conjectures",),
        ("--upto", str(UPTO)),
        lambda: re.compile(rf"every single suit of n ≤ {UPTO} cards a hand by its value \(\w+\).*"),
        "one",
        GAME | {"upto", "ok", "statements"},
        ("--upto", "99"),
        "nothing",
    ),
    Contract(
        ("games",),
        (),
        lambda: f"{GAMES[0].name}  —  {GAMES[0].title}",
        "lines",
        GAME | {"name", "rules"},
        ("--bogus",),  # it takes no input: an unknown option
        "nothing",
    ),
    Contract(
        ("quotient",),
        ("--max-cards", str(MAX_CARDS)),
        lambda: re.compile(rf"whist: \d+ positions up to {MAX_CARDS} cards a hand, classed by .*"),
        "one",
        GAME | {"max_cards", "classes"},
        ("--max-cards", "6"),
        "nothing",
    ),
    Contract(
        ("quotient",),
        ("--game", "nim", "--max-heap", "3", "--max-heaps", "2"),
        lambda: re.compile(r"nim: \d+ positions of at most 2 heaps of 1 to 3 counters, .*"),
        "one",
        GAME | {"max_heap", "max_heaps", "classes", "table", "class_list"},
        ("--game", "nim", "--max-heap", "3"),
        "nothing",
        label="heaps",
    ),
    Contract(
        ("gops", "matrix"),
        ("--n", str(GOPS_N), "--first", "2"),
        _gops(GOPS_N),
        "one",
        frozenset({"rules", "matrix", "value"}),
        ("--n", str(GOPS_N), "--first", str(GOPS_N + 1)),
        "nothing",
    ),
    Contract(
        ("gops", "state"),
        (GOPS_STATE,),
        _gops(_largest_card(GOPS_STATE)),
        "one",
        frozenset({"rules", "state", "value"}),
        (BAD_GOPS_STATE,),
        "nothing",
    ),
    Contract(
        ("gops", "state"),
        (GOPS_STATE, "--exact"),
        _gops(_largest_card(GOPS_STATE)),
        "one",
        frozenset({"rules", "state", "value"}),
        (BAD_GOPS_STATE, "--exact"),
        "nothing",
        label="--exact",
    ),
    Contract(
        ("gops", "solve"),
        ("--n", str(GOPS_N)),
        _gops(GOPS_N),
        "one",
        frozenset({"rules", "value", "first"}),
        ("--n", "10"),  # beyond what it solves (with the sign)
        "nothing",
    ),
    Contract(
        ("gops", "play"),
        ("--n", "4", "--a", "face", "--b", "face+1"),
        _gops(4),
        "one",
        frozenset({"value", "exact", "distribution", "scores", "rules"}),
        ("--n", "4", "--a", "face+9", "--b", "face"),
        "nothing",
    ),
    Contract(
        ("gops", "best-response"),
        ("--n", "4", "--against", "face"),
        _gops(4),
        "one",
        frozenset({"value", "exact", "game_value", "exploitability", "reply"}),
        ("--n", "4", "--against", "nonsense"),
        "nothing",
    ),
    Contract(
        ("gops", "tournament"),
        ("--n", "4", "--strategies", "face,face+1,random"),
        _gops(4),
        "one",
        frozenset({"rules", "strategies", "matrix", "exact"}),
        ("--n", "4", "--strategies", "face,,random"),
        "nothing",
    ),
    Contract(
        ("gops", "matrix-game"),
        ("[[3,-4],[-1,1]]", "--exact"),
        lambda: "a matrix game read as a 2 × 2 matrix (2 rows, 2 columns); rows maximise",
        "one",
        frozenset({"value", "row_strategy", "column_strategy"}),
        ("[[1,2],[3]]",),
        "nothing",
    ),
    Contract(
        ("bridge", "table"),
        (BRIDGE,),
        _bridge_deal(BRIDGE),
        "lines",
        frozenset({"deal", "tricks", "par", "par_text"}),
        (BRIDGE, BAD_BRIDGE),
        "errors",
    ),
    Contract(
        ("bridge", "solve"),
        (BRIDGE, *CONTRACT),
        _bridge_deal(BRIDGE),
        "lines",
        frozenset({"deal", "contract", "tricks"}),
        (BRIDGE, BAD_BRIDGE, *CONTRACT),
        "errors",
    ),
    Contract(
        ("bridge", "line"),
        (BRIDGE, *CONTRACT),
        _bridge_deal(BRIDGE),
        "lines",
        frozenset({"deal", "contract", "line"}),
        (BRIDGE, BAD_BRIDGE, *CONTRACT),
        "errors",
    ),
    Contract(
        ("bridge", "leads"),
        (BRIDGE, *CONTRACT),
        _bridge_deal(BRIDGE),
        "lines",
        frozenset({"deal", "contract", "declarer", "leader", "leads", "tricks"}),
        (BRIDGE, BAD_BRIDGE, *CONTRACT),
        "errors",
    ),
    Contract(
        ("bridge", "analyse"),
        ("-",),
        lambda: re.compile(r"Board 1: .* by \w+, \w+ leads; .*"),
        "lines",
        frozenset({"board", "contract", "declarer", "cards"}),
        ("-",),
        "errors",
        stdin=PLAYED_LIN,
        bad_stdin=BAD_PLAYED_LIN,
    ),
    Contract(
        ("bridge", "deal"),
        ("--constraint", "hcp(south) >= 15", "--count", "2", "--seed", "1"),
        lambda: re.compile(r"N:(\S+ ){3}\S+"),
        "lines",
        frozenset({"board", "deal"}),
        ("--constraint", "hcp(south) >="),
        "error",
    ),
)


# --- running the installed command ------------------------------------------------------------


@functools.cache
def whist_command() -> tuple[str, ...]:
    """The installed ``whist`` script, beside this interpreter (``bin/`` of the virtual
    environment); ``python -m whistgui.cli`` only if there is none, with a warning."""
    for name in ("whist", "whist.exe"):
        script = Path(sys.executable).parent / name
        if script.is_file():
            return (str(script),)
    warnings.warn(
        f"no 'whist' script beside {sys.executable}: the output contract is tested through "
        "'python -m whistgui.cli', not the installed entry point (pip install -e .)",
        stacklevel=2,
    )
    return (sys.executable, "-m", "whistgui.cli")


@dataclass(frozen=True)
class Run:
    status: int
    out: str
    err: str


@functools.cache
def run(argv: tuple[str, ...], stdin: str = "") -> Run:
    """``whist argv…`` as a process: its exit status, standard output (which must be UTF-8)
    and standard error. Cached: the tests of one row share their runs."""
    res = subprocess.run(
        [*whist_command(), *argv],
        input=stdin.encode(),
        capture_output=True,
        timeout=PROCESS_TIMEOUT,
        check=False,
    )
    try:
        out = res.stdout.decode("utf-8")
    except UnicodeDecodeError as exc:
        pytest.fail(f"whist {' '.join(argv)}: standard output is not UTF-8 ({exc})")
    return Run(res.returncode, out, res.stderr.decode("utf-8", "replace"))


def json_objects(out: str, what: str) -> Iterator[dict[str, Any]]:
    """Each line of ``out`` parsed as a JSON object; a line that is not fails the test,
    quoting it."""
    for number, line in enumerate(out.splitlines(), start=1):
        try:
            obj = json.loads(line)
        except json.JSONDecodeError as exc:
            pytest.fail(f"{what}: line {number} of standard output is not JSON ({exc}): {line!r}")
        assert isinstance(obj, dict), f"{what}: line {number} is not a JSON object: {line!r}"
        yield obj


def _ids(c: Contract) -> str:
    return c.id


# --- the tests --------------------------------------------------------------------------------


@pytest.mark.parametrize("c", CONTRACTS, ids=_ids)
def test_json_output_is_only_json(c: Contract) -> None:
    argv = (*c.command, *c.args, "--json")
    what = "whist " + " ".join(argv)
    r = run(argv, c.stdin)
    assert r.status == 0, f"{what}: exit status {r.status}: {r.err}"
    assert r.err == "", f"{what}: a successful run wrote to standard error: {r.err!r}"
    assert r.out.endswith("\n"), f"{what}: output does not end with a line end: {r.out[-80:]!r}"
    objects = list(json_objects(r.out, what))
    assert objects, f"{what}: no output"
    if c.json == "one":
        assert len(objects) == 1, f"{what}: promises one JSON object, printed {len(objects)}"
        assert json.loads(r.out) == objects[0]  # the whole output is that one document
    for obj in objects:
        missing = c.keys - obj.keys()
        assert not missing, f"{what}: an answer without {sorted(missing)}: {obj}"


@pytest.mark.parametrize("c", CONTRACTS, ids=_ids)
def test_plain_output_begins_with_the_commands_first_line(c: Contract) -> None:
    argv = (*c.command, *c.args)
    what = "whist " + " ".join(argv)
    r = run(argv, c.stdin)
    assert r.status == 0, f"{what}: exit status {r.status}: {r.err}"
    assert r.err == "", f"{what}: a successful run wrote to standard error: {r.err!r}"
    first = r.out.split("\n", 1)[0]
    expected = c.first_line()
    if isinstance(expected, re.Pattern):
        assert expected.fullmatch(first), f"{what}: begins {first!r}, not /{expected.pattern}/"
    else:
        assert first == expected, f"{what}: begins {first!r}, not {expected!r}"


@pytest.mark.parametrize("c", CONTRACTS, ids=_ids)
def test_bad_input_with_json_prints_only_json(c: Contract) -> None:
    argv = (*c.command, *c.bad, "--json")
    what = "whist " + " ".join(argv)
    r = run(argv, c.stdin if c.bad_stdin is None else c.bad_stdin)
    assert r.status == 2, f"{what}: exit status {r.status}, expected 2: {r.err}"
    assert r.err.startswith("whist"), f"{what}: no message on standard error: {r.err!r}"
    objects = list(json_objects(r.out, what))
    if c.bad_output == "nothing":
        assert r.out == "", f"{what}: standard output should be empty: {r.out!r}"
        return
    errors = [o for o in objects if "error" in o]
    assert errors, f"{what}: no JSON error object in the refused deal's place: {r.out!r}"
    assert all(isinstance(o["error"], str) and o["error"] for o in errors)
    if c.bad_output == "error":
        assert len(objects) == 1, f"{what}: one error object, nothing else: {r.out!r}"
        assert set(objects[0]) == {"game", "error", "input"}, objects[0]
        return
    answers = [o for o in objects if "error" not in o]
    assert answers, f"{what}: the good deals were not answered: {r.out!r}"
    for obj in answers:
        assert not c.keys - obj.keys(), f"{what}: an answer without {c.keys - obj.keys()}"


def json_commands(parser: argparse.ArgumentParser) -> set[tuple[str, ...]]:
    """The subcommands of ``parser`` (at any depth) that take ``--json``, each by its words
    (an alias of a subcommand is the same parser, counted once)."""
    found: set[tuple[str, ...]] = set()
    seen: set[int] = set()

    def walk(p: argparse.ArgumentParser, words: tuple[str, ...]) -> None:
        if any("--json" in a.option_strings for a in p._actions):
            found.add(words)
        for action in p._actions:
            if isinstance(action, argparse._SubParsersAction):
                for name, sub in action.choices.items():
                    if id(sub) not in seen:  # argparse lists a name before its aliases
                        seen.add(id(sub))
                        walk(sub, (*words, name))

    walk(parser, ())
    return found


def test_every_json_command_has_a_row() -> None:
    commands = json_commands(build_parser())
    assert {("value",), ("gops", "state"), ("bridge", "line")} <= commands  # the walk finds them
    rows = {c.command for c in CONTRACTS}
    assert not commands - rows, f"commands with --json and no row in CONTRACTS: {commands - rows}"
    assert not rows - commands, f"rows for commands without --json: {rows - commands}"


def test_the_walk_finds_a_new_json_command() -> None:
    """The coverage test would see a command added with ``--json`` (and not one without)."""
    parser = build_parser()
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    sub.add_parser("newcommand").add_argument("--json", action="store_true")
    sub.add_parser("quiet").add_argument("--out")
    commands = json_commands(parser)
    assert ("newcommand",) in commands
    assert ("quiet",) not in commands
    assert ("render",) not in commands


def test_json_is_only_json_on_a_machine_without_a_null_device(tmp_path: Path) -> None:
    """C libraries' output goes to the null device; a CI sandbox had no /dev/null, and opening
    it failed. The command must still print only its JSON (the library's banner thrown away
    into an unnamed file instead). Run as a process whose os.devnull names no file."""
    missing = tmp_path / "no-such-device"
    code = (
        "import os, sys\n"
        f"os.devnull = {str(missing)!r}\n"
        "from whistgui.cli import main\n"
        f"sys.exit(main(['gops', 'solve', '--n', '{GOPS_N}', '--json']))\n"
    )
    r = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, timeout=PROCESS_TIMEOUT, check=False
    )
    assert r.returncode == 0, r.stderr.decode(errors="replace")
    assert r.stderr == b""
    answer = json.loads(r.stdout)  # from the first byte: no banner before it
    assert answer["n"] == GOPS_N
    assert not missing.exists()
