"""A suit answered by the theorems (engine/games/long_suit.py): R43 Theorem 9.1's outcome
against the kernel's values on every suit up to 12 cards a hand and against exact search up
to 9, and the value R44 Theorems 11.10 and 17.1 give against the kernel's wherever they decide
it — and that they decide it exactly when the value is a half-integer.

Every test run checks every suit up to 8 cards a hand against the kernel (6 against search) and
random suits beyond; ``pytest --exhaustive`` checks every suit up to 12 against the kernel
(3.6 million suits, about 40 s) and up to 9 against search (about 30 s) and the values up to 9.
"""

from __future__ import annotations

import random
from fractions import Fraction

import numpy as np
import pytest

from whistgui.engine import Solver, SuitDeal
from whistgui.engine.errors import AsymmetricSuitError
from whistgui.engine.games import find_game
from whistgui.engine.games.long_suit import BEYOND_REACH, by_theorems, theorem_outcome
from whistgui.engine.games.single_suit import all_patterns
from whistgui.engine.games.whist.kernel import tables_upto
from whistgui.engine.games.whist.kernel.table import SuitTable, mask_text
from whistgui.engine.games.whist.rounding import rho
from whistgui.engine.games.whist.value import Value
from whistgui.engine.tables.rows import r43_block
from whistgui.engine.trick.deal import Deal

WHIST = find_game("whist").rules


def _kernel_tricks(t: SuitTable) -> tuple[np.ndarray, np.ndarray]:
    """ρ(val) of every row of the kernel's table: West's tricks with each side leading."""
    outcomes = [rho(v) for v in t.values]
    west = np.array([int(o.west_lead) for o in outcomes], dtype=np.int16)
    east = np.array([int(o.east_lead) for o in outcomes], dtype=np.int16)
    return west[t.value_id], east[t.value_id]


def _check_rows(t: SuitTable, rows: np.ndarray) -> int:
    """Theorem 9.1 on the table's ``rows``, H and H̄ from the vectorised R43 numbers (which
    test_tables_store checks against :func:`r43_numbers`), H_W from :func:`h_whist` wherever
    H̄ ≠ H (where H̄ = H it is H)."""
    from whistgui.engine.games.single_suit import h_whist

    n = t.n
    west, east = _kernel_tricks(t)
    masks = t.patterns[rows]
    _, h, hbar = r43_block(masks, n)
    hw = h.astype(np.int16)
    for k in np.flatnonzero(h != hbar):
        hw[k] = h_whist(mask_text(int(masks[k]), n), int(h[k]), int(hbar[k]))
    want_west, want_east = (n + hw) // 2, (n + hw + 1) // 2
    bad = np.flatnonzero((want_west != west[rows]) | (want_east != east[rows]))
    assert bad.size == 0, (
        f"{mask_text(int(masks[bad[0]]), n)}: Theorem 9.1 gives "
        f"({want_west[bad[0]]}, {want_east[bad[0]]}), the kernel "
        f"({west[rows][bad[0]]}, {east[rows][bad[0]]})"
    )
    return len(rows)


def test_theorem_9_1_is_the_kernels_outcome_on_every_suit_to_8_and_random_ones_to_12(
    exhaustive: bool,
) -> None:
    """Each suit's outcome by :func:`theorem_outcome` itself up to 8 cards a hand; beyond, every
    suit (with ``--exhaustive``) or 3,000 random ones a length."""
    tables = tables_upto(12)
    for n in range(1, 9):
        t = tables[n]
        west, east = _kernel_tricks(t)
        for i in range(len(t)):
            p = t.pattern_text(i)
            assert theorem_outcome(p) == (west[i], east[i]), p
    rng = np.random.default_rng(28)
    checked = 0
    for n in range(9, 13):
        size = len(tables[n])
        rows = np.arange(size) if exhaustive else rng.choice(size, 3000, replace=False)
        checked += _check_rows(tables[n], rows)
    assert checked == (sum(len(tables[n]) for n in range(9, 13)) if exhaustive else 12_000)


def _is_half_integer(v: Value) -> bool:
    return v.is_number and v.number.denominator <= 2


@pytest.mark.parametrize("upto", [8, 9], ids=["to 8", "to 9 (exhaustive)"])
def test_the_theorems_value_is_the_kernels_wherever_they_decide_it(
    upto: int, exhaustive: bool
) -> None:
    """Where Theorem 11.10 or 17.1 decides the value it is the kernel's; where they do not,
    the kernel's value is no half-integer and lies strictly between the bounds given."""
    if upto > 8 and not exhaustive:
        pytest.skip("every suit to 9 cards a hand: run with --exhaustive")
    tables = tables_upto(upto)
    decided = {"R44 Theorem 17.1": 0, "R44 Theorem 11.10": 0, None: 0}
    for n in range(1, upto + 1):
        t = tables[n]
        for i in range(len(t)):
            p = t.pattern_text(i)
            a = by_theorems(SuitDeal.from_pattern(p))
            v = t.value_of(i)
            decided[a.value_by] += 1
            if a.value is not None:
                assert a.value == v, f"{p}: {a.value_by} gives {a.value}, the kernel {v}"
            else:
                assert not _is_half_integer(v), f"{p}: undecided, but the kernel gives {v}"
                lo, hi = a.bounds
                assert lo < v.number < hi or v.number in (lo, hi), p
                assert v.number != lo + Fraction(1, 2) or not v.is_number, p
                assert a.words() == BEYOND_REACH
            assert a.outcome == rho(v), p
    assert all(decided.values()), decided  # each case occurs


def test_theorem_9_1_is_exact_search_on_every_suit_to_6_and_random_ones_to_9(
    exhaustive: bool,
) -> None:
    solver = Solver()
    rng = random.Random(28)
    for n in range(1, 10):
        ps = all_patterns(n)
        if not exhaustive and n > 6:
            ps = rng.sample(ps, 150)
        for p in ps:
            o = solver.outcome(Deal([SuitDeal.from_pattern(p)]), rules=WHIST)
            assert theorem_outcome(p) == o, f"{p}: search {o}"


def test_the_papers_suits_and_a_long_one() -> None:
    a = by_theorems(SuitDeal.parse("AQ/KJ"))
    assert (a.h, a.hbar, a.h_whist, a.tricks) == (0, 1, 1, (1, 2))
    assert a.value == Value(Fraction(3, 2))
    # the 18-card alternating suit (6,336,721 positions for the recursion): 9 and 10 tricks
    n = 18
    west = " ".join(str(r) for r in range(2 * n, 0, -2))
    east = " ".join(str(r) for r in range(2 * n - 1, 0, -2))
    a = by_theorems(SuitDeal.parse(f"[{west}, {east}]"))
    assert a.tricks == (9, 10)
    assert a.value == Value(Fraction(19, 2))
    # 200 cards a hand, the command line's limit, at once
    big = by_theorems(SuitDeal.from_pattern("EW" * 200))
    assert big.tricks == (100, 101)


def test_an_asymmetric_suit_is_refused() -> None:
    with pytest.raises(AsymmetricSuitError, match="'AK/Q'"):
        by_theorems(SuitDeal.parse("AK/Q"))
    with pytest.raises(TypeError, match="suit"):
        by_theorems("AQ/KJ")  # type: ignore[arg-type]
