"""The position as text above the board, as the trick games' deal field behaves (an
:class:`~whistgui.ui.widgets.applied_field.AppliedField`): typed or pasted, it reaches the board
once it is complete — on Enter (or leaving the field), or after a pause in the typing — never at
each key, so a prefix that happens to parse (``1`` of ``12``) never reaches it; bad text is
marked with the rules' message, which quotes it, and changes nothing. The message shows inside
the field at its right, so that an error never moves the board. Undo and redo keys ask for the
session's, Esc for the position's text back."""

from __future__ import annotations

from typing import ClassVar

from PySide6.QtWidgets import QWidget

from whistgui.ui.widgets.applied_field import PAUSE_MS, AppliedField

__all__ = ["PAUSE_MS", "PositionField"]


class PositionField(AppliedField):
    """The position as text; :attr:`settled` carries the text once it is complete (its owner
    applies it, or marks it with :meth:`set_error`)."""

    TEXT_SHARE: ClassVar[float] = 0.35

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__("&Position:", "heapsPosition", parent)
