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
