"""The values worksheet, in a dock of the trick workspace (issue 28; CGSuite's worksheet as the
anchor): deals typed into rows (or the table's deal added), each with its value and what the
value is in words, the sum of the rows, and two rows compared in the order of states (R44 §7.2)
with their witnesses z — each solved exactly, each opening in the table as the deal D + z.

The rows are valued and the comparison made in the background (:class:`~whistgui.ui.
engine_service.ViewWork`: only while the worksheet is shown); the worksheet's own state is the
model's texts, which the user edits — it does not follow the deal on the table, it reads it
when asked (:attr:`WorksheetView.add_table_button`)."""

from __future__ import annotations

from typing import Any, Final

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QListWidget,
    QPushButton,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from whistgui.app.worksheet import (
    RELATION_WORDS,
    WorksheetRow,
    compare_rows,
    witness_deal,
    witness_text,
    worksheet_rows,
    worksheet_sum,
)
from whistgui.engine.games.whist.compare import Comparer, Comparison
from whistgui.engine.games.whist.evaluator import Evaluator
from whistgui.ui.engine_service import EngineService, JobContext, ViewWork
from whistgui.ui.theme import text_role
from whistgui.ui.trick.session import Session
from whistgui.ui.trick.worksheet_model import COL_DEAL, COL_KIND, COL_VALUE, WorksheetModel
from whistgui.ui.widgets.messages import for_display

__all__ = ["COMPARE_CHANNEL", "VALUES_CHANNEL", "WorksheetView"]

VALUES_CHANNEL: Final = "worksheet-values"
COMPARE_CHANNEL: Final = "worksheet-compare"

#: The rows a new worksheet starts with: R44's examples of the order (§7.3, §19, (21)).
START_ROWS: Final = ("K/A", "A/K", "AQ9/KJT", "AQJ/KT9", "K/A A/K", "KJ/AQ KJ/AQ")


