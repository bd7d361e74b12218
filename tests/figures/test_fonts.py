"""The figure's face: DejaVu Sans or Latin Modern, both shipped with their licences; the papers'
symbols set from Latin Modern's own faces (Roman, Math) or as LaTeX sets them (scripts,
fractions); text measured in the face chosen, and every format (PNG, SVG, PDF, TikZ) drawn in
it — the PNG, the SVG rasterised by librsvg, the outlined SVG and the PDF rasterised by poppler
agree image to image, as they do for DejaVu Sans (tests/figures/test_backends.py)."""

from __future__ import annotations

import re
import subprocess
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from tests.figures.helpers import assert_apart, assert_inside, texts
from tests.figures.test_backends import (
    DEALS,
    DPI,
    MAX_LIMIT,
    MEAN_LIMIT,
    difference,
    rasterise_pdf,
    rasterise_svg,
)
from tests.tools import require_tool
from whistgui.app.document import Document
from whistgui.app.examples import load_examples
from whistgui.engine import NotationError, Player
from whistgui.figures import VIEWS, FigureOptions, build_figure, write
from whistgui.figures.backends import latex_text, to_pdf, to_svg, to_tikz, write_svg
from whistgui.figures.fonts import (
    DEJAVU_SANS,
    FONTS,
    LATIN_MODERN,
    current_font,
    find_font,
    using_font,
)
from whistgui.figures.text import ensure_app, measure, runs
from whistgui.resources import FIGURE_FONTS, RESOURCES, read_bytes, read_text, resource_path

LM = LATIN_MODERN
#: What the papers and the app's figures write: Greek, signs, fractions, scripts, suits, marks.
PAPER_SYMBOLS = "εωαρχσι±−½¼¾⅛⅜⅝⅞♠♥♦♣≤≥<>→×·★∅′…—–₀₁₂₃₄₅₆₇₈₉₋⁰¹²³⁴⁵⁶⁷⁸⁹⁻◀▶▲▼§"


def _raw(name: str):  # type: ignore[no-untyped-def]
    from PySide6.QtGui import QRawFont

    ensure_app()
    raw = QRawFont(str(resource_path(name)), 10.0)
    assert raw.isValid(), name
    return raw


def _has(raw, ch: str) -> bool:  # type: ignore[no-untyped-def]
    """Does the font have a glyph for ``ch``? (By code point: PySide's str overload of
    supportsCharacter misreads characters past ASCII.)"""
    return bool(raw.supportsCharacter(ord(ch)))


def _example_figure_texts() -> set[str]:
    """Every run of text in every view of every example deal (a suit view of suit 1)."""
    out: set[str] = set()
    for e in load_examples():
        if e.deal.size > 12:  # the play tree of the largest deals takes seconds each
            continue
        doc = Document.from_deal(e.deal, lead=e.lead or Player.WEST, title=e.title, note=e.note)
        for view in VIEWS:
            try:
                fig = build_figure(view, doc, FigureOptions(depth=1, font="latin-modern"))
            except Exception:  # a view the deal cannot have (an asymmetric suit, n > 6)
                continue
            out.update(fig.texts())
    return out


# -------------------------------------------------------------------------- the files


def test_both_faces_are_shipped_resources_with_their_licences() -> None:
    for face in FONTS.values():
        for name in face.files:
            assert name in FIGURE_FONTS
            assert resource_path(name).stat().st_size > 50_000
    assert {"fonts/LICENSE-DejaVu.txt", "fonts/LICENSE-LatinModern.txt"} <= set(RESOURCES)
    licence = read_text("fonts/LICENSE-LatinModern.txt")
    assert "GUST Font License" in licence
    assert "LaTeX Project Public License" in licence
    for name in LM.files:
        if name.endswith(".otf"):
            assert name.removeprefix("fonts/") in licence  # each file is named there
            data = read_bytes(name)
            assert data[:4] == b"OTTO"  # OpenType with PostScript outlines
            assert b"GUST Font License" in data  # its own name table says so


def test_latin_modern_roman_has_the_letters_and_math_the_symbols() -> None:
    roman, math = _raw("fonts/lmroman10-regular.otf"), _raw("fonts/latinmodern-math.otf")
    for ch in "AKQJT98765432 abcdefghijklmnopqrstuvwxyz(),:;/{}[]=+½¼¾":
        assert _has(roman, ch), ch
    for ch in "♠♥♦♣±−≤→×·∅◀▶▲▼\U0001d700":  # 𝜀, math italic epsilon
        assert _has(math, ch), ch
    # what neither has, and so is made from digits: subscripts, superscripts, ⅜
    for ch in "₀₇⁰⁻⅜":
        assert not _has(roman, ch)
        assert not _has(math, ch)


