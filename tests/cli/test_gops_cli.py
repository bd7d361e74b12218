"""``whist gops matrix | state | solve`` as a user runs them: text, --json shapes, --exact
fractions, and bad input quoted on one line with exit status 2."""

from __future__ import annotations

import io
import itertools
import json
from fractions import Fraction

import pytest

from tests.cli.helpers import run
from whistgui.cli import build_parser
from whistgui.cli import gops as gops_cli
from whistgui.cli.common import ProgressLine
from whistgui.cli.gops import fraction_text
from whistgui.engine.gops import GopsRules, GopsSolver, GopsState


def test_matrix_text_has_labels_dominated_bids_strategies_and_value(capsys):
    code, out, err = run(capsys, "gops", "matrix", "--n", "4", "--first", "1")
    assert code == 0
    assert err == ""
    assert "N = 4, ties carry over" in out
    assert "B 1" in out
    assert "A 4" in out
    assert "A 2*" in out  # after a first prize of 1 every bid but 1 is dominated
    assert "A bids: 1: 1.0000" in out
    assert "value for A: 0.000000" in out


def test_matrix_json(capsys):
    code, out, _ = run(capsys, "gops", "matrix", "--n", "5", "--first", "3", "--json")
    assert code == 0
    obj = json.loads(out)
    assert obj["n"] == 5
    assert obj["prize"] == 3
    assert obj["rules"] == {"n": 5, "ties": "carry", "score": "sign"}
    assert obj["rows"] == obj["columns"] == [1, 2, 3, 4, 5]
    state = GopsState.start(5).turn(3)
    assert obj["state"] == str(state)
    solver = GopsSolver(GopsRules(5))
    for row, expected in zip(obj["matrix"], solver.matrix(state), strict=True):
        assert row == pytest.approx(expected)
    assert len(obj["row_strategy"]) == 5
    assert sum(obj["row_strategy"]) == pytest.approx(1)
    assert sum(obj["column_strategy"]) == pytest.approx(1)
    assert obj["value"] == pytest.approx(0, abs=1e-9)
    assert all(b in range(1, 6) for b in obj["dominated_row_bids"])


def test_matrix_with_other_rules(capsys):
    code, out, _ = run(
        capsys, "gops", "matrix", "--n", "4", "--first", "2", "--ties", "split", "--score",
        "points", "--json",
    )  # fmt: skip
    assert code == 0
    obj = json.loads(out)
    assert obj["rules"] == {"n": 4, "ties": "split", "score": "points"}
    solver = GopsSolver(GopsRules(4, "split", "points"))
    assert obj["matrix"][0] == pytest.approx(solver.matrix(GopsState.start(4).turn(2))[0])


def test_state_bidding_exact(capsys):
    text = "prizes=1,2 a=1,2,3 b=1,2,4 pot=3"
    code, out, _ = run(capsys, "gops", "state", text, "--exact")
    assert code == 0
    assert "value for A: -5/11" in out
    assert "6/11" in out
    assert "1/2" in out
    code, out, _ = run(capsys, "gops", "state", text, "--exact", "--json")
    obj = json.loads(out)
    assert obj["kind"] == "bidding"
    assert obj["state"] == str(GopsState.parse(text))
    assert obj["exact_value"] == "-5/11"
    assert obj["exact_row_strategy"] == ["6/11", "2/11", "3/11"]
    assert obj["exact_column_strategy"] == ["4/11", "1/11", "6/11"]
    assert obj["exact_matrix"][1][0] == "1/2"
    assert obj["value"] == pytest.approx(-5 / 11)
    assert obj["rows"] == [1, 2, 3]
    assert obj["columns"] == [1, 2, 4]
    assert len(obj["matrix"]) == 3
    assert all(len(r) == 3 for r in obj["matrix"])


def test_state_last_bid(capsys):
    """One card each: B's 2 takes the pot of 1, and A, 3 behind, loses."""
    code, out, _ = run(capsys, "gops", "state", "prizes=- a=1 b=2 pot=1 diff=-3", "--json")
    assert code == 0
    obj = json.loads(out)
    assert obj["matrix"] == [[-1.0]]
    assert obj["value"] == -1
    assert obj["row_strategy"] == [1.0]


