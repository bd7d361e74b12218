"""Issue 25, words and symbols: what the GUI writes as a reader of the papers expects it — the
kind of value the sum is (as the CLI says it), a legend for the inspector's marked cells,
"complexity ω", H_Greedy with its subscript, games by their titles, red hearts and diamonds,
a corrupt file's message whole, and a focused card's ring above its neighbour."""

from __future__ import annotations

import re
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, QRect, Qt
from PySide6.QtGui import (
    QGuiApplication,
    QTextDocumentFragment,
)
from PySide6.QtWidgets import QApplication, QStyleOptionViewItem

from tests.ui.workspaces import trick
from whistgui.app.document import Document
from whistgui.engine import Card, Deal, Player, SuitDeal
from whistgui.ui.theme import apply_theme, colour, colours
from whistgui.ui.widgets.rich_text import RichTextDelegate

# --------------------------------------------------------------------------- a corrupt file


def test_a_corrupt_files_message_is_whole_in_the_warning_and_the_status_bar(
    qtbot, window, tmp_path, dialogs
):
    folder = tmp_path / ("a folder of deals with a rather long name, " * 3).strip()
    folder.mkdir()
    path = folder / "corrupt deal.whist"
    path.write_bytes(b'{"deal": "AQ/KJ\x01", "format": "whistgui"}')
    window.resize(1280, 800)
    assert not window.open_file(path)
    (_kind, warning), *_ = dialogs.shown
    assert warning.endswith("invalid JSON at line 1 column 16: invalid control character")
    bar = window.statusBar()
    said = bar.currentMessage()
    assert said.startswith("Not opened: ")
    assert said.endswith("invalid control character")
    shown = bar.shown_message()  # too long for the bar: elided, whole in the tooltip
    assert shown.endswith("…")
    assert bar.fontMetrics().horizontalAdvance(shown) <= bar.width()
    assert bar.toolTip() == said
    bar.showMessage("Ready")
    assert bar.shown_message() == "Ready"
    assert bar.toolTip() == ""


# --------------------------------------------------------------------------- the inspector


def open_suit(qtbot, inspector, text: str) -> None:
    with qtbot.waitSignal(inspector.ready, timeout=30000):
        inspector.open_suit(SuitDeal.parse(text))


@pytest.mark.parametrize(("suit", "both"), [("AQ/KJ", False), ("A/K", True)])
def test_the_matrix_has_a_legend_of_its_fills(qtbot, inspector, suit, both):
    open_suit(qtbot, inspector, suit)
    legend = inspector.reductions.legend
    assert legend.isVisible()
    roles = colours(QGuiApplication.palette())
    want = [(roles.maxmin_fill, "maxmin(D)"), (roles.minmax_fill, "minmax(D)")]
    if both:
        want.append((roles.both_fill, "both"))
    assert legend.entries() == want  # the names the printed matrix's legend has
    image = legend.grab().toImage()
    for (fill, _name), rect in zip(want, legend.swatches(), strict=True):
        assert image.pixelColor(rect.topLeft() + QPoint(1, 1)).name() == fill
    model = inspector.matrix_model
    backgrounds = [
        model.data(model.index(r, c), Qt.ItemDataRole.BackgroundRole)
        for r in range(model.rowCount())
        for c in range(model.columnCount())
    ]
    fills = {b.color().name() for b in backgrounds if b is not None}  # the cells' own fills
    assert {fill for fill, _ in want} <= fills  # each fill named is a fill of the matrix
    assert (roles.both_fill in fills) is both


def test_complexity_omega_is_written_omega(qtbot, inspector):
    open_suit(qtbot, inspector, "A/K")  # val(D) = 1 − ε₀: q ± ε₀'s class, ω + 0 = ω
    bounds = inspector.bounds_label.text()
    assert "complexity ω" in bounds
    assert "ω+0" not in bounds
    assert "(complexity ω)" in inspector.explanation.toPlainText()


