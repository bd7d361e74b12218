"""The optimal-play panel: lines, marks against search, manual mistakes, stepping, exports."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from PySide6.QtCore import Qt
from PySide6.QtGui import QImage

from tests.engine.strategies import symmetric_deals
from tests.ui.workspaces import trick
from whistgui.engine import Deal, Player, Position, Solver, WhistError, play_line
from whistgui.ui.trick.play_panel import display_line

W, E = Player.WEST, Player.EAST


def optimal_by_search(solver: Solver, pos: Position) -> set:
    marks = solver.card_results(pos)
    pick = max if pos.to_move is W else min
    target = pick(marks.values())
    return {c for c, v in marks.items() if v == target}


@settings(
    max_examples=25,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(symmetric_deals(max_cards=6), st.sampled_from([W, E]))
def test_the_line_reaches_the_exact_outcome_and_marks_agree(panel, deal: Deal, leader: Player):
    solver = Solver()
    panel.set_deal_now(deal, leader)
    while not panel.position.is_over:
        pos = panel.position
        turn = panel.turn(pos)
        assert set(turn.best) == optimal_by_search(solver, pos)
        assert turn.marks == {c: int(v) for c, v in solver.card_results(pos).items()}
        panel.next_card()
    assert panel.position.west_tricks == solver.outcome(deal)[0 if leader is W else 1]
    assert all(pc.cost == 0 for pc in panel.played)


def test_the_table_shows_marks_and_outlines_optimal_cards(panel):
    deal = Deal.parse("KJ/AQ A/K K/A")  # (15)
    panel.set_deal_now(deal, W)
    marks = panel.table.marks
    assert set(marks) == set(Position.start(deal, W).legal_cards())
    assert marks[deal.card_from_text("H:A")] == "2"
    assert marks[deal.card_from_text("D:K")] == "1"
    assert "Next: ♥A" in panel.why.text()
    assert "eliminates East's exit before a throw-in" in panel.why.text()


def test_a_bad_card_reports_its_cost(panel, qtbot):
    deal = Deal.parse("KJ/AQ A/K K/A")
    panel.set_deal_now(deal, W)
    slot = panel.table.slot_of(deal.card_from_text("D:K"))
    qtbot.mouseClick(panel.table, Qt.MouseButton.LeftButton, pos=slot.rect.center().toPoint())
    assert panel.played[-1].name == "D:K"
    assert panel.played[-1].cost == 1
    assert "gave away 1 trick" in panel.status.text()
    assert "not best" in panel.played[-1].reason
    panel.to_end()
    assert panel.position.west_tricks == 1
    assert "[gives away 1 trick]" in "\n".join(panel.record_lines())
    # the record is the engine's line with the same first card
    engine = play_line(deal, W, forced=["D:K"])
    assert panel.line().steps == engine.steps
    assert panel.line().outcome == engine.outcome == 1


def test_back_and_forward_restore_identical_states(panel):
    deal = Deal.parse("AKQ8/JT97 AQ87/KJT9 AJT7/KQ98 KQ9/AJT")  # (26)
    panel.set_deal_now(deal, W)
    seen = []
    for _ in range(7):
        seen.append((panel.position, panel.table.marks, panel.status.text()))
        panel.next_card()
    end = (panel.position, panel.table.marks, panel.status.text())
    turns = len(panel._turns)
    for expected in reversed(seen):
        panel.back()
        assert (panel.position, panel.table.marks, panel.status.text()) == expected
    for _ in range(7):
        panel.next_card()
    assert (panel.position, panel.table.marks, panel.status.text()) == end
    assert len(panel._turns) == turns  # nothing recomputed
    panel.to_start()
    assert panel.position == seen[0][0]


def test_playing_another_card_after_stepping_back_starts_a_new_line(panel):
    deal = Deal.parse("AQ/KJ AKT/QJ9")
    panel.set_deal_now(deal, E)
    panel.to_end()
    panel.to_start()
    first = panel.turn(panel.position)
    other = next(c for c in first.marks if c != first.choice)
    panel.play(other)
    assert len(panel.played) == 1
    assert panel.played[0].name == deal.card_name(other)
    assert panel.buttons["back"].isEnabled()
    panel.to_end()
    assert panel.played[0].name == deal.card_name(other)  # the old line was dropped
    assert len(panel.played) == 2 * len(deal.hand(W))


def test_keys_step_through_play(panel, qtbot):
    panel.set_deal_now(Deal.parse("AQ/KJ K/A"), E)
    panel.setFocus()
    qtbot.keyClick(panel, Qt.Key.Key_Right)
    assert len(panel.played) == 1
    qtbot.keyClick(panel, Qt.Key.Key_Down)  # finish the trick
    assert len(panel.played) == 2
    qtbot.keyClick(panel, Qt.Key.Key_End)
    assert panel.position.is_over
    qtbot.keyClick(panel, Qt.Key.Key_Left)
    assert len(panel.played) == 5  # three tricks, one card back
    qtbot.keyClick(panel, Qt.Key.Key_Home)
    assert panel.played == []


def test_exact_search_confirms_every_mark(panel, qtbot):
    with qtbot.waitSignal(panel.confirmed, timeout=30000) as blocker:
        panel.set_deal_now(Deal.parse("AJ9/KQT A/K K/A"), E)  # (24)
    assert blocker.args[0] == []
    assert panel.alarm.isHidden()


def test_deals_the_values_cannot_play_are_refused(panel):
    with pytest.raises(WhistError, match="not symmetric"):
        panel.set_deal(Deal.parse("AKQ/J J/AKQ"), W)


def test_autoplay_plays_to_the_end(panel, qtbot):
    panel.set_deal_now(Deal.parse("AQ/KJ"), W)
    panel._timer.setInterval(10)
    panel.set_autoplay(True)
    qtbot.waitUntil(lambda: panel.position.is_over, timeout=10000)
    assert not panel.auto_button.isChecked()
    assert panel.position.west_tricks == 1


def test_the_panel_line_is_the_engine_line(panel):
    deal = Deal.parse("AKQ8/JT97 AQ87/KJT9 AJT7/KQ98 KQ9/AJT")  # (26)
    panel.set_deal_now(deal, E)
    for _ in range(5):
        panel.next_card()
    engine = play_line(deal, E)
    assert panel.line() == engine.upto(5)
    assert panel.played == list(engine.steps[:5])
    # the record is the engine's, with cards written as the panel writes them (♦A)
    assert panel.record_lines() == display_line(engine.upto(5)).text_lines()
    panel.back()
    assert panel.record_lines() == display_line(engine.upto(4)).text_lines()
    panel.to_end()
    assert panel.line() == engine
    assert panel.record_lines() == display_line(engine).text_lines()
    assert panel.record_latex() == display_line(engine).latex()


def test_exports_of_the_record(panel, tmp_path):
    panel.set_deal_now(Deal.parse("KJ/AQ A/K K/A"), W)
    panel.to_end()
    txt = panel.export(tmp_path / "line.txt").read_text()
    assert " 1. W ♥A    " in txt
    assert "H:A" not in txt
    assert "West took 2 tricks." in txt
    line = display_line(play_line(Deal.parse("KJ/AQ A/K K/A"), W))
    assert txt == "\n".join(line.text_lines()) + "\n"
    tex = panel.export(tmp_path / "line.tex").read_text()
    assert tex == line.latex()
    assert "1 & West & $\\heartsuit$A & 2 & " in tex
    assert tex.count(r"\begin{tabular}") == 1
    assert tex.count("{") == tex.count("}")
    assert all(line.count("$") % 2 == 0 for line in tex.splitlines())
    png = panel.export(tmp_path / "line.png")
    assert QImage(str(png)).width() == 1417  # a figure from the record: 120 mm at 300 dpi
    svg = panel.export(tmp_path / "line.svg").read_text(encoding="utf-8")
    assert "<svg" in svg
    assert "West took 2 tricks." in svg
    assert panel.export(tmp_path / "line.pdf").read_bytes().startswith(b"%PDF")


def test_the_record_figure_is_the_panels_own_line(panel, tmp_path):
    """A card of the user's own (not the best) is in the figure with what it cost."""
    panel.set_deal_now(Deal.parse("KJ/AQ A/K K/A"), W)
    worst = min(panel.turn(panel.position).marks.items(), key=lambda kv: kv[1])[0]
    panel.play(worst)
    svg = panel.export(tmp_path / "mine.svg").read_text(encoding="utf-8")
    assert "gives away" in svg
    assert "After 1 card" in svg


