"""The optimal-play panel's progress line: shown while a deal's values or its search are
computed — what is computed, how far it has come (the engine service's reports), what the
engine is busy with while the panel's job waits its turn, and Cancel — in the row of the
panel's status, which it stands in for meanwhile (:attr:`ProgressLine.shown`), so that the
panel is no taller while it computes.

The engine service runs one job at a time: a job of another view (the inspector's play tree of
a 19-card deal takes half a minute) holds the panel's few milliseconds of valuing back. The line
says so — "waiting for: Searching the play tree of … (Ctrl+. stops it)" — instead of seeming to
value for half a minute.
"""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QProgressBar,
    QSizePolicy,
    QToolButton,
    QWidget,
)

from whistgui.ui.engine_service import EngineService

__all__ = ["ProgressLine"]


class ProgressLine(QWidget):
    """A busy bar, what is being computed and how far (one line, elided, whole in the
    tooltip), and a Cancel button (:attr:`cancelled` when pressed). Hidden until
    :meth:`start`, hidden again by :meth:`finish`; :attr:`shown` says which.
    :meth:`watch` follows an engine service: its progress reports, and which job runs."""

    cancelled = Signal()
    shown = Signal(bool)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("playProgress")
        row = QHBoxLayout(self)
        row.setContentsMargins(0, 0, 0, 0)
        self.bar = QProgressBar(self)
        self.bar.setRange(0, 0)  # busy: how far the values or a search go is not known ahead
        self.bar.setMaximumWidth(80)
        self.bar.setMaximumHeight(14)
        self.bar.setTextVisible(False)
        self.text = QLabel(self)
        self.text.setTextFormat(Qt.TextFormat.PlainText)
        self.text.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.cancel_button = QToolButton(self)
        self.cancel_button.setText("Cancel")
        self.cancel_button.setToolTip("Stop computing this deal")
        self.cancel_button.clicked.connect(self.cancelled)
        row.addWidget(self.bar)
        row.addWidget(self.text, 1)
        row.addWidget(self.cancel_button)
        #: the engine service's job whose progress is shown (0: none)
        self.job = 0
        self._label = ""
        self._report = ""  # the job's last progress report
        self._began = False  # the job has started (it may wait for another)
        self._running: tuple[int, str] | None = None  # the service's running job, its label
        self.hide()

    def watch(self, service: EngineService) -> None:
        """Follow ``service``: its progress reports, and which job runs."""
        service.progress.connect(self.report)
        service.started.connect(self._on_started)
        service.busy.connect(self._on_busy)

    # -- the job ------------------------------------------------------------------------
    def start(self, job: int, label: str) -> None:
        """Show ``label`` (what job ``job`` computes) until it finishes."""
        self.job, self._label, self._report, self._began = job, label, "", False
        self._say()
        self.show()
        self.shown.emit(True)

    def report(self, job: int, text: str) -> None:
        """How far job ``job`` has come (ignored for another job, or once it finished)."""
        if job == self.job and not self.isHidden():
            self._report = text
            self._say()

    def finish(self) -> None:
        if self.job or not self.isHidden():
            self.job = 0
            self.hide()
            self.shown.emit(False)

    @property
    def full_text(self) -> str:
        """What the line says, whole: the job, and how far it has come or what it waits for."""
        if self._report:
            return f"{self._label}: {self._report}"
        running = self._running
        if not self._began and running is not None and running[0] != self.job:
            return f"{self._label} — waiting for: {running[1]} (Ctrl+. stops it)"
        return f"{self._label} …"

    # -- the service ----------------------------------------------------------------------
    def _on_started(self, job: int, _channel: str, label: str) -> None:
        self._running = (job, label)
        if job == self.job:
            self._began = True
        if self.job:
            self._say()

    def _on_busy(self, busy: bool) -> None:
        if not busy:
            self._running = None

    # -- one line -----------------------------------------------------------------------
    def _say(self) -> None:
        full = self.full_text
        self.text.setToolTip(full)
        width = max(self.text.width(), 40)
        metrics = self.text.fontMetrics()
        self.text.setText(metrics.elidedText(full, Qt.TextElideMode.ElideRight, width))

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        if self.job:
            self._say()
