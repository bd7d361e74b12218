"""The rules of a GOPS game: the deck size N and the two variants the literature plays.

The thread's game (topic 771.0) is the default: each player holds 1..6, equal bids *carry* the
prize over to the next turn (a pot still carried when no prizes remain is lost), and the result
is the *sign* of the final score difference (win 1, draw 0, loss −1). Variants: ties *split*
the pot (each player gets half: the difference does not change) or *lose* it (it is
discarded); the result as the *points* difference (what later literature solves).

Both split and lost leave the difference unchanged and clear the pot, and both results depend
on the difference only, so the two tie rules give the same values; they are kept apart because
they are different games to a player who counts his own points.

>>> GopsRules()
GopsRules(n=6, ties='carry', score='sign')
>>> GopsRules(7, "split", "points").describe()
'N = 7, ties split the pot, result = points difference'
>>> GopsRules.from_json(GopsRules(5).to_json()) == GopsRules(5)
True
>>> GopsRules.parse(6, "share", "sign")
Traceback (most recent call last):
...
whistgui.engine.errors.NotationError: ties 'share': expected one of carry, split, lost
>>> GopsRules(6.0)
Traceback (most recent call last):
...
whistgui.engine.errors.ArgumentTypeError: n must be a whole number (an int), not float 6.0
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from whistgui.engine.checks import expect, whole
from whistgui.engine.errors import NotationError
from whistgui.engine.reading import quote, quote_json

__all__ = ["MAX_N", "SCORES", "TIES", "GopsRules"]

#: The tie rules: the pot carries over to the next prize, is split, or is lost.
TIES = ("carry", "split", "lost")
#: The results: the sign of the final score difference, or the difference itself.
SCORES = ("sign", "points")
#: The largest deck: a suit has 13 cards.
MAX_N = 13

_TIE_WORDS = {
    "carry": "ties carry over",
    "split": "ties split the pot",
    "lost": "ties lose the pot",
}
_SCORE_WORDS = {
    "sign": "result = sign of the score difference",
    "points": "result = points difference",
}


@dataclass(frozen=True, slots=True)
class GopsRules:
    """N cards in each suit (1..N), how ties are settled, and what the result is: an argument
    of the wrong type is an ArgumentTypeError naming it, a value not in the rules a
    NotationError quoting it."""

    n: int = 6
    ties: str = "carry"
    score: str = "sign"

    def __post_init__(self) -> None:
        n = whole(self.n, "n")
        expect(self.ties, str, "ties", f"a tie rule (a str: {', '.join(TIES)})")
        expect(self.score, str, "score", f"a result (a str: {', '.join(SCORES)})")
        if not 1 <= n <= MAX_N:
            raise NotationError(f"N = {quote(n)}: expected a number of cards from 1 to {MAX_N}")
        object.__setattr__(self, "n", n)  # an int, also when given a numpy integer
        if self.ties not in TIES:
            raise NotationError(f"ties {quote(self.ties)}: expected one of {', '.join(TIES)}")
        if self.score not in SCORES:
            raise NotationError(f"score {quote(self.score)}: expected one of {', '.join(SCORES)}")

    @classmethod
    def parse(cls, n: int, ties: str, score: str) -> GopsRules:
        """The rules named by a user (a command line's options), the names in any case and
        spacing: NotationError quoting a bad one."""
        expect(ties, str, "ties", f"a tie rule (a str: {', '.join(TIES)})")
        expect(score, str, "score", f"a result (a str: {', '.join(SCORES)})")
        return cls(n, ties.strip().lower(), score.strip().lower())

    def describe(self) -> str:
        """In words: ``'N = 6, ties carry over, result = sign of the score difference'``."""
        return f"N = {self.n}, {_TIE_WORDS[self.ties]}, {_SCORE_WORDS[self.score]}"

    def to_json(self) -> dict[str, Any]:
        return {"n": self.n, "ties": self.ties, "score": self.score}

    @classmethod
    def from_json(cls, data: Any) -> GopsRules:
        """The rules :meth:`to_json` wrote; NotationError for anything else, quoting it as the
        file writes it (JSON).

        >>> GopsRules.from_json({"n": 4, "ties": "share"})  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        whistgui.engine.errors.NotationError: {"n": 4, "ties": "share"}: "ties" is "share"; ...
        """
        like = json.dumps(cls().to_json())  # as a file writes them
        if not isinstance(data, dict) or set(data) - {"n", "ties", "score"}:
            raise NotationError(f"{quote_json(data)}: expected GOPS rules like {like}")
        fields: tuple[tuple[str, Callable[[Any], bool], str], ...] = (
            ("n", _is_n, f"a whole number from 1 to {MAX_N}"),
            ("ties", lambda v: type(v) is str and v in TIES, f"one of {', '.join(TIES)}"),
            ("score", lambda v: type(v) is str and v in SCORES, f"one of {', '.join(SCORES)}"),
        )
        for key, good, what in fields:
            if key in data and not good(data[key]):
                raise NotationError(
                    f'{quote_json(data)}: "{key}" is {quote_json(data[key])}; expected {what} '
                    f"(GOPS rules like {like})"
                )
        return cls(data.get("n", 6), data.get("ties", "carry"), data.get("score", "sign"))


def _is_n(v: Any) -> bool:
    """Is ``v`` (read from a file) a deck's N, from 1 to MAX_N?"""
    return type(v) is int and 1 <= v <= MAX_N
