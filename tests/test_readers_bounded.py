"""Every text reader, fed one 20 MB field, answers or refuses in bounded memory (issue 23).

Each case writes a file (a ``.whist`` document, a ``.gops`` game, a table store, the lines a
batch reads from standard input) with one long field, and reads it in a child interpreter under
a memory limit (:func:`tests.bounded.run_bounded`). The child prints the answer, or the
project's own refusal; a traceback, a ``MemoryError`` (or the command's "beyond an internal
limit" message for one), or a resident peak more than :data:`BUDGET_MB` above what the child's
imports alone take, fails the case.

Measured on the 2-core machine of issue 23 (peak above the imports, time of the child):
before, a 20 MB deal of suits took 2.2 GB and 45 s, a paper one 1 GB and 17 s, a store's
value cell of 20 MB superscripts never ended (quadratic), ``--count-by-value`` of a 20 MB cell
took 340 MB; each case below now stays under 200 MB and a few seconds. The GUI's deal field is
a ``QLineEdit`` (at most 32,767 characters), so it never reaches these lengths.

The first case of each reader runs by default; the others with ``pytest --exhaustive``.
"""

from __future__ import annotations

import json
import shutil
import sqlite3
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest

from tests.bounded import Bounded, run_bounded
from whistgui.app.document import MAX_DOCUMENT_BYTES
from whistgui.engine.tables.rows import RowMaker
from whistgui.engine.tables.store import TableStore

#: The most a reader may take above its imports (resident, MB).
BUDGET_MB = 300
#: The address space the child may take above :data:`tests.bounded.BASELINE_MB`: room for the
#: budget and the C libraries' reservations; the resident peak is what is asserted.
LIMIT_MB = 700
#: A generous limit on a child's time: each case takes a few seconds.
TIMEOUT = 120.0

BIG = 20_000_000

exhaustive = pytest.mark.skipif(
    "not config.getoption('--exhaustive')", reason="heavier: run with --exhaustive"
)

_baselines: dict[str, float] = {}


def _baseline(imports: str) -> float:
    """The resident peak of a child that only imports what a case imports (MB)."""
    if imports not in _baselines:
        done = run_bounded(imports, memory_mb=LIMIT_MB, timeout=TIMEOUT)
        assert done.returncode == 0, done.describe()
        _baselines[imports] = done.peak_mb
    return _baselines[imports]


def _check(done: Bounded, imports: str) -> None:
    """A clean end within the budget: no traceback, no MemoryError."""
    assert done.returncode == 0, done.describe()
    for word in ("Traceback", "MemoryError", "internal limit", "internal error"):
        assert word not in done.stdout + done.stderr, done.describe()
    assert done.peak_mb - _baseline(imports) < BUDGET_MB, done.describe()


# -- .whist documents ------------------------------------------------------------------------
_DOCUMENT = "from whistgui.app.document import DocumentError, load"


def _whist(file: Path, **fields: object) -> Path:
    doc: dict[str, object] = {
        "format": "whistgui",
        "version": 2,
        "deal": "AQ/KJ",
        "suits": [{"name": "S", "deck": {"kind": "standard", "size": 13}}],
        "lead": "W",
        "title": "t",
        "note": "",
        "game": "whist",
    }
    doc.update(fields)
    file.write_text(json.dumps(doc, ensure_ascii=False), encoding="utf-8")
    return file


def _text(path: Path, text: str) -> Path:
    path.write_text(text, encoding="utf-8")
    return path


def _load(path: Path) -> Bounded:
    code = f"""
{_DOCUMENT}
try:
    doc = load({str(path)!r})
except DocumentError as exc:
    print("refused:", exc)
else:
    print("loaded:", len(doc.deal.suits), "suits,", len(doc.title), len(doc.note))
"""
    done = run_bounded(code, memory_mb=LIMIT_MB, timeout=TIMEOUT)
    _check(done, _DOCUMENT)
    return done


def _room(**fields: object) -> int:
    """Characters left for one more ASCII field in a document of MAX_DOCUMENT_BYTES."""
    return MAX_DOCUMENT_BYTES - len(json.dumps({"format": "whistgui", **fields})) - 400


@dataclass(frozen=True)
class Case:
    """A file with one long field, and what reading it answers (a needle of the output)."""

    make: Callable[[Path], Path]
    said: str


