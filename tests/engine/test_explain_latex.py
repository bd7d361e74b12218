"""explain(): why val(D) is what it is; latex: values and the α matrix as LaTeX."""

from __future__ import annotations

import dataclasses
import re
import shutil

import pytest
from hypothesis import given, settings

from tests.engine.strategies import suit_patterns, values
from tests.tools import run_pdflatex
from whistgui.engine import (
    Bounds,
    Evaluator,
    LabeledValue,
    Player,
    Reduction,
    SuitAnalysis,
    SuitDeal,
    TheoryError,
    Value,
)
from whistgui.engine.games.whist.explain import MAX_REJECTED_LINES, REASONS, explain, reason_for
from whistgui.engine.games.whist.latex import alpha_matrix_latex, labeled_latex, value_latex
from whistgui.engine.trick.cards import rank_from_text, rank_text, standard_ranks

EV = Evaluator()
W, E = Player.WEST, Player.EAST

# --------------------------------------------------------------------------- explain


@pytest.mark.parametrize(
    ("suit", "value", "reason", "rejected"),
    [
        ("K/A", "e0", "infinitesimal", {"0": "L"}),
        ("AQ/KJ", "3/2", "half-integer", {"1": "L"}),
        ("AKT/QJ9", "9/4", "denominator", {"2": "L", "5/2": "R"}),
        ("AJ/KQ", "1+e1", "infinitesimal", {"1": "L", "1+e0": "L", "1-e0": "L"}),
        ("KQ/AJ", "1-e1", "infinitesimal", {"1": "R", "1+e0": "R", "1-e0": "R", "1+e1": "R"}),
        ("A/K", "1-e0", "infinitesimal", {"1": "R", "1+e0": "R"}),
        ("KQ9/AJT", "5/4", "denominator", {"1": "L", "3/2": "R"}),
        ("[13 12 9 8 7 2 1, 14 11 10 6 5 4 3]", "27/8", "denominator", {"7/2": "R", "13/4": "L"}),
    ],
)
def test_paper_examples(suit: str, value: str, reason: str, rejected: dict[str, str]):
    a = EV.analyze(suit)
    e = explain(a)
    assert e.value == a.value == Value.parse(value)
    assert e.reason == reason
    want = [Value.parse(t) for t in rejected]
    assert list(e.rejected) == want
    for v, side in zip(want, rejected.values(), strict=True):
        assert f"Rejected {v.pretty()}: {v.pretty()} ∈ {side}(D)" in e.text
    assert e.text == "\n".join(e.lines)
    assert str(e) == e.text
    assert f"maxmin(D) = {a.maxmin.pretty()}" in e.text
    assert f"minmax(D) = {a.minmax.pretty()}" in e.text
    assert f"val(D) = {a.value.pretty()} (complexity {a.value.complexity})" in e.text


def test_k_a_says_no_number_is_in_the_interval():
    e = explain(EV.analyze("K/A"))
    assert "No number lies in I(D)" in e.text
    assert "I(D) = {x : x infinitesimal, x ≥ ε₀} ∪ {±ε₀}." in e.lines
    assert "Rejected 0: 0 ∈ L(D), as maxmin ≥ (E, 0)." in e.lines
    assert "±ε₀ lies in I(D) too" in e.text  # the fuzzy member, and why it loses
    assert "val(D) = ε₀ (complexity ω)" in e.text


def test_aq_kj_names_the_cards_and_the_half_integer_rule():
    e = explain(EV.analyze("AQ/KJ"))
    assert e.lines[0] == (
        "maxmin(D) = (W, 1 + ε₀): the row minimum of West's A, the largest row minimum."
    )
    assert "East's K and J" in e.lines[1]
    assert "I(D) holds the values whose numerical part lies in (1, 2)." in e.lines
    assert "1½ is the only half-integer in I(D)" in e.lines[-1]


