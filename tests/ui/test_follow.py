"""Issue 11: every view follows the session; a view that keeps an older position says so and
offers to follow; one engine service cancels what an older deal started, and never lets its
result land in a newer deal; quitting leaves within half a second."""

from __future__ import annotations

import json
import time

from PySide6.QtCore import Qt

from tests.ui.workspaces import trick
from whistgui.engine import Deal, Player, SuitDeal
from whistgui.engine.games.whist.kernel import suit_value

NEW = "KJ/AQ A/K K/A"


def _open(qtbot, window, number: int) -> None:
    with qtbot.waitSignal(trick(window).analysisShown, timeout=30000):
        trick(window).open_example(number)


def _type(qtbot, window, text: str) -> None:
    """Type ``text`` into the deal field as a user would (replacing what is there)."""
    edit = trick(window).notation.edit
    edit.setFocus()
    edit.selectAll()
    with qtbot.waitSignal(trick(window).analysisShown, timeout=30000):
        qtbot.keyClicks(edit, text)
        qtbot.keyClick(edit, Qt.Key.Key_Return)


def test_every_open_view_follows_typed_text(qtbot, window, tmp_path):
    _open(qtbot, window, 15)  # small: the panel and the inspector are ready at once
    with qtbot.waitSignal(trick(window).play_panel.ready, timeout=30000):
        trick(window).play_deal()
    with qtbot.waitSignal(trick(window).inspector.ready, timeout=30000):
        trick(window).inspect_suit(1)
    old_crumb = trick(window).inspector.breadcrumb.text()
    assert "A/K" in old_crumb or "A/K" in trick(window).inspector.status.text()

    new = Deal.parse("AQ/KJ AK/QJ K/A")
    with (
        qtbot.waitSignal(trick(window).play_panel.ready, timeout=30000),
        qtbot.waitSignal(trick(window).inspector.ready, timeout=30000),
    ):
        _type(qtbot, window, str(new))
    assert trick(window).table.document.deal == new
    assert trick(window).analysis.result is not None
    assert trick(window).analysis.result.document.deal == new
    assert trick(window).play_panel.position is not None
    assert trick(window).play_panel.position.deal == new  # no longer (15)
    assert not trick(window).play_panel.stale
    assert trick(window).inspector.analysis is not None
    assert trick(window).inspector.analysis.suit == new.suits[1]  # the same suit of the new deal
    assert trick(window).inspector.breadcrumb.text() != old_crumb
    assert "AK/QJ" in trick(window).inspector.breadcrumb.text()
    assert not trick(window).inspector.stale
    # the old example's title went with its deal: Save writes no "(15) …" into this deal
    path = tmp_path / "typed.whist"
    trick(window).session.save(path)
    saved = json.loads(path.read_text(encoding="utf-8"))
    assert saved["title"] == ""
    assert "(15)" not in path.read_text(encoding="utf-8")


def test_a_line_in_progress_is_kept_and_says_so(qtbot, window):
    _open(qtbot, window, 15)
    with qtbot.waitSignal(trick(window).play_panel.ready, timeout=30000):
        trick(window).play_deal()
    panel = trick(window).play_panel
    panel.next_card()
    panel.next_card()
    kept = panel.position
    assert kept is not None
    _type(qtbot, window, "AQ/KJ")
    assert panel.position == kept  # the line in progress stays
    assert panel.stale
    assert panel.banner.isVisible()
    assert "earlier deal" in panel.banner_text.text()
    assert "2 cards played" in panel.banner_text.text()
    with qtbot.waitSignal(panel.ready, timeout=30000):
        panel.follow_button.click()
    assert not panel.stale
    assert panel.position is not None
    assert panel.position.deal == Deal.parse("AQ/KJ")


def test_a_hidden_panel_catches_up_when_shown(qtbot, window):
    _open(qtbot, window, 15)
    with qtbot.waitSignal(trick(window).play_panel.ready, timeout=30000):
        trick(window).play_deal()
    trick(window).play_dock.hide()
    _type(qtbot, window, "AQ/KJ K/A")
    with qtbot.waitSignal(trick(window).play_panel.ready, timeout=30000):
        trick(window).play_dock.show()
    assert trick(window).play_panel.position.deal == Deal.parse("AQ/KJ K/A")


def test_a_pinned_inspector_keeps_its_suit_and_says_so(qtbot, window):
    _open(qtbot, window, 15)
    with qtbot.waitSignal(trick(window).inspector.ready, timeout=30000):
        trick(window).inspect_suit(0)
    inspector = trick(window).inspector
    inspector.set_pinned(True)
    _type(qtbot, window, "AQ/KJ K/A")
    assert inspector.analysis is not None
    assert inspector.analysis.suit == SuitDeal.parse("KJ/AQ")  # kept
    assert inspector.stale
    assert "Pinned" in inspector.banner_text.text()
    assert "KJ/AQ" in inspector.banner_text.text()
    with qtbot.waitSignal(inspector.ready, timeout=30000):
        inspector.follow_button.click()
    assert not inspector.pinned
    assert not inspector.stale
    assert inspector.analysis.suit == SuitDeal.parse("AQ/KJ")


