"""The quotient explorer of the heaps workspace (issue 26, "The app"): the quotient computed
in the background within the bounds chosen gives the engine's classes and table; an entry of
the grid clicked (or walked to) says its representatives' sum and the class it lands in; a
class chosen is marked everywhere; Cancel stops the work; a cell of the P-position map and a
representative are set on the board (undoable); bounds too large or not for the game are
refused in words; the figure of the table is offered."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from whistgui.app.heaps import HeapsDocument
from whistgui.app.heaps_quotient import QuotientBounds, class_is_p, growth_words
from whistgui.engine.errors import Cancelled
from whistgui.engine.heaps import find_heap_game
from whistgui.engine.heaps.quotient import exact_quotient, heap_quotient, registered_theory
from whistgui.figures import FigureOptions


@pytest.fixture
def explorer(qtbot, window):  # type: ignore[no-untyped-def]
    """The heaps workspace shown, on its quotient tab."""
    ws = window.show_workspace("heaps")
    qtbot.waitUntil(ws.ready, timeout=30000)
    ws.page.tabs.setCurrentWidget(ws.page.explorer)
    return ws


def set_game(qtbot, ws, game: str, text: str, bounds: QuotientBounds | None = None):  # type: ignore[no-untyped-def]
    doc = HeapsDocument.new(game, text).with_quotient(bounds)
    ws.session.change(doc, "test")
    ex = ws.page.explorer
    qtbot.waitUntil(lambda: ex.q is not None and ex.q.game == doc.game, timeout=20000)
    return ex


def compute_nim_with(qtbot, ws, monkeypatch, compute):  # type: ignore[no-untyped-def]
    """Nim 1 2's quotient shown at bounds (2, 1), then the one to heaps of 3 asked for, with
    ``compute`` standing in for the engine's ``compute_quotient``; the explorer."""
    import whistgui.ui.heaps.quotient_view as view

    ex = set_game(qtbot, ws, "nim", "1 2", QuotientBounds(2, 1))
    monkeypatch.setattr(view, "compute_quotient", compute)
    ex.max_heap.setValue(3)
    QTest.mouseClick(ex.compute_button, Qt.MouseButton.LeftButton)
    return ex


def texts(rules, q):  # type: ignore[no-untyped-def]
    return [[rules.text(m) for m in c.members] for c in q.classes]


def test_the_default_exact_quotient_is_the_engine_s(qtbot, explorer):
    ex = set_game(qtbot, explorer, "misere-octal:0.123", "2 5")
    rules = find_heap_game("misere-octal:0.123")
    want = exact_quotient(rules, ex.q.max_heap, theory=registered_theory(rules))
    assert ex.q.exact
    assert texts(rules, ex.q) == texts(rules, want)
    assert ex.q.table == want.table
    assert ex.q.growth == want.growth
    assert ex.classes.rowCount() == len(want.classes)
    assert ex.model.rowCount() == ex.model.columnCount() == len(want.classes)
    assert growth_words(want.growth) in ex.summary.text()  # the growth shown
    assert " ".join(map(str, want.growth)) in ex.summary.toolTip()
    for c in want.classes:  # the list: number, outcome, representatives smallest first
        assert ex.classes.item(c.index, 1).text() == c.verdict
        assert ex.classes.item(c.index, 3).text().startswith(rules.text(c.representative))
    assert "no theory to check" in ex.checks.text()


def test_bounds_chosen_are_computed_and_recorded_in_the_document(qtbot, explorer):
    ex = set_game(qtbot, explorer, "nim", "1 2")
    ex.max_heap.setValue(3)
    ex.max_heaps.setValue(2)
    ex.tests.setValue(2)
    QTest.mouseClick(ex.compute_button, Qt.MouseButton.LeftButton)
    want_bounds = QuotientBounds(3, 2)
    assert explorer.session.document.quotient == want_bounds
    qtbot.waitUntil(lambda: ex.q is not None and ex.q.max_heap == 3, timeout=20000)
    rules = find_heap_game("nim")
    want = heap_quotient(rules, 3, 2, theory=registered_theory(rules))
    assert texts(rules, ex.q) == texts(rules, want)
    assert ex.q.table == want.table
    assert [ex.classes.item(i, 2).text() for i in range(len(want.classes))] == [
        " ".join(c.pretty) for c in want.classes
    ]
    assert "homomorphism: yes" in ex.checks.text()  # the CLI's words
    assert not ex.alarm.isVisible()
    explorer.session.undo_stack.undo()  # the bounds are an undo step
    assert explorer.session.document.quotient is None


