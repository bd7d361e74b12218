"""The quotient monoid of a heap game (strange algebra §5, Theorem 5.1): positions x, y are
equivalent when χ(x + z) = χ(y + z) for every position z — for a game whose positions are
words (End-nim, §9), when χ(u · x · v) = χ(u · y · v) for every pair of contexts u, v.

Two ways of computing it:

* :func:`heap_quotient` — by signatures, for any game of :mod:`whistgui.engine.heaps`: every
  position of at most ``max_heaps`` heaps of 1 to ``max_heap`` counters (every multiset, or
  every sequence for a non-commutative game) is classed by its outcomes against the test
  positions (the same kind, up to ``tests`` heaps; two-sided for End-nim). Finitely many tests
  may fail to tell apart positions that some larger test separates, so **the classes found are
  a lower bound** on the true number, and the table of the classes found is checked for being
  well defined (the class of x + y the same for every member x, y of two classes, where the sum
  is among the positions classed).
* :func:`exact_quotient` — for an impartial game whose moves change one heap (octal games,
  normal or misère): Qₙ, the quotient of *every* position with heaps of at most n counters (no
  bound on their number), exactly, for n = 1, 2, …, max_heap in turn
  (:mod:`whistgui.engine.heaps.incremental`: a candidate by substitution, verified over all
  positions, classes learned by tables where they split). The class count at each n is the
  growth, and :attr:`HeapQuotient.stable_from` the heap from which it stops growing (up to
  max_heap — a count that stops growing for a while may still grow later).

Both report the classes (each with its members, smallest first), the multiplication table of
the classes, which classes are P-positions, and — given the game's theory — whether the theory
is a refinement (positions with one element in one class) and a homomorphism (the element of
x + y the sum of the elements), with its predicted outcomes checked.

>>> from whistgui.engine.heaps import find_heap_game
>>> q = heap_quotient(find_heap_game('nim'), max_heap=3, max_heaps=2)
>>> len(q.classes), [c.verdict for c in q.classes], q.well_defined
(4, ['P', 'N', 'N', 'N'], True)
>>> q = exact_quotient(find_heap_game('misere-octal:0.123'), max_heap=12)
>>> q.growth, q.stable_from, len(q.p_classes)
((2, 2, 6, 6, 6, 6, 6, 12, 20, 20, 20, 20), 9, 5)
"""

from __future__ import annotations

import contextlib
import itertools
import time
from collections.abc import Callable, Hashable, Iterator, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Final

from whistgui.engine.checks import described, optional_callable, whole
from whistgui.engine.errors import ArgumentError, ArgumentTypeError, Cancelled, NoTheoryError
from whistgui.engine.heaps.incremental import (
    DEFAULT_SEARCH_LIMIT,
    Monoid,
    QuotientLimit,
    heap_moves,
    stages,
)
from whistgui.engine.heaps.rules import HeapTheory, Outcome, PositionRules
from whistgui.engine.heaps.search import Search, verdict

__all__ = [
    "MAX_POSITIONS",
    "MAX_SEARCHES",
    "GrowthStep",
    "HeapClass",
    "HeapQuotient",
    "PhaseProgress",
    "QuotientLimit",
    "count_components",
    "exact_quotient",
    "heap_positions",
    "heap_quotient",
    "quotient_growth",
    "quotient_verdict",
    "registered_theory",
    "sized_components",
]

#: The most positions :func:`heap_quotient` classes or tests against (each test is a search).
MAX_POSITIONS: Final = 20_000
#: The most searches :func:`heap_quotient` may make (positions times tests).
MAX_SEARCHES: Final = 4_000_000
#: The most members a class of :func:`exact_quotient` lists.
MEMBERS_SHOWN: Final = 24


