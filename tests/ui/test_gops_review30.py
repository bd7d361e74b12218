"""Review 30's findings on the GOPS Strategies and Matrix Game pages, as a user meets them."""

from __future__ import annotations

import json
from fractions import Fraction

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QPushButton

from tests.cli.helpers import run_process
from whistgui.app.gops_strategies import StrategyChoice
from whistgui.engine.gops import GopsRules
from whistgui.engine.gops.exact_play import play
from whistgui.engine.gops.strategies import strategy
from whistgui.ui.gops.matrix_page import MatrixPage
from whistgui.ui.gops.strategy_page import StrategyPage

WAIT = 60_000


def test_the_matrix_page_reads_decimal_commas_and_says_the_shape(qtbot, service) -> None:
    p = MatrixPage(service)
    qtbot.addWidget(p)
    p.resize(800, 600)
    p.show()
    assert "read as a 2 × 2 matrix" in p.shape_label.text()  # the example, at once
    p.edit.setPlainText("0,5\t1\n1\t0,5")
    p.check()
    assert p.shape_label.text() == "The text is read as a 2 × 2 matrix (2 rows, 2 columns)."
    qtbot.mouseClick(p.solve_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: p.solution is not None, timeout=WAIT)
    assert str(p.solution.value) == "3/4"
    p.edit.setPlainText("5")
    p.check()
    assert p.shape_label.text() == "The text is read as a 1 × 1 matrix (1 row, 1 column)."
    p.edit.setPlainText("0,5\t1, 2")
    p.check()
    assert p.shape_label.text() == ""
    assert "decimal commas? write 0.5" in p.error_label.text()


# -- the Strategies page --------------------------------------------------------------------


def _play(qtbot, p: StrategyPage) -> None:  # type: ignore[no-untyped-def]
    old = p.play_result
    p.compute_play()
    qtbot.waitUntil(lambda: p.play_result is not old, timeout=WAIT)


def test_a_result_stale_by_n_is_fresh_again_when_n_comes_back(qtbot, page) -> None:
    """W2: N 6 → 5 → 6 — the result of N = 6 is valid again, and shown so."""
    p = page(GopsRules(5))
    _play(qtbot, p)
    p.session.set_rules(GopsRules(4))
    assert p.play_box.stale
    assert "the game is now" in p.play_box.stale_label.text()
    p.session.set_rules(GopsRules(5))
    assert not p.play_box.stale
    assert p.play_box.body.isEnabled()
    assert p.play_box.stale_label.isHidden()


def test_a_new_strategy_greys_the_play_and_says_so(qtbot, page) -> None:
    """F8: changing A's or B's strategy greys the old result, saying why; back again, fresh."""
    p = page(GopsRules(4))
    _play(qtbot, p)
    assert not p.play_box.stale
    p.b_picker.set_choice(StrategyChoice("random"))
    assert p.play_box.stale
    assert "the strategies or the prize order have changed" in p.play_box.stale_label.text()
    assert "the game is now" not in p.play_box.stale_label.text()
    p.b_picker.set_choice(StrategyChoice("face"))
    assert not p.play_box.stale
    p.a_picker.k_spin.setValue(2)
    assert p.play_box.stale


def test_the_final_scores_are_shown_as_the_cli_lists_them(qtbot, page) -> None:
    """F8: face+1 against face at N = 6 (points) ends 15 to 6, always (771.4)."""
    p = page(GopsRules(6, score="points"))
    _play(qtbot, p)
    rows = [tuple(p.scores.item(r, c).text() for c in range(2)) for r in range(p.scores.rowCount())]
    assert rows == [("15 – 6", "1")]
    p = page(GopsRules(3, "split"))
    p.b_picker.set_choice(StrategyChoice("random"))
    _play(qtbot, p)
    engine = play(
        strategy("face+1", GopsRules(3, "split")),
        strategy("random", GopsRules(3, "split")),
        GopsRules(3, "split"),
    )
    shown = [p.scores.item(r, 0).text() for r in range(p.scores.rowCount())]
    want = [f"{float(a):g} – {float(b):g}" for a, b, _p in engine.scores]
    assert shown == want
    assert sum(Fraction(p.scores.item(r, 1).text()) for r in range(p.scores.rowCount())) == 1


def test_a_refusal_is_cleared_when_n_changes_and_alt_e_is_left_to_the_edit_menu(
    qtbot, page, tmp_path
) -> None:
    """F5: a refusal is about the game it was for; F6: no button takes Alt+E (Edit menu)."""
    p = page(GopsRules(3))
    other = tmp_path / "four.json"
    other.write_text(json.dumps({"gops_strategy": 1, "n": 4, "otherwise": "random", "bids": {}}))
    p.read_file(p.b_picker, str(other))
    qtbot.waitUntil(lambda: p.b_picker.choice().kind == "file", timeout=WAIT)
    p.compute_play()
    qtbot.waitUntil(lambda: "N = 4" in p.status.text(), timeout=WAIT)
    p.session.set_rules(GopsRules(4))
    assert p.status.text() == ""
    p.names_edit.setText("face, cheat")
    p.compute_tournament()
    assert "cheat" in p.names_error.text()
    p.session.set_rules(GopsRules(5))
    assert p.names_error.isHidden()
    texts = [b.text() for b in p.findChildren(QPushButton)]
    assert not any("&e" in t.lower() for t in texts), texts
    assert "Best repl&y to B" in texts


