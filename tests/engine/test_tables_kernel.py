"""The value kernel (whistgui.engine.games.whist.kernel) against the pure-Python evaluator.

Every suit up to 7 cards a hand (9 with ``pytest --exhaustive``) has the evaluator's value,
maxmin and minmax; random suits of 10 to 13 cards a hand have the evaluator's value by
``suit_value``; the integer keys order values as Value and LabeledValue do; the integer port of
Bounds.simplest agrees with it on every pair the tables meet; the ranks of reductions agree with
their definition; the limits are refused with messages that quote them.
"""

from __future__ import annotations

import random
from fractions import Fraction
from math import comb

import numpy as np
import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from tests.engine.strategies import suit_patterns, values
from whistgui.engine import (
    AsymmetricSuitError,
    Cancelled,
    DealError,
    Evaluator,
    LabeledValue,
    Player,
    SuitDeal,
    TheoryError,
    Value,
)
from whistgui.engine.games.single_suit import all_patterns
from whistgui.engine.games.whist.evaluator import Bounds
from whistgui.engine.games.whist.kernel import (
    KEY_MAX_N,
    MAX_SUIT_N,
    MAX_TABLE_N,
    SuitTable,
    TableCache,
    labeled_from_key,
    labeled_key,
    pattern_mask,
    pattern_rank,
    ranks,
    reach,
    reach_size,
    simplest_key,
    suit_table,
    suit_value,
    tables_upto,
    value_from_key,
    value_key,
)


@pytest.fixture(scope="module")
def upto(request: pytest.FixtureRequest) -> int:
    """Every suit is checked up to this many cards a hand."""
    return 9 if request.config.getoption("--exhaustive") else 7


@pytest.fixture(scope="module")
def computed(upto: int) -> tuple[TableCache, dict[int, SuitTable]]:
    cache = TableCache()
    return cache, tables_upto(upto, upto_cache=cache)


@pytest.fixture(scope="module")
def ev() -> Evaluator:
    return Evaluator(kernel_from=None)  # the pure recursion: the reference


def _first_differences(pairs: list[tuple[str, object, object]]) -> list[str]:
    return [f"{p}: kernel {a}, evaluator {b}" for p, a, b in pairs if a != b][:5]


# -- the kernel equals the evaluator ------------------------------------------------------------
def test_every_suit_has_the_evaluators_value(
    computed: tuple[TableCache, dict[int, SuitTable]], ev: Evaluator
) -> None:
    _, tables = computed
    for n, t in tables.items():
        assert len(t) == comb(2 * n, n)
        texts = [t.pattern_text(i) for i in range(len(t))]
        got = [(p, t.value_of(i), ev.pattern_value(p)) for i, p in enumerate(texts)]
        assert not _first_differences(got), f"n = {n}"


def test_every_suit_has_the_evaluators_maxmin_and_minmax(
    computed: tuple[TableCache, dict[int, SuitTable]], ev: Evaluator, upto: int
) -> None:
    _, tables = computed
    for n, t in tables.items():
        got = []
        for i in range(len(t)):
            p = t.pattern_text(i)
            got.append((p, (t.maxmin_of(i), t.minmax_of(i)), ev.bounds(p)))
        assert not _first_differences(got), f"n = {n}"
    # … and the full §10 analysis (the whole α matrix) on the shorter ones
    for n in range(1, upto - 1):
        t = tables[n]
        got = []
        for i in range(len(t)):
            a = ev.analyze(SuitDeal.from_pattern(t.pattern_text(i)))
            got.append((t.pattern_text(i), (t.maxmin_of(i), t.minmax_of(i)), (a.maxmin, a.minmax)))
        assert not _first_differences(got), f"n = {n}"


@settings(max_examples=4)
@given(suit_patterns(min_n=10, max_n=13))
@example("WE" * 11)
def test_long_suits_have_the_evaluators_value(pattern: str) -> None:
    assert suit_value(pattern) == Evaluator(kernel_from=None).pattern_value(pattern)