@dataclass(frozen=True, slots=True)
class HeapClass:
    """One class: its members among the positions classed (smallest first: fewest heaps,
    then fewest counters; for the exact quotient at least its smallest position), its outcome
    (χ), ``"P"``/``"N"`` for an impartial game (None otherwise), and the theory's elements of
    its members: in its text notation (``2^``, ``101``: what ``parse`` reads, the JSON's) and
    as the theory prints them (``pretty``: ``2̂``, ``(1,0,1)``: what the screens and figures
    show), one for one."""

    index: int
    members: tuple[Hashable, ...]
    outcome: Outcome
    verdict: str | None
    elements: tuple[str, ...] = ()
    pretty: tuple[str, ...] = ()

    @property
    def representative(self) -> Hashable:
        return self.members[0]


@dataclass(frozen=True, slots=True)
class GrowthStep:
    """The exact quotient with heaps of at most ``max_heap`` counters: its number of classes,
    of P classes, how it was found (``"candidate"``: by substitution, verified; ``"learned"``:
    classes split), positions searched, seconds since the start."""

    max_heap: int
    classes: int
    p_classes: int
    method: str
    searched: int
    seconds: float


@dataclass(slots=True)
class HeapQuotient:
    """What :func:`heap_quotient` or :func:`exact_quotient` found."""

    game: str
    commutative: bool
    #: True: the quotient of every position with heaps of at most max_heap (exact); False:
    #: classes told apart by finitely many tests (a lower bound on the true number).
    exact: bool
    max_heap: int
    #: Positions classed: at most this many heaps.
    max_heaps: int
    #: Test positions: at most this many heaps (None for the exact quotient).
    tests: int | None
    positions: tuple[Hashable, ...]
    classes: tuple[HeapClass, ...]
    #: ``table[a][b]``: the class of (a representative of a) + (one of b) — u · v for a
    #: non-commutative game — or None when that sum is in no class found.
    table: tuple[tuple[int | None, ...], ...]
    #: ``generators[h - 1]``: the class of a single heap of h (the "pretending function").
    generators: tuple[int | None, ...]
    #: The exact quotient: the number of classes with heaps of at most 1, 2, …, max_heap.
    growth: tuple[int, ...] = ()
    steps: tuple[GrowthStep, ...] = ()
    #: Positions the theory does not cover.
    uncovered: int = 0
    #: Loud lines: a table entry that depends on the members, an element spanning two classes,
    #: a sum whose element is not the sum, a predicted outcome that is not the class's.
    mismatches: list[str] = field(default_factory=list)
    theory: str | None = None
    _index: dict[Hashable, int] | None = field(default=None, repr=False)

    @property
    def p_classes(self) -> tuple[int, ...]:
        """The indices of the classes of P-positions (impartial games)."""
        return tuple(c.index for c in self.classes if c.verdict == "P")

    @property
    def well_defined(self) -> bool:
        return not any(m.startswith("well-defined") for m in self.mismatches)

    @property
    def refinement(self) -> bool:
        return not any(m.startswith(("refinement", "outcome")) for m in self.mismatches)

    @property
    def homomorphism(self) -> bool:
        return not any(m.startswith("homomorphism") for m in self.mismatches)

    @property
    def stable_from(self) -> int | None:
        """The least heap bound from which the exact quotient's count no longer grows (up to
        max_heap); None for a quotient by tests."""
        if not self.growth:
            return None
        k = len(self.growth)
        while k > 1 and self.growth[k - 2] == self.growth[-1]:
            k -= 1
        return k

    def class_of(self, position: Hashable) -> int | None:
        """The class of a position: for the exact quotient any position with heaps of at most
        max_heap counters (the product of its heaps' classes, class 0 being the empty
        position's); for a quotient by tests, a position classed (None otherwise)."""
        if self.exact:
            if not isinstance(position, tuple):
                raise ArgumentTypeError(
                    f"position must be a tuple of heaps, not {described(position)}"
                )
            heaps: tuple[object, ...] = position
            c: int | None = 0
            for h in heaps:
                if type(h) is not int or not 1 <= h <= self.max_heap:
                    raise ArgumentError(
                        f"heap {h!r} of {position!r} is not 1 to {self.max_heap} counters"
                    )
                g = self.generators[h - 1]
                c = None if c is None or g is None else self.table[c][g]
            return c
        if self._index is None:
            self._index = {x: c.index for c in self.classes for x in c.members}
        return self._index.get(position)


