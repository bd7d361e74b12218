"""A label of a fixed number of lines, its last line elided: long news (a bridge board's status,
a GOPS solve's summary) that must neither widen the window nor move what is below it."""

from __future__ import annotations

from PySide6.QtCore import QEvent, Qt
from PySide6.QtGui import QResizeEvent, QTextLayout, QTextOption
from PySide6.QtWidgets import QLabel, QSizePolicy, QWidget

__all__ = ["ElidedLabel"]


class ElidedLabel(QLabel):
    """A label of a fixed number of lines: its text wrapped at words, the last line elided
    (``…``) when the text is longer, the whole text then its tooltip. Its height never
    changes with its text, so what is laid out below it stays in place. :meth:`text` is the
    whole text."""

    def __init__(self, lines: int, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._lines = lines
        self._full = ""
        self._elided = False
        self.setTextFormat(Qt.TextFormat.PlainText)
        self.setWordWrap(False)
        self.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        self.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Fixed)
        self._fit_height()

    def text(self) -> str:
        return self._full

    def setText(self, text: str) -> None:
        self._full = text
        self._relayout()

    def shown_text(self) -> str:
        """The text as drawn: its lines, the last one elided if the text is longer."""
        return super().text()

    def is_elided(self) -> bool:
        """Whether the text is longer than the lines show (the tooltip then holds it)."""
        return self._elided

    def _fit_height(self) -> None:
        m = self.contentsMargins()
        spacing = self.fontMetrics().lineSpacing()
        self.setFixedHeight(self._lines * spacing + m.top() + m.bottom() + 2)

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if event.type() == QEvent.Type.FontChange:
            self._fit_height()
            self._relayout()

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._relayout()

    def _relayout(self) -> None:
        width = max(10, self.contentsRect().width())
        metrics = self.fontMetrics()
        layout = QTextLayout(self._full, self.font())
        option = QTextOption()
        option.setWrapMode(QTextOption.WrapMode.WordWrap)
        layout.setTextOption(option)
        lines: list[str] = []
        layout.beginLayout()
        elided = False
        while True:
            line = layout.createLine()
            if not line.isValid():
                break
            line.setLineWidth(width)
            start = line.textStart()
            if len(lines) == self._lines - 1:  # the last line shown takes the rest, elided
                rest = self._full[start:]
                shown = metrics.elidedText(rest, Qt.TextElideMode.ElideRight, width)
                elided = shown != rest
                lines.append(shown)
                break
            lines.append(self._full[start : start + line.textLength()].rstrip())
        layout.endLayout()
        self._elided = elided
        super().setText("\n".join(lines))
        self.setToolTip(self._full if elided else "")
