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

from collections.abc import Sequence
from typing import Final

from PySide6.QtCore import (
    QEvent,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    QSize,
    Qt,
    QTimer,
    Signal,
)
from PySide6.QtGui import QFont, QFontMetrics, QPalette
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHeaderView,
    QLabel,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QTreeView,
    QVBoxLayout,
    QWidget,
)

from whistgui.app.bridge import BridgeDocument
from whistgui.engine.bridge import (
    BridgeCard,
    BridgePosition,
    Contract,
    Seat,
    Suit,
)
from whistgui.engine.errors import WhistError
from whistgui.ui.bridge.dd_table import red_suit_colour
from whistgui.ui.bridge.session import BridgeSession
from whistgui.ui.bridge.trick_tree_model import (
    CACHE_SIZE,
    COL_LEVELS,
    COL_RESULT,
    COL_TREE,
    COL_TRICKS,
    COMPUTING,
    LEGEND,
    PLAYED,
    OnLineRole,
    Scorer,
    TrickNode,
    TrickTreeModel,
    equivalent_groups,
    trick_start,
)
from whistgui.ui.engine_service import EngineService, JobContext
from whistgui.ui.theme import error_colour, is_theme_change, success_colour, text_role

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
    "row_height",
    "trick_start",
]

#: The engine service's channel for the tree's jobs.
CHANNEL: Final = "bridge-tree"


