"""Issue 11: counted words ("1 trick", never "1 tricks" or "trick(s)"), the inspector's State
column wide enough for its text, one spelling of cards in the play panel (``♦A``), and the
LaTeX α matrix in the screen's order (low first, the papers') with the same cells marked."""

from __future__ import annotations

import re

import pytest
from PySide6.QtCore import QModelIndex
from PySide6.QtWidgets import QStyle, QTreeView

from whistgui.app.analysis import analyse
from whistgui.app.document import Document
from whistgui.engine import Deal, Evaluator, Player, Solver, SuitDeal, play_line
from whistgui.engine.games.whist.latex import labeled_latex
from whistgui.ui.trick.inspector import Inspector
from whistgui.ui.trick.matrix_model import MarkRole, ReductionRole
from whistgui.ui.trick.play_panel import PlayPanel, card_text, display_line
from whistgui.ui.trick.tree_model import COL_DEAL

W, E = Player.WEST, Player.EAST
COLON_NAME = re.compile(r"\b[SHDC]:[2-9TJQKA]\b")  # D:A, the engine's names
SYMBOL_NAME = re.compile(r"[♠♥♦♣](?:10|[2-9TJQKA])")  # ♦A, the panel's


def open_suit(qtbot, inspector: Inspector, text: str) -> None:
    with qtbot.waitSignal(inspector.ready, timeout=30000):
        inspector.open_suit(SuitDeal.parse(text))


# --------------------------------------------------------------------------- 1. words


def summary(deal: str) -> str:
    return analyse(Document.from_deal(Deal.parse(deal)), Evaluator(), Solver()).summary


def test_the_analysis_counts_tricks_and_cards():
    one = summary("A/K")  # val 1 − ε₀: West on lead takes its one trick
    assert "Symmetric deal of 1 card a hand" in one
    assert "predicts 1 trick for West with West on lead" in one
    two = summary("AK/QJ")
    assert "Symmetric deal of 2 cards a hand" in two
    assert "predicts 2 tricks for West" in two
    assert "predicts 0 tricks for West" in summary("K/A")
    for text in (one, two):
        assert not re.search(r"\b1 (tricks|cards)\b", text)


def test_the_inspector_counts_the_tricks_west_has_taken(qtbot, inspector):
    open_suit(qtbot, inspector, "AQ/KJ")
    inspector.descend(14, 11)  # A wins over the J: 1 + Q/K
    bounds = inspector.bounds_label.text()
    assert "(plus the 1 trick West has taken)" in bounds
    inspector.descend(12, 13)  # K wins: West still has one trick, the empty deal
    assert inspector.bounds_label.text() == (
        "The empty deal: West has taken 1 trick; nothing left to play."
    )
    open_suit(qtbot, inspector, "AK/QJ")
    inspector.descend(14, 12)  # AK and QJ are sequences: 1 + A/Q is left
    inspector.descend(14, 12)
    assert "West has taken 2 tricks;" in inspector.bounds_label.text()
    inspector.up()
    assert "(plus the 1 trick West has taken)" in inspector.bounds_label.text()
    assert "trick(s)" not in inspector.bounds_label.text()


# --------------------------------------------------------------------------- 2. State column


def state_room(tree: QTreeView) -> dict[str, int]:
    """For each shown state: the pixels its cell leaves beside the text."""
    fm = tree.fontMetrics()
    margin = tree.style().pixelMetric(QStyle.PixelMetric.PM_FocusFrameHMargin, None, tree) + 1
    model = tree.model()
    room: dict[str, int] = {}

    def walk(parent: QModelIndex) -> None:
        for row in range(model.rowCount(parent)):
            index = model.index(row, COL_DEAL, parent)
            text = model.data(index)
            width = tree.visualRect(index).width() - 2 * margin
            room[text] = min(room.get(text, width), width - fm.horizontalAdvance(text))
            if tree.isExpanded(index):
                walk(index)

    walk(QModelIndex())
    return room


