"""Fuzzing the ``.gops`` reader (issue 16): a saved GOPS game — rules, path, step and solved
memo — mutated as a broken or hostile file would be (values of the wrong type, integers of
thousands of digits, NaN and infinity, lone surrogates, control characters, bad rule names,
missing and extra keys) either opens, and then saves and opens again to the same game, or is
refused with a DocumentError naming the file and nothing opened; never another exception.

The reader lives beside the session (a QObject, though no QApplication is needed)."""

from __future__ import annotations

import copy
import functools
import json
import tempfile
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.hostile import BIG, BIG_TOKEN, controls, surrogates
from whistgui.app.document import DocumentError
from whistgui.engine.gops import GopsRules, GopsSolver, GopsState
from whistgui.engine.gops.rules import SCORES, TIES
from whistgui.ui.gops.session import FILE_FORMAT, FILE_VERSION, GopsSession

nasty_values: st.SearchStrategy[Any] = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-3, 20),
    st.sampled_from([10**30, -(10**40), 2**64, BIG_TOKEN]),
    st.floats(allow_nan=True, allow_infinity=True),
    st.sampled_from(
        [*TIES, *SCORES, "", "Carry", "share", "\ud800", "a\udfffb", "\x00", FILE_FORMAT, "1"]
    ),
    st.text(st.one_of(surrogates, controls, st.sampled_from("0123456789abc")), max_size=5),
    st.lists(st.integers(-1, 14), max_size=3),
    st.dictionaries(st.sampled_from(["turn", "bid", "n", "ties", "x"]), st.integers(-1, 14)),
    # echoed in full once; a fresh copy each time (a shared dict could be put inside itself)
    st.sampled_from(["x" * 100_000, [7] * 30_000, {"turn": "y" * 50_000}]).map(copy.deepcopy),
)
TOP_KEYS = ["format", "version", "rules", "path", "index", "solver", "extra"]
RULE_KEYS = ["n", "ties", "score", "extra"]
SOLVER_KEYS = ["format", "version", "rules", "chance", "bidding", "extra"]


@functools.cache
def solved(rules: GopsRules) -> dict[str, Any]:
    solver = GopsSolver(rules)
    solver.solve()
    return solver.to_json()


@st.composite
def saved_games(draw: st.DrawFn) -> dict[str, Any]:
    """A .gops file's JSON as the session saves it: 1 to 4 cards, a random path, maybe solved."""
    rules = GopsRules(
        draw(st.integers(1, 4)), draw(st.sampled_from(TIES)), draw(st.sampled_from(SCORES))
    )
    state = GopsState.start(rules.n)
    path: list[dict[str, Any]] = []
    for _ in range(draw(st.integers(0, 2 * rules.n))):
        if state.is_over:
            break
        if state.is_bidding:
            i, j = draw(st.sampled_from(sorted(state.a))), draw(st.sampled_from(sorted(state.b)))
            state = state.bid(i, j, rules)
            path.append({"bid": [i, j]})
        else:
            prize = draw(st.sampled_from(sorted(state.prizes)))
            state = state.turn(prize)
            path.append({"turn": prize})
    return {
        "format": FILE_FORMAT,
        "version": FILE_VERSION,
        "rules": rules.to_json(),
        "path": path,
        "index": draw(st.integers(0, len(path))),
        "solver": json.loads(json.dumps(solved(rules))) if draw(st.booleans()) else None,
    }


@st.composite
def mutated(draw: st.DrawFn) -> Any:
    data = draw(saved_games())
    if draw(st.integers(0, 30)) == 0:
        return draw(nasty_values)
    for _ in range(draw(st.integers(1, 3))):
        where = draw(st.sampled_from(["top", "rules", "path", "solver", "memo"]))
        target: Any = data
        key: Any = draw(st.sampled_from(TOP_KEYS))
        if where == "rules" and isinstance(data.get("rules"), dict):
            target, key = data["rules"], draw(st.sampled_from(RULE_KEYS))
        elif where == "path" and isinstance(data.get("path"), list) and data["path"]:
            move = data["path"][draw(st.integers(0, len(data["path"]) - 1))]
            if isinstance(move, dict) and "bid" in move and isinstance(move["bid"], list):
                target, key = move["bid"], draw(st.integers(0, 1))
            elif isinstance(move, dict):
                target, key = move, draw(st.sampled_from(["turn", "bid", "x"]))
        elif where in ("solver", "memo") and isinstance(data.get("solver"), dict):
            target, key = data["solver"], draw(st.sampled_from(SOLVER_KEYS))
            entries = target.get("chance")
            if where == "memo" and isinstance(entries, list) and entries:
                entry = entries[draw(st.integers(0, len(entries) - 1))]
                if isinstance(entry, list) and entry:
                    target, key = entry, draw(st.integers(0, len(entry) - 1))
        if isinstance(target, dict) and draw(st.integers(0, 3)) == 0:
            target.pop(key, None)
        elif isinstance(target, list):
            if key < len(target):
                target[key] = draw(nasty_values)
        else:
            target[key] = draw(nasty_values)
    return data


@settings(max_examples=200, deadline=None)
@given(mutated(), st.booleans())
def test_a_mutated_gops_file_opens_and_round_trips_or_is_refused_naming_it(
    data: Any, ascii_only: bool
):
    text = json.dumps(data, ensure_ascii=ascii_only, allow_nan=True)
    text = text.replace(f'"{BIG_TOKEN}"', BIG)
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "fuzz.gops"
        path.write_bytes(text.encode("utf-8", "surrogatepass"))
        session = GopsSession()
        before = session.to_json()
        try:
            session.open(path)
        except DocumentError as exc:
            message = str(exc)
        else:
            again = Path(folder) / "again.gops"
            session.save(again)
            reopened = GopsSession()
            reopened.open(again)
            assert reopened.to_json() == session.to_json()
            return
        assert message.startswith(repr(str(path))), message
        assert len(message) < 1000, message[:2000]  # a long value is quoted by its ends
        assert session.to_json() == before  # nothing opened


def test_a_number_of_5000_digits_is_refused_quoting_it(tmp_path: Path):
    path = tmp_path / "big.gops"
    data = json.dumps(
        {"format": FILE_FORMAT, "version": FILE_VERSION, "rules": {"n": BIG_TOKEN}, "path": []}
    )
    path.write_text(data.replace(f'"{BIG_TOKEN}"', BIG), encoding="utf-8")
    with pytest.raises(DocumentError) as info:
        GopsSession().open(path)
    assert str(info.value) == (
        f"{str(path)!r} is not a GOPS game: it holds the 5000-digit number 999999999999…; no "
        "number of a GOPS game has over 30 digits"
    )


def test_a_solved_value_of_nan_or_infinity_is_refused(tmp_path: Path):
    rules = GopsRules(3)
    for bad in ("NaN", "Infinity", "1e400", str(10**29)):
        memo = json.loads(json.dumps(solved(rules)))
        memo["chance"][0][5] = BIG_TOKEN
        data = {"format": FILE_FORMAT, "version": FILE_VERSION, "rules": rules.to_json()}
        data["solver"] = memo
        path = tmp_path / "bad.gops"
        path.write_text(json.dumps(data).replace(f'"{BIG_TOKEN}"', bad), encoding="utf-8")
        with pytest.raises(DocumentError, match="saved GOPS solution: bad chance entry"):
            GopsSession().open(path)
