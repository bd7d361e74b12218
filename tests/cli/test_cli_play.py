"""`whist play`: the optimal line of a deal with reasons, marks, labels and running value."""

from __future__ import annotations

import io
import subprocess

import pytest

from tests.cli.helpers import jsonl, run
from tests.cli.test_output_contract import PROCESS_TIMEOUT, whist_command
from whistgui.cli import main
from whistgui.engine import Deal, Player, Position, Solver
from whistgui.engine.games import find_game

DEAL_15 = "KJ/AQ A/K K/A"
DEAL_26 = "AKQ8/JT97 AQ87/KJT9 AJT7/KQ98 KQ9/AJT"


def test_play_json_deal_15(capsys):
    code, out, err = run(capsys, "play", "--json", DEAL_15)
    assert (code, err) == (0, "")
    objs = jsonl(out)
    cards, final = objs[:-1], objs[-1]
    assert len(cards) == 2 * 4
    first = cards[0]
    assert {"trick", "player", "card", "reason", "marks", "labels", "value"} <= set(first)
    assert (first["trick"], first["player"], first["card"]) == (1, "W", "H:A")
    assert first["marks"] == {"S:K": 1, "S:J": 1, "H:A": 2, "D:K": 1}
    assert "eliminates East's exit before a throw-in" in first["reason"]
    assert first["value"] == "3/2+-e0"
    assert first["labels"][1] == {
        "suit": "H",
        "cards": "A/K",
        "value": "1-e0",
        "kind": "exit",
        "exit_for": "E",
        "stoppers": 0,
        "label": "exit for East, unprotected",
    }
    assert [c["trick"] for c in cards] == [1, 1, 2, 2, 3, 3, 4, 4]
    assert [c["player"] for c in cards[:4]] == ["W", "E", "W", "E"]
    assert cards[2]["card"] == "D:K"
    assert "throw-in" in cards[2]["reason"]
    assert final == {
        "game": "whist",
        "outcome": 2,
        "predicted": 2,
        "deal": DEAL_15,
        "lead": "W",
        "value": "3/2+-e0",
        "confirmed": True,
    }


def test_play_json_marks_match_the_solver(capsys):
    code, out, _ = run(capsys, "play", "--json", "--lead", "E", "KJ/AQ AJ/KQ A/K")
    assert code == 0
    objs = jsonl(out)
    deal = Deal.parse("KJ/AQ AJ/KQ A/K")
    position = Position.start(deal, Player.EAST)
    solver = Solver()
    for obj in objs[:-1]:
        searched = {deal.card_name(c): r for c, r in solver.card_results(position).items()}
        assert obj["marks"] == searched
        position = position.play(deal.card_from_text(obj["card"]))
    assert objs[0]["player"] == "E"
    assert "attacks West's exit" in objs[0]["reason"]
    assert "wins to keep a stopper" in objs[1]["reason"]
    assert objs[-1]["outcome"] == 3
    assert objs[-1]["lead"] == "E"


def test_play_text_deal_26(capsys):
    code, out, err = run(capsys, "play", DEAL_26)
    assert (code, err) == (0, "")
    lines = out.splitlines()
    assert lines[0] == f"{DEAL_26} — West on lead"
    assert "value 8½ + ε₂: West should take 9" in lines[1]
    assert "  H 2 + ε₂: exit for West with 2 stoppers" in lines
    assert "Trick 1" in lines
    exit_line = next(ln for ln in lines if ln.startswith("  W H:8"))
    assert "exits in a suit with positive infinitesimal part, putting East on lead" in exit_line
    assert any("marks:" in ln and "H:8 9*" in ln and "S:A 8" in ln for ln in lines)
    assert "  label: H 2 + ε₂: exit for West with 2 stoppers → 2: number" in lines
    assert any("East wins; West has 0, value 8½, West ends with 9" in ln for ln in lines)
    assert lines[-1].startswith("Outcome: West takes 9 (predicted 9; marks from values only")


def test_play_reads_stdin_and_reports_bad_lines(capsys):
    stdin = f"{DEAL_15}\n# comment\nAQ/K\nAX/KQ\nKJ/AQ\n"
    code, out, err = run(capsys, "play", "--json", "--lead", "E", "-", stdin=stdin)
    assert code == 2
    finals = [o for o in jsonl(out) if "outcome" in o]
    assert [(f["deal"], f["outcome"], f["lead"]) for f in finals] == [
        (DEAL_15, 1, "E"),
        ("KJ/AQ", 1, "E"),
    ]
    errors = err.splitlines()
    assert len(errors) == 2
    assert all(e.startswith("whist: error:") for e in errors)
    assert "not symmetric" in errors[0]
    assert "unknown rank 'X'" in errors[1]
    assert "Traceback" not in err


