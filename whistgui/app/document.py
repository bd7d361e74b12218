"""Documents: a deal being analysed, the decks its suits draw from, and the file format.

A :class:`Document` is what the app edits and saves: a deal (possibly asymmetric or incomplete
while the user builds it), one :class:`SuitDeck` per suit, the player to lead, a title, a note
and the game the deal is played in (``whist`` unless chosen; see
:mod:`whistgui.engine.games`). Files are JSON (``*.whist``), written atomically by :func:`save`
and checked by :func:`load`, whose :class:`DocumentError` messages quote the path and say what
was expected. Whatever a file holds — numbers of thousands of digits, lone surrogates, suit
names the deal notation cannot read — it loads or is refused with a :class:`DocumentError`:
a document's suits are named as the notation names them (S, H, D, C, 5, 6, …; a file may
write ``s`` or ``♠`` for ``S``), and its text is text a file can store.

A title and note belong to the deal they were written for: a document made from a deal with
a write-up (an example of the paper, a random deal's seed) records that deal and its game in
:attr:`Document.written_for`; when cards move or the game changes, the write-up no longer
describes the document (:meth:`Document.write_up_changed` says what changed) and the views
leave it out — undo, or moving the card back, brings it back, since the document is immutable.

File versions: 2 records the game (and, when there is one, ``"written_for"``: the deal and game
the title and note describe); 1 (before there were several games) has no ``"game"`` and opens
as whist.

>>> doc = Document.from_deal(Deal.parse('AQ/KJ K/A'), title='Two suits')
>>> doc.decks[0], doc.pool(1)[:3]
(SuitDeck(kind='standard', size=13), (12, 11, 10))
>>> Document.from_json(doc.to_json()) == doc
True
>>> Document.from_deal(Deal.parse('KQ/AJ'), game='femkort').game
'five-card'
>>> SuitDeck.fitting(SuitDeal.parse('[1 3, 2 4]'))
SuitDeck(kind='abstract', size=4)
>>> moved, other = doc.with_deal(Deal.parse('AQ/KJ A/K')), replace(doc, game='five-card')
>>> doc.write_up_changed(), moved.write_up_changed(), other.write_up_changed()
('', 'the deal', 'the game')

No Qt here: the engine and the command line may use this module as well as the UI.
"""

from __future__ import annotations

import json
import os
import random
import secrets
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, Final, Literal, TypeGuard

from whistgui.app.files import (
    STALE_TEMPORARY_SECONDS,
    DocumentError,
    check_encodable,
    read_file,
    remove_stale_temporaries,
    write_atomically,
)
from whistgui.engine.errors import WhistError
from whistgui.engine.games import DEFAULT_GAME, Game, find_game
from whistgui.engine.reading import json_error, quote, quote_path
from whistgui.engine.trick.cards import (
    DEFAULT_SUIT_NAMES,
    Player,
    default_suit_name,
    rank_text,
    suit_name_from_text,
)
from whistgui.engine.trick.deal import Deal, SuitDeal

__all__ = [
    "DOCUMENT_VERSION",
    "FILE_SUFFIX",
    "STALE_TEMPORARY_SECONDS",
    "STANDARD_DECK",
    "Document",
    "DocumentError",
    "SuitDeck",
    "WrittenFor",
    "load",
    "random_document",
    "read_file",
    "remove_stale_temporaries",
    "save",
    "write_atomically",
]

#: The file version :func:`save` writes and the newest :func:`load` reads.
DOCUMENT_VERSION: Final = 2
#: The suffix of whistgui files.
FILE_SUFFIX: Final = ".whist"
#: The value of the ``"format"`` key that marks a whistgui file.
FORMAT_NAME: Final = "whistgui"

_KINDS: Final = ("standard", "abstract")
_MAX_STANDARD: Final = 13
_MAX_ABSTRACT: Final = 26
_MAX_RANDOM_SUITS: Final = 8
#: Suit numbers (5, 6, …) of more digits than this are refused unread (no deal has so many).
_MAX_SUIT_DIGITS: Final = 9
#: Integers in a file of more digits than this are kept as text (:class:`_BigNumber`): none
#: of a document's numbers is near so long, and Python refuses to read ones of 4,300 digits.
_MAX_DIGITS: Final = 30


