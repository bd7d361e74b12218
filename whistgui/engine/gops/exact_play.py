"""Strategies of GOPS played exactly (issue 30): :func:`play` (A's expected result and the
distribution of the final scores, over every order of the prizes and every mixed bid, in
fractions), :func:`best_response` (the best reply to a strategy, its value and where it bids),
:func:`exploitability`, :func:`tournament`; with the prizes turned in random order (the
thread's game), ascending or descending (:data:`~whistgui.engine.gops.ordered.ORDERS`).
:class:`~whistgui.engine.gops.ordered.OrderedGame` solves the game of a known order
(``optimal`` plays it there).

771.4: bidding one above the prize beats bidding the prize 15 to 6, whatever the order:

>>> from whistgui.engine.gops.strategies import strategy
>>> rules = GopsRules(6, score="points")
>>> r = play(strategy("face", rules), strategy("face+1", rules), rules)
>>> r.exact, [(str(a), str(b), str(p)) for a, b, p in r.scores]
(Fraction(-9, 1), [('6', '15', '1')])
>>> br = best_response(strategy("face", GopsRules(3)), GopsRules(3))
>>> br.value, br.reply.bids(Turn.parse("shown=3 prizes=1,2 a=1,2,3 b=1,2,3 pot=3"))
(Fraction(1, 6), ((3, Fraction(1, 1)),))
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from math import comb, gcd
from time import monotonic
from typing import Any, Final

from whistgui.engine.checks import each, expect, optional_callable, whole
from whistgui.engine.errors import ArgumentError, Cancelled
from whistgui.engine.gops.ordered import (
    cards_of,
    check_order,
    next_prizes,
    result_of,
    settle,
)
from whistgui.engine.gops.rules import GopsRules
from whistgui.engine.gops.state import GopsState
from whistgui.engine.gops.strategies import (
    OPTIMAL_EXACT_CARDS,
    Bids,
    FaceStrategy,
    OptimalStrategy,
    RandomStrategy,
    Strategy,
    TableStrategy,
    Turn,
)
from whistgui.engine.reading import quote

__all__ = [
    "MAX_EXACT_DIGITS",
    "MAX_PLAY_STATES",
    "MAX_REPLY_STATES",
    "BestResponse",
    "PlayResult",
    "best_response",
    "exact_text",
    "exploitability",
    "fraction_text",
    "game_value",
    "int_digits",
    "int_text",
    "play",
    "tournament",
]

#: The most chance states one play visits (a memo entry each, with a distribution of scores):
#: random against random at N = 6 is 88,570 (some 20 s), at N = 7 beyond it.
MAX_PLAY_STATES: Final = 200_000
#: The most chance states one best reply visits (a memo entry each, an exact value): the best
#: reply to random at N = 5 is 24,410 (4 s); at N = 6 with the sign some 309,000 (38 s, 520 MB
#: resident at its peak), beyond :data:`MAX_PLAY_STATES` — at N = 7 beyond this.
MAX_REPLY_STATES: Final = 400_000
_ZERO = Fraction(0)
_ONE = Fraction(1)


#: How many states are visited between two polls of ``should_stop`` (a power of two, less
#: 1): at most some 0.2 s of the slowest play (random against random, about 4,400 states a
#: second at N = 6).
POLL_MASK: Final = 1023
#: Every this many states (a power of two, less 1) the clock is read, and ``should_stop`` and
#: ``progress`` polled if :data:`POLL_SECONDS` have passed since they last were: slow states
#: (a strategy whose bids take long to make) still report at least that often.
CLOCK_MASK: Final = 31
POLL_SECONDS: Final = 1.0


class _Budget:
    """The states one play or reply may visit, counted; every :data:`POLL_MASK` + 1 of them
    ``should_stop`` is asked (``True``: :class:`Cancelled`) and ``progress`` told the count."""

    def __init__(
        self,
        limit: int,
        what: str,
        should_stop: Callable[[], bool] | None = None,
        progress: Callable[[int], None] | None = None,
        hint: str = "",
    ) -> None:
        self.left, self.limit, self.what, self.hint = limit, limit, what, hint
        self.should_stop = optional_callable(should_stop, "should_stop")
        self.progress = optional_callable(progress, "progress")
        self.polled = monotonic()

    @property
    def visited(self) -> int:
        return self.limit - self.left

    def tick(self) -> None:
        self.left -= 1
        if self.left < 0:
            raise ArgumentError(
                f"{self.what} visits more than {self.limit:,} states: too large to compute "
                f"exactly here{self.hint}"
            )
        v = self.visited
        if v & POLL_MASK == 0 or (
            v & CLOCK_MASK == 0 and monotonic() - self.polled >= POLL_SECONDS
        ):
            self.poll()

    def refuse_early(self, least: int) -> None:
        """ArgumentError before any work when the states to visit, at ``least`` of them, are
        more than the budget."""
        if least > self.limit:
            raise ArgumentError(
                f"{self.what} would visit at least {least:,} states (every hand and prizes "
                f"left is reached), more than {self.limit:,}: too large to compute exactly "
                f"here{self.hint}"
            )

    def poll(self) -> None:
        """Ask ``should_stop`` (Cancelled if it says so), then tell ``progress``."""
        self.polled = monotonic()
        if self.should_stop is not None and self.should_stop():
            raise Cancelled(f"{self.what} stopped after {self.visited:,} states")
        if self.progress is not None:
            self.progress(self.visited)


def _least_states(n: int, order: str) -> int:
    """The chance states met when both players may bid any card (random against random, or
    a reply to random), at the least: every k prizes left and k cards in each hand (k ≥ 1;
    only one set of prizes for each k when the order is known) — more with the pots."""
    return sum(comb(n, k) ** (3 if order == "random" else 2) for k in range(1, n + 1))


# --- play ----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class PlayResult:
    """A (:attr:`a`) against B (:attr:`b`) under :attr:`rules` with the prizes turned in
    :attr:`order`: A's expected result :attr:`exact` (the sign or the points difference, as
    the rules say) and the distribution :attr:`scores` of the final points, ``(A's, B's,
    probability)`` (halves when ties split the pot), in increasing order of A's points less
    B's, then of A's points."""

    rules: GopsRules
    order: str
    a: str
    b: str
    exact: Fraction
    scores: tuple[tuple[Fraction, Fraction, Fraction], ...]
    #: Both strategies exact (False: one bids the floats of a float solution).
    exact_strategies: bool = True

    @property
    def value(self) -> float:
        return float(self.exact)

    def results(self) -> tuple[tuple[Fraction, Fraction], ...]:
        """The distribution of A's result (sign or points difference): ``(result, p)``."""
        out: dict[Fraction, Fraction] = {}
        for pa, pb, p in self.scores:
            r = result_of(pa - pb, self.rules.score)
            out[r] = out.get(r, _ZERO) + p
        return tuple(sorted(out.items()))

    def to_json(self) -> dict[str, Any]:
        """``value`` (float) and ``exact`` (``"p/q"``), then the rules, order, strategies, the
        ``distribution`` of results and the ``scores``, each probability as a float and
        exactly. ``exact`` is null where it is not exact (a strategy bids a float solution's
        probabilities: :attr:`exact_strategies` False) or is over :data:`MAX_EXACT_DIGITS`
        digits."""
        ex = self.exact_strategies

        def exact(x: Fraction) -> str | None:
            return exact_text(x) if ex else None

        return {
            "value": self.value,
            "exact": exact(self.exact),
            "rules": self.rules.to_json(),
            "order": self.order,
            "a": self.a,
            "b": self.b,
            "exact_strategies": self.exact_strategies,
            "distribution": [
                {"result": _num(r), "probability": float(p), "exact": exact(p)}
                for r, p in self.results()
            ],
            "scores": [
                {"a": _num(pa), "b": _num(pb), "probability": float(p), "exact": exact(p)}
                for pa, pb, p in self.scores
            ],
        }


