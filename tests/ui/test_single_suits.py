"""The Single Suits window: every suit of n cards a hand listed on the engine service, sorted,
filtered, plotted; a row opens its suit in the table and the inspector."""

from __future__ import annotations

import itertools
from math import comb

import pytest
from PySide6.QtCore import Qt

from whistgui.app.lab import LabRow, lab_table
from whistgui.engine import Evaluator
from whistgui.engine.deal import SuitDeal
from whistgui.ui.lab.suit_model import (
    COLUMNS,
    FIVE,
    GREEDY,
    KIND,
    MAXMIN,
    MINMAX,
    SUIT,
    T0,
    VALUE,
    WHIST,
    WHIST_H,
    PatternRole,
    RowRole,
    SortRole,
    SuitTableModel,
)

# -- plain Python over LabRows: what the model must agree with ---------------------------------


def _texts(row: LabRow) -> list[str]:
    """The cells of a row as the old model wrote them."""
    if row.whist_h is None:
        which = "neither"
    else:
        which = "H = H̄" if row.h == row.hbar else ("H" if row.whist_h == row.h else "H̄")
    return [
        row.suit,
        str(row.n),
        row.value.pretty(),
        row.kind,
        row.maxmin.pretty(),
        row.minmax.pretty(),
        str(row.t0),
        str(row.h),
        str(row.hbar),
        which,
        f"{row.whist[0]} / {row.whist[1]}",
        f"{row.greedy[0]} / {row.greedy[1]}",
        f"{row.five_card[0]} / {row.five_card[1]}",
    ]


def _key(row: LabRow, place: int, col: int) -> object:
    """Numbers as numbers, values by their order (their own <), words as words."""
    by_column: dict[int, object] = {
        SUIT: place,
        1: row.n,
        VALUE: row.value,
        KIND: row.kind,
        MAXMIN: row.maxmin,
        MINMAX: row.minmax,
        T0: row.t0,
        7: row.h,
        8: row.hbar,
        WHIST_H: _texts(row)[WHIST_H],
        WHIST: row.whist,
        GREEDY: row.greedy,
        FIVE: _texts(row)[FIVE],
    }
    return by_column[col]


def _shown(model: SuitTableModel) -> list[int]:
    return [model.suit_row(r) for r in range(model.rowCount())]


@pytest.fixture(scope="module")
def table456():  # type: ignore[no-untyped-def]
    return lab_table(4, 6)


# -- the model -----------------------------------------------------------------------------------


def test_the_model_passes_the_model_tester(qtmodeltester) -> None:  # type: ignore[no-untyped-def]
    model = SuitTableModel()
    model.set_table(lab_table(3))
    qtmodeltester.check(model)
    model.sort(VALUE, Qt.SortOrder.DescendingOrder)
    model.set_words("exit")
    qtmodeltester.check(model)
    model.set_table(None)
    qtmodeltester.check(model)


def test_rows_hold_the_evaluators_values_and_sort_by_number() -> None:
    ev = Evaluator(kernel_from=None)
    model = SuitTableModel()
    model.set_table(lab_table(4))
    assert model.rowCount() == model.total == 70
    for r in range(model.rowCount()):
        row = model.index(r, 0).data(RowRole)
        pattern = model.index(r, 0).data(PatternRole)
        assert row.value == ev.pattern_value(pattern)
        assert str(SuitDeal.from_pattern(pattern)) == model.index(r, 0).data()
        assert model.index(r, VALUE).data() == row.value.pretty()
    model.sort(VALUE)
    numbers = [
        float(model.index(r, VALUE).data(RowRole).value.number) for r in range(model.rowCount())
    ]
    assert numbers == sorted(numbers)
    model.sort(T0)
    traces = [model.index(r, T0).data(SortRole) for r in range(model.rowCount())]
    assert traces == sorted(traces)


