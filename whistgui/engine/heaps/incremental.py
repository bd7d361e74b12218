"""The exact quotient monoid of a heap game whose moves change one heap (octal games, nim),
normal or misère, computed heap by heap (the method of Plambeck and Siegel, *Misère quotients
for impartial games*, 2008, as their MisereSolver does it; here with a verification of our own).

Let Aₙ be every sum of heaps of at most n counters, and Qₙ its quotient: x ≡ y when
o(x + z) = o(y + z) for every z in Aₙ. Qₙ is the syntactic monoid of the set of P-positions;
:func:`quotients` computes Q₁, Q₂, …, Q_K in turn.

**Candidate.** From Qₙ₋₁ (each element with a smallest representative) and the options of the
new heap n, the outcome of y + m·n is computed as if y could be replaced by the representative
of its class (``F(q, m)``, by the recursion "P exactly when no option is P" over the
representative's options and the heap's), for m = 0, 1, 2, … until the column of outcomes
repeats; the monoid Qₙ₋₁ × {0, 1, …} with those outcomes, reduced by indistinguishability, is
the candidate. It is right unless adding heap n tells apart positions that Qₙ₋₁ had in one
class (the classes "split").

**Verification** (exact, over every position of Aₙ, finitely). A homomorphism Φ: Aₙ → M with a
set P ⊆ M predicts the P-positions rightly if and only if for every x, Φ(x) ∈ P exactly when x
can move (under misère play) and no option x′ has Φ(x′) ∈ P: then by induction on x the
prediction is the outcome. The classes of x's options depend on x only through Φ of its parts:
taking heap types one by one, a position's multiplicity of heap i matters only through aⁱ⁻¹
(aᵢ the element of heap i), a finite cycle; and "some option lands in P" is carried as the set
W = {w : d·w ∈ P for some option-class-so-far d}, which multiplying by c maps to
{w : c·w ∈ W}. So a dynamic programme over heap types with states (element, W, can move)
reaches every position's state, and a state where the prediction disagrees with the rule is a
failure — the cheapest (least Σ h², which every move lowers) is a position all of whose smaller
positions are predicted right, so its true outcome is the rule's: a counterexample with a known
outcome, found without search.

**Refinement.** When a candidate fails, the classes have split: Qₙ is then learned by
observation tables (Angluin's L*, with Rivest and Schapire's counterexample analysis), rows and
tests being positions, a table entry the outcome of their sum — by search, every position
without heap n answered by Qₙ₋₁ and every position lighter than a failed candidate's least
counterexample by that candidate — each hypothesis verified as above. The classes are then
exactly Qₙ's: each hypothesis element is told apart from every other by a position (a test),
and the verified prediction makes elements with one Φ equivalent.

>>> from whistgui.engine.heaps.octal import OctalRules
>>> [len(q.table) for q in quotients(heap_moves(OctalRules('0.3333', misere=True)), 4)]
[2, 6, 6, 10]

(Misère nim on heaps of at most 1, 2, 3, 4: {0, 1}, then 0, 1 and the nim group of the heaps'
sizes with a hat, as strange algebra §6.2 says.)
"""

from __future__ import annotations

import heapq
import sys
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Final

from whistgui.engine.errors import Cancelled, TheoryError, WhistError

__all__ = [
    "DEFAULT_SEARCH_LIMIT",
    "DEFAULT_STATE_LIMIT",
    "MAX_CANDIDATE",
    "HeapMoves",
    "Monoid",
    "QuotientLimit",
    "heap_moves",
    "quotients",
]

Heaps = tuple[int, ...]

#: Positions a stage may search (each remembered) when a candidate fails.
DEFAULT_SEARCH_LIMIT: Final = 1_000_000
#: The most elements a candidate may have before it is reduced.
MAX_CANDIDATE: Final = 4_000
#: States one step of the verification may hold.
DEFAULT_STATE_LIMIT: Final = 2_000_000


class QuotientLimit(WhistError):
    """The computation needs more positions or states than its limit allows."""


