"""Play from values (whistgui.engine.strategy): marks, choice, labels and the paper's narration.

Marks come from values only (Theorem 12.1); here they are checked against the exact search on
random symmetric deals, and the reasons against the lines the paper narrates in §6, §15 and §16
(deals (15), (17), (19), (24), (25), (26), (27)). Where the paper describes a particular line,
the line is forced with explicit cards (``Position.play`` or ``play_line(forced=...)``).
"""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings

from whistgui.app.examples import load_examples
from whistgui.engine import (
    AsymmetricSuitError,
    Deal,
    IllegalPlayError,
    Player,
    Position,
    Solver,
    Strategist,
    TheoryError,
    Value,
    confirm,
    play_line,
    suit_labels,
)
from whistgui.engine.trick.cards import Card

from .strategies import symmetric_deals

W, E = Player.WEST, Player.EAST
EXAMPLES = {e.number: e.deal for e in load_examples()}


@pytest.fixture(scope="module")
def st() -> Strategist:
    return Strategist()


def names(position: Position, cards: list[Card]) -> set[str]:
    return {position.deal.card_name(c) for c in cards}


def play(position: Position, *cards: str) -> Position:
    for c in cards:
        position = position.play(position.deal.card_from_text(c))
    return position


def card(position: Position, text: str) -> Card:
    return position.deal.card_from_text(text)


def chosen(st: Strategist, position: Position) -> tuple[str, str]:
    c = st.choice(position)
    return position.deal.card_name(c), st.reason(position, c)


# ----------------------------------------------------------------------------- against search
@settings(max_examples=70, deadline=None)
@given(symmetric_deals(max_cards=8))
def test_marks_and_line_agree_with_search(deal: Deal) -> None:
    """Every mark (plain and refined) of every legal card at every step of the played line is
    the solver's; ``best`` is exactly the solver's optimal set; the line reaches the solver's
    outcome for both leads."""
    st, solver = Strategist(), Solver()
    for leader in (W, E):
        line = st.play_line(deal, leader)
        assert line.outcome == solver.result(Position.start(deal, leader))
        assert line.predicted == line.outcome
        position = Position.start(deal, leader)
        for step in line:
            searched = solver.card_results(position)
            assert st.marks(position) == searched
            assert st.refined_marks(position) == solver.card_results(position, refined=True)
            best = set(st.best(position))
            assert best == set(solver.best_cards(position))
            target = (max if position.to_move is W else min)(searched.values())
            for c, m in searched.items():
                assert (c in best) == (m == target)
            assert st.choice(position) in best
            assert step.predicted == line.outcome
            position = position.play(step.card)
        assert position.is_over


@settings(max_examples=25, deadline=None)
@given(symmetric_deals(max_cards=6))
def test_confirmed_line_has_reasons_for_every_card(deal: Deal) -> None:
    st = Strategist()
    for leader in (W, E):
        line = st.play_line(deal, leader, solver=Solver())
        assert line.confirmed
        position = Position.start(deal, leader)
        for step in line:
            for c in position.legal_cards():
                text = st.reason(position, c)
                assert text
                assert text.startswith("not best") == (c not in st.best(position))
            position = position.play(step.card)


def test_confirm_agrees_and_reports_disagreements_loudly() -> None:
    position = Position.start(EXAMPLES[17], E)
    assert confirm(position, Solver()) == []

    class Liar(Solver):
        def card_results(
            self, position: Position, *, refined: bool = False
        ) -> dict[Card, int | Fraction]:
            return {c: r + 1 for c, r in super().card_results(position, refined=refined).items()}

    bad = confirm(position, Liar())
    assert len(bad) == 2 * len(position.legal_cards())  # plain and refined
    assert "by search" in str(bad[0])
    with pytest.raises(TheoryError, match="disagree with exact search"):
        play_line(EXAMPLES[17], E, solver=Liar())


def test_confirm_skips_big_deals_but_can_be_forced(st: Strategist) -> None:
    big = Position.start(EXAMPLES[26], W)  # 15 cards a hand
    assert st.confirm(big, Solver()) == []  # not searched
    small = Position.start(EXAMPLES[25], E)  # 10 cards a hand: forced search
    assert st.confirm(small, Solver(), max_cards=None) == []


