"""Four-hand bridge: seats, sides, suits, strains, cards and a deal of four equal hands.

A deal is written in PBN: the first seat, a colon, then four hands clockwise from it, each
hand ``spades.hearts.diamonds.clubs`` with ``T`` for the ten and an empty suit (or ``-``) for
a void.

>>> deal = BridgeDeal.parse("N:AK.-.-.- Q.-.K.- -.A.Q.- -.-.A.K")
>>> deal.hand(Seat.S)
(BridgeCard.parse('HA'), BridgeCard.parse('DQ'))
>>> str(deal), deal.to_pbn(Seat.E)
('N:AK... Q..K. .A.Q. ..A.K', 'E:Q..K. .A.Q. ..A.K AK...')
>>> Seat.S.lho, Seat.S.partner, Seat.S.side
(<Seat.W: 3>, <Seat.N: 0>, <Side.NS: 0>)
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Final, NamedTuple

from whistgui.engine.cards import RANK_CHARS, SUIT_SYMBOLS, rank_text
from whistgui.engine.errors import DealError, NotationError
from whistgui.engine.reading import quote

__all__ = [
    "BridgeCard",
    "BridgeDeal",
    "Seat",
    "Side",
    "Strain",
    "Suit",
]

_RANK_OF_CHAR: Final = {c: 14 - i for i, c in enumerate(RANK_CHARS)}
#: The most cards a bridge hand holds.
HAND_SIZE: Final = 13


class Side(enum.IntEnum):
    """A partnership: North–South or East–West."""

    NS = 0
    EW = 1

    @property
    def other(self) -> Side:
        return Side.EW if self is Side.NS else Side.NS

    @property
    def seats(self) -> tuple[Seat, Seat]:
        return (Seat.N, Seat.S) if self is Side.NS else (Seat.E, Seat.W)

    def __str__(self) -> str:
        return self.name


class Seat(enum.IntEnum):
    """A seat at the table, numbered clockwise from North.

    >>> [str(s) for s in Seat.parse("w").following()], Seat.parse("East").rho
    (['W', 'N', 'E', 'S'], <Seat.N: 0>)
    """

    N = 0
    E = 1
    S = 2
    W = 3

    @property
    def next(self) -> Seat:
        """The seat to the left, who plays next (clockwise: N → E → S → W → N)."""
        return Seat((self + 1) % 4)

    @property
    def lho(self) -> Seat:
        """Left-hand opponent: the next seat, who leads when this seat declares."""
        return self.next

    @property
    def rho(self) -> Seat:
        """Right-hand opponent: the seat that played just before."""
        return Seat((self + 3) % 4)

    @property
    def partner(self) -> Seat:
        return Seat((self + 2) % 4)

    @property
    def side(self) -> Side:
        return Side.NS if self in (Seat.N, Seat.S) else Side.EW

    @property
    def word(self) -> str:
        return _SEAT_WORDS[self]

    def following(self) -> tuple[Seat, Seat, Seat, Seat]:
        """This seat and the three after it, clockwise."""
        return (self, self.next, self.next.next, self.next.next.next)

    @classmethod
    def parse(cls, text: str) -> Seat:
        """``N``/``North``, ``E``/``East``, ``S``/``South``, ``W``/``West`` in any case."""
        t = text.strip().upper()
        for seat in cls:
            if t in (seat.name, seat.word.upper()):
                return seat
        raise NotationError(f"{quote(text)} is not a seat; expected N, E, S or W")

    def __str__(self) -> str:
        return self.name


_SEAT_WORDS: Final = {Seat.N: "North", Seat.E: "East", Seat.S: "South", Seat.W: "West"}


class Suit(enum.IntEnum):
    """A suit, numbered from the lowest (clubs) so that cards sort as bridge ranks suits."""

    C = 0
    D = 1
    H = 2
    S = 3

    @property
    def symbol(self) -> str:
        return SUIT_SYMBOLS[self.name]

    @property
    def word(self) -> str:
        return ("clubs", "diamonds", "hearts", "spades")[self]

    @classmethod
    def parse(cls, text: str) -> Suit:
        """``S H D C`` in any case, or ``♠ ♥ ♦ ♣``."""
        t = text.strip()
        for suit in cls:
            if t.upper() == suit.name or t == suit.symbol:
                return suit
        raise NotationError(f"{quote(text)} is not a suit; expected S, H, D, C or ♠ ♥ ♦ ♣")

    def __str__(self) -> str:
        return self.name


#: The suits in the order a PBN hand lists them.
PBN_SUIT_ORDER: Final = (Suit.S, Suit.H, Suit.D, Suit.C)


class Strain(enum.IntEnum):
    """What a contract is played in: a trump suit or no trumps.

    >>> [Strain.parse(t) for t in ("c", "♦", "NT", "N")]
    [<Strain.C: 0>, <Strain.D: 1>, <Strain.NT: 4>, <Strain.NT: 4>]
    >>> Strain.H.trump, Strain.NT.trump
    (<Suit.H: 2>, None)
    """

    C = 0
    D = 1
    H = 2
    S = 3
    NT = 4

    @property
    def trump(self) -> Suit | None:
        """The trump suit, or ``None`` at no trumps."""
        return None if self is Strain.NT else Suit(self.value)

    @property
    def symbol(self) -> str:
        return "NT" if self is Strain.NT else SUIT_SYMBOLS[self.name]

    @classmethod
    def parse(cls, text: str) -> Strain:
        t = text.strip()
        if t.upper() in ("NT", "N"):
            return cls.NT
        for strain in cls:
            if t.upper() == strain.name or t == strain.symbol:
                return strain
        raise NotationError(
            f"{quote(text)} is not a strain; expected C, D, H, S (or ♣ ♦ ♥ ♠), or NT (or N)"
        )

    def __str__(self) -> str:
        return self.name


class BridgeCard(NamedTuple):
    """A card: its suit and its rank, 2 to 14 (A). Sorts by suit (clubs lowest), then rank.

    >>> BridgeCard.parse("♥T"), str(BridgeCard(Suit.S, 14))
    (BridgeCard.parse('HT'), 'SA')
    """

    suit: Suit
    rank: int

    @classmethod
    def parse(cls, text: str) -> BridgeCard:
        """A suit letter or symbol then a rank: ``SA``, ``♥T``, ``d10``."""
        t = text.strip()
        if len(t) < 2:
            raise NotationError(
                f"{quote(text)} is not a card; expected a suit then a rank, e.g. 'SA'"
            )
        suit = Suit.parse(t[0])
        r = t[1:].upper()
        if r == "10":
            r = "T"
        if r not in _RANK_OF_CHAR:
            raise NotationError(
                f"{quote(text)} is not a card; expected a rank A K Q J T 9 8 7 6 5 4 3 2 after "
                "the suit"
            )
        return cls(suit, _RANK_OF_CHAR[r])

    def __str__(self) -> str:
        return f"{self.suit.name}{rank_text(self.rank)}"

    def __repr__(self) -> str:
        return f"BridgeCard.parse({str(self)!r})"


def _check_card(card: BridgeCard) -> None:
    if not isinstance(card.suit, Suit) or not (2 <= card.rank <= 14):
        raise DealError(f"{card!r}: a bridge card has a Suit and a rank from 2 to 14 (A)")


@dataclass(frozen=True, slots=True)
class BridgeDeal:
    """Four hands of equal size (13 in a full deal, fewer in an ending), in seat order N E S W.

    Immutable and hashable; ``BridgeDeal.parse(str(deal)) == deal``.
    """

    hands: tuple[
        frozenset[BridgeCard], frozenset[BridgeCard], frozenset[BridgeCard], frozenset[BridgeCard]
    ]

    def __post_init__(self) -> None:
        if len(self.hands) != 4:
            raise DealError(f"a bridge deal has 4 hands, not {len(self.hands)}")
        hands = tuple(frozenset(BridgeCard(Suit(c[0]), int(c[1])) for c in h) for h in self.hands)
        object.__setattr__(self, "hands", hands)
        seen: dict[BridgeCard, Seat] = {}
        for seat, hand in zip(Seat, hands, strict=True):
            for card in hand:
                _check_card(card)
                if card in seen:
                    raise DealError(
                        f"card {str(card)!r} is in both {seen[card].word}'s and {seat.word}'s "
                        "hands; each card may be dealt once"
                    )
                seen[card] = seat
        sizes = [len(h) for h in hands]
        if max(sizes) > HAND_SIZE:
            raise DealError(
                f"a bridge hand holds at most {HAND_SIZE} cards; the hands hold "
                f"{_sizes_text(sizes)}"
            )
        if len(set(sizes)) != 1:
            raise DealError(
                "every hand must hold the same number of cards; the hands hold "
                f"{_sizes_text(sizes)}"
            )

    @classmethod
    def from_hands(cls, hands: Mapping[Seat, Iterable[BridgeCard]]) -> BridgeDeal:
        """A deal from a hand for each seat (a missing seat is an empty hand)."""
        n, e, s, w = (frozenset(hands.get(seat, ())) for seat in Seat)
        return cls((n, e, s, w))

    @classmethod
    def parse(cls, text: str) -> BridgeDeal:
        """A PBN deal string: ``"N:AKQ8.AQ87.AJT7.KQ9 JT97.KJT9.KQ98.AJ ..."``."""
        t = text.strip()
        head, colon, rest = t.partition(":")
        if not colon or head.strip().upper() not in ("N", "E", "S", "W"):
            raise NotationError(
                f"{quote(text)} is not a PBN deal; expected a first seat N, E, S or W, a colon, "
                "then four hands clockwise, e.g. 'N:AKQ8.AQ87.AJT7.KQ9 JT97.KJT9.KQ98.AJ ...'"
            )
        first = Seat.parse(head)
        words = rest.split(None, 4)  # (a text of a million words is not cut into a million)
        if len(words) != 4:
            many = "more than 4" if len(words) > 4 else str(len(words))
            raise NotationError(
                f"{quote(text)} has {many} hands after {quote(head.strip())}:; expected 4 "
                "hands separated by spaces, each spades.hearts.diamonds.clubs"
            )
        hands: dict[Seat, frozenset[BridgeCard]] = {}
        for seat, word in zip(first.following(), words, strict=True):
            hands[seat] = _parse_hand(word, seat)
        sizes = {seat: len(hands[seat]) for seat in Seat}
        for seat, word in zip(first.following(), words, strict=True):
            if sizes[seat] > HAND_SIZE:
                raise NotationError(
                    f"{seat.word}'s hand {quote(word)} has {sizes[seat]} cards; "
                    f"expected at most {HAND_SIZE}"
                )
        if len(set(sizes.values())) != 1:
            counts = max(set(sizes.values()), key=list(sizes.values()).count)
            odd = next(s for s in first.following() if sizes[s] != counts)
            word = words[first.following().index(odd)]
            raise NotationError(
                f"{seat_hand(odd, word)} has {sizes[odd]} cards but the others hold {counts}; "
                f"expected four hands of the same size (13 in a full deal) in {quote(text)}"
            )
        try:
            return cls.from_hands(hands)
        except DealError as err:
            raise NotationError(f"{err} (in {quote(text)})") from None

    def hand(self, seat: Seat) -> tuple[BridgeCard, ...]:
        """The seat's cards, highest suit first (spades), then highest rank first."""
        return tuple(sorted(self.hands[seat], key=lambda c: (-c.suit, -c.rank)))

    @property
    def size(self) -> int:
        """Cards in each hand."""
        return len(self.hands[0])

    def owner(self, card: BridgeCard) -> Seat | None:
        for seat in Seat:
            if card in self.hands[seat]:
                return seat
        return None

    def to_pbn(self, first: Seat = Seat.N) -> str:
        """The PBN deal string, starting with ``first``."""
        return f"{first}:" + " ".join(hand_pbn(self.hands[s]) for s in first.following())

    def __str__(self) -> str:
        return self.to_pbn()

    def __repr__(self) -> str:
        return f"BridgeDeal.parse({self.to_pbn()!r})"


