"""GOPS in the main window: chosen with the game selector or by opening a .gops file; the
explorer's figures through Export Figure; back to whist with the deal untouched."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.ui.workspaces import gops, menu_texts, trick
from whistgui.engine.gops import GopsRules, GopsSolver


def _choose(window, key: str) -> None:  # type: ignore[no-untyped-def]
    combo = window.game_selector.combo
    i = combo.findData(key)
    assert i >= 0
    combo.setCurrentIndex(i)
    combo.activated.emit(i)


def test_the_selector_shows_the_gops_explorer_and_back(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    deal = trick(window).session.document
    _choose(window, "gops")
    assert window.current.name == "gops"
    assert window.pages.currentWidget().page is gops(window).tabs
    assert gops(window).tabs.currentWidget() is gops(window).explorer  # the first page
    assert not window.act_undo.isEnabled()
    # GOPS deals no cards: Deal ▸ Random Deal is not there (nor the whist deal's actions)
    assert not {"&Random Deal…", "&Random Deal", "&West on Lead"} & menu_texts(window)
    assert "GOPS" in window.windowTitle()
    _choose(window, "bridge")
    assert window.current.name == "bridge"
    _choose(window, "whist")
    assert window.current.name == "trick"
    assert trick(window).session.document == deal
    assert "&Random Deal…" in menu_texts(window)


def test_open_a_solved_game_and_export_its_figure(qtbot, window, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    _choose(window, "gops")
    explorer = gops(window).explorer
    explorer.set_rules(GopsRules(n=3))
    qtbot.waitUntil(lambda: explorer.session.solved and explorer.ready(), timeout=30000)
    path = tmp_path / "three.gops"
    explorer.save(path)
    qtbot.waitUntil(lambda: path.is_file(), timeout=10000)
    _choose(window, "whist")
    assert window.open_file(path)
    assert window.current.name == "gops"
    assert explorer.session.rules == GopsRules(n=3)
    explorer.turn(2)
    qtbot.waitUntil(explorer.ready, timeout=20000)
    expected = GopsSolver(GopsRules(n=3)).value(explorer.session.state)
    assert abs(explorer.current_view().value - expected) < 1e-9
    dlg = window.export_dialog()
    assert dlg is not None
    assert [dlg.view.itemData(i) for i in range(dlg.view.count())] == [
        "matrix",
        "strategies",
        "both",
    ]
    qtbot.waitUntil(lambda: dlg.figure is not None, timeout=20000)
    dlg.format.setCurrentIndex(dlg.format.findData("pdf"))
    out = dlg.save(tmp_path / "bids.pdf")
    assert out is not None
    assert out.read_bytes().startswith(b"%PDF")
    dlg.close()


def test_a_corrupt_gops_file_is_refused_and_the_page_kept(
    qtbot, window, tmp_path: Path, dialogs
) -> None:  # type: ignore[no-untyped-def]
    bad = tmp_path / "bad.gops"
    bad.write_text("{not json")
    assert not window.open_file(bad)
    assert window.current.name == "trick"
    assert any("bad.gops" in text for kind, text in dialogs.shown if kind == "warning")


def test_a_solve_shows_its_progress_and_cancel_once(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    """Review 31b, X1: while the explorer is shown, the solve's progress and Cancel are the
    solve bar's alone — the window's status bar says nothing of it; with another game shown
    the status bar has them (the solve goes on), and back at GOPS it is silent again."""
    import time

    _choose(window, "gops")
    explorer = gops(window).explorer
    explorer.set_rules(GopsRules(n=8))  # long enough to look at (about half a minute)
    explorer.solve()
    qtbot.waitUntil(lambda: "states solved" in explorer.solve_status.text(), timeout=60000)
    t0 = time.monotonic()
    reports: list[str] = []
    window.engine.progress.connect(lambda _job, text: reports.append(text))
    # past the status bar's half-second delay, with reports since
    qtbot.waitUntil(lambda: time.monotonic() - t0 > 1.0 and len(reports) >= 3, timeout=60000)
    assert explorer.cancel_button.isVisible()
    assert explorer.progress.isVisible()
    assert not window.job_status.isVisible()
    assert "Solving GOPS" not in window.statusBar().currentMessage()
    _choose(window, "whist")
    qtbot.waitUntil(window.job_status.isVisible, timeout=30000)
    assert window.job_status.text.text().startswith("Solving GOPS, N = 8")
    _choose(window, "gops")
    qtbot.waitUntil(lambda: not window.job_status.isVisible(), timeout=30000)
    assert explorer.solving
    with qtbot.waitSignal(window.engine.cancelled, timeout=10000):
        explorer.cancel_button.click()
    assert not explorer.solving


@pytest.mark.parametrize("n", [6, 7])
def test_at_1280_by_800_a_bidding_state_fits_without_a_scroll_bar(qtbot, window, n) -> None:  # type: ignore[no-untyped-def]
    """Review 31b, X7: the window as it opens at 1280 × 800 (1264 × 720) showed the explorer
    with a vertical scroll bar at every bidding state of N = 6 (the side panel 7 px too tall
    under Xvfb); the strategies' rows now close up a little when the room is short."""
    assert window.size().toTuple() == (1264, 720)  # the opening size on that screen
    _choose(window, "gops")
    explorer = gops(window).explorer
    explorer.set_rules(GopsRules(n=n))
    explorer.solve()  # N = 7: a few seconds
    qtbot.waitUntil(lambda: explorer.session.solved and explorer.ready(), timeout=120000)
    explorer.turn(3)
    qtbot.waitUntil(explorer.ready, timeout=30000)
    assert explorer.session.state.is_bidding
    for _ in range(5):
        qtbot.wait(20)
    scroll = window._scrolls["gops"]
    page = scroll.widget()
    assert page.minimumSizeHint().height() <= scroll.viewport().height()
    assert scroll.verticalScrollBar().maximum() == 0
    # every bar row still holds its line of text
    bars = explorer.a_bars
    assert bars.minimumSizeHint().height() < bars.sizeHint().height()
    line = bars.fontMetrics().height()
    assert (bars.height() - 6) // (n + 1) >= line
    assert bars._row_h() * (n + 1) <= bars.height()  # the last row not cut
