"""The engine's words for results, outcomes and elements: one wording of an outcome for every
caller (rules.outcome_text), counted nouns ("1 trick", "2 tricks"), and the minus sign of
texts meant for reading (U+2212, never ASCII "-" before a digit) while the forms meant to be
typed back keep ASCII."""

from __future__ import annotations

import contextlib
import re
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from whistgui.engine import (
    Deal,
    NoTheoryError,
    Outcome,
    Player,
    Scoring,
    Solver,
    SuitDeal,
    outcome_text,
    result_text,
)
from whistgui.engine.games import GAMES, Game, find_game
from whistgui.engine.games.single_suit import all_patterns
from whistgui.engine.strategy import search_line
from whistgui.engine.strategy.line import mark_text
from whistgui.engine.symbols import minus, signed

from .strategies import symmetric_deals

W, E = Player.WEST, Player.EAST
#: an ASCII hyphen-minus written as a minus: before a digit
ASCII_MINUS = re.compile(r"-\s?\d")
#: a count with the wrong number, or a hedge
BAD_COUNT = re.compile(r"\b1 tricks\b|\b(?:0|[2-9]|\d\d+) trick\b|trick\(s\)")


# ----------------------------------------------------------------------------- outcomes
@pytest.mark.parametrize(
    ("outcome", "text"),
    [
        (Outcome(1, 1), "West takes 1 trick with West on lead and 1 with East on lead"),
        (Outcome(2, 1), "West takes 2 tricks with West on lead and 1 with East on lead"),
        (Outcome(0, 1), "West takes 0 tricks with West on lead and 1 with East on lead"),
        (
            Outcome(Fraction(5, 4), Fraction(3, 4)),
            "West scores 5/4 with West on lead and 3/4 with East on lead",
        ),
        (Outcome(W, W), "West wins whoever leads"),
        (Outcome(E, E), "East wins whoever leads"),
        (Outcome(W, E), "the player on lead wins"),
        (Outcome(E, W), "the player on lead loses"),
    ],
)
def test_outcome_text(outcome: Outcome, text: str) -> None:
    assert outcome_text(outcome) == text


@pytest.mark.parametrize(
    ("result", "long", "short"),
    [(2, "2", "2"), (Fraction(7, 4), "7/4", "7/4"), (W, "West wins", "W"), (E, "East wins", "E")],
)
def test_result_text_long_and_short(result, long: str, short: str) -> None:
    assert result_text(result) == long
    assert result_text(result, short=True) == short == mark_text(result)


@settings(max_examples=150, deadline=None)
@given(deal=symmetric_deals(max_cards=5), game=st.sampled_from(GAMES))
def test_outcomes_of_every_game_count_their_tricks_right(deal: Deal, game: Game) -> None:
    o = Solver().outcome(deal, rules=game.rules)
    text = outcome_text(o)
    assert not BAD_COUNT.search(text), text
    if game.rules.scoring is Scoring.TRICKS:
        noun = "trick" if o.west_lead == 1 else "tricks"
        assert text.startswith(f"West takes {o.west_lead} {noun} with West on lead and ")
    elif isinstance(o.west_lead, Player):
        assert "wins" in text or "loses" in text


def test_greedy_whist_words_its_unequal_outcomes_by_the_engine() -> None:
    t = find_game("greedy-whist").new_theory()
    assert t is not None
    suit = SuitDeal.parse("QT/KJ")  # n = 2, H_Greedy = −1: the lead decides
    x = t.element(suit)
    assert t.outcome(x) == Outcome(0, 1)
    assert t.pretty(x) == "½"  # a value in whist's words (R43's numbers in the details)
    assert t.describe(x) == "number; the outcome depends on the lead"
    assert t.details(suit)["H_Greedy"] == -1


# ----------------------------------------------------------------------------- minus signs
def _suits(max_n: int) -> list[SuitDeal]:
    out = []
    for n in range(max_n + 1):
        for pattern in all_patterns(n):
            ranks = range(2, 2 + 2 * n)
            west = [r for r, o in zip(ranks, pattern, strict=True) if o == "W"]
            east = [r for r, o in zip(ranks, pattern, strict=True) if o == "E"]
            out.append(SuitDeal(sorted(west, reverse=True), sorted(east, reverse=True)))
    return out


SUITS = _suits(4)


@pytest.mark.parametrize("game", GAMES, ids=[g.name for g in GAMES])
def test_game_texts_write_minus_as_the_minus_sign(game: Game) -> None:
    texts = [game.title, game.source, game.notes, game.rules.describe()]
    theory = game.new_theory()
    assert theory is not None
    texts.append(theory.title)
    negative = 0
    for suit in SUITS:
        x = theory.element(suit)
        pair = (x,)
        with contextlib.suppress(NoTheoryError):  # Greedy Whist has no sums
            pair = (x, theory.add(x, x))
        for y in pair:
            texts += [theory.describe(y), theory.pretty(y)]
            negative += "-" in theory.text(y)
    bad = [t for t in texts if ASCII_MINUS.search(t)]
    assert not bad, bad[:5]
    if game.name != "whist" and game.name != "refined-whist":
        assert negative, "the suits include elements with a negative part"


@pytest.mark.parametrize(
    ("game", "suit", "text", "words"),
    [
        ("five-card", "K/A", "-1", "trace −1: East wins whoever leads"),
        ("greedy-whist", "KQ/AJ", "1-e1", "exit for East with 1 stopper"),
        ("misere-five-card", "KQ/AJ", "-1", "exit for East with 1 stopper"),
    ],
)
def test_negative_elements_read_with_minus_and_type_back_in_ascii(
    game: str, suit: str, text: str, words: str
) -> None:
    theory = find_game(game).new_theory()
    assert theory is not None
    x = theory.element(SuitDeal.parse(suit))
    assert theory.text(x) == text  # the typed form keeps ASCII, and parses back
    assert theory.parse(text) == x
    assert theory.describe(x).startswith(words)
    assert "−" in theory.pretty(x)


def test_a_five_card_line_narrates_a_negative_trace_with_minus() -> None:
    line = search_line(Deal.parse("K/A Q/A"), W, "five-card")
    text = "\n".join(line.narration())
    assert "trace −2: East wins whoever leads" in text
    assert not ASCII_MINUS.search(text), text
    assert line.records()[-1]["value"] == "-2"  # JSON keeps the typed form


def test_signed_and_minus() -> None:
    assert [signed(n) for n in (3, 0, -3)] == ["+3", "+0", "−3"]
    assert [minus(n) for n in (3, 0, -3)] == ["3", "0", "−3"]
