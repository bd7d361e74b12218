"""Make the screen's subscript digits: ``resources/fonts/whistgui-subscripts{,-bold}.ttf``.

    pip install fonttools                         # for this script only, not the app
    python packaging/make_subscript_font.py       # writes the two fonts
    python packaging/make_subscript_font.py --check   # exits 1 if they are missing or differ

DejaVu Sans's subscript digits ₀ … ₉ are 56 % of a digit's height: at the app's 9 pt (12 px)
they are 5 px tall, and ₆ and ₈ read as ₀ ("(W, 7 + ε₆)" as "(W, 7 + ε₀)", issue 25's
review). These fonts hold the ten subscript digits only, each DejaVu Sans's own digit (regular,
bold) at 70 % of its size, lowered by 0.14 em — the subscript DejaVu Sans itself declares
(OS/2 ySubscriptYSize 1433, ySubscriptYOffset 286 of 2048), and TeX's 7 pt scripts in 10 pt
text: 6 px tall at 12 px. The app puts the family first in its font (``whistgui Subscripts``,
then DejaVu Sans: :func:`whistgui.figures.text.use_figure_font`), so that a subscript digit is
drawn from it and every other character from DejaVu Sans; the line height and every other
metric are DejaVu Sans's, copied. No hinting instructions (the outlines are new): FreeType's
autohinter fits them to the pixels.

Derived from DejaVu Sans (Bitstream Vera's licence, resources/fonts/LICENSE-DejaVu.txt: a
modified font is renamed, with neither "Bitstream" nor "Vera" in its name).
"""

from __future__ import annotations

import argparse
import io
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
FONTS = ROOT / "resources" / "fonts"
FAMILY = "whistgui Subscripts"
#: A subscript's size and drop, as parts of the em (DejaVu Sans's OS/2 subscript, rounded).
SCALE = 0.70
DROP = 0.14
#: (source, made, style)
MADE = (
    ("DejaVuSans.ttf", "whistgui-subscripts.ttf", "Regular"),
    ("DejaVuSans-Bold.ttf", "whistgui-subscripts-bold.ttf", "Bold"),
)
_SUBSCRIPT_ZERO = 0x2080


def make(source: Path, style: str) -> bytes:
    """The subscript font made from ``source`` (DejaVu Sans, its regular or bold), as bytes."""
    import logging

    from fontTools import subset

    logging.getLogger("fontTools.subset").setLevel(logging.ERROR)  # "FFTM dropped": meant
    from fontTools.pens.transformPen import TransformPen
    from fontTools.pens.ttGlyphPen import TTGlyphPen
    from fontTools.ttLib import TTFont

    font = TTFont(str(source), recalcTimestamp=False)
    font["head"].created = font["head"].modified = 0  # the same bytes from the same source
    cmap = font.getBestCmap()
    glyphs = font.getGlyphSet()
    glyf, hmtx = font["glyf"], font["hmtx"]
    em = font["head"].unitsPerEm
    for d in range(10):
        digit, sub = cmap[ord("0") + d], cmap[_SUBSCRIPT_ZERO + d]
        pen = TTGlyphPen(glyphs)
        glyphs[digit].draw(TransformPen(pen, (SCALE, 0, 0, SCALE, 0, -DROP * em)))
        glyph = pen.glyph()
        glyph.recalcBounds(glyf)
        glyf[sub] = glyph
        hmtx[sub] = (round(hmtx[digit][0] * SCALE), glyph.xMin)
    options = subset.Options()
    options.hinting = False
    options.layout_features = []
    options.name_IDs = []
    options.notdef_outline = True
    options.recalc_timestamp = False
    keep = subset.Subsetter(options)
    keep.populate(unicodes=[_SUBSCRIPT_ZERO + d for d in range(10)])
    keep.subset(font)
    full = FAMILY if style == "Regular" else f"{FAMILY} {style}"
    names = font["name"]
    names.names = []
    for number, text in (
        (0, "Derived from DejaVu Sans (Bitstream Vera's licence): resources/fonts/"),
        (1, FAMILY),
        (2, style),
        (3, f"whistgui: {full}"),
        (4, full),
        (6, full.replace(" ", "") if style == "Regular" else f"whistguiSubscripts-{style}"),
    ):
        names.setName(text, number, 3, 1, 0x409)
    out = io.BytesIO()
    font.save(out)
    return out.getvalue()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="exit 1 if a font is out of date")
    args = parser.parse_args(argv)
    stale = []
    for source, made, style in MADE:
        data = make(FONTS / source, style)
        target = FONTS / made
        if args.check:
            if not target.is_file() or target.read_bytes() != data:
                stale.append(made)
        else:
            target.write_bytes(data)
            print(f"{target.relative_to(ROOT)}: {len(data):,} bytes")
    if stale:
        print(f"out of date: {', '.join(stale)}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
