"""One player's optimal mixed bids in the GOPS explorer, as bars in the player's colour."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from PySide6.QtCore import QRectF, QSize, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPaintEvent, QPalette
from PySide6.QtWidgets import QSizePolicy, QWidget

from whistgui.figures.gops import format_probability
from whistgui.ui.gops.colours import side_colour

__all__ = ["StrategyBars"]


class StrategyBars(QWidget):
    """One player's optimal mixed bids: a bar a bid, as long as its probability (the track is
    probability 1), the probability after it (with its fraction when short and known)."""

    def __init__(self, title: str, side: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.title = title
        self.side = side
        self._labels: list[str] = []
        self._probs: list[float] = []
        self._exact: list[Fraction] | None = None
        # as tall as its rows want, or a little less when the panel is short (:meth:`_row_h`)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Maximum)
        self.setAccessibleName(title)

    def set_strategy(
        self, bids: Sequence[int], probs: Sequence[float], exact: Sequence[Fraction] | None
    ) -> None:
        self._labels = [str(b) for b in bids]
        self._probs = [float(p) for p in probs]
        self._exact = list(exact) if exact is not None else None
        self.setAccessibleDescription(
            "; ".join(f"bid {b}: {t}" for b, t in zip(self._labels, self.texts(), strict=True))
        )
        self.updateGeometry()
        self.update()

    def clear(self) -> None:
        self.set_strategy((), (), None)

    def probabilities(self) -> list[float]:
        return list(self._probs)

    def texts(self) -> list[str]:
        """The probabilities as written beside the bars."""
        return [
            format_probability(p, self._exact[k] if self._exact else None)
            for k, p in enumerate(self._probs)
        ]

    def _rows_height(self, row_h: int) -> int:
        return (len(self._probs) + 1) * row_h + 6

    def _row_h(self) -> int:
        """A row's height: roomy (the text's line and 6 px) when the panel has room, down to
        the line and 2 px (the minimum asked for), or the line alone if squeezed further —
        at 1280×800 the side panel of a bidding state fits the window (N ≤ 7) only with its
        rows closer (review 31b, X7: a scroll bar at every bidding state)."""
        line = self.fontMetrics().height()
        rows = len(self._probs) + 1
        return max(line, min(line + 6, (self.height() - 6) // rows))  # never cut: ≥ a line

    def sizeHint(self) -> QSize:
        return QSize(300, self._rows_height(self.fontMetrics().height() + 6))

    def minimumSizeHint(self) -> QSize:
        return QSize(200, self._rows_height(self.fontMetrics().height() + 2))

    def paintEvent(self, _event: QPaintEvent) -> None:
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        pal = self.palette()
        fm = self.fontMetrics()
        row_h = self._row_h()
        bold = QFont(self.font())
        bold.setBold(True)
        p.setFont(bold)
        p.setPen(pal.color(QPalette.ColorRole.WindowText))
        p.drawText(QRectF(0, 0, self.width(), row_h), Qt.AlignmentFlag.AlignVCenter, self.title)
        p.setFont(self.font())
        texts = self.texts()
        label_w = fm.horizontalAdvance("88") + 10
        text_w = max([fm.horizontalAdvance(t) for t in texts] + [fm.horizontalAdvance("0.000")])
        track = max(40, self.width() - label_w - text_w - 16)
        colour = side_colour(self.side, pal)
        track_colour = QColor(pal.color(QPalette.ColorRole.Mid))
        track_colour.setAlpha(70)
        muted = QColor(pal.color(QPalette.ColorRole.PlaceholderText))
        for k, (label, prob) in enumerate(zip(self._labels, self._probs, strict=True)):
            y = (k + 1) * row_h
            p.setPen(pal.color(QPalette.ColorRole.WindowText))
            p.drawText(
                QRectF(0, y, label_w - 8, row_h),
                Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter,
                label,
            )
            inset = 4 if row_h >= fm.height() + 6 else 3
            bar = QRectF(label_w, y + inset, track, row_h - 2 * inset)
            p.fillRect(bar, track_colour)
            if prob > 0:
                p.fillRect(QRectF(bar.x(), bar.y(), track * min(1.0, prob), bar.height()), colour)
            p.setPen(pal.color(QPalette.ColorRole.WindowText) if prob > 0 else muted)
            p.drawText(
                QRectF(label_w + track + 8, y, text_w + 8, row_h),
                Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
                texts[k],
            )
        p.end()
