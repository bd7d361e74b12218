"""The value semigroup (§8–9): algebra laws, the partial order, simplicity, rounding, text."""

from __future__ import annotations

import math
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.engine.strategies import all_infinitesimals, infinitesimals, values
from whistgui.engine import (
    EPS0,
    FUZZY,
    NEG_EPS0,
    ZERO,
    ArgumentError,
    Infinitesimal,
    LabeledValue,
    NotationError,
    Outcome,
    Player,
    Value,
    WhistError,
    eps,
    rho,
    rho_prime,
)
from whistgui.engine.games.whist.infinitesimal import MAX_INDEX

# --------------------------------------------------------------------------- infinitesimals


@pytest.mark.parametrize(
    ("a", "b", "total"),
    [
        (EPS0, EPS0, EPS0),
        (NEG_EPS0, NEG_EPS0, NEG_EPS0),
        (EPS0, NEG_EPS0, FUZZY),
        (FUZZY, EPS0, FUZZY),
        (FUZZY, FUZZY, FUZZY),
        (eps(1), NEG_EPS0, eps(1)),
        (eps(2), eps(-1), eps(1)),
        (eps(1), eps(-1), FUZZY),
        (eps(-3), EPS0, eps(-3)),
        (ZERO, eps(-2), eps(-2)),
        (ZERO, FUZZY, FUZZY),
    ],
)
def test_infinitesimal_addition_table(a: Infinitesimal, b: Infinitesimal, total: Infinitesimal):
    assert a + b == total
    assert b + a == total


def test_infinitesimal_chain_order():
    chain = [eps(-3), eps(-2), eps(-1), NEG_EPS0, ZERO, EPS0, eps(1), eps(2), eps(3)]
    for i, x in enumerate(chain):
        for j, y in enumerate(chain):
            assert (x < y) == (i < j)
            assert (x == y) == (i == j)


def test_fuzzy_sits_between_minus_and_plus_eps0_incomparable_with_zero():
    assert NEG_EPS0 < FUZZY < EPS0
    assert FUZZY.compare(ZERO) is None
    assert ZERO.compare(FUZZY) is None
    assert not FUZZY <= ZERO
    assert not FUZZY >= ZERO
    assert FUZZY != ZERO
    for k in range(1, 5):
        assert eps(-k) < FUZZY < eps(k)


@given(infinitesimals, infinitesimals, infinitesimals)
def test_infinitesimal_semigroup_laws(a, b, c):
    assert (a + b) + c == a + (b + c)
    assert a + b == b + a
    assert -(a + b) == (-a) + (-b)
    assert a.__neg__().__neg__() == a


# --------------------------------------------------------------------------- values


@given(values(), values(), values())
def test_value_addition_is_associative_and_commutative(a, b, c):
    assert (a + b) + c == a + (b + c)
    assert a + b == b + a
    assert a + 0 == a


@given(values(), values())
def test_negation_is_an_automorphism(a, b):
    assert -(a + b) == (-a) + (-b)
    assert a.__neg__().__neg__() == a


@given(values(), values())
def test_order_is_reversed_by_negation(a, b):
    assert (a <= b) == (-b <= -a)
    assert (a < b) == (-b < -a)


@given(values(), values(), values())
def test_order_is_compatible_with_addition(a, b, c):
    if a <= b:
        assert a + c <= b + c


@given(values(), values(), values())
def test_order_is_transitive_and_antisymmetric(a, b, c):
    if a <= b and b <= c:
        assert a <= c
    if a <= b and b <= a:
        assert a == b


def _le(o1: Outcome, o2: Outcome) -> bool:
    return o1.west_lead <= o2.west_lead and o1.east_lead <= o2.east_lead


def _witnesses(a: Value, b: Value) -> list[Value]:
    """Candidate γ for Lemma 14.4: shifts bringing either numerical part to a tie point."""
    shifts = {Fraction(1, 2) - a.number, Fraction(1, 2) - b.number}
    shifts |= {Fraction(1, 2) - (a.number + b.number) / 2}
    return [Value(s, x) for s in shifts for x in all_infinitesimals(8)]


