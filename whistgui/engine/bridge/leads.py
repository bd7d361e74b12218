"""The opening leads of a contract, double dummy: for each card the opening leader (declarer's
left-hand opponent) holds, the tricks **declarer's side** takes if it is led and both sides
then play best — as ``whist bridge analyse`` counts tricks, from declarer's side — and what
the lead costs the defence against its best lead (BSOL's table; DDS's SolveBoard, one call).

>>> from whistgui.engine.bridge import BridgeDeal, Contract, Seat
>>> deal = BridgeDeal.parse(
...     "N:AKQ2.KJ3.T98.A54 J876.Q54.AK2.J32 T943.A987.QJ4.K7 5.T62.7653.QT986")
>>> leads = opening_leads(deal, Contract.parse("3NT"), Seat.N)
>>> leads.leader, len(leads.leads), leads.best_tricks == min(l.tricks for l in leads.leads)
(<Seat.E: 1>, 13, True)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from whistgui.engine.bridge.contract import Contract
from whistgui.engine.bridge.dds import card_scores
from whistgui.engine.bridge.deal import BridgeCard, BridgeDeal, Seat, Strain
from whistgui.engine.bridge.play import BridgePosition
from whistgui.engine.checks import described, expect
from whistgui.engine.errors import ArgumentTypeError

__all__ = ["Lead", "OpeningLeads", "opening_leads"]


@dataclass(frozen=True, slots=True)
class Lead:
    """A card the opening leader can lead, the tricks declarer's side then takes with best
    play on both sides, and what the lead costs the defence: those tricks less the fewest any
    lead leaves declarer (0 for a best lead)."""

    card: BridgeCard
    tricks: int
    cost: int

    def to_json(self) -> dict[str, Any]:
        """``{"card": "SA", "tricks": 9, "cost": 0}``."""
        return {"card": str(self.card), "tricks": self.tricks, "cost": self.cost}


@dataclass(frozen=True, slots=True)
class OpeningLeads:
    """Every lead of ``leader`` (declarer's left-hand opponent) against ``strain`` by
    ``declarer``: the leads spades first, then hearts, diamonds, clubs, each suit high to
    low."""

    deal: BridgeDeal
    strain: Strain
    declarer: Seat
    leads: tuple[Lead, ...]

    @property
    def leader(self) -> Seat:
        return self.declarer.lho

    @property
    def best_tricks(self) -> int:
        """Declarer's tricks after the defence's best lead: the double-dummy table's."""
        return min(lead.tricks for lead in self.leads)

    @property
    def best(self) -> tuple[Lead, ...]:
        """The leads that hold declarer to :attr:`best_tricks`."""
        return tuple(lead for lead in self.leads if lead.cost == 0)

    def to_json(self) -> dict[str, Any]:
        """``{"declarer": "S", "strain": "S", "leader": "W", "leads": [...]}``."""
        return {
            "declarer": str(self.declarer),
            "strain": str(self.strain),
            "leader": str(self.leader),
            "leads": [lead.to_json() for lead in self.leads],
        }


def _order(card: BridgeCard) -> tuple[int, int]:
    """Spades, hearts, diamonds, clubs; high to low in each."""
    return (-int(card.suit), -card.rank)


def opening_leads(deal: BridgeDeal, contract: Contract | Strain, declarer: Seat) -> OpeningLeads:
    """For each card of ``declarer``'s left-hand opponent in ``deal``: the tricks declarer's
    side takes if it is led against ``contract`` (or just its strain), both sides then playing
    best (DDS's SolveBoard from the opening lead; an ending's tricks are those of its cards).
    """
    expect(deal, BridgeDeal, "deal")
    if isinstance(contract, Contract):
        strain = contract.strain
    elif isinstance(contract, Strain):
        strain = contract
    else:
        raise ArgumentTypeError(
            f"contract must be a Contract or a Strain, not {described(contract)}"
        )
    expect(declarer, Seat, "declarer")
    position = BridgePosition.from_deal(deal, strain, declarer.lho)
    scores = card_scores(position)  # the defence's tricks from the lead on
    tricks = {card: deal.size - score for card, score in scores.items()}
    fewest = min(tricks.values())
    leads = tuple(
        Lead(card, tricks[card], tricks[card] - fewest) for card in sorted(tricks, key=_order)
    )
    return OpeningLeads(deal, strain, declarer, leads)