def _is_int(x: object) -> TypeGuard[int]:
    return isinstance(x, int) and not isinstance(x, bool)


def _is_suit_name(name: str) -> bool:
    """``name`` is a suit name as the deal notation writes it: S, H, D, C, or a suit number
    from 5 (no sign, no leading zero)."""
    if name in DEFAULT_SUIT_NAMES:
        return True
    return (
        name.isascii()
        and name.isdigit()
        and len(name) <= _MAX_SUIT_DIGITS
        and not name.startswith("0")
        and int(name) > len(DEFAULT_SUIT_NAMES)
    )


_SUIT_NAMES_EXPECTED: Final = (
    "expected S, H, D, C (♠ ♥ ♦ ♣) or a suit number 5, 6, …, as the deal notation writes them"
)


def _suit_name(text: str) -> str:
    """The suit name ``text`` stands for, as the deal notation reads it (``s``, ``♠``, ``1``
    and ``S`` are all ``S``); DocumentError quoting it if the notation reads no suit name."""
    t = text.strip()
    if not (t.isascii() and t.isdigit() and len(t) > _MAX_SUIT_DIGITS):  # int() is safe
        try:
            name = suit_name_from_text(t)
        except WhistError:
            pass
        else:
            if _is_suit_name(name):
                return name
    raise DocumentError(f"the suit name {quote(text)} is not one; {_SUIT_NAMES_EXPECTED}")


# --------------------------------------------------------------------------- decks
@dataclass(frozen=True, slots=True)
class SuitDeck:
    """The cards a suit of the table draws from.

    ``standard``: the top ``size`` ranks A, K, Q, … (1 to 13 cards); ``abstract``: the ranks
    ``1 … size`` (1 to 26 cards), for suits the compact notation cannot write.

    >>> SuitDeck('standard', 6).ranks
    (14, 13, 12, 11, 10, 9)
    >>> 9 in SuitDeck('standard', 6), 8 in SuitDeck('standard', 6)
    (True, False)
    """

    kind: Literal["standard", "abstract"]
    size: int

    def __post_init__(self) -> None:
        if self.kind not in _KINDS:
            raise DocumentError(
                f"deck kind {self.kind!r} is unknown; expected 'standard' or 'abstract'"
            )
        top = _MAX_STANDARD if self.kind == "standard" else _MAX_ABSTRACT
        if not _is_int(self.size) or not 1 <= self.size <= top:
            raise DocumentError(
                f"a {self.kind} deck of {self.size!r} cards cannot exist; expected 1 to {top} cards"
            )

    @property
    def ranks(self) -> tuple[int, ...]:
        """The deck's ranks, high to low."""
        return tuple(range(self._high, self._high - self.size, -1))

    @property
    def _high(self) -> int:
        return 14 if self.kind == "standard" else self.size

    def __contains__(self, rank: object) -> bool:
        return _is_int(rank) and self._high - self.size < rank <= self._high

    def rank_text(self, rank: int) -> str:
        """How the deck writes ``rank``: a letter in a standard deck, an integer otherwise."""
        return rank_text(rank, standard=self.kind == "standard")

    def describe(self) -> str:
        """``a 6-card deck holds A K Q J T 9``-style text, for messages."""
        n = self.size
        article = "an" if n in (8, 11, 18) else "a"
        kind = "" if self.kind == "standard" else " abstract"
        held = " ".join(self.rank_text(r) for r in self.ranks)
        return f"{article} {n}-card{kind} deck holds {held}"

    @classmethod
    def fitting(cls, suit: SuitDeal, at_least: SuitDeck | None = None) -> SuitDeck:
        """The smallest deck that holds every card of ``suit`` and is no smaller than
        ``at_least``, of the same kind unless the suit forces an abstract deck (a rank 1 or
        above A).

        >>> SuitDeck.fitting(SuitDeal.parse('AQ/T9'))
        SuitDeck(kind='standard', size=6)
        >>> SuitDeck.fitting(SuitDeal.parse('AQ/T9'), STANDARD_DECK)
        SuitDeck(kind='standard', size=13)
        >>> SuitDeck.fitting(SuitDeal.parse('[15 1, 2 3]'), STANDARD_DECK)
        SuitDeck(kind='abstract', size=15)
        """
        cards = suit.west + suit.east
        if (at_least is None or at_least.kind == "standard") and all(2 <= r <= 14 for r in cards):
            floor = at_least.size if at_least is not None else 1
            return cls("standard", max([floor, *(15 - r for r in cards)]))
        high = max(cards, default=1)
        if high > _MAX_ABSTRACT:
            raise DocumentError(
                f"the suit {quote(str(suit))} holds a card of rank {high}, but a suit has at most "
                f"{_MAX_ABSTRACT} cards; expected ranks 1 to {_MAX_ABSTRACT}"
            )
        floor = at_least.size if at_least is not None and at_least.kind == "abstract" else 1
        return cls("abstract", max(floor, high))


