"""The game-tree inspector: its models, lazy tree, navigation, marks, check and exports."""

from __future__ import annotations

import html
import re
import time
from fractions import Fraction

import pytest
from PySide6.QtCore import QModelIndex, Qt
from PySide6.QtGui import QImage

from tests.ui.workspaces import trick
from whistgui.engine import Evaluator, LabeledValue, Player, SuitDeal, Value, eps
from whistgui.ui.trick.inspector import Inspector
from whistgui.ui.trick.matrix_model import AlphaMatrixModel, MarkRole
from whistgui.ui.trick.tree_model import COL_ALPHA, COL_DEAL, NodeRole, ReductionTreeModel

W, E = Player.WEST, Player.EAST


def open_suit(qtbot, inspector: Inspector, text: str) -> None:
    with qtbot.waitSignal(inspector.ready, timeout=30000):
        inspector.open_suit(SuitDeal.parse(text))


# --------------------------------------------------------------------------- models


@pytest.mark.parametrize("text", ["K/A", "AQ/KJ", "AJ9/KQT", "KQJT/A987"])
def test_matrix_model_passes_the_model_tester(qtmodeltester, text):
    model = AlphaMatrixModel()
    model.set_analysis(Evaluator().analyze(text))
    qtmodeltester.check(model)
    model.set_grouped(True)
    qtmodeltester.check(model)


def test_tree_model_passes_the_model_tester_while_growing(qtmodeltester):
    model = ReductionTreeModel(Evaluator())
    model.set_suit(SuitDeal.parse("AJ9/KQT"))
    qtmodeltester.check(model)
    root = model.root
    for child in model.ensure_children(root)[:2]:
        model.ensure_children(child)
    qtmodeltester.check(model)


def test_the_tree_is_fetched_lazily():
    ev = Evaluator()
    model = ReductionTreeModel(ev)
    suit = SuitDeal.parse("[14 12 10 8 6 4 2, 13 11 9 7 5 3 1]")  # 7 cards a hand
    model.set_suit(suit)
    root_index = model.index(0, 0)
    root = model.root
    assert root.children is None
    assert model.rowCount(root_index) == 0
    assert model.hasChildren(root_index)
    assert model.canFetchMore(root_index)
    model.fetchMore(root_index)
    assert model.rowCount(root_index) == 49  # 7 x 7 sequences (no two cards in sequence)
    assert all(child.children is None for child in root.children)
    assert not model.canFetchMore(root_index)


def test_tree_children_merge_equivalent_cards():
    model = ReductionTreeModel(Evaluator())
    model.set_suit(SuitDeal.parse("AKT9/QJ87"))  # West: AK, T9; East: QJ, 87
    children = model.ensure_children(model.root)
    assert len(children) == 4
    assert {c.played_text() for c in children} == {
        "W AK · E QJ",
        "W AK · E 87",
        "W T9 · E QJ",
        "W T9 · E 87",
    }


def test_tree_labels_are_the_alpha_of_the_reductions():
    ev = Evaluator()
    a = ev.analyze("AQ/KJ")
    model = ReductionTreeModel(ev)
    model.set_suit(a.suit)
    for node in model.ensure_children(model.root):
        wseq, eseq = node.played
        i = a.west.index(wseq[-1])
        j = a.east.index(eseq[-1])
        assert node.label == a.alpha[i][j]
        index = model.index_of(node, COL_ALPHA)
        assert model.data(index) == a.alpha[i][j].pretty()
        assert model.data(index, NodeRole) is node


# --------------------------------------------------------------------------- marks


def marked(model: AlphaMatrixModel, kind: str) -> set[tuple[str, str]]:
    out = set()
    for r in range(model.rowCount() - 1):
        for c in range(model.columnCount() - 1):
            mark = model.data(model.index(r, c), MarkRole)
            if mark in (kind, "both"):
                out.add(
                    (
                        model.headerData(r, Qt.Orientation.Vertical),
                        model.headerData(c, Qt.Orientation.Horizontal),
                    )
                )
    return out


def test_maxmin_and_minmax_marks_on_aq_kj(qtbot, inspector):
    """§13: [A Q, K J]: maxmin = (W, 1 + ε₀) leading the ace; minmax = (W, 2 − ε₀)."""
    open_suit(qtbot, inspector, "AQ/KJ")
    a = inspector.analysis
    assert a.maxmin == LabeledValue(W, Value(1, eps(0)))
    assert a.minmax == LabeledValue(W, Value(2, -eps(0)))
    m = inspector.matrix_model
    assert marked(m, "maxmin") == {("W A", "E J")}
    assert marked(m, "minmax") == {("W Q", "E J"), ("W A", "E K")}
    assert "maxmin(D)</b> = (W, 1 + ε₀)" in inspector.bounds_label.text()


