"""Cards drawn as vectors with QPainter: crisp at any size and device pixel ratio."""

from __future__ import annotations

from typing import Final

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPainterPath, QPen

from whistgui.engine.trick.cards import rank_text, suit_symbol

#: Colour of each suit's symbol and ranks: conventional black and red, and distinct colours for
#: the suits after the fourth.
SUIT_COLOURS: Final = {
    "S": QColor("#111111"),
    "H": QColor("#c8102e"),
    "D": QColor("#c8102e"),
    "C": QColor("#111111"),
}
_EXTRA_COLOURS: Final = ["#1b5e20", "#4a148c", "#0d47a1", "#e65100", "#004d40", "#880e4f"]

FELT: Final = QColor("#2e6b3f")
FELT_DARK: Final = QColor("#245633")
SELECTION: Final = QColor("#1e88e5")


def suit_colour(name: str) -> QColor:
    if name in SUIT_COLOURS:
        return SUIT_COLOURS[name]
    try:
        i = int(name) - 5
    except ValueError:
        i = 0
    return QColor(_EXTRA_COLOURS[i % len(_EXTRA_COLOURS)])


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
    painter.fillPath(path, QColor("#ecece4") if dimmed else QColor("#fdfdf8"))
    border = QPen(SELECTION if selected else QColor("#6b6b6b"))
    border.setWidthF(max(1.0, rect.width() * (0.06 if selected else 0.02)))
    painter.setPen(border)
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.drawPath(path)
    colour = suit_colour(suit_name)
    if dimmed:
        colour = QColor(colour)
        colour.setAlpha(200)
    painter.setPen(colour)
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
        pen = QPen(QColor("#ffca28"))
        pen.setWidthF(max(1.5, rect.width() * 0.05))
        pen.setStyle(Qt.PenStyle.DashLine)
        painter.setPen(pen)
        inner = rect.adjusted(-2, -2, 2, 2)
        painter.drawRoundedRect(inner, radius, radius)
    painter.restore()
