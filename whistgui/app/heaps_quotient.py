"""The quotient explorer of the games of heaps (strange algebra §5, issue 26), Qt-free: the
bounds the user sets (:class:`QuotientBounds`, with a game's defaults and a refusal in words of
bounds too large or not for the game), the quotient computed
(:func:`~whistgui.engine.heaps.quotient.heap_quotient` by tests, or
:func:`~whistgui.engine.heaps.quotient.exact_quotient` for an octal game), and what the
explorer shows of it: each class's outcome in short, a product of two classes with its
representatives, the two-heap P-position map, the theory's checks in the command line's words.

>>> from whistgui.engine.heaps import find_heap_game
>>> rules = find_heap_game('misere-octal:0.123')
>>> b = default_bounds(rules)
>>> b, b.words()
(QuotientBounds(max_heap=27, max_heaps=2, tests=None, exact=True), 'exact, heaps of at most 27')
>>> q = compute_quotient(rules, b)
>>> len(q.classes), q.growth[-1]
(20, 20)
>>> product(rules, q, 1, 1).words
'1 + 1 = 1 1, in class 0 (N)'
>>> bounds_problem(find_heap_game('nim'), QuotientBounds(30, 8))
'8 heaps of at most 30 counters are 48,903,492 positions, more than 20,000 (the most ...'
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Final

from whistgui.app.quotient_checks import theory_check_lines
from whistgui.engine.errors import WhistError
from whistgui.engine.heaps.outcome import outcome_json
from whistgui.engine.heaps.quotient import (
    MAX_POSITIONS,
    MAX_SEARCHES,
    HeapClass,
    HeapQuotient,
    PhaseProgress,
    count_components,
    exact_quotient,
    heap_quotient,
    registered_theory,
)
from whistgui.engine.heaps.rules import Outcome, PositionRules, ResultKind

__all__ = [
    "EXACT_DEFAULT_HEAP",
    "MAX_BOUND",
    "MAX_MAP",
    "PMap",
    "Product",
    "QuotientBounds",
    "bounds_problem",
    "can_exact",
    "check_lines",
    "class_is_p",
    "compute_quotient",
    "default_bounds",
    "growth_words",
    "heaps_game",
    "heaps_position",
    "kept_bounds",
    "more_members",
    "outcome_short",
    "outcome_words",
    "p_map",
    "product",
    "summary_lines",
]

#: The largest heap bound the explorer asks for (the exact quotient's growth, heap by heap).
MAX_BOUND: Final = 200
#: The most heaps a side of the P-position map has.
MAX_MAP: Final = 40


@dataclass(frozen=True, slots=True)
class QuotientBounds:
    """What the explorer computes: every position of at most ``max_heaps`` heaps of 1 to
    ``max_heap`` counters classed against the test positions of at most ``tests`` heaps (None:
    ``max_heaps``) — or, ``exact``, the exact quotient of every position with heaps of at most
    ``max_heap`` (``max_heaps`` then the heaps of the members listed)."""

    max_heap: int
    max_heaps: int = 2
    tests: int | None = None
    exact: bool = False

    def words(self) -> str:
        if self.exact:
            return f"exact, heaps of at most {self.max_heap}"
        tests = self.max_heaps if self.tests is None else self.tests
        return (
            f"at most {self.max_heaps} heaps of at most {self.max_heap}, tests of at most "
            f"{tests} heaps"
        )


def can_exact(rules: PositionRules[Any]) -> bool:
    """Can the exact quotient be computed for ``rules`` (an impartial game whose moves change
    one heap: the octal games)?"""
    return bool(rules.impartial and rules.commutative and getattr(rules, "disjunctive", False))


def heaps_game(rules: PositionRules[Any]) -> bool:
    """Are ``rules``' components heaps of counters (``'1'`` a position), not piles?"""
    try:
        rules.parse("1")
    except WhistError:
        return False
    return True


#: The heap bound an exact quotient starts at: the first of the Position tab's prediction
#: ladder (:data:`whistgui.app.heaps_prediction.PREDICTION_LADDER`) — misère Kayles' 40
#: classes all appear at 27 (about 0.2 s); at 9 it had 18, while the Position tab said "of the
#: 40".
EXACT_DEFAULT_HEAP: Final = 27


