"""The command line at its edges (issue 16): deals beginning with '-', standard input with any
line ends, a batch that goes on past bad lines, numbers of thousands of digits and inputs beyond
a command's limits — each answered, or refused in one line naming the limit, with a documented
exit status; never a traceback."""

from __future__ import annotations

import io
import json
import re
import subprocess
import sys

import pytest

from tests.cli.helpers import jsonl, run
from whistgui.cli import main
from whistgui.cli.common import (
    EXIT_BAD_INPUT,
    EXIT_BUG,
    MAX_OPTION_DIGITS,
    MAX_PLAY_CARDS,
    MAX_RECURSION_REACH,
    MAX_SOLVE_CARDS,
    MAX_SUIT_CARDS,
)
from whistgui.cli.tables import MAX_LISTING_N

HUGE = "9" * 5000


def trivial_suit(n: int) -> str:
    """West holds the n top cards of a 2n-card suit, in the paper's notation."""
    west = " ".join(str(r) for r in range(2 * n, n, -1))
    east = " ".join(str(r) for r in range(n, 0, -1))
    return f"[{west}, {east}]"


def usage_error(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    """Standard error of ``whist argv…`` that must stop on a bad option, status 2."""
    with pytest.raises(SystemExit) as info:
        main(list(argv), stdin=io.StringIO(""))
    assert info.value.code == EXIT_BAD_INPUT
    err = capsys.readouterr().err
    assert len(err.splitlines()) == 1
    return err


# -- huge integers ------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("deal", "needle"),
    [
        (f"[{HUGE}, 1]", f"rank '{'9' * 39}…{'9' * 19}'"),
        (f"{HUGE}:A/K", f"suit number '{'9' * 39}…{'9' * 19}'"),
    ],
)
def test_a_number_of_5000_digits_is_refused_in_one_line(capsys, deal, needle):
    code, out, err = run(capsys, "value", deal)
    assert code == EXIT_BAD_INPUT
    assert out == ""
    assert err.startswith("whist: error: in suit '")
    assert needle in err
    assert "(5,000 digits) is too long; expected at most 9 digits" in err
    assert len(err.splitlines()) == 1
    assert len(err) < 400


def test_a_huge_line_does_not_stop_the_batch(capsys):
    stdin = f"AQ/KJ\n[{HUGE}, 1]\nK/A\n"
    code, out, err = run(capsys, "value", "--json", "-", stdin=stdin)
    assert code == EXIT_BAD_INPUT
    objs = jsonl(out)
    assert [o.get("value") for o in objs] == ["3/2", None, "e0"]
    assert objs[1]["line"] == 2
    assert "(5,000 digits)" in objs[1]["error"]
    assert err.startswith("whist: error: line 2: in suit '")


# -- deals beginning with '-' ---------------------------------------------------------------------
def test_a_deal_beginning_with_a_dash_is_a_deal_not_an_option(capsys):
    code, out, err = run(capsys, "solve", "-/AK")
    assert code == EXIT_BAD_INPUT
    assert err == (
        "whist: error: West holds 0 cards and East 2 in -/AK; both hands need the same number\n"
    )
    code, out, err = run(capsys, "solve", "--json", "-/AK", "AK/-", "-/-", "--refined")
    assert code == EXIT_BAD_INPUT  # -/AK and AK/- are lopsided; -/- is an empty suit
    objs = jsonl(out)
    assert [o["input"] for o in objs if "error" in o] == ["-/AK", "AK/-"]
    assert objs[2]["deal"] == "-/-"
    code, out, err = run(capsys, "solve", "-/AK AK/-", "--json")
    assert code == 0, err
    assert jsonl(out)[0]["deal"] == "-/AK AK/-"
    code, out, err = run(capsys, "play", "-/A A/-", "--game", "five-card")
    assert code == 0, err


def test_a_bad_deal_beginning_with_a_dash_says_what_is_wrong_with_it(capsys):
    code, _, err = run(capsys, "value", "-/AX")
    assert code == EXIT_BAD_INPUT
    assert "unknown rank 'X' in suit '-/AX'" in err


def test_a_value_beginning_with_a_dash_is_an_options_value(capsys, tmp_path):
    store = str(tmp_path / "t.sqlite")
    assert run(capsys, "table", "--upto", "2", "--store", store)[0] == 0
    code, out, err = run(capsys, "table", "--json", "--store", store, "--value", "-e0")
    assert code == 0, err
    assert out == ""
    assert "has the value '-e0'" in err


