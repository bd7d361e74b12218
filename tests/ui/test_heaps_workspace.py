"""The workspace of the games of heaps and piles (issue 26, "The app"): listed and opened as a
page of the main window; the position typed (applied when complete, a bad one quoted and the
board kept), clicked (a move: nim, hackenbush, comply/constrain's choice of constraint) and
edited by drag and drop and by keys; every move marked with the result a fresh search finds,
for every game; the elements shown the theory's, a disagreement shown loud; undo and redo of
every change; .heaps files; the search cancelled; both themes; the figure."""

from __future__ import annotations

import dataclasses
import json
import random

import pytest
from PySide6.QtCore import QPoint, QPointF, QRect, Qt
from PySide6.QtGui import QColor, QFontMetrics
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QMenu

from whistgui.app.heaps import HeapsDocument, mark_text, theory_of
from whistgui.engine.heaps import HEAP_GAMES, find_heap_game
from whistgui.engine.heaps.rules import Player
from whistgui.engine.heaps.search import Search
from whistgui.figures import FigureOptions
from whistgui.ui.heaps.panel import MOVE, RESULT
from whistgui.ui.heaps.quotient_view import QUOTIENT_KEYS
from whistgui.ui.theme import apply_theme, colour
from whistgui.ui.workspace import WORKSPACES, workspace_class

NAMES = [g.name + (f":{g.example_parameter}" if g.parameter else "") for g in HEAP_GAMES]


def set_doc(qtbot, ws, doc: HeapsDocument) -> None:  # type: ignore[no-untyped-def]
    ws.session.change(doc, "test")
    qtbot.waitUntil(ws.ready, timeout=60000)


def click_counter(qtbot, ws, i: int, j: int) -> None:  # type: ignore[no-untyped-def]
    board = ws.page.board
    centre = board.geometry_now().counter_rect(i, j).center().toPoint()
    QTest.mouseClick(board, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, centre)


def drag(board, start: QPointF, end: QPointF) -> None:  # type: ignore[no-untyped-def]
    """A press, a few moves and a release, as the pointer does."""
    QTest.mousePress(
        board, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, start.toPoint()
    )
    for k in range(1, 6):
        p = start + (end - start) * (k / 5)
        QTest.mouseMove(board, p.toPoint())
    QTest.mouseRelease(
        board, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, end.toPoint()
    )


# --------------------------------------------------------------------------- listed, opened
def test_the_workspace_is_listed_and_opens(qtbot, window):
    assert "heaps" in [e.name for e in WORKSPACES]
    cls = workspace_class(next(e for e in WORKSPACES if e.name == "heaps"))
    assert [c.key for c in cls.choices()] == ["heaps"]
    assert "heaps" not in window._made  # made when first shown
    combo = window.game_selector.combo
    assert combo.findData("heaps") >= 0
    window.set_game("heaps")
    ws = window.current
    assert ws.name == "heaps"
    assert ws.page.isVisible()
    assert ws.page.board.stacks  # a position to play
    qtbot.waitUntil(ws.ready, timeout=30000)
    assert "Search:" in ws.page.panel.search_line.text()
    assert window.windowTitle().endswith("— whistgui")


# --------------------------------------------------------------------------- typing
def test_a_position_typed_is_applied_on_enter(qtbot, heaps):
    field = heaps.page.field
    field.edit.setFocus()
    field.edit.selectAll()
    QTest.keyClicks(field.edit, "6 1 2")
    assert heaps.session.document.text != "1 2 6"  # not at each key
    QTest.keyClick(field.edit, Qt.Key.Key_Return)
    assert heaps.session.document.text == "1 2 6"
    assert [len(s) for s in heaps.page.board.stacks] == [6, 1, 2]  # as typed
    assert field.edit.text() == "6 1 2"  # as typed: as the board reads


def test_the_field_and_the_title_read_as_the_board_does(qtbot, heaps, window):
    """The field was re-sorted ('1000 999 1' became '1 999 1000', 'BR RB BRRB BRB' 'BR BRB
    BRRB RB') while the board and the Elements kept the order typed, and a new stack went
    first in the field but last on the board (issue 26's review, C3): the field, the
    window's title, the Elements and the figure's title now all read in the board's order."""
    field, board = heaps.page.field, heaps.page.board
    for game, typed in (("nim", "1000 999 1"), ("hackenbush", "BR RB BRRB BRB")):
        heaps.session.change(HeapsDocument.new(game).with_text(typed), "typed")
        heaps.page.cancel_search()  # nim '1000 999 1' searches long: not needed here
        drawn = " ".join(str(len(s)) if game == "nim" else "".join(s) for s in board.stacks)
        assert drawn == typed
        assert field.edit.text() == typed
        assert f": {typed} — whistgui" in window.windowTitle()
        assert heaps.page.panel.history.item(0).text().startswith(f"Set up: {typed}")
        assert [c for c, _e in heaps.page.panel._theory.components] == typed.split()
        fig = heaps.figure_source().build("position", FigureOptions())
        assert fig.title.endswith(f": {typed}")
    board.setFocus()
    QTest.keyClick(board, Qt.Key.Key_Insert)  # a new pile, last on the board
    assert field.edit.text() == "BR RB BRRB BRB B"
    assert "".join(board.stacks[-1]) == "B"
    heaps.session.undo_stack.undo()
    assert field.edit.text() == "BR RB BRRB BRB"


def test_a_position_typed_is_applied_after_a_pause(qtbot, heaps):
    field = heaps.page.field
    field.edit.setFocus()
    field.edit.selectAll()
    QTest.keyClicks(field.edit, "7 7")
    assert field.pending
    qtbot.waitUntil(lambda: heaps.session.document.text == "7 7", timeout=5000)


def test_a_bad_position_keeps_the_old_one_and_says_why_quoting_it(qtbot, heaps):
    before = heaps.session.document
    stacks = heaps.page.board.stacks
    field = heaps.page.field
    field.edit.setText("3 x 4")
    field.edit.editingFinished.emit()
    assert heaps.session.document == before
    assert heaps.page.board.stacks == stacks
    assert field.has_error
    assert "'3 x 4'" in field.error.text()
    assert "'x'" in field.error.text()
    field.edit.setText("2 2")
    field.edit.editingFinished.emit()
    assert not field.has_error
    assert heaps.session.document.text == "2 2"


