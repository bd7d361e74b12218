"""The Single Suits window: every suit of n cards a hand listed on the engine service, sorted,
filtered, plotted; a row opens its suit in the table and the inspector."""

from __future__ import annotations

from whistgui.app.lab import lab_rows
from whistgui.engine import Evaluator
from whistgui.engine.deal import SuitDeal
from whistgui.ui.lab.suit_model import (
    T0,
    VALUE,
    PatternRole,
    RowRole,
    SortRole,
    SuitFilter,
    SuitTableModel,
)


def test_the_model_passes_the_model_tester(qtmodeltester) -> None:  # type: ignore[no-untyped-def]
    model = SuitTableModel()
    model.set_rows(lab_rows(3))
    qtmodeltester.check(model)
    proxy = SuitFilter()
    proxy.setSourceModel(model)
    qtmodeltester.check(proxy)


def test_rows_hold_the_evaluators_values_and_sort_by_number() -> None:
    rows = lab_rows(4)
    ev = Evaluator()
    model = SuitTableModel()
    model.set_rows(rows)
    for r in range(model.rowCount()):
        row = model.index(r, 0).data(RowRole)
        pattern = model.index(r, 0).data(PatternRole)
        assert row.value == ev.pattern_value(pattern)
        assert str(SuitDeal.from_pattern(pattern)) == model.index(r, 0).data()
    proxy = SuitFilter()
    proxy.setSourceModel(model)
    proxy.sort(VALUE)
    numbers = [
        float(proxy.index(r, VALUE).data(RowRole).value.number) for r in range(proxy.rowCount())
    ]
    assert numbers == sorted(numbers)
    proxy.sort(T0)
    traces = [proxy.index(r, T0).data(SortRole) for r in range(proxy.rowCount())]
    assert traces == sorted(traces)


def test_the_filter_keeps_rows_with_every_word() -> None:
    model = SuitTableModel()
    model.set_rows(lab_rows(3))
    proxy = SuitFilter()
    proxy.setSourceModel(model)
    proxy.set_words("exit")
    kept = [proxy.index(r, 0).data(RowRole) for r in range(proxy.rowCount())]
    assert kept
    assert all("exit" in row.kind for row in kept)
    assert len(kept) < model.rowCount()
    proxy.set_words("")
    assert proxy.rowCount() == model.rowCount()


def test_listing_plots_and_opening_a_suit(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    lab = window.single_suits()
    qtbot.addWidget(lab)
    lab.n.setValue(4)
    lab.list_suits()
    qtbot.waitUntil(lambda: lab.model.rowCount() == 70, timeout=20000)
    assert lab.distinct[4] == len({r.value for r in lab.model.rows})
    assert sorted(lab.distinct) == [1, 2, 3, 4]  # the smaller n too, for the growth plot
    assert lab.count.text() == "70 suits"
    lab.filter.setText("ε")
    assert "of 70 suits" in lab.count.text()
    # a row opens its suit as the deal, in the inspector
    index = lab.proxy.index(0, 0)
    pattern = index.data(PatternRole)
    lab.table.doubleClicked.emit(index)
    assert window.session.document.deal.suits == (SuitDeal.from_pattern(pattern),)
    assert window.inspector_dock.isVisible()
    window.session.undo_stack.undo()
    assert str(window.session.document.deal) != str(SuitDeal.from_pattern(pattern))


def test_a_range_of_n_lists_them_all(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    lab = window.single_suits()
    qtbot.addWidget(lab)
    lab.n.setValue(2)
    lab.n_to.setValue(4)
    lab.list_suits()
    qtbot.waitUntil(lambda: lab.model.rowCount() == 6 + 20 + 70, timeout=20000)
    assert sorted({r.n for r in lab.model.rows}) == [2, 3, 4]
    assert {1, 2, 3, 4} <= set(lab.distinct)
    lab.proxy.sort(1)  # by n
    assert lab.proxy.index(0, 1).data() == "2"
