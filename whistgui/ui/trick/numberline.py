"""The number line of the game-tree inspector: where val(D) sits between L(D) and R(D) (§10).

The main plot shows the numbers around I(D): L(D) shaded on the left, R(D) on the right, I(D)
between them, the numerical parts of maxmin(D) and minmax(D) as small triangles and val(D) as a
vertical line. When the decision is made among the values q + x that share one numerical part q
(maxmin and minmax have the same numerical part, so I(D) holds no other number), an inset
magnifies the infinitesimals at q as the chain ``… < ε₋₁ < −ε₀ < 0 < ε₀ < ε₁ < …`` with ±ε₀
drawn above 0, between −ε₀ and ε₀ and incomparable with 0; every point is coloured by its
side.

Everything a test needs is public state (:meth:`NumberLine.number_range`,
:meth:`NumberLine.inset_visible`, :meth:`NumberLine.inset_points`,
:meth:`NumberLine.inset_value`, :meth:`NumberLine.value_label`); nobody has to read pixels.

The plots are drawn on the palette's base colour, their inks the theme's roles
(:mod:`whistgui.ui.theme`: ``side_l``, ``side_i``, ``side_r``, ``plot_text``, ``plot_mark`` …;
on a light background the printed figure's colours), and drawn again when the theme changes.
"""

from __future__ import annotations

import html
from fractions import Fraction
from typing import Final

from PySide6.QtCore import QEvent, QRectF, QSize, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QPalette, QPen
from PySide6.QtWidgets import QGraphicsRectItem, QLabel, QSizePolicy, QVBoxLayout, QWidget

from whistgui.engine import FUZZY, Infinitesimal, SuitAnalysis, Value
from whistgui.engine.games.whist.value import pretty_number
from whistgui.figures.numberline import SIDE_COLOURS, SIDE_NAMES, half_integers, inset_number
from whistgui.ui.theme import Colours, colours, is_theme_change
from whistgui.ui.widgets.pg import pg

__all__ = ["SIDE_COLORS", "NumberLine"]

SIDE_COLORS: Final = SIDE_COLOURS  # the printed figure's (the light theme's), one source

HALF: Final = Fraction(1, 2)


def _font(points: float = 9, *, bold: bool = False) -> QFont:
    f = QFont()
    f.setPointSizeF(points)
    f.setBold(bold)
    return f


def _color(hex_: str, alpha: int = 255) -> QColor:
    c = QColor(hex_)
    c.setAlpha(alpha)
    return c


