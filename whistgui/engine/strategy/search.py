"""Any game's deal played out by exact search: every card optimal by the
:class:`~whistgui.engine.trick.solver.Solver` under the game's rules, recorded as the same
:class:`~whistgui.engine.strategy.line.PlayLine` as a line played from whist's values.

Marks are the solver's results (tricks, or the winner of a last-trick game); values and suit
labels come from the game's theory where it covers what is left of the deal. In a single suit
of Greedy Whist or Five-card the line plays R43's normal strategy (§4) when it is optimal.

>>> from whistgui.engine import Deal, Player
>>> line = search_line(Deal.parse('KQT/AJ9'), Player.WEST, 'five-card')
>>> [(s.name, s.reason) for s in line][:2]
[('S:K', 'the normal strategy (R43 §4)'), ('S:A', 'the normal strategy (R43 §4)')]
>>> line.outcome, line.predicted, line.start_value.pretty()
(<Player.WEST: 'W'>, <Player.WEST: 'W'>, '+1')
>>> line.steps[0].marks
{'S:K': <Player.WEST: 'W'>, 'S:Q': <Player.WEST: 'W'>, 'S:T': <Player.EAST: 'E'>}
>>> p = Position.start(line.deal, Player.WEST, find_game('five-card').rules)
>>> print(Searcher().reason(p, p.deal.card_from_text('S:T')))  # doctest: +NORMALIZE_WHITESPACE
not best: East wins instead of West — leading the ♠T leaves East on lead after East's best
reply, the ♠J, against East on lead after the ♠K and the ♠A
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from whistgui.engine.checks import expect
from whistgui.engine.errors import NoTheoryError, WhistError
from whistgui.engine.games import Game, find_game
from whistgui.engine.games.single_suit import normal_card
from whistgui.engine.games.theory import Theory, check_theory, deal_element
from whistgui.engine.strategy.line import (
    CardReason,
    PlayLine,
    Standing,
    Step,
    card_symbols,
    check_forced,
    check_line,
    make_step,
    play_out,
    trick_number,
)
from whistgui.engine.strategy.state import SuitLabel, TheoryElement, check_position, trick_start
from whistgui.engine.trick.cards import Card, Player, count
from whistgui.engine.trick.deal import Deal, check_deal, check_player
from whistgui.engine.trick.play import Position
from whistgui.engine.trick.rules import Result, Scoring
from whistgui.engine.trick.solver import Solver

__all__ = ["SEARCH_MAX_CARDS", "Searcher", "search_line"]

#: Deals with more cards a hand than this are refused: searching every position of the line
#: would take too long.
SEARCH_MAX_CARDS: Final = 13

NORMAL_STRATEGY: Final = "the normal strategy (R43 §4)"
BY_SEARCH: Final = "optimal by exact search"

_W = Player.WEST
_GAME = "a Game or a game's name (a str)"


class Searcher:
    """Marks, chooses and records cards by exact search, in any game.

    ``theory`` (the game's, optional) labels the suits and gives the running value where it
    covers the cards left; ``solver`` is shared with the caller's other searches.
    """

    def __init__(self, theory: Theory[Any] | None = None, solver: Solver | None = None) -> None:
        if theory is not None:
            check_theory(theory)
        if solver is not None:
            expect(solver, Solver, "solver", "a Solver or None")
        self.theory = theory
        self.solver = solver if solver is not None else Solver()

    # -- marks ------------------------------------------------------------------------------
    def marks(self, position: Position) -> dict[Card, Result]:
        """West's result after every legal card (``Solver.card_results``)."""
        return self.solver.card_results(check_position(position))

    def best(self, position: Position) -> list[Card]:
        """The optimal cards of the player to move (``Solver.best_cards``)."""
        return self.solver.best_cards(check_position(position))

    @staticmethod
    def normal(position: Position) -> Card | None:
        """R43's normal card, for a single symmetric suit of Greedy Whist or Five-card."""
        rules = check_position(position).rules
        if not rules.greedy or rules.scoring not in (Scoring.TRICKS, Scoring.LAST_TRICK_WINS):
            return None
        live = [s for s in trick_start(position).deal.suits if not s.is_empty]
        if len(live) != 1 or not live[0].is_symmetric:
            return None
        return normal_card(position)

    def choice(self, position: Position) -> Card:
        """The normal card when it applies and is optimal; else a follower wins as cheaply as
        an optimal card can, or plays his lowest optimal card, and a leader plays his first
        optimal card (suits in order, high to low)."""
        best = self.best(position)
        if not best:
            raise WhistError("play is over: there is no card to choose")
        normal = self.normal(position)
        if normal is not None and normal in best:
            return normal
        if position.led is not None:
            winners = [c for c in best if position.trick_winner(c) is position.to_move]
            return min(winners or best, key=lambda c: c.rank)
        return best[0]

    def reason(self, position: Position, card: Card) -> str:
        """``the normal strategy (R43 §4)``, ``optimal by exact search``, or what the card
        gives away and why (:meth:`explain`)."""
        return self.explain(position, card).text

    def explain(self, position: Position, card: Card) -> CardReason:
        """``card`` (any legal card) with its mark, the best card's, what it does (``the
        normal strategy (R43 §4)``, ``optimal by exact search``) and — a card that is not
        best — what it gives away and why: where it leaves play once the trick is over (who
        leads, West's tricks, the theory's element of the cards left), against the best
        play's."""
        expect(card, Card, "card")
        marks = self.marks(position)
        if card not in marks:
            position.play(card)  # raises IllegalPlayError with the details
        best = marks[self.best(position)[0]]
        against = self._against(position) if marks[card] != best else ""
        return self._explain(position, card, marks, best, against)

    def _explain(
        self,
        position: Position,
        card: Card,
        marks: dict[Card, Result],
        best: Result,
        against: str,
    ) -> CardReason:
        """``card``'s reason; ``against`` the best play's part of a why (:meth:`_against`,
        made once a position)."""
        mark = marks[card]
        name = position.card_name(card)
        if mark == best:
            does = NORMAL_STRATEGY if card == self.normal(position) else BY_SEARCH
            return CardReason(card, name, position.to_move, mark, best, does)
        why = self._why(position, card, against)
        return CardReason(card, name, position.to_move, mark, best, "", why)

    def _against(self, position: Position) -> str:
        """Where the best play leaves play once the trick is over: ``West on lead with +1
        after the ♠K and the ♠A`` (for a lead, against the other's best reply)."""
        sym = card_symbols
        best = self.choice(position)
        mid = position.play(best)
        if position.led is None:
            alt = self.choice(mid)
            return (
                f"{self._leaves(mid.play(alt))} after the {sym(position.card_name(best))} and "
                f"the {sym(position.card_name(alt))}"
            )
        return f"{self._leaves(mid)} after the {sym(position.card_name(best))}"

    def _why(self, position: Position, card: Card, against: str) -> str:
        """Why a card that is not best costs what it does, by search: who it leaves on lead
        once the trick is over (the theory's element of the cards left with him, where it
        covers them) — after the other's best reply to a lead — against the best play's
        (``against``, :meth:`_against`)."""
        sym = card_symbols
        after = position.play(card)
        if position.led is None:  # a lead: the other's best reply completes the trick
            reply = self.choice(after)
            return (
                f"leading the {sym(position.card_name(card))} leaves "
                f"{self._leaves(after.play(reply))} after {position.to_move.other.word}'s "
                f"best reply, the {sym(position.card_name(reply))}, against {against}"
            )
        return (
            f"playing the {sym(position.card_name(card))} leaves {self._leaves(after)}, "
            f"against {against}"
        )

    def _leaves(self, end: Position) -> str:
        """At the end of a trick: ``East on lead with +1`` (the theory's element of the cards
        left, where it covers them), ``(West 1 trick)`` in a game that counts tricks, or ``the
        last trick to East``."""
        tricks = (
            f" (West {count(end.west_tricks, 'trick')})" if end.rules.scoring.counts_tricks else ""
        )
        if end.is_over:
            return f"the last trick to {end.leader.word}{tricks}"
        value = self.value(end)
        with_value = f" with {value.pretty()}" if value is not None else ""
        return f"{end.leader.word} on lead{with_value}{tricks}"

    def reasons(self, position: Position) -> dict[Card, CardReason]:
        """Every legal card's :meth:`explain`, in the order of :meth:`marks`."""
        marks = self.marks(position)
        if not marks:
            return {}
        best = marks[self.best(position)[0]]
        against = self._against(position) if any(m != best for m in marks.values()) else ""
        return {c: self._explain(position, c, marks, best, against) for c in marks}

    def standing(self, position: Position) -> Standing:
        """Where play stands: West's result by search, read with the theory's element of the
        cards left (None where it has none) — between tricks at the position, inside a trick
        after the follower's best reply (:meth:`choice`)."""
        check_position(position)
        trick = trick_number(position)
        result = self.solver.result(position)
        if position.is_over:
            return Standing(trick, None, self.value(position), position.leader, result)
        if position.led is None:
            return Standing(trick, position.to_move, self.value(position), position.leader, result)
        reply = self.choice(position)
        end = position.play(reply)
        return Standing(
            trick, position.to_move, self.value(end), end.leader, result, position.card_name(reply)
        )

    # -- the theory -------------------------------------------------------------------------
    def value(self, position: Position) -> TheoryElement | None:
        """The theory's element of the cards left at the start of the current trick (None
        where the theory does not cover them)."""
        check_position(position)
        if self.theory is None:
            return None
        try:
            element = deal_element(self.theory, trick_start(position).deal)
        except NoTheoryError:
            return None
        return TheoryElement.of(self.theory, element)

    def suit_labels(self, position: Position) -> list[SuitLabel]:
        """Every suit at the start of the current trick with its element and the theory's
        words for it (none where the theory does not cover the cards left)."""
        theory = self.theory
        deal = trick_start(check_position(position)).deal
        if theory is None or theory.covers(deal) is not None:
            return []
        labels: list[SuitLabel] = []
        try:
            for i, (s, name) in enumerate(zip(deal.suits, deal.names, strict=True)):
                e = TheoryElement.of(theory, theory.element(s))
                if s.is_empty:
                    labels.append(SuitLabel(i, name, s, e, "played out", None, 0, "played out"))
                else:
                    labels.append(SuitLabel(i, name, s, e, "element", None, 0, e.words))
        except NoTheoryError:
            return []
        return labels

    # -- steps and lines --------------------------------------------------------------------
    def step(self, position: Position, card: Card) -> Step:
        """``card`` (any legal card) played at ``position``, marked by search."""
        return make_step(position, card, self)

    def play_line(
        self, deal: Deal, leader: Player, game: Game, *, forced: Sequence[Card | str] = ()
    ) -> PlayLine:
        """``deal`` played out by :meth:`choice` under ``game``'s rules."""
        check_deal(deal)
        check_player(leader, "leader")
        expect(game, Game, "game")
        forced = check_forced(forced)
        if deal.size > SEARCH_MAX_CARDS:
            raise WhistError(
                f"{str(deal)!r} has {deal.size} cards a hand; play by exact search takes at "
                f"most {SEARCH_MAX_CARDS}"
            )
        start = Position.start(deal, leader, game.rules)
        steps = play_out(start, self.choice, self.step, forced=forced)
        line = PlayLine(
            deal,
            leader,
            steps,
            self.solver.result(start),
            self.value(start),
            confirmed=True,
            forced=len(forced),
            rules=game.rules,
            method="search",
            game=game.name,
        )
        return check_line(line)


def search_line(
    deal: Deal,
    leader: Player,
    game: Game | str = "whist",
    *,
    theory: Theory[Any] | None = None,
    solver: Solver | None = None,
    forced: Sequence[Card | str] = (),
) -> PlayLine:
    """Play ``deal`` out by exact search in ``game`` (a :class:`~whistgui.engine.games.Game`
    or its name) from ``leader``'s lead, labelled by ``theory`` (the game's own when not
    given). Deals of more than :data:`SEARCH_MAX_CARDS` cards a hand are refused.

    >>> line = search_line(Deal.parse('AQ/K K/AJ'), Player.WEST, 'greedy-whist')
    >>> [s.reason for s in line][:2], line.outcome, line.steps[0].labels  # asymmetric: no labels
    (['optimal by exact search', 'optimal by exact search'], 2, ())
    """
    g = find_game(game) if isinstance(game, str) else expect(game, Game, "game", _GAME)
    t = theory if theory is not None else g.new_theory()
    return Searcher(t, solver).play_line(deal, leader, g, forced=forced)
