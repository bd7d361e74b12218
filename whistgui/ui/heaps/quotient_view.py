"""The quotient explorer (strange algebra §5 made visible, issue 26): the heaps workspace's tab
that computes the quotient monoid of the game on the board — within the bounds the user sets
(max heap, max heaps, tests; or exact, for an octal game), the game's defaults until then —
and shows it: the classes with their representatives (smallest first), outcomes and the
theory's elements; the growth of an exact quotient; the multiplication table as a grid (an
entry clicked, or reached by the arrows: its representatives' sum and the class it lands in);
the theory's refinement and homomorphism checks in the command line's words; the P-position
map of two heaps. A class chosen (in the list, a header of the grid, the class an entry lands
in) is marked everywhere; a representative, a product or a cell of the map is set on the board
on request (one undo step, by the page).

The quotient is the view's work on the engine (:class:`~whistgui.ui.engine_service.ViewWork`,
channel ``heaps-quotient``): with progress and Cancel, never on the event loop; the game's
default bounds are computed when the tab is shown, bounds the user asks for are kept working
on (:attr:`ViewWork.keep`) until done or cancelled. Bounds beyond the engine's limits are
refused in words before anything runs."""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Hashable
from typing import Any, Final

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QSpinBox,
    QSplitter,
    QTableView,
    QTableWidget,
    QTableWidgetItem,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from whistgui.app.heaps import HeapsDocument
from whistgui.app.heaps_quotient import (
    MAX_BOUND,
    QuotientBounds,
    bounds_problem,
    can_exact,
    check_lines,
    class_is_p,
    compute_quotient,
    default_bounds,
    more_members,
    outcome_short,
    outcome_words,
    p_map,
    product,
    summary_lines,
)
from whistgui.engine.errors import WhistError
from whistgui.engine.heaps.quotient import HeapQuotient
from whistgui.engine.heaps.rules import PositionRules
from whistgui.ui.engine_service import EngineService, JobContext, ViewWork
from whistgui.ui.heaps.hats import HattedText
from whistgui.ui.heaps.quotient_grid import HattedDelegate, PMapView, TableModel
from whistgui.ui.theme import colour, contrasting_text, text_role
from whistgui.ui.widgets.messages import for_display

__all__ = ["CHANNEL", "QUOTIENT_KEYS", "QuotientExplorer"]

CHANNEL: Final = "heaps-quotient"
#: Quotients kept for the games and bounds met again.
_KEPT: Final = 6
#: Representatives listed in a class's row.
_LISTED: Final = 6
#: The most heaps the bounds may name.
MAX_HEAPS: Final = 12

Key = tuple[str, QuotientBounds]

#: What the tab says of a quotient stopped before it was found.
_STOPPED_SUMMARY: Final = "Stopped before the quotient was found: Compute to go on."

#: The Alt keys of the quotient's tab (the page's two tabs among them), as the F1 sheet names
#: them: the tabs, exact, compute, set the class, set the sum, the table, the map.
QUOTIENT_KEYS: Final = "OQXCSUBA"


def _heaps_text(a: int, b: int) -> str:
    return " ".join(str(h) for h in (a, b) if h) or "0"


