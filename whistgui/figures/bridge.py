"""Four-hand bridge for print: the deal diagram and the double-dummy table.

**The diagram** is the one bridge columns print: North at the top centre, West at the left,
East at the right, South at the bottom centre, each hand four lines ♠ ♥ ♦ ♣ with the ranks
high to low (``10`` for the ten, as the whist deal prints it) and ``—`` for a void, and a small
compass square between them labelled N, E, S and W. The board's facts stand in the empty
corners: its number, the dealer and the vulnerability top left, the contract and declarer
top right. A position mid-play (:class:`~whistgui.engine.bridge.BridgePosition`) shows the
cards still held, the trick on the table inside the compass by the side of the player who
played each card (the player to move in bold), and the tricks won so far.

**The double-dummy table** has a row per declarer (N, S, E, W, as bridge literature orders
them) and a column per strain (NT ♠ ♥ ♦ ♣), each cell the tricks that declarer takes in that
strain with the best play on both sides (:func:`~whistgui.engine.bridge.dds.dd_table`), and
optionally the par result under it as players write it (``Par: 4♠ N/S +420 (none vul)``,
:func:`~whistgui.engine.bridge.par_words.par_words`).

Every hand is four lines, one a suit, however long a suit: no suit is ever split over two
rows (the figure is widened instead, never cut). With ``hcp`` each hand has its high-card
points under it (``HCP 12``).

:func:`build_bridge_figure` draws the :data:`BRIDGE_VIEWS` of a board, a deal or a position,
asking DDS for the table when the view needs one. Hearts and diamonds are red, as in print.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Sequence
from dataclasses import dataclass, replace
from typing import Final

from whistgui.engine import DealError, NotationError
from whistgui.engine.bridge import (
    BridgeCard,
    BridgeDeal,
    BridgePosition,
    Contract,
    PbnBoard,
    Seat,
    Strain,
    Suit,
)
from whistgui.engine.bridge.dds import DDTable, Par
from whistgui.engine.bridge.par_words import par_contract, par_words
from whistgui.engine.trick.cards import rank_text, ranks_text
from whistgui.figures.backends import whole_points
from whistgui.figures.deal import RED
from whistgui.figures.layout import paragraph, text_item
from whistgui.figures.matrix import Run, draw_runs
from whistgui.figures.scene import BLACK, GREY, Anchor, Figure, Line, Rect, Text
from whistgui.figures.text import line_height, measure

__all__ = [
    "BRIDGE_FIGURES",
    "BRIDGE_VIEWS",
    "BridgeFigureOptions",
    "build_bridge_deal",
    "build_bridge_figure",
    "build_dd_table",
    "dd_rows",
    "hand_hcp",
    "hand_lines",
    "par_text",
    "vulnerable_text",
]

BRIDGE_VIEWS: Final = {
    "deal": "the deal diagram: North at the top, West left, East right, South below",
    "ddtable": "the double-dummy table: tricks for each declarer in each strain, and par",
    "both": "the deal diagram with its double-dummy table below",
}
#: Every bridge figure :func:`build_bridge_figure` draws: :data:`BRIDGE_VIEWS` (what the
#: app's Export Figure offers today) and the trick tree (``whist bridge render --view
#: tricktree``; :mod:`~whistgui.figures.bridge_tricktree`).
BRIDGE_FIGURES: Final = {
    **BRIDGE_VIEWS,
    "tricktree": "the tree of a trick (the first, or the position's): each level's cards, ∃/∀",
}

#: The suits in the order a hand is printed, and the strains in the order the table has them.
HAND_SUITS: Final = (Suit.S, Suit.H, Suit.D, Suit.C)
TABLE_STRAINS: Final = (Strain.NT, Strain.S, Strain.H, Strain.D, Strain.C)
#: The declarers in the order of the table's rows: North–South, then East–West.
TABLE_SEATS: Final = (Seat.N, Seat.S, Seat.E, Seat.W)
VOID: Final = "—"

_RED_SUITS: Final = frozenset("♥♦")
_VUL_WORDS: Final = {
    "none": "None",
    "love": "None",
    "-": "None",
    "ns": "N–S",
    "ew": "E–W",
    "all": "Both",
    "both": "Both",
}
_VUL_DDS: Final = {"None": "None", "N–S": "NS", "E–W": "EW", "Both": "All"}


def _colour(symbol: str) -> str:
    return RED if symbol in _RED_SUITS else BLACK


# -- text ------------------------------------------------------------------------------------
def hand_lines(cards: Collection[BridgeCard]) -> list[tuple[str, str]]:
    """``(symbol, ranks)`` for ♠ ♥ ♦ ♣: the ranks high to low as print spells them
    (``A K 10 2``), ``—`` for a void."""
    rows = []
    for suit in HAND_SUITS:
        ranks = sorted((c.rank for c in cards if c.suit is suit), reverse=True)
        rows.append((suit.symbol, ranks_text(ranks, style="paper") if ranks else VOID))
    return rows


def card_runs(card: BridgeCard) -> tuple[str, str]:
    """A card as print writes it: its suit's symbol and its rank (``♥``, ``10``)."""
    return card.suit.symbol, rank_text(card.rank, style="paper")