# ----------------------------------------------------------------------------- mechanics
def test_marks_of_a_mid_trick_position(st: Strategist) -> None:
    p = play(Position.start(Deal.parse("AJ9/KQT"), E), "S:K")  # deal (23)
    assert {p.deal.card_name(c): m for c, m in st.marks(p).items()} == {
        "S:A": 1,
        "S:J": 1,
        "S:9": 2,
    }
    assert names(p, st.best(p)) == {"S:9"}
    assert st.predicted(p) == 2
    assert st.value(p) == Value.parse("3/2")  # the value at the start of the trick


def test_marks_count_tricks_already_taken(st: Strategist) -> None:
    p = play(Position.start(EXAMPLES[15], W), "H:A", "H:K")
    assert p.west_tricks == 1
    assert max(st.marks(p).values()) == 2
    assert set(st.refined_marks(p).values()) <= {Fraction(7, 4), Fraction(5, 4), Fraction(3, 4)}


def test_asymmetric_deals_are_refused(st: Strategist) -> None:
    p = Position.start(Deal.parse("AQ/K K/AJ"), W)
    with pytest.raises(AsymmetricSuitError, match="not symmetric"):
        st.marks(p)
    with pytest.raises(AsymmetricSuitError):
        play_line(Deal.parse("AQ/K K/AJ"), W)


def test_choice_at_the_end_and_illegal_cards(st: Strategist) -> None:
    p = play(Position.start(Deal.parse("A/K"), W), "S:A", "S:K")
    assert p.is_over
    assert st.marks(p) == {}
    assert st.best(p) == []
    with pytest.raises(IllegalPlayError):
        st.choice(p)
    q = Position.start(Deal.parse("A/K Q/J"), W)
    with pytest.raises(IllegalPlayError):
        st.reason(q, Card(0, 13))  # East's king


def test_choice_rule_follower_wins_cheaply_and_leader_follows_section_15(
    st: Strategist,
) -> None:
    # (17) East on lead: every card gives West 3, §15 attacks West's exit (hearts)
    p = Position.start(EXAMPLES[17], E)
    assert len(st.best(p)) == len(p.legal_cards())
    assert chosen(st, p)[0] == "H:K"
    # (19) West on lead: every card gives 3; refined marks keep the red and club leads,
    # §15 picks a suit with East's exit, the first in the deal: diamonds
    p = Position.start(EXAMPLES[19], W)
    assert chosen(st, p)[0] == "D:K"
    # a follower wins as cheaply as he can when that is among the best
    p = play(Position.start(EXAMPLES[26], E), "S:J")
    assert chosen(st, p)[0] == "S:Q"


def test_suit_labels_and_how_they_change(st: Strategist) -> None:
    labels = suit_labels(EXAMPLES[27])
    assert [(lab.name, lab.kind, lab.exit_for, lab.stoppers) for lab in labels] == [
        ("S", "exit", E, 2),
        ("H", "exit", W, 2),
        ("D", "number", None, 0),
        ("C", "number", None, 0),
    ]
    assert str(labels[0]) == "S 3 − ε₂: exit for East with 2 stoppers"
    assert str(labels[3]) == "C 2½: number; the outcome depends on the lead"
    line = st.play_line(EXAMPLES[15], W)
    assert [lab.text for lab in line[0].labels] == [
        "S ½: number; the outcome depends on the lead",
        "H 1 − ε₀: exit for East, unprotected",
        "D ε₀: exit for West, unprotected",
    ]
    # after the heart ace is cashed, hearts are played out
    assert line[2].labels[1].kind == "played out"
    assert str(line[2].labels[1]) == "H played out"
    # a mid-trick position is labelled at the start of its trick
    p = play(Position.start(EXAMPLES[15], W), "H:A")
    assert st.suit_labels(p) == st.suit_labels(EXAMPLES[15])


