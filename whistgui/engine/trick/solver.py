"""Exact search: any two-person trick-taking game of :mod:`~whistgui.engine.trick.rules` solved by
minimax over tricks.

Follow suit as the rules allow (freely, or greedily: win the trick if able), otherwise discard
any card (so asymmetric deals play too); the higher card of the suit led wins. The solver gives
the outcome χ (West's result with each player on lead: tricks, refined points — the last trick
worth 3/4 or 1/4, §11 —, the tricks but the last — reduced whist, §11: each trick 1 and the
last taken back, so the search is whist's with other final points — or the winner of a
last-trick game), the optimal cards, and the result of every legal card of a position, as
double-dummy tools mark cards.

Positions are stored in a transposition table under a canonical key — the rules, each suit
reduced to its pattern of owners, suits sorted — and cards in sequence (adjacent in a suit, same
owner) are searched once.

>>> s = Solver()
>>> s.outcome(Deal.parse('AQ/KJ'))
Outcome(west_lead=1, east_lead=2)
>>> s.outcome(Deal.parse('AK10/QJ9 AK10/QJ9'))
Outcome(west_lead=4, east_lead=5)
>>> s.outcome(Deal.parse('KJ/AQ'), refined=True)
Outcome(west_lead=Fraction(1, 4), east_lead=Fraction(3, 4))
>>> s.outcome(Deal.parse('AQ/KJ'), rules=Rules(scoring=Scoring.REDUCED))
Outcome(west_lead=1, east_lead=1)
>>> s.outcome(Deal.parse('KQ/AJ'), rules=Rules(greedy=True, scoring=Scoring.LAST_TRICK_WINS))
Outcome(west_lead=<Player.WEST: 'W'>, east_lead=<Player.EAST: 'E'>)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any, Final

from whistgui.engine.checks import each, expect, optional_callable
from whistgui.engine.errors import Cancelled, DealError
from whistgui.engine.memo import Memo, check_bound
from whistgui.engine.trick.cards import Card, Player
from whistgui.engine.trick.deal import Deal, check_deal
from whistgui.engine.trick.play import Position
from whistgui.engine.trick.rules import WHIST_RULES, Outcome, Result, Rules, Scoring

__all__ = ["MEMO_POSITIONS", "MEMO_SUITS", "Scoring", "Solver", "canonical", "owner_runs"]

_Key = tuple[bool, tuple[str, ...]]
_INF = 1 << 30

#: The positions a solver's table keeps by default between calls, for each set of rules (plain
#: and refined scoring are two), of exact scores and as many of bounds: about 15 MB a 100,000
#: exact scores, 26 MB a 100,000 bounds (four suits; benchmarks/bench_memo.py), so some 80 MB
#: at most. The paper's deal (27), 19 cards a hand, stores 30,000; a 13-card deal of Greedy
#: Whist searched in every position (the play panel), 7,000; a search is never trimmed while
#: it runs.
MEMO_POSITIONS: Final = 200_000
#: The suits' runs and replies a solver keeps (about 36 MB a 100,000).
MEMO_SUITS: Final = 100_000


def canonical(suits: Iterable[str]) -> tuple[str, ...]:
    """Suit patterns as a position key: the empty ones dropped, the rest sorted."""
    return tuple(sorted(p for p in suits if p))


def owner_runs(pattern: str, owner: str) -> list[int]:
    """One position per run of ``owner``'s cards (a card of the other hand, such as a card
    led to this trick, separates runs)."""
    reps: list[int] = []
    prev = False
    for i, c in enumerate(pattern):
        mine = c == owner
        if mine and not prev:
            reps.append(i)
        prev = mine
    return reps


class _Game:
    """What the search needs of one set of rules, looked up once: its tables, the points of a
    trick and of the end, and the legal replies."""

    __slots__ = (
        "bounds",
        "exact",
        "final_east",
        "final_west",
        "follow",
        "memos",
        "replies",
        "rules",
        "runs",
        "table",
        "unit",
    )

    def __init__(self, rules: Rules, positions: int | None, suits: int | None) -> None:
        self.rules = rules
        exact: Memo[_Key, int] = Memo(positions, "exact scores")
        bounds: Memo[_Key, tuple[int, int]] = Memo(positions, "bounds on scores")
        runs: Memo[tuple[str, str], list[int]] = Memo(suits, "runs of a suit")
        follow: Memo[tuple[str, int], list[tuple[str, bool]]] = Memo(suits, "replies in a suit")
        self.exact = exact
        self.memos: tuple[Memo[Any, Any], ...] = (exact, bounds, runs, follow)
        self.table = exact.data  # exact scores
        self.bounds = bounds.data  # (lower, upper) bounds
        self.unit = rules.trick_points
        self.final_west = rules.final_points(True)
        self.final_east = rules.final_points(False)
        self.replies = rules._replies  # checked arguments: pattern positions
        #: (pattern, owner) -> one position per run of the owner's cards
        self.runs = runs.data
        #: (pattern, position led) -> the legal replies in that suit, the cheapest winner
        #: first, as (what remains of the suit, did West win the trick)
        self.follow = follow.data

    def trim(self) -> int:
        """Forget the least recently used entries past the bounds; how many."""
        return sum(len(m.trim()) for m in self.memos)

    @property
    def evicted(self) -> int:
        return sum(m.evicted for m in self.memos)

    def runs_of(self, pattern: str, owner: str) -> list[int]:
        key = (pattern, owner)
        r = self.runs.get(key)
        if r is None:
            r = self.runs[key] = owner_runs(pattern, owner)
        return r

    def follows(self, pattern: str, i: int) -> list[tuple[str, bool]]:
        """The replies in the suit ``pattern`` to the card at position ``i`` (the leader's),
        by the rules; worked out once per (suit, lead)."""
        key = (pattern, i)
        out = self.follow.get(key)
        if out is not None:
            return out
        west_leads = pattern[i] == "W"
        legal = self.replies(i, owner_runs(pattern, "E" if west_leads else "W"))
        # the cheapest winner and the lowest card first: one of them is usually best
        # (§17), and alpha-beta cuts more when the best reply comes first
        for k, (_, wins) in enumerate(legal):
            if wins:
                if k:
                    legal.insert(0, legal.pop(k))
                break
        out = []
        for j, wins in legal:
            a, b = (i, j) if i < j else (j, i)
            left = pattern[:a] + pattern[a + 1 : b] + pattern[b + 1 :]
            out.append((left, wins != west_leads))
        self.follow[key] = out
        return out


class Solver:
    """Exact minimax with a transposition table per set of rules.

    Scores are the rules' integer points (:attr:`Rules.trick_points`,
    :meth:`Rules.final_points`): tricks for whist, quarter points for refined whist, 1 or 0 for
    a last-trick game.

    The tables are bounded (:mod:`~whistgui.engine.memo`): each set of rules keeps at most
    ``memo_bound`` exact scores and as many bounds between public calls, the least recently
    made forgotten first (a search never loses what it is working on: a forgotten position is
    searched again). None: no bound.

    >>> from whistgui.engine import Deal, Player, Position
    >>> s = Solver()
    >>> s.outcome(Deal.parse('AQ/KJ')), s.outcome(Deal.parse('AQ/KJ'), refined=True)
    (Outcome(west_lead=1, east_lead=2), Outcome(west_lead=Fraction(5, 4), east_lead=Fraction(7, 4)))
    >>> p = Position.start(Deal.parse('AQ/KJ K/A'), Player.EAST)
    >>> {p.card_name(c): r for c, r in s.card_results(p).items()}
    {'S:K': 2, 'S:J': 2, 'H:A': 2}
    """

    def __init__(
        self,
        should_stop: Callable[[], bool] | None = None,
        progress: Callable[[int], None] | None = None,
        *,
        memo_bound: int | None = MEMO_POSITIONS,
    ) -> None:
        #: Polled every few hundred new positions; True makes the search raise Cancelled.
        self.should_stop = optional_callable(should_stop, "should_stop")
        #: Told, as often, how many positions have been searched so far.
        self.progress = optional_callable(progress, "progress")
        #: The most positions each table keeps between calls (None: no bound).
        self.memo_bound = check_bound(memo_bound, "memo_bound")
        self._games: dict[Rules, _Game] = {}
        self._hits = 0
        self._misses = 0

    def _game(self, rules: Rules) -> _Game:
        g = self._games.get(rules)
        if g is None:
            suits = None if self.memo_bound is None else min(self.memo_bound, MEMO_SUITS)
            g = self._games[rules] = _Game(rules, self.memo_bound, suits)
        return g

    def clear(self) -> None:
        self._games.clear()
        self._hits = self._misses = 0

    def _trim(self) -> None:
        """A public call returns: each table forgets past its bound."""
        for g in self._games.values():
            g.trim()

    @property
    def stats(self) -> dict[str, int]:
        """Positions stored (exact scores and bounds), hits, misses, entries forgotten."""
        return {
            "positions": sum(len(g.table) + len(g.bounds) for g in self._games.values()),
            "hits": self._hits,
            "misses": self._misses,
            "evicted": sum(g.evicted for g in self._games.values()),
        }

    # -- the search ---------------------------------------------------------------------
    @staticmethod
    def _tricks(
        suits: tuple[str, ...], west_leads: bool, game: _Game
    ) -> Iterator[list[tuple[tuple[str, ...], bool]]]:
        """For each lead (one card per sequence), the legal replies by the rules (one per
        sequence, discards when void) as (the suits after the trick, canonical; did West win
        it)."""
        lead_c, foll_c = ("W", "E") if west_leads else ("E", "W")
        runs_of = game.runs_of
        for si, p in enumerate(suits):
            follows = foll_c in p
            for i in runs_of(p, lead_c):
                replies: list[tuple[tuple[str, ...], bool]] = []
                if follows:
                    for left, west_won in game.follows(p, i):
                        rest = list(suits)
                        rest[si] = left
                        replies.append((canonical(rest), west_won))
                else:
                    led_rest = p[:i] + p[i + 1 :]
                    for t, q in enumerate(suits):
                        if t == si:
                            continue
                        for j in runs_of(q, foll_c):
                            rest = list(suits)
                            rest[si] = led_rest
                            rest[t] = q[:j] + q[j + 1 :]
                            replies.append((canonical(rest), west_leads))
                if not replies:  # the follower has no card at all: hands were unequal
                    raise DealError("the follower has no card to play; hands must be equal")
                yield replies

    def _count(self) -> None:
        self._misses += 1
        if self._misses % 256 == 0:
            if self.should_stop is not None and self.should_stop():
                raise Cancelled("stopped by the caller")
            if self.progress is not None:
                self.progress(self._misses)

    def _search(self, suits: tuple[str, ...], west_leads: bool, game: _Game) -> int:
        """Exact score for West from here (full minimax: stores every reachable position's
        exact score, which :meth:`warm` wants)."""
        table = game.table
        key = (west_leads, suits)
        v = table.get(key)
        if v is not None:
            self._hits += 1
            return v
        self._count()
        if not suits:
            v = game.final_west if west_leads else game.final_east
            table[key] = v
            return v
        unit = game.unit
        pick_lead, pick_reply = (max, min) if west_leads else (min, max)
        v = pick_lead(
            pick_reply(
                self._search(nxt, west_won, game) + (unit if west_won else 0)
                for nxt, west_won in replies
            )
            for replies in self._tricks(suits, west_leads, game)
        )
        table[key] = v
        return v

    def _ab(
        self, suits: tuple[str, ...], west_leads: bool, game: _Game, alpha: int, beta: int
    ) -> int:
        """Alpha-beta with a table of bounds: the exact score if it lies in (alpha, beta),
        else a bound on the right side of the window (fail-soft)."""
        table = game.table
        key = (west_leads, suits)
        exact = table.get(key)
        if exact is not None:
            self._hits += 1
            return exact
        if not suits:
            return game.final_west if west_leads else game.final_east
        bounds = game.bounds
        lo, hi = bounds.get(key, (-_INF, _INF))
        if lo >= beta:
            self._hits += 1
            return lo
        if hi <= alpha:
            self._hits += 1
            return hi
        a, b = max(alpha, lo), min(beta, hi)
        self._count()
        unit = game.unit
        if west_leads:  # West leads: the best lead for West of East's best reply
            best = -_INF
            for replies in self._tricks(suits, True, game):
                worst = _INF
                for nxt, west_won in replies:
                    gain = unit if west_won else 0
                    score = gain + self._ab(nxt, west_won, game, max(a, best) - gain, worst - gain)
                    worst = min(worst, score)
                    if worst <= max(a, best):
                        break  # this lead cannot beat what West already has
                best = max(best, worst)
                if best >= b:
                    break
            v = best
        else:
            best = _INF
            for replies in self._tricks(suits, False, game):
                most = -_INF
                for nxt, west_won in replies:
                    gain = unit if west_won else 0
                    score = gain + self._ab(nxt, west_won, game, most - gain, min(b, best) - gain)
                    most = max(most, score)
                    if most >= min(b, best):
                        break
                best = min(best, most)
                if best <= a:
                    break
            v = best
        if v <= a:
            hi = min(hi, v)
        elif v >= b:
            lo = max(lo, v)
        else:
            lo = hi = v
        if lo == hi:
            table[key] = lo
            bounds.pop(key, None)
        else:
            bounds[key] = (lo, hi)
        return v

    def _exact(self, suits: tuple[str, ...], west_leads: bool, rules: Rules) -> int:
        game = self._game(rules)
        v = self._ab(suits, west_leads, game, -_INF, _INF)
        game.exact.touch((west_leads, suits))  # asked for: the most recently used
        return v

    def warm(
        self,
        deal: Deal,
        leaders: Sequence[Player] = (Player.WEST, Player.EAST),
        scorings: Sequence[bool] = (False, True),
        *,
        rules: Rules = WHIST_RULES,
    ) -> None:
        """Solve *every* position reachable from ``deal`` under ``rules`` with these leaders
        (and, for a trick-scoring game, these scorings: plain, refined), so that later
        questions about any of them are table look-ups — what a browsable play tree wants.
        (Answering one question, :meth:`result` prunes by alpha-beta instead and is much
        faster.)"""
        check_deal(deal)
        leaders = each(leaders, Player, "leaders", "a sequence of Players", whole=Sequence)
        scorings = each(
            scorings, bool, "scorings", "a sequence of bools (refined or not)", whole=Sequence
        )
        expect(rules, Rules, "rules")
        _ = deal.size
        suits = canonical(self._patterns(deal))
        variants = [
            self._rules(rules, refined)
            for refined in scorings
            if not refined or rules.scoring.counts_tricks
        ]
        try:
            for r in dict.fromkeys(variants):
                for leader in leaders:
                    self._search(suits, leader is Player.WEST, self._game(r))
        finally:
            self._trim()

    # -- positions ------------------------------------------------------------------------
    @staticmethod
    def _rules(rules: Rules, refined: bool) -> Rules:
        return rules.refined() if refined else rules

    @staticmethod
    def _patterns(deal: Deal) -> list[str]:
        return [s.pattern for s in deal.suits]

    def _score(self, position: Position, rules: Rules) -> int:
        """West's points from now on, the position between tricks or not."""
        position.check()
        if position.led is None:
            return self._exact(
                canonical(self._patterns(position.deal)), position.leader is Player.WEST, rules
            )
        scores = [self._after(position, c, rules) for c in position.legal_cards()]
        west_to_move = position.to_move is Player.WEST
        return max(scores) if west_to_move else min(scores)

    def _after(self, position: Position, card: Card, rules: Rules) -> int:
        nxt = position.play(card)
        score = self._score(nxt, rules)
        gained = nxt.west_tricks - position.west_tricks
        return score + gained * rules.trick_points

    @staticmethod
    def _total(position: Position, score: int, rules: Rules) -> Result:
        return rules.result(rules.points_so_far(position.west_tricks) + score)

    def result(self, position: Position, *, refined: bool = False) -> Result:
        """West's result under optimal play from ``position`` by its rules (``refined``: the
        same game scored as refined whist): total tricks, counting those already taken,
        refined points, or the winner of a last-trick game."""
        expect(position, Position, "position")
        rules = self._rules(position.rules, expect(refined, bool, "refined"))
        try:
            return self._total(position, self._score(position, rules), rules)
        finally:
            self._trim()

    def card_results(self, position: Position, *, refined: bool = False) -> dict[Card, Result]:
        """For every legal card of the player to move, West's result under optimal play after
        it (the marks a double-dummy program shows)."""
        expect(position, Position, "position")
        position.check()
        rules = self._rules(position.rules, expect(refined, bool, "refined"))
        try:
            return {
                c: self._total(position, self._after(position, c, rules), rules)
                for c in position.legal_cards()
            }
        finally:
            self._trim()

    def best_cards(self, position: Position, *, refined: bool = False) -> list[Card]:
        """The optimal cards of the player to move."""
        expect(position, Position, "position")
        rules = self._rules(position.rules, expect(refined, bool, "refined"))
        position.check()
        try:
            scores = {c: self._after(position, c, rules) for c in position.legal_cards()}
        finally:
            self._trim()
        if not scores:
            return []
        pick = max if position.to_move is Player.WEST else min
        target = pick(scores.values())
        return [c for c, v in scores.items() if v == target]

    def outcome(self, deal: Deal, *, refined: bool = False, rules: Rules = WHIST_RULES) -> Outcome:
        """χ(D) under ``rules`` (``refined``: χ′(D), the game scored as refined whist): West's
        result with West and with East on lead."""
        check_deal(deal)
        expect(refined, bool, "refined")
        expect(rules, Rules, "rules")
        return Outcome(
            self.result(Position.start(deal, Player.WEST, rules), refined=refined),
            self.result(Position.start(deal, Player.EAST, rules), refined=refined),
        )
