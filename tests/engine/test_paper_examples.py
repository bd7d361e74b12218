"""Every value and outcome the paper states in §§3, 5, 6, 13, 16 and 18, with the numbered deals
(1)–(27), Examples 7.1/7.2 and the orderings of Corollary 7.4 (21).

J. Wästlund, *Two-person symmetric whist*, EJC 12 (2005) #R44 (``papers/symmetric-whist.md``).
Test ids name the statement: ``deal-07`` is the deal numbered (7), ``s5-N(AKQ,J109)`` the value
of §5, and so on. The paper's N(D) is the numerical part of val(D) (:attr:`Value.number`).

Every stated outcome is checked twice: by the value theory (ρ(val D), ``Evaluator().outcome``)
and by the exact search (``Solver().outcome``), so a slip in either makes a test fail. Where the
paper only says something qualitative, the concrete outcome it implies is asserted (the comment
at the entry says how it is read). Claims about single cards ("West should play low") are checked
with the solver's marks for every legal card.

Known slips of the copy, corrected here (and listed in the docstrings of the affected tests):

* Deal (7): East's third card is printed ♥A; it is the ♦A (the deal must be symmetric).
* §3 says deal (8) "should have value 5 + 1/2, and consequently, the individual suits should
  have value 2 + 1/4". Two suits of 2 + 1/4 make 4 + 1/2, which is also what §5 states for the
  same deal (10) and what the outcome (4, 5) gives by Corollary 4.3; 4 + 1/2 is asserted.

Deal (27) (19 cards a hand) is solved by exact search too (alpha-beta: a few seconds).
"""

from __future__ import annotations

from fractions import Fraction
from itertools import combinations
from math import comb

import numpy as np
import pytest

from whistgui.engine import (
    EPS0,
    FUZZY,
    Deal,
    Evaluator,
    LabeledValue,
    Outcome,
    Player,
    Position,
    Solver,
    SuitDeal,
    Value,
    eps,
)
from whistgui.engine.games.whist.kernel import tables_upto

W, E = Player.WEST, Player.EAST


@pytest.fixture(scope="module")
def ev() -> Evaluator:
    return Evaluator()


@pytest.fixture(scope="module")
def solver() -> Solver:
    return Solver()


def V(text: str) -> Value:
    return Value.parse(text)


def q(text: str) -> Fraction:
    return Fraction(text)


def both_outcomes(ev: Evaluator, solver: Solver, text: str) -> tuple[Outcome, Outcome]:
    deal = Deal.parse(text)
    return ev.outcome(deal), solver.outcome(deal)


def assert_outcome(ev: Evaluator, solver: Solver, text: str, expected: tuple[int, int]) -> None:
    """χ(D) = ``expected`` both as ρ(val(D)) and by exact search."""
    want = Outcome(*expected)
    theory, search = both_outcomes(ev, solver, text)
    assert (theory, search) == (want, want), (
        f"{text}: the paper says χ = {want}; value theory gives ρ({ev.value(text)}) = "
        f"{theory}, the exact solver {search}"
    )


def position_after(text: str, leader: Player, moves: list[str]) -> Position:
    p = Position.start(Deal.parse(text), leader)
    for m in moves:
        p = p.play(p.deal.card_from_text(m))
    return p


# =========================================================================== outcomes


