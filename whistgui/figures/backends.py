"""One :class:`~whistgui.figures.scene.Figure`, four formats: PNG at a DPI, SVG (text as text
in the figure font at its size, or as outlines), PDF (vector, the figure's page size) and
TikZ (a ``tikzpicture``, or a ``standalone`` document that pdflatex compiles).

PNG and PDF are painted by Qt (:func:`paint`) in points; SVG and TikZ are written from the items
directly, one user unit a point and no transforms, so text is exactly the size it was laid out
for and every renderer (Qt, librsvg, a browser) draws strokes as wide as they are meant.
"""

from __future__ import annotations

import math
import os
import unicodedata
import xml.etree.ElementTree as ET
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING, Final

from whistgui.engine.errors import WhistError
from whistgui.engine.reading import quote_path
from whistgui.figures.fonts import Typeface, find_font
from whistgui.figures.scene import Circle, Figure, Line, Polygon, Rect, Text
from whistgui.figures.text import ensure_app, font, runs

if TYPE_CHECKING:
    from PySide6.QtGui import QImage, QPainter, QPainterPath

__all__ = [
    "FORMATS",
    "MAX_IMAGE_PIXELS",
    "MAX_IMAGE_SIDE",
    "MAX_PDF_SIDE",
    "MAX_TEX_SIDE",
    "FigureError",
    "check_image_size",
    "check_page_size",
    "encode",
    "fitting_dpi",
    "image_size",
    "latex_text",
    "paint",
    "to_image",
    "to_pdf",
    "to_png",
    "to_svg",
    "to_tikz",
    "whole_points",
    "write",
    "write_pdf",
    "write_png",
    "write_svg",
    "write_tex",
]

FORMATS = ("png", "svg", "pdf", "tex")
_POINTS_PER_INCH = 72.0
#: The most pixels a side of a PNG (or any image drawn here) may have: 20,000 px is 1.7 m at
#: 300 dpi, a page of A4 at 1,700 dpi; many viewers and editors refuse images much larger.
MAX_IMAGE_SIDE: Final = 20_000
#: The most pixels a PNG may have in all: 100 megapixels take 400 MB to paint (4 bytes a
#: pixel), an A4 page at 1,000 dpi (an article's figure at 300 dpi has 1–5 megapixels).
MAX_IMAGE_PIXELS: Final = 100_000_000
#: The longest side of a PDF page, in points (200 inches: the PDF reference's limit).
MAX_PDF_SIDE: Final = 14_400
#: The longest side of a TikZ picture, in points: TeX's largest dimension.
MAX_TEX_SIDE: Final = 16_383


class FigureError(WhistError, ValueError):
    """A figure could not be written; the message names the file and why (a
    :class:`~whistgui.engine.WhistError`: said as it is, wherever it is caught)."""


def _fmt(x: float) -> str:
    """A coordinate, short: ``12.5``, ``3``."""
    text = f"{x:.3f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def whole_points(fig: Figure) -> Figure:
    """``fig`` with its page a whole number of points (width rounded, height rounded up):
    PDF writers count pages so, and every format gets the same page. Idempotent."""
    fig.width = float(round(fig.width))
    fig.height = float(math.ceil(fig.height - 1e-6))
    return fig


# -- Qt painting (PNG, PDF, the clipboard and the app's preview) ------------------------------
def paint(fig: Figure, painter: QPainter, *, raster: bool = False) -> None:
    """Draw ``fig`` with ``painter``, whose units are points on a 72-dpi device. ``raster``:
    the device is an image — a face whose glyphs are PostScript (CFF) outlines, as Latin
    Modern's are, is then drawn as its glyphs' outlines (:data:`_CFF_FACES`)."""
    from PySide6.QtCore import QPointF, QRectF, Qt
    from PySide6.QtGui import QBrush, QColor, QPen, QPolygonF

    painter.setRenderHint(painter.RenderHint.Antialiasing, True)
    painter.setRenderHint(painter.RenderHint.TextAntialiasing, True)
    painter.fillRect(QRectF(0, 0, fig.width, fig.height), QColor("white"))

    def pen(colour: str | None, width: float, dash: tuple[float, ...] = ()) -> QPen:
        if colour is None:
            return QPen(Qt.PenStyle.NoPen)
        p = QPen(QColor(colour))
        p.setWidthF(width)
        p.setCapStyle(Qt.PenCapStyle.FlatCap)
        if dash:
            p.setDashPattern([d / width for d in dash])
        return p

    def brush(colour: str | None) -> QBrush:
        return QBrush(QColor(colour)) if colour is not None else QBrush(Qt.BrushStyle.NoBrush)

    face = find_font(fig.font)
    as_paths = raster and face.key in _CFF_FACES
    for item in fig.items:
        if isinstance(item, Text) and as_paths:
            painter.fillPath(_glyphs(item, face), QColor(item.colour))
        elif isinstance(item, Text):
            painter.setPen(QColor(item.colour))
            for run in runs(item.text, item.size, bold=item.bold, italic=item.italic, face=face):
                painter.setFont(font(run.size, bold=item.bold, italic=item.italic, face=face))
                painter.drawText(QPointF(item.left + run.dx, item.y + run.rise), run.text)
        elif isinstance(item, Line):
            painter.setPen(pen(item.colour, item.width, item.dash))
            painter.drawLine(QPointF(item.x1, item.y1), QPointF(item.x2, item.y2))
        elif isinstance(item, Rect):
            painter.setPen(pen(item.stroke, item.width))
            painter.setBrush(brush(item.fill))
            r = QRectF(item.x, item.y, item.w, item.h)
            if item.radius:
                painter.drawRoundedRect(r, item.radius, item.radius)
            else:
                painter.drawRect(r)
        elif isinstance(item, Circle):
            painter.setPen(pen(item.stroke, item.width))
            painter.setBrush(brush(item.fill))
            painter.drawEllipse(QPointF(item.cx, item.cy), item.r, item.r)
        elif isinstance(item, Polygon):
            painter.setPen(pen(item.stroke, item.width))
            painter.setBrush(brush(item.fill))
            painter.drawPolygon(QPolygonF([QPointF(x, y) for x, y in item.points]))