def test_the_inspector_says_when_the_new_deal_lacks_its_suit(qtbot, window):
    _open(qtbot, window, 15)
    with qtbot.waitSignal(trick(window).inspector.ready, timeout=30000):
        trick(window).inspect_suit(2)
    _type(qtbot, window, "AQ/KJ")
    assert trick(window).inspector.analysis is None
    assert "no suit 3" in trick(window).inspector.status.text()


def test_a_new_deal_cancels_the_whole_deal_search_and_its_result_never_lands(qtbot, window):
    _open(qtbot, window, 27)
    engine = window.engine
    cancelled: list[str] = []
    engine.cancelled.connect(lambda _job, channel: cancelled.append(channel))
    with qtbot.waitSignal(engine.progress, timeout=30000):  # the (27) search is under way
        trick(window).inspect_deal()
    t0 = time.monotonic()
    with qtbot.waitSignal(trick(window).inspector.playReady, timeout=30000):
        _type(qtbot, window, NEW)
    assert "inspector-deal" in cancelled
    assert time.monotonic() - t0 < 10  # not the 90 s of (27)
    root = trick(window).inspector.play_model.root
    assert root is not None
    assert root.deal == Deal.parse(NEW)  # the new deal's tree, never (27)'s
    qtbot.wait(200)
    assert trick(window).inspector.play_model.root.deal == Deal.parse(NEW)


def test_cancel_in_the_status_bar_stops_the_27_search_within_a_second(qtbot, window):
    _open(qtbot, window, 27)
    engine = window.engine
    with qtbot.waitSignal(engine.progress, timeout=30000):
        trick(window).inspect_deal()
    qtbot.waitUntil(window.job_status.isVisible, timeout=3000)  # after half a second
    assert "play tree" in window.job_status.text.text()
    assert "positions searched" in window.job_status.text.text()
    t0 = time.monotonic()
    with qtbot.waitSignal(engine.cancelled, timeout=2000):
        window.job_status.cancel_button.click()
    assert time.monotonic() - t0 < 1.0
    qtbot.waitUntil(lambda: not window.job_status.isVisible(), timeout=2000)
    assert "cancelled" in trick(window).inspector.play_line.text()
    assert trick(window).inspector.play_model.root is None


def test_quitting_during_a_long_search_takes_under_half_a_second(qtbot, window):
    _open(qtbot, window, 27)
    with qtbot.waitSignal(window.engine.progress, timeout=30000):
        trick(window).inspect_deal()
    t0 = time.monotonic()
    stopped = window.shutdown()
    elapsed = time.monotonic() - t0
    assert stopped
    assert elapsed < 0.5


def test_the_longest_suits_a_deal_holds_are_valued_live(qtbot, window):
    """13 cards a hand (a whole suit each way: the most a document holds) are valued as the
    deal is typed, with the numpy kernel's values."""
    suits = [SuitDeal(range(2, 28, 2), range(1, 27, 2)), SuitDeal(range(1, 27, 2), range(2, 28, 2))]
    with qtbot.waitSignal(trick(window).analysisShown, timeout=30000):
        trick(window).session.set_deal_text(" + ".join(str(s) for s in suits))
    rows = trick(window).analysis.result.rows
    assert [row.value for row in rows] == [suit_value(s.pattern) for s in suits]
    assert "up to date" in trick(window).analysis.status.text()


def test_a_game_change_reaches_every_open_view(qtbot, window):
    _open(qtbot, window, 15)
    with qtbot.waitSignal(trick(window).play_panel.ready, timeout=30000):
        trick(window).play_deal()
    with qtbot.waitSignal(trick(window).play_panel.ready, timeout=30000):
        window.set_game("five-card")
    assert trick(window).play_panel.by_search
    assert trick(window).play_panel.game.name == "five-card"
    assert trick(window).inspector.game.name == "five-card"
    assert trick(window).analysis.result is not None
    qtbot.waitUntil(lambda: trick(window).analysis.result.game.name == "five-card", timeout=30000)
    with qtbot.waitSignal(trick(window).play_panel.ready, timeout=30000):
        trick(window).session.undo_stack.undo()
    assert not trick(window).play_panel.by_search
    assert trick(window).inspector.game.name == "whist"
    assert trick(window).play_panel.position.leader is Player.WEST
