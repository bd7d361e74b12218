"""Misère Kayles' quotient (``misere-octal:0.77``), settled by evidence that shares no code with
the exact method (:mod:`whistgui.engine.heaps.incremental`).

Strange algebra §6.5 says, after Plambeck, that the quotient monoid of misère Kayles has 48
elements. The exact method finds 40, reached at heap bound 27. This file checks the 40 with
code of its own:

* **Moves.** Kayles takes 1 or 2 adjacent pins from a row, leaving 0, 1 or 2 rows (any split):
  :func:`kayles_options` here, compared with octal code 0.77's moves, and their normal-play
  Grundy values by a mex computed here (Guy's sequence: period 12 from n = 71 on).
* **Brute force.** Misère outcomes of sums of heaps by plain memoized search over sorted tuples
  (:class:`Outcomes`). Every position of at most N counters (1,295,971 positions for N = 50,
  in the exhaustive run) has the outcome the quotient predicts — so no test position of that
  size tells apart two positions the quotient puts in one class — and positions of A_K that
  the quotient puts in different classes get different outcomes against test positions of
  A_K: a lower bound on |Q_K| (more tests can only split more), equal to |Q_K| at K = 5, 9,
  12; at K = 27 the tests within reach of search (≤ 20 counters) tell 28 of the 40 apart.
* **Certificate.** Given only the table, the heaps' classes and the P classes that the exact
  quotient reports, a closure computed here over the states (class of x, classes of x's
  options) — every position of A_K reaches one, one heap at a time — shows the prediction
  right for every position of A_K by induction on x (its options' classes are in the state),
  and a reduction here shows every two of the 40 classes told apart by some class: so
  |Q_K| = 40 exactly, K = 27 … 170.
* **Every heap.** The heaps' classes repeat with period 12 from heap 71 (as the nim values
  do) up to heap 170, past 2·71 + 12 + 2 = 156, the bound of Plambeck and Siegel's periodicity
  theorem for an octal game whose moves take at most t = 2 (period p = 12, from n₀ = 71): the
  quotient of every position of misère Kayles, with no bound on heaps, has 40 elements.

So 48 is not the order of this object (the quotient of all sums of Kayles rows under misère
play, with tests in the same set): no heap bound gives it, and the paper's number is not
reproduced.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from dataclasses import replace

import pytest

from whistgui.engine.heaps import find_heap_game
from whistgui.engine.heaps.octal import OctalRules
from whistgui.engine.heaps.quotient import HeapQuotient, exact_quotient

Heaps = tuple[int, ...]

KAYLES = find_heap_game("misere-octal:0.77")

_EXACT: dict[int, HeapQuotient] = {}


def _exact(k: int) -> HeapQuotient:
    got = _EXACT.get(k)
    if got is None:
        got = _EXACT[k] = exact_quotient(KAYLES, k, max_heaps=1)
    return got


# -- the brute force: nothing here comes from the engine ---------------------------------------


def kayles_options(h: int) -> frozenset[Heaps]:
    """The rows a move leaves of a row of h pins: take 1 or 2 adjacent pins, anywhere."""
    out = set()
    for take in (1, 2):
        rest = h - take
        for left in range(rest // 2 + 1) if rest >= 0 else ():
            out.add(tuple(r for r in (left, rest - left) if r))
    return frozenset(out)


class Outcomes:
    """Misère outcomes of sums of Kayles rows by memoized search (the player unable to move
    wins): ``p(x)`` is True when x (a sorted tuple) is a P-position."""

    def __init__(self) -> None:
        self.memo: dict[Heaps, bool] = {}
        self.moves = {h: tuple(kayles_options(h)) for h in range(64)}

    def p(self, x: Heaps) -> bool:
        got = self.memo.get(x)
        if got is None:
            got = bool(x)  # no heap: the player to move cannot move, and wins
            for i, h in enumerate(x):
                if i and x[i - 1] == h:
                    continue
                rest = x[:i] + x[i + 1 :]
                if any(self.p(tuple(sorted(rest + o))) for o in self.moves[h]):
                    got = False
                    break
            self.memo[x] = got
        return got


@pytest.fixture(scope="module")
def truth() -> Outcomes:
    """One brute force for the module's tests: a position's outcome is searched once, whichever
    test asks (the lower bounds' sums are mostly positions the exhaustive run has seen)."""
    return Outcomes()


def positions(total: int, max_heap: int) -> Iterator[Heaps]:
    """Every sorted tuple of heaps of 1 to ``max_heap`` with at most ``total`` counters."""

    def grow(prefix: Heaps, low: int, left: int) -> Iterator[Heaps]:
        yield prefix
        for h in range(low, min(max_heap, left) + 1):
            yield from grow((*prefix, h), h, left - h)

    yield from grow((), 1, total)


def grundy_by_mex(n: int) -> list[int]:
    """Normal-play Grundy values of Kayles rows 0..n: the least value no option has."""
    g = [0]
    for h in range(1, n + 1):
        seen = set()
        for o in kayles_options(h):
            v = 0
            for r in o:
                v ^= g[r]
            seen.add(v)
        g.append(min(set(range(len(seen) + 1)) - seen))
    return g


# -- moves and normal play ----------------------------------------------------------------------


def test_octal_077_moves_are_kayles() -> None:
    """0.77's moves of a heap are Kayles': every row a move can leave, no other."""
    rules = OctalRules("0.77")
    for h in range(0, 121):
        got = rules.heap_options(h)
        assert len(set(got)) == len(got)
        assert set(got) == kayles_options(h), h


def test_grundy_values_are_guys_sequence() -> None:
    """0.77's Grundy values equal those of the mex here, which are eventually periodic with
    period 12, the last exception at n = 70 (Guy and Smith; Winning Ways ch. 4)."""
    g = grundy_by_mex(400)
    rules = OctalRules("0.77")
    assert [rules.grundy(n) for n in range(401)] == g
    assert all(g[n] == g[n + 12] for n in range(71, 389))
    assert g[70] != g[82]
    assert max(g) == 8  # the values are among 0..8 — the nim group of 16 of normal-play Kayles


# -- brute force against the quotient -----------------------------------------------------------


def test_brute_force_outcomes_are_the_quotients(truth: Outcomes, exhaustive: bool) -> None:
    """Every position of at most N counters (heaps of any size up to N) has the outcome the
    exact quotient predicts: no test position of that size splits one of its classes (N = 50:
    1,295,971 positions, about 35 s; 30 in the normal run)."""
    n = 50 if exhaustive else 30
    q = _exact(n)
    verdicts = [c.verdict == "P" for c in q.classes]
    wrong = []
    count = 0
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(limit, 10_000))
    try:
        for x in positions(n, n):
            count += 1
            c = q.class_of(x)
            assert c is not None
            if verdicts[c] != truth.p(x):
                wrong.append(x)
    finally:
        sys.setrecursionlimit(limit)
    assert count == (1_295_971 if exhaustive else 28_629)
    assert wrong == []


