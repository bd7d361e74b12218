"""``whist compare D E``, run as the installed command in a process of its own, its JSON
parsed, and every witness it prints solved again here by exact search."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.cli.test_cli_fuzz import deal_texts, status
from whistgui.cli.common import EXIT_BAD_INPUT, EXIT_OK
from whistgui.engine import Deal, Solver, Value
from whistgui.engine.games.whist.rounding import rho

WHIST = Path(sys.executable).parent / "whist"
#: A suit of 20 cards a hand whose value the theorems leave undecided (past the recursion).
UNDECIDED = (
    "[40 39 38 36 35 34 33 28 24 20 19 18 14 9 7 6 5 4 2 1, "
    "37 32 31 30 29 27 26 25 23 22 21 17 16 15 13 12 11 10 8 3]"
)
#: A suit of 201 cards a hand.
TOO_LONG = (
    "[" + " ".join(map(str, range(402, 0, -2))) + ", " + " ".join(map(str, range(401, 0, -2))) + "]"
)


def run_whist(*argv: str) -> subprocess.CompletedProcess[str]:
    """``whist argv…`` as a user runs it: the installed script, a process of its own."""
    cmd = [str(WHIST)] if WHIST.is_file() else [sys.executable, "-m", "whistgui.cli"]
    return subprocess.run([*cmd, *argv], capture_output=True, text=True, timeout=300, check=False)


def whist(*argv: str) -> subprocess.CompletedProcess[str]:
    """``whist compare argv…``, a process of its own."""
    return run_whist("compare", *argv)


def compare_json(d: str, e: str) -> dict[str, Any]:
    r = whist(d, e, "--json")
    assert r.returncode == 0, r.stderr
    assert r.stderr == ""
    lines = r.stdout.splitlines()
    assert len(lines) == 1, r.stdout
    obj = json.loads(lines[0])
    assert set(obj) == {"relation", "values", "witnesses"}  # the shape, exactly
    for w in obj["witnesses"]:
        assert set(w) == {"z", "d", "e"}
    return obj


def solved_witnesses(d: str, e: str, obj: dict[str, Any]) -> list[str]:
    """Solve D + z and E + z of every witness exactly; each must be as printed and tell D from
    E. The way each goes: ``below`` (E does better) or ``above``."""
    solver = Solver()
    dd, ee = Deal.parse(d), Deal.parse(e)
    ways = []
    for w in obj["witnesses"]:
        z = Deal.parse(w["z"])
        assert z.suits
        dz = list(solver.outcome(Deal(dd.suits + z.suits)))
        ez = list(solver.outcome(Deal(ee.suits + z.suits)))
        assert [dz, ez] == [w["d"], w["e"]]
        assert dz != ez
        if dz[0] <= ez[0] and dz[1] <= ez[1]:
            ways.append("below")
        else:
            assert dz[0] >= ez[0], w
            assert dz[1] >= ez[1], w
            ways.append("above")
    return ways


def test_k_a_below_a_k() -> None:
    obj = compare_json("K/A", "A/K")
    assert obj["relation"] == "<"
    assert [Value.parse(v) for v in obj["values"]] == [Value.parse("e0"), Value.parse("1-e0")]
    assert solved_witnesses("K/A", "A/K", obj) == ["below"]


def test_r44_section_19_pair_is_equivalent() -> None:
    obj = compare_json("AQ9/KJT", "AQJ/KT9")
    assert obj == {"relation": "=", "values": ["2", "2"], "witnesses": []}


def test_fuzzy_pair_is_incomparable_with_one_witness_each_way() -> None:
    d, e = "K/A A/K", "KJ/AQ KJ/AQ"
    obj = compare_json(d, e)
    assert obj["relation"] == "incomparable"
    assert obj["values"] == ["1+-e0", "1"]
    assert sorted(solved_witnesses(d, e, obj)) == ["above", "below"]


def test_greater_and_the_paper_notation() -> None:
    d, e = "[A Q, K J]", "[K Q, A J]"
    obj = compare_json(d, e)
    assert obj["relation"] == ">"
    assert solved_witnesses(d, e, obj) == ["above"]


def test_every_printed_z_is_a_deal_solve_takes() -> None:
    obj = compare_json("K/A A/K", "KJ/AQ KJ/AQ")
    for w in obj["witnesses"]:
        r = subprocess.run(
            [str(WHIST), "solve", f"K/A A/K {w['z']}", "--json"],
            capture_output=True,
            text=True,
            timeout=300,
            check=False,
        )
        assert r.returncode == 0, r.stderr
        out = json.loads(r.stdout)["outcome"]
        assert [out["west_lead"], out["east_lead"]] == w["d"]


def test_text_output() -> None:
    r = whist("K/A A/K", "KJ/AQ KJ/AQ")
    assert r.returncode == 0, r.stderr
    lines = r.stdout.splitlines()
    assert lines[0] == "K/A A/K  incomparable to  KJ/AQ KJ/AQ"
    assert "val 1 ± ε₀" in lines[1]
    assert "[K J, A Q] + [K J, A Q]" in lines[2]
    assert sum(line.strip().startswith("z = ") for line in lines) == 2
    assert any("χ(D + z) = (" in line for line in lines)
    assert "D does better" in r.stdout
    assert "E does better" in r.stdout


@pytest.mark.parametrize(
    ("args", "quoted"),
    [
        (("K/A", "AK/Q"), "E 'AK/Q'"),
        (("K/X", "A/K"), "'K/X'"),
        ((f"{UNDECIDED}", "A/K"), "D '[40 39 38"),
        ((TOO_LONG, "A/K"), "has a suit of 201 cards in a hand; 'whist compare' takes at most 200"),
    ],
)
def test_bad_input_is_refused_quoting_it(args: tuple[str, str], quoted: str) -> None:
    for extra in ((), ("--json",)):
        r = whist(*args, *extra)
        assert r.returncode == 2
        assert r.stderr.startswith("whist: error: ")
        assert quoted in r.stderr
        assert len(r.stderr.splitlines()) == 1
        if not extra:
            assert r.stdout == ""
        else:  # the error object, as every command prints it
            (line,) = r.stdout.splitlines()
            obj = json.loads(line)
            assert set(obj) - {"input_length"} == {"game", "error", "input"}  # long: shortened
            assert obj["error"] == r.stderr.removeprefix("whist: error: ").rstrip("\n")


@pytest.mark.parametrize(
    ("args", "at_fault"),
    [
        (("AQ/XYZ", "K/A"), "AQ/XYZ"),
        (("K/A", "AK/Q"), "AK/Q"),
        ((UNDECIDED, "A/K"), UNDECIDED),  # D's value beyond reach
    ],
)
def test_a_refusal_with_json_is_the_error_object_every_command_prints(
    args: tuple[str, str], at_fault: str
) -> None:
    """``whist compare 'AQ/XYZ' K/A --json`` printed nothing on standard output: a refusal is
    now ``{"game", "error", "input"}`` in the answer's place — the deal refused as given, or
    for a pair refused as a pair both deals as a shell quotes them — with the message of
    standard error."""
    r = whist(*args, "--json")
    assert r.returncode == EXIT_BAD_INPUT
    (line,) = r.stdout.splitlines()
    obj = json.loads(line)
    assert obj == {
        "game": "whist",
        "error": r.stderr.removeprefix("whist: error: ").rstrip("\n"),
        "input": at_fault,
    }


def test_a_refusal_is_the_object_whist_value_prints() -> None:
    value = run_whist("value", "AQ/XYZ", "--json")
    compare = whist("AQ/XYZ", "K/A", "--json")
    assert value.returncode == compare.returncode == EXIT_BAD_INPUT
    said, refused = json.loads(value.stdout), json.loads(compare.stdout)
    assert set(said) == set(refused) == {"game", "error", "input"}
    assert refused["input"] == said["input"]
    assert refused["error"] == f"D: {said['error']}"  # which deal it was, then the same words


def test_two_deals_exactly() -> None:
    r = whist("K/A")
    assert r.returncode == 2
    assert "compare" in r.stderr
    r = whist("K/A", "A/K", "AQ/KJ")
    assert r.returncode == 2
    assert "two deals" in r.stderr
    assert "'AQ/KJ'" in r.stderr


@settings(
    max_examples=80,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(st.lists(st.one_of(deal_texts, st.just("--json")), min_size=1, max_size=4))
def test_any_arguments_end_in_a_documented_status(
    capsys: pytest.CaptureFixture[str], args: list[str]
) -> None:
    """In process, hypothesis' arguments: exit status 0 or 2, a one-line message, never a
    traceback nor an internal error; with --json and status 0, one JSON object."""
    argv = ["compare", *args]
    code, stopped = status(argv)
    out, err = capsys.readouterr()
    assert code in (EXIT_OK, EXIT_BAD_INPUT), (argv, err)
    assert "Traceback" not in err
    assert "internal error" not in err
    if stopped:
        return
    assert (code == EXIT_BAD_INPUT) == bool(err), (argv, err)
    assert len(err.splitlines()) <= 1, err
    if code == EXIT_OK and "--json" in args:
        assert set(json.loads(out)) == {"relation", "values", "witnesses"}
    if code == EXIT_BAD_INPUT:
        if "--json" in args:
            keys = set(json.loads(out))  # a long input: its start and end, and its length
            assert keys - {"input_length"} == {"game", "error", "input"}, out
        else:
            assert out == ""


def test_deals_past_exact_search_are_compared_by_their_values() -> None:
    """Issue 28's review: K/A against a 16-card deal, and two 16-card deals (8½ > 7½ in the
    review), were refused though the relation follows from the values; it is given, the JSON
    shape kept, the witness's χ rounded from the values and said to be unverified."""
    full = "AKQJ/T987 AKQJ/T987 AKQJ/T987 AKQJ/T987"
    obj = compare_json("K/A", full)
    assert obj["relation"] == "<"
    (w,) = obj["witnesses"]
    zv = Value.parse(json.loads(run_whist("value", "--json", w["z"]).stdout)["value"])
    for side, v in zip("de", obj["values"], strict=True):  # χ = ρ(val + val z), Theorem 12.1
        assert w[side] == list(rho(Value.parse(v) + zv))
    r = whist("K/A", full)
    assert r.returncode == EXIT_OK
    assert "not verified" in r.stdout
    # D + z = K/A + z is small: searched (review 28b, B1); only E + z is from the values
    assert "χ(D + z) by exact search; χ(E + z) from the values, not verified" in r.stdout
    d = "AQ/KJ AQ/KJ AKQJ/T987 AKQJ/T987 AKQ/JT9 A/K"
    e = "KJ/AQ AQ/KJ AKQJ/T987 AKQJ/T987 AKQ/JT9 K/A"
    obj = compare_json(d, e)
    assert obj["relation"] == ">"
    assert [Value.parse(v) for v in obj["values"]] == [Value.parse("15-e0"), Value.parse("13+-e0")]