def image_size(fig: Figure, dpi: float) -> tuple[int, int]:
    """The size in pixels of ``fig`` drawn at ``dpi`` (its size in inches times ``dpi``,
    whole pixels covering the page, as librsvg and poppler count them)."""
    scale = dpi / _POINTS_PER_INCH
    width, height = math.ceil(fig.width - 1e-6), math.ceil(fig.height - 1e-6)
    w = max(1, math.ceil(width * scale - 1e-6))
    h = max(1, math.ceil(height * scale - 1e-6))
    return w, h


def fitting_dpi(fig: Figure) -> float:
    """The highest resolution (whole dpi, rounded down) at which ``fig`` is within the limits
    of :func:`check_image_size`."""
    w = max(1.0, math.ceil(fig.width - 1e-6) / _POINTS_PER_INCH)  # inches
    h = max(1.0 / _POINTS_PER_INCH, math.ceil(fig.height - 1e-6) / _POINTS_PER_INCH)
    dpi = math.floor(
        min(MAX_IMAGE_SIDE / w, MAX_IMAGE_SIDE / h, math.sqrt(MAX_IMAGE_PIXELS / (w * h)))
    )
    while dpi > 1 and not _fits(image_size(fig, dpi)):
        dpi -= 1
    return dpi


def _fits(size: tuple[int, int]) -> bool:
    w, h = size
    return w <= MAX_IMAGE_SIDE and h <= MAX_IMAGE_SIDE and w * h <= MAX_IMAGE_PIXELS


def check_image_size(
    fig: Figure, dpi: float, *, dpi_name: str = "the resolution", width_name: str = "the width"
) -> tuple[int, int]:
    """The size in pixels of ``fig`` at ``dpi`` (:func:`image_size`), checked before anything
    is painted: FigureError for an image with a side over :data:`MAX_IMAGE_SIDE` pixels or
    over :data:`MAX_IMAGE_PIXELS` in all (painting it would take gigabytes and minutes),
    naming its size, the limits and what to lower (``dpi_name``, e.g. ``--dpi``, saying the
    highest that fits, or ``width_name``)."""
    if not (math.isfinite(dpi) and dpi > 0):
        raise FigureError(f"a resolution of {dpi!r} dpi: expected a positive number")
    size = image_size(fig, dpi)
    if _fits(size):
        return size
    w, h = size
    fit = fitting_dpi(fig)
    mm = 25.4 / _POINTS_PER_INCH
    # a narrower figure of text is a taller one: the width is said only where it is too wide
    wide = w > MAX_IMAGE_SIDE or (h <= MAX_IMAGE_SIDE and w >= h)
    ways = f"lower {dpi_name} (this figure fits at {fit:g} dpi or less)"
    ways += f" or {width_name}" if wide else ""
    ways += f", {fig.smaller}" if fig.smaller else ""
    vector = "SVG or PDF" if max(fig.width, fig.height) <= MAX_PDF_SIDE else "SVG"
    raise FigureError(
        f"a {w:,} × {h:,} px image ({fig.width * mm:.0f} × {fig.height * mm:.0f} mm at "
        f"{dpi:g} dpi) is too large: an image has at most {MAX_IMAGE_SIDE:,} px a side and "
        f"{MAX_IMAGE_PIXELS // 1_000_000:,} megapixels; {ways}, or write {vector}"
    )


