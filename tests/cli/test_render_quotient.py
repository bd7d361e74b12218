"""`whist render --game G --view quotient` (issue 26): the multiplication table of a game's
quotient monoid drawn, run as a process — the file written in each format, its text the
engine's classes and table (compared with exact_quotient / heap_quotient, not typed numbers),
the bounds of a .heaps file used, and bad bounds refused in one line that says why."""

from __future__ import annotations

import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from whistgui.app.heaps import HeapsDocument
from whistgui.app.heaps_files import save_heaps
from whistgui.app.heaps_quotient import QuotientBounds, class_is_p
from whistgui.engine.heaps import find_heap_game
from whistgui.engine.heaps.quotient import exact_quotient, heap_quotient

EXIT_BAD_INPUT = 2


def whist(*argv: str) -> subprocess.CompletedProcess[str]:
    script = Path(sys.executable).parent / "whist"
    cmd = [str(script)] if script.is_file() else [sys.executable, "-m", "whistgui.cli"]
    return subprocess.run([*cmd, *argv], capture_output=True, text=True, timeout=120, check=False)


def svg_texts(path: Path) -> list[str]:
    root = ET.parse(path).getroot()
    return ["".join(t.itertext()) for t in root.iter() if t.tag.endswith("text")]


def table_cells(texts: list[str], n: int) -> list[str]:
    """The grid's numbers as drawn: the headers (each column's with its row's), then each
    row's entries."""
    digits = [t for t in texts if re.fullmatch(r"\d+|–", t)]  # – : in no class found
    return digits[: 2 * n + n * n]


def test_the_exact_table_of_misere_0_123_is_the_engine_s(tmp_path: Path) -> None:
    out = tmp_path / "t.svg"
    r = whist("render", "--game", "misere-octal:0.123", "--view", "quotient", "--max-heap", "9",
              "--exact", "-o", str(out))  # fmt: skip
    assert r.returncode == 0, r.stderr
    assert r.stdout.strip() == str(out)
    rules = find_heap_game("misere-octal:0.123")
    q = exact_quotient(rules, 9)
    texts = svg_texts(out)
    n = len(q.classes)
    assert any(f"{n} classes" in t for t in texts)
    cells = table_cells(texts, n)
    assert cells[2 * n :] == [str(v) for row in q.table for v in row]
    for c in q.classes:  # each class listed with its outcome and smallest representative
        line = f"{c.index}: {'P' if class_is_p(rules, c) else 'N'} — {rules.text(c.representative)}"
        assert any(t.startswith(line) for t in texts), line


@pytest.mark.parametrize("fmt", ["pdf", "png", "tex"])
def test_every_format_is_written(tmp_path: Path, fmt: str) -> None:
    out = tmp_path / f"t.{fmt}"
    r = whist("render", "--game", "end-nim", "--view", "quotient", "--max-heap", "2",
              "--max-heaps", "2", "-o", str(out))  # fmt: skip
    assert r.returncode == 0, r.stderr
    data = out.read_bytes()
    magic = {"pdf": b"%PDF", "png": b"\x89PNG", "tex": b"\\documentclass"}[fmt]
    assert data.startswith(magic)
    if fmt == "tex":  # End-nim's table is u · v; the grid and the classes are the engine's
        rules = find_heap_game("end-nim")
        q = heap_quotient(rules, 2, 2)
        text = data.decode()
        assert r"class of u \ensuremath{\cdot}" in text
        cells = re.findall(r"\\wgfit\{[\d.]+pt\}\{(\d+|--)\}", text)  # an en dash: no class
        n = len(q.classes)
        flat = ["--" if v is None else str(v) for row in q.table for v in row]
        assert None in q.table[1]  # a product beyond the positions classed, shown so
        assert cells[2 * n : 2 * n + n * n] == flat
        for c in q.classes:
            assert f"{{{c.index}: {c.verdict} --- {rules.text(c.representative)}" in text


