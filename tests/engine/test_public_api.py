"""The public API in a notebook: every exported class and function documented with a runnable
example, and values, deals, outcomes and analyses shown typeset (``_repr_latex_``) and as HTML
(``_repr_html_``), as IPython asks for them — no IPython needed to check them."""

from __future__ import annotations

import doctest
import inspect
import re
import sys
from html.parser import HTMLParser

import pytest
from hypothesis import given, settings

import whistgui.engine as engine
from tests.engine.strategies import suit_patterns, symmetric_deals, values
from tests.tools import run_pdflatex
from whistgui.engine import (
    EPS0,
    FUZZY,
    Deal,
    Evaluator,
    Infinitesimal,
    LabeledValue,
    Outcome,
    Player,
    Solver,
    SuitDeal,
    Value,
    eps,
)
from whistgui.engine.games.whist.latex import (
    alpha_matrix_latex,
    infinitesimal_latex,
    interval_latex,
    labeled_latex,
    value_latex,
)
from whistgui.engine.trick.notation import format_suit_paper

EV = Evaluator()

# --------------------------------------------------------------------------- the examples
PUBLIC = sorted(
    name
    for name in engine.__all__
    if inspect.isclass(getattr(engine, name)) or inspect.isfunction(getattr(engine, name))
)


def test_the_public_names_are_the_classes_and_functions_exported():
    assert len(PUBLIC) >= 45
    assert {"Value", "Deal", "SuitAnalysis", "rho", "NotationError"} <= set(PUBLIC)


@pytest.mark.parametrize("name", PUBLIC)
def test_every_public_class_and_function_has_a_runnable_example(name):
    """Its own docstring (not its module's) holds examples, and they pass when run as the
    suite's doctests run them (the module's globals, ELLIPSIS and NORMALIZE_WHITESPACE)."""
    obj = getattr(engine, name)
    assert obj.__doc__, f"{name} has no docstring"
    module = sys.modules[obj.__module__]
    finder = doctest.DocTestFinder(recurse=False)
    tests = [t for t in finder.find(obj, name, module=module, globs=vars(module)) if t.examples]
    assert tests, f"{name}'s docstring has no runnable example (>>>)"
    runner = doctest.DocTestRunner(
        optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE, verbose=False
    )
    for t in tests:
        runner.run(t, out=lambda _s: None)
    result = runner.summarize(verbose=False)
    assert result.attempted > 0
    assert result.failed == 0, f"{result.failed} of {name}'s examples fail"


# --------------------------------------------------------------------------- LaTeX
VALUE_TEXTS = ["0", "3/2", "-1/2", "e0", "-e2", "+-e0", "1/2+e1", "3-e2", "21/2+-e0", "33/16"]


@pytest.mark.parametrize("text", VALUE_TEXTS)
def test_a_value_is_typeset_as_value_latex_in_dollars(text):
    v = Value.parse(text)
    assert v._repr_latex_() == f"${value_latex(v)}$"
    lv = LabeledValue(Player.EAST, v)
    assert lv._repr_latex_() == f"${labeled_latex(lv)}$"


@given(values())
def test_any_value_is_typeset_in_one_pair_of_dollars(v):
    t = v._repr_latex_()
    assert t.startswith("$")
    assert t.endswith("$")
    assert t.count("$") == 2
    assert t[1:-1] == value_latex(v)


def test_infinitesimals_are_typeset():
    assert FUZZY._repr_latex_() == r"$\pm\varepsilon_{0}$"
    assert eps(-3)._repr_latex_() == r"$-\varepsilon_{3}$"
    assert EPS0._repr_latex_() == f"${infinitesimal_latex(EPS0)}$" == r"$\varepsilon_{0}$"
    assert Infinitesimal.parse("0")._repr_latex_() == "$0$"
    # an infinitesimal writes itself as the value with no number does
    for x in (EPS0, FUZZY, eps(2), eps(-1), Infinitesimal.parse("-e0")):
        assert x._repr_latex_() == Value(0, x)._repr_latex_()


def _pretty_from_latex(t: str) -> str:
    """A LaTeX interval read back into the Unicode Interval.pretty writes."""
    t = re.sub(r"\\frac\{1\}\{2\}", "½", t)
    t = re.sub(r"\\varepsilon_\{(\d)\}", lambda m: "ε" + "₀₁₂₃₄₅₆₇₈₉"[int(m.group(1))], t)
    for a, b in [
        (r"\{", "{"),
        (r"\}", "}"),
        (r"\text{ infinitesimal}", "infinitesimal"),
        (r"\leq", "≤"),
        (r"\geq", "≥"),
        (r"\cup", "∪"),
        (r"\pm", "±"),
        (r"\emptyset", "∅"),
        (" - ", " − "),
        ("-", "−"),
    ]:
        t = t.replace(a, b)
    return t


