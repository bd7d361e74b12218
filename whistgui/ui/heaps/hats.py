"""Misère nim's hat on the screen (strange algebra §6.2: 0̂, 1̂, 2̂, … — the hat carries the
answer, 1 and 0̂ being P, 0 and 1̂ N). The theory writes it as the combining circumflex after
each digit (``0̂``), which no face the app has stacks over a digit: Qt drew DejaVu Sans's an
em above the line, or left it out. So the screens draw it as the figures do
(:func:`whistgui.figures.text.hat_place`): the text without its hats, then the spacing
circumflex ``ˆ`` centred over each hatted character, clear of it.

:func:`draw_hatted` draws one line so into a rectangle (the board's labels);
:class:`HattedText` is a label of paragraphs of plain and bold runs, wrapped at spaces, with
the hats (the Elements panel), its tooltip drawn the same way, its text copied with the hats
as the theory writes them.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from PySide6.QtCore import QEvent, QPoint, QPointF, QRectF, QSize, Qt, QTimer
from PySide6.QtGui import (
    QContextMenuEvent,
    QFont,
    QFontMetricsF,
    QGuiApplication,
    QHelpEvent,
    QPainter,
    QPaintEvent,
)
from PySide6.QtWidgets import QMenu, QSizePolicy, QToolTip, QWidget

from whistgui.figures.text import HAT, HAT_GLYPH, hat_place, unhatted

__all__ = ["HAT", "HattedText", "Paragraph", "draw_hatted", "hat_points"]

#: A paragraph: runs of text, each plain or bold.
Paragraph = Sequence[tuple[str, bool]]

#: The room around the text, in pixels.
_PAD: Final = 2
#: The room above a line with hats (after the first), in ems.
_HAT_ROOM: Final = 0.25
#: How long a tooltip stays, in milliseconds.
_TIP_MS: Final = 10_000


def _em(font: QFont, dpi: float) -> float:
    """The size of ``font`` in pixels on a device of ``dpi`` dots per inch."""
    if font.pixelSize() > 0:
        return float(font.pixelSize())
    return font.pointSizeF() * dpi / 72


def hat_points(font: QFont, dpi: float, text: str, origin: QPointF) -> list[QPointF]:
    """Where each hat of ``text`` (drawn without its hats from ``origin``, a point on its
    baseline, in ``font`` on a device of ``dpi``) is drawn: the baseline origin of each
    :data:`HAT_GLYPH`."""
    plain, hatted = unhatted(text)
    metrics = QFontMetricsF(font)
    em = _em(font, dpi)
    out = []
    for k in hatted:
        dx, rise = hat_place(font, plain[k])
        x = origin.x() + metrics.horizontalAdvance(plain[:k]) + dx * em
        out.append(QPointF(x, origin.y() + rise * em))
    return out


def _draw_line(p: QPainter, origin: QPointF, text: str) -> None:
    """``text`` with its hats drawn from ``origin`` on the baseline, in the painter's font."""
    plain, _hatted = unhatted(text)
    p.drawText(origin, plain)
    dpi = p.device().logicalDpiY() if p.device() is not None else 96
    for at in hat_points(p.font(), dpi, text, origin):
        p.drawText(at, HAT_GLYPH)


def draw_hatted(p: QPainter, rect: QRectF, flags: Qt.AlignmentFlag, text: str) -> None:
    """One line of ``text`` in ``rect``, aligned by ``flags`` (left, centred or right; top,
    centred or bottom), elided at the right when wider, each hat over its character."""
    metrics = QFontMetricsF(p.font())
    plain, hatted = unhatted(text)
    shown = metrics.elidedText(plain, Qt.TextElideMode.ElideRight, rect.width())
    if shown != plain:  # the hats of the characters still shown
        kept = len(shown) - 1
        text = "".join(c + (HAT if i in hatted and i < kept else "") for i, c in enumerate(shown))
    width = metrics.horizontalAdvance(shown)
    if flags & Qt.AlignmentFlag.AlignHCenter:
        x = rect.center().x() - width / 2
    elif flags & Qt.AlignmentFlag.AlignRight:
        x = rect.right() - width
    else:
        x = rect.left()
    if flags & Qt.AlignmentFlag.AlignVCenter:
        y = rect.center().y() - metrics.height() / 2 + metrics.ascent()
    elif flags & Qt.AlignmentFlag.AlignBottom:
        y = rect.bottom() - metrics.descent()
    else:
        y = rect.top() + metrics.ascent()
    _draw_line(p, QPointF(x, y), text)