def _num(x: Fraction) -> int | float:
    return int(x) if x.denominator == 1 else float(x)


#: The most digits of a numerator or denominator written out whole (Python refuses to write
#: an int of over 4,300 digits as text; a value of the optimal strategy's at N = 6 has
#: thousands): a longer fraction is written as its size, :func:`fraction_text`.
MAX_EXACT_DIGITS: Final = 4_000


def int_digits(n: int) -> int:
    """How many decimal digits ``abs(n)`` has, without writing it (any size).

    >>> int_digits(0), int_digits(-999), int_digits(10**5000)
    (1, 3, 5001)
    """
    n = abs(n)
    if n < 10**18:
        return len(str(n))
    d = int((n.bit_length() - 1) * 0.30102999566398119)  # log10(2): never above the digits
    while n >= 10 ** (d + 1):
        d += 1
    return d + 1


def int_text(n: int) -> str:
    """All the decimal digits of ``n``, of any size (``str`` refuses over 4,300).

    >>> t = int_text(-(10**9000) - 7)
    >>> len(t), t[:3], t[-3:]
    (9002, '-10', '007')
    """
    if -(10**4000) < n < 10**4000:
        return str(n)
    if n < 0:
        return "-" + int_text(-n)
    k = (int_digits(n) + 1) // 2
    high, low = divmod(n, 10**k)
    return int_text(high) + int_text(low).rjust(k, "0")