@pytest.mark.parametrize(
    ("k", "light", "tests", "told_apart", "slow"),
    [
        (5, 20, 12, 12, False),
        (9, 20, 10, 18, False),
        (12, 34, 20, 24, True),
        (27, 34, 20, 28, True),
    ],
)
def test_brute_force_lower_bound(
    k: int, light: int, tests: int, told_apart: int, slow: bool, truth: Outcomes, exhaustive: bool
) -> None:
    """A lower bound on |Q_K| by search alone: the lightest position (at most ``light``
    counters) of each class of the exact Q_K, against every test of A_K of at most ``tests``
    counters — distinct outcome rows are distinct classes, whatever chose the positions. At
    K = 5, 9, 12 the bound is |Q_K| (12, 18, 24); at K = 27 it is 28 of the 40 (the rest are
    told apart by positions too large for search: the certificate below shows them)."""
    if slow and not exhaustive:
        pytest.skip("exhaustive: tens of seconds of search")
    q = _exact(k)
    lightest: dict[int, Heaps] = {}
    for x in sorted(positions(light, k), key=lambda x: (sum(x), x)):
        c = q.class_of(x)
        assert c is not None
        lightest.setdefault(c, x)
    zs = list(positions(tests, k))
    rows = {tuple(truth.p(tuple(sorted(x + z))) for z in zs) for x in lightest.values()}
    assert len(rows) == told_apart
    assert len(rows) <= len(q.classes)


# -- a certificate of the exact count, from the quotient's table alone ---------------------------


def _whole(v: int | None) -> int:
    assert v is not None  # the exact quotient's table is total
    return v


def _table(q: HeapQuotient) -> tuple[list[list[int]], dict[int, int]]:
    """The quotient's table and each heap's class, as plain numbers."""
    table = [[_whole(v) for v in row] for row in q.table]
    return table, {h: _whole(q.generators[h - 1]) for h in range(1, q.max_heap + 1)}


