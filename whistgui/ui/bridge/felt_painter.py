"""The bridge table's painting: the felt, the hands' zones (the one to play, the one under a
drag), the seats' labels, the corners (contract and board; tricks and whose turn), the pool or
the trick in the middle, the cards with their marks, the status line. Every colour is a role of
:mod:`whistgui.ui.theme` — the felt's, the same in both themes."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QFontMetricsF, QPainter, QPainterPath, QPen

from whistgui.app.bridge import BridgeDocument
from whistgui.engine.bridge import BridgeCard, Seat
from whistgui.ui.bridge.table_cards import POOL, felt_font, vulnerable_sides
from whistgui.ui.bridge.table_layout import LIFT, TableLayout
from whistgui.ui.theme import colour, contrasting_text
from whistgui.ui.widgets.cardart import paint_card

if TYPE_CHECKING:
    from whistgui.ui.bridge.table import BridgeTable

__all__ = ["FeltPainter", "badge_rect"]


def badge_rect(visible: QRectF, card_h: float) -> QRectF:
    """A mark's disc: in the uncovered strip of its card, under the card's index."""
    d = max(14.0, min(visible.width() - 4, card_h * 0.3))
    x = visible.left() + (visible.width() - d) / 2
    y = visible.top() + min(card_h * 0.52, visible.height() - d - 2)
    return QRectF(x, y, d, d)


class FeltPainter:
    """Paints ``table`` as it is now."""

    def __init__(self, table: BridgeTable) -> None:
        self.table = table

    def paint(self, p: QPainter) -> None:
        """Draw the whole table with ``p``."""
        t = self.table
        p.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        p.setRenderHint(QPainter.RenderHint.TextAntialiasing, True)
        p.fillRect(t.rect(), colour("felt"))
        lay = t.table_layout()
        doc = t.session.document
        mover = t.mover()
        self._zones(p, lay, mover)
        self._labels(p, lay, doc, mover)
        self._corners(p, lay, doc)
        self._middle(p, lay, doc)
        self._cards(p, lay, mover)
        self._status(p, lay, doc)

    def _zones(self, p: QPainter, lay: TableLayout, mover: Seat | None) -> None:
        for place, zone in lay.zones.items():
            p.setPen(Qt.PenStyle.NoPen)
            if place == self.table.drop_zone:
                p.setBrush(colour("felt_drop"))
            else:
                p.setBrush(colour("felt_turn" if place == mover else "felt_band"))
            p.drawRoundedRect(zone, 8, 8)

    def _labels(
        self, p: QPainter, lay: TableLayout, doc: BridgeDocument, mover: Seat | None
    ) -> None:
        vul = vulnerable_sides(doc.vulnerable)
        font = felt_font(13, bold=True)
        metrics = QFontMetricsF(font)
        p.setFont(font)
        for seat, rect in lay.labels.items():
            text = ("▶ " if seat is mover else "") + self.table.label_text(seat)
            text = metrics.elidedText(text, Qt.TextElideMode.ElideRight, rect.width() - 16)
            w = metrics.horizontalAdvance(text) + 16
            pill = QRectF(rect.center().x() - w / 2, rect.top() + 1, w, rect.height() - 2)
            vulnerable = seat.side in vul
            if seat is mover:
                bg = colour("turn")
                fg = contrasting_text(bg)
            elif vulnerable:
                bg = colour("vulnerable")
                fg = contrasting_text(bg)
            else:
                bg, fg = colour("felt_shade"), colour("felt_text")
                bg.setAlpha(70)
            p.setBrush(bg)
            if seat is mover and vulnerable:
                pen = QPen(colour("vulnerable"))
                pen.setWidthF(2.5)
                p.setPen(pen)
            else:
                p.setPen(Qt.PenStyle.NoPen)
            p.drawRoundedRect(pill, pill.height() / 2, pill.height() / 2)
            p.setPen(fg)
            p.drawText(pill, Qt.AlignmentFlag.AlignCenter, text)

    def _corners(self, p: QPainter, lay: TableLayout, doc: BridgeDocument) -> None:
        info, score = self.table._corner_lines(doc)
        for rect, lines, align in (
            (lay.info, info, Qt.AlignmentFlag.AlignLeft),
            (lay.score, score, Qt.AlignmentFlag.AlignRight),
        ):
            y = rect.top() + 2
            for k, line in enumerate(lines):
                big = k == 0
                for px in (17, 15, 13) if big else (12, 11, 10):  # shrink before eliding
                    font = felt_font(px, bold=big)
                    font.setItalic(line == "computing…")
                    metrics = QFontMetricsF(font)
                    if metrics.horizontalAdvance(line) <= rect.width() - 4:
                        break
                h = metrics.height() + 2
                if y + h > rect.bottom() + 4:
                    break
                p.setFont(font)
                p.setPen(colour("felt_text" if big else "felt_text_soft"))
                text = metrics.elidedText(line, Qt.TextElideMode.ElideRight, rect.width() - 4)
                box = QRectF(rect.left() + 2, y, rect.width() - 4, h)
                p.drawText(box, align | Qt.AlignmentFlag.AlignVCenter, text)
                y += h + (4 if big else 0)

    def _middle(self, p: QPainter, lay: TableLayout, doc: BridgeDocument) -> None:
        pool = len(doc.pool)
        if pool or self.table.drop_zone == POOL:
            font = felt_font(13, bold=True)
            p.setFont(font)
            p.setPen(colour("felt_text"))
            title = f"Undealt · {pool}" if pool else "Back to the pool"
            p.drawText(lay.pool_title, Qt.AlignmentFlag.AlignCenter, title)
        if lay.ghost:
            p.save()
            p.setOpacity(0.45)
            for _, card, rect in lay.ghost:
                paint_card(p, rect, card.suit.name, card.rank)
            p.restore()
        leader_card = lay.trick[0][1] if lay.trick else None
        costs = self.table.trick_costs()
        for _, card, rect in lay.trick:
            paint_card(p, rect, card.suit.name, card.rank)
            if card in costs:  # a card that cost its side tricks: a red −n, as in the grid
                self._badge(p, rect, rect.height(), f"\u2212{costs[card]}", False)
            if card == leader_card:  # the card led: a small mark at its foot
                p.save()
                p.setPen(Qt.PenStyle.NoPen)
                p.setBrush(colour("turn"))
                d = max(6.0, rect.width() * 0.12)
                p.drawEllipse(QRectF(rect.right() - d - 4, rect.bottom() - d - 4, d, d))
                p.restore()

    def _cards(self, p: QPainter, lay: TableLayout, mover: Seat | None) -> None:
        t = self.table
        selected = set(t.selected)
        legal = t.legal()
        shade = colour("felt_shade")
        shade.setAlpha(95)
        lifted: dict[BridgeCard, QRectF] = {}
        for s in lay.slots:
            rect = s.rect.translated(0, -LIFT) if s.card in selected else s.rect
            lifted[s.card] = rect
            dimmed = s.place == mover and s.card not in legal
            paint_card(
                p,
                rect,
                s.card.suit.name,
                s.card.rank,
                selected=s.card in selected,
                focused=s.card == t.focus_card and t.hasFocus(),
                dimmed=dimmed,
            )
            if dimmed:
                path = QPainterPath()
                r = rect.width() * 0.09
                path.addRoundedRect(rect, r, r)
                p.fillPath(path, shade)
        marks = t.marks
        for s in lay.slots:
            mark = marks.get(s.card)
            if mark is None:
                continue
            dy = lifted[s.card].top() - s.rect.top()
            visible = s.visible.translated(0, dy)
            if mark.best:
                self._outline(p, visible, colour("best"))
            self._badge(p, visible, s.rect.height(), mark.badge, mark.best)

    @staticmethod
    def _outline(p: QPainter, rect: QRectF, ink: QColor) -> None:
        p.save()
        pen = QPen(ink)
        pen.setWidthF(max(2.5, rect.height() * 0.035))
        p.setPen(pen)
        p.setBrush(Qt.BrushStyle.NoBrush)
        r = min(rect.width(), rect.height()) * 0.15
        p.drawRoundedRect(rect.adjusted(-1, -1, 1, 1), r, r)
        p.restore()

    @staticmethod
    def _badge(p: QPainter, visible: QRectF, card_h: float, text: str, good: bool) -> None:
        """A card's disc, from the point of view of the side that plays it: green if
        ``good`` (one of its best cards, ✓), else red (what it costs, −1)."""
        p.save()
        disc = badge_rect(visible, card_h)
        fill = colour("made" if good else "down")
        ink = contrasting_text(fill)
        p.setPen(QPen(ink, 1.2))
        p.setBrush(fill)
        p.drawEllipse(disc)
        font = felt_font(disc.height() * (0.55 if len(text) < 2 else 0.46), bold=True)
        p.setFont(font)
        p.setPen(ink)
        p.drawText(disc, Qt.AlignmentFlag.AlignCenter, text)
        p.restore()

    def _status(self, p: QPainter, lay: TableLayout, doc: BridgeDocument) -> None:
        bottom = lay.status
        line = bottom.adjusted(8, 0, -8, 0)
        font = felt_font(13)
        p.setFont(font)
        metrics = QFontMetricsF(font)
        t = self.table
        bg: QColor | None
        if t.message:
            bg = colour("felt_refusal" if t.message_kind == "refusal" else "felt_note")
            fg = contrasting_text(bg)
        elif doc.problem() is not None:
            bg, fg = colour("note_fill"), colour("note_text")
        else:
            bg, fg = None, colour("felt_text_soft")
        if bg is not None:
            p.setPen(Qt.PenStyle.NoPen)
            p.setBrush(bg)
            p.drawRoundedRect(bottom, 4, 4)
        p.setPen(fg)
        text = metrics.elidedText(t.status_text(), Qt.TextElideMode.ElideRight, line.width())
        p.drawText(line, Qt.AlignmentFlag.AlignVCenter, text)