def exact_text(x: Fraction) -> str | None:
    """``'-1/9'``, ``'0'``, or None when the numerator or denominator has more than
    :data:`MAX_EXACT_DIGITS` digits."""
    if max(int_digits(x.numerator), int_digits(x.denominator)) > MAX_EXACT_DIGITS:
        return None
    if x.denominator == 1:
        return str(x.numerator)
    return f"{x.numerator}/{x.denominator}"


def fraction_text(x: Fraction) -> str:
    """``'-1/9'``, ``'0'``; a fraction of over :data:`MAX_EXACT_DIGITS` digits as its size,
    ``'p/q (p of 5,120 digits, q of 5,121)'``.

    >>> fraction_text(Fraction(-1, 9)), fraction_text(Fraction(0))
    ('-1/9', '0')
    >>> fraction_text(Fraction(1, 3**10_000))
    'p/q (p of 1 digits, q of 4,772)'
    """
    text = exact_text(x)
    if text is not None:
        return text
    p, q = int_digits(x.numerator), int_digits(x.denominator)
    return f"{'-' if x < 0 else ''}p/q (p of {p:,} digits, q of {q:,})"


#: This package's strategies, whose answers need no check.
_TRUSTED: Final = (FaceStrategy, RandomStrategy, OptimalStrategy, TableStrategy)


def _check_strategy(s: Strategy, name: str, rules: GopsRules, order: str | None = None) -> Strategy:
    """``s`` if it is a Strategy made for these rules (and ``order``, for ``optimal``); a
    strategy of the caller's own (not one of this package's) is wrapped so that each answer is
    checked: ArgumentError naming the turn when a bid is not in hand or the probabilities are
    not positive fractions summing to 1."""
    st: Strategy = expect(
        s, Strategy, name, "a Strategy (strategies.strategy('face+1', rules) makes one)"
    )
    n = getattr(st, "n", None)
    if n is not None and n != rules.n:
        raise ArgumentError(f"{name} {st.name!r} is made for N = {n}: the game has N = {rules.n}")
    own = getattr(st, "rules", None)
    if own is not None and own != rules:
        raise ArgumentError(f"{name} {st.name!r} is made for {own.describe()}, not these rules")
    own_order = getattr(st, "order", None)
    if order is not None and own_order is not None and own_order != order:
        raise ArgumentError(
            f"{name} {st.name!r} is made for the prizes turned in {own_order} order, not {order}"
        )
    if type(st) in _TRUSTED:
        return st
    return _Checked(st, name)


