"""The card table: West's hand, the undealt cards and East's hand, one band per suit.

Cards move by drag and drop (the app's own mime type), by keyboard (arrows to walk, Space to
select, ``W`` / ``E`` / ``P`` to send the selection to West, East or the pool) or by the context
menu. Given the session, the table shows the session's document and follows it; a move asks
the session (:meth:`~whistgui.ui.trick.session.Session.move_cards`), and a refused move or drop
shows its reason on the felt. Without a session (the play panel's table, figures) it shows the
documents it is given and asks for moves with :attr:`CardTable.moveRequested`.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Final

from PySide6.QtCore import (
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
    QFont,
    QFontMetricsF,
    QHelpEvent,
    QKeyEvent,
    QMouseEvent,
    QPainter,
    QPaintEvent,
    QPen,
)
from PySide6.QtWidgets import QApplication, QMenu, QToolTip, QWidget

from whistgui.app.document import Document
from whistgui.engine import Card, Player, WhistError
from whistgui.engine.trick.cards import SUIT_SYMBOLS
from whistgui.ui.theme import colour, contrasting_text
from whistgui.ui.trick.session import Session
from whistgui.ui.trick.table_cards import MIME_TYPE, decode_cards, encode_cards
from whistgui.ui.widgets.card_drops import CardDragDrop
from whistgui.ui.widgets.cardart import paint_card, paint_focus, suit_symbol
from whistgui.ui.widgets.deal_drag import deal_mime

WEST, POOL, EAST = "W", "P", "E"
PLACES: Final = (WEST, POOL, EAST)
PLACE_NAMES: Final = {WEST: "West", POOL: "the pool", EAST: "East"}


@dataclass(frozen=True, slots=True)
class Slot:
    """Where a card is drawn."""

    card: Card
    place: str
    rect: QRectF


@dataclass(frozen=True, slots=True)
class Header:
    """A column's title as drawn: the text that fits, its font, where, and the full title."""

    text: str
    font: QFont
    rect: QRectF
    full: str

    @property
    def shortened(self) -> bool:
        return self.text != self.full


@dataclass(frozen=True, slots=True)
class _Layout:
    """The table's geometry for one document, size, play mode and pool filter: worked out
    once (one pass over the suits) and read by painting, hit tests and keys, so a paint
    costs time linear in the cards, not in cards × suits."""

    #: How many cards a row of each column is laid out for (:meth:`CardTable._room_for`).
    fullest: dict[str, int]
    #: Each column's left edge and width.
    columns: dict[str, tuple[float, float]]
    #: The top of the bands, their total height and one band's height.
    top: float
    height: float
    band: float
    #: Card width and height.
    card: tuple[float, float]
    #: Every shown card with its rect, in drawing order, and the same by card.
    slots: tuple[Slot, ...]
    by_card: dict[Card, Slot]


def place_of(doc: Document, card: Card) -> str:
    holder = doc.deal.holder(card)
    if holder is Player.WEST:
        return WEST
    if holder is Player.EAST:
        return EAST
    return POOL


