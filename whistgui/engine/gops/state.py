"""A GOPS position: the prizes still face down, both hands, the pot on the table, the score.

Two kinds of state alternate (reply 771.9's VALUE0 and VALUE1):

* a *chance* state — as many prizes face down as cards in each hand; the next prize is about to
  be turned (the pot may hold prizes carried over from a tie);
* a *bidding* state — one card more in each hand than prizes face down: the turned prize is in
  the pot (``pot > 0``), and both players bid a card at once.

A (the first player, the rows of a matrix game) and B (the columns); ``diff`` is A's points
minus B's. The text form names each part, in any order (``pot`` and ``diff`` default to 0, ``-``
is an empty set), and round-trips:

>>> s = GopsState.parse("prizes=1,2,3 a=1,2,3,4 b=1,2,3,4 pot=4")
>>> s
GopsState.parse('prizes=1,2,3 a=1,2,3,4 b=1,2,3,4 pot=4 diff=0')
>>> s.is_bidding, GopsState.parse(str(s)) == s
(True, True)
>>> t = s.bid(4, 2, GopsRules())
>>> str(t), t.is_bidding
('prizes=1,2,3 a=1,2,3 b=1,3,4 pot=0 diff=4', False)
>>> str(t.turn(3))
'prizes=1,2 a=1,2,3 b=1,3,4 pot=3 diff=4'
>>> str(GopsState.start(3)), str(t.swapped())
('prizes=1,2,3 a=1,2,3 b=1,2,3 pot=0 diff=0', 'prizes=1,2,3 a=1,3,4 b=1,2,3 pot=0 diff=-4')
>>> GopsState.parse("prizes=1,2 a=1,2,3")
Traceback (most recent call last):
...
whistgui.engine.errors.NotationError: 'prizes=1,2 a=1,2,3': no b=; expected a GOPS state like ...
>>> GopsState([1, 2], [1, 2, 2], [2, 3])
Traceback (most recent call last):
...
whistgui.engine.errors.DealError: a holds the card 2 twice; expected cards from 1 to 13, each once
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from itertools import islice

from whistgui.engine.checks import described, expect, whole
from whistgui.engine.errors import ArgumentTypeError, DealError, IllegalPlayError, NotationError
from whistgui.engine.gops.rules import MAX_N, GopsRules
from whistgui.engine.reading import quote

__all__ = ["MAX_POINTS", "GopsState"]

_EXAMPLE = "prizes=1,2,3 a=1,2,3 b=1,2,3 pot=0 diff=0"
#: Every prize point there is: 1 + 2 + … + 13. The pot, the prizes face down and the points
#: won by either player share them, so pot + prizes + |diff| never exceeds this.
MAX_POINTS = MAX_N * (MAX_N + 1) // 2
_KEYS = ("prizes", "a", "b", "pot", "diff")
#: Numbers of a state's text longer than this are refused unread (no card or score is).
_MAX_DIGITS = 6


def _cards(xs: object, name: str) -> frozenset[int]:
    """The cards ``xs`` (any iterable of ints but text) as a frozenset: ArgumentTypeError
    naming ``name`` for one that is not an int, DealError for one not from 1 to N or given
    twice (an iterable of more than N cards is read no further)."""
    if type(xs) is frozenset and all(type(c) is int and 1 <= c <= MAX_N for c in xs):
        return xs  # the engine's own states: turn, bid, swapped
    if isinstance(xs, (str, bytes)) or not isinstance(xs, Iterable):
        raise ArgumentTypeError(
            f"{name} must be cards (an iterable of ints from 1 to {MAX_N}), not {described(xs)}"
        )
    items = [whole(c, f"each card of {name}") for c in islice(xs, MAX_N + 1)]
    for c in items:
        if not 1 <= c <= MAX_N:
            raise DealError(f"{name} holds {quote(c)}; expected cards from 1 to {MAX_N}")
    cards = frozenset(items)
    if len(cards) < len(items):
        twice = next(c for c in items if items.count(c) > 1)
        raise DealError(
            f"{name} holds the card {twice} twice; expected cards from 1 to {MAX_N}, each once"
        )
    return cards


def _head(digits: str) -> str:
    """A long number's first digits, for a message."""
    return digits if len(digits) <= 12 else f"{digits[:12]}…"


def _text(cards: frozenset[int]) -> str:
    return ",".join(map(str, sorted(cards))) or "-"