@pytest.mark.parametrize("ch", list(PAPER_SYMBOLS))
def test_every_symbol_is_set_from_latin_modern_itself(ch: str) -> None:
    """No symbol of the papers falls through to DejaVu Sans: each piece it is drawn as is a
    glyph of Latin Modern Roman or Latin Modern Math."""
    roman, math = _raw("fonts/lmroman10-regular.otf"), _raw("fonts/latinmodern-math.otf")
    for run in runs(ch, 9, face=LM):
        for c in run.text:
            assert _has(roman, c) or _has(math, c), (ch, c)


def test_every_figure_of_the_examples_is_set_in_latin_modern_only() -> None:
    roman, math = _raw("fonts/lmroman10-regular.otf"), _raw("fonts/latinmodern-math.otf")
    missing = {
        c
        for text in _example_figure_texts()
        for run in runs(text, 9, face=LM)
        for c in run.text
        if not (_has(roman, c) or _has(math, c))
    }
    assert not missing


# ------------------------------------------------------------------- runs and measures


def test_scripts_are_smaller_digits_lowered_or_raised_where_tex_puts_them() -> None:
    pieces = runs("ε₁₂ ⁻¹", 10, face=LM)
    assert [(p.text, p.size) for p in pieces] == [
        ("\U0001d700", 10),
        ("12", 7.0),
        (" ", 10),
        ("−1", 7.0),
    ]
    assert pieces[1].rise == pytest.approx(1.5)  # TeX's sub1: 0.15 em down
    assert pieces[3].rise == pytest.approx(-3.6)  # and 0.36 em up
    assert [p.dx for p in pieces] == sorted(p.dx for p in pieces)
    assert pieces[0].dx == 0


def test_a_fraction_latin_modern_lacks_is_numerator_slash_denominator() -> None:
    three_eighths = runs("⅜", 10, face=LM)
    assert [p.text for p in three_eighths] == ["3", "⁄", "8"]
    assert three_eighths[0].rise < 0 == three_eighths[2].rise
    assert [p.text for p in runs("½", 10, face=LM)] == ["½"]  # its own glyph


def test_dejavu_draws_every_run_whole() -> None:
    for text in ("ε₁₂ ⁻¹", "⅜", "♠A 10 9"):
        assert [p.text for p in runs(text, 9, face=DEJAVU_SANS)] == [text]


def test_measure_is_in_the_face_chosen() -> None:
    from PySide6.QtGui import QFont, QFontMetricsF

    from whistgui.figures.text import _device

    ensure_app()
    text = "AKQJ 10 9 West wins"
    plain = QFont("LM Roman 10")
    plain.setPointSizeF(9)
    plain.setHintingPreference(QFont.HintingPreference.PreferNoHinting)
    plain.setKerning(False)
    expected = QFontMetricsF(plain, _device()).horizontalAdvance(text)
    assert measure(text, 9, face=LM) == pytest.approx(expected, abs=1e-6)
    assert measure(text, 9, face=LM) != pytest.approx(measure(text, 9, face=DEJAVU_SANS), rel=0.02)
    with using_font("latin-modern"):
        assert measure(text, 9) == measure(text, 9, face=LM)
    # a run with scripts: its pieces side by side
    pieces = runs("ε₇ + 1", 9, face=LM)
    last = pieces[-1]
    assert measure("ε₇ + 1", 9, face=LM) == pytest.approx(last.dx + measure(last.text, 9, face=LM))


@pytest.mark.parametrize("view", ["table", "matrix", "numberline", "tree", "play"])
def test_a_figure_in_latin_modern_is_measured_in_it(view: str) -> None:
    doc = DEALS["26"]()
    fig = build_figure(view, doc, FigureOptions(font="latin-modern", depth=1))
    assert fig.font == "latin-modern"
    for t in texts(fig):
        assert t.width == pytest.approx(
            measure(t.text, t.size, bold=t.bold, italic=t.italic, face=LM)
        )
    assert_inside(fig)
    default = build_figure(view, doc, FigureOptions(depth=1))
    assert default.font == "dejavu-sans"
    assert [t.width for t in texts(default)] != [t.width for t in texts(fig)]


@pytest.mark.parametrize("view", ["table", "tree"])
def test_latin_modern_figures_keep_their_texts_apart(view: str) -> None:
    fig = build_figure(view, DEALS["26"](), FigureOptions(font="latin-modern", depth=1))
    assert_apart(fig)


# ------------------------------------------------------------------- choosing the face


def test_an_unknown_face_is_refused_naming_the_faces() -> None:
    with pytest.raises(NotationError, match=r"'times' is not a figure font.*latin-modern"):
        build_figure("deal", DEALS["26"](), FigureOptions(font="times"))
    with pytest.raises(TypeError, match="font"):
        find_font(9)  # type: ignore[arg-type]


