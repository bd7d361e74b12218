""" "Where did it go wrong?": the double-dummy cost of each card of a played line, by DDS's
AnalysePlay (endplay's :func:`endplay.dds.analyse_play`).

After each card, the tricks declarer's side takes in the whole deal (those won so far
included) with the best play on both sides from there on; a card's cost is what it lost its
own side: the drop in declarer's tricks for a card of the declaring side, the rise for a
defender's — never negative (no card can do better than the best). DDS answers up to the
start of the last trick; the last trick's cards are forced, and keep the count it starts with.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from whistgui.engine.bridge.contract import Contract
from whistgui.engine.bridge.dds import _card_text, _deal, _endplay, _run
from whistgui.engine.bridge.deal import BridgeCard, BridgeDeal, Seat
from whistgui.engine.bridge.play import BridgePosition
from whistgui.engine.checks import each, expect, whole
from whistgui.engine.errors import IllegalPlayError

__all__ = ["PlayAnalysis", "PlayedCard", "analyse_play"]


@dataclass(frozen=True, slots=True)
class PlayedCard:
    """One card of a played line: who played it, declarer's double-dummy tricks after it (in
    the whole deal) and what it cost its side (0 for a card as good as the best)."""

    seat: Seat
    card: BridgeCard
    tricks: int
    cost: int

    def __post_init__(self) -> None:
        expect(self.seat, Seat, "seat")
        expect(self.card, BridgeCard, "card")
        object.__setattr__(
            self, "tricks", whole(self.tricks, "tricks", low=0, high=13, what=_TRICKS)
        )
        object.__setattr__(self, "cost", whole(self.cost, "cost", low=0, high=13, what=_TRICKS))

    def to_json(self) -> dict[str, object]:
        """``{"seat": "W", "card": "SA", "tricks": 9, "cost": 0}``."""
        return {
            "seat": str(self.seat),
            "card": str(self.card),
            "tricks": self.tricks,
            "cost": self.cost,
        }


@dataclass(frozen=True, slots=True)
class PlayAnalysis:
    """A played line analysed: declarer's double-dummy tricks before the opening lead, and each
    card with its tricks and cost."""

    contract: Contract
    declarer: Seat
    start: int
    cards: tuple[PlayedCard, ...]

    def __post_init__(self) -> None:
        expect(self.contract, Contract, "contract")
        expect(self.declarer, Seat, "declarer")
        object.__setattr__(self, "start", whole(self.start, "start", low=0, high=13, what=_TRICKS))
        each(self.cards, PlayedCard, "cards", "a tuple of PlayedCards", whole=tuple)


_TRICKS: Final = "a count of tricks, from 0 to 13"
_PLAY: Final = "a sequence of BridgeCards, in the order played from the opening lead"


def analyse_play(
    deal: BridgeDeal, contract: Contract, declarer: Seat, play: Sequence[BridgeCard]
) -> PlayAnalysis:
    """Each card of ``play`` (from the opening lead by declarer's left-hand opponent) with
    declarer's double-dummy tricks after it and its cost, as DDS's AnalysePlay counts them;
    :class:`IllegalPlayError` naming the first card the rules do not allow.

    >>> d = BridgeDeal.parse("N:AK.-.-.- Q.-.K.- -.A.Q.- -.-.A.K")
    >>> a = analyse_play(d, Contract.parse("1S"), Seat.N, [BridgeCard.parse("DK")])
    >>> a.start, [(str(c.seat), str(c.card), c.tricks, c.cost) for c in a.cards]
    (2, [('E', 'DK', 2, 0)])
    """
    expect(deal, BridgeDeal, "deal")
    expect(contract, Contract, "contract")
    expect(declarer, Seat, "declarer")
    cards: tuple[BridgeCard, ...] = each(play, BridgeCard, "play", _PLAY, whole=Sequence)
    pos = BridgePosition.start(deal, contract, declarer)
    seats = []
    for i, card in enumerate(cards):
        seats.append(pos.to_move)
        try:
            pos = pos.play(card)
        except IllegalPlayError as exc:
            raise IllegalPlayError(f"card {i + 1} of the play: {exc}") from None
    dds = _endplay()
    board = _deal(deal, contract.strain, declarer.lho)
    solved = _run(
        "analyse the play of", deal, dds.analyse_play, board, [_card_text(c) for c in cards]
    )
    # DDS answers up to the start of the last trick (48 cards): its four cards are forced,
    # and the tricks after each are those its start counted.
    tricks = [int(solved[i]) for i in range(min(len(solved), len(cards) + 1))]
    tricks += [tricks[-1]] * (len(cards) + 1 - len(tricks))
    side = declarer.side
    out = []
    for i, (seat, card) in enumerate(zip(seats, cards, strict=True)):
        before, after = tricks[i], tricks[i + 1]
        cost = before - after if seat.side == side else after - before
        out.append(PlayedCard(seat, card, after, cost))
    return PlayAnalysis(contract, declarer, tricks[0], tuple(out))
