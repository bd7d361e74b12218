"""The Single Suits rows written out (issue 25): CSV that reads back as the rows, a LaTeX
tabular that LaTeX sets, whole or not at all, in bounded memory."""

from __future__ import annotations

import csv
import os
import shutil
from pathlib import Path

import numpy as np
import pytest

from tests.bounded import run_bounded
from tests.lab_cells import row_cells
from tests.tools import pdf_text, run_pdflatex
from whistgui.app.files import DocumentError
from whistgui.app.lab import LabRow, lab_table
from whistgui.app.lab_columns import pattern_texts
from whistgui.app.lab_export import PAGE_ROWS, export_rows
from whistgui.engine import Cancelled


def _cells(row: LabRow) -> list[str]:
    """A row's CSV cells: the window's, with the suit's W/E text after the suit."""
    suit, *rest = row_cells(row)
    return [suit, row.pattern[::-1], *rest]


def test_csv_reads_back_as_the_rows_in_their_order(tmp_path: Path) -> None:
    table = lab_table(3, 7)
    rng = np.random.default_rng(25)
    rows = rng.permutation(len(table))[:3000].astype(np.intp)  # any subset, any order
    seen: list[tuple[int, int]] = []
    path = export_rows(
        table, rows, tmp_path / "rows.csv", "csv", progress=lambda d, t: seen.append((d, t))
    )
    with path.open(newline="", encoding="utf-8") as f:
        lines = list(csv.reader(f))
    assert lines[0][:3] == ["Suit", "W/E", "n"]
    assert lines[0][7:10] == ["T₀", "H", "H̄"]
    assert lines[1:] == [_cells(table.row(int(i))) for i in rows]
    assert path.read_bytes().count(b"\r\n") == 3001  # RFC 4180 line ends
    assert seen[-1] == (3000, 3000)


def test_the_w_e_texts_are_who_holds_each_card_from_the_top() -> None:
    table = lab_table(1, 8)
    rows = np.arange(len(table), dtype=np.intp)
    assert pattern_texts(table, rows) == [table.pattern(int(i))[::-1] for i in rows]


def _latex(tmp_path: Path, table_file: Path) -> str:
    """``table_file`` set by pdflatex in an article; the text pdftotext reads back."""
    doc = tmp_path / "doc.tex"
    doc.write_text(
        "\\documentclass{article}\n\\usepackage[a3paper,landscape,margin=1cm]{geometry}\n"
        f"\\begin{{document}}\n\\tiny\n\\input{{{table_file.name}}}\n\\end{{document}}\n",
        encoding="utf-8",
    )
    return pdf_text(run_pdflatex(tmp_path, doc.name), "-layout")


@pytest.mark.skipif(shutil.which("pdflatex") is None, reason="needs pdflatex and pdftotext")
def test_the_latex_table_is_set_by_latex(tmp_path: Path) -> None:
    table = lab_table(2, 7)
    # rows that start with [ (a suit of 7 cards), braces of every kind, ε, ½, H̄, negatives
    rows = np.array([*range(len(table) - 40, len(table)), 0, 5, 30, 100], dtype=np.intp)
    path = export_rows(table, rows, tmp_path / "rows.tex", "tex", comment="a test\nof two lines")
    tex = path.read_text(encoding="utf-8")
    assert tex.startswith("% a test\n% of two lines\n% The columns:\n")
    assert tex.count(" \\\\\n") == len(rows) + 1  # a line a row and the header's
    assert "longtable" not in tex  # fits a page
    text = _latex(tmp_path, path)
    first = table.row(int(rows[0]))
    assert first.suit in text  # "[…]" set, not taken as \\'s optional argument
    assert "exit for West, unprotected" in text
    assert "ε" in text  # \varepsilon set as the letter
    assert text.count("West / West") == sum(
        table.row(int(i)).five_card == ("West", "West") for i in rows
    )


def test_a_long_latex_table_says_how_to_make_it_a_longtable(tmp_path: Path) -> None:
    table = lab_table(5)
    path = export_rows(table, np.arange(PAGE_ROWS + 1, dtype=np.intp), tmp_path / "t.tex", "tex")
    head = path.read_text(encoding="utf-8").splitlines()[0]
    assert head.startswith(f"% {PAGE_ROWS + 1} rows: a tabular does not break across pages")
    assert "\\usepackage{longtable}" in head


