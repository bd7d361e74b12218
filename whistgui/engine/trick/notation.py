"""The two deal notations, each a parser and a formatter that round-trip.

*Compact*: suits separated by white space, each ``WEST/EAST`` with ranks ``A K Q J T 9 … 2``
(``10`` accepted for ``T``, ``-`` for an empty hand), optionally prefixed by a suit name:

>>> format_deal(parse_deal('S:AQ/KJ H:A/K D:K/A'))
'AQ/KJ A/K K/A'
>>> format_deal(parse_deal('H:A/K S:AQ/KJ'))
'H:A/K S:AQ/KJ'
>>> format_deal(parse_deal('A109/KQJ'))
'AT9/KQJ'

*The paper's*: ``[A Q, K J] + [K, A]``, a card being a rank letter or a positive integer, so
suits longer than 13 cards can be written:

>>> format_deal(parse_deal('[13 12 9 8 7 2 1, 14 11 10 6 5 4 3]'))
'[13 12 9 8 7 2 1, 14 11 10 6 5 4 3]'
>>> format_deal_paper(parse_deal('AQ/KJ K/A'))
'[A Q, K J] + [K, A]'

Bad text raises :class:`NotationError` naming the offending part:

>>> parse_deal('AX/KQ')
Traceback (most recent call last):
...
whistgui.engine.errors.NotationError: unknown rank 'X' in suit 'AX/KQ'; expected one of ...
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from itertools import islice
from typing import Final, NamedTuple, Protocol

from whistgui.engine.checks import described
from whistgui.engine.errors import ArgumentTypeError, NotationError
from whistgui.engine.reading import quote
from whistgui.engine.trick.cards import (
    DEFAULT_SUIT_NAMES,
    Card,
    default_suit_name,
    rank_from_text,
    rank_text,
    ranks_text,
    standard_ranks,
    suit_name_from_text,
)

__all__ = [
    "MAX_DEAL_CARDS",
    "MAX_DEAL_SUITS",
    "ParsedDeal",
    "ParsedSuit",
    "format_deal",
    "format_deal_compact",
    "format_deal_paper",
    "format_suit_compact",
    "format_suit_paper",
    "parse_card",
    "parse_deal",
    "parse_suit",
]

_COMPACT_RANKS: Final = "AKQJT98765432"

#: The most suits, and the most cards, the text of a deal holds: far beyond any deal the app or
#: a command works with (a document holds at most 500 suits; ``whist value`` values suits of up
#: to 200 cards a hand), they bound the memory a text of any length takes to read — the text is
#: read until it passes them, and a card held twice is refused as soon as it is read.
MAX_DEAL_SUITS: Final = 10_000
MAX_DEAL_CARDS: Final = 100_000

#: A run of characters other than white space: a compact suit, or a rank of the paper's.
_WORD_RE: Final = re.compile(r"\S+")


class ParsedSuit(NamedTuple):
    """One suit as the text gives it: West's and East's ranks, high to low."""

    west: tuple[int, ...]
    east: tuple[int, ...]


class ParsedDeal(NamedTuple):
    """A deal as the text gives it; :class:`~whistgui.engine.trick.deal.Deal` builds itself from it
    (this module knows text, never the deal types, so the import runs one way)."""

    suits: tuple[ParsedSuit, ...]
    names: tuple[str, ...]


class _SuitLike(Protocol):
    @property
    def west(self) -> tuple[int, ...]: ...
    @property
    def east(self) -> tuple[int, ...]: ...


class _DealLike(Protocol):
    @property
    def suits(self) -> Sequence[_SuitLike]: ...
    @property
    def names(self) -> tuple[str, ...]: ...


_EMPTY_DEAL: Final = "0"


# --------------------------------------------------------------------------- parsing
def parse_deal(text: str) -> ParsedDeal:
    """A deal in either notation (the paper's if the text holds a ``[``). ``0`` is the empty
    deal; blank text is an error."""
    if not isinstance(text, str):
        raise ArgumentTypeError(
            f"text must be deal text (a str) such as 'AQ/KJ K/A', not {described(text)}"
        )
    s = text.strip()
    if not s:
        raise NotationError(
            f"{quote(text)} is an empty deal; expected suits such as 'AQ/KJ K/A' or '[A Q, K J]'"
        )
    if s == _EMPTY_DEAL:
        return ParsedDeal((), ())
    if "[" in s or "]" in s:
        return _parse_paper(s, text)
    return _parse_compact(s, text)


def parse_suit(text: str) -> ParsedSuit:
    """Exactly one suit, in either notation."""
    deal = parse_deal(text)
    if len(deal.suits) != 1:
        raise NotationError(
            f"{quote(text)} holds {len(deal.suits)} suits; expected exactly one, like 'AQ/KJ'"
        )
    return deal.suits[0]


def _parse_compact(s: str, original: str) -> ParsedDeal:
    tokens = [m.group() for m in islice(_WORD_RE.finditer(s), MAX_DEAL_SUITS + 1)]
    if len(tokens) > MAX_DEAL_SUITS:
        raise _too_many(original, MAX_DEAL_SUITS, "suits")
    explicit: list[str | None] = []
    bodies: list[str] = []
    for tok in tokens:
        if ":" in tok:
            name, body = tok.split(":", 1)
            try:
                explicit.append(suit_name_from_text(name))
            except NotationError as exc:
                raise NotationError(f"in suit {quote(tok)}: {exc}") from None
        else:
            explicit.append(None)
            body = tok
        bodies.append(body)
    suits: list[ParsedSuit] = []
    cards = 0
    for body, tok in zip(bodies, tokens, strict=True):
        suits.append(_parse_compact_suit(body, tok))
        cards += len(suits[-1].west) + len(suits[-1].east)
        if cards > MAX_DEAL_CARDS:
            raise _too_many(original, MAX_DEAL_CARDS, "cards")
    return ParsedDeal(tuple(suits), tuple(_assign_names(explicit, original)))


def _too_many(original: str, limit: int, what: str) -> NotationError:
    return NotationError(
        f"{quote(original)} holds over {limit:,} {what}; expected a deal of at most {limit:,} "
        f"{what}"
    )


def _assign_names(explicit: list[str | None], original: str) -> list[str]:
    """Suit names: the given ones, and for the others the first default names not given."""
    seen: set[str] = set()
    for n in explicit:
        if n is not None and n in seen:
            raise NotationError(f"suit {n} is named twice in {quote(original)}")
        if n is not None:
            seen.add(n)
    free = (default_suit_name(i) for i in range(len(explicit) + len(DEFAULT_SUIT_NAMES)))
    free_names = (n for n in free if n not in seen)
    return [n if n is not None else next(free_names) for n in explicit]


def _parse_compact_suit(body: str, token: str) -> ParsedSuit:
    if body.count("/") != 1:
        what = "has no '/'" if "/" not in body else "has more than one '/'"
        raise NotationError(
            f"suit {quote(token)} {what}; expected West's cards, '/', East's cards, like 'AQ/KJ'"
        )
    slash = body.index("/")
    seen: set[int] = set()
    west = _parse_compact_hand(body, 0, slash, token, seen)
    east = _parse_compact_hand(body, slash + 1, len(body), token, seen)
    return _make_suit(west, east)


def _parse_compact_hand(text: str, i: int, end: int, token: str, seen: set[int]) -> list[int]:
    """The ranks of one hand, ``text[i:end]``, each added to ``seen`` (the suit's cards so
    far): a card read twice is refused at once, so a hand is never read past 14 ranks."""
    if end - i == 0 or (end - i == 1 and text[i] == "-"):
        return []
    ranks: list[int] = []
    while i < end:
        c = text[i].upper()
        if c == "1" and i + 1 < end and text[i + 1] == "0":
            r = 10
            i += 2
        elif c in _COMPACT_RANKS:
            r = 14 - _COMPACT_RANKS.index(c)
            i += 1
        else:
            raise NotationError(
                f"unknown rank {quote(text[i])} in suit {quote(token)}; expected one of "
                f"{' '.join(_COMPACT_RANKS)} or 10"
            )
        ranks.append(_held_once(r, seen, token))
    return ranks


def _held_once(rank: int, seen: set[int], token: str) -> int:
    """``rank``, added to ``seen``; NotationError if the suit ``token`` already holds it."""
    if rank in seen:
        raise NotationError(
            f"card {rank_text(rank)!r} appears twice in suit {quote(token)}; each card of a suit "
            "is held once"
        )
    seen.add(rank)
    return rank


def _make_suit(west: list[int], east: list[int]) -> ParsedSuit:
    return ParsedSuit(tuple(sorted(west, reverse=True)), tuple(sorted(east, reverse=True)))


#: A suit in the paper's notation, with its name if it has one. A name starts where a run of
#: name characters starts (the look-behind): tried from inside a long run, the search would
#: take time quadratic in the run's length.
_PAPER_SUIT_RE: Final = re.compile(r"(?:(?<![^\s\[\]+:])([^\s\[\]+:]+)\s*:\s*)?\[([^\[\]]*)\]")


_SPACE_RE: Final = re.compile(r"\s*")
_JOIN_RE: Final = re.compile(r"\s*\+\s*")


def _paper_suits(s: str, original: str) -> list[re.Match[str]]:
    """The suits of ``s`` in the paper's notation (matches of :data:`_PAPER_SUIT_RE`: the
    name, what the brackets hold); NotationError unless ``s`` is suits joined by '+' and
    nothing else. Read from the start until the text goes wrong or passes
    :data:`MAX_DEAL_SUITS`."""
    groups: list[re.Match[str]] = []
    pos = 0
    for m in _PAPER_SUIT_RE.finditer(s):
        if (_JOIN_RE if groups else _SPACE_RE).fullmatch(s, pos, m.start()) is None:
            break
        if len(groups) == MAX_DEAL_SUITS:
            raise _too_many(original, MAX_DEAL_SUITS, "suits")
        groups.append(m)
        pos = m.end()
    else:
        if groups and _SPACE_RE.fullmatch(s, pos) is not None:
            return groups
    raise NotationError(
        f"{quote(original)} is not in the paper's notation; expected suits in brackets "
        "joined by '+', like '[A Q, K J] + [K, A]'"
    )


def _paper_hand(
    text: str, span: tuple[int, int], token: str, seen: set[int], room: int, original: str
) -> list[int]:
    """The ranks of one hand, ``text[span[0]:span[1]]``, of the suit ``token``, each added to
    ``seen``; NotationError for a bad rank, a card held twice, or more than ``room`` cards
    (what the deal has left of :data:`MAX_DEAL_CARDS`)."""
    ranks: list[int] = []
    for m in _WORD_RE.finditer(text, *span):
        try:
            rank = rank_from_text(m.group())
        except NotationError as exc:
            raise NotationError(f"in suit {quote(token)}: {exc}") from None
        _held_once(rank, seen, token)
        if len(ranks) == room:
            raise _too_many(original, MAX_DEAL_CARDS, "cards")
        ranks.append(rank)
    return ranks


def _parse_paper(s: str, original: str) -> ParsedDeal:
    groups = _paper_suits(s, original)
    suits: list[ParsedSuit] = []
    cards = 0
    explicit: list[str | None] = []
    for group in groups:
        name_text = group.group(1)
        start, end = group.span(2)
        token = s[start - 1 : end + 1]  # the suit in its brackets; its hands are read in place
        if name_text:
            try:
                explicit.append(suit_name_from_text(name_text))
            except NotationError as exc:
                raise NotationError(f"in suit {quote(token)}: {exc}") from None
        else:
            explicit.append(None)
        if s.count(",", start, end) != 1:
            raise NotationError(
                f"suit {quote(token)} needs exactly one ',' between West's and East's cards, "
                "like '[A Q, K J]'"
            )
        comma = s.index(",", start, end)
        seen: set[int] = set()
        west = _paper_hand(s, (start, comma), token, seen, MAX_DEAL_CARDS - cards, original)
        cards += len(west)
        east = _paper_hand(s, (comma + 1, end), token, seen, MAX_DEAL_CARDS - cards, original)
        cards += len(east)
        suits.append(_make_suit(west, east))
    return ParsedDeal(tuple(suits), tuple(_assign_names(explicit, original)))


def parse_card(text: str, deal: _DealLike) -> Card:
    """A card of ``deal`` written ``S:Q`` (suit name, colon, rank); a deal with one suit
    also takes the bare rank."""
    t = text.strip()
    if ":" in t:
        name_text, rank_text = t.split(":", 1)
        name = suit_name_from_text(name_text)
        if name not in deal.names:
            raise NotationError(
                f"card {quote(text)}: the deal has no suit {name}; its suits are "
                f"{', '.join(deal.names)}"
            )
        suit = deal.names.index(name)
    elif len(deal.suits) == 1:
        suit, rank_text = 0, t
    else:
        raise NotationError(f"card {quote(text)} needs its suit, like 'S:Q'")
    return Card(suit, rank_from_text(rank_text))


# --------------------------------------------------------------------------- formatting
def format_suit_compact(suit: _SuitLike) -> str:
    """``AQ/KJ``; raises NotationError for ranks compact notation cannot write."""
    return f"{_compact_hand(suit.west)}/{_compact_hand(suit.east)}"


def _compact_hand(ranks: tuple[int, ...]) -> str:
    if not ranks:
        return "-"
    if not standard_ranks(ranks):
        raise NotationError(
            f"ranks {ranks!r} are outside 2–A; compact notation cannot write them "
            "(use the paper's notation)"
        )
    return ranks_text(ranks)


def format_suit_paper(suit: _SuitLike, *, integers: bool = False) -> str:
    """``[A Q, K J]``: letters for J Q K A when every rank is standard (and ``integers`` is
    not asked for), integers otherwise: ``[14 12, 13 11]``."""
    standard = not integers and standard_ranks(suit.west + suit.east)
    w = " ".join(rank_text(r, standard=standard, style="paper") for r in suit.west)
    e = " ".join(rank_text(r, standard=standard, style="paper") for r in suit.east)
    return f"[{w}, {e}]"


def format_deal_compact(deal: _DealLike) -> str:
    """Compact notation; suit prefixes only when the names are not the default S H D C 5 …"""
    if not deal.suits:
        return _EMPTY_DEAL
    bodies = [format_suit_compact(s) for s in deal.suits]
    if _has_default_names(deal):
        return " ".join(bodies)
    return " ".join(f"{n}:{b}" for n, b in zip(deal.names, bodies, strict=True))


def format_deal_paper(deal: _DealLike) -> str:
    """The paper's notation; suit names prefix the brackets (``H:[A, K]``) only when they are
    not the default S H D C 5 …"""
    if not deal.suits:
        return _EMPTY_DEAL
    bodies = [format_suit_paper(s) for s in deal.suits]
    if _has_default_names(deal):
        return " + ".join(bodies)
    return " + ".join(f"{n}:{b}" for n, b in zip(deal.names, bodies, strict=True))


def _has_default_names(deal: _DealLike) -> bool:
    return deal.names == tuple(default_suit_name(i) for i in range(len(deal.suits)))


def format_deal(deal: _DealLike) -> str:
    """The canonical text: compact notation where it can write the deal, else the paper's."""
    try:
        return format_deal_compact(deal)
    except NotationError:
        return format_deal_paper(deal)
