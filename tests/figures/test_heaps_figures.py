"""The figure of a position of a game of heaps and piles (figures/heaps.py): a stack of counters
per heap in the order drawn, a pile's blue and red counters in their colours, each stack's size
and element and the sum's, on the page and apart; every format; ``whist render --game G
POSITION`` run as the installed command."""

from __future__ import annotations

import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from tests.figures.helpers import WIDTH, assert_apart, assert_inside, texts
from tests.tools import pdf_text, run_pdflatex
from whistgui.app.heaps import HeapsDocument, theory_view
from whistgui.app.heaps_files import save_heaps
from whistgui.app.heaps_prediction import prediction_bound, quotient_theory_view
from whistgui.engine.errors import NotationError
from whistgui.engine.heaps import HEAP_GAMES, find_heap_game, heap_game_of
from whistgui.engine.heaps.quotient import exact_quotient, quotient_verdict
from whistgui.figures import FigureOptions
from whistgui.figures.backends import FORMATS, write
from whistgui.figures.heaps import (
    BLUE_COUNTER,
    COUNTER,
    HEAPS_VIEWS,
    RED_COUNTER,
    build_heaps_figure,
)
from whistgui.figures.scene import Rect

NAMES = [g.name + (f":{g.example_parameter}" if g.parameter else "") for g in HEAP_GAMES]
SVG = "{http://www.w3.org/2000/svg}"
WHIST = str(Path(sys.executable).parent / "whist")


def counters(fig) -> list[Rect]:  # type: ignore[no-untyped-def]
    return [i for i in fig.items if isinstance(i, Rect) and i.fill is not None]


@pytest.mark.parametrize("name", NAMES)
def test_every_game_s_position_is_drawn_with_its_elements(name):
    doc = HeapsDocument.new(name)
    fig = build_heaps_figure("position", doc, FigureOptions(width=WIDTH))
    assert_inside(fig)
    assert_apart(fig)
    shown = [t.text for t in texts(fig)]
    assert doc.text in " ".join(shown)  # the title, wrapped where long
    view = theory_view(doc)
    if view is None:  # no theory: the exact quotient's prediction where the app makes one
        assert heap_game_of(find_heap_game(doc.game)).theory is None
        bound = prediction_bound(doc)
        if bound is None:
            assert not any(t.startswith("Sum:") for t in shown)
            assert "No theory: search only" in " ".join(shown)
        else:
            view = quotient_theory_view(doc, exact_quotient(doc.rules, bound))
            assert view is not None
    if view is None:
        assert len(counters(fig)) == sum(len(s) for s in doc.stacks)
        return
    for _component, element in view.components:
        assert element in shown
    assert any(f"Sum: {view.total}" in t for t in shown)
    assert len(counters(fig)) == sum(len(s) for s in doc.stacks)


def test_a_pile_s_counters_are_blue_and_red_from_the_bottom_in_the_order_drawn():
    doc = HeapsDocument.new("hackenbush", "BRR B")
    fig = build_heaps_figure("position", doc)
    rects = counters(fig)
    by_column: dict[float, list[Rect]] = {}
    for r in rects:
        by_column.setdefault(round(r.x, 3), []).append(r)
    columns = [by_column[x] for x in sorted(by_column)]
    fills = [[r.fill for r in sorted(col, key=lambda r: -r.y)] for col in columns]
    assert fills == [[BLUE_COUNTER, RED_COUNTER, RED_COUNTER], [BLUE_COUNTER]]
    assert "Blue to move" in [t.text for t in texts(fig)]


def test_heaps_are_drawn_in_the_order_drawn_on_the_board():
    doc = HeapsDocument.new("nim", "6 1 3")
    fig = build_heaps_figure("position", doc)
    heights: dict[float, int] = {}
    for r in counters(fig):
        assert r.fill == COUNTER
        heights[round(r.x, 3)] = heights.get(round(r.x, 3), 0) + 1
    assert [heights[x] for x in sorted(heights)] == [6, 1, 3]


def test_a_tall_stack_is_a_bar_and_the_page_stays_in_proportion():
    doc = HeapsDocument.new("nim", "1000 3")
    fig = build_heaps_figure("position", doc, FigureOptions(width=WIDTH))
    assert len(counters(fig)) < 10  # bars, not a thousand discs
    assert fig.height < 1.2 * WIDTH
    assert_inside(fig)


def test_the_empty_position_and_a_bad_view():
    doc = HeapsDocument.new("nim", "0")
    fig = build_heaps_figure("position", doc)
    assert "(the empty position)" in [t.text for t in texts(fig)]
    with pytest.raises(NotationError, match="view 'table'"):
        build_heaps_figure("table", doc)
    assert list(HEAPS_VIEWS) == ["position", "quotient"]