def test_state_chance_lists_the_prizes_to_come(capsys):
    text = "prizes=1,2,3 a=1,2,3 b=1,2,4 diff=1"
    code, out, _ = run(capsys, "gops", "state", text, "--exact", "--json")
    assert code == 0
    obj = json.loads(out)
    assert obj["kind"] == "chance"
    assert [p["prize"] for p in obj["prizes"]] == [1, 2, 3]
    assert all(p["probability"] == pytest.approx(1 / 3) for p in obj["prizes"])
    exact = [Fraction(p["exact_value"]) for p in obj["prizes"]]
    assert Fraction(obj["exact_value"]) == sum(exact) / 3
    assert obj["value"] == pytest.approx(float(Fraction(obj["exact_value"])))
    code, out, _ = run(capsys, "gops", "state", text)
    assert "prize 2 (1/3)" in out
    assert "value for A:" in out


def test_state_over(capsys):
    code, out, _ = run(capsys, "gops", "state", "prizes=- a=- b=- pot=4 diff=-2", "--json")
    assert code == 0
    assert json.loads(out) | {"kind": "over", "value": -1.0, "prizes": []} == json.loads(out)


def test_solve_json_is_one_object(capsys):
    code, out, _ = run(capsys, "gops", "solve", "--n", "4", "--json")
    assert code == 0
    assert len(out.strip().splitlines()) == 1
    obj = json.loads(out)
    assert {"n", "rules", "value", "first"} <= set(obj)
    assert obj["n"] == 4
    assert obj["value"] == 0
    assert [f["prize"] for f in obj["first"]] == [1, 2, 3, 4]
    for f in obj["first"]:
        assert {"prize", "matrix", "row_strategy", "column_strategy", "value"} <= set(f)
        assert len(f["matrix"]) == 4
        assert all(len(r) == 4 for r in f["matrix"])
        assert all(isinstance(v, float) for r in f["matrix"] for v in r)
        assert len(f["row_strategy"]) == 4
        assert len(f["column_strategy"]) == 4
    assert obj == json.loads(json.dumps(GopsSolver(GopsRules(4)).solve().to_json()))


def test_solve_text(capsys):
    code, out, _ = run(capsys, "gops", "solve", "--n", "3", "--ties", "lost")
    assert code == 0
    assert "ties lose the pot" in out
    assert "first prize 3:" in out
    assert "states in the memo" in out


@pytest.mark.parametrize("n", [5, 7])
def test_matrix_from_n7_is_the_one_solve_prints(capsys, monkeypatch, exhaustive, n):
    """From N = 7 ``matrix`` solves the whole game level by level first (quicker than the
    recursion for one first prize): its matrix is, to the last bit, the first prize's in
    ``solve``. The same path at N = 5 with the threshold lowered; N = 7 itself (some 8 s)
    under --exhaustive."""
    if n == 7 and not exhaustive:
        pytest.skip("N = 7: some 8 s (--exhaustive); N = 5 takes the same path")
    from whistgui.cli import gops

    monkeypatch.setattr(gops, "_LEVELS_FROM", n)
    code, out, _ = run(capsys, "gops", "matrix", "--n", str(n), "--first", "4", "--json")
    assert code == 0
    got = json.loads(out)
    code, out, _ = run(capsys, "gops", "solve", "--n", str(n), "--json")
    assert code == 0
    first = json.loads(out)["first"][3]
    assert first["prize"] == 4
    assert got["matrix"] == first["matrix"]
    assert got["row_strategy"] == first["row_strategy"]


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["solve", "--n", "14"], "--n 14: expected a number of cards from 1 to 9; "),
        (["solve", "--n", "0"], "--n 0: expected a number of cards from 1 to 9"),
        (["solve", "--n", "10"], "'whist gops solve' solves games of at most 9 cards in each"),
        (
            ["solve", "--n", "11", "--score", "points"],
            "--n 11: expected a number of cards from 1 to 10; 'whist gops solve' solves games "
            "of at most 10 cards in each suit with the points result (N = 10 takes about 13 "
            "minutes of CPU and 2.9 GB of memory",
        ),
        (["matrix", "--n", "10", "--first", "1"], "'whist gops matrix' solves games of at most 9"),
        (["matrix", "--n", "6", "--first", "7"], "--first 7: expected a prize from 1 to 6"),
        (["solve", "--ties", "share"], "--ties 'share': expected one of carry, split, lost"),
        (["solve", "--score", "margin"], "--score 'margin': expected one of sign, points"),
        (["state", "prizes=1,2 a=1,2"], "'prizes=1,2 a=1,2': no b="),
        (["state", "prizes=1 a=1,2,3 b=1,2,3"], "'prizes=1 a=1,2,3 b=1,2,3'"),
        (["state", "prizes=1,2 a=1,2 b=1,2 diff=x"], "diff='x' is not a whole number"),
        (["state", "prizes=1,2 a=1,6 b=1,2", "--n", "4"], "--n 4: 'prizes=1,2 a=1,6 b=1,2' holds"),
        (
            [
                "state",
                "prizes=1,2,3,4,5,6,7,8,9 a=1,2,3,4,5,6,7,8,9,10 b=1,2,3,4,5,6,7,8,9,10 pot=10",
            ],
            "at most 9 cards in each hand with the sign result",
        ),
        (
            ["state", "prizes=1,2,3,4,5,6,7 a=1,2,3,4,5,6,7 b=1,2,3,4,5,6,7", "--exact"],
            "--exact solves at most 6",
        ),
    ],
)
def test_bad_input_is_quoted_with_exit_status_2(capsys, argv, message):
    code, out, err = run(capsys, "gops", *argv)
    assert code == 2
    assert out == ""
    assert err.startswith("whist: error: ")
    assert message in err
    assert "Traceback" not in err
    assert len(err.strip().splitlines()) == 1