def test_akt_qj9_rejects_2_and_2_and_a_half():
    e = explain(EV.analyze("AKT/QJ9"))
    assert "West's A and K" in e.lines[0]
    assert "Rejected 2: 2 ∈ L(D), as maxmin ≥ (E, 2)." in e.lines
    assert "Rejected 2½: 2½ ∈ R(D), as minmax ≤ (W, 2½)." in e.lines
    assert "No half-integer and no number of denominator below 4 lies in I(D)." in e.lines
    assert "2¼ is the only number of denominator 4 in I(D)" in e.lines[-1]


def test_non_number_rejections_state_both_conditions():
    e = explain(EV.analyze("AJ/KQ"))
    assert "Rejected 1 + ε₀: 1 + ε₀ ∈ L(D), as maxmin ≥ (E, 1) and minmax ≥ (W, 1 + ε₀)." in (
        e.lines
    )
    e = explain(EV.analyze("KQ/AJ"))
    assert "Rejected 1 + ε₁: 1 + ε₁ ∈ R(D), as minmax ≤ (W, 1) and maxmin ≤ (E, 1 + ε₁)." in (
        e.lines
    )
    assert "1 − ε₁ has the least |k| = 1 in I(D)" in e.lines[-1]


def test_abstract_suit_uses_integer_ranks():
    e = explain(EV.analyze("[13 12 9 8 7 2 1, 14 11 10 6 5 4 3]"))
    assert "West's 13 and 12" in e.lines[0]
    assert "East's 11 and 10" in e.text


def test_no_rejected_candidate():
    e = explain(EV.analyze("KQT/AJ9"))  # val = 1½, the first candidate
    assert e.rejected == ()
    assert "No simpler candidate comes before 1½." in e.lines


def test_long_candidate_lists_are_capped():
    e = explain(EV.analyze("987654/AKQJT3"))  # val = 1 − ε₅
    assert len(e.rejected) == 12
    named = [line for line in e.lines if line.startswith("Rejected ")]
    assert len(named) == MAX_REJECTED_LINES
    assert "… and 4 more, all in R(D)." in e.lines


def test_label_order_for_equal_numbers():
    """(E, x) > (W, x) for a number x decided the column maximum and the smallest of them."""
    e = explain(EV.analyze("KJ9/AQT"))
    assert (
        "(E, 1½) > (W, 1½) because 1½ is a number, so the smallest column maximum, "
        "minmax(D), is (W, 1½)."
    ) in e.lines
    e = explain(EV.analyze("KQT/AJ9"))
    assert (
        "(E, 1½) > (W, 1½) because 1½ is a number, so the minimum of West's K and Q rows "
        "is (W, 1½)."
    ) in e.lines
    e = explain(EV.analyze("AJ9/KQT"))
    assert (
        "(E, 1½) > (W, 1½) because 1½ is a number, so the maximum of East's K and Q columns "
        "is (E, 1½)."
    ) in e.lines


def _fabricated(labels: list[list[LabeledValue]], suit: str) -> SuitAnalysis:
    """A SuitAnalysis with the given α (real suits never tie on non-numbers up to n = 7)."""
    s = SuitDeal.parse(suit)
    west, east = tuple(sorted(s.west)), tuple(sorted(s.east))
    rows = tuple(
        tuple(
            Reduction(i, j, wc, ec, s.without(west=wc, east=ec), labels[i][j])
            for j, ec in enumerate(east)
        )
        for i, wc in enumerate(west)
    )
    maxmin = max(min(r) for r in labels)
    minmax = min(max(c) for c in zip(*labels, strict=True))
    bounds = Bounds(maxmin, minmax)
    return SuitAnalysis(s, west, east, rows, bounds, bounds.simplest())


