"""The GOPS workspace's Strategies and Matrix Game pages (issue 30) with a real engine service:
the exact result shown is the engine's (face+1 against face at N = 6), a rules change marks the
results stale and drops one under way, a best reply's deviations lead the explorer to the
state, a bad strategy file is refused with nothing lost, the tournament is coloured by sign;
the matrix page solves 771.9's example exactly and marks bad input where it is."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QListWidgetItem

from whistgui.app.gops_strategies import (
    MAX_MATRIX_TEXT,
    MatrixTextError,
    StrategyChoice,
    choices_of,
    parse_matrix,
    path_to,
)
from whistgui.engine.errors import IllegalPlayError, NotationError, WhistError
from whistgui.engine.gops import GopsRules, GopsState, solve_exact
from whistgui.engine.gops.exact_play import best_response, play
from whistgui.engine.gops.strategies import strategy
from whistgui.ui.gops.colours import side_colour
from whistgui.ui.gops.matrix_page import MatrixPage

WAIT = 60_000


def test_the_result_shown_is_the_engines_face_plus_1_against_face_n6(qtbot, page) -> None:
    for rules in (GopsRules(6), GopsRules(6, score="points")):
        p = page(rules)
        assert p.a_picker.choice() == StrategyChoice("face", 1)  # 771.4's defaults
        assert p.b_picker.choice() == StrategyChoice("face")
        qtbot.mouseClick(p.play_button, Qt.MouseButton.LeftButton)
        qtbot.waitUntil(lambda p=p: p.play_result is not None, timeout=WAIT)
        engine = play(strategy("face+1", rules), strategy("face", rules), rules)
        assert p.play_result.exact == engine.exact
        text = p.result_label.text()
        assert f"<b>{engine.exact}</b>" in text.replace("−", "-")
        shown = [
            tuple(p.distribution.item(r, c).text().replace("−", "-") for c in (0, 1))
            for r in range(p.distribution.rowCount())
        ]
        assert shown == [(str(res), str(pr)) for res, pr in engine.results()]
    # points: 771.4's 15 to 6, a difference of 9, always
    assert p.play_result.exact == 9


def test_a_rules_change_marks_results_stale_and_drops_those_under_way(qtbot, page, service) -> None:
    p = page(GopsRules(4))
    p.compute_play()
    qtbot.waitUntil(lambda: p.play_result is not None, timeout=WAIT)
    assert not p.play_box.stale
    assert p.play_box.body.isEnabled()
    p.session.set_rules(GopsRules(5))
    assert p.play_box.stale
    assert not p.play_box.body.isEnabled()
    assert "N = 4" in p.play_box.stale_label.text()
    assert "N = 5" in p.play_box.stale_label.text()
    # a result computed for the old rules, arriving after the change, is not shown
    old = p.play_result
    p.compute_reply("B")
    p.session.set_rules(GopsRules(4, "split"))
    qtbot.wait(200)
    qtbot.waitUntil(lambda: not p._jobs, timeout=WAIT)
    assert p.reply is None
    # computed again: fresh, for the new rules
    p.compute_play()
    qtbot.waitUntil(lambda: p.play_result is not old, timeout=WAIT)
    assert not p.play_box.stale
    assert p.play_result.rules == GopsRules(4, "split")


def test_the_best_reply_and_its_deviations_are_the_engines(qtbot, page) -> None:
    rules = GopsRules(4)
    p = page(rules)
    qtbot.mouseClick(p.reply_b_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: p.reply is not None, timeout=WAIT)
    br = best_response(strategy("face", rules), rules)
    assert p.reply.response.value == br.value
    assert p.reply.exploitability == br.value  # the game's value is 0
    face = strategy("face", rules)
    expected = [(t, bid) for t, bid in br.turns() if face.bids(t) != ((bid, Fraction(1)),)]
    assert [(d.turn, d.reply) for d in p.reply.deviations] == expected
    assert p.deviations.count() == len(expected) > 0
    first = p.deviations.item(0).text()
    turn, bid = expected[0]
    assert f"prize {turn.shown} turned, {turn.state}:" in first  # the reply sits in A's seat
    assert f"the reply (A) bids {bid}, face would bid {face.bids(turn)[0][0]}" in first


def test_a_deviation_clicked_shows_its_state_in_the_explorer(qtbot, window) -> None:
    from tests.ui.workspaces import gops

    ws = gops(window)
    window.set_game("gops")
    ws.explorer.set_rules(GopsRules(4))
    p = ws.strategies
    ws.tabs.setCurrentWidget(p)
    p.compute_reply("A")
    qtbot.waitUntil(lambda: p.reply is not None, timeout=WAIT)
    deep = max(range(p.deviations.count()), key=lambda k: -len(p.reply.deviations[k].turn.state.a))
    d = p.reply.deviations[deep]
    item = p.deviations.item(deep)
    p.deviations.scrollToItem(item)
    rect = p.deviations.visualItemRect(item)
    qtbot.mouseClick(p.deviations.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    qtbot.waitUntil(lambda: ws.tabs.currentWidget() is ws.explorer, timeout=WAIT)
    # the reply to A sits in B's seat: the explorer shows the turn from A's side, as listed
    assert ws.session.state == d.turn.state.swapped()
    assert f"{d.turn.state.swapped()}: the reply (B) bids {d.reply}" in item.text()
    assert ws.session.steps[-1].move.prize == d.turn.shown


def test_a_bad_strategy_file_is_refused_and_the_choice_kept(qtbot, page, tmp_path) -> None:
    p = page(GopsRules(3))
    bad = tmp_path / "bad.json"
    bad.write_text('{"gops_strategy": 1, "n": 3, "bids": {"nonsense": 2}}')
    p.read_file(p.a_picker, str(bad))
    qtbot.waitUntil(lambda: "nonsense" in p.status.text(), timeout=WAIT)
    assert "bad.json" in p.status.text()
    assert p.a_picker.choice() == StrategyChoice("face", 1)
    good = tmp_path / "mine.json"
    good.write_text(json.dumps({"gops_strategy": 1, "n": 3, "otherwise": "face+2", "bids": {}}))
    p.read_file(p.a_picker, str(good))
    qtbot.waitUntil(lambda: p.a_picker.choice().kind == "file", timeout=WAIT)
    assert p.a_picker.choice().name == "mine"
    p.compute_play()
    qtbot.waitUntil(lambda: p.play_result is not None, timeout=WAIT)
    rules = GopsRules(3)
    assert (
        p.play_result.exact == play(strategy("face+2", rules), strategy("face", rules), rules).exact
    )


def test_the_tournament_is_the_engines_coloured_by_sign(qtbot, page) -> None:
    rules = GopsRules(4)
    p = page(rules)
    p.names_edit.setText("face, face+1, random")
    qtbot.mouseClick(p.tournament_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: p.matrix is not None, timeout=WAIT)
    names = ["face", "face+1", "random"]
    t = p.tournament_table
    for i, x in enumerate(names):
        for j, y in enumerate(names):
            exact = play(strategy(x, rules), strategy(y, rules), rules).exact
            assert t.item(i, j).text().replace("−", "-") == str(exact)
    # face+1 beats face: blue (A's) row; face loses to face+1: red (B's)
    win, loss = t.item(1, 0).background().color(), t.item(0, 1).background().color()
    assert win.blue() > win.red()
    assert loss.red() > loss.blue()
    p.names_edit.setText("face, bogus")
    p.compute_tournament()
    assert "'bogus'" in p.names_error.text()  # at the field (review 30, F2)


def test_tournament_names_are_read_or_refused_quoting_them() -> None:
    a, b = StrategyChoice("face", 2), StrategyChoice("random")
    assert choices_of("A, b face+1 OPTIMAL", a, b) == [
        a,
        b,
        StrategyChoice("face", 1),
        StrategyChoice("optimal"),
    ]
    with pytest.raises(NotationError, match="'fac'"):
        choices_of("face, fac", a, b)
    with pytest.raises(NotationError, match="at most 8"):
        choices_of("face " * 9, a, b)


def test_the_way_to_a_deviation_is_found_on_the_engine_and_can_be_stopped(qtbot, page) -> None:
    """path_to takes seconds for some states of N = 7 (5 s for one; 0.3 s for this one, 3.9 s
    before its score bound): the page finds it as a job (the GUI thread free), and Stop ends
    it."""
    import time

    from whistgui.engine.errors import Cancelled

    rules = GopsRules(7)
    hard = GopsState.parse("prizes=2 a=2,6 b=1,2 pot=20 diff=-6")  # after prize 1 turned
    stop = {"at": None}

    def should_stop() -> bool:
        stop["at"] = stop["at"] or time.monotonic()
        return True

    with pytest.raises(Cancelled, match="stopped after 1,024 states"):
        path_to(hard, 1, rules, should_stop)
    assert time.monotonic() - stop["at"] < 1.0
    rounds = path_to(hard, 1, rules)
    s = GopsState.start(7)
    for prize, i, j in rounds:
        s = s.turn(prize).bid(i, j, rules)
    assert s.turn(1) == hard
    # on the page: the rounds come by showTurn from a job
    p = page(rules)
    got: list[tuple[object, int, object]] = []
    p.showTurn.connect(lambda st, shown, r: got.append((st, shown, r)))
    from whistgui.app.gops_strategies import Deviation, Reply
    from whistgui.engine.gops.strategies import Turn

    d = Deviation(Turn(hard, 1), 6, ((2, Fraction(1)),))
    # a reply shown (fresh) with this deviation: its click is taken
    p.reply = Reply("B", "face", None, Fraction(0), Fraction(0), 1, (d,), 0)  # type: ignore[arg-type]
    item = QListWidgetItem("x")
    item.setData(Qt.ItemDataRole.UserRole, d)
    p._on_deviation(item)
    assert "gops-strategy-path" in p._asked  # asked of the engine, not walked here
    qtbot.waitUntil(lambda: bool(got), timeout=WAIT)
    assert got == [(hard, 1, rounds)]


def test_path_to_reaches_the_state_by_the_rules() -> None:
    rules = GopsRules(5, "carry")
    s = GopsState.start(5).turn(3).bid(2, 2, rules).turn(5).bid(4, 1, rules).turn(1)
    rounds = path_to(s, 1, rules)
    walked = GopsState.start(5)
    for prize, i, j in rounds:
        walked = walked.turn(prize).bid(i, j, rules)
    assert walked.turn(1) == s
    unreachable = GopsState(frozenset({1, 2}), frozenset({1, 2, 3}), frozenset({1, 2, 3}), 3, 40)
    with pytest.raises(IllegalPlayError, match="no play from the start"):
        path_to(unreachable, 3, rules)


# -- the matrix game ----------------------------------------------------------------------------
@pytest.mark.parametrize(
    "text",
    [
        "[[3,-4],[-1,1]]",
        "3 -4\n-1 1",
        "3\t-4\r\n-1\t1\n",
        "3, -4; -1, 1",
        " [ [3 , -4] , [-1,1] ] ",
    ],
)
def test_the_matrix_forms_read_the_same(text) -> None:
    assert parse_matrix(text) == [[3, -4], [-1, 1]]


@pytest.mark.parametrize(
    ("text", "words", "bad"),
    [
        ("[[3,x],[1,2]]", "'x'", "x"),
        ("1 2\n3", "row 2 has 1", "3"),
        ("", "no numbers", ""),
        ("[[1,2]", "not closed", ""),
        ("1/0 2", "'1/0'", "1/0"),
        ("[[[1]]]", "third", "["),
        ("1 2 ]", "']'", "]"),
    ],
)
def test_bad_matrices_are_refused_quoting_them_and_saying_where(text, words, bad) -> None:
    with pytest.raises(MatrixTextError, match=words) as got:
        parse_matrix(text)
    if bad:
        assert text[got.value.start : got.value.end] == bad


def test_the_matrix_size_is_limited() -> None:
    with pytest.raises(MatrixTextError, match="17 rows: at most 16"):
        parse_matrix("1\n" * 17)
    with pytest.raises(MatrixTextError, match="17 entries"):
        parse_matrix(" ".join(["1"] * 17))
    with pytest.raises(MatrixTextError, match="characters"):
        parse_matrix("1 " * (MAX_MATRIX_TEXT // 2 + 1))


@pytest.fixture
def matrix_page(qtbot, service):  # type: ignore[no-untyped-def]
    p = MatrixPage(service)
    qtbot.addWidget(p)
    p.resize(800, 600)
    p.show()
    return p


def test_the_matrix_page_solves_771_9_exactly(qtbot, matrix_page) -> None:
    p = matrix_page
    p.edit.setPlainText("3\t-4\n-1\t1")
    qtbot.mouseClick(p.solve_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: p.solution is not None, timeout=WAIT)
    want = solve_exact([[3, -4], [-1, 1]])
    assert p.solution == want
    assert "<b>−1/9</b>" in p.value_label.text()
    col = (
        [p.row_table.item(r, 0).text() for r in range(2)],
        [p.col_table.item(r, 0).text() for r in range(2)],
    )
    assert col == (["2/9", "7/9"], ["5/9", "4/9"])  # each in its own table (review 30, C2)
    assert p.tables.isEnabled()
    # the text changed: the solution shown is of another matrix, and says so
    p.edit.setPlainText("3\t-4\n-1\t2")
    p.check()
    assert not p.tables.isEnabled()
    assert "solve it again" in p.status.text()
    p.edit.setPlainText("[[3, -4], [-1, 1]]")  # the same matrix, written otherwise
    p.check()
    assert p.tables.isEnabled()


def test_the_matrix_page_marks_bad_input_and_undoes(qtbot, matrix_page) -> None:
    p = matrix_page
    p.edit.setPlainText("")
    p.edit.setFocus()
    qtbot.keyClicks(p.edit, "1 2")
    qtbot.keyClick(p.edit, Qt.Key.Key_Return)
    qtbot.keyClicks(p.edit, "3 zz")
    qtbot.waitUntil(lambda: p.error is not None, timeout=5000)
    assert "'zz'" in p.error_label.text()
    marks = p.edit.extraSelections()
    assert len(marks) == 1
    assert marks[0].cursor.selectedText() == "zz"
    p.solve()  # refused: nothing submitted
    assert p.solution is None
    assert p._job is None
    for _ in range(2):
        qtbot.keyClick(p.edit, Qt.Key.Key_Backspace)
    qtbot.keyClicks(p.edit, "4")
    qtbot.waitUntil(lambda: p.error is None, timeout=5000)
    assert p.edit.extraSelections() == []
    p.edit.undo()
    assert p.edit.toPlainText() != "1 2\n3 4"


def test_stop_ends_a_long_tournament_and_nothing_is_shown(qtbot, page, jobs) -> None:
    p = page(GopsRules(6))
    p.names_edit.setText("optimal, random")
    p.compute_tournament()
    qtbot.waitUntil(lambda: "gops-strategy-tournament" in jobs, timeout=WAIT)
    # review 31b, C5: the tournament's own Stop and progress, by its box; Play's row idle
    assert p.tournament_stop.isEnabled()
    assert not p.stop_button.isEnabled()
    assert "a tournament of 2" in p.tournament_status.text()
    assert p.status.text() == ""
    qtbot.keyClick(p.names_edit, Qt.Key.Key_Escape)
    qtbot.waitUntil(lambda: p.tournament_status.text() == "Stopped.", timeout=WAIT)
    assert p.matrix is None
    assert not p.tournament_stop.isEnabled()


def test_the_explorer_shows_a_chosen_strategys_bids_in_the_state(qtbot, window) -> None:
    from tests.ui.workspaces import gops

    ws = gops(window)
    window.set_game("gops")
    ws.explorer.set_rules(GopsRules(4))
    preview = ws.preview
    assert not preview.note.isVisible()  # the optimal bids above, by default
    preview.combo.setCurrentIndex(preview.combo.findText("face+1"))
    assert "once a prize is turned" in preview.note.text()
    ws.session.turn(3)
    one = Fraction(1)
    assert (preview.a_bids, preview.b_bids) == (((4, one),), ((4, one),))
    assert "A bids 4" in preview.note.text()
    # the heat map's headers shade the bids, in each player's colour
    heat = ws.explorer.matrix
    assert heat.marks == ("face+1", {4: 1.0}, {4: 1.0})
    qtbot.waitUntil(lambda: heat.rowCount() == 4 and ws.explorer.ready(), timeout=WAIT)
    row_heads = [heat.verticalHeaderItem(i) for i in range(4)]
    assert [h.text() for h in row_heads] == ["1", "2", "3", "4"]
    shaded = [h.background().style() != Qt.BrushStyle.NoBrush for h in row_heads]
    assert shaded == [False, False, False, True]
    blue = row_heads[3].background().color()
    assert blue.rgb() == side_colour("A", heat.palette()).rgb()
    assert "face+1 bids it" in row_heads[3].toolTip()
    assert heat.horizontalHeaderItem(3).background().color().rgb() == (
        side_colour("B", heat.palette()).rgb()
    )
    ws.session.bid(4, 1)
    ws.session.turn(4)
    # A has no 4 left, 4 + 1 wraps to 1; B has no 1 left: the next card above, 2
    assert (preview.a_bids, preview.b_bids) == (((1, one),), ((2, one),))
    preview.combo.setCurrentIndex(preview.combo.findText("random"))
    assert preview.a_bids == tuple((c, Fraction(1, 3)) for c in (1, 2, 3))
    assert heat.marks[1] == {1: 1 / 3, 2: 1 / 3, 3: 1 / 3}
    assert "A bids 1: 1/3, 2: 1/3, 3: 1/3" in preview.note.text()
    # A's strategy as the Strategies page picks it, followed as it changes
    preview.combo.setCurrentIndex(preview.combo.findData("pick:0"))
    assert preview.a_bids == ((1, one),)  # face+1, the default
    ws.strategies.a_picker.set_choice(StrategyChoice("face", 2))
    assert preview.a_bids == ((2, one),)  # 4 + 2 wraps to 2
    ws.explorer.set_rules(GopsRules(3))  # face+k items follow N; the choice is kept
    assert preview.combo.findText("face+3") == -1
    assert preview.combo.findText("face+2") >= 0
    assert preview.combo.currentData() == "pick:0"
    assert "for both players" in preview.combo.currentText()  # review 31b, C3: said so
    # A's bid by A's strategy, B's by B's (review 31b, C3): face+2 for A, face for B
    ws.explorer.set_rules(GopsRules(4))
    ws.session.turn(3)
    ws.strategies.b_picker.set_choice(StrategyChoice("face"))
    preview.combo.setCurrentIndex(preview.combo.findData("pick:2"))
    assert (preview.a_bids, preview.b_bids) == (((1, one),), ((3, one),))  # 3 + 2 wraps to 1
    assert "A's by A's strategy, B's by B's" in preview.combo.currentText()


def test_the_pages_by_keyboard(qtbot, window) -> None:
    from tests.ui.workspaces import gops

    ws = gops(window)
    window.set_game("gops")
    ws.explorer.set_rules(GopsRules(3))
    ws.explorer.setFocus()
    qtbot.keyClick(ws.explorer, Qt.Key.Key_2, Qt.KeyboardModifier.ControlModifier)
    assert ws.tabs.currentWidget() is ws.strategies
    qtbot.keyClick(ws.tabs.currentWidget(), Qt.Key.Key_3, Qt.KeyboardModifier.ControlModifier)
    assert ws.tabs.currentWidget() is ws.matrix_game
    m = ws.matrix_game
    m.edit.setFocus()
    m.edit.selectAll()
    qtbot.keyClicks(m.edit, "2 1; 0 3")  # two rows: (2·3 − 1·0)/(2 + 3 − 1 − 0)
    qtbot.keyClick(m.edit, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)
    qtbot.waitUntil(lambda: m.solution is not None, timeout=WAIT)
    assert m.solution.value == Fraction(3, 2)
    assert m.edit.toPlainText() == "2 1; 0 3"  # Ctrl+Return solved, typed no line
    qtbot.keyClick(m.edit, Qt.Key.Key_1, Qt.KeyboardModifier.ControlModifier)
    assert ws.tabs.currentWidget() is ws.explorer


def test_the_games_value_is_computed_once_per_rules(qtbot, page, monkeypatch) -> None:
    """The exploitability needs the game's value (13 s at N = 6): a second reply reuses it."""
    from whistgui.app import gops_strategies

    calls: list[GopsRules] = []
    real = gops_strategies.game_value

    def counted(rules, *args, **kw):  # type: ignore[no-untyped-def]
        calls.append(rules)
        return real(rules, *args, **kw)

    monkeypatch.setattr(gops_strategies, "game_value", counted)
    p = page(GopsRules(4))
    p.compute_reply("A")
    qtbot.waitUntil(lambda: p.reply is not None, timeout=WAIT)
    first = p.reply
    p.compute_reply("B")
    qtbot.waitUntil(lambda: p.reply is not first, timeout=WAIT)
    assert calls == [GopsRules(4)]
    assert p.reply.exploitability == first.exploitability  # face+1 and face: equally beaten


