"""The heaps workspace's side panel: whose turn it is (and the flag), the outcome by exact search
beside the one the game's theory predicts (a loud line if they differ), each component's
element and the sum's in the paper's symbols, every legal move with its mark, and the moves
played. It shows what it is given (:meth:`HeapsPanel.show_document`, :meth:`~HeapsPanel.
show_analysis`, …) and asks for changes by signals; it never changes the session."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import Final

from PySide6.QtCore import (
    QEvent,
    QModelIndex,
    QPersistentModelIndex,
    QRect,
    QSize,
    Qt,
    Signal,
)
from PySide6.QtGui import QBrush, QFont, QFontMetrics, QKeyEvent
from PySide6.QtWidgets import (
    QComboBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QListWidget,
    QPushButton,
    QSplitter,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QTabWidget,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from whistgui.app.heaps import (
    Analysis,
    HeapsDocument,
    TheoryView,
    end_reason,
    mark_text,
    over_words,
    player_name,
    result_words,
)
from whistgui.engine.heaps.rules import Move, Player, ResultKind
from whistgui.ui.heaps.hats import HattedText
from whistgui.ui.theme import colour, contrasting_text, is_theme_change, notifier, text_role
from whistgui.ui.widgets.messages import for_display

__all__ = ["GROUPS_TIP", "MOVE", "RESULT", "SAME_POSITION_TIP", "HeapsPanel", "MoveTree"]

#: The moves list's columns.
MOVE: Final = 0
RESULT: Final = 1


#: How the list lists a move that can name several flags (comply/constrain's constraint).
GROUPS_TIP: Final = (
    "A take that can be played naming several flags (comply/constrain: the sizes the "
    "opponent may not take next) is listed once, with its best flag — by the search, by the "
    "theory until the search's come — and ▸ opens the others, each played as it reads. Only "
    "sizes up to the largest heap left are named: a larger one forbids nothing, and naming "
    "fewer is never better."
)

#: How the list lists moves that reach the same position with no flag to tell them apart.
SAME_POSITION_TIP: Final = (
    "Moves that reach the same position (End-nim: emptying either end of a row of two equal "
    "heaps) are listed once, the first under the rules' order, and ▸ opens the others; each "
    "row plays the move it names."
)


class _WrappedLabels(QStyledItemDelegate):
    """A move's label wrapped at the column's width, its row as tall as that takes (a tree
    view wraps text only as tall as its delegate says)."""

    def __init__(self, tree: QTreeWidget) -> None:
        super().__init__(tree)
        self._tree = tree

    def sizeHint(
        self, option: QStyleOptionViewItem, index: QModelIndex | QPersistentModelIndex
    ) -> QSize:
        size = super().sizeHint(option, index)
        depth = 0
        parent = index.parent()
        while parent.isValid():
            depth, parent = depth + 1, parent.parent()
        indent = self._tree.indentation() * (depth + int(self._tree.rootIsDecorated()))
        width = self._tree.header().sectionSize(index.column()) - indent - 8
        text = str(index.data(Qt.ItemDataRole.DisplayRole) or "")
        room = QRect(0, 0, max(40, width), 100_000)
        flags = int(Qt.TextFlag.TextWordWrap)
        font = index.data(Qt.ItemDataRole.FontRole)  # a best row's bold
        metrics = QFontMetrics(font) if isinstance(font, QFont) else option.fontMetrics
        needed = metrics.boundingRect(room, flags, text).height() + 4
        return QSize(size.width(), max(size.height(), needed))


class MoveTree(QTreeWidget):
    """Every legal move with its mark; Enter or a double click plays the current one. A take
    that can name several flags is one row, its best, with the others under it."""

    activated_move = Signal(object)  # Move

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("heapsMoves")
        self.setColumnCount(2)
        self.setHeaderLabels(["Move", "After it"])
        self.setRootIsDecorated(False)
        self.setUniformRowHeights(False)
        self.setWordWrap(True)  # a long label whole, never cut: each row plays what it says
        self.setAlternatingRowColors(False)
        head = self.header()
        head.setStretchLastSection(False)
        head.setSectionResizeMode(MOVE, QHeaderView.ResizeMode.Stretch)
        head.setSectionResizeMode(RESULT, QHeaderView.ResizeMode.ResizeToContents)
        self.setItemDelegateForColumn(MOVE, _WrappedLabels(self))
        head.sectionResized.connect(lambda *_a: self.scheduleDelayedItemsLayout())
        self.itemDoubleClicked.connect(lambda item, _c: self._play(item))

    def _play(self, item: QTreeWidgetItem | None) -> None:
        move = item.data(MOVE, Qt.ItemDataRole.UserRole) if item is not None else None
        if isinstance(move, Move):
            self.activated_move.emit(move)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            self._play(self.currentItem())
            event.accept()
            return
        super().keyPressEvent(event)

    def items(self) -> list[QTreeWidgetItem]:
        """Every row, each take's others after it."""
        out = []
        for k in range(self.topLevelItemCount()):
            item = self.topLevelItem(k)
            if item is not None:
                out.append(item)
                out += [item.child(c) for c in range(item.childCount())]
        return out

    def moves(self) -> list[Move]:
        """The moves listed, in the rows' order."""
        out = []
        for item in self.items():
            move = item.data(MOVE, Qt.ItemDataRole.UserRole)
            if isinstance(move, Move):
                out.append(move)
        return out

    def row_of(self, move: Move) -> QTreeWidgetItem | None:
        for item in self.items():
            if item.data(MOVE, Qt.ItemDataRole.UserRole) == move:
                return item
        return None


