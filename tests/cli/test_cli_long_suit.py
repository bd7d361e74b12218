"""``whist value`` and ``whist analyze`` of a whist suit past the recursion's reach, answered by
the theorems (R43 Theorem 9.1, R44 Theorems 11.10/17.1), run as processes."""

from __future__ import annotations

import json

from tests.cli.helpers import run_process
from whistgui.engine import SuitDeal
from whistgui.engine.games.long_suit import BEYOND_REACH
from whistgui.engine.games.whist.kernel import reach_size


def alternating(n: int) -> str:
    west = " ".join(str(r) for r in range(2 * n, 0, -2))
    east = " ".join(str(r) for r in range(2 * n - 1, 0, -2))
    return f"[{west}, {east}]"


#: An 18-card suit past the reach (617,312 positions) whose value no theorem decides:
#: outcome (8, 8), so 7½ < val < 8½ and (Theorem 11.10) val ≠ 8.
UNDECIDED = (
    "[36 31 28 26 25 20 19 17 16 14 13 12 11 8 6 5 3 1, "
    "35 34 33 32 30 29 27 24 23 22 21 18 15 10 9 7 4 2]"
)
#: One whose value Theorem 11.10 decides (an integer; 280,027 positions).
BY_11_10 = (
    "[36 34 29 27 24 23 22 17 16 15 14 9 8 7 5 3 2 1, "
    "35 33 32 31 30 28 26 25 21 20 19 18 13 12 11 10 6 4]"
)


def objects(out: str) -> list[dict]:
    return [json.loads(line) for line in out.splitlines()]


def test_the_18_card_alternating_suit_gets_its_outcome_and_value() -> None:
    assert reach_size(SuitDeal.parse(alternating(18)).pattern) == 6_336_721
    res = run_process("value", alternating(18))
    assert res.returncode == 0, res.stderr
    assert "9½" in res.stdout
    assert "value by R44 Theorem 17.1; outcome by R43 Theorem 9.1" in res.stdout
    assert "West takes 9 tricks with West on lead and 10 with East on lead" in res.stdout
    res = run_process("value", "--json", alternating(18))
    (obj,) = objects(res.stdout)
    assert obj["value"] == obj["element"] == "19/2"
    assert obj["outcome"] == {"west_lead": 9, "east_lead": 10}
    (suit,) = obj["suits"]
    assert suit["by"] == "R44 Theorem 17.1"
    assert suit["outcome_by"] == "R43 Theorem 9.1"
    assert (suit["H"], suit["H̄"], suit["H_W"]) == (0, 1, 1)


def test_an_undecided_suit_says_so_and_predicts_what_it_can() -> None:
    res = run_process("value", "--json", UNDECIDED, f"{UNDECIDED} + [A Q 3, K J 2]")
    assert res.returncode == 0, res.stderr
    alone, with_two = objects(res.stdout)
    assert alone["value"] is None
    assert alone["element"] is None
    assert alone["outcome"] == {"west_lead": 8, "east_lead": 8}
    assert alone["outcome_by"] == "R43 Theorem 9.1"
    s = alone["suits"][0]
    assert s["value"] is None
    assert (s["value_between"], s["value_not"]) == (["15/2", "17/2"], "8")
    # [A Q 3, K J 2] is worth 2 (Theorem 11.10): the outcome moves by 2 tricks
    assert with_two["suits"][1]["value"] == "2"
    assert with_two["outcome"] == {"west_lead": 10, "east_lead": 10}
    text = run_process("value", UNDECIDED).stdout
    assert BEYOND_REACH in text
    assert "7½ < val < 8½, val ≠ 8" in text


def test_a_deal_whose_other_suits_leave_it_open_says_why() -> None:
    res = run_process("value", "--json", f"{UNDECIDED} + [K, A]", f"{UNDECIDED} + {UNDECIDED}")
    assert res.returncode == 0, res.stderr
    exit_, twice = objects(res.stdout)
    assert exit_["outcome"] is None
    assert "the other suits sum to ε₀, not an integer" in exit_["no_outcome"]
    assert twice["outcome"] is None
    assert "suits S and H are both beyond reach" in twice["no_outcome"]
    text = run_process("value", f"{UNDECIDED} + [K, A]").stdout
    assert "outcome: not predicted — the other suits sum to ε₀" in text


def test_a_suit_decided_by_theorem_11_10() -> None:
    res = run_process("value", "--json", BY_11_10)
    (obj,) = objects(res.stdout)
    s = obj["suits"][0]
    assert s["by"] == "R44 Theorem 11.10"
    west, east = obj["outcome"]["west_lead"], obj["outcome"]["east_lead"]
    assert west == east == int(obj["value"])  # an integer value k rounds to (k, k)


def test_analyze_gives_the_theorems_numbers_in_the_same_shape() -> None:
    small = objects(run_process("analyze", "--json", "AQ/KJ").stdout)[0]
    res = run_process("analyze", "--json", alternating(18), UNDECIDED)
    assert res.returncode == 0, res.stderr
    alt, undecided = objects(res.stdout)
    assert set(small) <= set(alt)  # the keys of a suit the recursion values, and more
    assert alt["alpha"] is None
    assert alt["interval"] is None
    assert alt["value"] == "19/2"
    assert alt["outcome"] == {"west_lead": 9, "east_lead": 10}
    assert undecided["value"] is None
    assert undecided["outcome"] == {"west_lead": 8, "east_lead": 8}
    text = run_process("analyze", UNDECIDED).stdout
    assert "past the exact recursion's reach (617,312 positions)" in text
    assert f"val     {BEYOND_REACH}: 7½ < val < 8½, val ≠ 8" in text


def test_refined_whist_takes_a_decided_value_and_says_why_not_otherwise() -> None:
    res = run_process("value", "--json", "--game", "refined-whist", alternating(18), UNDECIDED)
    assert res.returncode == 0, res.stderr
    alt, undecided = objects(res.stdout)
    assert alt["outcome"] == {"west_lead": "37/4", "east_lead": "39/4"}  # ρ′(9½)
    assert undecided["outcome"] is None
    assert "not refined-whist's" in undecided["no_outcome"]


def test_the_200_card_limit_gives_its_real_reason() -> None:
    """Review 28b, C7: a 201-card suit was refused "(the exact recursion goes a level deeper
    for every trick)" — but suits that long are answered by the theorems; the limit is the
    count of positions reached, made first. 200 cards a hand are answered."""
    r = run_process("value", alternating(201))
    assert r.returncode != 0
    assert "has a suit of 201 cards in a hand; 'whist value' takes at most 200" in r.stderr
    assert "answered by the theorems, but first the positions it reaches are counted" in r.stderr
    assert "level deeper" not in r.stderr
    ok = run_process("value", "--json", alternating(200))
    assert ok.returncode == 0, ok.stderr
    assert json.loads(ok.stdout)["value"] == "201/2"
