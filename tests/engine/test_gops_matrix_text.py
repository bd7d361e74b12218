"""One reader of a matrix game's text (issue 30) for the command line and the app: JSON or
rows pasted, decimals and fractions exact, bad text quoted with where it is, sizes bounded."""

from __future__ import annotations

import json
import re
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.bounded import run_bounded
from whistgui.engine.errors import ArgumentError, ArgumentTypeError, NotationError
from whistgui.engine.gops.matrix_text import (
    MAX_EXACT_MATRIX_TEXT,
    MAX_MATRIX_TEXT,
    MatrixTextError,
    parse_matrix,
    shape_text,
)

fractions = st.fractions(min_value=-(10**6), max_value=10**6, max_denominator=10**4)
matrices = st.integers(1, 6).flatmap(
    lambda cols: st.lists(st.lists(fractions, min_size=cols, max_size=cols), min_size=1, max_size=6)
)


def _text(x: Fraction) -> str:
    return str(x.numerator) if x.denominator == 1 else f"{x.numerator}/{x.denominator}"


@given(matrices, st.sampled_from(["json", "rows", "semicolons", "tabs"]))
def test_every_form_reads_back_the_matrix_written(m, form):
    if form == "json":  # integers as JSON numbers, fractions as strings
        text = json.dumps([[int(x) if x.denominator == 1 else _text(x) for x in r] for r in m])
    elif form == "rows":
        text = "\n".join(" ".join(_text(x) for x in r) for r in m)
    elif form == "semicolons":
        text = "; ".join(", ".join(_text(x) for x in r) for r in m)
    else:
        text = "\r\n".join("\t".join(_text(x) for x in r) for r in m) + "\r\n"
    assert parse_matrix(text) == m


@given(st.lists(st.decimals(-1000, 1000, places=3, allow_nan=False), min_size=1, max_size=8))
def test_decimals_are_read_exactly(row):
    text = " ".join(str(d) for d in row)
    assert parse_matrix(text) == [[Fraction(d) for d in row]]
    assert parse_matrix(json.dumps([[float(d) for d in row]]))[0] == [
        Fraction(repr(float(d))) for d in row
    ]


@pytest.mark.parametrize(
    ("text", "words", "bad"),
    [
        ("[[3,x],[1,2]]", "'x' in row 1, column 2", "x"),
        ('[[1,"x"]]', "'\"x\"' in row 1, column 2", '"x"'),
        ("1 2\n3", "row 2 has 1 entries and row 1 2", "3"),
        ("[[1,2],[]]", "row 2 has 0 entries", ""),
        ("", "no numbers", ""),
        ("[[]]", "no numbers", ""),
        ("[[1,2]", "1 '[' not closed", ""),
        ("1/0 2", "'1/0' in row 1, column 1", "1/0"),
        ("1.5/2 2", "'1.5/2'", "1.5/2"),
        ("[[[1]]]", "a third '['", "["),
        ("1 2 ]", "']' at character 5", "]"),
        ("[1, 2]", "'1' outside a row's brackets", "1"),
        ("[[1]]]", "']' with no '['", "]"),
        ("[[NaN]]", "'NaN'", "NaN"),
        ("[[true]]", "'true'", "true"),
        ("1e301", "is too large", "1e301"),
        ("1e9999", "'1e9999'", "1e9999"),
        ("9" * 41, "expected a number", "9" * 41),
    ],
)
def test_bad_text_is_refused_quoting_it_and_saying_where(text, words, bad):
    with pytest.raises(MatrixTextError) as got:
        parse_matrix(text)
    assert words in str(got.value)
    assert isinstance(got.value, NotationError)
    assert isinstance(got.value, ValueError)
    if bad:
        assert text[got.value.start : got.value.end] == bad


