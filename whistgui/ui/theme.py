"""Light and dark: the app follows the system palette, or a theme the user picks
(View ▸ Theme: System, Light, Dark), and every colour it paints comes from here.

One palette source. Qt's :class:`QPalette` names the colours of widgets (window, base, text,
highlight …); :class:`Colours` names the rest — what the views paint themselves: the reds and
greens of messages, the fills of the α matrix and of the play panel's optimal rows, the number
line's plot, the banner of a stale view, GOPS's heat map, the felt and the cards. There is one
set of roles for a light background and one for a dark one (:data:`LIGHT`, :data:`DARK`);
:func:`colours` gives the set that matches the palette in use, :func:`colour` one role as a
:class:`QColor`. The light roles of the α matrix, the number line and GOPS are the printed
figures' colours (:mod:`whistgui.figures`), so screen and print agree; the felt and the card
faces are the same in both themes (a card table is green in any light).

A view re-styles when the theme changes: :func:`apply_theme` sets the application's palette,
which sends the windows :data:`~PySide6.QtCore.QEvent.Type.ApplicationPaletteChange` and every
widget whose palette follows the application's
:data:`~PySide6.QtCore.QEvent.Type.PaletteChange`; :func:`is_theme_change` tells such an event,
and a view that paints its own colours handles it in ``changeEvent`` by painting them again
from :func:`colours` — nothing a view painted keeps an old theme's colour. Models read their
colours when asked (``data()``), so their views' repaint is enough. A widget whose text colour
is a style sheet (which stops palette changes reaching it) takes it from :func:`text_role`,
which follows :func:`notifier`'s ``changed`` signal, emitted by :func:`apply_theme`.

>>> contrasting_text(QColor("#ffe082")).name(), contrasting_text(QColor("#202020")).name()
('#000000', '#ffffff')
>>> colours(dark=True).error, colours(dark=False).error
('#ff6b6b', '#b71c1c')
>>> colour("felt").name() == colour("felt", dark=True).name()
True
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Final

from PySide6.QtCore import QEvent, QObject, Signal
from PySide6.QtGui import QColor, QGuiApplication, QPalette
from PySide6.QtWidgets import QWidget

from whistgui.figures.gops_colours import A_COLOUR, B_COLOUR, DOMINATED_FILL, DOMINATED_INK
from whistgui.figures.heaps_colours import BLUE_COUNTER, COUNTER, COUNTER_EDGE, RED_COUNTER
from whistgui.figures.matrix import (
    BOTH_FILL,
    MAXMIN_FILL,
    MINMAX_FILL,
    MINUS_FILL,
    PLUS_FILL,
    SUMMARY_FILL,
)
from whistgui.figures.numberline import SIDE_COLOURS

__all__ = [
    "DARK",
    "EXTRA_SUIT_COLOURS",
    "LIGHT",
    "THEMES",
    "Colours",
    "ThemeError",
    "ThemeNotifier",
    "apply_theme",
    "colour",
    "colours",
    "contrasting_text",
    "error_colour",
    "is_dark",
    "is_theme_change",
    "notifier",
    "success_colour",
    "text_role",
]

#: The themes a user can pick; "system" leaves the platform's palette alone.
THEMES: Final = ("system", "light", "dark")


@dataclass(frozen=True, slots=True)
class Colours:
    """The colours the views paint themselves, by role (``#rrggbb``). A ``*_fill`` is a
    background whose text is :func:`contrasting_text` of it; a ``felt_*`` or ``card_*`` role
    is painted on the felt or a card face, the same in both themes."""

    # -- text on the window or a view's base
    error: str  # a refusal, a failure, a card that gave away tricks
    success: str  # an agreement, a contract made
    warning: str  # a notice about a file
    muted: str  # an aside (the theory a game is valued by)
    red_suit: str  # ♥ and ♦ in text
    link: str  # West's mark in R43's lattice
    focus_ring: str  # the keyboard's place where a view draws it itself (GOPS's prizes)
    # -- notes painted over a view
    note_fill: str  # the banner of a view that keeps an older position
    note_text: str
    alarm_fill: str  # exact search disagrees with the values: a bug
    alarm_text: str
    # -- painted cells (the α matrix, matrix A, the play panel's optimal cards)
    maxmin_fill: str  # West's choice
    minmax_fill: str  # East's choice
    both_fill: str
    summary_fill: str  # row minima, column maxima
    plus_fill: str  # A_ij = +1
    minus_fill: str  # A_ij = −1
    optimal_fill: str  # an optimal card's row
    p_class_fill: str  # a P class (quotient explorer): plain against grey and the base
    # -- the number line's plot (drawn on the palette's base)
    plot_text: str
    plot_mark: str  # maxmin / minmax triangles and their labels
    plot_grey: str  # where the chain changes side; the order of ±ε₀
    plot_title: str
    side_l: str  # L(D)
    side_i: str  # I(D)
    side_r: str  # R(D)
    # -- GOPS
    heat_zero: str  # a cell worth 0 (the middle of the diverging scale)
    side_a: str  # A's colour: its bars, the cells that favour it
    side_b: str
    heat_a: str  # the heat map's end that favours A (the scale runs from heat_zero)
    heat_b: str
    dominated_fill: str
    dominated_text: str
    # -- the games of heaps and piles: the counters (drawn on the palette's base)
    counter: str  # a heap's counter
    counter_blue: str  # a hackenbush pile's blue counter (Left's)
    counter_red: str  # its red counter (Right's)
    counter_edge: str  # the line round a counter
    # -- the felt (whist's table, bridge's) and the cards: the same in both themes
    felt: str
    felt_band: str  # the pool's band
    felt_text: str
    felt_text_soft: str
    felt_symbol: str  # a suit's symbol beside its band
    felt_line: str  # the line between two suits' bands (drawn faint)
    felt_drop: str  # a hand under a drag
    felt_turn: str  # the hand to play
    felt_shade: str  # a dimmed hand
    felt_note: str  # a note on the felt
    felt_refusal: str  # a refusal on the felt
    turn: str  # the player to move, the focused card's outline
    best: str  # the best card's outline
    optimal_mark: str  # an optimal card's badge
    other_mark: str  # another card's badge
    mark_text: str  # the text on a badge
    vulnerable: str
    made: str
    down: str
    card_face: str
    card_face_dimmed: str
    card_border: str
    card_selection: str
    card_black: str  # ♠ ♣ on a card
    card_red: str  # ♥ ♦ on a card
    paper: str  # a figure's preview: the page it is printed on

    def values(self) -> tuple[str, ...]:
        """Every role's colour."""
        return dataclasses.astuple(self)


#: The symbols and ranks of the suits after the fourth (5, 6, …) on a card, in turn.
EXTRA_SUIT_COLOURS: Final = ("#1b5e20", "#4a148c", "#0d47a1", "#e65100", "#004d40", "#880e4f")

_FELT: Final = {
    "felt": "#2e6b3f",
    "felt_band": "#245633",
    "felt_text": "#f1f8e9",
    "felt_text_soft": "#c8e6c9",
    "felt_symbol": "#fafafa",
    "felt_line": "#ffffff",
    "felt_drop": "#3d8c53",
    "felt_turn": "#347a4a",
    "felt_shade": "#0c1e12",
    "felt_note": "#37474f",
    "felt_refusal": "#b71c1c",
    "turn": "#ffca28",
    "best": "#ffd600",
    "optimal_mark": "#00c853",
    "other_mark": "#455a64",
    "mark_text": "#ffffff",
    "vulnerable": "#c62828",
    "made": "#2e7d32",
    "down": "#c62828",
    "card_face": "#fdfdf8",
    "card_face_dimmed": "#ecece4",
    "card_border": "#6b6b6b",
    "card_selection": "#1e88e5",
    "card_black": "#111111",
    "card_red": "#c8102e",
    "paper": "#fafafa",
}

#: The roles on a light background: the printed figures' colours where there are some.
LIGHT: Final = Colours(
    error="#b71c1c",
    success="#1b5e20",
    warning="#b26a00",
    muted="#555555",
    red_suit="#c8102e",
    link="#0b57b5",
    focus_ring="#0b57b5",
    note_fill="#fff3cd",
    note_text="#3d2e00",
    alarm_fill="#b71c1c",
    alarm_text="#ffffff",
    maxmin_fill=MAXMIN_FILL,
    minmax_fill=MINMAX_FILL,
    both_fill=BOTH_FILL,
    summary_fill=SUMMARY_FILL,
    plus_fill=PLUS_FILL,
    minus_fill=MINUS_FILL,
    optimal_fill="#e8f5e9",
    p_class_fill="#81c784",
    plot_text="#000000",
    plot_mark="#404040",
    plot_grey="#b0b0b0",
    plot_title="#303030",
    side_l=SIDE_COLOURS["L"].lower(),
    side_i=SIDE_COLOURS["I"].lower(),
    side_r=SIDE_COLOURS["R"].lower(),
    heat_zero="#f7f7f7",
    side_a=A_COLOUR,
    side_b=B_COLOUR,
    heat_a=A_COLOUR,
    heat_b=B_COLOUR,
    dominated_fill=DOMINATED_FILL,
    dominated_text=DOMINATED_INK,
    counter=COUNTER,
    counter_blue=BLUE_COUNTER,
    counter_red=RED_COUNTER,
    counter_edge=COUNTER_EDGE,
    **_FELT,
)

#: The roles on a dark background: the same hues, lighter inks and darker fills.
DARK: Final = Colours(
    error="#ff6b6b",
    success="#7bd88f",
    warning="#ffb74d",
    muted="#a8a8a8",
    red_suit="#ff7a7a",
    link="#6cb4ff",
    focus_ring="#8cc8ff",
    note_fill="#fff3cd",
    note_text="#3d2e00",
    alarm_fill="#b71c1c",
    alarm_text="#ffffff",
    maxmin_fill=MAXMIN_FILL,
    minmax_fill=MINMAX_FILL,
    both_fill=BOTH_FILL,
    summary_fill="#3a3a3a",
    plus_fill="#1f4227",
    minus_fill="#4d2328",
    optimal_fill="#1f4227",
    p_class_fill="#2e7d32",
    plot_text="#e8e8e8",
    plot_mark="#c8c8c8",
    plot_grey="#6e6e6e",
    plot_title="#d8d8d8",
    side_l="#56b4e9",
    side_i="#3ccf9a",
    side_r="#ff8f4d",
    heat_zero="#262626",
    side_a="#6fa8dc",
    side_b="#e07a6a",
    heat_a="#2166ac",
    heat_b="#b2182b",
    dominated_fill="#303030",
    dominated_text="#7a7a7a",
    counter="#a1887f",
    counter_blue="#4f8fe8",
    counter_red="#e35d5d",
    counter_edge="#0d0d0d",
    **_FELT,
)

_ROLE = QPalette.ColorRole
_DARK_PALETTE: Final = {
    _ROLE.Window: "#2b2b2b",
    _ROLE.WindowText: "#e8e8e8",
    _ROLE.Base: "#1e1e1e",
    _ROLE.AlternateBase: "#2f2f2f",
    _ROLE.ToolTipBase: "#3a3a3a",
    _ROLE.ToolTipText: "#f0f0f0",
    _ROLE.PlaceholderText: "#8a8a8a",
    _ROLE.Text: "#e8e8e8",
    _ROLE.Button: "#353535",
    _ROLE.ButtonText: "#e8e8e8",
    _ROLE.BrightText: "#ff6b6b",
    _ROLE.Link: DARK.link,
    _ROLE.Highlight: "#3d6fb4",
    _ROLE.HighlightedText: "#ffffff",
}
_LIGHT_PALETTE: Final = {
    _ROLE.Window: "#efefef",
    _ROLE.WindowText: "#141414",
    _ROLE.Base: "#ffffff",
    _ROLE.AlternateBase: "#f5f5f5",
    _ROLE.ToolTipBase: "#ffffdc",
    _ROLE.ToolTipText: "#141414",
    _ROLE.PlaceholderText: "#7a7a7a",
    _ROLE.Text: "#141414",
    _ROLE.Button: "#e6e6e6",
    _ROLE.ButtonText: "#141414",
    _ROLE.BrightText: "#d00000",
    _ROLE.Link: LIGHT.link,
    _ROLE.Highlight: "#3d7bd9",
    _ROLE.HighlightedText: "#ffffff",
}

_system_palette: QPalette | None = None


class ThemeError(ValueError):
    """An unknown theme name."""


class ThemeNotifier(QObject):
    """Says when :func:`apply_theme` has changed the theme."""

    changed = Signal(str)  # the theme's name


_notifier: ThemeNotifier | None = None


def notifier() -> ThemeNotifier:
    """The one :class:`ThemeNotifier` (its ``changed`` is emitted after every
    :func:`apply_theme`)."""
    global _notifier  # one for the application, made when first asked for
    if _notifier is None:
        _notifier = ThemeNotifier()
    return _notifier


def apply_theme(app: QGuiApplication, name: str) -> None:
    """Use the theme ``name`` (one of :data:`THEMES`) for the whole application: every widget
    is sent :data:`~PySide6.QtCore.QEvent.Type.ApplicationPaletteChange` and re-styles."""
    global _system_palette  # the platform's palette, kept to return to "system"
    key = name.strip().lower()
    if key not in THEMES:
        raise ThemeError(f"unknown theme {name!r}; expected one of {', '.join(THEMES)}")
    if _system_palette is None:
        _system_palette = QPalette(app.palette())
    if key == "system":
        app.setPalette(_system_palette)
        notifier().changed.emit(key)
        return
    roles = _DARK_PALETTE if key == "dark" else _LIGHT_PALETTE
    pal = QPalette()
    for role, hex_ in roles.items():
        pal.setColor(role, QColor(hex_))
    disabled = QColor("#7f7f7f")
    for role in (_ROLE.WindowText, _ROLE.Text, _ROLE.ButtonText):
        pal.setColor(QPalette.ColorGroup.Disabled, role, disabled)
    app.setPalette(pal)
    notifier().changed.emit(key)


def is_theme_change(event: QEvent) -> bool:
    """Is ``event`` a change of the palette a widget paints with (the theme changed)?"""
    return event.type() in (QEvent.Type.PaletteChange, QEvent.Type.ApplicationPaletteChange)


def is_dark(palette: QPalette | None = None) -> bool:
    """Is the window background dark (the text light)?"""
    pal = palette if palette is not None else QGuiApplication.palette()
    return pal.color(_ROLE.Window).lightnessF() < 0.5


def colours(palette: QPalette | None = None, *, dark: bool | None = None) -> Colours:
    """The roles for ``palette`` (the application's by default): :data:`DARK` on a dark
    window, :data:`LIGHT` otherwise; ``dark`` chooses the set itself."""
    return DARK if (is_dark(palette) if dark is None else dark) else LIGHT


_NAMES: Final = frozenset(f.name for f in dataclasses.fields(Colours))


def colour(role: str, palette: QPalette | None = None, *, dark: bool | None = None) -> QColor:
    """The colour of ``role`` (a field of :class:`Colours`) for ``palette``, as a new
    :class:`QColor`; KeyError naming the roles for an unknown one."""
    if role not in _NAMES:
        raise KeyError(f"no colour role {role!r}; the roles are {', '.join(sorted(_NAMES))}")
    return QColor(getattr(colours(palette, dark=dark), role))


class _TextRole(QObject):
    """Keeps a widget's text in a role's colour, set again when the theme changes."""

    def __init__(self, widget: QWidget, role: str) -> None:
        super().__init__(widget)
        colour(role)  # KeyError naming the roles for an unknown one
        self._role = role
        self._widget = widget
        notifier().changed.connect(self.apply)
        self.apply()

    def apply(self, _theme: str = "") -> None:
        ink = getattr(colours(QGuiApplication.palette()), self._role)
        self._widget.setStyleSheet(f"color: {ink};")


def text_role(widget: QWidget, role: str) -> None:
    """Draw ``widget``'s text in the colour of ``role`` (an error line: ``"error"``), in the
    theme of the moment, now and after every :func:`apply_theme`."""
    _TextRole(widget, role)


def contrasting_text(background: QColor) -> QColor:
    """Black or white, whichever reads better on ``background`` (by relative luminance)."""
    r, g, b = (background.redF(), background.greenF(), background.blueF())

    def lin(c: float) -> float:
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    lum = 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b)
    return QColor("#000000") if lum > 0.179 else QColor("#ffffff")


def error_colour(palette: QPalette | None = None) -> QColor:
    """A red that reads on the window background (the ``error`` role)."""
    return colour("error", palette)


def success_colour(palette: QPalette | None = None) -> QColor:
    """A green that reads on the window background (the ``success`` role)."""
    return colour("success", palette)
