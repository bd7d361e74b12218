"""A window that fits (issue 24, 5): it opens at a size proportional to the screen, its minimum
never passes the screen's available geometry — for every workspace, with every dock open, at
1280 × 800 and at 1920 × 1080 — no two visible widgets overlap, and closing a dock gives its room
back. Before: at 1280 × 800, Examples ▸ (1) then Ctrl+I made the minimum 960 × 847 (the status
bar below the screen), a visit to bridge raised every page's minimum width from 960 to 1120, and
at 1920 × 1080 the window still opened at 1280 × 720."""

from __future__ import annotations

import itertools
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from PySide6.QtCore import QEvent, QSize
from PySide6.QtWidgets import QApplication, QWidget

from tests.ui.workspaces import bridge, trick
from whistgui.ui.host import fit
from whistgui.ui.workspace import WORKSPACES, workspace_class

SIZES = [(1280, 800), (1920, 1080)]
HOSTED = [e.name for e in WORKSPACES if workspace_class(e).hosted]


def settle(qtbot) -> None:  # type: ignore[no-untyped-def]
    """Layouts done, widgets deleted later gone."""
    for _ in range(5):
        QApplication.processEvents()
        QApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    qtbot.wait(20)


def minimum(window: QWidget) -> QSize:
    return window.minimumSize().expandedTo(window.minimumSizeHint())


def fits(size: QSize, room: tuple[int, int]) -> bool:
    """``size`` and the window manager's frame within ``room``."""
    return size.width() + fit.FRAME.width() <= room[0] and (
        size.height() + fit.FRAME.height() <= room[1]
    )


def overlaps(window: QWidget) -> list[str]:
    """Pairs of visible siblings whose geometries meet (a tab behind another, which Qt calls
    visible though nothing of it shows, aside)."""
    found = []
    for parent in [window, *window.findChildren(QWidget)]:
        if not parent.isVisible():
            continue
        kids = [
            c
            for c in parent.children()
            if isinstance(c, QWidget)
            and c.isVisible()
            and not c.isWindow()
            and not c.geometry().isEmpty()
            and not c.visibleRegion().isEmpty()
        ]
        for a, b in itertools.combinations(kids, 2):
            if a.geometry().intersects(b.geometry()):
                found.append(
                    f"in {type(parent).__name__} {parent.objectName()!r}: "
                    f"{type(a).__name__} {a.objectName()!r} {a.geometry().getRect()} and "
                    f"{type(b).__name__} {b.objectName()!r} {b.geometry().getRect()}"
                )
    return found