def test_work_asked_while_hidden_waits_until_the_page_is_shown(qtbot, page, jobs) -> None:
    p = page(GopsRules(4))
    p.hide()
    p.compute_play()
    qtbot.wait(100)
    assert "gops-strategy-play" not in jobs  # a hidden page computes nothing
    p.show()
    qtbot.waitUntil(lambda: p.play_result is not None, timeout=WAIT)
    assert jobs.count("gops-strategy-play") == 1


def test_a_strategy_file_of_another_n_is_refused_when_played(qtbot, page, tmp_path) -> None:
    p = page(GopsRules(3))
    other = tmp_path / "four.json"
    other.write_text(json.dumps({"gops_strategy": 1, "n": 4, "otherwise": "random", "bids": {}}))
    p.read_file(p.b_picker, str(other))
    qtbot.waitUntil(lambda: p.b_picker.choice().kind == "file", timeout=WAIT)
    p.compute_play()
    qtbot.waitUntil(lambda: "N = 4" in p.status.text(), timeout=WAIT)
    assert "four.json" in p.status.text()
    assert "not 3" in p.status.text()
    assert p.play_result is None


def test_stop_ends_a_best_reply_at_n6_within_a_second(qtbot, page, service) -> None:
    """The best reply to random at N = 6 would run half a minute: Stop ends the job itself
    (the service says cancelled only once the job has returned) within a second, and the
    page shows it stopped, with no reply and no deviations."""
    import time

    p = page(GopsRules(6))
    p.b_picker.set_choice(StrategyChoice("random"))
    running: list[str] = []
    service.started.connect(lambda _job, channel, _label: running.append(channel))
    p.compute_reply("B")
    qtbot.waitUntil(lambda: "gops-strategy-reply" in running, timeout=WAIT)
    qtbot.wait(300)  # under way
    assert p.stop_button.isEnabled()
    asked = time.monotonic()
    qtbot.mouseClick(p.stop_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: p.status.text() == "Stopped.", timeout=WAIT)
    assert time.monotonic() - asked < 1.0  # a generous limit: polled every 1,024 states
    assert p.reply is None
    assert p.deviations.count() == 0
    assert not p.stop_button.isEnabled()
    assert not p._jobs


