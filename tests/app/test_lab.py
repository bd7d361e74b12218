"""The single-suit laboratory's data: the columnar table from the numpy kernel equals the
evaluator's rows, and its fast parts (R43's numbers, the suits' texts) equal the engine's."""

from __future__ import annotations

import itertools
import random

import pytest

from whistgui.app.lab import (
    LIVE_LIMIT,
    LabTable,
    distinct_values,
    lab_rows,
    lab_table,
    value_counts,
)
from whistgui.engine import Cancelled, DealError, Evaluator
from whistgui.engine.games.whist.kernel import TableCache
from whistgui.engine.trick.deal import SuitDeal


@pytest.fixture(scope="module")
def reference() -> dict[int, list]:  # type: ignore[type-arg]
    """lab_rows from the pure recursion (no kernel anywhere) for n = 1 to 5."""
    ev = Evaluator(kernel_from=None)
    return {n: lab_rows(n, ev) for n in range(1, 6)}


@pytest.mark.parametrize("n", range(1, 6))
def test_the_table_equals_the_evaluators_rows(n: int, reference) -> None:  # type: ignore[no-untyped-def]
    table = lab_table(n)
    assert len(table) == len(reference[n])
    assert [table.row(i) for i in range(len(table))] == reference[n]  # every column


def test_a_range_is_its_tables_one_after_another(reference) -> None:  # type: ignore[no-untyped-def]
    table = lab_table(2, 5, cache=TableCache())
    assert table.ns == (2, 3, 4, 5)
    assert table.spans[4] == (6 + 20, 6 + 20 + 70)
    rows = [r for n in range(2, 6) for r in reference[n]]
    assert [table.row(i) for i in range(len(table))] == rows
    assert table.n.tolist() == [r.n for r in rows]
    for n in table.ns:
        assert table.value_counts(n) == value_counts(reference[n])
        assert list(table.value_counts(n)) == sorted(value_counts(reference[n]))
        assert table.distinct(n) == len(value_counts(reference[n])) == distinct_values(n)


def test_the_arrays_are_read_only() -> None:
    table = lab_table(3)
    with pytest.raises(ValueError, match="read-only"):
        table.value_id[0] = 1


def test_value_and_labeled_ranks_follow_the_exact_order() -> None:
    table = lab_table(1, 6)
    by_rank = sorted(range(len(table.values)), key=lambda i: int(table.value_rank[i]))
    values = [table.values[i] for i in by_rank]
    assert all(a < b for a, b in itertools.pairwise(values))
    by_rank = sorted(range(len(table.labeled)), key=lambda i: int(table.labeled_rank[i]))
    labeled = [table.labeled[i] for i in by_rank]
    assert all(a < b for a, b in itertools.pairwise(labeled))


@pytest.mark.parametrize("n", range(1, 9))
def test_suit_texts_are_the_engines(n: int) -> None:
    table = lab_table(n)
    (lower,) = table.suit_texts(lower=True)
    for i in range(len(table)):
        text = str(SuitDeal.from_pattern(table.pattern(i)))
        assert table.suit_text(i) == text
        assert lower[i].decode() == text.lower()


def test_suit_texts_of_long_suits() -> None:
    table = lab_table(10)
    (texts,) = table.suit_texts()
    assert texts.dtype.itemsize == len(table.suit_text(0))  # one length for all
    for i in [*random.Random(10).sample(range(len(table)), 400), 0, len(table) - 1]:
        text = str(SuitDeal.from_pattern(table.pattern(i)))
        assert table.suit_text(i) == texts[i].decode() == text


def test_progress_and_cancel() -> None:
    seen: list[tuple[int, str, int, int]] = []
    table = lab_table(3, 4, progress=lambda *a: seen.append(a))
    assert isinstance(table, LabTable)
    assert (4, "valued", 70, 70) in seen
    assert (3, "listed", 20, 20) in seen
    assert seen[-1] == (4, "listed", 70, 70)
    with pytest.raises(Cancelled):  # in the kernel
        lab_table(4, should_stop=lambda: True)
    cache = TableCache()
    lab_table(4, cache=cache)
    with pytest.raises(Cancelled, match="4 cards a hand"):  # the kernel's tables are cached
        lab_table(4, cache=cache, should_stop=lambda: True)


def test_bad_ranges_are_refused() -> None:
    with pytest.raises(DealError, match="from"):
        lab_table(3, 2)
    with pytest.raises(DealError, match="beyond"):
        lab_table(16)
    assert LIVE_LIMIT == 11


def test_the_cache_is_shared_across_calls() -> None:
    cache = TableCache()
    first = lab_table(4, cache=cache)
    assert sorted(cache.tables) == [1, 2, 3, 4]
    again = lab_table(2, 4, cache=cache)
    assert [again.row(i) for i in range(*again.spans[4])] == [
        first.row(i) for i in range(len(first))
    ]
    assert distinct_values(4, cache) == first.distinct(4)
