"""Misère nim, Moore's nim and comply-constrain nim (strange algebra §6.2–§6.4): the paper's
statements computed by exact search, not typed — the quotient's classes found by telling
positions apart in contexts (§5: x ~ y when x + z and y + z have the same outcome), their
multiplication table and its structure (nim group × B₁, ⊕Z_K, nim group × K-chain), Moore's
P-positions, comply-constrain nim's outcome under every constraint and its optimal constraint —
and the games' move generators and bad input.

The theories against search on random positions, and the homomorphism and notation of every
game, are in the one harness, test_theories.py.
"""

from __future__ import annotations

import itertools
import random
from collections import defaultdict
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.engine.heaps.games import element, game_parts
from whistgui.engine.errors import ArgumentError, ArgumentTypeError, NotationError
from whistgui.engine.heaps import HEAP_GAMES, find_heap_game
from whistgui.engine.heaps.comply_constrain import (
    ComplyConstrainRules,
    all_constraints,
    forbids_up_to,
    standard_constraint_is_optimal,
)
from whistgui.engine.heaps.misere_nim import MisereElement
from whistgui.engine.heaps.moore_nim import MooreNimRules, MooreNimTheory
from whistgui.engine.heaps.nim import NimRules
from whistgui.engine.heaps.notation import random_heaps
from whistgui.engine.heaps.rules import Outcome, Player
from whistgui.engine.heaps.search import Search
from whistgui.engine.reading import quote

Heaps = tuple[int, ...]


def _heaps(top: int, most: int) -> Iterator[Heaps]:
    """Every position of at most ``most`` heaps of 1 to ``top`` counters."""
    for n in range(most + 1):
        yield from itertools.combinations_with_replacement(range(1, top + 1), n)


def _element(name: str, p: Heaps) -> Any:
    rules, theory, _ = game_parts(name)
    return element(rules, theory, p)


class Quotient:
    """The classes of positions told apart by search in a set of contexts (§5), with their
    multiplication table: computed from the rules alone, never from the theory."""

    def __init__(self, name: str, positions: list[Heaps], contexts: list[Heaps]) -> None:
        self.rules, _theory, self.search = game_parts(name)
        self.contexts = contexts
        self.classes: dict[tuple[Outcome, ...], list[Heaps]] = defaultdict(list)
        for p in positions:
            self.classes[self.signature(p)].append(p)
        self.reps = {s: min(ps, key=lambda p: (sum(p), p)) for s, ps in self.classes.items()}
        self.table = {
            (a, b): self.signature(self.rules.join(x, y))
            for a, x in self.reps.items()
            for b, y in self.reps.items()
        }

    def signature(self, p: Heaps) -> tuple[Outcome, ...]:
        return tuple(self.search.outcome(self.rules.join(p, z)) for z in self.contexts)

    def idempotents(self) -> list[tuple[Outcome, ...]]:
        return [a for a in self.classes if self.table[a, a] == a]

    def check_theory(self, name: str) -> None:
        """The classes are exactly the theory's elements, and the table is its addition."""
        theory = game_parts(name)[1]
        elements = {s: {_element(name, p) for p in ps} for s, ps in self.classes.items()}
        assert all(len(es) == 1 for es in elements.values()), "a class with two elements"
        of = {s: es.pop() for s, es in elements.items()}
        assert len(set(of.values())) == len(of), "two classes with one element"
        for (a, b), c in self.table.items():
            assert c in of, f"{name}: the product of two classes is outside the positions tried"
            assert of[c] == theory.add(of[a], of[b])


# --------------------------------------------------------------------------- misère nim §6.2
def test_misere_nim_quotient_is_the_papers() -> None:
    """Heaps below 4: the classes are 0, 1, 0̂, 1̂, 2̂, 3̂ — 2 + 2² of them, the submonoid of
    nim group × B₁; P exactly at 1 and 0̂; not a group (B₁: 0 and 0̂ idempotent, 0̂ has no
    inverse)."""
    name = "misere-nim"
    q = Quotient(name, list(_heaps(3, 4)), list(_heaps(3, 3)))
    assert len(q.classes) == 2 + 2**2
    q.check_theory(name)
    theory = game_parts(name)[1]
    p_elements = {
        theory.text(_element(name, x)) for x in q.reps.values() if q.search.verdict(x) == "P"
    }
    assert p_elements == {"1", "0^"}
    zero = q.signature(())
    idem = q.idempotents()
    assert len(idem) == 2
    assert zero in idem
    (hat,) = [a for a in idem if a != zero]
    assert all(q.table[hat, b] != zero for b in q.classes), "0̂ has an inverse"
    assert all(q.table[hat, q.table[hat, b]] == q.table[hat, b] for b in q.classes)


