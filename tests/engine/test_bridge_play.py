"""Bridge play: following suit, trick winners, whole playouts, and the small endgame solver."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.engine.test_bridge_deal import random_deal, seeds
from whistgui.engine.bridge import (
    BridgeCard,
    BridgeDeal,
    BridgePosition,
    Contract,
    EndgameSolver,
    Seat,
    Side,
    Strain,
    trick_winner,
)
from whistgui.engine.errors import IllegalPlayError

c = BridgeCard.parse
strains = st.sampled_from(list(Strain))


def cards(text: str) -> list[BridgeCard]:
    return [c(t) for t in text.split()]


# --- trick winners ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("leader", "trick", "strain", "winner"),
    [
        (Seat.N, "H2 HA HK H3", Strain.NT, Seat.E),  # highest of the suit led
        (Seat.N, "H2 SA HK H3", Strain.NT, Seat.S),  # a discard never wins, even an ace
        (Seat.N, "H2 SA HK H3", Strain.C, Seat.S),  # ... nor does a side suit
        (Seat.N, "H2 SA HK H3", Strain.S, Seat.E),  # a trump wins
        (Seat.W, "HA S2 S3 HK", Strain.S, Seat.E),  # the highest trump wins, W led
        (Seat.E, "S2 S5 SA SK", Strain.H, Seat.W),  # trumps led: highest trump
        (Seat.S, "D9 DT DJ DQ", Strain.D, Seat.E),  # all trumps
        (Seat.S, "D9 C2 C3 C4", Strain.NT, Seat.S),  # nobody followed: the leader
        (Seat.S, "D9 C2 C3 C4", Strain.C, Seat.E),  # ... unless they ruffed
    ],
)
def test_trick_winner(leader: Seat, trick: str, strain: Strain, winner: Seat):
    assert trick_winner(leader, cards(trick), strain) is winner
    assert trick_winner(leader, cards(trick), strain.trump) is winner


def test_a_trick_needs_four_cards():
    with pytest.raises(IllegalPlayError, match="4 cards"):
        trick_winner(Seat.N, cards("SA SK"), Strain.NT)


# --- legal play ---------------------------------------------------------------------------------

SMALL = BridgeDeal.parse("N:A.K.-.2 K.A.2.- Q.Q.Q.- 2.2.-.A")


def test_the_declarers_left_hand_opponent_leads():
    for declarer in Seat:
        pos = BridgePosition.start(SMALL, Contract.parse("1NT"), declarer)
        assert pos.to_move is declarer.lho is pos.leader
        assert pos.trick == ()
        assert pos.tricks == (0, 0)
        assert pos.legal() == tuple(sorted(SMALL.hands[declarer.lho]))


def test_legal_follows_suit_when_able():
    pos = BridgePosition.from_deal(SMALL, Strain.NT, Seat.N).play(c("SA"))
    assert pos.to_move is Seat.E
    assert pos.legal() == (c("SK"),)
    pos = pos.play(c("SK"))
    assert pos.legal() == (c("SQ"),)
    pos = pos.play(c("SQ")).play(c("S2"))
    assert pos.tricks == (1, 0)
    assert pos.leader is Seat.N
    pos = pos.play(c("C2"))
    assert pos.legal() == tuple(sorted(cards("HA D2")))  # void in clubs: anything


def test_illegal_plays_are_refused_with_reasons():
    """The cards are named as the table names them (♠K, not 'SK')."""
    pos = BridgePosition.from_deal(SMALL, Strain.NT, Seat.N)
    with pytest.raises(IllegalPlayError, match=r"^North does not hold ♠K; North holds ♠A ♥K ♣2$"):
        pos.play(c("SK"))
    pos = pos.play(c("SA"))
    with pytest.raises(IllegalPlayError, match=r"must follow suit \(spades\).* ♥A; legal: ♠K$"):
        pos.play(c("HA"))


def test_positions_are_immutable_values():
    start = BridgePosition.from_deal(SMALL, Strain.NT, Seat.N)
    after = start.play(c("SA"))
    assert start.hands == SMALL.hands  # unchanged
    assert after != start
    assert after == BridgePosition.from_deal(SMALL, Strain.NT, Seat.N).play(c("SA"))
    assert hash(after) == hash(BridgePosition.from_deal(SMALL, Strain.NT, Seat.N).play(c("SA")))
    assert after.deal == SMALL  # the trick's cards returned to their players
    assert after.tricks_left == 3


def test_a_position_checks_its_hands_and_trick():
    with pytest.raises(IllegalPlayError, match="still in their hand"):
        BridgePosition(SMALL.hands, Strain.NT, Seat.N, (c("SA"),))


@settings(max_examples=200)
@given(seeds, strains, st.sampled_from(list(Seat)))
def test_a_random_playout_ends_after_13_tricks(seed: int, strain: Strain, declarer: Seat):
    rng = random.Random(seed)
    pos = BridgePosition.start(random_deal(seed), Contract(3, strain), declarer)
    plays = 0
    tricks_before = 0
    while not pos.is_over:
        legal = pos.legal()
        hand = pos.hand(pos.to_move)
        if pos.trick:  # follow suit if able
            led = pos.trick[0].suit
            assert all(x.suit is led for x in legal) or not any(x.suit is led for x in hand)
        assert set(legal) <= hand
        pos = pos.play(rng.choice(legal))
        plays += 1
        if plays % 4 == 0:
            assert sum(pos.tricks) == tricks_before + 1
            tricks_before += 1
    assert plays == 52
    assert sum(pos.tricks) == 13
    assert pos.won_by(Side.NS) + pos.won_by(Side.EW) == 13
    assert pos.tricks_left == 0


# --- the endgame solver, against a brute force written here -------------------------------------


def brute_ns(
    hands: list[list[tuple[int, int]]],
    leader: int,
    trick: list[tuple[int, int]],
    trump: int | None,
) -> int:
    """North–South's tricks from here on under best play: plain minimax over raw tuples,
    seats 0-3 (N E S W), cards (suit, rank), no memo."""
    seat = (leader + len(trick)) % 4
    if not hands[seat]:
        return 0
    hand = hands[seat]
    if trick and any(s == trick[0][0] for s, _ in hand):
        options = [x for x in hand if x[0] == trick[0][0]]
    else:
        options = list(hand)
    results = []
    for card in options:
        rest = [h[:] for h in hands]
        rest[seat].remove(card)
        played = [*trick, card]
        if len(played) < 4:
            results.append(brute_ns(rest, leader, played, trump))
            continue
        led = played[0][0]
        best = max(
            range(4),
            key=lambda i: (
                (2, played[i][1])
                if played[i][0] == trump
                else (1, played[i][1])
                if played[i][0] == led
                else (0, 0)
            ),
        )
        winner = (leader + best) % 4
        results.append((winner % 2 == 0) + brute_ns(rest, winner, [], trump))
    return max(results) if seat % 2 == 0 else min(results)


def endgame(seed: int, size: int, strain: Strain, leader: Seat) -> BridgePosition:
    """A random ending with ``size`` cards a hand, concentrated in a few suits and ranks so
    that following, ruffing and discarding all happen."""
    rng = random.Random(seed)
    suits = rng.randint(-(-4 * size // 7), 4)  # 7 ranks a suit, enough for 4 hands
    deck = [BridgeCard.parse(s + r) for s in "SHDC"[:suits] for r in "AKQJT98"]
    deck = rng.sample(deck, 4 * size)
    hands = {s: deck[s * size : (s + 1) * size] for s in Seat}
    return BridgePosition.from_deal(BridgeDeal.from_hands(hands), strain, leader)


@settings(max_examples=150, deadline=None)
@given(seeds, st.integers(1, 3), strains, st.sampled_from(list(Seat)))
def test_the_solver_agrees_with_brute_force(seed: int, size: int, strain: Strain, leader: Seat):
    pos = endgame(seed, size, strain, leader)
    raw = [[(int(x.suit), x.rank) for x in pos.hand(s)] for s in Seat]
    trump = None if strain.trump is None else int(strain.trump)
    expected = brute_ns(raw, int(leader), [], trump)
    solver = EndgameSolver()
    assert solver.tricks(pos, Side.NS) == expected
    assert solver.tricks(pos, Side.EW) == size - expected
    # after any best card the result stands; after any card it is no better for the mover
    for card in pos.legal():
        after = pos.play(card)
        ns = after.tricks[Side.NS] + solver.tricks(after, Side.NS)
        if card in solver.best_cards(pos):
            assert ns == expected
        elif leader.side is Side.NS:
            assert ns < expected
        else:
            assert ns > expected


def test_solver_memo_has_stats_and_clears():
    pos = endgame(7, 3, Strain.H, Seat.W)
    solver = EndgameSolver()
    first = solver.tricks(pos, Side.NS)
    assert solver.misses > 0
    misses = solver.misses
    assert solver.tricks(pos, Side.NS) == first
    assert solver.misses == misses
    assert solver.hits >= 1
    solver.clear()
    assert (solver.hits, solver.misses, solver.memo) == (0, 0, {})
