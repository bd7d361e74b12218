"""The trick games' workspace (whist and its family, :data:`~whistgui.engine.games.GAMES`): the
deal as text above the table and the analysis, the game-tree inspector and optimal play in
docks, the Deal and Examples menus, ``.whist`` files. Every view takes the one
:class:`~whistgui.ui.trick.session.Session` and follows it by itself; this class wires them,
it does not carry data. The page is made with the workspace; the inspector and the play panel
(and with the inspector's number line pyqtgraph) the first time their dock is shown or they are
asked for (:attr:`TrickWorkspace.inspector`, :attr:`TrickWorkspace.play_panel`): the window
opens without them."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, ClassVar

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtGui import QAction, QActionGroup, QKeySequence
from PySide6.QtWidgets import QDialog, QDockWidget, QMenu, QMessageBox, QVBoxLayout, QWidget

from whistgui.app.analysis import cannot_inspect, game_label
from whistgui.app.document import FILE_SUFFIX, Document
from whistgui.app.examples import load_examples
from whistgui.engine import Deal, Player, SuitDeal, WhistError
from whistgui.engine.games import GAMES, find_game
from whistgui.ui.trick.analysis import AnalysisPanel
from whistgui.ui.trick.examples_menu import examples_menu
from whistgui.ui.trick.figure_view import FigureView
from whistgui.ui.trick.notation_field import NotationField
from whistgui.ui.trick.session import Session
from whistgui.ui.trick.table import CardTable
from whistgui.ui.widgets.cardart import suit_symbol
from whistgui.ui.widgets.scroll import dock_scroller
from whistgui.ui.workspace import Choice, FileType, FileWorkspace, Handover, Services

if TYPE_CHECKING:  # made when first shown (start-up imports neither, nor pyqtgraph)
    from whistgui.ui.trick.inspector import Inspector
    from whistgui.ui.trick.play_panel import PlayPanel
    from whistgui.ui.trick.worksheet import WorksheetView
    from whistgui.ui.widgets.figure_dialog import FigureSource

__all__ = ["KEYS_HTML", "PLAY_SHARE", "WORKSHEET_SHARE", "TrickWorkspace", "initial_document"]

#: The share of the window's height the Optimal play dock takes when first shown.
PLAY_SHARE = 0.6
#: The share the Values worksheet takes: its rows list has the room, the table scrolls (it
#: had the height the table asked for, 3 rows of the list at 1920 × 1080).
WORKSHEET_SHARE = 0.6
#: In a window under :data:`SMALL_WINDOW` px tall (a screen under ~900: the window opens at
#: 720 of 800, 864 of 1080), the worksheet's share: at 1280 × 800 with 60 % it had ~470 of
#: 700 px, ~7 rows empty, and the card table showed 1½ of its 3 suits.
SMALL_WORKSHEET_SHARE = 0.4
SMALL_WINDOW = 800
#: In a window under :data:`MIDDLE_WINDOW` px tall (a 1920 × 1080 screen opens it at ~890),
#: the worksheet's share: with 60 % the card table lost its third suit's row of cards; with
#: 50 % it keeps them (306 of its 300 px least), the rows list 7 rows beside a comparison.
MIDDLE_WORKSHEET_SHARE = 0.5
MIDDLE_WINDOW = 1000

KEYS_HTML = """<tr><td colspan=2><b>Card table</b></td></tr>
<tr><td>Arrows</td><td>walk the cards</td></tr>
<tr><td>Space</td><td>select or unselect the card</td></tr>
<tr><td>W / E / P (Delete)</td><td>send the selection to West / East / the pool</td></tr>
<tr><td>Ctrl+A, Esc</td><td>select all, select none</td></tr>
<tr><td>Double-click</td><td>a card to the other hand</td></tr>
<tr><td>Ctrl+L, Ctrl+T</td><td>the deal text, the table</td></tr>
<tr><td>Enter in the deal text</td><td>apply the deal typed (so does a pause)</td></tr>
<tr><td>Ctrl+Z, Ctrl+Shift+Z in the deal text</td><td>undo, redo the deal</td></tr>
<tr><td>Esc in the deal text</td><td>back to the table's deal</td></tr>
<tr><td>Ctrl+R</td><td>random deal</td></tr>
<tr><td>Ctrl+I, Ctrl+Shift+I</td><td>game-tree inspector, play tree of the deal</td></tr>
<tr><td>Ctrl+P</td><td>optimal play of the deal</td></tr>
<tr><td colspan=2><b>Inspector</b></td></tr>
<tr><td>Enter / double-click</td><td>descend into a cell's reduction</td></tr>
<tr><td>Arrows in the tree</td><td>walk the reductions</td></tr>
<tr><td>Alt+Left, Alt+Up</td><td>back, up</td></tr>
<tr><td colspan=2><b>Optimal play</b></td></tr>
<tr><td>Right, Down</td><td>next card, next trick</td></tr>
<tr><td>Left, Home, End</td><td>back, to the start, to the end</td></tr>
<tr><td>Click / Enter on a card</td><td>play it yourself</td></tr>
<tr><td colspan=2><b>Values worksheet</b></td></tr>
<tr><td>Delete in the rows</td><td>remove the selected rows</td></tr>
<tr><td>Ctrl+Z, Ctrl+Shift+Z in it</td><td>undo, redo the rows added and removed</td></tr>"""


def initial_document() -> Document:
    """A real deal to start on: the paper's deal (15), elimination and throw-in."""
    examples = {e.number: e for e in load_examples()}
    ex = examples.get(15)
    if ex is None:  # pragma: no cover - the examples ship with the app
        return Document.new()
    return Document.from_deal(ex.deal, lead=ex.lead or Player.WEST, title=ex.title, note=ex.note)


