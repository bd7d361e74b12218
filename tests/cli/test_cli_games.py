"""`whist --game`, `whist games` and `whist quotient` as a user runs them."""

from __future__ import annotations

import dataclasses
import io
from fractions import Fraction

import pytest

from tests.cli.helpers import jsonl, run
from whistgui.cli import play as cli_play
from whistgui.cli import values as cli_values
from whistgui.cli.common import Command
from whistgui.engine import Deal, Player, Solver
from whistgui.engine.games import GAMES, find_game
from whistgui.engine.games.whist import WhistTheory


def _solve(deal: str, game: str) -> dict[str, object]:
    o = Solver().outcome(Deal.parse(deal), rules=find_game(game).rules)

    def conv(x: object) -> object:
        if isinstance(x, Player):
            return x.value
        return str(x) if isinstance(x, Fraction) and x.denominator != 1 else x

    return {"west_lead": conv(o.west_lead), "east_lead": conv(o.east_lead)}


def test_games_lists_every_registered_game(capsys):
    code, out, _ = run(capsys, "games", "--json")
    assert code == 0
    objs = [o for o in jsonl(out) if o["kind"] == "trick game"]
    assert [o["name"] for o in objs] == [g.name for g in GAMES]
    assert all(o["game"] == o["name"] for o in objs)
    five = objs[[g.name for g in GAMES].index("five-card")]
    assert five["greedy"] is True
    assert five["scoring"] == "last trick wins"
    assert "femkort" in five["aliases"]
    code, out, _ = run(capsys, "games")
    assert "misere-five-card" in out
    assert "values for symmetric deals, checked against search; others by search" in out


@pytest.mark.parametrize("game", [g.name for g in GAMES])
def test_value_json_names_the_game_and_agrees_with_search(capsys, game):
    deal = "KQ/AJ A/K T9/J8"
    code, out, err = run(capsys, "value", "--json", "--game", game, deal)
    assert code == 0, err
    (obj,) = jsonl(out)
    assert obj["game"] == game
    assert [s["name"] for s in obj["suits"]] == ["S", "H", "D"]
    assert all(isinstance(s["element"], str) for s in obj["suits"])
    assert obj["outcome"] == _solve(deal, game)
    assert isinstance(obj["element"], str)  # Greedy Whist's too: its values add
    assert "outcome_by" not in obj


def test_five_card_outcomes_are_winners(capsys):
    code, out, _ = run(capsys, "solve", "--json", "--game", "femkort", "KQ/AJ")
    assert code == 0
    (obj,) = jsonl(out)
    assert obj["game"] == "five-card"
    assert obj["outcome"] == {"west_lead": "W", "east_lead": "E"}  # R43 (1): the leader wins
    assert obj["best"]["east_lead"] == ["S:J"]
    code, out, _ = run(capsys, "solve", "--game", "five-card", "KQ/AJ")
    assert "the player on lead wins" in out


def test_five_card_value_of_a_balanced_deal(capsys):
    code, out, _ = run(capsys, "value", "--json", "--game", "five-card", "AQ2/K -/43")
    assert code == 0
    (obj,) = jsonl(out)
    assert obj["element"] == "+1"
    assert (
        obj["outcome"] == _solve("AQ2/K -/43", "five-card") == {"west_lead": "W", "east_lead": "W"}
    )


def test_misere_text_shows_exits_and_stoppers(capsys):
    code, out, _ = run(capsys, "value", "--game", "misere", "K2/AQ AJT/KQ2 AQ2/KJT")
    assert code == 0
    assert "exit for West, unprotected" in out
    assert "exit for East with 1 stopper" in out
    assert "exit for West with 2 stoppers" in out
    assert "outcome: West wins whoever leads" in out


def test_analyze_greedy_whist_shows_the_matrix_and_h(capsys):
    code, out, _ = run(capsys, "analyze", "--json", "--game", "greedy-whist", "KQT/AJ9")
    assert code == 0
    (obj,) = jsonl(out)
    assert obj["A"] == [[1, -1, -1], [1, 1, -1], [1, 1, -1]]  # R43 §3, deal (5)
    assert (obj["H"], obj["H̄"], obj["H_Greedy"]) == (0, 1, 1)
    assert obj["outcome"] == _solve("KQT/AJ9", "greedy-whist")


def test_analyze_whist_keeps_the_alpha_matrix(capsys):
    code, out, _ = run(capsys, "analyze", "--json", "--game", "refined-whist", "AQ/KJ")
    assert code == 0
    (obj,) = jsonl(out)
    assert obj["value"] == "3/2"
    assert obj["outcome"] == {"west_lead": "5/4", "east_lead": "7/4"}


