"""Single-suit deals, multi-suit deals and states (§7.1).

A single-suit deal ``[W, E]`` holds West's and East's cards of one suit; a deal is a sum of
single-suit deals, one per suit, each with a name (S, H, D, C, 5, 6, …); a state adds the tricks
West has already taken.

>>> d = Deal.parse('AQ/KJ K/A')
>>> d
Deal.parse('AQ/KJ K/A')
>>> d.suits[0].pattern, d.suits[0].n, d.is_symmetric
('EWEW', 2, True)
>>> Deal.parse('[A Q, K J] + [K, A]') == d
True
>>> SuitDeal.parse('AQ/KJ').swapped()
SuitDeal.parse('KJ/AQ')
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from itertools import repeat
from typing import Final

from whistgui.engine.checks import described, each, expect, whole
from whistgui.engine.errors import (
    ArgumentError,
    ArgumentTypeError,
    AsymmetricSuitError,
    DealError,
)
from whistgui.engine.reading import quote, read_int
from whistgui.engine.trick import display, notation
from whistgui.engine.trick.cards import (
    MAX_RANK,
    Card,
    Player,
    RankStyle,
    count,
    default_suit_name,
    rank_text,
    standard_ranks,
)

__all__ = ["Deal", "State", "SuitDeal", "check_deal", "check_pattern", "check_player"]

#: The most digits of the tricks ``m`` of a state ``m + D`` in text.
_MAX_TRICKS_DIGITS = 9
_MAX_TRICKS = 10**_MAX_TRICKS_DIGITS - 1

_PLAYER = "a Player (Player.WEST or Player.EAST; Player.parse reads 'W' or 'E')"


def check_deal(deal: Deal, name: str = "deal") -> Deal:
    """``deal`` if it is a Deal, else ArgumentTypeError naming ``name`` (and Deal.parse, which
    reads text)."""
    if type(deal) is Deal:
        return deal
    return expect(deal, Deal, name, "a Deal (Deal.parse reads text such as 'AQ/KJ K/A')")


def check_player(player: object, name: str = "player") -> Player:
    """``player`` if it is a Player, else ArgumentTypeError naming ``name``."""
    if player is Player.WEST or player is Player.EAST:
        return player
    raise ArgumentTypeError(f"{name} must be {_PLAYER}, not {described(player)}")


_INT: Final = frozenset({int})


def check_pattern(pattern: str, name: str = "pattern") -> str:
    """``pattern`` if it is a symmetric suit's pattern (:attr:`SuitDeal.pattern`: its owners
    from low to high) — as many W as E, nothing else — else ArgumentTypeError (not text) or
    AsymmetricSuitError naming ``name``.

    >>> check_pattern('EWEW'), check_pattern('')
    ('EWEW', '')
    """
    if type(pattern) is not str:
        expect(pattern, str, name, "a suit's pattern (a str of W and E)")
    if pattern.count("W") * 2 != len(pattern) or set(pattern) - {"W", "E"}:
        raise AsymmetricSuitError(
            f"{name} {quote(pattern)} is not a symmetric suit of W and E cards"
        )
    return pattern


def _ranks(ranks: object, name: str) -> list[int]:
    """One hand's ranks: an iterable (not text) of ints from 1 to MAX_RANK, high to low."""
    if (type(ranks) is tuple or type(ranks) is list) and _INT.issuperset(map(type, ranks)):
        out = sorted(ranks, reverse=True)  # the common case: ints, checked in one pass
        if not out or (out[-1] >= 1 and out[0] <= MAX_RANK):
            return out
    if isinstance(ranks, (str, bytes)) or not isinstance(ranks, Iterable):
        raise ArgumentTypeError(
            f"{name} must be an iterable of ranks (ints), not {described(ranks)}; "
            "SuitDeal.parse reads text"
        )
    out = list(ranks)
    for i, r in enumerate(out):  # every type first: a wrong type is a TypeError wherever it is
        if type(r) is not int:
            out[i] = whole(r, f"{name}[{i}]")
    for r in out:
        if not 1 <= r <= MAX_RANK:
            raise DealError(
                f"rank {quote(r)} in {name} is not a positive integer up to {MAX_RANK:,}"
            )
    out.sort(reverse=True)
    return out


