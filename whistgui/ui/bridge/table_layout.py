"""The bridge table's layout, computed from the board and the felt's size alone: a card's
size, each hand's zone and label, every card's slot (overlapping within a row, a little gap
between suits; West and East a row per suit, as every bridge diagram has them), the pool of
undealt cards a row per suit, the trick (and the last one, faint) in the middle, the corners
and the status line."""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field
from typing import Final

from PySide6.QtCore import QRectF

from whistgui.app.bridge import BridgeDocument
from whistgui.engine.bridge import BridgeCard, BridgePosition, Seat
from whistgui.ui.bridge.table_cards import POOL, SUIT_ORDER, Place, sort_hand

__all__ = [
    "GAP",
    "LABEL",
    "LIFT",
    "MARGIN",
    "MAX_CARD_W",
    "STATUS",
    "Slot",
    "TableLayout",
    "compute_layout",
    "side_card_size",
    "side_rows",
]

MARGIN: Final = 8.0
GAP: Final = 10.0
LABEL: Final = 22.0
STATUS: Final = 24.0
#: the room above a hand's cards: a selected card is drawn lifted by this much
LIFT: Final = 6.0
#: cards stay at most this wide however large the table
MAX_CARD_W: Final = 90.0


@dataclass(frozen=True, slots=True)
class Slot:
    """A card in a hand or in the pool: where it is drawn, and the part of it left uncovered
    by the card drawn after it (its index, its mark, its outline)."""

    card: BridgeCard
    place: Place
    rect: QRectF
    visible: QRectF


@dataclass(slots=True)
class TableLayout:
    """Where the table draws what: the cards' size, the zones, labels and slots."""

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


def compute_layout(
    doc: BridgeDocument, pos: BridgePosition | None, cursor: int, width: float, height: float
) -> TableLayout:
    """Where everything of ``doc`` is drawn on a felt of ``width`` × ``height``: the hands
    (at ``pos``, the position at the session's ``cursor``; None while the hands are no deal),
    the pool, the trick, the labels and the corners."""
    m, g, label = MARGIN, GAP, LABEL
    # A card's width: the side hands (two rows of 7, 3 suit gaps) and the trick between
    # them fill the width; the four rows of cards (N, W/E twice, S) fill the height.
    cw_w = (width - 2 * m - 2 * g - 48) / 11.3
    ch_h = (height - 2 * m - STATUS - 3 * label - 72) / 4
    cw = max(24.0, min(cw_w, 0.7 * ch_h, MAX_CARD_W))
    ch = cw / 0.7
    lay = TableLayout(cw, ch, pos)

    hand_h = label + ch + LIFT + 6
    inner = width - 2 * m
    ns_need = cw * (1 + 12 * 0.44 + 0.36) + 16
    ns_w = min(inner, max(ns_need, min(inner - 300, 13 * (cw + 3) + 0.36 * cw + 16)))
    ns_x = m + (inner - ns_w) / 2
    north = QRectF(ns_x, m, ns_w, hand_h)
    s_top = height - m - STATUS - hand_h
    south = QRectF(ns_x, s_top, ns_w, hand_h)
    band_top = north.bottom() + 6
    band_h = max(40.0, south.top() - 6 - band_top)
    # The side hands are a row per suit (every bridge diagram's way: a suit never wraps), as
    # wide as a row of 7 needs (more if the table is wide, or a suit is longer), but narrower
    # while they hold few cards, so that a crowded pool gets the room.
    hands = pos.hands if pos is not None else doc.hands
    rows_of = {seat: side_rows(sort_hand(hands[seat])) for seat in (Seat.W, Seat.E)}
    longest = max([4, *(len(r) for rows in rows_of.values() for r in rows)])
    full_side = max(
        row_need(7, cw), min((inner - 2 * g) * 0.3, (inner - 2 * g - 3.3 * cw - 16) / 2)
    )
    if doc.pool:
        side_w = min(full_side, suit_row_need(longest, cw))
    else:  # a long suit widens them, the trick between them keeping room for its cards
        side_max = (inner - 2 * g - max(170.0, 2.6 * cw)) / 2
        side_w = max(full_side, min(suit_row_need(longest, cw), side_max))
    west = QRectF(m, band_top, side_w, band_h)
    east = QRectF(width - m - side_w, band_top, side_w, band_h)
    middle = QRectF(west.right() + g, band_top, east.left() - g - west.right() - g, band_h)
    lay.zones = {Seat.N: north, Seat.E: east, Seat.S: south, Seat.W: west, POOL: middle}
    lay.info = QRectF(m, m, max(0.0, ns_x - m - g), hand_h)
    lay.score = QRectF(north.right() + g, m, max(0.0, width - m - north.right() - g), hand_h)
    lay.status = QRectF(m, height - m - STATUS + 2, inner, STATUS - 4)

    # North: label, then cards; South: cards, then label
    lay.labels[Seat.N] = QRectF(north.left(), north.top(), north.width(), label)
    y = north.top() + label + LIFT
    lay.slots += card_row(sort_hand(hands[Seat.N]), Seat.N, north, y, cw, ch)
    y = south.top() + LIFT
    lay.slots += card_row(sort_hand(hands[Seat.S]), Seat.S, south, y, cw, ch)
    lay.labels[Seat.S] = QRectF(south.left(), y + ch + 2, south.width(), label)
    # West and East: label, then a row per suit (overlapping down the zone if they must)
    for seat, zone in ((Seat.W, west), (Seat.E, east)):
        rows = rows_of[seat]
        scw, sch, vstep = side_card_size(rows, zone, cw)
        block = label + LIFT + sch + vstep * (len(rows) - 1)
        top = zone.top() + max(0.0, (zone.height() - block) / 2)
        lay.labels[seat] = QRectF(zone.left(), top, zone.width(), label)
        for k, row in enumerate(rows):
            y = top + label + LIFT + k * vstep
            shown = vstep if k + 1 < len(rows) else sch
            # rows start at one edge, as a diagram's suits do: a short suit centred under a
            # long one floated between the rows
            lay.slots += card_row(row, seat, zone, y, scw, sch, min(sch, shown), left=True)
    # the middle: the pool while the hands are not a deal, else the trick
    pool = sort_hand(doc.pool)
    lay.pool_title = QRectF(middle.left(), middle.top(), middle.width(), label)
    if pool:
        lay.slots += pool_slots(pool, middle.adjusted(6, label + 2, -6, -4), cw)
    if pos is not None:
        tw = min(cw, (middle.width() - 12) / 3.3, 0.7 * (middle.height() - 8) / 2.2)
        cx, cy = middle.center().x(), middle.center().y()
        seats = pos.leader.following()
        for seat, card in zip(seats, pos.trick, strict=False):
            lay.trick.append((seat, card, trick_rect(seat, cx, cy, tw)))
        if not pos.trick and cursor >= 4:
            last = doc.played[cursor - 4 : cursor]
            leader = doc.position(cursor - 4).leader
            for seat, card in zip(leader.following(), last, strict=True):
                lay.ghost.append((seat, card, trick_rect(seat, cx, cy, tw)))
            lay.ghost_winner = pos.leader
    return lay