@given(values(), values())
def test_order_is_characterised_by_rounding(a, b):
    """α ≤ β iff ρ(α + γ) ≤ ρ(β + γ) for every γ (§9): one direction on sample γ's, the other
    by finding the γ of Lemma 14.4 that separates them."""
    gammas = _witnesses(a, b)
    if a <= b:
        assert all(_le(rho(a + g), rho(b + g)) for g in gammas)
    else:
        assert any(not _le(rho(a + g), rho(b + g)) for g in gammas)


@given(values(), values())
def test_distinct_values_are_told_apart_by_rounding(a, b):
    """Lemma 14.3: distinct values differ in ρ(· + z) for some z (and so for ρ′)."""
    if a != b:
        gammas = _witnesses(a, b)
        assert any(rho(a + g) != rho(b + g) for g in gammas)
        assert any(rho_prime(a + g) != rho_prime(b + g) for g in gammas)


def test_non_dyadic_numbers_are_refused():
    with pytest.raises(NotationError, match="dyadic"):
        Value(Fraction(1, 3))
    with pytest.raises(NotationError, match="1/3"):
        Value.parse("1/3")


# --------------------------------------------------------------------------- simplicity


@pytest.mark.parametrize(
    ("text", "complexity"),
    [
        ("0", "0"),
        ("7/2", "0"),
        ("-3", "0"),
        ("5/4", "1"),
        ("3/8", "2"),
        ("33/16", "3"),
        ("e0", "ω"),
        ("1-e0", "ω"),
        ("2+e2", "ω+2"),
        ("3-e2", "ω+2"),
        ("21/2+-e0", "ω+ω"),
    ],
)
def test_complexity_classes(text: str, complexity: str):
    assert str(Value.parse(text).complexity) == complexity


@pytest.mark.parametrize(
    ("text", "words"),
    [
        (
            "-3",
            "a multiple of ½, what R44 calls a half-integer",
        ),  # an integer: "a half-integer" alone misled (review of issue 28)
        ("3/2", "a multiple of ½, what R44 calls a half-integer"),
        ("5/4", "a number of least denominator 4"),
        ("33/16", "a number of least denominator 16"),
        ("1-e0", "an unprotected exit"),
        ("2+e1", "an exit protected by 1 stopper"),
        ("3-e2", "an exit protected by 2 stoppers"),
        ("21/2+-e0", "exits for both sides"),
    ],
)
def test_complexity_classes_in_words(text: str, words: str):
    """What a class counts, as §8.1.2 and §8.3 say it (ε_k: an exit with k stoppers)."""
    assert Value.parse(text).complexity.words == words


def test_complexity_order_numbers_before_infinitesimals_before_fuzzy():
    order = ["1/2", "1/4", "1/8", "e0", "e1", "e5", "+-e0"]
    cs = [Value.parse(t).complexity for t in order]
    assert cs == sorted(cs)
    assert len(set(cs)) == len(cs)


# --------------------------------------------------------------------------- labeled values


def test_labeled_value_order():
    w1, e1 = LabeledValue(Player.WEST, Value(1)), LabeledValue(Player.EAST, Value(1))
    assert e1 > w1  # numbers: having the lead is not wanted
    we, ee = (LabeledValue(p, Value.parse("1+e1")) for p in (Player.WEST, Player.EAST))
    assert we > ee  # non-numbers: the lead is an advantage
    assert LabeledValue(Player.EAST, Value(2)) > we  # value first
    fz = LabeledValue(Player.WEST, Value.parse("+-e0"))
    assert fz.compare(LabeledValue(Player.WEST, Value(0))) is None


# --------------------------------------------------------------------------- rounding


