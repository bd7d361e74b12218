"""Reduced whist (symmetric whist §11): the last trick does not count.

The outcome predicted from whist's values by ⌊ρ′⌋ = ρ(· − ½) must equal exact search under
reduced whist's rules: on random symmetric deals in every run (hypothesis), and on the issue's
10,000 random symmetric deals with ``pytest --exhaustive``. Lemma 11.1 — a single suit of
reduced whist is whist with each hand's smallest card removed — is checked by search on every
single-suit deal up to 6 cards a hand (8 with ``--exhaustive``).
"""

from __future__ import annotations

import itertools
import math
import random
import time
from fractions import Fraction

import pytest
from hypothesis import given, settings

from tests.engine.strategies import random_symmetric_deal
from whistgui.engine import (
    Deal,
    Evaluator,
    NoTheoryError,
    Player,
    Position,
    Solver,
    Strategist,
    SuitDeal,
    Value,
    WhistError,
)
from whistgui.engine.games import deal_element, find_game, predict
from whistgui.engine.games.reduced_whist import (
    REDUCED_WHIST_RULES,
    ReducedWhistTheory,
    rho_reduced,
    without_smallest,
)
from whistgui.engine.games.whist import WhistTheory
from whistgui.engine.games.whist.rounding import rho, rho_prime, rounding_symbol
from whistgui.engine.strategy import search_line
from whistgui.engine.strategy.marks import plays_by_values
from whistgui.engine.trick.rules import REFINED_WHIST_RULES, Outcome, Scoring

from .strategies import symmetric_deals, values

#: The deals of the issue's check (``--exhaustive``), and of the slice run every time.
DEALS, SLICE = 10_000, 300


# ----------------------------------------------------------------------------- the rounding
@given(values())
def test_the_rounding_is_rho_of_the_value_less_a_half(v: Value) -> None:
    """⌊ρ′(v)⌋ = ρ(v − ½) for every value: the two forms of the derivation agree."""
    assert rho_reduced(v) == rho(v - Fraction(1, 2))
    w, e = rho_prime(v)
    assert rho_reduced(v) == Outcome(math.floor(w), math.floor(e))


@pytest.mark.parametrize(
    ("value", "west", "east"),
    [
        ("2", 1, 2),  # an integer number: the lead decides
        ("2-e1", 1, 1),  # East's exit
        ("2+e0", 2, 2),  # West's exit
        ("2+-e0", 2, 1),  # both exits, stoppers level
        ("5/2", 2, 2),  # not an integer: ⌊q⌋ whoever leads, even at the half
        ("5/2+-e0", 2, 2),
        ("9/4-e3", 2, 2),
        ("-3/4", -1, -1),
        ("0", -1, 0),  # the empty deal: the player on lead took the last trick
    ],
)
def test_the_table_of_the_docstring(value: str, west: int, east: int) -> None:
    assert rho_reduced(Value.parse(value)) == Outcome(west, east)


def test_the_lead_matters_at_the_integers_not_the_halves() -> None:
    """In whist the lead decides at the half-integers, in reduced whist at the integers."""
    t = ReducedWhistTheory()
    assert t.describe(Value(2)) == "number; the outcome depends on the lead"
    assert t.describe(Value(Fraction(3, 2))) == "number"
    assert (
        WhistTheory().describe(Value(Fraction(3, 2))) == "number; the outcome depends on the lead"
    )


def test_each_scoring_names_its_rounding() -> None:
    assert [rounding_symbol(s) for s in (Scoring.TRICKS, Scoring.REFINED, Scoring.REDUCED)] == [
        "ρ",
        "ρ′",
        "⌊ρ′⌋",
    ]
    with pytest.raises(ValueError, match="'last trick wins' has no rounding"):
        rounding_symbol(Scoring.LAST_TRICK_WINS)


# ----------------------------------------------------------------------------- against search
SOLVER = Solver()


def _check(theory: ReducedWhistTheory, deal: Deal) -> None:
    searched = SOLVER.outcome(deal, rules=REDUCED_WHIST_RULES)
    assert predict(theory, deal) == searched, f"{deal}: value {deal_element(theory, deal)}"
    # Theorem 11.4's proof: at least k tricks of reduced whist ⇔ at least k + ¼ refined
    refined = SOLVER.outcome(deal, rules=REFINED_WHIST_RULES)
    assert searched == Outcome(*(math.floor(r) for r in refined))


EVALUATOR = Evaluator()


@settings(max_examples=SLICE)
@given(symmetric_deals(max_cards=9, max_suits=4))
def test_the_theory_predicts_search(deal: Deal) -> None:
    _check(ReducedWhistTheory(evaluator=EVALUATOR), deal)


