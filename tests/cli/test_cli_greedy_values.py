"""Greedy Whist's values through the installed ``whist`` command, run as a process: ``whist
value`` of a deal of several suits answers by the values (their sum and ρ of it, which exact
search confirms), ``whist analyze`` shows the α matrix over the greedy reductions beside R43's
numbers, and a suit beyond the values' reach is answered by R43 Theorem 6.1."""

from __future__ import annotations

import json
import subprocess

from tests.cli.test_output_contract import PROCESS_TIMEOUT, whist_command
from whistgui.engine import Deal, SuitDeal
from whistgui.engine.games.greedy_whist import GREEDY_WHIST_RULES, GreedyWhistTheory
from whistgui.engine.trick.solver import Solver

#: Several suits each: exits, numbers, the lead deciding, and R43's deal (5) with others.
DEALS = ("AQ/KJ K/A", "KQT/AJ9 K/A", "KJ/AQ AJ/KQ A/K T9/J8", "KQT8/AJ97 AQ/KJ", "QT/KJ A/K")


def whist(*argv: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [*whist_command(), *argv],
        capture_output=True,
        text=True,
        timeout=PROCESS_TIMEOUT,
        check=False,
    )


def objects(res: subprocess.CompletedProcess[str]) -> list[dict[str, object]]:
    assert res.returncode == 0, res.stderr
    assert res.stderr == ""
    return [json.loads(line) for line in res.stdout.splitlines()]


def searched(deal: str) -> dict[str, int]:
    o = Solver().outcome(Deal.parse(deal), rules=GREEDY_WHIST_RULES)
    return {"west_lead": o.west_lead, "east_lead": o.east_lead}


def test_value_of_several_suits_is_the_sum_of_the_values_and_agrees_with_search() -> None:
    objs = objects(whist("value", "--json", "--game", "greedy", *DEALS))
    assert [o["deal"] for o in objs] == [str(Deal.parse(d)) for d in DEALS]
    theory = GreedyWhistTheory()
    for deal, obj in zip(DEALS, objs, strict=True):
        assert obj["game"] == "greedy-whist"
        assert "outcome_by" not in obj  # by the values, not by search
        suits = Deal.parse(deal).suits
        values = [theory.element(s) for s in suits]
        assert [s["value"] for s in obj["suits"]] == [theory.text(v) for v in values]
        total = sum(values[1:], values[0])
        assert obj["value"] == theory.text(total)
        assert obj["outcome"] == searched(deal), deal


def test_value_text_names_the_game_and_the_sum() -> None:
    res = whist("value", "--game", "greedy-whist", "AQ/KJ K/A")
    assert res.returncode == 0, res.stderr
    lines = res.stdout.splitlines()
    assert lines[0] == "AQ/KJ K/A   (greedy-whist)"
    assert lines[-2].split()[:4] == ["sum", "1½", "+", "ε₀"]
    assert lines[-1] == "  outcome: West takes 2 tricks with West on lead and 2 with East on lead"


def test_analyze_shows_the_greedy_alpha_matrix_and_r43() -> None:
    (obj,) = objects(whist("analyze", "--json", "--game", "greedy", "KQT/AJ9"))
    assert obj["value"] == "7/4"  # whist's value of the suit is 3/2
    assert obj["maxmin"] == {"lead": "E", "value": "3/2"}
    assert obj["minmax"] == {"lead": "W", "value": "2-e1"}
    assert (obj["H"], obj["H̄"], obj["H_Greedy"]) == (0, 1, 1)
    assert obj["A"] == [[1, -1, -1], [1, 1, -1], [1, 1, -1]]  # R43 §3, deal (5)
    assert obj["outcome"] == searched("KQT/AJ9") == {"west_lead": 2, "east_lead": 2}
    res = whist("analyze", "--game", "greedy", "KQT/AJ9")
    assert res.returncode == 0, res.stderr
    assert "(greedy: rows' minima and columns' maxima over the winning replies, if any)" in (
        res.stdout.splitlines()
    )
    assert "val     1¾   (complexity 1: a number of least denominator 4)" in res.stdout


def test_a_suit_beyond_the_values_reach_is_answered_by_theorem_6_1() -> None:
    n = 30
    west = " ".join(str(r) for r in range(2 * n, 0, -2))
    east = " ".join(str(r) for r in range(2 * n - 1, 0, -2))
    suit = f"[{west}, {east}]"
    (obj,) = objects(whist("value", "--json", "--game", "greedy", suit))
    assert obj["outcome_by"] == "R43 Theorem 6.1"
    assert obj["element"] is None
    assert obj["outcome"] == {"west_lead": 15, "east_lead": 16}
    # the same theorem, as the engine computes it on a suit short enough to search
    short = SuitDeal.from_pattern("EW" * 6)
    assert searched(str(Deal([short]))) == {"west_lead": 3, "east_lead": 4}


def test_the_quotient_finds_the_values_a_refinement_and_a_homomorphism() -> None:
    """Every sum of suits up to 3 cards a hand classed by its outcomes against every test
    position: no value spans two classes, and the value of a sum is the sum of the values."""
    (obj,) = objects(whist("quotient", "--json", "--game", "greedy", "--max-cards", "3"))
    assert obj["game"] == "greedy-whist"
    assert obj["uncovered"] == 0  # every position has its value
    assert obj["refinement"] is True
    assert obj["homomorphism"] is True
    assert obj["mismatches"] == []
    elements = {e for c in obj["class_list"] for e in c["elements"]}
    assert {"3/2", "1/2", "7/4", "e0", "1+-e0"} <= elements
