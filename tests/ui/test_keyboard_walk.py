"""Keyboard only, as the second fresh-eyes review of issue 25 walked the app: Tab leaves a
table (the arrows move within it), Ctrl+I gives the inspector the keys, and its α matrix and
tree are walked by the arrows (C2)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QAbstractItemView, QApplication, QWidget

from tests.ui.workspaces import trick

WAIT = 30000


def press(qtbot, key: Qt.Key, modifier=Qt.KeyboardModifier.NoModifier) -> QWidget:  # type: ignore[no-untyped-def]
    """``key`` to the widget with the keyboard's focus, as a user's key press; the widget that
    has the focus after it."""
    focus = QApplication.focusWidget()
    assert focus is not None
    qtbot.keyClick(focus, key, modifier)
    after = QApplication.focusWidget()
    assert after is not None
    return after


def test_tab_leaves_the_analysis_table_and_ctrl_i_gives_the_inspector_the_keys(qtbot, window):
    ws = trick(window)
    with qtbot.waitSignal(ws.analysisShown, timeout=WAIT):
        ws.open_example(27)
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow, timeout=WAIT)
    table = ws.analysis.table
    assert table.rowCount() > 1
    table.setFocus()
    table.setCurrentCell(0, 0)
    qtbot.waitUntil(lambda: QApplication.focusWidget() is table)
    press(qtbot, Qt.Key.Key_Down)  # the arrows move within ...
    assert table.currentRow() == 1
    assert press(qtbot, Qt.Key.Key_Tab) is not table  # ... and Tab goes on (it wrapped inside)

    ws.act_inspector.trigger()  # Ctrl+I
    inspector = ws.inspector
    qtbot.waitUntil(lambda: inspector.analysis is not None, timeout=WAIT)
    qtbot.waitUntil(lambda: QApplication.focusWidget() is inspector.matrix, timeout=WAIT)

    matrix = inspector.matrix
    assert isinstance(matrix, QAbstractItemView)
    qtbot.waitUntil(lambda: matrix.model().rowCount() > 1 and matrix.model().columnCount() > 1)
    matrix.setCurrentIndex(matrix.model().index(0, 0))
    press(qtbot, Qt.Key.Key_Down)
    press(qtbot, Qt.Key.Key_Right)
    assert (matrix.currentIndex().row(), matrix.currentIndex().column()) == (1, 1)
    # Tab goes on from the matrix, and reaches the tree within a few presses
    seen = [press(qtbot, Qt.Key.Key_Tab) for _ in range(8)]
    assert seen[0] is not matrix
    assert inspector.tree in seen
    while QApplication.focusWidget() is not inspector.tree:
        press(qtbot, Qt.Key.Key_Tab)
    tree = inspector.tree
    tree.setCurrentIndex(tree.model().index(0, 0))
    first = tree.currentIndex()
    press(qtbot, Qt.Key.Key_Down)
    assert tree.currentIndex() != first  # the arrows walk the tree


# ------------------------------------------------------------------ GOPS, keyboard only (C3)
def test_gops_by_keys_alone(qtbot, window, app_theme):  # type: ignore[no-untyped-def]
    """The prize row's focus shows in the dark theme (the theme's focus_ring), a click on
    empty space gives the keys back to the prizes, a 3 typed in the N box does not solve
    N = 3 until Enter, and after a prize turned by its number the arrows walk the matrix."""
    from PySide6.QtGui import QColor

    from tests.ui.test_gops_window import _choose
    from tests.ui.workspaces import gops
    from whistgui.engine.gops import GopsRules
    from whistgui.ui.theme import apply_theme, colour

    apply_theme(app_theme, "dark")
    _choose(window, "gops")
    ex = gops(window).explorer
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow, timeout=WAIT)
    qtbot.waitUntil(lambda: ex.session.solved and ex.ready(), timeout=60000)
    n = ex.session.rules.n
    assert n > 3

    # the N box: a 3 typed is N = 3 only on Enter
    ex.n_spin.setFocus()
    ex.n_spin.selectAll()
    qtbot.keyClick(ex.n_spin, Qt.Key.Key_3)
    assert ex.session.rules.n == n  # not solved again at the keystroke
    qtbot.keyClick(ex.n_spin, Qt.Key.Key_Escape)  # (Esc stops nothing here: not solving)
    ex.n_spin.setValue(n)

    # a click on empty space: the keys go to the prizes, a number turns one
    qtbot.mouseClick(ex.hints, Qt.MouseButton.LeftButton)
    chip = next(iter(ex.chips.chips.values()))
    qtbot.waitUntil(lambda: QApplication.focusWidget() is chip)

    # the focused prize shows it, in the dark theme's focus ring
    ring = colour("focus_ring")
    image = chip.grab().toImage()

    def has_ring(img) -> bool:  # type: ignore[no-untyped-def]
        for x in range(img.width()):
            for y in (2, 3, img.height() - 3, img.height() - 4):
                c = QColor(img.pixel(x, y))
                if (
                    abs(c.red() - ring.red())
                    + abs(c.green() - ring.green())
                    + abs(c.blue() - ring.blue())
                    < 40
                ):
                    return True
        return False

    assert has_ring(image)
    other = list(ex.chips.chips.values())[1]
    assert not has_ring(other.grab().toImage())  # only the focused one

    press(qtbot, Qt.Key.Key_3)
    assert 3 not in ex.session.state.prizes
    qtbot.waitUntil(ex.ready, timeout=WAIT)
    qtbot.waitUntil(lambda: QApplication.focusWidget() is ex.matrix, timeout=WAIT)
    ex.matrix.setCurrentCell(0, 0)
    press(qtbot, Qt.Key.Key_Down)
    press(qtbot, Qt.Key.Key_Right)
    assert (ex.matrix.currentRow(), ex.matrix.currentColumn()) == (1, 1)
    assert GopsRules(n) == ex.session.rules