def test_clicking_an_entry_shows_its_representatives_and_arrows_walk(qtbot, explorer):
    ex = set_game(qtbot, explorer, "misere-nim", "1 2", QuotientBounds(3, 2))
    rules = find_heap_game("misere-nim")
    q = ex.q
    a, b = 1, 2
    rect = ex.grid.visualRect(ex.model.index(a, b))
    QTest.mouseClick(ex.grid.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    x, y = q.classes[a].representative, q.classes[b].representative
    said = ex.product_words.text()
    assert f"{rules.text(x)} + {rules.text(y)} = {rules.text(rules.join(x, y))}" in said
    assert f"in class {q.table[a][b]}" in said
    assert ex.model.selected == q.table[a][b]  # the class it lands in, marked
    QTest.keyClick(ex.grid, Qt.Key.Key_Right)
    z = q.classes[b + 1].representative
    assert f"{rules.text(x)} + {rules.text(z)} = " in ex.product_words.text()
    assert f"in class {q.table[a][b + 1]}" in ex.product_words.text()
    QTest.mouseClick(ex.set_product, Qt.MouseButton.LeftButton)
    assert explorer.session.document.text == rules.text(rules.join(x, z))


def test_a_non_commutative_entry_is_u_then_v(qtbot, explorer):
    ex = set_game(qtbot, explorer, "end-nim", "1 2", QuotientBounds(2, 2))
    rules = find_heap_game("end-nim")
    q = ex.q
    a, b = 1, 2
    ex.grid.setCurrentIndex(ex.model.index(a, b))
    x, y = q.classes[a].representative, q.classes[b].representative
    assert f"{rules.text(x)} · {rules.text(y)} = {rules.text(rules.join(x, y))}" in (
        ex.product_words.text()
    )


def test_a_class_chosen_is_marked_everywhere_and_set_on_the_board(qtbot, explorer):
    ex = set_game(qtbot, explorer, "nim", "1 2", QuotientBounds(3, 2))
    q = ex.q
    ex.grid.horizontalHeader().sectionClicked.emit(2)
    assert ex.classes.currentRow() == 2
    assert ex.model.selected == 2
    assert ex.pmap.selected == 2
    QTest.mouseClick(ex.set_class, Qt.MouseButton.LeftButton)
    rules = find_heap_game("nim")
    assert explorer.session.document.text == rules.text(q.classes[2].representative)
    assert "class 2" in ex.board_class.text()
    explorer.session.undo_stack.undo()
    assert explorer.session.document.text == "1 2"


def test_a_class_marked_is_not_carried_to_another_game(qtbot, explorer):
    ex = set_game(qtbot, explorer, "misere-octal:0.77", "1 2", QuotientBounds(6, 2, None, True))
    ex.grid.horizontalHeader().sectionClicked.emit(3)
    assert (ex.model.selected, ex.pmap.selected, ex.classes.currentRow()) == (3, 3, 3)
    ex.grid.setCurrentIndex(ex.model.index(1, 2))  # an entry: its class marked too
    for game in ("nim", "octal:0.123"):
        ex = set_game(qtbot, explorer, game, "1 2", QuotientBounds(4, 2))
        assert ex.model.selected is None  # nothing marked in the new game's table,
        assert ex.pmap.selected is None  # its map
        assert ex.classes.currentRow() == -1  # or its list
        assert not ex.set_class.isEnabled()
        assert ex.grid.currentIndex().row() == -1


def test_a_cell_of_the_p_map_sets_its_position(qtbot, explorer):
    ex = set_game(qtbot, explorer, "misere-octal:0.123", "1", QuotientBounds(6, 2, None, True))
    ex.views.setCurrentIndex(1)
    qtbot.waitUntil(ex.pmap.isVisible)
    rules = find_heap_game("misere-octal:0.123")
    pm = ex.pmap.map
    for a, b in ((2, 3), (0, 4)):
        centre = ex.pmap.cell_rect(a, b).center().toPoint()
        QTest.mouseClick(ex.pmap, Qt.MouseButton.LeftButton, pos=centre)
        doc = explorer.session.document
        assert doc.text == rules.text(rules.parse(" ".join(str(h) for h in (a, b) if h)))
        c = ex.q.class_of(doc.position)
        assert (a, b) in ex.pmap.board_cells  # the board's position dotted
        assert pm.classes[a][b] == c
        assert pm.p[a][b] == class_is_p(rules, ex.q.classes[c])
    QTest.keyClick(ex.pmap, Qt.Key.Key_Down)  # the cursor walks from (0, 4) to (1, 4)
    QTest.keyClick(ex.pmap, Qt.Key.Key_Return)
    assert explorer.session.document.text == "1 4"
    explorer.session.undo_stack.undo()
    assert explorer.session.document.text == "4"


def test_cancel_stops_the_work(qtbot, explorer, monkeypatch):
    started, ended = [], []

    def slow(rules, bounds, *, progress=None, phase=None, should_stop=None):  # type: ignore[no-untyped-def]
        started.append(bounds)
        while True:  # as the engine does: progress, and a stop asked for is obeyed
            progress(1, 2)
            if should_stop():
                ended.append(bounds)
                raise Cancelled("stopped")

    ex = compute_nim_with(qtbot, explorer, monkeypatch, slow)
    qtbot.waitUntil(lambda: bool(started) and "Computing" in ex.status.text(), timeout=5000)
    assert ex.cancel_button.isEnabled()
    QTest.mouseClick(ex.cancel_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: bool(ended), timeout=5000)  # the worker has stopped
    assert "Stopped" in ex.status.text()
    assert not ex.cancel_button.isEnabled()
    assert ex.q is None  # the bounds asked for were not computed
    assert (explorer.session.document.game, QuotientBounds(3, 1)) not in ex.results


def test_the_last_phase_is_said_and_cancel_ends_the_work_everywhere(
    qtbot, explorer, window, monkeypatch
):
    ended = []

    def slow(rules, bounds, *, progress=None, phase=None, should_stop=None):  # type: ignore[no-untyped-def]
        progress(10, 10)  # the positions classed; then the theory checked, long
        while True:
            phase("checking the theory", 3, 10)
            if should_stop():
                ended.append(bounds)
                raise Cancelled("stopped")

    ex = compute_nim_with(qtbot, explorer, monkeypatch, slow)
    qtbot.waitUntil(lambda: "checking the theory (3 of 10)" in ex.status.text(), timeout=5000)
    assert "No quotient yet" not in ex.summary.text()  # it says it is computing
    assert "Computing the quotient of nim" in ex.summary.text()
    qtbot.waitUntil(window.job_status.isVisible, timeout=5000)
    QTest.mouseClick(ex.cancel_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: bool(ended), timeout=5000)  # the worker stopped in that phase
    qtbot.waitUntil(lambda: not window.job_status.isVisible(), timeout=5000)  # the status bar
    assert "Stopped" in ex.status.text()
    assert "Stopped before the quotient was found" in ex.summary.text()


def test_the_hidden_position_tab_s_search_does_not_hold_up_the_quotient(
    qtbot, explorer, monkeypatch
):
    import whistgui.ui.heaps.page as page

    started, ended = [], []

    def slow_search(doc, _searches):  # type: ignore[no-untyped-def]
        def job(ctx):  # type: ignore[no-untyped-def]
            started.append(doc.text)  # as a long search: it looks, and obeys a stop
            while not ctx.should_stop():
                ctx.report("looking")
            ended.append(doc.text)
            raise Cancelled("stopped")

        return job

    monkeypatch.setattr(page, "analysis_job", slow_search)
    # on the quotient's tab, a position whose search would take long: the quotient comes
    exact = QuotientBounds(5, 2, None, True)
    ex = set_game(qtbot, explorer, "misere-octal:0.77", "3 35 6 7", exact)
    assert ex.q.game == "misere-octal:0.77"
    assert started == []  # the hidden tab's search waits
    # the Position tab shown again: its search goes on
    explorer.page.tabs.setCurrentIndex(0)
    qtbot.waitUntil(lambda: len(started) == 1, timeout=5000)
    assert ended == []
    explorer.page.tabs.setCurrentWidget(ex)  # and put away again: it is stopped
    qtbot.waitUntil(lambda: len(ended) == len(started), timeout=5000)


@pytest.mark.parametrize(
    ("game", "bounds", "words"),
    [
        ("nim", QuotientBounds(30, 8), "positions, more than 20,000"),
        ("nim", QuotientBounds(5, 1, None, True), "the exact quotient is for impartial games"),
        ("end-nim", QuotientBounds(6, 4), "searches; expected fewer tests, heaps or counters"),
    ],
)
def test_bad_bounds_are_refused_in_words(qtbot, explorer, game, bounds, words):
    ex = set_game(qtbot, explorer, game, "1 2", QuotientBounds(2, 1))
    ex.exact.setEnabled(True)
    ex.exact.setChecked(bounds.exact)
    ex.max_heap.setValue(bounds.max_heap)
    ex.max_heaps.setValue(bounds.max_heaps)
    ex.tests.setValue(bounds.max_heaps)
    before = explorer.session.document
    QTest.mouseClick(ex.compute_button, Qt.MouseButton.LeftButton)
    assert ex.problem.isVisible()
    assert words in ex.problem.text()
    assert explorer.session.document == before  # nothing recorded, nothing run
    assert ex._job is None


def test_hackenbush_s_quotient_is_computed_and_its_map_says_why_not(qtbot, explorer):
    ex = set_game(qtbot, explorer, "hackenbush", "BR B")
    rules = find_heap_game("hackenbush")
    b = ex.bounds()
    want = heap_quotient(rules, b.max_heap, b.max_heaps, theory=registered_theory(rules))
    assert texts(rules, ex.q) == texts(rules, want)
    assert ex.q.table == want.table
    assert not ex.problem.isVisible()
    assert "piles" in ex.summary.text()
    assert "homomorphism: yes" in ex.checks.text()
    assert ex.pmap.map is None  # no grid of two heaps for piles, and the tab says so
    assert "piles of two colours" in ex.map_words.text()
    assert "piles, not heaps" in ex.pmap.placeholder  # not "No quotient yet"
    assert f"class {ex.q.class_of(rules.parse('BR B'))}" in ex.board_class.text()


def test_the_figure_of_the_table_is_the_quotient_shown(qtbot, explorer):
    ex = set_game(qtbot, explorer, "nim", "1 2", QuotientBounds(3, 2))
    source = explorer.figure_source()
    assert "quotient" in source.views
    fig = source.build("quotient", FigureOptions())
    shown = fig.texts()
    assert f"{len(ex.q.classes)} classes" in " ".join(shown)
    cells = [t for t in shown if t.isdigit()]
    flat = [str(v) for row in ex.q.table for v in row]
    n = len(ex.q.classes)
    # the headers (corner, columns, then each row's header and its entries)
    assert cells[: 2 * n] == [str(i) for i in range(n) for _ in (0, 1)]
    assert cells[2 * n : 2 * n + n * n] == flat


def test_the_f1_sheet_s_alt_keys_of_the_quotient_tab_do_what_it_says(qtbot, explorer, window):
    import re

    from whistgui.ui.heaps.quotient_view import QUOTIENT_KEYS
    from whistgui.ui.heaps.workspace import KEYS_HTML

    assert set(QUOTIENT_KEYS) <= set(re.findall(r"Alt\+([A-Z])", KEYS_HTML))
    ex = set_game(qtbot, explorer, "nim", "1 2", QuotientBounds(3, 2))
    page = explorer.page
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)

    def alt(letter: str) -> None:
        QTest.keyClick(window, getattr(Qt.Key, f"Key_{letter}"), Qt.KeyboardModifier.AltModifier)

    alt("O")
    assert page.tabs.currentWidget() is page.splitter
    alt("Q")
    assert page.tabs.currentWidget() is ex
    alt("A")
    assert ex.views.currentIndex() == 1
    alt("B")
    assert ex.views.currentIndex() == 0
    ex.classes.setCurrentCell(3, 0)
    alt("S")  # a button's mnemonic clicks it (animated: a moment later)
    rules = find_heap_game("nim")
    want = rules.text(ex.q.classes[3].representative)
    qtbot.waitUntil(lambda: explorer.session.document.text == want, timeout=2000)
    ex.grid.setCurrentIndex(ex.model.index(1, 2))
    alt("U")
    x, y = ex.q.classes[1].representative, ex.q.classes[2].representative
    want = rules.text(rules.join(x, y))
    qtbot.waitUntil(lambda: explorer.session.document.text == want, timeout=2000)
    ex.max_heap.setValue(2)
    alt("C")  # computes the bounds the fields say: recorded in the document
    doc = explorer.session
    qtbot.waitUntil(lambda: doc.document.quotient == QuotientBounds(2, 2), timeout=2000)
    assert not ex.exact.isEnabled()  # nim has no exact quotient: Alt+X does nothing
    explorer.session.change(HeapsDocument.new("octal:0.07", "1"), "octal")
    qtbot.waitUntil(ex.exact.isEnabled)
    checked = ex.exact.isChecked()
    alt("X")
    qtbot.waitUntil(lambda: ex.exact.isChecked() is not checked, timeout=2000)