def check_page_size(fig: Figure, fmt: str) -> None:
    """FigureError, before anything is written, for a figure with a side longer than a page
    of ``fmt`` can be: a PDF page is at most :data:`MAX_PDF_SIDE` points a side (200 inches,
    the PDF reference's limit), TeX's dimensions at most :data:`MAX_TEX_SIDE` (16,383.99 pt);
    SVG has no limit, nor has PNG beyond its pixels (:func:`check_image_size`)."""
    most = {"pdf": (MAX_PDF_SIDE, "a PDF page"), "tex": (MAX_TEX_SIDE, "a TikZ picture")}
    if fmt not in most:
        return
    side, what = most[fmt]
    if fig.width <= side and fig.height <= side:
        return
    mm = 25.4 / _POINTS_PER_INCH
    ways = f"{fig.smaller}, or " if fig.smaller else "lower the font size, or "
    raise FigureError(
        f"a figure of {fig.width * mm:,.0f} × {fig.height * mm:,.0f} mm is too large for "
        f"{what}, which is at most {side * mm:,.0f} mm a side; {ways}write SVG"
    )


def to_image(fig: Figure, dpi: float = 300) -> QImage:
    """``fig`` drawn at ``dpi`` dots per inch (its size in pixels is its size in inches times
    ``dpi``), on white. FigureError, before painting, for an image larger than
    :func:`check_image_size` allows or one there is no memory for."""
    from PySide6.QtGui import QImage, QPainter

    whole_points(fig)
    w, h = check_image_size(fig, dpi)
    ensure_app()
    scale = dpi / _POINTS_PER_INCH
    image = QImage(w, h, QImage.Format.Format_ARGB32)
    if image.isNull():
        raise FigureError(f"no memory for a {w:,} × {h:,} px image; lower the resolution")
    points = round(_POINTS_PER_INCH / 0.0254)  # fonts in points while painting
    image.setDotsPerMeterX(points)
    image.setDotsPerMeterY(points)
    image.fill(0xFFFFFFFF)
    painter = QPainter(image)
    painter.scale(scale, scale)
    paint(fig, painter, raster=True)
    painter.end()
    dpm = round(dpi / 0.0254)  # the file says its real resolution
    image.setDotsPerMeterX(dpm)
    image.setDotsPerMeterY(dpm)
    return image


def to_png(fig: Figure, dpi: float = 300) -> bytes:
    """The bytes of ``fig`` as a PNG file at ``dpi``; FigureError, before painting, for one
    too large (:func:`check_image_size`)."""
    from PySide6.QtCore import QBuffer, QByteArray, QIODevice

    check_image_size(whole_points(fig), dpi)  # before the image is made
    image = to_image(fig, dpi)
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    if not image.save(buffer, "PNG"):  # type: ignore[call-overload]
        raise FigureError("the PNG could not be encoded")
    buffer.close()
    return bytes(data.data())


def write_png(fig: Figure, path: str | os.PathLike[str], dpi: float = 300) -> Path:
    """``fig`` as a PNG at ``dpi`` (:func:`to_png`), naming the file and the reason if it
    cannot be written."""
    return _write_bytes(Path(path), to_png(fig, dpi))


def write_pdf(fig: Figure, path: str | os.PathLike[str]) -> Path:
    """A one-page vector PDF exactly the figure's size (:func:`to_pdf`: made in memory, then
    written, so a file that cannot be written is refused with the reason, and nothing
    half-written)."""
    return _write_bytes(Path(path), to_pdf(fig))


def to_pdf(fig: Figure) -> bytes:
    """The bytes of ``fig`` as a one-page vector PDF exactly the figure's size."""
    from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QMarginsF, QSizeF
    from PySide6.QtGui import QPageLayout, QPageSize, QPainter, QPdfWriter

    ensure_app()
    check_page_size(whole_points(fig), "pdf")
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    writer = QPdfWriter(buffer)
    writer.setTitle(fig.title)
    writer.setCreator("whistgui")
    size = QPageSize(
        QSizeF(fig.width, fig.height),
        QPageSize.Unit.Point,
        "figure",
        QPageSize.SizeMatchPolicy.ExactMatch,
    )
    writer.setPageLayout(QPageLayout(size, QPageLayout.Orientation.Portrait, QMarginsF(0, 0, 0, 0)))
    writer.setResolution(round(_POINTS_PER_INCH))
    painter = QPainter()
    if not painter.begin(writer):
        raise FigureError("the PDF could not be made")
    paint(fig, painter)
    painter.end()
    del writer
    buffer.close()
    return bytes(data.data())


