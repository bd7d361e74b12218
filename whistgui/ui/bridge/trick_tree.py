"""The tree of the current trick, drawn as He & Chen's "The winning strategy for bridge" draws
it: from the position at the start of the trick, four levels — the leader's legal cards, the
next player's replies to each, and so on — read ∃ ∀ ∃ ∀ when the declaring side leads
(∀ ∃ ∀ ∃ when the defence does): at a level of the declaring side *there is* a card that
keeps the contract, at a level of the defence it must hold *for every* card.

Each level has a column, headed by its quantifier and player, and each node's card stands in
its level's column. A node shows the tricks the declaring side ends the deal with if that card
is played and both sides then play best, and whether that makes the contract (*win*) or not
(*lose*), coloured. An ending (fewer than 13 tricks dealt) decides no contract: its nodes say
instead whether the card is *best* for the side that plays it or what it *costs* that side.
The root row is the trick's start, with its value under best play.
Equivalent cards — one hand, one suit, no card of that suit in another hand or on the table
between them — are one node (``♠KQ``), which keeps the tree small. The line actually played
is marked (bold, ``●``); the cards already played to the trick at the session's cursor are
the path shown open.

Children are computed lazily when a node is expanded: a node's children need the scores of
its position (``scorer(position)`` → {card: tricks the mover's side takes from the start of
the trick on}, :func:`~whistgui.engine.bridge.dds.card_scores` by default), which a job on the
engine service's channel :data:`CHANNEL` computes while a ``computing…`` child stands in.
Nodes expanded while a job runs wait for the next job, which takes them all. Scores are
remembered by position; a result for a trick the view has left is dropped.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import Any, Final

from PySide6.QtCore import QEvent, QModelIndex, Qt, QTimer, Signal
from PySide6.QtGui import QBrush, QFont, QGuiApplication, QPalette
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHeaderView,
    QLabel,
    QTreeView,
    QVBoxLayout,
    QWidget,
)

from whistgui.app.bridge import BridgeDocument, CardMark, card_marks
from whistgui.engine.bridge import (
    BridgeCard,
    BridgePosition,
    Contract,
    Seat,
    Suit,
    trick_winner,
)
from whistgui.engine.bridge.contract import TRICKS
from whistgui.engine.errors import WhistError
from whistgui.engine.trick.cards import rank_text
from whistgui.ui.bridge.dd_table import red_suit_colour
from whistgui.ui.bridge.session import BridgeSession
from whistgui.ui.engine_service import EngineService, JobContext
from whistgui.ui.theme import error_colour, is_theme_change, success_colour
from whistgui.ui.widgets.lazy_tree import Index, LazyTreeModel, NodeRole

__all__ = [
    "CHANNEL",
    "COL_LEVELS",
    "COL_RESULT",
    "COL_TREE",
    "COL_TRICKS",
    "COMPUTING",
    "OnLineRole",
    "Scorer",
    "TrickNode",
    "TrickTreeModel",
    "TrickTreeView",
    "equivalent_groups",
    "trick_start",
]

#: The engine service's channel for the tree's jobs.
CHANNEL: Final = "bridge-tree"
#: The text of the child that stands in while a node's children are computed.
COMPUTING: Final = "computing…"
#: ``scorer(position)`` → {legal card: tricks the mover's side takes from the trick's start}.
Scorer = Callable[[BridgePosition], dict[BridgeCard, int]]

COL_TREE, COL_L1, COL_L2, COL_L3, COL_L4, COL_TRICKS, COL_RESULT = range(7)
#: The columns of levels 1 to 4 (a node of level k shows its card in ``COL_LEVELS[k - 1]``).
COL_LEVELS: Final = (COL_L1, COL_L2, COL_L3, COL_L4)
#: True for a node on the line actually played.
OnLineRole: Final = Qt.ItemDataRole.UserRole + 2
#: The mark of a node on the line played.
PLAYED: Final = "●"
#: Scores remembered, at most (the oldest half is forgotten beyond).
CACHE_SIZE: Final = 20000


def trick_start(position: BridgePosition) -> BridgePosition:
    """``position`` with the cards of the trick in progress back in their hands."""
    if not position.trick:
        return position
    return BridgePosition(
        position.deal.hands, position.strain, position.leader, (), position.tricks
    )


def _suit_order(card: BridgeCard) -> tuple[int, int]:
    return (-int(card.suit), -card.rank)


def equivalent_groups(
    position: BridgePosition, cards: Sequence[BridgeCard]
) -> list[tuple[BridgeCard, ...]]:
    """``cards`` (of the player to move) in groups of equivalent cards, each high to low, the
    groups spades first and high first: cards of one suit with no card of that suit between
    them in another hand or on the table.

    >>> from whistgui.engine.bridge import BridgeDeal, Strain
    >>> deal = BridgeDeal.parse("N:AKJ.-.-.- Q32.-.-.- T98.-.-.- 765.-.-.-")
    >>> pos = BridgePosition.from_deal(deal, Strain.NT, Seat.N)
    >>> [" ".join(map(str, g)) for g in equivalent_groups(pos, pos.legal())]
    ['SA SK', 'SJ']
    """
    mover = position.to_move
    outside: set[BridgeCard] = set(position.trick)
    for seat in Seat:
        if seat is not mover:
            outside |= position.hands[seat]
    groups: list[list[BridgeCard]] = []
    for card in sorted(cards, key=_suit_order):
        if groups:
            last = groups[-1][-1]
            if last.suit is card.suit and not any(
                o.suit is card.suit and card.rank < o.rank < last.rank for o in outside
            ):
                groups[-1].append(card)
                continue
        groups.append([card])
    return [tuple(g) for g in groups]


def cards_text(cards: Sequence[BridgeCard]) -> str:
    """``♠KQ``: a suit's symbol and the ranks, high to low."""
    if not cards:
        return ""
    return cards[0].suit.symbol + "".join(rank_text(c.rank) for c in cards)


