"""A single suit answered by the theorems, for suits past the exact recursion's reach: its
whist outcome by R43 Theorem 9.1 (as rebuilt in THEORY-NOTES: West takes (n + H_W)/2 tricks,
rounded down when he leads and up when East leads), and its value where R44 Theorems 11.10 and
17.1 decide it:

- val(D) = k + ½ exactly when the outcome is (k, k + 1) (Theorem 11.9 read backwards, as the
  proof of Theorem 17.1 does: a single suit's value never carries ±ε₀);
- val(D) = k exactly when D₀, D without each hand's lowest card, has the outcome (k − 1, k)
  (Theorem 11.10).

Otherwise the outcome is (k, k) and all that follows is k − ½ < val(D) < k + ½, val(D) ≠ k.
Everything here is O(n²) in the suit's length (R43's A matrix), so a suit of 200 cards a hand
is answered at once.

>>> a = by_theorems(SuitDeal.parse('AQ/KJ'))
>>> a.outcome, a.value, a.value_by
(Outcome(west_lead=1, east_lead=2), Value.parse('3/2'), 'R44 Theorem 17.1')
>>> a = by_theorems(SuitDeal.parse('AQ3/KJ2'))     # D₀ is AQ/KJ, of value 1½
>>> a.outcome, a.value, a.value_by
(Outcome(west_lead=2, east_lead=2), Value.parse('2'), 'R44 Theorem 11.10')
>>> a = by_theorems(SuitDeal.parse('AJ/KQ'))       # val 1 + ε₁: not a half-integer
>>> a.outcome, a.value, a.words()
(Outcome(west_lead=1, east_lead=1), None, 'value beyond reach; outcome by R43 Theorem 9.1')
>>> a.bounds_text()
'½ < val < 1½, val ≠ 1'
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Final

from whistgui.engine.checks import expect
from whistgui.engine.errors import AsymmetricSuitError
from whistgui.engine.games.single_suit import greedy_tricks, h_whist, r43_numbers
from whistgui.engine.games.whist.value import Value, pretty_number
from whistgui.engine.reading import quote
from whistgui.engine.trick.cards import Player
from whistgui.engine.trick.deal import SuitDeal
from whistgui.engine.trick.rules import Outcome

__all__ = [
    "BEYOND_REACH",
    "BY_OUTCOME",
    "TheoremAnswer",
    "by_theorems",
    "theorem_outcome",
]

#: What gives the outcome of a suit answered by the theorems.
BY_OUTCOME: Final = "R43 Theorem 9.1"
#: The plain sentence for a suit whose value the theorems do not decide.
BEYOND_REACH: Final = f"value beyond reach; outcome by {BY_OUTCOME}"
_BY_HALF: Final = "R44 Theorem 17.1"
_BY_INTEGER: Final = "R44 Theorem 11.10"


def theorem_outcome(pattern: str) -> Outcome:
    """Whist's outcome of the suit with owners ``pattern`` (low to high) by R43 Theorem 9.1:
    West's tricks with West and with East on lead.

    >>> theorem_outcome('EWEW'), theorem_outcome('')
    (Outcome(west_lead=1, east_lead=2), Outcome(west_lead=0, east_lead=0))
    """
    _, h, hbar = r43_numbers(pattern)
    return Outcome(*_tricks(len(pattern) // 2, h_whist(pattern, h, hbar)))


def _tricks(n: int, hw: int) -> tuple[int, int]:
    """West's (n + H_W)/2 tricks, rounded down when he leads and up when East leads."""
    return greedy_tricks(n, hw, Player.WEST), greedy_tricks(n, hw, Player.EAST)


def _without_lowest(pattern: str) -> str:
    """D₀: the pattern without each hand's lowest card."""
    return pattern.replace("W", "", 1).replace("E", "", 1)


@dataclass(frozen=True, slots=True)
class TheoremAnswer:
    """What the theorems say of one symmetric suit: R43's H, H̄ and H_W, whist's outcome, and
    the value where Theorem 11.10 or 17.1 decides it (``value_by`` names which), else None."""

    pattern: str
    h: int
    hbar: int
    h_whist: int
    tricks: tuple[int, int]  # West's with West and with East on lead
    value: Value | None
    value_by: str | None

    @property
    def n(self) -> int:
        return len(self.pattern) // 2

    @property
    def outcome(self) -> Outcome:
        """Whist's outcome by R43 Theorem 9.1."""
        return Outcome(*self.tricks)

    @property
    def bounds(self) -> tuple[Fraction, Fraction]:
        """The open interval val(D) lies in when the theorems leave it undecided: k ± ½ for
        the outcome (k, k) (and k itself is excluded by Theorem 11.10)."""
        k = Fraction(self.tricks[0])
        return k - Fraction(1, 2), k + Fraction(1, 2)

    def bounds_text(self) -> str:
        """:attr:`bounds` in words, with the excluded integer."""
        lo, hi = self.bounds
        mid = pretty_number(lo + Fraction(1, 2))
        return f"{pretty_number(lo)} < val < {pretty_number(hi)}, val ≠ {mid}"

    def words(self) -> str:
        """The value and by which theorem, or :data:`BEYOND_REACH`."""
        if self.value is None:
            return BEYOND_REACH
        return f"value by {self.value_by}; outcome by {BY_OUTCOME}"


def by_theorems(suit: SuitDeal) -> TheoremAnswer:
    """The theorems' answer for the symmetric ``suit`` (any length; O(n²))."""
    expect(suit, SuitDeal, "suit")
    if not suit.is_symmetric:
        raise AsymmetricSuitError(
            f"the suit {quote(str(suit))} is not symmetric; the theorems need n cards a hand"
        )
    pattern = suit.pattern
    _, h, hbar = r43_numbers(pattern)
    hw = h_whist(pattern, h, hbar)
    n = len(pattern) // 2
    k, east_lead = _tricks(n, hw)
    value: Value | None = None
    by: str | None = None
    if east_lead == k + 1:
        value, by = Value(Fraction(2 * k + 1, 2)), _BY_HALF
    elif n > 0 and theorem_outcome(_without_lowest(pattern)) == (k - 1, k):
        value, by = Value(k), _BY_INTEGER
    return TheoremAnswer(pattern, h, hbar, hw, (k, east_lead), value, by)