def vulnerable_text(value: str) -> str:
    """A PBN vulnerability (None, NS, EW, All, Love, -, Both) as print says it: ``None``,
    ``N–S``, ``E–W`` or ``Both`` (as the par line says it: ``(both vul)``, not PBN's ``All``);
    NotationError quoting anything else."""
    words = _VUL_WORDS.get(value.strip().lower())
    if words is None:
        raise NotationError(f"{value!r} is not a vulnerability; expected None, NS, EW or All")
    return words


def par_text(result: Par, vulnerable: str | None = None) -> str:
    """``Par: 2♠ N/S +110``: par as players write it (:func:`~whistgui.engine.bridge.
    par_words.par_words`: the contract at the level it is bid, the side declaring, its
    score), with ``vulnerable`` (None, NS, EW, All) the vulnerability after it
    (``Par: 5♦x E/W −300 (none vul)``); ``Par: Passed out``."""
    return f"Par: {par_words(result, vulnerable)}"


_HCP: Final = {14: 4, 13: 3, 12: 2, 11: 1}


def hand_hcp(cards: Collection[BridgeCard]) -> int:
    """High-card points: ace 4, king 3, queen 2, jack 1."""
    return sum(_HCP.get(c.rank, 0) for c in cards)


def _runs(text: str, *, bold: bool = False, italic: bool = False) -> list[Run]:
    """``text`` in runs, the red suits' symbols red."""
    return [
        Run(part, bold=bold, italic=italic, colour=_colour(part))
        for part in re.split(r"([♥♦])", text)
        if part
    ]


def _runs_width(runs: Sequence[Run], size: float) -> float:
    return sum(measure(r.text, size, bold=r.bold, italic=r.italic) for r in runs)


def _centred_line(fig: Figure, top: float, runs: Sequence[Run], size: float) -> float:
    """``runs`` on one line centred on the page, its top at ``top``; returns its bottom.
    Each run is anchored toward the middle — the run across it by its middle, those before
    by their end, those after by their start — so that a backend setting the text in a
    narrower face (TikZ, in Latin Modern) keeps the line centred, not drawn toward the left
    from where it began."""
    lh = line_height(size)
    baseline = top + size
    x = (fig.width - _runs_width(runs, size)) / 2
    middle = fig.width / 2
    anchor: Anchor
    for r in runs:
        w = measure(r.text, size, bold=r.bold, italic=r.italic)
        if x + w <= middle:
            at, anchor = x + w, "end"
        elif x >= middle:
            at, anchor = x, "start"
        else:
            at, anchor = x + w / 2, "middle"
        item = text_item(at, baseline, r.text, size, bold=r.bold, italic=r.italic,
                         colour=r.colour, anchor=anchor)  # fmt: skip
        fig.add(item)
        x += w
    return top + lh


