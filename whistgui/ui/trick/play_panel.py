"""The optimal-play panel: step through a deal played optimally, card by card, and see why.

Every legal card is marked with the tricks West ends with after it (from the values, by the
main theorem), the optimal ones outlined; each card played carries its reason in the paper's
terms and every suit its label. The user may play any card instead (click it, or Enter on it):
the panel goes on from there and says what the mistake cost. Turns are cached by position, so
stepping back and forth recomputes nothing. For deals of at most 8 cards a hand every mark is
confirmed by exact search in the background, and a disagreement is shown loudly.

That is whist and refined whist. The other games are played by their own rules and marked by
exact search (:class:`~whistgui.engine.strategy.Searcher`): the marks are West's tricks
(Greedy Whist) or the winner (``W``/``E``, the last-trick games), the labels and the running
value their theory's elements where it covers the cards left. Every position of the deal is
searched in the background first (greedy replies keep that small), so stepping is a table
look-up; deals of more than :data:`~whistgui.engine.strategy.SEARCH_MAX_CARDS` cards a hand
are refused.

Given the session, the panel follows it: a new deal, lead or game starts the panel afresh —
unless a line is in progress (cards played), which the panel keeps, saying in a banner what
changed on the table (the deal, the game, the lead) with a button to play the current deal.
Its work runs on the app's :class:`~whistgui.ui.engine_service.EngineService` (channels
``play`` and ``play-confirm``), with progress and Cancel in the status bar, and is the panel's
own (:class:`~whistgui.ui.engine_service.ViewWork`): hidden, it computes nothing and stops what
it was computing; shown, it catches up.
"""

from __future__ import annotations

import html
from dataclasses import replace
from pathlib import Path

from PySide6.QtCore import QEvent, Qt, QTimer, Signal
from PySide6.QtGui import QAction, QBrush, QFont, QKeySequence
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QMenu,
    QPlainTextEdit,
    QSplitter,
    QToolButton,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from whistgui.app.analysis import game_label, is_whist
from whistgui.app.analysis import result_text as result_words
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
from whistgui.engine.trick.rules import Scoring
from whistgui.figures import FigureError
from whistgui.figures import write as write_figure
from whistgui.figures.play import build_play, card_text
from whistgui.ui.engine_service import EngineService, JobContext, ViewWork
from whistgui.ui.theme import colour, colours, contrasting_text, is_theme_change
from whistgui.ui.trick.banner import StaleBanner
from whistgui.ui.trick.play_turns import (
    Ready,
    Turn,
    display_line,
    search_turn,
    start_position,
    value_turn,
    warm_search,
    warm_values,
)
from whistgui.ui.trick.session import Session
from whistgui.ui.trick.table import CardTable


