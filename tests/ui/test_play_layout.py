"""Issue 25, optimal play: what the panel shows while it computes (the deal's start, a progress
line, Cancel — not 52 cards played and two empty hands), the card list's reasons wrapped and
the list given the panel's height, its colours theme roles, its work only while it is shown."""

from __future__ import annotations

import re
import threading

import pytest
from PySide6.QtCore import QRect, Qt
from PySide6.QtGui import QColor, QFontMetrics
from PySide6.QtWidgets import QApplication

from whistgui.app.examples import load_examples
from whistgui.engine import Card, Deal, Player, Position
from whistgui.ui.engine_service import EngineService
from whistgui.ui.theme import apply_theme, colour, colours
from whistgui.ui.trick.play_cards import COST, WHY
from whistgui.ui.trick.play_panel import PlayPanel
from whistgui.ui.trick.table import POOL

W = Player.WEST


def example(n: int) -> Deal:
    return next(e for e in load_examples() if e.number == n).deal


def drawn(panel: PlayPanel) -> dict[str, set[Card]]:
    """The cards the panel's table draws: in the hands and in the pool ("Played")."""
    out: dict[str, set[Card]] = {}
    deck = [Card(s, r) for s in range(4) for r in range(2, 15)]
    for card in deck:
        slot = panel.table.slot_of(card)
        if slot is not None:
            out.setdefault(slot.place, set()).add(card)
    return out


@pytest.fixture
def blocked(qtbot):
    """A shown panel on a service of its own whose one worker is held by another job until
    the test lets it go (``gate.set()``): the panel's job waits, as behind a long one."""
    service = EngineService()
    panel = PlayPanel(service=service)
    qtbot.addWidget(panel)
    panel.resize(1200, 700)
    panel.show()
    qtbot.waitExposed(panel)
    gate = threading.Event()
    service.submit("other", lambda ctx: gate.wait(20), label="blocking")
    yield panel, gate
    gate.set()
    service.shutdown()


def test_a_new_panel_draws_no_played_cards(panel):
    """Before any deal the pool was the whole deck: 52 cards "played"."""
    assert drawn(panel) == {}


def test_while_it_computes_the_start_is_shown_with_progress_and_cancel(qtbot, blocked):
    panel, gate = blocked
    deal = example(27)
    least = panel.minimumSizeHint().height()
    panel.set_deal(deal, W)
    start = Position.start(deal, W)
    cards = drawn(panel)
    assert cards.get(POOL, set()) == set()  # nothing played yet
    assert set(cards) == {"W", "E"}
    assert cards["W"] == set(deal.hand(W))
    assert cards["E"] == set(deal.hand(Player.EAST))
    assert panel.table.marks == {}
    assert panel.table.west_title == "▶ West · 0 tricks"
    assert panel.progress.isVisible()
    # the panel's job waits behind another view's: the line says so (was: seemed to value)
    qtbot.waitUntil(lambda: "waiting for: blocking" in panel.progress.full_text, timeout=5000)
    assert panel.progress.full_text.startswith("Valuing the deal for play — waiting for")
    assert panel.progress.text.toolTip() == panel.progress.full_text
    panel.progress.report(panel.progress.job, "12,000 suit patterns valued")
    assert panel.progress.full_text == "Valuing the deal for play: 12,000 suit patterns valued"
    assert panel.status.isHidden()  # the progress line stands in its place, in its row
    assert panel.minimumSizeHint().height() == least  # no taller while it computes
    assert panel.record.toPlainText() == f"{deal} — West on lead"
    assert "follow once the deal is computed" in panel.why.text()
    assert f"color:{colours(panel.palette()).muted}" in panel.why.text()
    assert panel.cards.topLevelItemCount() == 0
    assert not any(b.isEnabled() for b in panel.buttons.values())
    qtbot.mouseClick(panel.progress.cancel_button, Qt.MouseButton.LeftButton)
    gate.set()
    qtbot.waitUntil(lambda: "Compute again" in panel.status.text(), timeout=10000)
    assert panel.progress.isHidden()
    assert panel.status.isVisible()
    assert f"color:{colours(panel.palette()).muted}" in panel.status.text()  # a theme role
    assert drawn(panel)["W"] == set(deal.hand(W))  # still the start, not an empty table
    assert panel.position is None
    with qtbot.waitSignal(panel.ready, timeout=30000):
        panel.status.linkActivated.emit("again")
    assert panel.progress.isHidden()
    assert panel.position == start
    assert len(panel.table.marks) == len(start.legal_cards())


