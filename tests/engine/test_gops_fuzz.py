"""Fuzzing GOPS's text inputs (issue 16): a state's text form and the rules' names, mutated as a
user could mistype them or a hostile file hold them — numbers of thousands of digits, signs,
digits of other scripts, lone surrogates, control characters, unknown or repeated parts — either
parse (and round-trip) or are refused with a NotationError quoting them; never another
exception."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.hostile import BIG, attempt, controls, surrogates
from whistgui.engine.errors import NotationError
from whistgui.engine.gops import GopsRules, GopsState
from whistgui.engine.gops.rules import MAX_N, SCORES, TIES
from whistgui.engine.reading import quote

numbers = st.one_of(
    st.integers(-3, 100).map(str),
    st.sampled_from([BIG, "-" + BIG, "−7", "+3", "٣", "²", "0", "00", "1e3", "0x1", "9" * 40]),
)
values = st.one_of(
    numbers,
    st.lists(numbers, min_size=1, max_size=4).map(",".join),
    st.sampled_from(["-", "", ",", "1,,2", "1,1", "\ud800", "a\udfffb", "\x00", "1,\x1b"]),
    st.text(st.one_of(surrogates, controls, st.sampled_from("0123456789,-=")), max_size=6),
)


@st.composite
def reachable_states(draw: st.DrawFn) -> GopsState:
    """A state of a game of 1 to 6 cards, some random moves from the start."""
    rules = GopsRules(draw(st.integers(1, 6)), draw(st.sampled_from(TIES)))
    state = GopsState.start(rules.n)
    for _ in range(draw(st.integers(0, 2 * rules.n))):
        if state.is_over:
            break
        if state.is_bidding:
            state = state.bid(
                draw(st.sampled_from(sorted(state.a))),
                draw(st.sampled_from(sorted(state.b))),
                rules,
            )
        else:
            state = state.turn(draw(st.sampled_from(sorted(state.prizes))))
    return state


@st.composite
def mutated_texts(draw: st.DrawFn) -> str:
    words = str(draw(reachable_states())).split()
    for _ in range(draw(st.integers(1, 3))):
        i = draw(st.integers(0, len(words) - 1))
        action = draw(st.sampled_from(["value", "value", "key", "drop", "repeat", "insert"]))
        key, _, value = words[i].partition("=")
        if action == "value":
            words[i] = f"{key}={draw(values)}"
        elif action == "key":
            new = draw(st.sampled_from(["PRIZES", "A", "Pot", "x", "", "a\ud800", "diff\x00"]))
            words[i] = f"{new}={value}"
        elif action == "drop" and len(words) > 1:
            del words[i]
        elif action == "repeat":
            words.insert(i, words[i])
        else:
            words.insert(i, draw(st.one_of(values, st.sampled_from(["=", "==", "a==1"]))))
    sep = draw(st.sampled_from([" ", "  ", "\t", "\n", "\x0b", "\u2028", "\u3000"]))
    return sep.join(words)


@settings(max_examples=300, deadline=None)
@given(st.one_of(mutated_texts(), st.text(max_size=30)))
def test_state_texts_parse_and_round_trip_or_are_refused_quoting_them(text: str):
    state, error = attempt(GopsState.parse, text)
    if state is None:
        assert error is not None
        assert quote(text) in error, (text, error)
        assert "expected" in error
        return
    assert GopsState.parse(str(state)) == state
    assert all(1 <= c <= MAX_N for c in state.prizes | state.a | state.b)


@pytest.mark.parametrize(
    ("text", "says"),
    [
        (f"prizes={BIG} a=1 b=1", "prizes= holds the 5000-digit number 999999999999…, not a card"),
        (f"prizes=1,{BIG},2 a=1,2,3 b=1,2,3", "holds the 5000-digit number"),
        (f"prizes=1 a=1 b=1 pot={BIG}", "pot= is a number of 5000 digits (999999999999…)"),
        (f"prizes=1 a=1 b=1 diff=-{BIG}", "diff= is a number of 5000 digits"),
        (f"prizes=1 a=1 b=1 diff=−{BIG}", "diff= is a number of 5000 digits"),
        ("prizes=1 a=1 b=1 pot=9999999", "pot + prizes + |diff| = 10000000"),
        ("prizes=1 a=1 b=1 pot=99999999", "pot= is a number of 8 digits (99999999); expected"),
        ("prizes=1 a=1 b=1 x\ud800=1", "'x\\ud800=1' is not one of prizes="),
        ("prizes=1 a=\x00 b=1", "a='\\x00' is not a list of cards"),
    ],
)
def test_huge_numbers_and_strange_characters_are_refused_quoting_them(text: str, says: str):
    with pytest.raises(NotationError) as info:
        GopsState.parse(text)
    assert says in str(info.value)
    assert quote(text) in str(info.value)


names = st.one_of(
    st.sampled_from([*TIES, *SCORES, "Carry", " split ", "share", "", "\ud800", "sign\x00"]),
    st.text(max_size=8),
)


@settings(max_examples=150, deadline=None)
@given(st.one_of(st.integers(-2, 15), st.just(10**5000)), names, names)
def test_rule_names_are_read_or_refused_quoting_them(n: int, ties: str, score: str):
    rules, error = attempt(GopsRules.parse, n, ties, score)
    if rules is None:
        assert error is not None
        assert any(
            part in error for part in (quote(ties.strip().lower()), quote(score.strip().lower()))
        ) or error.startswith("N = "), error
        return
    assert GopsRules.from_json(rules.to_json()) == rules


rule_values: st.SearchStrategy[Any] = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-2, 15),
    st.just(10**5000),
    st.floats(allow_nan=True),
    names,
    st.lists(st.integers(), max_size=2),
)


@settings(max_examples=150, deadline=None)
@given(
    st.one_of(
        st.dictionaries(st.sampled_from(["n", "ties", "score", "extra"]), rule_values),
        rule_values,
    )
)
def test_rules_from_a_file_are_read_or_refused(data: Any):
    rules, error = attempt(GopsRules.from_json, data)
    if rules is None:
        assert error
        return
    assert GopsRules.from_json(rules.to_json()) == rules
