"""Positions in play: who is on lead, the card led to the current trick, tricks taken so far.

>>> p = Position.start(Deal.parse('AQ/KJ K/A'), Player.EAST)
>>> [p.deal.card_name(c) for c in p.legal_cards()]
['S:K', 'S:J', 'H:A']
>>> p = p.play(p.deal.card_from_text('H:A'))
>>> [p.deal.card_name(c) for c in p.legal_cards()]
['H:K']
>>> p = p.play(p.deal.card_from_text('H:K'))
>>> p.leader, p.west_tricks, str(p.deal)
(<Player.EAST: 'E'>, 0, 'AQ/KJ -/-')
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from whistgui.engine.checks import expect, whole
from whistgui.engine.errors import DealError, IllegalPlayError, NotationError
from whistgui.engine.reading import quote
from whistgui.engine.trick.cards import DEFAULT_SUIT_NAMES, Card, Player, count
from whistgui.engine.trick.deal import Deal, check_deal, check_player
from whistgui.engine.trick.rules import WHIST_RULES, Rules

__all__ = ["MAX_LINE_TEXT", "Position", "Trick", "parse_line"]

_W, _E = Player.WEST, Player.EAST


@dataclass(frozen=True, slots=True)
class Trick:
    """A finished trick: who led, the two cards, who won.

    >>> from whistgui.engine import WHIST_RULES, Deal
    >>> d = Deal.parse('AQ/KJ')
    >>> lead, reply = d.card_from_text('S:K'), d.card_from_text('S:A')
    >>> Trick(Player.EAST, lead, reply, WHIST_RULES.winner(Player.EAST, lead, reply)).winner
    <Player.WEST: 'W'>
    """

    leader: Player
    lead: Card
    reply: Card
    winner: Player


@dataclass(frozen=True, slots=True)
class Position:
    """A point in the play of a deal.

    ``deal`` holds the cards still in the hands (a card led to the current trick is no longer
    in it but in ``led``); ``leader`` led or is to lead the current trick.

    R44's deal (23): East leads the king of [A J 9, K Q 10], West holds up:

    >>> d = Deal.parse('AJ9/KQT')
    >>> p = Position.start(d, Player.EAST).play(d.card_from_text('S:K'))
    >>> p.to_move, [p.card_name(c) for c in p.legal_cards()]
    (<Player.WEST: 'W'>, ['S:A', 'S:J', 'S:9'])
    >>> q = p.play(d.card_from_text('S:9'))
    >>> q.leader, q.west_tricks, q.tricks_left
    (<Player.EAST: 'E'>, 0, 2)
    """

    deal: Deal
    leader: Player
    led: Card | None = None
    west_tricks: int = 0
    #: The deal as dealt: cards are named as it writes them (an abstract suit keeps integer
    #: ranks even when what remains of it would fit the letters).
    origin: Deal | None = None
    #: The game's rules: legal replies, the trick's winner, the score.
    rules: Rules = WHIST_RULES

    def __post_init__(self) -> None:
        if (
            type(self.deal) is not Deal
            or type(self.led) not in (Card, type(None))
            or type(self.west_tricks) is not int
            or type(self.origin) not in (Deal, type(None))
            or type(self.rules) is not Rules
        ):
            check_deal(self.deal)
            if self.led is not None:
                expect(self.led, Card, "led", "a Card or None")
            object.__setattr__(self, "west_tricks", whole(self.west_tricks, "west_tricks"))
            if self.origin is not None:
                expect(self.origin, Deal, "origin", "a Deal or None")
            expect(self.rules, Rules, "rules")
        if self.leader is not _W and self.leader is not _E:
            check_player(self.leader, "leader")
        if self.west_tricks < 0:
            raise DealError(f"west_tricks must be at least 0, not {self.west_tricks}")

    @classmethod
    def start(cls, deal: Deal, leader: Player, rules: Rules = WHIST_RULES) -> Position:
        """The deal before the first card, both hands of equal size."""
        check_deal(deal)
        _ = deal.size  # raises DealError for unequal hands
        return cls(deal, leader, origin=deal, rules=rules)

    def card_name(self, card: Card) -> str:
        """``S:Q``-style text of a card of this game, as the original deal writes it."""
        return (self.origin or self.deal).card_name(card)

    @property
    def to_move(self) -> Player:
        return self.leader if self.led is None else self.leader.other

    @property
    def is_over(self) -> bool:
        return self.led is None and not self.deal.hand(self.leader)

    @property
    def tricks_left(self) -> int:
        return len(self.deal.hand(self.leader))

    def legal_cards(self) -> list[Card]:
        """The cards the player to move may play, suit by suit, high to low."""
        return self.rules._legal(self.deal.hand(self.to_move), self.led)

    def legal_groups(self) -> list[tuple[Card, ...]]:
        """The legal cards grouped into sequences — cards of one suit with no card of the
        other player between them, a card led to this trick included — each group high to
        low: the cards of a group are equivalent in play.

        >>> p = Position.start(Deal.parse('KJ/AQ'), Player.WEST)
        >>> [[p.card_name(c) for c in g] for g in p.legal_groups()]
        [['S:K'], ['S:J']]
        >>> [[p.card_name(c) for c in g] for g in p.play(Card(0, 13)).legal_groups()]
        [['S:A'], ['S:Q']]
        """
        legal = set(self.legal_cards())
        deal = self.deal
        if self.led is not None:  # the led card still separates the follower's sequences
            deal = deal.with_card(self.led, self.leader)
        groups: list[tuple[Card, ...]] = []
        for i, suit in enumerate(deal.suits):
            for seq in suit.sequences(self.to_move):
                cards = tuple(Card(i, r) for r in seq if Card(i, r) in legal)
                if cards:
                    groups.append(cards)
        return groups

    def play(self, card: Card) -> Position:
        """The position after ``card``; raises :class:`IllegalPlayError` if it is not legal."""
        mover = self.to_move
        holder = self.deal.holder(card)  # checks that it is a Card
        name = self._name(card)
        if holder is None:
            raise IllegalPlayError(f"{name} is not in either hand; expected one of {self._legal()}")
        if holder is not mover:
            raise IllegalPlayError(
                f"{name} is {holder.name.title()}'s card but {mover.name.title()} is to play; "
                f"expected one of {self._legal()}"
            )
        if card not in self.legal_cards():
            why = (
                "must win the trick"
                if self.led is not None and card.suit == self.led.suit
                else "does not follow suit"
            )
            raise IllegalPlayError(
                f"{name} {why} to {self._name(self.led)}; expected one of {self._legal()}"
            )
        rest = self.deal.without(card)
        if self.led is None:
            return Position(rest, self.leader, card, self.west_tricks, self.origin, self.rules)
        winner = self.rules._winner(self.leader, self.led, card)
        west_tricks = self.west_tricks + (winner is Player.WEST)
        return Position(rest, winner, None, west_tricks, self.origin, self.rules)

    def trick_winner(self, reply: Card) -> Player:
        """Who would win the current trick if ``reply`` were played to it."""
        expect(reply, Card, "reply")
        if self.led is None:
            raise IllegalPlayError("no card has been led to this trick")
        return self.rules._winner(self.leader, self.led, reply)

    def _name(self, card: Card | None) -> str:
        if card is None:
            return "nothing"
        try:
            return self.card_name(card)
        except DealError:  # a card of no suit of the deal
            return repr(card)

    def _legal(self) -> str:
        cards = self.legal_cards()
        return ", ".join(self.card_name(c) for c in cards) if cards else "none (play is over)"

    def check(self) -> None:
        """Raise DealError if the hands cannot belong to this position."""
        w, e = self.deal.hand_size(Player.WEST), self.deal.hand_size(Player.EAST)
        expected_diff = 0 if self.led is None else (1 if self.leader is Player.EAST else -1)
        if w - e != expected_diff:
            raise DealError(
                f"West holds {count(w, 'card')} and East {e}: impossible "
                + ("between tricks" if self.led is None else "after a lead")
            )


#: The longest line of play :func:`parse_line` reads (characters): a 52-card-a-hand deal's
#: whole play, written ``E:S:10`` a card, with room to spare.
MAX_LINE_TEXT: Final = 2_000

_SUIT_LETTERS: Final = frozenset(DEFAULT_SUIT_NAMES) | frozenset("♠♥♦♣")


def _line_card(deal: Deal, card: str) -> Card:
    """A card of ``deal`` written ``SK``, ``S:K``, ``♠K`` or (one suit) ``K``."""
    if ":" not in card and len(card) > 1 and card[0].upper() in _SUIT_LETTERS:
        card = f"{card[0]}:{card[1:]}"
    return deal.card_from_text(card)


def parse_line(
    deal: Deal, text: str, rules: Rules = WHIST_RULES
) -> tuple[Player, tuple[Card, ...]]:
    """A line of play written seat by seat, ``E:SK W:S9 …`` (the seat, a colon, the card as
    ``SK`` or ``S:K``; spaces or commas between): who leads (the first card's seat) and the
    cards, each checked in turn — held by its seat, that seat to play, a legal card — so that
    a bad one is refused (:class:`NotationError`) quoting it and saying what was expected.

    >>> d = Deal.parse('KJ/AQ A/K K/A')
    >>> leader, cards = parse_line(d, 'E:DA W:DK E:SQ')
    >>> leader, [d.card_name(c) for c in cards]
    (<Player.EAST: 'E'>, ['D:A', 'D:K', 'S:Q'])
    >>> parse_line(d, 'E:DA W:SK')
    Traceback (most recent call last):
    ...
    whistgui.engine.errors.NotationError: card 2 'W:SK': S:K does not follow suit to D:A; \
expected one of D:K
    >>> parse_line(d, 'W:SA')
    Traceback (most recent call last):
    ...
    whistgui.engine.errors.NotationError: card 1 'W:SA': S:A is East's card, not West's
    >>> parse_line(d, 'E:DA W:DK E:DA')
    Traceback (most recent call last):
    ...
    whistgui.engine.errors.NotationError: card 3 'E:DA': D:A was already played, as card 1
    """
    check_deal(deal)
    expect(text, str, "text", "a line of play such as 'E:SK W:S9'")
    if len(text) > MAX_LINE_TEXT:
        raise NotationError(
            f"the line of play {quote(text)} has {len(text):,} characters; at most "
            f"{MAX_LINE_TEXT:,}"
        )
    tokens = text.replace(",", " ").split()
    if not tokens:
        raise NotationError(f"{quote(text)} is no line of play; expected cards like 'E:SK W:S9'")
    position: Position | None = None
    cards: list[Card] = []
    for i, token in enumerate(tokens):
        where = f"card {i + 1} {quote(token)}"
        seat_text, colon, card_text = token.partition(":")
        if not colon or not card_text:
            raise NotationError(f"{where}: expected a seat, a colon and a card, like 'E:SK'")
        try:
            seat = Player.parse(seat_text)
            card = _line_card(deal, card_text)
        except NotationError as exc:
            raise NotationError(f"{where}: {exc}") from None
        if position is None:
            position = Position.start(deal, seat, rules)
        if position.is_over:
            raise NotationError(f"{where}: play is over after card {i}")
        holder = position.deal.holder(card)
        name = position.card_name(card)
        if card in cards:  # "not in either hand" said less than what went wrong
            raise NotationError(
                f"{where}: {name} was already played, as card {cards.index(card) + 1}"
            )
        if holder is not None and holder is not seat:
            raise NotationError(f"{where}: {name} is {holder.word}'s card, not {seat.word}'s")
        if seat is not position.to_move:
            raise NotationError(
                f"{where}: {position.to_move.word} is to play, not {seat.word}; expected one "
                f"of {position._legal()}"
            )
        try:
            position = position.play(card)
        except IllegalPlayError as exc:
            raise NotationError(f"{where}: {exc}") from None
        cards.append(card)
    return Player.parse(tokens[0].partition(":")[0]), tuple(cards)
