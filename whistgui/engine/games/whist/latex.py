r"""LaTeX for values, labeled values and the α matrix of a suit (§10), for papers and notes.

Math-mode bodies carry no dollars; fractions are mixed numbers with ``\frac``:

>>> from whistgui.engine import LabeledValue, Player, Value
>>> value_latex(Value.parse('3/2')), value_latex(Value.parse('-1/2'))
('1\\frac{1}{2}', '-\\frac{1}{2}')
>>> value_latex(Value.parse('3-e2')), value_latex(Value.parse('21/2+-e0'))
('3 - \\varepsilon_{2}', '10\\frac{1}{2} \\pm \\varepsilon_{0}')
>>> labeled_latex(LabeledValue(Player.WEST, Value.parse('3/2')))
'(W, 1\\frac{1}{2})'

:func:`alpha_matrix_latex` writes a complete ``tabular`` (no package beyond LaTeX itself), its
rows and columns low first as the papers index the cards:

>>> from whistgui.engine.games.whist.evaluator import Evaluator
>>> print(alpha_matrix_latex(Evaluator().analyze('AQ/KJ')))
% D = AQ/KJ
% val(D) = 1\frac{1}{2}
\begin{tabular}{c|cc|c}
$W \backslash E$ & J & K & min \\
\hline
Q & $\mathbf{(W, 2 - \varepsilon_{0})}$ & $(E, 1 - \varepsilon_{0})$
  & $(E, 1 - \varepsilon_{0})$ \\
A & $\mathbf{(W, 1 + \varepsilon_{0})}$ & $\mathbf{(W, 2 - \varepsilon_{0})}$
  & $\mathbf{(W, 1 + \varepsilon_{0})}$ \\
\hline
max & $\mathbf{(W, 2 - \varepsilon_{0})}$ & $\mathbf{(W, 2 - \varepsilon_{0})}$ & \\
\end{tabular}
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import TYPE_CHECKING

from whistgui.engine.errors import TheoryError
from whistgui.engine.games.whist.infinitesimal import infinitesimal_latex
from whistgui.engine.trick.cards import Player, rank_text, standard_ranks
from whistgui.engine.trick.notation import format_suit_paper

if TYPE_CHECKING:  # the value types and the analysis show themselves through this module
    from whistgui.engine.games.whist.evaluator import SuitAnalysis
    from whistgui.engine.games.whist.interval import Interval
    from whistgui.engine.games.whist.value import LabeledValue, Value
    from whistgui.engine.trick.deal import SuitDeal

__all__ = [
    "alpha_matrix_latex",
    "analysis_latex",
    "infinitesimal_latex",
    "interval_latex",
    "labeled_latex",
    "number_latex",
    "value_latex",
]


def number_latex(q: Fraction) -> str:
    r"""A number as a mixed number: ``2``, ``1\frac{1}{2}``, ``-\frac{3}{8}``.

    >>> number_latex(Fraction(33, 16)), number_latex(Fraction(-3, 8)), number_latex(Fraction(0))
    ('2\\frac{1}{16}', '-\\frac{3}{8}', '0')
    """
    sign = "-" if q < 0 else ""
    whole, frac = divmod(abs(q), 1)
    if frac == 0:
        return f"{sign}{whole}"
    part = rf"\frac{{{frac.numerator}}}{{{frac.denominator}}}"
    return f"{sign}{whole or ''}{part}"


def _eps_latex(k: int) -> str:
    return rf"\varepsilon_{{{k}}}"


def value_latex(v: Value) -> str:
    r"""A value in math mode: ``\varepsilon_{0}``, ``-\varepsilon_{2}``, ``\pm\varepsilon_{0}``,
    ``1 + \varepsilon_{1}``, ``3 - \varepsilon_{2}``, ``10\frac{1}{2} \pm \varepsilon_{0}``.

    >>> from whistgui.engine import Value
    >>> [value_latex(Value.parse(t)) for t in ('0', 'e0', '-e2', '+-e0', '1+e1')]
    ['0', '\\varepsilon_{0}', '-\\varepsilon_{2}', '\\pm\\varepsilon_{0}', '1 + \\varepsilon_{1}']
    """
    return _number_plus(v.number, infinitesimal_latex(v.infinitesimal))


def _number_plus(q: Fraction, x: str) -> str:
    """q + x in math mode, x an infinitesimal's LaTeX (``0``, ``-\\varepsilon_{2}``, …)."""
    if x == "0":
        return number_latex(q)
    if q == 0:
        return x
    if x.startswith("-"):
        return f"{number_latex(q)} - {x[1:]}"
    if x.startswith(r"\pm"):
        return f"{number_latex(q)} \\pm {x[3:]}"
    return f"{number_latex(q)} + {x}"


