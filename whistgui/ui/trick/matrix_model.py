"""The α matrix of one suit as a table model: rows West's cards, columns East's, low first —
the papers' order (R44 §10.1 indexes W₁ < … < Wₙ, R43's matrix A the same), as ``whist
analyze`` and R43's tab print them.

Each cell is α_ij = (who wins the trick, val(D_ij)). A last column holds each row's minimum and
a last row each column's maximum; the cells giving maxmin(D) and minmax(D) are marked. With
:attr:`AlphaMatrixModel.grouped`, cards in sequence share one row or column (their rows are the
same by construction).

The marked and summary cells are painted in the theme's roles (``maxmin_fill``, ``minmax_fill``,
``both_fill``, ``summary_fill``: the printed figure's fills on a light background), read when a
view asks — a new theme is in the next paint.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QGuiApplication

from whistgui.engine import LabeledValue, Outcome, Player, Reduction, SuitAnalysis, Value, rho
from whistgui.engine.trick.cards import ranks_text
from whistgui.ui.theme import colours, contrasting_text

Index = QModelIndex | QPersistentModelIndex

#: Custom roles.
ReductionRole: Final = Qt.ItemDataRole.UserRole + 1  # the Reduction of a cell (None elsewhere)
MarkRole: Final = Qt.ItemDataRole.UserRole + 2  # "maxmin", "minmax", "both", "rowmin", "colmax"


class AlphaMatrixModel(QAbstractTableModel):
    """α of the suit being inspected."""

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self._a: SuitAnalysis | None = None
        self._grouped = False
        self._outcomes = False
        #: how the game reads an outcome off a value (ρ; reduced whist's ⌊ρ′⌋)
        self._read: Callable[[Value], Outcome] = rho
        self._rows: list[list[int]] = []  # West card indices (into analysis.west) per row
        self._cols: list[list[int]] = []

    # -- configuration --------------------------------------------------------------------
    @property
    def analysis(self) -> SuitAnalysis | None:
        return self._a

    def set_analysis(self, analysis: SuitAnalysis | None) -> None:
        self.beginResetModel()
        self._a = analysis
        self._layout()
        self.endResetModel()

    @property
    def grouped(self) -> bool:
        return self._grouped

    def set_grouped(self, on: bool) -> None:
        self.beginResetModel()
        self._grouped = on
        self._layout()
        self.endResetModel()

    @property
    def show_outcomes(self) -> bool:
        return self._outcomes

    def set_show_outcomes(self, on: bool) -> None:
        self._outcomes = on
        if self.rowCount() and self.columnCount():
            self.dataChanged.emit(
                self.index(0, 0), self.index(self.rowCount() - 1, self.columnCount() - 1)
            )

    def set_reading(self, read: Callable[[Value], Outcome]) -> None:
        """Read each cell's outcome with ``read`` (the game's: ρ, or reduced whist's ⌊ρ′⌋)."""
        self._read = read
        self.set_show_outcomes(self._outcomes)

    def _layout(self) -> None:
        a = self._a
        if a is None:
            self._rows, self._cols = [], []
            return
        self._rows = self._groups(a, Player.WEST)
        self._cols = self._groups(a, Player.EAST)

    def _groups(self, a: SuitAnalysis, player: Player) -> list[list[int]]:
        ranks = a.west if player is Player.WEST else a.east
        if not self._grouped:
            return [[ranks.index(r)] for r in sorted(ranks)]
        # sequences come highest first: low first, as the papers index the cards
        return [[ranks.index(r) for r in seq] for seq in reversed(a.suit.sequences(player))]

    # -- shape ----------------------------------------------------------------------------
    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() or self._a is None else len(self._rows) + 1

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() or self._a is None else len(self._cols) + 1

    def is_summary(self, row: int, col: int) -> bool:
        return row == len(self._rows) or col == len(self._cols)

    def cell(self, row: int, col: int) -> tuple[int, int] | None:
        """The (i, j) of analysis.alpha shown at (row, col), or None for summary cells."""
        if self.is_summary(row, col):
            return None
        return self._rows[row][0], self._cols[col][0]

    def position_of(self, i: int, j: int) -> tuple[int, int]:
        """Where α_ij is shown."""
        row = next(r for r, g in enumerate(self._rows) if i in g)
        col = next(c for c, g in enumerate(self._cols) if j in g)
        return row, col

    # -- data -----------------------------------------------------------------------------
    def _label(self, lv: LabeledValue) -> str:
        text = lv.pretty()
        if self._outcomes:
            o = self._read(lv.value)
            text += f"\n→ ({o.west_lead}, {o.east_lead})"
        return text

    def _mark(self, row: int, col: int) -> str | None:
        a = self._a
        assert a is not None
        nrow, ncol = len(self._rows), len(self._cols)
        if row == nrow and col == ncol:
            return None
        if col == ncol:  # row minimum
            i = self._rows[row][0]
            return "maxmin" if i in a.maxmin_rows else "rowmin"
        if row == nrow:
            j = self._cols[col][0]
            return "minmax" if j in a.minmax_columns else "colmax"
        return a.mark(self._rows[row][0], self._cols[col][0])

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        a = self._a
        if a is None or not index.isValid():
            return None
        row, col = index.row(), index.column()
        nrow, ncol = len(self._rows), len(self._cols)
        if role == ReductionRole:
            c = self.cell(row, col)
            return None if c is None else a.reductions[c[0]][c[1]]
        if role == MarkRole:
            return self._mark(row, col)
        if role == Qt.ItemDataRole.DisplayRole:
            if row == nrow and col == ncol:
                return ""
            if col == ncol:
                return self._label(a.row_minima[self._rows[row][0]])
            if row == nrow:
                return self._label(a.column_maxima[self._cols[col][0]])
            i, j = self._rows[row][0], self._cols[col][0]
            return self._label(a.alpha[i][j])
        if role == Qt.ItemDataRole.BackgroundRole:
            colour = self._background(row, col)
            return QBrush(colour) if colour is not None else None
        if role == Qt.ItemDataRole.ForegroundRole:
            # a painted cell gets the text colour that reads on it, in any theme
            colour = self._background(row, col)
            return QBrush(contrasting_text(colour)) if colour is not None else None
        if role == Qt.ItemDataRole.FontRole:
            bold = self._mark(row, col) in ("maxmin", "minmax", "both")
            c = self.cell(row, col)
            one_lead = c is not None and a.greedy and len(a.leads_to(*c)) < 2
            if bold or one_lead:
                f = QFont()
                f.setBold(bold)
                f.setItalic(one_lead)
                return f
            return None
        if role == Qt.ItemDataRole.TextAlignmentRole:
            return int(Qt.AlignmentFlag.AlignCenter)
        if role == Qt.ItemDataRole.ToolTipRole:
            c = self.cell(row, col)
            if c is None:
                rule = " (over the replies the greedy rule allows)" if a.greedy else ""
                if col == ncol and row < nrow:
                    return (
                        f"The least α in this row{rule}: what East can hold West to after this lead"
                    )
                if row == nrow and col < ncol:
                    return f"The greatest α in this column{rule}: what West can make of this card"
                return None
            red: Reduction = a.reductions[c[0]][c[1]]
            who = "West" if red.winner is Player.WEST else "East"
            gain = "1 + " if red.winner is Player.WEST else ""
            wc, ec = a.suit.card_text(red.west_card), a.suit.card_text(red.east_card)
            return (
                f"West plays {wc}, East plays {ec}: "
                f"{who} wins and leads. D_ij = {gain}{red.suit}, value {red.label.value.pretty()}."
                + (self._greedy_tip(a, *c, wc, ec) if a.greedy else "")
                + " Double-click to descend."
            )
        return None

    @staticmethod
    def _greedy_tip(a: SuitAnalysis, i: int, j: int, wc: str, ec: str) -> str:
        """Which lead reaches α_ij under the greedy rule, and so whose choice it counts in."""
        leads = a.leads_to(i, j)
        if len(leads) == 2:
            return " Greedy rule: either lead reaches it (it counts in its row and its column)."
        if leads == (Player.WEST,):
            return (
                f" Greedy rule: only West leading the {wc} reaches it — East leading the {ec}, "
                "West must win the trick — so it counts in its row's minimum, not its column's "
                "maximum."
            )
        return (
            f" Greedy rule: only East leading the {ec} reaches it — West leading the {wc}, East "
            "must win the trick — so it counts in its column's maximum, not its row's minimum."
        )

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        a = self._a
        if a is None or role != Qt.ItemDataRole.DisplayRole:
            return None
        if orientation == Qt.Orientation.Horizontal:
            if section == len(self._cols):
                return "row min"
            ranks = [a.east[j] for j in self._cols[section]]
            return "E " + self._cards(a, ranks)
        if section == len(self._rows):
            return "col max"
        ranks = [a.west[i] for i in self._rows[section]]
        return "W " + self._cards(a, ranks)

    @staticmethod
    def _cards(a: SuitAnalysis, ranks: list[int]) -> str:
        return ranks_text(sorted(ranks, reverse=True), standard=a.suit.is_standard)

    def _background(self, row: int, col: int) -> QColor | None:
        """A marked cell's fill — amber West's choice, blue East's — or a summary's, in the
        theme of the application's palette; None for the others."""
        roles = colours(QGuiApplication.palette())
        fill = {
            "maxmin": roles.maxmin_fill,
            "minmax": roles.minmax_fill,
            "both": roles.both_fill,
        }.get(self._mark(row, col) or "")
        if fill is None and self.is_summary(row, col):
            fill = roles.summary_fill
        return QColor(fill) if fill is not None else None

    def flags(self, index: Index) -> Qt.ItemFlag:
        if not index.isValid():
            return Qt.ItemFlag.NoItemFlags
        return Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable
