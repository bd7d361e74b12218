"""The empirical quotient monoid of a game (strange algebra §5, Theorem 5.1).

Positions are sums of symmetric single suits. Two positions x, y are equivalent when
χ(x + z) = χ(y + z) for every position z; here z ranges over the positions up to ``tests``
cards a hand, so the classes found are a *lower bound* on the true number (finitely many z
cannot tell apart every pair the whole monoid can). Against the classes the game's theory is
checked: it must be a refinement (positions with the same element fall in one class) and a
homomorphism (the element of x + y is the sum of the elements of x and y).

>>> from whistgui.engine.games import find_game
>>> q = quotient(find_game('five-card'), max_cards=2, tests=2)
>>> len(q.positions), len(q.classes), q.mismatches
(12, 5, [])
>>> [c.elements for c in q.classes]
[('0',), ('+1',), ('-1',), ('+2',), ('-2',)]
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from whistgui.engine.errors import Cancelled, NotationError, NoTheoryError
from whistgui.engine.games import Game, deal_element
from whistgui.engine.games.single_suit import all_patterns
from whistgui.engine.trick.deal import Deal, SuitDeal
from whistgui.engine.trick.rules import Outcome
from whistgui.engine.trick.solver import Solver

__all__ = ["MAX_CARDS", "Quotient", "QuotientClass", "positions", "quotient"]

#: The largest bound accepted: 5 cards a hand already means 1 000+ positions.
MAX_CARDS = 5


def positions(max_cards: int) -> list[Deal]:
    """Every sum of symmetric single suits with at most ``max_cards`` cards a hand (suits as
    patterns, in canonical order), the empty position first.

    >>> [str(d) for d in positions(1)], len(positions(2)), len(positions(3))
    (['0', 'A/K', 'K/A'], 12, 48)
    """
    suits = [p for n in range(1, max_cards + 1) for p in all_patterns(n)]
    out: list[Deal] = []

    def build(start: int, room: int, chosen: list[str]) -> Iterator[list[str]]:
        yield chosen
        for i in range(start, len(suits)):
            size = len(suits[i]) // 2
            if size <= room:
                yield from build(i, room - size, [*chosen, suits[i]])

    for combo in build(0, max_cards, []):
        out.append(Deal([SuitDeal.from_pattern(p) for p in combo]))
    out.sort(key=lambda d: (sum(len(s.west) for s in d.suits), len(d.suits), str(d)))
    return out


def _add(x: Deal, z: Deal) -> Deal:
    return Deal(x.suits + z.suits)


@dataclass(frozen=True, slots=True)
class QuotientClass:
    """One class: its outcomes against the test positions, its positions, and the theory's
    elements found among them (text)."""

    index: int
    signature: tuple[Outcome, ...]
    members: tuple[Deal, ...]
    elements: tuple[str, ...]


@dataclass(slots=True)
class Quotient:
    """What :func:`quotient` found."""

    game: Game
    max_cards: int
    tests: int
    positions: list[Deal]
    test_positions: list[Deal]
    classes: list[QuotientClass]
    #: Positions the theory does not cover (no element).
    uncovered: int = 0
    #: Loud lines: an element spanning two classes, a sum whose element is not the sum.
    mismatches: list[str] = field(default_factory=list)

    @property
    def refinement(self) -> bool:
        return not any(m.startswith("refinement") for m in self.mismatches)

    @property
    def homomorphism(self) -> bool:
        return not any(m.startswith("homomorphism") for m in self.mismatches)


def quotient(
    game: Game,
    max_cards: int,
    tests: int | None = None,
    *,
    progress: Callable[[int, int], None] | None = None,
    should_stop: Callable[[], bool] | None = None,
) -> Quotient:
    """Class the positions of ``game`` up to ``max_cards`` cards a hand by χ(x + z) over the
    test positions z up to ``tests`` cards a hand (default: ``max_cards``), and check the
    game's theory against the classes. ``progress(done, total)`` is called as positions are
    classed; ``should_stop`` may stop the work (Cancelled)."""
    tests = max_cards if tests is None else tests
    for name, k in (("max-cards", max_cards), ("tests", tests)):
        if not 0 <= k <= MAX_CARDS:
            raise NotationError(f"--{name} {k}: expected 0 to {MAX_CARDS} cards a hand")
    xs = positions(max_cards)
    zs = positions(tests)
    solver = Solver(should_stop)
    signatures: dict[tuple[Outcome, ...], list[Deal]] = {}
    sig_of: dict[str, tuple[Outcome, ...]] = {}
    for done, x in enumerate(xs):
        if should_stop is not None and should_stop():
            raise Cancelled("quotient stopped by the caller")
        sig = tuple(solver.outcome(_add(x, z), rules=game.rules) for z in zs)
        signatures.setdefault(sig, []).append(x)
        sig_of[str(x)] = sig
        if progress is not None:
            progress(done + 1, len(xs))

    theory = game.new_theory()
    element: dict[str, Any] = {}
    if theory is not None:
        for x in xs:
            with contextlib.suppress(NoTheoryError):
                element[str(x)] = deal_element(theory, x)

    order = sorted(signatures, key=lambda s: _sort_key(s, signatures))
    classes = [
        QuotientClass(
            i,
            sig,
            tuple(signatures[sig]),
            tuple(
                dict.fromkeys(
                    theory.text(element[str(x)])
                    for x in signatures[sig]
                    if theory is not None and str(x) in element
                )
            ),
        )
        for i, sig in enumerate(order)
    ]
    q = Quotient(game, max_cards, tests, xs, zs, classes, len(xs) - len(element))
    if theory is None:
        return q

    # refinement: positions with one element have the same outcome against every test
    # position z with which the theory covers both sums (a theory of single suits only, as
    # Greedy Whist's, is so checked against χ alone)
    seen: dict[Any, Deal] = {}
    for x in xs:
        e = element.get(str(x))
        if e is None:
            continue
        first = seen.setdefault(e, x)
        if first is x:
            continue
        for z, a, b in zip(zs, sig_of[str(first)], sig_of[str(x)], strict=True):
            if a != b and _covers(theory, _add(first, z)) and _covers(theory, _add(x, z)):
                q.mismatches.append(
                    f"refinement broken: {first} and {x} have the element {theory.text(e)} "
                    f"but with {z} added their outcomes are {a} and {b}"
                )
                break
    # homomorphism: the element of a sum is the sum of the elements
    for i, x in enumerate(xs):
        for y in xs[i:]:
            s = _add(x, y)
            if sum(len(u.west) for u in s.suits) > max_cards:
                continue
            ex, ey, es = element.get(str(x)), element.get(str(y)), element.get(str(s))
            if ex is None or ey is None or es is None:
                continue
            try:
                total = theory.add(ex, ey)
            except NoTheoryError:
                continue
            if total != es:
                q.mismatches.append(
                    f"homomorphism broken: {x} + {y} has the element {theory.text(es)}, "
                    f"not {theory.text(ex)} + {theory.text(ey)} = {theory.text(total)}"
                )
    return q


def _covers(theory: Any, deal: Deal) -> bool:
    return theory.covers(deal) is None


def _sort_key(sig: tuple[Outcome, ...], members: dict[Any, list[Deal]]) -> tuple[Any, ...]:
    """Classes in the order of their smallest members (the positions are sorted so)."""
    first = members[sig][0]
    return (sum(len(s.west) for s in first.suits), len(first.suits), str(first))