class QuotientExplorer(QWidget):
    """The quotient of the game shown (:meth:`show_document`), computed and explored."""

    #: bounds asked for (the page records them in the document: one undo step)
    boundsChosen = Signal(object)
    #: a position to set on the board, as text
    positionChosen = Signal(str)
    #: a status-bar message
    message = Signal(str)

    def __init__(self, engine: EngineService, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("heapsQuotient")
        self.engine = engine
        self.doc: HeapsDocument | None = None
        self.rules: PositionRules[Any] | None = None
        self.q: HeapQuotient | None = None
        self.results: OrderedDict[Key, HeapQuotient] = OrderedDict()
        self._shown_key: Key | None = None
        self._job: int | None = None
        self._job_key: Key | None = None
        self._stopped: Key | None = None
        self._why = ""
        self._product: tuple[int, int] | None = None

        # the bounds
        self.max_heap = QSpinBox(self)
        self.max_heap.setRange(1, MAX_BOUND)
        self.max_heap.setPrefix("Max heap ")
        self.max_heap.setToolTip("Heaps of 1 to K counters (K)")
        self.max_heaps = QSpinBox(self)
        self.max_heaps.setRange(0, MAX_HEAPS)
        self.max_heaps.setPrefix("Max heaps ")
        self.max_heaps.setToolTip("Positions of at most M heaps are classed (M)")
        self.tests = QSpinBox(self)
        self.tests.setRange(0, MAX_HEAPS)
        self.tests.setPrefix("Tests ")
        self.tests.setToolTip(
            "Each position is classed by its outcomes against every test position of at most "
            "T heaps (two-sided contexts u · x · v for End-nim)"
        )
        for box in (self.max_heap, self.max_heaps, self.tests):  # Enter computes
            box.lineEdit().returnPressed.connect(self.compute)
        self.exact = QCheckBox("E&xact", self)
        self.exact.setToolTip(
            "The exact quotient of every position with heaps of at most K counters, heap bound "
            "by heap bound (octal games: impartial, each move changes one heap)"
        )
        self.exact.toggled.connect(self._exact_toggled)
        self.compute_button = QPushButton("&Compute", self)
        self.compute_button.setObjectName("quotientCompute")
        self.compute_button.clicked.connect(self.compute)
        self.cancel_button = QPushButton("Cancel", self)
        self.cancel_button.setObjectName("quotientCancel")
        self.cancel_button.setEnabled(False)
        self.cancel_button.clicked.connect(self.cancel)
        self.status = QLabel(self)
        self.status.setObjectName("quotientStatus")
        self.status.setWordWrap(True)
        self.problem = QLabel(self)
        self.problem.setObjectName("quotientProblem")
        self.problem.setWordWrap(True)
        text_role(self.problem, "error")
        self.problem.hide()
        bar = QHBoxLayout()
        for w in (self.max_heap, self.max_heaps, self.tests, self.exact):
            bar.addWidget(w)
        bar.addWidget(self.compute_button)
        bar.addWidget(self.cancel_button)
        bar.addWidget(self.status, 1)

        # the classes
        self.summary = QLabel(self)
        self.summary.setObjectName("quotientSummary")
        self.summary.setWordWrap(True)
        self.summary.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.board_class = QLabel(self)
        self.board_class.setWordWrap(True)
        text_role(self.board_class, "muted")
        self.classes = QTableWidget(0, 4, self)
        self.classes.setObjectName("quotientClasses")
        self.classes.setHorizontalHeaderLabels(["Class", "Outcome", "Elements", "Representatives"])
        self.classes.verticalHeader().hide()
        self.classes.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.classes.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.classes.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        # one line a row, elided at the right, the whole in the tooltip: wrapped, a long
        # Representatives cell was cut in the middle of a line ('(92 of the positions …')
        self.classes.setWordWrap(False)
        self.classes.setTextElideMode(Qt.TextElideMode.ElideRight)
        head = self.classes.horizontalHeader()
        for i in range(3):
            head.setSectionResizeMode(i, QHeaderView.ResizeMode.ResizeToContents)
        head.setStretchLastSection(True)
        self.classes.currentCellChanged.connect(lambda row, *_: self.select_class(row))
        self.classes.cellDoubleClicked.connect(lambda *_: self.set_representative())
        self.classes.setItemDelegateForColumn(2, HattedDelegate(self.classes))
        self.set_class = QPushButton("&Set this position", self)
        self.set_class.setObjectName("quotientSetClass")
        self.set_class.setToolTip("Put the class's smallest representative on the board")
        self.set_class.clicked.connect(self.set_representative)
        self.class_words = QLabel(self)
        self.class_words.setWordWrap(True)
        self.checks = HattedText(self)  # the theory's line: misère nim's hats drawn
        self.checks.setObjectName("quotientChecks")
        self.alarm = QLabel(self)
        self.alarm.setObjectName("quotientAlarm")
        self.alarm.setWordWrap(True)
        text_role(self.alarm, "error")
        self.alarm.hide()
        left = QWidget(self)
        lv = QVBoxLayout(left)
        lv.setContentsMargins(0, 0, 0, 0)
        lv.addWidget(self.summary)
        lv.addWidget(self.board_class)
        lv.addWidget(self.classes, 1)
        row = QHBoxLayout()
        row.addWidget(self.set_class)
        row.addWidget(self.class_words, 1)
        lv.addLayout(row)
        lv.addWidget(self.checks)
        lv.addWidget(self.alarm)

        # the table
        self.model = TableModel(self)
        self.grid = QTableView(self)
        self.grid.setObjectName("quotientTable")
        self.grid.setModel(self.model)
        self.grid.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.grid.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        for h in (self.grid.horizontalHeader(), self.grid.verticalHeader()):
            h.setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
            h.setMinimumSectionSize(12)
            h.sectionClicked.connect(self.select_class)
        self.grid.selectionModel().currentChanged.connect(
            lambda cur, _old: self.show_product(cur.row(), cur.column())
        )
        self.legend = QLabel(self)
        self.legend.setWordWrap(True)
        text_role(self.legend, "muted")
        self.product_words = QLabel("Click an entry (or walk to it with the arrows)", self)
        self.product_words.setObjectName("quotientProduct")
        self.product_words.setWordWrap(True)
        self.product_words.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.set_product = QPushButton("Set the s&um", self)
        self.set_product.setToolTip("Put the sum of the two representatives on the board")
        self.set_product.setEnabled(False)
        self.set_product.clicked.connect(self._set_product)
        table_page = QWidget(self)
        tv = QVBoxLayout(table_page)
        tv.addWidget(self.legend)
        tv.addWidget(self.grid, 1)
        prow = QHBoxLayout()
        prow.addWidget(self.product_words, 1)
        prow.addWidget(self.set_product)
        tv.addLayout(prow)

        # the P-position map
        self.pmap = PMapView(self)
        self.pmap.cellChosen.connect(lambda a, b: self.positionChosen.emit(_heaps_text(a, b)))
        self.pmap.cellCurrent.connect(self._map_cell)
        self.map_words = QLabel(self)
        self.map_words.setWordWrap(True)
        self.map_cell = QLabel(self)
        self.map_cell.setWordWrap(True)
        map_page = QWidget(self)
        mv = QVBoxLayout(map_page)
        mv.addWidget(self.map_words)
        mv.addWidget(self.pmap, 1)
        mv.addWidget(self.map_cell)

        self.views = QTabWidget(self)
        self.views.setObjectName("quotientViews")
        self.views.addTab(table_page, "Multiplication ta&ble")
        self.views.addTab(map_page, "P-position m&ap")
        self.splitter = QSplitter(Qt.Orientation.Horizontal, self)
        self.splitter.setChildrenCollapsible(False)
        self.splitter.addWidget(left)
        self.splitter.addWidget(self.views)
        self.splitter.setStretchFactor(0, 2)
        self.splitter.setStretchFactor(1, 3)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 4, 0, 0)
        layout.addLayout(bar)
        layout.addWidget(self.problem)
        layout.addWidget(self.splitter, 1)

        self.work = ViewWork(engine, self, self._refresh)
        engine.finished.connect(self._on_finished)
        engine.failed.connect(self._on_failed)
        engine.cancelled.connect(self._on_cancelled)
        engine.progress.connect(self._on_progress)
        self._show(None)

    # -- the bounds ---------------------------------------------------------------------
    def wanted(self) -> Key | None:
        """The game and bounds the document asks for (its own, or the game's defaults)."""
        if self.doc is None:
            return None
        return (self.doc.game, self.doc.quotient or default_bounds(self.doc.rules))

    def bounds(self) -> QuotientBounds:
        """The bounds the fields say."""
        if self.exact.isChecked():
            return QuotientBounds(self.max_heap.value(), 2, None, True)
        tests = self.tests.value()
        return QuotientBounds(
            self.max_heap.value(),
            self.max_heaps.value(),
            None if tests == self.max_heaps.value() else tests,
        )

    def _set_fields(self, rules: PositionRules[Any], b: QuotientBounds) -> None:
        self.exact.setEnabled(can_exact(rules) or b.exact)
        self.exact.setChecked(b.exact)
        self.max_heap.setValue(b.max_heap)
        self.max_heaps.setValue(b.max_heaps)
        self.tests.setValue(b.max_heaps if b.tests is None else b.tests)
        self._exact_toggled(b.exact)

    def _exact_toggled(self, on: bool) -> None:
        self.max_heaps.setEnabled(not on)
        self.tests.setEnabled(not on)

    # -- following the document -----------------------------------------------------------
    def show_document(self, doc: HeapsDocument) -> None:
        """Follow ``doc``: its game and bounds (computed if not yet, while shown)."""
        self.doc = doc
        key = self.wanted()
        assert key is not None
        if key != self._shown_key:
            self._set_fields(doc.rules, key[1])
        self._refresh()
        self._show_board_class()

    def _refresh(self) -> None:
        """Show the quotient the document asks for: the one kept, or a job (not while
        hidden: it catches up when shown; not again after a Cancel until asked)."""
        key = self.wanted()
        if key is None or self.doc is None:
            return
        rules = self.doc.rules
        problem = bounds_problem(rules, key[1])
        if problem is not None:
            self._show(None)
            self._shown_key = key
            self._say_problem(problem)
            self.status.setText("")
            return
        self._say_problem(None)
        kept = self.results.get(key)
        if kept is not None:
            if key != self._shown_key or self.q is not kept:
                self._shown_key = key
                self._show(kept)
            if self._job_key != key:  # another quotient's work: its words not beside this
                self.status.setText("")
            return
        if key != self._shown_key:
            self._shown_key = key
            self._show(None)
        if key == self._stopped:
            self.status.setText(self._why)
            self.summary.setText(_STOPPED_SUMMARY)
            return
        if self._job is not None and self._job_key == key:
            return
        if self.work.defer():
            return
        self._submit(key)

    def _submit(self, key: Key) -> None:
        assert self.doc is not None
        rules, b = self.doc.rules, key[1]
        what = "heap bound" if b.exact else "positions classed"

        def job(ctx: JobContext) -> HeapQuotient:
            def progress(done: int, total: int) -> None:
                ctx.report(f"{what} {done:,} of {total:,}")

            def phase(doing: str, done: int, total: int) -> None:
                # after the positions: the table built, then checked, then the theory
                ctx.report(f"{doing} ({done:,} of {total:,})")

            ctx.report(f"quotient of {rules.name}", force=True)
            return compute_quotient(
                rules, b, progress=progress, phase=phase, should_stop=ctx.should_stop
            )

        self._job_key = key
        self._job = self.work.submit(
            CHANNEL, job, label=f"Quotient of {rules.name} ({b.words()})", tag=key
        )
        self.status.setText(f"Computing the quotient ({b.words()}) …")
        self.pmap.placeholder = "Computing…"
        self.pmap.update()
        self.summary.setText(
            f"Computing the quotient of {rules.name} ({b.words()}): its classes come when it "
            "is done (Cancel stops it)."
        )
        self.cancel_button.setEnabled(True)

    def compute(self) -> None:
        """Compute the quotient within the bounds the fields say (refused in words when the
        engine's limits or the game do not allow them)."""
        if self.doc is None:
            return
        b = self.bounds()
        problem = bounds_problem(self.doc.rules, b)
        if problem is not None:
            self._say_problem(problem)
            self.message.emit(f"Quotient: {problem}")
            return
        self._say_problem(None)
        self._stopped = None
        self.work.keep = True  # asked for: it goes on if the tab is put away
        if self.wanted() != (self.doc.game, b):
            self.boundsChosen.emit(b)  # the page records them; show_document follows
        else:
            self._refresh()

    def cancel(self) -> None:
        """Stop the quotient being computed (Compute starts it again)."""
        self._stopped, self._why = self._job_key, "Stopped (Compute to go on)."
        self.work.keep = False
        self.work.stop()
        self._job = self._job_key = None
        self.status.setText(self._why)
        if self.q is None:
            self.summary.setText(_STOPPED_SUMMARY)
        self.cancel_button.setEnabled(False)

    def _say_problem(self, text: str | None) -> None:
        self.problem.setText(text or "")
        self.problem.setVisible(bool(text))

    # -- the engine's answers -------------------------------------------------------------
    def _on_finished(self, job: int, channel: str, tag: object, result: object) -> None:
        if channel != CHANNEL or job != self._job or not isinstance(result, HeapQuotient):
            return
        self._job = self._job_key = None
        self.work.keep = False
        self.cancel_button.setEnabled(False)
        key: Any = tag
        self.results[key] = result
        while len(self.results) > _KEPT:
            self.results.popitem(last=False)
        self.status.setText("")
        self._refresh()

    def _on_failed(self, job: int, channel: str, _tag: object, message: str) -> None:
        if channel != CHANNEL or job != self._job:
            return
        self._stopped, self._why = self._job_key, for_display(message)
        self._job = self._job_key = None
        self.work.keep = False
        self.cancel_button.setEnabled(False)
        self.status.setText("")
        self.summary.setText("No quotient: the computation failed (said above).")
        self._say_problem(self._why)
        self.message.emit(f"Quotient: {self._why}")

    def _on_cancelled(self, job: int, channel: str) -> None:
        if channel != CHANNEL or job != self._job:
            return
        if self.isVisible() or self.work.keep:  # the status bar's Cancel
            self._stopped, self._why = self._job_key, "Stopped (Compute to go on)."
            self.status.setText(self._why)
            if self.q is None:
                self.summary.setText(_STOPPED_SUMMARY)
        else:
            self.status.setText("")  # put away: it says nothing of a computation gone
        self._job = self._job_key = None
        self.work.keep = False
        self.cancel_button.setEnabled(False)

    def _on_progress(self, job: int, text: str) -> None:
        # only the current job's, and only while its quotient is the one asked for: a late
        # message of an earlier job ('building the table (30 of 39)' of hackenbush) said
        # beside misère Kayles' quotient stayed there, the app idle
        if job == self._job and self._job_key == self.wanted():
            self.status.setText(f"Computing: {text}")

    # -- showing a quotient -----------------------------------------------------------------
    def quotient_for(self, doc: HeapsDocument) -> HeapQuotient | None:
        """The quotient shown, if it is of ``doc``'s game."""
        return self.q if self.q is not None and self.q.game == doc.game else None

    def _show(self, q: HeapQuotient | None) -> None:
        self.q = q
        self.rules = self.doc.rules if (q is not None and self.doc is not None) else None
        rules = self.rules
        # nothing marked carries over to another game or quotient: the list's row, the
        # table's entry and the map's class
        self.model.set_quotient(rules, q)
        self.pmap.placeholder = "No quotient yet"
        self.pmap.set_map(None, None)
        self.pmap.select_class(None)
        self.classes.setRowCount(0)
        self.classes.setCurrentCell(-1, -1)
        self.grid.setCurrentIndex(self.model.index(-1, -1))
        self._product = None
        self.set_product.setEnabled(False)
        self.set_class.setEnabled(False)
        self.class_words.setText("")
        self.product_words.setText("Click an entry (or walk to it with the arrows)")
        self.map_cell.setText("")
        if q is None or rules is None:
            self.summary.setText("No quotient yet: choose the bounds and Compute.")
            self.legend.setText("")
            self.checks.set_paragraphs([])
            self.alarm.hide()
            self.map_words.setText("")
            self._show_board_class()
            return
        self.summary.setText("\n".join(summary_lines(rules, q)))
        self.summary.setToolTip(
            "Classes by heap bound K = 1, 2, …: " + " ".join(map(str, q.growth)) if q.growth else ""
        )
        self.classes.setColumnHidden(2, q.theory is None)  # no theory: no elements
        self.classes.setRowCount(len(q.classes))
        p_fill = colour("p_class_fill")
        for c in q.classes:
            reps = ", ".join(rules.text(m) for m in c.members[:_LISTED])
            reps += more_members(q, c, _LISTED)
            outcome = QTableWidgetItem(outcome_short(rules, c.outcome))
            outcome.setToolTip(outcome_words(rules, c.outcome))
            if class_is_p(rules, c):
                outcome.setBackground(p_fill)
                outcome.setForeground(contrasting_text(p_fill))
            listed = QTableWidgetItem(reps)
            listed.setToolTip(reps)
            items = (
                QTableWidgetItem(str(c.index)),
                outcome,
                QTableWidgetItem(" ".join(c.pretty) or "–"),
                listed,
            )
            for col, item in enumerate(items):
                self.classes.setItem(c.index, col, item)
        width = self.grid.fontMetrics().horizontalAdvance("0" * len(str(len(q.classes)))) + 12
        for h in (self.grid.horizontalHeader(), self.grid.verticalHeader()):
            # a few classes in larger cells (a grid of about 500 pixels), many in cells as
            # narrow as their numbers
            h.setDefaultSectionSize(max(width, 22, min(40, 500 // (len(q.classes) + 1))))
        op = "u + v" if q.commutative else "u · v (the row u first: End-nim's order)"
        p = ", ".join(map(str, sorted(self.model.p))) or "none"
        self.legend.setText(
            f"Row u, column v: the class of {op}. Green: P classes ({p}), their headers bold. "
            "Click a header to mark its class (an entry marks the class it lands in): its "
            "entries filled in yellow, its header underlined, its cells outlined on the map."
            + (
                " –: a product beyond the positions classed (in no class found)."
                if any(v is None for row in q.table for v in row)
                else ""
            )
        )
        lines = check_lines(q)
        bad = [line for line in lines if line.startswith("!!!")]
        self.checks.set_paragraphs(
            [[(line.strip(), False)] for line in lines if not line.startswith("!!!")]
        )
        self.alarm.setText("\n".join(bad))
        self.alarm.setVisible(bool(bad))
        pm = p_map(rules, q)
        self.pmap.placeholder = "No map: the positions are piles, not heaps" if pm is None else ""
        self.pmap.set_map(rules, pm)
        if pm is None:
            self.map_words.setText(
                f"The map is of two heaps a, b: {rules.name}'s positions are piles of two "
                "colours, with no such grid — its classes are in the list and the table."
            )
        else:
            self.map_words.setText(
                f"The positions of two heaps a b (a down, b across, 0 to {pm.size}): green, a "
                "P-position; grey, not among the positions classed; outlined in yellow, the "
                "class marked (in the list or the table); a dot, the position on the board. "
                "Click a cell (or Enter) to set it on the board."
            )
        self._show_board_class()

    def _show_board_class(self) -> None:
        q, doc = self.q, self.doc
        if q is None or doc is None or self.rules is None:
            self.board_class.setText("")
            return
        sizes = [int(t) for t in doc.layout if t.isdigit()]
        cells: frozenset[tuple[int, int]] = frozenset()
        if len(sizes) == len(doc.layout) <= 2:
            a, b = [0, 0, *sizes][-2:]
            cells = frozenset({(a, b), (b, a)} if q.commutative else {(a, b)})
        self.pmap.set_board(cells)
        try:
            c = q.class_of(doc.position)
        except WhistError:  # a heap beyond the exact quotient's bound
            c = None
        where = (
            f"class {c} ({outcome_short(self.rules, q.classes[c].outcome)})"
            if c is not None
            else "not among the positions classed"
        )
        self.board_class.setText(f"On the board: {doc.text} — {where}")

    # -- choosing ---------------------------------------------------------------------------
    def select_class(self, index: int) -> None:
        """Mark class ``index`` everywhere: its row in the list, its entries in the table,
        its cells on the map."""
        q, rules = self.q, self.rules
        if q is None or rules is None or not 0 <= index < len(q.classes):
            return
        if self.classes.currentRow() != index:
            self.classes.setCurrentCell(index, 0)
            return  # currentCellChanged comes back here
        self.model.select_class(index)
        self.pmap.select_class(index)
        c = q.classes[index]
        self.set_class.setEnabled(True)
        self.class_words.setText(
            f"Class {index}: {outcome_words(rules, c.outcome)}; smallest: "
            f"{rules.text(c.representative)}"
        )

    def selected_class(self) -> int | None:
        row = self.classes.currentRow()
        return row if self.q is not None and row >= 0 else None

    def set_representative(self) -> None:
        """Put the selected class's smallest representative on the board."""
        index = self.selected_class()
        if index is None or self.q is None or self.rules is None:
            return
        self.positionChosen.emit(self.rules.text(self.q.classes[index].representative))

    def show_product(self, row: int, column: int) -> None:
        """The entry (``row``, ``column``): its representatives' sum and the class it lands
        in (marked everywhere)."""
        q, rules = self.q, self.rules
        if q is None or rules is None or row < 0 or column < 0:
            return
        pr = product(rules, q, row, column)
        self._product = (row, column)
        self.product_words.setText(
            f"Class {row} · class {column}: {pr.words}"
            if not q.commutative
            else f"Class {row} + class {column}: {pr.words}"
        )
        self.set_product.setEnabled(True)
        if pr.lands is not None:
            self.model.select_class(pr.lands)
            self.pmap.select_class(pr.lands)

    def product_position(self) -> Hashable | None:
        if self._product is None or self.q is None or self.rules is None:
            return None
        return product(self.rules, self.q, *self._product).total_position

    def _set_product(self) -> None:
        p = self.product_position()
        if p is not None and self.rules is not None:
            self.positionChosen.emit(self.rules.text(p))

    def _map_cell(self, a: int, b: int) -> None:
        self.map_cell.setText(self.pmap.describe(a, b))

    def shutdown(self) -> None:
        self.work.keep = False
        self.work.stop()