def quotient_verdict(quotient: HeapQuotient, position: Hashable) -> str | None:
    """The outcome an exact quotient predicts for ``position`` (a tuple of heaps): the class of
    each heap multiplied by the table, and that class's verdict — ``"P"`` or ``"N"``; None
    where a heap is larger than the quotient's ``max_heap`` (it says nothing of those). The
    strange algebra §5 method applied: no search.

    >>> from whistgui.engine.heaps import find_heap_game
    >>> q = exact_quotient(find_heap_game('misere-octal:0.77'), max_heap=12)
    >>> quotient_verdict(q, (3, 5, 7)), quotient_verdict(q, (2, 2)), quotient_verdict(q, (13,))
    ('N', 'P', None)
    """
    if not isinstance(quotient, HeapQuotient):
        raise ArgumentTypeError(f"quotient must be a HeapQuotient, not {described(quotient)}")
    if not quotient.exact:
        raise ArgumentError(
            f"the quotient of {quotient.game} is by tests, not exact; expected exact_quotient's"
        )
    if not isinstance(position, tuple):
        raise ArgumentTypeError(f"position must be a tuple of heaps, not {described(position)}")
    if any(type(h) is int and h > quotient.max_heap for h in position):
        return None
    c = quotient.class_of(position)
    return None if c is None else quotient.classes[c].verdict


def registered_theory(rules: PositionRules[Any]) -> HeapTheory[Any] | None:
    """A fresh theory of ``rules`` from the registry (None if the game has none)."""
    from whistgui.engine.heaps import heap_game_of

    make = heap_game_of(rules).theory
    return None if make is None else make(rules)


def _size_key(p: Sequence[int]) -> tuple[int, int, tuple[int, ...]]:
    return (len(p), sum(p), tuple(p))


def sized_components(rules: PositionRules[Any], max_size: int) -> Iterator[tuple[int, Hashable]]:
    """Each component of ``rules`` of 1 to ``max_size`` units (a heap's counters, a pile's),
    as a position, with its size, smallest first: the rules' own ``sized_components`` if they
    have one (hackenbush: every word of B and R), else the heaps 1 to ``max_size``.

    >>> from whistgui.engine.heaps import find_heap_game
    >>> list(sized_components(find_heap_game('nim'), 2))
    [(1, (1,)), (2, (2,))]
    >>> [p for _n, (p,) in sized_components(find_heap_game('hackenbush'), 1)]
    ['B', 'R']
    """
    own = getattr(rules, "sized_components", None)
    if own is not None:
        yield from own(max_size)
        return
    for h in range(1, max_size + 1):
        yield h, rules.parse(str(h))


def count_components(rules: PositionRules[Any], max_size: int, most: int) -> int:
    """How many components of 1 to ``max_size`` units ``rules`` has — counted up to
    ``most + 1`` only (enough to refuse more than ``most``)."""
    return sum(1 for _ in itertools.islice(sized_components(rules, max_size), most + 1))


