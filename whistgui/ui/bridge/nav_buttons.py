"""The buttons that step along the line of play (to the start, back, forward, to the end):
the style's media icons drawn in the palette's button text — the style's own are dark grey,
which the dark theme's dark buttons hid, enabled or not — and drawn again on a theme change."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QEvent, Qt
from PySide6.QtGui import QIcon, QPainter, QPalette, QPixmap
from PySide6.QtWidgets import QStyle, QToolButton, QWidget

from whistgui.ui.theme import is_theme_change

__all__ = ["NavButton", "tinted"]


def tinted(icon: QIcon, size: int, palette: QPalette, ratio: float = 1.0) -> QIcon:
    """``icon``'s shape in ``palette``'s button text: its active colour when enabled, its
    disabled one when not."""
    out = QIcon()
    for mode, group in (
        (QIcon.Mode.Normal, QPalette.ColorGroup.Active),
        (QIcon.Mode.Disabled, QPalette.ColorGroup.Disabled),
    ):
        shape = icon.pixmap(size, size)
        pixmap = QPixmap(shape.size())
        pixmap.setDevicePixelRatio(shape.devicePixelRatio() or ratio)
        pixmap.fill(Qt.GlobalColor.transparent)
        painter = QPainter(pixmap)
        painter.drawPixmap(0, 0, shape)
        painter.setCompositionMode(QPainter.CompositionMode.CompositionMode_SourceIn)
        painter.fillRect(pixmap.rect(), palette.color(group, QPalette.ColorRole.ButtonText))
        painter.end()
        out.addPixmap(pixmap, mode)
    return out


class NavButton(QToolButton):
    """A tool button showing the style's ``standard`` icon in the theme's button text;
    ``tip`` its tooltip (its accessible name the tip's words before a bracket)."""

    def __init__(
        self,
        standard: QStyle.StandardPixmap,
        tip: str,
        slot: Callable[[], object],
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self._standard = standard
        self.setToolTip(tip)
        self.setAccessibleName(tip.split(" (")[0])
        self.clicked.connect(lambda: slot())
        self._tint()

    def _tint(self) -> None:
        size = self.iconSize().width()
        icon = self.style().standardIcon(self._standard)
        self.setIcon(tinted(icon, size, self.palette(), self.devicePixelRatioF()))

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if is_theme_change(event) or event.type() == QEvent.Type.StyleChange:
            self._tint()