def test_main_window_opens_the_panel_on_the_table(qtbot, settings):
    from whistgui.ui.main_window import MainWindow

    w = MainWindow(settings=settings)
    qtbot.addWidget(w)
    with qtbot.waitSignal(trick(w).play_panel.ready, timeout=30000):
        trick(w).act_play.trigger()
    assert trick(w).play_panel.position.deal == trick(w).session.document.deal
    assert trick(w).play_panel.position.leader is trick(w).session.document.lead


@pytest.mark.parametrize("game", ["refined-whist", "whist"])
@pytest.mark.parametrize("text", ["AQ/KJ K/A", "KJ/AQ A/K K/A", "AJ9/KQT A/K K/A"])
def test_the_header_predicts_what_the_analysis_predicts(panel, game: str, text: str):
    """Refined whist: the header says West's refined score, ρ′, the analysis' "Predicted"."""
    from whistgui.app.analysis import analyse
    from whistgui.app.document import Document
    from whistgui.engine import Evaluator
    from whistgui.engine.trick.rules import result_text

    deal = Deal.parse(text)
    predicted = analyse(Document.from_deal(deal, game=game), Evaluator(), Solver()).predicted
    assert predicted is not None
    for leader, want in ((W, predicted.west_lead), (E, predicted.east_lead)):
        panel.set_deal_now(deal, leader, game)
        header = panel.status.text()
        if game == "refined-whist":
            assert f"West should score <b>{result_text(want)}</b> (ρ′, refined whist)" in header
        else:
            assert f"West should end with <b>{result_text(want)}</b>" in header
            assert "ρ′" not in header
        assert panel.line().predicted == want
        panel.to_end()
        assert panel.line().outcome == want
        over = panel.status.text()
        assert over.startswith("Play is over: West took")
        assert (f"refined score of <b>{result_text(want)}</b> (ρ′)" in over) == (
            game == "refined-whist"
        )


def test_an_empty_deal_has_nothing_to_play(panel):
    panel.set_deal_now(Deal.parse("-/-"), W)
    assert panel.status.text() == "Nothing to play: no cards are dealt."