class TrickNode:
    """A node of the trick's tree: the root (level 0, the trick's start), a card group of
    level 1–4 (``cards`` high to low, ``card`` the one played to reach ``position``), or the
    stand-in child shown while its parent's children are computed (``message``)."""

    __slots__ = (
        "card",
        "cards",
        "children",
        "level",
        "mark",
        "message",
        "parent",
        "position",
        "row",
        "seat",
    )

    def __init__(
        self,
        position: BridgePosition,
        parent: TrickNode | None = None,
        row: int = 0,
        cards: tuple[BridgeCard, ...] = (),
        card: BridgeCard | None = None,
        mark: CardMark | None = None,
        message: str | None = None,
    ) -> None:
        self.position = position
        self.parent = parent
        self.row = row
        self.cards = cards
        self.card = card
        self.mark = mark
        self.message = message
        self.level: int = 0 if parent is None else parent.level + 1
        self.seat: Seat | None = None if parent is None else parent.position.to_move
        self.children: list[TrickNode] | None = None

    @property
    def is_stand_in(self) -> bool:
        return self.message is not None

    @property
    def is_leaf(self) -> bool:
        return self.is_stand_in or self.level >= 4 or self.position.is_over

    @property
    def waiting(self) -> bool:
        """Its children are being (or were to be) computed: it has only the stand-in."""
        return bool(self.children) and self.children[0].is_stand_in  # type: ignore[index]

    def path(self) -> list[TrickNode]:
        """The nodes from the first level down to this one (the root left out)."""
        out: list[TrickNode] = []
        node: TrickNode | None = self
        while node is not None and node.parent is not None:
            out.append(node)
            node = node.parent
        return out[::-1]

    def walk(self) -> Iterator[TrickNode]:
        """This node and every node fetched under it, depth first."""
        yield self
        for child in self.children or ():
            yield from child.walk()

    def __repr__(self) -> str:
        what = self.message if self.is_stand_in else cards_text(self.cards) or "root"
        return f"<TrickNode {self.level} {self.seat} {what}>"


