"""The heat map's colour bar, as the printed figure has one (:mod:`whistgui.figures.gops`): "better
for B" at the left, the scale from −m to +m (m the largest |value| of the matrix shown, the
heat map's own scale) in the theme's heat colours, "better for A" at the right, the ends and the
middle written under it. Painted from the palette each time, so it follows the theme."""

from __future__ import annotations

from PySide6.QtCore import QRectF, QSize, Qt
from PySide6.QtGui import QPainter, QPaintEvent, QPalette, QPen
from PySide6.QtWidgets import QSizePolicy, QWidget

from whistgui.figures.gops import format_payoff
from whistgui.ui.gops.colours import heat_colour

__all__ = ["HeatKey"]

LEFT_TEXT = "better for B"
RIGHT_TEXT = "better for A"


class HeatKey(QWidget):
    """The colour bar of a heat map whose scale is ``scale`` (:meth:`set_scale`)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("gopsHeatKey")
        self._scale = 1.0
        self.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Fixed)
        self.setAccessibleName("Colour key of the matrix")
        self._describe()

    @property
    def scale(self) -> float:
        """The value at the bar's right end (its left end is its negative)."""
        return self._scale

    def set_scale(self, scale: float) -> None:
        """The heat map's scale (the largest |value| of its matrix; 0 is taken as 1, as the
        heat map takes it)."""
        self._scale = float(scale) or 1.0
        self._describe()
        self.update()

    def texts(self) -> tuple[str, str, str]:
        """The values written under the bar: its left end, its middle, its right end."""
        m = self._scale
        return (format_payoff(-m, 3), format_payoff(0.0, 3), format_payoff(m, 3))

    def _describe(self) -> None:
        low, mid, high = self.texts()
        tip = (
            f"The cells' colours: from {low} (red, better for B) through {mid} to {high} "
            "(blue, better for A) — the game's largest value either way, the same scale "
            "for every state of the game"
        )
        self.setToolTip(tip)
        self.setAccessibleDescription(tip)

    # -- geometry -------------------------------------------------------------------------------
    def _bar_width(self) -> int:
        return 12 * self.fontMetrics().height()

    def _gap(self) -> int:
        return self.fontMetrics().height() // 2

    def bar_rect(self) -> QRectF:
        """Where the colour bar is painted, in the widget's coordinates."""
        fm = self.fontMetrics()
        x = fm.horizontalAdvance(LEFT_TEXT) + self._gap()
        return QRectF(x, 2, self._bar_width(), fm.height())

    def sizeHint(self) -> QSize:
        fm = self.fontMetrics()
        w = (
            fm.horizontalAdvance(LEFT_TEXT)
            + fm.horizontalAdvance(RIGHT_TEXT)
            + 2 * self._gap()
            + self._bar_width()
            + 2
        )
        # the end values, centred under the bar's ends, are narrower than the words beside it
        return QSize(w, 2 * fm.height() + 6)

    def minimumSizeHint(self) -> QSize:
        return self.sizeHint()

    # -- painting -------------------------------------------------------------------------------
    def paintEvent(self, _event: QPaintEvent) -> None:
        p = QPainter(self)
        pal = self.palette()
        fm = self.fontMetrics()
        bar = self.bar_rect()
        ink = pal.color(QPalette.ColorRole.WindowText)
        p.setPen(ink)
        p.drawText(
            QRectF(0, bar.y(), bar.x() - self._gap(), bar.height()),
            Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter,
            LEFT_TEXT,
        )
        p.drawText(
            QRectF(bar.right() + self._gap(), bar.y(), self.width(), bar.height()),
            Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
            RIGHT_TEXT,
        )
        # a column of pixels a step of the scale, each the colour heat_colour gives its value
        m = self._scale
        width = int(bar.width())
        left = int(bar.x())
        for k in range(width):
            value = -m + (k + 0.5) * 2 * m / width
            p.fillRect(left + k, int(bar.y()), 1, int(bar.height()), heat_colour(value, m, pal))
        p.setPen(QPen(pal.color(QPalette.ColorRole.Mid), 1))
        p.drawRect(QRectF(left, int(bar.y()), width, int(bar.height())).adjusted(0, 0, -1, -1))
        p.setPen(ink)
        y = bar.bottom() + 2
        for text, x in zip(self.texts(), (bar.left(), bar.center().x(), bar.right()), strict=True):
            w = fm.horizontalAdvance(text) + 4
            p.drawText(
                QRectF(x - w / 2, y, w, fm.height()),
                Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop,
                text,
            )
        p.end()
