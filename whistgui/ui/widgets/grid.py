"""What the app's small grids of choices share (the double-dummy table, GOPS's heat map): the
keys that choose a cell, and the delegate that outlines cells."""

from __future__ import annotations

from PySide6.QtCore import QModelIndex, QObject, QPersistentModelIndex, QRect, Qt, Signal
from PySide6.QtGui import QKeyEvent, QPainter, QPalette, QPen
from PySide6.QtWidgets import QStyle, QStyledItemDelegate, QStyleOptionViewItem, QTableWidget

__all__ = ["ChoiceGrid", "OutlineDelegate"]


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


class ChoiceGrid(QTableWidget):
    """A table whose cells are choices: Enter, Return or Space on the keyboard's cell emits
    :attr:`chosen` (row, column), as a click does where the owner connects it."""

    chosen = Signal(int, int)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter, Qt.Key.Key_Space):
            index = self.currentIndex()
            if index.isValid():
                self.chosen.emit(index.row(), index.column())
                event.accept()
                return
        super().keyPressEvent(event)
