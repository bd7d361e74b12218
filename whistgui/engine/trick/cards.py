"""Cards: a suit (its position in a deal) and a rank (a positive integer, A = 14).

Only the order of ranks within a suit matters to the game. Standard ranks are 2–14 and are
written ``2 … 9 T J Q K A``; abstract suits (longer than 13 cards) use any positive integers.

>>> rank_from_text('T'), rank_from_text('10'), rank_from_text('q'), rank_text(14)
(10, 10, 12, 'A')
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Final, Literal

from whistgui.engine.checks import CheckedEnum, described, expect, whole
from whistgui.engine.errors import ArgumentTypeError, NotationError
from whistgui.engine.reading import quote, read_int

__all__ = [
    "DEFAULT_SUIT_NAMES",
    "MAX_RANK",
    "MAX_RANK_DIGITS",
    "RANK_CHARS",
    "SUIT_SYMBOLS",
    "Card",
    "Player",
    "count",
    "default_suit_name",
    "rank_from_text",
    "rank_text",
    "ranks_text",
    "standard_ranks",
]

#: Rank characters from high to low, as compact notation writes them.
RANK_CHARS: Final = "AKQJT98765432"
_RANK_OF_CHAR: Final = {c: 14 - i for i, c in enumerate(RANK_CHARS)}
_CHAR_OF_RANK: Final = {r: c for c, r in _RANK_OF_CHAR.items()}

#: Suit names of the first four suits of a deal, in order; further suits are named 5, 6, ….
DEFAULT_SUIT_NAMES: Final = ("S", "H", "D", "C")
SUIT_SYMBOLS: Final = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
_SYMBOL_NAMES: Final = {sym: name for name, sym in SUIT_SYMBOLS.items()}


_EXTRA_SYMBOLS: Final = "★●▲■✦✚"

#: The most digits a rank or a suit number may have: only the order of the ranks matters, so
#: a suit of any length can be written with small integers (1 to 2n).
MAX_RANK_DIGITS: Final = 9
#: The largest rank (and suit index) a card may have: the largest the notation reads back.
MAX_RANK: Final = 10**MAX_RANK_DIGITS - 1
_FEW_DIGITS: Final = " (only the order of the ranks matters, so small integers do)"


def suit_symbol(name: str) -> str:
    """♠ ♥ ♦ ♣ for the first four suits; ★ ● ▲ ■ ✦ ✚ (then again) for suits 5, 6, …, so
    that a card's pip never looks like a rank.

    >>> suit_symbol("H"), suit_symbol("5"), suit_symbol("11")
    ('♥', '★', '★')
    """
    if name in SUIT_SYMBOLS:
        return SUIT_SYMBOLS[name]
    try:
        i = int(name) - 5
    except ValueError:
        return name
    return _EXTRA_SYMBOLS[i % len(_EXTRA_SYMBOLS)]


def count(n: int, noun: str) -> str:
    """``1 card``, ``2 cards``: a number with its noun.

    >>> count(1, "card"), count(3, "trick")
    ('1 card', '3 tricks')
    """
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"


def default_suit_name(index: int) -> str:
    """The name of the suit at ``index`` (0-based) when the text gives none."""
    return DEFAULT_SUIT_NAMES[index] if index < len(DEFAULT_SUIT_NAMES) else str(index + 1)


def suit_name_from_text(text: str) -> str:
    """Normalise a suit prefix: a letter S/H/D/C (any case), a symbol ♠♥♦♣, or a number ≥ 5."""
    t = text.strip()
    if t in _SYMBOL_NAMES:
        return _SYMBOL_NAMES[t]
    if t.upper() in DEFAULT_SUIT_NAMES:
        return t.upper()
    if t.isascii() and t.isdigit():
        n = read_int(t, what="suit number", text=text, max_digits=MAX_RANK_DIGITS)
        if n >= 1:
            return DEFAULT_SUIT_NAMES[n - 1] if n <= len(DEFAULT_SUIT_NAMES) else str(n)
    raise NotationError(
        f"unknown suit {quote(text)}; expected S, H, D, C (or ♠ ♥ ♦ ♣) or a suit number"
    )


def rank_from_text(text: str) -> int:
    """A rank from ``A K Q J T 9 … 2`` (any case), ``10``, or any positive integer."""
    t = text.strip()
    if t.upper() in _RANK_OF_CHAR:
        return _RANK_OF_CHAR[t.upper()]
    if t.isascii() and t.isdigit():
        n = read_int(t, what="rank", text=text, max_digits=MAX_RANK_DIGITS, hint=_FEW_DIGITS)
        if n >= 1:
            return n
    raise NotationError(
        f"unknown rank {quote(text)}; expected one of A K Q J T 9 8 7 6 5 4 3 2, 10, "
        "or a positive integer"
    )


#: How a ten is written: ``T`` in compact notation (one character a card), ``10`` in the
#: paper's notation and on a card's face.
RankStyle = Literal["compact", "paper"]


def rank_text(rank: int, *, standard: bool = True, style: RankStyle = "compact") -> str:
    """How a rank is written: the one function that decides, everywhere in the program.

    A rank of a standard suit (every rank 2 to A, ``standard``) is a letter or digit —
    ``T`` for the ten in compact ``style``, ``10`` in the paper's style; a rank of an abstract
    suit (``standard=False``: some rank outside 2–A, so the letters would mislead) and any rank
    outside 2–14 is its integer.

    >>> [rank_text(r) for r in (14, 10, 2)], rank_text(10, style='paper')
    (['A', 'T', '2'], '10')
    >>> rank_text(13, standard=False)
    '13'
    """
    if not standard or rank not in _CHAR_OF_RANK:
        return str(rank)
    if rank == 10 and style == "paper":
        return "10"
    return _CHAR_OF_RANK[rank]


def ranks_text(ranks: Iterable[int], *, standard: bool = True, style: RankStyle = "compact") -> str:
    """Several ranks as one word: run together in a standard suit (``AKT``), with spaces
    between integers (``15 13 2``).

    >>> ranks_text([14, 13, 10]), ranks_text([15, 13, 2], standard=False)
    ('AKT', '15 13 2')
    """
    sep = "" if standard and style == "compact" else " "
    return sep.join(rank_text(r, standard=standard, style=style) for r in ranks)


def standard_ranks(ranks: Iterable[int]) -> bool:
    """Every rank is a standard one (2 to A): a suit of them is written with letters."""
    return all(r in _CHAR_OF_RANK for r in ranks)


@dataclass(frozen=True, slots=True, order=True)
class Card:
    """A card: the position of its suit in the deal (0-based) and its rank (2 to 14 = A in a
    standard suit). A deal names its cards and reads them back:

    >>> from whistgui.engine import Deal
    >>> d = Deal.parse('AQ/KJ K/A')
    >>> d.card_name(Card(0, 12)), d.holder(Card(0, 12)), d.card_from_text('H:A')
    ('S:Q', <Player.WEST: 'W'>, Card(suit=1, rank=14))
    """

    suit: int
    rank: int

    def __post_init__(self) -> None:
        suit, rank = self.suit, self.rank
        if type(suit) is not int or type(rank) is not int:
            whole(suit, "suit")
            whole(rank, "rank")
            object.__setattr__(self, "suit", int(suit))  # a numpy integer: kept as an int
            object.__setattr__(self, "rank", int(rank))
        if not (0 <= self.suit <= MAX_RANK and 1 <= self.rank <= MAX_RANK):
            raise NotationError(
                f"{quote(self)} is not a card; suit must be from 0 and rank from 1, each at most "
                f"{MAX_RANK:,}"
            )


class Player(enum.Enum, metaclass=CheckedEnum):
    """West (``W``, "our" side, Left in combinatorial game theory) or East (``E``).

    >>> Player.parse('west'), Player.WEST.other, Player.EAST.word, str(Player.EAST)
    (<Player.WEST: 'W'>, <Player.EAST: 'E'>, 'East', 'E')
    """

    WEST = "W"
    EAST = "E"

    @classmethod
    def _missing_(cls, value: object) -> Player:
        """``Player('X')``: NotationError naming what ``Player(...)`` takes; ArgumentTypeError
        for what is not text."""
        if isinstance(value, str):
            raise NotationError(
                f"{quote(value)} is not a player's value; expected 'W' or 'E' "
                "(Player.parse also reads West and East)"
            )
        raise ArgumentTypeError(f"value must be 'W' or 'E' (a str), not {described(value)}")

    @property
    def other(self) -> Player:
        return Player.EAST if self is Player.WEST else Player.WEST

    @classmethod
    def parse(cls, text: str) -> Player:
        """``W``/``West``/``E``/``East`` in any case."""
        t = expect(text, str, "text").strip().upper()
        if t in ("W", "WEST"):
            return cls.WEST
        if t in ("E", "EAST"):
            return cls.EAST
        raise NotationError(f"{quote(text)} is not a player; expected W (West) or E (East)")

    @property
    def word(self) -> str:
        """``West`` or ``East``, as sentences name the player."""
        return "West" if self is Player.WEST else "East"

    def __str__(self) -> str:
        return self.value