def heap_positions(
    rules: PositionRules[Any], max_heap: int, max_heaps: int
) -> tuple[Hashable, ...]:
    """Every position of at most ``max_heaps`` heaps of 1 to ``max_heap`` counters (piles,
    for hackenbush: :func:`sized_components`) — every multiset, or every sequence if the game
    is not commutative — the empty one first, then by number of heaps, counters and text.

    >>> from whistgui.engine.heaps import find_heap_game
    >>> heap_positions(find_heap_game('nim'), 2, 2)
    ((), (1,), (2,), (1, 1), (1, 2), (2, 2))
    >>> len(heap_positions(find_heap_game('end-nim'), 2, 2))
    7
    >>> [' '.join(p) for p in heap_positions(find_heap_game('hackenbush'), 1, 2)]
    ['', 'B', 'R', 'B B', 'B R', 'R R']
    """
    whole(max_heap, "max_heap", low=1)
    whole(max_heaps, "max_heaps", low=0)
    found = list(itertools.islice(sized_components(rules, max_heap), MAX_POSITIONS + 1))
    if len(found) > MAX_POSITIONS:
        raise ArgumentError(
            f"components of at most {max_heap} are more than {MAX_POSITIONS:,}; expected "
            "smaller ones"
        )
    sizes = [n for n, _c in found]
    parts = [c for _n, c in found]
    out: list[tuple[int, ...]] = []
    for k in range(max_heaps + 1):
        words = (
            itertools.combinations_with_replacement(range(len(parts)), k)
            if rules.commutative
            else itertools.product(range(len(parts)), repeat=k)
        )
        for word in words:
            out.append(tuple(word))
            if len(out) > MAX_POSITIONS:
                raise ArgumentError(
                    f"{max_heaps} heaps of at most {max_heap} counters are more than "
                    f"{MAX_POSITIONS:,} positions; expected fewer heaps or smaller ones"
                )

    def key(word: tuple[int, ...]) -> tuple[int, int, tuple[int, ...]]:
        return (len(word), sum(sizes[i] for i in word), word)

    return tuple(_joined(rules, [parts[i] for i in w]) for w in sorted(out, key=key))


def _joined(rules: PositionRules[Any], parts: Sequence[Hashable]) -> Hashable:
    p: Hashable = rules.zero()
    for c in parts:
        p = rules.join(p, c)
    return p


def _position(rules: PositionRules[Any], heaps: tuple[int, ...]) -> Hashable:
    p: Hashable = rules.zero()
    for h in heaps:
        p = rules.join(p, rules.parse(str(h)))
    return p


def _check_common(rules: object, progress: object, should_stop: object) -> PositionRules[Any]:
    if not all(hasattr(rules, a) for a in ("join", "components", "options", "end", "parse")):
        raise ArgumentTypeError(f"rules must be a game's rules, not {described(rules)}")
    optional_callable(progress, "progress")
    optional_callable(should_stop, "should_stop")
    return rules  # type: ignore[return-value]


#: A phase of the work after the positions are classed, as it goes: what it is doing
#: (``"building the table"``, ``"checking the table"``, ``"checking the theory"``), how far.
PhaseProgress = Callable[[str, int, int], None]


def _pairs(
    rules: PositionRules[Any],
    xs: Sequence[Hashable],
    max_heaps: int,
    *,
    what: str = "",
    phase: PhaseProgress | None = None,
    should_stop: Callable[[], bool] | None = None,
) -> Iterator[tuple[Hashable, Hashable]]:
    """The pairs of positions classed whose sum has at most ``max_heaps`` heaps — ``phase``
    told ``what`` is done after each first position, ``should_stop`` asked as often
    (Cancelled)."""
    count = {x: len(rules.components(x)) for x in xs}
    for done, x in enumerate(xs, 1):
        if should_stop is not None and should_stop():
            raise Cancelled("the quotient was stopped by the caller")
        for y in xs:
            if count[x] + count[y] <= max_heaps:
                yield x, y
        if phase is not None:
            phase(what, done, len(xs))


