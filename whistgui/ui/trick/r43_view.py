"""The inspector's R43 tab: the suit under inspection as the single-suit paper (R43) sees it —
its matrix A with the diagonal sums T_k and the sign change H, H̄; the results of Whist,
Greedy Whist and Five-card side by side for both leads, optimal and by the normal strategy;
and the tricks West wins under optimal whist play.

The inspector shows here the suit of the node it shows (the suit opened, or the reduction
walked to), as its breadcrumb names it. The report is computed on the engine service (channel
``inspector-r43``), only while the tab is shown (the tab's own
:class:`~whistgui.ui.engine_service.ViewWork`: hidden, its search stops, and starts again when
it is shown), and the last few are remembered by suit.
"""

from __future__ import annotations

import html
from collections import Counter
from math import ceil

from PySide6.QtCore import QEvent, QPointF, QRectF, QSize, Qt
from PySide6.QtGui import (
    QColor,
    QFont,
    QFontMetricsF,
    QHelpEvent,
    QPainter,
    QPalette,
    QPen,
    QShowEvent,
)
from PySide6.QtWidgets import (
    QAbstractItemView,
    QFrame,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QScrollArea,
    QSizePolicy,
    QTableWidget,
    QTableWidgetItem,
    QToolTip,
    QVBoxLayout,
    QWidget,
)

from whistgui.app.analysis import game_label
from whistgui.app.lab import R43_GAMES, R43Report, lattice, r43_report
from whistgui.engine import Player, SuitDeal
from whistgui.engine.games import find_game
from whistgui.engine.symbols import and_list
from whistgui.ui.engine_service import EngineService, JobContext, ViewWork
from whistgui.ui.theme import error_colour, is_theme_change
from whistgui.ui.trick.game_suit_view import GameSuitView

__all__ = ["CHANNEL", "LatticeView", "R43View", "set_text", "trick_words"]

CHANNEL = "inspector-r43"
#: Suits longer than this are not searched for the tab (the solver's time grows fast).
MAX_CARDS = 9
#: The reports remembered (by suit), the newest kept.
MAX_REPORTS = 64


def _result_text(result: object) -> str:
    if isinstance(result, Player):
        return result.name.title()
    return str(result)


