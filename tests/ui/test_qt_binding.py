"""The Qt binding itself must be sound: PySide6 6.12.0 on Python 3.11 decremented None's
reference count on every call of a void method, so a painted window crashed the interpreter at
exit ("deallocating None"). This test fails loudly if a binding with that fault is installed."""

from __future__ import annotations

import sys

from PySide6.QtCore import QRectF
from PySide6.QtGui import QColor, QImage, QPainter, QPainterPath


def test_void_calls_keep_none_alive():
    img = QImage(20, 20, QImage.Format.Format_ARGB32)
    painter = QPainter(img)
    before = sys.getrefcount(None)
    for _ in range(200):
        painter.save()
        painter.setPen(QColor("#123456"))
        painter.fillPath(QPainterPath(), QColor("#ffffff"))
        painter.drawRoundedRect(QRectF(1, 1, 5, 5), 1, 1)
        painter.restore()
    after = sys.getrefcount(None)
    painter.end()
    # A sound binding leaves None's count about where it was; the faulty one loses 1000.
    assert after - before > -100, f"None lost {before - after} references in 1000 void calls"
