"""The GOPS explorer's heat map: the matrix game of bids, rows A's bids, columns B's, each cell
A's value after them, coloured on the theme's diverging scale (painted again when the theme
changes); the cell of the bids the path took outlined; the bids of a strategy chosen beside it
(:meth:`HeatMap.set_marks`) shaded in the headers, in each player's colour."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from PySide6.QtCore import QEvent, QSize, Qt, Signal
from PySide6.QtGui import QBrush, QFont, QPalette, QResizeEvent
from PySide6.QtWidgets import QAbstractItemView, QHeaderView, QTableWidgetItem, QWidget

from whistgui.engine.gops import GopsRules, GopsState
from whistgui.figures.gops import format_payoff
from whistgui.ui.gops.colours import dominated_colours, heat_colour, side_colour
from whistgui.ui.gops.jobs import StateView
from whistgui.ui.theme import contrasting_text, is_theme_change
from whistgui.ui.widgets.grid import ChoiceGrid, OutlineDelegate

__all__ = ["HeatMap", "RoomPage", "TakenRole", "game_scale", "heat_scale"]

#: True on the cell of the bids the path took from this state.
TakenRole: Final = Qt.ItemDataRole.UserRole + 1


class HeatMap(ChoiceGrid):
    """The matrix game of bids: rows A's bids, columns B's, each cell A's value after them.
    A click, or Enter (or Space) on the keyboard's cell, emits :attr:`chosen` (row, column).
    Its colour scale runs from −:attr:`scale` to +:attr:`scale` (the largest |value| of the
    matrix), said by :attr:`scaleChanged` for the colour key (0.0: no matrix)."""

    scaleChanged = Signal(float)

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
        #: the value at the blue end of the scale (its negative at the red end); 0.0: none
        self.scale = 0.0
        #: one scale for every state of the game (:func:`game_scale`; 0.0: each matrix's own)
        self.game_scale = 0.0
        #: a strategy's name and its bids (A's rows, B's columns: bid → probability)
        self.marks: tuple[str, dict[int, float], dict[int, float]] = ("", {}, {})

    def set_marks(self, name: str, a: dict[int, float], b: dict[int, float]) -> None:
        """Shade the headers of the bids ``name`` makes in this state (``a``: A's, ``b``:
        B's, each bid's probability); an empty name: none."""
        self.marks = (name, dict(a), dict(b))
        self._refresh()

    def _mark(self, head: QTableWidgetItem, side: str, bid: int, pal: QPalette) -> None:
        name, a, b = self.marks
        p = (a if side == "A" else b).get(bid, 0.0)
        if not name or p <= 0:
            return
        fill = side_colour(side, pal)
        fill.setAlphaF(0.25 + 0.75 * p)
        head.setBackground(QBrush(fill))
        head.setForeground(
            QBrush(contrasting_text(fill) if p > 0.5 else pal.color(QPalette.ColorRole.Text))
        )
        head.setToolTip(f"{head.toolTip()}; {name} bids it with probability {p:.3f}")

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

    def set_game_scale(self, scale: float) -> None:
        """One colour scale, ±``scale``, for every state of the game (review 31b, C10: it was
        each matrix's largest |value|, ±1 here, ±0.839 there); 0.0: each matrix's own."""
        self.game_scale = float(scale)
        if self._view is not None:
            self.set_view(self._view, self._taken)

    def set_view(self, view: StateView | None, taken: tuple[int, int] | None = None) -> None:
        """Show ``view``'s matrix (None: empty), the cell at ``taken`` (bids) outlined."""
        old = self._view
        current = self.currentIndex()
        keep = None  # the bids under the keyboard's focus, kept by bid (review 31b, X3)
        i, j = current.row(), current.column()
        if old is not None and old.solution is not None and current.isValid():
            keep = (old.rows[min(i, len(old.rows) - 1)], old.cols[min(j, len(old.cols) - 1)])
        self._view = view
        self._taken = taken
        self.clear()
        if view is None or view.solution is None:
            self.setRowCount(0)
            self.setColumnCount(0)
            self.scale = 0.0
            self.scaleChanged.emit(0.0)
            return
        self.scale = self.game_scale or heat_scale(view.matrix)
        self.scaleChanged.emit(self.scale)
        self.setRowCount(len(view.rows))
        self.setColumnCount(len(view.cols))
        self.setHorizontalHeaderLabels([str(c) for c in view.cols])
        self.setVerticalHeaderLabels([str(r) for r in view.rows])
        self._refresh()
        self._fit()
        target = None
        if taken is not None and taken[0] in view.rows and taken[1] in view.cols:
            target = (view.rows.index(taken[0]), view.cols.index(taken[1]))
        elif keep is not None:  # the same bids, or the nearest left (a bid just played)
            target = (_nearest(view.rows, keep[0]), _nearest(view.cols, keep[1]))
        else:
            target = (0, 0)
        self.setCurrentCell(*target)

    def _refresh(self) -> None:
        view = self._view
        if view is None or view.solution is None:
            return
        pal = self.palette()
        scale = self.game_scale or heat_scale(view.matrix)
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
            self._mark(head, "B", c, pal)
            self.setHorizontalHeaderItem(j, head)
        for i, r in enumerate(view.rows):
            head = QTableWidgetItem(str(r))
            head.setFont(bold)
            head.setForeground(QBrush(grey_ink if i in dr else text))
            note = " (dominated)" if i in dr else ""
            head.setToolTip(f"A bids {r}{note}: A plays it with probability {sol.row[i]:.3f}")
            self._mark(head, "A", r, pal)
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
        if is_theme_change(event) or event.type() == QEvent.Type.FontChange:
            self._refresh()
            if self.columnCount():
                self._fit()


def _nearest(bids: Sequence[int], bid: int) -> int:
    """The index of ``bid`` in ``bids``, or of the nearest one (the lower of two as near).

    >>> _nearest((1, 4, 5), 4), _nearest((1, 4, 5), 3), _nearest((1, 3, 5), 4)
    (1, 1, 1)
    """
    return min(range(len(bids)), key=lambda i: (abs(bids[i] - bid), bids[i]))


def game_scale(rules: GopsRules) -> float:
    """The largest |value| of any state of the game: 1 with the sign, the prizes' total with
    points (all of them won by one player).

    >>> game_scale(GopsRules(6)), game_scale(GopsRules(6, score="points"))
    (1.0, 21.0)
    """
    return 1.0 if rules.score == "sign" else float(rules.n * (rules.n + 1) // 2)


def heat_scale(matrix: Sequence[Sequence[float]]) -> float:
    """The heat map's scale: the largest |value| of ``matrix`` (1.0 for a matrix of zeros)."""
    return max((abs(v) for r in matrix for v in r), default=0.0) or 1.0


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


class RoomPage(QWidget):
    """A widget that tells when its size changes (the room the matrix may fill)."""

    resized = Signal(QSize)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self.resized.emit(event.size())