@pytest.mark.parametrize("fmt", FORMATS)
def test_every_format_writes_a_file(tmp_path: Path, fmt: str) -> None:
    fig = build_heaps_figure("position", HeapsDocument.new("integral-hackenbush", "BBR RB"))
    path = write(fig, tmp_path / f"heaps.{fmt}", dpi=144)
    data = path.read_bytes()
    if fmt == "png":
        assert data.startswith(b"\x89PNG")
    elif fmt == "pdf":
        assert data.startswith(b"%PDF")
    elif fmt == "svg":
        root = ET.fromstring(data.decode("utf-8"))
        words = " ".join(t.text or "" for t in root.iter(f"{SVG}text"))
        assert "1½" in words
        assert BLUE_COUNTER in data.decode("utf-8")
    else:
        text = data.decode("utf-8")
        assert r"\begin{tikzpicture}" in text
        assert "BBR RB" in text


# --------------------------------------------------------------------------- whist render
def whist(*argv: str) -> subprocess.CompletedProcess[str]:
    script = Path(sys.executable).parent / "whist"
    cmd = [str(script)] if script.is_file() else [sys.executable, "-m", "whistgui.cli"]
    return subprocess.run(
        [*cmd, "render", *argv], capture_output=True, text=True, timeout=120, check=False
    )


def test_render_draws_a_position_in_every_format(tmp_path: Path):
    for fmt in FORMATS:
        out = tmp_path / f"nim.{fmt}"
        res = whist("--game", "nim", "6 3 4", "--out", str(out))
        assert res.returncode == 0, res.stderr
        assert res.stdout.strip() == str(out)
        assert out.stat().st_size > 100
    root = ET.fromstring((tmp_path / "nim.svg").read_text(encoding="utf-8"))
    words = [t.text or "" for t in root.iter(f"{SVG}text")]
    assert "Nim: 6 3 4" in words  # in the order drawn, as the stacks stand
    assert {"*6", "*3", "*4"} <= set(words)
    assert "Sum: *1 — nim-sum 1: the next player wins" in words
    pdf = (tmp_path / "nim.pdf").read_bytes()
    box = re.search(rb"/MediaBox\s*\[\s*[-\d.]+\s+[-\d.]+\s+([-\d.]+)", pdf)
    assert box is not None
    assert abs(float(box.group(1)) - WIDTH) < 1  # 120 mm by default


def test_render_takes_a_saved_game_and_standard_output(tmp_path: Path):
    doc = HeapsDocument.new("hackenbush", "BRB R")
    doc = doc.play(doc.moves_to(0, 2)[0])
    path = tmp_path / "g.heaps"
    save_heaps(doc, path)
    res = whist(str(path), "--out", "-", "--format", "svg", "--width", "80mm")
    assert res.returncode == 0, res.stderr
    root = ET.fromstring(res.stdout)
    words = [t.text or "" for t in root.iter(f"{SVG}text")]
    assert "Red to move" in words  # Blue has moved
    assert any("BR R" in w for w in words)


def test_render_s_tikz_of_misere_nim_sets_the_accent_and_the_hats(tmp_path: Path):
    """The TikZ of misère nim compiles to 'Misère nim' and the paper's hats, 3̂ and 1̂ — not
    '[latin small letter e with grave]' and '[combining circumflex accent]'."""
    out = tmp_path / "misere.tex"
    res = whist("--game", "misere-nim", "3 4 6", "--out", str(out))
    assert res.returncode == 0, res.stderr
    tex = out.read_text(encoding="utf-8")
    assert "textsf{[" not in tex  # no character named in words (one it cannot set)
    words = pdf_text(run_pdflatex(tmp_path, out.name))
    lines = [" ".join(line.split()) for line in words.splitlines()]
    assert "Misère nim: 3 4 6" in lines
    for n in "346":
        assert f"{n}\u0302" in lines  # each heap's element, hatted, under its size
    assert any(line.startswith("Sum: 1\u0302 — 1\u0302: nim-sum 1") for line in lines)


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--game", "nim", "3 x"], "heap 'x' in '3 x' is not a number"),
        (["--game", "moore-nim:9", "3"], "'moore-nim:9': K must be a whole number from 2 to 8"),
        (["--game", "hackenbush", "BX"], "pile 'BX' in 'BX' holds 'X'"),
        (["--game", "nim", "3", "--view", "deal"], "--view deal: a game of heaps and piles"),
        (["--game", "nim", "3", "--lead", "E"], "--lead E: a game of heaps and piles has no lead"),
    ],
)
def test_render_refuses_bad_input_in_one_line(tmp_path: Path, argv, message):
    res = whist(*argv, "--out", str(tmp_path / "x.png"))
    assert res.returncode == 2, res.stderr
    assert res.stderr.startswith("whist: error: ")
    assert message in res.stderr
    assert len(res.stderr.strip().splitlines()) == 1
    assert not (tmp_path / "x.png").exists()


