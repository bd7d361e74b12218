"""The GOPS explorer with a real engine service: solving (the value shown is the engine's),
walking the game (a prize turned, a cell clicked or chosen by the keyboard goes to the state
those bids lead to; the breadcrumb and Back go back), the exact value, saving and reopening a
solved game without solving again, refusing a corrupt file, and cancelling a long solve."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from whistgui.engine.gops import ExactSolution, GopsRules, GopsSolver, GopsState
from whistgui.figures import FigureOptions
from whistgui.figures.gops import GOPS_VIEWS, format_payoff, fraction_text, value_text
from whistgui.ui.gops import GopsExplorer, GopsSession
from whistgui.ui.gops import explorer as explorer_module
from whistgui.ui.gops.explorer import EXACT_CHANNEL, SOLVE_CHANNEL, STATE_CHANNEL
from whistgui.ui.gops.session import Move
from whistgui.ui.gops.words import plain_state_words

WAIT = 20_000


def solved(qtbot, w: GopsExplorer) -> GopsExplorer:
    """``w`` with its game solved by the Solve button, the values of the state shown in."""
    qtbot.mouseClick(w.solve_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: w.session.solved and w.ready(), timeout=WAIT)
    return w


def wait_ready(qtbot, w: GopsExplorer) -> None:
    qtbot.waitUntil(w.ready, timeout=WAIT)


def click_cell(qtbot, w: GopsExplorer, row: int, col: int) -> None:
    rect = w.matrix.visualRect(w.matrix.model().index(row, col))
    qtbot.mouseClick(w.matrix.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())


# -- solving and the value shown ----------------------------------------------------------------
@pytest.mark.parametrize(
    "rules", [GopsRules(3), GopsRules(4), GopsRules(4, "split", "points")], ids=str
)
def test_the_value_shown_is_the_engines(qtbot, gops_explorer, rules) -> None:
    w = gops_explorer(rules)
    assert w.pages.currentWidget() is w.unsolved_page
    assert w.value_label.text() == "—"
    assert not w.save_button.isEnabled()  # nothing worth saving yet
    solved(qtbot, w)
    assert w.save_button.isEnabled()
    engine = GopsSolver(rules)
    assert w.value_label.text() == value_text(engine.solve().value)
    start = GopsState.start(rules.n)
    assert w.pages.currentWidget() is w.chance_page
    assert sorted(w.chips.chips) == sorted(start.prizes)
    for p, chip in w.chips.chips.items():
        assert chip.value == pytest.approx(engine.value(start.turn(p)))
    assert "Solved" in w.solve_status.text()
    assert not w.solve_button.isEnabled()


def test_a_long_solve_summary_is_elided_not_cut(qtbot, gops_explorer) -> None:
    """Seen under Xvfb at 1280 × 800: the solve's summary was cut mid-word ("… 35,787 states
    in the me"); it ends in "…" where it is longer than the row, and its tip has it all."""
    w = gops_explorer(GopsRules(3))
    long = "Solved N = 6, ties carry over, result = sign of the score difference " * 3
    w.controls.set_status(long)
    qtbot.waitUntil(lambda: w.solve_status.is_elided(), timeout=WAIT)
    assert w.solve_status.text() == long
    assert w.solve_status.shown_text().endswith("…")
    assert w.solve_status.toolTip() == long
    w.controls.set_status("Solved")
    assert not w.solve_status.is_elided()
    assert w.solve_status.shown_text() == "Solved"
    assert w.solve_status.toolTip() == ""


def test_small_games_solve_as_soon_as_they_are_chosen(qtbot, gops_explorer, jobs) -> None:
    w = gops_explorer(GopsRules(3), auto_solve=5)
    qtbot.waitUntil(lambda: w.session.solved and w.ready(), timeout=WAIT)
    assert jobs.count(SOLVE_CHANNEL) == 1
    w.n_spin.setValue(6)  # too large to start by itself
    assert not w.session.solved
    assert w.session.rules == GopsRules(6)
    assert w.pages.currentWidget() is w.unsolved_page
    assert not w.solving


