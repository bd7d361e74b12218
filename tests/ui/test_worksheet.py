"""The values worksheet (issue 28): rows valued in the background as the engine values them,
their sum, two rows compared with their witnesses — each solved again here — and a witness
opened in the table as D + z; bad rows said in the error role; the model a sound item model."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from whistgui.app.document import Document
from whistgui.app.worksheet import witness_deal
from whistgui.engine import Deal, Evaluator, Solver, Value
from whistgui.ui.theme import colour
from whistgui.ui.trick.session import Session
from whistgui.ui.trick.worksheet import START_ROWS, WorksheetView
from whistgui.ui.trick.worksheet_model import COL_KIND, COL_VALUE, WorksheetModel


@pytest.fixture
def sheet(qtbot, service):  # type: ignore[no-untyped-def]
    session = Session(Document.from_deal(Deal.parse("AQ/KJ K/A")))
    w = WorksheetView(session, service)
    qtbot.addWidget(w)
    w.resize(700, 500)
    w.show()
    qtbot.waitExposed(w)
    qtbot.waitUntil(lambda: all_valued(w), timeout=60000)
    return w


def all_valued(w: WorksheetView) -> bool:
    return all(w.model.is_valued(i) for i in range(w.model.rowCount()))


def compare(qtbot, w: WorksheetView, rows: list[int]):  # type: ignore[no-untyped-def]
    w.select_rows(rows)
    assert w.compare_button.isEnabled()
    w.compare_button.click()
    qtbot.waitUntil(lambda: w.compared is not None or bool(w.error_label.text()), timeout=60000)
    return w.compared


def test_rows_are_valued_as_the_engine_values_them(sheet):
    ev = Evaluator()
    assert sheet.model.texts == list(START_ROWS)
    for i, text in enumerate(START_ROWS):
        shown = sheet.model.index(i, COL_VALUE).data()
        assert shown == ev.value(Deal.parse(text)).pretty()
    total = sum((ev.value(Deal.parse(t)) for t in START_ROWS), start=Value(0))
    assert total.pretty() in sheet.sum_label.text()


@pytest.mark.parametrize(
    ("rows", "relation", "ways"),
    [([0, 1], "<", 1), ([2, 3], "=", 0), ([4, 5], "incomparable", 2)],
)
def test_two_rows_compared_with_witnesses_solved_again(qtbot, sheet, rows, relation, ways):
    got = compare(qtbot, sheet, rows)
    assert got is not None, sheet.error_label.text()
    d, e, c = got
    assert (d.text, e.text) == (START_ROWS[rows[0]], START_ROWS[rows[1]])
    assert c.relation == relation
    assert len(c.witnesses) == ways
    assert sheet.witnesses.count() == ways
    assert sheet.witnesses.isVisible() == bool(ways)
    solver = Solver()
    for k, w in enumerate(c.witnesses):
        assert solver.outcome(witness_deal(d.deal, w)) == w.d
        assert solver.outcome(Deal(e.deal.suits + w.z.suits)) == w.e
        assert w.d != w.e
        assert str(w.z) in sheet.witnesses.item(k).text()
    words = {"<": "D < E", "=": "D ≡ E", "incomparable": "incomparable"}[relation]
    assert words in sheet.relation_label.text()


def test_a_witness_opens_as_d_plus_z(qtbot, sheet):
    d, _e, c = compare(qtbot, sheet, [4, 5])
    sheet.witnesses.setCurrentRow(1)
    with qtbot.waitSignal(sheet.dealOpened) as blocker:
        sheet.open_button.click()
    assert blocker.args[0] == Deal(d.deal.suits + c.witnesses[1].z.suits)


def test_a_bad_row_is_said_in_the_error_role_and_cannot_be_compared(qtbot, sheet):
    sheet.entry.setText("AK/Q")
    sheet.add_button.click()
    qtbot.waitUntil(lambda: all_valued(sheet), timeout=60000)
    i = sheet.model.rowCount() - 1
    kind = sheet.model.index(i, COL_KIND)
    assert "'AK/Q'" in kind.data()
    assert "not symmetric" in kind.data()
    assert kind.data(Qt.ItemDataRole.ForegroundRole).color() == colour("error")
    sheet.select_rows([0, i])
    assert not sheet.compare_button.isEnabled()
    assert "rows without a value left out" in sheet.sum_label.text()


def test_an_edited_row_is_valued_again_and_removed_rows_go(qtbot, sheet):
    model = sheet.model
    assert model.setData(model.index(0, 0), "AJ/KQ")
    assert not model.is_valued(0)
    qtbot.waitUntil(lambda: all_valued(sheet), timeout=60000)
    assert model.index(0, COL_VALUE).data() == "1 + ε₁"
    sheet.select_rows([0, 1])
    sheet.remove_button.click()
    assert model.texts == list(START_ROWS[2:])


def test_the_tables_deal_is_added(qtbot, sheet):
    sheet.add_table_button.click()
    assert sheet.model.texts[-1] == "AQ/KJ K/A"
    qtbot.waitUntil(lambda: all_valued(sheet), timeout=60000)
    assert sheet.model.index(len(START_ROWS), COL_VALUE).data() == "1½ + ε₀"


def test_a_comparison_beyond_exact_search_is_refused_plainly(qtbot, sheet):
    sheet.entry.setText("AKQJ/T987 AKQJ/T987 AKQJ/T987 AKQJ/T987")
    sheet.add_button.click()
    qtbot.waitUntil(lambda: all_valued(sheet), timeout=60000)
    got = compare(qtbot, sheet, [1, sheet.model.rowCount() - 1])
    assert got is None
    assert "no position z of at most 0 cards a hand" in sheet.error_label.text()
    assert sheet.compare_button.isEnabled()  # another comparison may be asked for


def test_the_model_is_a_sound_item_model(qtmodeltester):
    model = WorksheetModel()
    for text in ("K/A", "A/K", "AK/Q"):
        model.add(text)
    qtmodeltester.check(model, force_py=True)


def test_the_workspace_opens_a_witness_in_the_table(qtbot, window):
    ws = window.show_workspace("trick")
    ws.act_worksheet.trigger()
    sheet = ws.worksheet
    qtbot.waitUntil(lambda: sheet.isVisible() and all_valued(sheet), timeout=60000)
    d, _e, c = compare(qtbot, sheet, [0, 1])
    sheet.open_button.click()
    assert ws.session.document.deal == Deal(d.deal.suits + c.witnesses[0].z.suits)
    assert ws.session.game == "whist"
