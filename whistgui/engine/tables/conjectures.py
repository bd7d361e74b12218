"""The conjectures of symmetric whist §18 and the statements of single-suit whist (R43), checked
suit by suit: by the values of the table up to n cards a hand, and by exact search up to a
smaller bound.

By the values (every suit up to ``upto`` cards a hand, from a :class:`~.rows.RowMaker` or any
producer of :class:`~.rows.SuitRow`):

* Conjecture 18.1 — a value q + x with x a positive infinitesimal has q a nonnegative integer
  and x = ε_q;
* Conjecture 18.2 — a non-integral number has fractional part 1/2^k, 1 − 1/2^k, 3/8 or 5/8;
* R43 Theorem 8.1 — West takes (n + H_W)/2 tricks (down with West on lead, up with East) for
  H_W one of H, H̄ — and Theorem 9.1 as rebuilt in THEORY-NOTES, which says which: both
  against ρ(val), the outcome the value predicts (Theorem 12.1);
* Conjecture 18.3 on single suits — when the opponent leads a card we can beat with a card
  below the highest remaining card, beating it is optimal — with the outcomes after the trick
  read off the values of the suits of n − 1 cards (ρ(val) = χ, Theorem 12.1).

By exact search (every single suit up to ``search_upto`` cards a hand, the engine's
:class:`~whistgui.engine.trick.solver.Solver`):

* Conjecture 18.3 on single suits, every lead of every suit, both leaders — and, since R43
  proved the single-suit case, on every position of two suits (up to ``two_suit_upto`` cards
  a hand), where it is open;
* the values against search (Theorem 12.1: ρ(val) is the outcome);
* R43 Theorem 6.1 — Greedy Whist gives West (n + H_Greedy)/2;
* the normal strategy (R43 §4): in Whist it guarantees West (n + H)/2 and East (n − H̄)/2
  (Theorem 8.2); in Greedy Whist it is optimal for both sides.

>>> report = check(4, 3)
>>> report.ok, [(c.key, c.upto, c.checked) for c in report.checks][:2]
(True, [('18.1', 4, 98), ('18.2', 4, 98)])

A wrong value is caught and shown in the paper's notation:

>>> from dataclasses import replace
>>> from whistgui.engine.tables.rows import suit_rows
>>> from whistgui.engine.games.whist.value import Value
>>> def planted(n, **kw):
...     for r in suit_rows(n, **kw):
...         yield r if r.pattern != 'EWEW' else replace(r, value=Value.parse('1/2+e1'))
>>> bad = check(2, 0, rows=planted)
>>> bad.ok, bad.counterexamples()[0].text
(False, 'Conjecture 18.1: [A Q, K J] has value ½ + ε₁: q = ½ is not an integer')
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Final, Protocol

from whistgui.engine.errors import TheoryError
from whistgui.engine.games.greedy_whist import GREEDY_WHIST_RULES
from whistgui.engine.games.single_suit import greedy_tricks, h_whist, normal_card
from whistgui.engine.games.whist.evaluator import without_pair
from whistgui.engine.games.whist.infinitesimal import eps
from whistgui.engine.games.whist.value import Value, pretty_number
from whistgui.engine.tables.open_questions import Exceptions, OpenQuestions
from whistgui.engine.tables.rows import (
    RowMaker,
    SuitRow,
    count_patterns,
    patterns,
    whist_tricks,
)
from whistgui.engine.trick.cards import Card, Player
from whistgui.engine.trick.deal import Deal, SuitDeal
from whistgui.engine.trick.notation import format_suit_paper
from whistgui.engine.trick.play import Position
from whistgui.engine.trick.rules import WHIST_RULES, Rules
from whistgui.engine.trick.solver import Solver, canonical, owner_runs

__all__ = [
    "KEEP",
    "MAX_SEARCH_N",
    "MAX_TWO_SUIT_N",
    "Check",
    "ConjectureReport",
    "Counterexample",
    "ValueCounts",
    "check",
    "check_value_counts",
    "conjecture_18_1",
    "conjecture_18_2",
    "counts_from_rows",
    "engine_normal_card",
    "h_whist",
    "store_value_counts",
    "suit_text",
    "two_suit_positions",
]

#: Counterexamples kept per statement (all are counted).
KEEP: Final = 20
#: The largest n for the search statements in reasonable time (8: about 40 s; 9: about 3 min
#: and 1.5 GB of search tables on one core here).
MAX_SEARCH_N: Final = 9
#: The most cards a hand of the two-suit positions 18.3 is checked on in reasonable time (9:
#: about 50 s; 10: about 2 min).
MAX_TWO_SUIT_N: Final = 10

RowProducer = Callable[..., Iterable[SuitRow]]
#: The normal strategy's card as a position in the pattern: (pattern, leader, card led or None).
NormalCard = Callable[[str, Player, "int | None", Rules], int]
Progress = Callable[[str, int, int], None]

_W, _E = Player.WEST, Player.EAST


def suit_text(pattern: str) -> str:
    """The suit of a pattern in the paper's notation: ``'EWEW'`` → ``'[A Q, K J]'``."""
    return format_suit_paper(SuitDeal.from_pattern(pattern))


