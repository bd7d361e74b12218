"""GOPS's heat map has a colour key, as the printed figure has (issue 25): the scale the cells
are coloured by, from −m to +m (m the matrix's largest |value|), in the theme's heat colours,
under the matrix and inside its room. A long exact value reads "≈ 0.8535 · exact p/q" with a
Copy button that puts the whole fraction on the clipboard — not a one-line field of its digits."""

from __future__ import annotations

from fractions import Fraction

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QApplication, QLineEdit

from whistgui.engine.gops import ExactSolution, GopsRules, GopsSolver
from whistgui.engine.symbols import MINUS
from whistgui.figures.gops import format_payoff
from whistgui.ui.gops.colours import heat_colour
from whistgui.ui.gops.explorer import GopsExplorer
from whistgui.ui.gops.value_panel import ValuePanel, approximate_text
from whistgui.ui.theme import apply_theme

WAIT = 20_000


def _explorer(qtbot, gops_explorer, rules: GopsRules) -> GopsExplorer:  # type: ignore[no-untyped-def]
    """An explorer of ``rules`` (conftest's gops_explorer), solved as it opened."""
    w = gops_explorer(rules, auto_solve=rules.n)
    qtbot.waitUntil(lambda: w.session.solved and w.ready(), timeout=WAIT)
    return w


def _close(a, b, tolerance: int = 8) -> bool:  # type: ignore[no-untyped-def]
    return all(abs(x - y) <= tolerance for x, y in zip(a, b, strict=True))


def _rgb(c) -> tuple[int, int, int]:  # type: ignore[no-untyped-def]
    return c.red(), c.green(), c.blue()


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_the_heat_map_has_a_colour_key_in_the_themes_colours(
    qtbot, gops_explorer, app_theme, theme
):
    apply_theme(app_theme, theme)
    w = _explorer(qtbot, gops_explorer, GopsRules(4))
    try:
        w.turn(4)
        qtbot.waitUntil(w.ready, timeout=WAIT)
        QApplication.processEvents()
        matrix, key = w.matrix, w.pages.key
        assert w.pages.currentWidget() is w.bidding_page
        assert key.isVisible()
        values = [
            float(matrix.item(i, j).data(Qt.ItemDataRole.UserRole))
            for i in range(matrix.rowCount())
            for j in range(matrix.columnCount())
        ]
        m = 1.0  # the sign: one scale, ±1, for every state of the game (review 31b, C10)
        assert 0 < max(abs(v) for v in values) <= m
        assert key.scale == pytest.approx(m)
        assert key.texts() == (format_payoff(-m, 3), format_payoff(0.0, 3), format_payoff(m, 3))
        # under the matrix, inside the room the matrix is given
        area = w.matrix_area
        matrix_bottom = matrix.mapTo(area, QPoint(0, matrix.height())).y()
        key_top = key.mapTo(area, QPoint(0, 0)).y()
        assert key_top >= matrix_bottom
        assert key_top + key.height() <= area.height()
        # the bar is painted in the colours the cells are painted in: its ends and its middle
        pal = key.palette()
        image = key.grab().toImage()
        ratio = image.devicePixelRatio()
        bar = key.bar_rect()
        y = int((bar.y() + bar.height() / 2) * ratio)
        for value, x in ((-m, bar.left() + 1), (0.0, bar.center().x()), (m, bar.right() - 2)):
            painted = _rgb(image.pixelColor(int(x * ratio), y))
            assert _close(painted, _rgb(heat_colour(value, m, pal))), (theme, value, painted)
        # and a cell with the largest value has the colour of the bar's end on its side
        i, j = next(
            (i, j)
            for i in range(matrix.rowCount())
            for j in range(matrix.columnCount())
            if abs(float(matrix.item(i, j).data(Qt.ItemDataRole.UserRole))) == m
        )
        v = float(matrix.item(i, j).data(Qt.ItemDataRole.UserRole))
        cell = matrix.item(i, j).background().color()
        if cell != heat_colour(0.0, m, pal):  # not a dominated (grey) cell
            end = bar.right() - 2 if v > 0 else bar.left() + 1
            assert _close(_rgb(cell), _rgb(image.pixelColor(int(end * ratio), y)))
        # the key follows the theme: switched, the bar's end is the other theme's colour
        other = "dark" if theme == "light" else "light"
        apply_theme(app_theme, other)
        QApplication.processEvents()
        image = key.grab().toImage()
        painted = _rgb(image.pixelColor(int((bar.right() - 2) * ratio), y))
        assert _close(painted, _rgb(heat_colour(m, m, key.palette())))
        assert not _close(painted, _rgb(heat_colour(m, m, pal)))
    finally:
        w.shutdown()


def test_the_key_is_hidden_without_a_matrix(qtbot, gops_explorer):
    w = _explorer(qtbot, gops_explorer, GopsRules(3))
    try:
        assert w.session.state.is_bidding is False  # the start: a prize to turn
        assert not w.pages.key.isVisible()
        w.turn(3)
        qtbot.waitUntil(w.ready, timeout=WAIT)
        assert w.pages.key.isVisible()
        w.back()
        qtbot.waitUntil(w.ready, timeout=WAIT)
        assert not w.pages.key.isVisible()
    finally:
        w.shutdown()


