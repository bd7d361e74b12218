"""The main window: notation field, card table, live analysis, menus, files and figures."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Final

from PySide6.QtCore import QEvent, QSettings, Qt, QTimer, Signal
from PySide6.QtGui import (
    QAction,
    QActionGroup,
    QCloseEvent,
    QContextMenuEvent,
    QDragEnterEvent,
    QDropEvent,
    QKeyEvent,
    QKeySequence,
    QUndoGroup,
)
from PySide6.QtWidgets import (
    QApplication,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QDockWidget,
    QFileDialog,
    QFormLayout,
    QFrame,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QMainWindow,
    QMenu,
    QMessageBox,
    QPlainTextEdit,
    QPushButton,
    QScrollArea,
    QSpinBox,
    QSplitter,
    QStackedWidget,
    QToolBar,
    QVBoxLayout,
    QWidget,
)

from whistgui import __version__
from whistgui.app.analysis import game_label
from whistgui.app.bridge import PBN_SUFFIX, BridgeDocument
from whistgui.app.document import FILE_SUFFIX, Document, DocumentError, SuitDeck, random_document
from whistgui.app.examples import load_examples
from whistgui.engine import Deal, Player, WhistError
from whistgui.engine.games import GAMES, find_game
from whistgui.figures import FigureError, FigureOptions, build_figure, write
from whistgui.figures.text import ensure_app
from whistgui.ui.bridge.session import BridgeSession
from whistgui.ui.engine_service import EngineService, JobStatus
from whistgui.ui.gops.session import FILE_SUFFIX as GOPS_SUFFIX
from whistgui.ui.session import Session
from whistgui.ui.theme import THEMES, apply_theme, text_role
from whistgui.ui.trick.analysis import AnalysisPanel
from whistgui.ui.trick.inspector import Inspector
from whistgui.ui.trick.play_panel import PlayPanel
from whistgui.ui.trick.table import CardTable
from whistgui.ui.widgets.cardart import suit_symbol
from whistgui.ui.widgets.figure_dialog import (
    FigureDialog,
    FigureSource,
    copy_figure_image,
    copy_figure_svg,
)
from whistgui.ui.widgets.messages import for_display

MAX_RECENT = 8
_FILTER = (
    f"Deals and games (*{FILE_SUFFIX} *{PBN_SUFFIX} *{GOPS_SUFFIX});;"
    f"whist deals (*{FILE_SUFFIX});;Bridge boards, PBN (*{PBN_SUFFIX});;"
    f"Solved GOPS games (*{GOPS_SUFFIX});;All files (*)"
)
_PBN_FILTER = f"Bridge boards, PBN (*{PBN_SUFFIX});;All files (*)"

#: The paper's numbers that are formulas, not deals: the Examples menu says so in their place.
FORMULA_NUMBERS: Final = (20, 21, 22)
FORMULAS_TEXT: Final = "(20)–(22) are formulas in the paper, not deals"
FORMULAS_NOTE: Final = (
    "(20) [A, K] ≥ 0 and (21) the order of the two-card suits are inequalities between "
    "values, and (22) is the minmax of a family of deals: there is no deal to open."
)


def _key_list(standard: QKeySequence.StandardKey, *extra: str) -> list[QKeySequence]:
    """The platform's keys for ``standard`` and ``extra``, each once."""
    keys = [*QKeySequence.keyBindings(standard), *(QKeySequence(k) for k in extra)]
    unique: dict[str, QKeySequence] = {}
    for k in keys:
        unique.setdefault(k.toString(), k)
    return list(unique.values())


def undo_keys() -> list[QKeySequence]:
    """Undo of the deal: the platform's keys and Ctrl+Z everywhere."""
    return _key_list(QKeySequence.StandardKey.Undo, "Ctrl+Z")


def redo_keys() -> list[QKeySequence]:
    """Redo of the deal: the platform's keys, Ctrl+Shift+Z and Ctrl+Y everywhere."""
    return _key_list(QKeySequence.StandardKey.Redo, "Ctrl+Shift+Z", "Ctrl+Y")


if TYPE_CHECKING:
    from whistgui.ui.bridge.workspace import BridgeWorkspace
    from whistgui.ui.gops.explorer import GopsExplorer
    from whistgui.ui.lab.window import SingleSuitsWindow

KEYS_HTML = """<table cellspacing=4>
<tr><td colspan=2><b>Card table</b></td></tr>
<tr><td>Arrows</td><td>walk the cards</td></tr>
<tr><td>Space</td><td>select or unselect the card</td></tr>
<tr><td>W / E / P (Delete)</td><td>send the selection to West / East / the pool</td></tr>
<tr><td>Ctrl+A, Esc</td><td>select all, select none</td></tr>
<tr><td>Double-click</td><td>a card to the other hand</td></tr>
<tr><td colspan=2><b>Window</b></td></tr>
<tr><td>Ctrl+L, Ctrl+T</td><td>the deal text, the table</td></tr>
<tr><td>Ctrl+Z, Ctrl+Shift+Z (Ctrl+Y)</td><td>undo, redo the deal (in the deal text too)</td></tr>
<tr><td>Esc in the deal text</td><td>back to the table's deal</td></tr>
<tr><td>Ctrl+N / O / S</td><td>new, open, save</td></tr>
<tr><td>Ctrl+R</td><td>random deal</td></tr>
<tr><td>Ctrl+G (Alt+G)</td><td>the game selector (Deal ▸ Game too)</td></tr>
<tr><td>Ctrl+E</td><td>export a figure (view, size, font, format; preview)</td></tr>
<tr><td>Ctrl+Shift+C, Ctrl+Alt+C</td><td>copy the deal's figure as an image, as SVG</td></tr>
<tr><td>Ctrl+I, Ctrl+Shift+I</td><td>game-tree inspector, play tree of the deal</td></tr>
<tr><td>Ctrl+P</td><td>optimal play of the deal</td></tr>
<tr><td>Ctrl+Shift+L</td><td>Single Suits: every suit of n cards a hand</td></tr>
<tr><td colspan=2><b>Bridge</b> (Game ▸ Bridge, or open a .pbn file)</td></tr>
<tr><td>Arrows, Space; N E S W P</td><td>walk, select; send cards to a hand, the pool</td></tr>
<tr><td>Click / Enter on a card</td><td>play it (the badges: its result; outlined: best)</td></tr>
<tr><td>B, Autoplay</td><td>play the best card; play on card by card</td></tr>
<tr><td>Alt+Left / Alt+Right, Home / End</td><td>back, forward a card; start, end</td></tr>
<tr><td>Page Up / Page Down</td><td>back, forward a trick</td></tr>
<tr><td colspan=2><b>Inspector</b></td></tr>
<tr><td>Enter / double-click</td><td>descend into a cell's reduction</td></tr>
<tr><td>Arrows in the tree</td><td>walk the reductions</td></tr>
<tr><td>Alt+Left, Alt+Up</td><td>back, up</td></tr>
<tr><td colspan=2><b>Optimal play</b></td></tr>
<tr><td>Right, Down</td><td>next card, next trick</td></tr>
<tr><td>Left, Home, End</td><td>back, to the start, to the end</td></tr>
<tr><td>Click / Enter on a card</td><td>play it yourself</td></tr>
</table>"""


