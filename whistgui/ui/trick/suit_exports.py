"""The inspector's Export menu: the suit shown (the node walked to) as figures — its α matrix,
number line and tree, drawn from the data by :mod:`whistgui.figures` — and its α matrix as a
LaTeX table."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMenu, QWidget

from whistgui.app.document import Document
from whistgui.engine import Deal, SuitAnalysis, SuitDeal, WhistError
from whistgui.engine.games.whist.latex import alpha_matrix_latex
from whistgui.figures import build_figure
from whistgui.figures import write as write_figure
from whistgui.figures.text import ensure_app
from whistgui.ui.engine_service import EngineService
from whistgui.ui.widgets.figure_dialog import FigureDialog

__all__ = ["SuitExports"]


class SuitExports:
    """Exports of what ``shown()`` gives — the suit shown and its game's name — and of
    ``analysis()`` (the node's α matrix, grouped as ``grouped()`` says). Dialogs open over
    ``parent``; ``say`` tells why there is nothing to export."""

    def __init__(
        self,
        parent: QWidget,
        service: EngineService,
        shown: Callable[[], tuple[SuitDeal | None, str]],
        analysis: Callable[[], SuitAnalysis | None],
        grouped: Callable[[], bool],
        say: Callable[[str], None],
    ) -> None:
        self._parent = parent
        self._service = service
        self._shown = shown
        self._analysis = analysis
        self._grouped = grouped
        self._say = say

    def fill(self, menu: QMenu) -> None:
        """The menu's entries."""
        for label, fn in (
            ("Matrix Figure…", lambda: self.figure_dialog("matrix")),
            ("Matrix as LaTeX Table…", self._latex_dialog),
            ("Number Line Figure…", lambda: self.figure_dialog("numberline")),
            ("Tree Figure…", lambda: self.figure_dialog("tree")),
        ):
            act = menu.addAction(label)
            act.triggered.connect(fn)

    def document(self) -> Document:
        """The suit shown as a one-suit document, for figures."""
        suit, game = self._shown()
        if suit is None:
            raise WhistError("no suit is being inspected")
        return Document.from_deal(Deal([suit]), game=game)

    def figure_dialog(self, view: str) -> FigureDialog | None:
        """Export Figure on the suit shown, starting on ``view``."""
        try:
            doc = self.document()
        except WhistError as exc:
            self._say(str(exc))
            return None
        ensure_app()
        dlg = FigureDialog(doc, self._service, None, self._parent, view=view, suit=1)
        dlg.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dlg.show()
        return dlg

    def _latex_dialog(self) -> None:
        from PySide6.QtWidgets import QFileDialog, QMessageBox

        path, _ = QFileDialog.getSaveFileName(self._parent, "Export LaTeX", "alpha.tex")
        if not path:
            return
        try:
            self.export_latex(path)
        except (OSError, ValueError) as exc:
            QMessageBox.warning(self._parent, "Export", str(exc))

    def latex(self) -> str:
        """The α matrix of the current node as a LaTeX ``tabular``."""
        analysis = self._analysis()
        if analysis is None:
            raise ValueError("no suit is being inspected")
        return alpha_matrix_latex(analysis, group_sequences=self._grouped())

    def export_latex(self, path: str | Path) -> Path:
        target = Path(path)
        try:
            target.write_text(self.latex() + "\n", encoding="utf-8")
        except OSError as exc:
            raise ValueError(f"could not write {str(target)!r}: {exc.strerror}") from exc
        return target

    def export_views(self, folder: str | Path, stem: str = "inspector") -> list[Path]:
        """The suit shown as matrix, number line and tree figures, PNG and SVG (drawn from
        the data, 120 mm wide), and its α matrix as a LaTeX table."""
        out = Path(folder)
        doc = self.document()
        paths = []
        for view in ("matrix", "numberline", "tree"):
            fig = build_figure(view, doc)
            for suffix in (".png", ".svg"):
                paths.append(write_figure(fig, out / f"{stem}-{view}{suffix}"))
        paths.append(self.export_latex(out / f"{stem}-alpha.tex"))
        return paths
