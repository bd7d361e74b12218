"""The games of heaps and piles in the app (strange algebra §6 and §9, issue 26): the document
the workspace edits and plays — a game of :data:`~whistgui.engine.heaps.HEAP_GAMES`, the
position set up, who moves first and under which start flag, the moves played since — and how
a position is drawn. Qt-free: the UI's session holds one document and replaces it on every
change (one undo step each).

Nothing here knows a game: a position is drawn by its *kind* (:class:`Kind`), read off the
rules — heaps of counters of one colour (nim, Moore's, comply/constrain, octal games, End-nim's
row), or piles of blue and red counters (hackenbush) — as *stacks*, one per component, each a
tuple of counters from the bottom (``""`` a counter of no colour, ``"B"``/``"R"`` blue and
red). A move is one of the rules' options; a click on a counter asks for the moves that leave
its stack cut below that counter (:meth:`HeapsDocument.moves_to`).

>>> doc = HeapsDocument.new('nim', '6 3 4')
>>> doc.text, doc.kind, doc.stacks
('3 4 6', <Kind.HEAPS: 'heaps'>, (('', '', '', '', '', ''), ('', '', ''), ('', '', '', '')))
>>> [m.label for m in doc.moves_to(0, 2)]  # the third counter of the 6 taken: 6 → 2
['6 → 2']
>>> doc = doc.play(doc.moves_to(0, 2)[0])
>>> doc.text, [len(s) for s in doc.stacks], doc.mover, doc.history
('2 3 4', [2, 3, 4], <Player.RIGHT: 'R'>, ('6 → 2',))
>>> HeapsDocument.new('hackenbush', 'BBR rb').stacks
(('B', 'B', 'R'), ('R', 'B'))
"""

from __future__ import annotations

import dataclasses
import enum
import itertools
import re
from collections import Counter
from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Final

from whistgui.app.heaps_quotient import QuotientBounds, kept_bounds
from whistgui.engine.errors import NotationError, WhistError
from whistgui.engine.heaps import HeapGame, find_heap_game, heap_game_of
from whistgui.engine.heaps.dyadic import dyadic_pretty
from whistgui.engine.heaps.rules import (
    Flag,
    HeapTheory,
    Move,
    Outcome,
    Player,
    PositionRules,
    ResultKind,
)
from whistgui.engine.heaps.search import Search
from whistgui.engine.reading import quote

__all__ = [
    "BLUE",
    "MAX_MOVES_LISTED",
    "MAX_OPTIONS_LOOKED_AT",
    "PLAIN",
    "RED",
    "Analysis",
    "HeapsDocument",
    "Kind",
    "MoveList",
    "Spot",
    "Stack",
    "Step",
    "TheoryView",
    "analyse",
    "end_reason",
    "example_position",
    "flag_text",
    "game_label",
    "kind_of",
    "mark_text",
    "over_words",
    "plain_title",
    "player_name",
    "result_words",
    "stack_text",
    "stacks_text",
    "theory_marks",
    "theory_of",
    "theory_view",
    "winning",
]

#: A counter of no colour (a heap's), a blue one and a red one (a hackenbush pile's).
PLAIN: Final = ""
BLUE: Final = "B"
RED: Final = "R"

#: One component as drawn: its counters from the bottom.
Stack = tuple[str, ...]
#: A counter on the board: (stack, counter from 0 at the bottom).
Spot = tuple[int, int]

#: The most moves listed (and marked) for one position: comply-constrain nim names a constraint
#: with each take, C(largest heap, K − 1) of them (35,960 takes of one heap of 30 at K = 5).
MAX_MOVES_LISTED: Final = 5_000
#: The most options looked at to find the moves a click asks for, or a move of a file.
MAX_OPTIONS_LOOKED_AT: Final = 500_000


class Kind(enum.Enum):
    """How a game's positions are drawn: heaps of counters, or piles of blue and red ones."""

    HEAPS = "heaps"
    PILES = "piles"


def kind_of(rules: PositionRules[Any]) -> Kind:
    """The kind of ``rules``' positions, read off their notation: piles if one blue counter
    (``B``) is a position, heaps otherwise.

    >>> kind_of(find_heap_game('integral-hackenbush')), kind_of(find_heap_game('moore-nim:3'))
    (<Kind.PILES: 'piles'>, <Kind.HEAPS: 'heaps'>)
    """
    try:
        rules.parse(BLUE)
    except WhistError:
        return Kind.HEAPS
    return Kind.PILES