def about_html() -> str:
    """The About box: version, the papers implemented, and the licences of what is bundled."""
    from PySide6 import __version__ as pyside_version

    try:
        from importlib.metadata import version

        pg_version = version("pyqtgraph")
    except Exception:  # pragma: no cover - metadata missing in odd installs
        pg_version = "?"
    return (
        f"<h3>whistgui {__version__}</h3>"
        "<p>Values, exact search and optimal play for two-person whist, implementing "
        "J. Wästlund, <i>Two-person symmetric whist</i>, Electronic Journal of "
        "Combinatorics 12 (2005) #R44, with the single-suit game of J. Wästlund, "
        "<i>A solution of two-person single-suit whist</i>, ibid. #R43.</p>"
        "<p>whistgui is free software under the MIT licence.</p>"
        "<p><b>Bundled:</b> Qt for Python / PySide6 "
        f"{pyside_version} and Qt 6 (LGPL v3); pyqtgraph {pg_version} (MIT); "
        "NumPy (BSD 3-clause); Python (PSF licence).</p>"
    )


def ok_cancel(dialog: QDialog) -> QDialogButtonBox:
    """OK and Cancel buttons that accept or reject ``dialog``."""
    buttons = QDialogButtonBox(
        QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel, dialog
    )
    buttons.accepted.connect(dialog.accept)
    buttons.rejected.connect(dialog.reject)
    return buttons


class DealEdit(QLineEdit):
    """The deal's line edit. Its undo and redo keys (and the Undo and Redo of its context
    menu) ask for the deal's undo and redo, never the edit's own text history, which would
    bring back text the table no longer shows; Esc asks to go back to the deal's text."""

    undoRequested = Signal()
    redoRequested = Signal()
    revertRequested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        #: The window's Undo and Redo actions, shown in the context menu instead of the
        #: edit's own.
        self.history_actions: tuple[QAction, QAction] | None = None

    def _request(self, event: QKeyEvent) -> Signal | None:
        if event.key() == Qt.Key.Key_Escape and not event.modifiers():
            return self.revertRequested
        combo = QKeySequence(event.keyCombination())
        if any(combo == k for k in undo_keys()):
            return self.undoRequested
        if any(combo == k for k in redo_keys()):
            return self.redoRequested
        return None

    def event(self, event: QEvent) -> bool:
        # Claim our keys before any window shortcut does, so that they reach keyPressEvent.
        if (
            event.type() == QEvent.Type.ShortcutOverride
            and isinstance(event, QKeyEvent)
            and self._request(event) is not None
        ):
            event.accept()
            return True
        return super().event(event)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        request = self._request(event)
        if request is None:
            super().keyPressEvent(event)
            return
        event.accept()
        request.emit()

    def context_menu(self) -> QMenu:
        """The edit's standard context menu, its Undo and Redo those of the deal."""
        menu = self.createStandardContextMenu()
        if self.history_actions is not None:
            undo, redo = self.history_actions
            for act in menu.actions():
                mine = {"edit-undo": undo, "edit-redo": redo}.get(act.objectName())
                if mine is not None:
                    menu.insertAction(act, mine)
                    menu.removeAction(act)
        return menu

    def contextMenuEvent(self, event: QContextMenuEvent) -> None:
        menu = self.context_menu()
        menu.exec(event.globalPos())
        menu.deleteLater()


