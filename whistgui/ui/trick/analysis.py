"""Live analysis of the session's deal, shown beside the table.

:func:`~whistgui.app.analysis.analyse` is plain Python; the panel follows the session and runs
it on the app's :class:`~whistgui.ui.engine_service.EngineService` (channel ``"analysis"``, the
game's shared memo), so a newer deal cancels the older analysis and a result is shown only
for the deal the session still holds. The work is the panel's own
(:class:`~whistgui.ui.engine_service.ViewWork`): hidden (another workspace shown), it computes
nothing and catches up when shown.

Above the table, the document's title and note — when they describe the deal and game shown;
after a card moved or the game changed, the title says the write-up was for the deal as it was
opened, and the note is left out (undo brings it back).
"""

from __future__ import annotations

import html
from typing import Final

from PySide6.QtCore import QEvent, Qt, Signal
from PySide6.QtGui import QBrush, QPalette
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
from whistgui.engine import Outcome, Player
from whistgui.engine.games import find_game
from whistgui.engine.trick.rules import Result
from whistgui.ui.engine_service import EngineService, JobContext, ViewWork
from whistgui.ui.theme import colour, colours, is_theme_change
from whistgui.ui.trick.session import Session
from whistgui.ui.widgets.cardart import suit_symbol
from whistgui.ui.widgets.rich_text import RichTextDelegate, subscripts_html

#: The engine service's channel for the live analysis.
CHANNEL = "analysis"
#: The widest cells usual in a deal (hands of up to 4 cards a suit): the Cards and Value
#: columns are at least this wide, so that moving a card seldom changes their widths.
USUAL_WIDEST: Final = {1: "AKQJ/T987", 2: "3½ − ε₂"}
#: The share of the table's width a column of cards or values may take at most: a longer suit
#: (``[16 15 … 1, 9 8 … 2]``) wraps in it, and What it is and the leads stay in sight.
MOST_OF_WIDTH: Final = {1: 0.3, 2: 0.2}
#: The suits whose symbol is red (the rest are in the text's colour).
RED_SUITS: Final = frozenset("HD")
#: The suit's name (S, H, …) on the Suit column's items.
SuitNameRole: Final = Qt.ItemDataRole.UserRole + 1


def write_up_html(doc: Document) -> str:
    """The document's title and note as the panel shows them: both when they describe the
    document; after the deal or the game changed, the title marked as written for the deal as
    it was, and no note ("" without a title or note)."""
    changed = doc.write_up_changed()
    title = html.escape(doc.title)
    if not changed:
        parts = [f"<b>{title}</b>"] if doc.title else []
        if doc.note:
            parts.append(html.escape(doc.note).replace("\n", "<br>"))
        return "<br>".join(parts)
    about = doc.written_for
    assert about is not None
    was = html.escape(str(about.deal))
    if about.game is not None and "game" in changed:
        was += f" in {html.escape(game_label(find_game(about.game)))}"
    what = f"<b>{title}</b> — changed" if doc.title else "<b>Changed</b>"
    return (
        f"{what}: the title and note were written for the deal as it was opened ({was}); "
        f"{html.escape(changed)} changed since, so the note is left out (Undo brings it back)."
    )


def _cell(r: Result) -> str:
    """A suit's result in a narrow column: tricks or points, or the winner's name."""
    return r.name.title() if isinstance(r, Player) else result_text(r)


