"""Issue 28's review, finding 1: the worksheet takes a whist suit up to the 200 cards a hand
``whist value`` takes, and says what ``whist value`` says of it — the value where R44 Theorems
11.10 and 17.1 decide it, else the outcome by R43 Theorem 9.1 and no value; the sum says when
a row leaves it without one; a comparison with such a row is refused with the reason; rows of
known value past exact search are compared by their values, witnesses marked unverified."""

from __future__ import annotations

import json

import pytest

from tests.cli.helpers import run_process
from whistgui.app.worksheet import (
    MAX_ROW_SUIT,
    ROW_REACH,
    compare_refusal,
    compare_rows,
    deal_value,
    sum_text,
    witness_text,
    worksheet_row,
)
from whistgui.cli.common import MAX_RECURSION_REACH, MAX_SUIT_CARDS
from whistgui.engine import Deal, Evaluator, Outcome, Value
from whistgui.engine.games.whist.compare import Comparer
from whistgui.engine.games.whist.rounding import rho


def _suit(west: range, east: range) -> str:
    return "[" + " ".join(map(str, west)) + ", " + " ".join(map(str, east)) + "]"


#: The review's suit: 18 cards a hand, West the even ranks 36 … 2, East the odd 35 … 1.
ALTERNATING = _suit(range(36, 0, -2), range(35, 0, -2))
#: A suit whose value the theorems leave undecided: 20 cards a hand, outcome (10, 10), and
#: 614,901 patterns for the recursion (past its 250,000).
UNDECIDED = (
    "[40 39 38 36 35 34 33 28 24 20 19 18 14 9 7 6 5 4 2 1, "
    "37 32 31 30 29 27 26 25 23 22 21 17 16 15 13 12 11 10 8 3]"
)


def _value_json(text: str) -> dict:
    res = run_process("value", "--json", text)
    assert res.returncode == 0, res.stderr
    return json.loads(res.stdout)


def test_the_limits_are_whist_values() -> None:
    assert (MAX_ROW_SUIT, ROW_REACH) == (MAX_SUIT_CARDS, MAX_RECURSION_REACH)


def test_the_reviewers_18_card_suit_is_9_and_a_half_as_whist_value_says() -> None:
    row = worksheet_row(ALTERNATING, Evaluator())
    assert row.error is None
    assert row.value == Value.parse("19/2")
    assert row.value.ascii() == _value_json(ALTERNATING)["value"]
    assert "value by R44 Theorem 17.1; outcome by R43 Theorem 9.1" in row.kind
    assert sum_text([row, worksheet_row("K/A", Evaluator())]).startswith("Sum of the rows: 9½ + ε₀")


def test_a_value_beyond_reach_shows_the_outcome_and_leaves_no_sum() -> None:
    obj = _value_json(UNDECIDED)
    assert obj["value"] is None  # whist value: beyond reach
    row = worksheet_row(UNDECIDED, Evaluator())
    assert row.beyond_reach
    assert row.value is None
    assert row.error is None
    o = obj["outcome"]
    assert row.outcome == Outcome(o["west_lead"], o["east_lead"])
    assert "value beyond reach; outcome by R43 Theorem 9.1" in row.kind
    assert "outcome by R43 Theorem 9.1: West takes" in row.kind
    said = sum_text([worksheet_row("K/A", Evaluator()), row])
    assert said.startswith("Sum: no value — row 2: its value is beyond reach")
    why = compare_refusal([0, 1], [worksheet_row("K/A", Evaluator()), row])
    assert why is not None
    assert why.startswith("Row 2's value is beyond reach")


def test_a_long_suit_beside_an_integer_has_its_outcome_moved() -> None:
    row = worksheet_row(f"{UNDECIDED} + [A Q 3, K J 2]", Evaluator())  # val 2 (Theorem 11.10)
    alone = worksheet_row(UNDECIDED, Evaluator())
    assert row.beyond_reach
    assert alone.outcome is not None
    assert row.outcome == Outcome(alone.outcome.west_lead + 2, alone.outcome.east_lead + 2)
    assert "suit S: " in row.kind
    two = worksheet_row(f"{UNDECIDED} + {UNDECIDED}", Evaluator())
    assert two.outcome is None
    assert "suits S and H are both beyond reach" in two.kind


def test_rows_past_exact_search_compare_by_their_values() -> None:
    """Two 16-card rows, 8½ against 7½ as in the review: the relation, and witnesses rounded
    from the values (marked so)."""
    ev = Evaluator()
    d = worksheet_row("AQ/KJ AQ/KJ AKQJ/T987 AKQJ/T987 AKQ/JT9 A/K", ev)
    e = worksheet_row("KJ/AQ AQ/KJ AKQJ/T987 AKQJ/T987 AKQ/JT9 K/A", ev)
    assert d.deal is not None
    assert e.deal is not None
    assert d.deal.size == e.deal.size == 16
    c = compare_rows(d, e, Comparer())
    assert c.relation == ">"
    assert c.values == (d.value, e.value)
    for w in c.witnesses:
        assert not w.verified
        assert (w.d, w.e) == (rho(d.value + w.value), rho(e.value + w.value))
        assert "too large to verify by search" in witness_text(w)
    long = worksheet_row(ALTERNATING, ev)
    c = compare_rows(long, worksheet_row("AK/QJ", ev), Comparer())
    assert c.relation == ">"
    assert c.witnesses
    assert not c.witnesses[0].verified


@pytest.mark.parametrize("bad", ["AJ/KQ", None])
def test_deal_value_checks_its_arguments(bad: object) -> None:
    from whistgui.engine import ArgumentTypeError

    with pytest.raises(ArgumentTypeError):
        deal_value(bad, Evaluator())  # type: ignore[arg-type]
    assert deal_value(Deal.parse("AJ/KQ"), Evaluator()).value == Value.parse("1+e1")