OUTCOMES = [
    # §3 -------------------------------------------------------------------------------
    # (1): "On the deal as a whole, West will be able to take 2 + 1 + 1 = 4 tricks."
    pytest.param("AK/QJ AJ/KQ K109/AQJ", (4, 4), id="deal-01"),
    # (1): spades and hearts "produce the same number of tricks regardless of how the cards
    # are played"; in diamonds West "cannot get more than one trick" and is "certain to win a
    # trick with the king" (also when he is on lead, by leading small at the end).
    pytest.param("AK/QJ", (2, 2), id="deal-01-spades"),
    pytest.param("AJ/KQ", (1, 1), id="deal-01-hearts"),
    pytest.param("K109/AQJ", (1, 1), id="deal-01-diamonds"),
    # (2): "West will get 1 trick if he has the lead, but 2 tricks if East has the lead."
    pytest.param("AQ/KJ", (1, 2), id="deal-02"),
    # (3): "West will get 6 of the 8 tricks, regardless of the initial position of the lead."
    pytest.param("AQ/KJ AQ/KJ AQ/KJ AQ/KJ", (6, 6), id="deal-03"),
    # (4): "West can take five tricks with the lead, and six tricks if East is on lead."
    pytest.param("AQ/KJ AKJ/Q109 AJ9/KQ10", (5, 6), id="deal-04"),
    # (5): "West will get 7 of the tricks regardless of the initial position of the lead."
    pytest.param("AQ/KJ AKJ/Q109 AJ9/KQ10 K1098/AQJ7", (7, 7), id="deal-05"),
    # (6): "West will not get more than two tricks even if East has the lead"; with the lead
    # he has two aces, so two tricks either way.
    pytest.param("AQ/KJ A/K", (2, 2), id="deal-06"),
    # (7) (♦A for the printed ♥A): "it is an advantage to have the lead ... 2 + 1/2 should be
    # rounded in favor of the player on lead".
    pytest.param("AQ/KJ A/K K/A", (3, 2), id="deal-07"),
    # (8): "each suit would be worth two tricks for West, if played separately"; "West can
    # take five of the six tricks, provided East has the initial lead" (and 4 with the lead,
    # as §5 says of the same deal (10)).
    pytest.param("AK10/QJ9", (2, 2), id="deal-08-one-suit"),
    pytest.param("AK10/QJ9 AK10/QJ9", (4, 5), id="deal-08"),
    # §5 -------------------------------------------------------------------------------
    # "The combination A versus K always gives West one trick", and the 2- and 3-card deals
    # that Corollary 4.5 applies to (the same tricks however the cards are played).
    pytest.param("A/K", (1, 1), id="s5-A/K"),
    pytest.param("K/A", (0, 0), id="s5-K/A"),
    pytest.param("AJ/KQ", (1, 1), id="s5-AJ/KQ"),
    pytest.param("AKQ/J109", (3, 3), id="s5-AKQ/J109"),
    pytest.param("AK9/QJ10", (2, 2), id="s5-AK9/QJ10"),
    pytest.param("A109/KQJ", (1, 1), id="s5-A109/KQJ"),
    # N = 2 + 1/2 and 1 + 1/2 "follow immediately from Axiom 2": the outcomes are (n, n + 1).
    pytest.param("AKJ/Q109", (2, 3), id="s5-AKJ/Q109"),
    pytest.param("AJ9/KQ10", (1, 2), id="s5-AJ9/KQ10"),
    # "In the case of A Q J versus K 10 9, West will get two tricks regardless of the location
    # of the lead."
    pytest.param("AQJ/K109", (2, 2), id="s5-AQJ/K109"),
    # (9): with the lead West is "restricted to 2 tricks"; with East on lead "West gets 3".
    pytest.param("AQJ/K109 KJ/AQ", (2, 3), id="deal-09"),
    # "The situation would have been similar if the spades had been A Q 10 versus K J 9 or
    # A Q 9 versus K J 10."
    pytest.param("AQ10/KJ9 KJ/AQ", (2, 3), id="deal-09-AQ10/KJ9"),
    pytest.param("AQ9/KJ10 KJ/AQ", (2, 3), id="deal-09-AQ9/KJ10"),
    # (10): "West will get 4 tricks with the lead and 5 tricks with East on lead."
    pytest.param("AK10/QJ9 AK10/QJ9", (4, 5), id="deal-10"),
    # (11): "West will get 2 tricks with the lead, but 3 tricks if East has the lead."
    pytest.param("KQ9/AJ10 KQ9/AJ10", (2, 3), id="deal-11"),
    # (12): "West has 12 easy tricks", a 13th "if East has the lead", and "no way West can get
    # 13 tricks if he has the lead".
    pytest.param("AKQ8/J1097 AKQ8/J1097 AKQ8/J1097 AKQ8/J1097", (12, 13), id="deal-12"),
    # §6 -------------------------------------------------------------------------------
    # (13): "the numerical value is 1/2, and this should be rounded in favor of the player not
    # on lead".
    pytest.param("KJ/AQ", (0, 1), id="deal-13"),
    # (14): "West gets a spade trick whether or not he has the lead" (the ♥K never wins).
    pytest.param("KJ/AQ K/A", (1, 1), id="deal-14"),
    # (15): elimination and throw-in: West on lead gets ♥A and a spade; East on lead "will do
    # the same thing to West" (West gets only the ♥A).
    pytest.param("KJ/AQ A/K K/A", (2, 1), id="deal-15"),
    # (16): "West gets a spade trick whether or not he has the lead" (+ one heart trick).
    pytest.param("KJ/AQ AJ/KQ", (2, 2), id="deal-16"),
    # (17): "West always gets a spade trick" (+ ♥A and ♦A).
    pytest.param("KJ/AQ AJ/KQ A/K", (3, 3), id="deal-17"),
    # (18): "the number of exits does not matter": as in (15), West on lead gets his spade
    # trick (3 in all) and East on lead holds him to his two aces.
    pytest.param("KJ/AQ K/A A/K A/K", (3, 2), id="deal-18"),
    # (19): East's extra stopper "ensures him two spade tricks": West gets only his three
    # red/club tricks, with either player on lead.
    pytest.param("KJ/AQ AJ/KQ KQ/AJ KQ/AJ", (3, 3), id="deal-19"),
    # §7 -------------------------------------------------------------------------------
    # Example 7.1: χ([K, A] + [K J, A Q]) = (1, 1), while χ([K J, A Q]) = (0, 1).
    pytest.param("[K, A] + [K J, A Q]", (1, 1), id="s7-ex7.1-chi([K,A]+[KJ,AQ])"),
    pytest.param("[K J, A Q]", (0, 1), id="s7-ex7.1-chi([KJ,AQ])"),
    # §13 ------------------------------------------------------------------------------
    # Proof of Theorem 13.4: "We have χ(D_1) = (1, 2)."
    pytest.param("[A Q, K J]", (1, 2), id="s13-thm13.4-chi(D1)"),
    # §16 ------------------------------------------------------------------------------
    # (25): sum 5 + 1/2; "since East has the lead, we expect to be able to take six tricks";
    # with the lead West "will now only be able to take five tricks".
    pytest.param("AJ98/KQ107 AK10/QJ9 KQ9/AJ10", (5, 6), id="deal-25"),
    # (26): "8 + 1/2 + ε_2, which rounds to 9 ... nine tricks regardless of who has the lead".
    pytest.param("AKQ8/J1097 AQ87/KJ109 AJ107/KQ98 KQ9/AJ10", (9, 9), id="deal-26"),
    # (27): "the outcome of the club suit played separately is (2, 3)".
    pytest.param("KQ1086/AJ975", (2, 3), id="deal-27-clubs"),
    # (27): diamonds have value 3 "from Theorem 11.10", i.e. because D_0 (the smallest card
    # of each hand removed) has value 2 + 1/2, that is outcome (2, 3).
    pytest.param("AJ975/KQ1086", (2, 3), id="deal-27-diamonds-D0"),
    # §18 ------------------------------------------------------------------------------
    # "West will get 6 tricks with the lead, and 7 tricks with East on lead."
    pytest.param("[13 12 9 8 7 2 1, 14 11 10 6 5 4 3] + [A K Q 8, J 10 9 7]", (6, 7), id="s18-sum"),
]