# --------------------------------------------------------------------------- misère's hats
def _ink_rows(image_path: Path) -> tuple[list[tuple[int, int]], list[tuple[int, int, int, int]]]:
    """The runs of rows of an image that hold ink, and each run's box (left, top, right,
    bottom) in pixels."""
    from PySide6.QtGui import QImage

    image = QImage(str(image_path))
    assert not image.isNull(), image_path
    rows: list[tuple[int, int]] = []
    boxes: list[tuple[int, int, int, int]] = []
    start = None
    left, right = image.width(), -1
    for y in range(image.height() + 1):
        inked = []
        if y < image.height():
            inked = [x for x in range(image.width()) if image.pixelColor(x, y).lightness() < 160]
        if inked:
            if start is None:
                start, left, right = y, image.width(), -1
            left, right = min(left, inked[0]), max(right, inked[-1])
        elif start is not None:
            rows.append((start, y - 1))
            boxes.append((left, start, right, y - 1))
            start = None
    return rows, boxes


@pytest.mark.parametrize("face", ["dejavu-sans", "latin-modern"])
@pytest.mark.parametrize("italic", [False, True])
@pytest.mark.parametrize("fmt", ["png", "pdf", "svg"])
def test_misere_s_hat_sits_over_its_digit_in_every_format_and_face(
    tmp_path: Path, face: str, italic: bool, fmt: str
) -> None:
    """0̂ and 1̂ carry the answer (1 and 0̂ are P, 0 and 1̂ N): drawn, the hat is over the digit
    and clear of it, no further above it than a quarter of the size — DejaVu Sans drew it
    an em above the line (in the Sum line over the heaps' labels), Latin Modern through the
    digit's top."""
    from tests.tools import require_tool
    from whistgui.figures.fonts import using_font
    from whistgui.figures.layout import text_item
    from whistgui.figures.scene import Figure

    size = 40.0
    with using_font(face):
        fig = Figure(80, 80)
        fig.add(text_item(20, 60, "4\u0302", size, italic=italic))
    path = write(fig, tmp_path / f"hat.{fmt}", dpi=72)
    if fmt == "pdf":
        stem = tmp_path / "hat-pdf"
        subprocess.run(
            [require_tool("pdftoppm"), "-r", "72", "-png", "-singlefile", str(path), str(stem)],
            check=True,
            timeout=60,
        )
        path = stem.with_suffix(".png")
    elif fmt == "svg":
        out = tmp_path / "hat-svg.png"
        subprocess.run(
            [require_tool("rsvg-convert"), "-d", "72", "-p", "72", str(path), "-o", str(out)],
            check=True,
            timeout=60,
        )
        path = out
    rows, boxes = _ink_rows(path)
    assert len(rows) == 2, (rows, "expected the hat, then the digit, apart")
    (hl, _ht, hr, hb), (dl, dt, dr, _db) = boxes
    gap = dt - hb - 1
    assert 0 < gap <= 0.25 * size, (gap, boxes)
    assert hr - hl < dr - dl + 2  # a hat, not a second line of text
    assert dl <= (hl + hr) / 2 <= dr  # over the digit


def test_moore_s_elements_are_vectors_and_the_titles_subscript_k():
    """'11₃' read as a base-3 numeral (4) and titles printed a literal 'nim_3' (issue 26's
    review, C5): an element is the vector of digit sums, the modulus said apart."""
    for game, title in (("moore-nim:3", "Moore's nim₃"), ("comply-constrain-nim:3", "Comply-")):
        doc = HeapsDocument.new(game, "6 3 4")
        shown = [t.text for t in texts(build_heaps_figure("position", doc))]
        assert shown[0].startswith(title)
        assert "_" not in shown[0]
    doc = HeapsDocument.new("moore-nim:3", "6 3 4")
    shown = [t.text for t in texts(build_heaps_figure("position", doc))]
    assert shown[0] == "Moore's nim₃: 6 3 4"
    assert {"(1,1,0)", "(1,1)", "(1,0,0)"} <= set(shown)
    assert any(t.startswith("Sum: (2,2,1) — digit sums (2,2,1) modulo 3") for t in shown)