def test_hidden_it_stops_and_shown_it_computes_again(qtbot, blocked):
    """The panel's work is a ViewWork: hidden while it computes, it stops (the progress line
    goes); shown again, it starts over with its progress line and finishes."""
    panel, gate = blocked
    deal = Deal.parse("AQ/KJ K/A")
    panel.set_deal(deal, W)
    first = panel.progress.job
    with qtbot.waitSignal(panel._service.cancelled, timeout=10000):
        panel.hide()
        gate.set()
    assert panel.progress.isHidden()
    assert panel.work.behind
    with qtbot.waitSignal(panel.ready, timeout=30000):
        panel.show()
        assert panel.progress.isVisible()
        assert panel.progress.job != first
    assert panel.position == Position.start(deal, W)


def _row_heights_fit(panel) -> list[tuple[int, int]]:
    """(row height, height of its reason wrapped at the Why column's width) of every row."""
    cards = panel.cards
    width = cards.header().sectionSize(WHY)
    out = []
    for row in cards.rows():
        font = row.font(WHY) if row.font(WHY).bold() else cards.font()  # optimal rows: bold
        need = (
            QFontMetrics(font)
            .boundingRect(
                QRect(0, 0, width - 4, 1 << 20),
                int(Qt.AlignmentFlag.AlignLeft | Qt.TextFlag.TextWordWrap),
                row.text(WHY),
            )
            .height()
        )
        out.append((cards.visualItemRect(row).height(), need))
    return out


def test_the_why_column_wraps_and_the_list_takes_the_height(qtbot):
    """Was: the reason cut ("putting East on lead (hearts…"), six rows above an empty pane."""
    panel = PlayPanel()
    qtbot.addWidget(panel)
    panel.resize(1280, 340)  # the play dock in a 1280×800 window
    panel.show()
    qtbot.waitExposed(panel)
    panel.set_deal_now(example(27), W)
    QApplication.processEvents()
    cards = panel.cards
    header = cards.header()
    right = header.sectionViewportPosition(WHY) + header.sectionSize(WHY)
    assert right <= cards.viewport().width()  # no reason runs off the list
    fits = _row_heights_fit(panel)
    assert all(height >= need for height, need in fits), fits
    line = cards.fontMetrics().height()
    assert sum(need > 2 * line for _, need in fits) >= 5  # reasons of several lines, whole
    # wider, the rows grow shorter: the heights follow the column's width
    tall = max(h for h, _ in fits)
    panel.resize(1920, 340)
    QApplication.processEvents()
    wide = _row_heights_fit(panel)
    assert all(height >= need for height, need in wide), wide
    assert max(h for h, _ in wide) < tall
    # the list has most of the sidebar's height: more than the record, labels and next card
    panel.resize(1280, 340)
    QApplication.processEvents()
    others = panel.record.height() + panel.why.height()
    assert cards.height() > others
    assert cards.height() >= 0.55 * (cards.height() + others)


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_every_colour_of_the_panel_is_a_theme_role(qtbot, app_theme, panel, theme):
    apply_theme(app_theme, theme)
    QApplication.processEvents()
    deal = example(27)
    panel.set_deal_now(deal, W)
    panel.play(deal.card_from_text("D:A"))  # a mistake: the header's red, the costs' red
    palette = panel.palette()
    roles = colours(palette)
    named = {QColor(c).name() for c in roles.values()}
    header = panel.status.text()
    used = re.findall(r"color:\s*(#[0-9a-fA-F]{6})", header)
    assert used
    assert {QColor(c).name() for c in used} <= named
    assert roles.error in used
    fill = colour("optimal_fill", palette)
    red = colour("error", palette)
    rows = panel.cards.rows()
    best = [r for r in rows if r.text(0).startswith("★")]
    other = [r for r in rows if not r.text(0).startswith("★")]
    assert best
    assert other
    assert all(r.background(WHY).color() == fill for r in best)
    assert all(r.foreground(COST).color() == red for r in other)
