"""Hackenbush strings and its two scoring variants (strange algebra §6.6): the notation, the
theories against exact search, Theorems 6.1–6.3 and the paper's statements about refinements,
each computed by search. Heavier ranges run under ``pytest --exhaustive``."""

from __future__ import annotations

import functools
import itertools
import json
import random
import re
from collections.abc import Callable, Iterable, Iterator
from fractions import Fraction
from functools import cache
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.engine.heaps.games import element, game_parts
from whistgui.engine.errors import ArgumentError, ArgumentTypeError, NotationError
from whistgui.engine.heaps import find_heap_game, heap_game_of, is_heap_game
from whistgui.engine.heaps.dyadic import dyadic_latex, dyadic_pretty, dyadic_text, read_dyadic
from whistgui.engine.heaps.hackenbush import (
    MAX_PILE,
    MAX_PILES,
    HackenbushRules,
    Piles,
    RefinedIntegralHackenbushRules,
    monochromatic,
    random_piles,
    read_piles,
    write_piles,
)
from whistgui.engine.heaps.hackenbush_theory import (
    pile_value,
    pile_with_value,
    rho,
    rho_prime,
    winner,
)
from whistgui.engine.heaps.outcome import outcome_json, result_json
from whistgui.engine.heaps.rules import Flag, Move, Outcome, Player, ResultKind
from whistgui.engine.heaps.search import Search

GAMES = ("hackenbush", "integral-hackenbush", "refined-integral-hackenbush")
QUARTER = Fraction(1, 4)

exhaustive_only = pytest.mark.skipif(
    "not config.getoption('--exhaustive')", reason="heavier: run with --exhaustive"
)


@cache
def rules_of(game: str) -> Any:
    return find_heap_game(game)


@cache
def search_of(game: str) -> Search:
    """One search per game for the whole module: positions recur across the tests."""
    return Search(rules_of(game))


def value(position: Piles) -> Fraction:
    return sum((pile_value(p) for p in position), Fraction(0))


def theory_outcome(game: str, position: Piles) -> Outcome:
    """The registered theory's outcome: the sum of the components' elements, read off."""
    rules, theory, _search = game_parts(game)
    return theory.outcome(element(rules, theory, position), rules.start_flags(position))


def pair(outcome: Outcome) -> tuple[Fraction, Fraction]:
    return outcome.left_first, outcome.right_first


def piles_up_to(length: int) -> list[str]:
    return ["".join(w) for n in range(1, length + 1) for w in itertools.product("BR", repeat=n)]


def positions_up_to(piles: int, length: int) -> Iterator[Piles]:
    """Every position of at most ``piles`` piles of at most ``length`` counters."""
    words = piles_up_to(length)
    for n in range(piles + 1):
        for chosen in itertools.combinations_with_replacement(words, n):
            yield tuple(sorted(chosen))


PILE = st.text(alphabet="BR", min_size=1, max_size=5)
#: The searched range: at most 4 piles of at most 5 counters.
POSITIONS = st.lists(PILE, max_size=4).map(lambda ps: tuple(sorted(ps)))
DYADIC = st.builds(lambda n, k: Fraction(n, 2**k), st.integers(-(10**6), 10**6), st.integers(0, 40))


# --- the notation ------------------------------------------------------------------------------


@given(POSITIONS)
def test_positions_round_trip(position: Piles) -> None:
    rules = HackenbushRules()
    text = rules.text(position)
    assert rules.parse(text) == position
    assert rules.parse(text.lower()) == position
    assert rules.parse(" ".join(reversed(position))) == position  # the sum is commutative


def test_the_empty_position_and_empty_piles() -> None:
    assert read_piles("") == read_piles("0") == read_piles("  0 0 ") == ()
    assert write_piles(()) == "0"
    assert read_piles("RB 0 BBR") == ("BBR", "RB")


@pytest.mark.parametrize(
    ("text", "bad"),
    [("BBR R-B", "'-'"), ("B X", "'X'"), ("3 4 6", "'3'"), ("BR,RB", "','"), ("BÅ", "'Å'")],
)
def test_bad_positions_are_quoted(text: str, bad: str) -> None:
    with pytest.raises(NotationError) as info:
        read_piles(text)
    message = str(info.value)
    assert repr(text) in message
    assert f"holds {bad}" in message
    assert "expected words of B and R, one per pile, read from the bottom, such as 'BBR RB'" in (
        message
    )


