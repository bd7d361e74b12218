"""The GOPS workspace's Strategies page (issue 30): two strategies for the session's game (its
N and rules), played exactly — A's expected result as a fraction and a decimal and the
distribution of results; the best reply to either, its value, the exploitability and the turns
where it bids otherwise than the strategy it answers (a click shows the state in the explorer);
a tournament of strategies named, its matrix coloured by sign, deeper the larger.

Every computation is the page's work on the engine service (a :class:`ViewWork`: it runs while
the page is shown, with progress and Stop); each result carries the rules it was computed for —
new rules mark the results shown *stale* (greyed, with a line saying for which game they were)
and drop any result still under way.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any, Final

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QKeySequence, QPalette, QShortcut
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QScrollArea,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from whistgui.app.gops_strategies import (
    Deviation,
    Reply,
    StrategyChoice,
    choices_of,
    path_to,
    play_pair,
    read_choice,
    reply_to,
    tournament_of,
)
from whistgui.engine.errors import WhistError
from whistgui.engine.gops import GopsRules, GopsState
from whistgui.engine.gops.exact_play import PlayResult, fraction_text
from whistgui.figures import Figure, FigureOptions
from whistgui.ui.engine_service import EngineService, JobContext, ViewWork
from whistgui.ui.gops.colours import heat_colour
from whistgui.ui.gops.session import GopsSession
from whistgui.ui.gops.strategy_picker import StrategyPicker
from whistgui.ui.gops.value_panel import approximate_text, digits_text
from whistgui.ui.theme import contrasting_text, text_role
from whistgui.ui.widgets.figure_dialog import FigureSource

__all__ = ["CHANNELS", "TOURNAMENT_VIEWS", "StrategyPage"]

#: The figures of the page (File ▸ Export Figure while it is shown).
TOURNAMENT_VIEWS: Final = {
    "tournament": "every pair's exact result as a matrix: A's strategies in rows, B's in columns"
}

PLAY: Final = "gops-strategy-play"
REPLY: Final = "gops-strategy-reply"
TOURNAMENT: Final = "gops-strategy-tournament"
FILE: Final = "gops-strategy-file"
#: the rounds that lead to a deviation's state (a search: seconds for some states of N = 7)
PATH: Final = "gops-strategy-path"
CHANNELS: Final = (PLAY, REPLY, TOURNAMENT, FILE, PATH)
#: The tournament's strategies to begin with.
DEFAULT_TOURNAMENT: Final = "face, face+1, face+2, random"


def _decimal(x: Fraction) -> str:
    return f"{float(x):+.6f}".replace("-", "−")


#: Fractions longer than this are shown cut (their first and last digits) or as decimals.
_LONG = 41


def _exact(x: Fraction) -> str:
    """The fraction, or its first and last digits when long (an optimal strategy's are)."""
    text = fraction_text(x)
    return text.replace("-", "−") if len(text) <= _LONG else digits_text(x, 4)


def _short(x: Fraction) -> str:
    """The fraction, or ``≈`` its decimal when long."""
    text = fraction_text(x)
    return text.replace("-", "−") if len(text) <= _LONG else f"≈ {approximate_text(x)}"


def _points(x: Fraction) -> str:
    """Points: whole, or with a half (ties split the pot)."""
    return str(x.numerator) if x.denominator == 1 else f"{float(x):g}"


def _bids_text(bids: tuple[tuple[int, Fraction], ...]) -> str:
    if len(bids) == 1:
        return str(bids[0][0])
    return ", ".join(f"{b}: {_short(p)}" for b, p in bids)


def _item(text: str, tip: str = "") -> QTableWidgetItem:
    item = QTableWidgetItem(text)
    item.setFlags(Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable)
    item.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
    if tip:
        item.setToolTip(tip)
    return item


def _table(parent: QWidget, name: str) -> QTableWidget:
    t = QTableWidget(parent)
    t.setAccessibleName(name)
    t.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
    t.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
    t.setFixedHeight(t.horizontalHeader().sizeHint().height() + 2 * t.frameWidth() + 4)
    return t


def _fit_width(t: QTableWidget) -> None:
    """As wide as its columns and a vertical scroll bar: no column cut, no horizontal bar."""
    cols = sum(t.columnWidth(c) for c in range(t.columnCount()))
    header = t.verticalHeader().width() if t.verticalHeader().isVisible() else 0
    bar = t.verticalScrollBar().sizeHint().width()
    t.setFixedWidth(cols + header + bar + 2 * t.frameWidth())


def _fit_height(t: QTableWidget, most: int) -> None:
    """As tall as its rows (at most ``most`` pixels: it scrolls beyond)."""
    rows = sum(t.rowHeight(r) for r in range(t.rowCount()))
    bar = t.horizontalScrollBar().sizeHint().height()
    t.setFixedHeight(min(most, t.horizontalHeader().height() + rows + 2 * t.frameWidth() + bar))


class _Section(QGroupBox):
    """A result's box: a line saying it is stale (hidden until it is), the result under it."""

    def __init__(self, title: str, parent: QWidget) -> None:
        super().__init__(title, parent)
        self.stale_label = QLabel(self)
        self.stale_label.setWordWrap(True)
        text_role(self.stale_label, "error")
        self.stale_label.hide()
        self.body = QWidget(self)
        self.rules: GopsRules | None = None
        self.choices: tuple[Any, ...] = ()
        layout = QVBoxLayout(self)
        layout.addWidget(self.stale_label)
        layout.addWidget(self.body)

    def fresh(self, rules: GopsRules, choices: tuple[Any, ...] = ()) -> None:
        """The result shown is of ``rules`` and the strategies ``choices``."""
        self.rules = rules
        self.choices = choices
        self.stale_label.hide()
        self.body.setEnabled(True)

    def mark_stale(self, now: GopsRules, choices: tuple[Any, ...] | None = None) -> None:
        """Grey the result, saying why, unless it is of the game ``now`` (and of the strategies
        ``choices``, when given) — and un-grey it when they are again what it was computed for
        (N 6 → 5 → 6)."""
        if self.rules is None:
            return
        why = []
        if self.rules != now:
            why.append(f"computed for {self.rules.describe()}; the game is now {now.describe()}")
        if choices is not None and choices != self.choices:
            why.append("the strategies or the prize order have changed since")
        if not why:
            self.stale_label.hide()
            self.body.setEnabled(True)
            return
        self.stale_label.setText(f"Stale: {'; '.join(why)} — compute again.")
        self.stale_label.show()
        self.body.setEnabled(False)

    @property
    def stale(self) -> bool:
        return not self.stale_label.isHidden() or not self.body.isEnabled()


class StrategyPage(QScrollArea):
    """The page; ``showTurn(state, shown, rounds)`` asks the workspace to show a state (as the
    explorer sees it: A's side) whose prize just turned is ``shown``, reached by ``rounds``
    (found on the engine service when a deviation is clicked)."""

    message = Signal(str)
    showTurn = Signal(object, int, object)

    def __init__(
        self, session: GopsSession, engine: EngineService, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.setObjectName("gopsStrategies")
        self.setWidgetResizable(True)
        self.session = session
        self.engine = engine
        self.work = ViewWork(engine, self, self._catch_up)
        #: jobs asked for and not done: channel → (job, label, tag), resubmitted when shown
        self._asked: dict[str, tuple[Any, str, Any]] = {}
        self._jobs: dict[int, str] = {}
        #: each job's label, without "GOPS: " (the page's status: the label once, then the phase)
        self._labels: dict[int, str] = {}
        #: the engine's job under way, anyone's: (job, label) — a job of this page waits
        #: behind it, and says so (review 31b, C4)
        self._engine_job: tuple[int, str] | None = None
        self.play_result: PlayResult | None = None
        self.reply: Reply | None = None
        self.matrix: list[list[PlayResult]] | None = None
        self._tournament_scale = 1.0
        self._reading: str = ""  # the picker whose file is being read
        #: the games' values computed (for the exploitability: 13 s at N = 6)
        self._game_values: dict[tuple[GopsRules, str], Fraction] = {}

        inner = QWidget(self)
        self.setWidget(inner)
        top = QVBoxLayout(inner)

        self.rules_label = QLabel(inner)
        self.rules_label.setWordWrap(True)
        self.a_picker = StrategyPicker("A", StrategyChoice("face", 1), inner)
        self.b_picker = StrategyPicker("B", StrategyChoice("face"), inner)
        self.play_button = QPushButton("&Play A against B", inner)
        self.play_button.setToolTip("A's exact expected result and its distribution (Alt+P)")
        self.stop_button = QPushButton("Stop", inner)
        self.stop_button.setToolTip("Stop the computation under way (Esc)")
        self.stop_button.setEnabled(False)
        self.status = QLabel(inner)
        self.status.setWordWrap(True)
        form = QFormLayout()
        form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.FieldsStayAtSizeHint)
        a_label, b_label = QLabel("Strategy of A:", inner), QLabel("Strategy of B:", inner)
        a_label.setBuddy(self.a_picker.combo)
        b_label.setBuddy(self.b_picker.combo)
        form.addRow(a_label, self.a_picker)
        form.addRow(b_label, self.b_picker)
        # review 31b, C8: the prize order, as the command line's --order
        self.order_combo = QComboBox(inner)
        for text, order in (
            ("random (the thread's game)", "random"),
            ("ascending: 1 first, N last", "ascending"),
            ("descending: N first, 1 last", "descending"),
        ):
            self.order_combo.addItem(text, order)
        self.order_combo.setToolTip(
            "How the prizes are turned (whist gops play --order); optimal plays the game of "
            "that order"
        )
        order_label = QLabel("Prize or&der:", inner)
        order_label.setBuddy(self.order_combo)
        form.addRow(order_label, self.order_combo)
        buttons = QHBoxLayout()
        buttons.addWidget(self.play_button)
        buttons.addWidget(self.stop_button)
        buttons.addWidget(self.status, 1)
        top.addWidget(self.rules_label)
        top.addLayout(form)
        top.addLayout(buttons)

        # -- the play ---------------------------------------------------------------------------
        self.play_box = _Section("A against B, played exactly", inner)
        self.result_label = QLabel(
            "Press Play: A's exact expected result, the distribution of results and of the "
            "final scores.",
            self.play_box.body,
        )
        self.result_label.setWordWrap(True)
        self.result_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.distribution = _table(self.play_box.body, "Distribution of A's result")
        self.distribution.setColumnCount(3)
        self.distribution.setHorizontalHeaderLabels(["A's result", "Probability", "≈"])
        self.distribution.verticalHeader().hide()
        self.scores = _table(self.play_box.body, "Distribution of the final scores")
        self.scores.setColumnCount(3)
        self.scores.setHorizontalHeaderLabels(["Final score A – B", "Probability", "≈"])
        self.scores.verticalHeader().hide()
        self.scores.setToolTip("The points each player ends with (halves when ties split the pot)")
        pl = QVBoxLayout(self.play_box.body)
        pl.setContentsMargins(0, 0, 0, 0)
        pl.addWidget(self.result_label)
        tables = QHBoxLayout()
        tables.addWidget(self.distribution, 0, Qt.AlignmentFlag.AlignTop)
        tables.addWidget(self.scores, 0, Qt.AlignmentFlag.AlignTop)
        tables.addStretch(1)
        pl.addLayout(tables)
        self.distribution.hide()  # until a play is shown: no empty header (review 30, C1)
        self.scores.hide()
        top.addWidget(self.play_box)

        # -- the best reply -------------------------------------------------------------------
        self.reply_box = _Section("Best reply", inner)
        self.reply_a_button = QPushButton("Best &reply to A", inner)
        self.reply_a_button.setToolTip("The strategy that wins most against A's (Alt+R)")
        self.reply_b_button = QPushButton("Best repl&y to B", inner)
        self.reply_b_button.setToolTip("The strategy that wins most against B's (Alt+Y)")
        reply_buttons = QHBoxLayout()
        reply_buttons.addWidget(self.reply_a_button)
        reply_buttons.addWidget(self.reply_b_button)
        reply_buttons.addStretch(1)
        top.addLayout(reply_buttons)
        self.reply_label = QLabel(
            "Best reply to A or to B: the strategy that wins most against it, its value, the "
            "exploitability and the turns where it bids otherwise.",
            self.reply_box.body,
        )
        self.reply_label.setWordWrap(True)
        self.reply_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.deviations = QListWidget(self.reply_box.body)
        self.deviations.setAccessibleName("Where the best reply deviates")
        self.deviations.setToolTip("Click (or Enter) to show the state in the explorer")
        self.deviations.setMaximumHeight(220)
        rl = QVBoxLayout(self.reply_box.body)
        rl.setContentsMargins(0, 0, 0, 0)
        rl.addWidget(self.reply_label)
        rl.addWidget(self.deviations)
        self.deviations.hide()  # until a reply is shown: no empty list filling the page
        top.addWidget(self.reply_box)

        # -- the tournament -------------------------------------------------------------------
        self.tournament_box = _Section("Tournament", inner)
        self.names_edit = QLineEdit(DEFAULT_TOURNAMENT, inner)
        self.names_edit.setAccessibleName("The tournament's strategies")
        self.names_edit.setToolTip(
            "Strategies separated by commas: face, face+k, random, optimal, A and B (as "
            "picked above); at most 8"
        )
        names_label = QLabel("Stra&tegies:", inner)
        names_label.setBuddy(self.names_edit)
        self.tournament_button = QPushButton("Play tour&nament", inner)
        self.tournament_button.setToolTip("Every pair played exactly: rows A, columns B (Alt+N)")
        names_row = QHBoxLayout()
        names_row.addWidget(names_label)
        names_row.addWidget(self.names_edit, 1)
        names_row.addWidget(self.tournament_button)
        top.addLayout(names_row)
        # the tournament's own progress and Stop, by its box (review 31b, C5)
        self.tournament_stop = QPushButton("Stop", inner)
        self.tournament_stop.setToolTip("Stop the tournament (Esc)")
        self.tournament_stop.setEnabled(False)
        self.tournament_status = QLabel(inner)
        self.tournament_status.setWordWrap(True)
        t_row = QHBoxLayout()
        t_row.addWidget(self.tournament_stop)
        t_row.addWidget(self.tournament_status, 1)
        top.addLayout(t_row)
        self.names_error = QLabel(inner)
        self.names_error.setObjectName("gopsTournamentNamesError")
        self.names_error.setWordWrap(True)
        text_role(self.names_error, "error")
        self.names_error.hide()
        top.addWidget(self.names_error)
        self.tournament_table = _table(self.tournament_box.body, "Tournament matrix")
        self.tournament_table.setToolTip(
            "Rows: A's strategy, columns: B's. File ▸ Export Figure draws this matrix while the "
            "page is shown"
        )
        self.tournament_hint = QLabel(
            "Play tournament: every pair of the strategies named played exactly, rows A's "
            "strategy, columns B's; blue where A wins, red where B does, the deeper the larger "
            "(the largest result the deepest).",
            self.tournament_box.body,
        )
        self.tournament_hint.setWordWrap(True)
        tl = QVBoxLayout(self.tournament_box.body)
        tl.setContentsMargins(0, 0, 0, 0)
        tl.addWidget(self.tournament_hint)
        tl.addWidget(self.tournament_table)
        self.tournament_table.hide()  # until a tournament is shown: no thin empty line
        top.addWidget(self.tournament_box)
        top.addStretch(1)

        self.play_button.clicked.connect(self.compute_play)
        self.stop_button.clicked.connect(lambda: self.stop(tournament=False))
        self.tournament_stop.clicked.connect(lambda: self.stop(only=TOURNAMENT))
        self.reply_a_button.clicked.connect(lambda: self.compute_reply("A"))
        self.reply_b_button.clicked.connect(lambda: self.compute_reply("B"))
        self.tournament_button.clicked.connect(self.compute_tournament)
        self.names_edit.returnPressed.connect(self.compute_tournament)
        self.names_edit.textEdited.connect(lambda _t: self.names_error.hide())
        self.deviations.itemActivated.connect(self._on_deviation)
        self.deviations.itemClicked.connect(self._on_deviation)
        for picker in (self.a_picker, self.b_picker):
            picker.fileWanted.connect(lambda path, p=picker: self.read_file(p, path))
            picker.changed.connect(self._check_stale)
        self.order_combo.currentIndexChanged.connect(lambda _i: self._check_stale())
        sc = QShortcut(QKeySequence("Escape"), self)
        sc.setContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        sc.activated.connect(self.stop)
        engine.finished.connect(self._on_finished)
        engine.failed.connect(self._on_failed)
        engine.cancelled.connect(self._on_cancelled)
        engine.progress.connect(self._on_progress)
        engine.show_progress_in(self, *CHANNELS)  # with Stop, by its row (31b, X1)
        engine.started.connect(self._on_started)
        session.rulesChanged.connect(self._on_rules)
        self._on_rules(session.rules)

    # -- asking -------------------------------------------------------------------------------
    @property
    def rules(self) -> GopsRules:
        return self.session.rules

    @property
    def order(self) -> str:
        """How the prizes are turned: random, ascending or descending."""
        return str(self.order_combo.currentData())

    def _submit(self, channel: str, fn: Any, label: str, tag: Any) -> None:
        self._asked[channel] = (fn, label, tag)
        if self.work.defer():
            return
        job = self.work.submit(channel, fn, label=label, tag=tag)
        self._jobs[job] = channel
        self._labels[job] = label.removeprefix("GOPS: ")
        self._stop_enabled()
        other = self._engine_job
        if other is not None and other[0] != job:  # the engine runs one job at a time
            what = other[1].removeprefix("GOPS: ")
            what = what[:1].lower() + what[1:]  # "Solving GOPS, N = 6": "solving GOPS, …"
            self._status(channel).setText(
                f"{label} waits for {what} to finish (stop it to go on now) …"
            )
        else:
            self._status(channel).setText(f"{label} …")

    def _status(self, channel: str) -> QLabel:
        """Where a job of ``channel`` says how it goes: the tournament by its box."""
        return self.tournament_status if channel == TOURNAMENT else self.status

    def _on_started(self, job: int, channel: str, label: str) -> None:
        self._engine_job = (job, label)
        mine = self._jobs.get(job)
        if mine is not None:
            self._status(mine).setText(f"{label} …")

    def _catch_up(self) -> None:
        for channel, (fn, label, tag) in list(self._asked.items()):
            self._submit(channel, fn, label, tag)

    def _solver(self) -> Any:
        return self.session.solver

    def compute_play(self) -> None:
        a, b, rules, solver = (
            self.a_picker.choice(),
            self.b_picker.choice(),
            self.rules,
            self._solver(),
        )
        order = self.order

        def job(ctx: JobContext) -> PlayResult:
            ctx.report("playing …", force=True)

            def states(n: int) -> None:
                ctx.report(f"playing: {n:,} states visited")

            return play_pair(a, b, rules, solver, ctx.should_stop, states, ctx.report, order)

        self._submit(PLAY, job, f"GOPS: {a.name} against {b.name}", rules)

    def compute_reply(self, side: str) -> None:
        choice = (self.a_picker if side == "A" else self.b_picker).choice()
        rules, solver = self.rules, self._solver()
        order = self.order
        known = self._game_values.get((rules, order))

        def job(ctx: JobContext) -> Reply:
            ctx.report("valuing the reply's states …", force=True)

            def states(n: int) -> None:
                ctx.report(f"valuing the reply's states: {n:,} valued")

            def phase(text: str) -> None:
                ctx.report(text, force=True)

            return reply_to(
                choice, side, rules, solver, ctx.should_stop, known, states, phase, order
            )

        self._submit(REPLY, job, f"GOPS: the best reply to {side}'s {choice.name}", rules)

    def compute_tournament(self) -> None:
        try:
            choices = choices_of(
                self.names_edit.text(),
                self.a_picker.choice(),
                self.b_picker.choice(),
                n=self.rules.n,
            )
        except WhistError as exc:  # said at the field, not beside Play
            self.names_error.setText(str(exc))
            self.names_error.show()
            self.message.emit(str(exc))
            return
        self.names_error.hide()
        rules, solver, order = self.rules, self._solver(), self.order

        def job(ctx: JobContext) -> list[list[PlayResult]]:
            done = [0, len(choices) ** 2]

            def progress(k: int, total: int) -> None:
                done[:] = [k, total]
                ctx.report(f"{k} of {total} plays done", force=True)

            def states(n: int) -> None:
                ctx.report(f"{done[0]} of {done[1]} plays done, the next at {n:,} states")

            return tournament_of(
                choices, rules, solver, progress, ctx.should_stop, states, ctx.report, order
            )

        self._submit(TOURNAMENT, job, f"GOPS: a tournament of {len(choices)}", rules)

    def read_file(self, picker: StrategyPicker, path: str) -> None:
        """Read the strategy file ``path`` for ``picker`` on the engine service."""
        self._reading = picker.who

        def job(_ctx: JobContext) -> StrategyChoice:
            return read_choice(path)

        self._submit(FILE, job, "GOPS: reading a strategy file", None)

    def stop(self, tournament: bool = True, only: str = "") -> None:
        """Stop the page's jobs (Esc: all; the upper Stop all but the tournament; the
        tournament's Stop ``only`` it)."""
        for channel in list(self._asked):
            if (only and channel != only) or (not tournament and channel == TOURNAMENT):
                continue
            self.engine.cancel(channel)
            self._asked.pop(channel)

    def _stop_enabled(self) -> None:
        """Each Stop enabled while a job of its own runs; disabled under the focus, it hands
        the focus to Play (a widget with no focus would leave the keyboard nowhere)."""
        channels = set(self._jobs.values())
        for button, running in (
            (self.stop_button, bool(channels - {TOURNAMENT})),
            (self.tournament_stop, TOURNAMENT in channels),
        ):
            if not running and button.hasFocus():
                self.play_button.setFocus(Qt.FocusReason.OtherFocusReason)
            button.setEnabled(running)

    def _say(self, text: str, channel: str = "") -> None:
        self._status(channel).setText(text)
        self.message.emit(text)

    # -- results ------------------------------------------------------------------------------
    def _take(self, job: int, channel: str) -> bool:
        """Is ``job`` this page's newest on ``channel``? (it is then done)"""
        if self._jobs.pop(job, None) != channel:
            return False
        self._asked.pop(channel, None)
        self._stop_enabled()
        return True

    def _on_progress(self, job: int, text: str) -> None:
        channel = self._jobs.get(job)
        if channel is not None:  # the job's label once, then its phase (review 31b, X1)
            self._status(channel).setText(f"{self._labels.get(job, '')}: {text}")

    def _engine_done(self, job: int) -> None:
        if self._engine_job is not None and self._engine_job[0] == job:
            self._engine_job = None

    def _on_cancelled(self, job: int, channel: str) -> None:
        self._engine_done(job)
        if self._jobs.pop(job, None) is not None:
            self._stop_enabled()
            hidden = channel in self._asked and self.work.behind
            self._status(channel).setText(
                "Waiting until the page is shown." if hidden else "Stopped."
            )

    def _on_failed(self, job: int, channel: str, _tag: object, message: str) -> None:
        self._engine_done(job)
        if self._take(job, channel):
            self._say(message, channel)

    def _on_finished(self, job: int, channel: str, tag: object, result: object) -> None:
        self._engine_done(job)
        if not self._take(job, channel):
            return
        if channel == FILE:
            assert isinstance(result, StrategyChoice)
            picker = self.a_picker if self._reading == "A" else self.b_picker
            picker.set_file(result)
            self._say(f"{picker.who}'s strategy: {result.name} (from {result.path})")
            return
        if tag != self.rules:  # computed for a game left meanwhile
            return
        self._status(channel).setText("")
        if channel == PATH:
            assert isinstance(result, tuple)
            self.showTurn.emit(*result)
        elif channel == PLAY:
            assert isinstance(result, PlayResult)
            self.show_play(result)
        elif channel == REPLY:
            assert isinstance(result, Reply)
            self.show_reply(result)
        elif channel == TOURNAMENT:
            assert isinstance(result, list)
            self.show_tournament(result)

    def show_play(self, r: PlayResult) -> None:
        self.play_result = r
        self.play_box.fresh(r.rules, (*self._play_choices()[:2], r.order))
        what = "result (sign)" if r.rules.score == "sign" else "points difference"
        if r.exact_strategies:
            value = f"<b>{_exact(r.exact)}</b> = {_decimal(r.exact)}"
        else:  # review 31b, B1: optimal from N = 6 bids its float solution's probabilities
            value = (
                f"<b>≈ {_decimal(r.exact)}</b> (not exact: optimal bids its float solution's "
                "probabilities from N = 6 on)"
            )
        self.result_label.setText(f"A ({r.a}) against B ({r.b}): A's expected {what} {value}")
        rows = r.results()
        t = self.distribution
        t.setRowCount(len(rows))
        for k, (res, p) in enumerate(rows):
            t.setItem(k, 0, _item(_exact(res)))
            t.setItem(k, 1, _item(_short(p), _exact(p)))
            t.setItem(k, 2, _item(f"{float(p):.6f}"))
        t.resizeColumnsToContents()
        t.show()
        _fit_width(t)
        _fit_height(t, 240)
        t = self.scores
        t.setRowCount(len(r.scores))
        for k, (pa, pb, p) in enumerate(r.scores):
            t.setItem(k, 0, _item(f"{_points(pa)} – {_points(pb)}"))
            t.setItem(k, 1, _item(_short(p), _exact(p)))
            t.setItem(k, 2, _item(f"{float(p):.6f}"))
        t.resizeColumnsToContents()
        t.show()
        _fit_width(t)
        _fit_height(t, 240)

    def show_reply(self, rep: Reply) -> None:
        self.reply = rep
        self._game_values[(rep.response.rules, rep.response.order)] = rep.game_value
        self.reply_box.fresh(
            rep.response.rules, (*self._reply_choices(rep.side)[:2], rep.response.order)
        )
        self.reply_box.setTitle(f"Best reply to {rep.side} ({rep.answered})")
        dev = len(rep.deviations) + rep.more
        if rep.response.exact_strategy:
            worth = (
                f"Its expected result: <b>{_exact(rep.response.value)}</b> = "
                f"{_decimal(rep.response.value)}; exploitability of {rep.answered}: "
                f"<b>{_exact(rep.exploitability)}</b> = {_decimal(rep.exploitability)}. "
            )
        else:  # B1: against optimal's float probabilities (N = 6 on) nothing is exact
            worth = (
                f"Its expected result: <b>≈ {_decimal(rep.response.value)}</b>; exploitability "
                f"of {rep.answered}: <b>≈ {_decimal(rep.exploitability)}</b> (not exact: "
                "optimal bids its float solution's probabilities from N = 6 on). "
            )
        self.reply_label.setText(
            worth
            + self._deviations_text(rep, dev)
            + (f" (the first {len(rep.deviations):,} listed)" if rep.more else "")
            + ":"
        )
        self.deviations.clear()
        self.deviations.setVisible(dev > 0)
        for d in rep.deviations:
            item = QListWidgetItem(self._deviation_text(rep, d))
            item.setData(Qt.ItemDataRole.UserRole, d)
            self.deviations.addItem(item)

    @staticmethod
    def _deviations_text(rep: Reply, dev: int) -> str:
        """Where the reply bids otherwise; against a mixed strategy, told apart: a bid outside
        the strategy's support, or one of its mixed bids picked for sure (review 30, C3)."""
        if rep.outside == dev:
            return f"It deviates in {dev:,} of the {rep.turns:,} turns it meets"
        return (
            f"It bids outside {rep.answered}'s support in {rep.outside:,} of the "
            f"{rep.turns:,} turns it meets, and picks one of {rep.answered}'s mixed bids for "
            f"sure in {dev - rep.outside:,} more"
        )

    @staticmethod
    def _deviation_text(rep: Reply, d: Deviation) -> str:
        """The turn as the explorer shows it (A's side), what the reply bids in its seat and
        what the strategy it answers would bid there."""
        seat = "A" if rep.side == "B" else "B"
        state = d.turn.state if seat == "A" else d.turn.state.swapped()
        return (
            f"prize {d.turn.shown} turned, {state}: the reply ({seat}) bids {d.reply}, "
            f"{rep.answered} would bid {_bids_text(d.strategy)}"
        )

    def _on_deviation(self, item: QListWidgetItem) -> None:
        d = item.data(Qt.ItemDataRole.UserRole)
        if not isinstance(d, Deviation) or self.reply is None or self.reply_box.stale:
            return
        state = d.turn.state if self.reply.side == "B" else d.turn.state.swapped()
        rules, shown = self.rules, d.turn.shown

        def job(ctx: JobContext) -> tuple[GopsState, int, list[tuple[int, int, int]]]:
            return state, shown, path_to(state, shown, rules, ctx.should_stop)

        self._submit(PATH, job, f"GOPS: the way to {state}", rules)

    def show_tournament(self, matrix: list[list[PlayResult]]) -> None:
        self.matrix = matrix
        self.tournament_box.fresh(matrix[0][0].rules, (matrix[0][0].order,))
        names = [row[0].a for row in matrix]
        t = self.tournament_table
        t.setRowCount(len(names))
        t.setColumnCount(len(names))
        t.setHorizontalHeaderLabels([f"B: {n}" for n in names])
        t.setVerticalHeaderLabels([f"A: {n}" for n in names])
        scale = max((abs(float(r.exact)) for row in matrix for r in row), default=0.0)
        for i, row in enumerate(matrix):
            for j, r in enumerate(row):
                item = _item(
                    _short(r.exact),
                    f"{r.a} (A) against {r.b} (B): {_exact(r.exact)} = {_decimal(r.exact)} for A",
                )
                item.setData(Qt.ItemDataRole.UserRole, float(r.exact))
                t.setItem(i, j, item)
        self._tournament_scale = scale
        self._paint_tournament()
        t.resizeColumnsToContents()
        self.tournament_hint.hide()
        t.show()
        _fit_height(t, 300)

    def _paint_tournament(self) -> None:
        """The cells coloured by sign, deeper the larger (the largest |value| the deepest);
        all grey while the result is stale (review 31b, X4: it kept its full colours)."""
        t = self.tournament_table
        pal = t.palette()
        stale = self.tournament_box.stale
        for i in range(t.rowCount()):
            for j in range(t.columnCount()):
                item = t.item(i, j)
                if item is None:
                    continue
                if stale:
                    item.setBackground(pal.color(QPalette.ColorRole.Window))
                    item.setForeground(
                        pal.color(QPalette.ColorGroup.Disabled, QPalette.ColorRole.Text)
                    )
                    continue
                value = float(item.data(Qt.ItemDataRole.UserRole))
                fill = heat_colour(value, self._tournament_scale, pal)
                item.setBackground(fill)
                item.setForeground(contrasting_text(fill))

    def figure_source(self) -> FigureSource | None:
        """What File ▸ Export Figure draws while this page is shown: the tournament's matrix,
        every cell exact (None unless a tournament of the game now played is shown)."""
        matrix = self.matrix
        if matrix is None or self.tournament_box.stale:
            return None

        def build(_view: str, options: FigureOptions) -> Figure:
            from whistgui.figures.gops_tournament import build_gops_tournament

            return build_gops_tournament(matrix, options)

        rules = matrix[0][0].rules
        name = f"gops-tournament-n{rules.n}-{rules.ties}-{rules.score}"
        return FigureSource(TOURNAMENT_VIEWS, build, name, "tournament", key="gopsTournament")

    # -- staleness ----------------------------------------------------------------------------
    def _play_choices(self) -> tuple[Any, ...]:
        return (self.a_picker.choice(), self.b_picker.choice(), self.order)

    def _reply_choices(self, side: str) -> tuple[Any, ...]:
        return (side, (self.a_picker if side == "A" else self.b_picker).choice(), self.order)

    def _check_stale(self) -> None:
        """Each result shown greyed, saying why, unless it is of the game and strategies now
        picked (recomputed at every change, so a result valid again is shown as such)."""
        rules = self.rules
        self.play_box.mark_stale(rules, self._play_choices())
        side = self.reply.side if self.reply is not None else "A"
        self.reply_box.mark_stale(rules, self._reply_choices(side))
        self.tournament_box.mark_stale(rules, (self.order,))
        self._paint_tournament()

    # -- the rules ----------------------------------------------------------------------------
    def _on_rules(self, rules: GopsRules) -> None:
        self.rules_label.setText(
            f"<b>Strategies for the game of the explorer</b>: {rules.describe()}, the prizes "
            "turned in the order chosen below. Results are exact fractions."
        )
        for picker in (self.a_picker, self.b_picker):
            picker.set_n(rules.n)
        self._check_stale()
        if not self._jobs:  # a refusal (or "Stopped.") was about the game left
            self.status.setText("")
            self.tournament_status.setText("")
        self.names_error.hide()
        for channel in (PLAY, REPLY, TOURNAMENT):  # under way for the old game: dropped
            if channel in self._asked:
                self._asked.pop(channel)
                self.engine.cancel(channel)