@dataclass(frozen=True, slots=True)
class SuitDeal:
    """``[W, E]``: the ranks each player holds in one suit, kept high to low.

    The two hands may differ in length (the exact solver plays such suits); the value theory
    asks for :attr:`is_symmetric` suits.

    >>> s = SuitDeal.parse('[A Q, K J]')
    >>> s, s.west, s.pattern, s.swapped(), SuitDeal((14, 12), (13, 11)) == s
    (SuitDeal.parse('AQ/KJ'), (14, 12), 'EWEW', SuitDeal.parse('KJ/AQ'), True)

    In a notebook a suit shows as R44 prints it, West's holding beside East's
    (``_repr_html_``, ``_repr_latex_``).
    """

    west: tuple[int, ...]
    east: tuple[int, ...]

    def __init__(self, west: Iterable[int], east: Iterable[int]) -> None:
        w = tuple(_ranks(west, "west"))
        e = tuple(_ranks(east, "east"))
        if len(set(w)) != len(w) or len(set(e)) != len(e) or set(w) & set(e):
            dup = sorted({r for r in w + e if (w + e).count(r) > 1}, reverse=True)
            raise DealError(
                f"card(s) {', '.join(rank_text(r) for r in dup)} appear twice in the suit "
                f"[{w}, {e}]; each card of a suit is held once"
            )
        object.__setattr__(self, "west", w)
        object.__setattr__(self, "east", e)

    @classmethod
    def parse(cls, text: str) -> SuitDeal:
        """One suit in compact (``AQ/KJ``) or the paper's (``[A Q, K J]``) notation."""
        return cls(*notation.parse_suit(text))

    @classmethod
    def from_pattern(cls, pattern: str) -> SuitDeal:
        """The suit whose owners from low to high are ``pattern`` (a string of W and E),
        dealt from the top of a standard suit when it fits, else ranks 1, 2, ….

        >>> SuitDeal.from_pattern('WEEW')
        SuitDeal.parse('AJ/KQ')
        """
        p = expect(pattern, str, "pattern").upper()
        if any(c not in "WE" for c in p):
            raise DealError(f"pattern {quote(pattern)} may hold only W and E")
        base = 15 - len(p) if len(p) <= 13 else 1
        w = [base + i for i, c in enumerate(p) if c == "W"]
        e = [base + i for i, c in enumerate(p) if c == "E"]
        return cls(w, e)

    # -- structure ------------------------------------------------------------------------
    @property
    def pattern(self) -> str:
        """Owners of the cards from low to high, e.g. ``'EWEW'`` for [A Q, K J]: the only
        thing about a suit the game depends on."""
        owner = {r: "W" for r in self.west} | {r: "E" for r in self.east}
        return "".join(owner[r] for r in sorted(owner))

    @property
    def is_symmetric(self) -> bool:
        return len(self.west) == len(self.east)

    @property
    def is_standard(self) -> bool:
        """Every rank is a standard one (2 to A), so the suit can be written with letters."""
        return standard_ranks(self.west + self.east)

    def card_text(
        self, rank: int, *, standard: bool | None = None, style: RankStyle = "compact"
    ) -> str:
        """A rank as this suit writes it (:func:`~whistgui.engine.trick.cards.rank_text`):
        ``T``/``K`` in a standard suit, the integer in an abstract one (``standard`` overrides,
        e.g. for what remains of an abstract suit)."""
        whole(rank, "rank", low=1, high=MAX_RANK)
        if standard is not None:
            expect(standard, bool, "standard", "True, False or None")
        if style not in ("compact", "paper"):
            expect(style, str, "style", "'compact' or 'paper'")
            raise ArgumentError(f"style must be 'compact' or 'paper', not {quote(style)}")
        std = self.is_standard if standard is None else standard
        return rank_text(rank, standard=std, style=style)

    def _card_text(self, rank: int) -> str:
        """:meth:`card_text` of a checked rank, compact (what card names call)."""
        return rank_text(rank, standard=self.is_standard)

    @property
    def n(self) -> int:
        """Cards per hand, |D|; raises :class:`AsymmetricSuitError` for asymmetric suits."""
        if not self.is_symmetric:
            raise AsymmetricSuitError(
                f"the suit {quote(str(self))} is not symmetric: West holds "
                f"{count(len(self.west), 'card')} "
                f"and East {len(self.east)}; the value theory needs the same number on each side"
            )
        return len(self.west)

    @property
    def is_empty(self) -> bool:
        return not self.west and not self.east

    def hand(self, player: Player) -> tuple[int, ...]:
        if player is Player.WEST:
            return self.west
        if player is Player.EAST:
            return self.east
        raise ArgumentTypeError(f"player must be {_PLAYER}, not {described(player)}")

    def swapped(self) -> SuitDeal:
        """D̄: West's and East's cards exchanged."""
        return SuitDeal._of(self.east, self.west)

    def sequences(self, player: Player) -> tuple[tuple[int, ...], ...]:
        """The player's cards grouped into sequences — cards with no card of the other hand
        between them, hence equivalent in play — each high to low, highest group first.

        >>> SuitDeal.parse('AKT9/QJ8').sequences(Player.WEST)
        ((14, 13), (10, 9))
        """
        hand = self.hand(player)
        groups: list[list[int]] = []
        prev_mine = False
        for r in sorted(self.west + self.east, reverse=True):
            mine = r in hand
            if mine and prev_mine:
                groups[-1].append(r)
            elif mine:
                groups.append([r])
            prev_mine = mine
        return tuple(tuple(g) for g in groups)

    def without(self, west: int | None = None, east: int | None = None) -> SuitDeal:
        """The suit with the given West and/or East card removed."""
        if west is not None:
            whole(west, "west")
        if east is not None:
            whole(east, "east")
        return SuitDeal._of(
            tuple(r for r in self.west if r != west), tuple(r for r in self.east if r != east)
        )

    @classmethod
    def _of(cls, west: tuple[int, ...], east: tuple[int, ...]) -> SuitDeal:
        """The suit of ranks already checked and held high to low: what a suit's own methods
        make of it (checked once, where a suit comes in)."""
        self = object.__new__(cls)
        object.__setattr__(self, "west", west)
        object.__setattr__(self, "east", east)
        return self

    def __str__(self) -> str:
        try:
            return notation.format_suit_compact(self)
        except ValueError:
            return notation.format_suit_paper(self)

    def __repr__(self) -> str:
        return f"SuitDeal.parse({str(self)!r})"

    def _repr_html_(self) -> str:
        """The suit in a notebook: West's holding beside East's, captioned ``[A Q, K J]``."""
        return display.suit_html(self)

    def _repr_latex_(self) -> str:
        """The suit typeset as R44 prints it (its display (2))."""
        return display.suit_latex(self)