def _stack(text: str) -> Stack:
    """A component written ``text`` as drawn: ``'3'`` three plain counters, ``'BBR'`` a pile."""
    if text.isascii() and text.isdigit():
        return (PLAIN,) * int(text)
    if text and set(text) <= {BLUE, RED}:
        return tuple(text)
    raise NotationError(f"{quote(text)} is not a heap or a pile; cannot draw it")


def stack_text(stack: Sequence[str], kind: Kind) -> str:
    """One stack as the notation writes it: a heap's size, a pile's word (``0``: empty).

    >>> stack_text(('', ''), Kind.HEAPS), stack_text(('B', 'R'), Kind.PILES)
    ('2', 'BR')
    """
    if kind is Kind.HEAPS:
        return str(len(stack))
    return "".join(stack) or "0"


def stacks_text(stacks: Iterable[Sequence[str]], kind: Kind) -> str:
    """A position's text from its stacks, in their order (empty stacks left out)."""
    return " ".join(stack_text(s, kind) for s in stacks if s) or "0"


def player_name(rules: PositionRules[Any], player: Player) -> str:
    """Who ``player`` is in ``rules``: ``Blue``/``Red`` in a partizan game, ``Left``/``Right``
    in an impartial one (both have the same moves)."""
    if rules.impartial:
        return "Left" if player is Player.LEFT else "Right"
    return "Blue" if player is Player.LEFT else "Red"


_LETTER_SUBSCRIPT: Final = re.compile(r"_([A-Za-z])\b")


def plain_title(g: HeapGame) -> str:
    """A game's title as the app shows it: a letter's subscript, the registry's ``nim_K``,
    said in words (the app writes only digits as subscripts, ``nim₃``) — no raw underscore.

    >>> from whistgui.engine.heaps import HEAP_GAMES
    >>> plain_title(next(g for g in HEAP_GAMES if g.name == 'moore-nim'))[:40]
    "Moore's nim with parameter K (take from "
    """
    return _LETTER_SUBSCRIPT.sub(r" with parameter \1", g.title)


def game_label(g: HeapGame) -> str:
    """A game's name in the chooser: its title up to the parenthesis, a parameter's subscript
    left to the field beside it, labelled with its letter (``Moore's nim``, K).

    >>> from whistgui.engine.heaps import HEAP_GAMES
    >>> [game_label(g) for g in HEAP_GAMES if g.name in ('moore-nim', 'comply-constrain-nim')]
    ["Moore's nim", 'Comply-constrain nim']
    """
    return _LETTER_SUBSCRIPT.sub("", g.title.split(" (")[0])


def flag_text(rules: PositionRules[Any], position: Hashable, flag: Flag) -> str:
    """A flag as a reader sees it: the name of the start flag it is, a set written ``{1,2}``,
    or ``none`` (a game with no flags beyond whose turn it is).

    >>> cc = find_heap_game('comply-constrain-nim:3')
    >>> p = cc.parse('4 5')
    >>> [flag_text(cc, p, f) for f in (frozenset(), frozenset({1}), frozenset({2, 4}))]
    ['{}', '{1}', '{2,4}']
    >>> flag_text(find_heap_game('nim'), (3,), None)
    'none'
    """
    for name, f in rules.start_flags(position):
        if f == flag and name:
            return name
    if flag is None:
        return "none"
    if isinstance(flag, frozenset):
        return "{" + ",".join(map(str, sorted(flag, key=repr))) + "}"
    return str(flag)


def _number(result: Fraction) -> str:
    """A payment as the theory writes numbers (Z(2)'s mixed numbers, ``−2¾``, ``1¼``): the
    Outcome box, the badges, the moves list and the Elements in one form on one screen."""
    return dyadic_pretty(result)


def winning(rules: PositionRules[Any], result: Fraction, mover: Player) -> bool | None:
    """Is ``result`` (from Left's side) a win for ``mover`` in a game won or lost (None in a
    scoring game)?"""
    if rules.result_kind is not ResultKind.WIN:
        return None
    return result == mover.sign


