"""The inspector's "Suit: reductions and values" tab (whist): the α matrix of the node walked
to with its toggles and the legend of its fills, maxmin/minmax with I(D) and val(D), the
exact-search check, the explanation, the number line, and the lazily expanded tree of
reductions. The inspector fills it and walks it; the page lays it out and sizes the tree's
State column."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QModelIndex, Qt, QTimer
from PySide6.QtGui import QColor
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QSplitter,
    QTableView,
    QTextBrowser,
    QTreeView,
    QVBoxLayout,
    QWidget,
)

from whistgui.ui.theme import colours, contrasting_text, is_theme_change
from whistgui.ui.trick.matrix_model import AlphaMatrixModel, MarkRole
from whistgui.ui.trick.numberline import NumberLine
from whistgui.ui.trick.tree_model import COL_DEAL, ReductionTreeModel

__all__ = ["ReductionsPage"]


class ReductionsPage(QSplitter):
    """The matrix and its words on the left, the number line over the tree on the right."""

    def __init__(self, matrix_model: AlphaMatrixModel, parent: QWidget | None = None) -> None:
        super().__init__(Qt.Orientation.Horizontal, parent)
        left = QWidget(self)
        lv = QVBoxLayout(left)
        lv.setContentsMargins(0, 0, 0, 0)
        toggles = QHBoxLayout()
        self.group_box = QCheckBox("&Group sequences", left)
        self.group_box.toggled.connect(matrix_model.set_grouped)
        self.outcome_box = QCheckBox("Show each cell's &outcome", left)
        toggles.addWidget(self.group_box)
        toggles.addWidget(self.outcome_box)
        toggles.addStretch(1)
        # what the fills mean, as the printed matrix's legend says it: beside the toggles,
        # in sight at any height of the dock
        self.legend = self._label("matrixLegend", left)
        self.legend.setWordWrap(False)
        self.legend.setToolTip(
            "maxmin(D): West's choice, the highest row minimum\n"
            "minmax(D): East's choice, the lowest column maximum\n"
            "both: a cell that gives both"
        )
        self._model = matrix_model
        matrix_model.modelReset.connect(self.show_legend)
        toggles.addWidget(self.legend)
        lv.addLayout(toggles)
        self.matrix = QTableView(left)
        self.matrix.setObjectName("alphaMatrix")
        self.matrix.setModel(matrix_model)
        self.matrix.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.matrix.setWordWrap(True)
        self.matrix.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self.matrix.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        lv.addWidget(self.matrix, 3)
        self.bounds_label = self._label("bounds", left)
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
        """The legend of the matrix's fills, each name on its fill (as the cells are): maxmin(D)
        and minmax(D), and "both" when a cell gives both; hidden with no matrix."""
        model = self._model
        marks = {
            model.data(model.index(r, c), MarkRole)
            for r in range(model.rowCount())
            for c in range(model.columnCount())
        }
        self.legend.setVisible(model.analysis is not None)
        roles = colours(self.palette())
        entries = [(roles.maxmin_fill, "maxmin(D)"), (roles.minmax_fill, "minmax(D)")]
        if "both" in marks:
            entries.append((roles.both_fill, "both"))

        def swatch(fill: str, name: str) -> str:
            ink = contrasting_text(QColor(fill)).name()
            style = f"background-color:{fill}; color:{ink}"
            return f"<span style='{style}'>&nbsp;<b>{name}</b>&nbsp;</span>"

        self.legend.setText(" ".join(swatch(*e) for e in entries))

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if is_theme_change(event):
            self.show_legend()  # the fills of the new theme

    @staticmethod
    def _label(name: str, parent: QWidget) -> QLabel:
        label = QLabel(parent)
        label.setObjectName(name)
        label.setWordWrap(True)
        label.setTextFormat(Qt.TextFormat.RichText)
        return label

    def set_tree_model(self, model: ReductionTreeModel) -> None:
        """Show ``model`` in the tree: every column fits its contents; the State column is
        sized by :meth:`fit_state_column` (and may be widened by hand)."""
        self.tree.setModel(model)
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