@pytest.mark.parametrize(
    "argv", [["solve", "--n", "x"], ["matrix", "--n", "6"], ["frobnicate"], []]
)
def test_bad_arguments_are_usage_errors(capsys, argv):
    with pytest.raises(SystemExit) as info:
        run(capsys, "gops", *argv)
    assert info.value.code == 2
    _, err = capsys.readouterr()
    assert "error:" in err
    assert "Traceback" not in err


def test_fractions_of_any_length():
    assert fraction_text(Fraction(-1, 9)) == "-1/9"
    assert fraction_text(Fraction(3)) == "3"
    big = Fraction(-(10**5000 + 1), 3**9000)  # more digits than str() of an int allows
    num, den = fraction_text(big).split("/")
    assert num == "-1" + "0" * 4999 + "1"
    assert den == fraction_text(Fraction(3**9000))
    assert len(den) == 4295


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_progress_on_a_terminal_rewrites_one_line_and_clears_it(monkeypatch):
    args = build_parser().parse_args(["gops", "matrix", "--n", "5", "--first", "2"])
    quiet = io.StringIO()  # a quick solve (under 2 s) says nothing
    assert gops_cli.run(args, io.StringIO(), quiet) == 0
    assert quiet.getvalue() == ""
    ticks = itertools.count(step=3.0)  # every look at the clock 3 s later
    monkeypatch.setattr(ProgressLine, "clock", staticmethod(lambda: next(ticks)))
    out, err = io.StringIO(), _Terminal()
    assert gops_cli.run(args, out, err) == 0
    assert "\rsolving: " in err.getvalue()
    assert " states, " in err.getvalue()
    assert "\n" not in err.getvalue()  # one line, rewritten in place
    assert err.getvalue().endswith("\r\033[K")  # and cleared when done
    assert "A bids:" in out.getvalue()


def test_long_fractions_are_shortened_in_text_only(capsys):
    text = "prizes=2,3,4,5 a=1,2,3,4,5 b=1,2,3,4,5 pot=1"
    code, out, _ = run(capsys, "gops", "state", text, "--exact")
    assert code == 0
    assert "≈0.057163" in out
    assert "35612047/38186433" in out  # short enough to show
    assert "--json prints every fraction in full" in out
    code, out, _ = run(capsys, "gops", "state", text, "--exact", "--json")
    cell = Fraction(json.loads(out)["exact_matrix"][0][1])
    assert len(str(cell.denominator)) > 24
    assert float(cell) == pytest.approx(0.057163, abs=1e-6)


# --- messages (issue 23, item 7) -------------------------------------------------------------


@pytest.mark.parametrize("n", ["0", "-3", "14"])
def test_an_n_out_of_range_names_the_range(capsys, n):
    code, out, err = run(capsys, "gops", "state", "prizes=1 a=1 b=1", "--n", n)
    assert code == 2
    assert out == ""
    assert err == f"whist: error: --n {n}: expected a number of cards from 1 to 13\n"