def test_options_still_win_over_deals(capsys):
    code, out, err = run(capsys, "value", "--json", "A/K")
    assert code == 0
    assert jsonl(out)[0]["value"] == "1-e0"
    err = usage_error(capsys, "value", "A/K", "--nope")
    assert "unrecognized arguments: --nope" in err
    err = usage_error(capsys, "value", "-x/AK")  # not a deal: -x is read as an option
    assert "unrecognized arguments: -x/AK" in err


# -- standard input -----------------------------------------------------------------------------
@pytest.mark.parametrize("end", ["\r", "\n", "\r\n"])
def test_standard_input_lines_end_at_cr_lf_or_crlf(capsys, end):
    stdin = end.join(["AQ/KJ", "# a comment", "", "AX/KQ", "K/A"]) + end
    code, out, err = run(capsys, "value", "--json", "-", stdin=stdin)
    assert code == EXIT_BAD_INPUT
    objs = jsonl(out)
    assert [o.get("value") for o in objs] == ["3/2", None, "e0"]
    assert objs[1] == {
        "game": "whist",
        "error": objs[1]["error"],
        "input": "AX/KQ",
        "line": 4,
    }
    assert err.startswith("whist: error: line 4: unknown rank 'X'")


def test_mixed_line_ends_keep_their_line_numbers(capsys):
    code, out, _ = run(capsys, "solve", "--json", "-", stdin="AQ/KJ\rnope\r\nK/A\nAK/Q\r")
    assert code == EXIT_BAD_INPUT
    objs = jsonl(out)
    assert [o.get("line") for o in objs] == [None, 2, None, 4]


def test_every_line_good_is_status_0_and_every_error_has_its_line(capsys):
    code, out, err = run(capsys, "play", "--json", "-", stdin="A/K\r\n")
    assert code == 0, err
    code, out, err = run(capsys, "analyze", "--json", "-", stdin="x\ry\rAQ/KJ K/A\r")
    assert code == EXIT_BAD_INPUT
    assert [o["line"] for o in jsonl(out)] == [1, 2, 3]
    assert len(err.splitlines()) == 3


def test_the_process_splits_a_cr_only_standard_input():
    res = subprocess.run(
        [sys.executable, "-m", "whistgui.cli", "value", "--json", "-"],
        input=b"AQ/KJ\rnope\rK/A\r",
        capture_output=True,
        check=False,
    )
    assert res.returncode == EXIT_BAD_INPUT
    lines = res.stdout.decode().splitlines()
    assert len(lines) == 3
    assert b"Traceback" not in res.stderr


# -- limits ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("n", ["500", "99999999999999999999", str(MAX_LISTING_N + 1), "9" * 40])
def test_table_beyond_its_limit_is_refused_naming_it(capsys, n):
    err = usage_error(capsys, "table", n)
    assert f"is beyond what 'whist table' lists: at most {MAX_LISTING_N} cards a hand" in err
    assert len(err) < 300


def test_an_option_number_of_thousands_of_digits_is_refused_by_its_length(capsys):
    err = usage_error(capsys, "table", "9" * 4000)
    assert f"the number '{'9' * 39}…{'9' * 19}' (4,000 digits) is too long" in err
    assert f"expected at most {MAX_OPTION_DIGITS} digits" in err
    assert len(err) < 300


def test_table_huge_numbers_in_options(capsys, tmp_path):
    err = usage_error(capsys, "table", "--upto", "99999999999999999999")
    assert "--upto 99999999999999999999 is beyond what the" in err
    err = usage_error(capsys, "conjectures", "--upto", "3", "--search-upto", "9" * 40)
    assert "--search-upto must be between 0 and --upto (3), not of 40 digits" in err
    store = str(tmp_path / "t.sqlite")
    assert run(capsys, "table", "--upto", "2", "--store", store)[0] == 0
    code, _, err = run(capsys, "table", "--store", store, "--value", HUGE)
    assert code == EXIT_BAD_INPUT
    assert "(5,000 digits) is too long; expected at most 1000 digits" in err
    assert len(err.splitlines()) == 1
    assert len(err) < 300


@pytest.mark.parametrize(
    ("command", "n", "limit"),
    [
        ("value", MAX_SUIT_CARDS + 1, MAX_SUIT_CARDS),
        ("value", 500, MAX_SUIT_CARDS),
        ("analyze", 500, MAX_SUIT_CARDS),
        ("play", 500, MAX_PLAY_CARDS),
        ("play", MAX_PLAY_CARDS + 1, MAX_PLAY_CARDS),
        ("solve", 200, MAX_SOLVE_CARDS),
        ("solve", MAX_SOLVE_CARDS + 1, MAX_SOLVE_CARDS),
    ],
)
def test_long_suits_beyond_a_commands_limit_are_refused_naming_it(capsys, command, n, limit):
    code, out, err = run(capsys, command, trivial_suit(n))
    assert code == EXIT_BAD_INPUT
    assert out == ""
    assert f"'whist {command}' takes at most {limit} (" in err
    assert f"{n:,} cards" in err
    assert len(err.splitlines()) == 1
    assert len(err) < 300