@settings(max_examples=6)
@given(suit_patterns(min_n=9, max_n=10), st.randoms(use_true_random=False))
def test_a_reach_holds_the_evaluators_value_of_every_pattern_it_reaches(
    pattern: str, rnd: random.Random
) -> None:
    """reach(p) answers for p and the patterns below it that p reaches (by removing one West
    and one East card, top of their runs, again and again), with the recursion's values, and
    only for those."""
    r = reach(pattern)
    ev = Evaluator(kernel_from=None)
    assert r.root == ev.pattern_value(pattern)
    p = pattern
    while p:  # a random line of reductions down to nothing
        assert r.value(p) == ev.pattern_value(p), p
        w = rnd.choice([i for i, c in enumerate(p) if c == "W"])
        e = rnd.choice([i for i, c in enumerate(p) if c == "E"])
        p = "".join(c for k, c in enumerate(p) if k not in (w, e))
    # one trick down it holds exactly the suit's reductions
    n = len(pattern) // 2
    west = [i for i, c in enumerate(pattern) if c == "W"]
    east = [i for i, c in enumerate(pattern) if c == "E"]
    reductions = {
        "".join(c for k, c in enumerate(pattern) if k not in (w, e)) for w in west for e in east
    }
    for q in rnd.sample(all_patterns(n - 1), 30):
        assert (r.value(q) is not None) == (q in reductions), q


@given(suit_patterns(min_n=0, max_n=6))
@example("WE" * 6)
@example("W" * 6 + "E" * 6)
def test_reach_size_counts_the_patterns_a_suit_reaches(pattern: str) -> None:
    """Counted without listing, equal to the patterns listed trick by trick (every West card
    with every East card), the empty suit included; and to the kernel's reach."""
    seen = {pattern}
    frontier = {pattern}
    while frontier:
        frontier = {
            p[:a] + p[a + 1 : b] + p[b + 1 :]
            for p in frontier
            for a in range(len(p))
            for b in range(a + 1, len(p))
            if p[a] != p[b]
        } - seen
        seen |= frontier
    assert reach_size(pattern) == len(seen)
    if pattern:
        assert reach_size(pattern) == len(reach(pattern)) + 1


def test_reach_size_of_long_suits_is_quick_and_grows_with_the_runs() -> None:
    """200 cards a hand are counted (a float's precision: the count has 80 digits); fewer
    runs reach fewer patterns; a suit of two runs reaches one pattern a level."""
    n = 200
    alternating = reach_size("WE" * n)
    assert 10**80 < alternating < 10**83
    assert reach_size("W" * n + "E" * n) == n + 1
    four_runs = reach_size("W" * 100 + "E" * 100 + "W" * 100 + "E" * 100)
    assert n + 1 < four_runs < alternating


def test_the_evaluator_values_long_suits_with_the_kernel_and_keeps_the_reach() -> None:
    """Over KERNEL_FROM cards a hand the evaluator's values come from one reach of the kernel
    (the analysis of the suit and of every suit after a trick is then read, not recursed),
    and equal the recursion's."""
    pattern = "EWWEEWWEEWEWWEWEEWEWWE"  # 11 cards a hand
    ev = Evaluator()
    a = ev.analyze(SuitDeal.from_pattern(pattern))
    assert len(ev._reaches) == 1
    ref = Evaluator(kernel_from=None)
    assert a.value == ref.pattern_value(pattern)
    assert (a.maxmin, a.minmax) == ref.bounds(pattern)
    after = a.reductions[0][0].suit.pattern  # West's and East's lowest cards played
    assert ev.bounds(after) == ref.bounds(after)
    assert len(ev._reaches) == 1  # the trick played was read from the same reach
    assert ev.snapshot().pattern_value(after) == ref.pattern_value(after)
    assert Evaluator(kernel_from=None)._from_kernel(pattern, new=True) is None


