"""Workspaces: the protocol every room of the app follows, and :data:`WORKSPACES`, the only list
of them (the games registry :data:`~whistgui.engine.games.GAMES` is the model; napari's layer
controls container and QtCreator's modes are the anchors).

A workspace owns its session (its document), its central widget, its docks, its actions and
menus, its undo stack, its file types, its figure source, its title and status messages, and what
it does when it is shown, hidden, handed a document or given a new theme. The main window hosts
the current one and knows none of them by name: it reads :data:`WORKSPACES`, imports a
workspace's class only by the path written there, and makes the workspace the first time it is
needed. A new workspace is one folder under ``ui/`` and one line here.

What a workspace is known by before it is made — its name, title, file types, the choices it
offers the game chooser, the documents it takes — are class attributes, so that the menus, the
chooser and Open's file filter are built without making any workspace.

>>> [w.name for w in WORKSPACES]
['trick', 'bridge', 'heaps', 'gops', 'lab']
>>> find_workspace('bridge').target
'whistgui.ui.bridge.workspace:BridgeWorkspace'
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, ClassVar

from PySide6.QtCore import QObject, QSettings, Signal
from PySide6.QtGui import QAction, QUndoStack
from PySide6.QtWidgets import QDockWidget, QMenu, QWidget

from whistgui.engine.errors import NotationError, WhistError
from whistgui.engine.reading import quote
from whistgui.ui.widgets.files import ask_save_path, save_to

if TYPE_CHECKING:
    from whistgui.ui.engine_service import EngineService
    from whistgui.ui.session import FileSession
    from whistgui.ui.widgets.figure_dialog import FigureSource

__all__ = [
    "MENUS",
    "WORKSPACES",
    "Choice",
    "FileType",
    "FileWorkspace",
    "Handover",
    "Opener",
    "Services",
    "Workspace",
    "WorkspaceEntry",
    "find_workspace",
    "workspace_class",
]

#: The host's menus a workspace may add actions to (:meth:`Workspace.contributions`), by key.
MENUS: tuple[str, ...] = ("file", "edit", "deal", "view")


@dataclass(frozen=True, slots=True)
class FileType:
    """A kind of file a workspace opens (Open, Open Recent, a drop on the window) and saves."""

    suffix: str  # ".whist", lower case, with its dot
    description: str  # "whist deals": Open's filter reads "whist deals (*.whist)"

    @property
    def filter(self) -> str:
        return f"{self.description} (*{self.suffix})"


@dataclass(frozen=True, slots=True)
class Choice:
    """One entry of the game chooser (the toolbar's Game box and Deal ▸ Game): choosing it shows
    the workspace that offers it and tells it :meth:`Workspace.choose`."""

    key: str  # unique among all workspaces' choices: "whist", "bridge", …
    label: str  # the box's text
    menu_text: str  # the menu's text: the box's, with its mnemonic ("&Bridge (double dummy)")
    tip: str = ""  # the box's tooltip
    status_tip: str = ""  # the menu's status tip

    def __post_init__(self) -> None:
        if self.menu_text.replace("&&", "\0").replace("&", "").replace("\0", "&") != self.label:
            raise ValueError(
                f"the game {self.key!r} is {self.label!r} in the Game box but "
                f"{self.menu_text!r} in the Game menu; expected one name, with a mnemonic "
                "in the menu"
            )


@dataclass(frozen=True, slots=True)
class Opener:
    """How a workspace that is a window of its own is opened: an entry in View."""

    text: str  # "Single &Suits…"
    shortcut: str = ""
    status_tip: str = ""


@dataclass(frozen=True, slots=True)
class Handover:
    """A document one workspace gives another through the host: a suit chosen in Single Suits
    goes to the workspace that takes trick-game documents. The receiving workspace is found by
    the document's type (:attr:`Workspace.document_types`), never by name.

    ``replace``: a fresh start on ``document`` (its undo history cleared, as Open does);
    otherwise one undo step named ``text``. ``view``: a view of the receiving workspace to show
    the document in (the trick games: ``"inspector"``). ``with_lead``: the document's player
    on lead comes too (Beside whist: the side of the player to move), else the receiver's is
    kept."""

    document: object
    text: str = ""
    replace: bool = False
    view: str = ""
    with_lead: bool = False


@dataclass(frozen=True, slots=True)
class Services:
    """What the host lends every workspace: the one engine worker (progress and Cancel for
    all), the settings, the window to parent dialogs on, and the question before a workspace's
    unsaved changes are replaced (``let_go(workspace)``: True to go on)."""

    engine: EngineService
    settings: QSettings
    window: QWidget
    let_go: Callable[[Workspace], bool]


class Workspace(QObject):
    """A room of the app. Subclasses set the class attributes and override what they have; the
    defaults are a workspace that has none of it (no docks, no files, no figure, …)."""

    # -- known before the workspace is made ------------------------------------------------
    name: ClassVar[str] = ""
    title: ClassVar[str] = ""
    #: the files it opens and saves; the first workspace of :data:`WORKSPACES` also takes a
    #: file whose kind no workspace names (and says why it cannot read it)
    file_types: ClassVar[tuple[FileType, ...]] = ()
    #: the documents it takes from a :class:`Handover` (app-layer types)
    document_types: ClassVar[tuple[type, ...]] = ()
    #: shown in the main window (its central widget a page there); False: a window of its own
    #: (:attr:`opener` says how it is opened), beside whichever page is shown
    hosted: ClassVar[bool] = True
    opener: ClassVar[Opener | None] = None
    #: File ▸ New, File ▸ Save and Save As (Export and Copy Figure: :meth:`has_figures`)
    can_new: ClassVar[bool] = False
    can_save: ClassVar[bool] = False
    #: its section of Help ▸ Keyboard Shortcuts (rows of a two-column HTML table)
    keys_html: ClassVar[str] = ""

    # -- signals -----------------------------------------------------------------------------
    #: a status-bar message and how long to show it (ms)
    message = Signal(str, int)
    #: the window title or the unsaved mark changed (:meth:`window_title`, :meth:`modified`)
    titleChanged = Signal()
    #: the game chooser's entry for this workspace changed (:meth:`current_choice`)
    choiceChanged = Signal(str)
    #: a file was opened or saved (for Open Recent)
    fileUsed = Signal(object)
    #: a document for another workspace (:class:`Handover`)
    handover = Signal(object)
    #: bring the main window to the front (after a hand-over from a window of its own)
    frontRequested = Signal()

    def __init__(self, services: Services) -> None:
        super().__init__(services.window)
        self.services = services
        #: is it the workspace shown (a hosted one), or its window open (one of its own)?
        self.is_shown = False

    @classmethod
    def choices(cls) -> tuple[Choice, ...]:
        """Its entries in the game chooser (none: it is not a game)."""
        return ()

    @classmethod
    def offers(cls, key: str) -> bool:
        """Is ``key`` one of its choices (or a name it knows for one)?"""
        return any(c.key == key for c in cls.choices())

    @classmethod
    def has_figures(cls) -> bool:
        """Does it draw figures (File ▸ Export Figure, Copy Figure as Image or SVG)? Those
        that override :meth:`figure_source` do (which figure, and whether there is one now, is
        for it to say)."""
        return cls.figure_source is not Workspace.figure_source

    @classmethod
    def takes(cls, document: object) -> bool:
        return isinstance(document, cls.document_types)

    @classmethod
    def opens(cls, path: str | Path) -> bool:
        suffix = Path(path).suffix.lower()
        return any(t.suffix == suffix for t in cls.file_types)

    # -- its parts --------------------------------------------------------------------------
    def widget(self) -> QWidget:
        """Its central widget (hosted), or its window."""
        raise NotImplementedError

    def docks(self) -> Sequence[QDockWidget]:
        """Its docks; the host adds them to the main window (bottom, as tabs) and shows them
        only while the workspace is shown, as the user left them."""
        return ()

    def dock_share(self, dock: QDockWidget) -> float | None:
        """The share of the window's height ``dock`` takes when first shown, the page keeping
        only :data:`~whistgui.ui.host.fit.PAGE_FLOOR` of it (and scrolling) while the dock is
        in the window; None, as here: the page keeps the height it asks for where the window
        has it, the dock a third of the window at least."""
        return None

    def menus(self) -> Sequence[QMenu]:
        """Menus of its own, shown in the menu bar while it is shown (before Help)."""
        return ()

    def contributions(self) -> Mapping[str, Sequence[QAction | QMenu | None]]:
        """Its actions in the host's menus (:data:`MENUS`), None a separator; there only
        while it is shown."""
        return {}

    def undo_stack(self) -> QUndoStack | None:
        """The stack Edit ▸ Undo and Redo work on while it is shown (None: nothing to undo)."""
        return None

    # -- documents and files ----------------------------------------------------------------
    def open(self, path: Path) -> None:
        """Open ``path``; the project's error (or OSError) saying why not, nothing changed."""
        raise WhistError(f"cannot open {quote(str(path))} in {self.title}")

    def new_document(self) -> None:
        """File ▸ New (asked for only when :attr:`can_new`; the host has asked about unsaved
        changes)."""

    def save(self, *, ask: bool = False) -> bool:
        """File ▸ Save (``ask``: Save As): True if saved; a refusal is said by the workspace."""
        return False

    def modified(self) -> bool:
        """Are there unsaved changes (asked before they are replaced, and at quitting)?"""
        return False

    def unsaved_text(self) -> str:
        """What has the unsaved changes, for the question: "the deal “Untitled”"."""
        return self.title

    def unsaved_plural(self) -> bool:
        """Is :meth:`unsaved_text` plural ("the new bridge boards have unsaved changes")?"""
        return False

    def receive(self, handover: Handover) -> None:
        """Take the document of ``handover`` (one of :attr:`document_types`)."""

    # -- the chooser, the title, figures -----------------------------------------------------
    def current_choice(self) -> str:
        """Its entry in the game chooser now (the key of one of :meth:`choices`)."""
        choices = self.choices()
        return choices[0].key if choices else ""

    def choose(self, key: str) -> None:
        """The user chose ``key`` (one of :meth:`choices`) in the game chooser."""

    def window_title(self) -> str:
        """The main window's title while it is shown (``[*]`` where the unsaved mark goes)."""
        return f"{self.title} — whistgui"

    def figure_source(self) -> FigureSource:
        """What File ▸ Export Figure (and Copy Figure) draws; WhistError saying why there is
        none."""
        raise WhistError(f"no figure here: {self.title} has no figures")

    def ready(self) -> bool:
        """Is what it shows computed (for a screenshot)?"""
        return True

    # -- its life ----------------------------------------------------------------------------
    def shown(self) -> None:
        """It is the workspace shown now (its widget and docks are on screen): focus its main
        view, follow its session again."""

    def hidden(self) -> None:
        """Another is shown, or its window closed: its widget and docks are off the screen. Stop
        what only its views wanted (work nobody would see)."""

    def theme_changed(self, name: str) -> None:
        """View ▸ Theme chose ``name`` (the palette is already the new one)."""

    def shutdown(self) -> None:
        """The app is closing: cancel its work on the engine."""


class FileWorkspace(Workspace):
    """A workspace whose document is its :attr:`session`'s (a
    :class:`~whistgui.ui.session.FileSession`): Undo and Redo, Open, Save and the unsaved mark
    are the session's, as every such workspace has them. A subclass makes :attr:`session` and
    says how Save As asks (:attr:`save_title`, :meth:`save_name`, :meth:`save_filters`)."""

    session: FileSession
    #: the title of Save As's dialog ("Save deal")
    save_title: ClassVar[str] = "Save"

    def save_name(self) -> str:
        """The file name Save As offers for a document never saved."""
        return f"Untitled{self.file_types[0].suffix}"

    def save_filters(self) -> str:
        """The file filters of Save As's dialog."""
        return self.file_types[0].filter

    def undo_stack(self) -> QUndoStack:
        return self.session.undo_stack

    def open(self, path: Path) -> None:
        self.session.open(path)
        self.fileUsed.emit(path)

    def save(self, *, ask: bool = False) -> bool:
        """Save to the session's file, or where the user says (``ask``, or no file yet: the
        first file type's suffix added to a name without it)."""
        path = self.session.path
        if ask or path is None:
            start = str(path or self.save_name())
            suffix = self.file_types[0].suffix
            window = self.services.window
            path = ask_save_path(window, self.save_title, start, self.save_filters(), suffix)
            if path is None:
                return False
        return self.save_to(path)

    def save_to(self, path: Path) -> bool:
        """Save the document to ``path``; a refusal said in the status bar, then a warning."""
        if not save_to(self.services.window, self.session.save, path, self.message.emit):
            return False
        self.fileUsed.emit(path)
        return True

    def modified(self) -> bool:
        return self.session.modified


@dataclass(frozen=True, slots=True)
class WorkspaceEntry:
    """A line of :data:`WORKSPACES`: the workspace's name and where its class is
    (``module:Class``), imported when the host first needs it."""

    name: str
    target: str


#: Every workspace, in the order of the game chooser and of Help; the first is shown at start.
WORKSPACES: tuple[WorkspaceEntry, ...] = (
    WorkspaceEntry("trick", "whistgui.ui.trick.workspace:TrickWorkspace"),
    WorkspaceEntry("bridge", "whistgui.ui.bridge.workspace:BridgeWorkspace"),
    WorkspaceEntry("heaps", "whistgui.ui.heaps.workspace:HeapsWorkspace"),
    WorkspaceEntry("gops", "whistgui.ui.gops.workspace:GopsWorkspace"),
    WorkspaceEntry("lab", "whistgui.ui.lab.workspace:LabWorkspace"),
)


def find_workspace(name: str) -> WorkspaceEntry:
    """The entry of the workspace ``name``; NotationError naming the known ones otherwise."""
    for entry in WORKSPACES:
        if entry.name == name:
            return entry
    raise NotationError(
        f"unknown workspace {quote(name)}; expected one of {', '.join(w.name for w in WORKSPACES)}"
    )


_classes: dict[str, type[Workspace]] = {}


def workspace_class(entry: WorkspaceEntry) -> type[Workspace]:
    """The class of ``entry``, imported the first time (its module's widgets are made only when
    the workspace is)."""
    cls = _classes.get(entry.target)
    if cls is None:
        module, _, attr = entry.target.partition(":")
        found = getattr(importlib.import_module(module), attr)
        if not (isinstance(found, type) and issubclass(found, Workspace)):
            raise TypeError(f"{entry.target} is not a Workspace")
        if found.name != entry.name:
            raise TypeError(f"{entry.target} is named {found.name!r}, not {entry.name!r}")
        cls = _classes[entry.target] = found
    return cls
