"""Issue 28's review of the values worksheet: Add is undoable and Ctrl+Z / Ctrl+Shift+Z work
with the focus in the rows (the window's Edit ▸ Undo has the same keys); Tab leaves the rows
without collapsing a two-row selection; the rows show a focus ring in the theme's colour; a
new row is selected and in sight, and the status bar says what was added; the messages of an
earlier comparison do not outlive the rows they were about; a long refusal never widens the
worksheet."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from tests.ui.test_worksheet import all_valued, compare, sheet  # noqa: F401 (the fixture)
from whistgui.ui.theme import apply_theme, colour
from whistgui.ui.trick.worksheet import START_ROWS


def _open(qtbot, window):  # type: ignore[no-untyped-def]
    ws = window.show_workspace("trick")
    ws.act_worksheet.trigger()
    s = ws.worksheet
    qtbot.waitUntil(lambda: s.isVisible() and all_valued(s), timeout=60000)
    return ws, s


def test_add_is_undone_by_ctrl_z_with_the_focus_in_the_rows(qtbot, window) -> None:
    ws, s = _open(qtbot, window)
    deal_undo = ws.session.undo_stack.count()
    s.entry.setText("AQ/KJ")
    qtbot.keyClick(s.entry, Qt.Key.Key_Return)
    assert s.model.texts == [*START_ROWS, "AQ/KJ"]
    s.view.setFocus()
    qtbot.waitUntil(s.view.hasFocus)
    qtbot.keyClick(s.view, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert s.model.texts == list(START_ROWS)
    qtbot.keyClick(
        s.view,
        Qt.Key.Key_Z,
        Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier,
    )
    assert s.model.texts == [*START_ROWS, "AQ/KJ"]
    assert ws.session.undo_stack.count() == deal_undo  # the deal's history untouched


def test_tab_leaves_the_rows_and_keeps_the_selection(qtbot, window) -> None:
    _ws, s = _open(qtbot, window)
    s.select_rows([0, 1])
    s.view.setFocus()
    qtbot.waitUntil(s.view.hasFocus)
    qtbot.keyClick(s.view, Qt.Key.Key_Tab)
    assert not s.view.hasFocus()
    assert s.selected_rows() == [0, 1]
    assert s.compare_button.isEnabled()


def test_the_rows_have_a_focus_ring_in_the_themes_colour(qtbot, sheet) -> None:  # noqa: F811
    app = QApplication.instance()
    for theme in ("dark", "light"):
        apply_theme(app, theme)
        ring = colour("focus_ring").name()
        assert f"QTableView#worksheetTable:focus {{ border: 2px solid {ring}; }}" == (
            sheet.view.styleSheet()
        )


def test_a_new_row_is_selected_in_sight_and_said(qtbot, window) -> None:
    ws, s = _open(qtbot, window)
    for text in ("AQ/KJ", "AK/QJ", "A/K K/A", "KJ/AQ", "AJ/KQ", "AK/QJ K/A", "K/A"):
        s.add_rows([text])
    s.add_table_button.click()  # Alt+T
    last = s.model.rowCount() - 1
    assert s.model.texts[-1] == str(ws.session.document.deal)
    assert s.selected_rows() == [last]
    said = window.statusBar().currentMessage()
    assert "the table's deal" in said
    assert str(ws.session.document.deal) in said
    assert f"row {last + 1}" in said

    def in_sight() -> bool:
        rect = s.view.visualRect(s.model.index(last, 0))
        return rect.isValid() and s.view.viewport().rect().contains(rect)

    qtbot.waitUntil(in_sight, timeout=5000)


def test_a_comparison_error_goes_with_clear_rows(qtbot, sheet, monkeypatch) -> None:  # noqa: F811
    import whistgui.ui.trick.worksheet as worksheet
    from whistgui.engine import WhistError

    def fails(*_args: object) -> None:
        raise WhistError("no comparison today")

    monkeypatch.setattr(worksheet, "compare_rows", fails)
    assert compare(qtbot, sheet, [0, 1]) is None
    assert "no comparison today" in sheet.error_label.text()
    sheet.clear_rows()
    assert sheet.error_label.text() == ""
    assert not sheet.error_label.isVisible()


def test_undo_brings_back_a_comparison_its_rows_took_away(qtbot, sheet) -> None:  # noqa: F811
    d, e, c = compare(qtbot, sheet, [0, 1])
    sheet.select_rows([0])
    sheet.remove_button.click()
    assert sheet.compared is None
    assert "were changed or removed" in sheet.relation_label.text()
    sheet.undo_button.click()
    assert "were changed or removed" not in sheet.relation_label.text()
    assert sheet.compared == (d, e, c)
    sheet.select_rows([0, 1])
    assert sheet.is_current()
    assert sheet.witnesses.count() == len(c.witnesses)


def test_a_long_refusal_never_widens_the_worksheet(qtbot, sheet) -> None:  # noqa: F811
    sheet.add_rows(["AKQJ/T98 KQ/A9"])  # the Undo button shown: "Undo Add Row", as below
    qtbot.waitUntil(lambda: all_valued(sheet), timeout=60000)
    wide = sheet.minimumSizeHint().width()
    long = "AKQJT98765432/" * 8
    sheet.add_rows([long])
    qtbot.waitUntil(lambda: all_valued(sheet), timeout=60000)
    sheet.select_rows([0, sheet.model.rowCount() - 1])
    assert len(sheet.compare_why.text()) > 150  # some 1,000 px
    assert sheet.minimumSizeHint().width() <= wide
    assert sheet.compare_why.toolTip() == sheet.compare_why.text()


def test_a_long_suit_row_shows_what_whist_value_shows(qtbot, sheet) -> None:  # noqa: F811
    from tests.app.test_worksheet_long import ALTERNATING, UNDECIDED
    from whistgui.ui.trick.worksheet_model import COL_KIND, COL_VALUE

    sheet.clear_rows()
    sheet.add_rows([ALTERNATING])
    qtbot.waitUntil(lambda: all_valued(sheet), timeout=60000)
    assert sheet.model.index(0, COL_VALUE).data() == "9½"
    assert "value by R44 Theorem 17.1" in sheet.model.index(0, COL_KIND).data()
    assert sheet.sum_label.text().startswith("Sum of the rows: 9½")
    sheet.add_rows([UNDECIDED])
    qtbot.waitUntil(lambda: all_valued(sheet), timeout=60000)
    assert sheet.model.index(1, COL_VALUE).data() == "?"
    kind = sheet.model.index(1, COL_KIND).data()
    assert "value beyond reach; outcome by R43 Theorem 9.1" in kind
    assert "West takes 10 tricks with West on lead and 10 with East on lead" in kind
    assert sheet.model.index(1, COL_KIND).data(Qt.ItemDataRole.ForegroundRole) is None  # no error
    assert sheet.sum_label.text().startswith("Sum: no value — row 2")
    sheet.select_rows([0, 1])
    assert not sheet.compare_button.isEnabled()
    assert sheet.compare_why.text().startswith("Row 2's value is beyond reach")


def test_the_rows_compared_are_scrolled_into_the_lists_sight(qtbot, sheet) -> None:  # noqa: F811
    """In a short dock a comparison scrolled the rows it compared out of the list's sight."""
    sheet.resize(700, 330)
    sheet.add_rows(["AQ/KJ", "AK/QJ", "A/K K/A", "KJ/AQ", "AJ/KQ", "AK/QJ K/A"])
    qtbot.waitUntil(lambda: all_valued(sheet), timeout=60000)
    sheet.view.scrollToBottom()

    def seen(i: int) -> bool:
        rect = sheet.view.visualRect(sheet.model.index(i, 0))
        return sheet.view.viewport().rect().contains(rect)  # whole, not half-clipped

    qtbot.waitUntil(lambda: not seen(0), timeout=5000)
    compare(qtbot, sheet, [0, 1])
    qtbot.waitUntil(lambda: seen(0) and seen(1), timeout=5000)
