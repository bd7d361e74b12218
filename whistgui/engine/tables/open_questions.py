"""The papers' open questions for ``whist conjectures``, checked by exact search, and the
exceptions of R43 Theorem 9.1 listed for each n.

* **Conjecture 7.2** of *The strange algebra of combinatorial games* (§7.5, general two-person
  whist: the hands need not hold as many cards of a suit): a higher card is never worse. A
  deal's suits are patterns of owners from low to high; giving West a higher card in place of
  one of his moves his W up past some of East's cards, a chain of adjacent swaps ``…WE…`` →
  ``…EW…``, so the statement is: *such a swap never lowers West's tricks, with either player on
  lead*. (East's version is the same swap read from East's side, so this is all of it.) Its
  equivalent form (§7.5) is checked beside it: *the lead costs at most one trick* — West's
  tricks with East on lead are at most one more than with West on lead. Every deal of n cards
  a hand (any number of suits, any lengths; a deal is its multiset of suits, :func:`deals`) up
  to a bound, exhaustively, by :class:`Minimax`; beyond it, random deals of a 52-card pack by
  the engine's :class:`~whistgui.engine.trick.solver.Solver` (:func:`random_deals`).
* **R44 §15's question** — must West ever look at the other suits to choose his reply, East
  having led optimally? Made precise: for a suit ``p`` and East's card ``i`` of it, a *reply
  table* gives one reply of West's in ``p``. West needs only the suit led if some table is
  optimal at every symmetric position (every symmetric deal of at most K cards a hand) where
  leading ``i`` from ``p`` is optimal for East: so the statement is that *for every (p, i) the
  replies optimal at all those positions have a card in common* (the first (p, i) where none is
  left is the answer "yes", with the positions that rule each reply out). Beside it, the form
  §15's last paragraph suggests, stronger: *one table keeps West what he is entitled to against
  every lead*, optimal or not (a reply is good if West's tricks after it are at least χ of the
  position). The symmetric deals with West on lead are the same question with the hands swapped
  (the set of deals is closed under it), so East leads here. If East's lead need not be
  optimal while West must reply optimally, a table fails: the paper's deals (23) and (24)
  (``optimal_leads=False`` finds them).
* **R43 Theorem 9.1's exceptions**: the suits where West holds the top card, H̄ = H + 1 and
  Whist takes H rather than H̄ (conditions (1)–(3) of THEORY-NOTES all hold) — counted for each
  n over every suit, vectorised over the kernel's bitmasks (:func:`theorem_9_1_exceptions`).

>>> m = Minimax()
>>> m(('EWEW',)), m(('EW', 'WE')), m(('WW', 'EE'))      # AQ/KJ; K/A + A/K; ♠AK/- + -/♥AK
((1, 2), (1, 1), (2, 0))
>>> len(list(deals(1))), len(list(deals(2))), len(list(symmetric_deals(2)))
(3, 21, 9)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from itertools import combinations
from math import comb
from typing import Any, Final

from whistgui.engine.errors import Cancelled, TheoryError
from whistgui.engine.trick.deal import Deal, SuitDeal
from whistgui.engine.trick.notation import format_suit_paper
from whistgui.engine.trick.solver import Solver, canonical, owner_runs

__all__ = [
    "MAX_ASYMMETRIC_N",
    "MAX_EXCEPTIONS_N",
    "MAX_REPLIES_N",
    "Exceptions",
    "Minimax",
    "OpenQuestions",
    "ReplyTables",
    "Tally",
    "check_7_2",
    "check_deal_7_2",
    "deal_text",
    "deals",
    "random_deal",
    "random_deals",
    "solver_tricks",
    "swaps",
    "symmetric_deals",
    "theorem_9_1_exceptions",
]

Suits = tuple[str, ...]
Tricks = Callable[[Suits], tuple[int, int]]
Progress = Callable[[str, int, int], None]

#: The most cards a hand Conjecture 7.2 is checked on exhaustively in reasonable time (every
#: deal of n ≤ 6: 36,507 in 4 s; n ≤ 7: 215,763 in a minute; n = 8 alone has 1,038,593).
MAX_ASYMMETRIC_N: Final = 7
#: The most cards a hand of §15's symmetric positions in reasonable time (n ≤ 8: 64,464
#: positions in 10 s; n ≤ 9: 273,074 in about 2 min and 500 MB).
MAX_REPLIES_N: Final = 9
#: The most cards a hand Theorem 9.1's exceptions are counted for (14: 40 million suits in
#: 20 s, a block of 2^19 at a time).
MAX_EXCEPTIONS_N: Final = 14
#: Exceptions shown for each n.
FIRST: Final = 3


def deal_text(suits: Suits) -> str:
    """A deal of patterns in the paper's notation, suit by suit: ``[A Q, K J] + [K, A]``."""
    return " + ".join(format_suit_paper(SuitDeal.from_pattern(p)) for p in suits)