@dataclass(frozen=True, slots=True, init=False)
class GopsState:
    """A chance state (``len(prizes) == len(a) == len(b)``) or a bidding state (one card more in
    each hand, ``pot > 0``). Any iterables of cards (ints from 1 to N, each once) are accepted
    and kept as frozensets; an argument of the wrong type raises
    :class:`~whistgui.engine.errors.ArgumentTypeError` naming it, a state that cannot happen
    :class:`~whistgui.engine.errors.DealError`."""

    prizes: frozenset[int]
    a: frozenset[int]
    b: frozenset[int]
    pot: int
    diff: int

    def __init__(
        self,
        prizes: Iterable[int],
        a: Iterable[int],
        b: Iterable[int],
        pot: int = 0,
        diff: int = 0,
    ) -> None:
        set_ = object.__setattr__
        set_(self, "pot", whole(pot, "pot"))
        set_(self, "diff", whole(diff, "diff"))
        set_(self, "prizes", _cards(prizes, "prizes"))
        set_(self, "a", _cards(a, "a"))
        set_(self, "b", _cards(b, "b"))
        if self.pot < 0:
            raise DealError(f"pot = {quote(self.pot)}: expected 0 or more prize points")
        points = self.pot + sum(self.prizes) + abs(self.diff)
        if points > MAX_POINTS:
            raise DealError(
                f"pot + prizes + |diff| = {quote(points)}: more points than a suit of {MAX_N} "
                f"cards holds ({MAX_POINTS})"
            )
        if len(self.a) != len(self.b):
            raise DealError(
                f"a holds {len(self.a)} cards and b {len(self.b)}: expected as many in each hand"
            )
        k, p = len(self.a), len(self.prizes)
        if k == p + 1:
            if self.pot == 0:
                raise DealError(
                    "a bidding state (one card more in each hand than prizes face down) with "
                    "pot = 0: expected the turned prize in the pot"
                )
        elif k != p:
            raise DealError(
                f"{p} prizes face down and {k} cards in each hand: expected as many prizes "
                "(the next is about to be turned) or one fewer (a prize has been turned)"
            )

    @classmethod
    def start(cls, n: int) -> GopsState:
        """The chance state before the first prize: all of 1..n face down, both hands full."""
        n = whole(n, "n")
        if not 1 <= n <= MAX_N:
            raise NotationError(f"N = {quote(n)}: expected a number of cards from 1 to {MAX_N}")
        cards = frozenset(range(1, n + 1))
        return cls(cards, cards, cards)

    @classmethod
    def parse(cls, text: str) -> GopsState:
        """The text form ``'prizes=1,2,3 a=1,2,3,4 b=1,2,3,4 pot=4 diff=0'``, parts in any
        order, ``pot`` and ``diff`` 0 when left out, ``-`` for an empty set."""

        def bad(why: str) -> NotationError:
            return NotationError(f"{quote(text)}: {why}; expected a GOPS state like {_EXAMPLE!r}")

        expect(text, str, "text", f"a GOPS state's text (a str) like {_EXAMPLE!r}")
        parts: dict[str, str] = {}
        for word in text.split():
            key, eq, value = word.partition("=")
            key = key.lower()
            if not eq or key not in _KEYS:
                raise bad(f"{quote(word)} is not one of prizes=, a=, b=, pot=, diff=")
            if key in parts:
                raise bad(f"{key}= given twice")
            parts[key] = value
        for key in ("prizes", "a", "b"):
            if key not in parts:
                raise bad(f"no {key}=")
        sets: dict[str, list[int]] = {}
        for key in ("prizes", "a", "b"):
            value = parts[key]
            if value == "-":
                sets[key] = []
                continue
            if not re.fullmatch(r"\d+(,\d+)*", value):
                raise bad(f"{key}={quote(value)} is not a list of cards like 1,2,3 (or - for none)")
            longest = max(value.split(","), key=len)
            if len(longest) > _MAX_DIGITS:
                raise bad(
                    f"{key}= holds the {len(longest)}-digit number {_head(longest)}, not a card "
                    f"from 1 to {MAX_N}"
                )
            cards = [int(c) for c in value.split(",")]
            if len(set(cards)) != len(cards):
                raise bad(f"{key}={value} holds a card twice")
            sets[key] = cards
        numbers: dict[str, int] = {}
        for key in ("pot", "diff"):
            value = parts.get(key, "0")
            if not re.fullmatch(r"[-+−]?\d+", value):
                raise bad(f"{key}={quote(value)} is not a whole number")
            if len(value) > _MAX_DIGITS + 1:
                raise bad(
                    f"{key}= is a number of {len(value.lstrip('-+−'))} digits "
                    f"({_head(value)}); expected at most {MAX_POINTS} prize points"
                )
            numbers[key] = int(value.replace("−", "-"))
        try:
            return cls(
                frozenset(sets["prizes"]),
                frozenset(sets["a"]),
                frozenset(sets["b"]),
                numbers["pot"],
                numbers["diff"],
            )
        except DealError as exc:
            raise bad(str(exc)) from None

    def __str__(self) -> str:
        return (
            f"prizes={_text(self.prizes)} a={_text(self.a)} b={_text(self.b)} "
            f"pot={self.pot} diff={self.diff}"
        )

    def __repr__(self) -> str:
        return f"GopsState.parse({str(self)!r})"

    @property
    def is_bidding(self) -> bool:
        """A prize has been turned: both players bid now."""
        return len(self.a) == len(self.prizes) + 1

    @property
    def is_over(self) -> bool:
        """No cards left: the result is the score difference (a carried pot is lost)."""
        return not self.a

    def turn(self, prize: int) -> GopsState:
        """The chance state's next prize turned: it joins the pot, and bidding starts."""
        prize = whole(prize, "prize")
        if self.is_bidding:
            raise IllegalPlayError(f"{self}: a prize is already turned; bid first")
        if prize not in self.prizes:
            raise IllegalPlayError(
                f"prize {quote(prize)} is not face down; expected one of {_text(self.prizes)}"
            )
        return GopsState(self.prizes - {prize}, self.a, self.b, self.pot + prize, self.diff)

    def bid(self, i: int, j: int, rules: GopsRules) -> GopsState:
        """A bids ``i`` and B bids ``j``: the higher bid takes the pot; equal bids carry it over,
        split it or lose it (``rules.ties``). A carried pot with no prizes left is lost."""
        i, j = whole(i, "i"), whole(j, "j")
        expect(rules, GopsRules, "rules")
        if not self.is_bidding:
            raise IllegalPlayError(f"{self}: no prize is turned; turn one before bidding")
        if i not in self.a:
            raise IllegalPlayError(f"A bids {quote(i)}: not in A's hand {_text(self.a)}")
        if j not in self.b:
            raise IllegalPlayError(f"B bids {quote(j)}: not in B's hand {_text(self.b)}")
        a, b = self.a - {i}, self.b - {j}
        if i > j:
            return GopsState(self.prizes, a, b, 0, self.diff + self.pot)
        if i < j:
            return GopsState(self.prizes, a, b, 0, self.diff - self.pot)
        if rules.ties == "carry" and self.prizes:
            return GopsState(self.prizes, a, b, self.pot, self.diff)
        return GopsState(self.prizes, a, b, 0, self.diff)

    def check(self, rules: GopsRules) -> GopsState:
        """This state, if a game by ``rules`` can reach it: its cards from 1 to N, no more
        points in the pot and the score than the prizes gone (N's 1 + 2 + … + N less those
        face down) could have made, and with ties that split or lose the pot, no pot carried
        (a bidding state's pot is the prize just turned). DealError saying what does not fit.

        >>> s = GopsState.parse("prizes=1,2 a=1,2 b=1,3 pot=0 diff=7")
        >>> s.check(GopsRules(4)) is s
        True
        >>> s.check(GopsRules(3))
        Traceback (most recent call last):
        ...
        whistgui.engine.errors.DealError: pot + |diff| = 7 points, more than the 3 of the \
prizes gone (N = 3: 6 points, 3 still face down)
        """
        n = expect(rules, GopsRules, "rules").n
        top = max((*self.prizes, *self.a, *self.b), default=0)
        if top > n:
            raise DealError(f"the card {top} is not one of N = {n} (cards 1 to {n})")
        total, face_down = n * (n + 1) // 2, sum(self.prizes)
        gone = total - face_down
        points = self.pot + abs(self.diff)
        if points > gone:
            raise DealError(
                f"pot + |diff| = {points} points, more than the {gone} of the prizes gone "
                f"(N = {n}: {total} points, {face_down} still face down)"
            )
        if rules.ties != "carry":
            words = "split" if rules.ties == "split" else "lose"
            if not self.is_bidding and self.pot:
                raise DealError(
                    f"pot = {self.pot} before a prize is turned: when ties {words} the pot, "
                    "none is carried over"
                )
            if self.is_bidding and (self.pot > n or self.pot in self.prizes):
                raise DealError(
                    f"pot = {self.pot}: when ties {words} the pot, it holds only the prize just "
                    f"turned, a card from 1 to {n} not face down"
                )
        return self

    def swapped(self) -> GopsState:
        """The same position seen by the other player: hands exchanged, the difference negated."""
        return GopsState(self.prizes, self.b, self.a, self.pot, -self.diff)