def test_label_order_for_equal_non_numbers():
    """(W, x) > (E, x) when x is not a number: the branch no small real suit reaches."""
    x = Value.parse("1+e0")
    we, ee = LabeledValue(W, x), LabeledValue(E, x)
    e = explain(_fabricated([[ee, we], [ee, we]], "KQ/AJ"))
    assert e.value == x
    order = "(W, 1 + ε₀) > (E, 1 + ε₀) because 1 + ε₀ is not a number"
    assert f"{order}, so the minimum of West's K and Q rows is (E, 1 + ε₀)." in e.lines
    assert f"{order}, so the smallest column maximum, minmax(D), is (E, 1 + ε₀)." in e.lines


_REJECTED_LINE = re.compile(r"Rejected (?P<c>.+?): (?P=c) ∈ (?P<side>[LR])\(D\), as ")


@settings(max_examples=120, deadline=None)
@given(suit_patterns(max_n=6))
def test_explanations_are_consistent(pattern: str):
    a = EV.analyze(SuitDeal.from_pattern(pattern))
    e = explain(a)
    v = a.value
    assert e.reason in REASONS
    assert e.reason == reason_for(v)
    c = v.complexity
    if e.reason == "half-integer":
        assert c == (0, 0)
    elif e.reason == "denominator":
        assert c.omega_part == 0
        assert c.finite >= 1
        assert all(r.is_number for r in e.rejected)
    else:
        assert c.omega_part >= 1
        assert a.interval.at is not None  # one numerical part: no number in I(D)
        assert "No number lies in I(D)" in e.text
    # every candidate named really is in L(D) or R(D), as the line says
    named = []
    for line in e.lines:
        m = _REJECTED_LINE.match(line)
        if m:
            r = Value.parse(m.group("c"))
            named.append(r)
            assert a.in_left(r) if m.group("side") == "L" else a.in_right(r), line
    assert named == list(e.rejected[:MAX_REJECTED_LINES])
    for r in e.rejected:
        assert a.in_left(r) or a.in_right(r)
        assert r.complexity <= v.complexity
    if len(e.rejected) > MAX_REJECTED_LINES:
        assert any(
            line.startswith(f"… and {len(e.rejected) - MAX_REJECTED_LINES} more")
            for line in e.lines
        )
    assert f"val(D) = {v.pretty()} (complexity {c})" in e.text


def test_reason_for():
    assert [reason_for(Value.parse(t)) for t in ("0", "-1/2", "3/8", "e2", "1-e0")] == [
        "half-integer",
        "half-integer",
        "denominator",
        "infinitesimal",
        "infinitesimal",
    ]


# --------------------------------------------------------------------------- latex


@pytest.mark.parametrize(
    ("text", "latex"),
    [
        ("0", "0"),
        ("2", "2"),
        ("-3", "-3"),
        ("3/2", r"1\frac{1}{2}"),
        ("1/2", r"\frac{1}{2}"),
        ("-1/2", r"-\frac{1}{2}"),
        ("-3/2", r"-1\frac{1}{2}"),
        ("27/8", r"3\frac{3}{8}"),
        ("33/16", r"2\frac{1}{16}"),
        ("e0", r"\varepsilon_{0}"),
        ("-e0", r"-\varepsilon_{0}"),
        ("-e2", r"-\varepsilon_{2}"),
        ("+-e0", r"\pm\varepsilon_{0}"),
        ("e12", r"\varepsilon_{12}"),
        ("1+e1", r"1 + \varepsilon_{1}"),
        ("3-e2", r"3 - \varepsilon_{2}"),
        ("21/2+-e0", r"10\frac{1}{2} \pm \varepsilon_{0}"),
        ("-1/2-e3", r"-\frac{1}{2} - \varepsilon_{3}"),
    ],
)
def test_value_latex(text: str, latex: str):
    assert value_latex(Value.parse(text)) == latex


def test_labeled_latex():
    assert labeled_latex(LabeledValue(W, Value.parse("3/2"))) == r"(W, 1\frac{1}{2})"
    assert labeled_latex(LabeledValue(E, Value.parse("2-e0"))) == r"(E, 2 - \varepsilon_{0})"


