"""Random deals to order: deals drawn at random until they meet a constraint written in the
language of Hans van Staveren's Dealer program, read and evaluated by :mod:`endplay.dealer`.

A constraint is an expression over the four hands ``north east south west``:

- ``hcp(h)`` (high-card points), ``spades(h)`` ``hearts(h)`` ``diamonds(h)`` ``clubs(h)``
  (lengths), ``controls(h)``, ``loser(h)``, ``hascard(h, AS)``, and a suit's share of them:
  ``hcp(h, spades)``, ``loser(h, hearts)``;
- ``shape(h, 5431 + any 4333 + any 4432 - 4333)``: exact shapes (spades, hearts, diamonds,
  clubs; ``x`` for any length) and ``any`` shapes (in any order of suits);
- numbers, ``+ - * / %``, comparisons ``== != < <= > >=``, ``&&`` ``||`` ``!`` (also ``and``
  ``or`` ``not``), ``? :`` and parentheses.

>>> expr = "hcp(south) >= 15 && hcp(south) <= 17 && shape(south, any 4333 + any 4432)"
>>> deals = constrained_deals(expr, 2, seed=1)
>>> len(deals), all(15 <= hcp(d, Seat.S) <= 17 for d in deals)
(2, True)
>>> constrained_deals("hcp(north) > 37", 1, seed=1, max_tries=500)  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
whistgui.engine.bridge.dealing.DealingError: no deal met 'hcp(north) > 37' in 500 tries; ...
"""

from __future__ import annotations

import random
import re
import threading
import warnings
from collections.abc import Callable
from typing import Any, Final

from whistgui.engine.bridge.deal import BridgeDeal, Seat
from whistgui.engine.checks import expect, optional_callable, whole
from whistgui.engine.errors import NotationError, WhistError
from whistgui.engine.reading import quote

__all__ = [
    "MAX_CONSTRAINT",
    "MAX_TRIES",
    "Constraint",
    "DealingError",
    "constrained_deals",
    "hcp",
]

#: The longest constraint read (a few lines of conditions is far less).
MAX_CONSTRAINT: Final = 2000
#: The most parentheses a constraint may nest (endplay's parser takes time exponential in it).
MAX_NESTING: Final = 12
#: Deals tried before giving up, by default: half a minute or so of evaluating a constraint
#: (about 0.3 ms a try on 2 cores shared).
MAX_TRIES: Final = 100_000
#: How often (in tries) progress is told and the stop asked for.
_EVERY: Final = 500
_POINTS: Final = {14: 4, 13: 3, 12: 2, 11: 1}
_EVAL_ERRORS: Final = (ArithmeticError, LookupError, TypeError, ValueError, AttributeError)


class DealingError(WhistError):
    """No deal met the constraint in the tries allowed (or the search was stopped)."""


_IMPORT_LOCK: Final = threading.Lock()


def hcp(deal: BridgeDeal, seat: Seat) -> int:
    """High-card points of ``seat``'s hand (A 4, K 3, Q 2, J 1)."""
    return sum(_POINTS.get(c.rank, 0) for c in expect(deal, BridgeDeal, "deal").hand(seat))


class Constraint:
    """A Dealer-language constraint ``text``, read (NotationError quoting it when it is not
    one), that a deal meets or not."""

    __slots__ = ("test", "text")

    def __init__(self, text: str) -> None:
        self.text = expect(text, str, "text", "a constraint (a str such as 'hcp(north) >= 12')")
        self.test = self._read(text)

    def __repr__(self) -> str:
        return f"Constraint({self.text!r})"

    @classmethod
    def parse(cls, text: str) -> Constraint:
        """The constraint ``text`` means; NotationError quoting it when it is not one."""
        return cls(text)

    @staticmethod
    def _read(text: str) -> Callable[[Any], object]:
        if len(text) > MAX_CONSTRAINT:
            raise NotationError(
                f"the constraint has {len(text):,} characters: {quote(text)}; expected at most "
                f"{MAX_CONSTRAINT:,}"
            )
        depth = deepest = 0
        for ch in text:
            depth += (ch == "(") - (ch == ")")
            deepest = max(deepest, depth)
        if deepest > MAX_NESTING:
            raise NotationError(
                f"the constraint {quote(text)} nests {deepest} parentheses; expected at most "
                f"{MAX_NESTING}"
            )
        if not text.strip():
            raise NotationError(f"{quote(text)} is no constraint; {_HINT}")
        _check_names(text)
        # one thread at a time imports endplay's dealer: the app's dialog (on the GUI thread)
        # and a deal being made on the engine service's importing it at once saw the package
        # half made ("partially initialized module 'endplay.dealer' has no attribute
        # 'run_script'", Python's way out of two threads each holding one of its locks)
        with _IMPORT_LOCK, warnings.catch_warnings():
            warnings.simplefilter("ignore", DeprecationWarning)  # pyparsing's, of its grammar
            from endplay.dealer.constraint import ConstraintInterpreter
            from pyparsing import ParseBaseException

            interpreter = ConstraintInterpreter()  # type: ignore[no-untyped-call]
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore", DeprecationWarning)
                tree = interpreter.parse(text)
        except ParseBaseException as exc:
            at = int(exc.loc)
            raise NotationError(
                f"{quote(text)} is not a constraint: it cannot be read at character {at + 1} "
                f"({quote(text[at : at + 20]) if at < len(text) else 'its end'}); {_HINT}"
            ) from None
        except RecursionError:
            raise NotationError(f"{quote(text)} is nested too deeply; {_HINT}") from None
        test: Callable[[Any], object] = interpreter.lambdify(tree)
        return test

    def __call__(self, deal: Any) -> bool:
        """Whether the (endplay) deal meets it; NotationError when it cannot be worked out
        (a division by zero) or is no condition (a number)."""
        try:
            value = self.test(deal)
        except _EVAL_ERRORS as exc:
            raise NotationError(f"{quote(self.text)} cannot be worked out: {exc}") from None
        if not isinstance(value, bool):
            raise NotationError(
                f"{quote(self.text)} is a number ({value}), not a condition; expected a "
                "comparison such as 'hcp(north) >= 12'"
            )
        return value


