"""Cards drawn as vectors with QPainter: crisp at any size and device pixel ratio. Their
colours are the theme's card roles (:mod:`whistgui.ui.theme`), the same in every theme."""

from __future__ import annotations

from typing import Final

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPainterPath, QPen

from whistgui.engine.trick.cards import rank_text, suit_symbol
from whistgui.ui.theme import EXTRA_SUIT_COLOURS, colour

#: The role of each suit's symbol and ranks: conventional black and red; the suits after the
#: fourth take :data:`~whistgui.ui.theme.EXTRA_SUIT_COLOURS` in turn.
SUIT_ROLES: Final = {"S": "card_black", "H": "card_red", "D": "card_red", "C": "card_black"}


def suit_colour(name: str) -> QColor:
    role = SUIT_ROLES.get(name)
    if role is not None:
        return colour(role)
    try:
        i = int(name) - 5
    except ValueError:
        i = 0
    return QColor(EXTRA_SUIT_COLOURS[i % len(EXTRA_SUIT_COLOURS)])


def rank_label(rank: int, abstract: bool = False) -> str:
    """``10`` for the ten (as printed on cards), letters for honours; plain integers for the
    numbered cards of an abstract suit."""
    return rank_text(rank, standard=not abstract, style="paper")


def paint_card(
    painter: QPainter,
    rect: QRectF,
    suit_name: str,
    rank: int,
    *,
    selected: bool = False,
    focused: bool = False,
    dimmed: bool = False,
    abstract: bool = False,
) -> None:
    """One card face in ``rect``: index (rank over suit) at the top left, a large pip below."""
    painter.save()
    painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    painter.setRenderHint(QPainter.RenderHint.TextAntialiasing, True)
    radius = rect.width() * 0.09
    path = QPainterPath()
    path.addRoundedRect(rect, radius, radius)
    painter.fillPath(path, colour("card_face_dimmed" if dimmed else "card_face"))
    border = QPen(colour("card_selection" if selected else "card_border"))
    border.setWidthF(max(1.0, rect.width() * (0.06 if selected else 0.02)))
    painter.setPen(border)
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.drawPath(path)
    ink = suit_colour(suit_name)
    if dimmed:
        ink.setAlpha(200)
    painter.setPen(ink)
    label = rank_label(rank, abstract)
    font = QFont("DejaVu Sans")
    font.setBold(True)
    size = rect.height() * (0.21 if len(label) < 2 else 0.16)
    font.setPixelSize(max(6, round(size)))
    painter.setFont(font)
    pad = rect.width() * 0.08
    index_w = rect.width() * (0.42 if len(label) < 2 else 0.5)
    left = rect.left() + (pad * 0.6 if len(label) < 2 else pad * 0.2)
    top = QRectF(left, rect.top() + pad * 0.5, index_w, rect.height() * 0.24)
    painter.drawText(top, Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop, label)
    font.setBold(False)
    font.setPixelSize(max(6, round(rect.height() * 0.2)))
    painter.setFont(font)
    pip = QRectF(top.left(), top.bottom() - pad * 0.2, index_w, rect.height() * 0.22)
    painter.drawText(
        pip, Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop, suit_symbol(suit_name)
    )
    font.setPixelSize(max(8, round(rect.height() * 0.42)))
    painter.setFont(font)
    centre = QRectF(
        rect.left(), rect.top() + rect.height() * 0.38, rect.width(), rect.height() * 0.55
    )
    centre.translate(QPointF(rect.width() * 0.12, 0))
    painter.drawText(centre, Qt.AlignmentFlag.AlignCenter, suit_symbol(suit_name))
    if focused:
        paint_focus(painter, rect)
    painter.restore()


def paint_focus(painter: QPainter, rect: QRectF) -> None:
    """The keyboard's ring around the card drawn at ``rect``. Where cards overlap, paint it
    after them all, so that no neighbour covers it."""
    painter.save()
    painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    pen = QPen(colour("turn"))
    pen.setWidthF(max(1.5, rect.width() * 0.05))
    pen.setStyle(Qt.PenStyle.DashLine)
    painter.setPen(pen)
    painter.setBrush(Qt.BrushStyle.NoBrush)
    radius = rect.width() * 0.09
    painter.drawRoundedRect(rect.adjusted(-2, -2, 2, 2), radius, radius)
    painter.restore()
