"""The main window: it hosts the current workspace and knows none by name.

The workspaces are those of :data:`~whistgui.ui.workspace.WORKSPACES`, each made the first time
it is needed. The window holds what is common to them — File, Edit's undo and redo (a
:class:`QUndoGroup` following the workspace shown), Deal ▸ Game (the chooser of every
workspace's choices, also the toolbar's Game box), View's theme and Stop, Help, recent files,
the status bar with the engine's progress — and shows the current workspace's page, docks, menus
and actions, and only its: switching workspace puts away the docks of the one left, as the user
left them, and brings back those of the one shown. Open, Open Recent and a dropped file go to
the workspace of the file's kind; Export Figure asks the workspace shown for its figure;
quitting asks once about every workspace with unsaved changes. The window opens at a size
proportional to its screen and never asks for more than the screen (:mod:`~whistgui.ui.host.fit`).
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import (
    QByteArray,
    QChildEvent,
    QEvent,
    QMimeData,
    QRect,
    QSettings,
    QSize,
    Qt,
    QTimer,
)
from PySide6.QtGui import (
    QAction,
    QActionGroup,
    QCloseEvent,
    QDragEnterEvent,
    QDropEvent,
    QKeySequence,
    QResizeEvent,
    QUndoGroup,
)
from PySide6.QtWidgets import (
    QApplication,
    QDockWidget,
    QFileDialog,
    QMainWindow,
    QMenu,
    QMessageBox,
    QTabBar,
    QWidget,
)

from whistgui.engine import WhistError
from whistgui.ui.engine_service import EngineService, JobStatus
from whistgui.ui.host import fit
from whistgui.ui.host.chooser import GameChooser
from whistgui.ui.host.help import about_html, keys_html
from whistgui.ui.host.recent import RecentFiles
from whistgui.ui.host.status import StatusBar
from whistgui.ui.host.unsaved import let_go
from whistgui.ui.theme import THEMES, apply_theme
from whistgui.ui.widgets.keys import redo_keys, undo_keys
from whistgui.ui.widgets.keys_dialog import KeysDialog
from whistgui.ui.widgets.messages import for_display
from whistgui.ui.widgets.scroll import FitScrollArea
from whistgui.ui.workspace import (
    MENUS,
    WORKSPACES,
    Handover,
    Services,
    Workspace,
    find_workspace,
    workspace_class,
)

if TYPE_CHECKING:  # the figures and their dialog are imported when first asked for
    from whistgui.figures import FigureOptions
    from whistgui.ui.widgets.figure_dialog import FigureDialog

__all__ = ["MainWindow"]


def _emptied(menu: QMenu) -> QMenu:
    """``menu`` with nothing in it: its actions taken out, not deleted (QMenu.clear deletes
    actions it shows, whoever owns them), its separators deleted."""
    for act in menu.actions():
        menu.removeAction(act)
        if act.isSeparator():
            act.deleteLater()
    return menu


class MainWindow(QMainWindow):
    """The application's main window."""

    def __init__(self, settings: QSettings | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.settings = settings if settings is not None else QSettings("whistgui", "whistgui")
        #: the one engine worker: every workspace's computations, with progress and Cancel
        self.engine = EngineService(self)
        # the opening deal's analysis (and any view's opening work) after the first paint
        self.engine.hold_until_painted(self)
        self.services = Services(self.engine, self.settings, self, self._let_go_one)
        self.classes = {e.name: workspace_class(e) for e in WORKSPACES}
        self.figure_dialog: FigureDialog | None = None  # File ▸ Export Figure, once opened
        self.keys_dialog: KeysDialog | None = None  # Help ▸ Keyboard Shortcuts, once opened
        self._made: dict[str, Workspace] = {}
        self._current: Workspace | None = None
        self._scrolls: dict[str, FitScrollArea] = {}  # each hosted workspace's page, scrolled
        self._dock_state: dict[str, QByteArray] = {}  # the docks as a workspace left them
        self._sized_docks: set[QDockWidget] = set()
        #: docks still at the height their first showing gave them (the user has not moved
        #: them): sized again by the same rule when the window grows or shrinks
        self._first_heights: dict[QDockWidget, int] = {}
        self.pages = fit.PageStack(self)
        self.setCentralWidget(self.pages)
        self.undo_group = QUndoGroup(self)

        hosted = [c for c in self.classes.values() if c.hosted]
        self.chooser = GameChooser([c.choices() for c in self.classes.values()], self)
        self.chooser.chosen.connect(self.set_game)
        self.game_selector = self.chooser.selector
        self.addToolBar(Qt.ToolBarArea.TopToolBarArea, self.game_selector)
        self.recent = RecentFiles(self.settings, self)
        self.recent.chosen.connect(self._open_recent)
        self._build_actions()
        self._build_menus()
        self.setAcceptDrops(True)  # files dropped on the window open in their workspace
        self.setStatusBar(StatusBar(self))  # a long message elided, whole in its tooltip
        self.job_status = JobStatus(self.engine, self)
        self.statusBar().addPermanentWidget(self.job_status)
        self.statusBar().showMessage("Ready")
        self._fit_to_screen()
        self.show_workspace(hosted[0].name)

    # -- the workspaces -------------------------------------------------------------------
    @property
    def current(self) -> Workspace:
        """The workspace shown."""
        assert self._current is not None  # one is shown from the start
        return self._current

    def workspace(self, name: str) -> Workspace:
        """The workspace ``name``, made (not shown: its page and docks join the window when it
        is first shown) the first time it is asked for."""
        made = self._made.get(name)
        if made is not None:
            return made
        ws = workspace_class(find_workspace(name))(self.services)
        self._made[name] = ws
        ws.message.connect(lambda text, ms, w=ws: self._say(w, text, ms))
        ws.titleChanged.connect(lambda w=ws: self._update_title() if w is self._current else None)
        ws.choiceChanged.connect(
            lambda key, w=ws: self.chooser.show_choice(key) if w is self._current else None
        )
        ws.fileUsed.connect(lambda path: self.recent.add(Path(path)) if path else None)
        ws.handover.connect(self.hand_over)
        ws.frontRequested.connect(self._to_front)
        stack = ws.undo_stack()
        if stack is not None:
            self.undo_group.addStack(stack)
        return ws

    def _say(self, ws: Workspace, text: str, ms: int) -> None:
        """``ws``'s status message, shown only while ``ws`` is (a workspace put away says
        nothing over the one shown); an empty one clears the bar."""
        if ws is self._current or not ws.hosted:
            self.statusBar().showMessage(text, ms)

    def _install(self, ws: Workspace) -> None:
        """A hosted workspace's page in the stack (scrolled when the window is smaller than
        it) and its docks in the window, hidden: the first time it is shown."""
        scroll = FitScrollArea(ws.widget(), by_minimum=True)
        self._scrolls[ws.name] = scroll
        self._set_limit(ws)
        self.pages.addWidget(scroll)
        previous: QDockWidget | None = None
        for dock in ws.docks():
            self.addDockWidget(Qt.DockWidgetArea.BottomDockWidgetArea, dock)
            if previous is not None:
                self.tabifyDockWidget(previous, dock)
            previous = dock
            dock.hide()
            dock.visibilityChanged.connect(lambda _on, w=ws: self._set_limit(w))
            dock.visibilityChanged.connect(
                lambda on, d=dock: self._on_dock_shown(d) if on else None
            )
            dock.topLevelChanged.connect(lambda _f, w=ws: self._set_limit(w))
            dock.topLevelChanged.connect(lambda _floating, d=dock, w=ws: self._on_floating(w, d))

    def show_workspace(self, name: str) -> Workspace:
        """Show the workspace ``name`` (made if need be): a hosted one in place of the one
        shown — whose docks go away as the user left them, to come back when it is shown
        again — or one with a window of its own, whose window opens."""
        ws = self.workspace(name)
        if not ws.hosted:
            ws.widget().show()
            ws.is_shown = True
            ws.shown()
            return ws
        old = self._current
        if ws is old:
            return ws
        if old is not None:
            self._dock_state[old.name] = self.saveState()
            for dock in old.docks():
                dock.hide()
            old.is_shown = False
            self.statusBar().clearMessage()  # the message of the one left goes with it
        self._current = ws
        if name not in self._scrolls:
            self._install(ws)
        self.pages.setCurrentWidget(self._scrolls[name])
        state = self._dock_state.get(name)
        if state is not None:
            self.restoreState(state)
        self.undo_group.setActiveStack(ws.undo_stack())
        self._rebuild_menus()
        self.act_new.setEnabled(ws.can_new)
        for act in (self.act_save, self.act_save_as):
            act.setEnabled(ws.can_save)
        for act in (self.act_export, self.act_copy_image, self.act_copy_svg):
            act.setEnabled(ws.has_figures())
        self.chooser.show_choice(ws.current_choice())
        self._update_title()
        if old is not None:
            old.hidden()  # after its widget and docks are off the screen
        ws.is_shown = True
        ws.shown()
        return ws

    def hand_over(self, handover: Handover) -> bool:
        """Give ``handover``'s document to the workspace that takes its kind, shown; False if
        none does."""
        for name, cls in self.classes.items():
            if cls.takes(handover.document):
                self.show_workspace(name).receive(handover)
                return True
        return False

    def _to_front(self) -> None:
        """This window above the others (a window of its own handed a document over)."""
        self.raise_()
        self.activateWindow()

    def set_game(self, key: str) -> None:
        """The game chooser's ``key``: show the workspace that offers it, and tell it."""
        for name, cls in self.classes.items():
            if cls.offers(key):
                ws = self.show_workspace(name)
                ws.choose(key)
                self.chooser.show_choice(ws.current_choice())
                return
        self.chooser.show_choice(self.current.current_choice())

    # -- actions and menus ----------------------------------------------------------------
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
        self.act_focus_game = self._action("Choose the &Game", self._focus_game, "Ctrl+G")
        self.act_about = self._action("&About whistgui", self.about)
        self.act_keys = self._action("&Keyboard Shortcuts", self.show_keys, "F1")
        self.act_cancel = self._action(
            "&Stop the Computation", self.engine.cancel_running, "Ctrl+."
        )
        self.act_cancel.setEnabled(False)
        self.engine.busy.connect(self.act_cancel.setEnabled)
        #: View's entries opening the workspaces that are windows of their own
        self.opener_actions: dict[str, QAction] = {}
        for name, cls in self.classes.items():
            if cls.opener is not None:
                act = self._action(
                    cls.opener.text,
                    lambda _=False, n=name: self.show_workspace(n),
                    cls.opener.shortcut or None,
                )
                act.setStatusTip(cls.opener.status_tip)
                self.opener_actions[name] = act

    def _build_menus(self) -> None:
        bar = self.menuBar()
        self.file_menu = bar.addMenu("&File")
        self.edit_menu = bar.addMenu("&Edit")
        self.deal_menu = bar.addMenu("&Deal")
        self.view_menu = bar.addMenu("&View")
        self.help_menu = bar.addMenu("&Help")
        self.help_menu.addAction(self.act_keys)
        self.help_menu.addAction(self.act_about)
        self.theme_menu = QMenu("&Theme", self)
        self.theme_actions: dict[str, QAction] = {}
        group = QActionGroup(self)
        for name in THEMES:
            act = self.theme_menu.addAction(f"&{name.title()}")
            act.setCheckable(True)
            act.triggered.connect(lambda _=False, n=name: self.set_theme(n))
            group.addAction(act)
            self.theme_actions[name] = act
        self.set_theme(str(self.settings.value("theme", "system")), save=False)
        self._workspace_menus: list[QMenu] = []

    def _rebuild_menus(self) -> None:
        """The host's menus with the current workspace's actions in them, and its own menus
        before Help; nothing of any other workspace."""
        ws = self.current
        given = ws.contributions()
        unknown = set(given) - set(MENUS)
        if unknown:
            raise ValueError(f"{ws.name} adds to menus {sorted(unknown)}; expected {MENUS}")

        def add(menu: QMenu, key: str) -> None:
            for item in given.get(key, ()):
                if item is None:
                    menu.addSeparator()
                elif isinstance(item, QMenu):
                    menu.addMenu(item)
                else:
                    menu.addAction(item)

        m = _emptied(self.file_menu)
        m.addAction(self.act_new)
        m.addAction(self.act_open)
        m.addMenu(self.recent.menu)
        m.addSeparator()
        m.addAction(self.act_save)
        m.addAction(self.act_save_as)
        m.addSeparator()
        m.addAction(self.act_export)
        m.addAction(self.act_copy_image)
        m.addAction(self.act_copy_svg)
        if given.get("file"):
            m.addSeparator()
            add(m, "file")
        m.addSeparator()
        m.addAction(self.act_quit)
        m = _emptied(self.edit_menu)
        m.addAction(self.act_undo)
        m.addAction(self.act_redo)
        if given.get("edit"):
            m.addSeparator()
            add(m, "edit")
        m = _emptied(self.deal_menu)
        m.addMenu(self.chooser.menu)
        if given.get("deal"):
            m.addSeparator()
            add(m, "deal")
        # a Deal menu with nothing of the workspace's own is not shown (GOPS): the Game box
        # still chooses the game
        m.menuAction().setVisible(bool(given.get("deal")))
        m = _emptied(self.view_menu)
        add(m, "view")
        if given.get("view"):
            m.addSeparator()
        for act in self.opener_actions.values():
            m.addAction(act)
        m.addAction(self.act_cancel)
        m.addSeparator()
        m.addMenu(self.theme_menu)
        bar = self.menuBar()
        for menu in self._workspace_menus:
            bar.removeAction(menu.menuAction())
        self._workspace_menus = list(ws.menus())
        for menu in self._workspace_menus:
            bar.insertMenu(self.help_menu.menuAction(), menu)

    def set_theme(self, name: str, *, save: bool = True) -> None:
        """View ▸ Theme: System, Light or Dark for the whole app, remembered in the settings
        (an unknown saved name falls back to System); every workspace made is told."""
        app = QApplication.instance()
        key = name if name in THEMES else "system"
        if isinstance(app, QApplication):
            apply_theme(app, key)
        self.theme_actions[key].setChecked(True)
        if save:
            self.settings.setValue("theme", key)
        for ws in self._made.values():
            ws.theme_changed(key)

    def _focus_game(self) -> None:
        self.game_selector.show()
        self.game_selector.combo.setFocus(Qt.FocusReason.ShortcutFocusReason)

    @property
    def game_actions(self) -> dict[str, QAction]:
        """Deal ▸ Game's entries, by key."""
        return self.chooser.actions

    def _update_title(self) -> None:
        ws = self.current
        self.setWindowTitle(ws.window_title())
        self.setWindowModified(ws.modified())

    # -- the window's size ----------------------------------------------------------------
    def _room(self) -> QSize:
        return fit.available_geometry(self).size()

    def _page_limit(self) -> QSize:
        return fit.page_limit(self._room())

    def _fit_to_screen(self) -> None:
        """Open at the size the screen gives room for, or as last closed if that still fits."""
        room = fit.available_geometry(self)
        geometry = self.settings.value("window/geometry")
        if geometry is not None and self.restoreGeometry(geometry):
            self.resize(self.size().boundedTo(fit.usable(room.size())))
        else:
            self.resize(fit.opening_size(room.size()))

    def _set_limit(self, ws: Workspace) -> None:
        """The most ``ws``'s page asks for: :func:`fit.page_limit` of the screen, and while a
        dock taking a share of the window (:meth:`Workspace.dock_share`) is in the window (a
        tab behind another too), :data:`fit.PAGE_FLOOR` of the window's height."""
        scroll = self._scrolls.get(ws.name)
        if scroll is None:
            return
        limit = self._page_limit()
        if any(
            d.isVisible() and not d.isFloating() and ws.dock_share(d) is not None
            for d in ws.docks()
        ):
            limit.setHeight(min(limit.height(), round(self.height() * fit.PAGE_FLOOR)))
        if limit != scroll.limit:
            scroll.set_limit(limit)
            self.pages.updateGeometry()  # the window's layout asks the pages again now

    def _on_floating(self, ws: Workspace, dock: QDockWidget) -> None:
        """A dock floated out of the window goes beside the docks left in it (above them,
        where a window filling the screen has room), within the screen — not over them; one
        with a share of the window docked again takes its share again."""

        def place() -> None:
            if not dock.isFloating():
                if ws.dock_share(dock) is not None and ws is self._current:
                    self._fit_dock(dock)
                return
            left = [d for d in ws.docks() if d is not dock and d.isVisible() and not d.isFloating()]
            avoid: QRect | None = None
            for d in left:
                frame = QRect(self.mapToGlobal(d.pos()), d.size())
                avoid = frame if avoid is None else avoid.united(frame)
            panel = dock.widget()
            want = dock.size().expandedTo(panel.sizeHint() if panel is not None else QSize())
            least = dock.minimumSizeHint()
            if panel is not None:
                least = least.expandedTo(getattr(panel, "page", panel).minimumSizeHint())
            dock.setGeometry(fit.float_place(fit.available_geometry(self), avoid, want, least))

        QTimer.singleShot(0, self, place)  # after the docks left have their places

    def refit(self) -> None:
        """The pages' limits for the screen the window is on now (called when it moves to
        another), the window no larger than its room."""
        for name in self._scrolls:
            self._set_limit(self._made[name])
        self.resize(self.size().boundedTo(fit.usable(self._room())))

    def showEvent(self, event) -> None:  # type: ignore[no-untyped-def]
        super().showEvent(event)
        handle = self.windowHandle()
        if handle is not None and not getattr(self, "_watching_screen", False):
            self._watching_screen = True
            handle.screenChanged.connect(lambda _s: self.refit())

    def _on_dock_shown(self, dock: QDockWidget) -> None:
        """A dock's first showing leaves the page shown the height it asks for where the
        window has it (so the cards stay large), and takes at least a third of the window
        (never more than 42 %, never so much that the page has less than its minimum) — or,
        a dock with a share of its own (:meth:`Workspace.dock_share`), that share, the page
        scrolling in the rest; later it opens as it was left. Until the user moves it, the
        rule holds as the window is resized (maximised after the first showing, the dock kept
        288 of 1,080 px)."""
        if dock in self._sized_docks:
            return
        self._sized_docks.add(dock)
        self._fit_dock(dock)

    def _fit_dock(self, dock: QDockWidget) -> None:
        ws = self.current
        mine = dock in ws.docks()
        share = ws.dock_share(dock) if mine else None
        if share is None and any(
            d is not dock and d.isVisible() and not d.isFloating() and ws.dock_share(d)
            for d in (ws.docks() if mine else ())
        ):
            return  # a dock with a share holds the bottom: its tabs keep that height
        room = dock.height() + self.pages.height()
        least = min(self.height() // 3, room - self.pages.minimumSizeHint().height())
        most = int(self.height() * 0.42)
        size = max(least, min(most, room - self.pages.sizeHint().height()))
        if share is not None:  # its share, the page its floor (it scrolls)
            size = min(round(self.height() * share), room - self.pages.minimumSizeHint().height())
        size = max(size, dock.minimumSizeHint().height())
        self.resizeDocks([dock], [size], Qt.Orientation.Vertical)
        self._first_heights[dock] = size  # the layout gives it later: compared then

    def childEvent(self, event: QChildEvent) -> None:
        """The tab bars of tabified docks (the window's own children, made as docks are
        tabbed) switch to a tab a drag hovers, after a short delay: a suit dragged from the
        inspector's tree reaches the worksheet tabbed behind it."""
        super().childEvent(event)
        child = event.child()
        if event.type() == QEvent.Type.ChildPolished and isinstance(child, QTabBar):
            child.setChangeCurrentOnDrag(True)
            child.setAcceptDrops(True)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        if self._current is not None and self._current.hosted:
            self._set_limit(self._current)  # the floor is a share of the window
        if self._first_heights:
            QTimer.singleShot(0, self._refit_first_docks)

    def _refit_first_docks(self) -> None:
        for dock, given in list(self._first_heights.items()):
            if not dock.isVisible() or dock.isFloating():
                continue
            if abs(dock.height() - given) > 2:  # moved by the user: its height is theirs now
                del self._first_heights[dock]
                continue
            self._fit_dock(dock)

    # -- files ----------------------------------------------------------------------------
    def _let_go_one(self, ws: Workspace) -> bool:
        """True if ``ws`` has no unsaved changes or the user lets them go (or saves them)."""
        return let_go(self, [ws])

    def _class_for(self, path: str | Path) -> str:
        """The workspace that opens ``path`` (by its kind; the first takes any other)."""
        for name, cls in self.classes.items():
            if cls.opens(path):
                return name
        return WORKSPACES[0].name

    def _let_go_for(self, path: str | Path) -> bool:
        name = self._class_for(path)
        return name not in self._made or self._let_go_one(self._made[name])

    def file_filter(self) -> str:
        """Open's filter: every kind of file any workspace opens, then each kind."""
        types = [t for cls in self.classes.values() for t in cls.file_types]
        every = " ".join(f"*{t.suffix}" for t in types)
        return ";;".join(
            [f"Deals and games ({every})", *(t.filter for t in types), "All files (*)"]
        )

    def new_document(self) -> None:
        ws = self.current
        if ws.can_new and self._let_go_one(ws):
            ws.new_document()

    def open_dialog(self) -> None:
        recent = self.recent.files()
        start = str(Path(recent[0]).parent) if recent else ""
        path, _ = QFileDialog.getOpenFileName(self, "Open", start, self.file_filter())
        if path and self._let_go_for(path):
            self.open_file(path)

    def load_file(self, path: str | Path) -> Workspace:
        """Open ``path`` in the workspace of its kind and show it; the project's error (or
        OSError) saying why not, the workspace shown and its document unchanged."""
        ws = self.workspace(self._class_for(path))
        ws.open(Path(path))
        return self.show_workspace(ws.name)

    def open_file(self, path: str | Path) -> bool:
        """Open ``path`` in the workspace of its kind; on failure say why (in the status bar
        first: the warning waits for the user) and keep everything as it was."""
        try:
            self.load_file(path)
        except (WhistError, OSError) as exc:
            said = for_display(str(exc))
            self.statusBar().showMessage(f"Not opened: {said}", 10000)
            QMessageBox.warning(self, "Cannot open", said)
            return False
        return True

    def _open_recent(self, path: str) -> None:
        if self._let_go_for(path):
            self.open_file(path)

    def recent_files(self) -> list[str]:
        return self.recent.files()

    @property
    def recent_menu(self) -> QMenu:
        return self.recent.menu

    def save(self) -> bool:
        return self.current.can_save and self.current.save()

    def save_as(self) -> bool:
        return self.current.can_save and self.current.save(ask=True)

    # -- figures --------------------------------------------------------------------------
    def export_dialog(
        self, view: str | None = None, *, suit: int | None = None, cards: int | None = None
    ) -> FigureDialog | None:
        """File ▸ Export Figure: the workspace's figures, the view, size, font and format
        chosen with a live preview (``view``, ``suit``, ``cards``: what to start on)."""
        from whistgui.figures.text import ensure_app
        from whistgui.ui.widgets.figure_dialog import FigureDialog

        ensure_app()  # the figure font is loaded on this thread, before the engine draws
        try:
            source = self.current.figure_source()
        except WhistError as exc:
            QMessageBox.warning(self, "Export Figure", str(exc))
            return None
        dlg = FigureDialog(
            source, self.engine, self.settings, self, view=view, suit=suit, cards=cards
        )
        dlg.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dlg.show()
        self.figure_dialog = dlg
        return dlg

    def export_figure(
        self, path: str | Path, view: str = "table", options: FigureOptions | None = None
    ) -> Path | None:
        """Write the figure ``view`` of the workspace shown to ``path`` (its format by the
        extension), drawn on this thread; None, with the reason shown, if it cannot be."""
        from whistgui.figures import FigureError, FigureOptions, write

        try:
            fig = self.current.figure_source().build(view, options or FigureOptions())
            out = write(fig, path)
        except (WhistError, FigureError) as exc:
            QMessageBox.warning(self, "Export", str(exc))
            return None
        self.statusBar().showMessage(f"Figure written to {out}", 5000)
        return out

    def copy_figure(self, *, svg: bool = False) -> None:
        """The workspace's figure on the clipboard, as an image (300 dpi) or as SVG."""
        from whistgui.figures import FigureOptions
        from whistgui.ui.widgets.figure_dialog import copy_figure_image, copy_figure_svg

        try:
            source = self.current.figure_source()
            fig = source.build(source.default_view, FigureOptions())
        except WhistError as exc:
            self.statusBar().showMessage(f"No figure: {exc}", 8000)
            return
        if svg:
            copy_figure_svg(fig)
        else:
            copy_figure_image(fig)
        what = "SVG" if svg else "an image"
        self.statusBar().showMessage(f"Figure copied to the clipboard as {what}", 4000)

    # -- help -----------------------------------------------------------------------------
    def keys_html(self) -> str:
        return keys_html(self.classes.values())

    def show_keys(self) -> None:
        """The keys in a dialog that fits the screen (the table scrolls inside it); F1 again
        brings it to the front."""
        room = fit.available_geometry(self).size()
        if self.keys_dialog is None:
            self.keys_dialog = KeysDialog(self, "Keyboard shortcuts", self.keys_html(), room)
        else:
            self.keys_dialog.fit_to(room)
        self.keys_dialog.show()
        self.keys_dialog.raise_()
        self.keys_dialog.activateWindow()

    def about(self) -> None:
        QMessageBox.about(self, "About whistgui", about_html())

    # -- dropping files -------------------------------------------------------------------
    def _dropped_file(self, mime: object) -> Path | None:
        if not isinstance(mime, QMimeData) or not mime.hasUrls():
            return None
        for url in mime.urls():
            if url.isLocalFile() and any(
                cls.opens(url.toLocalFile()) for cls in self.classes.values()
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
        if self._let_go_for(path):
            self.open_file(path)

    # -- lifetime -------------------------------------------------------------------------
    def closeEvent(self, event: QCloseEvent) -> None:
        """One question about every workspace with unsaved changes, then goodbye."""
        if not let_go(self, list(self._made.values())):
            event.ignore()
            return
        self.settings.setValue("window/geometry", self.saveGeometry())
        self.shutdown()
        event.accept()

    def shutdown(self) -> bool:
        """Cancel every computation and stop the engine's thread (within half a second);
        True if it stopped in time."""
        for ws in self._made.values():
            ws.shutdown()
        return self.engine.shutdown(0.5)
