"""Reduced whist (the last trick does not count) through the installed ``whist`` command, run as
a process: listed by ``whist games``, solved by ``whist solve``, valued by ``whist value`` and
``whist analyze`` with whist's values and the reduced rounding, played by ``whist play`` — each
printing what the command prints for whist, with the game named."""

from __future__ import annotations

import json
import math
import subprocess
from fractions import Fraction

import pytest

from tests.cli.test_output_contract import PROCESS_TIMEOUT, whist_command
from whistgui.engine import Deal, Evaluator, Solver
from whistgui.engine.games.reduced_whist import REDUCED_WHIST_RULES, rho_reduced
from whistgui.engine.trick.rules import REFINED_WHIST_RULES

#: Deals whose reduced outcomes differ from whist's: AQ/KJ (the paper's §11 example; whist
#: (1, 2)), an integer value (the lead decides), exits, and a sum of four suits.
DEALS = ("AQ/KJ", "AK/QJ", "AQ2/KJ3", "A2/K3", "AQ/KJ K/A", "KJ/AQ AJ/KQ A/K T9/J8")


def whist(*argv: str) -> subprocess.CompletedProcess[str]:
    res = subprocess.run(
        [*whist_command(), *argv],
        capture_output=True,
        text=True,
        timeout=PROCESS_TIMEOUT,
        check=False,
    )
    return res


def objects(res: subprocess.CompletedProcess[str]) -> list[dict[str, object]]:
    assert res.returncode == 0, res.stderr
    assert res.stderr == ""
    return [json.loads(line) for line in res.stdout.splitlines()]


def searched(deal: str) -> dict[str, int]:
    o = Solver().outcome(Deal.parse(deal), rules=REDUCED_WHIST_RULES)
    return {"west_lead": o.west_lead, "east_lead": o.east_lead}


def test_games_lists_it_with_its_rules_and_theory() -> None:
    objs = objects(whist("games", "--json"))
    (reduced,) = [o for o in objs if o["name"] == "reduced-whist"]
    assert reduced["aliases"] == ["reduced"]
    assert reduced["scoring"] == "reduced"
    assert reduced["greedy"] is False
    assert reduced["rules"].endswith("reduced (the last trick does not count)")
    assert "⌊ρ′⌋" in reduced["theory"]
    text = whist("games").stdout
    assert "reduced-whist  —  Whist without the last trick" in text


def test_solve_prints_the_searched_outcome_as_for_whist() -> None:
    res = objects(whist("solve", "--json", "--game", "reduced-whist", *DEALS))
    plain = objects(whist("solve", "--json", *DEALS))
    assert [o["deal"] for o in res] == [str(Deal.parse(d)) for d in DEALS]
    for obj, whist_obj, deal in zip(res, plain, DEALS, strict=True):
        assert obj.keys() == whist_obj.keys()  # {"game", "deal", "outcome", "best"}
        assert obj["game"] == "reduced-whist"
        assert obj["outcome"] == searched(deal)
        # Theorem 11.4's proof: k tricks of reduced whist ⇔ k + ¼ in refined whist
        refined = Solver().outcome(Deal.parse(deal), rules=REFINED_WHIST_RULES)
        assert list(obj["outcome"].values()) == [math.floor(r) for r in refined]
    # the paper's example: with A Q against K J, West leads the ace (whist: A or Q)
    assert res[0]["best"]["west_lead"] == ["S:A"]
    assert res[0]["outcome"] != plain[0]["outcome"]
    text = whist("solve", "--game", "reduced", "AQ/KJ").stdout.splitlines()
    assert text[:2] == [
        "AQ/KJ   (reduced-whist)",
        "  outcome: West takes 1 trick with West on lead and 1 with East on lead",
    ]


