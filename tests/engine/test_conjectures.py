"""The conjecture checker: none of §18's conjectures or R43's statements fails in the real table,
and a planted counterexample — a wrong value, a wrong search, a wrong normal strategy — is found
and shown in the paper's notation."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace

import pytest

from whistgui.engine import Player, Value
from whistgui.engine.tables.conjectures import (
    Counterexample,
    _checks,
    check,
    check_value_counts,
    conjecture_18_1,
    conjecture_18_2,
    h_whist,
    suit_text,
    two_suit_positions,
)
from whistgui.engine.tables.rows import SuitRow, count_patterns, suit_rows


def _suits(upto: int) -> int:
    return sum(count_patterns(n) for n in range(1, upto + 1))


def test_no_counterexample_in_the_real_table(exhaustive: bool) -> None:
    upto, search = (8, 7) if exhaustive else (6, 4)
    report = check(upto, search, 4)
    assert report.ok, [x.text for x in report.counterexamples()]
    by_key = {c.key: c for c in report.checks}
    for key in ("18.1", "18.2", "R43 8.1", "R43 9.1"):
        assert (by_key[key].checked, by_key[key].upto) == (_suits(upto), upto)
    for key in ("val = search", "R43 6.1", "R43 normal whist", "R43 normal greedy"):
        assert (by_key[key].checked, by_key[key].upto) == (_suits(search), search)
    assert by_key["18.3"].checked > by_key["18.3 search"].checked > 0
    assert by_key["18.3 two suits"].checked > 0
    assert by_key["18.3 two suits"].upto == 4


def test_18_3_by_search_agrees_with_18_3_by_the_values() -> None:
    """Both count the same leads on the same suits (the values give the search's outcomes)."""
    report = check(5, 5, 0)
    by_key = {c.key: c for c in report.checks}
    assert by_key["18.3"].checked == by_key["18.3 search"].checked
    assert by_key["18.3 two suits"].checked == 0


def _planted(pattern: str, value: str):  # type: ignore[no-untyped-def]
    """A row producer that gives ``pattern`` the wrong ``value``."""

    def rows(n: int, **kw: object) -> Iterator[SuitRow]:
        for r in suit_rows(n, **kw):  # type: ignore[arg-type]
            yield r if r.pattern != pattern else replace(r, value=Value.parse(value))

    return rows


def test_a_planted_wrong_value_is_caught_in_the_papers_notation() -> None:
    report = check(4, 2, 0, rows=_planted("EWEW", "1/2+e1"))  # [A Q, K J] is really 1½
    assert not report.ok
    by_key = {c.key: c for c in report.checks}
    (bad,) = by_key["18.1"].counterexamples
    assert bad == Counterexample("Conjecture 18.1", ("EWEW",), bad.detail)
    assert bad.text == "Conjecture 18.1: [A Q, K J] has value ½ + ε₁: q = ½ is not an integer"
    assert by_key["18.1"].found == 1
    # the wrong value also predicts the wrong tricks: R43 9.1 and the search see it
    assert by_key["R43 9.1"].found == 1
    assert by_key["val = search"].found == 1
    assert "search finds (1, 2)" in by_key["val = search"].counterexamples[0].text
    assert by_key["18.2"].ok


def test_a_planted_wrong_fraction_breaks_18_2() -> None:
    report = check(4, 0, 0, rows=_planted("WEWEWEWE", "5/16"))
    by_key = {c.key: c for c in report.checks}
    (bad,) = by_key["18.2"].counterexamples
    assert bad.deal == "[K J 9 7, A Q 10 8]"
    assert "fractional part 5/16" in bad.text
    assert report.json()["ok"] is False


def test_a_planted_wrong_search_breaks_18_3() -> None:
    """A search that says West takes nothing when he leads next and five when East does:
    refusing then looks better wherever West can beat a lead cheaply."""
    report = check(3, 3, 3, tricks=lambda suits: (0, 5))
    by_key = {c.key: c for c in report.checks}
    assert by_key["18.3"].ok  # by the values: unaffected
    bad = by_key["18.3 search"]
    assert bad.found > 0
    assert bad.counterexamples[0].text.startswith("Conjecture 18.3 search: [")
    assert "East leads" in bad.counterexamples[0].text
    assert by_key["18.3 two suits"].found > 0
    assert " + [" in by_key["18.3 two suits"].counterexamples[0].deal


def test_a_planted_wrong_normal_strategy_is_caught() -> None:
    """Always the lowest card is not the normal strategy: it loses tricks R43 guarantees."""

    def lowest(pattern: str, leader: Player, led: int | None, rules: object) -> int:
        me = leader.value if led is None else leader.other.value
        return pattern.index(me)

    report = check(4, 4, 0, normal=lowest)
    by_key = {c.key: c for c in report.checks}
    assert by_key["R43 normal whist"].found > 0
    assert by_key["R43 normal greedy"].found > 0
    assert by_key["R43 6.1"].ok
    assert by_key["val = search"].ok


def test_the_statements_one_suit_at_a_time() -> None:
    row = next(r for r in suit_rows(2) if r.pattern == "WEEW")  # [A J, K Q]: 1 + ε₁
    assert conjecture_18_1(row) is None
    assert conjecture_18_1(replace(row, value=Value.parse("1+e2"))) == (
        "has value 1 + ε₂: x = ε₂ is not ε_1"
    )
    assert "negative" in str(conjecture_18_1(replace(row, value=Value.parse("-1+e0"))))
    assert conjecture_18_2(replace(row, value=Value.parse("27/8"))) is None  # §18's 3⅜
    assert conjecture_18_2(replace(row, value=Value.parse("15/16"))) is None
    assert conjecture_18_2(replace(row, value=Value.parse("7/16"))) is not None


def test_h_whist_is_what_search_finds_for_the_papers_deals() -> None:
    # [A Q, K J] = 1½: West takes 1 leading, 2 when East leads: H_W = 1
    assert h_whist("EWEW") == 1
    assert h_whist("WEEW") == h_whist("EWWE") == 0  # 1 + ε₁ and 1 − ε₁
    # [A Q 10, K J 9]: West takes 2 whoever leads (H_W = 1); [K J 9, A Q 10]: 1 (H_W = −1)
    assert (h_whist("EW" * 3), h_whist("WE" * 3)) == (1, -1)


def test_two_suit_positions_are_positions() -> None:
    seen = list(two_suit_positions(4))
    assert len(seen) == len(set(seen))
    for suits, leader in seen:
        assert len(suits) == 2
        assert all(suits)
        assert tuple(sorted(suits)) == suits
        assert all(p.count("W") == p.count("E") for p in suits)  # play keeps suits even
        assert isinstance(leader, Player)
    # two suits of a and b cards a hand, a + b ≤ 4, unordered, both leaders
    pairs = sum(
        count_patterns(a) * count_patterns(b)
        if a != b
        else count_patterns(a) * (count_patterns(a) + 1) // 2
        for a in range(1, 4)
        for b in range(a, 5 - a)
    )
    assert len(seen) == 2 * pairs


def test_suit_text_and_bounds() -> None:
    assert suit_text("EWEW") == "[A Q, K J]"
    assert suit_text("EW" * 7) == "[14 12 10 8 6 4 2, 13 11 9 7 5 3 1]"
    with pytest.raises(ValueError, match="exceeds"):
        check(3, 4)


def test_beyond_the_rows_18_1_and_18_2_are_checked_once_a_value_on_every_suit() -> None:
    """With rows_upto, the statements of each suit's own numbers stop there and 18.1, 18.2 go
    on once a value: the same suits counted, and a planted value beyond the rows found, shown
    by its first suit with how many more share it."""
    whole = {c.key: c for c in check(7, 3, 0).checks}
    cut = {c.key: c for c in check(7, 3, 0, rows_upto=5).checks}
    for key in ("18.1", "18.2"):
        assert (cut[key].upto, cut[key].checked, cut[key].found) == (7, whole[key].checked, 0)
    assert cut["R43 8.1"].upto == cut["R43 9.1"].upto == cut["18.3"].upto == 5
    assert cut["R43 8.1"].checked == sum(count_patterns(n) for n in range(1, 6))

    def planted(n: int, **kw: object) -> Iterator[SuitRow]:  # every 3 at n = 7 made 7/16
        for r in suit_rows(n, **kw):  # type: ignore[arg-type]
            yield replace(r, value=Value.parse("7/16")) if n == 7 and r.value == 3 else r

    threes = sum(1 for r in suit_rows(7) if r.value == 3)
    first = next(r.pattern for r in suit_rows(7) if r.value == 3)
    bad = {c.key: c for c in check(7, 0, 0, rows=planted, rows_upto=6).checks}
    assert bad["18.2"].found == threes > 1
    (example,) = bad["18.2"].counterexamples
    assert example.patterns == (first,)
    assert example.detail.endswith(f"(as do {threes - 1:,} more suits of n = 7)")
    assert bad["18.1"].ok
    assert bad["R43 8.1"].ok  # the rows stopped at 6
    with pytest.raises(ValueError, match="between the search's 3 and the table's 7"):
        check(7, 3, 0, rows_upto=2)


def test_value_counts_that_miss_a_suit_are_refused() -> None:
    checks = _checks(3, 0)
    counts = {Value.parse("1"): count_patterns(3) - 1}
    with pytest.raises(ValueError, match="count 19 suits, not 20"):
        check_value_counts(checks, 3, counts, lambda v: "EEEWWW")