def test_the_state_column_leaves_room_beside_every_state(qtbot, inspector):
    open_suit(qtbot, inspector, "AQ8/KJ9")
    tree = inspector.tree
    spare = tree.fontMetrics().horizontalAdvance("0")
    inspector.descend(12, 11)  # W Q · E J9: 1 + A8/KJ
    assert inspector.node.state_text() == "1 + A8/KJ"
    room = state_room(tree)
    assert "1 + A8/KJ" in room
    assert all(r >= spare for r in room.values()), room
    # the node opened by hand: its children are fetched after the view expands it
    assert inspector.node.children is None
    tree.expand(inspector.tree_model.index_of(inspector.node))
    qtbot.waitUntil(lambda: "2 + 8/K" in state_room(tree))
    qtbot.waitUntil(lambda: all(r >= spare for r in state_room(tree).values()))


def test_the_state_column_is_still_sized_after_another_suit(qtbot, inspector):
    open_suit(qtbot, inspector, "K/A")
    open_suit(qtbot, inspector, "AKT/QJ9")  # a new model: the header's sections are new
    tree = inspector.tree
    header = tree.header()
    assert header.sectionResizeMode(COL_DEAL) == header.ResizeMode.Interactive
    room = state_room(tree)
    assert "1 + AT/Q9" in room
    assert min(room.values()) >= tree.fontMetrics().horizontalAdvance("0")


# --------------------------------------------------------------------------- 3. card names


def test_card_text():
    assert [card_text(n) for n in ("D:A", "S:T", "H:10", "C:2", "5:13", "6:K")] == [
        "♦A",
        "♠T",
        "♥10",
        "♣2",
        "5:13",
        "6:K",
    ]


def panel_texts(panel: PlayPanel) -> list[str]:
    """Every text of the panel that names cards: the card list, the next card, the status,
    the record."""
    out = []
    for i in range(panel.cards.topLevelItemCount()):
        top = panel.cards.topLevelItem(i)
        out += [top.text(0), top.text(2)]
        out += [top.child(j).text(0) for j in range(top.childCount())]
    return [*out, panel.why.text(), panel.status.text(), panel.record.toPlainText()]


def test_the_panel_writes_every_card_one_way(panel):
    deal = Deal.parse("KJ/AQ A/K K/A")
    panel.set_deal_now(deal, W)
    assert "Next: ♥A" in panel.why.text()
    cards = [panel.cards.topLevelItem(i).text(0) for i in range(panel.cards.topLevelItemCount())]
    assert "★ ♥A" in cards
    for _ in range(3):
        texts = panel_texts(panel)
        assert not [t for t in texts if COLON_NAME.search(t)], texts
        panel.next_card()
    record = panel.record.toPlainText()
    assert " 1. W ♥A    " in record  # as wide as "H:A" was: the reasons still line up
    assert " 1. E ♥K    the ♥A is the highest heart left; plays low" in record
    assert "H:" not in record


def test_a_bad_card_is_named_as_the_panel_names_it(panel, qtbot):
    deal = Deal.parse("KJ/AQ A/K K/A")
    panel.set_deal_now(deal, W)
    panel.play(deal.card_from_text("D:K"))
    assert "West's ♦K gave away 1 trick" in panel.status.text()
    assert panel.played[-1].name == "D:K"  # the engine's record is unchanged
    assert "♦K" in panel.record.toPlainText()
    assert "[gives away 1 trick]" in panel.record.toPlainText()


def test_the_panel_record_is_the_engine_line_with_the_panel_names(panel):
    deal = Deal.parse("AKQ8/JT97 AQ87/KJT9 AJT7/KQ98 KQ9/AJT")
    panel.set_deal_now(deal, E)
    panel.to_end()
    engine = play_line(deal, E)
    assert panel.line() == engine  # the line itself keeps the engine's names
    lines = panel.record_lines()
    text = engine.text_lines()
    assert len(lines) == len(text)
    for mine, theirs in zip(lines, text, strict=True):
        assert len(mine) == len(theirs)  # names padded alike: the reasons line up
        assert not COLON_NAME.search(mine)
    cards = [line for line in lines if re.match(r" ?\d+\. [WE] ", line)]
    assert len(cards) == len(engine.steps)
    for line, step in zip(cards, engine.steps, strict=True):
        assert line.startswith(f"{step.trick:>2}. {step.player.value} {card_text(step.name)} ")
    assert lines[-1] == text[-1] == "West took 9 tricks."
    tex = panel.record_latex()
    assert tex == display_line(engine).latex()
    assert r"$\heartsuit$A" in tex
    assert "H:A" not in tex


