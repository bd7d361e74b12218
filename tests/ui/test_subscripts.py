"""Every subscript digit legible on the screen (issue 25's review, F1): in the inspector
"(W, 7 + ε₆)" read as "(W, 7 + ε₀)" — DejaVu Sans's subscript digits are 56 % of a digit's
height, 5 px at the app's 9 pt, and there ₀ and ₆ differ by less than three pixels' worth of
ink. The app's font takes them from ``whistgui Subscripts`` (DejaVu Sans's digits at 70 %,
lowered: packaging/make_subscript_font.py), and in figures, printed, they were legible."""

from __future__ import annotations

import itertools
from collections.abc import Iterator

import pytest
from PySide6.QtCore import QPointF
from PySide6.QtGui import QColor, QFont, QFontMetrics, QImage, QPainter, QRawFont

from whistgui.figures.text import FAMILY, SUBSCRIPT_FAMILY, use_figure_font

DIGITS = [chr(0x2080 + d) for d in range(10)]
#: the screen's resolution, and the app's size there (9 pt: 12 px)
DPI = 96
SIZE = 9.0


@pytest.fixture
def app_font(qapp) -> Iterator[QFont]:  # type: ignore[no-untyped-def]
    """The font the app sets at start (``use_figure_font``), at 9 pt; the test's own after."""
    before = QFont(qapp.font())
    use_figure_font(qapp)
    f = QFont(qapp.font())
    f.setPointSizeF(SIZE)
    yield f
    qapp.setFont(before)


def glyph(font: QFont, text: str, dpi: float = DPI) -> QImage:
    """``text`` drawn as a widget draws it (black on white) on a device of ``dpi``."""
    size = QFontMetrics(font).height() * int(dpi / DPI + 1) * 2
    image = QImage(size, size, QImage.Format.Format_Grayscale8)
    image.setDotsPerMeterX(round(dpi / 0.0254))
    image.setDotsPerMeterY(round(dpi / 0.0254))
    image.fill(QColor("white"))
    p = QPainter(image)
    p.setFont(font)
    p.setPen(QColor("black"))
    p.drawText(QPointF(2, size * 0.6), text)
    p.end()
    return image


def ink_height(image: QImage) -> int:
    rows = [
        y
        for y in range(image.height())
        if any(image.pixelColor(x, y).red() < 128 for x in range(image.width()))
    ]
    return rows[-1] - rows[0] + 1 if rows else 0


def difference(a: QImage, b: QImage) -> int:
    """How much ink differs, in grey levels summed over the pixels."""
    return sum(
        abs(a.pixelColor(x, y).red() - b.pixelColor(x, y).red())
        for y in range(a.height())
        for x in range(a.width())
    )


@pytest.mark.parametrize("bold", [False, True])
def test_every_subscript_digit_is_legible_as_the_screen_draws_it(app_font: QFont, bold: bool):
    app_font.setBold(bold)
    raw = QRawFont.fromFont(app_font)
    assert raw.familyName() == SUBSCRIPT_FAMILY
    assert all(raw.supportsCharacter(ord(ch)) for ch in DIGITS)  # drawn from it, no fallback
    assert all(QFontMetrics(app_font).inFontUcs4(ord(ch)) for ch in DIGITS)
    assert app_font.families() == [SUBSCRIPT_FAMILY, FAMILY]  # the rest is DejaVu Sans's
    plain = QFont(FAMILY)
    plain.setPointSizeF(SIZE)
    plain.setBold(bold)
    assert QFontMetrics(app_font).height() == QFontMetrics(plain).height()  # lines as tall
    images = [glyph(app_font, ch) for ch in DIGITS]
    digit = ink_height(glyph(app_font, "6"))
    for ch, image in zip(DIGITS, images, strict=True):
        assert ink_height(image) >= 6, ch  # DejaVu Sans's: 5 px
        assert ink_height(image) < digit, ch  # a subscript still
    # every two differ by more than three pixels' worth of ink (DejaVu's ₀ and ₆: 2.4)
    close = [
        (DIGITS[i], DIGITS[j], difference(images[i], images[j]))
        for i, j in itertools.combinations(range(10), 2)
        if difference(images[i], images[j]) < 3 * 255
    ]
    assert close == []


def test_the_inspectors_matrix_and_text_use_it(qtbot, app_font: QFont) -> None:  # type: ignore[no-untyped-def]
    """The α matrix and the maxmin/minmax line take the app's font (made after it is set)."""
    from whistgui.engine import SuitDeal
    from whistgui.ui.trick.inspector import Inspector

    inspector = Inspector()
    qtbot.addWidget(inspector)
    inspector.show()
    with qtbot.waitSignal(inspector.ready, timeout=30000):
        inspector.open_suit(SuitDeal.parse("[16 15 14 13 12 11 10 1, 9 8 7 6 5 4 3 2]"))
    assert "ε₆" in inspector.bounds_label.text()
    for widget in (inspector.matrix, inspector.bounds_label):
        raw = QRawFont.fromFont(widget.font())
        assert raw.familyName() == SUBSCRIPT_FAMILY, type(widget).__name__
        assert raw.supportsCharacter(ord("₆"))
    inspector.shutdown()


def test_in_a_figure_printed_they_were_legible(qapp) -> None:  # type: ignore[no-untyped-def]
    """Figures keep DejaVu Sans's own (their SVG names the face, and a viewer draws its
    glyphs): at 300 dpi a 9 pt figure's subscripts are 16 px tall and far apart."""
    from whistgui.figures.text import font

    f = font(SIZE)
    assert QRawFont.fromFont(f).familyName() == FAMILY
    images = [glyph(f, ch, dpi=300) for ch in DIGITS]
    assert all(ink_height(image) >= 12 for image in images)
    assert min(difference(a, b) for a, b in itertools.combinations(images, 2)) > 20 * 255


def test_the_subscript_font_is_made_from_dejavu_sans() -> None:
    """The shipped files are what packaging/make_subscript_font.py makes (when fontTools is
    there to make them)."""
    import importlib.util
    import subprocess
    import sys
    from pathlib import Path

    if importlib.util.find_spec("fontTools") is None:
        pytest.skip("needs fontTools (packaging/make_subscript_font.py)")
    script = Path(__file__).resolve().parents[2] / "packaging" / "make_subscript_font.py"
    res = subprocess.run(
        [sys.executable, str(script), "--check"],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert res.returncode == 0, res.stderr
