"""How the inspector shows a suit in the session's game: the games valued by whist's machinery
— whist, refined whist, reduced whist and Greedy Whist — on the reductions tab (the α matrix,
maxmin/minmax, I(D), val(D), the tree of reductions and the check by exact search), each read
its own way; the others on the game's structure tab only. Greedy Whist has both: its values
over the greedy reductions (:class:`~whistgui.engine.Evaluator` with ``greedy``, from the
engine service's memo of the game) and R43's A, T_k and H_Greedy beside them.

>>> from whistgui.engine.games import find_game
>>> g = valued_game(find_game('greedy'))
>>> g.greedy, g.reads, g.structure
(True, 'ρ', True)
>>> valued_game(find_game('reduced')).reads, valued_game(find_game('five-card')) is None
('⌊ρ′⌋', True)
"""

from __future__ import annotations

import html
from collections.abc import Callable
from dataclasses import dataclass

from whistgui.app.analysis import MAX_LIVE_SUIT, game_label
from whistgui.app.checks import reading
from whistgui.engine import Evaluator, Outcome, SuitDeal, Value
from whistgui.engine.games import Game
from whistgui.engine.games.greedy_whist import theorem_6_1_words
from whistgui.ui.trick.suit_text import live_limit_html
from whistgui.ui.widgets.rich_text import subscripts_html

__all__ = ["ValuedGame", "limit_html", "note_html", "valued_game"]


@dataclass(frozen=True, slots=True)
class ValuedGame:
    """A game the reductions tab shows: its name and label, whether its values are Greedy
    Whist's, how it reads an outcome off a value, and whether the game's structure tab is
    shown beside (Greedy Whist's R43 numbers)."""

    name: str
    label: str
    greedy: bool
    reads: str  # "ρ" or "⌊ρ′⌋"
    outcome: Callable[[Value], Outcome]
    structure: bool

    def evaluator(self) -> Evaluator:
        """A fresh evaluator of this game's values (for work on the GUI thread)."""
        return Evaluator(greedy=self.greedy)


def valued_game(game: Game) -> ValuedGame | None:
    """``game`` as the reductions tab shows it, or None if whist's machinery does not value
    it (its theory is asked, not its name)."""
    theory = game.new_theory()
    if theory is None or not getattr(theory, "whist_values", False):
        return None
    ev = getattr(theory, "evaluator", None)
    greedy = isinstance(ev, Evaluator) and ev.greedy
    reads, outcome = reading(game.name)
    return ValuedGame(game.name, game_label(game), greedy, reads, outcome, structure=greedy)


def note_html(game: ValuedGame) -> str | None:
    """What the reductions tab says above the α matrix of a game that is not whist: Greedy
    Whist's extremes and marks, reduced whist's reading (None: whist or refined whist)."""
    if game.name == "reduced-whist":
        return (
            "<b>Reduced whist</b>: the last trick does not count. Its values are whist's (α, "
            "maxmin, minmax, I(D), val(D)); the outcome is read off them by ⌊ρ′⌋ = ρ(val − ½) "
            "(R44 §11), in the tree's ⌊ρ′⌋ column, the cells' outcomes and the check."
        )
    if not game.greedy:
        return None
    return (
        "<b>Greedy Whist</b> (the second player must win the trick if able): a row's minimum "
        "runs over East's replies the rule allows, a column's maximum over West's; a cell in "
        "<i>italics</i> is reached by one lead only (its tooltip says which)."
    )


def limit_html(suit: SuitDeal, game: ValuedGame) -> str:
    """The question before valuing a suit past the live limit, in ``game``'s words."""
    if not game.greedy:
        return live_limit_html(suit)
    return (
        f"{html.escape(str(suit))} has {suit.n} cards a hand: past the live limit of "
        f"{MAX_LIVE_SUIT} (Greedy Whist's values have no kernel: every reduction is valued by "
        f"the recursion). By R43 Theorem 6.1, {subscripts_html(theorem_6_1_words(suit))}. "
        "<a href='anyway'>Evaluate anyway</a> — progress and Cancel in the status bar."
    )
