"""Headless figures: draw a deal's table and analysis to PNG or SVG with no screen.

Used by ``whist render``; the analysis is computed directly (no worker: nothing to keep
responsive), then the same widgets the window shows are rendered offscreen.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from whistgui.app.document import Document
from whistgui.engine import Deal, Evaluator, Player, Solver, SuitDeal

if TYPE_CHECKING:
    from PySide6.QtWidgets import QWidget

FIGURE_SIZE = (1240, 640)


def _application() -> object:
    """The running QApplication, or a new one on the offscreen platform."""
    from PySide6.QtWidgets import QApplication

    app = QApplication.instance()
    if app is None:
        os.environ["QT_QPA_PLATFORM"] = "offscreen"
        quiet_offscreen_warnings()
        app = QApplication(["whist"])
        from whistgui.ui.export import use_figure_font

        use_figure_font(app)
    return app


def quiet_offscreen_warnings() -> None:
    """Drop the offscreen platform's harmless "does not support propagateSizeHints()" notes,
    which would otherwise clutter every headless run; other Qt messages still print."""
    from PySide6.QtCore import QtMsgType, qInstallMessageHandler

    def handler(kind: QtMsgType, _context: object, message: str) -> None:
        if "propagateSizeHints" in message:
            return
        print(message, file=sys.stderr)

    qInstallMessageHandler(handler)


def render_deal(
    deal: Deal,
    out: str | os.PathLike[str],
    *,
    scale: float = 2.0,
    lead: Player = Player.WEST,
    size: tuple[int, int] = FIGURE_SIZE,
    game: str = "whist",
) -> Path:
    """Write the table and its analysis for ``deal`` in ``game`` to ``out`` (.png or .svg)."""
    _application()
    from PySide6.QtCore import Qt

    from whistgui.app.analysis import analyse
    from whistgui.ui.analysis import AnalysisPanel
    from whistgui.ui.export import save_figure
    from whistgui.ui.main_window import FigureView
    from whistgui.ui.table import CardTable

    doc = Document.from_deal(deal, lead=lead, game=game)
    table = CardTable()
    table.show_hint = False
    panel = AnalysisPanel()
    panel.set_figure_mode(True)
    figure = FigureView(table, panel)
    figure.setAttribute(Qt.WidgetAttribute.WA_DontShowOnScreen, True)
    table.set_document(doc)
    figure.resize(*size)
    figure.show()  # lay out first, so the analysis table can size its rows to their text
    panel.show_result(analyse(doc, Evaluator(), Solver(), max_suit=None))
    from PySide6.QtWidgets import QApplication

    QApplication.processEvents()  # let the layouts settle around the filled table
    try:
        return save_figure(figure, out, scale)
    finally:
        figure.close()
        figure.deleteLater()


INSPECTOR_SIZE = (1400, 860)
PLAY_SIZE = (1300, 720)


def _render_offscreen(
    make: Callable[[], QWidget],
    fill: Callable[[Any], None],
    out: str | os.PathLike[str],
    scale: float,
    size: tuple[int, int],
) -> Path:
    """Make a widget, lay it out offscreen at ``size``, ``fill`` it, and save it to ``out``.
    The widget's ``shutdown()`` (its worker threads) runs whatever happens."""
    _application()
    from PySide6.QtCore import Qt
    from PySide6.QtWidgets import QApplication

    from whistgui.ui.export import save_figure

    widget = make()
    widget.setAttribute(Qt.WidgetAttribute.WA_DontShowOnScreen, True)
    widget.resize(*size)
    widget.show()
    try:
        fill(widget)
        QApplication.processEvents()
        return save_figure(widget, out, scale)
    finally:
        widget.shutdown()  # type: ignore[attr-defined]
        widget.close()
        widget.deleteLater()


def render_inspector(
    suit: SuitDeal,
    out: str | os.PathLike[str],
    *,
    scale: float = 2.0,
    size: tuple[int, int] = INSPECTOR_SIZE,
    game: str = "whist",
) -> Path:
    """Write the game-tree inspector opened on ``suit`` in ``game`` to ``out`` (.png or
    .svg)."""
    from whistgui.ui.inspector import Inspector

    def fill(inspector: Inspector) -> None:
        inspector.set_figure_mode(True)
        inspector.set_game(game)
        inspector.open_suit_now(suit)
        inspector.check_now()

    return _render_offscreen(Inspector, fill, out, scale, size)


def render_play(
    deal: Deal,
    out: str | os.PathLike[str],
    *,
    lead: Player = Player.WEST,
    cards: int = 0,
    scale: float = 2.0,
    size: tuple[int, int] = PLAY_SIZE,
    game: str = "whist",
) -> Path:
    """Write the optimal-play panel after ``cards`` cards of optimal play in ``game`` to
    ``out``."""
    from whistgui.ui.play_panel import PlayPanel

    def fill(panel: PlayPanel) -> None:
        panel.set_figure_mode(True)
        panel.set_deal_now(deal, lead, game)
        for _ in range(cards):
            panel.next_card()

    return _render_offscreen(PlayPanel, fill, out, scale, size)
