"""The bridge workspace, as the main window hosts it: four-hand bridge double dummy on its page
(:class:`~whistgui.ui.bridge.page.BridgePage`), ``.pbn`` hand records, its own undo stack, the
board's figures. This module is what the host reads before the workspace is made (its class's
name, choices, files): it imports nothing of bridge — the session, the page, the engine and DDS
come when the workspace is made."""

from __future__ import annotations

import sys
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, ClassVar, Final

from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QMenu, QWidget

from whistgui.engine.errors import WhistError
from whistgui.ui.workspace import Choice, FileType, FileWorkspace, Services

if TYPE_CHECKING:  # imported when the workspace is made: the window opens without bridge
    from whistgui.ui.bridge.page import BridgePage
    from whistgui.ui.bridge.session import BridgeSession
    from whistgui.ui.widgets.figure_dialog import FigureSource

#: :data:`whistgui.app.bridge.PBN_SUFFIX` and ``LIN_SUFFIX``, written here so that the host can
#: build Open's filter without importing bridge (tests/ui/test_startup.py checks that they agree).
PBN_SUFFIX: Final = ".pbn"
LIN_SUFFIX: Final = ".lin"
#: Save As's title when Save cannot write over the file opened (its bad boards left out).
LEFT_OUT_TITLE: Final = "Save boards under another name (the file has boards not opened)"
#: The module of :class:`~whistgui.app.bridge.BridgeDocument`, the documents it takes.
_DOCUMENTS: Final = "whistgui.app.bridge"

__all__ = ["KEYS_HTML", "BridgeWorkspace"]

KEYS_HTML = """<tr><td colspan=2><b>Bridge</b> (Game ▸ Bridge, or open .pbn, .lin files)</td></tr>
<tr><td>Arrows, Space; N E S W P</td><td>walk, select; send cards to a hand, the pool</td></tr>
<tr><td>Click / Enter on a card</td><td>play it (the badges: its result; outlined: best)</td></tr>
<tr><td>B, Autoplay</td><td>play the best card; play on card by card</td></tr>
<tr><td>Alt+Left / Alt+Right, Home / End</td><td>back, forward a card; start, end</td></tr>
<tr><td>Page Up / Page Down</td><td>back, forward a trick</td></tr>
<tr><td>Ctrl+R, Ctrl+Shift+R</td><td>a random deal; one to order (a constraint)</td></tr>
<tr><td>Alt+N; Alt+K</td><td>Best Continuation; Back to the Record (once left)</td></tr>
<tr><td>Alt+P, Alt+T</td><td>the Line of play tab, the Trick tree tab</td></tr>
<tr><td>Alt+D; Alt+L, Alt+B, Alt+C</td><td>the Deal menu; Deal field, Board, Contract</td></tr>"""


