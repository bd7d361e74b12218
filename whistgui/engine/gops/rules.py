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
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from whistgui.engine.errors import NotationError

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


def _quote(value: object) -> str:
    """``repr(value)`` for a message, cut at 80 characters; a description where Python will not
    write it (an integer of over 4,300 digits, even inside a list)."""
    try:
        text = repr(value)
    except ValueError:
        return f"a {type(value).__name__} holding a number of thousands of digits"
    return text if len(text) <= 80 else f"{text[:80]}…"


@dataclass(frozen=True, slots=True)
class GopsRules:
    """N cards in each suit (1..N), how ties are settled, and what the result is."""

    n: int = 6
    ties: str = "carry"
    score: str = "sign"

    def __post_init__(self) -> None:
        if isinstance(self.n, bool) or not isinstance(self.n, int) or not 1 <= self.n <= MAX_N:
            raise NotationError(
                f"N = {_quote(self.n)}: expected a number of cards from 1 to {MAX_N}"
            )
        if self.ties not in TIES:
            raise NotationError(f"ties {_quote(self.ties)}: expected one of {', '.join(TIES)}")
        if self.score not in SCORES:
            raise NotationError(f"score {_quote(self.score)}: expected one of {', '.join(SCORES)}")

    @classmethod
    def parse(cls, n: int, ties: str, score: str) -> GopsRules:
        """The rules named by a user (a command line's options): NotationError quoting a bad one."""
        return cls(n, ties.strip().lower(), score.strip().lower())

    def describe(self) -> str:
        """In words: ``'N = 6, ties carry over, result = sign of the score difference'``."""
        return f"N = {self.n}, {_TIE_WORDS[self.ties]}, {_SCORE_WORDS[self.score]}"

    def to_json(self) -> dict[str, Any]:
        return {"n": self.n, "ties": self.ties, "score": self.score}

    @classmethod
    def from_json(cls, data: Any) -> GopsRules:
        """The rules :meth:`to_json` wrote; NotationError for anything else."""
        if not isinstance(data, dict) or set(data) - {"n", "ties", "score"}:
            raise NotationError(f"{_quote(data)}: expected GOPS rules like {cls().to_json()!r}")
        return cls(data.get("n", 6), data.get("ties", "carry"), data.get("score", "sign"))
