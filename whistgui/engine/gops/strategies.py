"""GOPS strategies, named as the thread names them (issue 30): ``face+k`` (bid the card k
above the prize just turned, wrapping from N to 1; ``face`` is ``face+0`` — 771.1, 771.4,
771.6), ``random`` (every card left equally likely), ``optimal`` (the solved game's mixed bids,
:class:`OptimalStrategy`) and a strategy read from a JSON file (:class:`TableStrategy`).

A strategy answers a :class:`Turn` — what its player sees when bidding: the state from its own
side (``a`` its hand, ``b`` the other's, ``diff`` its points less the other's) and the prize
just turned (``shown``; with ties carried the pot may hold more) — with :data:`Bids`, its bids
and their probabilities as fractions (increasing bids, each probability above 0, summing to 1).
:mod:`~whistgui.engine.gops.exact_play` plays two strategies against each other exactly.

>>> rules = GopsRules(4)
>>> turn = Turn.parse("shown=4 prizes=1,2,3 a=1,2,3,4 b=1,2,3,4 pot=4")
>>> strategy("face+1", rules).bids(turn)
((1, Fraction(1, 1)),)
>>> [str(p) for _, p in strategy("random", rules).bids(turn)]
['1/4', '1/4', '1/4', '1/4']
>>> strategy("face+9", rules)
Traceback (most recent call last):
...
whistgui.engine.errors.NotationError: strategy 'face+9': expected face+k with k from 0 to 3 \
(face+4 is face, N = 4)

The file form (:meth:`TableStrategy.from_json`, :func:`read_strategy_file`)::

    {"gops_strategy": 1, "n": 3, "name": "mine", "otherwise": "random",
     "bids": {"shown=2 prizes=1,3 a=1,2,3 b=1,2,3 pot=2 diff=0": 3,
              "shown=1 prizes=3 a=1,3 b=2,3 pot=1 diff=-2": {"1": "1/3", "3": 0.5}}}

``gops_strategy`` is the format's version (1); ``n`` the deck; ``bids`` maps a turn's text
(:meth:`Turn.parse`: ``shown=`` then a bidding state, seen from the strategy's side) to a bid
or to bids with probabilities (numbers — decimals are read as the exact decimals they write —
or fractions in text, ``"1/3"``), which must sum to exactly 1. ``name`` (text) and
``otherwise`` (``face+k`` or ``random``: what to bid in a turn the file does not list) may be
left out; without ``otherwise`` a turn the file does not list is an error when play reaches it.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Mapping
from fractions import Fraction
from pathlib import Path
from typing import Any, Final

from whistgui.engine.checks import expect, whole
from whistgui.engine.errors import ArgumentError, DealError, NotationError
from whistgui.engine.gops.ordered import ORDERS, OrderedGame, check_order
from whistgui.engine.gops.rules import MAX_N, GopsRules
from whistgui.engine.gops.state import GopsState
from whistgui.engine.reading import json_error, quote, quote_json, quote_path

__all__ = [
    "MAX_STRATEGY_BYTES",
    "MAX_STRATEGY_TURNS",
    "NAMES",
    "OPTIMAL_EXACT_CARDS",
    "ORDERS",
    "Bids",
    "FaceStrategy",
    "OptimalStrategy",
    "RandomStrategy",
    "Strategy",
    "TableStrategy",
    "Turn",
    "read_strategy_file",
    "strategy",
    "unknown_strategies",
]

#: A strategy's answer: ``((bid, probability), …)``, bids increasing, probabilities > 0 and
#: summing to 1.
Bids = tuple[tuple[int, Fraction], ...]

#: The named strategies (``face+k`` for k from 0 to N − 1; a file by its path).
NAMES: Final = ("face", "face+k", "random", "optimal")
#: The largest N whose optimal bids are the solver's exact solution. At N = 6 its fractions
#: run to thousands of digits (the first prize's bids: 2,768 digits a denominator), and a play
#: multiplies them through six turns into numbers of hundreds of thousands of digits (face
#: against optimal: 400 s and more, no result); from N = 6 on, ``optimal`` bids its float
#: solution's probabilities instead, rounded to multiples of 2⁻⁶⁰ (:data:`FLOAT_GRID`) that
#: sum to exactly 1, and a play with it is not exact (:attr:`Strategy.exact` False).
OPTIMAL_EXACT_CARDS: Final = 5
#: Float probabilities are rounded to multiples of ``1 / FLOAT_GRID`` (2⁶⁰): a play's
#: numbers then stay within some 60 bits a turn.
FLOAT_GRID: Final = 1 << 60
#: The largest strategy file read (a file of N = 6 listing every turn of a game is a few MB).
MAX_STRATEGY_BYTES: Final = 8_000_000
#: The most turns a strategy file lists.
MAX_STRATEGY_TURNS: Final = 100_000
#: The most characters of a number or fraction in a strategy file or a matrix.
MAX_NUMBER_CHARS: Final = 40

_TURN_EXAMPLE = "shown=2 prizes=1,3 a=1,2,3 b=1,2,3 pot=2 diff=0"
_ONE = Fraction(1)


def _mask(cards: frozenset[int]) -> int:
    m = 0
    for c in cards:
        m |= 1 << c
    return m


def _cards(m: int) -> list[int]:
    return [c for c in range(1, MAX_N + 1) if m >> c & 1]


class Turn:
    """What a player sees when it bids: ``state`` (a bidding :class:`GopsState` from its own
    side: ``a`` its hand, ``diff`` its lead) and ``shown``, the prize just turned (in the pot,
    not face down). Text: ``'shown=2 prizes=1,3 a=1,2,3 b=1,2,3 pot=2 diff=0'``; equal turns
    have equal text and hash.

    >>> t = Turn.parse("pot=3 shown=2 prizes=1 a=1,2 b=1,3 diff=1")
    >>> t, Turn.parse(str(t)) == t
    (Turn.parse('shown=2 prizes=1 a=1,2 b=1,3 pot=3 diff=1'), True)
    >>> Turn.parse("shown=1 prizes=1,3 a=1,2,3 b=1,2,3 pot=1")
    Traceback (most recent call last):
    ...
    whistgui.engine.errors.NotationError: 'shown=1 prizes=1,3 a=1,2,3 b=1,2,3 pot=1': the prize \