class NotationField(QWidget):
    """The deal as text; typed or pasted text in either notation updates the table, bad text
    is marked with the engine's message and changes nothing."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        row = QHBoxLayout()
        label = QLabel("&Deal:", self)
        self.edit = DealEdit(self)
        self.edit.setObjectName("notation")
        self.edit.setPlaceholderText("e.g. AQ/KJ K/A  or  [A Q, K J] + [K, A]")
        self.edit.setClearButtonEnabled(True)
        label.setBuddy(self.edit)
        row.addWidget(label)
        row.addWidget(self.edit, 1)
        layout.addLayout(row)
        self.error = QLabel(self)
        self.error.setObjectName("notationError")
        text_role(self.error, "error")  # the theme's red, in any theme
        self.error.setWordWrap(True)
        self.error.hide()
        layout.addWidget(self.error)

    def set_error(self, message: str) -> None:
        """Mark the field with ``message`` (a long quoted word shortened, so that it cannot
        widen the window); an empty message clears the mark."""
        self.error.setText(for_display(message))
        self.error.setVisible(bool(message))
        self.edit.setStyleSheet("QLineEdit { border: 2px solid #c62828; }" if message else "")

    @property
    def has_error(self) -> bool:
        return not self.error.isHidden()


class FigureView(QWidget):
    """The table and the analysis side by side: what a figure shows."""

    def __init__(self, table: CardTable, analysis: AnalysisPanel, parent: QWidget | None = None):
        super().__init__(parent)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        self.splitter = QSplitter(Qt.Orientation.Horizontal, self)
        self.splitter.addWidget(table)
        # the analysis scrolls when docks leave it little height, rather than drawing its
        # sum over its suit table (issue 11, defect 4)
        self.analysis_scroll = QScrollArea(self)
        self.analysis_scroll.setObjectName("analysisScroll")
        self.analysis_scroll.setWidget(analysis)
        self.analysis_scroll.setWidgetResizable(True)
        self.analysis_scroll.setFrameShape(QFrame.Shape.NoFrame)
        self.analysis_scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.splitter.addWidget(self.analysis_scroll)
        self.splitter.setStretchFactor(0, 3)
        self.splitter.setStretchFactor(1, 2)
        self.splitter.setChildrenCollapsible(False)
        self.analysis_scroll.setMinimumWidth(380)
        self.splitter.setSizes([780, 460])
        layout.addWidget(self.splitter)


class RandomDealDialog(QDialog):
    """Number of suits, cards per suit per hand, seed."""

    def __init__(self, parent: QWidget | None = None, seed: int = 1) -> None:
        super().__init__(parent)
        self.setWindowTitle("Random deal")
        form = QFormLayout(self)
        self.suits = QSpinBox(self)
        self.suits.setRange(1, 8)
        self.suits.setValue(4)
        self.cards = QSpinBox(self)
        self.cards.setRange(1, 13)
        self.cards.setValue(3)
        self.cards.setToolTip("Up to 6 uses a standard 13-card suit; more uses numbered cards")
        self.seed = QSpinBox(self)
        self.seed.setRange(0, 2_000_000_000)
        self.seed.setValue(seed)
        reseed = QPushButton("New seed", self)
        reseed.clicked.connect(
            lambda: self.seed.setValue((self.seed.value() * 7919 + 1) % 1_000_003)
        )
        seed_row = QHBoxLayout()
        seed_row.addWidget(self.seed, 1)
        seed_row.addWidget(reseed)
        form.addRow("&Suits:", self.suits)
        form.addRow("&Cards per suit per hand:", self.cards)
        form.addRow("S&eed:", seed_row)
        form.addRow(ok_cancel(self))

    def document(self) -> Document:
        return random_document(self.suits.value(), self.cards.value(), self.seed.value())


class DeckDialog(QDialog):
    """Change the deck (length) of one suit."""

    def __init__(self, doc: Document, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Suit length")
        form = QFormLayout(self)
        self.suit = QComboBox(self)
        for name in doc.deal.names:
            self.suit.addItem(suit_symbol(name))
        self.kind = QComboBox(self)
        self.kind.addItems(["Standard ranks (A K Q …)", "Numbered cards (1, 2, …)"])
        self.size = QSpinBox(self)
        self._doc = doc
        self.suit.currentIndexChanged.connect(self._load)
        self.kind.currentIndexChanged.connect(self._limits)
        form.addRow("&Suit:", self.suit)
        form.addRow("&Cards:", self.kind)
        form.addRow("&Length:", self.size)
        form.addRow(ok_cancel(self))
        self._load(0)

    def _load(self, i: int) -> None:
        deck = self._doc.decks[i]
        self.kind.setCurrentIndex(0 if deck.kind == "standard" else 1)
        self._limits()
        self.size.setValue(deck.size)

    def _limits(self) -> None:
        self.size.setRange(1, 13 if self.kind.currentIndex() == 0 else 26)

    def deck(self) -> tuple[int, SuitDeck]:
        kind = "standard" if self.kind.currentIndex() == 0 else "abstract"
        return self.suit.currentIndex(), SuitDeck(kind, self.size.value())


class NoteDialog(QDialog):
    def __init__(self, title: str, note: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Title and note")
        form = QFormLayout(self)
        self.title = QLineEdit(title, self)
        self.note = QPlainTextEdit(note, self)
        form.addRow("&Title:", self.title)
        form.addRow("&Note:", self.note)
        form.addRow(ok_cancel(self))


#: The game selector's key for four-hand bridge (a workspace of its own, not a whist game).
WHIST: Final = "whist"
BRIDGE: Final = "bridge"
BRIDGE_LABEL: Final = "Bridge (double dummy)"
#: … and for GOPS, the game of pure strategy (an explorer of its matrix games).
GOPS: Final = "gops"
GOPS_LABEL: Final = "GOPS (pure strategy)"


class GameSelector(QToolBar):
    """The game the deal is played in: a labelled combo box (Alt+G) in a toolbar."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__("Game", parent)
        self.setObjectName("gameToolBar")
        self.label = QLabel("&Game:", self)
        self.label.setContentsMargins(4, 0, 4, 0)
        self.combo = QComboBox(self)
        self.combo.setObjectName("gameSelector")
        self.combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        for i, g in enumerate(GAMES):
            self.combo.addItem(game_label(g), g.name)
            theory = g.new_theory()
            tip = (
                f"{g.title}\n{g.rules.describe()}\n"
                f"Theory: {theory.title if theory is not None else 'none (search only)'}"
            )
            self.combo.setItemData(i, tip, Qt.ItemDataRole.ToolTipRole)
        self.combo.insertSeparator(self.combo.count())
        self.combo.addItem(BRIDGE_LABEL, BRIDGE)
        self.combo.setItemData(
            self.combo.count() - 1,
            "Bridge, double dummy: four open hands, who makes which contract, and how",
            Qt.ItemDataRole.ToolTipRole,
        )
        self.combo.addItem(GOPS_LABEL, GOPS)
        self.combo.setItemData(
            self.combo.count() - 1,
            "GOPS, the game of pure strategy: bids for prizes, solved as recursive matrix games",
            Qt.ItemDataRole.ToolTipRole,
        )
        self.combo.setToolTip("The game the deal is played in (Alt+G, Ctrl+G)")
        self.label.setBuddy(self.combo)
        self.addWidget(self.label)
        self.addWidget(self.combo)

    @property
    def game(self) -> str:
        return str(self.combo.currentData())

    def set_game(self, name: str) -> None:
        """Show ``name`` as the current game without asking for a change."""
        i = self.combo.findData(name)
        if i >= 0 and i != self.combo.currentIndex():
            blocked = self.combo.blockSignals(True)
            self.combo.setCurrentIndex(i)
            self.combo.blockSignals(blocked)


