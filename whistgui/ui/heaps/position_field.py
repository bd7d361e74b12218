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

from whistgui.ui.theme import colour
from whistgui.ui.widgets.applied_field import PAUSE_MS, AppliedField
from whistgui.ui.widgets.keys import WindowKeys

__all__ = ["PAUSE_MS", "PositionField"]


class PositionField(AppliedField):
    """The position as text; :attr:`settled` carries the text once it is complete (its owner
    applies it, or marks it with :meth:`set_error`). Focused, it wears the theme's focus ring
    (the amber of the focused card); Ctrl+E in it is the window's Export Figure."""

    TEXT_SHARE: ClassVar[float] = 0.35
    #: The focus ring: as wide as the error's border, so the field never changes size.
    _FOCUS_STYLE: ClassVar[str] = "QLineEdit:focus {{ border: 2px solid {ring}; }}"

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__("&Position:", "heapsPosition", parent)
        self._window_keys = WindowKeys(self)
        self.edit.installEventFilter(self._window_keys)
        self._mark()

    def _mark(self, _theme: str = "") -> None:
        super()._mark(_theme)
        if not self.has_error:  # the error's red border, else the focus ring
            self.edit.setStyleSheet(self._FOCUS_STYLE.format(ring=colour("turn").name()))
