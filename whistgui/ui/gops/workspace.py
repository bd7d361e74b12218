"""The GOPS workspace, as the main window hosts it: the explorer of GOPS's matrix games
(:class:`~whistgui.ui.gops.explorer.GopsExplorer`), ``.gops`` files of solved games, the
figures of the bidding state shown. It walks back and forth instead of undoing. This module is
what the host reads before the workspace is made: it imports nothing of GOPS (the explorer, the
engine, HiGHS come when the workspace is made)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, ClassVar, Final

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import QTabWidget, QVBoxLayout, QWidget

from whistgui.engine.errors import WhistError
from whistgui.ui.workspace import Choice, FileType, Services, Workspace

if TYPE_CHECKING:  # imported when the workspace is made: the window opens without GOPS
    from whistgui.ui.widgets.figure_dialog import FigureSource

#: :data:`whistgui.ui.gops.session.FILE_SUFFIX`, written here so that the host can build Open's
#: filter without importing GOPS (tests/ui/test_startup.py checks that they agree).
FILE_SUFFIX: Final = ".gops"

__all__ = ["GopsWorkspace"]


class GopsWorkspace(Workspace):
    """The GOPS game of the session, solved and explored."""

    name: ClassVar[str] = "gops"
    title: ClassVar[str] = "GOPS"
    file_types: ClassVar[tuple[FileType, ...]] = (FileType(FILE_SUFFIX, "Solved GOPS games"),)
    can_save: ClassVar[bool] = True
    keys_html: ClassVar[str] = """<tr><td colspan=2><b>GOPS</b> (Game ▸ GOPS)</td></tr>
