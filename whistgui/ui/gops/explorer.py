"""The GOPS explorer: pick N and the rules, solve the game, and walk it as the matrix games it is.

Top: N (up to 9 with the sign, 10 with points; a long solve's cost is said before it starts),
the tie rule, the result, Solve and Cancel with progress, Open… and Save… for ``.gops`` files;
the breadcrumb of the path walked (Back is Alt+Left or Backspace, Forward Alt+Right).

The page shows the state at the end of the breadcrumb:

* a **chance** state — the prizes still face down as chips, each with A's value once it is
  turned; click one (or type its number) to turn it;
* a **bidding** state — the matrix game of bids as a heat map (rows A's bids, columns B's;
  each cell A's value after that pair of bids, blue for A, red for B, as its colour key under
  it says; dominated bids grey);
  click a cell, or move with the arrows and press Enter, to go to the state those bids lead
  to; beside it both optimal mixed strategies as bars;
* the end of a game — its result.

Beside the page: the value for A as a float and exactly (a separate job; long fractions read
"≈ 0.6611 · exact p/q" with Copy), the state in its text form (``whist gops state`` reads
it), and hints.

All the work runs on the app's :class:`~whistgui.ui.engine_service.EngineService`: the solve
(channel ``gops-solve``, progress and cancel), each state's matrix and solution
(``gops-state``, from the solved memo: instant), its exact value (``gops-exact``) and saving
(``gops-save``: the memo is serialised on the engine's thread, where the solver lives). A
state's values are the shown explorer's work (:class:`~whistgui.ui.engine_service.ViewWork`):
hidden, it stops them and asks again when shown; a solve or a save asked for goes on.

The parts, one a module: the rules and solve controls (:mod:`.solve_bar`), the breadcrumb
(:mod:`.breadcrumb`), the heat map (:mod:`.heat_map`), the prizes (:mod:`.prize_chips`), the
value and the strategies (:mod:`.value_panel`, :mod:`.strategy_bars`), their colours
(:mod:`.colours`), words (:mod:`.words`) and jobs (:mod:`.jobs`).
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path
from typing import Final

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QHideEvent, QKeyEvent, QKeySequence, QMouseEvent, QShortcut, QShowEvent
from PySide6.QtWidgets import (
    QApplication,
    QFileDialog,
    QHBoxLayout,
    QLabel,
    QMessageBox,
    QSplitter,
    QStyle,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from whistgui.engine import WhistError
from whistgui.engine.gops import ExactSolution, GopsRules, GopsState
from whistgui.engine.gops.limits import cost_words, solve_limit
from whistgui.engine.memo import Memo
from whistgui.figures.gops import value_text
from whistgui.ui.engine_service import EngineService, JobContext, ViewWork
from whistgui.ui.gops.breadcrumb import Breadcrumb
from whistgui.ui.gops.heat_map import HeatMap, game_scale
from whistgui.ui.gops.jobs import (
    CHANNELS,
    EXACT_CHANNEL,
    SAVE_CHANNEL,
    SOLVE_CHANNEL,
    STATE_CHANNEL,
    SolveResult,
    StateView,
    exact_job,
    solve_job,
    view_job,
)
from whistgui.ui.gops.prize_chips import PrizeChips
from whistgui.ui.gops.session import FILE_SUFFIX, GopsSession, Move, Saved
from whistgui.ui.gops.solve_bar import MAX_N, MIN_N, SolveBar
from whistgui.ui.gops.state_figure import state_figure_source
from whistgui.ui.gops.state_pages import StatePages
from whistgui.ui.gops.strategy_bars import StrategyBars
from whistgui.ui.gops.value_panel import ValuePanel
from whistgui.ui.gops.words import (
    SOLVE_TIMES,
    cost_warning,
    describe_state,
    result_words,
    signed,
    value_caption,
)
from whistgui.ui.widgets.figure_dialog import FigureSource
from whistgui.ui.widgets.messages import for_display

__all__ = [
    "EXACT_CHANNEL",
    "MAX_N",
    "MIN_N",
    "SAVE_CHANNEL",
    "SOLVE_CHANNEL",
    "STATE_CHANNEL",
    "GopsExplorer",
    "HeatMap",
    "PrizeChips",
    "StateView",
    "StrategyBars",
]

#: Games this small are solved as soon as they are chosen (well under a second).
AUTO_SOLVE_N: Final = 6
#: The unsolved page's last words at the largest N (measured: N = 9's solution would make a
#: file of 187 MB, over what a .gops file may have; Save then keeps the rules and the path).
TOO_LARGE_TO_SAVE: Final = (
    ", unless its solution would make a file too large to open again (N = 9: 187 MB): "
    "Save then keeps the rules and the path, and says so."
)
#: How many states' values (a matrix and its solution each, a few KB) and exact values (their
#: fractions run to thousands of digits at N = 6: some 40 KB) the explorer keeps, the least
#: recently shown forgotten first (and computed again if shown again).
VIEWS_KEPT: Final = 2000
EXACT_KEPT: Final = 200
#: The exact value of a state with more cards than this in each hand is computed only when
#: asked for (the engine's exact search takes about 10 s for a first bid at N = 6; it stops
#: when another state is shown).
EXACT_AUTO_CARDS: Final = 5


class GopsExplorer(QWidget):
    """Everything about the GOPS game of ``session``. ``engine`` is the app's engine service
    (not owned: :meth:`shutdown` only cancels this explorer's jobs)."""

    #: a message for the status bar
    message = Signal(str)
    #: the state shown is ready (its values in) or not: for the Export Figure action
    readyChanged = Signal(bool)

    def __init__(
        self,
        session: GopsSession,
        engine: EngineService,
        parent: QWidget | None = None,
        *,
        auto_solve: int = AUTO_SOLVE_N,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("gopsExplorer")
        self.session = session
        self.engine = engine
        #: the state's values and exact value are computed while the explorer is shown;
        #: a solve or a save the user asked for goes on when it is hidden
        self.work = ViewWork(engine, self, self._show)
        self.auto_solve = auto_solve
        #: solve jobs submitted (a reopened game is never solved again)
        self.solve_jobs = 0
        self._solve_job: int | None = None
        self._solve_rules: GopsRules | None = None
        self._save_job: int | None = None
        #: the solve under way was asked for (Solve), not started as a small game was chosen
        self._solve_asked = False
        #: the rules of a solve asked for and just stopped by new rules (for the status of a
        #: file opened)
        self._stopped: GopsRules | None = None
        #: the states' values and exact values computed, the least recently shown forgotten
        #: past their bounds (a long walk through N = 8 would keep them all)
        self._views: Memo[tuple[int, GopsState], StateView] = Memo(VIEWS_KEPT, "GOPS views")
        self._exact: Memo[tuple[int, GopsState], ExactSolution | Fraction] = Memo(
            EXACT_KEPT, "GOPS exact values"
        )
        self._exact_failed: dict[tuple[int, GopsState], str] = {}
        #: states whose exact value was asked for (the button): asked again on coming back
        self._wanted_exact: set[tuple[int, GopsState]] = set()
        #: jobs under way: id → the state (key) they compute
        self._view_jobs: dict[int, tuple[int, GopsState]] = {}
        self._exact_jobs: dict[int, tuple[int, GopsState]] = {}
        self._view_failed: set[tuple[int, GopsState]] = set()
        self._last_ready: bool | None = None
        self._focus_page = False

        # -- the rules and the solve ----------------------------------------------------------
        self.controls = SolveBar(self)
        c = self.controls
        self.n_spin, self.ties_combo, self.score_combo = c.n_spin, c.ties_combo, c.score_combo
        self.solve_button, self.cancel_button, self.progress = (
            c.solve_button,
            c.cancel_button,
            c.progress,
        )
        self.solve_status, self.open_button, self.save_button = (
            c.solve_status,
            c.open_button,
            c.save_button,
        )
        self.solve_button.clicked.connect(self.solve)
        self.cancel_button.clicked.connect(self.cancel_solve)
        self.open_button.clicked.connect(self.open_dialog)
        self.save_button.clicked.connect(self.save_dialog)

        # -- the breadcrumb ---------------------------------------------------------------------
        SP = QStyle.StandardPixmap
        self.back_button = QToolButton(self)
        self.back_button.setIcon(self.style().standardIcon(SP.SP_ArrowBack))
        self.back_button.setToolTip("Back a step (Alt+Left or Backspace)")
        self.back_button.setAccessibleName("Back")
        self.back_button.clicked.connect(self.back)
        self.forward_button = QToolButton(self)
        self.forward_button.setIcon(self.style().standardIcon(SP.SP_ArrowForward))
        self.forward_button.setToolTip("Forward a step along the path (Alt+Right)")
        self.forward_button.setAccessibleName("Forward")
        self.forward_button.clicked.connect(self.forward)
        self.breadcrumb = Breadcrumb(self)
        self.breadcrumb.chosen.connect(self._go_to)
        crumbs = QHBoxLayout()
        crumbs.addWidget(self.back_button)
        crumbs.addWidget(self.forward_button)
        crumbs.addWidget(self.breadcrumb, 1)

        # -- the page ---------------------------------------------------------------------------
        self.heading = QLabel(self)
        self.heading.setObjectName("gopsHeading")
        self.heading.setWordWrap(True)
        self.heading.setTextFormat(Qt.TextFormat.RichText)

        self.pages = StatePages(self)
        pages = self.pages
        self.unsolved_page, self.waiting_page, self.over_page = (
            pages.unsolved_page,
            pages.waiting_page,
            pages.over_page,
        )
        self.chance_page, self.chips = pages.chance_page, pages.chips
        self.bidding_page, self.matrix, self.matrix_area = (
            pages.bidding_page,
            pages.matrix,
            pages.matrix_area,
        )
        self.chips.turned.connect(self.turn)
        self.matrix.chosen.connect(self._on_cell)

        left = QWidget(self)
        left_layout = QVBoxLayout(left)
        left_layout.setContentsMargins(0, 0, 0, 0)
        left_layout.addWidget(self.heading)
        left_layout.addWidget(self.pages, 1)

        # -- the side: value, strategies, state, hints ------------------------------------------
        side = ValuePanel(self)
        self.side = side
        self.value_label, self.value_caption = side.value_label, side.value_caption
        self.exact_label, self.exact_button, self.copy_button = (
            side.exact_label,
            side.exact_button,
            side.copy_button,
        )
        self.exact_button.clicked.connect(self.compute_exact)
        side.copied.connect(self.message.emit)  # said in the status bar
        self.a_bars, self.b_bars = side.a_bars, side.b_bars
        self.state_edit, self.hints = side.state_edit, side.hints

        self.splitter = QSplitter(Qt.Orientation.Horizontal, self)
        self.splitter.addWidget(left)
        self.splitter.addWidget(side)
        self.splitter.setStretchFactor(0, 3)
        self.splitter.setStretchFactor(1, 2)
        self.splitter.setChildrenCollapsible(False)
        self.splitter.setSizes([720, 460])

        layout = QVBoxLayout(self)
        layout.setContentsMargins(8, 8, 8, 8)
        layout.addWidget(self.controls)
        layout.addLayout(crumbs)
        layout.addWidget(self.splitter, 1)

        for seq, slot in (
            ("Ctrl+Return", self.solve),
            ("Escape", self.cancel_solve),  # as in Single Suits; Ctrl+. is the window's
        ):
            sc = QShortcut(QKeySequence(seq), self)
            sc.setContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
            sc.activated.connect(slot)
        # Back and Forward wherever the focus is in the window while the explorer is shown
        # (review 31b, C7: after Copy the focus sat on the page's scroll area, outside the
        # explorer, and they did nothing); an editor's own Backspace still wins
        self._walk_keys: list[QShortcut] = []
        for seq, slot in (
            ("Alt+Left", self.back),
            ("Backspace", self.back),
            ("Alt+Right", self.forward),
        ):
            sc = QShortcut(QKeySequence(seq), self)
            sc.setContext(Qt.ShortcutContext.WindowShortcut)
            sc.setEnabled(False)  # until shown
            sc.activated.connect(slot)
            self._walk_keys.append(sc)

        self.n_spin.valueChanged.connect(self._on_rules_edited)
        self.ties_combo.activated.connect(self._on_rules_edited)
        self.score_combo.activated.connect(self._on_rules_edited)
        engine.finished.connect(self._on_finished)
        engine.failed.connect(self._on_failed)
        engine.cancelled.connect(self._on_cancelled)
        engine.progress.connect(self._on_progress)
        # the solve's progress and Cancel are the bar's; not the status bar's too (31b, X1)
        engine.show_progress_in(self.controls, SOLVE_CHANNEL)
        session.rulesChanged.connect(self._on_rules)
        session.solvedChanged.connect(self._on_solved)
        session.pathChanged.connect(self._on_path)
        session.opened.connect(self._on_opened)
        self._on_rules(session.rules)
        self._maybe_auto_solve()

    # -- the rules and solving ----------------------------------------------------------------
    def rules_chosen(self) -> GopsRules:
        """The rules the controls name."""
        return self.controls.rules_chosen()

    def set_rules(self, rules: GopsRules) -> None:
        """Play by ``rules`` (as if chosen in the controls)."""
        self.session.set_rules(rules)
        self._maybe_auto_solve()

    def _on_rules_edited(self, *_args: object) -> None:
        rules = self.rules_chosen()
        if rules != self.session.rules:
            self.set_rules(rules)

    def _maybe_auto_solve(self) -> None:
        rules = self.session.rules
        if not self.session.solved and rules.n <= self.auto_solve and not self.solving:
            self._start_solve(asked=False)

    @property
    def solving(self) -> bool:
        return self._solve_job is not None

    def solve(self) -> int | None:
        """Solve the game for the session's rules on the engine service (None if it is solved
        or being solved already)."""
        return self._start_solve(asked=True)

    def _start_solve(self, *, asked: bool) -> int | None:
        """:meth:`solve`, ``asked`` for (Solve) or not (a small game, when chosen)."""
        rules = self.session.rules
        if self.session.solved or (self.solving and self._solve_rules == rules):
            return None
        self.solve_jobs += 1
        self._solve_rules = rules
        self._solve_asked = asked
        self._solve_job = self.engine.submit(
            SOLVE_CHANNEL, solve_job(rules), label=f"Solving GOPS, N = {rules.n}", tag=rules
        )
        cost = cost_warning(rules)
        self._set_status(f"Solving {rules.describe()}" + (f" ({cost})" if cost else "") + " …")
        self._update_controls()
        self._show()
        return self._solve_job

    def cancel_solve(self) -> None:
        if self.solving:
            self.engine.cancel(SOLVE_CHANNEL)

    def _on_progress(self, job: int, text: str) -> None:
        if job == self._solve_job:
            self._set_status(
                f"Solving N = {self._solve_rules.n if self._solve_rules else '?'}: {text}"
            )

    def _set_status(self, text: str) -> None:
        self.controls.set_status(text)

    # -- following the session --------------------------------------------------------------
    def _on_rules(self, rules: GopsRules) -> None:
        self.controls.set_rules(rules)
        self.matrix.set_game_scale(game_scale(rules))  # one colour scale a game (31b, C10)
        self._stopped = None
        if self.solving and self._solve_rules != rules:
            self.engine.cancel(SOLVE_CHANNEL)
            self._solve_job = None
            if self._solve_asked:
                self._stopped = self._solve_rules
            old = self._solve_rules
            self._set_status(f"Stopped solving N = {old.n if old else '?'}: other rules")
        elif not self.solving:
            self._set_status("")
        self.value_caption.setText(value_caption(rules))
        self._update_controls()
        self._show()

    def _on_opened(self, path: Path) -> None:
        """A game read from a file (:meth:`open`, or the session's own): the status says so,
        and what became of a solve under way — stopped (other rules, or the file's game is
        solved: said if Solve asked for it) or going on (the file's game is that one,
        unsolved)."""
        session = self.session
        stopped = self._stopped
        self._stopped = None
        if self.solving and session.solved:
            if self._solve_asked:
                stopped = self._solve_rules
            self._solve_job = None  # its end is no news: the file's game is solved
            self.engine.cancel(SOLVE_CHANNEL)
            self._update_controls()
            self._show()
        text = f"Opened {path.name}: {session.rules.describe()}"
        if self.solving:
            text += " (not solved; it is being solved)"
        elif not session.solved:
            text += " (not solved)"
        if stopped is not None:
            text += f"; the solve of N = {stopped.n} under way was stopped"
        self._set_status(text)
        self.message.emit(f"Opened {path}")

    def _on_solved(self, _solved: bool) -> None:
        self.engine.cancel(STATE_CHANNEL)
        self.engine.cancel(EXACT_CHANNEL)
        self._views.clear()
        self._exact.clear()
        self._exact_failed.clear()
        self._wanted_exact.clear()
        self._view_jobs.clear()
        self._exact_jobs.clear()
        self._view_failed.clear()
        self._update_controls()
        self._show()

    def _on_path(self, _steps: object, _index: int) -> None:
        self._show()

    def _key(self, state: GopsState | None = None) -> tuple[int, GopsState]:
        return (self.session.generation, state if state is not None else self.session.state)

    def _update_controls(self) -> None:
        solved = self.session.solved
        self.solve_button.setEnabled(not solved and not self.solving)
        self.solve_button.setText("Solved" if solved else "&Solve")
        self.cancel_button.setVisible(self.solving)
        self.save_button.setEnabled(solved and self._save_job is None)
        self.progress.setVisible(self.solving)
        self.back_button.setEnabled(self.session.index > 0)
        self.forward_button.setEnabled(self.session.index + 1 < len(self.session.steps))

    # -- showing the state ----------------------------------------------------------------------
    def _show(self) -> None:
        """Show the session's current state: from the views computed, or ask for it."""
        session = self.session
        state = session.state
        rules = session.rules
        steps = session.steps
        self.breadcrumb.set_path(steps, session.index)
        self._update_controls()
        self.heading.setText(describe_state(state, rules))
        self.state_edit.setText(str(state))
        self.state_edit.setCursorPosition(0)
        if not session.solved:
            self._show_unsolved()
            self._emit_ready()
            return
        key = self._key()
        if self._exact_jobs and key not in self._exact_jobs.values():
            self.engine.cancel(EXACT_CHANNEL)  # another state's: the engine is wanted here
        view = self._views.get(key)
        if view is None:
            self.waiting_page.setText("Computing …")
            self.pages.setCurrentWidget(self.waiting_page)
            self.value_label.setText("…")
            self._clear_side()
            self.hints.setText("Computing this state's values …")
            assert session.solver is not None
            if key not in self._view_jobs.values() and not self.work.defer():
                job = self.work.submit(
                    STATE_CHANNEL, view_job(session.solver, state), label="GOPS state", tag=key
                )
                self._view_jobs = {job: key}  # a newer job on the channel cancels the older
            self._emit_ready()
            return
        self._show_view(view)
        self._show_exact()
        self._emit_ready()

    def _show_unsolved(self) -> None:
        rules = self.session.rules
        if self.solving:
            text = (
                f"Solving {rules.describe()} …<br>The values appear when it is done "
                "(Cancel stops it)."
            )
        else:
            cost = cost_warning(rules)
            times = f"<b>{cost}</b>" if cost else SOLVE_TIMES
            text = (
                f"<b>{rules.describe()}</b> is not solved yet.<br>Press <b>Solve</b> "
                f"(Ctrl+Return) to solve it: {times}.<br>A solved game can be saved "
                "and reopened without solving again"
                + ("." if rules.n < solve_limit(rules) else TOO_LARGE_TO_SAVE)
            )
        self.unsolved_page.setText(text)
        self.pages.setCurrentWidget(self.unsolved_page)
        self.value_label.setText("—")
        self._clear_side()
        if self.solving:  # chosen, or a small game solving itself: nothing to press
            self.hints.setText(
                "Solving: the game's value for A and the prizes to turn first appear when it "
                "is done (Cancel stops it)."
            )
        else:
            self.hints.setText("Pick N and the rules above; then Solve (Ctrl+Return).")

    def _clear_side(self) -> None:
        self.side.clear()

    def _taken(self) -> tuple[int, int] | None:
        """The bids the path took from the state shown, if it goes on from there."""
        steps, index = self.session.steps, self.session.index
        if index + 1 < len(steps):
            move = steps[index + 1].move
            if move is not None and move.bids is not None:
                return move.bids
        return None

    def _show_view(self, view: StateView) -> None:
        state = view.state
        rules = self.session.rules
        self.value_label.setText(value_text(view.value))
        if state.is_over:
            self.pages.setCurrentWidget(self.over_page)
            self.over_page.setText(
                f"<p style='font-size:large'><b>{result_words(state.diff, rules)}</b></p>"
                f"<p>Final score A − B: {signed(state.diff)}"
                + (f" (a pot of {state.pot} left on the table is lost)" if state.pot else "")
                + "</p>"
            )
            self._clear_side()
            self.hints.setText("Back (Alt+Left) or a step of the path above to look again.")
            return
        if state.is_bidding:
            self.matrix.set_view(view, self._taken())
            self.pages.setCurrentWidget(self.bidding_page)
            self._settle_focus(self.matrix)
            self.a_bars.show()
            self.b_bars.show()
            self._set_bars(view, None)
            self.hints.setText(
                "Click a cell — or move with the arrow keys and press Enter — to see the "
                "state that pair of bids leads to. Back: Alt+Left or Backspace; the path "
                "above goes back any number of steps. Hover a cell for what happens."
            )
            return
        values = dict(view.prize_values)
        self.chips.set_prizes([(p, values.get(p)) for p in sorted(state.prizes)])
        self.pages.setCurrentWidget(self.chance_page)
        self._settle_focus(next(iter(self.chips.chips.values()), None))
        self.a_bars.hide()
        self.b_bars.hide()
        self.hints.setText(
            "Click a prize — or type its number — to turn it and see the matrix game of "
            "bids for it. Back: Alt+Left or Backspace."
        )

    def _set_bars(self, view: StateView, exact: ExactSolution | None) -> None:
        sol = view.solution
        if sol is None:
            return
        self.a_bars.set_strategy(view.rows, sol.row, exact.row if exact else None)
        self.b_bars.set_strategy(view.cols, sol.col, exact.col if exact else None)
        if exact is not None:  # the exact strategies' floats, so bars and fractions agree
            self.a_bars.set_strategy(view.rows, [float(p) for p in exact.row], exact.row)
            self.b_bars.set_strategy(view.cols, [float(q) for q in exact.col], exact.col)

    def _show_exact(self) -> None:
        """The exact value of the state shown: from the results, or ask for it (at once for
        small states, by the button for large ones)."""
        key = self._key()
        state = key[1]
        view = self._views.get(key)
        self.exact_button.hide()
        if view is None:
            return
        if key in self._exact_failed:
            self.side.set_exact_text(f"Exact: not available ({self._exact_failed[key]})")
            return
        result = self._exact.get(key)
        if result is None:
            if key in self._wanted_exact or len(state.a) <= EXACT_AUTO_CARDS:
                self._ask_exact()
                self.side.set_exact_text("Exact: computing …")
            else:
                self.side.set_exact_text(
                    f"Exact: not computed ({len(state.a)} cards a hand take a while)"
                )
                self.exact_button.show()
            return
        self.side.set_exact(result.value if isinstance(result, ExactSolution) else result)
        if isinstance(result, ExactSolution):
            self._set_bars(view, result)

    def _ask_exact(self) -> None:
        key = self._key()
        solver = self.session.solver
        if solver is None or key in self._exact or key in self._exact_jobs.values():
            return
        if self.work.defer():
            return  # hidden: asked when shown
        job = self.work.submit(
            EXACT_CHANNEL, exact_job(solver, key[1]), label="GOPS exact value", tag=key
        )
        self._exact_jobs = {job: key}  # a newer job on the channel cancels the older

    def compute_exact(self) -> None:
        """Compute the exact value of the state shown (the button)."""
        self._wanted_exact.add(self._key())
        self._ask_exact()
        self._show_exact()
        self._emit_ready()

    # -- results ----------------------------------------------------------------------------
    def _on_finished(self, job: int, channel: str, tag: object, result: object) -> None:
        if channel not in CHANNELS:
            return
        if channel == SOLVE_CHANNEL and job == self._solve_job:
            self._solve_job = None
            assert isinstance(result, SolveResult)
            if result.solver.rules == self.session.rules and not self.session.solved:
                self.session.set_solver(result.solver)
                text = (
                    f"Solved {result.solver.rules.describe()} in {result.seconds:.1f} s: "
                    f"value {value_text(result.value)}, "
                    f"{result.solver.memo_size:,} states in the memo"
                )
                self._set_status(text)
                self.message.emit(text)
            self._update_controls()
            self._show()
        elif channel == STATE_CHANNEL and isinstance(tag, tuple) and isinstance(result, StateView):
            self._view_jobs.pop(job, None)
            self._views.put(tag, result)  # type: ignore[arg-type]
            if tag == self._key():
                self._show()
        elif channel == EXACT_CHANNEL and isinstance(tag, tuple):
            self._exact_jobs.pop(job, None)
            self._exact.put(tag, result)  # type: ignore[arg-type]
            if tag == self._key():
                self._show_exact()
                self._emit_ready()
        elif channel == SAVE_CHANNEL and job == self._save_job:
            self._save_job = None
            self._update_controls()
            assert isinstance(result, Saved)
            if tag == self.session.generation:
                self.session.mark_saved(result.path)
            text = f"Saved the GOPS game to {result.path}"
            if result.left_out:  # N = 9: the rules and the path, not the solution
                text = (
                    f"Saved the rules and the path to {result.path}, not the solution: "
                    f"{result.left_out}; opening the file solves the game again "
                    f"({cost_words(self.session.rules)})"
                )
                self._set_status(text)
            self.message.emit(text)
            self._emit_ready()

    def _on_failed(self, job: int, channel: str, tag: object, message: str) -> None:
        if channel not in CHANNELS:
            return
        if channel == SOLVE_CHANNEL and job == self._solve_job:
            self._solve_job = None
            self._set_status(f"Solving failed: {message}")
            self._update_controls()
            self._show()
        elif channel == STATE_CHANNEL and isinstance(tag, tuple):
            self._view_jobs.pop(job, None)
            self._view_failed.add(tag)  # type: ignore[arg-type]
            if tag == self._key():
                self.pages.setCurrentWidget(self.waiting_page)
                self.waiting_page.setText(f"This state could not be computed: {message}")
        elif channel == EXACT_CHANNEL and isinstance(tag, tuple):
            self._exact_jobs.pop(job, None)
            self._exact_failed[tag] = message  # type: ignore[index]
            if tag == self._key():
                self._show_exact()
        elif channel == SAVE_CHANNEL and job == self._save_job:
            self._save_job = None
            self._update_controls()
            QMessageBox.warning(self, "Save GOPS game", message)
        self.message.emit(message)
        self._emit_ready()

    def _on_cancelled(self, job: int, channel: str) -> None:
        if channel == SOLVE_CHANNEL and job == self._solve_job:
            self._solve_job = None
            rules = self._solve_rules
            what = f"N = {rules.n}" if rules is not None else "the game"
            text = f"Solving {what} was cancelled; nothing is kept. Solve again to start over."
            self._set_status(text)
            self.message.emit(text)
            self._update_controls()
            self._show()
        elif channel == STATE_CHANNEL:
            self._view_jobs.pop(job, None)
            self._emit_ready()
        elif channel == EXACT_CHANNEL:
            # another state's superseded it, or it was stopped: asked again on coming back
            self._exact_jobs.pop(job, None)
            self._emit_ready()
        elif channel == SAVE_CHANNEL and job == self._save_job:
            self._save_job = None
            self._update_controls()
            self._emit_ready()

    # -- the keyboard's place ------------------------------------------------------------------
    def _remember_focus(self) -> None:
        """Before a move: is the keyboard on the page (the matrix, a prize)? Then it goes to
        the new page's matrix or first prize once that is shown."""
        focus = QApplication.focusWidget()
        self._focus_page = self._focus_page or (
            focus is not None and (focus is self or self.pages.isAncestorOf(focus))
        )

    def _settle_focus(self, target: QWidget | None) -> None:
        if self._focus_page and target is not None:
            self._focus_page = False
            target.setFocus(Qt.FocusReason.OtherFocusReason)

    # -- moving -------------------------------------------------------------------------------
    def turn(self, prize: int) -> None:
        """Turn ``prize`` (the state shown must be a chance state)."""
        self._play(Move(prize=prize))

    def bid(self, i: int, j: int) -> None:
        """A bids ``i``, B bids ``j`` (the state shown must be a bidding state)."""
        self._play(Move(bids=(i, j)))

    def _play(self, move: Move) -> None:
        self._remember_focus()
        if not self.session.solved:
            self.message.emit("Solve the game first")
            return
        try:
            self.session.play(move)
        except WhistError as exc:
            self.message.emit(str(exc))

    def _on_cell(self, row: int, col: int) -> None:
        view = self._views.get(self._key())
        if (
            view is None
            or not view.rows
            or not (0 <= row < len(view.rows) and 0 <= col < len(view.cols))
        ):
            return
        self.bid(view.rows[row], view.cols[col])

    def _go_to(self, index: int) -> None:
        self.session.go_to(index)

    def back(self) -> None:
        """Back a step along the path."""
        self._remember_focus()
        self.session.back()

    def forward(self) -> None:
        """Forward a step along the path."""
        self._remember_focus()
        self.session.forward()

    def mousePressEvent(self, event: QMouseEvent) -> None:
        """A click on empty space gives the keys back to the view that takes them: the
        matrix of bids, or the prizes (their numbers turn them)."""
        super().mousePressEvent(event)
        page = self.pages.currentWidget()
        target: QWidget = self
        if page is self.bidding_page:
            target = self.matrix
        elif page is self.chance_page and self.chips.chips:
            target = next(iter(self.chips.chips.values()))
        target.setFocus(Qt.FocusReason.MouseFocusReason)

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        for sc in self._walk_keys:
            sc.setEnabled(True)

    def hideEvent(self, event: QHideEvent) -> None:
        super().hideEvent(event)
        for sc in self._walk_keys:
            sc.setEnabled(False)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        text = event.text()
        state = self.session.state
        if (
            text.isdigit()
            and not event.modifiers() & ~Qt.KeyboardModifier.KeypadModifier
            and not state.is_bidding
            and int(text) in state.prizes
        ):
            self.turn(int(text))
            event.accept()
            return
        super().keyPressEvent(event)

    # -- files ------------------------------------------------------------------------------
    def save(self, path: str | Path) -> int:
        """Save the game to ``path`` on the engine service (where the solver lives: its
        memo is read there); a message says where it went, a warning why it could not.
        Returns the job's id."""
        session = self.session
        head = session.to_json(with_solver=False)  # the path and rules, read here
        solver = session.solver

        def job(ctx: JobContext) -> Saved:
            ctx.report("saving", force=True)
            return session.save_game(path, head, solver)

        self._save_job = self.engine.submit(
            SAVE_CHANNEL, job, label="Saving the GOPS game", tag=session.generation
        )
        self._update_controls()
        self._emit_ready()
        return self._save_job

    def save_dialog(self) -> int | None:
        start = str(self.session.file_path or f"gops-n{self.session.rules.n}{FILE_SUFFIX}")
        path, _ = QFileDialog.getSaveFileName(
            self, "Save GOPS game", start, f"GOPS game (*{FILE_SUFFIX})"
        )
        if not path:
            return None
        if not Path(path).suffix:
            path += FILE_SUFFIX
        return self.save(path)

    def open(self, path: str | Path) -> bool:
        """Open the game saved in ``path``; a file that is not one is refused with a warning
        quoting it, and nothing changes. The status bar says the refusal before the warning is
        shown (the warning waits for the user: until then the bar kept the message before,
        perhaps the refusal of another file)."""
        try:
            self.session.open(path)
        except WhistError as exc:
            said = for_display(str(exc))
            self.message.emit(f"Not opened: {said}")
            QMessageBox.warning(self, "Open GOPS game", said)
            return False
        return True  # the status says so (_on_opened)

    def open_dialog(self) -> bool:
        path, _ = QFileDialog.getOpenFileName(
            self, "Open GOPS game", "", f"GOPS game (*{FILE_SUFFIX});;All files (*)"
        )
        return self.open(path) if path else False

    # -- for the window ---------------------------------------------------------------------
    def ready(self) -> bool:
        """Nothing is being computed for what is shown: no solve or save running, and the
        state's values (and its exact value, when asked for) are in."""
        if self.solving or self._save_job is not None:
            return False
        if not self.session.solved:
            return True
        key = self._key()
        if key in self._view_failed:
            return True
        return key in self._views and key not in self._exact_jobs.values()

    def _emit_ready(self) -> None:
        r = self.ready()
        if r != self._last_ready:
            self._last_ready = r
            self.readyChanged.emit(r)

    def current_view(self) -> StateView | None:
        """What is shown of the current state (None while it is computed or unsolved)."""
        return self._views.get(self._key())

    def current_exact(self) -> ExactSolution | Fraction | None:
        """The exact result for the current state, once in."""
        return self._exact.get(self._key())

    def figure_source(self) -> FigureSource | None:
        """What File ▸ Export Figure draws: the matrix game of the bidding state shown and
        its solution, captioned with the state (:func:`state_figure_source`). None unless a
        bidding state's values are shown."""
        view = self.current_view()
        if view is None:
            return None
        return state_figure_source(view, self.current_exact(), self.session.rules)

    def shutdown(self) -> None:
        """Cancel this explorer's jobs (the engine service is the app's)."""
        for channel in CHANNELS:
            self.engine.cancel(channel)
