"""The bridge table's input: moving cards (drag and drop, the N E S W P keys, the context
menu), playing them (a click, a double-click, Enter), selecting and walking them with the
keyboard. A mixin of :class:`~whistgui.ui.bridge.table.BridgeTable`: its handlers read and
change the table's selection and focus, and ask the table's session for moves and plays; the
drags and drops themselves are :class:`~whistgui.ui.widgets.card_drops.CardDragDrop`'s."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QMimeData, QPoint, QPointF, Qt
from PySide6.QtGui import QAction, QContextMenuEvent, QKeyEvent, QMouseEvent
from PySide6.QtWidgets import QMenu

from whistgui.engine.bridge import BridgeCard, Seat
from whistgui.engine.errors import WhistError
from whistgui.ui.bridge.table_cards import (
    MIME_TYPE,
    MOVE_KEYS,
    PLACES,
    POOL,
    Place,
    card_text,
    decode_cards,
    encode_cards,
    place_name,
)
from whistgui.ui.bridge.table_layout import Slot
from whistgui.ui.widgets.card_drops import CardDragDrop

__all__ = ["TableInput"]


class TableInput(CardDragDrop):
    """The table's mouse, keyboard, drag-and-drop and context-menu handling."""

    # -- moving cards ---------------------------------------------------------------------
    def request_move(self, cards: Sequence[BridgeCard], dest: Place, verb: str = "Move") -> bool:
        """Ask the session to move ``cards`` to ``dest``; those already there stay. A refusal
        is shown on the felt ("``verb`` refused: …")."""
        moving = [c for c in cards if self.place_of(c) != dest]
        where = place_name(dest)
        if not moving:
            what = "That card is" if len(cards) == 1 else "Those cards are"
            self.show_refusal(f"{what} already {'in' if dest == POOL else 'with'} {where}")
            return False
        self._moving = True
        try:
            self._session.move_cards(moving, None if dest == POOL else Seat(dest))
        except WhistError as exc:
            self.show_refusal(f"{verb} refused: {exc}")
            return False
        finally:
            self._moving = False
        return True

    def start_drag(self, cards: list[BridgeCard]) -> None:
        if not cards:
            return
        cw, ch = self.card_size()
        self.drag_cards(
            encode_cards(cards, self.place_of(cards[0])),
            [(c.suit.name, c.rank) for c in cards],
            (cw, ch),
            step=14,
            hot_spot=QPoint(int(cw / 2), int(ch / 3)),
        )

    # -- drops (the rest is CardDragDrop's) -----------------------------------------------
    drop_mime_type = MIME_TYPE
    drop_outside = "Drop the cards on a hand, or in the middle to return them"

    def decode_drop(self, mime: QMimeData) -> list[BridgeCard]:
        return decode_cards(mime)

    def drop_cards(self, cards: list[BridgeCard], zone: Place) -> bool:
        return self.request_move(cards, zone, "Drop")

    # -- playing --------------------------------------------------------------------------
    def play_card(self, card: BridgeCard) -> bool:
        """Play ``card`` for the player to move; a refusal says why (on the felt too)."""
        doc = self._session.document
        problem = doc.problem()
        pos = self.position
        name = card_text(card)
        if problem is not None or pos is None:
            self.show_refusal(f"{name} cannot be played: the hands are not a deal yet")
            return False
        if pos.is_over:
            self.show_refusal(f"{name} cannot be played: all 13 tricks are played")
            return False
        owner = self.place_of(card)
        if owner != pos.to_move and card not in pos.hands[pos.to_move]:
            whose = "undealt" if owner == POOL else f"{place_name(owner)}'s"
            self.show_refusal(f"It is {pos.to_move.word}'s turn; {name} is {whose}")
            return False
        try:
            self._session.play(card)
        except WhistError as exc:
            self.show_refusal(f"Play refused: {exc}")
            return False
        return True

    def _is_mover_card(self, slot: Slot) -> bool:
        return slot.place != POOL and slot.place == self._mover()

    # -- mouse ----------------------------------------------------------------------------
    def mousePressEvent(self, event: QMouseEvent) -> None:
        if event.button() != Qt.MouseButton.LeftButton:
            super().mousePressEvent(event)
            return
        slot = self.slot_at(event.position())
        ctrl = bool(event.modifiers() & Qt.KeyboardModifier.ControlModifier)
        self._press_pos = event.position().toPoint()
        self._press_card = slot.card if slot else None
        self._press_plays = False
        if slot is None:
            if not ctrl:
                self.set_selected([])
            return
        self._focus = slot.card
        if ctrl:
            self._toggle(slot.card)
        elif self._is_mover_card(slot):
            self._press_plays = True  # played on release, unless it becomes a drag
        elif slot.card not in self._selected:
            self.set_selected([slot.card])
            mover = self._mover()
            if mover is not None and slot.place != POOL:
                note = (
                    f"{mover.word} is to play; {card_text(slot.card)} is selected: "
                    "N, E, S, W or P moves it"
                )
                self.show_note(note)
                self._selection_note = note
        self.update()

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        if self.drag_pressed_card(event):
            self._press_plays = False  # a drag, not a click that plays

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        card, plays = self._press_card, self._press_plays
        self._press_card = None
        self._press_pos = None
        self._press_plays = False
        self._click_played = False
        if event.button() != Qt.MouseButton.LeftButton or not plays or card is None:
            return
        slot = self.slot_at(event.position())
        if slot is not None and slot.card == card:
            self._click_played = self.play_card(card)

    def mouseDoubleClickEvent(self, event: QMouseEvent) -> None:
        """Plays the card, unless the double-click's first click already played one."""
        if event.button() != Qt.MouseButton.LeftButton:
            return
        slot = self.slot_at(event.position())
        if self._click_played or slot is None or not self._is_mover_card(slot):
            return
        self._click_played = self.play_card(slot.card)

    # -- keyboard -------------------------------------------------------------------------
    def _walk(self, cur: Slot, key: int) -> BridgeCard:
        slots = self.table_layout().slots
        if key in (Qt.Key.Key_Left, Qt.Key.Key_Right):
            row = [s for s in slots if s.place == cur.place]
            k = row.index(cur) + (1 if key == Qt.Key.Key_Right else -1)
            return row[max(0, min(len(row) - 1, k))].card
        down = key == Qt.Key.Key_Down
        y, x = cur.visible.center().y(), cur.visible.center().x()
        candidates = [
            s
            for s in slots
            if (s.visible.center().y() - y if down else y - s.visible.center().y()) > 4
        ]
        if not candidates:
            return cur.card
        best = min(
            candidates,
            key=lambda s: abs(s.visible.center().y() - y) + 3 * abs(s.visible.center().x() - x),
        )
        return best.card

    def keyPressEvent(self, event: QKeyEvent) -> None:
        key = event.key()
        mods = event.modifiers()
        slots = self.table_layout().slots
        if not slots:
            super().keyPressEvent(event)
            return
        if self._focus is None or all(s.card != self._focus for s in slots):
            legal = self._legal()
            self._focus = next((s.card for s in slots if s.card in legal), slots[0].card)
        cur = next(s for s in slots if s.card == self._focus)
        command = bool(
            mods
            & (
                Qt.KeyboardModifier.ControlModifier
                | Qt.KeyboardModifier.AltModifier
                | Qt.KeyboardModifier.MetaModifier
            )
        )
        if key in (Qt.Key.Key_Left, Qt.Key.Key_Right, Qt.Key.Key_Up, Qt.Key.Key_Down):
            self._focus = self._walk(cur, key)
        elif key in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            self.play_card(cur.card)
        elif key == Qt.Key.Key_Space and not command:
            self._toggle(cur.card)
        elif key == Qt.Key.Key_Escape:
            self.set_selected([])
        elif key == Qt.Key.Key_A and mods & Qt.KeyboardModifier.ControlModifier:
            self.set_selected([s.card for s in slots if s.place == cur.place])
        elif key in MOVE_KEYS and not command:
            self.request_move(self._selected or [cur.card], MOVE_KEYS[Qt.Key(key)])
        else:
            super().keyPressEvent(event)
            return
        self.update()

    # -- context menu ---------------------------------------------------------------------
    def menu_for(self, pos: QPointF) -> QMenu | None:
        """The context menu for a right-click at ``pos`` (None: no card there or selected)."""
        slot = self.slot_at(pos)
        if slot is not None and slot.card not in self._selected:
            self.set_selected([slot.card])
            self._focus = slot.card
        cards = self.selected
        if not cards:
            return None
        menu = QMenu(self)
        if slot is not None and self._is_mover_card(slot) and slot.card in self._legal():
            card = slot.card
            act = QAction(f"&Play {card_text(card)}\tEnter", menu)
            act.triggered.connect(lambda _=False, c=card: self.play_card(c))
            menu.addAction(act)
            menu.addSeparator()
        for dest in PLACES:
            if all(self.place_of(c) == dest for c in cards):
                continue
            if isinstance(dest, Seat):
                label = f"Move to &{dest.word}\t{dest.name}"
            else:
                label = "Back to the &pool\tP"
            act = QAction(label, menu)
            act.triggered.connect(lambda _=False, d=dest: self.request_move(self.selected, d))
            menu.addAction(act)
        return menu

    def contextMenuEvent(self, event: QContextMenuEvent) -> None:
        menu = self.menu_for(QPointF(event.pos()))
        if menu is not None:
            menu.exec(event.globalPos())
            menu.deleteLater()
