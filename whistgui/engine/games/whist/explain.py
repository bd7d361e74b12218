"""Why val(D) is what it is: §10's computation for one suit, told in short sentences.

:func:`explain` reads a :class:`~whistgui.engine.games.whist.evaluator.SuitAnalysis` and says which
of West's and East's cards give maxmin(D) and minmax(D), where the order of labeled values had to
break a tie between equal values, what I(D) is, which candidates of the simplicity order of
§8.3 were tried before val(D) and why each lies in L(D) or R(D), and why val(D) is simplest.

>>> from whistgui.engine.games.whist.evaluator import Evaluator
>>> e = explain(Evaluator().analyze('AQ/KJ'))
>>> e.reason
'half-integer'
>>> print(e.text)
maxmin(D) = (W, 1 + ε₀): the row minimum of West's A, the largest row minimum.
minmax(D) = (W, 2 − ε₀): the column maximum of East's K and J, the smallest column maximum.
I(D) holds the values whose numerical part lies in (1, 2).
Candidates tried before val(D), simplest first:
Rejected 1: 1 ∈ L(D), as maxmin ≥ (E, 1).
val(D) = 1½ (complexity 0): half-integers are the simplest values (§8.3), and 1½ is the only
half-integer in I(D).

The reason is one of :data:`REASONS`; it follows from the complexity class of val(D):

>>> [explain(Evaluator().analyze(s)).reason for s in ('AKT/QJ9', 'K/A', 'AJ/KQ')]
['denominator', 'infinitesimal', 'infinitesimal']
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final, Literal

from whistgui.engine.errors import TheoryError
from whistgui.engine.games.whist.evaluator import Bounds, SuitAnalysis
from whistgui.engine.games.whist.infinitesimal import FUZZY
from whistgui.engine.games.whist.interval import Interval
from whistgui.engine.games.whist.value import LabeledValue, Value
from whistgui.engine.symbols import and_list
from whistgui.engine.trick.cards import Player
from whistgui.engine.trick.deal import SuitDeal

__all__ = [
    "GREEDY_LINE",
    "MAX_REJECTED_LINES",
    "REASONS",
    "Explanation",
    "Reason",
    "explain",
    "reason_for",
]

Reason = Literal["half-integer", "denominator", "infinitesimal"]

#: The reason codes, from the simplest kind of value to the most complex:
#: ``"half-integer"`` — val(D) is the only half-integer in I(D);
#: ``"denominator"`` — no half-integer lies in I(D) and val(D) is its only number of least
#: denominator 2ᵏ, k ≥ 2 (no number of smaller denominator lies in I(D));
#: ``"infinitesimal"`` — no number lies in I(D); all of I(D) shares one numerical part q and
#: val(D) = q ± ε_k is its element of least |k|.
REASONS: Final[tuple[Reason, ...]] = ("half-integer", "denominator", "infinitesimal")

#: The first line of Greedy Whist's explanation: what its row minima and column maxima run over
#: (a tie is only between the replies the rule allows).
GREEDY_LINE: Final = (
    "Greedy rule (R43 §6): a row's minimum runs over East's replies that win the trick when "
    "East can win it, a column's maximum over West's."
)

#: At most this many rejected candidates are written out; the rest are counted.
MAX_REJECTED_LINES: Final = 8

_W, _E = Player.WEST, Player.EAST


@dataclass(frozen=True, slots=True)
class Explanation:
    """The sentences explaining val(D), the reason code, and the candidates rejected.

    ``rejected`` lists every candidate tried before val(D) (simplest first), also those past
    :data:`MAX_REJECTED_LINES` that the lines only count.
    """

    lines: tuple[str, ...]
    reason: Reason
    value: Value
    rejected: tuple[Value, ...]

    @property
    def text(self) -> str:
        """The lines joined with newlines."""
        return "\n".join(self.lines)

    def __str__(self) -> str:
        return self.text


def reason_for(value: Value) -> Reason:
    """The reason code that fits a value's complexity class (§8.3).

    >>> [reason_for(Value.parse(t)) for t in ('3/2', '9/4', '1+e1', 'e0')]
    ['half-integer', 'denominator', 'infinitesimal', 'infinitesimal']
    """
    c = value.complexity
    if c.omega_part > 0:
        return "infinitesimal"
    return "half-integer" if c.finite == 0 else "denominator"


def explain(analysis: SuitAnalysis) -> Explanation:
    r"""Explain val(D) for the analysed suit in plain Unicode sentences.

    >>> from whistgui.engine.games.whist.evaluator import Evaluator
    >>> e = explain(Evaluator().analyze('K/A'))
    >>> e.reason, [v.pretty() for v in e.rejected]
    ('infinitesimal', ['0'])
    >>> print(*e.lines[-3:], sep="\n")
    No number lies in I(D): all of it has numerical part 0.
    val(D) = ε₀ (complexity ω): numbers are simpler than other values, and q ± ε_k is
    simpler when |k| is smaller (§8.3); ε₀ has the least |k| = 0 in I(D).
    ±ε₀ lies in I(D) too, but values q ± ε₀ are the most complex (§8.3).
    """
    a = analysis
    bounds = a.bounds
    value = a.value
    alpha = a.alpha
    row_minima = a.row_minima
    column_maxima = a.column_maxima
    rows = a.maxmin_rows
    cols = a.minmax_columns
    if not rows or not cols:
        raise TheoryError(f"maxmin/minmax of {a.suit} are not attained by any card")

    lines: list[str] = []
    if a.greedy:
        lines.append(GREEDY_LINE)
    west_cards = _cards(a.suit, [a.west[i] for i in rows])
    lines.append(
        f"maxmin(D) = {a.maxmin.pretty()}: the row minimum of West's {west_cards}, "
        "the largest row minimum."
    )
    lines.extend(_maxmin_ties(a, alpha, row_minima, rows))
    east_cards = _cards(a.suit, [a.east[j] for j in cols])
    lines.append(
        f"minmax(D) = {a.minmax.pretty()}: the column maximum of East's {east_cards}, "
        "the smallest column maximum."
    )
    lines.extend(_minmax_ties(a, alpha, column_maxima, cols))

    interval = a.interval
    if interval.at is None:
        lines.append(f"I(D) holds the values whose numerical part lies in {interval.pretty()}.")
    else:
        lines.append(f"I(D) = {interval.pretty()}.")

    rejected: list[Value] = []
    for c in bounds.candidates():
        if c == value:
            break
        rejected.append(c)
    else:
        raise TheoryError(f"val({a.suit}) = {value} is not among the candidates of I(D)")

    if rejected:
        lines.append("Candidates tried before val(D), simplest first:")
        for c in rejected[:MAX_REJECTED_LINES]:
            lines.append(f"Rejected {c.pretty()}: {_why_rejected(bounds, c)}.")
        rest = rejected[MAX_REJECTED_LINES:]
        if rest:
            n_left = sum(1 for c in rest if bounds.in_left(c))
            n_right = len(rest) - n_left
            if n_right == 0:
                where = "all in L(D)"
            elif n_left == 0:
                where = "all in R(D)"
            else:
                where = f"{n_left} in L(D) and {n_right} in R(D)"
            lines.append(f"… and {len(rest)} more, {where}.")
    else:
        lines.append(f"No simpler candidate comes before {value.pretty()}.")

    reason = reason_for(value)
    lines.extend(_why_simplest(value, reason, interval))
    return Explanation(tuple(lines), reason, value, tuple(rejected))


# -- pieces -------------------------------------------------------------------------------


def _why_rejected(bounds: Bounds, c: Value) -> str:
    """Why the candidate ``c`` is outside I(D): the §10.2 condition it meets."""
    cp = c.pretty()
    q = Value(c.number).pretty()
    if bounds.in_left(c):
        if c.is_number:
            return f"{cp} ∈ L(D), as maxmin ≥ (E, {cp})"
        return f"{cp} ∈ L(D), as maxmin ≥ (E, {q}) and minmax ≥ (W, {cp})"
    if bounds.in_right(c):
        if c.is_number:
            return f"{cp} ∈ R(D), as minmax ≤ (W, {cp})"
        return f"{cp} ∈ R(D), as minmax ≤ (W, {q}) and maxmin ≤ (E, {cp})"
    raise TheoryError(f"{c} comes before val(D) among the candidates but lies in I(D) ({bounds})")


def _why_simplest(value: Value, reason: Reason, interval: Interval) -> list[str]:
    """The closing sentences: which rule of §8.3 makes val(D) the simplest element."""
    v = value.pretty()
    head = f"val(D) = {v} (complexity {value.complexity})"
    if reason == "half-integer":
        return [
            f"{head}: half-integers are the simplest values (§8.3), and {v} is the only "
            "half-integer in I(D)."
        ]
    if reason == "denominator":
        den = value.number.denominator
        return [
            f"No half-integer and no number of denominator below {den} lies in I(D).",
            f"{head}: numbers are simpler than other values, and a smaller denominator is "
            f"simpler (§8.3); {v} is the only number of denominator {den} in I(D).",
        ]
    q = Value(value.number).pretty()
    inf = value.infinitesimal
    first = f"No number lies in I(D): all of it has numerical part {q}."
    if inf.is_fuzzy:
        return [
            first,
            f"{head}: values q ± ε₀ are the most complex (§8.3), and {v} is all I(D) holds.",
        ]
    out = [
        first,
        f"{head}: numbers are simpler than other values, and q ± ε_k is simpler when |k| is "
        f"smaller (§8.3); {v} has the least |k| = {inf.stoppers} in I(D).",
    ]
    if interval.at is not None and interval.at.fuzzy:
        fuzzy = Value(value.number, FUZZY).pretty()
        out.append(f"{fuzzy} lies in I(D) too, but values q ± ε₀ are the most complex (§8.3).")
    return out


def _maxmin_ties(
    a: SuitAnalysis,
    alpha: tuple[tuple[LabeledValue, ...], ...],
    row_minima: tuple[LabeledValue, ...],
    rows: Sequence[int],
) -> list[str]:
    """Sentences for the label deciding between equal values on the way to maxmin(D): inside
    the rows that give it (the row minimum) and among the row minima (their maximum)."""
    out: list[str] = []
    m = a.maxmin
    tied = [a.west[i] for i in rows if any(_rivals(alpha[i][j], m) for j in a.replies_to_west(i))]
    if tied:
        where = f"West's {_cards(a.suit, tied)} row" + ("s" if len(tied) > 1 else "")
        out.append(f"{_label_order(m.value)}, so the minimum of {where} is {m.pretty()}.")
    if any(_rivals(x, m) for x in row_minima):
        out.append(
            f"{_label_order(m.value)}, so the largest row minimum, maxmin(D), is {m.pretty()}."
        )
    return out


def _minmax_ties(
    a: SuitAnalysis,
    alpha: tuple[tuple[LabeledValue, ...], ...],
    column_maxima: tuple[LabeledValue, ...],
    cols: Sequence[int],
) -> list[str]:
    """Sentences for the label deciding between equal values on the way to minmax(D): inside
    the columns that give it (the column maximum) and among the column maxima (their minimum)."""
    out: list[str] = []
    m = a.minmax
    tied = [a.east[j] for j in cols if any(_rivals(alpha[i][j], m) for i in a.replies_to_east(j))]
    if tied:
        where = f"East's {_cards(a.suit, tied)} column" + ("s" if len(tied) > 1 else "")
        out.append(f"{_label_order(m.value)}, so the maximum of {where} is {m.pretty()}.")
    if any(_rivals(x, m) for x in column_maxima):
        out.append(
            f"{_label_order(m.value)}, so the smallest column maximum, minmax(D), is {m.pretty()}."
        )
    return out


def _rivals(x: LabeledValue, m: LabeledValue) -> bool:
    """Same value, other label: only the order of labels tells them apart."""
    return x.value == m.value and x.player is not m.player


def _label_order(x: Value) -> str:
    """``(E, x) > (W, x) because x is a number`` or its mirror (§10)."""
    e, w = LabeledValue(_E, x).pretty(), LabeledValue(_W, x).pretty()
    xp = x.pretty()
    if x.is_number:
        return f"{e} > {w} because {xp} is a number"
    return f"{w} > {e} because {xp} is not a number"


def _cards(suit: SuitDeal, ranks: Sequence[int]) -> str:
    """``A``, ``K and Q``, ``A, K and Q`` — high to low."""
    return and_list([suit.card_text(r) for r in sorted(ranks, reverse=True)])
