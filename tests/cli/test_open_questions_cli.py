"""``whist conjectures``' open questions as the installed command prints them: Conjecture 7.2,
R44 §15 and Theorem 9.1's exceptions in the JSON report and the text, and bad bounds refused."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from whistgui.cli.common import EXIT_BAD_INPUT


def _whist(*argv: str) -> subprocess.CompletedProcess[str]:
    """``whist argv…`` run as a process from the installed entry point."""
    exe = Path(sys.executable).with_name("whist")
    command = [str(exe)] if exe.exists() else [sys.executable, "-m", "whistgui.cli"]
    return subprocess.run([*command, *argv], capture_output=True, text=True, timeout=300)


OPTIONS = (
    "--asymmetric-upto", "4", "--random-deals", "6", "--seed", "9", "--replies-upto", "5",
    "--exceptions-upto", "6",
)  # fmt: skip


def test_the_json_report_holds_the_open_questions() -> None:
    done = _whist("conjectures", "--upto", "3", *OPTIONS, "--json")
    assert done.returncode == 0, done.stderr
    got = json.loads(done.stdout)
    assert (got["asymmetric_upto"], got["random_deals"], got["random_sizes"], got["seed"]) == (
        4, 6, [5, 13], 9
    )  # fmt: skip
    assert (got["replies_upto"], got["exceptions_upto"], got["ok"]) == (5, 6, True)
    by_key = {s["statement"]: s for s in got["statements"]}
    # every deal of 1 to 4 cards a hand: 3 + 21 + 131 + 830
    for key in ("7.2", "7.2 lead"):
        assert by_key[key]["checked"] == 985
        assert (by_key[key]["upto"], by_key[key]["unit"], by_key[key]["counterexamples"]) == (
            4, "deals", 0
        )  # fmt: skip
    assert by_key["7.2 random"]["checked"] == 6
    assert 5 <= by_key["7.2 random"]["upto"] <= 13
    assert (by_key["R44 §15"]["checked"], by_key["R44 §15"]["upto"]) == (2096, 5)
    assert by_key["R44 §15 table"]["checked"] == 2597
    assert [e["exceptions"] for e in got["theorem_9_1_exceptions"]] == [0, 0, 0, 1, 4, 21]
    six = got["theorem_9_1_exceptions"][5]
    assert (six["suits"], six["west_top_hbar_h_plus_1"]) == (924, 323)
    assert six["first"][0] == "[A 9 8 6 4 3, K Q J 10 7 5]"
    again = json.loads(_whist("conjectures", "--upto", "3", *OPTIONS, "--json").stdout)
    assert again["statements"] == got["statements"]  # the seed deals the same deals


def test_the_text_report_says_how_far_each_went() -> None:
    done = _whist("conjectures", "--upto", "3", *OPTIONS)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0].startswith("every single suit of n ≤ 3 cards a hand by its value")
    assert (
        "every deal of n ≤ 4 cards a hand (Conjecture 7.2), 6 random deals of 5 to 13 (seed 9), "
        "every symmetric position of n ≤ 5 (R44 §15)"
    ) in lines[0]
    assert "985 deals   holds" in next(x for x in lines if x.startswith("Conjecture 7.2  "))
    assert "2,096 leads   holds" in next(x for x in lines if x.startswith("R44 §15  "))
    assert "  n =  4:         1 of 21 suits with West on top and H̄ = H + 1 (70 suits): " in (
        done.stdout
    )
    assert "[A J 10 8, K Q 9 7]" in done.stdout


def test_by_default_the_open_questions_follow_upto() -> None:
    done = _whist("conjectures", "--upto", "2", "--json")
    assert done.returncode == 0, done.stderr
    got = json.loads(done.stdout)
    assert (got["asymmetric_upto"], got["random_deals"], got["replies_upto"]) == (2, 0, 2)
    assert got["exceptions_upto"] == 2
    by_key = {s["statement"]: s["checked"] for s in got["statements"]}
    assert (by_key["7.2"], by_key["7.2 random"]) == (24, 0)


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (("--asymmetric-upto", "8"), "--asymmetric-upto must be between 0 and 7, not 8"),
        (("--replies-upto", "-2"), "--replies-upto must be between 0 and 9, not -2"),
        (("--exceptions-upto", "15"), "--exceptions-upto must be between 0 and 14, not 15"),
        (("--random-deals", "-1"), "--random-deals must be a number of deals, not -1"),
    ],
)
def test_bad_bounds_are_usage_errors(argv: tuple[str, ...], said: str) -> None:
    done = _whist("conjectures", "--upto", "2", *argv)
    assert (done.returncode, done.stdout) == (EXIT_BAD_INPUT, "")
    assert said in done.stderr
