"""Hand records for a club or an article (Bridge Composer's handouts): each board on a sheet —
its name, the diagram with each hand's high-card points, the double-dummy table with par as
players write it (the board's vulnerability said), and the table of the 13 opening leads —
and the sheets set 1, 2 or 4 to an A4 page for a many-page PDF.

The opening leads are against the board's contract (its Contract and Declarer tags) or, when
it has none, against the par contract (the first DDS names); a board passed out at par has no
lead table, and says so.

:func:`build_board_sheet` lays out one board (what ``whist bridge handout -o out.svg`` writes
as ``out-1.svg``, ``out-2.svg`` …); :func:`handout_pages` sets sheets on pages; :func:`to_pdf_pages`
writes pages as one PDF; :func:`build_leads_table` draws the lead table alone.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Final

from whistgui.engine import NotationError
from whistgui.engine.bridge import Contract, PbnBoard, Seat, Strain
from whistgui.engine.bridge.dds import DDTable, Par
from whistgui.engine.bridge.leads import OpeningLeads
from whistgui.engine.bridge.par_words import par_contract
from whistgui.figures.backends import FigureError, check_page_size, paint, whole_points
from whistgui.figures.bridge import (
    _VUL_DDS,
    _DDBlock,
    _Diagram,
    _facts,
    _runs,
    _runs_width,
    card_runs,
    vulnerable_text,
)
from whistgui.figures.layout import text_item
from whistgui.figures.matrix import Run, draw_runs
from whistgui.figures.scene import GREY, Circle, Figure, Item, Line, Polygon, Rect, Text
from whistgui.figures.text import ensure_app, line_height, measure

__all__ = [
    "A4",
    "LEGEND",
    "PER_PAGE",
    "BoardSheet",
    "board_file",
    "board_sheet",
    "build_board_sheet",
    "build_leads_table",
    "cell_width",
    "handout_pages",
    "handout_pdf",
    "lead_contract",
    "record_lines",
    "sheet_layout",
    "to_pdf_pages",
]

#: An A4 page in points (210 × 297 mm), whole points as PDF writers count them.
A4: Final = (595.0, 842.0)
#: The boards a page may hold, and the type each is set in.
PER_PAGE: Final = {1: 13.0, 2: 9.0, 4: 8.0}
#: The page's margin, in points (12.7 mm).
MARGIN: Final = 36.0
#: The line under the lead table that says what its bold figures are (the word "bold" in
#: bold, the rest plain).
LEGEND: Final = ("bold", ": the best leads for the defence")
#: The most characters of an event's tag or a player's name a sheet shows (a longer one is
#: cut, with an ellipsis: a record may hold names of thousands).
SHOWN: Final = 60
#: The seats' tags, in the order a sheet names the players.
_PLAYERS: Final = (("N", "North"), ("E", "East"), ("S", "South"), ("W", "West"))


@dataclass(frozen=True, slots=True)
class BoardSheet:
    """What a board's sheet shows, solved: the board, its table, its par (None for an
    ending), and its opening leads with the contract they are against (None: passed out at
    par, or an ending), ``par_contract`` when that contract is par's, not the board's."""

    name: str
    board: PbnBoard
    table: DDTable
    par: Par | None
    leads: OpeningLeads | None
    contract: Contract | None
    par_contract: bool = False


def board_sheet(board: PbnBoard, name: str, table: DDTable | None = None) -> BoardSheet:
    """The sheet of ``board`` (called ``name``: its Board tag, or its place in the file),
    solved by DDS: its table (``table`` if already solved), par for its vulnerability and
    dealer, and the opening leads against its contract or par's (:func:`lead_contract`)."""
    from whistgui.engine.bridge.dds import dd_table, par
    from whistgui.engine.bridge.leads import opening_leads

    deal = board.deal
    table = table if table is not None else dd_table(deal)
    result = None
    if deal.size == 13:
        vul = _VUL_DDS[vulnerable_text(board.vulnerable or "None")]
        result = par(table, vul, board.dealer or Seat.N)
    against = lead_contract(board, result) if deal.size == 13 else None
    if against is None:
        return BoardSheet(name, board, table, result, None, None)
    contract, declarer, is_par = against
    leads = opening_leads(deal, contract, declarer)
    return BoardSheet(name, board, table, result, leads, contract, is_par)