def test_the_evaluators_kernel_values_can_be_cancelled() -> None:
    ev = Evaluator(should_stop=lambda: True)
    with pytest.raises(Cancelled):
        ev.pattern_value("WE" * 9)
    assert ev.stats["patterns"] == 1  # only the empty suit
    assert not ev._reaches
    ev.should_stop = None
    assert ev.pattern_value("WE" * 9) == Evaluator(kernel_from=None).pattern_value("WE" * 9)


def test_swapping_the_hands_mirrors_every_table(
    computed: tuple[TableCache, dict[int, SuitTable]],
) -> None:
    """Row N − 1 − i is row i with the hands swapped (its bitmask is the complement): its value
    is n − val, and maxmin and minmax trade places with the players swapped."""
    _, tables = computed

    def swap(lv: LabeledValue, n: int) -> LabeledValue:
        return LabeledValue(lv.player.other, n - lv.value)

    for n, t in tables.items():
        last = len(t) - 1
        full = (1 << 2 * n) - 1
        for i in range(len(t)):
            assert int(t.patterns[last - i]) == full ^ int(t.patterns[i])
            assert t.value_of(last - i) == n - t.value_of(i)
            assert t.maxmin_of(last - i) == swap(t.minmax_of(i), n)
            assert t.minmax_of(last - i) == swap(t.maxmin_of(i), n)


def test_suit_value_equals_the_tables(computed: tuple[TableCache, dict[int, SuitTable]]) -> None:
    _, tables = computed
    rng = random.Random(15)
    cache = TableCache()
    for n, t in tables.items():
        rows = range(len(t)) if n <= 4 else rng.sample(range(len(t)), 10)
        for i in rows:
            assert suit_value(t.pattern_text(i), cache=cache) == t.value_of(i)
    assert suit_value("") == Value(0)


# -- patterns, ranks and order ----------------------------------------------------------------
def test_rows_are_the_patterns_in_increasing_bitmask_order(
    computed: tuple[TableCache, dict[int, SuitTable]],
) -> None:
    _, tables = computed
    for n, t in tables.items():
        masks = t.patterns.astype(np.int64)
        assert (np.diff(masks) > 0).all()
        assert (np.bitwise_count(masks) == n).all()
        assert masks.max() < 1 << 2 * n
        texts = [t.pattern_text(i) for i in range(len(t))]
        assert sorted(texts) == sorted(all_patterns(n))
        assert [t.index_of(p) for p in texts] == list(range(len(t)))
        assert all(pattern_mask(p) == int(t.patterns[i]) for i, p in enumerate(texts))
        # lex_order lists the rows as all_patterns (and tables.rows.patterns) lists suits
        assert [texts[i] for i in t.lex_order()] == all_patterns(n)


def test_reduction_ranks_follow_their_definition(upto: int) -> None:
    """The separable rank terms of _group_bounds against removing the two cards and ranking."""
    for n in range(1, upto + 1):
        patterns = all_patterns(n)
        x = np.array([pattern_mask(p) for p in patterns], dtype=np.int64)
        for where, g in ranks.run_blocks(x, n):
            for col, i in enumerate(where.tolist()):
                p = patterns[i]
                tops = [k for k in range(2 * n) if k == 2 * n - 1 or p[k] != p[k + 1]]
                west = [k for k in tops if p[k] == "W"]
                east = [k for k in tops if p[k] == "E"]
                assert len(west) == g.west_runs
                assert len(east) == g.east_runs
                for a, wk in enumerate(west):
                    for b, ek in enumerate(east):
                        rest = "".join(c for k, c in enumerate(p) if k not in (wk, ek))
                        if wk < ek:
                            got = g.uw[a, col] + g.ve[b, col]
                        else:
                            got = g.vw[a, col] + g.ue[b, col]
                        assert got == pattern_rank(rest), (p, wk, ek)


def _plain(v: Value) -> bool:
    return not v.infinitesimal.is_fuzzy


@given(values().filter(_plain), values().filter(_plain))
def test_value_keys_order_values(a: Value, b: Value) -> None:
    ka, kb = value_key(a), value_key(b)
    assert value_from_key(ka) == a
    assert (ka > kb) - (ka < kb) == a.compare(b)