@pytest.mark.parametrize(
    ("argv", "needle"),
    [
        (["play", "AQ/K K/AJ"], "not symmetric"),
        (["play", "  "], "whist: error:"),
    ],
)
def test_play_bad_deals_one_line_status_2(capsys, argv, needle):
    code, out, err = run(capsys, *argv)
    assert code == 2
    assert out == ""
    assert len(err.splitlines()) == 1
    assert needle in err


def test_play_bad_lead_is_an_argument_error(capsys):
    with pytest.raises(SystemExit) as info:
        main(["play", "--lead", "X", DEAL_15], stdin=io.StringIO(""))
    assert info.value.code == 2
    _, err = capsys.readouterr()
    assert len(err.splitlines()) == 1


def test_play_confirms_by_search_up_to_8_cards(capsys, monkeypatch):
    """A disagreement between the values and the search is loud: exit status 3."""

    def lie(self, position, *, refined=False):
        return {c: 99 for c in position.legal_cards()}

    monkeypatch.setattr(Solver, "card_results", lie)
    code, out, err = run(capsys, "play", DEAL_15)
    assert code == 3
    assert "internal error" in err
    assert "disagree with exact search" in err
    # a big deal is not searched, so it still plays
    code, out, err = run(capsys, "play", "--json", DEAL_26)
    assert code == 0
    assert jsonl(out)[-1]["confirmed"] is False


# ----------------------------------------------------------------------------- other games
def _result_json(r):
    return r.value if isinstance(r, Player) else r


@pytest.mark.parametrize(
    ("game", "text", "lead"),
    [
        ("five-card", "KQT/AJ9", "W"),
        ("five-card", "KQ/AJ A/K T98/765", "E"),
        ("five-card", "AQ2/K J/KQ3", "W"),  # balanced, not symmetric: Theorem 7.1
        ("greedy-whist", "KQT8/AJ97", "E"),
        ("greedy-whist", DEAL_15, "W"),
        ("misere-five-card", "KQT8/AJ97 A/K", "W"),
    ],
)
def test_play_other_games_json_by_search(capsys, game, text, lead):
    code, out, err = run(capsys, "play", "--json", "--game", game, "--lead", lead, text)
    assert (code, err) == (0, "")
    objs = jsonl(out)
    cards, final = objs[:-1], objs[-1]
    deal = Deal.parse(text)
    rules = find_game(game).rules
    leader = Player.parse(lead)
    solver = Solver()
    assert all(o["game"] == game for o in objs)
    assert len(cards) == 2 * deal.size
    position = Position.start(deal, leader, rules)
    for obj in cards:
        best = {deal.card_name(c) for c in solver.best_cards(position)}
        assert obj["card"] in best
        assert set(obj["best"]) == best
        assert obj["marks"] == {
            deal.card_name(c): _result_json(r) for c, r in solver.card_results(position).items()
        }
        assert obj["predicted"] == final["outcome"]
        position = position.play(deal.card_from_text(obj["card"]))
    assert position.is_over
    expected = solver.outcome(deal, rules=rules)[0 if leader is Player.WEST else 1]
    assert final["outcome"] == final["predicted"] == _result_json(expected)
    assert (final["deal"], final["lead"], final["confirmed"]) == (str(deal), lead, True)


def test_play_five_card_text(capsys):
    code, out, err = run(capsys, "play", "--game", "five-card", "KQT/AJ9")
    assert (code, err) == (0, "")
    lines = out.splitlines()
    assert lines[0] == "KQT/AJ9 — West on lead (five-card, played by exact search)"
    assert "  value +1: trace +1: West wins whoever leads" in lines
    assert "  West should win (exact search, West on lead)" in lines
    assert "  W S:K   the normal strategy (R43 §4)" in lines
    assert "          marks: S:K W*  S:Q W*  S:T E" in lines  # the ten loses the game
    assert lines[-1] == "Outcome: West wins (predicted W; every card optimal by exact search)"
    assert Solver().outcome(Deal.parse("KQT/AJ9"), rules=find_game("five-card").rules)[0] is (
        Player.WEST
    )


def test_play_greedy_whist_text(capsys):
    deal = Deal.parse("KQT8/AJ97")
    code, out, err = run(capsys, "play", "--game", "greedy", "--lead", "E", str(deal))
    assert (code, err) == (0, "")
    lines = out.splitlines()
    assert lines[0] == "KQT8/AJ97 — East on lead (greedy-whist, played by its values)"
    assert lines[1] == "  value 2½: West should take 3 (ρ for East on lead)"
    plays = [ln for ln in lines if ln.startswith(("  W ", "  E "))]
    assert len(plays) == 8
    assert "Trick 4" in lines
    tricks = Solver().outcome(deal, rules=find_game("greedy-whist").rules).east_lead
    assert lines[-1] == (
        f"Outcome: West takes {tricks} (predicted {tricks}; every mark confirmed by exact search)"
    )
    assert "  S 2½: number; the outcome depends on the lead" in lines  # the suit's value


