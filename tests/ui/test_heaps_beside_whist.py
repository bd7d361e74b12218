"""The heaps panel's "Beside whist" tab (issue 26: integral and refined hackenbush shown side by
side with whist): shown for the three hackenbush games only, its table the engine's roundings
of the position's value, its number line's arrows at the results, a whist suit of the same
value found in the background and opened in the whist workspace's inspector, both themes."""

from __future__ import annotations

from fractions import Fraction

import pytest
from PySide6.QtWidgets import QApplication

from whistgui.app.beside_whist import beside_whist, position_value
from whistgui.app.heaps import HeapsDocument
from whistgui.engine.games.whist.value import Value
from whistgui.ui.theme import apply_theme, colour

HACKENBUSH = ("hackenbush", "integral-hackenbush", "refined-integral-hackenbush")


def show(qtbot, ws, game: str, text: str):  # type: ignore[no-untyped-def]
    ws.session.change(HeapsDocument.new(game, text), "test")
    qtbot.waitUntil(ws.ready, timeout=60000)
    panel = ws.page.panel
    k = panel.tabs.indexOf(ws.page.beside_scroll)
    if panel.tabs.isTabVisible(k):
        panel.tabs.setCurrentIndex(k)
    return ws.page.beside


def suit_found(view) -> bool:  # type: ignore[no-untyped-def]
    return "looking" not in view.suit_line.text()


@pytest.mark.parametrize("game", HACKENBUSH)
def test_the_tab_is_there_for_hackenbush_only(qtbot, heaps, game):
    panel = heaps.page.panel
    show(qtbot, heaps, game, "BBR RB")
    k = panel.tabs.indexOf(heaps.page.beside_scroll)
    assert panel.tabs.isTabVisible(k)
    assert panel.tabs.tabBar().isVisible()
    show(qtbot, heaps, "nim", "3 4")
    assert not panel.tabs.isTabVisible(k)
    assert not panel.tabs.tabBar().isVisible()
    assert panel.tabs.currentIndex() == 0  # the moves, not a hidden tab


@pytest.mark.parametrize(
    "text",
    ["BBR RB BR", "BR", "B R", "BRB", "RRB B", "BBBR", "RBRB RR", "0"],
)
def test_the_table_is_the_engine_s_roundings_of_the_position_s_value(qtbot, heaps, text):
    view = show(qtbot, heaps, "integral-hackenbush", text)
    v = position_value(heaps.session.document)
    b = beside_whist(v)
    assert view.beside == b
    assert b.agree
    html = view.table.text()
    from whistgui.engine.heaps.dyadic import dyadic_pretty

    for r in (b.integral, b.whist, b.refined, b.refined_whist):
        for x in (r.first, r.second):
            assert dyadic_pretty(x) in html
    assert f"v = {b.pretty}" in view.heading.text()
    # the differences at a tie are named only at a tie
    assert view.ties.isVisibleTo(view) == bool(b.integral.tie or b.refined.tie)


def test_the_number_line_s_arrows_end_at_the_results(qtbot, heaps):
    view = show(qtbot, heaps, "refined-integral-hackenbush", "BBR RB BR")  # v = 3/2
    line = view.line
    assert line.beside.value == Fraction(3, 2)
    lo, hi = line.span()
    for r in (line.beside.integral, line.beside.refined):
        assert lo <= r.first <= hi
        assert lo <= r.second <= hi
    # a tie in both lanes: two arrows each, Blue's to the lower point, Red's to the higher
    assert line.beside.integral.pair == (1, 2)
    assert line.beside.refined.pair == (Fraction(5, 4), Fraction(7, 4))
    assert line.x_of(Fraction(1)) < line.x_of(Fraction(3, 2)) < line.x_of(Fraction(2))
    image = line.grab().toImage()
    blue = colour("counter_blue")
    # the blue arrow's head is drawn at the lower point of the ρ lane (just above the lane)
    x = round(line.x_of(Fraction(1)))
    column = {image.pixelColor(x, y).name() for y in range(20, 44)}
    assert blue.name() in column


def test_a_suit_with_the_value_is_found_and_opened_in_whist(qtbot, heaps, window):
    view = show(qtbot, heaps, "integral-hackenbush", "BBR")  # v = 1½
    qtbot.waitUntil(lambda: suit_found(view), timeout=30000)
    suit = view.suit
    assert suit is not None
    assert suit.exact
    assert suit.value == Value(Fraction(3, 2))
    assert suit.text in view.suit_line.text()
    assert view.open_button.isEnabled()
    view.copy_button.click()
    assert QApplication.clipboard().text() == suit.text
    view.open_button.click()
    qtbot.waitUntil(lambda: window.current.name != "heaps", timeout=10000)
    deal = window.current.session.document.deal
    assert str(deal.suits[0]) == suit.text