def default_bounds(rules: PositionRules[Any]) -> QuotientBounds:
    """The bounds the explorer starts with for ``rules``: exact to :data:`EXACT_DEFAULT_HEAP`
    for an octal game (the quotient the Position tab predicts with, for positions of heaps of
    at most 27), 4 counters and 3 heaps for a commutative game of heaps, 3 and 2 for End-nim
    (whose two-sided tests are many) and for hackenbush (whose piles of 3 are 14)."""
    if can_exact(rules):
        return QuotientBounds(EXACT_DEFAULT_HEAP, 2, None, True)
    if not rules.commutative or not heaps_game(rules):
        return QuotientBounds(3, 2)
    return QuotientBounds(4, 3)


def kept_bounds(rules: PositionRules[Any], bounds: QuotientBounds | None) -> QuotientBounds | None:
    """The bounds a user chose for another game, kept for ``rules`` where they fit (None: the
    game's defaults): as they are if ``rules`` can compute them; an exact quotient's heap bound
    with the defaults' heaps for a game that has none; else none.

    >>> from whistgui.engine.heaps import find_heap_game
    >>> kept_bounds(find_heap_game('octal:0.123'), QuotientBounds(12, 2, None, True))
    QuotientBounds(max_heap=12, max_heaps=2, tests=None, exact=True)
    >>> kept_bounds(find_heap_game('nim'), QuotientBounds(5, 2, None, True))
    QuotientBounds(max_heap=5, max_heaps=3, tests=None, exact=False)
    >>> kept_bounds(find_heap_game('nim'), QuotientBounds(200, 2, None, True)) is None
    True
    """
    if bounds is None:
        return None
    if bounds_problem(rules, bounds) is None:
        return bounds
    if bounds.exact:
        d = default_bounds(rules)
        by_tests = QuotientBounds(bounds.max_heap, d.max_heaps, d.tests)
        if bounds_problem(rules, by_tests) is None:
            return by_tests
    return None


def _count(rules: PositionRules[Any], k: int, m: int) -> int:
    """Positions of at most ``m`` components of 1 to ``k`` units (heaps of counters, piles):
    multisets, or sequences."""
    c = count_components(rules, k, MAX_POSITIONS)
    if rules.commutative:
        return math.comb(c + m, m)
    return sum(c**i for i in range(m + 1))


def bounds_problem(rules: PositionRules[Any], bounds: QuotientBounds) -> str | None:
    """Why ``bounds`` cannot be computed for ``rules``, in words (None if they can): an exact
    quotient of a game that is not octal, bounds out of range or beyond the engine's limits
    (:data:`~whistgui.engine.heaps.quotient.MAX_POSITIONS`,
    :data:`~whistgui.engine.heaps.quotient.MAX_SEARCHES`)."""
    k = bounds.max_heap
    if not 1 <= k <= MAX_BOUND:
        return f"max heap {k}: expected 1 to {MAX_BOUND} counters"
    if bounds.exact:
        if not can_exact(rules):
            return (
                f"the exact quotient is for impartial games whose moves change one heap (octal "
                f"games), not {rules.name}; expected max heaps and tests"
            )
        return None
    m = bounds.max_heaps
    t = m if bounds.tests is None else bounds.tests
    if m < 0 or t < 0:
        return f"max heaps {m}, tests {t}: expected 0 or more heaps"
    what = "heaps" if heaps_game(rules) else "piles"
    positions = _count(rules, k, m)
    if positions > MAX_POSITIONS:
        return (
            f"{m} {what} of at most {k} counters are {positions:,} positions, more than "
            f"{MAX_POSITIONS:,} (the most classed); expected fewer {what} or smaller ones"
        )
    tests = _count(rules, k, t)
    contexts = tests if rules.commutative else tests * tests
    if tests > MAX_POSITIONS or positions * contexts > MAX_SEARCHES:
        return (
            f"{positions:,} positions against {contexts:,} tests of at most {t} {what} are "
            f"more than {MAX_SEARCHES:,} searches; expected fewer tests, {what} or counters"
        )
    return None


def compute_quotient(
    rules: PositionRules[Any],
    bounds: QuotientBounds,
    *,
    progress: Callable[[int, int], None] | None = None,
    phase: PhaseProgress | None = None,
    should_stop: Callable[[], bool] | None = None,
) -> HeapQuotient:
    """The quotient of ``rules`` within ``bounds``, the registered theory checked against it
    (Cancelled when ``should_stop`` says so; QuotientLimit past the engine's limits):
    ``progress`` as positions are classed (heap bounds, exact), ``phase`` as the table is
    built and checked after them."""
    theory = registered_theory(rules)
    if bounds.exact:
        return exact_quotient(
            rules,
            bounds.max_heap,
            theory=theory,
            progress=progress,
            should_stop=should_stop,
        )
    return heap_quotient(
        rules,
        bounds.max_heap,
        bounds.max_heaps,
        tests=bounds.tests,
        theory=theory,
        progress=progress,
        phase=phase,
        should_stop=should_stop,
    )


