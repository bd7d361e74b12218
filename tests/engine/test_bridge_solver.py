"""The engine's double-dummy solver (null-window alpha-beta, a table of bounds by relative
ranks, equivalent cards once, quick bounds) against DDS card by card and against a plain
minimax written here; cancellation, progress, and equivalent cards searched once.

The heavier checks (endings of 4 cards a hand by plain minimax, 6 and 7 by DDS) run with
``pytest --exhaustive``."""

from __future__ import annotations

import pytest
from hypothesis import given, settings

from tests.engine.strategies import bridge_endings
from whistgui.engine.bridge import (
    BridgeCard,
    BridgeDeal,
    BridgePosition,
    EndgameSolver,
    Seat,
    Side,
    Strain,
)
from whistgui.engine.errors import Cancelled

c = BridgeCard.parse
exhaustive = pytest.mark.skipif(
    "not config.getoption('--exhaustive')", reason="heavier: run with --exhaustive"
)


# --- a plain minimax, independent of the engine's play ------------------------------------------

Card = tuple[int, int]  # (suit, rank)


def minimax_ns(hands: list[list[Card]], leader: int, trick: list[Card], trump: int | None) -> int:
    """North–South's tricks from here on (the trick in progress counts) under best play:
    every legal card of every hand, no memo, no pruning. Seats 0–3 are N E S W."""
    seat = (leader + len(trick)) % 4
    hand = hands[seat]
    if not hand:
        return 0
    follow = [x for x in hand if trick and x[0] == trick[0][0]]
    values = []
    for card in follow or hand:
        rest = [h[:] for h in hands]
        rest[seat].remove(card)
        played = [*trick, card]
        if len(played) < 4:
            values.append(minimax_ns(rest, leader, played, trump))
            continue
        led = played[0][0]
        power = [100 + r if s == trump else r if s == led else 0 for s, r in played]
        winner = (leader + power.index(max(power))) % 4
        won = 1 if winner % 2 == 0 else 0
        values.append(won + minimax_ns(rest, winner, [], trump))
    return max(values) if seat % 2 == 0 else min(values)


def minimax_of(pos: BridgePosition) -> int:
    hands = [[(int(x.suit), x.rank) for x in pos.hands[s]] for s in Seat]
    trick = [(int(x.suit), x.rank) for x in pos.trick]
    trump = None if pos.strain.trump is None else int(pos.strain.trump)
    return minimax_ns(hands, int(pos.leader), trick, trump)


def check_against_minimax(pos: BridgePosition) -> None:
    solver = EndgameSolver()
    ns = minimax_of(pos)
    assert solver.tricks(pos, Side.NS) == ns
    assert solver.tricks(pos, Side.EW) == pos.tricks_left - ns
    scores = solver.card_scores(pos)
    mover = pos.to_move.side
    best = ns if mover is Side.NS else pos.tricks_left - ns
    assert set(scores) == set(pos.legal())
    assert max(scores.values()) == best
    assert solver.best_cards(pos) == tuple(sorted(c for c, v in scores.items() if v == best))


@settings(max_examples=80, deadline=None)
@given(bridge_endings(max_size=3))
def test_tricks_and_card_scores_equal_a_plain_minimax(pos: BridgePosition):
    check_against_minimax(pos)


@exhaustive
@settings(max_examples=60, deadline=None)
@given(bridge_endings(min_size=4, max_size=4))
def test_tricks_equal_a_plain_minimax_with_4_cards_a_hand(pos: BridgePosition):
    check_against_minimax(pos)


def test_every_card_of_a_position_scores_as_the_minimax_after_it():
    """Each card's score is the minimax of the position after it, plus the trick it may win."""
    pos = BridgePosition.from_deal(
        BridgeDeal.parse("N:A.K2.-.- K.A.2.- Q.3.-.Q 2.Q.3.-"), Strain.D, Seat.W
    )
    scores = EndgameSolver().card_scores(pos)
    for card, score in scores.items():
        after = pos.play(card)
        ew = after.tricks[Side.EW] - pos.tricks[Side.EW]
        assert score == ew + after.tricks_left - minimax_of(after)


