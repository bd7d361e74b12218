"""Figures for articles: any widget as PNG at a chosen scale, as SVG, or on the clipboard."""

from __future__ import annotations

import os
from pathlib import Path

from PySide6.QtCore import QPoint, QRect, QSize, Qt
from PySide6.QtGui import QGuiApplication, QImage, QPainter
from PySide6.QtSvg import QSvgGenerator
from PySide6.QtWidgets import QWidget

from whistgui.engine import WhistError

FORMATS = (".png", ".svg")


FIGURE_FONT = "DejaVu Sans"


def use_figure_font(app: QGuiApplication) -> None:
    """Use a font that has the paper's symbols (ε, ±, ½, subscripts) for all text, where it is
    installed: text set in a fallback font is placed badly in SVG figures."""
    from PySide6.QtGui import QFont, QFontDatabase

    if FIGURE_FONT in QFontDatabase.families():
        font = QFont(app.font())
        font.setFamily(FIGURE_FONT)
        app.setFont(font)


class ExportError(WhistError, ValueError):
    """A figure could not be written; the message names the file."""


def widget_image(widget: QWidget, scale: float = 2.0) -> QImage:
    """``widget`` rendered at ``scale`` times its size (vector parts stay sharp)."""
    if not 0.25 <= scale <= 8:
        raise ExportError(f"scale {scale!r} is out of range; expected 0.25 to 8")
    size = widget.size()
    img = QImage(
        QSize(max(1, round(size.width() * scale)), max(1, round(size.height() * scale))),
        QImage.Format.Format_ARGB32_Premultiplied,
    )
    img.setDevicePixelRatio(1.0)
    img.fill(Qt.GlobalColor.white)
    painter = QPainter(img)
    try:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        painter.setRenderHint(QPainter.RenderHint.TextAntialiasing, True)
        painter.scale(scale, scale)
        widget.render(painter, QPoint(0, 0))
    finally:
        painter.end()
    return img


def save_png(widget: QWidget, path: str | os.PathLike[str], scale: float = 2.0) -> Path:
    target = Path(path)
    img = widget_image(widget, scale)
    if not img.save(str(target), "PNG"):
        raise ExportError(
            f"could not write {str(target)!r}; check the folder exists and is writable"
        )
    return target


def save_svg(widget: QWidget, path: str | os.PathLike[str], title: str = "whistgui figure") -> Path:
    target = Path(path)
    if not target.parent.exists():
        raise ExportError(f"could not write {str(target)!r}: the folder does not exist")
    gen = QSvgGenerator()
    gen.setFileName(str(target))
    gen.setSize(widget.size())
    gen.setViewBox(QRect(0, 0, widget.width(), widget.height()))
    gen.setTitle(title)
    gen.setDescription("Drawn by whistgui")
    painter = QPainter()
    if not painter.begin(gen):
        raise ExportError(f"could not write {str(target)!r}")
    try:
        widget.render(painter, QPoint(0, 0))
    finally:
        painter.end()
    if not target.exists() or target.stat().st_size == 0:
        raise ExportError(f"could not write {str(target)!r}")
    return target


def save_figure(widget: QWidget, path: str | os.PathLike[str], scale: float = 2.0) -> Path:
    """PNG or SVG by the file's suffix."""
    suffix = Path(path).suffix.lower()
    if suffix == ".png":
        return save_png(widget, path, scale)
    if suffix == ".svg":
        return save_svg(widget, path)
    raise ExportError(f"{str(path)!r}: expected a file name ending in .png or .svg")


def copy_image(widget: QWidget, scale: float = 2.0) -> QImage:
    img = widget_image(widget, scale)
    QGuiApplication.clipboard().setImage(img)
    return img
