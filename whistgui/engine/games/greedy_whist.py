"""Greedy Whist: whist in which the second player must win the trick when able (R43 §6).

A single suit is solved by Theorem 6.1: with n cards a hand West takes (n + H_Greedy)/2
tricks, rounded down when West leads and up when East leads, and the normal strategy is
optimal. No theory of sums of suits is known (strange algebra §7.4 says the algebra is that of
whist, with values nobody has computed), so deals of two or more suits are solved by search.

>>> t = GreedyWhistTheory()
>>> x = t.element(SuitDeal.parse('KQT/AJ9'))      # R43's deal (5)
>>> t.text(x), t.outcome(x)
('(3, +1)', Outcome(west_lead=2, east_lead=2))
>>> t.describe(x)
'n = 3, H = 0, H̄ = 1, H_Greedy = +1: West takes 2 of 3 whoever leads'
>>> t.parse('(3, +1)') == x
True
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from whistgui.engine.checks import expect
from whistgui.engine.errors import NotationError, NoTheoryError
from whistgui.engine.games.single_suit import details, greedy_tricks, h_greedy, sign_change
from whistgui.engine.reading import quote, read_int
from whistgui.engine.symbols import minus, signed
from whistgui.engine.trick.cards import Player
from whistgui.engine.trick.deal import Deal, SuitDeal, check_deal
from whistgui.engine.trick.rules import Outcome, Rules, Scoring, outcome_text

__all__ = ["GREEDY_WHIST_RULES", "GreedyValue", "GreedyWhistTheory"]

#: The most digits of a number in an element's text (elements count cards).
_MAX_DIGITS = 9

#: Must win the trick if able; tricks count.
GREEDY_WHIST_RULES = Rules(greedy=True, scoring=Scoring.TRICKS)


@dataclass(frozen=True, slots=True)
class GreedyValue:
    """A single suit of Greedy Whist: its n and H_Greedy (H and H̄ kept for the words)."""

    n: int
    h: int
    h_low: int = field(default=0, compare=False)
    h_high: int = field(default=0, compare=False)


def _element(x: GreedyValue, name: str = "element") -> GreedyValue:
    return expect(x, GreedyValue, name, "a Greedy Whist element (a GreedyValue)")


class GreedyWhistTheory:
    """Theorem 6.1 of R43 for one suit; no theory of sums."""

    title = "(n + H_Greedy)/2 tricks for one suit (single-suit whist §6, R43); sums: search"
    whist_values = False

    def covers(self, deal: Deal) -> str | None:
        check_deal(deal)
        suits = [s for s in deal.suits if not s.is_empty]
        if len(suits) > 1:
            return (
                f"Greedy Whist has a theory for one suit only (R43 Theorem 6.1); this deal "
                f"has {len(suits)} — the exact solver answers instead"
            )
        if suits and not suits[0].is_symmetric:
            return "Greedy Whist's theory needs a symmetric suit (n cards a hand)"
        return None

    def element(self, suit: SuitDeal) -> GreedyValue:
        if expect(suit, SuitDeal, "suit").is_empty:
            return self.zero()
        h, hbar = sign_change(suit)
        return GreedyValue(suit.n, h_greedy(suit), h, hbar)

    def zero(self) -> GreedyValue:
        return GreedyValue(0, 0)

    def add(self, a: GreedyValue, b: GreedyValue) -> GreedyValue:
        _element(a, "a")
        _element(b, "b")
        if a.n == 0:
            return b
        if b.n == 0:
            return a
        raise NoTheoryError("Greedy Whist has no theory of sums of suits (search solves them)")

    def outcome(self, element: GreedyValue) -> Outcome:
        _element(element)
        return Outcome(
            greedy_tricks(element.n, element.h, Player.WEST),
            greedy_tricks(element.n, element.h, Player.EAST),
        )

    def describe(self, element: GreedyValue) -> str:
        if _element(element).n == 0:
            return "no cards"
        n = element.n
        w = greedy_tricks(n, element.h, Player.WEST)
        e = greedy_tricks(n, element.h, Player.EAST)
        what = f"West takes {w} of {n} whoever leads" if w == e else outcome_text(Outcome(w, e))
        h, low, high = signed(element.h), minus(element.h_low), minus(element.h_high)
        return f"n = {n}, H = {low}, H̄ = {high}, H_Greedy = {h}: {what}"

    def text(self, element: GreedyValue) -> str:
        _element(element)
        return f"({element.n}, {element.h:+d})"

    def pretty(self, element: GreedyValue) -> str:
        _element(element)
        return f"({element.n}, {element.h:+d})".replace("-", "−")

    def latex(self, element: GreedyValue) -> str:
        _element(element)
        return f"n = {element.n},\\ H_{{\\mathrm{{Greedy}}}} = {element.h:+d}"

    def parse(self, text: str) -> GreedyValue:
        expect(text, str, "text")
        m = re.fullmatch(r"\s*\(\s*(\d+)\s*,\s*([-+−]?\d+)\s*\)\s*", text)
        if m is None:
            raise NotationError(f"{quote(text)} is not a Greedy Whist element; expected '(n, H)'")
        n = read_int(m.group(1), what="n", text=text, max_digits=_MAX_DIGITS)
        h = read_int(m.group(2), what="H_Greedy", text=text, max_digits=_MAX_DIGITS)
        if abs(h) > n:
            raise NotationError(f"{quote(text)}: H_Greedy must lie between −n and n")
        return GreedyValue(n, h)

    def details(self, suit: SuitDeal) -> dict[str, object]:
        return details(expect(suit, SuitDeal, "suit"))
