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