# -- SVG -----------------------------------------------------------------------------------
#: The faces whose glyphs are PostScript (CFF) outlines. Qt's FreeType engine darkens their
#: stems when it draws them into an image (Latin Modern's text came out with a third more ink
#: in a PNG than in the PDF or SVG), so an image draws them as their outlines, which every
#: format then renders alike.
_CFF_FACES: Final = frozenset({"latin-modern"})


def _glyphs(item: Text, face: Typeface) -> QPainterPath:
    """The outlines of ``item``'s glyphs in ``face``, in points, where it is drawn."""
    from PySide6.QtGui import QPainterPath, QTransform

    path = QPainterPath()
    for run in runs(item.text, item.size, bold=item.bold, italic=item.italic, face=face):
        f = font(run.size, bold=item.bold, italic=item.italic, face=face)
        f.setPixelSize(1000)  # glyphs at 1000 units to the em, then scaled to the size
        glyphs = QPainterPath()
        glyphs.addText(0, 0, f, run.text)
        k = run.size / 1000
        path.addPath(QTransform(k, 0, 0, k, item.left + run.dx, item.y + run.rise).map(glyphs))
    return path


def _outline(item: Text, face: Typeface) -> str:
    """The path data of ``item``'s glyphs in ``face``, in points."""
    path = _glyphs(item, face)
    out: list[str] = []
    i, n = 0, path.elementCount()
    while i < n:
        e = path.elementAt(i)
        if e.isMoveTo():
            out.append(f"M{_fmt(e.x)} {_fmt(e.y)}")
        elif e.isLineTo():
            out.append(f"L{_fmt(e.x)} {_fmt(e.y)}")
        elif e.isCurveTo():
            c1, c2 = path.elementAt(i + 1), path.elementAt(i + 2)
            out.append(
                f"C{_fmt(e.x)} {_fmt(e.y)} {_fmt(c1.x)} {_fmt(c1.y)} {_fmt(c2.x)} {_fmt(c2.y)}"
            )
            i += 2
        i += 1
    return "".join(out) + "Z" if out else ""


def to_svg(fig: Figure, *, outlines: bool = False) -> str:
    """``fig`` as an SVG document sized in points (one user unit a point). Text is ``<text>``
    in the figure's face at its size (renderers without that font substitute one; the pieces
    of a run a face draws smaller or lowered, :func:`~whistgui.figures.text.runs`, are
    ``<tspan>`` at their places), or with ``outlines`` the glyphs' shapes, the same
    everywhere."""
    face = find_font(fig.font)
    if outlines:
        ensure_app()
    whole_points(fig)
    svg = ET.Element(
        "svg",
        {
            "xmlns": "http://www.w3.org/2000/svg",
            "version": "1.1",
            "width": f"{_fmt(fig.width)}pt",
            "height": f"{_fmt(fig.height)}pt",
            "viewBox": f"0 0 {_fmt(fig.width)} {_fmt(fig.height)}",
        },
    )
    ET.SubElement(svg, "title").text = fig.title
    ET.SubElement(
        svg, "rect", {"x": "0", "y": "0", "width": "100%", "height": "100%", "fill": "white"}
    )

    def paint_attrs(fill: str | None, stroke: str | None, width: float) -> dict[str, str]:
        attrs = {"fill": fill or "none"}
        if stroke is not None:
            attrs |= {"stroke": stroke, "stroke-width": _fmt(width)}
        return attrs

    for item in fig.items:
        if isinstance(item, Text):
            if outlines:
                d = _outline(item, face)
                if d:
                    node = ET.SubElement(svg, "path", {"d": d, "fill": item.colour})
                    ET.SubElement(node, "title").text = item.text
                continue
            attrs = {
                "x": _fmt(item.left),
                "y": _fmt(item.y),
                "font-family": face.css,
                "font-size": _fmt(item.size),
                "fill": item.colour,
                "xml:space": "preserve",
            }
            if item.bold:
                attrs["font-weight"] = "bold"
            if item.italic:
                attrs["font-style"] = "italic"
            pieces = runs(item.text, item.size, bold=item.bold, italic=item.italic, face=face)
            node = ET.SubElement(svg, "text", attrs)
            if len(pieces) == 1 and pieces[0].text == item.text:
                node.text = item.text
                continue
            for run in pieces:
                span = {"x": _fmt(item.left + run.dx), "y": _fmt(item.y + run.rise)}
                if run.size != item.size:
                    span["font-size"] = _fmt(run.size)
                ET.SubElement(node, "tspan", span).text = run.text
        elif isinstance(item, Line):
            attrs = {
                "x1": _fmt(item.x1),
                "y1": _fmt(item.y1),
                "x2": _fmt(item.x2),
                "y2": _fmt(item.y2),
                "stroke": item.colour,
                "stroke-width": _fmt(item.width),
            }
            if item.dash:
                attrs["stroke-dasharray"] = " ".join(_fmt(d) for d in item.dash)
            ET.SubElement(svg, "line", attrs)
        elif isinstance(item, Rect):
            attrs = {
                "x": _fmt(item.x),
                "y": _fmt(item.y),
                "width": _fmt(item.w),
                "height": _fmt(item.h),
                **paint_attrs(item.fill, item.stroke, item.width),
            }
            if item.radius:
                attrs["rx"] = attrs["ry"] = _fmt(item.radius)
            ET.SubElement(svg, "rect", attrs)
        elif isinstance(item, Circle):
            ET.SubElement(
                svg,
                "circle",
                {
                    "cx": _fmt(item.cx),
                    "cy": _fmt(item.cy),
                    "r": _fmt(item.r),
                    **paint_attrs(item.fill, item.stroke, item.width),
                },
            )
        elif isinstance(item, Polygon):
            ET.SubElement(
                svg,
                "polygon",
                {
                    "points": " ".join(f"{_fmt(x)},{_fmt(y)}" for x, y in item.points),
                    **paint_attrs(item.fill, item.stroke, item.width),
                },
            )
    ET.indent(svg)
    for text_node in svg.iter("text"):  # no indenting inside a text: its spaces are kept
        if len(text_node):
            text_node.text = None
            for child in text_node:
                child.tail = None
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(svg, encoding="unicode")


