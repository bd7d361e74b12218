"""The third review of the heaps workspace (issue 26): a finished game played on, a stale
progress line, the misère octal default bound, the window's growth, literal underscores,
a side to move in impartial games, a stale hint, and small things."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from whistgui.app.heaps import HeapsDocument
from whistgui.ui.heaps.panel import MOVE


@pytest.fixture
def heaps(qtbot, window):  # type: ignore[no-untyped-def]
    ws = window.show_workspace("heaps")
    qtbot.waitUntil(ws.ready, timeout=30000)
    return ws


def set_doc(qtbot, ws, doc: HeapsDocument) -> None:  # type: ignore[no-untyped-def]
    ws.session.change(doc, "test")
    qtbot.waitUntil(ws.ready, timeout=60000)


def listed_moves(ws):  # type: ignore[no-untyped-def]
    tree = ws.page.panel.tree
    return [
        tree.topLevelItem(i).data(MOVE, Qt.ItemDataRole.UserRole)
        for i in range(tree.topLevelItemCount())
    ]


# --------------------------------------------------------------------------- 1. game over
@pytest.mark.parametrize(
    ("game", "text"), [("integral-hackenbush", "BB R"), ("refined-integral-hackenbush", "B")]
)
def test_a_finished_game_lists_marks_and_plays_no_move(qtbot, heaps, game, text):
    """Integral hackenbush 'BB R', Blue to move: 'Game over: Blue is paid 1', yet BB→0 and
    BB→B were listed, marked on the counters and played by a double click."""
    doc = HeapsDocument.new(game, text)
    assert doc.is_over()
    set_doc(qtbot, heaps, doc)
    page = heaps.page
    assert page.panel.turn.text().startswith("Game over")
    assert listed_moves(heaps) == []
    assert page.board.marks == {}
    page.panel.moveChosen.emit(next(iter(doc.rules.options(doc.position, doc.flag, doc.mover))))
    assert heaps.session.document.steps == ()  # nothing played


# --------------------------------------------------------------------------- 2. stale progress
def test_progress_of_a_job_not_the_one_asked_for_is_not_shown(qtbot, window, monkeypatch):
    """'Computing: building the table (30 of 39)' stayed beside a finished misère Kayles
    quotient, Cancel greyed, the app idle: a late message of an earlier job. While computing,
    the P-position map says so."""
    import whistgui.ui.heaps.quotient_view as view
    from whistgui.app.heaps_quotient import QuotientBounds
    from whistgui.engine.errors import Cancelled

    ws = window.show_workspace("heaps")
    qtbot.waitUntil(ws.ready, timeout=30000)
    ws.page.tabs.setCurrentWidget(ws.page.explorer)
    ex = ws.page.explorer
    kept = HeapsDocument.new("nim", "1 2").with_quotient(QuotientBounds(2, 1))
    ws.session.change(kept, "test")
    qtbot.waitUntil(lambda: ex.q is not None and ex.q.game == "nim", timeout=20000)
    said = []

    def slow(rules, bounds, *, progress=None, phase=None, should_stop=None):  # type: ignore[no-untyped-def]
        while True:
            phase("building the table", 30, 39)
            said.append(1)
            if should_stop():
                raise Cancelled("stopped")

    monkeypatch.setattr(view, "compute_quotient", slow)
    ws.session.change(kept.with_quotient(QuotientBounds(3, 1)), "test")
    qtbot.waitUntil(lambda: "building the table" in ex.status.text(), timeout=5000)
    assert ex.q is None
    assert ex.pmap.placeholder == "Computing…"
    ws.session.change(kept, "test")  # back to the quotient kept; the other job still runs
    assert ex.q is not None
    n = len(said)
    qtbot.waitUntil(lambda: len(said) > n + 3, timeout=5000)
    qtbot.wait(200)  # its messages delivered
    assert "Computing" not in ex.status.text()
    ws.page.tabs.setCurrentWidget(ws.page.splitter)  # put away: the work is stopped
    qtbot.waitUntil(lambda: ex._job is None, timeout=5000)
    ws.page.tabs.setCurrentWidget(ex)
    assert "Computing" not in ex.status.text()


# --------------------------------------------------------------------------- 3. the bound
def test_the_prediction_s_bound_is_the_position_s_and_the_quotient_tab_starts_there(qtbot, heaps):
    """Misère Kayles: the quotient tab started at max heap 9 (18 classes) while the Position
    tab said 'of the 40'; and '3 5 7' was predicted by Q_54 in one session, Q_27 after
    reopening. K is the position's: the first of the ladder at least its largest heap."""
    from whistgui.app.heaps_prediction import PREDICTION_LADDER, prediction_bound

    page = heaps.page
    panel = page.panel
    small = HeapsDocument.new("misere-octal:0.77", "3 5 7")
    big = small.with_text("3 35 6 7")
    assert prediction_bound(small) == PREDICTION_LADDER[0] < prediction_bound(big)
    for doc in (big, small):  # the larger first: the smaller is predicted by its own K
        k = prediction_bound(doc)
        heaps.session.change(doc, "test")
        qtbot.waitUntil(lambda: "computing" not in panel.theory_line.text(), timeout=30000)
        sub = str(k).translate(str.maketrans("0123456789", "₀₁₂₃₄₅₆₇₈₉"))
        assert panel.theory_line.text().startswith(f"Theory: the exact quotient Q{sub}: ")
        page.cancel_search()
    assert "_" not in panel.theory_line.text()
    heaps.session.change(small, "test")
    ex = page.explorer
    assert ex.exact.isChecked()
    assert ex.max_heap.value() == prediction_bound(small)
    page.tabs.setCurrentWidget(ex)
    qtbot.waitUntil(lambda: ex.q is not None and ex.q.game == small.game, timeout=30000)
    q = page.predictor.quotients[small.game, prediction_bound(small)]
    assert len(ex.q.classes) == len(q.classes)  # the classes the Position tab counts