@pytest.mark.parametrize(("deal", "expected"), OUTCOMES)
def test_stated_outcome(ev: Evaluator, solver: Solver, deal: str, expected: tuple[int, int]):
    assert_outcome(ev, solver, deal, expected)


def _paper_rounding(total: Fraction) -> Outcome:
    """Round ``total`` to the nearest integer; a half-integer in favour of the player not on
    lead (Theorem 3.1)."""
    n = total.numerator // total.denominator
    frac = total - n
    if frac == Fraction(1, 2):
        return Outcome(n, n + 1)
    return Outcome(n + 1, n + 1) if frac > Fraction(1, 2) else Outcome(n, n)


@pytest.mark.parametrize("copies", range(1, 7), ids=lambda n: f"x{n}")
def test_s3_copies_of_AQ_KJ(ev: Evaluator, solver: Solver, copies: int):
    """§3 after (3): "with any number of suits with this distribution, West will score 3/2 times
    the number of suits, rounded to an integer in favor of the player not on lead"."""
    expected = _paper_rounding(Fraction(3, 2) * copies)
    assert_outcome(ev, solver, " ".join(["AQ/KJ"] * copies), expected)


@pytest.mark.parametrize("copies", range(1, 7), ids=lambda n: f"x{n}")
def test_s3_copies_of_AK10_QJ9(ev: Evaluator, solver: Solver, copies: int):
    """§3 after Theorem 3.3: "the number of tricks that West gets with n suits distributed this
    way is indeed (2 + 1/4)n rounded to the nearest integer, and if n ≡ 2 (mod 4), rounded in
    favor of the player not on lead"."""
    total = Fraction(9, 4) * copies
    assert (total.denominator == 2) == (copies % 4 == 2)
    expected = _paper_rounding(total)
    assert_outcome(ev, solver, " ".join(["AK10/QJ9"] * copies), expected)


def test_deal_24_east_on_lead(ev: Evaluator, solver: Solver):
    """(24), §15: "East should immediately eliminate diamonds and exit in hearts. This will
    always hold West down to two tricks." (The paper says nothing of West on lead.)"""
    text = "AJ9/KQ10 A/K K/A"
    theory, search = both_outcomes(ev, solver, text)
    assert (theory.east_lead, search.east_lead) == (2, 2), (theory, search)


def test_deal_27_value_theory(ev: Evaluator):
    """(27): "a total of 10 + 1/2 ± ε_0. West should therefore be able to score eleven tricks,
    provided he has the lead" — so (11, 10)."""
    assert ev.outcome("KQ1098/AJ765 AK9/QJ10 AJ9753/KQ10864 KQ1086/AJ975") == (11, 10)


def test_deal_27_exact_solver():
    """(27) by exact search: χ = (11, 10); "the only way for West to take eleven tricks is to
    lead a spade. On the other hand, it does not matter which one"; "it will not do to start
    with three rounds of hearts" (so the ♥A is no winning lead)."""
    solver = Solver()
    text = "KQ1098/AJ765 AK9/QJ10 AJ9753/KQ10864 KQ1086/AJ975"
    assert solver.outcome(Deal.parse(text)) == (11, 10)
    p = position_after(text, W, [])
    marks = {p.deal.card_name(c): r for c, r in solver.card_results(p).items()}
    assert {c for c, r in marks.items() if r == 11} == {"S:K", "S:Q", "S:T", "S:9", "S:8"}
    assert marks["H:A"] < 11


# =========================================================================== play of single cards


def play(
    deal: str,
    leader: Player,
    moves: list[str],
    *,
    marks: dict[str, int] | None = None,
    optimal: set[str] | None = None,
    suboptimal: set[str] | None = None,
    only: bool = False,
    id: str,
):
    """One claim about the next card: West's total tricks after the cards in ``marks``; the
    cards in ``optimal`` are optimal (and, if ``only``, no others are); those in
    ``suboptimal`` are not."""
    return pytest.param(
        deal, leader, moves, marks or {}, optimal or set(), suboptimal or set(), only, id=id
    )


D26 = "AKQ8/J1097 AQ87/KJ109 AJ107/KQ98 KQ9/AJ10"

