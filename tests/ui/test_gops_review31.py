"""Review 31b (a game theorist's second look at the GOPS workspace): B1, optimal at N = 6
played in the app; the value panel's exact values (X2)."""

from __future__ import annotations

from fractions import Fraction

from whistgui.app.gops_strategies import StrategyChoice
from whistgui.engine.gops import GopsRules

WAIT = 120_000


def test_play_against_optimal_at_n6_shows_a_result_said_to_be_not_exact(qtbot, page) -> None:
    """B1: face+1 against optimal at N = 6 ended with no result and no message (a ValueError
    at Python's 4,300-digit limit in the result's text). Now: ≈ its value, 'not exact'."""
    p = page(GopsRules(6))
    p.a_picker.set_choice(StrategyChoice("face", 1))
    p.b_picker.set_choice(StrategyChoice("optimal"))
    p.compute_play()
    qtbot.waitUntil(lambda: p.play_result is not None, timeout=WAIT)
    r = p.play_result
    assert r is not None
    assert not r.exact_strategies
    assert -1 < r.value <= 1e-9  # optimal does not lose in expectation (the value is 0)
    text = p.result_label.text()
    assert f"≈ {r.value:+.6f}".replace("-", "−") in text, text
    assert "not exact" in text
    assert p.distribution.rowCount() >= 2


def test_the_value_panel_writes_short_fractions_whole_and_long_ones_by_size(qtbot) -> None:
    """X2: −492544541/823300704 was 'exact p/q (p of 9 digits, q of 9)'; now written out.
    A value of 5,000 digits (beyond str's 4,300) is given by its size, and Copy writes it."""
    from PySide6.QtGui import QGuiApplication

    from whistgui.ui.gops.value_panel import ValuePanel

    v = ValuePanel()
    qtbot.addWidget(v)
    v.set_exact(Fraction(-492544541, 823300704))
    assert v.exact_label.text() == "Exact: −492544541/823300704"
    huge = Fraction(10**5000 + 1, 3 * 10**4999 + 7)
    v.set_exact(huge)
    assert "p of 5,001 digits, q of 5,000" in v.exact_label.text()
    v.copy_exact()
    copied = QGuiApplication.clipboard().text()
    assert len(copied) == 5001 + 1 + 5000
    assert copied.startswith("1000")
    assert copied.endswith("0007")


def _gops_window(qtbot, window):  # type: ignore[no-untyped-def]
    from tests.ui.workspaces import gops

    combo = window.game_selector.combo
    i = combo.findData("gops")
    combo.setCurrentIndex(i)
    combo.activated.emit(i)
    return gops(window)


def _explorer_at_a_bidding_state(qtbot, window):  # type: ignore[no-untyped-def]
    ws = _gops_window(qtbot, window)
    w = ws.explorer
    w.set_rules(GopsRules(4))
    w.solve()
    qtbot.waitUntil(lambda: w.session.solved and w.ready(), timeout=WAIT)
    w.turn(3)
    qtbot.waitUntil(w.ready, timeout=WAIT)
    w.bid(3, 4)
    qtbot.waitUntil(w.ready, timeout=WAIT)
    return w


def test_back_keys_work_after_copy_took_the_click(qtbot, window) -> None:
    """C7: after Copy the focus sat on the page's scroll area, outside the explorer, and
    Backspace and Alt+Left (named in the hint) did nothing."""
    from PySide6.QtCore import Qt

    w = _explorer_at_a_bidding_state(qtbot, window)
    w.side.set_exact(Fraction(10**50 + 1, 3**120))  # long: Copy shown
    w.matrix.setFocus()
    for key, mod in (
        (Qt.Key.Key_Backspace, Qt.KeyboardModifier.NoModifier),
        (Qt.Key.Key_Left, Qt.KeyboardModifier.AltModifier),
    ):
        qtbot.mouseClick(w.copy_button, Qt.MouseButton.LeftButton)
        focus = window.focusWidget()
        assert focus is not None
        before = w.session.state
        qtbot.keyClick(focus, key, mod)
        qtbot.waitUntil(lambda b=before: w.session.state != b, timeout=5000)
        assert str(w.session.state).startswith("prizes=1,2,4")  # before the bids, prize 3 up
        w.forward()
        qtbot.waitUntil(w.ready, timeout=WAIT)
        w.side.set_exact(Fraction(10**50 + 1, 3**120))


