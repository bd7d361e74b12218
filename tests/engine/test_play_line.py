"""The played line (whistgui.engine.strategy.line and .search): one PlayLine per line, its
steps — best cards or not — and every export drawn from it (text, LaTeX, JSON records); lines
of the other games by exact search."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from whistgui.engine import (
    REFINED_WHIST_RULES,
    Deal,
    Evaluator,
    IllegalPlayError,
    NoTheoryError,
    Player,
    Position,
    Rules,
    Solver,
    Strategist,
    WhistError,
    play_line,
)
from whistgui.engine.games import GAMES, find_game
from whistgui.engine.strategy import SEARCH_MAX_CARDS, Searcher, search_line, value_step
from whistgui.engine.strategy.line import latex_text, make_step, trick_number
from whistgui.engine.strategy.state import trick_start

from .strategies import symmetric_deals

W, E = Player.WEST, Player.EAST
DEAL_15 = Deal.parse("KJ/AQ A/K K/A")
SEARCH_GAMES = [g for g in GAMES if g.name not in ("whist", "refined-whist")]


def card(position: Position, text: str):
    return position.deal.card_from_text(text)


# ----------------------------------------------------------------------------- steps
def test_a_card_that_is_not_best_says_what_it_cost() -> None:
    st_ = Strategist()
    p = Position.start(DEAL_15, W)
    bad = st_.step(p, card(p, "D:K"))
    assert (bad.trick, bad.player, bad.name, bad.wins) == (1, W, "D:K", None)
    assert (bad.mark, bad.best_mark, bad.cost, bad.cost_text) == (1, 2, 1, "1 trick")
    assert not bad.is_best
    assert bad.best == ("H:A",)
    assert bad.reason.startswith("not best: West ends with 1 instead of 2 (1 trick lost)")
    better = bad.reasons["H:A"].text
    assert bad.standing is not None
    assert bad.text_lines() == [
        f" 1. W D:K   {bad.reason}  [gives away 1 trick]",
        f"     better: H:A — {better}",
        f"     now: {bad.standing.text}",
    ]
    # the standing after the mistake: the value after East's best reply, and what it predicts
    assert bad.standing.text == (
        "After East's best reply, the ♦A: value 1½ − ε₀ with East on lead — West should end with 1."
    )
    good = st_.step(p, card(p, "H:A"))
    assert (good.cost, good.cost_text, good.is_best) == (0, "", True)
    assert good.text_lines() == [f" 1. W H:A   {good.reason}"]
    # East's mistake costs East: a higher mark is worse for him
    q = Position.start(DEAL_15, E)
    east = st_.step(q, card(q, "S:A"))
    assert east.mark > east.best_mark
    assert east.cost == east.mark - east.best_mark > 0


def test_a_step_is_the_line_s_step_and_the_follower_completes_the_trick() -> None:
    st_ = Strategist()
    line = st_.play_line(DEAL_15, W)
    p = Position.start(DEAL_15, W)
    for step in line:
        assert st_.step(p, step.card) == step == value_step(Strategist(), p, step.card)
        p = p.play(step.card)
    assert [s.completes_trick for s in line] == [False, True] * 4
    with pytest.raises(IllegalPlayError):
        st_.step(Position.start(DEAL_15, W), card(p, "S:A"))  # East's card


class _MarksOnly:
    """A way of playing that only marks: anything else it is asked fails the test."""

    def __init__(self, inner: Strategist | Searcher) -> None:
        self.inner = inner

    def marks(self, position: Position):
        return self.inner.marks(position)

    def best(self, position: Position):
        raise AssertionError("asked for the best cards of an illegal card's position")

    def reason(self, position: Position, card):
        raise AssertionError("asked why an illegal card")

    def suit_labels(self, position: Position):
        raise AssertionError("asked for labels")

    def value(self, position: Position):
        raise AssertionError("asked for a value")


@pytest.mark.parametrize("way", [Strategist(), Searcher()], ids=["values", "search"])
def test_make_step_refuses_an_illegal_card_before_asking_anything_else(way) -> None:
    p = Position.start(DEAL_15, W)
    east_card = card(p, "S:A")  # East's card, West to play
    with pytest.raises(IllegalPlayError, match="East's card but West is to play"):
        make_step(p, east_card, _MarksOnly(way))
    with pytest.raises(IllegalPlayError, match="East's card but West is to play"):
        way.step(p, east_card)
    led = p.play(card(p, "H:A"))  # East must follow hearts: a spade is not legal
    with pytest.raises(IllegalPlayError, match="does not follow suit"):
        way.step(led, card(led, "S:A"))
    with pytest.raises(IllegalPlayError):
        make_step(led, card(led, "S:A"), _MarksOnly(way))
    # a legal card goes on to ask the rest
    with pytest.raises(AssertionError, match="best cards"):
        make_step(p, card(p, "H:A"), _MarksOnly(way))


def test_trick_numbers_count_from_the_deal_as_dealt() -> None:
    p = Position.start(DEAL_15, E)
    numbers = []
    for step in play_line(DEAL_15, E):
        numbers.append(trick_number(p))
        p = p.play(step.card)
    assert numbers == [1, 1, 2, 2, 3, 3, 4, 4]


# ----------------------------------------------------------------------------- the line
def test_text_lines_are_the_record() -> None:
    line = play_line(DEAL_15, W)
    text = line.text_lines()
    assert text[0] == "KJ/AQ A/K K/A — West on lead"
    assert text[1].startswith(" 1. W H:A   eliminates East's exit before a throw-in")
    assert text[2].startswith(" 1. E H:K   the ♥A is the highest heart left; plays low")
    assert text[3] == "     West wins the trick"
    assert text[-1] == "West took 2 tricks."
    assert len(text) == 1 + 8 + 4 + 1
    assert not any("gives away" in t for t in text)
    # a line cut short is not over: no outcome, no final line
    head = line.upto(3)
    assert (len(head), head.is_over, head.outcome) == (3, False, None)
    assert head.text_lines() == text[:5]
    assert head.then(line[3]).steps == line.steps[:4]


def test_a_line_with_a_mistake() -> None:
    line = play_line(DEAL_15, W, forced=["D:K"])
    assert line.forced == 1
    assert line[0].cost == 1
    assert line.outcome == 1
    assert line.predicted == 2
    assert "[gives away 1 trick]" in line.text_lines()[1]
    assert line.text_lines()[-1] == "West took 1 trick."


def test_latex_is_one_balanced_tabular() -> None:
    line = play_line(Deal.parse("AKQ8/JT97 AQ87/KJT9 AJT7/KQ98 KQ9/AJT"), W)  # (26)
    tex = line.latex()
    rows = tex.splitlines()
    assert rows[0] == r"\begin{tabular}{rllrp{0.6\textwidth}}"
    assert rows[1] == r"trick & player & card & West ends with & why \\"
    assert rows[-1] == r"\end{tabular}"
    body = rows[3:-1]
    assert len(body) == len(line)
    assert body[0].startswith("1 & West & H:8 & 9 & exits in a suit with positive")
    assert all(r.endswith(r" \\") and r.count(" & ") == 4 for r in body)
    assert tex.count("{") == tex.count("}")
    assert all(r.count("$") % 2 == 0 for r in rows)
    assert not any(ch in tex for ch in "♠♥♦♣ε₀₁₂−→½")


def test_latex_text_escapes_specials() -> None:
    assert latex_text("50% & $x_1 #{~^}\\") == (
        r"50\% \& \$x\_1 \#\{\textasciitilde{}\textasciicircum{}\}\textbackslash{}"
    )
    assert latex_text("± ε₂") == r"$\pm$ $\varepsilon$$_2$"


def test_records_are_the_json_objects() -> None:
    line = play_line(DEAL_15, W, solver=Solver())
    records = line.records()
    assert len(records) == len(line) + 1
    json.dumps(records)  # JSON-ready
    first = records[0]
    assert list(first) == [
        "trick",
        "player",
        "card",
        "reason",
        "marks",
        "best",
        "labels",
        "value",
        "predicted",
        "west_tricks",
        "cost",
        "reasons",
        "standing",
    ]
    assert first["marks"] == {"S:K": 1, "S:J": 1, "H:A": 2, "D:K": 1}
    assert first["cost"] == 0
    assert list(first["reasons"]) == list(first["marks"])
    assert {n: r["cost"] for n, r in first["reasons"].items()} == {
        "S:K": 1,
        "S:J": 1,
        "H:A": 0,
        "D:K": 1,
    }
    assert first["reasons"]["H:A"]["reason"] == first["reason"]
    assert first["reasons"]["D:K"]["reason"].startswith("not best: West ends with 1 instead of 2")
    # after the ♥A and East's best reply: East's exit gone, West's left, West on lead
    assert first["standing"] == {"value": "3/2+e0", "lead": "W", "predicted": 2, "reply": "H:K"}
    assert first["labels"][2]["value"] == "e0"
    assert records[-1] == {
        "outcome": 2,
        "predicted": 2,
        "deal": "KJ/AQ A/K K/A",
        "lead": "W",
        "value": "3/2+-e0",
        "confirmed": True,
    }


# ----------------------------------------------------------------------------- rules
def test_values_play_only_whist_and_greedy_whist() -> None:
    st_ = Strategist()
    p = Position.start(DEAL_15, W, find_game("five-card").rules)
    with pytest.raises(NoTheoryError, match="marks from values are whist's or Greedy Whist's"):
        st_.marks(p)
    with pytest.raises(NoTheoryError):
        st_.choice(p)
    # each game's marks come from its own values
    greedy = Position.start(DEAL_15, W, Rules(greedy=True))
    with pytest.raises(NoTheoryError, match="from whist's values, and the position is played"):
        st_.marks(greedy)
    with pytest.raises(NoTheoryError, match="from Greedy Whist's values, and the position"):
        Strategist(Evaluator(greedy=True)).marks(Position.start(DEAL_15, W))
    # refined scoring is whist: the same marks, and confirmed by search in plain whist
    p = Position.start(DEAL_15, W, REFINED_WHIST_RULES)
    assert st_.marks(p) == st_.marks(Position.start(DEAL_15, W))
    assert st_.confirm(p, Solver()) == []


def test_the_start_of_a_trick_keeps_origin_and_rules() -> None:
    deal = Deal.parse("5:AJ/KQ 7:T9/87")
    p = Position.start(deal, E, REFINED_WHIST_RULES)
    mid = p.play(card(p, "5:K"))
    start = trick_start(mid)
    assert start == replace(p, deal=deal)
    assert (start.origin, start.rules, start.led) == (deal, REFINED_WHIST_RULES, None)


# ----------------------------------------------------------------------------- search
@settings(max_examples=30, deadline=None)
@given(symmetric_deals(max_cards=6), st.sampled_from(SEARCH_GAMES), st.sampled_from([W, E]))
def test_search_lines_play_optimal_cards(deal: Deal, game, leader: Player) -> None:
    solver = Solver()
    line = search_line(deal, leader, game)
    assert line.outcome == line.predicted == solver.result(Position.start(deal, leader, game.rules))
    assert line.outcome == solver.outcome(deal, rules=game.rules)[0 if leader is W else 1]
    p = Position.start(deal, leader, game.rules)
    for step in line:
        best = {p.card_name(c) for c in solver.best_cards(p)}
        assert step.name in best
        assert set(step.best) == best
        assert step.marks == {p.card_name(c): r for c, r in solver.card_results(p).items()}
        assert step.cost == 0
        p = p.play(step.card)
    assert p.is_over
    assert line.records()[-1]["confirmed"] is True


def test_single_suits_of_greedy_games_follow_the_normal_strategy() -> None:
    for name in ("greedy-whist", "five-card"):
        for leader in (W, E):
            line = search_line(Deal.parse("KQT8/AJ97"), leader, name)
            assert {s.reason for s in line} == {"the normal strategy (R43 §4)"}
            theory = find_game(name).new_theory()
            assert line[0].labels[0].words == theory.describe(
                theory.element(Deal.parse("KQT8/AJ97").suits[0])
            )
            assert line[0].labels[0].kind == "element"
    misere = search_line(Deal.parse("KQT8/AJ97"), W, "misere-five-card")
    assert {s.reason for s in misere} == {"optimal by exact search"}


def test_search_line_labels_only_where_the_theory_covers_the_cards() -> None:
    # Greedy Whist's values need symmetric suits: none while the spades are 2 to 1, then the
    # hearts left, K/A
    line = search_line(Deal.parse("AQ/K K/AJ"), W, "greedy-whist")
    covered = [bool(s.labels) for s in line]
    assert covered == [False] * 4 + [True] * 2
    leads = [s for s in line if s.wins is None]  # valued, like labelled, at the trick's start
    assert [s.value is None for s in leads] == [not s.labels for s in leads]
    # the narration says when the labels appear
    assert any(t.startswith("  label: S ") for t in line.narration())


def test_a_search_mistake_costs_the_game() -> None:
    rules = find_game("five-card").rules
    p = Position.start(Deal.parse("KQT/AJ9"), W, rules)
    step = Searcher(find_game("five-card").new_theory()).step(p, card(p, "S:T"))
    assert (step.mark, step.best_mark, step.cost, step.cost_text) == (E, W, 1, "the game")
    assert step.reason.startswith("not best: East wins instead of West — leading the ♠T ")
    assert step.reasons["S:K"].text == "the normal strategy (R43 §4)"
    line = search_line(Deal.parse("KQT/AJ9"), W, "five-card", forced=["S:T"])
    assert line.outcome is E
    assert line.text_lines()[-1] == "West took 1 trick; East took the last trick and wins."
    assert line.records()[-1]["outcome"] == "E"
    assert line.latex().splitlines()[1] == r"trick & player & card & winner & why \\"


def test_search_refuses_big_deals() -> None:
    big = Deal.parse("AKQJ/T987 AKQJ/T987 AKQJ/T987 AK/QJ")  # 14 cards a hand
    assert big.size > SEARCH_MAX_CARDS
    with pytest.raises(WhistError, match="14 cards a hand; play by exact search takes at most"):
        search_line(big, W, "five-card")


# ----------------------------------------------------------------------------- refined whist
REFINED_DEALS = ("AQ/KJ K/A", "KJ/AQ A/K K/A", "AJ9/KQT A/K K/A", "AQ/KJ", "K/A A/K")


@pytest.mark.parametrize("text", REFINED_DEALS)
@pytest.mark.parametrize("leader", [Player.WEST, Player.EAST])
def test_a_refined_line_predicts_rho_prime_and_scores_it(text: str, leader: Player) -> None:
    from fractions import Fraction

    from whistgui.engine import Evaluator, Solver, Strategist, rho, rho_prime
    from whistgui.engine.strategy.state import side

    deal = Deal.parse(text)
    value = Evaluator().value(deal)
    line = Strategist(refined=True).play_line(deal, leader, solver=Solver())
    want = side(rho_prime(value), leader)
    assert isinstance(line.predicted, Fraction)
    assert line.predicted == want
    assert line.outcome == want
    assert line.confirmed
    assert all(isinstance(s.predicted, Fraction) for s in line)
    assert f"(ρ′ for {leader.word} on lead)" in line.narration()[1]
    assert line.narration()[-1].startswith(f"Outcome: West scores {want.numerator}/4")
    plain = Strategist().play_line(deal, leader, solver=Solver())  # whist: ρ, tricks, as before
    assert plain.predicted == side(rho(value), leader)
    assert isinstance(plain.predicted, int)
    assert "(ρ for" in plain.narration()[1]
    assert [s.card for s in plain] == [s.card for s in line]


def test_a_refined_reason_counts_points_and_the_standing_names_rho_prime() -> None:
    from whistgui.engine import Position, Strategist

    p = Position.start(Deal.parse("AQ/KJ K/A"), Player.WEST)
    st = Strategist(refined=True)
    r = st.explain(p, p.deal.card_from_text("S:A"))
    assert r.text.startswith("not best: West ends with 5/4 instead of 7/4 (1/2 point lost)")
    assert st.standing(p).text == (
        "Value 1½ + ε₀ with West on lead: West should score 7/4 (ρ′, refined whist)."
    )


def test_an_empty_deal_has_nothing_to_play() -> None:
    from whistgui.engine import Position, Strategist

    line = play_line(Deal.parse("-/-"), Player.WEST)
    assert line.text_lines()[-1] == "Nothing to play: no cards are dealt."
    assert line.narration() == ["-/- — Nothing to play: no cards are dealt."]
    p = Position.start(Deal.parse("-/-"), Player.EAST)
    assert Strategist().standing(p).text == "Nothing to play: no cards are dealt."
    # a deal played out still says what West took
    done = play_line(Deal.parse("A/K"), Player.WEST)
    assert done.text_lines()[-1] == "West took 1 trick."