def test_line_records(st: Strategist) -> None:
    line = st.play_line(EXAMPLES[15], W)
    assert len(line) == 2 * EXAMPLES[15].size
    first, second = line[0], line[1]
    assert (first.trick, first.player, first.name, first.wins) == (1, W, "H:A", None)
    assert first.marks == {"S:K": 1, "S:J": 1, "H:A": 2, "D:K": 1}
    assert first.best == ("H:A",)
    assert first.value == Value.parse("3/2+-e0")
    assert (second.trick, second.player, second.wins, second.west_tricks) == (1, E, W, 1)
    assert second.value == Value.parse("3/2+e0")  # after the trick: 1 + [K J, A Q] + [K, A]
    assert [s.predicted for s in line] == [2] * len(line)
    assert line.outcome == line.predicted == 2
    assert line.start_value == Value.parse("3/2+-e0")


def test_thirteen_cards_a_hand_play_out_from_values() -> None:
    """A full 13-card deal plays out from values alone (its speed is measured in
    benchmarks/bench_play.py, not asserted here)."""
    deal = Deal.parse("Q843/J965 J92/A86 KQ2/AT8 KQT/A95")
    line = Strategist().play_line(deal, W)
    assert len(line) == 26
    assert line.outcome == line.predicted


# ----------------------------------------------------------------------------- the paper
def test_deal_15_elimination_and_throw_in(st: Strategist) -> None:
    """West on lead cashes the ♥A (eliminating East's exit), then exits with the ♦K:
    East is thrown in and must lead spades."""
    p = Position.start(EXAMPLES[15], W)
    name, why = chosen(st, p)
    assert name == "H:A"
    assert "eliminates East's exit before a throw-in" in why
    p = play(p, "H:A", "H:K")
    name, why = chosen(st, p)
    assert name == "D:K"
    assert "exits in a suit with positive infinitesimal part, putting East on lead" in why
    assert "throw-in: East must now lead from a number suit" in why
    # and East on lead does the same to West: the ♦A first, then the ♥K
    p = Position.start(EXAMPLES[15], E)
    name, why = chosen(st, p)
    assert name == "D:A"
    assert "eliminates West's exit before a throw-in" in why
    name, why = chosen(st, play(p, "D:A", "D:K"))
    assert name == "H:K"
    assert "putting West on lead" in why
    assert "throw-in: West must now lead" in why


def test_deal_17_the_stopper(st: Strategist) -> None:
    """East attacks West's exit with a heart; West wins with the ♥A (the stopper), cashes the
    ♦A (eliminating East's exit) and plays the ♥J (throw-in)."""
    p = Position.start(EXAMPLES[17], E)
    name, why = chosen(st, p)
    assert name in ("H:K", "H:Q")
    assert why.startswith("attacks West's exit")
    p = p.play(st.choice(p))
    assert names(p, st.best(p)) == {"H:A"}
    name, why = chosen(st, p)
    assert name == "H:A"
    assert "wins to keep a stopper" in why
    p = play(p, "H:A")
    name, why = chosen(st, p)
    assert name == "D:A"
    assert "eliminates East's exit" in why
    p = play(p, "D:A", "D:K")
    name, why = chosen(st, p)
    assert name == "H:J"
    assert "exits in a suit with positive infinitesimal part" in why
    assert "throw-in: East must now lead from a number suit" in why
    # West on lead cashes the red aces before exiting with the second heart
    line = st.play_line(EXAMPLES[17], W)
    west_leads = [s.name for s in line if s.player is W and s.wins is None][:3]
    assert west_leads == ["D:A", "H:A", "H:J"]
    assert line.outcome == 3


def test_deal_19_the_number_of_stoppers(st: Strategist) -> None:
    """If West leads a diamond, East takes with the ace and returns a heart."""
    p = Position.start(EXAMPLES[19], W)
    assert st.predicted(p) == 3  # East wins the fight for the second spade trick
    p = play(p, "D:K")
    name, why = chosen(st, p)
    assert name == "D:A"
    assert "wins to keep a stopper" in why
    p = play(p, "D:A")
    name, why = chosen(st, p)
    assert name.startswith("H:")
    assert "attacks West's exit" in why
    assert st.marks(p)[card(p, name)] == 3


