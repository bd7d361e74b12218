"""What a chosen strategy would bid in the explorer's state (issue 30): a selector (face+k,
random, or A's or B's strategy as the Strategies page picks them) and both players' bids by it
as bars, beside the optimal bids. The strategy answers the turn the state is — its bidding
state and the prize just turned — from each player's side. Face, random and a strategy file
answer by looking up a card or a table (instant); optimal is the bars above it."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QComboBox, QHBoxLayout, QLabel, QVBoxLayout, QWidget

from whistgui.app.gops_strategies import StrategyChoice
from whistgui.engine.errors import WhistError
from whistgui.engine.gops import GopsRules
from whistgui.engine.gops.strategies import Bids, Turn, described_bids
from whistgui.ui.gops.colours import side_colour
from whistgui.ui.gops.session import GopsSession
from whistgui.ui.theme import notifier

__all__ = ["BidPreview"]


class BidPreview(QWidget):
    """Follows ``session``: the bids of the strategy chosen in :attr:`combo` in the state
    shown. ``picks`` gives A's and B's strategies as picked on the Strategies page.
    ``bidsChanged(name, a, b)`` says them (bid → probability; an empty name: none) for the
    heat map's headers."""

    bidsChanged = Signal(str, object, object)

    def __init__(
        self,
        session: GopsSession,
        picks: Callable[[], tuple[StrategyChoice, StrategyChoice]] | None = None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.session = session
        self.picks = picks
        self.combo = QComboBox(self)
        self.combo.setAccessibleName("Show the bids of")
        self.combo.setToolTip(
            "A strategy whose bids in this state are shown as bars (each player by it, from "
            "its own side)"
        )
        label = QLabel("&Bids of:", self)
        label.setBuddy(self.combo)
        self.note = QLabel(self)
        self.note.setObjectName("gopsBidPreview")
        self.note.setWordWrap(True)
        self.note.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        #: the bids shown (empty: none)
        self.a_bids: Bids = ()
        self.b_bids: Bids = ()
        row = QHBoxLayout()
        row.addWidget(label)
        row.addWidget(self.combo, 1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(row)
        layout.addWidget(self.note)
        self._fill(session.rules)
        self.combo.currentIndexChanged.connect(lambda _i: self.refresh())
        session.rulesChanged.connect(self._on_rules)
        session.pathChanged.connect(lambda *_a: self.refresh())
        notifier().changed.connect(self.refresh)  # the players' colours
        self.refresh()

    def _fill(self, rules: GopsRules) -> None:
        was = self.combo.currentData()
        self.combo.blockSignals(True)
        self.combo.clear()
        self.combo.addItem("— (the optimal bids above)", "")
        for k in range(rules.n):
            self.combo.addItem("face" if k == 0 else f"face+{k}", f"face:{k}")
        self.combo.addItem("random", "random:0")
        if self.picks is not None:  # review 31b, C3: which player bids by which, said
            self.combo.addItem("A's by A's strategy, B's by B's (Strategies page)", "pick:2")
            self.combo.addItem("A's strategy, for both players (Strategies page)", "pick:0")
            self.combo.addItem("B's strategy, for both players (Strategies page)", "pick:1")
        at = self.combo.findData(was)
        self.combo.setCurrentIndex(max(0, at))
        self.combo.blockSignals(False)

    def _on_rules(self, rules: GopsRules) -> None:
        self._fill(rules)
        self.refresh()

    def choice(self) -> StrategyChoice | None:
        data = self.combo.currentData()
        if not data:
            return None
        kind, k = str(data).split(":")
        if kind == "pick":
            assert self.picks is not None
            return self.picks()[int(k) % 2]  # 2: A's (and B's for B: :meth:`choices`)
        return StrategyChoice(kind, int(k))

    def choices(self) -> tuple[StrategyChoice, StrategyChoice] | None:
        """The strategies A and B bid by in the preview (None: the optimal bids)."""
        a = self.choice()
        if a is None:
            return None
        if self.combo.currentData() == "pick:2":
            assert self.picks is not None
            return a, self.picks()[1]
        return a, a

    def refresh(self, _theme: str = "") -> None:
        """The bids in the state shown."""
        self.a_bids, self.b_bids = (), ()
        self.bidsChanged.emit("", {}, {})
        both = self.choices()
        if both is None:
            self.note.setText("")
            self.note.setVisible(False)
            return
        choice, choice_b = both
        self.note.setVisible(True)
        rules = self.session.rules
        steps, index = self.session.steps, self.session.index
        state = steps[index].state
        move = steps[index].move
        if not state.is_bidding or move is None or move.prize is None:
            self.note.setText(f"{choice.name} bids once a prize is turned.")
            return
        if choice.kind == "optimal" and choice_b.kind == "optimal":
            self.note.setText("optimal: the bars above.")
            return
        try:
            a = _bids(choice, rules, Turn(state, move.prize))
            b = _bids(choice_b, rules, Turn(state.swapped(), move.prize))
        except WhistError as exc:
            self.note.setText(str(exc))
            return
        self.a_bids, self.b_bids = a or (), b or ()
        name = choice.name if choice == choice_b else f"{choice.name} · {choice_b.name}"
        self.bidsChanged.emit(
            name, {c: float(p) for c, p in a or ()}, {c: float(p) for c, p in b or ()}
        )
        ink_a, ink_b = (side_colour(s, self.palette()).name() for s in ("A", "B"))

        def said(bids: Bids | None) -> str:
            return "optimally (the bars above)" if bids is None else described_bids(bids)

        self.note.setText(
            f"<b style='color:{ink_a}'>A bids {said(a)}</b> · "
            f"<b style='color:{ink_b}'>B bids {said(b)}</b>"
        )


def _bids(choice: StrategyChoice, rules: GopsRules, turn: Turn) -> Bids | None:
    """What ``choice`` bids in ``turn``; None for ``optimal`` (the explorer's bars show its
    bids: no game solved again here, on the window's thread)."""
    if choice.kind == "optimal":
        return None
    return choice.make(rules).bids(turn)