# --- against DDS --------------------------------------------------------------------------------


def check_against_dds(pos: BridgePosition) -> None:
    dds = pytest.importorskip("whistgui.engine.bridge.dds")
    pytest.importorskip("endplay", reason="the double-dummy solver endplay is not installed")
    solver = EndgameSolver()
    assert solver.card_scores(pos) == dds.card_scores(pos), pos


@settings(max_examples=150, deadline=None)
@given(bridge_endings(max_size=5))
def test_card_scores_equal_dds_card_by_card(pos: BridgePosition):
    check_against_dds(pos)


@exhaustive
@settings(max_examples=150, deadline=None)
@given(bridge_endings(min_size=6, max_size=7))
def test_card_scores_equal_dds_on_larger_endings(pos: BridgePosition):
    check_against_dds(pos)


def test_the_squeeze_of_dds_issue_103():
    """dds-bridge/dds#103: South's ♦A squeezes East at no trumps (3 tricks); after it, every
    card of West's leaves East–West without a trick."""
    deal = BridgeDeal.parse("N:KJ..5. QT...T 5..A.9 97.9..")
    start = BridgePosition.from_deal(deal, Strain.NT, Seat.S)
    solver = EndgameSolver()
    assert solver.card_scores(start) == {c("DA"): 3, c("S5"): 2, c("C9"): 2}
    assert solver.best_cards(start) == (c("DA"),)
    assert solver.tricks(start, Side.NS) == 3
    after = start.play(c("DA"))
    assert after.to_move is Seat.W
    assert set(solver.card_scores(after).values()) == {0}
    for card in after.legal():  # and on through the trick, whatever West and North play
        nxt = after.play(card)
        assert solver.tricks(nxt, Side.EW) == 0
        assert max(solver.card_scores(nxt).values()) == 3


def test_a_contract_at_every_level_is_decided_by_the_number_of_tricks():
    """The paper's "slight modification": one count of tricks answers all seven levels."""
    deal = BridgeDeal.parse("N:AK.A.-.- 2.QJ.-.- JT.-.A.- 3.2.K.-")
    pos = BridgePosition.from_deal(deal, Strain.S, Seat.W)
    solver = EndgameSolver()
    tricks = solver.max_tricks(pos, Side.NS)
    assert tricks == minimax_of(pos)
    for target in range(pos.tricks_left + 1):  # "can NS take target?" is tricks >= target
        assert solver._root_ge(0, target) is (tricks >= target)


# --- the table, equivalent cards, cancellation --------------------------------------------------


def test_positions_differing_in_played_out_low_cards_share_an_entry():
    high = BridgeDeal.parse("N:AQ.K.-.- KJ.A.-.- T9.Q.-.- 87.J.-.-")
    low = BridgeDeal.parse("N:A9.K.-.- K8.A.-.- 76.Q.-.- 54.J.-.-")  # ♠ owners in the same order
    solver = EndgameSolver()
    first = BridgePosition.from_deal(high, Strain.H, Seat.E)
    second = BridgePosition.from_deal(low, Strain.H, Seat.E)
    assert EndgameSolver.key(first) == EndgameSolver.key(second)
    assert EndgameSolver.key(first.play(first.legal()[0])) is None
    tricks = solver.tricks(first, Side.NS)
    misses = solver.misses
    assert solver.tricks(second, Side.NS) == tricks
    assert solver.misses == misses  # the second position is all in the table
    assert solver.hits >= 1


