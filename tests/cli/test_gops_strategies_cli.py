"""``whist gops play | best-response | tournament | matrix-game`` run as a user runs them (the
installed ``whist`` in a process of its own), their output parsed and checked against the
brute force of tests/engine/test_gops_strategies.py; bad input refused on one line, quoted,
with exit status 2."""

from __future__ import annotations

import io
import itertools
import json
import re
from fractions import Fraction

import pytest

from tests.cli.helpers import run_process
from tests.engine.test_gops_strategies import (
    bf_best_reply,
    bf_face,
    bf_play,
    bf_random,
    bf_value,
)
from whistgui.cli import build_parser
from whistgui.cli import gops as gops_cli
from whistgui.cli.common import ProgressLine


def whist_json(*argv: str, stdin: str = "") -> dict:
    got = run_process("gops", *argv, "--json", stdin=stdin)
    assert got.returncode == 0, got.stderr
    assert got.stderr == ""
    return json.loads(got.stdout)


def refused(*argv: str, stdin: str = "") -> str:
    got = run_process("gops", *argv, stdin=stdin)
    assert got.returncode == 2, (got.stdout, got.stderr)
    assert got.stdout == ""
    lines = got.stderr.splitlines()
    assert len(lines) == 1, got.stderr
    assert lines[0].startswith("whist: error: ")
    return lines[0]


# --- play ----------------------------------------------------------------------------------


@pytest.mark.parametrize("score", ["sign", "points"])
def test_play_771_4_and_771_6(score):
    obj = whist_json("play", "--n", "6", "--a", "face", "--b", "face+1", "--score", score)
    assert {"value", "exact", "distribution", "scores"} <= set(obj)
    assert obj["exact"] == ("-9" if score == "points" else "-1")
    assert obj["value"] == float(Fraction(obj["exact"]))
    assert obj["scores"] == [{"a": 6, "b": 15, "probability": 1.0, "exact": "1"}]
    obj = whist_json("play", "--n", "6", "--a", "face+1", "--b", "face+2", "--score", score)
    assert obj["scores"] == [{"a": 5, "b": 16, "probability": 1.0, "exact": "1"}]
    got = run_process("gops", "play", "--n", "6", "--a", "face", "--b", "face+1")
    assert got.returncode == 0
    assert "6 - 15: 1" in got.stdout
    assert "A's expected result: -1" in got.stdout


@pytest.mark.parametrize("order", ["random", "ascending", "descending"])
def test_play_matches_the_brute_force(order):
    for ties, score in (("carry", "sign"), ("split", "points"), ("lost", "points")):
        obj = whist_json(
            "play", "--n", "4", "--a", "random", "--b", "face+1", "--ties", ties, "--score",
            score, "--order", order,
        )  # fmt: skip
        dist = bf_play(4, bf_random, bf_face(4, 1), ties, order)
        assert Fraction(obj["exact"]) == bf_value(dist, score)
        got = {(Fraction(s["a"]), Fraction(s["b"])): Fraction(s["exact"]) for s in obj["scores"]}
        assert got == dist
        assert sum(Fraction(d["exact"]) for d in obj["distribution"]) == 1


# --- best reply ----------------------------------------------------------------------------


@pytest.mark.parametrize("score", ["sign", "points"])
def test_best_response_matches_the_brute_force(score):
    for against, bf in (("face", bf_face(4, 0)), ("face+1", bf_face(4, 1)), ("random", bf_random)):
        obj = whist_json("best-response", "--n", "4", "--against", against, "--score", score)
        want = bf_best_reply(4, bf, score=score)
        assert Fraction(obj["exact"]) == want
        assert obj["game_value"]["exact"] == "0"
        assert Fraction(obj["exploitability"]["exact"]) == want
        assert obj["exploitability"]["value"] == pytest.approx(float(want))
        assert all(isinstance(t["bid"], int) for t in obj["reply"])
    assert Fraction(whist_json("best-response", "--n", "4", "--against", "face")["exact"]) > 0


