"""``whist render`` as an author uses it: every view, the format by the extension or by
``--format``, a width and a font size, a .whist file, and clear refusals."""

from __future__ import annotations

import json
import re
import subprocess
import sys
import xml.etree.ElementTree as ET

import pytest

from whistgui.app.document import Document, save
from whistgui.engine import Deal, Player

DEAL = "KJ/AQ A/K K/A"  # the paper's (15)


def whist(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "whistgui.cli", "render", *args],
        capture_output=True,
        text=True,
        check=False,
        timeout=120,
    )


def media_box_width(pdf: bytes) -> float:
    box = re.search(rb"/MediaBox\s*\[\s*[-\d.]+\s+[-\d.]+\s+([-\d.]+)", pdf)
    assert box is not None
    return float(box.group(1))


@pytest.mark.parametrize(
    ("view", "needle"),
    [
        ("deal", "West (on lead):"),
        ("analysis", "What it is"),
        ("table", "K J"),
        ("matrix", "maxmin"),
        ("numberline", "val(D)"),
        ("tree", "KJ/AQ"),
        ("play", "♥A"),
    ],
)
def test_every_view_as_svg(tmp_path, view, needle):
    out = tmp_path / f"{view}.svg"
    res = whist(DEAL, "--view", view, "--out", str(out))
    assert res.returncode == 0, res.stderr
    assert res.stdout.strip() == str(out)
    root = ET.fromstring(out.read_text(encoding="utf-8"))
    words = " ".join(t.text or "" for t in root.iter("{http://www.w3.org/2000/svg}text"))
    assert needle in words


@pytest.mark.parametrize("width", ["120mm", "80mm", "5in"])
def test_the_pdf_is_as_wide_as_asked(tmp_path, width):
    from whistgui.figures import parse_length

    out = tmp_path / "f.pdf"
    res = whist(DEAL, "--width", width, "--out", str(out))
    assert res.returncode == 0, res.stderr
    assert media_box_width(out.read_bytes()) == round(parse_length(width))


def test_format_overrides_the_extension_and_dpi_sets_the_png_size(tmp_path):
    from PySide6.QtGui import QImage

    out = tmp_path / "figure.out"
    res = whist(DEAL, "--view", "deal", "--format", "png", "--dpi", "150", "-o", str(out))
    assert res.returncode == 0, res.stderr
    svg = tmp_path / "f.svg"
    whist(DEAL, "--view", "deal", "--out", str(svg))
    width_pt = float(ET.fromstring(svg.read_text()).get("width").removesuffix("pt"))
    image = QImage(str(out), "PNG")
    assert abs(image.width() - width_pt * 150 / 72) <= 1


def test_a_larger_font_makes_a_taller_figure(tmp_path):
    heights = []
    for size in ("8pt", "12pt"):
        out = tmp_path / f"{size}.svg"
        assert whist(DEAL, "--font-size", size, "--out", str(out)).returncode == 0
        heights.append(float(ET.fromstring(out.read_text()).get("height").removesuffix("pt")))
    assert heights[1] > heights[0] * 1.3


def test_a_whist_file_is_drawn_with_its_title_lead_and_game(tmp_path):
    doc = Document.from_deal(Deal.parse("AQ/K K/AJ"), lead=Player.EAST, title="Mine")
    path = tmp_path / "mine.whist"
    save(doc, path)
    out = tmp_path / "mine.svg"
    res = whist(str(path), "--game", "five-card", "--out", str(out))
    assert res.returncode == 0, res.stderr
    svg = out.read_text(encoding="utf-8")
    assert "Mine" in svg
    assert "East (on lead):" in svg
    assert "Element" in svg  # five-card's elements, not whist's values


def test_the_tex_is_a_standalone_document(tmp_path):
    out = tmp_path / "f.tex"
    assert whist(DEAL, "--out", str(out)).returncode == 0
    tex = out.read_text(encoding="utf-8")
    assert tex.startswith(r"\documentclass[tikz")
    assert r"\begin{tikzpicture}" in tex
    assert r"\end{document}" in tex


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        ([DEAL, "--out", "x.jpg"], "expected a file name ending in .png, .svg, .pdf or .tex"),
        ([DEAL, "--width", "wide", "--out", "x.png"], "'wide' is not a length"),
        ([DEAL, "--font-size", "200pt", "--out", "x.png"], "from 4 pt to 72 pt"),
        ([DEAL, "--view", "matrix", "--suit", "4", "--out", "x.png"], "suits 1 to 3"),
        ([DEAL, "--dpi", "5", "--out", "x.png"], "--dpi 5"),
        (["AQ/K J", "--out", "x.png"], "has no '/'"),
        (["AQ/KJ", "--game", "bridge", "--out", "x.png"], "bridge"),
        (["AK/Q", "--view", "matrix", "--out", "x.png"], "AK/Q"),
        ([DEAL, "--out", "/nonexistent-dir/x.png"], "could not write"),
        ([DEAL, "--out", "/nonexistent-dir/x.pdf"], "could not write"),
    ],
)
def test_bad_input_is_refused_clearly(tmp_path, args, needle):
    res = subprocess.run(
        [sys.executable, "-m", "whistgui.cli", "render", *args],
        capture_output=True,
        text=True,
        check=False,
        timeout=120,
        cwd=tmp_path,
    )
    assert res.returncode == 2, res.stderr
    assert needle in res.stderr
    assert "Traceback" not in res.stderr
    assert not (tmp_path / "x.png").exists()


def test_figures_need_no_widgets():
    """Drawing a figure loads QtGui only: no QtWidgets, no pyqtgraph."""
    code = (
        "import sys, tempfile, os\n"
        "from whistgui.app.document import Document\n"
        "from whistgui.engine import Deal\n"
        "from whistgui.figures import build_figure, write\n"
        "d = tempfile.mkdtemp()\n"
        "write(build_figure('table', Document.from_deal(Deal.parse('AQ/KJ'))),"
        " os.path.join(d, 'f.png'))\n"
        "print(json.dumps([m for m in ('PySide6.QtWidgets', 'pyqtgraph') if m in sys.modules]))\n"
    )
    res = subprocess.run(
        [sys.executable, "-c", "import json\n" + code],
        capture_output=True,
        text=True,
        check=False,
        timeout=120,
    )
    assert res.returncode == 0, res.stderr
    assert json.loads(res.stdout) == []
