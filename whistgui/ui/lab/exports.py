"""Export from the Single Suits window: the rows listed (the filter's, in the order shown) as
CSV or as a LaTeX table, written on the engine service by :func:`whistgui.app.lab_export.
export_rows` (blocks of rows to a temporary file: bounded memory, progress, cancel, nothing
half-written), and the plots as figures (:class:`~whistgui.ui.widgets.figure_dialog.
FigureSource`, drawn by :mod:`whistgui.figures.lab` from what the plots show)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Final, Literal

from PySide6.QtCore import Qt

from whistgui import __version__
from whistgui.app.lab_columns import COLUMNS
from whistgui.app.lab_export import export_rows
from whistgui.app.lab_plots import filter_text
from whistgui.figures import FigureOptions
from whistgui.figures.lab import LAB_VIEWS, build_lab_figure
from whistgui.figures.scene import Figure
from whistgui.ui.engine_service import JobContext, ViewWork
from whistgui.ui.lab.plots import LabPlots
from whistgui.ui.lab.suit_model import SuitTableModel
from whistgui.ui.widgets.figure_dialog import FigureSource

__all__ = [
    "EXPORT_CHANNEL",
    "FILE_FILTERS",
    "KIND_NAMES",
    "RowExport",
    "default_stem",
    "figure_source",
    "ns_text",
    "rows_comment",
]

#: The channel of the jobs that write the rows.
EXPORT_CHANNEL: Final = "lab-export"
#: The file dialog's filter for each kind.
FILE_FILTERS: Final = {"csv": "CSV file (*.csv)", "tex": "LaTeX table (*.tex)"}
#: What the progress line calls each kind.
KIND_NAMES: Final = {"csv": "CSV", "tex": "a LaTeX table"}


def ns_text(ns: tuple[int, ...]) -> str:
    """``(6,)`` or ``(6, 6)`` → "n = 6", ``(1, …, 10)`` → "n = 1–10"."""
    return f"n = {ns[0]}" if ns[0] == ns[-1] else f"n = {ns[0]}–{ns[-1]}"


def default_stem(model: SuitTableModel) -> str:
    """A file name (no suffix) for what the model lists: ``single-suits-n8``,
    ``single-suits-n5-9-filtered``."""
    table = model.table
    ns = table.ns if table is not None else (0,)
    span = f"n{ns[0]}" if ns[0] == ns[-1] else f"n{ns[0]}-{ns[-1]}"
    return f"single-suits-{span}" + ("-filtered" if model.words else "")


def rows_comment(model: SuitTableModel) -> str:
    """What the rows are, for the head of a LaTeX table: how many of how many suits of which
    n, the filter, the order, the program."""
    table = model.table
    total = model.total
    shown = model.rowCount()
    what = f"{total:,} suits" if shown == total else f"{shown:,} of {total:,} suits"
    if table is not None:
        what += f" of {ns_text(table.ns)} cards a hand"
    if model.words:
        what += f" {filter_text(model.words)}"
    column, order = model.sorting
    if 0 <= column < len(COLUMNS):
        way = "ascending" if order == Qt.SortOrder.AscendingOrder else "descending"
        what += f", sorted by {COLUMNS[column][0]}, {way}"
    return f"Single suits: {what}.\nWritten by whistgui {__version__}."


@dataclass(eq=False)
class RowExport:
    """An export under way. ``fraction`` is written by the job (on the engine's thread) and
    read by the window's timer: a float, so no lock is needed."""

    path: Path
    kind: Literal["csv", "tex"]
    rows: int
    job: int = 0
    fraction: float = 0.0

    @property
    def what(self) -> str:
        rows = f"{self.rows:,} row" + ("" if self.rows == 1 else "s")
        return f"{rows} as {KIND_NAMES[self.kind]} to {self.path.name}"

    @classmethod
    def submit(
        cls, work: ViewWork, model: SuitTableModel, path: Path, kind: Literal["csv", "tex"]
    ) -> RowExport:
        """Write the rows ``model`` lists now (a copy of their numbers: the filter may change
        meanwhile) to ``path`` on the engine service, the job owned by ``work`` (the window's:
        closing it stops the export)."""
        table = model.table
        if table is None:
            raise ValueError("no table to export")
        rows = model.shown_rows().copy()
        comment = rows_comment(model)
        export = cls(path, kind, len(rows))

        def job(ctx: JobContext) -> Path:
            def progress(done: int, total: int) -> None:
                export.fraction = done / total if total else 1.0
                ctx.report(f"{done:,} of {total:,} rows written")

            return export_rows(
                table,
                rows,
                path,
                kind,
                comment=comment,
                should_stop=ctx.should_stop,
                progress=progress,
            )

        export.job = work.submit(
            EXPORT_CHANNEL, job, label=f"Single suits, {export.what}", tag=export
        )
        return export


def figure_source(plots: LabPlots) -> FigureSource | None:
    """Export Figure's source for the plots as they are now (what they show is copied: the
    filter may change while the dialog is open); None when nothing is listed."""
    model = plots.model
    if model.table is None:
        return None
    distribution, growth = plots.distribution(), plots.growth()

    def build(view: str, options: FigureOptions) -> Figure:
        return build_lab_figure(view, distribution, growth, options.width, options.font_size)

    return FigureSource(LAB_VIEWS, build, default_stem(model), "values", key="labFigure")