def test_the_bounds_of_a_heaps_file_are_used(tmp_path: Path) -> None:
    path = tmp_path / "g.heaps"
    save_heaps(HeapsDocument.new("nim", "1 2").with_quotient(QuotientBounds(2, 2)), path)
    out = tmp_path / "t.svg"
    r = whist("render", str(path), "--view", "quotient", "-o", str(out))
    assert r.returncode == 0, r.stderr
    q = heap_quotient(find_heap_game("nim"), 2, 2)
    texts = svg_texts(out)
    assert any(t.startswith(f"{len(q.positions):,} positions of at most 2 heaps") for t in texts)
    n = len(q.classes)
    assert table_cells(texts, n)[2 * n :] == [str(v) for row in q.table for v in row]


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (["--game", "nim", "--max-heap", "30", "--max-heaps", "8"], "more than 20,000"),
        (["--game", "nim", "--max-heap", "3", "--exact"], "the exact quotient is for impartial"),
        (["--game", "nim", "--max-heaps", "2"], "expected --max-heap K and --max-heaps M"),
        (["--game", "hackenbush", "--max-heap", "5", "--max-heaps", "3"], "3 piles of at most"),
        (["--game", "octal:0.07", "--max-heap", "3", "--exact", "--tests", "2"], "--exact"),
    ],
)
def test_bad_bounds_are_refused_in_one_line(tmp_path: Path, argv: list[str], said: str) -> None:
    out = tmp_path / "t.svg"
    r = whist("render", "--view", "quotient", *argv, "-o", str(out))
    assert r.returncode == EXIT_BAD_INPUT
    assert said in r.stderr
    assert len(r.stderr.strip().splitlines()) == 1
    assert not out.exists()


def test_bounds_are_for_the_quotient_view_only(tmp_path: Path) -> None:
    r = whist("render", "--game", "nim", "3 4", "--max-heap", "3", "-o", str(tmp_path / "t.svg"))
    assert r.returncode == EXIT_BAD_INPUT
    assert "--max-heap is for --view quotient" in r.stderr
    r = whist("render", "--game", "nim", "-o", str(tmp_path / "t.svg"))  # a position is needed
    assert r.returncode == EXIT_BAD_INPUT
    assert "expected its POSITION" in r.stderr


@pytest.mark.parametrize(
    ("game", "symbols"),
    [
        ("nim", ["⊕Z"]),  # the theory's ⊕Z₂, not "[circled plus]"
        ("misere-nim", ["⊂ nim group", "elements 2\u0302", "elements 0\u0302", "1 and 0\u0302"]),
        ("moore-nim:3", ["⊕Z", "elements (1,0,1)"]),
    ],
)
def test_the_quotient_in_tikz_sets_the_theory_s_symbols_in_latex(
    tmp_path: Path, game: str, symbols: list[str]
) -> None:
    from tests.tools import pdf_text, run_pdflatex

    out = tmp_path / "q.tex"
    r = whist("render", "--game", game, "--view", "quotient", "--max-heap", "4",
              "--max-heaps", "3", "--out", str(out))  # fmt: skip
    assert r.returncode == 0, r.stderr
    tex = out.read_text(encoding="utf-8")
    assert "textsf{[" not in tex  # no character named in words (one LaTeX is not given)
    assert "textasciicircum" not in tex  # misère nim's hats as hats, not "2^"
    words = " ".join(pdf_text(run_pdflatex(tmp_path, out.name)).split())
    for s in symbols:
        assert s in words, s


def test_hackenbush_s_quotient_is_drawn(tmp_path: Path) -> None:
    out = tmp_path / "h.svg"
    r = whist("render", "--game", "hackenbush", "--view", "quotient", "--max-heap", "2",
              "--max-heaps", "2", "-o", str(out))  # fmt: skip
    assert r.returncode == 0, r.stderr
    rules = find_heap_game("hackenbush")
    q = heap_quotient(rules, 2, 2)
    n = len(q.classes)
    texts = svg_texts(out)
    assert any(f"{n} classes" in t for t in texts)
    assert table_cells(texts, n)[2 * n :] == [
        "–" if v is None else str(v) for row in q.table for v in row
    ]