@given(
    values().filter(_plain),
    values().filter(_plain),
    st.sampled_from(list(Player)),
    st.sampled_from(list(Player)),
)
def test_labeled_keys_order_labeled_values(a: Value, b: Value, p: Player, q: Player) -> None:
    x, y = LabeledValue(p, a), LabeledValue(q, b)
    kx, ky = labeled_key(x), labeled_key(y)
    assert labeled_from_key(kx) == x
    assert (kx > ky) - (kx < ky) == x.compare(y)


def test_simplest_key_is_bounds_simplest_on_every_pair_met(upto: int) -> None:
    cache = TableCache()
    tables_upto(upto + 2, upto_cache=cache)
    suit_value("EW" * 13, cache=cache)  # and those of a longer suit
    pairs = cache.pairs()
    assert len(pairs) > 700
    for lo, hi, v in pairs:
        assert Bounds(labeled_from_key(lo), labeled_from_key(hi)).simplest() == v
        assert value_from_key(simplest_key(lo, hi)) == v


def test_keys_hold_the_values_of_every_level(
    computed: tuple[TableCache, dict[int, SuitTable]],
) -> None:
    """The bound the key encoding relies on, as met: denominators at most 2^(n+1), chain
    positions at most 4n in size, numbers between 0 and n (observed: 2^(n−1), n)."""
    _, tables = computed
    for n, t in tables.items():
        for v in (t.values[i] for i in np.unique(t.value_id).tolist()):
            assert v.number.denominator <= 2 ** (n + 1)
            assert abs(v.infinitesimal.pos or 0) <= 4 * n
            assert 0 <= v.number <= n


# -- the cache, progress, cancelling and the limits --------------------------------------------
def test_a_cache_goes_on_from_the_tables_it_holds() -> None:
    cache = TableCache()
    t4 = suit_table(4, upto_cache=cache)
    t5 = suit_table(5, upto_cache=cache)
    assert cache.tables[4] is t4
    assert cache.tables[5] is t5
    fresh = suit_table(5)
    assert [t5.value_of(i) for i in range(len(t5))] == [fresh.value_of(i) for i in range(len(t5))]
    assert t5.nbytes == 20 * len(t5)
    assert not t5.value_id.flags.writeable
    stats = cache.stats
    assert stats["values"] == len(t5.values)
    assert stats["misses"] == stats["pairs"] > 0
    cache.clear()
    assert cache.tables == {}
    assert cache.stats["values"] == 1


def test_progress_reaches_the_total_and_should_stop_cancels() -> None:
    seen: list[tuple[int, int]] = []
    tables_upto(4, progress=lambda done, total: seen.append((done, total)))
    assert seen[-1] == (98, 98)  # 2 + 6 + 20 + 70 suits
    with pytest.raises(Cancelled, match="stopped"):
        tables_upto(3, should_stop=lambda: True)


def test_refusals_quote_the_limit() -> None:
    with pytest.raises(DealError, match=f"limit of {MAX_TABLE_N} cards a hand"):
        suit_table(MAX_TABLE_N + 1)
    too_long = "WE" * (MAX_SUIT_N + 1)
    with pytest.raises(DealError, match=f"'{too_long}'.*limit of {MAX_SUIT_N} cards a hand"):
        suit_value(too_long)
    for bad in (0, -3):
        with pytest.raises(DealError, match=repr(bad)):
            tables_upto(bad)
    for wrong in (True, 2.0, "3"):  # not a whole number: a TypeError naming n
        with pytest.raises(TypeError, match=f"n must be a whole number .*{wrong!r}"):
            tables_upto(wrong)  # type: ignore[arg-type]
    with pytest.raises(AsymmetricSuitError, match="'WWE'"):
        suit_value("WWE")
    with pytest.raises(DealError, match="'WEWE'"):
        suit_table(3).index_of("WEWE")
    with pytest.raises(TheoryError, match=f"up to {KEY_MAX_N} cards a hand"):
        value_key(Value(Fraction(1, 2**60)))