def test_the_state_field_keeps_what_is_typed_into_it(qtbot, window) -> None:
    """C6: the read-only state field passed digits through: '1' typed there turned prize 1.
    It keeps them now, and is drawn on the panel's background, without a frame."""
    from PySide6.QtCore import Qt
    from PySide6.QtGui import QPalette

    w = _explorer_at_a_bidding_state(qtbot, window)
    state = w.session.state
    field = w.state_edit
    assert field.isReadOnly()
    assert not field.hasFrame()
    pal = field.palette()
    assert pal.color(QPalette.ColorRole.Base) == pal.color(QPalette.ColorRole.Window)
    field.setFocus()
    qtbot.keyClicks(field, "1 2")
    qtbot.keyClick(field, Qt.Key.Key_Return)
    qtbot.wait(200)
    assert w.session.state == state
    assert field.text() == str(state)


def test_alt_i_solves_the_matrix_game_and_the_view_menu_keeps_alt_v(qtbot, window) -> None:
    """C2: Solve's Alt+V was the View menu's too; a mnemonic two share only moves the focus.
    Now Alt+I ('Solve it'), named in the F1 list, solves (Alt+G is the game selector's)."""
    from PySide6.QtCore import Qt

    ws = _gops_window(qtbot, window)
    ws.tabs.setCurrentWidget(ws.matrix_game)
    m = ws.matrix_game
    qtbot.waitUntil(m.isVisible, timeout=5000)
    window.activateWindow()
    m.edit.setFocus()
    qtbot.waitUntil(m.edit.hasFocus, timeout=5000)
    m.edit.setPlainText("3 -4\n-1 1")
    qtbot.keyClick(m.edit, Qt.Key.Key_I, Qt.KeyboardModifier.AltModifier)
    qtbot.waitUntil(lambda: "1/9" in m.value_label.text(), timeout=WAIT)
    assert "Alt+I" in type(ws).keys_html
    assert "Alt+V" not in type(ws).keys_html
    assert m.solve_button.text().replace("&", "").startswith("Solve")


def test_a_strategy_file_for_another_n_is_said_at_its_field(qtbot, page, tmp_path) -> None:
    """C9: a file for N = 3 in a game of N = 6 was accepted until Play refused it. Now the
    field says so when the file is chosen and whenever N changes."""
    import json

    from whistgui.app.gops_strategies import read_choice

    f = tmp_path / "doc3.json"
    f.write_text(json.dumps({"gops_strategy": 1, "n": 3, "otherwise": "random", "bids": {}}))
    p = page(GopsRules(6))
    picker = p.a_picker
    picker.set_file(read_choice(str(f)))
    assert picker.warning.isVisible()
    assert "is a strategy for N = 3, not 6: Play refuses it" in picker.warning.text()
    picker.set_n(3)  # what the page does when N changes
    assert not picker.warning.isVisible()
    picker.set_n(5)
    assert "not 5" in picker.warning.text()
    picker.set_choice(StrategyChoice("random"))
    assert not picker.warning.isVisible()


