"""Nim with a comply-constrain twist, comply-constrain nim_K (strange algebra §6.4; Gavel and
Strimling's K-blocking nim): a move takes a positive number of counters from one heap, but not
a number the constraint forbids; the mover then names the constraint of the opponent's next
move, a set of K − 1 positive integers. A player unable to move loses. The constraint is the
game's flag (§3), kept apart from the position: the outcome is a function of it.

The constraint as a flag is *canonical*: a frozenset holding only the forbidden sizes up to the
largest heap of the position it applies to. Exact, because a move of size s needs a heap of at
least s: a size above the largest heap is never a legal move whether forbidden or not, so a
constraint C and its canonical C ∩ {1, …, max heap} allow the same moves; and nothing after the
move depends on C (the mover names a new constraint). Conversely every set S of at most K − 1
sizes up to the largest heap M is the canonical form of a legal constraint: pad S with
M + 1, M + 2, … to K − 1 sizes. The mover's choices are thus finitely many; :meth:`options`
yields only the *largest* ones (S of min(K − 1, M) sizes), also exactly: if S ⊆ S′ the
opponent's options under S′ are among those under S (the same positions, fewer sizes), so the
opponent does no better under S′ and the search's maximum over the mover's options is the same.
:func:`all_constraints` lists every canonical constraint, the smaller ones too.

The theory (§6.4): write each heap as qᵢK + rᵢ. The element of a position is (the nim-sum of
the qᵢ, the largest rᵢ), in the nim group × the K-chain 0 < 1 < … < K − 1 (a lattice, a monoid
under max); the position is a P-position under a constraint exactly when the nim-sum is 0 and
the constraint forbids every size from 1 to the largest rᵢ. So a constraint counts only through
the longest run 1, 2, …, c it forbids: the outcome is reported for the K start flags ``{}`` (no
constraint, as a game starts), ``{1}``, ``{1,2}``, …, ``{1,…,K−1}`` — each forbidding the sizes
it names (and sizes larger than every heap, to make up K − 1). Forbidding {1, …, K − 1} is
always an optimal constraint (Gavel and Strimling): :func:`standard_constraint_is_optimal`
checks it by search.

>>> rules, theory = ComplyConstrainRules(3), ComplyConstrainTheory(3)
>>> p = rules.parse('4 5')
>>> [name for name, _ in rules.start_flags(p)]
['{}', '{1}', '{1,2}']
>>> [m.label for m in rules.options(p, frozenset({1}), Player.LEFT)][:3]
['4 → 2, forbid {1,2}', '4 → 2, forbid {1,3}', '4 → 2, forbid {1,4}']
>>> for m in rules.options(rules.parse('1 3'), frozenset({1}), Player.LEFT):
...     print(m.label, m.position, m.flag)
3 → 1, forbid {1} (and larger sizes) (1, 1) frozenset({1})
3 → 0, forbid {1} (and larger sizes) (1,) frozenset({1})
>>> e = theory.add(theory.element((4,)), theory.element((5,)))
>>> e, theory.text(e), theory.describe(e)
(ComplyElement(nim_sum=0, remainder=2), '(*0, 2)', '(*0, 2): the quotients by 3 nim-sum to 0,
the largest remainder is 2: the previous player wins exactly when the constraint forbids 1 to 2')
>>> {name: r[0] for name, r in theory.outcome(e, rules.start_flags(p)).by_flag.items()}
{'{}': Fraction(1, 1), '{1}': Fraction(1, 1), '{1,2}': Fraction(-1, 1)}
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Final

from whistgui.engine.checks import described, expect, whole
from whistgui.engine.errors import ArgumentTypeError, NotationError
from whistgui.engine.heaps.nim import HeapRules, Heaps, heap_of, normal_play_end
from whistgui.engine.heaps.notation import read_parameter
from whistgui.engine.heaps.rules import Flag, Move, Outcome, Player, PositionRules
from whistgui.engine.heaps.search import Search
from whistgui.engine.reading import quote, read_int

__all__ = [
    "MAX_K",
    "MIN_K",
    "ComplyConstrainRules",
    "ComplyConstrainTheory",
    "ComplyElement",
    "Constraint",
    "all_constraints",
    "comply_constrain_nim",
    "comply_constrain_theory",
    "forbids_up_to",
    "standard_constraint_is_optimal",
    "theory_title",
]

#: The K taken: 2 (one forbidden size) to 8.
MIN_K: Final = 2
MAX_K: Final = 8

#: A canonical constraint: the forbidden sizes up to the largest heap.
Constraint = frozenset[int]

_NONE: Final[Constraint] = frozenset()
_SUBSCRIPT: Final = str.maketrans("0123456789", "₀₁₂₃₄₅₆₇₈₉")
_ELEMENT: Final = re.compile(r"\(\s*\*?\s*(\d{1,7})\s*,\s*(\d{1,7})\s*\)")


def _constraint(flag: Flag) -> Constraint:
    """The flag as a constraint (None: no constraint)."""
    if flag is None:
        return _NONE
    if isinstance(flag, frozenset) and all(
        isinstance(s, int) and not isinstance(s, bool) for s in flag
    ):
        return flag
    raise ArgumentTypeError(
        f"flag must be a constraint, a frozenset of forbidden sizes, not {described(flag)}"
    )


def _written(sizes: Iterable[int]) -> str:
    return "{" + ",".join(map(str, sorted(sizes))) + "}"


def forbids_up_to(constraint: Flag) -> int:
    """The longest run 1, 2, …, c of sizes the constraint forbids: c (0 if it allows 1).

    >>> forbids_up_to(frozenset({1, 2, 4})), forbids_up_to(frozenset({2})), forbids_up_to(None)
    (2, 0, 0)
    """
    c = _constraint(constraint)
    n = 0
    while n + 1 in c:
        n += 1
    return n


def all_constraints(k: int, position: Heaps) -> Iterator[Constraint]:
    """Every canonical constraint a mover may name for ``position`` in comply-constrain nim_k:
    each set of at most k − 1 sizes up to its largest heap (the smaller sets stand for sets
    padded with sizes above it).

    >>> [sorted(c) for c in all_constraints(3, (1, 2))]
    [[], [1], [2], [1, 2]]
    """
    top = max(position, default=0)
    for size in range(min(k - 1, top) + 1):
        for sizes in itertools.combinations(range(1, top + 1), size):
            yield frozenset(sizes)


class ComplyConstrainRules(HeapRules):
    """Comply-constrain nim_K; the flag is the canonical constraint (see the module).

    Its cost: each allowed take comes with each of C(M, K − 1) constraints (M the largest heap
    it leaves), and the search meets each (position, constraint) pair — an exact search is for
    small positions: ``7 7 7 7`` at K = 4 takes about 9 s, ``12 12 12`` at K = 3 about 2 min
    (a search that stopped at a win found would take 1 s and 18 s).
    """

    def __init__(self, k: int) -> None:
        self.k = whole(k, "k", low=MIN_K, high=MAX_K)
        self.name = f"comply-constrain-nim:{self.k}"
        self.title = (
            f"Comply-constrain nim{str(self.k).translate(_SUBSCRIPT)} (take from one heap, "
            f"not a size the opponent forbade; then forbid {self.k - 1} sizes)"
        )

    def __repr__(self) -> str:
        return f"ComplyConstrainRules({self.k})"

    def canonical(self, sizes: Iterable[int], position: Heaps) -> Constraint:
        """The constraint forbidding ``sizes``, as the flag of ``position``: those up to its
        largest heap."""
        top = max(position, default=0)
        return frozenset(s for s in sizes if 0 < s <= top)

    def standard(self, position: Heaps) -> Constraint:
        """{1, …, K − 1} as the flag of ``position``: the constraint that is always optimal."""
        return self.canonical(range(1, self.k), position)

    def start_flags(self, position: Heaps) -> Iterable[tuple[str, Flag]]:
        return tuple(
            (_written(range(1, c + 1)), self.canonical(range(1, c + 1), position))
            for c in range(self.k)
        )

    def takes(self, position: Heaps, flag: Flag) -> Iterator[tuple[str, Heaps]]:
        """Each take allowed under ``flag`` (a label and the position left), once."""
        forbidden = _constraint(flag)
        for i, h in enumerate(position):
            if i and position[i - 1] == h:
                continue  # the same heap again: the same takes
            rest = position[:i] + position[i + 1 :]
            for size in range(1, h + 1):
                if size not in forbidden:
                    left = h - size
                    yield f"{h} → {left}", tuple(sorted((*rest, left))) if left else rest

    def options(self, position: Heaps, flag: Flag, mover: Player) -> Iterator[Move]:
        for label, after in self.takes(position, flag):
            top = max(after, default=0)
            named = min(self.k - 1, top)
            more = " (and larger sizes)" if named < self.k - 1 and top else ""
            for sizes in itertools.combinations(range(1, top + 1), named):
                yield Move(f"{label}, forbid {_written(sizes)}{more}", after, frozenset(sizes))

    def end(self, position: Heaps, flag: Flag, mover: Player, stuck: bool) -> Fraction | None:
        return normal_play_end(mover, stuck)


@dataclass(frozen=True, slots=True)
class ComplyElement:
    """An element of the nim group × the K-chain: the nim-sum of the quotients by K, the
    largest remainder."""

    nim_sum: int
    remainder: int


def theory_title(k: str) -> str:
    """The theory's title for ``k`` — a number, or ``K`` for every one (the registry's
    entry, :attr:`~whistgui.engine.heaps.HeapGame.theory_title`).

    >>> print(theory_title("K")[:76])
    the nim group × the K-chain (§6.4): the nim-sum of the heaps' quotients by K
    """
    return (
        f"the nim group × the {k}-chain (§6.4): the nim-sum of the heaps' quotients by {k} "
        "and their largest remainder; P exactly when the nim-sum is 0 and the constraint "
        "forbids every size up to that remainder"
    )


class ComplyConstrainTheory:
    """The nim group × the K-chain (§6.4)."""

    def __init__(self, k: int) -> None:
        self.k = whole(k, "k", low=MIN_K, high=MAX_K)
        self.title = theory_title(str(self.k))

    def __repr__(self) -> str:
        return f"ComplyConstrainTheory({self.k})"

    def element(self, component: object) -> ComplyElement:
        q, r = divmod(heap_of(component), self.k)
        return ComplyElement(q, r)

    def zero(self) -> ComplyElement:
        return ComplyElement(0, 0)

    def add(self, a: ComplyElement, b: ComplyElement) -> ComplyElement:
        return ComplyElement(a.nim_sum ^ b.nim_sum, max(a.remainder, b.remainder))

    def is_p(self, element: ComplyElement, flag: Flag) -> bool:
        """Does the previous player win under the constraint ``flag``?"""
        return element.nim_sum == 0 and element.remainder <= forbids_up_to(flag)

    def outcome(self, element: ComplyElement, flags: Iterable[tuple[str, Flag]]) -> Outcome:
        return Outcome.impartial({name: self.is_p(element, flag) for name, flag in flags})

    def text(self, element: ComplyElement) -> str:
        return f"(*{element.nim_sum}, {element.remainder})"

    def pretty(self, element: ComplyElement) -> str:
        return self.text(element)

    def latex(self, element: ComplyElement) -> str:
        return rf"({{*}}{element.nim_sum}, {element.remainder})"

    def parse(self, text: str) -> ComplyElement:
        t = expect(text, str, "element", "a pair such as '(*3, 1)' (a str)").strip()
        expected = (
            f"expected (*nim-sum, largest remainder) with a remainder from 0 to {self.k - 1}, "
            "such as '(*3, 1)'"
        )
        m = _ELEMENT.fullmatch(t)
        if m is None:
            raise NotationError(
                f"{quote(text)} is not an element of nim × {self.k}-chain; {expected}"
            )
        q = read_int(m[1], what="nim-sum", text=text, max_digits=7)
        r = read_int(m[2], what="remainder", text=text, max_digits=7)
        if r >= self.k:
            raise NotationError(f"{quote(text)}: remainder {r} is {self.k} or more; {expected}")
        return ComplyElement(q, r)

    def describe(self, element: ComplyElement) -> str:
        head = (
            f"{self.text(element)}: the quotients by {self.k} nim-sum to {element.nim_sum}, "
            f"the largest remainder is {element.remainder}: "
        )
        if element.nim_sum:
            return head + "the next player wins whatever the constraint"
        if element.remainder == 0:
            return head + "the previous player wins whatever the constraint"
        upto = "1" if element.remainder == 1 else f"1 to {element.remainder}"
        return head + f"the previous player wins exactly when the constraint forbids {upto}"


def standard_constraint_is_optimal(
    search: Search, position: Heaps, flag: Flag = None, *, sizes: Iterable[int] | None = None
) -> bool:
    """Is forbidding {1, …, K − 1} (or ``sizes``) as good for the mover as any constraint, after
    each move from ``position`` under ``flag``? Found by ``search`` (of comply-constrain nim's
    rules) over every canonical constraint (:func:`all_constraints`), not assumed — Gavel and
    Strimling's fact of §6.4.

    >>> s = Search(ComplyConstrainRules(3))
    >>> standard_constraint_is_optimal(s, (2, 5))
    True
    >>> standard_constraint_is_optimal(s, (2, 5), sizes=())  # forbidding nothing is not
    False
    """
    rules = search.rules
    if not isinstance(rules, ComplyConstrainRules):
        raise ArgumentTypeError(
            f"search must be of comply-constrain nim, not of {quote(getattr(rules, 'name', rules))}"
        )
    named = range(1, rules.k) if sizes is None else tuple(sizes)
    for _label, after in rules.takes(position, _constraint(flag)):
        # Left moved; Right, to move next, is held to the constraint: high is good for Left
        checked = search.result(after, rules.canonical(named, after), Player.RIGHT)
        if any(
            search.result(after, c, Player.RIGHT) > checked for c in all_constraints(rules.k, after)
        ):
            return False
    return True


def comply_constrain_nim(param: str | None) -> ComplyConstrainRules:
    """The rules of ``comply-constrain-nim:K``; NotationError quoting a bad K."""
    return ComplyConstrainRules(
        read_parameter("comply-constrain-nim", param, low=MIN_K, high=MAX_K)
    )


def comply_constrain_theory(rules: PositionRules[Any]) -> ComplyConstrainTheory:
    """The theory of comply-constrain nim made by :func:`comply_constrain_nim`."""
    if not isinstance(rules, ComplyConstrainRules):
        raise ArgumentTypeError(f"rules must be comply-constrain nim's, not {quote(rules)}")
    return ComplyConstrainTheory(rules.k)
