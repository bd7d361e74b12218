"""The GOPS app's strategy pages, without Qt (issue 30): the strategies the user picks
(:class:`StrategyChoice`), the work the pages hand the engine service (:func:`play_pair`,
:func:`reply_to`, :func:`tournament_of`), the path from the start to a state of a best reply
(:func:`path_to`, for the explorer), and a matrix game typed or pasted (:func:`parse_matrix`).

>>> from whistgui.engine.gops import GopsRules
>>> rules = GopsRules(6, score="points")
>>> r = play_pair(StrategyChoice("face", 1), StrategyChoice("face"), rules)
>>> r.exact
Fraction(9, 1)
>>> [str(x) for row in parse_matrix("3 -4\\n-1 1") for x in row]
['3', '-4', '-1', '1']
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Final

from whistgui.engine.errors import Cancelled, IllegalPlayError, NotationError
from whistgui.engine.gops.exact_play import (
    BestResponse,
    PlayResult,
    best_response,
    game_value,
    play,
    tournament,
)
from whistgui.engine.gops.matrix_text import (
    MAX_EXACT_MATRIX_TEXT,
    MatrixTextError,
    parse_matrix,
    shape_text,
)
from whistgui.engine.gops.rules import MAX_N, GopsRules
from whistgui.engine.gops.state import GopsState
from whistgui.engine.gops.strategies import (
    OptimalStrategy,
    Strategy,
    TableStrategy,
    Turn,
    read_strategy_file,
    strategy,
    unknown_strategies,
)
from whistgui.engine.reading import quote, quote_path

__all__ = [
    "KINDS",
    "MAX_MATRIX_TEXT",
    "MAX_SHOWN_DEVIATIONS",
    "Deviation",
    "MatrixTextError",
    "Reply",
    "StrategyChoice",
    "choices_of",
    "parse_matrix",
    "path_to",
    "play_pair",
    "read_choice",
    "reply_to",
    "shape_text",
    "tournament_of",
]

#: The kinds of strategy a picker offers.
KINDS: Final = ("face", "random", "optimal", "file")
#: The most characters of a matrix typed or pasted (16 × 16 entries of 40 characters fit).
MAX_MATRIX_TEXT: Final = MAX_EXACT_MATRIX_TEXT
#: The most deviations of a best reply listed (the rest counted).
MAX_SHOWN_DEVIATIONS: Final = 400


@dataclass(frozen=True)
class StrategyChoice:
    """A strategy picked: ``face`` with ``k`` (face+k), ``random``, ``optimal``, or ``file``
    with ``table`` (the strategy read from ``path``)."""

    kind: str
    k: int = 0
    path: str = ""
    table: TableStrategy | None = field(default=None, compare=False, repr=False)

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise NotationError(f"strategy kind {quote(self.kind)}: expected one of {KINDS}")
        if self.kind == "file" and self.table is None:
            raise NotationError("a strategy file's choice needs the strategy read from it")

    @property
    def name(self) -> str:
        if self.kind == "face":
            return "face" if self.k == 0 else f"face+{self.k}"
        if self.kind == "file":
            assert self.table is not None
            return self.table.name
        return self.kind

    def fits(self, rules: GopsRules) -> str | None:
        """Why the choice cannot play ``rules`` (None if it can)."""
        if self.kind == "face" and self.k >= rules.n:
            return f"{self.name}: k must be below N = {rules.n}"
        if self.kind == "file" and self.table is not None and self.table.n != rules.n:
            return f"{quote_path(self.path)} is a strategy for N = {self.table.n}, not {rules.n}"
        return None

    def make(self, rules: GopsRules, solver: Any = None, order: str = "random") -> Strategy:
        """The engine's strategy for ``rules`` and the prize ``order`` (``solver``: the
        session's solved game, for ``optimal`` with the random order; NotationError if the
        choice does not fit the rules)."""
        why = self.fits(rules)
        if why is not None:
            raise NotationError(why)
        if self.kind == "file":
            assert self.table is not None
            return self.table
        if self.kind == "optimal":
            if order != "random":
                return OptimalStrategy(rules, order)
            if solver is not None and getattr(solver, "rules", None) == rules:
                return OptimalStrategy(rules, solver=solver)
            return OptimalStrategy(rules)
        return strategy(self.name, rules, order)


def read_choice(path: str) -> StrategyChoice:
    """A strategy file picked (NotationError quoting the file and what does not fit)."""
    return StrategyChoice("file", path=path, table=read_strategy_file(path))


def _hook(
    s: Strategy,
    should_stop: Callable[[], bool] | None,
    phase: Callable[[str], None] | None = None,
) -> Strategy:
    """``optimal``'s solver polls ``should_stop`` too (the plays and replies poll it), and
    tells ``phase`` the states it has solved when play first needs its bids ("solving the
    game for optimal's bids: 3,072 states")."""
    solver = getattr(s, "solver", None)
    if should_stop is not None and solver is not None and hasattr(solver, "should_stop"):
        solver.should_stop = should_stop
    if phase is not None and solver is not None and hasattr(solver, "progress"):
        told = phase
        solver.progress = lambda n: told(f"solving the game for optimal's bids: {n:,} states")
    return s


def play_pair(
    a: StrategyChoice,
    b: StrategyChoice,
    rules: GopsRules,
    solver: Any = None,
    should_stop: Callable[[], bool] | None = None,
    progress: Callable[[int], None] | None = None,
    phase: Callable[[str], None] | None = None,
    order: str = "random",
) -> PlayResult:
    """A playing ``a`` against B playing ``b``, exactly (the prizes turned in ``order``;
    ``progress`` told the states visited every 1,024 or every second; ``phase`` told when
    ``optimal``'s game is being solved)."""
    sa = _hook(a.make(rules, solver, order), should_stop, phase)
    if b == a and a.kind != "file":
        sb = sa
    else:
        sb = _hook(b.make(rules, solver, order), should_stop, phase)
    return play(sa, sb, rules, order, should_stop=should_stop, progress=progress)


@dataclass(frozen=True)
class Deviation:
    """A turn where the best reply bids other than the strategy it answers: the turn as the
    replier sees it, the reply's bid, the strategy's bids there (``((bid, p), …)``)."""

    turn: Turn
    reply: int
    strategy: tuple[tuple[int, Fraction], ...]


@dataclass(frozen=True)
class Reply:
    """The best reply to ``answered`` (``side``: ``"A"`` or ``"B"``, the seat it had): the
    reply's value for the replier, the exploitability (value less the game's value), the
    turns met, and where the reply deviates (the first :data:`MAX_SHOWN_DEVIATIONS`)."""

    side: str
    answered: str
    response: BestResponse
    game_value: Fraction
    exploitability: Fraction
    turns: int
    deviations: tuple[Deviation, ...]
    more: int
    #: of the turns where it deviates, those where it bids a card the strategy never bids
    #: there (all of them against a pure strategy; against a mixed one the others are turns
    #: where the reply picks one of the strategy's bids for sure)
    outside: int = 0


def reply_to(
    choice: StrategyChoice,
    side: str,
    rules: GopsRules,
    solver: Any = None,
    should_stop: Callable[[], bool] | None = None,
    known_value: Fraction | None = None,
    progress: Callable[[int], None] | None = None,
    phase: Callable[[str], None] | None = None,
    order: str = "random",
) -> Reply:
    """The best reply to ``choice`` (A's strategy if ``side`` is ``"A"``, else B's): the
    replier takes the other seat; strategies see the game from their own side, so one
    backward induction answers either. The exploitability is the reply's value less the
    game's (``known_value`` if given: computed, it takes 13 s at N = 6, the reply 0.7 s);
    ``progress`` told the states valued every 1,024 (or every second), ``phase`` each phase
    after the first ("solving the game for its value (the exploitability) …")."""
    s = _hook(choice.make(rules, solver, order), should_stop, phase)
    br = best_response(s, rules, order, should_stop=should_stop, progress=progress)
    if phase is not None:
        phase("solving the game for its value (the exploitability) …")
    if known_value is not None:
        value = known_value
    else:
        own = solver if solver is not None and getattr(solver, "rules", None) == rules else None
        if own is None:
            from whistgui.engine.gops import GopsSolver

            own = GopsSolver(rules)
        if should_stop is not None:
            own.should_stop = should_stop  # Stop reaches the game's solving
        if phase is not None:
            told = phase
            own.progress = lambda n: told(
                f"solving the game for its value (the exploitability): {n:,} states"
            )
        value = game_value(rules, order, solver=own)
    if phase is not None:
        phase("listing where the reply deviates …")
    deviations: list[Deviation] = []
    count = outside = 0
    turns = br.turns()
    for k, (turn, bid) in enumerate(turns):
        if should_stop is not None and k % 256 == 0 and should_stop():
            raise Cancelled(f"the best reply to {choice.name} stopped (its deviations listed)")
        theirs = s.bids(turn)
        if theirs != ((bid, Fraction(1)),):
            count += 1
            outside += all(b != bid for b, _p in theirs)
            if len(deviations) < MAX_SHOWN_DEVIATIONS:
                deviations.append(Deviation(turn, bid, theirs))
    return Reply(
        side,
        choice.name,
        br,
        value,
        br.value - value,
        len(turns),
        tuple(deviations),
        count - len(deviations),
        outside,
    )


def tournament_of(
    choices: Sequence[StrategyChoice],
    rules: GopsRules,
    solver: Any = None,
    progress: Callable[[int, int], None] | None = None,
    should_stop: Callable[[], bool] | None = None,
    states: Callable[[int], None] | None = None,
    phase: Callable[[str], None] | None = None,
    order: str = "random",
) -> list[list[PlayResult]]:
    """Every pair's play: row i is choice i as A, column j choice j as B (``progress(done,
    total)`` after each, ``states`` the play's states every 1,024; ``should_stop`` polled
    between plays and within them)."""
    made = [_hook(c.make(rules, solver, order), should_stop, phase) for c in choices]
    return tournament(made, rules, order, should_stop=should_stop, progress=progress, states=states)


def path_to(
    target: GopsState,
    shown: int,
    rules: GopsRules,
    should_stop: Callable[[], bool] | None = None,
) -> list[tuple[int, int, int]]:
    """Rounds ``(prize, A's bid, B's bid)`` from the start that lead to the chance state
    before ``target`` (a bidding state whose prize just turned is ``shown``): the explorer
    walks them, then turns ``shown``. IllegalPlayError when no play leads there. A search
    over the orders of the rounds: mostly a few milliseconds, but seconds for some states of
    N = 7 (the Strategies page runs it on the engine service); ``should_stop`` is asked every
    1,024 states tried (``True`` raises Cancelled)."""
    n = rules.n
    full = frozenset(range(1, n + 1))
    before = GopsState(target.prizes | {shown}, target.a, target.b, target.pot - shown, target.diff)
    prizes = sorted(full - before.prizes)
    a_played = sorted(full - before.a)
    b_played = sorted(full - before.b)
    if not (len(prizes) == len(a_played) == len(b_played)):
        raise IllegalPlayError(f"{target}: no play from the start of N = {n} leads there")
    failed: set[GopsState] = set()
    total = sum(full)

    def awarded(state: GopsState) -> int:
        """The points won so far (the prizes turned, less the pot carried)."""
        return total - sum(state.prizes) - state.pot

    goal = awarded(before)

    tried = 0

    def walk(state: GopsState) -> list[tuple[int, int, int]] | None:
        nonlocal tried
        if state == before:
            return []
        if state in failed or len(state.prizes) <= len(before.prizes):
            return None
        tried += 1
        if should_stop is not None and tried & 1023 == 0 and should_stop():
            raise Cancelled(f"the way to {target} stopped after {tried:,} states")
        # the points still to be won must cover the score's change (a prize changes it by
        # at most its points): most orders are refused here, not walked to the end
        room = goal - awarded(state)
        if room < 0 or abs(before.diff - state.diff) > room:
            failed.add(state)
            return None
        for p in sorted(state.prizes - before.prizes):
            turned = state.turn(p)
            for i in sorted(turned.a - before.a):
                for j in sorted(turned.b - before.b):
                    rest = walk(turned.bid(i, j, rules))
                    if rest is not None:
                        return [(p, i, j), *rest]
        failed.add(state)
        return None

    path = walk(GopsState.start(n))
    if path is None:
        raise IllegalPlayError(f"{target}: no play from the start of N = {n} leads there")
    return path


def choices_of(
    text: str, a: StrategyChoice, b: StrategyChoice, limit: int = 8, n: int = MAX_N
) -> list[StrategyChoice]:
    """The strategies of a tournament, named in ``text`` separated by commas or spaces:
    ``face``, ``face+k`` (k below ``n``), ``random``, ``optimal``, ``A`` and ``B`` (the
    pickers' choices); NotationError quoting every name that is none of them (the engine's
    :func:`~whistgui.engine.gops.strategies.unknown_strategies`, as ``whist gops tournament``
    says it), or more than ``limit``."""
    words = [w for w in re.split(r"[\s,;]+", text.strip()) if w]
    if not words:
        raise NotationError("no strategies named: expected names like 'face, face+1, random'")
    if len(words) > limit:
        raise NotationError(
            f"{len(words)} strategies named: a tournament plays at most {limit} (each pair "
            "is a whole game played exactly)"
        )
    unknown = unknown_strategies(words, GopsRules(n), also=("A", "B"), files=False)
    if unknown is not None:
        raise unknown
    out: list[StrategyChoice] = []
    for w in words:
        low = w.lower()
        if low == "a":
            out.append(a)
        elif low == "b":
            out.append(b)
        elif low.startswith("face"):
            out.append(StrategyChoice("face", int(low[len("face+") :] or 0)))
        else:
            out.append(StrategyChoice(low))
    return out
