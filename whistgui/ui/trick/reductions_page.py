"""The inspector's "Suit: reductions and values" tab (whist, and the games valued by its
machinery: reduced whist, Greedy Whist — their note above the matrix): the α matrix of the node
walked to with its toggles and the legend of its fills, maxmin/minmax with I(D) and val(D), the
exact-search check, the explanation, the number line, and the lazily expanded tree of reductions
(its states dragged to the values worksheet). The inspector fills it and walks it; the page lays
it out and sizes the tree's State column."""

from __future__ import annotations

from typing import Final

from PySide6.QtCore import QModelIndex, QRect, QSize, Qt, QTimer
from PySide6.QtGui import QColor, QFont, QFontMetrics, QGuiApplication, QPainter, QPaintEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QSizePolicy,
    QSplitter,
    QStackedWidget,
    QTableView,
    QTextBrowser,
    QTreeView,
    QVBoxLayout,
    QWidget,
)

from whistgui.engine import SuitAnalysis, WhistError
from whistgui.engine.games.whist.explain import explain
from whistgui.engine.trick.cards import count
from whistgui.ui.theme import colours, contrasting_text
from whistgui.ui.trick.matrix_model import AlphaMatrixModel, MarkRole
from whistgui.ui.trick.numberline import NumberLine
from whistgui.ui.trick.suit_text import COMPLEXITY_TIP, bounds_html
from whistgui.ui.trick.tree_model import COL_DEAL, Node, ReductionTreeModel
from whistgui.ui.widgets.lazy_tree import show_model

__all__ = ["ReductionsPage", "SuitTab"]


class FillLegend(QWidget):
    """The α matrix's fills and their names, each name on its fill as the marked cells show
    it (:class:`~whistgui.ui.trick.matrix_model.AlphaMatrixModel`'s roles, read when painted:
    a new theme is in the next paint)."""

    #: Each mark's name in the legend, as the printed matrix's legend writes it.
    NAMES: Final = {"maxmin": "maxmin(D)", "minmax": "minmax(D)", "both": "both"}

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._marks: list[str] = []
        self.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Fixed)

    def set_entries(self, marks: list[str]) -> None:
        """Show the fills of ``marks`` (``"maxmin"``, ``"minmax"``, ``"both"``)."""
        self._marks = list(marks)
        self.updateGeometry()
        self.update()

    def entries(self) -> list[tuple[str, str]]:
        """(fill, name) of each entry, in the theme of the moment."""
        roles = colours(QGuiApplication.palette())
        fills = {"maxmin": roles.maxmin_fill, "minmax": roles.minmax_fill, "both": roles.both_fill}
        return [(fills[m], self.NAMES[m]) for m in self._marks]

    def swatches(self) -> list[QRect]:
        """Where each entry is painted."""
        font = QFont(self.font())
        font.setBold(True)
        metrics = QFontMetrics(font)
        pad, gap, x = metrics.horizontalAdvance(" "), 6, 0
        out = []
        for _fill, name in self.entries():
            width = metrics.horizontalAdvance(name) + 2 * pad
            out.append(QRect(x, 0, width, metrics.height() + 4))
            x += width + gap
        return out

    def sizeHint(self) -> QSize:
        rects = self.swatches()
        if not rects:
            return QSize(0, 0)
        return QSize(rects[-1].right() + 1, rects[-1].height())

    def paintEvent(self, _event: QPaintEvent) -> None:
        p = QPainter(self)
        font = QFont(self.font())
        font.setBold(True)
        p.setFont(font)
        for (fill, name), rect in zip(self.entries(), self.swatches(), strict=True):
            background = QColor(fill)
            p.fillRect(rect, background)
            p.setPen(contrasting_text(background))
            p.drawText(rect, Qt.AlignmentFlag.AlignCenter, name)
        p.end()