def test_deal_24_win_the_ace_after_the_wrong_lead(st: Strategist) -> None:
    """East's spade lead is not best (he should eliminate diamonds and exit in hearts); but
    after the ♠K West must win with the ace: the lead is worth a trick."""
    p = Position.start(EXAMPLES[24], E)
    assert names(p, st.best(p)) == {"D:A"}
    assert "eliminates West's exit before a throw-in" in chosen(st, p)[1]
    why = st.reason(p, card(p, "S:K"))
    assert why.startswith("not best: West ends with 3 instead of 2")
    p = play(p, "S:K")
    assert names(p, st.best(p)) == {"S:A"}
    name, why = chosen(st, p)
    assert name == "S:A"
    assert "wins to take the lead" in why
    assert "± ε₀" in why
    assert st.reason(p, card(p, "S:9")).startswith("not best: West ends with 2 instead of 3")
    # then West cashes his heart and exits in diamonds, for three tricks
    line = st.play_line(EXAMPLES[24], E, forced=["S:K"])
    assert [s.name for s in line][1:6] == ["S:A", "H:A", "H:K", "D:K", "D:A"]
    assert line.outcome == 3


def test_deal_25_hold_up_in_a_number_deal(st: Strategist) -> None:
    """East leads the ♠K: West must play low to keep East on lead."""
    p = Position.start(EXAMPLES[25], E)
    assert st.predicted(p) == 6
    p = play(p, "S:K")
    assert st.marks(p)[card(p, "S:A")] == 5
    assert names(p, st.best(p)) == {"S:9", "S:8"}
    name, why = chosen(st, p)
    assert name == "S:8"
    assert why == (
        "holds up (plays low although it could win) to keep East on lead"
        " — winning would cost a trick"
    )
    assert st.reason(p, card(p, "S:A")).startswith("not best: West ends with 5 instead of 6")
    # If East then leads the ♥Q, West takes the trick and returns the ♦K
    q = play(p, "S:8", "H:Q")
    q = q.play(st.choice(q))
    assert q.leader is W
    assert chosen(st, q)[0] == "D:K"
    # If instead East leads a small diamond, West takes it and clears the hearts
    line = st.play_line(EXAMPLES[25], E, forced=["S:K", "S:8", "D:T"])
    assert line[3].player is W
    assert line.steps[3].wins is W
    west_hearts = [s.name for s in line.steps[4:10] if s.player is W]
    assert west_hearts == ["H:A", "H:K", "H:T"]
    assert line.outcome == 6


def test_deal_26_exit_in_the_suit_with_positive_infinitesimal(st: Strategist) -> None:
    """West on lead must exit with a small heart (only way to nine tricks); then the two
    main lines: ♠J — West wins and leads a middle diamond (the only possibility); ♦K — West
    wins and plays four rounds of spades, putting East on lead with the last one."""
    p = Position.start(EXAMPLES[26], W)
    assert st.value(p) == Value.parse("17/2+e2")
    assert names(p, st.best(p)) == {"H:8", "H:7"}
    name, why = chosen(st, p)
    assert name in ("H:8", "H:7")
    assert "exits in a suit with positive infinitesimal part, putting East on lead" in why
    assert "hearts 2 + ε₂ → 2" in why
    assert "throw-in: East must now lead from a number suit" in why
    for lead in ("S:A", "D:J", "C:K"):  # a lead in a numerical suit weakens it
        assert st.reason(p, card(p, lead)).startswith("not best: West ends with 8 instead of 9")

    after_exit = play(p, "H:7", "H:9")
    assert all(lab.is_number for lab in st.suit_labels(after_exit))
    # line 1: East leads the spade jack
    q = play(after_exit, "S:J")
    assert st.choice(q) in st.best(q)
    q = q.play(st.choice(q))
    assert q.leader is W
    assert names(q, st.best(q)) == {"D:J", "D:T"}  # a middle diamond, the only possibility
    assert "number avoidance" in chosen(st, q)[1]
    # line 2: East leads the diamond king
    line = st.play_line(EXAMPLES[26], W, forced=["H:7", "H:9", "D:K"])
    assert line[3].name == "D:A"
    west = [s for s in line.steps[4:12] if s.player is W]
    assert [s.name for s in west] == ["S:A", "S:K", "S:Q", "S:8"]
    assert "cashes a sure trick" in west[0].reason
    assert "putting East on lead" in west[3].reason
    assert line[11].wins is E  # East on lead after the fourth spade
    assert line.outcome == 9


