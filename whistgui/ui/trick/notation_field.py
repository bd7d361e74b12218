"""The deal as text above the table: typed or pasted in either notation, it updates the table
once it is complete — on Enter (or on leaving the field), or after a pause in the typing — never
at each key, so a prefix that happens to parse ("S:AQ/KJ" of "S:AQ/KJ S:K/A") never reaches the
table; bad text is marked with the engine's message and changes nothing, the message going as
soon as the text is edited again (it was about text that is gone). The field is an
:class:`~whistgui.ui.widgets.applied_field.AppliedField`: the message shows inside it, at its
right, so that an error never moves the table."""

from __future__ import annotations

from PySide6.QtWidgets import QWidget

from whistgui.ui.widgets.applied_field import PAUSE_MS, AppliedField

__all__ = ["PAUSE_MS", "NotationField"]


class NotationField(AppliedField):
    """The deal as text; typed or pasted text in either notation updates the table, bad text
    is marked with the engine's message and changes nothing (its owner applies the text
    :attr:`settled` carries, or marks it with :meth:`set_error`)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__("Dea&l:", "notation", parent)
        self.edit.setPlaceholderText("e.g. AQ/KJ K/A  or  [A Q, K J] + [K, A]")
