"""The third review of the heaps workspace (issue 26): a finished game played on, a stale
progress line, the misère octal default bound, the window's growth, literal underscores,
a side to move in impartial games, a stale hint, and small things."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from PySide6.QtCore import Qt

from tests.ui.test_heaps_workspace import set_doc
from whistgui.app.heaps import HeapsDocument
from whistgui.ui.heaps.panel import MOVE
from whistgui.ui.host import fit


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


# --------------------------------------------------------------------------- 4. the window
_BESIDE = """
import json, os, sys, time
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QApplication
app = QApplication([])
from whistgui.app.heaps import HeapsDocument
from whistgui.ui.main_window import MainWindow
out, settings = sys.argv[1:]
w = MainWindow(settings=QSettings(settings, QSettings.Format.IniFormat))
w.show()
app.processEvents()
ws = w.show_workspace("heaps")
ws.session.change(HeapsDocument.new("integral-hackenbush", "BBR RB BRBB RRRB"), "test")
end = time.monotonic() + 60
while not ws.ready() and time.monotonic() < end:
    app.processEvents()
before = w.frameGeometry().getRect()
panel = ws.page.panel
panel.tabs.setCurrentIndex(panel.tabs.indexOf(ws.page.beside_scroll))
for _ in range(20):
    app.processEvents()
    time.sleep(0.01)
after = w.frameGeometry().getRect()
room = app.primaryScreen().availableGeometry().getRect()
scroll = ws.page.beside_scroll
with open(out, "w") as f:
    json.dump({"before": before, "after": after, "room": room,
               "size": [w.width(), w.height()], "shown": scroll.isVisible()}, f)