def test_positions_are_bounded() -> None:
    assert read_piles("B" * MAX_PILE) == ("B" * MAX_PILE,)
    with pytest.raises(NotationError, match=f"has {MAX_PILE + 1} counters; expected at most"):
        read_piles("BR " + "B" * (MAX_PILE + 1))
    assert len(read_piles(" ".join(["R"] * MAX_PILES))) == MAX_PILES
    with pytest.raises(NotationError, match=f"has {MAX_PILES + 1} piles; expected at most"):
        read_piles(" ".join(["R"] * (MAX_PILES + 1)))
    with pytest.raises(NotationError, match="characters long"):
        read_piles("B" * 10**7)  # refused before it is split or scanned
    with pytest.raises(ArgumentTypeError, match="position must be"):
        read_piles(None)  # type: ignore[arg-type]


def test_the_registry() -> None:
    for game in GAMES:
        rules = find_heap_game(game.upper())
        assert rules.name == game
        assert heap_game_of(rules).name == game
        assert "such as 'BBR RB'" in heap_game_of(rules).notation
        assert is_heap_game(game)
        with pytest.raises(NotationError, match=f"the game {game} takes no parameter"):
            find_heap_game(f"{game}:3")
    assert [rules_of(g).result_kind for g in GAMES] == [
        ResultKind.WIN,
        ResultKind.INTEGER,
        ResultKind.FRACTION,
    ]
    assert not any(rules_of(g).impartial for g in GAMES)


def test_random_piles() -> None:
    rng = random.Random(26)
    drawn = [read_piles(random_piles(rng)) for _ in range(2000)]
    assert all(len(p) <= 4 and all(1 <= len(pile) <= 5 for pile in p) for p in drawn)
    assert () in drawn
    assert {len(p) for p in drawn} == {0, 1, 2, 3, 4}
    assert {len(pile) for p in drawn for pile in p} == {1, 2, 3, 4, 5}
    assert {random_piles(random.Random(7), 2, 3) for _ in range(3)} == {
        random_piles(random.Random(7), 2, 3)
    }
    with pytest.raises(ArgumentError, match="max_piles"):
        random_piles(rng, MAX_PILES + 1)
    with pytest.raises(ArgumentTypeError, match="rng"):
        random_piles(3)  # type: ignore[arg-type]


def test_moves_cut_a_counter_of_the_movers_colour_and_all_above() -> None:
    rules = HackenbushRules()
    p = rules.parse("BRB BRB RRB")
    blue = {rules.text(m.position) for m in rules.options(p, None, Player.LEFT)}
    red = {rules.text(m.position) for m in rules.options(p, None, Player.RIGHT)}
    # a pile standing twice is cut once; the cut leaves what is below
    assert blue == {"BRB RRB", "BR BRB RRB", "BRB BRB RR"}
    assert red == {"B BRB RRB", "BRB BRB", "BRB BRB R"}


# --- Z(2) in text ----------------------------------------------------------------------------


@given(DYADIC)
def test_elements_round_trip(x: Fraction) -> None:
    assert read_dyadic(dyadic_text(x)) == x
    assert read_dyadic(dyadic_pretty(x)) == x
    assert dyadic_text(x) == str(x)  # lowest terms, as the CLI's JSON writes fractions


def test_element_forms() -> None:
    forms = [
        (dyadic_text(x), dyadic_pretty(x), dyadic_latex(x))
        for x in map(Fraction, ["5/4", "-3/4", "2", "0"])
    ]
    assert forms == [
        ("5/4", "1¼", r"1\frac{1}{4}"),
        ("-3/4", "−¾", r"-\frac{3}{4}"),
        ("2", "2", "2"),
        ("0", "0", "0"),
    ]


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("1/3", "is not in Z(2): its denominator 3"),
        ("2/6", "is not in Z(2): its denominator 3"),
        ("1/0", "is not a number"),
        ("1 5/4", "is not a number"),
        ("x", "is not a number"),
        ("", "is not a number"),
        ("1e9", "is not a number"),
        ("9" * 300, "is too long"),
    ],
)
def test_bad_elements_are_quoted(text: str, says: str) -> None:
    theory = game_parts("hackenbush")[1]
    with pytest.raises(NotationError, match=re.escape(says)) as info:
        theory.parse(text)
    assert repr(text)[:30] in str(info.value)


def test_the_theory_refuses_what_is_not_a_pile() -> None:
    theory = game_parts("hackenbush")[1]
    for bad in ("BR", ("BX",), ("B", "R"), (3,)):
        with pytest.raises(ArgumentTypeError, match="component must be one pile"):
            theory.element(bad)