def test_export_figure_on_the_strategies_page_draws_the_tournament(
    qtbot, window, tmp_path, monkeypatch
) -> None:
    """File ▸ Export Figure while the Strategies page is shown: its tournament, every cell as
    the engine has it; before one is played (or once the rules change) it says so."""
    from PySide6.QtWidgets import QMessageBox

    from tests.ui.workspaces import gops
    from whistgui.engine.gops.exact_play import tournament
    from whistgui.figures.gops_tournament import cell_text

    warned: list[str] = []
    monkeypatch.setattr(QMessageBox, "warning", lambda _p, _t, text: warned.append(text))
    ws = gops(window)
    window.set_game("gops")
    rules = GopsRules(4)
    ws.explorer.set_rules(rules)
    p = ws.strategies
    ws.tabs.setCurrentWidget(p)
    assert window.export_figure(tmp_path / "none.svg", "tournament") is None
    assert "play one" in warned[-1]
    p.names_edit.setText("face, face+1, random")
    p.compute_tournament()
    qtbot.waitUntil(lambda: p.matrix is not None, timeout=WAIT)
    out = window.export_figure(tmp_path / "t.svg", "tournament")
    assert out is not None
    svg = out.read_text()
    names = ["face", "face+1", "random"]
    engine = tournament([strategy(s, rules) for s in names], rules)
    for row in engine:
        for r in row:
            assert f">{cell_text(r.exact)}<" in svg
    # the Explorer tab still exports its matrix game, not the tournament
    ws.tabs.setCurrentWidget(ws.explorer)
    with pytest.raises(WhistError, match="matrix game of bids"):  # at the start: no prize turned
        ws.figure_source()
    ws.tabs.setCurrentWidget(p)
    ws.explorer.set_rules(GopsRules(5))  # the tournament shown is now stale: no figure
    assert window.export_figure(tmp_path / "stale.svg", "tournament") is None
    assert "play one" in warned[-1]