def _result(rules: PositionRules[Any], r: Fraction) -> str:
    if rules.result_kind is ResultKind.WIN:
        return "B" if r > 0 else "R"
    return str(r)


def outcome_short(rules: PositionRules[Any], outcome: Outcome) -> str:
    """A class's outcome in a table's cell: ``P``/``N`` for an impartial game (with the first
    start flag), else the pair ``B/R`` — the result with Blue first, then with Red first."""
    flag = next(iter(outcome.by_flag))
    o = outcome_json(outcome, rules.result_kind, impartial=rules.impartial, flag=flag)
    if isinstance(o, str):
        return o
    return f"{o['blue_first']}/{o['red_first']}"


def outcome_words(rules: PositionRules[Any], outcome: Outcome) -> str:
    """A class's outcome in words, for each start flag."""
    parts = []
    for name, (blue, red) in outcome.by_flag.items():
        if rules.impartial:
            said = "P: the previous player wins" if blue < 0 else "N: the next player wins"
        else:
            said = f"Blue first: {_result(rules, blue)}, Red first: {_result(rules, red)}"
        parts.append(f"{name}: {said}" if name else said)
    return "; ".join(parts)


def class_is_p(rules: PositionRules[Any], c: HeapClass) -> bool:
    """Is ``c`` a class of P-positions (the player to move loses, whoever it is)?"""
    if rules.impartial:
        return c.verdict == "P"
    if rules.result_kind is not ResultKind.WIN:
        return False
    blue, red = next(iter(c.outcome.by_flag.values()))
    return blue < 0 < red


@dataclass(frozen=True, slots=True)
class Product:
    """The entry (``row``, ``column``) of the table: the representatives multiplied, their
    sum (u · v for a non-commutative game), the class it lands in (None: beyond the positions
    classed) and the sentence that says so."""

    row: int
    column: int
    left: str
    right: str
    total: str
    total_position: Hashable
    lands: int | None
    words: str


def product(rules: PositionRules[Any], q: HeapQuotient, row: int, column: int) -> Product:
    """The product of the classes ``row`` and ``column`` of ``q``, by their representatives."""
    x = q.classes[row].representative
    y = q.classes[column].representative
    s = rules.join(x, y)
    lands = q.table[row][column]
    op = "+" if q.commutative else "·"
    left, right, total = rules.text(x), rules.text(y), rules.text(s)
    if lands is None:
        end = "beyond the positions classed: in no class found (raise max heaps)"
    else:
        end = f"in class {lands} ({outcome_short(rules, q.classes[lands].outcome)})"
    return Product(
        row, column, left, right, total, s, lands, f"{left} {op} {right} = {total}, {end}"
    )


def heaps_position(rules: PositionRules[Any], heaps: Sequence[int]) -> Hashable:
    """The position of the heaps ``heaps`` in that order (zeros left out)."""
    p: Hashable = rules.zero()
    for h in heaps:
        if h:
            p = rules.join(p, rules.parse(str(h)))
    return p


@dataclass(frozen=True, slots=True)
class PMap:
    """The positions of two heaps a, b (0 to ``size``; ``a b`` in that order for End-nim):
    ``classes[a][b]`` the class of ``a b`` (None: not classed — a quotient of fewer than two
    heaps), ``p[a][b]`` whether it is a P-position (None: not known)."""

    size: int
    classes: tuple[tuple[int | None, ...], ...]
    p: tuple[tuple[bool | None, ...], ...]


def p_map(rules: PositionRules[Any], q: HeapQuotient, size: int | None = None) -> PMap | None:
    """The P-position map of ``q``'s two-heap positions, up to ``size`` counters a heap (by
    default the quotient's max heap, at most :data:`MAX_MAP`); None for a game whose
    components are not heaps (hackenbush's piles: no grid of a and b)."""
    if not heaps_game(rules):
        return None
    n = min(q.max_heap, MAX_MAP) if size is None else size
    classes: list[tuple[int | None, ...]] = []
    ps: list[tuple[bool | None, ...]] = []
    for a in range(n + 1):
        row = tuple(q.class_of(heaps_position(rules, (a, b))) for b in range(n + 1))
        classes.append(row)
        ps.append(tuple(None if c is None else class_is_p(rules, q.classes[c]) for c in row))
    return PMap(n, tuple(classes), tuple(ps))


