"""The game-tree inspector: the α matrix, maxmin/minmax, L/R/I on a number line, an
explanation in words, the lazily expanded tree of reductions, and a check by exact search.

The inspector works on one single suit at a time. Opening a suit computes its values in a
background thread (a fresh evaluator whose memo then covers every reduction), after which every
step through the tree (matrix, tree, Back, Up, arrow keys) is a memo look-up on the GUI thread.
The breadcrumb above names the node walked to, on the tabs that show it: the reductions, and
R43's view of the node's suit; the deal's play tree (:mod:`~whistgui.ui.trick.play_tree_page`)
and another game's structure have none.

The inspector follows the session it is given: what it shows is of the session's deal *now*
— the same suit of the new deal, the play tree of the new deal if one was open — and a new
deal cancels the work the old one started. Its work is its own
(:class:`~whistgui.ui.engine_service.ViewWork`): closed (or put behind another dock), it stops
and starts nothing, whatever the deal does; shown again, it shows the session's deal and
computes what it missed. Pinned (the Pin button), it keeps what it shows, says so, with a button
to follow the deal again, and works on while closed. Its computations run on the app's
:class:`~whistgui.ui.engine_service.EngineService` (channels ``inspector-suit``,
``inspector-deal``, ``inspector-check``), with progress and Cancel in the status bar.

Reduced whist and Greedy Whist (its values over the greedy reductions) are on the reductions
tab too, read their own way (:mod:`~whistgui.ui.trick.inspector_game`). The game's tab shows at
once Greedy Whist's and five-card's R43 matrix A, T_k, H, H̄, H_Greedy, misère's exit and
stoppers (:mod:`~whistgui.ui.trick.game_suit_view`)."""

from __future__ import annotations

import html
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QEvent, QModelIndex, Qt, Signal
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QMenu,
    QScrollArea,
    QTabWidget,
    QToolButton,
    QTreeView,
    QVBoxLayout,
    QWidget,
)

from whistgui.app.analysis import MAX_LIVE_SUIT, cannot_inspect, game_label
from whistgui.app.checks import SearchCheck, search_check
from whistgui.engine import Deal, Evaluator, Player, SuitAnalysis, SuitDeal, Value, WhistError
from whistgui.engine.games import Game, find_game
from whistgui.engine.trick.cards import suit_symbol
from whistgui.ui.engine_service import EngineService, JobContext, ViewWork
from whistgui.ui.theme import is_theme_change
from whistgui.ui.trick.banner import PinButton, StaleBanner
from whistgui.ui.trick.game_suit_view import GameSuitView
from whistgui.ui.trick.inspector_game import ValuedGame, limit_html, note_html, valued_game
from whistgui.ui.trick.matrix_model import AlphaMatrixModel, ReductionRole
from whistgui.ui.trick.play_tree_model import PlayTreeModel
from whistgui.ui.trick.play_tree_page import DEAL_CHANNEL, PlayTreePage
from whistgui.ui.trick.r43_view import R43View
from whistgui.ui.trick.reductions_page import ReductionsPage, SuitTab
from whistgui.ui.trick.session import Session
from whistgui.ui.trick.suit_exports import SuitExports
from whistgui.ui.trick.suit_text import (
    check_html,
    crumbs_html,
    error_html,
)
from whistgui.ui.trick.tree_model import Node, ReductionTreeModel
from whistgui.ui.widgets.figure_dialog import FigureDialog

__all__ = ["CHECK_CHANNEL", "DEAL_CHANNEL", "SUIT_CHANNEL", "Inspector"]

#: The engine service's channels for the inspector's work on a suit.
SUIT_CHANNEL, CHECK_CHANNEL = "inspector-suit", "inspector-check"
#: The reductions tab, the play tree's, the game's structure's (the R43 tab is ``r43``).
_REDUCTIONS, _PLAY_TREE, _GAME = 0, 1, 2


@dataclass(frozen=True, slots=True)
class _SuitReady:
    suit: SuitDeal
    evaluator: Evaluator  # its memo covers every reduction of the suit