def alternating_suit(n: int) -> str:
    """West and East take turns from the top: the suit that reaches the most patterns."""
    west = " ".join(str(r) for r in range(2 * n, 0, -2))
    east = " ".join(str(r) for r in range(2 * n - 1, 0, -2))
    return f"[{west}, {east}]"


def test_suits_past_the_kernel_that_reach_too_many_patterns_are_refused_by_play(capsys):
    """17 cards a hand alternating reach 2,491,934 patterns: the recursion would run for about
    five minutes (issue 16's review). ``play`` refuses at once, naming the count and the limit;
    a 17-card suit of few runs is answered."""
    code, out, err = run(capsys, "play", alternating_suit(17))
    assert code == EXIT_BAD_INPUT
    assert out == ""
    assert "the suit S of 17 cards a hand reaches 2,491,934 positions" in err
    assert f"at most {MAX_RECURSION_REACH:,} (" in err
    assert len(err.splitlines()) == 1
    code, out, err = run(capsys, "play", "--json", f"{alternating_suit(17)} + {trivial_suit(2)}")
    assert code == EXIT_BAD_INPUT
    code, out, err = run(capsys, "play", "--json", trivial_suit(17))
    assert code == 0, err


@pytest.mark.parametrize("command", ["value", "analyze"])
def test_value_and_analyze_answer_suits_past_the_reach_by_the_theorems(capsys, command):
    """The same suit is answered at once by R43 Theorem 9.1 and R44 Theorem 11.10 (issue 28);
    a 17-card suit of few runs and a 16-card alternating suit by the values."""
    code, out, err = run(capsys, command, "--json", alternating_suit(17))
    assert code == 0, err
    obj = jsonl(out)[0]
    assert obj["outcome"] == {"west_lead": 9, "east_lead": 9}
    assert obj["value"] == "9"  # Theorem 11.10: without the 2 and 1 it is 16 alternating, 8½
    code, out, err = run(capsys, command, "--json", trivial_suit(17))
    assert code == 0, err
    assert "outcome_by" not in jsonl(out)[0]
    code, out, err = run(capsys, "value", "--json", alternating_suit(16))
    assert code == 0, err
    assert "value" in jsonl(out)[0]
    assert "by" not in jsonl(out)[0]["suits"][0]


def test_every_suit_value_takes_has_its_reach_counted_quickly(capsys):
    """``check_reach`` counts the reach of any suit ``value`` or ``analyze`` takes: their limit
    is the kernel's counting bound (kept apart so that the command line loads numpy late)."""
    from whistgui.engine.games.whist.kernel import MAX_REACH_COUNT_N, RECURSION_RATE

    assert MAX_SUIT_CARDS == MAX_REACH_COUNT_N
    code, _, err = run(capsys, "play", alternating_suit(17))
    assert code == EXIT_BAD_INPUT
    assert f"values some {RECURSION_RATE:,} a second" in err


#: An 18-card-a-hand suit that reaches 242,728 patterns: under the limit alone (about 20 s).
NEAR_LIMIT = (
    "[36 35 34 30 29 28 24 23 22 21 19 16 15 14 11 6 5 4, "
    "33 32 31 27 26 25 20 18 17 13 12 10 9 8 7 3 2 1]"
)


def test_suits_past_the_kernel_are_limited_together(capsys):
    """Each suit under the limit, four of them over it together: 71 s with no progress
    (issue 16's second review); ``play`` refuses at once, naming the total."""
    from whistgui.engine import SuitDeal
    from whistgui.engine.games.whist.kernel import reach_size

    size = reach_size(SuitDeal.parse(NEAR_LIMIT).pattern)
    assert size <= MAX_RECURSION_REACH < 2 * size
    code, out, err = run(capsys, "play", f"{NEAR_LIMIT} + {NEAR_LIMIT}")
    assert code == EXIT_BAD_INPUT
    assert out == ""
    assert f"its 2 suits of more than 16 cards a hand reach {2 * size:,} positions" in err
    assert f"at most {MAX_RECURSION_REACH:,} in all" in err
    assert len(err.splitlines()) == 1
    # value answers both by the theorems instead (issue 28)
    code, out, err = run(capsys, "value", "--json", f"{NEAR_LIMIT} + {NEAR_LIMIT}")
    assert code == 0, err
    assert [s["outcome_by"] for s in jsonl(out)[0]["suits"]] == ["R43 Theorem 9.1"] * 2


