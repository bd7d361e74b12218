"""Both deal notations: round trips, canonical output, and the errors bad text gets."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.engine.strategies import asymmetric_deals, symmetric_deals
from whistgui.engine import (
    AsymmetricSuitError,
    Deal,
    Evaluator,
    NotationError,
    Player,
    State,
    SuitDeal,
)
from whistgui.engine.trick.notation import format_deal_compact, format_deal_paper


@given(symmetric_deals(max_cards=10))
def test_compact_round_trip(deal: Deal):
    assert Deal.parse(str(deal)) == deal
    assert Deal.parse(format_deal_paper(deal)) == deal


@given(asymmetric_deals(max_cards=6))
def test_round_trip_with_void_suits(deal: Deal):
    assert Deal.parse(str(deal)) == deal
    assert eval(repr(deal), {"Deal": Deal}) == deal


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("AQ/KJ K/A", "AQ/KJ K/A"),
        ("S:AQ/KJ H:A/K D:K/A", "AQ/KJ A/K K/A"),
        ("s:aq/kj h:a/k", "AQ/KJ A/K"),
        ("♠:AQ/KJ ♥:A/K", "AQ/KJ A/K"),
        ("H:A/K S:AQ/KJ", "H:A/K S:AQ/KJ"),
        ("A109/KQJ", "AT9/KQJ"),
        ("QA/JK", "AQ/KJ"),
        ("[A Q, K J] + [K, A]", "AQ/KJ K/A"),
        ("[14 12, 13 11]", "AQ/KJ"),
        ("[A 10 9, K Q J]", "AT9/KQJ"),
        ("AK/- -/QJ", "AK/- -/QJ"),
        ("  AQ/KJ\tK/A  ", "AQ/KJ K/A"),
    ],
)
def test_canonical_compact_output(text: str, canonical: str):
    assert str(Deal.parse(text)) == canonical


def test_long_suits_use_the_papers_notation():
    text = "[13 12 9 8 7 2 1, 14 11 10 6 5 4 3]"
    deal = Deal.parse(text)
    assert str(deal) == text
    with pytest.raises(NotationError, match="outside 2–A"):
        format_deal_compact(Deal.parse("[15, 1]"))
    assert str(Deal.parse("[15, 1]")) == "[15, 1]"


def test_paper_format():
    assert format_deal_paper(Deal.parse("AQ/KJ K/A")) == "[A Q, K J] + [K, A]"
    assert format_deal_paper(Deal.parse("AT9/KQJ")) == "[A 10 9, K Q J]"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("AX/KQ", r"unknown rank 'X' in suit 'AX/KQ'"),
        ("AQ", r"suit 'AQ' has no '/'"),
        ("A/K/Q", r"suit 'A/K/Q' has more than one '/'"),
        ("AA/KQ", r"card 'A' appears twice in suit 'AA/KQ'"),
        ("AK/KQ", r"card 'K' appears twice in suit 'AK/KQ'"),
        ("", r"'' is an empty deal"),
        ("   ", r"empty deal"),
        ("S:A/K S:K/A", r"suit S is named twice"),
        ("X:A/K", r"unknown suit 'X'"),
        ("[A Q K J]", r"exactly one ','"),
        ("[A, K] [K, A]", r"not in the paper's notation"),
        ("[A, Z]", r"unknown rank 'Z'"),
        ("[A, 0]", r"unknown rank '0'"),
        ("[A A, K Q]", r"card 'A' appears twice"),
    ],
)
def test_bad_text_names_the_offending_part(text: str, message: str):
    with pytest.raises(NotationError, match=message):
        Deal.parse(text)


def test_asymmetric_suit_has_no_value_but_parses():
    deal = Deal.parse("AKQ/J J/AKQ")
    assert not deal.is_symmetric
    assert deal.size == 4
    with pytest.raises(AsymmetricSuitError, match=r"'AKQ/J' is not symmetric: West holds 3"):
        Evaluator().value(deal)


def test_suit_parse_needs_exactly_one_suit():
    assert SuitDeal.parse("AQ/KJ").pattern == "EWEW"
    with pytest.raises(NotationError, match="holds 2 suits"):
        SuitDeal.parse("AQ/KJ K/A")


def test_cards_by_name():
    deal = Deal.parse("AQ/KJ K/A")
    c = deal.card_from_text("H:K")
    assert deal.card_name(c) == "H:K"
    with pytest.raises(NotationError, match="needs its suit"):
        deal.card_from_text("K")
    with pytest.raises(NotationError, match="no suit D"):
        deal.card_from_text("D:K")


@given(symmetric_deals(max_cards=6), st.integers(-5, 5))
def test_state_round_trip(deal: Deal, m: int):
    state = State(m, deal)
    assert State.parse(str(state)) == state
    assert eval(repr(state), {"State": State}) == state


@given(symmetric_deals(max_cards=8, max_suits=1))
def test_sequences_partition_each_hand(deal: Deal):
    suit = deal.suits[0]
    for player in (Player.WEST, Player.EAST):
        groups = suit.sequences(player)
        flat = [r for g in groups for r in g]
        assert flat == sorted(suit.hand(player), reverse=True)
        other = suit.hand(player.other)
        for g in groups:  # nothing of the other hand inside a sequence
            assert not [r for r in other if min(g) < r < max(g)]
        for hi, lo in itertools.pairwise(groups):  # and something between groups
            assert [r for r in other if max(lo) < r < min(hi)]


# -- issue 16: numbers of thousands of digits, and long input, in the messages -------------------
HUGE = "9" * 5000


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (f"[{HUGE}, 1]", r"rank '9{39}…9{19}' \(5,000 digits\) is too long; expected at most 9"),
        (f"{HUGE}:A/K", r"suit number '9{39}…9{19}' \(5,000 digits\) is too long; expected at "),
        (f"{HUGE}:[A, K]", r"suit number '9{39}…9{19}' \(5,000 digits\) is too long"),
        ("[1234567890, 1]", r"rank '1234567890' \(10 digits\) is too long; expected at most 9"),
        (f"S:A/K {HUGE}:K/A", r"in suit '9{39}…"),
    ],
)
def test_huge_numbers_are_refused_naming_the_limit(text: str, message: str):
    with pytest.raises(NotationError, match=message) as info:
        Deal.parse(text)
    assert len(str(info.value)) < 300  # the input is quoted shortened, not in full


def test_ranks_of_nine_digits_still_parse():
    deal = Deal.parse("[999999999 5, 123456789 1]")
    assert deal.suits[0].west == (999999999, 5)
    assert Deal.parse(str(deal)) == deal
    assert Deal.parse("000000001:A/K").names == ("S",)


def test_long_input_is_quoted_by_its_ends():
    text = "AQ/KJ " * 1000 + "AX/KQ"
    with pytest.raises(NotationError, match=r"unknown rank 'X' in suit 'AX/KQ'"):
        Deal.parse(text)
    with pytest.raises(NotationError) as info:
        Deal.parse("[A, K] " * 1000)
    message = str(info.value)
    assert message.startswith("'[A, K] [A, K] [A, K]")
    assert "…" in message
    assert len(message) < 200


def test_a_long_suit_with_a_repeated_card_is_refused_quickly():
    ranks = " ".join(str(r) for r in range(100_000, 0, -1))
    with pytest.raises(NotationError, match=r"card '1' appears twice"):
        Deal.parse(f"[{ranks}, 1]")  # once quadratic in the suit's length


def test_a_long_run_before_a_bracket_is_refused_without_backtracking():
    # the paper's suit pattern once tried a suit name from every character of the run: time
    # quadratic in its length (minutes for this one)
    with pytest.raises(NotationError, match="not in the paper's notation"):
        Deal.parse("9" * 200_000 + "[ + AQ/KJ")
    assert Deal.parse("S:[A, K] + H : [K, A]").names == ("S", "H")
