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
        ("lattice", "{1,2}"),
        ("playtree", "Start:"),
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


# -- the options' messages and standard output (issue 23, item 7) ------------------------------
def usage(capsys: pytest.CaptureFixture[str], *args: str) -> str:
    """What ``whist render args…`` says on standard error, run in-process; it must refuse
    (exit status 2) and print nothing on standard output."""
    from whistgui.cli import main

    try:
        code = main(["render", *args])
    except SystemExit as exc:  # a usage error, from argparse
        code = exc.code
    out, err = capsys.readouterr()
    assert code == 2, err
    assert out == ""
    return err


@pytest.mark.parametrize("dpi", ["1.5", "300.0", "72.5"])
def test_dpi_is_a_whole_number(capsys, tmp_path, dpi):
    err = usage(capsys, DEAL, "--out", str(tmp_path / "f.png"), "--dpi", dpi)
    assert f"argument --dpi: {dpi!r} is not a whole number; expected digits 0-9, like 300" in err
    assert "expected 10 to 2400" not in err  # the range is not the news
    assert not (tmp_path / "f.png").exists()


@pytest.mark.parametrize("dpi", ["5", "2401", "-300"])
def test_a_whole_dpi_out_of_range_says_the_range(capsys, tmp_path, dpi):
    err = usage(capsys, DEAL, "--out", str(tmp_path / "f.png"), "--dpi", dpi)
    assert f"--dpi {dpi}: expected 10 to 2400 dots per inch" in err


def test_whole_dpis_in_range_are_taken(tmp_path):
    from PySide6.QtGui import QImage

    for dpi in ("10", "72"):
        out = tmp_path / f"{dpi}.png"
        res = whist(DEAL, "--view", "deal", "--out", str(out), "--dpi", dpi)
        assert res.returncode == 0, res.stderr
        assert round(QImage(str(out)).dotsPerMeterX() * 0.0254) == int(dpi)


@pytest.mark.parametrize(
    ("option", "text", "needle"),
    [
        ("--width", "-5mm", "expected a width from 7 mm to 1.7 m"),
        ("--width", "-.5in", "expected a width from 7 mm to 1.7 m"),
        ("--width", "-5", "expected a width from 7 mm to 1.7 m"),
        ("--font-size", "-9pt", "expected a font size from 4 pt to 72 pt"),
    ],
)
def test_a_negative_length_reaches_its_option(capsys, tmp_path, option, text, needle):
    """``--width -5mm`` as typed (not ``--width=-5mm``): argparse took ``-5mm`` for an option
    and said only that --width expected an argument."""
    out = tmp_path / "f.svg"
    err = usage(capsys, DEAL, option, text, "--out", str(out))
    assert f"{option} {text!r}: {needle}" in err
    assert "expected one argument" not in err
    assert not out.exists()


def test_a_negative_width_reaches_bridge_render_too(capsys, tmp_path):
    from whistgui.cli import main

    deal = "N:AKQ2.KJ3.T98.A54 J876.Q54.AK2.J32 T943.A987.QJ4.K7 5.T62.7653.QT986"
    code = main(["bridge", "render", deal, "--width", "-5mm", "-o", str(tmp_path / "b.svg")])
    err = capsys.readouterr().err
    assert code == 2
    assert "--width '-5mm': expected a width from 7 mm to 1.7 m" in err


def render_bytes(cwd, *args: str) -> subprocess.CompletedProcess[bytes]:
    """``whist render args…`` run in ``cwd``, its output as bytes."""
    return subprocess.run(
        [sys.executable, "-m", "whistgui.cli", "render", *args],
        capture_output=True,
        check=False,
        timeout=120,
        cwd=cwd,
    )


