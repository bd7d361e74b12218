"""The GOPS explorer: pick N and the rules, solve the game, and walk it as the matrix games it is.

Top: N (2 to 8; N ≤ 5 solves at once, 6 in about 2 s, 7 in about 20 s, 8 in about 4 minutes —
cancel it if need be), the tie rule and the result, Solve and Cancel with the solve's progress
(states solved, memo size), Open… and Save… for ``.gops`` files (a solved game reopens without
solving again). Under it the breadcrumb of the path walked (click a step to go back there; Back
is Alt+Left or Backspace, Forward Alt+Right).

The page shows the state at the end of the breadcrumb:

* a **chance** state — the prizes still face down as chips, each with A's value once it is
  turned; click one (or type its number) to turn it;
* a **bidding** state — the matrix game of bids as a heat map (rows A's bids, columns B's;
  each cell A's value after that pair of bids, blue for A, red for B; dominated bids grey);
  click a cell, or move with the arrows and press Enter, to go to the state those bids lead
  to; beside it both optimal mixed strategies as bars;
* the end of a game — its result.

Beside the page: the value for A as a float and exactly (the exact value is a separate job;
it is shown when ready — large states' fractions run to thousands of digits, so short ones are
written out and long ones are in the selectable line under them), the state in its text form
(selectable and copyable; ``whist gops state`` reads it), and hints.

All the work runs on the app's :class:`~whistgui.ui.engine_service.EngineService`: the solve
(channel ``gops-solve``, progress and cancel), each state's matrix and solution
(``gops-state``, from the solved memo: instant), its exact value (``gops-exact``) and saving
(``gops-save``: the memo is serialised on the engine's thread, where the solver lives).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Final

from PySide6.QtCore import (
    QEvent,
    QRectF,
    QSize,
    Qt,
    Signal,
)
from PySide6.QtGui import (
    QBrush,
    QColor,
    QFont,
    QKeyEvent,
    QKeySequence,
    QPainter,
    QPaintEvent,
    QPalette,
    QResizeEvent,
    QShortcut,
)
from PySide6.QtWidgets import (
    QAbstractItemView,
    QApplication,
    QComboBox,
    QFileDialog,
    QFrame,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QMessageBox,
    QProgressBar,
    QPushButton,
    QScrollArea,
    QSizePolicy,
    QSpinBox,
    QSplitter,
    QStackedWidget,
    QStyle,
    QTableWidgetItem,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from whistgui.engine import WhistError
from whistgui.engine.gops import (
    MAX_SOLVE_N,
    ExactSolution,
    GopsRules,
    GopsSolver,
    GopsState,
    MatrixSolution,
    dominated,
    solve_matrix,
)
from whistgui.engine.symbols import MINUS
from whistgui.figures import Figure, FigureOptions
from whistgui.figures.gops import (
    A_COLOUR,
    B_COLOUR,
    GOPS_VIEWS,
    format_payoff,
    format_probability,
    fraction_text,
    payoff_colour,
    value_text,
)
from whistgui.ui.engine_service import EngineService, JobContext
from whistgui.ui.gops.session import FILE_SUFFIX, GopsSession, Move, Step
from whistgui.ui.theme import contrasting_text, is_dark
from whistgui.ui.widgets.figure_dialog import FigureSource
from whistgui.ui.widgets.grid import ChoiceGrid, OutlineDelegate
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

SOLVE_CHANNEL: Final = "gops-solve"
STATE_CHANNEL: Final = "gops-state"
EXACT_CHANNEL: Final = "gops-exact"
SAVE_CHANNEL: Final = "gops-save"
CHANNELS: Final = (SOLVE_CHANNEL, STATE_CHANNEL, EXACT_CHANNEL, SAVE_CHANNEL)

#: The decks the explorer offers: N = 8, the largest that solves in a sitting, is the largest
#: the engine solves and reads back from a file (and ``whist gops solve`` takes).
MIN_N: Final = 2
MAX_N: Final = MAX_SOLVE_N
#: Games this small are solved as soon as they are chosen (well under a second).
AUTO_SOLVE_N: Final = 6
#: The exact value of a state with more cards than this in each hand is computed only when
#: asked for (the engine's exact search takes about 10 s for a first bid at N = 6; it stops
#: when another state is shown).
EXACT_AUTO_CARDS: Final = 5
#: How long solving takes on a desktop, for the N box's tip.
SOLVE_TIMES: Final = "N ≤ 5 solves at once, 6 in about 2 s, 7 in about 20 s, 8 in about 4 minutes"

TIES_WORDS: Final = {"carry": "carry over", "split": "are split", "lost": "are lost"}
SCORE_WORDS: Final = {"sign": "sign of A − B", "points": "points A − B"}


# -- what a state shows ---------------------------------------------------------------------------
@dataclass(frozen=True)
class StateView:
    """What the explorer shows of one state, computed on the engine's thread: A's value; a
    bidding state's matrix game (rows A's bids, columns B's), its solution and dominated bids;
    a chance state's value after each prize turned."""

    state: GopsState
    value: float
    rows: tuple[int, ...] = ()
    cols: tuple[int, ...] = ()
    matrix: tuple[tuple[float, ...], ...] = ()
    solution: MatrixSolution | None = None
    dominated_rows: tuple[int, ...] = ()
    dominated_cols: tuple[int, ...] = ()
    prize_values: tuple[tuple[int, float], ...] = ()