def test_sizes_exact_by_default_and_up_to_100_when_asked():
    row = " ".join(["1"] * 17)
    with pytest.raises(MatrixTextError, match="17 entries: at most 16 rows and columns are solved"):
        parse_matrix(row)
    assert parse_matrix(row, 100) == [[1] * 17]
    with pytest.raises(MatrixTextError, match="17 rows: at most 16"):
        parse_matrix("1\n" * 17)
    with pytest.raises(MatrixTextError, match="101 rows: at most 100"):
        parse_matrix("1\n" * 101, 100)
    with pytest.raises(
        MatrixTextError, match=re.escape(f"more than {MAX_EXACT_MATRIX_TEXT:,} characters")
    ):
        parse_matrix("1 " * (MAX_EXACT_MATRIX_TEXT // 2 + 1))
    with pytest.raises(MatrixTextError, match=f"more than {MAX_MATRIX_TEXT:,} characters"):
        parse_matrix(" " * (MAX_MATRIX_TEXT + 1), 100)
    with pytest.raises(ArgumentError, match="max_size"):
        parse_matrix("1", 101)
    with pytest.raises(ArgumentTypeError, match="expected the matrix as a str"):
        parse_matrix(b"1 2")  # type: ignore[arg-type]


def test_hostile_text_is_refused_in_bounded_memory():
    """The largest text read, all brackets or all one number, in a child under 300 MB."""
    code = """
from whistgui.engine.gops.matrix_text import MAX_MATRIX_TEXT, MatrixTextError, parse_matrix
for text in ("[" * MAX_MATRIX_TEXT, "[[" + "9" * (MAX_MATRIX_TEXT - 4) + "]]",
             "[" + ",".join(["[" + ",".join(["1"] * 100) + "]"] * 100) + "]",
             "1" + "\\n" * (MAX_MATRIX_TEXT - 1)):
    try:
        m = parse_matrix(text, 100)
        print("read", len(m), len(m[0]))
    except MatrixTextError as exc:
        print("refused", str(exc)[:60])
"""
    got = run_bounded(code, memory_mb=300, timeout=60)
    assert got.returncode == 0, got.stderr
    lines = got.stdout.splitlines()
    assert lines[0].startswith("refused a third '['")
    assert lines[1].startswith("refused '9999")
    assert lines[2] == "read 100 100"
    assert lines[3] == "read 1 1"


@pytest.mark.parametrize(
    ("text", "m"),
    [
        ("0,5\t1\n1\t0,5", [[Fraction(1, 2), 1], [1, Fraction(1, 2)]]),  # a spreadsheet's copy
        ("-1,25\t2\r\n3\t4,0\r\n", [[Fraction(-5, 4), 2], [3, 4]]),
        ("1,\t2\n3,\t4", [[1, 2], [3, 4]]),  # tabs, and commas after entries: separators
        ("1,2\n3,4", [[1, 2], [3, 4]]),  # no tab: commas separate entries
        ("[[1,2],\t[3,4]]", [[1, 2], [3, 4]]),  # JSON keeps its commas
    ],
)
def test_tab_separated_rows_read_commas_between_digits_as_decimal_commas(text, m):
    assert parse_matrix(text) == m


def test_commas_both_ways_in_tab_separated_rows_are_refused_as_ambiguous():
    text = "0,5\t1, 2\n1\t0,5"
    with pytest.raises(MatrixTextError, match=r"decimal commas\? write 0\.5") as got:
        parse_matrix(text)
    assert text[got.value.start] == ","
    assert got.value.start == text.index(", ")
    assert repr(text)[1:-1] in str(got.value)  # the text quoted
    with pytest.raises(MatrixTextError, match=r"'1,2,3' in row 1, column 1: expected a number"):
        parse_matrix("1,2,3\t4")


def test_shape_text_says_one_row_and_many_rows():
    assert shape_text(1, 1) == "read as a 1 × 1 matrix (1 row, 1 column)"
    assert shape_text(2, 3) == "read as a 2 × 3 matrix (2 rows, 3 columns)"