def test_a_ten_and_a_fifth_suit(panel):
    panel.set_deal_now(Deal.parse("T9/J8 A/K"), W)
    names = " ".join(panel_texts(panel))
    assert "♠T ♠9" in names  # West's sequence in the card list
    assert not COLON_NAME.search(names)
    panel.set_deal_now(Deal.parse("A/K A/K A/K A/K A/K"), W)
    names = " ".join(panel_texts(panel))
    assert "5:A" in names  # a fifth suit has no symbol: its name stays
    assert SYMBOL_NAME.search(names)
    assert not COLON_NAME.search(names)


# --------------------------------------------------------------------------- 4. LaTeX α


def latex_cells(table: str) -> list[list[tuple[str, bool]]]:
    """The body of an α table, rows then the max row: each cell's math and whether bold."""
    lines = table.splitlines()
    begin = next(i for i, line in enumerate(lines) if line.startswith("\\begin{tabular}"))
    rows = [line for line in lines[begin + 3 : -1] if line != "\\hline"]
    out = []
    for line in rows:
        cells = [cell.strip() for cell in line.removesuffix("\\\\").split("&")[1:]]
        row = []
        for cell in cells:
            bold = cell.startswith("$\\mathbf{")
            body = cell.removeprefix("$\\mathbf{").removesuffix("}$") if bold else cell[1:-1]
            row.append((body, bold))
        out.append(row)
    return out


@pytest.mark.parametrize("grouped", [False, True])
@pytest.mark.parametrize("suit", ["AQ/KJ", "AKT/QJ9", "KJ9/AQT", "AJ9/KQT", "KQT98/AJ765"])
def test_the_latex_matrix_is_the_screen_matrix(qtbot, inspector, suit, grouped):
    open_suit(qtbot, inspector, suit)
    inspector.group_box.setChecked(grouped)
    model = inspector.matrix_model
    a = model.analysis
    cells = latex_cells(inspector.latex())
    nrow, ncol = model.rowCount() - 1, model.columnCount() - 1
    assert (len(cells), len(cells[0])) == (nrow + 1, ncol + 1)
    assert len(cells[-1]) == ncol + 1
    for r in range(nrow + 1):
        for c in range(ncol + 1):
            if r == nrow and c == ncol:
                assert cells[r][c] == ("", False)
                continue
            index = model.index(r, c)
            red = model.data(index, ReductionRole)
            if red is not None:
                expected = labeled_latex(red.label)
            elif c == ncol:
                expected = labeled_latex(a.row_minima[model.cell(r, 0)[0]])
            else:
                expected = labeled_latex(a.column_maxima[model.cell(0, c)[1]])
            bold = model.data(index, MarkRole) in ("maxmin", "minmax", "both")
            assert cells[r][c] == (expected, bold), (r, c)
    # low first, as the papers index them (review 28b, C5): the first row is West's lowest
    # card, the first column East's — as whist analyze prints it
    west = [model.data(model.index(r, 0), ReductionRole).west_card for r in range(nrow)]
    east = [model.data(model.index(0, c), ReductionRole).east_card for c in range(ncol)]
    assert west == sorted(west)
    assert east == sorted(east)
    assert min(a.west) <= west[0] < max(a.west)


def test_the_figure_of_the_inspector_tree_is_wide_enough(qtbot, inspector):
    """The state column is fitted before a figure is taken (``whist render``)."""
    open_suit(qtbot, inspector, "AQ8/KJ9")
    room = state_room(inspector.tree)
    assert room["1 + A8/KJ"] >= inspector.tree.fontMetrics().horizontalAdvance("0")


def test_no_lead_arrow_once_play_is_over(qtbot):
    """Defect 6: the West-on-lead arrow stayed after play ended."""
    from whistgui.engine import Deal, Player
    from whistgui.ui.trick.play_panel import PlayPanel

    panel = PlayPanel()
    qtbot.addWidget(panel)
    try:
        with qtbot.waitSignal(panel.ready, timeout=10000):
            panel.set_deal(Deal.parse("KJ/AQ A/K K/A"), Player.WEST)
        assert "▶" in panel.table.west_title + panel.table.east_title
        panel.to_end()
        assert panel.position is not None
        assert panel.position.is_over
        assert "▶" not in panel.table.west_title + panel.table.east_title
    finally:
        panel.shutdown()
