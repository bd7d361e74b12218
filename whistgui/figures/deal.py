"""The deal diagram, as the papers print a deal: *West:* and *East:* side by side, a line per
suit with its symbol and the ranks high to low (``10`` for the ten), the player on lead named,
and the deal's title above it if it has one."""

from __future__ import annotations

from whistgui.app.document import Document
from whistgui.engine import Player
from whistgui.engine.trick.cards import ranks_text, standard_ranks, suit_symbol
from whistgui.figures.layout import paragraph, text_item
from whistgui.figures.scene import Figure
from whistgui.figures.text import line_height, measure

__all__ = ["RED", "build_deal", "deal_rows"]

#: Hearts and diamonds; the other suits are black, as in print.
RED = "#b71c1c"


def deal_rows(doc: Document) -> list[tuple[str, str, str]]:
    """``(symbol, West's ranks, East's ranks)`` per suit, ranks in the paper's spelling."""
    rows = []
    for suit, name in zip(doc.deal.suits, doc.deal.names, strict=True):
        standard = standard_ranks((*suit.west, *suit.east))

        def hand(ranks: tuple[int, ...], standard: bool = standard) -> str:
            if not ranks:
                return "—"
            return ranks_text(ranks, standard=standard, style="paper")

        rows.append((suit_symbol(name), hand(suit.west), hand(suit.east)))
    return rows


def build_deal(doc: Document, width: float, size: float = 9.0, *, title: bool = True) -> Figure:
    """The deal of ``doc`` laid out ``width`` points wide in ``size``-point type."""
    fig = Figure(width, 0, title=doc.title or f"Deal {doc.deal}", font_size=size)
    margin = size
    lh = line_height(size)
    y = margin
    if title and doc.title:
        y = paragraph(fig, margin, y, width - 2 * margin, doc.title, size, bold=True)
        y += lh * 0.4
    rows = deal_rows(doc)
    lead = doc.lead
    heads = {p: f"{p.name.title()}{' (on lead)' if lead is p else ''}:" for p in Player}
    sym_w = max((measure(s, size) for s, _w, _e in rows), default=0.0) + size * 0.5
    west_w = max(
        [measure(heads[Player.WEST], size, italic=True)]
        + [sym_w + measure(w, size) for _s, w, _e in rows]
    )
    gap = 2.5 * size
    x_west, x_east = margin, margin + west_w + gap
    y += size
    fig.add(text_item(x_west, y, heads[Player.WEST], size, italic=True))
    fig.add(text_item(x_east, y, heads[Player.EAST], size, italic=True))
    for sym, west, east in rows:
        y += lh
        colour = RED if sym in "♥♦" else "#000000"
        for x, ranks in ((x_west, west), (x_east, east)):
            fig.add(text_item(x, y, sym, size, colour=colour))
            fig.add(text_item(x + sym_w, y, ranks, size))
    east_w = max(
        [measure(heads[Player.EAST], size, italic=True)]
        + [sym_w + measure(e, size) for _s, _w, e in rows]
    )
    fig.width = max(width, x_east + east_w + margin)  # a diagram is never cut
    fig.height = y + 0.3 * size + margin
    return fig