def row_height(metrics: QFontMetrics) -> int:
    """A row's height for text of ``metrics``: the line and a quarter of it above and below
    (the style's own rows, a line and two pixels, read cramped at 1920 × 1080)."""
    return metrics.height() + 2 * max(3, (metrics.height() + 3) // 4)


class _Rows(QStyledItemDelegate):
    """The tree's rows: a readable height (:func:`row_height`), whatever the style says."""

    def sizeHint(
        self, option: QStyleOptionViewItem, index: QModelIndex | QPersistentModelIndex
    ) -> QSize:
        size = super().sizeHint(option, index)
        return QSize(size.width(), max(size.height(), row_height(option.fontMetrics)))


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
        self.tree.setItemDelegate(_Rows(self.tree))
        self.tree.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAsNeeded)
        self.tree.setHorizontalScrollMode(QAbstractItemView.ScrollMode.ScrollPerPixel)
        self.tree.setExpandsOnDoubleClick(False)
        self.tree.setAlternatingRowColors(True)
        self.tree.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.tree.setIndentation(max(12, self.fontMetrics().horizontalAdvance("M")))
        self.tree.setAccessibleName("Tree of the current trick")
        header = self.tree.header()
        # every column as wide as its text, the last one taking the room left (never less
        # than its text): a narrow view scrolls sideways instead of eliding a column
        header.setStretchLastSection(False)
        header.setDefaultAlignment(Qt.AlignmentFlag.AlignCenter)
        header.setSectionsMovable(False)
        self.tree.viewport().installEventFilter(self)
        self.tree.activated.connect(self._on_activated)
        self.model.modelReset.connect(self._show_root)
        self.model.rowsInserted.connect(self._span_stand_ins)
        self.model.rowsInserted.connect(self._refit)
        self.model.dataChanged.connect(self._refit)
        self.model.headerDataChanged.connect(self._refit)
        self.tree.expanded.connect(self._refit)
        self.tree.expanded.connect(self._on_expanded)
        self._widths: dict[int, int] = {}
        self._refitting = QTimer(self)  # the columns fitted once a burst of changes is over
        self._refitting.setSingleShot(True)
        self._refitting.setInterval(0)
        self._refitting.timeout.connect(self._fit_columns)
        self._fit_columns()

        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(4)
        layout.addWidget(self.caption)
        layout.addWidget(self.tree, 1)
        #: what bold, underlined and ● mean (as the exported figure's legend)
        self.legend = QLabel(LEGEND, self)
        self.legend.setObjectName("trickTreeLegend")
        self.legend.setWordWrap(True)
        text_role(self.legend, "muted")
        layout.addWidget(self.legend)

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
            self._describe()  # the same contract, now perhaps said to be par's
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
        if event.type() == QEvent.Type.FontChange and getattr(self, "tree", None) is not None:
            self._fit_columns()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Resize and watched is self.tree.viewport():
            self._stretch_last()
        return super().eventFilter(watched, event)

    def _describe(self) -> None:
        root = self.model.root
        if root is None:
            self.caption.setText("No trick to show.")
            return
        pos = root.position
        c, d = self.model.contract, self.model.declarer
        strain = _strain_html(c, self.palette())
        doc = self.session.document
        if doc.contract_note and (doc.contract, doc.declarer) == (c, d):
            strain += f" by {d.word} {doc.contract_note}"  # par's, the board having none
        else:
            strain += f" by {d.word}"
        if self.model.ending:  # no contract decided: the tricks of the ending counted
            dealt = self.model.dealt
            text = (
                f"<b>Trick {sum(pos.tricks) + 1}</b>, {pos.leader.word} leads · "
                f"{c.level}{strain}, an ending of {dealt} tricks"
            )
            if root.mark is not None:
                text += f" · best play: {root.mark.declarer_tricks} of {dealt} tricks"
            self.caption.setText(text)
            return
        text = (
            f"<b>Trick {sum(pos.tricks) + 1}</b>, {pos.leader.word} leads · "
            f"{c.level}{strain} needs {c.tricks_needed}"
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
    def _refit(self, *_args: object) -> None:
        if not self._refitting.isActive():
            self._refitting.start()

    def _fit_columns(self) -> None:
        """Each column as wide as the widest of its header, the rows shown and what its
        cells can hold (so that it does not jump as nodes open): ``♠AKQJ`` in bold, the
        longest result; the last column stretched to the view's edge."""
        fm = self.tree.fontMetrics()
        bold_font = QFont(self.tree.font())
        bold_font.setBold(True)
        bold = QFontMetrics(bold_font)
        header = self.tree.header()
        pad = 2 * max(6, fm.horizontalAdvance("n"))
        level = max(bold.horizontalAdvance(t) for t in ("♠AKQJ", "♥10 9", "♣Q J 10"))
        result = max(bold.horizontalAdvance(t) for t in ("lose −13", "costs 12", "win +6"))
        least = {
            COL_TREE: self.tree.indentation() * 4 + bold.horizontalAdvance(PLAYED),
            COL_TRICKS: bold.horizontalAdvance("13"),
            COL_RESULT: result,
        }
        for col in COL_LEVELS:
            least[col] = level
        self._widths = {}
        for col, width in least.items():
            header.setSectionResizeMode(col, QHeaderView.ResizeMode.Interactive)
            shown = self.tree.sizeHintForColumn(col) if self.model.root is not None else 0
            self._widths[col] = max(width + pad, header.sectionSizeHint(col), shown)
            header.resizeSection(col, self._widths[col])
        self._stretch_last()

    def _stretch_last(self) -> None:
        """The last column to the view's right edge, or its own width if that is more."""
        widths = getattr(self, "_widths", None)
        if not widths:
            return
        header = self.tree.header()
        others = sum(header.sectionSize(c) for c in range(header.count()) if c != COL_RESULT)
        room = self.tree.viewport().width() - others
        header.resizeSection(COL_RESULT, max(widths[COL_RESULT], room))


def _strain_html(contract: Contract, palette: QPalette) -> str:
    """The strain's symbol (in red for ♥ ♦), and the x or xx of a doubled contract."""
    symbol, doubled = contract.strain.symbol, "x" * contract.doubled
    if contract.strain.trump in (Suit.H, Suit.D):
        return f"<span style='color:{red_suit_colour(palette).name()}'>{symbol}</span>{doubled}"
    return symbol + doubled


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