def test_the_field_s_keys_undo_redo_and_esc_ask_for_the_session_s(qtbot, heaps):
    """The position field's Ctrl+Z and Ctrl+Shift+Z step through the game's history, not the
    field's own text; Esc drops typed text not yet applied (the deal field's keys)."""
    set_doc(qtbot, heaps, HeapsDocument.new("nim", "3 4"))
    field = heaps.page.field
    for text in ("5 5", "1 2 3"):
        field.edit.setFocus()
        field.edit.selectAll()
        QTest.keyClicks(field.edit, text)
        QTest.keyClick(field.edit, Qt.Key.Key_Return)
    assert heaps.session.document.text == "1 2 3"
    QTest.keyClick(field.edit, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert heaps.session.document.text == field.edit.text() == "5 5"
    redo = Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier
    QTest.keyClick(field.edit, Qt.Key.Key_Z, redo)
    assert heaps.session.document.text == field.edit.text() == "1 2 3"
    field.edit.selectAll()
    QTest.keyClicks(field.edit, "9")
    assert field.pending
    QTest.keyClick(field.edit, Qt.Key.Key_Escape)
    assert field.edit.text() == "1 2 3"
    assert not field.pending  # nothing left to apply after the pause
    assert heaps.session.document.text == "1 2 3"


def test_the_field_s_message_goes_as_soon_as_its_text_is_edited(qtbot, heaps):
    """As in the deal field (issue 25's review, F12): the first key takes the message and the
    red border away; the pause says again what is wrong if something still is."""
    field = heaps.page.field
    field.edit.setFocus()
    field.edit.selectAll()
    QTest.keyClicks(field.edit, "3 x")
    QTest.keyClick(field.edit, Qt.Key.Key_Return)
    assert field.has_error
    assert "red" in field.edit.styleSheet() or colour("error").name() in field.edit.styleSheet()
    QTest.keyClicks(field.edit, "y")  # "3 xy": still wrong
    assert not field.has_error
    assert not field.error.isVisible()
    assert field.edit.styleSheet().startswith("QLineEdit:focus")  # the focus ring only
    qtbot.waitUntil(lambda: field.has_error, timeout=5000)
    assert "'3 xy'" in field.error.text()


# --------------------------------------------------------------------------- clicks
def test_clicking_a_counter_takes_it_and_those_above_in_nim(qtbot, heaps):
    set_doc(qtbot, heaps, HeapsDocument.new("nim", "5 3"))
    click_counter(qtbot, heaps, 0, 2)  # the 5 cut to 2
    doc = heaps.session.document
    assert doc.history == ("5 → 2",)
    assert doc.text == "2 3"
    assert [len(s) for s in heaps.page.board.stacks] == [2, 3]  # the heap kept its place
    assert doc.mover is Player.RIGHT
    assert heaps.page.panel.history.count() == 2


def test_clicking_a_counter_of_one_s_colour_cuts_it_in_hackenbush(qtbot, heaps):
    set_doc(qtbot, heaps, HeapsDocument.new("hackenbush", "BRB RB"))
    click_counter(qtbot, heaps, 0, 1)  # red: not Blue's
    assert heaps.session.document.history == ()
    assert "Blue cuts blue counters only: this one is red" in heaps.page.board.message
    click_counter(qtbot, heaps, 0, 2)
    doc = heaps.session.document
    assert doc.history == ("BRB → BR",)
    assert doc.mover is Player.RIGHT
    click_counter(qtbot, heaps, 0, 1)  # now Red's to cut
    assert heaps.session.document.history == ("BRB → BR", "BR → B")


def test_a_take_with_a_choice_of_constraint_asks_which(qtbot, heaps):
    set_doc(qtbot, heaps, HeapsDocument.new("comply-constrain-nim:3", "3 5"))
    click_counter(qtbot, heaps, 1, 1)  # 5 → 1: three constraints to choose from
    menu = heaps.page.findChild(QMenu, "heapsMoveMenu")
    assert menu is not None
    qtbot.waitUntil(menu.isVisible, timeout=3000)
    texts = [a.text() for a in menu.actions()]
    assert len(texts) == 3
    assert all("5 → 1, forbid" in t for t in texts)
    chosen = next(a for a in menu.actions() if "{1,3}" in a.text())
    chosen.trigger()
    menu.close()
    doc = heaps.session.document
    assert doc.flag == frozenset({1, 3})
    assert "flag {1,3}" in heaps.page.panel.turn.text()


def test_a_move_of_several_heaps_is_played_from_the_list(qtbot, heaps):
    set_doc(qtbot, heaps, HeapsDocument.new("moore-nim:3", "2 3 4"))
    tree = heaps.page.panel.tree
    item = next(
        tree.topLevelItem(k)
        for k in range(tree.topLevelItemCount())
        if tree.topLevelItem(k).text(MOVE).count("→") == 2
    )
    tree.setCurrentItem(item)
    tree.setFocus()
    QTest.keyClick(tree, Qt.Key.Key_Return)
    assert len(heaps.session.document.history) == 1
    assert heaps.session.document.history[0].count("→") == 2


# --------------------------------------------------------------------------- marks
@pytest.mark.parametrize("name", NAMES)
def test_every_move_s_mark_is_the_search_s_result(qtbot, heaps, name):
    rules = find_heap_game(name)
    g = next(g for g in HEAP_GAMES if g.name == name.partition(":")[0])
    assert g.random_position is not None
    rng = random.Random(name)
    fresh = Search(rules)
    for _ in range(2):
        doc = HeapsDocument.new(name, g.random_position(rng, 8))
        set_doc(qtbot, heaps, doc)
        tree = heaps.page.panel.tree
        assert tree.moves() == sorted(doc.legal_moves().moves, key=lambda m: tree.moves().index(m))
        assert sorted(map(repr, tree.moves())) == sorted(map(repr, doc.legal_moves().moves))
        for item in tree.items():
            move = item.data(MOVE, Qt.ItemDataRole.UserRole)
            r = fresh.result(move.position, move.flag, doc.mover.other)
            assert item.text(RESULT) == mark_text(rules, r, doc.mover), (doc.text, move.label)
        # and on the board: each counter that is a move, with the best of its moves
        marks = heaps.page.board.marks
        for (i, j), mark in marks.items():
            results = [
                fresh.result(m.position, m.flag, doc.mover.other) for m in doc.moves_to(i, j)
            ]
            best = max(results, key=lambda r: r * doc.mover.sign)
            assert mark.text == mark_text(rules, best, doc.mover)
        clicks = {(i, j) for i, s in enumerate(doc.stacks) for j in range(len(s))}
        assert set(marks) == {c for c in clicks if doc.moves_to(*c)}


def test_winning_moves_are_marked_as_the_play_panel_marks_its_best_cards(qtbot, heaps):
    set_doc(qtbot, heaps, HeapsDocument.new("nim", "1 2 4"))
    marks = heaps.page.board.marks
    best = {c for c, m in marks.items() if m.optimal}
    assert best == {(2, 3)}  # 4 → 3 leaves 1 2 3, a P-position
    assert marks[(2, 3)].text == "P"
    row = heaps.page.panel.tree.row_of(heaps.session.document.moves_to(2, 3)[0])
    assert row is not None
    assert row.text(MOVE).startswith("★ ")
    assert row.background(MOVE).color() == colour("optimal_fill")


# --------------------------------------------------------------------------- the theory
@pytest.mark.parametrize("name", ["nim", "misere-nim", "moore-nim:3", "integral-hackenbush"])
def test_the_elements_shown_are_the_theory_s(qtbot, heaps, name):
    doc = HeapsDocument.new(name)
    set_doc(qtbot, heaps, doc)
    theory = theory_of(doc)
    assert theory is not None
    rules = doc.rules
    elements = [theory.element(rules.components(rules.parse(c))[0]) for c in doc.layout]
    assert heaps.page.board.elements == tuple(theory.pretty(e) for e in elements)
    total = theory.zero()
    for e in elements:
        total = theory.add(total, e)
    text = heaps.page.panel.elements_text.text()
    assert f"Sum: {theory.pretty(total)} — " in text
    assert not heaps.page.panel.alarm.isVisible()
    panel = heaps.page.panel
    assert (
        panel.search_line.text().split(":", 1)[1].split(";")[0]
        == (panel.theory_line.text().split(":", 1)[1].split(";")[0])
    )


def test_a_theory_that_disagrees_with_search_is_shown_loud(qtbot, heaps, monkeypatch):
    import whistgui.ui.heaps.page as page_module

    real = page_module.theory_view

    def wrong(doc):  # type: ignore[no-untyped-def]
        view = real(doc)
        return dataclasses.replace(view, predicted=-view.predicted) if view else view

    monkeypatch.setattr(page_module, "theory_view", wrong)
    set_doc(qtbot, heaps, HeapsDocument.new("nim", "1 2 4"))
    alarm = heaps.page.panel.alarm
    assert alarm.isVisible()
    assert "disagree" in alarm.text()
    assert colour("alarm_fill").name() in alarm.styleSheet()


# --------------------------------------------------------------------------- edits
def test_dragging_a_stack_s_top_up_makes_it_taller(qtbot, heaps):
    set_doc(qtbot, heaps, HeapsDocument.new("nim", "3 4"))
    board = heaps.page.board
    g = board.geometry_now()
    top = g.counter_rect(0, 2).center()
    drag(board, top, QPointF(top.x(), top.y() - 2 * g.pitch))
    assert [len(s) for s in board.stacks] == [5, 4]
    assert heaps.session.document.text == "4 5"


def test_dragging_a_counter_off_the_board_removes_it(qtbot, heaps):
    set_doc(qtbot, heaps, HeapsDocument.new("hackenbush", "BRB"))
    board = heaps.page.board
    g = board.geometry_now()
    red = g.counter_rect(0, 1).center()
    drag(board, red, QPointF(board.width() - 5, 40))  # anywhere but a stack
    assert board.stacks == (("B", "B"),)


def test_a_counter_from_the_palette_goes_on_a_pile_or_makes_a_new_one(qtbot, heaps):
    set_doc(qtbot, heaps, HeapsDocument.new("hackenbush", "B"))
    board = heaps.page.board
    g = board.geometry_now()
    drag(board, g.palette_item(1).center(), g.column_rect(0).center())  # red on the pile
    assert board.stacks == (("B", "R"),)
    g = board.geometry_now()
    drag(board, g.palette_item(0).center(), g.column_rect(1).center())  # blue into "new"
    assert board.stacks == (("B", "R"), ("B",))


def test_the_keys_edit_and_play(qtbot, heaps):
    set_doc(qtbot, heaps, HeapsDocument.new("hackenbush", "BB"))
    board = heaps.page.board
    board.setFocus()
    QTest.keyClick(board, Qt.Key.Key_R)
    assert board.stacks == (("B", "B", "R"),)
    QTest.keyClick(board, Qt.Key.Key_Insert)
    assert board.stacks == (("B", "B", "R"), ("B",))
    QTest.keyClick(board, Qt.Key.Key_Plus)
    assert board.stacks == (("B", "B", "R"), ("B", "B"))
    QTest.keyClick(board, Qt.Key.Key_Delete, Qt.KeyboardModifier.ShiftModifier)
    assert board.stacks == (("B", "B", "R"),)
    QTest.keyClick(board, Qt.Key.Key_Minus)
    assert board.stacks == (("B", "B"),)
    QTest.keyClick(board, Qt.Key.Key_Home)
    QTest.keyClick(board, Qt.Key.Key_Up)
    QTest.keyClick(board, Qt.Key.Key_Return)  # Blue cuts the top counter
    assert heaps.session.document.history == ("BB → B",)


def test_a_bad_edit_is_refused_on_the_board(qtbot, heaps):
    set_doc(qtbot, heaps, HeapsDocument.new("nim", "1000"))
    board = heaps.page.board
    board.setFocus()
    QTest.keyClick(board, Qt.Key.Key_Plus)
    assert heaps.session.document.text == "1000"
    assert "1001" in board.message


def test_the_game_and_its_parameter_are_chosen_and_checked(qtbot, heaps):
    chooser = heaps.page.chooser
    set_doc(qtbot, heaps, HeapsDocument.new("nim", "3 4 5"))
    chooser.combo.setCurrentIndex(chooser.combo.findData("moore-nim"))
    chooser.combo.activated.emit(chooser.combo.currentIndex())
    assert heaps.session.document.game == "moore-nim:3"  # the example parameter
    assert heaps.session.document.text == "3 4 5"
    chooser.param.setText("9")
    chooser.param.editingFinished.emit()
    assert heaps.session.document.game == "moore-nim:3"
    assert "'moore-nim:9'" in chooser.error.text()
    chooser.param.setText("4")
    chooser.param.editingFinished.emit()
    assert heaps.session.document.game == "moore-nim:4"
    assert not chooser.has_error


def test_whose_turn_and_the_start_flag_are_set_in_the_panel(qtbot, heaps):
    set_doc(qtbot, heaps, HeapsDocument.new("hackenbush", "BR"))
    panel = heaps.page.panel
    assert panel.turn.text().startswith("Blue (Left) to move")
    panel.mover.setCurrentIndex(1)
    panel.mover.activated.emit(1)
    assert heaps.session.document.mover is Player.RIGHT
    assert panel.turn.text().startswith("Red (Right) to move")
    set_doc(qtbot, heaps, HeapsDocument.new("comply-constrain-nim:3", "4 5"))
    assert panel.flag.isVisible()
    panel.flag.setCurrentIndex(2)
    panel.flag.activated.emit(2)
    assert heaps.session.document.flag == frozenset({1, 2})


# --------------------------------------------------------------------------- undo, files
def test_every_change_is_undone_and_redone(qtbot, heaps):
    stack = heaps.undo_stack()
    docs = [heaps.session.document]
    set_doc(qtbot, heaps, HeapsDocument.new("nim", "4 5"))
    docs.append(heaps.session.document)
    click_counter(qtbot, heaps, 0, 1)
    docs.append(heaps.session.document)
    heaps.page.board.setFocus()
    QTest.keyClick(heaps.page.board, Qt.Key.Key_Insert)
    docs.append(heaps.session.document)
    assert len({id(d) for d in docs}) == 4
    for doc in reversed(docs[:-1]):
        stack.undo()
        assert heaps.session.document == doc
    for doc in docs[1:]:
        stack.redo()
        assert heaps.session.document == doc
    assert heaps.page.board.stacks == heaps.session.document.stacks


def test_a_game_saved_is_opened_again(qtbot, heaps, window, dialogs, tmp_path):
    set_doc(qtbot, heaps, HeapsDocument.new("comply-constrain-nim:3", "3 5"))
    click_counter(qtbot, heaps, 1, 3)  # 5 → 3: forbid a choice of sizes
    menu = heaps.page.findChild(QMenu, "heapsMoveMenu")
    if menu is not None and menu.isVisible():
        menu.actions()[0].trigger()
        menu.close()
    saved = heaps.session.document
    assert len(saved.history) == 1
    dialogs.save_path = str(tmp_path / "game")
    assert heaps.save(ask=True)
    path = tmp_path / "game.heaps"
    assert path.is_file()
    assert not heaps.modified()
    set_doc(qtbot, heaps, HeapsDocument.new("nim", "1"))
    assert window.open_file(path)
    assert heaps.session.document == saved
    assert heaps.session.document.flag == saved.flag


def test_a_corrupt_file_is_refused_with_a_message_quoting_it(
    qtbot, heaps, window, dialogs, tmp_path
):
    before = heaps.session.document
    path = tmp_path / "bad.heaps"
    path.write_text(
        json.dumps(
            {
                "format": "whistgui heaps",
                "version": 1,
                "game": "nim",
                "position": "3 q",
                "to_move": "L",
            }
        ),
        encoding="utf-8",
    )
    assert not window.open_file(path)
    warnings = [t for k, t in dialogs.shown if k == "warning"]
    assert len(warnings) == 1
    assert "'3 q'" in warnings[0]
    assert str(path) in warnings[0]
    assert heaps.session.document == before


# --------------------------------------------------------------------------- the search
def test_a_long_search_shows_its_progress_and_is_cancelled(qtbot, heaps):
    page = heaps.page
    doc = HeapsDocument.new("moore-nim:3", "13 14 15 16 17 18")
    heaps.session.change(doc, "big")
    qtbot.waitUntil(lambda: page.panel.cancel.isVisible(), timeout=5000)
    qtbot.waitUntil(lambda: "looked at" in page.panel.progress.text(), timeout=20000)
    assert " of 8,000,000 looked at (" in page.panel.progress.text()
    assert "of the most a search looks at" in page.panel.progress.toolTip()
    assert not heaps.ready()
    QApplication.processEvents()  # the event loop is free while it searches
    page.panel.cancel.click()
    qtbot.waitUntil(heaps.ready, timeout=5000)
    assert "stopped" in page.panel.search_line.text()
    assert page.panel.again.isVisible()
    qtbot.waitUntil(lambda: page._job is None, timeout=10000)  # the worker has stopped it
    assert not page.panel.cancel.isVisible()
    page.panel.again.click()  # Search: on again
    assert page._job is not None
    assert page.panel.cancel.isVisible()
    # the Outcome box says so, not the stopped search's "Search: stopped (Search to go on)"
    qtbot.waitUntil(lambda: "looked at" in page.panel.progress.text(), timeout=20000)
    assert "stopped" not in page.panel.search_line.text()
    assert page.panel.search_line.text().startswith("Search: searching")
    page.panel.cancel.click()
    qtbot.waitUntil(lambda: page._job is None, timeout=10000)
    set_doc(qtbot, heaps, HeapsDocument.new("nim", "1 2"))  # another position: searched
    assert "Search: the player to move wins" in page.panel.search_line.text()


def test_while_the_search_runs_and_after_cancel_the_theory_s_marks_show(qtbot, heaps):
    """Every move showed '…' and no counter a badge while the search ran and after Cancel
    (issue 26's review, C2), though nim's theory settles each move at once: its marks show,
    labelled the theory's — the column '(theory)', in italics, hollow badges, a note on the
    board — until the search's come."""
    from whistgui.app.heaps import theory_marks

    page = heaps.page
    doc = HeapsDocument.new("nim", "1000 999 1")
    heaps.session.change(doc, "huge")
    qtbot.waitUntil(lambda: page.panel.cancel.isVisible(), timeout=5000)
    panel, tree = page.panel, page.panel.tree
    for _phase in ("running", "cancelled"):
        assert tree.headerItem().text(RESULT) == "After it (theory)"
        predicted = dict(theory_marks(doc) or ())
        shown = [tree.topLevelItem(k) for k in range(tree.topLevelItemCount())]
        assert len(shown) == len(predicted) > 1000
        for item in shown:
            move = item.data(MOVE, Qt.ItemDataRole.UserRole)
            assert item.text(RESULT) == mark_text(doc.rules, predicted[move], doc.mover)
            assert item.font(RESULT).italic()
        stars = [i.text(MOVE) for i in shown if i.text(MOVE).startswith("★")]
        assert stars  # nim-sum 14: the theory's winning moves, starred
        board = page.board.marks
        assert board
        assert all(m.theory for m in board.values())
        assert any("what the theory predicts" in n for n in page.board.notes)
        if _phase == "running":
            panel.cancel.click()
            qtbot.waitUntil(heaps.ready, timeout=5000)
    set_doc(qtbot, heaps, HeapsDocument.new("nim", "1 2"))  # searched: the search's marks
    assert tree.headerItem().text(RESULT) == "After it"
    assert not any(m.theory for m in page.board.marks.values())
    assert page.board.notes == ()


def test_the_search_gives_up_at_whist_solve_s_bound_and_says_so(qtbot, heaps, monkeypatch):
    """The app's search had no bound (21.9 million after 75 s and on): it has whist solve's,
    counted against in its progress, and says it gave up."""
    from whistgui.cli.heaps import MAX_SEARCH
    from whistgui.ui.heaps import jobs

    assert jobs.MAX_WORK == MAX_SEARCH
    monkeypatch.setattr(jobs, "MAX_WORK", 20_000)
    page = heaps.page
    heaps.session.change(HeapsDocument.new("moore-nim:3", "5 6 7 8 9"), "big")
    qtbot.waitUntil(heaps.ready, timeout=20000)
    said = page.panel.search_line.text()
    assert "too large to search here: gave up after" in said
    assert "the most a search looks at" in said


# --------------------------------------------------------------------------- themes, figure
@pytest.mark.parametrize("theme", ["light", "dark"])
def test_the_counters_are_the_theme_s(qtbot, heaps, app_theme, theme):
    apply_theme(app_theme, theme)
    set_doc(qtbot, heaps, HeapsDocument.new("hackenbush", "BR"))
    board = heaps.page.board
    image = board.grab().toImage()
    g = board.geometry_now()
    for j, role in ((0, "counter_blue"), (1, "counter_red")):
        rect = g.counter_rect(0, j)
        at = QPoint(int(rect.left() + rect.width() * 0.3), int(rect.center().y()))
        got = QColor(image.pixel(at))
        want = colour(role)
        assert abs(got.red() - want.red()) + abs(got.green() - want.green()) < 12, (role, got)
    assert QColor(image.pixel(QPoint(3, 3))) == board.palette().base().color()


def test_the_figure_is_the_position_shown(qtbot, heaps):
    set_doc(qtbot, heaps, HeapsDocument.new("nim", "3 4 6"))
    source = heaps.figure_source()
    assert list(source.views) == ["position", "quotient"]
    fig = source.build("position", FigureOptions())
    texts = fig.texts()
    assert any("3 4 6" in t for t in texts)
    assert {"*3", "*4", "*6"} <= set(texts)
    assert any("*1" in t for t in texts)


def test_the_board_draws_a_tall_position_as_bars_marked_and_answering_clicks(qtbot, heaps):
    set_doc(qtbot, heaps, HeapsDocument.new("nim", "1000 1"))
    board = heaps.page.board
    g = board.geometry_now()
    assert g.as_bars
    board.grab()  # paints
    point = QPointF(g.column_rect(0).center().x(), g.bottom - 0.5 * g.pitch * 1000)
    hit = g.counter_at(point)
    assert hit is not None
    assert hit[0] == 0
    assert 490 <= hit[1] <= 510
    assert len(board.marks) == 1001  # every counter a move
    assert [c for c, m in board.marks.items() if m.optimal] == [(0, 1)]  # 1000 → 1


def test_escape_brings_the_game_s_parameter_back(qtbot, heaps):
    set_doc(qtbot, heaps, HeapsDocument.new("moore-nim:3", "3 4"))
    chooser = heaps.page.chooser
    chooser.param.setFocus()
    chooser.param.setText("0")
    chooser.param.editingFinished.emit()
    assert "'moore-nim:0'" in chooser.error.text()
    QTest.keyClick(chooser.param, Qt.Key.Key_Escape)
    assert chooser.param.text() == "3"
    assert not chooser.has_error


def test_the_end_of_a_game_says_who_won_and_a_click_then_says_it_is_over(qtbot, heaps):
    set_doc(qtbot, heaps, HeapsDocument.new("misere-nim", "1"))
    click_counter(qtbot, heaps, 0, 0)  # Left takes the last counter: in misère play, loses
    qtbot.waitUntil(heaps.ready, timeout=10000)
    # an impartial game names no side (issue 26's third review, 6)
    assert heaps.page.panel.turn.text() == "Game over: the last to move loses"
    assert heaps.page.board.stacks == ()
    heaps.page.board.setFocus()
    QTest.keyClick(heaps.page.board, Qt.Key.Key_Insert)  # a heap of one again: an edit
    assert heaps.session.document.text == "1"
    assert heaps.session.document.mover is Player.RIGHT


def test_a_game_with_no_theory_is_searched_only(qtbot, heaps, monkeypatch):
    import whistgui.ui.heaps.page as page_module

    monkeypatch.setattr(page_module, "theory_view", lambda _doc: None)
    set_doc(qtbot, heaps, HeapsDocument.new("nim", "2 5"))
    panel = heaps.page.panel
    assert panel.theory_line.text() == "Theory: none (search only)"
    assert "search only" in panel.elements_text.text()
    assert panel.search_line.text() == "Search: the player to move wins (N)"
    assert not panel.alarm.isVisible()
    assert heaps.page.board.elements == ()


def test_the_search_waits_while_the_workspace_is_hidden(qtbot, heaps, window):
    page = heaps.page
    heaps.session.change(HeapsDocument.new("moore-nim:3", "13 14 15 16 17 18"), "big")
    qtbot.waitUntil(lambda: page._job is not None, timeout=5000)
    window.set_game("whist")
    assert not page.isVisible()
    qtbot.waitUntil(lambda: page._job is None, timeout=10000)  # cancelled with the page
    window.set_game("heaps")
    qtbot.waitUntil(lambda: page._job is not None, timeout=5000)  # and started again
    page.cancel_search()
    qtbot.waitUntil(lambda: page._job is None, timeout=10000)


def test_new_starts_the_game_again_from_its_example(qtbot, heaps):
    set_doc(qtbot, heaps, HeapsDocument.new("hackenbush", "BRB"))
    click_counter(qtbot, heaps, 0, 2)
    heaps.new_document()
    doc = heaps.session.document
    assert doc.game == "hackenbush"
    assert doc.history == ()
    assert doc == HeapsDocument.new("hackenbush")
    assert not heaps.modified()
    assert heaps.undo_stack().count() == 0


def test_the_board_says_how_to_play_a_move_no_click_makes(qtbot, heaps):
    """Moore's nim₄ '1 2 3 3': the only winning move, '2 → 1, 3 → 1, 3 → 1', takes from
    three heaps — no click on a counter makes it, every counter showed N and nothing said
    how to play it (issue 26's review, C7). The board names it and says where it is played;
    where a click makes the best move the board says only that multi-heap moves are listed."""
    page = heaps.page
    set_doc(qtbot, heaps, HeapsDocument.new("moore-nim:4", "1 2 3 3"))
    assert {m.text for m in page.board.marks.values()} == {"N"}
    (note,) = page.board.notes
    assert note.startswith("Best: 2 → 1, 3 → 1, 3 → 1 — from several heaps at once")
    assert note.endswith("play it in the Moves list (double-click, Enter)")
    set_doc(qtbot, heaps, HeapsDocument.new("moore-nim:3", "1 1 3"))  # 3 → 1 wins: a click
    (note,) = page.board.notes
    assert note.startswith("3 moves take from several heaps at once")
    set_doc(qtbot, heaps, HeapsDocument.new("nim", "3 4 5"))
    assert page.board.notes == ()


def test_comply_constrain_lists_each_take_once_with_its_best_constraint(qtbot, heaps):
    """In 1 2 3 (K = 3) 1 → 0 and 2 → x were listed with three constraints each and 3 → x
    with one, 'Moves (12)' of 18 choices; a long row was cut short, '… forbid {1} (and larger
    …' (issue 26's review, C6). Each take is one row with its best constraint, ▸ the others
    it can be played with (the rule said in the label's tooltip); every row shows its whole
    label and plays exactly it."""
    from whistgui.ui.heaps.panel import GROUPS_TIP

    panel = heaps.page.panel
    tree = panel.tree
    doc = HeapsDocument.new("comply-constrain-nim:3", "1 2 3")
    set_doc(qtbot, heaps, doc)
    tops = [tree.topLevelItem(k) for k in range(tree.topLevelItemCount())]
    takes = {m.position for m in doc.legal_moves().moves}
    assert len(tops) == len(takes) == 6
    assert sum(t.childCount() for t in tops) == len(doc.legal_moves().moves) - 6 == 6
    assert panel.moves_label.text() == "&Moves (6 takes, each with its best flag; ▸ 6 more)"
    assert panel.moves_label.toolTip() == GROUPS_TIP
    search = Search(doc.rules)
    sign = doc.mover.sign
    for top in tops:
        head = top.data(MOVE, Qt.ItemDataRole.UserRole)
        rest = [top.child(c).data(MOVE, Qt.ItemDataRole.UserRole) for c in range(top.childCount())]
        assert all(m.position == head.position for m in rest)  # one take, other constraints
        best = search.result(head.position, head.flag, doc.mover.other) * sign
        assert all(search.result(m.position, m.flag, doc.mover.other) * sign <= best for m in rest)
    # every row whole, and a row (a child here) plays what it says
    set_doc(
        qtbot, heaps, HeapsDocument.new("comply-constrain-nim:3", "1 1 3").with_start_flag("{1,2}")
    )
    heaps.page.splitter.setSizes([1000, 200])  # a narrow list: its labels wrap
    QApplication.processEvents()
    wrapped = 0
    for item in tree.items():
        metrics = QFontMetrics(item.font(MOVE))  # the best row's bold
        rect = tree.visualItemRect(item)
        room = QRect(0, 0, tree.header().sectionSize(MOVE) - 8, 10_000)  # no ▸ here
        flags = int(Qt.TextFlag.TextWordWrap)
        needed = metrics.boundingRect(room, flags, item.text(MOVE)).height()
        assert rect.height() >= needed, item.text(MOVE)  # all of it shown
        wrapped += needed > metrics.lineSpacing()
    assert wrapped  # the test can fail: some label needs two lines here
    set_doc(qtbot, heaps, doc)
    tops = [tree.topLevelItem(k) for k in range(tree.topLevelItemCount())]
    child = next(t.child(0) for t in tops if t.childCount())
    said = child.text(MOVE).removeprefix("★ ")
    tree.expandAll()
    tree.setCurrentItem(child)
    tree.setFocus()
    QTest.keyClick(tree, Qt.Key.Key_Return)
    assert heaps.session.document.history == (said,)


# --------------------------------------------------------------------------- keys
def test_the_f1_sheet_says_what_each_alt_key_does_here(qtbot, heaps, window):
    """The F1 sheet said Alt+G was 'the game (and its parameter)' — here it is the window's
    Game box, the rules are Alt+R — and named a 'Game ▸' menu there is none of (issue 26's
    review, C10, K5). Each Alt key the sheet names takes the focus to what it says."""
    import re

    from whistgui.ui.heaps.workspace import KEYS_HTML

    set_doc(qtbot, heaps, HeapsDocument.new("comply-constrain-nim:3", "1 2 3"))
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    page = heaps.page
    says = {
        "G": window.game_selector.combo,
        "R": page.chooser.combo,
        "K": page.chooser.param,
        "P": page.field.edit,
        "T": page.panel.mover,
        "L": page.panel.flag,
        "M": page.panel.tree,
    }
    named = set(re.findall(r"Alt\+([A-Z])", KEYS_HTML))
    assert named - set(QUOTIENT_KEYS) == set(says)  # the quotient tab's: test_heaps_quotient
    assert "Game ▸" not in KEYS_HTML
    for letter, widget in says.items():
        if letter == "T":  # To move: a partizan game's (an impartial game names no side)
            set_doc(qtbot, heaps, HeapsDocument.new("hackenbush", "BR"))
        page.board.setFocus()
        QTest.keyClick(window, getattr(Qt.Key, f"Key_{letter}"), Qt.KeyboardModifier.AltModifier)
        assert widget.hasFocus(), letter
        if letter == "T":
            set_doc(qtbot, heaps, HeapsDocument.new("comply-constrain-nim:3", "1 2 3"))


def test_ctrl_e_in_the_text_fields_is_the_window_s_export(qtbot, heaps, monkeypatch):
    """Ctrl+E did nothing with the cursor in the Position field (a line edit takes it as End
    of line on X11, before any shortcut): both fields decline it, so the window's Export
    Figure fires; Ctrl+A stays theirs. (The offscreen platform has no such binding, so the
    shortcut override is asked directly, as for the Single Suits filter box.)"""
    from PySide6.QtCore import QEvent
    from PySide6.QtGui import QKeyEvent

    from whistgui.ui.widgets.applied_field import AppliedEdit

    def override(key: Qt.Key) -> QKeyEvent:
        return QKeyEvent(QEvent.Type.ShortcutOverride, key, Qt.KeyboardModifier.ControlModifier)

    real = AppliedEdit.event

    def as_on_x11(self, event):  # type: ignore[no-untyped-def]
        if event.type() == QEvent.Type.ShortcutOverride and event.key() in (
            Qt.Key.Key_E,
            Qt.Key.Key_A,
        ):
            event.accept()  # X11's bindings: End of line, select all
            return True
        return real(self, event)

    monkeypatch.setattr(AppliedEdit, "event", as_on_x11)
    for key, declined in ((Qt.Key.Key_E, True), (Qt.Key.Key_A, False)):
        event = override(key)
        event.ignore()
        QApplication.sendEvent(heaps.page.field.edit, event)
        assert event.isAccepted() != declined, key
    chooser = heaps.page.chooser
    keys = chooser._window_keys
    assert keys.eventFilter(chooser.param, override(Qt.Key.Key_E))
    assert not keys.eventFilter(chooser.param, override(Qt.Key.Key_A))


def test_the_focus_is_plain_to_see_on_the_board_and_in_the_field(qtbot, heaps, window):
    """Two Tabs from the Position field left the focus on the board, hard to see (issue 26's
    review, C10): the board wears a frame in the focus colour, its focused counter a ring of
    it edged in the text's colour, and the field a border of it."""
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    board, field = heaps.page.board, heaps.page.field
    ring = colour("turn")

    def has_ring(image, x: int, y: int) -> bool:  # type: ignore[no-untyped-def]
        return any(
            abs(image.pixelColor(x + dx, y + dy).red() - ring.red()) < 30
            and abs(image.pixelColor(x + dx, y + dy).green() - ring.green()) < 30
            and abs(image.pixelColor(x + dx, y + dy).blue() - ring.blue()) < 30
            for dx in range(-2, 3)
            for dy in range(-2, 3)
        )

    field.edit.setFocus()
    qtbot.waitUntil(field.edit.hasFocus)
    # Tab: the board, then the panel's first field — no stop on an unmarked scroll area
    QTest.keyClick(field.edit, Qt.Key.Key_Tab)
    assert board.hasFocus()
    QTest.keyClick(board, Qt.Key.Key_Tab)
    # (nim: no To move box, no flag — an impartial game names no side)
    assert QApplication.focusWidget() is heaps.page.panel.tree
    field.edit.setFocus()
    qtbot.waitUntil(field.edit.hasFocus)
    unfocused = board.grab().toImage()
    edit = field.edit.grab().toImage()
    assert has_ring(edit, edit.width() // 2, 1)
    assert not has_ring(unfocused, board.width() // 2, 2)
    board.setFocus()
    qtbot.waitUntil(board.hasFocus)
    image = board.grab().toImage()
    assert has_ring(image, board.width() // 2, 2)  # the frame
    rect = board.geometry_now().counter_rect(*board.focus_at)
    assert has_ring(image, int(rect.center().x()), int(rect.top()) - 4)  # the counter's ring
    edit = field.edit.grab().toImage()
    assert not has_ring(edit, edit.width() // 2, 1)


def test_a_long_position_s_search_never_widens_the_window(qtbot, heaps, window):
    """The status bar showed 'Search of 9 9 9 … (the whole position): … looked at', wider
    than the window's minimum with thirty heaps (tests/ui/test_window_fit.py: 736 → 760 px):
    the position is cut short there, the progress is short, the moves' count wraps."""
    from PySide6.QtGui import QFontMetrics

    page = heaps.page
    heaps.session.change(HeapsDocument.new("comply-constrain-nim:3", "9 " * 30), "tall")
    qtbot.waitUntil(lambda: "looked at" in page.panel.progress.text(), timeout=20000)
    said = window.job_status.text.text()
    assert said.startswith("Search of 9 9 9")
    assert "…:" in said
    assert QFontMetrics(window.job_status.text.font()).horizontalAdvance(said) < 520  # was 715
    assert page.panel.moves_label.wordWrap()
    page.cancel_search()


def test_a_heap_of_one_beside_heaps_of_a_thousand_can_be_clicked(qtbot, heaps):
    """nim '1000 999 1' drew the heap of 1 as a line a pixel high that no click could hit
    (issue 26's review, K1): a stack drawn as a bar is at least 8 px high, and a click on it
    takes it."""
    from whistgui.ui.heaps.board_geometry import MIN_STACK

    doc = HeapsDocument.new("nim", "1000 999 1")
    heaps.session.change(doc, "huge")
    page = heaps.page
    board = page.board
    g = board.geometry_now()
    assert g.as_bars
    rect = g.stack_rect(2, 1)
    assert rect.height() >= MIN_STACK
    assert g.stack_rect(0, 1000).height() > 100  # the others keep their scale
    assert g.counter_at(rect.center()) == (2, 0)
    page.cancel_search()
    click_counter(qtbot, heaps, 2, 0)
    assert heaps.session.document.history == ("1 → 0",)


def test_a_click_on_a_heap_of_an_octal_game_offers_its_splits(qtbot, heaps):
    """Misère 0.77 '7 4': the board said '7 moves take from several heaps at once, which no
    click makes' — they split one heap (issue 26's second review, 1). A click on a counter
    offers the moves that cut the heap there or split it there (the counters below kept, the
    rest a heap of its own), in a menu as a choice of constraint is; every move is a click's,
    and the board's note about moves no click makes is gone."""
    page = heaps.page
    doc = HeapsDocument.new("misere-octal:0.77", "7 4")
    set_doc(qtbot, heaps, doc)
    assert not any("several heaps" in n for n in page.board.notes)
    assert page.board.splits  # the board's hint and tooltips say a click may split
    spots = doc.click_spots(m.position for m in doc.legal_moves().moves)
    assert all(spots.values())  # every move made by some click
    click_counter(qtbot, heaps, 0, 3)  # the fourth counter of the 7
    menu = page.findChild(QMenu, "heapsMoveMenu")
    assert menu is not None
    qtbot.waitUntil(menu.isVisible, timeout=3000)
    texts = [a.text().removeprefix("★ ") for a in menu.actions()]
    assert sorted(t.split("   ")[0] for t in texts) == ["7 → 2 + 3", "7 → 3 + 3"]
    chosen = next(a for a in menu.actions() if "7 → 2 + 3" in a.text())
    chosen.trigger()
    menu.close()
    assert heaps.session.document.history == ("7 → 2 + 3",)
    assert sorted(len(s) for s in heaps.session.document.stacks) == [2, 3, 4]
    # the marks: a counter whose click offers a split is marked with its best result
    set_doc(qtbot, heaps, doc)
    search = Search(doc.rules)
    sign = doc.mover.sign
    best = max(
        search.result(m.position, m.flag, doc.mover.other) * sign for m in doc.moves_to(0, 3)
    )
    assert page.board.marks[(0, 3)].text == mark_text(doc.rules, best * sign, doc.mover)


def test_end_nim_s_moves_to_one_position_are_not_said_to_name_flags(qtbot, heaps):
    """End-nim '3 3': 'Moves (5 takes, each with its best flag; ▸ 1 more)' — End-nim has no
    flags; the ▸ hid 'right 3 → 0', a second move to the position '3' (issue 26's second
    review, 2). The list says that two moves reach the same position, in End-nim's words."""
    from whistgui.ui.heaps.panel import SAME_POSITION_TIP

    panel = heaps.page.panel
    doc = HeapsDocument.new("end-nim", "3 3")
    set_doc(qtbot, heaps, doc)
    label = panel.moves_label.text()
    assert "flag" not in label
    assert label == "&Moves (6; ▸ 1 reaching a position another move reaches)"
    assert panel.moves_label.toolTip() == SAME_POSITION_TIP
    tops = [panel.tree.topLevelItem(k) for k in range(panel.tree.topLevelItemCount())]
    (head,) = [t for t in tops if t.childCount()]
    moves = [head.data(MOVE, Qt.ItemDataRole.UserRole)]
    moves.append(head.child(0).data(MOVE, Qt.ItemDataRole.UserRole))
    assert moves[0].position == moves[1].position == doc.rules.parse("3")
    assert moves[0].label != moves[1].label


@pytest.mark.parametrize(("mover", "paid"), [(Player.LEFT, "¾"), (Player.RIGHT, "1¼")])
def test_refined_hackenbush_s_one_colour_start_says_who_pays_the_quarter(qtbot, heaps, mover, paid):
    """Refined integral hackenbush 'B', Blue to move: '¾' though no move was made and the
    rules say '¼ to the player who moved last' (issue 26's second review, 5). The outcome
    says how the result is made up: the player to move at a position of one colour per pile
    pays the quarter, the other counting as having moved last — at the start too."""
    doc = HeapsDocument.new("refined-integral-hackenbush", "B").with_mover(mover)
    set_doc(qtbot, heaps, doc)
    panel = heaps.page.panel
    assert panel.end_note.isVisibleTo(panel)
    note = panel.end_note.text()
    payer = "Blue" if mover is Player.LEFT else "Red"
    other = "Red" if mover is Player.LEFT else "Blue"
    assert note.startswith(f"Game over: Blue is paid {paid} — 1 blue counter less 0 red")
    assert f"¼ paid by {payer}: {other} counts as having made the last move" in note
    assert "at the start too" in note
    assert f"Search: Blue is paid {paid}" == panel.search_line.text()
    set_doc(qtbot, heaps, HeapsDocument.new("refined-integral-hackenbush", "BR"))
    assert not panel.end_note.isVisibleTo(panel)  # not over: nothing to explain


def test_the_rules_box_has_no_ellipsis_and_the_parameter_s_label_a_capital(qtbot, heaps):
    """'Moore's nim_K …' and '… played misère …' ended in '…' but opened no dialog; the
    octal code's label began in lower case (issue 26's second review, 6)."""
    chooser = heaps.page.chooser
    labels = [chooser.combo.itemText(k) for k in range(chooser.combo.count())]
    assert not any(t.endswith("…") for t in labels), labels
    for name in ("octal:0.77", "misere-octal:0.77", "moore-nim:3"):
        chooser.set_game(name)
        text = chooser.param_label.text().lstrip("&")
        assert text[:1].isupper(), text


def test_the_best_moves_come_first_in_the_moves_list(qtbot, heaps):
    """Moore's nim: the one ★ move among dozens needed paging to (issue 26's second review,
    6). The best moves head the list — by the search, as by the theory before it — the
    others after them in the rules' order."""
    panel = heaps.page.panel
    doc = HeapsDocument.new("moore-nim:3", "2 3 4 5")
    moves = doc.legal_moves().moves
    search = Search(doc.rules)
    best = [m for m in moves if search.result(m.position, m.flag, doc.mover.other) == 1]
    assert len(best) == 1
    assert moves.index(best[0]) > 40  # far down in the rules' order
    set_doc(qtbot, heaps, doc)
    listed = panel.tree.moves()
    assert listed[0] == best[0]
    assert panel.tree.topLevelItem(0).text(MOVE).startswith("★ ")
    assert listed[1:] == [m for m in moves if m != best[0]]


def test_a_game_with_no_theory_is_predicted_by_its_exact_quotient(qtbot, heaps):
    """Misère Kayles: 'Theory: none (search only)', and the search gave up on '3 35 6 7'
    (issue 26's second review, 4). The exact quotient of the game is computed in the
    background and predicts the outcome — labelled so, the class of each heap shown — for
    positions whose heaps are at most its bound K; the search stays the check."""
    from whistgui.engine.heaps.quotient import quotient_verdict

    page = heaps.page
    panel = page.panel
    doc = HeapsDocument.new("misere-octal:0.77", "3 5 7")
    set_doc(qtbot, heaps, doc)
    qtbot.waitUntil(lambda: "computing" not in panel.theory_line.text(), timeout=30000)
    q = page.predictor.quotients["misere-octal:0.77", 27]
    assert q.max_heap == 27
    verdict = Search(doc.rules).verdict(doc.position)
    assert quotient_verdict(q, doc.position) == verdict
    line = panel.theory_line.text()
    assert line.startswith("Theory: the exact quotient Q₂₇: ")
    assert line.endswith(f"({verdict})")
    assert not panel.alarm.isVisibleTo(panel)  # the search agrees
    assert panel.elements.title() == "Elements (the exact quotient's classes)"
    assert page.board.elements == tuple(f"class {q.class_of((h,))}" for h in (3, 5, 7))
    # a position the search takes long over: the prediction at once, the search its check
    big = HeapsDocument.new("misere-octal:0.77", "3 35 6 7")
    heaps.session.change(big, "test")
    qtbot.waitUntil(lambda: "exact quotient Q₄₈" in panel.theory_line.text(), timeout=30000)
    qtbot.waitUntil(lambda: "computing" not in panel.theory_line.text(), timeout=30000)
    predicted = quotient_verdict(page.predictor.quotients["misere-octal:0.77", 48], big.position)
    assert panel.theory_line.text().endswith(f"({predicted})")
    page.cancel_search()
    # a game with a theory keeps its own
    set_doc(qtbot, heaps, HeapsDocument.new("octal:0.77", "3 5 7"))
    assert "exact quotient" not in panel.theory_line.text()