def test_a_negative_value_has_no_suit_and_says_why(qtbot, heaps):
    view = show(qtbot, heaps, "hackenbush", "RB")  # v = −½
    qtbot.waitUntil(lambda: suit_found(view), timeout=30000)
    assert view.suit is None
    assert not view.open_button.isEnabled()
    assert not view.copy_button.isEnabled()
    assert "between 0" in view.suit_line.text()


def test_a_value_only_near_a_suit_s_names_the_infinitesimal(qtbot, heaps):
    view = show(qtbot, heaps, "refined-integral-hackenbush", "B R")  # v = 0
    qtbot.waitUntil(lambda: suit_found(view), timeout=30000)
    assert view.suit is not None
    assert not view.suit.exact
    assert view.suit.value.number == 0
    assert view.suit.value.pretty() in view.suit_line.text()


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_the_number_line_is_painted_in_the_theme_s_colours(qtbot, heaps, app_theme, theme):
    view = show(qtbot, heaps, "integral-hackenbush", "BR BR B")  # v = 2: no tie
    apply_theme(app_theme, theme)
    QApplication.processEvents()
    line = view.line
    image = line.grab().toImage()
    seen = {image.pixelColor(x, y).name() for x in range(image.width()) for y in range(0, 110, 2)}
    assert colour("plot_text").name() in seen
    assert colour("plot_mark").name() in seen
    blue, red = colour("counter_blue").name(), colour("counter_red").name()
    assert blue in view.legend.text()
    assert red in view.legend.text()


def test_the_panel_fits_the_screen_with_the_tab_shown(qtbot, heaps, window):
    view = show(qtbot, heaps, "integral-hackenbush", "BBR RB BR")
    assert window.minimumSizeHint().width() <= 1280
    assert window.minimumSizeHint().height() <= 800
    assert view.isVisible()
    assert view.line.width() >= 240


@pytest.mark.parametrize(
    ("game", "mover", "whist", "lead"),
    [
        ("integral-hackenbush", "RIGHT", "whist", "E"),
        ("refined-integral-hackenbush", "LEFT", "refined-whist", "W"),
        ("refined-integral-hackenbush", "RIGHT", "refined-whist", "E"),
    ],
)
def test_open_in_whist_keeps_the_mover_and_the_refined_rules(
    qtbot, heaps, window, game, mover, whist, lead
):
    """With Red to move Open in whist opened the suit with West on lead though the tab pairs
    Red with East on lead; from refined hackenbush it opened plain whist (issue 26's second
    review, 3). The deal opens in the matching game with the matching side on lead."""
    from whistgui.engine.heaps.rules import Player as HeapPlayer
    from whistgui.engine.trick.cards import Player as TrickPlayer

    view = show(qtbot, heaps, game, "BBR")  # v = 1½
    doc = heaps.session.document.with_mover(HeapPlayer[mover])
    heaps.session.change(doc, "test")
    qtbot.waitUntil(heaps.ready, timeout=60000)
    qtbot.waitUntil(lambda: suit_found(view), timeout=30000)
    assert view.open_button.isEnabled()
    view.open_button.click()
    qtbot.waitUntil(lambda: window.current.name != "heaps", timeout=10000)
    opened = window.current.session.document
    assert opened.game == whist
    assert opened.lead is TrickPlayer(lead)


def test_the_one_arrow_where_both_agree_is_in_the_legend(qtbot, heaps):
    """v = 2 (no tie): one arrow in each lane, drawn in the plot's text colour — which the
    legend did not mention (issue 26's second review, 6). The legend shows its colour."""
    view = show(qtbot, heaps, "integral-hackenbush", "BR BR B")
    b = view.line.beside
    assert b.integral.first == b.integral.second  # one arrow
    image = view.line.grab().toImage()
    x = round(view.line.x_of(b.integral.first))
    ink = colour("plot_text").name()
    assert ink in {image.pixelColor(x, y).name() for y in range(20, 44)}
    assert f"color:{ink}'>■</span> one arrow for both when they agree" in view.legend.text()


def test_beside_whist_is_given_the_room_it_needs_where_there_is_some(qtbot, heaps, window):
    """At 1920×1080 (a window of about 1540×890) the tab needed scrolling: the panel kept its
    narrow width beside a wide board (issue 26's second review, 6). Shown, the tab gets its
    natural width from the board, and reads whole."""
    window.resize(1540, 890)
    QApplication.processEvents()
    view = show(qtbot, heaps, "integral-hackenbush", "BBR RB BRBB RRRB")
    QApplication.processEvents()
    page = heaps.page
    viewport = page.beside_scroll.viewport()
    assert viewport.width() >= view.sizeHint().width()
    assert view.heightForWidth(viewport.width()) <= viewport.height()
    assert page.board.width() >= page.board.minimumWidth()