def mark_text(rules: PositionRules[Any], result: Fraction, mover: Player) -> str:
    """A move's mark, as short as a card's badge: the result once ``mover`` has made it —
    ``P`` (the position left is a P-position: the mover wins) or ``N`` in an impartial game,
    the winner ``B``/``R`` in a partizan one, the payment to Blue in a scoring one, written
    as the theory writes its numbers (``2``, ``1¼``, ``−¾``).

    >>> nim, hb = find_heap_game('nim'), find_heap_game('refined-integral-hackenbush')
    >>> mark_text(nim, Fraction(-1), Player.RIGHT), mark_text(hb, Fraction(-11, 4), Player.LEFT)
    ('P', '−2¾')
    """
    if rules.result_kind is ResultKind.WIN:
        if rules.impartial:
            return "P" if result == mover.sign else "N"
        return BLUE if result > 0 else RED
    return _number(result)


def result_words(rules: PositionRules[Any], result: Fraction, mover: Player) -> str:
    """The result of play from a position with ``mover`` to move, in words.

    >>> nim, ih = find_heap_game('nim'), find_heap_game('integral-hackenbush')
    >>> result_words(nim, Fraction(1), Player.LEFT), result_words(ih, Fraction(-2), Player.RIGHT)
    ('the player to move wins (N)', 'Blue is paid −2')
    """
    if rules.result_kind is ResultKind.WIN:
        if rules.impartial:
            if result == mover.sign:
                return "the player to move wins (N)"
            return "the player to move loses (P)"
        return f"{player_name(rules, Player.LEFT if result > 0 else Player.RIGHT)} wins"
    return f"Blue is paid {_number(result)}"


def over_words(rules: PositionRules[Any], result: Fraction, mover: Player | None = None) -> str:
    """The result of a game that is over, in words: who won, or what Blue is paid. An
    impartial game, with ``mover`` (the player to move at the end), names no side: the last
    to move won or lost.

    >>> over_words(find_heap_game('misere-nim'), Fraction(-1))
    'Right wins'
    >>> over_words(find_heap_game('misere-nim'), Fraction(-1), Player.RIGHT)
    'the last to move loses'
    """
    if rules.result_kind is ResultKind.WIN:
        if rules.impartial and mover is not None:
            return "the last to move " + ("loses" if result == mover.sign else "wins")
        return f"{player_name(rules, Player.LEFT if result > 0 else Player.RIGHT)} wins"
    return f"Blue is paid {_number(result)}"


def end_reason(doc: HeapsDocument) -> str:
    """How the result of ``doc``'s game, over now, is made up ("" where a win says it all):
    integral hackenbush's counters left; refined's quarter too — paid by the player to move
    at the monochromatic position, the other counting as having moved last, at the start too
    where no move was made (the engine's convention, refined whist's for its zero state, the
    one under which Theorem 6.3 holds).

    >>> print(end_reason(HeapsDocument.new('refined-integral-hackenbush', 'B')))
    1 blue counter less 0 red, less ¼ paid by Blue: Red counts as having made the last move
    (Blue is to move at a position of one colour per pile — so at the start too, though no
    move was made: refined whist's convention, under which Theorem 6.3 holds)
    >>> end_reason(HeapsDocument.new('integral-hackenbush', 'BB R'))
    '2 blue counters less 1 red'
    """
    from whistgui.engine.heaps.hackenbush import (
        IntegralHackenbushRules,
        RefinedIntegralHackenbushRules,
    )

    rules = doc.rules
    if doc.end_result() is None or not isinstance(
        rules, (IntegralHackenbushRules, RefinedIntegralHackenbushRules)
    ):
        return ""
    counters = [c for s in doc.stacks for c in s]
    blue, red = counters.count(BLUE), counters.count(RED)
    said = f"{blue} blue counter{'s' if blue != 1 else ''} less {red} red"
    if isinstance(rules, IntegralHackenbushRules):
        return said
    payer, other = player_name(rules, doc.mover), player_name(rules, doc.mover.other)
    when = (
        "so at the start too, though no move was made" if not doc.steps else "after the last move"
    )
    return (
        f"{said}, {'less' if doc.mover is Player.LEFT else 'and'} ¼ paid by {payer}: {other} "
        f"counts as having made the last move ({payer} is to move at a position of one colour "
        f"per pile — {when}: refined whist's convention, under which Theorem 6.3 holds)"
    )


