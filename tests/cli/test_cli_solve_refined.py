"""``whist solve --refined`` ranks the first cards by refined whist's scores (R44 §11: with the
lead in AQ/KJ the ace scores 1¼, the queen ¾, though whist counts one trick for either). Run
as processes."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest

from tests.cli.helpers import run_process
from whistgui.engine import Deal, Player, Position, Solver


def solve(*argv: str) -> dict:
    res = run_process("solve", "--json", *argv)
    assert res.returncode == 0, res.stderr
    (obj,) = [json.loads(line) for line in res.stdout.splitlines()]
    return obj


def test_aq_kj_the_ace_is_refined_whists_best_lead() -> None:
    plain = solve("AQ/KJ")
    assert plain["best"]["west_lead"] == ["S:A", "S:Q"]  # whist: one trick either way
    assert "ranked" not in plain
    refined = solve("--refined", "AQ/KJ")
    assert refined["best"]["west_lead"] == ["S:A"]
    assert refined["ranked"]["west_lead"] == [
        {"card": "S:A", "score": "5/4"},
        {"card": "S:Q", "score": "3/4"},
    ]
    text = run_process("solve", "--refined", "AQ/KJ").stdout.splitlines()
    assert "  best leads for West (refined): S:A" in text
    assert "  first cards by refined score, West on lead: S:A 5/4, S:Q 3/4" in text


@pytest.mark.parametrize("deal", ["KJ/AQ A/K K/A", "AQ/KJ K/A", "AKT/QJ9 K/A"])
def test_each_first_card_scores_what_refined_search_gives_after_it(deal: str) -> None:
    """The ranking is by each card's refined score, best for the player on lead first, and
    the best score is the refined outcome."""
    obj = solve("--refined", deal)
    d = Deal.parse(deal)
    solver = Solver()
    for key, leader in (("west_lead", Player.WEST), ("east_lead", Player.EAST)):
        ranked = obj["ranked"][key]
        scores = [Fraction(c["score"]) for c in ranked]
        assert scores == sorted(scores, reverse=leader is Player.WEST)
        assert scores[0] == Fraction(obj["refined"][key])
        pos = Position.start(d, leader)
        assert {c["card"] for c in ranked} == {d.card_name(c) for c in pos.legal_cards()}
        for c in ranked:
            after = pos.play(d.card_from_text(c["card"]))
            assert Fraction(c["score"]) == solver.result(after, refined=True), c
        assert obj["best"][key] == [c["card"] for c in ranked if Fraction(c["score"]) == scores[0]]