class _Checked(Strategy):
    """A caller's strategy, each of its answers checked."""

    def __init__(self, inner: Strategy, name: str) -> None:
        self.inner, self.label = inner, name
        self.name = str(getattr(inner, "name", type(inner).__name__))
        self.uses_score = bool(getattr(inner, "uses_score", True))
        self.exact = bool(getattr(inner, "exact", True))

    def _bids(self, prizes: int, mine: int, theirs: int, pot: int, diff: int, shown: int) -> Bids:
        got = self.inner._bids(prizes, mine, theirs, pot, diff, shown)
        ok = isinstance(got, tuple) and len(got) > 0
        total = _ZERO
        for item in got if ok else ():
            if not (
                isinstance(item, tuple)
                and len(item) == 2
                and type(item[0]) is int
                and mine >> item[0] & 1
                and type(item[1]) is Fraction
                and item[1] > 0
            ):
                ok = False
                break
            total += item[1]
        if not ok or total != 1:
            state = GopsState(cards_of(prizes), cards_of(mine), cards_of(theirs), pot, diff)
            raise ArgumentError(
                f"{self.label} {self.name!r} answers {quote(got)} in the turn "
                f"'{Turn(state, shown)}': expected bids ((card in hand, Fraction > 0), …) "
                "whose probabilities sum to 1"
            )
        return got