PLAYS = [
    # (4): "whenever East leads the diamond king, West should play low".
    play(
        "AQ/KJ AKJ/Q109 AJ9/KQ10",
        E,
        ["D:K"],
        marks={"D:9": 6},
        optimal={"D:9"},
        suboptimal={"D:A"},
        id="deal-04-duck",
    ),
    # §5: "in the case of A J 9 versus K Q 10, if East has the lead and starts with the king
    # or the queen, West will get two tricks by playing low in the first trick."
    play("AJ9/KQ10", E, ["S:K"], marks={"S:9": 2}, optimal={"S:9"}, id="s5-AJ9/KQ10-K-low"),
    play("AJ9/KQ10", E, ["S:Q"], marks={"S:9": 2}, optimal={"S:9"}, id="s5-AJ9/KQ10-Q-low"),
    # (23): "If East leads the spade king ... West should hold off in order to take the next
    # two tricks."
    play(
        "AJ9/KQ10",
        E,
        ["S:K"],
        marks={"S:9": 2},
        optimal={"S:9"},
        suboptimal={"S:A"},
        id="deal-23",
    ),
    # (24): after the ♠K, "If West plays low ... This holds West down to two tricks. ... if
    # West takes the first trick with the spade ace ... for a total of three tricks."
    play("AJ9/KQ10 A/K K/A", E, ["S:K"], marks={"S:9": 2, "S:A": 3}, id="deal-24-SK"),
    # (24): "East's spade lead is incorrect. East should immediately eliminate diamonds and
    # exit in hearts. This will always hold West down to two tricks."
    play(
        "AJ9/KQ10 A/K K/A",
        E,
        [],
        marks={"D:A": 2},
        optimal={"D:A"},
        suboptimal={"S:K"},
        id="deal-24-east-lead",
    ),
    # (25): East leads the ♠K; taking with the ace, West "will now only be able to take five
    # tricks"; playing low (the ♠8, leaving [A J 9, Q 10 7]), "West will be able to take six".
    play("AJ98/KQ107 AK10/QJ9 KQ9/AJ10", E, ["S:K"], marks={"S:A": 5, "S:8": 6}, id="deal-25"),
    # (26): "If West has the lead, there is only one way to accomplish this ... West has to
    # exit by playing a small heart."
    play(D26, W, [], marks={"H:7": 9, "H:8": 9}, optimal={"H:7", "H:8"}, only=True, id="deal-26"),
    # (26): "If East leads the spade jack, West will take the trick and continue with a middle
    # diamond (the only possibility!)".
    play(
        D26,
        W,
        ["H:7", "H:9", "S:J"],
        marks={"S:A": 9, "S:K": 9, "S:Q": 9},
        id="deal-26-SJ-take",
    ),
    play(
        D26,
        W,
        ["H:7", "H:9", "S:J", "S:A"],
        marks={"D:J": 9, "D:T": 9},
        optimal={"D:J", "D:T"},
        only=True,
        id="deal-26-SJ-middle-diamond",
    ),
    # (26): "while if East leads the diamond king, West will take the trick and play four rounds
    # of spades, putting East on lead with the last one."
    play(D26, W, ["H:7", "H:9", "D:K"], marks={"D:A": 9}, id="deal-26-DK-take"),
    play(D26, W, ["H:7", "H:9", "D:K", "D:A"], marks={"S:A": 9}, id="deal-26-DK-spades"),
]


@pytest.mark.parametrize(
    ("deal", "leader", "moves", "marks", "optimal", "suboptimal", "only"), PLAYS
)
def test_stated_play(
    solver: Solver,
    deal: str,
    leader: Player,
    moves: list[str],
    marks: dict[str, int],
    optimal: set[str],
    suboptimal: set[str],
    only: bool,
):
    """Claims about single cards, by exact search from the position after ``moves``."""
    p = position_after(deal, leader, moves)
    got = {p.deal.card_name(c): r for c, r in solver.card_results(p).items()}
    best = {p.deal.card_name(c) for c in solver.best_cards(p)}
    assert {c: got.get(c) for c in marks} == marks, got
    assert optimal <= best, got
    assert not suboptimal & best, got
    if only:
        assert best == optimal, got


def test_s11_refined_AQ_KJ(ev: Evaluator, solver: Solver):
    """§11: "if we have the lead with A Q versus K J, we can score 1 + 1/4 in refined whist by
    starting with the ace, but in whist, it is still optimal to lead the queen, which scores
    only 3/4 in refined whist"."""
    deal = Deal.parse("AQ/KJ")
    assert ev.refined_outcome(deal).west_lead == Fraction(5, 4)
    assert solver.outcome(deal, refined=True).west_lead == Fraction(5, 4)
    p = Position.start(deal, W)
    refined = {p.deal.card_name(c): r for c, r in solver.card_results(p, refined=True).items()}
    assert refined == {"S:A": Fraction(5, 4), "S:Q": Fraction(3, 4)}
    assert "S:Q" in {p.deal.card_name(c) for c in solver.best_cards(p)}


# =========================================================================== numerical values N(D)

NUMERICAL = [
    # §3 (1): "two tricks in spades and one trick in each of hearts and diamonds"; "He can
    # therefore consider the diamond king to be worth one trick".
    pytest.param("AK/QJ", "2", id="deal-01-N(spades)"),
    pytest.param("AJ/KQ", "1", id="deal-01-N(hearts)"),
    pytest.param("K109/AQJ", "1", id="deal-01-N(diamonds)"),
    pytest.param("AK/QJ AJ/KQ K109/AQJ", "4", id="deal-01-N"),
    # (6), (7): "(1 + 1/2) + 1 = 2 + 1/2" is the numerical part; only the rounding differs.
    pytest.param("AQ/KJ A/K", "5/2", id="deal-06-N"),
    pytest.param("AQ/KJ A/K K/A", "5/2", id="deal-07-N"),
    # §5, two cards.
    pytest.param("A/K", "1", id="s5-N(A,K)"),
    pytest.param("K/A", "0", id="s5-N(K,A)"),
    pytest.param("AK/QJ", "2", id="s5-N(AK,QJ)"),
    pytest.param("AJ/KQ", "1", id="s5-N(AJ,KQ)"),
    pytest.param("AQ/KJ", "3/2", id="s5-N(AQ,KJ)"),
    # "The numerical values of the remaining 2-card deals follow from Corollary 4.6."
    pytest.param("QJ/AK", "0", id="s5-N(QJ,AK)"),
    pytest.param("KQ/AJ", "1", id="s5-N(KQ,AJ)"),
    pytest.param("KJ/AQ", "1/2", id="s5-N(KJ,AQ)"),
    # §5.1, three cards.
    pytest.param("AKQ/J109", "3", id="s5-N(AKQ,J109)"),
    pytest.param("AK9/QJ10", "2", id="s5-N(AK9,QJ10)"),
    pytest.param("A109/KQJ", "1", id="s5-N(A109,KQJ)"),
    pytest.param("AKJ/Q109", "5/2", id="s5-N(AKJ,Q109)"),
    pytest.param("AJ9/KQ10", "3/2", id="s5-N(AJ9,KQ10)"),
    pytest.param("AQJ/K109 KJ/AQ", "5/2", id="deal-09-N"),
    pytest.param("AQJ/K109", "2", id="s5-N(AQJ,K109)"),
    pytest.param("AQ10/KJ9", "2", id="s5-N(AQ10,KJ9)"),
    pytest.param("AQ9/KJ10", "2", id="s5-N(AQ9,KJ10)"),
    pytest.param("AK10/QJ9 AK10/QJ9", "9/2", id="deal-10-N"),
    pytest.param("AK10/QJ9", "9/4", id="s5-N(AK10,QJ9)"),
    pytest.param("KQ9/AJ10 KQ9/AJ10", "5/2", id="deal-11-N"),
    pytest.param("KQ9/AJ10", "5/4", id="s5-N(KQ9,AJ10)"),
    # §5.2.
    pytest.param("AKQ8/J1097 AKQ8/J1097 AKQ8/J1097 AKQ8/J1097", "25/2", id="deal-12-N"),
    pytest.param("AKQ8/J1097", "25/8", id="s5-N(AKQ8,J1097)"),
    pytest.param("AKQJ6/109875", "65/16", id="s5-N(AKQJ6,109875)"),
    pytest.param("AKQJ104/987653", "161/32", id="s5-N(AKQJ104,987653)"),
    # §6: (13) and (14) have numerical value 1/2; A J versus K Q "the numerical value is 1".
    pytest.param("KJ/AQ", "1/2", id="deal-13-N"),
    pytest.param("KJ/AQ K/A", "1/2", id="deal-14-N"),
]