class MainWindow(QMainWindow):
    """The application's main window."""

    analysisShown = Signal(object)  # AnalysisResult, once it is on screen

    def __init__(
        self,
        session: Session | None = None,
        settings: QSettings | None = None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.settings = settings if settings is not None else QSettings("whistgui", "whistgui")
        self.session = session if session is not None else Session(self._initial_document())
        self.session.setParent(self)
        #: the one engine worker: every view's computations, with progress and Cancel
        self.engine = EngineService(self)
        self.figure_dialog: FigureDialog | None = None  # File ▸ Export Figure, once opened

        central = QWidget(self)
        layout = QVBoxLayout(central)
        layout.setContentsMargins(8, 8, 8, 8)
        self.notation = NotationField(central)
        layout.addWidget(self.notation)
        # every view receives the session (and the engine) and follows it by itself
        self.table = CardTable(self.session)
        self.analysis = AnalysisPanel(self.session, self.engine)
        self.figure = FigureView(self.table, self.analysis, central)
        layout.addWidget(self.figure, 1)
        #: the whist page, and the bridge workspace once bridge is chosen (made then)
        self.pages = QStackedWidget(self)
        self.pages.addWidget(central)
        self.setCentralWidget(self.pages)
        self.bridge_session = BridgeSession(parent=self)
        self.bridge: BridgeWorkspace | None = None
        self.gops: GopsExplorer | None = None
        self.lab: SingleSuitsWindow | None = None  # View ▸ Single Suits, once opened
        self._docks_before_bridge: list[QDockWidget] = []
        self.undo_group = QUndoGroup(self)
        self.undo_group.addStack(self.session.undo_stack)
        self.undo_group.addStack(self.bridge_session.undo_stack)
        self.undo_group.setActiveStack(self.session.undo_stack)

        self.inspector = Inspector(self.session, self.engine)
        self.inspector_dock = QDockWidget("Game-tree inspector", self)
        self.inspector_dock.setObjectName("inspectorDock")
        self.inspector_dock.setWidget(self.inspector)
        self.addDockWidget(Qt.DockWidgetArea.BottomDockWidgetArea, self.inspector_dock)
        self.inspector_dock.hide()
        self.play_panel = PlayPanel(self.session, self.engine)
        self.play_dock = QDockWidget("Optimal play", self)
        self.play_dock.setObjectName("playDock")
        self.play_dock.setWidget(self.play_panel)
        self.addDockWidget(Qt.DockWidgetArea.BottomDockWidgetArea, self.play_dock)
        # the two docks share the bottom as tabs: side by side each would get half the width
        # and the play panel's sidebar would clip (issue 11, defect 4)
        self.tabifyDockWidget(self.inspector_dock, self.play_dock)
        self.play_dock.hide()
        self._sized_docks: set[QDockWidget] = set()
        for dock in (self.inspector_dock, self.play_dock):
            dock.visibilityChanged.connect(
                lambda on, d=dock: self._on_dock_shown(d) if on else None
            )

        self._build_actions()
        self._build_menus()
        self.game_selector = GameSelector(self)
        self.addToolBar(Qt.ToolBarArea.TopToolBarArea, self.game_selector)
        self.game_selector.combo.activated.connect(self._on_game_chosen)

        self.session.documentChanged.connect(self._on_document)
        self.session.gameChanged.connect(self._on_game)
        self.session.pathChanged.connect(self._update_title)
        self.session.modifiedChanged.connect(self._update_title)
        self.bridge_session.pathChanged.connect(self._update_title)
        self.bridge_session.modifiedChanged.connect(self._update_title)
        self.bridge_session.positionChanged.connect(self._update_title)
        self.table.refused.connect(self._show_refusal)
        self.notation.edit.textEdited.connect(self._on_text)
        self.notation.edit.undoRequested.connect(self._undo_from_text)
        self.notation.edit.redoRequested.connect(self._redo_from_text)
        self.notation.edit.revertRequested.connect(self.revert_text)
        self.notation.edit.history_actions = (self.act_undo, self.act_redo)
        self.analysis.resultShown.connect(self.analysisShown)
        self.analysis.suitActivated.connect(self.inspect_suit)

        self.setAcceptDrops(True)  # .whist files dropped on the window open them
        self.job_status = JobStatus(self.engine, self)
        self.statusBar().addPermanentWidget(self.job_status)
        self.statusBar().showMessage("Ready")
        self.resize(1280, 720)
        geometry = self.settings.value("window/geometry")
        if geometry is not None:
            self.restoreGeometry(geometry)
        self._on_document(self.session.document)
        self.table.setFocus()  # the window opens on the cards, not in the text field

    @staticmethod
    def _initial_document() -> Document:
        """A real deal to start on: the paper's deal (15), elimination and throw-in."""
        examples = {e.number: e for e in load_examples()}
        ex = examples.get(15)
        if ex is None:  # pragma: no cover - the examples ship with the app
            return Document.new()
        return Document.from_deal(
            ex.deal, lead=ex.lead or Player.WEST, title=ex.title, note=ex.note
        )

    # -- actions --------------------------------------------------------------------------
    def _action(self, text: str, slot, shortcut: QKeySequence | str | None = None) -> QAction:  # type: ignore[no-untyped-def]
        act = QAction(text, self)
        if shortcut is not None:
            act.setShortcut(QKeySequence(shortcut))
        act.triggered.connect(slot)
        self.addAction(act)
        return act

    def _build_actions(self) -> None:
        Std = QKeySequence.StandardKey
        self.act_new = self._action("&New", self.new_document, Std.New)
        self.act_open = self._action("&Open…", self.open_dialog, Std.Open)
        self.act_save = self._action("&Save", self.save, Std.Save)
        self.act_save_as = self._action("Save &As…", self.save_as, Std.SaveAs)
        self.act_export = self._action("&Export Figure…", lambda: self.export_dialog(), "Ctrl+E")
        self.act_copy_image = self._action(
            "Copy Figure as &Image", lambda: self.copy_figure(), "Ctrl+Shift+C"
        )
        self.act_copy_svg = self._action(
            "Copy Figure as S&VG", lambda: self.copy_figure(svg=True), "Ctrl+Alt+C"
        )
        self.act_quit = self._action("&Quit", self.close, Std.Quit)
        self.act_undo = self.undo_group.createUndoAction(self, "&Undo")
        self.act_undo.setShortcuts(undo_keys())
        self.act_redo = self.undo_group.createRedoAction(self, "&Redo")
        self.act_redo.setShortcuts(redo_keys())
        self.act_note = self._action("&Title and Note…", self.edit_note)
        self.act_focus_text = self._action("Edit Deal &Text", self._focus_text, "Ctrl+L")
        self.act_focus_table = self._action("Focus the &Table", self.table.setFocus, "Ctrl+T")
        self.act_random = self._action("&Random Deal…", self.random_dialog, "Ctrl+R")
        self.act_clear = self._action("Return All Cards to the &Pool", self.session.clear_hands)
        self.act_add_suit = self._action("&Add a Suit", self.session.add_suit)
        self.act_remove_suit = self._action("Remove the &Last Suit", self._remove_last_suit)
        self.act_deck = self._action("Suit &Length…", self.deck_dialog)
        self.lead_group = QActionGroup(self)
        self.act_west_leads = QAction("&West on Lead", self, checkable=True)
        self.act_east_leads = QAction("&East on Lead", self, checkable=True)
        for act, player in ((self.act_west_leads, Player.WEST), (self.act_east_leads, Player.EAST)):
            self.lead_group.addAction(act)
            act.triggered.connect(lambda _=False, p=player: self.session.set_lead(p))
        self.game_group = QActionGroup(self)
        self.game_actions: dict[str, QAction] = {}
        for g in GAMES:
            act = QAction(self._game_menu_text(game_label(g)), self, checkable=True)
            act.setStatusTip(f"{g.title}: {g.rules.describe()}")
            act.setData(g.name)
            act.triggered.connect(lambda _=False, n=g.name: self.set_game(n))
            self.game_group.addAction(act)
            self.game_actions[g.name] = act
        act = QAction("&Bridge (Double Dummy)", self, checkable=True)
        act.setStatusTip("Four-hand bridge, double dummy: the table, contracts and the play")
        act.triggered.connect(lambda _=False: self.set_game(BRIDGE))
        self.game_group.addAction(act)
        self.game_actions[BRIDGE] = act
        act = QAction("G&OPS (Pure Strategy)", self, checkable=True)
        act.setStatusTip("GOPS: the matrix games of bids, solved exactly, to explore")
        act.triggered.connect(lambda _=False: self.set_game(GOPS))
        self.game_group.addAction(act)
        self.game_actions[GOPS] = act
        self.act_focus_game = self._action("Choose the &Game", self._focus_game, "Ctrl+G")
        self.act_about = self._action("&About whistgui", self.about)
        self.act_keys = self._action("&Keyboard Shortcuts", self.show_keys, "F1")
        self.act_inspect_deal = self._action(
            "Inspect Whole &Deal (Play Tree)", self.inspect_deal, "Ctrl+Shift+I"
        )
        self.act_play = self._action("&Optimal Play of This Deal", self.play_deal, "Ctrl+P")
        self.act_single_suits = self._action(
            "Single &Suits…", lambda: self.single_suits(), "Ctrl+Shift+L"
        )
        self.act_single_suits.setStatusTip(
            "Every single suit of n cards a hand: values, R43's T₀, H, H̄, plots"
        )
        self.act_cancel = self._action(
            "&Stop the Computation", self.engine.cancel_running, "Ctrl+."
        )
        self.act_cancel.setEnabled(False)
        self.engine.busy.connect(self.act_cancel.setEnabled)
        self.act_inspector = self.inspector_dock.toggleViewAction()
        self.act_inspector.setText("Game-Tree &Inspector")
        self.act_inspector.setShortcut(QKeySequence("Ctrl+I"))
        # shown, the inspector comes to the front (the docks share the bottom as tabs)
        self.act_inspector.triggered.connect(
            lambda on: QTimer.singleShot(0, self.inspector_dock.raise_) if on else None
        )

    def _build_menus(self) -> None:
        bar = self.menuBar()
        m = bar.addMenu("&File")
        for a in (self.act_new, self.act_open):
            m.addAction(a)
        self.recent_menu = m.addMenu("Open &Recent")
        self._update_recent_menu()
        m.addSeparator()
        for a in (self.act_save, self.act_save_as):
            m.addAction(a)
        m.addSeparator()
        m.addAction(self.act_export)
        m.addAction(self.act_copy_image)
        m.addAction(self.act_copy_svg)
        m.addSeparator()
        m.addAction(self.act_quit)
        m = bar.addMenu("&Edit")
        m.addAction(self.act_undo)
        m.addAction(self.act_redo)
        m.addSeparator()
        m.addAction(self.act_focus_text)
        m.addAction(self.act_focus_table)
        m.addAction(self.act_note)
        m = bar.addMenu("&Deal")
        m.addAction(self.act_random)
        m.addSeparator()
        self.game_menu = m.addMenu("&Game")
        for act in self.game_actions.values():
            self.game_menu.addAction(act)
        m.addSeparator()
        m.addAction(self.act_west_leads)
        m.addAction(self.act_east_leads)
        m.addSeparator()
        m.addAction(self.act_deck)
        m.addAction(self.act_add_suit)
        m.addAction(self.act_remove_suit)
        m.addAction(self.act_clear)
        m = bar.addMenu("&View")
        m.addAction(self.act_inspector)
        self.inspect_menu = m.addMenu("Inspect &Suit")
        self.inspect_menu.aboutToShow.connect(self._fill_inspect_menu)
        m.addAction(self.act_inspect_deal)
        m.addSeparator()
        m.addAction(self.act_play)
        m.addAction(self.act_single_suits)
        m.addAction(self.act_cancel)
        m.addSeparator()
        self.theme_menu = m.addMenu("&Theme")
        self.theme_actions: dict[str, QAction] = {}
        group = QActionGroup(self)
        for name in THEMES:
            act = self.theme_menu.addAction(f"&{name.title()}")
            act.setCheckable(True)
            act.triggered.connect(lambda _=False, n=name: self.set_theme(n))
            group.addAction(act)
            self.theme_actions[name] = act
        self.set_theme(str(self.settings.value("theme", "system")), save=False)
        self.examples_menu = bar.addMenu("E&xamples")
        self.examples_menu.setToolTipsVisible(True)
        formulas: QAction | None = None
        for ex in load_examples():
            if formulas is None and ex.number > FORMULA_NUMBERS[-1]:
                formulas = self._add_formulas_entry()
            act = QAction(ex.title, self)
            act.setToolTip(ex.note)
            act.setStatusTip(ex.note)
            act.triggered.connect(lambda _=False, e=ex: self.open_example(e.number))
            self.examples_menu.addAction(act)
        if formulas is None:  # pragma: no cover - the examples go on past (22)
            self._add_formulas_entry()
        m = bar.addMenu("&Help")
        m.addAction(self.act_keys)
        m.addAction(self.act_about)

    def set_theme(self, name: str, *, save: bool = True) -> None:
        """View ▸ Theme: System, Light or Dark for the whole app, remembered in the settings
        (an unknown saved name falls back to System)."""
        app = QApplication.instance()
        key = name if name in THEMES else "system"
        if isinstance(app, QApplication):
            apply_theme(app, key)
        self.theme_actions[key].setChecked(True)
        if save:
            self.settings.setValue("theme", key)

    def _add_formulas_entry(self) -> QAction:
        """A disabled line in the Examples menu where the formulas' numbers would be."""
        act = self.examples_menu.addAction(FORMULAS_TEXT)
        act.setEnabled(False)
        act.setToolTip(FORMULAS_NOTE)
        act.setStatusTip(FORMULAS_NOTE)
        return act

    # -- document and views -----------------------------------------------------------
    def _on_document(self, doc: Document) -> None:
        """The window's own controls follow the document (the views follow it themselves)."""
        current = self.notation.edit.text()
        try:  # keep the user's own spelling of the same deal while they type
            same = current.strip() != "" and Deal.parse(current) == doc.deal
        except (WhistError, ValueError):
            same = False
        if not same:
            self.notation.edit.setText(str(doc.deal))
        self.notation.set_error("")
        self.act_west_leads.setChecked(doc.lead is Player.WEST)
        self.act_east_leads.setChecked(doc.lead is Player.EAST)
        self._show_game(doc.game)
        self._update_title()

    # -- the game -----------------------------------------------------------------------
    @staticmethod
    def _game_menu_text(label: str) -> str:
        """``&Five-card``: the menu entry of a game, its first letter the mnemonic (the
        games' labels start with different letters)."""
        return f"&{label}"

    def set_game(self, name: str) -> None:
        """Play the deal in the game ``name``: one undoable change of the document; or, for
        ``bridge`` and ``gops``, show that game's workspace (the whist deal stays as it is)."""
        if name in (BRIDGE, GOPS):
            self.show_page(name)
            return
        self.show_page(WHIST)
        self.session.set_game(name)
        self._show_game(self.session.game)  # a refused or repeated choice shows the current

    @property
    def page(self) -> str:
        """The workspace shown: ``whist``, ``bridge`` or ``gops``."""
        current = self.pages.currentWidget()
        if current is not None and current is self.bridge:
            return BRIDGE
        if current is not None and current is self.gops:
            return GOPS
        return WHIST

    @property
    def bridge_mode(self) -> bool:
        """True while the bridge workspace is shown."""
        return self.page == BRIDGE

    @property
    def gops_mode(self) -> bool:
        """True while the GOPS explorer is shown."""
        return self.page == GOPS

    def single_suits(self) -> SingleSuitsWindow:
        """View ▸ Single Suits: the window of every single suit of n cards a hand (made the
        first time, listing n = 6 at once)."""
        if self.lab is None:
            from whistgui.ui.lab.window import SingleSuitsWindow

            self.lab = SingleSuitsWindow(self.engine, self)
            self.lab.suitChosen.connect(self.open_single_suit)
            self.lab.showTable.connect(self._show_to_front)
            self.lab.message.connect(lambda text: self.statusBar().showMessage(text, 8000))
            self.lab.list_suits()
        self.lab.show()
        self.lab.raise_()
        self.lab.activateWindow()
        return self.lab

    def open_single_suit(self, pattern: str) -> None:
        """The suit ``pattern`` (owners low to high) as the deal, in the table and the
        inspector (an undo step of its own; the game stays). The suit brings its own deck: a
        suit of n ≥ 7 cards a hand is numbered, a shorter one opened after it has letters again."""
        from whistgui.engine.trick.deal import SuitDeal

        self.show_page(WHIST)
        suit = SuitDeal.from_pattern(pattern)
        self.session.open_deal(Deal([suit]), f"Open the suit {suit}")
        self.inspect_suit(0)

    def _show_to_front(self) -> None:
        """This window above the others (the Single Suits window's double-click or Enter)."""
        self.raise_()
        self.activateWindow()

    def ensure_bridge(self) -> BridgeWorkspace:
        """The bridge workspace, made the first time it is needed."""
        if self.bridge is None:
            from whistgui.ui.bridge.workspace import BridgeWorkspace

            self.bridge = BridgeWorkspace(self.bridge_session, self.engine, self.pages)
            self.bridge.message.connect(lambda text: self.statusBar().showMessage(text, 8000))
            self.pages.addWidget(self.bridge)
        return self.bridge

    def ensure_gops(self) -> GopsExplorer:
        """The GOPS explorer, made the first time it is needed."""
        if self.gops is None:
            from whistgui.ui.gops.explorer import GopsExplorer
            from whistgui.ui.gops.session import GopsSession

            self.gops = GopsExplorer(GopsSession(parent=self), self.engine, self.pages)
            self.gops.message.connect(lambda text: self.statusBar().showMessage(text, 8000))
            self.gops.session.fileChanged.connect(self._update_title)
            self.gops.session.rulesChanged.connect(self._update_title)
            self.pages.addWidget(self.gops)
        return self.gops

    def show_bridge(self, on: bool) -> None:
        """Show the bridge workspace (``on``) or the whist table."""
        self.show_page(BRIDGE if on else WHIST)

    def show_page(self, name: str) -> None:
        """Show the workspace ``name`` (``whist``, ``bridge``, ``gops``). The whist docks are
        put away while another game is shown and come back after; undo follows the page."""
        if name == self.page:
            self._show_game(self.session.game)
            return
        if self.page == WHIST:
            self._docks_before_bridge = [
                d for d in (self.inspector_dock, self.play_dock) if d.isVisible()
            ]
            for d in self._docks_before_bridge:
                d.hide()
        if name == BRIDGE:
            bridge = self.ensure_bridge()
            self.pages.setCurrentWidget(bridge)
            self.undo_group.setActiveStack(self.bridge_session.undo_stack)
            bridge.table.setFocus()
        elif name == GOPS:
            gops = self.ensure_gops()
            self.pages.setCurrentWidget(gops)
            self.undo_group.setActiveStack(None)  # the explorer walks back and forth instead
            gops.setFocus()
        else:
            self.pages.setCurrentIndex(0)
            self.undo_group.setActiveStack(self.session.undo_stack)
            for d in self._docks_before_bridge:
                d.show()
            self._docks_before_bridge = []
            self.table.setFocus()
        for act in self._whist_actions():
            act.setEnabled(name == WHIST)
        self.act_random.setEnabled(name != GOPS)
        self._show_game(self.session.game)
        self._update_title()

    def _whist_actions(self) -> list[QAction]:
        """Actions about the whist deal, disabled while bridge is shown."""
        return [
            self.act_note,
            self.act_focus_text,
            self.act_clear,
            self.act_add_suit,
            self.act_remove_suit,
            self.act_deck,
            self.act_west_leads,
            self.act_east_leads,
            self.act_inspect_deal,
            self.act_play,
            self.act_inspector,
            self.act_copy_image,
            self.act_copy_svg,
        ]

    def _on_game_chosen(self, index: int) -> None:
        self.set_game(str(self.game_selector.combo.itemData(index)))

    def _focus_game(self) -> None:
        self.game_selector.show()
        self.game_selector.combo.setFocus(Qt.FocusReason.ShortcutFocusReason)

    def _show_game(self, name: str) -> None:
        """The selector and the Deal ▸ Game menu show ``name`` (or the workspace shown)."""
        if self.page != WHIST:
            name = self.page
        self.game_selector.set_game(name)
        act = self.game_actions.get(name)
        if act is not None and not act.isChecked():
            act.setChecked(True)

    def _on_game(self, name: str) -> None:
        """The game changed (chosen, undone, opened): the views follow."""
        game = find_game(name)
        self._show_game(name)
        self.statusBar().showMessage(f"{game.title}: {game.rules.describe()}", 8000)

    def _on_text(self, text: str) -> None:
        try:
            self.session.set_deal_text(text)
        except WhistError as exc:
            self.notation.set_error(str(exc))
            return
        self.notation.set_error("")

    def revert_text(self) -> None:
        """The deal field back to the current deal's text, with no error."""
        self.notation.edit.setText(str(self.session.document.deal))
        self.notation.set_error("")

    def _undo_from_text(self) -> None:
        self.session.undo_stack.undo()
        self.revert_text()

    def _redo_from_text(self) -> None:
        self.session.undo_stack.redo()
        self.revert_text()

    def _focus_text(self) -> None:
        self.notation.edit.setFocus()
        self.notation.edit.selectAll()

    def _show_refusal(self, message: str) -> None:
        self.statusBar().showMessage(message, 8000)

    def _update_title(self, *_args: object) -> None:
        if self.gops_mode and self.gops is not None:
            g = self.gops.session
            name = g.file_path.name if g.file_path else "GOPS"
            self.setWindowTitle(f"{name} — {g.rules.describe()} — whistgui")
            self.setWindowModified(False)
            return
        if self.bridge_mode:
            b = self.bridge_session
            name = b.path.name if b.path else "Untitled.pbn"
            self.setWindowTitle(f"{name}[*] — {b.describe()} — whistgui")
            self.setWindowModified(b.modified)
            return
        doc = self.session.document
        name = self.session.path.name if self.session.path else (doc.title or "Untitled")
        self.setWindowTitle(f"{name}[*] — whistgui")
        self.setWindowModified(self.session.modified)

    def _remove_last_suit(self) -> None:
        n = len(self.session.document.deal.suits)
        if not self.session.remove_suit(n - 1):
            self.statusBar().showMessage("A deal keeps at least one suit", 5000)

    def _on_dock_shown(self, dock: QDockWidget) -> None:
        """A dock's first showing takes a sensible share of the height (the table keeps the
        rest); the inspector opened from the View menu shows the deal's first suit rather
        than an empty pane."""
        if dock not in self._sized_docks:
            self._sized_docks.add(dock)
            self.resizeDocks([dock], [max(260, int(self.height() * 0.45))], Qt.Orientation.Vertical)
        if dock is self.inspector_dock and not self.inspector.has_content():
            deal = self.session.document.deal
            for i, suit in enumerate(deal.suits):
                if not suit.is_empty and self.inspector.cannot_inspect(suit) is None:
                    self.inspect_suit(i)
                    break

    # -- inspector ------------------------------------------------------------------------
    def inspect_suit(self, index: int) -> None:
        """Open suit ``index`` of the table in the game-tree inspector."""
        deal = self.session.document.deal
        if not 0 <= index < len(deal.suits):
            return
        suit = deal.suits[index]
        self.inspector_dock.show()
        self.inspector_dock.raise_()
        why = self.inspector.cannot_inspect(suit)
        if why is not None:
            self.statusBar().showMessage(f"Suit {deal.names[index]}: {why}", 8000)
        self.inspector.open_suit_at(index)

    def inspect_deal(self) -> None:
        """Open the session's deal, with its leader, as a play tree in the inspector (searched
        by the game's rules, with progress and Cancel; it follows the deal from then on)."""
        why = self.inspector.inspect_session_deal()
        if why is not None:
            self.statusBar().showMessage(f"No play tree: {why}", 8000)
            return
        self.inspector_dock.show()
        self.inspector_dock.raise_()

    def play_deal(self) -> None:
        """Open the optimal-play panel on the session's deal (it follows the deal from then
        on)."""
        why = self.play_panel.follow()
        if why is not None:
            self.statusBar().showMessage(f"No optimal play: {why}", 10000)
            return
        self.play_dock.show()
        self.play_dock.raise_()
        self.play_panel.setFocus()

    def _fill_inspect_menu(self) -> None:
        self.inspect_menu.clear()
        deal = self.session.document.deal
        for i, (suit, name) in enumerate(zip(deal.suits, deal.names, strict=True)):
            act = self.inspect_menu.addAction(f"{suit_symbol(name)}  {suit}")
            act.setEnabled(self.inspector.cannot_inspect(suit) is None)
            act.triggered.connect(lambda _=False, i=i: self.inspect_suit(i))

    # -- files ----------------------------------------------------------------------------
    def _confirm_discard(self, bridge: bool | None = None) -> bool:
        """True if there are no unsaved changes or the user lets them go (or saves them):
        in the page shown, or in the bridge boards (``bridge`` True) or the whist deal
        (False)."""
        bridge = self.bridge_mode if bridge is None else bridge
        if bridge:
            if not self.bridge_session.modified:
                return True
            answer = QMessageBox.question(
                self,
                "Unsaved changes",
                "The bridge boards have unsaved changes. Save them first?",
                QMessageBox.StandardButton.Save
                | QMessageBox.StandardButton.Discard
                | QMessageBox.StandardButton.Cancel,
            )
            if answer == QMessageBox.StandardButton.Save:
                return self._save_bridge(self.bridge_session.path)
            return answer == QMessageBox.StandardButton.Discard
        if not self.session.modified:
            return True
        answer = QMessageBox.question(
            self,
            "Unsaved changes",
            "The deal has unsaved changes. Save them first?",
            QMessageBox.StandardButton.Save
            | QMessageBox.StandardButton.Discard
            | QMessageBox.StandardButton.Cancel,
        )
        if answer == QMessageBox.StandardButton.Save:
            return self.save()
        return answer == QMessageBox.StandardButton.Discard

    def new_document(self) -> None:
        if self.bridge_mode:
            if self._confirm_discard():
                self.bridge_session.replace((BridgeDocument.random(),))
            return
        if self._confirm_discard():  # a new deal in the same game
            self.session.replace(replace(Document.new(), game=self.session.game))

    def open_example(self, number: int) -> None:
        ex = {e.number: e for e in load_examples()}[number]
        if self._confirm_discard():
            doc = Document.from_deal(
                ex.deal, lead=ex.lead or Player.WEST, title=ex.title, note=ex.note
            )
            self.session.replace(doc)
            self.statusBar().showMessage(f"Example {ex.title}", 5000)

    def open_dialog(self) -> None:
        current = self.bridge_session.path if self.bridge_mode else self.session.path
        start = str(current.parent) if current else ""
        path, _ = QFileDialog.getOpenFileName(self, "Open deal", start, _FILTER)
        if path and self._confirm_discard(Path(path).suffix.lower() == PBN_SUFFIX):
            self.open_file(path)

    def open_file(self, path: str | Path) -> bool:
        """Open a file — a ``.pbn`` file in the bridge workspace, a ``.gops`` file (a solved
        game) in the GOPS explorer, any other as a whist deal; on failure say why and keep the
        current deal."""
        suffix = Path(path).suffix.lower()
        if suffix == GOPS_SUFFIX:
            gops = self.ensure_gops()
            if not gops.open(path):  # the explorer has said why, and kept its game
                return False
            self.show_page(GOPS)
            self._add_recent(Path(path))
            return True
        bridge = suffix == PBN_SUFFIX
        try:
            if bridge:
                self.bridge_session.open(path)
                self.show_bridge(True)
            else:
                self.session.open(path)
                self.show_bridge(False)
        except (DocumentError, OSError) as exc:
            QMessageBox.warning(self, "Cannot open", for_display(str(exc)))
            self.statusBar().showMessage(f"Not opened: {for_display(str(exc))}", 10000)
            return False
        self._add_recent(Path(path))
        return True

    def save(self) -> bool:
        if self.gops_mode and self.gops is not None:
            return self.gops.save_dialog() is not None
        if self.bridge_mode:
            return self._save_bridge(self.bridge_session.path)
        if self.session.path is None:
            return self.save_as()
        return self._save_to(self.session.path)

    def save_as(self) -> bool:
        if self.gops_mode and self.gops is not None:
            return self.gops.save_dialog() is not None
        if self.bridge_mode:
            return self._save_bridge(None)
        start = str(self.session.path or (self.session.document.title or "deal") + FILE_SUFFIX)
        path, _ = QFileDialog.getSaveFileName(self, "Save deal", start, _FILTER)
        if not path:
            return False
        if not path.endswith(FILE_SUFFIX):
            path += FILE_SUFFIX
        return self._save_to(Path(path))

    def _save_to(self, path: Path, session: Session | BridgeSession | None = None) -> bool:
        """Save ``session`` (the whist session by default) to ``path``; say why not. Whatever
        stops the save — the project's errors, the system's, text no file can store — is
        said in a warning, and the file and the session stay as they were."""
        try:
            (session or self.session).save(path)
        except (WhistError, OSError, UnicodeError) as exc:
            QMessageBox.warning(self, "Cannot save", for_display(str(exc)))
            self.statusBar().showMessage(f"Not saved: {for_display(str(exc))}", 10000)
            return False
        self._add_recent(path)
        self.statusBar().showMessage(f"Saved {path}", 5000)
        return True

    def _save_bridge(self, path: Path | None) -> bool:
        """Save the bridge boards to ``path`` (None: ask where) as PBN."""
        if path is None:
            start = str(self.bridge_session.path or f"boards{PBN_SUFFIX}")
            name, _ = QFileDialog.getSaveFileName(self, "Save boards", start, _PBN_FILTER)
            if not name:
                return False
            if not name.lower().endswith(PBN_SUFFIX):
                name += PBN_SUFFIX
            path = Path(name)
        return self._save_to(path, self.bridge_session)

    def recent_files(self) -> list[str]:
        value = self.settings.value("recentFiles", [])
        if isinstance(value, str):
            value = [value]
        return [str(v) for v in (value or [])]

    def _add_recent(self, path: Path) -> None:
        p = str(path.resolve())
        files = [f for f in self.recent_files() if f != p]
        files.insert(0, p)
        self.settings.setValue("recentFiles", files[:MAX_RECENT])
        self._update_recent_menu()

    def _update_recent_menu(self) -> None:
        self.recent_menu.clear()
        files = self.recent_files()
        for i, f in enumerate(files):
            act = self.recent_menu.addAction(f"&{i + 1} {Path(f).name}")
            act.setToolTip(f)
            act.triggered.connect(lambda _=False, f=f: self._open_recent(f))
        self.recent_menu.setEnabled(bool(files))

    def _open_recent(self, path: str) -> None:
        if self._confirm_discard(Path(path).suffix.lower() == PBN_SUFFIX):
            self.open_file(path)

    # -- dialogs --------------------------------------------------------------------------
    def random_dialog(self) -> None:
        if self.bridge_mode:  # a bridge deal needs no choices: 52 cards, 13 each
            self.bridge_session.random_deal()
            return
        dlg = RandomDealDialog(self, seed=int(self.settings.value("random/seed", 1)))
        if dlg.exec() != QDialog.DialogCode.Accepted:
            return
        try:
            doc = dlg.document()
        except (WhistError, ValueError) as exc:
            QMessageBox.warning(self, "Random deal", str(exc))
            return
        self.settings.setValue("random/seed", dlg.seed.value())
        if self._confirm_discard():  # a random deal in the same game
            self.session.replace(replace(doc, game=self.session.game))

    def deck_dialog(self) -> None:
        dlg = DeckDialog(self.session.document, self)
        if dlg.exec() != QDialog.DialogCode.Accepted:
            return
        suit, deck = dlg.deck()
        try:
            self.session.set_deck(suit, deck)
        except (WhistError, ValueError) as exc:
            QMessageBox.warning(self, "Suit length", str(exc))

    def edit_note(self) -> None:
        doc = self.session.document
        dlg = NoteDialog(doc.title, doc.note, self)
        if dlg.exec() == QDialog.DialogCode.Accepted:
            self.session.set_title_note(dlg.title.text(), dlg.note.toPlainText())

    def export_dialog(
        self, view: str | None = None, *, suit: int | None = None, cards: int | None = None
    ) -> FigureDialog | None:
        """File ▸ Export Figure: choose the view, size, font and format with a live preview
        (``view``, ``suit``, ``cards``: what to start on)."""
        ensure_app()  # the figure font is loaded on this thread, before the engine draws
        source: Document | FigureSource = self.session.document
        if self.bridge_mode:
            b = self.bridge_session
            try:
                source = FigureSource.bridge(b.document, b.cursor)
            except WhistError as exc:
                QMessageBox.warning(self, "Export Figure", f"No figure of this board: {exc}")
                return None
        if self.gops_mode and self.gops is not None:
            gops_source = self.gops.figure_source()
            if gops_source is None:
                QMessageBox.warning(
                    self,
                    "Export Figure",
                    "No figure here: figures are of a matrix game of bids; turn a prize and "
                    "wait for its matrix",
                )
                return None
            source = gops_source
        dlg = FigureDialog(
            source,
            self.engine,
            self.settings,
            self,
            view=view,
            suit=suit,
            cards=cards,
        )
        dlg.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dlg.show()
        self.figure_dialog = dlg
        return dlg

    def export_figure(
        self, path: str | Path, view: str = "table", options: FigureOptions | None = None
    ) -> Path | None:
        """Write the figure ``view`` of the deal to ``path`` (its format by the extension),
        drawn on this thread; None, with the reason shown, if it cannot be."""
        try:
            fig = build_figure(view, self.session.document, options)
            out = write(fig, path)
        except (WhistError, FigureError) as exc:
            QMessageBox.warning(self, "Export", str(exc))
            return None
        self.statusBar().showMessage(f"Figure written to {out}", 5000)
        return out

    def copy_figure(self, *, svg: bool = False) -> None:
        """The deal and its analysis on the clipboard, as an image (300 dpi) or as SVG."""
        try:
            fig = build_figure("table", self.session.document)
        except WhistError as exc:
            self.statusBar().showMessage(f"No figure: {exc}", 8000)
            return
        if svg:
            copy_figure_svg(fig)
        else:
            copy_figure_image(fig)
        what = "SVG" if svg else "an image"
        self.statusBar().showMessage(f"Figure copied to the clipboard as {what}", 4000)

    def show_keys(self) -> None:
        QMessageBox.information(self, "Keyboard shortcuts", KEYS_HTML)

    # -- dropping files -------------------------------------------------------------------
    def _dropped_file(self, mime: object) -> Path | None:
        from PySide6.QtCore import QMimeData

        if not isinstance(mime, QMimeData) or not mime.hasUrls():
            return None
        for url in mime.urls():
            if url.isLocalFile() and url.toLocalFile().lower().endswith(
                (FILE_SUFFIX, PBN_SUFFIX, GOPS_SUFFIX)
            ):
                return Path(url.toLocalFile())
        return None

    def dragEnterEvent(self, event: QDragEnterEvent) -> None:
        if self._dropped_file(event.mimeData()) is not None:
            event.acceptProposedAction()
        else:
            event.ignore()

    def dropEvent(self, event: QDropEvent) -> None:
        path = self._dropped_file(event.mimeData())
        if path is None:
            event.ignore()
            return
        event.acceptProposedAction()
        if self._confirm_discard(path.suffix.lower() == PBN_SUFFIX):
            self.open_file(path)

    def about(self) -> None:
        QMessageBox.about(self, "About whistgui", about_html())

    # -- lifetime -------------------------------------------------------------------------
    def closeEvent(self, event: QCloseEvent) -> None:
        if not (self._confirm_discard(False) and self._confirm_discard(True)):
            event.ignore()
            return
        self.settings.setValue("window/geometry", self.saveGeometry())
        self.shutdown()
        event.accept()

    def shutdown(self) -> bool:
        """Cancel every computation and stop the engine's thread (within half a second);
        True if it stopped in time."""
        self.play_panel.shutdown()
        if self.gops is not None:
            self.gops.shutdown()
        if self.lab is not None:
            self.lab.shutdown()
        return self.engine.shutdown(0.5)