def lead_contract(board: PbnBoard, result: Par | None) -> tuple[Contract, Seat, bool] | None:
    """The contract the opening leads are against: the board's own (with its declarer), else
    the par contract (the first DDS names, by its first declarer), with True; None when
    neither is known (no contract and passed out at par, or no par)."""
    if board.contract is not None and board.declarer is not None:
        return board.contract, board.declarer, False
    if result is None:
        return None
    found = par_contract(result, _VUL_DDS[vulnerable_text(board.vulnerable or "None")])
    return None if found is None else (*found, True)


def record_lines(board: PbnBoard) -> list[str]:
    """The lines over a board's sheet that say what the record holds of its event (Event,
    Site, Date) and its players (North, East, South, West tags): none for a board without
    them; a value of only ``?`` (PBN's unknown) left out, a long one cut to :data:`SHOWN`.

    >>> tags = (("Event", "Club night"), ("Date", "2026.??.??"), ("North", "Ann"), ("South", "?"))
    >>> record_lines(PbnBoard((*tags, ("Deal", "N:A... K... Q... J..."))))
    ['Club night, 2026.??.??', 'N Ann']
    """
    event = ", ".join(v for t in ("Event", "Site", "Date") if (v := _shown(board.tag(t))))
    players = " · ".join(f"{seat} {v}" for seat, t in _PLAYERS if (v := _shown(board.tag(t))))
    return [line for line in (event, players) if line]


def _shown(value: str | None) -> str:
    """A tag's value as a sheet shows it: ``""`` for none or PBN's unknown (``?``,
    ``????.??.??``)."""
    if value is None or not value.strip("?. "):
        return ""
    value = " ".join(value.split())
    return value if len(value) <= SHOWN else value[: SHOWN - 1] + "…"


def _contract_words(contract: Contract, declarer: Seat) -> str:
    symbol = "NT" if contract.strain is Strain.NT else contract.strain.symbol
    return f"{contract.level}{symbol}{'x' * contract.doubled} by {declarer.word}"