# --- the theories equal search -----------------------------------------------------------------


@pytest.mark.parametrize("game", GAMES)
@settings(max_examples=1000, deadline=None)
@given(position=POSITIONS)
def test_theory_equals_search(game: str, position: Piles) -> None:
    assert theory_outcome(game, position) == search_of(game).outcome(position), (
        f"{game} {write_piles(position)}: value {value(position)}"
    )


def positions_with_elements(
    piles: int, length: int, theory: Any
) -> Iterator[tuple[Piles, Fraction]]:
    """The positions of :func:`positions_up_to`, each with its element in ``theory``: the sum
    of its piles' elements, each position's made from its own less its last pile (one addition
    a position, not one a pile)."""
    words = sorted(piles_up_to(length))  # so that a position is its piles in the order taken
    elements = [theory.element((w,)) for w in words]

    def extend(start: int, position: Piles, e: Fraction, more: int) -> Iterator[Any]:
        yield position, e
        if more:
            for i in range(start, len(words)):
                yield from extend(i, (*position, words[i]), theory.add(e, elements[i]), more - 1)

    return extend(0, (), theory.zero(), piles)


@pytest.mark.parametrize("game", GAMES)
def test_theory_equals_search_on_every_small_position(game: str, exhaustive: bool) -> None:
    """Every position of at most 3 piles of at most 4 counters (5,456 positions; with
    ``--exhaustive`` at most 4 piles of at most 5: 720,720): the theory's outcome of its
    element, the sum of its piles', equals search's."""
    piles, length = (4, 5) if exhaustive else (3, 4)
    rules, theory, _search = game_parts(game)
    search = Search(rules)
    outcome_of = functools.cache(theory.outcome)  # the theory's outcome of an element and flags
    count = 0
    for position, e in positions_with_elements(piles, length, theory):
        outcome = outcome_of(e, tuple(rules.start_flags(position)))
        assert outcome == search.outcome(position), write_piles(position)
        count += 1
    assert count == (720_720 if exhaustive else 5_456)


def test_positions_with_elements_are_every_position_with_its_element() -> None:
    """The enumeration above: each position of positions_up_to once, with the element the
    theory gives it pile by pile (theory_outcome's)."""
    rules, theory, _search = game_parts("hackenbush")
    got = dict(positions_with_elements(3, 3, theory))
    assert sorted(got) == sorted(positions_up_to(3, 3))
    assert len(got) == 680
    assert all(e == element(rules, theory, p) for p, e in got.items())


@pytest.mark.parametrize("game", GAMES)
@settings(max_examples=300, deadline=None)
@given(x=POSITIONS, y=st.lists(PILE, max_size=2).map(lambda ps: tuple(sorted(ps))))
def test_a_position_is_equivalent_to_the_pile_of_its_value(game: str, x: Piles, y: Piles) -> None:
    """§6.6: each position is equivalent to one pile — in every sum, and in each game."""
    pile = pile_with_value(value(x))
    search = search_of(game)
    rules = rules_of(game)
    assert search.outcome(rules.join(x, y)) == search.outcome(rules.join((pile,), y) if pile else y)


def test_every_pile_has_its_own_value() -> None:
    """§6.6: each number of Z(2) is the value of exactly one pile (piles of up to 12)."""
    words = piles_up_to(12)
    values = {pile_value(p): p for p in words}
    assert len(values) == len(words)
    assert all(pile_with_value(v) == p for v, p in values.items())


