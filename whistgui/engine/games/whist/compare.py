"""Comparing two deals in the order of states (§7.2), with positions that tell them apart
(§14).

D ≤ E when χ(D + z) ≤ χ(E + z) for every state z; by Theorem 14.6 that is val(D) ≤ val(E)
in the order of values (§8.2.1), so the relation is read off the values: ``<``, ``>``, ``=``
(equivalent) or ``incomparable`` (one value a number r, the other r ± ε₀).

Every difference gets a *witness*: a deal z with χ(D + z) ≠ χ(E + z). z is built as the proof
of Lemma 14.4 builds it (with A the integers, m = ½): a number q between the two numerical
parts and z = ½ − q; for equal numerical parts r, z = ½ − r, or ½ − r − ε_k when both
infinitesimal parts have one sign (x = r + ε_k). A value z is realised by a deal up to an
integer — adding n tricks to z adds (n, n) to both outcomes, so the difference stays — as a
sum of one or more of the smallest single suits of each value (up to :data:`ATOM_N` cards a
hand) with the fewest cards (z = 0 too is a suit or more: a deal the other commands take);
a search over the same sums takes a smaller z where one separates the two
(``how`` says which, and what value Lemma 14.4's z has). An incomparable pair gets one witness
each way: a z where D does better (½ − r ± ε₀ turns the fuzzy side into an exit for the player
on lead) and one where E does.

Each witness is verified by exact search before it is returned: D + z and E + z, each when it
has at most ``max_cards`` cards a hand. Larger deals are compared all the same — the relation
is read off the values — and a side past search (E + z of a long E, while a short D + z is
still searched) carries its χ rounded from the values (Theorem 12.1: χ = ρ(val)), said in
``how`` and in ``searched``; ``verified`` is both sides searched. The values may be given
(``values=``: a suit past the evaluator's reach valued by the theorems, say); otherwise the
comparer's evaluator computes them.

>>> c = compare_deals(Deal.parse('K/A'), Deal.parse('A/K'))
>>> c.relation, [v.pretty() for v in c.values]
('<', ['ε₀', '1 − ε₀'])
>>> w = c.witnesses[0]
>>> str(w.z), w.d, w.e
('K/A', Outcome(west_lead=0, east_lead=0), Outcome(west_lead=1, east_lead=1))
>>> head, tail = w.how.split(", whose value would be ")
>>> head, tail
("search: fewer cards than Lemma 14.4's z", '½ − q = 0, where q = ½ is a number strictly \
between the numerical parts 0 and 1 (give or take whole tricks)')
>>> compare_deals(Deal.parse('AQ9/KJT'), Deal.parse('AQJ/KT9')).relation
'='
>>> c = compare_deals(Deal.parse('K/A A/K'), Deal.parse('KJ/AQ KJ/AQ'))
>>> c.relation, [(str(w.z), str(w.d), str(w.e)) for w in c.witnesses]
('incomparable', [('KJ/AQ A/K', '(3, 2)', '(2, 2)'), ('KJ/AQ K/A', '(2, 1)', '(2, 2)')])
"""

from __future__ import annotations

import heapq
import math
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations
from typing import Final, Literal

from whistgui.engine.checks import expect, whole
from whistgui.engine.errors import ArgumentError, AsymmetricSuitError, TheoryError
from whistgui.engine.games.whist.evaluator import Evaluator
from whistgui.engine.games.whist.infinitesimal import EPS0, NEG_EPS0, ZERO
from whistgui.engine.games.whist.rounding import rho
from whistgui.engine.games.whist.value import Value, pretty_number
from whistgui.engine.reading import quote
from whistgui.engine.trick.deal import Deal, SuitDeal, check_deal
from whistgui.engine.trick.rules import Outcome
from whistgui.engine.trick.solver import Solver

__all__ = [
    "ATOM_N",
    "MAX_COMPARE_CARDS",
    "RELATIONS",
    "Comparer",
    "Comparison",
    "Relation",
    "Witness",
    "compare_deals",
]

#: The relations of two deals in the order of states, as ``whist compare`` prints them.
Relation = Literal["<", ">", "=", "incomparable"]
RELATIONS: Final[tuple[Relation, ...]] = ("<", ">", "=", "incomparable")

