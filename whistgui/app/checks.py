"""The inspector's check of a state by exact search: χ and χ′ of ``m + D`` beside ρ and ρ′ of
its value (a disagreement would be a bug, shown loudly) — in the game's own rules and reading
for the games valued by whist's machinery: Greedy Whist's χ by the greedy rule against ρ of its
value, reduced whist's against ⌊ρ′⌋ (neither has a refined reading to check).

>>> from whistgui.engine import Evaluator, SuitDeal
>>> s = SuitDeal.parse('AQ/KJ')
>>> c = search_check(s, 1, Evaluator().suit_value(s))
>>> c.state, c.chi, c.agrees
('1 + AQ/KJ', Outcome(west_lead=2, east_lead=3), True)
>>> s = SuitDeal.parse('KQT/AJ9')
>>> c = search_check(s, 0, Evaluator(greedy=True).suit_value(s), game='greedy-whist')
>>> c.chi, c.rho, c.chi_refined, c.agrees
(Outcome(west_lead=2, east_lead=2), Outcome(west_lead=2, east_lead=2), None, True)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from whistgui.engine import Deal, Outcome, Player, Solver, SuitDeal, Value, rho, rho_prime
from whistgui.engine.games import find_game
from whistgui.engine.games.reduced_whist import rho_reduced

__all__ = ["SearchCheck", "reading", "search_check"]


@dataclass(frozen=True, slots=True)
class SearchCheck:
    """The exact solver's outcomes beside the rounded value, for one state (the refined ones
    None in a game with no refined reading)."""

    state: str
    chi: Outcome
    chi_refined: Outcome | None
    rho: Outcome
    rho_refined: Outcome | None
    #: the reading checked: "ρ" (whist, Greedy Whist) or "⌊ρ′⌋" (reduced whist)
    reads: str = "ρ"

    @property
    def agrees(self) -> bool:
        return self.chi == self.rho and self.chi_refined == self.rho_refined


def reading(game: str) -> tuple[str, Callable[[Value], Outcome]]:
    """How ``game`` (a game valued by whist's machinery) reads its outcome off a value: its
    name and the function — ⌊ρ′⌋ for reduced whist, ρ for the others.

    >>> [(name, read(Value.parse('2'))) for name, read in (reading('greedy'), reading('reduced'))]
    [('ρ', Outcome(west_lead=2, east_lead=2)), ('⌊ρ′⌋', Outcome(west_lead=1, east_lead=2))]
    """
    if find_game(game).name == "reduced-whist":
        return "⌊ρ′⌋", rho_reduced
    return "ρ", rho


def search_check(
    suit: SuitDeal,
    tricks: int,
    value_of_suit: Value,
    state: str | None = None,
    *,
    game: str = "whist",
) -> SearchCheck:
    """χ (and χ′ for whist) of ``tricks + suit`` by search in ``game``'s rules, against its
    reading (ρ, and ρ′ for whist) of the value."""
    g = find_game(game)
    solver = Solver()
    deal = Deal([suit])
    chi = solver.outcome(deal, rules=g.rules)
    v = value_of_suit + tricks
    if state is None:
        state = f"{tricks} + {suit}" if tricks else str(suit)
    reads, read = reading(g.name)
    if g.name in ("whist", "refined-whist"):
        chi_r = _plus(solver.outcome(deal, refined=True), tricks)
        return SearchCheck(state, _plus(chi, tricks), chi_r, rho(v), rho_prime(v))
    return SearchCheck(state, _plus(chi, tricks), None, read(v), None, reads)


def _plus(o: Outcome, tricks: int) -> Outcome:
    """West's results with ``tricks`` already taken (whist's results are tricks or points)."""
    w, e = o
    assert not isinstance(w, Player)
    assert not isinstance(e, Player)
    return Outcome(w + tricks, e + tricks)