@pytest.mark.parametrize(("deal", "number"), NUMERICAL)
def test_stated_numerical_value(ev: Evaluator, deal: str, number: str):
    assert ev.value(deal).number == q(number), f"val({deal}) = {ev.value(deal)}"


@pytest.mark.parametrize("n", [1, 2, 3])
def test_s5_corollary_4_6_gives_the_switched_deals(ev: Evaluator, n: int):
    """§5: "The numerical values of the remaining 2-card deals follow from Corollary 4.6" and
    "The remaining three-card deals are obtained ... by switching the East and West hands":
    N(D) + N(D̄) = |D| for every suit of n cards a hand."""
    for west in combinations(range(2 * n), n):
        pattern = "".join("W" if i in west else "E" for i in range(2 * n))
        suit = SuitDeal.from_pattern(pattern)
        total = ev.value(suit).number + ev.value(suit.swapped()).number
        assert total == n, f"N({suit}) + N({suit.swapped()}) = {total}"


# =========================================================================== exact values

SUM_VALUES = [
    # §3 (4): "1 + 1/2 for the spades, 2 + 1/2 for the hearts, and 1 + 1/2 for the diamonds.
    # ... This adds to 5 + 1/2."
    pytest.param("AQ/KJ AKJ/Q109 AJ9/KQ10", ["3/2", "5/2", "3/2"], "11/2", id="deal-04"),
    # (5): "(1 + 1/2) + (2 + 1/2) + (1 + 1/2) + (1 + 1/2) = 7".
    pytest.param(
        "AQ/KJ AKJ/Q109 AJ9/KQ10 K1098/AQJ7", ["3/2", "5/2", "3/2", "3/2"], "7", id="deal-05"
    ),
    # (8): "the individual suits should have value 2 + 1/4" (the printed "5 + 1/2" for the
    # whole deal is a slip for 4 + 1/2: see the module docstring).
    pytest.param("AK10/QJ9 AK10/QJ9", ["9/4", "9/4"], "9/2", id="deal-08"),
    # (25): "the spade suit to 2, the heart suit to 2 + 1/4, and the diamonds to 1 + 1/4. This
    # sums to 5 + 1/2."
    pytest.param("AJ98/KQ107 AK10/QJ9 KQ9/AJ10", ["2", "9/4", "5/4"], "11/2", id="deal-25"),
    # (26): "the spades to 3 + 1/8, the hearts to 2 + ε_2, the diamonds to 2 + 1/8, and the
    # clubs to 1 + 1/4. This sums to 8 + 1/2 + ε_2".
    pytest.param(
        "AKQ8/J1097 AQ87/KJ109 AJ107/KQ98 KQ9/AJ10",
        ["25/8", "2+e2", "17/8", "5/4"],
        "17/2+e2",
        id="deal-26",
    ),
    # (27): spades "3 − ε_2", hearts "2 + ε_2", diamonds "3", clubs "2 + 1/2"; "a total of
    # 10 + 1/2 ± ε_0".
    pytest.param(
        "KQ1098/AJ765 AK9/QJ10 AJ9753/KQ10864 KQ1086/AJ975",
        ["3-e2", "2+e2", "3", "5/2"],
        "21/2+-e0",
        id="deal-27",
    ),
    # §18: "[13 12 9 8 7 2 1, 14 11 10 6 5 4 3] ... has value 3 + 3/8"; "[A K Q 8, J 10 9 7]
    # is known to have value 3 + 1/8"; "the sum has value 6 + 1/2".
    pytest.param(
        "[13 12 9 8 7 2 1, 14 11 10 6 5 4 3] + [A K Q 8, J 10 9 7]",
        ["27/8", "25/8"],
        "13/2",
        id="s18",
    ),
]


@pytest.mark.parametrize(("deal", "suits", "total"), SUM_VALUES)
def test_stated_suit_values_and_sum(ev: Evaluator, deal: str, suits: list[str], total: str):
    got = ev.suit_values(deal)
    assert [v.ascii() for v in got] == [V(s).ascii() for s in suits]
    assert ev.value(deal) == V(total), f"val({deal}) = {ev.value(deal)}"


