"""The quotient explorer's two grids: the multiplication table of the classes
(:class:`TableModel`, for a :class:`~PySide6.QtWidgets.QTableView`: rows u, columns v, each
entry the class of u + v — u · v for End-nim — the entries that are P classes filled in the
theme's ``p_class_fill``, those of the class selected in ``maxmin_fill``) and the P-position
map of the positions of two heaps (:class:`PMapView`, painted: a cell a, b filled when ``a b``
is a P-position, outlined when it is in the class selected, dotted where the position on the
board is; a click, or Enter on the cell the
arrows walk to, asks for that position on the board). Both show what they are given and ask by
signals; colours are theme roles."""

from __future__ import annotations

from typing import Any, Final

from PySide6.QtCore import (
    QAbstractTableModel,
    QModelIndex,
    QPersistentModelIndex,
    QPoint,
    QRectF,
    QSize,
    Qt,
    Signal,
)
from PySide6.QtGui import QFont, QKeyEvent, QMouseEvent, QPainter, QPaintEvent, QPen
from PySide6.QtWidgets import (
    QSizePolicy,
    QStyle,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QToolTip,
    QWidget,
)

from whistgui.app.heaps_quotient import PMap, class_is_p, outcome_short, product
from whistgui.engine.heaps.quotient import HeapQuotient
from whistgui.engine.heaps.rules import PositionRules
from whistgui.ui.heaps.hats import HAT, draw_hatted
from whistgui.ui.theme import colour, contrasting_text, is_theme_change

__all__ = ["HattedDelegate", "PMapView", "TableModel"]

_Index = QModelIndex | QPersistentModelIndex
_ROOT: Final = QModelIndex()


