"""The bridge table: four hands at the compass points, the trick (or the undealt cards) between
them, the contract and the tricks won in the corners above.

Editing and playing share one table; there is no mode to switch:

* **Moving cards** works at any time. Drag a card (a selection drags together) onto a hand, or
  onto the middle of the table to put it back among the undealt cards (the *pool*); or select
  cards (click, Ctrl+click, Space) and press ``N`` / ``E`` / ``S`` / ``W`` to send them to that
  hand, ``P`` (or Delete) to the pool; or use the context menu. The session makes the move
  (:meth:`~whistgui.ui.bridge.session.BridgeSession.move_cards`) and drops the line of play
  with it — undoably, so nothing is asked. A move the session refuses (a hand would hold more
  than 13 cards) changes nothing and its reason is shown on the felt (and :attr:`refused`).
* **Playing** works while the hands are a full deal and the play is not over: a click (or a
  double-click, or Enter on the focused card) on a card of the player to move plays it
  (:meth:`~whistgui.ui.bridge.session.BridgeSession.play`); their cards that may not be played
  now are dimmed, and trying one says why. A click on another hand's card selects it, as while
  editing; Ctrl+click only ever selects, and a press that turns into a drag moves, never plays.

Keys: the arrows walk the cards (Left/Right along a hand, Up/Down to the nearest card above or
below), Space selects, Escape clears the selection, Ctrl+A selects the focused card's hand,
Enter plays, ``N E S W P`` move. :meth:`BridgeTable.set_marks` puts each legal card's
double-dummy result on it; :meth:`BridgeTable.set_thinking` notes that one is being computed.

The table is the widget and its state (the selection, the focus, the marks, the message); its
parts, one a module: the cards' places, names and drag data (:mod:`.table_cards`), the layout
(:mod:`.table_layout`), the painting (:mod:`.felt_painter`) and the input handling
(:mod:`.table_input`).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final, Literal

from PySide6.QtCore import QEvent, QPoint, QPointF, QRectF, QSize, Qt, QTimer, Signal
from PySide6.QtGui import QHelpEvent, QPainter, QPaintEvent
from PySide6.QtWidgets import QToolTip, QWidget

from whistgui.app.bridge import BridgeDocument, CardMark
from whistgui.engine.bridge import BridgeCard, BridgePosition, Contract, Seat, Side
from whistgui.engine.errors import WhistError
from whistgui.ui.bridge.felt_painter import FeltPainter, badge_rect
from whistgui.ui.bridge.session import BridgeSession
from whistgui.ui.bridge.table_cards import (
    MIME_TYPE,
    POOL,
    SUIT_ORDER,
    Place,
    card_text,
    contract_text,
    decode_cards,
    encode_cards,
    hcp,
    pair_words,
    sort_hand,
    vulnerable_sides,
)
from whistgui.ui.bridge.table_input import TableInput
from whistgui.ui.bridge.table_layout import (
    GAP,
    LABEL,
    LIFT,
    MARGIN,
    MAX_CARD_W,
    STATUS,
    Slot,
    TableLayout,
    compute_layout,
)

__all__ = [
    "MIME_TYPE",
    "POOL",
    "SUIT_ORDER",
    "BridgeTable",
    "Place",
    "Slot",
    "card_text",
    "contract_text",
    "decode_cards",
    "encode_cards",
    "sort_hand",
]


class BridgeTable(TableInput):
    """The felt with the four hands of the session's board, the trick and the pool."""

    #: a move, drop or play was refused: the reason (also shown on the felt)
    refused = Signal(str)
    selectionChanged = Signal()

    MARGIN: Final = MARGIN
    GAP: Final = GAP
    LABEL: Final = LABEL
    STATUS: Final = STATUS
    #: the room above a hand's cards: a selected card is drawn lifted by this much
    LIFT: Final = LIFT
    #: cards stay at most this wide however large the table
    MAX_CARD_W: Final = MAX_CARD_W
    #: a 13-card hand at the top or bottom, and two rows of 7 at each side, still show every
    #: card's index at this size, with the trick between the side hands
    MIN_WIDTH: Final = 700
    MIN_HEIGHT: Final = 520
    #: How long a refusal stays on the felt (ms).
    MESSAGE_MS: Final = 6000

    def __init__(self, session: BridgeSession, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("bridgeTable")
        self._session = session
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setAcceptDrops(True)
        self.setMinimumSize(self.MIN_WIDTH, self.MIN_HEIGHT)
        self.setAccessibleName("Bridge table")
        self._layout_key: tuple[int, int, int] | None = None
        self._layout_doc: BridgeDocument | None = None
        self._layout: TableLayout | None = None
        self._selected: list[BridgeCard] = []
        #: the note on the felt saying which card is selected ("East is to play; ♥6 is
        #: selected…"), '' when none: it goes with the selection
        self._selection_note = ""
        self._focus: BridgeCard | None = None
        self._press_pos: QPoint | None = None
        self._press_card: BridgeCard | None = None
        self._press_plays = False
        self._click_played = False
        self._drop_zone: Place | None = None
        self._dragging = False
        self._moving = False  # True while the session answers our own move
        self._hands = session.document.hands
        self._message = ""
        self._message_kind: Literal["refusal", "note"] = "refusal"
        self._marks: dict[BridgeCard, CardMark] = {}
        self._marks_contract: Contract | None = None
        self._marks_position: BridgePosition | None = None
        self._thinking = False
        self._played_costs: dict[int, int] = {}
        self._message_timer = QTimer(self)
        self._message_timer.setSingleShot(True)
        self._message_timer.timeout.connect(self._clear_message)
        self._painter = FeltPainter(self)
        session.documentChanged.connect(self._on_document_changed)
        session.cursorChanged.connect(self._on_cursor_changed)
        session.boardsChanged.connect(self._on_boards_changed)
        self._describe()

    # -- following the session ------------------------------------------------------------
    @property
    def session(self) -> BridgeSession:
        return self._session

    def _on_document_changed(self, doc: BridgeDocument) -> None:
        """A new board: the selection follows the cards only through the table's own move of
        them; any other change (undo, a new deal, a card played, a contract) clears it and
        the note about it."""
        self._hands = doc.hands
        if not self._moving:
            self._forget_selection()
        self._refresh()

    def _on_boards_changed(self, *_args: object) -> None:
        """Another file or board: the keyboard's focus frame does not stay on a card of the
        old one (the arrows start again from the first legal card)."""
        self._focus = None
        self.update()

    def _on_cursor_changed(self, _cursor: int) -> None:
        """Another position of the line (a card played, Back, Forward): nothing stays
        selected, no note says what was (unless the table's own move of cards set it)."""
        if not self._moving:
            self._forget_selection()
        self._refresh()

    def _forget_selection(self) -> None:
        if self._selected:
            self._set_selected_quietly([])
        if self._selection_note and self._message == self._selection_note:
            self._clear_message()
        self._selection_note = ""

    def _refresh(self) -> None:
        self._layout = None
        valid = {s.card for s in self.slots()}
        kept = [c for c in self._selected if c in valid]
        if kept != self._selected:
            self._set_selected_quietly(kept)
        if self._focus not in valid:
            self._focus = None
        if self._marks and self._session.position() != self._marks_position:
            self._marks = {}
        self._describe()
        self.update()

    def _describe(self) -> None:
        """The table's state in words, for screen readers."""
        doc = self._session.document
        parts = [contract_text(doc.contract, doc.declarer)]
        if doc.contract_short:
            parts.append(doc.contract_short)
        problem = doc.problem()
        if problem is not None:
            parts.append(f"{len(doc.pool)} cards undealt: {problem}")
        else:
            pos = self.position
            if pos is not None:
                parts.append(f"N–S {pos.tricks[Side.NS]}, E–W {pos.tricks[Side.EW]}")
                if not pos.is_over:
                    parts.append(f"{pos.to_move.word} to play")
        self.setAccessibleDescription("; ".join(parts))

    # -- state ----------------------------------------------------------------------------
    @property
    def position(self) -> BridgePosition | None:
        """The position shown (the session's at its cursor), None while there is no deal."""
        return self._geometry().position

    def mover(self) -> Seat | None:
        """The player to move (None while there is no deal, or play is over)."""
        pos = self.position
        return None if pos is None or pos.is_over else pos.to_move

    _mover = mover

    def legal(self) -> frozenset[BridgeCard]:
        """The cards the player to move may play."""
        pos = self.position
        return frozenset() if pos is None or pos.is_over else frozenset(pos.legal())

    _legal = legal

    @property
    def drop_zone(self) -> Place | None:
        """The hand (or the pool) under a drag."""
        return self._drop_zone

    @property
    def message_kind(self) -> Literal["refusal", "note"]:
        return self._message_kind

    @property
    def selected(self) -> list[BridgeCard]:
        return list(self._selected)

    def set_selected(self, cards: Iterable[BridgeCard]) -> None:
        self._set_selected_quietly(list(dict.fromkeys(cards)))
        self.update()

    def _set_selected_quietly(self, cards: list[BridgeCard]) -> None:
        self._selected = cards
        self.selectionChanged.emit()

    def _toggle(self, card: BridgeCard) -> None:
        sel = self.selected
        if card in sel:
            sel.remove(card)
        else:
            sel.append(card)
        self.set_selected(sel)

    @property
    def focus_card(self) -> BridgeCard | None:
        return self._focus

    def set_focus_card(self, card: BridgeCard | None) -> None:
        """Put the keyboard focus on ``card`` (a card in a hand or the pool)."""
        self._focus = card if card is None or self.slot_of(card) is not None else self._focus
        self.update()

    @property
    def message(self) -> str:
        """The refusal or note shown on the felt, or ``''``."""
        return self._message

    def show_refusal(self, reason: str) -> None:
        """Show ``reason`` on the felt for a while and emit :attr:`refused`."""
        self._show(reason, "refusal")
        self.refused.emit(reason)

    def show_note(self, text: str) -> None:
        """Show ``text`` on the felt for a while: information, not a refusal."""
        self._show(text, "note")

    def _show(self, text: str, kind: Literal["refusal", "note"]) -> None:
        self._message = text
        self._message_kind = kind
        self._message_timer.start(self.MESSAGE_MS)
        self.update()

    def _clear_message(self) -> None:
        self._message = ""
        self.update()

    def shutdown(self) -> None:
        """Nothing runs in the background; stops the message timer, as other views stop
        their workers."""
        self._message_timer.stop()

    # -- marks ----------------------------------------------------------------------------
    def set_marks(
        self, marks: dict[BridgeCard, CardMark] | None, contract: Contract | None = None
    ) -> None:
        """Show each legal card's double-dummy result (``None``: show none). ``contract``
        (the board's by default) is what "=", "+1", "−2" are counted against. The marks
        belong to the position shown now: they are cleared when it changes."""
        self._marks = dict(marks or {})
        self._marks_contract = contract
        self._marks_position = self._session.position()
        self.update()

    @property
    def marks(self) -> dict[BridgeCard, CardMark]:
        """The marks drawn: those of the legal cards of the player to move."""
        legal = self._legal()
        return {c: m for c, m in self._marks.items() if c in legal}

    def mark_at(self, card: BridgeCard) -> CardMark | None:
        return self.marks.get(card)

    def contract(self) -> Contract:
        """What the marks are counted against (the board's contract by default)."""
        return self._marks_contract or self._session.document.contract

    _contract = contract

    def mark_tooltip(self, mark: CardMark) -> str:
        """``♠K: North–South take 10 tricks, 4♠ makes (=); a best card for North–South``, or
        in an ending ``♠Q: North–South take 1 trick of the 2 tricks of this ending; costs
        East–West 1 trick`` (the side that plays it: the badge's ✓ or −1)."""
        doc = self._session.document
        contract = self._contract()
        decl = doc.declarer
        plural = "s" if mark.declarer_tricks != 1 else ""
        short = contract_text(contract, decl).split(" by ")[0]
        result = mark.text(contract)
        if mark.ending:  # an ending is no whole contract: its tricks are counted
            outcome = f"of the {mark.dealt} tricks of this ending"
        elif mark.made:
            outcome = f"{short} makes ({result})"
        else:
            down = contract.tricks_needed - mark.declarer_tricks
            outcome = f"{short} goes {down} down ({result})"
        mover = self._mover()
        side = f"{pair_words(mover)}" if mover is not None else "its side"
        cost = f"costs {side} {mark.cost} trick{'s' if mark.cost != 1 else ''}"
        verdict = f"a best card for {side}" if mark.best else cost
        joint = " " if mark.ending else ", "
        return (
            f"{card_text(mark.card)}: {pair_words(decl)} take "
            f"{mark.declarer_tricks} trick{plural}{joint}{outcome}; {verdict}"
        )

    def set_played_costs(self, costs: dict[int, int] | None) -> None:
        """The double-dummy cost of each card of the line (by its place in it): a card of
        the trick on the felt that cost its side tricks carries a red ``−n``."""
        self._played_costs = dict(costs or {})
        self.update()

    def trick_costs(self) -> dict[BridgeCard, int]:
        """The costly cards of the trick shown, with what they cost their side."""
        lay = self._geometry()
        first = self._session.cursor - len(lay.trick)
        out = {}
        for k, (_, card, _) in enumerate(lay.trick):
            cost = self._played_costs.get(first + k, 0)
            if cost > 0:
                out[card] = cost
        return out

    def set_thinking(self, thinking: bool) -> None:
        """Note on the felt that the cards' results are being computed."""
        if thinking != self._thinking:
            self._thinking = thinking
            self.update()

    @property
    def thinking(self) -> bool:
        return self._thinking

    # -- geometry -------------------------------------------------------------------------
    def table_layout(self) -> TableLayout:
        """Where everything is drawn (:mod:`.table_layout`), for the table's size, the
        session's board and its cursor."""
        return self._geometry()

    def _geometry(self) -> TableLayout:
        doc = self._session.document
        key = (self.width(), self.height(), self._session.cursor)
        if self._layout is None or key != self._layout_key or doc is not self._layout_doc:
            self._layout = self._compute(doc)
            self._layout_key = key
            self._layout_doc = doc
        return self._layout

    def _compute(self, doc: BridgeDocument) -> TableLayout:
        pos: BridgePosition | None = None
        if doc.problem() is None:
            try:
                pos = self._session.position()
            except WhistError:  # pragma: no cover - a document checks its line
                pos = None
        return compute_layout(
            doc, pos, self._session.cursor, float(self.width()), float(self.height())
        )

    def slots(self) -> list[Slot]:
        """The cards in the hands and the pool, in drawing order."""
        return list(self._geometry().slots)

    def slot_of(self, card: BridgeCard) -> Slot | None:
        return next((s for s in self._geometry().slots if s.card == card), None)

    def slot_at(self, pos: QPointF) -> Slot | None:
        for s in reversed(self._geometry().slots):
            if s.rect.contains(pos):
                return s
        return None

    def card_rect(self, card: BridgeCard) -> QRectF | None:
        """Where ``card`` is drawn: in a hand, the pool, or the trick; None if not shown."""
        slot = self.slot_of(card)
        if slot is not None:
            return QRectF(slot.rect)
        return next((QRectF(r) for _, c, r in self._geometry().trick if c == card), None)

    def trick_cards(self) -> list[BridgeCard]:
        """The cards of the trick in progress shown in the middle, in the order played."""
        return [c for _, c, _ in self._geometry().trick]

    def zone_rect(self, place: Place) -> QRectF:
        """A hand's area (a drop there moves cards to it), or the middle's (the pool)."""
        return QRectF(self._geometry().zones[place])

    def zone_at(self, pos: QPointF) -> Place | None:
        for place, rect in self._geometry().zones.items():
            if rect.contains(pos):
                return place
        return None

    def place_of(self, card: BridgeCard) -> Place:
        """Which hand holds ``card`` in the board (POOL if none)."""
        owner = self._session.document.owner(card)
        return POOL if owner is None else owner

    def card_size(self) -> tuple[float, float]:
        lay = self._geometry()
        return lay.card_w, lay.card_h

    # -- painting -------------------------------------------------------------------------
    def paintEvent(self, event: QPaintEvent) -> None:
        p = QPainter(self)
        self.paint(p)
        p.end()

    def paint(self, p: QPainter) -> None:
        """Draw the whole table with ``p`` (:class:`~.felt_painter.FeltPainter`)."""
        self._painter.paint(p)

    @staticmethod
    def badge_rect(visible: QRectF, card_h: float) -> QRectF:
        """A mark's disc: in the uncovered strip of its card, under the card's index."""
        return badge_rect(visible, card_h)

    def label_text(self, seat: Seat) -> str:
        """``North · 12 HCP``, ``East · dealer · 9 HCP``, ``South · 12 cards · 10 HCP``
        (card counts while editing). The points are those of the hand as dealt, as a hand
        record prints them, however many of its cards are played."""
        doc = self._session.document
        parts = [seat.word]
        if seat is doc.dealer:
            parts.append("dealer")
        if doc.problem() is not None:
            n = len(doc.hands[seat])
            parts.append(f"{n} card{'s' if n != 1 else ''}")
        if doc.hands[seat]:
            parts.append(f"{hcp(doc.hands[seat])} HCP")
        return " · ".join(parts)

    def _corner_lines(self, doc: BridgeDocument) -> tuple[list[str], list[str]]:
        """The top left corner's lines (the contract, the board) and the top right's (the
        tricks, whose turn, the last trick)."""
        vul = {"NONE": "none", "NS": "N–S", "EW": "E–W", "ALL": "both", "BOTH": "both"}
        info = [
            contract_text(doc.contract, doc.declarer),
            # par's contract when the board has none: why, and what is played, a line each
            *(doc.contract_short.split(" · ") if doc.contract_short else []),
            f"Board {doc.board} · dealer {doc.dealer.word}",
            f"Vulnerable: {vul.get(doc.vulnerable.strip().upper(), doc.vulnerable)}",
        ]
        lay = self._geometry()
        pos = lay.position
        score: list[str] = []
        if pos is None:
            dealt = 52 - len(doc.pool)
            score = [f"{dealt} of 52 dealt", "deal them all to play"]
        else:
            score.append(f"N–S {pos.tricks[Side.NS]} · E–W {pos.tricks[Side.EW]}")
            if pos.is_over:
                won = pos.tricks[doc.declarer.side]
                over = won - doc.contract.tricks_needed
                short = contract_text(doc.contract, doc.declarer).split(" by ")[0]
                if doc.deal.size < 13:  # an ending: no contract's result, its tricks counted
                    pair = "N–S" if doc.declarer.side is Side.NS else "E–W"
                    score.append(f"{pair} took {won} of {doc.deal.size}")
                elif over >= 0:
                    score.append(f"{short} made ({'=' if over == 0 else f'+{over}'})")
                else:
                    score.append(f"{short} down {-over}")
            else:
                verb = "lead" if not pos.trick else "play"
                score.append(f"{pos.to_move.word} to {verb}")
            if lay.ghost_winner is not None:
                number = self._session.cursor // 4
                score.append(f"Trick {number} to {lay.ghost_winner.word}")
        if self._thinking:
            score.append("computing…")
        return info, score

    def hint(self) -> str:
        mover = self._mover()
        if mover is not None:
            return (
                f"{mover.word}: click a card, or arrows and Enter, to play it · Move cards: "
                "drag them, or select and press N, E, S, W or P"
            )
        return "Drag cards between the hands and the middle, or select and press N, E, S, W or P"

    def status_text(self) -> str:
        """The line at the foot of the felt: a refusal or note, else what keeps the hands
        from being a deal, else how to use the table."""
        problem = self._session.document.problem()
        if self._message:
            return self._message
        if problem is not None:
            return f"Not a deal yet: {problem}"
        return self.hint()

    # -- tooltips -------------------------------------------------------------------------
    def tooltip_at(self, pos: QPointF) -> str:
        """What the table says about the card or hand under ``pos`` ('' for nothing)."""
        lay = self._geometry()
        if lay.status.contains(pos):  # the whole line, however narrow the table
            return self.status_text()
        slot = self.slot_at(pos)
        if slot is not None:
            return self._card_tooltip(slot)
        costs = self.trick_costs()
        for seat, card, rect in lay.trick:
            if rect.contains(pos):
                text = f"{card_text(card)}, played by {seat.word}"
                cost = costs.get(card, 0)
                if cost:
                    pair = f"{pair_words(seat)}"
                    text += f"; it cost {pair} {cost} trick{'s' if cost != 1 else ''}"
                return text
        for seat, rect in lay.labels.items():
            if rect.contains(pos):
                doc = self._session.document
                n = len(doc.hands[seat])
                words = [f"{seat.word}: {n} card{'s' if n != 1 else ''}"]
                if n:
                    words.append(f"{hcp(doc.hands[seat])} high-card points")
                if seat is doc.dealer:
                    words.append("dealer")
                words.append(
                    "vulnerable" if seat.side in vulnerable_sides(doc.vulnerable) else "not vul."
                )
                return ", ".join(words)
        return ""

    def _card_tooltip(self, slot: Slot) -> str:
        mark = self.mark_at(slot.card)
        if mark is not None:
            return self.mark_tooltip(mark)
        name = card_text(slot.card)
        if slot.place == POOL:
            return f"{name}, undealt: drag it to a hand, or press N, E, S or W"
        seat = Seat(slot.place)
        mover = self._mover()
        if seat is mover:
            if slot.card in self._legal():
                return f"{name}, {seat.word}'s: click to play it"
            pos = self.position
            led = pos.trick[0].suit.word if pos is not None and pos.trick else "the suit led"
            return f"{name}, {seat.word}'s: cannot be played now ({seat.word} must follow {led})"
        return f"{name}, {seat.word}'s"

    def event(self, event: QEvent) -> bool:
        if event.type() == QEvent.Type.ToolTip and isinstance(event, QHelpEvent):
            text = self.tooltip_at(QPointF(event.pos()))
            if text:
                QToolTip.showText(event.globalPos(), text, self)
            else:
                QToolTip.hideText()
                event.ignore()
            return True
        return super().event(event)

    # -- size -----------------------------------------------------------------------------
    def sizeHint(self) -> QSize:
        return QSize(1000, 700)

    def minimumSizeHint(self) -> QSize:
        return QSize(self.MIN_WIDTH, self.MIN_HEIGHT)