#: The Dealer language's functions endplay reads, its hands, and the other words it knows.
_FUNCTIONS: Final = (
    "hcp", "spades", "hearts", "diamonds", "clubs", "controls", "loser", "losers", "hascard",
    "shape",
)  # fmt: skip
_HANDS: Final = ("north", "east", "south", "west")
_WORDS: Final = frozenset((*_FUNCTIONS, *_HANDS, "any", "and", "or", "not"))
_NAME: Final = re.compile(r"(?<![\w])([A-Za-z_]\w*)\s*(\(\s*([A-Za-z_]\w*))?")


def _check_names(text: str) -> None:
    """NotationError naming a word the Dealer language does not know — a function that is
    none (``hcps(north)``), a hand that is none (``hcp(sud)``), a bare word (``foo``) — and
    the functions and hands it knows (endplay said only "'foo' cannot be worked out")."""
    known = (
        f"expected a function ({', '.join(_FUNCTIONS)}) of a hand ({', '.join(_HANDS)}), "
        "e.g. 'hcp(south) >= 15'"
    )
    for m in _NAME.finditer(text):
        word, call, argument = m.group(1), m.group(2), m.group(3)
        if word.lower() in ("and", "or", "not") or set(word.lower()) <= set("x0123456789"):
            continue  # an operator (not (…)), a shape (xxxx)
        if call is not None:
            if word.lower() not in _FUNCTIONS:
                raise NotationError(
                    f"{quote(text)} is not a constraint: {quote(word)} is not a function; {known}"
                )
            if argument.lower() not in _HANDS:
                raise NotationError(
                    f"{quote(text)} is not a constraint: {quote(argument)} is not a hand; "
                    "expected north, east, "
                    f"south or west, as in '{word}(north)'"
                )
        elif len(word) > 2 and word.lower() not in _WORDS and not any(c.isdigit() for c in word):
            raise NotationError(
                f"{quote(text)} is not a constraint: {quote(word)} is not a word it knows; " + known
            )


_HINT: Final = (
    "expected a condition in the Dealer language, e.g. 'hcp(south) >= 15 && "
    "shape(south, any 4333 + any 4432) && spades(north) >= 5'"
)


def _tally(found: list[BridgeDeal], count: int) -> str:
    """`` (2 of 5 found)`` when more than one deal was asked for; ``''`` for one.

    >>> _tally([], 1), _tally([], 5)
    ('', ' (0 of 5 found)')
    """
    return f" ({len(found)} of {count} found)" if count > 1 else ""


def constrained_deals(
    constraint: str | None,
    count: int,
    seed: int | None = None,
    *,
    max_tries: int = MAX_TRIES,
    progress: Callable[[int, int], None] | None = None,
    should_stop: Callable[[], bool] | None = None,
) -> list[BridgeDeal]:
    """``count`` random deals that meet ``constraint`` (any deal when it is None), drawn from
    ``random.Random(seed)`` (the same seed, the same deals). ``progress(found, tried)`` is told
    every few hundred tries, and ``should_stop()`` asked as often; :class:`DealingError` when
    ``max_tries`` deals were tried without finding ``count`` (or when stopped), NotationError
    quoting a constraint that cannot be read."""
    test = Constraint.parse(constraint) if constraint is not None else None  # (checks its type)
    count = whole(count, "count", low=1, high=10_000, what="a count of deals, from 1 to 10,000")
    if seed is not None:
        seed = whole(seed, "seed", low=0, what="a seed, a whole number from 0")
    max_tries = whole(max_tries, "max_tries", low=1, what="a count of tries, from 1")
    optional_callable(progress, "progress")
    optional_callable(should_stop, "should_stop")
    from endplay.types import Card, Deal, Denom, Player, Rank

    rnd = random.Random(seed)
    # endplay's cards, shuffled and dealt as endplay's generator deals them; only a deal that
    # meets the constraint is made one of ours
    cards = [Card(suit=suit, rank=rank) for suit in Denom.suits() for rank in Rank]
    players = list(Player)
    found: list[BridgeDeal] = []
    tried = 0
    while len(found) < count:
        if tried >= max_tries:
            raise DealingError(
                f"no deal met {quote(constraint)} in {max_tries:,} tries{_tally(found, count)}; "
                "the constraint is impossible, or too rare to meet by chance"
            )
        if tried % _EVERY == 0 and tried:
            if progress is not None:
                progress(len(found), tried)
            if should_stop is not None and should_stop():
                raise DealingError(f"stopped after {tried:,} tries{_tally(found, count)}")
        tried += 1
        rnd.shuffle(cards)
        deal = Deal()
        for i, player in enumerate(players):
            deal[player].extend(cards[13 * i : 13 * i + 13])
        if test is None or test(deal):
            found.append(BridgeDeal.parse(deal.to_pbn()))
    if progress is not None:
        progress(len(found), tried)
    return found