# -- walking the game ---------------------------------------------------------------------------
def test_turning_a_prize_then_clicking_a_cell_goes_where_those_bids_lead(
    qtbot, gops_explorer
) -> None:
    rules = GopsRules(4)
    w = solved(qtbot, gops_explorer(rules))
    engine = GopsSolver(rules)
    start = GopsState.start(4)

    qtbot.mouseClick(w.chips.chips[3], Qt.MouseButton.LeftButton)
    turned = start.turn(3)
    assert w.session.state == turned
    wait_ready(qtbot, w)
    assert w.pages.currentWidget() is w.bidding_page
    view = w.current_view()
    assert view is not None
    assert (view.rows, view.cols) == ((1, 2, 3, 4), (1, 2, 3, 4))
    expected = engine.matrix(turned)
    for i in range(4):
        for j in range(4):
            item = w.matrix.item(i, j)
            assert item.text() == format_payoff(expected[i][j])
            assert item.data(Qt.ItemDataRole.UserRole) == pytest.approx(expected[i][j])
    assert w.value_label.text() == value_text(engine.value(turned))
    assert w.a_bars.probabilities() == pytest.approx(list(engine.solution(turned).row))
    assert w.state_edit.text() == str(turned)

    click_cell(qtbot, w, 3, 1)  # A bids 4, B bids 2
    after = turned.bid(4, 2, rules)
    assert w.session.state == after
    wait_ready(qtbot, w)
    assert w.value_label.text() == value_text(engine.value(after))
    assert w.state_edit.text() == str(after)
    assert w.breadcrumb.labels() == ["Start", "Prize 3", "A 4 · B 2"]


def press(qtbot, key: Qt.Key, modifier=Qt.KeyboardModifier.NoModifier) -> None:
    """``key`` to the widget with the keyboard's focus, as a user's key press."""
    focus = QApplication.focusWidget()
    assert focus is not None
    qtbot.keyClick(focus, key, modifier)


def test_the_keyboard_moves_in_the_matrix_goes_and_comes_back(qtbot, gops_explorer) -> None:
    rules = GopsRules(4)
    w = solved(qtbot, gops_explorer(rules))
    w.activateWindow()
    qtbot.waitUntil(w.isActiveWindow, timeout=WAIT)
    w.chips.chips[1].setFocus()
    press(qtbot, Qt.Key.Key_4)  # a prize's number turns it
    turned = GopsState.start(4).turn(4)
    assert w.session.state == turned
    wait_ready(qtbot, w)
    assert QApplication.focusWidget() is w.matrix  # the keyboard goes on to the matrix
    w.matrix.setCurrentCell(0, 0)
    press(qtbot, Qt.Key.Key_Down)
    press(qtbot, Qt.Key.Key_Right)
    press(qtbot, Qt.Key.Key_Right)
    assert (w.matrix.currentRow(), w.matrix.currentColumn()) == (1, 2)
    press(qtbot, Qt.Key.Key_Return)
    assert w.session.state == turned.bid(2, 3, rules)
    wait_ready(qtbot, w)
    assert QApplication.focusWidget() in w.chips.chips.values()
    press(qtbot, Qt.Key.Key_Backspace)
    assert w.session.state == turned
    wait_ready(qtbot, w)
    press(qtbot, Qt.Key.Key_Left, Qt.KeyboardModifier.AltModifier)
    assert w.session.state == GopsState.start(4)
    wait_ready(qtbot, w)
    press(qtbot, Qt.Key.Key_Right, Qt.KeyboardModifier.AltModifier)
    assert w.session.state == turned


def test_the_breadcrumb_goes_back_and_keeps_the_path(qtbot, gops_explorer) -> None:
    rules = GopsRules(4)
    w = solved(qtbot, gops_explorer(rules))
    w.turn(1)
    wait_ready(qtbot, w)
    w.bid(3, 3)  # a tie: the pot carries over
    wait_ready(qtbot, w)
    w.turn(2)
    wait_ready(qtbot, w)
    tie = GopsState.start(4).turn(1).bid(3, 3, rules)
    assert w.session.state == tie.turn(2)
    assert w.session.state.pot == 3
    assert len(w.breadcrumb.buttons) == 4

    qtbot.mouseClick(w.breadcrumb.buttons[1], Qt.MouseButton.LeftButton)
    assert w.session.state == GopsState.start(4).turn(1)
    assert w.session.index == 1
    assert len(w.breadcrumb.buttons) == 4  # the path is kept: Forward goes on along it
    assert w.forward_button.isEnabled()
    wait_ready(qtbot, w)
    taken = [
        (i, j)
        for i in range(w.matrix.rowCount())
        for j in range(w.matrix.columnCount())
        if w.matrix.item(i, j).data(Qt.UserRole + 1)
    ]
    assert taken == [(2, 2)]  # the cell of the bids the path took, outlined

    qtbot.mouseClick(w.back_button, Qt.MouseButton.LeftButton)
    assert w.session.state == GopsState.start(4)
    w.turn(4)  # another way: the rest of the path is replaced
    assert w.breadcrumb.labels() == ["Start", "Prize 4"]
    assert not w.forward_button.isEnabled()


