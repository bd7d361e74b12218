"""What the optimal-play panel shows at each position, computed without widgets: the start of
a deal in a game (or why it cannot be played), the values or the exact search that mark its
cards, and each position's :class:`Turn` — marks, best cards, every legal card's reason
(:class:`~whistgui.engine.strategy.CardReason`: what it does, costs and why), where play stands
(:class:`~whistgui.engine.strategy.Standing`: the value now and what it predicts), the suits'
labels and the running value — by whist's values (:func:`value_turn`) or by search
(:func:`search_turn`). The reasons and the standing are the engine's; this module only
gathers them.
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from dataclasses import dataclass, replace
from fractions import Fraction

from whistgui.app.analysis import game_label, is_whist
from whistgui.engine import Card, Deal, Evaluator, Player, Position, Solver, WhistError
from whistgui.engine.games import Game, find_game
from whistgui.engine.reading import quote
from whistgui.engine.strategy import (
    SEARCH_MAX_CARDS,
    CardReason,
    PlayLine,
    Searcher,
    Standing,
    Step,
    Strategist,
    SuitLabel,
    TheoryElement,
)
from whistgui.engine.strategy.line import NOTHING_TO_PLAY, mark_text
from whistgui.engine.strategy.marks import plays_by_values
from whistgui.engine.trick.cards import count
from whistgui.engine.trick.rules import Result, Rules, Scoring
from whistgui.figures.play import card_text

__all__ = [
    "MAX_PLAY_SUIT",
    "Ready",
    "Turn",
    "display_line",
    "display_step",
    "esc",
    "header_html",
    "is_refined",
    "played_by_values",
    "search_turn",
    "start_position",
    "value_line",
    "value_strategist",
    "value_turn",
    "warm_search",
    "warm_values",
]

MAX_PLAY_SUIT = 10  # longest suit (cards a hand) whose values are computed for play


def display_step(step: Step) -> Step:
    """``step`` with every card named as the panel writes it (:func:`card_text`): its own,
    the marks', the best cards' and every legal card's reason's (so the record's "better:"
    line finds the best card's reason)."""
    return replace(
        step,
        name=card_text(step.name),
        marks={card_text(n): m for n, m in step.marks.items()},
        refined={card_text(n): m for n, m in step.refined.items()},
        best=tuple(card_text(n) for n in step.best),
        reasons={card_text(n): replace(r, name=card_text(r.name)) for n, r in step.reasons.items()},
    )


def display_line(line: PlayLine) -> PlayLine:
    """``line`` with every card named as the panel writes it: its record, its LaTeX."""
    return replace(line, steps=tuple(display_step(s) for s in line.steps))


@dataclass(frozen=True, slots=True)
class Turn:
    """What the panel shows at one position (cached: stepping back recomputes nothing).

    ``marks`` are West's tricks after each legal card, or (last-trick games) the winner;
    ``reasons`` every legal card's reason before it is played (the engine's
    :class:`~whistgui.engine.strategy.CardReason`: its mark, what it costs and why);
    ``standing`` where play stands here (the engine's :class:`~whistgui.engine.strategy.
    Standing`: the value now — after the follower's best reply inside a trick — and what it
    predicts); ``predicted`` West's result under optimal play from here; ``value_text`` the
    running value or element at the start of the trick ("" where the game's theory does not
    cover the cards left) and ``value_words`` the theory's words for an element."""

    position: Position
    marks: dict[Card, Result]
    best: tuple[Card, ...]
    choice: Card | None
    reasons: dict[Card, CardReason]
    labels: tuple[SuitLabel, ...]
    value_text: str
    predicted: Result
    standing: Standing
    value_words: str = ""

    def reason_text(self, card: Card) -> str:
        """``card``'s reason as the record writes it: what it does, or what it costs and why
        ("" for a card that is not legal here)."""
        r = self.reasons.get(card)
        return r.text if r is not None else ""


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
    if played_by_values(g, deal):
        start = Position.start(deal, leader, Rules(greedy=g.rules.greedy))
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
            f"{deal} has {count(deal.size, 'card')} a hand: {game_label(g)} is played by exact "
            f"search, which takes at most {SEARCH_MAX_CARDS} cards a hand"
        )
    return start, g


