"""Scroll areas that let a page or a panel shrink below its minimum and scroll, so that no
widget asks for more room than the screen has (issue 24)."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QSize
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import QFrame, QScrollArea, QWidget

__all__ = ["FitScrollArea", "dock_scroller"]


class _ByMinimum(QWidget):
    """What the scroll area holds in place of ``page``: a widget with no layout, which the page
    fills. A QScrollArea sizes a widget whose layout has height-for-width (a word-wrapped label
    shown, such as bridge's refusal line) by its *preferred* height, so the page scrolled
    whenever it would have liked more room, though its minimum fitted; this one it sizes by
    the page's minimum."""

    def __init__(self, page: QWidget) -> None:
        super().__init__()
        self.setObjectName(f"{page.objectName() or 'page'}Holder")
        self.page = page
        page.setParent(self)

    def minimumSizeHint(self) -> QSize:
        return self.page.minimumSizeHint().expandedTo(self.page.minimumSize())

    def sizeHint(self) -> QSize:
        return self.page.sizeHint()

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self.page.setGeometry(self.rect())

    def event(self, event: QEvent) -> bool:
        if event.type() == QEvent.Type.LayoutRequest:  # the page's hints changed: pass it on
            self.updateGeometry()
        return super().event(event)


class FitScrollArea(QScrollArea):
    """A page (or a panel) that fills the room it is given and scrolls when that is less than
    its minimum. Its own minimum is the page's, bounded by :attr:`limit` (None: no minimum of
    its own beyond the scroll bars').

    ``by_minimum``: the page is given the room it has down to its minimum, whatever it would
    like (a workspace's page); otherwise a page whose height follows its width (word-wrapped
    text) is given the height it would like, and scrolls (a dock's panel keeps its tables at
    their size)."""

    def __init__(
        self, page: QWidget, parent: QWidget | None = None, *, by_minimum: bool = False
    ) -> None:
        super().__init__(parent)
        self.setObjectName(f"{page.objectName() or 'page'}Scroll")
        #: the page or panel shown (:meth:`widget` may be its holder)
        self.page = page
        self.setWidget(_ByMinimum(page) if by_minimum else page)
        self.setWidgetResizable(True)
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.limit: QSize | None = None

    def set_limit(self, limit: QSize | None) -> None:
        if limit != self.limit:
            self.limit = limit
            self.updateGeometry()

    def _bounded(self, size: QSize) -> QSize:
        if self.limit is None:
            return super().minimumSizeHint()
        return size.boundedTo(self.limit)

    def minimumSizeHint(self) -> QSize:
        page = self.page
        return self._bounded(page.minimumSizeHint().expandedTo(page.minimumSize()))

    def sizeHint(self) -> QSize:
        return self.page.sizeHint().expandedTo(self.minimumSizeHint())


def dock_scroller(panel: QWidget, *, fill: bool = False) -> FitScrollArea:
    """``panel`` in a scroll area for a dock: the dock shrinks as far as its title and scroll
    bars, and the panel scrolls, instead of the dock pushing the window off the screen (and
    closing the dock gives its room back). ``fill``: the panel is given the dock's room down
    to its minimum (its lists take the height), not the height it would like."""
    return FitScrollArea(panel, by_minimum=fill)