@dataclass(frozen=True, slots=True)
class Deal:
    """A multi-suit deal: its suits in order, each with a name.

    Equality is by suits and names in order; the solver and the values treat suits as an
    unordered sum (§7.1), as the paper does.

    R44's deal (4), its value and its outcome (West's tricks with West, with East on lead):

    >>> from whistgui.engine import Evaluator
    >>> d = Deal.parse('[A Q, K J] + [A K J, Q 10 9] + [A J 9, K Q 10]')
    >>> d, d.size, Evaluator().value(d), Evaluator().outcome(d)
    (Deal.parse('AQ/KJ AKJ/QT9 AJ9/KQT'), 8, Value.parse('11/2'), Outcome(west_lead=5, east_lead=6))

    In a notebook a deal shows as the papers print it: West's hand beside East's, a suit a
    line, captioned by its text in the paper's notation (``_repr_html_``; ``_repr_latex_``
    typesets the same array):

    >>> print(d._repr_html_())
    <table class="whist"><caption>[A Q, K J] + [A K J, Q 10 9] + [A J 9, K Q 10]</caption>
    <thead><tr><th>West</th><th>East</th></tr></thead>
    <tbody>
    <tr><td>♠ A Q</td><td>♠ K J</td></tr>
    <tr><td>♥ A K J</td><td>♥ Q 10 9</td></tr>
    <tr><td>♦ A J 9</td><td>♦ K Q 10</td></tr>
    </tbody></table>
    """

    suits: tuple[SuitDeal, ...]
    names: tuple[str, ...]

    def __init__(self, suits: Iterable[SuitDeal], names: Iterable[str] | None = None) -> None:
        s: tuple[SuitDeal, ...]
        if (type(suits) is tuple or type(suits) is list) and all(
            map(isinstance, suits, repeat(SuitDeal))
        ):
            s = tuple(suits)  # the common case, checked in one pass
        else:
            s = each(suits, SuitDeal, "suits", "an iterable of SuitDeal (Deal.parse reads text)")
        if names is None:
            n = tuple(default_suit_name(i) for i in range(len(s)))
        elif type(names) is tuple and all(map(isinstance, names, repeat(str))):
            n = names
        else:
            n = each(names, str, "names", "an iterable of suit names (str) or None")
        if len(n) != len(s):
            raise DealError(f"{len(s)} suits but {len(n)} names {quote(n)}")
        if len(set(n)) != len(n):
            raise DealError(f"suit names {quote(n)} repeat; each suit is named once")
        object.__setattr__(self, "suits", s)
        object.__setattr__(self, "names", n)

    @classmethod
    def parse(cls, text: str) -> Deal:
        """A deal in compact notation (``AQ/KJ K/A``, ``S:AQ/KJ H:A/K``) or the paper's
        (``[A Q, K J] + [K, A]``)."""
        parsed = notation.parse_deal(text)
        return cls((SuitDeal(*s) for s in parsed.suits), parsed.names)

    # -- structure ------------------------------------------------------------------------
    @property
    def is_symmetric(self) -> bool:
        """Every suit has as many West cards as East cards (the paper's standing assumption)."""
        return all(s.is_symmetric for s in self.suits)

    @property
    def size(self) -> int:
        """|D|: cards in each hand; raises DealError if the hands differ in size."""
        w, e = self.hand_size(Player.WEST), self.hand_size(Player.EAST)
        if w != e:
            raise DealError(
                f"West holds {count(w, 'card')} and East {e} in {self}; "
                "both hands need the same number"
            )
        return w

    def hand_size(self, player: Player) -> int:
        check_player(player)
        return sum(len(s.hand(player)) for s in self.suits)

    def hand(self, player: Player) -> list[Card]:
        """The player's cards, suit by suit, high to low."""
        check_player(player)
        return [Card(i, r) for i, s in enumerate(self.suits) for r in s.hand(player)]

    def holder(self, card: Card) -> Player | None:
        """Who holds ``card``, or None if it is not in the deal."""
        if type(card) is not Card:
            expect(card, Card, "card")
        if card.suit >= len(self.suits):
            return None
        s = self.suits[card.suit]
        if card.rank in s.west:
            return Player.WEST
        if card.rank in s.east:
            return Player.EAST
        return None

    def card_name(self, card: Card) -> str:
        """``S:Q``-style text of a card of this deal; in a suit with non-standard ranks the
        ranks are integers (``S:13``)."""
        self._check_suit(card)
        return f"{self.names[card.suit]}:{self.suits[card.suit]._card_text(card.rank)}"

    def _check_suit(self, card: Card, name: str = "card") -> Card:
        """``card`` if it is a Card of one of this deal's suits, else ArgumentTypeError or
        DealError naming ``name``."""
        if type(card) is not Card:
            expect(card, Card, name)
        if card.suit >= len(self.suits):
            raise DealError(
                f"{name} {quote(card)} is of suit {card.suit}, but the deal {quote(str(self))} "
                f"has {count(len(self.suits), 'suit')} (numbered from 0)"
            )
        return card

    def card_from_text(self, text: str) -> Card:
        """The card of this deal written ``S:Q`` (suit name, colon, rank)."""
        return notation.parse_card(expect(text, str, "text"), self)

    def swapped(self) -> Deal:
        """D̄: the two hands exchanged in every suit."""
        return Deal._of(tuple(s.swapped() for s in self.suits), self.names)

    def without(self, *cards: Card) -> Deal:
        """The deal with the given cards removed (suits keep their places, possibly empty)."""
        suits = list(self.suits)
        for c in cards:
            self._check_suit(c, "cards")
            s = suits[c.suit]
            if c.rank in s.west:
                suits[c.suit] = s.without(west=c.rank)
            elif c.rank in s.east:
                suits[c.suit] = s.without(east=c.rank)
            else:
                raise DealError(f"{self.card_name(c)} is not in the deal {self}")
        return Deal._of(tuple(suits), self.names)

    @classmethod
    def _of(cls, suits: tuple[SuitDeal, ...], names: tuple[str, ...]) -> Deal:
        """The deal of suits and names already checked: what a deal's own methods make of
        it (checked once, where a deal comes in)."""
        self = object.__new__(cls)
        object.__setattr__(self, "suits", suits)
        object.__setattr__(self, "names", names)
        return self

    def with_card(self, card: Card, player: Player) -> Deal:
        """The deal with ``card`` given back to ``player`` (the inverse of :meth:`without`)."""
        check_player(player)
        if self.holder(card) is not None or card.suit >= len(self.suits):
            raise DealError(f"{quote(card)} cannot be added to the deal {quote(str(self))}")
        suits = list(self.suits)
        s = suits[card.suit]
        suits[card.suit] = (
            SuitDeal((*s.west, card.rank), s.east)
            if player is Player.WEST
            else SuitDeal(s.west, (*s.east, card.rank))
        )
        return Deal(suits, self.names)

    def __iter__(self) -> Iterator[SuitDeal]:
        return iter(self.suits)

    def __len__(self) -> int:
        return len(self.suits)

    def __str__(self) -> str:
        return notation.format_deal(self)

    def __repr__(self) -> str:
        return f"Deal.parse({str(self)!r})"

    def _repr_html_(self) -> str:
        """The deal in a notebook as the papers print it: West's hand beside East's, a suit a
        line, captioned by its text in the paper's notation."""
        return display.deal_html(self)

    def _repr_latex_(self) -> str:
        """The deal typeset as R44 prints it (its displays (1)–(8))."""
        return display.deal_latex(self)


