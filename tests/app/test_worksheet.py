"""The values worksheet's Qt-free layer: rows valued as the engine values them, bad rows with a
message quoting them, the sum, rows compared (a row without a deal refused) and D + z."""

from __future__ import annotations

import pytest
from hypothesis import given, settings

from tests.engine.strategies import symmetric_deals
from whistgui.app.worksheet import (
    MAX_ROW_SUIT,
    WorksheetRow,
    compare_refusal,
    compare_rows,
    game_note,
    sum_text,
    witness_deal,
    witness_text,
    worksheet_row,
    worksheet_sum,
)
from whistgui.engine import ArgumentError, Deal, Evaluator, Solver, Value, describe
from whistgui.engine.games.whist.compare import Comparer


@settings(max_examples=40, deadline=None)
@given(symmetric_deals(max_cards=6, max_suits=3))
def test_a_row_is_the_engines_value_and_words(deal: Deal) -> None:
    row = worksheet_row(f"  {deal}  ", Evaluator())
    assert row.error is None
    assert row.deal == Deal.parse(str(deal))
    assert row.value == Evaluator().value(deal)
    assert row.kind == describe(row.value).words


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("AK/Q", "'AK/Q': suit S ('AK/Q') is not symmetric"),
        ("K/X", "'K/X'"),
        ("0", "'0' is an empty deal"),
        ("-/-", "'-/-' has no cards"),  # as the empty deal is (issue 28's review)
        (
            "["
            + " ".join(map(str, range(402, 0, -2)))
            + ", "
            + " ".join(map(str, range(401, 0, -2)))
            + "]",
            f"has a suit of 201 cards in a hand; a row takes at most {MAX_ROW_SUIT}",
        ),
    ],
)
def test_a_bad_row_says_why_quoting_it(text: str, said: str) -> None:
    row = worksheet_row(text, Evaluator())
    assert row.value is None
    assert row.deal is None
    assert row.error is not None
    assert said in row.error


def test_the_sum_leaves_out_rows_without_a_value() -> None:
    ev = Evaluator()
    rows = [worksheet_row(t, ev) for t in ("K/A", "AK/Q", "A/K")]
    assert worksheet_sum(rows) == (Value.parse("1+-e0"), describe(Value.parse("1+-e0")).words)
    assert worksheet_sum([rows[1]]) is None
    assert worksheet_sum([]) is None


def test_rows_compared_and_a_witness_as_d_plus_z() -> None:
    ev = Evaluator()
    d, e = worksheet_row("K/A A/K", ev), worksheet_row("KJ/AQ KJ/AQ", ev)
    c = compare_rows(d, e, Comparer())
    assert c.relation == "incomparable"
    solver = Solver()
    for w in c.witnesses:
        assert d.deal is not None
        assert solver.outcome(witness_deal(d.deal, w)) == w.d
        assert str(w.z) in witness_text(w)
    assert "D does better" in witness_text(c.witnesses[0])
    assert "E does better" in witness_text(c.witnesses[1])


def test_a_row_without_a_deal_is_not_compared() -> None:
    with pytest.raises(ArgumentError, match="E 'AK/Q' is not a deal with a value"):
        compare_rows(worksheet_row("K/A", Evaluator()), WorksheetRow("AK/Q"), Comparer())


def test_the_sum_line_counts_the_rows_left_out_in_words() -> None:
    ev = Evaluator()
    one = [worksheet_row(t, ev) for t in ("K/A", "AK/Q")]
    two = [*one, worksheet_row("K/X", ev)]
    assert sum_text(one).endswith("(the 1 row without a value left out)")
    assert sum_text(two).endswith("(the 2 rows without a value left out)")
    assert "left out" not in sum_text(one[:1])
    assert sum_text([]) == "Sum: no rows yet"
    assert sum_text(one[1:]) == "Sum: no row has a value"


def test_why_two_rows_cannot_be_compared() -> None:
    ev = Evaluator()
    rows = [worksheet_row("K/A", ev), worksheet_row("AK/Q", ev), None, worksheet_row("A/K", ev)]
    assert compare_refusal([0, 3], rows) is None
    assert compare_refusal([], rows) == "Select two rows (Ctrl+click) to compare them"
    assert compare_refusal([0, 1, 3], rows) == (
        "Select two rows (Ctrl+click) to compare them (3 selected)"
    )
    said = compare_refusal([0, 1], rows)
    assert said is not None
    assert said.startswith("Row 2 has no value: 'AK/Q'")
    assert compare_refusal([2, 3], rows) == "Row 3 is still being valued"


@pytest.mark.parametrize(
    ("game", "label"),
    [("five-card", "Five-card"), ("refined-whist", "Refined whist"), ("greedy", "Greedy Whist")],
)
def test_a_game_not_whist_is_said(game: str, label: str) -> None:
    assert game_note("whist") is None
    note = game_note(game)
    assert note is not None
    assert note.startswith(f"The table's game is {label}:")
    assert note.endswith("two-person whist's")
