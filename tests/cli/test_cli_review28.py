"""Issue 28's review, the command line's details: ``whist play --from``'s refusal names the
line (its JSON ``input`` is the line, not the deal), a card played twice is "already played",
an empty ``--from`` is no line (play from the start, as the app's empty From field asks
nothing); ``whist compare`` refuses ``-/-`` as it refuses ``''`` (it printed "[, ]"). Run as
processes."""

from __future__ import annotations

import json

from tests.cli.helpers import run_process

DEAL_24 = "AJ9/KQT A/K K/A"


def test_a_bad_from_line_is_the_error_objects_input() -> None:
    r = run_process("play", "--json", "--from", "E:SZ", DEAL_24)
    assert r.returncode == 2
    (obj,) = [json.loads(line) for line in r.stdout.splitlines()]
    assert obj["input"] == "E:SZ"
    assert obj["error"].startswith("--from: card 1 'E:SZ': unknown rank 'Z'")
    assert r.stderr.startswith("whist: error: --from: card 1 'E:SZ'")


def test_a_card_played_twice_is_already_played() -> None:
    r = run_process("play", "--from", "E:SK W:SA W:SA", DEAL_24)
    assert r.returncode == 2
    assert "card 3 'W:SA': S:A was already played, as card 2" in r.stderr
    assert "not in either hand" not in r.stderr


def test_an_empty_from_plays_from_the_start() -> None:
    plain = run_process("play", "--json", DEAL_24)
    for empty in ("", "  "):
        r = run_process("play", "--json", "--from", empty, DEAL_24)
        assert r.returncode == 0, r.stderr
        assert r.stderr == ""
        assert r.stdout == plain.stdout


def test_a_deal_without_cards_is_refused_as_the_empty_deal_is() -> None:
    for empty, said in (("-/-", "'-/-' has no cards"), ("", "'' is an empty deal")):
        r = run_process("compare", "--", empty, "K/A")
        assert r.returncode == 2
        assert said in r.stderr
        assert r.stdout == ""
        assert "[, ]" not in r.stderr