@pytest.mark.parametrize(
    ("suit", "words"),
    [
        ("AQ/KJ", "complexity 0 (a multiple of ½, what R44 calls a half-integer)"),
        ("A/K", "complexity ω (an unprotected exit)"),
        (
            "[16 15 14 13 12 11 10 1, 9 8 7 6 5 4 3 2]",
            "complexity ω+7 (an exit protected by 7 stoppers)",
        ),
    ],
)
def test_the_complexity_says_what_it_counts(qtbot, inspector, suit, words):
    """The ordinal is kept and said in the paper's words; the bounds' tooltip gives §8.3's
    classes. The same words in the command line's analysis."""
    open_suit(qtbot, inspector, suit)
    bounds = QTextDocumentFragment.fromHtml(inspector.bounds_label.text()).toPlainText()
    assert words in bounds
    tip = inspector.bounds_label.toolTip()
    assert tip.startswith("Complexity (§8.3)")
    for cls in ("0 — half-integers", "2ᵏ", "ω + k — q + εₖ and q − εₖ", "k stoppers", "ω + ω"):
        assert cls in tip
    out = subprocess.run(
        [str(WHIST), "analyze", suit], capture_output=True, text=True, check=True, timeout=120
    ).stdout
    ordinal, said = words.removeprefix("complexity ").split(" (")
    assert f"(complexity {ordinal}: {said}" in out


# --------------------------------------------------------------------------- the analysis


WHIST = Path(sys.executable).parent / "whist"


def cli_sum_words(deal: str, game: str) -> str:
    """What the installed ``whist value`` prints after the sum: the kind of value it is."""
    res = subprocess.run(
        [str(WHIST), "value", "--game", game, deal],
        capture_output=True,
        text=True,
        check=True,
        timeout=120,
    )
    line = next(x for x in res.stdout.splitlines() if x.lstrip().startswith("sum "))
    return re.split(r"\s{2,}", line.strip())[-1]


def start_on(qtbot, w, text: str, game: str = "whist") -> None:
    doc = replace(Document.from_deal(Deal.parse(text), lead=Player.WEST), game=game)
    with qtbot.waitSignal(trick(w).analysisShown, timeout=30000):
        trick(w).session.replace(doc)


@pytest.mark.parametrize(
    ("deal", "game"),
    [
        ("KJ/AQ A/K K/A", "whist"),  # exits for both sides, stoppers level; the lead decides
        ("AQ/KJ K/A", "whist"),  # an exit for West
        ("AQ/KJ AJ/KQ", "refined"),
        ("KQ/AJ A/K", "five-card"),  # an element: the trace
    ],
)
def test_the_sum_says_what_kind_of_value_it_is_as_the_cli_does(qtbot, window, deal, game):
    start_on(qtbot, window, deal, game)
    words = cli_sum_words(deal, game)
    total = QTextDocumentFragment.fromHtml(trick(window).analysis.total.text()).toPlainText()
    assert f"{trick(window).analysis.result.total.pretty()} — {words}" in total
    assert trick(window).analysis.result.total_words == words


def test_h_greedy_is_written_with_its_subscript_in_the_analysis_and_the_inspector(qtbot, window):
    start_on(qtbot, window, "KJ/AQ A/K K/A", "greedy")
    table = trick(window).analysis.table
    delegate = table.itemDelegateForColumn(3)
    assert isinstance(delegate, RichTextDelegate)
    # the suits' words are their values' (whist's words), drawn by the delegate
    assert [table.item(row, 3).text() for row in range(table.rowCount())] == [
        "number; the outcome depends on the lead",
        "exit for East, unprotected",
        "exit for West, unprotected",
    ]
    # the rows are as tall as the wrapped words
    option = QStyleOptionViewItem()
    option.initFrom(table)
    option.rect = QRect(0, 0, table.columnWidth(3), 10)
    need = delegate.sizeHint(option, table.model().index(0, 3)).height()
    assert table.rowHeight(0) >= need
    theory = trick(window).analysis.theory.text()
    assert "H<sub>Greedy</sub>" in theory  # one suit: (n + H_Greedy)/2, R43 Theorem 6.1
    assert "H_Greedy" not in theory
    with qtbot.waitSignal(trick(window).inspector.ready, timeout=30000):
        trick(window).inspect_suit(0)  # the inspector's tab of the game's structure too
    sign = trick(window).inspector.game_view.sign.text()
    assert "H<sub>Greedy</sub></b> = −1" in sign
    assert "H_Greedy" not in sign


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_hearts_and_diamonds_are_red_in_the_analysis_table(qtbot, window, qapp, theme):
    try:
        apply_theme(qapp, theme)
        start_on(qtbot, window, "AQ/KJ K/A A/K KJ/AQ")
        table = trick(window).analysis.table
        red = colour("red_suit")
        inks = [table.item(i, 0).foreground().color() for i in range(4)]
        assert [c == red for c in inks] == [False, True, True, False]
        apply_theme(qapp, "dark" if theme == "light" else "light")  # the other theme's red
        qtbot.waitUntil(lambda: table.item(1, 0).foreground().color() == colour("red_suit"))
        assert colour("red_suit") != red
    finally:
        apply_theme(qapp, "system")


