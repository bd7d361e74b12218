r"""The Single Suits rows written out, Qt-free: the rows a window lists (filtered, in its order)
as CSV or as a LaTeX ``tabular``.

CSV (RFC 4180, UTF-8, CRLF line ends): a header line and one line a suit — the suit in the
paper's notation, its W/E text (who holds each card from the highest down), then every column
as the window shows it (``1½``, ``(W, 2 − ε₀)``, ``3 / 4``). LaTeX: a ``tabular`` that needs no
package beyond LaTeX itself — a comment saying what it lists, the headers in the paper's symbols
(:math:`T_0`, :math:`\bar{H}`), values and labeled values in math mode
(:func:`~whistgui.engine.games.whist.latex.value_latex`), every text escaped.

Both are written in blocks of :data:`BLOCK` rows to a temporary file beside the target, renamed
over it when whole: memory stays bounded whatever the number of rows (705,432 for n = 11), a
job can be stopped between blocks (``should_stop``: :class:`~whistgui.engine.Cancelled`, nothing
left behind), and a file that cannot be written is a
:class:`~whistgui.app.files.DocumentError` naming it.

>>> import io
>>> from whistgui.app.lab import lab_table
>>> t = lab_table(2)
>>> out = io.StringIO()
>>> write_csv_rows(t, np.array([4, 0]), out)
>>> head, aq, qj = csv.reader(io.StringIO(out.getvalue()))
>>> head[:5], aq[:4]
(['Suit', 'W/E', 'n', 'Value', 'Kind'], ['AQ/KJ', 'WEWE', '2', '1½'])
>>> aq[5:7], qj[4]
(['(W, 1 + ε₀)', '(W, 2 − ε₀)'], 'exit for West, unprotected')
>>> qj[-4:]
['H = H̄', '0 / 0', '0 / 0', 'East / East']
>>> out = io.StringIO()
>>> write_latex_rows(t, np.array([4]), out, comment="the suit AQ/KJ")
>>> lines = out.getvalue().splitlines()
>>> lines[:2]
['% the suit AQ/KJ', '% The columns:']
>>> lines[3]
'%   W/E: the suit as who holds each card from the highest down (W West, E East)'
>>> start = lines.index('\\begin{tabular}{lllllllrrrlccc}')
>>> lines[start + 2].split(' & ')[7:11], lines[-2:]
(['$T_0$', '$H$', '$\\bar{H}$', 'Whist from'], ['\\hline', '\\end{tabular}'])
>>> lines[start + 4].split(' & ')[:5]
['{AQ/KJ}', 'WEWE', '2', '$1\\frac{1}{2}$', 'number; the outcome depends on the lead']
"""

from __future__ import annotations

import csv
import os
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import IO, Final, Literal

import numpy as np
import numpy.typing as npt

from whistgui.app.files import DocumentError, remove_stale_temporaries, replacing
from whistgui.app.lab import LabTable
from whistgui.app.lab_columns import (
    COLUMNS,
    LATEX_HEADERS,
    SUIT,
    WE_COLUMN,
    columns,
    latex_cell,
    pattern_texts,
)
from whistgui.engine.errors import Cancelled

__all__ = [
    "BLOCK",
    "COLUMN_NOTES",
    "EXPORT_KINDS",
    "PAGE_ROWS",
    "export_rows",
    "write_csv_rows",
    "write_latex_rows",
]

Rows = npt.NDArray[np.intp]
#: ``progress(done, total)``: rows written so far, of all.
Progress = Callable[[int, int], None]
#: Rows put together at once (and ``should_stop`` polled between).
BLOCK: Final = 1 << 14
#: Rows of a tabular that fit a page (at 10 pt on A4, about 50): beyond, the file says how to
#: make it a longtable.
PAGE_ROWS: Final = 45
#: What :func:`export_rows` writes, by its file's suffix.
EXPORT_KINDS: Final = {"csv": "CSV (comma-separated values)", "tex": "LaTeX table"}
#: The CSV's headers: the Suit column twice (the paper's notation, then W/E), then the others.
_CSV_HEADERS: Final = ("Suit", WE_COLUMN[0], *(title for title, _tip in COLUMNS[1:]))
#: What each column of an export is (a LaTeX file says so in its head).
COLUMN_NOTES: Final = (
    ("Suit", "the suit in the paper's notation, West's cards / East's cards"),
    WE_COLUMN,
    *COLUMNS[1:],
)
#: The tabular's columns: the suit and its W/E text left, numbers right, pairs centred.
_LATEX_SPEC: Final = "lllllllrrrlccc"