def open_every_dock(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    """Every dock of the workspace shown, with something tall in it where it can have it: the
    inspector on an 8-card suit, the play panel following (1)."""
    ws = window.current
    if ws.name == "trick":
        with qtbot.waitSignal(ws.analysisShown, timeout=30000):
            ws.open_example(1)
        with qtbot.waitSignal(ws.play_panel.ready, timeout=30000):
            ws.play_deal()
        window.show_workspace("lab").open_suit("WE" * 8)
        window.workspace("lab").widget().close()
    if ws.name == "heaps":  # many tall heaps, a game with a flag: every line of the panel
        from whistgui.app.heaps import HeapsDocument

        ws.session.change(HeapsDocument.new("comply-constrain-nim:3", "9 " * 30), "tall")
    for dock in ws.docks():
        dock.show()
    settle(qtbot)


@pytest.mark.parametrize("room", SIZES, indirect=True, ids=["1280x800", "1920x1080"])
@pytest.mark.parametrize("name", HOSTED)
def test_every_workspace_with_every_dock_fits_the_screen(qtbot, window, room, name):
    opened = window.size()
    assert opened == fit.opening_size(QSize(*room))
    window.show_workspace(name)
    settle(qtbot)
    bare = minimum(window)
    assert fits(bare, room), bare
    assert not overlaps(window)
    open_every_dock(qtbot, window)
    assert [d.isVisible() for d in window.current.docks()] == [True] * len(window.current.docks())
    assert window.size() == opened  # a dock takes its room from the page, not the screen
    assert fits(minimum(window), room), minimum(window)
    assert not overlaps(window), "\n".join(overlaps(window))
    for dock in window.current.docks():
        dock.hide()
    settle(qtbot)
    assert minimum(window) == bare  # closing the docks gives their room back
    assert window.size() == opened


@pytest.mark.parametrize("room", SIZES, indirect=True, ids=["1280x800", "1920x1080"])
def test_a_page_visited_once_no_longer_widens_the_others(qtbot, window, room):
    settle(qtbot)
    before = minimum(window)
    for name in HOSTED:
        window.show_workspace(name)
        settle(qtbot)
    window.set_game("whist")
    settle(qtbot)
    assert minimum(window) == before


@pytest.mark.parametrize(
    ("room", "share"), [((1280, 800), 1.15), ((1920, 1080), 1.4)], indirect=["room"]
)
def test_a_dock_leaves_the_table_its_room(qtbot, window, room, share):
    """At 1920 × 1080 a dock squeezed the table to stamp-sized cards (its minimum height, 300
    px): a dock's first showing leaves the page the height it asks for where the window has it,
    and takes at least a third of the window."""
    t = trick(window)
    t.act_inspector.trigger()
    settle(qtbot)
    assert t.inspector_dock.isVisible()
    assert t.table.height() >= share * t.table.minimumSizeHint().height()
    page = window.pages.currentWidget()
    assert page.height() >= page.minimumSizeHint().height()
    assert t.inspector_dock.height() >= window.height() // 3


@pytest.mark.parametrize("room", SIZES, indirect=True, ids=["1280x800", "1920x1080"])
def test_a_refusal_line_does_not_push_the_bridge_table_off_the_page(qtbot, window, room):
    """Seen under Xvfb at 1280 × 800: a refused deal's line (a word-wrapped label) made the
    bridge page as tall as it would like to be (765 px in a 644 px room) and scroll, South's
    hand below the window, though its minimum (585 px) fitted. A page fills its room and
    scrolls only below its minimum."""
    window.set_game("bridge")
    page = bridge(window).page
    qtbot.waitUntil(page.ready, timeout=60000)
    page.deal_edit.setText("not a deal")
    page.deal_edit.returnPressed.emit()
    settle(qtbot)
    assert page.deal_error.isVisible()
    scroll = window.pages.currentWidget()
    assert page.minimumSizeHint().height() <= scroll.viewport().height()
    assert not scroll.verticalScrollBar().isVisible()
    table = page.table
    bottom = table.mapTo(scroll.viewport(), table.rect().bottomLeft()).y()
    assert bottom < scroll.viewport().height()  # South's hand on the screen


_OPEN = """
import json, sys
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QApplication
app = QApplication([])
from whistgui.ui.main_window import MainWindow
out, settings, *resize = sys.argv[1:]
w = MainWindow(settings=QSettings(settings, QSettings.Format.IniFormat))
w.show()
app.processEvents()
if resize:
    w.resize(*map(int, resize))
    app.processEvents()
room = app.primaryScreen().availableGeometry()
with open(out, "w") as f:
    json.dump({"room": [room.width(), room.height()], "size": [w.width(), w.height()]}, f)
w.close()
"""


def open_on_screen(tmp_path: Path, width: int, height: int, *resize: int) -> dict[str, list[int]]:
    """Open the window (and resize it, and close it) in a fresh interpreter whose offscreen
    platform has one screen of ``width`` × ``height`` (its ``configfile`` option): the window
    reads the screen's available geometry itself, nothing patched. The settings persist in
    ``tmp_path`` from one call to the next."""
    config = tmp_path / f"screen-{width}x{height}.json"
    screen = {"name": "s", "x": 0, "y": 0, "width": width, "height": height}
    screen |= {"logicalDpi": 96, "logicalBaseDpi": 96, "dpr": 1}
    config.write_text(json.dumps({"screens": [screen]}))
    out = tmp_path / "size.json"
    env = {**os.environ, "QT_QPA_PLATFORM": f"offscreen:configfile={config}"}
    res = subprocess.run(
        [sys.executable, "-c", _OPEN, str(out), str(tmp_path / "settings.ini"), *map(str, resize)],
        capture_output=True,
        text=True,
        timeout=120,
        env=env,
        check=False,
    )
    assert res.returncode == 0, res.stderr
    return json.loads(out.read_text())  # type: ignore[no-any-return]


@pytest.mark.parametrize(("width", "height"), SIZES)
def test_on_a_real_screen_the_window_opens_in_proportion(tmp_path: Path, width, height):
    shown = open_on_screen(tmp_path, width, height)
    assert shown["room"] == [width, height]
    assert shown["size"] == list(fit.opening_size(QSize(width, height)).toTuple())
    assert shown["size"][0] + fit.FRAME.width() <= width
    assert shown["size"][1] + fit.FRAME.height() <= height


def test_a_size_saved_on_a_larger_screen_is_cut_to_the_smaller(tmp_path: Path):
    """Closed on a larger screen, opened again on 1280 × 800: the size comes back no larger
    than the screen has room for. (From a screen over 25 % wider Qt restores nothing, and the
    window opens at its proportional size.)"""
    assert open_on_screen(tmp_path, 1440, 900, 1420, 860)["size"] == [1420, 860]
    again = open_on_screen(tmp_path, 1280, 800)["size"]
    assert again == list(fit.usable(QSize(1280, 800)).toTuple())  # 1264 × 760
    assert open_on_screen(tmp_path, 1920, 1080, 1800, 1000)["size"] == [1800, 1000]
    assert open_on_screen(tmp_path, 1280, 800)["size"] == [1264, 720]
    assert open_on_screen(tmp_path, 1280, 800, 1000, 620)["size"] == [1000, 620]
    assert open_on_screen(tmp_path, 1280, 800)["size"] == [1000, 620]  # a size that fits stays


@pytest.mark.parametrize("room", [(1920, 1080)], indirect=True, ids=["1920x1080"])
def test_the_play_dock_keeps_a_fair_share_when_the_window_is_maximised(qtbot, window, room):
    """Maximised at 1920 × 1080 the Optimal play dock stayed about 260 px tall, one suit row,
    while the table had room to spare."""
    t = trick(window)
    with qtbot.waitSignal(t.analysisShown, timeout=30000):
        t.open_example(1)
    with qtbot.waitSignal(t.play_panel.ready, timeout=30000):
        t.play_deal()
    settle(qtbot)
    window.resize(*room)  # maximised after the dock was first shown
    settle(qtbot)
    assert t.play_dock.isVisible()
    assert t.play_dock.height() >= window.height() // 3, (t.play_dock.height(), window.height())


@pytest.mark.parametrize("room", [(1920, 1080)], indirect=True, ids=["1920x1080"])
def test_a_dock_the_user_has_sized_keeps_its_height_when_the_window_grows(qtbot, window, room):
    """The first showing's share follows the window only until the user moves the dock."""
    from PySide6.QtCore import Qt

    t = trick(window)
    with qtbot.waitSignal(t.analysisShown, timeout=30000):
        t.open_example(1)
    with qtbot.waitSignal(t.play_panel.ready, timeout=30000):
        t.play_deal()
    settle(qtbot)
    chosen = t.play_dock.height() + 60
    window.resizeDocks([t.play_dock], [chosen], Qt.Orientation.Vertical)  # as a drag would
    settle(qtbot)
    chosen = t.play_dock.height()
    window.resize(window.width(), window.height() + 120)
    settle(qtbot)
    assert t.play_dock.height() == chosen


# -- the Optimal play dock at 1280 × 800 ---------------------------------------------------------
def shown_list(t) -> tuple[int, list[int]]:  # type: ignore[no-untyped-def]
    """The card list's height on the screen (inside the list and inside the dock's scroll
    area) and the heights of the rows wholly in it."""
    from PySide6.QtCore import QRect

    cards = t.play_panel.cards
    seen = t.play_dock.widget().viewport()
    corner = cards.viewport().mapTo(seen, cards.viewport().rect().topLeft())
    on_screen = QRect(corner, cards.viewport().size()).intersected(seen.rect())
    on_screen.translate(-corner)
    rows = [cards.visualItemRect(item) for item in cards.rows()]
    return on_screen.height(), [r.height() for r in rows if on_screen.contains(r)]


@pytest.mark.parametrize("room", [(1280, 800)], indirect=True, ids=["1280x800"])
@pytest.mark.parametrize(("example", "least"), [(27, 5), (25, 7)])
def test_the_docked_play_panel_shows_its_card_list(qtbot, window, room, example, least):
    """At 1280 × 800 the dock had 240 px (the table page kept its minimum, 344 px) and the panel
    inside it scrolled: 140-154 px of the card list in sight, three rows of (27)'s first
    turn, three of (25)'s seven. The dock takes 60 % of the window, the page above scrolling
    in the rest, and the panel fills the dock: five rows of (27) (their reasons three lines
    each), all of (25)'s, some 18 lines of text; the reasons' column wider than the panel's
    half. The inspector raised in the docks' other tab keeps that height (its own first
    showing shrank the two to 240 px, the panel then scrolling again)."""
    t = trick(window)
    with qtbot.waitSignal(t.analysisShown, timeout=30000):
        t.open_example(example)
    with qtbot.waitSignal(t.play_panel.ready, timeout=60000):
        t.play_deal()
    settle(qtbot)
    height, rows = shown_list(t)
    lines = height / t.play_panel.cards.fontMetrics().lineSpacing()
    assert lines >= 16, (height, lines)
    assert len(rows) >= least, rows
    assert t.play_dock.height() >= 0.55 * window.height()
    assert not t.play_dock.widget().verticalScrollBar().isVisible()  # the panel fits the dock
    why = t.play_panel.cards.header().sectionSize(3)
    assert why >= 55 * t.play_panel.cards.fontMetrics().averageCharWidth(), why
    assert fits(minimum(window), room)  # the page scrolls: the window still fits
    # the inspector raised in its tab and the panel raised again: it still has the room
    t.inspect_suit(0)
    settle(qtbot)
    t.play_dock.raise_()
    settle(qtbot)
    assert not t.play_dock.widget().verticalScrollBar().isVisible()
    assert shown_list(t)[0] >= 16 * t.play_panel.cards.fontMetrics().lineSpacing()
    t.play_dock.hide()
    settle(qtbot)
    assert window.pages.minimumSizeHint().height() > window.height() * 0.25  # its room back


@pytest.mark.parametrize("room", [(1280, 800)], indirect=True, ids=["1280x800"])
def test_a_floated_play_panel_leaves_the_inspector_in_sight(qtbot, window, room):
    """Floated, the panel opened where it was docked, over the inspector (the two share the
    bottom as tabs): it goes beside the docks left in the window, within the screen, at
    least its minimum size."""
    from PySide6.QtCore import QRect

    t = trick(window)
    with qtbot.waitSignal(t.analysisShown, timeout=30000):
        t.open_example(15)
    with qtbot.waitSignal(t.play_panel.ready, timeout=60000):
        t.play_deal()
    t.inspect_suit(0)
    t.play_dock.show()
    t.play_dock.raise_()
    settle(qtbot)
    t.play_dock.setFloating(True)
    settle(qtbot)
    assert t.play_dock.isFloating()
    inspector = t.inspector_dock
    assert inspector.isVisible()
    assert not inspector.visibleRegion().isEmpty()
    seen = QRect(inspector.mapToGlobal(inspector.rect().topLeft()), inspector.size())
    placed = t.play_dock.frameGeometry()
    assert not placed.intersects(seen), (placed, seen)
    assert QRect(0, 0, *room).contains(placed)
    panel = t.play_panel
    assert t.play_dock.width() >= panel.minimumSizeHint().width()
    assert t.play_dock.height() >= panel.minimumSizeHint().height()
    t.play_dock.setFloating(False)  # docked again: its share again, the panel whole in it
    settle(qtbot)
    t.play_dock.raise_()
    settle(qtbot)
    assert not t.play_dock.widget().verticalScrollBar().isVisible()
    assert t.play_dock.height() >= panel.minimumSizeHint().height()


def test_a_floated_panel_is_placed_beside_what_it_must_not_cover() -> None:
    from PySide6.QtCore import QRect

    screen = QRect(0, 0, 1280, 800)
    least, want = QSize(700, 330), QSize(1250, 560)
    bottom = QRect(8, 500, 1264, 260)  # the inspector docked under the page
    above = fit.float_place(screen, bottom, want, least)
    assert not above.intersects(bottom)
    assert above.bottom() < bottom.top()
    assert above.height() >= least.height()
    right = QRect(0, 0, 400, 800)  # something tall at the left: the panel to its right
    beside = fit.float_place(screen, right, want, least)
    assert beside.left() > right.right()
    assert screen.contains(beside)
    everywhere = QRect(0, 0, 1280, 800)  # no room beside: the whole screen
    assert screen.contains(fit.float_place(screen, everywhere, want, least))
    alone = fit.float_place(screen, None, QSize(600, 400), least)
    assert alone.size() == QSize(600, 400)
    assert abs(alone.center().x() - screen.center().x()) <= 1  # in the middle of the screen


@pytest.mark.parametrize("room", SIZES, indirect=True, ids=["1280x800", "1920x1080"])
def test_the_keyboard_shortcuts_fit_the_screen(qtbot, window, room):
    """F1 was a message box as tall as its list: 500 × 1384 px on a 1280 × 800 screen, the
    Bridge, GOPS and Single Suits keys and its OK button below the screen, no scroll bar
    (issue 25's review, F5). The dialog fits; the list scrolls inside it, every row of it
    reachable; OK in sight."""
    window.act_keys.trigger()
    dialog = window.findChild(QWidget, "keysDialog")
    assert dialog is not None, "no keys dialog shown"
    qtbot.waitUntil(dialog.isVisible, timeout=2000)
    settle(qtbot)
    assert fits(dialog.size(), room), dialog.size()
    assert fits(minimum(dialog), room), minimum(dialog)
    ok = dialog.buttons.button(dialog.buttons.StandardButton.Ok)
    assert ok.isVisible()
    assert dialog.rect().contains(ok.geometry().translated(dialog.buttons.pos()))
    text = dialog.text
    bar = text.verticalScrollBar()
    document = text.document().size().height()
    assert document <= text.viewport().height() + bar.maximum() + 1  # all of it reachable
    assert "Single Suits" in text.toPlainText()
    if room == (1280, 800):
        assert bar.maximum() > 0  # taller than the room: it scrolls
        assert bar.isVisible()
    else:
        assert dialog.height() > 600  # where the screen has room, more of the list in sight