#: The largest hands (cards each) of D + z and E + z that a witness is verified in by exact
#: search, which takes up to some seconds at 16 cards a hand (``whist solve``'s limit); beyond,
#: a witness's χ are rounded from the values, unverified.
MAX_COMPARE_CARDS: Final = 16
#: The most cards a hand of an unverified witness (one of deals past exact search): every
#: value mod 1 a sum of the small suits reaches within it (12 covers the 1/32 the finest).
UNVERIFIED_Z_CARDS: Final = 12
#: The longest single suits (cards a hand) witnesses are made of: every value mod 1 of a suit
#: of up to 6 cards a hand (22 of them, 1/32 the finest fraction) — their sums reach every
#: value a witness of deals of up to 16 cards a hand needs, or say there is none in reach.
ATOM_N: Final = 6

_HALF: Final = Fraction(1, 2)
_SHIFTS: Final = (EPS0, NEG_EPS0)

#: Which way a witness tells the two apart: ``below`` χ(D + z) < χ(E + z) (≤ in both leads,
#: not equal), ``above`` χ(D + z) > χ(E + z).
Way = Literal["below", "above"]
_WAYS: Final[dict[Relation, tuple[Way, ...]]] = {
    "<": ("below",),
    ">": ("above",),
    "=": (),
    "incomparable": ("above", "below"),
}


@dataclass(frozen=True, slots=True)
class Witness:
    """A deal ``z`` with χ(D + z) = ``d`` and χ(E + z) = ``e`` (exact search; each the tricks
    for West with West on lead, with East on lead), ``value`` its val, ``how`` how it was
    found (Lemma 14.4's construction, or a search where that is smaller)."""

    z: Deal
    d: Outcome
    e: Outcome
    value: Value
    how: str
    #: whether χ(D + z) and χ(E + z), each, were found by exact search (else rounded from the
    #: values, Theorem 12.1: that deal is past exact search) — decided side by side, so a
    #: small D + z is searched beside an E + z past search
    searched: tuple[bool, bool] = (True, True)

    @property
    def verified(self) -> bool:
        """Both sides found by exact search (the witness is checked, not just computed)."""
        return all(self.searched)


@dataclass(frozen=True, slots=True)
class Comparison:
    """The relation of D to E (one of :data:`RELATIONS`), their values and the witnesses of
    every difference (none for ``=``, one for ``<`` and ``>``, one each way for
    ``incomparable``)."""

    relation: Relation
    values: tuple[Value, Value]
    witnesses: tuple[Witness, ...]
    #: why a difference has no witness (values differing in a finer fraction than the small
    #: suits witnesses are made of reach), else ""
    note: str = ""


def _mod1(v: Value) -> Value:
    """``v`` up to an integer: its fractional part and its infinitesimal."""
    return Value(v.number - math.floor(v.number), v.infinitesimal)


def _tricks(o: Outcome) -> tuple[int, int]:
    """West's tricks with each leader (whist's outcomes are counts of tricks)."""
    w, e = o
    if type(w) is not int or type(e) is not int:
        raise TheoryError(f"{o} is not an outcome of whist (tricks with each leader)")
    return w, e


def _separates(a: Outcome, b: Outcome, way: Way) -> bool:
    """Is ``a`` below ``b`` (``way`` ``below``) or above it: ≤ (≥) with each leader, not
    equal?"""
    lo, hi = (_tricks(a), _tricks(b)) if way == "below" else (_tricks(b), _tricks(a))
    return lo != hi and lo[0] <= hi[0] and lo[1] <= hi[1]


@dataclass(frozen=True, slots=True)
class _Atom:
    pattern: str
    value: Value
    n: int


