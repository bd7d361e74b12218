"""val(D): the value of single-suit deals (§10) and, by addition, of every state.

For a single suit D the :class:`Evaluator` forms every reduction D_ij (West plays his i-th
card, East his j-th, cards counted from the lowest), the labeled values α_ij, maxmin(D) and
minmax(D), the sets L(D) and R(D), the interval I(D) between them, and val(D) as the simplest
element of I(D). Values are memoized on the suit's *pattern* — its owners from low to high — so
cards in sequence (adjacent, same owner) are one card to it.

>>> ev = Evaluator()
>>> ev.value('K/A'), ev.value('A/K'), ev.value('AJ/KQ'), ev.value('KQ/AJ')
(Value.parse('e0'), Value.parse('1-e0'), Value.parse('1+e1'), Value.parse('1-e1'))
>>> ev.value('AQ/KJ K/A')
Value.parse('3/2+e0')
>>> a = ev.analyze('AQ/KJ')
>>> a.maxmin.pretty(), a.minmax.pretty(), a.value.pretty()
('(W, 1 + ε₀)', '(W, 2 − ε₀)', '1½')
"""

from __future__ import annotations

import importlib.util
import math
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations
from typing import TYPE_CHECKING, Final, Literal

from whistgui.engine.checks import described, expect, optional_callable, whole
from whistgui.engine.errors import (
    ArgumentTypeError,
    AsymmetricSuitError,
    Cancelled,
    DealError,
    TheoryError,
)
from whistgui.engine.games.whist.alpha import extremes, labeled_max, labeled_min, replies
from whistgui.engine.games.whist.infinitesimal import FUZZY, Infinitesimal, eps
from whistgui.engine.games.whist.interval import InfinitesimalRange, Interval
from whistgui.engine.games.whist.keys import MAX_TABLE_N
from whistgui.engine.games.whist.rounding import Outcome, rho, rho_prime
from whistgui.engine.games.whist.value import LabeledValue, Value
from whistgui.engine.memo import Memo, check_bound
from whistgui.engine.trick.cards import Player
from whistgui.engine.trick.deal import Deal, State, SuitDeal, check_pattern
from whistgui.engine.trick.rules import WHIST_RULES

if TYPE_CHECKING:
    from whistgui.engine.games.whist.kernel import SuitReach, SuitTable, TableCache

__all__ = [
    "KERNEL_FROM",
    "TABLE_AFTER",
    "TABLE_UPTO",
    "Bounds",
    "Evaluator",
    "Reduction",
    "SuitAnalysis",
    "kernel_available",
    "labeled_max",
    "labeled_min",
    "without_pair",
]

Side = Literal["L", "R", "I"]

_W, _E = Player.WEST, Player.EAST