def test_marks_on_k_a(qtbot, inspector):
    open_suit(qtbot, inspector, "K/A")
    m = inspector.matrix_model
    assert marked(m, "maxmin") == {("W K", "E A")}
    assert marked(m, "minmax") == {("W K", "E A")}
    assert m.data(m.index(0, 0), MarkRole) == "both"
    assert "ε₀" in inspector.bounds_label.text()


@pytest.mark.parametrize("k", [2, 3, 4])
def test_the_d_k_family_of_theorem_13_4(qtbot, inspector, k):
    """(22): maxmin(D_k) = (W, k + ε_{k−1}) and minmax(D_k) = (W, k + 1/2^{k−1})."""
    west = [2, *range(k + 3, 2 * k + 3)]
    east = [1, *range(3, k + 3)]
    suit = SuitDeal(west, east)
    with qtbot.waitSignal(inspector.ready, timeout=30000):
        inspector.open_suit(suit)
    a = inspector.analysis
    assert a.maxmin == LabeledValue(W, Value(k, eps(k - 1)))
    assert a.minmax == LabeledValue(W, Value(k + Fraction(1, 2 ** (k - 1))))
    assert a.value == k + Fraction(1, 2**k)
    # West's maxmin row is a high card and its minimum comes from East's lowest card
    m = inspector.matrix_model
    rows = {r for r, _ in marked(m, "maxmin")}
    assert rows
    assert all(r.startswith("W ") for r in rows)
    assert "denominator" in inspector.explanation.toPlainText()


# --------------------------------------------------------------------------- navigation


