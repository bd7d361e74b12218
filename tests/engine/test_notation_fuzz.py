"""The deal parser under fuzzing (issue 16): every text — arbitrary, or built from the grammar's
own pieces and their near misses (ranks, '/', ',', brackets, suit prefixes, numbers of thousands
of digits, Unicode, control characters) — either parses and round-trips through the project's
formatters, or is refused with the project's own error type and a message quoting the input or
the part of it that is wrong; never another exception."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TypeVar

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.engine.strategies import asymmetric_deals, symmetric_deals
from whistgui.engine import Deal, State, SuitDeal, Value, WhistError
from whistgui.engine.reading import quote
from whistgui.engine.trick.notation import format_deal, format_deal_paper

T = TypeVar("T")

#: The grammar's pieces and their near misses.
PIECES = st.one_of(
    st.sampled_from(
        [
            *"AKQJT98765432akqjt-/,[]+: ",
            "10",
            "1",
            "0",
            "S:",
            "H:",
            "d:",
            "♠:",
            "♥",
            "5:",
            "0:",
            "N:",
            " + ",
            ", ",
            "\t",
            "\n",
            "\r",
            "\x00",
            "\x0b",
            "\x1c",
            "\u2028",
            "\ufeff",
            "\u00a0",
            "١",  # an Arabic-Indic digit one: a digit to Python, not to the notation
            "²",
            "é",
            "\ud800",  # a lone surrogate
        ]
    ),
    st.integers(0, 10**12).map(str),
    # past the 9 digits a rank may have, and past Python's own limit (4,300 digits)
    st.sampled_from([10, 11, 40, 4300, 4301, 6000]).map(lambda n: "9" * n),
)
near_valid = st.lists(PIECES, max_size=30).map("".join)


def _papers_bodies(text: str) -> list[str]:
    return [f"[{g}]" for g in re.findall(r"\[([^\[\]]*)\]", text)]


def _quotes_the_input(message: str, text: str) -> bool:
    """The message quotes (shortened if long) the input, or a suit of it (a compact token or
    a bracketed suit of the paper's notation)."""
    parts = {text, text.strip(), *text.split(), *_papers_bodies(text)}
    return any(quote(p) in message for p in parts)


def attempt(parse: Callable[[str], T], text: str) -> tuple[T | None, WhistError | None]:
    """``parse(text)``, or the project's error it raised (any other exception escapes and
    fails the test)."""
    try:
        return parse(text), None
    except WhistError as exc:
        return None, exc


def check_deal_text(text: str) -> None:
    deal, error = attempt(Deal.parse, text)
    if deal is None:
        assert isinstance(error, ValueError)
        message = str(error)
        assert _quotes_the_input(message, text), (text, message)
        assert len(message) < 1000, message  # long input is quoted by its ends
        return
    assert Deal.parse(format_deal(deal)) == deal
    assert Deal.parse(format_deal_paper(deal)) == deal
    assert eval(repr(deal), {"Deal": Deal}) == deal
    if len(deal.suits) == 1:
        assert SuitDeal.parse(str(deal.suits[0])) == deal.suits[0]


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=60))
def test_arbitrary_text_parses_or_is_refused_quoting_it(text: str) -> None:
    check_deal_text(text)


@settings(max_examples=300, deadline=None)
@given(near_valid)
def test_near_valid_text_parses_or_is_refused_quoting_it(text: str) -> None:
    check_deal_text(text)


@settings(max_examples=100, deadline=None)
@given(st.one_of(symmetric_deals(max_cards=8), asymmetric_deals()), st.data())
def test_valid_deals_with_a_piece_inserted(deal: Deal, data: st.DataObject) -> None:
    text = data.draw(st.sampled_from([str(deal), format_deal_paper(deal)]))
    at = data.draw(st.integers(0, len(text)))
    piece = data.draw(PIECES)
    check_deal_text(text[:at] + piece + text[at:])


@settings(max_examples=150, deadline=None)
@given(st.one_of(near_valid, st.text(max_size=30)).map(lambda t: f"{t} + AQ/KJ"))
def test_states_parse_or_are_refused(text: str) -> None:
    state, error = attempt(State.parse, text)
    if state is None:
        assert isinstance(error, ValueError)
        return
    assert State.parse(str(state)) == state


VALUE_PIECES = st.one_of(
    st.sampled_from([*"0123456789/&+-e ", "ε", "½", "−", "±", "₁", "¹⁄₂", "+-", "\x00", "١"]),
    st.sampled_from([10, 1001, 4301]).map(lambda n: "1" * n),
)


@settings(max_examples=300, deadline=None)
@given(st.one_of(st.lists(VALUE_PIECES, max_size=12).map("".join), st.text(max_size=20)))
def test_values_parse_or_are_refused(text: str) -> None:
    v, error = attempt(Value.parse, text)
    if v is None:
        assert isinstance(error, ValueError)
        assert len(str(error)) < 1000
        return
    assert Value.parse(v.ascii()) == v
    assert Value.parse(v.pretty()) == v


@pytest.mark.parametrize(
    "text",
    ["9" * 5000 + ":A/K", "[" + "9" * 5000 + ", 1]", "-/AK", "AQ/KJ\rK/A", "\x00", "[, ]"],
)
def test_the_issues_inputs(text: str) -> None:
    check_deal_text(text)


def test_many_more_texts_under_exhaustive(exhaustive: bool) -> None:
    """``pytest --exhaustive``: the two text fuzzers with a hundred times the examples."""
    if not exhaustive:
        pytest.skip("heavier: run with --exhaustive")
    for texts in (st.text(max_size=80), near_valid):
        settings(max_examples=30_000, deadline=None)(given(texts)(check_deal_text))()