def test_other_games_value_long_alternating_suits_by_their_formulas(capsys):
    code, out, err = run(capsys, "value", "--json", "--game", "misere", alternating_suit(40))
    assert code == 0, err
    assert jsonl(out)[0]["element"] is not None


def test_greedy_whist_answers_a_long_suit_by_theorem_6_1(capsys):
    # beyond the values' reach, one suit's outcome is R43 Theorem 6.1's: (n + H_Greedy)/2
    code, out, err = run(capsys, "value", "--json", "--game", "greedy-whist", alternating_suit(40))
    assert code == 0, err
    (obj,) = jsonl(out)
    assert obj["element"] is None
    assert obj["outcome_by"] == "R43 Theorem 6.1"
    assert obj["outcome"] == {"west_lead": 20, "east_lead": 21}  # H_Greedy = +1
    assert "reaches about" in obj["no_theory"]
    code, out, err = run(capsys, "analyze", "--game", "greedy-whist", alternating_suit(40))
    assert code == 0, err
    assert "H_Greedy = +1: West takes 20 tricks with West on lead and 21" in out


def test_value_search_fallback_has_the_solvers_limit(capsys):
    # Greedy Whist's values of two suits reaching 153,368 patterns each (306,736 > 250,000)
    # are beyond reach: value falls back to exact search, within the solver's limit
    deal = f"{alternating_suit(14)} + {alternating_suit(14)}"
    code, _, err = run(capsys, "value", "--game", "greedy-whist", deal)
    assert code == EXIT_BAD_INPUT
    assert f"'whist value' takes at most {MAX_SOLVE_CARDS} (the values are beyond reach" in err


def test_suits_at_the_limits_are_answered(capsys):
    code, out, err = run(capsys, "value", "--json", trivial_suit(MAX_SUIT_CARDS))
    assert code == 0, err
    assert jsonl(out)[0]["value"] == f"{MAX_SUIT_CARDS}-e0"
    code, out, err = run(capsys, "solve", "--json", trivial_suit(MAX_SOLVE_CARDS))
    assert code == 0, err
    assert jsonl(out)[0]["outcome"] == {"west_lead": MAX_SOLVE_CARDS, "east_lead": MAX_SOLVE_CARDS}


# -- the internal limits, and bugs: one line, never a traceback ----------------------------------
@pytest.mark.parametrize("error", [RecursionError, OverflowError, MemoryError])
def test_an_internal_limit_is_one_line_naming_the_input_and_the_batch_goes_on(
    capsys, monkeypatch, error
):
    from whistgui.cli import values

    real = values.value

    def value(cmd, text):
        if text == "K/A":
            raise error("deep")
        real(cmd, text)

    monkeypatch.setattr(values, "value", value)
    code, out, err = run(capsys, "value", "--json", "-", stdin="A/K\nK/A\nAQ/KJ\n")
    assert code == EXIT_BAD_INPUT
    objs = jsonl(out)
    assert [o.get("value") for o in objs] == ["1-e0", None, "3/2"]
    assert err.startswith("whist: error: line 2: 'K/A' is beyond an internal limit (")
    assert "Traceback" not in err


def test_an_internal_limit_outside_a_batch(capsys, monkeypatch):
    from whistgui.cli import tables

    def listing(cmd, n):
        raise RecursionError("maximum recursion depth exceeded")

    monkeypatch.setattr(tables, "_listing", listing)
    code, _, err = run(capsys, "table", "5")
    assert code == EXIT_BAD_INPUT
    assert err == (
        "whist: error: '5' is beyond an internal limit (the recursion depth); try a smaller input\n"
    )


def test_a_bug_is_one_line_status_3_and_the_batch_goes_on(capsys, monkeypatch):
    from whistgui.cli import search

    real = search.solve

    def solve(cmd, text, refined):
        if text == "K/A":
            raise KeyError("oops")
        real(cmd, text, refined)

    monkeypatch.setattr(search, "solve", solve)
    code, out, err = run(capsys, "solve", "A/K", "K/A", "AQ/KJ")
    assert code == EXIT_BUG
    assert out.count("outcome:") == 2
    assert err == "whist: internal error (a bug, please report it): KeyError: 'oops'\n"