def write_svg(fig: Figure, path: str | os.PathLike[str], *, outlines: bool = False) -> Path:
    return _write_text(path, to_svg(fig, outlines=outlines) + "\n")


def _write_text(path: str | os.PathLike[str], text: str) -> Path:
    return _write_bytes(Path(path), text.encode("utf-8"))


def _write_bytes(target: Path, data: bytes) -> Path:
    """``data`` written to ``target``; FigureError naming it (shortened) and the reason."""
    try:
        target.write_bytes(data)
    except (OSError, ValueError) as exc:  # ValueError: a NUL in the name
        reason = getattr(exc, "strerror", None) or str(exc)
        raise FigureError(f"could not write {quote_path(target)}: {reason}") from None
    return target


# -- TikZ ----------------------------------------------------------------------------------
_LATEX_SPECIAL = {
    "\\": r"\textbackslash{}",
    "{": r"\{",
    "}": r"\}",
    "#": r"\#",
    "$": r"\$",
    "%": r"\%",
    "&": r"\&",
    "_": r"\_",
    "~": r"\textasciitilde{}",
    "^": r"\textasciicircum{}",
}
#: Characters LaTeX sets with the picture's own macros (:data:`_SUIT_MACROS`): the red suits
#: solid, as PNG, SVG and PDF draw them (amssymb's \heartsuit and \diamondsuit are outlines,
#: and its solid ones are in no font every TeX has).
_LATEX_SUITS: Final = {"♥": r"\wgheart{}", "♦": r"\wgdiamond{}"}
_LATEX_MATH = {
    "−": "-",
    "±": r"\pm",
    "∓": r"\mp",
    "ε": r"\varepsilon",
    "ω": r"\omega",
    "ι": r"\iota",
    "σ": r"\sigma",
    "∞": r"\infty",
    "ρ": r"\rho",
    "⌊": r"\lfloor",
    "⌋": r"\rfloor",
    "α": r"\alpha",
    "χ": r"\chi",
    "′": r"{}^{\prime}",
    "♠": r"\spadesuit",
    "♥": r"\heartsuit",  # (as text: _LATEX_SUITS' solid ones, as the other formats draw)
    "♦": r"\diamondsuit",
    "♣": r"\clubsuit",
    "∀": r"\forall",
    "∃": r"\exists",
    "●": r"\bullet",
    "·": r"\cdot",
    "★": r"\star",
    "≥": r"\geq",
    "≤": r"\leq",
    "<": "<",
    ">": ">",
    "◀": r"\blacktriangleleft",
    "▶": r"\blacktriangleright",
    "▲": r"\blacktriangle",
    "▼": r"\blacktriangledown",
    "→": r"\to",
    "×": r"\times",
    "✓": r"\checkmark",
    "∈": r"\in",
    "∉": r"\notin",
    "⊕": r"\oplus",
    "⊂": r"\subset",
    "⊆": r"\subseteq",
    "≠": r"\neq",
    "|": "|",
    "⁄": "/",
    "∅": r"\emptyset",
}
_LATEX_TEXT = {
    "—": "---",
    "–": "--",
    "…": r"\ldots{}",
    "✗": "x",
    "“": "``",
    "”": "''",
    "§": r"\S{}",
    "\u00a0": "~",
    "’": "'",
    "‘": "`",
}
_SUPER = str.maketrans("⁰¹²³⁴⁵⁶⁷⁸⁹⁻", "0123456789-")
_SUB = str.maketrans("₀₁₂₃₄₅₆₇₈₉₋", "0123456789-")
#: The combining circumflex: misère nim's hat (strange algebra §6.2), written after each digit.
_HAT: Final = "\u0302"


