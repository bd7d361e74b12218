"""Misère nim's hat on the screen (issue 26's review, W1): 1 and 0̂ are P, 0 and 1̂ N, so the
hat carries the answer — and the screen lost it. The combining circumflex the theory writes
(``0̂``) was drawn an em above the line by Qt in DejaVu Sans, or left out: the board's labels
read 3 4 5 for 3̂ 4̂ 5̂, the Elements panel put the hats as dots on the next entry's ↦, and
its meaning text read 'Sum: 0̂ — 0: …'. Each is now drawn the app's way
(ui/heaps/hats.py): the text, then ˆ over each hatted digit, clear of it."""

from __future__ import annotations

import itertools
from collections.abc import Iterator

import pytest
from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QImage, QPainter

from whistgui.app.heaps import HeapsDocument
from whistgui.figures.text import use_figure_font
from whistgui.ui.heaps.hats import HattedText, draw_hatted

HAT = "\u0302"


@pytest.fixture
def app_font(qapp) -> Iterator[QFont]:  # type: ignore[no-untyped-def]
    """The app's font (``use_figure_font``) at 9 pt; the test's own after."""
    before = QFont(qapp.font())
    use_figure_font(qapp)
    f = QFont(qapp.font())
    f.setPointSizeF(9.0)
    yield f
    qapp.setFont(before)


def ink(image: QImage, box: QRectF | None = None) -> tuple[list[int], list[int]]:
    """The rows and columns of ``image`` (within ``box``) that hold ink (darker than mid
    grey on white)."""
    r = box.toAlignedRect() if box is not None else image.rect()
    r = r.intersected(image.rect())
    rows, cols = set(), set()
    for y in range(r.top(), r.bottom() + 1):
        for x in range(r.left(), r.right() + 1):
            if image.pixelColor(x, y).lightness() < 150:
                rows.add(y)
                cols.add(x)
    return sorted(rows), sorted(cols)


def line(font: QFont, text: str) -> QImage:
    image = QImage(80, 40, QImage.Format.Format_ARGB32)
    image.fill(QColor("white"))
    p = QPainter(image)
    p.setFont(font)
    p.setPen(QColor("black"))
    draw_hatted(p, QRectF(0, 10, 80, 24), Qt.AlignmentFlag.AlignHCenter, text)
    p.end()
    return image


@pytest.mark.parametrize("bold", [False, True])
@pytest.mark.parametrize("digit", "0123456789")
def test_a_hat_is_drawn_over_its_digit_clear_of_it(app_font: QFont, bold: bool, digit: str):
    app_font.setBold(bold)
    plain_rows, plain_cols = ink(line(app_font, digit))
    hatted = line(app_font, digit + HAT)
    rows, cols = ink(hatted)
    top = plain_rows[0]
    hat = [y for y in rows if y < top]
    assert hat, "no hat above the digit"
    assert top - hat[0] <= 6  # a hat, not a mark an em above the line (Qt's: 12 px)
    assert min(hat) >= 0
    hat_cols = [x for x in cols if any(hatted.pixelColor(x, y).lightness() < 150 for y in hat)]
    assert plain_cols[0] - 1 <= (hat_cols[0] + hat_cols[-1]) / 2 <= plain_cols[-1] + 1
    assert set(plain_rows) <= set(rows)  # the digit itself as it was


def test_the_board_draws_each_element_s_hat_over_it(qtbot, app_font):  # type: ignore[no-untyped-def]
    from whistgui.ui.heaps.board import HeapsBoard

    board = HeapsBoard()
    qtbot.addWidget(board)
    board.setFont(app_font)
    board.resize(720, 440)
    doc = HeapsDocument.new("misere-nim", "1 2 3")
    board.set_position(doc.stacks, doc.kind, ("1", "2", "3"), ("1", "2" + HAT, "3" + HAT))
    image = board.grab().toImage()
    g = board.geometry_now()
    tops = []
    for i in range(3):
        rect = g.label_rect(i, 1)
        rows, _cols = ink(image, rect.adjusted(0, -QFontMetricsF(app_font).height() / 2, 0, 0))
        tops.append(rows[0] - rect.top())
    # the unhatted 1 starts at the digits' top; 2̂ and 3̂ reach higher by their hats, not far
    assert tops[1] <= tops[0] - 2
    assert tops[2] <= tops[0] - 2
    assert tops[0] - tops[1] <= 6


