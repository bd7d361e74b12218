"""The number line of the game-tree inspector: where val(D) sits between L(D) and R(D) (§10).

The main plot shows the numbers around I(D): L(D) shaded on the left, R(D) on the right, I(D)
between them, the numerical parts of maxmin(D) and minmax(D) as small triangles and val(D) as a
vertical line. When the decision is made among the values q + x that share one numerical part q
(maxmin and minmax have the same numerical part, so I(D) holds no other number), an inset
magnifies the infinitesimals at q as the chain ``… < ε₋₁ < −ε₀ < 0 < ε₀ < ε₁ < …`` with ±ε₀
drawn above 0, between −ε₀ and ε₀ and incomparable with 0; every point is coloured by its
side. A chain too long for the width is drawn with its far points left out, each run of them
one "…" whose tooltip names them.

Both plots are drawn from the printed figure's geometry
(:mod:`whistgui.figures.numberline_layout`), laid out again in pixels whenever the width
changes: no label meets another or a marker, at every width and for every number of stoppers.
The view asks for the height its plots need (:meth:`NumberLine.sizeHint`) and scrolls when its
place is lower than that — nothing is squeezed or cut.

Everything a test needs is public state (:meth:`NumberLine.number_range`,
:meth:`NumberLine.inset_visible`, :meth:`NumberLine.inset_points`,
:meth:`NumberLine.inset_shown`, :meth:`NumberLine.inset_elided`,
:meth:`NumberLine.inset_value`, :meth:`NumberLine.value_label`, and the rectangles drawn:
:meth:`NumberLine.label_rects`, :meth:`NumberLine.marker_rects`); nobody has to read pixels.

The plots are drawn on the palette's base colour, their inks the theme's roles
(:mod:`whistgui.ui.theme`: ``side_l``, ``side_i``, ``side_r``, ``plot_text``, ``plot_mark`` …;
on a light background the printed figure's colours), and drawn again when the theme changes.
"""

from __future__ import annotations

import html
import math
from fractions import Fraction
from typing import Final, Literal

