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
from itertools import islice
from typing import Final, NamedTuple

from whistgui.engine.checks import CheckedEnum, described, expect, whole
from whistgui.engine.errors import ArgumentTypeError, DealError, NotationError
from whistgui.engine.reading import quote
from whistgui.engine.trick.cards import RANK_CHARS, SUIT_SYMBOLS, count, rank_text

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


class Side(enum.IntEnum, metaclass=CheckedEnum):
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


class Seat(enum.IntEnum, metaclass=CheckedEnum):
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
        return _FOLLOWING[self][1]

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
        return _FOLLOWING[self]

    @classmethod
    def parse(cls, text: str) -> Seat:
        """``N``/``North``, ``E``/``East``, ``S``/``South``, ``W``/``West`` in any case."""
        t = expect(text, str, "text", _SEAT_TEXT).strip().upper()
        for seat in cls:
            if t in (seat.name, seat.word.upper()):
                return seat
        raise NotationError(f"{quote(text)} is not a seat; expected N, E, S or W")

    def __str__(self) -> str:
        return self.name


_SEAT_WORDS: Final = {Seat.N: "North", Seat.E: "East", Seat.S: "South", Seat.W: "West"}
#: Each seat and the three after it, clockwise (worked out once: play asks for them at every
#: card, and Seat's checked look-up by value is slow).
_FOLLOWING: Final = {
    seat: (seat, Seat((seat + 1) % 4), Seat((seat + 2) % 4), Seat((seat + 3) % 4)) for seat in Seat
}
_SEAT_TEXT: Final = "a seat (a str: N, E, S, W or North, East, South, West)"


class Suit(enum.IntEnum, metaclass=CheckedEnum):
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
        t = expect(text, str, "text", "a suit (a str: S, H, D, C or ♠ ♥ ♦ ♣)").strip()
        for suit in cls:
            if t.upper() == suit.name or t == suit.symbol:
                return suit
        raise NotationError(f"{quote(text)} is not a suit; expected S, H, D, C or ♠ ♥ ♦ ♣")

    def __str__(self) -> str:
        return self.name


#: The suits in the order a PBN hand lists them.
PBN_SUIT_ORDER: Final = (Suit.S, Suit.H, Suit.D, Suit.C)


class Strain(enum.IntEnum, metaclass=CheckedEnum):
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
        """``C D H S`` in any case, ``♣ ♦ ♥ ♠``, or ``NT`` (or ``N``) for no trumps."""
        t = expect(text, str, "text", "a strain (a str: C, D, H, S, NT or ♣ ♦ ♥ ♠)").strip()
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


class _CardFields(NamedTuple):
    suit: Suit
    rank: int


class BridgeCard(_CardFields):
    """A card: its suit (a :class:`Suit`) and its rank, 2 to 14 (A), checked when it is made.
    A tuple: sorts by suit (clubs lowest), then rank.

    >>> BridgeCard.parse("♥T"), str(BridgeCard(Suit.S, 14)), BridgeCard.parse("HT").text
    (BridgeCard.parse('HT'), 'SA', '♥10')
    >>> BridgeCard(Suit.S, 15)
    Traceback (most recent call last):
    ...
    whistgui.engine.errors.DealError: rank must be a rank from 2 to 14 (A), not 15
    """

    __slots__ = ()

    def __new__(cls, suit: Suit, rank: int) -> BridgeCard:
        if type(suit) is not Suit:
            expect(suit, Suit, "suit", "a Suit (Suit.parse reads 'S' or '♠')")
        if type(rank) is not int or not 2 <= rank <= 14:
            rank = whole(rank, "rank", low=2, high=14, error=DealError, what=_RANK_RANGE)
        return tuple.__new__(cls, (suit, rank))

    @classmethod
    def parse(cls, text: str) -> BridgeCard:
        """A suit letter or symbol then a rank: ``SA``, ``♥T``, ``d10``."""
        t = expect(text, str, "text", "a card (a str such as 'SA', '♥T' or 'd10')").strip()
        if len(t) < 2:
            raise NotationError(
                f"{quote(text)} is not a card; expected a suit then a rank, e.g. 'SA'"
            )
        try:
            suit = Suit.parse(t[0])
        except NotationError:
            raise NotationError(
                f"{quote(text)} is not a card; expected a suit S, H, D, C or ♠ ♥ ♦ ♣ first, "
                "e.g. 'SA'"
            ) from None
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

    @property
    def text(self) -> str:
        """The card as people read it, in every message and view: its suit's symbol and its
        rank as printed on a card (``♠A``, ``♥10``); ``str()`` is its PBN name (``SA``)."""
        return f"{self.suit.symbol}{rank_text(self.rank, style='paper')}"