def test_misere_element_notation() -> None:
    theory = game_parts("misere-nim")[1]
    e = MisereElement(12, True)
    assert (theory.text(e), theory.pretty(e), theory.latex(e)) == (
        "12^",
        "1\u03022\u0302",
        r"\widehat{12}",
    )
    assert theory.parse("12\u0302") == theory.parse(" 12^ ") == e
    assert theory.parse("0") == MisereElement(0, False) != theory.parse("0^")
    with pytest.raises(ArgumentError, match="a nim-sum of 2 or more needs"):
        MisereElement(2, False)


# --------------------------------------------------------------------------- Moore's nim §6.3
def _digit_sums_vanish(heaps: Heaps, k: int) -> bool:
    """The paper's rule, written here from §6.3: binary digits summed modulo k, all 0."""
    width = max(heaps, default=0).bit_length()
    return all(sum((h >> i) & 1 for h in heaps) % k == 0 for i in range(width))


@pytest.mark.parametrize(("k", "top", "most"), [(2, 7, 4), (3, 7, 4), (4, 7, 4), (5, 5, 5)])
def test_moore_p_positions_are_those_with_digit_sums_0(
    k: int, top: int, most: int, exhaustive: bool
) -> None:
    """Every position of ≤ ``most`` heaps ≤ ``top`` (two more counters a heap with
    --exhaustive): P exactly when the binary digit sums are 0 modulo k."""
    top += 2 * exhaustive
    search = game_parts(f"moore-nim:{k}")[2]
    found = 0
    for p in _heaps(top, most):
        is_p = search.verdict(p) == "P"
        assert is_p == _digit_sums_vanish(p, k), p
        found += is_p and bool(p)
    assert found, "no P-position besides the empty one"


@pytest.mark.parametrize("k", [3, 4])
def test_moore_quotient_is_a_direct_sum_of_z_k(k: int) -> None:
    """Heaps below 4 (two binary digits): K² classes, a group (one idempotent, every class with
    an inverse) in which every class has order dividing K: ⊕Z_K."""
    name = f"moore-nim:{k}"
    small = list(_heaps(3, 2 * (k - 1)))
    q = Quotient(name, small, small)
    assert len(q.classes) == k**2
    q.check_theory(name)
    zero = q.signature(())
    assert q.idempotents() == [zero]
    assert all(any(q.table[a, b] == zero for b in q.classes) for a in q.classes)
    for a in q.classes:
        power = zero
        for _ in range(k):
            power = q.table[power, a]
        assert power == zero
    assert any(q.table[a, a] != zero for a in q.classes), "every class its own inverse: ⊕Z₂"


@settings(max_examples=150)
@given(st.integers(2, 5), st.lists(st.integers(1, 6), max_size=4))
def test_moore_moves_are_every_move_once(k: int, heaps: list[int]) -> None:
    """The options are the positions reached by reducing 1 to k − 1 of the heaps, each once."""
    rules = MooreNimRules(k)
    p = tuple(sorted(heaps))
    got = [m.position for m in rules.options(p, None, Player.LEFT)]
    assert len(got) == len(set(got))
    want = set()
    for new in itertools.product(*(range(h + 1) for h in p)):
        changed = sum(a != b for a, b in zip(new, p, strict=True))
        if 1 <= changed <= k - 1:
            want.add(tuple(sorted(x for x in new if x)))
    assert set(got) == want


def test_moore_element_notation() -> None:
    theory = MooreNimTheory(3)
    e = theory.add(theory.element((6,)), theory.element((3,)))  # 110 + 011
    assert e == (1, 2, 1)
    # a vector, the modulus said apart: '121₃' read as a base-3 numeral (16)
    assert (theory.text(e), theory.pretty(e)) == ("121", "(1,2,1)")
    assert theory.parse("0121") == theory.parse("121₃") == theory.parse("(1, 2, 1)") == e
    assert theory.parse(theory.pretty(e)) == theory.parse(theory.text(e)) == e
    assert theory.pretty(theory.zero()) == "(0)"
    assert theory.parse("(0)") == theory.zero()
    assert "⊕Z₃" in theory.title
    assert MooreNimRules(3).title.startswith("Moore's nim₃ (")
    assert theory.add(e, theory.add(e, e)) == theory.zero() == theory.parse("0")


