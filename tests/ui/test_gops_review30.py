"""Review 30's findings on the GOPS Strategies and Matrix Game pages, as a user meets them."""

from __future__ import annotations

from PySide6.QtCore import Qt

from whistgui.ui.gops.matrix_page import MatrixPage

WAIT = 60_000


def test_the_matrix_page_reads_decimal_commas_and_says_the_shape(qtbot, service) -> None:
    p = MatrixPage(service)
    qtbot.addWidget(p)
    p.resize(800, 600)
    p.show()
    assert "read as a 2 × 2 matrix" in p.shape_label.text()  # the example, at once
    p.edit.setPlainText("0,5\t1\n1\t0,5")
    p.check()
    assert p.shape_label.text() == "The text is read as a 2 × 2 matrix (2 rows, 2 columns)."
    qtbot.mouseClick(p.solve_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: p.solution is not None, timeout=WAIT)
    assert str(p.solution.value) == "3/4"
    p.edit.setPlainText("5")
    p.check()
    assert p.shape_label.text() == "The text is read as a 1 × 1 matrix (1 row, 1 column)."
    p.edit.setPlainText("0,5\t1, 2")
    p.check()
    assert p.shape_label.text() == ""
    assert "decimal commas? write 0.5" in p.error_label.text()