def heap_quotient(
    rules: PositionRules[Any],
    max_heap: int,
    max_heaps: int,
    *,
    tests: int | None = None,
    theory: HeapTheory[Any] | None = None,
    progress: Callable[[int, int], None] | None = None,
    phase: PhaseProgress | None = None,
    should_stop: Callable[[], bool] | None = None,
) -> HeapQuotient:
    """Class every position of at most ``max_heaps`` heaps of 1 to ``max_heap`` counters by
    its outcomes against the test positions of at most ``tests`` heaps (default
    ``max_heaps``) — χ(x + z), or χ(u · x · v) for a non-commutative game — and build the table
    of the classes found; check ``theory`` (if given) against them. The classes found are a
    lower bound on the quotient's. ``progress(done, total)`` is called as positions are
    classed, then ``phase(what, done, total)`` as the table is built and checked (and the
    theory); ``should_stop`` may stop the work (Cancelled)."""
    rules = _check_common(rules, progress, should_stop)
    optional_callable(phase, "phase")
    whole(max_heap, "max_heap", low=1)
    whole(max_heaps, "max_heaps", low=0)
    tests = max_heaps if tests is None else whole(tests, "tests", low=0)
    xs = heap_positions(rules, max_heap, max_heaps)
    zs = heap_positions(rules, max_heap, tests)
    contexts: list[tuple[Hashable, Hashable]] = (
        [(rules.zero(), z) for z in zs] if rules.commutative else [(u, v) for u in zs for v in zs]
    )
    if len(xs) * len(contexts) > MAX_SEARCHES:
        raise ArgumentError(
            f"{len(xs):,} positions against {len(contexts):,} tests are too many searches; "
            "expected fewer heaps or smaller ones"
        )
    search = Search(rules, should_stop=should_stop)

    def chi(p: Hashable) -> Outcome:
        return search.outcome(p)

    def signature(x: Hashable) -> tuple[Outcome, ...]:
        return tuple(chi(rules.join(rules.join(u, x), v)) for u, v in contexts)

    by_signature: dict[tuple[Outcome, ...], list[Hashable]] = {}
    sig_of: dict[Hashable, tuple[Outcome, ...]] = {}
    for done, x in enumerate(xs):
        if should_stop is not None and should_stop():
            raise Cancelled("the quotient was stopped by the caller")
        s = signature(x)
        by_signature.setdefault(s, []).append(x)
        sig_of[x] = s
        if progress is not None:
            progress(done + 1, len(xs))
    index = {s: i for i, s in enumerate(by_signature)}  # in order of first members
    classes = []
    for s, members in by_signature.items():
        out = chi(members[0])
        classes.append(
            HeapClass(index[s], tuple(members), out, verdict(out) if rules.impartial else None)
        )
    size = len(classes)
    table: list[list[int | None]] = [[None] * size for _ in range(size)]
    # a sum of representatives beyond the positions classed is classed by its own signature,
    # as long as that stays within the searches allowed (else its entry is None)
    budget = MAX_SEARCHES // max(1, len(contexts))
    for a in classes:
        if phase is not None:
            phase("building the table", a.index, size)
        for b in classes:
            joined = rules.join(a.representative, b.representative)
            found = sig_of.get(joined)
            if found is None and budget > 0:
                budget -= 1
                found = signature(joined)
            table[a.index][b.index] = None if found is None else index.get(found)
    gens = tuple(index[sig_of[x]] if x in sig_of else None for x in _singles(rules, max_heap))
    q = HeapQuotient(
        rules.name,
        rules.commutative,
        False,
        max_heap,
        max_heaps,
        tests,
        xs,
        tuple(classes),
        tuple(tuple(r) for r in table),
        gens,
    )
    # well defined: the class of x + y the same for every member x, y of two classes
    cls = {x: index[s] for x, s in sig_of.items()}
    pairs = _pairs(
        rules, xs, max_heaps, what="checking the table", phase=phase, should_stop=should_stop
    )
    for x, y in pairs:
        got = cls.get(rules.join(x, y))  # by the class's number: a signature is long to hash
        if got is None:
            continue
        want = table[cls[x]][cls[y]]
        if want != got:
            q.mismatches.append(
                f"well-defined broken: {rules.text(x)} is in class {cls[x]} and "
                f"{rules.text(y)} in class {cls[y]}, but their sum is in class {got}, "
                f"not {want}: tests of {tests} heaps do not tell every class apart"
            )
            break
    if theory is not None:
        _check_theory(q, rules, theory, cls, size, phase=phase, should_stop=should_stop)
    return q


def _singles(rules: PositionRules[Any], max_heap: int) -> list[Hashable]:
    return [c for _n, c in sized_components(rules, max_heap)]