#: Combining accents (U+0300 …) as LaTeX's text accents (``è`` → ``\`{e}``) and math accents
#: (``1̂`` → ``\hat{1}``, misère nim's hat).
_TEXT_ACCENTS: Final = {
    "\u0300": "`",
    "\u0301": "'",
    "\u0302": "^",
    "\u0303": "~",
    "\u0304": "=",
    "\u0306": "u",
    "\u0307": ".",
    "\u0308": '"',
    "\u030a": "r",
    "\u030b": "H",
    "\u030c": "v",
    "\u0327": "c",
    "\u0328": "k",
}
_MATH_ACCENTS: Final = {
    "\u0300": "grave",
    "\u0301": "acute",
    "\u0302": "hat",
    "\u0303": "tilde",
    "\u0304": "bar",
    "\u0306": "breve",
    "\u0307": "dot",
    "\u0308": "ddot",
    "\u030c": "check",
}


def _cluster(text: str, i: int) -> tuple[str, str, int]:
    """The character at ``i`` and the combining marks on it (those that follow it, and those
    a precomposed letter such as ``è`` decomposes into), and where the next one starts."""
    base, marks = text[i], ""
    if base not in _LATEX_MATH and base not in _LATEX_TEXT:
        parts = unicodedata.normalize("NFD", base)
        if len(parts) > 1 and all(unicodedata.combining(m) for m in parts[1:]):
            base, marks = parts[0], parts[1:]
    j = i + 1
    while j < len(text) and unicodedata.combining(text[j]):
        j += 1
    return base, marks + text[i + 1 : j], j


def _accented(base: str, marks: str) -> str | None:
    r"""A character with combining ``marks`` for LaTeX: a letter with text accents
    (``\`{e}``), anything else under math accents in the text's face
    (``\ensuremath{\hat{\mbox{1}}}``); None if LaTeX has no accent for a mark."""
    if base.isascii() and base.isalpha() and all(m in _TEXT_ACCENTS for m in marks):
        out = "\\i" if base == "i" else base
        for m in marks:
            out = rf"\{_TEXT_ACCENTS[m]}{{{out}}}"
        return out
    if all(m in _MATH_ACCENTS for m in marks):
        out = rf"\mbox{{{latex_text(base)}}}"  # in the text's face, under math's accent
        for m in marks:
            out = rf"\{_MATH_ACCENTS[m]}{{{out}}}"
        return rf"\ensuremath{{{out}}}"
    return None


def latex_text(text: str) -> str:
    r"""``text`` for pdflatex: the papers' symbols in math mode (``ε₂`` → ``ε_{2}``, ``⅜`` →
    a fraction, ``{}^{3}\!/{}_{8}``, no taller than a line), a letter's accents as LaTeX's
    (``è`` → ``\`{e}``), a number with a hat on each digit (misère nim's ``1̂2̂``) as one hat
    over it (``\widehat{12}``, as the theory's LaTeX writes it) in the text's face, LaTeX's
    special characters escaped.

    >>> print(latex_text("Misère: 1\u0302 — 1\u03022\u0302"))
    Mis\`{e}re: \ensuremath{\hat{\mbox{1}}} --- \ensuremath{\widehat{\mbox{12}}}
    """
    out: list[str] = []
    i = 0
    while i < len(text):
        base, marks, after = _cluster(text, i)
        if marks == _HAT and base.isascii() and base.isdigit():
            digits = base
            while after < len(text):
                b, m, nxt = _cluster(text, after)
                if m != _HAT or not (b.isascii() and b.isdigit()):
                    break
                digits, after = digits + b, nxt
            accent = "hat" if len(digits) == 1 else "widehat"
            # the digits in the text's face (\mbox), under math's hat
            out.append(rf"\ensuremath{{\{accent}{{\mbox{{{digits}}}}}}}")
            i = after
            continue
        if marks:
            said = _accented(base, marks)
            if said is not None:
                out.append(said)
                i = after
                continue
        ch = text[i]
        if ch in _LATEX_SPECIAL:
            out.append(_LATEX_SPECIAL[ch])
        elif ch in _LATEX_SUITS:
            out.append(_LATEX_SUITS[ch])
        elif ch in "<>|":
            out.append(rf"\ensuremath{{{ch}}}")
        elif ch in _LATEX_TEXT:
            out.append(_LATEX_TEXT[ch])
        elif ch in _LATEX_MATH:
            out.append(rf"\ensuremath{{{_LATEX_MATH[ch]}}}")
        elif ch.translate(_SUB) != ch or ch.translate(_SUPER) != ch:
            sub = ch.translate(_SUB) != ch
            j = i
            table = _SUB if sub else _SUPER
            while j < len(text) and text[j].translate(table) != text[j]:
                j += 1
            digits = text[i:j].translate(table)
            out.append(rf"\ensuremath{{{'_' if sub else '^'}{{{digits}}}}}")
            i = j
            continue
        elif ord(ch) < 128:
            out.append(ch)
        elif unicodedata.category(ch) == "No" and unicodedata.numeric(ch, None) is not None:
            q = Fraction(unicodedata.numeric(ch)).limit_denominator(64)
            # as the figure draws it, ³⁄₈: a stacked \frac is taller than a line of text
            out.append(rf"\ensuremath{{{{}}^{{{q.numerator}}}\!/{{}}_{{{q.denominator}}}}}")
        else:
            name = unicodedata.name(ch, "?")
            out.append(rf"\textsf{{[{latex_text(name.lower())}]}}" if name != "?" else "?")
        i += 1
    return "".join(out)


