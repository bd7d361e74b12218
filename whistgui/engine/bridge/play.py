"""Card play in four-hand bridge: a position mid-play, the legal cards, and who wins a trick.

>>> from whistgui.engine.bridge.contract import Contract
>>> deal = BridgeDeal.parse("N:A.-.-.- K.-.-.- -.-.-.2 Q.-.-.-")
>>> pos = BridgePosition.start(deal, Contract.parse("1C"), Seat.S)
>>> pos.to_move, pos.legal()
(<Seat.W: 3>, (BridgeCard.parse('SQ'),))
>>> for card in ("SQ", "SA", "SK", "C2"):
...     pos = pos.play(BridgeCard.parse(card))
>>> pos.leader, pos.tricks, pos.is_over
(<Seat.S: 2>, (1, 0), True)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from whistgui.engine.bridge.contract import TRICKS, Contract
from whistgui.engine.bridge.deal import (
    BridgeCard,
    BridgeDeal,
    Seat,
    Side,
    Strain,
    Suit,
    cards_text,
    check_hands,
)
from whistgui.engine.checks import described, each, expect, whole
from whistgui.engine.errors import ArgumentTypeError, IllegalPlayError
from whistgui.engine.reading import quote

__all__ = ["BridgePosition", "trick_winner"]


def trick_winner(leader: Seat, cards: Sequence[BridgeCard], trump: Strain | Suit | None) -> Seat:
    """Who wins a complete trick of four ``cards`` played clockwise from ``leader``: the highest
    trump if any was played, else the highest card of the suit led.

    >>> c = BridgeCard.parse
    >>> trick_winner(Seat.N, [c("HA"), c("HK"), c("S2"), c("H3")], Strain.S)
    <Seat.S: 2>
    >>> trick_winner(Seat.N, [c("HA"), c("HK"), c("S2"), c("H3")], Strain.NT)
    <Seat.N: 0>
    """
    expect(leader, Seat, "leader")
    trick: tuple[BridgeCard, ...] = each(cards, BridgeCard, "cards", _CARDS, whole=Sequence)
    if trump is not None and not isinstance(trump, (Strain, Suit)):
        raise ArgumentTypeError(f"trump must be a Strain, a Suit or None, not {described(trump)}")
    if len(trick) != 4:
        raise IllegalPlayError(
            f"cards must be a trick of 4 cards, not {len(trick)}: {quote([str(x) for x in trick])}"
        )
    if len(set(trick)) != 4:
        raise IllegalPlayError(
            f"cards must be 4 different cards, not {quote([str(x) for x in trick])}"
        )
    return _trick_winner(leader, trick, trump)


_CARDS: Final = "a sequence of 4 BridgeCards, in the order played"


def _trick_winner(leader: Seat, cards: Sequence[BridgeCard], trump: Strain | Suit | None) -> Seat:
    """:func:`trick_winner` of checked arguments."""
    suit = trump.trump if isinstance(trump, Strain) else trump
    led = cards[0].suit

    def strength(card: BridgeCard) -> int:
        if card.suit is suit:
            return 100 + card.rank
        return card.rank if card.suit is led else 0

    best = max(range(4), key=lambda i: strength(cards[i]))
    return leader.following()[best]


Hands = tuple[
    frozenset[BridgeCard], frozenset[BridgeCard], frozenset[BridgeCard], frozenset[BridgeCard]
]


@dataclass(frozen=True, slots=True)
class BridgePosition:
    """A position during play: the cards still held (``hands``, in seat order N E S W), the
    trick so far (played clockwise from ``leader``), and the tricks each side has won (indexed
    by :class:`Side`: NS, EW). The trump suit is ``strain.trump``.

    Immutable and hashable: :meth:`play` returns the next position.
    """

    hands: Hands
    strain: Strain
    leader: Seat
    trick: tuple[BridgeCard, ...] = ()
    tricks: tuple[int, int] = (0, 0)

    def __post_init__(self) -> None:
        check_hands(self.hands)
        expect(self.strain, Strain, "strain")
        expect(self.leader, Seat, "leader")
        each(
            self.trick,
            BridgeCard,
            "trick",
            "a tuple of BridgeCards (the trick so far)",
            whole=tuple,
        )
        if not isinstance(self.tricks, tuple) or len(self.tricks) != 2:
            raise ArgumentTypeError(f"tricks must be {_TRICKS_WON}, not {described(self.tricks)}")
        for side, n in zip(("NS", "EW"), self.tricks, strict=True):  # the types first
            whole(n, f"tricks[{side}]")
        won = tuple(
            whole(n, f"tricks[{side}]", low=0, high=TRICKS, what=f"from 0 to {TRICKS} tricks")
            for side, n in zip(("NS", "EW"), self.tricks, strict=True)
        )
        object.__setattr__(self, "tricks", won)
        if len(self.trick) >= 4:
            raise IllegalPlayError(
                f"trick must be the trick in progress, of at most 3 cards, not "
                f"{quote([str(c) for c in self.trick])}"
            )
        played = self.leader.following()[: len(self.trick)]
        # The hands plus the cards on the table must make a deal of equal hands.
        full = [set(h) for h in self.hands]
        for seat, card in zip(played, self.trick, strict=True):
            full[seat].add(card)
        BridgeDeal((frozenset(full[0]), frozenset(full[1]), frozenset(full[2]), frozenset(full[3])))
        for seat, card in zip(played, self.trick, strict=True):
            if card in self.hands[seat]:
                raise IllegalPlayError(
                    f"{card.text} was played by {seat.word} but is still in their hand"
                )
        if sum(won) + len(self.hands[self.to_move]) > TRICKS:
            raise IllegalPlayError(
                f"tricks won {won} and {len(self.hands[self.to_move])} to play make more than "
                f"the {TRICKS} tricks of a deal"
            )

    @classmethod
    def start(cls, deal: BridgeDeal, contract: Contract, declarer: Seat) -> BridgePosition:
        """The opening position: the declarer's left-hand opponent leads."""
        expect(deal, BridgeDeal, "deal")
        expect(contract, Contract, "contract")
        expect(declarer, Seat, "declarer")
        return cls(deal.hands, contract.strain, declarer.lho)

    @classmethod
    def from_deal(cls, deal: BridgeDeal, strain: Strain, leader: Seat) -> BridgePosition:
        """A position at a trick boundary: ``leader`` to lead to the next trick."""
        expect(deal, BridgeDeal, "deal")
        return cls(deal.hands, strain, leader)

    @property
    def to_move(self) -> Seat:
        return self.leader.following()[len(self.trick)]

    @property
    def is_over(self) -> bool:
        return not self.trick and not any(self.hands)

    @property
    def tricks_left(self) -> int:
        """Tricks not yet complete (the one in progress counts)."""
        return len(self.hands[self.to_move])

    @property
    def deal(self) -> BridgeDeal:
        """The cards still held, plus those on the table returned to their players: the
        position at the start of the current trick."""
        full = [set(h) for h in self.hands]
        for seat, card in zip(self.leader.following(), self.trick, strict=False):
            full[seat].add(card)
        return BridgeDeal(
            (frozenset(full[0]), frozenset(full[1]), frozenset(full[2]), frozenset(full[3]))
        )

    def hand(self, seat: Seat) -> frozenset[BridgeCard]:
        """The cards ``seat`` still holds."""
        return self.hands[expect(seat, Seat, "seat")]

    def legal(self) -> tuple[BridgeCard, ...]:
        """The cards the player to move may play, sorted: the suit led if they hold it,
        otherwise anything."""
        hand = self.hands[self.to_move]
        if self.trick:
            led = self.trick[0].suit
            follow = [c for c in hand if c.suit is led]
            if follow:
                return tuple(sorted(follow))
        return tuple(sorted(hand))

    def play(self, card: BridgeCard) -> BridgePosition:
        """The position after the player to move plays ``card``."""
        if type(card) is not BridgeCard:
            expect(card, BridgeCard, "card")
        seat = self.to_move
        if card not in self.hands[seat]:
            held = cards_text(sorted(self.hands[seat], reverse=True))
            raise IllegalPlayError(
                f"{seat.word} does not hold {card.text}; {seat.word} holds {held or 'nothing'}"
            )
        legal = self.legal()
        if card not in legal:
            raise IllegalPlayError(
                f"{seat.word} must follow suit ({self.trick[0].suit.word}) and may not play "
                f"{card.text}; legal: {cards_text(legal)}"
            )
        return self._play(card)

    def _play(self, card: BridgeCard) -> BridgePosition:
        """:meth:`play` without its checks, for search over :meth:`legal` cards."""
        seat = self.to_move
        h = list(self.hands)
        h[seat] = h[seat] - {card}
        hands: Hands = (h[0], h[1], h[2], h[3])
        trick = (*self.trick, card)
        new = object.__new__(BridgePosition)
        if len(trick) < 4:
            fields = (hands, self.strain, self.leader, trick, self.tricks)
        else:
            winner = _trick_winner(self.leader, trick, self.strain)
            won = list(self.tricks)
            won[winner.side] += 1
            fields = (hands, self.strain, winner, (), (won[0], won[1]))
        for name, value in zip(_FIELDS, fields, strict=True):
            object.__setattr__(new, name, value)
        return new

    def won_by(self, side: Side) -> int:
        """The tricks ``side`` has won."""
        return self.tricks[expect(side, Side, "side")]


_FIELDS = ("hands", "strain", "leader", "trick", "tricks")
_TRICKS_WON: Final = "the tricks won by North–South and by East–West (a tuple of 2 ints)"
