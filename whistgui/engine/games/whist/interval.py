"""The interval I(D) of §10.3, described by its ends.

Values with numerical part strictly between :attr:`Interval.low` and :attr:`Interval.high` all
lie in I(D). At an end with ``low < high`` either every value with that numerical part lies in
I(D) (the end is *closed*) or none does (*open*). When ``low == high`` = q, the members are the
values q + x for the infinitesimals x of :attr:`Interval.at` — a stretch of the chain
``… < ε₋₁ < −ε₀ < 0 < ε₀ < ε₁ < …`` and possibly ±ε₀.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from whistgui.engine.checks import expect, few_digits
from whistgui.engine.games.whist.infinitesimal import FUZZY, Infinitesimal
from whistgui.engine.games.whist.value import MAX_NUMBER_DIGITS, Value, pretty_number

__all__ = ["InfinitesimalRange", "Interval"]


@dataclass(frozen=True, slots=True)
class InfinitesimalRange:
    """The infinitesimals x with q + x in I(D), at one numerical part q.

    ``lowest``/``highest`` bound the chain part (``None``: unbounded that way); ``has_chain``
    is False when no chain element is a member; ``fuzzy`` tells whether ±ε₀ is.

    I([A, K]) is a single number, 1: its members are 1 + x for x ≤ −ε₀, and 1 ± ε₀.

    >>> from whistgui.engine import EPS0, NEG_EPS0, Evaluator
    >>> at = Evaluator().analyze('A/K').interval.at
    >>> at.describe(1)
    '{1 + x : x infinitesimal, x ≤ −ε₀} ∪ {1 ± ε₀}'
    >>> NEG_EPS0 in at, EPS0 in at, FUZZY in at
    (True, False, True)
    """

    has_chain: bool
    lowest: Infinitesimal | None
    highest: Infinitesimal | None
    fuzzy: bool

    def __contains__(self, x: object) -> bool:
        if not isinstance(x, Infinitesimal):
            return False
        if x.is_fuzzy:
            return self.fuzzy
        if not self.has_chain:
            return False
        return (self.lowest is None or x >= self.lowest) and (
            self.highest is None or x <= self.highest
        )

    def describe(self, q: Fraction | int) -> str:
        """The members as a set: ``{q + x : x infinitesimal, x ≥ ε₀} ∪ {q ± ε₀}``."""
        expect(q, (Fraction, int), "q", "a dyadic number (a Fraction or an int)")
        few_digits(q, "q", MAX_NUMBER_DIGITS, f"a number of at most {MAX_NUMBER_DIGITS:,} digits")
        q = Value(q).number
        base = "" if q == 0 else f"{pretty_number(q)} + "
        parts = []
        if self.has_chain:
            lo, hi = self.lowest, self.highest
            if lo is not None and lo == hi:
                parts.append(f"{{{Value(q, lo).pretty()}}}")
            else:
                # x ranges over infinitesimals only: the numbers beyond q are not in this set
                if lo is not None and hi is not None:
                    bound = f"x infinitesimal, {lo.pretty()} ≤ x ≤ {hi.pretty()}"
                elif lo is not None:
                    bound = f"x infinitesimal, x ≥ {lo.pretty()}"
                elif hi is not None:
                    bound = f"x infinitesimal, x ≤ {hi.pretty()}"
                else:
                    bound = "x infinitesimal"
                parts.append(f"{{{base}x : {bound}}}")
        if self.fuzzy:
            parts.append(f"{{{Value(q, FUZZY).pretty()}}}")
        return " ∪ ".join(parts) if parts else "∅"


@dataclass(frozen=True, slots=True)
class Interval:
    """I(D): numerical ends, whether each end is closed, and the detail at a single q.

    >>> from whistgui.engine import Evaluator
    >>> i = Evaluator().analyze('AQ/KJ').interval
    >>> i.pretty(), Value.parse('3/2') in i, Value(2) in i, i.at is None
    ('(1, 2)', True, False, True)
    """

    low: Fraction
    high: Fraction
    low_closed: bool
    high_closed: bool
    at: InfinitesimalRange | None  # set exactly when low == high

    def __contains__(self, v: object) -> bool:
        if not isinstance(v, Value):
            return False
        q = v.number
        if self.at is not None:
            return q == self.low and v.infinitesimal in self.at
        if self.low < q < self.high:
            return True
        if q == self.low:
            return self.low_closed
        if q == self.high:
            return self.high_closed
        return False

    def pretty(self) -> str:
        """Human text, e.g. ``(1, 2)``, ``[1½, 2)``, ``{x : ε₀ ≤ x} ∪ {±ε₀}``."""
        if self.at is not None:
            return self.at.describe(self.low)
        lb = "[" if self.low_closed else "("
        rb = "]" if self.high_closed else ")"
        return f"{lb}{pretty_number(self.low)}, {pretty_number(self.high)}{rb}"

    def __str__(self) -> str:
        return self.pretty()

    def _repr_latex_(self) -> str:
        """Typeset in a notebook: :func:`~whistgui.engine.games.whist.latex.interval_latex`."""
        from whistgui.engine.games.whist.latex import interval_latex

        return f"${interval_latex(self)}$"