class WorksheetView(QWidget):
    """Rows of deals with their values, their sum, and two rows compared. ``dealOpened``
    hands a witness's deal D + z to the workspace, which opens it in the table."""

    dealOpened = Signal(object)  # Deal

    def __init__(
        self, session: Session, engine: EngineService, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.setObjectName("valuesWorksheet")
        self.session = session
        self.engine = engine
        self.work = ViewWork(engine, self, self._value_rows)
        self._values_job: int | None = None
        self._compare_job: int | None = None
        #: the rows compared (D, E) and their comparison, once it is shown
        self.compared: tuple[WorksheetRow, WorksheetRow, Comparison] | None = None

        self.model = WorksheetModel(self)
        self.entry = QLineEdit(self)
        self.entry.setObjectName("worksheetEntry")
        self.entry.setPlaceholderText("A deal, e.g. AQ/KJ K/A or [A Q, K J] + [K, A]")
        self.add_button = self._button("&Add", "Add the deal typed as a row", self._add_typed)
        self.add_table_button = self._button(
            "Add the &Table's Deal", "Add the deal on the table as a row", self._add_table
        )
        self.remove_button = self._button(
            "&Remove Rows", "Remove the selected rows", self._remove_selected
        )
        self.entry.returnPressed.connect(self._add_typed)

        self.view = QTableView(self)
        self.view.setObjectName("worksheetTable")
        self.view.setModel(self.model)
        self.view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.view.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        self.view.setWordWrap(False)
        header = self.view.horizontalHeader()
        header.setSectionResizeMode(COL_DEAL, QHeaderView.ResizeMode.Interactive)
        header.setSectionResizeMode(COL_VALUE, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(COL_KIND, QHeaderView.ResizeMode.Stretch)
        header.resizeSection(COL_DEAL, 160)
        self.view.setMinimumHeight(120)

        self.sum_label = QLabel(self)
        self.sum_label.setObjectName("worksheetSum")
        self.sum_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.compare_button = self._button(
            "&Compare the Two Selected Rows",
            "D is the upper row, E the lower: their relation in the order of states, and a "
            "deal z for every difference, solved exactly",
            self._compare_selected,
        )
        self.relation_label = QLabel(self)
        self.relation_label.setObjectName("worksheetRelation")
        self.relation_label.setWordWrap(True)
        self.relation_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.error_label = QLabel(self)
        self.error_label.setObjectName("worksheetError")
        self.error_label.setWordWrap(True)
        text_role(self.error_label, "error")
        self.witnesses = QListWidget(self)
        self.witnesses.setObjectName("worksheetWitnesses")
        self.witnesses.setMaximumHeight(90)
        self.open_button = self._button(
            "&Open D + z in the Table",
            "Open the chosen witness added to D as the deal on the table",
            self._open_witness,
        )
        self.witnesses.itemDoubleClicked.connect(lambda _item: self._open_witness())
        self.witnesses.currentRowChanged.connect(lambda _row: self._enable())

        entry_row = QHBoxLayout()
        entry_row.setContentsMargins(0, 0, 0, 0)
        entry_row.addWidget(self.entry, 1)
        entry_row.addWidget(self.add_button)
        entry_row.addWidget(self.add_table_button)
        rows_buttons = QHBoxLayout()
        rows_buttons.setContentsMargins(0, 0, 0, 0)
        rows_buttons.addWidget(self.remove_button)
        rows_buttons.addWidget(self.compare_button)
        rows_buttons.addStretch(1)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(4, 4, 4, 4)
        lay.addLayout(entry_row)
        lay.addWidget(self.view, 1)
        lay.addWidget(self.sum_label)
        lay.addLayout(rows_buttons)
        lay.addWidget(self.relation_label)
        lay.addWidget(self.error_label)
        lay.addWidget(self.witnesses)
        lay.addWidget(self.open_button, 0, Qt.AlignmentFlag.AlignLeft)

        self.model.textsEdited.connect(lambda _texts: self._value_rows())
        self.view.selectionModel().selectionChanged.connect(lambda *_: self._enable())
        engine.finished.connect(self._on_finished)
        engine.failed.connect(self._on_failed)
        engine.cancelled.connect(self._on_cancelled)
        for text in START_ROWS:
            self.model.add(text)
        self._show_comparison()

    def _button(self, text: str, tip: str, slot: Any) -> QPushButton:
        b = QPushButton(text, self)
        b.setToolTip(tip)
        b.clicked.connect(slot)
        return b

    # -- the rows --------------------------------------------------------------------------
    def _add_typed(self) -> None:
        text = self.entry.text().strip()
        if text:
            self.model.add(text)
            self.entry.clear()

    def _add_table(self) -> None:
        self.model.add(str(self.session.document.deal))

    def _remove_selected(self) -> None:
        self.model.remove(self.selected_rows())

    def selected_rows(self) -> list[int]:
        return sorted({i.row() for i in self.view.selectionModel().selectedRows()})

    def select_rows(self, rows: list[int]) -> None:
        """Select the rows numbered ``rows`` (what a user does with Ctrl+click)."""
        sel = self.view.selectionModel()
        sel.clearSelection()
        for i in rows:
            sel.select(
                self.model.index(i, 0),
                sel.SelectionFlag.Select | sel.SelectionFlag.Rows,
            )

    def _value_rows(self) -> None:
        """Value the rows' texts in the background (while shown; caught up when shown)."""
        self._show_sum()
        if self.work.defer():
            return
        texts = self.model.texts

        def job(ctx: JobContext) -> list[WorksheetRow]:
            return worksheet_rows(texts, Evaluator(should_stop=ctx.should_stop))

        self._values_job = self.work.submit(VALUES_CHANNEL, job, label="Worksheet: the values")

    def _show_sum(self) -> None:
        n = self.model.rowCount()
        if not all(self.model.is_valued(i) for i in range(n)):
            self.sum_label.setText("Sum: …")
            return
        total = worksheet_sum([self.model.row(i) for i in range(n)])
        if total is None:
            self.sum_label.setText("Sum: no row has a value")
        else:
            skipped = sum(self.model.row(i).value is None for i in range(n))
            but = f" (the {skipped} rows without a value left out)" if skipped else ""
            self.sum_label.setText(f"Sum of the rows: {total[0].pretty()} — {total[1]}{but}")

    # -- the comparison --------------------------------------------------------------------
    def _compare_selected(self) -> None:
        rows = self.selected_rows()
        if len(rows) != 2 or not all(self.model.is_valued(i) for i in rows):
            return
        d, e = self.model.row(rows[0]), self.model.row(rows[1])
        self.compared = None
        self.error_label.setText("")
        self.relation_label.setText(
            f"Comparing D = {d.text.strip()} with E = {e.text.strip()} (exact search) …"
        )
        self.witnesses.clear()
        self.work.keep = True  # asked for: it finishes even if the dock is put away

        def job(ctx: JobContext) -> tuple[WorksheetRow, WorksheetRow, Comparison]:
            comparer = Comparer(Evaluator(should_stop=ctx.should_stop), ctx.new_solver())
            return d, e, compare_rows(d, e, comparer)

        self._compare_job = self.work.submit(
            COMPARE_CHANNEL, job, label=f"Worksheet: {d.text.strip()} against {e.text.strip()}"
        )
        self._enable()

    def _show_comparison(self) -> None:
        self.witnesses.clear()
        if self.compared is None:
            if self._compare_job is None and not self.error_label.text():
                self.relation_label.setText(
                    "Select two rows (Ctrl+click) and compare them: D the upper, E the lower."
                )
            self._enable()
            return
        d, e, c = self.compared
        x, y = c.values
        self.relation_label.setText(
            f"D = {d.text.strip()} ({x.pretty()}), E = {e.text.strip()} ({y.pretty()}). "
            f"{RELATION_WORDS[c.relation]}"
            + (". Witnesses, solved exactly:" if c.witnesses else ".")
        )
        for w in c.witnesses:
            self.witnesses.addItem(witness_text(w))
        if c.witnesses:
            self.witnesses.setCurrentRow(0)
        self._enable()

    def _open_witness(self) -> None:
        k = self.witnesses.currentRow()
        if self.compared is None or not 0 <= k < len(self.compared[2].witnesses):
            return
        d, _e, c = self.compared
        if d.deal is not None:
            self.dealOpened.emit(witness_deal(d.deal, c.witnesses[k]))

    def _enable(self) -> None:
        rows = self.selected_rows()
        self.remove_button.setEnabled(bool(rows))
        self.compare_button.setEnabled(
            len(rows) == 2
            and all(self.model.is_valued(i) and self.model.row(i).deal is not None for i in rows)
            and self._compare_job is None
        )
        self.witnesses.setVisible(self.compared is not None and bool(self.compared[2].witnesses))
        self.open_button.setVisible(self.witnesses.isVisible())
        self.open_button.setEnabled(self.witnesses.currentRow() >= 0)

    # -- the engine's answers --------------------------------------------------------------
    def _on_finished(self, job: int, channel: str, _tag: object, result: object) -> None:
        if channel == VALUES_CHANNEL and job == self._values_job and isinstance(result, list):
            self._values_job = None
            self.model.set_rows(result)
            self._show_sum()
            self._enable()
        elif channel == COMPARE_CHANNEL and job == self._compare_job:
            self._compare_job = None
            self.work.keep = False
            if isinstance(result, tuple):
                self.compared = result
            self._show_comparison()

    def _on_failed(self, job: int, channel: str, _tag: object, message: str) -> None:
        if channel == VALUES_CHANNEL and job == self._values_job:
            self._values_job = None
            self.sum_label.setText(f"The values could not be computed: {for_display(message)}")
        elif channel == COMPARE_CHANNEL and job == self._compare_job:
            self._compare_job = None
            self.work.keep = False
            self.compared = None
            self.relation_label.setText("")
            self.error_label.setText(for_display(message))
            self._show_comparison()

    def _on_cancelled(self, job: int, channel: str) -> None:
        if channel == COMPARE_CHANNEL and job == self._compare_job:
            self._compare_job = None
            self.work.keep = False
            self.relation_label.setText("The comparison was stopped.")
            self._enable()
