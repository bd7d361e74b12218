"""An exact double-dummy solver for bridge endings, in pure Python.

The search is the backward induction of He & Chen, "The winning strategy for bridge" (2003):
with all four hands open, a trick is a four-level game tree whose quantifiers alternate with
the side to play (∃N ∀E ∃S ∀W when North leads), and a position at a trick boundary is a win
for North–South iff they can reach a winning position at the next boundary. The paper's
"slight modification" asks for the *most* tricks instead of one contract: the number of tricks
``t`` North–South take from a position answers every level at once — a contract at level ``s``
makes iff ``t ≥ s + 6`` (counting the tricks already won).

What makes it fast enough for endings of six or seven cards a hand (as DDS does it, in
Python):

* **Null-window searches.** :meth:`EndgameSolver.tricks` finds the number ``t`` by a binary
  search over yes/no questions "can North–South take at least ``k`` of the remaining tricks?";
  each question is the paper's ∃∀∃∀ search, which stops at the first card that settles it
  (alpha-beta with a window of one trick).
* **A transposition table of bounds**, kept between questions and between calls: at every
  trick boundary the table holds what is known of North–South's tricks from there on, a lower
  and an upper bound, and the best lead found. Its key is the strain, the leader and the
  cards still held, with the ranks renumbered among the cards still in play (*relative
  ranks*), so positions that differ only in low cards already played out share one entry.
  Tricks already won are not part of it. Positions inside a trick are searched, not stored.
* **Equivalent cards are searched once.** Two cards of one suit in one hand with no card
  between them held by another player, or on the table, are interchangeable (``♠KQ`` against
  the ``♠A``; ``♠AJ`` once the ``♠KQ`` have gone). One card of each such group is searched;
  :meth:`EndgameSolver.card_scores` reports the whole group with its score.
* **Quick bounds** at each new trick boundary, each provably safe: the winners the leader can
  cash from the top of a suit (all of a suit whose top cards outlast everyone else's holding),
  at no trumps or when nobody else holds a trump, and always in the trump suit; and for each
  side, the trumps of one hand higher than every trump the opponents hold (each takes a trick).
* **Move ordering**: the best lead found before, cashing winners and leads to partner's
  winners first, the cheapest winning card or the lowest card when following, a ruff before a
  discard unless partner is winning the trick.

A long search can be stopped: ``should_stop`` is polled every few thousand cards played and
raises :class:`~whistgui.engine.errors.Cancelled`; ``progress`` is told the count of cards
played so far.

>>> from whistgui.engine.bridge.deal import BridgeDeal, Seat, Side, Strain
>>> deal = BridgeDeal.parse("N:AK.-.-.- -.-.-.32 QJ.-.-.- -.-.-.54")
>>> solver = EndgameSolver()
>>> pos = BridgePosition.from_deal(deal, Strain.NT, Seat.N)
>>> solver.tricks(pos, Side.NS), solver.tricks(pos.play(pos.legal()[0]), Side.NS)
(2, 2)
>>> solver.tricks(BridgePosition.from_deal(deal, Strain.C, Seat.N), Side.EW)
2

The squeeze of dds-bridge/dds#103: South's ♦A squeezes East at no trumps, and every card of
West's then leaves East–West without a trick. ``card_scores`` means what
:func:`whistgui.engine.bridge.dds.card_scores` means: the tricks the mover's side takes from the
start of the current trick on; equivalent cards (West's ♥9 and ♠7, both useless) score alike.

>>> squeeze = BridgePosition.from_deal(
...     BridgeDeal.parse("N:KJ..5. QT...T 5..A.9 97.9.."), Strain.NT, Seat.S)
>>> {str(c): n for c, n in sorted(solver.card_scores(squeeze).items())}
{'C9': 2, 'DA': 3, 'S5': 2}
>>> after = squeeze.play(BridgeCard.parse("DA"))
>>> sorted(set(solver.card_scores(after).values())), solver.tricks(after, Side.EW)
([0], 0)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from whistgui.engine.bridge.deal import BridgeCard, Seat, Side, Suit
from whistgui.engine.bridge.play import BridgePosition
from whistgui.engine.checks import expect, optional_callable
from whistgui.engine.errors import Cancelled
from whistgui.engine.memo import Memo, check_bound

__all__ = ["MEMO_POSITIONS", "MEMO_SUITS", "EndgameSolver"]

#: A trick boundary as the table knows it: strain, leader, and per suit the owners of the
#: cards still in play from the highest down (relative ranks). Tricks won are not part of it.
Key = tuple[int, int, int, int, int, int]

#: What the table holds for a key: [lower bound, upper bound] on North–South's tricks from
#: there on, and the best lead found (``suit * 16 + cards of the suit above it``, or -1).
Entry = list[int]

#: How many cards are played between two polls of ``should_stop`` (a power of two, less one).
POLL_MASK = 4095

#: The trick boundaries an :class:`EndgameSolver` keeps by default (about 20 MB a 100,000, so
#: some 40 MB): 15 solves of a 7-card ending (every strain, three deals) store about 9,000.
MEMO_POSITIONS: Final = 200_000
#: The groups of equivalent cards and the suits' codes it keeps (small ints: a few MB).
MEMO_SUITS: Final = 100_000


def _bits(mask: int) -> int:
    return mask.bit_count()


class EndgameSolver:
    """Tricks to come for a side under best play, by null-window alpha-beta with a table.

    ``memo`` is the transposition table (:data:`Key` → bounds and best lead), kept until
    :meth:`clear` and bounded: between public calls it holds at most ``memo_bound`` entries
    (None: no bound), the least recently made forgotten first (:mod:`~whistgui.engine.memo`;
    a forgotten boundary is searched again); ``hits``/``misses`` count its look-ups at trick
    boundaries that found an entry or made a new one, ``evicted`` the entries forgotten;
    ``nodes`` counts the cards played in the search.

    ``should_stop`` is polled every few thousand cards (``True`` raises
    :class:`~whistgui.engine.errors.Cancelled`, the table keeping what it has learnt, which
    stays correct); ``progress`` is then told ``nodes``.
    """

    def __init__(
        self,
        should_stop: Callable[[], bool] | None = None,
        progress: Callable[[int], None] | None = None,
        *,
        memo_bound: int | None = MEMO_POSITIONS,
    ) -> None:
        self.should_stop = optional_callable(should_stop, "should_stop")
        self.progress = optional_callable(progress, "progress")
        memo_bound = check_bound(memo_bound, "memo_bound")
        table: Memo[Key, Entry] = Memo(memo_bound, "trick boundaries")
        suits = None if memo_bound is None else min(memo_bound, MEMO_SUITS)
        reps: Memo[int, tuple[int, ...]] = Memo(suits, "groups of equivalent cards")
        codes: Memo[int, int] = Memo(suits, "suits' relative-rank codes")
        self._memos: tuple[Memo[Any, Any], ...] = (table, reps, codes)
        self.memo = table.data
        self.hits = 0
        self.misses = 0
        self.nodes = 0
        #: Groups of equivalent cards, as their lowest card, by (own cards, others' cards).
        self._reps = reps.data
        #: A suit's relative-rank code by its four hands' masks.
        self._codes = codes.data
        # the position being searched (set by _load): masks of ranks (bit r - 2) by seat and
        # suit, the cards in play by suit (in hands or on the table), the cards on the table
        self._hands: list[list[int]] = [[0] * 4 for _ in range(4)]
        self._inplay = [0] * 4
        self._table: list[tuple[int, int]] = []
        self._trump = -1  # the trump suit, -1 at no trumps
        self._strain = 4
        self._leader = 0  # who led to the trick in progress
        self._left = 0  # tricks not yet complete, the one in progress counts

    # -- the public side ----------------------------------------------------------------

    @staticmethod
    def key(pos: BridgePosition) -> Key | None:
        """The table's key for ``pos`` at a trick boundary (``None`` inside a trick, where
        nothing is stored): the strain, the leader and the owners of each suit's cards in
        play from the top down, so that ranks count only among the cards still held.

        >>> from whistgui.engine.bridge.deal import BridgeDeal, Seat, Strain
        >>> a = BridgeDeal.parse("N:A2.-.-.- K3.-.-.- Q4.-.-.- J5.-.-.-")
        >>> b = BridgeDeal.parse("N:K2.-.-.- Q3.-.-.- J4.-.-.- T5.-.-.-")  # ranks shifted down
        >>> key = EndgameSolver.key
        >>> key(BridgePosition.from_deal(a, Strain.H, Seat.W)) == key(
        ...     BridgePosition.from_deal(b, Strain.H, Seat.W))
        True
        """
        if expect(pos, BridgePosition, "pos").trick:
            return None
        solver = EndgameSolver()
        solver._load(pos)
        return solver._key(int(pos.leader))

    def clear(self) -> None:
        """Forget the table and the counts."""
        for m in self._memos:
            m.clear()
        self.hits = self.misses = self.nodes = 0

    @property
    def memo_bound(self) -> int | None:
        """The most trick boundaries the table keeps between calls (None: no bound)."""
        return self._memos[0].bound

    @property
    def evicted(self) -> int:
        """Entries the table forgot (past :attr:`memo_bound`)."""
        return self._memos[0].evicted

    def _trim(self) -> None:
        """A public call returns: each memo forgets past its bound."""
        for m in self._memos:
            m.trim()

    def tricks(self, pos: BridgePosition, side: Side) -> int:
        """The most tricks ``side`` can take from ``pos`` on (the trick in progress counts;
        tricks already won do not), against the best defence. A contract at level ``s`` by
        ``side`` makes iff ``pos.tricks[side] + tricks(pos, side) ≥ s + 6``."""
        expect(pos, BridgePosition, "pos")
        expect(side, Side, "side")
        if pos.is_over:
            return 0
        self._load(pos)
        try:
            ns = self._exact()
        finally:
            self._trim()
        return ns if side is Side.NS else pos.tricks_left - ns

    def max_tricks(self, pos: BridgePosition, side: Side) -> int:
        """The same as :meth:`tricks`: the maximal number of tricks, which decides every
        contract level at once (the paper's "slight modification")."""
        return self.tricks(pos, side)

    def card_scores(self, pos: BridgePosition) -> dict[BridgeCard, int]:
        """For each legal card of the player to move: the tricks their side takes from the
        start of the current trick on (this trick included) if they play it, both sides then
        playing best — what :func:`whistgui.engine.bridge.dds.card_scores` gives. Equivalent
        cards are searched once and share the score."""
        if expect(pos, BridgePosition, "pos").is_over:
            return {}
        self._load(pos)
        seat = int(pos.to_move)
        k = len(pos.trick)
        start = pos.tricks_left  # tricks from the start of this trick
        scores: dict[BridgeCard, int] = {}
        try:
            for group in self._groups(seat, k):
                s, b = group[0]
                ns = self._exact_after(seat, k, s, b)
                mine = ns if seat % 2 == 0 else start - ns
                for s, b in group:
                    scores[BridgeCard(Suit(s), b.bit_length() + 1)] = mine
        finally:
            self._trim()
        return scores

    def best_cards(self, pos: BridgePosition) -> tuple[BridgeCard, ...]:
        """The legal cards that keep the player to move's side at its best result, sorted."""
        scores = self.card_scores(pos)
        best = max(scores.values(), default=0)
        return tuple(sorted(c for c, v in scores.items() if v == best))

    # -- loading a position -------------------------------------------------------------

    def _load(self, pos: BridgePosition) -> None:
        hands = [[0] * 4 for _ in range(4)]
        for seat in Seat:
            for card in pos.hands[seat]:
                hands[seat][card.suit] |= 1 << (card.rank - 2)
        self._hands = hands
        self._inplay = [hands[0][s] | hands[1][s] | hands[2][s] | hands[3][s] for s in range(4)]
        self._table = []
        for card in pos.trick:
            bit = 1 << (card.rank - 2)
            self._table.append((int(card.suit), bit))
            self._inplay[card.suit] |= bit
        trump = pos.strain.trump
        self._trump = -1 if trump is None else int(trump)
        self._strain = int(pos.strain)
        self._leader = int(pos.leader)
        self._left = pos.tricks_left

    def _trick_state(self) -> tuple[int, int, int, int]:
        """The suit led and the winner so far (seat, suit, rank bit) of the loaded trick."""
        led = self._table[0][0]
        wseat, wsuit, wbit = self._leader, led, self._table[0][1]
        trump = self._trump
        for i, (s, b) in enumerate(self._table[1:], start=1):
            if (s == wsuit and b > wbit) or (s == trump and wsuit != trump):
                wseat, wsuit, wbit = (self._leader + i) & 3, s, b
        return led, wseat, wsuit, wbit

    def _groups(self, seat: int, k: int) -> list[list[tuple[int, int]]]:
        """The legal cards of ``seat`` (``k`` cards on the table) in groups of equivalent
        cards, each group from its lowest card up."""
        hand = self._hands[seat]
        suits: list[int] = [s for s in range(4) if hand[s]]
        if k:
            led = self._table[0][0]
            if hand[led]:
                suits = [led]
        groups: list[list[tuple[int, int]]] = []
        for s in suits:
            mine, others = hand[s], self._inplay[s] & ~hand[s]
            group: list[tuple[int, int]] = []
            bit = 1
            while bit <= mine:
                if mine & bit:
                    group.append((s, bit))
                elif others & bit and group:
                    groups.append(group)
                    group = []
                bit <<= 1
            if group:
                groups.append(group)
        return groups

    # -- exact values from yes/no searches ----------------------------------------------

    def _exact(self) -> int:
        """North–South's tricks from the loaded position (from the start of its trick)."""
        k = len(self._table)
        lo, hi = 0, self._left
        if k == 0:
            entry = self._entry(self._leader)
            lo, hi = entry[0], entry[1]
        while lo < hi:
            target = (lo + hi + 1) // 2
            if self._root_ge(k, target):
                lo = target
            else:
                hi = target - 1
        return lo

    def _root_ge(self, k: int, target: int) -> bool:
        self._check()
        if k == 0:
            return self._ge(self._leader, target)
        led, wseat, wsuit, wbit = self._trick_state()
        return self._play(k, self._leader, target, led, wseat, wsuit, wbit, None)

    def _exact_after(self, seat: int, k: int, s: int, b: int) -> int:
        """North–South's tricks from the start of the loaded trick if ``seat`` plays (s, b)."""
        self._hands[seat][s] ^= b
        self._table.append((s, b))
        self._inplay[s] |= b
        try:
            if k < 3:
                return self._exact()
            # the trick is complete: who won it, then the boundary that follows
            _, wseat, _, _ = self._trick_state()
            won = 1 if wseat % 2 == 0 else 0
            saved_leader, saved_inplay = self._leader, self._inplay[:]
            for ts, tb in self._table:
                self._inplay[ts] &= ~tb
            table, self._table = self._table, []
            self._leader = wseat
            self._left -= 1
            try:
                return won + (self._exact() if self._left else 0)
            finally:
                self._left += 1
                self._leader, self._inplay, self._table = saved_leader, saved_inplay, table
        finally:
            self._table.pop()
            self._hands[seat][s] |= b

    # -- the search ---------------------------------------------------------------------

    def _check(self) -> None:
        if self.should_stop is not None and self.should_stop():
            raise Cancelled("the double-dummy search was stopped by its caller")
        if self.progress is not None:
            self.progress(self.nodes)

    def _key(self, leader: int) -> Key:
        """The table's key of the loaded trick boundary (see :meth:`key`)."""
        h0, h1, h2, h3 = self._hands
        codes = self._codes
        c = [0, 0, 0, 0]
        for s in range(4):
            packed = h0[s] | h1[s] << 13 | h2[s] << 26 | h3[s] << 39
            code = codes.get(packed)
            if code is None:
                code = 1
                live = h0[s] | h1[s] | h2[s] | h3[s]
                bit = 1 << 12
                while bit:
                    if live & bit:
                        owner = 0 if h0[s] & bit else 1 if h1[s] & bit else 2 if h2[s] & bit else 3
                        code = code << 2 | owner
                    bit >>= 1
                codes[packed] = code
            c[s] = code
        return (self._strain, leader, c[0], c[1], c[2], c[3])

    def _entry(self, leader: int) -> Entry:
        """The table's entry for the loaded boundary, made with the quick bounds if new."""
        key = self._key(leader)
        entry = self.memo.get(key)
        if entry is None:
            self.misses += 1
            lo, hi = self._bounds(leader)
            entry = self.memo[key] = [lo, hi, -1]
        else:
            self.hits += 1
        return entry

    def _bounds(self, leader: int) -> tuple[int, int]:
        """Safe bounds on North–South's tricks from the loaded boundary, ``leader`` on lead."""
        hands, trump, n = self._hands, self._trump, self._left
        if n == 1:  # the last trick: play it
            cards = [next((s, h[s]) for s in range(4) if h[s]) for h in hands]
            wseat, (wsuit, wbit) = leader, cards[leader]
            for i in (1, 2, 3):
                seat = (leader + i) & 3
                s, b = cards[seat]
                if (s == wsuit and b > wbit) or (s == trump and wsuit != trump):
                    wseat, wsuit, wbit = seat, s, b
            ns = 1 if wseat % 2 == 0 else 0
            return ns, ns
        # the leader's cashable winners
        mine = hands[leader]
        others_trumps = trump >= 0 and any(hands[p][trump] for p in range(4) if p != leader)
        quick = 0
        for s in range(4):
            if not mine[s] or (others_trumps and s != trump):
                continue
            others = self._inplay[s] & ~mine[s]
            top = _bits(mine[s] >> others.bit_length())  # my cards above all others'
            if top and top >= max(_bits(hands[p][s]) for p in range(4) if p != leader):
                quick += _bits(mine[s])  # the others run out: every card of mine wins
            else:
                quick += top
        # each side's master trumps: a hand's trumps above all the opponents' each win a trick
        sure = [0, 0]
        if trump >= 0:
            for side in (0, 1):
                opp = hands[1 - side][trump] | hands[3 - side][trump]
                for h in (hands[side][trump], hands[side + 2][trump]):
                    sure[side] = max(sure[side], _bits(h >> opp.bit_length()))
        if leader % 2 == 0:
            return max(quick, sure[0]), n - sure[1]
        return sure[0], n - max(quick, sure[1])

    def _ge(self, leader: int, target: int) -> bool:
        """At a trick boundary, ``leader`` to lead: can North–South take ``target`` tricks?"""
        if target <= 0:
            return True
        if target > self._left:
            return False
        entry = self._entry(leader)
        if entry[0] >= target:
            return True
        if entry[1] < target:
            return False
        result = self._play(0, leader, target, -1, leader, -1, 0, entry)
        if result:
            entry[0] = target
        else:
            entry[1] = target - 1
        return result

    def _play(
        self,
        k: int,
        leader: int,
        target: int,
        led: int,
        wseat: int,
        wsuit: int,
        wbit: int,
        entry: Entry | None,
    ) -> bool:
        """The ``k``-th card of a trick (from 0): can North–South take ``target`` tricks from
        the start of this trick? ``led`` is the suit led, the trick so far is won by
        ``wseat`` with (``wsuit``, ``wbit``)."""
        seat = (leader + k) & 3
        ns = seat % 2 == 0
        hand = self._hands[seat]
        inplay = self._inplay
        table = self._table
        trump = self._trump
        if k == 0:
            moves = self._leads(seat, -1 if entry is None else entry[2])
        else:
            moves = self._follows(seat, k, led, wseat, wsuit, wbit)
        for s, b in moves:
            self.nodes += 1
            if not self.nodes & POLL_MASK:
                self._check()
            hand[s] ^= b
            table.append((s, b))
            if k == 0:
                nseat, nsuit, nbit, nled = seat, s, b, s
            elif (s == wsuit and b > wbit) or (s == trump and wsuit != trump):
                nseat, nsuit, nbit, nled = seat, s, b, led
            else:
                nseat, nsuit, nbit, nled = wseat, wsuit, wbit, led
            if k < 3:
                result = self._play(k + 1, leader, target, nled, nseat, nsuit, nbit, None)
            else:
                for ts, tb in table[-4:]:
                    inplay[ts] ^= tb
                self._left -= 1
                result = self._ge(nseat, target - 1 if nseat % 2 == 0 else target)
                self._left += 1
                for ts, tb in table[-4:]:
                    inplay[ts] |= tb
            table.pop()
            hand[s] |= b
            if result is ns:  # North–South found a way, or East–West a refutation
                if entry is not None:
                    entry[2] = s << 4 | _bits(inplay[s] >> b.bit_length())
                return result
        return not ns

    def _runs(self, seat: int, s: int) -> tuple[int, ...]:
        """One card (the lowest) of each group of equivalent cards ``seat`` holds in suit
        ``s``, highest group first."""
        mine = self._hands[seat][s]
        others = self._inplay[s] & ~mine
        packed = mine << 13 | others
        reps = self._reps.get(packed)
        if reps is None:
            out: list[int] = []
            prev = 0
            bit = 1 << 12
            while bit:
                if mine & bit:
                    prev = bit
                elif others & bit and prev:
                    out.append(prev)
                    prev = 0
                bit >>= 1
            if prev:
                out.append(prev)
            reps = self._reps[packed] = tuple(out)
        return reps

    def _leads(self, seat: int, best: int) -> list[tuple[int, int]]:
        """The leads of ``seat``, one per group, likeliest best first."""
        hands, inplay, trump = self._hands, self._inplay, self._trump
        hand = hands[seat]
        partner = hands[seat ^ 2]
        lho, rho = hands[(seat + 1) & 3], hands[(seat + 3) & 3]
        opp_trumps = trump >= 0 and bool(lho[trump] | rho[trump])
        scored: list[tuple[int, int, int]] = []
        for s in range(4):
            if not hand[s]:
                continue
            live = inplay[s]
            others = live & ~hand[s]
            ruffable = opp_trumps and s != trump and not (lho[s] and rho[s])
            for b in self._runs(seat, s):
                rank = b.bit_length()
                if best >= 0 and best == s << 4 | _bits(live >> rank):
                    score = 1000
                elif b > others:  # a winner
                    score = 10 if ruffable else 200 + _bits(hand[s])
                elif partner[s] and partner[s] > (others & ~partner[s]) | b:
                    score = 5 if ruffable else 150 - rank  # low to partner's winner
                elif trump >= 0 and s != trump and not partner[s] and partner[trump]:
                    score = 120 - rank  # for partner to ruff
                else:
                    score = 50 - rank - 2 * _bits(hand[s])
                scored.append((score, s, b))
        scored.sort(reverse=True)
        return [(s, b) for _, s, b in scored]

    def _follows(
        self, seat: int, k: int, led: int, wseat: int, wsuit: int, wbit: int
    ) -> list[tuple[int, int]]:
        """The legal cards of ``seat`` after ``k`` cards, one per group, likeliest best
        first."""
        hand = self._hands[seat]
        trump = self._trump
        partner_wins = wseat == seat ^ 2
        if hand[led]:
            runs = self._runs(seat, led)
            if len(runs) == 1:
                return [(led, runs[0])]
            low_first = [(led, b) for b in reversed(runs)]
            if partner_wins or wsuit != led:
                return low_first
            winners = [m for m in low_first if m[1] > wbit]
            if not winners:
                return low_first
            if k == 1 and winners[0][1] << 1 <= self._inplay[led]:
                # second hand low, unless its cheapest winner is the master
                return low_first
            losers = [m for m in low_first if m[1] < wbit]
            return [winners[0], *losers, *winners[1:]]
        # void in the suit led: ruff or discard
        ruffs: list[tuple[int, int]] = []
        if trump >= 0 and hand[trump]:
            ruffs = [(trump, b) for b in reversed(self._runs(seat, trump))]
        discards = [(s, b) for s in range(4) if s != trump and hand[s] for b in self._runs(seat, s)]
        discards.sort(key=lambda m: m[1])
        if not ruffs:
            return discards
        if partner_wins:
            return discards + ruffs
        if wsuit == trump:
            over = [m for m in ruffs if m[1] > wbit]
            under = [m for m in ruffs if m[1] < wbit]
            return over[:1] + discards + over[1:] + under
        return ruffs[:1] + discards + ruffs[1:]