def test_the_heat_map_keeps_one_scale_for_the_whole_game(qtbot, gops_explorer) -> None:
    """C10: the scale was each matrix's largest |value| (±1 after prize 3, ±0.839 after 5):
    one colour meant different values from state to state. Now ±1 with the sign and the
    prizes' total (±10 at N = 4) with points, whatever the state."""
    for score, want in (("sign", 1.0), ("points", 10.0)):
        rules = GopsRules(4, score=score)
        w = gops_explorer(rules, auto_solve=4)
        qtbot.waitUntil(lambda w=w: w.session.solved and w.ready(), timeout=WAIT)
        scales = []
        for prize in (1, 4):
            w.turn(prize)
            qtbot.waitUntil(w.ready, timeout=WAIT)
            biggest = max(
                abs(float(w.matrix.item(i, j).data(0x0100)))
                for i in range(w.matrix.rowCount())
                for j in range(w.matrix.columnCount())
            )
            assert biggest <= want
            scales.append((w.matrix.scale, w.pages.key.scale))
            w.back()
            qtbot.waitUntil(w.ready, timeout=WAIT)
        assert scales == [(want, want), (want, want)]


def test_a_stale_tournament_is_greyed_and_its_words_match_its_colours(qtbot, page) -> None:
    """X4: a stale tournament kept its full colours under the red 'Stale' line; C10: the
    hint said 'coloured by sign' where the depth follows the size."""
    from PySide6.QtGui import QPalette

    p = page(GopsRules(4))
    assert "the deeper the larger" in p.tournament_hint.text()
    p.names_edit.setText("face, face+1")
    p.compute_tournament()
    qtbot.waitUntil(lambda: p.matrix is not None, timeout=WAIT)
    t = p.tournament_table
    window = t.palette().color(QPalette.ColorRole.Window)
    fills = {t.item(i, j).background().color().rgb() for i in range(2) for j in range(2)}
    assert len(fills) > 1  # coloured: 0 on the diagonal, ± off it
    p.session.set_rules(GopsRules(5))  # the game changed: the result is stale
    assert p.tournament_box.stale
    fills = {t.item(i, j).background().color().rgb() for i in range(2) for j in range(2)}
    assert fills == {window.rgb()}
    p.session.set_rules(GopsRules(4))  # back: fresh, coloured again
    assert not p.tournament_box.stale
    fills = {t.item(i, j).background().color().rgb() for i in range(2) for j in range(2)}
    assert len(fills) > 1


def test_a_play_asked_during_a_tournament_says_it_waits_for_it(qtbot, page) -> None:
    """C4: work on one page silently waited behind another's. Now it says for what, and
    Stop on the tournament's row lets it go on."""
    p = page(GopsRules(6))
    p.names_edit.setText("random, random")
    p.compute_tournament()
    qtbot.waitUntil(lambda: p.tournament_stop.isEnabled(), timeout=WAIT)
    qtbot.waitUntil(lambda: p._engine_job is not None, timeout=WAIT)
    p.a_picker.set_choice(StrategyChoice("face"))
    p.b_picker.set_choice(StrategyChoice("face", 1))
    p.compute_play()
    assert "waits for a tournament of 2 to finish (stop it to go on now)" in p.status.text()
    p.tournament_stop.click()
    qtbot.waitUntil(lambda: p.play_result is not None, timeout=WAIT)
    assert p.tournament_status.text() == "Stopped."


def test_the_matrix_game_says_it_waits_behind_a_tournament(qtbot, window) -> None:
    """C4: Solve on the Matrix Game page during a tournament showed 'Solving …' for
    minutes; now it says what it waits for, and solves once that is stopped."""
    ws = _gops_window(qtbot, window)
    ws.explorer.set_rules(GopsRules(6))
    ws.tabs.setCurrentWidget(ws.strategies)
    ws.strategies.names_edit.setText("random, random")
    ws.strategies.compute_tournament()
    running = ws.strategies  # the explorer's solving of N = 6 first, then the tournament
    qtbot.waitUntil(lambda: "tournament" in (running._engine_job or (0, ""))[1], timeout=WAIT)
    ws.tabs.setCurrentWidget(ws.matrix_game)
    m = ws.matrix_game
    m.solve()
    assert "waits for a tournament of 2 to finish" in m.status.text()
    ws.tabs.setCurrentWidget(ws.strategies)
    ws.strategies.tournament_stop.click()
    ws.tabs.setCurrentWidget(ws.matrix_game)
    qtbot.waitUntil(lambda: "1/9" in m.value_label.text(), timeout=WAIT)