def played_by_values(game: Game, deal: Deal) -> bool:
    """Is ``deal`` played in ``game`` from values: always in whist and refined whist, and in
    Greedy Whist (its own values, :attr:`Evaluator.greedy`) when the deal is symmetric — an
    asymmetric Greedy Whist deal is played by search, as other games' deals are."""
    if is_whist(game):
        return True
    return game.rules.greedy and plays_by_values(game.rules) and deal.is_symmetric


def is_refined(game: Game) -> bool:
    """Is ``game`` scored by refined whist's points (its results ρ′ of the value)?"""
    return game.rules.scoring is Scoring.REFINED


def value_strategist(game: Game, evaluator: Evaluator) -> Strategist:
    """The strategist that marks ``game`` (whist or refined whist) from ``evaluator``'s
    values: West's tricks (ρ), or his refined points (ρ′) — as the analysis predicts."""
    return Strategist(evaluator, refined=is_refined(game))


def value_line(ready: Ready) -> PlayLine:
    """The empty record of a deal marked by values, scored by its game's rules."""
    st = ready.strategist
    assert st is not None
    start = ready.start
    return PlayLine(
        start.deal,
        start.leader,
        (),
        st.predicted(start),
        st.value(start),
        rules=ready.game.rules,
        game=ready.game.name,
    )


def warm_values(start: Position, game: Game) -> Ready:
    ev = Evaluator(greedy=game.rules.greedy)
    ev.value(start.deal)
    return Ready(start, game, strategist=value_strategist(game, ev))


def warm_search(start: Position, game: Game, solver: Solver) -> Ready:
    """Search every position of the deal, so that the panel's look-ups are table hits."""
    solver.warm(start.deal, leaders=(start.leader,), scorings=(False,), rules=game.rules)
    solver.should_stop = solver.progress = None
    return Ready(start, game, searcher=Searcher(game.new_theory(), solver))


def value_turn(st: Strategist, position: Position) -> Turn:
    """A turn marked by whist's values (the strategist's look-ups)."""
    standing = st.standing(position)
    if position.is_over:
        labels = tuple(st.suit_labels(position.deal))
        return Turn(position, {}, (), None, {}, labels, "", standing.predicted, standing)
    marks: dict[Card, Result] = dict(st.marks(position))
    best = tuple(st.best(position))
    choice = st.choice(position)
    return Turn(
        position,
        marks,
        best,
        choice,
        st.reasons(position),
        tuple(st.suit_labels(position)),
        st.value(position).pretty(),
        st.predicted(position) if position.led is None else marks[choice],
        standing,
    )


def search_turn(sr: Searcher, position: Position) -> Turn:
    """A turn marked by exact search (look-ups in the warmed solver)."""
    value = sr.value(position)
    text = value.pretty() if value is not None else ""
    words = value.words if value is not None else ""
    labels = tuple(sr.suit_labels(position))
    standing = sr.standing(position)
    if position.is_over:
        result = sr.solver.result(position)
        return Turn(position, {}, (), None, {}, labels, text, result, standing, words)
    marks = sr.marks(position)
    best = tuple(sr.best(position))
    choice = sr.choice(position)
    reasons = sr.reasons(position)
    return Turn(
        position, marks, best, choice, reasons, labels, text, marks[choice], standing, words
    )


# ----------------------------------------------------------------------------- the header
def esc(text: str) -> str:
    """Text for a rich-text label (apostrophes are fine as they are)."""
    return html.escape(text, quote=False)