def test_long_arguments_are_not_taken_for_file_names(capsys):
    code, out, err = run(capsys, "bridge", "table", "N:" + "9" * 4000)
    assert code == EXIT_BAD_INPUT
    assert out == ""
    assert "File name too long" not in err
    assert err.startswith("whist: error: ")


def test_huge_option_numbers_are_named_by_their_digits(capsys):
    code, _, err = run(capsys, "gops", "matrix", "--n", "3", "--first", "9" * 40)
    assert code == EXIT_BAD_INPUT
    assert err == "whist: error: --first of 40 digits: expected a prize from 1 to 3\n"
    err = usage_error(capsys, "gops", "matrix", "--n", "3", "--first", "9" * 4000)
    assert "argument --first: the number '999" in err
    assert "(4,000 digits) is too long" in err
    err = usage_error(capsys, "value", "--game", HUGE, "A/K")
    assert f"unknown game '{'9' * 39}…{'9' * 19}'; expected a trick game (whist" in err


def test_an_argument_with_a_lone_surrogate_is_refused_in_json(capsys):
    # undecodable bytes in an argument reach Python as lone surrogates ('\udcff')
    code, out, err = run(capsys, "value", "--json", "\udcff", "A/K")
    assert code == EXIT_BAD_INPUT
    refused, answered = jsonl(out)
    assert refused["input"] == "\ufffd"  # JSON in UTF-8 has no lone surrogates
    assert answered["value"] == "1-e0"
    assert err.startswith("whist: error: suit '\ufffd' has no '/'")  # as the input shows it


def test_the_process_takes_undecodable_bytes_in_an_argument():
    res = subprocess.run(
        [sys.executable, "-m", "whistgui.cli", "value", "--json", b"\xff/A", "A/K"],
        capture_output=True,
        check=False,
    )
    assert res.returncode == EXIT_BAD_INPUT
    assert b"Traceback" not in res.stderr
    assert '"input": "\ufffd/A"'.encode() in res.stdout
    for line in res.stdout.decode("utf-8").splitlines():  # valid UTF-8, and JSON of no
        assert not re.search("[\ud800-\udfff]", str(json.loads(line)))  # surrogate


def test_an_unknown_argument_with_a_lone_surrogate_is_said_as_a_replacement_character(capsys):
    err = usage_error(capsys, "value", "A/K", "--json", "--\udcff")
    assert "unrecognized arguments: '--\ufffd'" in err


def test_deals_after_an_option_join_the_deals(capsys):
    code, out, _ = run(capsys, "value", "A/K", "--json", "K/A", "-/AK")
    assert code == EXIT_BAD_INPUT  # -/AK is asymmetric: refused in its place
    objs = jsonl(out)
    assert [o.get("deal", o.get("input")) for o in objs] == ["A/K", "K/A", "-/AK"]
    assert "error" in objs[2]
    err = usage_error(capsys, "table", "3", "--json", "4")  # one N only: 4 is not a deal
    assert "unrecognized arguments: 4" in err


def test_json_lines_stay_one_line_whatever_the_input_holds(capsys):
    code, out, _ = run(capsys, "value", "--json", "\x85", "X/K\u2028", "A/K\u2028")
    assert code == EXIT_BAD_INPUT
    objs = jsonl(out)  # str.splitlines breaks at U+0085 and U+2028 too
    assert [o.get("input") for o in objs] == ["\x85", "X/K\u2028", None]
    assert out.count("\n") == 3


#: 17 cards a hand in six runs: past the kernel, 4,505 patterns (about 0.2 s).
SIX_RUNS = (
    "[28 27 26 25 24 23 16 15 14 13 12 11 5 4 3 2 1, "
    "34 33 32 31 30 29 22 21 20 19 18 17 10 9 8 7 6]"
)


@pytest.mark.parametrize("command", ["value", "analyze", "play"])
def test_valuing_a_suit_past_the_kernel_shows_progress(capsys, monkeypatch, command):
    """A suit just under the limit takes some 20 s: a line of progress says how far the
    recursion is (here from 0 patterns, with a clock 3 s a look)."""
    import itertools

    from whistgui.cli import common

    ticks = itertools.count(step=3.0)
    monkeypatch.setattr(common.ProgressLine, "clock", staticmethod(lambda: next(ticks)))
    monkeypatch.setattr(common, "PROGRESS_REACH", 0)
    code, out, err = run(capsys, command, SIX_RUNS)
    assert code == 0, err
    assert out
    lines = err.splitlines()
    assert lines
    for line in lines:
        assert re.fullmatch(r"valuing: [\d,]+ of about 4,505 positions \(\d+%\), \d+ s", line)