@dataclass(frozen=True, slots=True)
class HeapMoves:
    """What the method needs of a game: the positions one move leaves of a heap (each a sorted
    tuple of heaps), and whether a player unable to move wins (misère) or loses (normal) — a
    game's heap moves only, not the registry's entry :class:`whistgui.engine.heaps.HeapGame`."""

    name: str
    options: Callable[[int], tuple[Heaps, ...]]
    misere: bool


def heap_moves(rules: object) -> HeapMoves:
    """The :class:`HeapMoves` of rules with ``heap_options(h)``, ``misere`` and ``disjunctive``
    (an octal game's :class:`~whistgui.engine.heaps.octal.OctalRules`)."""
    name = str(getattr(rules, "name", rules))
    options = getattr(rules, "heap_options", None)
    misere = getattr(rules, "misere", None)
    if not callable(options) or not isinstance(misere, bool):
        raise TheoryError(f"{name!r} has no heap options or no misère flag")
    if getattr(rules, "disjunctive", False) is not True:
        raise TheoryError(f"{name!r} does not say its moves change one heap")
    return HeapMoves(name, options, misere)


@dataclass(slots=True)
class Monoid:
    """A finite commutative monoid with a subset P, and the element of each heap: element 0 is
    the identity, ``table[a][b]`` the product, ``gens[h]`` the element of a heap of h."""

    table: list[list[int]]
    gens: dict[int, int]
    p: list[bool]
    _residual: list[int] = field(default_factory=list, repr=False)
    _pre: dict[tuple[int, int], int] = field(default_factory=dict, repr=False)

    def __len__(self) -> int:
        return len(self.table)

    def of(self, heaps: Iterable[int]) -> int:
        """The element of a position."""
        q = 0
        table, gens = self.table, self.gens
        for h in heaps:
            q = table[q][gens[h]]
        return q

    def residual(self, d: int) -> int:
        """The set {w : d·w ∈ P}, a bit mask over the elements."""
        if not self._residual:
            m = len(self.table)
            self._residual = [
                sum(1 << w for w in range(m) if self.p[self.table[x][w]]) for x in range(m)
            ]
        return self._residual[d]

    def preimage(self, c: int, mask: int) -> int:
        """The set {w : c·w ∈ mask}."""
        key = (c, mask)
        got = self._pre.get(key)
        if got is None:
            row = self.table[c]
            got = 0
            for w, x in enumerate(row):
                if (mask >> x) & 1:
                    got |= 1 << w
            self._pre[key] = got
        return got


def _trivial(misere: bool) -> Monoid:
    return Monoid([[0]], {}, [not misere])


# -- verification ------------------------------------------------------------------------------

_State = tuple[int, int, bool]  # (element, W, can move)
_Layer = dict[_State, tuple[int, _State | None, int]]  # state -> (weight, previous state, count)