def interval_latex(interval: Interval) -> str:
    r"""I(D) in math mode, as :meth:`Interval.pretty` writes it: ``[1\frac{1}{2}, 2)``, or at
    a single number q the set of its members q + x.

    >>> from whistgui.engine import Evaluator
    >>> interval_latex(Evaluator().analyze('AQ/KJ').interval)
    '(1, 2)'
    >>> print(interval_latex(Evaluator().analyze('A/K').interval))
    \{1 + x : x \text{ infinitesimal}, x \leq -\varepsilon_{0}\} \cup \{1 \pm \varepsilon_{0}\}
    """
    at = interval.at
    if at is None:
        lb = "[" if interval.low_closed else "("
        rb = "]" if interval.high_closed else ")"
        return f"{lb}{number_latex(interval.low)}, {number_latex(interval.high)}{rb}"
    q = interval.low
    base = "" if q == 0 else f"{number_latex(q)} + "
    parts = []
    if at.has_chain:
        lo, hi = at.lowest, at.highest
        if lo is not None and lo == hi:
            parts.append(rf"\{{{_number_plus(q, infinitesimal_latex(lo))}\}}")
        else:
            low = "" if lo is None else rf"{infinitesimal_latex(lo)} \leq "
            high = "" if hi is None else rf" \leq {infinitesimal_latex(hi)}"
            if lo is not None and hi is None:
                low, high = "", rf" \geq {infinitesimal_latex(lo)}"
            bound = rf", {low}x{high}" if lo is not None or hi is not None else ""
            parts.append(rf"\{{{base}x : x \text{{ infinitesimal}}{bound}\}}")
    if at.fuzzy:
        fuzzy = _number_plus(q, r"\pm" + _eps_latex(0))
        parts.append(rf"\{{{fuzzy}\}}")
    return r" \cup ".join(parts) if parts else r"\emptyset"


def labeled_latex(lv: LabeledValue) -> str:
    r"""``(W, 1\frac{1}{2})``: a labeled value in math mode."""
    return f"({lv.player.value}, {value_latex(lv.value)})"


def alpha_matrix_latex(
    analysis: SuitAnalysis, *, group_sequences: bool = False, array: bool = False
) -> str:
    r"""The α matrix of ``analysis`` as a LaTeX ``tabular``, preceded by comment lines giving
    the suit and val(D).

    One row per West card and one column per East card, low first as the papers index them
    (R44 §10.1: W₁ < … < Wₙ) and the inspector shows them, each cell ``$α_ij$``; a last
    column ``min`` holds the row minima and a last row ``max`` the column maxima. The maxmin
    row's minimum cell(s), the minmax column's maximum cell(s), and maxmin/minmax themselves
    among the minima/maxima are set in ``\mathbf``.

    With ``group_sequences`` the cards of one sequence of a hand (adjacent, same owner), whose
    rows (columns) are identical, share one row (column) labelled like ``KQ`` (or ``J--9``,
    ``13--12`` when a label is longer than one character or the suit is not standard);
    :class:`TheoryError` if they differ.

    >>> from whistgui.engine.games.whist.evaluator import Evaluator
    >>> t = alpha_matrix_latex(Evaluator().analyze('AKT/QJ9'), group_sequences=True)
    >>> [line.split(' & ')[0] for line in t.splitlines()[5:]]
    ['10', 'AK', '\\hline', 'max', '\\end{tabular}']

    With ``array`` the matrix is a math-mode ``array`` with no comment lines, what MathJax
    typesets in a notebook (it does not typeset a ``tabular``):

    >>> print(alpha_matrix_latex(Evaluator().analyze('K/A'), array=True))
    \begin{array}{c|c|c}
    W \backslash E & \text{A} & \text{min} \\
    \hline
    \text{K} & \mathbf{(E, 0)} & \mathbf{(E, 0)} \\
    \hline
    \text{max} & \mathbf{(E, 0)} & \\
    \end{array}
    """
    a = analysis
    suit = a.suit
    alpha = a.alpha
    if group_sequences:
        row_groups = _groups(suit, Player.WEST, a.west)
        col_groups = _groups(suit, Player.EAST, a.east)
    else:
        row_groups = [[i] for i in range(len(a.west))]  # a.west is ascending: low first
        col_groups = [[j] for j in range(len(a.east))]

    # One α per block of grouped rows and columns; the block must be constant.
    cells: list[list[LabeledValue]] = []
    for rg in row_groups:
        row: list[LabeledValue] = []
        for cg in col_groups:
            block = {alpha[i][j] for i in rg for j in cg}
            if len(block) != 1:
                raise TheoryError(
                    f"cards in sequence give different α in {suit}: "
                    f"{sorted(lv.ascii() for lv in block)}"
                )
            row.append(alpha[rg[0]][cg[0]])
        cells.append(row)

    maxmin, minmax = a.maxmin, a.minmax
    # a block is constant, so a grouped row's minimum is the minimum of any of its rows
    row_minima = [a.row_minima[rg[0]] for rg in row_groups]
    column_maxima = [a.column_maxima[cg[0]] for cg in col_groups]

    dollar, env = ("", "array") if array else ("$", "tabular")

    def cell(lv: LabeledValue, bold: bool) -> str:
        body = labeled_latex(lv)
        return f"{dollar}\\mathbf{{{body}}}{dollar}" if bold else f"{dollar}{body}{dollar}"

    def text(t: str) -> str:
        return f"\\text{{{t}}}" if array else t

    head = [] if array else [f"% D = {suit}", f"% val(D) = {value_latex(a.value)}"]
    lines = [
        *head,
        f"\\begin{{{env}}}{{c|" + "c" * len(col_groups) + "|c}",
        " & ".join(
            [f"{dollar}W \\backslash E{dollar}"]
            + [text(_label(suit, [a.east[j] for j in cg])) for cg in col_groups]
            + [text("min")]
        )
        + " \\\\",
        "\\hline",
    ]
    for r, rg in enumerate(row_groups):
        is_maxmin_row = row_minima[r] == maxmin
        parts = [text(_label(suit, [a.west[i] for i in rg]))]
        for c, lv in enumerate(cells[r]):
            parts.append(cell(lv, a.mark(rg[0], col_groups[c][0]) is not None))  # (greedy too)
        parts.append(cell(row_minima[r], is_maxmin_row))
        lines.append(" & ".join(parts) + " \\\\")
    lines.append("\\hline")
    lines.append(
        " & ".join([text("max")] + [cell(m, m == minmax) for m in column_maxima] + [""]).rstrip()
        + " \\\\"
    )
    lines.append(f"\\end{{{env}}}")
    return "\n".join(lines)