#: The full 13-card suit A … 2.
STANDARD_DECK: Final = SuitDeck("standard", 13)


# --------------------------------------------------------------------------- documents
@dataclass(frozen=True, slots=True)
class WrittenFor:
    """The deal a document's title and note were written for, and its game (None: the text
    holds in any game, as a random deal's seed does)."""

    deal: Deal
    game: str | None = None

    def __post_init__(self) -> None:
        if not isinstance(self.deal, Deal):
            raise TypeError(f"deal is {self.deal!r}; expected a Deal")
        if self.game is not None:
            if not isinstance(self.game, str):
                raise TypeError(f"game is {self.game!r}; expected a str or None")
            try:
                object.__setattr__(self, "game", find_game(self.game).name)
            except WhistError as exc:
                raise DocumentError(str(exc)) from None


@dataclass(frozen=True, slots=True)
class Document:
    """A deal with its decks (one per suit), the player to lead, a title and a note.

    The suits may be asymmetric or incomplete (the user is building the deal), but every
    dealt card must lie in its suit's deck.
    """

    deal: Deal
    decks: tuple[SuitDeck, ...]
    lead: Player = Player.WEST
    title: str = ""
    note: str = ""
    #: The game's registered name (any alias is accepted and stored as the name).
    game: str = DEFAULT_GAME.name
    #: The deal (and game) the title and note describe; None: whatever the document holds
    #: (and always None without a title or note).
    written_for: WrittenFor | None = None

    def __post_init__(self) -> None:
        for field, kind in (
            ("deal", Deal),
            ("lead", Player),
            ("title", str),
            ("note", str),
            ("game", str),
        ):
            value = getattr(self, field)
            if not isinstance(value, kind):
                raise TypeError(f"{field} is {value!r}; expected a {kind.__name__}")
        if self.written_for is not None and not isinstance(self.written_for, WrittenFor):
            raise TypeError(f"written_for is {self.written_for!r}; expected a WrittenFor or None")
        if not self.title and not self.note:
            object.__setattr__(self, "written_for", None)  # nothing is written
        if len(self.deal.suits) > MAX_DOCUMENT_SUITS:
            raise DocumentError(
                f"the deal {quote(str(self.deal))} has {len(self.deal.suits):,} suits; a document "
                f"holds at most {MAX_DOCUMENT_SUITS} (the card table draws every suit: 3,000 "
                "took 20 s)"
            )
        check_encodable("the title", self.title)
        check_encodable("the note", self.note)
        for name in self.deal.names:
            if not _is_suit_name(name):
                raise DocumentError(
                    f"the suit name {quote(name)} is not one; {_SUIT_NAMES_EXPECTED}"
                )
        try:
            object.__setattr__(self, "game", find_game(self.game).name)
        except WhistError as exc:
            raise DocumentError(str(exc)) from None
        decks = tuple(self.decks)
        object.__setattr__(self, "decks", decks)
        if len(decks) != len(self.deal.suits):
            raise DocumentError(
                f"the deal {quote(str(self.deal))} has {len(self.deal.suits)} suits but "
                f"{len(decks)} decks "
                "were given; expected one deck per suit"
            )
        for i, (suit, deck) in enumerate(zip(self.deal.suits, decks, strict=True)):
            if not isinstance(deck, SuitDeck):
                raise DocumentError(f"deck {i} is {deck!r}; expected a SuitDeck")
            _check_fits(self.deal.names[i], suit, deck)

    # -- construction ----------------------------------------------------------------------
    @classmethod
    def new(cls, suits: int = 4) -> Document:
        """``suits`` empty suits named S H D C 5 …, each with the standard 13-card deck."""
        if not _is_int(suits) or suits < 0:
            raise DocumentError(f"{suits!r} suits; expected a number of suits ≥ 0")
        return cls(Deal([SuitDeal((), ())] * suits), (STANDARD_DECK,) * suits)

    @classmethod
    def from_deal(
        cls,
        deal: Deal,
        lead: Player = Player.WEST,
        title: str = "",
        note: str = "",
        decks: Sequence[SuitDeck] | None = None,
        game: str = DEFAULT_GAME.name,
    ) -> Document:
        """A document of ``deal``; the decks default to 13-card standard decks, or for suits
        that need them the smallest abstract decks. A ``title`` or ``note`` given here is
        written for ``deal`` in ``game`` (:attr:`written_for`)."""
        if decks is None:
            decks = [SuitDeck.fitting(s, STANDARD_DECK) for s in deal.suits]
        about = WrittenFor(deal, game) if isinstance(deal, Deal) and isinstance(game, str) else None
        return cls(deal, tuple(decks), lead, title, note, game, about)

    @property
    def game_info(self) -> Game:
        """The registered :class:`~whistgui.engine.games.Game` (rules and theory)."""
        return find_game(self.game)

    # -- queries ---------------------------------------------------------------------------
    def write_up_changed(self) -> str:
        """What changed since the title and note were written (``"the deal"``, ``"the
        game"``, ``"the deal and the game"``), or ``""`` if they describe the document."""
        about = self.written_for
        if about is None:
            return ""
        deal = about.deal != self.deal
        game = about.game is not None and about.game != self.game
        return " and ".join(w for w, changed in (("the deal", deal), ("the game", game)) if changed)

    def pool(self, suit: int) -> tuple[int, ...]:
        """The ranks of deck ``suit`` that neither hand holds, high to low."""
        self._check_index(suit)
        s = self.deal.suits[suit]
        dealt = set(s.west) | set(s.east)
        return tuple(r for r in self.decks[suit].ranks if r not in dealt)

    # -- changes ---------------------------------------------------------------------------
    def with_deal(self, deal: Deal) -> Document:
        """The document with another deal: title, note and lead kept; each deck kept if the
        suit still fits it, else widened; decks added for new suits, dropped for removed ones."""
        decks = []
        for i, suit in enumerate(deal.suits):
            old = self.decks[i] if i < len(self.decks) else None
            if old is not None and _outside(suit, old) == ():
                decks.append(old)
            else:
                decks.append(SuitDeck.fitting(suit, old if old is not None else STANDARD_DECK))
        return replace(self, deal=deal, decks=tuple(decks))

    def with_new_deal(self, deal: Deal) -> Document:
        """The document with ``deal`` put in place of its deal (typed, or a suit opened): as
        :meth:`with_deal`, but each suit whose cards are others is drawn from the deck fitted
        to them. A numbered deck goes when the suit does not need it: letters when the cards fit
        the 13-card A … 2, else the smallest numbered deck. A standard deck that still fits is
        kept (the user's suit length), and so is every deck of a suit that did not change.

        >>> long = Document.from_deal(Deal.parse('[16 14, 15 13]'))
        >>> long.decks
        (SuitDeck(kind='abstract', size=16),)
        >>> long.with_new_deal(Deal.parse('KQ/AJ')).decks
        (SuitDeck(kind='standard', size=13),)
        >>> long.with_deal(Deal.parse('KQ/AJ')).decks  # cards moved: the deck stays
        (SuitDeck(kind='abstract', size=16),)
        """
        doc = self.with_deal(deal)
        old = self.deal.suits
        decks = [
            SuitDeck.fitting(suit, STANDARD_DECK)
            if deck.kind == "abstract" and (i >= len(old) or suit != old[i])
            else deck
            for i, (suit, deck) in enumerate(zip(deal.suits, doc.decks, strict=True))
        ]
        return replace(doc, decks=tuple(decks))

    def with_write_up(self, title: str, note: str) -> Document:
        """The document with the title and note ``title`` and ``note``, written for its deal
        and game as they are."""
        return replace(self, title=title, note=note, written_for=WrittenFor(self.deal, self.game))

    def with_deck(self, suit: int, deck: SuitDeck) -> Document:
        """The document with deck ``suit`` replaced; DocumentError if a dealt card of the suit
        would fall outside the new deck."""
        self._check_index(suit)
        decks = list(self.decks)
        decks[suit] = deck
        return replace(self, decks=tuple(decks))

    def _check_index(self, suit: int) -> None:
        if not _is_int(suit) or not 0 <= suit < len(self.decks):
            raise IndexError(
                f"suit {suit!r} is not in the deal; expected 0 to {len(self.decks) - 1}"
            )

    # -- JSON ------------------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        """The document as the JSON object a ``.whist`` file holds."""
        text = _deal_text(self.deal)
        out: dict[str, Any] = {
            "format": FORMAT_NAME,
            "version": DOCUMENT_VERSION,
            "deal": text,
            "suits": [
                {"name": name, "deck": {"kind": deck.kind, "size": deck.size}}
                for name, deck in zip(self.deal.names, self.decks, strict=True)
            ],
            "lead": self.lead.value,
            "title": self.title,
            "note": self.note,
            "game": self.game,
        }
        about = self.written_for
        if about is not None:
            out["written_for"] = {"deal": _deal_text(about.deal), "game": about.game}
        return out

    @classmethod
    def from_json(cls, data: object, source: str = "<data>") -> Document:
        """The document a JSON object describes; :class:`DocumentError` naming ``source``
        for anything that is not a whistgui document this version can read."""
        return _from_json(data, source)