class _Verifier:
    def __init__(self, game: HeapMoves, limit: int, should_stop: Callable[[], bool] | None):
        self.game, self.limit, self.should_stop = game, limit, should_stop

    def layers(self, m: Monoid, n: int, prefix: list[_Layer] | None = None) -> list[_Layer]:
        """The states reached by the positions of heaps 1..n (prefix: those of 1..k, kept)."""
        start: _Layer = {(0, 0, False): (0, None, 0)}
        layers = list(prefix) if prefix else [start]
        for i in range(len(layers), n + 1):
            if self.should_stop is not None and self.should_stop():
                raise Cancelled(f"the quotient of {self.game.name} was stopped")
            layers.append(self._layer(m, i, layers[-1]))
        return layers

    def _layer(self, m: Monoid, i: int, layer: _Layer) -> _Layer:
        table, a = m.table, m.gens[i]
        option_classes = [m.of(o) for o in self.game.options(i)]
        moves = bool(option_classes)
        choices = []  # (count e, a^e, a^(e-1)) for each a^(e-1) of the cycle
        seen: set[int] = set()
        power = 0
        e = 1
        while power not in seen:
            seen.add(power)
            nxt = table[power][a]
            choices.append((e, nxt, power))
            power, e = nxt, e + 1
        new: _Layer = {}
        weight = i * i
        for state, (cost, _back, _count) in layer.items():
            old = new.get(state)
            if old is None or old[0] > cost:
                new[state] = (cost, state, 0)
            u, mask, moved = state
            row = table[u]
            for count, ae, before in choices:
                w2 = m.preimage(ae, mask) if mask else 0
                for c in option_classes:
                    w2 |= m.residual(row[table[before][c]])
                key = (row[ae], w2, moved or moves)
                c2 = cost + count * weight
                old = new.get(key)
                if old is None or old[0] > c2:
                    new[key] = (c2, state, count)
        if len(new) > self.limit:
            raise QuotientLimit(
                f"the quotient of {self.game.name}: verifying heap {i} needs more than "
                f"{self.limit:,} states"
            )
        return new

    def failure(self, m: Monoid, layers: list[_Layer]) -> Heaps | None:
        """The lightest position whose prediction disagrees with the rule, or None."""
        best: tuple[int, _State] | None = None
        misere = self.game.misere
        for state, (cost, _back, _count) in layers[-1].items():
            u, mask, moved = state
            p_option = bool(mask & 1)
            rule = (moved and not p_option) if misere else not p_option
            if rule != m.p[u] and (best is None or cost < best[0]):
                best = (cost, state)
        if best is None:
            return None
        state = best[1]
        heaps: list[int] = []
        for i in range(len(layers) - 1, 0, -1):
            _cost, back, count = layers[i][state]
            assert back is not None
            heaps.extend([i] * count)
            state = back
        return tuple(sorted(heaps))


# -- candidate by substitution ----------------------------------------------------------------


def _lightest_representatives(m: Monoid, n: int) -> dict[int, Heaps]:
    """For each element, a position of least Σ h² (heaps 1..n) with that element."""
    letters: dict[int, int] = {}
    for h in range(1, n + 1):
        letters.setdefault(m.gens[h], h)
    best: dict[int, tuple[int, Heaps]] = {0: (0, ())}
    queue: list[tuple[int, Heaps, int]] = [(0, (), 0)]
    done: set[int] = set()
    while queue:
        cost, pos, q = heapq.heappop(queue)
        if q in done:
            continue
        done.add(q)
        for g, h in letters.items():
            r = m.table[q][g]
            c = cost + h * h
            if r not in done and (r not in best or best[r][0] > c):
                best[r] = (c, tuple(sorted((*pos, h))))
                heapq.heappush(queue, (c, best[r][1], r))
    return {q: pos for q, (_c, pos) in best.items()}


def _moore(table: list[list[int]], letters: list[int], p: list[bool]) -> list[int]:
    """Indistinguishability classes: x ~ y when P(x·w) = P(y·w) for every word w."""
    block = [1 if v else 0 for v in p]
    count = len(set(block))
    while True:
        sig: dict[tuple[int, ...], int] = {}
        new = [
            sig.setdefault((block[x], *(block[table[x][g]] for g in letters)), len(sig))
            for x in range(len(p))
        ]
        if len(sig) == count:
            return new
        block, count = new, len(sig)


def _generated(table: list[list[int]], gens: dict[int, int], p: list[bool]) -> Monoid:
    """The submonoid generated by the heaps' elements, renumbered from the identity."""
    letters = sorted(set(gens.values()))
    order, index = [0], {0: 0}
    for q in order:
        for g in letters:
            r = table[q][g]
            if r not in index:
                index[r] = len(order)
                order.append(r)
    return Monoid(
        [[index[table[q][r]] for r in order] for q in order],
        {h: index[g] for h, g in gens.items()},
        [p[q] for q in order],
    )


