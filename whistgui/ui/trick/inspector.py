"""The game-tree inspector: the α matrix, maxmin/minmax, L/R/I on a number line, an
explanation in words, the lazily expanded tree of reductions, and a check by exact search.

The inspector works on one single suit at a time. Opening a suit computes its values in a
background thread (a fresh evaluator whose memo then covers every reduction), after which every
step through the tree — a click in the matrix, a node in the tree, Back, Up, the arrow keys —
is a memo look-up on the GUI thread.

The inspector follows the session it is given: when the deal changes it shows the same suit
of the new deal (and the play tree of the new deal, if one was open), and a new deal cancels the
work the old one started. Pinned (the Pin button), it keeps what it shows and says so, with a
button to follow the deal again. Its computations run on the app's
:class:`~whistgui.ui.engine_service.EngineService` (channels ``inspector-suit``,
``inspector-deal``, ``inspector-check``), with progress and Cancel in the status bar.

That is the view of whist and refined whist. The other games show their own single-suit
structure (:class:`GameSuitView`): Greedy Whist and five-card R43's matrix A with its diagonal
sums T_k, the sign change H, H̄ and H_Greedy; misère five-card the exit and its stoppers; each
with the suit's element and its words. Those are a few comparisons, computed at once.
"""

from __future__ import annotations

import html
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from PySide6.QtCore import QModelIndex, Qt, QTimer, Signal
from PySide6.QtGui import QAction, QBrush, QColor, QFont, QKeySequence, QPalette
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QMenu,
    QSizePolicy,
    QSplitter,
    QTableView,
    QTableWidget,
    QTableWidgetItem,
    QTabWidget,
    QTextBrowser,
    QToolButton,
    QTreeView,
    QVBoxLayout,
    QWidget,
)

from whistgui.app.analysis import (
    MAX_LIVE_SUIT,
    cannot_inspect,
    game_label,
    is_whist,
    outcome_words,
)
from whistgui.app.checks import SearchCheck, search_check
from whistgui.app.document import Document
from whistgui.engine import (
    Deal,
    Evaluator,
    Player,
    Position,
    Solver,
    SuitAnalysis,
    SuitDeal,
    Value,
    WhistError,
)
from whistgui.engine.games import Game, find_game
from whistgui.engine.games.five_card import symmetrize
from whistgui.engine.games.misere_five_card import stopper_pairs
from whistgui.engine.games.whist.explain import explain
from whistgui.engine.games.whist.latex import alpha_matrix_latex
from whistgui.engine.symbols import minus, signed_or_zero
from whistgui.engine.trick.cards import count, rank_text
from whistgui.figures import build_figure
from whistgui.figures import write as write_figure
from whistgui.figures.matrix import MINUS_FILL, PLUS_FILL
from whistgui.figures.text import ensure_app
from whistgui.ui.engine_service import EngineService, JobContext
from whistgui.ui.session import Session
from whistgui.ui.theme import contrasting_text, error_colour, success_colour
from whistgui.ui.trick.banner import StaleBanner
from whistgui.ui.trick.matrix_model import AlphaMatrixModel, ReductionRole
from whistgui.ui.trick.numberline import NumberLine
from whistgui.ui.trick.play_tree_model import COL_EXACT, PlayTreeModel, path_text
from whistgui.ui.trick.tree_model import COL_DEAL, Node, ReductionTreeModel
from whistgui.ui.widgets.figure_dialog import FigureDialog


@dataclass(frozen=True, slots=True)
class _SuitReady:
    suit: SuitDeal
    evaluator: Evaluator  # its memo covers every reduction of the suit


@dataclass(frozen=True, slots=True)
class _DealReady:
    deal: Deal
    leader: Player
    game: Game
    solver: Solver  # its table covers every position of the deal
    evaluator: Evaluator


def _cost(suit: SuitDeal) -> str:
    """What valuing a suit past the live limit costs, for the question before doing it."""
    from whistgui.engine.games.whist.kernel import (
        MAX_REACH_COUNT_N,
        MAX_SUIT_N,
        RECURSION_RATE,
        reach_size,
    )

    if suit.n <= MAX_SUIT_N:
        return f"{MAX_LIVE_SUIT + 1} to {MAX_SUIT_N} cards a hand take seconds"
    if suit.n > MAX_REACH_COUNT_N:  # counting alone takes seconds past here
        return "so long a suit takes minutes and more"
    size = reach_size(suit.pattern)
    seconds = size / RECURSION_RATE
    when = f"about {seconds:.0f} s" if seconds < 120 else f"about {seconds / 60:,.0f} min"
    if seconds > 86_400:
        days = seconds / 86_400
        when = f"about {days:,.0f} days" if days < 1000 else "years"
    return (
        f"it reaches {size:,} positions, which the exact recursion values at some "
        f"{RECURSION_RATE:,} a second: {when}"
    )


def _warm_deal(deal: Deal, leader: Player, game: Game, solver: Solver, ev: Evaluator) -> None:
    """Search every position of the play tree of ``deal`` in ``game`` (and value it, in
    whist), so that the tree's look-ups are table hits."""
    solver.warm(deal, leaders=(leader,), scorings=(False,), rules=game.rules)
    if is_whist(game) and deal.is_symmetric:
        ev.value(deal)


#: The engine service's channels for the inspector's work.
SUIT_CHANNEL, DEAL_CHANNEL, CHECK_CHANNEL = "inspector-suit", "inspector-deal", "inspector-check"


_SUBSCRIPTS = str.maketrans("0123456789-", "₀₁₂₃₄₅₆₇₈₉₋")
_PLUS, _MINUS = QColor(PLUS_FILL), QColor(MINUS_FILL)  # as the printed figure