def test_a_stopped_export_leaves_the_old_file_and_no_temporary(tmp_path: Path) -> None:
    table = lab_table(9)  # 48,620 rows: three blocks
    path = tmp_path / "rows.csv"
    path.write_text("old\n", encoding="utf-8")
    calls = iter(range(10**6))

    def stop() -> bool:
        return next(calls) >= 1  # the second block

    with pytest.raises(Cancelled):
        export_rows(table, np.arange(len(table), dtype=np.intp), path, "csv", should_stop=stop)
    assert path.read_text(encoding="utf-8") == "old\n"
    assert sorted(os.listdir(tmp_path)) == ["rows.csv"]


def test_a_file_that_cannot_be_written_is_named(tmp_path: Path) -> None:
    table = lab_table(3)
    rows = np.arange(len(table), dtype=np.intp)
    with pytest.raises(DocumentError, match=r"'.*missing/rows.csv' could not be written: .*"):
        export_rows(table, rows, tmp_path / "missing" / "rows.csv", "csv")
    with pytest.raises(DocumentError, match="expected one of csv, tex"):
        export_rows(table, rows, tmp_path / "rows.pdf", "pdf")  # type: ignore[arg-type]


def test_memory_does_not_grow_with_the_rows_written() -> None:
    """n = 10 (184,756 suits, a 30 MB CSV) written in blocks: the peak after the export is
    within a few MB of the peak with the table made (all the rows held as text: ~150 MB)."""
    code = """
import re
import numpy as np
from whistgui.app.lab import lab_table
from whistgui.app.lab_export import export_rows

def peak():
    with open("/proc/self/status") as f:
        return int(re.search(r"VmHWM:\\s*([0-9]+)", f.read()).group(1)) / 1024

table = lab_table(10)
rows = np.arange(len(table), dtype=np.intp)
export_rows(table, rows[:100], "{tmp}/warm.csv", "csv")  # the code paths touched
before = peak()
path = export_rows(table, rows, "{tmp}/all.csv", "csv")
import os
print(before, peak(), os.path.getsize(path) / 2**20)
"""
    import tempfile

    with tempfile.TemporaryDirectory() as tmp:
        done = run_bounded(code.replace("{tmp}", tmp), memory_mb=400, timeout=120)
        assert done.returncode == 0, done.describe()
        before, after, size = map(float, done.stdout.split()[-3:])
    assert size > 25  # the file is large …
    assert after - before < 20, done.describe()  # … the memory is not


def _plain(header: str) -> str:
    """A LaTeX header as the window writes it."""
    return header.replace("$", "").replace("T_0", "T₀").replace("\\bar{H}", "H̄")


def test_the_exports_headers_are_the_windows_words_each_explained(tmp_path: Path) -> None:
    """The window's "Whist h" and the LaTeX "Whist $h$" were an unexplained abbreviation, and
    the exports' W/E column was explained nowhere (issue 25's review, F4, F15): the CSV's and
    the LaTeX table's headers are the window's, in words, and the LaTeX file says what each
    column is."""
    import re

    from whistgui.app.lab_columns import COLUMNS

    table = lab_table(2, 3)
    rows = np.arange(len(table), dtype=np.intp)
    with export_rows(table, rows, tmp_path / "r.csv", "csv").open(newline="") as f:
        head = next(csv.reader(f))
    assert head == ["Suit", "W/E", *(title for title, _tip in COLUMNS[1:])]  # the window's
    lines = export_rows(table, rows, tmp_path / "r.tex", "tex").read_text().splitlines()
    start = lines.index("\\hline")
    assert [_plain(h) for h in lines[start + 1].removesuffix(" \\\\").split(" & ")] == head
    lone_letter = re.compile(r"(?<!\S)[a-z](?!\S)")  # a variable for a name: "Whist h"
    assert [h for h in head if h != "n" and lone_letter.search(h)] == []
    notes = {line.split(":")[0].strip("% ") for line in lines[:start] if line.startswith("%   ")}
    assert notes == set(head)
    assert any("W/E: the suit as who holds each card" in line for line in lines[:start])
