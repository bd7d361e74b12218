"""Hand records for the tests of LIN, PBN's auction and play, and ``whist bridge analyse``:
boards with auctions and played lines, written as LIN by endplay's own LIN writer (the file a
user gets from BBO), so that the reader is tested against the writer it must agree with."""

from __future__ import annotations

import random
from dataclasses import dataclass

from whistgui.engine.bridge import BridgeCard, BridgeDeal, Contract, Seat, Suit
from whistgui.engine.bridge.play import BridgePosition

#: Auctions from North, each with the contract and declarer it ends in.
AUCTIONS: tuple[tuple[tuple[str, ...], str, Seat], ...] = (
    (("1NT", "Pass", "3NT", "Pass", "Pass", "Pass"), "3NT", Seat.N),
    (("Pass", "1S", "Pass", "2S", "Pass", "4S", "X", "Pass", "Pass", "Pass"), "4SX", Seat.E),
    (("1C", "1H", "X", "XX", "Pass", "Pass", "Pass"), "1HXX", Seat.E),
    (("Pass", "Pass", "1D", "Pass", "1H", "Pass", "2H", "Pass", "Pass", "Pass"), "2H", Seat.N),
)


@dataclass(frozen=True)
class Record:
    number: int
    deal: BridgeDeal
    dealer: Seat
    vulnerable: str
    auction: tuple[str, ...]
    contract: Contract
    declarer: Seat
    play: tuple[BridgeCard, ...]


def random_play(deal: BridgeDeal, contract: Contract, declarer: Seat, cards: int, seed: int):
    """``cards`` legal cards played at random from the opening lead."""
    rnd = random.Random(seed)
    pos = BridgePosition.start(deal, contract, declarer)
    played = []
    for _ in range(cards):
        card = rnd.choice(pos.legal())
        played.append(card)
        pos = pos.play(card)
    return tuple(played)


def records(count: int = 4, seed: int = 29) -> list[Record]:
    """``count`` boards: random deals, the auctions above in turn, a random legal play of all
    52 cards, or cut short (a claim) in the middle of a trick on every other board."""
    rnd = random.Random(seed)
    out = []
    for i in range(count):
        cards = [BridgeCard(s, r) for s in Suit for r in range(2, 15)]
        rnd.shuffle(cards)
        deal = BridgeDeal.from_hands({s: cards[13 * k : 13 * k + 13] for k, s in enumerate(Seat)})
        auction, contract, declarer = AUCTIONS[i % len(AUCTIONS)]
        c = Contract.parse(contract)
        played = random_play(deal, c, declarer, 52 if i % 2 == 0 else 30 + i % 20, seed + i)
        vul = ("None", "NS", "EW", "All")[i % 4]
        out.append(Record(i + 1, deal, Seat.N, vul, auction, c, declarer, played))
    return out


def lin_text(recs: list[Record]) -> str:
    """The records as a LIN file, written by endplay's ``dumps``."""
    from endplay.parsers.lin import dumps
    from endplay.types import Bid, Board, Card, Deal, Player, Vul

    boards = [
        Board(
            Deal.from_pbn(r.deal.to_pbn()),
            [Bid(c) for c in r.auction],
            [Card(str(c)) for c in r.play],
            r.number,
            vul=Vul.find({"None": "none", "NS": "ns", "EW": "ew", "All": "both"}[r.vulnerable]),
            dealer=Player(int(r.dealer)),
        )
        for r in recs
    ]
    return str(dumps(boards))
