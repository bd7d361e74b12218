"""An exact double-dummy solver for SMALL bridge endings: plain minimax with a memo.

The backward induction of He & Chen ("The winning strategy for bridge"): each side plays to
maximise its own tricks with all four hands open. No pruning, no rank equivalence: fine for
a few cards a hand, hopeless for a full deal (that is endplay's job).

>>> from whistgui.engine.bridge.deal import BridgeDeal, Seat, Side, Strain
>>> deal = BridgeDeal.parse("N:AK.-.-.- -.-.-.32 QJ.-.-.- -.-.-.54")
>>> solver = EndgameSolver()
>>> pos = BridgePosition.from_deal(deal, Strain.NT, Seat.N)
>>> solver.tricks(pos, Side.NS), solver.tricks(pos.play(pos.legal()[0]), Side.NS)
(2, 2)
>>> solver.tricks(BridgePosition.from_deal(deal, Strain.C, Seat.N), Side.EW)
2
"""

from __future__ import annotations

from dataclasses import dataclass, field

from whistgui.engine.bridge.deal import BridgeCard, Side
from whistgui.engine.bridge.play import BridgePosition

__all__ = ["EndgameSolver"]

#: A position less the tricks already won, which do not change the best play.
Key = tuple[object, ...]


@dataclass
class EndgameSolver:
    """Tricks still to come for a side under best play, memoised by :meth:`key`.

    ``hits``/``misses`` count memo look-ups; :meth:`clear` empties the memo.
    """

    memo: dict[Key, int] = field(default_factory=dict)
    hits: int = 0
    misses: int = 0

    @staticmethod
    def key(pos: BridgePosition) -> Key:
        """What decides the rest of the play: hands, trumps, leader and trick so far."""
        return (pos.hands, pos.strain, pos.leader, pos.trick)

    def clear(self) -> None:
        self.memo.clear()
        self.hits = self.misses = 0

    def tricks(self, pos: BridgePosition, side: Side) -> int:
        """The most tricks ``side`` can take from ``pos`` on (the trick in progress counts;
        tricks already won do not), against the best defence."""
        ns = self._ns(pos)
        return ns if side is Side.NS else pos.tricks_left - ns

    def best_cards(self, pos: BridgePosition) -> tuple[BridgeCard, ...]:
        """The legal cards that keep the player to move's side at its best result."""
        side = pos.to_move.side
        values = {c: self._after(pos, c) for c in pos.legal()}
        best = (max if side is Side.NS else min)(values.values())
        return tuple(c for c, v in values.items() if v == best)

    def _after(self, pos: BridgePosition, card: BridgeCard) -> int:
        """North–South's tricks from ``pos`` on if ``card`` is played now."""
        nxt = pos._play(card)
        return (nxt.tricks[Side.NS] - pos.tricks[Side.NS]) + self._ns(nxt)

    def _ns(self, pos: BridgePosition) -> int:
        if pos.is_over:
            return 0
        key = self.key(pos)
        cached = self.memo.get(key)
        if cached is not None:
            self.hits += 1
            return cached
        self.misses += 1
        values = (self._after(pos, c) for c in pos.legal())
        value = max(values) if pos.to_move.side is Side.NS else min(values)
        self.memo[key] = value
        return value