class HattedText(QWidget):
    """Paragraphs of plain and bold runs, wrapped at spaces (a no-break space holds words
    together), misère's hats drawn over their digits; right click to copy the text."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        policy = QSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Minimum)
        policy.setHeightForWidth(True)
        self.setSizePolicy(policy)
        self._paragraphs: list[list[tuple[str, bool]]] = []
        self._tip: list[list[tuple[str, bool]]] = []
        self._popup: HattedText | None = None
        self._tip_timer = QTimer(self)
        self._tip_timer.setSingleShot(True)
        self._tip_timer.setInterval(_TIP_MS)
        self._tip_timer.timeout.connect(self._hide_tip)

    # -- what it shows ---------------------------------------------------------------------
    def set_paragraphs(self, paragraphs: Sequence[Paragraph]) -> None:
        self._paragraphs = [list(p) for p in paragraphs]
        self.updateGeometry()
        self.update()

    def set_tip(self, paragraphs: Sequence[Paragraph]) -> None:
        """The tooltip, drawn as this text is (its hats over their digits)."""
        self._tip = [list(p) for p in paragraphs]

    def paragraphs(self) -> list[list[tuple[str, bool]]]:
        """The paragraphs shown, each its runs (text, bold)."""
        return [list(p) for p in self._paragraphs]

    def text(self) -> str:
        """The text, a line a paragraph, the hats written as the theory writes them."""
        return "\n".join("".join(t for t, _b in p) for p in self._paragraphs)

    def tip_text(self) -> str:
        return "\n".join("".join(t for t, _b in p) for p in self._tip)

    # -- layout ----------------------------------------------------------------------------
    def _font(self, bold: bool) -> QFont:
        f = QFont(self.font())
        f.setBold(bold)
        return f

    def _words(self, paragraph: Paragraph) -> list[list[tuple[str, bool]]]:
        """The paragraph's words (split at spaces), each its pieces of plain and bold text."""
        words: list[list[tuple[str, bool]]] = [[]]
        for text, bold in paragraph:
            parts = text.split(" ")
            for k, part in enumerate(parts):
                if k:
                    words.append([])
                if part:
                    words[-1].append((part, bold))
        return [w for w in words if w]

    def _width(self, piece: tuple[str, bool]) -> float:
        return QFontMetricsF(self._font(piece[1])).horizontalAdvance(unhatted(piece[0])[0])

    def _lines(self, width: float) -> list[list[tuple[float, list[tuple[str, bool]]]]]:
        """The lines at ``width``: each its words with their x."""
        space = QFontMetricsF(self.font()).horizontalAdvance(" ")
        room = max(1.0, width - 2 * _PAD)
        lines: list[list[tuple[float, list[tuple[str, bool]]]]] = []
        for paragraph in self._paragraphs:
            line: list[tuple[float, list[tuple[str, bool]]]] = []
            x = 0.0
            for word in self._words(paragraph):
                w = sum(self._width(piece) for piece in word)
                if line and x + space + w > room:
                    lines.append(line)
                    line, x = [], 0.0
                start = x + space if line else 0.0
                line.append((start, word))
                x = start + w
            lines.append(line)
        return lines

    def _line_height(self) -> float:
        return QFontMetricsF(self._font(True)).lineSpacing()

    def _hat_room(self) -> float:
        """The room above each line after the first, for its hats: they rise above the
        font's ascent, and without it the hat of the second line's 'Sum: 2̂' read as a stray
        mark after the first line's last hatted digit (every line gets it, hats or not, so
        that a text reads the same with or without them)."""
        return float(round(_HAT_ROOM * _em(self._font(True), self.logicalDpiY())))

    def _baselines(self, count: int) -> list[float]:
        """The baselines of ``count`` lines, from the top."""
        ascent = max(QFontMetricsF(self._font(b)).ascent() for b in (False, True))
        step = self._line_height() + self._hat_room()
        return [_PAD + ascent + k * step for k in range(count)]

    def hasHeightForWidth(self) -> bool:
        return True

    def heightForWidth(self, width: int) -> int:
        n = len(self._lines(width))
        return round(n * self._line_height() + max(0, n - 1) * self._hat_room()) + 2 * _PAD

    def sizeHint(self) -> QSize:
        natural = max(
            (sum(self._width(piece) for piece in p) for p in self._paragraphs), default=0.0
        )
        width = min(round(natural) + 2 * _PAD + 4, 360)
        return QSize(width, self.heightForWidth(width))

    def minimumSizeHint(self) -> QSize:
        return QSize(60, round(self._line_height()) + 2 * _PAD)

    # -- painting --------------------------------------------------------------------------
    def paintEvent(self, event: QPaintEvent) -> None:
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.TextAntialiasing)
        p.setPen(self.palette().windowText().color())
        lines = self._lines(self.width())
        for line, y in zip(lines, self._baselines(len(lines)), strict=True):
            for x0, word in line:
                x = _PAD + x0
                for text, bold in word:
                    p.setFont(self._font(bold))
                    _draw_line(p, QPointF(x, y), text)
                    x += self._width((text, bold))
        p.end()

    def changeEvent(self, event: QEvent) -> None:
        if event.type() in (QEvent.Type.FontChange, QEvent.Type.PaletteChange):
            self.updateGeometry()
            self.update()
        super().changeEvent(event)

    def resizeEvent(self, event: object) -> None:
        self.updateGeometry()  # its height follows its width
        super().resizeEvent(event)  # type: ignore[arg-type]

    # -- copy, the tooltip -----------------------------------------------------------------
    def contextMenuEvent(self, event: QContextMenuEvent) -> None:
        menu = QMenu(self)
        menu.setObjectName("hattedTextMenu")
        menu.addAction("&Copy", self.copy)
        menu.exec(event.globalPos())

    def copy(self) -> None:
        clipboard = QGuiApplication.clipboard()
        if clipboard is not None:
            clipboard.setText(self.text())

    def event(self, event: QEvent) -> bool:
        if event.type() == QEvent.Type.ToolTip and isinstance(event, QHelpEvent):
            if self._tip:
                self._show_tip(event.globalPos())
            return True
        if event.type() in (QEvent.Type.Leave, QEvent.Type.Hide):
            self._hide_tip()
        return super().event(event)

    def _show_tip(self, where: QPoint) -> None:
        if self._popup is None:
            self._popup = HattedText(self)  # a window of its own, gone with this one
            self._popup.setObjectName("hattedTextTip")
            self._popup.setWindowFlags(Qt.WindowType.ToolTip)
            self._popup.setPalette(QToolTip.palette())
            self._popup.setFont(QToolTip.font())
            self._popup.setAutoFillBackground(True)
        popup = self._popup
        popup.set_paragraphs(self._tip)
        width = min(popup.sizeHint().width(), 420)
        popup.resize(width + 8, popup.heightForWidth(width + 8))
        popup.move(where + QPoint(12, 16))
        popup.show()
        self._tip_timer.start()

    def _hide_tip(self) -> None:
        if self._popup is not None:
            self._popup.hide()

    @property
    def tip_popup(self) -> HattedText | None:
        """The tooltip's window, once shown (for tests)."""
        return self._popup
