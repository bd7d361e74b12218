"""The trick games' session: the current document, its file, and the undo stack.

The document is an immutable :class:`~whistgui.app.document.Document`; every user action replaces
it through one :class:`~whistgui.ui.session.SetStateCommand` on the :class:`QUndoStack` — one undo
step per action, a deal applied from the text included — and the session emits
:attr:`Session.documentChanged` with the new document (and :attr:`Session.gameChanged` with the
game's name when the game is another). Views subscribe; they never change the document
themselves.

A deal replaced wholesale — typed text that is another deal, all cards returned to the pool —
loses the title and note, which belonged to the old deal (in the same undo step); moving cards
keeps them.
"""

from __future__ import annotations

import dataclasses
import os
from pathlib import Path

from PySide6.QtCore import QObject, Signal

from whistgui.app import document as docfile
from whistgui.app.analysis import game_label
from whistgui.app.document import Document, SuitDeck
from whistgui.engine import Card, Deal, Player, SuitDeal
from whistgui.engine.games import find_game
from whistgui.ui.session import FileSession, SetStateCommand


class Session(FileSession):
    """The open document and everything that changes it."""

    documentChanged = Signal(object)  # Document
    gameChanged = Signal(str)  # the game's registered name, after documentChanged

    def __init__(self, doc: Document | None = None, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._doc = doc if doc is not None else Document.new()
        #: the document as opened or last saved: the session is modified while it differs
        self._clean = self._doc

    # -- state ----------------------------------------------------------------------------
    @property
    def document(self) -> Document:
        return self._doc

    @property
    def game(self) -> str:
        """The document's game (its registered name)."""
        return self._doc.game

    @property
    def modified(self) -> bool:
        """Does the document differ from the one opened or last saved? (Another game and back,
        or an edit undone by hand, is no change.)"""
        return self._doc != self._clean

    def _on_clean_changed(self, clean: bool) -> None:
        """The mark follows the document itself (:attr:`modified`), not the undo index."""

    def _set_clean(self, doc: Document) -> None:
        was = self.modified
        self._clean = doc
        if self.modified != was:
            self.modifiedChanged.emit(self.modified)

    def mark_unmodified(self) -> None:
        """The document shown is taken as opened afresh (a deal handed over to an untouched
        session): not modified until edited; its undo history stays."""
        self._set_clean(self._doc)
        self.undo_stack.setClean()

    def _set(self, doc: Document) -> None:
        old = self._doc.game
        was = self.modified
        self._doc = doc
        self.documentChanged.emit(doc)
        if doc.game != old:
            self.gameChanged.emit(doc.game)
        if self.modified != was:
            self.modifiedChanged.emit(self.modified)

    def apply(self, doc: Document, text: str) -> bool:
        """Make ``doc`` current as one undoable action named ``text``; False if unchanged."""
        if doc == self._doc:
            return False
        self.undo_stack.push(SetStateCommand(self._set, self._doc, doc, text))
        return True

    # -- actions --------------------------------------------------------------------------
    def move_cards(self, cards: list[Card], dest: str) -> bool:
        """Move cards to West (``W``), East (``E``) or the pool (``P``)."""
        deal = self._doc.deal
        west = [list(s.west) for s in deal.suits]
        east = [list(s.east) for s in deal.suits]
        for c in cards:
            for hand in (west[c.suit], east[c.suit]):
                if c.rank in hand:
                    hand.remove(c.rank)
            if dest == "W":
                west[c.suit].append(c.rank)
            elif dest == "E":
                east[c.suit].append(c.rank)
        new = Deal((SuitDeal(w, e) for w, e in zip(west, east, strict=True)), deal.names)
        where = {"W": "West", "E": "East", "P": "the pool"}[dest]
        names = " ".join(deal.card_name(c) for c in cards[:4]) + (" …" if len(cards) > 4 else "")
        return self.apply(self._doc.with_deal(new), f"Move {names} to {where}")

    def _new_deal(self, deal: Deal, *, fit_decks: bool = False) -> Document:
        """The document with ``deal`` replacing its deal wholesale: the title and note, which
        described the old deal, go with it (unless the deal is the same). ``fit_decks``: the
        deal is written afresh, so each suit whose cards are others gets the deck fitted to it
        (:meth:`Document.with_new_deal`), not the numbered deck a longer suit before it needed;
        otherwise the decks stay (cards back to the pool return to the deck they came from)."""
        doc = self._doc.with_new_deal(deal) if fit_decks else self._doc.with_deal(deal)
        if deal != self._doc.deal:
            doc = dataclasses.replace(doc, title="", note="")
        return doc

    def set_deal_text(self, text: str) -> bool:
        """Set the deal from notation (raises NotationError, changing nothing, on bad text).
        Text that is another deal clears the title and note; its suits get decks that fit them.
        Each deal applied is an undo step of its own (the deal field applies complete text
        only: on Enter, or after a pause in the typing)."""
        deal = Deal.parse(text)
        if not deal.suits:
            deal = Deal([SuitDeal((), ())])
        doc = self._new_deal(deal, fit_decks=True)
        return self.apply(doc, "Edit deal text")

    def open_deal(
        self, deal: Deal, text: str, game: str | None = None, lead: Player | None = None
    ) -> bool:
        """Make ``deal`` the deal as an undo step of its own named ``text`` (a suit opened from
        Single Suits); decks, title and note as for :meth:`set_deal_text`. ``game`` (a
        registered name or alias): the deal is played in that game, in the same step (Single
        Suits lists whist's values, so its suits open in whist); None keeps the game. ``lead``:
        the player on lead, in the same step (None keeps the lead)."""
        doc = self._new_deal(deal, fit_decks=True)
        if game is not None:
            doc = dataclasses.replace(doc, game=find_game(game).name)
        if lead is not None:
            doc = dataclasses.replace(doc, lead=lead)
        return self.apply(doc, text)

    def set_lead(self, player: Player) -> bool:
        return self.apply(
            dataclasses.replace(self._doc, lead=player), f"{player.name.title()} on lead"
        )

    def set_deck(self, suit: int, deck: SuitDeck) -> bool:
        """Change a suit's deck (DocumentError if a dealt card would not fit)."""
        return self.apply(self._doc.with_deck(suit, deck), "Change deck")

    def add_suit(self) -> bool:
        deal = self._doc.deal
        from whistgui.engine.trick.cards import default_suit_name

        used = set(deal.names)
        name = next(
            default_suit_name(i) for i in range(len(used) + 5) if default_suit_name(i) not in used
        )
        new = Deal((*deal.suits, SuitDeal((), ())), (*deal.names, name))
        return self.apply(self._doc.with_deal(new), "Add a suit")

    def remove_suit(self, index: int) -> bool:
        deal = self._doc.deal
        if len(deal.suits) <= 1:
            return False
        suits = [s for i, s in enumerate(deal.suits) if i != index]
        names = [n for i, n in enumerate(deal.names) if i != index]
        decks = [d for i, d in enumerate(self._doc.decks) if i != index]
        doc = dataclasses.replace(self._doc, deal=Deal(suits, names), decks=tuple(decks))
        return self.apply(doc, f"Remove suit {deal.names[index]}")

    def clear_hands(self) -> bool:
        """Every card back to the pool; the title and note go with the deal."""
        deal = self._doc.deal
        empty = Deal((SuitDeal((), ()) for _ in deal.suits), deal.names)
        return self.apply(self._new_deal(empty), "Return all cards to the pool")

    def set_game(self, name: str) -> bool:
        """Play the deal in the game ``name`` (or an alias; NotationError naming the known
        games otherwise) as one undoable action; False if it is the game already."""
        game = find_game(name)
        doc = dataclasses.replace(self._doc, game=game.name)
        return self.apply(doc, f"Play {game_label(game)}")

    def set_title_note(self, title: str, note: str) -> bool:
        return self.apply(self._doc.with_write_up(title, note), "Edit title and note")

    # -- files ----------------------------------------------------------------------------
    def replace(self, doc: Document, path: Path | None = None) -> None:
        """Start afresh on ``doc`` (New / Open / an example): clears the undo history."""
        self.undo_stack.clear()
        self._path = path
        self._set(doc)
        self._set_clean(doc)
        self.undo_stack.setClean()
        self.pathChanged.emit(path)

    def open(self, path: str | os.PathLike[str]) -> None:
        """Load a file (DocumentError, with nothing changed, if it cannot be read)."""
        doc = docfile.load(path)
        self.replace(doc, Path(path))

    def save(self, path: str | os.PathLike[str] | None = None) -> Path:
        """Save atomically to ``path`` (or the current file); DocumentError on failure."""
        target = Path(path) if path is not None else self._path
        if target is None:
            raise ValueError("no file name: use Save As")
        docfile.save(self._doc, target)
        self._path = target
        self._set_clean(self._doc)
        self.undo_stack.setClean()
        self.pathChanged.emit(target)
        return target
