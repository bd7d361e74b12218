"""The inspector's "Deal: play tree" tab: the trick-by-trick play tree of a whole deal in a game.

Opening a deal searches every position of its play tree on the engine service first (channel
``inspector-deal``, a solver of the job's own, with progress and Cancel), so that walking the
tree is a table look-up. The search belongs to the inspector (its
:class:`~whistgui.ui.engine_service.ViewWork`): closed, the inspector stops it, and the page
searches again when the inspector is shown (:meth:`PlayTreePage.resume`). A result is shown
only for the deal asked for last. Before any deal is opened, the page says how to open one,
with a button that does it (:attr:`PlayTreePage.wanted`); what the search is doing goes to the
inspector's status line too (:attr:`PlayTreePage.said`).
"""

from __future__ import annotations

import html
from dataclasses import dataclass

from PySide6.QtCore import QModelIndex, Qt, Signal
from PySide6.QtWidgets import (
    QHeaderView,
    QLabel,
    QPushButton,
    QTreeView,
    QVBoxLayout,
    QWidget,
)

from whistgui.app.analysis import game_label, is_whist
from whistgui.engine import Deal, Evaluator, Player, Position, Solver
from whistgui.engine.games import Game, find_game
from whistgui.ui.engine_service import JobContext, ViewWork
from whistgui.ui.trick.play_tree_model import COL_EXACT, PlayTreeModel, path_text
from whistgui.ui.widgets.lazy_tree import show_model

__all__ = ["DEAL_CHANNEL", "DealKey", "PlayTreePage"]

#: The engine service's channel for the search of a whole deal.
DEAL_CHANNEL = "inspector-deal"
#: What the page says before a deal is opened (its button opens the session's deal).
EMPTY_TEXT = (
    "No deal's play tree yet: Inspect the Whole Deal (View ▸ Inspect Whole Deal, "
    "Ctrl+Shift+I) searches every line of play of the deal on the table, trick by trick."
)
#: The inspector's status while the whole deal is searched.
SEARCHING_TEXT = "Searching the whole deal's play tree …"
#: A deal, its leader and its game's name: what a play tree is of.
DealKey = tuple[Deal, Player, str]


@dataclass(frozen=True, slots=True)
class _DealReady:
    deal: Deal
    leader: Player
    game: Game
    solver: Solver  # its table covers every position of the deal
    evaluator: Evaluator


def _warm_deal(deal: Deal, leader: Player, game: Game, solver: Solver, ev: Evaluator) -> None:
    """Search every position of the play tree of ``deal`` in ``game`` (and value it, in
    whist), so that the tree's look-ups are table hits."""
    solver.warm(deal, leaders=(leader,), scorings=(False,), rules=game.rules)
    if is_whist(game) and deal.is_symmetric:
        ev.value(deal)


