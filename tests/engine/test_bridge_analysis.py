"""``analyse_play`` (issue 29): each played card's declarer tricks equal DDS's AnalysePlay
(endplay called directly as the yardstick), and each card's cost is the drop in its own
side's tricks, never negative."""

from __future__ import annotations

import pytest

from tests.bridge_records_files import records
from whistgui.engine.bridge import BridgeCard, Contract, Seat
from whistgui.engine.bridge.analysis import analyse_play
from whistgui.engine.bridge.play import BridgePosition
from whistgui.engine.errors import IllegalPlayError

RECORDS = records(4, seed=7)


def _yardstick(rec):
    from endplay.dds import analyse_play as endplay_analyse
    from endplay.types import Deal, Denom, Player

    deal = Deal.from_pbn(rec.deal.to_pbn())
    deal.trump = Denom.find(
        "n" if str(rec.contract.strain) == "NT" else str(rec.contract.strain).lower()
    )
    deal.first = Player(int(rec.declarer.lho))
    return list(endplay_analyse(deal, [str(c) for c in rec.play]))


@pytest.mark.parametrize("rec", RECORDS, ids=lambda r: f"board{r.number}")
def test_analysis_equals_dds_analyse_play_card_for_card(rec):
    analysis = analyse_play(rec.deal, rec.contract, rec.declarer, rec.play)
    dds = _yardstick(rec)
    assert analysis.start == dds[0]
    tricks = [c.tricks for c in analysis.cards]
    assert tricks[: len(dds) - 1] == dds[1:]
    # DDS stops at the last trick's start; its forced cards keep the count, which is the
    # tricks declarer's side took at the table
    if len(rec.play) == 52:
        pos = BridgePosition.start(rec.deal, rec.contract, rec.declarer)
        for card in rec.play:
            pos = pos.play(card)
        assert tricks[-1] == pos.won_by(rec.declarer.side)


@pytest.mark.parametrize("rec", RECORDS, ids=lambda r: f"board{r.number}")
def test_each_cost_is_the_drop_in_its_own_sides_tricks(rec):
    analysis = analyse_play(rec.deal, rec.contract, rec.declarer, rec.play)
    before = analysis.start
    for card, seat in zip(analysis.cards, _seats(rec), strict=True):
        assert card.seat == seat
        mine = card.seat.side == rec.declarer.side
        assert card.cost == (before - card.tricks if mine else card.tricks - before)
        assert card.cost >= 0
        before = card.tricks
    assert any(
        c.cost > 0
        for r in RECORDS
        for c in analyse_play(r.deal, r.contract, r.declarer, r.play).cards
    )  # random play makes mistakes


def _seats(rec):
    pos = BridgePosition.start(rec.deal, rec.contract, rec.declarer)
    out = []
    for card in rec.play:
        out.append(pos.to_move)
        pos = pos.play(card)
    return out


def test_an_illegal_card_is_refused_naming_it():
    rec = RECORDS[0]
    wrong = next(c for c in rec.deal.hand(rec.declarer) if c != rec.play[0])
    with pytest.raises(IllegalPlayError, match="card 1 of the play"):
        analyse_play(rec.deal, rec.contract, rec.declarer, [wrong])
    with pytest.raises(TypeError, match="play"):
        analyse_play(rec.deal, rec.contract, rec.declarer, ["SA"])


def test_no_card_played_gives_the_start_only():
    rec = RECORDS[1]
    a = analyse_play(rec.deal, Contract.parse("1NT"), Seat.S, ())
    assert a.cards == ()
    assert a.start == _yardstick_start(rec)
    assert isinstance(rec.play[0], BridgeCard)


def _yardstick_start(rec):
    from whistgui.engine.bridge.dds import dd_table
    from whistgui.engine.bridge.deal import Strain

    return dd_table(rec.deal)[Seat.S, Strain.NT]