def _check_theory(
    q: HeapQuotient,
    rules: PositionRules[Any],
    theory: HeapTheory[Any],
    cls: dict[Hashable, int],
    size: int,
    *,
    phase: PhaseProgress | None = None,
    should_stop: Callable[[], bool] | None = None,
) -> None:
    """Refinement (one element, one class), homomorphism (the element of x + y the sum of
    the elements) and the predicted outcome, over the positions classed."""
    q.theory = theory.title
    element: dict[Hashable, Any] = {}
    for x in q.positions:
        with contextlib.suppress(NoTheoryError):
            e = theory.zero()
            for c in rules.components(x):
                e = theory.add(e, theory.element(c))
            element[x] = e
    q.uncovered = len(q.positions) - len(element)
    texts: list[list[str]] = [[] for _ in range(size)]
    pretty: list[list[str]] = [[] for _ in range(size)]
    first: dict[Any, Hashable] = {}
    for x, e in element.items():
        t = theory.text(e)
        if t not in texts[cls[x]]:
            texts[cls[x]].append(t)
            pretty[cls[x]].append(theory.pretty(e))
        other = first.setdefault(e, x)
        if cls[other] != cls[x]:
            q.mismatches.append(
                f"refinement broken: {rules.text(other)} and {rules.text(x)} have the element "
                f"{t} but fall in classes {cls[other]} and {cls[x]}"
            )
        predicted = theory.outcome(e, list(rules.start_flags(x)))
        if predicted != q.classes[cls[x]].outcome:
            q.mismatches.append(
                f"outcome broken: {rules.text(x)} has the element {t}, predicted "
                f"{dict(predicted.by_flag)}, but its outcome is "
                f"{dict(q.classes[cls[x]].outcome.by_flag)}"
            )
    pairs = _pairs(
        rules,
        list(element),
        q.max_heaps,
        what="checking the theory",
        phase=phase,
        should_stop=should_stop,
    )
    for x, y in pairs:
        s = rules.join(x, y)
        es = element.get(s)
        if es is None:
            continue
        total = theory.add(element[x], element[y])
        if total != es:
            q.mismatches.append(
                f"homomorphism broken: {rules.text(x)} + {rules.text(y)} has the element "
                f"{theory.text(es)}, not {theory.text(element[x])} + "
                f"{theory.text(element[y])} = {theory.text(total)}"
            )
    q.classes = tuple(
        HeapClass(
            c.index,
            c.members,
            c.outcome,
            c.verdict,
            tuple(texts[c.index]),
            tuple(pretty[c.index]),
        )
        for c in q.classes
    )


def _exact_game(rules: PositionRules[Any]) -> Any:
    if not (rules.impartial and rules.commutative and getattr(rules, "disjunctive", False)):
        raise ArgumentError(
            f"the exact quotient is for impartial games whose moves change one heap (octal "
            f"games), not {rules.name}; expected a quotient by tests (heap_quotient) for it"
        )
    return heap_moves(rules)


def quotient_growth(
    rules: PositionRules[Any],
    max_heap: int,
    *,
    search_limit: int = DEFAULT_SEARCH_LIMIT,
    progress: Callable[[int, int], None] | None = None,
    should_stop: Callable[[], bool] | None = None,
) -> Iterator[tuple[GrowthStep, Monoid]]:
    """Raise the heap bound K = 1, 2, …, ``max_heap`` step by step: at each the exact
    quotient Q_K of every position with heaps of at most K counters, with its class count (a
    :class:`GrowthStep`) and the monoid itself. ``progress(K, max_heap)`` after each step;
    ``should_stop`` may stop the work (Cancelled); QuotientLimit when classes split so that
    more than ``search_limit`` positions would be searched."""
    rules = _check_common(rules, progress, should_stop)
    whole(max_heap, "max_heap", low=1, high=1000)
    whole(search_limit, "search_limit", low=1)
    game = _exact_game(rules)
    start = time.perf_counter()
    for stage in stages(game, max_heap, search_limit=search_limit, should_stop=should_stop):
        m = stage.monoid
        step = GrowthStep(
            stage.max_heap,
            len(m),
            sum(m.p),
            stage.method,
            stage.searched,
            time.perf_counter() - start,
        )
        if progress is not None:
            progress(stage.max_heap, max_heap)
        yield step, m