def test_a_game_played_to_the_end_shows_its_result(qtbot, gops_explorer) -> None:
    rules = GopsRules(2)
    w = solved(qtbot, gops_explorer(rules))
    for move in (Move(prize=2), Move(bids=(2, 1)), Move(prize=1), Move(bids=(1, 2))):
        w.session.play(move)
        wait_ready(qtbot, w)
    assert w.session.state.is_over
    assert w.pages.currentWidget() is w.over_page
    assert "A wins" in w.over_page.text()
    assert w.value_label.text() == "1"


# -- the exact value ----------------------------------------------------------------------------
@pytest.mark.parametrize("rules", [GopsRules(3), GopsRules(4), GopsRules(4, "carry", "points")])
def test_the_exact_value_shown_is_the_engines(qtbot, gops_explorer, rules) -> None:
    w = solved(qtbot, gops_explorer(rules))
    engine = GopsSolver(rules)
    n = rules.n
    w.turn(n)
    wait_ready(qtbot, w)
    w.bid(n, n - 1)
    wait_ready(qtbot, w)
    w.turn(1)
    wait_ready(qtbot, w)
    state = w.session.state
    exact = engine.exact_value(state)
    result = w.current_exact()
    assert isinstance(result, ExactSolution)
    assert result.value == exact
    shown = fraction_text(exact)
    assert shown is not None
    assert w.exact_label.text() == f"Exact: {shown}"
    solution = engine.exact_solution(state)
    assert [t.split(" ")[0] for t in w.a_bars.texts()] == [
        format_payoff(float(p)) for p in solution.row
    ]
    # a chance state's exact value too
    w.back()
    wait_ready(qtbot, w)
    assert not w.session.state.is_bidding
    assert w.current_exact() == engine.exact_value(w.session.state)


def test_a_large_states_exact_value_waits_for_the_button(qtbot, gops_explorer, monkeypatch) -> None:
    w = solved(qtbot, gops_explorer(GopsRules(4)))
    w.turn(2)
    wait_ready(qtbot, w)
    assert w.exact_label.text().startswith("Exact: ")
    assert w.current_exact() is not None  # four cards a hand: computed at once
    assert not w.exact_button.isVisible()
    monkeypatch.setattr(explorer_module, "EXACT_AUTO_CARDS", 3)
    w.back()
    w.turn(3)
    wait_ready(qtbot, w)
    assert w.current_exact() is None
    assert w.exact_button.isVisible()
    assert "not computed" in w.exact_label.text()
    qtbot.mouseClick(w.exact_button, Qt.MouseButton.LeftButton)
    assert not w.ready()
    wait_ready(qtbot, w)
    assert w.current_exact() is not None
    assert not w.exact_button.isVisible()


def test_leaving_a_state_stops_its_exact_value(qtbot, gops_explorer, service) -> None:
    w = solved(qtbot, gops_explorer(GopsRules(5)))
    w.turn(3)
    qtbot.waitUntil(lambda: w.current_view() is not None, timeout=WAIT)  # its exact: asked
    assert not w.ready()
    with qtbot.waitSignal(
        service.cancelled, timeout=WAIT, check_params_cb=lambda _job, ch: ch == EXACT_CHANNEL
    ):
        w.back()
    wait_ready(qtbot, w)
    assert w.session.state == GopsState.start(5)
    w.forward()  # coming back asks again
    wait_ready(qtbot, w)
    result = w.current_exact()
    assert isinstance(result, ExactSolution)
    assert result.value == GopsSolver(GopsRules(5)).exact_value(GopsState.start(5).turn(3))


def test_a_hidden_explorer_stops_its_exact_value_and_asks_again_when_shown(
    qtbot, gops_explorer, service
) -> None:
    """Issue 24: a state's values are the shown explorer's work (the whist page shown, the
    explorer hidden, nothing of GOPS runs); a solve asked for is not."""
    w = solved(qtbot, gops_explorer(GopsRules(5)))
    w.turn(3)
    qtbot.waitUntil(lambda: w.current_view() is not None, timeout=WAIT)  # its exact: asked
    assert not w.ready()
    with qtbot.waitSignal(
        service.cancelled, timeout=WAIT, check_params_cb=lambda _job, ch: ch == EXACT_CHANNEL
    ):
        w.hide()
    asked: list[str] = []
    service.started.connect(lambda _job, channel, _label: asked.append(channel))
    w.session.back()  # moved while hidden: nothing is computed for it
    w.session.turn(4)
    qtbot.wait(200)
    assert asked == []
    assert not w.ready()
    w.show()
    wait_ready(qtbot, w)
    assert asked[:2] == [STATE_CHANNEL, EXACT_CHANNEL]
    state = GopsState.start(5).turn(4)
    assert w.session.state == state
    result = w.current_exact()
    assert isinstance(result, ExactSolution)
    assert result.value == GopsSolver(GopsRules(5)).exact_value(state)