def _esc(text: str) -> str:
    """Text for a rich-text label (apostrophes are fine as they are)."""
    return html.escape(text, quote=False)


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
        self.status.setWordWrap(True)
        self.status.setTextFormat(Qt.TextFormat.RichText)
        self.status.linkActivated.connect(self._on_status_link)
        bar.addWidget(self.status, 1)
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
        self.table.cardActivated.connect(self.play)
        right = QSplitter(Qt.Orientation.Vertical, split)
        self.cards = QTreeWidget(right)
        self.cards.setObjectName("cardMarks")
        self.cards.setHeaderLabels(list(self._card_headers()))
        self.cards.setRootIsDecorated(True)
        self.cards.itemActivated.connect(self._on_item)
        self.why = QLabel(right)
        self.why.setObjectName("why")
        self.why.setWordWrap(True)
        self.why.setTextFormat(Qt.TextFormat.RichText)
        self.why.setAlignment(Qt.AlignmentFlag.AlignTop)
        self.labels = QLabel(right)
        self.labels.setObjectName("suitLabels")
        self.labels.setTextFormat(Qt.TextFormat.RichText)
        self.labels.setWordWrap(True)
        self.labels.setAlignment(Qt.AlignmentFlag.AlignTop)
        self.record = QPlainTextEdit(right)
        self.record.setObjectName("playRecord")
        self.record.setReadOnly(True)
        right.addWidget(self.cards)
        right.addWidget(self.why)
        right.addWidget(self.labels)
        right.addWidget(self.record)
        right.setSizes([200, 80, 100, 240])
        split.addWidget(self.table)
        split.addWidget(right)
        split.setSizes([640, 560])
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
        if new_deal != deal:
            text = (
                f"Playing an earlier deal: {deal} ({game}, {leader.name.title()} on lead), "
                f"{played} played."
            )
        else:
            text = f"Playing {deal} in {game} ({leader.name.title()} on lead), {played} played."
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
        self.record.clear()
        self.table.set_document(Document.new())
        self._set_error(message)
        self._update_buttons()

    def _set_error(self, message: str) -> None:
        """``message`` in the status line, in the theme's red."""
        self._error = message
        self.status.setText(f"<span style='color:{self._red()}'>{_esc(message)}</span>")

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
            self._show_status(pos, turn)

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
        if not self.work.active:
            return  # hidden: computed again when shown
        if channel == "play" and self._service.is_newest(job, channel):
            self.status.setText("Cancelled. <a href='again'>Compute again</a>")

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

    def _card_headers(self) -> tuple[str, str, str]:
        mark = "West ends with" if self._game.counts_tricks else "Who wins"
        return ("Card", mark, "Why")

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
        if is_whist(g):
            self.status.setText(f"Computing the values of {_esc(str(deal))} …")

            def values(ctx: JobContext) -> Ready:
                ev = ctx.memo(g.name).evaluator
                ev.value(start.deal)
                return Ready(start, g, strategist=Strategist(ev.snapshot()))

            return self.work.submit("play", values, label=f"Valuing {deal} for play", tag=key)
        self.status.setText(f"Searching {_esc(str(deal))} in {_esc(g.name)} …")
        return self.work.submit(
            "play",
            lambda ctx: warm_search(start, g, ctx.new_solver()),
            label=f"Searching every position of {deal} ({g.name})",
            tag=key,
        )

    def set_deal_now(self, deal: Deal, leader: Player, game: Game | str = "whist") -> None:
        """As :meth:`set_deal`, computing on this thread (scripts, headless figures)."""
        start, g = start_position(deal, leader, game)
        self._asked = (deal, leader, g.name)
        self._error = ""
        ready = warm_values(start, g) if is_whist(g) else warm_search(start, g, Solver())
        self._on_ready(0, ready)

    def _on_ready(self, _job: int, ready: Ready) -> None:
        start, g = ready.start, ready.game
        self._settled = (start.deal, start.leader, g.name)
        self._game = g
        self._searcher = ready.searcher
        if ready.strategist is not None:
            self._strategist = ready.strategist
        self.cards.setHeaderLabels(list(self._card_headers()))
        self._deal = start.deal
        self._doc = Document.from_deal(start.deal, lead=start.leader, game=g.name)
        self._positions = [start]
        sr = self._searcher
        if sr is None:
            self._line = PlayLine(
                start.deal,
                start.leader,
                (),
                self._strategist.predicted(start),
                self._strategist.value(start),
            )
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
        self.ready.emit()

    def _on_failed(self, _job: int, message: str) -> None:
        self._settled = self._asked
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
        self._show_status(pos, t)
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
        self.cards.clear()
        deal = pos.deal
        player = pos.to_move
        bold = QFont()
        bold.setBold(True)
        for i, suit in enumerate(deal.suits):
            for seq in suit.sequences(player):
                cards = [Card(i, r) for r in seq if Card(i, r) in t.marks]
                if not cards:
                    continue
                mark = t.marks[cards[0]]
                names = " ".join(card_text(pos.card_name(c)) for c in cards)
                optimal = cards[0] in t.best
                top = QTreeWidgetItem([("★ " if optimal else "") + names, result_words(mark), ""])
                top.setData(0, Qt.ItemDataRole.UserRole, cards[-1])
                reason = t.reasons.get(cards[-1]) or next(
                    (t.reasons[c] for c in cards if c in t.reasons), ""
                )
                top.setText(2, reason)
                top.setToolTip(2, reason)
                if optimal:
                    fill = colour("optimal_fill", self.palette())
                    for col in range(3):
                        top.setFont(col, bold)
                        top.setBackground(col, QBrush(fill))
                        top.setForeground(col, QBrush(contrasting_text(fill)))
                for c in cards if len(cards) > 1 else []:
                    child = QTreeWidgetItem(
                        [card_text(pos.card_name(c)), result_words(t.marks[c]), ""]
                    )
                    child.setData(0, Qt.ItemDataRole.UserRole, c)
                    top.addChild(child)
                self.cards.addTopLevelItem(top)
        self.cards.resizeColumnToContents(0)
        self.cards.resizeColumnToContents(1)
        if t.choice is not None:
            name = _esc(card_text(pos.card_name(t.choice)))
            self.why.setText(f"<b>Next: {name}</b> — {_esc(t.reasons[t.choice])}")
        else:
            self.why.setText("")

    def _show_labels(self, t: Turn) -> None:
        before = self.turn(self._positions[self._index - 1]) if self._index else None
        rows = []
        for i, lab in enumerate(t.labels):
            text = _esc(lab.text)
            if before is not None and i < len(before.labels) and before.labels[i].text != lab.text:
                was = _esc(before.labels[i].text)
                text = f"<b>{text}</b> <small>(was {was})</small>"
            rows.append(text)
        self.labels.setText("<br>".join(rows))

    def record_lines(self) -> list[str]:
        """The line so far, trick by trick, with every card's reason (:meth:`PlayLine.
        text_lines`), cards written ``♦A`` as in the rest of the panel."""
        line = self.line()
        return display_line(line).text_lines() if line is not None else []

    def _show_record(self) -> None:
        self.record.setPlainText("\n".join(self.record_lines()))
        self.record.verticalScrollBar().setValue(self.record.verticalScrollBar().maximum())

    def _show_status(self, pos: Position, t: Turn) -> None:
        if self._searcher is not None:
            text = self._search_status(pos, t)
        elif pos.is_over:
            n = pos.west_tricks
            text = f"Play is over: West took <b>{count(n, 'trick')}</b>."
        else:
            who = "West" if pos.to_move is Player.WEST else "East"
            trick = self._completed(pos) + 1
            text = (
                f"Trick {trick}, <b>{who}</b> to play. Value {t.value_text}: "
                f"West should end with <b>{t.predicted}</b>."
            )
        last = self.played[-1] if self.played else None
        if last is not None and last.cost > 0:
            who = "West" if last.player is Player.WEST else "East"
            name = _esc(card_text(last.name))
            text += (
                f" <span style='color:{self._red()}'>{who}'s {name} gave away "
                f"{last.cost_text}.</span>"
            )
        self.status.setText(text)

    def _search_status(self, pos: Position, t: Turn) -> str:
        """The status line of a game played by search."""
        scoring = self._game.rules.scoring
        if pos.is_over:
            text = f"Play is over: West took <b>{count(pos.west_tricks, 'trick')}</b>"
            if scoring.counts_tricks:
                return text + "."
            last = pos.leader.name.title()  # the last trick's winner leads next
            verb = "wins" if scoring is Scoring.LAST_TRICK_WINS else "loses"
            return f"{text}; {last} took the last trick and <b>{verb}</b>."
        who = pos.to_move.name.title()
        text = f"Trick {self._completed(pos) + 1}, <b>{who}</b> to play ({_esc(self._game.name)})."
        if t.value_text:
            text += f" Element {_esc(t.value_text)}: {_esc(t.value_words)}."
        if isinstance(t.predicted, Player):
            return text + f" By exact search <b>{t.predicted.name.title()} should win</b>."
        return text + f" By exact search West should end with <b>{mark_text(t.predicted)}</b>."

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

        def confirm(ctx: JobContext) -> tuple[Position, list[Disagreement]]:
            memo = ctx.memo("whist")
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
    def play(self, card: Card) -> None:
        """Play ``card`` now (any legal card; the line after it is dropped if it differs)."""
        pos = self.position
        if pos is None or pos.is_over:
            return
        t = self.turn(pos)
        if card not in t.marks:
            name = _esc(card_text(pos.card_name(card)))
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
