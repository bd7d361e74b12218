"""What every workspace's session builds on (ui/session.py): the undo step that replaces a
session's state (the trick games', bridge's and the heaps' sessions each push one per action),
and the file session's mark."""

from __future__ import annotations

import pytest
from PySide6.QtGui import QUndoStack

from whistgui.ui.session import FileSession, SetStateCommand


def test_a_step_applies_its_state_when_pushed_and_the_old_one_on_undo(qtbot):
    stack = QUndoStack()
    state = ["a"]
    applied: list[tuple[str, int]] = []

    def apply(new: tuple[str, int]) -> None:
        applied.append(new)
        state[0] = new[0]

    stack.push(SetStateCommand(apply, ("a", 0), ("b", 1), "Edit deal text"))
    assert applied == [("b", 1)]  # pushing does it
    assert stack.undoText() == "Edit deal text"
    stack.undo()
    assert applied[-1] == ("a", 0)
    assert state == ["a"]
    stack.redo()
    assert applied[-1] == ("b", 1)
    assert state == ["b"]


def test_a_file_session_is_modified_until_its_stack_is_clean_and_reads_no_file(qtbot):
    session = FileSession()
    seen: list[bool] = []
    session.modifiedChanged.connect(seen.append)
    assert session.path is None
    assert not session.modified
    session.undo_stack.push(SetStateCommand(lambda _s: None, 0, 1, "Change"))
    assert session.modified
    session.undo_stack.setClean()
    assert not session.modified
    assert seen == [True, False]
    with pytest.raises(NotImplementedError):
        session.save("x")  # a subclass says how its files are written