def _outside(suit: SuitDeal, deck: SuitDeck) -> tuple[int, ...]:
    return tuple(r for r in sorted(suit.west + suit.east, reverse=True) if r not in deck)


def _check_fits(name: str, suit: SuitDeal, deck: SuitDeck) -> None:
    bad = _outside(suit, deck)
    if bad:
        cards = ", ".join(f"{name}:{deck.rank_text(r)}" for r in bad)
        verb = "is" if len(bad) == 1 else "are"
        raise DocumentError(f"{cards} {verb} dealt but {deck.describe()}")


def _deal_text(deal: Deal) -> str:
    """The deal as a file writes it: its notation, or (a safeguard: a document's suit names
    are the notation's, so its text reads back) the text without names."""
    text = str(deal)
    return text if _parses_to(text, deal) else str(Deal(deal.suits))


def _parses_to(text: str, deal: Deal) -> bool:
    try:
        return Deal.parse(text) == deal
    except WhistError:
        return False


# --------------------------------------------------------------------------- reading JSON
class _BigNumber:
    """An integer of a JSON text too long to be any number of a document, kept as its text
    (Python would refuse to convert one of over 4,300 digits, and none is needed)."""

    __slots__ = ("text",)

    def __init__(self, text: str) -> None:
        self.text = text

    def __repr__(self) -> str:
        digits = self.text.lstrip("-")
        return f"the {len(digits)}-digit number {self.text[:12]}…"


