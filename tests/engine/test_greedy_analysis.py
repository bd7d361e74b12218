"""Greedy Whist's α in the inspector's terms: which lead reaches each reduction
(``SuitAnalysis.leads_to``) and the explanation's ties over the replies the rule allows."""

from __future__ import annotations

import itertools

import pytest

from whistgui.engine import Evaluator, Player
from whistgui.engine.games.whist.explain import GREEDY_LINE, explain
from whistgui.engine.trick.deal import SuitDeal
from whistgui.engine.trick.rules import Rules

W, E = Player.WEST, Player.EAST


def _suits(n: int) -> list[SuitDeal]:
    """Every symmetric suit of ``n`` cards a hand from the top 2n ranks."""
    ranks = list(range(14, 14 - 2 * n, -1))
    out = []
    for west in itertools.combinations(ranks, n):
        east = tuple(r for r in ranks if r not in west)
        out.append(SuitDeal(west, east))
    return out


@pytest.mark.parametrize("n", [1, 2, 3, 4])
def test_leads_to_is_the_rules_follows_and_every_pair_is_reached(n):
    greedy = Rules(greedy=True)
    for suit in _suits(n):
        a = Evaluator(greedy=True).analyze(suit)
        whist = Evaluator().analyze(suit)
        for i, j in itertools.product(range(n), repeat=2):
            w, e = a.west[i], a.east[j]
            expected = tuple(
                p
                for p, ok in (
                    (W, e in greedy.follows(w, a.east)),
                    (E, w in greedy.follows(e, a.west)),
                )
                if ok
            )
            assert a.leads_to(i, j) == expected, (suit, i, j)
            # in one suit the higher card of a pair may always be played second
            higher = W if w > e else E
            assert higher.other in a.leads_to(i, j)
            assert whist.leads_to(i, j) == (W, E)


def test_a_greedy_pair_can_be_reached_by_one_lead_only():
    a = Evaluator(greedy=True).analyze("KQT/AJ9")  # West's T, Q, K; East's 9, J, A
    assert a.leads_to(0, 1) == (W,)  # East leading the J, West must win with the Q or K
    assert a.leads_to(1, 1) == (E,)  # West leading the Q, East must win with the A
    assert a.leads_to(2, 2) == (W, E)  # nobody can beat the A or the K played under it


def test_leads_to_refuses_an_index_out_of_range():
    a = Evaluator(greedy=True).analyze("AQ/KJ")
    with pytest.raises(ValueError, match="from 0 to 1"):
        a.leads_to(2, 0)
    with pytest.raises(TypeError):
        a.leads_to("0", 0)  # type: ignore[arg-type]


def test_greedy_explanation_ties_only_over_the_replies_allowed():
    # Whist's α of KQT/AJ9 ties (E, 1½) against (W, 1½) in West's K and Q rows; under the
    # greedy rule East must win those leads with the A, the only cell the minimum runs over
    greedy = explain(Evaluator(greedy=True).analyze("KQT/AJ9"))
    assert greedy.lines[0] == GREEDY_LINE
    assert greedy.value.pretty() == "1¾"
    assert not any("rows is" in line for line in greedy.lines), greedy.text
    whist = explain(Evaluator().analyze("KQT/AJ9"))
    assert GREEDY_LINE not in whist.lines


@pytest.mark.parametrize("n", [2, 3, 4])
def test_every_greedy_suit_is_explained_and_its_ties_are_among_allowed_replies(n):
    for suit in _suits(n):
        a = Evaluator(greedy=True).analyze(suit)
        e = explain(a)  # raises TheoryError if a candidate or the value does not fit I(D)
        assert e.lines[0] == GREEDY_LINE
        assert e.value == a.value
        for i in a.maxmin_rows:
            if len(a.replies_to_west(i)) == 1:  # one reply: no tie inside that row
                assert not any(
                    f"West's {suit.card_text(a.west[i])} row is" in line for line in e.lines
                ), (suit, e.text)