def cards_text(cards: Iterable[BridgeCard]) -> str:
    """Cards as people read them, spaced: ``♠A ♠K ♥10``."""
    return " ".join(card.text for card in cards)


_RANK_RANGE: Final = "a rank from 2 to 14 (A)"

#: What a deal's ``hands`` are.
_HANDS: Final = "a tuple of 4 hands (North, East, South, West), each a frozenset of BridgeCards"


def check_hands(hands: object, name: str = "hands") -> None:
    """ArgumentTypeError naming ``name`` unless ``hands`` is a tuple of four frozensets of
    :class:`BridgeCard` (what :class:`BridgeDeal` holds)."""
    if not isinstance(hands, tuple):
        raise ArgumentTypeError(f"{name} must be {_HANDS}, not {described(hands)}")
    if len(hands) != 4:
        raise ArgumentTypeError(f"{name} must be {_HANDS}, not {len(hands)} hands: {quote(hands)}")
    for i, hand in enumerate(hands):
        if not isinstance(hand, frozenset):
            raise ArgumentTypeError(
                f"{name}[{i}] ({Seat(i).word}'s hand) must be a frozenset of BridgeCards, not "
                f"{described(hand)}"
            )
        for card in hand:
            if type(card) is not BridgeCard:
                expect(card, BridgeCard, f"each card of {name}[{i}] ({Seat(i).word}'s hand)")


