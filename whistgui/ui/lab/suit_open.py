"""Opening a row of the Single Suits window in the card table, or saying why not, and copying
its suit's text.

A table store holds suits of up to 16 cards a hand; the card table holds at most
:data:`TABLE_HAND` (a suit of 26 cards). A row beyond is not opened — the document is made
first, and the engine's refusal becomes a message in the window saying so and what to do
instead: ``whist value`` values the suit from its text, which Ctrl+C (or the table's context
menu) copies.
"""

from __future__ import annotations

from typing import Final

from PySide6.QtCore import QModelIndex, Qt
from PySide6.QtGui import QAction, QGuiApplication, QKeySequence
from PySide6.QtWidgets import QTableView

from whistgui.app.document import Document
from whistgui.engine import Deal
from whistgui.engine.errors import WhistError
from whistgui.engine.trick.deal import SuitDeal
from whistgui.ui.lab.keys import GAME
from whistgui.ui.lab.suit_model import PatternRole

__all__ = ["GAME", "TABLE_HAND", "add_copy_action", "refusal", "suit_text"]

#: The most cards a hand of a suit the card table holds (its largest deck has 26 cards; a test
#: keeps this in step with the document's check).
TABLE_HAND: Final = 13


def suit_text(pattern: str) -> str:
    """The suit ``pattern`` (owners from low to high) in the paper's notation, as ``whist
    value`` reads it (``AQ/KJ``; from 7 cards a hand ``[14 12 …, 13 11 …]``)."""
    return str(SuitDeal.from_pattern(pattern))


def refusal(pattern: str, game: str = GAME) -> str | None:
    """Why the suit ``pattern`` cannot be opened in the card table (in ``game``), or None if
    it can: the engine's refusal, said for the window."""
    suit = SuitDeal.from_pattern(pattern)
    try:
        Document.from_deal(Deal([suit]), game=game)
    except WhistError as exc:
        n = len(pattern) // 2
        if n > TABLE_HAND:
            return (
                f"A suit of {n} cards a hand is more than the card table holds (at most "
                f"{TABLE_HAND} a hand, {2 * TABLE_HAND} cards): not opened. 'whist value' values "
                "it from its text — Ctrl+C copies the suit's text"
            )
        return f"The suit {suit} cannot be opened: {exc}"
    return None


def add_copy_action(table: QTableView) -> QAction:
    """Ctrl+C in ``table`` (and its context menu): the current row's suit text to the
    clipboard."""
    act = QAction("&Copy the Suit's Text", table)
    act.setShortcut(QKeySequence(QKeySequence.StandardKey.Copy))
    act.setShortcutContext(Qt.ShortcutContext.WidgetShortcut)
    act.setStatusTip("The current row's suit in the paper's notation, as 'whist value' reads it")
    act.triggered.connect(lambda: copy_suit(table.currentIndex()))
    table.addAction(act)
    table.setContextMenuPolicy(Qt.ContextMenuPolicy.ActionsContextMenu)
    return act


def copy_suit(index: QModelIndex) -> str | None:
    """The suit of ``index``'s row to the clipboard; the text copied (None: no row, or its
    page not read yet)."""
    pattern = index.data(PatternRole) if index.isValid() else None
    if not isinstance(pattern, str):
        return None
    text = suit_text(pattern)
    QGuiApplication.clipboard().setText(text)
    return text