def test_play_by_search_refuses_big_deals(capsys):
    big = "AKQJ/T987 AKQJ/T987 AKQJ/T987 AK/QJ"  # 14 cards a hand
    code, out, err = run(capsys, "play", "--game", "five-card", big)
    assert (code, out) == (2, "")
    assert len(err.splitlines()) == 1
    assert "14 cards a hand; play by exact search takes at most 13" in err


# ----------------------------------------------------------------------------- every card's reason
def _whist(*argv: str) -> subprocess.CompletedProcess[str]:
    """``whist play argv…`` as a user runs it: the installed command, in a process of its own."""
    return subprocess.run(
        [*whist_command(), "play", *argv],
        capture_output=True,
        text=True,
        timeout=PROCESS_TIMEOUT,
        check=False,
    )


DEAL_27 = "KQT98/AJ765 AK9/QJT AJ9753/KQT864 KQT86/AJ975"
#: Deal (27) played as the line plays it up to trick 8, then West's ♦A (issue 25's mistake).
BEFORE_8 = "S:K S:A H:Q H:K S:Q S:5 S:T S:J H:J H:A S:9 S:6 S:8 S:7"


def test_play_text_gives_every_legal_card_its_reason_and_a_mistake_its_cost() -> None:
    done = _whist(DEAL_15, "--cards", "D:K")
    assert (done.returncode, done.stderr) == (0, "")
    lines = done.stdout.splitlines()
    i = next(k for k, ln in enumerate(lines) if ln.startswith("  W D:K"))
    assert (
        "not best: West ends with 1 instead of 2 (1 trick lost) — leading the ♦K uses up"
        in (lines[i])
    )
    assert lines[i + 1].startswith("          marks: S:K 1  S:J 1  H:A 2*  D:K 1")
    others = {ln.split()[0]: ln for ln in lines[i + 2 : i + 5]}
    assert set(others) == {"S:K", "S:J", "H:A"}  # every other legal card, before it is played
    assert "weakens spades (½ → ε₀)" in others["S:K"]
    assert "H:A   2*  eliminates East's exit before a throw-in" in others["H:A"]
    assert lines[i + 5] == (
        "          now: After East's best reply, the ♦A: value 1½ − ε₀ with East on lead — West "
        "should end with 1."
    )
    assert lines[-1] == (
        "Outcome: West takes 1 (predicted 2; West's ♦K gave away 1 trick; every mark confirmed "
        "by exact search)"
    )


def test_play_json_the_mistake_of_deal_27_states_the_value_now() -> None:
    """Issue 25: after West's ♦A at trick 8 the value is the one after it (with East's best
    reply) and predicts what West then ends with; the ♦A says what it cost and why."""
    done = _whist("--json", DEAL_27, "--cards", f"{BEFORE_8} D:A")
    assert (done.returncode, done.stderr) == (0, "")
    objs = jsonl(done.stdout)
    cards, final = objs[:-1], objs[-1]
    ace = cards[14]
    assert (ace["trick"], ace["player"], ace["card"], ace["cost"]) == (8, "W", "D:A", 1)
    # the keys of before, and the new ones after them
    assert list(ace)[:11] == [
        "game",
        "trick",
        "player",
        "card",
        "reason",
        "marks",
        "best",
        "labels",
        "value",
        "predicted",
        "west_tricks",
    ]
    assert ace["value"] == "21/2+e0"  # the running value: at the start of the trick, as before
    assert ace["standing"] == {"value": "10+e0", "lead": "W", "predicted": 10, "reply": "D:4"}
    assert ace["reason"].startswith(
        "not best: West ends with 10 instead of 11 (1 trick lost) — leading the ♦A weakens "
        "diamonds (3 → 2½): 10 + ε₀ with West on lead after East's best reply, the ♦4"
    )
    reasons = ace["reasons"]
    assert list(reasons) == list(ace["marks"])  # every legal card, in the marks' order
    for name, r in reasons.items():
        assert r["mark"] == ace["marks"][name]
        assert r["cost"] == 11 - ace["marks"][name]
        assert r["reason"].startswith("not best") == (r["cost"] > 0)
    assert reasons["H:9"]["reason"].startswith("exits in a suit with positive infinitesimal part")
    assert all(c["cost"] == 0 for c in cards[:14] + cards[15:])  # the line's own cards
    assert (final["outcome"], final["predicted"]) == (10, 11)