def _substitution_candidate(game: HeapMoves, prev: Monoid, n: int) -> Monoid:
    m = len(prev)
    reps = _lightest_representatives(prev, n - 1)
    order = sorted(range(m), key=lambda q: (sum(h * h for h in reps[q]), reps[q]))
    heap_classes = [prev.of(o) for o in game.options(n)]
    rep_options: list[tuple[set[int], bool]] = []
    for q in range(m):
        r, found, moves = reps[q], set(), False
        for i, h in enumerate(r):
            if i and r[i - 1] == h:
                continue
            rest = r[:i] + r[i + 1 :]
            for o in game.options(h):
                moves = True
                found.add(prev.of(tuple(sorted(rest + o))))
        rep_options.append((found, moves))
    columns = [tuple(prev.p)]
    seen = {columns[0]: 0}
    while True:
        last = columns[-1]
        f: list[bool | None] = [None] * m
        for q in order:
            found, moves = rep_options[q]
            row = prev.table[q]
            p_option = any(last[row[c]] for c in heap_classes)
            for k in found:
                v = f[k]
                if v is None:
                    raise TheoryError(f"{game.name}: representatives out of order at heap {n}")
                p_option = p_option or v
            can_move = moves or bool(heap_classes)
            f[q] = (can_move and not p_option) if game.misere else not p_option
        column = tuple(bool(v) for v in f)
        if column in seen:
            start, period = seen[column], len(columns) - seen[column]
            break
        seen[column] = len(columns)
        columns.append(column)
    k = start + period
    if m * k > MAX_CANDIDATE:
        raise QuotientLimit(
            f"the quotient of {game.name}: the candidate at heap {n} has {m * k:,} elements; "
            f"expected at most {MAX_CANDIDATE:,}"
        )

    def wrap(j: int) -> int:
        return j if j < k else start + (j - start) % period

    size = m * k
    table = [[0] * size for _ in range(size)]
    for q in range(m):
        for j in range(k):
            row = table[q * k + j]
            for q2 in range(m):
                base = prev.table[q][q2] * k
                for j2 in range(k):
                    row[q2 * k + j2] = base + wrap(j + j2)
    p = [columns[j][q] for q in range(m) for j in range(k)]
    gens = {h: prev.gens[h] * k for h in range(1, n)}
    gens[n] = wrap(1)  # (identity, one heap of n)
    blocks = _moore(table, sorted(set(gens.values())), p)
    first: dict[int, int] = {}
    for x, b in enumerate(blocks):
        first.setdefault(b, x)
    reps_of = sorted(first.values())
    number = {blocks[x]: i for i, x in enumerate(reps_of)}
    quotient = [[number[blocks[table[x][y]]] for y in reps_of] for x in reps_of]
    return _generated(
        quotient, {h: number[blocks[g]] for h, g in gens.items()}, [p[x] for x in reps_of]
    )


def _same_with_new_heap(cand: Monoid, prev: Monoid, n: int) -> Monoid | None:
    """``prev`` with heap n given the element the candidate gives it, if the candidate is
    ``prev`` renamed (then the verification of heaps 1..n-1 is kept)."""
    if len(cand) != len(prev):
        return None
    iso, order = {0: 0}, [0]
    letters = [(prev.gens[h], cand.gens[h]) for h in range(1, n)]
    for q in order:
        for gp, gc in letters:
            a, b = prev.table[q][gp], cand.table[iso[q]][gc]
            if a not in iso:
                iso[a] = b
                order.append(a)
            elif iso[a] != b:
                return None
    if len(iso) != len(prev) or len(set(iso.values())) != len(prev):
        return None
    back = {b: a for a, b in iso.items()}
    if any(prev.p[a] != cand.p[b] for a, b in iso.items()):
        return None
    gens = dict(prev.gens)
    gens[n] = back[cand.gens[n]]
    return Monoid(prev.table, gens, prev.p, prev._residual, prev._pre)


# -- learning when the classes split ----------------------------------------------------------