@pytest.mark.parametrize("fmt", ["png", "svg", "tex", "pdf"])
def test_out_dash_writes_the_figure_to_standard_output(tmp_path, fmt):
    res = render_bytes(tmp_path, DEAL, "--view", "deal", "--out", "-", "--format", fmt)
    assert res.returncode == 0, res.stderr
    assert res.stderr == b""
    assert not (tmp_path / "-").exists()  # no file named '-'
    assert res.stdout  # the figure, and nothing else: what the file would hold
    written = render_bytes(tmp_path, DEAL, "--view", "deal", "--out", f"f.{fmt}")
    assert written.returncode == 0, written.stderr
    on_disk = (tmp_path / f"f.{fmt}").read_bytes()
    if fmt == "pdf":  # (its creation date may differ by a second)
        assert res.stdout.startswith(b"%PDF-")
        assert res.stdout.rstrip().endswith(b"%%EOF")
        assert media_box_width(res.stdout) == media_box_width(on_disk)
    else:
        assert res.stdout == on_disk
    if fmt == "svg":
        ET.fromstring(res.stdout)  # a whole SVG document
    if fmt == "tex":
        assert res.stdout.decode("utf-8").startswith(r"\documentclass[tikz")


def test_out_dash_without_a_format_is_refused(tmp_path):
    res = render_bytes(tmp_path, DEAL, "--out", "-")
    assert res.returncode == 2
    assert res.stdout == b""
    assert (
        b"--out -: standard output has no extension to tell the format; expected --format png, "
        b"svg, pdf or tex" in res.stderr
    )
    assert not (tmp_path / "-").exists()


def test_a_file_named_dash_is_still_written_by_its_path(tmp_path):
    res = render_bytes(tmp_path, DEAL, "--out", "./-", "--format", "svg")
    assert res.returncode == 0, res.stderr
    ET.fromstring((tmp_path / "-").read_bytes())
    assert res.stdout.decode().strip() == "-"


@pytest.mark.parametrize("fmt", ["png", "pdf"])
def test_a_binary_figure_is_not_written_to_a_terminal(tmp_path, fmt):
    import os

    master, slave = os.openpty()
    try:
        res = subprocess.run(
            [sys.executable, "-m", "whistgui.cli", "render", DEAL, "-o", "-", "--format", fmt],
            stdout=slave,
            stderr=subprocess.PIPE,
            check=False,
            timeout=60,  # (a figure written to the terminal would fill it and block)
            cwd=tmp_path,
        )
        os.set_blocking(master, False)
        try:
            shown = os.read(master, 1 << 16)
        except (BlockingIOError, OSError):  # nothing written to the terminal
            shown = b""
    finally:
        os.close(master)
        os.close(slave)
    assert res.returncode == 2
    assert f"standard output is a terminal, and {fmt.upper()} is binary".encode() in res.stderr
    assert shown == b""
    assert not (tmp_path / "-").exists()


# -- the face (issue 25) ------------------------------------------------------------------------
def test_font_latin_modern_sets_every_format_in_it(tmp_path):
    outs = {}
    for fmt in ("pdf", "svg", "tex", "png"):
        out = tmp_path / f"lm.{fmt}"
        res = whist(DEAL, "--view", "table", "--font", "latin-modern", "--out", str(out))
        assert res.returncode == 0, res.stderr
        outs[fmt] = out
    assert b"LMRoman10-Regular" in outs["pdf"].read_bytes()
    assert b"DejaVu" not in outs["pdf"].read_bytes()
    root = ET.fromstring(outs["svg"].read_text(encoding="utf-8"))
    families = {t.get("font-family") for t in root.iter("{http://www.w3.org/2000/svg}text")}
    assert len(families) == 1
    assert families.pop().startswith("'LM Roman 10'")
    assert r"font=\rmfamily" in outs["tex"].read_text(encoding="utf-8")
    default = tmp_path / "dv.png"
    assert whist(DEAL, "--view", "table", "--out", str(default)).returncode == 0
    assert default.read_bytes() != outs["png"].read_bytes()


def test_font_is_one_of_the_faces(capsys, tmp_path):
    err = usage(capsys, DEAL, "--font", "times", "--out", str(tmp_path / "f.svg"))
    assert "argument --font: invalid choice: 'times'" in err
    assert "dejavu-sans" in err
    assert "latin-modern" in err