@pytest.mark.parametrize("n", [1, 2, 3])
def test_every_interval_of_small_suits_is_typeset_as_it_is_written(n):
    """I(D) of every suit of up to 3 cards a hand: its LaTeX says what pretty() says."""
    from itertools import permutations

    seen = 0
    for p in sorted(set(permutations("W" * n + "E" * n))):
        i = EV.analyze(SuitDeal.from_pattern("".join(p))).interval
        assert i._repr_latex_() == f"${interval_latex(i)}$"
        assert _pretty_from_latex(interval_latex(i)) == i.pretty(), "".join(p)
        seen += 1
    assert seen == {1: 2, 2: 6, 3: 20}[n]


def test_deal_latex_is_the_papers_array():
    d = Deal.parse("AK/QJ AJ/KQ K109/AQJ")  # R44's deal (1)
    assert d._repr_latex_().splitlines() == [
        r"$$\begin{array}{ll}",
        r"\textit{West}: & \textit{East}: \\",
        r"\spadesuit\,\text{A K} & \spadesuit\,\text{Q J} \\",
        r"\heartsuit\,\text{A J} & \heartsuit\,\text{K Q} \\",
        r"\diamondsuit\,\text{K 10 9} & \diamondsuit\,\text{A Q J} \\",
        r"\end{array}$$",
    ]
    assert SuitDeal.parse("AQ/KJ")._repr_latex_().splitlines()[2] == r"\text{A Q} & \text{K J} \\"


def test_deal_latex_escapes_what_tex_would_read_as_commands():
    d = Deal([SuitDeal.parse("A/K")], names=["#_{x}$\\"])
    row = d._repr_latex_().splitlines()[2]
    assert row.startswith(r"\text{\#\_\{x\}\$\textbackslash{}:}\,\text{A}")


def test_analysis_latex_is_its_numbers_over_the_array_of_alpha():
    a = EV.analyze("AQ/KJ")
    first, *rest = a._repr_latex_().splitlines()
    assert first.startswith(r"$$D = \text{[A Q, K J]},\quad \operatorname{val}(D) = 1\frac{1}{2}")
    assert r"\operatorname{maxmin}(D) = (W, 1 + \varepsilon_{0})" in first
    assert "\n".join(rest) == "$$" + alpha_matrix_latex(a, array=True) + "$$"


@given(suit_patterns(max_n=4))
@settings(max_examples=40, deadline=None)
def test_the_array_of_alpha_holds_the_cells_of_the_tabular(pattern):
    """array=True changes only the wrapping: the same cells, unbolded and bold alike."""
    a = EV.analyze(SuitDeal.from_pattern(pattern))
    tab = alpha_matrix_latex(a).splitlines()[2:]
    arr = alpha_matrix_latex(a, array=True).splitlines()
    assert len(tab) == len(arr) == a.n + 6
    for t, r in zip(tab, arr, strict=True):
        plain = re.sub(r"\\text\{([^}]*)\}", r"\1", r).replace("array", "tabular")
        assert plain == t.replace("$", "")


def test_the_typeset_forms_are_valid_latex(tmp_path):
    d = Deal.parse("AQ/KJ AKJ/Q109 AJ9/KQ10 K1098/AQJ7 -/-")  # deal (5) and an empty suit
    body = "\n".join(
        [
            d._repr_latex_(),
            Deal([SuitDeal.parse("A/K")], names=["#_{x}$\\^~%&"])._repr_latex_(),
            SuitDeal.parse("[15 12 2, 14 13 1]")._repr_latex_(),
            EV.analyze("AKT/QJ9")._repr_latex_(),
            EV.analyze("A/K").interval._repr_latex_(),
            *(Value.parse(t)._repr_latex_() for t in VALUE_TEXTS),
        ]
    )
    doc = tmp_path / "notebook.tex"
    doc.write_text(
        "\\documentclass{article}\n\\usepackage{amsmath,amssymb}\n\\begin{document}\n"
        + body
        + "\n\\end{document}\n",
        encoding="utf-8",
    )
    assert run_pdflatex(tmp_path, doc.name).stat().st_size > 1000


