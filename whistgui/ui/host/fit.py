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
- A dock may take more of the window than the page's minimum leaves (the optimal-play panel,
  which shows the hands itself): while it is shown the page keeps :data:`PAGE_FLOOR` of the
  window's height and scrolls inside it.
- A dock floated out of the window is placed beside the docks still in it, within the screen
  (:func:`float_place`), not over them.

The available geometry comes from one function, :func:`available_geometry`, which tests
replace to check both a 1280 × 800 and a 1920 × 1080 screen.
"""

from __future__ import annotations

from typing import Final

from PySide6.QtCore import QPoint, QRect, QSize
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QStackedWidget, QWidget

__all__ = [
    "FRAME",
    "PAGE_FLOOR",
    "PageStack",
    "available_geometry",
    "float_place",
    "opening_size",
    "page_limit",
    "usable",
]

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
#: The share of the window's height a page keeps while a dock that takes more is shown (its
#: page scrolls inside it).
PAGE_FLOOR: Final = 0.25


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


def float_place(screen: QRect, avoid: QRect | None, want: QSize, least: QSize) -> QRect:
    """Where a floated panel goes (its client area, the window manager's :data:`FRAME`
    around it inside ``screen``): in the largest part of ``screen`` beside ``avoid`` (above,
    below, left or right of it: the docks left in the window) that holds ``least``, as large
    as ``want`` there, centred; where no part holds ``least``, in the whole screen.

    >>> screen = QRect(0, 0, 1280, 800)
    >>> float_place(screen, QRect(8, 500, 1264, 260), QSize(1250, 555), QSize(716, 335))
    PySide6.QtCore.QRect(15, 32, 1250, 460)
    >>> float_place(screen, None, QSize(600, 400), QSize(300, 200))
    PySide6.QtCore.QRect(340, 212, 600, 400)
    """
    parts = [screen]
    if avoid is not None and avoid.intersects(screen):
        a = avoid.intersected(screen)
        parts = [
            QRect(screen.left(), screen.top(), screen.width(), a.top() - screen.top()),
            QRect(screen.left(), a.bottom() + 1, screen.width(), screen.bottom() - a.bottom()),
            QRect(screen.left(), screen.top(), a.left() - screen.left(), screen.height()),
            QRect(a.right() + 1, screen.top(), screen.right() - a.right(), screen.height()),
        ]
    inner = [_client(p) for p in parts]
    holding = [r for r in inner if r.width() >= least.width() and r.height() >= least.height()]
    if not holding:
        holding = [_client(screen)]
    room = max(holding, key=lambda r: r.width() * r.height())
    size = want.boundedTo(room.size())
    x = room.left() + (room.width() - size.width()) // 2
    y = room.top() + (room.height() - size.height()) // 2
    return QRect(QPoint(x, y), size)


def _client(part: QRect) -> QRect:
    """The client area of a window whose frame fills ``part``."""
    left, top = FRAME.width() // 2, FRAME.height() - FRAME.width() // 2
    return QRect(
        part.left() + left,
        part.top() + top,
        part.width() - FRAME.width(),
        part.height() - FRAME.height(),
    )


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