@pytest.mark.parametrize("room", [(1280, 800), (1920, 1080)], indirect=True, ids=str)
def test_the_explorer_with_a_large_table_fits_the_screen(qtbot, window, room):
    from tests.ui.test_window_fit import fits, minimum, overlaps, settle

    ws = window.show_workspace("heaps")
    qtbot.waitUntil(ws.ready, timeout=30000)
    ws.page.tabs.setCurrentWidget(ws.page.explorer)
    bounds = QuotientBounds(24, 2, None, True)  # misère Kayles: 24 classes, long lines
    ex = set_game(qtbot, ws, "misere-octal:0.77", "2 5", bounds)
    assert len(ex.q.classes) > 20
    for view in (0, 1):
        ex.views.setCurrentIndex(view)
        settle(qtbot)
        assert fits(minimum(window), room), minimum(window)
        assert not overlaps(window), "\n".join(overlaps(window))


def test_cancel_stops_the_engine_s_own_work(qtbot, explorer):
    """End-nim's quotient of 3 heaps of at most 3 counters takes half a minute: it shows its
    progress, the event loop stays free, and Cancel stops it at once."""
    ex = set_game(qtbot, explorer, "end-nim", "1 2", QuotientBounds(2, 1))
    ex.max_heap.setValue(3)
    ex.max_heaps.setValue(3)
    ex.tests.setValue(3)
    QTest.mouseClick(ex.compute_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: "positions classed" in ex.status.text(), timeout=10000)
    assert ex._job is not None
    QTest.mouseClick(ex.cancel_button, Qt.MouseButton.LeftButton)
    engine = explorer.page.engine
    qtbot.waitUntil(lambda: engine._pending == 0, timeout=5000)  # the worker is free again
    assert "Stopped" in ex.status.text()
    assert ex.q is None
    QTest.mouseClick(ex.compute_button, Qt.MouseButton.LeftButton)  # Compute: on again
    assert ex._job is not None
    ex.cancel()