@dataclass(frozen=True, slots=True)
class State:
    """``m + D``: a deal plus the tricks West has already taken (§7.1).

    >>> State.parse('1 + [K J, A Q]')
    State.parse('1 + KJ/AQ')
    """

    tricks: int
    deal: Deal

    def __post_init__(self) -> None:
        t = whole(self.tricks, "tricks", low=-_MAX_TRICKS, high=_MAX_TRICKS)
        object.__setattr__(self, "tricks", t)
        check_deal(self.deal)

    @classmethod
    def parse(cls, text: str) -> State:
        """``m + DEAL`` (or just a deal, m = 0); the deal in either notation."""
        expect(text, str, "text")
        m = re.fullmatch(r"\s*(-?\d+)\s*(?:\+\s*(.*\S)\s*)?", text, re.DOTALL)
        if m is None:
            return cls(0, Deal.parse(text))
        tricks = read_int(m.group(1), what="tricks", text=text, max_digits=_MAX_TRICKS_DIGITS)
        return cls(tricks, Deal.parse(m.group(2)) if m.group(2) else Deal(()))

    def __str__(self) -> str:
        if not self.deal.suits:
            return str(self.tricks)
        return f"{self.tricks} + {self.deal}" if self.tricks else str(self.deal)

    def __repr__(self) -> str:
        return f"State.parse({str(self)!r})"