class TrickTreeModel(LazyTreeModel[TrickNode]):
    """The tree of one trick for one contract. ``want(node)`` is called when a node's children
    need scores that are not in :attr:`cache`; :meth:`fill` brings them."""

    HEADERS = ("Trick", "1", "2", "3", "4", "Tricks", "Result")

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self.cache: dict[BridgePosition, dict[BridgeCard, int]] = {}
        self.contract: Contract = Contract.parse("3NT")
        self.declarer: Seat = Seat.S
        self.line: tuple[BridgeCard, ...] = ()  # the cards of this trick actually played
        self.want: Callable[[TrickNode], None] = lambda node: None

    # -- the tree -----------------------------------------------------------------------------
    def start(
        self,
        position: BridgePosition | None,
        contract: Contract,
        declarer: Seat,
        line: tuple[BridgeCard, ...],
    ) -> None:
        """A new root: the trick starting at ``position`` (None: no tree)."""
        self.contract, self.declarer, self.line = contract, declarer, line
        self.set_root(None if position is None else TrickNode(position))
        self.headerDataChanged.emit(Qt.Orientation.Horizontal, 0, len(self.HEADERS) - 1)

    def set_line(self, line: tuple[BridgeCard, ...]) -> None:
        """Another line played through the same trick: the marks move."""
        if line == self.line:
            return
        self.line = line
        if self.root is not None:
            for node in self.root.walk():
                self.dataChanged.emit(self.index_of(node, 0), self.index_of(node, COL_RESULT))

    def on_line(self, node: TrickNode) -> bool:
        """Is ``node`` on the line played (every card to it the one played)?"""
        for n in node.path():
            if n.is_stand_in or len(self.line) < n.level or self.line[n.level - 1] not in n.cards:
                return False
        return True

    def is_leaf(self, node: TrickNode) -> bool:
        return node.is_leaf

    def make_children(self, node: TrickNode) -> list[TrickNode]:
        scores = self.cache.get(node.position)
        if scores is not None:
            return self._children(node, scores)
        self.want(node)
        return [TrickNode(node.position, node, 0, message=COMPUTING)]

    def _children(self, node: TrickNode, scores: dict[BridgeCard, int]) -> list[TrickNode]:
        pos = node.position
        marks = card_marks(pos, scores, self.contract, self.declarer)
        if node.parent is None:
            best = [m for m in marks.values() if m.best]
            node.mark = best[0] if best else None
        played = self.line[node.level] if len(self.line) > node.level else None
        on_line = node.parent is None or self.on_line(node)
        out: list[TrickNode] = []
        for group in equivalent_groups(pos, list(scores)):
            # split a group whose scores differ (equivalent cards never do, but trust nothing)
            runs: list[list[BridgeCard]] = []
            for card in group:
                if runs and scores[runs[-1][-1]] == scores[card]:
                    runs[-1].append(card)
                else:
                    runs.append([card])
            for run in runs:
                card = played if on_line and played in run else run[0]
                out.append(TrickNode(pos.play(card), node, len(out), tuple(run), card, marks[card]))
        return out

    def fill(self, node: TrickNode, scores: dict[BridgeCard, int]) -> None:
        """``node``'s children from its position's ``scores`` in place of the stand-in."""
        if not node.waiting:
            return
        parent = self.index_of(node)
        self.beginRemoveRows(parent, 0, 0)
        node.children = []
        self.endRemoveRows()
        children = self._children(node, scores)
        if children:
            self.beginInsertRows(parent, 0, len(children) - 1)
            node.children = children
            self.endInsertRows()
        if node.parent is None:
            self.dataChanged.emit(self.index_of(node, 0), self.index_of(node, COL_RESULT))

    def say(self, node: TrickNode, message: str) -> None:
        """The stand-in child of ``node`` says ``message`` (a failure, or computing again)."""
        if node.waiting:
            stand_in = node.children[0]  # type: ignore[index]
            stand_in.message = message
            self.dataChanged.emit(self.index_of(stand_in, 0), self.index_of(stand_in, COL_RESULT))

    # -- what the columns show ------------------------------------------------------------------
    @property
    def dealt(self) -> int:
        """The tricks of the deal the tree is of: 13, or fewer in an ending (13 with no tree)."""
        root = self.root
        if root is None:
            return TRICKS
        return sum(root.position.tricks) + root.position.tricks_left

    @property
    def ending(self) -> bool:
        """Whether the tree is of an ending, which decides no contract."""
        return self.dealt < TRICKS

    def header_tip(self, section: int) -> str:
        root = self.root
        if root is None or section not in COL_LEVELS:
            result = (
                f"best: the card keeps what its side can get of this ending's {self.dealt} "
                "tricks; costs n: its side takes n tricks fewer (both sides playing best "
                "after this card)"
                if self.ending
                else "win: the contract makes; lose: it goes down (both sides playing best "
                "after this card)"
            )
            return {
                COL_TREE: "● and bold: the line actually played",
                COL_TRICKS: "The tricks the declaring side ends the deal with if this card is "
                "played and both sides then play best",
                COL_RESULT: result,
            }.get(section, "")
        seat = root.position.leader.following()[COL_LEVELS.index(section)]
        if self.ending:
            if seat.side is self.declarer.side:
                return (
                    f"∃ {seat.word} (declarer's side chooses): the declaring side takes here "
                    f"the most tricks any card of {seat.word}'s gives it"
                )
            return (
                f"∀ {seat.word} (defence): the declaring side takes here the fewest tricks "
                f"any card of {seat.word}'s leaves it"
            )
        if seat.side is self.declarer.side:
            return (
                f"∃ {seat.word} (declarer's side chooses): the contract is won here if "
                f"there is a card of {seat.word}'s that wins"
            )
        return (
            f"∀ {seat.word} (defence): the contract is won here only if it is won after "
            f"every card of {seat.word}'s"
        )

    def header_text(self, section: int) -> str:
        root = self.root
        if section in COL_LEVELS and root is not None:
            seat = root.position.leader.following()[COL_LEVELS.index(section)]
            if seat.side is self.declarer.side:
                return f"∃ {seat.word}\ndeclaring"
            return f"∀ {seat.word}\ndefending"
        if section == COL_TRICKS:
            return f"{self.declarer.side}\ntricks".replace("NS", "N–S").replace("EW", "E–W")
        if section == COL_RESULT:
            if self.ending:
                return "ending\nbest/costs"
            return f"{self.contract.level}{self.contract.strain.symbol} {self.declarer}\nwin/lose"
        return ""

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        if orientation != Qt.Orientation.Horizontal:
            return None
        if role == Qt.ItemDataRole.DisplayRole:
            return self.header_text(section)
        if role == Qt.ItemDataRole.ToolTipRole:
            return self.header_tip(section)
        return None

    def result_text(self, mark: CardMark) -> str:
        """``win =``, ``lose −2`` for a whole deal; in an ending (no contract decided) ``best``
        or ``costs 1``: the card against the best of its side's."""
        if mark.ending:
            return "best" if mark.best else f"costs {mark.cost}"
        return ("win " if mark.made else "lose ") + mark.text(self.contract)

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        node = self.node(index)
        if node is None:
            return None
        col = index.column()
        if role == NodeRole:
            return node
        if role == OnLineRole:
            return node.parent is not None and not node.is_stand_in and self.on_line(node)
        if node.is_stand_in:
            return self._stand_in_data(node, col, role)
        if role == Qt.ItemDataRole.DisplayRole:
            return self._text(node, col)
        if role == Qt.ItemDataRole.ToolTipRole:
            return self._tip(node)
        if role == Qt.ItemDataRole.TextAlignmentRole and col != COL_TREE:
            return Qt.AlignmentFlag.AlignCenter
        if role == Qt.ItemDataRole.FontRole and node.parent is not None and self.on_line(node):
            font = QFont()
            font.setBold(True)
            return font
        if role == Qt.ItemDataRole.ForegroundRole:
            pal = QGuiApplication.palette()
            if col in COL_LEVELS and node.cards and node.cards[0].suit in (Suit.H, Suit.D):
                return QBrush(red_suit_colour(pal))
            if col == COL_RESULT and node.mark is not None:
                return QBrush(success_colour(pal) if node.mark.good else error_colour(pal))
        return None

    def _text(self, node: TrickNode, col: int) -> str:
        if col == COL_TREE:
            if node.parent is None:
                return f"Trick {sum(node.position.tricks) + 1}"
            return PLAYED if self.on_line(node) else ""
        if col in COL_LEVELS:
            return cards_text(node.cards) if COL_LEVELS.index(col) + 1 == node.level else ""
        if node.mark is None:
            return ""
        if col == COL_TRICKS:
            return str(node.mark.declarer_tricks)
        if col == COL_RESULT:
            return self.result_text(node.mark)
        return ""

    def _tip(self, node: TrickNode) -> str:
        if node.parent is None:
            pos = node.position
            contract = f"{self.contract.level}{self.contract.strain.symbol}"
            if self.ending:
                text = (
                    f"Trick {sum(pos.tricks) + 1}, {pos.leader.word} to lead; {contract} by "
                    f"{self.declarer.word} in an ending of {self.dealt} tricks"
                )
                if node.mark is not None:
                    text += (
                        "; with best play the declaring side takes "
                        f"{node.mark.declarer_tricks} of them"
                    )
                return text
            text = (
                f"Trick {sum(pos.tricks) + 1}, {pos.leader.word} to lead; "
                f"{contract} by {self.declarer.word} "
                f"needs {self.contract.tricks_needed} tricks"
            )
            if node.mark is not None:
                text += (
                    f"; with best play the declaring side takes {node.mark.declarer_tricks}: "
                    f"{self.result_text(node.mark)}"
                )
            return text
        if node.seat is None or node.mark is None:
            return ""
        cards = " or ".join(cards_text((c,)) for c in node.cards)
        same = " (equivalent)" if len(node.cards) > 1 else ""
        text = (
            f"{node.seat.word} plays {cards}{same}: the declaring side ends with "
            f"{node.mark.declarer_tricks} tricks, {self.result_text(node.mark)}"
        )
        trick = [n.card for n in node.path() if n.card is not None]
        if node.level == 4 and len(trick) == 4 and self.root is not None:
            winner = trick_winner(self.root.position.leader, trick, self.contract.strain)
            text += f"; {winner.word} wins the trick"
        if self.on_line(node):
            text += " — the card played"
        return text + "\nDouble-click (or Enter) to play to here"

    def _stand_in_data(self, node: TrickNode, col: int, role: int) -> Any:
        # the view spans a stand-in's first column across the row
        if role == Qt.ItemDataRole.DisplayRole:
            return node.message if col == COL_TREE else ""
        if role == Qt.ItemDataRole.ToolTipRole:
            return node.message
        if role == Qt.ItemDataRole.FontRole:
            font = QFont()
            font.setItalic(True)
            return font
        if role == Qt.ItemDataRole.ForegroundRole:
            pal = QGuiApplication.palette()
            if node.message != COMPUTING:
                return QBrush(error_colour(pal))
            return QBrush(pal.color(QPalette.ColorRole.PlaceholderText))
        return None

    def flags(self, index: Index) -> Qt.ItemFlag:
        node = self.node(index)
        if node is not None and node.is_stand_in:
            return Qt.ItemFlag.ItemIsEnabled
        return super().flags(index)


