"""The heaps panel's "Beside whist" tab, for the three hackenbush games (issue 26; strange
algebra §6.6, §7.4): the position's value v, integral hackenbush's outcome (Theorem 6.2) and
refined's (Theorem 6.3) next to whist's ρ(v) and refined whist's ρ′(v) — all computed by the
engine's theories (:func:`~whistgui.app.beside_whist.beside_whist`) — a number line of both
roundings around v, the rule the two games share, and a single suit of whist with the value
where one is within reach (its index of suits computed once, in the background), with Open in
whist and Copy."""

from __future__ import annotations

from fractions import Fraction
from typing import Final

from PySide6.QtCore import QPointF, QSize, Qt, Signal
from PySide6.QtGui import QColor, QFontMetricsF, QGuiApplication, QPainter, QPaintEvent, QPen
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QPushButton,
    QScrollArea,
    QSizePolicy,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

from whistgui.app.beside_whist import (
    SHARED_RULE,
    WHIST_SUIT_N,
    BesideWhist,
    Rounded,
    WhistSuit,
    beside_whist,
    suit_with_value,
    whist_setting,
    whist_suits,
)
from whistgui.app.heaps import HeapsDocument
from whistgui.engine.games.whist.value import Value
from whistgui.engine.heaps.dyadic import dyadic_pretty
from whistgui.ui.engine_service import EngineService, ViewWork
from whistgui.ui.theme import colour, is_theme_change, text_role
from whistgui.ui.widgets.messages import for_display

__all__ = ["CHANNEL", "BesideWhistView", "RoundingLine", "give_room"]

CHANNEL: Final = "heaps-whist-suits"

#: The suits' index (value → first suit), computed once for the whole app.
_SUITS: dict[Value, str] | None = None


def _num(q: Fraction) -> str:
    return dyadic_pretty(q)