def test_bad_game_and_impossible_requests(capsys):
    with pytest.raises(SystemExit) as info:
        run(capsys, "value", "--game", "bridge", "A/K")
    assert info.value.code == 2
    err = capsys.readouterr().err
    assert "unknown game 'bridge'; expected a trick game (whist, refined-whist" in err
    assert "or a game of heaps and piles (nim, misere-nim, moore-nim:K" in err
    code, out, err = run(capsys, "solve", "--refined", "--game", "five-card", "KQ/AJ")
    assert code == 2
    assert "five-card is not scored by tricks" in err
    code, out, err = run(capsys, "value", "--game", "misere", "AKQ/J J/AKQ")
    assert (code, out) == (2, "")
    assert "symmetric deals" in err
    assert "whist solve --game misere-five-card" in err


@pytest.mark.parametrize(("game", "classes"), [("misere-five-card", 8), ("five-card", 7)])
def test_quotient_small_bounds(capsys, game, classes):
    """Up to 3 cards a hand the theory's elements are exactly the classes: misère's E has
    0, 0W, 0E, 0WE and ±1, ±2 stoppers; five-card's traces run from −3 to +3."""
    code, out, err = run(capsys, "quotient", "--json", "--game", game, "--max-cards", "3")
    assert code == 0, err
    (obj,) = jsonl(out)
    assert obj["positions"] == 48
    assert obj["classes"] == classes
    assert obj["mismatches"] == []
    assert obj["refinement"] is True
    assert obj["homomorphism"] is True
    elements = [e for c in obj["class_list"] for e in c["elements"]]
    assert len(elements) == len(set(elements)) == classes
    code, out, _ = run(capsys, "quotient", "--game", game, "--max-cards", "2", "--tests", "3")
    assert "refinement: yes" in out
    assert "MISMATCH" not in out


def test_quotient_reports_a_wrong_theory_loudly(capsys, monkeypatch):
    from whistgui.engine.games.five_card import FiveCardTheory

    monkeypatch.setattr(FiveCardTheory, "element", lambda self, suit: 0)
    code, out, _ = run(capsys, "quotient", "--game", "five-card", "--max-cards", "2")
    assert code == 3
    assert "MISMATCHES" in out
    assert "refinement broken" in out


def test_quotient_bounds_are_checked(capsys):
    with pytest.raises(SystemExit) as info:
        run(capsys, "quotient", "--game", "whist", "--max-cards", "9")
    assert info.value.code == 2
    assert "--max-cards 9: expected 0 to 5" in capsys.readouterr().err


# ------------------------------------------------------------ theories' capabilities
class _DeclaresWhistValues:
    """Not a WhistTheory: a wrapper around one that declares its elements whist's values."""

    whist_values = True

    def __init__(self) -> None:
        self._inner = WhistTheory()

    def __getattr__(self, name: str) -> object:
        return getattr(self._inner, name)


class _WhistWithoutTheCapability(WhistTheory):
    """A WhistTheory that does not declare whist's values: the CLI must not assume them."""

    whist_values = False


def _command(theory: type) -> tuple[Command, io.StringIO]:
    game = dataclasses.replace(find_game("whist"), name="test-whist", theory=theory)
    out = io.StringIO()
    return Command(out, io.StringIO(), True, game), out


def test_every_theory_declares_whether_its_elements_are_whist_values():
    declared = {g.name: g.new_theory().whist_values for g in GAMES if g.theory is not None}
    assert declared == {
        "whist": True,
        "refined-whist": True,
        "reduced-whist": True,
        "greedy-whist": True,
        "five-card": False,
        "misere-five-card": False,
    }


@pytest.mark.parametrize(
    ("theory", "whist"), [(_DeclaresWhistValues, True), (_WhistWithoutTheCapability, False)]
)
def test_the_cli_asks_the_theory_s_capability_not_its_class(theory: type, whist: bool):
    cmd, out = _command(theory)
    cli_values.value(cmd, "AQ/KJ K/A")
    (obj,) = jsonl(out.getvalue())
    assert obj["element"] == "3/2+e0"
    assert ("value" in obj) is whist
    assert all(("value" in s) is whist for s in obj["suits"])

    cmd, out = _command(theory)
    cli_values.analyze(cmd, "AQ/KJ")
    (obj,) = jsonl(out.getvalue())
    assert ("alpha" in obj) is whist  # the α matrix: whist's values only
    assert obj["outcome"] == {"west_lead": 1, "east_lead": 2}  # ρ(1½)

    cmd, out = _command(theory)
    cmd.as_json = False
    cli_play.play(cmd, "AQ/KJ K/A", Player.WEST)
    text = out.getvalue()
    assert ("played by exact search" in text) is not whist
    assert ("West should take 2 (ρ for West on lead)" in text) is whist
