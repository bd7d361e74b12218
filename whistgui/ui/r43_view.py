"""The inspector's R43 tab: the suit under inspection as the single-suit paper (R43) sees it —
its matrix A with the diagonal sums T_k and the sign change H, H̄; the results of Whist,
Greedy Whist and Five-card side by side for both leads, optimal and by the normal strategy;
and the tricks West wins under optimal whist play.

The report is computed on the engine service (channel ``inspector-r43``), only while the tab
is shown, and remembered per suit.
"""

from __future__ import annotations

import html

from PySide6.QtCore import Qt
from PySide6.QtGui import QShowEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from whistgui.app.analysis import game_label
from whistgui.app.lab import R43_GAMES, R43Report, lattice, r43_report
from whistgui.engine import Player, SuitDeal
from whistgui.engine.games import find_game
from whistgui.ui.engine_service import EngineService, JobContext

__all__ = ["CHANNEL", "LatticeView", "R43View"]

CHANNEL = "inspector-r43"
#: Suits longer than this are not searched for the tab (the solver's time grows fast).
MAX_CARDS = 9


def _result_text(result: object) -> str:
    if isinstance(result, Player):
        return result.name.title()
    return str(result)


class R43View(QWidget):
    """R43's view of one suit. ``engine`` is the app's service (not owned)."""

    def __init__(self, engine: EngineService, parent: QWidget | None = None) -> None:
        from whistgui.ui.inspector import GameSuitView

        super().__init__(parent)
        self.setObjectName("r43View")
        self.engine = engine
        self._suit: SuitDeal | None = None
        self._reports: dict[SuitDeal, R43Report] = {}
        self._asked: SuitDeal | None = None
        self.matrix = GameSuitView(self)
        self.outcomes = QTableWidget(len(R43_GAMES), 4, self)
        self.outcomes.setObjectName("r43Outcomes")
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
        layout = QVBoxLayout(self)
        layout.addWidget(self.outcomes)
        layout.addWidget(self.note)
        self.lattice = LatticeView(self)
        below = QHBoxLayout()
        below.addWidget(self.matrix, 3)
        below.addWidget(self.lattice, 2)
        layout.addLayout(below, 1)
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

    def _fill(self) -> None:
        suit = self._suit
        self.outcomes.clearContents()
        self.lattice.set_sets(0, None, None)
        if suit is None or suit.is_empty:
            self.matrix.clear("No suit inspected.")
            self.note.setText("")
            return
        try:
            n = suit.n
        except Exception as exc:  # an asymmetric suit: R43 is about symmetric ones
            self.matrix.clear(f"{suit}: {exc}")
            self.note.setText("")
            return
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

        self.engine.submit(CHANNEL, job, label=f"R43 results of {suit}", tag=suit)

    def _on_finished(self, _job: int, channel: str, tag: object, result: object) -> None:
        if channel != CHANNEL or not isinstance(result, R43Report):
            return
        if isinstance(tag, SuitDeal):
            self._reports[tag] = result
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
                    item.setForeground(Qt.GlobalColor.red)
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


class LatticeView(QWidget):
    """The Hasse diagram of L_n, ranked by the sum of the elements (bottom ∅, top {1..n}),
    with the sets of tricks West wins under optimal whist play marked for each lead."""

    #: the lattice is drawn up to this n (2^n sets)
    MAX_N = 6

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("latticeView")
        self.setMinimumHeight(220)
        self.n = 0
        self.marks: dict[frozenset[int], str] = {}
        self.setToolTip(
            "R43 §7: the lattice L_n of the sets of tricks (numbered in the order played). "
            "Whist maximises the size of West's set, Five-card whether it holds the last trick."
        )

    def set_sets(self, n: int, west: tuple[int, ...] | None, east: tuple[int, ...] | None) -> None:
        """Draw L_n with West's set of tricks when West leads (``west``) and when East leads."""
        self.n = n
        self.marks = {}
        if west is not None:
            self.marks[frozenset(west)] = "W"
        if east is not None:
            key = frozenset(east)
            self.marks[key] = "WE" if self.marks.get(key) == "W" else "E"
        self.update()

    def positions(self) -> dict[frozenset[int], tuple[float, float]]:
        """Where each set is drawn (widget coordinates)."""
        nodes, _ = lattice(self.n)
        by_rank: dict[int, list[frozenset[int]]] = {}
        for x in nodes:
            by_rank.setdefault(sum(x), []).append(x)
        top = self.n * (self.n + 1) // 2
        w, h = self.width(), self.height()
        margin = 24.0
        pos = {}
        for rank, row in by_rank.items():
            row.sort(key=lambda s: (len(s), sorted(s, reverse=True)))
            y = h - margin - (h - 2 * margin) * (rank / top if top else 0)
            for k, x in enumerate(row):
                pos[x] = (margin + (w - 2 * margin) * (k + 1) / (len(row) + 1), y)
        return pos

    def paintEvent(self, _event: object) -> None:
        from PySide6.QtCore import QPointF, QRectF
        from PySide6.QtGui import QColor, QPainter, QPen

        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        fg = self.palette().windowText().color()
        if not 1 <= self.n <= self.MAX_N:
            p.setPen(fg)
            p.drawText(
                self.rect(),
                int(Qt.AlignmentFlag.AlignCenter),
                f"The lattice of trick sets is drawn for suits of 1 to {self.MAX_N} cards a hand.",
            )
            return
        pos = self.positions()
        _, covers = lattice(self.n)
        edge = QColor(fg)
        edge.setAlpha(70)
        p.setPen(QPen(edge, 1))
        for a, b in covers:
            p.drawLine(QPointF(*pos[a]), QPointF(*pos[b]))
        colours = {"W": QColor("#1565c0"), "E": QColor("#b71c1c"), "WE": QColor("#6a1b9a")}
        font = p.font()
        font.setPointSizeF(max(6.0, font.pointSizeF() - 2))
        p.setFont(font)
        for x, (cx, cy) in pos.items():
            mark = self.marks.get(x)
            r = 6.0 if mark else 3.0
            p.setPen(QPen(colours[mark] if mark else fg, 1.5))
            p.setBrush(colours[mark] if mark else self.palette().base())
            p.drawEllipse(QPointF(cx, cy), r, r)
            if mark or self.n <= 4:
                label = "{" + ",".join(map(str, sorted(x))) + "}" if x else "∅"
                if mark:
                    label += (
                        "  " + {"W": "West leads", "E": "East leads", "WE": "either lead"}[mark]
                    )
                p.setPen(colours[mark] if mark else fg)
                p.drawText(
                    QRectF(cx + 8, cy - 9, 200, 18), int(Qt.AlignmentFlag.AlignVCenter), label
                )
        p.end()