def test_moving_a_card_leaves_the_analysis_columns_as_they_were(qtbot, window):
    start_on(qtbot, window, "KJ/AQ A/K K/A")
    table = trick(window).analysis.table
    widths = [table.columnWidth(j) for j in range(table.columnCount())]
    session = trick(window).session
    for name, dest in (("H:K", "W"), ("H:A", "E"), ("S:Q", "W"), ("S:T", "E")):
        with qtbot.waitSignal(trick(window).analysisShown, timeout=30000):
            session.move_cards([session.document.deal.card_from_text(name)], dest)
        assert [table.columnWidth(j) for j in range(table.columnCount())] == widths, name


# --------------------------------------------------------------------------- the card table


def test_the_focus_ring_of_an_overlapped_card_is_painted_above_its_neighbour(qtbot, window):
    start_on(qtbot, window, "A/K")  # eleven undealt spades, each overlapped by the next
    table = trick(window).table
    window.activateWindow()
    table.setFocus()
    qtbot.waitUntil(lambda: QApplication.focusWidget() is table)
    qtbot.keyClick(table, Qt.Key.Key_Right)  # from West's ace to the pool's queen
    focus = table.slot_of(table.focus_card)
    assert focus is not None
    assert focus.place == "P"
    neighbour = table.slot_of(Card(0, focus.card.rank - 1))
    assert neighbour is not None
    assert neighbour.rect.left() < focus.rect.right() - 10  # the jack covers the queen's right
    image = table.grab().toImage()
    ring = colour("turn")
    x = round(focus.rect.right() + 2)  # the ring's right side, over the jack
    top, bottom = round(focus.rect.top()) + 10, round(focus.rect.bottom()) - 10

    def near(c) -> bool:
        return (
            abs(c.red() - ring.red()) + abs(c.green() - ring.green()) + abs(c.blue() - ring.blue())
            < 90
        )

    on_ring = sum(
        near(image.pixelColor(x + dx, y)) for y in range(top, bottom) for dx in (-1, 0, 1)
    )
    assert on_ring > (bottom - top) // 2  # a dashed line, drawn over the jack


# --------------------------------------------------------------------------- games by title


def test_games_are_named_by_their_titles_not_their_identifiers(qtbot, window):
    start_on(qtbot, window, "KJ/AQ A/K K/A")
    session = trick(window).session
    session.set_game("misere-five-card")
    assert session.undo_stack.undoText() == "Play Misère five-card"  # Edit ▸ Undo's words
    with qtbot.waitSignal(trick(window).inspector.playReady, timeout=30000):
        trick(window).inspect_deal()
    line = trick(window).inspector.play_page.play_line.text()
    assert "on lead (Misère five-card):" in line
    assert "misere-five-card" not in line
    session.set_game("greedy")
    with qtbot.waitSignal(trick(window).inspector.ready, timeout=30000):
        trick(window).inspect_suit(0)
    status = trick(window).inspector.status.text()
    assert "in Greedy Whist:" in status
    assert "greedy-whist" not in status


def test_a_long_suit_leaves_what_it_is_and_the_leads_in_sight(qtbot, window):
    """An 8-card suit's cards took the whole width: "What it is" read "What i" and the leads
    were off the pane (issue 25's review). The cards wrap within their share instead."""
    start_on(qtbot, window, "[16 15 14 13 12 11 10 1, 9 8 7 6 5 4 3 2]")
    table = trick(window).analysis.table
    header = table.horizontalHeader()
    for j in (3, 4, 5):  # What it is, W leads, E leads: whole, inside the table
        assert header.sectionViewportPosition(j) + header.sectionSize(j) <= table.viewport().width()
    assert header.sectionSize(3) >= header.sectionSizeFromContents(3).width()
    assert header.sectionSize(1) <= 0.3 * table.width() + 1