def test_ten_thousand_random_symmetric_deals(exhaustive: bool) -> None:
    """The issue's check: 10,000 random symmetric deals of 1–10 cards a hand, the values'
    prediction against search (about a minute, with ``pytest --exhaustive``; 300 deals
    otherwise)."""
    rng = random.Random(26)
    theory = ReducedWhistTheory(evaluator=EVALUATOR)
    start = time.perf_counter()
    n = DEALS if exhaustive else SLICE
    lead_matters = 0
    for _ in range(n):
        deal = random_symmetric_deal(rng, rng.randint(1, 10))
        _check(theory, deal)
        o = predict(theory, deal)
        lead_matters += o.west_lead != o.east_lead
    print(f"{n} deals in {time.perf_counter() - start:.1f} s")
    assert 0 < lead_matters < n  # both kinds of outcome were met


# ----------------------------------------------------------------------------- Lemma 11.1
def _single_suits(n: int) -> list[SuitDeal]:
    """Every single-suit deal of ``n`` cards a hand, as a pattern of owners low to high."""
    out = []
    for west in itertools.combinations(range(2 * n), n):
        pattern = "".join("W" if i in west else "E" for i in range(2 * n))
        out.append(SuitDeal.from_pattern(pattern))
    return out


def test_lemma_11_1_on_every_single_suit(exhaustive: bool) -> None:
    """χ_reduced(D) = χ(D₀), D₀ with each hand's smallest card removed, for every single
    suit of 1–6 cards a hand (1–8 with ``--exhaustive``): 1,274 suits (17,576)."""
    checked = 0
    upto = 8 if exhaustive else 6
    for n in range(1, upto + 1):
        for suit in _single_suits(n):
            reduced = SOLVER.outcome(Deal([suit]), rules=REDUCED_WHIST_RULES)
            assert reduced == SOLVER.outcome(Deal([without_smallest(suit)])), suit
            checked += 1
    assert checked == sum(math.comb(2 * n, n) for n in range(1, upto + 1))


def test_without_smallest_needs_a_card_in_each_hand() -> None:
    assert without_smallest(SuitDeal.parse("A2/K3")) == SuitDeal.parse("A/K")
    with pytest.raises(WhistError, match=r"'AK/-'.*void"):
        without_smallest(SuitDeal.parse("AK/-"))
    with pytest.raises(TypeError, match="suit"):
        without_smallest("AK/QJ")  # type: ignore[arg-type]


# ----------------------------------------------------------------------------- the game
def test_the_game_is_registered_with_whist_s_values() -> None:
    g = find_game("reduced")
    assert g.name == "reduced-whist"
    assert g.rules == REDUCED_WHIST_RULES
    assert g.counts_tricks
    theory = g.new_theory()
    assert isinstance(theory, ReducedWhistTheory)
    assert theory.whist_values
    # the elements are whist's values, written and read as whist's
    d = SuitDeal.parse("AQ/KJ")
    assert theory.element(d) == WhistTheory().element(d)
    assert theory.parse("1½ + ε₀") == Value.parse("3/2+e0")
    assert theory.text(Value.parse("3/2+e0")) == "3/2+e0"


def test_the_strategist_leaves_it_to_search() -> None:
    """The strategist's marks are ρ's or ρ′'s: reduced whist is played by search, whose
    marks are its tricks."""
    p = Position.start(Deal.parse("AQ/KJ"), Player.WEST, REDUCED_WHIST_RULES)
    assert not plays_by_values(REDUCED_WHIST_RULES)
    assert plays_by_values(REFINED_WHIST_RULES)
    with pytest.raises(NoTheoryError, match="marks from values are whist's"):
        Strategist().marks(p)
    line = search_line(p.deal, Player.WEST, "reduced-whist")
    assert [s.name for s in line][:2] == ["S:A", "S:J"]  # the ace, §11
    assert line.outcome == line.predicted == 1
    assert line.text_lines()[-1] == "West took 1 trick; the last trick, East's, does not count: 1."


def test_the_evaluator_is_shared_when_set() -> None:
    """The command line sets its run's evaluator on a theory that has one."""
    theory = ReducedWhistTheory()
    ev = Evaluator()
    theory.evaluator = ev
    theory.element(SuitDeal.parse("AQ/KJ"))
    assert theory.evaluator is ev
    assert ev.stats["patterns"] > 0  # the suit was valued by the evaluator set
    with pytest.raises(TypeError, match="evaluator"):
        theory.evaluator = "ev"  # type: ignore[assignment]


def test_bad_elements_are_refused_with_the_argument_named() -> None:
    theory = ReducedWhistTheory()
    with pytest.raises(TypeError, match="element"):
        theory.outcome(2)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="element"):
        theory.describe("2")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="not a value"):
        theory.parse("two")


def test_the_paper_s_example() -> None:
    """§11: with the lead and A Q against K J, the ace scores 1¼ in refined whist — one
    trick of the first, the one that counts in reduced whist — while whist leads the queen."""
    d = Deal.parse("AQ/KJ")
    assert SOLVER.outcome(d, rules=REDUCED_WHIST_RULES) == Outcome(1, 1)
    assert SOLVER.outcome(d, rules=REFINED_WHIST_RULES).west_lead == Fraction(5, 4)
