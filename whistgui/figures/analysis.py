"""The analysis table: each suit with its value (or another game's element), what it is and
what it alone gives with each lead; the sum and what it predicts, or the exact outcome by
search; the summary sentence. Long words wrap; nothing is cut."""

from __future__ import annotations

from whistgui.app.analysis import AnalysisResult, game_label, is_whist, outcome_words, result_text
from whistgui.engine import Player
from whistgui.engine.trick.cards import suit_symbol
from whistgui.engine.trick.rules import Result
from whistgui.figures.deal import RED
from whistgui.figures.layout import Cell, Column, Table, paragraph
from whistgui.figures.scene import Figure
from whistgui.figures.text import line_height

__all__ = ["analysis_table", "build_analysis", "draw_analysis"]


def _short(r: Result) -> str:
    return r.name.title() if isinstance(r, Player) else result_text(r)


def analysis_table(result: AnalysisResult, size: float) -> Table:
    """The suits' table of ``result``."""
    whist = is_whist(result.game)
    table = Table(
        [
            Column("Suit", "center"),
            Column("Cards", "left", wrap=True),
            Column("Value" if whist else "Element", "center"),
            Column("What it is", "left", wrap=True),
            Column("W leads", "center"),
            Column("E leads", "center"),
        ],
        size=size,
    )
    for row in result.rows:
        sym = suit_symbol(row.name)
        table.add_row(
            Cell(sym, colour=RED if sym in "♥♦" else "#000000"),
            row.text,
            row.value.pretty() if row.value is not None else "—",
            row.words,
            _short(row.outcome.west_lead) if row.outcome else "",
            _short(row.outcome.east_lead) if row.outcome else "",
        )
    return table


def _total_text(r: AnalysisResult) -> list[tuple[str, str]]:
    """(label, text) lines under the table."""

    def leads(o: object) -> str:
        from whistgui.engine import Outcome

        assert isinstance(o, Outcome)
        if not r.game.counts_tricks:
            return outcome_words(o)
        return f"West on lead {result_text(o.west_lead)}, East on lead {result_text(o.east_lead)}"

    what = "Sum of values" if is_whist(r.game) else "Sum of elements"
    if r.total is not None and r.predicted is not None:
        return [(f"{what}:", r.total.pretty()), ("Predicted:", leads(r.predicted))]
    if r.exact is not None:
        return [("Exact search:", leads(r.exact))]
    return []


def draw_analysis(fig: Figure, r: AnalysisResult, x: float, top: float, width: float) -> float:
    """The analysis of ``r`` drawn at ``(x, top)`` in ``width`` points; returns its bottom."""
    size = fig.font_size
    lh = line_height(size)
    y = top
    if not is_whist(r.game):
        y = paragraph(fig, x, y, width, f"{game_label(r.game)}", size, bold=True) + lh * 0.2
    y = analysis_table(r, size).draw(fig, x, y, width) + lh * 0.4
    for label, text in _total_text(r):
        y = paragraph(fig, x, y, width, f"{label} {text}", size)
    y = paragraph(fig, x, y + lh * 0.2, width, r.summary, size, italic=True)
    return y


def build_analysis(r: AnalysisResult, width: float, size: float = 9.0) -> Figure:
    """The analysis of ``r`` as a figure ``width`` points wide."""
    fig = Figure(width, 0, title=f"Analysis of {r.document.deal}", font_size=size)
    margin = size
    bottom = draw_analysis(fig, r, margin, margin, width - 2 * margin)
    fig.height = bottom + margin
    return fig