@dataclass(frozen=True, slots=True)
class Bounds:
    """maxmin(D) and minmax(D), and what they decide: L(D), R(D), I(D) and val(D).

    Membership follows §10.2, read uniformly for a non-number y = q + x:
    y ∈ L ⇔ maxmin ≥ (E, q) and minmax ≥ (W, y); y ∈ R ⇔ minmax ≤ (W, q) and maxmin ≤ (E, y);
    a number q is in L iff maxmin ≥ (E, q) and in R iff minmax ≤ (W, q).

    >>> b = Evaluator().analyze('AQ/KJ').bounds
    >>> str(b)
    'maxmin (W, 1+e0), minmax (W, 2-e0)'
    >>> b.side(Value(1)), b.side(Value(2)), b.side(Value.parse('3/2')), b.simplest()
    ('L', 'R', 'I', Value.parse('3/2'))
    """

    maxmin: LabeledValue
    minmax: LabeledValue

    def __post_init__(self) -> None:
        expect(self.maxmin, LabeledValue, "maxmin")
        expect(self.minmax, LabeledValue, "minmax")

    def in_left(self, v: Value) -> bool:
        """Is ``v`` in L(D)?"""
        return self._in_left(_value(v))

    def _in_left(self, v: Value) -> bool:
        q = Value(v.number)
        if not self.maxmin >= LabeledValue(_E, q):
            return False
        return v.is_number or self.minmax >= LabeledValue(_W, v)

    def in_right(self, v: Value) -> bool:
        """Is ``v`` in R(D)?"""
        return self._in_right(_value(v))

    def _in_right(self, v: Value) -> bool:
        q = Value(v.number)
        if not self.minmax <= LabeledValue(_W, q):
            return False
        return v.is_number or self.maxmin <= LabeledValue(_E, v)

    def side(self, v: Value) -> Side:
        """``'L'``, ``'R'`` or ``'I'``: where ``v`` lies (L and R never meet)."""
        return self._side(_value(v))

    def _side(self, v: Value) -> Side:
        if self._in_left(v):
            return "L"
        if self._in_right(v):
            return "R"
        return "I"

    def in_interval(self, v: Value) -> bool:
        return self._side(_value(v)) == "I"

    def _in_interval(self, v: Value) -> bool:
        return self._side(v) == "I"

    # -- the interval and its simplest element --------------------------------------------
    @property
    def _window(self) -> int:
        """Chain positions beyond ±window behave like the window's ends."""
        ps = [lv.value.infinitesimal.pos or 0 for lv in (self.maxmin, self.minmax)]
        return max(abs(p) for p in ps) + 3

    def infinitesimals_at(self, q: Fraction | int) -> InfinitesimalRange:
        """The infinitesimals x with q + x in I(D) (q a dyadic number)."""
        q = Value(expect(q, (Fraction, int), "q", "a dyadic number (a Fraction or an int)")).number
        w = self._window
        members = [p for p in range(-w, w + 1) if self._in_interval(Value(q, Infinitesimal(p)))]
        fuzzy = self._in_interval(Value(q, FUZZY))
        if not members:
            return InfinitesimalRange(False, None, None, fuzzy)
        if members != list(range(members[0], members[-1] + 1)):
            raise TheoryError(f"I(D) is not an interval at {q} for {self}")
        lo = None if members[0] == -w else Infinitesimal(members[0])
        hi = None if members[-1] == w else Infinitesimal(members[-1])
        return InfinitesimalRange(True, lo, hi, fuzzy)

    def interval(self) -> Interval:
        """I(D) described by its ends (see :class:`Interval`)."""
        a, b = self.maxmin.value.number, self.minmax.value.number
        if a == b:
            return Interval(a, b, True, True, self.infinitesimals_at(a))
        return Interval(a, b, self._in_interval(Value(a)), self._in_interval(Value(b)), None)

    def candidates(self) -> Iterator[Value]:
        """Values that may be simplest in I(D), from simple to complex: numbers between the
        numerical parts of maxmin and minmax (half-integers first, then denominators 4, 8, …),
        then q ± ε_k for k = 0, 1, 2, … and q ± ε₀ last."""
        a, b = self.maxmin.value.number, self.minmax.value.number
        top = max(a.denominator, b.denominator, 2) * 2
        den = 2
        while den <= top:
            lo = -((-a * den) // 1)  # ceil(a * den)
            hi = (b * den) // 1
            for m in range(int(lo), int(hi) + 1):
                if den == 2 or m % 2:
                    yield Value(Fraction(m, den))
            den *= 2
        if a == b:
            for k in range(self._window + 1):
                yield Value(a, eps(k))
                yield Value(a, -eps(k))
            yield Value(a, FUZZY)

    def simplest(self) -> Value:
        """val(D): the unique simplest element of I(D). Raises :class:`TheoryError` if I(D)
        is empty or has two simplest elements — impossible by Theorems 10.1 and 11.8."""
        best: list[Value] = []
        for c in self.candidates():
            if best and c.complexity != best[0].complexity:
                break
            if self._in_interval(c):
                best.append(c)
        if not best:
            raise TheoryError(f"I(D) is empty for {self} (Lemma 10.2 says it never is)")
        if len(best) > 1:
            raise TheoryError(
                f"I(D) has {len(best)} simplest elements {[v.ascii() for v in best]} for {self}"
            )
        return best[0]

    def __str__(self) -> str:
        return f"maxmin {self.maxmin}, minmax {self.minmax}"


@dataclass(frozen=True, slots=True)
class Reduction:
    """D_ij: West plays ``west_card``, East ``east_card``; ``label`` is α_ij.

    In [A Q, K J], West's ace (``i`` = 1) on East's jack (``j`` = 0) leaves [Q, K]:

    >>> r = Evaluator().analyze('AQ/KJ').reductions[1][0]
    >>> r.suit, r.label.pretty(), r.winner
    (SuitDeal.parse('Q/K'), '(W, 1 + ε₀)', <Player.WEST: 'W'>)
    """

    i: int  # 0-based index into West's cards from the lowest (the paper's i − 1)
    j: int
    west_card: int
    east_card: int
    suit: SuitDeal  # the remaining cards
    label: LabeledValue  # (winner of the trick, val(D_ij)) with the trick counted in

    @property
    def winner(self) -> Player:
        return self.label.player


@dataclass(frozen=True, slots=True)
class SuitAnalysis:
    """Everything §10 computes for one single-suit deal, for display as well as use.

    ``west`` and ``east`` list the cards from the lowest (W_1 < … < W_n); ``alpha[i][j]`` is
    α for West's ``west[i]`` and East's ``east[j]``.

    >>> a = Evaluator().analyze('AQ/KJ')
    >>> a.value, a.maxmin.pretty(), a.minmax.pretty(), a.outcome
    (Value.parse('3/2'), '(W, 1 + ε₀)', '(W, 2 − ε₀)', Outcome(west_lead=1, east_lead=2))
    >>> [[lv.pretty() for lv in row] for row in a.alpha]  # West's Q, A by East's J, K
    [['(W, 2 − ε₀)', '(E, 1 − ε₀)'], ['(W, 1 + ε₀)', '(W, 2 − ε₀)']]

    In a notebook an analysis shows as this line over its α matrix (``_repr_html_``; the
    LaTeX, ``_repr_latex_``, is :func:`~whistgui.engine.games.whist.latex.analysis_latex`).
    """

    suit: SuitDeal
    west: tuple[int, ...]
    east: tuple[int, ...]
    reductions: tuple[tuple[Reduction, ...], ...]
    bounds: Bounds
    value: Value
    #: Greedy Whist's: rows' minima, columns' maxima over the replies it allows (replies_to_*)
    greedy: bool = False

    def replies_to_west(self, i: int) -> tuple[int, ...]:
        """East's cards (column indices) that may answer West's ``west[i]``: every one, or
        under the greedy rule those that win the trick if any does."""
        i = whole(i, "i", low=0, high=self.n - 1, what="a West card's index")
        return replies(self.west[i], self.east, self.greedy)

    def replies_to_east(self, j: int) -> tuple[int, ...]:
        """West's cards (row indices) that may answer East's ``east[j]``."""
        j = whole(j, "j", low=0, high=self.n - 1, what="an East card's index")
        return replies(self.east[j], self.west, self.greedy)

    def leads_to(self, i: int, j: int) -> tuple[Player, ...]:
        """Who, on lead, can reach the reduction D_ij (West's ``west[i]``, East's ``east[j]``):
        West leading when East's card is a reply the rule allows, East leading when West's
        is. In whist both; under the greedy rule one or both (in one suit the higher card of
        the pair wins when its holder plays second, so that lead always allows the pair).

        >>> a = Evaluator(greedy=True).analyze('KQT/AJ9')  # West's T, Q, K; East's 9, J, A
        >>> a.leads_to(0, 1), a.leads_to(1, 1), a.leads_to(2, 2)  # T–J, Q–J, K–A
        ((<Player.WEST: 'W'>,), (<Player.EAST: 'E'>,), (<Player.WEST: 'W'>, <Player.EAST: 'E'>))
        """
        last = self.n - 1
        i = whole(i, "i", low=0, high=last, what=f"a West card's index from 0 to {last}")
        j = whole(j, "j", low=0, high=last, what=f"an East card's index from 0 to {last}")
        west_leads = j in self.replies_to_west(i)
        east_leads = i in self.replies_to_east(j)
        return tuple(p for p, ok in ((Player.WEST, west_leads), (Player.EAST, east_leads)) if ok)

    @property
    def n(self) -> int:
        return len(self.west)

    @property
    def alpha(self) -> tuple[tuple[LabeledValue, ...], ...]:
        return tuple(tuple(r.label for r in row) for row in self.reductions)

    @property
    def maxmin(self) -> LabeledValue:
        return self.bounds.maxmin

    @property
    def minmax(self) -> LabeledValue:
        return self.bounds.minmax

    @property
    def row_minima(self) -> tuple[LabeledValue, ...]:
        """min_j α_ij for each West card i (over East's replies allowed)."""
        return extremes(self.alpha, self.west, self.east, self.greedy)[0]

    @property
    def column_maxima(self) -> tuple[LabeledValue, ...]:
        """max_i α_ij for each East card j (over West's replies allowed)."""
        return extremes(self.alpha, self.west, self.east, self.greedy)[1]

    @property
    def maxmin_rows(self) -> tuple[int, ...]:
        """West's cards (row indices) whose row minimum is maxmin(D)."""
        return tuple(i for i, m in enumerate(self.row_minima) if m == self.maxmin)

    @property
    def minmax_columns(self) -> tuple[int, ...]:
        """East's cards (column indices) whose column maximum is minmax(D)."""
        return tuple(j for j, m in enumerate(self.column_maxima) if m == self.minmax)

    def mark(self, i: int, j: int) -> str | None:
        """How α_ij stands out: ``"maxmin"`` (a row minimum that is maxmin(D)), ``"minmax"``
        (a column maximum that is minmax(D)), ``"both"``, or None."""
        last = self.n - 1
        i = whole(i, "i", low=0, high=last, what=f"a West card's index from 0 to {last}")
        j = whole(j, "j", low=0, high=last, what=f"an East card's index from 0 to {last}")
        lv = self.alpha[i][j]
        ok_w, ok_e = j in self.replies_to_west(i), i in self.replies_to_east(j)  # greedy
        is_maxmin = ok_w and i in self.maxmin_rows and lv == self.row_minima[i] == self.maxmin
        is_minmax = ok_e and j in self.minmax_columns and lv == self.column_maxima[j] == self.minmax
        if is_maxmin and is_minmax:
            return "both"
        if is_maxmin:
            return "maxmin"
        if is_minmax:
            return "minmax"
        return None

    def in_left(self, v: Value) -> bool:
        return self.bounds.in_left(v)

    def in_right(self, v: Value) -> bool:
        return self.bounds.in_right(v)

    def in_interval(self, v: Value) -> bool:
        return self.bounds.in_interval(v)

    @property
    def interval(self) -> Interval:
        return self.bounds.interval()

    @property
    def outcome(self) -> Outcome:
        return rho(self.value)

    @property
    def refined_outcome(self) -> Outcome:
        return rho_prime(self.value)

    def _repr_html_(self) -> str:
        """In a notebook: val(D), maxmin, minmax, the outcome and the α matrix."""
        from whistgui.engine.games.whist.display import analysis_html

        return analysis_html(self)

    def _repr_latex_(self) -> str:
        """Typeset: :func:`~whistgui.engine.games.whist.latex.analysis_latex`."""
        from whistgui.engine.games.whist.latex import analysis_latex

        return analysis_latex(self)


def _value(v: Value) -> Value:
    return v if type(v) is Value else expect(v, Value, "v")


def kernel_available() -> bool:
    """Can the numpy kernel be used (numpy comes with pyqtgraph; the engine works without)?
    Numpy is looked for, not imported: importing it takes some 60 ms, which an evaluator that
    values only short suits never needs (the app's opening deal); the kernel imports it when
    it is first used."""
    return importlib.util.find_spec("numpy") is not None


def _runs(pattern: str) -> tuple[list[int], list[int]]:
    """One representative position per run of West's and of East's cards."""
    w: list[int] = []
    e: list[int] = []
    prev = ""
    for i, c in enumerate(pattern):
        if c != prev:
            (w if c == "W" else e).append(i)
            prev = c
    return w, e


def without_pair(pattern: str, i: int, j: int) -> str:
    """``pattern`` with its ``i``-th and ``j``-th cards (from the lowest) played."""
    a, b = (i, j) if i < j else (j, i)
    return pattern[:a] + pattern[a + 1 : b] + pattern[b + 1 :]


# A labeled value as a sort key, valid because single-suit values are never fuzzy:
# (number, chain position, label bit) with the label bit ordering E above W for numbers and
# W above E for non-numbers (§10). The number is a float when the float and the float plus one
# trick are exact — every value of up to 40 cards a hand and most beyond (comparing floats is
# many times faster than comparing Fractions) — and the Fraction itself otherwise (some long
# suits: [6 1 54 59]'s value has a 54-bit numerator). Python compares floats with Fractions
# exactly, so keys of both kinds order as the values do.
_Number = float | Fraction
_Key = tuple[_Number, int, int]
#: Keys beyond every value's: the starting points of a row minimum and a column maximum.
_TOP: _Key = (float("inf"), 0, 0)
_BOTTOM: _Key = (float("-inf"), 0, 0)
_VKey = tuple[_Number, int]  # a value: (number, chain position)
#: A float number key is used when its denominator and size leave room for one more trick.
_FLOAT_DENOMINATOR: Final = 1 << 40
_FLOAT_SIZE: Final = 1 << 11


def _vkey(v: Value) -> _VKey:
    """The key of a single-suit value: exact, a float where that is exact."""
    pos = v.infinitesimal.pos
    if pos is None:
        raise TheoryError(f"a single-suit value {v} is fuzzy (Lemma 10.2 says never)")
    q = v.number
    if q.denominator <= _FLOAT_DENOMINATOR and abs(q) < _FLOAT_SIZE:
        return (float(q), pos)  # ≤ 51 significant bits, and so are q + 1 and q − 1
    return (q, pos)


def _key_to_labeled(k: _Key) -> LabeledValue:
    number, pos, bit = k
    west = (bit == 0) if pos == 0 else (bit == 1)
    return LabeledValue(_W if west else _E, Value(Fraction(number), Infinitesimal(pos)))


#: Suits of at least this many cards a hand (and at most the kernel's
#: :data:`~whistgui.engine.games.whist.kernel.MAX_SUIT_N`) are valued by the numpy kernel when it
#: imports (:func:`~whistgui.engine.games.whist.kernel.reach`: a 13-card-a-hand suit in about 0.15 s
#: where this recursion takes seconds); shorter ones by the recursion here.
KERNEL_FROM = 9
#: Longer patterns are valued from an explicit stack (see Evaluator._value_deep): Python's
#: recursion limit (1000 frames) would stop the recursion near 330 cards a hand.
_RECURSION_N = 100
#: How many long suits' reaches an evaluator keeps (a 13-card suit's: a few MB).
KEPT_REACHES = 4
#: Up to this many cards a hand, an evaluator asked for many suits of one length computes the
#: kernel's table of every suit of that length
#: (:func:`~whistgui.engine.games.whist.kernel.suit_table`) and keeps it, reading the values
#: of the others from it: the tables from :data:`KERNEL_FROM` to 12 cards a hand hold 73 MB
#: (20 bytes a suit; 2.7 million suits at 12), the table of 13 alone would be 208 MB.
TABLE_UPTO: Final = 12
#: The suit of n cards a hand that makes an evaluator compute the table of n, counting the suits
#: of n it has valued by a reach (a one-suit computation): about as many reaches as the table
#: costs (measured: ``benchmarks/bench_levels.py``), so that one suit alone is never slowed
#: down and many suits never cost more than twice their best (the rent-or-buy rule).
TABLE_AFTER: Final = {9: 5, 10: 9, 11: 19, 12: 43}
#: How many patterns' values an evaluator keeps between calls by default (the least recently
#: used forgotten first): about 20 MB a 100,000 (a pattern, its value shared with others of
#: the same value, and its float key), so some 50 MB — every suit of up to 8 cards a hand
#: is 17,576 patterns, and a suit at ``whist value``'s limit of the recursion reaches 250,000.
MEMO_PATTERNS: Final = 250_000
_EMPTY: Final = frozenset({""})

_DEAL = "a Deal or deal text (a str)"


def _table_value(table: SuitTable, pattern: str) -> Value:
    """The value of a checked pattern of ``table.n`` cards a hand, read from the table."""
    rank = 0
    k = 0
    comb = math.comb
    for p, c in enumerate(pattern):  # keys.pattern_rank, the pattern known to be good
        if c == "W":
            k += 1
            rank += comb(p, k)
    return table.values[table.value_id.item(rank)]


def _suit(suit: SuitDeal | str) -> SuitDeal:
    if isinstance(suit, str):
        return SuitDeal.parse(suit)
    return expect(suit, SuitDeal, "suit", "a SuitDeal or a suit's text (a str)")


class Evaluator:
    """Computes values, memoized on suit patterns. Not thread-safe; one per worker (a
    :meth:`snapshot` for reading on another thread).

    A pattern of :data:`KERNEL_FROM` or more cards a hand that is not memoized is valued, with
    every pattern it reaches, by the numpy kernel (values equal: the tests compare them):
    alone, from the patterns it reaches; once many suits of its length have been asked for
    (:data:`TABLE_AFTER`) and up to ``table_upto`` cards a hand (:data:`TABLE_UPTO`), from the
    table of every suit of that length, computed once and kept (:attr:`tables`; at most 73 MB,
    ``table_upto=None`` for none). ``kernel_from=None`` keeps every value to the recursion
    here (the readable reference the tests check the kernel against). The kernel's memo is
    used under its lock (:meth:`~whistgui.engine.games.whist.kernel.TableCache.holding`), and
    ``should_stop`` is polled there as in the recursion.

    >>> ev = Evaluator()
    >>> ev.value('[13 12 9 8 7 2 1, 14 11 10 6 5 4 3]').pretty()
    '3⅜'
    >>> ev.stats['patterns'] > 0
    True
    """

    def __init__(
        self,
        should_stop: Callable[[], bool] | None = None,
        *,
        kernel_from: int | None = KERNEL_FROM,
        memo_bound: int | None = MEMO_PATTERNS,
        table_upto: int | None = TABLE_UPTO,
        greedy: bool = False,
    ) -> None:
        #: Polled every few hundred new patterns; when it returns True the computation raises
        #: :class:`Cancelled` (the memo keeps what was finished).
        self.should_stop = optional_callable(should_stop, "should_stop")
        #: Greedy Whist's values (α over the replies :meth:`Rules.follows` allows; no kernel)
        self.greedy = expect(greedy, bool, "greedy")
        if kernel_from is not None:
            whole(kernel_from, "kernel_from", low=1)
        usable = kernel_from is not None and kernel_available() and not greedy
        self.kernel_from = kernel_from if usable else None
        check_bound(memo_bound, "memo_bound")
        if table_upto is not None:
            whole(table_upto, "table_upto", low=1, high=MAX_TABLE_N, error=DealError)
        #: the largest n whose table of every suit the evaluator computes and keeps (None: none)
        self.table_upto = table_upto
        self._reaches: list[SuitReach] = []
        self._table_cache: TableCache | None = None
        #: the tables kept, by n (read-only once made: a snapshot shares them)
        self._levels: dict[int, SuitTable] = {}
        #: the suits of each n valued by a new reach so far (see TABLE_AFTER)
        self._reached: dict[int, int] = {}
        #: val of each pattern met, the least recently asked for first (the empty suit's is
        #: always kept: the recursion's base); trimmed to ``memo_bound`` when a public call
        #: returns (:mod:`~whistgui.engine.memo`)
        self._memo: Memo[str, Value] = Memo(memo_bound, "suit patterns' values", keep=_EMPTY)
        self._bound: float = math.inf if memo_bound is None else memo_bound
        self._values = self._memo.data
        self._values[""] = Value(0)
        #: the same patterns' values as float keys (the recursion compares these)
        self._vkeys: dict[str, _VKey] = {"": (0.0, 0)}
        #: the simplest value between each pair of bounds met
        self._simplest: Memo[tuple[_Key, _Key], Value] = Memo(
            memo_bound, "simplest values of pairs of bounds"
        )
        self._hits = 0
        self._misses = 0

    def clear(self) -> None:
        """Forget every memoized value."""
        self._memo.clear()
        self._values[""] = Value(0)
        self._vkeys.clear()
        self._vkeys[""] = (0.0, 0)
        self._simplest.clear()
        self._reaches = []
        self._table_cache = None
        self._levels = {}
        self._reached = {}
        self._hits = self._misses = 0

    def snapshot(self) -> Evaluator:
        """A new evaluator knowing every value this one has memoized (copies of its tables),
        for reading on another thread while this one goes on computing."""
        other = Evaluator(
            kernel_from=self.kernel_from,
            memo_bound=self._memo.bound,
            table_upto=self.table_upto,
            greedy=self.greedy,
        )
        other._reaches = list(self._reaches)  # read-only once made
        other._levels = dict(self._levels)  # so are the tables
        other._reached = dict(self._reached)
        other._memo = self._memo.copy()
        other._bound = self._bound
        other._values = other._memo.data
        other._vkeys = dict(self._vkeys)
        other._simplest = self._simplest.copy()
        return other

    @property
    def memo_bound(self) -> int | None:
        """The most patterns whose values are kept between calls (None: no bound)."""
        return self._memo.bound

    @property
    def tables(self) -> dict[int, SuitTable]:
        """The kernel's tables this evaluator keeps and reads values from, by n (a copy of the
        dict; see :data:`TABLE_UPTO`)."""
        return dict(self._levels)

    @property
    def stats(self) -> dict[str, int]:
        """Memo statistics: patterns stored, hits, misses, patterns forgotten (the least
        recently used, past :attr:`memo_bound`)."""
        return {
            "patterns": len(self._values),
            "hits": self._hits,
            "misses": self._misses,
            "evicted": self._memo.evicted,
        }

    def _trim(self) -> None:
        """Forget the least recently used patterns past the bound (a public call returns)."""
        vkeys = self._vkeys
        for pattern in self._memo.trim():
            vkeys.pop(pattern, None)

    # -- the core -------------------------------------------------------------------------
    def pattern_value(self, pattern: str) -> Value:
        """val of the symmetric single suit whose owners from low to high are ``pattern``."""
        if type(pattern) is not str:
            expect(pattern, str, "pattern", "a suit's pattern (a str of W and E)")
        values = self._values
        v = values.get(pattern)
        if v is not None:
            self._hits += 1
            del values[pattern]  # now the most recently used
            values[pattern] = v
            return v
        check_pattern(pattern)
        if self._levels:
            table = self._levels.get(len(pattern) // 2)
            if table is not None:  # read from a kept table; not memoized twice
                self._hits += 1
                return _table_value(table, pattern)
        try:
            if len(pattern) > 2 * _RECURSION_N:
                return self._value_deep(pattern)
            return self._value(pattern, top=True)
        finally:
            if len(values) > self._bound:
                self._trim()

    def _value(self, pattern: str, top: bool = False) -> Value:
        """val of a checked pattern: memoized, or read from a kept reach, or — asked for from
        outside (``top``) and long enough — from a new reach of the kernel, or by the
        recursion (valuing the reductions it needs)."""
        v = self._values.get(pattern)
        if v is not None:
            self._hits += 1
            return v
        self._poll(pattern)
        v = self._from_kernel(pattern, new=top)
        if v is None:
            v = self._compute(pattern)
        self._values[pattern] = v
        self._vkeys[pattern] = _vkey(v)
        return v

    def _poll(self, pattern: str) -> None:
        self._misses += 1
        if self.should_stop is not None and self._misses % 256 == 0 and self.should_stop():
            raise Cancelled(f"stopped while evaluating the pattern {pattern!r}")

    def _value_deep(self, pattern: str) -> Value:
        """pattern_value of a suit longer than :data:`_RECURSION_N` cards a hand without
        recursing through every card: its reductions are valued first, deepest first, from an
        explicit stack (each of at most :data:`_RECURSION_N` cards a hand by the recursion)."""
        stack = [pattern]
        values = self._values
        while stack:
            p = stack[-1]
            if p in values:
                stack.pop()
                continue
            if len(p) <= 2 * _RECURSION_N:
                self._value(p)
                continue
            wruns, eruns = _runs(p)
            missing = [
                r for i in wruns for j in eruns if (r := without_pair(p, i, j)) not in values
            ]
            if missing:
                stack.extend(missing)
                continue
            stack.pop()
            self._poll(p)
            v = self._compute(p)
            values[p] = v
            self._vkeys[p] = _vkey(v)
        return values[pattern]

    def _from_kernel(self, pattern: str, *, new: bool) -> Value | None:
        """The value of a pattern of :data:`KERNEL_FROM` to the kernel's ``MAX_SUIT_N`` cards
        a hand from a kept table or reach, or (``new``) from a new table (the suits of its
        length asked for often enough: :data:`TABLE_AFTER`) or reach; None when the recursion
        here values it (short, beyond the kernel, not reached and not ``new``, or no kernel)."""
        if self.kernel_from is None or len(pattern) < 2 * self.kernel_from:
            return None
        n = len(pattern) // 2
        table = self._levels.get(n)
        if table is not None:
            return _table_value(table, pattern)
        for r in self._reaches:
            v = r.value(pattern)
            if v is not None:
                return v
        from whistgui.engine.games.whist.kernel import MAX_SUIT_N, reach

        if not new or n > MAX_SUIT_N:
            return None
        if self.table_upto is not None and n <= self.table_upto:
            asked = self._reached[n] = self._reached.get(n, 0) + 1
            if asked >= TABLE_AFTER.get(n, 1):
                return _table_value(self._level_table(n), pattern)
        with self._kernel_cache().holding(self.should_stop) as cache:
            r = reach(pattern, cache=cache, should_stop=self.should_stop)
        self._reaches = [r, *self._reaches[: KEPT_REACHES - 1]]
        return r.root

    def _kernel_cache(self) -> TableCache:
        """The kernel's memo (a new one when the old one is :attr:`~TableCache.full`: the
        tables and reaches kept read their values from the old one, theirs)."""
        from whistgui.engine.games.whist.kernel import TableCache

        if self._table_cache is None or self._table_cache.full:
            self._table_cache = TableCache()
        return self._table_cache

    def _level_table(self, n: int, progress: Callable[[int, int], None] | None = None) -> SuitTable:
        """The kernel's table of every suit of ``n`` cards a hand (at most
        :attr:`table_upto`), kept with those below it from :attr:`kernel_from` up."""
        table = self._levels.get(n)
        if table is not None:
            return table
        from whistgui.engine.games.whist.kernel import tables_upto

        stop = self.should_stop
        with self._kernel_cache().holding(stop) as cache:
            made = tables_upto(n, upto_cache=cache, should_stop=stop, progress=progress)
        low = n if self.kernel_from is None else self.kernel_from
        self._levels.update((m, t) for m, t in made.items() if m >= low)
        return made[n]

    def bounds(self, pattern: str) -> tuple[LabeledValue, LabeledValue]:
        """maxmin and minmax of the symmetric single suit ``pattern`` (as :meth:`analyze`
        gives them, without building the α matrix)."""
        self.pattern_value(pattern)  # checks the pattern; the reductions are then memoized
        if not pattern:
            raise AsymmetricSuitError("pattern '' is the empty suit: it has no α matrix")
        maxmin_key, minmax_key = self._bound_keys(pattern)  # may value reductions forgotten
        if len(self._values) > self._bound:
            self._trim()
        return _key_to_labeled(maxmin_key), _key_to_labeled(minmax_key)

    def _compute(self, pattern: str) -> Value:
        """val: the simplest value between maxmin and minmax."""
        maxmin_key, minmax_key = self._bound_keys(pattern)
        cached = self._simplest.data.get((maxmin_key, minmax_key))
        if cached is not None:
            return cached
        bounds = Bounds(_key_to_labeled(maxmin_key), _key_to_labeled(minmax_key))
        v = bounds.simplest()
        self._simplest.put((maxmin_key, minmax_key), v)
        return v

    def _bound_keys(self, pattern: str) -> tuple[_Key, _Key]:
        """maxmin and minmax from the α of one West and one East card per run (equivalent
        cards give the same reduction), compared as float keys; for Greedy Whist a row's
        minimum and a column's maximum only over the replies the rule allows."""
        wruns, eruns = _runs(pattern)
        memo = self._vkeys
        west_wins = WHIST_RULES.beats  # (East's card, West's card): one suit, the higher wins
        best_rowmin: _Key = _BOTTOM
        colmax: list[_Key] = [_BOTTOM] * len(eruns)
        hits = 0
        # the greedy rule: a reply that can win must (a run starts above i iff it lies above)
        greedy, west_top, east_top = self.greedy, wruns[-1], eruns[-1]
        for i in wruns:
            rowmin: _Key = _TOP
            east_must_win = greedy and east_top > i
            for jj, j in enumerate(eruns):
                rest = without_pair(pattern, i, j)
                rk = memo.get(rest)
                if rk is None:
                    self._value(rest)
                    rk = memo[rest]
                else:
                    hits += 1
                num, pos = rk
                if west_wins(j, i):  # one more trick for West, West on lead
                    k = (num + 1, pos, 0 if pos == 0 else 1)
                    if k > colmax[jj]:
                        colmax[jj] = k
                    if k < rowmin and not east_must_win:
                        rowmin = k
                else:
                    k = (num, pos, 1 if pos == 0 else 0)
                    if k < rowmin:
                        rowmin = k
                    if k > colmax[jj] and not (greedy and west_top > j):
                        colmax[jj] = k
            if rowmin > best_rowmin:
                best_rowmin = rowmin
        self._hits += hits
        return best_rowmin, min(colmax)

    # -- public API -----------------------------------------------------------------------
    def suit_value(self, suit: SuitDeal | str) -> Value:
        """val of one symmetric suit."""
        s = _suit(suit)
        _ = s.n  # raises AsymmetricSuitError with the suit quoted
        return self.pattern_value(s.pattern)

    def value(self, x: SuitDeal | Deal | State | str) -> Value:
        """val of a suit, a deal (the sum of its suits' values) or a state (plus its tricks).

        Text is parsed as a deal in either notation."""
        if isinstance(x, str):
            x = Deal.parse(x)
        elif not isinstance(x, (SuitDeal, Deal, State)):
            raise ArgumentTypeError(
                f"x must be a SuitDeal, a Deal, a State or deal text (a str), not {described(x)}"
            )
        if isinstance(x, SuitDeal):
            return self.suit_value(x)
        if isinstance(x, State):
            return self.value(x.deal) + x.tricks
        total = Value(0)
        for s in x.suits:
            total = total + self.suit_value(s)
        return total

    def suit_values(self, deal: Deal | str) -> list[Value]:
        """The value of every suit of ``deal``, in order."""
        d = Deal.parse(deal) if isinstance(deal, str) else expect(deal, Deal, "deal", _DEAL)
        return [self.suit_value(s) for s in d.suits]

    def outcome(self, x: SuitDeal | Deal | State | str) -> Outcome:
        """ρ(val): the predicted outcome (Theorem 12.1)."""
        return rho(self.value(x))

    def refined_outcome(self, x: SuitDeal | Deal | State | str) -> Outcome:
        """ρ′(val): the predicted refined outcome (Theorem 12.1)."""
        return rho_prime(self.value(x))

    def analyze(self, suit: SuitDeal | str) -> SuitAnalysis:
        """The whole §10 computation for one suit: reductions, α, maxmin, minmax, I, val."""
        s = _suit(suit)
        n = s.n
        if n == 0:
            raise AsymmetricSuitError(f"the suit {s} is empty; there is nothing to analyze")
        memo = self.pattern_value(s.pattern)  # first: a long suit's reach values the rest
        west = tuple(sorted(s.west))
        east = tuple(sorted(s.east))
        rows = []
        for i, wc in enumerate(west):
            row = []
            for j, ec in enumerate(east):
                rest = s.without(west=wc, east=ec)
                rv = self.pattern_value(rest.pattern)
                wins = WHIST_RULES.beats(ec, wc)
                label = LabeledValue(_W if wins else _E, rv + 1 if wins else rv)
                row.append(Reduction(i, j, wc, ec, rest, label))
            rows.append(tuple(row))
        alpha = [[r.label for r in row] for row in rows]
        row_minima, column_maxima = extremes(alpha, west, east, self.greedy)
        bounds = Bounds(labeled_max(row_minima), labeled_min(column_maxima))
        value = bounds.simplest()
        if memo != value:
            raise TheoryError(f"val({s}) is {memo} by runs but {value} by the full matrix")
        return SuitAnalysis(s, west, east, tuple(rows), bounds, value, self.greedy)

    def table(
        self, n: int, *, progress: Callable[[int, int], None] | None = None
    ) -> Iterator[tuple[SuitDeal, Value]]:
        """Every single-suit deal with ``n`` cards a hand (1 to
        :data:`~whistgui.engine.games.whist.keys.MAX_TABLE_N`) in which East holds the top card,
        with its value; West's hands in decreasing order (highest cards first).

        From :data:`KERNEL_FROM` cards a hand the values are read from the kernel's table of
        every suit of ``n`` (:func:`~whistgui.engine.games.whist.kernel.suit_table`, computed
        first, ``progress(done, total)`` counting its suits), not valued one suit at a time
        (n = 10: a new reach for each of 92,378 suits, some 40 a second).

        >>> [(str(s), v.ascii()) for s, v in Evaluator().table(1)]
        [('K/A', 'e0')]
        """
        n = whole(n, "n", low=1, high=MAX_TABLE_N, error=DealError)
        optional_callable(progress, "progress")
        return self._table(n, progress)

    def _table(
        self, n: int, progress: Callable[[int, int], None] | None
    ) -> Iterator[tuple[SuitDeal, Value]]:
        size = 2 * n
        value: Callable[[str], Value] = self.pattern_value
        if self.kernel_from is not None and n >= self.kernel_from:
            from whistgui.engine.games.whist.kernel import suit_table

            if self.table_upto is not None and n <= self.table_upto:
                table = self._level_table(n, progress)  # kept for the next asks
            else:
                table = suit_table(n, should_stop=self.should_stop, progress=progress)

            def value(pattern: str) -> Value:
                return _table_value(table, pattern)

        # positions 0..size-1 from low to high; East holds size-1
        for west_positions in combinations(range(size - 2, -1, -1), n):
            pattern = "".join("W" if p in west_positions else "E" for p in range(size))
            suit = SuitDeal.from_pattern(pattern)
            yield suit, value(pattern)
