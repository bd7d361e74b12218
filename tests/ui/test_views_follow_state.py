"""Issue 24: views follow the session's state, not its history, and the work a view starts is
its own — it runs while the view is shown and stops when the view is hidden.

Defects of the issue (2a–2d, 3) and of its review, each a test: a suit the inspector kept
from an earlier deal; an example's write-up above a deal or a game it does not describe; the
breadcrumb of one node above another node's R43 tab and over the play tree; a banner that names
the deal when only the game changed; whole-deal searches started by a closed inspector.
"""

from __future__ import annotations

import pytest

from tests.ui.workspaces import trick
from whistgui.engine import Card, Deal, SuitDeal
from whistgui.ui.engine_service import EngineService
from whistgui.ui.trick.session import Session

NOTE_27 = "Both sides have exits protected by stoppers"
NOTE_26 = "Leading from spades, diamonds or clubs"
NOTE_15 = "Here having the lead is an advantage"


def _open(qtbot, window, number: int) -> None:
    with qtbot.waitSignal(trick(window).analysisShown, timeout=30000):
        trick(window).open_example(number)


def _spy_submits(monkeypatch, engine: EngineService) -> list[str]:
    """The channels of every job submitted to ``engine`` from now on."""
    channels: list[str] = []
    submit = engine.submit

    def spy(channel, fn, **kwargs):  # type: ignore[no-untyped-def]
        channels.append(channel)
        return submit(channel, fn, **kwargs)

    monkeypatch.setattr(engine, "submit", spy)
    return channels


# ------------------------------------------------------------------------ 2a: the inspector
@pytest.mark.parametrize("change_game", [False, True])
def test_the_inspector_reopened_shows_a_suit_of_the_deal_on_the_table(qtbot, window, change_game):
    """Open a suit in the inspector (after a game change, or not), close it, load (27),
    press Ctrl+I: the inspector shows a suit of (27), never the earlier suit."""
    inspector = trick(window).inspector
    with qtbot.waitSignal(inspector.ready, timeout=30000):
        trick(window).inspect_suit(1)  # (15)'s A/K
    assert inspector.analysis is not None
    if change_game:
        window.set_game("five-card")
    trick(window).inspector_dock.hide()
    _open(qtbot, window, 27)
    trick(window).act_inspector.trigger()  # Ctrl+I
    deal = trick(window).session.document.deal
    qtbot.waitUntil(
        lambda: inspector.analysis is not None and inspector.analysis.suit in deal.suits,
        timeout=30000,
    )
    assert inspector.analysis.suit not in Deal.parse("KJ/AQ A/K K/A").suits
    assert str(inspector.analysis.suit) in inspector.breadcrumb.text()


# ------------------------------------------------------------------------ 2b: the write-up
def test_an_examples_write_up_goes_when_a_card_moves_and_comes_back_on_undo(qtbot, window):
    _open(qtbot, window, 27)
    about = trick(window).analysis.about
    assert NOTE_27 in about.text()
    with qtbot.waitSignal(trick(window).analysisShown, timeout=30000):
        trick(window).session.move_cards([Card(1, 9)], "E")  # ♥9 from West to East
    assert not trick(window).session.document.deal.is_symmetric
    assert NOTE_27 not in about.text()  # the paper's words describe another deal
    assert "(27)" in about.text()
    assert "changed" in about.text()
    with qtbot.waitSignal(trick(window).analysisShown, timeout=30000):
        trick(window).session.undo_stack.undo()
    assert NOTE_27 in about.text()


def test_an_examples_write_up_goes_with_another_game(qtbot, window):
    _open(qtbot, window, 26)
    assert NOTE_26 in trick(window).analysis.about.text()
    with qtbot.waitSignal(trick(window).analysisShown, timeout=30000):
        window.set_game("greedy-whist")
    assert NOTE_26 not in trick(window).analysis.about.text()
    assert "Greedy" in trick(window).analysis.heading.text()
    with qtbot.waitSignal(trick(window).analysisShown, timeout=30000):
        trick(window).session.undo_stack.undo()
    assert NOTE_26 in trick(window).analysis.about.text()


def test_five_card_shows_no_caption_written_for_whist(qtbot, window):
    """Review: the window opens on (15); under "Analysis — Five-card" it kept whist's
    caption "… Here having the lead is an advantage"."""
    assert trick(window).session.document.title.startswith("(15)")
    with qtbot.waitSignal(trick(window).analysisShown, timeout=30000):
        trick(window).analysis.request()
    assert NOTE_15 in trick(window).analysis.about.text()
    with qtbot.waitSignal(trick(window).analysisShown, timeout=30000):
        window.set_game("five-card")
    assert "Five-card" in trick(window).analysis.heading.text()
    assert NOTE_15 not in trick(window).analysis.about.text()


