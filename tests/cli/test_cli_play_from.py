"""``whist play --from LINE``: play starts from a line written seat by seat (``E:SK W:S9``), as
the papers' deals (23)–(25) begin "East leads ♠K"; a bad line is refused in one line quoting
the bad card and saying what was expected. Run as processes."""

from __future__ import annotations

import json

import pytest

from tests.cli.helpers import run_process

DEAL_23 = "S:AJ9/KQT"
DEAL_24 = "S:AJ9/KQT H:A/K D:K/A"


def records(out: str) -> list[dict]:
    return [json.loads(line) for line in out.splitlines()]


def test_deal_24_from_east_leading_the_spade_king() -> None:
    """R44 §15: after East's ♠K West does better to take the ace (3 tricks), not to duck."""
    res = run_process("play", "--json", DEAL_24, "--from", "E:SK")
    assert res.returncode == 0, res.stderr
    *cards, last = records(res.stdout)
    assert (cards[0]["player"], cards[0]["card"]) == ("E", "S:K")
    assert (cards[1]["player"], cards[1]["card"]) == ("W", "S:A")
    assert last["lead"] == "E"
    assert last["outcome"] == 3
    assert len(cards) == 10  # every card of the 5 tricks


def test_deal_23_west_ducks_and_a_longer_line_is_kept() -> None:
    res = run_process("play", "--json", DEAL_23, "--from", "E:SK")
    cards = records(res.stdout)[:-1]
    assert [c["card"] for c in cards[:2]] == ["S:K", "S:9"]  # West plays low
    res = run_process("play", "--json", DEAL_23, "--from", "E:SK, W:SA W:SJ", "--lead", "E")
    assert res.returncode == 0, res.stderr
    cards = records(res.stdout)[:-1]
    assert [(c["player"], c["card"]) for c in cards[:3]] == [
        ("E", "S:K"),
        ("W", "S:A"),
        ("W", "S:J"),
    ]
    # West won the ace's trick: the next card is West's to lead
    res = run_process("play", DEAL_23, "--from", "E:SK W:SA E:SQ")
    assert res.returncode == 2
    assert "card 3 'E:SQ': West is to play, not East" in res.stderr


@pytest.mark.parametrize(
    ("line", "needles"),
    [
        ("E:SK W:HA", ["card 2 'W:HA'", "does not follow suit to S:K", "expected one of S:A"]),
        ("W:SK", ["card 1 'W:SK'", "S:K is East's card, not West's"]),
        ("E:SK W:S9 W:SA", ["card 3 'W:SA'", "East is to play, not West", "expected one of"]),
        ("E:S2", ["card 1 'E:S2'", "S:2 is not in either hand", "expected one of"]),
        ("X:SK", ["card 1 'X:SK'", "expected W (West) or E (East)"]),
        ("E SK", ["card 1 'E'", "expected a seat, a colon and a card, like 'E:SK'"]),
    ],
)
def test_a_bad_line_is_refused_in_one_line_quoting_the_card(line: str, needles: list[str]) -> None:
    res = run_process("play", DEAL_24, "--from", line)
    assert res.returncode == 2
    assert res.stdout == ""
    assert len(res.stderr.splitlines()) == 1
    for needle in needles:
        assert needle in res.stderr


def test_from_and_lead_must_agree_and_cards_is_another_way() -> None:
    res = run_process("play", DEAL_24, "--from", "E:SK", "--lead", "W")
    assert res.returncode == 2
    assert "starts with East's card, but --lead is W" in res.stderr
    res = run_process("play", DEAL_24, "--from", "E:SK", "--cards", "S:K")
    assert res.returncode == 2
    assert "not allowed with" in res.stderr


def test_the_other_games_take_the_line_by_their_rules() -> None:
    res = run_process("play", "--game", "greedy-whist", DEAL_23, "--from", "E:SK W:S9")
    assert res.returncode == 2
    assert "card 2 'W:S9': S:9 must win the trick to S:K; expected one of S:A" in res.stderr
    res = run_process("play", "--json", "--game", "greedy-whist", DEAL_23, "--from", "E:SK W:SA")
    assert res.returncode == 0, res.stderr
    assert [c["card"] for c in records(res.stdout)[:2]] == ["S:K", "S:A"]