def _draw_line(fig: Figure, x: float, baseline: float, runs: Sequence[Run], size: float) -> None:
    """``runs`` one after another on one line from ``x``."""
    for r in runs:
        item = text_item(x, baseline, r.text, size, bold=r.bold, italic=r.italic, colour=r.colour)
        fig.add(item)
        x += item.width


# -- the diagram -----------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class _Facts:
    """What a board says about itself, for the diagram's corners."""

    board: str | None = None
    dealer: Seat | None = None
    vulnerable: str | None = None
    contract: Contract | None = None
    declarer: Seat | None = None
    #: the board was passed out (no contract): said where the contract would be
    passed_out: bool = False


class _Diagram:
    """The diagram of a deal or a position, measured; :meth:`draw` places it."""

    def __init__(
        self,
        deal: BridgeDeal,
        size: float,
        facts: _Facts,
        position: BridgePosition | None,
        hcp: bool = False,
    ) -> None:
        self.size = s = size
        self.lh = line_height(s)
        held = position.hands if position is not None else deal.hands
        self.hands = {seat: hand_lines(held[seat]) for seat in Seat}
        #: each hand's line under its suits (``HCP 12``), or none
        self.under = {seat: f"HCP {hand_hcp(held[seat])}" if hcp else "" for seat in Seat}
        self.rows = 5 if hcp else 4  # the lines of a hand
        self.trick: dict[Seat, BridgeCard] = {}
        self.to_move: Seat | None = None
        if position is not None:
            _check_position(deal, position)
            self.trick = dict(zip(position.leader.following(), position.trick, strict=False))
            self.to_move = position.to_move
        self.sym_w = max(measure(sym, s) for sym in "♠♥♦♣") + 0.45 * s
        self.hand_w = {
            seat: max(
                self.sym_w + max(measure(r, s) for _sym, r in rows),
                measure(self.under[seat], s, italic=True),
            )
            for seat, rows in self.hands.items()
        }
        self.nw, self.ne = _corners(facts, position)
        self.gap = 1.2 * s
        self.pad = 0.35 * s
        self.label_gap = 0.3 * s
        self.card_w = max(
            measure(sym, s) + measure(rank_text(10, style="paper"), s) for sym in "♠♥♦♣"
        )
        self.row = 1.1 * s  # between the compass's rows of letters and cards
        self.box = self._box()
        self.west_w = max([self.hand_w[Seat.W]] + [_runs_width(r, s) for r in self.nw])
        self.centre_w = max(self.hand_w[Seat.N], self.hand_w[Seat.S], self.box[0])
        self.east_w = max([self.hand_w[Seat.E]] + [_runs_width(r, s) for r in self.ne])

    def _box(self) -> tuple[float, float]:
        """The compass's width and height: a square round the four letters, or a box that
        holds the trick's cards too."""
        s, pad = self.size, self.pad
        if not self.trick:
            return 4.0 * s, 4.0 * s
        letters = measure("W", s, bold=True) + measure("E", s, bold=True)
        across = 2 * pad + letters + 2 * self.label_gap + 2 * self.card_w + 0.8 * s
        down = 2 * pad + 0.8 * s + 4 * self.row
        return max(4.0 * s, across), max(4.0 * s, down)

    @property
    def width(self) -> float:
        return self.west_w + self.gap + self.centre_w + self.gap + self.east_w

    def draw(self, fig: Figure, top: float) -> float:
        """The diagram centred on the page with its top at ``top``; returns its bottom."""
        s, lh = self.size, self.lh
        x_west = (fig.width - self.width) / 2
        x_centre = x_west + self.west_w + self.gap
        x_east = x_centre + self.centre_w + self.gap
        x_ns = x_centre + (self.centre_w - max(self.hand_w[Seat.N], self.hand_w[Seat.S])) / 2

        # North, and the board's facts in the corners beside it
        hand = self.rows
        rows = max(hand, len(self.nw), len(self.ne))
        north_top = top + (rows - hand) * lh / 2
        self._hand(fig, Seat.N, x_ns, north_top)
        for i, runs in enumerate(self.nw):
            _draw_line(fig, x_west, top + s + i * lh, runs, s)
        for i, runs in enumerate(self.ne):
            _draw_line(fig, x_east, top + s + i * lh, runs, s)
        y = top + rows * lh + 0.25 * lh

        # West, the compass, East
        band = max(hand * lh, self.box[1] + 0.5 * s)
        hands_top = y + (band - hand * lh) / 2
        self._hand(fig, Seat.W, x_west + self.west_w - self.hand_w[Seat.W], hands_top)
        self._hand(fig, Seat.E, x_east, hands_top)
        cx, cy = x_centre + self.centre_w / 2, y + band / 2
        self._compass(fig, cx, cy)
        y += band + 0.25 * lh

        # South
        self._hand(fig, Seat.S, x_ns, y)
        return y + hand * lh

    def _hand(self, fig: Figure, seat: Seat, x: float, top: float) -> None:
        """A suit a line, whole: the symbol, then the ranks on one run (never wrapped);
        the HCP line under them if asked for."""
        s = self.size
        for i, (sym, ranks) in enumerate(self.hands[seat]):
            baseline = top + s + i * self.lh
            fig.add(text_item(x, baseline, sym, s, colour=_colour(sym)))
            fig.add(text_item(x + self.sym_w, baseline, ranks, s))
        if self.under[seat]:
            baseline = top + s + 4 * self.lh
            fig.add(text_item(x, baseline, self.under[seat], s, italic=True, colour=GREY))

    def _compass(self, fig: Figure, cx: float, cy: float) -> None:
        s, pad, row = self.size, self.pad, self.row
        w, h = self.box
        left, top = cx - w / 2, cy - h / 2
        fig.add(Rect(left, top, w, h, stroke=BLACK, width=max(0.4, s / 18)))

        def label(seat: Seat, x: float, baseline: float, anchor: str) -> Text:
            item = text_item(
                x,
                baseline,
                str(seat),
                s,
                bold=seat is self.to_move,
                anchor=anchor,  # type: ignore[arg-type]
            )
            fig.add(item)
            return item

        middle = cy + 0.36 * s  # a capital's middle on the square's
        if not self.trick:
            label(Seat.N, cx, top + pad + 0.8 * s, "middle")
            label(Seat.S, cx, top + h - pad, "middle")
            label(Seat.W, left + pad, middle, "start")
            label(Seat.E, left + w - pad, middle, "end")
            return
        # five rows: N, North's card, West's and East's cards between W and E, South's card, S
        first = cy - 2 * row + 0.36 * s
        label(Seat.N, cx, first, "middle")
        label(Seat.S, cx, first + 4 * row, "middle")
        west = label(Seat.W, left + pad, first + 2 * row, "start")
        east = label(Seat.E, left + w - pad, first + 2 * row, "end")
        places = {
            Seat.N: (cx, first + row, "middle"),
            Seat.S: (cx, first + 3 * row, "middle"),
            Seat.W: (west.left + west.width + self.label_gap, first + 2 * row, "start"),
            Seat.E: (east.left - self.label_gap, first + 2 * row, "end"),
        }
        for seat, card in self.trick.items():
            x, baseline, anchor = places[seat]
            sym, rank = card_runs(card)
            advance = measure(sym, s) + measure(rank, s)
            start = {"start": x, "middle": x - advance / 2, "end": x - advance}[anchor]
            _draw_line(fig, start, baseline, [Run(sym, colour=_colour(sym)), Run(rank)], s)


