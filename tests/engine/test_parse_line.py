"""A line of play written seat by seat (engine/trick/play.py ``parse_line``): what ``whist play
--from`` and the play panel read. Every legal line written back reads as itself; each kind of
bad card is refused quoting it."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from whistgui.engine import Deal, NotationError, Player, Position
from whistgui.engine.games import find_game
from whistgui.engine.trick.play import MAX_LINE_TEXT, parse_line

from .strategies import symmetric_deals


@given(symmetric_deals(max_cards=6), st.sampled_from(list(Player)), st.data())
def test_a_legal_line_written_seat_by_seat_reads_as_itself(deal, leader, data) -> None:
    pos = Position.start(deal, leader)
    cards, seats = [], []
    for _ in range(data.draw(st.integers(1, 2 * deal.size))):
        card = data.draw(st.sampled_from(pos.legal_cards()))
        seats.append(pos.to_move)
        cards.append(card)
        pos = pos.play(card)
    compact = data.draw(st.booleans())  # SK or S:K
    text = " ".join(
        f"{seat.value}:{deal.card_name(c).replace(':', '') if compact else deal.card_name(c)}"
        for seat, c in zip(seats, cards, strict=True)
    )
    assert parse_line(deal, text) == (leader, tuple(cards))


def test_the_rules_decide_what_is_legal() -> None:
    deal = Deal.parse("S:AJ9/KQT")
    assert parse_line(deal, "E:SK W:S9")[0] is Player.EAST
    with pytest.raises(NotationError, match=r"card 2 'W:S9': S:9 must win the trick to S:K"):
        parse_line(deal, "E:SK W:S9", find_game("greedy-whist").rules)


@pytest.mark.parametrize(
    ("text", "match"),
    [
        ("", "is no line of play; expected cards like 'E:SK W:S9'"),
        ("E:SA W:SK E:SQ W:SJ E:ST W:S9 E:S8", "card 7 'E:S8': play is over after card 6"),
        ("W:♠K", "card 1 'W:♠K': S:K is East's card, not West's"),
        ("E:S:Z", "card 1 'E:S:Z': "),
        ("E:HK", "card 1 'E:HK': card 'H:K': the deal has no suit H"),
    ],
)
def test_bad_lines_quote_the_card(text: str, match: str) -> None:
    deal = Deal.parse("S:AJ9/KQT")
    if text.startswith("E:SA"):
        deal = Deal.parse("S:KJ9/AQT")
    with pytest.raises(NotationError, match=match):
        parse_line(deal, text)


def test_an_overlong_line_and_a_wrong_type_are_refused() -> None:
    deal = Deal.parse("AQ/KJ")
    with pytest.raises(NotationError, match=f"at most {MAX_LINE_TEXT:,}"):
        parse_line(deal, "W:SA " * 1000)
    with pytest.raises(TypeError, match="text"):
        parse_line(deal, ["W:SA"])  # type: ignore[arg-type]