def test_the_elements_panel_writes_and_draws_every_hat(qtbot, app_font):  # type: ignore[no-untyped-def]
    from whistgui.app.heaps import theory_view
    from whistgui.ui.heaps.panel import HeapsPanel

    panel = HeapsPanel()
    qtbot.addWidget(panel)
    panel.setFont(app_font)
    doc = HeapsDocument.new("misere-nim", "1 2 3")
    panel.show_document(doc, theory_view(doc))
    text = panel.elements_text.text()
    assert f"2\u00a0↦\u00a02{HAT}" in text
    assert f"3\u00a0↦\u00a03{HAT}" in text
    # the sum said once (issue 26's third review, 8): its hat once
    assert f"Sum: 0{HAT} — nim-sum 0 with a heap of 2 or more" in text
    panel.resize(360, 600)
    panel.show()
    qtbot.waitExposed(panel)
    shown = panel.elements_text.grab().toImage()
    plain = HattedText()
    qtbot.addWidget(plain)
    plain.setFont(panel.elements_text.font())
    plain.set_paragraphs(
        [[(t.replace(HAT, ""), b) for t, b in p] for p in panel.elements_text.paragraphs()]
    )
    plain.resize(panel.elements_text.size())
    bare = plain.grab().toImage()
    # what differs is the three hats, each a mark above its digit: ink only above where the
    # bare text has some in the same column just below
    diff = [
        (x, y)
        for y in range(shown.height())
        for x in range(shown.width())
        if (shown.pixelColor(x, y).lightness() < 150) != (bare.pixelColor(x, y).lightness() < 150)
    ]
    assert diff
    columns = sorted({x for x, _y in diff})
    groups = 1 + sum(1 for a, b in itertools.pairwise(columns) if b > a + 1)
    assert groups == 3
    for x, y in diff:
        below = [
            bare.pixelColor(x2, y2).lightness() < 150
            for x2 in (x - 1, x, x + 1)
            for y2 in range(y + 1, min(bare.height(), y + 9))
        ]
        assert any(below), (x, y)


def test_the_elements_tooltip_draws_the_theory_s_title_with_its_hats(qtbot, app_font):  # type: ignore[no-untyped-def]
    from PySide6.QtCore import QEvent, QPoint
    from PySide6.QtGui import QHelpEvent
    from PySide6.QtWidgets import QApplication

    from whistgui.app.heaps import theory_view
    from whistgui.ui.heaps.panel import HeapsPanel

    panel = HeapsPanel()
    qtbot.addWidget(panel)
    doc = HeapsDocument.new("misere-nim", "1 2 3")
    view = theory_view(doc)
    assert view is not None
    panel.show_document(doc, view)
    panel.show()
    qtbot.waitExposed(panel)
    label = panel.elements_text
    assert label.tip_text() == view.title
    assert f"0{HAT}, 1{HAT}" in view.title
    event = QHelpEvent(QEvent.Type.ToolTip, QPoint(5, 5), label.mapToGlobal(QPoint(5, 5)))
    QApplication.sendEvent(label, event)
    popup = label.tip_popup
    assert popup is not None
    assert popup.isVisible()
    assert popup.text() == view.title


def test_a_hat_of_the_second_line_is_clear_of_the_first(qtbot, app_font):  # type: ignore[no-untyped-def]
    """Misère nim '3 4 5': a tiny mark seemed to follow 3̂ in the Elements panel — the hat of
    the next line's 'Sum: 2̂', drawn into the first line's descent (issue 26's second review,
    6). Each line after the first has room above it for its hats: no hat of line 2 reaches
    the first line's descent."""
    from PySide6.QtCore import QPointF

    from whistgui.figures.text import HAT_GLYPH
    from whistgui.ui.heaps.hats import hat_points

    text = HattedText()
    qtbot.addWidget(text)
    text.setFont(app_font)
    bold = QFont(app_font)
    bold.setBold(True)
    text.set_paragraphs(
        [[("3 ↦ ", False), (f"3{HAT}", True)], [("Sum: ", False), (f"2{HAT}", True)]]
    )
    first, second = text._baselines(2)
    descent = max(QFontMetricsF(f).descent() for f in (app_font, bold))
    x = QFontMetricsF(app_font).horizontalAdvance("Sum: ")
    (at,) = hat_points(bold, text.logicalDpiY(), f"2{HAT}", QPointF(x, second))
    hat_top = at.y() + QFontMetricsF(bold).tightBoundingRect(HAT_GLYPH).top()
    assert hat_top > first + descent
    assert text.heightForWidth(300) >= round(second + descent)
