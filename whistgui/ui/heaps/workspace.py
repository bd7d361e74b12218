"""The workspace of the games of heaps and piles (strange algebra §6 and §9, issue 26), as the
main window hosts it: every game of :data:`~whistgui.engine.heaps.HEAP_GAMES` set up, edited
and played on its page (:class:`~whistgui.ui.heaps.page.HeapsPage`), ``.heaps`` files, its own
undo stack, the figure of the position. This module is what the host reads before the workspace
is made: it imports nothing of the games (the session, the page and the engine's games come
when the workspace is made)."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar, Final

from PySide6.QtWidgets import QWidget

from whistgui.ui.workspace import Choice, FileType, FileWorkspace, Services

if TYPE_CHECKING:  # imported when the workspace is made
    from whistgui.ui.heaps.page import HeapsPage
    from whistgui.ui.heaps.session import HeapsSession
    from whistgui.ui.widgets.figure_dialog import FigureSource

__all__ = ["FILE_SUFFIX", "HeapsWorkspace"]

#: :data:`whistgui.app.heaps_files.FILE_SUFFIX`, written here so that the host builds Open's
#: filter without importing the games (tests/ui/test_heaps_workspace.py checks they agree).
FILE_SUFFIX: Final = ".heaps"

KEYS_HTML: Final = """<tr><td colspan=2><b>Heaps and piles</b> (the toolbar's Game box, Alt+G:
Heaps and piles; or open a .heaps file)</td></tr>
<tr><td>Alt+R; Alt+K</td><td>the rules (nim, misère nim, Moore's nim, …); K, for a game that
takes one</td></tr>
<tr><td>Alt+P</td><td>the position as text, in the board's order (Enter applies it; Esc:
back)</td></tr>
<tr><td>Alt+T; Alt+L</td><td>who is to move; the start flag (comply/constrain)</td></tr>
<tr><td>Click a counter (Enter, Space)</td><td>take it and every counter above it (hackenbush:
cut it; an octal game: a menu of the cuts and splits of the heap there); the badges: the
result after it, outlined: optimal; hollow: the theory's, until the
search's come</td></tr>
<tr><td>Alt+M, then Enter or a double click</td><td>the moves, every one marked: play the
current one — a move from several heaps at once (Moore's nim) is played only here; ▸ opens
a take's other constraints (comply/constrain)</td></tr>
<tr><td>Drag a stack's top up or down</td><td>make it taller or shorter</td></tr>
<tr><td>Drag a counter off the board; onto a stack; into “new”</td><td>remove it; move it
there; a new stack of it</td></tr>
<tr><td>Drag from the palette</td><td>a new counter (piles: blue or red) onto a stack</td></tr>
<tr><td>Arrows, Home, End (on the board)</td><td>walk the counters (the focused one has an
amber ring, the board an amber frame)</td></tr>
<tr><td>+ (B, R); −; Delete; Shift+Delete; Insert</td><td>add a counter on top (blue, red);
take the top one off; remove the focused counter; the stack; a new stack</td></tr>
<tr><td>Alt+O; Alt+Q</td><td>the position's tab; the quotient monoid's (strange algebra §5)
</td></tr>
<tr><td>Alt+X; Alt+C</td><td>the quotient: exact (octal games), or max heap, max heaps and
tests; compute it (Cancel stops it)</td></tr>
<tr><td>Arrows (in the table)</td><td>walk its entries: each says its representatives' sum
and the class it lands in; a header clicked marks its class everywhere</td></tr>
<tr><td>Alt+S; Alt+U</td><td>set the class's smallest representative on the board; the
entry's sum</td></tr>
<tr><td>Alt+B; Alt+A</td><td>the multiplication table; the P-position map (arrows, Enter or a
click: that position on the board)</td></tr>
<tr><td>Ctrl+E</td><td>export the position's figure — or, Export's view “quotient”, the
multiplication table — from anywhere, the text fields too</td></tr>"""


class HeapsWorkspace(FileWorkspace):
    """The game of heaps or piles being played, and the page that shows it."""

    session: HeapsSession

    name: ClassVar[str] = "heaps"
    title: ClassVar[str] = "Heaps and piles"
    file_types: ClassVar[tuple[FileType, ...]] = (
        FileType(FILE_SUFFIX, "Games of heaps and piles"),
    )
    can_new: ClassVar[bool] = True
    can_save: ClassVar[bool] = True
    keys_html: ClassVar[str] = KEYS_HTML
    save_title: ClassVar[str] = "Save game"

    def __init__(self, services: Services) -> None:
        from whistgui.ui.heaps.page import HeapsPage
        from whistgui.ui.heaps.session import HeapsSession

        super().__init__(services)
        self.session = HeapsSession(parent=self)
        self.page: HeapsPage = HeapsPage(self.session, services.engine)
        self.page.message.connect(lambda text: self.message.emit(text, 8000))
        self.page.beside.suitOpened.connect(self.open_suit)
        for signal in (
            self.session.pathChanged,
            self.session.modifiedChanged,
            self.session.documentChanged,
        ):
            signal.connect(self.titleChanged)

    @classmethod
    def choices(cls) -> tuple[Choice, ...]:
        return (
            Choice(
                "heaps",
                "Heaps and piles",
                "&Heaps and piles",
                "The games of heaps and piles of strange algebra §6 and §9: nim, misère nim, "
                "Moore's nim, comply/constrain nim, hackenbush and the others — played, edited "
                "and marked by exact search beside the game's theory",
                "Games of heaps and piles: nim, hackenbush, … with their theories",
            ),
        )

    def widget(self) -> QWidget:
        return self.page

    def open_suit(self, pattern: str, game: str = "whist", lead: str = "W") -> None:
        """Hand the whist suit ``pattern`` (owners low to high; Beside whist's) over as a deal
        of ``game`` (whist, or refined whist beside refined hackenbush) with ``lead`` ('W',
        'E': the player to move's side) on lead, to be shown in the inspector of the workspace
        that takes trick-game documents (as Single Suits does)."""
        from whistgui.app.document import Document
        from whistgui.engine import Deal
        from whistgui.engine.trick.cards import Player
        from whistgui.engine.trick.deal import SuitDeal
        from whistgui.ui.workspace import Handover

        suit = SuitDeal.from_pattern(pattern)
        doc = Document.from_deal(Deal([suit]), Player(lead), game=game)
        who = "West" if lead == "W" else "East"
        text = f"Open the suit {suit} ({game}, {who} on lead)"
        self.handover.emit(Handover(doc, text, view="inspector", with_lead=True))

    def new_document(self) -> None:
        from whistgui.app.heaps import HeapsDocument

        self.session.replace(HeapsDocument.new(self.session.document.game))

    def save_name(self) -> str:
        return f"{self.session.document.game.replace(':', '-')}{FILE_SUFFIX}"

    def unsaved_text(self) -> str:
        path = self.session.path
        return f"the game “{path.name}”" if path else "the new game of heaps"

    def window_title(self) -> str:
        path = self.session.path
        doc = self.session.document
        name = path.name if path else f"Untitled{FILE_SUFFIX}"
        return f"{name}[*] — {doc.game}: {doc.shown_text} — whistgui"

    def figure_source(self) -> FigureSource:
        return self.page.figure_source()

    def ready(self) -> bool:
        return self.page.ready()

    def shown(self) -> None:
        self.page.board.setFocus()

    def shutdown(self) -> None:
        self.page.shutdown()