def test_bridge_render_takes_the_face_too(tmp_path):
    deal = "N:AKQ2.KJ3.T98.A54 J876.Q54.AK2.J32 T943.A987.QJ4.K7 5.T62.7653.QT986"
    out = tmp_path / "b.pdf"
    args = ["bridge", "render", deal, "--view", "deal", "--font", "latin-modern", "-o", str(out)]
    res = subprocess.run(
        [sys.executable, "-m", "whistgui.cli", *args],
        capture_output=True,
        text=True,
        check=False,
        timeout=120,
    )
    assert res.returncode == 0, res.stderr
    assert b"LMRoman10-Regular" in out.read_bytes()


def test_a_lattice_the_suit_cannot_have_is_refused_clearly(tmp_path):
    out = tmp_path / "l.svg"
    res = whist("AKQ/JT9 AQ/K", "--view", "lattice", "--suit", "2", "--out", str(out))
    assert res.returncode == 2
    assert "'AQ/K'" in res.stderr
    assert "Traceback" not in res.stderr
    assert not out.exists()


DEAL_27 = "KQT98/AJ765 AK9/QJT AJ9753/KQT864 KQT86/AJ975"


def test_the_play_tree_of_deal_27_renders_at_its_default_depth(tmp_path):
    """`whist render (27) --view playtree --out x.png` failed, status 2: a 1,542 × 98,125 px
    image (issue 25's review, F7); its PDF was 126 mm × 9.2 m. One trick deep by default, a
    line a trick: a PNG, and a PDF 120 mm wide and under 36 cm tall."""
    from PySide6.QtGui import QImage

    png = tmp_path / "tree.png"
    res = whist(DEAL_27, "--view", "playtree", "--out", str(png))
    assert res.returncode == 0, res.stderr
    image = QImage(str(png), "PNG")
    assert image.width() == round(120 / 25.4 * 300)
    assert image.height() < 360 / 25.4 * 300
    pdf = tmp_path / "tree.pdf"
    res = whist(DEAL_27, "--view", "playtree", "--depth", "2", "--tricks", "all", "--out", str(pdf))
    assert res.returncode == 0, res.stderr
    height = re.search(
        rb"/MediaBox\s*\[\s*[-\d.]+\s+[-\d.]+\s+[-\d.]+\s+([-\d.]+)", pdf.read_bytes()
    )
    assert height is not None
    assert float(height.group(1)) < 2000 * 72 / 25.4  # under 2 m at depth 2 (was 9.2 m)


def test_a_play_tree_too_large_for_a_pdf_page_says_so_in_words(tmp_path):
    out = tmp_path / "tree.pdf"
    res = whist(
        DEAL_27,
        "--view",
        "playtree",
        "--depth",
        "2",
        "--tricks",
        "all",
        "--font-size",
        "36pt",
        "-o",
        str(out),
    )
    assert res.returncode == 2
    assert res.stdout == ""
    err = res.stderr.strip()
    assert err.count("\n") == 0, err
    assert err.startswith("whist: error: a figure of ")
    assert "too large for a PDF page" in err
    assert "choose a smaller depth, or optimal tricks only, or write SVG" in err
    assert "Error" not in err
    assert "internal" not in err
    assert not out.exists()


def _pdf_height_mm(path) -> float:  # type: ignore[no-untyped-def]
    box = re.search(rb"/MediaBox\s*\[\s*[-\d.]+\s+[-\d.]+\s+[-\d.]+\s+([-\d.]+)", path.read_bytes())
    assert box is not None
    return float(box.group(1)) * 25.4 / 72


def test_the_play_tree_fits_a_page_by_default_and_draws_every_trick_on_asking(tmp_path):
    """`whist render (27) --view playtree` was 120 × 346 mm, taller than a journal's page
    (review 25b, C1): by default the optimal tricks only, under an A4 page; --tricks all
    draws every trick from the start, as before; the help says so."""
    short, every = tmp_path / "short.pdf", tmp_path / "every.pdf"
    res = whist(DEAL_27, "--view", "playtree", "--out", str(short))
    assert res.returncode == 0, res.stderr
    res = whist(DEAL_27, "--view", "playtree", "--tricks", "all", "--out", str(every))
    assert res.returncode == 0, res.stderr
    assert _pdf_height_mm(short) < 297 - 50
    assert _pdf_height_mm(every) > 297
    res = whist("--help")
    assert "--tricks {optimal,all}" in res.stdout
    assert "optimal tricks only" in res.stdout
