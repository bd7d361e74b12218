"""Item delegates shared by the app's small grids (the double-dummy table, GOPS's heat map)."""

from __future__ import annotations

from PySide6.QtCore import QModelIndex, QObject, QPersistentModelIndex, QRect, Qt
from PySide6.QtGui import QPainter, QPalette, QPen
from PySide6.QtWidgets import QStyle, QStyledItemDelegate, QStyleOptionViewItem

__all__ = ["OutlineDelegate"]


class OutlineDelegate(QStyledItemDelegate):
    """Outlines the cells whose ``role`` data is true (the board's contract, the bids the
    path took) in the highlight colour, and the keyboard's cell with a dotted frame; a cell's
    own selection or focus colour is never drawn."""

    def __init__(self, role: int, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.role = role

    def paint(
        self,
        painter: QPainter,
        option: QStyleOptionViewItem,
        index: QModelIndex | QPersistentModelIndex,
    ) -> None:
        opt = QStyleOptionViewItem(option)
        has_focus = bool(opt.state & QStyle.StateFlag.State_HasFocus)
        opt.state &= ~QStyle.StateFlag.State_HasFocus
        super().paint(painter, opt, index)
        rect: QRect = option.rect
        pal: QPalette = option.palette
        painter.save()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        if index.data(self.role):
            painter.setPen(QPen(pal.color(QPalette.ColorRole.Highlight), 2.5))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawRoundedRect(rect.adjusted(2, 2, -2, -2), 3, 3)
        if has_focus:
            painter.setPen(QPen(pal.color(QPalette.ColorRole.Text), 1.2, Qt.PenStyle.DotLine))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawRect(rect.adjusted(4, 4, -5, -5))
        painter.restore()