@dataclass(frozen=True, slots=True)
class Step:
    """A move played: its label, and the position, flag and player to move it left."""

    label: str
    position: Hashable
    flag: Flag
    mover: Player


@dataclass(frozen=True, slots=True)
class MoveList:
    """The legal moves of a position, at most :data:`MAX_MOVES_LISTED` (``complete`` False
    when there are more)."""

    moves: tuple[Move, ...]
    complete: bool


@dataclass(frozen=True)
class HeapsDocument:
    """A game of :data:`~whistgui.engine.heaps.HEAP_GAMES` set up and played: the position set
    up (``start``) with the player to move and the start flag named ``start_flag``, the moves
    played since (``steps``), and the order its stacks are drawn in (``layout``, the
    components' texts; the rules' order when empty). An edit of the position is a new start
    (the moves before it are undone with it, not kept); every change is a new document."""

    rules: PositionRules[Any] = field(compare=False, repr=False)
    start: Hashable
    start_mover: Player = Player.LEFT
    start_flag: str = ""
    steps: tuple[Step, ...] = ()
    layout: tuple[str, ...] = ()
    #: The quotient explorer's bounds, when the user set them (None: the game's defaults).
    quotient: QuotientBounds | None = None
    #: The order the start's stacks were drawn in (its layout when set up; the rules' order
    #: when not known): Played's 'Set up:' line keeps the user's '7 4' after a split.
    start_layout: tuple[str, ...] = field(default=(), compare=False)
    #: The game's name, with its parameter (``moore-nim:3``): two games' documents differ.
    game: str = field(init=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "game", self.rules.name)
        names = [n for n, _ in self.rules.start_flags(self.start)]
        if self.start_flag not in names:
            object.__setattr__(self, "start_flag", names[0])
        comps = [self.rules.text(c) for c in self.rules.components(self.position)]
        if sorted(self.layout) != sorted(comps) or not self.rules.commutative:
            object.__setattr__(self, "layout", tuple(comps))
        if not self.steps:
            object.__setattr__(self, "start_layout", self.layout)
        else:
            first = [self.rules.text(c) for c in self.rules.components(self.start)]
            if sorted(self.start_layout) != sorted(first) or not self.rules.commutative:
                object.__setattr__(self, "start_layout", tuple(first))

    # -- making one ------------------------------------------------------------------------
    @classmethod
    def new(cls, game: str, text: str | None = None) -> HeapsDocument:
        """The game named ``game`` (``moore-nim:3``) from the position ``text`` (NotationError
        quoting either when bad), or from an example position of the game."""
        rules = find_heap_game(game)
        if text is None:
            return cls(rules, example_position(rules))
        return cls(rules, rules.parse(text), layout=_written(rules, text))

    @property
    def entry(self) -> HeapGame:
        return heap_game_of(self.rules)

    @property
    def kind(self) -> Kind:
        return kind_of(self.rules)

    # -- the state now ---------------------------------------------------------------------
    @property
    def position(self) -> Hashable:
        return self.steps[-1].position if self.steps else self.start

    @property
    def flag(self) -> Flag:
        if self.steps:
            return self.steps[-1].flag
        return dict(self.rules.start_flags(self.start))[self.start_flag]

    @property
    def mover(self) -> Player:
        return self.steps[-1].mover if self.steps else self.start_mover

    @property
    def text(self) -> str:
        """The position now, as the rules write it."""
        return self.rules.text(self.position)

    @property
    def shown_text(self) -> str:
        """The position now as it is drawn: its components in :attr:`layout`'s order — the
        order typed, a new stack last, a stack played keeping its place (the rules' text,
        :attr:`text`, sorts a commutative game's). The position field, the window's title
        and the figure's title write it, so that they read as the board does.

        >>> doc = HeapsDocument.new('nim', '1000 999 1')
        >>> doc.text, doc.shown_text
        ('1 999 1000', '1000 999 1')
        """
        return " ".join(self.layout) if self.layout else self.text

    @property
    def start_text(self) -> str:
        return self.rules.text(self.start)

    @property
    def start_shown(self) -> str:
        """The start as it was drawn when set up (the user's order: '7 4', not '4 7', after
        '7 → 3 + 2').

        >>> doc = HeapsDocument.new('misere-octal:0.77', '7 4')
        >>> doc.play(doc.moves_to(0, 3)[1]).start_shown
        '7 4'
        """
        return " ".join(self.start_layout) if self.start_layout else self.start_text

    @property
    def history(self) -> tuple[str, ...]:
        """The labels of the moves played since the position was set up."""
        return tuple(s.label for s in self.steps)

    @property
    def stacks(self) -> tuple[Stack, ...]:
        """The components now, as drawn, in :attr:`layout`'s order."""
        return tuple(_stack(t) for t in self.layout)

    @property
    def flags(self) -> tuple[str, ...]:
        """The names of the start flags of the position set up (``("",)`` without flags)."""
        return tuple(n for n, _ in self.rules.start_flags(self.start))

    def flag_text(self) -> str:
        return flag_text(self.rules, self.position, self.flag)

    def is_over(self) -> bool:
        """Is the game over with the player to move (the rules end it, or no move is left)?"""
        stuck = next(iter(self.rules.options(self.position, self.flag, self.mover)), None) is None
        return self.rules.end(self.position, self.flag, self.mover, stuck) is not None

    def end_result(self) -> Fraction | None:
        """The game's result if it is over now, else None."""
        stuck = next(iter(self.rules.options(self.position, self.flag, self.mover)), None) is None
        return self.rules.end(self.position, self.flag, self.mover, stuck)

    # -- edits: each a new start -----------------------------------------------------------
    def _restart(self, position: Hashable, layout: Sequence[str] = ()) -> HeapsDocument:
        """``position`` set up with the player to move now, under the start flag the flag now
        is (if it is one of ``position``'s), else under the start flag of the same name."""
        flag = self.flag
        name = next((n for n, f in self.rules.start_flags(position) if f == flag), self.start_flag)
        return dataclasses.replace(
            self,
            start=position,
            start_mover=self.mover,
            start_flag=name,
            steps=(),
            layout=tuple(layout),
        )

    def with_text(self, text: str) -> HeapsDocument:
        """The position written ``text`` set up (NotationError quoting it when bad), with the
        player to move now."""
        position = self.rules.parse(text)
        return self._restart(position, _written(self.rules, text))

    def with_stacks(self, stacks: Sequence[Sequence[str]]) -> HeapsDocument:
        """The position drawn ``stacks`` (in that order) set up: an edit on the board."""
        text = stacks_text(stacks, self.kind)
        return self._restart(self.rules.parse(text), _written(self.rules, text))

    def with_mover(self, mover: Player) -> HeapsDocument:
        """The position now set up with ``mover`` to move."""
        doc = self._restart(self.position, self.layout)
        return dataclasses.replace(doc, start_mover=mover)

    def with_start_flag(self, name: str) -> HeapsDocument:
        """The position now set up under the start flag ``name`` (one of :attr:`flags` of
        it); NotationError naming them otherwise."""
        doc = self._restart(self.position, self.layout)
        if name not in doc.flags:
            raise NotationError(
                f"{quote(name)} is not a start flag of {self.game}; expected one of "
                + ", ".join(quote(n) for n in doc.flags)
            )
        return dataclasses.replace(doc, start_flag=name)

    def with_game(self, game: str) -> HeapsDocument:
        """The game ``game`` (NotationError quoting a bad name or parameter) from this
        position if it is one of the new game's, else from an example of the game."""
        rules = find_heap_game(game)
        bounds = kept_bounds(rules, self.quotient)  # the quotient's bounds, where they fit
        # an impartial game has no side: the first player (Left) moves, whoever moved here
        # (hackenbush's Red came into nim as 'Right', and was saved so)
        mover = Player.LEFT if rules.impartial else self.mover
        try:
            position = rules.parse(stacks_text(self.stacks, self.kind))
        except WhistError:
            return HeapsDocument(rules, example_position(rules), mover, quotient=bounds)
        return HeapsDocument(
            rules, position, mover, self.start_flag, (), self.layout, quotient=bounds
        )

    def with_quotient(self, bounds: QuotientBounds | None) -> HeapsDocument:
        """The same game with the quotient explorer's bounds ``bounds``."""
        return dataclasses.replace(self, quotient=bounds)

    # -- moves -----------------------------------------------------------------------------
    def legal_moves(self, limit: int = MAX_MOVES_LISTED) -> MoveList:
        """The moves of the player to move, the first ``limit`` of them; none once the rules'
        ``end`` says the game is over (integral hackenbush 'BB R', Blue to move: paid 1, its
        takes not moves).

        >>> HeapsDocument.new('integral-hackenbush', 'BB R').legal_moves().moves
        ()
        """
        if self.is_over():
            return MoveList((), True)
        options = self.rules.options(self.position, self.flag, self.mover)
        moves = tuple(itertools.islice(options, limit + 1))
        return MoveList(moves[:limit], len(moves) <= limit)

    def target(self, stack: int, counter: int) -> Hashable:
        """The position left when stack ``stack`` is cut below its counter ``counter``
        (counted from 0 at the bottom), the other stacks as they are; NotationError if there is
        no such counter."""
        stacks = list(self.stacks)
        if not 0 <= stack < len(stacks) or not 0 <= counter < len(stacks[stack]):
            raise NotationError(
                f"no counter {counter + 1} in stack {stack + 1} of {quote(self.text)}"
            )
        stacks[stack] = stacks[stack][:counter]
        return self.rules.parse(stacks_text(stacks, self.kind))  # type: ignore[no-any-return]

    def _splits(self) -> bool:
        """Can a click split a heap in two here (a game of heaps in any order: octal games
        split a heap; the others' positions after such a click are never their moves)?"""
        return self.kind is Kind.HEAPS and self.rules.commutative

    def can_split(self, limit: int = 500) -> bool:
        """Does a move (of the first ``limit``) split a heap in two here (octal games)?

        >>> [HeapsDocument.new(g, '3').can_split() for g in ('octal:0.77', 'nim')]
        [True, False]
        """
        if not self._splits():
            return False
        n = len(self.layout)
        options = self.rules.options(self.position, self.flag, self.mover)
        return any(
            len(self.rules.components(m.position)) > n for m in itertools.islice(options, limit)
        )

    def click_targets(self, stack: int, counter: int) -> tuple[Hashable, ...]:
        """The positions a click on counter ``counter`` of stack ``stack`` asks for: the stack
        cut below it (the counter and all above it taken) and, in a game of heaps, the heap
        split there — the counters below it kept, it and some above it taken, the rest a heap
        of its own (octal games: misère Kayles' '7 → 3 + 2' is a click on the fourth counter
        of the 7, or the third).

        >>> doc = HeapsDocument.new('misere-octal:0.77', '7 4')
        >>> [doc.rules.text(p) for p in doc.click_targets(0, 3)]
        ['3 4', '1 3 4', '2 3 4', '3 3 4']
        """
        cut = self.target(stack, counter)
        if counter == 0 or not self._splits():
            return (cut,)
        words = [stack_text(s, self.kind) for s in self.stacks]
        out = [cut]
        for r in range(1, len(self.stacks[stack]) - counter):
            words[stack] = f"{counter} {r}"
            out.append(self.rules.parse(" ".join(w for w in words if w != "0")))
        return tuple(out)

    def click_spots(self, positions: Iterable[Hashable]) -> dict[Hashable, tuple[Spot, ...]]:
        """For each of ``positions`` (moves' positions), the counters (stack, counter) a click
        on which offers the move there (none: no click makes it — Moore's nim's moves from
        several heaps at once). A heap split in two, ``n → a + b``, is offered by a click on
        counter a or b of a heap of n (:meth:`click_targets`).

        >>> doc = HeapsDocument.new('misere-octal:0.77', '7 4')
        >>> spots = doc.click_spots(m.position for m in doc.legal_moves().moves)
        >>> spots[doc.rules.parse('2 3 4')], spots[doc.rules.parse('4 6')]
        (((0, 2), (0, 3)), ((0, 6),))
        """
        wanted = set(positions)
        if not self._splits():
            by_target: dict[Hashable, list[Spot]] = {}
            for i, s in enumerate(self.stacks):
                for j in range(len(s)):
                    by_target.setdefault(self.target(i, j), []).append((i, j))
            return {p: tuple(by_target.get(p, ())) for p in wanted}
        old = Counter(self.layout)
        out = {}
        for p in wanted:
            new = Counter(self.rules.text(c) for c in self.rules.components(p))
            gone = list((old - new).elements())
            came = sorted(int(t) for t in (new - old).elements())
            spots: tuple[Spot, ...] = ()
            if len(gone) == 1 and len(came) <= 2 and sum(came) < int(gone[0]):
                heights = sorted(set(came)) if len(came) == 2 else (came or [0])
                spots = tuple(
                    (i, h) for i, t in enumerate(self.layout) if t == gone[0] for h in heights
                )
            out[p] = spots
        return out

    def moves_to(
        self, stack: int, counter: int, limit: int = MAX_OPTIONS_LOOKED_AT
    ) -> tuple[Move, ...]:
        """The moves a click on counter ``counter`` of stack ``stack`` asks for: those that
        take it and every counter above it (more than one where the mover also names a flag,
        as a constraint), and those that split its heap there (:meth:`click_targets`); none if
        no move does, or the game is over. Looks through at most ``limit`` options."""
        if self.is_over():
            return ()
        goals = set(self.click_targets(stack, counter))
        options = self.rules.options(self.position, self.flag, self.mover)
        return tuple(m for m in itertools.islice(options, limit) if m.position in goals)

    def play(self, move: Move, *, stack: int | None = None) -> HeapsDocument:
        """``move`` (one of the rules' options here) played: the other player to move.
        ``stack``: the stack clicked, which keeps its place in the drawing."""
        step = Step(move.label, move.position, move.flag, self.mover.other)
        layout = _relaid(self.rules, self.layout, move.position, stack)
        return dataclasses.replace(self, steps=(*self.steps, step), layout=layout)