<tr><td>Alt+N</td><td>N, the cards in each suit</td></tr>
<tr><td>Alt+S, Ctrl+Return</td><td>solve the game</td></tr>
<tr><td>Esc, Ctrl+.</td><td>stop solving (nothing is kept)</td></tr>
<tr><td>Alt+O, Alt+A</td><td>open, save a solved game (.gops)</td></tr>
<tr><td>1–8 (or click a prize)</td><td>turn that prize</td></tr>
<tr><td>Click a cell of the matrix</td><td>the bids: go to the state they lead to</td></tr>
<tr><td>Alt+Left (Backspace), Alt+Right</td><td>back, forward along the path</td></tr>
<tr><td>Alt+X; Alt+T</td><td>compute the exact value; the state's text form</td></tr>
<tr><td>Ctrl+1, Ctrl+2, Ctrl+3</td><td>the Explorer, Strategies, Matrix Game pages</td></tr>
<tr><td>Alt+B</td><td>Explorer: the bids of a strategy chosen, in the state shown</td></tr>
<tr><td>Alt+P; Alt+R, Alt+Y</td><td>Strategies: play A against B; best reply to A, B</td></tr>
<tr><td>Alt+T, Alt+N</td><td>Strategies: the tournament's strategies; play it</td></tr>
<tr><td>Esc</td><td>Strategies: stop the computation</td></tr>
<tr><td>Alt+M; Alt+I, Ctrl+Return</td><td>Matrix Game: the matrix (Ctrl+Z: undo); solve</td></tr>"""

    def __init__(self, services: Services) -> None:
        from whistgui.ui.gops.explorer import GopsExplorer
        from whistgui.ui.gops.session import GopsSession

        super().__init__(services)
        self.session = GopsSession(parent=self)
        self.explorer = GopsExplorer(self.session, services.engine)
        self.explorer.message.connect(lambda text: self.message.emit(text, 8000))
        self.session.fileChanged.connect(self.titleChanged)
        self.session.rulesChanged.connect(self.titleChanged)
        self.session.opened.connect(self.fileUsed)
        self._make_pages(services)

    def _make_pages(self, services: Services) -> None:
        """The explorer, the Strategies page, the Matrix Game page: tabs (Ctrl+1, 2, 3)."""
        from whistgui.ui.gops.bid_preview import BidPreview
        from whistgui.ui.gops.matrix_page import MatrixPage
        from whistgui.ui.gops.strategy_page import StrategyPage

        self.strategies = StrategyPage(self.session, services.engine)
        self.strategies.message.connect(lambda text: self.message.emit(text, 8000))
        self.strategies.showTurn.connect(self.show_turn)
        self.matrix_game = MatrixPage(services.engine)
        self.matrix_game.message.connect(lambda text: self.message.emit(text, 8000))
        page = self.strategies
        self.preview = BidPreview(
            self.session, lambda: (page.a_picker.choice(), page.b_picker.choice())
        )
        self.preview.bidsChanged.connect(self.explorer.matrix.set_marks)
        self.preview.refresh()
        page.a_picker.changed.connect(self.preview.refresh)
        page.b_picker.changed.connect(self.preview.refresh)
        side = self.explorer.side
        column = side.layout()
        assert isinstance(column, QVBoxLayout)
        column.insertWidget(column.indexOf(side.b_bars) + 1, self.preview)
        self.tabs = QTabWidget()
        self.tabs.setObjectName("gopsTabs")
        self.tabs.setDocumentMode(True)
        self.tabs.addTab(self.explorer, "Explorer")
        self.tabs.addTab(self.strategies, "Strategies")
        self.tabs.addTab(self.matrix_game, "Matrix Game")
        for k in range(self.tabs.count()):
            self.tabs.setTabToolTip(k, f"Ctrl+{k + 1}")
            sc = QShortcut(QKeySequence(f"Ctrl+{k + 1}"), self.tabs)
            # the whole window while the tabs are shown: a page's focus may be lost (Stop
            # disabled under it, a page hidden), and the keys must still switch (review 30, F7)
            sc.setContext(Qt.ShortcutContext.WindowShortcut)
            sc.activated.connect(lambda k=k: self.tabs.setCurrentIndex(k))

    def show_turn(self, state: object, shown: int, rounds: object = None) -> None:
        """Walk the explorer from the start to ``state`` (a bidding state whose prize just
        turned is ``shown``) by ``rounds`` (``(prize, A's bid, B's bid)``, found on the engine
        service by the Strategies page; None: found here) and show it."""
        from whistgui.app.gops_strategies import path_to
        from whistgui.engine.gops import GopsState

        assert isinstance(state, GopsState)
        if rounds is None:
            try:
                rounds = path_to(state, shown, self.session.rules)
            except WhistError as exc:
                self.message.emit(str(exc), 8000)
                return
        assert isinstance(rounds, list)
        self.session.to_start()
        for prize, i, j in rounds:
            self.session.turn(prize)
            self.session.bid(i, j)
        self.session.turn(shown)
        self.tabs.setCurrentWidget(self.explorer)
        self.explorer.setFocus()

    @classmethod
    def choices(cls) -> tuple[Choice, ...]:
        return (
            Choice(
                "gops",
                "GOPS (pure strategy)",
                "G&OPS (pure strategy)",
                "GOPS, the game of pure strategy: bids for prizes, solved as recursive matrix "
                "games",
                "GOPS: the matrix games of bids, solved exactly, to explore",
            ),
        )

    def widget(self) -> QWidget:
        return self.tabs

    def open(self, path: Path) -> None:
        self.session.open(path)  # the explorer says what was opened (its opened signal)

    def save(self, *, ask: bool = False) -> bool:
        """Save (always asking where: a game is saved on the engine, with its solver)."""
        return self.explorer.save_dialog() is not None

    def window_title(self) -> str:
        path = self.session.file_path
        return f"{path.name if path else 'GOPS'} — {self.session.rules.describe()} — whistgui"

    def figure_source(self) -> FigureSource:
        if self.tabs.currentWidget() is self.strategies:
            tournament = self.strategies.figure_source()
            if tournament is None:
                raise WhistError(
                    "No figure here: the Strategies page's figure is its tournament; play one "
                    "(Alt+N) for the game now explored"
                )
            return tournament
        source = self.explorer.figure_source()
        if source is None:
            raise WhistError(
                "No figure here: figures are of a matrix game of bids; turn a prize and wait for "
                "its matrix"
            )
        return source

    def ready(self) -> bool:
        return self.explorer.ready()

    def shown(self) -> None:
        self.tabs.currentWidget().setFocus()

    def shutdown(self) -> None:
        self.explorer.shutdown()
        self.strategies.stop()