shown, 1, is still face down; expected a turn like 'shown=2 prizes=1,3 a=1,2,3 b=1,2,3 pot=2 diff=0'
    """

    __slots__ = ("_key", "shown", "state")

    state: GopsState
    shown: int
    _key: str

    def __init__(self, state: GopsState, shown: int) -> None:
        expect(state, GopsState, "state")
        shown = whole(shown, "shown")
        if not state.is_bidding:
            raise DealError(
                f"{state} is a chance state: a turn is a bidding state (one card more in each "
                "hand than prizes face down)"
            )
        if not 1 <= shown <= MAX_N:
            raise DealError(f"shown = {quote(shown)}: expected a prize from 1 to {MAX_N}")
        if shown in state.prizes:
            raise DealError(f"the prize shown, {shown}, is still face down")
        if shown > state.pot:
            raise DealError(f"the prize shown, {shown}, is more than the pot, {state.pot}")
        object.__setattr__(self, "state", state)
        object.__setattr__(self, "shown", shown)
        object.__setattr__(self, "_key", f"shown={shown} {state}")

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("a Turn is immutable")

    @classmethod
    def parse(cls, text: str) -> Turn:
        """``'shown=K'`` and a bidding state's text (:meth:`GopsState.parse`), in any order."""
        expect(text, str, "text", f"a turn's text (a str) like {_TURN_EXAMPLE!r}")
        words = text.split()
        shown = [w for w in words if w.lower().startswith("shown=")]

        def bad(why: str) -> NotationError:
            return NotationError(f"{quote(text)}: {why}; expected a turn like {_TURN_EXAMPLE!r}")

        if len(shown) != 1:
            raise bad("no shown=" if not shown else "shown= given twice")
        digits = shown[0].partition("=")[2]
        if not re.fullmatch(r"\d{1,6}", digits):
            raise bad(f"shown={quote(digits)} is not a prize")
        rest = " ".join(w for w in words if w is not shown[0])
        try:
            return cls(GopsState.parse(rest), int(digits))
        except NotationError as exc:
            if str(exc).startswith(quote(rest)):
                raise bad(
                    str(exc).removeprefix(quote(rest) + ": ").split("; expected")[0]
                ) from None
            raise
        except DealError as exc:
            raise bad(str(exc).split("; expected")[0]) from None

    def __str__(self) -> str:
        return self._key

    def __repr__(self) -> str:
        return f"Turn.parse({self._key!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Turn) and other._key == self._key

    def __hash__(self) -> int:
        return hash(self._key)