def _bold_prediction(text: str, predicted: Result) -> str:
    """``text`` (a standing in words) for rich text, what it predicts in bold."""
    out = esc(text)
    if isinstance(predicted, Player):
        target = f"{predicted.word} should win"
        bold = f"<b>{target}</b>"
    else:
        mark = esc(mark_text(predicted))
        verb = "should score" if isinstance(predicted, Fraction) else "should end with"
        target = f"{verb} {mark}"
        bold = f"{verb} <b>{mark}</b>"
    at = out.rfind(target)
    return out if at < 0 else out[:at] + bold + out[at + len(target) :]


def _should_have(step: Step) -> str:
    """What the best card instead of ``step``'s would have kept: ``West should have ended
    with 11`` / ``West should have won``."""
    best = step.best_mark
    if isinstance(best, Player):
        return f"{best.word} should have won"
    return f"West should have ended with {mark_text(best)}"


def _given_away(steps: Sequence[Step], red: str) -> str:
    """What the cards that were not best gave away: the last card's, said with what the best
    card would have kept; else every earlier one, so the header never forgets them."""
    if not steps:
        return ""
    last = steps[-1]
    if last.cost > 0:
        return (
            f" <span style='color:{red}'>{last.player.word}'s {esc(card_text(last.name))} "
            f"gave away {esc(last.cost_text)}: {esc(_should_have(last))}.</span>"
        )
    earlier = [
        f"{s.player.word}'s {esc(card_text(s.name))} at trick {s.trick}, {esc(s.cost_text)}"
        for s in steps
        if s.cost > 0
    ]
    if not earlier:
        return ""
    return f" <span style='color:{red}'>Given away so far: {'; '.join(earlier)}.</span>"


def header_html(
    turn: Turn, steps: Sequence[Step], game: Game, *, by_search: bool, red: str, muted: str
) -> str:
    """The panel's header at ``turn`` after ``steps`` (rich text): the trick and who is to
    play, where play stands — the value now (inside a trick: after the follower's best reply)
    and what it predicts, the engine's :class:`~whistgui.engine.strategy.Standing` — and what
    the cards that were not best gave away (in ``red``, a theme colour); by search, the game
    and the theory's words for its element (in ``muted``).

    The value and the prediction always belong together: after deal (27)'s West ♦A at trick
    8 the header reads the value after East's reply (10 + ε₀, predicting 10), not the value
    from before the mistake (10½ + ε₀)."""
    pos, standing = turn.position, turn.standing
    if pos.is_over and not steps and pos.deal.size == 0:
        return esc(NOTHING_TO_PLAY)
    if pos.is_over:
        text = f"Play is over: West took <b>{count(pos.west_tricks, 'trick')}</b>"
        if isinstance(standing.predicted, Fraction):
            text += f", a refined score of <b>{esc(mark_text(standing.predicted))}</b> (ρ′)"
        scoring = game.rules.scoring
        if by_search and not scoring.counts_tricks:
            verb = "wins" if scoring is Scoring.LAST_TRICK_WINS else "loses"
            text += f"; {pos.leader.word} took the last trick and <b>{verb}</b>"
        if scoring is Scoring.REDUCED and steps:
            rules = game.rules
            kept = rules.points_so_far(pos.west_tricks) + rules.final_points(
                pos.leader is Player.WEST
            )
            text += (
                f"; the last trick, {pos.leader.word}'s, does not count: "
                f"<b>{esc(mark_text(rules.result(kept)))}</b>"
            )
        return text + "." + _given_away(steps, red)
    where = f" ({esc(game_label(game))})" if by_search else ""
    text = (
        f"Trick {standing.trick}, <b>{pos.to_move.word}</b> to play{where}. "
        f"{_bold_prediction(standing.text, standing.predicted)}"
    )
    if by_search:
        value = standing.value
        if isinstance(value, TheoryElement) and value.words:
            words = value.words[0].upper() + value.words[1:]
            text += f" <span style='color:{muted}'>{esc(words)}.</span>"
        text += " By exact search."
    return text + _given_away(steps, red)
