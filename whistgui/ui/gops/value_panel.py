"""The side of the GOPS explorer: the value for A as a float and exactly — a short fraction
written out, a long one (a state of six cards a hand runs to hundreds of digits) as
"≈ 0.6611 · exact p/q" with the lengths of p and q and a Copy button that puts the whole fraction
on the clipboard —, the button that computes the exact value of a large state, both players'
optimal bids as bars, the state in its text form, and hints (in the palette's placeholder
colour)."""

from __future__ import annotations

from fractions import Fraction

from PySide6.QtCore import QEvent, Qt, Signal
from PySide6.QtGui import QFont, QGuiApplication, QKeyEvent, QPalette
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from whistgui.engine.gops.exact_play import int_digits, int_text
from whistgui.engine.symbols import MINUS
from whistgui.figures.gops import fraction_text
from whistgui.ui.gops.strategy_bars import StrategyBars

__all__ = ["StateField", "ValuePanel", "approximate_text", "digits_text"]

#: The longest exact value written out whole (review 31b, X2: −492544541/823300704 was shown
#: as "p/q (p of 9 digits, q of 9)"); longer ones by their size, Copy giving them whole.
_WHOLE = 41


def approximate_text(value: Fraction) -> str:
    """``value`` to four decimals for "≈ …", or to four significant digits where four
    decimals would read 0 (the exact value is then not 0).

    >>> approximate_text(Fraction(1, 9)), approximate_text(Fraction(-2, 3))
    ('0.1111', '−0.6667')
    >>> approximate_text(Fraction(1, 3**20)), approximate_text(Fraction(-5, 10**9))
    ('2.868 × 10⁻¹⁰', '−5.000 × 10⁻⁹')
    """
    v = float(value)
    if value == 0 or abs(v) >= 0.5e-4:
        return f"{v:.4f}".replace("-", MINUS)
    mantissa, exponent = f"{v:.3e}".split("e")
    sup = str(int(exponent)).translate(str.maketrans("-0123456789", "⁻⁰¹²³⁴⁵⁶⁷⁸⁹"))
    return f"{mantissa} × 10{sup}".replace("-", MINUS)


def digits_text(value: Fraction, ends: int = 6) -> str:
    """The fraction with its numerator and denominator cut to their first and last ``ends``
    digits, for a tooltip: ``3141…2653/1000…0000``.

    >>> digits_text(Fraction(-(10**20) - 7, 3**50), ends=3)
    '−100…007/717…249'
    """

    def cut(n: int) -> str:
        n = abs(n)
        if int_digits(n) <= 2 * ends + 1:
            return str(n)
        tail = str(n % 10**ends).rjust(ends, "0")
        return f"{int_text(n)[:ends]}…{tail}"

    sign = MINUS if value < 0 else ""
    return f"{sign}{cut(value.numerator)}/{cut(value.denominator)}"