from PySide6.QtCore import QEvent, QPointF, QRectF, QSize, Qt, QTimer
from PySide6.QtGui import QBrush, QColor, QFont, QFontMetricsF, QPalette, QPen, QPolygonF
from PySide6.QtWidgets import (
    QFrame,
    QGraphicsEllipseItem,
    QGraphicsItem,
    QGraphicsPolygonItem,
    QGraphicsRectItem,
    QGraphicsTextItem,
    QLabel,
    QScrollArea,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from whistgui.engine import FUZZY, SuitAnalysis
from whistgui.figures.numberline import SIDE_COLOURS
from whistgui.figures.numberline_layout import (
    SIDE_NAMES,
    Band,
    Dot,
    Label,
    Layout,
    Metrics,
    Role,
    Seg,
    Tri,
    inset_chain,
    inset_layout,
    inset_number,
    main_layout,
    number_range,
)
from whistgui.ui.theme import Colours, colours, is_theme_change
from whistgui.ui.widgets.pg import pg

__all__ = ["SIDE_COLORS", "NumberLine"]

SIDE_COLORS: Final = SIDE_COLOURS  # the printed figure's (the light theme's), one source

Plot = Literal["main", "inset"]
#: Pixels kept free at the plots' left and right edges.
_EDGE: Final = 6.0


class _Canvas(pg.PlotWidget):  # type: ignore[misc]
    """A pyqtgraph plot used as a canvas in pixels: no axes, no mouse, one data unit a pixel,
    y growing downwards (the layout's coordinates)."""

    def __init__(self, parent: QWidget) -> None:
        super().__init__(parent=parent)
        p = self.getPlotItem()
        for axis in ("left", "bottom"):
            p.hideAxis(axis)
        p.setMouseEnabled(x=False, y=False)
        p.hideButtons()
        p.setMenuEnabled(False)
        p.layout.setContentsMargins(0, 0, 0, 0)
        p.vb.disableAutoRange()
        p.vb.invertY(True)
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        self.setFixedHeight(80)

    def pixels(self) -> tuple[float, float]:
        """The plot's width and height in pixels (its view box's)."""
        vb = self.getPlotItem().vb
        return vb.width(), vb.height()

    def fit(self) -> None:
        """One data unit a pixel, (0, 0) at the top left."""
        w, h = self.pixels()
        self.getPlotItem().vb.setRange(xRange=(0, max(w, 1.0)), yRange=(0, max(h, 1.0)), padding=0)


class NumberLine(QWidget):
    """L(D) ◀ I(D) ▶ R(D) for one single-suit analysis, with an inset for the infinitesimals."""

    _restyling = True  # until the plots are made and styled; then while they are restyled

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._analysis: SuitAnalysis | None = None
        self._range: tuple[Fraction, Fraction] = (Fraction(0), Fraction(1))
        self._points: list[tuple[str, str]] = []
        self._inset_value: str | None = None
        self._value_label = ""
        self._layouts: dict[Plot, Layout | None] = {"main": None, "inset": None}
        self._drawn: dict[Plot, list[tuple[str, pg.TextItem, QGraphicsRectItem | None]]] = {
            "main": [],
            "inset": [],
        }
        self._marks: dict[Plot, list[QGraphicsItem]] = {"main": [], "inset": []}
        self._laid_width: dict[Plot, float] = {"main": -1.0, "inset": -1.0}
        self._measured: dict[tuple[str, bool, float], float] = {}
        self._pending = False  # a layout asked for after a resize

        outer = QVBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 0)
        self._scroll = QScrollArea(self)
        self._scroll.setFrameShape(QFrame.Shape.NoFrame)
        self._scroll.setWidgetResizable(True)
        self._scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        outer.addWidget(self._scroll)
        self._content = QWidget()
        self._content.setObjectName("numberLineContent")
        layout = QVBoxLayout(self._content)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.setSpacing(2)

        self._caption = QLabel(self._content)
        self._caption.setObjectName("numberLineCaption")
        self._caption.setTextFormat(Qt.TextFormat.RichText)
        self._caption.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self._caption.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Fixed)
        layout.addWidget(self._caption)

        self._main = _Canvas(self._content)
        self._inset = _Canvas(self._content)
        layout.addWidget(self._main)
        layout.addWidget(self._inset)
        layout.addStretch(1)
        self._scroll.setWidget(self._content)
        for w in (self, self._scroll.viewport(), self._content):
            w.setAutoFillBackground(True)
            w.setBackgroundRole(QPalette.ColorRole.Base)
        self._main.getPlotItem().vb.sigResized.connect(lambda *_: self._resized("main"))
        self._inset.getPlotItem().vb.sigResized.connect(lambda *_: self._resized("inset"))
        self._roles: Colours = colours(self.palette())
        self._restyle()  # ends with _restyling False

    # -- the theme ------------------------------------------------------------------------
    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if is_theme_change(event) and not self._restyling:
            self._restyle()
        elif event.type() == QEvent.Type.FontChange and not self._restyling:
            self._measured.clear()
            self._lay_out()

    def _restyle(self) -> None:
        """Draw the plots again on the palette's base, in the theme's inks."""
        self._restyling = True
        try:
            pal = self.palette()
            self._roles = colours(pal)
            base = pal.color(QPalette.ColorRole.Base).name()
            self._caption.setStyleSheet(
                f"QLabel {{ background: {base}; color: {self._roles.plot_text}; }}"
            )
            for plot in (self._main, self._inset):
                plot.setBackground(base)
            self.set_analysis(self._analysis)
        finally:
            self._restyling = False

    def _ink(self, role: Role) -> str:
        """The colour of a layout's role in the theme."""
        r = self._roles
        if role == "base":
            return self._base().name()
        return {
            "L": r.side_l,
            "I": r.side_i,
            "R": r.side_r,
            "text": r.plot_text,
            "mark": r.plot_mark,
            "grey": r.plot_grey,
            "title": r.plot_title,
        }[role]

    # -- size -----------------------------------------------------------------------------
    def sizeHint(self) -> QSize:
        """As wide as the inspector gives, as high as the plots need; with no suit, what a
        suit with an inset usually needs (a splitter shares its room out by the hints it has
        when first shown, often before the first suit)."""
        if self._analysis is None:
            need = math.ceil(QFontMetricsF(self.font()).height() * 19)
        else:
            need = self._content.minimumSizeHint().height() + 2
        return QSize(700, need)

    def minimumSizeHint(self) -> QSize:
        """Small: below the height it needs the view scrolls."""
        return QSize(240, 120)

    def needed_height(self) -> int:
        """The height the caption and the plots take at the present width, in pixels."""
        return self._content.minimumSizeHint().height()

    def is_scrolling(self) -> bool:
        """Is the view lower than what it shows (its scroll bar shown)?"""
        return self._scroll.verticalScrollBar().maximum() > 0

    # -- public state ---------------------------------------------------------------------
    def analysis(self) -> SuitAnalysis | None:
        return self._analysis

    def number_range(self) -> tuple[Fraction, Fraction]:
        """The numbers the main plot spans: I(D)'s ends widened by ½ on each side."""
        return self._range

    def inset_visible(self) -> bool:
        """Is the inset of infinitesimals shown (the decision happens at one number q)?"""
        return self._analysis is not None and inset_number(self._analysis) is not None

    def inset_points(self) -> list[tuple[str, str]]:
        """The chain's points as (label, side) in chain order, ±ε₀ last; side is L, R or I.
        Those that find no room are among :meth:`inset_elided`."""
        return list(self._points)

    def inset_shown(self) -> list[str]:
        """The labels of the chain's points drawn, in order (±ε₀ not among them)."""
        lay = self._layouts["inset"]
        if lay is None or lay.chain is None:
            return []
        shown = set(lay.chain.shown())
        span = len(self._points[:-1]) // 2
        return [label for pos, (label, _s) in enumerate(self._points[:-1], -span) if pos in shown]

    def inset_elided(self) -> list[tuple[list[str], str]]:
        """Each "…" drawn for points left out, in chain order: their labels and the tooltip
        that names them."""
        lay = self._layouts["inset"]
        if lay is None or lay.chain is None:
            return []
        span = len(self._points[:-1]) // 2
        runs = lay.chain.elided()
        tips = [
            item.toolTip()
            for text, item, _g in self._drawn["inset"]
            if text == "…" and "not drawn" in item.toolTip()
        ]
        return [
            ([self._points[p + span][0] for p in run], tip)
            for run, tip in zip(runs, tips, strict=True)
        ]

    def inset_value(self) -> str | None:
        """The label of the inset point highlighted as val(D), or None (no inset, or val's
        numerical part is not the inset's q)."""
        return self._inset_value

    def value_label(self) -> str:
        """``"val(D) = 1½"``, or ``""`` with no suit."""
        return self._value_label

    def label_rects(self, plot: Plot) -> list[tuple[str, QRectF]]:
        """Every label drawn on ``plot`` ("main" or "inset") and the rectangle it covers (its
        text, and its ground where it has one), in the plot's pixels."""
        view = self._canvas(plot)
        out = []
        for text, item, ground in self._drawn[plot]:
            rect = item.mapRectToScene(item.boundingRect())
            if ground is not None:
                rect = rect.united(ground.sceneBoundingRect())
            out.append((text, view.viewportTransform().mapRect(rect)))
        return out

    def marker_rects(self, plot: Plot) -> list[QRectF]:
        """Every marker drawn on ``plot`` (points, I(D)'s ends, the triangles), in pixels."""
        view = self._canvas(plot)
        return [view.viewportTransform().mapRect(m.sceneBoundingRect()) for m in self._marks[plot]]

    def plot_rect(self, plot: Plot) -> QRectF:
        """The whole of ``plot`` in its own pixels (what a label must stay inside)."""
        w, h = self._canvas(plot).pixels()
        return QRectF(0, 0, w, h)

    def label_inks(self, plot: Plot) -> list[tuple[str, str]]:
        """Every label drawn on ``plot`` and its colour (``#rrggbb``)."""
        return [(text, item.color.name()) for text, item, _g in self._drawn[plot]]

    def tooltips(self, plot: Plot, text: str) -> list[str]:
        """The tooltips of the labels reading ``text`` on ``plot``."""
        return [item.toolTip() for t, item, _g in self._drawn[plot] if t == text]

    # -- content --------------------------------------------------------------------------
    def set_analysis(self, analysis: SuitAnalysis | None) -> None:
        """Show ``analysis``; ``None`` clears the view to its empty "no suit" state."""
        self._analysis = analysis
        self._points = []
        self._inset_value = None
        if analysis is None:
            self._range = (Fraction(0), Fraction(1))
            self._value_label = ""
        else:
            self._range = number_range(analysis)
            self._value_label = f"val(D) = {analysis.value.pretty()}"
            q = inset_number(analysis)
            if q is not None:
                chain = inset_chain(analysis, q)
                self._points = [(chain.label(x), s) for x, s in chain.points]
                self._points.append((chain.label(FUZZY), chain.fuzzy_side))
                if chain.value is not None:
                    self._inset_value = chain.label(chain.value)
        self._inset.setVisible(self.inset_visible())
        self._laid_width = {"main": -1.0, "inset": -1.0}
        self._lay_out()

    def _canvas(self, plot: Plot) -> _Canvas:
        return self._main if plot == "main" else self._inset

    def _resized(self, plot: Plot) -> None:
        """A plot changed size: lay it out again if its width changed, else only fit its
        view to its pixels."""
        canvas = self._canvas(plot)
        canvas.fit()
        if abs(canvas.pixels()[0] - self._laid_width[plot]) > 0.5 and not self._pending:
            # after this resize is done: a height set inside it is undone by its end
            self._pending = True
            QTimer.singleShot(0, self._lay_out_pending)

    def _lay_out_pending(self) -> None:
        self._pending = False
        if any(
            abs(self._canvas(p).pixels()[0] - self._laid_width[p]) > 0.5 for p in self._laid_width
        ):
            self._lay_out()

    def _width(self, plot: Plot) -> float:
        """The width a plot lays out in: its view box's, or, before it is laid out, what the
        content's width leaves it."""
        w = self._canvas(plot).pixels()[0]
        if w <= 1:
            w = max(self._content.width() - 8, 200)
        return w

    def _lay_out(self, which: Plot | None = None) -> None:
        """Lay the plots (or the one named) out at their present widths and draw them."""
        self._set_caption()
        for plot in ("main", "inset") if which is None else (which,):
            canvas = self._canvas(plot)
            canvas.getPlotItem().clear()
            self._drawn[plot] = []
            self._marks[plot] = []
            self._layouts[plot] = None
            width = self._width(plot)
            self._laid_width[plot] = width
            a = self._analysis
            if a is None:
                if plot == "main":
                    self._draw_empty(width)
                continue
            m = self._metrics()
            inner = max(width - 2 * _EDGE, 10 * m.size)
            if plot == "main":
                lay = main_layout(a, inner, m)
            else:
                q = inset_number(a)
                if q is None:
                    continue
                lay = inset_layout(a, inset_chain(a, q), inner, m)
            self._layouts[plot] = lay
            canvas.setFixedHeight(math.ceil(lay.height))
            self._draw(plot, lay, _EDGE)
            canvas.fit()
        self.updateGeometry()

    def _set_caption(self) -> None:
        """I(D) and the legend on one line if they fit the width, else on two."""
        legend = self._legend_html()
        a = self._analysis
        if a is None:
            self._caption.setText(legend)
            lines = 1
        else:
            interval = a.interval.pretty()
            fm = QFontMetricsF(self._caption.font())
            one = fm.horizontalAdvance(f"I(D) = {interval}      ■ L(D) ◀ ■ I(D) ▶ ■ R(D)")
            lines = 1 if one <= self._content.width() - 8 else 2
            sep = "&nbsp;" * 5 if lines == 1 else "<br>"
            self._caption.setText(f"I(D) = {html.escape(interval)}{sep}{legend}")
        fm = QFontMetricsF(self._caption.font())
        self._caption.setFixedHeight(math.ceil(lines * fm.lineSpacing() + 2))

    def _metrics(self) -> Metrics:
        """How the view's text measures, in pixels: the widget's font, boxes as drawn."""
        base = QFont(self.font())
        points = base.pointSizeF() if base.pointSizeF() > 0 else 9.0

        def font(bold: bool, scale: float) -> QFont:
            f = QFont(base)
            f.setPointSizeF(points * scale)
            f.setBold(bold)
            return f

        def measure(text: str, bold: bool, scale: float) -> float:
            key = (text, bold, scale)
            if key not in self._measured:
                probe = QGraphicsTextItem()
                probe.document().setDocumentMargin(0)
                probe.setFont(font(bold, scale))
                probe.setPlainText(text)
                self._measured[key] = probe.boundingRect().width()
            return self._measured[key]

        def extent(bold: bool, scale: float) -> tuple[float, float]:
            key = ("\n", bold, scale)
            if key not in self._measured:
                probe = QGraphicsTextItem()
                probe.document().setDocumentMargin(0)
                probe.setFont(font(bold, scale))
                probe.setPlainText("Xg")
                self._measured[key] = probe.boundingRect().height()
            asc = QFontMetricsF(font(bold, scale)).ascent()
            return asc, self._measured[key] - asc

        size = QFontMetricsF(font(False, 1.0)).height() / 1.2
        return Metrics(size, measure, extent)

    def _draw(self, plot: Plot, lay: Layout, dx: float) -> None:
        p = self._canvas(plot).getPlotItem()
        for item in lay.items:
            if isinstance(item, Band):
                b = item.box
                rect = QGraphicsRectItem(QRectF(b.left + dx, b.top, b.width, b.height))
                rect.setPen(QPen(Qt.PenStyle.NoPen))
                colour = QColor(self._ink(item.role))
                colour.setAlphaF(item.alpha)
                rect.setBrush(QBrush(colour))
                rect.setZValue(-20 if item.alpha < 0.5 else -10)
                p.addItem(rect)
            elif isinstance(item, Seg):
                pen = pg.mkPen(self._ink(item.role), width=item.width)
                if item.dash:
                    pen.setDashPattern([d / item.width for d in item.dash])
                curve = pg.PlotCurveItem([item.x1 + dx, item.x2 + dx], [item.y1, item.y2], pen=pen)
                p.addItem(curve)
            elif isinstance(item, Dot):
                e = QGraphicsEllipseItem(
                    QRectF(item.cx + dx - item.r, item.cy - item.r, 2 * item.r, 2 * item.r)
                )
                pen = QPen(QColor(self._ink(item.stroke)))
                pen.setWidthF(item.width)
                e.setPen(pen)
                e.setBrush(QBrush(QColor(self._ink(item.fill))))
                e.setZValue(10)
                p.addItem(e)
                self._marks[plot].append(e)
            elif isinstance(item, Tri):
                poly = QGraphicsPolygonItem(QPolygonF([QPointF(x + dx, y) for x, y in item.points]))
                poly.setPen(QPen(Qt.PenStyle.NoPen))
                poly.setBrush(QBrush(QColor(self._ink(item.role))))
                poly.setZValue(10)
                p.addItem(poly)
                self._marks[plot].append(poly)
            elif isinstance(item, Label):
                self._label(plot, p, item, dx)

    def _label(self, plot: Plot, p: pg.PlotItem, label: Label, dx: float) -> None:
        ground = None
        if label.boxed:
            a = label.area
            ground = QGraphicsRectItem(QRectF(a.left + dx, a.top, a.width, a.height))
            ground.setPen(QPen(Qt.PenStyle.NoPen))
            ground.setBrush(QBrush(self._base()))
            ground.setZValue(15)
            p.addItem(ground)
        t = pg.TextItem(label.text, color=self._ink(label.role), anchor=(0, 0))
        t.textItem.document().setDocumentMargin(0)
        f = QFont(self.font())
        f.setPointSizeF((f.pointSizeF() if f.pointSizeF() > 0 else 9.0) * label.scale)
        f.setBold(label.bold)
        t.setFont(f)
        t.setPos(label.box.left + dx, label.box.top)
        t.setZValue(20)
        if label.tooltip:
            t.setToolTip(label.tooltip)
            if ground is not None:
                ground.setToolTip(label.tooltip)
        p.addItem(t)
        self._drawn[plot].append((label.text, t, ground))

    def _draw_empty(self, width: float) -> None:
        canvas = self._main
        canvas.setFixedHeight(80)
        t = pg.TextItem("no suit", color=self._roles.muted, anchor=(0.5, 0.5))
        f = QFont(self.font())
        f.setPointSizeF((f.pointSizeF() if f.pointSizeF() > 0 else 9.0) * 11 / 9)
        t.setFont(f)
        t.setPos(width / 2, 40)
        canvas.getPlotItem().addItem(t)
        canvas.fit()

    def _legend_html(self) -> str:
        def side(s: str) -> str:
            return f'<span style="color:{self._ink(s)}">■&nbsp;{SIDE_NAMES[s]}</span>'  # type: ignore[arg-type]

        return f"{side('L')} ◀ {side('I')} ▶ {side('R')}"

    def _base(self) -> QColor:
        """The plots' background: the palette's base."""
        return self.palette().color(QPalette.ColorRole.Base)
