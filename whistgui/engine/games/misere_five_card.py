"""Symmetric misère five-card: five-card's rules, but whoever takes the last trick *loses*
(strange algebra §7.3).

The deuce of a suit (its lowest card) is an *exit* for its holder; the exit is protected by
*stoppers*: drop the lowest card of each hand and pair the rest so that the deuce's holder wins
as many comparisons as possible — that many stoppers. Stoppers add as integers (West's count
positive), exits as a set. The player with more stoppers wins; with stoppers level, a player
with an exit beats one without, and if both have exits the player on lead wins; with no exit at
all the deal is empty and the player on lead, who took the last trick, has lost.

The element lives in E, the quotient of Z ⊕ B₂ in which the exits are forgotten once the
stoppers are not level: ``MisereValue(stoppers, west_exit, east_exit)``, the exits False
whenever the stoppers are nonzero. The greedy rule makes no difference to symmetric deals
(§7.3); asymmetric deals are not covered (search solves them).

>>> t = MisereFiveCardTheory()
>>> hearts, diamonds, clubs = (SuitDeal.parse(s) for s in ('K2/AQ', 'AJT/KQ2', 'AQ2/KJT'))
>>> [t.describe(t.element(s)) for s in (hearts, diamonds, clubs)]
['exit for West, unprotected', 'exit for East with 1 stopper', 'exit for West with 2 stoppers']
>>> x = t.add(t.add(t.element(hearts), t.element(diamonds)), t.element(clubs))
>>> t.text(x), t.outcome(x)
('+1', Outcome(west_lead=<Player.WEST: 'W'>, east_lead=<Player.WEST: 'W'>))
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from whistgui.engine.checks import expect
from whistgui.engine.errors import NotationError
from whistgui.engine.reading import quote, read_int
from whistgui.engine.trick.cards import Player, count
from whistgui.engine.trick.deal import Deal, SuitDeal, check_deal
from whistgui.engine.trick.rules import Outcome, Rules, Scoring

__all__ = ["MISERE_FIVE_CARD_RULES", "MisereFiveCardTheory", "MisereValue", "stoppers"]

#: The most digits of a number in an element's text (elements count cards).
_MAX_DIGITS = 9

#: Must win the trick if able; whoever takes the last trick loses.
MISERE_FIVE_CARD_RULES = Rules(greedy=True, scoring=Scoring.LAST_TRICK_LOSES)


@dataclass(frozen=True, slots=True)
class MisereValue:
    """An element of E: the stoppers (West's minus East's) and, when they are level, who has
    an exit."""

    stoppers: int
    west_exit: bool = False
    east_exit: bool = False

    def __post_init__(self) -> None:
        if self.stoppers and (self.west_exit or self.east_exit):  # E forgets them: normalise
            object.__setattr__(self, "west_exit", False)
            object.__setattr__(self, "east_exit", False)


def stopper_pairs(suit: SuitDeal) -> tuple[Player, list[tuple[int, int]]] | None:
    """The deuce's holder and the comparisons its other cards win — each card, from the
    lowest, against the lowest card of the other hand (without its own lowest) still free below
    it — as (holder's card, other's card) pairs; None for an empty suit.

    >>> stopper_pairs(SuitDeal.parse('AQ2/KJT'))
    (<Player.WEST: 'W'>, [(12, 11), (14, 13)])
    """
    if suit.is_empty:
        return None
    lowest = min(suit.west + suit.east)
    holder = Player.WEST if lowest in suit.west else Player.EAST
    mine = sorted(suit.hand(holder))[1:]
    theirs = sorted(suit.hand(holder.other))[1:]
    pairs: list[tuple[int, int]] = []
    for card in mine:
        if len(pairs) < len(theirs) and card > theirs[len(pairs)]:
            pairs.append((card, theirs[len(pairs)]))
    return holder, pairs


def stoppers(suit: SuitDeal) -> tuple[Player, int] | None:
    """(the deuce's holder, its stoppers) of a symmetric suit, None for an empty suit.

    >>> stoppers(SuitDeal.parse('AQ2/KJT'))
    (<Player.WEST: 'W'>, 2)
    """
    found = stopper_pairs(suit)
    if found is None:
        return None
    holder, pairs = found
    return holder, len(pairs)


def _element(x: MisereValue, name: str = "element") -> MisereValue:
    return expect(x, MisereValue, name, "a misère five-card element (a MisereValue)")


class MisereFiveCardTheory:
    """Exits and stoppers in the monoid E (strange algebra §7.3), symmetric deals."""

    title = "exits and stoppers in the monoid E (strange algebra §7.3); symmetric deals"
    whist_values = False

    def covers(self, deal: Deal) -> str | None:
        check_deal(deal)
        bad = [n for n, s in zip(deal.names, deal.suits, strict=True) if not s.is_symmetric]
        if bad:
            return (
                "misère five-card's theory is for symmetric deals (strange algebra §7.3); "
                f"{', '.join(bad)} {'is' if len(bad) == 1 else 'are'} not — search answers"
            )
        return None

    def element(self, suit: SuitDeal) -> MisereValue:
        _ = expect(suit, SuitDeal, "suit").n  # AsymmetricSuitError for an asymmetric suit
        st = stoppers(suit)
        if st is None:
            return self.zero()
        holder, k = st
        west = holder is Player.WEST
        return MisereValue(k if west else -k, west, not west)

    def zero(self) -> MisereValue:
        return MisereValue(0)

    def add(self, a: MisereValue, b: MisereValue) -> MisereValue:
        _element(a, "a")
        _element(b, "b")
        m = a.stoppers + b.stoppers
        if m:
            return MisereValue(m)
        if a.stoppers:  # level from two unlevel parts: each side had stoppers, hence an exit
            return MisereValue(0, True, True)
        return MisereValue(0, a.west_exit or b.west_exit, a.east_exit or b.east_exit)

    def outcome(self, element: MisereValue) -> Outcome:
        _element(element)
        w, e = Player.WEST, Player.EAST
        if element.stoppers > 0:
            return Outcome(w, w)
        if element.stoppers < 0:
            return Outcome(e, e)
        if element.west_exit and element.east_exit:
            return Outcome(w, e)  # the player on lead wins
        if element.west_exit:
            return Outcome(w, w)
        if element.east_exit:
            return Outcome(e, e)
        return Outcome(e, w)  # no cards: the player on lead took the last trick and lost

    def describe(self, element: MisereValue) -> str:
        m = _element(element).stoppers
        if m:
            who = "West" if m > 0 else "East"
            return f"exit for {who} with {count(abs(m), 'stopper')}"
        if element.west_exit and element.east_exit:
            return "exits for both sides, stoppers level; the player on lead wins"
        if element.west_exit or element.east_exit:
            who = "West" if element.west_exit else "East"
            return f"exit for {who}, unprotected"
        return "no cards: the player on lead took the last trick and loses"

    def text(self, element: MisereValue) -> str:
        if _element(element).stoppers:
            return f"{element.stoppers:+d}"
        exits = ("W" if element.west_exit else "") + ("E" if element.east_exit else "")
        return f"0{exits}"

    def pretty(self, element: MisereValue) -> str:
        if _element(element).stoppers:
            return f"{element.stoppers:+d}".replace("-", "−")
        exits = [n for n, x in (("W", element.west_exit), ("E", element.east_exit)) if x]
        return "0" + (f" (exit {' '.join(exits)})" if exits else "")

    def latex(self, element: MisereValue) -> str:
        if _element(element).stoppers:
            return f"{element.stoppers:+d}"
        exits = ("W" if element.west_exit else "") + ("E" if element.east_exit else "")
        return f"0_{{\\mathrm{{{exits}}}}}" if exits else "0"

    def parse(self, text: str) -> MisereValue:
        t = expect(text, str, "text").strip().replace("−", "-")
        m = re.fullmatch(r"([+-]?\d+)\s*(?:\(exit\s+([WE](?:\s+[WE])?)\)|([WE]{0,2}))", t)
        if m is None:
            raise NotationError(
                f"{quote(text)} is not a misère five-card element; expected stoppers like '+2' or "
                "'-1', or 0 with the exits: '0', '0W', '0E', '0WE'"
            )
        exits = (m.group(2) or m.group(3) or "").replace(" ", "")
        if len(set(exits)) != len(exits):
            raise NotationError(f"{quote(text)} names an exit twice")
        stoppers = read_int(m.group(1), what="stoppers", text=text, max_digits=_MAX_DIGITS)
        return MisereValue(stoppers, "W" in exits, "E" in exits)

    def details(self, suit: SuitDeal) -> dict[str, object]:
        st = stoppers(expect(suit, SuitDeal, "suit"))
        if st is None:
            return {}
        return {"exit": st[0].value, "stoppers": st[1]}
