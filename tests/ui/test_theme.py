"""Light and dark themes: the palette changes, and every cell the α matrix paints keeps a
readable text colour (issue 11, defect 5: light text on the amber and blue cells)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QApplication

from tests.ui.colours import contrast
from whistgui.engine import Evaluator
from whistgui.ui.theme import (
    ThemeError,
    apply_theme,
    contrasting_text,
    error_colour,
    is_dark,
    success_colour,
)
from whistgui.ui.trick.matrix_model import AlphaMatrixModel


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_painted_matrix_cells_stay_readable(app_theme, qtmodeltester, theme):
    apply_theme(app_theme, theme)
    assert is_dark() is (theme == "dark")
    model = AlphaMatrixModel()
    model.set_analysis(Evaluator().analyze("AJ98/KQT7"))
    qtmodeltester.check(model)
    painted = 0
    for r in range(model.rowCount()):
        for c in range(model.columnCount()):
            idx = model.index(r, c)
            bg = model.data(idx, Qt.ItemDataRole.BackgroundRole)
            if bg is None:
                continue
            painted += 1
            fg = model.data(idx, Qt.ItemDataRole.ForegroundRole)
            assert fg is not None, (
                f"cell {r},{c} is painted but leaves the text colour to the theme"
            )
            assert contrast(fg.color(), bg.color()) >= 4.5
    assert painted >= 3  # maxmin, minmax and the summary row/column at least


def test_theme_names_and_returning_to_the_system_palette(app_theme):
    before = QApplication.palette().color(QApplication.palette().ColorRole.Window).name()
    apply_theme(app_theme, "Dark")
    assert is_dark()
    assert contrast(error_colour(), QApplication.palette().window().color()) >= 3
    assert contrast(success_colour(), QApplication.palette().window().color()) >= 3
    apply_theme(app_theme, "system")
    assert QApplication.palette().color(QApplication.palette().ColorRole.Window).name() == before
    with pytest.raises(ThemeError, match="unknown theme 'purple'; expected one of system"):
        apply_theme(app_theme, "purple")


def test_contrasting_text():
    for hex_ in ("#ffe082", "#90caf9", "#a5d6a7", "#f5f5f5", "#1e1e1e", "#3d6fb4"):
        bg = QColor(hex_)
        assert contrast(contrasting_text(bg), bg) >= 4.5


def test_view_theme_menu_switches_and_is_remembered(qtbot, settings, app_theme):
    from whistgui.ui.main_window import MainWindow

    w = MainWindow(settings=settings)
    qtbot.addWidget(w)
    assert w.theme_actions["system"].isChecked()
    w.theme_actions["dark"].trigger()
    assert is_dark()
    assert w.theme_actions["dark"].isChecked()
    assert settings.value("theme") == "dark"
    w2 = MainWindow(settings=settings)  # a new window starts in the saved theme
    qtbot.addWidget(w2)
    assert w2.theme_actions["dark"].isChecked()
    w2.theme_actions["light"].trigger()
    assert not is_dark()
    settings.setValue("theme", "sepia")  # an unknown saved theme falls back to System
    w3 = MainWindow(settings=settings)
    qtbot.addWidget(w3)
    assert w3.theme_actions["system"].isChecked()