def _check_position(deal: BridgeDeal, position: BridgePosition) -> None:
    """Every card of ``position`` (held or on the table) is the same seat's in ``deal``."""
    played = zip(position.leader.following(), position.trick, strict=False)
    cards = [(seat, c) for seat in Seat for c in position.hands[seat]] + list(played)
    for seat, card in cards:
        if card not in deal.hands[seat]:
            owner = deal.owner(card)
            where = f"{owner.word}'s" if owner is not None else "no one's"
            raise DealError(
                f"the position has {str(card)!r} in {seat.word}'s hand but it is {where} in "
                f"the deal {deal.to_pbn()!r}"
            )


def _corners(
    facts: _Facts, position: BridgePosition | None
) -> tuple[list[list[Run]], list[list[Run]]]:
    """The lines top left (board, dealer, vulnerability) and top right (contract, declarer,
    and mid-play the tricks won and who plays)."""
    nw: list[list[Run]] = []
    if facts.board:
        nw.append([Run(f"Board {facts.board}", bold=True)])
    if facts.dealer is not None:
        nw.append([Run(f"Dealer: {facts.dealer.word}")])
    if facts.vulnerable is not None:
        nw.append([Run(f"Vul: {vulnerable_text(facts.vulnerable)}")])
    ne: list[list[Run]] = []
    if facts.contract is not None:
        ne.append(_runs(f"Contract: {facts.contract.words}"))
    elif facts.passed_out:
        ne.append([Run("Passed out", bold=True)])
    if facts.declarer is not None:
        ne.append([Run(f"Declarer: {facts.declarer.word}")])
    if position is not None:
        if facts.contract is None:
            trumps = position.strain.trump
            ne.append(_runs(f"Trumps: {trumps.symbol}" if trumps is not None else "No trumps"))
        ns, ew = position.tricks
        ne.append([Run(f"Tricks: NS {ns}, EW {ew}")])
        if not position.is_over:
            verb = "play" if position.trick else "lead"
            ne.append([Run(f"{position.to_move.word} to {verb}")])
    return nw, ne