SINGLE_VALUES = [
    # §3 (2): "The value of this card distribution for West can be described by the number 3/2".
    pytest.param("AQ/KJ", "3/2", id="deal-02"),
    # §14 (from Theorems 13.2 and 13.3).
    pytest.param("K/A", "e0", id="s14-[K,A]"),
    pytest.param("A/K", "1-e0", id="s14-[A,K]"),
    pytest.param("AJ/KQ", "1+e1", id="s14-[AJ,KQ]"),
    pytest.param("KQ/AJ", "1-e1", id="s14-[KQ,AJ]"),
    # (25): taking the ♠A, "the spade suit reduces to 1 + [J 9 8, Q 10 7], which has the value
    # 2"; playing low it "reduces to [A J 9, Q 10 7]. This still has the value 2".
    pytest.param("J98/Q107", "1", id="deal-25-[J98,Q107]"),
    pytest.param("AJ9/Q107", "2", id="deal-25-[AJ9,Q107]"),
    # (26): "When East takes the trick with the nine of hearts, the value of the heart suit
    # will go down to 2" (West led the ♥7 or ♥8 from A Q 8 7 against K J 10 9).
    pytest.param("AQ8/KJ10", "2", id="deal-26-hearts-after-exit"),
    # (27): "the value of the clubs is 2 + 1/2. Then it follows from Theorem 11.10 that the
    # diamonds have value 3" — Theorem 11.10: val(D) = 3 iff val(D_0) = 2 + 1/2.
    pytest.param("AJ975/KQ1086", "5/2", id="deal-27-diamonds-D0"),
]


@pytest.mark.parametrize(("deal", "value"), SINGLE_VALUES)
def test_stated_value(ev: Evaluator, deal: str, value: str):
    assert ev.value(deal) == V(value), f"val({deal}) = {ev.value(deal)}"


# =========================================================================== §7: order of states

# Deals F to add on both sides when a relation between states is checked by exact search.
PROBES = [
    "",
    "K/A",
    "A/K",
    "KJ/AQ",
    "AQ/KJ",
    "AJ/KQ",
    "KQ/AJ",
    "KJ/AQ A/K",
    "AQ/KJ K/A",
    "AJ9/KQ10",
    "KQ9/AJ10",
    "AK10/QJ9",
    "KJ/AQ KQ/AJ",
]


def chi(solver: Solver, tricks: int, deal: str, probe: str) -> Outcome:
    """χ(tricks + deal + probe) by exact search."""
    text = " ".join(t for t in (deal, probe) if t)
    if not text:
        return Outcome(tricks, tricks)
    a, b = solver.outcome(Deal.parse(text))
    return Outcome(a + tricks, b + tricks)


def outcome_le(a: Outcome, b: Outcome) -> bool:
    """(m, n) ≤ (m′, n′) iff m ≤ m′ and n ≤ n′ (§7.2)."""
    return a[0] <= b[0] and a[1] <= b[1]


def test_example_7_1_K_A_is_positive(ev: Evaluator, solver: Solver):
    """Example 7.1: [K, A] ≥ 0, and in fact [K, A] > 0; by exact search, χ(F + [K, A]) ≥ χ(F)
    for every probe F, strictly for F = [K J, A Q] (χ (1, 1) against (0, 1))."""
    assert ev.value("K/A") >= 0
    assert ev.value("K/A") > 0
    for f in PROBES:
        with_ka, without = chi(solver, 0, "K/A", f), chi(solver, 0, "", f)
        assert outcome_le(without, with_ka), (f, with_ka, without)
    assert chi(solver, 0, "K/A", "KJ/AQ") != chi(solver, 0, "", "KJ/AQ")


def test_example_7_2_K_A_twice_is_K_A(ev: Evaluator, solver: Solver):
    """Example 7.2: [K, A] + [K, A] ≡ [K, A]."""
    assert ev.value("K/A K/A") == ev.value("K/A") == V("e0")
    for f in PROBES:
        assert chi(solver, 0, "K/A K/A", f) == chi(solver, 0, "K/A", f), f


def test_s7_4_A_K_beats_K_A(ev: Evaluator, solver: Solver):
    """§7.4: "[A, K] > [K, A]" and (20) "[A, K] ≥ 0"."""
    assert ev.value("A/K") > ev.value("K/A")
    assert ev.value("A/K") >= 0
    for f in PROBES:
        hi, lo, zero = chi(solver, 0, "A/K", f), chi(solver, 0, "K/A", f), chi(solver, 0, "", f)
        assert outcome_le(lo, hi), (f, hi, lo)
        assert outcome_le(zero, hi), (f, hi, zero)


def test_s7_4_AJ_KQ_above_one(ev: Evaluator, solver: Solver):
    """§7.4: "[A J, K Q] > 1" (by strategy-stealing)."""
    assert ev.value("AJ/KQ") > 1
    for f in PROBES:
        hi, one = chi(solver, 0, "AJ/KQ", f), chi(solver, 1, "", f)
        assert outcome_le(one, hi), (f, hi, one)


def test_s8_1_2_stopper_absorbs_exit(ev: Evaluator, solver: Solver):
    """§8.1.2: "[A J, K Q] + [A, K] ≡ [A J, K Q] + 1"."""
    assert ev.value("AJ/KQ A/K") == ev.value("AJ/KQ") + 1
    for f in PROBES:
        assert chi(solver, 0, "AJ/KQ A/K", f) == chi(solver, 1, "AJ/KQ", f), f


