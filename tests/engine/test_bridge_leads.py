"""The opening-lead table (engine/bridge/leads.py): each of the opening leader's 13 cards with
declarer's double-dummy tricks, checked against a plain endplay SolveBoard call, and against
the double-dummy table (the best lead leaves declarer the table's tricks)."""

from __future__ import annotations

import pytest

from whistgui.engine.bridge import BridgeCard, BridgeDeal, Contract, Seat, Strain
from whistgui.engine.bridge.dds import dd_table
from whistgui.engine.bridge.leads import OpeningLeads, opening_leads
from whistgui.engine.errors import ArgumentTypeError

pytest.importorskip("endplay", reason="the double-dummy solver endplay is not installed")

DEALS = (
    "N:AKQ2.KJ3.T98.A54 J876.Q54.AK2.J32 T943.A987.QJ4.K7 5.T62.7653.QT986",
    "N:A2.K8652.Q983.Q2 KQ86.AJ4.75.T643 JT974.7.A62.AK75 53.QT93.KJT4.J98",
    "N:AQ87.A873.QJ4.T4 J5.Q5.KT9652.953 K9.KJT962.3.8762 T6432.4.A87.AKQJ",
)


def endplay_leads(pbn: str, strain: Strain, declarer: Seat) -> dict[str, int]:
    """Declarer's tricks after each lead, from endplay alone: SolveBoard with the lead's
    seat and the trumps set, the score the leader's side's."""
    import endplay.dds as dds
    from endplay.types import Deal, Denom, Player

    deal = Deal.from_pbn(pbn)
    deal.first = Player((int(declarer) + 1) % 4)
    deal.trump = Denom({Strain.S: 0, Strain.H: 1, Strain.D: 2, Strain.C: 3, Strain.NT: 4}[strain])
    out = {}
    for card, score in dds.solve_board(deal):
        suit = "SHDC"[int(card.suit)]
        rank = "23456789TJQKA"[int(card.rank).bit_length() - 3]
        out[suit + rank] = 13 - int(score)
    return out


@pytest.mark.parametrize("pbn", DEALS)
@pytest.mark.parametrize(
    ("strain", "declarer"), [(Strain.NT, Seat.N), (Strain.S, Seat.E), (Strain.H, Seat.S)]
)
def test_leads_are_endplays_solve_board(pbn: str, strain: Strain, declarer: Seat) -> None:
    deal = BridgeDeal.parse(pbn)
    leads = opening_leads(deal, strain, declarer)
    want = endplay_leads(pbn, strain, declarer)
    assert {str(lead.card): lead.tricks for lead in leads.leads} == want
    assert leads.leader is declarer.lho
    assert {lead.card for lead in leads.leads} == set(deal.hands[declarer.lho])
    # the best lead holds declarer to the double-dummy table's tricks
    assert leads.best_tricks == dd_table(deal)[declarer, strain]
    assert all(lead.cost == lead.tricks - leads.best_tricks for lead in leads.leads)
    assert leads.best
    assert all(lead.cost == 0 for lead in leads.best)


def test_leads_are_in_hand_order_and_a_contract_gives_its_strain() -> None:
    deal = BridgeDeal.parse(DEALS[0])
    by_contract = opening_leads(deal, Contract.parse("4SX"), Seat.E)
    assert by_contract == opening_leads(deal, Strain.S, Seat.E)
    cards = [lead.card for lead in by_contract.leads]
    assert cards == sorted(cards, key=lambda c: (-int(c.suit), -c.rank))
    assert cards[0] == BridgeCard.parse("ST")  # South's spades T943 come first
    obj = by_contract.to_json()
    assert (obj["leader"], obj["declarer"], obj["strain"]) == ("S", "E", "S")
    assert [x["card"] for x in obj["leads"]] == [str(c) for c in cards]


def test_wrong_types_are_refused_naming_the_argument() -> None:
    deal = BridgeDeal.parse(DEALS[0])
    with pytest.raises(ArgumentTypeError, match="contract"):
        opening_leads(deal, "4S", Seat.N)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="declarer"):
        opening_leads(deal, Strain.S, "N")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="deal"):
        opening_leads(DEALS[0], Strain.S, Seat.N)  # type: ignore[arg-type]
    assert isinstance(opening_leads(deal, Strain.C, Seat.W), OpeningLeads)