#: The macro every text node is set with: ``\wgfit{width}{text}`` is ``text``, squeezed
#: across (never taller or shorter) to ``width`` when it is wider than that. Defined where
#: the picture is, only if it is not yet, so that a picture can be ``\input`` many times.
#: ``\wgheart`` and ``\wgdiamond``: solid suits filled in the text's colour, on the baseline,
#: as wide as amssymb's outline ones, drawn by TikZ (no font needed).
_SUIT_MACROS: Final = (
    r"\providecommand{\wgheart}{\mbox{\kern0.06em\tikz[x=0.7em,y=0.68em,baseline=0pt]"
    r"\fill[color=.] (0.5,0) .. controls (0.38,0.2) and (0,0.38) .. (0,0.68) .. controls "
    r"(0,0.9) and (0.14,1.02) .. (0.27,1.02) .. controls (0.4,1.02) and (0.5,0.92) .. (0.5,0.8)"
    r" .. controls (0.5,0.92) and (0.6,1.02) .. (0.73,1.02) .. controls (0.86,1.02) and "
    r"(1,0.9) .. (1,0.68) .. controls (1,0.38) and (0.62,0.2) .. (0.5,0) -- cycle;"
    r"\kern0.06em}}",
    r"\providecommand{\wgdiamond}{\mbox{\kern0.1em\tikz[x=0.62em,y=0.62em,baseline=0pt]"
    r"\fill[color=.] (0.5,-0.05) -- (0.9,0.5) -- (0.5,1.05) -- (0.1,0.5) -- cycle;"
    r"\kern0.1em}}",
)
_FIT_MACRO: Final = (
    r"\ifdefined\wgfitbox\else\newsavebox{\wgfitbox}\fi",
    r"\providecommand{\wgfit}[2]{\sbox{\wgfitbox}{#2}\ifdim\wd\wgfitbox>#1\relax"
    r"\resizebox{#1}{\height}{\usebox{\wgfitbox}}\else\usebox{\wgfitbox}\fi}",
)