class AnalysisPanel(QWidget):
    """Per-suit values and the deal's predicted outcome. Double-clicking (or pressing Enter
    on) a suit's row asks for that suit to be inspected."""

    suitActivated = Signal(int)  # the suit's index in the deal
    resultShown = Signal(object)  # AnalysisResult, once it is on screen

    COLUMNS = ("Suit", "Cards", "Value", "What it is", "W leads", "E leads")
    #: The columns for a game valued by another theory than whist's.
    GAME_COLUMNS = ("Suit", "Cards", "Element", "What it is", "W leads", "E leads")

    def __init__(
        self,
        session: Session | None = None,
        service: EngineService | None = None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("analysisPanel")
        self._session = session
        self._own_service = service is None and session is not None
        self._service = (
            service
            if service is not None
            else (EngineService(self) if session is not None else None)
        )
        #: the panel's work: while it is shown
        self.work = ViewWork(self._service, self, self._catch_up) if self._service else None
        self._error = ""  # the failure shown, painted again in a new theme
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
        # Tab leaves the table (the arrows move within): it trapped keyboard users
        self.table.setTabKeyNavigation(False)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setToolTip("Double-click a suit to open it in the game-tree inspector")
        self.table.activated.connect(lambda index: self.suitActivated.emit(index.row()))
        self.table.setWordWrap(True)
        self.table.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.table.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        header = self.table.horizontalHeader()
        # the columns keep their widths as cards move (wide enough for the cells usual in a
        # deal, wider only for a wider one); What it is takes the rest
        header.setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        header.setSectionResizeMode(3, QHeaderView.ResizeMode.Stretch)
        self.table.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        # the words with the papers' subscripts (H_Greedy), wrapped to the column
        self.table.setItemDelegateForColumn(3, RichTextDelegate(self.table))
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
        self.theory.setTextFormat(Qt.TextFormat.RichText)
        self.theory.hide()
        layout.addWidget(self.theory)
        self.status = QLabel(self)
        self.status.setObjectName("analysisStatus")
        self.status.setWordWrap(True)
        self.status.setTextFormat(Qt.TextFormat.RichText)
        self.status.linkActivated.connect(self._on_link)
        layout.addWidget(self.status)
        layout.addStretch(1)
        self._result: AnalysisResult | None = None
        if self._session is not None and self._service is not None:
            self._session.documentChanged.connect(self._on_document)
            self._service.finished.connect(self._on_finished)
            self._service.failed.connect(self._on_failed)
            self._service.cancelled.connect(self._on_cancelled)
            self._on_document(self._session.document)
        self._restyle()

    # -- following the session ------------------------------------------------------------
    def _on_document(self, _doc: object) -> None:
        if self.work is not None and self.work.defer():
            return  # hidden: computed when shown
        self.request()

    def _catch_up(self) -> None:
        """Shown again: analyse the session's document, unless it is the one shown."""
        if self._session is None:
            return
        if self._result is None or self._result.document != self._session.document:
            self.request()

    def request(self) -> int:
        """Analyse the session's document on the engine service; returns the job's id."""
        if self._session is None or self._service is None:
            raise RuntimeError("an analysis panel without a session only shows results")
        doc = self._session.document
        self.set_pending()

        def job(ctx: JobContext) -> AnalysisResult:
            memo = ctx.memo(doc.game)
            return analyse(doc, memo.evaluator, memo.solver)

        assert self.work is not None
        return self.work.submit(CHANNEL, job, label="Analysing the deal", tag=doc)

    def _on_link(self, link: str) -> None:
        if link == "retry":
            self.request()

    def _on_finished(self, _job: int, channel: str, tag: object, result: object) -> None:
        if channel != CHANNEL or self._session is None or tag != self._session.document:
            return
        assert isinstance(result, AnalysisResult)
        self.show_result(result)
        self.resultShown.emit(result)

    def _on_failed(self, _job: int, channel: str, tag: object, message: str) -> None:
        if channel == CHANNEL and self._session is not None and tag == self._session.document:
            self.set_error(message)

    def _on_cancelled(self, job: int, channel: str) -> None:
        if channel != CHANNEL or self._service is None:
            return
        if self.work is not None and not self.work.active:
            return  # hidden: computed again when shown
        if self._service.is_newest(job, CHANNEL):  # cancelled by the user, not superseded
            self.status.setText("<i>cancelled</i> — <a href='retry'>analyse again</a>")

    def shutdown(self) -> None:
        """Stop the panel's own engine service (one given to it belongs to its owner)."""
        if self._own_service and self._service is not None:
            self._service.shutdown()

    @property
    def result(self) -> AnalysisResult | None:
        return self._result

    def set_figure_mode(self, on: bool) -> None:
        """Leave the computing/up-to-date status out of a figure."""
        self.status.setVisible(not on)

    def set_pending(self) -> None:
        self._error = ""
        self.status.setText("<i>computing…</i>")

    def set_error(self, message: str) -> None:
        self._error = message
        colour = colours(self.palette()).error
        self.status.setText(f"<span style='color:{colour}'>{html.escape(message)}</span>")

    # -- the theme ------------------------------------------------------------------------
    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if is_theme_change(event):
            self._restyle()

    def _restyle(self) -> None:
        """The colours this panel paints, in the palette's theme."""
        self.theory.setForegroundRole(QPalette.ColorRole.PlaceholderText)  # muted, any theme
        if self._error:
            self.set_error(self._error)
        self._paint_suits()

    def _paint_suits(self) -> None:
        """♥ and ♦ in the theme's red for text (``red_suit``), the other suits in the text's
        colour."""
        red = QBrush(colour("red_suit", self.palette()))
        for i in range(self.table.rowCount()):
            item = self.table.item(i, 0)
            if item is not None:
                red_suit = item.data(SuitNameRole) in RED_SUITS
                item.setForeground(red if red_suit else QBrush())

    def _fit_columns(self) -> None:
        """Every column but What it is as wide as its header and the widest cell usual in a
        deal (:data:`USUAL_WIDEST`), wider only for a wider cell: moving a card, which changes
        the cards and values shown, leaves the widths as they were."""
        metrics = self.table.fontMetrics()
        pad = 2 * metrics.horizontalAdvance("0")
        header = self.table.horizontalHeader()
        for j in (0, 1, 2, 4, 5):
            usual = metrics.horizontalAdvance(USUAL_WIDEST[j]) + pad if j in USUAL_WIDEST else 0
            width = max(usual, header.sectionSizeFromContents(j).width(), self._widest(j) + pad)
            if j in MOST_OF_WIDTH:  # never past its share of the table (its cells wrap)
                width = min(width, max(usual, int(self.table.width() * MOST_OF_WIDTH[j])))
            if header.sectionSize(j) != width:
                header.resizeSection(j, width)

    def _widest(self, column: int) -> int:
        metrics = self.table.fontMetrics()
        cells = (self.table.item(i, column) for i in range(self.table.rowCount()))
        return max((metrics.horizontalAdvance(c.text()) for c in cells if c is not None), default=0)

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
        about = write_up_html(doc)
        self.about.setText(about)
        self.about.setVisible(bool(about))
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
            self.table.item(i, 0).setData(SuitNameRole, row.name)
        self._paint_suits()
        self._fit_columns()
        self.total.setText(self._total_html(r, whist))
        self.summary.setText(r.summary)
        theory = None if whist else game.new_theory()
        self.theory.setText(
            subscripts_html(
                f"{game.title}: {game.rules.describe()}. Theory: "
                + (theory.title if theory is not None else "none (search only)")
            )
        )
        self.theory.setVisible(not whist)
        self._error = ""
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
            kind = f" — {subscripts_html(r.total_words)}" if r.total_words else ""
            return (
                f"<b>{what}:</b> {html.escape(r.total.pretty())}{kind}<br>"
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
        if self._result is not None:
            self._fit_columns()
        self._fit_table()

    def _fit_table(self) -> None:
        """Show every row, and nothing more, without a scroll bar."""
        self.table.resizeRowsToContents()
        header = self.table.horizontalHeader()
        h = header.sizeHint().height() + self.table.verticalHeader().length()
        self.table.setFixedHeight(h + 2 * self.table.frameWidth())
