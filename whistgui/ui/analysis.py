"""Live analysis of the table's deal: computed in a worker thread, shown beside the table.

:func:`analyse` is plain Python (the engine's public API); :class:`AnalysisWorker` runs it on
its own thread, numbering the requests so that a result for an older deal is never
shown as current, and telling the engine to stop work that a newer request has made useless.
"""

from __future__ import annotations

import html

from PySide6.QtCore import QObject, Qt, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHeaderView,
    QLabel,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from whistgui.app.analysis import (
    AnalysisResult,
    analyse,
    game_label,
    is_whist,
    outcome_words,
    result_text,
)
from whistgui.app.document import Document
from whistgui.engine import (
    Evaluator,
    Outcome,
    Player,
    Solver,
)
from whistgui.engine.rules import Result
from whistgui.ui.background import Runner
from whistgui.ui.cardart import suit_symbol


def _cell(r: Result) -> str:
    """A suit's result in a narrow column: tricks or points, or the winner's name."""
    return r.name.title() if isinstance(r, Player) else result_text(r)


class AnalysisWorker(QObject):
    """Computes :class:`AnalysisResult` objects on a :class:`Runner` thread, newest request
    wins. The evaluator and solver are used only from that thread. Call :meth:`shutdown`
    before the application ends (the main window does, on close)."""

    resultReady = Signal(object)  # AnalysisResult, only for the newest request
    failed = Signal(int, str)  # generation, message
    busyChanged = Signal(bool)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._runner = Runner("whistgui-analysis", self)
        self._evaluator = Evaluator(should_stop=self._stale)
        self._solver = Solver(should_stop=self._stale)
        self._running = 0
        self._runner.finished.connect(self._on_finished)
        self._runner.failed.connect(self._on_failed)

    @property
    def latest(self) -> int:
        return self._runner.latest

    def _stale(self) -> bool:  # in the worker thread
        return self._runner.is_stale(self._running)

    def _job(self, doc: Document, job: int) -> AnalysisResult:  # in the worker thread
        self._running = job
        return analyse(doc, self._evaluator, self._solver, job)

    def request(self, doc: Document) -> int:
        """Queue an analysis of ``doc``; returns its generation number."""
        self.busyChanged.emit(True)
        return self._runner.submit(lambda job: self._job(doc, job))

    def _on_finished(self, _job: int, result: AnalysisResult) -> None:
        self.busyChanged.emit(False)
        self.resultReady.emit(result)

    def _on_failed(self, job: int, message: str) -> None:
        self.busyChanged.emit(False)
        self.failed.emit(job, message)

    def shutdown(self) -> None:
        self._runner.shutdown()


