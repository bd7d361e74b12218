"""Bridge types and the PBN deal string: round trips, any first seat, and clear errors."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from whistgui.engine.bridge import BridgeCard, BridgeDeal, Contract, Seat, Side, Strain, Suit
from whistgui.engine.errors import ArgumentError, DealError, NotationError

FULL_DECK = [BridgeCard(s, r) for s in Suit for r in range(2, 15)]
EXAMPLE = "N:AKQ8.AQ8.AJ7.KQ9 JT97.KJT.KQ98.AJ 6543.6543.65.T87 2.972.T432.65432"


def random_deal(seed: int, size: int = 13) -> BridgeDeal:
    """``size`` cards a hand from a deck shuffled with ``seed``."""
    deck = FULL_DECK[:]
    random.Random(seed).shuffle(deck)
    return BridgeDeal.from_hands({s: deck[s * size : (s + 1) * size] for s in Seat})


seeds = st.integers(0, 2**32)


# --- seats, strains, cards, contracts -----------------------------------------------------------


def test_seats_go_clockwise_and_pair_up():
    assert [Seat.N.next, Seat.E.next, Seat.S.next, Seat.W.next] == [Seat.E, Seat.S, Seat.W, Seat.N]
    assert all(s.lho == s.next and s.lho.rho == s for s in Seat)
    assert [s.partner for s in Seat] == [Seat.S, Seat.W, Seat.N, Seat.E]
    assert [s.side for s in Seat] == [Side.NS, Side.EW, Side.NS, Side.EW]
    assert all(s.partner.side == s.side != s.next.side for s in Seat)
    assert Seat.parse("south") is Seat.S
    with pytest.raises(NotationError, match="'Q'"):
        Seat.parse("Q")


@pytest.mark.parametrize(
    ("text", "strain"),
    [("C", Strain.C), ("d", Strain.D), ("H", Strain.H), ("S", Strain.S), ("NT", Strain.NT),
     ("N", Strain.NT), ("nt", Strain.NT), ("♣", Strain.C), ("♦", Strain.D), ("♥", Strain.H),
     ("♠", Strain.S)],
)  # fmt: skip
def test_strain_parse(text: str, strain: Strain):
    assert Strain.parse(text) is strain


def test_strain_errors_quote_the_text():
    with pytest.raises(NotationError, match=r"'Z'.*expected C, D, H, S"):
        Strain.parse("Z")


@pytest.mark.parametrize(
    ("text", "level", "strain", "doubled", "needed"),
    [("4S", 4, Strain.S, 0, 10), ("3NT", 3, Strain.NT, 0, 9), ("7N", 7, Strain.NT, 0, 13),
     ("1c", 1, Strain.C, 0, 7), ("4SX", 4, Strain.S, 1, 10), ("4SXX", 4, Strain.S, 2, 10),
     ("6♥", 6, Strain.H, 0, 12), ("2 nt x", 2, Strain.NT, 1, 8)],
)  # fmt: skip
def test_contract_parse(text: str, level: int, strain: Strain, doubled: int, needed: int):
    c = Contract.parse(text)
    assert (c.level, c.strain, c.doubled, c.tricks_needed) == (level, strain, doubled, needed)
    assert Contract.parse(str(c)) == c
    assert eval(repr(c)) == c


@pytest.mark.parametrize("text", ["8S", "0NT", "4", "4SXXX", "S4", "4Z", ""])
def test_contract_errors_quote_the_text(text: str):
    with pytest.raises(NotationError, match="is not a contract") as info:
        Contract.parse(text)
    assert repr(text) in str(info.value)


def test_contract_constructor_checks_its_level():
    with pytest.raises(
        ArgumentError, match=r"^level must be a contract's level, from 1 to 7, not 8$"
    ):
        Contract(8, Strain.S)


def test_cards_parse_and_print():
    assert BridgeCard.parse("SA") == BridgeCard(Suit.S, 14) == (Suit.S, 14)
    assert BridgeCard.parse("♥10") == BridgeCard.parse("ht") == BridgeCard(Suit.H, 10)
    assert [str(c) for c in sorted(BridgeCard.parse(t) for t in ("SA", "C2", "HK"))] == [
        "C2",
        "HK",
        "SA",
    ]
    with pytest.raises(NotationError, match="'S1'"):
        BridgeCard.parse("S1")


# --- the deal string ----------------------------------------------------------------------------


def test_example_deal():
    deal = BridgeDeal.parse(EXAMPLE)
    assert str(deal) == EXAMPLE
    assert deal.size == 13
    assert deal.hand(Seat.N)[:4] == tuple(BridgeCard.parse(t) for t in ("SA", "SK", "SQ", "S8"))
    assert deal.owner(BridgeCard.parse("C2")) is Seat.W


@given(seeds)
def test_pbn_round_trip_of_random_full_deals(seed: int):
    deal = random_deal(seed)
    assert BridgeDeal.parse(str(deal)) == deal
    assert eval(repr(deal)) == deal
    assert hash(BridgeDeal.parse(str(deal))) == hash(deal)
    assert sorted(c for s in Seat for c in deal.hand(s)) == sorted(FULL_DECK)


@given(seeds, st.integers(1, 13))
def test_pbn_round_trip_of_endings(seed: int, size: int):
    deal = random_deal(seed, size)
    assert deal.size == size
    assert BridgeDeal.parse(str(deal)) == deal


@given(seeds, st.sampled_from(list(Seat)))
def test_any_first_seat_gives_the_same_deal(seed: int, first: Seat):
    deal = random_deal(seed)
    text = deal.to_pbn(first)
    assert text.startswith(f"{first}:")
    assert BridgeDeal.parse(text) == deal
    # the same four hands read from another seat are a different (rotated) deal
    rotated = BridgeDeal.parse(f"{first.next}:{text[2:]}")
    assert all(rotated.hands[s.next] == deal.hands[s] for s in Seat)


def test_voids_may_be_dash_or_empty():
    a = BridgeDeal.parse("S:A.-.-.- K.-.-.- Q...- J...")
    b = BridgeDeal.parse("s:A... K... Q... J...")
    assert a == b
    assert a.hand(Seat.S) == (BridgeCard.parse("SA"),)


@pytest.mark.parametrize(
    ("text", "quoted", "expected"),
    [
        ("AKQ8.AQ87.AJT7.KQ9 JT97.KJT9.KQ98.AJ", "'AKQ8.AQ87.AJT7.KQ9 JT97", "first seat"),
        ("X:A... K... Q... J...", "'X:A... K... Q... J...'", "first seat"),
        ("N:A... K... Q...", "'N:A... K... Q...'", "expected 4 hands"),
        ("N:A... K... Q... J... T...", "'N:A... K... Q... J... T...'", "expected 4 hands"),
        ("N:A.. K... Q... J...", "'A..'", "expected 4 separated by dots"),
        ("N:AZ... KQ... JT... 98...", "'Z'", "expected ranks"),
        ("N:A1... KQ... JT... 98...", "'1'", "expected ranks"),
        ("N:AA... KQ... JT... 98...", "♠A appears", "twice"),
        ("N:A... A... Q... J...", "card ♠A is", "both North's and East's"),
        ("N:AK... Q... J... T...", "'AK...'", "same size"),
        ("N:A... K... Q... JT...", "'JT...' has 2 cards", "others hold 1 card;"),
        ("N:AK... QJ... T9... 8...", "'8...' has 1 card ", "others hold 2 cards;"),
        ("N:A..K. K... Q... J...", "'A..K.'", "has 2 cards but"),
        ("N:A.. K... Q... J...", "has 3 suits;", "expected 4 separated by dots"),
        ("N:A. K... Q... J...", "has 2 suits;", "expected 4 separated by dots"),
        ("N:... ... ... ...", "'N:... ... ... ...' deals no cards", "at least one card each"),
        ("W:-.-.-.- -.-.-.- -.-.-.- -.-.-.-", "deals no cards", "at least one card each"),
        (
            "N:AKQJT98765432.A.. .KQJT98765432.. ..AKQJT98765432.A ...KQJT98765432",
            "'AKQJT98765432.A..'",
            "at most 13",
        ),
    ],
)
def test_bad_deal_strings_are_quoted(text: str, quoted: str, expected: str):
    with pytest.raises(NotationError) as info:
        BridgeDeal.parse(text)
    message = str(info.value)
    assert quoted in message
    assert expected in message


def test_constructor_errors_name_the_problem():
    sa = BridgeCard.parse("SA")
    with pytest.raises(DealError, match="both North's and South's"):
        BridgeDeal.from_hands({Seat.N: [sa], Seat.S: [sa]})
    with pytest.raises(DealError, match=r"same number of cards.*North 1, East 0"):
        BridgeDeal.from_hands({Seat.N: [sa]})
    with pytest.raises(DealError, match="rank from 2 to 14"):
        BridgeDeal.from_hands({s: [BridgeCard(Suit.S, 15 + s)] for s in Seat})