class _LeadsBlock:
    """The opening leads' table, measured: a heading line, then a row of the 13 cards and
    under each the tricks declarer then takes (the best leads' in bold), and under the table
    the legend that says so (:data:`LEGEND`); :meth:`draw` places it."""

    def __init__(
        self, leads: OpeningLeads, contract: Contract | None, size: float, par: bool = False
    ) -> None:
        self.size = s = size
        self.leads = leads
        against = (
            _contract_words(contract, leads.declarer)
            if contract is not None
            else f"{'NT' if leads.strain is Strain.NT else leads.strain.symbol} by "
            f"{leads.declarer.word}"
        )
        self.heading = _runs(
            f"{leads.leader.word}'s leads against {against}{' (par)' if par else ''}: "
            "declarer's tricks",
        )
        self.pad = 0.3 * s
        self.label_w = max(measure(w, s, italic=True) for w in ("Lead", "Tricks")) + 2 * self.pad
        self.cells = [card_runs(lead.card) for lead in leads.leads]
        widest = max(
            [measure(sym, s) + measure(rank, s) for sym, rank in self.cells]
            + [measure(str(n), s, bold=True) for n in range(14)]
        )
        self.cell_w = widest + 2 * self.pad
        self.legend_w = measure(LEGEND[0], s, bold=True) + measure(LEGEND[1], s)

    @property
    def width(self) -> float:
        """The narrowest it can be: its cards in two bands, or the heading (wrapped), or the
        legend."""
        return max(
            self._band_width(self._split()),
            _runs_width(self.heading, self.size) / 2,
            self.legend_w,
        )

    @property
    def full_width(self) -> float:
        return self.label_w + len(self.cells) * self.cell_w

    def _band_width(self, bands: list[range]) -> float:
        return self.label_w + max(len(b) for b in bands) * self.cell_w

    def _split(self) -> list[range]:
        """The leads in two bands, broken between suits nearest the middle."""
        n = len(self.cells)
        if n < 2:
            return [range(n)]
        suits = [lead.card.suit for lead in self.leads.leads]
        breaks = [i for i in range(1, n) if suits[i] is not suits[i - 1]] or [(n + 1) // 2]
        cut = min(breaks, key=lambda i: (max(i, n - i), i))
        return [range(cut), range(cut, n)]

    def draw(self, fig: Figure, top: float) -> float:
        """The block centred on the page with its top at ``top`` (the leads in one band, or
        in two when one is wider than the page's text; the heading wrapped if it must be);
        returns its bottom."""
        s, lh = self.size, line_height(self.size)
        room = fig.width - 2 * s
        bands = [range(len(self.cells))] if self.full_width <= room else self._split()
        table_w = self._band_width(bands)
        x = (fig.width - table_w) / 2
        head_w = _runs_width(self.heading, s)
        if head_w <= room:
            y = draw_runs(fig, (fig.width - head_w) / 2, top, head_w + 1, self.heading, s)
        else:
            y = draw_runs(fig, s, top, room, self.heading, s, indent=s)
        y += 0.2 * s
        heavy, light = max(0.8, s / 11), max(0.4, s / 22)
        row_h = lh + 0.2 * s
        for band in bands:
            fig.add(Line(x, y, x + table_w, y, heavy))
            cards_base = y + heavy / 2 + 0.1 * s + s
            tricks_base = cards_base + row_h
            fig.add(text_item(x + self.pad, cards_base, "Lead", s, italic=True))
            fig.add(text_item(x + self.pad, tricks_base, "Tricks", s, italic=True))
            mid = cards_base + 0.4 * s
            fig.add(Line(x, mid, x + table_w, mid, light))
            for j, i in enumerate(band):
                lead, (sym, rank) = self.leads.leads[i], self.cells[i]
                cx = x + self.label_w + (j + 0.5) * self.cell_w
                start = cx - (measure(sym, s) + measure(rank, s)) / 2
                symbol = text_item(start, cards_base, sym, s, colour=_runs(sym)[0].colour)
                fig.add(symbol, text_item(start + symbol.width, cards_base, rank, s))
                best = lead.cost == 0
                fig.add(text_item(cx, tricks_base, str(lead.tricks), s, bold=best, anchor="middle"))
            y = tricks_base + 0.5 * s
            fig.add(Line(x, y, x + table_w, y, heavy))
            y += heavy / 2 + 0.3 * s
        left = (fig.width - self.legend_w) / 2
        word = text_item(left, y + 0.8 * s, LEGEND[0], s, bold=True)
        fig.add(word, text_item(left + word.width, y + 0.8 * s, LEGEND[1], s))
        return y + s


def build_leads_table(
    leads: OpeningLeads,
    width: float,
    size: float = 9.0,
    *,
    contract: Contract | None = None,
    title: str = "",
) -> Figure:
    """The table of ``leads`` (the 13 cards of the opening leader, each with declarer's
    double-dummy tricks if it is led, the best leads' in bold) centred on a page ``width``
    points wide (wider if it needs it), in ``size``-point type, ``title`` above it."""
    block = _LeadsBlock(leads, contract, size)
    fig = Figure(
        max(width, block.width + 2 * size),
        0,
        title=title or f"Opening leads of {leads.deal.to_pbn()}",
        font_size=size,
    )
    y = size
    if title:
        fig.add(text_item(size, y + size, title, size, bold=True))
        y += 1.4 * line_height(size)
    fig.height = block.draw(fig, y) + size
    return whole_points(fig)


def build_board_sheet(sheet: BoardSheet, width: float, size: float = 9.0) -> Figure:
    """One board of a handout laid out ``width`` points wide (wider only if it needs it) in
    ``size``-point type: the record's event and players in a small line or two over it
    (:func:`record_lines`, when it has them), the diagram (the board's name, dealer and
    vulnerability top left, its contract top right, each hand's HCP under it), the
    double-dummy table with par and the vulnerability, and the opening leads (or a line saying
    why there are none)."""
    board = sheet.board
    name = sheet.name
    facts = _facts(board, dealer=None, vulnerable=None, contract=None, declarer=None)
    facts = dataclasses.replace(facts, board=name)
    vul = _VUL_DDS[vulnerable_text(board.vulnerable or "None")]
    diagram = _Diagram(board.deal, size, facts, None, hcp=True)
    dd = _DDBlock(sheet.table, size, sheet.par, vul)  # par is for it: always said
    leads = (
        _LeadsBlock(sheet.leads, sheet.contract, size, sheet.par_contract)
        if sheet.leads is not None
        else None
    )
    wide = max(diagram.width, dd.width, leads.width if leads is not None else 0.0)
    fig = Figure(max(width, wide + 2 * size), 0, title=f"Board {name}", font_size=size)
    lh = line_height(size)
    y = size
    small = 0.85 * size
    for line in record_lines(board):
        runs = [Run(line, italic=True, colour=GREY)]
        y = draw_runs(fig, size, y, fig.width - 2 * size, runs, small)
    if y > size:
        y += 0.4 * lh
    y = diagram.draw(fig, y) + 0.6 * lh
    y = dd.draw(fig, y) + 0.6 * lh
    if leads is not None:
        y = leads.draw(fig, y)
    elif sheet.par is not None:
        note = "No opening leads: no contract, and passed out at par"
        fig.add(text_item(fig.width / 2, y + size, note, size, italic=True, anchor="middle"))
        y += lh
    fig.height = y + size
    return whole_points(fig)


def _placed(item: Item, dx: float, dy: float, k: float) -> Item:
    """``item`` scaled by ``k`` from the origin, then moved by ``(dx, dy)``."""
    if isinstance(item, Text):
        return dataclasses.replace(
            item, x=dx + k * item.x, y=dy + k * item.y, size=k * item.size, width=k * item.width
        )
    if isinstance(item, Line):
        return dataclasses.replace(
            item,
            x1=dx + k * item.x1,
            y1=dy + k * item.y1,
            x2=dx + k * item.x2,
            y2=dy + k * item.y2,
            width=k * item.width,
            dash=tuple(k * d for d in item.dash),
        )
    if isinstance(item, Rect):
        return dataclasses.replace(
            item,
            x=dx + k * item.x,
            y=dy + k * item.y,
            w=k * item.w,
            h=k * item.h,
            width=k * item.width,
            radius=k * item.radius,
        )
    if isinstance(item, Circle):
        return dataclasses.replace(
            item, cx=dx + k * item.cx, cy=dy + k * item.cy, r=k * item.r, width=k * item.width
        )
    assert isinstance(item, Polygon)  # the last kind of Item (for mypy)
    return dataclasses.replace(
        item, points=tuple((dx + k * x, dy + k * y) for x, y in item.points), width=k * item.width
    )


def _cells(per_page: int) -> list[tuple[float, float, float, float]]:
    """The cells (left, top, width, height) of an A4 page holding ``per_page`` boards:
    one, two one above the other, or four two by two."""
    w, h = A4[0] - 2 * MARGIN, A4[1] - 2 * MARGIN
    gap = 18.0
    if per_page == 1:
        return [(MARGIN, MARGIN, w, h)]
    half_h = (h - gap) / 2
    if per_page == 2:
        return [(MARGIN, MARGIN, w, half_h), (MARGIN, MARGIN + half_h + gap, w, half_h)]
    half_w = (w - gap) / 2
    return [
        (MARGIN + c * (half_w + gap), MARGIN + r * (half_h + gap), half_w, half_h)
        for r in range(2)
        for c in range(2)
    ]


def cell_width(per_page: int) -> float:
    """The width, in points, a board is laid out for when ``per_page`` share a page."""
    return _cells(_per_page(per_page))[0][2]


def sheet_layout(per_page: int, kind: str) -> tuple[float, float]:
    """The type size and the width, in points, a board's sheet is built at: a cell of the
    page with ``per_page`` boards for a PDF (``kind`` ``"pdf"``), 9 pt across 120 mm for a
    file a board (SVG, PNG) — the command line's and the app's handouts alike."""
    if kind == "pdf":
        return PER_PAGE[_per_page(per_page)], cell_width(per_page)
    return 9.0, 120 * 72 / 25.4


def board_file(path: Path, place: int) -> Path:
    """The file of the board at ``place`` in a handout written a file a board:
    ``out.svg`` → ``out-3.svg``."""
    return path.with_name(f"{path.stem}-{place}{path.suffix}")


def _per_page(per_page: int) -> int:
    if per_page not in PER_PAGE:
        raise NotationError(f"{per_page!r} boards a page: expected {', '.join(map(str, PER_PAGE))}")
    return per_page


def handout_pages(sheets: Sequence[Figure], per_page: int, title: str = "") -> list[Figure]:
    """The board ``sheets`` (laid out for :func:`cell_width`) set ``per_page`` to an A4 page,
    in order, each at the top of its cell and centred across it, made smaller only if it
    would not fit; a thin rule between the cells of a page."""
    cells = _cells(_per_page(per_page))
    pages: list[Figure] = []
    for start in range(0, len(sheets), per_page):
        page = Figure(*A4, title=title or "Hand records", font_size=PER_PAGE[per_page])
        chunk = sheets[start : start + per_page]
        for (left, top, w, h), sheet in zip(cells, chunk, strict=False):
            k = min(1.0, w / sheet.width, h / sheet.height)
            dx = left + (w - k * sheet.width) / 2
            page.add(*(_placed(item, dx, top, k) for item in sheet.items))
        if len(chunk) > 1:
            for (left, top, w, h), _ in zip(cells[1:], chunk[1:], strict=False):
                if left > MARGIN:  # a column's rule, between its cell and the one left of it
                    page.add(Line(left - 9.0, top, left - 9.0, top + h, 0.4, GREY))
                else:
                    page.add(Line(left, top - 9.0, left + w, top - 9.0, 0.4, GREY))
            if per_page == 4 and len(chunk) > 2:  # the rule across, under the first row
                left, top, w, _h = cells[2]
                page.add(Line(MARGIN, top - 9.0, A4[0] - MARGIN, top - 9.0, 0.4, GREY))
        pages.append(page)
    return pages


def handout_pdf(
    boards: Sequence[tuple[str, PbnBoard]], per_page: int = 2, title: str = "Hand records"
) -> bytes:
    """The handout of ``boards`` (each with its name: its Board tag, or its place in the
    file) as PDF bytes, ``per_page`` boards to an A4 page — what ``whist bridge handout -o
    out.pdf`` writes, for the app's File ▸ Export. DDS solves every board's table together;
    WhistError (DDSError) if a board cannot be solved."""
    from whistgui.engine.bridge.dds import dd_tables

    size, width = PER_PAGE[_per_page(per_page)], cell_width(per_page)
    sheets = []
    tables = dd_tables([board.deal for _, board in boards])
    for (name, board), table in zip(boards, tables, strict=True):
        if isinstance(table, Exception):
            raise table
        sheets.append(build_board_sheet(board_sheet(board, name, table), width, size))
    return to_pdf_pages(handout_pages(sheets, per_page, title), title)


def to_pdf_pages(pages: Sequence[Figure], title: str = "Hand records") -> bytes:
    """The bytes of a PDF with one page a figure, each page its figure's size."""
    from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QMarginsF, QSizeF
    from PySide6.QtGui import QPageLayout, QPageSize, QPainter, QPdfWriter

    if not pages:
        raise FigureError("a PDF needs at least one page")
    ensure_app()
    for page in pages:
        check_page_size(whole_points(page), "pdf")
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    writer = QPdfWriter(buffer)
    writer.setTitle(title)
    writer.setCreator("whistgui")
    writer.setResolution(72)

    def layout(fig: Figure) -> QPageLayout:
        size = QPageSize(
            QSizeF(fig.width, fig.height),
            QPageSize.Unit.Point,
            "page",
            QPageSize.SizeMatchPolicy.ExactMatch,
        )
        return QPageLayout(size, QPageLayout.Orientation.Portrait, QMarginsF(0, 0, 0, 0))

    writer.setPageLayout(layout(pages[0]))
    painter = QPainter()
    if not painter.begin(writer):
        raise FigureError("the PDF could not be made")
    for i, page in enumerate(pages):
        if i:
            writer.setPageLayout(layout(page))
            writer.newPage()
        paint(page, painter)
    painter.end()
    del writer
    buffer.close()
    return bytes(data.data())