class CardTable(CardDragDrop):
    """The felt with both hands and the pool, by suit."""

    moveRequested = Signal(object, str)  # list[Card], destination place W / E / P
    refused = Signal(str)
    selectionChanged = Signal()
    cardActivated = Signal(object)  # Card: clicked (or Enter) in play mode

    MARGIN: Final = 8.0
    HEADER: Final = 26.0
    LABEL_W: Final = 58.0
    GAP: Final = 10.0
    #: Header font sizes (px), tried largest first before a title is shortened or elided.
    HEADER_PX: Final = (14, 13, 12)
    #: The smallest the table may get: a full 13-card pool beside both hands still shows
    #: cards about 40 px wide (their index readable) and four suits about 50 px tall; the
    #: analysis panel beside it and docks below cannot squeeze it further.
    MIN_WIDTH: Final = 560
    MIN_HEIGHT: Final = 300

    def __init__(self, session: Session | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("cardTable")
        self._session = session
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setAcceptDrops(True)
        self.setMinimumSize(self.MIN_WIDTH, self.MIN_HEIGHT)
        self.setAccessibleName("Card table")
        self._doc = Document.new()
        self._selected: list[Card] = []
        self._focus: Card | None = None
        self._press_pos: QPoint | None = None
        self._press_card: Card | None = None
        self._press_suit: int | None = None  # a suit's label pressed: its suit is dragged
        self._drop_zone: str | None = None
        self._message = ""
        self._moving = False  # True while our own moveRequested is being answered
        #: The geometry, worked out again when the document, the size, the play mode or the
        #: pool filter changes (see :meth:`_geometry`).
        self._layout: _Layout | None = None
        self._layout_key: tuple[Document, int, int] | None = None
        self._play_mode = False
        self._pool_only: frozenset[Card] | None = None
        #: The keyboard hint on the felt; figures for articles leave it out.
        self.show_hint = True
        self.pool_title = "Undealt"
        self.west_title = ""
        self.east_title = ""
        self._marks: dict[Card, str] = {}
        self._optimal: set[Card] = set()
        self._current: set[Card] = set()
        self._message_timer = QTimer(self)
        self._message_timer.setSingleShot(True)
        self._message_timer.timeout.connect(self._clear_message)
        if session is not None:
            self.set_document(session.document)
            session.documentChanged.connect(self.set_document)
            self.moveRequested.connect(self._move_in_session)

    def _move_in_session(self, cards: list[Card], dest: str) -> None:
        assert self._session is not None
        try:
            self._session.move_cards(cards, dest)
        except WhistError as exc:
            self.show_refusal(f"Move refused: {exc}")

    # -- state ----------------------------------------------------------------------------
    @property
    def document(self) -> Document:
        return self._doc

    def set_document(self, doc: Document) -> None:
        """Show ``doc``. The selection follows the cards only through the table's own move of
        them; any other change of the deal (typed text, undo, a new or opened deal) clears it,
        so a drag never carries cards picked in another deal."""
        deal_changed = doc.deal != self._doc.deal
        self._doc = doc
        valid = self._geometry().by_card.keys()
        if deal_changed and not self._moving:
            selected: list[Card] = []
        else:
            selected = [c for c in self._selected if c in valid]
        if self._focus not in valid:
            self._focus = None
        if selected != self._selected:
            self._selected = selected
            self.selectionChanged.emit()
        self.update()

    @property
    def play_mode(self) -> bool:
        """Play mode (the optimal-play panel): no moving cards; a click plays a card."""
        return self._play_mode

    @play_mode.setter
    def play_mode(self, on: bool) -> None:
        self._play_mode = bool(on)
        self._layout = None
        self.update()

    @property
    def pool_only(self) -> frozenset[Card] | None:
        """In play mode, the pool column shows only these cards (the ones played); ``None``
        shows the whole pool. Kept as a copy: changing the set given later does nothing
        until it is given again."""
        return self._pool_only

    @pool_only.setter
    def pool_only(self, cards: Iterable[Card] | None) -> None:
        self._pool_only = None if cards is None else frozenset(cards)
        self._layout = None
        self.update()

    @property
    def selected(self) -> list[Card]:
        return list(self._selected)

    def set_selected(self, cards: list[Card]) -> None:
        self._selected = list(dict.fromkeys(cards))
        self.selectionChanged.emit()
        self.update()

    def _toggle(self, card: Card) -> None:
        """Add ``card`` to the selection, or take it out."""
        sel = self.selected
        if card in sel:
            sel.remove(card)
        else:
            sel.append(card)
        self.set_selected(sel)

    @property
    def focus_card(self) -> Card | None:
        return self._focus

    @property
    def message(self) -> str:
        """The refusal shown on the felt, or ``''``."""
        return self._message

    def show_refusal(self, reason: str) -> None:
        self._message = reason
        self._message_timer.start(6000)
        self.refused.emit(reason)
        self.update()

    def _clear_message(self) -> None:
        self._message = ""
        self.update()

    # -- geometry -------------------------------------------------------------------------
    def _geometry(self) -> _Layout:
        """The layout of the shown document at the current size, worked out on first use after
        a change of the document, the size, :attr:`play_mode` or :attr:`pool_only`."""
        key = (self._doc, self.width(), self.height())
        layout = self._layout
        if (
            layout is None
            or self._layout_key is None
            or self._layout_key[0] is not key[0]
            or self._layout_key[1:] != key[1:]
        ):
            layout = self._layout = self._compute_layout()
            self._layout_key = key
        return layout

    def _compute_layout(self) -> _Layout:
        doc = self._doc
        fullest = self._room_for(self._fullest())
        # The columns share the width by how many cards they are laid out for, so a crowded
        # pool gets room.
        x0 = self.MARGIN + self.LABEL_W
        total = self.width() - x0 - self.MARGIN - 2 * self.GAP
        weights = {p: max(4, n) + 1.5 for p, n in fullest.items()}
        scale = total / sum(weights.values())
        columns: dict[str, tuple[float, float]] = {}
        x = x0
        for p in PLACES:
            columns[p] = (x, weights[p] * scale)
            x += weights[p] * scale + self.GAP
        top = self.MARGIN + self.HEADER
        height = self.height() - top - self.MARGIN - 22
        band = height / self._bands()
        cw, ch = card = self._fit_card(fullest, columns)
        lift = self._lift(cw)
        slots: list[Slot] = []
        for i, suit in enumerate(doc.deal.suits):
            pool = [r for r in doc.pool(i) if self._shown_in_pool(Card(i, r))]
            groups = {WEST: list(suit.west), EAST: list(suit.east), POOL: pool}
            for place in PLACES:
                ranks = groups[place]
                if not ranks:
                    continue
                left, width = columns[place]
                zone_top = top + i * band
                span = width - 8 - cw
                step = cw + 3 if len(ranks) < 2 else min(cw + 3, span / (len(ranks) - 1))
                y = zone_top + lift + max(0.0, (band - lift - ch) / 2)
                for k, r in enumerate(ranks):
                    rect = QRectF(left + 4 + k * step, y, cw, ch)
                    slots.append(Slot(Card(i, r), place, rect))
        return _Layout(
            fullest=fullest,
            columns=columns,
            top=top,
            height=height,
            band=band,
            card=card,
            slots=tuple(slots),
            by_card={s.card: s for s in slots},
        )

    def _bands(self) -> int:
        return max(1, len(self._doc.deal.suits))

    def _card_size(self) -> tuple[float, float]:
        """Card width and height (see :meth:`_fit_card`)."""
        return self._geometry().card

    def _fit_card(
        self, fullest: dict[str, int], columns: dict[str, tuple[float, float]]
    ) -> tuple[float, float]:
        """Card width and height: as tall as a band allows, but narrow enough that the
        fullest row of each column still shows every card's index; in play mode short enough
        to leave room above it for its mark."""
        band = (self.height() - self.HEADER - 2 * self.MARGIN - 22) / self._bands()
        room = band - 8
        if self.play_mode:  # h + badge(0.7 h) + 2 <= room, badge(w) = max(16, 0.4 w)
            room = min(room - 18, (room - 2) / 1.28)
        h = max(24.0, min(room, 110.0))
        for place, n in fullest.items():
            zone_w = columns[place][1] - 8
            # n cards need w + (n - 1) * 0.44 w of room: a two-digit index stays readable
            h = min(h, zone_w / (1 + (n - 1) * 0.44) / 0.7)
        h = max(h, 24.0)
        return h * 0.7, h

    @staticmethod
    def _badge_size(card_w: float) -> float:
        """The diameter of a card's mark."""
        return max(16.0, card_w * 0.4)

    @classmethod
    def badge_rect(cls, card: QRectF) -> QRectF:
        """Where the mark of a card drawn at ``card`` goes: above its visible strip."""
        d = cls._badge_size(card.width())
        return QRectF(card.left() + 1, card.top() - d - 1, d, d)

    def _lift(self, card_w: float) -> float:
        """Room kept above every card in play mode for its mark, so that no mark covers a
        column's title or the card above it."""
        return self._badge_size(card_w) + 2 if self.play_mode else 0.0

    def _fullest(self) -> dict[str, int]:
        """The most cards any suit has in each column: a pass over every suit, made once per
        layout (:meth:`_geometry`), never per card or per suit."""
        doc = self._doc
        fullest = {WEST: 1, POOL: 1, EAST: 1}
        for i, suit in enumerate(doc.deal.suits):
            for place, n in (
                (WEST, len(suit.west)),
                (EAST, len(suit.east)),
                (POOL, sum(1 for r in doc.pool(i) if self._shown_in_pool(Card(i, r)))),
            ):
                fullest[place] = max(fullest[place], n)
        return fullest

    def _room_for(self, fullest: dict[str, int]) -> dict[str, int]:
        """The cards a row of each column is laid out for, so that moving cards seldom moves a
        column: the pool's room is its deck; the hands' 4 cards, then half the deck, then their
        longest suit. In play mode, or with a pool filter, the cards shown."""
        if self.play_mode or self._pool_only is not None:
            return fullest
        deck = max((d.size for d in self._doc.decks), default=1)
        longest = max(fullest[WEST], fullest[EAST])
        hand = 4 if longest <= 4 else max((deck + 1) // 2, longest)
        return {WEST: hand, POOL: max(deck, fullest[POOL]), EAST: hand}

    def _shown_in_pool(self, card: Card) -> bool:
        return self._pool_only is None or card in self._pool_only

    def zone_rect(self, place: str, suit: int | None = None) -> QRectF:
        """The area of a column (all bands, or one suit's band); columns share the width by
        how many cards a row is laid out for (:meth:`_room_for`), so a crowded pool gets
        room."""
        lay = self._geometry()
        x, width = lay.columns[place]
        if suit is None:
            return QRectF(x, lay.top, width, lay.height)
        return QRectF(x, lay.top + suit * lay.band, width, lay.band)

    def suit_label_at(self, pos: QPointF) -> int | None:
        """The suit whose label (its symbol, left of the West hand) is at ``pos``, if any."""
        lay = self._geometry()
        if not self.MARGIN <= pos.x() < self.MARGIN + self.LABEL_W or lay.band <= 0:
            return None
        i = int((pos.y() - lay.top) // lay.band)
        return i if pos.y() >= lay.top and 0 <= i < len(self._doc.deal.suits) else None

    @staticmethod
    def _copy(slot: Slot) -> Slot:
        """A slot the caller may change without changing the table's layout."""
        return Slot(slot.card, slot.place, QRectF(slot.rect))

    def slots(self) -> list[Slot]:
        """Every card of every deck, with where it is drawn, in drawing order."""
        return [self._copy(s) for s in self._geometry().slots]

    def slot_of(self, card: Card) -> Slot | None:
        slot = self._geometry().by_card.get(card)
        return None if slot is None else self._copy(slot)

    def slot_at(self, pos: QPointF) -> Slot | None:
        for s in reversed(self._geometry().slots):
            if s.rect.contains(pos):
                return self._copy(s)
        return None

    def zone_at(self, pos: QPointF) -> str | None:
        for p in PLACES:
            if self.zone_rect(p).contains(pos):
                return p
        return None

    # -- headers --------------------------------------------------------------------------
    def _titles(self) -> dict[str, list[str]]:
        """Each column's title, then shorter forms of it for a narrow column."""
        doc = self._doc
        titles = {
            WEST: self.west_title or f"West · {doc.deal.hand_size(Player.WEST)}",
            POOL: self.pool_title,
            EAST: self.east_title or f"East · {doc.deal.hand_size(Player.EAST)}",
        }
        lead = WEST if doc.lead is Player.WEST else EAST
        out = {place: [title] for place, title in titles.items()}
        if not self.play_mode:
            t = titles[lead]
            out[lead] = [f"{t}  (on lead)", f"{t} (lead)", f"▶ {t}"]
        return out

    @staticmethod
    def _header_font(px: int) -> QFont:
        font = QFont("DejaVu Sans")
        font.setPixelSize(px)
        font.setBold(True)
        return font

    def headers(self) -> dict[str, Header]:
        """The column titles as drawn, all at one size: the least shortened forms of the
        titles that fit their columns at one of :attr:`HEADER_PX` (largest first); a title
        too long even in its shortest form at the smallest size is elided, never clipped."""
        titles = self._titles()
        rects: dict[str, QRectF] = {}
        for place in PLACES:
            zone = self.zone_rect(place)
            rects[place] = QRectF(zone.left(), self.MARGIN, zone.width(), self.HEADER - 4)

        def form(place: str, level: int) -> str:
            forms = titles[place]
            return forms[min(level, len(forms) - 1)]

        def room(place: str) -> float:
            return rects[place].width() - 6

        levels = max(len(forms) for forms in titles.values())
        chosen: tuple[int, QFont] | None = None
        for level in range(levels):
            for px in self.HEADER_PX:
                font = self._header_font(px)
                metrics = QFontMetricsF(font)
                if all(metrics.horizontalAdvance(form(p, level)) <= room(p) for p in PLACES):
                    chosen = level, font
                    break
            if chosen is not None:
                break
        level, font = chosen or (levels - 1, self._header_font(self.HEADER_PX[-1]))
        metrics = QFontMetricsF(font)
        out: dict[str, Header] = {}
        for place in PLACES:
            text = metrics.elidedText(form(place, level), Qt.TextElideMode.ElideRight, room(place))
            out[place] = Header(text, font, rects[place], titles[place][0])
        return out

    def event(self, event: QEvent) -> bool:
        """A shortened column title shows in full as the header's tooltip."""
        if event.type() == QEvent.Type.ToolTip and isinstance(event, QHelpEvent):
            pos = QPointF(event.pos())
            header = next((h for h in self.headers().values() if h.rect.contains(pos)), None)
            if header is not None and header.shortened:
                QToolTip.showText(event.globalPos(), header.full, self, header.rect.toRect())
                return True
            i = self.suit_label_at(pos)
            if i is not None and not self.play_mode:
                suit = self._doc.deal.suits[i]
                QToolTip.showText(event.globalPos(), f"Drag {suit} to the values worksheet", self)
                return True
        return super().event(event)

    # -- painting -------------------------------------------------------------------------
    def paintEvent(self, event: QPaintEvent) -> None:
        p = QPainter(self)
        self.paint(p)
        p.end()

    def paint(self, p: QPainter) -> None:
        """Draw the whole table with ``p`` (also used by figure export)."""
        p.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        p.fillRect(self.rect(), colour("felt"))
        doc = self._doc
        lay = self._geometry()
        headers = self.headers()
        for place in PLACES:
            zone = self.zone_rect(place)
            shade = colour("felt_drop" if place == self._drop_zone else "felt_band")
            p.setPen(Qt.PenStyle.NoPen)
            p.setBrush(shade)
            p.drawRoundedRect(zone, 8, 8)
            header = headers[place]
            p.setPen(colour("felt_text"))
            p.setFont(header.font)
            p.drawText(header.rect, Qt.AlignmentFlag.AlignCenter, header.text)
        # suit labels and band lines
        font = QFont("DejaVu Sans")
        font.setPixelSize(13)
        for i, name in enumerate(doc.deal.names):
            band = self.zone_rect(WEST, i)
            mid = band.center().y()
            p.setPen(colour("felt_symbol"))
            big = QFont(font)
            px = int(min(30, band.height() * 0.45))
            if px > 0:  # a band under 3 px (hundreds of suits) keeps the 13 px of ``font``
                big.setPixelSize(px)
            p.setFont(big)
            p.drawText(
                QRectF(self.MARGIN, mid - 28, self.LABEL_W - 6, 36),
                Qt.AlignmentFlag.AlignCenter,
                suit_symbol(name),
            )
            label = QRectF(self.MARGIN, mid + 8, self.LABEL_W - 6, 18)
            p.setFont(font)
            deck = doc.decks[i]
            p.setPen(colour("felt_text_soft"))
            small = QFont(font)
            small.setPixelSize(11)
            p.setFont(small)
            size = f"{deck.size} cards" if deck.kind == "standard" else f"1–{deck.size}"
            if name not in SUIT_SYMBOLS:  # suits 5, 6, …: say which (the symbol is ours)
                size = f"suit {name}"
            if not self.play_mode or name not in SUIT_SYMBOLS:
                p.drawText(label, Qt.AlignmentFlag.AlignCenter, size)
            p.setFont(font)
            if i:
                line_colour = colour("felt_line")
                line_colour.setAlpha(40)
                p.setPen(line_colour)
                y = band.top()
                p.drawLine(QPointF(self.MARGIN, y), QPointF(self.width() - self.MARGIN, y))
        selected = set(self._selected)
        for s in lay.slots:
            name = doc.deal.names[s.card.suit]
            rect = s.rect.translated(0, -6) if s.card in selected else s.rect
            paint_card(
                p,
                rect,
                name,
                s.card.rank,
                selected=s.card in selected,
                dimmed=s.place == POOL and s.card not in self._current,
                abstract=doc.decks[s.card.suit].kind == "abstract",
            )
            if s.card in self._optimal:
                self._outline(p, rect, colour("optimal_mark"))
            mark = self._marks.get(s.card)
            if mark is not None:
                self._badge(p, rect, mark, s.card in self._optimal)
        for s in lay.slots:  # the trick in play, on top of its neighbours
            if s.card in self._current:
                self._outline(p, s.rect, colour("turn"))
                paint_card(
                    p,
                    s.rect,
                    doc.deal.names[s.card.suit],
                    s.card.rank,
                    abstract=doc.decks[s.card.suit].kind == "abstract",
                )
                self._outline(p, s.rect, colour("turn"))
        focus = lay.by_card.get(self._focus) if self._focus and self.hasFocus() else None
        if focus is not None:  # the ring on top: a neighbour overlapping the card hid it
            paint_focus(p, focus.rect.translated(0, -6 if focus.card in selected else 0))
        # status line / refusal
        bottom = QRectF(self.MARGIN, self.height() - 22, self.width() - 2 * self.MARGIN, 20)
        line = bottom.adjusted(6, 0, -6, 0)
        p.setFont(font)
        elide = p.fontMetrics().elidedText  # a narrow table shortens the line, never clips it
        if self._message:
            p.setPen(Qt.PenStyle.NoPen)
            refusal = colour("felt_refusal")
            p.setBrush(refusal)
            p.drawRoundedRect(bottom, 4, 4)
            p.setPen(contrasting_text(refusal))
            text = elide(self._message, Qt.TextElideMode.ElideRight, int(line.width()))
            p.drawText(line, Qt.AlignmentFlag.AlignVCenter, text)
        elif self.show_hint:
            p.setPen(colour("felt_text_soft"))
            hint = "Drag cards, or select (click, Space) and press W, E or P to move them"
            text = elide(hint, Qt.TextElideMode.ElideRight, int(line.width()))
            p.drawText(line, Qt.AlignmentFlag.AlignVCenter, text)

    @staticmethod
    def _outline(p: QPainter, rect: QRectF, ink: QColor) -> None:
        p.save()
        pen = QPen(ink)
        pen.setWidthF(max(2.0, rect.width() * 0.06))
        p.setPen(pen)
        p.setBrush(Qt.BrushStyle.NoBrush)
        r = rect.width() * 0.09
        p.drawRoundedRect(rect.adjusted(-1, -1, 1, 1), r, r)
        p.restore()

    @staticmethod
    def _badge(p: QPainter, rect: QRectF, text: str, optimal: bool) -> None:
        """A card's mark (tricks West ends with) in a disc above its top left corner."""
        p.save()
        disc = CardTable.badge_rect(rect)
        d = disc.width()
        p.setPen(Qt.PenStyle.NoPen)
        fill = colour("optimal_mark" if optimal else "other_mark")
        p.setBrush(fill)
        p.drawEllipse(disc)
        f = QFont("DejaVu Sans")
        f.setBold(True)
        f.setPixelSize(max(9, round(d * 0.55)))
        p.setFont(f)
        p.setPen(colour("mark_text"))
        p.drawText(disc, Qt.AlignmentFlag.AlignCenter, text)
        p.restore()

    # -- play mode ------------------------------------------------------------------------
    def set_marks(
        self, marks: dict[Card, str], optimal: set[Card], current: set[Card] | None = None
    ) -> None:
        """Show each legal card's result, outline the optimal ones and the trick in play."""
        self._marks = dict(marks)
        self._optimal = set(optimal)
        self._current = set(current or ())
        self.update()

    @property
    def marks(self) -> dict[Card, str]:
        return dict(self._marks)

    # -- mouse ----------------------------------------------------------------------------
    def mousePressEvent(self, event: QMouseEvent) -> None:
        if event.button() != Qt.MouseButton.LeftButton:
            return super().mousePressEvent(event)
        slot = self.slot_at(event.position())
        if self.play_mode:
            if slot is not None and slot.card in self._marks:
                self._focus = slot.card
                self.cardActivated.emit(slot.card)
            return None
        self._press_pos = event.position().toPoint()
        self._press_card = slot.card if slot else None
        self._press_suit = None if slot else self.suit_label_at(event.position())
        if slot is None:
            if not event.modifiers() & Qt.KeyboardModifier.ControlModifier:
                self.set_selected([])
            return None
        self._focus = slot.card
        if event.modifiers() & Qt.KeyboardModifier.ControlModifier:
            self._toggle(slot.card)
        elif slot.card not in self._selected:
            self.set_selected([slot.card])
        self.update()
        return None

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        if not self.play_mode and not self.drag_pressed_card(event):
            self._drag_pressed_suit(event)

    def _drag_pressed_suit(self, event: QMouseEvent) -> None:
        """A suit's label dragged far enough: the suit, as a deal's text, to the worksheet."""
        i, start = self._press_suit, self._press_pos
        if i is None or start is None or not event.buttons() & Qt.MouseButton.LeftButton:
            return
        if (event.position().toPoint() - start).manhattanLength() < (
            QApplication.startDragDistance()
        ):
            return
        self._press_suit = None
        drag = QDrag(self)
        drag.setMimeData(deal_mime(str(self._doc.deal.suits[i]), "table"))
        drag.exec(Qt.DropAction.CopyAction)

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        self._press_card = None
        self._press_pos = None
        self._press_suit = None

    def mouseDoubleClickEvent(self, event: QMouseEvent) -> None:
        """Double-click sends a card to the other hand (pool cards go to West)."""
        slot = self.slot_at(event.position())
        if slot is not None and not self.play_mode:
            dest = {WEST: EAST, EAST: WEST, POOL: WEST}[slot.place]
            self._ask_move([slot.card], dest)

    def start_drag(self, cards: list[Card]) -> None:
        if not cards:
            return
        origin = place_of(self._doc, cards[0])
        names = self._doc.deal.names
        self.drag_cards(
            encode_cards(self._doc, cards, origin),
            [(names[c.suit], c.rank) for c in cards],
            self._card_size(),
            step=12,
        )

    # -- drops (the rest is CardDragDrop's) -----------------------------------------------
    drop_mime_type = MIME_TYPE
    drop_outside = "drop the cards on West's hand, East's hand or the pool"

    def decode_drop(self, mime: QMimeData) -> list[Card]:
        return decode_cards(self._doc, mime)

    def drop_cards(self, cards: list[Card], zone: str) -> bool:
        self.request_move(cards, zone)
        return True

    def request_move(self, cards: list[Card], dest: str) -> None:
        """Ask for ``cards`` to go to ``dest``; cards already there are left alone."""
        moving = [c for c in cards if place_of(self._doc, c) != dest]
        if not moving:
            where = PLACE_NAMES[dest]
            self.show_refusal(
                f"{'That card is' if len(cards) == 1 else 'Those cards are'} already with {where}"
            )
            return
        self._ask_move(moving, dest)

    def _ask_move(self, cards: list[Card], dest: str) -> None:
        """Emit :attr:`moveRequested`; the deal it brings back keeps the selection."""
        self._moving = True
        try:
            self.moveRequested.emit(cards, dest)
        finally:
            self._moving = False

    # -- keyboard -------------------------------------------------------------------------
    def _ordered(self) -> list[Slot]:
        return sorted(self._geometry().slots, key=lambda s: (s.card.suit, s.rect.left()))

    def keyPressEvent(self, event: QKeyEvent) -> None:
        key = event.key()
        slots = self._ordered()
        if not slots:
            return super().keyPressEvent(event)
        rows: dict[int, list[Slot]] = {}  # each suit's cards, left to right
        for s in slots:
            rows.setdefault(s.card.suit, []).append(s)
        if self._focus is None or all(s.card != self._focus for s in slots):
            self._focus = slots[0].card
        cur = next(s for s in slots if s.card == self._focus)
        if key in (Qt.Key.Key_Left, Qt.Key.Key_Right):
            row = rows[cur.card.suit]
            k = row.index(cur) + (1 if key == Qt.Key.Key_Right else -1)
            self._focus = row[max(0, min(len(row) - 1, k))].card
        elif key in (Qt.Key.Key_Up, Qt.Key.Key_Down):
            step = 1 if key == Qt.Key.Key_Down else -1
            suit = cur.card.suit + step
            while 0 <= suit < len(self._doc.deal.suits):
                row = rows.get(suit, [])
                if row:
                    x = cur.rect.center().x()
                    self._focus = min(row, key=lambda s: abs(s.rect.center().x() - x)).card
                    break
                suit += step
        elif self.play_mode and key in (Qt.Key.Key_Return, Qt.Key.Key_Enter, Qt.Key.Key_Space):
            if cur.card in self._marks:
                self.cardActivated.emit(cur.card)
        elif self.play_mode:
            return super().keyPressEvent(event)
        elif key == Qt.Key.Key_Space:
            self._toggle(cur.card)
        elif key == Qt.Key.Key_Escape:
            self.set_selected([])
        elif key == Qt.Key.Key_A and event.modifiers() & Qt.KeyboardModifier.ControlModifier:
            self.set_selected([s.card for s in slots])
        elif key in (Qt.Key.Key_W, Qt.Key.Key_E, Qt.Key.Key_P, Qt.Key.Key_Delete):
            dest = {
                Qt.Key.Key_W: WEST,
                Qt.Key.Key_E: EAST,
                Qt.Key.Key_P: POOL,
                Qt.Key.Key_Delete: POOL,
            }[Qt.Key(key)]
            self.request_move(self._selected or [cur.card], dest)
        else:
            return super().keyPressEvent(event)
        self.update()
        return None

    def contextMenuEvent(self, event: QContextMenuEvent) -> None:
        if self.play_mode:
            return
        slot = self.slot_at(QPointF(event.pos()))
        if slot is not None and slot.card not in self._selected:
            self.set_selected([slot.card])
        cards = self._selected
        if not cards:
            return
        menu = QMenu(self)
        for dest, label in (
            (WEST, "Move to &West\tW"),
            (EAST, "Move to &East\tE"),
            (POOL, "Back to the &pool\tP"),
        ):
            act = QAction(label, menu)
            act.triggered.connect(lambda _=False, d=dest: self.request_move(self.selected, d))
            menu.addAction(act)
        menu.exec(event.globalPos())

    def sizeHint(self) -> QSize:
        return QSize(900, 520)

    def minimumSizeHint(self) -> QSize:
        return QSize(self.MIN_WIDTH, self.MIN_HEIGHT)
