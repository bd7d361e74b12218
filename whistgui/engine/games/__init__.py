"""The games: one :class:`Game` per game — its rules and its value theory — and the registry
:data:`GAMES`, the only place that lists them (python-chess's ``variant.py`` is the model).

A new game is a module with its :class:`~whistgui.engine.trick.rules.Rules` and a class following
:class:`~whistgui.engine.games.theory.Theory`, plus one line in :data:`GAMES`.

>>> [g.name for g in GAMES]
['whist', 'refined-whist', 'reduced-whist', 'greedy-whist', 'five-card', 'misere-five-card']
>>> find_game('Femkort').name, find_game('refined').rules.scoring.value
('five-card', 'refined')
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from whistgui.engine.checks import each, expect, optional_callable
from whistgui.engine.errors import NotationError
from whistgui.engine.games.five_card import FIVE_CARD_RULES, FiveCardTheory
from whistgui.engine.games.greedy_whist import GREEDY_WHIST_RULES, GreedyWhistTheory
from whistgui.engine.games.misere_five_card import MISERE_FIVE_CARD_RULES, MisereFiveCardTheory
from whistgui.engine.games.reduced_whist import REDUCED_WHIST_RULES, ReducedWhistTheory
from whistgui.engine.games.theory import Theory, deal_element, predict
from whistgui.engine.games.whist import WhistTheory
from whistgui.engine.reading import quote
from whistgui.engine.trick.rules import REFINED_WHIST_RULES, WHIST_RULES, Rules

__all__ = [
    "DEFAULT_GAME",
    "GAMES",
    "Game",
    "Theory",
    "deal_element",
    "find_game",
    "predict",
]


@dataclass(frozen=True, slots=True)
class Game:
    """A game: its name (and aliases), its rules and the factory of its value theory."""

    name: str
    title: str
    rules: Rules
    #: Makes a fresh theory object (each has its own memo); None: search only.
    theory: Callable[[], Theory[Any]] | None
    aliases: tuple[str, ...] = ()
    #: Where the game and its theory come from.
    source: str = ""
    notes: str = field(default="", compare=False)

    def __post_init__(self) -> None:
        for name in ("name", "title", "source", "notes"):
            expect(getattr(self, name), str, name)
        expect(self.rules, Rules, "rules")
        optional_callable(self.theory, "theory")
        each(expect(self.aliases, tuple, "aliases", "a tuple of names (str)"), str, "aliases")

    def new_theory(self) -> Theory[Any] | None:
        return self.theory() if self.theory is not None else None

    @property
    def counts_tricks(self) -> bool:
        """The outcome is West's tricks (else the winner of the last trick)."""
        return self.rules.scoring.counts_tricks


GAMES: tuple[Game, ...] = (
    Game(
        "whist",
        "Two-person whist",
        WHIST_RULES,
        WhistTheory,
        ("symmetric-whist", "plain"),
        "Wästlund, Two-person symmetric whist (R44)",
    ),
    Game(
        "refined-whist",
        "Refined whist (−¼ for taking the last trick, +¼ for not taking it)",
        REFINED_WHIST_RULES,
        lambda: WhistTheory(refined=True),
        ("refined",),
        "Wästlund, Two-person symmetric whist §11 (R44)",
    ),
    Game(
        "reduced-whist",
        # a label of its own first letter (the Game menu's mnemonics): not R, refined whist's
        "Whist without the last trick (reduced whist: the first n − 1 tricks count)",
        REDUCED_WHIST_RULES,
        ReducedWhistTheory,
        ("reduced",),
        "Wästlund, Two-person symmetric whist §11, Lemma 11.1 and Theorem 11.4 (R44)",
    ),
    Game(
        "greedy-whist",
        "Greedy Whist (the second player must win the trick if able)",
        GREEDY_WHIST_RULES,
        GreedyWhistTheory,
        ("greedy",),
        "Wästlund, A solution of two-person single-suit whist §6 (R43); the values: symmetric "
        "whist's machinery (R44) over the greedy reductions (strange algebra §7.4)",
        "values for symmetric deals, checked against search; others by search",
    ),
    Game(
        "five-card",
        "Five-card (greedy; the last trick wins)",
        FIVE_CARD_RULES,
        FiveCardTheory,
        ("fivecard", "femkort", "5-card"),
        "R43 §7.1; Wästlund, The strange algebra of combinatorial games §7.2",
    ),
    Game(
        "misere-five-card",
        "Misère five-card (greedy; the last trick loses)",
        MISERE_FIVE_CARD_RULES,
        MisereFiveCardTheory,
        ("misère-five-card", "misere", "gurka", "cucumber"),
        "Wästlund, The strange algebra of combinatorial games §7.3",
        "theory for symmetric deals; others by search",
    ),
)

#: The game a deal is played in when nothing says otherwise.
DEFAULT_GAME = GAMES[0]


def _key(name: str) -> str:
    return name.strip().lower().replace("_", "-").replace(" ", "-")


def find_game(name: str) -> Game:
    """The game called ``name`` or one of its aliases (any case, ``-``/``_``/space alike);
    NotationError naming the known games otherwise."""
    k = _key(expect(name, str, "name", "a game's name (a str)"))
    for g in GAMES:
        if k == g.name or k in g.aliases:
            return g
    raise NotationError(
        f"unknown game {quote(name)}; expected one of {', '.join(g.name for g in GAMES)}"
    )
