"""The inspector's check of a state by exact search: χ and χ′ of ``m + D`` beside ρ and ρ′ of
its value (a disagreement would be a bug, shown loudly).

>>> from whistgui.engine import Evaluator, SuitDeal
>>> s = SuitDeal.parse('AQ/KJ')
>>> c = search_check(s, 1, Evaluator().suit_value(s))
>>> c.state, c.chi, c.agrees
('1 + AQ/KJ', Outcome(west_lead=2, east_lead=3), True)
"""

from __future__ import annotations

from dataclasses import dataclass

from whistgui.engine import Deal, Outcome, Player, Solver, SuitDeal, Value, rho, rho_prime

__all__ = ["SearchCheck", "search_check"]


@dataclass(frozen=True, slots=True)
class SearchCheck:
    """The exact solver's outcomes beside the rounded value, for one state."""

    state: str
    chi: Outcome
    chi_refined: Outcome
    rho: Outcome
    rho_refined: Outcome

    @property
    def agrees(self) -> bool:
        return self.chi == self.rho and self.chi_refined == self.rho_refined


def search_check(
    suit: SuitDeal, tricks: int, value_of_suit: Value, state: str | None = None
) -> SearchCheck:
    """χ and χ′ of ``tricks + suit`` by search, against ρ and ρ′ of its value."""
    solver = Solver()
    deal = Deal([suit])
    chi = solver.outcome(deal)
    chi_r = solver.outcome(deal, refined=True)
    v = value_of_suit + tricks
    if state is None:
        state = f"{tricks} + {suit}" if tricks else str(suit)
    return SearchCheck(state, _plus(chi, tricks), _plus(chi_r, tricks), rho(v), rho_prime(v))


def _plus(o: Outcome, tricks: int) -> Outcome:
    """West's results with ``tricks`` already taken (whist's results are tricks or points)."""
    w, e = o
    assert not isinstance(w, Player)
    assert not isinstance(e, Player)
    return Outcome(w + tricks, e + tricks)