class Comparer:
    """Compares deals (:meth:`compare`) with one evaluator and one solver, whose memos it
    keeps between calls; the small suits witnesses are made of are valued once, at the first
    comparison that needs one."""

    def __init__(self, evaluator: Evaluator | None = None, solver: Solver | None = None) -> None:
        if evaluator is not None:
            expect(evaluator, Evaluator, "evaluator", "an Evaluator or None")
            if evaluator.greedy:  # its values would be checked against whist's search
                raise ArgumentError(
                    "evaluator values suits under the greedy rule; the order of states "
                    "compared here is whist's (give Evaluator() or None)"
                )
        if solver is not None:
            expect(solver, Solver, "solver", "a Solver or None")
        self.evaluator = evaluator if evaluator is not None else Evaluator()
        self.solver = solver if solver is not None else Solver()
        self._atoms: list[_Atom] | None = None

    def clear(self) -> None:
        """Forget the values and positions met so far."""
        self.evaluator.clear()
        self.solver.clear()
        self._atoms = None

    # -- input ----------------------------------------------------------------------------
    def _checked(self, deal: Deal, name: str, value: Value | None) -> Value:
        check_deal(deal, name)
        for suit_name, s in zip(deal.names, deal.suits, strict=True):
            if not s.is_symmetric:
                raise AsymmetricSuitError(
                    f"{name} {quote(str(deal))}: suit {suit_name} ({quote(str(s))}) is not "
                    f"symmetric — West holds {len(s.west)} cards and East {len(s.east)}; "
                    "values, and so the order of deals, need the same number on each side"
                )
        if value is not None:
            return expect(value, Value, f"the value of {name}", "a Value")
        return self.evaluator.value(deal)

    # -- the suits witnesses are made of ----------------------------------------------------
    def _atoms_by_value(self) -> list[_Atom]:
        """The first suit (fewest cards, then West's cards lowest first) of each value mod 1
        among the suits of up to :data:`ATOM_N` cards a hand."""
        if self._atoms is None:
            found: dict[Value, _Atom] = {}
            for n in range(1, ATOM_N + 1):
                for west in combinations(range(2 * n), n):
                    mine = set(west)
                    p = "".join("W" if i in mine else "E" for i in range(2 * n))
                    v = self.evaluator.pattern_value(p)
                    found.setdefault(_mod1(v), _Atom(p, v, n))
            self._atoms = list(found.values())
        return self._atoms

    def _sums(self, budget: int) -> Iterator[tuple[int, Value, tuple[_Atom, ...]]]:
        """Each value mod 1 that a sum of one or more small suits of at most ``budget`` cards a
        hand reaches, with the fewest cards that reach it (cards, the value mod 1, the suits),
        in order of cards (Dijkstra's search). The empty sum is left out: a witness is a deal
        the other commands take, so it has a suit."""
        atoms = self._atoms_by_value()
        heap: list[tuple[int, int, Value, tuple[_Atom, ...]]] = []
        best: dict[Value, int] = {}
        done: set[Value] = set()
        tick = 0

        def push(cost: int, v: Value, path: tuple[_Atom, ...]) -> None:
            nonlocal tick
            for a in atoms:
                c = cost + a.n
                if c > budget:
                    continue
                w = _mod1(v + a.value)
                if w in done or best.get(w, budget + 1) <= c:
                    continue
                best[w] = c
                heapq.heappush(heap, (c, tick, w, (*path, a)))
                tick += 1

        push(0, Value(0), ())
        while heap:
            cost, _, v, path = heapq.heappop(heap)
            if v in done:
                continue
            done.add(v)
            yield cost, v, path
            push(cost, v, path)

    # -- the comparison -------------------------------------------------------------------
    def compare(
        self,
        d: Deal,
        e: Deal,
        *,
        max_cards: int = MAX_COMPARE_CARDS,
        values: tuple[Value, Value] | None = None,
    ) -> Comparison:
        """D against E: the relation from their values (``values``, or the evaluator's), and
        witnesses — verified by exact search where D + z and E + z have at most ``max_cards``
        cards a hand, else rounded from the values (``verified=False``)."""
        limit = whole(max_cards, "max_cards", low=1, high=MAX_COMPARE_CARDS)
        if values is not None:
            expect(values, tuple, "values", "a pair of Values (val D, val E) or None")
            if len(values) != 2:
                raise ArgumentError(f"values must be a pair (val D, val E), not {len(values)}")
        x = self._checked(d, "D", None if values is None else values[0])
        y = self._checked(e, "E", None if values is None else values[1])
        c = x.compare(y)
        relation: Relation = "incomparable" if c is None else ("<", "=", ">")[c + 1]
        ways = _WAYS[relation]
        if not ways:
            return Comparison(relation, (x, y), ())
        budget = limit - max(d.size, e.size)
        found = self._found(x, y, ways, budget) if budget > 0 else {}
        rest = {} if len(found) == len(ways) else self._found(x, y, ways, UNVERIFIED_Z_CARDS)
        witnesses: list[Witness] = []
        for way in ways:
            if way in found or way in rest:  # past search, each side is searched if it can be
                path, how = found[way] if way in found else rest[way]
                witnesses.append(self._witness(d, e, x, y, path, how, way, limit))
        note = ""
        if len(witnesses) < len(ways):
            note = (
                f"no deal z of up to {UNVERIFIED_Z_CARDS} cards a hand, made of suits of up to "
                f"{ATOM_N}, tells D ({x.pretty()}) from E ({y.pretty()})"
                + (" both ways" if len(ways) == 2 and not witnesses else "")
                + ": their values differ in a finer fraction than such suits reach, so no "
                "witness is printed (the relation is read off the values, Theorem 14.6)"
            )
        return Comparison(relation, (x, y), tuple(witnesses), note)

    def _found(
        self, x: Value, y: Value, ways: tuple[Way, ...], budget: int
    ) -> dict[Way, tuple[tuple[_Atom, ...], str]]:
        """For each way, the suits of a z of at most ``budget`` cards a hand that tells x from
        y that way (by the values), and how it was found; a way no such z has is left out."""
        lemma = _lemma(x, y)
        found: dict[Way, tuple[tuple[_Atom, ...], str]] = {}
        search: dict[Way, tuple[int, tuple[_Atom, ...]]] = {}
        for cost, z, path in self._sums(budget):
            for way in ways:
                if way in found or not _separates(rho(x + z), rho(y + z), way):
                    continue
                search.setdefault(way, (cost, path))
                why = lemma(z)
                if why is not None:
                    first_cost, first_path = search[way]
                    if first_cost < cost:
                        found[way] = (
                            first_path,
                            "search: fewer cards than Lemma 14.4's z, whose value would be "
                            f"{why.words()} (give or take whole tricks)",
                        )
                    else:
                        actual = sum((a.value for a in path), start=Value(0))
                        found[way] = (path, f"Lemma 14.4's z: {why.of(actual)}")
            if len(found) == len(ways):
                break
        for way in ways:
            if way not in found and way in search:
                found[way] = (
                    search[way][1],
                    f"search: Lemma 14.4's z has more than {budget} cards a hand, the room "
                    "exact search leaves beside D and E",
                )
        return found

    def _witness(
        self,
        d: Deal,
        e: Deal,
        x: Value,
        y: Value,
        path: tuple[_Atom, ...],
        how: str,
        way: Way,
        limit: int,
    ) -> Witness:
        """The witness of the suits ``path``: each of D + z and E + z of at most ``limit``
        cards a hand solved exactly, the other's χ rounded from the values (Theorem 12.1) and
        ``how`` saying which side is not verified; TheoryError if search does not agree with
        the values, or does not separate the two as they say (a bug, never the input)."""
        suits = tuple(SuitDeal.from_pattern(a.pattern) for a in sorted(path, key=_atom_order))
        z = Deal(suits)
        zv = self.evaluator.value(z)
        got: list[Outcome] = []
        searched: list[bool] = []
        for deal, v in ((d, x), (e, y)):
            whole_deal = Deal(deal.suits + suits)
            searched.append(whole_deal.size <= limit)
            if not searched[-1]:
                got.append(rho(v + zv))
                continue
            outcome = self.solver.outcome(whole_deal)
            if outcome != rho(v + zv):
                raise TheoryError(
                    f"exact search of {quote(str(whole_deal))} gives {outcome} "
                    f"but its value {(v + zv).pretty()} rounds to {rho(v + zv)}"
                )
            got.append(outcome)
        if all(searched) and not _separates(got[0], got[1], way):
            raise TheoryError(
                f"the witness {quote(str(z))} does not separate {quote(str(d))} from "
                f"{quote(str(e))}: χ = {got[0]} and {got[1]}"
            )
        if not all(searched):
            how = f"{how}; {_unverified(d.size + z.size, e.size + z.size, searched, limit)}"
        return Witness(z, got[0], got[1], zv, how, (searched[0], searched[1]))