class TrickTreeView(QWidget):
    """The tree of the trick at ``session``'s cursor; ``engine`` (not owned) computes it.

    ``scorer`` (default :func:`~whistgui.engine.bridge.dds.card_scores`) scores a position's
    legal cards on the engine's thread."""

    #: list[BridgeCard]: double-click or Enter on a node, the cards from the trick's start to it
    cardsChosen = Signal(object)

    def __init__(
        self,
        session: BridgeSession,
        engine: EngineService,
        parent: QWidget | None = None,
        scorer: Scorer | None = None,
    ) -> None:
        super().__init__(parent)
        self.session = session
        self.engine = engine
        self._scorer: Scorer = scorer if scorer is not None else _dds_scores
        self._key: tuple[BridgePosition, Contract, Seat] | None = None
        self._path: tuple[BridgeCard, ...] = ()  # the cards to the cursor, opened
        self._opening = False
        self._waiting: dict[BridgePosition, TrickNode] = {}  # nodes whose scores are wanted
        self._job: int | None = None
        self._job_nodes: list[TrickNode] = []
        self._prefetch: list[BridgePosition] = []  # positions to score with the next job

        self.model = TrickTreeModel(self)
        self.model.want = self._want
        self.caption = QLabel(self)
        self.caption.setObjectName("trickTreeCaption")
        self.caption.setWordWrap(True)
        self.caption.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.tree = QTreeView(self)
        self.tree.setObjectName("trickTree")
        self.tree.setModel(self.model)
        self.tree.setUniformRowHeights(True)
        self.tree.setExpandsOnDoubleClick(False)
        self.tree.setAlternatingRowColors(True)
        self.tree.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.tree.setIndentation(max(12, self.fontMetrics().horizontalAdvance("M")))
        self.tree.setAccessibleName("Tree of the current trick")
        header = self.tree.header()
        header.setStretchLastSection(True)
        header.setDefaultAlignment(Qt.AlignmentFlag.AlignCenter)
        header.setSectionsMovable(False)
        self.tree.activated.connect(self._on_activated)
        self.model.modelReset.connect(self._show_root)
        self.model.rowsInserted.connect(self._span_stand_ins)
        self.tree.expanded.connect(self._on_expanded)
        self._fit_columns()

        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(4)
        layout.addWidget(self.caption)
        layout.addWidget(self.tree, 1)

        engine.finished.connect(self._on_finished)
        engine.failed.connect(self._on_failed)
        engine.cancelled.connect(self._on_cancelled)
        # the session moves its cursor after every new document; the timer catches a document
        # that changes alone, once the session is consistent again
        self._later = QTimer(self)
        self._later.setSingleShot(True)
        self._later.setInterval(0)
        self._later.timeout.connect(self._follow)
        self._pump = QTimer(self)
        self._pump.setSingleShot(True)
        self._pump.setInterval(0)
        self._pump.timeout.connect(self._submit)
        session.documentChanged.connect(self._later.start)
        session.cursorChanged.connect(self._follow)
        self._follow()

    # -- the public face ----------------------------------------------------------------------
    @property
    def root(self) -> TrickNode | None:
        return self.model.root

    @property
    def busy(self) -> bool:
        """Scores are wanted or being computed."""
        return bool(self._waiting) or self._job is not None or self._pump.isActive()

    def set_scorer(self, scorer: Scorer | None) -> None:
        """Score positions with ``scorer`` from now on (None: DDS); the tree is rebuilt."""
        self._scorer = scorer if scorer is not None else _dds_scores
        self.model.cache.clear()
        self._key = None
        self._follow()

    def index_of(self, node: TrickNode, column: int = 0) -> QModelIndex:
        return self.model.index_of(node, column)

    def expand(self, node: TrickNode) -> None:
        """Open ``node`` (its children computed if they are not yet)."""
        self.model.ensure_children(node)
        self.tree.expand(self.index_of(node))

    def cards_to(self, node: TrickNode) -> list[BridgeCard]:
        """The cards from the trick's start to ``node``: the ones played where the node is
        on the line played, else the card each node stands for."""
        line = self.model.line
        out: list[BridgeCard] = []
        for n in node.path():
            on = self.model.on_line(n)
            card = line[n.level - 1] if on else n.card
            if card is None:
                return out
            out.append(card)
        return out

    # -- following the session ----------------------------------------------------------------
    def _follow(self, *_args: object) -> None:
        self._later.stop()
        doc = self.session.document
        problem = doc.problem()
        if problem is not None:
            self._rebuild(None, doc, (), ())
            self.caption.setText(problem)
            return
        try:
            pos = self.session.position()
        except WhistError as exc:
            self._rebuild(None, doc, (), ())
            self.caption.setText(str(exc))
            return
        if pos is None:
            self._rebuild(None, doc, (), ())
            return
        cursor = self.session.cursor
        if pos.is_over and cursor >= 4:  # the play is over: the last trick
            cursor -= 4
            pos = doc.position(cursor)
        start = trick_start(pos)
        first = cursor - len(pos.trick)  # cards played before the trick
        line = doc.played[first : first + 4]
        path = doc.played[first : self.session.cursor]
        key = (start, doc.contract, doc.declarer)
        if key == self._key and self.model.root is not None:
            self.model.set_line(line)
            self._path = path
            self._opening = True
            self._open()
            return
        self._key = key
        self._rebuild(start if not start.is_over else None, doc, line, path)

    def _rebuild(
        self,
        start: BridgePosition | None,
        doc: BridgeDocument,
        line: tuple[BridgeCard, ...],
        path: tuple[BridgeCard, ...],
    ) -> None:
        self.engine.cancel(CHANNEL)
        self._pump.stop()
        self._job, self._job_nodes = None, []
        self._waiting.clear()
        if start is None:
            self._key = None
        self._path = path
        self._opening = start is not None
        # the positions of the path open, asked for with the root's own
        self._prefetch = _path_positions(start, path) if start is not None else []
        self.model.start(start, doc.contract, doc.declarer, line)
        self._fit_columns()
        self._describe()
        if start is not None:
            self._open()

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if is_theme_change(event) and getattr(self, "caption", None) is not None:
            self._describe()  # win / lose and the red suits in the new theme's colours

    def _describe(self) -> None:
        root = self.model.root
        if root is None:
            self.caption.setText("No trick to show.")
            return
        pos = root.position
        c, d = self.model.contract, self.model.declarer
        strain = _strain_html(c, self.palette())
        if self.model.ending:  # no contract decided: the tricks of the ending counted
            dealt = self.model.dealt
            text = (
                f"<b>Trick {sum(pos.tricks) + 1}</b>, {pos.leader.word} leads · "
                f"{c.level}{strain} by {d.word}, an ending of {dealt} tricks"
            )
            if root.mark is not None:
                text += f" · best play: {root.mark.declarer_tricks} of {dealt} tricks"
            self.caption.setText(text)
            return
        text = (
            f"<b>Trick {sum(pos.tricks) + 1}</b>, {pos.leader.word} leads · "
            f"{c.level}{strain} by {d.word} needs {c.tricks_needed}"
        )
        if root.mark is not None:
            colour = (success_colour if root.mark.made else error_colour)(self.palette()).name()
            text += (
                f" · best play: {root.mark.declarer_tricks} tricks, "
                f"<span style='color:{colour}'><b>{'win' if root.mark.made else 'lose'}</b>"
                "</span>"
            )
        self.caption.setText(text)

    def _show_root(self) -> None:
        """The root is the view's root: the leader's cards are the top rows (the caption
        says what the root row would)."""
        root = self.model.root
        self.tree.setRootIndex(self.index_of(root) if root is not None else QModelIndex())

    def _span_stand_ins(self, parent: QModelIndex, first: int, last: int) -> None:
        for row in range(first, last + 1):
            node = self.model.node(self.model.index(row, 0, parent))
            if node is not None and node.is_stand_in:
                self.tree.setFirstColumnSpanned(row, parent, True)

    def _open(self) -> None:
        """Open the path of the cards played to the cursor, as far as it is computed."""
        root = self.model.root
        if root is None or not self._opening:
            return
        node = root
        self.expand(node)
        for card in self._path:
            if node.children is None or node.waiting:
                return
            child = next((c for c in node.children if card in c.cards), None)
            if child is None:
                break
            node = child
            if not node.is_leaf:
                self.expand(node)
        if node.waiting:
            return
        self._opening = False
        if node is root:
            self.tree.scrollToTop()
            return
        index = self.index_of(node)
        self.tree.setCurrentIndex(index)
        self.tree.scrollTo(index)

    # -- jobs -----------------------------------------------------------------------------------
    def _want(self, node: TrickNode) -> None:
        self._waiting[node.position] = node
        self._pump.start()

    def _submit(self) -> None:
        """Ask for the scores of every node waiting, unless a job is running (its end calls
        back here). Always from the timer, never inside a signal of the engine service: a job
        submitted while the service delivers the last one on the channel would be lost."""
        root = self.model.root
        if root is None or not self._waiting or self._job is not None:
            return
        nodes = list(self._waiting.values())
        positions = [n.position for n in nodes]
        positions += [p for p in self._prefetch if p not in positions and p not in self.model.cache]
        self._prefetch = []
        scorer = self._scorer

        def job(ctx: JobContext) -> dict[BridgePosition, dict[BridgeCard, int]]:
            out = {}
            for pos in positions:
                ctx.check()
                ctx.report(f"scoring {pos.to_move.word}'s cards")
                out[pos] = scorer(pos)
            return out

        try:
            self._job = self.engine.submit(
                CHANNEL,
                job,
                label=f"Trick tree: scoring {len(positions)} position{'s' * (len(positions) != 1)}",
                tag=(root.position, tuple(positions)),
            )
        except RuntimeError:  # the service has shut down: the app is closing
            self._waiting.clear()
            return
        self._job_nodes = nodes

    def _on_finished(self, job: int, channel: str, tag: object, result: object) -> None:
        if channel != CHANNEL or job != self._job:
            return
        self._job, nodes = None, self._job_nodes
        self._job_nodes = []
        root = self.model.root
        if root is None or not isinstance(tag, tuple) or tag[0] != root.position:
            return  # a trick the view has left
        scores: dict[BridgePosition, dict[BridgeCard, int]] = result  # type: ignore[assignment]
        if len(self.model.cache) > CACHE_SIZE:
            for key in list(self.model.cache)[: CACHE_SIZE // 2]:
                del self.model.cache[key]
        self.model.cache.update(scores)
        for node in nodes:
            if self._waiting.get(node.position) is node:
                del self._waiting[node.position]
            if node.position in scores:
                self.model.fill(node, scores[node.position])
        if root.mark is not None:
            self._describe()
        self._open()
        self._pump.start()

    def _on_failed(self, job: int, channel: str, _tag: object, message: str) -> None:
        if channel != CHANNEL or job != self._job:
            return
        self._stop(message)

    def _on_cancelled(self, job: int, channel: str) -> None:
        if channel != CHANNEL or job != self._job:
            return
        self._stop("stopped — collapse and expand to compute")

    def _stop(self, message: str) -> None:
        self._job, nodes = None, self._job_nodes
        self._job_nodes = []
        for node in nodes:
            self._waiting.pop(node.position, None)
            self.model.say(node, message)
        self._opening = False
        self._pump.start()

    def _on_expanded(self, index: QModelIndex) -> None:
        node = self.model.node(index)
        if node is None or not node.waiting or node.position in self._waiting:
            return
        if node.position in self.model.cache:
            self.model.fill(node, self.model.cache[node.position])
            return
        self.model.say(node, COMPUTING)  # computed again after a failure or a cancel
        self._want(node)

    def _on_activated(self, index: QModelIndex) -> None:
        node = self.model.node(index)
        if node is None or node.parent is None or node.is_stand_in:
            return
        self.cardsChosen.emit(self.cards_to(node))

    # -- looks ----------------------------------------------------------------------------------
    def _fit_columns(self) -> None:
        fm = self.tree.fontMetrics()
        header = self.tree.header()
        pad = 12
        level = max(
            fm.horizontalAdvance("defending"),
            fm.horizontalAdvance("∀ North"),
            fm.horizontalAdvance("♠AKQJ"),
        )
        result = max(fm.horizontalAdvance(t) for t in ("lose −13", "best/costs", "costs 12"))
        widths = {
            COL_TREE: self.tree.indentation() * 4 + fm.horizontalAdvance(PLAYED) + pad,
            COL_TRICKS: fm.horizontalAdvance("tricks") + pad,
            COL_RESULT: result + pad,
        }
        for col in COL_LEVELS:
            widths[col] = level + pad
        for col, width in widths.items():
            header.setSectionResizeMode(col, QHeaderView.ResizeMode.Interactive)
            header.resizeSection(col, width)


def _strain_html(contract: Contract, palette: QPalette) -> str:
    symbol = contract.strain.symbol
    if contract.strain.trump in (Suit.H, Suit.D):
        return f"<span style='color:{red_suit_colour(palette).name()}'>{symbol}</span>"
    return symbol


def _path_positions(start: BridgePosition, path: Sequence[BridgeCard]) -> list[BridgePosition]:
    """The positions along ``path`` from ``start`` whose scores open it (the last included
    unless the trick is complete)."""
    out = [start]
    pos = start
    for card in path[:3]:
        try:
            pos = pos.play(card)
        except WhistError:
            break
        out.append(pos)
    return out


def _dds_scores(position: BridgePosition) -> dict[BridgeCard, int]:
    from whistgui.engine.bridge.dds import card_scores

    return card_scores(position)