class R43View(QWidget):
    """R43's view of one suit. ``engine`` is the app's service (not owned)."""

    def __init__(self, engine: EngineService, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("r43View")
        self.engine = engine
        self.work = ViewWork(engine, self, self._resume)
        self._suit: SuitDeal | None = None
        self._reports: dict[SuitDeal, R43Report] = {}
        self._asked: SuitDeal | None = None
        self.matrix = GameSuitView(self)
        self.outcomes = QTableWidget(len(R43_GAMES), 4, self)
        self.outcomes.setObjectName("r43Outcomes")
        self.outcomes.setTabKeyNavigation(False)
        self.outcomes.setHorizontalHeaderLabels(
            [
                "optimal, West leads",
                "optimal, East leads",
                "normal, West leads",
                "normal, East leads",
            ]
        )
        self.outcomes.setVerticalHeaderLabels([game_label(find_game(g)) for g in R43_GAMES])
        self.outcomes.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.outcomes.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        self.outcomes.setToolTip(
            "West's tricks (Five-card: who takes the last trick) with best play by both, and "
            "when both play R43's normal strategy (§4)"
        )
        self.note = QLabel(self)
        self.note.setObjectName("r43Note")
        self.note.setWordWrap(True)
        self.note.setTextFormat(Qt.TextFormat.RichText)
        self.note.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.lattice = LatticeView(self)
        # Everything sits in a scroll area: at any size of the tab the views keep the room
        # they need (a small window scrolls) rather than being painted over one another.
        self.body = QWidget(self)
        self.body.setObjectName("r43Body")
        layout = QVBoxLayout(self.body)
        layout.addWidget(self.outcomes)
        layout.addWidget(self.note)
        below = QHBoxLayout()
        below.addWidget(self.matrix, 3)
        below.addWidget(self.lattice, 2)
        layout.addLayout(below, 1)
        self.scroll = QScrollArea(self)
        self.scroll.setObjectName("r43Scroll")
        self.scroll.setWidgetResizable(True)
        self.scroll.setFrameShape(QFrame.Shape.NoFrame)
        self.scroll.setWidget(self.body)
        outer = QVBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 0)
        outer.addWidget(self.scroll)
        self.outcomes.resizeRowsToContents()
        rows = sum(self.outcomes.rowHeight(r) for r in range(self.outcomes.rowCount()))
        frame = 2 * self.outcomes.frameWidth()
        self.outcomes.setFixedHeight(
            self.outcomes.horizontalHeader().sizeHint().height() + rows + frame
        )
        self.outcomes.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        engine.finished.connect(self._on_finished)
        engine.failed.connect(self._on_failed)

    @property
    def suit(self) -> SuitDeal | None:
        """The suit shown (None: nothing)."""
        return self._suit

    @property
    def report(self) -> R43Report | None:
        """The report of the suit shown, once computed."""
        return self._reports.get(self._suit) if self._suit is not None else None

    def set_suit(self, suit: SuitDeal | None) -> None:
        """Show ``suit`` (None: nothing); computed when the tab is visible."""
        if suit == self._suit:
            return
        self._suit = suit
        self._fill()

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        self._fill()

    def _resume(self) -> None:
        """Shown again after its search was stopped: search again."""
        self._asked = None
        self._fill()

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        report = self.report
        if is_theme_change(event) and report is not None:
            self._show(report)  # the normal strategy's worse results in the theme's red

    def _fill(self) -> None:
        suit = self._suit
        self.outcomes.clearContents()
        self.lattice.set_sets(0, None, None)
        if suit is None:
            self.matrix.clear("No suit inspected.")
            self.note.setText("")
            return
        if suit.is_empty:
            self.matrix.clear("The empty deal: no cards left, nothing to show.")
            self.note.setText("")
            return
        try:
            n = suit.n
        except Exception as exc:  # an asymmetric suit: R43 is about symmetric ones
            self.matrix.clear(f"{suit}: {exc}")
            self.note.setText("")
            return
        self.lattice.set_sets(n, None, None)
        self.matrix.show_suit(suit, find_game("greedy-whist"))
        report = self._reports.get(suit)
        if report is not None:
            self._show(report)
            return
        if n > MAX_CARDS:
            self.note.setText(
                html.escape(
                    f"{suit}: results are searched for suits of up to {MAX_CARDS} cards a hand."
                )
            )
            return
        self.note.setText("searching the three games …")
        if not self.isVisible() or self._asked == suit:
            return
        self._asked = suit

        def job(_ctx: JobContext) -> R43Report:
            return r43_report(suit)

        self.work.submit(CHANNEL, job, label=f"R43 results of {suit}", tag=suit)

    def _on_finished(self, _job: int, channel: str, tag: object, result: object) -> None:
        if channel != CHANNEL or not isinstance(result, R43Report):
            return
        if isinstance(tag, SuitDeal):
            self._reports.pop(tag, None)
            self._reports[tag] = result  # the newest last
            while len(self._reports) > MAX_REPORTS:
                del self._reports[next(iter(self._reports))]
            if tag == self._asked:
                self._asked = None
            if tag == self._suit:
                self._show(result)

    def _on_failed(self, _job: int, channel: str, tag: object, message: str) -> None:
        if channel == CHANNEL and tag == self._suit:
            self._asked = None
            self.note.setText(html.escape(message))

    def _show(self, report: R43Report) -> None:
        for row, name in enumerate(R43_GAMES):
            cells = (*report.optimal[name], *report.normal[name])
            for col, value in enumerate(cells):
                item = QTableWidgetItem(_result_text(value))
                item.setTextAlignment(Qt.AlignmentFlag.AlignCenter)
                if col >= 2 and value != cells[col - 2]:
                    item.setForeground(error_colour(self.palette()))
                    item.setToolTip("the normal strategy does worse for one side here")
                self.outcomes.setItem(row, col, item)
        west, east = report.west_trick_sets
        if self._suit is not None:
            self.lattice.set_sets(self._suit.n, west, east)

        def tricks(t: tuple[int, ...]) -> str:
            return "{" + ", ".join(map(str, t)) + "}" if t else "∅"

        self.note.setText(
            "Tricks West wins under optimal whist play (numbered in the order played; §7's "
            f"lattice orders such sets): West leads {tricks(west)}, East leads {tricks(east)}."
        )