class _Learner:
    """Observation tables over positions (rows: representatives; columns: tests)."""

    def __init__(self, game: HeapMoves, limit: int, should_stop: Callable[[], bool] | None):
        self.game, self.limit, self.should_stop = game, limit, should_stop
        self.reps: list[Heaps] = [()]
        self.tests: list[Heaps] = [()]
        self.letter: dict[int, int] = {}
        self.searched = 0

    def start(self, n: int, prev: Monoid, best: tuple[Monoid, int] | None) -> None:
        self.n, self.prev, self.best = n, prev, best
        self.memo: dict[Heaps, bool] = {}
        self.searched = 0

    def truth(self, x: Heaps) -> bool:
        """Is x a P-position? (prev for positions without heap n; the best verified-so-far
        candidate below its least counterexample; else search)."""
        memo = self.memo
        got = memo.get(x)
        if got is not None:
            return got
        if not x or x[-1] < self.n:
            r = self.prev.p[self.prev.of(x)]
        elif self.best is not None and sum(h * h for h in x) < self.best[1]:
            r = self.best[0].p[self.best[0].of(x)]
        else:
            self.searched += 1
            if self.searched % 4096 == 0:
                if self.should_stop is not None and self.should_stop():
                    raise Cancelled(f"the quotient of {self.game.name} was stopped")
                if len(memo) > self.limit:
                    raise QuotientLimit(
                        f"the quotient of {self.game.name}: heap {self.n} splits classes and "
                        f"needs more than {self.limit:,} positions searched"
                    )
            moves, r = False, True
            for i, h in enumerate(x):
                if i and x[i - 1] == h:
                    continue
                rest = x[:i] + x[i + 1 :]
                for o in self.game.options(h):
                    moves = True
                    if self.truth(tuple(sorted(rest + o))):
                        r = False
                        break
                if not r:
                    break
            if not moves:
                r = not self.game.misere
        memo[x] = r
        return r

    def row(self, x: Heaps) -> tuple[bool, ...]:
        return tuple(self.truth(tuple(sorted(x + e))) for e in self.tests)

    def hypothesis(self) -> Monoid:
        n = self.n
        while True:
            rows: dict[tuple[bool, ...], int] = {}
            kept: list[Heaps] = []
            for s in self.reps:
                r = self.row(s)
                if r not in rows:
                    rows[r] = len(kept)
                    kept.append(s)
            self.reps = kept
            letter: dict[int, int] = {}
            gens: dict[int, int] = {}
            for h in range(1, n + 1):
                r = self.row((h,))
                if r not in rows:
                    rows[r] = len(self.reps)
                    self.reps.append((h,))
                gens[h] = rows[r]
                letter.setdefault(rows[r], h)
            alphabet = sorted(set(letter.values()))
            delta: list[dict[int, int]] = []
            q = 0
            while q < len(self.reps):
                d = {}
                for a in alphabet:
                    t = tuple(sorted((*self.reps[q], a)))
                    r = self.row(t)
                    if r not in rows:
                        rows[r] = len(self.reps)
                        self.reps.append(t)
                    d[a] = rows[r]
                delta.append(d)
                q += 1
            bad = self._not_commuting(delta, alphabet)
            if bad is None:
                self.letter = letter
                size = len(self.reps)
                table = []
                for q in range(size):
                    out = []
                    for other in range(size):
                        c = q
                        for h in self.reps[other]:
                            c = delta[c][letter[gens[h]]]
                        out.append(c)
                    table.append(out)
                return Monoid(table, gens, [self.truth(s) for s in self.reps])
            self._split(delta, *bad)

    @staticmethod
    def _not_commuting(
        delta: list[dict[int, int]], alphabet: list[int]
    ) -> tuple[int, int, int] | None:
        for q, d in enumerate(delta):
            for i, a in enumerate(alphabet):
                for b in alphabet[i + 1 :]:
                    if delta[d[a]][b] != delta[d[b]][a]:
                        return q, a, b
        return None

    def _split(self, delta: list[dict[int, int]], q: int, a: int, b: int) -> None:
        whole = self.row(tuple(sorted((*self.reps[q], a, b))))
        for first, then in ((a, b), (b, a)):
            got = self.row(tuple(sorted((*self.reps[delta[q][first]], then))))
            if got != whole:
                j = next(j for j, (u, v) in enumerate(zip(got, whole, strict=True)) if u != v)
                self.tests.append(tuple(sorted((*self.tests[j], then))))
                return
        raise TheoryError(f"{self.game.name}: a table that does not commute and cannot split")

    def refine(self, m: Monoid, x: Heaps, truth: bool) -> None:
        """Add a test that tells apart two positions the hypothesis m confused, found along
        the counterexample x (whose outcome is ``truth``)."""
        hs = sorted(x, reverse=True)
        states = [0]
        for h in hs:
            states.append(m.table[states[-1]][m.gens[h]])

        def alpha(j: int) -> bool:
            return self.truth(tuple(sorted(self.reps[states[j]] + tuple(hs[j:]))))

        lo, hi = 0, len(hs)
        while hi - lo > 1:
            mid = (lo + hi) // 2
            if alpha(mid) == truth:
                lo = mid
            else:
                hi = mid
        rest = tuple(hs[lo + 1 :])
        letter = self.letter[m.gens[hs[lo]]]
        beta = self.truth(tuple(sorted(self.reps[states[lo]] + (letter,) + rest)))
        test = tuple(sorted(self.reps[states[lo]] + rest)) if beta != alpha(lo) else rest
        test = tuple(sorted(test))
        if test in self.tests:
            raise TheoryError(f"{self.game.name}: a counterexample that adds no test")
        self.tests.append(test)