def _read_int(text: str) -> int | _BigNumber:
    return int(text) if len(text) <= _MAX_DIGITS else _BigNumber(text)


def _is_big(value: object) -> bool:
    return isinstance(value, _BigNumber) or (_is_int(value) and abs(value) >= 10**_MAX_DIGITS)


def _big_text(value: object) -> str:
    """``the 5000-digit number 999999999999…`` for a :class:`_BigNumber` or a huge int (whose
    decimal text Python may refuse to write)."""
    if isinstance(value, _BigNumber):
        return repr(value)
    assert _is_int(value)
    v = abs(value)
    n = max(1, int(v.bit_length() * 0.30102999566398))  # at most the number of digits
    while 10**n <= v:
        n += 1
    sign = "-" if value < 0 else ""
    return f"the {n}-digit number {sign}{v // 10 ** (n - 12)}…"


def _json_type(value: object) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if _is_big(value):
        return _big_text(value)
    if isinstance(value, int | float):
        return f"the number {value!r}"
    if isinstance(value, str):
        return f"the string {value!r}" if len(value) <= 40 else "a string"
    if isinstance(value, Mapping):
        return "an object"
    if isinstance(value, list | tuple):
        return "a list"
    return f"{type(value).__name__}"


def _from_json(data: object, source: str) -> Document:
    def fail(message: str) -> DocumentError:
        return DocumentError(f"{source!r}: {message}")

    if not isinstance(data, Mapping):
        raise DocumentError(
            f"{source!r} is not a whistgui file: expected a JSON object, found {_json_type(data)}"
        )
    if data.get("format") != FORMAT_NAME:
        found = _json_type(data["format"]) if "format" in data else 'no "format" key'
        raise DocumentError(
            f'{source!r} is not a whistgui file: expected "format": "{FORMAT_NAME}", found {found}'
        )
    version = data.get("version")
    if _is_big(version):
        raise fail(
            f'"version" is {_big_text(version)}; expected a file version from 1 to '
            f"{DOCUMENT_VERSION}"
        )
    if not _is_int(version) or version < 1:
        found = _json_type(version) if "version" in data else "none"
        raise fail(f'expected "version" to be a positive integer, found {found}')
    if version > DOCUMENT_VERSION:
        raise DocumentError(
            f"{source!r} was written by a newer whistgui (file version {version}); this version "
            f"reads version {DOCUMENT_VERSION}"
        )

    def field(key: str, kind: type, expected: str, default: object = None) -> Any:
        if key not in data:
            if default is not None:
                return default
            raise fail(f'the key "{key}" is missing; expected {expected}')
        value = data[key]
        if not isinstance(value, kind) or isinstance(value, bool):
            raise fail(f'"{key}" should be {expected}, found {_json_type(value)}')
        if isinstance(value, str):
            try:
                check_encodable(f'"{key}"', value)
            except DocumentError as exc:
                raise fail(str(exc)) from None
        return value

    text = field("deal", str, "the deal as text, like 'AQ/KJ K/A'")
    entries = field("suits", list, 'a list of suits like {"name": "S", "deck": {...}}')
    lead_text = field("lead", str, "'W' or 'E'", "W")
    title = field("title", str, "a string", "")
    note = field("note", str, "a string", "")
    # version 1 knew one game; from version 2 the file says which
    game_text = DEFAULT_GAME.name if version < 2 else field("game", str, "a game's name", "whist")
    try:
        game = find_game(game_text).name
    except WhistError as exc:
        raise fail(f'"game": {exc}') from None

    try:
        deal = Deal.parse(text)
    except WhistError as exc:
        raise fail(f"the deal {quote(text)} is not valid: {exc}") from None
    try:
        lead = Player.parse(lead_text)
    except WhistError as exc:
        raise fail(f'"lead": {exc}') from None

    names: list[str] = []
    decks: list[SuitDeck] = []
    for i, entry in enumerate(entries):
        where = f'suit {i + 1} of "suits"'
        if not isinstance(entry, Mapping):
            raise fail(
                f'{where} should be an object like {{"name": "S", "deck": {{...}}}}, '
                f"found {_json_type(entry)}"
            )
        name = entry.get("name")
        if not isinstance(name, str) or not name.strip():
            found = _json_type(name) if "name" in entry else "none"
            raise fail(f'{where} needs a "name", a suit name like "S", found {found}')
        try:
            name = _suit_name(name)
        except DocumentError as exc:
            raise fail(f"{where}: {exc}") from None
        if name in names:
            j = names.index(name)
            raw, first = entry["name"], entries[j]["name"]
            if raw == first:
                raise fail(
                    f'suits {j + 1} and {i + 1} of "suits" are both named {quote(raw)}; '
                    "expected each suit named once"
                )
            raise fail(
                f"{where} is named {quote(raw)}, the suit {quote(name)} like suit {j + 1} "
                f"({quote(first)}); expected each suit named once"
            )
        deck = entry.get("deck")
        if not isinstance(deck, Mapping):
            found = _json_type(deck) if "deck" in entry else "none"
            raise fail(
                f'{where} needs a "deck" like {{"kind": "standard", "size": 13}}, found {found}'
            )
        kind, size = deck.get("kind"), deck.get("size")
        if kind not in _KINDS:
            found = _json_type(kind) if "kind" in deck else "none"
            raise fail(
                f'{where}: the deck\'s "kind" should be "standard" or "abstract", found {found}'
            )
        if not _is_int(size) or _is_big(size):
            found = _json_type(size) if "size" in deck else "none"
            raise fail(
                f'{where}: the deck\'s "size" should be a whole number of cards (1 to '
                f"{_MAX_STANDARD} standard, 1 to {_MAX_ABSTRACT} abstract), found {found}"
            )
        try:
            decks.append(SuitDeck(kind, size))
        except DocumentError as exc:
            raise fail(f"{where}: {exc}") from None
        names.append(name)

    if len(names) != len(deal.suits):
        raise fail(
            f"the deal {quote(text)} has {len(deal.suits)} suits but "
            f'"suits" lists {len(names)}; expected one entry per suit'
        )
    if tuple(names) != deal.names:
        if ":" in text:
            raise fail(
                f"the deal {quote(text)} names its suits {' '.join(deal.names)} "
                f'but "suits" lists {" ".join(names)}; expected the same names in the same order'
            )
        try:
            deal = Deal(deal.suits, names)
        except WhistError as exc:
            raise fail(f'"suits": {exc}') from None
    written_for = _written_for(data.get("written_for"), fail) if "written_for" in data else None
    try:
        return Document(deal, tuple(decks), lead, title, note, game, written_for)
    except WhistError as exc:
        raise fail(str(exc)) from None


