"""What the values worksheet takes from a drop: a deal or a suit — dragged from the table (a
suit's symbol), the inspector's tree of reductions or the single-suit list
(:mod:`~whistgui.ui.widgets.deal_drag`), or any text that reads as a deal — and the refusal of
anything else, quoted, saying what it takes: cards off a table, bridge cards, a file, text that
is not a deal.

>>> from PySide6.QtCore import QMimeData
>>> m = QMimeData(); m.setText('  AQ/KJ K/A ')
>>> dropped_deal(m)
'AQ/KJ K/A'
>>> m.setText('hello')
>>> dropped_deal(m)  # doctest: +ELLIPSIS
Traceback (most recent call last):
ValueError: 'hello' is not a deal: ...
"""

from __future__ import annotations

from typing import Final

from PySide6.QtCore import QMimeData

from whistgui.engine import Deal, WhistError
from whistgui.engine.reading import quote, quote_path
from whistgui.figures.play import card_text
from whistgui.ui.trick.table_cards import MIME_TYPE as TABLE_CARDS
from whistgui.ui.widgets.deal_drag import DEAL_MIME_TYPE, MAX_DEAL_TEXT, deal_text

__all__ = ["TAKES", "dropped_deal"]

#: The app's own mime types begin so (another workspace's cards: bridge's).
APP_TYPES: Final = "application/x-whistgui-"

#: What the worksheet takes, said after each refusal.
TAKES: Final = (
    "drop a suit from the table (its symbol), the inspector's tree or the single-suit list, "
    "or a deal's text (AQ/KJ K/A)"
)


def dropped_deal(mime: QMimeData) -> str:
    """The deal text a drop on the worksheet adds as a row; ValueError saying why not."""
    if mime.hasFormat(DEAL_MIME_TYPE):
        text = deal_text(mime).strip()
    elif mime.hasFormat(TABLE_CARDS):
        names = mime.text()[:200].split()  # "S:A": said as the table shows it, ♠A
        shown = quote(" ".join(card_text(n) for n in names[:8]))
        what = "is a card" if len(names) == 1 else "are cards"
        raise ValueError(
            f"{shown} {what} dragged off the table, not a suit — use Add the Table's Deal, or "
            f"{TAKES}"
        )
    elif other := [f for f in mime.formats() if f.startswith(APP_TYPES)]:
        what = other[0].removeprefix(APP_TYPES).replace("-", " ")  # "bridge cards"
        raise ValueError(f"{what} ({quote(mime.text())}) are not a whist suit; {TAKES}")
    elif mime.hasUrls():
        url = mime.urls()[0]
        name = url.toLocalFile() or url.toString()
        raise ValueError(
            f"a file ({quote_path(name)}) is not a suit (drop it on the table to open it); {TAKES}"
        )
    elif mime.hasText():
        text = mime.text().strip()
    else:
        formats = ", ".join(mime.formats()) or "nothing"
        raise ValueError(f"the drop carries {quote(formats)}, not a deal; {TAKES}")
    if not text:
        raise ValueError(f"the drop carries no text; {TAKES}")
    if len(text) > MAX_DEAL_TEXT:
        raise ValueError(
            f"{quote(text)} is {len(text):,} characters: longer than any deal a row takes"
        )
    try:
        deal = Deal.parse(text)
    except WhistError as exc:
        raise ValueError(f"{quote(text)} is not a deal: {exc}") from None
    if not deal.suits:
        raise ValueError(f"{quote(text)} is an empty deal; {TAKES}")
    return text