def test_optimal_is_unexploitable_and_the_reply_saved_plays(tmp_path):
    for order in ("random", "ascending"):
        obj = whist_json("best-response", "--n", "3", "--against", "optimal", "--order", order)
        assert obj["exploitability"]["exact"] == "0"
    path = tmp_path / "reply.json"
    got = run_process("gops", "best-response", "--n", "4", "--against", "face+1", "--save",
                      str(path))  # fmt: skip
    assert got.returncode == 0, got.stderr
    assert "exploitability of face+1: " in got.stdout
    value = Fraction(whist_json("best-response", "--n", "4", "--against", "face+1")["exact"])
    obj = whist_json("play", "--n", "4", "--a", str(path), "--b", "face+1")
    assert Fraction(obj["exact"]) == value


# --- tournament ----------------------------------------------------------------------------


def test_tournament_matrix_matches_the_brute_force():
    obj = whist_json("tournament", "--n", "4", "--strategies", "face, face+1,random",
                     "--score", "points")  # fmt: skip
    assert obj["strategies"] == ["face", "face+1", "random"]
    bfs = [bf_face(4, 0), bf_face(4, 1), bf_random]
    for i, fa in enumerate(bfs):
        for j, fb in enumerate(bfs):
            want = bf_value(bf_play(4, fa, fb), "points")
            assert Fraction(obj["exact"][i][j]) == want
            assert obj["matrix"][i][j] == pytest.approx(float(want))
    got = run_process("gops", "tournament", "--n", "4", "--strategies", "face,face+1")
    assert got.returncode == 0
    rows = [line.split() for line in got.stdout.splitlines()[-2:]]
    assert rows == [["face", "0", "-1"], ["face+1", "1", "0"]]


# --- matrix games --------------------------------------------------------------------------


def test_matrix_game_771_9():
    obj = whist_json("matrix-game", "[[3,-4],[-1,1]]", "--exact")
    assert obj == {
        "value": "-1/9",
        "row_strategy": ["2/9", "7/9"],
        "column_strategy": ["5/9", "4/9"],
    }
    obj = whist_json("matrix-game", "[[3,-4],[-1,1]]")
    assert obj["value"] == pytest.approx(-1 / 9)
    assert obj["row_strategy"] == pytest.approx([2 / 9, 7 / 9])
    assert obj["column_strategy"] == pytest.approx([5 / 9, 4 / 9])
    obj = whist_json("matrix-game", "-", "--exact", stdin='[["1/2", 0.25], [0, 1]]')
    assert obj["value"] == "2/5"  # 771.9's method: (1/2·1 − 1/4·0)/(1/2 + 1 − 1/4 − 0)
    got = run_process("gops", "matrix-game", "[[3,-4],[-1,1]]", "--exact")
    assert "value: -1/9" in got.stdout


@pytest.mark.parametrize(
    "text", ["3 -4\n-1 1", "3\t-4\r\n-1\t1\n", "3, -4; -1, 1", "3 -4.0\n-1 1/1"]
)
def test_matrix_game_takes_rows_pasted_as_the_app_does(text):
    """The command reads a matrix as the app's Matrix Game page does (one parser)."""
    obj = whist_json("matrix-game", text, "--exact")
    assert obj["value"] == "-1/9"
    obj = whist_json("matrix-game", "-", stdin="0.1 0\n0 0.1")
    assert obj["value"] == pytest.approx(0.05)
    assert whist_json("matrix-game", "-", "--exact", stdin="0.1 0\n0 0.1")["value"] == "1/20"


def test_matrix_game_reads_a_spreadsheets_decimal_commas_and_says_the_shape():
    """Review 30, W1: ``0,5<TAB>1`` pasted from a spreadsheet is a 2 × 2 game, not 2 × 3."""
    obj = whist_json("matrix-game", "-", "--exact", stdin="0,5\t1\n1\t0,5\n")
    assert obj["row_strategy"] == ["1/2", "1/2"]
    assert obj["value"] == "3/4"
    got = run_process("gops", "matrix-game", "-", "--exact", stdin="0,5\t1\n1\t0,5\n")
    assert got.returncode == 0, got.stderr
    assert got.stdout.splitlines()[0] == (
        "a matrix game read as a 2 × 2 matrix (2 rows, 2 columns); rows maximise"
    )
    got = run_process("gops", "matrix-game", "7")
    assert "read as a 1 × 1 matrix (1 row, 1 column)" in got.stdout.splitlines()[0]
    line = refused("matrix-game", "0,5\t1, 2\n1\t0,5")
    assert "decimal commas? write 0.5" in line