def test_deal_27_the_race_to_knock_out_stoppers(st: Strategist) -> None:
    """West attacks East's exit in spades (any spade), clears the spades and exits with the ♥9;
    when East then leads the ♦K, West must hold up."""
    p = Position.start(EXAMPLES[27], W)
    assert st.predicted(p) == 11
    assert {n for n in names(p, st.best(p))} == {"S:K", "S:Q", "S:T", "S:9", "S:8"}
    name, why = chosen(st, p)
    assert name.startswith("S:")
    assert "attacks East's exit" in why
    # three rounds of hearts first will not do
    assert st.reason(p, card(p, "H:A")).startswith("not best: West ends with 10 instead of 11")

    line = st.play_line(EXAMPLES[27], W)
    assert line.outcome == 11
    exit_step = next(s for s in line if s.name == "H:9")
    assert exit_step.player is W
    assert "exits in a suit with positive infinitesimal part" in exit_step.reason
    assert "throw-in: East must now lead from a number suit" in exit_step.reason
    # the spades were cleared before the exit
    before_exit = line.steps[: line.steps.index(exit_step)]
    assert sum(1 for s in before_exit if s.card.suit == 0) == 2 * 5
    assert any("eliminates East's exit before a throw-in" in s.reason for s in before_exit)

    # East now on lead sets the trap: the ♦K
    p = Position.start(EXAMPLES[27], W)
    for s in line.steps[: line.steps.index(exit_step) + 2]:
        p = p.play(s.card)
    assert p.leader is E
    assert p.led is None
    assert all(lab.is_number or lab.kind == "played out" for lab in st.suit_labels(p))
    p = play(p, "D:K")
    assert st.marks(p)[card(p, "D:A")] == 10
    name, why = chosen(st, p)
    assert st.marks(p)[card(p, name)] == 11
    assert "holds up (plays low although it could win) to keep East on lead" in why
    assert "winning would cost a trick" in why


def test_a_reply_under_the_highest_card_left_says_so(st: Strategist) -> None:
    """Deal (27), trick 8: West leads the ♦A (a mistake). East holds the ♦K and ♦Q, but no
    card could beat the ace: the reason says it is the highest diamond left, not that East
    "cannot beat" it. Under a king with the ace still in the leader's hand, East cannot."""
    line = st.play_line(EXAMPLES[27], W)
    p = Position.start(EXAMPLES[27], W)
    for s in line.steps:
        if s.trick == 8:
            break
        p = p.play(s.card)
    assert p.leader is W
    p = play(p, "D:A")
    assert {"D:K", "D:Q"} <= names(p, p.legal_cards())
    assert st.reason(p, card(p, "D:4")) == "the ♦A is the highest diamond left; plays low"
    assert st.reason(p, card(p, "D:8")) == "the ♦A is the highest diamond left; plays the ♦8"
    assert all("cannot beat" not in st.reason(p, c) for c in p.legal_cards())
    # the leader keeps the ace: East cannot beat the king
    p = play(Position.start(Deal.parse("AK/QJ"), W), "S:K")
    assert st.reason(p, card(p, "S:J")) == "cannot beat the ♠K; plays low"
    # a suit of no standard name
    p = play(Position.start(Deal.parse("A/K A/K A/K A/K A/K"), W), "5:A")
    assert st.reason(p, card(p, "5:K")) == "the 5:A is the highest card left in suit 5; plays low"


def test_deal_18_number_of_exits_does_not_matter(st: Strategist) -> None:
    line = st.play_line(Deal.parse("KJ/AQ K/A A/K A/K"), W)
    leads = [s for s in line if s.player is W and s.wins is None][:3]
    assert [s.name for s in leads] == ["D:A", "C:A", "H:K"]
    assert "eliminates one of East's exits" in leads[0].reason
    assert "eliminates East's exit before a throw-in" in leads[1].reason
    assert "throw-in: East must now lead from a number suit" in leads[2].reason
    assert line.outcome == 3
