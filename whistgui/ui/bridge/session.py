"""The bridge session: the board being edited or played, the other boards of its PBN file, the
file, the undo stack, and how far along the line of play the views look (the *cursor*).

Every change of the board — cards moved, a new deal, another contract, a card played — is one
undoable :class:`~whistgui.ui.session.SetStateCommand`; :attr:`BridgeSession.documentChanged`
then carries the new :class:`~whistgui.app.bridge.BridgeDocument`. Back and forward only move
the cursor (:attr:`BridgeSession.cursorChanged`): the line is kept, nothing is recomputed. The
board and the cursor change together, in one place (:meth:`BridgeSession._show`), before any
signal is emitted: a view that answers one never sees a new deal with the old deal's cursor.
:attr:`BridgeSession.positionChanged` follows every change of what is shown (for the window's
title). Views subscribe; they never change the board themselves.
"""

from __future__ import annotations

import dataclasses
import os
from pathlib import Path

from PySide6.QtCore import QObject, Signal

from whistgui.app.bridge import (
    BridgeDocument,
    board_rotation,
    contract_words,
    load_pbn,
    save_boards,
)
from whistgui.app.document import DocumentError
from whistgui.engine.bridge import BridgeCard, BridgeDeal, BridgePosition, Contract, Seat
from whistgui.engine.bridge.deal import cards_text
from whistgui.engine.bridge.par_words import vulnerable_words
from whistgui.engine.reading import quote_path
from whistgui.ui.session import FileSession, SetStateCommand

__all__ = ["ASIDE_WORDS", "BridgeSession"]

#: What is said when a contract set by hand sets a hand record's play aside.
ASIDE_WORDS = (
    "The recorded play is set aside while the contract differs from the auction's; "
    "Ctrl+Z or the auction's contract returns it"
)


