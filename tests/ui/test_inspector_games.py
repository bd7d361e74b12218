"""The inspector's reductions tab in the games valued by whist's machinery other than whist:
Greedy Whist (its values over the greedy reductions, from the engine's greedy evaluator) and
reduced whist (whist's values read by ⌊ρ′⌋)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from whistgui.engine import Deal, Evaluator, Player, Solver, SuitDeal
from whistgui.engine.games import find_game
from whistgui.engine.games.reduced_whist import rho_reduced
from whistgui.engine.games.whist.explain import GREEDY_LINE
from whistgui.ui.trick.inspector import Inspector
from whistgui.ui.trick.tree_model import COL_OUTCOME


def open_in(qtbot, inspector: Inspector, game: str, text: str) -> None:
    inspector.set_game(game)
    with qtbot.waitSignal(inspector.checked, timeout=30000):  # valued, then checked
        inspector.open_suit(SuitDeal.parse(text))


def test_greedy_whist_shows_its_alpha_matrix_bounds_and_value(qtbot, qtmodeltester, inspector):
    open_in(qtbot, inspector, "greedy-whist", "KQT/AJ9")  # R43's deal (5)
    a = inspector.analysis
    expected = Evaluator(greedy=True).analyze("KQT/AJ9")
    assert a is not None
    assert a.greedy
    assert a.value == expected.value
    assert a.value.pretty() == "1¾"
    assert a.value != Evaluator().suit_value("KQT/AJ9")
    assert (a.maxmin, a.minmax) == (expected.maxmin, expected.minmax)
    bounds = inspector.bounds_label.text()
    assert "<b>maxmin(D)</b> = (E, 1½)" in bounds
    assert "(W, 2 − ε₁)" in bounds
    assert "1¾" in bounds
    assert "I(D)" in bounds
    assert inspector.explanation.toPlainText().startswith(GREEDY_LINE)
    note = inspector.reductions.game_note
    assert not note.isHidden()
    assert "Greedy Whist" in note.text()
    assert inspector.tabs.currentIndex() == 0
    assert inspector.tabs.isTabVisible(2)
    assert inspector.game_view.a_table.rowCount() == 3  # R43's numbers beside
    qtmodeltester.check(inspector.matrix_model)


def test_greedy_cells_reached_by_one_lead_are_italic_with_a_tooltip(qtbot, inspector):
    open_in(qtbot, inspector, "greedy-whist", "KQT/AJ9")
    m, a = inspector.matrix_model, inspector.analysis
    assert a is not None
    seen = {"one": 0, "both": 0}
    for row in range(m.rowCount() - 1):
        for col in range(m.columnCount() - 1):
            i, j = m.cell(row, col)
            index = m.index(row, col)
            font = m.data(index, Qt.ItemDataRole.FontRole)
            tip = m.data(index, Qt.ItemDataRole.ToolTipRole)
            leads = a.leads_to(i, j)
            italic = font is not None and font.italic()
            assert italic == (len(leads) == 1), (i, j)
            if leads == (Player.WEST,):
                assert "only West leading" in tip
            elif leads == (Player.EAST,):
                assert "only East leading" in tip
            else:
                assert "either lead" in tip
            seen["one" if italic else "both"] += 1
    assert seen["one"]
    assert seen["both"]
    summary = m.data(m.index(0, m.columnCount() - 1), Qt.ItemDataRole.ToolTipRole)
    assert "greedy rule" in summary


def test_whist_cells_are_not_italic(qtbot, inspector):
    open_in(qtbot, inspector, "whist", "KQT/AJ9")
    m = inspector.matrix_model
    fonts = [
        m.data(m.index(r, c), Qt.ItemDataRole.FontRole)
        for r in range(m.rowCount() - 1)
        for c in range(m.columnCount() - 1)
    ]
    assert not any(f is not None and f.italic() for f in fonts)
    assert inspector.reductions.game_note.isHidden()
    assert not inspector.tabs.isTabVisible(2)


@pytest.mark.parametrize("text", ["KQT/AJ9", "AQ9/KJT", "KJ/AQ"])
def test_greedy_check_is_by_the_greedy_rules_and_agrees(qtbot, inspector, text):
    open_in(qtbot, inspector, "greedy-whist", text)
    check = inspector.check_now()
    assert check is not None
    assert check.agrees
    assert check.chi == Solver().outcome(
        Deal([SuitDeal.parse(text)]), rules=find_game("greedy").rules
    )
    assert check.chi_refined is None
    assert "χ′" not in inspector.check_label.text()
    # a step down: the reduction's value is the greedy evaluator's too
    node = inspector.node
    child = inspector.descend(max(node.suit.west), min(node.suit.east))
    assert not child.suit.is_empty
    assert inspector.analysis.value == Evaluator(greedy=True).suit_value(child.suit)
    assert inspector.check_now().agrees


def test_reduced_whist_reads_whist_s_values_by_its_rounding(qtbot, inspector):
    open_in(qtbot, inspector, "reduced-whist", "AQ/KJ")
    a = inspector.analysis
    assert a is not None
    assert not a.greedy
    assert a.value == Evaluator().suit_value("AQ/KJ")  # whist's values
    tree = inspector.tree_model
    assert tree.headerData(COL_OUTCOME, Qt.Orientation.Horizontal) == "⌊ρ′⌋"
    root = tree.index(0, COL_OUTCOME)
    o = rho_reduced(a.value)
    assert tree.data(root) == f"({o.west_lead}, {o.east_lead})" == "(1, 1)"  # whist: (1, 2)
    inspector.outcome_box.setChecked(True)
    m = inspector.matrix_model
    cell = m.data(m.index(0, 0))
    lv = a.alpha[m.cell(0, 0)[0]][m.cell(0, 0)[1]]
    r = rho_reduced(lv.value)
    assert cell.endswith(f"→ ({r.west_lead}, {r.east_lead})")
    check = inspector.check_now()
    assert check is not None
    assert check.agrees
    assert check.reads == "⌊ρ′⌋"
    assert "⌊ρ′⌋(val)" in inspector.check_label.text()
    assert "Reduced whist" in inspector.reductions.game_note.text()


def test_a_change_of_game_values_the_suit_again(qtbot, inspector):
    open_in(qtbot, inspector, "whist", "KQT/AJ9")
    assert inspector.analysis.value.pretty() == "1½"
    with qtbot.waitSignal(inspector.ready, timeout=30000):
        inspector.set_game("greedy-whist")
    assert inspector.analysis.greedy
    assert inspector.analysis.value.pretty() == "1¾"
    assert "1¾" in inspector.bounds_label.text()
    with qtbot.waitSignal(inspector.ready, timeout=30000):
        inspector.set_game("whist")
    assert not inspector.analysis.greedy
    assert inspector.analysis.value.pretty() == "1½"
    assert inspector.reductions.game_note.isHidden()
    assert "1½" in inspector.bounds_label.text()
    assert "1¾" not in inspector.bounds_label.text()


def test_open_suit_now_values_by_the_game(qtbot, inspector):
    inspector.set_game("greedy-whist")
    inspector.open_suit_now(SuitDeal.parse("KQT/AJ9"))
    assert inspector.analysis is not None
    assert inspector.analysis.value.pretty() == "1¾"


def test_a_long_greedy_suit_waits_and_says_theorem_6_1(qtbot, inspector):
    from whistgui.engine.games.greedy_whist import theorem_6_1_words
    from whistgui.ui.widgets.rich_text import subscripts_html

    inspector.set_game("greedy-whist")
    suit = SuitDeal.parse(
        "[28 26 24 22 20 18 16 14 12 10 8 6 4 2, 27 25 23 21 19 17 15 13 11 9 7 5 3 1]"
    )
    assert inspector.open_suit(suit) == 0  # past the live limit: nothing computed yet
    status = inspector.status.text()
    assert "past the live limit of 13" in status
    assert "Greedy Whist's values have no kernel" in status
    assert subscripts_html(theorem_6_1_words(suit)) in status  # H_Greedy typeset
    assert "Evaluate anyway" in status
    assert inspector.analysis is None
    assert inspector.game_view.a_table.rowCount() == 14  # R43's numbers at once
