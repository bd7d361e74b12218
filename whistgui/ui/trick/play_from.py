"""The play panel's line field: a line of play written seat by seat (``E:SK W:S9``, as ``whist
play --from`` takes it) is played from the deal's start once it is complete — on Enter or
after a pause in the typing (an
:class:`~whistgui.ui.widgets.applied_field.AppliedField`); a bad card is marked in the field
with the engine's message, which quotes it and says what was expected, and changes nothing.
The first card's seat must be the one the table has on lead — as ``whist play --from`` with
``--lead``, a line starting with another seat's card is refused (:func:`read_line`), never
played with the lead silently moved. The line is the table's deal's: when that deal changes
the field is emptied, its error with it (:meth:`LineField.follow_deal`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtWidgets import QWidget

from whistgui.engine import Card, Deal, NotationError, Player
from whistgui.engine.games import find_game
from whistgui.engine.reading import quote
from whistgui.engine.trick.play import parse_line
from whistgui.ui.widgets.applied_field import AppliedField

__all__ = ["LineField", "read_line"]

Key = tuple[Deal, Player, str]  # the table's deal, its leader and game


def read_line(key: Key | None, text: str) -> tuple[Key, tuple[Card, ...]]:
    """The deal to play and the cards of ``text`` (``E:SK W:S9``) for the table's ``key``: a
    bad card, or a first card not of the seat on lead, is a NotationError quoting the line.

    The lead is the table's: ``W:SA`` with East on lead is refused, as ``whist play --from
    'W:SA' --lead E`` is, rather than played with West leading."""
    if key is None:
        raise NotationError("no deal to play: open one first (View ▸ Optimal Play)")
    deal, leader, game = key
    first, cards = parse_line(deal, text, find_game(game).rules)
    if first is not leader:
        raise NotationError(
            f"{quote(text.strip())} starts with {first.word}'s card, but {leader.word} is on "
            f"lead: start the line with {leader.value}:"
        )
    return key, cards


class LineField(AppliedField):
    """``apply(text)`` plays the settled text and returns its error ("" when played); an empty
    field asks nothing."""

    def __init__(self, apply: Callable[[str], str], parent: QWidget | None = None) -> None:
        super().__init__("Fro&m:", "playFrom", parent)
        self.edit.setPlaceholderText("a line of play, seat by seat: E:SK W:S9 …")
        self.edit.setToolTip(
            "Play from this line: each card with its seat (E:SK is East's ♠K), starting "
            "with the seat on lead. Enter plays it from the deal's start."
        )
        self.edit.setMinimumWidth(12 * self.edit.fontMetrics().averageCharWidth())
        self.setMaximumWidth(60 * self.edit.fontMetrics().averageCharWidth())
        self._apply = apply
        self._deal: Any = None  # the table's deal (with its leader and game) the line is for
        self.settled.connect(self._on_settled)

    def follow_deal(self, key: Any) -> None:
        """The table's deal is ``key`` now (a deal, its leader and game): a line typed for
        another, and its error, are cleared — it would play a deal no longer on the table."""
        if key != self._deal:
            self.show_text("")
            self._deal = key

    def _on_settled(self, text: str) -> None:
        self.set_error(self._apply(text) if text.strip() else "")