def analysis_latex(analysis: SuitAnalysis) -> str:
    r"""The analysis typeset in a notebook (``SuitAnalysis._repr_latex_``): a line of D,
    val(D), maxmin(D) and minmax(D), and the α matrix as a math-mode ``array``
    (:func:`alpha_matrix_latex` with ``array``).

    >>> from whistgui.engine.games.whist.evaluator import Evaluator
    >>> first = analysis_latex(Evaluator().analyze('AQ/KJ')).splitlines()[0]
    >>> for part in first.split(r',\quad '):
    ...     print(part)
    $$D = \text{[A Q, K J]}
    \operatorname{val}(D) = 1\frac{1}{2}
    \operatorname{maxmin}(D) = (W, 1 + \varepsilon_{0})
    \operatorname{minmax}(D) = (W, 2 - \varepsilon_{0})$$
    """
    a = analysis
    parts = [
        rf"D = \text{{{format_suit_paper(a.suit)}}}",
        rf"\operatorname{{val}}(D) = {value_latex(a.value)}",
        rf"\operatorname{{maxmin}}(D) = {labeled_latex(a.maxmin)}",
        rf"\operatorname{{minmax}}(D) = {labeled_latex(a.minmax)}",
    ]
    matrix = alpha_matrix_latex(a, array=True)
    return "$$" + r",\quad ".join(parts) + f"$$\n$${matrix}$$"


def _groups(suit: SuitDeal, player: Player, ranks: Sequence[int]) -> list[list[int]]:
    """Indices into ``ranks`` (ascending) grouped by the player's sequences, lowest first."""
    index = {r: k for k, r in enumerate(ranks)}
    return [sorted(index[r] for r in seq) for seq in reversed(suit.sequences(player))]


def _label(suit: SuitDeal, ranks: Sequence[int]) -> str:
    """A card or a sequence of cards, high to low: ``10``, ``KQ``, ``J--9``, ``13--12``.

    Letters are written only for a standard suit (every rank 2–A), as the paper's notation
    does; a sequence is spelled out when every card is one character, else written as a range.
    """
    standard = standard_ranks(suit.west + suit.east)
    names = [rank_text(r, standard=standard, style="paper") for r in sorted(ranks, reverse=True)]
    if len(names) == 1:
        return names[0]
    if standard and all(len(n) == 1 for n in names):
        return "".join(names)
    return f"{names[0]}--{names[-1]}"