def test_equivalent_cards_score_alike_and_are_searched_once(monkeypatch: pytest.MonkeyPatch):
    """North's ♠KQ against East's ♠A score alike, and no list of cards the search tries
    holds both."""
    deal = BridgeDeal.parse("N:KQ.2.-.2 A.Q.3.3 2.AJ.-.4 3.K.2.5")
    pos = BridgePosition.from_deal(deal, Strain.NT, Seat.N)
    solver = EndgameSolver()
    scores = solver.card_scores(pos)
    assert scores[c("SK")] == scores[c("SQ")]
    tried: list[list[tuple[int, int]]] = []
    leads, follows = solver._leads, solver._follows

    def spy_leads(seat: int, best: int) -> list[tuple[int, int]]:
        moves = leads(seat, best)
        tried.append(moves)
        return moves

    def spy_follows(*args: int) -> list[tuple[int, int]]:
        moves = follows(*args)
        tried.append(moves)
        return moves

    monkeypatch.setattr(solver, "_leads", spy_leads)
    monkeypatch.setattr(solver, "_follows", spy_follows)
    solver.clear()
    solver.tricks(pos, Side.NS)
    king, queen = (3, 1 << 11), (3, 1 << 10)
    assert any(king in moves or queen in moves for moves in tried)
    assert not any(king in moves and queen in moves for moves in tried)


def test_a_card_on_the_table_between_two_cards_keeps_them_apart():
    """South's ♥AJ with the ♥KQ played out are one card; with East's ♥Q on the table
    between them they are two."""
    solver = EndgameSolver()
    gone = BridgeDeal.parse("N:2.-.-.2 3.T.-.- -.AJ.-.- 4.3.-.-")
    south = BridgePosition.from_deal(gone, Strain.NT, Seat.S)
    assert solver.card_scores(south) == {c("HA"): 2, c("HJ"): 2}
    on_table = BridgeDeal.parse("N:2.-.-.2 3.Q.-.- -.AJ.-.- 4.3.-.-")
    queen = BridgePosition.from_deal(on_table, Strain.NT, Seat.E).play(c("HQ"))
    assert solver.card_scores(queen) == minimax_scores(queen) == {c("HA"): 2, c("HJ"): 0}


def minimax_scores(pos: BridgePosition) -> dict[BridgeCard, int]:
    """Each legal card's score by the plain minimax (as DDS scores a card)."""
    side = pos.to_move.side
    out = {}
    for card in pos.legal():
        after = pos.play(card)
        ns = after.tricks[Side.NS] - pos.tricks[Side.NS] + minimax_of(after)
        out[card] = ns if side is Side.NS else pos.tricks_left - ns
    return out


@pytest.mark.parametrize("after", [0, 1])
def test_cancellation_raises_and_the_table_stays_right(after: int):
    deal = BridgeDeal.parse("N:AQT9.K8.J3.- KJ87.A2.Q.3 65.QJT9.K2.- 432.7.A.KQ5")
    pos = BridgePosition.from_deal(deal, Strain.NT, Seat.W)
    asked: list[int] = []

    def stop() -> bool:
        asked.append(1)
        return len(asked) > after

    counts: list[int] = []
    solver = EndgameSolver(should_stop=stop, progress=counts.append)
    with pytest.raises(Cancelled):
        solver.tricks(pos, Side.NS)
    solver.should_stop = None
    assert solver.tricks(pos, Side.NS) == EndgameSolver().tricks(pos, Side.NS)
    assert counts == sorted(counts)


def test_should_stop_is_polled_during_a_long_search():
    deal = BridgeDeal.parse("N:AQT9.K8.J3.- KJ87.A2.Q.3 65.QJT9.K2.- 432.7.A.KQ5")
    pos = BridgePosition.from_deal(deal, Strain.NT, Seat.W)
    counts: list[int] = []
    solver = EndgameSolver(should_stop=lambda: False, progress=counts.append)
    solver.tricks(pos, Side.NS)
    assert solver.nodes > 4096
    assert any(n > 0 for n in counts)  # told the count from inside the search


@pytest.mark.parametrize("strain", list(Strain))
def test_a_finished_deal_has_no_card_scores(strain: Strain):
    deal = BridgeDeal.parse("N:A.-.-.- K.-.-.- Q.-.-.- J.-.-.-")
    pos = BridgePosition.from_deal(deal, strain, Seat.N)
    for card in ("SA", "SK", "SQ", "SJ"):
        pos = pos.play(c(card))
    assert pos.is_over
    solver = EndgameSolver()
    assert solver.card_scores(pos) == {}
    assert solver.tricks(pos, Side.NS) == 0
    assert solver.best_cards(pos) == ()