def _unverified(n_d: int, n_e: int, searched: list[bool], limit: int) -> str:
    """Which of D + z (``n_d`` cards a hand) and E + z is verified by search, which not."""
    if not any(searched):
        return (
            "χ rounded from the values (Theorem 12.1), not verified: D + z and E + z have up "
            f"to {max(n_d, n_e)} cards a hand, more than {limit}"
        )
    ok, past, n = ("D", "E", n_e) if searched[0] else ("E", "D", n_d)
    return (
        f"χ({ok} + z) by exact search; χ({past} + z) rounded from the values (Theorem 12.1), "
        f"not verified: {past} + z has {n} cards a hand, more than {limit}"
    )


def _atom_order(a: _Atom) -> tuple[int, str]:
    return (-a.n, a.pattern)


@dataclass(frozen=True, slots=True)
class _LemmaZ:
    """Lemma 14.4's z for a pair: its value as the lemma writes it (``formula``, e.g. ½ − q)
    and as a value (``value``, up to whole tricks), and what its letters are (``letters``)."""

    formula: str
    value: Value
    letters: str

    def words(self) -> str:
        return f"{self.formula} = {self.value.pretty()}, {self.letters}"

    def of(self, actual: Value) -> str:
        """A z of value ``actual`` as the lemma's: its value, and the whole tricks added."""
        n = actual.number - self.value.number
        more = ""
        if n:
            tricks = f"{abs(n)} whole trick{'s' if abs(n) != 1 else ''}"
            more = (
                f", {'plus' if n > 0 else 'less'} {tricks} (a whole trick added to z adds one "
                "to χ(D + z) and χ(E + z) alike)"
            )
        return f"val z = {actual.pretty()} is {self.formula} = {self.value.pretty()}{more}, " + (
            self.letters
        )


