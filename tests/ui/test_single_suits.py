"""The Single Suits window: every suit of n cards a hand listed on the engine service, sorted,
filtered, plotted; a row opens its suit in the table and the inspector."""

from __future__ import annotations

import itertools
from math import comb

import pytest
from PySide6.QtCore import Qt

from tests.lab_cells import row_cells
from tests.ui.workspaces import single_suits, trick
from whistgui.app.lab import LabRow, lab_table
from whistgui.engine import Evaluator
from whistgui.engine.trick.deal import SuitDeal
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
        WHIST_H: row_cells(row)[WHIST_H],
        WHIST: row.whist,
        GREEDY: row.greedy,
        FIVE: row_cells(row)[FIVE],
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
        if all(any(w in cell.casefold() for cell in row_cells(row)) for w in wanted)
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
    lab = single_suits(window)
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
    assert trick(window).session.document.deal.suits == (SuitDeal.from_pattern(pattern),)
    assert trick(window).inspector_dock.isVisible()
    trick(window).session.undo_stack.undo()
    assert str(trick(window).session.document.deal) != str(SuitDeal.from_pattern(pattern))


def test_enter_opens_the_current_suit(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    lab = single_suits(window)
    qtbot.addWidget(lab)
    qtbot.waitUntil(lambda: lab.model.rowCount() == comb(12, 6), timeout=20000)  # n = 6
    lab.table.setCurrentIndex(lab.model.index(5, 0))
    pattern = lab.model.index(5, 0).data(PatternRole)
    with qtbot.waitSignal(lab.suitChosen) as chosen:
        qtbot.keyClick(lab.table, Qt.Key.Key_Return)
    assert chosen.args == [pattern]


def test_a_range_of_n_lists_them_all(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    lab = single_suits(window)
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
    lab = single_suits(window)
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
    lab = single_suits(window)
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


# -- listing: progress, cancel, what lists --------------------------------------------------------


def _listed(qtbot, lab, n: int) -> None:  # type: ignore[no-untyped-def]
    qtbot.waitUntil(
        lambda: lab.listing is None and lab.model.total == comb(2 * n, n), timeout=60000
    )


@pytest.fixture
def stalled(monkeypatch):  # type: ignore[no-untyped-def]
    """The window's ``lab_table`` replaced by one that reports half of n's suits valued and
    then waits to be stopped (as the kernel polls ``should_stop``)."""
    import threading

    import whistgui.ui.lab.window as lab_window
    from whistgui.engine import Cancelled

    started = threading.Event()

    def stall(lo, hi, *, cache, should_stop, progress):  # type: ignore[no-untyped-def]
        progress(hi, "valued", comb(2 * hi, hi) // 2, comb(2 * hi, hi))
        started.set()
        while not should_stop():
            threading.Event().wait(0.01)
        raise Cancelled("stopped")

    monkeypatch.setattr(lab_window, "lab_table", stall)
    return started


def test_a_listings_progress_rises_to_one_through_valuing_and_listing() -> None:
    from whistgui.engine.games.whist.kernel import TableCache
    from whistgui.ui.lab.window import _list_job, _Listing

    listing = _Listing((5, 8), "5 to 8 cards a hand")
    seen: list[tuple[float, str]] = []

    class Context:
        def should_stop(self) -> bool:
            return False

        def report(self, text: str, *, force: bool = False) -> None:
            seen.append((listing.fraction, text))

    cache = TableCache()
    lab_table(3, cache=cache)  # n = 1 to 3 valued already: not counted
    table, growth = _list_job(Context(), listing, cache)  # type: ignore[arg-type]
    assert table.ns == (5, 6, 7, 8)
    assert sorted(growth) == list(range(1, 9))
    fractions = [f for f, _ in seen]
    assert fractions == sorted(fractions)
    assert fractions[-1] == 1.0
    assert fractions[0] < 0.01
    valued = [f for f, text in seen if text.endswith("valued")]
    listed = [f for f, text in seen if text.endswith("listed")]
    assert valued
    assert listed
    assert max(valued) <= min(listed)
    assert seen[-1][1] == f"n = 8: {comb(16, 8):,} of {comb(16, 8):,} suits listed"


def test_a_listing_shows_its_progress_and_cancel_keeps_the_old_table(
    qtbot, window, stalled
) -> None:  # type: ignore[no-untyped-def]
    lab = single_suits(window)
    qtbot.addWidget(lab)
    lab.model.set_table(lab_table(6))  # as listed (the first listing is stalled too)
    lab.cancel_listing()
    assert lab.model.total == 924
    lab.n.setValue(9)
    job = lab.list_suits()
    assert job is not None
    assert lab.count.text() == "listing n = 9 … (shown: 924 suits, n = 6)"
    qtbot.waitUntil(lambda: lab.progress.isVisible() and lab.cancel_button.isVisible())
    qtbot.waitUntil(lambda: 0 < lab.progress.value() < lab.progress.maximum())
    qtbot.waitUntil(lambda: "n = 9" in lab.progress_label.text())
    # the old table stays usable; its count does not pretend to be the new one
    lab.filter.setText("exit")
    shown = lab.model.rowCount()
    assert 0 < shown < 924
    assert lab.count.text() == (f"listing n = 9 … (shown: {shown} of 924 suits, n = 6)")
    with qtbot.waitSignal(window.engine.cancelled) as cancelled:
        qtbot.mouseClick(lab.cancel_button, Qt.MouseButton.LeftButton)
    assert cancelled.args == [job, "lab"]
    assert lab.listing is None
    assert not lab.progress.isVisible()
    assert lab.count.text() == f"listing n = 9 cancelled; {shown} of 924 suits"
    assert lab.model.total == 924
    assert lab.model.index(0, SUIT).data(PatternRole)


def test_asking_for_the_table_shown_stops_a_listing(qtbot, window, stalled) -> None:  # type: ignore[no-untyped-def]
    lab = single_suits(window)
    qtbot.addWidget(lab)
    lab.model.set_table(lab_table(6))
    lab.n.setValue(10)
    with qtbot.waitSignal(window.engine.cancelled):  # the first listing, n = 6, superseded
        lab.list_suits()
    assert lab.listing == (10, 10)
    lab.n.setValue(6)
    with qtbot.waitSignal(window.engine.cancelled):
        assert lab.list_suits() is None
    assert lab.listing is None
    assert lab.count.text() == "listing n = 10 cancelled; 924 suits"


@pytest.mark.parametrize("key", ["Escape", "Ctrl+."])
def test_escape_and_ctrl_period_in_the_window_cancel_a_listing(qtbot, window, stalled, key) -> None:  # type: ignore[no-untyped-def]
    from PySide6.QtGui import QKeySequence

    lab = single_suits(window)
    qtbot.addWidget(lab)
    assert stalled.wait(10)  # the first listing (n = 6) runs
    qtbot.waitUntil(lab.isActiveWindow)
    lab.filter.setFocus()
    combo = QKeySequence(key)[0]
    with qtbot.waitSignal(window.engine.cancelled):
        qtbot.keyClick(lab.filter, combo.key(), combo.keyboardModifiers())
    assert lab.listing is None
    assert lab.count.text().startswith("listing n = 6 cancelled")


def test_only_list_or_enter_lists(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    lab = single_suits(window)
    qtbot.addWidget(lab)
    _listed(qtbot, lab, 6)
    lab.n.setValue(3)
    lab.n.editingFinished.emit()  # leaving the box (or typing a range's first n) does not list
    lab.n_to.setValue(4)
    lab.n_to.editingFinished.emit()
    assert lab.listing is None
    assert lab.model.total == 924
    lab.n_to.setFocus()
    qtbot.keyClick(lab.n_to, Qt.Key.Key_Return)
    assert lab.listing == (3, 4)
    qtbot.waitUntil(lambda: lab.model.total == 20 + 70, timeout=20000)
    lab.n.setValue(5)
    lab.n_to.setValue(0)
    qtbot.mouseClick(lab.list_button, Qt.MouseButton.LeftButton)
    _listed(qtbot, lab, 5)


def test_a_range_chooses_which_distribution_is_plotted(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    lab = single_suits(window)
    qtbot.addWidget(lab)
    _listed(qtbot, lab, 6)
    lab.n.setValue(2)
    lab.n_to.setValue(4)
    lab.list_suits()
    qtbot.waitUntil(lambda: lab.model.total == 6 + 20 + 70, timeout=20000)
    combo = lab.dist_n
    assert [combo.itemText(i) for i in range(combo.count())] == ["2", "3", "4"]
    assert combo.currentText() == "4"  # the largest
    assert combo.isEnabled()

    def plotted() -> int:
        (bars,) = lab.values_plot.getPlotItem().items
        return int(sum(bars.opts["height"]))

    assert plotted() == 70
    assert lab.values_summary.text() == f"70 suits, {lab.distinct[4]} distinct values"
    combo.setCurrentIndex(1)
    assert plotted() == 20
    assert lab.values_summary.text() == f"20 suits, {lab.distinct[3]} distinct values"


def _double_click(widget, pos) -> None:  # type: ignore[no-untyped-def]
    """What a widget receives from a double-click: press, release, double-click, release
    (QTest's mouseDClick sends no release between)."""
    from PySide6.QtCore import QEvent, QPointF
    from PySide6.QtGui import QMouseEvent
    from PySide6.QtWidgets import QApplication

    left, none = Qt.MouseButton.LeftButton, Qt.MouseButton.NoButton
    for kind, buttons in (
        (QEvent.Type.MouseButtonPress, left),
        (QEvent.Type.MouseButtonRelease, none),
        (QEvent.Type.MouseButtonDblClick, left),
        (QEvent.Type.MouseButtonRelease, none),
    ):
        at = QPointF(pos)
        event = QMouseEvent(
            kind, at, widget.mapToGlobal(at), left, buttons, Qt.KeyboardModifier.NoModifier
        )
        QApplication.sendEvent(widget, event)


def test_a_click_opens_a_suit_once_and_the_arrows_only_move(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    lab = single_suits(window)
    qtbot.addWidget(lab)
    _listed(qtbot, lab, 6)
    chosen: list[str] = []
    lab.suitChosen.connect(chosen.append)
    fronts: list[bool] = []  # the main window brought to the front
    lab.showTable.connect(lambda: fronts.append(True))
    view = lab.table
    index = lab.model.index(3, 2)
    centre = view.visualRect(index).center()
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=centre)
    assert chosen == [index.data(PatternRole)]
    assert trick(window).session.document.deal.suits == (SuitDeal.from_pattern(chosen[0]),)
    assert fronts == []  # a click opens the suit behind the lab: one clicks on through rows
    other = lab.model.index(7, 2)
    _double_click(view.viewport(), view.visualRect(other).center())
    assert chosen[1:] == [other.data(PatternRole)]  # once, not twice
    assert fronts == [True]  # a double-click shows it
    view.setFocus()
    view.setCurrentIndex(other)
    qtbot.keyClick(view, Qt.Key.Key_Down)
    qtbot.keyClick(view, Qt.Key.Key_Down)
    assert view.currentIndex().row() == 9
    assert len(chosen) == 2  # moving does not open
    qtbot.keyClick(view, Qt.Key.Key_Return)
    assert chosen[2:] == [lab.model.index(9, 0).data(PatternRole)]
    assert fronts == [True, True]  # and so does Enter


def test_the_suit_column_fits_and_the_header_stays_put(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    lab = single_suits(window)
    qtbot.addWidget(lab)
    lab.resize(1560, 860)  # its size on a screen that has room
    view = lab.table
    _listed(qtbot, lab, 6)
    header = view.horizontalHeader()
    row_numbers = view.verticalHeader().width()
    place = header.geometry()
    width = lab.width()
    lab.n.setValue(9)
    lab.list_suits()
    _listed(qtbot, lab, 9)
    # the row numbers (1 to 48,620) take no more room than 1 to 924 did: the column header
    # does not move (moving it drew its last columns over the plots)
    assert view.verticalHeader().width() == row_numbers
    assert header.geometry() == place
    assert lab.width() == width  # nor does the window grow with the count's text
    assert header.geometry().right() < view.width()
    from PySide6.QtGui import QFontMetrics

    index = view.model().index(0, SUIT)
    suit = index.data()
    assert len(suit) == 18  # W/E, from the highest card down
    full = QFontMetrics(index.data(Qt.ItemDataRole.FontRole)).horizontalAdvance(suit)
    assert header.sectionSize(SUIT) >= full  # whole, not elided
    tip = index.data(Qt.ItemDataRole.ToolTipRole)
    assert tip.startswith(lab.model.table.suit_text(lab.model.suit_row(0)))  # the paper's text
    # every other column stays in view at the window's default size, the last one too
    last = header.sectionViewportPosition(FIVE) + view.fontMetrics().horizontalAdvance(
        "West / West"
    )
    assert last <= header.width()


def test_the_plots_fit_a_small_window(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    lab = single_suits(window)
    qtbot.addWidget(lab)
    _listed(qtbot, lab, 6)
    lab.resize(1000, 700)
    qtbot.waitUntil(lambda: lab.width() == 1000)
    split = lab.table.parentWidget()
    split.setSizes([10_000, 0])  # the plots as narrow as they go
    qtbot.waitUntil(lambda: split.sizes()[1] == split.widget(1).minimumWidth())
    for plot in (lab.values_plot, lab.growth_plot):
        item = plot.getPlotItem()
        assert item.effectiveSizeHint(Qt.SizeHint.MinimumSize).width() <= plot.width()
        assert item.geometry().width() <= plot.width()  # nothing cut on the right
    # values from 0 to 6: the whole axis in view (the plot ranges itself when it is drawn)
    qtbot.waitUntil(lambda: lab.values_plot.getPlotItem().viewRange()[0][1] >= 5.5)
    assert lab.values_plot.getPlotItem().viewRange()[0][0] <= 0


def test_the_plots_follow_the_theme(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    from PySide6.QtWidgets import QApplication

    from whistgui.ui.theme import apply_theme

    lab = single_suits(window)
    qtbot.addWidget(lab)
    _listed(qtbot, lab, 6)
    app = QApplication.instance()

    def background() -> float:
        return lab.values_plot.backgroundBrush().color().lightnessF()

    def axis_text() -> float:
        return lab.growth_plot.getPlotItem().getAxis("left").textPen().color().lightnessF()

    try:
        apply_theme(app, "dark")
        qtbot.waitUntil(lambda: background() < 0.3)
        assert axis_text() > 0.7
        apply_theme(app, "light")
        qtbot.waitUntil(lambda: background() > 0.9)
        assert axis_text() < 0.3
    finally:
        apply_theme(app, "system")


@pytest.mark.parametrize(
    "text",
    ['"with 2 stoppers"', "“with 2 stoppers”", '"WITH  2 stoppers', '"exit for west" "1 + ε₁"'],
)
def test_a_phrase_in_quotes_is_found_whole_in_one_cell(text: str, table456) -> None:  # type: ignore[no-untyped-def]
    """ "with 2 stoppers" kept the rows "exit for West with 4 stoppers" too: each word anywhere,
    the 2 in their value 2 − ε₄ (issue 25's review, F3). In quotes, the phrase in one cell."""
    rows = [table456.row(i) for i in range(len(table456))]
    model = SuitTableModel()
    model.set_table(table456)
    model.set_words(text)
    if "west" in text:
        phrase, others = "exit for west", ["1 + ε₁"]
    else:
        phrase, others = "with 2 stoppers", []
    expected = [
        i
        for i, row in enumerate(rows)
        if any(phrase in cell.casefold() for cell in row_cells(row))
        and all(any(w in cell.casefold() for cell in row_cells(row)) for w in others)
    ]
    assert expected
    assert _shown(model) == expected
    assert all(phrase in rows[i].kind.casefold() for i in expected)
    assert model.words == tuple(f'"{t}"' for t in (phrase, *others))  # as the plots write it
    if not others:
        model.set_words(phrase)  # unquoted: each word anywhere, 4 stoppers valued 2 − ε₄ too
        loose = _shown(model)
        assert set(expected) < set(loose)
        assert any("with 4 stoppers" in rows[i].kind for i in loose)
        assert not any("with 4 stoppers" in rows[i].kind for i in expected)