def _facts(
    board: PbnBoard | str | int | None,
    *,
    dealer: Seat | None,
    vulnerable: str | None,
    contract: Contract | None,
    declarer: Seat | None,
) -> _Facts:
    if isinstance(board, PbnBoard):
        facts = _Facts(
            board.board,
            board.dealer,
            board.vulnerable,
            board.contract,
            board.declarer,
            board.passed_out,
        )
    else:
        facts = _Facts(None if board is None else str(board))
    facts = _Facts(
        facts.board,
        dealer if dealer is not None else facts.dealer,
        vulnerable if vulnerable is not None else facts.vulnerable,
        contract if contract is not None else facts.contract,
        declarer if declarer is not None else facts.declarer,
        facts.passed_out and contract is None,
    )
    if facts.vulnerable is not None:
        vulnerable_text(facts.vulnerable)  # a bad one is refused before anything is drawn
    return facts


def _title(fig: Figure, title: str, top: float) -> float:
    if not title:
        return top
    s = fig.font_size
    bottom = paragraph(fig, s, top, fig.width - 2 * s, title, s, bold=True)
    return bottom + 0.4 * line_height(s)


def build_bridge_deal(
    deal: BridgeDeal | PbnBoard,
    width: float,
    size: float = 9.0,
    *,
    title: str = "",
    board: PbnBoard | str | int | None = None,
    dealer: Seat | None = None,
    vulnerable: str | None = None,
    contract: Contract | None = None,
    declarer: Seat | None = None,
    position: BridgePosition | None = None,
    hcp: bool = False,
) -> Figure:
    """The diagram of ``deal`` (a deal, or a PBN board whose tags give the corners) laid out
    ``width`` points wide — wider only if the hands need it, never cut — in ``size``-point
    type, centred, ``title`` above it. ``board`` (a PBN board, or just its number) and the
    keywords give the corners' facts, the keywords overriding the board's. With
    ``position`` (a position reached in playing ``deal``): the cards still held, the trick on
    the table in the compass, the tricks won and who is to play. With ``hcp``, each hand's
    high-card points under it."""
    if isinstance(deal, PbnBoard):
        board = deal if board is None else board
        deal = deal.deal
    facts = _facts(
        board, dealer=dealer, vulnerable=vulnerable, contract=contract, declarer=declarer
    )
    diagram = _Diagram(deal, size, facts, position, hcp)
    fig = Figure(width, 0, title=_figure_title(title, facts, deal), font_size=size)
    fig.width = max(width, diagram.width + 2 * size)
    y = _title(fig, title, size)
    fig.height = diagram.draw(fig, y) + size
    return fig


