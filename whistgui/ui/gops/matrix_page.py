"""The GOPS workspace's Matrix Game page (issue 30): a matrix typed or pasted (``[[3,-4],
[-1,1]]``, or rows of numbers as a spreadsheet copies them), solved exactly — the value and both
players' optimal mixed strategies as fractions. Malformed text is marked where it is, with the
message quoting it; the size is limited (the exact solver's 16 × 16). The field is Qt's own
text editor, with its undo (Ctrl+Z). The solving is the page's work on the engine service."""

from __future__ import annotations

from typing import Final

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtGui import QKeySequence, QShortcut, QTextCharFormat, QTextCursor
from PySide6.QtWidgets import (
    QAbstractItemView,
    QGridLayout,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPlainTextEdit,
    QPushButton,
    QScrollArea,
    QTableWidget,
    QTableWidgetItem,
    QTextEdit,
    QVBoxLayout,
    QWidget,
)

from whistgui.app.gops_strategies import MatrixTextError, parse_matrix, shape_text
from whistgui.engine.gops import ExactSolution, solve_exact
from whistgui.engine.gops.exact_play import fraction_text
from whistgui.ui.engine_service import EngineService, JobContext, ViewWork
from whistgui.ui.theme import colour, notifier, text_role

__all__ = ["MATRIX_CHANNEL", "MatrixPage"]

MATRIX_CHANNEL: Final = "gops-matrix-game"
#: 771.9's worked example, the field's text to begin with.
EXAMPLE: Final = "[[3, -4], [-1, 1]]"
#: After the last key, the text is read (milliseconds).
_READ_AFTER = 250


def _strategy_table(parent: QWidget, name: str) -> QTableWidget:
    t = QTableWidget(parent)
    t.setAccessibleName(name)
    t.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
    t.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
    t.setColumnCount(2)
    t.setHorizontalHeaderLabels(["Probability", "≈"])
    return t


def _text(x: object) -> str:
    return fraction_text(x).replace("-", "−")  # type: ignore[arg-type]