def test_a_long_suit_is_compared_by_the_theorems_value() -> None:
    """The review's 18-card alternating suit, 9½ by R44 Theorem 17.1 as 'whist value' says,
    compared with AK/QJ; printed once in the header (its numbered ranks read the same in the
    paper's notation)."""
    alternating = (
        "["
        + " ".join(map(str, range(36, 0, -2)))
        + ", "
        + " ".join(map(str, range(35, 0, -2)))
        + "]"
    )
    obj = compare_json(alternating, "AK/QJ")
    assert obj["relation"] == ">"
    assert obj["values"][0] == "19/2"
    text = whist(alternating, "AK/QJ").stdout
    (d_line,) = [line for line in text.splitlines() if line.startswith("  D  ")]
    assert d_line.count("[36 34") == 1
    assert "E  AK/QJ   [A K, Q J]   val" in text


def test_a_value_beyond_reach_is_refused_with_the_reason() -> None:
    r = whist(UNDECIDED, "K/A")
    assert r.returncode == EXIT_BAD_INPUT
    assert "its value is beyond reach — the theorems know suit S only as 9½ < val < 10½" in (
        r.stderr
    )
    assert "the order of deals is read off both values" in r.stderr


def test_game_is_taken_and_only_whist_has_the_order() -> None:
    assert compare_json("K/A", "A/K") == json.loads(
        whist("K/A", "A/K", "--game", "whist", "--json").stdout
    )
    r = whist("K/A", "A/K", "--game", "five-card")
    assert r.returncode == 2
    assert "unrecognized arguments" not in r.stderr
    assert "compare orders two-person whist's states" in r.stderr
    r = whist("K/A", "A/K", "--game", "frobnicate")
    assert r.returncode == 2
    assert "unknown game 'frobnicate'" in r.stderr


def test_a_short_side_is_verified_beside_a_long_one() -> None:
    """Review 28b, B1/C6: K/A against the 18-card alternating suit — D + z (K/A K/A) is
    searched and said so; only E + z, 19 cards a hand, is from the values."""
    alternating = (
        "["
        + " ".join(map(str, range(36, 0, -2)))
        + ", "
        + " ".join(map(str, range(35, 0, -2)))
        + "]"
    )
    text = whist("K/A", alternating).stdout
    assert "χ(D + z) by exact search; χ(E + z) rounded from the values" in text
    assert "E + z has 19 cards a hand, more than 16" in text
    assert "D + z and E + z have" not in text
    assert "(χ(D + z) by exact search; χ(E + z) from the values, not verified by search)" in text
