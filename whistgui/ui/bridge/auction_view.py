"""The Auction tab: a hand record's auction as the standard four-column table (the dealer's
column first, a call a cell, row by row), the contract it ends in, and the claim that ends its
play ("Claim: declarer 9 tricks")."""

from __future__ import annotations

from html import escape

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QScrollArea, QWidget

from whistgui.app.bridge import BridgeDocument
from whistgui.engine.bridge import Seat
from whistgui.ui.bridge.session import ASIDE_WORDS, BridgeSession
from whistgui.ui.bridge.table_cards import contract_text

__all__ = ["AuctionView", "auction_rows", "claim_words"]

_SUITS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}


def _call(call: str) -> str:
    """``1♠``, ``3NT``, ``Pass``, ``X``: a call as players write it."""
    if len(call) == 2 and call[0].isdigit() and call[1] in _SUITS:
        return call[0] + _SUITS[call[1]]
    return call


def auction_rows(doc: BridgeDocument) -> tuple[tuple[Seat, ...], list[list[str]]]:
    """The columns (the dealer first, then clockwise) and the rows of calls, four a row.

    >>> cols, rows = auction_rows(BridgeDocument.random(1, dealer=Seat.E,
    ...     auction=("1S", "Pass", "4S", "Pass", "Pass", "Pass")))
    >>> [s.name for s in cols], rows
    (['E', 'S', 'W', 'N'], [['1♠', 'Pass', '4♠', 'Pass'], ['Pass', 'Pass']])
    """
    cols = [doc.dealer]
    while len(cols) < 4:
        cols.append(cols[-1].next)
    calls = [_call(c) for c in doc.auction]
    return tuple(cols), [calls[i : i + 4] for i in range(0, len(calls), 4)]


def claim_words(doc: BridgeDocument) -> str:
    """``Claim: declarer 9 tricks (after 23 cards)``, or ``''`` without a claim."""
    if doc.claimed is None:
        return ""
    n = doc.claimed
    return f"Claim: declarer {n} trick{'s' if n != 1 else ''} (after {len(doc.played)} cards)"


class AuctionView(QScrollArea):
    """The board's auction and claim, following the session."""

    def __init__(self, session: BridgeSession, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("bridgeAuction")
        self.setWidgetResizable(True)
        self.label = QLabel(self)
        self.label.setTextFormat(Qt.TextFormat.RichText)
        self.label.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        self.label.setWordWrap(True)
        self.label.setMargin(6)
        self.setWidget(self.label)
        self._session = session
        session.documentChanged.connect(self._show)
        self._show(session.document)

    def _show(self, doc: BridgeDocument) -> None:
        parts: list[str] = []
        if doc.auction:
            cols, rows = auction_rows(doc)
            head = "".join(f"<th align=left>{s.word}</th>" for s in cols)
            body = "".join(
                "<tr>" + "".join(f"<td>{escape(c)}</td>" for c in row) + "</tr>" for row in rows
            )
            parts.append(f"<table cellspacing=0 cellpadding=3><tr>{head}</tr>{body}</table>")
            if doc.contract_note:  # passed out: par's contract played, and said
                played = contract_text(doc.contract, doc.declarer)
                parts.append(escape(f"Played in {played} {doc.contract_note}"))
            else:
                parts.append(escape(f"Contract: {contract_text(doc.contract, doc.declarer)}"))
            if doc.by_hand:  # the auction is history: it stays, and says what it ended in
                words = doc.by_hand_words()
                parts.append(escape(words[0].upper() + words[1:] + "."))
            if doc.aside:
                parts.append(escape(ASIDE_WORDS + "."))
        else:
            played = contract_text(doc.contract, doc.declarer)
            if doc.contract_note:
                played += f" {doc.contract_note}"
            parts.append(escape(f"No auction recorded: the board is played in {played}"))
        claim = claim_words(doc)
        if claim:
            parts.append(escape(claim))
        self.label.setText("<br>".join(parts))

    def text(self) -> str:
        return self.label.text()
