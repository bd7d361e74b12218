"""The one question before unsaved changes are lost: before a document replaces another (New,
Open, an example) in one workspace, and at quitting in every workspace at once — one question
listing them all, never one a workspace."""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

from PySide6.QtWidgets import QMessageBox, QWidget

from whistgui.ui.workspace import Workspace

__all__ = ["ask", "let_go", "question_text", "unsaved_box"]


def question_text(workspaces: Sequence[Workspace]) -> str:
    """The question for the unsaved changes of ``workspaces`` (at least one), as rich text in
    which a name (a file's, a deal's title) is text, never markup."""
    whats = [escape(ws.unsaved_text(), quote=False) for ws in workspaces]
    if len(whats) == 1:
        what = f"{whats[0][:1].upper()}{whats[0][1:]}"
        verb = "have" if workspaces[0].unsaved_plural() else "has"
        return f"<p>{what} {verb} unsaved changes. Save them first?</p>"
    listed = "".join(f"<li>{w}</li>" for w in whats)
    return f"<p>These have unsaved changes:</p><ul>{listed}</ul><p>Save them first?</p>"


def unsaved_box(parent: QWidget, text: str) -> QMessageBox:
    """The question's box, not yet shown: Save, Discard and Cancel, the first two with
    mnemonics (Alt+S saves, Alt+D discards; Esc cancels), Save the default."""
    box = QMessageBox(QMessageBox.Icon.Question, "Unsaved changes", text, parent=parent)
    buttons = QMessageBox.StandardButton
    box.setStandardButtons(buttons.Save | buttons.Discard | buttons.Cancel)
    box.button(buttons.Save).setText("&Save")
    box.button(buttons.Discard).setText("&Discard")
    box.setDefaultButton(buttons.Save)
    box.setEscapeButton(buttons.Cancel)
    return box


def ask(parent: QWidget, text: str) -> QMessageBox.StandardButton:
    """Shows the question (modal) and returns the button chosen (Cancel if the box is closed)."""
    box = unsaved_box(parent, text)
    box.exec()
    clicked = box.clickedButton()
    if clicked is None:
        return QMessageBox.StandardButton.Cancel
    return box.standardButton(clicked)


def let_go(parent: QWidget, workspaces: Sequence[Workspace]) -> bool:
    """True if none of ``workspaces`` has unsaved changes, or the user lets them go, or saves
    them all (Save saves each in turn; one not saved — refused or cancelled — stops it)."""
    changed = [ws for ws in workspaces if ws.modified()]
    if not changed:
        return True
    answer = ask(parent, question_text(changed))
    if answer == QMessageBox.StandardButton.Save:
        return all(ws.save() for ws in changed)
    return answer == QMessageBox.StandardButton.Discard