class Inspector(QWidget):
    """The inspector's widget, shown in a dock of the main window."""

    nodeChanged = Signal(object)  # Node
    playReady = Signal()  # the play tree of a whole deal is ready
    ready = Signal()  # the suit's values are computed and the views filled
    checked = Signal(object)  # SearchCheck for the current node

    def __init__(
        self,
        session: Session | None = None,
        service: EngineService | None = None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("inspector")
        self._session = session
        self._own_service = service is None
        self._service = service if service is not None else EngineService(self)
        #: the inspector's work: while it is shown (or pinned)
        self.work = ViewWork(self._service, self, self._catch_up)
        self._service.finished.connect(self._on_job_done)
        self._service.failed.connect(self._on_job_failed)
        self._service.cancelled.connect(self._on_job_cancelled)
        self._evaluator = Evaluator()
        self._analysis: SuitAnalysis | None = None
        self._node: Node | None = None
        self._history: list[Node] = []
        self._game = find_game("whist")
        #: how the reductions tab shows the game (None: a game whist's machinery does not value)
        self._valued: ValuedGame | None = valued_game(self._game)
        #: the suit opened last (its values shown, or being computed)
        self._suit: SuitDeal | None = None
        #: Which suit of the session's deal is shown (None: a suit opened on its own)
        self._suit_index: int | None = None
        #: the suit and game whose structure is shown, and the one being computed
        self._shown_suit: tuple[SuitDeal, str] | None = None
        self._pending_suit: tuple[SuitDeal, str] | None = None
        #: the node whose exact-search check is asked for, and its answer (None: not in)
        self._check_key: object = None
        self._check: SearchCheck | None = None
        self._error = ""  # the failure shown in the status line
        #: the job the inspector waits for on each channel: only its cancel is the user's
        self._waiting: dict[str, int] = {}

        self.tree_model = ReductionTreeModel(self._evaluator, self)
        self.matrix_model = AlphaMatrixModel(self)

        outer = QVBoxLayout(self)
        outer.setContentsMargins(4, 4, 4, 4)
        bar = QHBoxLayout()
        self.back_button = QToolButton(self)
        self.back_button.setText("◀ Back")
        self.back_button.setToolTip("Back to the previous node (Alt+Left)")
        self.back_button.clicked.connect(self.back)
        self.up_button = QToolButton(self)
        self.up_button.setText("▲ Up")
        self.up_button.setToolTip("Up to the parent (Alt+Up)")
        self.up_button.clicked.connect(self.up)
        self.breadcrumb = QLabel(self)
        self.breadcrumb.setObjectName("breadcrumb")
        self.breadcrumb.setTextFormat(Qt.TextFormat.RichText)
        self.breadcrumb.linkActivated.connect(self._on_crumb)
        keep = self.breadcrumb.sizePolicy()
        keep.setRetainSizeWhenHidden(True)  # hidden on other tabs, Pin stays at the right
        self.breadcrumb.setSizePolicy(keep)
        self.export_button = QToolButton(self)
        self.export_button.setText("Export")
        self.export_button.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)
        self.export_menu = QMenu(self.export_button)
        self.export_button.setMenu(self.export_menu)
        self.pin_button = PinButton(
            "Keep showing this suit and play tree when the deal changes (unpinned, the "
            "inspector follows the deal)",
            self,
        )
        self.pin_button.toggled.connect(self._on_pin)
        bar.addWidget(self.back_button)
        bar.addWidget(self.up_button)
        bar.addWidget(self.breadcrumb, 1)
        bar.addWidget(self.pin_button)
        bar.addWidget(self.export_button)
        outer.addLayout(bar)
        self.banner = StaleBanner(
            "Follow the deal", "Show the current deal and follow it from now on", self.follow, self
        )
        self.banner_text, self.follow_button = self.banner.text, self.banner.button
        outer.addWidget(self.banner)

        page = ReductionsPage(self.matrix_model, self)
        self.reductions = page
        self.group_box, self.outcome_box = page.group_box, page.outcome_box
        self.outcome_box.toggled.connect(self._on_outcomes)
        self.matrix, self.bounds_label, self.check_label = (
            page.matrix,
            page.bounds_label,
            page.check_label,
        )
        self.explanation, self.number_line, self.tree = (
            page.explanation,
            page.number_line,
            page.tree,
        )
        self.matrix.activated.connect(self._on_cell)
        self.matrix.doubleClicked.connect(self._on_cell)
        self._set_tree_model(self.tree_model)
        self.tabs = QTabWidget(self)
        self.suit_tab = SuitTab(page, self)
        self.tabs.addTab(self.suit_tab, "Suit: reductions and values")
        self.play_page = PlayTreePage(self.work, self)
        self.play_page.ready.connect(self.playReady)
        self.play_page.said.connect(self._say)
        self.play_page.wanted.connect(self.inspect_session_deal)
        self.tabs.addTab(self.play_page, "Deal: play tree")
        self.game_view = GameSuitView(self)
        self.tabs.addTab(self.game_view, "Suit: the game's structure")
        self.tabs.setTabVisible(2, False)
        self.r43 = R43View(self._service, self)
        self.tabs.addTab(self.r43, "Suit: R43")
        self.tabs.setTabToolTip(
            3,
            "The suit as the single-suit paper sees it: A, T_k, H, H̄; Whist, Greedy and "
            "Five-card side by side; the normal strategy against optimal play",
        )
        self.tabs.currentChanged.connect(lambda _i: self._update_bar())
        outer.addWidget(self.tabs, 1)
        self.status = QLabel("Choose a suit to inspect.", self)
        self.status.setObjectName("inspectorStatus")
        self.status.setWordWrap(True)
        self.status.setTextFormat(Qt.TextFormat.RichText)
        self.status.linkActivated.connect(self._on_status_link)
        outer.addWidget(self.status)

        for text, key, slot in (
            ("Back", QKeySequence("Alt+Left"), self.back),
            ("Up", QKeySequence("Alt+Up"), self.up),
        ):
            act = QAction(text, self)
            act.setShortcut(key)
            act.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
            act.triggered.connect(slot)
            self.addAction(act)
        self.exports = SuitExports(
            self,
            self._service,
            self._shown_suit_for_export,
            lambda: self._analysis,
            lambda: self.matrix_model.grouped,
            self._say,
        )
        self.exports.fill(self.export_menu)
        self._update_bar()
        if session is not None:
            self.set_game(session.game)
            session.documentChanged.connect(self._on_document)
            session.gameChanged.connect(self._on_game)

    # -- following the session ------------------------------------------------------------
    @property
    def pinned(self) -> bool:
        """Does the inspector keep what it shows when the deal changes?"""
        return self.pin_button.isChecked()

    def set_pinned(self, on: bool) -> None:
        self.pin_button.setChecked(on)

    @property
    def stale(self) -> bool:
        """Is the inspector showing something of an earlier deal (pinned)?"""
        return self.banner.stale

    def _on_pin(self, on: bool) -> None:
        self.work.keep = on  # pinned, it works on while closed
        if on:
            self._say_if_stale()  # a note that it was unpinned goes
        else:
            self.follow()

    def _on_game(self, name: str) -> None:
        self.set_game(name)

    def _on_document(self, _doc: object) -> None:
        if self.pinned:
            self._say_if_stale()
        elif not self.work.defer():  # hidden: it follows when shown
            self._follow_deal()

    def _catch_up(self) -> None:
        """Shown again: show the session's deal (unless pinned) and compute what was missed
        or stopped while hidden."""
        self._pending_suit = None  # what was under way was stopped when it was hidden
        self._check_key = None if self._check is None else self._check_key
        if self.pinned:
            self._say_if_stale()
        else:
            self._follow_deal()
        self._resume()

    def _resume(self) -> None:
        """Compute what is shown but not computed: the suit in the current game, the play
        tree of the deal, the check of the node walked to."""
        suit = self._suit
        if suit is not None and (suit, self._game.name) not in (
            self._shown_suit,
            self._pending_suit,
        ):
            self._open(suit, self._suit_index, switch=False)
        self.play_page.resume()
        if self._node is not None and self._check is None and self._check_key is None:
            self._ask_check(self._node)

    def _shows_old(self) -> list[str]:
        """What the inspector shows that the session's deal no longer holds."""
        if self._session is None:
            return []
        doc = self._session.document
        old = []
        if self._suit_index is not None and self._suit is not None:
            i = self._suit_index
            if i >= len(doc.deal.suits) or doc.deal.suits[i] != self._suit:
                old.append(f"the suit {self._suit}")
        key = self.play_page.key
        if key is not None and key != (doc.deal, doc.lead, doc.game):
            deal, leader, _game = key
            old.append(f"the play tree of {deal} ({leader.name.title()} on lead)")
        return old

    def _say_if_stale(self) -> None:
        old = self._shows_old()
        if old:
            self.banner.say("Pinned: showing " + " and ".join(old) + " from an earlier deal.")
        else:
            self.banner.hide()

    def follow(self) -> None:
        """Stop keeping an older position: unpin and show the session's deal."""
        if self.pin_button.isChecked():
            self.pin_button.setChecked(False)  # calls back here through _on_pin
            return
        self._follow_deal()

    def _follow_deal(self) -> None:
        """Show the session's deal: the same suit of it (a suit opened on its own: that suit,
        if the deal holds it), and its play tree if one is open."""
        self.banner.hide()
        if self._session is None:
            return
        doc = self._session.document
        suits = doc.deal.suits
        i, suit = self._suit_index, self._suit
        if i is None and suit is not None and suit not in suits:
            self._clear_suit(f"The deal has no suit {suit} any more: choose a suit.")
        elif i is not None and (suit is None or i >= len(suits) or suits[i] != suit):
            if i < len(suits):
                self.open_suit_at(i)
            else:
                self._clear_suit(f"The deal has no suit {i + 1} any more: choose a suit.")
        self._follow_play_tree()

    def _follow_play_tree(self) -> None:
        """The play tree, if one is open, of the session's deal."""
        assert self._session is not None
        doc = self._session.document
        key = self.play_page.key
        if key is not None and key != (doc.deal, doc.lead, doc.game):
            try:
                self.open_deal(doc.deal, doc.lead, switch=False)
            except WhistError as exc:  # keep following: the next deal may have a tree
                self.play_page.refuse(
                    (doc.deal, doc.lead, doc.game),
                    f"No play tree of {html.escape(str(doc.deal))}: {html.escape(str(exc))}",
                )

    def _unpin_for(self, what: str, *, suit_too: bool) -> None:
        """Asked to show ``what`` of the session's deal while pinned: unpin — the suit tabs,
        the play tree and the banner then all show the session's deal (``suit_too``: the
        suit shown follows it too; otherwise the caller opens one) — and say so."""
        if not self.pinned:
            return
        blocked = self.pin_button.blockSignals(True)  # not _on_pin: following is done here
        self.pin_button.setChecked(False)
        self.pin_button.blockSignals(blocked)
        self.work.keep = False
        if self._session is not None:
            if suit_too:
                self._follow_deal()
            else:
                self._follow_play_tree()
        self.banner.note(
            f"Unpinned to show {what}: the inspector follows the deal again "
            "(Pin keeps what it shows)."
        )

    def inspect_session_deal(self) -> str | None:
        """Open the session's deal as a play tree (and follow it); returns why it cannot be
        (shown in the play tree's page too), or None. Pinned, it unpins (and says so)."""
        if self._session is None:
            return "the inspector has no session to follow"
        doc = self._session.document
        self._unpin_for(f"the play tree of {doc.deal}", suit_too=True)
        try:
            self.open_deal(doc.deal, doc.lead)
        except WhistError as exc:
            self.play_line.setText(html.escape(f"No play tree of {doc.deal}: {exc}"))
            return str(exc)
        return None

    def open_suit_at(self, index: int) -> int:
        """Inspect suit ``index`` of the session's deal, following it as the deal changes.
        Pinned, it unpins (and says so): the suit asked for is of the deal now."""
        assert self._session is not None
        deal = self._session.document.deal
        suit = deal.suits[index]
        self._unpin_for(f"the suit {suit}", suit_too=False)
        why = self.cannot_inspect(suit)
        if why is not None and self._valued is not None:
            self._suit_index = index
            self._clear_suit(f"Suit {suit_symbol(deal.names[index])}: {why}")
            self._set_suit(suit)
            self._shown_suit = (suit, self._game.name)  # nothing more to compute
            return 0
        return self._open(suit, index)

    def _reset_suit_views(self) -> None:
        """No suit analysis in the matrix, tree and number line; no history, no breadcrumb."""
        self._analysis = None
        self._node = None
        self._history.clear()
        self._check, self._check_key = None, None
        self.reductions.clear_node()  # nothing of the suit before stays while this one is valued
        self.tree_model.set_suit(None)
        self.breadcrumb.setText("")
        self._update_buttons()

    def _clear_suit(self, message: str) -> None:
        """Nothing inspected in the suit views; ``message`` says why."""
        self._drop(SUIT_CHANNEL)
        self._drop(CHECK_CHANNEL)
        self._set_suit(None)
        self._shown_suit = self._pending_suit = None
        self._reset_suit_views()
        self.game_view.clear(message)
        self.suit_tab.show_reason(message)
        self._say(message)
        self._update_buttons()

    def _set_suit(self, suit: SuitDeal | None) -> None:
        """The suit opened last; R43's tab shows it until a node of it is shown. A new suit is
        shown from the top of the dock's scroller: the breadcrumb and the tabs in sight."""
        if suit is not None and suit != self._suit:
            area = self.parentWidget()
            while area is not None and not isinstance(area, QScrollArea):
                area = area.parentWidget()
            if area is not None:
                area.verticalScrollBar().setValue(0)
        self._suit = suit
        self.r43.set_suit(suit)

    # -- the engine service's answers -------------------------------------------------------
    def _on_job_done(self, _job: int, channel: str, tag: object, result: object) -> None:
        if channel == SUIT_CHANNEL and isinstance(result, _SuitReady) and tag == self._asked():
            self._pending_suit = None
            self._on_warm(result)
        elif channel == CHECK_CHANNEL and tag == self._check_key:
            self._on_checked(0, result)  # type: ignore[arg-type]

    def _asked(self) -> tuple[SuitDeal, str] | None:
        return None if self._suit is None else (self._suit, self._game.name)

    def _on_job_failed(self, _job: int, channel: str, tag: object, message: str) -> None:
        if channel == SUIT_CHANNEL and tag == self._asked():
            self._pending_suit = None
            self._shown_suit = self._asked()  # failed: not computed again by itself
            self._on_failed(0, message)
        elif channel == CHECK_CHANNEL and tag == self._check_key:
            self._on_failed(0, message)

    def _drop(self, channel: str) -> None:
        """Cancel the work on ``channel``: superseded, not waited for (no "Cancelled")."""
        self._waiting.pop(channel, None)
        self._service.cancel(channel)

    def _on_job_cancelled(self, job: int, channel: str) -> None:
        if channel not in (SUIT_CHANNEL, CHECK_CHANNEL):
            return
        if not self._service.is_newest(job, channel) or self._waiting.get(channel) != job:
            return  # superseded by newer work, or dropped by the inspector: not the user's
        if not self.work.active:
            return  # closed: computed again when shown
        if channel == SUIT_CHANNEL:
            self._pending_suit = None
            self._shown_suit = self._asked()  # stopped by the user: computed on request
            self._say("Cancelled. <a href='suit'>Compute the values again</a>", rich=True)
        else:
            self._check = None
            self.check_label.setText("<i>exact search cancelled</i>")

    def _on_again(self, link: str) -> None:
        if link == "search":
            self.play_page.resume()
        elif link == "suit" and self._suit is not None:
            self._open(self._suit, self._suit_index)

    # -- the game -------------------------------------------------------------------------
    @property
    def game(self) -> Game:
        return self._game

    def set_game(self, name: str) -> None:
        """Show suits as the game ``name`` sees them; the suit open is shown again (when the
        inspector is shown)."""
        game = find_game(name)
        if game == self._game:
            return
        self._game = game
        self._valued = valued = valued_game(game)
        whist = valued is not None
        self.reductions.game_note.setVisible(False)
        showing_tree = self.tabs.currentIndex() == _PLAY_TREE
        # before the tabs change: hiding the current tab makes its neighbour (R43) current
        showing_r43 = self.tabs.currentWidget() is self.r43
        self.tabs.setTabVisible(_REDUCTIONS, whist)
        self.tabs.setTabVisible(_GAME, valued is None or valued.structure)
        self.tabs.setTabText(_GAME, f"Suit: {game_label(game)}")
        if not whist:
            self._drop(SUIT_CHANNEL)  # a whist suit still being valued is dropped
            self._drop(CHECK_CHANNEL)
            self._pending_suit = None
        if showing_r43:
            self.tabs.setCurrentWidget(self.r43)
        elif not showing_tree:
            self.tabs.setCurrentIndex(_REDUCTIONS if whist else _GAME)
        self._update_bar()
        self._set_r43()
        if self.work.defer():
            return  # closed: the suit and the deal are shown in this game when it is shown
        if self._suit is not None:
            self._open(self._suit, self._suit_index, switch=not showing_tree)
        key = self.play_page.key
        if key is not None and not self.pinned:
            deal, leader, _old = key
            self.open_deal(deal, leader, switch=showing_tree)

    def _show_suit_tab(self, index: int) -> None:
        """Bring the suit's tab ``index`` to the front, unless the R43 tab is: that one
        follows the suit opened, so one can compare R43's view across suits."""
        if self.tabs.currentWidget() is not self.r43:
            self.tabs.setCurrentIndex(index)

    def _update_bar(self) -> None:
        """The breadcrumb and its buttons show on the tabs that show its node — whist's
        reductions and R43's view of the node's suit — and Export with them."""
        node_tab = self.tabs.currentIndex() == _REDUCTIONS or self.tabs.currentWidget() is self.r43
        shown = self._valued is not None and node_tab
        self.breadcrumb.setVisible(shown)
        for button in (self.back_button, self.up_button, self.export_button):
            button.setVisible(shown and not self._figure_mode)

    def _set_r43(self) -> None:
        """R43's tab shows the node walked to (whist), or the suit opened (another game)."""
        node = self._node
        self.r43.set_suit(
            node.suit if node is not None and self._valued is not None else self._suit
        )

    def has_content(self) -> bool:
        """Has a suit (or a deal's play tree) been opened?"""
        return self._suit is not None or self.play_page.has_tree()

    def cannot_inspect(self, suit: SuitDeal) -> str | None:
        """Why ``suit`` has nothing to inspect in the current game (None: it has)."""
        return cannot_inspect(suit, self._game)

    # -- opening a suit -------------------------------------------------------------------
    @property
    def analysis(self) -> SuitAnalysis | None:
        return self._analysis

    @property
    def node(self) -> Node | None:
        return self._node

    # -- the play tree of a whole deal -----------------------------------------------------
    @property
    def play_model(self) -> PlayTreeModel:
        return self.play_page.play_model

    @property
    def play_line(self) -> QLabel:
        return self.play_page.play_line

    @property
    def play_tree(self) -> QTreeView:
        return self.play_page.play_tree

    def open_deal(self, deal: Deal, leader: Player, *, switch: bool = True) -> int:
        """Show the trick-by-trick play tree of ``deal`` in the current game; the exact
        search that backs it up runs on the engine service first, with progress and Cancel
        (:attr:`playReady` follows). A newer deal cancels it, and its result never lands in
        a newer deal's tree."""
        job = self.play_page.open(deal, leader, self._game)  # DealError for unequal hands
        if switch:
            self.tabs.setCurrentIndex(_PLAY_TREE)
        return job

    def open_deal_now(self, deal: Deal, leader: Player) -> None:
        """As :meth:`open_deal`, searching on this thread (scripts, headless figures)."""
        self.play_page.open_now(deal, leader, self._game)

    def open_suit(self, suit: SuitDeal, *, switch: bool = True, anyway: bool = False) -> int:
        """Inspect ``suit`` in the current game: whist's values are computed on the engine
        service, another game's structure at once; :attr:`ready` follows. A whist suit past
        the live limit waits for *evaluate anyway* (``anyway``: value it now). With a
        session, a suit of its deal is followed as the deal changes."""
        index = None
        if self._session is not None and suit in self._session.document.deal.suits:
            index = self._session.document.deal.suits.index(suit)
        self._unpin_for(f"the suit {suit}", suit_too=False)
        return self._open(suit, index, switch=switch, anyway=anyway)

    def _open(
        self, suit: SuitDeal, index: int | None, *, switch: bool = True, anyway: bool = False
    ) -> int:
        """:meth:`open_suit`, the suit being suit ``index`` of the session's deal (None: on
        its own)."""
        self._suit_index = index
        self._error = ""
        valued = self._valued
        if valued is None:
            return self._open_game_suit(suit, switch=switch)
        if not suit.is_symmetric or suit.is_empty:
            self._say(
                f"{suit} cannot be inspected: the value theory needs a nonempty symmetric suit"
            )
            return 0
        self._set_suit(suit)
        self._shown_suit = None
        self._reset_suit_views()
        self.suit_tab.show_page()
        if suit.n > MAX_LIVE_SUIT and not anyway:
            self._drop(SUIT_CHANNEL)
            self._pending_suit = None
            self._shown_suit = (suit, self._game.name)  # waits for the user to ask
            self._say(limit_html(suit, valued), rich=True)
            self._show_structure(suit)
            return 0
        if switch:
            self._show_suit_tab(_REDUCTIONS)
        self._show_structure(suit)
        self._say(f"Computing the values of {suit} in {valued.label} …")
        game = self._game.name

        def job(ctx: JobContext) -> _SuitReady:  # on the engine's thread
            ev = ctx.memo(game).evaluator
            ev.analyze(suit)
            return _SuitReady(suit, ev.snapshot())

        self._pending_suit = (suit, game)
        self._waiting[SUIT_CHANNEL] = self.work.submit(
            SUIT_CHANNEL, job, label=f"Valuing {suit} and its reductions", tag=(suit, game)
        )
        return self._waiting[SUIT_CHANNEL]

    def evaluate_anyway(self) -> int:
        """Value the suit shown, past the live limit (progress and Cancel in the status bar)."""
        if self._suit is None:
            return 0
        return self._open(self._suit, self._suit_index, anyway=True)

    def _on_status_link(self, link: str) -> None:
        self.evaluate_anyway() if link == "anyway" else self._on_again(link)

    def _open_game_suit(self, suit: SuitDeal, *, switch: bool = True) -> int:
        self._set_suit(suit)
        self._shown_suit = (suit, self._game.name)
        self._node = None
        if switch:
            self._show_suit_tab(_GAME)
        why = self.cannot_inspect(suit)
        if why is not None:
            self.game_view.clear(why)
            self._say(why)
            return 0
        try:
            self.game_view.show_suit(suit, self._game)
        except WhistError as exc:
            self.game_view.clear(f"{suit}: {exc}")
            self._say(str(exc))
            return 0
        self._say(f"Inspecting {suit} in {game_label(self._game)}.")
        self.ready.emit()
        return 0

    def _show_structure(self, suit: SuitDeal) -> None:
        """Beside its values, a game with a structure of its own (Greedy Whist: R43's A, T_k
        and H_Greedy) shows it on its tab at once."""
        if self._valued is None or not self._valued.structure:
            return
        try:
            self.game_view.show_suit(suit, self._game)
        except WhistError as exc:
            self.game_view.clear(f"{suit}: {exc}")

    def open_suit_now(self, suit: SuitDeal) -> None:
        """Inspect ``suit`` computing on this thread (for scripts and headless rendering)."""
        if self._valued is None:
            self._open_game_suit(suit)
            return
        self._set_suit(suit)
        self._show_structure(suit)
        ev = self._valued.evaluator()
        ev.analyze(suit)
        self._on_warm(_SuitReady(suit, ev))

    _figure_mode = False

    def set_figure_mode(self, on: bool) -> None:
        """Hide the controls (buttons, toggles, tabs, status) for a figure, or show them."""
        self._figure_mode = on
        self._update_bar()
        for w in (self.group_box, self.outcome_box, self.status):
            w.setVisible(not on)
        self.tabs.tabBar().setVisible(not on)

    def check_now(self) -> SearchCheck | None:
        """Run the exact-search check of the current node on this thread (headless use)."""
        node = self._node
        if node is None or self._valued is None:
            return None
        v = self._evaluator.suit_value(node.suit) if not node.suit.is_empty else Value(0)
        text = node.state_text(self.tree_model.abstract)
        check = search_check(node.suit, node.tricks, v, text, game=self._valued.name)
        self._drop(CHECK_CHANNEL)  # a background check of it is not needed
        self._on_checked(0, check)
        return check

    def _on_warm(self, ready: _SuitReady) -> None:
        valued = self._valued
        if valued is None or ready.evaluator.greedy != valued.greedy:  # superseded
            return
        suit, ev = ready.suit, ready.evaluator
        self._shown_suit = (suit, self._game.name)
        self.suit_tab.show_page()
        if self.tabs.currentIndex() != _PLAY_TREE:
            self._show_suit_tab(_REDUCTIONS)
        self._evaluator = ev
        self.matrix_model.set_reading(valued.outcome)
        note = note_html(valued)
        self.reductions.game_note.setText(note or "")
        self.reductions.game_note.setVisible(note is not None)
        self._set_tree_model(ReductionTreeModel(ev, self, read=valued.outcome, reads=valued.reads))
        self.tree_model.set_suit(suit)
        root = self.tree_model.root
        assert root is not None
        self._history.clear()
        self._show(root, remember=False)
        self.tree.expand(self.tree_model.index_of(root))
        self.fit_state_column()
        game = "" if valued.name == "whist" else f" in {valued.label}"
        self._say(f"Inspecting {suit}{game}: double-click a cell or walk the tree.")
        self.ready.emit()

    def _on_failed(self, _job: int, message: str) -> None:
        self._error = message
        self.status.setText(error_html(message, self.palette()))

    def _say(self, text: str, *, rich: bool = False) -> None:
        """The status line: ``text`` (plain, or ``rich`` text)."""
        self._error = ""
        self.status.setText(text if rich else html.escape(text))

    # -- the theme --------------------------------------------------------------------------
    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if is_theme_change(event):
            if self._check is not None:
                self.check_label.setText(check_html(self._check, self.palette()))
            if self._error:
                self.status.setText(error_html(self._error, self.palette()))

    # -- navigation -----------------------------------------------------------------------
    def _show(self, node: Node, remember: bool = True) -> None:
        if remember and self._node is not None and node is not self._node:
            self._history.append(self._node)
        self._node = node
        self._analysis = None if node.suit.is_empty else self._evaluator.analyze(node.suit)
        self.reductions.show_node(node, self._analysis)
        self._sync_tree(node)
        self.breadcrumb.setText(crumbs_html(node, self.tree_model.abstract))
        self._update_buttons()
        self._set_r43()
        self._ask_check(node)
        self.nodeChanged.emit(node)

    def _ask_check(self, node: Node) -> None:
        """Check ``node``'s value by exact search on the engine service."""
        self._check = None
        self.check_label.setText("<i>checking by exact search …</i>")
        suit, tricks = node.suit, node.tricks
        v = self._evaluator.suit_value(suit) if not suit.is_empty else Value(0)
        text = node.state_text(self.tree_model.abstract)
        game = "whist" if self._valued is None else self._valued.name
        self._check_key = (suit, tricks, game)
        self._waiting[CHECK_CHANNEL] = self.work.submit(
            CHECK_CHANNEL,
            lambda _ctx: search_check(suit, tricks, v, text, game=game),
            label=f"Checking {text} by exact search",
            tag=self._check_key,
        )

    def _sync_tree(self, node: Node) -> None:
        for ancestor in node.path()[:-1]:
            self.tree_model.ensure_children(ancestor)
            self.tree.expand(self.tree_model.index_of(ancestor))
        index = self.tree_model.index_of(node)
        if self.tree.currentIndex() != index:
            self.tree.setCurrentIndex(index)
        self.fit_state_column()
        self.tree.scrollTo(index)

    def _set_tree_model(self, model: ReductionTreeModel) -> None:
        self.tree_model = model
        self.reductions.set_tree_model(model)
        self.tree.selectionModel().currentChanged.connect(self._on_tree_current)

    def fit_state_column(self) -> int:
        """Size the tree's State column to its widest state (see :class:`ReductionsPage`)."""
        return self.reductions.fit_state_column()

    def _on_tree_current(self, current: QModelIndex, _previous: QModelIndex) -> None:
        node = self.tree_model.node(current)
        if node is not None and node is not self._node:
            self._show(node)

    def _on_cell(self, index: QModelIndex) -> None:
        red = self.matrix_model.data(index, ReductionRole)
        if red is None or self._node is None:
            return
        self.descend(red.west_card, red.east_card)

    def descend(self, west_card: int, east_card: int) -> Node:
        """Go to the reduction where West plays ``west_card`` and East ``east_card``."""
        node = self._node
        if node is None:
            raise ValueError("no suit is being inspected")
        for child in self.tree_model.ensure_children(node):
            assert child.played is not None
            wseq, eseq = child.played
            if west_card in wseq and east_card in eseq:
                self._show(child)
                return child
        raise ValueError(f"no reduction of {node.suit} plays W {west_card} and E {east_card}")

    def back(self) -> None:
        if self._history:
            node = self._history.pop()
            self._show(node, remember=False)

    def up(self) -> None:
        if self._node is not None and self._node.parent is not None:
            self._show(self._node.parent)

    def _on_crumb(self, link: str) -> None:
        node = self._node
        depth = int(link)
        if node is None:
            return
        path = node.path()
        if 0 <= depth < len(path):
            self._show(path[depth])

    def _update_buttons(self) -> None:
        self.back_button.setEnabled(bool(self._history))
        self.up_button.setEnabled(self._node is not None and self._node.parent is not None)

    def _on_outcomes(self, on: bool) -> None:
        self.matrix_model.set_show_outcomes(on)
        self.matrix.resizeRowsToContents()

    def _on_checked(self, _job: int, check: SearchCheck | None) -> None:
        if check is None:  # a superseded request
            return
        self._check = check
        self.check_label.setText(check_html(check, self.palette()))
        self.checked.emit(check)

    # -- exports --------------------------------------------------------------------------
    def _shown_suit_for_export(self) -> tuple[SuitDeal | None, str]:
        """The suit shown: the node walked to, or the suit opened."""
        node = self._node
        suit = node.suit if node is not None and not node.suit.is_empty else self._suit
        return suit, self._game.name

    def figure_dialog(self, view: str) -> FigureDialog | None:
        """Export Figure on the suit shown, starting on ``view``."""
        return self.exports.figure_dialog(view)

    def latex(self) -> str:
        """The α matrix of the current node as a LaTeX ``tabular``."""
        return self.exports.latex()

    def export_latex(self, path: str | Path) -> Path:
        return self.exports.export_latex(path)

    def export_views(self, folder: str | Path, stem: str = "inspector") -> list[Path]:
        """The suit shown as matrix, number line and tree figures, PNG and SVG, and its α
        matrix as a LaTeX table."""
        return self.exports.export_views(folder, stem)

    def shutdown(self) -> None:
        """Stop the inspector's own engine service (one given to it belongs to its owner)."""
        if self._own_service:
            self._service.shutdown()