os._exit(0)  # no close: the edited game would ask to be saved
"""


@pytest.mark.parametrize(("width", "height"), [(1280, 800), (1920, 1080)])
def test_beside_whist_never_resizes_the_window(tmp_path: Path, width, height):
    """Opening Beside whist made the window taller (1280×800: 748 → 775 px, past the screen:
    the menus up, the status bar off it; 1920: 864 → 927). On a screen of that size (the
    offscreen platform's configfile, as tests/ui/test_window_fit.py does), the window keeps
    its geometry and fits the screen; the tab scrolls."""
    config = tmp_path / "screen.json"
    screen = {"name": "s", "x": 0, "y": 0, "width": width, "height": height}
    screen |= {"logicalDpi": 96, "logicalBaseDpi": 96, "dpr": 1}
    config.write_text(json.dumps({"screens": [screen]}))
    out = tmp_path / "geometry.json"
    env = {**os.environ, "QT_QPA_PLATFORM": f"offscreen:configfile={config}"}
    res = subprocess.run(
        [sys.executable, "-c", _BESIDE, str(out), str(tmp_path / "settings.ini")],
        capture_output=True,
        text=True,
        timeout=90,
        env=env,
        check=False,
    )
    assert res.returncode == 0, res.stderr
    got = json.loads(out.read_text())
    assert got["shown"]
    assert got["after"] == got["before"]
    w, h = got["size"]
    _rx, _ry, rw, rh = got["room"]
    assert w + fit.FRAME.width() <= rw  # the window manager's frame too
    assert h + fit.FRAME.height() <= rh


# --------------------------------------------------------------------------- 5. underscores
def _texts(root):  # type: ignore[no-untyped-def]
    """Every text a reader sees in ``root``: labels, tooltips, combo items, tab names, list and
    tree rows, the board's caption."""
    from PySide6.QtWidgets import (
        QAbstractButton,
        QComboBox,
        QLabel,
        QListWidget,
        QTabWidget,
        QTreeWidget,
        QWidget,
    )

    out = []
    for w in [root, *root.findChildren(QWidget)]:
        out.append(w.toolTip())
        if isinstance(w, QLabel | QAbstractButton):
            out.append(w.text())
        if isinstance(w, QComboBox):
            out += [w.itemText(i) for i in range(w.count())]
            out += [str(w.itemData(i, Qt.ItemDataRole.ToolTipRole) or "") for i in range(w.count())]
        if isinstance(w, QTabWidget):
            out += [w.tabText(i) for i in range(w.count())]
        if isinstance(w, QListWidget):
            out += [w.item(i).text() for i in range(w.count())]
        if isinstance(w, QTreeWidget):
            for i in range(w.topLevelItemCount()):
                item = w.topLevelItem(i)
                out += [item.text(c) for c in range(w.columnCount())]
    return out


@pytest.mark.parametrize(
    ("game", "text"),
    [
        ("moore-nim:3", "2 3 4 5"),
        ("comply-constrain-nim:3", "1 2 3"),
        ("misere-octal:0.77", "3 5 7"),
    ],
)
def test_no_raw_underscore_in_any_text_shown(qtbot, heaps, game, text):
    """'Moore's nim_K', 'Comply-constrain nim_K', the theory line's 'Q_K': a subscript is
    written as the app writes one elsewhere, never with an underscore."""
    page = heaps.page
    set_doc(qtbot, heaps, HeapsDocument.new(game, text))
    qtbot.waitUntil(lambda: "computing" not in page.panel.theory_line.text(), timeout=30000)
    shown = [t for t in _texts(page) if "_" in t]
    shown += [t for t in (page.board.caption,) if "_" in t]
    assert shown == [], shown


# --------------------------------------------------------------------------- 6. no side
@pytest.mark.parametrize(
    ("game", "text"), [("nim", "3 4"), ("moore-nim:3", "2 3"), ("octal:0.77", "5")]
)
def test_an_impartial_game_names_no_side_to_move(qtbot, heaps, game, text):
    """Nim, Moore's nim, Kayles said 'Left/Right to move' beside a To move box that changed
    nothing."""
    from whistgui.engine.heaps.rules import Player

    panel = heaps.page.panel
    doc = HeapsDocument.new(game, text)
    set_doc(qtbot, heaps, doc.play(doc.legal_moves().moves[0]))
    assert not panel.mover.isVisibleTo(panel)
    assert not panel.mover_label.isVisibleTo(panel)
    words = [panel.turn.text()] + [panel.history.item(i).text() for i in range(2)]
    assert not [w for w in words if "Left" in w or "Right" in w], words
    assert heaps.session.document.start_mover is Player.LEFT


def test_red_to_move_in_hackenbush_is_not_carried_into_nim(qtbot, heaps, tmp_path):
    from whistgui.app.heaps_files import load_heaps, save_heaps
    from whistgui.engine.heaps.rules import Player

    red = HeapsDocument.new("hackenbush", "BBR").with_mover(Player.RIGHT)
    nim = red.with_game("nim")
    assert nim.mover is Player.LEFT
    set_doc(qtbot, heaps, red)
    assert heaps.page.panel.mover.isVisibleTo(heaps.page.panel)  # a side, in a partizan game
    path = tmp_path / "nim.heaps"
    save_heaps(nim, path)
    assert json.loads(path.read_text())["to_move"] == "L"
    old = json.loads(path.read_text()) | {"to_move": "R"}  # an old file, saved so
    path.write_text(json.dumps(old))
    assert load_heaps(path).game == "nim"


# --------------------------------------------------------------------------- 7. the hint
def test_the_hint_says_no_search_marks_come_once_the_search_has_given_up(qtbot, heaps, monkeypatch):
    """Misère Kayles '3 35 6 7' still said '… the search's marks come when it is done' after
    the search had given up."""
    from whistgui.ui.heaps import jobs

    monkeypatch.setattr(jobs, "MAX_WORK", 20_000)
    page = heaps.page
    heaps.session.change(HeapsDocument.new("misere-octal:0.77", "3 35 6 7"), "big")
    qtbot.waitUntil(heaps.ready, timeout=30000)
    qtbot.waitUntil(lambda: "computing" not in page.panel.theory_line.text(), timeout=30000)
    qtbot.waitUntil(lambda: bool(page.board.marks), timeout=30000)  # the quotient's marks
    assert "gave up" in page.panel.search_line.text()
    words = [*page.board.notes, *(m.tip for m in page.board.marks.values())]
    tree = page.panel.tree
    words += [tree.topLevelItem(i).toolTip(1) for i in range(tree.topLevelItemCount())]
    words.append(tree.headerItem().toolTip(1))
    assert not [w for w in words if "come" in w], words
    assert any("stopped without its marks" in w for w in words)


# --------------------------------------------------------------------------- 8. small
def test_comply_constrain_s_sum_is_said_once(qtbot, heaps):
    """'Sum: (*0, 2) — (*0, 2): …'."""
    set_doc(qtbot, heaps, HeapsDocument.new("comply-constrain-nim:3", "1 2 3"))
    panel = heaps.page.panel
    total = panel._theory.total
    line = next(t for t in panel.elements_text.text().split("\n") if t.startswith("Sum: "))
    assert line.count(total) == 1, line


def test_played_keeps_the_set_up_in_the_user_s_order_after_a_split(qtbot, heaps):
    """After '7 → 3 + 2' in '7 4', Played said 'Set up: 4 7'."""
    doc = HeapsDocument.new("misere-octal:0.77", "7 4")
    split = next(m for m in doc.moves_to(0, 3) if len(doc.rules.components(m.position)) == 3)
    set_doc(qtbot, heaps, doc.play(split, stack=0))
    heaps.page.cancel_search()
    assert heaps.page.panel.history.item(0).text() == "Set up: 7 4"


def test_a_long_representatives_cell_is_elided_with_the_whole_in_its_tooltip(qtbot, heaps):
    """'(92 of the positions …' was cut: one line a row, elided, its tooltip the whole."""
    page = heaps.page
    page.tabs.setCurrentWidget(page.explorer)
    ex = page.explorer
    heaps.session.change(HeapsDocument.new("nim", "3 5"), "test")
    qtbot.waitUntil(lambda: ex.q is not None and ex.q.game == "nim", timeout=30000)
    assert not ex.classes.wordWrap()
    assert ex.classes.textElideMode() == Qt.TextElideMode.ElideRight
    long = [ex.classes.item(r, 3) for r in range(ex.classes.rowCount())]
    assert all(item.toolTip() == item.text() for item in long)


def test_an_impartial_game_s_end_names_no_side(qtbot, heaps):
    """Misère nim '1' played out said 'Game over: Right wins'."""
    doc = HeapsDocument.new("misere-nim", "1")
    set_doc(qtbot, heaps, doc.play(doc.legal_moves().moves[0]))
    turn = heaps.page.panel.turn.text()
    assert turn == "Game over: the last to move loses"
