"""The values worksheet, in a dock of the trick workspace (issue 28; CGSuite's worksheet as the
anchor): deals typed or dropped into rows (a suit dragged from the inspector's tree or the
single-suit list, :mod:`~whistgui.ui.trick.worksheet_drops`; or the table's deal added), each
added row one step of the worksheet's undo, each with its value and what the value is in
words, the sum of the rows, and two rows compared in the order of states (R44 §7.2) with their
witnesses z — each solved exactly, each opening in the table as the deal D + z.

The rows are valued and the comparison made in the background (:class:`~whistgui.ui.
engine_service.ViewWork`: only while the worksheet is shown); the worksheet's own state is the
model's texts, which the user edits — it does not follow the deal on the table, it reads it
when asked (:attr:`WorksheetView.add_table_button`).

It values deals in two-person whist and says so in its heading; while the table's game is
another it says that too, and a witness opens in the table as a whist deal. A comparison holds
while its two rows are the ones selected: another selection greys it out (select the two again
to see it), an edit or a removal of either row ends it."""

from __future__ import annotations

import contextlib
from collections.abc import Sequence
from typing import Any, ClassVar, Final

from PySide6.QtCore import (
    QEvent,
    QModelIndex,
    QPersistentModelIndex,
    QSize,
    Qt,
    QTimer,
    Signal,
)
from PySide6.QtGui import (
    QDragEnterEvent,
    QDragMoveEvent,
    QDropEvent,
    QKeyEvent,
    QKeySequence,
    QResizeEvent,
    QShortcut,
    QUndoCommand,
    QUndoStack,
)
from PySide6.QtWidgets import (
    QAbstractItemView,
    QFrame,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QListWidget,
    QPushButton,
    QScrollArea,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from whistgui.app.worksheet import (
    CHI_WORDS,
    RELATION_WORDS,
    VALUES_TITLE,
    WorksheetRow,
    compare_refusal,
    compare_rows,
    game_note,
    sum_text,
    witness_deal,
    witness_text,
    worksheet_rows,
)
from whistgui.engine.games.whist.compare import Comparer, Comparison
from whistgui.engine.games.whist.evaluator import Evaluator
from whistgui.ui.engine_service import EngineService, JobContext, ViewWork
from whistgui.ui.theme import colour, notifier, text_role
from whistgui.ui.trick.session import Session
from whistgui.ui.trick.worksheet_drops import dropped_deal
from whistgui.ui.trick.worksheet_model import COL_DEAL, COL_KIND, COL_VALUE, WorksheetModel
from whistgui.ui.widgets.elided import ElidedLabel
from whistgui.ui.widgets.messages import for_display

__all__ = ["COMPARE_CHANNEL", "VALUES_CHANNEL", "WorksheetView"]

#: How long a comparison landed keeps the dock scrolled to it as the scroll range grows.
_SIGHT_MS = 400

VALUES_CHANNEL: Final = "worksheet-values"
COMPARE_CHANNEL: Final = "worksheet-compare"

#: The rows a new worksheet starts with: R44's examples of the order (§7.3, §19, (21)).
START_ROWS: Final = ("K/A", "A/K", "AQ9/KJT", "AQJ/KT9", "K/A A/K", "KJ/AQ KJ/AQ")
#: What the worksheet says while its rows are those examples.
EXAMPLES_NOTE: Final = (
    "The rows are examples from R44 (§7.3, §19, (21)): Clear Rows to start afresh"
)
#: The entry's placeholder: what to type.
PLACEHOLDER: Final = "A deal, e.g. AQ/KJ K/A or [A Q, K J] + [K, A], then Enter"
#: The most witnesses a comparison has (one each way), the rows its list is sized for.
WITNESS_ROWS: Final = 2


def _witnesses_said(c: Comparison) -> str:
    """What the witnesses of ``c`` are: solved exactly, or rounded from the values."""
    if all(w.verified for w in c.witnesses):
        return "Witnesses, solved exactly"
    past = [side for k, side in enumerate("DE") if not all(w.searched[k] for w in c.witnesses)]
    if len(past) == 2:
        return (
            "Witnesses, their χ rounded from the values (R44 Theorem 12.1): D + z and E + z "
            "are past exact search, so they are not verified"
        )
    ok = "E" if past == ["D"] else "D"
    return (
        f"Witnesses: χ({ok} + z) solved exactly; χ({past[0]} + z) rounded from the values "
        f"(R44 Theorem 12.1), {past[0]} + z being past exact search, so not verified"
    )


class _AddRows(QUndoCommand):
    """Rows added at the end (typed, the table's deal, the examples, dropped): undone, they go;
    redone, they come back with their values."""

    def __init__(self, model: WorksheetModel, texts: list[str], text: str) -> None:
        super().__init__(text)
        self.model = model
        self.texts = texts
        self.first = model.rowCount()
        self.taken: list[tuple[int, WorksheetRow, bool]] | None = None

    def redo(self) -> None:
        if self.taken is None:
            self.model.add_all(self.texts)
        else:
            self.model.put_back(self.taken)

    def undo(self) -> None:
        rows = list(range(self.first, self.first + len(self.texts)))
        self.taken = self.model.taken(rows)
        self.model.remove(rows)


class _RemoveRows(QUndoCommand):
    """Rows removed (Remove Rows, Clear Rows): undone, they come back in their places with
    their values."""

    def __init__(self, model: WorksheetModel, rows: list[int], text: str) -> None:
        super().__init__(text)
        self.model = model
        self.rows = rows
        self.taken = model.taken(rows)

    def redo(self) -> None:
        self.model.remove([i for i, _row, _valued in self.taken])

    def undo(self) -> None:
        self.model.put_back(self.taken)


class WorksheetView(QWidget):
    """Rows of deals with their values, their sum, and two rows compared. ``dealOpened``
    hands a witness's deal D + z (or E + z) to the workspace, which opens it in the table,
    with its name ("D + z" or "E + z") for the undo step."""

    dealOpened = Signal(object, str)  # Deal, "D + z" or "E + z"
    #: what the worksheet did, for the window's status bar (text, milliseconds)
    message = Signal(str, int)

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
        #: where the rows compared are in the model (they move as rows above them go)
        self._compared_at: tuple[QPersistentModelIndex, QPersistentModelIndex] | None = None
        self.model = WorksheetModel(self)
        self._relation_room = 0  # the comparison's words' height, shown: kept when greyed
        #: rows added, removed and cleared, undone by :attr:`undo_button` and Ctrl+Z in the
        #: worksheet (the worksheet is not the document: Edit ▸ Undo stays the deal's)
        self.undo_stack = QUndoStack(self)
        self.setAcceptDrops(True)  # a suit dragged in is a row (worksheet_drops)
        #: a comparison ended by a change to its rows: it comes back if they do (an Undo)
        self._ended: tuple[WorksheetRow, WorksheetRow, Comparison] | None = None
        self._open_tips = ("", "")  # the open buttons' tooltips (set with the game)

        self.title = QLabel(f"<b>{VALUES_TITLE}</b>", self)
        self.title.setObjectName("worksheetTitle")
        self.game_label = self._label("worksheetGame", "warning", wrap=True)
        self.examples_label = self._label("worksheetExamples", "muted", wrap=True)
        self.examples_label.setText(EXAMPLES_NOTE)
        self.drop_label = self._label("worksheetDropRefusal", "error", wrap=True)
        self.drop_label.setTextFormat(Qt.TextFormat.PlainText)
        self.drop_label.hide()
        self.entry = QLineEdit(self)
        self.entry.setObjectName("worksheetEntry")
        self.entry.setPlaceholderText(PLACEHOLDER)
        self.add_button = self._button("&Add", "Add the deal typed as a row", self._add_typed)
        self.add_table_button = self._button(
            "Add the &Table's Deal", "Add the deal on the table as a row", self._add_table
        )
        self.remove_button = self._button(
            "&Remove Rows", "Remove the selected rows", self._remove_selected
        )
        self.clear_button = self._button("Clear Ro&ws", "Remove every row", self.clear_rows)
        self.examples_button = self._button(
            "Exam&ples", "Fill the worksheet with R44's examples of the order", self._examples
        )
        self.undo_button = self._button(
            "&Undo", "Undo the last change to the rows (Ctrl+Z in them)", self.undo_stack.undo
        )
        self.undo_stack.undoTextChanged.connect(
            lambda text: self.undo_button.setText(f"&Undo {text}" if text else "&Undo")
        )
        # to the button itself: the stack goes first when the worksheet does, and says so
        self.undo_stack.canUndoChanged.connect(self.undo_button.setVisible)
        self.undo_button.setVisible(False)
        self.entry.returnPressed.connect(self._add_typed)

        self.view = QTableView(self)
        self.view.setObjectName("worksheetTable")
        self.view.setModel(self.model)
        self.view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.view.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        self.view.setWordWrap(False)
        # Tab leaves the rows, as it leaves a list: from cell to cell it collapsed a two-row
        # selection, and the comparison with it
        self.view.setTabKeyNavigation(False)
        # by pixel: by row, the last row stayed cut at the bottom, scrolled as far as it goes
        self.view.setVerticalScrollMode(QAbstractItemView.ScrollMode.ScrollPerPixel)
        header = self.view.horizontalHeader()
        header.setSectionResizeMode(COL_DEAL, QHeaderView.ResizeMode.Interactive)
        header.setSectionResizeMode(COL_VALUE, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(COL_KIND, QHeaderView.ResizeMode.Stretch)
        header.resizeSection(COL_DEAL, 160)
        rows = self.view.verticalHeader()
        rows.setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        rows.setDefaultSectionSize(self.fontMetrics().height() + 6)
        # three rows at the least: the list, not the panel, takes the dock's height
        self.view.setMinimumHeight(header.sizeHint().height() + 3 * rows.defaultSectionSize() + 4)

        # one line, elided (whole in its tooltip): wrapped, a long sum overlapped the rows
        # in a short dock
        self.sum_label = ElidedLabel(1, self)
        self.sum_label.setObjectName("worksheetSum")
        self.sum_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.compare_button = self._button(
            "&Compare the Two Selected Rows",
            "D is the upper row, E the lower: their relation in the order of states, and a "
            "deal z for every difference, solved exactly",
            self._compare_selected,
        )
        # one line, elided (whole in its tooltip): a long refusal never widens the window
        self.compare_why = ElidedLabel(1, self)
        self.compare_why.setObjectName("worksheetCompareWhy")
        text_role(self.compare_why, "muted")
        self.relation_label = self._label("worksheetRelation", None, wrap=True)
        self.relation_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.error_label = self._label("worksheetError", "error", wrap=True)
        self.witnesses = QListWidget(self)
        self.witnesses.setObjectName("worksheetWitnesses")
        self.witnesses.setToolTip(f"{CHI_WORDS}; double-click a witness to open D + z in the table")
        self.witnesses.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        line = self.witnesses.fontMetrics().height() + 4
        self.witnesses.setFixedHeight(WITNESS_ROWS * line + 2 * self.witnesses.frameWidth() + 2)
        self.open_button = self._button(
            "&Open D + z in the Table", "Open D with the chosen witness z added", self._open_d
        )
        self.open_e_button = self._button(
            "Open E + &z in the Table", "Open E with the chosen witness z added", self._open_e
        )
        self.witnesses.itemDoubleClicked.connect(lambda _item: self._open_d())
        self.witnesses.currentRowChanged.connect(lambda _row: self._enable())

        self._lay_out()
        self._keys()
        self.model.textsEdited.connect(lambda _texts: self._value_rows())
        self.model.textsEdited.connect(lambda _texts: self._rows_changed())
        self.model.rowsInserted.connect(self._scroll_to_new)
        self.model.rowsRemoved.connect(lambda *_: self._show_comparison())
        self.model.dataChanged.connect(lambda *_: self._show_comparison())
        self.view.selectionModel().selectionChanged.connect(lambda *_: self._show_comparison())
        session.gameChanged.connect(self._show_game)
        engine.finished.connect(self._on_finished)
        engine.failed.connect(self._on_failed)
        engine.cancelled.connect(self._on_cancelled)
        self.model.add_all(list(START_ROWS))  # where it starts: nothing to undo
        self._show_game(session.game)
        self._show_comparison()
        self._mark_focus()
        notifier().changed.connect(self._mark_focus)

    def minimumSizeHint(self) -> QSize:
        """At the least as tall as its wrapped words need at its width: without, a two-line
        comparison was given one line's room in a short dock, and the sum line was drawn over
        the last row."""
        hint = super().minimumSizeHint()
        lay = self.layout()
        if lay is not None and lay.hasHeightForWidth() and self.width() > 0:
            hint.setHeight(max(hint.height(), lay.totalMinimumHeightForWidth(self.width())))
        return hint

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        if event.size().width() != event.oldSize().width():
            self.updateGeometry()  # the wrapped words' height follows the width

    def _mark_focus(self, _theme: str = "") -> None:
        """The rows framed in the theme's focus ring while they have the keyboard."""
        ring = colour("focus_ring").name()
        self.view.setStyleSheet(f"QTableView#worksheetTable:focus {{ border: 2px solid {ring}; }}")

    def _keys(self) -> None:
        """Delete in the rows removes the selected ones (undone by the worksheet's Undo; its
        undo keys are in :meth:`event`)."""
        delete = QShortcut(QKeySequence(QKeySequence.StandardKey.Delete), self.view)
        delete.setContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        delete.activated.connect(self._remove_selected)

    #: the worksheet's own undo and redo keys (the main window's Edit ▸ Undo has Ctrl+Z: two
    #: shortcuts were ambiguous, so these are taken before any shortcut, in :meth:`event`)
    UNDO_KEYS: ClassVar[tuple[tuple[str, str], ...]] = (
        ("Ctrl+Z", "undo"),
        ("Ctrl+Shift+Z", "redo"),
        ("Ctrl+Y", "redo"),
    )

    def _undo_key(self, event: QEvent) -> str | None:
        if not isinstance(event, QKeyEvent):
            return None
        pressed = QKeySequence(event.keyCombination())
        for key, what in self.UNDO_KEYS:
            if pressed.matches(QKeySequence(key)) == QKeySequence.SequenceMatch.ExactMatch:
                return what
        return None

    def event(self, event: QEvent) -> bool:
        """Ctrl+Z, Ctrl+Shift+Z and Ctrl+Y with the focus in the worksheet (and not taken by
        the entry's own undo): claimed before the window's shortcuts, then acted on — on the
        worksheet's rows only: with nothing to undo the status bar says so, and the deal's
        history (the window's Edit ▸ Undo) is never reached from here."""
        kind = event.type()
        if kind in (QEvent.Type.ShortcutOverride, QEvent.Type.KeyPress):
            what = self._undo_key(event)
            if what is not None:
                event.accept()
                if kind == QEvent.Type.KeyPress:
                    can = {"undo": self.undo_stack.canUndo, "redo": self.undo_stack.canRedo}
                    if can[what]():
                        getattr(self.undo_stack, what)()
                    else:
                        self.message.emit(f"Nothing to {what} in the worksheet", 3000)
                return True
        return super().event(event)

    def _button(self, text: str, tip: str, slot: Any) -> QPushButton:
        b = QPushButton(text, self)
        b.setToolTip(tip)
        b.clicked.connect(slot)
        return b

    def _label(self, name: str, role: str | None, *, wrap: bool = False) -> QLabel:
        label = QLabel(self)
        label.setObjectName(name)
        label.setWordWrap(wrap)
        if role is not None:
            text_role(label, role)
        return label

    def _lay_out(self) -> None:
        """The rows take the height; the comparison below them is as tall as what it says
        (two witnesses at most, one each way)."""
        heading = QHBoxLayout()
        heading.setContentsMargins(0, 0, 0, 0)
        heading.addWidget(self.title)
        heading.addWidget(self.game_label, 1)
        entry_row = QHBoxLayout()
        entry_row.setContentsMargins(0, 0, 0, 0)
        entry_row.addWidget(self.entry, 1)
        entry_row.addWidget(self.add_button)
        entry_row.addWidget(self.add_table_button)
        rows_buttons = QHBoxLayout()
        rows_buttons.setContentsMargins(0, 0, 0, 0)
        for b in (self.remove_button, self.clear_button, self.examples_button, self.undo_button):
            rows_buttons.addWidget(b)
        rows_buttons.addWidget(self.compare_button)
        rows_buttons.addWidget(self.compare_why, 1)
        open_row = QHBoxLayout()
        open_row.setContentsMargins(0, 0, 0, 0)
        open_row.addWidget(self.open_button)
        open_row.addWidget(self.open_e_button)
        open_row.addStretch(1)
        rule = QFrame(self)
        rule.setFrameShape(QFrame.Shape.HLine)
        rule.setFrameShadow(QFrame.Shadow.Plain)  # drawn in its text colour: a theme role
        rule.setObjectName("worksheetRule")
        text_role(rule, "muted")  # sunken, the dark theme drew it bright white
        lay = QVBoxLayout(self)
        lay.setContentsMargins(4, 4, 4, 4)
        lay.setSpacing(4)
        lay.addLayout(heading)
        lay.addWidget(self.examples_label)
        lay.addLayout(entry_row)
        lay.addWidget(self.drop_label)
        lay.addWidget(self.view, 1)
        lay.addWidget(self.sum_label)
        lay.addLayout(rows_buttons)
        lay.addWidget(rule)
        lay.addWidget(self.relation_label)
        lay.addWidget(self.error_label)
        lay.addWidget(self.witnesses)
        lay.addLayout(open_row)
        # Tab goes the way they sit on screen: the entry and its buttons, the rows, the
        # buttons under them, the comparison
        order: tuple[QWidget, ...] = (self.entry, self.add_button, self.add_table_button)
        order += (self.view, self.remove_button, self.clear_button, self.examples_button)
        order += (self.undo_button, self.compare_button, self.witnesses, self.open_button)
        for one, then in zip(order, (*order[1:], self.open_e_button), strict=True):
            QWidget.setTabOrder(one, then)

    # -- the game --------------------------------------------------------------------------
    def _show_game(self, game: str) -> None:
        """The heading says whose values these are; in a game not whist, that they are
        whist's, and opening a witness says it opens in whist."""
        note = game_note(game)
        self.game_label.setText(note or "")
        self.game_label.setVisible(note is not None)
        where = "in the Table" if note is None else "in the Table (as Whist)"
        self.open_button.setText(f"&Open D + z {where}")
        self.open_e_button.setText(f"Open E + &z {where}")
        switch = "" if note is None else "; the table's game becomes two-person whist (Undo: back)"
        self._open_tips = (
            f"Open D with the chosen witness z added{switch}",
            f"Open E with the chosen witness z added{switch}",
        )
        self.open_button.setToolTip(self._open_tips[0])
        self.open_e_button.setToolTip(self._open_tips[1])

    # -- the rows --------------------------------------------------------------------------
    def add_rows(self, texts: Sequence[str], what: str = "") -> None:
        """Rows of ``texts`` added at the end — every way of adding rows comes here: one undo
        step (Ctrl+Z in the worksheet), the new rows selected and scrolled into sight, and the
        status bar says what was added (``what``: whence, e.g. "the table's deal")."""
        self.drop_label.hide()
        texts = [t.strip() for t in texts if t.strip()]
        if not texts:
            return
        first = self.model.rowCount()
        n = len(texts)
        # the Undo button's words: a short row named, a longer one not (the button must not
        # widen the dock)
        one = texts[0] if len(texts[0]) <= 12 else "Row"
        step = f"Add {one}" if n == 1 else f"Add {n} Rows"
        self.undo_stack.push(_AddRows(self.model, texts, step))
        sel = self.view.selectionModel()
        sel.setCurrentIndex(self.model.index(first + n - 1, COL_DEAL), sel.SelectionFlag.NoUpdate)
        self.select_rows(list(range(first, first + n)))
        rows = f"row {first + 1}" if n == 1 else f"rows {first + 1}–{first + n}"
        said = f"{what}, " if what else ""
        shown = texts[0] if n == 1 else f"{texts[0]} … {texts[-1]}"
        self.message.emit(f"Worksheet: added {said}{shown}, as {rows}", 5000)

    def _add_typed(self) -> None:
        text = self.entry.text().strip()
        if text:
            self.add_rows([text])
            self.entry.clear()

    def _add_table(self) -> None:
        self.add_rows([str(self.session.document.deal)], "the table's deal")

    # -- drops -----------------------------------------------------------------------------
    def dragEnterEvent(self, event: QDragEnterEvent) -> None:
        """Any drag is let in: a deal is taken, anything else refused with its reason."""
        event.acceptProposedAction()

    def dragMoveEvent(self, event: QDragMoveEvent) -> None:
        event.acceptProposedAction()

    def dropEvent(self, event: QDropEvent) -> None:
        """A deal or suit dropped is a row (one undo step); anything else is refused, quoted,
        and nothing changes."""
        try:
            text = dropped_deal(event.mimeData())
        except ValueError as exc:
            self.refuse_drop(str(exc))
            event.ignore()
            return
        event.setDropAction(Qt.DropAction.CopyAction)
        event.accept()
        self.add_rows([text], "a dropped suit")

    def refuse_drop(self, reason: str) -> None:
        """Say why a drop was not taken, in the error role, under the entry."""
        self.drop_label.setText(f"Drop refused: {for_display(reason)}")
        self.drop_label.show()

    def _remove_selected(self) -> None:
        rows = self.selected_rows()
        if rows:
            n = len(rows)
            what = f"Remove {n} Row{'s' if n > 1 else ''}"
            self.undo_stack.push(_RemoveRows(self.model, rows, what))

    def clear_rows(self) -> None:
        """Every row removed (undone by :attr:`undo_button`; the examples come back with
        :attr:`examples_button`)."""
        n = self.model.rowCount()
        if n:
            self.undo_stack.push(_RemoveRows(self.model, list(range(n)), "Clear Rows"))

    def _examples(self) -> None:
        self.add_rows(list(START_ROWS), "R44's examples")

    def _rows_changed(self) -> None:
        """The rows changed (an edit, rows added or removed, an undo, a redo, Clear Rows):
        the message of an earlier attempt to compare or drop goes; a comparison that a change
        ended comes back when its two rows are back as they were (an Undo)."""
        self.error_label.setText("")
        self.drop_label.hide()
        ended, texts = self._ended, self.model.texts
        if ended is not None and self.compared is None and self._compare_job is None:
            d, e, _c = ended
            at_d = texts.index(d.text) if d.text in texts else -1
            at_e = [j for j, t in enumerate(texts) if t == e.text and j != at_d]
            if at_d >= 0 and at_e:
                self.compared, self._ended = ended, None
                self._compared_at = (
                    QPersistentModelIndex(self.model.index(at_d, COL_DEAL)),
                    QPersistentModelIndex(self.model.index(at_e[0], COL_DEAL)),
                )
                self.relation_label.setText("")
        self._show_comparison()

    def _scroll_to_new(self, _parent: QModelIndex, _first: int, last: int) -> None:
        """A row added at the end is scrolled into sight (once the view has its new height:
        at once, it scrolls short of the row)."""
        row = QPersistentModelIndex(self.model.index(last, COL_DEAL))
        QTimer.singleShot(
            0, self, lambda: self.view.scrollTo(self.model.index(row.row(), COL_DEAL))
        )

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
        else:
            self.sum_label.setText(sum_text([self.model.row(i) for i in range(n)]))
        self.examples_label.setVisible(self.model.texts == list(START_ROWS))

    # -- the comparison --------------------------------------------------------------------
    def _compare_selected(self) -> None:
        rows = self.selected_rows()
        if self.refusal() is not None:
            return
        d, e = self.model.row(rows[0]), self.model.row(rows[1])
        self.compared = self._ended = None
        self._compared_at = tuple(  # type: ignore[assignment]
            QPersistentModelIndex(self.model.index(i, COL_DEAL)) for i in rows
        )
        self.error_label.setText("")
        self.relation_label.setText(
            f"Comparing D = {d.text.strip()} with E = {e.text.strip()} (their values, and "
            "witnesses by exact search) …"
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

    def refusal(self) -> str | None:
        """Why the rows selected cannot be compared now (None: they can)."""
        if self._compare_job is not None:
            return "A comparison is being made"
        n = self.model.rowCount()
        rows = [self.model.row(i) if self.model.is_valued(i) else None for i in range(n)]
        return compare_refusal(self.selected_rows(), rows)

    def _compared_rows(self) -> list[int] | None:
        """Where the rows compared are now, if both are still there as they were compared;
        None if either was removed or edited since (the comparison is then over)."""
        if self.compared is None or self._compared_at is None:
            return None
        at = [i.row() for i in self._compared_at if i.isValid()]
        if len(at) != 2:
            return None
        d, e, _c = self.compared
        if [self.model.row(at[0]).text, self.model.row(at[1]).text] != [d.text, e.text]:
            return None
        return at

    def is_current(self) -> bool:
        """Is a comparison shown for the two rows selected?"""
        at = self._compared_rows()
        return at is not None and sorted(at) == self.selected_rows()

    def _show_comparison(self) -> None:
        if self.witnesses.isVisible():  # the room the comparison's words had, kept greyed
            self._relation_room = self.relation_label.height()
        self.witnesses.clear()
        if self.compared is not None and self._compared_rows() is None:
            d, e, _c = self.compared  # a row compared was edited or removed: it is over
            self._ended = self.compared
            self.compared = None
            self._compared_at = None
            self.error_label.setText("")
            self.relation_label.setText(
                f"The rows compared ({d.text.strip()} and {e.text.strip()}) were changed or "
                "removed: select two rows and Compare again."
            )
        elif (
            self.compared is None
            and self._compare_job is None
            and not self.error_label.text()
            and not self.relation_label.text().startswith("The rows compared")
        ):
            self.relation_label.setText(
                "No comparison yet: select two rows and Compare — D is the upper, E the lower."
            )
        elif self.compared is None:
            pass
        elif not self.is_current():
            d, e, _c = self.compared
            at = self._compared_rows() or [0, 0]
            self.relation_label.setText(
                f"Compared: rows {at[0] + 1} and {at[1] + 1}, {d.text.strip()} and "
                f"{e.text.strip()} — select those two to see it again, or two others and "
                "Compare."
            )
        else:
            d, e, c = self.compared
            x, y = c.values
            self.relation_label.setText(
                f"D = {d.text.strip()} ({x.pretty()}), E = {e.text.strip()} ({y.pretty()}). "
                f"{RELATION_WORDS[c.relation]}"
                + (f". {_witnesses_said(c)}; {CHI_WORDS}:" if c.witnesses else ".")
                + (f" ({c.note}.)" if c.note else "")
            )
            for w in c.witnesses:
                self.witnesses.addItem(witness_text(w))
            if c.witnesses:
                self.witnesses.setCurrentRow(0)
        self._enable()

    def _open_d(self) -> None:
        self._open_witness(0)

    def _open_e(self) -> None:
        self._open_witness(1)

    def _open_witness(self, side: int) -> None:
        """The chosen witness added to D (``side`` 0) or E (1), opened in the table."""
        k = self.witnesses.currentRow()
        if self.compared is None or not self.is_current():
            return
        d, e, c = self.compared
        deal = (d, e)[side].deal
        if 0 <= k < len(c.witnesses) and deal is not None:
            self.dealOpened.emit(witness_deal(deal, c.witnesses[k]), f"{'DE'[side]} + z")

    def _enable(self) -> None:
        rows = self.selected_rows()
        n = self.model.rowCount()
        self.remove_button.setEnabled(bool(rows))
        self.clear_button.setEnabled(n > 0)
        self.examples_button.setVisible(n == 0)
        why = self.refusal()
        self.compare_button.setEnabled(why is None)
        self.compare_why.setText(why or "")
        self.compare_why.setToolTip(why or "")
        self.error_label.setVisible(bool(self.error_label.text()))
        witnessed = self.compared is not None and bool(self.compared[2].witnesses)
        shown = self.is_current() and witnessed
        # greyed by another selection, the comparison keeps its room: the buttons above it
        # moved ~70 px down as the witnesses went (and back with them)
        for w in (self.witnesses, self.open_button, self.open_e_button):
            policy = w.sizePolicy()
            policy.setRetainSizeWhenHidden(witnessed)
            w.setSizePolicy(policy)
        self.relation_label.setMinimumHeight(self._relation_room if witnessed and not shown else 0)
        self.witnesses.setVisible(shown)
        k = self.witnesses.currentRow()
        searched = (
            self.compared[2].witnesses[k].searched
            if shown and self.compared is not None and 0 <= k < len(self.compared[2].witnesses)
            else (True, True)
        )
        # a side past exact search would ask the table for a search it can't do: decided side
        # by side (a small D + z opens beside an E + z of 19 cards a hand)
        for side, b in enumerate((self.open_button, self.open_e_button)):
            b.setVisible(shown)
            b.setEnabled(k >= 0 and searched[side])
            b.setToolTip(
                self._open_tips[side]
                if searched[side]
                else f"{'DE'[side]} + z is past exact search: its χ is rounded from the values"
            )

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
            else:
                self._compared_at = None
            self._show_comparison()
            QTimer.singleShot(0, self._comparison_into_sight)

    def _compared_into_sight(self) -> None:
        """The rows compared scrolled into the list's sight, the upper one whole (in a short
        dock the list has a few rows, and a comparison had them scrolled away)."""
        at = self._compared_rows()
        if at is None:
            return
        hint = QAbstractItemView.ScrollHint.EnsureVisible
        for i in sorted(at, reverse=True):  # the lower first: the upper wins if not both fit
            self.view.scrollTo(self.model.index(i, COL_DEAL), hint)

    def _comparison_into_sight(self) -> None:
        """A comparison landed: the dock scrolled (a short window's worksheet scrolls) so its
        words, witnesses and open buttons are in sight — again as the scroll range grows to
        take them (it grows after the layout does), for a moment; and the rows compared in
        the list's sight."""
        self._compared_into_sight()
        scroller = self.parentWidget()
        while scroller is not None and not isinstance(scroller, QScrollArea):
            scroller = scroller.parentWidget()
        if scroller is None:
            return
        area: QScrollArea = scroller
        bar = area.verticalScrollBar()

        def ensure(*_args: object) -> None:
            self._compared_into_sight()
            last = self.open_e_button if self.open_e_button.isVisible() else self.relation_label
            area.ensureWidgetVisible(last, 0, 4)
            area.ensureWidgetVisible(self.relation_label, 0, 4)

        def later(*_args: object) -> None:  # the range first, the panel's geometry after
            QTimer.singleShot(0, self, ensure)

        def done() -> None:
            with contextlib.suppress(RuntimeError, TypeError):
                bar.rangeChanged.disconnect(later)

        ensure()
        bar.rangeChanged.connect(later)
        QTimer.singleShot(_SIGHT_MS, done)

    def _on_failed(self, job: int, channel: str, _tag: object, message: str) -> None:
        if channel == VALUES_CHANNEL and job == self._values_job:
            self._values_job = None
            self.sum_label.setText(f"The values could not be computed: {for_display(message)}")
        elif channel == COMPARE_CHANNEL and job == self._compare_job:
            self._compare_job = None
            self.work.keep = False
            self.compared = None
            self._compared_at = None
            self.relation_label.setText("")
            self.error_label.setText(for_display(message))
            self._show_comparison()

    def _on_cancelled(self, job: int, channel: str) -> None:
        if channel == COMPARE_CHANNEL and job == self._compare_job:
            self._compare_job = None
            self.work.keep = False
            self.compared = None
            self._compared_at = None
            self.relation_label.setText("The comparison was stopped.")
            self._enable()
