"""The GOPS explorer's top row: N and the rules, Solve and Cancel with the solve's progress and
status, Open… and Save… for ``.gops`` files."""

from __future__ import annotations

from typing import Final

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QComboBox,
    QHBoxLayout,
    QLabel,
    QProgressBar,
    QPushButton,
    QSpinBox,
    QWidget,
)

from whistgui.engine.gops import MAX_POINTS_SOLVE_N, MAX_SOLVE_N, GopsRules, solve_limit
from whistgui.ui.gops.words import SCORE_WORDS, SOLVE_TIMES, TIES_WORDS
from whistgui.ui.widgets.elided import ElidedLabel

__all__ = ["MAX_N", "MIN_N", "SolveBar"]

#: The decks the explorer offers: up to the largest the engine solves and reads back from a file
#: (and ``whist gops solve`` takes) — N = 9 with the sign result (about 6 minutes and 2.7 GB),
#: N = 10 with points (about 13 minutes and 2.9 GB): the N box's top follows the result.
MIN_N: Final = 2
MAX_N: Final = MAX_SOLVE_N


class SolveBar(QWidget):
    """The rules' controls (:meth:`rules_chosen`, :meth:`set_rules`), the buttons (the
    explorer connects them) and the solve's progress and status."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.n_spin = QSpinBox(self)
        self.n_spin.setRange(MIN_N, MAX_N)
        # typed, N applies on Enter or on leaving the box (a 3 typed over 6 solved N = 3
        # at once); its arrows still step it
        self.n_spin.setKeyboardTracking(False)
        self.n_spin.setToolTip(
            f"Cards in each suit, 1..N (the thread plays N = 6). {SOLVE_TIMES}; "
            f"N = {MAX_N} is the largest solved with the sign result, N = {MAX_POINTS_SOLVE_N} "
            "with points, here and by whist gops solve"
        )
        n_label = QLabel("&N:", self)
        n_label.setBuddy(self.n_spin)
        self.ties_combo = QComboBox(self)
        for key, words in TIES_WORDS.items():
            self.ties_combo.addItem(f"Ties {words}", key)
        self.ties_combo.setToolTip(
            "Equal bids: the prize carries over to the next turn (the thread's rule), is "
            "split between the players, or is lost"
        )
        self.score_combo = QComboBox(self)
        for key, words in SCORE_WORDS.items():
            self.score_combo.addItem(f"Result: {words}", key)
        self.score_combo.setToolTip(
            "What A plays for: the sign of the final score difference (win +1, draw 0, "
            "loss −1: the thread's), or the points difference itself"
        )
        # first of the result's listeners: a top of N lowered (points 10 → sign) takes N down
        # before the explorer reads the rules
        self.score_combo.currentIndexChanged.connect(self._fit_n_range)
        self.solve_button = QPushButton("&Solve", self)
        self.solve_button.setToolTip("Solve the whole game for these rules (Ctrl+Return)")
        self.cancel_button = QPushButton("Cancel", self)
        self.cancel_button.setToolTip("Stop solving (Esc, Ctrl+.)")
        self.progress = QProgressBar(self)
        self.progress.setRange(0, 0)
        self.progress.setMaximumWidth(120)
        self.progress.setTextVisible(False)
        # long news (a solve's summary) must not widen the window: one line, elided (…), its
        # tip has it all
        self.solve_status = ElidedLabel(1, self)
        self.solve_status.setObjectName("gopsSolveStatus")
        self.solve_status.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.open_button = QPushButton("&Open…", self)
        self.open_button.setToolTip("Open a solved game saved as a .gops file")
        self.save_button = QPushButton("S&ave…", self)
        self.save_button.setToolTip("Save the solved game (and the path) to a .gops file")

        top = QHBoxLayout(self)
        top.setContentsMargins(0, 0, 0, 0)
        top.addWidget(n_label)
        top.addWidget(self.n_spin)
        top.addWidget(self.ties_combo)
        top.addWidget(self.score_combo)
        top.addWidget(self.solve_button)
        top.addWidget(self.cancel_button)
        top.addWidget(self.progress)
        top.addWidget(self.solve_status, 1)
        top.addWidget(self.open_button)
        top.addWidget(self.save_button)

    def _top(self) -> int:
        """The largest N solved under the chosen result."""
        return solve_limit(GopsRules(score=str(self.score_combo.currentData())))

    def _fit_n_range(self, *_args: object) -> None:
        self.n_spin.setRange(MIN_N, self._top())

    def rules_chosen(self) -> GopsRules:
        """The rules the controls name."""
        return GopsRules(
            self.n_spin.value(),
            str(self.ties_combo.currentData()),
            str(self.score_combo.currentData()),
        )

    def set_rules(self, rules: GopsRules) -> None:
        """Show ``rules`` in the controls, asking for nothing."""
        for w, value in (
            (self.n_spin, rules.n),
            (self.ties_combo, rules.ties),
            (self.score_combo, rules.score),
        ):
            w.blockSignals(True)
            if isinstance(w, QSpinBox):
                top = solve_limit(rules)
                w.setRange(min(MIN_N, int(value)), max(top, int(value)))
                w.setValue(int(value))
            else:
                w.setCurrentIndex(max(0, w.findData(value)))
            w.blockSignals(False)

    def set_status(self, text: str) -> None:
        """The solve's news (elided to the row; then its tip has it all)."""
        self.solve_status.setText(text)