def test_a_long_exact_value_is_approximate_with_copy(qtbot, gops_explorer):
    """N = 5, the prize 5 turned, A bids 5 and B 4: A's exact value has 10 digits over 10 —
    written out whole since review 31b (X2: up to 41 characters); a longer one (N = 6's
    first prize: thousands of digits) reads ≈ 0.8535 with Copy, which copies it whole."""
    rules = GopsRules(5)
    w = _explorer(qtbot, gops_explorer, rules)
    try:
        w.turn(5)
        qtbot.waitUntil(w.ready, timeout=WAIT)
        w.bid(5, 4)
        qtbot.waitUntil(w.ready, timeout=WAIT)
        result = w.current_exact()
        exact = result.value if isinstance(result, ExactSolution) else result
        assert exact == GopsSolver(rules).exact_value(w.session.state)
        p, q = len(str(abs(exact.numerator))), len(str(exact.denominator))
        assert 15 < p + q + 1 <= 41
        assert w.exact_label.text() == f"Exact: {str(exact).replace('-', MINUS)}"
        assert not w.copy_button.isVisible()
        long = Fraction(exact.numerator * 10**40 + 1, exact.denominator * 10**40)
        w.side.set_exact(long)
        p, q = len(str(abs(long.numerator))), len(str(long.denominator))
        assert w.exact_label.text() == (
            f"Exact: ≈ {approximate_text(long)} · exact p/q (p of {p} digits, q of {q})"
        )
        # no field of digits: the fraction is only in the tooltip's ends and on the clipboard
        digits = str(abs(long.numerator))
        assert not [e for e in w.findChildren(QLineEdit) if e.isVisible() and digits in e.text()]
        assert w.copy_button.isVisible()
        QApplication.clipboard().clear()
        qtbot.mouseClick(w.copy_button, Qt.MouseButton.LeftButton)
        assert QApplication.clipboard().text() == str(long)
        assert Fraction(QApplication.clipboard().text()) == long
        # a short one is written out, with nothing to copy
        w.back()
        qtbot.waitUntil(w.ready, timeout=WAIT)
        assert w.exact_label.text() in ("Exact: 0", f"Exact: {w.current_exact()}")
        assert not w.copy_button.isVisible()
    finally:
        w.shutdown()


def test_a_value_of_hundreds_of_digits_fits_the_panel(qtbot):
    """A fraction of 582 digits over 582 (as N = 6's states have): one short line and Copy,
    the panel no wider than before; the clipboard gets all 1,165 characters."""
    value = Fraction(10**581 + 123456789, 9 * 10**581 + 7)
    assert (len(str(value.numerator)), len(str(value.denominator))) == (582, 582)
    panel = ValuePanel()
    qtbot.addWidget(panel)
    panel.resize(400, 600)
    panel.show()
    width = panel.sizeHint().width()
    panel.set_exact(value)
    text = panel.exact_label.text()
    assert text == "Exact: ≈ 0.1111 · exact p/q (p of 582 digits, q of 582)"
    assert panel.sizeHint().width() == width
    assert panel.exact_label.fontMetrics().horizontalAdvance(text) < 2 * panel.width()
    assert "…" in panel.exact_label.toolTip()
    assert panel.copy_button.isVisible()
    panel.copy_exact()
    assert QApplication.clipboard().text() == str(value)
    assert len(QApplication.clipboard().text()) == 582 + 1 + 582
    panel.set_exact(Fraction(-1, 9))
    assert panel.exact_label.text() == f"Exact: {MINUS}1/9"
    assert not panel.copy_button.isVisible()
    panel.set_exact_text("Exact: computing …")
    assert panel.exact is None
    assert not panel.copy_button.isVisible()


def test_the_hint_says_what_happens_while_a_game_solves_itself(qtbot, gops_explorer):
    """Game ▸ GOPS solves N = 6 on entry while the hint said "Pick N and the rules above;
    then Solve." (issue 25's review, F16): while it solves, the hint says what will appear;
    solved, what to do with it; not solving, to press Solve."""
    w = gops_explorer(GopsRules(4), auto_solve=4)
    assert w.solving
    assert "Solve" not in w.hints.text().replace("Solving", "")
    assert w.hints.text().startswith("Solving")
    qtbot.waitUntil(lambda: w.session.solved and w.ready(), timeout=WAIT)
    assert "prize" in w.hints.text()  # the start: a prize to turn
    assert "then Solve" not in w.hints.text()
    idle = gops_explorer(GopsRules(4), auto_solve=0)
    assert not idle.solving
    assert "then Solve" in idle.hints.text()


def test_copy_says_so_in_the_status_bar(qtbot, gops_explorer):
    """Copy put the fraction on the clipboard and nothing on the screen said so (F16)."""
    value = Fraction(10**581 + 123456789, 9 * 10**581 + 7)
    panel = ValuePanel()
    qtbot.addWidget(panel)
    panel.set_exact(value)
    with qtbot.waitSignal(panel.copied, timeout=1000) as said:
        qtbot.mouseClick(panel.copy_button, Qt.MouseButton.LeftButton)
    assert said.args[0] == (
        "Copied the exact value to the clipboard: p/q ≈ 0.1111, 1,165 characters"
    )
    # the explorer passes it to the window's status bar (its message signal)
    w = gops_explorer(GopsRules(3))
    heard: list[str] = []
    w.message.connect(heard.append)
    w.side.set_exact(value)
    w.side.copy_exact()
    assert heard == [said.args[0]]