@pytest.mark.parametrize("col", range(len(COLUMNS)))
def test_sorting_agrees_with_plain_python(col: int, table456) -> None:  # type: ignore[no-untyped-def]
    rows = [table456.row(i) for i in range(len(table456))]
    model = SuitTableModel()
    model.set_table(table456)
    for order, reverse in (
        (Qt.SortOrder.AscendingOrder, False),
        (Qt.SortOrder.DescendingOrder, True),
    ):
        model.sort(col, order)
        expected = sorted(range(len(rows)), key=lambda i: _key(rows[i], i, col), reverse=reverse)
        # equal keys keep the natural order either way, as Python's sort does
        assert _shown(model) == expected
    model.sort(-1)
    assert _shown(model) == list(range(len(rows)))


WORDS = [
    "exit",
    "EXIT west",
    "1½",
    "number lead",
    "h̄",
    "neither",
    "h = h̄",
    "3 / 3",
    "east / east",
    "(w,",
    "ε₁ stopper",
    "aq",
    "[",
    "akq 5",
    "-",
    "5",
    "zzz",
]


@pytest.mark.parametrize("words", WORDS)
def test_filtering_agrees_with_plain_python(words: str, table456) -> None:  # type: ignore[no-untyped-def]
    rows = [table456.row(i) for i in range(len(table456))]
    model = SuitTableModel()
    model.set_table(table456)
    model.set_words(words)
    wanted = [w.casefold() for w in words.split()]
    expected = [
        i
        for i, row in enumerate(rows)
        if all(any(w in cell.casefold() for cell in _texts(row)) for w in wanted)
    ]
    assert _shown(model) == expected
    model.sort(VALUE, Qt.SortOrder.DescendingOrder)  # sorted and filtered
    assert _shown(model) == sorted(expected, key=lambda i: rows[i].value, reverse=True)
    model.set_words("")
    assert model.rowCount() == len(rows)


def test_a_sort_and_a_filter_keep_the_current_suit(qtbot) -> None:  # type: ignore[no-untyped-def]
    from PySide6.QtWidgets import QTableView

    model = SuitTableModel()
    model.set_table(lab_table(5))
    view = QTableView()
    qtbot.addWidget(view)
    view.setModel(model)
    view.setCurrentIndex(model.index(100, 2))
    pattern = view.currentIndex().data(PatternRole)
    model.sort(VALUE, Qt.SortOrder.DescendingOrder)
    assert view.currentIndex().data(PatternRole) == pattern
    assert view.currentIndex().column() == 2
    kind = view.currentIndex().data(RowRole).kind
    model.set_words(kind.split()[0])
    assert view.currentIndex().data(PatternRole) == pattern
    model.set_words("no such word")
    assert not view.currentIndex().isValid()


def test_a_big_table_asks_for_its_suits_texts() -> None:
    import whistgui.ui.lab.suit_model as suit_model

    model = SuitTableModel()
    table = lab_table(5)
    old = suit_model.SYNC_SUIT_TEXTS
    suit_model.SYNC_SUIT_TEXTS = 100  # pretend 252 suits are many
    try:
        asked: list[bool] = []
        model.suitTextsWanted.connect(lambda: asked.append(True))
        model.set_table(table)
        model.set_words("ak")  # only a suit's text holds it
        assert asked == [True]
        assert model.suit_texts_pending
        assert model.rowCount() == 0
        model.set_suit_texts(lab_table(5), table.suit_texts(lower=True))  # another table's
        assert model.rowCount() == 0
        model.set_suit_texts(table, table.suit_texts(lower=True))
        assert not model.suit_texts_pending
        shown = [model.index(r, SUIT).data() for r in range(model.rowCount())]
        assert shown
        assert all("AK" in s for s in shown)
        assert len(shown) == sum("AK" in table.suit_text(i) for i in range(len(table)))
    finally:
        suit_model.SYNC_SUIT_TEXTS = old


# -- the window ----------------------------------------------------------------------------------


