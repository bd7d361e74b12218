"""The optimal-play panel's card list: every legal card of the player to move, before it is
played, with its mark (West's result after it), what it costs and why — the engine's
:class:`~whistgui.engine.strategy.CardReason`, in the paper's words, never worked out here.

Equal cards (a sequence of one hand) share a row, the optimal ones starred and filled in the
theme's ``optimal_fill``; a row of several cards opens to each card. The reason column wraps:
each row is as tall as its reason at the column's width (:class:`WrapDelegate`), so nothing
is cut; the reason with its cost in the paper's full sentence is the row's tooltip.
"""

from __future__ import annotations

from typing import Final

from PySide6.QtCore import QModelIndex, QPersistentModelIndex, QRect, QSize, Qt
from PySide6.QtGui import QBrush, QFont, QPalette
from PySide6.QtWidgets import (
    QHeaderView,
    QStyle,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QTreeWidget,
    QTreeWidgetItem,
    QWidget,
)

from whistgui.engine import Card, Position
from whistgui.engine.strategy import CardReason
from whistgui.engine.trick.rules import result_text
from whistgui.figures.play import card_text
from whistgui.ui.theme import colour, contrasting_text
from whistgui.ui.trick.play_turns import Turn

__all__ = ["CARD", "COST", "MARK", "WHY", "CardList", "WrapDelegate", "why_text"]

#: The list's columns.
CARD: Final = 0
MARK: Final = 1
COST: Final = 2
WHY: Final = 3


def why_text(reason: CardReason) -> str:
    """The reason column of ``reason``'s card: what a best card does; for another card why
    it costs what the cost column says (the engine's words after its "not best: …" head,
    which the mark and cost columns already say), or its whole text when it has no why."""
    if reason.is_best:
        return reason.does
    return reason.why or reason.text


class WrapDelegate(QStyledItemDelegate):
    """Rows as tall as their wrapped text in ``column`` at its width (the view wraps text,
    :meth:`QTreeView.setWordWrap`; this tells it the height that takes)."""

    def __init__(self, view: QTreeWidget, column: int) -> None:
        super().__init__(view)
        self._view = view
        self._column = column

    def sizeHint(
        self, option: QStyleOptionViewItem, index: QModelIndex | QPersistentModelIndex
    ) -> QSize:
        size = super().sizeHint(option, index)
        if index.column() != self._column:
            return size
        opt = QStyleOptionViewItem(option)
        self.initStyleOption(opt, index)
        style = self._view.style()
        margin = style.pixelMetric(QStyle.PixelMetric.PM_FocusFrameHMargin, None, self._view) + 1
        width = self._view.header().sectionSize(self._column) - 2 * margin
        if width <= 0 or not opt.text:
            return size
        flags = Qt.AlignmentFlag.AlignLeft | Qt.TextFlag.TextWordWrap
        rect = opt.fontMetrics.boundingRect(QRect(0, 0, width, 1 << 20), int(flags), opt.text)
        return QSize(size.width(), max(size.height(), rect.height() + 2 * margin + 2))


class CardList(QTreeWidget):
    """Every legal card of one turn with its mark, cost and reason (:meth:`show_turn`).
    ``mark_header`` names the mark column: ``West ends with`` or ``Who wins``."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("cardMarks")
        self.setColumnCount(4)
        self.set_mark_header("West ends with")
        self.setRootIsDecorated(True)
        self.setWordWrap(True)
        self.setUniformRowHeights(False)
        self.setTextElideMode(Qt.TextElideMode.ElideNone)
        self.setVerticalScrollMode(QTreeWidget.ScrollMode.ScrollPerPixel)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setItemDelegate(WrapDelegate(self, WHY))
        head = self.header()
        head.setStretchLastSection(True)
        for col in (CARD, MARK, COST):
            head.setSectionResizeMode(col, QHeaderView.ResizeMode.ResizeToContents)
        head.setSectionResizeMode(WHY, QHeaderView.ResizeMode.Stretch)
        head.sectionResized.connect(self._on_resized)

    def set_mark_header(self, mark: str) -> None:
        self.setHeaderLabels(["Card", mark, "Costs", "Why"])
        self.headerItem().setToolTip(COST, "What the card gives away against the best card")
        self.headerItem().setToolTip(WHY, "Why, in the paper's words, before the card is played")

    def _on_resized(self, index: int, _old: int, _new: int) -> None:
        if index == WHY:
            self.doItemsLayout()  # the rows' heights follow the reason column's width

    def show_turn(self, pos: Position, t: Turn, palette: QPalette) -> None:
        """List ``t``'s legal cards at ``pos``, one row per sequence of equal cards."""
        self.clear()
        deal = pos.deal
        player = pos.to_move
        bold = QFont()
        bold.setBold(True)
        fill = colour("optimal_fill", palette)
        on_fill = contrasting_text(fill)
        red = colour("error", palette)
        for i, suit in enumerate(deal.suits):
            for seq in suit.sequences(player):
                cards = [Card(i, r) for r in seq if Card(i, r) in t.marks]
                if not cards:
                    continue
                card = t.choice if t.choice in cards else cards[-1]
                names = " ".join(card_text(pos.card_name(c)) for c in cards)
                reason = t.reasons[card]
                top = self._row(("★ " if reason.is_best else "") + names, card, reason)
                if reason.is_best:
                    for col in range(self.columnCount()):
                        top.setFont(col, bold)
                        top.setBackground(col, QBrush(fill))
                        top.setForeground(col, QBrush(on_fill))
                else:
                    top.setForeground(COST, QBrush(red))
                for c in cards if len(cards) > 1 else []:
                    child = self._row(card_text(pos.card_name(c)), c, t.reasons[c])
                    if not t.reasons[c].is_best:
                        child.setForeground(COST, QBrush(red))
                    top.addChild(child)
                self.addTopLevelItem(top)

    @staticmethod
    def _row(name: str, card: Card, reason: CardReason) -> QTreeWidgetItem:
        item = QTreeWidgetItem([name, result_text(reason.mark), reason.cost_text, ""])
        item.setText(WHY, why_text(reason))
        item.setData(CARD, Qt.ItemDataRole.UserRole, card)
        for col in range(4):
            item.setToolTip(col, reason.text)
        return item

    def select(self, card: Card) -> QTreeWidgetItem | None:
        """Make ``card``'s row the current one: its sequence's row if the row stands for it,
        else its own row in the opened sequence; the row, or None if ``card`` is not listed."""
        for top in self.rows():
            for item in [top, *self._children(top)]:
                if item.data(CARD, Qt.ItemDataRole.UserRole) == card:
                    if item is not top:  # not the card the sequence's row stands for
                        top.setExpanded(True)
                    self.setCurrentItem(item)
                    self.scrollToItem(item)
                    return item
        return None

    @staticmethod
    def _children(top: QTreeWidgetItem) -> list[QTreeWidgetItem]:
        return [c for j in range(top.childCount()) if (c := top.child(j)) is not None]

    def rows(self) -> list[QTreeWidgetItem]:
        """The top rows, in order."""
        items = (self.topLevelItem(i) for i in range(self.topLevelItemCount()))
        return [item for item in items if item is not None]