def test_double_click_descends_and_back_and_up_return(qtbot, inspector):
    open_suit(qtbot, inspector, "AJ9/KQT")
    root = inspector.node
    m = inspector.matrix_model
    row, col = m.position_of(2, 0)  # West's ace (highest of 9 J A), East's ten
    index = m.index(row, col)
    rect = inspector.matrix.visualRect(index)
    qtbot.mouseClick(inspector.matrix.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    qtbot.mouseDClick(inspector.matrix.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    node = inspector.node
    assert node is not root
    assert node.parent is root
    assert node.played == ((14,), (10,))
    assert node.state_text() == "1 + J9/KQ"
    assert inspector.tree_model.node(inspector.tree.currentIndex()) is node
    assert "W A · E T" in inspector.breadcrumb.text()
    # go one level deeper, then Back, Back and Up
    deeper = inspector.descend(11, 13)
    assert deeper.parent is node
    inspector.back()
    assert inspector.node is node
    inspector.back()
    assert inspector.node is root
    inspector.descend(9, 12)
    inspector.up()
    assert inspector.node is root
    assert not inspector.up_button.isEnabled()


def test_arrow_keys_walk_the_tree(qtbot, inspector):
    open_suit(qtbot, inspector, "AQ/KJ")
    root = inspector.node
    tree = inspector.tree
    tree.setFocus()
    qtbot.keyClick(tree, Qt.Key.Key_Down)  # the first reduction
    first = inspector.node
    assert first.parent is root
    qtbot.keyClick(tree, Qt.Key.Key_Down)
    second = inspector.node
    assert second.parent is root
    assert second is not first
    qtbot.keyClick(tree, Qt.Key.Key_Right)  # expand
    qtbot.keyClick(tree, Qt.Key.Key_Right)  # into the first child
    assert inspector.node.parent is second
    qtbot.keyClick(tree, Qt.Key.Key_Left)  # to the parent
    assert inspector.node is second


def test_breadcrumb_links_jump_to_ancestors(qtbot, inspector):
    open_suit(qtbot, inspector, "AKT9/QJ87")
    child = inspector.descend(14, 12)
    inspector.descend(10, 8)
    links = re.findall(r"href='(\d+)'", inspector.breadcrumb.text())
    assert links == ["0", "1"]
    inspector.breadcrumb.linkActivated.emit("1")
    assert inspector.node is child


def test_seven_card_suit_stays_responsive(qtbot, inspector):
    """Opening a 7-card suit computes in the background; walking it is then immediate."""
    suit = SuitDeal.parse("[14 12 10 8 6 4 2, 13 11 9 7 5 3 1]")
    with qtbot.waitSignal(inspector.ready, timeout=30000):
        job = inspector.open_suit(suit)
        assert job > 0
        assert "Computing" in inspector.status.text()  # returned at once, work is queued
    node = inspector.node
    for _ in range(6):
        west = max(node.suit.west)
        east = min(node.suit.east)
        node = inspector.descend(west, east)
    assert node.suit.n == 1


def test_group_and_outcome_toggles(qtbot, inspector):
    open_suit(qtbot, inspector, "AKT9/QJ87")
    m = inspector.matrix_model
    assert m.rowCount() == 5
    inspector.group_box.setChecked(True)
    assert m.rowCount() == 3
    assert m.headerData(0, Qt.Orientation.Vertical) == "W T9"  # low first, as the papers
    assert m.headerData(1, Qt.Orientation.Vertical) == "W AK"
    inspector.outcome_box.setChecked(True)
    assert "→ (" in m.data(m.index(0, 0))


# --------------------------------------------------------------------------- check and words


@pytest.mark.parametrize("text", ["K/A", "AQ/KJ", "AKQ8/JT97", "KQT98/AJ765"])
def test_search_check_agrees(qtbot, inspector, text):
    with qtbot.waitSignal(inspector.checked, timeout=30000) as blocker:
        open_suit(qtbot, inspector, text)
    check = blocker.args[0]
    assert check.agrees
    assert "agree" in inspector.check_label.text()
    with qtbot.waitSignal(inspector.checked, timeout=30000) as blocker:
        inspector.descend(max(inspector.node.suit.west), min(inspector.node.suit.east))
    assert blocker.args[0].agrees
    assert blocker.args[0].state == inspector.node.state_text()


def test_explanation_names_the_reason(qtbot, inspector):
    open_suit(qtbot, inspector, "K/A")
    text = inspector.explanation.toPlainText()
    assert "No number lies in I(D)" in text
    open_suit(qtbot, inspector, "AQ/KJ")
    assert "only half-integer" in inspector.explanation.toPlainText()


def test_an_asymmetric_suit_is_refused_with_a_reason(qtbot, inspector):
    assert inspector.open_suit(SuitDeal.parse("AK/Q")) == 0
    assert "nonempty symmetric suit" in inspector.status.text()


# --------------------------------------------------------------------------- exports


def test_exports_of_the_views(qtbot, inspector, tmp_path):
    open_suit(qtbot, inspector, "AJ/KQ")
    paths = inspector.export_views(tmp_path, "ajkq")
    names = sorted(p.name for p in paths)
    assert names == [
        "ajkq-alpha.tex",
        "ajkq-matrix.png",
        "ajkq-matrix.svg",
        "ajkq-numberline.png",
        "ajkq-numberline.svg",
        "ajkq-tree.png",
        "ajkq-tree.svg",
    ]
    for p in paths:
        assert p.stat().st_size > 200
    img = QImage(str(tmp_path / "ajkq-matrix.png"))
    assert img.width() == 1417  # drawn from the data: 120 mm (340 pt) at 300 dpi
    svg = (tmp_path / "ajkq-matrix.svg").read_text(encoding="utf-8")
    assert "W A" in svg
    assert "E K" in svg
    assert "val(D)" in svg
    tex = (tmp_path / "ajkq-alpha.tex").read_text()
    assert tex.count(r"\begin{tabular}") == 1
    assert tex.count(r"\end{tabular}") == 1
    assert tex.count("{") == tex.count("}")
    body = [line for line in tex.splitlines() if line.rstrip().endswith(r"\\")]
    assert len({line.count("&") for line in body}) == 1  # every row has the same columns
    assert all(line.count("$") % 2 == 0 for line in tex.splitlines())


def test_tree_root_shows_the_value(qtbot, inspector):
    open_suit(qtbot, inspector, "AQ/KJ")
    model = inspector.tree_model
    assert model.data(model.index(0, COL_DEAL)) == "AQ/KJ"
    assert model.data(model.index(0, COL_ALPHA)) == "val 1½"
    assert model.parent(model.index(0, 0)) == QModelIndex()


def test_whole_deal_play_tree(qtbot, inspector):
    from whistgui.engine import Deal, Solver
    from whistgui.ui.trick.play_tree_model import COL_EXACT, OptimalRole

    deal = Deal.parse("KJ/AQ A/K K/A")  # (15): throw-in
    with qtbot.waitSignal(inspector.playReady, timeout=30000):
        inspector.open_deal(deal, W)
    model = inspector.play_model
    root = model.root
    assert model.exact(root) == Solver().outcome(deal).west_lead == 2
    assert inspector.tabs.currentIndex() == 1
    children = model.ensure_children(root)
    best = [c for c in children if model.data(model.index_of(c), OptimalRole)]
    assert best
    assert all("H:A" in c.trick_text() for c in best)  # cash the heart ace first
    assert all(model.data(model.index_of(c, COL_EXACT)) in (2, "2") for c in best)
    inspector.play_tree.setCurrentIndex(model.index_of(best[0]))
    assert inspector.play_line.text().startswith("Line: 1. W H:A")


def test_main_window_opens_the_play_tree(qtbot, window):
    from whistgui.engine import Solver

    w = window  # shown: a dock's visibility means something only in a window on screen
    trick(w).inspector_dock.hide()
    assert not trick(w).inspector_dock.isVisible()
    with qtbot.waitSignal(trick(w).inspector.playReady, timeout=30000):
        trick(w).act_inspect_deal.trigger()
    assert trick(w).inspector_dock.isVisible()
    doc = trick(w).session.document
    root = trick(w).inspector.play_model.root
    assert root.deal == doc.deal
    assert root.position.leader == doc.lead
    outcome = Solver().outcome(doc.deal)
    expected = outcome.west_lead if doc.lead is Player.WEST else outcome.east_lead
    assert trick(w).inspector.play_model.exact(root) == expected


def test_the_empty_play_tree_tab_says_how_to_fill_it_and_its_button_does(qtbot, window):
    """Fresh-eyes review (K8): "Deal: play tree" stayed empty until View ▸ Inspect Whole
    Deal, and during that search the status still read "Inspecting KQT98/AJ765: …"."""
    from whistgui.ui.trick.play_tree_page import SEARCHING_TEXT

    inspector = trick(window).inspector
    trick(window).inspector_dock.show()
    inspector.open_suit_at(0)  # the status says the suit is inspected
    qtbot.waitUntil(lambda: inspector.status.text().startswith("Inspecting"), timeout=30000)
    inspector.tabs.setCurrentIndex(1)
    page = inspector.play_page
    assert "Inspect Whole Deal" in page.play_line.text()
    assert "Ctrl+Shift+I" in page.play_line.text()
    assert page.inspect_button.isVisible()
    said: list[str] = []
    page.said.connect(said.append)
    with qtbot.waitSignal(inspector.playReady, timeout=30000):
        page.inspect_button.click()
        assert inspector.status.text() == html.escape(SEARCHING_TEXT)
    assert said[0] == SEARCHING_TEXT
    assert not page.inspect_button.isVisible()
    assert inspector.play_model.root.deal == trick(window).session.document.deal
    assert inspector.status.text().startswith("The play tree of ")
    assert "Inspecting" not in inspector.status.text()


def test_double_clicking_a_suit_value_opens_the_inspector(qtbot, settings):
    from whistgui.app.document import Document
    from whistgui.engine import Deal
    from whistgui.ui.main_window import MainWindow

    w = MainWindow(settings=settings)
    qtbot.addWidget(w)
    w.show()
    with qtbot.waitSignal(trick(w).analysisShown, timeout=20000):
        trick(w).session.replace(Document.from_deal(Deal.parse("AQ/KJ AKT/QJ9")))
    table = trick(w).analysis.table
    rect = table.visualRect(table.model().index(1, 2))  # the hearts' value
    with qtbot.waitSignal(trick(w).inspector.ready, timeout=30000):
        qtbot.mouseClick(table.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
        qtbot.mouseDClick(table.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    assert trick(w).inspector_dock.isVisible()
    assert str(trick(w).inspector.analysis.suit) == "AKT/QJ9"
    assert trick(w).inspector.analysis.value == Value.parse("9/4")


def test_a_suit_past_the_live_limit_waits_for_evaluate_anyway(qtbot, inspector):
    suit = SuitDeal(range(2, 30, 2), range(1, 29, 2))  # 14 cards a hand
    assert inspector.open_suit(suit) == 0
    assert "past the live limit" in inspector.status.text()
    assert "Evaluate anyway" in inspector.status.text()
    assert "take seconds" in inspector.status.text()
    assert inspector.analysis is None


def test_past_the_kernel_the_question_says_how_many_positions_and_how_long(qtbot, inspector):
    suit = SuitDeal(range(2, 36, 2), range(1, 35, 2))  # 17 cards a hand, alternating
    assert inspector.open_suit(suit) == 0
    text = inspector.status.text()
    assert "reaches 2,491,934 positions" in text
    assert "about 4 min" in text
    assert "Evaluate anyway" in text
    # what the theorems say at once (issue 28): without the lowest cards it is the 16-card
    # alternating suit, of value 8½, so this one is worth 9 (R44 Theorem 11.10)
    assert "By the theorems: val = 9 (R44 Theorem 11.10)" in text
    assert "West takes 9 tricks with West on lead and 9 with East on lead" in text


def test_evaluate_anyway_can_be_cancelled_and_leaves_nothing_behind(qtbot, inspector):
    service = inspector._service
    suit = SuitDeal(range(2, 38, 2), range(1, 37, 2))  # 18 cards a hand: minutes of work
    inspector.open_suit(suit)
    with qtbot.waitSignal(service.started, timeout=5000):
        job = inspector.evaluate_anyway()
    assert job > 0
    with qtbot.waitSignal(service.progress, timeout=20000) as progress:
        pass
    assert "suit patterns valued" in progress.args[1]
    t0 = time.monotonic()
    with qtbot.waitSignal(service.cancelled, timeout=5000):
        service.cancel_running()
    assert time.monotonic() - t0 < 1.0
    assert "Cancelled" in inspector.status.text()
    assert inspector.analysis is None


def test_opening_a_suit_keeps_the_r43_tab(qtbot, inspector):
    """Review, defect 3: opening a suit switched back to the reductions tab; on the R43 tab,
    the tab stays and shows the new suit (R43 compared across suits)."""
    open_suit(qtbot, inspector, "KQT/AJ9")
    assert inspector.tabs.currentIndex() == 0
    inspector.tabs.setCurrentWidget(inspector.r43)
    qtbot.waitUntil(lambda: inspector.r43.report is not None, timeout=20000)
    open_suit(qtbot, inspector, "AQ/KJ")  # waits for the values: the tab stays after them
    assert inspector.tabs.currentWidget() is inspector.r43
    qtbot.waitUntil(
        lambda: inspector.r43.report is not None and inspector.r43.report.suit == "AQ/KJ",
        timeout=20000,
    )
    assert inspector.r43.matrix.a_table.rowCount() == 2
    assert str(inspector.analysis.suit) == "AQ/KJ"  # the other tab has the suit too
    inspector.set_game("five-card")  # another game: still R43
    assert inspector.tabs.currentWidget() is inspector.r43
    with qtbot.waitSignal(inspector.ready, timeout=30000):
        inspector.set_game("whist")  # hiding five-card's tab does not land on R43 by chance
    assert inspector.tabs.currentWidget() is inspector.r43
    # from the reductions tab (or the play tree's), opening a suit shows its reductions
    inspector.tabs.setCurrentIndex(1)
    open_suit(qtbot, inspector, "KQT/AJ9")
    assert inspector.tabs.currentIndex() == 0


def test_the_deal_field_and_the_table_keep_the_r43_tab(qtbot, window):
    from whistgui.app.document import Document
    from whistgui.engine import Deal

    inspector = trick(window).inspector
    with qtbot.waitSignal(inspector.ready, timeout=30000):
        trick(window).session.replace(Document.from_deal(Deal.parse("KQT8/AJ97 AQ/KJ")))
        trick(window).inspect_suit(0)
    inspector.tabs.setCurrentWidget(inspector.r43)
    with qtbot.waitSignal(inspector.ready, timeout=30000):
        trick(window).inspect_suit(1)  # as the table's and the analysis' Inspect do
    assert inspector.tabs.currentWidget() is inspector.r43
    qtbot.waitUntil(lambda: getattr(inspector.r43.report, "suit", "") == "AQ/KJ", timeout=20000)
    with qtbot.waitSignal(inspector.ready, timeout=30000):
        trick(window).session.set_deal_text("KQT8/AJ97 AK/QJ")  # typed: the inspector follows
    assert inspector.tabs.currentWidget() is inspector.r43
    qtbot.waitUntil(lambda: getattr(inspector.r43.report, "suit", "") == "AK/QJ", timeout=20000)