# -- the deals -----------------------------------------------------------------------------------
def _strings(n: int) -> list[str]:
    """Every nonempty string of W and E with at most n of each, sorted (as canonical sorts)."""
    out = []
    for length in range(1, 2 * n + 1):
        for west in range(max(0, length - n), min(n, length) + 1):
            for ws in combinations(range(length), west):
                cells = ["E"] * length
                for i in ws:
                    cells[i] = "W"
                out.append("".join(cells))
    out.sort()
    return out


def deals(n: int) -> Iterator[Suits]:
    """Every deal of general two-person whist with ``n`` cards a hand, once: a sorted tuple of
    suit patterns (any number of suits, each any lengths), West's cards n in all and East's
    n — the positions a :func:`~whistgui.engine.trick.solver.canonical` key names.

    >>> list(deals(1))
    [('E', 'W'), ('EW',), ('WE',)]
    """
    pool = [(s, s.count("W"), s.count("E")) for s in _strings(n)]

    def grow(start: int, w: int, e: int, acc: list[str]) -> Iterator[Suits]:
        if w == 0 and e == 0:
            yield tuple(acc)
            return
        for k in range(start, len(pool)):
            s, sw, se = pool[k]
            if sw <= w and se <= e:
                acc.append(s)
                yield from grow(k, w - sw, e - se, acc)
                acc.pop()

    return grow(0, n, n, [])


