r"""How deals, suits and outcomes show in a notebook: HTML and LaTeX as the papers print a deal.

R44 prints a deal as two columns, West's hand beside East's, one line a suit, each holding in
the paper's notation (``A K 10``: ranks high to low, the ten written ``10``); the deal's text in
the paper's notation (``[A Q, K J] + [K, A]``) is the table's caption, what a reader types back.
These are the bodies of ``Deal._repr_html_``/``_repr_latex_`` (and SuitDeal's, Outcome's);
every text is escaped, and no colour is set, so a dark notebook theme shows them as well.

>>> from whistgui.engine import Deal
>>> print(deal_latex(Deal.parse('AQ/KJ A/K')))
$$\begin{array}{ll}
\textit{West}: & \textit{East}: \\
\spadesuit\,\text{A Q} & \spadesuit\,\text{K J} \\
\heartsuit\,\text{A} & \heartsuit\,\text{K} \\
\end{array}$$
>>> print(html_table(['West', 'East'], [['A <Q>', 'K & J']], caption='[a, b]'))
<table class="whist"><caption>[a, b]</caption>
<thead><tr><th>West</th><th>East</th></tr></thead>
<tbody>
<tr><td>A &lt;Q&gt;</td><td>K &amp; J</td></tr>
</tbody></table>
"""

from __future__ import annotations

import html
from collections.abc import Collection, Sequence
from typing import TYPE_CHECKING, Final

from whistgui.engine.trick import notation
from whistgui.engine.trick.cards import Player, rank_text, suit_symbol

if TYPE_CHECKING:
    from whistgui.engine.trick.deal import Deal, SuitDeal

__all__ = ["deal_html", "deal_latex", "holding", "html_table", "suit_html", "suit_latex"]

#: An empty hand, where the papers would print nothing.
_EMPTY_HAND: Final = "—"
_TEX_SUITS: Final = {
    "S": r"\spadesuit",
    "H": r"\heartsuit",
    "D": r"\diamondsuit",
    "C": r"\clubsuit",
}
_TEX_SPECIAL: Final = str.maketrans(
    {c: "\\" + c for c in "#$%&_{}"} | {"\\": r"\textbackslash{}", "^": r"\^{}", "~": r"\~{}"}
)


def html_table(
    head: Sequence[str],
    rows: Sequence[Sequence[str]],
    *,
    caption: str | None = None,
    strong: Collection[tuple[int, int]] = (),
) -> str:
    """A table of text, every text escaped; the cells at ``strong`` (row, column) set in
    ``<strong>``."""

    def cell(tag: str, text: str, bold: bool = False) -> str:
        body = html.escape(text)
        return f"<{tag}><strong>{body}</strong></{tag}>" if bold else f"<{tag}>{body}</{tag}>"

    cap = "" if caption is None else f"<caption>{html.escape(caption)}</caption>"
    lines = [
        f'<table class="whist">{cap}',
        "<thead><tr>" + "".join(cell("th", h) for h in head) + "</tr></thead>",
        "<tbody>",
    ]
    for i, row in enumerate(rows):
        cells = "".join(cell("td", t, (i, j) in strong) for j, t in enumerate(row))
        lines.append(f"<tr>{cells}</tr>")
    lines.append("</tbody></table>")
    return "\n".join(lines)


def holding(suit: SuitDeal, player: Player) -> str:
    """One hand of a suit as the paper writes it, high to low: ``A K 10`` (``—`` if empty).

    >>> from whistgui.engine import SuitDeal
    >>> holding(SuitDeal.parse('AKT/QJ9'), Player.WEST), holding(SuitDeal.parse('-/-'), Player.EAST)
    ('A K 10', '—')
    """
    standard = suit.is_standard
    ranks = [rank_text(r, standard=standard, style="paper") for r in suit.hand(player)]
    return " ".join(ranks) or _EMPTY_HAND


def deal_html(deal: Deal) -> str:
    """The deal as a table, West beside East, a suit a line marked by its symbol."""
    rows = [
        [f"{suit_symbol(name)} {holding(s, p)}" for p in (Player.WEST, Player.EAST)]
        for s, name in zip(deal.suits, deal.names, strict=True)
    ]
    return html_table(["West", "East"], rows, caption=notation.format_deal_paper(deal))


def suit_html(suit: SuitDeal) -> str:
    """One suit as a table, West's holding beside East's, captioned ``[A Q, K J]``."""
    row = [holding(suit, p) for p in (Player.WEST, Player.EAST)]
    return html_table(["West", "East"], [row], caption=notation.format_suit_paper(suit))


def _tex_text(text: str) -> str:
    return rf"\text{{{text.translate(_TEX_SPECIAL)}}}"


def _tex_symbol(name: str) -> str:
    """♠ ♥ ♦ ♣ for the first four suits; a further suit by its name as the notation prefixes
    it (``5:``): plain LaTeX has no ★ ● ▲ of the app's."""
    return _TEX_SUITS.get(name) or _tex_text(f"{name}:")


def _array(rows: Sequence[tuple[str, str]]) -> str:
    lines = [r"$$\begin{array}{ll}", r"\textit{West}: & \textit{East}: \\"]
    lines += [rf"{w} & {e} \\" for w, e in rows]
    lines.append(r"\end{array}$$")
    return "\n".join(lines)


def deal_latex(deal: Deal) -> str:
    """The deal as R44 typesets it: an ``array`` of West's and East's hands, a suit a line."""
    rows = []
    for s, name in zip(deal.suits, deal.names, strict=True):
        sym = _tex_symbol(name)
        w, e = (rf"{sym}\,{_tex_text(holding(s, p))}" for p in (Player.WEST, Player.EAST))
        rows.append((w, e))
    return _array(rows)


def suit_latex(suit: SuitDeal) -> str:
    """One suit as R44 typesets it (its display (2)): West's holding beside East's."""
    w, e = (_tex_text(holding(suit, p)) for p in (Player.WEST, Player.EAST))
    return _array([(w, e)])