@dataclass(frozen=True, slots=True)
class BridgeDeal:
    """Four hands of equal size (13 in a full deal, fewer in an ending), in seat order N E S W.

    Immutable and hashable; ``BridgeDeal.parse(str(deal)) == deal``. A deal of no cards (what
    is left when the play is over) may be made but is not read: a text that deals no card is
    refused.
    """

    hands: tuple[
        frozenset[BridgeCard], frozenset[BridgeCard], frozenset[BridgeCard], frozenset[BridgeCard]
    ]

    def __post_init__(self) -> None:
        hands = self.hands
        check_hands(hands)
        seen: dict[BridgeCard, Seat] = {}
        for seat, hand in zip(Seat, hands, strict=True):
            for card in hand:
                if card in seen:
                    raise DealError(
                        f"card {card.text} is in both {seen[card].word}'s and {seat.word}'s "
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
        """A deal from a hand for each seat (a missing seat is an empty hand); each hand is
        read to its 14th card at most (an endless iterator is refused, not read forever)."""
        if not isinstance(hands, Mapping):
            raise ArgumentTypeError(f"hands must be {_BY_SEAT}, not {described(hands)}")
        held: list[frozenset[BridgeCard]] = [frozenset()] * 4
        many: list[str] = []
        for seat, cards in hands.items():
            if not isinstance(seat, Seat):
                raise ArgumentTypeError(
                    f"hands must be {_BY_SEAT}; its key {quote(seat)} is not a Seat"
                )
            name = f"hands[Seat.{seat.name}]"
            if isinstance(cards, (str, bytes)) or not isinstance(cards, Iterable):
                raise ArgumentTypeError(
                    f"{name} must be an iterable of BridgeCards, not {described(cards)}"
                )
            some = tuple(islice(cards, HAND_SIZE + 1))
            for card in some:
                if type(card) is not BridgeCard:
                    expect(card, BridgeCard, f"each card of {name}")
            if len(some) > HAND_SIZE:
                many.append(name)
            held[seat] = frozenset(some)
        if many:  # (after every hand's type is checked)
            raise DealError(f"a bridge hand holds at most {HAND_SIZE} cards; {many[0]} holds more")
        return cls((held[0], held[1], held[2], held[3]))

    @classmethod
    def parse(cls, text: str) -> BridgeDeal:
        """A PBN deal string: ``"N:AKQ8.AQ87.AJT7.KQ9 JT97.KJT9.KQ98.AJ ..."``."""
        t = expect(text, str, "text", _DEAL_TEXT).strip()
        head, colon, rest = t.partition(":")
        if not colon or head.strip().upper() not in ("N", "E", "S", "W"):
            raise NotationError(
                f"{quote(text)} is not a PBN deal; expected a first seat N, E, S or W, a colon, "
                "then four hands clockwise, e.g. 'N:AKQ8.AQ87.AJT7.KQ9 JT97.KJT9.KQ98.AJ ...'"
            )
        first = Seat.parse(head)
        words = rest.split(None, 4)  # (a text of a million words is not cut into a million)
        if len(words) != 4:
            many = (
                "more than 4 hands"
                if len(words) > 4
                else f"{len(words)} hand{'' if len(words) == 1 else 's'}"
            )
            raise NotationError(
                f"{quote(text)} has {many} after {quote(head.strip() + ':')}; expected 4 "
                "hands separated by spaces, each spades.hearts.diamonds.clubs"
            )
        hands: dict[Seat, frozenset[BridgeCard]] = {}
        for seat, word in zip(first.following(), words, strict=True):
            hands[seat] = _parse_hand(word, seat)
        sizes = {seat: len(hands[seat]) for seat in Seat}
        for seat, word in zip(first.following(), words, strict=True):
            if sizes[seat] > HAND_SIZE:
                raise NotationError(
                    f"{seat.word}'s hand {quote(word)} has {count(sizes[seat], 'card')}; "
                    f"expected at most {HAND_SIZE}"
                )
        if len(set(sizes.values())) != 1:
            counts = max(set(sizes.values()), key=list(sizes.values()).count)
            odd = next(s for s in first.following() if sizes[s] != counts)
            word = words[first.following().index(odd)]
            raise NotationError(
                f"{seat_hand(odd, word)} has {count(sizes[odd], 'card')} but the others hold "
                f"{count(counts, 'card')}; "
                f"expected four hands of the same size (13 in a full deal) in {quote(text)}"
            )
        if not any(sizes.values()):
            raise NotationError(
                f"{quote(text)} deals no cards; expected four hands of the same size, at least "
                "one card each (13 in a full deal)"
            )
        try:
            return cls((hands[Seat.N], hands[Seat.E], hands[Seat.S], hands[Seat.W]))
        except DealError as err:
            raise NotationError(f"{err} (in {quote(text)})") from None

    def hand(self, seat: Seat) -> tuple[BridgeCard, ...]:
        """The seat's cards, highest suit first (spades), then highest rank first."""
        expect(seat, Seat, "seat")
        return tuple(sorted(self.hands[seat], key=lambda c: (-c.suit, -c.rank)))

    @property
    def size(self) -> int:
        """Cards in each hand."""
        return len(self.hands[0])

    def owner(self, card: BridgeCard) -> Seat | None:
        """The seat that holds ``card``, or ``None``."""
        expect(card, BridgeCard, "card")
        for seat in Seat:
            if card in self.hands[seat]:
                return seat
        return None

    def to_pbn(self, first: Seat = Seat.N) -> str:
        """The PBN deal string, starting with ``first``."""
        expect(first, Seat, "first")
        return f"{first}:" + " ".join(hand_pbn(self.hands[s]) for s in first.following())

    def __str__(self) -> str:
        return self.to_pbn()

    def __repr__(self) -> str:
        return f"BridgeDeal.parse({self.to_pbn()!r})"


#: What :meth:`BridgeDeal.from_hands` takes, and what :meth:`BridgeDeal.parse` reads.
_BY_SEAT: Final = "a mapping of Seats to hands (iterables of BridgeCards)"
_DEAL_TEXT: Final = "a PBN deal (a str such as 'N:AKQ8.AQ87.AJT7.KQ9 JT97.KJT9.KQ98.AJ ...')"


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


#: The cards of each suit by their rank's character in PBN, either case (made once: a deal's
#: text is read with no card made anew).
_CARD_OF_CHAR: Final = {
    suit: {
        c: BridgeCard(suit, rank) for ch, rank in _RANK_OF_CHAR.items() for c in {ch, ch.lower()}
    }
    for suit in Suit
}


def _parse_hand(word: str, seat: Seat) -> frozenset[BridgeCard]:
    parts = word.split(".", 4)
    if len(parts) != 4:
        raise NotationError(
            f"{seat_hand(seat, word)} has {count(word.count('.') + 1, 'suit')}; expected 4 "
            "separated by dots: spades.hearts.diamonds.clubs ('-' or nothing for a void)"
        )
    cards: set[BridgeCard] = set()
    for suit, part in zip(PBN_SUIT_ORDER, parts, strict=True):
        if part == "-":
            continue
        of_char = _CARD_OF_CHAR[suit]
        for ch in part:
            card = of_char.get(ch)
            if card is None:
                raise NotationError(
                    f"unknown card {ch!r} in {seat.word}'s {suit.word} {quote(part)} "
                    f"(hand {quote(word)}); expected ranks A K Q J T 9 8 7 6 5 4 3 2"
                )
            if card in cards:
                raise NotationError(
                    f"{card.text} appears twice in {seat_hand(seat, word)}; "
                    "each card may be dealt once"
                )
            cards.add(card)
    return frozenset(cards)
