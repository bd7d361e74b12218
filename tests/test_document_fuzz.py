"""Fuzzing the ``.whist`` loader (issue 16): a saved document, mutated as a hostile or broken
file would be — values of the wrong type, integers of thousands of digits, lone surrogates,
control characters, missing and extra keys, bad suit names, bad game names — either loads, and
then saves and loads again to an equal document, or is refused with a :class:`DocumentError`
naming the file; never another exception."""

from __future__ import annotations

import json
import tempfile
from pathlib import Path
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.hostile import BIG, BIG_TOKEN, controls, surrogates
from whistgui.app.document import Document, DocumentError, load, random_document, save
from whistgui.engine import Deal, Player
from whistgui.engine.games import GAMES

#: A JSON number of 5000 digits: json.dumps cannot write one from a Python int (which refuses
#: to become text past 4300 digits), so the text is written with this token in its place.

nasty_texts = st.one_of(
    st.sampled_from(
        [
            "",
            " ",
            "x",
            "H:",
            "S\nH",
            "s",
            "S",
            "h",
            "♠",
            "1",
            "5",
            "07",
            "0",
            "-1",
            "²",
            "٣",
            "W",
            "e",
            "East",
            "north",
            "whist",
            "Femkort",
            "refined_whist",
            "chess",
            "gops",
            "bridge",
            "standard",
            "abstract",
            "AQ/KJ K/A",
            "S:AQ/KJ H:K/A",
            "[1 3, 2 4]",
            "0",
            f"{BIG}:A/K",
            f"[{BIG}, 1]",
            "9" * 40,
            "a\ud800b",
            "\udfff",
            "\x00",
            "\x1b[31m",
        ]
    ),
    st.text(max_size=8),
    st.text(st.one_of(surrogates, controls, st.sampled_from("SHDC5:/ -")), max_size=6),
)
nasty_values: st.SearchStrategy[Any] = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-3, 30),
    st.sampled_from([10**30, -(10**40), 2**64, 10**300, BIG_TOKEN]),
    st.floats(allow_nan=True, allow_infinity=True),
    nasty_texts,
    st.lists(st.integers(0, 3), max_size=2),
    st.dictionaries(st.sampled_from(["name", "deck", "kind", "size"]), st.integers(0, 14)),
)
TOP_KEYS = ["format", "version", "deal", "suits", "lead", "title", "note", "game", "extra"]
SUIT_KEYS = ["name", "deck", "extra"]
DECK_KEYS = ["kind", "size", "extra"]


@st.composite
def valid_documents(draw: st.DrawFn) -> Document:
    if draw(st.booleans()):
        doc = random_document(
            draw(st.integers(1, 4)), draw(st.integers(1, 6)), draw(st.integers(0, 99))
        )
    else:
        doc = Document.new(draw(st.integers(0, 4)))
    return Document(
        doc.deal,
        doc.decks,
        draw(st.sampled_from(Player)),
        draw(st.text(max_size=10)),
        draw(st.text(max_size=10)),
        draw(st.sampled_from([g.name for g in GAMES])),
    )


@st.composite
def mutate(draw: st.DrawFn, data: dict[str, Any]) -> Any:
    """``data`` (a document's JSON object, changed in place) with one to three mutations."""
    if draw(st.integers(0, 30)) == 0:
        return draw(nasty_values)  # not an object at all
    for _ in range(draw(st.integers(1, 3))):
        target: dict[str, Any] = data
        keys = TOP_KEYS
        suits = data.get("suits")
        where = draw(st.sampled_from(["top", "suit", "deck"]))
        if where != "top" and isinstance(suits, list) and suits:
            entry = suits[draw(st.integers(0, len(suits) - 1))]
            if isinstance(entry, dict):
                target, keys = entry, SUIT_KEYS
                if where == "deck" and isinstance(entry.get("deck"), dict):
                    target, keys = entry["deck"], DECK_KEYS
        key = draw(st.sampled_from(keys))
        action = draw(st.sampled_from(["set", "set", "set", "delete", "swap-suits"]))
        if action == "delete":
            target.pop(key, None)
        elif action == "swap-suits" and isinstance(suits, list) and len(suits) >= 2:
            suits.reverse()
        else:
            target[key] = draw(nasty_values)
    return data


def _json_text(data: Any, ascii_only: bool) -> str:
    text = json.dumps(data, ensure_ascii=ascii_only, allow_nan=True)
    return text.replace(f'"{BIG_TOKEN}"', BIG)


def _python_data(data: Any) -> Any:
    """``data`` with a 5000-digit Python int where the token stands."""
    if data == BIG_TOKEN:
        return 10**5000
    if isinstance(data, dict):
        return {k: _python_data(v) for k, v in data.items()}
    if isinstance(data, list):
        return [_python_data(v) for v in data]
    return data


@settings(max_examples=250, deadline=None)
@given(st.data())
def test_a_mutated_file_loads_and_round_trips_or_is_refused_naming_it(data: st.DataObject):
    doc = data.draw(valid_documents())
    mutated = data.draw(mutate(json.loads(json.dumps(doc.to_json()))))
    text = _json_text(mutated, data.draw(st.booleans()))
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "fuzz.whist"
        # surrogates (unescaped) become bytes no UTF-8 reader takes: the loader must say so
        path.write_bytes(text.encode("utf-8", "surrogatepass"))
        try:
            loaded = load(path)
        except DocumentError as exc:
            message = str(exc)
            assert message.startswith(repr(str(path))), message
            assert len(message) > len(repr(str(path))) + 10, message
            return
        # the deal field shows str(deal): it must read back as the deal loaded
        assert Deal.parse(str(loaded.deal)) == loaded.deal
        again = Path(folder) / "again.whist"
        save(loaded, again)
        assert load(again) == loaded
        assert Document.from_json(loaded.to_json()) == loaded
        assert not [p.name for p in Path(folder).iterdir() if p.suffix == ".tmp"]


@settings(max_examples=150, deadline=None)
@given(st.data())
def test_mutated_python_data_is_read_or_refused_naming_its_source(data: st.DataObject):
    doc = data.draw(valid_documents())
    mutated = _python_data(data.draw(mutate(json.loads(json.dumps(doc.to_json())))))
    try:
        loaded = Document.from_json(mutated, "fuzz source")
    except DocumentError as exc:
        message = str(exc)
    else:
        assert Document.from_json(json.loads(json.dumps(loaded.to_json()))) == loaded
        return
    assert "'fuzz source'" in message