def example_position(rules: PositionRules[Any]) -> Hashable:
    """A position to start a game with: a random one of about 9 counters drawn with a fixed
    seed (the registry's :attr:`~whistgui.engine.heaps.HeapGame.random_position`), or
    ``3 4 5`` / ``BBR RB`` by the kind, or the empty position."""
    import random

    g = heap_game_of(rules)
    texts = []
    if g.random_position is not None:
        rng = random.Random(26)
        texts = [g.random_position(rng, 9) for _ in range(20)]
        texts.sort(key=lambda t: -len(t.split()))  # the one with most components
    texts += ["3 4 5", "BBR RB BR"]
    for text in texts:
        try:
            position = rules.parse(text)
        except WhistError:
            continue
        if rules.components(position):
            return position  # type: ignore[no-any-return]
    return rules.zero()  # type: ignore[no-any-return]


def _written(rules: PositionRules[Any], text: str) -> tuple[str, ...]:
    """The components of ``text`` in the order written (each word read as a position: a word
    that is not one component leaves the rules' order)."""
    out: list[str] = []
    for word in text.split():
        try:
            parts = rules.components(rules.parse(word))
        except WhistError:
            return ()
        out += [rules.text(c) for c in parts]
    return tuple(out)


def _relaid(
    rules: PositionRules[Any], layout: Sequence[str], position: Hashable, stack: int | None
) -> tuple[str, ...]:
    """The components of ``position`` in an order close to ``layout``'s: each stack that is
    still there keeps its place (the one clicked, ``stack``, first to take a changed one);
    changed stacks fill the places of those gone, in the rules' order."""
    new = [rules.text(c) for c in rules.components(position)]
    if not rules.commutative:
        return tuple(new)
    left = list(new)
    slots: list[str | None] = []
    for i, text in enumerate(layout):
        if i != stack and text in left:
            left.remove(text)
            slots.append(text)
        else:
            slots.append(None)
    changed = iter(left)
    order = [i for i, s in enumerate(slots) if s is None]
    if stack is not None and stack in order:  # the stack clicked takes the first changed one
        order.remove(stack)
        order.insert(0, stack)
    for i in order:
        slots[i] = next(changed, None)
    return tuple([s for s in slots if s is not None] + list(changed))


