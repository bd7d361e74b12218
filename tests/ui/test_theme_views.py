"""Issue 24, defect 2e: every view re-styles on a theme change.

After View ▸ Theme the inspector's "Exact search … ✓ agree" line kept the old theme's colour
(dark green on dark grey), the number line and the α matrix's row-min column stayed white, and
the bridge trick tree's "win" stayed dark green on dark grey. Here the theme goes light → dark
→ light with every view open and filled, and after each switch every colour the views paint is
checked against the palette in use: text colours must read on their background, backgrounds
must be the theme's (dark in the dark theme), and — with the palette of named roles in
:mod:`whistgui.ui.theme` — every colour must be one of the current theme's roles or palette.
"""

from __future__ import annotations

import re

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QColor, QPalette
from PySide6.QtWidgets import QApplication, QLabel, QWidget

from tests.ui.colours import contrast
from tests.ui.workspaces import bridge, gops, trick
from whistgui.engine import SuitDeal
from whistgui.ui.theme import apply_theme, is_dark
from whistgui.ui.trick.matrix_model import MarkRole

THEMES = ("light", "dark", "light")
#: A colour in rich text or a style sheet: ``color: #1b5e20`` (not ``background-color``).
COLOUR = re.compile(r"(?<![-\w])color\s*:\s*(#[0-9a-fA-F]{3,8}|[a-zA-Z]+)")
BACKGROUND = re.compile(r"background(?:-color)?\s*:\s*(#[0-9a-fA-F]{3,8}|[a-zA-Z]+)")


def _switch(qtbot, qapp, theme: str) -> None:
    apply_theme(qapp, theme)
    QApplication.processEvents()
    qtbot.wait(20)


def _labels(root: QWidget) -> list[QLabel]:
    return [lab for lab in root.findChildren(QLabel) if lab.isVisible()]


def _text_colours(root: QWidget) -> list[tuple[str, QColor, QColor]]:
    """(where, text colour, its background) for every colour named in a shown label's rich
    text or style sheet."""
    out = []
    for lab in _labels(root):
        sheet = lab.styleSheet()
        bg_match = BACKGROUND.search(sheet)
        background = (
            QColor(bg_match.group(1))
            if bg_match
            else lab.palette().color(QPalette.ColorRole.Window)
        )
        where = f"{lab.objectName() or type(lab.parent()).__name__}: {lab.text()[:60]!r}"
        for name in COLOUR.findall(lab.text()) + COLOUR.findall(sheet):
            out.append((where, QColor(name), background))
    return out


def _check_text(root: QWidget, theme: str) -> None:
    unreadable = [
        f"{colour.name()} on {background.name()} in {where}"
        for where, colour, background in _text_colours(root)
        if contrast(colour, background) < 3
    ]
    assert unreadable == [], theme


def _pixel(widget: QWidget, at: QPoint) -> QColor:
    return widget.grab().toImage().pixelColor(at)


@pytest.fixture
def filled(qtbot, window):
    """The main window with every trick-game view filled: the inspector on a suit, its search
    check done and a reduction walked; the play panel with a card that costs a trick."""
    inspector = trick(window).inspector
    with qtbot.waitSignal(inspector.checked, timeout=30000):
        trick(window).inspect_suit(0)  # (15)'s KJ/AQ
    panel = trick(window).play_panel
    with qtbot.waitSignal(panel.ready, timeout=30000):
        trick(window).play_deal()
    pos = panel.position
    wrong = next(c for c, m in panel.turn(pos).marks.items() if c not in panel.turn(pos).best)
    panel.play(wrong)  # the status says what it gave away, in red
    return window


def test_every_trick_view_restyles_on_a_theme_change(qtbot, app_theme, filled):
    window = filled
    inspector, panel = trick(window).inspector, trick(window).play_panel
    for theme in THEMES:
        _switch(qtbot, app_theme, theme)
        dark = theme == "dark"
        assert is_dark() is dark
        base = QApplication.palette().color(QPalette.ColorRole.Base)
        trick(window).inspector_dock.raise_()
        qtbot.waitUntil(inspector.isVisible, timeout=5000)
        # every coloured text reads on its background: the check line, the status lines
        assert "agree" in inspector.check_label.text()
        _check_text(window, theme)
        # the number line is drawn on the theme's base, its caption too
        line = inspector.number_line
        assert _pixel(line, QPoint(2, 2)).name() == base.name(), theme
        caption = line.findChild(QLabel)
        assert caption is not None
        assert _pixel(caption, QPoint(1, 1)).name() == base.name(), theme
        assert _pixel(line._main, QPoint(3, 3)).name() == base.name(), theme
        # the α matrix's painted summaries (row min, col max) are the theme's
        model = inspector.matrix_model
        summaries = [
            model.index(r, c)
            for r in range(model.rowCount())
            for c in range(model.columnCount())
            if model.data(model.index(r, c), MarkRole) in ("rowmin", "colmax")
        ]
        assert summaries
        for index in summaries:
            fill = model.data(index, Qt.ItemDataRole.BackgroundRole).color()
            assert is_dark_colour(fill) is dark, (theme, fill.name())
        # the play panel: its status (what the wrong card gave away) and its optimal rows
        trick(window).play_dock.raise_()
        qtbot.waitUntil(panel.isVisible, timeout=5000)
        assert "gave away" in panel.status.text()
        _check_text(window, theme)
        optimal = [
            panel.cards.topLevelItem(i)
            for i in range(panel.cards.topLevelItemCount())
            if panel.cards.topLevelItem(i).text(0).startswith("★")
        ]
        assert optimal
        for item in optimal:
            fill = item.background(0).color()
            assert is_dark_colour(fill) is dark, (theme, fill.name())
            assert contrast(item.foreground(0).color(), fill) >= 4.5


