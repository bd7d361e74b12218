"""The evaluator served in bulk by the kernel: asked for many suits of one length (9 to
``table_upto`` cards a hand), it computes the table of every suit of that length once, keeps it
and reads the others' values from it — the recursion's values, alone or after the table; it keeps
no table for one suit, nor past ``table_upto``; the kernel's memo is shared between threads under
its lock, and a table being computed or waited for stops when ``should_stop`` says so."""

from __future__ import annotations

import random
import threading
from itertools import combinations, islice

import pytest

from whistgui.engine import AsymmetricSuitError, Cancelled, DealError, Evaluator
from whistgui.engine.games.whist.evaluator import TABLE_AFTER, TABLE_UPTO
from whistgui.engine.games.whist.kernel import MAX_TABLE_N, TableCache, suit_value


def _patterns(n: int) -> list[str]:
    return [
        "".join("W" if i in west else "E" for i in range(2 * n))
        for west in combinations(range(2 * n), n)
    ]


NINE = _patterns(9)


@pytest.fixture(scope="module")
def reference() -> Evaluator:
    return Evaluator(kernel_from=None)  # the pure recursion


def test_many_suits_of_one_length_are_read_from_its_table(reference: Evaluator) -> None:
    ev = Evaluator()
    rnd = random.Random(9)
    asked = rnd.sample(NINE, TABLE_AFTER[9] + 40)
    for k, p in enumerate(asked, start=1):
        assert ev.pattern_value(p) == reference.pattern_value(p), p
        # valued alone (each from its own reach) until the table pays
        assert (9 in ev.tables) == (k >= TABLE_AFTER[9]), k
    assert sorted(ev.tables) == [9]
    table = ev.tables[9]
    assert len(table) == len(NINE)
    # every later suit of 9 comes from the table: no new reach
    reaches = list(ev._reaches)
    for p in rnd.sample(NINE, 200):
        assert ev.pattern_value(p) == reference.pattern_value(p), p
    assert ev._reaches == reaches
    assert ev.tables[9] is table


def test_one_suit_alone_makes_no_table() -> None:
    ev = Evaluator()
    assert ev.pattern_value("WE" * 12) == suit_value("WE" * 12)
    assert ev.tables == {}


def test_no_table_past_table_upto_nor_without_one(reference: Evaluator) -> None:
    rnd = random.Random(5)
    for ev, n in ((Evaluator(table_upto=None), 9), (Evaluator(table_upto=8), 9)):
        for p in rnd.sample(_patterns(n), TABLE_AFTER[9] + 3):
            assert ev.pattern_value(p) == reference.pattern_value(p), p
        assert ev.tables == {}
        assert len(ev._reaches) > 0


def test_a_longer_table_keeps_the_ones_below_it_from_kernel_from() -> None:
    ev = Evaluator()
    first = list(islice(ev.table(10), 40))  # Evaluator.table keeps the table it computes
    assert sorted(ev.tables) == [9, 10]
    assert len(ev.tables[10]) == len(_patterns(10))
    for suit, v in first:
        assert v == suit_value(suit.pattern) == ev.pattern_value(suit.pattern), suit
    assert ev.snapshot().tables[10] is ev.tables[10]  # a snapshot shares them, read-only
    ev.clear()
    assert ev.tables == {}


def test_table_upto_is_checked() -> None:
    for bad in (0, MAX_TABLE_N + 1):
        with pytest.raises(DealError, match="table_upto"):
            Evaluator(table_upto=bad)
    with pytest.raises(TypeError, match="table_upto"):
        Evaluator(table_upto="12")  # type: ignore[arg-type]
    assert Evaluator().table_upto == TABLE_UPTO


def test_a_table_being_computed_stops_when_asked() -> None:
    stop = threading.Event()
    ev = Evaluator(should_stop=stop.is_set)
    rnd = random.Random(3)
    asked = rnd.sample(NINE, TABLE_AFTER[9])
    for p in asked[:-1]:
        ev.pattern_value(p)
    stop.set()  # the next suit would compute the table
    with pytest.raises(Cancelled):
        ev.pattern_value(asked[-1])
    assert ev.tables == {}
    stop.clear()
    assert ev.pattern_value(asked[-1]) == Evaluator(kernel_from=None).pattern_value(asked[-1])
    assert sorted(ev.tables) == [9]


def test_the_kernels_memo_is_held_by_one_thread_at_a_time() -> None:
    """A thread waits while another holds the cache (polling its own ``should_stop``), enters
    when it is released, and gives up with Cancelled when told to while it waits."""
    cache = TableCache()
    held, release = threading.Event(), threading.Event()
    order: list[str] = []

    def holder() -> None:
        with cache.holding():
            held.set()
            release.wait(10)
            order.append("holder leaves")

    t = threading.Thread(target=holder)
    t.start()
    held.wait(10)
    with pytest.raises(Cancelled, match="waiting"), cache.holding(lambda: True):
        order.append("entered while held")  # never
    polls = iter(range(1000))

    def let_go() -> bool:  # the holder is released while this thread waits
        if next(polls) == 2:
            release.set()
        return False

    with cache.holding(let_go):
        order.append("waiter enters")
    t.join(10)
    assert order == ["holder leaves", "waiter enters"]
    with pytest.raises(TypeError, match="should_stop"), cache.holding(3):  # type: ignore[arg-type]
        pass


def test_a_suit_of_nine_is_valued_alike_from_a_table_and_by_its_own_reach(
    reference: Evaluator,
) -> None:
    bulk = Evaluator()
    list(islice(bulk.table(9), 1))  # the table of 9, kept
    alone = Evaluator(table_upto=None)
    for p in random.Random(7).sample(NINE, 30):
        assert bulk.pattern_value(p) == alone.pattern_value(p) == reference.pattern_value(p)
    assert sorted(bulk.tables) == [9]
    assert alone.tables == {}


def test_a_kept_table_reads_no_bad_pattern() -> None:
    ev = Evaluator()
    list(islice(ev.table(9), 1))
    for bad in ("W" * 18, "WX" * 9, "E" * 9 + "W" * 8 + "E"):
        with pytest.raises(AsymmetricSuitError, match="not a symmetric suit"):
            ev.pattern_value(bad)
    with pytest.raises(TypeError, match="pattern"):
        ev.pattern_value(b"WE" * 9)  # type: ignore[arg-type]