# --------------------------------------------------------------------------- the theory
@dataclass(frozen=True, slots=True)
class TheoryView:
    """What the game's theory says of a position: each component's element (in the drawing's
    order) and the sum's, in the paper's symbols, what the sum means, and the result it
    predicts with the player to move under the flag now (from Left's side)."""

    title: str
    components: tuple[tuple[str, str], ...]  # (component's text, element pretty)
    total: str
    total_text: str
    meaning: str
    predicted: Fraction
    #: the prediction for each start flag of the position: (name, Left first, Right first)
    by_flag: tuple[tuple[str, Fraction, Fraction], ...]
    #: where the prediction comes from, when not the game's theory ("the exact quotient
    #: Q₂₇": app.heaps_prediction)
    source: str = ""


def theory_of(doc: HeapsDocument) -> HeapTheory[Any] | None:
    make = doc.entry.theory
    return None if make is None else make(doc.rules)


def theory_view(doc: HeapsDocument, theory: HeapTheory[Any] | None = None) -> TheoryView | None:
    """The theory's view of ``doc``'s position now (None for a game with no theory).

    >>> t = theory_view(HeapsDocument.new('nim', '3 4 6'))
    >>> t.components, t.total, t.predicted
    ((('3', '*3'), ('4', '*4'), ('6', '*6')), '*1', Fraction(1, 1))
    >>> t.meaning
    'nim-sum 1: the next player wins'
    """
    theory = theory if theory is not None else theory_of(doc)
    if theory is None:
        return None
    rules = doc.rules
    parts = []
    total = theory.zero()
    for text in doc.layout:
        (component,) = rules.components(rules.parse(text))
        e = theory.element(component)
        parts.append((text, theory.pretty(e)))
        total = theory.add(total, e)
    now = theory.outcome(total, [("now", doc.flag)]).by_flag["now"]
    flags = theory.outcome(total, rules.start_flags(doc.position)).by_flag
    return TheoryView(
        theory.title,
        tuple(parts),
        theory.pretty(total),
        theory.text(total),
        theory.describe(total),
        now[0] if doc.mover is Player.LEFT else now[1],
        tuple((name, lf, rf) for name, (lf, rf) in flags.items()),
    )


