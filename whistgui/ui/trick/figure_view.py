"""The table and the analysis side by side: the trick games' page, and what a figure shows."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFrame, QHBoxLayout, QScrollArea, QSplitter, QWidget

from whistgui.ui.trick.analysis import AnalysisPanel
from whistgui.ui.trick.table import CardTable

__all__ = ["FigureView"]


class FigureView(QWidget):
    """The table and the analysis side by side: what a figure shows."""

    def __init__(self, table: CardTable, analysis: AnalysisPanel, parent: QWidget | None = None):
        super().__init__(parent)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        self.splitter = QSplitter(Qt.Orientation.Horizontal, self)
        self.splitter.addWidget(table)
        # the analysis scrolls when docks leave it little height, rather than drawing its
        # sum over its suit table (issue 11, defect 4)
        self.analysis_scroll = QScrollArea(self)
        self.analysis_scroll.setObjectName("analysisScroll")
        self.analysis_scroll.setWidget(analysis)
        self.analysis_scroll.setWidgetResizable(True)
        self.analysis_scroll.setFrameShape(QFrame.Shape.NoFrame)
        self.analysis_scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.splitter.addWidget(self.analysis_scroll)
        self.splitter.setStretchFactor(0, 3)
        self.splitter.setStretchFactor(1, 2)
        self.splitter.setChildrenCollapsible(False)
        self.analysis_scroll.setMinimumWidth(380)
        self.splitter.setSizes([780, 460])
        layout.addWidget(self.splitter)