# -- the stages -------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Stage:
    """Qₙ for one n: the monoid, and how it was found ("candidate": by substitution, verified;
    "learned": classes split, learned by tables)."""

    max_heap: int
    monoid: Monoid
    method: str
    searched: int


def quotients(
    game: HeapMoves,
    max_heap: int,
    *,
    search_limit: int = DEFAULT_SEARCH_LIMIT,
    state_limit: int = DEFAULT_STATE_LIMIT,
    should_stop: Callable[[], bool] | None = None,
) -> Iterable[Monoid]:
    """Q₁, Q₂, …, Q_max_heap in turn (see :func:`stages`)."""
    for stage in stages(
        game, max_heap, search_limit=search_limit, state_limit=state_limit, should_stop=should_stop
    ):
        yield stage.monoid


def stages(
    game: HeapMoves,
    max_heap: int,
    *,
    search_limit: int = DEFAULT_SEARCH_LIMIT,
    state_limit: int = DEFAULT_STATE_LIMIT,
    should_stop: Callable[[], bool] | None = None,
) -> Iterable[Stage]:
    """Each Qₙ, n = 1..max_heap, as it is found; Cancelled when ``should_stop`` says so,
    QuotientLimit past a limit."""
    verifier = _Verifier(game, state_limit, should_stop)
    learner = _Learner(game, search_limit, should_stop)
    prev = _trivial(game.misere)
    prefix: list[_Layer] = verifier.layers(prev, 0)
    for n in range(1, max_heap + 1):
        cand = _substitution_candidate(game, prev, n)
        same = _same_with_new_heap(cand, prev, n)
        best: tuple[Monoid, int] | None = None
        for trial, kept in ((same, prefix), (cand, None)):
            if trial is None:
                continue
            layers = verifier.layers(trial, n, kept)
            x = verifier.failure(trial, layers)
            if x is None:
                prev, prefix = trial, layers
                yield Stage(n, trial, "candidate", 0)
                break
            weight = sum(h * h for h in x)
            if best is None or weight > best[1]:
                best = (trial, weight)
        else:
            learner.start(n, prev, best)
            limit = sys.getrecursionlimit()
            try:
                sys.setrecursionlimit(max(limit, 20_000))  # a search goes a move per counter
                hyp, layers = _learn(learner, verifier, n)
            finally:
                sys.setrecursionlimit(limit)
                learner.memo = {}
            prev, prefix = hyp, layers
            yield Stage(n, hyp, "learned", learner.searched)


def _learn(learner: _Learner, verifier: _Verifier, n: int) -> tuple[Monoid, list[_Layer]]:
    """Hypotheses from the tables until one is verified."""
    while True:
        hyp = learner.hypothesis()
        layers = verifier.layers(hyp, n)
        x = verifier.failure(hyp, layers)
        if x is None:
            return hyp, layers
        weight = sum(h * h for h in x)
        if learner.best is None or weight > learner.best[1]:
            learner.best = (hyp, weight)
        truth = not hyp.p[hyp.of(x)]
        learner.memo[x] = truth
        learner.refine(hyp, x, truth)