@pytest.mark.parametrize(
    ("text", "outcome"),
    [
        ("0", (0, 0)),
        ("3/8", (0, 0)),
        ("1/2", (0, 1)),
        ("1/2+-e0", (1, 0)),
        ("1/2+e0", (1, 1)),
        ("1/2-e3", (0, 0)),
        ("1/2+e3", (1, 1)),
        ("11/2", (5, 6)),
        ("21/2+-e0", (11, 10)),
        ("17/2+e2", (9, 9)),
        ("-1/2", (-1, 0)),
        ("5/2-e0", (2, 2)),
        ("e0", (0, 0)),
    ],
)
def test_rho(text: str, outcome: tuple[int, int]):
    assert rho(Value.parse(text)) == outcome


@pytest.mark.parametrize(
    ("text", "outcome"),
    [
        ("0", ("-1/4", "1/4")),
        ("1/2", ("1/4", "3/4")),
        ("1", ("3/4", "5/4")),
        ("1+e0", ("5/4", "5/4")),
        ("1-e1", ("3/4", "3/4")),
        ("1+-e0", ("5/4", "3/4")),
        ("5/4", ("5/4", "5/4")),
        ("9/8", ("5/4", "5/4")),
        ("7/8", ("3/4", "3/4")),
    ],
)
def test_rho_prime(text: str, outcome: tuple[str, str]):
    assert rho_prime(Value.parse(text)) == tuple(Fraction(x) for x in outcome)


@given(values())
def test_rho_is_consistent_with_rho_prime(v):
    """A whist outcome n corresponds to refined scores in (n − 1/2, n + 1/2)."""
    a, b = rho(v)
    ra, rb = rho_prime(v)
    assert ra in (a - Fraction(1, 4), a + Fraction(1, 4))
    assert rb in (b - Fraction(1, 4), b + Fraction(1, 4))


# --------------------------------------------------------------------------- text forms


@given(values())
def test_ascii_round_trip(v):
    assert Value.parse(v.ascii()) == v
    assert Value.parse(str(v)) == v


@given(values())
def test_pretty_round_trip(v):
    assert Value.parse(v.pretty()) == v


@given(values())
def test_repr_rebuilds(v):
    assert eval(repr(v), {"Value": Value}) == v


@pytest.mark.parametrize(
    ("text", "ascii"),
    [
        ("0", "0"),
        ("3/2", "3/2"),
        ("e0", "e0"),
        ("+e0", "e0"),
        ("-e0", "-e0"),
        ("+-e0", "+-e0"),
        ("1-e1", "1-e1"),
        ("2+e2", "2+e2"),
        ("21/2+-e0", "21/2+-e0"),
        ("27/8", "27/8"),
        ("-1/2", "-1/2"),
        ("6/4", "3/2"),
        ("1½ − ε₁", "3/2-e1"),
        ("3⅜", "27/8"),
        ("−½", "-1/2"),
        ("10½ ± ε₀", "21/2+-e0"),
        ("2¹⁄₁₆", "33/16"),
        ("ε₃", "e3"),
        # an ASCII mixed number is one number, not its digits run together (11/2)
        ("1 1/2", "3/2"),
        ("2 5/8", "21/8"),
        ("-1 1/2", "-3/2"),
        (" 3 / 2 ", "3/2"),
        ("1 + e 1", "1+e1"),
    ],
)
def test_value_parse_canonical(text: str, ascii: str):
    assert Value.parse(text).ascii() == ascii


@pytest.mark.parametrize(
    ("v", "pretty"),
    [
        ("3/2-e1", "1½ − ε₁"),
        ("e0", "ε₀"),
        ("21/2+-e0", "10½ ± ε₀"),
        ("27/8", "3⅜"),
        ("-e2", "−ε₂"),
        ("2+e2", "2 + ε₂"),
        ("-3/2", "−1½"),
    ],
)
def test_pretty_form(v: str, pretty: str):
    assert Value.parse(v).pretty() == pretty