def exact_quotient(
    rules: PositionRules[Any],
    max_heap: int,
    *,
    max_heaps: int | None = None,
    theory: HeapTheory[Any] | None = None,
    search_limit: int = DEFAULT_SEARCH_LIMIT,
    progress: Callable[[int, int], None] | None = None,
    should_stop: Callable[[], bool] | None = None,
) -> HeapQuotient:
    """The exact quotient of every position of an octal game (normal or misère) with heaps of
    at most ``max_heap`` counters, found by :func:`quotient_growth` (its growth kept): the
    classes (members: the positions of at most ``max_heaps`` heaps in each — by default 2, or
    1 if that would be more than :data:`MAX_POSITIONS` positions — and its smallest position),
    the whole multiplication table, the P classes; ``theory`` checked against the positions of
    at most ``max_heaps`` heaps."""
    if max_heaps is None:
        max_heaps = 2 if (max_heap + 1) * (max_heap + 2) // 2 <= MAX_POSITIONS else 1
    whole(max_heaps, "max_heaps", low=0)
    steps: list[GrowthStep] = []
    monoid: Monoid | None = None
    for step, m in quotient_growth(
        rules, max_heap, search_limit=search_limit, progress=progress, should_stop=should_stop
    ):
        steps.append(step)
        monoid = m
    assert monoid is not None
    xs = heap_positions(rules, max_heap, max_heaps)
    smallest = _smallest(monoid, max_heap)
    members: list[list[Hashable]] = [[] for _ in range(len(monoid))]
    cls: dict[Hashable, int] = {}
    for x in xs:
        e = monoid.of(x)  # type: ignore[arg-type]
        cls[x] = e
        if len(members[e]) < MEMBERS_SHOWN:
            members[e].append(x)
    # number the classes by their smallest members
    order = sorted(range(len(monoid)), key=lambda e: _size_key(smallest[e]))
    number = {e: i for i, e in enumerate(order)}
    classes = []
    for e in order:
        found = members[e]
        if smallest[e] not in found:
            found = [_position(rules, smallest[e]), *found]
        win = _outcome(monoid.p[e])
        classes.append(HeapClass(number[e], tuple(found), win, "P" if monoid.p[e] else "N"))
    table = tuple(tuple(number[monoid.table[a][b]] for b in order) for a in order)
    q = HeapQuotient(
        rules.name,
        True,
        True,
        max_heap,
        max_heaps,
        None,
        xs,
        tuple(classes),
        table,
        tuple(number[monoid.gens[h]] for h in range(1, max_heap + 1)),
        tuple(s.classes for s in steps),
        tuple(steps),
    )
    if theory is not None:
        cls_of = {x: number[e] for x, e in cls.items()}
        _check_theory(q, rules, theory, cls_of, len(classes), should_stop=should_stop)
    return q


def _outcome(p: bool) -> Outcome:
    r = Fraction(-1) if p else Fraction(1)
    return Outcome({"": (r, -r)})


def _smallest(m: Monoid, max_heap: int) -> dict[int, tuple[int, ...]]:
    """Each element's smallest position: fewest heaps, then fewest counters."""
    letters: dict[int, int] = {}
    for h in range(1, max_heap + 1):
        letters.setdefault(m.gens[h], h)
    best: dict[int, tuple[int, ...]] = {0: ()}
    layer: dict[int, tuple[int, ...]] = {0: ()}
    for _k in range(len(m)):
        if len(best) == len(m):
            break
        nxt: dict[int, tuple[int, ...]] = {}
        for q, pos in layer.items():
            for g, h in letters.items():
                r = m.table[q][g]
                cand = tuple(sorted((*pos, h)))
                if r not in nxt or _size_key(cand) < _size_key(nxt[r]):
                    nxt[r] = cand
        for r, pos in nxt.items():
            best.setdefault(r, pos)
        layer = nxt
    return best