class GameSuitView(QWidget):
    """One suit as another game than whist sees it: R43's matrix A (lowest cards first, as in
    the paper), its diagonal sums T_k and the sign change H, H̄, H_Greedy (Greedy Whist and
    five-card, on the suit's symmetrization), or the exit and its stoppers (misère
    five-card); and the suit's element with the theory's words."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("gameSuitView")
        v = QVBoxLayout(self)
        v.setContentsMargins(4, 4, 4, 4)

        def label(name: str) -> QLabel:
            lab = QLabel(self)
            lab.setObjectName(name)
            lab.setWordWrap(True)
            lab.setTextFormat(Qt.TextFormat.RichText)
            lab.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
            v.addWidget(lab)
            return lab

        self.heading = label("gameSuitHeading")
        self.element = label("gameElement")
        self.caption = label("aCaption")
        row = QHBoxLayout()
        self.a_table = QTableWidget(0, 0, self)
        self.a_table.setObjectName("aMatrix")
        self.t_table = QTableWidget(0, 0, self)
        self.t_table.setObjectName("diagonalSums")
        for table in (self.a_table, self.t_table):
            table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
            table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
            table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
            table.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
            table.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
            table.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
            table.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Fixed)
        row.addWidget(self.a_table, 0, Qt.AlignmentFlag.AlignTop)
        row.addWidget(self.t_table, 0, Qt.AlignmentFlag.AlignTop)
        row.addStretch(1)
        v.addLayout(row)
        self.sign = label("signChange")
        self.stoppers = label("stoppers")
        v.addStretch(1)
        self.theory = label("gameTheory")
        self.theory.setForegroundRole(QPalette.ColorRole.PlaceholderText)  # muted, any theme
        self.details: dict[str, object] = {}

    def clear(self, text: str = "") -> None:
        self.details = {}
        self.heading.setText(html.escape(text))
        for lab in (self.element, self.caption, self.sign, self.stoppers, self.theory):
            lab.clear()
            lab.hide()
        for table in (self.a_table, self.t_table):
            table.clear()
            table.setRowCount(0)
            table.setColumnCount(0)
            table.hide()

    def show_suit(self, suit: SuitDeal, game: Game) -> None:
        """Fill the view with ``suit`` in ``game`` (a suit :func:`cannot_inspect` accepts)."""
        self.clear()
        theory = game.new_theory()
        self.heading.setText(
            f"<b>{html.escape(str(suit))}</b> in {html.escape(game_label(game))} — "
            f"{html.escape(game.rules.describe())}"
        )
        if theory is None:
            self.element.setText("No value theory: this game is solved by search only.")
            self.element.show()
            return
        self.theory.setText(f"Theory: {html.escape(theory.title)}")
        self.theory.show()
        self.details = theory.details(suit)
        self._show_element(suit, theory)
        standard = all(2 <= r <= 14 for r in suit.west + suit.east)
        if "A" in self.details:
            shown = symmetrize(suit) if "symmetrization" in self.details else suit
            self._show_matrix(shown, standard, suit if shown != suit else None)
        if "stoppers" in self.details:
            self._show_stoppers(suit, standard)

    def _show_element(self, suit: SuitDeal, theory: Any) -> None:
        try:
            element = theory.element(suit)
        except WhistError as exc:
            self.element.setText(f"<b>No element:</b> {html.escape(str(exc))}")
        else:
            alone = ""
            if theory.covers(Deal([suit])) is None:
                alone = (
                    f"<br><b>This suit alone:</b> "
                    f"{html.escape(outcome_words(theory.outcome(element)))}"
                )
            self.element.setText(
                f"<b>Element</b> {html.escape(theory.pretty(element))}: "
                f"{html.escape(theory.describe(element))}{alone}"
            )
        self.element.show()

    def _show_matrix(self, suit: SuitDeal, standard: bool, original: SuitDeal | None) -> None:
        d = self.details
        a = d["A"]
        t = d["T"]
        assert isinstance(a, list)
        assert isinstance(t, dict)
        west = list(reversed(suit.west))  # W_1 < … < W_n, the paper's order
        east = list(reversed(suit.east))
        n = len(west)

        def card(r: int) -> str:
            return rank_text(r, standard=standard)

        sym = (
            f"Its symmetrization (Theorem 7.1: the lowest cards of the longer holding "
            f"dropped) is <b>{html.escape(str(suit))}</b>. "
            if original is not None
            else ""
        )
        self.caption.setText(
            f"{sym}<b>A</b>: A<sub>ij</sub> = +1 if West's i-th lowest card beats East's j-th "
            "lowest, else −1 (R43 §3); <b>T<sub>k</sub></b> sums the diagonal j − i = k."
        )
        self.caption.show()
        at = self.a_table
        at.setRowCount(n)
        at.setColumnCount(n)
        at.setVerticalHeaderLabels(
            [f"W{str(i + 1).translate(_SUBSCRIPTS)} {card(w)}" for i, w in enumerate(west)]
        )
        at.setHorizontalHeaderLabels(
            [f"E{str(j + 1).translate(_SUBSCRIPTS)} {card(e)}" for j, e in enumerate(east)]
        )
        bold = QFont()
        bold.setBold(True)
        for i in range(n):
            for j in range(n):
                x = int(a[i][j])
                item = QTableWidgetItem(signed_or_zero(x))
                item.setTextAlignment(Qt.AlignmentFlag.AlignCenter)
                item.setBackground(QBrush(_PLUS if x > 0 else _MINUS))
                item.setForeground(QBrush(contrasting_text(_PLUS if x > 0 else _MINUS)))
                beats = "beats" if x > 0 else "does not beat"
                item.setToolTip(
                    f"A{i + 1},{j + 1} = {signed_or_zero(x)}: West's {card(west[i])} {beats} "
                    f"East's {card(east[j])} (diagonal k = {minus(j - i)})"
                )
                if i == j:
                    item.setFont(bold)
                at.setItem(i, j, item)
        h, hbar = int(str(d["H"])), int(str(d["H̄"]))
        tt = self.t_table
        ks = sorted(int(k) for k in t)
        tt.setRowCount(1)
        tt.setColumnCount(len(ks))
        tt.setVerticalHeaderLabels(["T"])
        tt.setHorizontalHeaderLabels([f"k = {minus(k)}" for k in ks])
        for c, k in enumerate(ks):
            x = int(t[str(k)])
            item = QTableWidgetItem(signed_or_zero(x))
            item.setTextAlignment(Qt.AlignmentFlag.AlignCenter)
            if x:
                item.setBackground(QBrush(_PLUS if x > 0 else _MINUS))
                item.setForeground(QBrush(contrasting_text(_PLUS if x > 0 else _MINUS)))
            item.setToolTip(f"T{minus(k).translate(_SUBSCRIPTS)} = {signed_or_zero(x)}")
            if k in (h, hbar):
                item.setFont(bold)
            tt.setItem(0, c, item)
        for table in (at, tt):
            self._fit(table)
        if h == hbar and abs(h) == n:
            where = f"{'West' if h > 0 else 'East'} holds every high card"
        elif h == hbar:
            where = f"T<sub>{minus(h)}</sub> = 0"
        else:
            where = f"T<sub>k</sub> changes sign between k = {minus(h)} and k = {minus(hbar)}"
        self.sign.setText(
            f"<b>H</b> = {minus(h)}, <b><span style='text-decoration: overline'>H</span></b> = "
            f"{minus(hbar)} ({where}; R43 §5) &nbsp; "
            f"<b>H<sub>Greedy</sub></b> = {signed_or_zero(int(str(d['H_Greedy'])))} (Theorem 6.1) "
            f"&nbsp; <b>trace</b> T<sub>0</sub> = {signed_or_zero(int(str(d['trace'])))}"
        )
        self.sign.show()

    @staticmethod
    def _fit(table: QTableWidget) -> None:
        """Size ``table`` to show every cell, and nothing more, without scroll bars."""
        table.resizeColumnsToContents()
        table.resizeRowsToContents()
        frame = 2 * table.frameWidth()
        vh, hh = table.verticalHeader(), table.horizontalHeader()
        table.setFixedSize(
            vh.sizeHint().width() + hh.length() + frame,
            hh.sizeHint().height() + vh.length() + frame,
        )
        table.show()

    def _show_stoppers(self, suit: SuitDeal, standard: bool) -> None:
        d = self.details
        holder = Player.parse(str(d["exit"]))
        k = int(str(d["stoppers"]))
        name = holder.name.title()
        other = holder.other.name.title()
        lowest = min(suit.west + suit.east)
        mine = sorted(suit.hand(holder))[1:]
        theirs = sorted(suit.hand(holder.other))[1:]
        found = stopper_pairs(suit)  # the comparisons the theory counts
        pairs = found[1] if found is not None else []

        def cards(rs: list[int]) -> str:
            return " ".join(rank_text(r, standard=standard) for r in sorted(rs, reverse=True))

        shown = (
            ", ".join(
                f"{rank_text(a, standard=standard)} &gt; {rank_text(b, standard=standard)}"
                for a, b in sorted(pairs, reverse=True)
            )
            if len(pairs) == k and pairs
            else ""
        )
        self.stoppers.setText(
            f"<b>Exit:</b> the lowest card, the {rank_text(lowest, standard=standard)}, is "
            f"{name}'s — an exit for {name} (strange algebra §7.3).<br>"
            f"<b>Stoppers:</b> without each hand's lowest card, {name}'s "
            f"{cards(mine) or '—'} against {other}'s {cards(theirs) or '—'}: {name} wins at most "
            f"{count(k, 'comparison')} — <b>{count(k, 'stopper')}</b>"
            + (f" ({shown})" if shown else "")
            + "."
        )
        self.stoppers.show()


class Inspector(QWidget):
    """The inspector's widget, shown in a dock of the main window."""

    nodeChanged = Signal(object)  # Node
    playReady = Signal()  # the play tree of a whole deal is ready
    ready = Signal()  # the suit's values are computed and the views filled
    checked = Signal(object)  # SearchCheck for the current node

    @property
    def _suit(self) -> SuitDeal | None:
        """The suit opened last; the R43 tab follows it."""
        return self.__dict__.get("_suit_opened")

    @_suit.setter
    def _suit(self, suit: SuitDeal | None) -> None:
        self.__dict__["_suit_opened"] = suit
        r43 = self.__dict__.get("r43")
        if r43 is not None:
            r43.set_suit(suit)

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
        self._service.finished.connect(self._on_job_done)
        self._service.failed.connect(self._on_job_failed)
        self._service.cancelled.connect(self._on_job_cancelled)
        self._evaluator = Evaluator()
        self._analysis: SuitAnalysis | None = None
        self._node: Node | None = None
        self._history: list[Node] = []
        self._game = find_game("whist")
        self._suit = None  # the suit opened last
        #: Which suit of the session's deal is shown (None: a suit opened on its own)
        self._suit_index: int | None = None
        #: The whole deal shown (or being searched) in the play tree, with its leader and game
        self._deal_key: tuple[Deal, Player, str] | None = None
        self._check_key: object = None

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
        self.export_button = QToolButton(self)
        self.export_button.setText("Export")
        self.export_button.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)
        self.export_menu = QMenu(self.export_button)
        self.export_button.setMenu(self.export_menu)
        self.pin_button = QToolButton(self)
        self.pin_button.setObjectName("pinButton")
        self.pin_button.setText("Pin")
        self.pin_button.setCheckable(True)
        self.pin_button.setToolTip(
            "Keep showing this suit and play tree when the deal changes (unpinned, the "
            "inspector follows the deal)"
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

        split = QSplitter(Qt.Orientation.Horizontal, self)
        left = QWidget(split)
        lv = QVBoxLayout(left)
        lv.setContentsMargins(0, 0, 0, 0)
        toggles = QHBoxLayout()
        self.group_box = QCheckBox("&Group sequences", left)
        self.group_box.toggled.connect(self.matrix_model.set_grouped)
        self.outcome_box = QCheckBox("Show each cell's &outcome", left)
        self.outcome_box.toggled.connect(self._on_outcomes)
        toggles.addWidget(self.group_box)
        toggles.addWidget(self.outcome_box)
        toggles.addStretch(1)
        lv.addLayout(toggles)
        self.matrix = QTableView(left)
        self.matrix.setObjectName("alphaMatrix")
        self.matrix.setModel(self.matrix_model)
        self.matrix.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.matrix.setWordWrap(True)
        self.matrix.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self.matrix.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self.matrix.activated.connect(self._on_cell)
        self.matrix.doubleClicked.connect(self._on_cell)
        lv.addWidget(self.matrix, 3)
        self.bounds_label = QLabel(left)
        self.bounds_label.setObjectName("bounds")
        self.bounds_label.setWordWrap(True)
        self.bounds_label.setTextFormat(Qt.TextFormat.RichText)
        lv.addWidget(self.bounds_label)
        self.check_label = QLabel(left)
        self.check_label.setObjectName("searchCheck")
        self.check_label.setWordWrap(True)
        self.check_label.setTextFormat(Qt.TextFormat.RichText)
        lv.addWidget(self.check_label)
        self.explanation = QTextBrowser(left)
        self.explanation.setObjectName("explanation")
        lv.addWidget(self.explanation, 2)

        right = QSplitter(Qt.Orientation.Vertical, split)
        self.number_line = NumberLine(right)
        self.tree = QTreeView(right)
        self.tree.setObjectName("reductionTree")
        self.tree.setModel(self.tree_model)
        self.tree.setUniformRowHeights(True)
        self._set_tree_column_modes()
        self.tree.selectionModel().currentChanged.connect(self._on_tree_current)
        self.tree.expanded.connect(self._fit_state_column_later)
        self.tree.collapsed.connect(self._fit_state_column_later)
        right.addWidget(self.number_line)
        right.addWidget(self.tree)
        split.addWidget(left)
        split.addWidget(right)
        split.setStretchFactor(0, 1)
        split.setStretchFactor(1, 1)
        split.setSizes([660, 640])
        self.tabs = QTabWidget(self)
        self.tabs.addTab(split, "Suit: reductions and values")
        self.tabs.addTab(self._build_play_page(), "Deal: play tree")
        self.game_view = GameSuitView(self)
        self.tabs.addTab(self.game_view, "Suit: the game's structure")
        self.tabs.setTabVisible(2, False)
        from whistgui.ui.trick.r43_view import R43View

        self.r43 = R43View(self._service, self)
        self.tabs.addTab(self.r43, "Suit: R43")
        self.tabs.setTabToolTip(
            3,
            "The suit as the single-suit paper sees it: A, T_k, H, H̄; Whist, Greedy and "
            "Five-card side by side; the normal strategy against optimal play",
        )
        self.r43.set_suit(self._suit)
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
        self._build_export_menu()
        self._update_buttons()
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
        return not self.banner.isHidden()

    def _on_pin(self, on: bool) -> None:
        if not on:
            self.follow()

    def _on_game(self, name: str) -> None:
        self.set_game(name)

    def _on_document(self, _doc: object) -> None:
        if self.pinned:
            self._say_if_stale()
        else:
            self._follow_deal()

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
        if self._deal_key is not None and self._deal_key != (doc.deal, doc.lead, doc.game):
            deal, leader, _game = self._deal_key
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
        """Show the session's deal: the same suit of it, and its play tree if one is open."""
        self.banner.hide()
        if self._session is None:
            return
        doc = self._session.document
        i = self._suit_index
        if i is not None and (
            self._suit is None or i >= len(doc.deal.suits) or doc.deal.suits[i] != self._suit
        ):
            if i < len(doc.deal.suits):
                self.open_suit_at(i)
            else:
                self._clear_suit(f"The deal has no suit {i + 1} any more: choose a suit.")
        if self._deal_key is not None and self._deal_key != (doc.deal, doc.lead, doc.game):
            try:
                self.open_deal(doc.deal, doc.lead, switch=False)
            except WhistError as exc:  # keep following: the next deal may have a tree
                self._deal_key = (doc.deal, doc.lead, doc.game)
                self._service.cancel(DEAL_CHANNEL)
                self.play_model.set_position(None)
                self.play_line.setText(f"No play tree of {doc.deal}: {html.escape(str(exc))}")

    def inspect_session_deal(self) -> str | None:
        """Open the session's deal as a play tree (and follow it); returns why it cannot be
        (shown in the play tree's page too), or None."""
        if self._session is None:
            return "the inspector has no session to follow"
        doc = self._session.document
        try:
            self.open_deal(doc.deal, doc.lead)
        except WhistError as exc:
            self.play_line.setText(html.escape(f"No play tree of {doc.deal}: {exc}"))
            return str(exc)
        return None

    def open_suit_at(self, index: int) -> int:
        """Inspect suit ``index`` of the session's deal, following it as the deal changes."""
        assert self._session is not None
        deal = self._session.document.deal
        suit = deal.suits[index]
        why = self.cannot_inspect(suit)
        if why is not None and is_whist(self._game):
            self._suit_index = index
            self._clear_suit(f"Suit {deal.names[index]}: {why}")
            self._suit = suit
            return 0
        job = self.open_suit(suit)
        self._suit_index = index
        return job

    def _reset_suit_views(self) -> None:
        """No suit analysis in the matrix, tree and number line; no history, no breadcrumb."""
        self._analysis = None
        self._node = None
        self._history.clear()
        self.matrix_model.set_analysis(None)
        self.tree_model.set_suit(None)
        self.number_line.set_analysis(None)
        self.breadcrumb.setText("")
        self._update_buttons()

    def _clear_suit(self, message: str) -> None:
        """Nothing inspected in the suit views; ``message`` says why."""
        self._service.cancel(SUIT_CHANNEL)
        self._service.cancel(CHECK_CHANNEL)
        self._suit = None
        self._reset_suit_views()
        self.bounds_label.setText("")
        self.check_label.setText("")
        self.explanation.setPlainText("")
        self.game_view.clear(message)
        self.status.setText(html.escape(message))
        self._update_buttons()

    # -- the engine service's answers -------------------------------------------------------
    def _on_job_done(self, _job: int, channel: str, tag: object, result: object) -> None:
        if channel == SUIT_CHANNEL and isinstance(result, _SuitReady) and tag == self._suit:
            self._on_warm(0, result)
        elif channel == DEAL_CHANNEL and isinstance(result, _DealReady) and tag == self._deal_key:
            self._on_deal_warm(result)
        elif channel == CHECK_CHANNEL and tag == self._check_key:
            self._on_checked(0, result)  # type: ignore[arg-type]

    def _on_job_failed(self, _job: int, channel: str, tag: object, message: str) -> None:
        if channel == DEAL_CHANNEL and tag == self._deal_key:
            self.play_line.setText(f"No play tree: {html.escape(message)}")
        elif channel in (SUIT_CHANNEL, CHECK_CHANNEL):
            self._on_failed(0, message)

    def _on_job_cancelled(self, job: int, channel: str) -> None:
        if not self._service.is_newest(job, channel):
            return  # superseded by newer work of the same kind: that one will answer
        if channel == DEAL_CHANNEL:
            self.play_line.setText("Search cancelled. <a href='search'>Search the deal again</a>")
        elif channel == SUIT_CHANNEL:
            self.status.setText("Cancelled. <a href='suit'>Compute the values again</a>")
        elif channel == CHECK_CHANNEL:
            self.check_label.setText("<i>exact search cancelled</i>")

    def _on_again(self, link: str) -> None:
        if link == "search" and self._deal_key is not None:
            deal, leader, _game = self._deal_key
            self.open_deal(deal, leader)
        elif link == "suit" and self._suit is not None:
            self.open_suit(self._suit)

    # -- the game -------------------------------------------------------------------------
    @property
    def game(self) -> Game:
        return self._game

    def set_game(self, name: str) -> None:
        """Show suits as the game ``name`` sees them; the suit open is shown again."""
        game = find_game(name)
        if game == self._game:
            return
        self._game = game
        whist = is_whist(game)
        showing_tree = self.tabs.currentIndex() == 1
        # before the tabs change: hiding the current tab makes its neighbour (R43) current
        showing_r43 = self.tabs.currentWidget() is self.r43
        self.tabs.setTabVisible(0, whist)
        self.tabs.setTabVisible(2, not whist)
        self.tabs.setTabText(2, f"Suit: {game_label(game)}")
        for w in (self.back_button, self.up_button, self.breadcrumb, self.export_button):
            w.setVisible(whist)  # they walk and export whist's views
        if not whist:
            self._service.cancel(SUIT_CHANNEL)  # a whist suit still being valued is dropped
            self._service.cancel(CHECK_CHANNEL)
        if showing_r43:
            self.tabs.setCurrentWidget(self.r43)
        elif not showing_tree:
            self.tabs.setCurrentIndex(0 if whist else 2)
        if self._suit is not None:
            self.open_suit(self._suit, switch=not showing_tree)
        if self._deal_key is not None and not self.pinned:
            deal, leader, _old = self._deal_key
            self.open_deal(deal, leader, switch=showing_tree)

    def _show_suit_tab(self, index: int) -> None:
        """Bring the suit's tab ``index`` to the front, unless the R43 tab is: that one
        follows the suit opened, so one can compare R43's view across suits."""
        if self.tabs.currentWidget() is not self.r43:
            self.tabs.setCurrentIndex(index)

    def has_content(self) -> bool:
        """Has a suit (or a deal's play tree) been opened?"""
        return self._suit is not None or self.play_model.rowCount() > 0

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
    def _build_play_page(self) -> QWidget:
        page = QWidget(self)
        v = QVBoxLayout(page)
        v.setContentsMargins(0, 0, 0, 0)
        self.play_line = QLabel("Open a whole deal: View ▸ Inspect Whole Deal.", page)
        self.play_line.setObjectName("playLine")
        self.play_line.setWordWrap(True)
        self.play_line.setTextFormat(Qt.TextFormat.RichText)
        self.play_line.linkActivated.connect(self._on_again)
        v.addWidget(self.play_line)
        self.play_model = PlayTreeModel(Solver(), Evaluator(), self, game=self._game)
        self.play_tree = QTreeView(page)
        self.play_tree.setObjectName("playTree")
        self.play_tree.setModel(self.play_model)
        self.play_tree.setUniformRowHeights(True)
        v.addWidget(self.play_tree, 1)
        return page

    def open_deal(self, deal: Deal, leader: Player, *, switch: bool = True) -> int:
        """Show the trick-by-trick play tree of ``deal`` in the current game; the exact
        search that backs it up runs on the engine service first, with progress and Cancel
        (:attr:`playReady` follows). A newer deal cancels it, and its result never lands in
        a newer deal's tree."""
        Position.start(deal, leader, self._game.rules)  # DealError for unequal hands
        if switch:
            self.tabs.setCurrentIndex(1)
        game = self._game
        key = (deal, leader, game.name)
        self._deal_key = key
        self.play_line.setText(
            html.escape(f"Searching {deal} with {leader.name.title()} on lead …")
        )
        self.play_model.set_position(None)

        def job(ctx: JobContext) -> _DealReady:  # on the engine's thread
            solver, evaluator = ctx.new_solver(), ctx.memo(game.name).evaluator
            _warm_deal(deal, leader, game, solver, evaluator)
            solver.should_stop = solver.progress = None
            return _DealReady(deal, leader, game, solver, evaluator.snapshot())

        return self._service.submit(
            DEAL_CHANNEL, job, label=f"Searching the play tree of {deal}", tag=key
        )

    def open_deal_now(self, deal: Deal, leader: Player) -> None:
        """As :meth:`open_deal`, searching on this thread (scripts, headless figures)."""
        self._deal_key = (deal, leader, self._game.name)
        solver, evaluator = Solver(), Evaluator()
        _warm_deal(deal, leader, self._game, solver, evaluator)
        self._on_deal_warm(_DealReady(deal, leader, self._game, solver, evaluator))

    def _on_deal_warm(self, ready: _DealReady) -> None:
        deal, leader, solver, evaluator = ready.deal, ready.leader, ready.solver, ready.evaluator
        self.play_model = PlayTreeModel(solver, evaluator, self, game=ready.game)
        self.play_tree.setModel(self.play_model)
        self.play_tree.selectionModel().currentChanged.connect(self._on_play_current)
        self.play_model.set_position(deal, leader)
        root = self.play_model.root
        assert root is not None
        self.play_tree.expand(self.play_model.index_of(root))
        self._fit_play_columns()
        exact = self.play_model.exact(root)
        if isinstance(exact, Player):
            outcome = f"{exact.name.title()} wins"
        else:
            shown = self.play_model.data(self.play_model.index_of(root, COL_EXACT))
            outcome = f"West takes {shown}"
        self.play_line.setText(
            html.escape(
                f"{deal}, {leader.name.title()} on lead ({ready.game.name}): {outcome} under "
                "optimal play. ★ marks optimal tricks; expand a trick to go on."
            )
        )
        self.playReady.emit()

    def _fit_play_columns(self) -> None:
        """Every column fits its contents and header, the figures close to their headers; the
        Remaining column takes what width is left over (not the last column, which would
        push Exact far from its header)."""
        header = self.play_tree.header()
        header.setStretchLastSection(False)
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)

    def _on_play_current(self, current: QModelIndex, _previous: QModelIndex) -> None:
        node = self.play_model.node(current)
        if node is not None and node.trick is not None:
            self.play_line.setText(f"Line: {path_text(node)}")

    def open_suit(self, suit: SuitDeal, *, switch: bool = True, anyway: bool = False) -> int:
        """Inspect ``suit`` in the current game: whist's values are computed on the engine
        service, another game's structure at once; :attr:`ready` follows. A whist suit past
        the live limit waits for *evaluate anyway* (``anyway``: value it now)."""
        self._suit_index = None
        if not is_whist(self._game):
            return self._open_game_suit(suit, switch=switch)
        if not suit.is_symmetric or suit.is_empty:
            self.status.setText(
                f"{html.escape(str(suit))} cannot be inspected: the value theory needs a "
                "nonempty symmetric suit"
            )
            return 0
        self._suit = suit
        self._reset_suit_views()
        if suit.n > MAX_LIVE_SUIT and not anyway:
            self._service.cancel(SUIT_CHANNEL)
            self.status.setText(
                f"{html.escape(str(suit))} has {suit.n} cards a hand: past the live limit of "
                f"{MAX_LIVE_SUIT} ({_cost(suit)}). "
                "<a href='anyway'>Evaluate anyway</a> — progress and Cancel in the status bar."
            )
            return 0
        if switch:
            self._show_suit_tab(0)
        self.status.setText(f"Computing the values of {html.escape(str(suit))} …")

        def job(ctx: JobContext) -> _SuitReady:  # on the engine's thread
            ev = ctx.memo(self._game.name).evaluator
            ev.analyze(suit)
            return _SuitReady(suit, ev.snapshot())

        return self._service.submit(
            SUIT_CHANNEL, job, label=f"Valuing {suit} and its reductions", tag=suit
        )

    def evaluate_anyway(self) -> int:
        """Value the suit shown, past the live limit (progress and Cancel in the status bar)."""
        if self._suit is None:
            return 0
        index = self._suit_index
        job = self.open_suit(self._suit, anyway=True)
        self._suit_index = index
        return job

    def _on_status_link(self, link: str) -> None:
        if link == "anyway":
            self.evaluate_anyway()
        else:
            self._on_again(link)

    def _open_game_suit(self, suit: SuitDeal, *, switch: bool = True) -> int:
        self._suit = suit
        if switch:
            self._show_suit_tab(2)
        why = self.cannot_inspect(suit)
        if why is not None:
            self.game_view.clear(why)
            self.status.setText(html.escape(why))
            return 0
        try:
            self.game_view.show_suit(suit, self._game)
        except WhistError as exc:
            self.game_view.clear(f"{suit}: {exc}")
            self.status.setText(html.escape(str(exc)))
            return 0
        self.status.setText(html.escape(f"Inspecting {suit} in {self._game.name}."))
        self.ready.emit()
        return 0

    def open_suit_now(self, suit: SuitDeal) -> None:
        """Inspect ``suit`` computing on this thread (for scripts and headless rendering)."""
        if not is_whist(self._game):
            self._open_game_suit(suit)
            return
        self._suit = suit
        ev = Evaluator()
        ev.analyze(suit)
        self._on_warm(0, _SuitReady(suit, ev))

    def set_figure_mode(self, on: bool) -> None:
        """Hide the controls (buttons, toggles, tabs, status) for a figure, or show them."""
        whist = is_whist(self._game)
        for button in (self.back_button, self.up_button, self.export_button):
            button.setVisible(not on and whist)
        for w in (self.group_box, self.outcome_box, self.status):
            w.setVisible(not on)
        self.tabs.tabBar().setVisible(not on)

    def check_now(self) -> SearchCheck | None:
        """Run the exact-search check of the current node on this thread (headless use)."""
        node = self._node
        if node is None or not is_whist(self._game):
            return None
        v = self._evaluator.suit_value(node.suit) if not node.suit.is_empty else Value(0)
        check = search_check(node.suit, node.tricks, v, node.state_text(self.tree_model.abstract))
        self._service.cancel(CHECK_CHANNEL)  # a background check of it is not needed
        self._on_checked(0, check)
        return check

    def _on_warm(self, _job: int, ready: _SuitReady | _DealReady | None) -> None:
        if ready is None or not is_whist(self._game):  # superseded by another game
            return
        if isinstance(ready, _DealReady):
            self._on_deal_warm(ready)
            return
        suit, ev = ready.suit, ready.evaluator
        if self.tabs.currentIndex() != 1:
            self._show_suit_tab(0)
        self._evaluator = ev
        self.tree_model = ReductionTreeModel(ev, self)
        self.tree.setModel(self.tree_model)
        self._set_tree_column_modes()  # a new model resets the header's sections
        self.tree.selectionModel().currentChanged.connect(self._on_tree_current)
        self.tree_model.set_suit(suit)
        root = self.tree_model.root
        assert root is not None
        self._history.clear()
        self._show(root, remember=False)
        self.tree.expand(self.tree_model.index_of(root))
        self.fit_state_column()
        self.status.setText(f"Inspecting {suit}: double-click a cell or walk the tree.")
        self.ready.emit()

    def _on_failed(self, _job: int, message: str) -> None:
        self.status.setText(f"<span style='color:#b71c1c'>{html.escape(message)}</span>")

    # -- navigation -----------------------------------------------------------------------
    def _show(self, node: Node, remember: bool = True) -> None:
        if remember and self._node is not None and node is not self._node:
            self._history.append(self._node)
        self._node = node
        if node.suit.is_empty:
            self._analysis = None
            self.matrix_model.set_analysis(None)
            self.number_line.set_analysis(None)
            taken = count(node.tricks, "trick")
            self.bounds_label.setText(
                f"The empty deal: West has taken {taken}; nothing left to play."
            )
            self.explanation.setPlainText("")
        else:
            a = self._evaluator.analyze(node.suit)
            self._analysis = a
            self.matrix_model.set_analysis(a)
            self.number_line.set_analysis(a)
            self.bounds_label.setText(self._bounds_html(a, node))
            try:
                self.explanation.setPlainText(explain(a).text)
            except WhistError as exc:
                self.explanation.setPlainText(f"No explanation: {exc}")
        self._sync_tree(node)
        self.breadcrumb.setText(self._crumbs(node))
        self._update_buttons()
        self.check_label.setText("<i>checking by exact search …</i>")
        suit, tricks = node.suit, node.tricks
        v = self._evaluator.suit_value(suit) if not suit.is_empty else Value(0)
        text = node.state_text(self.tree_model.abstract)
        self._check_key = (suit, tricks)
        self._service.submit(
            CHECK_CHANNEL,
            lambda _ctx: search_check(suit, tricks, v, text),
            label=f"Checking {text} by exact search",
            tag=self._check_key,
        )
        self.nodeChanged.emit(node)

    def _sync_tree(self, node: Node) -> None:
        for ancestor in node.path()[:-1]:
            self.tree_model.ensure_children(ancestor)
            self.tree.expand(self.tree_model.index_of(ancestor))
        index = self.tree_model.index_of(node)
        if self.tree.currentIndex() != index:
            self.tree.setCurrentIndex(index)
        self.fit_state_column()
        self.tree.scrollTo(index)

    def _set_tree_column_modes(self) -> None:
        """Every column of the tree fits its contents; the State column is sized by
        :meth:`fit_state_column` (and may be widened by hand)."""
        header = self.tree.header()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(COL_DEAL, QHeaderView.ResizeMode.Interactive)

    def fit_state_column(self) -> int:
        """Size the State column to its widest shown state (``1 + A8/KJ`` after its
        indentation) plus the width of two figures, and return the width. Exactly fitting
        text is clipped where it is drawn a little wider than measured: in figures drawn at
        another scale, on screens with fractional scaling."""
        tree = self.tree
        spare = tree.fontMetrics().horizontalAdvance("00")
        contents = max(tree.sizeHintForColumn(COL_DEAL), tree.header().sectionSizeHint(COL_DEAL))
        width = contents + spare
        tree.setColumnWidth(COL_DEAL, width)
        return width

    def _fit_state_column_later(self, _index: QModelIndex) -> None:
        """After a node is expanded or collapsed: its children are fetched only after the
        view's signal, so fit the column once they are laid out."""
        QTimer.singleShot(0, self, self.fit_state_column)

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
        ok = check.agrees
        mark = "✓ agree" if ok else "✗ DISAGREE — a bug: please report this state"
        colour = (success_colour() if ok else error_colour()).name()
        self.check_label.setText(
            f"<span style='color:{colour}'><b>Exact search of {html.escape(check.state)}:</b> "
            f"χ = {check.chi}, ρ(val) = {check.rho}; χ′ = {check.chi_refined}, "
            f"ρ′(val) = {check.rho_refined} — {mark}</span>"
        )
        self.checked.emit(check)

    # -- text -----------------------------------------------------------------------------
    def _crumbs(self, node: Node) -> str:
        abstract = self.tree_model.abstract
        parts = []
        path = node.path()
        for depth, n in enumerate(path):
            text = "D" if n.played is None else n.played_text(abstract)
            if depth == len(path) - 1:
                parts.append(f"<b>{html.escape(text)}</b>")
            else:
                parts.append(f"<a href='{depth}'>{html.escape(text)}</a>")
        state = html.escape(node.state_text(abstract))
        return " › ".join(parts) + f" &nbsp; <tt>{state}</tt>"

    @staticmethod
    def _bounds_html(a: SuitAnalysis, node: Node) -> str:
        def order_note(lv_text: str, number: bool) -> str:
            rule = (
                "(E, x) > (W, x) when x is a number"
                if number
                else ("(W, x) > (E, x) when x is not a number")
            )
            return f"{lv_text} &nbsp;<small>[{rule}]</small>"

        extra = f" (plus the {count(node.tricks, 'trick')} West has taken)" if node.tricks else ""
        return (
            f"<b>maxmin(D)</b> = {order_note(a.maxmin.pretty(), a.maxmin.value.is_number)}<br>"
            f"<b>minmax(D)</b> = {order_note(a.minmax.pretty(), a.minmax.value.is_number)}<br>"
            f"<b>I(D)</b> = {html.escape(a.interval.pretty())}<br>"
            f"<b>val(D)</b> = {a.value.pretty()}{extra}, complexity {a.value.complexity}"
        )

    # -- exports --------------------------------------------------------------------------
    def _build_export_menu(self) -> None:
        m = self.export_menu
        for label, fn in (
            ("Matrix Figure…", lambda: self.figure_dialog("matrix")),
            ("Matrix as LaTeX Table…", self._latex_dialog),
            ("Number Line Figure…", lambda: self.figure_dialog("numberline")),
            ("Tree Figure…", lambda: self.figure_dialog("tree")),
        ):
            act = m.addAction(label)
            act.triggered.connect(fn)

    def _figure_document(self) -> Document:
        """The suit shown (the node walked to) as a one-suit document, for figures."""
        node = self._node
        suit = node.suit if node is not None and not node.suit.is_empty else self._suit
        if suit is None:
            raise WhistError("no suit is being inspected")
        return Document.from_deal(Deal([suit]), game=self._game.name)

    def figure_dialog(self, view: str) -> FigureDialog | None:
        """Export Figure on the suit shown, starting on ``view``."""
        try:
            doc = self._figure_document()
        except WhistError as exc:
            self.status.setText(html.escape(str(exc)))
            return None
        ensure_app()
        dlg = FigureDialog(doc, self._service, None, self, view=view, suit=1)
        dlg.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dlg.show()
        return dlg

    def _latex_dialog(self) -> None:
        from PySide6.QtWidgets import QFileDialog, QMessageBox

        path, _ = QFileDialog.getSaveFileName(self, "Export LaTeX", "alpha.tex")
        if not path:
            return
        try:
            self.export_latex(path)
        except (OSError, ValueError) as exc:
            QMessageBox.warning(self, "Export", str(exc))

    def latex(self) -> str:
        """The α matrix of the current node as a LaTeX ``tabular``."""
        if self._analysis is None:
            raise ValueError("no suit is being inspected")
        return alpha_matrix_latex(self._analysis, group_sequences=self.matrix_model.grouped)

    def export_latex(self, path: str | Path) -> Path:
        target = Path(path)
        try:
            target.write_text(self.latex() + "\n", encoding="utf-8")
        except OSError as exc:
            raise ValueError(f"could not write {str(target)!r}: {exc.strerror}") from exc
        return target

    def export_views(self, folder: str | Path, stem: str = "inspector") -> list[Path]:
        """The suit shown as matrix, number line and tree figures, PNG and SVG (drawn from
        the data, 120 mm wide), and its α matrix as a LaTeX table."""
        out = Path(folder)
        doc = self._figure_document()
        paths = []
        for view in ("matrix", "numberline", "tree"):
            fig = build_figure(view, doc)
            for suffix in (".png", ".svg"):
                paths.append(write_figure(fig, out / f"{stem}-{view}{suffix}"))
        paths.append(self.export_latex(out / f"{stem}-alpha.tex"))
        return paths

    def shutdown(self) -> None:
        """Stop the inspector's own engine service (one given to it belongs to its owner)."""
        if self._own_service:
            self._service.shutdown()