def test_the_prize_order_is_chosen_on_the_strategies_page(qtbot, page) -> None:
    """C8: the command line's --order had no control in the app. Face against face+1 at
    N = 4 with points, prizes ascending: the engine's play of that order; changing the order
    makes the result stale, and going back makes it fresh."""
    from whistgui.engine.gops.exact_play import play
    from whistgui.engine.gops.strategies import strategy

    rules = GopsRules(4, score="points")
    p = page(rules)
    p.a_picker.set_choice(StrategyChoice("face"))
    p.b_picker.set_choice(StrategyChoice("optimal"))
    p.order_combo.setCurrentIndex(p.order_combo.findData("ascending"))
    p.compute_play()
    qtbot.waitUntil(lambda: p.play_result is not None, timeout=WAIT)
    r = p.play_result
    assert r is not None
    assert r.order == "ascending"
    want = play(
        strategy("face", rules), strategy("optimal", rules, "ascending"), rules, "ascending"
    )
    assert r.exact == want.exact
    assert r.exact != play(strategy("face", rules), strategy("optimal", rules), rules).exact
    assert not p.play_box.stale
    p.order_combo.setCurrentIndex(p.order_combo.findData("descending"))
    assert p.play_box.stale
    assert "prize order" in p.play_box.stale_label.text()
    p.order_combo.setCurrentIndex(p.order_combo.findData("ascending"))
    assert not p.play_box.stale


def test_the_keyboard_focus_stays_on_the_same_bids(qtbot, gops_explorer) -> None:
    """X3: after a new state the focus sat on the cell at the same position (A 3 · B 4 after
    A 2 · B 3); now on the same bids, or the nearest ones left."""
    w = gops_explorer(GopsRules(4), auto_solve=4)
    qtbot.waitUntil(lambda: w.session.solved and w.ready(), timeout=WAIT)
    w.turn(4)
    qtbot.waitUntil(w.ready, timeout=WAIT)
    m = w.matrix
    m.setCurrentCell(2, 3)  # A 3 · B 4
    w.back()
    qtbot.waitUntil(w.ready, timeout=WAIT)
    w.turn(1)  # the same hands: the same bids under the focus
    qtbot.waitUntil(w.ready, timeout=WAIT)
    assert (m.currentRow(), m.currentColumn()) == (2, 3)
    w.bid(1, 2)  # A has 2 3 4 left, B 1 3 4: A's 3 and B's 4 are at 1 and 2 now
    qtbot.waitUntil(w.ready, timeout=WAIT)
    w.turn(2)
    qtbot.waitUntil(w.ready, timeout=WAIT)
    rows = [m.verticalHeaderItem(i).text() for i in range(m.rowCount())]
    cols = [m.horizontalHeaderItem(j).text() for j in range(m.columnCount())]
    assert (rows[m.currentRow()], cols[m.currentColumn()]) == ("3", "4")


def test_solving_says_n_once(qtbot, gops_explorer, service) -> None:
    """X1: 'Solving N = 8: solving N = 8, ties carry over, …' — the rules once."""
    seen: list[str] = []
    w = gops_explorer(GopsRules(5))
    w.controls.set_status = seen.append  # what the toolbar is told
    w.solve()
    qtbot.waitUntil(lambda: w.session.solved, timeout=WAIT)
    solving = [t for t in seen if t.startswith("Solving N = 5: ")]
    assert solving, seen
    assert all(t.count("N = 5") == 1 for t in solving), solving
    assert "Solving N = 5: ties carry over, result = sign of the score difference" in solving