def test_play_json_every_cost_is_the_solvers_difference() -> None:
    text = "KJ/AQ AJ/KQ A/K"
    done = _whist("--json", "--lead", "E", text, "--cards", "S:A S:J")
    assert done.returncode == 0
    deal = Deal.parse(text)
    position = Position.start(deal, Player.EAST)
    solver = Solver()
    for obj in jsonl(done.stdout)[:-1]:
        searched = solver.card_results(position)
        best = (max if position.to_move is Player.WEST else min)(searched.values())
        for c, result in searched.items():
            r = obj["reasons"][deal.card_name(c)]
            cost = best - result if position.to_move is Player.WEST else result - best
            assert (r["mark"], r["cost"]) == (result, cost)
        position = position.play(deal.card_from_text(obj["card"]))


@pytest.mark.parametrize(
    ("cards", "needle"),
    [
        ("X:Z", "--cards, card 1 'X:Z': unknown suit 'X'"),
        ("H:A S:Q", "S:Q does not follow suit to H:A; expected one of H:K"),
        ("S:A", "S:A is East's card but West is to play"),
        ("S:K S:A S:J S:Q H:A H:K H:A", "gives 7 cards, but 'KJ/AQ A/K' has only 6"),
    ],
)
def test_play_bad_cards_are_refused(cards: str, needle: str) -> None:
    done = _whist("KJ/AQ A/K", "--cards", cards)
    assert done.returncode == 2
    assert done.stdout == ""
    assert len(done.stderr.splitlines()) == 1
    assert needle in done.stderr


def test_play_by_search_says_why_a_card_is_not_best() -> None:
    """In a game played by search a card that is not best says where it leaves play, against
    the best card: in Five-card, West's ♠T lets East's ♠J take the trick and lead from 0 (the
    player on lead wins), where the ♠K and East's ♠A leave +2 (West wins) with East on lead."""
    done = _whist("--json", "--game", "five-card", "KQT/AJ9", "--cards", "S:T")
    assert (done.returncode, done.stderr) == (0, "")
    first = jsonl(done.stdout)[0]
    assert (first["card"], first["cost"]) == ("S:T", 1)
    assert (
        first["reasons"]["S:T"]["reason"]
        == first["reason"]
        == (
            "not best: East wins instead of West — leading the ♠T leaves East on lead with 0 after "
            "East's best reply, the ♠J, against East on lead with +2 after the ♠K and the ♠A"
        )
    )
    assert first["reasons"]["S:K"] == {
        "card": "S:K",
        "mark": "W",
        "cost": 0,
        "reason": "the normal strategy (R43 §4)",
    }
    assert first["standing"]["lead"] == "E"


# ----------------------------------------------------------------------------- refined whist
@pytest.mark.parametrize("game", ["refined-whist", "whist"])
@pytest.mark.parametrize("text", ["AQ/KJ K/A", "KJ/AQ A/K K/A", "AJ9/KQT A/K K/A"])
def test_play_predicts_what_the_analysis_predicts(game: str, text: str) -> None:
    """The line's prediction is the analysis' (ρ′ in refined whist, ρ in whist), both leads."""
    import json
    from fractions import Fraction

    from whistgui.app.analysis import analyse
    from whistgui.app.document import Document
    from whistgui.engine import Evaluator
    from whistgui.engine.trick.rules import result_text

    doc = Document.from_deal(Deal.parse(text), game=game)
    predicted = analyse(doc, Evaluator(), Solver()).predicted
    assert predicted is not None
    for lead, want in (("W", predicted.west_lead), ("E", predicted.east_lead)):
        done = _whist("--game", game, "--lead", lead, text)
        assert (done.returncode, done.stderr) == (0, "")
        head = done.stdout.splitlines()[1]
        rho = "ρ′" if game == "refined-whist" else "ρ"
        verb = "score" if game == "refined-whist" else "take"
        who = "West" if lead == "W" else "East"
        assert head.endswith(f"West should {verb} {result_text(want)} ({rho} for {who} on lead)")
        final = json.loads(
            _whist("--json", "--game", game, "--lead", lead, text).stdout.splitlines()[-1]
        )
        assert Fraction(final["predicted"]) == want == Fraction(final["outcome"])


def test_play_of_an_empty_deal_says_there_is_nothing_to_play() -> None:
    done = _whist("-/-")
    assert (done.returncode, done.stderr) == (0, "")
    assert done.stdout.strip() == "-/- — Nothing to play: no cards are dealt."