# Corollary 7.4 (21): 0 < [Q J, A K] < [K J, A Q] < [K Q, A J] < 1 < [A J, K Q] < [A Q, K J]
#                     < [A K, Q J] < 2, each item a state (tricks, deal).
CHAIN_21 = [
    (0, ""),
    (0, "QJ/AK"),
    (0, "KJ/AQ"),
    (0, "KQ/AJ"),
    (1, ""),
    (0, "AJ/KQ"),
    (0, "AQ/KJ"),
    (0, "AK/QJ"),
    (2, ""),
]


def _state_name(s: tuple[int, str]) -> str:
    return s[1] or str(s[0])


@pytest.mark.parametrize(
    ("low", "high"),
    [
        pytest.param(a, b, id=f"s7-(21)-{_state_name(a)}<{_state_name(b)}")
        for a, b in combinations(CHAIN_21, 2)
    ],
)
def test_corollary_7_4_chain(
    ev: Evaluator, solver: Solver, low: tuple[int, str], high: tuple[int, str]
):
    """Corollary 7.4 (21), every pair of the chain: val strictly increases, and adding any probe
    F, the exact outcomes never decrease."""
    v_low = ev.value(low[1] or "0") + low[0]
    v_high = ev.value(high[1] or "0") + high[0]
    assert v_low < v_high, f"{v_low} < {v_high}"
    for f in PROBES:
        a, b = chi(solver, low[0], low[1], f), chi(solver, high[0], high[1], f)
        assert outcome_le(a, b), (f, a, b)


# =========================================================================== §13


def test_lemma_13_1_K_A(ev: Evaluator):
    """Lemma 13.1: minmax([K, A]) = maxmin([K, A]) = (E, 0); L = {α ≤ 0}; R = the values with
    positive numerical part; I([K, A]) = {±ε₀, ε₀, ε₁, ε₂, …}; val = ε₀."""
    a = ev.analyze("K/A")
    assert a.maxmin == a.minmax == LabeledValue(E, Value(0))
    assert a.value == Value(0, EPS0)
    for x in [Value(0, FUZZY), Value(0, EPS0), *(Value(0, eps(k)) for k in range(1, 8))]:
        assert a.in_interval(x), x
    for x in ["0", "-e0", "-e1", "-e5", "-1", "-1/2+e3"]:
        assert a.in_left(V(x)), x
    for x in ["1/1024", "1/1024-e5", "1/2", "1-e0", "1/4+e2"]:
        assert a.in_right(V(x)), x


@pytest.mark.parametrize("n", range(1, 7), ids=lambda n: f"n{n}")
def test_theorem_13_2_east_holds_all_high_cards(ev: Evaluator, n: int):
    """Theorem 13.2: every East card higher than every West card gives val(D) = ε₀ (and for
    |D| ≥ 2, minmax = maxmin = (E, ε₀))."""
    a = ev.analyze(SuitDeal.from_pattern("W" * n + "E" * n))
    assert a.value == Value(0, EPS0)
    if n >= 2:
        assert a.maxmin == a.minmax == LabeledValue(E, Value(0, EPS0))


THEOREM_13_3 = [pytest.param(k, s, id=f"k{k}-small{s}") for k in range(5) for s in range(1, 4)]


@pytest.mark.parametrize(("k", "small"), THEOREM_13_3)
def test_theorem_13_3(ev: Evaluator, k: int, small: int):
    """Theorem 13.3: West holds the k highest cards and ``small`` ≥ 1 cards below all of East's
    (the smallest card included): val(D) = k + ε_k. For k ≥ 1, maxmin = minmax =
    (W, k + ε_{k−1}) with one small card and (E, k + ε_k) with more; I(D) = {k + ε_k,
    k + ε_{k+1}, …}; L(D) = {α < k + ε_k}; R(D) = the values with numerical part > k."""
    suit = SuitDeal.from_pattern("W" * small + "E" * (k + small) + "W" * k)
    a = ev.analyze(suit)
    assert a.value == Value(k, eps(k)), f"val({suit}) = {a.value}"
    if k == 0:
        return
    bound = (
        LabeledValue(W, Value(k, eps(k - 1))) if small == 1 else LabeledValue(E, Value(k, eps(k)))
    )
    assert a.maxmin == a.minmax == bound, (a.maxmin, a.minmax)
    for j in range(k, k + 6):
        assert a.in_interval(Value(k, eps(j))), j
    below = [Value(k, eps(j)) for j in range(-3, k)] + [Value(k), Value(k, FUZZY), Value(k - 1)]
    for x in below:
        assert a.in_left(x), x
    tiny = k + Fraction(1, 1024)
    for x in [Value(tiny, -eps(9)), Value(tiny), Value(k + 1, -eps(1))]:
        assert a.in_right(x), x


def _d_k(k: int) -> SuitDeal:
    """Theorem 13.4's D_k: West holds 2, k + 3, …, 2k + 2; East holds 1, 3, 4, …, k + 2."""
    return SuitDeal([2, *range(k + 3, 2 * k + 3)], [1, *range(3, k + 3)])


@pytest.mark.parametrize(
    ("k", "text"), [(1, "[A Q, K J]"), (2, "[A K 10, Q J 9]"), (3, "[A K Q 8, J 10 9 7]")]
)
def test_theorem_13_4_numbering(k: int, text: str):
    """Theorem 13.4: D_1 = [A Q, K J], D_2 = [A K 10, Q J 9], D_3 = [A K Q 8, J 10 9 7] are the
    deals of the standard numbering."""
    assert _d_k(k).pattern == SuitDeal.parse(text).pattern


@pytest.mark.parametrize("k", range(1, 8), ids=lambda k: f"D{k}")
def test_theorem_13_4_value(ev: Evaluator, k: int):
    """Theorem 13.4: val(D_k) = k + 1/2^k."""
    assert ev.value(_d_k(k)) == Value(k + Fraction(1, 2**k))