class Strategy:
    """A way to bid: :meth:`bids` answers a :class:`Turn`. ``uses_score`` says whether the bids
    depend on ``diff`` (a play of strategies that do not keeps the score out of its memo).
    Subclasses override :meth:`bids`; the exact play calls :meth:`_bids`, which a subclass may
    override with a faster form of the same answer."""

    name: str = "strategy"
    uses_score: bool = True
    #: Are the probabilities the strategy's own exact ones (False: floats of a float solution)?
    exact: bool = True

    def bids(self, turn: Turn) -> Bids:
        raise NotImplementedError

    def _bids(self, prizes: int, mine: int, theirs: int, pot: int, diff: int, shown: int) -> Bids:
        """:meth:`bids` of the turn given as masks (bit c: card c)."""
        state = GopsState(_cards(prizes), _cards(mine), _cards(theirs), pot, diff)
        return self.bids(Turn(state, shown))

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name}>"


class FaceStrategy(Strategy):
    """``face+k``: the card ``k`` above the prize shown, wrapping from N to 1 (``face+1`` bids
    1 for the prize N). Over a whole game each prize is shown once, so the card is always in
    hand; from another state, if it is gone, the next card above it in hand (wrapping)."""

    uses_score = False

    def __init__(self, n: int, k: int = 0) -> None:
        self.n = whole(n, "n", low=1, high=MAX_N)
        self.k = whole(k, "k", low=0, high=self.n - 1)
        self.name = "face" if self.k == 0 else f"face+{self.k}"

    def bids(self, turn: Turn) -> Bids:
        expect(turn, Turn, "turn")
        s = turn.state
        return self._bids(_mask(s.prizes), _mask(s.a), _mask(s.b), s.pot, s.diff, turn.shown)

    def _bids(self, prizes: int, mine: int, theirs: int, pot: int, diff: int, shown: int) -> Bids:
        n = self.n
        target = (shown - 1 + self.k) % n
        for step in range(n):
            card = (target + step) % n + 1
            if mine >> card & 1:
                return ((card, _ONE),)
        top = mine.bit_length() - 1  # a hand of cards above N (a state of a larger deck)
        return ((top, _ONE),)


class RandomStrategy(Strategy):
    """``random``: each card in hand with the same probability."""

    name = "random"
    uses_score = False

    def bids(self, turn: Turn) -> Bids:
        expect(turn, Turn, "turn")
        cards = sorted(turn.state.a)
        return tuple((c, Fraction(1, len(cards))) for c in cards)

    def _bids(self, prizes: int, mine: int, theirs: int, pot: int, diff: int, shown: int) -> Bids:
        cards = _cards(mine)
        p = Fraction(1, len(cards))
        return tuple((c, p) for c in cards)


def _mixed(bids: list[int], probs: list[Fraction]) -> Bids:
    return tuple((b, p) for b, p in zip(bids, probs, strict=True) if p > 0)