_WRITTEN_FOR_EXPECTED: Final = (
    'an object like {"deal": "AQ/KJ K/A", "game": "whist"} (the deal the title and note '
    "describe; the game may be null), or null"
)


def _written_for(value: object, fail: Any) -> WrittenFor | None:
    """The ``"written_for"`` entry of a file: None, or the deal and game the write-up
    describes; a DocumentError (through ``fail``) quoting what is there otherwise."""
    if value is None:
        return None
    if not isinstance(value, Mapping):
        raise fail(f'"written_for" should be {_WRITTEN_FOR_EXPECTED}, found {_json_type(value)}')
    text, game = value.get("deal"), value.get("game")
    if not isinstance(text, str):
        found = _json_type(text) if "deal" in value else "none"
        raise fail(f'"written_for" needs a "deal", the deal as text, found {found}')
    if game is not None and not isinstance(game, str):
        found = _json_type(game)
        raise fail(f'"written_for": "game" should be a game\'s name or null, found {found}')
    try:
        check_encodable('"written_for"', text)
        deal = Deal.parse(text)
        return WrittenFor(deal, game)
    except WhistError as exc:
        raise fail(f'"written_for": the deal {quote(text)}: {exc}') from None


# --------------------------------------------------------------------------- files
def save(doc: Document, path: str | os.PathLike[str]) -> None:
    """Write ``doc`` to ``path`` atomically: a temporary file in the same folder, flushed to
    disk, then renamed over ``path``. On any error the old file is untouched, the temporary
    file removed, and (for I/O errors) a :class:`DocumentError` names the path."""
    write_atomically(json.dumps(doc.to_json(), ensure_ascii=False, indent=2) + "\n", path)