def _prepare(solver: GopsSolver, ctx: JobContext, *, exact: bool = False) -> None:
    """Point the solver's hooks at the running job (a solver read from a file has none)."""
    solver.should_stop = ctx.should_stop
    if exact:
        solver.progress = lambda n: ctx.report(
            f"{n:,} states valued exactly, {solver.exact_memo_size:,} in the exact memo"
        )
    else:
        solver.progress = lambda n: ctx.report(f"{n:,} states solved, memo {solver.memo_size:,}")


def _view_job(solver: GopsSolver, state: GopsState) -> Callable[[JobContext], StateView]:
    def job(ctx: JobContext) -> StateView:
        _prepare(solver, ctx)
        value = solver.value(state)
        if state.is_bidding:
            m = solver.matrix(state)
            dr, dc = dominated(m)
            return StateView(
                state,
                value,
                tuple(sorted(state.a)),
                tuple(sorted(state.b)),
                tuple(tuple(r) for r in m),
                solve_matrix(m),
                tuple(dr),
                tuple(dc),
            )
        prizes = tuple((p, solver.value(state.turn(p))) for p in sorted(state.prizes))
        return StateView(state, value, prize_values=prizes)

    return job


def _exact_job(
    solver: GopsSolver, state: GopsState
) -> Callable[[JobContext], ExactSolution | Fraction]:
    def job(ctx: JobContext) -> ExactSolution | Fraction:
        _prepare(solver, ctx, exact=True)
        ctx.report("exact values", force=True)
        if state.is_bidding:
            return solver.exact_solution(state)
        return solver.exact_value(state)

    return job


@dataclass(frozen=True)
class SolveResult:
    solver: GopsSolver
    value: float
    seconds: float


def _solve_job(rules: GopsRules) -> Callable[[JobContext], SolveResult]:
    def job(ctx: JobContext) -> SolveResult:
        solver = GopsSolver(rules)
        _prepare(solver, ctx)
        ctx.report(f"solving {rules.describe()}", force=True)
        t0 = time.monotonic()
        game = solver.solve()
        return SolveResult(solver, game.value, time.monotonic() - t0)

    return job


# -- colours --------------------------------------------------------------------------------------
def heat_colour(value: float, scale: float, palette: QPalette | None = None) -> QColor:
    """A cell's fill: the printed figure's scale on a light background; on a dark one the
    same hues from the window's base colour to deeper ends."""
    if not is_dark(palette):
        return QColor(payoff_colour(value, scale))
    base = QColor("#262626")
    end = QColor("#2166ac" if value > 0 else "#b2182b")
    t = 0.0 if scale <= 0 else min(1.0, abs(value) / scale)
    return QColor(
        round(base.red() + (end.red() - base.red()) * t),
        round(base.green() + (end.green() - base.green()) * t),
        round(base.blue() + (end.blue() - base.blue()) * t),
    )


def side_colour(side: str, palette: QPalette | None = None) -> QColor:
    """A's colour (blue) or B's (red), a little lighter on a dark background."""
    if is_dark(palette):
        return QColor("#6fa8dc" if side == "A" else "#e07a6a")
    return QColor(A_COLOUR if side == "A" else B_COLOUR)


def dominated_colours(palette: QPalette | None = None) -> tuple[QColor, QColor]:
    """Fill and text of a dominated bid's cells."""
    if is_dark(palette):
        return QColor("#303030"), QColor("#7a7a7a")
    return QColor("#e4e4e4"), QColor("#8a8a8a")


def cards_text(cards: Sequence[int] | frozenset[int]) -> str:
    return " ".join(map(str, sorted(cards))) or "none"


def _signed(n: int) -> str:
    return f"{n:+d}".replace("-", MINUS) if n else "0"


def describe_state(state: GopsState, rules: GopsRules) -> str:
    """The state in words (HTML) for the heading."""
    score = f"score A − B: {_signed(state.diff)}"
    score_ = "S" + score[1:]
    hands = f"A holds {cards_text(state.a)}; B holds {cards_text(state.b)}"
    if state.is_over:
        return f"<b>The game is over</b> — {score}. {result_words(state.diff, rules)}"
    if state.is_bidding:
        face_down = f" Prizes face down: {cards_text(state.prizes)}." if state.prizes else ""
        return f"<b>Bidding for a pot of {state.pot}</b>. {hands}.{face_down} {score_}."
    pot = f" A pot of {state.pot} carried over from a tie goes with it." if state.pot else ""
    return (
        f"<b>The next prize is turned</b> from {cards_text(state.prizes)}.{pot} {hands}. {score_}."
    )


def result_words(diff: int, rules: GopsRules) -> str:
    if rules.score == "points":
        return f"Result for A: {_signed(diff)} points."
    return "A wins." if diff > 0 else "B wins." if diff < 0 else "A draw."


def value_caption(rules: GopsRules) -> str:
    if rules.score == "points":
        return "expected points difference A − B with best play"
    return "expected result for A with best play: +1 a win, −1 a loss"