def play(
    a: Strategy,
    b: Strategy,
    rules: GopsRules,
    order: str = "random",
    *,
    max_states: int = MAX_PLAY_STATES,
    should_stop: Callable[[], bool] | None = None,
    progress: Callable[[int], None] | None = None,
) -> PlayResult:
    """A playing ``a`` against B playing ``b``, exactly: every order of the prizes (``order``)
    and every bid either makes with its probability. ArgumentError when it would visit more
    than ``max_states`` states. ``should_stop`` is asked every :data:`POLL_MASK` + 1 states
    visited (``True`` raises :class:`~whistgui.engine.errors.Cancelled`), and ``progress``
    then told how many have been.

    >>> from whistgui.engine.gops.strategies import strategy
    >>> r4 = GopsRules(4)
    >>> play(strategy("face", r4), strategy("random", r4), r4, should_stop=lambda: True).exact
    Fraction(35, 72)
    >>> r6 = GopsRules(6)
    >>> play(strategy("random", r6), strategy("random", r6), r6, should_stop=lambda: True)
    Traceback (most recent call last):
    ...
    whistgui.engine.errors.Cancelled: random against random stopped after 1,024 states
    """
    rules = expect(rules, GopsRules, "rules")
    order = check_order(order)
    sa, sb = _check_strategy(a, "a", rules, order), _check_strategy(b, "b", rules, order)
    budget = _Budget(
        whole(max_states, "max_states", low=1),
        f"{sa.name} against {sb.name}",
        should_stop,
        progress,
    )
    if isinstance(a, RandomStrategy) and isinstance(b, RandomStrategy):
        budget.hint = " (random against random: N up to 6)"
        budget.refuse_early(_least_states(rules.n, order))
    keyed = sa.uses_score or sb.uses_score
    ties = rules.ties
    # a distribution: integer weights over one denominator (no fraction arithmetic per entry)
    memo: dict[tuple[int, ...], tuple[dict[tuple[int, int], int], int]] = {}
    leaf: tuple[dict[tuple[int, int], int], int] = ({(0, 0): 1}, 1)

    def chance(
        prizes: int, ha: int, hb: int, pot: int, pa: int, pb: int
    ) -> tuple[dict[tuple[int, int], int], int]:
        """The distribution of the points A and B win from here (halves): weights and their
        common denominator."""
        if not prizes:
            return leaf
        key = (prizes, ha, hb, pot, pa, pb) if keyed else (prizes, ha, hb, pot)
        got = memo.get(key)
        if got is not None:
            return got
        budget.tick()
        parts = []
        den = 1
        for prize, w in next_prizes(order, prizes):
            rest = prizes ^ (1 << prize)
            stake = pot + prize
            diff = (pa - pb) // 2
            bids_a = sa._bids(rest, ha, hb, stake, diff, prize)
            bids_b = sb._bids(rest, hb, ha, stake, -diff, prize)
            for i, p in bids_a:
                wp = w * p
                for j, q in bids_b:
                    ga, gb, left = settle(i, j, stake, bool(rest), ties)
                    pq = wp * q
                    sub = chance(rest, ha ^ (1 << i), hb ^ (1 << j), left, pa + ga, pb + gb)
                    d = pq.denominator * sub[1]
                    den = den * d // gcd(den, d)
                    parts.append((pq.numerator, d, sub[0], ga, gb))
        out: dict[tuple[int, int], int] = {}
        get = out.get
        for num, d, weights, ga, gb in parts:
            f = num * (den // d)
            for (xa, xb), r in weights.items():
                k = (xa + ga, xb + gb)
                out[k] = get(k, 0) + f * r
        g = gcd(den, *out.values())
        if g > 1:
            out = {k: v // g for k, v in out.items()}
            den //= g
        memo[key] = got = (out, den)
        return got

    n = rules.n
    full = sum(1 << c for c in range(1, n + 1))
    weights, den = chance(full, full, full, 0, 0, 0)
    scores = sorted(
        (
            (Fraction(xa, 2), Fraction(xb, 2), Fraction(r, den))
            for (xa, xb), r in weights.items()
            if r
        ),
        key=lambda t: (t[0] - t[1], t[0]),
    )
    value = sum((p * result_of(xa - xb, rules.score) for xa, xb, p in scores), _ZERO)
    return PlayResult(rules, order, sa.name, sb.name, value, tuple(scores), sa.exact and sb.exact)


def tournament(
    strategies: Sequence[Strategy],
    rules: GopsRules,
    order: str = "random",
    *,
    should_stop: Callable[[], bool] | None = None,
    progress: Callable[[int, int], None] | None = None,
    states: Callable[[int], None] | None = None,
) -> list[list[PlayResult]]:
    """Every pair's :func:`play`: row i is strategy i as A, column j strategy j as B.
    ``should_stop`` is asked before each play and within it (``True`` raises
    :class:`~whistgui.engine.errors.Cancelled`); ``progress(done, total)`` told after each,
    ``states`` the states the play under way has visited, every 1,024."""
    items: tuple[Strategy, ...] = each(strategies, Strategy, "strategies", "a sequence of Strategy")
    if not items:
        raise ArgumentError("strategies is empty: expected at least one strategy")
    stop = optional_callable(should_stop, "should_stop")
    told = optional_callable(progress, "progress")
    visited = optional_callable(states, "states")
    total = len(items) ** 2
    out: list[list[PlayResult]] = []
    for x in items:
        row: list[PlayResult] = []
        for y in items:
            if stop is not None and stop():
                done = len(out) * len(items) + len(row)
                raise Cancelled(f"the tournament stopped after {done} of {total} plays")
            row.append(play(x, y, rules, order, should_stop=stop, progress=visited))
            if told is not None:
                told(len(out) * len(items) + len(row), total)
        out.append(row)
    return out


# --- the best reply ------------------------------------------------------------------------


@dataclass(frozen=True)
class BestResponse:
    """The best reply to :attr:`against` (played by B; the replier takes A's seat): its
    expected result :attr:`value` for the replier, and :attr:`reply` — a bid in each turn the
    replier meets when both play (a :class:`~whistgui.engine.gops.strategies.TableStrategy`,
    of the turns as the replier sees them). :attr:`bid_values` gives, for each of those turns,
    what each bid is worth; the reply bids the best, the lowest of equal ones."""

    rules: GopsRules
    order: str
    against: str
    value: Fraction
    reply: TableStrategy
    bid_values: dict[str, tuple[tuple[int, Fraction], ...]]
    #: ``against`` is exact (False: it bids a float solution's probabilities, and the values
    #: are exact only for those).
    exact_strategy: bool = True

    def turns(self) -> list[tuple[Turn, int]]:
        """The reply's turns (in the order play meets them: fewest cards played first) and
        their bids."""
        return [(Turn.parse(k), v[0][0]) for k, v in self.reply.table.items()]

    def to_json(self) -> dict[str, Any]:
        """``exact`` is null where the strategy replied to is not exact (or the value is over
        :data:`MAX_EXACT_DIGITS` digits); so are the bids' values."""
        ex = self.exact_strategy

        def exact(x: Fraction) -> str | None:
            return exact_text(x) if ex else None

        return {
            "exact": exact(self.value),
            "value": float(self.value),
            "exact_strategy": ex,
            "rules": self.rules.to_json(),
            "order": self.order,
            "against": self.against,
            "reply": [
                {
                    "turn": k,
                    "bid": v[0][0],
                    "bid_values": {str(b): exact(x) for b, x in self.bid_values[k]},
                }
                for k, v in self.reply.table.items()
            ],
        }


def best_response(
    against: Strategy,
    rules: GopsRules,
    order: str = "random",
    *,
    max_states: int = MAX_REPLY_STATES,
    should_stop: Callable[[], bool] | None = None,
    progress: Callable[[int], None] | None = None,
) -> BestResponse:
    """The best reply to ``against`` (B's strategy), by backward induction: in each turn the
    bid worth most against ``against``'s mixed bid there, every turn's value exact.
    ``should_stop`` is asked every :data:`POLL_MASK` + 1 states valued, and as often while the
    reply's turns are gathered (``True`` raises :class:`~whistgui.engine.errors.Cancelled`);
    ``progress`` then told how many states have been valued.

    >>> from whistgui.engine.gops.strategies import strategy
    >>> best_response(strategy("random", GopsRules(5)), GopsRules(5), should_stop=lambda: True)
    Traceback (most recent call last):
    ...
    whistgui.engine.errors.Cancelled: the best reply to random stopped after 1,024 states
    """
    rules = expect(rules, GopsRules, "rules")
    order = check_order(order)
    sb = _check_strategy(against, "against", rules, order)
    budget = _Budget(
        whole(max_states, "max_states", low=1),
        f"the best reply to {sb.name}",
        should_stop,
        progress,
    )
    if isinstance(against, RandomStrategy):  # every bid of either is met
        budget.hint = " (the best reply to random: N up to 6)"
        budget.refuse_early(_least_states(rules.n, order))
    points = rules.score == "points"
    relative = points and not sb.uses_score  # the value is diff + what is won from here
    ties = rules.ties
    memo: dict[tuple[int, ...], Fraction] = {}
    choice: dict[tuple[int, ...], tuple[int, tuple[tuple[int, Fraction], ...]]] = {}

    def end(diff: int) -> Fraction:
        if relative:
            return _ZERO
        return Fraction(diff, 2) if points else Fraction((diff > 0) - (diff < 0))

    def chance(prizes: int, ha: int, hb: int, pot: int, d: int) -> Fraction:
        """A's best expected result from here (``d``: A's lead in halves, 0 when relative)."""
        if not prizes:
            return end(d)
        key = (prizes, ha, hb, pot, d)
        got = memo.get(key)
        if got is not None:
            return got
        budget.tick()
        total = _ZERO
        for prize, w in next_prizes(order, prizes):
            total += w * bidding(prizes ^ (1 << prize), ha, hb, pot + prize, d, prize)
        memo[key] = total
        return total

    def bidding(prizes: int, ha: int, hb: int, stake: int, d: int, shown: int) -> Fraction:
        bids_b = sb._bids(prizes, hb, ha, stake, -d // 2, shown)
        values = []
        for i in cards_of(ha):
            v = _ZERO
            for j, q in bids_b:
                ga, gb, left = settle(i, j, stake, bool(prizes), ties)
                if relative:
                    sub = Fraction(ga - gb, 2) + chance(prizes, ha ^ 1 << i, hb ^ 1 << j, left, 0)
                else:
                    sub = chance(prizes, ha ^ 1 << i, hb ^ 1 << j, left, d + ga - gb)
                v += q * sub
            values.append((i, v))
        best = max(values, key=lambda t: (t[1], -t[0]))
        choice[(prizes, ha, hb, stake, d, shown)] = (best[0], tuple(values))
        return best[1]

    n = rules.n
    full = sum(1 << c for c in range(1, n + 1))
    value = chance(full, full, full, 0, 0)
    # the turns met when both play, in the order play meets them
    table: dict[str, Bids] = {}
    worth: dict[str, tuple[tuple[int, Fraction], ...]] = {}
    level = {(full, full, full, 0, 0)}
    while level:
        nxt: set[tuple[int, int, int, int, int]] = set()
        for k, (prizes, ha, hb, pot, d) in enumerate(sorted(level)):
            if not prizes:
                continue
            if k & POLL_MASK == POLL_MASK:
                budget.poll()
            for prize, _ in next_prizes(order, prizes):
                rest, stake = prizes ^ (1 << prize), pot + prize
                dd = 0 if relative else d
                bid, values = choice[(rest, ha, hb, stake, dd, prize)]
                state = GopsState(cards_of(rest), cards_of(ha), cards_of(hb), stake, d // 2)
                key = str(Turn(state, prize))
                table[key] = ((bid, _ONE),)
                worth[key] = values
                for j, _q in sb._bids(rest, hb, ha, stake, -d // 2, prize):
                    ga, gb, left = settle(bid, j, stake, bool(rest), ties)
                    nxt.add((rest, ha ^ 1 << bid, hb ^ 1 << j, left, d + ga - gb))
        level = nxt
    reply = TableStrategy(n, table, None, f"best reply to {sb.name}")
    return BestResponse(rules, order, sb.name, value, reply, worth, sb.exact)


# --- the game's value, and a known order ---------------------------------------------------


def game_value(rules: GopsRules, order: str = "random", *, solver: Any = None) -> Fraction:
    """The game's value for A from the start, computed (0 for these symmetric games): with the
    random order the average over the first prize of the value of its matrix game of bids,
    solved exactly by :class:`~whistgui.engine.gops.solver.GopsSolver` (``solver``, or a new
    one) for N up to :data:`~whistgui.engine.gops.strategies.OPTIMAL_EXACT_CARDS`; above it 0
    without solving (the start is its own mirror: the game is symmetric, so its value is 0 —
    the exact solution at N = 6 runs to thousands of digits and some 20 s); with a known order
    by :class:`OrderedGame`."""
    from whistgui.engine.gops.solver import GopsSolver

    rules = expect(rules, GopsRules, "rules")
    order = check_order(order)
    start = GopsState.start(rules.n)
    if order != "random":
        from whistgui.engine.gops.ordered import OrderedGame

        return OrderedGame(rules, order).value(start)
    if solver is None:
        solver = GopsSolver(rules)
    expect(solver, GopsSolver, "solver")
    if solver.rules != rules:
        raise ArgumentError(f"solver is for {solver.rules.describe()}, not these rules")
    if rules.n > OPTIMAL_EXACT_CARDS:
        # the start is its own mirror (equal hands, level score, rules the same for both), so
        # its value is 0 exactly; the exact solution's thousands of digits are not needed
        return _ZERO
    turned = [start.turn(p) for p in sorted(start.prizes)]
    values = [solver.exact_solution(s).value for s in turned]
    return sum(values, _ZERO) / len(values)


def exploitability(
    against: Strategy,
    rules: GopsRules,
    order: str = "random",
    *,
    should_stop: Callable[[], bool] | None = None,
) -> Fraction:
    """What the best reply to ``against`` wins beyond the game's value (:func:`game_value`):
    0 for an optimal strategy, more for any other that a reply can beat. ``should_stop``
    reaches the reply (and, with the random order, the solving of the game's value when
    ``against`` brings no solver of its own)."""
    solver = getattr(against, "solver", None) if order == "random" else None
    reply = best_response(against, rules, order, should_stop=should_stop)
    if solver is None and order == "random" and should_stop is not None:
        from whistgui.engine.gops.solver import GopsSolver

        solver = GopsSolver(expect(rules, GopsRules, "rules"), should_stop=should_stop)
    return reply.value - game_value(rules, order, solver=solver)