class MatrixPage(QScrollArea):
    """The page: :attr:`edit` (the matrix), Solve, the value and the strategies."""

    message = Signal(str)

    def __init__(self, engine: EngineService, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("gopsMatrixGame")
        self.setWidgetResizable(True)
        self.engine = engine
        self.work = ViewWork(engine, self, self._catch_up)
        self.solution: ExactSolution | None = None
        self.error: MatrixTextError | None = None
        self._job: int | None = None
        self._wanted: list[list[object]] | None = None
        #: the matrix the solution shown is of
        self._solved: list[list[object]] | None = None
        self._asked: list[list[object]] | None = None

        inner = QWidget(self)
        self.setWidget(inner)
        title = QLabel(
            "<b>A matrix game</b>: type or paste a matrix — <code>[[3,-4],[-1,1]]</code>, or "
            "rows one a line of numbers separated by spaces, tabs or commas (as a spreadsheet "
            "copies them); numbers may be fractions (2/3) or decimals. Rows are the "
            "maximiser's choices, columns the minimiser's; at most 16 × 16, solved exactly.",
            inner,
        )
        title.setWordWrap(True)
        self.edit = QPlainTextEdit(inner)
        self.edit.setObjectName("gopsMatrixText")
        self.edit.setAccessibleName("The matrix")
        self.edit.setTabChangesFocus(True)
        self.edit.setPlainText(EXAMPLE)
        self.edit.setMaximumHeight(200)
        edit_label = QLabel("&Matrix:", inner)
        edit_label.setBuddy(self.edit)
        self.error_label = QLabel(inner)
        self.error_label.setWordWrap(True)
        self.error_label.setObjectName("gopsMatrixError")
        text_role(self.error_label, "error")
        self.shape_label = QLabel(inner)
        self.shape_label.setObjectName("gopsMatrixShape")
        # Alt+I: Alt+V was the View menu's too, and a shared mnemonic only moves the focus
        self.solve_button = QPushButton("Solve &it", inner)
        self.solve_button.setToolTip("The value and both optimal strategies (Alt+I, Ctrl+Return)")
        self.status = QLabel(inner)
        row = QHBoxLayout()
        row.addWidget(self.solve_button)
        row.addWidget(self.status, 1)
        self.value_label = QLabel(inner)
        self.value_label.setObjectName("gopsMatrixValue")
        self.value_label.setWordWrap(True)
        self.value_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        # the two optimal strategies, each in a table of its own under its name (review 30, C2)
        self.row_table = _strategy_table(inner, "The rows' optimal strategy (the maximiser)")
        self.col_table = _strategy_table(inner, "The columns' optimal strategy (the minimiser)")
        self.tables = QWidget(inner)
        grid = QGridLayout(self.tables)
        grid.setContentsMargins(0, 0, 0, 0)
        for c, (heading, t) in enumerate(
            (
                ("<b>Rows</b> (maximise): optimal strategy", self.row_table),
                ("<b>Columns</b> (minimise): optimal strategy", self.col_table),
            )
        ):
            grid.addWidget(QLabel(heading, self.tables), 0, c)
            grid.addWidget(t, 1, c)
        layout = QVBoxLayout(inner)
        layout.addWidget(title)
        layout.addWidget(edit_label)
        layout.addWidget(self.edit)
        layout.addWidget(self.error_label)
        layout.addWidget(self.shape_label)
        layout.addLayout(row)
        layout.addWidget(self.value_label)
        layout.addWidget(self.tables, 1)

        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(_READ_AFTER)
        self._timer.timeout.connect(self.check)
        self.edit.textChanged.connect(self._timer.start)
        self.solve_button.clicked.connect(self.solve)
        sc = QShortcut(QKeySequence("Ctrl+Return"), self)
        sc.setContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        sc.activated.connect(self.solve)
        #: the engine's job under way, anyone's: (job, label) — a solve waits behind it
        self._running: tuple[int, str] | None = None
        engine.started.connect(self._on_started)
        for ended in (engine.finished, engine.failed, engine.cancelled):
            ended.connect(self._on_ended)
        engine.finished.connect(self._on_finished)
        engine.failed.connect(self._on_failed)
        engine.cancelled.connect(self._on_cancelled)
        notifier().changed.connect(self._on_theme)  # a method: disconnected when deleted
        self.check()  # what the example is read as

    def check(self) -> list[list[object]] | None:
        """Read the field: the matrix, or None with the error marked."""
        self._timer.stop()
        try:
            m: list[list[object]] = list(parse_matrix(self.edit.toPlainText()))  # type: ignore[arg-type]
        except MatrixTextError as exc:
            self.error = exc
            self.error_label.setText(str(exc))
            self.shape_label.setText("")
            self._mark()
            self._mark_stale(None)
            return None
        self.error = None
        self.error_label.setText("")
        self.shape_label.setText(f"The text is {shape_text(len(m), len(m[0]))}.")
        self._mark()
        self._mark_stale(m)
        return m

    def _mark_stale(self, m: list[list[object]] | None) -> None:
        """The solution shown is greyed, and says so, unless it is of the matrix typed."""
        if self.solution is None:
            return
        fresh = m is not None and m == self._solved
        self.tables.setEnabled(fresh)
        self.value_label.setEnabled(fresh)
        self.status.setText("" if fresh else "The matrix has changed: solve it again.")

    def _on_theme(self, _theme: str = "") -> None:
        self._mark()

    def _mark(self) -> None:
        """Underline the error's place in the field (in the theme's error colour)."""
        marks: list[QTextEdit.ExtraSelection] = []
        if self.error is not None:
            sel = QTextEdit.ExtraSelection()
            fmt = QTextCharFormat()
            fmt.setUnderlineStyle(QTextCharFormat.UnderlineStyle.WaveUnderline)
            fmt.setUnderlineColor(colour("error"))
            bad = colour("error")
            bad.setAlpha(60)
            fmt.setBackground(bad)
            sel.format = fmt
            cursor = QTextCursor(self.edit.document())
            end = min(self.error.end, len(self.edit.toPlainText()))
            start = min(self.error.start, end)
            if start == end and start > 0:
                start -= 1
            cursor.setPosition(start)
            cursor.setPosition(end, QTextCursor.MoveMode.KeepAnchor)
            sel.cursor = cursor
            marks.append(sel)
        self.edit.setExtraSelections(marks)

    def solve(self) -> None:
        m = self.check()
        if m is None:
            self.message.emit(self.error_label.text())
            return
        self._wanted = m
        if self.work.defer():
            return
        matrix = m
        self._asked = m

        def job(ctx: JobContext) -> ExactSolution:
            ctx.report(f"a {len(matrix)} × {len(matrix[0])} matrix game", force=True)
            return solve_exact(matrix)  # type: ignore[arg-type]

        self._job = self.work.submit(MATRIX_CHANNEL, job, label="GOPS: a matrix game")
        other = self._running
        if other is not None and other[0] != self._job:  # review 31b, C4: said, not silent
            what = other[1].removeprefix("GOPS: ")
            what = what[:1].lower() + what[1:]  # "Solving GOPS, N = 6": "solving GOPS, …"
            self.status.setText(f"Solving waits for {what} to finish (stop it to go on now) …")
        else:
            self.status.setText("Solving …")

    def _on_started(self, job: int, _channel: str, label: str) -> None:
        self._running = (job, label)
        if job == self._job:
            self.status.setText("Solving …")

    def _on_ended(self, job: int, *_rest: object) -> None:
        if self._running is not None and self._running[0] == job:
            self._running = None

    def _catch_up(self) -> None:
        if self._wanted is not None:
            self.solve()

    def _on_finished(self, job: int, channel: str, _tag: object, result: object) -> None:
        if job != self._job or channel != MATRIX_CHANNEL:
            return
        self._job, self._wanted = None, None
        assert isinstance(result, ExactSolution)
        self.show_solution(result, self._asked)

    def _on_failed(self, job: int, channel: str, _tag: object, message: str) -> None:
        if job == self._job and channel == MATRIX_CHANNEL:
            self._job, self._wanted = None, None
            self.status.setText("")
            self.error_label.setText(message)
            self.message.emit(message)

    def _on_cancelled(self, job: int, _channel: str) -> None:
        if job == self._job:
            self._job = None
            self.status.setText("Stopped.")

    def show_solution(self, s: ExactSolution, m: list[list[object]] | None = None) -> None:
        self.solution = s
        self._solved = m
        self.status.setText("")
        self.value_label.setText(
            f"Value (for the rows): <b>{_text(s.value)}</b> ≈ {float(s.value):.6f}".replace(
                "-", "−"
            )
        )
        for t, probs, who in ((self.row_table, s.row, "row"), (self.col_table, s.col, "column")):
            t.setRowCount(len(probs))
            t.setVerticalHeaderLabels([f"{who} {k + 1}" for k in range(len(probs))])
            for k, p in enumerate(probs):
                for col, text in ((0, _text(p)), (1, f"{float(p):.6f}")):
                    item = QTableWidgetItem(text)
                    item.setTextAlignment(
                        Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
                    )
                    t.setItem(k, col, item)
        self._mark_stale(self.check())