def _cells(
    table: LabTable, rows: Rows, *, latex: bool, should_stop: Callable[[], bool] | None = None
) -> Iterator[tuple[int, list[tuple[str, ...]]]]:
    """Blocks of rows, each a list of rows of cells: the suit, its W/E text, then every
    column but Suit (as the window writes them, or their LaTeX)."""
    others = [c for i, c in sorted(columns(table).items()) if i != SUIT]
    texts = [np.array(c.latex if latex else c.texts, dtype=object) for c in others]
    for start in range(0, len(rows), BLOCK):
        if should_stop is not None and should_stop():
            raise Cancelled(f"stopped after {start:,} of {len(rows):,} rows")
        block = rows[start : start + BLOCK]
        suits = [table.suit_text(int(i)) for i in block.tolist()]
        if latex:
            suits = [latex_cell(s) for s in suits]
        cells = [suits, pattern_texts(table, block)]
        cells += [t[c.indexes(block)].tolist() for t, c in zip(texts, others, strict=True)]
        yield start, list(zip(*cells, strict=True))


def write_csv_rows(
    table: LabTable,
    rows: Rows,
    out: IO[str],
    *,
    should_stop: Callable[[], bool] | None = None,
    progress: Progress | None = None,
) -> None:
    """``rows`` of ``table`` (table rows, in the order to write) as CSV to ``out`` (opened
    with ``newline=''``)."""
    writer = csv.writer(out)
    writer.writerow(_CSV_HEADERS)
    for start, block in _cells(table, rows, latex=False, should_stop=should_stop):
        writer.writerows(block)
        if progress is not None:
            progress(start + len(block), len(rows))


def write_latex_rows(
    table: LabTable,
    rows: Rows,
    out: IO[str],
    *,
    comment: str = "",
    should_stop: Callable[[], bool] | None = None,
    progress: Progress | None = None,
) -> None:
    """``rows`` of ``table`` as a LaTeX ``tabular`` to ``out``, after ``comment`` (its
    lines written as ``%`` comments); more rows than a page holds, a comment says how to make
    it a ``longtable``; then what each column is (:data:`COLUMN_NOTES`)."""
    lines = comment.splitlines()
    if len(rows) > PAGE_ROWS:
        lines.append(
            f"{len(rows):,} rows: a tabular does not break across pages; for a table over "
            "pages, \\usepackage{longtable} and write longtable for tabular (both ends)."
        )
    lines.append("The columns:")
    lines += [f"  {title}: {what}" for title, what in COLUMN_NOTES]
    for line in lines:
        out.write(f"% {line}\n")
    out.write(f"\\begin{{tabular}}{{{_LATEX_SPEC}}}\n\\hline\n")
    headers = (LATEX_HEADERS[SUIT], WE_COLUMN[0], *LATEX_HEADERS[SUIT + 1 :])
    out.write(" & ".join(headers) + " \\\\\n\\hline\n")
    for start, block in _cells(table, rows, latex=True, should_stop=should_stop):
        out.write("".join(" & ".join(cells) + " \\\\\n" for cells in block))
        if progress is not None:
            progress(start + len(block), len(rows))
    out.write("\\hline\n\\end{tabular}\n")


def export_rows(
    table: LabTable,
    rows: Rows,
    path: str | os.PathLike[str],
    kind: Literal["csv", "tex"],
    *,
    comment: str = "",
    should_stop: Callable[[], bool] | None = None,
    progress: Progress | None = None,
) -> Path:
    """Write ``rows`` of ``table`` to ``path`` as ``kind`` (:data:`EXPORT_KINDS`), whole or
    not at all: a temporary file beside it, renamed over it when written. ``comment``: what
    the rows are, at the head of a LaTeX file. :class:`~whistgui.engine.Cancelled` (the
    temporary file removed, an old file at ``path`` untouched) when ``should_stop`` says so;
    :class:`~whistgui.app.files.DocumentError` naming the file if it cannot be written."""
    if kind not in EXPORT_KINDS:
        raise DocumentError(f"{kind!r} is not a kind of export; expected one of csv, tex")
    name = os.fspath(path)
    with replacing(name, keep_mode=False, verb="written") as f:
        if kind == "csv":
            write_csv_rows(table, rows, f, should_stop=should_stop, progress=progress)
        else:
            write_latex_rows(
                table, rows, f, comment=comment, should_stop=should_stop, progress=progress
            )
    remove_stale_temporaries(name)
    return Path(name)