def _figure_title(title: str, facts: _Facts, deal: BridgeDeal) -> str:
    if title:
        return title
    return f"Board {facts.board}" if facts.board else f"Deal {deal.to_pbn()}"


# -- the double-dummy table ------------------------------------------------------------------
def dd_rows(table: DDTable) -> list[tuple[Seat, list[int]]]:
    """The table's rows as printed: ``(declarer, tricks in NT ♠ ♥ ♦ ♣)`` for N, S, E, W."""
    return [(seat, [table[seat, strain] for strain in TABLE_STRAINS]) for seat in TABLE_SEATS]


class _DDBlock:
    """The table of tricks and the lines under it, measured; :meth:`draw` places them."""

    def __init__(
        self,
        table: DDTable,
        size: float,
        par: Par | None,
        vulnerable: str | None = None,
        *,
        from_start: bool = False,
    ) -> None:
        """``from_start``: the diagram above is a point of the play, the table (and par) the
        whole deal's — said under it, so the two are not read as one position's."""
        self.size = s = size
        self.rows = dd_rows(table)
        self.pad = 0.6 * s
        self.label_w = max(measure(str(seat), s) for seat in Seat) + 2 * self.pad
        heads = [measure(st.symbol, s, bold=True) for st in TABLE_STRAINS]
        numbers = [measure(str(n), s) for n in range(14)]
        self.cell_w = max(heads + numbers) + 2 * self.pad  # every strain's column alike
        self.notes: list[list[Run]] = []
        if table.deal.size != 13:
            self.notes.append(
                [
                    Run(
                        f"{table.deal.size}-card ending; declarer's left-hand opponent leads",
                        italic=True,
                    )
                ]
            )
        if from_start:
            self.notes.append(
                [Run("Double dummy at the start of the deal, before the opening lead", italic=True)]
            )
        if par is not None:
            self.notes.append(_runs(par_text(par, vulnerable)))

    @property
    def width(self) -> float:
        return self.label_w + len(TABLE_STRAINS) * self.cell_w

    def draw(self, fig: Figure, top: float) -> float:
        """The table centred on the page with its top at ``top`` (rules above and below
        the heading and at the foot, as :class:`~whistgui.figures.layout.Table` draws them),
        the notes under it (centred when they fit the page, wrapped from the margin
        otherwise); returns the bottom."""
        s, lh = self.size, line_height(self.size)
        heavy, light = max(0.8, s / 11), max(0.4, s / 22)
        row_h = lh + 0.3 * self.pad
        x = (fig.width - self.width) / 2
        right = x + self.width
        centres = [x + self.label_w + (j + 0.5) * self.cell_w for j in range(len(TABLE_STRAINS))]

        fig.add(Line(x, top, right, top, heavy))
        y = top + heavy / 2
        for st, cx in zip(TABLE_STRAINS, centres, strict=True):
            fig.add(
                text_item(
                    cx,
                    y + 0.15 * self.pad + s,
                    st.symbol,
                    s,
                    bold=True,
                    colour=_colour(st.symbol),
                    anchor="middle",
                )
            )
        y += row_h
        fig.add(Line(x, y, right, y, light))
        y += light / 2
        for seat, tricks in self.rows:
            baseline = y + 0.15 * self.pad + s
            fig.add(text_item(x + self.pad, baseline, str(seat), s))
            for n, cx in zip(tricks, centres, strict=True):
                fig.add(text_item(cx, baseline, str(n), s, anchor="middle"))
            y += row_h
        fig.add(Line(x, y, right, y, heavy))
        y += heavy / 2
        y += 0.3 * s
        room = fig.width - 2 * s
        for runs in self.notes:
            w = _runs_width(runs, s)
            if w <= room:
                y = _centred_line(fig, y, runs, s)
            else:
                y = draw_runs(fig, s, y, room, runs, s, indent=s)
        return y


