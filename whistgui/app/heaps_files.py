"""``.heaps`` files: a game of heaps and piles as the workspace saves it — small JSON naming the
game (with its parameter), the position set up as the rules write it, who moves first, the
start flag, the moves played since (each by its label, with the position it left) and the order
the stacks are drawn in. Read with limits (:data:`MAX_FILE_BYTES`, :data:`MAX_MOVES`), every
move replayed through the rules: a file that is not one, or was changed by hand into something
the rules do not allow, is refused with a :class:`~whistgui.app.files.DocumentError` that names
the file and quotes what is wrong.

>>> import tempfile, pathlib
>>> doc = HeapsDocument.new('moore-nim:3', '2 3 5')
>>> doc = doc.play(doc.legal_moves().moves[0])
>>> path = pathlib.Path(tempfile.mkdtemp()) / 'game.heaps'
>>> save_heaps(doc, path)
>>> again = load_heaps(path)
>>> again == doc, again.game, again.history
(True, 'moore-nim:3', ('2 → 0',))
"""

from __future__ import annotations

import json
import os
from typing import Any, Final

from whistgui.app.files import DocumentError, read_file, write_atomically
from whistgui.app.heaps import MAX_OPTIONS_LOOKED_AT, HeapsDocument
from whistgui.app.heaps_quotient import MAX_BOUND, QuotientBounds
from whistgui.engine.errors import WhistError
from whistgui.engine.heaps import find_heap_game
from whistgui.engine.heaps.rules import Player
from whistgui.engine.reading import json_error, quote, quote_path

__all__ = ["FILE_SUFFIX", "FORMAT", "MAX_FILE_BYTES", "MAX_MOVES", "load_heaps", "save_heaps"]

#: The extension of the files.
FILE_SUFFIX: Final = ".heaps"
#: What the file says it is.
FORMAT: Final = "whistgui heaps"
VERSION: Final = 1
#: The largest file read: a game of 100 heaps of 1,000 counters played to the end is about
#: 100,000 moves of some 30 bytes.
MAX_FILE_BYTES: Final = 8 * 2**20
#: The most moves a file holds (a position has at most 100 × 1,000 counters; every move takes
#: at least one).
MAX_MOVES: Final = 100_000
_EXPECTED: Final = "a game of heaps and piles saved by whistgui (.heaps)"
_PLAYERS: Final = {"L": Player.LEFT, "R": Player.RIGHT}


def to_json(doc: HeapsDocument) -> dict[str, Any]:
    """``doc`` as the file's JSON object."""
    obj: dict[str, Any] = {
        "format": FORMAT,
        "version": VERSION,
        "game": doc.game,
        "position": doc.start_text,
        "to_move": doc.start_mover.value,
    }
    if doc.flags != ("",):
        obj["flag"] = doc.start_flag
    obj["moves"] = [{"move": s.label, "position": doc.rules.text(s.position)} for s in doc.steps]
    obj["drawn"] = " ".join(doc.layout) or "0"
    if doc.quotient is not None:
        b = doc.quotient
        obj["quotient"] = {
            "max_heap": b.max_heap,
            "max_heaps": b.max_heaps,
            "tests": b.tests,
            "exact": b.exact,
        }
    return obj


def save_heaps(doc: HeapsDocument, path: str | os.PathLike[str]) -> None:
    """Write ``doc`` to ``path`` atomically (DocumentError naming the path on failure)."""
    write_atomically(json.dumps(to_json(doc), ensure_ascii=False, indent=1) + "\n", path)


def load_heaps(path: str | os.PathLike[str]) -> HeapsDocument:
    """The game saved in ``path``; DocumentError naming the file and quoting what is wrong
    for a file that is missing, too large, not JSON, not such a file, or whose game, position,
    flag or moves the rules refuse."""
    name = os.fspath(path)
    shown = quote_path(name)
    raw = read_file(name, _EXPECTED, MAX_FILE_BYTES)
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise DocumentError(
            f"{shown} is not {_EXPECTED}: not UTF-8 text (byte 0x{raw[exc.start]:02x} at "
            f"offset {exc.start}); expected JSON text"
        ) from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise DocumentError(f"{shown} is not {_EXPECTED}: invalid JSON {json_error(exc)}") from None
    except RecursionError:
        raise DocumentError(f"{shown} is not {_EXPECTED}: its JSON is nested too deeply") from None
    return from_json(data, name)


