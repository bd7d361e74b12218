"""File ▸ Export Handout…: the open file's boards as a club handout — a PDF, 1, 2 or 4 boards
to an A4 page, or an SVG or PNG file a board (``out-3.svg`` for the third) — the boards chosen
by a range (``1-4,9``, as ``whist bridge handout --boards``), written on the engine service
(the status bar's Cancel stops it between boards)."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QWidget,
)

from whistgui.app.bridge import BridgeDocument
from whistgui.engine.errors import NotationError
from whistgui.engine.reading import quote_path
from whistgui.ui.engine_service import JobContext
from whistgui.ui.theme import text_role

__all__ = ["HANDOUT_CHANNEL", "HandoutDialog", "write_handout"]

HANDOUT_CHANNEL = "bridge-handout"
_KINDS = (".pdf", ".svg", ".png")


def write_handout(
    boards: Sequence[BridgeDocument],
    places: Sequence[int],
    per_page: int,
    path: Path,
    ctx: JobContext | None = None,
) -> list[Path]:
    """Write the handout of ``boards`` at ``places`` (from 1) to ``path`` (by its suffix: a
    PDF, or an SVG/PNG file a board); the files written. NotationError for another suffix."""
    from whistgui.engine.bridge.dds import dd_tables
    from whistgui.figures.backends import encode
    from whistgui.figures.handout import (
        board_file,
        board_sheet,
        build_board_sheet,
        handout_pages,
        sheet_layout,
        to_pdf_pages,
    )

    kind = path.suffix.lower()
    if kind not in _KINDS:
        raise NotationError(f"{quote_path(path)}: expected a .pdf, .svg or .png file name")
    chosen = [(p, boards[p - 1].to_board()) for p in places]
    tables = dd_tables([b.deal for _, b in chosen])
    size, width = sheet_layout(per_page, kind[1:])
    sheets = []
    for i, ((place, board), table) in enumerate(zip(chosen, tables, strict=True)):
        if ctx is not None:
            if ctx.should_stop():
                return []
            ctx.report(f"board {i + 1} of {len(chosen)}")
        if isinstance(table, Exception):
            raise table
        sheet = board_sheet(board, board.board or str(place), table)
        sheets.append((place, build_board_sheet(sheet, width, size)))
    if kind == ".pdf":
        pages = handout_pages([fig for _, fig in sheets], per_page, "Hand records")
        path.write_bytes(to_pdf_pages(pages, "Hand records"))
        return [path]
    written = []
    for place, fig in sheets:
        out = board_file(path, place)
        out.write_bytes(encode(fig, kind[1:], dpi=150))
        written.append(out)
    return written


class HandoutDialog(QDialog):
    """The handout's choices: boards to a page, and which boards."""

    def __init__(self, count: int, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Export Handout")
        self.count = count
        self.per_page = QComboBox(self)
        for n in (1, 2, 4):
            self.per_page.addItem(f"{n} board{'s' if n > 1 else ''} a page (PDF)", n)
        self.per_page.setCurrentIndex(1)
        self.boards = QLineEdit(f"1-{count}" if count > 1 else "1", self)
        self.boards.setToolTip("The boards by their place in the file: 3, 1-8, 1-4,9")
        self.error = QLabel(self)
        self.error.setWordWrap(True)
        text_role(self.error, "error")
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Save | QDialogButtonBox.StandardButton.Cancel, self
        )
        buttons.accepted.connect(self._accept)
        buttons.rejected.connect(self.reject)
        form = QFormLayout(self)
        form.addRow("&Per page:", self.per_page)
        form.addRow("Boa&rds:", self.boards)
        form.addRow(self.error)
        form.addRow(
            QLabel(
                f"{count} board{'s' if count != 1 else ''} open. A .svg or .png name writes "
                "a file a board.",
                self,
            )
        )
        form.addRow(buttons)

    def places(self) -> list[int]:
        """The boards chosen (NotationError quoting the range if it cannot be read)."""
        from whistgui.cli.bridge_handout import parse_boards

        return parse_boards(self.boards.text().strip(), self.count)

    def _accept(self) -> None:
        try:
            self.places()
        except NotationError as exc:
            self.error.setText(str(exc))
            return
        self.error.setText("")
        self.accept()