def build_dd_table(
    table: DDTable,
    width: float,
    size: float = 9.0,
    *,
    par: Par | None = None,
    title: str = "",
    vulnerable: str | None = None,
) -> Figure:
    """The double-dummy ``table`` (rows N S E W, columns NT ♠ ♥ ♦ ♣), ``par`` under it if
    given (with ``vulnerable``, the vulnerability it was found for), centred on a page
    ``width`` points wide (wider if the table needs it) in ``size``-point type, ``title``
    above it."""
    block = _DDBlock(table, size, par, vulnerable)
    fig = Figure(
        max(width, block.width + 2 * size),
        0,
        title=title or f"Double-dummy table of {table.deal.to_pbn()}",
        font_size=size,
    )
    y = _title(fig, title, size)
    fig.height = block.draw(fig, y) + size
    return fig


# -- the views -------------------------------------------------------------------------------
def _trick_tree(
    board: PbnBoard | None,
    deal: BridgeDeal,
    o: BridgeFigureOptions,
    position: BridgePosition | None,
    contract: Contract | None,
    declarer: Seat | None,
) -> Figure:
    from whistgui.figures.bridge_tricktree import build_trick_tree_figure

    own = board is not None and board.contract is not None and board.declarer is not None
    from_par = (contract is None or declarer is None) and not own
    if contract is None or declarer is None:
        contract, declarer = _tree_contract(board, deal)
    if position is None:
        position = BridgePosition.start(deal, contract, declarer)
    elif position.strain is not contract.strain:
        raise NotationError(
            f"the position is played in {position.strain} but the contract is "
            f"{str(contract)!r}; expected a contract in {position.strain}"
        )
    return build_trick_tree_figure(
        position, contract, declarer, o.width, o.font_size, title=o.title, par=from_par
    )


def _tree_contract(board: PbnBoard | None, deal: BridgeDeal) -> tuple[Contract, Seat]:
    """The board's contract and declarer, else par's (the first DDS names)."""
    if board is not None and board.contract is not None and board.declarer is not None:
        return board.contract, board.declarer
    from whistgui.engine.bridge.dds import par

    if deal.size != 13:
        raise NotationError(
            "an ending has no par: give the contract and declarer for its trick tree"
        )
    vul = _VUL_DDS[vulnerable_text(board.vulnerable or "None")] if board else "None"
    found = par_contract(par(deal, vul, (board.dealer if board else None) or Seat.N), vul)
    if found is None:
        raise NotationError(
            "no contract for the trick tree: the board has none and is passed out at par; "
            "give a contract and declarer"
        )
    return found


@dataclass(frozen=True, slots=True)
class BridgeFigureOptions:
    """What a bridge figure is laid out for (points)."""

    width: float = 120 * 72 / 25.4
    font_size: float = 9.0
    title: str = ""
    #: each hand's high-card points under it
    hcp: bool = False