def test_listing_plots_and_opening_a_suit(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    lab = window.single_suits()
    qtbot.addWidget(lab)
    lab.n.setValue(4)
    lab.list_suits()
    qtbot.waitUntil(lambda: lab.model.rowCount() == 70, timeout=20000)
    table = lab.model.table
    assert lab.distinct[4] == len({table.value_of(i) for i in range(len(table))})
    assert sorted(lab.distinct) == [1, 2, 3, 4]  # the smaller n too, for the growth plot
    assert lab.count.text() == "70 suits"
    lab.filter.setText("ε")
    assert "of 70 suits" in lab.count.text()
    # a row opens its suit as the deal, in the inspector
    index = lab.model.index(0, 0)
    pattern = index.data(PatternRole)
    lab.table.doubleClicked.emit(index)
    assert window.session.document.deal.suits == (SuitDeal.from_pattern(pattern),)
    assert window.inspector_dock.isVisible()
    window.session.undo_stack.undo()
    assert str(window.session.document.deal) != str(SuitDeal.from_pattern(pattern))


def test_enter_opens_the_current_suit(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    lab = window.single_suits()
    qtbot.addWidget(lab)
    qtbot.waitUntil(lambda: lab.model.rowCount() == comb(12, 6), timeout=20000)  # n = 6
    lab.table.setCurrentIndex(lab.model.index(5, 0))
    pattern = lab.model.index(5, 0).data(PatternRole)
    with qtbot.waitSignal(lab.suitChosen) as chosen:
        qtbot.keyClick(lab.table, Qt.Key.Key_Return)
    assert chosen.args == [pattern]


def test_a_range_of_n_lists_them_all(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    lab = window.single_suits()
    qtbot.addWidget(lab)
    lab.n.setValue(2)
    lab.n_to.setValue(4)
    lab.list_suits()
    qtbot.waitUntil(lambda: lab.model.rowCount() == 6 + 20 + 70, timeout=20000)
    assert lab.model.table.ns == (2, 3, 4)
    assert {1, 2, 3, 4} <= set(lab.distinct)
    lab.model.sort(1, Qt.SortOrder.DescendingOrder)  # by n
    assert lab.model.index(0, 1).data() == "4"
    lab.table.sortByColumn(1, Qt.SortOrder.AscendingOrder)  # through the header
    assert lab.model.index(0, 1).data() == "2"


def test_a_big_tables_suit_texts_come_from_the_engine(qtbot, window, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    import whistgui.ui.lab.suit_model as suit_model

    monkeypatch.setattr(suit_model, "SYNC_SUIT_TEXTS", 100)  # 252 suits are many here
    lab = window.single_suits()
    qtbot.addWidget(lab)
    lab.n.setValue(5)
    lab.list_suits()
    qtbot.waitUntil(lambda: lab.model.total == 252, timeout=20000)
    table = lab.model.table
    lab.filter.setText("ak exit")
    qtbot.waitUntil(lambda: not lab.model.suit_texts_pending, timeout=20000)
    expected = sum(
        "AK" in table.suit_text(i) and "exit" in table.row(i).kind for i in range(len(table))
    )
    assert 0 < expected < 252
    assert lab.count.text() == f"{expected} of 252 suits"


def test_ten_cards_a_hand(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    lab = window.single_suits()
    qtbot.addWidget(lab)
    lab.n.setValue(10)
    lab.list_suits()
    qtbot.waitUntil(lambda: lab.model.total == 184_756, timeout=60000)
    model = lab.model
    assert model.rowCount() == 184_756
    assert lab.count.text() == "184,756 suits"
    assert sorted(lab.distinct) == list(range(1, 11))
    lab.table.sortByColumn(VALUE, Qt.SortOrder.AscendingOrder)
    ends = [*range(50), *range(model.rowCount() - 50, model.rowCount())]
    values = [model.index(r, VALUE).data(RowRole).value for r in ends]
    assert all(a <= b for a, b in itertools.pairwise(values))
    assert values[0] < values[-1]
    lab.filter.setText("exit")  # applied after a pause in the typing
    qtbot.waitUntil(lambda: "of 184,756 suits" in lab.count.text(), timeout=10000)
    shown = model.rowCount()
    assert 0 < shown < 184_756
    assert all("exit" in model.index(r, 3).data() for r in (0, shown // 2, shown - 1))
    keys = [model.index(r, VALUE).data(SortRole) for r in range(0, shown, max(1, shown // 500))]
    assert keys == sorted(keys)  # still sorted by value
    assert lab.count.text() == f"{shown:,} of 184,756 suits"