def test_the_face_in_use_is_the_blocks_and_comes_back_after_it() -> None:
    assert current_font() is DEJAVU_SANS

    def fail_inside() -> None:
        with using_font("latin-modern"):
            assert current_font() is LM
            with using_font(None):  # None leaves it
                assert current_font() is LM
            raise ValueError("inside")

    with pytest.raises(ValueError, match="inside"):
        fail_inside()
    assert current_font() is DEJAVU_SANS
    with using_font("latin-modern"):  # options without a face take the block's
        fig = build_figure("deal", DEALS["26"]())
        explicit = build_figure("deal", DEALS["26"](), FigureOptions(font="dejavu-sans"))
    assert (fig.font, explicit.font) == ("latin-modern", "dejavu-sans")


# ------------------------------------------------------------------- every format


def test_the_svg_names_the_face_and_places_the_scripts() -> None:
    fig = build_figure("analysis", DEALS["26"](), FigureOptions(font="latin-modern"))
    root = ET.fromstring(to_svg(fig))
    ns = "{http://www.w3.org/2000/svg}"
    families = {t.get("font-family") for t in root.iter(f"{ns}text")}
    assert families == {LM.css}
    assert LM.css.startswith("'LM Roman 10'")
    # ε₂ is 𝜀 and a smaller 2, each at its place
    spans = [s for s in root.iter(f"{ns}tspan") if s.text == "2" and s.get("font-size")]
    assert spans
    assert float(spans[0].get("font-size", "0")) == pytest.approx(0.7 * fig.font_size)
    dejavu = build_figure("analysis", DEALS["26"]())
    assert not list(ET.fromstring(to_svg(dejavu)).iter(f"{ns}tspan"))


def test_the_pdf_embeds_latin_modern_and_not_dejavu() -> None:
    pdffonts = require_tool("pdffonts")
    fig = build_figure("table", DEALS["26"](), FigureOptions(font="latin-modern"))
    out = subprocess.run(
        [pdffonts, "-"], input=to_pdf(fig), capture_output=True, check=True, timeout=60
    ).stdout.decode()
    assert re.search(r"LMRoman10-Regular", out)
    assert re.search(r"LMRoman10-Bold", out)
    assert re.search(r"LMRoman10-Italic", out)
    assert re.search(r"LatinModernMath", out)
    assert "DejaVu" not in out


def test_the_tikz_is_set_in_roman_for_latin_modern_and_in_sans_for_dejavu() -> None:
    lm = to_tikz(build_figure("deal", DEALS["26"](), FigureOptions(font="latin-modern")))
    dv = to_tikz(build_figure("deal", DEALS["26"]()))
    assert r"font=\rmfamily" in lm
    assert r"\sfdefault" not in lm
    assert r"font=\sffamily" in dv
    assert r"\renewcommand{\familydefault}{\sfdefault}" in dv


#: The views and deals whose four renderings are compared in Latin Modern.
LM_PAIRS = [
    (view, name)
    for view in ("table", "matrix", "numberline", "tree", "play", "lattice", "playtree")
    for name in ("26", "long")
    if (view, name) != ("lattice", "long")
]


@pytest.mark.parametrize(("view", "name"), LM_PAIRS)
def test_latin_modern_png_svg_and_pdf_agree(tmp_path: Path, view: str, name: str) -> None:
    """As for DejaVu Sans; Qt's own SVG renderer is left out: it takes a font-family list as
    one name, and Latin Modern's glyphs come from two faces (librsvg and browsers follow the
    list; the outlined SVG needs no font at all)."""
    fig = build_figure(view, DEALS[name](), FigureOptions(depth=1, font="latin-modern"))
    png = write(fig, tmp_path / "f.png", dpi=DPI)
    svg = rasterise_svg(write(fig, tmp_path / "f.svg"), tmp_path / "svg.png")
    outlined = rasterise_svg(write_svg(fig, tmp_path / "o.svg", outlines=True), tmp_path / "o.png")
    pdf = rasterise_pdf(write(fig, tmp_path / "f.pdf"), tmp_path / "pdf.png")
    for other in (svg, outlined, pdf):
        mean, most = difference(png, other)
        assert mean < MEAN_LIMIT, (other.name, mean)
        assert most < MAX_LIMIT, (other.name, most)
    dejavu = write(
        build_figure(view, DEALS[name](), FigureOptions(depth=1)), tmp_path / "d.png", dpi=DPI
    )
    assert dejavu.read_bytes() != png.read_bytes()


def test_the_latex_of_every_example_figure_needs_no_fallback() -> None:
    """Every character the figures write has a LaTeX form (none is spelled out by name)."""
    for text in _example_figure_texts():
        assert r"\textsf{[" not in latex_text(text), text