#: The most suits a document holds (the card table draws them all: 400 paint in about 1 s).
MAX_DOCUMENT_SUITS: Final = 500
#: The largest .whist file read (a document of a few hundred deals is a few hundred kB).
MAX_DOCUMENT_BYTES: Final = 64 * 2**20


def load(path: str | os.PathLike[str]) -> Document:
    """The document in the file ``path``; :class:`DocumentError` naming the path for a file
    that is missing, unreadable, not UTF-8 JSON, or not a whistgui document this version
    can read."""
    name = os.fspath(path)
    raw = read_file(name, "a whistgui file", MAX_DOCUMENT_BYTES)
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise DocumentError(
            f"{quote_path(name)} is not a whistgui file: not UTF-8 text (byte "
            f"0x{raw[exc.start]:02x} at offset {exc.start}); expected JSON text"
        ) from None
    del raw  # a long file is not held twice while it is parsed
    try:
        data = json.loads(text, parse_int=_read_int)
    except json.JSONDecodeError as exc:
        raise DocumentError(
            f"{quote_path(name)} is not a whistgui file: invalid JSON {json_error(exc)}"
        ) from None
    except RecursionError:
        raise DocumentError(
            f"{quote_path(name)} is not a whistgui file: its JSON is nested too deeply"
        ) from None
    del text  # the JSON's strings are copies
    return Document.from_json(data, name)