@given(values())
def test_value_latex_is_balanced_and_dollar_free(v: Value):
    t = value_latex(v)
    assert "$" not in t
    assert _balanced(t)


def _balanced(text: str) -> bool:
    depth = 0
    for ch in text:
        depth += {"{": 1, "}": -1}.get(ch, 0)
        if depth < 0:
            return False
    return depth == 0


def _check_tabular(text: str) -> tuple[int, int]:
    """Syntax-check one table; return (body rows, body columns) between the rules."""
    lines = text.splitlines()
    assert _balanced(text)
    for line in lines:
        assert line.count("$") % 2 == 0, line
    assert sum(line.startswith("\\begin{tabular}") for line in lines) == 1
    assert lines.count("\\end{tabular}") == 1
    assert lines[-1] == "\\end{tabular}"
    begin = next(i for i, line in enumerate(lines) if line.startswith("\\begin{tabular}"))
    assert any(line.startswith("% val(D) = ") for line in lines[:begin])
    assert all(line.startswith("%") for line in lines[:begin])
    m = re.fullmatch(r"\\begin\{tabular\}\{(?P<spec>[^}]*)\}", lines[begin])
    assert m
    spec = m.group("spec")
    assert spec.startswith("c|")
    assert spec.endswith("|c")
    ncols = sum(ch in "lcr" for ch in spec)
    rows = [line for line in lines[begin + 1 : -1] if line != "\\hline"]
    assert lines[begin + 1 : -1].count("\\hline") == 2
    for row in rows:
        assert row.endswith(" \\\\"), row
        assert row.count("&") == ncols - 1, row
    assert rows[0].endswith("& min \\\\")
    assert rows[-1].startswith("max & ")
    return len(rows) - 2, ncols - 2


@settings(max_examples=60, deadline=None)
@given(suit_patterns(max_n=6))
def test_alpha_matrix_latex_is_well_formed(pattern: str):
    a = EV.analyze(SuitDeal.from_pattern(pattern))
    t = alpha_matrix_latex(a)
    assert _check_tabular(t) == (a.n, a.n)
    assert f"% val(D) = {value_latex(a.value)}" in t
    assert "\\mathbf{" + labeled_latex(a.maxmin) + "}" in t
    assert "\\mathbf{" + labeled_latex(a.minmax) + "}" in t
    g = alpha_matrix_latex(a, group_sequences=True)
    assert _check_tabular(g) == (len(a.suit.sequences(W)), len(a.suit.sequences(E)))


def _labels(table: str) -> tuple[list[str], list[str]]:
    """The row labels and the column labels of an α table, as written."""
    lines = table.splitlines()
    begin = next(i for i, line in enumerate(lines) if line.startswith("\\begin{tabular}"))
    columns = lines[begin + 1].removesuffix(" \\\\").split(" & ")[1:-1]
    body = lines[begin + 3 : lines.index("\\hline", begin + 3)]
    return [line.split(" & ")[0] for line in body], columns


@settings(max_examples=60, deadline=None)
@given(suit_patterns(max_n=6))
def test_alpha_matrix_latex_is_low_first(pattern: str):
    """Rows and columns run from the lowest card up, as the papers index them (R44 §10.1,
    W₁ < … < Wₙ), whist analyze prints them and the screen shows them (review 28b, C5)."""
    a = EV.analyze(SuitDeal.from_pattern(pattern))
    std = standard_ranks(a.suit.west + a.suit.east)
    rows, columns = _labels(alpha_matrix_latex(a))
    assert rows == [rank_text(r, standard=std, style="paper") for r in sorted(a.west)]
    assert columns == [rank_text(r, standard=std, style="paper") for r in sorted(a.east)]
    rows, columns = _labels(alpha_matrix_latex(a, group_sequences=True))
    for labels, hand in ((rows, a.west), (columns, a.east)):
        tops = [rank_from_text(_top_card(label, std)) for label in labels]
        assert tops == sorted(tops)
        assert tops[-1] == max(hand)