class RoundingLine(QWidget):
    """A number line around v: one lane for ρ (integral hackenbush, whist) with the integers,
    one for ρ′ (refined) with the odd multiples of ¼; the value marked, the midpoints where
    a tie falls dashed, and an arrow from v to each game's result — Blue's colour with Blue to
    move (West on lead), Red's with Red to move (East on lead), one arrow if they agree."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("heapsRoundingLine")
        self.beside: BesideWhist | None = None
        self.setMinimumHeight(118)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)

    def sizeHint(self) -> QSize:
        return QSize(320, 118)

    def set_beside(self, beside: BesideWhist | None) -> None:
        self.beside = beside
        self.update()

    def span(self) -> tuple[Fraction, Fraction]:
        """The numbers shown: from the integer below v less one to three units on."""
        if self.beside is None:
            return Fraction(-1), Fraction(2)
        lo = Fraction(self.beside.value.__floor__() - 1)
        return lo, lo + 3

    def x_of(self, q: Fraction) -> float:
        lo, hi = self.span()
        left, right = 64.0, self.width() - 14.0
        return left + float((q - lo) / (hi - lo)) * (right - left)

    def paintEvent(self, event: QPaintEvent) -> None:
        b = self.beside
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        text, grey, mark = colour("plot_text"), colour("plot_grey"), colour("plot_mark")
        fm = QFontMetricsF(self.font())
        if b is None:
            p.end()
            return
        lo, hi = self.span()
        v = b.value
        xv = self.x_of(v)
        lanes = ((b.integral, 44.0, "ρ · 6.2"), (b.refined, 88.0, "ρ′ · 6.3"))
        # v: a line through both lanes, its value above
        p.setPen(QPen(mark, 1.5))
        p.drawLine(QPointF(xv, 20), QPointF(xv, 100))
        label = f"v = {_num(v)}"
        w = fm.horizontalAdvance(label)
        x = min(max(xv - w / 2, 64.0), self.width() - w - 4)
        p.drawText(QPointF(x, fm.ascent() + 2), label)
        for rounded, y, name in lanes:
            p.setPen(QPen(text, 1.0))
            p.drawText(QPointF(4, y + fm.ascent() / 2 - 1), name)
            p.drawLine(QPointF(self.x_of(lo), y), QPointF(self.x_of(hi), y))
            # the lattice's points, the midpoints (a tie) dashed, the numbers under the ρ′ lane
            k = (lo - rounded.offset) / rounded.step
            point = rounded.offset + (k.__floor__()) * rounded.step
            while point <= hi:
                if point >= lo:
                    x = self.x_of(point)
                    p.setPen(QPen(text, 1.0))
                    p.setBrush(text)
                    p.drawEllipse(QPointF(x, y), 3.0, 3.0)
                mid = point + rounded.step / 2
                if lo <= mid <= hi:
                    pen = QPen(grey, 1.0, Qt.PenStyle.DashLine)
                    p.setPen(pen)
                    xm = self.x_of(mid)
                    p.drawLine(QPointF(xm, y - 8), QPointF(xm, y + 8))
                point += rounded.step
            self._arrows(p, rounded, y, xv)
        # the numbers: integers and halves under the last lane
        p.setPen(QPen(text, 1.0))
        q = lo
        while q <= hi:
            s = _num(q)
            x = self.x_of(q)
            p.drawText(QPointF(x - fm.horizontalAdvance(s) / 2, 112), s)
            q += Fraction(1, 2)
        p.end()

    def _arrows(self, p: QPainter, rounded: Rounded, y: float, xv: float) -> None:
        blue, red, text = colour("counter_blue"), colour("counter_red"), colour("plot_text")
        if rounded.first == rounded.second:
            self._arrow(p, xv, self.x_of(rounded.first), y - 12, text)
            return
        self._arrow(p, xv, self.x_of(rounded.first), y - 12, blue)
        self._arrow(p, xv, self.x_of(rounded.second), y - 20, red)

    @staticmethod
    def _arrow(p: QPainter, x0: float, x1: float, y: float, ink: QColor) -> None:
        pen = QPen(ink, 2.0)
        p.setPen(pen)
        p.setBrush(ink)
        p.drawLine(QPointF(x0, y), QPointF(x1, y))
        p.drawLine(QPointF(x1, y), QPointF(x1, y + 9))
        d = 4.0
        p.drawPolygon([QPointF(x1, y + 12), QPointF(x1 - d, y + 6), QPointF(x1 + d, y + 6)])

    def changeEvent(self, event: object) -> None:
        if is_theme_change(event):  # type: ignore[arg-type]
            self.update()
        super().changeEvent(event)  # type: ignore[arg-type]


def give_room(view: QWidget, scroll: QScrollArea, splitter: QSplitter) -> None:
    """Beside whist shown: the room it needs where the page has it — its side of ``splitter``
    (the last widget) widened to ``view``'s natural width, the board keeping at least its
    minimum. The window is never resized from a tab (it grew by what the view lacked: at
    1280×800 from 748 to 775 px, past the screen, the status bar off it): the height the view
    lacks is scrolled in ``scroll``."""
    sizes = splitter.sizes()
    if len(sizes) < 2 or not scroll.isVisible():
        return
    bar = scroll.verticalScrollBar().sizeHint().width()
    extra = scroll.width() - scroll.viewport().width()  # the frame, a bar if shown
    want = view.sizeHint().width() + bar + extra + (sizes[-1] - scroll.width())
    board = splitter.widget(0)
    give = min(want - sizes[-1], sizes[0] - (board.minimumWidth() if board else 0))
    if give > 0:
        splitter.setSizes([sizes[0] - give, *sizes[1:-1], sizes[-1] + give])


class BesideWhistView(QWidget):
    """Integral and refined hackenbush beside whist, for the position shown (see the
    module's docstring). ``suitOpened`` hands a whist suit's pattern to the workspace, with
    the whist game and the player on lead that match the position's (:func:`~whistgui.app.
    beside_whist.whist_setting`)."""

    #: a suit's pattern (owners low to high), the game ('whist', 'refined-whist'), the lead
    suitOpened = Signal(str, str, str)

    def __init__(self, engine: EngineService, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("heapsBesideWhist")
        self.beside: BesideWhist | None = None
        self.suit: WhistSuit | None = None
        self.setting = ("whist", "W")  # the whist game and lead matching the position's
        self._job: int | None = None
        self.engine = engine
        self.work = ViewWork(engine, self, self._find_suit)

        self.heading = self._label("Heading")
        self.table = self._label("Table", rich=True, wrap=False, selectable=True)
        self.line = RoundingLine(self)
        self.legend = self._label("Legend", rich=True)
        self.rule = self._label("Rule")
        self.rule.setText(SHARED_RULE)
        text_role(self.rule, "muted")
        self.ties = self._label("Ties")
        self.suit_line = self._label("Suit", selectable=True)
        self.open_button = QPushButton("&Open in whist", self)
        self.copy_button = QPushButton("Cop&y suit", self)
        for button, name, tip, slot in (
            (
                self.open_button,
                "Open",
                "Open this suit as a deal of whist, in its inspector",
                self._open,
            ),
            (self.copy_button, "Copy", "Copy the suit's text (West's cards / East's)", self._copy),
        ):
            button.setObjectName(f"heapsBeside{name}")
            button.setToolTip(tip)
            button.clicked.connect(slot)
        buttons = QHBoxLayout()
        buttons.setContentsMargins(0, 0, 0, 0)
        buttons.addWidget(self.open_button)
        buttons.addWidget(self.copy_button)
        buttons.addStretch(1)

        lay = QVBoxLayout(self)
        lay.setContentsMargins(4, 4, 4, 4)
        for w in (self.heading, self.table, self.line, self.legend, self.rule, self.ties):
            lay.addWidget(w)
        lay.addWidget(self.suit_line)
        lay.addLayout(buttons)
        lay.addStretch(1)
        engine.finished.connect(self._on_finished)
        engine.failed.connect(self._on_failed)
        self._show_suit()

    def _label(
        self, name: str, *, rich: bool = False, wrap: bool = True, selectable: bool = False
    ) -> QLabel:
        label = QLabel(self)
        label.setObjectName(f"heapsBeside{name}")
        label.setWordWrap(wrap)
        if rich:
            label.setTextFormat(Qt.TextFormat.RichText)
        if selectable:
            label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        return label

    # -- the position ------------------------------------------------------------------------
    def show_value(self, doc: HeapsDocument, value: Fraction) -> None:
        """Show the comparison for ``doc``'s position, whose value is ``value``."""
        b = beside_whist(value)
        self.beside = b
        self.setting = whist_setting(doc)
        self.heading.setText(
            f"{doc.shown_text} has value v = {b.pretty} (Berlekamp's rule). Blue is West, Red "
            "is East; to move first is to lead. Each game's outcome:"
        )
        self.table.setText(self._table_html(b))
        self.line.set_beside(b)
        self._legend()
        self.ties.setText(self._ties_text(b))
        self.ties.setVisible(bool(b.with_infinitesimals))
        self._find_suit()

    @staticmethod
    def _table_html(b: BesideWhist) -> str:
        def row(r: Rounded, name: str, bold: bool = False) -> str:
            cells = "".join(
                f"<td align=center>{_num(x)}{'*' if r.tie else ''}</td>"
                for x in (r.first, r.second)
            )
            name = f"<b>{name}</b>" if bold else name
            return f"<tr><td>{name}</td>{cells}</tr>"

        tie = b.integral.tie or b.refined.tie
        return (
            "<table cellspacing=0 cellpadding=1>"
            "<tr><td></td><th>&nbsp;Blue or<br>West first</th>"
            "<th>&nbsp;Red or<br>East first</th></tr>"
            + row(b.integral, "Integral (Th. 6.2)", True)
            + row(b.whist, "Whist ρ(v)")
            + row(b.refined, "Refined (Th. 6.3)", True)
            + row(b.refined_whist, "Refined whist ρ′(v)")
            + "</table>"
            + ("<small>* a tie: v is midway between two points</small>" if tie else "")
            + ("" if b.agree else "<br><b>They differ: please report this value.</b>")
        )

    def _legend(self) -> None:
        blue, red = colour("counter_blue").name(), colour("counter_red").name()
        both = colour("plot_text").name()  # the one arrow where both players' results agree
        self.legend.setText(
            f"<small>Arrows: <span style='color:{blue}'>■</span> Blue to move / West on lead, "
            f"<span style='color:{red}'>■</span> Red to move / East on lead, "
            f"<span style='color:{both}'>■</span> one arrow for both when they agree. Dots: "
            "the points each rounds to; dashes: where a tie falls.</small>"
        )

    @staticmethod
    def _ties_text(b: BesideWhist) -> str:
        if not b.with_infinitesimals:
            return ""
        parts = [
            f"{r.symbol}({t}) = ({_num(r.first)}, {_num(r.second)})"
            for t, r in b.with_infinitesimals
        ]
        return (
            "The difference: a whist value may carry an infinitesimal, which decides a tie "
            "— " + ", ".join(parts) + " (±ε₀: the only case where the lead helps); a "
            "hackenbush value has none."
        )

    # -- the suit ------------------------------------------------------------------------------
    def _find_suit(self) -> None:
        """Look the value up in the suits' index — computed first, in the background."""
        global _SUITS
        if self.beside is None:
            return
        if _SUITS is None:
            if self._job is None and not self.work.defer():
                self._job = self.work.submit(
                    CHANNEL,
                    lambda ctx: whist_suits(WHIST_SUIT_N, should_stop=ctx.should_stop),
                    label=f"Whist's single suits up to {WHIST_SUIT_N} cards a hand",
                )
            self.suit = None
            self._show_suit(pending=True)
            return
        self.suit = suit_with_value(_SUITS, self.beside.value)
        self._show_suit()

    def _on_finished(self, job: int, channel: str, _tag: object, result: object) -> None:
        global _SUITS
        if channel != CHANNEL or job != self._job or not isinstance(result, dict):
            return
        self._job = None
        _SUITS = result
        self._find_suit()

    def _on_failed(self, job: int, channel: str, _tag: object, message: str) -> None:
        if channel != CHANNEL or job != self._job:
            return
        self._job = None
        self.suit_line.setText(f"Whist's suits could not be listed: {for_display(message)}")

    def _show_suit(self, *, pending: bool = False) -> None:
        b, s = self.beside, self.suit
        has = s is not None
        self.open_button.setEnabled(has)
        self.copy_button.setEnabled(has)
        if b is None:
            self.suit_line.setText("")
            return
        if pending:
            self.suit_line.setText("Whist's single suits with this value: looking …")
            return
        n = f"up to {WHIST_SUIT_N} cards a hand"
        if s is None:
            why = (
                "a suit's value lies between 0 and its cards a hand"
                if b.value < 0
                else f"none of {n} has it"
            )
            self.suit_line.setText(f"No single suit of whist has value {b.pretty}: {why}.")
            return
        cards = len(s.pattern) // 2
        if s.exact:
            self.suit_line.setText(
                f"In whist, the suit {s.text} ({cards} a hand) has this value, {b.pretty}."
            )
            return
        (a, b2), (c, d) = s.roundings
        self.suit_line.setText(
            f"No suit {n} has exactly {b.pretty}; {s.text} ({cards} a hand) has "
            f"{s.value.pretty()}: ρ = ({_num(a)}, {_num(b2)}), ρ′ = ({_num(c)}, {_num(d)})."
        )

    def _open(self) -> None:
        if self.suit is not None:
            self.suitOpened.emit(self.suit.pattern, *self.setting)

    def _copy(self) -> None:
        if self.suit is not None:
            QGuiApplication.clipboard().setText(self.suit.text)

    def changeEvent(self, event: object) -> None:
        if is_theme_change(event) and self.beside is not None:  # type: ignore[arg-type]
            self._legend()
        super().changeEvent(event)  # type: ignore[arg-type]