class HeapsPanel(QWidget):
    """Turn, outcome, theory, moves and history of the position shown."""

    moveChosen = Signal(object)  # Move: play it
    moverChosen = Signal(object)  # Player: set the position up with them to move
    flagChosen = Signal(str)  # a start flag's name
    cancelRequested = Signal()
    searchRequested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("heapsPanel")
        self._doc: HeapsDocument | None = None
        self._theory: TheoryView | None = None
        self._analysis: Analysis | None = None
        self._theory_marks: dict[Move, Fraction] | None = None
        #: the search of the position shown ended without marks (gave up, failed, stopped)
        self.search_over = False
        self._moves: tuple[Move, ...] = ()
        self._complete = True

        # whose turn, the flag
        self.turn = QLabel(self)
        self.turn.setObjectName("heapsTurn")
        bold = QFont(self.turn.font())
        bold.setBold(True)
        self.turn.setFont(bold)
        self.turn.setWordWrap(True)
        self.mover = QComboBox(self)
        self.mover.setObjectName("heapsMover")
        self.mover.setToolTip("Who moves from the position now (an edit: the moves go)")
        self.mover.activated.connect(self._on_mover)
        self.flag = QComboBox(self)
        self.flag.setObjectName("heapsFlag")
        self.flag.setToolTip(
            "The flag of §3 the position starts under (comply/constrain: the sizes the player "
            "to move may not take)"
        )
        self.flag.activated.connect(lambda _i: self.flagChosen.emit(self.flag.currentData()))
        self.form = QFormLayout()
        self.form.setContentsMargins(0, 0, 0, 0)
        self.mover_label = QLabel("&To move:", self)
        self.mover_label.setBuddy(self.mover)
        self.flag_label = QLabel("Start f&lag:", self)
        self.flag_label.setBuddy(self.flag)
        self.form.addRow(self.mover_label, self.mover)
        self.form.addRow(self.flag_label, self.flag)

        # outcome: search and theory
        self.outcome = QGroupBox("Outcome", self)
        self.search_line = QLabel(self.outcome)
        self.search_line.setObjectName("heapsSearchOutcome")
        self.theory_line = QLabel(self.outcome)
        self.theory_line.setObjectName("heapsTheoryOutcome")
        self.alarm = QLabel(self.outcome)
        self.alarm.setObjectName("heapsMismatch")
        self.alarm.setWordWrap(True)
        self.alarm.hide()
        notifier().changed.connect(self._paint_alarm)
        for w in (self.search_line, self.theory_line):
            w.setWordWrap(True)
            w.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        # how a game over's result is made up (refined hackenbush: who pays the quarter)
        self.end_note = QLabel(self.outcome)
        self.end_note.setObjectName("heapsEndNote")
        self.end_note.setWordWrap(True)
        text_role(self.end_note, "muted")
        self.end_note.hide()
        box = QVBoxLayout(self.outcome)
        box.addWidget(self.search_line)
        box.addWidget(self.theory_line)
        box.addWidget(self.end_note)
        box.addWidget(self.alarm)

        # elements
        self.elements = QGroupBox("Elements", self)
        # drawn, not a QLabel: misère nim's hats over their digits (ui/heaps/hats.py)
        self.elements_text = HattedText(self.elements)
        self.elements_text.setObjectName("heapsElements")
        lay = QVBoxLayout(self.elements)
        lay.addWidget(self.elements_text)

        # moves, with the search's progress and cancel
        self.moves_label = QLabel("&Moves", self)
        self.moves_label.setWordWrap(True)  # a long count wraps, never widens the panel
        self.tree = MoveTree(self)
        self.moves_label.setBuddy(self.tree)
        self.tree.activated_move.connect(self.moveChosen)
        self.progress = QLabel(self)
        self.progress.setObjectName("heapsProgress")
        self.progress.setWordWrap(True)
        text_role(self.progress, "muted")
        self.cancel = QPushButton("Cancel", self)
        self.cancel.setObjectName("heapsCancel")
        self.cancel.setToolTip("Stop the search (the marks come when it is done)")
        self.cancel.clicked.connect(self.cancelRequested)
        self.again = QPushButton("Search", self)
        self.again.setObjectName("heapsSearch")
        self.again.setToolTip("Search the position again (after a Cancel)")
        self.again.clicked.connect(self.searchRequested)
        row = QHBoxLayout()
        row.addWidget(self.progress, 1)
        row.addWidget(self.cancel)
        row.addWidget(self.again)

        self.history_label = QLabel("Played", self)
        self.history = QListWidget(self)
        self.history.setObjectName("heapsHistory")
        self.history.setMinimumHeight(40)
        self.history.setWordWrap(True)  # a long position wraps rather than scroll sideways
        self.history.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)

        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 6, 6, 6)
        layout.addWidget(self.turn)
        layout.addLayout(self.form)
        layout.addWidget(self.outcome)
        layout.addWidget(self.elements)
        # the moves above the moves played, the line between them movable
        moves = QWidget(self)
        lay_moves = QVBoxLayout(moves)
        lay_moves.setContentsMargins(0, 0, 0, 0)
        lay_moves.addWidget(self.moves_label)
        lay_moves.addWidget(self.tree, 1)
        lay_moves.addLayout(row)
        played = QWidget(self)
        lay_played = QVBoxLayout(played)
        lay_played.setContentsMargins(0, 0, 0, 0)
        lay_played.addWidget(self.history_label)
        lay_played.addWidget(self.history, 1)
        self.lists = QSplitter(Qt.Orientation.Vertical, self)
        self.lists.setObjectName("heapsLists")
        self.lists.setChildrenCollapsible(False)
        self.lists.addWidget(moves)
        self.lists.addWidget(played)
        self.lists.setStretchFactor(0, 3)
        self.lists.setStretchFactor(1, 1)
        # the lists, and the views a game adds beside them (hackenbush: Beside whist) as tabs
        self.tabs = QTabWidget(self)
        self.tabs.setObjectName("heapsTabs")
        self.tabs.setDocumentMode(True)
        self.tabs.addTab(self.lists, "Moves")
        layout.addWidget(self.tabs, 1)
        self._show_tab_bar()
        self.set_progress("", busy=False)

    def add_tab(self, widget: QWidget, title: str, tip: str) -> None:
        """A tab beside the moves, hidden until :meth:`show_tab` shows it."""
        k = self.tabs.addTab(widget, title)
        self.tabs.setTabToolTip(k, tip)
        self.tabs.setTabVisible(k, False)
        self._show_tab_bar()

    def show_tab(self, widget: QWidget, shown: bool) -> None:
        """Show or hide ``widget``'s tab (the moves' tab, shown then, if it was current)."""
        k = self.tabs.indexOf(widget)
        if not shown and self.tabs.currentIndex() == k:
            self.tabs.setCurrentIndex(0)
        self.tabs.setTabVisible(k, shown)
        self._show_tab_bar()

    def _show_tab_bar(self) -> None:
        """The tab bar only when there is a tab beside the moves."""
        shown = sum(self.tabs.isTabVisible(k) for k in range(self.tabs.count()))
        self.tabs.tabBar().setVisible(shown > 1)

    # -- the document ----------------------------------------------------------------------
    def show_document(self, doc: HeapsDocument, theory: TheoryView | None) -> None:
        """Show ``doc`` (its turn, flag, moves unmarked, history) and what ``theory`` says;
        the search's lines wait for :meth:`show_analysis`."""
        self._doc = doc
        self._theory = theory
        self._analysis = None
        self._theory_marks = None
        self.search_over = False
        rules = doc.rules
        over = doc.end_result()
        who = player_name(rules, doc.mover)
        reason = end_reason(doc)
        said = over_words(rules, over, doc.mover) if over is not None else ""
        self.end_note.setText(f"Game over: {said} — {reason}" if reason else "")
        self.end_note.setVisible(bool(reason))
        if over is not None:
            self.turn.setText(f"Game over: {said}")
        elif rules.impartial:  # both have the same moves: no side to name
            self.turn.setText(f"Move {len(doc.steps) + 1}: the player to move")
        else:
            self.turn.setText(f"{who} ({doc.mover.name.title()}) to move")
        self.mover.clear()
        for p in Player:
            self.mover.addItem(player_name(rules, p), p)
        self.mover.setCurrentIndex(list(Player).index(doc.mover))
        # an impartial game's 'To move' changed nothing: not shown
        self.form.setRowVisible(self.mover_label, not rules.impartial)
        flags = doc.flags
        self.flag.clear()
        for name in flags:
            self.flag.addItem(name, name)
        self.flag.setCurrentIndex(max(0, flags.index(doc.start_flag)))
        has_flags = flags != ("",)
        self.form.setRowVisible(self.flag_label, has_flags)
        if has_flags:
            self.turn.setText(self.turn.text() + f" · flag {doc.flag_text()}")
        listed = doc.legal_moves()
        self._moves, self._complete = listed.moves, listed.complete
        self._fill_moves(None)
        self.search_line.setText("Search: …")
        self._show_theory()
        self.history.clear()
        mover0 = player_name(rules, doc.start_mover)
        flag0 = f", flag {doc.start_flag}" if has_flags else ""
        # as drawn when set up (the user's order, kept after a split)
        start = doc.start_shown
        if rules.impartial:
            self.history.addItem(f"Set up: {start}" + (f" ({flag0[2:]})" if flag0 else ""))
        else:
            self.history.addItem(f"Set up: {start} ({mover0} to move{flag0})")
        mover = doc.start_mover
        for k, label in enumerate(doc.history, 1):
            who_moved = "" if rules.impartial else f"{player_name(rules, mover)}: "
            self.history.addItem(f"{k}. {who_moved}{label}")
            mover = mover.other
        self.history.scrollToBottom()

    def _on_mover(self, index: int) -> None:
        player = self.mover.itemData(index)
        if isinstance(player, Player):
            self.moverChosen.emit(player)

    def show_theory(self, theory: TheoryView | None, note: str = "") -> None:
        """Show what ``theory`` says (a prediction that came after the document: the exact
        quotient's), or ``note`` on the theory's line where there is none yet."""
        self._theory = theory
        self._show_theory()
        if theory is None and note:
            self.theory_line.setText(note)

    def _show_theory(self) -> None:
        doc, view = self._doc, self._theory
        if doc is None:
            return
        if view is None:
            self.elements.setTitle("Elements")
            self.elements_text.set_paragraphs(
                [[("This game has no theory here: its outcomes are found by search only.", False)]]
            )
            self.elements_text.set_tip([])
            self.theory_line.setText("Theory: none (search only)")
            return
        self.elements.setTitle(
            "Elements (the exact quotient's classes)"
            if view.source
            else "Elements (the game's theory)"
        )
        self.elements_text.set_tip([[(view.title, False)]])
        parts: list[tuple[str, bool]] = []
        for c, e in view.components:
            if parts:
                parts.append((" \u00a0\u00a0 ", False))
            parts += [(f"{c}\u00a0↦\u00a0", False), (e, True)]
        # the sum said once: comply-constrain's meaning begins with it ('Sum: (*0, 2) —
        # (*0, 2): …'), as misère nim's does
        meaning = view.meaning
        if view.total and meaning.startswith(view.total):
            meaning = meaning[len(view.total) :].lstrip(":").lstrip()
        self.elements_text.set_paragraphs(
            [
                parts or [("(no components: the empty position)", False)],
                [("Sum: ", False), (view.total, True), (f" — {meaning}", False)],
            ]
        )
        source = f"{view.source}: " if view.source else ""
        self.theory_line.setText(
            f"Theory: {source}{result_words(doc.rules, view.predicted, doc.mover)}"
            + self._by_flag_text(view.by_flag)
        )
        self._check()

    def _by_flag_text(self, rows: Sequence[tuple[str, Fraction, Fraction]]) -> str:
        doc = self._doc
        if doc is None or [r[0] for r in rows] == [""]:
            return ""
        rules = doc.rules
        parts = []
        for name, lf, rf in rows:
            if rules.impartial:
                parts.append(f"{name}: {'N' if lf > 0 else 'P'}")
            else:
                parts.append(
                    f"{name}: {mark_text(rules, lf, Player.RIGHT)}/"
                    f"{mark_text(rules, rf, Player.LEFT)}"
                )
        return "; by start flag " + ", ".join(parts)

    # -- the search ------------------------------------------------------------------------
    def show_analysis(self, analysis: Analysis) -> None:
        """The search's outcome and every move's mark."""
        doc = self._doc
        if doc is None:
            return
        self._analysis = analysis
        rules = doc.rules
        rows = [(n, lf, rf) for n, (lf, rf) in analysis.outcome.by_flag.items()]
        self.search_line.setText(
            f"Search: {result_words(rules, analysis.result, doc.mover)}" + self._by_flag_text(rows)
        )
        self._fill_moves(analysis)
        self._check()

    def search_stopped(self, why: str) -> None:
        self.search_line.setText(f"Search: {why}")
        self.search_over = True  # the theory's marks say no search marks are to come
        if self._analysis is None:
            self._fill_moves(None)

    def search_running(self) -> None:
        """The search of the position shown is under way (again, after a Cancel)."""
        self.search_over = False
        self.search_line.setText("Search: searching … (its progress below)")

    def disagreement(self) -> str:
        """What the theory and the search disagree on ("" if nothing, or not both known)."""
        doc, view, a = self._doc, self._theory, self._analysis
        if doc is None or view is None or a is None:
            return ""
        rules = doc.rules
        if view.predicted != a.result:
            return (
                f"The theory and the search disagree: the theory predicts "
                f"{result_words(rules, view.predicted, doc.mover)}, the search finds "
                f"{result_words(rules, a.result, doc.mover)}. One of them is wrong — please "
                "report this position."
            )
        theirs = {n: (lf, rf) for n, lf, rf in view.by_flag}
        if theirs != dict(a.outcome.by_flag):
            return (
                "The theory and the search disagree on the outcome by start flag: "
                + self._by_flag_text(view.by_flag).removeprefix("; by start flag ")
                + " (theory) against "
                + self._by_flag_text(
                    [(n, lf, rf) for n, (lf, rf) in a.outcome.by_flag.items()]
                ).removeprefix("; by start flag ")
                + " (search)"
            )
        return ""

    def _check(self) -> None:
        text = self.disagreement()
        self.alarm.setText(for_display(text))
        self.alarm.setVisible(bool(text))
        self._paint_alarm()

    def _paint_alarm(self, _theme: str = "") -> None:
        fill = colour("alarm_fill")
        ink = colour("alarm_text")
        self.alarm.setStyleSheet(
            f"background: {fill.name()}; color: {ink.name()}; padding: 4px; font-weight: bold;"
        )

    def show_theory_marks(self, marks: Sequence[tuple[Move, Fraction]] | None) -> None:
        """What the theory predicts after each move, shown (labelled the theory's) until
        the search's marks come."""
        self._theory_marks = dict(marks) if marks is not None else None
        if self._analysis is None:
            self._fill_moves(None)

    def theory_best(self, result: Fraction) -> bool:
        """Is a move the theory predicts ``result`` after the best (as Analysis.best)?"""
        doc, view = self._doc, self._theory
        if doc is None or view is None:
            return False
        if doc.rules.result_kind is ResultKind.WIN:
            return result == doc.mover.sign
        return result == view.predicted

    def _fill_moves(self, analysis: Analysis | None) -> None:
        doc = self._doc
        if doc is None:
            return
        self.tree.clear()
        by_theory = analysis is None and self._theory_marks is not None
        results = dict(analysis.marks if analysis is not None else self._theory_marks or {})
        header = self.tree.headerItem()
        header.setText(RESULT, "After it (theory)" if by_theory else "After it")
        header.setToolTip(
            RESULT,
            "What the game's theory predicts after each move, "
            + (
                "the search stopped without its marks"
                if self.search_over
                else "until the search's marks come"
            )
            if by_theory
            else "The result after each move, by exact search",
        )
        # a take that can name several flags: one row, its best first (ties: the rules'
        # order), the others under it
        sign = doc.mover.sign
        takes: dict[object, list[Move]] = {}
        for move in self._moves:
            takes.setdefault(move.position, []).append(move)
        for moves in takes.values():
            moves.sort(key=lambda m: -(results[m] * sign) if m in results else 0)
        others = sum(len(moves) - 1 for moves in takes.values())
        self.tree.setRootIsDecorated(others > 0)
        # the best moves first (the one ★ of Moore's nim_7's 87 needed paging), the others in
        # the rules' order
        for moves in sorted(takes.values(), key=lambda ms: not self._is_best(ms[0], results)):
            head = self._move_item(moves[0], results.get(moves[0]), analysis, by_theory)
            for move in moves[1:]:
                head.addChild(self._move_item(move, results.get(move), analysis, by_theory))
            self.tree.addTopLevelItem(head)
        n = len(self._moves)
        more = "" if self._complete else f", the first {n:,} listed"
        # grouped by the flag named with a take (comply/constrain), or only by the position
        # reached (End-nim's '3 3': either end emptied leaves '3')
        flagged = any(len({m.flag for m in moves}) > 1 for moves in takes.values())
        if not n:
            self.moves_label.setText("&Moves (none)")
        elif others and flagged:
            self.moves_label.setText(
                f"&Moves ({len(takes):,} takes, each with its best flag; ▸ {others:,} more{more})"
            )
        elif others:
            also = "another move reaches" if others == 1 else "other moves reach"
            self.moves_label.setText(
                f"&Moves ({n:,}{more}; ▸ {others:,} reaching a position {also})"
            )
        else:
            self.moves_label.setText(f"&Moves ({n:,}{more})")
        tip = (GROUPS_TIP if flagged else SAME_POSITION_TIP) if others else ""
        self.moves_label.setToolTip(tip)
        self.tree.setToolTip(tip)

    def _is_best(self, move: Move, results: dict[Move, Fraction]) -> bool:
        """Is ``move`` marked best by the search's ``results`` (or the theory's until then)?"""
        doc, r = self._doc, results.get(move)
        if doc is None or r is None:
            return False
        if self._analysis is not None:
            return self._analysis.best(doc.rules, r, doc.mover)
        return self.theory_best(r)

    def _move_item(
        self, move: Move, r: Fraction | None, analysis: Analysis | None, by_theory: bool
    ) -> QTreeWidgetItem:
        """A row of the moves list: ``move`` and its mark ``r`` (None: none yet), the
        search's or (``by_theory``) the theory's."""
        doc = self._doc
        assert doc is not None
        fill = colour("optimal_fill")
        ink = contrasting_text(fill)
        bold = QFont(self.tree.font())
        bold.setBold(True)
        mark = "…" if r is None else mark_text(doc.rules, r, doc.mover)
        if r is None:
            best = False
        elif analysis is not None:
            best = analysis.best(doc.rules, r, doc.mover)
        else:
            best = self.theory_best(r)
        item = QTreeWidgetItem([("★ " if best else "") + move.label, mark])
        item.setData(MOVE, Qt.ItemDataRole.UserRole, move)
        item.setToolTip(MOVE, move.label)
        if r is not None:
            item.setToolTip(
                RESULT,
                f"after it: {result_words(doc.rules, r, doc.mover.other)}"
                + (" — optimal" if best else "")
                + (
                    " (the theory's prediction; "
                    + (
                        "the search stopped without its marks)"
                        if self.search_over
                        else "the search's mark comes when it is done)"
                    )
                    if by_theory
                    else ""
                ),
            )
        if best:
            for col in (MOVE, RESULT):
                item.setBackground(col, QBrush(fill))
                item.setForeground(col, QBrush(ink))
                item.setFont(col, bold)
        if by_theory:  # the theory's marks in italics
            f = QFont(item.font(RESULT))
            f.setItalic(True)
            item.setFont(RESULT, f)
        return item

    def changeEvent(self, event: QEvent) -> None:
        if is_theme_change(event) and self._doc is not None:
            self._fill_moves(self._analysis)  # the optimal rows' fill in the new theme
        super().changeEvent(event)

    def set_progress(self, text: str, *, busy: bool) -> None:
        """The search's state: ``text`` (how far it has come, or why it stopped), with Cancel
        while it runs and Search once stopped."""
        self.progress.setText(text)
        self.progress.setVisible(bool(text))
        self.cancel.setVisible(busy)
        self.again.setVisible(not busy and bool(text))
