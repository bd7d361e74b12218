"""The card table's cards in drags and drops: the app's own mime type, JSON naming each card by
its suit and rank (and plain text card names beside it), read back with every refusal said."""

from __future__ import annotations

import json
from typing import Final

from PySide6.QtCore import QByteArray, QMimeData

from whistgui.app.document import Document
from whistgui.engine import Card
from whistgui.ui.widgets.cardart import rank_label, suit_symbol

__all__ = ["MIME_TYPE", "decode_cards", "encode_cards"]

MIME_TYPE: Final = "application/x-whistgui-cards"


def encode_cards(doc: Document, cards: list[Card], origin: str) -> QMimeData:
    """Mime data for dragging ``cards``: the app's JSON and plain text card names."""
    payload = {
        "cards": [{"suit": doc.deal.names[c.suit], "rank": c.rank} for c in cards],
        "from": origin,
    }
    mime = QMimeData()
    mime.setData(MIME_TYPE, QByteArray(json.dumps(payload).encode()))
    mime.setText(" ".join(doc.deal.card_name(c) for c in cards))
    return mime


def decode_cards(doc: Document, mime: QMimeData) -> list[Card]:
    """The cards of this table that ``mime`` carries; ValueError with the reason otherwise."""
    if not mime.hasFormat(MIME_TYPE):
        formats = ", ".join(mime.formats()) or "nothing"
        raise ValueError(f"only cards can be dropped here, not {formats}")
    raw = bytes(mime.data(MIME_TYPE).data())
    try:
        payload = json.loads(raw.decode())
        items = payload["cards"]
        cards = []
        for item in items:
            name, rank = item["suit"], item["rank"]
            if not isinstance(name, str) or not isinstance(rank, int):
                raise TypeError
            cards.append((name, rank))
    except (ValueError, KeyError, TypeError, UnicodeDecodeError):
        raise ValueError(f"the dropped data {raw[:60]!r} is not a list of cards") from None
    if not cards:
        raise ValueError("the drop carries no cards")
    result = []
    for name, rank in cards:
        if name not in doc.deal.names:
            raise ValueError(
                f"the deal has no suit {name}; its suits are {', '.join(doc.deal.names)}"
            )
        i = doc.deal.names.index(name)
        deck = doc.decks[i]
        if rank not in deck:
            abstract = deck.kind == "abstract"
            held = " ".join(rank_label(r, abstract) for r in deck.ranks)
            raise ValueError(
                f"{suit_symbol(name)}{rank_label(rank, abstract)} is not in this suit's "
                f"{deck.size}-card deck ({held})"
            )
        card = Card(i, rank)
        if card in result:
            raise ValueError(f"{doc.deal.card_name(card)} is dropped twice")
        result.append(card)
    return result