# ------------------------------------------------------------------ comply-constrain nim §6.4
def _p_by_the_paper(heaps: Heaps, k: int, constraint: frozenset[int]) -> bool:
    """§6.4, written here: nim-sum of the quotients 0, and every size up to the largest
    remainder forbidden."""
    nim_sum = 0
    for h in heaps:
        nim_sum ^= h // k
    largest = max((h % k for h in heaps), default=0)
    return nim_sum == 0 and all(s in constraint for s in range(1, largest + 1))


@pytest.mark.parametrize("k", [2, 3, 4])
def test_comply_constrain_outcome_under_every_constraint(k: int, exhaustive: bool) -> None:
    """Every position of ≤ 3 heaps ≤ 6 (≤ 4 heaps ≤ 7 with --exhaustive) under every canonical
    constraint (every set of at most k − 1 sizes up to the largest heap): the search's result
    is the paper's, and so the theory's."""
    top, most = (7, 4) if exhaustive else (6, 3)
    rules, theory, search = game_parts(f"comply-constrain-nim:{k}")
    counted = 0
    for p in _heaps(top, most):
        e = _element(rules.name, p)
        for c in all_constraints(k, p):
            left = search.result(p, c, Player.LEFT)
            assert (left < 0) == _p_by_the_paper(p, k, c), (p, c)
            assert theory.outcome(e, [("", c)]).left_first == left
            counted += 1
    assert counted > 100