def theory_marks(
    doc: HeapsDocument, theory: HeapTheory[Any] | None = None
) -> tuple[tuple[Move, Fraction], ...] | None:
    """What the game's theory predicts after each listed move (the opponent to move, under
    the flag the move names), from Left's side, as :attr:`Analysis.marks` has the search's —
    at once, where the search may take long; None for a game with no theory.

    >>> doc = HeapsDocument.new('nim', '3 4 5')
    >>> [(m.label, str(r)) for m, r in theory_marks(doc) if r == 1]  # Left wins after it
    [('3 → 1', '1')]
    """
    theory = theory if theory is not None else theory_of(doc)
    if theory is None:
        return None
    rules = doc.rules
    other = doc.mover.other
    elements: dict[Hashable, Any] = {}
    out = []
    for m in doc.legal_moves().moves:
        total = theory.zero()
        for c in rules.components(m.position):
            e = elements.get(c)
            if e is None:
                e = elements[c] = theory.element(c)
            total = theory.add(total, e)
        left, right = theory.outcome(total, [("after", m.flag)]).by_flag["after"]
        out.append((m, left if other is Player.LEFT else right))
    return tuple(out)


# --------------------------------------------------------------------------- the search
@dataclass(frozen=True, slots=True)
class Analysis:
    """What exact search says of a position: the result with the player to move under the
    flag now, the outcome for each start flag (as ``whist solve`` reports it), and each legal
    move with the result once it is made (the opponent to move) — all from Left's side.
    ``complete``: every legal move is listed (at most :data:`MAX_MOVES_LISTED`)."""

    result: Fraction
    outcome: Outcome
    marks: tuple[tuple[Move, Fraction], ...]
    complete: bool
    work: int

    def best(self, rules: PositionRules[Any], result: Fraction, mover: Player) -> bool:
        """Is a move whose result is ``result`` marked as the best (the play panel's green):
        in a game won or lost, a move that wins for ``mover``; in a scoring game, a move that
        scores what the position does under optimal play."""
        if rules.result_kind is ResultKind.WIN:
            return result == mover.sign
        return result == self.result


def analyse(doc: HeapsDocument, search: Search) -> Analysis:
    """``doc``'s position now searched by ``search`` (of its rules; Cancelled when its
    ``should_stop`` says so)."""
    if search.rules.name != doc.game:
        raise NotationError(f"a search of {quote(search.rules.name)} cannot analyse {doc.game}")
    result = search.result(doc.position, doc.flag, doc.mover)
    listed = doc.legal_moves()
    other = doc.mover.other
    marks = tuple((m, search.result(m.position, m.flag, other)) for m in listed.moves)
    outcome = search.outcome(doc.position)
    return Analysis(result, outcome, marks, listed.complete, search.work)
