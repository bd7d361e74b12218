"""Examples: the paper's deals, each opening as a fresh document; where the paper's numbers are
formulas, not deals, a disabled line says so."""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from PySide6.QtGui import QAction
from PySide6.QtWidgets import QMenu, QWidget

from whistgui.app.examples import load_examples

__all__ = ["FORMULAS_NOTE", "FORMULAS_TEXT", "FORMULA_NUMBERS", "examples_menu"]

#: The paper's numbers that are formulas, not deals: the Examples menu says so in their place.
FORMULA_NUMBERS: Final = (20, 21, 22)
FORMULAS_TEXT: Final = "(20)–(22) are formulas in the paper, not deals"
FORMULAS_NOTE: Final = (
    "(20) [A, K] ≥ 0 and (21) the order of the two-card suits are inequalities between "
    "values, and (22) is the minmax of a family of deals: there is no deal to open."
)


def _formulas_entry(menu: QMenu) -> QAction:
    """A disabled line in the menu where the formulas' numbers would be."""
    act = menu.addAction(FORMULAS_TEXT)
    act.setEnabled(False)
    act.setToolTip(FORMULAS_NOTE)
    act.setStatusTip(FORMULAS_NOTE)
    return act


def examples_menu(parent: QWidget, open_example: Callable[[int], None]) -> QMenu:
    """E&xamples: every example of the paper, its note as the tooltip; ``open_example`` is
    called with its number."""
    menu = QMenu("E&xamples", parent)
    menu.setToolTipsVisible(True)
    formulas: QAction | None = None
    for ex in load_examples():
        if formulas is None and ex.number > FORMULA_NUMBERS[-1]:
            formulas = _formulas_entry(menu)
        act = QAction(ex.title, menu)
        act.setToolTip(ex.note)
        act.setStatusTip(ex.note)
        act.triggered.connect(lambda _=False, n=ex.number: open_example(n))
        menu.addAction(act)
    if formulas is None:  # pragma: no cover - the examples go on past (22)
        _formulas_entry(menu)
    return menu