# -- the heat map ---------------------------------------------------------------------------------
#: True on the cell of the bids the path took from this state.
TakenRole: Final = Qt.ItemDataRole.UserRole + 1


class HeatMap(ChoiceGrid):
    """The matrix game of bids: rows A's bids, columns B's, each cell A's value after them.
    A click, or Enter (or Space) on the keyboard's cell, emits :attr:`chosen` (row, column)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(0, 0, parent)
        self.setObjectName("gopsMatrix")
        self.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
        self.setTabKeyNavigation(False)
        self.setItemDelegate(OutlineDelegate(TakenRole, self))
        self.setWordWrap(False)
        self.setCornerButtonEnabled(False)
        self.setAccessibleName("Matrix game of bids")
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        for header in (self.horizontalHeader(), self.verticalHeader()):
            header.setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
            header.setHighlightSections(False)
            header.setDefaultAlignment(Qt.AlignmentFlag.AlignCenter)
        self.clicked.connect(lambda index: self.chosen.emit(index.row(), index.column()))
        self._view: StateView | None = None
        self._taken: tuple[int, int] | None = None
        self._room = QSize(0, 0)

    def set_room(self, room: QSize) -> None:
        """The space the matrix may fill: its cells grow (within limits) to use it."""
        self._room = QSize(room)
        if self.columnCount():
            self._fit()

    def cell_size(self) -> QSize:
        """A cell's size: at least room for ``−0.000``, at most about twice that, as large
        as :meth:`set_room`'s space allows."""
        fm = self.fontMetrics()
        least = QSize(fm.horizontalAdvance("−0.000") + 30, 2 * fm.height() + 8)
        rows, cols = max(1, self.rowCount()), max(1, self.columnCount())
        room = self._room
        header_w = self._header_width()
        header_h = self.horizontalHeader().sizeHint().height()
        w = (room.width() - header_w - 2 * self.frameWidth() - 4) // cols
        h = (room.height() - header_h - 2 * self.frameWidth() - 4) // rows
        w = max(least.width(), min(w, 2 * least.width()))
        h = max(least.height(), min(h, least.height() * 3 // 2, w * 3 // 4))
        return QSize(w, h)

    def _header_width(self) -> int:
        vh = self.verticalHeader()
        return max(vh.sizeHint().width(), self.fontMetrics().horizontalAdvance("88") + 24)

    def _fit(self) -> None:
        size = self.cell_size()
        hh, vh = self.horizontalHeader(), self.verticalHeader()
        hh.setDefaultSectionSize(size.width())
        vh.setDefaultSectionSize(size.height())
        for j in range(self.columnCount()):
            hh.resizeSection(j, size.width())
        for i in range(self.rowCount()):
            vh.resizeSection(i, size.height())
        vh.setFixedWidth(self._header_width())
        self.setFixedSize(self.sizeHint())

    def set_view(self, view: StateView | None, taken: tuple[int, int] | None = None) -> None:
        """Show ``view``'s matrix (None: empty), the cell at ``taken`` (bids) outlined."""
        self._view = view
        self._taken = taken
        current = self.currentIndex()
        keep = (current.row(), current.column()) if current.isValid() else None
        self.clear()
        if view is None or view.solution is None:
            self.setRowCount(0)
            self.setColumnCount(0)
            return
        self.setRowCount(len(view.rows))
        self.setColumnCount(len(view.cols))
        self.setHorizontalHeaderLabels([str(c) for c in view.cols])
        self.setVerticalHeaderLabels([str(r) for r in view.rows])
        self._refresh()
        self._fit()
        target = None
        if taken is not None and taken[0] in view.rows and taken[1] in view.cols:
            target = (view.rows.index(taken[0]), view.cols.index(taken[1]))
        elif keep is not None and keep[0] < len(view.rows) and keep[1] < len(view.cols):
            target = keep
        else:
            target = (0, 0)
        self.setCurrentCell(*target)

    def _refresh(self) -> None:
        view = self._view
        if view is None or view.solution is None:
            return
        pal = self.palette()
        scale = max((abs(v) for r in view.matrix for v in r), default=0.0) or 1.0
        grey_fill, grey_ink = dominated_colours(pal)
        bold = QFont(self.font())
        bold.setBold(True)
        dr, dc = set(view.dominated_rows), set(view.dominated_cols)
        sol = view.solution
        text = pal.color(QPalette.ColorRole.Text)
        for j, c in enumerate(view.cols):
            head = QTableWidgetItem(str(c))
            head.setFont(bold)
            head.setForeground(QBrush(grey_ink if j in dc else text))
            note = " (dominated)" if j in dc else ""
            head.setToolTip(f"B bids {c}{note}: B plays it with probability {sol.col[j]:.3f}")
            self.setHorizontalHeaderItem(j, head)
        for i, r in enumerate(view.rows):
            head = QTableWidgetItem(str(r))
            head.setFont(bold)
            head.setForeground(QBrush(grey_ink if i in dr else text))
            note = " (dominated)" if i in dr else ""
            head.setToolTip(f"A bids {r}{note}: A plays it with probability {sol.row[i]:.3f}")
            self.setVerticalHeaderItem(i, head)
            for j, c in enumerate(view.cols):
                v = view.matrix[i][j]
                item = QTableWidgetItem(format_payoff(v))
                item.setTextAlignment(Qt.AlignmentFlag.AlignCenter)
                item.setFlags(Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable)
                if i in dr or j in dc:
                    item.setBackground(QBrush(grey_fill))
                    item.setForeground(QBrush(grey_ink))
                else:
                    fill = heat_colour(v, scale, pal)
                    item.setBackground(QBrush(fill))
                    item.setForeground(QBrush(contrasting_text(fill)))
                item.setData(Qt.ItemDataRole.UserRole, v)
                item.setData(TakenRole, self._taken == (r, c))
                item.setToolTip(_cell_tip(view.state, r, c, v, i in dr or j in dc))
                self.setItem(i, j, item)

    def sizeHint(self) -> QSize:
        if self.columnCount() == 0:
            return QSize(200, 120)
        w = (
            self._header_width()
            + self.columnCount() * self.horizontalHeader().defaultSectionSize()
            + 2 * self.frameWidth()
            + 2
        )
        h = (
            self.horizontalHeader().sizeHint().height()
            + self.rowCount() * self.verticalHeader().defaultSectionSize()
            + 2 * self.frameWidth()
            + 2
        )
        return QSize(w, h)

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if event.type() in (QEvent.Type.PaletteChange, QEvent.Type.FontChange):
            self._refresh()
            if self.columnCount():
                self._fit()


def _cell_tip(state: GopsState, i: int, j: int, value: float, greyed: bool) -> str:
    if i > j:
        what = f"A takes the pot of {state.pot}"
    elif i < j:
        what = f"B takes the pot of {state.pot}"
    elif state.prizes:
        what = "a tie: the pot carries over (or is split or lost, by the rules)"
    else:
        what = "a tie"
    tip = f"A bids {i}, B bids {j}: {what}; then A's value is {format_payoff(value, 4)}"
    if greyed:
        tip += "\n(a dominated bid: an optimal player never needs it)"
    return tip + "\nClick, or Enter, to go there"


class _RoomPage(QWidget):
    """A widget that tells when its size changes (the room the matrix may fill)."""

    resized = Signal(QSize)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self.resized.emit(event.size())


# -- the strategies -------------------------------------------------------------------------------
class StrategyBars(QWidget):
    """One player's optimal mixed bids: a bar a bid, as long as its probability (the track is
    probability 1), the probability after it (with its fraction when short and known)."""

    def __init__(self, title: str, side: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.title = title
        self.side = side
        self._labels: list[str] = []
        self._probs: list[float] = []
        self._exact: list[Fraction] | None = None
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        self.setAccessibleName(title)

    def set_strategy(
        self, bids: Sequence[int], probs: Sequence[float], exact: Sequence[Fraction] | None
    ) -> None:
        self._labels = [str(b) for b in bids]
        self._probs = [float(p) for p in probs]
        self._exact = list(exact) if exact is not None else None
        self.setAccessibleDescription(
            "; ".join(f"bid {b}: {t}" for b, t in zip(self._labels, self.texts(), strict=True))
        )
        self.updateGeometry()
        self.update()

    def clear(self) -> None:
        self.set_strategy((), (), None)

    def probabilities(self) -> list[float]:
        return list(self._probs)

    def texts(self) -> list[str]:
        """The probabilities as written beside the bars."""
        return [
            format_probability(p, self._exact[k] if self._exact else None)
            for k, p in enumerate(self._probs)
        ]

    def _row_h(self) -> int:
        return self.fontMetrics().height() + 6

    def sizeHint(self) -> QSize:
        return QSize(300, (len(self._probs) + 1) * self._row_h() + 6)

    def minimumSizeHint(self) -> QSize:
        return QSize(200, self.sizeHint().height())

    def paintEvent(self, _event: QPaintEvent) -> None:
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        pal = self.palette()
        fm = self.fontMetrics()
        row_h = self._row_h()
        bold = QFont(self.font())
        bold.setBold(True)
        p.setFont(bold)
        p.setPen(pal.color(QPalette.ColorRole.WindowText))
        p.drawText(QRectF(0, 0, self.width(), row_h), Qt.AlignmentFlag.AlignVCenter, self.title)
        p.setFont(self.font())
        texts = self.texts()
        label_w = fm.horizontalAdvance("88") + 10
        text_w = max([fm.horizontalAdvance(t) for t in texts] + [fm.horizontalAdvance("0.000")])
        track = max(40, self.width() - label_w - text_w - 16)
        colour = side_colour(self.side, pal)
        track_colour = QColor(pal.color(QPalette.ColorRole.Mid))
        track_colour.setAlpha(70)
        muted = QColor(pal.color(QPalette.ColorRole.PlaceholderText))
        for k, (label, prob) in enumerate(zip(self._labels, self._probs, strict=True)):
            y = (k + 1) * row_h
            p.setPen(pal.color(QPalette.ColorRole.WindowText))
            p.drawText(
                QRectF(0, y, label_w - 8, row_h),
                Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter,
                label,
            )
            bar = QRectF(label_w, y + 4, track, row_h - 8)
            p.fillRect(bar, track_colour)
            if prob > 0:
                p.fillRect(QRectF(bar.x(), bar.y(), track * min(1.0, prob), bar.height()), colour)
            p.setPen(pal.color(QPalette.ColorRole.WindowText) if prob > 0 else muted)
            p.drawText(
                QRectF(label_w + track + 8, y, text_w + 8, row_h),
                Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
                texts[k],
            )
        p.end()


# -- the prizes -----------------------------------------------------------------------------------
class PrizeChips(QWidget):
    """The prizes still face down as chips; clicking one emits :attr:`turned` (the prize)."""

    turned = Signal(int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._layout = QHBoxLayout(self)
        self._layout.setContentsMargins(0, 0, 0, 0)
        self._layout.setSpacing(10)
        self.chips: dict[int, QPushButton] = {}

    def set_prizes(self, prizes: Sequence[tuple[int, float | None]]) -> None:
        """Chips for ``(prize, A's value once it is turned or None)``."""
        for chip in self.chips.values():
            self._layout.removeWidget(chip)
            chip.deleteLater()
        self.chips = {}
        while self._layout.count():
            self._layout.takeAt(0)
        for prize, value in prizes:
            chip = _Chip(prize, value, self)
            chip.clicked.connect(lambda _checked=False, p=prize: self.turned.emit(p))
            self._layout.addWidget(chip)
            self.chips[prize] = chip
        self._layout.addStretch(1)


class _Chip(QPushButton):
    """A prize face down: its number large, A's value once it is turned under it."""

    def __init__(self, prize: int, value: float | None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName(f"gopsPrize{prize}")
        self.prize = prize
        self.value = value
        number = QLabel(str(prize), self)
        big = QFont(self.font())
        big.setPointSizeF(big.pointSizeF() * 2.0)
        big.setBold(True)
        number.setFont(big)
        below = QLabel(format_payoff(value, 3) if value is not None else "…", self)
        for label in (number, below):
            label.setAlignment(Qt.AlignmentFlag.AlignCenter)
            label.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(6, 8, 6, 8)
        lay.addWidget(number)
        lay.addWidget(below)
        self.setMinimumSize(QSize(72, 88))
        self.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Fixed)
        tip = f"Turn prize {prize} (key {prize})" if prize < 10 else f"Turn prize {prize}"
        if value is not None:
            tip += f": A's value then {format_payoff(value, 4)}"
        self.setToolTip(tip)
        self.setAccessibleName(f"Prize {prize}")

    def sizeHint(self) -> QSize:
        return QSize(72, 88)


# -- the breadcrumb -------------------------------------------------------------------------------
class Breadcrumb(QWidget):
    """The path from the start, a button a step; clicking one emits :attr:`chosen` (its index).
    Steps after the one shown (where Forward goes) are drawn faint."""

    chosen = Signal(int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._inner = QWidget(self)
        self._row = QHBoxLayout(self._inner)
        self._row.setContentsMargins(0, 0, 0, 0)
        self._row.setSpacing(2)
        self.scroll = QScrollArea(self)
        self.scroll.setWidget(self._inner)
        self.scroll.setWidgetResizable(True)
        self.scroll.setFrameShape(QFrame.Shape.NoFrame)
        self.scroll.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAsNeeded)
        lay = QHBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.addWidget(self.scroll)
        self.buttons: list[QToolButton] = []
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)

    def set_path(self, steps: Sequence[Step], index: int) -> None:
        while self._row.count():
            item = self._row.takeAt(0)
            w = item.widget() if item is not None else None
            if w is not None:
                w.deleteLater()
        self.buttons = []
        muted = self.palette().color(QPalette.ColorRole.PlaceholderText).name()
        for k, step in enumerate(steps):
            if k:
                sep = QLabel("›", self._inner)
                sep.setStyleSheet(f"color: {muted};")
                self._row.addWidget(sep)
            b = QToolButton(self._inner)
            b.setText(step.label())
            b.setAutoRaise(True)
            b.setCheckable(True)
            b.setChecked(k == index)
            font = QFont(b.font())
            font.setBold(k == index)
            b.setFont(font)
            if k > index:
                b.setStyleSheet(f"color: {muted};")
            b.setToolTip(f"Go to: {step.state}")
            b.clicked.connect(lambda _checked=False, i=k: self.chosen.emit(i))
            self._row.addWidget(b)
            self.buttons.append(b)
        self._row.addStretch(1)
        probe = QToolButton(self)
        probe.setText("Start")
        height = probe.sizeHint().height()
        probe.deleteLater()
        self.setFixedHeight(height + self.scroll.horizontalScrollBar().sizeHint().height() + 4)
        if self.buttons:
            self.scroll.ensureWidgetVisible(self.buttons[index])

    def labels(self) -> list[str]:
        return [b.text() for b in self.buttons]


# -- the explorer ---------------------------------------------------------------------------------
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
        self._views: dict[tuple[int, GopsState], StateView] = {}
        self._exact: dict[tuple[int, GopsState], ExactSolution | Fraction] = {}
        self._exact_failed: dict[tuple[int, GopsState], str] = {}
        #: states whose exact value was asked for (the button): asked again on coming back
        self._wanted_exact: set[tuple[int, GopsState]] = set()
        #: jobs under way: id → the state (key) they compute
        self._view_jobs: dict[int, tuple[int, GopsState]] = {}
        self._exact_jobs: dict[int, tuple[int, GopsState]] = {}
        self._view_failed: set[tuple[int, GopsState]] = set()
        self._last_ready: bool | None = None
        self._focus_page = False

        # -- the rules and the solve ------------------------------------------------------------
        self.n_spin = QSpinBox(self)
        self.n_spin.setRange(MIN_N, MAX_N)
        self.n_spin.setToolTip(
            f"Cards in each suit, 1..N (the thread plays N = 6). {SOLVE_TIMES}; "
            f"N = {MAX_N} is the largest solved, here and by whist gops solve"
        )
        n_label = QLabel("&N:", self)
        n_label.setBuddy(self.n_spin)
        self.ties_combo = QComboBox(self)
        for key, words in TIES_WORDS.items():
            self.ties_combo.addItem(f"Ties {words}", key)
        self.ties_combo.setToolTip(
            "Equal bids: the prize carries over to the next turn (the thread's rule), is "
            "split between the players, or is lost"
        )
        self.score_combo = QComboBox(self)
        for key, words in SCORE_WORDS.items():
            self.score_combo.addItem(f"Result: {words}", key)
        self.score_combo.setToolTip(
            "What A plays for: the sign of the final score difference (win +1, draw 0, "
            "loss −1: the thread's), or the points difference itself"
        )
        self.solve_button = QPushButton("&Solve", self)
        self.solve_button.setToolTip("Solve the whole game for these rules (Ctrl+Return)")
        self.solve_button.clicked.connect(self.solve)
        self.cancel_button = QPushButton("Cancel", self)
        self.cancel_button.setToolTip("Stop solving")
        self.cancel_button.clicked.connect(self.cancel_solve)
        self.progress = QProgressBar(self)
        self.progress.setRange(0, 0)
        self.progress.setMaximumWidth(120)
        self.progress.setTextVisible(False)
        self.solve_status = QLabel(self)
        self.solve_status.setObjectName("gopsSolveStatus")
        self.solve_status.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        # long news (a solve's summary) must not widen the window: it is cut, its tip has it all
        self.solve_status.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.open_button = QPushButton("&Open…", self)
        self.open_button.setToolTip("Open a solved game saved as a .gops file")
        self.open_button.clicked.connect(self.open_dialog)
        self.save_button = QPushButton("Sa&ve…", self)
        self.save_button.setToolTip("Save the solved game (and the path) to a .gops file")
        self.save_button.clicked.connect(self.save_dialog)

        top = QHBoxLayout()
        top.addWidget(n_label)
        top.addWidget(self.n_spin)
        top.addWidget(self.ties_combo)
        top.addWidget(self.score_combo)
        top.addWidget(self.solve_button)
        top.addWidget(self.cancel_button)
        top.addWidget(self.progress)
        top.addWidget(self.solve_status, 1)
        top.addWidget(self.open_button)
        top.addWidget(self.save_button)

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

        self.pages = QStackedWidget(self)
        self.unsolved_page = QLabel(self.pages)
        self.unsolved_page.setObjectName("gopsUnsolved")
        self.unsolved_page.setWordWrap(True)
        self.unsolved_page.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.waiting_page = QLabel("Computing …", self.pages)
        self.waiting_page.setAlignment(Qt.AlignmentFlag.AlignCenter)

        self.chance_page = QWidget(self.pages)
        self.chips = PrizeChips(self.chance_page)
        self.chips.turned.connect(self.turn)
        chance_title = QLabel(
            "<b>Prizes still face down</b> — under each, A's value once it is turned; the "
            "state's value is their average",
            self.chance_page,
        )
        chance_title.setWordWrap(True)
        chance_layout = QVBoxLayout(self.chance_page)
        chance_layout.addWidget(chance_title)
        chance_layout.addWidget(self.chips)
        chance_layout.addStretch(1)

        self.bidding_page = _RoomPage(self.pages)
        self.matrix = HeatMap(self.bidding_page)
        self.matrix.chosen.connect(self._on_cell)
        matrix_title = QLabel(
            "<b>The matrix game of bids</b>: rows A's bids, columns B's; each cell is A's "
            "value after that pair (blue favours A, red B; grey bids are dominated)",
            self.bidding_page,
        )
        matrix_title.setWordWrap(True)
        self.matrix_area = _RoomPage(self.bidding_page)
        self.matrix_area.resized.connect(self.matrix.set_room)
        area = QHBoxLayout(self.matrix_area)
        area.setContentsMargins(0, 0, 0, 0)
        area.addWidget(self.matrix, 0, Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        area.addStretch(1)
        bidding_layout = QVBoxLayout(self.bidding_page)
        bidding_layout.addWidget(matrix_title)
        bidding_layout.addWidget(self.matrix_area, 1)

        self.over_page = QLabel(self.pages)
        self.over_page.setObjectName("gopsOver")
        self.over_page.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.over_page.setWordWrap(True)
        for page in (
            self.unsolved_page,
            self.waiting_page,
            self.chance_page,
            self.bidding_page,
            self.over_page,
        ):
            self.pages.addWidget(page)

        left = QWidget(self)
        left_layout = QVBoxLayout(left)
        left_layout.setContentsMargins(0, 0, 0, 0)
        left_layout.addWidget(self.heading)
        left_layout.addWidget(self.pages, 1)

        # -- the side: value, strategies, state, hints ------------------------------------------
        self.value_label = QLabel(self)
        self.value_label.setObjectName("gopsValue")
        self.value_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        big = QFont(self.value_label.font())
        big.setPointSizeF(big.pointSizeF() * 1.5)
        big.setBold(True)
        self.value_label.setFont(big)
        self.value_caption = QLabel(self)
        self.value_caption.setWordWrap(True)
        self.exact_label = QLabel(self)
        self.exact_label.setObjectName("gopsExact")
        self.exact_label.setWordWrap(True)
        self.exact_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.exact_button = QPushButton("Compute e&xact value", self)
        self.exact_button.setToolTip(
            "The value and both strategies as fractions, exact all the way down (large "
            "states take a while; going to another state stops it)"
        )
        self.exact_button.clicked.connect(self.compute_exact)
        self.exact_edit = QLineEdit(self)
        self.exact_edit.setObjectName("gopsExactText")
        self.exact_edit.setReadOnly(True)
        self.exact_edit.setToolTip("The exact value in full (select and copy it)")
        self.a_bars = StrategyBars("A's optimal bids", "A", self)
        self.b_bars = StrategyBars("B's optimal bids", "B", self)
        state_label = QLabel("State (&text form):", self)
        self.state_edit = QLineEdit(self)
        self.state_edit.setObjectName("gopsState")
        self.state_edit.setReadOnly(True)
        self.state_edit.setToolTip(
            "The state as `whist gops state` reads it: select and copy it (Ctrl+C)"
        )
        state_label.setBuddy(self.state_edit)
        self.hints = QLabel(self)
        self.hints.setObjectName("gopsHints")
        self.hints.setWordWrap(True)
        muted = QPalette(self.hints.palette())
        muted.setColor(
            QPalette.ColorRole.WindowText, muted.color(QPalette.ColorRole.PlaceholderText)
        )
        self.hints.setPalette(muted)

        side = QWidget(self)
        side_layout = QVBoxLayout(side)
        side_layout.setContentsMargins(6, 0, 0, 0)
        side_layout.addWidget(QLabel("<b>Value for A</b>", side))
        side_layout.addWidget(self.value_label)
        side_layout.addWidget(self.value_caption)
        side_layout.addWidget(self.exact_label)
        side_layout.addWidget(self.exact_button, 0, Qt.AlignmentFlag.AlignLeft)
        side_layout.addWidget(self.exact_edit)
        side_layout.addSpacing(8)
        side_layout.addWidget(self.a_bars)
        side_layout.addWidget(self.b_bars)
        side_layout.addSpacing(8)
        side_layout.addWidget(state_label)
        side_layout.addWidget(self.state_edit)
        side_layout.addSpacing(8)
        side_layout.addWidget(self.hints)
        side_layout.addStretch(1)
        side.setMinimumWidth(340)

        self.splitter = QSplitter(Qt.Orientation.Horizontal, self)
        self.splitter.addWidget(left)
        self.splitter.addWidget(side)
        self.splitter.setStretchFactor(0, 3)
        self.splitter.setStretchFactor(1, 2)
        self.splitter.setChildrenCollapsible(False)
        self.splitter.setSizes([720, 460])

        layout = QVBoxLayout(self)
        layout.setContentsMargins(8, 8, 8, 8)
        layout.addLayout(top)
        layout.addLayout(crumbs)
        layout.addWidget(self.splitter, 1)

        for seq, slot in (
            ("Alt+Left", self.back),
            ("Backspace", self.back),
            ("Alt+Right", self.forward),
            ("Ctrl+Return", self.solve),
        ):
            sc = QShortcut(QKeySequence(seq), self)
            sc.setContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
            sc.activated.connect(slot)

        self.n_spin.valueChanged.connect(self._on_rules_edited)
        self.ties_combo.activated.connect(self._on_rules_edited)
        self.score_combo.activated.connect(self._on_rules_edited)
        engine.finished.connect(self._on_finished)
        engine.failed.connect(self._on_failed)
        engine.cancelled.connect(self._on_cancelled)
        engine.progress.connect(self._on_progress)
        session.rulesChanged.connect(self._on_rules)
        session.solvedChanged.connect(self._on_solved)
        session.pathChanged.connect(self._on_path)
        session.opened.connect(self._on_opened)
        self._on_rules(session.rules)
        self._maybe_auto_solve()

    # -- the rules and solving ----------------------------------------------------------------
    def rules_chosen(self) -> GopsRules:
        """The rules the controls name."""
        return GopsRules(
            self.n_spin.value(),
            str(self.ties_combo.currentData()),
            str(self.score_combo.currentData()),
        )

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
            SOLVE_CHANNEL, _solve_job(rules), label=f"Solving GOPS, N = {rules.n}", tag=rules
        )
        self._set_status(f"Solving {rules.describe()} …")
        self.message.emit(f"Solving GOPS, {rules.describe()}")
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
        self.solve_status.setText(text)
        self.solve_status.setToolTip(text)

    # -- following the session --------------------------------------------------------------
    def _on_rules(self, rules: GopsRules) -> None:
        for w, value in (
            (self.n_spin, rules.n),
            (self.ties_combo, rules.ties),
            (self.score_combo, rules.score),
        ):
            w.blockSignals(True)
            if isinstance(w, QSpinBox):
                w.setRange(min(MIN_N, int(value)), max(MAX_N, int(value)))
                w.setValue(int(value))
            else:
                w.setCurrentIndex(max(0, w.findData(value)))
            w.blockSignals(False)
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
            if key not in self._view_jobs.values():
                job = self.engine.submit(
                    STATE_CHANNEL, _view_job(session.solver, state), label="GOPS state", tag=key
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
            text = (
                f"<b>{rules.describe()}</b> is not solved yet.<br>Press <b>Solve</b> "
                f"(Ctrl+Return) to solve it: {SOLVE_TIMES}.<br>A solved game can be saved "
                "and reopened without solving again."
            )
        self.unsolved_page.setText(text)
        self.pages.setCurrentWidget(self.unsolved_page)
        self.value_label.setText("—")
        self._clear_side()
        self.hints.setText("Pick N and the rules above; then Solve.")

    def _clear_side(self) -> None:
        self.exact_label.setText("")
        self.exact_button.hide()
        self.exact_edit.hide()
        self.a_bars.hide()
        self.b_bars.hide()
        self.a_bars.clear()
        self.b_bars.clear()

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
                f"<p>Final score A − B: {_signed(state.diff)}"
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
        self.exact_edit.hide()
        self.exact_button.hide()
        if view is None:
            return
        if key in self._exact_failed:
            self.exact_label.setText(f"Exact: not available ({self._exact_failed[key]})")
            return
        result = self._exact.get(key)
        if result is None:
            if key in self._wanted_exact or len(state.a) <= EXACT_AUTO_CARDS:
                self._ask_exact()
                self.exact_label.setText("Exact: computing …")
            else:
                self.exact_label.setText(
                    f"Exact: not computed ({len(state.a)} cards a hand take a while)"
                )
                self.exact_button.show()
            return
        exact_value = result.value if isinstance(result, ExactSolution) else result
        short = fraction_text(exact_value)
        if short is not None:
            self.exact_label.setText(f"Exact: {short}")
        else:
            num, den = len(str(abs(exact_value.numerator))), len(str(exact_value.denominator))
            self.exact_label.setText(
                f"Exact: a fraction of {num:,} digits over {den:,} (in full below)"
            )
        self.exact_edit.setText(str(exact_value).replace("-", MINUS))
        self.exact_edit.setCursorPosition(0)
        self.exact_edit.setVisible(short is None)
        if isinstance(result, ExactSolution):
            self._set_bars(view, result)

    def _ask_exact(self) -> None:
        key = self._key()
        solver = self.session.solver
        if solver is None or key in self._exact or key in self._exact_jobs.values():
            return
        job = self.engine.submit(
            EXACT_CHANNEL, _exact_job(solver, key[1]), label="GOPS exact value", tag=key
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
            self._views[tag] = result  # type: ignore[index]
            if tag == self._key():
                self._show()
        elif channel == EXACT_CHANNEL and isinstance(tag, tuple):
            self._exact_jobs.pop(job, None)
            self._exact[tag] = result  # type: ignore[index,assignment]
            if tag == self._key():
                self._show_exact()
                self._emit_ready()
        elif channel == SAVE_CHANNEL and job == self._save_job:
            self._save_job = None
            self._update_controls()
            assert isinstance(result, Path)
            if tag == self.session.generation:
                self.session.mark_saved(result)
            self.message.emit(f"Saved the GOPS game to {result}")
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

        def job(ctx: JobContext) -> Path:
            ctx.report("saving", force=True)
            data = dict(head)
            data["solver"] = solver.to_json() if solver is not None else None
            return session.save(path, data)

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
        its solution (the exact fractions when computed). None unless a bidding state's
        values are shown."""
        view = self.current_view()
        if view is None or view.solution is None:
            return None
        exact = self.current_exact()
        exact_solution = exact if isinstance(exact, ExactSolution) else None
        rules = self.session.rules
        solution = view.solution
        state = view.state

        def build(name: str, options: FigureOptions) -> Figure:
            from whistgui.figures.gops import build_gops_figure

            fig = build_gops_figure(
                name,
                view.matrix,
                solution,
                view.rows,
                view.cols,
                options,
                dominated_rows=view.dominated_rows,
                dominated_cols=view.dominated_cols,
                exact=exact_solution,
            )
            fig.title = f"GOPS ({rules.describe()}): {state}"
            return fig

        prizes = "-".join(map(str, sorted(state.prizes))) or "none"
        name = f"gops-n{rules.n}-pot{state.pot}-prizes{prizes}"
        return FigureSource(GOPS_VIEWS, build, name, "both", key="gopsFigure")

    def shutdown(self) -> None:
        """Cancel this explorer's jobs (the engine service is the app's)."""
        for channel in CHANNELS:
            self.engine.cancel(channel)

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if event.type() == QEvent.Type.PaletteChange:
            self.breadcrumb.set_path(self.session.steps, self.session.index)