def _ink_rows(ex, row: int) -> list[int]:  # type: ignore[no-untyped-def]
    """The rows of pixels the Elements cell of ``row`` inks (its text, drawn by its delegate
    on white)."""
    from PySide6.QtGui import QColor, QImage, QPainter
    from PySide6.QtWidgets import QStyleOptionViewItem

    index = ex.classes.model().index(row, 2)
    opt = QStyleOptionViewItem()
    opt.initFrom(ex.classes)
    opt.rect = ex.classes.visualRect(index).translated(-ex.classes.visualRect(index).topLeft())
    opt.rect.setHeight(max(opt.rect.height(), 30))
    img = QImage(opt.rect.size(), QImage.Format.Format_RGB32)
    img.fill(QColor("white"))
    p = QPainter(img)
    ex.classes.itemDelegateForColumn(2).paint(p, opt, index)
    p.end()
    return [
        y
        for y in range(img.height())
        if any(QColor(img.pixel(x, y)).lightness() < 128 for x in range(img.width()))
    ]


def test_misere_nim_s_hats_are_drawn_over_their_digits(qtbot, explorer):
    ex = set_game(qtbot, explorer, "misere-nim", "2", QuotientBounds(3, 2))
    rules = find_heap_game("misere-nim")
    # the theory's line as the theory writes it, drawn with its hats (not "0, 1, 0, 1, 2")
    assert "P exactly at 1 and 0\u0302" in ex.checks.text()
    assert "{0, 1, 0\u0302, 1\u0302, 2\u0302, …}" in ex.checks.text()
    two = ex.q.class_of(rules.parse("2"))
    zero = ex.q.class_of(rules.parse("0"))
    assert ex.classes.item(two, 2).text() == "2\u0302"  # not "2^"
    assert ex.classes.item(zero, 2).text() == "0"
    hatted, plain = _ink_rows(ex, two), _ink_rows(ex, zero)
    assert hatted
    assert plain
    gaps = [y for y in range(min(hatted), max(hatted)) if y not in hatted]
    assert gaps  # the hat, clear of its digit above it
    digit = [y for y in hatted if y > max(gaps)]
    assert len(digit) == len(plain)  # the digit as tall as a plain one: no "^" beside it