class ReductionsPage(QSplitter):
    """The matrix and its words on the left, the number line over the tree on the right."""

    def __init__(self, matrix_model: AlphaMatrixModel, parent: QWidget | None = None) -> None:
        super().__init__(Qt.Orientation.Horizontal, parent)
        left = QWidget(self)
        lv = QVBoxLayout(left)
        lv.setContentsMargins(0, 0, 0, 0)
        toggles = QHBoxLayout()
        self.group_box = QCheckBox("Group &sequences", left)
        self.group_box.toggled.connect(matrix_model.set_grouped)
        self.outcome_box = QCheckBox("Show each cell's &outcome", left)
        toggles.addWidget(self.group_box)
        toggles.addWidget(self.outcome_box)
        toggles.addStretch(1)
        # what the fills mean, as the printed matrix's legend says it: beside the toggles,
        # in sight at any height of the dock
        self.legend = FillLegend(left)
        self.legend.setObjectName("matrixLegend")
        self.legend.setToolTip(
            "maxmin(D): West's choice, the highest row minimum\n"
            "minmax(D): East's choice, the lowest column maximum\n"
            "both: a cell that gives both"
        )
        self._model = matrix_model
        matrix_model.modelReset.connect(self.show_legend)
        toggles.addWidget(self.legend)
        lv.addLayout(toggles)
        # the game's own reading of the values (Greedy Whist, reduced whist); hidden in whist
        self.game_note = self._label("reductionsGameNote", left)
        self.game_note.hide()
        lv.addWidget(self.game_note)
        self.matrix = QTableView(left)
        self.matrix.setObjectName("alphaMatrix")
        self.matrix.setModel(matrix_model)
        self.matrix.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.matrix.setTabKeyNavigation(False)  # the arrows walk it, Tab goes on
        self.matrix.setWordWrap(True)
        self.matrix.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self.matrix.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        lv.addWidget(self.matrix, 3)
        self.bounds_label = self._label("bounds", left)
        self.bounds_label.setToolTip(COMPLEXITY_TIP)
        lv.addWidget(self.bounds_label)
        self.check_label = self._label("searchCheck", left)
        lv.addWidget(self.check_label)
        self.explanation = QTextBrowser(left)
        self.explanation.setObjectName("explanation")
        lv.addWidget(self.explanation, 2)

        right = QSplitter(Qt.Orientation.Vertical, self)
        self.number_line = NumberLine(right)
        self.tree = QTreeView(right)
        self.tree.setObjectName("reductionTree")
        self.tree.setUniformRowHeights(True)
        self.tree.setDragEnabled(True)  # a state's suit dragged to the values worksheet
        self.tree.setDragDropMode(QAbstractItemView.DragDropMode.DragOnly)
        self.tree.expanded.connect(self._fit_state_column_later)
        self.tree.collapsed.connect(self._fit_state_column_later)
        right.addWidget(self.number_line)
        right.addWidget(self.tree)
        self.addWidget(left)
        self.addWidget(right)
        self.setStretchFactor(0, 1)
        self.setStretchFactor(1, 1)
        self.setSizes([660, 640])

    def show_legend(self) -> None:
        """The legend of the matrix's fills: maxmin(D) and minmax(D), and "both" when a cell
        gives both; hidden with no matrix."""
        model = self._model
        marks = {
            model.data(model.index(r, c), MarkRole)
            for r in range(model.rowCount())
            for c in range(model.columnCount())
        }
        names = ["maxmin", "minmax"] + (["both"] if "both" in marks else [])
        self.legend.set_entries(names)
        self.legend.setVisible(model.analysis is not None)

    def clear_node(self) -> None:
        """No matrix, number line, bounds, check or explanation."""
        self._model.set_analysis(None)
        self.number_line.set_analysis(None)
        for label in (self.bounds_label, self.check_label):
            label.setText("")
        self.explanation.setPlainText("")

    def show_node(self, node: Node, analysis: SuitAnalysis | None) -> None:
        """The matrix, number line, bounds and explanation of ``node``, whose suit's analysis
        is ``analysis`` (None: the empty deal, nothing left to play)."""
        self._model.set_analysis(analysis)
        self.number_line.set_analysis(analysis)
        if analysis is None:
            taken = count(node.tricks, "trick")
            self.bounds_label.setText(
                f"The empty deal: West has taken {taken}; nothing left to play."
            )
            self.explanation.setPlainText("")
            return
        self.bounds_label.setText(bounds_html(analysis, node))
        try:
            self.explanation.setPlainText(explain(analysis).text)
        except WhistError as exc:
            self.explanation.setPlainText(f"No explanation: {exc}")

    @staticmethod
    def _label(name: str, parent: QWidget) -> QLabel:
        label = QLabel(parent)
        label.setObjectName(name)
        label.setWordWrap(True)
        label.setTextFormat(Qt.TextFormat.RichText)
        return label

    def set_tree_model(self, model: ReductionTreeModel) -> None:
        """Show ``model`` in the tree: every column fits its contents; the State column is
        sized by :meth:`fit_state_column` (and may be widened by hand). The model shown before
        goes (with its evaluator), unless someone still holds it."""
        show_model(self.tree, model)
        header = self.tree.header()  # a new model resets the header's sections
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


class SuitTab(QStackedWidget):
    """The reductions tab: the page, or — for a suit with nothing to value — the reason, at
    the top where the matrix would be (not empty views over a reason out of sight)."""

    def __init__(self, page: ReductionsPage, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.page = page
        self.reason = QLabel(self)
        self.reason.setObjectName("suitReason")
        self.reason.setWordWrap(True)
        self.reason.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        self.reason.setContentsMargins(8, 8, 8, 8)
        self.addWidget(page)
        self.addWidget(self.reason)

    def show_reason(self, text: str) -> None:
        """``text`` (plain) in place of the page."""
        self.reason.setText(text)
        self.setCurrentWidget(self.reason)

    def show_page(self) -> None:
        self.setCurrentWidget(self.page)