class TableModel(QAbstractTableModel):
    """The multiplication table of a quotient (empty until one is set)."""

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self.rules: PositionRules[Any] | None = None
        self.q: HeapQuotient | None = None
        self.p: frozenset[int] = frozenset()
        self.selected: int | None = None

    def set_quotient(self, rules: PositionRules[Any] | None, q: HeapQuotient | None) -> None:
        self.beginResetModel()
        self.rules, self.q = rules, q
        self.p = frozenset(
            c.index for c in (q.classes if q else ()) if rules and class_is_p(rules, c)
        )
        self.selected = None
        self.endResetModel()

    def select_class(self, index: int | None) -> None:
        """Mark the entries of class ``index`` (None: none)."""
        self.selected = index
        n = self.rowCount()
        if n:
            self.dataChanged.emit(self.index(0, 0), self.index(n - 1, n - 1))
            self.headerDataChanged.emit(Qt.Orientation.Horizontal, 0, n - 1)
            self.headerDataChanged.emit(Qt.Orientation.Vertical, 0, n - 1)

    def rowCount(self, parent: _Index = _ROOT) -> int:
        return 0 if self.q is None or parent.isValid() else len(self.q.classes)

    def columnCount(self, parent: _Index = _ROOT) -> int:
        return self.rowCount(parent)

    def entry(self, row: int, column: int) -> int | None:
        assert self.q is not None
        return self.q.table[row][column]

    def _fill(self, v: int | None) -> Any:
        if v is not None and v == self.selected:
            return colour("maxmin_fill")
        if v in self.p:
            return colour("p_class_fill")
        return None

    def data(self, index: _Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if self.q is None or self.rules is None or not index.isValid():
            return None
        v = self.entry(index.row(), index.column())
        if role == Qt.ItemDataRole.DisplayRole:
            return "–" if v is None else str(v)
        if role == Qt.ItemDataRole.TextAlignmentRole:
            return int(Qt.AlignmentFlag.AlignCenter)
        if role == Qt.ItemDataRole.BackgroundRole:
            return self._fill(v)
        if role == Qt.ItemDataRole.ForegroundRole:
            fill = self._fill(v)
            return None if fill is None else contrasting_text(fill)
        if role == Qt.ItemDataRole.ToolTipRole:
            return product(self.rules, self.q, index.row(), index.column()).words
        return None

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        if self.q is None or self.rules is None or not 0 <= section < len(self.q.classes):
            return None
        c = self.q.classes[section]
        if role == Qt.ItemDataRole.DisplayRole:
            return str(section)
        if role == Qt.ItemDataRole.FontRole and (section in self.p or section == self.selected):
            font = QFont()
            font.setBold(True)
            font.setUnderline(section == self.selected)
            return font
        if role == Qt.ItemDataRole.ToolTipRole:
            side = "row u" if orientation == Qt.Orientation.Vertical else "column v"
            reps = ", ".join(self.rules.text(m) for m in c.members[:4])
            return f"{side}: class {section} ({outcome_short(self.rules, c.outcome)}): {reps}"
        return None


class HattedDelegate(QStyledItemDelegate):
    """A cell whose text has misère nim's hats (``2̂``) drawn as the board draws them — each
    hat over its digit (:func:`~whistgui.ui.heaps.hats.draw_hatted`), not as a loose ``^``."""

    def paint(self, painter: QPainter, option: QStyleOptionViewItem, index: _Index) -> None:
        text = index.data(Qt.ItemDataRole.DisplayRole)
        if not isinstance(text, str) or HAT not in text:
            super().paint(painter, option, index)
            return
        opt = QStyleOptionViewItem(option)
        self.initStyleOption(opt, index)
        opt.text = ""
        widget = opt.widget
        style = widget.style() if widget is not None else None
        if style is not None:
            style.drawControl(QStyle.ControlElement.CE_ItemViewItem, opt, painter, widget)
        painter.save()
        painter.setFont(opt.font)
        selected = bool(opt.state & QStyle.StateFlag.State_Selected)
        pal = opt.palette
        role = pal.ColorRole.HighlightedText if selected else pal.ColorRole.Text
        painter.setPen(pal.color(role))
        rect = QRectF(opt.rect).adjusted(4, 0, -4, 0)
        align = Qt.AlignmentFlag(opt.displayAlignment)
        draw_hatted(painter, rect, align, text)
        painter.restore()

    def sizeHint(self, option: QStyleOptionViewItem, index: _Index) -> QSize:
        hint = super().sizeHint(option, index)
        return QSize(hint.width(), hint.height() + 4)  # room for the hats


class PMapView(QWidget):
    """The P-position map: positions ``a b`` of two heaps, a down and b across."""

    #: a cell asked for: its two heaps
    cellChosen = Signal(int, int)
    #: the cell under the keyboard's cursor (or clicked) changed: its two heaps
    cellCurrent = Signal(int, int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("heapsPMap")
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setMouseTracking(True)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.rules: PositionRules[Any] | None = None
        self.map: PMap | None = None
        self.selected: int | None = None
        self.cursor_cell = (0, 0)
        #: what the view says when it has no map
        self.placeholder = "No quotient yet"
        #: the cells of the position on the board (a dot), if it has at most two heaps
        self.board_cells: frozenset[tuple[int, int]] = frozenset()

    def set_map(self, rules: PositionRules[Any] | None, pmap: PMap | None) -> None:
        self.rules, self.map = rules, pmap
        self.cursor_cell = (0, 0)
        self.update()

    def select_class(self, index: int | None) -> None:
        self.selected = index
        self.update()

    def set_board(self, cells: frozenset[tuple[int, int]]) -> None:
        self.board_cells = cells
        self.update()

    def minimumSizeHint(self) -> QSize:
        return QSize(120, 120)

    def sizeHint(self) -> QSize:
        return QSize(360, 360)

    # -- geometry -----------------------------------------------------------------------
    def _geometry(self) -> tuple[float, float, float]:
        """The cell's side and the grid's top-left corner (room left for the labels)."""
        n = (self.map.size + 1) if self.map else 1
        label = self.fontMetrics().horizontalAdvance("00") + 6
        side = max(4.0, min(44.0, (min(self.width(), self.height()) - label - 2) / n))
        return side, label, label

    def cell_at(self, point: QPoint) -> tuple[int, int] | None:
        if self.map is None:
            return None
        side, x0, y0 = self._geometry()
        b = int((point.x() - x0) // side)
        a = int((point.y() - y0) // side)
        n = self.map.size
        if 0 <= a <= n and 0 <= b <= n and point.x() >= x0 and point.y() >= y0:
            return a, b
        return None

    def cell_rect(self, a: int, b: int) -> QRectF:
        side, x0, y0 = self._geometry()
        return QRectF(x0 + b * side, y0 + a * side, side, side)

    # -- painting -------------------------------------------------------------------------
    def paintEvent(self, _event: QPaintEvent) -> None:
        painter = QPainter(self)
        pal = self.palette()
        if self.map is None:
            painter.setPen(pal.color(pal.ColorRole.PlaceholderText))
            painter.drawText(self.rect(), Qt.AlignmentFlag.AlignCenter, self.placeholder)
            return
        side, x0, y0 = self._geometry()
        n = self.map.size
        p_fill = colour("p_class_fill")
        unknown = colour("summary_fill")
        grid = pal.color(pal.ColorRole.Mid)
        text = pal.color(pal.ColorRole.WindowText)
        step = 1 if side >= 14 else (5 if side >= 4 else 10)
        for i in range(n + 1):
            if i % step == 0:
                painter.setPen(text)
                painter.drawText(
                    QRectF(x0 + i * side, 0, side, y0 - 2),
                    Qt.AlignmentFlag.AlignCenter | Qt.AlignmentFlag.AlignBottom,
                    str(i),
                )
                painter.drawText(
                    QRectF(0, y0 + i * side, x0 - 4, side),
                    Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter,
                    str(i),
                )
        for a in range(n + 1):
            for b in range(n + 1):
                r = self.cell_rect(a, b)
                p = self.map.p[a][b]
                if p is None:
                    painter.fillRect(r, unknown)
                elif p:
                    painter.fillRect(r, p_fill)
                painter.setPen(QPen(grid, 0.5))
                painter.drawRect(r)
        if self.selected is not None:
            painter.setPen(QPen(colour("turn"), 2))
            for a in range(n + 1):
                for b in range(n + 1):
                    if self.map.classes[a][b] == self.selected:
                        painter.drawRect(self.cell_rect(a, b).adjusted(2, 2, -2, -2))
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(text)
        for a, b in self.board_cells:
            if a <= n and b <= n:
                r = self.cell_rect(a, b)
                painter.drawEllipse(r.center(), side / 6, side / 6)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        if self.hasFocus():
            painter.setPen(QPen(colour("focus_ring"), 2))
            painter.drawRect(self.cell_rect(*self.cursor_cell))

    def changeEvent(self, event: Any) -> None:
        if is_theme_change(event):
            self.update()
        super().changeEvent(event)

    # -- asking -----------------------------------------------------------------------------
    def describe(self, a: int, b: int) -> str:
        """A cell in words: its position, class and outcome."""
        if self.map is None:
            return ""
        words = f"{a} {b}" if a and b else (str(a or b) if a or b else "0 (the empty position)")
        c = self.map.classes[a][b]
        if c is None:
            return f"{words}: not among the positions classed (raise max heaps to 2)"
        return f"{words}: class {c}, {'P' if self.map.p[a][b] else 'not P'}"

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        cell = self.cell_at(event.position().toPoint())
        if cell is not None:
            QToolTip.showText(
                event.globalPosition().toPoint(),
                self.describe(*cell) + " — click: set it on the board",
                self,
            )

    def mousePressEvent(self, event: QMouseEvent) -> None:
        cell = self.cell_at(event.position().toPoint())
        if cell is not None and event.button() == Qt.MouseButton.LeftButton:
            self.cursor_cell = cell
            self.update()
            self.cellCurrent.emit(*cell)
            self.cellChosen.emit(*cell)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if self.map is None:
            super().keyPressEvent(event)
            return
        a, b = self.cursor_cell
        n = self.map.size
        key = event.key()
        moves = {
            Qt.Key.Key_Up: (-1, 0),
            Qt.Key.Key_Down: (1, 0),
            Qt.Key.Key_Left: (0, -1),
            Qt.Key.Key_Right: (0, 1),
        }
        if key in moves:
            da, db = moves[Qt.Key(key)]
            self.cursor_cell = (min(n, max(0, a + da)), min(n, max(0, b + db)))
            self.update()
            self.cellCurrent.emit(*self.cursor_cell)
        elif key in (Qt.Key.Key_Return, Qt.Key.Key_Enter, Qt.Key.Key_Space):
            self.cellChosen.emit(a, b)
        else:
            super().keyPressEvent(event)
