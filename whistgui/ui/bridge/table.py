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
"""

from __future__ import annotations

import itertools
import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Final, Literal, TypeAlias

from PySide6.QtCore import (
    QByteArray,
    QEvent,
    QMimeData,
    QPoint,
    QPointF,
    QRectF,
    QSize,
    Qt,
    QTimer,
    Signal,
)
from PySide6.QtGui import (
    QAction,
    QColor,
    QContextMenuEvent,
    QDrag,
    QDragEnterEvent,
    QDragMoveEvent,
    QDropEvent,
    QFont,
    QFontMetricsF,
    QHelpEvent,
    QKeyEvent,
    QMouseEvent,
    QPainter,
    QPainterPath,
    QPaintEvent,
    QPen,
    QPixmap,
)
from PySide6.QtWidgets import QApplication, QMenu, QToolTip, QWidget

from whistgui.app.bridge import BridgeDocument, CardMark
from whistgui.engine.bridge import BridgeCard, BridgePosition, Contract, Seat, Side, Suit
from whistgui.engine.errors import NotationError, WhistError
from whistgui.ui.bridge.session import BridgeSession
from whistgui.ui.widgets.cardart import FELT, FELT_DARK, paint_card

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

MIME_TYPE: Final = "application/x-whistgui-bridge-cards"

#: Where a card can be: a seat's hand, or the pool of undealt cards.
POOL: Final = "P"
Place: TypeAlias = Seat | Literal["P"]
PLACES: Final[tuple[Place, ...]] = (Seat.N, Seat.E, Seat.S, Seat.W, POOL)

#: The order a hand is laid out in: black and red suits alternate.
SUIT_ORDER: Final = (Suit.S, Suit.H, Suit.C, Suit.D)

#: Keys that send the selection somewhere.
MOVE_KEYS: Final[dict[Qt.Key, Place]] = {
    Qt.Key.Key_N: Seat.N,
    Qt.Key.Key_E: Seat.E,
    Qt.Key.Key_S: Seat.S,
    Qt.Key.Key_W: Seat.W,
    Qt.Key.Key_P: POOL,
    Qt.Key.Key_Delete: POOL,
}

# colours on the felt (the felt is the same in every theme)
TEXT: Final = QColor("#f1f8e9")
TEXT_SOFT: Final = QColor("#c8e6c9")
DROP: Final = QColor("#3d8c53")
TURN: Final = QColor("#ffca28")
TURN_ZONE: Final = QColor("#347a4a")
VULNERABLE: Final = QColor("#c62828")
MADE: Final = QColor("#2e7d32")
DOWN: Final = QColor("#c62828")
BEST: Final = QColor("#ffd600")
REFUSAL: Final = QColor("#b71c1c")
NOTE: Final = QColor("#37474f")
PROBLEM: Final = QColor("#fff3cd")
PROBLEM_TEXT: Final = QColor("#3d2e00")


# --------------------------------------------------------------------------- helpers


def card_text(card: BridgeCard) -> str:
    """``♠K``, ``♥10``: a card as the table (and every message) names it."""
    return card.text


def place_name(place: Place) -> str:
    return place.word if isinstance(place, Seat) else "the pool"


def sort_hand(cards: Iterable[BridgeCard]) -> list[BridgeCard]:
    """Spades, hearts, clubs, diamonds (colours alternate), each high to low."""
    return sorted(cards, key=lambda c: (SUIT_ORDER.index(c.suit), -c.rank))


def contract_text(contract: Contract, declarer: Seat) -> str:
    """``4♠ by South``, ``3NTX by West``."""
    return f"{contract.level}{contract.strain.symbol}{'X' * contract.doubled} by {declarer.word}"


def vulnerable_sides(vulnerable: str) -> set[Side]:
    """The sides vulnerable by the PBN ``Vulnerable`` tag (None, NS, EW, All / Both)."""
    v = vulnerable.strip().upper()
    if v in ("ALL", "BOTH"):
        return {Side.NS, Side.EW}
    return {Side.NS} if v == "NS" else {Side.EW} if v == "EW" else set()


def encode_cards(cards: Sequence[BridgeCard], origin: Place) -> QMimeData:
    """Mime data for dragging ``cards``: the table's JSON and the cards' names as text."""
    payload = {"cards": [str(c) for c in cards], "from": str(origin)}
    mime = QMimeData()
    mime.setData(MIME_TYPE, QByteArray(json.dumps(payload).encode()))
    mime.setText(" ".join(str(c) for c in cards))
    return mime


def decode_cards(mime: QMimeData) -> list[BridgeCard]:
    """The cards ``mime`` carries; ValueError saying why if it carries none this table knows."""
    if not mime.hasFormat(MIME_TYPE):
        formats = ", ".join(mime.formats()) or "nothing"
        raise ValueError(f"only cards can be dropped here, not {formats}")
    raw = bytes(mime.data(MIME_TYPE).data())
    try:
        names = json.loads(raw.decode())["cards"]
        if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
            raise TypeError
    except (ValueError, KeyError, TypeError, UnicodeDecodeError):
        raise ValueError(f"the dropped data {raw[:60]!r} is not a list of cards") from None
    if not names:
        raise ValueError("the drop carries no cards")
    cards: list[BridgeCard] = []
    for name in names:
        try:
            card = BridgeCard.parse(name)
        except NotationError as exc:
            raise ValueError(f"the drop carries {name!r}, which is not a card: {exc}") from None
        if card in cards:
            raise ValueError(f"{card_text(card)} is dropped twice")
        cards.append(card)
    return cards


def _font(px: float, bold: bool = False) -> QFont:
    font = QFont("DejaVu Sans")
    font.setPixelSize(max(8, round(px)))
    font.setBold(bold)
    return font


# --------------------------------------------------------------------------- layout


@dataclass(frozen=True, slots=True)
class Slot:
    """A card in a hand or in the pool: where it is drawn, and the part of it left uncovered
    by the card drawn after it (its index, its mark, its outline)."""

    card: BridgeCard
    place: Place
    rect: QRectF
    visible: QRectF


@dataclass(slots=True)
class _Layout:
    card_w: float
    card_h: float
    position: BridgePosition | None
    zones: dict[Place, QRectF] = field(default_factory=dict)
    labels: dict[Seat, QRectF] = field(default_factory=dict)
    slots: list[Slot] = field(default_factory=list)
    #: the trick in progress: who played, what, where (in the order played)
    trick: list[tuple[Seat, BridgeCard, QRectF]] = field(default_factory=list)
    #: the last complete trick, drawn faintly while the next has no card yet
    ghost: list[tuple[Seat, BridgeCard, QRectF]] = field(default_factory=list)
    ghost_winner: Seat | None = None
    pool_title: QRectF = field(default_factory=QRectF)
    info: QRectF = field(default_factory=QRectF)
    score: QRectF = field(default_factory=QRectF)
    status: QRectF = field(default_factory=QRectF)


def _suit_breaks(cards: list[BridgeCard]) -> int:
    """How many times the suit changes along a row."""
    return sum(1 for a, b in itertools.pairwise(cards) if a.suit != b.suit)


def _split_rows(cards: list[BridgeCard], cap: int) -> list[list[BridgeCard]]:
    """A hand in two rows, broken between suits when that keeps both rows at most ``cap``
    cards (the most even such break), else in the middle."""
    n = len(cards)
    best: int | None = None
    for i in range(1, n):
        fits = cards[i].suit != cards[i - 1].suit and max(i, n - i) <= cap
        if fits and (best is None or abs(n - 2 * i) < abs(n - 2 * best)):
            best = i
    i = best if best is not None else (n + 1) // 2
    return [cards[:i], cards[i:]]


class BridgeTable(QWidget):
    """The felt with the four hands of the session's board, the trick and the pool."""

    #: a move, drop or play was refused: the reason (also shown on the felt)
    refused = Signal(str)
    selectionChanged = Signal()

    MARGIN: Final = 8.0
    GAP: Final = 10.0
    LABEL: Final = 22.0
    STATUS: Final = 24.0
    #: the room above a hand's cards: a selected card is drawn lifted by this much
    LIFT: Final = 6.0
    #: cards stay at most this wide however large the table
    MAX_CARD_W: Final = 90.0
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
        self._layout: _Layout | None = None
        self._selected: list[BridgeCard] = []
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
        self._message_timer = QTimer(self)
        self._message_timer.setSingleShot(True)
        self._message_timer.timeout.connect(self._clear_message)
        session.documentChanged.connect(self._on_document_changed)
        session.cursorChanged.connect(self._on_cursor_changed)
        self._describe()

    # -- following the session ------------------------------------------------------------
    @property
    def session(self) -> BridgeSession:
        return self._session

    def _on_document_changed(self, doc: BridgeDocument) -> None:
        """A new board: the selection follows the cards only through the table's own move of
        them; any other change of the hands (undo, a new deal) clears it."""
        hands_changed = doc.hands != self._hands
        self._hands = doc.hands
        if hands_changed and not self._moving:
            self._set_selected_quietly([])
        self._refresh()

    def _on_cursor_changed(self, _cursor: int) -> None:
        self._refresh()

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

    def _mover(self) -> Seat | None:
        pos = self.position
        return None if pos is None or pos.is_over else pos.to_move

    def _legal(self) -> frozenset[BridgeCard]:
        pos = self.position
        return frozenset() if pos is None or pos.is_over else frozenset(pos.legal())

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

    def _contract(self) -> Contract:
        return self._marks_contract or self._session.document.contract

    def mark_tooltip(self, mark: CardMark) -> str:
        """``♠K: South–North take 10 tricks, 4♠ makes (=); best``, or in an ending ``♠Q:
        North–South take 1 trick of the 2 tricks of this ending; costs 1 trick`` (to the side
        that plays it)."""
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
        cost = f"costs {mark.cost} trick{'s' if mark.cost != 1 else ''}"
        verdict = "best" if mark.best else cost
        joint = " " if mark.ending else ", "
        return (
            f"{card_text(mark.card)}: {decl.word}–{decl.partner.word} take "
            f"{mark.declarer_tricks} trick{plural}{joint}{outcome}; {verdict}"
        )

    def set_thinking(self, thinking: bool) -> None:
        """Note on the felt that the cards' results are being computed."""
        if thinking != self._thinking:
            self._thinking = thinking
            self.update()

    @property
    def thinking(self) -> bool:
        return self._thinking

    # -- geometry -------------------------------------------------------------------------
    def _geometry(self) -> _Layout:
        doc = self._session.document
        key = (self.width(), self.height(), self._session.cursor)
        if self._layout is None or key != self._layout_key or doc is not self._layout_doc:
            self._layout = self._compute(doc)
            self._layout_key = key
            self._layout_doc = doc
        return self._layout

    def _compute(self, doc: BridgeDocument) -> _Layout:
        width, height = float(self.width()), float(self.height())
        m, g, label = self.MARGIN, self.GAP, self.LABEL
        # A card's width: the side hands (two rows of 7, 3 suit gaps) and the trick between
        # them fill the width; the four rows of cards (N, W/E twice, S) fill the height.
        cw_w = (width - 2 * m - 2 * g - 48) / 11.3
        ch_h = (height - 2 * m - self.STATUS - 3 * label - 72) / 4
        cw = max(24.0, min(cw_w, 0.7 * ch_h, self.MAX_CARD_W))
        ch = cw / 0.7
        pos: BridgePosition | None = None
        if doc.problem() is None:
            try:
                pos = self._session.position()
            except WhistError:  # pragma: no cover - a document checks its line
                pos = None
        lay = _Layout(cw, ch, pos)

        hand_h = label + ch + self.LIFT + 6
        inner = width - 2 * m
        ns_need = cw * (1 + 12 * 0.44 + 0.36) + 16
        ns_w = min(inner, max(ns_need, min(inner - 300, 13 * (cw + 3) + 0.36 * cw + 16)))
        ns_x = m + (inner - ns_w) / 2
        north = QRectF(ns_x, m, ns_w, hand_h)
        s_top = height - m - self.STATUS - hand_h
        south = QRectF(ns_x, s_top, ns_w, hand_h)
        band_top = north.bottom() + 6
        band_h = max(40.0, south.top() - 6 - band_top)
        # The side hands are as wide as two rows of 7 need (more if the table is wide), but
        # narrower while they hold few cards, so that a crowded pool gets the room.
        hands = pos.hands if pos is not None else doc.hands
        side_rows = {seat: self._side_rows(sort_hand(hands[seat])) for seat in (Seat.W, Seat.E)}
        longest = max(4, *(len(r) for rows in side_rows.values() for r in rows))
        full_side = max(
            self._row_need(7, cw), min((inner - 2 * g) * 0.3, (inner - 2 * g - 3.3 * cw - 16) / 2)
        )
        side_w = min(full_side, self._row_need(longest, cw)) if doc.pool else full_side
        west = QRectF(m, band_top, side_w, band_h)
        east = QRectF(width - m - side_w, band_top, side_w, band_h)
        middle = QRectF(west.right() + g, band_top, east.left() - g - west.right() - g, band_h)
        lay.zones = {Seat.N: north, Seat.E: east, Seat.S: south, Seat.W: west, POOL: middle}
        lay.info = QRectF(m, m, max(0.0, ns_x - m - g), hand_h)
        lay.score = QRectF(north.right() + g, m, max(0.0, width - m - north.right() - g), hand_h)
        lay.status = QRectF(m, height - m - self.STATUS + 2, inner, self.STATUS - 4)

        # North: label, then cards; South: cards, then label
        lay.labels[Seat.N] = QRectF(north.left(), north.top(), north.width(), label)
        y = north.top() + label + self.LIFT
        lay.slots += self._row(sort_hand(hands[Seat.N]), Seat.N, north, y, cw, ch)
        y = south.top() + self.LIFT
        lay.slots += self._row(sort_hand(hands[Seat.S]), Seat.S, south, y, cw, ch)
        lay.labels[Seat.S] = QRectF(south.left(), y + ch + 2, south.width(), label)
        # West and East: label, then one row, or two broken between suits
        for seat, zone in ((Seat.W, west), (Seat.E, east)):
            rows = side_rows[seat]
            block = label + self.LIFT + ch + (ch + 6) * (len(rows) - 1)
            top = zone.top() + max(0.0, (zone.height() - block) / 2)
            lay.labels[seat] = QRectF(zone.left(), top, zone.width(), label)
            for k, row in enumerate(rows):
                y = top + label + self.LIFT + k * (ch + 6)
                lay.slots += self._row(row, seat, zone, y, cw, ch)
        # the middle: the pool while the hands are not a deal, else the trick
        pool = sort_hand(doc.pool)
        lay.pool_title = QRectF(middle.left(), middle.top(), middle.width(), label)
        if pool:
            lay.slots += self._pool(pool, middle.adjusted(6, label + 2, -6, -4), cw)
        if pos is not None:
            tw = min(cw, (middle.width() - 12) / 3.3, 0.7 * (middle.height() - 8) / 2.2)
            cx, cy = middle.center().x(), middle.center().y()
            seats = pos.leader.following()
            for seat, card in zip(seats, pos.trick, strict=False):
                lay.trick.append((seat, card, self._trick_rect(seat, cx, cy, tw)))
            cursor = self._session.cursor
            if not pos.trick and cursor >= 4:
                last = doc.played[cursor - 4 : cursor]
                leader = doc.position(cursor - 4).leader
                for seat, card in zip(leader.following(), last, strict=True):
                    lay.ghost.append((seat, card, self._trick_rect(seat, cx, cy, tw)))
                lay.ghost_winner = pos.leader
        return lay

    @staticmethod
    def _side_rows(cards: list[BridgeCard]) -> list[list[BridgeCard]]:
        """West's or East's hand as rows: one of up to 7 cards, else two."""
        if len(cards) <= 7:
            return [cards]
        return _split_rows(cards, max(7, (len(cards) + 1) // 2))

    @staticmethod
    def _row_need(n: int, cw: float) -> float:
        """The width a zone needs for a row of ``n`` cards (indices showing, 3 suit gaps)."""
        return cw * (1 + (n - 1) * 0.44 + 0.36) + 16

    @staticmethod
    def _trick_rect(seat: Seat, cx: float, cy: float, w: float) -> QRectF:
        """Where ``seat``'s card of the trick lies: toward its player."""
        h = w / 0.7
        if seat is Seat.N:
            return QRectF(cx - w / 2, cy - 1.08 * h, w, h)
        if seat is Seat.S:
            return QRectF(cx - w / 2, cy + 0.08 * h, w, h)
        if seat is Seat.W:
            return QRectF(cx - 1.62 * w, cy - h / 2, w, h)
        return QRectF(cx + 0.62 * w, cy - h / 2, w, h)

    @staticmethod
    def _row(
        cards: list[BridgeCard],
        place: Place,
        zone: QRectF,
        y: float,
        cw: float,
        ch: float,
        shown_h: float | None = None,
    ) -> list[Slot]:
        """One row of cards centred in ``zone`` at height ``y``, overlapping if they must,
        with a little gap between suits."""
        n = len(cards)
        if not n:
            return []
        gap = 0.12 * cw
        breaks = _suit_breaks(cards)
        room = zone.width() - 8
        step = cw + 3
        if n > 1 and n * cw + (n - 1) * 3 + breaks * gap > room:
            step = max(4.0, (room - cw - breaks * gap) / (n - 1))
        span = cw + (n - 1) * step + breaks * gap
        x = zone.left() + (zone.width() - span) / 2
        rects: list[QRectF] = []
        for k, card in enumerate(cards):
            if k and card.suit != cards[k - 1].suit:
                x += gap
            rects.append(QRectF(x, y, cw, ch))
            x += step
        return BridgeTable._slots(cards, place, rects, ch if shown_h is None else shown_h)

    @staticmethod
    def _slots(
        cards: list[BridgeCard], place: Place, rects: list[QRectF], shown_h: float
    ) -> list[Slot]:
        out = []
        for k, (card, rect) in enumerate(zip(cards, rects, strict=True)):
            w = rect.width()
            if k + 1 < len(rects) and abs(rects[k + 1].top() - rect.top()) < 1:
                w = min(w, rects[k + 1].left() - rect.left())
            visible = QRectF(rect.left(), rect.top(), w, min(rect.height(), shown_h))
            out.append(Slot(card, place, rect, visible))
        return out

    def _pool(self, cards: list[BridgeCard], area: QRectF, cw: float) -> list[Slot]:
        """The undealt cards, a row per suit, as large as the middle of the table allows."""
        rows = [[c for c in cards if c.suit is s] for s in SUIT_ORDER]
        rows = [r for r in rows if r]
        longest = max(len(r) for r in rows)
        # overlapping by half a card: a two-digit index (the ten) shows whole
        pw = min(cw, area.width() / (1 + (longest - 1) * 0.5 + 0.36))
        ph = min(pw / 0.7, area.height() / (1 + (len(rows) - 1) * 0.5))
        pw = 0.7 * ph
        vstep = ph + 4
        if len(rows) > 1 and len(rows) * vstep - 4 > area.height():
            vstep = (area.height() - ph) / (len(rows) - 1)
        block = ph + vstep * (len(rows) - 1)
        top = area.top() + max(0.0, (area.height() - block) / 2)
        out: list[Slot] = []
        for k, row in enumerate(rows):
            out += self._row(row, POOL, area, top + k * vstep, pw, ph, min(ph, vstep))
        return out

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
        """Draw the whole table with ``p``."""
        p.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        p.setRenderHint(QPainter.RenderHint.TextAntialiasing, True)
        p.fillRect(self.rect(), FELT)
        lay = self._geometry()
        doc = self._session.document
        mover = self._mover()
        self._paint_zones(p, lay, mover)
        self._paint_labels(p, lay, doc, mover)
        self._paint_corners(p, lay, doc)
        self._paint_middle(p, lay, doc)
        self._paint_cards(p, lay, mover)
        self._paint_status(p, lay, doc)

    def _paint_zones(self, p: QPainter, lay: _Layout, mover: Seat | None) -> None:
        for place, zone in lay.zones.items():
            p.setPen(Qt.PenStyle.NoPen)
            if place == self._drop_zone:
                p.setBrush(DROP)
            else:
                p.setBrush(TURN_ZONE if place == mover else FELT_DARK)
            p.drawRoundedRect(zone, 8, 8)

    def label_text(self, seat: Seat) -> str:
        """``North``, ``East · dealer``, ``South · 12 cards`` (card counts while editing)."""
        doc = self._session.document
        parts = [seat.word]
        if seat is doc.dealer:
            parts.append("dealer")
        if doc.problem() is not None:
            n = len(doc.hands[seat])
            parts.append(f"{n} card{'s' if n != 1 else ''}")
        return " · ".join(parts)

    def _paint_labels(
        self, p: QPainter, lay: _Layout, doc: BridgeDocument, mover: Seat | None
    ) -> None:
        vul = vulnerable_sides(doc.vulnerable)
        font = _font(13, bold=True)
        metrics = QFontMetricsF(font)
        p.setFont(font)
        for seat, rect in lay.labels.items():
            text = ("▶ " if seat is mover else "") + self.label_text(seat)
            text = metrics.elidedText(text, Qt.TextElideMode.ElideRight, rect.width() - 16)
            w = metrics.horizontalAdvance(text) + 16
            pill = QRectF(rect.center().x() - w / 2, rect.top() + 1, w, rect.height() - 2)
            vulnerable = seat.side in vul
            if seat is mover:
                bg, fg = TURN, QColor("#1b1b1b")
            elif vulnerable:
                bg, fg = VULNERABLE, QColor("#ffffff")
            else:
                bg, fg = QColor(0, 0, 0, 70), TEXT
            p.setBrush(bg)
            if seat is mover and vulnerable:
                pen = QPen(VULNERABLE)
                pen.setWidthF(2.5)
                p.setPen(pen)
            else:
                p.setPen(Qt.PenStyle.NoPen)
            p.drawRoundedRect(pill, pill.height() / 2, pill.height() / 2)
            p.setPen(fg)
            p.drawText(pill, Qt.AlignmentFlag.AlignCenter, text)

    def _corner_lines(self, doc: BridgeDocument) -> tuple[list[str], list[str]]:
        """The top left corner's lines (the contract, the board) and the top right's (the
        tricks, whose turn, the last trick)."""
        vul = {"NONE": "none", "NS": "N–S", "EW": "E–W", "ALL": "both", "BOTH": "both"}
        info = [
            contract_text(doc.contract, doc.declarer),
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

    def _paint_corners(self, p: QPainter, lay: _Layout, doc: BridgeDocument) -> None:
        info, score = self._corner_lines(doc)
        for rect, lines, align in (
            (lay.info, info, Qt.AlignmentFlag.AlignLeft),
            (lay.score, score, Qt.AlignmentFlag.AlignRight),
        ):
            y = rect.top() + 2
            for k, line in enumerate(lines):
                big = k == 0
                for px in (17, 15, 13) if big else (12, 11, 10):  # shrink before eliding
                    font = _font(px, bold=big)
                    font.setItalic(line == "computing…")
                    metrics = QFontMetricsF(font)
                    if metrics.horizontalAdvance(line) <= rect.width() - 4:
                        break
                h = metrics.height() + 2
                if y + h > rect.bottom() + 4:
                    break
                p.setFont(font)
                p.setPen(TEXT if big else TEXT_SOFT)
                text = metrics.elidedText(line, Qt.TextElideMode.ElideRight, rect.width() - 4)
                box = QRectF(rect.left() + 2, y, rect.width() - 4, h)
                p.drawText(box, align | Qt.AlignmentFlag.AlignVCenter, text)
                y += h + (4 if big else 0)

    def _paint_middle(self, p: QPainter, lay: _Layout, doc: BridgeDocument) -> None:
        pool = len(doc.pool)
        if pool or self._drop_zone == POOL:
            font = _font(13, bold=True)
            p.setFont(font)
            p.setPen(TEXT)
            title = f"Undealt · {pool}" if pool else "Back to the pool"
            p.drawText(lay.pool_title, Qt.AlignmentFlag.AlignCenter, title)
        if lay.ghost:
            p.save()
            p.setOpacity(0.45)
            for _, card, rect in lay.ghost:
                paint_card(p, rect, card.suit.name, card.rank)
            p.restore()
        leader_card = lay.trick[0][1] if lay.trick else None
        for _, card, rect in lay.trick:
            paint_card(p, rect, card.suit.name, card.rank)
            if card == leader_card:  # the card led: a small mark at its foot
                p.save()
                p.setPen(Qt.PenStyle.NoPen)
                p.setBrush(TURN)
                d = max(6.0, rect.width() * 0.12)
                p.drawEllipse(QRectF(rect.right() - d - 4, rect.bottom() - d - 4, d, d))
                p.restore()

    def _paint_cards(self, p: QPainter, lay: _Layout, mover: Seat | None) -> None:
        selected = set(self._selected)
        legal = self._legal()
        shade = QColor(12, 30, 18, 95)
        lifted: dict[BridgeCard, QRectF] = {}
        for s in lay.slots:
            rect = s.rect.translated(0, -self.LIFT) if s.card in selected else s.rect
            lifted[s.card] = rect
            dimmed = s.place == mover and s.card not in legal
            paint_card(
                p,
                rect,
                s.card.suit.name,
                s.card.rank,
                selected=s.card in selected,
                focused=s.card == self._focus and self.hasFocus(),
                dimmed=dimmed,
            )
            if dimmed:
                path = QPainterPath()
                r = rect.width() * 0.09
                path.addRoundedRect(rect, r, r)
                p.fillPath(path, shade)
        marks = self.marks
        contract = self._contract()
        for s in lay.slots:
            mark = marks.get(s.card)
            if mark is None:
                continue
            dy = lifted[s.card].top() - s.rect.top()
            visible = s.visible.translated(0, dy)
            if mark.best:
                self._outline(p, visible, BEST)
            self._badge(p, visible, lay.card_h, mark.text(contract), mark.good)

    @staticmethod
    def _outline(p: QPainter, rect: QRectF, colour: QColor) -> None:
        p.save()
        pen = QPen(colour)
        pen.setWidthF(max(2.5, rect.height() * 0.035))
        p.setPen(pen)
        p.setBrush(Qt.BrushStyle.NoBrush)
        r = min(rect.width(), rect.height()) * 0.15
        p.drawRoundedRect(rect.adjusted(-1, -1, 1, 1), r, r)
        p.restore()

    @staticmethod
    def badge_rect(visible: QRectF, card_h: float) -> QRectF:
        """A mark's disc: in the uncovered strip of its card, under the card's index."""
        d = max(14.0, min(visible.width() - 4, card_h * 0.3))
        x = visible.left() + (visible.width() - d) / 2
        y = visible.top() + min(card_h * 0.52, visible.height() - d - 2)
        return QRectF(x, y, d, d)

    @classmethod
    def _badge(cls, p: QPainter, visible: QRectF, card_h: float, text: str, good: bool) -> None:
        """A card's disc: green if ``good`` (the contract makes; in an ending, a best card
        for the side that plays it), else red."""
        p.save()
        disc = cls.badge_rect(visible, card_h)
        p.setPen(QPen(QColor("#ffffff"), 1.2))
        p.setBrush(MADE if good else DOWN)
        p.drawEllipse(disc)
        font = _font(disc.height() * (0.55 if len(text) < 2 else 0.46), bold=True)
        p.setFont(font)
        p.setPen(QColor("#ffffff"))
        p.drawText(disc, Qt.AlignmentFlag.AlignCenter, text)
        p.restore()

    def hint(self) -> str:
        mover = self._mover()
        if mover is not None:
            return (
                f"{mover.word}: click a card to play it · Move cards: drag them, "
                "or select and press N, E, S, W or P"
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

    def _paint_status(self, p: QPainter, lay: _Layout, doc: BridgeDocument) -> None:
        bottom = lay.status
        line = bottom.adjusted(8, 0, -8, 0)
        font = _font(13)
        p.setFont(font)
        metrics = QFontMetricsF(font)
        bg: QColor | None
        if self._message:
            bg, fg = (REFUSAL if self._message_kind == "refusal" else NOTE), QColor("#ffffff")
        elif doc.problem() is not None:
            bg, fg = PROBLEM, PROBLEM_TEXT
        else:
            bg, fg = None, TEXT_SOFT
        if bg is not None:
            p.setPen(Qt.PenStyle.NoPen)
            p.setBrush(bg)
            p.drawRoundedRect(bottom, 4, 4)
        p.setPen(fg)
        text = metrics.elidedText(self.status_text(), Qt.TextElideMode.ElideRight, line.width())
        p.drawText(line, Qt.AlignmentFlag.AlignVCenter, text)

    # -- tooltips -------------------------------------------------------------------------
    def tooltip_at(self, pos: QPointF) -> str:
        """What the table says about the card or hand under ``pos`` ('' for nothing)."""
        lay = self._geometry()
        if lay.status.contains(pos):  # the whole line, however narrow the table
            return self.status_text()
        slot = self.slot_at(pos)
        if slot is not None:
            return self._card_tooltip(slot)
        for seat, card, rect in lay.trick:
            if rect.contains(pos):
                return f"{card_text(card)}, played by {seat.word}"
        for seat, rect in lay.labels.items():
            if rect.contains(pos):
                doc = self._session.document
                n = len(doc.hands[seat])
                words = [f"{seat.word}: {n} card{'s' if n != 1 else ''}"]
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
        drag = QDrag(self)
        drag.setMimeData(encode_cards(cards, self.place_of(cards[0])))
        cw, ch = self.card_size()
        shown = cards[:8]
        pix = QPixmap(int(cw + 14 * (len(shown) - 1)) + 2, int(ch) + 2)
        pix.fill(Qt.GlobalColor.transparent)
        painter = QPainter(pix)
        for k, c in enumerate(shown):
            paint_card(painter, QRectF(1 + 14 * k, 1, cw, ch), c.suit.name, c.rank)
        painter.end()
        drag.setPixmap(pix)
        drag.setHotSpot(QPoint(int(cw / 2), int(ch / 3)))
        drag.exec(Qt.DropAction.MoveAction)

    def dragEnterEvent(self, event: QDragEnterEvent) -> None:
        if event.mimeData().hasFormat(MIME_TYPE):
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

    def dragLeaveEvent(self, event: object) -> None:
        self._drop_zone = None
        self.update()

    def dropEvent(self, event: QDropEvent) -> None:
        self._drop_zone = None
        self.update()
        zone = self.zone_at(event.position())
        if zone is None:
            self.show_refusal("Drop the cards on a hand, or in the middle to return them")
            event.ignore()
            return
        try:
            cards = decode_cards(event.mimeData())
        except ValueError as exc:
            self.show_refusal(f"Drop refused: {exc}")
            event.ignore()
            return
        if self.request_move(cards, zone, "Drop"):
            event.setDropAction(Qt.DropAction.MoveAction)
            event.accept()
        else:
            event.ignore()

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
                self.show_note(
                    f"{mover.word} is to play; {card_text(slot.card)} is selected: "
                    "N, E, S, W or P moves it"
                )
        self.update()

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        if (
            self._press_card is None
            or self._press_pos is None
            or not event.buttons() & Qt.MouseButton.LeftButton
        ):
            return
        moved = (event.position().toPoint() - self._press_pos).manhattanLength()
        if moved < QApplication.startDragDistance():
            return
        card = self._press_card
        self._press_card = None
        self._press_plays = False
        self.start_drag(self._selected if card in self._selected else [card])

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
        slots = self._geometry().slots
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
        slots = self._geometry().slots
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

    # -- size -----------------------------------------------------------------------------
    def sizeHint(self) -> QSize:
        return QSize(1000, 700)

    def minimumSizeHint(self) -> QSize:
        return QSize(self.MIN_WIDTH, self.MIN_HEIGHT)