def _top_card(label: str, standard: bool) -> str:
    """The highest card of a row or column label: ``AK`` → A, ``987`` → 9, ``J--9`` → J,
    ``10`` → 10, ``13`` → 13 (a suit that is not standard)."""
    if "--" in label:
        return label.split("--")[0]
    return label if label == "10" or not standard else label[0]


def test_alpha_matrix_latex_aq_kj():
    t = alpha_matrix_latex(EV.analyze("AQ/KJ"))
    lines = t.splitlines()
    assert lines[:2] == ["% D = AQ/KJ", r"% val(D) = 1\frac{1}{2}"]
    assert lines[2] == r"\begin{tabular}{c|cc|c}"
    # low first, rows and columns, as the papers and the inspector's matrix show them
    assert lines[3] == r"$W \backslash E$ & J & K & min \\"
    # West's Q: (W, 2 − ε₀) under East's J is minmax, the J column's maximum; its row
    # minimum (E, 1 − ε₀) is not maxmin
    assert lines[5] == (
        r"Q & $\mathbf{(W, 2 - \varepsilon_{0})}$ & $(E, 1 - \varepsilon_{0})$"
        r" & $(E, 1 - \varepsilon_{0})$ \\"
    )
    # West's A: its row minimum (W, 1 + ε₀) is maxmin, in bold in the row and the min column
    assert lines[6] == (
        r"A & $\mathbf{(W, 1 + \varepsilon_{0})}$ & $\mathbf{(W, 2 - \varepsilon_{0})}$"
        r" & $\mathbf{(W, 1 + \varepsilon_{0})}$ \\"
    )


def test_alpha_matrix_latex_ten_and_groups():
    a = EV.analyze("AKT/QJ9")
    t = alpha_matrix_latex(a)
    assert t.index("\n10 & ") < t.index("\nK & ") < t.index("\nA & ")
    assert " & 9 & J & Q & min" in t
    g = alpha_matrix_latex(a, group_sequences=True)
    assert " & 9 & QJ & min" in g
    assert g.index("\n10 & ") < g.index("\nAK & ")
    abstract = alpha_matrix_latex(
        EV.analyze("[13 12 9 8 7 2 1, 14 11 10 6 5 4 3]"), group_sequences=True
    )
    assert abstract.index("\n2--1 & ") < abstract.index("\n9--7 & ")
    assert abstract.index("\n9--7 & ") < abstract.index("\n13--12 & ")
    assert " & 6--3 & 11--10 & 14 & min" in abstract


def test_grouping_checks_that_sequences_have_equal_rows():
    a = EV.analyze("AKT/QJ9")
    rows = list(a.reductions)
    top = rows[2]  # West's A, in sequence with the K
    odd = dataclasses.replace(top[0], label=LabeledValue(E, Value(0)))
    rows[2] = (odd, *top[1:])
    broken = dataclasses.replace(a, reductions=tuple(rows))
    alpha_matrix_latex(broken)  # ungrouped: any matrix is fine
    with pytest.raises(TheoryError, match="sequence"):
        alpha_matrix_latex(broken, group_sequences=True)


@pytest.mark.skipif(shutil.which("pdflatex") is None, reason="pdflatex is not installed")
def test_alpha_matrix_latex_compiles(tmp_path):
    """Where a LaTeX is installed, the tables compile with no package at all."""
    tables = "\n\n".join(
        alpha_matrix_latex(EV.analyze(s), group_sequences=g)
        for s, g in [("AQ/KJ", False), ("AKT/QJ9", True), ("KQT98/AJ765", False)]
    )
    doc = tmp_path / "alpha.tex"
    doc.write_text("\\documentclass{article}\n\\begin{document}\n" + tables + "\n\\end{document}\n")
    assert run_pdflatex(tmp_path, doc.name).stat().st_size > 1000
