"""Render the app icon's PNGs from its SVG source, with Qt's own SVG renderer (no screen needed).

    python packaging/render_icons.py            # writes resources/icons/whistgui-N.png
    python packaging/render_icons.py --check    # exits 1 if a PNG is missing or out of date

The source is ``resources/icons/whistgui.svg``; the sizes are
``whistgui.resources.ICON_SIZES``. Below 48 px the groups whose id starts with ``detail`` (the
corner indices of the cards) are left out: at those sizes they would only be a smudge.
"""

from __future__ import annotations

import argparse
import os
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
ICONS = ROOT / "resources" / "icons"
SOURCE = ICONS / "whistgui.svg"
DETAIL_MIN_SIZE = 48

sys.path.insert(0, str(ROOT))
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QBuffer, QByteArray, QIODevice, Qt  # noqa: E402
from PySide6.QtGui import QGuiApplication, QImage, QPainter  # noqa: E402
from PySide6.QtSvg import QSvgRenderer  # noqa: E402

from whistgui.resources import ICON_SIZES  # noqa: E402

SVG_NS = "http://www.w3.org/2000/svg"


def svg_for(size: int, svg: str) -> str:
    """The SVG text to render at ``size`` px: the ``detail*`` groups dropped below 48 px."""
    if size >= DETAIL_MIN_SIZE:
        return svg
    ET.register_namespace("", SVG_NS)
    root = ET.fromstring(svg)
    for parent in list(root.iter()):
        for child in list(parent):
            if child.get("id", "").startswith("detail"):
                parent.remove(child)
    return ET.tostring(root, encoding="unicode")


def render(svg: str, size: int) -> QImage:
    """``svg`` drawn into a transparent ``size``×``size`` image, antialiased."""
    renderer = QSvgRenderer(QByteArray(svg.encode("utf-8")))
    if not renderer.isValid():
        raise SystemExit(f"render_icons: {SOURCE} is not an SVG that Qt can draw")
    image = QImage(size, size, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(Qt.GlobalColor.transparent)
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
    renderer.render(painter)
    painter.end()
    return image.convertToFormat(QImage.Format.Format_ARGB32)


def png_bytes(image: QImage) -> bytes:
    buffer = QBuffer()
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    if not image.save(buffer, b"PNG"):
        raise SystemExit("render_icons: Qt could not encode a PNG")
    return bytes(buffer.data().data())


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--check", action="store_true", help="only check that the PNGs are current renderings"
    )
    args = parser.parse_args(argv)
    _app = QGuiApplication.instance() or QGuiApplication(sys.argv[:1])
    svg = SOURCE.read_text(encoding="utf-8")
    stale: list[str] = []
    for size in ICON_SIZES:
        target = ICONS / f"whistgui-{size}.png"
        image = render(svg_for(size, svg), size)
        if args.check:
            if not target.is_file() or not same_pixels(QImage(str(target)), image):
                stale.append(target.name)
            continue
        data = png_bytes(image)
        target.write_bytes(data)
        print(f"{target.relative_to(ROOT)}  {len(data):6d} bytes")
    if stale:
        print(f"render_icons: out of date: {', '.join(stale)}", file=sys.stderr)
        return 1
    return 0


def same_pixels(a: QImage, b: QImage, tolerance: int = 8) -> bool:
    """Whether two images have the same size and no channel of any pixel differs by more than
    ``tolerance`` (another Qt release may antialias an edge a little differently)."""
    if a.size() != b.size():
        return False
    a = a.convertToFormat(QImage.Format.Format_ARGB32)
    b = b.convertToFormat(QImage.Format.Format_ARGB32)
    pa, pb = a.constBits(), b.constBits()
    return all(abs(x - y) <= tolerance for x, y in zip(bytes(pa), bytes(pb), strict=True))


if __name__ == "__main__":
    sys.exit(main())