# -- files --------------------------------------------------------------------------------------
def test_a_solved_game_reopens_without_solving_again(qtbot, gops_explorer, jobs, tmp_path) -> None:
    rules = GopsRules(4, "carry", "sign")
    w = solved(qtbot, gops_explorer(rules))
    w.turn(3)
    wait_ready(qtbot, w)
    w.bid(4, 2)
    wait_ready(qtbot, w)
    saved_state = w.session.state
    saved_value = w.value_label.text()
    path = tmp_path / "game.gops"
    with qtbot.waitSignal(w.message, timeout=WAIT, check_params_cb=lambda m: "Saved" in m):
        w.save(path)
    assert w.session.file_path == path
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["format"] == "whistgui-gops"
    assert data["rules"] == rules.to_json()
    assert data["solver"]["chance"]  # the memo is in the file

    solves_before = jobs.count(SOLVE_CHANNEL)
    other = gops_explorer(GopsRules(3))
    assert other.open(path)
    assert other.session.rules == rules
    assert other.session.solved
    assert other.session.state == saved_state
    assert other.breadcrumb.labels() == ["Start", "Prize 3", "A 4 · B 2"]
    wait_ready(qtbot, other)
    assert other.value_label.text() == saved_value
    assert other.solve_jobs == 0
    assert jobs.count(SOLVE_CHANNEL) == solves_before  # no solve job ran for it
    assert not other.solve_button.isEnabled()
    # and the reopened game walks on from its memo
    other.back()
    other.back()
    other.turn(1)
    wait_ready(qtbot, other)
    assert other.value_label.text() == value_text(GopsSolver(rules).value(other.session.state))
    assert jobs.count(SOLVE_CHANNEL) == solves_before


@pytest.mark.parametrize("limit", ["estimate", "written"])
def test_a_solution_too_large_to_reopen_is_left_out_and_said(
    qtbot, gops_explorer, monkeypatch, tmp_path, limit
) -> None:
    """N = 9's solution (over 20 million states) would make a .gops file far over the largest
    one opened: the file keeps the rules and the path, the status says what was left out and
    why, and the file opens (unsolved, on the step saved). The same path at N = 4 with the
    limit lowered: below the memo's least size ("estimate": never built), or below the text
    built ("written")."""
    from whistgui.ui.gops import session as session_module

    rules = GopsRules(4)
    w = solved(qtbot, gops_explorer(rules))
    states = w.session.solver.memo_size
    full = len(json.dumps(w.session.solver.to_json(), separators=(",", ":")))
    # "estimate": even 20 bytes a state pass it; "written": they do not, the whole text does
    lowered = states * 20 - 1 if limit == "estimate" else full - 1
    monkeypatch.setattr(session_module, "MAX_GOPS_BYTES", lowered)
    w.turn(3)
    wait_ready(qtbot, w)
    path = tmp_path / "big.gops"
    with qtbot.waitSignal(w.message, timeout=WAIT, check_params_cb=lambda m: "Saved" in m) as b:
        w.save(path)
    said = b.args[0]
    assert said.startswith(f"Saved the rules and the path to {path}, not the solution: ")
    assert f"its {states:,} solved states would make a file of " in said
    assert "opening the file solves the game again" in said
    assert w.solve_status.text() == said
    assert w.session.file_path == path
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["solver"] is None
    assert data["rules"] == rules.to_json()
    assert path.stat().st_size < 1000
    other = gops_explorer(GopsRules(3))
    assert other.open(path)
    assert other.session.rules == rules
    assert other.breadcrumb.labels() == ["Start", "Prize 3"]