@pytest.mark.parametrize(
    "bad",
    # digits apart are not one number ('1 2' is not 12), and 1e1 is not 1 + ε₁ (nor 10)
    ["", "x", "1/0", "e", "1+e", "+-e2", "3/2/2", "1/3", "e0e0", "1 2", "1e1", "1 e1", "2 1/2 3"],
)
def test_bad_value_text_quotes_the_input(bad: str):
    with pytest.raises(NotationError) as info:
        Value.parse(bad)
    assert repr(bad) in str(info.value)


@given(st.sampled_from(all_infinitesimals()))
def test_infinitesimal_round_trip(x):
    assert Infinitesimal.parse(x.ascii()) == x
    assert Infinitesimal.parse(x.pretty()) == x


@given(st.integers(1, 6).flatmap(lambda n: st.permutations("W" * n + "E" * n)))
def test_bounds_are_the_analysis_maxmin_and_minmax(letters: list[str]) -> None:
    """Evaluator.bounds (no α matrix built) gives what analyze gives."""
    from whistgui.engine import Evaluator
    from whistgui.engine.trick.deal import SuitDeal

    pattern = "".join(letters)
    ev = Evaluator()
    analysis = ev.analyze(SuitDeal.from_pattern(pattern))
    assert ev.bounds(pattern) == (analysis.maxmin, analysis.minmax)


# --------------------------------------------------------------------------- ε_k's index
@pytest.mark.parametrize("k", [3.5, math.nan, math.inf, -math.inf, True, False, "2", None, 2.0])
def test_eps_takes_whole_numbers_only(k: object) -> None:
    """ε_k with k = 3.5 or NaN built an element that added (e3.5 + e2 = e5.5) and printed a
    form no parser reads (issue 23)."""
    with pytest.raises(TypeError, match=r"^k must be a whole number \(an int\), not "):
        eps(k)  # type: ignore[arg-type]
    with pytest.raises(WhistError):  # the program's handlers catch it as any refusal
        eps(k)  # type: ignore[arg-type]


def test_eps_takes_every_index_its_text_reads_back_and_no_other() -> None:
    for k in (MAX_INDEX, -MAX_INDEX, 0, 7, -7):
        x = eps(k)
        assert Infinitesimal.parse(x.ascii()) == x
        assert x.index == k or (k == 0 and x == EPS0)
    for k in (MAX_INDEX + 1, -MAX_INDEX - 1, 10**100):
        with pytest.raises(ArgumentError, match="from −999,999,999 to 999,999,999"):
            eps(k)
    with pytest.raises(NotationError, match="at most 9 digits"):
        Infinitesimal.parse(f"e{MAX_INDEX + 1}")  # the bound is the text's
    assert eps(MAX_INDEX) + eps(-1) == eps(MAX_INDEX - 1)
    with pytest.raises(ArgumentError, match="index of the sum"):
        eps(MAX_INDEX) + eps(1)


def test_chain_positions_are_checked_as_eps_is() -> None:
    assert Infinitesimal(3) == eps(2)
    assert Infinitesimal(None) == FUZZY
    assert Infinitesimal.from_pos(-1) == NEG_EPS0
    for pos in (3.5, "1", True):
        with pytest.raises(TypeError, match=r"^pos must be"):
            Infinitesimal(pos)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"^pos must be"):
        Infinitesimal.from_pos(None)  # type: ignore[arg-type]  # ±ε₀ is FUZZY, not a position
    with pytest.raises(ArgumentError, match=r"^pos must be a chain position"):
        Infinitesimal(MAX_INDEX + 2)


def test_values_take_dyadic_numbers_not_floats() -> None:
    assert Value(3) == Value(Fraction(3)) == Value("3")
    for number in (1.5, math.nan, math.inf, True, None, b"3"):
        with pytest.raises(TypeError, match=r"^number must be a dyadic number"):
            Value(number)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"^infinitesimal must be an Infinitesimal"):
        Value(1, 2)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"^other must be a Value"):
        Value(1).compare(None)  # type: ignore[arg-type]
    with pytest.raises(NotationError, match=r"Fraction\(1, 3\) is not a dyadic number"):
        Value(1).compare(Fraction(1, 3))
