"""The optimal-play panel: step through a deal played optimally, card by card, and see why.

Every legal card is marked with the tricks West ends with after it (from the values, by the
main theorem), the optimal ones outlined; before it is played each legal card has its reason —
what it costs and why, in the paper's words (the engine's :class:`~whistgui.engine.strategy.
CardReason`) — in the card list (:class:`~whistgui.ui.trick.play_cards.CardList`, its reasons
wrapped, never cut), and each card played carries it into the record; every suit has its label.
The header says where play stands: the value now and what it predicts (the engine's
:class:`~whistgui.engine.strategy.Standing`, after the follower's best reply inside a trick),
and what a card that was not best gave away. The user may play any card instead (click it, or
Enter on it): the panel goes on from there. Turns are cached by position, so stepping back and
forth recomputes nothing. While a deal's values (or its search) are computed, the panel shows
the deal's start, a progress line and Cancel. For deals of at most 8 cards a hand every mark is
confirmed by exact search in the background, and a disagreement is shown loudly.

That is whist, refined whist and Greedy Whist's symmetric deals (by its own values). The other
games are played by their own rules and marked by exact search (:class:`~whistgui.engine.
strategy.Searcher`): the marks are West's tricks (Greedy Whist's asymmetric deals) or the
winner (``W``/``E``, the last-trick games), the labels and the running value their theory's
elements where it covers the cards left. Every position of the deal is searched in the
background first (greedy replies keep that small), so stepping is a table look-up; deals of
more than :data:`~whistgui.engine.strategy.SEARCH_MAX_CARDS` cards a hand are refused.

Given the session, the panel follows it: a new deal, lead or game starts the panel afresh —
unless a line is in progress (cards played), which the panel keeps, saying in a banner what
changed on the table (the deal, the game, the lead) with a button to play the current deal.
Its work runs on the app's :class:`~whistgui.ui.engine_service.EngineService` (channels
``play`` and ``play-confirm``), with progress and Cancel in the status bar, and is the panel's
own (:class:`~whistgui.ui.engine_service.ViewWork`): hidden, it computes nothing and stops what
it was computing; shown, it catches up.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from PySide6.QtCore import QEvent, Qt, QTimer, Signal
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QMenu,
    QScrollArea,
    QSplitter,
    QToolButton,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from whistgui.app.analysis import game_label
from whistgui.app.document import Document
from whistgui.engine import (
    Card,
    Deal,
    Player,
    Position,
    Solver,
    WhistError,
)
from whistgui.engine.games import Game, find_game
from whistgui.engine.strategy import (
    CONFIRM_MAX_CARDS,
    Disagreement,
    PlayLine,
    Searcher,
    Step,
    Strategist,
)
from whistgui.engine.strategy.line import mark_text, trick_number
from whistgui.engine.trick.cards import count
from whistgui.figures import FigureError
from whistgui.figures import write as write_figure
from whistgui.figures.play import build_play, card_text
from whistgui.ui.engine_service import EngineService, JobContext, ViewWork
from whistgui.ui.theme import colours, is_theme_change
from whistgui.ui.trick.banner import StaleBanner
from whistgui.ui.trick.play_cards import CardList
from whistgui.ui.trick.play_from import LineField, read_line
from whistgui.ui.trick.play_progress import ProgressLine
from whistgui.ui.trick.play_record import RecordView
from whistgui.ui.trick.play_turns import (
    Ready,
    Turn,
    display_line,
    esc,
    header_html,
    played_by_values,
    search_turn,
    start_position,
    value_line,
    value_strategist,
    value_turn,
    warm_search,
    warm_values,
)
from whistgui.ui.trick.session import Session
from whistgui.ui.trick.table import CardTable


class PlayPanel(QWidget):
    """Step through optimal play of the table's deal."""

    turnChanged = Signal(object)  # Turn
    ready = Signal()  # the deal's values are computed and the first turn shown
    confirmed = Signal(object)  # list[Disagreement] for the current position (empty: agree)

    def __init__(
        self,
        session: Session | None = None,
        service: EngineService | None = None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("playPanel")
        self._session = session
        self._own_service = service is None
        self._service = service if service is not None else EngineService(self)
        self._service.finished.connect(self._on_job_done)
        self._service.failed.connect(self._on_job_failed)
        self._service.cancelled.connect(self._on_job_cancelled)
        #: the panel's work: while it is shown
        self.work = ViewWork(self._service, self, self._catch_up)
        #: the (deal, leader, game name) asked for last; its answer is the only one shown
        self._asked: tuple[Deal, Player, str] | None = None
        #: the one whose line is on the panel (or that failed): nothing more to compute
        self._settled: tuple[Deal, Player, str] | None = None
        self._error = ""  # the refusal or failure in the status line
        self._strategist = Strategist()
        self._game = find_game("whist")
        #: marks by exact search (another game than whist); None: by values
        self._searcher: Searcher | None = None
        self._deal: Deal | None = None
        self._doc: Document | None = None
        #: the positions of the line on the panel, its first card to its last
        self._positions: list[Position] = []
        #: the cards played from them (the record; one card fewer than positions)
        self._line: PlayLine | None = None
        self._index = 0  # position shown: self._positions[self._index]
        self._turns: dict[Position, Turn] = {}
        self._confirmations: dict[Position, list[Disagreement]] = {}
        self._then: tuple[object, tuple[Card, ...]] = (None, ())  # play_from's line
        self._timer = QTimer(self)
        self._timer.setInterval(700)
        self._timer.timeout.connect(self._autostep)

        outer = QVBoxLayout(self)
        outer.setContentsMargins(4, 4, 4, 4)
        bar = QHBoxLayout()
        self.buttons: dict[str, QToolButton] = {}
        for key, text, tip, slot in (
            ("start", "|◀", "To the start (Home)", self.to_start),
            ("back", "◀", "Back one card (Left)", self.back),
            ("next", "▶", "Next card (Right)", self.next_card),
            ("trick", "▶▶", "Next trick (Down)", self.next_trick),
            ("end", "▶|", "To the end (End)", self.to_end),
        ):
            b = QToolButton(self)
            b.setText(text)
            b.setToolTip(tip)
            b.clicked.connect(slot)
            bar.addWidget(b)
            self.buttons[key] = b
        self.auto_button = QToolButton(self)
        self.auto_button.setText("Autoplay")
        self.auto_button.setCheckable(True)
        self.auto_button.toggled.connect(self.set_autoplay)
        bar.addWidget(self.auto_button)
        self.status = QLabel("Open a deal: View ▸ Optimal Play.", self)
        self.status.setObjectName("playStatus")
        self._cancelled = False  # the last computation was cancelled: its start is shown
        self._job = 0  # the newest play job (values or search)
        self.status.setWordWrap(True)
        self.status.setTextFormat(Qt.TextFormat.RichText)
        self.status.linkActivated.connect(self._on_status_link)
        bar.addWidget(self.status, 1)
        # while a deal is computed, the progress line stands in the status's place (in the
        # same row: the panel is no taller while it computes)
        self.progress = ProgressLine(self)
        self.progress.cancelled.connect(self.cancel)
        self.progress.shown.connect(lambda on: self.status.setVisible(not on))
        self.progress.watch(self._service)
        bar.addWidget(self.progress, 1)
        self.export_button = QToolButton(self)
        self.export_button.setText("Export")
        self.export_button.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)
        menu = QMenu(self.export_button)
        for label, suffix in (
            ("Record as text…", ".txt"),
            ("Record as PNG…", ".png"),
            ("Record as SVG…", ".svg"),
            ("Record as PDF…", ".pdf"),
            ("Record as LaTeX…", ".tex"),
        ):
            act = menu.addAction(label)
            act.triggered.connect(lambda _=False, s=suffix: self._export_dialog(s))
        self.export_button.setMenu(menu)
        bar.addWidget(self.export_button)
        self.from_field = LineField(self.play_from, self)  # in the bar: no row of its own
        bar.addWidget(self.from_field, 1)
        outer.addLayout(bar)
        self.alarm = QLabel(self)
        self.alarm.setObjectName("disagreement")
        self.alarm.setWordWrap(True)
        self.alarm.hide()
        outer.addWidget(self.alarm)
        self.banner = StaleBanner(
            "Play the current deal",
            "Leave this line and play the table's deal from the start",
            self.follow,
            self,
        )
        self.banner_text, self.follow_button = self.banner.text, self.banner.button
        outer.addWidget(self.banner)

        split = QSplitter(Qt.Orientation.Horizontal, self)
        self.table = CardTable(parent=split)
        self.table.play_mode = True
        self.table.show_hint = False
        self.table.pool_title = "Played"
        self.table.setAcceptDrops(False)
        self.table.pool_only = ()  # nothing played before a deal is open
        self.table.cardActivated.connect(self.play)
        split.addWidget(self.table)
        split.addWidget(self._sidebar(split))
        # the hands at the table's least width, the reasons the rest: the wider they are,
        # the fewer lines each takes and the more cards the list shows
        split.setStretchFactor(0, 0)
        split.setStretchFactor(1, 1)
        split.setSizes([self.table.minimumSizeHint().width(), 10_000])
        outer.addWidget(split, 1)

        for key, slot in (
            ("Right", self.next_card),
            ("Left", self.back),
            ("Down", self.next_trick),
            ("Home", self.to_start),
            ("End", self.to_end),
        ):
            act = QAction(key, self)
            act.setShortcut(QKeySequence(key))
            act.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
            act.triggered.connect(slot)
            self.addAction(act)
        self._update_buttons()
        self._restyle()
        if session is not None:
            session.documentChanged.connect(self._on_document)

    def _sidebar(self, parent: QWidget) -> QWidget:
        """Beside the table: the card to play and why, every legal card with its mark, cost
        and reason (most of the height), and under them the suits' labels and the record."""
        right = QWidget(parent)
        col = QVBoxLayout(right)
        col.setContentsMargins(0, 0, 0, 0)
        self.why = QLabel(right)
        self.why.setObjectName("why")
        self.why.setWordWrap(True)
        self.why.setTextFormat(Qt.TextFormat.RichText)
        self.why.setAlignment(Qt.AlignmentFlag.AlignTop)
        col.addWidget(self.why)
        split = QSplitter(Qt.Orientation.Vertical, right)
        self.cards = CardList(split)
        self.cards.itemActivated.connect(self._on_item)
        below = QSplitter(Qt.Orientation.Horizontal, split)
        self.labels = QLabel()
        self.labels.setObjectName("suitLabels")
        self.labels.setTextFormat(Qt.TextFormat.RichText)
        self.labels.setWordWrap(True)
        self.labels.setAlignment(Qt.AlignmentFlag.AlignTop)
        self.labels.setMargin(3)
        scroll = QScrollArea(below)
        scroll.setObjectName("suitLabelsScroll")
        scroll.setWidgetResizable(True)
        scroll.setWidget(self.labels)
        self.record = RecordView(below)
        self.record.stepClicked.connect(self.go_to)
        below.addWidget(scroll)
        below.addWidget(self.record)
        below.setSizes([330, 330])  # the labels fit a line a suit beside the record
        split.addWidget(self.cards)
        split.addWidget(below)
        split.setStretchFactor(0, 4)
        split.setStretchFactor(1, 1)
        split.setSizes([4000, 1000])  # the card list takes four parts of the height in five
        col.addWidget(split, 1)
        return right

    # -- following the session ------------------------------------------------------------
    @property
    def stale(self) -> bool:
        """Is the panel playing an earlier deal than the session's (a line in progress)?"""
        return not self.banner.isHidden()

    def _session_key(self) -> tuple[Deal, Player, str] | None:
        if self._session is None:
            return None
        doc = self._session.document
        return (doc.deal, doc.lead, doc.game)

    def _on_document(self, _doc: object) -> None:
        key = self._session_key()
        self.from_field.follow_deal(key)
        if self._asked is None or key == self._asked:
            self.banner.hide()
            return  # never opened, or already this deal
        if self.work.defer():
            return  # hidden: it catches up when shown
        self._catch_up()

    def _catch_up(self) -> None:
        """The session moved on, or the panel's work was stopped while it was hidden: follow
        the session, unless a line is in progress; compute what was stopped."""
        key = self._session_key()
        if key is not None and key != self._asked:
            in_progress = self._index > 0 and self._asked is not None
            if not in_progress:
                self.follow()
                return
            self.banner.say(self._changed_text(key))
        asked = self._asked
        if asked is not None and asked != self._settled:
            self.set_deal(*asked)  # stopped while hidden: computed again
        elif self.position is not None:
            self._confirm(self.position)

    def _changed_text(self, key: tuple[Deal, Player, str]) -> str:
        """The banner over a line in progress: what it plays, and what changed on the table."""
        assert self._asked is not None
        deal, leader, game = self._asked
        new_deal, new_leader, new_game = key
        played = count(self._index, "card")
        title = game_label(find_game(game))
        if new_deal != deal:
            text = (
                f"Playing an earlier deal: {deal} ({title}, {leader.name.title()} on lead), "
                f"{played} played."
            )
        else:
            text = f"Playing {deal} in {title} ({leader.name.title()} on lead), {played} played."
        same = "" if new_deal != deal else " (the deal is the same)"
        if new_deal != deal:
            text += f" The table's deal is now {new_deal}."
        if new_game != game:
            text += f" The table's game is now {game_label(find_game(new_game))}{same}."
        if new_leader != leader:
            text += f" On the table {new_leader.name.title()} is now on lead{same}."
        return text

    def follow(self) -> str | None:
        """Play the session's deal from the start (the line on the panel is left); returns
        why it cannot be played (shown on the panel too), or None."""
        self.banner.hide()
        if self._session is None:
            return "the panel has no session to follow"
        doc = self._session.document
        try:
            self.set_deal(doc.deal, doc.lead, doc.game)
        except WhistError as exc:
            self._service.cancel("play")
            self._asked = self._settled = (doc.deal, doc.lead, doc.game)
            self._clear(f"No optimal play of {doc.deal}: {exc}")
            return str(exc)
        return None

    def _clear(self, message: str) -> None:
        """Nothing to play; ``message`` says why."""
        self.set_autoplay(False)
        self._positions = []
        self._line = None
        self._index = 0
        self._deal = None
        self._turns.clear()
        self.alarm.hide()
        self.cards.clear()
        self.why.clear()
        self.labels.clear()
        self.record.show_line(None)
        self.progress.finish()
        self.table.pool_only = ()  # nothing is played: the pool stays empty
        self.table.set_marks({}, set(), set())
        self.table.set_document(Document.new())
        self._set_error(message)
        self._update_buttons()

    def _show_start(self, start: Position, game: Game) -> None:
        """While ``start``'s values or search are computed: the deal as dealt on the table
        (nothing played, no marks) and the record's first line; nothing to step through
        yet (the progress line says what is computed)."""
        self.set_autoplay(False)
        self._positions = []
        self._line = None
        self._index = 0
        self._deal = None
        self._doc = None
        self._turns.clear()
        self.alarm.hide()
        self.cards.clear()
        self._say_pending()
        self.labels.setText("")
        self.record.show_line(None, f"{start.deal} — {start.leader.word} on lead")
        self.table.pool_only = ()
        self.table.set_marks({}, set(), set())
        self.table.set_document(Document.from_deal(start.deal, lead=start.leader, game=game.name))
        arrow = {start.leader: "▶ "}
        self.table.west_title = f"{arrow.get(Player.WEST, '')}West · 0 tricks"
        self.table.east_title = f"{arrow.get(Player.EAST, '')}East · 0 tricks"
        self.table.update()
        self._update_buttons()

    def _say_pending(self) -> None:
        muted = colours(self.palette()).muted
        self.why.setText(
            f"<span style='color:{muted}'>Every legal card's mark, cost and reason follow "
            "once the deal is computed.</span>"
        )

    def cancel(self) -> None:
        """Stop computing the deal (the start stays on the table; the status offers to
        compute it again)."""
        self._service.cancel("play")

    def _set_error(self, message: str) -> None:
        """``message`` in the status line, in the theme's red."""
        self._error = message
        self.status.setText(f"<span style='color:{self._red()}'>{esc(message)}</span>")

    def _red(self) -> str:
        return colours(self.palette()).error

    # -- the theme ------------------------------------------------------------------------
    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if is_theme_change(event):
            self._restyle()

    def _restyle(self) -> None:
        """Paint again what the panel colours itself, in the palette's theme."""
        roles = colours(self.palette())
        self.alarm.setStyleSheet(
            f"background: {roles.alarm_fill}; color: {roles.alarm_text}; font-weight: bold; "
            "padding: 4px;"
        )
        pos = self.position
        if self._error:
            self._set_error(self._error)
        elif pos is not None and self._doc is not None:
            turn = self.turn(pos)
            self._show_cards(pos, turn)
            self._show_status(turn)
        elif self._asked is not None:  # the start, computing or cancelled
            self._say_pending()
            if self._cancelled:
                self._say_cancelled()

    # -- the engine service's answers -------------------------------------------------------
    def _on_job_done(self, _job: int, channel: str, tag: object, result: object) -> None:
        if channel == "play" and tag == self._asked and isinstance(result, Ready):
            self._on_ready(0, result)
        elif channel == "play-confirm" and tag == self._asked:
            self._on_confirmed(0, result)  # type: ignore[arg-type]

    def _on_job_failed(self, _job: int, channel: str, tag: object, message: str) -> None:
        if channel == "play" and tag == self._asked:
            self._on_failed(0, message)

    def _on_job_cancelled(self, job: int, channel: str) -> None:
        if channel != "play" or job != self._job:
            return
        self.progress.finish()
        if not self.work.active:
            return  # hidden: computed again when shown
        self._cancelled = True
        self._say_cancelled()

    def _say_cancelled(self) -> None:
        muted = colours(self.palette()).muted
        self.status.setText(
            f"<span style='color:{muted}'>Cancelled: the start of the deal is shown, "
            "unmarked.</span> <a href='again'>Compute again</a>"
        )

    def _on_status_link(self, link: str) -> None:
        if link == "again" and self._asked is not None:
            deal, leader, game = self._asked
            self.set_deal(deal, leader, game)

    # -- opening a deal -------------------------------------------------------------------
    @property
    def game(self) -> Game:
        """The game the panel plays (the rules of its deal)."""
        return self._game

    @property
    def by_search(self) -> bool:
        """Are the cards marked by exact search (another game than whist)?"""
        return self._searcher is not None

    def _mark_header(self) -> str:
        return "West ends with" if self._game.counts_tricks else "Who wins"

    def set_deal(self, deal: Deal, leader: Player, game: Game | str = "whist") -> int:
        """Start playing ``deal`` in ``game`` with ``leader`` on lead: whist's values, or for
        another game every position by exact search, are computed in the background
        (:attr:`ready` follows). Raises a WhistError at once for a deal the game's way of
        playing cannot take."""
        start, g = start_position(deal, leader, game)
        self.set_autoplay(False)
        self.banner.hide()
        self._asked = key = (deal, leader, g.name)
        self._settled = None
        self._error = ""
        self._cancelled = False
        self._show_start(start, g)
        if played_by_values(g, deal):
            label = f"Valuing {deal} for play"
            self.status.setText(
                f"{esc(str(deal))}, {leader.word} on lead: computing the values that mark "
                "every card …"
            )

            def values(ctx: JobContext) -> Ready:
                ev = ctx.memo(g.name).evaluator
                ev.value(start.deal)
                return Ready(start, g, strategist=value_strategist(g, ev.snapshot()))

            self._job = self.work.submit("play", values, label=label, tag=key)
            self.progress.start(self._job, "Valuing the deal for play")
            return self._job
        label = f"Searching every position of {deal} ({game_label(g)})"
        self.status.setText(
            f"{esc(str(deal))}, {leader.word} on lead: searching every position in "
            f"{esc(game_label(g))} …"
        )
        self._job = self.work.submit(
            "play", lambda ctx: warm_search(start, g, ctx.new_solver()), label=label, tag=key
        )
        self.progress.start(self._job, f"Searching every position ({game_label(g)})")
        return self._job

    def set_deal_now(self, deal: Deal, leader: Player, game: Game | str = "whist") -> None:
        """As :meth:`set_deal`, computing on this thread (scripts, headless figures)."""
        start, g = start_position(deal, leader, game)
        self._asked = (deal, leader, g.name)
        self._error = ""
        self._cancelled = False
        by_values = played_by_values(g, deal)
        ready = warm_values(start, g) if by_values else warm_search(start, g, Solver())
        self._on_ready(0, ready)

    def _on_ready(self, _job: int, ready: Ready) -> None:
        start, g = ready.start, ready.game
        self._settled = (start.deal, start.leader, g.name)
        self.progress.finish()
        self._game = g
        self._searcher = ready.searcher
        if ready.strategist is not None:
            self._strategist = ready.strategist
        self.cards.set_mark_header(self._mark_header())
        self._deal = start.deal
        self._doc = Document.from_deal(start.deal, lead=start.leader, game=g.name)
        self._positions = [start]
        sr = self._searcher
        if sr is None:
            self._line = value_line(replace(ready, strategist=self._strategist))
        else:
            self._line = PlayLine(
                start.deal,
                start.leader,
                (),
                sr.solver.result(start),
                sr.value(start),
                confirmed=True,
                rules=g.rules,
                method="search",
                game=g.name,
            )
        self._index = 0
        self._turns.clear()
        self._confirmations.clear()
        self.alarm.hide()
        self._show()
        if self._then[0] == self._settled:  # the line play_from was given for this deal
            for card in self._then[1]:
                self.play(card)
        self.ready.emit()

    def _on_failed(self, _job: int, message: str) -> None:
        self._settled = self._asked
        self.progress.finish()
        self._set_error(message)

    # -- turns ----------------------------------------------------------------------------
    @property
    def position(self) -> Position | None:
        return self._positions[self._index] if self._positions else None

    @property
    def played(self) -> list[Step]:
        """The cards played up to the position shown."""
        return list(self._line.steps[: self._index]) if self._line is not None else []

    def line(self) -> PlayLine | None:
        """The record up to the position shown: every export is drawn from it."""
        return self._line.upto(self._index) if self._line is not None else None

    def turn(self, position: Position) -> Turn:
        """Marks, best cards, reasons and labels at ``position`` (cached)."""
        t = self._turns.get(position)
        if t is None:
            sr = self._searcher
            t = (
                search_turn(sr, position)
                if sr is not None
                else value_turn(self._strategist, position)
            )
            self._turns[position] = t
        return t

    @staticmethod
    def _completed(pos: Position) -> int:
        """Tricks finished before ``pos``."""
        return trick_number(pos) - 1

    def _show(self) -> None:
        pos = self.position
        if pos is None or self._doc is None:
            return
        t = self.turn(pos)
        self._show_table(pos, t)
        self._show_cards(pos, t)
        self._show_labels(t)
        self._show_record()
        self._show_status(t)
        self._update_buttons()
        self._confirm(pos)
        self.turnChanged.emit(t)

    def _show_table(self, pos: Position, t: Turn) -> None:
        assert self._doc is not None
        start = self._positions[0].deal
        self.table.pool_only = {
            c
            for c in start.hand(Player.WEST) + start.hand(Player.EAST)
            if pos.deal.holder(c) is None
        }
        self.table.set_document(self._doc.with_deal(pos.deal))
        w = pos.west_tricks
        e = self._completed(pos) - w
        arrow = "▶ " if not pos.is_over and pos.to_move is Player.WEST else ""
        self.table.west_title = f"{arrow}West · {count(w, 'trick')}"
        arrow = "▶ " if not pos.is_over and pos.to_move is Player.EAST else ""
        self.table.east_title = f"{arrow}East · {count(e, 'trick')}"
        current = {pos.led} if pos.led is not None else set()
        marks = {c: mark_text(v) for c, v in t.marks.items()}
        self.table.set_marks(marks, set(t.best), current)

    def _show_cards(self, pos: Position, t: Turn) -> None:
        """The card list, and the card ▶ plays next with its reason: the line's own next
        card when the line goes on from here (selected in the list), else the best."""
        self.cards.show_turn(pos, t, self.palette())
        nxt = t.choice
        if self._line is not None and self._index < len(self._line):
            nxt = self._line[self._index].card
            self.cards.select(nxt)
        if nxt is not None:
            name = esc(card_text(pos.card_name(nxt)))
            head = "Next" if nxt == t.choice else "Next in this line"
            self.why.setText(f"<b>{head}: {name}</b> — {esc(t.reason_text(nxt))}")
        else:
            self.why.setText("")

    def _show_labels(self, t: Turn) -> None:
        before = self.turn(self._positions[self._index - 1]) if self._index else None
        rows = []
        for i, lab in enumerate(t.labels):
            text = esc(lab.text)
            if before is not None and i < len(before.labels) and before.labels[i].text != lab.text:
                was = esc(before.labels[i].text)
                text = f"<b>{text}</b> <small>(was {was})</small>"
            rows.append(text)
        self.labels.setText("<br>".join(rows))

    def record_lines(self) -> list[str]:
        """The line so far, trick by trick, with every card's reason (:meth:`PlayLine.
        text_lines`), cards written ``♦A`` as in the rest of the panel."""
        line = self.line()
        return display_line(line).text_lines() if line is not None else []

    def _show_record(self) -> None:
        self.record.show_line(self.line())

    def _show_status(self, t: Turn) -> None:
        """The header: where play stands now (the value and what it predicts) and what the
        cards that were not best gave away (:func:`~whistgui.ui.trick.play_turns.
        header_html`)."""
        roles = colours(self.palette())
        self.status.setText(
            header_html(
                t,
                self.played,
                self._game,
                by_search=self._searcher is not None,
                red=roles.error,
                muted=roles.muted,
            )
        )

    def _update_buttons(self) -> None:
        n = len(self._positions)
        at_end = self.position is None or self.position.is_over
        self.buttons["start"].setEnabled(self._index > 0)
        self.buttons["back"].setEnabled(self._index > 0)
        for key in ("next", "trick", "end"):
            self.buttons[key].setEnabled(n > 0 and not at_end)

    # -- confirmation by search -----------------------------------------------------------
    def _confirm(self, pos: Position) -> None:
        if pos.is_over or self._deal is None or self._searcher is not None:
            return  # marks by search need no confirmation by search
        if self._positions[0].deal.size > CONFIRM_MAX_CARDS:
            return
        if pos in self._confirmations:
            self._show_alarm(self._confirmations[pos])
            return

        values = self._game.name if pos.rules.greedy else "whist"  # Greedy Whist: its own

        def confirm(ctx: JobContext) -> tuple[Position, list[Disagreement]]:
            memo = ctx.memo(values)
            return pos, Strategist(memo.evaluator, memo.solver).confirm(pos)

        self.work.submit(
            "play-confirm", confirm, label="Confirming the marks by exact search", tag=self._asked
        )

    def _on_confirmed(self, _job: int, result: tuple[Position, list[Disagreement]]) -> None:
        pos, disagreements = result
        self._confirmations[pos] = disagreements
        if pos == self.position:
            self._show_alarm(disagreements)
        self.confirmed.emit(disagreements)

    def _show_alarm(self, disagreements: list[Disagreement]) -> None:
        if disagreements:
            items = "; ".join(str(replace(d, name=card_text(d.name))) for d in disagreements)
            self.alarm.setText(f"Exact search DISAGREES with the values here (a bug): {items}")
            self.alarm.show()
        else:
            self.alarm.hide()

    # -- stepping -------------------------------------------------------------------------
    def play_from(self, text: str) -> str:
        """Play ``text`` (``E:SK W:S9``) from the start of the table's deal: error or ""."""
        try:
            key, cards = read_line(self._session_key() or self._asked, text)
        except WhistError as exc:  # nothing played; a line still to come is not the field's
            self._then = (None, ())
            said = f"From's line refused, nothing played: {esc(str(exc))}"  # whole, not elided
            self.status.setText(said + (" (the cards shown are older)" if self.played else ""))
            return str(exc)
        self._then = (key, cards)
        self.set_deal(*key)
        return ""

    def play(self, card: Card) -> None:
        """Play ``card`` now (any legal card; the line after it is dropped if it differs)."""
        pos = self.position
        if pos is None or pos.is_over:
            return
        t = self.turn(pos)
        if card not in t.marks:
            name = esc(card_text(pos.card_name(card)))
            self.status.setText(
                f"<span style='color:{self._red()}'>{name} cannot be played now</span>"
            )
            return
        assert self._line is not None
        if self._index < len(self._line) and self._line[self._index].card == card:
            self._index += 1  # the same card as before: just step forward
            self._show()
            return
        del self._positions[self._index + 1 :]
        maker = self._searcher if self._searcher is not None else self._strategist
        self._line = self._line.upto(self._index).then(maker.step(pos, card))
        self._positions.append(pos.play(card))
        self._index += 1
        self._show()

    def next_card(self) -> None:
        pos = self.position
        if pos is None or pos.is_over:
            return
        if self._line is not None and self._index < len(self._line):
            self._index += 1
            self._show()
            return
        choice = self.turn(pos).choice
        if choice is not None:
            self.play(choice)

    def next_trick(self) -> None:
        self.next_card()
        pos = self.position
        if pos is not None and pos.led is not None:
            self.next_card()

    def go_to(self, index: int) -> None:
        """Show the position before the line's card ``index`` (the record's line of a card
        leads here): the card list gives every legal card's reason as it stood then."""
        if self._line is not None and 0 <= index <= len(self._line):
            self._index = index
            self._show()

    def back(self) -> None:
        if self._index > 0:
            self._index -= 1
            self._show()

    def to_start(self) -> None:
        if self._positions:
            self._index = 0
            self._show()

    def to_end(self) -> None:
        while self.position is not None and not self.position.is_over:
            self.next_card()

    def set_autoplay(self, on: bool) -> None:
        if on:
            self._timer.start()
        else:
            self._timer.stop()
        if self.auto_button.isChecked() != on:
            self.auto_button.setChecked(on)

    def _autostep(self) -> None:
        pos = self.position
        if pos is not None and not pos.is_over:
            self.next_card()
        pos = self.position
        if pos is None or pos.is_over:
            self.set_autoplay(False)

    def _on_item(self, item: QTreeWidgetItem, _column: int) -> None:
        card = item.data(0, Qt.ItemDataRole.UserRole)
        if isinstance(card, Card):
            self.play(card)

    # -- exports --------------------------------------------------------------------------
    def set_figure_mode(self, on: bool) -> None:
        """Hide the step controls for a figure, or show them."""
        for w in (*self.buttons.values(), self.auto_button, self.export_button):
            w.setVisible(not on)

    def record_latex(self) -> str:
        """The record as a LaTeX ``tabular``: trick, player, card, mark, reason
        (:meth:`PlayLine.latex`), cards written as in the panel (``♦A``)."""
        line = self.line()
        return display_line(line).latex() if line is not None else ""

    def export(self, path: str | Path) -> Path:
        """Write the record as .txt, .tex (the record's LaTeX), or a figure drawn from it
        (.png at 300 dpi, .svg, .pdf; 120 mm wide, 9 pt), up to the card shown."""
        target = Path(path)
        suffix = target.suffix.lower()
        try:
            if suffix == ".txt":
                target.write_text("\n".join(self.record_lines()) + "\n", encoding="utf-8")
                return target
            if suffix == ".tex":
                target.write_text(self.record_latex(), encoding="utf-8")
                return target
        except OSError as exc:
            raise ValueError(f"could not write {str(target)!r}: {exc.strerror}") from exc
        if self._line is None or self._doc is None:
            raise WhistError("no deal is being played: nothing to export")
        fig = build_play(self._doc, 120 * 72 / 25.4, line=self._line, cards=self._index)
        try:
            return write_figure(fig, target)
        except FigureError as exc:
            raise ValueError(str(exc)) from exc

    def _export_dialog(self, suffix: str) -> None:
        from PySide6.QtWidgets import QFileDialog, QMessageBox

        path, _ = QFileDialog.getSaveFileName(self, "Export the record", f"play{suffix}")
        if not path:
            return
        try:
            self.export(path)
        except (ValueError, WhistError) as exc:
            QMessageBox.warning(self, "Export", str(exc))

    def shutdown(self) -> None:
        self._timer.stop()
        if self._own_service:
            self._service.shutdown()