def test_an_n_below_the_state_s_cards_names_the_ns_it_could_be(capsys):
    code, _, err = run(capsys, "gops", "state", "prizes=1,2 a=1,5 b=1,2", "--n", "4")
    assert code == 2
    assert err == (
        "whist: error: --n 4: 'prizes=1,2 a=1,5 b=1,2' holds the card 5; expected N from 5 to 13\n"
    )


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (  # 1 + 2 + 3 + 4 = 10 points, 3 still face down: at most 7 won or in the pot
            ["prizes=1,2 a=1,2 b=1,3 pot=0 diff=8", "--n", "4"],
            "'prizes=1,2 a=1,2 b=1,3 pot=0 diff=8' is no state of a game of --n 4: pot + |diff| "
            "= 8 points, more than the 7 of the prizes gone (N = 4: 10 points, 3 still face down)",
        ),
        (
            ["prizes=1,2 a=1,2,3 b=1,2,4 pot=5 diff=-3", "--n", "4"],
            "pot + |diff| = 8 points, more than the 7 of the prizes gone",
        ),
        (  # no --n: the smallest N with points enough, 3, and it is no state of split ties
            ["prizes=1,2 a=1,2 b=1,3 pot=2", "--ties", "split"],
            "'prizes=1,2 a=1,2 b=1,3 pot=2' is no state of a game of N = 3: pot = 2 before a "
            "prize is turned",
        ),
        (
            ["prizes=1,2 a=1,2 b=1,3 pot=2", "--n", "4", "--ties", "split"],
            "pot = 2 before a prize is turned: when ties split the pot, none is carried over",
        ),
        (
            ["prizes=1,2 a=1,2,3 b=1,2,4 pot=7", "--n", "4", "--ties", "lost"],
            "pot = 7: when ties lose the pot, it holds only the prize just turned",
        ),
    ],
)
def test_a_state_with_more_points_than_n_allows_is_refused(capsys, argv, message):
    code, out, err = run(capsys, "gops", "state", *argv)
    assert code == 2
    assert out == ""
    assert err.startswith("whist: error: ")
    assert message in err
    assert len(err.splitlines()) == 1


def test_a_state_with_every_point_accounted_for_is_answered(capsys):
    # 7 points gone: A won them all; with N = 13 the same lead is a small one
    for argv in (["--n", "4"], ["--n", "13"]):
        code, out, _ = run(
            capsys, "gops", "state", "prizes=1,2 a=1,2 b=1,3 pot=0 diff=7", *argv, "--json"
        )
        assert code == 0
        assert json.loads(out)["value"] == 1.0
        assert json.loads(out)["rules"]["n"] == int(argv[1])


@pytest.mark.parametrize(
    ("state", "n"),
    [
        ("prizes=1,2 a=1,2 b=1,3 pot=0 diff=1", 3),  # its largest card
        ("prizes=1,2 a=1,2 b=1,3 pot=0 diff=7", 4),  # 1 + … + 4 = 10: 7 gone
        ("prizes=- a=- b=- pot=4 diff=-2", 3),
        ("prizes=- a=1 b=2 pot=1 diff=-3", 3),
        ("prizes=1 a=1 b=2 pot=0 diff=77", 12),  # 78 points: 1 + … + 12
        ("prizes=1 a=1 b=2 pot=0 diff=79", 13),
    ],
)
def test_with_no_n_a_state_is_of_the_smallest_game_it_fits(capsys, state, n):
    code, out, err = run(capsys, "gops", "state", state, "--json")
    assert code == 0, err
    assert json.loads(out)["rules"]["n"] == n


@pytest.mark.parametrize("argv", [[], ["matrix"], ["state"], ["solve"]])
def test_help_is_in_plain_words(argv):
    """What ``whist gops --help`` prints is for users: no issue numbers, no reStructuredText
    (``:mod:``, double backticks); it says how large a game is solved."""
    import subprocess
    import sys

    res = subprocess.run(
        [sys.executable, "-m", "whistgui.cli", "gops", *argv, "--help"],
        capture_output=True,
        text=True,
        check=False,
        timeout=60,
    )
    assert res.returncode == 0, res.stderr
    text = res.stdout
    assert text.startswith("usage: whist gops")
    for markup in ("issue", "``", ":mod:", ":class:", ":meth:", "`"):
        assert markup not in text, markup
    if not argv:
        words = " ".join(text.split())
        assert "N up to 9 cards a suit with the sign result (N = 9: about 6 minutes" in words
        assert "up to 10 with points (N = 10: about 13 minutes of CPU and 2.9 GB" in words