@pytest.mark.parametrize("k", range(2, 8), ids=lambda k: f"D{k}")
def test_theorem_13_4_maxmin_minmax(ev: Evaluator, k: int):
    """Theorem 13.4, (22): maxmin(D_k) = (W, k + ε_{k−1}), minmax(D_k) = (W, k + 1/2^{k−1});
    the four reductions are (W, k + 1/2^{k−1}), (W, k + ε_{k−1}), (E, k − ε₀) and
    (W, k + 1 − ε₀); I(D_k) = the values with numerical part strictly between k and
    k + 1/2^{k−1}."""
    a = ev.analyze(_d_k(k))
    top = k + Fraction(1, 2 ** (k - 1))
    assert a.maxmin == LabeledValue(W, Value(k, eps(k - 1)))
    assert a.minmax == LabeledValue(W, Value(top))
    labels = {lv for row in a.alpha for lv in row}
    assert labels == {
        LabeledValue(W, Value(top)),
        LabeledValue(W, Value(k, eps(k - 1))),
        LabeledValue(E, Value(k, -EPS0)),
        LabeledValue(W, Value(k + 1, -EPS0)),
    }
    inside = [k + Fraction(1, 2**k), k + Fraction(1, 2 ** (k + 4)), top - Fraction(1, 2 ** (k + 4))]
    for x in inside:
        for inf in (None, eps(3), -eps(3), EPS0, -EPS0, FUZZY):
            v = Value(x) if inf is None else Value(x, inf)
            assert a.in_interval(v), v
    for v in [Value(k), Value(k, eps(5)), Value(top), Value(top, -eps(5)), Value(top, eps(1))]:
        assert not a.in_interval(v), v


KQ9_FAMILY = [
    pytest.param(1, "[K Q 9, A J 10]", id="[KQ9,AJ10]=1+1/4"),
    pytest.param(2, "[K Q J 7, A 10 9 8]", id="[KQJ7,A1098]=2+1/8"),
    pytest.param(3, "[K Q J 10 5, A 9 8 7 6]", id="[KQJ105,A9876]=3+1/16"),
    pytest.param(4, None, id="and-so-on-k4=4+1/32"),
    pytest.param(5, None, id="and-so-on-k5=5+1/64"),
]


@pytest.mark.parametrize(("k", "text"), KQ9_FAMILY)
def test_s13_KQ9_AJ10_family(ev: Evaluator, k: int, text: str | None):
    """End of §13: "the deals [K Q 9, A J 10], [K Q J 7, A 10 9 8], [K Q J 10 5, A 9 8 7 6], …
    have values 1 + 1/4, 2 + 1/8, 3 + 1/16, and so on" (pattern W E^{k+1} W^{k+1} E)."""
    suit = SuitDeal.from_pattern("W" + "E" * (k + 1) + "W" * (k + 1) + "E")
    if text is not None:
        assert SuitDeal.parse(text).pattern == suit.pattern
    assert ev.value(suit) == Value(k + Fraction(1, 2 ** (k + 1)))


# =========================================================================== §18


def test_s18_three_eighths(ev: Evaluator):
    """§18: "fractional parts not on the form 1/2^k or 1 − 1/2^k are also possible":
    val([13 12 9 8 7 2 1, 14 11 10 6 5 4 3]) = 3 + 3/8."""
    assert ev.value("[13 12 9 8 7 2 1, 14 11 10 6 5 4 3]") == Value(Fraction(27, 8))


def test_s18_theorem_13_4_fractional_parts(ev: Evaluator):
    """§18: "The sequence of card distributions given in Theorem 13.4 provides, for every k, a
    single-suit deal whose value has fractional part 1/2^k"."""
    for k in range(1, 8):
        v = ev.value(_d_k(k))
        assert v.is_number, (k, v)
        assert v.number % 1 == Fraction(1, 2**k), (k, v)


def test_s18_conjectures_18_1_and_18_2_up_to_10_cards(exhaustive: bool):
    """§18: Conjectures 18.1 and 18.2, "supported by computer analysis of all single-suit deals
    with at most 10 cards on each hand" — checked here on all of them, and up to 12 cards a
    hand (3.6 million suits) with ``pytest --exhaustive``: every suit's value read from the
    kernel's table of its length, each distinct value of a length checked with the first suit
    that has it (the kernel's values are the evaluator's: tests/engine/test_tables_kernel.py).
    18.1: a value q + x with x a positive infinitesimal has q a nonnegative integer and x = ε_q.
    18.2: a non-integral number has fractional part 1/2^k, 1 − 1/2^k, 3/8 or 5/8."""
    allowed = {Fraction(3, 8), Fraction(5, 8)}
    for k in range(1, 20):
        allowed |= {Fraction(1, 2**k), 1 - Fraction(1, 2**k)}
    upto = 12 if exhaustive else 10
    tables = tables_upto(upto)
    assert [len(tables[n]) for n in range(1, upto + 1)] == [
        comb(2 * n, n) for n in range(1, upto + 1)
    ]
    for t in tables.values():
        ids, first = np.unique(t.value_id, return_index=True)
        for i, row in zip(ids.tolist(), first.tolist(), strict=True):
            v, pattern = t.values[i], t.pattern_text(row)
            if v.is_number:
                frac = v.number % 1
                assert frac == 0 or frac in allowed, (pattern, v)
            elif v.infinitesimal.is_positive:
                assert v.number.denominator == 1, (pattern, v)
                assert v.number >= 0, (pattern, v)
                assert v.infinitesimal == eps(int(v.number)), (pattern, v)