def from_json(data: object, name: str = "the file") -> HeapsDocument:
    """The document of a file's JSON ``data`` (see :func:`load_heaps`)."""
    shown = quote_path(name)

    def fail(what: str) -> DocumentError:
        return DocumentError(f"{shown}: {what}")

    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise DocumentError(
            f'{shown} is not {_EXPECTED}: expected a JSON object with "format": {FORMAT!r}'
        )
    if data.get("version") != VERSION:
        raise fail(f'"version" {quote(data.get("version"))}: expected {VERSION}')

    def string(key: str, default: str | None = None) -> str:
        value = data.get(key, default)
        if not isinstance(value, str):
            raise fail(f'"{key}" is {quote(value)}; expected a string')
        return value

    game = string("game")
    try:
        rules = find_heap_game(game)
    except WhistError as exc:
        raise fail(f'"game": {exc}') from None
    position = string("position")
    try:
        start = rules.parse(position)
    except WhistError as exc:
        raise fail(f'"position": {exc}') from None
    mover = _PLAYERS.get(string("to_move"))
    if mover is None:
        raise fail(f'"to_move" is {quote(data["to_move"])}; expected "L" or "R"')
    flags = [n for n, _ in rules.start_flags(start)]
    flag = string("flag", flags[0])
    if flag not in flags:
        raise fail(
            f'"flag" {quote(flag)} is not a start flag of {game}; expected one of '
            + ", ".join(quote(f) for f in flags)
        )
    doc = HeapsDocument(rules, start, mover, flag)
    moves = data.get("moves", [])
    if not isinstance(moves, list):
        raise fail(f'"moves" is {quote(moves)}; expected a list')
    if len(moves) > MAX_MOVES:
        raise fail(f'"moves" holds {len(moves):,} moves; expected at most {MAX_MOVES:,}')
    budget = MAX_OPTIONS_LOOKED_AT
    for i, entry in enumerate(moves, 1):
        label = entry.get("move") if isinstance(entry, dict) else None
        if not isinstance(label, str):
            raise fail(f'move {i} is {quote(entry)}; expected {{"move": its label, "position": …}}')
        if doc.is_over():  # the app plays no move once the rules end the game
            raise fail(
                f"move {i} {quote(label)} comes after the game is over at {quote(doc.text)}; "
                "expected no moves after its end"
            )
        found = None
        for m in rules.options(doc.position, doc.flag, doc.mover):
            budget -= 1
            if budget < 0:
                raise fail(
                    f"move {i} {quote(label)}: more than {MAX_OPTIONS_LOOKED_AT:,} options looked "
                    "at to replay the moves; expected a shorter game"
                )
            if m.label == label:
                found = m
                break
        if found is None:
            raise fail(
                f"move {i} {quote(label)} is not a move of "
                f"{'Left' if doc.mover is Player.LEFT else 'Right'} from {quote(doc.text)} in "
                f"{game}"
            )
        doc = doc.play(found)
        written = entry.get("position", doc.text)
        if written != doc.text:
            raise fail(
                f"move {i} {quote(label)} leaves {quote(doc.text)}, not {quote(written)} as the "
                "file says"
            )
    drawn = data.get("drawn")
    if isinstance(drawn, str):
        doc = HeapsDocument(
            rules, doc.start, doc.start_mover, doc.start_flag, doc.steps, tuple(drawn.split())
        )
    if "quotient" in data:  # the quotient explorer's bounds (files before them have none)
        doc = doc.with_quotient(_bounds(data["quotient"], fail))
    return doc


def _bounds(obj: object, fail: Any) -> QuotientBounds:
    """The quotient explorer's bounds of a file's ``"quotient"`` object."""
    expected = (
        '; expected {"max_heap": K, "max_heaps": M, "tests": T or null, "exact": true or false}'
    )
    if not isinstance(obj, dict):
        raise fail(f'"quotient" is {quote(obj)}{expected}')

    def count(key: str, low: int, high: int, *, none: bool = False) -> Any:
        value = obj.get(key)
        if none and value is None:
            return None
        if type(value) is not int or not low <= value <= high:
            raise fail(f'"quotient": "{key}" is {quote(value)}; expected {low} to {high}')
        return value

    exact = obj.get("exact", False)
    if not isinstance(exact, bool):
        raise fail(f'"quotient": "exact" is {quote(exact)}; expected true or false')
    return QuotientBounds(
        count("max_heap", 1, MAX_BOUND),
        count("max_heaps", 0, 100),
        count("tests", 0, 100, none=True),
        exact,
    )
