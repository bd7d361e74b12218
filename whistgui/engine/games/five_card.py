"""Five-card: the greedy rule, and whoever takes the last trick wins (R43 §7.1, strange
algebra §7.2).

The element of a symmetric deal is its *trace* in Z: in each suit compare West's highest card
with East's highest, the second with the second, …, +1 for each comparison West wins, −1 for
each East wins, summed over the suits. West wins if it is positive, East if it is negative, and
the player on lead if it is zero. A balanced deal (equal hands, suits of any lengths) has the
outcome of its symmetrization — the lowest cards of the longer holding in each suit dropped
(Theorem 7.1) — so a suit's element is the trace of its symmetrization.

>>> t = FiveCardTheory()
>>> x = t.element(SuitDeal.parse('KQ/AJ'))        # R43's deal (1): the leader wins
>>> t.text(x), t.outcome(x)
('0', Outcome(west_lead=<Player.WEST: 'W'>, east_lead=<Player.EAST: 'E'>))
>>> t.text(t.element(SuitDeal.parse('AQ2/K')))    # symmetrized to A/K
'+1'
"""

from __future__ import annotations

import re

from whistgui.engine.checks import expect, whole
from whistgui.engine.errors import NotationError
from whistgui.engine.games.single_suit import details, trace
from whistgui.engine.reading import quote, read_int
from whistgui.engine.symbols import signed
from whistgui.engine.trick.cards import Player
from whistgui.engine.trick.deal import Deal, SuitDeal, check_deal
from whistgui.engine.trick.rules import Outcome, Rules, Scoring

__all__ = ["FIVE_CARD_RULES", "FiveCardTheory", "symmetrize"]

#: The most digits of a number in an element's text (elements count cards).
_MAX_DIGITS = 9

#: Must win the trick if able; whoever takes the last trick wins.
FIVE_CARD_RULES = Rules(greedy=True, scoring=Scoring.LAST_TRICK_WINS)


def symmetrize(suit: SuitDeal) -> SuitDeal:
    """The suit with the lowest cards of the longer holding dropped (Theorem 7.1).

    >>> symmetrize(SuitDeal.parse('AQ2/K'))
    SuitDeal.parse('A/K')
    """
    expect(suit, SuitDeal, "suit")
    k = min(len(suit.west), len(suit.east))
    return SuitDeal(suit.west[:k], suit.east[:k])


def _trace(x: object, name: str = "element") -> int:
    return whole(
        x,
        name,
        low=-_MAX_TRACE,
        high=_MAX_TRACE,
        what=f"a five-card element: a trace (an int of at most {_MAX_DIGITS} digits)",
    )


#: The largest trace written and read (:data:`_MAX_DIGITS` digits).
_MAX_TRACE = 10**_MAX_DIGITS - 1


class FiveCardTheory:
    """The trace (strange algebra §7.2) with Theorem 7.1 for balanced deals."""

    title = "the trace in Z (strange algebra §7.2; balanced deals by Theorem 7.1)"
    whist_values = False

    def covers(self, deal: Deal) -> str | None:
        check_deal(deal)
        w, e = deal.hand_size(Player.WEST), deal.hand_size(Player.EAST)
        if w != e:
            return f"West holds {w} cards and East {e}: five-card needs a balanced deal"
        return None

    def element(self, suit: SuitDeal) -> int:
        return trace(symmetrize(suit))

    def zero(self) -> int:
        return 0

    def add(self, a: int, b: int) -> int:
        return _trace(a, "a") + _trace(b, "b")

    def outcome(self, element: int) -> Outcome:
        element = _trace(element)
        if element > 0:
            return Outcome(Player.WEST, Player.WEST)
        if element < 0:
            return Outcome(Player.EAST, Player.EAST)
        return Outcome(Player.WEST, Player.EAST)

    def describe(self, element: int) -> str:
        element = _trace(element)
        if element == 0:
            return "trace 0: the player on lead wins"
        who = "West" if element > 0 else "East"
        return f"trace {signed(element)}: {who} wins whoever leads"

    def text(self, element: int) -> str:
        element = _trace(element)
        return f"{element:+d}" if element else "0"

    def pretty(self, element: int) -> str:
        return self.text(element).replace("-", "−")

    def latex(self, element: int) -> str:
        return self.text(element)

    def parse(self, text: str) -> int:
        t = expect(text, str, "text").strip().replace("−", "-")
        if re.fullmatch(r"[+-]?\d+", t) is None:
            raise NotationError(f"{quote(text)} is not a five-card element; expected an integer")
        return read_int(t, what="trace", text=text, max_digits=_MAX_DIGITS)

    def details(self, suit: SuitDeal) -> dict[str, object]:
        sym = symmetrize(suit)  # checks that it is a SuitDeal
        out: dict[str, object] = {"symmetrization": str(sym)} if sym != suit else {}
        return out | details(sym)