# --------------------------------------------------------------------------- HTML
class _Tags(HTMLParser):
    """The tags of an HTML fragment, checked to nest; the text between them, unescaped."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.stack: list[str] = []
        self.seen: list[str] = []
        self.text: list[str] = []
        self.cells: list[str] = []  # each td/th's text

    def handle_starttag(self, tag, attrs):
        self.stack.append(tag)
        self.seen.append(tag)
        if tag in ("td", "th"):
            self.cells.append("")

    def handle_endtag(self, tag):
        assert self.stack, f"</{tag}> closes nothing"
        assert self.stack.pop() == tag, f"</{tag}> closes another tag"

    def handle_data(self, data):
        self.text.append(data)
        if "td" in self.stack or "th" in self.stack:
            self.cells[-1] += data


def parsed(fragment: str) -> _Tags:
    p = _Tags()
    p.feed(fragment)
    p.close()
    assert not p.stack, f"unclosed {p.stack}"
    assert "style" not in fragment
    assert "color" not in fragment
    return p


def test_deal_html_is_the_hands_side_by_side_captioned_in_the_papers_notation():
    d = Deal.parse("AQ/KJ AKJ/Q109 AJ9/KQ10")  # R44's deal (4)
    p = parsed(d._repr_html_())
    assert p.seen.count("tr") == 4
    assert p.seen.count("caption") == 1
    assert p.cells == [
        "West",
        "East",
        "♠ A Q",
        "♠ K J",
        "♥ A K J",
        "♥ Q 10 9",
        "♦ A J 9",
        "♦ K Q 10",
    ]
    assert "[A Q, K J] + [A K J, Q 10 9] + [A J 9, K Q 10]" in "".join(p.text)


@given(symmetric_deals(max_cards=8, max_suits=4))
@settings(max_examples=60, deadline=None)
def test_any_deal_html_nests_and_holds_each_suit_in_the_papers_notation(d):
    p = parsed(d._repr_html_())
    text = "".join(p.text)
    for s in d.suits:
        assert format_suit_paper(s) in text
    assert p.seen.count("tr") == len(d.suits) + 1
    assert len(p.cells) == 2 * (len(d.suits) + 1)


def test_html_escapes_every_text():
    d = Deal([SuitDeal.parse("A/K"), SuitDeal.parse("-/-")], names=["<b>&x", "'\""])
    t = d._repr_html_()
    p = parsed(t)
    assert "b" not in p.seen  # the name is text, not a tag
    assert "&lt;b&gt;&amp;x" in t
    assert p.cells[2:] == ["<b>&x A", "<b>&x K", "'\" —", "'\" —"]
    assert "<b>&x:[A, K] + '\":[, ]" in "".join(p.text)


def test_suit_html():
    p = parsed(SuitDeal.parse("[13 12 9 8 7 2 1, 14 11 10 6 5 4 3]")._repr_html_())
    assert p.cells == ["West", "East", "13 12 9 8 7 2 1", "14 11 10 6 5 4 3"]
    assert "".join(p.text).startswith("[13 12 9 8 7 2 1, 14 11 10 6 5 4 3]")


def test_outcome_html_shows_each_side_leading():
    p = parsed(Solver().outcome(Deal.parse("AQ/KJ"))._repr_html_())
    assert p.cells == ["West leads", "East leads", "1", "2"]
    p = parsed(Outcome(Player.WEST, Player.EAST)._repr_html_())
    assert p.cells[2:] == ["West wins", "East wins"]


@given(suit_patterns(max_n=4))
@settings(max_examples=40, deadline=None)
def test_analysis_html_is_its_numbers_over_alpha_with_maxmin_and_minmax_in_bold(pattern):
    a = EV.analyze(SuitDeal.from_pattern(pattern))
    t = a._repr_html_()
    p = parsed(t)
    n = a.n
    line = "".join(p.text).split("\n")[0]
    assert f"val(D) = {a.value.pretty()}" in line
    assert f"maxmin(D) = {a.maxmin.pretty()}" in line
    assert f"minmax(D) = {a.minmax.pretty()}" in line
    o = a.outcome
    assert f"West leads: {o.west_lead}, East leads: {o.east_lead}" in line
    assert p.seen.count("tr") == n + 2  # the head, a row a West card, the maxima
    assert len(p.cells) == (n + 2) ** 2
    # the α cells, low cards first as the papers index them and the analysis holds them
    width = n + 2
    for r in range(n):
        row = p.cells[width * (r + 1) : width * (r + 2)]
        i = r
        assert row[1:-1] == [a.alpha[i][c].pretty() for c in range(n)]
        assert row[-1] == a.row_minima[i].pretty()
    bold_alpha = sum(1 for i in range(n) for j in range(n) if a.mark(i, j))
    bold = len(a.maxmin_rows) + len(a.minmax_columns) + bold_alpha
    assert t.count("<strong>") == bold
    assert bold_alpha >= 1


def test_the_notebook_page_examples_run() -> None:
    """docs/notebook.md's examples (doctest blocks) run as written."""
    import doctest
    from pathlib import Path

    page = Path(__file__).resolve().parents[2] / "docs" / "notebook.md"
    result = doctest.testfile(
        str(page), module_relative=False, optionflags=doctest.ELLIPSIS, verbose=False
    )
    assert result.attempted > 0
    assert result.failed == 0
