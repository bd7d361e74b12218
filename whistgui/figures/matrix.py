"""The matrix of one suit, for print: in whist (and refined whist) the α matrix as the
inspector shows it, in Greedy Whist and five-card R43's matrix A with its diagonal sums, in
misère five-card the exit and its stoppers.

**Whist.** Rows are West's cards and columns East's, high to low as on screen (labels ``W A``,
``E J``); each cell is α_ij = (who wins the trick, val(D_ij)), e.g. ``(W, 3¼)``. A last column
holds each row's minimum and a last row each column's maximum. The cells giving maxmin(D) and
minmax(D) are filled in the inspector's colours (amber for West's choice, blue for East's, green
for a cell that is both) and set in bold; the other summary cells are light grey. Under the
matrix a legend of the fills, then maxmin(D), minmax(D) (each with the order that decides
between labels), I(D) and val(D) with its complexity, as the inspector's bounds label says.

**Greedy Whist, five-card.** The suit with the game's rules, its element and the theory's
words; five-card's symmetrization (Theorem 7.1) when it differs from the suit; A with
A_ij = ±1, West's i-th lowest card against East's j-th lowest (lowest first, as in the paper;
+1 light green, −1 light red, the diagonal in bold); the diagonal sums T_k (a row per chunk of
k when they do not fit one row); H, H̄, H_Greedy and the trace. **Misère five-card**: the suit,
its element, and the exit with its stoppers, in words.

Fitting the width: the matrix is drawn at its natural width with half a font size of padding
either side of each cell; if that is too wide the matrix's type shrinks (down to 80 % of the
text's, never below 6 pt: a journal's matrix in footnote size) at each padding in turn, the
loosest first — each (who, value) pair stays on one line. Only a matrix too wide even so
sets each α cell on two lines (the winner, then the value), and if even that does not fit the
figure is made as wide as the matrix needs — a matrix is never cut and its cells are never
shortened. Text around the matrix wraps to the figure's width.

:func:`cannot_show` says why a suit has no matrix in a game (the same rules as the inspector's
``cannot_inspect``); :func:`build_matrix` raises :class:`~whistgui.engine.WhistError` with that
reason. :func:`draw_runs` and :func:`draw_legend` set mixed-style wrapped text and colour
legends; the number line uses them too.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Final

from whistgui.app.analysis import cannot_inspect, game_label, is_whist, outcome_words
from whistgui.engine import (
    AsymmetricSuitError,
    Deal,
    DealError,
    Evaluator,
    LabeledValue,
    Player,
    SuitAnalysis,
    SuitDeal,
    WhistError,
)
from whistgui.engine.games import Game
from whistgui.engine.games.five_card import symmetrize
from whistgui.engine.games.misere_five_card import stopper_pairs
from whistgui.engine.symbols import minus, signed_or_zero
from whistgui.engine.trick.cards import count, rank_text
from whistgui.figures.layout import Cell, Column, Table, paragraph, text_item
from whistgui.figures.scene import BLACK, GREY, Figure, Line, Rect
from whistgui.figures.text import line_height, measure

__all__ = [
    "BOTH_FILL",
    "MAXMIN_FILL",
    "MINMAX_FILL",
    "MINUS_FILL",
    "PLUS_FILL",
    "SUMMARY_FILL",
    "LegendEntry",
    "Run",
    "build_matrix",
    "cannot_show",
    "draw_legend",
    "draw_runs",
]

#: The inspector's fills (whistgui/ui/trick/matrix_model.py): West's choice, East's, both,
#: summaries.
MAXMIN_FILL: Final = "#ffe082"
MINMAX_FILL: Final = "#90caf9"
BOTH_FILL: Final = "#a5d6a7"
SUMMARY_FILL: Final = "#f5f5f5"
#: A_ij = +1 and −1 (whistgui/ui/trick/inspector.py).
PLUS_FILL: Final = "#e8f5e9"
MINUS_FILL: Final = "#ffebee"
#: Asides (the order of labels, the theory's source).
NOTE: Final = "#555555"

_SUBSCRIPTS: Final = str.maketrans("0123456789-", "₀₁₂₃₄₅₆₇₈₉₋")


# -- mixed-style text -------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Run:
    """A piece of text in one style. ``sub`` sets it as a subscript (smaller, lowered);
    ``overline`` draws a bar over it (H̄)."""

    text: str
    bold: bool = False
    italic: bool = False
    colour: str = BLACK
    sub: bool = False
    overline: bool = False


def draw_runs(
    fig: Figure,
    x: float,
    top: float,
    width: float,
    runs: Sequence[Run],
    size: float,
    *,
    indent: float = 0.0,
) -> float:
    """``runs`` set one after another with the first line's top at ``top``, broken at spaces
    into lines no wider than ``width`` (continuation lines start ``indent`` further in; a word
    wider than a line is broken between characters). Pieces not separated by a space stay
    together (``H`` and its subscript). Words of one run on one line make one text item.
    Returns the bottom of the last line."""
    lh = line_height(size)

    def run_size(r: Run) -> float:
        return size * 0.72 if r.sub else size

    def advance(r: Run, t: str) -> float:
        return measure(t, run_size(r), bold=r.bold, italic=r.italic)

    # units: pieces (run index, text) with no space between them; spaces separate units
    units: list[list[tuple[int, str]]] = []
    spaced = True
    for k, r in enumerate(runs):
        for p, part in enumerate(r.text.split(" ")):
            spaced = spaced or p > 0
            if part:
                if spaced or not units:
                    units.append([])
                units[-1].append((k, part))
                spaced = False

    # lines of placed pieces: (run index, text, x)
    right = x + width
    lines: list[list[tuple[int, str, float]]] = [[]]
    cx = x

    def new_line() -> None:
        nonlocal cx
        lines.append([])
        cx = x + indent

    def place(k: int, t: str, space: float) -> None:
        nonlocal cx
        last = lines[-1][-1] if lines[-1] else None
        if space and last is not None and last[0] == k:
            lines[-1][-1] = (k, f"{last[1]} {t}", last[2])
        else:
            lines[-1].append((k, t, cx + space))
        cx += space + advance(runs[k], t)

    for unit in units:
        w = sum(advance(runs[k], t) for k, t in unit)
        # a space in the style of the text before it (a bold space is wider)
        space = advance(runs[lines[-1][-1][0]], " ") if lines[-1] else 0.0
        if lines[-1] and cx + space + w > right:
            new_line()
            space = 0.0
        if cx + space + w <= right:
            for n, (k, t) in enumerate(unit):
                place(k, t, space if n == 0 else 0.0)
            continue
        # wider than a line: break between its pieces, and a piece between characters
        for n, (k, t) in enumerate(unit):
            gap = space if n == 0 else 0.0
            if lines[-1] and cx + gap + advance(runs[k], t) > right:
                new_line()
                gap = 0.0
            while len(t) > 1 and cx + gap + advance(runs[k], t) > right:
                cut = len(t) - 1
                while cut > 1 and cx + gap + advance(runs[k], t[:cut]) > right:
                    cut -= 1
                place(k, t[:cut], gap)
                new_line()
                gap = 0.0
                t = t[cut:]
            place(k, t, gap)

    y = top
    for placed in lines:
        baseline = y + size
        for k, t, px in placed:
            r = runs[k]
            s = run_size(r)
            item = text_item(
                px,
                baseline + (0.22 * size if r.sub else 0.0),
                t,
                s,
                bold=r.bold,
                italic=r.italic,
                colour=r.colour,
            )
            fig.add(item)
            if r.overline:
                oy = baseline - 0.86 * size
                fig.add(Line(px, oy, px + item.width, oy, max(0.4, size / 16), r.colour))
        y += lh
    return y


@dataclass(frozen=True, slots=True)
class LegendEntry:
    """A swatch filled ``fill`` (none: text only) followed by ``text`` in ``colour``."""

    text: str
    fill: str | None = None
    colour: str = BLACK


def draw_legend(
    fig: Figure, x: float, top: float, width: float, entries: Sequence[LegendEntry], size: float
) -> float:
    """The entries left to right, an entry never split, wrapping to more lines when they do
    not fit ``width``; returns the bottom."""
    lh = line_height(size)
    box = 0.8 * size
    gap = 0.35 * size
    space = 1.2 * size
    y = top
    cx = x
    first = True
    for e in entries:
        w = measure(e.text, size, bold=False) + (box + gap if e.fill else 0.0)
        if not first and cx + space + w > x + width:
            y += lh
            cx = x
            first = True
        if not first:
            cx += space
        if e.fill is not None:
            fig.add(Rect(cx, y + size - 0.8 * size, box, box, fill=e.fill, stroke=GREY, width=0.4))
            cx += box + gap
        fig.add(text_item(cx, y + size, e.text, size, colour=e.colour))
        cx += measure(e.text, size)
        first = False
    return y + lh


# -- which suits have a matrix ---------------------------------------------------------------
#: Why a suit has no matrix in a game (the inspector's rule, from the application layer).
cannot_show = cannot_inspect


def build_matrix(suit: SuitDeal, game: Game, width: float, size: float = 9.0) -> Figure:
    """The matrix of ``suit`` in ``game`` (see the module's docstring) as a figure ``width``
    points wide — wider only if the matrix itself, at its tightest, is wider — in
    ``size``-point type. WhistError with the reason for a suit the game cannot show."""
    why = cannot_show(suit, game)
    if why is not None:
        if suit.west and suit.east:
            raise AsymmetricSuitError(why)
        raise DealError(why)
    fig = Figure(width, 0, title=f"Matrix of {suit}", font_size=size)
    margin = size
    if is_whist(game):
        bottom = _draw_alpha(fig, Evaluator().analyze(suit), margin, margin, size)
    else:
        bottom = _draw_game(fig, suit, game, margin, margin, size)
    fig.height = bottom + margin
    return fig


def _fit(fig: Figure, tables: Sequence[Table], x: float, width: float) -> Table:
    """The first of ``tables`` (tightest last) that fits ``width``; the last one, widening
    the figure, when none does."""
    for t in tables:
        if sum(t.widths(width)) <= width + 0.01:
            return t
    t = tables[-1]
    fig.width = max(fig.width, x + sum(t.widths(width)) + fig.font_size)
    return t


def _pads(size: float) -> tuple[float, ...]:
    return (size / 2, size * 0.35, size * 0.2)


#: The smallest the α matrix's type is set, as a part of the text's (and in points).
SMALLEST_CELLS: Final = (0.8, 6.0)


def _cell_sizes(size: float) -> list[float]:
    """The α matrix's sizes of type to try, largest first: the text's, then down in tenths to
    :data:`SMALLEST_CELLS` (a journal's matrix in footnote size: 8 pt in 10 pt text)."""
    least = max(SMALLEST_CELLS[0] * size, min(size, SMALLEST_CELLS[1]))
    sizes = [size]
    for k in (0.9, 0.8):
        if k * size >= least - 1e-9:
            sizes.append(k * size)
    return sizes


# -- whist: the α matrix -----------------------------------------------------------------------
def _mark(a: SuitAnalysis, i: int, j: int) -> str | None:
    """``maxmin``, ``minmax``, ``both`` or None for α_ij (as the inspector marks it)."""
    return a.mark(i, j)


_FILLS: Final = {"maxmin": MAXMIN_FILL, "minmax": MINMAX_FILL, "both": BOTH_FILL}


def _alpha_table(a: SuitAnalysis, size: float, pad: float, two_lines: bool) -> Table:
    std = a.suit.is_standard
    rows = list(range(a.n))  # a.west is ascending: low first, as the papers and the screen
    cols = list(range(a.n))

    def card(r: int) -> str:
        return rank_text(r, standard=std, style="paper")

    def text(lv: LabeledValue) -> str:
        if two_lines:
            return f"({lv.player.value},\n{lv.value.pretty()})"
        return lv.pretty()

    def cell(lv: LabeledValue, mark: str | None, summary: bool) -> Cell:
        fill = _FILLS.get(mark or "", SUMMARY_FILL if summary else None)
        return Cell(text(lv), bold=mark is not None, fill=fill)

    table = Table(
        [Column("", "left")]
        + [Column(f"E {card(a.east[j])}", "center") for j in cols]
        + [Column("row min", "center")],
        size=size,
        pad=pad,
        rules_after={a.n - 1},
    )
    for i in rows:
        minimum = a.row_minima[i]
        table.add_row(
            Cell(f"W {card(a.west[i])}", bold=True),
            *(cell(a.alpha[i][j], _mark(a, i, j), False) for j in cols),
            cell(minimum, "maxmin" if i in a.maxmin_rows else None, True),
        )
    table.add_row(
        Cell("col max", bold=True),
        *(
            cell(a.column_maxima[j], "minmax" if j in a.minmax_columns else None, True)
            for j in cols
        ),
        Cell("", fill=SUMMARY_FILL),
    )
    return table


def _order_note(lv: LabeledValue) -> str:
    if lv.value.is_number:
        return "[(E, x) > (W, x) when x is a number]"
    return "[(W, x) > (E, x) when x is not a number]"


def _draw_alpha(fig: Figure, a: SuitAnalysis, x: float, top: float, size: float) -> float:
    width = fig.width - 2 * x
    lh = line_height(size)
    y = draw_runs(fig, x, top, width, [Run("α matrix of "), Run(str(a.suit), bold=True)], size)
    y += 0.3 * lh
    # each (who, value) on one line: smaller type (to 80 %) at each padding in turn, the
    # loosest first; only a matrix too wide even so sets its cells on two lines, and then
    # the figure widens
    one_line = [
        _alpha_table(a, s, _pads(s)[k], False)
        for k in range(len(_pads(size)))
        for s in _cell_sizes(size)
    ]
    two_lines = [_alpha_table(a, size, p, True) for p in _pads(size)]
    table = _fit(fig, [*one_line, *two_lines], x, width)
    width = fig.width - 2 * x
    y = table.draw(fig, x, y, width) + 0.4 * lh

    # maxmin and minmax always fill a row minimum and a column maximum; "both" only cells
    marks = {"maxmin", "minmax"} | {_mark(a, i, j) for i in range(a.n) for j in range(a.n)}
    entries = [
        LegendEntry(name, _FILLS[key])
        for key, name in (("maxmin", "maxmin(D)"), ("minmax", "minmax(D)"), ("both", "both"))
        if key in marks
    ]
    y = draw_legend(fig, x, y, width, entries, size) + 0.3 * lh
    indent = 1.5 * size
    for name, lv in (("maxmin(D)", a.maxmin), ("minmax(D)", a.minmax)):
        y = draw_runs(
            fig,
            x,
            y,
            width,
            [
                Run(name, bold=True),
                Run(" = "),
                Run(lv.pretty()),
                Run(" "),
                Run(_order_note(lv), colour=NOTE),
            ],
            size,
            indent=indent,
        )
    y = draw_runs(
        fig,
        x,
        y,
        width,
        [Run("I(D)", bold=True), Run(" = "), Run(a.interval.pretty())],
        size,
        indent=indent,
    )
    return draw_runs(
        fig,
        x,
        y,
        width,
        [
            Run("val(D)", bold=True),
            Run(" = "),
            Run(a.value.pretty()),
            Run(f", complexity {a.value.complexity} ({a.value.complexity.words})"),
        ],
        size,
        indent=indent,
    )


# -- Greedy Whist, five-card, misère five-card ------------------------------------------------
def _draw_game(fig: Figure, suit: SuitDeal, game: Game, x: float, top: float, size: float) -> float:
    width = fig.width - 2 * x
    lh = line_height(size)
    theory = game.new_theory()
    if theory is None:
        raise WhistError(
            f"{game_label(game)} has no value theory: the suit {str(suit)!r} has no matrix"
        )
    y = draw_runs(
        fig,
        x,
        top,
        width,
        [Run(str(suit), bold=True), Run(f" in {game_label(game)} — {game.rules.describe()}")],
        size,
    )
    y = _draw_element(fig, suit, theory, x, y + 0.2 * lh, width, size)
    details = theory.details(suit)
    standard = all(2 <= r <= 14 for r in suit.west + suit.east)
    if "A" in details:
        shown = symmetrize(suit) if "symmetrization" in details else suit
        y = _draw_a(fig, details, shown, standard, shown != suit, x, y + 0.3 * lh, size)
    if "stoppers" in details:
        y = _draw_stoppers(fig, details, suit, standard, x, y + 0.3 * lh, width, size)
    return paragraph(fig, x, y + 0.3 * lh, width, f"Theory: {theory.title}", size, colour=NOTE)


def _draw_element(
    fig: Figure, suit: SuitDeal, theory: Any, x: float, top: float, width: float, size: float
) -> float:
    try:
        element = theory.element(suit)
    except WhistError as exc:
        return draw_runs(fig, x, top, width, [Run("No element:", bold=True), Run(f" {exc}")], size)
    y = draw_runs(
        fig,
        x,
        top,
        width,
        [
            Run("Element", bold=True),
            Run(" "),
            Run(theory.pretty(element), bold=True),
            Run(f": {theory.describe(element)}"),
        ],
        size,
    )
    if theory.covers(Deal([suit])) is None:
        y = draw_runs(
            fig,
            x,
            y,
            width,
            [Run("This suit alone:", bold=True), Run(f" {outcome_words(theory.outcome(element))}")],
            size,
        )
    return y


def _a_table(
    a: list[list[int]], west: list[int], east: list[int], size: float, pad: float, standard: bool
) -> Table:
    def card(r: int) -> str:
        return rank_text(r, standard=standard, style="paper")

    n = len(west)
    table = Table(
        [Column("", "left")]
        + [
            Column(f"E{str(j + 1).translate(_SUBSCRIPTS)} {card(e)}", "center")
            for j, e in enumerate(east)
        ],
        size=size,
        pad=pad,
    )
    for i in range(n):
        table.add_row(
            Cell(f"W{str(i + 1).translate(_SUBSCRIPTS)} {card(west[i])}", bold=True),
            *(
                Cell(
                    signed_or_zero(int(a[i][j])),
                    bold=i == j,
                    fill=PLUS_FILL if int(a[i][j]) > 0 else MINUS_FILL,
                )
                for j in range(n)
            ),
        )
    return table


def _t_tables(
    t: dict[str, Any], bold: set[int], size: float, pad: float, width: float
) -> list[Table]:
    """The diagonal sums, one table per chunk of k that fits ``width``."""
    ks = sorted(int(k) for k in t)

    def table(chunk: list[int]) -> Table:
        tab = Table(
            [Column("", "left")] + [Column(f"k = {minus(k)}", "center") for k in chunk],
            size=size,
            pad=pad,
        )
        cells = []
        for k in chunk:
            v = int(t[str(k)])
            fill = None if not v else PLUS_FILL if v > 0 else MINUS_FILL
            cells.append(Cell(signed_or_zero(v), bold=k in bold, fill=fill))
        tab.add_row(Cell("T", bold=True), *cells)
        return tab

    out: list[Table] = []
    chunk: list[int] = []
    for k in ks:
        if chunk and sum(table([*chunk, k]).widths(width)) > width + 0.01:
            out.append(table(chunk))
            chunk = []
        chunk.append(k)
    out.append(table(chunk))
    return out


def _draw_a(
    fig: Figure,
    d: dict[str, Any],
    suit: SuitDeal,
    standard: bool,
    symmetrized: bool,
    x: float,
    top: float,
    size: float,
) -> float:
    width = fig.width - 2 * x
    lh = line_height(size)
    y = top
    if symmetrized:
        y = draw_runs(
            fig,
            x,
            y,
            width,
            [
                Run(
                    "Its symmetrization (Theorem 7.1: the lowest cards of the longer holding "
                    "dropped) is "
                ),
                Run(str(suit), bold=True),
                Run("."),
            ],
            size,
        )
    y = draw_runs(
        fig,
        x,
        y,
        width,
        [
            Run("A", bold=True),
            Run(": A"),
            Run("ij", sub=True),
            Run(" = +1 if West's i-th lowest card beats East's j-th lowest, else −1 (R43 §3); "),
            Run("T", bold=True),
            Run("k", bold=True, sub=True),
            Run(" sums the diagonal j − i = k."),
        ],
        size,
    )
    west = list(reversed(suit.west))  # W_1 < … < W_n, the paper's order
    east = list(reversed(suit.east))
    a = d["A"]
    candidates = [_a_table(a, west, east, size, p, standard) for p in _pads(size)]
    y = _fit(fig, candidates, x, width).draw(fig, x, y + 0.3 * lh, fig.width - 2 * x)
    width = fig.width - 2 * x

    h, hbar = int(d["H"]), int(d["H̄"])
    # one row of T_k if some padding allows it, else chunks at the ordinary padding
    tables = next(
        (
            tabs
            for p in _pads(size)
            if len(tabs := _t_tables(d["T"], {h, hbar}, size, p, width)) == 1
        ),
        _t_tables(d["T"], {h, hbar}, size, _pads(size)[0], width),
    )
    for tab in tables:
        y = _fit(fig, [tab], x, width).draw(fig, x, y + 0.6 * lh, fig.width - 2 * x)
    width = fig.width - 2 * x

    n = len(west)
    where: list[Run]
    if h == hbar and abs(h) == n:
        where = [Run(f"{'West' if h > 0 else 'East'} holds every high card")]
    elif h == hbar:
        where = [Run("T"), Run(minus(h), sub=True), Run(" = 0")]
    else:
        where = [
            Run("T"),
            Run("k", sub=True),
            Run(f" changes sign between k = {minus(h)} and k = {minus(hbar)}"),
        ]
    y = draw_runs(
        fig,
        x,
        y + 0.4 * lh,
        width,
        [
            Run("H", bold=True),
            Run(f" = {minus(h)}, "),
            Run("H", bold=True, overline=True),
            Run(f" = {minus(hbar)} ("),
            *where,
            Run("; R43 §5)"),
        ],
        size,
    )
    return draw_runs(
        fig,
        x,
        y,
        width,
        [
            Run("H", bold=True),
            Run("Greedy", bold=True, sub=True),
            Run(f" = {signed_or_zero(int(d['H_Greedy']))} (Theorem 6.1);"),
            Run(" trace", bold=True),
            Run(" T"),
            Run("0", sub=True),
            Run(f" = {signed_or_zero(int(d['trace']))}"),
        ],
        size,
    )


def _draw_stoppers(
    fig: Figure,
    d: dict[str, Any],
    suit: SuitDeal,
    standard: bool,
    x: float,
    top: float,
    width: float,
    size: float,
) -> float:
    """The exit and its stoppers, in the words of the inspector's misère view."""
    holder = Player.parse(str(d["exit"]))
    k = int(d["stoppers"])
    name, other = holder.name.title(), holder.other.name.title()
    lowest = min(suit.west + suit.east)
    mine = sorted(suit.hand(holder))[1:]
    theirs = sorted(suit.hand(holder.other))[1:]
    found = stopper_pairs(suit)  # the comparisons the theory counts
    pairs = found[1] if found is not None else []

    def card(r: int) -> str:
        return rank_text(r, standard=standard, style="paper")

    def cards(rs: list[int]) -> str:
        return " ".join(card(r) for r in sorted(rs, reverse=True))

    shown = (
        ", ".join(f"{card(a)} > {card(b)}" for a, b in sorted(pairs, reverse=True))
        if len(pairs) == k and pairs
        else ""
    )
    y = draw_runs(
        fig,
        x,
        top,
        width,
        [
            Run("Exit:", bold=True),
            Run(
                f" the lowest card, the {card(lowest)}, is {name}'s — an exit for {name} "
                "(strange algebra §7.3)."
            ),
        ],
        size,
    )
    return draw_runs(
        fig,
        x,
        y,
        width,
        [
            Run("Stoppers:", bold=True),
            Run(
                f" without each hand's lowest card, {name}'s {cards(mine) or '—'} against "
                f"{other}'s {cards(theirs) or '—'}: {name} wins at most "
                f"{count(k, 'comparison')} — "
            ),
            Run(count(k, "stopper"), bold=True),
            Run((f" ({shown})" if shown else "") + "."),
        ],
        size,
    )
