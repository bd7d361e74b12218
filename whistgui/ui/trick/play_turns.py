"""What the optimal-play panel shows at each position, computed without widgets: the start of
a deal in a game (or why it cannot be played), the values or the exact search that mark its
cards, and each position's :class:`Turn` — marks, best cards, reasons, the suits' labels and
the running value — by whist's values (:func:`value_turn`) or by search (:func:`search_turn`).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from whistgui.app.analysis import is_whist
from whistgui.engine import Card, Deal, Evaluator, Player, Position, Solver, WhistError
from whistgui.engine.games import Game, find_game
from whistgui.engine.reading import quote
from whistgui.engine.strategy import (
    SEARCH_MAX_CARDS,
    PlayLine,
    Searcher,
    Step,
    Strategist,
    SuitLabel,
)
from whistgui.engine.trick.cards import count
from whistgui.engine.trick.rules import Result
from whistgui.figures.play import card_text

__all__ = [
    "MAX_PLAY_SUIT",
    "Ready",
    "Turn",
    "display_line",
    "display_step",
    "search_turn",
    "start_position",
    "value_turn",
    "warm_search",
    "warm_values",
]

MAX_PLAY_SUIT = 10  # longest suit (cards a hand) whose values are computed for play


def display_step(step: Step) -> Step:
    """``step`` with every card named as the panel writes it (:func:`card_text`)."""
    return replace(
        step,
        name=card_text(step.name),
        marks={card_text(n): m for n, m in step.marks.items()},
        refined={card_text(n): m for n, m in step.refined.items()},
        best=tuple(card_text(n) for n in step.best),
    )


def display_line(line: PlayLine) -> PlayLine:
    """``line`` with every card named as the panel writes it: its record, its LaTeX."""
    return replace(line, steps=tuple(display_step(s) for s in line.steps))


@dataclass(frozen=True, slots=True)
class Turn:
    """What the panel shows at one position (cached: stepping back recomputes nothing).

    ``marks`` are West's tricks after each legal card, or (last-trick games) the winner;
    ``predicted`` West's result under optimal play from here; ``value_text`` the running
    value or element ("" where the game's theory does not cover the cards left) and
    ``value_words`` the theory's words for an element."""

    position: Position
    marks: dict[Card, Result]
    best: tuple[Card, ...]
    choice: Card | None
    reasons: dict[Card, str]
    labels: tuple[SuitLabel, ...]
    value_text: str
    predicted: Result
    value_words: str = ""


@dataclass(frozen=True, slots=True)
class Ready:
    """A deal ready to step through: its start and what marks its cards — whist's values
    (``strategist``) or exact search (``searcher``, its solver warmed on every position)."""

    start: Position
    game: Game
    strategist: Strategist | None = None
    searcher: Searcher | None = None


def start_position(deal: Deal, leader: Player, game: Game | str) -> tuple[Position, Game]:
    """The start of ``deal`` in ``game``, or a WhistError saying why it cannot be played."""
    g = find_game(game) if isinstance(game, str) else game
    if is_whist(g):
        start = Position.start(deal, leader)
        if not deal.is_symmetric:
            raise WhistError(
                f"{quote(str(deal))} is not symmetric: optimal play from values needs each "
                "suit the same length in both hands"
            )
        long = [s for s in deal.suits if s.n > MAX_PLAY_SUIT]
        if long:
            raise WhistError(f"suit {long[0]} is too long (at most {MAX_PLAY_SUIT} a hand)")
        return start, g
    start = Position.start(deal, leader, g.rules)  # DealError for unequal hands
    if deal.size == 0:
        raise WhistError("no cards are dealt: there is nothing to play")
    if deal.size > SEARCH_MAX_CARDS:
        raise WhistError(
            f"{deal} has {count(deal.size, 'card')} a hand: {g.name} is played by exact "
            f"search, which takes at most {SEARCH_MAX_CARDS} cards a hand"
        )
    return start, g


def warm_values(start: Position, game: Game) -> Ready:
    ev = Evaluator()
    ev.value(start.deal)
    return Ready(start, game, strategist=Strategist(ev))


def warm_search(start: Position, game: Game, solver: Solver) -> Ready:
    """Search every position of the deal, so that the panel's look-ups are table hits."""
    solver.warm(start.deal, leaders=(start.leader,), scorings=(False,), rules=game.rules)
    solver.should_stop = solver.progress = None
    return Ready(start, game, searcher=Searcher(game.new_theory(), solver))


def value_turn(st: Strategist, position: Position) -> Turn:
    """A turn marked by whist's values (the strategist's look-ups)."""
    if position.is_over:
        return Turn(position, {}, (), None, {}, tuple(st.suit_labels(position.deal)), "", 0)
    marks: dict[Card, Result] = {c: int(v) for c, v in st.marks(position).items()}
    best = tuple(st.best(position))
    choice = st.choice(position)
    reasons = {c: st.reason(position, c) for c in (*best, choice)}
    return Turn(
        position,
        marks,
        best,
        choice,
        reasons,
        tuple(st.suit_labels(position)),
        st.value(position).pretty(),
        st.predicted(position) if position.led is None else marks[choice],
    )


def search_turn(sr: Searcher, position: Position) -> Turn:
    """A turn marked by exact search (look-ups in the warmed solver)."""
    value = sr.value(position)
    text = value.pretty() if value is not None else ""
    words = value.words if value is not None else ""
    labels = tuple(sr.suit_labels(position))
    if position.is_over:
        result = sr.solver.result(position)
        return Turn(position, {}, (), None, {}, labels, text, result, words)
    marks = sr.marks(position)
    best = tuple(sr.best(position))
    choice = sr.choice(position)
    reasons = {c: sr.reason(position, c) for c in (*best, choice)}
    return Turn(position, marks, best, choice, reasons, labels, text, marks[choice], words)