def _base(pattern: str) -> int:
    """The rank of position 0 in :meth:`SuitDeal.from_pattern`."""
    return 15 - len(pattern) if len(pattern) <= 13 else 1


@dataclass(frozen=True, slots=True)
class Counterexample:
    """A suit (or a position in it) where a statement fails, and how."""

    statement: str  # e.g. "Conjecture 18.1"
    patterns: tuple[str, ...]  # the suits, each as its owners from low to high
    detail: str

    @property
    def deal(self) -> str:
        """The suit, or the position's suits, in the paper's notation."""
        return " + ".join(suit_text(p) for p in self.patterns)

    @property
    def text(self) -> str:
        return f"{self.statement}: {self.deal} {self.detail}"

    def json(self) -> dict[str, Any]:
        return {"deal": self.deal, "patterns": list(self.patterns), "detail": self.detail}


@dataclass(slots=True)
class Check:
    """One statement: how far and how often it was checked, and what failed."""

    key: str  # "18.1", "18.3", "R43 9.1", …
    title: str
    method: str  # "values" or "search"
    unit: str  # what ``checked`` counts: "suits" or "leads"
    upto: int = 0  # the largest n checked whole
    checked: int = 0
    found: int = 0
    counterexamples: list[Counterexample] = field(default_factory=list)

    @property
    def statement(self) -> str:
        return f"Conjecture {self.key}" if self.key[0].isdigit() else self.key

    @property
    def ok(self) -> bool:
        return self.found == 0

    def fail(self, patterns: tuple[str, ...], detail: str) -> None:
        self.found += 1
        if len(self.counterexamples) < KEEP:
            self.counterexamples.append(Counterexample(self.statement, patterns, detail))

    def json(self) -> dict[str, Any]:
        return {
            "statement": self.key,
            "title": self.title,
            "method": self.method,
            "upto": self.upto,
            "checked": self.checked,
            "unit": self.unit,
            "counterexamples": self.found,
            "examples": [c.json() for c in self.counterexamples],
        }


@dataclass(frozen=True, slots=True)
class ConjectureReport:
    """Every statement checked, in order."""

    upto: int
    search_upto: int
    two_suit_upto: int
    checks: tuple[Check, ...]
    #: how far the open questions went (:mod:`~whistgui.engine.tables.open_questions`)
    questions: OpenQuestions = field(default_factory=OpenQuestions)
    #: R43 Theorem 9.1's exceptions, one entry for each n
    exceptions: tuple[Exceptions, ...] = ()

    @property
    def ok(self) -> bool:
        return all(c.ok for c in self.checks)

    def counterexamples(self) -> list[Counterexample]:
        return [x for c in self.checks for x in c.counterexamples]

    def json(self) -> dict[str, Any]:
        return {
            "upto": self.upto,
            "search_upto": self.search_upto,
            "two_suit_upto": self.two_suit_upto,
            **self.questions.json(),
            "ok": self.ok,
            "statements": [c.json() for c in self.checks],
            "theorem_9_1_exceptions": [e.json() for e in self.exceptions],
        }