class BridgeSession(FileSession):
    """The open board and everything that changes it."""

    documentChanged = Signal(object)  # BridgeDocument
    #: cards of the line shown (0: the opening position), after documentChanged if both change
    cursorChanged = Signal(int)
    #: the position shown changed — another board, deal, contract, card played, or the cursor
    #: moved — emitted once, after documentChanged and cursorChanged
    positionChanged = Signal()
    #: the boards of the file changed (another file, a board added): (count, current index)
    boardsChanged = Signal(int, int)
    #: what to tell about the boards of the file that were not opened ("" once it no longer
    #: applies: another file, a new one, the boards saved elsewhere)
    noticeChanged = Signal(str)
    #: a card other than the line's was played, the rest of the line dropped: says so
    #: ("You left the recorded play at card 3; …"); :meth:`back_to_record` returns. Also
    #: says when a contract set by hand sets the recorded play aside, and when it returns.
    recordLeft = Signal(str)

    def __init__(self, doc: BridgeDocument | None = None, parent: QObject | None = None) -> None:
        super().__init__(parent)
        # a random deal to start on: played in par's contract once the page knows it
        self._doc = doc if doc is not None else BridgeDocument.random(no_contract="new")
        self._cursor = len(self._doc.played)
        self._boards: list[BridgeDocument] = [self._doc]
        self._index = 0
        self._notice = ""
        self._left_out = 0
        #: the line and the cursor a different card left (Back to the Record), else None
        self.left_record: tuple[BridgeDocument, int] | None = None
        #: the boards as the file holds them (opened or last saved; no line of play: PBN keeps
        #: deal, board, dealer, vulnerability, contract and declarer), and the indices of the
        #: boards that differ from them now — the session is modified while what Save would
        #: write differs from what was opened or saved
        self._clean: list[BridgeDocument] = [self._filed(self._doc)]
        self._differs: set[int] = set()

    # -- state ----------------------------------------------------------------------------
    @property
    def document(self) -> BridgeDocument:
        return self._doc

    @property
    def cursor(self) -> int:
        """How many cards of the line are played in the position the views show."""
        return self._cursor

    @property
    def board_count(self) -> int:
        return len(self._boards)

    @property
    def boards(self) -> tuple[BridgeDocument, ...]:
        """Every board open, the one shown as it is now."""
        return tuple(self._boards)

    @property
    def board_index(self) -> int:
        return self._index

    @property
    def board_names(self) -> list[str]:
        """The boards' names, in file order: their Board tags (a board of a file without one
        is named by its number in the file)."""
        return [b.board for b in self._boards]

    @property
    def left_out(self) -> int:
        """How many boards of the open file were not opened (0 once that no longer applies:
        another file, a new one, the boards saved elsewhere)."""
        return self._left_out

    @property
    def notice(self) -> str:
        """Which boards of the open file were not opened and why ("" if none)."""
        return self._notice

    def _set_notice(self, notice: str, left_out: int = 0) -> None:
        if left_out != self._left_out:
            self._left_out = left_out
            self.boardsChanged.emit(len(self._boards), self._index)
        if notice != self._notice:
            self._notice = notice
            self.noticeChanged.emit(notice)

    @property
    def modified(self) -> bool:
        """Would Save write something else than the file opened or last saved? The line of
        play is saved with its board: in a file's boards a card played, or taken back, is a
        change; boards never saved (a new random board played through) are asked about for
        their deals and contracts only."""
        return len(self._boards) != len(self._clean) or bool(self._differs)

    def _on_clean_changed(self, clean: bool) -> None:
        """The mark follows the boards themselves (:attr:`modified`), not the undo index."""

    def _mark_filed(self, was: bool) -> None:
        """The boards are as the file holds them now (opened, new or saved)."""
        self._clean = [self._filed(b) for b in self._boards]
        self._differs.clear()
        self._say_modified(was)

    def _filed(self, doc: BridgeDocument) -> BridgeDocument:
        """``doc`` as far as :attr:`modified` looks: all of it in a file's boards, without its
        line of play in boards never saved."""
        doc = doc.as_read()  # par's contract standing in for the board's own changes nothing
        if self._path is None and doc.played:
            return dataclasses.replace(doc, played=())
        return doc

    def _say_modified(self, was: bool) -> None:
        if self.modified != was:
            self.modifiedChanged.emit(self.modified)

    def position(self) -> BridgePosition | None:
        """The position at the cursor, or None while the hands are not a deal."""
        if self._doc.problem() is not None:
            return None
        return self._doc.position(self._cursor)

    def _set_state(self, state: tuple[BridgeDocument, int]) -> None:
        """The board and the cursor of an undo step."""
        self._show(*state)

    def _set_cursor(self, cursor: int) -> None:
        self._show(self._doc, cursor)

    def _show(self, doc: BridgeDocument, cursor: int, *, force: bool = False) -> None:
        """Make ``doc`` the board shown, at ``cursor`` (clamped to its line) — the one place
        the board and the cursor change, both before any signal: documentChanged (if the
        board changed, or ``force``), cursorChanged (if either did), then positionChanged."""
        cursor = max(0, min(cursor, len(doc.played)))
        changed = force or doc != self._doc
        moved = changed or cursor != self._cursor
        was = self.modified
        self._doc = doc
        self._boards[self._index] = doc
        self._cursor = cursor
        i = self._index
        if i < len(self._clean) and self._filed(doc) == self._clean[i]:
            self._differs.discard(i)
        else:
            self._differs.add(i)
        if changed:
            self.documentChanged.emit(doc)
        if moved:
            self.cursorChanged.emit(cursor)
            self.positionChanged.emit()
        self._say_modified(was)

    def apply(self, doc: BridgeDocument, text: str, cursor: int | None = None) -> bool:
        """Make ``doc`` current as one undoable action ``text`` (the cursor at the end of its
        line unless given); False if nothing changes."""
        after = (doc, len(doc.played) if cursor is None else cursor)
        if after == (self._doc, self._cursor):
            return False
        self.undo_stack.push(
            SetStateCommand(self._set_state, (self._doc, self._cursor), after, text)
        )
        return True

    # -- editing the deal ---------------------------------------------------------------------
    def move_cards(self, cards: list[BridgeCard], dest: Seat | None) -> bool:
        """Move cards to a hand (None: the pool); the line of play is dropped. A hand may not
        hold more than 13 cards (DocumentError, nothing changed)."""
        if dest is not None:
            size = len(self._doc.hands[dest] | set(cards))
            if size > 13:
                raise DocumentError(
                    f"{dest.word} would hold {size} cards; a bridge hand holds at most 13"
                )
        names = cards_text(cards[:4]) + (" …" if len(cards) > 4 else "")
        where = "the pool" if dest is None else dest.word
        return self.apply(self._doc.move(tuple(cards), dest), f"Move {names} to {where}")

    def set_deal(self, deal: BridgeDeal, text: str = "New deal") -> bool:
        """A new deal, the line of play started again (typed, random: every new deal comes
        through here, the cursor at the opening lead)."""
        return self.apply(self._doc.with_deal(deal), text)

    def set_deal_text(self, text: str) -> bool:
        """The deal from a PBN deal string (NotationError quoting it, nothing changed)."""
        return self.set_deal(BridgeDeal.parse(text), "Edit deal")

    def random_deal(self, seed: int | None = None) -> bool:
        return self.set_deal(BridgeDocument.random(seed).deal, "Random deal")

    def deal_in(
        self, deal: BridgeDeal, contract: Contract | None, declarer: Seat | None, text: str
    ) -> bool:
        """A new deal and, unless None, the contract it is played in: one undo step."""
        doc = self._doc.with_deal(deal)
        if contract is not None and declarer is not None:
            doc = doc.with_contract(contract, declarer)
        return self.apply(doc, text)

    def clear_hands(self) -> bool:
        return self.apply(
            self._doc.move(tuple(c for h in self._doc.hands for c in h), None),
            "Return all cards to the pool",
        )

    def rotate(self) -> bool:
        """Every hand moves one seat clockwise (North's cards to East …)."""
        h = self._doc.hands
        return self.apply(self._doc.with_hands((h[3], h[0], h[1], h[2])), "Rotate the hands")

    # -- the contract and the play ----------------------------------------------------------
    def set_contract(self, contract: Contract, declarer: Seat) -> bool:
        """Another contract, one undo step. A hand record keeps its auction; its recorded
        play is set aside while the contract differs from the auction's, and comes back with
        it: :attr:`recordLeft` says which."""
        before = self._doc
        after = before.with_contract(contract, declarer)
        if not self.apply(after, f"Contract {contract_words(contract, declarer)}"):
            return False
        if after.aside and not before.aside:
            self.recordLeft.emit(ASIDE_WORDS)
        elif before.aside and not after.aside and after.played:
            self.recordLeft.emit("The recorded play is back: the contract is the auction's again")
        return True

    def adopt_par(self, found: tuple[Contract, Seat] | str) -> bool:
        """The board shown, without a contract of its own and no card played, is played in
        par's contract ``found`` — or ``found`` says why there is none ("passed out at par",
        "no par") and its contract stays. Not an undo step: it follows from the deal, as the
        double-dummy table does (undo and redo come back to the deal, and par again)."""
        doc = self._doc.with_par(found)
        if doc is self._doc:
            return False
        self._show(doc, self._cursor)
        return True

    def play(self, card: BridgeCard) -> bool:
        """Play ``card`` in the position at the cursor (IllegalPlayError quoting it, nothing
        changed, if it cannot be played). Playing the line's own next card just steps on."""
        doc = self._doc.play(card, self._cursor)
        if doc is self._doc:
            self._set_cursor(self._cursor + 1)
            return True
        before, at = self._doc, self._cursor
        if not self.apply(doc, f"Play {card.text}", self._cursor + 1):
            return False
        if at < len(before.played):  # a card other than the line's: the rest of it dropped
            self.left_record = (before, at)
            self.recordLeft.emit(
                f"You left the recorded play at card {at + 1}; Ctrl+Z or Back to the Record returns"
            )
        return True

    def back_to_record(self) -> bool:
        """The line of play left by the last different card played, at the card where it was
        left (one undoable step); False if there is none on this board."""
        left = self.left_record
        if left is None or left[0].hands != self._doc.hands:
            self.left_record = None
            return False
        self.left_record = None
        return self.apply(left[0], "Back to the record", left[1])

    def take_back(self) -> bool:
        """Drop the cards of the line after the cursor (they stay undoable)."""
        played = self._doc.played[: self._cursor]
        return self.apply(dataclasses.replace(self._doc, played=played, claimed=None), "Take back")

    def set_cursor(self, cards: int) -> None:
        """Look at the position after ``cards`` cards of the line (clamped)."""
        self._set_cursor(cards)

    def back(self) -> None:
        self._set_cursor(self._cursor - 1)

    def forward(self) -> None:
        self._set_cursor(self._cursor + 1)

    def trick_back(self) -> None:
        """To the start of the current trick, or of the previous one if already there."""
        c = self._cursor
        self._set_cursor(c - (c % 4 or 4))

    def trick_forward(self) -> None:
        self._set_cursor(self._cursor - self._cursor % 4 + 4)

    # -- boards and files ---------------------------------------------------------------------
    def replace(
        self,
        boards: tuple[BridgeDocument, ...],
        path: Path | None = None,
        notice: str = "",
        left_out: int = 0,
    ) -> None:
        """Start afresh on ``boards`` (New / Open): clears the undo history. ``notice`` says
        which boards of the file were left out, ``left_out`` how many."""
        was = self.modified
        self.undo_stack.clear()
        self._boards = list(boards)
        self._index = 0
        self._path = path
        self._left_out = left_out
        self._mark_filed(was)
        self._show(boards[0], 0, force=True)  # at the deal, before the lead (as BBO opens)
        self.undo_stack.setClean()
        self.boardsChanged.emit(len(self._boards), 0)
        self.pathChanged.emit(path)
        self._set_notice(notice, left_out)

    def select_board(self, index: int) -> None:
        """Show board ``index`` of the file (its edits so far are kept with it) at its deal:
        the cursor before the opening lead, its line of play ahead."""
        if not 0 <= index < len(self._boards) or index == self._index:
            return
        self.undo_stack.clear()  # an undo step belongs to the board it was made on
        self._index = index
        doc = self._boards[index]
        self._show(doc, 0, force=True)  # at the deal, its record ahead (as BBO opens)
        self.boardsChanged.emit(len(self._boards), index)

    def add_board(self, deal: BridgeDeal | None = None) -> str:
        """A new board at the end of the file, shown: ``deal`` (else a random one) with the
        next board number, and that number's dealer and vulnerability (the duplicate
        rotation, as ``whist bridge deal --pbn`` deals them); returns that number."""
        if deal is not None and not isinstance(deal, BridgeDeal):  # a signal's bool, say
            raise TypeError(f"deal must be a BridgeDeal or None, not {type(deal).__name__}")
        number, dealer, vulnerable = self.next_board()
        doc = BridgeDocument.random(
            board=number, dealer=dealer, vulnerable=vulnerable, no_contract="new"
        )
        if deal is not None:
            doc = doc.with_deal(deal)
        was = self.modified
        self._boards.append(doc)
        self.select_board(len(self._boards) - 1)
        self._say_modified(was)  # a board more than the file holds
        self.undo_stack.resetClean()
        return doc.board

    def next_board(self) -> tuple[str, Seat, str]:
        """The board :meth:`add_board` would add: the next number after the file's highest,
        its dealer and vulnerability in the duplicate rotation."""
        # a board "number" is a PBN file's text: only plain digits of sensible length count
        # ("²" is a digit to str.isdigit but not to int, and int refuses 4,300 digits)
        numbers = [
            int(b.board)
            for b in self._boards
            if b.board.isascii() and b.board.isdigit() and len(b.board) <= 18
        ]
        number = max(numbers, default=0) + 1
        return (str(number), *board_rotation(number))

    @property
    def deal_adds_board(self) -> bool:
        """Whether Random Deal adds a board (:meth:`next_board`) rather than dealing the one
        shown again: always on a hand record, and in a file of several boards (whose boards
        are a set to keep); a single board of one's own is dealt again."""
        return self.recorded or len(self._boards) > 1

    def add_random_board(self) -> str:
        """Deal ▸ Add Random Board (the + beside the boards): a random board at the end of the
        file, shown; says what it did ("Board 4 added: dealer West, vulnerable none")."""
        number = self.add_board()
        doc = self._doc
        vul = vulnerable_words(doc.vulnerable).removesuffix(" vul")
        return f"Board {number} added at random: dealer {doc.dealer.word}, vulnerable {vul}"

    @property
    def recorded(self) -> bool:
        """Whether the board shown is a hand record: it has an auction, or it is the deal of a
        file's board that came with an auction or a line of play (one's own play of a board
        that had none is not). A new deal must not overwrite it."""
        if self._doc.auction:
            return True
        i = self._index
        filed = self._clean[i] if self._path is not None and i < len(self._clean) else None
        return (
            filed is not None
            and bool(filed.auction or filed.played)
            and (filed.deal == self._doc.deal)
        )

    def open(self, path: str | os.PathLike[str]) -> None:
        """Load a PBN or LIN file: its good boards, with their auctions and lines of play,
        those that cannot be read left out and said in :attr:`notice` (DocumentError, with
        nothing changed, if no board can be read)."""
        file = load_pbn(path)
        self.replace(file.boards, Path(path), file.notice() or "", file.left_out_count)

    def would_lose_boards(self, target: Path | None) -> bool:
        """Whether saving to ``target`` would write over the opened file whose bad boards
        were left out (:meth:`save` refuses it)."""
        return bool(
            self._notice
            and target is not None
            and self._path is not None
            and _same_file(target, self._path)
        )

    def save(self, path: str | os.PathLike[str] | None = None) -> Path:
        """Save every board to ``path`` (or the current file) as LIN for a ``.lin`` name,
        else PBN, auctions and lines of play with them; DocumentError on failure, and when that
        would overwrite the opened file whose bad boards were left out."""
        target = Path(path) if path is not None else self._path
        if target is None:
            raise ValueError("no file name: use Save As")
        if self.would_lose_boards(target):
            raise DocumentError(
                f"{quote_path(target)} has boards that were not opened; saving over it would "
                f"lose them. Save the boards under another name. ({self._notice})"
            )
        save_boards(tuple(self._boards), target)
        self._path = target
        self._mark_filed(self.modified)
        self.undo_stack.setClean()
        self.pathChanged.emit(target)
        self._set_notice("")
        return target

    def describe(self) -> str:
        """``Board 3 · 4♠x by South · 5 cards played`` for titles and status lines (``4♠ by
        South, set by hand`` when that is not the auction's contract)."""
        d = self._doc
        text = f"Board {d.board} · {contract_words(d.contract, d.declarer)}"
        if d.by_hand:
            text += ", set by hand"
        if d.no_contract:  # the board has none of its own: "· Passed out · par's contract"
            text += f" · {d.contract_short}"
        if self._cursor:
            text += f" · {self._cursor} card{'s' if self._cursor != 1 else ''} played"
        return text


def _same_file(a: Path, b: Path) -> bool:
    """Whether ``a`` and ``b`` name the same file (the same path, or two links to it)."""
    try:
        return a.resolve() == b.resolve() or (a.exists() and b.exists() and a.samefile(b))
    except OSError:
        return a == b
