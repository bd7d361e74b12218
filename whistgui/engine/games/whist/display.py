r"""How a suit's analysis (§10) shows in a notebook: its value, maxmin and minmax, the
outcome with each side leading, and the α matrix, as HTML (``SuitAnalysis._repr_html_``; the
LaTeX is :func:`~whistgui.engine.games.whist.latex.analysis_latex`).

>>> from whistgui.engine import Evaluator
>>> print(analysis_html(Evaluator().analyze('K/A')).replace('; ', ';\n'))
<div class="whist-analysis"><p>D = [K, A]: val(D) = ε₀;
maxmin(D) = (E, 0), minmax(D) = (E, 0);
West leads: 0, East leads: 0</p>
<table class="whist">
<thead><tr><th>W \ E</th><th>A</th><th>min</th></tr></thead>
<tbody>
<tr><td>K</td><td><strong>(E, 0)</strong></td><td><strong>(E, 0)</strong></td></tr>
<tr><td>max</td><td><strong>(E, 0)</strong></td><td></td></tr>
</tbody></table></div>
"""

from __future__ import annotations

import html
from typing import TYPE_CHECKING

from whistgui.engine.trick import notation
from whistgui.engine.trick.display import html_table
from whistgui.engine.trick.rules import result_text

if TYPE_CHECKING:
    from whistgui.engine.games.whist.evaluator import SuitAnalysis

__all__ = ["analysis_html"]


def analysis_html(a: SuitAnalysis) -> str:
    """The analysis as a line of its numbers over the α matrix: one row a West card and one
    column an East card, high first, with the row minima and column maxima; the cells that
    are maxmin(D) or minmax(D) in ``<strong>``, as :func:`alpha_matrix_latex` sets them bold."""
    o = a.outcome
    line = (
        f"D = {notation.format_suit_paper(a.suit)}: val(D) = {a.value.pretty()}; "
        f"maxmin(D) = {a.maxmin.pretty()}, minmax(D) = {a.minmax.pretty()}; "
        f"West leads: {result_text(o.west_lead)}, East leads: {result_text(o.east_lead)}"
    )
    n = a.n
    order = range(n)  # low first, as the papers index them: a.west and a.east ascend

    def card(r: int) -> str:
        return a.suit.card_text(r, style="paper")

    head = ["W \\ E", *(card(a.east[j]) for j in order), "min"]
    rows = [
        [card(a.west[i]), *(a.alpha[i][j].pretty() for j in order), a.row_minima[i].pretty()]
        for i in order
    ]
    rows.append(["max", *(a.column_maxima[j].pretty() for j in order), ""])
    strong = {(r, c + 1) for r, i in enumerate(order) for c, j in enumerate(order) if a.mark(i, j)}
    strong |= {(r, n + 1) for r, i in enumerate(order) if i in a.maxmin_rows}
    strong |= {(n, c + 1) for c, j in enumerate(order) if j in a.minmax_columns}
    table = html_table(head, rows, strong=strong)
    return f'<div class="whist-analysis"><p>{html.escape(line)}</p>\n{table}</div>'
