"""Numbers read from text (issue 16): every parser that turns digits into an integer refuses
thousands of digits with the project's NotationError, quoting the input shortened and naming
the limit — never Python's int-conversion ValueError."""

from __future__ import annotations

import pytest

from whistgui.engine import Infinitesimal, NotationError, State, Value
from whistgui.engine.games import find_game
from whistgui.engine.reading import (
    QUOTE_LIMIT,
    REPLACEMENT,
    label,
    quote,
    quote_json,
    read_int,
    readable,
)

HUGE = "9" * 5000


@pytest.mark.parametrize(
    ("parse", "text", "message"),
    [
        (Value.parse, HUGE, r"number '9+…9+' \(5,000 digits\) is too long; expected at most 1000"),
        (Value.parse, f"1/{HUGE}", r"\(5,000 digits\) in '1/9+…9+' is too long"),
        (Value.parse, f"&1/{HUGE}", r"\(5,000 digits\)"),
        (Value.parse, f"1½ - ε{HUGE}", r"index '9+…9+' \(5,000 digits\)"),
        (Value.parse, "e1234567890", r"index '1234567890' \(10 digits\) .*at most 9 digits"),
        (Value, HUGE, r"\(5,000 digits\) is too long"),
        (Value, "1e99999", r"'1e99999' is not a number"),
        (Infinitesimal.parse, f"-e{HUGE}", r"\(5,000 digits\)"),
        (State.parse, f"{HUGE} + AQ/KJ", r"tricks '9+…9+' \(5,000 digits\)"),
        (find_game("greedy-whist").new_theory().parse, f"{HUGE}/2", r"\(5,000 digits\)"),
        (find_game("greedy-whist").new_theory().parse, f"1 - e{HUGE}", r"\(5,000 digits\)"),
        (find_game("five-card").new_theory().parse, f"-{HUGE}", r"trace '-9+…9+'"),
        (find_game("misere-five-card").new_theory().parse, f"+{HUGE}", r"stoppers '\+9+…"),
    ],
)
def test_huge_numbers_are_refused(parse, text, message):
    with pytest.raises(NotationError, match=message) as info:
        parse(text)
    assert len(str(info.value)) < 300


def test_numbers_within_the_limits_still_parse():
    assert Value.parse("3/2-e12") == Value.parse("1½ − ε₁₂")
    assert Value("0.25") == Value.parse("1/4")
    big = "1" + "0" * 999
    assert Value.parse(big).number == 10**999
    assert State.parse("123456789 + AQ/KJ").tricks == 123456789
    assert find_game("greedy-whist").new_theory().parse("7/4") == Value.parse("1¾")


def test_greedy_elements_are_values_and_the_old_pairs_are_refused():
    # Greedy Whist's elements were R43's pairs (n, H_Greedy); they are values now (issue 28)
    with pytest.raises(NotationError, match=r"'\(3, a5\)' is not a value"):
        find_game("greedy-whist").new_theory().parse("(3, a5)")


def test_quote_keeps_short_text_and_shortens_long_text():
    assert quote("AQ/KJ") == "'AQ/KJ'"
    long = "x" * 10_000
    q = quote(long)
    assert len(q) == QUOTE_LIMIT + 1
    assert q.startswith("'xxx")
    assert q.endswith("xxx'")
    assert "…" in q
    assert read_int("-12", what="n", text="-12", max_digits=2) == -12


def test_an_undecodable_byte_is_quoted_as_the_replacement_character():
    # the command line and standard input give a byte that is not UTF-8 as a lone surrogate
    assert quote("\udcff\udcfe/A") == "'\ufffd\ufffd/A'"
    assert label("\udcff") == "'\ufffd'"  # not printable: quoted
    assert quote(["\udcff"]) == "['\\udcff']"  # a value read from a file: as Python writes it
    assert quote("\ud800") == "'\\ud800'"  # no byte's: a Python caller's, said by its escape
    long = "\udcff" + "x" * 10_000 + "'\udcfe"  # quoted by its ends, shown the same way
    q = quote(long)
    assert q.startswith('"\ufffdxxx')
    assert q.endswith("x'\ufffd\"")
    assert readable("A\ud800B\udfff") == f"A{REPLACEMENT}B{REPLACEMENT}"
    assert readable("AQ/KJ") == "AQ/KJ"


def test_a_value_of_a_json_file_is_quoted_as_json_writes_it():
    assert quote_json({"turn": "3"}) == '{"turn": "3"}'  # a string shown as one
    assert quote_json([4, None, True, 2.5]) == "[4, null, true, 2.5]"
    assert quote_json("a\u2028b\x00\udcff") == '"a\\u2028b\\u0000\ufffd"'  # one line, readable
    long = "x" * 20_000_000  # quoted by its ends, not written whole
    assert quote_json(long) == f'"{"x" * 39}…{"x" * 19}"'
    assert quote_json({"k": long}).startswith('{"k": "xxx')
    assert len(quote_json({"k": long})) == QUOTE_LIMIT + 1
    assert quote_json(object()).startswith("<object object")  # not JSON's: as quote says it
    assert quote_json(10**5000) == quote(10**5000)  # beyond what Python writes