class AnalysisPanel(QWidget):
    """Per-suit values and the deal's predicted outcome. Double-clicking (or pressing Enter
    on) a suit's row asks for that suit to be inspected."""

    suitActivated = Signal(int)  # the suit's index in the deal

    COLUMNS = ("Suit", "Cards", "Value", "What it is", "W leads", "E leads")
    #: The columns for a game valued by another theory than whist's.
    GAME_COLUMNS = ("Suit", "Cards", "Element", "What it is", "W leads", "E leads")

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("analysisPanel")
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 6, 6, 6)
        self.heading = QLabel("<b>Analysis</b>", self)
        layout.addWidget(self.heading)
        self.about = QLabel(self)
        self.about.setObjectName("dealNote")
        self.about.setWordWrap(True)
        self.about.setTextFormat(Qt.TextFormat.RichText)
        self.about.hide()
        layout.addWidget(self.about)
        self.table = QTableWidget(0, len(self.COLUMNS), self)
        self.table.setHorizontalHeaderLabels(list(self.COLUMNS))
        self.table.verticalHeader().setVisible(False)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setToolTip("Double-click a suit to open it in the game-tree inspector")
        self.table.activated.connect(lambda index: self.suitActivated.emit(index.row()))
        self.table.setWordWrap(True)
        self.table.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.table.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(3, QHeaderView.ResizeMode.Stretch)
        self.table.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        layout.addWidget(self.table)
        self.total = QLabel(self)
        self.total.setObjectName("analysisTotal")
        self.total.setWordWrap(True)
        self.total.setTextFormat(Qt.TextFormat.RichText)
        layout.addWidget(self.total)
        self.summary = QLabel(self)
        self.summary.setObjectName("analysisSummary")
        self.summary.setWordWrap(True)
        layout.addWidget(self.summary)
        self.theory = QLabel(self)
        self.theory.setObjectName("analysisTheory")
        self.theory.setWordWrap(True)
        self.theory.setStyleSheet("color: #555;")
        self.theory.hide()
        layout.addWidget(self.theory)
        self.status = QLabel(self)
        self.status.setObjectName("analysisStatus")
        layout.addWidget(self.status)
        layout.addStretch(1)
        self._result: AnalysisResult | None = None

    @property
    def result(self) -> AnalysisResult | None:
        return self._result

    def set_figure_mode(self, on: bool) -> None:
        """Leave the computing/up-to-date status out of a figure."""
        self.status.setVisible(not on)

    def set_pending(self) -> None:
        self.status.setText("<i>computing…</i>")

    def set_error(self, message: str) -> None:
        self.status.setText(f"<span style='color:#b71c1c'>{message}</span>")

    def show_result(self, r: AnalysisResult) -> None:
        self._result = r
        doc = r.document
        game = r.game
        whist = is_whist(game)
        self.heading.setText(
            "<b>Analysis</b>"
            if game.name == "whist"
            else f"<b>Analysis</b> — {html.escape(game_label(game))}"
        )
        parts = []
        if doc.title:
            parts.append(f"<b>{html.escape(doc.title)}</b>")
        if doc.note:
            parts.append(html.escape(doc.note).replace("\n", "<br>"))
        self.about.setText("<br>".join(parts))
        self.about.setVisible(bool(parts))
        columns = self.COLUMNS if whist else self.GAME_COLUMNS
        self.table.setHorizontalHeaderLabels(list(columns))
        lead_tip = (
            "West's tricks with {} on lead"
            if game.counts_tricks
            else "who wins with {} on lead (the suit alone)"
        )
        for j, who in ((4, "West"), (5, "East")):
            header = self.table.horizontalHeaderItem(j)
            if header is not None:
                header.setToolTip(lead_tip.format(who))
        self.table.setRowCount(len(r.rows))
        for i, row in enumerate(r.rows):
            cells = [
                f"{suit_symbol(row.name)}",
                row.text,
                row.value.pretty() if row.value is not None else "—",
                row.words,
                _cell(row.outcome.west_lead) if row.outcome else "",
                _cell(row.outcome.east_lead) if row.outcome else "",
            ]
            for j, text in enumerate(cells):
                item = QTableWidgetItem(text)
                if j in (0, 2, 4, 5):
                    item.setTextAlignment(Qt.AlignmentFlag.AlignCenter)
                self.table.setItem(i, j, item)
        self.total.setText(self._total_html(r, whist))
        self.summary.setText(r.summary)
        theory = None if whist else game.new_theory()
        self.theory.setText(
            f"{game.title}: {game.rules.describe()}. Theory: "
            + (theory.title if theory is not None else "none (search only)")
        )
        self.theory.setVisible(not whist)
        self.status.setText("<i>up to date</i>")
        self._fit_table()

    @staticmethod
    def _total_html(r: AnalysisResult, whist: bool) -> str:
        """The sum and what it predicts, or the exact outcome by search."""

        def leads(o: Outcome) -> str:
            if not r.game.counts_tricks:
                return html.escape(outcome_words(o))
            return (
                f"West on lead {result_text(o.west_lead)}, East on lead {result_text(o.east_lead)}"
            )

        what = "Sum of values" if whist else "Sum of elements"
        if r.total is not None and r.predicted is not None:
            return (
                f"<b>{what}:</b> {html.escape(r.total.pretty())} &nbsp;&nbsp; "
                f"<b>Predicted:</b> {leads(r.predicted)}"
            )
        if r.exact is not None:
            only = "<b>Search only</b> &nbsp;&nbsp; " if r.search_only else ""
            return f"{only}<b>Exact search:</b> {leads(r.exact)}"
        if r.search_only:
            return "<b>Search only</b> &nbsp;&nbsp; <b>Exact search:</b> —"
        return f"<b>{what}:</b> —"

    def resizeEvent(self, event: object) -> None:
        super().resizeEvent(event)  # type: ignore[arg-type]
        self._fit_table()

    def _fit_table(self) -> None:
        """Show every row, and nothing more, without a scroll bar."""
        self.table.resizeRowsToContents()
        header = self.table.horizontalHeader()
        h = header.sizeHint().height() + self.table.verticalHeader().length()
        self.table.setFixedHeight(h + 2 * self.table.frameWidth())