@pytest.mark.parametrize(
    ("matrix", "words"),
    [
        ("[[1,2],[3]]", "row 2 has 1 entries and row 1 2"),
        ('[[1,"x"]]', "'\"x\"' in row 1, column 2: expected a number"),
        ("[]", "no numbers"),
        ("[[]]", "no numbers"),
        ("[[NaN, 1]]", "'NaN' in row 1, column 1: expected a number"),
        ("[[Infinity]]", "Infinity"),
        ("[[1e99999999999]]", "'1e99999999999' in row 1, column 1"),
        ("[[1e301]]", "'1e301' in row 1, column 1 is too large"),
        ("[[1, 2]", "1 '[' not closed"),
        ("[" * 50_000, "a third '[' at character 3"),
        ("[[true, 1]]", "'true' in row 1, column 1"),
        ("[[" + ",".join(["1"] * 101) + "]]", "101 entries"),
        ("1 2\n3 x", "'x' in row 2, column 2"),
        ("1 2 ]", "']' at character 5"),
    ],
)
def test_malformed_matrices_are_refused_quoted(matrix, words):
    line = refused("matrix-game", matrix)
    assert words in line
    assert "matrix '" in line


def test_a_matrix_of_a_million_entries_is_refused_unread():
    text = "[" + ",".join(["[" + ",".join(["0"] * 1000) + "]"] * 1000) + "]"
    line = refused("matrix-game", "-", "--exact", stdin=text)
    assert "more than 20,000 characters: expected a matrix game of at most 16 rows" in line
    line = refused("matrix-game", "-", stdin=text)
    assert "more than 600,000 characters: expected a matrix game of at most 100 rows" in line
    line = refused("matrix-game", "[" + ",".join(["[1]"] * 101) + "]")
    assert "101 rows" in line
    line = refused("matrix-game", "[" + ",".join(["[1,2]"] * 17) + "]", "--exact")
    assert "at most 16 rows" in line


# --- bad strategies and options ------------------------------------------------------------


def test_bad_strategies_and_options_are_refused(tmp_path):
    assert "--a: strategy 'face+9'" in refused("play", "--n", "6", "--a", "face+9", "--b", "face")
    assert "'cheat'" in refused("play", "--a", "cheat", "--b", "face")
    assert "--order 'sideways'" in refused("play", "--a", "face", "--b", "face", "--order",
                                           "sideways")  # fmt: skip
    missing = str(tmp_path / "none.json")
    assert missing in refused("play", "--a", missing, "--b", "face")
    bad = tmp_path / "bad.json"
    bad.write_text('{"gops_strategy": 1, "n": 6, "bids": {"shown=7": 1}}', encoding="utf-8")
    line = refused("play", "--a", str(bad), "--b", "face")
    assert "unknown state" in line
    assert str(bad) in line
    line = refused("tournament", "--strategies", "face,,random")
    assert "--strategies 'face,,random'" in line
    line = refused("play", "--n", "10", "--a", "optimal", "--b", "face")
    assert "optimal for N = 10: the game is solved for N up to 9 with the sign result" in line