# ------------------------------------------------------------------------ 2c: one node shown
def test_the_breadcrumb_and_the_r43_tab_show_the_same_node(qtbot, inspector):
    with qtbot.waitSignal(inspector.ready, timeout=30000):
        inspector.open_suit(SuitDeal.parse("KQT/AJ9"))
    root = inspector.node
    child = inspector.tree_model.ensure_children(root)[0]
    west, east = child.played
    inspector.descend(west[0], east[0])
    assert inspector.node is child
    assert str(child.suit) in inspector.breadcrumb.text()
    inspector.tabs.setCurrentWidget(inspector.r43)
    heading = inspector.r43.matrix.heading.text()
    assert f"<b>{child.suit}</b>" in heading  # the node the breadcrumb names, not the root
    assert inspector.breadcrumb.isVisible()
    inspector.tabs.setCurrentIndex(1)  # the deal's play tree: no suit's breadcrumb over it
    assert not inspector.breadcrumb.isVisible()
    assert not inspector.up_button.isVisible()
    inspector.tabs.setCurrentIndex(0)
    assert inspector.breadcrumb.isVisible()


# ------------------------------------------------------------------------ 2d: the banner
def test_the_play_banner_says_the_game_changed_when_only_the_game_did(qtbot, window):
    _open(qtbot, window, 15)
    panel = trick(window).play_panel
    with qtbot.waitSignal(panel.ready, timeout=30000):
        trick(window).play_deal()
    panel.next_card()
    panel.next_card()
    window.set_game("five-card")
    assert panel.stale
    text = panel.banner_text.text()
    assert "Five-card" in text
    assert "game" in text
    assert "deal is now" not in text  # the deal did not change
    assert "in Two-person whist (" in text  # the line's own game by its title, not "whist"
    window.set_game("whist")  # back to the line's own game: nothing stale
    assert not panel.stale
    trick(window).session.move_cards([Card(1, 14)], "E")  # now the deal changes
    assert "deal is now" in panel.banner_text.text()


# ------------------------------------------------------------------------ 3: owned work
def test_a_closed_inspector_starts_no_whole_deal_search_and_catches_up_when_shown(
    qtbot, window, monkeypatch
):
    _open(qtbot, window, 15)
    inspector = trick(window).inspector
    with qtbot.waitSignal(inspector.playReady, timeout=30000):
        trick(window).inspect_deal()
    trick(window).inspector_dock.hide()
    channels = _spy_submits(monkeypatch, window.engine)
    for text in ("AQ/KJ K/A", "AQ/KJ", "KQ/AJ A/K"):
        with qtbot.waitSignal(trick(window).analysisShown, timeout=30000):
            trick(window).session.set_deal_text(text)
    qtbot.waitUntil(lambda: not window.job_status.isVisible(), timeout=5000)
    assert channels.count("analysis") == 3
    assert [c for c in channels if c.startswith("inspector")] == []
    with qtbot.waitSignal(inspector.playReady, timeout=30000):
        trick(window).inspector_dock.show()
    assert inspector.play_model.root is not None
    assert inspector.play_model.root.deal == Deal.parse("KQ/AJ A/K")


def test_hiding_the_inspector_stops_its_search_and_showing_it_resumes(qtbot, window, monkeypatch):
    _open(qtbot, window, 27)
    inspector = trick(window).inspector
    with qtbot.waitSignal(window.engine.progress, timeout=30000):  # the (27) search runs
        trick(window).inspect_deal()
    cancelled: list[str] = []
    window.engine.cancelled.connect(lambda _job, channel: cancelled.append(channel))
    with qtbot.waitSignal(window.engine.cancelled, timeout=3000):
        trick(window).inspector_dock.hide()
    assert "inspector-deal" in cancelled
    assert "cancelled" not in inspector.play_line.text().lower()  # paused, not refused
    channels = _spy_submits(monkeypatch, window.engine)
    trick(window).inspector_dock.show()
    assert "inspector-deal" in channels  # searched again, now that it is seen
    window.engine.cancel()


def test_a_hidden_analysis_panel_computes_when_shown(qtbot, monkeypatch):
    from whistgui.ui.trick.analysis import AnalysisPanel

    session = Session()
    engine = EngineService()
    channels = _spy_submits(monkeypatch, engine)
    panel = AnalysisPanel(session, engine)
    qtbot.addWidget(panel)
    session.set_deal_text("AQ/KJ K/A")
    assert channels == []  # nobody sees it: nothing computed
    with qtbot.waitSignal(panel.resultShown, timeout=30000):
        panel.show()
    assert channels == ["analysis"]
    assert panel.result is not None
    assert panel.result.document == session.document
    engine.shutdown()