def symmetric_deals(n: int) -> Iterator[Suits]:
    """Every symmetric deal (each suit as many cards in either hand) of ``n`` cards a hand,
    once, as a sorted tuple of patterns.

    >>> list(symmetric_deals(1)), len(list(symmetric_deals(3)))
    ([('EW',), ('WE',)], 36)
    """
    pool = [s for s in _strings(n) if s.count("W") == s.count("E")]

    def grow(start: int, left: int, acc: list[str]) -> Iterator[Suits]:
        if left == 0:
            yield tuple(acc)
            return
        for k in range(start, len(pool)):
            s = pool[k]
            if len(s) // 2 <= left:
                acc.append(s)
                yield from grow(k, left - len(s) // 2, acc)
                acc.pop()

    return grow(0, n, [])


def swaps(suits: Suits) -> Iterator[tuple[int, int, Suits]]:
    """Every deal made from ``suits`` by one swap of a West card with East's next higher card
    of the suit (``…WE…`` → ``…EW…``): (suit, position of West's card, the deal, canonical).

    >>> list(swaps(('WEW',)))
    [(0, 0, ('EWW',))]
    """
    for si, p in enumerate(suits):
        for k in range(len(p) - 1):
            if p[k] == "W" and p[k + 1] == "E":
                rest = list(suits)
                rest[si] = p[:k] + "EW" + p[k + 2 :]
                yield si, k, canonical(rest)


# -- exact minimax over every position -----------------------------------------------------------
class Minimax:
    """West's tricks of whist in any deal of general two-person whist (follow suit freely; a
    void hand discards any card; the higher card of the suit led wins), by exact minimax over
    tricks with every position's score kept — what an exhaustive check wants, since it asks
    for every position anyway (the tests compare it with the engine's
    :class:`~whistgui.engine.trick.solver.Solver` on every deal of n ≤ 3).

    ``max_positions`` bounds the table: past it a :class:`~whistgui.engine.errors.TheoryError`
    (the checks ask for a bounded n)."""

    def __init__(
        self, should_stop: Callable[[], bool] | None = None, max_positions: int = 6_000_000
    ) -> None:
        self.should_stop = should_stop
        self.max_positions = max_positions
        self.table: dict[tuple[Suits, bool], int] = {}
        self.hits = 0

    def clear(self) -> None:
        self.table.clear()
        self.hits = 0

    @property
    def stats(self) -> dict[str, int]:
        return {"positions": len(self.table), "hits": self.hits}

    def __call__(self, suits: Suits) -> tuple[int, int]:
        """West's tricks with West and with East on lead (``suits`` canonical)."""
        return self.score(suits, True), self.score(suits, False)

    def score(self, suits: Suits, west_leads: bool) -> int:
        key = (suits, west_leads)
        v = self.table.get(key)
        if v is not None:
            self.hits += 1
            return v
        if not suits:
            return 0
        size = len(self.table)
        if size >= self.max_positions:
            raise TheoryError(f"more than {self.max_positions:,} positions searched")
        if size % 1024 == 0 and self.should_stop is not None and self.should_stop():
            raise Cancelled("stopped by the caller")
        pick_lead, pick_reply = (max, min) if west_leads else (min, max)
        v = pick_lead(
            pick_reply(self.score(nxt, won) + won for nxt, won in replies)
            for replies in self.tricks(suits, west_leads)
        )
        self.table[key] = v
        return v

    @staticmethod
    def tricks(suits: Suits, west_leads: bool) -> Iterator[list[tuple[Suits, bool]]]:
        """For each lead (one card a sequence), the replies (one a sequence, discards when
        void) as (the deal after the trick, canonical; did West win it)."""
        lead_c, foll_c = ("W", "E") if west_leads else ("E", "W")
        for si, p in enumerate(suits):
            follows = foll_c in p
            for i in owner_runs(p, lead_c):
                out: list[tuple[Suits, bool]] = []
                if follows:
                    for j in owner_runs(p, foll_c):
                        a, b = (i, j) if i < j else (j, i)
                        rest = list(suits)
                        rest[si] = p[:a] + p[a + 1 : b] + p[b + 1 :]
                        out.append((canonical(rest), (j > i) != west_leads))
                else:
                    led_rest = p[:i] + p[i + 1 :]
                    for t, q in enumerate(suits):
                        if t != si:
                            for j in owner_runs(q, foll_c):
                                rest = list(suits)
                                rest[si] = led_rest
                                rest[t] = q[:j] + q[j + 1 :]
                                out.append((canonical(rest), west_leads))
                if not out:
                    raise TheoryError(f"the hands of {suits} are not of one length")
                yield out


# -- Conjecture 7.2 ------------------------------------------------------------------------------
@dataclass(slots=True)
class Tally:
    """How far a statement got: deals (or leads) checked, the largest n checked whole, and the
    failures (all counted, the first ``keep`` kept as (deal, what failed))."""

    checked: int = 0
    upto: int = 0
    found: int = 0
    examples: list[tuple[Suits, str]] = field(default_factory=list)
    keep: int = 20

    def fail(self, suits: Suits, detail: str) -> None:
        self.found += 1
        if len(self.examples) < self.keep:
            self.examples.append((suits, detail))


def _card(suits: Suits, si: int, k: int) -> str:
    """The k-th lowest card of suit si, as the paper's notation names it."""
    deal = Deal([SuitDeal.from_pattern(p) for p in suits])
    base = 15 - len(suits[si]) if len(suits[si]) <= 13 else 1
    return deal.suits[si].card_text(base + k)


def check_deal_7_2(suits: Suits, tricks: Tricks, higher: Tally, lead: Tally) -> None:
    """Conjecture 7.2 on one deal: every swap of a West card with East's next higher card
    leaves West at least his tricks, with either lead (``higher``); and the lead costs West at
    most one trick (``lead``)."""
    mine = tricks(suits)
    higher.checked += 1
    for si, k, better in swaps(suits):
        got = tricks(better)
        if got[0] < mine[0] or got[1] < mine[1]:
            higher.fail(
                suits,
                f"West's {_card(suits, si, k)} swapped for East's {_card(suits, si, k + 1)} "
                f"gives {deal_text(better)}: West's tricks (West leading, East leading) fall "
                f"from {mine} to {got}",
            )
    lead.checked += 1
    if mine[1] > mine[0] + 1:
        lead.fail(
            suits,
            f"West takes {mine[0]} tricks on lead but {mine[1]} with East on lead: the lead "
            f"costs him {mine[1] - mine[0]}",
        )


def check_7_2(
    upto: int,
    tricks: Tricks | None = None,
    *,
    progress: Progress | None = None,
    should_stop: Callable[[], bool] | None = None,
) -> tuple[Tally, Tally]:
    """Conjecture 7.2 on every deal of n ≤ ``upto`` cards a hand (:func:`deals`), both forms:
    (higher card, lead). ``tricks`` is West's tricks with West and with East on lead (default:
    a :class:`Minimax`; a test plants a wrong one).

    >>> higher, lead = check_7_2(2)
    >>> (higher.checked, higher.found, lead.found, higher.upto)
    (24, 0, 0, 2)
    """
    tricks = tricks or Minimax(should_stop)
    higher, lead = Tally(), Tally()
    for n in range(1, upto + 1):
        every = list(deals(n))
        for done, suits in enumerate(every):
            if progress is not None and done % 512 == 0:
                progress(f"Conjecture 7.2 n = {n}", done, len(every))
            check_deal_7_2(suits, tricks, higher, lead)
        higher.upto = lead.upto = n
    return higher, lead


def random_deal(m: int, rng: random.Random) -> Suits:
    """A random deal of ``m`` cards a hand from a pack of four suits of 13, as patterns."""
    cards = rng.sample(range(52), 2 * m)
    owner = {c: "W" for c in cards[:m]} | {c: "E" for c in cards[m:]}
    suits = ["".join(owner[c] for c in range(13 * s, 13 * s + 13) if c in owner) for s in range(4)]
    return canonical(suits)


def solver_tricks(solver: Solver) -> Tricks:
    """West's tricks with each lead by the engine's alpha-beta
    :class:`~whistgui.engine.trick.solver.Solver`."""

    def tricks(suits: Suits) -> tuple[int, int]:
        o = solver.outcome(Deal([SuitDeal.from_pattern(p) for p in suits]))
        a, b = o.west_lead, o.east_lead
        if not isinstance(a, int) or not isinstance(b, int):
            raise TheoryError(f"search gave {o} for {suits}, not trick counts")
        return a, b

    return tricks


def random_deals(
    count: int,
    sizes: tuple[int, int],
    seed: int,
    tricks: Tricks | None = None,
    *,
    progress: Progress | None = None,
    should_stop: Callable[[], bool] | None = None,
) -> tuple[Tally, Tally]:
    """Conjecture 7.2 on ``count`` random deals of a 52-card pack, each of a size drawn
    uniformly from ``sizes`` (low, high cards a hand), by ``seed``; ``upto`` of the tallies
    is the largest size checked."""
    rng = random.Random(seed)
    tricks = tricks or solver_tricks(Solver(should_stop))
    higher, lead = Tally(), Tally()
    for done in range(count):
        if progress is not None:
            progress("Conjecture 7.2, random deals", done, count)
        m = rng.randint(*sizes)
        check_deal_7_2(random_deal(m, rng), tricks, higher, lead)
        higher.upto = lead.upto = max(higher.upto, m)
    return higher, lead


# -- R44 §15 -------------------------------------------------------------------------------------
@dataclass(slots=True)
class _Narrowing:
    """The replies still in a reply table's running for one (suit, card led), and the
    positions that ruled the others out."""

    left: frozenset[int]
    by: list[tuple[Suits, frozenset[int]]] = field(default_factory=list)


class ReplyTables:
    """R44 §15's question on symmetric positions, East on lead: for each suit and card led, the
    West replies optimal at every position where that lead is optimal (``optimal``), and the
    replies good against every lead — West keeps χ of the position — (``good``). An entry that
    empties is a (suit, card) where West must look at the other suits.

    >>> t = ReplyTables()
    >>> for n in range(1, 6):
    ...     t.level(n)
    >>> t.positions, t.optimal_tally.checked, t.optimal_tally.found, t.good_tally.found
    (845, 2096, 0, 0)

    If East's lead need not be best, West's best reply may depend on the other suits: the
    paper's deals (23) and (24).

    >>> t = ReplyTables(optimal_leads=False)
    >>> for n in range(1, 6):
    ...     t.level(n)
    >>> print(t.optimal_tally.examples[0][1])  # doctest: +NORMALIZE_WHITESPACE
    East leads K from [A J 9, K Q 10]: no West reply is best at every position — the ones
    that do: at [A J 9, K Q 10] 9; at [A, K] + [K, A] + [A J 9, K Q 10] A
    """

    def __init__(
        self,
        tricks: Minimax | None = None,
        *,
        optimal_leads: bool = True,
        should_stop: Callable[[], bool] | None = None,
    ) -> None:
        self.search = tricks or Minimax(should_stop)
        #: False: every lead, West's best replies (the paper's (23) against (24) shows a
        #: table fails then)
        self.optimal_leads = optimal_leads
        self.optimal: dict[tuple[str, int], _Narrowing] = {}
        self.good: dict[tuple[str, int], _Narrowing] = {}
        self.optimal_tally = Tally()
        self.good_tally = Tally()
        self.positions = 0

    def level(self, n: int, progress: Progress | None = None) -> None:
        """Every symmetric position of ``n`` cards a hand."""
        every = list(symmetric_deals(n))
        for done, suits in enumerate(every):
            if progress is not None and done % 512 == 0:
                progress(f"R44 §15 n = {n}", done, len(every))
            self.position(suits)
        self.optimal_tally.upto = self.good_tally.upto = n

    def position(self, suits: Suits) -> None:
        score = self.search.score
        leads: list[tuple[int, int, dict[int, int]]] = []
        for si, p in enumerate(suits):
            if si and p == suits[si - 1]:
                continue  # the same suit twice: the same leads
            for i in owner_runs(p, "E"):
                after = {}
                for j in owner_runs(p, "W"):
                    a, b = (i, j) if i < j else (j, i)
                    rest = list(suits)
                    rest[si] = p[:a] + p[a + 1 : b] + p[b + 1 :]
                    won = j > i
                    after[j] = won + score(canonical(rest), won)
                leads.append((si, i, after))
        self.positions += 1
        chi = min(max(after.values()) for _, _, after in leads)
        for si, i, after in leads:
            best = max(after.values())
            key = (suits[si], i)
            if best == chi or not self.optimal_leads:
                self.optimal_tally.checked += 1
                self._narrow(self.optimal, self.optimal_tally, key, suits, after, best, "is best")
            self.good_tally.checked += 1
            self._narrow(self.good, self.good_tally, key, suits, after, chi, "keeps West χ")

    @staticmethod
    def _narrow(
        table: dict[tuple[str, int], _Narrowing],
        tally: Tally,
        key: tuple[str, int],
        suits: Suits,
        after: dict[int, int],
        target: int,
        what: str,
    ) -> None:
        fit = frozenset(j for j, v in after.items() if v >= target)
        entry = table.get(key)
        if entry is None:
            table[key] = _Narrowing(fit, [(suits, fit)])
            return
        if entry.left <= fit or not entry.left:
            return
        entry.left &= fit
        entry.by.append((suits, fit))
        if not entry.left:
            tally.fail(suits, _emptied(key, entry, what))


def _top(p: str, i: int) -> int:
    """The highest card of the sequence (run of one owner) that starts at ``i``."""
    while i + 1 < len(p) and p[i + 1] == p[i]:
        i += 1
    return i


def _emptied(key: tuple[str, int], entry: _Narrowing, what: str) -> str:
    p, i = key
    suit = SuitDeal.from_pattern(p)
    base = 15 - len(p) if len(p) <= 13 else 1
    led = suit.card_text(base + _top(p, i))

    def cards(js: frozenset[int]) -> str:
        tops = sorted((_top(p, j) for j in js), reverse=True)
        return ", ".join(suit.card_text(base + j) for j in tops) or "none"

    said = "; ".join(f"at {deal_text(s)} {cards(js)}" for s, js in entry.by)
    return (
        f"East leads {led} from {format_suit_paper(suit)}: no West reply {what} at every "
        f"position — the ones that do: {said}"
    )


# -- R43 Theorem 9.1's exceptions ----------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Exceptions:
    """For one n: how many suits there are, how many have West holding the top card and
    H̄ = H + 1, how many of those Whist takes H in (the exceptions), and the first few
    exceptions in whist's listing order (patterns)."""

    n: int
    suits: int
    candidates: int
    exceptions: int
    first: tuple[str, ...]

    def json(self) -> dict[str, Any]:
        return {
            "n": self.n,
            "suits": self.suits,
            "west_top_hbar_h_plus_1": self.candidates,
            "exceptions": self.exceptions,
            "first": [format_suit_paper(SuitDeal.from_pattern(p)) for p in self.first],
        }


def theorem_9_1_exceptions(n: int, block: int = 1 << 19) -> Exceptions:
    """R43 Theorem 9.1's exceptions among the suits of ``n`` cards a hand: West holds the top
    card, H̄ = H + 1 and Whist takes H — (1) H ≤ 0, (2) Σ_{i=2}^{n−1+H} A_{i−H,i} ≤ 0 and (3)
    some k ≤ (n + min(0, H̄))/2 has Σ_{i=2}^{2k} A_{i−H̄,i} < 0 and
    Σ_{i=2k+1}^{n+H−1} A_{i−H,i} < 0 (as :func:`~whistgui.engine.games.single_suit.h_whist`
    decides one suit; the tests compare the two on every suit to n = 9), vectorised over the
    suits' bitmasks, ``block`` at a time.

    >>> e = theorem_9_1_exceptions(4)
    >>> e.suits, e.candidates, e.exceptions, e.json()['first']
    (70, 21, 1, ['[A J 10 8, K Q 9 7]'])
    """
    import numpy as np

    from whistgui.engine.games.whist.kernel.ranks import colex_unrank, reverse_bits
    from whistgui.engine.games.whist.keys import mask_text
    from whistgui.engine.tables.rows import pattern_index, r43_block

    total = comb(2 * n, n)
    candidates = exceptions = 0
    first: list[str] = []
    for start in range(0, total, block):
        x = colex_unrank(np.arange(start, min(total, start + block), dtype=np.int64), n)
        _, h, hbar = r43_block(x, n)
        top = ((x >> (2 * n - 1)) & 1).astype(bool) & (hbar == h + 1)
        candidates += int(top.sum())
        sel = top & (h <= 0)  # (1); H > 0 takes H̄
        xs = x[sel]
        hit = xs[_takes_h(xs, h[sel].astype(np.int64), n)]
        exceptions += len(hit)
        # whist's listing order: West's positions lexicographically, so the mask whose lowest
        # differing bit is set first — the largest with its bits reversed
        early = hit[np.argsort(-reverse_bits(hit, 2 * n), kind="stable")[:FIRST]]
        first = sorted([*first, *(mask_text(int(m), n) for m in early)], key=pattern_index)
        first = first[:FIRST]
    return Exceptions(n, total, candidates, exceptions, tuple(first))


def _takes_h(x: Any, h: Any, n: int) -> Any:
    """Conditions (2) and (3) of :func:`theorem_9_1_exceptions` for suits (bitmasks ``x``)
    with West on top, H̄ = H + 1 and H = ``h`` ≤ 0: a boolean array, True where Whist takes H.
    The paper's A_{a,b} (1-based) is +1 when fewer than a of the a + b − 1 lowest cards are
    West's."""
    import numpy as np

    below = np.zeros((2 * n + 1, len(x)), dtype=np.int8)  # below[m]: West's among the m lowest
    for p in range(2 * n):
        np.add(below[p], ((x >> p) & 1).astype(np.int8), out=below[p + 1])
    out = np.zeros(len(x), dtype=bool)

    def a(row: int, col: int, g: Any) -> Any:
        return np.where(below[row + col - 1][g] <= row - 1, 1, -1)

    for hv in np.unique(h).tolist():
        g = np.flatnonzero(h == hv)
        hb = hv + 1
        zero = np.zeros(len(g), dtype=np.int64)
        # (2): the diagonal of H from column 2 to n + H − 1, summed
        diag = {i: a(i - hv, i, g) for i in range(2, n + hv)}
        two = sum(diag.values(), zero) <= 0
        # (3): some k splits it, the part of H̄'s diagonal before 2k + 1 and of H's after it
        # both negative
        three = np.zeros(len(g), dtype=bool)
        head = zero.copy()
        for k in range(1, (n + min(0, hb)) // 2 + 1):
            for i in (2 * k - 1, 2 * k):
                if i >= 2:
                    head = head + a(i - hb, i, g)
            tail = sum((diag[i] for i in range(2 * k + 1, n + hv)), zero)
            three |= (head < 0) & (tail < 0)
        out[g] = two & three
    return out


# -- all of it, for whist conjectures ------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class OpenQuestions:
    """How far to take the open questions: Conjecture 7.2 on every deal of n ≤
    ``asymmetric_upto`` cards a hand and on ``random_deals`` random deals of a size in
    ``random_sizes`` (by ``seed``); §15 on every symmetric position of n ≤ ``replies_upto``;
    Theorem 9.1's exceptions for n ≤ ``exceptions_upto``. ``tricks`` replaces the search of
    Conjecture 7.2 (a test plants a wrong one)."""

    asymmetric_upto: int = 0
    random_deals: int = 0
    random_sizes: tuple[int, int] = (7, 13)
    seed: int = 0
    replies_upto: int = 0
    exceptions_upto: int = 0
    tricks: Tricks | None = field(default=None, compare=False, repr=False)

    def __post_init__(self) -> None:
        for name, value, high in (
            ("asymmetric_upto", self.asymmetric_upto, MAX_ASYMMETRIC_N),
            ("replies_upto", self.replies_upto, MAX_REPLIES_N),
            ("exceptions_upto", self.exceptions_upto, MAX_EXCEPTIONS_N),
            ("random_deals", self.random_deals, None),
        ):
            if not isinstance(value, int) or value < 0 or (high is not None and value > high):
                limit = f"0 to {high}" if high is not None else "a number, at least 0"
                raise ValueError(f"{name} must be {limit}, not {value!r}")
        low, high = self.random_sizes
        if not 1 <= low <= high <= 26:
            raise ValueError(
                f"random_sizes must be low ≤ high cards a hand, 1 to 26, not {self.random_sizes!r}"
            )

    def json(self) -> dict[str, Any]:
        return {
            "asymmetric_upto": self.asymmetric_upto,
            "random_deals": self.random_deals,
            "random_sizes": list(self.random_sizes) if self.random_deals else [],
            "seed": self.seed,
            "replies_upto": self.replies_upto,
            "exceptions_upto": self.exceptions_upto,
        }

    def statements(self) -> list[tuple[str, str, str, str]]:
        """(key, title, method, unit) of each statement, in the report's order."""
        low, high = self.random_sizes
        return [
            ("7.2", "(strange algebra §7.5) a higher card is never worse: swapping a West card "
             "for East's next higher card of the suit never lowers West's tricks, either "
             "lead; every deal of n cards a hand, any suits and lengths", "search", "deals"),
            ("7.2 lead", "(strange algebra §7.5, the same said otherwise) the lead costs at "
             "most one trick: West's tricks with East on lead ≤ with West on lead + 1; every "
             "deal of n cards a hand", "search", "deals"),
            ("7.2 random", f"both forms of Conjecture 7.2 on random deals of a 52-card pack, "
             f"{low} to {high} cards a hand (seed {self.seed}; n = the largest dealt; the "
             "engine's alpha-beta solver)", "search", "deals"),
            ("R44 §15", "West need not look at the other suits to reply: for each suit and "
             "card East leads, one West reply is best at every symmetric position (n cards a "
             "hand) where that lead is best", "search", "leads"),
            ("R44 §15 table", "one reply for each suit and card led keeps West χ of the "
             "position against every lead, best or not (symmetric positions)", "search",
             "leads"),
        ]  # fmt: skip

    def run(
        self,
        progress: Progress | None = None,
        should_stop: Callable[[], bool] | None = None,
    ) -> tuple[dict[str, Tally], tuple[Exceptions, ...]]:
        """Each statement's tally (by key), and the exceptions for each n."""
        search = Minimax(should_stop)
        higher, lead = check_7_2(
            self.asymmetric_upto,
            self.tricks or search,
            progress=progress,
            should_stop=should_stop,
        )
        rand = Tally()
        if self.random_deals:
            got = random_deals(
                self.random_deals,
                self.random_sizes,
                self.seed,
                self.tricks,
                progress=progress,
                should_stop=should_stop,
            )
            rand.checked, rand.upto = got[0].checked, got[0].upto
            for t in got:
                rand.found += t.found
                rand.examples.extend(t.examples[: max(0, rand.keep - len(rand.examples))])
        tables = ReplyTables(search, should_stop=should_stop)
        for n in range(1, self.replies_upto + 1):
            tables.level(n, progress)
        search.clear()
        exceptions = []
        for n in range(1, self.exceptions_upto + 1):
            if progress is not None:
                progress("Theorem 9.1's exceptions", n - 1, self.exceptions_upto)
            exceptions.append(theorem_9_1_exceptions(n))
        tallies = {
            "7.2": higher,
            "7.2 lead": lead,
            "7.2 random": rand,
            "R44 §15": tables.optimal_tally,
            "R44 §15 table": tables.good_tally,
        }
        return tallies, tuple(exceptions)
