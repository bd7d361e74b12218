"""A window that fits the screen it is on.

- It opens at a size proportional to the screen's available geometry (:func:`opening_size`):
  80 % of it, at least 1280 × 720 where the screen has that room, never more than the room
  left by the window's frame, nor more than 2560 × 1600.
- No page asks for more than the screen: each workspace's page is shown in a
  :class:`~whistgui.ui.widgets.scroll.FitScrollArea`, whose minimum is the page's own bounded
  by :func:`page_limit` (so a page too large for a small screen scrolls inside the window
  instead of pushing the window off the screen); docks hold their panels in one too
  (:func:`~whistgui.ui.widgets.scroll.dock_scroller`), so a dock shrinks and its panel
  scrolls.
- Only the page shown counts (:class:`PageStack`): a large page visited once no longer
  widens every other.

The available geometry comes from one function, :func:`available_geometry`, which tests
replace to check both a 1280 × 800 and a 1920 × 1080 screen.
"""

from __future__ import annotations

from typing import Final

from PySide6.QtCore import QRect, QSize
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QStackedWidget, QWidget

__all__ = ["FRAME", "PageStack", "available_geometry", "opening_size", "page_limit", "usable"]

#: Room the window manager's frame takes around the window (title bar and borders).
FRAME: Final = QSize(16, 40)
#: The size the window opens at where the screen has the room (what it always was).
COMFORT: Final = QSize(1280, 720)
#: No larger than this, however large the screen.
LARGEST: Final = QSize(2560, 1600)
#: The share of the screen the window opens at.
SHARE: Final = 0.8
#: The share of the screen a page may ask for as its minimum (the rest: the menus, the
#: toolbar, the status bar and the docks).
PAGE_SHARE: Final = (0.75, 0.6)


def available_geometry(widget: QWidget | None = None) -> QRect:
    """The available geometry of ``widget``'s screen (the primary screen's without one):
    the screen less the desktop's panels."""
    screen = widget.screen() if widget is not None else None
    if screen is None:
        screen = QGuiApplication.primaryScreen()
    return screen.availableGeometry() if screen is not None else QRect(0, 0, *COMFORT.toTuple())


def usable(room: QSize) -> QSize:
    """The window's room on a screen with ``room`` available: less the frame."""
    return QSize(max(1, room.width() - FRAME.width()), max(1, room.height() - FRAME.height()))


def opening_size(room: QSize) -> QSize:
    """The size the window opens at on a screen with ``room`` available.

    >>> opening_size(QSize(1280, 800)).toTuple(), opening_size(QSize(1920, 1080)).toTuple()
    ((1264, 720), (1536, 864))
    >>> opening_size(QSize(1024, 600)).toTuple(), opening_size(QSize(5120, 2880)).toTuple()
    ((1008, 560), (2560, 1600))
    """
    fit = usable(room)
    width = min(fit.width(), LARGEST.width(), max(round(room.width() * SHARE), COMFORT.width()))
    height = min(
        fit.height(), LARGEST.height(), max(round(room.height() * SHARE), COMFORT.height())
    )
    return QSize(width, height)


def page_limit(room: QSize) -> QSize:
    """The most a page may ask for as its minimum on a screen with ``room`` available.

    >>> page_limit(QSize(1280, 800)).toTuple(), page_limit(QSize(1920, 1080)).toTuple()
    ((960, 480), (1440, 648))
    """
    return QSize(round(room.width() * PAGE_SHARE[0]), round(room.height() * PAGE_SHARE[1]))


class PageStack(QStackedWidget):
    """The workspaces' pages, one shown: its size hints are the shown page's alone (a
    QStackedWidget's are the largest of all its pages', so one large page visited once made
    the window wider for every other)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.currentChanged.connect(lambda _i: self.updateGeometry())

    def minimumSizeHint(self) -> QSize:
        page = self.currentWidget()
        return page.minimumSizeHint() if page is not None else super().minimumSizeHint()

    def sizeHint(self) -> QSize:
        page = self.currentWidget()
        return page.sizeHint() if page is not None else super().sizeHint()