class StateField(QLineEdit):
    """The state's text form: read-only, and drawn so — no frame, on the panel's own
    background — and keeping the keys typed into it (review 31b, C6: a digit typed there
    turned a prize in the explorer behind it). Selecting, copying and moving the cursor work;
    Back (Backspace, Alt+Left) is still the explorer's."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setReadOnly(True)
        self.setFrame(False)
        self.setBackgroundRole(QPalette.ColorRole.Window)
        self.setAutoFillBackground(False)
        pal = self.palette()
        pal.setColor(QPalette.ColorRole.Base, pal.color(QPalette.ColorRole.Window))
        self.setPalette(pal)

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if event.type() == QEvent.Type.PaletteChange:  # a theme change: the window's again
            pal = self.palette()
            window = pal.color(QPalette.ColorRole.Window)
            if pal.color(QPalette.ColorRole.Base) != window:
                pal.setColor(QPalette.ColorRole.Base, window)
                self.setPalette(pal)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        super().keyPressEvent(event)
        if event.key() not in (Qt.Key.Key_Tab, Qt.Key.Key_Backtab):
            event.accept()  # typed here, kept here


class ValuePanel(QWidget):
    """The value, the exact value, the strategies, the state and the hints."""

    #: Copy put the exact value on the clipboard: a message saying so, for the status bar
    copied = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.value_label = QLabel(self)
        self.value_label.setObjectName("gopsValue")
        self.value_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        big = QFont(self.value_label.font())
        big.setPointSizeF(big.pointSizeF() * 1.5)
        big.setBold(True)
        self.value_label.setFont(big)
        self.value_caption = QLabel(self)
        self.value_caption.setWordWrap(True)
        self.exact_label = QLabel(self)
        self.exact_label.setObjectName("gopsExact")
        self.exact_label.setWordWrap(True)
        self.exact_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.exact_button = QPushButton("Compute e&xact value", self)
        self.exact_button.setToolTip(
            "The value and both strategies as fractions, exact all the way down (large "
            "states take a while; going to another state stops it)"
        )
        self.copy_button = QToolButton(self)
        self.copy_button.setObjectName("gopsCopyExact")
        self.copy_button.setText("Copy")
        self.copy_button.setAccessibleName("Copy the exact value")
        self.copy_button.clicked.connect(self.copy_exact)
        #: the exact value shown (None: none)
        self.exact: Fraction | None = None
        self.a_bars = StrategyBars("A's optimal bids", "A", self)
        self.b_bars = StrategyBars("B's optimal bids", "B", self)
        state_label = QLabel("State (&text form):", self)
        self.state_edit = StateField(self)
        self.state_edit.setObjectName("gopsState")
        self.state_edit.setToolTip(
            "The state as `whist gops state` reads it (read-only): select and copy it (Ctrl+C)"
        )
        state_label.setBuddy(self.state_edit)
        self.hints = QLabel(self)
        self.hints.setObjectName("gopsHints")
        self.hints.setWordWrap(True)
        self.hints.setForegroundRole(QPalette.ColorRole.PlaceholderText)  # muted, any theme

        side = QVBoxLayout(self)
        side.setContentsMargins(6, 0, 0, 0)
        side.addWidget(QLabel("<b>Value for A</b>", self))
        side.addWidget(self.value_label)
        side.addWidget(self.value_caption)
        exact_row = QHBoxLayout()
        exact_row.addWidget(self.exact_label, 1)
        exact_row.addWidget(self.copy_button, 0, Qt.AlignmentFlag.AlignTop)
        side.addLayout(exact_row)
        side.addWidget(self.exact_button, 0, Qt.AlignmentFlag.AlignLeft)
        side.addSpacing(8)
        side.addWidget(self.a_bars)
        side.addWidget(self.b_bars)
        side.addSpacing(8)
        side.addWidget(state_label)
        side.addWidget(self.state_edit)
        side.addSpacing(8)
        side.addWidget(self.hints)
        side.addStretch(1)
        self.setMinimumWidth(340)

    def clear(self) -> None:
        """No exact value, no strategies."""
        self.set_exact_text("")
        self.exact_button.hide()
        self.a_bars.hide()
        self.b_bars.hide()
        self.a_bars.clear()
        self.b_bars.clear()

    # -- the exact value ------------------------------------------------------------------------
    def set_exact_text(self, text: str) -> None:
        """A line in place of the exact value (computing, not computed, not available)."""
        self.exact = None
        self.exact_label.setText(text)
        self.exact_label.setToolTip("")
        self.copy_button.hide()

    def set_exact(self, value: Fraction) -> None:
        """Show the exact value: a short fraction written out ("Exact: −1/9"), a long one as
        "Exact: ≈ 0.6611 · exact p/q" with how many digits p and q have, its ends in the
        tooltip, and Copy to put the whole of it on the clipboard."""
        self.exact = value
        p, q = int_digits(value.numerator), int_digits(value.denominator)
        short = fraction_text(value, _WHOLE) if p + q <= _WHOLE else None
        if short is not None:
            self.exact_label.setText(f"Exact: {short}")
            self.exact_label.setToolTip("")
            self.copy_button.hide()
            return
        self.exact_label.setText(
            f"Exact: ≈ {approximate_text(value)} · exact p/q (p of {p:,} digits, q of {q:,})"
        )
        self.exact_label.setToolTip(f"p/q = {digits_text(value)}")
        self.copy_button.setToolTip(
            f"Copy the exact value p/q to the clipboard: {p + q + 1 + (value < 0):,} characters, "
            "as Python's Fraction reads it"
        )
        self.copy_button.show()

    def copy_exact(self) -> None:
        """The exact value shown, whole, on the clipboard (as ``str(Fraction)``: ``-12/35``),
        and :attr:`copied` says so."""
        if self.exact is not None:
            x = self.exact
            text = int_text(x.numerator)
            if x.denominator != 1:
                text += "/" + int_text(x.denominator)
            QGuiApplication.clipboard().setText(text)
            self.copied.emit(
                f"Copied the exact value to the clipboard: p/q ≈ {approximate_text(self.exact)}, "
                f"{len(text):,} characters"
            )
