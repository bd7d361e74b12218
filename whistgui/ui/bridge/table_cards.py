"""The bridge table's cards: where a card can be (a seat's hand, or the pool of undealt cards),
the order a hand is laid out in, the keys that send cards somewhere, how cards and contracts
are named, and the data a drag carries."""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from typing import Final, Literal, TypeAlias

from PySide6.QtCore import QByteArray, QMimeData, Qt
from PySide6.QtGui import QFont

from whistgui.app.bridge import contract_words
from whistgui.engine.bridge import BridgeCard, Contract, Seat, Side, Suit
from whistgui.engine.errors import NotationError

__all__ = [
    "MIME_TYPE",
    "MOVE_KEYS",
    "PLACES",
    "POOL",
    "SUIT_ORDER",
    "Place",
    "card_text",
    "contract_text",
    "decode_cards",
    "encode_cards",
    "felt_font",
    "hcp",
    "pair_words",
    "place_name",
    "sort_hand",
    "vulnerable_sides",
]

MIME_TYPE: Final = "application/x-whistgui-bridge-cards"

#: Where a card can be: a seat's hand, or the pool of undealt cards.
POOL: Final = "P"
Place: TypeAlias = Seat | Literal["P"]
PLACES: Final[tuple[Place, ...]] = (Seat.N, Seat.E, Seat.S, Seat.W, POOL)

#: The order a hand is laid out in: ♠♥♦♣, as every diagram and record has it.
SUIT_ORDER: Final = (Suit.S, Suit.H, Suit.D, Suit.C)

#: Keys that send the selection somewhere.
MOVE_KEYS: Final[dict[Qt.Key, Place]] = {
    Qt.Key.Key_N: Seat.N,
    Qt.Key.Key_E: Seat.E,
    Qt.Key.Key_S: Seat.S,
    Qt.Key.Key_W: Seat.W,
    Qt.Key.Key_P: POOL,
    Qt.Key.Key_Delete: POOL,
}


def card_text(card: BridgeCard) -> str:
    """``♠K``, ``♥10``: a card as the table (and every message) names it."""
    return card.text


def place_name(place: Place) -> str:
    return place.word if isinstance(place, Seat) else "the pool"


def pair_words(seat: Seat) -> str:
    """The partnership of ``seat`` as players name it, North or East first.

    >>> pair_words(Seat.S), pair_words(Seat.W)
    ('North–South', 'East–West')
    """
    return "North–South" if seat in (Seat.N, Seat.S) else "East–West"


def sort_hand(cards: Iterable[BridgeCard]) -> list[BridgeCard]:
    """Spades, hearts, diamonds, clubs (the order of every diagram and record), each high to
    low."""
    return sorted(cards, key=lambda c: (SUIT_ORDER.index(c.suit), -c.rank))


def hcp(cards: Iterable[BridgeCard]) -> int:
    """High-card points: ace 4, king 3, queen 2, jack 1.

    >>> hcp(BridgeCard.parse(t) for t in ("SA", "HK", "DQ", "CJ", "CT"))
    10
    """
    return sum(max(0, c.rank - 10) for c in cards)


def contract_text(contract: Contract, declarer: Seat) -> str:
    """``4♠ by South``, ``3NTx by West``: players' notation, as par is written."""
    return contract_words(contract, declarer)


def vulnerable_sides(vulnerable: str) -> set[Side]:
    """The sides vulnerable by the PBN ``Vulnerable`` tag (None, NS, EW, All / Both)."""
    v = vulnerable.strip().upper()
    if v in ("ALL", "BOTH"):
        return {Side.NS, Side.EW}
    return {Side.NS} if v == "NS" else {Side.EW} if v == "EW" else set()


def encode_cards(cards: Sequence[BridgeCard], origin: Place) -> QMimeData:
    """Mime data for dragging ``cards``: the table's JSON and the cards' names as text."""
    payload = {"cards": [str(c) for c in cards], "from": str(origin)}
    mime = QMimeData()
    mime.setData(MIME_TYPE, QByteArray(json.dumps(payload).encode()))
    mime.setText(" ".join(str(c) for c in cards))
    return mime


def decode_cards(mime: QMimeData) -> list[BridgeCard]:
    """The cards ``mime`` carries; ValueError saying why if it carries none this table knows."""
    if not mime.hasFormat(MIME_TYPE):
        formats = ", ".join(mime.formats()) or "nothing"
        raise ValueError(f"only cards can be dropped here, not {formats}")
    raw = bytes(mime.data(MIME_TYPE).data())
    try:
        names = json.loads(raw.decode())["cards"]
        if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
            raise TypeError
    except (ValueError, KeyError, TypeError, UnicodeDecodeError):
        raise ValueError(f"the dropped data {raw[:60]!r} is not a list of cards") from None
    if not names:
        raise ValueError("the drop carries no cards")
    cards: list[BridgeCard] = []
    for name in names:
        try:
            card = BridgeCard.parse(name)
        except NotationError as exc:
            raise ValueError(f"the drop carries {name!r}, which is not a card: {exc}") from None
        if card in cards:
            raise ValueError(f"{card_text(card)} is dropped twice")
        cards.append(card)
    return cards


def felt_font(px: float, bold: bool = False) -> QFont:
    """The felt's font, ``px`` pixels high."""
    font = QFont("DejaVu Sans")
    font.setPixelSize(max(8, round(px)))
    font.setBold(bold)
    return font
