"""Octal games by their code: the moves each digit allows, the code read strictly, and under
normal play Sprague–Grundy theory (Grundy values by mex, nim-summed) against exact search on
random codes and positions."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from whistgui.engine.errors import ArgumentError, ArgumentTypeError, NotationError
from whistgui.engine.heaps import find_heap_game, heap_game_of
from whistgui.engine.heaps.nim import NimRules
from whistgui.engine.heaps.octal import OctalRules, OctalTheory, read_octal_code
from whistgui.engine.heaps.rules import Outcome, Player
from whistgui.engine.heaps.search import Search

#: Codes of several kinds: Kayles, Dawson's Kayles, 0.123 (Plambeck's example), a subtraction
#: game, splitting without taking (4.07), a code whose heap of 1 cannot move (0.6), nim with
#: heaps of at most four (0.3333), Grundy's-like 0.17 and one with a long code.
CODES = ("0.77", "0.07", "0.123", "0.33", "4.07", "0.6", "0.3333", "0.17", "0.1337", "0.0142")

_SEARCHES: dict[str, Search] = {}


def _search(rules: OctalRules) -> Search:
    s = _SEARCHES.get(rules.name)
    if s is None:
        s = _SEARCHES[rules.name] = Search(rules)
    return s


@st.composite
def coded_positions(
    draw: st.DrawFn, max_heap: int = 9, max_heaps: int = 4
) -> tuple[str, tuple[int, ...]]:
    code = draw(st.sampled_from(CODES))
    heaps = draw(st.lists(st.integers(1, max_heap), max_size=max_heaps))
    return code, tuple(sorted(heaps))


@settings(max_examples=300)
@given(coded_positions())
def test_grundy_theory_equals_search(case: tuple[str, tuple[int, ...]]) -> None:
    """The theory's outcome (nim-sum of the heaps' Grundy values, P when 0) is the search's."""
    code, position = case
    rules = find_heap_game(f"octal:{code}")
    assert isinstance(rules, OctalRules)
    theory = heap_game_of(rules).theory
    assert theory is not None
    t = theory(rules)
    e = t.zero()
    for c in rules.components(position):
        e = t.add(e, t.element(c))
    flags = list(rules.start_flags(position))
    assert t.outcome(e, flags) == _search(rules).outcome(position), (code, position, e)


@settings(max_examples=100)
@given(coded_positions(max_heaps=3))
def test_element_of_a_sum_is_the_nim_sum_and_prints_back(case: tuple[str, tuple[int, ...]]) -> None:
    code, position = case
    rules = OctalRules(code)
    t = OctalTheory(rules)
    elements = [t.element(c) for c in rules.components(position)]
    total = t.zero()
    for x in elements:
        total = t.add(total, x)
    expected = 0
    for h in position:
        expected ^= rules.grundy(h)
    assert total == expected
    assert t.parse(t.text(total)) == total
    assert t.parse(t.pretty(total)) == total
    assert ("the next player wins" in t.describe(total)) == bool(total)


@pytest.mark.parametrize("code", CODES)
def test_each_option_is_a_move_the_code_allows(code: str) -> None:
    """Every option of a heap takes k counters that the digit dₖ allows leaving as many heaps
    as it leaves; and every shape a digit allows is there (heaps up to 12)."""
    rules = OctalRules(code)
    d = read_octal_code(code)
    for n in range(1, 13):
        got = set(rules.heap_options(n))
        allowed = set()
        for k, digit in enumerate(d):
            r = n - k
            if r < 0:
                continue
            for parts in range(3):
                if not digit & (1 << parts) or (k == 0 and parts < 2):
                    continue
                if parts == 0 and r == 0:
                    allowed.add(())
                elif parts == 1 and r > 0:
                    allowed.add((r,))
                elif parts == 2:
                    allowed.update(tuple(sorted((a, r - a))) for a in range(1, r))
        assert got == allowed, (code, n)
        for left in got:
            assert sum(left) < n or (d[0] == 4 and sum(left) == n and len(left) == 2)


def test_nim_with_small_heaps_is_the_octal_game_of_threes() -> None:
    """0.333 (three digits) is nim on heaps of at most 3: the same outcome on every position
    with three heaps of at most 3 — nim's own rules searched, not typed."""
    octal, nim = OctalRules("0.333"), NimRules()
    s_octal, s_nim = Search(octal), Search(nim)
    for a in range(4):
        for b in range(a, 4):
            for c in range(b, 4):
                p = tuple(h for h in (a, b, c) if h)
                assert s_octal.outcome(p) == s_nim.outcome(p)


def test_misere_play_reverses_the_end() -> None:
    """Under misère play the player unable to move wins; a lone heap of one counter in
    Kayles is then P (the mover must take it), under normal play N."""
    normal, misere = OctalRules("0.77"), OctalRules("0.77", misere=True)
    assert normal.end((), None, Player.LEFT, True) == -1
    assert misere.end((), None, Player.LEFT, True) == 1
    assert misere.end((3,), None, Player.LEFT, False) is None
    assert Search(normal).verdict((1,)) == "N"
    assert Search(misere).verdict((1,)) == "P"
    assert Search(misere).outcome((1,)) == Outcome({"": (Fraction(-1), Fraction(1))})


def test_names_and_registry() -> None:
    r = find_heap_game("Misère-Octal:0.770")
    assert r.name == "misere-octal:0.77"
    assert isinstance(r, OctalRules)
    assert r.misere
    assert heap_game_of(r).theory is None
    n = find_heap_game("octal:4.07")
    assert n.name == "octal:4.07"
    assert heap_game_of(n).theory is not None
    assert r.text(r.parse("5 1 3")) == "1 3 5"
    with pytest.raises(ArgumentTypeError, match="misère"):
        OctalTheory(OctalRules("0.77", misere=True))


@pytest.mark.parametrize(
    ("name", "says"),
    [
        ("octal", "needs an octal code"),
        ("octal:", "has no code"),
        ("octal:77", "is not an octal code"),
        ("octal:0.8", "'8' is not an octal digit"),
        ("octal:0.7a", "'a' is not an octal digit"),
        ("octal:0.", "no digit after the point"),
        ("octal:.77", "is not an octal code"),
        ("octal:1.7", "the digit before the point is 1"),
        ("octal:0.٧", "is not an octal digit"),
        ("misere-octal:0." + "7" * 40, "at most 32"),
        ("octal:0.7.7", "is not an octal digit"),
    ],
)
def test_bad_codes_are_refused_quoted(name: str, says: str) -> None:
    with pytest.raises(NotationError, match=r"expected|needs") as err:
        find_heap_game(name)
    assert says in str(err.value)
    assert repr(name.split(":")[0])[1:-1] in str(err.value)


def test_bad_arguments_through_the_api() -> None:
    rules = OctalRules("0.77")
    with pytest.raises(ArgumentTypeError):
        OctalRules(77)  # type: ignore[arg-type]
    with pytest.raises(ArgumentTypeError):
        rules.heap_options("3")  # type: ignore[arg-type]
    with pytest.raises(ArgumentError):
        rules.grundy(10**6)
    with pytest.raises(ArgumentTypeError):
        OctalTheory(rules).element(3)