def to_tikz(fig: Figure, *, standalone: bool = True) -> str:
    r"""``fig`` as a ``tikzpicture`` in points (y down, as laid out), in a ``standalone``
    document by default; text is set in Latin Modern at each run's size — Latin Modern Sans
    for a figure in DejaVu Sans, Latin Modern Roman for one in Latin Modern (the roman of
    the document it is put in, for a picture alone).

    The text was measured in the figure's face, and LaTeX sets it in its own: to keep the
    layout whatever the face, each node is anchored at the side its text is aligned to
    (``base west`` for text that starts at its point, ``base east`` for text that ends
    there, ``base`` for centred text: a narrower setting keeps to its side, a centred one
    to its middle), and its text is no wider than was measured: set wider, it is squeezed
    across to the measured width (``\wgfit``; its height and baseline unchanged). So a
    text takes no more room than the layout gave it, and texts that were apart stay
    apart."""
    face = find_font(fig.font)
    check_page_size(whole_points(fig), "tex")
    colours: dict[str, str] = {}

    def colour(c: str) -> str:
        if c not in colours:
            colours[c] = f"wg{len(colours)}"
        return colours[c]

    body: list[str] = [
        rf"\useasboundingbox (0,0) rectangle ({_fmt(fig.width)},{_fmt(fig.height)});"
    ]
    for item in fig.items:
        if isinstance(item, Text):
            anchor = {"start": "base west", "middle": "base", "end": "base east"}[item.anchor]
            style = rf"\fontsize{{{_fmt(item.size)}}}{{{_fmt(1.2 * item.size)}}}\selectfont"
            if item.bold:
                style += r"\bfseries"
            if item.italic:
                style += r"\itshape"
            body.append(
                rf"\node[anchor={anchor},inner sep=0pt,outer sep=0pt,font={{{style}}},"
                rf"text={colour(item.colour)}] at ({_fmt(item.x)},{_fmt(item.y)}) "
                rf"{{\wgfit{{{_fmt(max(item.width, 0.01))}pt}}{{{latex_text(item.text)}}}}};"
            )
        elif isinstance(item, Line):
            dash = (
                f",dash pattern={' '.join(f'on {_fmt(d)}pt' if k % 2 == 0 else f'off {_fmt(d)}pt' for k, d in enumerate(item.dash))}"  # noqa: E501
                if item.dash
                else ""
            )
            body.append(
                rf"\draw[line width={_fmt(item.width)}pt,draw={colour(item.colour)}{dash}] "
                rf"({_fmt(item.x1)},{_fmt(item.y1)}) -- ({_fmt(item.x2)},{_fmt(item.y2)});"
            )
        elif isinstance(item, Rect | Circle | Polygon):
            opts = [f"line width={_fmt(item.width)}pt"]
            if item.fill is not None:
                opts.append(f"fill={colour(item.fill)}")
            if item.stroke is not None:
                opts.append(f"draw={colour(item.stroke)}")
            if item.fill is None and item.stroke is None:
                continue
            if isinstance(item, Rect):
                if item.radius:
                    opts.append(f"rounded corners={_fmt(item.radius)}pt")
                shape = (
                    f"({_fmt(item.x)},{_fmt(item.y)}) rectangle "
                    f"({_fmt(item.x + item.w)},{_fmt(item.y + item.h)})"
                )
            elif isinstance(item, Circle):
                shape = f"({_fmt(item.cx)},{_fmt(item.cy)}) circle[radius={_fmt(item.r)}]"
            else:
                shape = " -- ".join(f"({_fmt(x)},{_fmt(y)})" for x, y in item.points)
                shape += " -- cycle"
            body.append(rf"\path[{','.join(opts)}] {shape};")
    defs = [
        rf"\definecolor{{{name}}}{{HTML}}{{{c.lstrip('#').upper()}}}" for c, name in colours.items()
    ]
    picture = "\n".join(
        [
            *defs,
            *_FIT_MACRO,
            *_SUIT_MACROS,
            rf"\begin{{tikzpicture}}[x=1pt,y=-1pt,font={face.latex}]",
            *(f"  {line}" for line in body),
            r"\end{tikzpicture}",
        ]
    )
    if not standalone:
        return picture
    sans = [r"\renewcommand{\familydefault}{\sfdefault}"] if face.latex == r"\sffamily" else []
    return "\n".join(
        [
            r"\documentclass[tikz,border=0pt]{standalone}",
            r"\usepackage[T1]{fontenc}",
            r"\usepackage{lmodern}",
            r"\usepackage{amssymb}",
            *sans,
            r"\begin{document}",
            picture,
            r"\end{document}",
        ]
    )


def write_tex(fig: Figure, path: str | os.PathLike[str], *, standalone: bool = True) -> Path:
    return _write_text(path, to_tikz(fig, standalone=standalone) + "\n")


def write(
    fig: Figure,
    path: str | os.PathLike[str],
    fmt: str | None = None,
    *,
    dpi: float = 300,
    outlines: bool = False,
) -> Path:
    """Write ``fig`` to ``path`` in ``fmt`` (png, svg, pdf or tex; None: by the file's
    extension)."""
    target = Path(path)
    kind = (fmt or target.suffix.lstrip(".")).lower()
    if kind not in FORMATS:
        raise FigureError(
            f"{quote_path(target)}: expected a format png, svg, pdf or tex (or a file name ending "
            "in one of them)"
        )
    return _write_bytes(target, encode(fig, kind, dpi=dpi, outlines=outlines))


def encode(fig: Figure, fmt: str, *, dpi: float = 300, outlines: bool = False) -> bytes:
    """The bytes of the file ``fig`` makes in ``fmt`` (one of :data:`FORMATS`): what
    :func:`write` writes, for a stream (``whist render --out -``). Text formats in UTF-8."""
    if fmt == "png":
        return to_png(fig, dpi)
    if fmt == "pdf":
        return to_pdf(fig)
    if fmt == "svg":
        return (to_svg(fig, outlines=outlines) + "\n").encode("utf-8")
    if fmt == "tex":
        return (to_tikz(fig) + "\n").encode("utf-8")
    raise FigureError(f"format {fmt!r}: expected one of {', '.join(FORMATS)}")