def grid_bids(bids: list[int], floats: list[float]) -> Bids:
    """Float probabilities as fractions of :data:`FLOAT_GRID` summing to exactly 1 (a
    negative float, a solver's rounding, as 0; the rounding's remainder to the likeliest).

    >>> sum(p for _, p in grid_bids([1, 2, 3], [0.5, 1 / 3, 1 / 6]))
    Fraction(1, 1)
    >>> grid_bids([1, 2], [1.0, -1e-18])
    ((1, Fraction(1, 1)),)
    """
    weights = [max(0, round(x * FLOAT_GRID)) if x == x else 0 for x in floats]
    total = sum(weights)
    if total <= 0:
        raise ArgumentError(f"the float strategy {floats!r} has no positive probability")
    top = max(range(len(weights)), key=weights.__getitem__)
    weights[top] += FLOAT_GRID - total
    if weights[top] <= 0:  # a sum far from 1: scale instead
        weights = [w * FLOAT_GRID // total for w in weights]
        top = max(range(len(weights)), key=weights.__getitem__)
        weights[top] += FLOAT_GRID - sum(weights)
    return tuple((b, Fraction(w, FLOAT_GRID)) for b, w in zip(bids, weights, strict=True) if w)


class OptimalStrategy(Strategy):
    """``optimal``: in each turn, an optimal mixed bid of the matrix game of that state (the
    row player's strategy of the subgame), so it is optimal from any state on: with the random
    order, :class:`~whistgui.engine.gops.solver.GopsSolver`'s exact solution for N up to
    :data:`OPTIMAL_EXACT_CARDS`, above it its float solution (:func:`grid_bids`:
    :attr:`floats` and not :attr:`exact`); with a known order the game of
    :class:`~whistgui.engine.gops.ordered.OrderedGame`, solved exactly. It depends on the
    rules (ties and result) it is made for; the score matters to it unless the result is points.
    """

    name = "optimal"

    def __init__(self, rules: GopsRules, order: str = "random", solver: Any = None) -> None:
        from whistgui.engine.gops.solver import GopsSolver, solve_limit

        self.rules = expect(rules, GopsRules, "rules")
        self.order = check_order(order)
        self.uses_score = rules.score != "points"
        self._solver: Any
        if self.order == "random":
            if rules.n > solve_limit(rules):
                raise ArgumentError(
                    f"optimal for N = {rules.n}: the game is solved for N up to "
                    f"{solve_limit(rules)} with the {rules.score} result"
                )
            self._solver = solver if solver is not None else GopsSolver(rules)
            self.exact = rules.n <= OPTIMAL_EXACT_CARDS
            #: Does it bid the float solution (N above OPTIMAL_EXACT_CARDS, random order)?
            self.floats = not self.exact
        else:
            self._solver = OrderedGame(rules, self.order)
            self.exact = True
            self.floats = False
        self._memo: dict[tuple[int, int, int, int, int], Bids] = {}

    @property
    def solver(self) -> Any:
        """The solver of its game (a GopsSolver, or an OrderedGame for a known order)."""
        return self._solver

    def bids(self, turn: Turn) -> Bids:
        expect(turn, Turn, "turn")
        s = turn.state
        return self._bids(_mask(s.prizes), _mask(s.a), _mask(s.b), s.pot, s.diff, turn.shown)

    def _bids(self, prizes: int, mine: int, theirs: int, pot: int, diff: int, shown: int) -> Bids:
        key = (prizes, mine, theirs, pot, diff if self.uses_score else 0)
        got = self._memo.get(key)
        if got is not None:
            return got
        state = GopsState(_cards(prizes), _cards(mine), _cards(theirs), pot, key[4])
        hand = _cards(mine)
        row: tuple[Fraction, ...]
        if self.order != "random":
            row = self._solver.solution(state).row
            got = _mixed(hand, list(row))
        elif not self.floats:
            row = self._solver.exact_solution(state).row
            got = _mixed(hand, list(row))
        else:
            got = grid_bids(hand, list(self._solver.solution(state).row))
        self._memo[key] = got
        return got


class TableStrategy(Strategy):
    """A strategy as a table: each listed :class:`Turn` (its text) and its bids;
    ``otherwise`` (a strategy, or None) bids in the turns not listed — without it such a turn
    is an :class:`~whistgui.engine.errors.ArgumentError` naming it."""

    def __init__(
        self,
        n: int,
        table: Mapping[str, Bids],
        otherwise: Strategy | None = None,
        name: str = "table",
        source: str = "",
    ) -> None:
        self.n = whole(n, "n", low=1, high=MAX_N)
        self.table = dict(table)
        self.otherwise = otherwise
        self.name = expect(name, str, "name")
        #: where it was read from (``strategy file '…'``), for messages; "" if made in Python
        self.source = expect(source, str, "source")

    def bids(self, turn: Turn) -> Bids:
        expect(turn, Turn, "turn")
        got = self.table.get(str(turn))
        if got is not None:
            return got
        if self.otherwise is None:
            source = f" ({self.source})" if self.source else ""
            raise ArgumentError(
                f"strategy {quote(self.name)}{source} has no bid for the turn {str(turn)!r} "
                '(and no "otherwise")'
            )
        return self.otherwise.bids(turn)

    def to_json(self) -> dict[str, Any]:
        """The file form (the module's docstring): a bid alone when it is certain."""
        bids: dict[str, Any] = {}
        for key, mix in self.table.items():
            if len(mix) == 1:
                bids[key] = mix[0][0]
            else:
                bids[key] = {str(b): _fraction_text(p) for b, p in mix}
        obj: dict[str, Any] = {"gops_strategy": 1, "n": self.n, "name": self.name}
        if self.otherwise is not None:
            obj["otherwise"] = self.otherwise.name
        obj["bids"] = bids
        return obj

    @classmethod
    def from_json(cls, data: Any, where: str = "strategy") -> TableStrategy:
        """The strategy of a file's JSON (the module's docstring); NotationError naming
        ``where`` and quoting what does not fit."""
        return _read_table(data, where)


def _fraction_text(p: Fraction) -> str:
    return str(p.numerator) if p.denominator == 1 else f"{p.numerator}/{p.denominator}"


_FRACTION = re.compile(r"-?\d+/\d+")


def _probability(v: Any, where: str) -> Fraction:
    """A probability as a file writes it: a number or a fraction's text, from 0 to 1."""
    if isinstance(v, bool) or not isinstance(v, (int, float, Fraction, str)):
        raise NotationError(f"{where} is {quote_json(v)}: expected a probability (a number or "
                            'a fraction in text, "1/3")')  # fmt: skip
    if isinstance(v, str):
        if len(v) > MAX_NUMBER_CHARS or not _FRACTION.fullmatch(v.strip()):
            raise NotationError(f'{where} is {quote_json(v)}: expected a fraction like "1/3"')
        num, den = map(int, v.strip().split("/"))
        if den == 0:
            raise NotationError(f"{where} is {quote_json(v)}: a fraction over 0")
        p = Fraction(num, den)
    else:
        p = Fraction(v)
    if not 0 <= p <= 1:
        raise NotationError(f"{where} is {quote_json(v)}: expected a probability from 0 to 1")
    return p


def _number(text: str) -> Fraction:
    """A JSON number with a fraction part or exponent, exactly (json's parse_float)."""
    if len(text) > MAX_NUMBER_CHARS:
        raise NotationError(
            f"the number {quote(text)}: expected at most {MAX_NUMBER_CHARS} characters"
        )
    exponent = text.lower().partition("e")[2]
    if exponent and abs(int(exponent)) > 400:
        raise NotationError(f"the number {quote(text)}: expected an exponent from -400 to 400")
    return Fraction(text)


def _whole_number(text: str) -> int:
    """A JSON integer (json's parse_int), of a bounded length."""
    if len(text) > MAX_NUMBER_CHARS:
        raise NotationError(
            f"the number {quote(text)}: expected at most {MAX_NUMBER_CHARS} characters"
        )
    return int(text)


def _pairs(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """A JSON object, refusing a key given twice."""
    obj: dict[str, Any] = {}
    for k, v in pairs:
        if k in obj:
            raise NotationError(f"the key {quote_json(k)} given twice in one object")
        obj[k] = v
    return obj


def load_json(text: str, where: str) -> Any:
    """JSON text read exactly (decimals as fractions, numbers of bounded length, a key given
    twice refused); NotationError naming ``where``."""
    try:
        return json.loads(
            text,
            parse_float=_number,
            parse_int=_whole_number,
            parse_constant=_constant,
            object_pairs_hook=_pairs,
        )
    except json.JSONDecodeError as exc:
        raise NotationError(f"{where} is not JSON: {json_error(exc)}") from None
    except NotationError as exc:
        raise NotationError(f"{where}: {exc}") from None
    except (RecursionError, ValueError):  # nested beyond Python's stack; an int's 4,300 digits
        raise NotationError(f"{where}: JSON nested too deep or a number too long") from None


def _constant(name: str) -> Any:
    raise NotationError(f"{name}: expected a finite number")


_KEYS = {"gops_strategy", "n", "name", "otherwise", "bids"}
_LIKE = '{"gops_strategy": 1, "n": 3, "bids": {"' + _TURN_EXAMPLE + '": 3}}'


def _read_table(data: Any, where: str) -> TableStrategy:
    if not isinstance(data, dict):
        raise NotationError(f"{where} holds {quote_json(data)}: expected a strategy like {_LIKE}")
    extra = sorted(set(data) - _KEYS)
    if extra:
        raise NotationError(
            f"{where}: unknown key {quote_json(extra[0])}; expected {', '.join(sorted(_KEYS))}"
        )
    if data.get("gops_strategy") != 1 or isinstance(data.get("gops_strategy"), bool):
        raise NotationError(
            f'{where}: "gops_strategy" is {quote_json(data.get("gops_strategy"))}; expected 1 '
            f"(the format's version: a strategy like {_LIKE})"
        )
    n = data.get("n")
    if type(n) is not int or not 1 <= n <= MAX_N:
        raise NotationError(f'{where}: "n" is {quote_json(n)}; expected a deck from 1 to {MAX_N}')
    name = data.get("name", Path(where).stem if where != "strategy" else "table")
    if not isinstance(name, str) or not 1 <= len(name) <= 100 or not name.isprintable():
        raise NotationError(f'{where}: "name" is {quote_json(name)}; expected a short text')
    otherwise: Strategy | None = None
    if "otherwise" in data:
        other = data["otherwise"]
        if not isinstance(other, str):
            raise NotationError(
                f'{where}: "otherwise" is {quote_json(other)}; expected face+k or random'
            )
        m = _FACE.fullmatch(other.strip().lower())
        if (other.strip().lower() != "random" and m is None) or (
            m is not None and int(m.group(1) or 0) >= n
        ):
            raise NotationError(
                f'{where}: "otherwise" is {quote_json(other)}; expected face+k (k from 0 to '
                f"{n - 1}) or random"
            )
        otherwise = strategy(other, GopsRules(n))
    bids = data.get("bids")
    if not isinstance(bids, dict):
        raise NotationError(f'{where}: "bids" is {quote_json(bids)}; expected an object of turns')
    if len(bids) > MAX_STRATEGY_TURNS:
        raise NotationError(
            f"{where} lists {len(bids):,} turns: expected at most {MAX_STRATEGY_TURNS:,}"
        )
    table: dict[str, Bids] = {}
    rules = GopsRules(n)
    for key, value in bids.items():
        try:
            turn = Turn.parse(key)
            turn.state.check(rules)
        except (NotationError, DealError) as exc:
            raise NotationError(f"{where}: unknown state: {exc}") from None
        if turn.shown > n:
            raise NotationError(f"{where}: unknown state {quote(key)}: shown is no card of N = {n}")
        if str(turn) in table:
            raise NotationError(f"{where}: the turn {quote(key)} is listed twice")
        table[str(turn)] = _read_bids(value, turn, f"{where}: the turn {quote(key)}")
    return TableStrategy(n, table, otherwise, name, source=where)


def _read_bids(value: Any, turn: Turn, where: str) -> Bids:
    hand = turn.state.a
    if type(value) is int:
        if value not in hand:
            raise NotationError(f"{where} bids {value}: not in hand {sorted(hand)}")
        return ((value, _ONE),)
    if not isinstance(value, dict) or not value:
        raise NotationError(
            f"{where} has {quote_json(value)}: expected a bid (a card in hand) or bids with "
            'probabilities like {"1": "1/2", "3": 0.5}'
        )
    mix: dict[int, Fraction] = {}
    for bid_text, p in value.items():
        if not re.fullmatch(r"\d{1,2}", bid_text) or int(bid_text) not in hand:
            raise NotationError(f"{where} bids {quote_json(bid_text)}: not in hand {sorted(hand)}")
        mix[int(bid_text)] = _probability(p, f"{where}, bid {bid_text}")
    total = sum(mix.values(), Fraction(0))
    if total != 1:
        raise NotationError(
            f"{where} has probabilities summing to {_fraction_text(total)}: expected exactly 1"
        )
    return tuple((b, mix[b]) for b in sorted(mix) if mix[b] > 0)


def read_strategy_file(path: str | os.PathLike[str]) -> TableStrategy:
    """The strategy in the JSON file ``path`` (the module's docstring); NotationError quoting
    the file's name and what does not fit, a file larger than :data:`MAX_STRATEGY_BYTES`
    refused unread."""
    where = quote_path(os.fspath(path))
    try:
        with open(path, "rb") as f:
            raw = f.read(MAX_STRATEGY_BYTES + 1)
    except OSError as exc:
        raise NotationError(f"strategy file {where}: {exc.strerror or exc}") from None
    if len(raw) > MAX_STRATEGY_BYTES:
        raise NotationError(
            f"strategy file {where} is larger than {MAX_STRATEGY_BYTES:,} bytes: expected a "
            "GOPS strategy (a file of N = 6 is a few MB)"
        )
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise NotationError(
            f"strategy file {where} is not UTF-8 text (byte {exc.start:,})"
        ) from None
    del raw
    name = Path(os.fspath(path)).stem
    data = load_json(text, f"strategy file {where}")
    if isinstance(data, dict) and "name" not in data:
        data["name"] = name if name.isprintable() and 1 <= len(name) <= 100 else "file"
    return _read_table(data, f"strategy file {where}")


_FACE = re.compile(r"face(?:\+(\d{1,3}))?")


def strategy(name: str, rules: GopsRules, order: str = "random") -> Strategy:
    """The strategy ``name`` for games by ``rules`` (and prize ``order``, which ``optimal``
    depends on): ``face``, ``face+k`` (k from 0 to N − 1), ``random``, ``optimal``, or a
    strategy file's path (a name ending in ``.json``, or an existing file); NotationError
    quoting anything else."""
    expect(name, str, "name", "a strategy's name (a str): face, face+k, random, optimal or a file")
    expect(rules, GopsRules, "rules")
    word = name.strip().lower()
    m = _FACE.fullmatch(word)
    if m is not None:
        k = int(m.group(1) or 0)
        if k >= rules.n:
            raise NotationError(
                f"strategy {quote(name)}: expected face+k with k from 0 to {rules.n - 1} "
                f"(face+{rules.n} is face, N = {rules.n})"
            )
        return FaceStrategy(rules.n, k)
    if word == "random":
        return RandomStrategy()
    if word == "optimal":
        return OptimalStrategy(rules, order)
    if name.endswith(".json") or os.path.isfile(name):
        table = read_strategy_file(name)
        if table.n != rules.n:
            raise NotationError(
                f"strategy file {quote_path(name)} is for N = {table.n}: the game has N = {rules.n}"
            )
        return table
    raise NotationError(
        f"strategy {quote(name)}: expected face, face+k (k from 0 to {rules.n - 1}), random, "
        "optimal or a strategy file (.json)"
    )


def unknown_strategies(
    names: list[str], rules: GopsRules, also: tuple[str, ...] = (), files: bool = True
) -> NotationError | None:
    """One message (a NotationError, to raise) quoting *every* name in ``names`` that is no
    strategy of :func:`strategy` for ``rules`` (nor one of ``also``, e.g. the app's ``A`` and
    ``B``; nor a file's path unless ``files`` is False) and saying what is expected — the same
    words for ``whist gops tournament`` and the app's tournament; None if all are known."""
    expect(names, list, "names", "a list of strategies' names")
    expect(rules, GopsRules, "rules")
    known = {w.lower() for w in also} | {"random", "optimal"}
    bad: list[str] = []
    for name in names:
        expect(name, str, "a name", "a strategy's name (a str)")
        word = name.strip().lower()
        m = _FACE.fullmatch(word)
        if word in known or (m is not None and int(m.group(1) or 0) < rules.n):
            continue
        if files and (name.endswith(".json") or os.path.isfile(name)):
            continue
        bad.append(name)
    if not bad:
        return None
    quoted = ", ".join(quote(w) for w in bad)
    choices = [f"face, face+k (k from 0 to {rules.n - 1})", "random", "optimal"]
    choices += [f"{w}" for w in also] + (["a strategy file (.json)"] if files else [])
    return NotationError(
        f"{'strategy' if len(bad) == 1 else f'{len(bad)} strategies'} {quoted}: expected "
        f"{', '.join(choices[:-1])} or {choices[-1]}"
    )


def described_bids(bids: Bids) -> str:
    """``'3'`` for a certain bid, else ``'1: 1/2, 3: 1/2'``."""
    if len(bids) == 1:
        return str(bids[0][0])
    return ", ".join(f"{b}: {_fraction_text(p)}" for b, p in bids)