def test_tournament_name_errors_name_every_bad_name_at_the_field_as_the_cli(qtbot, page) -> None:
    """F2: every bad name, beside the Strategies field, in the engine's words (the CLI's)."""
    p = page(GopsRules(6))
    p.names_edit.setText("face, cheat, face+9, random, fce")
    p.compute_tournament()
    said = p.names_error.text()
    assert not p.names_error.isHidden()
    assert said.startswith("3 strategies 'cheat', 'face+9', 'fce': expected face, face+k")
    assert "(k from 0 to 5)" in said
    assert p.status.text() == ""  # not beside Play
    got = run_process("gops", "tournament", "--n", "6", "--strategies",
                      "face, cheat, face+9, random, fce")  # fmt: skip
    assert got.returncode == 2
    assert "3 strategies 'cheat', 'face+9', 'fce': expected face, face+k (k from 0 to 5)" in (
        got.stderr
    )
    qtbot.keyClicks(p.names_edit, "x")
    assert p.names_error.isHidden()


def test_the_page_shows_the_states_visited_while_it_works(qtbot, page, service) -> None:
    """F1: the best reply and the play show the states visited (the engine's progress hook),
    not only their names."""
    p = page(GopsRules(5))
    seen: list[str] = []
    service.progress.connect(lambda _job, text: seen.append(text))
    p.b_picker.set_choice(StrategyChoice("random"))
    p.compute_reply("B")
    qtbot.waitUntil(lambda: p.reply is not None, timeout=WAIT)
    valued = [t for t in seen if t.startswith("valuing the reply's states: ")]
    assert valued, seen
    assert valued[0].endswith(" valued")
    # review 31b, C1 and X1: the phases named, the job's label (the status bar's) not repeated
    assert "solving the game for its value (the exploitability) …" in seen
    assert not any("best reply to" in t for t in seen), seen
    seen.clear()
    p.a_picker.set_choice(StrategyChoice("random"))
    _play(qtbot, p)
    visited = [t for t in seen if t.startswith("playing: ")]
    assert visited, seen
    assert visited[0].endswith(" states visited")
    assert not any("against" in t for t in seen), seen


def test_deviations_from_a_mixed_strategy_are_told_apart(qtbot, page) -> None:
    """C3: against random every bid is in the support: the reply 'picks one of random's
    mixed bids for sure', it does not 'deviate'; against face+1 it deviates."""
    p = page(GopsRules(5))
    p.b_picker.set_choice(StrategyChoice("random"))
    p.compute_reply("B")
    qtbot.waitUntil(lambda: p.reply is not None, timeout=WAIT)
    rep = p.reply
    rnd = strategy("random", GopsRules(5))
    turns = rep.response.turns()
    mixed = sum(len(rnd.bids(t)) > 1 for t, _bid in turns)
    assert rep.outside == 0
    assert len(rep.deviations) + rep.more == mixed
    text = p.reply_label.text()
    assert f"outside random's support in 0 of the {len(turns):,} turns" in text
    assert f"for sure in {mixed:,} more" in text
    old = rep
    p.b_picker.set_choice(StrategyChoice("face", 1))
    p.compute_reply("B")
    qtbot.waitUntil(lambda: p.reply is not old, timeout=WAIT)
    rep = p.reply
    assert rep.outside == len(rep.deviations) + rep.more > 0
    assert f"It deviates in {rep.outside:,} of the {rep.turns:,} turns" in p.reply_label.text()


def test_empty_boxes_say_what_will_fill_them_and_take_little_room(qtbot, page) -> None:
    """C1: before anything is computed each box says what it will show (no clipped header,
    thin empty table or empty list taking the page); filled, the results show."""
    p = page(GopsRules(4))
    qtbot.wait(50)
    assert p.distribution.isHidden()
    assert p.tournament_table.isHidden()
    assert p.deviations.isHidden()
    for label in (p.result_label, p.reply_label, p.tournament_hint):
        assert label.text().strip()
        assert label.isVisible()
    assert p.reply_box.height() < 150, p.reply_box.height()
    _play(qtbot, p)
    assert p.distribution.isVisible()
    assert p.distribution.height() > p.distribution.horizontalHeader().height()
    p.compute_tournament()
    qtbot.waitUntil(lambda: p.matrix is not None, timeout=WAIT)
    assert p.tournament_table.isVisible()
    assert p.tournament_hint.isHidden()
    assert p.tournament_table.height() >= 4 * p.tournament_table.rowHeight(0)