class TrickWorkspace(FileWorkspace):
    """The card table of two hands and everything about its deal."""

    session: Session

    name: ClassVar[str] = "trick"
    title: ClassVar[str] = "Trick games"
    file_types: ClassVar[tuple[FileType, ...]] = (FileType(FILE_SUFFIX, "whist deals"),)
    document_types: ClassVar[tuple[type, ...]] = (Document,)
    can_new: ClassVar[bool] = True
    can_save: ClassVar[bool] = True
    keys_html: ClassVar[str] = KEYS_HTML
    save_title: ClassVar[str] = "Save deal"

    analysisShown = Signal(object)  # AnalysisResult, once it is on screen

    def __init__(self, services: Services, session: Session | None = None) -> None:
        super().__init__(services)
        self.session = session if session is not None else Session(initial_document())
        self.session.setParent(self)
        engine = services.engine
        self.page = QWidget()
        self.page.setObjectName("trickPage")
        layout = QVBoxLayout(self.page)
        layout.setContentsMargins(8, 8, 8, 8)
        self.notation = NotationField(self.page)
        layout.addWidget(self.notation)
        # every view receives the session (and the engine) and follows it by itself
        self.table = CardTable(self.session)
        self.analysis = AnalysisPanel(self.session, engine)
        self.figure = FigureView(self.table, self.analysis, self.page)
        layout.addWidget(self.figure, 1)

        # the docks now, their views when first shown (see the properties)
        self._inspector: Inspector | None = None
        self.inspector_dock = QDockWidget("Game-tree inspector")
        self.inspector_dock.setObjectName("inspectorDock")
        self._play_panel: PlayPanel | None = None
        self.play_dock = QDockWidget("Optimal play")
        self.play_dock.setObjectName("playDock")
        self.inspector_dock.visibilityChanged.connect(self._on_inspector_shown)
        self.play_dock.visibilityChanged.connect(lambda on: self.play_panel if on else None)
        self._worksheet: WorksheetView | None = None
        self.worksheet_dock = QDockWidget("Values worksheet")
        self.worksheet_dock.setObjectName("worksheetDock")
        self.worksheet_dock.visibilityChanged.connect(lambda on: self.worksheet if on else None)

        self._build_actions()
        self.examples_menu = examples_menu(self.page, self.open_example)
        self.inspect_menu = QMenu("Inspect &Suit", self.page)
        self.inspect_menu.aboutToShow.connect(self._fill_inspect_menu)

        self.session.documentChanged.connect(self._on_document)
        self.session.gameChanged.connect(self._on_game)
        self.session.pathChanged.connect(self.titleChanged)
        self.session.modifiedChanged.connect(self.titleChanged)
        self.table.refused.connect(lambda text: self.message.emit(text, 8000))
        self.notation.settled.connect(self._on_text)
        self.notation.edit.undoRequested.connect(self._undo_from_text)
        self.notation.edit.redoRequested.connect(self._redo_from_text)
        self.notation.edit.revertRequested.connect(self.revert_text)
        # the field's context menu undoes and redoes the deal, never the field's own text
        stack = self.session.undo_stack
        self.notation.edit.history_actions = (
            stack.createUndoAction(self.page, "&Undo"),
            stack.createRedoAction(self.page, "&Redo"),
        )
        self.analysis.resultShown.connect(self.analysisShown)
        self.analysis.suitActivated.connect(self.inspect_suit)
        self._on_document(self.session.document)

    # -- the docks' views, made when first wanted ----------------------------------------------
    @property
    def inspector(self) -> Inspector:
        """The game-tree inspector, in its dock (made the first time it is asked for)."""
        if self._inspector is None:
            from whistgui.ui.trick.inspector import Inspector

            self._inspector = Inspector(self.session, self.services.engine)
            self.inspector_dock.setWidget(dock_scroller(self._inspector))
        return self._inspector

    @property
    def play_panel(self) -> PlayPanel:
        """The optimal-play panel, in its dock (made the first time it is asked for)."""
        if self._play_panel is None:
            from whistgui.ui.trick.play_panel import PlayPanel

            self._play_panel = PlayPanel(self.session, self.services.engine)
            self.play_dock.setWidget(dock_scroller(self._play_panel, fill=True))
        return self._play_panel

    @property
    def worksheet(self) -> WorksheetView:
        """The values worksheet, in its dock (made the first time it is asked for); a
        witness it opens becomes the deal on the table, in whist."""
        if self._worksheet is None:
            from whistgui.ui.trick.worksheet import WorksheetView

            self._worksheet = WorksheetView(self.session, self.services.engine)
            self._worksheet.dealOpened.connect(self._open_witness)
            self._worksheet.message.connect(self.message)
            self.worksheet_dock.setWidget(dock_scroller(self._worksheet, fill=True))
        return self._worksheet

    def _open_witness(self, deal: Deal, name: str = "D + z") -> None:
        """A witness from the worksheet as the deal on the table, in whist (one undo step,
        named by what was opened: D + z or E + z); the status bar says so when that changed
        the game."""
        before = self.session.game
        self.session.open_deal(deal, f"Open a witness {name}", "whist")
        if self.session.game != before:
            self.message.emit(
                f"Opened {deal} in Two-person whist (the game was "
                f"{game_label(find_game(before))}; Edit ▸ Undo goes back)",
                10000,
            )

    def worksheet_in_front(self) -> bool:
        """Whether the worksheet is open and seen (not a tab behind another dock)."""
        dock = self.worksheet_dock
        return dock.isVisible() and not dock.visibleRegion().isEmpty()

    def _worksheet_chosen(self) -> None:
        """View ▸ Values Worksheet: closed or behind another dock's tab, the worksheet comes to
        the front with its entry focused; in front, it closes."""
        if self.worksheet_in_front():
            self.worksheet_dock.hide()
        else:
            self.worksheet_dock.show()
            QTimer.singleShot(0, self.focus_worksheet)
        self.act_worksheet.setChecked(not self.worksheet_dock.isHidden())

    def focus_worksheet(self) -> None:
        """The worksheet to the front (the docks share the bottom as tabs), its entry taking
        the keys."""
        sheet = self.worksheet
        self.worksheet_dock.show()
        self.worksheet_dock.raise_()
        sheet.entry.setFocus(Qt.FocusReason.ShortcutFocusReason)

    def _cannot_inspect(self, suit: SuitDeal) -> str | None:
        """Why the inspector would have nothing in ``suit`` (asked without making it: a new
        inspector follows the session's game)."""
        if self._inspector is not None:
            return self._inspector.cannot_inspect(suit)
        return cannot_inspect(suit, find_game(self.session.game))

    # -- actions ------------------------------------------------------------------------------
    def _action(self, text: str, slot, shortcut: QKeySequence | str | None = None) -> QAction:  # type: ignore[no-untyped-def]
        """An action of the page: its keys work while the page is shown, and only then."""
        act = QAction(text, self.page)
        if shortcut is not None:
            act.setShortcut(QKeySequence(shortcut))
        act.triggered.connect(slot)
        self.page.addAction(act)
        return act

    def _build_actions(self) -> None:
        self.act_note = self._action("&Title and Note…", self.edit_note)
        self.act_focus_text = self._action("Edit Deal &Text", self._focus_text, "Ctrl+L")
        self.act_focus_table = self._action("Focus the &Table", self.table.setFocus, "Ctrl+T")
        self.act_random = self._action("&Random Deal…", self.random_dialog, "Ctrl+R")
        self.act_clear = self._action("Return All Cards to the &Pool", self.session.clear_hands)
        self.act_add_suit = self._action("&Add a Suit", self.session.add_suit)
        self.act_remove_suit = self._action("Remove the &Last Suit", self._remove_last_suit)
        self.act_deck = self._action("Suit &Length…", self.deck_dialog)
        self.lead_group = QActionGroup(self)
        self.act_west_leads = QAction("&West on Lead", self.page, checkable=True)
        self.act_east_leads = QAction("&East on Lead", self.page, checkable=True)
        for act, player in ((self.act_west_leads, Player.WEST), (self.act_east_leads, Player.EAST)):
            self.lead_group.addAction(act)
            act.triggered.connect(lambda _=False, p=player: self.session.set_lead(p))
        self.act_inspect_deal = self._action(
            "Inspect Whole &Deal (Play Tree)", self.inspect_deal, "Ctrl+Shift+I"
        )
        self.act_play = self._action("&Optimal Play of This Deal", self.play_deal, "Ctrl+P")
        # not the dock's toggle: that hid a worksheet tabbed behind the inspector (ticked, as
        # it is open); chosen, the worksheet comes to the front, and goes only from the front
        self.act_worksheet = QAction("Values &Worksheet", self.page, checkable=True)
        self.worksheet_dock.toggleViewAction().toggled.connect(self.act_worksheet.setChecked)
        self.page.addAction(self.act_worksheet)
        self.act_worksheet.triggered.connect(self._worksheet_chosen)
        self.act_inspector = self.inspector_dock.toggleViewAction()
        self.act_inspector.setText("Game-Tree &Inspector")
        self.act_inspector.setShortcut(QKeySequence("Ctrl+I"))
        self.page.addAction(self.act_inspector)
        # shown, the inspector comes to the front (the docks share the bottom as tabs) and
        # takes the keys: its view under the arrows, Tab going on from there
        self.act_inspector.triggered.connect(
            lambda on: QTimer.singleShot(0, self.focus_inspector) if on else None
        )

    # -- the protocol -------------------------------------------------------------------------
    @classmethod
    def choices(cls) -> tuple[Choice, ...]:
        out = []
        for g in GAMES:
            theory = g.new_theory()
            tip = (
                f"{g.title}\n{g.rules.describe()}\n"
                f"Theory: {theory.title if theory is not None else 'none (search only)'}"
            )
            # the games' labels start with different letters: each its own mnemonic
            label = game_label(g)
            out.append(Choice(g.name, label, f"&{label}", tip, f"{g.title}: {g.rules.describe()}"))
        return tuple(out)

    @classmethod
    def offers(cls, key: str) -> bool:
        """A game's name or any of its aliases (``greedy``, ``femkort``, …)."""
        try:
            find_game(key)
        except WhistError:
            return False
        return True

    def widget(self) -> QWidget:
        return self.page

    def docks(self) -> Sequence[QDockWidget]:
        # the two share the bottom as tabs: side by side each would get half the width and
        # the play panel's sidebar would clip (issue 11, defect 4)
        return (self.inspector_dock, self.play_dock, self.worksheet_dock)

    def dock_share(self, dock: QDockWidget) -> float | None:
        # the panel shows the hands itself: its card list has the room, the table above
        # scrolls (at 1280 × 800 the list had three rows, the table its minimum)
        # so the worksheet's rows list (at 1920 × 1080 it had 3 rows, the table its height)
        if dock is self.worksheet_dock:
            height = self.page.window().height()
            if height < SMALL_WINDOW:
                return SMALL_WORKSHEET_SHARE
            return MIDDLE_WORKSHEET_SHARE if height < MIDDLE_WINDOW else WORKSHEET_SHARE
        return PLAY_SHARE if dock is self.play_dock else None

    def menus(self) -> Sequence[QMenu]:
        return (self.examples_menu,)

    def contributions(self) -> Mapping[str, Sequence[QAction | QMenu | None]]:
        return {
            "edit": (self.act_focus_text, self.act_focus_table, self.act_note),
            "deal": (
                self.act_random,
                None,
                self.act_west_leads,
                self.act_east_leads,
                None,
                self.act_deck,
                self.act_add_suit,
                self.act_remove_suit,
                self.act_clear,
            ),
            "view": (
                self.act_inspector,
                self.inspect_menu,
                self.act_inspect_deal,
                None,
                self.act_play,
                self.act_worksheet,
            ),
        }

    def new_document(self) -> None:
        """A new deal in the same game."""
        self.session.replace(replace(Document.new(), game=self.session.game))

    def save_name(self) -> str:
        return (self.session.document.title or "deal") + FILE_SUFFIX

    def unsaved_text(self) -> str:
        return f"the deal “{self._name()}”"

    def receive(self, handover: Handover) -> None:
        """A document handed over: a fresh start on it (``replace``), or its deal and game
        (and its lead, ``with_lead``) in one undo step, the rest kept; shown in the inspector
        if asked."""
        doc = handover.document
        assert isinstance(doc, Document)  # the host hands over only what document_types says
        if handover.replace:
            self.session.replace(doc)
        else:
            fresh = not self.session.modified and self.session.path is None
            lead = doc.lead if handover.with_lead else None
            self.session.open_deal(doc.deal, handover.text or "Open a deal", doc.game, lead)
            if fresh:  # nothing of the user's is lost: a deal opened, not an edit
                self.session.mark_unmodified()
        if handover.view == "inspector":
            self.inspect_suit(0)

    def current_choice(self) -> str:
        return self.session.game

    def choose(self, key: str) -> None:
        """Play the deal in the game ``key``: one undoable change of the document."""
        self.session.set_game(key)
        self.choiceChanged.emit(self.session.game)  # a refused or repeated choice: the current

    def _name(self) -> str:
        path = self.session.path
        return path.name if path else (self.session.document.title or "Untitled")

    def window_title(self) -> str:
        return f"{self._name()}[*] — whistgui"

    def figure_source(self) -> FigureSource:
        from whistgui.ui.widgets.figure_dialog import FigureSource

        return FigureSource.whist(self.session.document)

    def ready(self) -> bool:
        result = self.analysis.result
        return result is not None and result.document == self.session.document

    def shown(self) -> None:
        self.table.setFocus()  # the workspace opens on the cards, not in the text field

    def shutdown(self) -> None:
        if self._play_panel is not None:
            self._play_panel.shutdown()

    # -- the document -------------------------------------------------------------------------
    def _on_document(self, doc: Document) -> None:
        """The workspace's own controls follow the document (the views follow it themselves)."""
        current = self.notation.edit.text()
        try:  # keep the user's own spelling of the same deal while they type
            same = current.strip() != "" and Deal.parse(current) == doc.deal
        except (WhistError, ValueError):
            same = False
        if not same:
            self.notation.show_text(str(doc.deal))  # typed text not yet applied goes too
        else:
            self.notation.set_error("")
        self.act_west_leads.setChecked(doc.lead is Player.WEST)
        self.act_east_leads.setChecked(doc.lead is Player.EAST)
        self.titleChanged.emit()

    def _on_game(self, name: str) -> None:
        """The game changed (chosen, undone, opened): the chooser follows, the status says."""
        game = find_game(name)
        self.choiceChanged.emit(name)
        self.message.emit(f"{game.title}: {game.rules.describe()}", 8000)

    def set_game(self, name: str) -> None:
        self.choose(name)

    def _on_text(self, text: str) -> None:
        """The field's text is complete (Enter, or a pause): the deal it names is applied, one
        undo step, or the field is marked with why not and the table keeps its deal."""
        try:
            self.session.set_deal_text(text)
        except WhistError as exc:
            self.notation.set_error(str(exc))
            return
        self.notation.set_error("")

    def revert_text(self) -> None:
        """The deal field back to the current deal's text, with no error (typed text that was
        not applied yet is dropped)."""
        self.notation.show_text(str(self.session.document.deal))

    def _undo_from_text(self) -> None:
        self.session.undo_stack.undo()
        self.revert_text()

    def _redo_from_text(self) -> None:
        self.session.undo_stack.redo()
        self.revert_text()

    def _focus_text(self) -> None:
        self.notation.edit.setFocus()
        self.notation.edit.selectAll()

    def _remove_last_suit(self) -> None:
        n = len(self.session.document.deal.suits)
        if not self.session.remove_suit(n - 1):
            self.message.emit("A deal keeps at least one suit", 5000)

    def open_example(self, number: int) -> None:
        ex = {e.number: e for e in load_examples()}[number]
        if self.services.let_go(self):
            doc = Document.from_deal(
                ex.deal, lead=ex.lead or Player.WEST, title=ex.title, note=ex.note
            )
            before = self.session.game
            self.session.replace(doc)
            said = f"Example {ex.title}"
            if before != doc.game:  # the examples are whist's: say the game changed with it
                said += (
                    f" — the game is now {game_label(find_game(doc.game))}, the examples' "
                    f"game (it was {game_label(find_game(before))})"
                )
            self.message.emit(said, 8000)

    # -- the inspector and optimal play --------------------------------------------------------
    def _on_inspector_shown(self, on: bool) -> None:
        """The inspector opened from the View menu shows the deal's first suit rather than an
        empty pane."""
        if not on or self.inspector.has_content():
            return
        deal = self.session.document.deal
        for i, suit in enumerate(deal.suits):
            if not suit.is_empty and self.inspector.cannot_inspect(suit) is None:
                self.inspect_suit(i)
                break

    def focus_inspector(self) -> None:
        """The inspector to the front, the keys to the view of its tab: the α matrix (the
        tree is the next Tab), the play tree, R43's tables; the tab bar where nothing is
        shown."""
        ins = self.inspector
        self.inspector_dock.raise_()
        tab = ins.tabs.currentWidget()
        target: QWidget = ins.tabs.tabBar()
        if tab is ins.suit_tab and ins.suit_tab.currentWidget() is ins.reductions:
            target = ins.matrix
        elif tab is ins.play_page:
            target = ins.play_page.play_tree
        elif tab is ins.r43:
            target = ins.r43.outcomes
        target.setFocus(Qt.FocusReason.ShortcutFocusReason)

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
            self.message.emit(f"Suit {deal.names[index]}: {why}", 8000)
        self.inspector.open_suit_at(index)

    def inspect_deal(self) -> None:
        """Open the session's deal, with its leader, as a play tree in the inspector (searched
        by the game's rules, with progress and Cancel; it follows the deal from then on)."""
        why = self.inspector.inspect_session_deal()
        if why is not None:
            self.message.emit(f"No play tree: {why}", 8000)
            return
        self.inspector_dock.show()
        self.inspector_dock.raise_()

    def play_deal(self) -> None:
        """Open the optimal-play panel on the session's deal (it follows the deal from then
        on)."""
        why = self.play_panel.follow()
        if why is not None:
            self.message.emit(f"No optimal play: {why}", 10000)
            return
        self.play_dock.show()
        self.play_dock.raise_()
        self.play_panel.setFocus()

    def _fill_inspect_menu(self) -> None:
        self.inspect_menu.clear()
        deal = self.session.document.deal
        for i, (suit, name) in enumerate(zip(deal.suits, deal.names, strict=True)):
            act = self.inspect_menu.addAction(f"{suit_symbol(name)}  {suit}")
            act.setEnabled(self._cannot_inspect(suit) is None)
            act.triggered.connect(lambda _=False, i=i: self.inspect_suit(i))

    # -- dialogs ------------------------------------------------------------------------------
    def random_dialog(self) -> None:
        from whistgui.ui.trick.random_deal_dialog import RandomDealDialog

        settings = self.services.settings
        dlg = RandomDealDialog(self.services.window, seed=int(settings.value("random/seed", 1)))
        if dlg.exec() != QDialog.DialogCode.Accepted:
            return
        try:
            doc = dlg.document()
        except (WhistError, ValueError) as exc:
            QMessageBox.warning(self.services.window, "Random deal", str(exc))
            return
        settings.setValue("random/seed", dlg.seed.value())
        if self.services.let_go(self):  # a random deal in the same game
            self.session.replace(replace(doc, game=self.session.game))

    def deck_dialog(self) -> None:
        from whistgui.ui.trick.deck_dialog import DeckDialog

        dlg = DeckDialog(self.session.document, self.services.window)
        if dlg.exec() != QDialog.DialogCode.Accepted:
            return
        suit, deck = dlg.deck()
        try:
            self.session.set_deck(suit, deck)
        except (WhistError, ValueError) as exc:
            QMessageBox.warning(self.services.window, "Suit length", str(exc))

    def edit_note(self) -> None:
        from whistgui.ui.trick.note_dialog import NoteDialog

        doc = self.session.document
        dlg = NoteDialog(doc.title, doc.note, self.services.window)
        if dlg.exec() == QDialog.DialogCode.Accepted:
            self.session.set_title_note(dlg.title.text(), dlg.note.toPlainText())