def test_a_strategy_files_bad_otherwise_and_missing_turns_name_the_file_and_key(tmp_path):
    """Review 30, F3: the file's name quoted (its path, not its stem) and the key."""
    for other, k in (("cheat", "cheat"), ("optimal", "optimal"), ("face+3", "face+3")):
        f = tmp_path / f"other-{k}.json"
        f.write_text(json.dumps({"gops_strategy": 1, "n": 3, "otherwise": other, "bids": {}}))
        line = refused("play", "--n", "3", "--a", str(f), "--b", "face")
        assert f"strategy file '{f}'" in line
        assert f'"otherwise" is "{other}"; expected face+k (k from 0 to 2) or random' in line
    f = tmp_path / "holes.json"
    f.write_text(json.dumps({"gops_strategy": 1, "n": 3, "bids": {}}))
    line = refused("play", "--n", "3", "--a", str(f), "--b", "face")
    assert f"strategy 'holes' (strategy file '{f}') has no bid for the turn 'shown=" in line


class _Log(io.StringIO):
    """Standard error as a log (not a terminal): whole lines."""

    def isatty(self) -> bool:
        return False


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["play", "--n", "5", "--a", "random", "--b", "random"], "playing random against random: "),
        (["best-response", "--n", "5", "--against", "random"], "the best reply to random: "),
        (["tournament", "--n", "5", "--strategies", "random,face"], "tournament: "),
    ],
)
def test_long_runs_show_the_states_visited_on_stderr(monkeypatch, argv, words):
    """Review 30, F1: the states visited on standard error (a ProgressLine, as whist table's:
    here its clock runs 11 s a look, so every line is due)."""
    args = build_parser().parse_args(["gops", *argv])
    quiet = _Log()
    monkeypatch.setattr(ProgressLine, "clock", staticmethod(lambda: 1.0))  # a clock at rest
    assert gops_cli.run(args, io.StringIO(), quiet) == 0
    assert quiet.getvalue() == ""  # quick (under 2 s): nothing said
    ticks = itertools.count(step=11.0)
    monkeypatch.setattr(ProgressLine, "clock", staticmethod(lambda: next(ticks)))
    out, err = io.StringIO(), _Log()
    assert gops_cli.run(args, out, err) == 0
    lines = err.getvalue().splitlines()
    states = [int(m.group(1).replace(",", "")) for x in lines if (m := _STATES.search(x))]
    assert lines
    assert all(x.startswith((words, "solving the game for its value")) for x in lines), lines
    assert states[0] <= 1024  # the first poll (1,024 states, or 1 s if sooner)
    assert max(states) >= 8 * 1024, lines
    assert out.getvalue()  # and the answer


_STATES = re.compile(r"([\d,]+) states")


def test_optimal_at_n6_plays_as_floats_and_says_it_is_not_exact():
    """Review 31b, B1: 'play --n 6 --a face+1 --b optimal' died with Python's 4,300-digit
    limit (exit 3) after minutes of fractions of thousands of digits. Now optimal bids its
    float solution's probabilities at N = 6: a result, "exact": null, and the text says so."""
    got = run_process("gops", "play", "--n", "6", "--a", "face+1", "--b", "optimal", "--json")
    assert got.returncode == 0, got.stderr
    obj = json.loads(got.stdout)
    assert obj["exact"] is None
    assert obj["exact_strategies"] is False
    assert all(d["exact"] is None for d in obj["distribution"])
    # optimal cannot lose in expectation (the game's value is 0): A's result is at most 0
    assert -1 < obj["value"] <= 1e-9
    assert abs(sum(d["probability"] for d in obj["distribution"]) - 1) < 1e-12
    text = run_process("gops", "play", "--n", "6", "--a", "face+1", "--b", "optimal")
    assert text.returncode == 0, text.stderr
    assert "A's expected result: ≈" in text.stdout
    assert "not exact: optimal bids its float solution's probabilities" in text.stdout
    assert "internal error" not in text.stderr


def test_optimal_at_n5_stays_exact():
    """N = 5: optimal's exact solution is played exactly ("exact": a fraction)."""
    got = run_process("gops", "play", "--n", "5", "--a", "face+1", "--b", "optimal", "--json")
    assert got.returncode == 0, got.stderr
    obj = json.loads(got.stdout)
    p, q = (int(x) for x in obj["exact"].split("/"))
    assert abs(p / q - obj["value"]) < 1e-12
    assert abs(obj["value"] - (-0.274816)) < 1e-6  # review 31b's figure
    assert obj["exact_strategies"] is True
