"""Issue 28's review: refined whist (R44 §11) scores the last trick ¾ to its winner and ¼ to
the loser — tricks −¼ for taking the last trick and +¼ for not taking it. ``whist games`` and
the README said only "+¼ for not taking the last trick", which A/K's ¾ (one trick, the last)
contradicts; the words now say both halves, and this reads them beside the scores ``whist
solve --refined`` computes. Run as processes."""

from __future__ import annotations

import json
import re
from fractions import Fraction
from pathlib import Path

from tests.cli.helpers import run_process

README = Path(__file__).resolve().parents[2] / "README.md"


def _refined(deal: str) -> tuple[int, Fraction]:
    res = run_process("solve", "--refined", "--json", deal)
    assert res.returncode == 0, res.stderr
    obj = json.loads(res.stdout)
    return obj["outcome"]["west_lead"], Fraction(obj["refined"]["west_lead"])


def test_the_scores_are_tricks_less_a_quarter_for_the_last_trick_plus_one_without() -> None:
    # A/K: West takes the one trick, the last: 1 − ¼; K/A: none, not the last: 0 + ¼
    assert _refined("A/K") == (1, Fraction(3, 4))
    assert _refined("K/A") == (0, Fraction(1, 4))


def test_whist_games_says_both_quarters() -> None:
    res = run_process("games", "--json")
    assert res.returncode == 0, res.stderr
    (game,) = [g for g in map(json.loads, res.stdout.splitlines()) if g["name"] == "refined-whist"]
    for text in (game["title"], game["rules"]):
        assert "−¼ for taking the last trick" in text
        assert "+¼ for not taking it" in text


def test_the_readme_says_both_quarters() -> None:
    text = README.read_text(encoding="utf-8")
    (row,) = [line for line in text.splitlines() if line.startswith("| `refined-whist` |")]
    assert "−¼ for taking the last trick" in row
    assert "+¼ for not" in row
    assert not re.search(r"tricks \+ ¼ for not taking the last trick", text)
