"""The Single Suits laboratory as a workspace: a window of its own, registered like the others.

It stays a window beside the main one rather than becoming a page of it: a click on a row opens
that suit in the card table and the inspector *behind* the list, so that one clicks on down the
rows and watches the table follow — the list and the table must be on the screen together, which
a page (shown instead of the table) cannot do. It is made the first time View ▸ Single Suits
opens it, and it gives its suits to whichever workspace takes trick-game documents (the host
finds it; this package knows none): a :class:`~whistgui.ui.workspace.Handover` of the suit in
whist, the game whose values the list shows — never in the last game the table was in."""

from __future__ import annotations

from typing import ClassVar

from PySide6.QtCore import QEvent, QObject, QPoint, QRect
from PySide6.QtWidgets import QWidget

from whistgui.app.document import Document
from whistgui.engine import Deal
from whistgui.engine.trick.deal import SuitDeal
from whistgui.ui.lab.keys import GAME, KEYS_HTML
from whistgui.ui.workspace import Handover, Opener, Services, Workspace

__all__ = ["GAME", "LabWorkspace"]


class LabWorkspace(Workspace):
    """Every single suit of n cards a hand, in a window of its own."""

    name: ClassVar[str] = "lab"
    title: ClassVar[str] = "Single Suits"
    hosted: ClassVar[bool] = False
    opener: ClassVar[Opener | None] = Opener(
        "Single &Suits…",
        "Ctrl+Shift+L",
        "Every single suit of n cards a hand: values, R43's T₀, H, H̄, plots",
    )
    keys_html: ClassVar[str] = KEYS_HTML

    def __init__(self, services: Services) -> None:
        from whistgui.ui.lab.window import SingleSuitsWindow  # and pyqtgraph: when first opened

        super().__init__(services)
        self.suits = SingleSuitsWindow(services.engine, services.window, settings=services.settings)
        self.suits.suitChosen.connect(self.open_suit)
        self.suits.showTable.connect(self.frontRequested)
        self.suits.message.connect(lambda text: self.message.emit(text, 8000))
        self.suits.installEventFilter(self)
        self._listed = False
        self._placed = False  # centred on the main window at its first showing

    def widget(self) -> QWidget:
        return self.suits

    def open_suit(self, pattern: str) -> None:
        """Hand the suit ``pattern`` (owners low to high) over as a deal of whist, to be shown
        in the inspector (an undo step of the receiving workspace)."""
        suit = SuitDeal.from_pattern(pattern)
        doc = Document.from_deal(Deal([suit]), game=GAME)
        self.handover.emit(Handover(doc, f"Open the suit {suit}", view="inspector"))

    def shown(self) -> None:
        """Its window comes to the front; the first time, it lists n = 6 at once."""
        if not self._listed:
            self._listed = True
            self.suits.list_suits()
        self.suits.raise_()
        self.suits.activateWindow()

    def hidden(self) -> None:
        """Its window closed: a listing under way is no longer watched."""
        self.suits.cancel_listing()

    def place(self) -> None:
        """Its window centred on the main window, within the main window's screen (no larger
        than its room there); it stays where the user moves it afterwards."""
        main = self.services.window
        room = main.screen().availableGeometry()
        frame = self.suits.frameGeometry()
        margins = frame.size() - self.suits.size()  # the window manager's frame (none yet)
        size = frame.size().boundedTo(room.size())
        if size != frame.size():
            self.suits.resize(size - margins)
        rect = QRect(QPoint(0, 0), size)
        rect.moveCenter(main.frameGeometry().center())
        x = max(room.left(), min(rect.left(), room.right() + 1 - rect.width()))
        y = max(room.top(), min(rect.top(), room.bottom() + 1 - rect.height()))
        self.suits.move(x, y)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.suits and event.type() == QEvent.Type.Show and not self._placed:
            self._placed = True  # before the window is mapped: it opens where it belongs
            self.place()
        if watched is self.suits and event.type() == QEvent.Type.Hide and self.is_shown:
            self.is_shown = False
            self.hidden()
        return super().eventFilter(watched, event)

    def shutdown(self) -> None:
        self.suits.shutdown()