@given(DYADIC)
def test_pile_with_value_round_trips(x: Fraction) -> None:
    y = abs(x)
    length = -(-y.numerator // y.denominator) + y.denominator.bit_length() - 1
    if length > MAX_PILE:
        with pytest.raises(ArgumentError, match=f"needs a pile of {length:,} counters"):
            pile_with_value(x)
        return
    pile = pile_with_value(x)
    assert pile_value(pile) == x
    assert len(pile) == length


# --- Theorem 6.1 ------------------------------------------------------------------------------


def test_theorem_6_1_piles() -> None:
    """Theorem 6.1 for every pile of up to 10 counters: a blue pile's value is an integer, Red
    has no option and Blue can decrease it by 1 (and the converse for red); a bichromatic pile's
    value is a/2ᵏ, a odd and k ≥ 1, and Blue has an option decreasing it by 1/2ᵏ, Red one
    increasing it by 1/2ᵏ — each by removing the topmost counter of one's own colour."""
    rules = HackenbushRules()
    for pile in piles_up_to(10):
        v = pile_value(pile)
        options = {
            mover: [
                pile_value(m.position[0] if m.position else "")
                for m in rules.options((pile,), None, mover)
            ]
            for mover in Player
        }
        top = {c: pile[: pile.rindex(c)] if c in pile else None for c in "BR"}
        if set(pile) == {"B"}:
            assert v == len(pile)
            assert options[Player.RIGHT] == []
            assert v - 1 in options[Player.LEFT]
            assert pile_value(top["B"] or "") == v - 1
        elif set(pile) == {"R"}:
            assert v == -len(pile)
            assert options[Player.LEFT] == []
            assert v + 1 in options[Player.RIGHT]
            assert pile_value(top["R"] or "") == v + 1
        else:
            k = v.denominator.bit_length() - 1
            assert v.denominator == 2**k
            assert k >= 1
            assert v.numerator % 2 == 1
            step = Fraction(1, 2**k)
            assert v - step in options[Player.LEFT]
            assert v + step in options[Player.RIGHT]
            assert pile_value(top["B"] or "") == v - step
            assert pile_value(top["R"] or "") == v + step


@settings(max_examples=1000, deadline=None)
@given(POSITIONS)
def test_theorem_6_1_consequences(position: Piles) -> None:
    """(i) from a position of value ≥ 0 every move of Red leaves a positive value; (ii) from a
    positive one Blue has a move leaving a value ≥ 0; hence, by search: positive, Blue wins;
    negative, Red wins; zero, the player not to move wins."""
    rules = HackenbushRules()
    v = value(position)
    after = {
        mover: [value(m.position) for m in rules.options(position, None, mover)] for mover in Player
    }
    if v >= 0:
        assert all(w > 0 for w in after[Player.RIGHT])
    if v > 0:
        assert any(w >= 0 for w in after[Player.LEFT])
    blue_first, red_first = pair(search_of("hackenbush").outcome(position))
    if v > 0:
        assert (blue_first, red_first) == (1, 1)
    elif v < 0:
        assert (blue_first, red_first) == (-1, -1)
    else:
        assert (blue_first, red_first) == (-1, 1)


# --- Theorems 6.2 and 6.3: the roundings and their conventions, found by search ----------------


class _Reading(HackenbushRules):
    """Integral or refined integral hackenbush under another reading of the rules, for the
    search to tell which reading the theorems hold under: when the game stops (``stops``), and
    what the player to move pays in a position monochromatic from the start (``at_start``:
    None for the same quarter as later, else the amount)."""

    def __init__(
        self,
        stops: Callable[[Piles], bool],
        bonus: bool,
        at_start: Fraction | None = None,
    ) -> None:
        self.stops, self.bonus, self.at_start = stops, bonus, at_start
        self.name = "a reading"
        self.result_kind = ResultKind.FRACTION  # a payment, not a win

    def start_flags(self, position: Piles) -> Iterable[tuple[str, Flag]]:
        return (("", "start"),)

    def options(self, position: Piles, flag: Flag, mover: Player) -> Iterator[Move]:
        for m in super().options(position, flag, mover):
            yield Move(m.label, m.position, None)

    def end(self, position: Piles, flag: Flag, mover: Player, stuck: bool) -> Fraction | None:
        if not self.stops(position):
            return None
        paid = QUARTER if self.at_start is None or flag != "start" else self.at_start
        return value(position) - (mover.sign * paid if self.bonus else 0)


def _all_one_colour(position: Piles) -> bool:
    return len(set("".join(position))) <= 1


def _mismatches(
    rules: Any, predict: Callable[[Fraction], tuple[Any, Any]], positions: Iterable[Piles]
) -> list[Piles]:
    search = Search(rules)
    return [
        p for p in positions if tuple(map(Fraction, predict(value(p)))) != pair(search.outcome(p))
    ]


SMALL = list(positions_up_to(3, 3))  # 680 positions


def test_theorem_6_2() -> None:
    """Theorem 6.2, by search: integral hackenbush's outcome is the value rounded to the nearest
    integer, half an odd integer in favour of the player not to move (floor with Blue to move,
    ceiling with Red to move). The other tie rule fails on every half-odd value."""
    search = search_of("integral-hackenbush")
    halves = 0
    for p in SMALL:
        v = value(p)
        blue, red = pair(search.outcome(p))
        assert (blue, red) == rho(v), write_piles(p)
        if v.denominator == 2:
            halves += 1
            assert (blue, red) == (v - Fraction(1, 2), v + Fraction(1, 2))  # not the mover's way
    assert halves > 50


def test_theorem_6_2_needs_the_piles_monochromatic() -> None:
    """Stopped only when all counters are of one colour, integral hackenbush's outcome is no
    function of the value: search finds two positions of one value with different outcomes
    (such as 'B R', where whoever moves must give up a counter, and the empty position)."""
    literal = Search(_Reading(_all_one_colour, bonus=False))
    seen: dict[Fraction, tuple[Piles, tuple[Fraction, Fraction]]] = {}
    witnesses = []
    for p in SMALL:
        out = pair(literal.outcome(p))
        first = seen.setdefault(value(p), (p, out))
        if first[1] != out:
            witnesses.append((first[0], p))
    assert witnesses
    assert ((), ("B", "R")) in witnesses
    assert _mismatches(_Reading(monochromatic, bonus=False), rho, SMALL) == []


def test_theorem_6_3() -> None:
    """Theorem 6.3, by search: refined integral hackenbush's outcome is the value rounded to the
    nearest number whose smallest denominator is 4; a multiple of ½, midway between two, goes
    against the player to move (v − ¼ with Blue to move, v + ¼ with Red to move), as whist's ρ′."""
    search = search_of("refined-integral-hackenbush")
    ties = 0
    for p in SMALL:
        v = value(p)
        blue, red = pair(search.outcome(p))
        assert (blue, red) == rho_prime(v), write_piles(p)
        assert blue.denominator == red.denominator == 4
        assert abs(blue - v) <= QUARTER
        assert abs(red - v) <= QUARTER
        if (2 * v).denominator == 1:
            ties += 1
            assert (blue, red) == (v - QUARTER, v + QUARTER)
    assert ties > 50


def test_theorem_6_3_needs_the_mover_to_pay_the_quarter_at_the_start() -> None:
    """Which player gets the quarter in a position monochromatic from the start (no last move
    was made)? Search: with the player to move paying it (refined whist's zero state,
    (−¼, ¼)) Theorem 6.3 holds; with no quarter, or the player to move receiving it, it fails
    — on the monochromatic positions, and only there."""
    assert _mismatches(_Reading(monochromatic, bonus=True), rho_prime, SMALL) == []
    for at_start in (Fraction(0), -QUARTER):
        wrong = _mismatches(
            _Reading(monochromatic, bonus=True, at_start=at_start), rho_prime, SMALL
        )
        assert () in wrong
        assert wrong == [p for p in SMALL if monochromatic(p)]
    # the production rules are the first reading
    assert _mismatches(RefinedIntegralHackenbushRules(), rho_prime, SMALL) == []
    assert pair(search_of("refined-integral-hackenbush").outcome(())) == (-QUARTER, QUARTER)


def test_the_roundings() -> None:
    """ρ and ρ′ round to the nearest integer / odd multiple of ¼, ties against the mover; the
    winner is the sign, zero lost by the mover."""
    for v in (Fraction(n, 16) for n in range(-80, 81)):
        blue, red = rho(v)
        assert abs(blue - v) <= Fraction(1, 2)
        assert abs(red - v) <= Fraction(1, 2)
        assert blue == red or (blue, red) == (v - Fraction(1, 2), v + Fraction(1, 2))
        qb, qr = rho_prime(v)
        assert abs(qb - v) <= QUARTER
        assert abs(qr - v) <= QUARTER
        assert (4 * qb).denominator == 1
        assert (4 * qb) % 2 == 1
        assert (4 * qr) % 2 == 1
        w = winner(v)
        assert w == ((1, 1) if v > 0 else (-1, -1) if v < 0 else (-1, 1))


# --- refinements (§5.1) -----------------------------------------------------------------------


@settings(max_examples=1000, deadline=None)
@given(POSITIONS)
def test_optimal_play_in_refined_is_optimal_in_both(position: Piles) -> None:
    """§6.6: every move optimal in refined integral hackenbush is optimal in hackenbush and in
    integral hackenbush (from every position where the refined game goes on)."""
    if monochromatic(position):
        return
    searches = [
        search_of(g) for g in ("refined-integral-hackenbush", "hackenbush", "integral-hackenbush")
    ]
    rules = HackenbushRules()
    for mover in Player:
        moves = [m.position for m in rules.options(position, None, mover)]
        best = []
        for s in searches:
            results = [s.result(q, None, mover.other) for q in moves]
            top = max(results) if mover is Player.LEFT else min(results)
            best.append({q for q, r in zip(moves, results, strict=True) if r == top})
        assert best[0] <= best[1] & best[2], f"{write_piles(position)}, {mover.name} to move"


def _refines(finer: dict[Piles, Any], coarser: dict[Piles, Any]) -> list[tuple[Piles, Piles]]:
    """Pairs of positions with one outcome in ``finer`` and two in ``coarser``: witnesses that
    ``finer`` is not a refinement of ``coarser`` (§5.1)."""
    first: dict[Any, Piles] = {}
    return [
        (first[finer[p]], p) for p in finer if coarser[first.setdefault(finer[p], p)] != coarser[p]
    ]


def test_refinements() -> None:
    """§5.1, §6.6: refined integral hackenbush is a refinement of both hackenbush and integral
    hackenbush; neither of those is a refinement of the other (witnesses found by search)."""
    outcomes = {g: {p: search_of(g).outcome(p) for p in SMALL} for g in GAMES}
    plain, integral, refined = (outcomes[g] for g in GAMES)
    assert _refines(refined, plain) == []
    assert _refines(refined, integral) == []
    not_finer = _refines(plain, integral)
    not_coarser = _refines(integral, plain)
    assert not_finer
    assert not_coarser
    a, b = not_finer[0]
    assert plain[a] == plain[b]
    assert integral[a] != integral[b]
    a, b = not_coarser[0]
    assert integral[a] == integral[b]
    assert plain[a] != plain[b]


# --- the outcome in JSON ----------------------------------------------------------------------


def test_outcomes_in_json() -> None:
    p = read_piles("BBR RB BR")  # value 1½
    shapes = [outcome_json(search_of(g).outcome(p), rules_of(g).result_kind) for g in GAMES]
    assert shapes == [
        {"blue_first": "B", "red_first": "B"},
        {"blue_first": 1, "red_first": 2},
        {"blue_first": "5/4", "red_first": "7/4"},
    ]
    assert json.loads(json.dumps(shapes)) == shapes
    zero = outcome_json(search_of("refined-integral-hackenbush").outcome(()), ResultKind.FRACTION)
    assert zero == {"blue_first": "-1/4", "red_first": "1/4"}
    assert outcome_json(search_of("hackenbush").outcome(read_piles("B R")), ResultKind.WIN) == {
        "blue_first": "R",
        "red_first": "B",
    }


def test_outcome_json_for_impartial_games_and_flags() -> None:
    nim = find_heap_game("nim")
    s = Search(nim)
    assert outcome_json(s.outcome(nim.parse("1 2 3")), nim.result_kind, impartial=True) == "P"
    assert outcome_json(s.outcome(nim.parse("1 2 4")), nim.result_kind, impartial=True) == "N"
    two = Outcome({"a": (Fraction(2), Fraction(3)), "b": (Fraction(-1, 2), Fraction(0))})
    assert outcome_json(two, ResultKind.FRACTION, flag="b") == {
        "blue_first": "-1/2",
        "red_first": "0",
    }
    with pytest.raises(ArgumentError, match="flag 'c' is not one of the outcome's: 'a', 'b'"):
        outcome_json(two, ResultKind.FRACTION, flag="c")
    with pytest.raises(ArgumentError, match="not an integer payment"):
        outcome_json(two, ResultKind.INTEGER, flag="b")
    with pytest.raises(ArgumentError, match="not a win"):
        result_json(Fraction(2), ResultKind.WIN)
    with pytest.raises(ArgumentError, match="impartial game's results are wins"):
        outcome_json(two, ResultKind.FRACTION, impartial=True, flag="a")
    with pytest.raises(ArgumentTypeError, match="outcome must be"):
        outcome_json({"": (1, 1)}, ResultKind.WIN)  # type: ignore[arg-type]


def test_describe_and_latex() -> None:
    games = {g: game_parts(g)[1] for g in GAMES}
    half = Fraction(-1, 2)
    assert games["hackenbush"].describe(half) == "value −½ < 0: Red wins, whoever moves first"
    assert games["hackenbush"].describe(Fraction(0)) == "value 0: the player not to move wins"
    assert (
        games["integral-hackenbush"]
        .describe(half)
        .startswith("value −½: the payment to Blue is −1 with Blue to move, 0 with Red to move")
    )
    assert (
        games["refined-integral-hackenbush"]
        .describe(Fraction(1, 8))
        .startswith("value ⅛: the payment to Blue is ¼, whoever moves first")
    )
    assert games["integral-hackenbush"].latex(Fraction(33, 16)) == r"2\frac{1}{16}"
