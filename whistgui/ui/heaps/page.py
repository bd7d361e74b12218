"""The heaps workspace's page: the game chooser and the position's text above, the board (the
position drawn, played by clicks, edited by drag and drop and keys) and the panel (turn,
outcome by search and by theory, elements, moves, history) beside it. It follows the session:
every change of the document is shown, and the position's search is the page's work on the
engine (:class:`~whistgui.ui.engine_service.ViewWork`: while the page is shown, with progress
and Cancel), its result kept for the positions met again (undo, redo)."""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Hashable, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, Any, Final

from PySide6.QtCore import QPoint, Qt, Signal
from PySide6.QtWidgets import QMenu, QSplitter, QTabWidget, QVBoxLayout, QWidget

from whistgui.app.beside_whist import position_value
from whistgui.app.heaps import (
    BLUE,
    RED,
    Analysis,
    HeapsDocument,
    Kind,
    game_label,
    mark_text,
    over_words,
    player_name,
    result_words,
    theory_marks,
    theory_view,
)
from whistgui.app.heaps_prediction import quotient_marks, quotient_theory_view
from whistgui.engine.errors import WhistError
from whistgui.engine.heaps.rules import Move, Player
from whistgui.ui.engine_service import EngineService, ViewWork
from whistgui.ui.heaps.beside_whist import BesideWhistView, give_room
from whistgui.ui.heaps.board import HeapsBoard, Mark
from whistgui.ui.heaps.chooser import GameChooser
from whistgui.ui.heaps.jobs import CHANNEL, Searches, analysis_job
from whistgui.ui.heaps.panel import HeapsPanel
from whistgui.ui.heaps.position_field import PositionField
from whistgui.ui.heaps.prediction import QuotientPredictor
from whistgui.ui.heaps.quotient_view import QuotientExplorer
from whistgui.ui.heaps.session import HeapsSession
from whistgui.ui.widgets.messages import for_display
from whistgui.ui.widgets.scroll import FitScrollArea

if TYPE_CHECKING:
    from whistgui.ui.widgets.figure_dialog import FigureSource

__all__ = ["MARKED_COUNTERS", "HeapsPage"]

#: The most counters marked on the board (each mark is a position to build and compare).
MARKED_COUNTERS: Final = 3_000
#: Searches kept for positions met again.
_KEPT: Final = 64
#: The most moves a click's menu lists (comply/constrain: a take with each constraint).
_MENU_MOVES: Final = 16

_STOPPED: Final = "stopped (Search to go on)"

#: What a search is of: the game, the position, the flag and the player to move.
Key = tuple[str, Hashable, Hashable, Player]


def _short(text: str, room: int = 24) -> str:
    """``text`` cut to ``room`` characters (an ellipsis last): a position in the status bar's
    line, which must never widen the window (a hundred heaps are 400 characters)."""
    return text if len(text) <= room else text[: room - 1].rstrip() + "…"


def key_of(doc: HeapsDocument) -> Key:
    return (doc.game, doc.position, doc.flag, doc.mover)


