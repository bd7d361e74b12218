"""The GOPS explorer's words: a state, a result, what the value means, the rules' choices."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Final

from whistgui.engine.gops import GopsRules, GopsState
from whistgui.engine.gops.limits import MEASURED, cost_words
from whistgui.engine.symbols import MINUS

__all__ = [
    "SCORE_WORDS",
    "SOLVE_TIMES",
    "TIES_WORDS",
    "cards_text",
    "cost_warning",
    "describe_state",
    "plain_state_words",
    "result_words",
    "signed",
    "value_caption",
]

#: How long solving takes on a desktop (CPU time, measured: benchmarks/README.md), for the N
#: box's tip and the unsolved page.
SOLVE_TIMES: Final = (
    "N ≤ 6 solves at once, 7 in a few seconds, 8 in about half a minute, 9 in about 6 minutes "
    "and 2.7 GB of memory (points: 9 in under 2 minutes, 10 in about 13 minutes and 2.9 GB)"
)
#: A solve of at least this many seconds is announced with its cost before it starts.
_WARN_SECONDS: Final = 60.0

TIES_WORDS: Final = {"carry": "carry over", "split": "are split", "lost": "are lost"}
SCORE_WORDS: Final = {"sign": "sign of A − B", "points": "points A − B"}


def cards_text(cards: Sequence[int] | frozenset[int]) -> str:
    return " ".join(map(str, sorted(cards))) or "none"


def signed(n: int) -> str:
    return f"{n:+d}".replace("-", MINUS) if n else "0"


def describe_state(state: GopsState, rules: GopsRules) -> str:
    """The state in words (HTML) for the heading."""
    score = f"score A − B: {signed(state.diff)}"
    score_ = "S" + score[1:]
    hands = f"A holds {cards_text(state.a)}; B holds {cards_text(state.b)}"
    if state.is_over:
        return f"<b>The game is over</b> — {score}. {result_words(state.diff, rules)}"
    if state.is_bidding:
        face_down = f" Prizes face down: {cards_text(state.prizes)}." if state.prizes else ""
        return f"<b>Bidding for a pot of {state.pot}</b>. {hands}.{face_down} {score_}."
    pot = f" A pot of {state.pot} carried over from a tie goes with it." if state.pot else ""
    return (
        f"<b>The next prize is turned</b> from {cards_text(state.prizes)}.{pot} {hands}. {score_}."
    )


def plain_state_words(state: GopsState, rules: GopsRules) -> str:
    """:func:`describe_state` as plain text: the words the explorer's heading uses, for an
    exported figure's caption (review 31b, X6).

    >>> from whistgui.engine.gops import GopsRules, GopsState
    >>> plain_state_words(GopsState.start(3).turn(3), GopsRules(3))
    'Bidding for a pot of 3. A holds 1 2 3; B holds 1 2 3. Prizes face down: 1 2. Score A − B: 0.'
    """
    return re.sub(r"<[^>]+>", "", describe_state(state, rules))


def result_words(diff: int, rules: GopsRules) -> str:
    if rules.score == "points":
        return f"Result for A: {signed(diff)} points."
    return "A wins." if diff > 0 else "B wins." if diff < 0 else "A draw."


def cost_warning(rules: GopsRules) -> str:
    """What solving ``rules`` will take, when it is long (a minute or more of CPU, measured):
    ``'N = 9 takes about 6 minutes of CPU and 2.7 GB of memory'``; else ''."""
    seconds, _peak = MEASURED.get((rules.score, rules.n), (0.0, 0.0))
    if seconds < _WARN_SECONDS:
        return ""
    return f"N = {rules.n} takes {cost_words(rules)}"


def value_caption(rules: GopsRules) -> str:
    if rules.score == "points":
        return "expected points difference A − B with best play"
    return "expected result for A with best play: +1 a win, −1 a loss"
