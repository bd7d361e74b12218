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

WHIST = Path(sys.executable).parent / "whist"


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
        (("AKQJ/T987 AKQJ/T987 AKQJ/T987 AKQJ/T987 A/K", "A/K"), "D 'AKQJ/T987 AKQJ/T987"),
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
            assert set(obj) == {"game", "error", "input"}
            assert obj["error"] == r.stderr.removeprefix("whist: error: ").rstrip("\n")


FIVE_SUITS = "AKQJ/T987 AKQJ/T987 AKQJ/T987 AKQJ/T987 A/K"
FOUR_SUITS = "AKQJ/T987 AKQJ/T987 AKQJ/T987 AKQJ/T987"


@pytest.mark.parametrize(
    ("args", "at_fault"),
    [
        (("AQ/XYZ", "K/A"), "AQ/XYZ"),
        (("K/A", "AK/Q"), "AK/Q"),
        ((FIVE_SUITS, "A/K"), FIVE_SUITS),  # D beyond the limit
        ((FOUR_SUITS, "K/A"), FOUR_SUITS),  # D fills exact search alone: no room for a z
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


def test_a_deal_filling_exact_search_is_said_plainly() -> None:
    """K/A against a 16-card deal said "no position z of at most 0 cards a hand": the deal
    that fills exact search is named, and why there is no z."""
    full = "AKQJ/T987 AKQJ/T987 AKQJ/T987 AKQJ/T987"
    r = whist("K/A", full)
    assert r.returncode == EXIT_BAD_INPUT
    assert r.stdout == ""
    assert f"E '{full}' has 16 cards a hand, the most exact search checks here; " in r.stderr
    assert "no room for a position z" in r.stderr
    assert "at most 0" not in r.stderr
    obj = json.loads(whist("K/A", full, "--json").stdout)
    assert "no room for a position z" in obj["error"]