class HeapsPage(QWidget):
    """The game of the session, shown, played and edited."""

    #: a status-bar message
    message = Signal(str)
    #: the search of the position shown is in (or failed, or was stopped)
    readyChanged = Signal(bool)

    def __init__(
        self, session: HeapsSession, engine: EngineService, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.setObjectName("heapsPage")
        self.session = session
        self.engine = engine
        self.searches = Searches()
        self.analyses: OrderedDict[Key, Analysis] = OrderedDict()
        self._job: int | None = None
        self._job_key: Key | None = None
        self._stopped: Key | None = None  # the search cancelled (not started again by itself)
        self._why = ""  # and why
        self._theory_marks: tuple[tuple[Move, Fraction], ...] | None = None

        self.chooser = GameChooser(self)
        self.field = PositionField(self)
        self.board = HeapsBoard(self)
        self.panel = HeapsPanel(self)
        self.beside = BesideWhistView(engine)
        # its own scroll: the tab keeps the lists' height, the comparison its natural one
        self.beside_scroll = FitScrollArea(self.beside)
        self.beside_scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.panel.add_tab(
            self.beside_scroll,
            "Beside &whist",
            "Integral and refined hackenbush (Theorems 6.2, 6.3) beside whist's ρ and ρ′",
        )
        self.panel.tabs.currentChanged.connect(  # Beside whist: its room, where there is any
            lambda k: (
                k == self.panel.tabs.indexOf(self.beside_scroll)
                and give_room(self.beside, self.beside_scroll, self.splitter)
            )
        )
        self.side = FitScrollArea(self.panel, by_minimum=True)
        self.side.setFrameShape(FitScrollArea.Shape.NoFrame)
        self.side.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # Tab goes from the board to the panel
        self.side.setMinimumWidth(300)
        self.splitter = QSplitter(Qt.Orientation.Horizontal, self)
        self.splitter.setObjectName("heapsSplitter")
        self.splitter.setChildrenCollapsible(False)
        self.splitter.addWidget(self.board)
        self.splitter.addWidget(self.side)
        self.splitter.setStretchFactor(0, 3)
        self.splitter.setStretchFactor(1, 2)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 6, 6, 6)
        layout.addWidget(self.chooser)
        layout.addWidget(self.field)
        # the position (board and panel) and the quotient explorer, in tabs
        self.explorer = QuotientExplorer(engine, self)
        self.tabs = QTabWidget(self)
        self.tabs.setObjectName("heapsTabs")
        self.tabs.setDocumentMode(True)
        self.tabs.addTab(self.splitter, "Positi&on")
        self.tabs.addTab(self.explorer, "&Quotient monoid")
        self.tabs.setTabToolTip(
            1,
            "The game's quotient monoid (strange algebra §5): its classes, multiplication "
            "table, the theory's checks and the P-position map",
        )
        layout.addWidget(self.tabs, 1)

        # the position's search is the Position tab's work: it waits (and a search running
        # is stopped, to go on when the tab is shown) while the quotient's tab is shown
        self.work = ViewWork(engine, self.splitter, self._search)
        self.predictor = QuotientPredictor(engine, self)
        self.predictor.ready.connect(self._on_predicted)
        self.explorer.positionChosen.connect(self._on_position_chosen)
        self.explorer.boundsChosen.connect(self._on_bounds)
        self.explorer.message.connect(self.message)
        self.chooser.gameChosen.connect(self._on_game)
        self.field.settled.connect(self._on_text)
        self.field.edit.undoRequested.connect(session.undo_stack.undo)
        self.field.edit.redoRequested.connect(session.undo_stack.redo)
        self.field.edit.revertRequested.connect(lambda: self.field.show_text(self.doc.shown_text))
        self.board.edited.connect(self._on_edited)
        self.board.counterClicked.connect(self._on_counter)
        self.panel.moveChosen.connect(self.play)
        self.panel.moverChosen.connect(self._on_mover)
        self.panel.flagChosen.connect(self._on_flag)
        self.panel.cancelRequested.connect(self.cancel_search)
        self.panel.searchRequested.connect(self.search_again)
        engine.finished.connect(self._on_finished)
        engine.failed.connect(self._on_failed)
        engine.cancelled.connect(self._on_cancelled)
        engine.progress.connect(self._on_progress)
        session.documentChanged.connect(self.show_document)
        self.show_document(session.document)

    @property
    def doc(self) -> HeapsDocument:
        return self.session.document

    # -- showing the document --------------------------------------------------------------
    def show_document(self, doc: HeapsDocument) -> None:
        """Show ``doc`` everywhere, and search it (or show the search kept)."""
        view = theory_view(doc)
        # no theory: the exact quotient's prediction (octal games), asked for before the search
        quotient, note = self.predictor.quotient_for(doc) if view is None else (None, "")
        if quotient is not None:
            view = quotient_theory_view(doc, quotient)
        labels = tuple(t if doc.kind is Kind.HEAPS else "" for t in doc.layout)
        elements = tuple(e for _c, e in view.components) if view else ()
        self.board.splits = doc.can_split()
        self.board.set_position(doc.stacks, doc.kind, labels, elements)
        self.board.set_caption(doc.rules.title)
        self.chooser.set_game(doc.game)
        self.field.show_text(doc.shown_text)  # in the order drawn, as the board reads
        self.panel.show_document(doc, view)
        if note:
            self.panel.show_theory(None, note)
        value = position_value(doc)
        self.panel.show_tab(self.beside_scroll, value is not None)
        if value is not None:
            self.beside.show_value(doc, value)

        self.explorer.show_document(doc)
        self._theory_marks = (
            quotient_marks(doc, quotient)
            if quotient is not None
            else theory_marks(doc)
            if view is not None
            else None
        )
        self._search()

    def _on_predicted(self, game: str) -> None:
        """The exact quotient of a game came (or failed): its prediction shown, as the
        theory's, unless the search's marks are in."""
        doc = self.doc
        if game and game != doc.game:
            return
        quotient, note = self.predictor.quotient_for(doc)
        view = quotient_theory_view(doc, quotient) if quotient is not None else None
        self.panel.show_theory(view, note)
        self.board.set_elements(tuple(e for _c, e in view.components) if view else ())
        if quotient is not None and view is not None:
            self._theory_marks = quotient_marks(doc, quotient)
            if key_of(doc) not in self.analyses and key_of(doc) != self._stopped:
                self._show_theory_marks()

    def _show_theory_marks(self) -> None:
        """Until the search's marks come (or when it is stopped): the theory's, labelled so
        — hollow badges on the board, the Moves list's column '(theory)'."""
        marks = self._theory_marks
        self.panel.show_theory_marks(marks)
        if marks is None:
            self.board.set_marks({})
            self._set_notes((), None)
            return
        self.board.set_marks(self._marks(marks, self.panel.theory_best, theory=True))
        self._set_notes(marks, self.panel.theory_best, theory=True)

    def _search_note(self) -> str:
        """When the search's marks come: when it is done, or never (it gave up, failed or was
        stopped: '3 35 6 7' in misère Kayles still promised them after it gave up)."""
        if key_of(self.doc) == self._stopped:
            return "the search stopped without its marks (Search: says why)"
        return "the search's marks come when it is done"

    def _set_notes(
        self,
        results: Sequence[tuple[Move, Fraction]],
        best: Callable[[Fraction], bool] | None,
        *,
        theory: bool = False,
    ) -> None:
        """The lines under the board's caption: how to read the marks shown (the theory's),
        and how to play a move no click on a counter makes (Moore's nim takes from several
        heaps at once) — the best one named when no click makes a best move."""
        notes = []
        if theory:
            notes.append(
                f"Hollow marks: what the theory predicts after each move — {self._search_note()}"
            )
        notes.append(self._off_board_note(results, best))
        self.board.set_notes(notes)

    def _off_board_note(
        self, results: Sequence[tuple[Move, Fraction]], best: Callable[[Fraction], bool] | None
    ) -> str:
        doc = self.doc
        if sum(len(s) for s in doc.stacks) > MARKED_COUNTERS:
            return ""
        listed = self.panel.tree.moves()
        spots = doc.click_spots(m.position for m in listed)  # a split's too (octal games)
        off = [m for m in listed if not spots[m.position]]
        if not off:
            return ""
        word = "piles" if doc.kind is Kind.PILES else "heaps"
        if best is not None:
            good = [m for m, r in results if best(r)]
            if good and all(not spots.get(m.position, ()) for m in good):
                return (
                    f"Best: {good[0].label} — from several {word} at once, no click makes it: "
                    "play it in the Moves list (double-click, Enter)"
                )
        many = f"{len(off):,} moves take" if len(off) > 1 else "A move takes"
        return (
            f"{many} from several {word} at once, which no click makes: play them in the "
            "Moves list (double-click, Enter)"
        )

    def _search(self) -> None:
        """The search of the position shown: the one kept, or a job (not while the page is
        hidden: it catches up when shown; not again after a Cancel until asked)."""
        doc = self.doc
        key = key_of(doc)
        kept = self.analyses.get(key)
        if kept is not None:
            self._show_analysis(kept)
            return
        self._show_theory_marks()
        if key == self._stopped:
            self.panel.set_progress("Search stopped.", busy=False)
            self.panel.search_stopped(self._why)
            return
        if self._job is not None and self._job_key == key:
            return  # asked already
        if self.work.defer():
            return
        self._job_key = key
        self._job = self.work.submit(
            CHANNEL,
            analysis_job(doc, self.searches),
            label=f"Search of {_short(doc.shown_text)}",
            tag=key,
        )
        self.panel.set_progress("Searching …", busy=True)
        self.panel.search_running()
        self.readyChanged.emit(False)

    def _show_analysis(self, analysis: Analysis) -> None:
        self.panel.show_analysis(analysis)
        self.panel.set_progress("", busy=False)
        doc = self.doc
        best = lambda r: analysis.best(doc.rules, r, doc.mover)  # noqa: E731
        self.board.set_marks(self._marks(analysis.marks, best))
        self._set_notes(analysis.marks, best)
        self.readyChanged.emit(True)

    def _marks(
        self,
        results: Sequence[tuple[Move, Fraction]],
        best: Callable[[Fraction], bool],
        *,
        theory: bool = False,
    ) -> dict[tuple[int, int], Mark]:
        """Each counter whose taking is a move, marked with its best result for the mover
        (several moves take it where the mover also names a constraint): the search's, or
        the ``theory``'s prediction."""
        doc = self.doc
        if sum(len(s) for s in doc.stacks) > MARKED_COUNTERS:
            return {}
        rules = doc.rules
        mover = doc.mover
        spots = doc.click_spots(m.position for m, _r in results)
        # each counter's best result, and how many moves a click on it offers
        by_spot: dict[tuple[int, int], tuple[Fraction, set[Hashable]]] = {}
        for m, r in results:
            for spot in spots[m.position]:
                old, reached = by_spot.get(spot, (r, set()))
                reached.add(m.position)
                by_spot[spot] = (r if r * mover.sign > old * mover.sign else old, reached)
        whose = f" (the theory's prediction; {self._search_note()})"
        marks = {}
        for spot, (r, reached) in by_spot.items():
            tip = f"after it: {result_words(rules, r, mover.other)}"
            if len(reached) > 1:  # a take or a split of the heap here (octal games)
                tip = (
                    f"a click offers {len(reached)} moves (the heap cut or split here); "
                    f"after the best: {result_words(rules, r, mover.other)}"
                )
            if theory:
                tip += whose
            marks[spot] = Mark(mark_text(rules, r, mover), best(r), tip, theory)
        return marks

    def ready(self) -> bool:
        """Is the search of the position shown in (or stopped)?"""
        key = key_of(self.doc)
        return key in self.analyses or key == self._stopped

    # -- the engine's answers --------------------------------------------------------------
    def _on_finished(self, job: int, channel: str, tag: object, result: object) -> None:
        if channel != CHANNEL or job != self._job or not isinstance(result, Analysis):
            return
        self._job = self._job_key = None
        key: Any = tag
        self.analyses[key] = result
        while len(self.analyses) > _KEPT:
            self.analyses.popitem(last=False)
        if tag == key_of(self.doc):
            self._show_analysis(result)
        else:
            self._search()

    def _on_failed(self, job: int, channel: str, _tag: object, message: str) -> None:
        if channel != CHANNEL or job != self._job:
            return
        key = self._job_key
        self._job = self._job_key = None
        said = for_display(message)
        self._stopped, self._why = key, said  # not started again: it would fail again
        self.panel.set_progress("", busy=False)
        self.panel.search_stopped(said)
        if key == key_of(self.doc):
            self._show_theory_marks()  # their words: no search marks to come
        self.message.emit(f"Search: {said}")
        self.readyChanged.emit(True)

    def _on_cancelled(self, job: int, channel: str) -> None:
        if channel != CHANNEL or job != self._job:
            return
        key = self._job_key
        self._job = self._job_key = None
        if key != key_of(self.doc):
            return
        if self.splitter.isVisible():  # stopped by the user (here, or the status bar's Cancel)
            self._stopped, self._why = key, _STOPPED
            self.panel.search_stopped(_STOPPED)
            self._show_theory_marks()
            self.readyChanged.emit(True)
        self.panel.set_progress("Search stopped.", busy=False)

    def _on_progress(self, job: int, text: str) -> None:
        if job == self._job:
            # '1,520,088 of 8,000,000 looked at (19%)': positions and moves, against the most
            # a search looks at (whist solve's bound)
            self.panel.set_progress(f"Searching: {text}", busy=True)
            self.panel.progress.setToolTip(
                "Positions and moves looked at, of the most a search looks at before it gives "
                "up, as whist solve does (about half a minute); the theory's marks meanwhile"
            )

    def cancel_search(self) -> None:
        """Stop the search of the position shown (Search starts it again)."""
        self._stopped, self._why = key_of(self.doc), _STOPPED
        self.work.stop()
        self.panel.set_progress("Search stopped.", busy=False)
        self.panel.search_stopped(_STOPPED)
        if key_of(self.doc) not in self.analyses:
            self._show_theory_marks()
        self.readyChanged.emit(True)

    def search_again(self) -> None:
        self._stopped = None
        self._search()

    # -- changes asked for -----------------------------------------------------------------
    def _change(self, doc: HeapsDocument, text: str) -> None:
        if not self.session.change(doc, text):
            self.show_document(self.doc)  # the same: the field shows the position's text again

    def _on_game(self, name: str) -> None:
        if name == self.doc.game:
            return
        try:
            doc = self.doc.with_game(name)
        except WhistError as exc:
            self.chooser.set_error(str(exc))
            return
        self._change(doc, f"Game: {game_label(doc.entry)} ({doc.game})")

    def _on_text(self, text: str) -> None:
        if " ".join(text.split()) == self.doc.shown_text and not self.field.has_error:
            return
        try:
            doc = self.doc.with_text(text)
        except WhistError as exc:
            self.field.set_error(str(exc))
            return
        self._change(doc, f"Position {doc.shown_text}")

    def _on_edited(self, stacks: object, text: str) -> None:
        assert isinstance(stacks, list)
        try:
            doc = self.doc.with_stacks(stacks)
        except WhistError as exc:
            self.board.set_message(for_display(str(exc)))
            return
        self._change(doc, text)

    def _on_position_chosen(self, text: str) -> None:
        """A position the quotient explorer asks for (a representative, a product, a cell
        of the P-position map) set on the board: one undo step."""
        try:
            doc = self.doc.with_text(text)
        except WhistError as exc:
            self.message.emit(str(exc))
            return
        self._change(doc, f"Position {doc.shown_text} (from the quotient)")
        self.message.emit(f"Position {doc.shown_text} set on the board")

    def _on_bounds(self, bounds: object) -> None:
        from whistgui.app.heaps_quotient import QuotientBounds

        assert isinstance(bounds, QuotientBounds)
        self._change(self.doc.with_quotient(bounds), f"Quotient bounds: {bounds.words()}")

    def _on_mover(self, player: Player) -> None:
        if player is not self.doc.mover:
            doc = self.doc.with_mover(player)
            self._change(doc, f"{player_name(doc.rules, player)} to move")

    def _on_flag(self, name: str) -> None:
        try:
            doc = self.doc.with_start_flag(name)
        except WhistError as exc:
            self.message.emit(str(exc))
            return
        self._change(doc, f"Start flag {name}")

    def play(self, move: Move, stack: int | None = None) -> None:
        """Play ``move`` (one undo step); nothing once the game is over."""
        doc = self.doc
        if doc.is_over():
            return
        who = player_name(doc.rules, doc.mover)
        self.session.change(doc.play(move, stack=stack), f"{who}: {move.label}")

    def _on_counter(self, stack: int, counter: int, where: QPoint) -> None:
        """A counter clicked: the move that takes it and all above it — a choice of the
        moves when there are several (a take with each constraint), or why there is none."""
        doc = self.doc
        over = doc.end_result()
        if over is not None:
            self.board.set_message(
                f"The game is over: {over_words(doc.rules, over, doc.mover)}. "
                "Undo, or edit the position"
            )
            return
        try:
            moves = doc.moves_to(stack, counter)
        except WhistError as exc:
            self.board.set_message(for_display(str(exc)))
            return
        if len(moves) == 1:
            self.play(moves[0], stack)
            return
        if not moves:
            self.board.set_message(self._no_move(stack, counter))
            return
        self._choose(moves, stack, where)

    def _no_move(self, stack: int, counter: int) -> str:
        doc = self.doc
        who = player_name(doc.rules, doc.mover)
        c = doc.stacks[stack][counter]
        size = len(doc.stacks[stack])
        if c in (BLUE, RED) and not doc.rules.impartial:
            mine = BLUE if doc.mover is Player.LEFT else RED
            if c != mine:
                colour_word = "blue" if c == BLUE else "red"
                own = "blue" if mine == BLUE else "red"
                return f"{who} cuts {own} counters only: this one is {colour_word}"
        return (
            f"Taking counter {counter + 1} of {size} and those above it ({size} → {counter}) is "
            f"not a move of {who} here in {doc.game}; the Moves list has every legal move"
        )

    def _choose(self, moves: tuple[Move, ...], stack: int, where: QPoint) -> None:
        """A menu of the moves a click asks for, best first, the first few."""
        doc = self.doc
        analysis = self.analyses.get(key_of(doc))
        results = dict(analysis.marks) if analysis is not None else {}
        sign = doc.mover.sign

        def order(m: Move) -> Fraction:
            r = results.get(m)
            return -r * sign if r is not None else Fraction(0)

        menu = QMenu(self)
        menu.setObjectName("heapsMoveMenu")
        for m in sorted(moves, key=order)[:_MENU_MOVES]:
            r = results.get(m)
            mark = "" if r is None else f"   {mark_text(doc.rules, r, doc.mover)}"
            best = analysis is not None and r is not None and analysis.best(doc.rules, r, doc.mover)
            act = menu.addAction(("★ " if best else "") + m.label + mark)
            act.triggered.connect(lambda _c=False, m=m: self.play(m, stack))
        if len(moves) > _MENU_MOVES:
            more = menu.addAction(f"{len(moves) - _MENU_MOVES:,} more in the Moves list …")
            more.triggered.connect(lambda: self._select_in_list(moves))
        self.move_menu = menu
        menu.popup(where)

    def _select_in_list(self, moves: tuple[Move, ...]) -> None:
        item = self.panel.tree.row_of(moves[0])
        if item is not None:
            self.panel.tree.setCurrentItem(item)
            self.panel.tree.scrollToItem(item)
            self.panel.tree.setFocus()

    # -- figures, focus, the end -----------------------------------------------------------
    def figure_source(self) -> FigureSource:
        from whistgui.figures.heaps import HEAPS_VIEWS, build_heaps_figure
        from whistgui.ui.widgets.figure_dialog import FigureSource

        doc = self.doc
        quotient = self.explorer.quotient_for(doc)

        def build(view: str, options: Any) -> Any:
            return build_heaps_figure(view, doc, options, quotient)

        name = f"{doc.game.replace(':', '-')}-{doc.shown_text.replace(' ', '-')}"[:80]
        shown = "quotient" if self.tabs.currentWidget() is self.explorer else "position"
        return FigureSource(
            HEAPS_VIEWS, build, name, "position", key="heapsFigure", shown_view=shown
        )

    def shutdown(self) -> None:
        self.work.stop()
        self.predictor.stop()
        self.explorer.shutdown()
