"""The bridge workspace's page: the board's controls, the table of four hands, the
double-dummy table, the line of play and the tree of the current trick, all following one
:class:`~whistgui.ui.bridge.session.BridgeSession`.

The heavy work runs on the app's engine service: the double-dummy table and par of each deal
(channel ``bridge-table``) and the scores of the legal cards in the position at the cursor
(``bridge-scores``, DDS's per-card solve). Scores are remembered by position, so stepping back
and forward through a line never computes a position twice. Autoplay plays the best card
(the highest of the side's best, as :func:`~whistgui.engine.bridge.dds.winning_line` does) one
card at a time until the play ends or the user does anything else.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QComboBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSplitter,
    QStyle,
    QTabWidget,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from whistgui.app.bridge import BridgeDocument, CardMark, card_marks
from whistgui.engine.bridge import (
    BridgeCard,
    BridgeDeal,
    BridgePosition,
    Contract,
    Seat,
)
from whistgui.engine.errors import WhistError
from whistgui.engine.reading import label
from whistgui.ui.bridge.auction_view import AuctionView
from whistgui.ui.bridge.continuation_list import ContinuationList
from whistgui.ui.bridge.contract_controls import ContractControls
from whistgui.ui.bridge.dd_table import DDTableView
from whistgui.ui.bridge.dealing import DealOutcome, deal_job, outcome_note
from whistgui.ui.bridge.leads_view import LeadsView
from whistgui.ui.bridge.nav_buttons import NavButton
from whistgui.ui.bridge.play_grid import PlayGrid
from whistgui.ui.bridge.record_return import RecordReturn
from whistgui.ui.bridge.review import (
    Continuation,
    analyse_job,
    continuation_end,
    continuation_job,
    cost_text,
)
from whistgui.ui.bridge.session import ASIDE_WORDS, BridgeSession
from whistgui.ui.bridge.table import BridgeTable
from whistgui.ui.bridge.table_cards import contract_text, pair_words
from whistgui.ui.bridge.table_job import TableResult, table_job
from whistgui.ui.bridge.trick_tree import TrickTreeView
from whistgui.ui.engine_service import EngineService, JobContext, ViewWork
from whistgui.ui.theme import text_role
from whistgui.ui.widgets.elided import ElidedLabel
from whistgui.ui.widgets.messages import for_display

__all__ = ["BridgePage", "ElidedLabel", "best_card", "board_count_text"]

TABLE_CHANNEL = "bridge-table"
SCORES_CHANNEL = "bridge-scores"
DEAL_CHANNEL = "bridge-deal"
ANALYSE_CHANNEL = "bridge-analyse"
CONTINUATION_CHANNEL = "bridge-continuation"
RANDOM_TEXT = "&Random Deal"
RANDOM_TIP = "Deal the 52 cards at random, to be played in the new deal's par contract (Ctrl+R)"
#: The Deal field's hint when empty.
DEAL_HINT = "a PBN deal: N:AKQ2.KJ3.T98.A54 J876.Q54.AK2.J32 …"
#: The double-dummy table's line while the hands are no deal.
NO_DEAL = "No table until the hands are a deal."
#: Milliseconds between autoplayed cards.
AUTOPLAY_MS = 450


def board_count_text(index: int, count: int, left_out: int = 0) -> str:
    """Where the board shown stands among those opened: ``2 of 3``, or with boards of the
    file left out ``2 of 2 opened (1 left out)``.

    >>> board_count_text(1, 3), board_count_text(1, 2, 1), board_count_text(0, 1, 4)
    ('2 of 3', '2 of 2 opened (1 left out)', '1 of 1 opened (4 left out)')
    """
    text = f"{index + 1} of {count:,}"
    return f"{text} opened ({left_out:,} left out)" if left_out else text


#: The lines the explanation above the navigation buttons always takes (the buttons never
#: move as it changes): three, so that it is whole beside the table at 1280 × 800.
STATUS_LINES = 3


def best_card(scores: dict[BridgeCard, int]) -> BridgeCard:
    """The card autoplay chooses: the highest of those with the best score (§2.2's choice,
    as in :func:`~whistgui.engine.bridge.dds.winning_line`)."""
    best = max(scores.values())
    return max(c for c, v in scores.items() if v == best)


#: Endings of at most this many cards a hand are scored by the engine's own solver (the
#: paper's search: a few milliseconds there), longer ones by DDS.
SOLVER_CARDS = 6


def make_scorer(engine: EngineService) -> Callable[[BridgePosition], dict[BridgeCard, int]]:
    """Each legal card's score in a position (DDS's meaning): the engine's
    :class:`~whistgui.engine.bridge.solver.EndgameSolver` for endings of up to
    :data:`SOLVER_CARDS` cards a hand — one solver, its table kept from position to position,
    stopping when the running job is cancelled — and DDS for the rest. Used on the engine's
    thread only."""
    from whistgui.engine.bridge.dds import card_scores
    from whistgui.engine.bridge.solver import EndgameSolver

    solver = EndgameSolver(should_stop=engine.stop_hook())

    def score(position: BridgePosition) -> dict[BridgeCard, int]:
        if position.tricks_left <= SOLVER_CARDS:
            if len(solver.memo) > 200_000:
                solver.clear()
            return solver.card_scores(position)
        return card_scores(position)

    return score


def _scores_job(
    position: BridgePosition, scorer: Callable[[BridgePosition], dict[BridgeCard, int]]
) -> object:
    def job(ctx: JobContext) -> dict[BridgeCard, int]:
        ctx.report(f"scoring {position.to_move.word}'s cards", force=True)
        return scorer(position)

    return job


class BridgePage(QWidget):
    """Everything about the open board. ``engine`` is the app's engine service (not owned)."""

    #: a message for the status bar
    message = Signal(str)
    #: the user asks for a random deal to order (the workspace asks for its constraint)
    dealToOrder = Signal()

    def __init__(
        self, session: BridgeSession, engine: EngineService, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.session = session
        self.engine = engine
        self._scores: dict[BridgePosition, dict[BridgeCard, int]] = {}
        self.scorer = make_scorer(engine)
        self._table_for: object = None  # the deal, vulnerability and dealer of the table's par
        #: the last deal's par contract, or why it has none (:class:`.table_job.TableResult`)
        self._par: tuple[object, tuple[Contract, Seat] | str] | None = None
        self._autoplay = QTimer(self)
        self._autoplay.setInterval(AUTOPLAY_MS)
        self._autoplay.timeout.connect(self._autoplay_step)
        self._autoplaying = False  # a card played by autoplay does not stop it

        # -- the board: boards of the file, the deal as text, random, contract ------------------
        self.board_combo = QComboBox(self)
        self.board_combo.setObjectName("bridgeBoards")
        self.board_combo.setToolTip("The board of the PBN file shown, by its Board tag (Alt+B)")
        self.board_combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        self.board_combo.activated.connect(self.session.select_board)
        board_label = QLabel("&Board:", self)
        board_label.setBuddy(self.board_combo)
        #: which of the boards opened is shown, and how many of the file's were left out
        self.board_count = QLabel(self)
        self.board_count.setObjectName("bridgeBoardCount")
        self.add_board_button = QToolButton(self)
        self.add_board_button.setText("+")
        self.add_board_button.setToolTip("Add a random board to the file (Deal ▸ Add Random Board)")
        self.deal_edit = QLineEdit(self)
        self.deal_edit.setObjectName("bridgeDeal")
        self.deal_edit.setPlaceholderText(DEAL_HINT)
        self.deal_edit.setToolTip(
            "The deal as a PBN string (first seat, colon, four hands clockwise, each "
            "spades.hearts.diamonds.clubs); Enter sets it"
        )
        self.deal_edit.returnPressed.connect(self._on_deal_text)
        deal_label = QLabel("Dea&l:", self)
        deal_label.setBuddy(self.deal_edit)
        self.deal_error = QLabel(self)
        self.deal_error.setObjectName("bridgeDealError")
        self.deal_error.setWordWrap(True)
        text_role(self.deal_error, "error")
        self.deal_error.hide()
        #: which boards of the open file were not opened, and why (hidden when none were)
        self.file_notice = QLabel(self)
        self.file_notice.setObjectName("bridgeFileNotice")
        self.file_notice.setWordWrap(True)
        self.file_notice.setTextFormat(Qt.TextFormat.PlainText)
        text_role(self.file_notice, "warning")
        self.file_notice.hide()
        self.random_button = QPushButton(RANDOM_TEXT, self)
        self.random_button.setToolTip(RANDOM_TIP)
        self.random_button.clicked.connect(self._on_random_button)
        self.order_button = QToolButton(self)
        self.order_button.setText("To Order…")
        self.order_button.setToolTip(
            "A random deal meeting a constraint: HCP, suit lengths, shapes (Ctrl+Shift+R)"
        )
        self.order_button.clicked.connect(self.dealToOrder)
        #: the page's own background work: a new deal and its par (Random Deal)
        self.work = ViewWork(engine, self, self._request_costs)
        self._costs: dict[tuple[object, ...], dict[int, int]] = {}
        self._costs_for: tuple[object, ...] | None = None
        self._continuation: Continuation | None = None
        self._deal_tag: object = None
        self._deal_job = 0
        self._deal_constraint: str | None = None

        self.contract_controls = ContractControls(self)
        self.contract_controls.edited.connect(self._on_contract_chosen)
        self.level = self.contract_controls.level  # the controls, as tests and keys reach them
        self.strain = self.contract_controls.strain
        self.declarer = self.contract_controls.declarer

        top = QHBoxLayout()
        top.addWidget(board_label)
        top.addWidget(self.board_combo)
        top.addWidget(self.board_count)
        top.addWidget(self.add_board_button)
        top.addSpacing(12)
        top.addWidget(deal_label)
        top.addWidget(self.deal_edit, 1)
        top.addWidget(self.random_button)
        top.addWidget(self.order_button)
        top.addSpacing(12)
        top.addWidget(self.contract_controls)

        # -- the table, and the side panel --------------------------------------------------
        self.table = BridgeTable(session, self)
        self.table.refused.connect(self.message)
        self.dd_table = DDTableView(self)
        self.dd_table.contractChosen.connect(self._on_contract_chosen)
        self.status = ElidedLabel(STATUS_LINES, self)
        self.status.setObjectName("bridgeStatus")

        SP = QStyle.StandardPixmap
        self.start_button = self._nav(
            SP.SP_MediaSkipBackward, "To the opening lead (Home)", self._to_start
        )
        self.back_button = self._nav(
            SP.SP_MediaSeekBackward, "Back one card (Alt+Left)", self._back
        )
        self.forward_button = self._nav(
            SP.SP_MediaSeekForward, "Forward one card (Alt+Right)", self._forward
        )
        self.end_button = self._nav(
            SP.SP_MediaSkipForward, "To the end of the line (End)", self._to_end
        )
        self.autoplay_button = QPushButton("&Autoplay", self)
        self.autoplay_button.setCheckable(True)
        self.autoplay_button.setToolTip(
            "Play on card by card, each side choosing its best card (the highest of its best)"
        )
        self.autoplay_button.toggled.connect(self.set_autoplay)
        self.best_button = QPushButton("Be&st Card", self)
        self.best_button.setToolTip("Play the best card for the side to move (B)")
        self.best_button.clicked.connect(self.play_best)
        nav = QHBoxLayout()
        for b in (self.start_button, self.back_button, self.forward_button, self.end_button):
            nav.addWidget(b)
        nav.addStretch(1)
        nav.addWidget(self.best_button)
        nav.addWidget(self.autoplay_button)

        self.line = PlayGrid(self)
        self.line.setToolTip(
            "The line of play, a trick a row: who led (the card in bold), each player's card, "
            "who won (the card underlined); click a card to look at the play after it"
        )
        self.line.cardChosen.connect(self._on_line_card)
        self.tree = TrickTreeView(session, engine, self, scorer=self.scorer)
        self.tree.cardsChosen.connect(self.play_cards)
        # the line of play's tab: the grid, what the card at the cursor cost, the best
        # continuation from there
        self.review = QLabel(self)
        self.review.setObjectName("bridgeReview")
        self.review.setWordWrap(True)
        self.review.setTextFormat(Qt.TextFormat.PlainText)
        self.continuation_button = QPushButton("Best Co&ntinuation", self)
        self.continuation_button.setToolTip(
            "The double-dummy best play from the position shown to the end, each side playing "
            "its best card (the highest of its best); the line played is kept"
        )
        self.continuation_button.clicked.connect(self.show_continuation)
        line_tab = QWidget(self)
        line_layout = QVBoxLayout(line_tab)
        line_layout.setContentsMargins(0, 0, 0, 0)
        line_layout.addWidget(self.line, 1)
        review_row = QHBoxLayout()
        review_row.addWidget(self.review, 1)
        review_row.addWidget(self.continuation_button, 0, Qt.AlignmentFlag.AlignTop)
        say = lambda text: (self.table.show_note(text), self.message.emit(text))  # noqa: E731
        self.record_return = RecordReturn(session, say, self)
        review_row.addWidget(self.record_return, 0, Qt.AlignmentFlag.AlignTop)
        line_layout.addLayout(review_row)
        self.continuation_list = ContinuationList(self, beside=self.line)
        self.continuation_list.cardsChosen.connect(self._step_continuation)
        line_layout.addWidget(self.continuation_list)
        self.tabs = QTabWidget(self)
        self.tabs.addTab(line_tab, "Line of &play")
        self.tabs.addTab(self.tree, "&Trick tree")
        self.auction = AuctionView(session, self)
        self.tabs.addTab(self.auction, "Auction")
        self.leads = LeadsView(session, engine, self)
        self.tabs.addTab(self.leads, "Leads")

        side = QWidget(self)
        side_layout = QVBoxLayout(side)
        side_layout.setContentsMargins(0, 0, 0, 0)
        dd_title = QLabel("<b>Double dummy</b>: tricks for each declarer", side)
        side_layout.addWidget(dd_title)
        side_layout.addWidget(self.dd_table)
        side_layout.addWidget(self.status)
        side_layout.addLayout(nav)
        side_layout.addWidget(self.tabs, 1)

        self.splitter = QSplitter(Qt.Orientation.Horizontal, self)
        self.splitter.addWidget(self.table)
        self.splitter.addWidget(side)
        self.splitter.setStretchFactor(0, 3)
        self.splitter.setStretchFactor(1, 2)
        self.splitter.setChildrenCollapsible(False)
        side.setMinimumWidth(400)
        self.splitter.setSizes([860, 520])  # the trick tree's six columns fit in 520

        layout = QVBoxLayout(self)
        layout.setContentsMargins(8, 8, 8, 8)
        layout.addLayout(top)
        layout.addWidget(self.deal_error)
        layout.addWidget(self.file_notice)
        layout.addWidget(self.splitter, 1)

        for key, slot in (
            (Qt.Key.Key_Home, self._to_start),
            (Qt.Key.Key_End, self._to_end),
            (Qt.Key.Key_PageUp, self._trick_back),
            (Qt.Key.Key_PageDown, self._trick_forward),
            (Qt.Key.Key_B, self.play_best),
        ):
            sc = QShortcut(QKeySequence(key), self)
            sc.setContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
            sc.activated.connect(slot)
        for seq, slot in (("Alt+Left", self._back), ("Alt+Right", self._forward)):
            sc = QShortcut(QKeySequence(seq), self)
            sc.setContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
            sc.activated.connect(slot)

        engine.finished.connect(self._on_finished)
        engine.failed.connect(self._on_failed)
        engine.cancelled.connect(self._on_cancelled)
        engine.progress.connect(self._on_progress)
        session.documentChanged.connect(self._on_document)
        session.cursorChanged.connect(self._on_cursor)
        session.boardsChanged.connect(self._on_boards)
        session.noticeChanged.connect(self._on_notice)
        self._on_notice(session.notice)
        self._on_boards(session.board_count, session.board_index)
        self._on_document(session.document)
        self._on_cursor(session.cursor)

    def _nav(self, icon: QStyle.StandardPixmap, tip: str, slot: Callable[[], object]) -> NavButton:
        return NavButton(icon, tip, slot, self)

    # -- following the session ---------------------------------------------------------------
    def _on_notice(self, notice: str) -> None:
        """Say which boards of the file were not opened (a long quoted word cannot widen it)."""
        self.file_notice.setText(for_display(notice))
        self.file_notice.setVisible(bool(notice))
        if notice:
            self.message.emit(for_display(notice))

    def _on_boards(self, count: int, index: int) -> None:
        """The selector lists the boards by their names (Board tags), the label beside it
        says which of them is shown and how many of the file's boards were left out."""
        self.board_combo.clear()
        for name in self.session.board_names:
            self.board_combo.addItem(label(name))
        self.board_combo.setCurrentIndex(index)
        self.board_combo.setEnabled(count > 1)
        self.board_count.setText(board_count_text(index, count, self.session.left_out))

    def _on_document(self, doc: BridgeDocument) -> None:
        self._user_acts()  # a card played on the table, an undo, another deal: autoplay stops
        if self.dealing:  # the board changed under Random Deal: its deal is for no board now
            self.engine.cancel(DEAL_CHANNEL)
            self._deal_done()
        problem = doc.problem()
        if problem is None:
            text = doc.deal.to_pbn()
            try:
                same = BridgeDeal.parse(self.deal_edit.text()) == doc.deal
            except WhistError:
                same = False
            if not same:
                self.deal_edit.setText(text)
        else:  # cards being dealt: no stale deal in the field (the felt shows the hands)
            self.deal_edit.setText("")
        held = 52 - len(doc.pool)
        self.deal_edit.setPlaceholderText(DEAL_HINT if problem is None else f"{held} of 52 dealt")
        self._show_deal_error("")
        self.contract_controls.show_contract(doc.contract, doc.declarer)
        self.board_combo.setItemText(self.session.board_index, label(doc.board))
        self.dd_table.set_current(doc.contract, doc.declarer)
        self._fill_line()
        self._request_costs()
        if problem is not None:
            self._table_for = None
            self.dd_table.set_table(None)
            self.dd_table.set_message(NO_DEAL)  # the status under it says why
            self.engine.cancel(TABLE_CHANNEL)
            return
        deal = doc.deal
        key = _table_key(doc)
        if doc.waits_for_par and self._par is not None and self._par[0] == key:
            QTimer.singleShot(0, self._stand_in)  # par known: once every view has this board
        if key != self._table_for:
            self._table_for = key
            self.dd_table.set_table(None)
            self.dd_table.set_message("computing…")
            self.engine.submit(
                TABLE_CHANNEL,
                table_job(deal, doc.vulnerable, doc.dealer),  # type: ignore[arg-type]
                label="Double-dummy table",
                tag=self._table_for,
            )

    def _on_cursor(self, cursor: int) -> None:
        doc = self.session.document
        self._select_line(cursor)
        self._continuation = None
        self.engine.cancel(CONTINUATION_CHANNEL)
        self.continuation_list.follow(self.session.position())
        self._show_review()
        n = len(doc.played)
        self.start_button.setEnabled(cursor > 0)
        self.back_button.setEnabled(cursor > 0)
        self.forward_button.setEnabled(cursor < n)
        self.end_button.setEnabled(cursor < n)
        pos = self.session.position()
        self.table.set_marks(None)
        if pos is None:
            self.status.setText(doc.problem() or "")
            self._stop_autoplay()
            return
        self._describe(pos, None)
        if pos.is_over:
            self._stop_autoplay()
            return
        scores = self._scores.get(pos)
        if scores is not None:
            self._show_scores(pos, scores)
            return
        self.table.set_thinking(True)
        self.engine.submit(
            SCORES_CHANNEL,
            _scores_job(pos, self.scorer),  # type: ignore[arg-type]
            label=f"Scoring {pos.to_move.word}'s cards",
            tag=pos,
        )

    # -- results --------------------------------------------------------------------------
    def _on_finished(self, _job: int, channel: str, tag: object, result: object) -> None:
        if channel == ANALYSE_CHANNEL and isinstance(result, dict):
            self._costs[tag] = result  # type: ignore[index]
            if len(self._costs) > 200:
                del self._costs[next(iter(self._costs))]
            if tag == self._costs_for:
                self.line.grid_model.set_costs(result)
                self.table.set_played_costs(result)
                self._show_review()
        elif (
            channel == CONTINUATION_CHANNEL
            and isinstance(result, Continuation)
            and result.start == self.session.position()
        ):
            self._continuation = result
            self.continuation_list.set_line(result, self.session.cursor)
            self._show_review()
        if channel == DEAL_CHANNEL and tag is self._deal_tag and isinstance(result, DealOutcome):
            self._deal_done()
            doc = self.session.document
            kept = (doc.contract, doc.declarer)
            added = ""
            if self.session.deal_adds_board:  # never over a record or a file's board
                was, number = doc.board, self.session.add_board(result.deal)
                added = f"Board {number} added (board {was} kept as it was). "
            self.session.deal_in(result.deal, result.contract, result.declarer, "Random deal")
            note = added + outcome_note(result, kept)
            self.table.show_note(note)
            self.message.emit(note)
        if channel == TABLE_CHANNEL and tag == self._table_for and isinstance(result, TableResult):
            self.dd_table.set_table(result.table, par_text=result.par_text)  # type: ignore[arg-type]
            self._par = (tag, result.par)
            self._stand_in()
        elif channel == SCORES_CHANNEL and isinstance(tag, BridgePosition):
            self._scores[tag] = result  # type: ignore[assignment]
            if len(self._scores) > 20000:  # a long session: forget the oldest half
                for key in list(self._scores)[:10000]:
                    del self._scores[key]
            if tag == self.session.position():
                self._show_scores(tag, result)  # type: ignore[arg-type]

    def _on_failed(self, _job: int, channel: str, tag: object, message: str) -> None:
        if channel == ANALYSE_CHANNEL and tag == self._costs_for:
            self.review.setText(f"The cards' costs could not be found: {message}")
        if channel == CONTINUATION_CHANNEL:
            self.review.setText(f"No best continuation: {message}")
        if channel == DEAL_CHANNEL and tag is self._deal_tag:
            self._deal_done()
            self.table.show_refusal(f"No new deal: {message}")
        if channel == TABLE_CHANNEL and tag == self._table_for:
            self.dd_table.set_message(message)
        elif channel == SCORES_CHANNEL and tag == self.session.position():
            self.table.set_thinking(False)
            self.status.setText(message)
            self._stop_autoplay()
        if channel in (TABLE_CHANNEL, SCORES_CHANNEL):
            self.message.emit(message)

    def _stand_in(self) -> None:
        """A board without a contract of its own is played in par's, once par is known."""
        doc = self.session.document
        par = self._par  # (not while dealing: a change of the board would cancel the deal)
        if par is None or self.dealing or not doc.waits_for_par or doc.problem() is not None:
            return
        if _table_key(doc) == par[0]:
            self.session.adopt_par(par[1])

    def ready(self) -> bool:
        """True once the double-dummy table and the scores of the position shown are in (or
        the hands are not a deal, or the play is over): nothing is being computed for it."""
        pos = self.session.position()
        if pos is None:
            return True
        if self.dd_table.table() is None or self.dealing or self.session.document.waits_for_par:
            return False
        return pos.is_over or pos in self._scores

    def marks(self) -> dict[BridgeCard, CardMark] | None:
        """The marks of the position at the cursor, if its scores are known."""
        pos = self.session.position()
        scores = self._scores.get(pos) if pos is not None else None
        if pos is None or scores is None:
            return None
        doc = self.session.document
        return card_marks(pos, scores, doc.contract, doc.declarer)

    def _show_scores(self, pos: BridgePosition, scores: dict[BridgeCard, int]) -> None:
        doc = self.session.document
        marks = card_marks(pos, scores, doc.contract, doc.declarer)
        self.table.set_thinking(False)
        self.table.set_marks(marks, doc.contract)
        self._describe(pos, marks)
        if self.autoplay_button.isChecked():
            self._autoplay.start()  # the next card after the interval

    def _describe(self, pos: BridgePosition, marks: dict[BridgeCard, CardMark] | None) -> None:
        doc = self.session.document
        side = doc.declarer.side
        won = pos.tricks[int(side)]
        lost = pos.tricks[int(side.other)]
        pair = "–".join(s.word for s in (doc.declarer, doc.declarer.partner))
        text = contract_text(doc.contract, doc.declarer)  # 4♠X by East: the double too
        text += f" {doc.contract_note}: " if doc.contract_note else ": "
        text += f"{pair} {won}, defence {lost}. "
        dealt = doc.deal.size  # an ending (fewer than 13) is no whole contract: count its tricks
        if pos.is_over:
            if dealt < 13:
                verdict = f"{pair} took {won} of the {dealt} tricks of this ending"
            else:
                over = won - doc.contract.tricks_needed
                verdict = (
                    "made exactly"
                    if over == 0
                    else f"made +{over}"
                    if over > 0
                    else f"down {-over}"
                )
            self.status.setText(text + f"Played out: {verdict}.")
            return
        if marks is None:
            self.status.setText(text + f"{pos.to_move.word} to play; scoring the cards…")
            return
        best = max(m.declarer_tricks for m in marks.values() if m.best)
        if dealt < 13:
            outcome = f"{pair} take {best} of the {dealt} tricks of this ending"
        else:
            made = best >= doc.contract.tricks_needed
            outcome = f"the contract {'makes' if made else 'fails'} ({best} tricks)"
        mover = pos.to_move
        side = f"{pair_words(mover)}"
        self.status.setText(
            text + f"{mover.word} to play. With best play {outcome}. Badges are for "
            f"{side}: ✓ a best card, −1 a card that costs a trick."
        )

    # -- the review of a played line: costs and the best continuation -----------------------
    def _request_costs(self) -> None:
        """Each played card's double-dummy cost (DDS's AnalysePlay), on the engine service,
        remembered by line; the grid and the caption show them when they come."""
        doc = self.session.document
        self.table.set_played_costs(None)
        if doc.problem() is not None or not doc.played or doc.deal.size != 13:
            self._costs_for = None
            self.engine.cancel(ANALYSE_CHANNEL)
            self._show_review()
            return
        key = (doc.deal, doc.contract, doc.declarer, doc.played)
        self._costs_for = key
        known = self._costs.get(key)
        if known is not None:
            self.line.grid_model.set_costs(known)
            self.table.set_played_costs(known)
            self._show_review()
            return
        if self.work.defer():
            return
        self.work.submit(
            ANALYSE_CHANNEL,
            analyse_job(doc),  # type: ignore[arg-type]
            label="Costs of the cards played",
            tag=key,
        )

    def costs(self) -> dict[int, int] | None:
        """The costs of the line's cards by place, once known."""
        return None if self._costs_for is None else self._costs.get(self._costs_for)

    def show_continuation(self) -> None:
        """Work out the best continuation from the position shown (on the engine service)."""
        pos = self.session.position()
        if pos is None:
            return
        self.review.setText("Working out the best continuation…")
        self.work.submit(
            CONTINUATION_CHANNEL,
            continuation_job(  # type: ignore[arg-type]
                pos, self.session.document.declarer, self.scorer, best_card
            ),
            label="Best continuation",
            tag=pos,
        )

    def _show_review(self) -> None:
        """The caption under the grid: the cost of the card before the cursor, and the best
        continuation from the cursor once asked for."""
        doc = self.session.document
        cursor = self.session.cursor
        parts: list[str] = []
        costs = self.costs()
        if cursor > 0 and doc.problem() is None and cursor <= len(doc.played):
            card = doc.played[cursor - 1]
            seat = doc.position(cursor - 1).to_move
            if costs is not None and cursor - 1 in costs:
                parts.append(f"Card {cursor}: {cost_text(seat, card, costs[cursor - 1])}.")
            elif self._costs_for is not None:
                parts.append(f"Card {cursor}: working out the cards' costs…")
            lost = sum(1 for c in (costs or {}).values() if c > 0)
            if costs is not None and lost:
                parts.append(f"{lost} costly card{'s' if lost != 1 else ''} in red.")
        if doc.aside:  # a contract set by hand: the record's play waits for its own
            parts.append(ASIDE_WORDS + ".")
        elif not doc.played:
            parts.append("No card played yet: click a card of the player to move.")
        if self._continuation is not None:
            parts.append(continuation_end(self._continuation, doc.declarer))
        self.review.setText(" ".join(parts))
        pos = self.session.position()
        self.continuation_button.setEnabled(pos is not None and not pos.is_over)

    # -- the line of play -------------------------------------------------------------------
    def _fill_line(self) -> None:
        self.line.show_document(self.session.document)

    def _select_line(self, cursor: int) -> None:
        self.line.show_cursor(cursor)

    def _on_line_card(self, cards: int) -> None:
        self._user_acts()
        self.session.set_cursor(cards)

    # -- a new deal -----------------------------------------------------------------------------
    def random_deal(self, seed: int | None = None, constraint: str | None = None) -> None:
        """Deal at random — meeting ``constraint`` (the Dealer program's language) if given —
        on the engine service, find the new deal's par there, then play the board in its par
        contract (:mod:`.dealing`). Progress shows on the felt; the Random Deal button (then
        Cancel Deal) or the status bar's Cancel stops it."""
        self._user_acts()
        # par for the board the deal goes to: a new one (its defaults) beside a hand record
        doc = BridgeDocument() if self.session.recorded else self.session.document

        def make(ctx: JobContext) -> BridgeDeal:
            if constraint is None:
                return BridgeDocument.random(seed).deal
            from whistgui.engine.bridge.dealing import constrained_deals

            def progress(_found: int, tried: int) -> None:
                ctx.report(f"{tried:,} deals tried")

            deals = constrained_deals(
                constraint, 1, seed, progress=progress, should_stop=ctx.should_stop
            )
            return deals[0]

        self._deal_tag = tag = object()
        self._deal_constraint = constraint
        self.work.keep = True  # asked for and waited on: done even if the page is hidden
        self.random_button.setText("Cancel Deal")
        self.random_button.setToolTip("Stop dealing: the board stays as it is")
        label = "Random deal" if constraint is None else "Random deal to order"
        # par for the board the deal goes to: a new board's rotation (see deal_adds_board)
        adds = self.session.deal_adds_board
        _, dealer, vul = self.session.next_board() if adds else ("", doc.dealer, doc.vulnerable)
        self._deal_job = self.work.submit(
            DEAL_CHANNEL,
            deal_job(make, vul, dealer),  # type: ignore[arg-type]
            label=label,
            tag=tag,
        )
        if constraint is not None:
            self.table.show_note(f"Dealing to order: {constraint}")

    def _on_random_button(self) -> None:
        if self.dealing:
            self.engine.cancel(DEAL_CHANNEL)
        else:
            self.random_deal()

    def _on_progress(self, job: int, text: str) -> None:
        if job == self._deal_job and self.dealing and self._deal_constraint is not None:
            self.table.show_note(f"Dealing to order: {text} · Cancel Deal stops")

    @property
    def dealing(self) -> bool:
        """Whether a new deal is being made (Random Deal)."""
        return self._deal_tag is not None

    def _deal_done(self) -> None:
        QTimer.singleShot(0, self._stand_in)  # the board kept (cancelled): par's contract
        self._deal_tag = None
        self.work.keep = False
        self.random_button.setText(RANDOM_TEXT)
        self.random_button.setToolTip(RANDOM_TIP)

    def _on_cancelled(self, job: int, channel: str) -> None:
        if channel == DEAL_CHANNEL and job == self._deal_job and self._deal_tag is not None:
            self._deal_done()
            self.table.show_note("Random deal cancelled: the board is as it was")

    # -- user actions ---------------------------------------------------------------------------
    def _user_acts(self) -> None:
        if not self._autoplaying:
            self._stop_autoplay()

    def _to_start(self) -> None:
        self._user_acts()
        self.session.set_cursor(0)

    def _to_end(self) -> None:
        self._user_acts()
        self.session.set_cursor(len(self.session.document.played))

    def _back(self) -> None:
        self._user_acts()
        self.session.back()

    def _forward(self) -> None:
        self._user_acts()
        self.session.forward()

    def _trick_back(self) -> None:
        self._user_acts()
        self.session.trick_back()

    def _trick_forward(self) -> None:
        self._user_acts()
        self.session.trick_forward()

    def _show_deal_error(self, message: str) -> None:
        self.deal_error.setText(for_display(message))  # a long quoted word cannot widen it
        self.deal_error.setVisible(bool(message))

    def _on_deal_text(self) -> None:
        text = self.deal_edit.text()
        try:
            self.session.set_deal_text(text)
        except WhistError as exc:
            self._show_deal_error(str(exc))
            self.message.emit(str(exc))
            return
        self._show_deal_error("")

    def _on_contract_chosen(self, contract: Contract, declarer: Seat) -> None:
        self._user_acts()
        self.session.set_contract(contract, declarer)

    def play_cards(self, cards: list[BridgeCard], *, from_cursor: bool = False) -> None:
        """Play ``cards`` from the start of the current trick (a node of the trick tree
        chosen), or ``from_cursor``: along the line where it has them, then on from there."""
        self._user_acts()
        c = self.session.cursor
        start = c if from_cursor else c - c % 4
        pos = self.session.position()
        if pos is not None and pos.is_over and start == c >= 4 and not from_cursor:
            start -= 4  # the tree of a finished play shows its last trick
        self.session.set_cursor(start)
        try:
            for card in cards:
                self.session.play(card)
        except WhistError as exc:
            self.message.emit(str(exc))

    def _step_continuation(self, cards: list[BridgeCard]) -> None:
        self.session.set_cursor(self.continuation_list.start_cursor)
        self.play_cards(cards, from_cursor=True)

    def play_best(self) -> bool:
        """Play the best card in the position at the cursor, if its scores are known (else
        the felt says why nothing was played)."""
        pos = self.session.position()
        scores = self._scores.get(pos) if pos is not None else None
        if pos is None or scores is None or pos.is_over:
            wait = "the best card is still being found; press B again in a moment"
            self.table.show_note(f"B: {'the play is over' if pos and pos.is_over else wait}")
            return False
        self.session.play(best_card(scores))
        return True

    def set_autoplay(self, on: bool) -> None:
        """Autoplay on or off (the button shows it)."""
        if self.autoplay_button.isChecked() != on:
            self.autoplay_button.setChecked(on)  # comes back here through toggled
            return
        if on:
            self._autoplay.start()
            self.message.emit("Autoplay: each side plays its best card; any action stops it")
        else:
            self._autoplay.stop()

    def _stop_autoplay(self) -> None:
        if self.autoplay_button.isChecked():
            self.autoplay_button.setChecked(False)

    def _autoplay_step(self) -> None:
        pos = self.session.position()
        if pos is None or pos.is_over:
            self._stop_autoplay()
            return
        if pos not in self._scores:
            self._autoplay.stop()  # waits for the scores; _show_scores starts it again
            return
        self._autoplaying = True
        try:
            self.play_best()
        finally:
            self._autoplaying = False


def _table_key(doc: BridgeDocument) -> tuple[object, ...]:
    """What the double-dummy table's job and par are kept by: the deal, and the vulnerability
    and dealer par depends on (the table asked for and the par adopted compare by it)."""
    return (doc.deal, doc.vulnerable, doc.dealer)