def test_value_gives_whist_s_values_and_the_reduced_outcome() -> None:
    res = objects(whist("value", "--json", "--game", "reduced-whist", *DEALS))
    plain = objects(whist("value", "--json", *DEALS))
    ev = Evaluator()
    for obj, whist_obj, deal in zip(res, plain, DEALS, strict=True):
        assert obj.keys() == whist_obj.keys()  # value and element, each suit's too
        assert obj["game"] == "reduced-whist"
        assert obj["value"] == obj["element"] == whist_obj["value"]
        assert obj["value"] == ev.value(Deal.parse(deal)).ascii()
        assert [s["value"] for s in obj["suits"]] == [s["value"] for s in whist_obj["suits"]]
        assert obj["outcome"] == searched(deal)
        assert obj["outcome"] == dict(
            zip(("west_lead", "east_lead"), rho_reduced(ev.value(Deal.parse(deal))), strict=True)
        )
    lines = whist("value", "--game", "reduced-whist", "AK/QJ").stdout.splitlines()
    assert lines[0] == "AK/QJ   (reduced-whist)"
    assert lines[-1] == "  outcome: West takes 1 trick with West on lead and 1 with East on lead"


def test_an_integer_value_lets_the_lead_decide() -> None:
    """AQ2/KJ3 has value 2 (a number, Theorem 11.10: AQ/KJ has 1½): West on lead takes 1 of
    the first two tricks, East on lead 2 — where whist's outcome, (2, 2), does not depend on
    the lead."""
    (obj,) = objects(whist("value", "--json", "--game", "reduced-whist", "AQ2/KJ3"))
    assert obj["value"] == "2"
    assert obj["outcome"] == {"west_lead": 1, "east_lead": 2} == searched("AQ2/KJ3")
    (whist_obj,) = objects(whist("value", "--json", "AQ2/KJ3"))
    assert whist_obj["outcome"] == {"west_lead": 2, "east_lead": 2}
    text = whist("value", "--game", "reduced-whist", "AQ2/KJ3").stdout
    assert "2  number; the outcome depends on the lead" in text


def test_analyze_shows_the_alpha_matrix_and_the_reduced_outcome() -> None:
    (obj,) = objects(whist("analyze", "--json", "--game", "reduced-whist", "AQ/KJ"))
    (whist_obj,) = objects(whist("analyze", "--json", "AQ/KJ"))
    assert obj.keys() == whist_obj.keys()
    assert obj["alpha"] == whist_obj["alpha"]
    assert obj["value"] == "3/2"
    assert obj["outcome"] == {"west_lead": 1, "east_lead": 1} == searched("AQ/KJ")


@pytest.mark.parametrize("lead", ["W", "E"])
def test_play_is_by_search_and_ends_as_predicted(lead: str) -> None:
    deal = "KJ/AQ AJ/KQ A/K"
    records = objects(whist("play", "--json", "--game", "reduced-whist", "--lead", lead, deal))
    final = records[-1]
    assert all(r["game"] == "reduced-whist" for r in records)
    key = "west_lead" if lead == "W" else "east_lead"
    assert final["outcome"] == final["predicted"] == searched(deal)[key]
    assert final["value"] == Evaluator().value(Deal.parse(deal)).ascii()
    assert {r["reason"] for r in records[:-1]} <= {"optimal by exact search"}
    text = whist("play", "--game", "reduced-whist", "--lead", lead, deal).stdout
    assert "(reduced-whist, played by exact search)" in text.splitlines()[0]


def test_the_refined_outcome_beside_it() -> None:
    """``--refined``: refined whist's outcome, of which the reduced outcome is the floor."""
    (obj,) = objects(whist("solve", "--json", "--refined", "--game", "reduced", "AQ/KJ"))
    refined = {k: Fraction(v) for k, v in obj["refined"].items()}
    assert refined == {"west_lead": Fraction(5, 4), "east_lead": Fraction(7, 4)}
    assert obj["outcome"] == {k: math.floor(v) for k, v in refined.items()}


def test_analyze_heading_names_the_game_as_greedy_does() -> None:
    """Review 28b, K5: 'whist analyze --game reduced-whist' printed no "(reduced-whist)" tag in
    its heading, while greedy-whist did; whist's own is untagged."""
    for game in ("reduced-whist", "greedy-whist"):
        r = whist("analyze", "--game", game, "AQ/KJ")
        assert r.returncode == 0, r.stderr
        assert r.stdout.splitlines()[0].endswith(f"   ({game})")
    plain = whist("analyze", "AQ/KJ").stdout.splitlines()[0]
    assert not plain.endswith(")")