def _lemma(x: Value, y: Value) -> Callable[[Value], _LemmaZ | None]:
    """Lemma 14.4's test of a z (up to an integer) for x ≠ y: the lemma's z it is, or None.
    For distinct numerical parts, z = ½ − q with q a number strictly between them; for one
    numerical part r, z = ½ − r − w with w = 0 or the infinitesimal part of x or y (and, for an
    incomparable pair, w = ε₀ or −ε₀: one each way)."""
    if x.number != y.number:
        lo, hi = sorted((x.number, y.number))

        def between(z: Value) -> _LemmaZ | None:
            if not z.infinitesimal.is_zero:
                return None
            t = _HALF - z.number  # q ≡ t (mod 1)
            q = t + math.floor(lo - t) + 1
            if q >= hi:
                return None
            return _LemmaZ(
                "½ − q",
                Value(_HALF - q),
                f"where q = {pretty_number(q)} is a number strictly between the numerical parts "
                f"{pretty_number(lo)} and {pretty_number(hi)}",
            )

        return between
    r = x.number
    shifts = {ZERO, x.infinitesimal, y.infinitesimal, *_SHIFTS}
    targets = {_mod1(Value(_HALF - r) - Value(0, w)): w for w in shifts}

    def shifted(z: Value) -> _LemmaZ | None:
        w = targets.get(z)
        if w is None:
            return None
        r_text = f"where r = {pretty_number(r)} is the numerical part of both values"
        if w.is_zero:
            return _LemmaZ("½ − r", Value(_HALF - r), r_text)
        wv = Value(0, w)
        return _LemmaZ(f"½ − r − {wv.pretty()}".replace("− −", "+ "), Value(_HALF - r) - wv, r_text)

    return shifted


def compare_deals(d: Deal, e: Deal, *, max_cards: int = MAX_COMPARE_CARDS) -> Comparison:
    """D against E in the order of states (:class:`Comparer` with a fresh evaluator and
    solver)."""
    return Comparer().compare(d, e, max_cards=max_cards)