# -- the statements, one suit at a time ------------------------------------------------------
_FRACTIONS: Final = frozenset({Fraction(3, 8), Fraction(5, 8)})


def conjecture_18_1(row: SuitRow) -> str | None:
    """Why the row's value breaks Conjecture 18.1, or None if it does not."""
    return _18_1(row.value)


def _18_1(v: Value) -> str | None:
    if not v.infinitesimal.is_positive:
        return None
    q = v.number
    shown = f"has value {v.pretty()}: "
    if q.denominator != 1:
        return shown + f"q = {pretty_number(q)} is not an integer"
    if q < 0:
        return shown + f"q = {pretty_number(q)} is negative"
    if v.infinitesimal != eps(int(q)):
        return shown + f"x = {v.infinitesimal.pretty()} is not ε_{int(q)}"
    return None


def conjecture_18_2(row: SuitRow) -> str | None:
    """Why the row's value breaks Conjecture 18.2, or None if it does not."""
    return _18_2(row.value)


def _18_2(v: Value) -> str | None:
    if not v.is_number or v.number.denominator == 1:
        return None
    frac = v.number % 1
    if frac.numerator == 1 or frac.numerator == frac.denominator - 1 or frac in _FRACTIONS:
        return None
    return f"has value {v.pretty()}: fractional part {frac} is none of 1/2^k, 1 − 1/2^k, 3/8, 5/8"


def _greedy_outcome(n: int, h: int) -> tuple[int, int]:
    return greedy_tricks(n, h, _W), greedy_tricks(n, h, _E)


Suits = tuple[str, ...]


@dataclass(frozen=True, slots=True)
class _Refusal:
    """A lead the follower can beat below the top card, and West's tricks after the best
    winning reply and the best refusal (None: every reply wins)."""

    leader: Player
    suit: int  # the suit led, an index into the position's suits
    lead: int  # the card led, a position in that suit's pattern
    win: int
    duck: int | None

    @property
    def ok(self) -> bool:
        """Is beating the lead optimal (Conjecture 18.3)?"""
        if self.duck is None:
            return True
        return self.duck <= self.win if self.leader is _E else self.duck >= self.win


def _refusals(
    suits: Suits, leader: Player, tricks: Callable[[Suits], tuple[int, int]]
) -> Iterator[_Refusal]:
    """Conjecture 18.3 in one position between tricks: every lead (one card per sequence) of
    ``leader`` that the follower can beat with a card below the highest remaining card of the
    suit, with West's tricks after the follower's best win and best refusal.
    ``tricks(suits)`` is West's tricks with West and with East on lead (canonical suits)."""
    lead_c, foll_c = leader.value, leader.other.value
    west_follows = leader is _E
    # West's tricks in the trick itself, and which of the two counts after it the winner's lead
    win_trick, win_next = (1, 0) if west_follows else (0, 1)
    duck_trick, duck_next = (0, 1) if west_follows else (1, 0)
    single = len(suits) == 1
    for si, pattern in enumerate(suits):
        top = len(pattern) - 1
        replies = owner_runs(pattern, foll_c)
        others = suits[:si] + suits[si + 1 :]
        for i in owner_runs(pattern, lead_c):
            if foll_c not in pattern[i + 1 : top]:
                continue  # nothing below the top beats it (or a void): refusing may be right
            win: int | None = None
            duck: int | None = None
            for j in replies:
                a, b = (i, j) if i < j else (j, i)
                rest = pattern[:a] + pattern[a + 1 : b] + pattern[b + 1 :]
                key = ((rest,) if rest else ()) if single else canonical((*others, rest))
                after = tricks(key)
                if j > i:
                    score = win_trick + after[win_next]
                    if win is None or (score > win if west_follows else score < win):
                        win = score
                else:
                    score = duck_trick + after[duck_next]
                    if duck is None or (score > duck if west_follows else score < duck):
                        duck = score
            if win is None:  # impossible: a card below the top beats the lead
                raise TheoryError(f"no winning reply to {i} in {pattern!r}")
            yield _Refusal(leader, si, i, win, duck)