# --------------------------------------------------------------------------- random deals
def random_document(suits: int, per_hand: int | Sequence[int], seed: int | None = None) -> Document:
    """A random symmetric deal of ``suits`` suits (1 to 8), suit ``i`` with ``per_hand`` (or
    ``per_hand[i]``) cards in each hand (1 to 13).

    A suit of up to 6 cards a hand is drawn from the 13 standard ranks and gets the standard
    deck; a longer one is the whole abstract deck of ``2 * k`` cards, shuffled between the
    hands. The same seed gives the same deal; without one a seed is drawn, and the title
    names it so the deal can be made again.

    >>> doc = random_document(2, [1, 7], seed=42)
    >>> doc.title, doc.decks, doc.deal == random_document(2, [1, 7], seed=42).deal
    ('Random deal (seed 42)', (SuitDeck(kind='standard', size=13), SuitDeck(kind='abstract', size=14)), True)
    """  # noqa: E501
    if not _is_int(suits) or not 1 <= suits <= _MAX_RANDOM_SUITS:
        raise DocumentError(f"{suits!r} suits; expected 1 to {_MAX_RANDOM_SUITS} suits")
    counts: list[int]
    if isinstance(per_hand, Sequence):
        counts = list(per_hand)
        if len(counts) != suits:
            raise DocumentError(
                f"{len(counts)} hand sizes {counts!r} for {suits} suits; expected one per suit"
            )
    else:
        counts = [per_hand] * suits
    for k in counts:
        if not _is_int(k) or not 1 <= k <= _MAX_ABSTRACT // 2:
            raise DocumentError(
                f"{k!r} cards a hand in a suit; expected 1 to {_MAX_ABSTRACT // 2} "
                f"(a suit has at most {_MAX_ABSTRACT} cards)"
            )
    if seed is None:
        seed = secrets.randbelow(10**9)
    rng = random.Random(seed)
    dealt: list[SuitDeal] = []
    decks: list[SuitDeck] = []
    for k in counts:
        deck = STANDARD_DECK if 2 * k <= _MAX_STANDARD else SuitDeck("abstract", 2 * k)
        cards = rng.sample(deck.ranks, 2 * k)
        dealt.append(SuitDeal(cards[:k], cards[k:]))
        decks.append(deck)
    names = [default_suit_name(i) for i in range(suits)]
    deal = Deal(dealt, names)
    title = f"Random deal (seed {seed})"
    return Document(deal, tuple(decks), title=title, written_for=WrittenFor(deal))