def test_the_unsolved_page_says_the_largest_game_saves_without_its_solution(
    qtbot, gops_explorer
) -> None:
    """At N = 9 (the largest with the sign) the page no longer promises a file that reopens
    without solving: that solution's file would be 187 MB, over what a .gops file may have."""
    large = gops_explorer(GopsRules(9))
    assert "Save then keeps the rules and the path" in large.unsolved_page.text()
    smaller = gops_explorer(GopsRules(8))
    assert "reopened without solving again." in smaller.unsolved_page.text()
    assert "Save then keeps" not in smaller.unsolved_page.text()


def test_a_solution_within_the_limit_is_saved_whole(qtbot, gops_explorer, tmp_path) -> None:
    w = solved(qtbot, gops_explorer(GopsRules(4)))
    path = tmp_path / "small.gops"
    with qtbot.waitSignal(w.message, timeout=WAIT, check_params_cb=lambda m: "Saved" in m) as b:
        w.save(path)
    assert b.args[0] == f"Saved the GOPS game to {path}"
    assert json.loads(path.read_text(encoding="utf-8"))["solver"]["bidding"]


@pytest.mark.parametrize(
    "content",
    [
        "this is not JSON",
        '{"format": "whistgui-gops", "version": 1, "rules": {"n": 99}}',
        '{"format": "something else"}',
        '{"format": "whistgui-gops", "version": 1, "rules": {"n": 3}, "path": [{"bid": [1, 2]}]}',
    ],
    ids=["text", "bad-rules", "other-format", "illegal-path"],
)
def test_a_corrupt_file_is_refused_and_nothing_is_lost(
    qtbot, gops_explorer, dialogs, tmp_path, content
) -> None:
    w = solved(qtbot, gops_explorer(GopsRules(3)))
    w.turn(2)
    wait_ready(qtbot, w)
    state, solver = w.session.state, w.session.solver
    path = tmp_path / "broken.gops"
    path.write_text(content, encoding="utf-8")
    messages: list[str] = []
    w.message.connect(messages.append)
    assert not w.open(path)
    assert dialogs.shown
    kind, text = dialogs.shown[-1]
    assert kind == "warning"
    assert repr(str(path)) in text
    assert messages
    assert str(path) in messages[-1]
    assert w.session.state == state
    assert w.session.solver is solver
    assert w.session.rules == GopsRules(3)
    assert w.pages.currentWidget() is w.bidding_page