def _refusal_text(suits: Suits, r: _Refusal) -> str:
    deal = _deal(suits)
    card = Card(r.suit, _base(suits[r.suit]) + r.lead)
    name = deal.card_name(card) if len(suits) > 1 else deal.suits[0].card_text(card.rank)
    return (
        f"{r.leader.name.title()} leads {name}: refusing is better "
        f"(West's tricks: {r.win} winning, {r.duck} refusing)"
    )


def _deal(suits: Suits) -> Deal:
    return Deal([SuitDeal.from_pattern(p) for p in suits])


def two_suit_positions(m: int) -> Iterator[tuple[Suits, Player]]:
    """Every position of two suits and at most ``m`` cards a hand between tricks, with the
    player on lead: two single suits of a and b cards a hand, a + b ≤ m, in either order once.
    Play never makes a suit uneven — the follower holds as many cards of the suit led as the
    leader, so he always follows — and a deal of m cards a hand reaches every smaller one
    (play the lowest cards of a suit first), so these are all the positions of play.

    >>> sorted((suits, leader.value) for suits, leader in two_suit_positions(2))[:3]
    [(('EW', 'EW'), 'E'), (('EW', 'EW'), 'W'), (('EW', 'WE'), 'E')]
    >>> len(list(two_suit_positions(2))), len(list(two_suit_positions(3)))
    (6, 30)
    """
    for a in range(1, m // 2 + 1):
        for b in range(a, m - a + 1):
            for p in patterns(a):
                for q in patterns(b):
                    if a == b and q < p:
                        continue
                    for leader in (_W, _E):
                        yield (p, q) if p <= q else (q, p), leader


# -- the normal strategy against optimal play --------------------------------------------------
def engine_normal_card(pattern: str, leader: Player, led: int | None, rules: Rules) -> int:
    """The engine's :func:`~whistgui.engine.games.single_suit.normal_card` for the suit of a
    pattern, as a position in the pattern."""
    base = _base(pattern)
    pos = Position.start(Deal([SuitDeal.from_pattern(pattern)]), leader, rules)
    if led is not None:
        pos = pos.play(Card(0, base + led))
    return normal_card(pos).rank - base


class _NormalPlay:
    """West's tricks when one side plays the normal strategy and the other plays best."""

    def __init__(self, rules: Rules, normal: NormalCard) -> None:
        self.rules = rules
        self.normal = normal
        self.memo: dict[tuple[str, bool, bool], int] = {}

    def tricks(self, pattern: str, west_leads: bool, normal_west: bool) -> int:
        if not pattern:
            return 0
        key = (pattern, west_leads, normal_west)
        got = self.memo.get(key)
        if got is not None:
            return got
        leader = _W if west_leads else _E
        foll_c = leader.other.value
        if west_leads == normal_west:  # the normal side leads, the other replies best
            i = self.normal(pattern, leader, None, self.rules)
            replies = [j for j, _ in self.rules.replies(i, owner_runs(pattern, foll_c))]
            pick = min if west_leads else max
            v = pick(self._after(pattern, i, j, normal_west) for j in replies)
        else:  # the other side leads best, the normal side replies
            pick = max if west_leads else min
            v = pick(
                self._after(pattern, i, self.normal(pattern, leader, i, self.rules), normal_west)
                for i in owner_runs(pattern, leader.value)
            )
        self.memo[key] = v
        return v

    def _after(self, pattern: str, i: int, j: int, normal_west: bool) -> int:
        west_won = pattern[max(i, j)] == "W"
        return int(west_won) + self.tricks(without_pair(pattern, i, j), west_won, normal_west)


# -- the checker -------------------------------------------------------------------------------
def _checks(upto: int, search_upto: int) -> dict[str, Check]:
    """Every statement's check, none made yet, for a table of n ≤ ``upto`` whose search
    runs to n = ``search_upto`` (a :class:`ValueError` if that is beyond the table)."""
    if search_upto > upto:
        raise ValueError(f"the search bound {search_upto} exceeds the table's {upto}")
    items = [
        ("18.1", "a value q + x, x a positive infinitesimal: q a nonnegative integer, x = ε_q",
         "values", "suits"),
        ("18.2", "a non-integral number has fractional part 1/2^k, 1 − 1/2^k, 3/8 or 5/8",
         "values", "suits"),
        ("R43 8.1", "whist: West takes (n + H_W)/2 tricks, H_W one of H, H̄ (by ρ(val))",
         "values", "suits"),
        ("R43 9.1", "whist: H_W is what Theorem 9.1 (as in THEORY-NOTES) says (by ρ(val))",
         "values", "suits"),
        ("18.3", "beating a lead with a card below the top is optimal: single suits, the "
         "tricks after it by ρ(val)", "values", "leads"),
        ("18.3 search", "beating a lead with a card below the top is optimal: single suits, "
         "exact search", "search", "leads"),
        ("18.3 two suits", "beating a lead with a card below the top is optimal: every "
         "position of two suits, exact search (n = cards a hand)", "search", "leads"),
        ("val = search", "ρ(val) is the outcome exact search finds (Theorem 12.1)",
         "search", "suits"),
        ("R43 6.1", "Greedy Whist: West takes (n + H_Greedy)/2 tricks (exact search)",
         "search", "suits"),
        ("R43 normal whist", "whist: the normal strategy guarantees West (n + H)/2 and "
         "East (n − H̄)/2 tricks against best play", "search", "suits"),
        ("R43 normal greedy", "Greedy Whist: the normal strategy is optimal for both sides",
         "search", "suits"),
    ]  # fmt: skip
    return {k: Check(k, title, method, unit) for k, title, method, unit in items}


def check(
    upto: int,
    search_upto: int = 0,
    two_suit_upto: int = 0,
    *,
    rows: RowProducer | None = None,
    solver: Solver | None = None,
    tricks: Callable[[Suits], tuple[int, int]] | None = None,
    normal: NormalCard | None = None,
    progress: Progress | None = None,
    should_stop: Callable[[], bool] | None = None,
    rows_upto: int | None = None,
    value_counts: ValueCounts | None = None,
    questions: OpenQuestions | None = None,
) -> ConjectureReport:
    """Check the statements by the values on every suit of n ≤ ``upto`` cards a hand, those
    by search on every suit of n ≤ ``search_upto`` (at most ``upto``), and Conjecture 18.3 on
    every position of two suits reached from a deal of ``two_suit_upto`` cards a hand.

    With ``rows_upto`` (between ``search_upto`` and ``upto``), the statements that need each
    suit's own numbers (R43 8.1, 9.1, Conjecture 18.3) stop there, and those of the value
    alone (18.1, 18.2) go on to ``upto`` once a value: ``value_counts(n)`` says how many
    suits of n have each value and the first suit of a value (default: counted from
    ``rows``; a table store's footers: :func:`store_value_counts`).

    ``rows(n, should_stop=…, progress=…)`` yields the suits of n (default: a
    :class:`~whistgui.engine.tables.rows.RowMaker`; a test plants a wrong value here);
    ``tricks(suits)`` is West's tricks of whist with West and with East on lead (default:
    ``solver``'s exact search); ``normal`` is the normal strategy's card (default the
    engine's :func:`~whistgui.engine.games.single_suit.normal_card`).
    ``progress(stage, done, total)`` is told as the work goes (the same checks in chunks, on a
    Dask cluster's workers: :func:`~whistgui.engine.tables.chunked.check_in_chunks`).
    ``questions`` says how far to take the open questions (Conjecture 7.2, R44 §15) and for
    which n to list Theorem 9.1's exceptions; they run in this process."""
    checks = _checks(upto, search_upto)
    rows_upto = _rows_upto(upto, search_upto, rows_upto)
    producer: RowProducer = rows if rows is not None else RowMaker(should_stop=should_stop)
    small: dict[int, list[SuitRow]] = {}
    prev: dict[str, tuple[int, int]] = {"": (0, 0)}
    outcomes: dict[Value, tuple[int, int]] = {}

    def by_values(suits: Suits) -> tuple[int, int]:
        return prev[suits[0]] if suits else (0, 0)

    for n in range(1, rows_upto + 1):

        def told(done: int, total: int, n: int = n) -> None:
            if progress is not None:
                progress(f"values n = {n}", done, total)

        cur: dict[str, tuple[int, int]] = {}
        seen = 0
        for row in producer(n, should_stop=should_stop, progress=told):
            seen += 1
            outcome = outcomes.get(row.value)
            if outcome is None:
                outcome = outcomes[row.value] = whist_tricks(row.value)
            cur[row.pattern] = outcome
            if n <= search_upto:
                small.setdefault(n, []).append(row)
            _check_row(checks, row, outcome, by_values)
        _level_checked(checks, n, seen)
        prev = cur
    counts_of = value_counts or counts_from_rows(producer, progress, should_stop)
    for n in range(rows_upto + 1, upto + 1):
        check_value_counts(checks, n, *counts_of(n))
    return _by_search(
        checks,
        upto,
        search_upto,
        two_suit_upto,
        small,
        solver,
        tricks,
        normal,
        progress,
        should_stop,
        questions,
    )


def _by_search(
    checks: dict[str, Check],
    upto: int,
    search_upto: int,
    two_suit_upto: int,
    small: dict[int, list[SuitRow]],
    solver: Solver | None,
    tricks: Callable[[Suits], tuple[int, int]] | None,
    normal: NormalCard | None,
    progress: Progress | None,
    should_stop: Callable[[], bool] | None,
    questions: OpenQuestions | None = None,
) -> ConjectureReport:
    """The statements by search, on the rows of ``small``, and the open questions; the report
    of them all."""
    search = _Search(checks, solver or Solver(should_stop), tricks, normal or engine_normal_card)
    for n in range(1, search_upto + 1):
        rows_n = small.get(n, [])
        for done, row in enumerate(rows_n):
            if progress is not None and done % 64 == 0:
                progress(f"search n = {n}", done, len(rows_n))
            search.suit(row)
        for key in ("18.3 search", "val = search", "R43 6.1", "R43 normal whist",
                    "R43 normal greedy"):  # fmt: skip
            checks[key].upto = n
    if two_suit_upto >= 2:
        c = checks["18.3 two suits"]
        positions = list(two_suit_positions(two_suit_upto))
        for done, (suits, leader) in enumerate(positions):
            if progress is not None and done % 64 == 0:
                progress(f"two suits n = {two_suit_upto}", done, len(positions))
            for r in _refusals(suits, leader, search.tricks):
                c.checked += 1
                if not r.ok:
                    c.fail(suits, _refusal_text(suits, r))
        c.upto = two_suit_upto
    questions = questions or OpenQuestions()
    exceptions = _open_questions(checks, questions, progress, should_stop)
    return ConjectureReport(
        upto, search_upto, two_suit_upto, tuple(checks.values()), questions, exceptions
    )


def _open_questions(
    checks: dict[str, Check],
    questions: OpenQuestions,
    progress: Progress | None,
    should_stop: Callable[[], bool] | None,
) -> tuple[Exceptions, ...]:
    """The open questions' statements added to ``checks``; Theorem 9.1's exceptions."""
    tallies, exceptions = questions.run(progress, should_stop)
    for key, title, method, unit in questions.statements():
        t = tallies[key]
        c = checks[key] = Check(key, title, method, unit, t.upto, t.checked, t.found)
        c.counterexamples = [Counterexample(c.statement, s, d) for s, d in t.examples[:KEEP]]
    return exceptions


#: The statements checked by the values, suit by suit (in one process or in chunks).
_BY_VALUES: Final = ("18.1", "18.2", "R43 8.1", "R43 9.1", "18.3")
#: Those of a suit's value alone, which can be checked once a value.
_BY_VALUE_ALONE: Final = (("18.1", _18_1), ("18.2", _18_2))

#: For n: how many suits of n cards a hand have each value, and the pattern of the first suit
#: (in whist's listing order) of a value among them.
ValueCounts = Callable[[int], "tuple[Mapping[Value, int], Callable[[Value], str]]"]


class _CountingStore(Protocol):
    def count_by_value(self) -> Mapping[int, Mapping[Value, int]]: ...
    def first_of_each_value(self, n: int | None = None) -> list[SuitRow]: ...


def _rows_upto(upto: int, search_upto: int, rows_upto: int | None) -> int:
    if rows_upto is None:
        return upto
    if not search_upto <= rows_upto <= upto:
        raise ValueError(
            f"the rows' bound {rows_upto} is not between the search's {search_upto} and the "
            f"table's {upto}"
        )
    return rows_upto


def store_value_counts(store: _CountingStore) -> ValueCounts:
    """:data:`ValueCounts` from a table store (a Parquet store's footers: no row is read but
    the first suit of a value that fails)."""
    counts = store.count_by_value()

    def of(n: int) -> tuple[Mapping[Value, int], Callable[[Value], str]]:
        def first(v: Value) -> str:
            return next(r.pattern for r in store.first_of_each_value(n) if r.value == v)

        return counts.get(n, {}), first

    return of


def counts_from_rows(
    rows: RowProducer, progress: Progress | None, should_stop: Callable[[], bool] | None
) -> ValueCounts:
    """:data:`ValueCounts` counted from the suits ``rows`` makes."""

    def of(n: int) -> tuple[Mapping[Value, int], Callable[[Value], str]]:
        counts: dict[Value, int] = {}
        firsts: dict[Value, str] = {}

        def told(done: int, total: int) -> None:
            if progress is not None:
                progress(f"values n = {n}", done, total)

        for row in rows(n, should_stop=should_stop, progress=told):
            counts[row.value] = counts.get(row.value, 0) + 1
            firsts.setdefault(row.value, row.pattern)
        return counts, firsts.__getitem__

    return of


def check_value_counts(
    checks: dict[str, Check],
    n: int,
    counts: Mapping[Value, int],
    first: Callable[[Value], str],
) -> None:
    """Conjectures 18.1 and 18.2 on every suit of ``n`` cards a hand, once a value: each
    value's suits are counted as checked, and as counterexamples if it fails (shown by the
    first of them, ``first(value)``). ``counts`` must cover every suit of n."""
    seen = sum(counts.values())
    if seen != count_patterns(n):
        raise ValueError(
            f"the values of {n} cards a hand count {seen} suits, not {count_patterns(n)}"
        )
    for v, c in counts.items():
        for key, statement in _BY_VALUE_ALONE:
            check = checks[key]
            check.checked += c
            why = statement(v)
            if why is None:
                continue
            check.found += c
            if len(check.counterexamples) < KEEP:
                more = f" (as do {c - 1:,} more suits of n = {n})" if c > 1 else ""
                example = Counterexample(check.statement, (first(v),), why + more)
                check.counterexamples.append(example)
    for key, _ in _BY_VALUE_ALONE:
        checks[key].upto = n


def _level_checked(checks: dict[str, Check], n: int, seen: int) -> None:
    """The suits of ``n`` cards a hand all checked by the values: ``seen`` must be every one."""
    total = count_patterns(n)
    if seen != total:
        raise ValueError(f"the rows of {n} cards a hand are {seen} suits, not {total}")
    for key in _BY_VALUES:
        checks[key].upto = n


def _check_row(
    checks: dict[str, Check],
    row: SuitRow,
    outcome: tuple[int, int],
    tricks: Callable[[Suits], tuple[int, int]],
) -> None:
    """The statements by the values, on one suit."""
    p, n = row.pattern, row.n
    for key, fn in (("18.1", conjecture_18_1), ("18.2", conjecture_18_2)):
        checks[key].checked += 1
        why = fn(row)
        if why is not None:
            checks[key].fail((p,), why)
    options = sorted({_greedy_outcome(n, row.h), _greedy_outcome(n, row.hbar)})
    checks["R43 8.1"].checked += 1
    if outcome not in options:
        said = " or ".join(str(x) for x in options)
        checks["R43 8.1"].fail(
            (p,), f"has ρ(val) = {outcome} but H = {row.h}, H̄ = {row.hbar} give {said}"
        )
    checks["R43 9.1"].checked += 1
    hw = h_whist(p, row.h, row.hbar)
    if outcome != _greedy_outcome(n, hw):
        checks["R43 9.1"].fail(
            (p,), f"has ρ(val) = {outcome} but H_W = {hw} gives {_greedy_outcome(n, hw)}"
        )
    c = checks["18.3"]
    for leader in (_W, _E):
        for r in _refusals((p,), leader, tricks):
            c.checked += 1
            if not r.ok:
                c.fail((p,), _refusal_text((p,), r))


class _Search:
    """The statements by exact search, one suit at a time, with shared tables."""

    def __init__(
        self,
        checks: dict[str, Check],
        solver: Solver,
        tricks: Callable[[Suits], tuple[int, int]] | None,
        normal: NormalCard,
    ) -> None:
        self.checks = checks
        self.solver = solver
        self.given = tricks
        self.memo: dict[tuple[Suits, bool], tuple[int, int]] = {}
        self.whist_normal = _NormalPlay(WHIST_RULES, normal)
        self.greedy_normal = _NormalPlay(GREEDY_WHIST_RULES, normal)

    def tricks(self, suits: Suits, greedy: bool = False) -> tuple[int, int]:
        """West's tricks with West and with East on lead, by exact search."""
        if not suits:
            return 0, 0
        key = (suits, greedy)
        got = self.memo.get(key)
        if got is None:
            if self.given is not None and not greedy:
                got = self.given(suits)
            else:
                rules = GREEDY_WHIST_RULES if greedy else WHIST_RULES
                o = self.solver.outcome(_deal(suits), rules=rules)
                a, b = o.west_lead, o.east_lead
                if not isinstance(a, int) or not isinstance(b, int):
                    raise TheoryError(f"search gave {o} for {suits}, not trick counts")
                got = (a, b)
            self.memo[key] = got
        return got

    def suit(self, row: SuitRow) -> None:
        checks, p, n = self.checks, row.pattern, row.n
        c = checks["18.3 search"]
        for leader in (_W, _E):
            for r in _refusals((p,), leader, self.tricks):
                c.checked += 1
                if not r.ok:
                    c.fail((p,), _refusal_text((p,), r))
        by_value = whist_tricks(row.value)
        found = self.tricks((p,))
        checks["val = search"].checked += 1
        if by_value != found:
            checks["val = search"].fail(
                (p,), f"has value {row.value.pretty()}, ρ = {by_value}, but search finds {found}"
            )
        hg = row.hbar if row.hbar > 0 else (row.h if row.h < 0 else 0)
        want = _greedy_outcome(n, hg)
        got = self.tricks((p,), greedy=True)
        checks["R43 6.1"].checked += 1
        if got != want:
            checks["R43 6.1"].fail(
                (p,), f"Greedy Whist gives {got} by search; H_Greedy = {hg} says {want}"
            )
        wn = self.whist_normal
        west = (wn.tricks(p, True, True), wn.tricks(p, False, True))
        east = (wn.tricks(p, True, False), wn.tricks(p, False, False))
        low, high = _greedy_outcome(n, row.h), _greedy_outcome(n, row.hbar)
        checks["R43 normal whist"].checked += 1
        if west[0] < low[0] or west[1] < low[1] or east[0] > high[0] or east[1] > high[1]:
            checks["R43 normal whist"].fail(
                (p,),
                f"a normal West takes {west}, (n + H)/2 says at least {low}; against a normal "
                f"East West takes {east}, (n + H̄)/2 says at most {high}",
            )
        gn = self.greedy_normal
        gw = (gn.tricks(p, True, True), gn.tricks(p, False, True))
        ge = (gn.tricks(p, True, False), gn.tricks(p, False, False))
        checks["R43 normal greedy"].checked += 1
        if gw != want or ge != want:
            checks["R43 normal greedy"].fail(
                (p,),
                f"Greedy Whist: a normal West takes {gw}, against a normal East West takes "
                f"{ge}; optimal play gives {want}",
            )
