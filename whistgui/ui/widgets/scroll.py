"""Scroll areas that let a page or a panel shrink below its minimum and scroll, so that no
widget asks for more room than the screen has (issue 24)."""

from __future__ import annotations

from PySide6.QtCore import QSize
from PySide6.QtWidgets import QFrame, QScrollArea, QWidget

__all__ = ["FitScrollArea", "dock_scroller"]


class FitScrollArea(QScrollArea):
    """A page (or a panel) that fills the room it is given and scrolls when that is less than
    its minimum. Its own minimum is the page's, bounded by :attr:`limit` (None: no minimum of
    its own beyond the scroll bars')."""

    def __init__(self, page: QWidget, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName(f"{page.objectName() or 'page'}Scroll")
        self.setWidget(page)
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
        page = self.widget()
        if page is None:
            return super().minimumSizeHint()
        return self._bounded(page.minimumSizeHint().expandedTo(page.minimumSize()))

    def sizeHint(self) -> QSize:
        page = self.widget()
        if page is None:
            return super().sizeHint()
        return page.sizeHint().expandedTo(self.minimumSizeHint())


def dock_scroller(panel: QWidget) -> FitScrollArea:
    """``panel`` in a scroll area for a dock: the dock shrinks as far as its title and scroll
    bars, and the panel scrolls, instead of the dock pushing the window off the screen (and
    closing the dock gives its room back)."""
    return FitScrollArea(panel)
