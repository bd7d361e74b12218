"""A deal or a suit in a drag: the app's own mime type, JSON with the deal's text (as
``Deal.parse`` reads it) and where it comes from, and the text itself as plain text beside it
(so a text editor takes it too). The inspector's tree of reductions and the single-suit list
drag suits this way; the values worksheet takes them as rows."""

from __future__ import annotations

import json
from typing import Final

from PySide6.QtCore import QByteArray, QMimeData

__all__ = ["DEAL_MIME_TYPE", "deal_mime", "deal_text"]

DEAL_MIME_TYPE: Final = "application/x-whistgui-deal"
#: The longest deal text a drop is read from (a 13-card suit in the paper's integers is ~80).
MAX_DEAL_TEXT: Final = 4000


def deal_mime(text: str, origin: str) -> QMimeData:
    """Mime data dragging the deal ``text`` from ``origin`` (``"inspector"``, ``"single
    suits"``)."""
    mime = QMimeData()
    payload = {"deal": text, "from": origin}
    mime.setData(DEAL_MIME_TYPE, QByteArray(json.dumps(payload).encode()))
    mime.setText(text)
    return mime


def deal_text(mime: QMimeData) -> str:
    """The deal text of the app's own drag; ValueError saying why for data that is not one
    (quoted, shortened)."""
    raw = bytes(mime.data(DEAL_MIME_TYPE).data())
    try:
        if len(raw) > MAX_DEAL_TEXT:
            raise ValueError
        text = json.loads(raw.decode())["deal"]
        if not isinstance(text, str):
            raise TypeError
    except (ValueError, KeyError, TypeError, UnicodeDecodeError):
        raise ValueError(f"the dropped data {raw[:60]!r} is not a deal") from None
    return text