class BridgeWorkspace(FileWorkspace):
    """The open boards and the page that shows them."""

    session: BridgeSession

    name: ClassVar[str] = "bridge"
    title: ClassVar[str] = "Bridge"
    file_types: ClassVar[tuple[FileType, ...]] = (
        FileType(PBN_SUFFIX, "Bridge boards, PBN"),
        FileType(LIN_SUFFIX, "Bridge boards, LIN (BBO)"),
    )
    can_new: ClassVar[bool] = True
    can_save: ClassVar[bool] = True
    keys_html: ClassVar[str] = KEYS_HTML
    save_title: ClassVar[str] = "Save boards"

    def __init__(self, services: Services) -> None:
        from whistgui.ui.bridge.session import BridgeSession

        super().__init__(services)
        self.session = BridgeSession(parent=self)
        self._page: BridgePage | None = None  # made when first shown: it starts the DD table
        self._said = ""  # the page's last status message
        self._autoplay_said = ""  # the one that said autoplay is on
        # a bridge deal needs no choices: 52 cards, 13 each
        self.act_random = QAction("&Random Deal", self)
        self.act_random.setShortcut(QKeySequence("Ctrl+R"))
        self.act_random.setStatusTip(
            "Deal the 52 cards at random, to be played in the new deal's par contract"
        )
        self.act_random.triggered.connect(lambda: self.page.random_deal())
        self.act_to_order = QAction("Random Deal to &Order…", self)
        self.act_to_order.setShortcut(QKeySequence("Ctrl+Shift+R"))
        self.act_to_order.setStatusTip(
            "Deal at random until the deal meets a constraint: HCP, lengths, shapes"
        )
        self.act_to_order.triggered.connect(self.deal_to_order)
        self.act_add_board = QAction("&Add Random Board", self)
        self.act_add_board.setStatusTip(
            "A random board at the end of the file, with the next number's dealer and "
            "vulnerability; the boards there stay as they are"
        )
        self.act_add_board.triggered.connect(lambda: self.add_random_board())
        self._constraint = ""
        self.act_handout = QAction("Export &Handout…", self)
        self.act_handout.setStatusTip(
            "The open boards as a club handout: a PDF of 1, 2 or 4 boards a page, or SVG/PNG"
        )
        self.act_handout.triggered.connect(lambda: self.export_handout())
        self._handout_job = 0
        services.engine.finished.connect(self._on_handout_done)
        services.engine.failed.connect(self._on_handout_failed)
        for signal in (
            self.session.pathChanged,
            self.session.modifiedChanged,
            self.session.positionChanged,
        ):
            signal.connect(self.titleChanged)

    @classmethod
    def choices(cls) -> tuple[Choice, ...]:
        return (
            Choice(
                "bridge",
                "Bridge (double dummy)",
                "&Bridge (double dummy)",
                "Bridge, double dummy: four open hands, who makes which contract, and how",
                "Four-hand bridge, double dummy: the table, contracts and the play",
            ),
        )

    @classmethod
    def takes(cls, document: object) -> bool:
        """A :class:`~whistgui.app.bridge.BridgeDocument` (none exists before its module is
        imported: asked then, it takes nothing, and imports nothing)."""
        module = sys.modules.get(_DOCUMENTS)
        return module is not None and isinstance(document, module.BridgeDocument)

    @property
    def page(self) -> BridgePage:
        """The page: the table, the double-dummy table, the play (made the first time it is
        asked for — a file opened and refused never starts its computations)."""
        if self._page is None:
            from whistgui.ui.bridge.page import BridgePage

            page = self._page = BridgePage(self.session, self.services.engine)
            page.setObjectName("bridgePage")
            page.message.connect(self._say)
            page.autoplay_button.toggled.connect(self._on_autoplay)
            page.addAction(self.act_random)  # its key works while the page is shown
            page.addAction(self.act_to_order)
            page.dealToOrder.connect(self.deal_to_order)
            page.add_board_button.clicked.connect(lambda: self.add_random_board())
        return self._page

    def widget(self) -> QWidget:
        return self.page

    def _say(self, text: str) -> None:
        self._said = text
        self.message.emit(text, 8000)

    def _on_autoplay(self, on: bool) -> None:
        """Autoplay's message ("any action stops it") is said while it plays, and goes when
        it stops (another deal, a card played, the end) unless something has been said
        since."""
        if on:
            self._autoplay_said = self._said  # the page said it before this slot runs
        elif self._said and self._said == self._autoplay_said:
            self._said = self._autoplay_said = ""
            self.message.emit("", 0)

    def contributions(self) -> Mapping[str, Sequence[QAction | QMenu | None]]:
        return {
            "deal": (self.act_random, self.act_to_order, self.act_add_board),
            "file": (self.act_handout,),
        }

    def add_random_board(self) -> str:
        """Deal ▸ Add Random Board, or the + beside the boards: says what it did on the felt
        and in the status bar."""
        said = self.session.add_random_board()
        self.page.table.show_note(said)
        self._say(said)
        return said

    def export_handout(self, path: Path | None = None) -> int:
        """File ▸ Export Handout…: ask for the boards and the file (``path`` given: no file
        dialog), then write it on the engine service; the job's id (0: not started)."""
        from PySide6.QtWidgets import QFileDialog

        from whistgui.ui.bridge.handout_dialog import HANDOUT_CHANNEL, HandoutDialog, write_handout

        boards = self.session.boards
        dialog = HandoutDialog(len(boards), self.services.window)
        if dialog.exec() != HandoutDialog.DialogCode.Accepted:
            return 0
        places, per_page = dialog.places(), int(dialog.per_page.currentData())
        if path is None:
            name, _ = QFileDialog.getSaveFileName(
                self.services.window,
                "Export Handout",
                "handout.pdf",
                "PDF (*.pdf);;SVG, a file a board (*.svg);;PNG, a file a board (*.png)",
            )
            if not name:
                return 0
            path = Path(name)
        self._handout_job = self.services.engine.submit(
            HANDOUT_CHANNEL,
            lambda ctx: write_handout(boards, places, per_page, path, ctx),
            label=f"Handout of {len(places)} boards",
        )
        return self._handout_job

    def _on_handout_done(self, job: int, _channel: str, _tag: object, result: object) -> None:
        if job == self._handout_job and isinstance(result, list):
            self._say(f"Handout written: {', '.join(str(p) for p in result) or 'stopped'}")

    def _on_handout_failed(self, job: int, _channel: str, _tag: object, message: str) -> None:
        if job == self._handout_job:
            self._say(f"No handout: {message}")

    def deal_to_order(self) -> None:
        """Ask for a constraint (refused in the dialog if it cannot be read), then deal."""
        from whistgui.ui.bridge.deal_dialog import DealToOrderDialog

        dialog = DealToOrderDialog(self.services.window, self._constraint)
        if dialog.exec() != DealToOrderDialog.DialogCode.Accepted:
            return
        self._constraint = dialog.field.text()
        self.page.random_deal(dialog.chosen_seed(), dialog.constraint())

    def new_document(self) -> None:
        from whistgui.app.bridge import BridgeDocument

        self.session.replace((BridgeDocument.random(no_contract="new"),))  # par's contract

    def save_name(self) -> str:
        return f"boards{PBN_SUFFIX}"

    def save_filters(self) -> str:
        return ";;".join(t.filter for t in self.file_types) + ";;All files (*)"

    def save_filter(self, path: Path | None) -> str:
        """The file type Save As starts on: the one of ``path``'s suffix (a .lin file's is
        LIN), else PBN's."""
        suffix = path.suffix.lower() if path else ""
        kind = next((t for t in self.file_types if t.suffix == suffix), self.file_types[0])
        return kind.filter

    def save(self, *, ask: bool = False) -> bool:
        """Save to the session's file, or where the user says: a name ending ``.lin`` is
        written as LIN, ``.pbn`` as PBN; another gets the suffix of the filter chosen."""
        path = self.session.path
        if not ask and self.session.would_lose_boards(path):
            # Save (File ▸ Save, or the unsaved-changes question's) cannot write over a file
            # whose bad boards were left out: it is Save As there, and nothing is lost
            self._say(
                "This file has boards that were not opened: save the boards under another name"
            )
            ask = True
        if ask or path is None:
            from PySide6.QtWidgets import QFileDialog

            start = str(path or self.save_name())
            name, chosen = QFileDialog.getSaveFileName(
                self.services.window,
                self.save_title if not self.session.notice else LEFT_OUT_TITLE,
                start,
                self.save_filters(),
                self.save_filter(path),
            )
            if not name:
                return False
            suffixes = [t.suffix for t in self.file_types]
            if not any(name.lower().endswith(x) for x in suffixes):
                lin = chosen.startswith(self.file_types[1].description)
                name += LIN_SUFFIX if lin else PBN_SUFFIX
            path = Path(name)
        return self.save_to(path)

    def unsaved_text(self) -> str:
        path = self.session.path
        return f"the bridge boards “{path.name}”" if path else "the new bridge boards"

    def unsaved_plural(self) -> bool:
        return True

    def window_title(self) -> str:
        path = self.session.path
        name = path.name if path else f"Untitled{PBN_SUFFIX}"
        return f"{name}[*] — {self.session.describe()} — whistgui"

    def figure_source(self) -> FigureSource:
        from whistgui.ui.widgets.figure_dialog import FigureSource

        try:
            return FigureSource.bridge(self.session.document, self.session.cursor)
        except WhistError as exc:
            raise WhistError(f"No figure of this board: {exc}") from None

    def ready(self) -> bool:
        return self._page is None or self._page.ready()

    def shown(self) -> None:
        self.page.table.setFocus()

    def hidden(self) -> None:
        """Autoplay plays on only while someone watches."""
        if self._page is not None:
            self._page.set_autoplay(False)