@pytest.mark.parametrize(("k", "top"), [(2, 7), (3, 5)])
def test_comply_constrain_quotient_is_nim_times_a_chain(k: int, top: int) -> None:
    """Heaps below K·2^b: 2^b · K classes; the idempotents are K classes in a chain (any two:
    their sum is one of them): the nim group × the K-chain."""
    name = f"comply-constrain-nim:{k}"
    b = (top // k).bit_length()  # quotients 0 to 2^b − 1, every remainder
    q = Quotient(name, list(_heaps(top, 2)), list(_heaps(top, 2)))
    assert len(q.classes) == 2**b * k
    q.check_theory(name)
    idem = q.idempotents()
    assert len(idem) == k
    assert all(q.table[a, c] in (a, c) for a in idem for c in idem)


@settings(max_examples=60)
@given(st.integers(2, 4), st.randoms(use_true_random=False), st.integers(0, 10))
def test_forbidding_1_to_k_minus_1_is_optimal(k: int, rng: random.Random, size: int) -> None:
    """§6.4's fact, checked by search from random positions under a random constraint: after
    every move, {1, …, k − 1} is as good for the mover as any constraint."""
    rules, _theory, search = game_parts(f"comply-constrain-nim:{k}")
    p = rules.parse(random_heaps(rng, size))
    flag = rng.choice(list(all_constraints(k, p)))
    assert standard_constraint_is_optimal(search, p, flag)


@pytest.mark.parametrize("k", [2, 3])
def test_another_constraint_is_not_always_optimal(k: int) -> None:
    """The check has teeth: forbidding nothing, or only k − 1, is sometimes worse."""
    search = game_parts(f"comply-constrain-nim:{k}")[2]
    for sizes in [(), (k,)]:
        assert not all(standard_constraint_is_optimal(search, p, sizes=sizes) for p in _heaps(6, 2))


@settings(max_examples=100)
@given(st.integers(2, 4), st.lists(st.integers(1, 7), max_size=3), st.data())
def test_comply_constrain_moves(k: int, heaps: list[int], data: st.DataObject) -> None:
    """Each allowed take once with each largest canonical constraint of what it leaves."""
    rules = ComplyConstrainRules(k)
    p = tuple(sorted(heaps))
    flag = data.draw(st.sampled_from(list(all_constraints(k, p))))
    moves = list(rules.options(p, flag, Player.LEFT))
    assert len({(m.position, m.flag) for m in moves}) == len(moves)
    takes = set()
    for m in moves:
        top = max(m.position, default=0)
        assert m.flag <= frozenset(range(1, top + 1))
        assert len(m.flag) == min(k - 1, top)
        takes.add(m.position)
    want = {
        tuple(sorted(p[:i] + p[i + 1 :] + ((p[i] - s,) if p[i] > s else ())))
        for i in range(len(p))
        for s in range(1, p[i] + 1)
        if s not in flag
    }
    assert takes == want


def test_start_flags_and_forbids_up_to() -> None:
    rules = ComplyConstrainRules(4)
    flags = list(rules.start_flags((2, 9)))
    assert [n for n, _ in flags] == ["{}", "{1}", "{1,2}", "{1,2,3}"]
    assert [forbids_up_to(f) for _, f in flags] == [0, 1, 2, 3]
    assert [sorted(f) for _, f in rules.start_flags((1,))] == [[], [1], [1], [1]]
    assert rules.canonical({2, 50}, (3, 4)) == frozenset({2})


# ------------------------------------------------------------------------------- bad input
@pytest.mark.parametrize(
    "name",
    [
        "moore-nim:1",
        "moore-nim:x",
        "moore-nim:9",
        "moore-nim:",
        "moore-nim:3.5",
        "moore-nim:99999999999999999999",
        "comply-constrain-nim:0",
        "comply-constrain-nim:-2",
        "comply-constrain-nim:²",
        "comply-constrain-nim:2:3",
    ],
)
def test_a_bad_k_is_quoted(name: str) -> None:
    with pytest.raises(NotationError) as err:
        find_heap_game(name)
    assert quote(name) in str(err.value)
    assert "K must be a whole number from 2 to 8" in str(err.value)


@pytest.mark.parametrize(
    ("name", "expected"),
    [("moore-nim", "needs K"), ("comply-constrain-nim", "needs K"), ("misere-nim:3", "no param")],
)
def test_a_missing_or_unwanted_parameter_is_quoted(name: str, expected: str) -> None:
    with pytest.raises(NotationError, match=expected) as err:
        find_heap_game(name)
    assert quote(name) in str(err.value)


@pytest.mark.parametrize(
    ("name", "text", "expected"),
    [
        ("misere-nim", "2", "wears a hat"),
        ("misere-nim", "x^", "expected 0, 1 or a number with a hat"),
        ("misere-nim", "1\u03022", "hat misplaced"),
        ("misere-nim", "", "expected 0, 1"),
        ("misere-nim", "9" * 40 + "^", "too long"),
        ("moore-nim:3", "13", "digit '3' is 3 or more"),
        ("moore-nim:3", "12₄", "not in ⊕Z_3"),
        ("moore-nim:3", "1 2", "expected digit sums"),
        ("moore-nim:3", "1" * 65, "expected at most 64"),
        ("comply-constrain-nim:3", "(*1, 3)", "remainder 3 is 3 or more"),
        ("comply-constrain-nim:3", "*1", "expected (*nim-sum, largest remainder)"),
        ("comply-constrain-nim:3", "(1 2)", "expected (*nim-sum"),
    ],
)
def test_a_bad_element_is_quoted(name: str, text: str, expected: str) -> None:
    theory = game_parts(name)[1]
    with pytest.raises(NotationError) as err:
        theory.parse(text)
    message = str(err.value)
    assert expected in message
    assert quote(text) in message or quote(text.strip()) in message


@pytest.mark.parametrize("name", ["misere-nim", "moore-nim:3", "comply-constrain-nim:3"])
def test_a_bad_position_is_quoted(name: str) -> None:
    rules = game_parts(name)[0]
    with pytest.raises(NotationError, match=r"'3 x'.*expected heap sizes"):
        rules.parse("3 x")


@pytest.mark.parametrize("name", ["misere-nim", "moore-nim:3", "comply-constrain-nim:3"])
def test_wrong_types_are_refused(name: str) -> None:
    rules, theory, _ = game_parts(name)
    for component in ["3", (3, 4), ("3",), (True,)]:
        with pytest.raises(ArgumentTypeError, match="component must be one heap"):
            theory.element(component)
    with pytest.raises(ArgumentTypeError, match="element must be"):
        theory.parse(3)  # type: ignore[arg-type]
    with pytest.raises(ArgumentTypeError):
        rules.parse(None)  # type: ignore[arg-type]


def test_wrong_rules_and_flags_are_refused() -> None:
    with pytest.raises(ArgumentError, match="k must be a whole number from 2 to 8"):
        MooreNimRules(1)
    with pytest.raises(ArgumentTypeError):
        ComplyConstrainRules("3")  # type: ignore[arg-type]
    with pytest.raises(ArgumentTypeError, match="flag must be a constraint"):
        list(ComplyConstrainRules(3).options((3,), {1}, Player.LEFT))
    with pytest.raises(ArgumentTypeError, match="search must be of comply-constrain nim"):
        standard_constraint_is_optimal(Search(NimRules()), (3,))
    nim = find_heap_game("nim")
    for name in ["moore-nim", "comply-constrain-nim"]:
        make = next(g for g in HEAP_GAMES if g.name == name).theory
        assert make is not None
        with pytest.raises(ArgumentTypeError, match="rules must be"):
            make(nim)
