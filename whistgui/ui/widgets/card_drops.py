"""Drag and drop on a card table: the picture a drag of cards shows, the drop zone under the
pointer (highlighted while a drag is over it), and a drop read back into cards and handed to the
table, or refused with the reason on the felt.

A mixin of the card tables of two workspaces, the trick game's
(:class:`~whistgui.ui.trick.table.CardTable`) and bridge's
(:class:`~whistgui.ui.bridge.table.BridgeTable`). The table supplies:

- ``_drop_zone``: the zone highlighted under a drag (None: none), which its painter reads;
- ``_press_card`` and ``_press_pos``: the card the left button was pressed on, and where
  (its mouseMoveEvent calls :meth:`drag_pressed_card`); ``_selected``, the cards selected;
- ``start_drag(cards)``: the drag of ``cards`` begun (by :meth:`drag_cards`);
- ``zone_at(pos)``: the place a drop at ``pos`` goes to, None outside every place;
- ``show_refusal(reason)``: a refusal said on the felt;
- :meth:`decode_drop` and :meth:`drop_cards`, and the class attributes :attr:`drop_mime_type`
  and :attr:`drop_outside`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from PySide6.QtCore import QMimeData, QPoint, QPointF, QRectF, Qt
from PySide6.QtGui import (
    QDrag,
    QDragEnterEvent,
    QDragLeaveEvent,
    QDragMoveEvent,
    QDropEvent,
    QMouseEvent,
    QPainter,
    QPixmap,
)
from PySide6.QtWidgets import QApplication, QWidget

from whistgui.ui.widgets.cardart import paint_card

__all__ = ["CardDragDrop"]

#: A drag shows at most this many cards, fanned.
DRAG_SHOWN = 8


class CardDragDrop(QWidget):
    """A card table's drags and drops (see the module's docstring for what the table gives)."""

    #: The mime type of the table's own drags: only these are taken.
    drop_mime_type: ClassVar[str]
    #: The refusal of a drop outside every place.
    drop_outside: ClassVar[str]
    _drop_zone: Any = None
    _press_card: Any = None
    _press_pos: QPoint | None = None

    if TYPE_CHECKING:  # the table's own

        def zone_at(self, pos: QPointF) -> Any: ...

        def show_refusal(self, reason: str) -> None: ...

        _selected: list[Any]

        def start_drag(self, cards: list[Any]) -> None: ...

    # -- what the table gives -------------------------------------------------------------
    def decode_drop(self, mime: QMimeData) -> list[Any]:
        """The cards ``mime`` carries; ValueError with the reason when it carries none of the
        table's."""
        raise NotImplementedError

    def drop_cards(self, cards: list[Any], zone: Any) -> bool:
        """Move the dropped ``cards`` to ``zone``; False when the move is refused."""
        raise NotImplementedError

    # -- dragging -------------------------------------------------------------------------
    def drag_pressed_card(self, event: QMouseEvent) -> bool:
        """Drag the card the left button was pressed on (``_press_card``, at ``_press_pos``),
        with the rest of the selection if it is selected, once the mouse has moved far
        enough with the button held; whether it did."""
        card, start = self._press_card, self._press_pos
        if card is None or start is None or not event.buttons() & Qt.MouseButton.LeftButton:
            return False
        moved = (event.position().toPoint() - start).manhattanLength()
        if moved < QApplication.startDragDistance():
            return False
        self._press_card = None
        self.start_drag(self._selected if card in self._selected else [card])
        return True

    def drag_cards(
        self,
        mime: QMimeData,
        faces: Sequence[tuple[str, int]],
        card_size: tuple[float, float],
        step: int,
        hot_spot: QPoint | None = None,
    ) -> None:
        """Drag ``mime``, shown as the cards ``faces`` (suit name, rank) fanned ``step`` px
        apart (the first :data:`DRAG_SHOWN`), the pointer at ``hot_spot`` of the picture."""
        drag = QDrag(self)
        drag.setMimeData(mime)
        cw, ch = card_size
        shown = faces[:DRAG_SHOWN]
        pix = QPixmap(int(cw + step * (len(shown) - 1)) + 2, int(ch) + 2)
        pix.fill(Qt.GlobalColor.transparent)
        painter = QPainter(pix)
        for k, (suit, rank) in enumerate(shown):
            paint_card(painter, QRectF(1 + step * k, 1, cw, ch), suit, rank)
        painter.end()
        drag.setPixmap(pix)
        if hot_spot is not None:
            drag.setHotSpot(hot_spot)
        drag.exec(Qt.DropAction.MoveAction)

    # -- drops ----------------------------------------------------------------------------
    def dragEnterEvent(self, event: QDragEnterEvent) -> None:
        if event.mimeData().hasFormat(self.drop_mime_type):
            event.acceptProposedAction()
        else:
            event.ignore()

    def dragMoveEvent(self, event: QDragMoveEvent) -> None:
        zone = self.zone_at(event.position())
        if zone != self._drop_zone:
            self._drop_zone = zone
            self.update()
        if zone is None:
            event.ignore()
        else:
            event.acceptProposedAction()

    def dragLeaveEvent(self, event: QDragLeaveEvent) -> None:
        self._drop_zone = None
        self.update()

    def dropEvent(self, event: QDropEvent) -> None:
        self._drop_zone = None
        self.update()
        zone = self.zone_at(event.position())
        if zone is None:
            self.show_refusal(self.drop_outside)
            event.ignore()
            return
        try:
            cards = self.decode_drop(event.mimeData())
        except ValueError as exc:
            self.show_refusal(f"Drop refused: {exc}")
            event.ignore()
            return
        if self.drop_cards(cards, zone):
            event.setDropAction(Qt.DropAction.MoveAction)
            event.accept()
        else:
            event.ignore()