def is_dark_colour(c: QColor) -> bool:
    return c.lightnessF() < 0.5


def test_the_game_views_restyle_on_a_theme_change(qtbot, app_theme):
    """Five-card's matrix A (±1 cells) and the analysis' theory line."""
    from whistgui.engine.games import find_game
    from whistgui.ui.trick.game_suit_view import GameSuitView

    view = GameSuitView()
    qtbot.addWidget(view)
    view.resize(700, 500)
    view.show()
    view.show_suit(SuitDeal.parse("KQ8/AJ9"), find_game("five-card"))
    for theme in THEMES:
        _switch(qtbot, app_theme, theme)
        dark = theme == "dark"
        table = view.a_table
        fills = {
            table.item(i, j).background().color().name()
            for i in range(table.rowCount())
            for j in range(table.columnCount())
        }
        assert fills
        for name in fills:
            assert is_dark_colour(QColor(name)) is dark, (theme, name)
        for i in range(table.rowCount()):
            for j in range(table.columnCount()):
                item = table.item(i, j)
                assert contrast(item.foreground().color(), item.background().color()) >= 4.5


def test_the_bridge_trick_tree_restyles_on_a_theme_change(qtbot, app_theme):
    from tests.ui.test_bridge_views import late_document
    from whistgui.ui.bridge.session import BridgeSession
    from whistgui.ui.bridge.trick_tree import TrickTreeView
    from whistgui.ui.engine_service import EngineService

    engine = EngineService()
    try:
        view = TrickTreeView(BridgeSession(late_document()), engine)
        qtbot.addWidget(view)
        view.resize(520, 500)
        view.show()
        qtbot.waitUntil(lambda: not view.busy, timeout=10000)
        assert re.search(r">(win|lose)<", view.caption.text())
        for theme in THEMES:
            _switch(qtbot, app_theme, theme)
            _check_text(view, theme)
    finally:
        engine.shutdown()


def test_every_colour_a_view_paints_is_a_role_of_the_theme(qtbot, app_theme, filled):
    """One palette source: the colours in the views' rich text and style sheets are the
    current theme's named roles (or its Qt palette), never a colour of the other theme."""
    from whistgui.ui.theme import colours

    window = filled
    for theme in THEMES:
        _switch(qtbot, app_theme, theme)
        trick(window).play_dock.raise_()  # its status line, then the inspector's labels
        qtbot.waitUntil(trick(window).play_panel.isVisible, timeout=5000)
        shown = _text_colours(window)
        trick(window).inspector_dock.raise_()
        qtbot.waitUntil(trick(window).inspector.isVisible, timeout=5000)
        shown += _text_colours(window)
        roles = {QColor(v).name() for v in colours().values()}
        other = {QColor(v).name() for v in colours(dark=theme != "dark").values()} - roles
        pal = QApplication.palette()
        palette = {pal.color(role).name() for role in QPalette.ColorRole if role.value < 21}
        for where, colour, _bg in shown:
            assert colour.name() in roles | palette, f"{theme}: {colour.name()} in {where}"
            assert colour.name() not in other, f"{theme}: {colour.name()} in {where}"


@pytest.mark.parametrize("page", ["bridge", "gops"])
def test_the_other_workspaces_paint_the_themes_roles(qtbot, app_theme, window, page):
    """Bridge (its trick tree's win/lose, a refusal in the deal field) and GOPS (the heat
    map, the bars, the hints) in both themes: every colour named in their text is a role of
    the theme in use or of its palette, and reads on its background."""
    from whistgui.ui.theme import colours

    window.set_game(page)
    workspace = bridge(window).page if page == "bridge" else gops(window).explorer
    qtbot.waitUntil(workspace.ready, timeout=60000)
    if page == "bridge":
        workspace.deal_edit.setText("not a deal")
        workspace.deal_edit.returnPressed.emit()
        assert workspace.deal_error.isVisible()
    for theme in THEMES:
        _switch(qtbot, app_theme, theme)
        roles = {QColor(v).name() for v in colours().values()}
        pal = QApplication.palette()
        palette = {pal.color(role).name() for role in QPalette.ColorRole if role.value < 21}
        shown = _text_colours(window)
        if page == "bridge":
            assert shown, "the deal field's refusal and the trick tree's caption are coloured"
        for where, colour, _bg in shown:
            assert colour.name() in roles | palette, f"{theme}: {colour.name()} in {where}"
        _check_text(window, theme)


def test_the_deal_fields_error_keeps_the_themes_red(qtbot, app_theme, window):
    """The error line and the field's border (was #c62828 in any theme, 3.0:1 on the dark
    theme's field) are the theme's red after every switch; no error, no border."""
    from whistgui.ui.theme import colours

    field = trick(window).notation
    field.set_error("'AX/K': unknown rank 'X'")
    for theme in THEMES:
        _switch(qtbot, app_theme, theme)
        assert f"color: {colours().error}" in field.error.styleSheet(), theme
        assert f"border: 2px solid {colours().error}" in field.edit.styleSheet(), theme
        _check_text(window, theme)
    field.set_error("")
    _switch(qtbot, app_theme, "dark")
    assert field.edit.styleSheet() == ""


def test_a_text_role_must_be_one_of_the_themes():
    from whistgui.ui.theme import text_role

    with pytest.raises(KeyError, match=r"no colour role 'errror'; the roles are .*error"):
        text_role(QLabel(), "errror")
