"""The paper's numbered deals (1)–(27) as examples for the analyzer, without Qt.

The data lives in ``resources/examples.json``: a JSON object
``{"version": 1, "examples": [...]}`` whose entries hold a number, a title, a deal in compact
notation, the player the paper puts on lead (or ``null``), the section and a short note. It holds
no values or outcomes: the engine computes those.

>>> examples = load_examples()
>>> ex = next(e for e in examples if e.number == 15)
>>> ex.title
'(15) Elimination and throw-in'
>>> str(ex.deal), ex.lead, ex.section
('KJ/AQ A/K K/A', None, '6')
>>> next(e for e in examples if e.number == 27).lead
<Player.WEST: 'W'>

A malformed entry raises :class:`~whistgui.engine.errors.NotationError` naming its number:

>>> parse_examples({"version": 1, "examples": [{"number": 2, "title": "(2) x",  # doctest: +ELLIPSIS
...     "deal": "AQ/KX", "lead": None, "section": "3", "note": ""}]})
Traceback (most recent call last):
...
whistgui.engine.errors.NotationError: example (2) in examples.json: deal 'AQ/KX': unknown rank ...
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Final

from whistgui.engine import Deal, DealError, NotationError, Player
from whistgui.resources import read_text

__all__ = ["EXAMPLES_VERSION", "Example", "load_examples", "parse_examples"]

EXAMPLES_VERSION: Final = 1
_SOURCE: Final = "examples.json"
_KEYS: Final = frozenset({"number", "title", "deal", "lead", "section", "note"})


@dataclass(frozen=True, slots=True)
class Example:
    """One numbered deal of the paper: ``(number) title``, the deal, who the paper's narrative
    puts on lead (None when it does not fix one), its section and a note on what it shows."""

    number: int
    title: str
    deal: Deal
    lead: Player | None
    section: str
    note: str


def load_examples() -> tuple[Example, ...]:
    """The examples shipped with the package, in the order of the file (by number)."""
    try:
        text = read_text(_SOURCE)
    except (OSError, UnicodeDecodeError) as exc:
        raise NotationError(f"cannot read the examples file {_SOURCE}: {exc}") from exc
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise NotationError(f"{_SOURCE} is not valid JSON: {exc}") from exc
    return parse_examples(data)


def parse_examples(data: object, source: str = _SOURCE) -> tuple[Example, ...]:
    """The examples of decoded JSON ``data``; :class:`NotationError` naming the example's number
    (or its position, if the number itself is bad) for anything malformed."""
    if not isinstance(data, dict):
        raise NotationError(f"{source}: expected a JSON object with 'version' and 'examples'")
    version = data.get("version")
    if version != EXAMPLES_VERSION:
        raise NotationError(
            f"{source}: version {version!r} is not supported; expected {EXAMPLES_VERSION}"
        )
    entries = data.get("examples")
    if not isinstance(entries, list):
        raise NotationError(f"{source}: 'examples' must be a list")
    examples: list[Example] = []
    seen: set[int] = set()
    for index, entry in enumerate(entries):
        example = _parse_entry(entry, index, source)
        if example.number in seen:
            raise NotationError(f"example ({example.number}) in {source} appears twice")
        seen.add(example.number)
        examples.append(example)
    return tuple(examples)


def _parse_entry(entry: object, index: int, source: str) -> Example:
    if not isinstance(entry, dict):
        raise NotationError(f"entry #{index + 1} in {source} is not a JSON object")
    number = entry.get("number")
    if not isinstance(number, int) or isinstance(number, bool) or number < 1:
        raise NotationError(
            f"entry #{index + 1} in {source}: 'number' {number!r} is not a positive integer"
        )
    where = f"example ({number}) in {source}"
    missing = sorted(_KEYS - entry.keys())
    if missing:
        raise NotationError(f"{where}: missing {', '.join(map(repr, missing))}")
    unknown = sorted(str(k) for k in entry.keys() - _KEYS)
    if unknown:
        raise NotationError(f"{where}: unknown {', '.join(map(repr, unknown))}")
    title = _text(entry, "title", where)
    section = _text(entry, "section", where)
    note = _text(entry, "note", where)
    if not title.strip():
        raise NotationError(f"{where}: 'title' is empty")
    deal_text = _text(entry, "deal", where)
    try:
        deal = Deal.parse(deal_text)
    except (NotationError, DealError) as exc:
        raise NotationError(f"{where}: deal {deal_text!r}: {exc}") from exc
    lead_text = entry["lead"]
    lead: Player | None
    if lead_text is None:
        lead = None
    elif isinstance(lead_text, str):
        try:
            lead = Player.parse(lead_text)
        except NotationError as exc:
            raise NotationError(f"{where}: lead: {exc}") from exc
    else:
        raise NotationError(f'{where}: \'lead\' {lead_text!r} must be "W", "E" or null')
    return Example(number, title, deal, lead, section, note)


def _text(entry: dict[str, object], key: str, where: str) -> str:
    value = entry[key]
    if not isinstance(value, str):
        raise NotationError(f"{where}: {key!r} {value!r} must be a string")
    return value