def closure_certificate(q: HeapQuotient) -> tuple[int, list[tuple[int, frozenset[int]]]]:
    """Every state (class of x, classes of x's options) that a position x of A_K reaches,
    adding one heap at a time (commutative, associative table checked first), and the states
    where the predicted outcome is not the misère rule on the options' predicted outcomes:
    none means the prediction is right for every position of A_K, by induction on x."""
    table, heap = _table(q)
    n = len(table)
    assert all(table[0][a] == a for a in range(n))
    assert all(table[a][b] == table[b][a] for a in range(n) for b in range(n))
    assert all(
        table[table[a][b]][c] == table[a][table[b][c]]
        for a in range(n)
        for b in range(n)
        for c in range(n)
    )
    p = [c.verdict == "P" for c in q.classes]

    def image(x: Heaps) -> int:
        u = 0
        for h in x:
            u = table[u][heap[h]]
        return u

    options = {h: {image(o) for o in kayles_options(h)} for h in heap}
    start: tuple[int, frozenset[int]] = (0, frozenset())
    seen, todo = {start}, [start]
    bad: list[tuple[int, frozenset[int]]] = []
    while todo:
        u, opts = todo.pop()
        if p[u] != (bool(opts) and not any(p[o] for o in opts)):
            bad.append((u, opts))
        for h, g in heap.items():
            nxt = (
                table[u][g],
                frozenset([table[o][g] for o in opts] + [table[u][c] for c in options[h]]),
            )
            if nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    return len(seen), bad


def told_apart(q: HeapQuotient) -> int:
    """The number of classes of the table left after merging classes no class tells apart
    (x ~ y when x·w and y·w are P together for every w)."""
    table, _heap = _table(q)
    n = len(table)
    block = [int(c.verdict == "P") for c in q.classes]
    while True:
        sig: dict[tuple[int, ...], int] = {}
        new = [
            sig.setdefault(tuple(block[table[x][w]] for w in range(n)), len(sig)) for x in range(n)
        ]
        if len(sig) == len(set(block)):
            return len(sig)
        block = new


@pytest.mark.parametrize(("k", "slow"), [(27, False), (40, False), (90, True), (170, True)])
def test_certificate_of_40_classes(k: int, slow: bool, exhaustive: bool) -> None:
    """From the table, heaps' classes and P classes alone: the prediction is right for every
    position of A_K (closure), and every two of the classes are told apart — so Q_K has
    exactly 40 elements, every one a position's (the table is generated by the heaps)."""
    if slow and not exhaustive:
        pytest.skip("exhaustive: the quotient to heap 90 or 170")
    q = _exact(k)
    states, bad = closure_certificate(q)
    assert bad == []
    assert states > len(q.classes)
    assert told_apart(q) == len(q.classes) == 40
    table, heap = _table(q)
    reached, todo = {0}, [0]
    while todo:
        u = todo.pop()
        for g in set(heap.values()):
            v = table[u][g]
            if v not in reached:
                reached.add(v)
                todo.append(v)
    assert len(reached) == 40


def test_a_wrong_table_fails_the_certificate() -> None:
    """The certificate can fail: with one class's outcome flipped, or two heaps' classes
    swapped, some state disagrees."""
    q = _exact(27)
    p = next(c for c in q.classes if c.verdict == "P" and c.index)
    flipped = tuple(c if c is not p else replace(c, verdict="N") for c in q.classes)
    assert closure_certificate(replace(q, classes=flipped))[1]
    gens = list(q.generators)
    gens[24], gens[26] = gens[26], gens[24]
    assert gens != list(q.generators)
    assert closure_certificate(replace(q, generators=tuple(gens)))[1]


def test_growth_to_the_periodicity_bound(exhaustive: bool) -> None:
    """Q_K for K = 1 … 170 (exhaustive; to 40 otherwise): 40 classes from 27 on, never more;
    the heaps' classes repeat with period 12 from heap 71, up to 170 ≥ 2·71 + 12 + 2 = 156
    (Plambeck–Siegel's periodicity theorem: the quotient of every heap size is then Q_156's)."""
    k = 170 if exhaustive else 40
    q = _exact(k)
    assert list(q.growth) == sorted(q.growth)
    assert q.growth[:27] == (2, 6, 6, 6, *[12] * 4, 18, 18, 18, *[24] * 13, 32, 32, 40)
    assert q.stable_from == 27
    assert len(q.classes) == 40
    assert len(q.p_classes) == 9
    if exhaustive:
        gens = q.generators
        n0 = next(n for n in range(k - 12, 0, -1) if gens[n - 1] != gens[n + 11]) + 1
        assert n0 == 71
        assert 2 * n0 + 12 + 2 <= k