class PlayTreePage(QWidget):
    """The play tree of one deal, its line above it. ``work`` is the inspector's."""

    ready = Signal()  # the play tree of the deal asked for is shown
    wanted = Signal()  # the empty page's button: open the session's deal
    said = Signal(str)  # what the search is doing, for the inspector's status line

    def __init__(self, work: ViewWork, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.work = work
        service = work.service
        #: the deal asked for last (shown, or being searched); None: none
        self.key: DealKey | None = None
        self._shown: DealKey | None = None  # the deal whose tree is shown
        self._settled: DealKey | None = None  # a deal that failed, or cannot have a tree
        v = QVBoxLayout(self)
        v.setContentsMargins(0, 0, 0, 0)
        self.play_line = QLabel(html.escape(EMPTY_TEXT), self)
        self.play_line.setObjectName("playLine")
        self.play_line.setWordWrap(True)
        self.play_line.setTextFormat(Qt.TextFormat.RichText)
        self.play_line.linkActivated.connect(self._on_link)
        v.addWidget(self.play_line)
        self.inspect_button = QPushButton("Inspect the &Whole Deal", self)
        self.inspect_button.setObjectName("inspectWholeDeal")
        self.inspect_button.setToolTip("Search the play tree of the deal on the table")
        self.inspect_button.clicked.connect(self.wanted)
        v.addWidget(self.inspect_button, 0, Qt.AlignmentFlag.AlignLeft)
        self.play_model = PlayTreeModel(Solver(), Evaluator(), self, game=find_game("whist"))
        self.play_tree = QTreeView(self)
        self.play_tree.setObjectName("playTree")
        self.play_tree.setModel(self.play_model)
        self.play_tree.setUniformRowHeights(True)
        v.addWidget(self.play_tree, 1)
        service.finished.connect(self._on_finished)
        service.failed.connect(self._on_failed)
        service.cancelled.connect(self._on_cancelled)

    def has_tree(self) -> bool:
        return self.play_model.rowCount() > 0

    # -- opening --------------------------------------------------------------------------
    def open(self, deal: Deal, leader: Player, game: Game) -> int:
        """Search ``deal`` with ``leader`` on lead in ``game`` and show its tree when done
        (:attr:`ready`); a DealError at once for unequal hands."""
        Position.start(deal, leader, game.rules)  # DealError for unequal hands
        key = (deal, leader, game.name)
        self.key = key
        self._shown = self._settled = None
        self.inspect_button.hide()
        self.said.emit(SEARCHING_TEXT)
        self.play_line.setText(
            html.escape(f"Searching {deal} with {leader.name.title()} on lead …")
        )
        self.play_model.set_position(None)

        def job(ctx: JobContext) -> _DealReady:  # on the engine's thread
            solver, evaluator = ctx.new_solver(), ctx.memo(game.name).evaluator
            _warm_deal(deal, leader, game, solver, evaluator)
            solver.should_stop = solver.progress = None
            return _DealReady(deal, leader, game, solver, evaluator.snapshot())

        return self.work.submit(
            DEAL_CHANNEL, job, label=f"Searching the play tree of {deal}", tag=key
        )

    def open_now(self, deal: Deal, leader: Player, game: Game) -> None:
        """As :meth:`open`, searching on this thread (scripts, headless figures)."""
        self.key = (deal, leader, game.name)
        self.inspect_button.hide()
        solver, evaluator = Solver(), Evaluator()
        _warm_deal(deal, leader, game, solver, evaluator)
        self._show(_DealReady(deal, leader, game, solver, evaluator))

    def refuse(self, key: DealKey, message: str) -> None:
        """No tree of ``key``: say why (``message``, rich text), and keep following."""
        self.key = self._settled = key
        self._shown = None
        self.inspect_button.hide()
        self.work.service.cancel(DEAL_CHANNEL)
        self.play_model.set_position(None)
        self.play_line.setText(message)

    def resume(self) -> int | None:
        """Search the deal asked for, if its search was stopped (the inspector was hidden)."""
        key = self.key
        if key is None or key in (self._shown, self._settled):
            return None
        deal, leader, game = key
        return self.open(deal, leader, find_game(game))

    # -- the engine service's answers -----------------------------------------------------
    def _on_finished(self, _job: int, channel: str, tag: object, result: object) -> None:
        if channel == DEAL_CHANNEL and isinstance(result, _DealReady) and tag == self.key:
            self._show(result)

    def _on_failed(self, _job: int, channel: str, tag: object, message: str) -> None:
        if channel == DEAL_CHANNEL and tag == self.key:
            self._settled = self.key
            self.play_line.setText(f"No play tree: {html.escape(message)}")
            self.said.emit(f"No play tree of the whole deal: {message}")

    def _on_cancelled(self, job: int, channel: str) -> None:
        if channel != DEAL_CHANNEL or not self.work.service.is_newest(job, channel):
            return  # not ours, or superseded by a newer deal's search, which will answer
        if not self.work.active:
            return  # the inspector was closed: it searches again when shown
        self.play_line.setText("Search cancelled. <a href='search'>Search the deal again</a>")
        self.said.emit("The search of the whole deal's play tree was cancelled.")

    def _on_link(self, link: str) -> None:
        if link == "search" and self.key is not None:
            deal, leader, game = self.key
            self.open(deal, leader, find_game(game))

    # -- showing --------------------------------------------------------------------------
    def _show(self, ready: _DealReady) -> None:
        deal, leader, solver, evaluator = ready.deal, ready.leader, ready.solver, ready.evaluator
        self._shown = (deal, leader, ready.game.name)
        self.play_model = PlayTreeModel(solver, evaluator, self, game=ready.game)
        show_model(self.play_tree, self.play_model)  # the last deal's model (and solver) goes
        self.play_tree.selectionModel().currentChanged.connect(self._on_current)
        self.play_model.set_position(deal, leader)
        root = self.play_model.root
        assert root is not None
        self.play_tree.expand(self.play_model.index_of(root))
        self._fit_columns()
        exact = self.play_model.exact(root)
        if isinstance(exact, Player):
            outcome = f"{exact.name.title()} wins"
        else:
            shown = self.play_model.data(self.play_model.index_of(root, COL_EXACT))
            outcome = f"West takes {shown}"
        game = game_label(ready.game)  # the game's title, never its identifier
        self.said.emit(f"The play tree of {deal} ({game}): expand a trick to go on.")
        self.play_line.setText(
            html.escape(
                f"{deal}, {leader.name.title()} on lead ({game}): {outcome} under "
                "optimal play. ★ marks optimal tricks; expand a trick to go on."
            )
        )
        self.ready.emit()

    def _fit_columns(self) -> None:
        """Every column fits its contents and header, the figures close to their headers; the
        Remaining column takes what width is left over (not the last column, which would
        push Exact far from its header)."""
        header = self.play_tree.header()
        header.setStretchLastSection(False)
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)

    def _on_current(self, current: QModelIndex, _previous: QModelIndex) -> None:
        node = self.play_model.node(current)
        if node is not None and node.trick is not None:
            self.play_line.setText(f"Line: {path_text(node)}")