def test_a_wrapped_line_never_leaves_a_short_token_alone() -> None:
    """'P exactly when it is / 0' was a figure's line break (the nim group's theory): the
    word before comes down with a last token of one to three characters, where both fit."""
    from whistgui.figures.text import ensure_app, measure, wrap

    ensure_app()
    title = registered_theory_title("nim")
    for size in (8.0, 9.0, 10.0):
        for width in range(60, 400, 7):
            lines = wrap(title, size, width)
            assert " ".join(lines) == title  # nothing lost
            last, before = lines[-1], lines[-2] if len(lines) > 1 else ""
            if len(last) <= 3 and " " not in last and " " in before:
                word = before.rsplit(" ", 1)[1]  # left alone only where both do not fit
                assert measure(f"{word} {last}", size) > width


def test_a_wrapped_paragraph_never_ends_on_a_short_tail() -> None:
    """'… P exactly when it / is 0' (issue 26, third review, 4): the rule took one short token
    for a tail, and two short words slipped by. A last line under a fifth of the width takes
    words from the line before while they fit and that line keeps half the width."""
    from whistgui.figures.text import ensure_app, measure, wrap

    ensure_app()
    title = registered_theory_title("nim")
    for size in (8.0, 9.0, 10.0):
        for width in range(60, 520, 7):
            lines = wrap(title, size, width)
            assert " ".join(lines) == title  # nothing lost
            if len(lines) < 2 or measure(lines[-1], size) >= 0.2 * width:
                continue
            head, word = lines[-2].rsplit(" ", 1)  # left short only where a word cannot go
            assert measure(f"{word} {lines[-1]}", size) > width or measure(head, size) < width / 2


def test_the_nim_quotient_figure_has_no_line_of_is_0(tmp_path: Path) -> None:
    """The reviewer's figure: whist render --game nim --view quotient --max-heap 4
    --max-heaps 3 set "is 0" on a line of its own."""
    out = tmp_path / "n.svg"
    argv = ["--game", "nim", "--view", "quotient", "--max-heap", "4", "--max-heaps", "3"]
    done = subprocess.run(
        [WHIST, "render", *argv, "-o", str(out)], capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    shown = _svg_texts(out)
    title = registered_theory_title("nim")
    assert title in " ".join(shown)
    assert "is 0" not in shown
    i = next(i for i, t in enumerate(shown) if t.startswith("theory: "))
    if not shown[i].endswith(title):  # wrapped: its second line is no short tail
        assert len(shown[i + 1]) > 8, shown[i : i + 2]


def registered_theory_title(game: str) -> str:
    from whistgui.engine.heaps.quotient import registered_theory

    theory = registered_theory(find_heap_game(game))
    assert theory is not None
    return theory.title


def _svg_texts(path: Path) -> list[str]:
    root = ET.parse(path).getroot()
    return ["".join(t.itertext()) for t in root.iter(f"{SVG}text")]


def test_a_misere_octal_figure_says_misere_and_what_the_exact_quotient_predicts(tmp_path: Path):
    """whist render --view position of misère 0.77 (issue 26, third review, 1): titled as
    misère, not as normal-play 0.77; each heap's class and the outcome the exact quotient
    predicts (as the app does); a heap past the app's bound: search only, said so."""
    shown = {}
    for game in ("misere-octal:0.77", "octal:0.77"):
        out = tmp_path / f"{game.replace(':', '_')}.svg"
        done = subprocess.run(
            [WHIST, "render", "--game", game, "7 4", "--view", "position", "-o", str(out)],
            capture_output=True,
            text=True,
            timeout=120,
        )
        assert done.returncode == 0, done.stderr
        shown[game] = _svg_texts(out)
    misere, normal = shown["misere-octal:0.77"], shown["octal:0.77"]
    assert misere[0] != normal[0]
    assert "misère" in misere[0]
    assert misere[0].endswith(": 7 4")
    doc = HeapsDocument.new("misere-octal:0.77", "7 4")
    q = exact_quotient(doc.rules, 27)
    for heap in (7, 4):
        assert f"class {q.class_of((heap,))}" in misere
    verdict = quotient_verdict(q, (7, 4))
    joined = " ".join(misere)
    assert f"Sum: class {q.class_of((4, 7))}" in joined
    assert f"({verdict})" in joined
    assert "exact quotient" in joined
    out = tmp_path / "big.svg"
    big = [WHIST, "render", "--game", "misere-octal:0.77", "70 3", "-o", str(out)]
    assert subprocess.run(big, capture_output=True, timeout=120).returncode == 0
    texts_big = " ".join(_svg_texts(out))
    assert "No theory: search only" in texts_big
    assert "Sum:" not in texts_big
