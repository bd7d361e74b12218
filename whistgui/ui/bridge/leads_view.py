"""The Leads tab: the opening-lead table of the board on screen — each card the opening
leader holds, the tricks declarer then takes double dummy, and what the lead costs the
defence (:func:`whistgui.engine.bridge.leads.opening_leads`, DDS's SolveBoard), computed on
the engine service while the tab is shown, for the board's deal, contract and declarer."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QHeaderView,
    QLabel,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from whistgui.engine.bridge import BridgeDeal, Contract, Seat
from whistgui.engine.bridge.leads import OpeningLeads, opening_leads
from whistgui.ui.bridge.session import BridgeSession
from whistgui.ui.bridge.table_cards import card_text, contract_text
from whistgui.ui.engine_service import EngineService, JobContext, ViewWork
from whistgui.ui.theme import colour

__all__ = ["LEADS_CHANNEL", "LeadsView"]

LEADS_CHANNEL = "bridge-leads"
_Key = tuple[BridgeDeal, Contract, Seat]


class LeadsView(QWidget):
    """The opening leads of the session's board, following it."""

    def __init__(
        self, session: BridgeSession, engine: EngineService, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.setObjectName("bridgeLeads")
        self._session = session
        self._engine = engine
        self.work = ViewWork(engine, self, self._follow)
        self.caption = QLabel(self)
        self.caption.setWordWrap(True)
        self.grid = QTableWidget(0, 3, self)
        self.grid.setHorizontalHeaderLabels(["Lead", "Declarer's tricks", "Costs the defence"])
        self.grid.verticalHeader().setVisible(False)
        self.grid.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        header = self.grid.horizontalHeader()
        # the lead and the tricks as wide as their text, the cost to the view's edge (sized
        # once by hand, the last column stayed narrow until the view happened to resize)
        for col in (0, 1):
            header.setSectionResizeMode(col, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(2, QHeaderView.ResizeMode.Stretch)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.caption)
        layout.addWidget(self.grid, 1)
        self._key: _Key | None = None
        self._leads: OpeningLeads | None = None
        engine.finished.connect(self._on_finished)
        engine.failed.connect(self._on_failed)
        session.documentChanged.connect(lambda _doc: self._follow())
        self._follow()

    @property
    def leads(self) -> OpeningLeads | None:
        """The table shown, or None while it is computed (or cannot be)."""
        return self._leads

    def _follow(self) -> None:
        doc = self._session.document
        if doc.problem() is not None:
            self._show(None, f"No opening leads: {doc.problem()}")
            self._key = None
            return
        key = (doc.deal, doc.contract, doc.declarer)
        if key == self._key and self._leads is not None:
            self._show(self._leads, "")  # the same contract, now said to be par's
            return
        self._key = key
        self._show(None, "Finding the opening leads…")
        if self.work.defer():
            return

        def job(_ctx: JobContext) -> OpeningLeads:
            return opening_leads(*key)

        self.work.submit(LEADS_CHANNEL, job, label="Opening leads", tag=key)

    def _on_finished(self, _job: int, channel: str, tag: object, result: object) -> None:
        if channel == LEADS_CHANNEL and tag == self._key and isinstance(result, OpeningLeads):
            self._show(result, "")

    def _on_failed(self, _job: int, channel: str, tag: object, message: str) -> None:
        if channel == LEADS_CHANNEL and tag == self._key:
            self._show(None, f"No opening leads: {message}")

    def _show(self, leads: OpeningLeads | None, message: str) -> None:
        self._leads = leads
        self.grid.setRowCount(0 if leads is None else len(leads.leads))
        if leads is None:
            self.caption.setText(message)
            return
        against = contract_text(*self._key[1:]) if self._key else ""
        doc = self._session.document
        if doc.contract_note and self._key == (doc.deal, doc.contract, doc.declarer):
            against += f" {doc.contract_note}"  # par's, the board having none
        self.caption.setText(
            f"{leads.leader.word} leads against {against}: "
            f"the best leads hold declarer to {leads.best_tricks} tricks (double dummy)"
        )
        for row, lead in enumerate(leads.leads):
            cells = (card_text(lead.card), str(lead.tricks), f"−{lead.cost}" if lead.cost else "✓")
            for col, text in enumerate(cells):
                item = QTableWidgetItem(text)
                item.setTextAlignment(Qt.AlignmentFlag.AlignCenter)
                if col == 2:
                    item.setForeground(colour("error" if lead.cost else "success"))
                self.grid.setItem(row, col, item)