def build_bridge_figure(
    view: str,
    board_or_deal: PbnBoard | BridgeDeal | BridgePosition,
    options: BridgeFigureOptions | None = None,
    *,
    position: BridgePosition | None = None,
    contract: Contract | None = None,
    declarer: Seat | None = None,
) -> Figure:
    """The figure ``view`` (one of :data:`BRIDGE_FIGURES`) of a PBN board, a deal or a
    position (or a board shown at ``position``, a point of its play), laid out for
    ``options``, its page a whole number of points. The trick tree is of ``position``'s trick
    (the opening lead's without one) for ``contract`` by ``declarer``, else the board's
    contract, else par's (:func:`~whistgui.figures.bridge_tricktree.build_trick_tree_figure`);
    NotationError when there is none (a deal passed out at par, an ending with no contract).
    The table is DDS's (:func:`~whistgui.engine.bridge.dds.dd_table`; an ending gets one
    too), with par for a full deal (the board's vulnerability and dealer, or none vulnerable
    and North). NotationError quoting an unknown view.

    The figure is ``options.width`` wide: one that needs more at ``options.font_size`` is set
    in smaller type until it fits (down to :data:`MIN_FONT_SIZE`, wider only below that); one
    that needs less is centred on a page of that width."""
    o = options or BridgeFigureOptions()
    if view not in BRIDGE_FIGURES:
        raise NotationError(
            f"{view!r} is not a bridge figure; expected one of {', '.join(BRIDGE_FIGURES)}"
        )
    fig = _bridge_figure(view, board_or_deal, o, position, contract, declarer)
    for _ in range(4):  # the layout is nearly proportional to the type: a step or two
        if fig.width <= o.width + 1 or o.font_size <= MIN_FONT_SIZE:
            break
        smaller = max(MIN_FONT_SIZE, o.font_size * o.width / fig.width)
        o = replace(o, font_size=smaller)
        fig = _bridge_figure(view, board_or_deal, o, position, contract, declarer)
    return fig


#: The smallest type a bridge figure is set in to fit the width asked for (points).
MIN_FONT_SIZE: Final = 5.0


def _bridge_figure(
    view: str,
    board_or_deal: PbnBoard | BridgeDeal | BridgePosition,
    o: BridgeFigureOptions,
    position: BridgePosition | None,
    contract: Contract | None,
    declarer: Seat | None,
) -> Figure:
    from whistgui.engine.bridge.dds import dd_table, par

    if position is None and isinstance(board_or_deal, BridgePosition):
        position = board_or_deal
    board = board_or_deal if isinstance(board_or_deal, PbnBoard) else None
    deal = board_or_deal if isinstance(board_or_deal, BridgeDeal) else board_or_deal.deal
    s = o.font_size
    if view == "tricktree":
        return _trick_tree(board, deal, o, position, contract, declarer)
    if view == "deal":
        return whole_points(
            build_bridge_deal(
                deal, o.width, s, title=o.title, board=board, position=position, hcp=o.hcp
            )
        )
    table = dd_table(deal)
    result = None
    vul = _VUL_DDS[vulnerable_text(board.vulnerable or "None")] if board else "None"
    said = vul if board is not None and board.vulnerable else None  # a deal's is not known
    if deal.size == 13:
        result = par(deal, vul, (board.dealer if board else None) or Seat.N)
    if view == "ddtable":
        return whole_points(
            build_dd_table(table, o.width, s, par=result, title=o.title, vulnerable=said)
        )
    facts = _facts(board, dealer=None, vulnerable=None, contract=None, declarer=None)
    diagram = _Diagram(deal, s, facts, position, o.hcp)
    played = position is not None and (bool(position.trick) or sum(position.tricks) > 0)
    block = _DDBlock(table, s, result, said, from_start=played)
    fig = Figure(
        max(o.width, diagram.width + 2 * s, block.width + 2 * s),
        0,
        title=_figure_title(o.title, facts, deal),
        font_size=s,
    )
    y = _title(fig, o.title, s)
    y = diagram.draw(fig, y) + line_height(s)
    fig.height = block.draw(fig, y) + s
    return whole_points(fig)