def test_a_truncated_save_is_refused(qtbot, gops_explorer, dialogs, tmp_path) -> None:
    w = solved(qtbot, gops_explorer(GopsRules(4)))
    path = tmp_path / "game.gops"
    with qtbot.waitSignal(w.message, timeout=WAIT, check_params_cb=lambda m: "Saved" in m):
        w.save(path)
    text = path.read_text(encoding="utf-8")
    path.write_text(text[: len(text) // 2], encoding="utf-8")
    other = gops_explorer(GopsRules(3))
    assert not other.open(path)
    assert "is not a GOPS game" in dialogs.shown[-1][1]
    assert other.session.rules == GopsRules(3)


# -- cancelling a long solve --------------------------------------------------------------------
def test_cancelling_a_long_solve_leaves_the_explorer_usable(qtbot, gops_explorer, service) -> None:
    w = gops_explorer(GopsRules(3))
    w.n_spin.setValue(8)
    assert w.session.rules == GopsRules(8)
    with qtbot.waitSignal(service.started, timeout=WAIT):
        qtbot.mouseClick(w.solve_button, Qt.MouseButton.LeftButton)
    assert w.solving
    assert not w.ready()
    assert w.cancel_button.isVisible()
    qtbot.waitUntil(lambda: "states solved" in w.solve_status.text(), timeout=60_000)
    assert "memo" in w.solve_status.text()
    with qtbot.waitSignal(service.cancelled, timeout=10_000):
        qtbot.mouseClick(w.cancel_button, Qt.MouseButton.LeftButton)
    assert not w.solving
    assert "cancelled" in w.solve_status.text()
    assert not w.session.solved
    assert w.solve_button.isEnabled()
    assert not w.cancel_button.isVisible()
    assert w.pages.currentWidget() is w.unsolved_page
    assert w.ready()
    # still usable: a small game solves and shows its value
    w.n_spin.setValue(3)
    solved(qtbot, w)
    assert w.value_label.text() == value_text(GopsSolver(GopsRules(3)).solve().value)


# -- for the window -----------------------------------------------------------------------------
def test_the_figure_source_draws_the_matrix_shown(qtbot, gops_explorer) -> None:
    rules = GopsRules(4)
    w = solved(qtbot, gops_explorer(rules))
    assert w.figure_source() is None  # a chance state has no matrix game
    w.turn(4)
    wait_ready(qtbot, w)
    source = w.figure_source()
    assert source is not None
    assert dict(source.views) == GOPS_VIEWS
    fig = source.build("matrix", FigureOptions())
    m = GopsSolver(rules).matrix(GopsState.start(4).turn(4))
    texts = fig.texts()
    for row in m:
        for v in row:
            assert format_payoff(v) in texts
    strategies = source.build("strategies", FigureOptions())
    for text in w.a_bars.texts() + w.b_bars.texts():
        assert text in strategies.texts()
    assert source.build("both", FigureOptions()).height > fig.height
    # captioned with the rules and the state, in the heading's words (review 31b, X6)
    state = GopsState.start(4).turn(4)
    assert plain_state_words(state, rules) == (
        "Bidding for a pot of 4. A holds 1 2 3 4; B holds 1 2 3 4. Prizes face down: 1 2 3. "
        "Score A − B: 0."
    )
    for name in GOPS_VIEWS:
        words = " ".join(source.build(name, FigureOptions()).texts())
        assert f"GOPS, {rules.describe()}" in words
        assert plain_state_words(state, rules) in words


def test_rules_chosen_in_the_controls_reach_the_session(qtbot, gops_explorer) -> None:
    w = solved(qtbot, gops_explorer(GopsRules(3)))
    w.turn(1)
    w.ties_combo.setCurrentIndex(w.ties_combo.findData("lost"))
    w.ties_combo.activated.emit(w.ties_combo.currentIndex())
    assert w.session.rules == GopsRules(3, "lost", "sign")
    assert not w.session.solved
    assert w.session.state == GopsState.start(3)
    w.score_combo.setCurrentIndex(w.score_combo.findData("points"))
    w.score_combo.activated.emit(w.score_combo.currentIndex())
    assert w.session.rules == GopsRules(3, "lost", "points")
    assert "points" in w.value_caption.text()


# -- the session alone --------------------------------------------------------------------------
def test_the_session_walks_replaces_and_refuses_illegal_moves(qtbot) -> None:
    s = GopsSession(GopsRules(3))
    paths: list[int] = []
    s.pathChanged.connect(lambda _steps, index: paths.append(index))
    s.turn(2)
    s.bid(1, 3)
    s.back()
    assert s.state == GopsState.start(3).turn(2)
    s.bid(1, 3)  # the same move: forward along the path
    assert len(s.steps) == 3
    s.go_to(0)
    with pytest.raises(ValueError, match="prize 7"):
        s.turn(7)
    assert s.index == 0
    assert paths == [1, 2, 1, 2, 0]
    assert Move.from_json(Move(bids=(4, 2)).to_json()) == Move(bids=(4, 2))
    with pytest.raises(ValueError, match="not a move"):
        Move.from_json({"bid": [1]})


def test_the_session_saves_and_reads_a_file(qtbot, tmp_path: Path) -> None:
    solver = GopsSolver(GopsRules(3))
    solver.solve()
    s = GopsSession(GopsRules(3))
    s.set_solver(solver)
    s.turn(3)
    path = s.save(tmp_path / "g.gops")
    t = GopsSession(GopsRules(5))
    t.open(path)
    assert t.rules == GopsRules(3)
    assert t.state == GopsState.start(3).turn(3)
    assert t.solver is not None
    assert t.solver.memo_size == solver.memo_size
    assert t.file_path == path


def test_escape_stops_a_solve_and_f1_says_so(qtbot, gops_explorer, service) -> None:
    """Esc stops a GOPS solve, as it stops a Single Suits listing (review 25b, C4: the count
    kept rising); F1's GOPS section lists it, with Ctrl+."""
    from whistgui.ui.gops.workspace import GopsWorkspace

    w = gops_explorer(GopsRules(3))
    w.n_spin.setValue(8)
    w.activateWindow()
    qtbot.waitUntil(w.isActiveWindow, timeout=WAIT)
    with qtbot.waitSignal(service.started, timeout=WAIT):
        qtbot.mouseClick(w.solve_button, Qt.MouseButton.LeftButton)
    assert w.solving
    w.n_spin.setFocus()  # wherever the keys are in the explorer
    qtbot.waitUntil(lambda: QApplication.focusWidget() is not None)
    with qtbot.waitSignal(service.cancelled, timeout=10_000):
        qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Escape)
    assert not w.solving
    assert "cancelled" in w.solve_status.text()
    assert "<td>Esc, Ctrl+.</td><td>stop solving" in GopsWorkspace.keys_html
