"""The Single Suits window's plots, of the suits the table shows: how one n's values are
distributed (a combo box chooses the n, of those listed) and how the number of distinct values
grows with n — every suit's, and under a filter the shown suits' beside it. They follow the
model: a filter redraws them (a sort does not: the same suits), as does a new table; what they
show is :mod:`whistgui.app.lab_plots`' description, which the figures draw too. The plots follow
the palette (light or dark theme)."""

from __future__ import annotations

from typing import Final

import numpy as np
from PySide6.QtCore import QEvent, QPointF, Qt
from PySide6.QtGui import QColor, QPalette
from PySide6.QtWidgets import (
    QComboBox,
    QHBoxLayout,
    QLabel,
    QSizePolicy,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

from whistgui.app.lab_plots import Bar, Distribution, Growth, distribution, filter_text, growth
from whistgui.figures.lab import BAR_COLOUR, LINE_COLOUR
from whistgui.ui.lab.suit_model import SuitTableModel
from whistgui.ui.theme import is_dark, is_theme_change
from whistgui.ui.widgets.pg import pg

__all__ = ["LabPlots"]

#: The plots' colours on a light and on a dark background: (bars, growth line); the light ones
#: are the printed figures' (screen and print agree).
_LIGHT_PLOT: Final = (BAR_COLOUR, LINE_COLOUR)
_DARK_PLOT: Final = ("#64b5f6", "#ef9a9a")


class LabPlots(QSplitter):
    """The two plots, one above the other, of ``model``'s rows shown; ``distinct`` (n → the
    number of distinct values of every suit of n, for every n valued) is the window's, read at
    each :meth:`redraw`."""

    def __init__(
        self, model: SuitTableModel, distinct: dict[int, int], parent: QWidget | None = None
    ) -> None:
        super().__init__(Qt.Orientation.Vertical, parent)
        self.model = model
        self.distinct = distinct
        self._drawn: object = None  # what the plots were drawn for (the table, its filter)

        self.dist_n = QComboBox(self)
        self.dist_n.setObjectName("labDistributionN")
        self.dist_n.setToolTip("The n whose values the distribution shows (of the n listed)")
        self.dist_n.setSizeAdjustPolicy(
            QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon
        )
        self.dist_n.setMinimumContentsLength(2)
        self.dist_n.currentIndexChanged.connect(self._plot_values)
        dist_label = QLabel("&Values, n =", self)
        dist_label.setBuddy(self.dist_n)
        self.values_summary = QLabel(self)
        self.values_summary.setObjectName("labValuesSummary")
        self.values_summary.setWordWrap(True)
        # its text never widens the plots (nor moves the table's border)
        self.values_summary.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.values_plot = pg.PlotWidget(self)
        self.values_plot.setObjectName("valuesPlot")
        self._bars: list[Bar] = []  # the values plot's bars
        self.values_plot.scene().sigMouseMoved.connect(self._on_values_hover)
        self.growth_plot = pg.PlotWidget(self)
        self.growth_plot.setObjectName("growthPlot")
        self._legend = self.growth_plot.getPlotItem().addLegend(offset=(10, 10))
        self._style()

        values = QWidget(self)
        box = QVBoxLayout(values)
        box.setContentsMargins(0, 0, 0, 0)
        head = QHBoxLayout()
        head.addWidget(dist_label)
        head.addWidget(self.dist_n)
        head.addWidget(self.values_summary, 1)
        box.addLayout(head)
        box.addWidget(self.values_plot, 1)
        self.addWidget(values)
        self.addWidget(self.growth_plot)
        self.setMinimumWidth(280)
        self.setChildrenCollapsible(False)
        self.setStretchFactor(0, 1)
        self.setStretchFactor(1, 1)
        model.modelReset.connect(self._on_rows)
        model.layoutChanged.connect(self._on_rows)

    # -- what is plotted ------------------------------------------------------------------------
    def distribution(self) -> Distribution | None:
        """The distribution shown: the chosen n's values among the suits shown."""
        table, n = self.model.table, self.dist_n.currentData()
        if table is None or not isinstance(n, int) or n not in table.spans:
            return None
        return distribution(table, self.model.shown_rows(), n, self.model.words)

    def growth(self) -> Growth:
        """The growth shown: every suit's distinct values, and the shown suits' under a
        filter."""
        return growth(self.distinct, self.model.table, self.model.shown_rows(), self.model.words)

    # -- drawing --------------------------------------------------------------------------------
    def set_table(self) -> None:
        """The model has a new table: its n in the combo box (the largest chosen), both plots
        drawn."""
        table = self.model.table
        self.dist_n.blockSignals(True)
        self.dist_n.clear()
        for n in table.ns if table is not None else ():
            self.dist_n.addItem(str(n), n)
        self.dist_n.setCurrentIndex(self.dist_n.count() - 1)
        self.dist_n.setEnabled(self.dist_n.count() > 1)
        self.dist_n.blockSignals(False)
        self.redraw()

    def redraw(self) -> None:
        self._drawn = self._shown_key()
        self._plot_values()
        self._plot_growth()

    def _shown_key(self) -> object:
        model = self.model
        return (id(model.table), model.words, model.suit_texts_pending, model.rowCount())

    def _on_rows(self) -> None:
        """The rows changed: drawn again if other suits are shown (a sort changes nothing)."""
        if self._shown_key() != self._drawn:
            self.redraw()

    def _colours(self) -> tuple[QColor, QColor, str, str]:
        """Background, text, bars, growth line: from the palette (light or dark)."""
        pal = self.palette()
        bars, line = _DARK_PLOT if is_dark(pal) else _LIGHT_PLOT
        return pal.color(QPalette.ColorRole.Base), pal.color(QPalette.ColorRole.Text), bars, line

    def _style(self) -> None:
        """Backgrounds, axes and labels in the palette's colours."""
        background, text, _bars, _line = self._colours()
        css = {"color": text.name()}
        for plot, left, bottom in (
            (self.values_plot, "suits", "value"),
            (self.growth_plot, "distinct values", "cards a hand"),
        ):
            plot.setBackground(background)
            item = plot.getPlotItem()
            for side in ("left", "bottom"):
                axis = item.getAxis(side)
                axis.setPen(text)
                axis.setTextPen(text)
            item.setLabel("left", left, **css)
            item.setLabel("bottom", bottom, **css)
            item.showGrid(x=True, y=True, alpha=0.2)
        self.growth_plot.setTitle("Distinct values for each n", color=text.name())
        self._legend.setLabelTextColor(text)
        self._legend.setBrush(pg.mkBrush(background))

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if is_theme_change(event):
            self._style()
            self.redraw()

    def _plot_values(self) -> None:
        """The distribution of the values of the n :attr:`dist_n` shows, among the suits
        shown."""
        d = self.distribution()
        self.values_plot.clear()
        self._bars = []
        if d is None:
            self.values_summary.setText("")
            return
        _bg, _text, colour, _line = self._colours()
        self._bars = d.bars()
        if self._bars:
            bars = pg.BarGraphItem(
                x=[b.x for b in self._bars],
                height=[b.count for b in self._bars],
                width=[b.width for b in self._bars],
                brush=colour,
                pen=pg.mkPen(colour),
            )
            self.values_plot.addItem(bars)
        self.values_plot.enableAutoRange()
        self.values_summary.setText(d.summary())
        self.values_summary.setToolTip(
            f"The values of the suits of {d.n} cards a hand shown: a bar for each value, those "
            "of one number part side by side, smallest first (the pointer on a bar names it)"
        )

    def bar_at(self, x: float) -> Bar | None:
        """The bar of the values plot whose room holds ``x`` (in the plot's values)."""
        return next((b for b in self._bars if abs(x - b.x) <= b.room / 2), None)

    def _on_values_hover(self, pos: QPointF) -> None:
        """The pointer over the values plot: its tooltip names the bar under it."""
        box = self.values_plot.getPlotItem().vb
        bar = None
        if box.sceneBoundingRect().contains(pos):
            bar = self.bar_at(box.mapSceneToView(pos).x())
        text = ""
        if bar is not None:
            text = f"{bar.value.pretty()}: {bar.count:,} suit{'s' if bar.count != 1 else ''}"
        self.values_plot.setToolTip(text)

    def _plot_growth(self) -> None:
        g = self.growth()
        _bg, _text, bars, colour = self._colours()
        self.growth_plot.clear()
        if g.distinct:
            ns, counts = np.array(g.distinct).T
            self.growth_plot.plot(
                ns,
                counts,
                pen=pg.mkPen(colour, width=2),
                symbol="o",
                symbolBrush=colour,
                symbolPen=pg.mkPen(colour),
                name="every suit" if g.shown else None,
            )
        if g.shown:
            ns, counts = np.array(g.shown).T
            self.growth_plot.plot(
                ns,
                counts,
                pen=None,
                symbol="s",
                symbolSize=9,
                symbolBrush=bars,
                symbolPen=pg.mkPen(bars),
                name=f"shown {filter_text(g.words)}",
            )
        self._legend.setVisible(bool(g.shown))