def trick_words(tricks: tuple[int, ...] | frozenset[int]) -> str:
    """West's set of tricks in words.

    >>> trick_words((2, 3)), trick_words(()), trick_words({4}), trick_words((1, 3, 5))
    ('tricks 2 and 3', 'no trick', 'trick 4', 'tricks 1, 3 and 5')
    """
    if not tricks:
        return "no trick"
    return ("trick " if len(tricks) == 1 else "tricks ") + and_list(
        [str(t) for t in sorted(tricks)]
    )


def set_text(tricks: frozenset[int]) -> str:
    """A set of tricks as R43 writes it: {1,3}, ∅."""
    return "{" + ",".join(map(str, sorted(tricks))) + "}" if tricks else "∅"


_LEADS = {"W": "West leads", "E": "East leads", "WE": "either side leads"}


class LatticeView(QWidget):
    """The Hasse diagram of L_n, ranked by the sum of the elements (bottom ∅, top {1..n}),
    with the sets of tricks West wins under optimal whist play marked for each lead.

    It asks for the height its ranks need (:meth:`minimumSizeHint`); each node names its
    set in a tooltip, and in a label where the label fits; the marks' colours come from the
    palette and :mod:`whistgui.ui.theme`, so they read in light and dark themes."""

    #: the lattice is drawn up to this n (2^n sets)
    MAX_N = 6
    MARGIN = 14.0
    #: the radius of a plain node and of a marked one
    RADIUS, MARKED_RADIUS = 3.5, 6.0

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("latticeView")
        self.n = 0
        self.marks: dict[frozenset[int], str] = {}
        self.sets: tuple[tuple[int, ...] | None, tuple[int, ...] | None] = (None, None)
        self.setMouseTracking(True)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.setToolTip(
            "R43 §7: the lattice L_n of the sets of tricks (numbered in the order played). "
            "Whist maximises the size of West's set, Five-card whether it holds the last trick."
        )

    # -- what is drawn --------------------------------------------------------------------
    def set_sets(self, n: int, west: tuple[int, ...] | None, east: tuple[int, ...] | None) -> None:
        """Draw L_n with West's set of tricks when West leads (``west``) and when East leads."""
        self.n = n
        self.sets = (west, east)
        self.marks = {}
        if west is not None:
            self.marks[frozenset(west)] = "W"
        if east is not None:
            key = frozenset(east)
            self.marks[key] = "WE" if self.marks.get(key) == "W" else "E"
        self.updateGeometry()
        self.update()

    def drawn(self) -> bool:
        """Is the lattice drawn (rather than the message of :meth:`message`)?"""
        return 1 <= self.n <= self.MAX_N

    def reached_words(self) -> str:
        """The sets optimal play reaches, in words ("" when not known)."""
        west, east = self.sets
        parts = [
            f"with {who} on lead West wins {trick_words(t)}"
            for who, t in (("West", west), ("East", east))
            if t is not None
        ]
        return "; ".join(parts)

    def message(self) -> str:
        """What is shown instead of the lattice ("" when it is drawn)."""
        if self.drawn():
            return ""
        text = f"The lattice of trick sets is drawn for suits of 1 to {self.MAX_N} cards a hand."
        reached = self.reached_words()
        if self.n > 0 and reached:
            text += f" Under optimal whist play ({self.n} tricks), {reached}."
        return text

    def tooltip_for(self, x: frozenset[int]) -> str:
        """The tooltip of node ``x``: its set, in words, and whether optimal play reaches it."""
        text = (
            f"{set_text(x)}: West wins {trick_words(x)} of {self.n} "
            f"({len(x)} trick{'' if len(x) == 1 else 's'}, numbers summing to {sum(x)})"
        )
        mark = self.marks.get(x)
        if mark is not None:
            return f"{text}. Optimal whist play reaches this set when {_LEADS[mark]}."
        if any(t is not None for t in self.sets):
            return f"{text}. Optimal whist play does not reach it from either lead."
        return text

    # -- geometry ---------------------------------------------------------------------------
    def _label_font(self) -> QFont:
        font = QFont(self.font())
        font.setPointSizeF(max(7.0, font.pointSizeF() - 1))
        return font

    def _row_gap(self) -> float:
        return max(2 * self.MARKED_RADIUS + 4, QFontMetricsF(self._label_font()).height() + 2)

    def _legend_line(self, who: str, tricks: tuple[int, ...]) -> str:
        return f"{who} leads: {set_text(frozenset(tricks))}"

    def _legend_height(self) -> float:
        return 2 * QFontMetricsF(self.font()).height() + 6

    def _legend_width(self) -> float:
        fm = QFontMetricsF(self.font())
        lines = [
            self._legend_line(who, t)
            for who, t in (("West", self.sets[0]), ("East", self.sets[1]))
            if t is not None
        ]
        return max((fm.horizontalAdvance(line) for line in lines), default=0.0) + 14

    def minimumSizeHint(self) -> QSize:
        if not self.drawn():  # room for the message, wrapped
            width = 240
            box = QFontMetricsF(self.font()).boundingRect(
                QRectF(0, 0, width - 12, 10000),
                int(Qt.AlignmentFlag.AlignCenter | Qt.TextFlag.TextWordWrap),
                self.message(),
            )
            return QSize(width, ceil(box.height()) + 12)
        ranks = self.n * (self.n + 1) // 2
        widest = max(Counter(sum(x) for x in lattice(self.n)[0]).values())
        height = self._legend_height() + 2 * self.MARGIN + ranks * self._row_gap()
        width = 2 * self.MARGIN + max(
            (widest + 1) * (2 * self.MARKED_RADIUS + 10), self._legend_width()
        )
        return QSize(max(160, ceil(width)), ceil(height))

    def sizeHint(self) -> QSize:
        hint = self.minimumSizeHint()
        return QSize(max(hint.width(), 260), hint.height())

    def positions(self) -> dict[frozenset[int], tuple[float, float]]:
        """Where each set is drawn (widget coordinates)."""
        if not self.drawn():
            return {}
        nodes, _ = lattice(self.n)
        by_rank: dict[int, list[frozenset[int]]] = {}
        for x in nodes:
            by_rank.setdefault(sum(x), []).append(x)
        top = self.n * (self.n + 1) // 2
        w, h = self.width(), self.height()
        m = self.MARGIN
        upper = self._legend_height() + m
        pos = {}
        for rank, row in by_rank.items():
            row.sort(key=lambda s: (len(s), sorted(s, reverse=True)))
            y = h - m - (h - m - upper) * (rank / top if top else 0)
            for k, x in enumerate(row):
                pos[x] = (m + (w - 2 * m) * (k + 1) / (len(row) + 1), y)
        return pos

    def node_at(self, point: QPointF) -> frozenset[int] | None:
        """The node drawn at ``point`` (within a few pixels), or None."""
        best, dist = None, (self.MARKED_RADIUS + 4) ** 2
        for x, (cx, cy) in self.positions().items():
            d = (cx - point.x()) ** 2 + (cy - point.y()) ** 2
            if d <= dist:
                best, dist = x, d
        return best

    def label_rects(self) -> dict[frozenset[int], QRectF]:
        """The nodes labelled with their sets, and where: to the right of the node, or else
        to its left, where the label fits between the nodes of its rank (marked nodes are
        placed first); a node with no room for its label has it in its tooltip, and a
        marked one in the legend above too."""
        pos = self.positions()
        fm = QFontMetricsF(self._label_font())
        gap = self._row_gap()
        rows: dict[float, list[tuple[float, frozenset[int]]]] = {}
        for x, (cx, cy) in pos.items():
            rows.setdefault(cy, []).append((cx, x))
        rects: dict[frozenset[int], QRectF] = {}
        for cy, row in rows.items():
            row.sort(key=lambda t: t[0])
            # what is taken on this rank: the nodes (with a little air) and the labels placed
            taken = [(cx - self._radius(x) - 2, cx + self._radius(x) + 2) for cx, x in row]
            order = sorted(range(len(row)), key=lambda k: row[k][1] not in self.marks)
            for k in order:
                cx, x = row[k]
                r = self._radius(x)
                text_w = fm.horizontalAdvance(set_text(x)) + 2
                for left in (cx + r + 3, cx - r - 3 - text_w):
                    lo, hi = left, left + text_w
                    if lo < 0 or hi > self.width():
                        continue
                    if any(a < hi and lo < b for j, (a, b) in enumerate(taken) if j != k):
                        continue
                    rects[x] = QRectF(lo, cy - gap / 2, text_w, gap)
                    taken.append((lo, hi))
                    break
        return rects

    def _radius(self, x: frozenset[int]) -> float:
        return self.MARKED_RADIUS if x in self.marks else self.RADIUS

    def colours(self) -> dict[str, QColor]:
        """The marks' colours: West's in the palette's link colour, East's in the theme's
        error red, both chosen to read on the window background of the theme in use."""
        pal = self.palette()
        return {"W": pal.color(QPalette.ColorRole.Link), "E": error_colour(pal)}

    # -- events -----------------------------------------------------------------------------
    def event(self, event: QEvent) -> bool:
        if event.type() == QEvent.Type.ToolTip and isinstance(event, QHelpEvent):
            x = self.node_at(QPointF(event.pos()))
            if x is not None:
                QToolTip.showText(event.globalPos(), self.tooltip_for(x), self)
                return True
        return super().event(event)

    def paintEvent(self, _event: object) -> None:
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        pal = self.palette()
        fg = pal.color(QPalette.ColorRole.WindowText)
        if not self.drawn():
            p.setPen(fg)
            p.drawText(
                self.rect().adjusted(6, 6, -6, -6),
                int(Qt.AlignmentFlag.AlignCenter | Qt.TextFlag.TextWordWrap),
                self.message(),
            )
            p.end()
            return
        colours = self.colours()
        # the legend, a line for each lead: which mark is which
        fm = QFontMetricsF(self.font())
        y0 = 2.0
        for mark, who, t in (("W", "West", self.sets[0]), ("E", "East", self.sets[1])):
            if t is None:
                continue
            c = colours[mark]
            p.setPen(Qt.PenStyle.NoPen)
            p.setBrush(c)
            p.drawEllipse(QPointF(self.MARGIN + 5, y0 + fm.height() / 2), 5, 5)
            p.setPen(c)
            p.drawText(QPointF(self.MARGIN + 14, y0 + fm.ascent()), self._legend_line(who, t))
            y0 += fm.height()
        pos = self.positions()
        _, covers = lattice(self.n)
        edge = QColor(fg)
        edge.setAlpha(80)
        p.setPen(QPen(edge, 1))
        for a, b in covers:
            p.drawLine(QPointF(*pos[a]), QPointF(*pos[b]))
        base = pal.color(QPalette.ColorRole.Base)
        for x, (cx, cy) in pos.items():
            mark = self.marks.get(x)
            centre = QPointF(cx, cy)
            if mark is None:
                p.setPen(QPen(fg, 1.2))
                p.setBrush(base)
                p.drawEllipse(centre, self.RADIUS, self.RADIUS)
                continue
            r = self.MARKED_RADIUS
            box = QRectF(cx - r, cy - r, 2 * r, 2 * r)
            p.setPen(Qt.PenStyle.NoPen)
            if mark == "WE":  # reached from both leads: half West's colour, half East's
                p.setBrush(colours["W"])
                p.drawPie(box, 90 * 16, 180 * 16)
                p.setBrush(colours["E"])
                p.drawPie(box, 270 * 16, 180 * 16)
            else:
                p.setBrush(colours[mark])
                p.drawEllipse(centre, r, r)
        p.setFont(self._label_font())
        window = pal.color(QPalette.ColorRole.Window)
        for x, rect in self.label_rects().items():
            mark = self.marks.get(x)
            if mark is not None:  # on the window's colour, over any edge it crosses
                p.fillRect(rect, window)
            p.setPen(fg if mark in (None, "WE") else colours[mark])
            p.drawText(rect, int(Qt.AlignmentFlag.AlignVCenter), set_text(x))
        p.end()
