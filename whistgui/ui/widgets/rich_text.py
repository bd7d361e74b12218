"""Words with the papers' subscripts in an item view: the text of a cell stays plain (what
tests, copies and screen readers read), and a delegate draws it as rich text — ``H_Greedy`` as
H with the subscript Greedy — wrapped to its column."""

from __future__ import annotations

import html
import re
from typing import Final

from PySide6.QtCore import QModelIndex, QPersistentModelIndex, QRect, QSize
from PySide6.QtGui import QAbstractTextDocumentLayout, QPainter, QPalette, QTextDocument
from PySide6.QtWidgets import QApplication, QStyle, QStyledItemDelegate, QStyleOptionViewItem

__all__ = ["RichTextDelegate", "subscripts_html"]

#: A name with a word as its subscript, as the papers write them: H_Greedy (R43 Theorem 6.1).
_SUBSCRIPTED: Final = re.compile(r"\b([A-Za-z])_([A-Za-z]{2,})\b")


def subscripts_html(text: str) -> str:
    """``text`` as rich text, each ``X_Word`` (``H_Greedy``) as X with the subscript Word.

    >>> subscripts_html("n = 3, H_Greedy = +1: West takes 2 & more")
    'n = 3, H<sub>Greedy</sub> = +1: West takes 2 &amp; more'
    """
    return _SUBSCRIPTED.sub(r"\1<sub>\2</sub>", html.escape(text, quote=False))


class RichTextDelegate(QStyledItemDelegate):
    """Draws a cell's text through :func:`subscripts_html`, wrapped to the cell's width, in the
    view's colours (selected or not); its size hint is the wrapped text's."""

    def _document(self, option: QStyleOptionViewItem, text: str, width: float) -> QTextDocument:
        doc = QTextDocument()
        doc.setDocumentMargin(0)
        doc.setDefaultFont(option.font)
        doc.setHtml(subscripts_html(text))
        doc.setTextWidth(max(1.0, width))
        return doc

    @staticmethod
    def _text_area(opt: QStyleOptionViewItem) -> QRect:
        """Where the cell's text goes (the style's rect for it, as for plain text)."""
        widget = opt.widget
        style = widget.style() if widget is not None else QApplication.style()
        return style.subElementRect(QStyle.SubElement.SE_ItemViewItemText, opt, widget)

    def paint(
        self,
        painter: QPainter,
        option: QStyleOptionViewItem,
        index: QModelIndex | QPersistentModelIndex,
    ) -> None:
        opt = QStyleOptionViewItem(option)
        self.initStyleOption(opt, index)
        text = opt.text
        area = self._text_area(opt)
        opt.text = ""  # the style draws the cell's background, selection and focus
        widget = opt.widget
        style = widget.style() if widget is not None else QApplication.style()
        style.drawControl(QStyle.ControlElement.CE_ItemViewItem, opt, painter, widget)
        doc = self._document(opt, text, area.width())
        context = QAbstractTextDocumentLayout.PaintContext()
        selected = bool(opt.state & QStyle.StateFlag.State_Selected)
        role = QPalette.ColorRole.HighlightedText if selected else QPalette.ColorRole.Text
        context.palette.setColor(QPalette.ColorRole.Text, opt.palette.color(role))
        painter.save()
        top = area.top() + max(0.0, (area.height() - doc.size().height()) / 2)
        painter.translate(area.left(), top)
        painter.setClipRect(0, 0, area.width(), area.height())
        doc.documentLayout().draw(painter, context)
        painter.restore()

    def sizeHint(
        self, option: QStyleOptionViewItem, index: QModelIndex | QPersistentModelIndex
    ) -> QSize:
        opt = QStyleOptionViewItem(option)
        self.initStyleOption(opt, index)
        text = opt.text
        spare = opt.rect.width() - self._text_area(opt).width()  # the style's margins
        width = opt.rect.width() - spare
        if opt.rect.width() <= 0:  # no column width yet: the text on one line
            width = 1 << 16
        doc = self._document(opt, text, width)
        return QSize(int(doc.idealWidth()) + max(spare, 0) + 1, int(doc.size().height()) + 4)