def hand_pbn(hand: Iterable[BridgeCard]) -> str:
    """One hand as PBN writes it: ``AKQ8.AQ87.AJT7.KQ9``, an empty suit for a void."""
    cards = list(hand)
    return ".".join(
        "".join(rank_text(r) for r in sorted((c.rank for c in cards if c.suit is s), reverse=True))
        for s in PBN_SUIT_ORDER
    )


def seat_hand(seat: Seat, word: str) -> str:
    return f"{seat.word}'s hand {quote(word)}"


def _sizes_text(sizes: list[int]) -> str:
    return ", ".join(f"{seat.word} {n}" for seat, n in zip(Seat, sizes, strict=True))


def _parse_hand(word: str, seat: Seat) -> frozenset[BridgeCard]:
    parts = word.split(".", 4)
    if len(parts) != 4:
        raise NotationError(
            f"{seat_hand(seat, word)} has {word.count('.') + 1} suit(s); expected 4 separated "
            "by dots: spades.hearts.diamonds.clubs ('-' or nothing for a void)"
        )
    cards: set[BridgeCard] = set()
    for suit, part in zip(PBN_SUIT_ORDER, parts, strict=True):
        if part == "-":
            continue
        for ch in part:
            rank = _RANK_OF_CHAR.get(ch.upper())
            if rank is None:
                raise NotationError(
                    f"unknown card {ch!r} in {seat.word}'s {suit.word} {quote(part)} "
                    f"(hand {quote(word)}); expected ranks A K Q J T 9 8 7 6 5 4 3 2"
                )
            card = BridgeCard(suit, rank)
            if card in cards:
                raise NotationError(
                    f"{str(card)!r} appears twice in {seat_hand(seat, word)}; "
                    "each card may be dealt once"
                )
            cards.add(card)
    return frozenset(cards)