#: What is said elsewhere of a game's exact quotient: the paper's statement of its order
#: (strange algebra §6.5, the issue's "to be reproduced") and what another program found, with
#: where the project says so — shown beside what is computed, never used as an answer.
_STATED: Final[dict[str, tuple[int, str]]] = {
    "misere-octal:0.77": (48, "Siegel's MisereSolver"),
    "misere-octal:0.123": (20, ""),
}
#: The order MisereSolver finds for misère Kayles (README: run outside the project).
_MISERE_SOLVER: Final = {"misere-octal:0.77": 40}


def summary_lines(rules: PositionRules[Any], q: HeapQuotient) -> list[str]:
    """What was computed, in words: the bounds, the classes found, the growth — for the exact
    quotient, how far its count is known to hold (for heaps up to the bound computed: no
    periodicity is checked) and the paper's statement of it, if any."""
    p = sum(1 for c in q.classes if class_is_p(rules, c))
    if q.exact:
        n, k, s = len(q.classes), q.max_heap, q.stable_from
        lines = [
            f"The exact quotient of every position with heaps of at most {k} counters: "
            f"{n} classes ({p} of P-positions).",
            f"Classes as the heap bound K grows: {growth_words(q.growth)}"
            + (
                f" — the same from K = {s} to {k}."
                if s is not None and s < k
                else f" — {n} first at K = {k}, the bound computed: raise the max heap to see "
                "whether it grows."
            ),
            f"So {n} is the quotient for heaps up to {k}; a larger heap may still add classes "
            "(no periodicity is checked here).",
        ]
        return lines + _stated_lines(rules, q)
    what = "heaps" if heaps_game(rules) else "piles"
    return [
        f"{len(q.positions):,} positions of at most {q.max_heaps} {what} of 1 to {q.max_heap} "
        f"counters, classed by their outcomes against every test position of at most {q.tests} "
        f"{what}: {len(q.classes)} classes ({p} of P-positions).",
        "A lower bound: more test positions can only split them.",
    ]


def _stated_lines(rules: PositionRules[Any], q: HeapQuotient) -> list[str]:
    """The paper's statement of ``q``'s order beside what is computed, in words."""
    stated = _STATED.get(rules.name)
    if stated is None:
        return []
    order, other = stated
    n = len(q.classes)
    if n == order:
        return [f"The paper (§6.5) states {order}, as computed here."]
    said = f"The paper (§6.5) states {order}; this exact quotient has {n}"
    if n == _MISERE_SOLVER.get(rules.name) and other:
        return [f"{said}, as {other} also finds (README)."]
    return [f"{said} (heaps up to {q.max_heap}: a larger bound may add classes)."]


def more_members(q: HeapQuotient, c: HeapClass, shown: int) -> str:
    """What follows the ``shown`` representatives of ``c`` listed, in words ('' if none
    more): how many more of the positions classed, or — the exact quotient, whose classes
    list at most a few of their positions — that there are more.

    >>> from whistgui.engine.heaps import find_heap_game
    >>> from whistgui.engine.heaps.quotient import heap_quotient
    >>> q = heap_quotient(find_heap_game('nim'), 3, 3)
    >>> more_members(q, q.classes[0], 2)
    ' … 3 more (5 of the positions classed)'
    """
    n = len(c.members)
    if n <= shown:
        return ""
    if q.exact:
        return f" … {n - shown} more of at most {q.max_heaps} heaps, and larger ones"
    return f" … {n - shown} more ({n} of the positions classed)"


def growth_words(growth: Sequence[int]) -> str:
    """The growth of an exact quotient, each count with the heap bound it first appears at
    (a run of one count said once: a bound of 200 stays one line).

    >>> growth_words((2, 2, 6, 6, 6, 6, 6, 12, 20))
    '2 (K = 1), 6 (K = 3), 12 (K = 8), 20 (K = 9)'
    """
    parts = [f"{n} (K = {k})" for k, n in enumerate(growth, 1) if k == 1 or growth[k - 2] != n]
    return ", ".join(parts)


def check_lines(q: HeapQuotient) -> list[str]:
    """The table's and the theory's checks in the command line's words."""
    lines = []
    if not q.well_defined:
        lines.append("!!! the table is not well defined: more test positions are needed")
    return lines + theory_check_lines(q.theory, q.mismatches, q.uncovered)