class NumberLine(QWidget):
    """L(D) ◀ I(D) ▶ R(D) for one single-suit analysis, with an inset for the infinitesimals."""

    _restyling = True  # until the plots are made and styled; then while they are restyled

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._analysis: SuitAnalysis | None = None
        self._range: tuple[Fraction, Fraction] = (Fraction(0), Fraction(1))
        self._inset_visible = False
        self._points: list[tuple[str, str]] = []
        self._inset_value: str | None = None
        self._value_label = ""
        # Labels placed again whenever a plot changes size (they are sized in pixels).
        self._mark_labels: list[tuple[pg.TextItem, float, float, bool]] = []
        self._chain_labels: list[tuple[pg.TextItem, float]] = []

        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.setSpacing(2)

        self._caption = QLabel(self)
        self._caption.setObjectName("numberLineCaption")
        self._caption.setTextFormat(Qt.TextFormat.RichText)
        self._caption.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self._caption.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Fixed)
        layout.addWidget(self._caption)

        self._main = self._make_plot()
        self._inset = self._make_plot()
        layout.addWidget(self._main, 4)
        layout.addWidget(self._inset, 3)
        self._main.getPlotItem().vb.sigResized.connect(lambda *_: self._place_mark_labels())
        self._inset.getPlotItem().vb.sigResized.connect(lambda *_: self._place_chain_labels())
        self.setAutoFillBackground(True)
        self.setBackgroundRole(QPalette.ColorRole.Base)
        self._roles: Colours = colours(self.palette())
        self._restyle()  # ends with _restyling False

    # -- the theme ------------------------------------------------------------------------
    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if is_theme_change(event) and not self._restyling:
            self._restyle()

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
                axis = plot.getPlotItem().getAxis("bottom")
                axis.setPen(pg.mkPen(self._roles.plot_text))
                axis.setTextPen(pg.mkPen(self._roles.plot_text))
            self.set_analysis(self._analysis)
        finally:
            self._restyling = False

    def _side(self, side: str) -> str:
        """The colour of a side, L, I or R, in the theme."""
        roles = self._roles
        return {"L": roles.side_l, "I": roles.side_i, "R": roles.side_r}[side]

    def sizeHint(self) -> QSize:
        return QSize(700, 360)

    def minimumSizeHint(self) -> QSize:
        return QSize(360, 200)

    # -- public state ---------------------------------------------------------------------
    def analysis(self) -> SuitAnalysis | None:
        return self._analysis

    def number_range(self) -> tuple[Fraction, Fraction]:
        """The numbers the main plot spans: I(D)'s ends widened by ½ on each side."""
        return self._range

    def inset_visible(self) -> bool:
        """Is the inset of infinitesimals shown (the decision happens at one number q)?"""
        return self._inset_visible

    def inset_points(self) -> list[tuple[str, str]]:
        """The inset's points as (label, side) in chain order, ±ε₀ last; side is L, R or I."""
        return list(self._points)

    def inset_value(self) -> str | None:
        """The label of the inset point highlighted as val(D), or None (no inset, or val's
        numerical part is not the inset's q)."""
        return self._inset_value

    def value_label(self) -> str:
        """``"val(D) = 1½"``, or ``""`` with no suit."""
        return self._value_label

    # -- content --------------------------------------------------------------------------
    def set_analysis(self, analysis: SuitAnalysis | None) -> None:
        """Show ``analysis``; ``None`` clears the view to its empty "no suit" state."""
        self._analysis = analysis
        self._main.getPlotItem().clear()
        self._inset.getPlotItem().clear()
        self._points = []
        self._inset_value = None
        self._mark_labels = []
        self._chain_labels = []
        if analysis is None:
            self._show_empty()
            return
        self._value_label = f"val(D) = {analysis.value.pretty()}"
        self._draw_main(analysis)
        q = self._inset_number(analysis)
        self._inset_visible = q is not None
        if q is not None:
            self._draw_inset(analysis, q)
        self._inset.setVisible(self._inset_visible)
        self._caption.setText(self._caption_html(analysis))
        self._place_mark_labels()
        self._place_chain_labels()

    def _make_plot(self) -> pg.PlotWidget:
        w = pg.PlotWidget(parent=self)
        p = w.getPlotItem()
        p.hideAxis("left")
        p.setMouseEnabled(x=False, y=False)
        p.hideButtons()
        p.setMenuEnabled(False)
        p.vb.disableAutoRange()
        p.getAxis("bottom").setStyle(tickFont=_font(9), tickTextOffset=4)
        w.setMinimumHeight(80)
        return w

    def _show_empty(self) -> None:
        self._range = (Fraction(0), Fraction(1))
        self._inset_visible = False
        self._value_label = ""
        p = self._main.getPlotItem()
        p.setTitle(None)
        p.getAxis("bottom").setTicks([[], []])
        p.hideAxis("bottom")
        p.setXRange(0, 1, padding=0)
        p.setYRange(-1, 1, padding=0)
        t = pg.TextItem("no suit", color=self._roles.muted, anchor=(0.5, 0.5))
        t.setFont(_font(11))
        t.setPos(0.5, 0)
        p.addItem(t)
        self._inset.setVisible(False)
        self._caption.setText(self._legend_html())

    @staticmethod
    def _inset_number(a: SuitAnalysis) -> Fraction | None:
        return inset_number(a)  # the figure's rule: one place decides

    def _legend_html(self) -> str:
        def side(s: str) -> str:
            return f'<span style="color:{self._side(s)}">■&nbsp;{SIDE_NAMES[s]}</span>'

        return f"{side('L')} ◀ {side('I')} ▶ {side('R')}"

    def _caption_html(self, a: SuitAnalysis) -> str:
        interval = html.escape(a.interval.pretty())
        return f"I(D) = {interval}&nbsp;&nbsp;&nbsp;&nbsp;&nbsp;{self._legend_html()}"

    def _draw_main(self, a: SuitAnalysis) -> None:
        p = self._main.getPlotItem()
        p.showAxis("bottom")
        p.setTitle(None)
        iv, b = a.interval, a.bounds
        low, high = iv.low, iv.high
        lo, hi = low - HALF, high + HALF
        if hi - lo < 1:  # never for I(D) from maxmin ≤ minmax, but keep a unit in view
            pad = (1 - (hi - lo)) / 2
            lo, hi = lo - pad, hi + pad
        self._range = (lo, hi)

        # Shaded bands; each colour is the side of a number inside the band, asked of the bounds.
        left_side = b.side(Value((lo + low) / 2))
        right_side = b.side(Value((high + hi) / 2))
        self._band(p, lo, low, left_side)
        self._band(p, high, hi, right_side)
        if low < high:
            self._band(p, low, high, b.side(Value((low + high) / 2)))
        else:  # I(D) is infinitesimally close to q = low: a thin green sliver, magnified below
            sliver = (hi - lo) / 160
            self._band(p, low - sliver, low + sliver, "I", strip_only=True)

        axis_line = pg.PlotCurveItem(
            [float(lo), float(hi)], [0, 0], pen=pg.mkPen(self._roles.plot_text, width=1)
        )
        p.addItem(axis_line)

        # Band names, away from the ends and from val's line.
        vx = a.value.number
        name_y = -0.68
        for x0, x1, side in ((lo, low, left_side), (high, hi, right_side)):
            self._text(p, SIDE_NAMES[side], (x0 + x1) / 2, name_y, (0.5, 0.5), self._side(side))
        if low < high:
            gaps = [(vx - low, (low + vx) / 2), (high - vx, (vx + high) / 2)]
            x_name = max(gaps)[1] if low < vx < high else (low + high) / 2
            self._text(p, "I(D)", x_name, name_y, (0.5, 0.5), self._side("I"))
        else:  # I(D) is among the values q + x: say where to look
            self._text(p, "I(D) ▼", low, name_y, (0.5, 0.5), self._side("I"), fill=True)

        # The interval's ends: filled when the number itself is in I(D), hollow when not.
        if low == high:  # q itself may or may not be in I(D); the inset shows the rest
            ends = [(low, b.side(Value(low)) == "I")]
        else:
            ends = [(low, iv.low_closed), (high, iv.high_closed)]
        spots = []
        for x, closed in ends:
            spots.append(
                {
                    "pos": (float(x), 0.0),
                    "size": 13,
                    "symbol": "o",
                    "pen": pg.mkPen(self._side("I"), width=2.5),
                    "brush": pg.mkBrush(self._side("I") if closed else self._base()),
                }
            )
        ends_item = pg.ScatterPlotItem(spots=spots, useCache=False)
        ends_item.setZValue(10)
        p.addItem(ends_item)

        # maxmin below the line (pointing up at it), minmax above (pointing down); their labels
        # beside them, maxmin's towards L(D) and minmax's towards R(D), clear of val's line.
        mx, nx = a.maxmin.value.number, a.minmax.value.number
        marks = pg.ScatterPlotItem(
            spots=[
                self._triangle(float(mx), -0.3, "t1"),
                self._triangle(float(nx), 0.3, "t"),
            ],
            useCache=False,
        )
        marks.setZValue(10)
        p.addItem(marks)
        for text, x, y, left in (
            (f"maxmin = {a.maxmin.pretty()}", float(mx), -0.3, True),
            (f"minmax = {a.minmax.pretty()}", float(nx), 0.3, False),
        ):
            item = self._text(
                p, text, x, y, (1, 0.5) if left else (0, 0.5), self._roles.plot_mark, fill=True
            )
            self._mark_labels.append((item, x, y, left))

        # val(D): a vertical line with its label at the top.
        line = pg.InfiniteLine(
            pos=float(vx),
            angle=90,
            pen=pg.mkPen(self._roles.plot_text, width=2),
            label=self._value_label,
            labelOpts={
                "position": 0.93,
                "color": self._roles.plot_text,
                "fill": self._base(),
                "movable": False,
                "anchors": [(0.5, 0.5), (0.5, 0.5)],
            },
        )
        line.label.setFont(_font(10, bold=True))
        line.setZValue(5)
        p.addItem(line)

        # Ticks: half-integers, then the dyadics that matter (interval ends, val's number).
        halves = half_integers(lo, hi)
        extra = sorted({low, high, vx} - set(halves))
        p.getAxis("bottom").setTicks(
            [
                [(float(x), pretty_number(x)) for x in halves],
                [(float(x), pretty_number(x)) for x in extra],
            ]
        )
        p.setXRange(float(lo), float(hi), padding=0.03)
        p.setYRange(-1, 1, padding=0)

    def _draw_inset(self, a: SuitAnalysis, q: Fraction) -> None:
        p = self._inset.getPlotItem()
        b = a.bounds
        infs = [a.maxmin.value.infinitesimal, a.minmax.value.infinitesimal, a.value.infinitesimal]
        k = max(x.stoppers for x in infs)
        span = k + 2
        chain = [Infinitesimal.from_pos(pos) for pos in range(-span, span + 1)]
        val_inf = a.value.infinitesimal if a.value.number == q else None

        def label(x: Infinitesimal) -> str:
            return Value(q, x).pretty()

        sides = [b.side(Value(q, x)) for x in chain]
        fuzzy_side = b.side(Value(q, FUZZY))
        self._points = [(label(x), s) for x, s in zip(chain, sides, strict=True)]
        self._points.append((label(FUZZY), fuzzy_side))
        self._inset_value = None if val_inf is None else label(val_inf)

        # The chain: segments coloured where both ends share a side, grey where the side changes;
        # "…" in the colour of the chain's end: it goes on that way.
        for i in range(len(chain) - 1):
            same = sides[i] == sides[i + 1]
            pen = pg.mkPen(
                self._side(sides[i]) if same else self._roles.plot_grey, width=4 if same else 1.5
            )
            p.addItem(pg.PlotCurveItem([i - span, i + 1 - span], [0, 0], pen=pen))
        self._text(p, "…", -span - 0.4, 0.06, (1, 0.5), self._side(sides[0]), bold=True, size=12)
        self._text(p, "…", span + 0.4, 0.06, (0, 0.5), self._side(sides[-1]), bold=True, size=12)

        # ±ε₀ above 0, between −ε₀ and ε₀ (dashed: the order), incomparable with 0.
        fy = 0.5
        hasse = pg.PlotCurveItem(
            [-1, 0, 1],
            [0, fy, 0],
            pen=pg.mkPen(self._roles.plot_grey, width=1.2, style=Qt.PenStyle.DashLine),
        )
        p.addItem(hasse)

        spots = [
            self._spot(float(x.pos or 0), 0.0, s, x == val_inf)
            for x, s in zip(chain, sides, strict=True)
        ]
        spots.append(self._spot(0.0, fy, fuzzy_side, False))
        pts = pg.ScatterPlotItem(spots=spots, useCache=False)
        pts.setZValue(10)
        p.addItem(pts)

        for x, s in zip(chain, sides, strict=True):
            is_val = x == val_inf
            item = self._text(p, label(x), x.pos or 0, -0.13, (0.5, 0), self._side(s), bold=is_val)
            self._chain_labels.append((item, float(x.pos or 0)))
            if is_val:
                self._text(
                    p,
                    "val(D)",
                    x.pos or 0,
                    0.14,
                    (0.5, 1),
                    self._roles.plot_text,
                    bold=True,
                    fill=True,
                )
        self._text(p, label(FUZZY), 0, fy + 0.08, (0.5, 1), self._side(fuzzy_side))

        title = f"near {pretty_number(q)}, magnified: I(D) = {a.interval.pretty()}"
        p.setTitle(html.escape(title), size="9pt", color=self._roles.plot_title)
        p.hideAxis("bottom")
        p.setXRange(-span - 1.1, span + 1.1, padding=0)
        p.setYRange(-0.52, 0.95, padding=0)

    # -- label placement (pixels) ---------------------------------------------------------
    @staticmethod
    def _pixels_per_unit(plot: pg.PlotWidget) -> tuple[float, float, float] | None:
        vb = plot.getPlotItem().vb
        (x0, x1), _ = vb.viewRange()
        if vb.width() <= 1 or x1 <= x0:
            return None
        return vb.width() / (x1 - x0), x0, x1

    def _place_mark_labels(self) -> None:
        """maxmin's label goes left of its triangle and minmax's right of it, unless the plot's
        edge is too near on that side; then the other side."""
        scale = self._pixels_per_unit(self._main)
        if scale is None:
            return
        ppu, x0, x1 = scale
        gap = 9.0  # pixels between triangle and text
        for item, x, y, prefer_left in self._mark_labels:
            w = item.textItem.boundingRect().width()
            room_left, room_right = (x - x0) * ppu - gap, (x1 - x) * ppu - gap
            fits = w <= (room_left if prefer_left else room_right)
            left = prefer_left if fits else room_left > room_right
            item.setAnchor((1, 0.5) if left else (0, 0.5))
            item.setPos(x - gap / ppu if left else x + gap / ppu, y)

    def _place_chain_labels(self) -> None:
        """One row of labels under the chain, or two (alternating) when they would touch."""
        scale = self._pixels_per_unit(self._inset)
        if scale is None or not self._chain_labels:
            return
        ppu = scale[0]  # pixels between neighbouring chain points
        widest = max(item.textItem.boundingRect().width() for item, _ in self._chain_labels)
        stagger = widest + 4 > ppu
        for i, (item, x) in enumerate(self._chain_labels):
            item.setPos(x, -0.47 if stagger and i % 2 else -0.13)
        self._inset.getPlotItem().setYRange(-0.85 if stagger else -0.52, 0.95, padding=0)

    def _base(self) -> QColor:
        """The plots' background: the palette's base."""
        return self.palette().color(QPalette.ColorRole.Base)

    def _triangle(self, x: float, y: float, symbol: str) -> dict[str, object]:
        return {
            "pos": (x, y),
            "symbol": symbol,
            "size": 11,
            "pen": pg.mkPen(self._roles.plot_mark),
            "brush": pg.mkBrush(self._roles.plot_mark),
        }

    def _spot(self, x: float, y: float, side: str, is_val: bool) -> dict[str, object]:
        color = self._side(side)
        return {
            "pos": (x, y),
            "size": 17 if is_val else 10,
            "symbol": "o",
            "pen": pg.mkPen(self._roles.plot_text if is_val else color, width=2.5 if is_val else 1),
            "brush": pg.mkBrush(color),
        }

    def _band(
        self, p: pg.PlotItem, x0: Fraction, x1: Fraction, side: str, *, strip_only: bool = False
    ) -> None:
        color = self._side(side)
        if not strip_only:
            shade = QGraphicsRectItem(QRectF(float(x0), -1.0, float(x1 - x0), 2.0))
            shade.setPen(QPen(Qt.PenStyle.NoPen))
            shade.setBrush(QBrush(_color(color, 28)))
            shade.setZValue(-20)
            p.addItem(shade)
        strip = QGraphicsRectItem(QRectF(float(x0), -0.07, float(x1 - x0), 0.14))
        strip.setPen(QPen(Qt.PenStyle.NoPen))
        strip.setBrush(QBrush(_color(color, 200)))
        strip.setZValue(-10)
        p.addItem(strip)

    def _text(
        self,
        p: pg.PlotItem,
        text: str,
        x: Fraction | float | int,
        y: float,
        anchor: tuple[float, float],
        color: str,
        *,
        bold: bool = False,
        size: float = 9,
        fill: bool = False,
    ) -> pg.TextItem:
        t = pg.TextItem(
            text, color=color, anchor=anchor, fill=pg.mkBrush(self._base()) if fill else None
        )
        t.setFont(_font(size, bold=bold))
        t.setPos(float(x), y)
        t.setZValue(20)
        p.addItem(t)
        return t