@pytest.mark.parametrize("dark", [False, True])
def test_p_cells_stand_out_from_grey_and_the_legends_say_what_marks_mean(qtbot, explorer, dark):
    from whistgui.ui.theme import colour

    p, grey = colour("p_class_fill", dark=dark), colour("summary_fill", dark=dark)
    pal = explorer.page.palette()
    base = pal.color(pal.ColorRole.Base)
    assert abs(p.lightnessF() - grey.lightnessF()) > 0.12 or abs(p.hueF() - grey.hueF()) > 0.1
    assert p.hsvSaturationF() > 0.3  # a colour, not a grey: it reads against grey and base
    assert p != base
    ex = set_game(qtbot, explorer, "misere-octal:0.123", "2", QuotientBounds(6, 2, None, True))
    assert "outlined in yellow, the class marked" in ex.map_words.text()
    assert "its entries filled in yellow" in ex.legend.text()
    c = ex.q.p_classes[0]  # the list, the table and the map fill P classes in that role
    assert ex.classes.item(c, 1).background().color() == colour("p_class_fill")
    assert ex.model.data(ex.model.index(c, 0), Qt.ItemDataRole.BackgroundRole) == colour(
        "p_class_fill"
    )


def test_export_opens_on_the_view_shown_and_rules_keep_the_bounds(qtbot, explorer, window):
    ex = set_game(qtbot, explorer, "misere-octal:0.77", "1 2", QuotientBounds(7, 2, None, True))
    dlg = window.export_dialog()
    assert dlg.view.currentData() == "quotient"  # the tab shown, not "position"
    dlg.close()
    explorer.page.tabs.setCurrentIndex(0)
    dlg = window.export_dialog()
    assert dlg.view.currentData() == "position"
    dlg.close()
    explorer.page.tabs.setCurrentWidget(ex)
    # the Rules changed: the user's bounds kept where the new game takes them
    explorer.page._on_game("misere-octal:0.123")
    qtbot.waitUntil(lambda: ex.q is not None and ex.q.game == "misere-octal:0.123", timeout=20000)
    assert ex.q.max_heap == 7
    assert ex.q.exact
    assert ex.max_heap.value() == 7
    explorer.page._on_game("nim")  # no exact quotient: the heap bound kept, by tests
    qtbot.waitUntil(lambda: ex.q is not None and ex.q.game == "nim", timeout=20000)
    assert ex.q.max_heap == 7
    assert not ex.q.exact


def test_enter_in_a_bound_computes(qtbot, explorer):
    ex = set_game(qtbot, explorer, "nim", "1 2", QuotientBounds(2, 2))
    ex.max_heap.setFocus()
    ex.max_heap.lineEdit().selectAll()
    QTest.keyClicks(ex.max_heap.lineEdit(), "3")
    QTest.keyClick(ex.max_heap.lineEdit(), Qt.Key.Key_Return)
    assert explorer.session.document.quotient == QuotientBounds(3, 2)
    qtbot.waitUntil(lambda: ex.q is not None and ex.q.max_heap == 3, timeout=20000)