def side_rows(cards: list[BridgeCard]) -> list[list[BridgeCard]]:
    """West's or East's hand as rows: one a suit, in :data:`SUIT_ORDER` (voids take none).

    >>> [[c.text for c in r] for r in side_rows(sort_hand(BridgeCard.parse(t) for t in
    ...     ("HA", "HQ", "HT", "H6", "H5", "C2")))]
    [['♥A', '♥Q', '♥10', '♥6', '♥5'], ['♣2']]
    """
    return [row for suit in SUIT_ORDER if (row := [c for c in cards if c.suit is suit])]


#: A side hand's rows may overlap down to this share of a card's height: its rank and its
#: mark still show.
MIN_ROW_STEP: Final = 0.6


def side_card_size(
    rows: list[list[BridgeCard]], zone: QRectF, cw: float
) -> tuple[float, float, float]:
    """A side hand's cards' width and height, and the step between its rows: the table's
    size unless the longest suit is too long for the zone's width or the rows too many for
    its height, then smaller; the rows overlap only as much as the height needs."""
    longest = max((len(r) for r in rows), default=1)
    n = max(1, len(rows))
    w = min(cw, (zone.width() - 16) / (1 + (longest - 1) * 0.44))
    room = zone.height() - LABEL - LIFT - 2
    w = max(16.0, min(w, 0.7 * room / (1 + (n - 1) * MIN_ROW_STEP)))
    h = w / 0.7
    step = h + 4 if n == 1 else min(h + 4, (room - h) / (n - 1))
    return w, h, max(step, MIN_ROW_STEP * h)


def row_need(n: int, cw: float) -> float:
    """The width a zone needs for a row of ``n`` cards (indices showing, 3 suit gaps)."""
    return cw * (1 + (n - 1) * 0.44 + 0.36) + 16


def suit_row_need(n: int, cw: float) -> float:
    """The width a zone needs for a row of ``n`` cards of one suit (indices showing)."""
    return cw * (1 + (n - 1) * 0.44) + 16


def trick_rect(seat: Seat, cx: float, cy: float, w: float) -> QRectF:
    """Where ``seat``'s card of the trick lies: toward its player."""
    h = w / 0.7
    if seat is Seat.N:
        return QRectF(cx - w / 2, cy - 1.08 * h, w, h)
    if seat is Seat.S:
        return QRectF(cx - w / 2, cy + 0.08 * h, w, h)
    if seat is Seat.W:
        return QRectF(cx - 1.62 * w, cy - h / 2, w, h)
    return QRectF(cx + 0.62 * w, cy - h / 2, w, h)


def card_row(
    cards: list[BridgeCard],
    place: Place,
    zone: QRectF,
    y: float,
    cw: float,
    ch: float,
    shown_h: float | None = None,
    *,
    left: bool = False,
) -> list[Slot]:
    """One row of cards centred in ``zone`` (``left``: from its left edge) at height ``y``,
    overlapping if they must, with a little gap between suits."""
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
    x = zone.left() + (4 if left else (zone.width() - span) / 2)
    rects: list[QRectF] = []
    for k, card in enumerate(cards):
        if k and card.suit != cards[k - 1].suit:
            x += gap
        rects.append(QRectF(x, y, cw, ch))
        x += step
    return _slots(cards, place, rects, ch if shown_h is None else shown_h)


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


def pool_slots(cards: list[BridgeCard], area: QRectF, cw: float) -> list[Slot]:
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
        out += card_row(row, POOL, area, top + k * vstep, pw, ph, min(ph, vstep))
    return out
