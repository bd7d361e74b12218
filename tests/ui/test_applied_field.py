"""The field both workspaces type text into (ui/widgets/applied_field.py: the trick games' deal,
the heaps position): what it does the same for both, seen on the widget alone — the text handed
over once complete, the message inside the field and gone at the next key, a click on the
message a click in the field, the context menu's Undo and Redo its owner's once given."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QUndoStack
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from whistgui.ui.heaps.position_field import PositionField
from whistgui.ui.trick.notation_field import NotationField
from whistgui.ui.widgets.applied_field import PAUSE_MS, AppliedField


def _field(qtbot, cls=AppliedField):  # type: ignore[no-untyped-def]
    field = cls("&Text:", "probe") if cls is AppliedField else cls()
    qtbot.addWidget(field)
    field.resize(600, field.sizeHint().height())
    field.show()
    qtbot.waitExposed(field)
    return field


def test_the_workspaces_fields_are_the_shared_one_with_their_names(qtbot):
    deal, position = _field(qtbot, NotationField), _field(qtbot, PositionField)
    assert isinstance(deal, AppliedField)
    assert isinstance(position, AppliedField)
    assert (deal.edit.objectName(), deal.error.objectName()) == ("notation", "notationError")
    assert (position.edit.objectName(), position.error.objectName()) == (
        "heapsPosition",
        "heapsPositionError",
    )
    assert deal.edit.placeholderText()
    assert not position.edit.placeholderText()
    assert position.TEXT_SHARE < deal.TEXT_SHARE


def test_text_settles_on_enter_or_after_the_pause_never_at_a_key(qtbot):
    field = _field(qtbot)
    settled: list[str] = []
    field.settled.connect(settled.append)
    field.edit.setFocus()
    QTest.keyClicks(field.edit, "12")
    assert settled == []
    assert field.pending
    qtbot.waitUntil(lambda: settled == ["12"], timeout=5 * PAUSE_MS)
    QTest.keyClicks(field.edit, "3")
    QTest.keyClick(field.edit, Qt.Key.Key_Return)
    assert settled[-1] == "123"
    assert not field.pending


def test_the_message_shows_inside_the_field_and_goes_at_the_next_key(qtbot):
    field = _field(qtbot)
    field.edit.setText("3 x")
    field.set_error("'x' is not a heap size")
    assert field.has_error
    assert field.error.isVisible()
    assert field.edit.rect().contains(field.error.geometry())
    assert field.edit.textMargins().right() > 0  # the text keeps out of its way
    assert field.edit.styleSheet() != ""  # the red border
    field.edit.setFocus()
    QTest.keyClick(field.edit, Qt.Key.Key_Backspace)
    assert not field.has_error
    assert not field.error.isVisible()
    assert field.edit.textMargins().right() == 0
    assert field.edit.styleSheet() == ""
    assert field.pending  # the pause will say again what is wrong, if something is


def test_a_click_on_the_message_is_a_click_in_the_field(qtbot):
    field = _field(qtbot)
    field.edit.setText("3 x 4")
    field.set_error("'x' is not a heap size")
    field.edit.setCursorPosition(0)
    field.edit.clearFocus()
    QTest.mouseClick(field.error, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: QApplication.focusWidget() is field.edit, timeout=2000)
    assert field.edit.cursorPosition() == len("3 x 4")
    assert field.has_error  # a click changes no text


def test_the_context_menu_s_undo_and_redo_are_the_owner_s_once_given(qtbot):
    field = _field(qtbot)
    own = field.edit.context_menu()
    assert {"edit-undo", "edit-redo"} <= {a.objectName() for a in own.actions()}
    own.deleteLater()
    stack = QUndoStack(field)
    undo, redo = stack.createUndoAction(field), stack.createRedoAction(field)
    field.edit.history_actions = (undo, redo)
    menu = field.edit.context_menu()
    actions = menu.actions()
    assert undo in actions
    assert redo in actions
    assert not any(a.objectName() in ("edit-undo", "edit-redo") for a in actions)
    menu.deleteLater()