_WHIST = {
    "deal-of-5M-suits": Case(
        lambda d: _whist(d / "a.whist", deal="A/K " * (BIG // 4)),
        "holds over 10,000 suits; expected a deal of at most 10,000 suits",
    ),
    "deal-of-2M-paper-suits": Case(
        lambda d: _whist(d / "a.whist", deal="[A, K] + " * (BIG // 9) + "[A, K]"),
        "holds over 10,000 suits",
    ),
    "deal-of-one-hand": Case(
        lambda d: _whist(d / "a.whist", deal="A" * BIG + "/K"), "card 'A' appears twice"
    ),
    "deal-of-distinct-ranks": Case(
        lambda d: _whist(d / "a.whist", deal="[" + " ".join(map(str, range(1, 2_600_000))) + ",]"),
        "holds over 100,000 cards",
    ),
    "title": Case(lambda d: _whist(d / "a.whist", title="x" * BIG), "loaded: 1 suits, 20000000"),
    "note-of-controls": Case(
        lambda d: _whist(d / "a.whist", note="\x01" * (BIG // 6)), "loaded: 1 suits, 1 3333333"
    ),
    "suit-name": Case(
        lambda d: _whist(d / "a.whist", suits=[{"name": "x" * BIG, "deck": {}}]),
        "the suit name 'xxxxxxxx",
    ),
    "game": Case(lambda d: _whist(d / "a.whist", game="x" * BIG), '"game": unknown game'),
    "lead": Case(lambda d: _whist(d / "a.whist", lead="W" * BIG), "is not a player"),
    "version-digits": Case(
        lambda d: _text(d / "a.whist", '{"format": "whistgui", "version": ' + "9" * BIG + "}"),
        '"version" is the 20000000-digit number',
    ),
    # a field just under the file-size limit: the parser itself at the largest file it reads
    "title-at-the-size-limit": Case(
        lambda d: _whist(d / "a.whist", title="x" * _room(title="")), "loaded: 1 suits"
    ),
    "paper-hand-at-the-size-limit": Case(
        lambda d: _whist(d / "a.whist", deal="[" + "A " * (_room() // 2) + ", K]"),
        "card 'A' appears twice",
    ),
    "compact-hand-at-the-size-limit": Case(
        lambda d: _whist(d / "a.whist", deal="A" * _room() + "/K"), "card 'A' appears twice"
    ),
    "over-the-size-limit": Case(
        lambda d: _whist(d / "a.whist", note="x" * (MAX_DOCUMENT_BYTES + 1)),
        "bytes; expected a whistgui file of at most 67,108,864 bytes",
    ),
}
_DEFAULT_WHIST = ("deal-of-5M-suits", "paper-hand-at-the-size-limit")


@pytest.mark.parametrize(
    "name", [n if n in _DEFAULT_WHIST else pytest.param(n, marks=exhaustive) for n in _WHIST]
)
def test_a_whist_document_with_a_long_field(tmp_path: Path, name: str) -> None:
    case = _WHIST[name]
    path = case.make(tmp_path)
    done = _load(path)
    assert case.said in done.stdout, done.describe()
    assert len(done.stdout) < 1000  # the field is quoted by its ends


# -- .gops games -----------------------------------------------------------------------------
_GOPS = (
    "from whistgui.app.document import DocumentError\n"
    "from whistgui.ui.gops.session import read_gops"
)

_SOLVER = {"format": "whistgui-gops-solver", "version": 1, "rules": {"n": 4}}


def _gops(file: Path, **fields: object) -> Path:
    game: dict[str, object] = {
        "format": "whistgui-gops",
        "version": 1,
        "rules": {"n": 4, "ties": "carry", "score": "sign"},
        "path": [],
        "index": 0,
        "solver": None,
    }
    game.update(fields)
    file.write_text(json.dumps(game), encoding="utf-8")
    return file


_GOPS_CASES = {
    "ties": Case(
        lambda d: _gops(d / "a.gops", rules={"n": 4, "ties": "x" * BIG}), '"ties" is "xxxxxxxx'
    ),
    "version": Case(lambda d: _gops(d / "a.gops", version="x" * BIG), '"version" "xxxxxxxx'),
    "move": Case(lambda d: _gops(d / "a.gops", path=[{"turn": "x" * BIG}]), "is not a move"),
    "index": Case(lambda d: _gops(d / "a.gops", index="x" * BIG), '"index" "xxxxxxxx'),
    "solver-entry": Case(
        lambda d: _gops(d / "a.gops", solver={**_SOLVER, "chance": [[0, 0, 0, 0, 0, "x" * BIG]]}),
        "bad chance entry",
    ),
    "rules-key": Case(lambda d: _gops(d / "a.gops", rules={"x" * BIG: 4}), "expected GOPS rules"),
}


@pytest.mark.parametrize(
    "name", [n if n == "ties" else pytest.param(n, marks=exhaustive) for n in _GOPS_CASES]
)
def test_a_gops_game_with_a_long_string(tmp_path: Path, name: str) -> None:
    """Read by the GOPS explorer's reader. A 20 MB field is far under MAX_GOPS_BYTES
    (144 MB), so the parser itself reads it."""
    case = _GOPS_CASES[name]
    path = case.make(tmp_path)
    code = f"""
{_GOPS}
try:
    read_gops({str(path)!r})
except DocumentError as exc:
    print("refused:", exc)
else:
    print("opened")
"""
    done = run_bounded(code, memory_mb=LIMIT_MB, timeout=TIMEOUT)
    _check(done, _GOPS)
    assert case.said in done.stdout, done.describe()
    assert len(done.stdout) < 1000


# -- deals read one a line from standard input (`whist value -`) -------------------------------
_CLI = "from whistgui.cli import main"


def _run_with_stdin(path: Path, *argv: str) -> Bounded:
    """``whist argv…`` (its ``main``) with standard input read from ``path``."""
    code = f"""
import os, sys
os.dup2(os.open({str(path)!r}, os.O_RDONLY), 0)
{_CLI}
status = main({list(argv)!r})
sys.stdout.flush()
print("exit", status)
"""
    done = run_bounded(code, memory_mb=LIMIT_MB, timeout=TIMEOUT)
    _check(done, _CLI)
    return done


_LINES = {
    "word": "x" * BIG,
    "suits": "A/K " * (BIG // 4),
    "paper": "[A, K] + " * (BIG // 9) + "[A, K]",
    "hand": "A" * BIG + "/K",
}


@pytest.mark.parametrize(
    "name", [n if n == "suits" else pytest.param(n, marks=exhaustive) for n in _LINES]
)
@pytest.mark.parametrize("as_json", [False, True], ids=["text", "json"])
def test_a_20_mb_line_among_deals_on_standard_input(
    tmp_path: Path, name: str, as_json: bool
) -> None:
    """The long line is refused in its place; the deals around it are answered."""
    path = tmp_path / "deals.txt"
    path.write_text(f"AQ/KJ\n{_LINES[name]}\nK/A\n", encoding="utf-8")
    done = _run_with_stdin(path, "value", *(["--json"] if as_json else []), "-")
    assert done.stdout.endswith("exit 2\n"), done.describe()
    assert done.stderr.startswith("whist: error: line 2: "), done.describe()
    assert len(done.stderr) < 1000
    if as_json:
        lines = [json.loads(line) for line in done.stdout.splitlines()[:-1]]
        assert [o.get("deal") for o in lines] == ["AQ/KJ", None, "K/A"]
        assert lines[1]["line"] == 2
        assert lines[1]["input_length"] == len(_LINES[name].strip())
    else:
        assert done.stdout.startswith("AQ/KJ\n")
        assert "\nK/A\n" in done.stdout


def test_20_mb_of_lines_ended_by_cr_alone(tmp_path: Path) -> None:
    path = tmp_path / "deals.txt"
    path.write_bytes(b"#x\r" * (BIG // 3) + b"AQ/KJ\n")  # comment lines, then a deal
    done = _run_with_stdin(path, "value", "-")
    assert done.stdout.startswith("AQ/KJ\n")


# -- the single-suit table store ----------------------------------------------------------------
@pytest.fixture(scope="module")
def small_store(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("store") / "suits.sqlite"
    with TableStore(path, create=True) as store:
        for n in (1, 2, 3):
            store.write(n, RowMaker("evaluator")(n))
    return path


_CELLS = {
    # a value of superscripts: the pretty fraction's pattern took quadratic time on it
    "superscript-value": ("UPDATE suits SET value = ? WHERE n = 2 AND idx = 1", "¹" * BIG),
    "value": ("UPDATE suits SET value = ? WHERE n = 2 AND idx = 1", "1" * BIG),
    "maxmin": ("UPDATE suits SET maxmin = ? WHERE n = 2 AND idx = 1", "(W, " + ")" * BIG),
    "pattern": ("UPDATE suits SET pattern = ? WHERE n = 2 AND idx = 1", "W" * BIG),
    "application": ("UPDATE meta SET value = ? WHERE key = 'application'", "x" * BIG),
    "schema": ("UPDATE meta SET value = ? WHERE key = 'schema'", "7" * BIG),
}


@pytest.mark.parametrize(
    "cell",
    [c if c == "superscript-value" else pytest.param(c, marks=exhaustive) for c in _CELLS],
)
@pytest.mark.parametrize(
    "query",
    [
        pytest.param(["2"], marks=exhaustive),
        ["--count-by-value"],
        pytest.param(["--first-of-each-value"], marks=exhaustive),
    ],
    ids=lambda q: q[0],
)
def test_a_store_with_a_20_mb_cell(
    tmp_path: Path, small_store: Path, cell: str, query: list[str]
) -> None:
    """A store is SQLite, not text, but its text cells reach the value reader and the
    messages: a cell edited to 20 MB is refused (a damaged store) in bounded memory, or, for a
    query that does not read it, answered."""
    path = tmp_path / "suits.sqlite"
    shutil.copy(small_store, path)
    sql, text = _CELLS[cell]
    db = sqlite3.connect(path)
    db.execute(sql, (text,))
    db.commit()
    db.close()
    code = f"""
import sys
{_CLI}
status = main(["table", "--store", {str(path)!r}, *{query!r}])
sys.stdout.flush()
print("exit", status)
"""
    done = run_bounded(code, memory_mb=LIMIT_MB, timeout=TIMEOUT)
    _check(done, _CLI)
    answered = cell in ("maxmin", "pattern") and query == ["--count-by-value"]
    assert done.stdout.endswith("exit 0\n" if answered else "exit 2\n"), done.describe()
    if not answered:
        assert done.stderr.startswith("whist: error: "), done.describe()
        assert "damaged table store" in done.stderr or cell in ("application", "schema")
        assert len(done.stderr) < 1000
