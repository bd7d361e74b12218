"""The games of strange algebra §6 and §9 played on positions that form a monoid — heaps of
counters, hackenbush piles, End-nim's row — beside the trick games of
:mod:`whistgui.engine.games`: each one module with its rules
(:class:`~whistgui.engine.heaps.rules.PositionRules`) and, where the paper gives one, its theory
(:class:`~whistgui.engine.heaps.rules.HeapTheory`), plus one line in :data:`HEAP_GAMES`, the
only list of them. A game with a parameter is named ``name:PARAM`` (``moore-nim:3``,
``misere-octal:0.77``); :func:`find_heap_game` makes its rules.

>>> [g.name for g in HEAP_GAMES]
 ['nim', 'misere-nim', 'moore-nim', 'comply-constrain-nim', 'hackenbush',
  'integral-hackenbush', 'refined-integral-hackenbush', 'octal', 'misere-octal', 'end-nim']
>>> rules = find_heap_game('Nim')
>>> rules.name, rules.text(rules.parse('6 3 4'))
('nim', '3 4 6')
>>> heap_game_of(rules).theory is not None
True
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, cast

from whistgui.engine.checks import expect
from whistgui.engine.errors import NotationError
from whistgui.engine.heaps.comply_constrain import MAX_K as CC_MAX_K
from whistgui.engine.heaps.comply_constrain import MIN_K as CC_MIN_K
from whistgui.engine.heaps.comply_constrain import comply_constrain_nim, comply_constrain_theory
from whistgui.engine.heaps.comply_constrain import theory_title as cc_theory_title
from whistgui.engine.heaps.end_nim import EndNimRules
from whistgui.engine.heaps.hackenbush import (
    PILES_NOTATION,
    HackenbushRules,
    IntegralHackenbushRules,
    RefinedIntegralHackenbushRules,
    random_piles_of,
)
from whistgui.engine.heaps.hackenbush_theory import (
    HackenbushTheory,
    IntegralHackenbushTheory,
    RefinedIntegralHackenbushTheory,
)
from whistgui.engine.heaps.misere_nim import MisereNimRules, MisereNimTheory
from whistgui.engine.heaps.moore_nim import MAX_K as MOORE_MAX_K
from whistgui.engine.heaps.moore_nim import MIN_K as MOORE_MIN_K
from whistgui.engine.heaps.moore_nim import moore_nim, moore_theory
from whistgui.engine.heaps.moore_nim import theory_title as moore_theory_title
from whistgui.engine.heaps.nim import NimRules, NimTheory
from whistgui.engine.heaps.notation import random_heaps
from whistgui.engine.heaps.octal import OctalRules, OctalTheory
from whistgui.engine.heaps.rules import HeapTheory, PositionRules
from whistgui.engine.reading import quote

__all__ = [
    "HEAP_GAMES",
    "HeapGame",
    "find_heap_game",
    "heap_game_names",
    "heap_game_of",
    "is_heap_game",
]


@dataclass(frozen=True, slots=True)
class HeapGame:
    """A game of this package: its name, how its rules are made (from the parameter after the
    colon, None without one), the factory of its theory (None: search only), where it comes
    from."""

    name: str
    title: str
    #: Makes the rules; ``param`` is the text after ``name:`` (None if there is none). Raises
    #: NotationError quoting a bad parameter.
    make: Callable[[str | None], PositionRules[Any]]
    #: Makes a fresh theory for the rules made (None: search only).
    theory: Callable[[PositionRules[Any]], HeapTheory[Any]] | None
    #: What the parameter is (``"K, 2 or more"``), None if the game takes none.
    parameter: str | None = None
    #: A parameter the game is shown with (``"3"``, ``"0.77"``); needed with ``parameter``.
    example_parameter: str | None = None
    aliases: tuple[str, ...] = ()
    source: str = ""
    #: How a position is written, with an example.
    notation: str = "heap sizes separated by spaces, such as '3 4 6'"
    notes: str = field(default="", compare=False)
    #: The text of a random position of at most ``size`` counters (pieces, edges) in all, drawn
    #: with ``rng``: positions the exact search solves in a fraction of a second for ``size`` up
    #: to 12 (the game may keep them smaller). The one test harness of every theory
    #: (tests/engine/heaps/test_theories.py) draws its positions through it, so every game with
    #: a theory gives one; :func:`~whistgui.engine.heaps.notation.random_heaps` for heap games.
    random_position: Callable[[random.Random, int], str] | None = field(default=None, compare=False)
    #: The theory in words for every parameter (``⊕Z_K …``), where the title of the theory
    #: made names the parameter (``⊕Z_3 …``); None: the title of the theory made for
    #: :attr:`example_parameter` says it (``whist games`` lists it).
    theory_title: str | None = field(default=None, compare=False)


def _no_parameter(
    name: str, make: Callable[[], PositionRules[Any]]
) -> Callable[[str | None], PositionRules[Any]]:
    def made(param: str | None) -> PositionRules[Any]:
        if param is not None:
            raise NotationError(f"{quote(f'{name}:{param}')}: the game {name} takes no parameter")
        return make()

    return made


HEAP_GAMES: tuple[HeapGame, ...] = (
    HeapGame(
        "nim",
        "Nim (take any number from one heap; the last to move wins)",
        _no_parameter("nim", NimRules),
        lambda _rules: NimTheory(),
        source="Bouton (1902); strange algebra §6.1",
        random_position=random_heaps,
    ),
    HeapGame(
        "misere-nim",
        "Misère nim (take any number from one heap; the last to move loses)",
        _no_parameter("misere-nim", MisereNimRules),
        lambda _rules: MisereNimTheory(),
        source="Bouton (1902); strange algebra §6.2",
        random_position=random_heaps,
    ),
    HeapGame(
        "moore-nim",
        "Moore's nim_K (take from 1 to K − 1 heaps at once; the last to move wins)",
        moore_nim,
        moore_theory,
        parameter=f"K, {MOORE_MIN_K} to {MOORE_MAX_K} (2 is nim)",
        example_parameter="3",
        source="Moore (1910); strange algebra §6.3",
        random_position=random_heaps,
        theory_title=moore_theory_title("K"),
    ),
    HeapGame(
        "comply-constrain-nim",
        "Comply-constrain nim_K (take from one heap, not a size the opponent forbade; then "
        "forbid K − 1 sizes)",
        comply_constrain_nim,
        comply_constrain_theory,
        parameter=f"K, {CC_MIN_K} to {CC_MAX_K}",
        example_parameter="3",
        source="Gavel and Strimling (2004); strange algebra §6.4",
        random_position=random_heaps,
        theory_title=cc_theory_title("K"),
    ),
    HeapGame(
        "hackenbush",
        HackenbushRules.title,
        _no_parameter("hackenbush", HackenbushRules),
        lambda _rules: HackenbushTheory(),
        aliases=("hackenbush-strings",),
        source="Berlekamp, Conway, Guy, Winning Ways (1982); strange algebra §6.6, Theorem 6.1",
        notation=PILES_NOTATION,
        random_position=random_piles_of,
    ),
    HeapGame(
        "integral-hackenbush",
        IntegralHackenbushRules.title,
        _no_parameter("integral-hackenbush", IntegralHackenbushRules),
        lambda _rules: IntegralHackenbushTheory(),
        source="strange algebra §6.6, Theorem 6.2",
        notation=PILES_NOTATION,
        random_position=random_piles_of,
    ),
    HeapGame(
        "refined-integral-hackenbush",
        RefinedIntegralHackenbushRules.title,
        _no_parameter("refined-integral-hackenbush", RefinedIntegralHackenbushRules),
        lambda _rules: RefinedIntegralHackenbushTheory(),
        source="strange algebra §6.6, Theorem 6.3",
        notation=PILES_NOTATION,
        random_position=random_piles_of,
    ),
    HeapGame(
        "octal",
        "An octal game by its code (digit k: what taking k counters may leave; the last to "
        "move wins)",
        lambda code: _octal(code, misere=False),
        lambda rules: OctalTheory(cast(OctalRules, rules)),
        parameter="an octal code (0.77 is Kayles)",
        source="Guy and Smith (1956); Winning Ways ch. 4; strange algebra §6.5",
        example_parameter="0.77",
        random_position=random_heaps,
    ),
    HeapGame(
        "misere-octal",
        "An octal game by its code, played misère (the last to move loses)",
        lambda code: _octal(code, misere=True),
        None,
        parameter="an octal code (0.77 is misère Kayles)",
        source="Plambeck and Siegel (2008); strange algebra §6.5",
        notes="no closed theory: the quotient monoid is computed (whist quotient)",
        example_parameter="0.77",
        random_position=random_heaps,
    ),
    HeapGame(
        "end-nim",
        "End-nim (heaps in a row; take any number from an end heap; the last to move wins)",
        _no_parameter("end-nim", EndNimRules),
        None,
        source="Albert and Nowakowski (2001); strange algebra §9",
        notation="heap sizes in their row, left to right, such as '3 1 4'",
        notes="positions are words: the quotient is by two-sided contexts u · x · v",
        random_position=random_heaps,
    ),
)


def _octal(code: str | None, *, misere: bool) -> PositionRules[Any]:
    if code is None:  # find_heap_game asks for the code first
        raise NotationError("an octal game needs its code after a colon, such as octal:0.77")
    return OctalRules(code, misere=misere)


def _key(name: str) -> str:
    return name.strip().lower().replace("_", "-").replace(" ", "-").replace("è", "e")


def is_heap_game(name: str) -> bool:
    """Does ``name`` (with or without a parameter) name a game of this package?"""
    k = _key(expect(name, str, "name", "a game's name (a str)").partition(":")[0])
    return any(k == g.name or k in g.aliases for g in HEAP_GAMES)


def find_heap_game(name: str) -> PositionRules[Any]:
    """The rules of the game ``name`` (``nim``, ``moore-nim:3``, any case, spaces around the
    parameter ignored); NotationError naming the known games, or quoting a bad parameter as
    it was typed.

    >>> find_heap_game('Moore-Nim: 3').name
    'moore-nim:3'
    >>> find_heap_game('moore-nim: x')
    Traceback (most recent call last):
    ...
    whistgui.engine.errors.NotationError: 'moore-nim: x': K must be a whole number from 2 to 8,
    such as moore-nim:3
    """
    text = expect(name, str, "name", "a game's name (a str)")
    typed_base, colon, typed_param = text.partition(":")
    base = _key(typed_base)
    param = typed_param.strip() if colon else None
    for g in HEAP_GAMES:
        if base == g.name or base in g.aliases:
            if g.parameter is not None and not colon:
                raise NotationError(
                    f"{quote(text)}: the game {g.name} needs {g.parameter} after a colon, "
                    f"such as {g.name}:{g.example_parameter}"
                )
            try:
                return g.make(param)
            except NotationError as exc:  # quoting the name as it was typed
                said, made = str(exc), quote(f"{g.name}:{param}")
                if made != quote(text) and made in said:
                    raise NotationError(said.replace(made, quote(text), 1)) from None
                raise
    raise NotationError(f"unknown game {quote(text)}; expected one of {heap_game_names()}")


def heap_game_names() -> str:
    """The games of this package as a message lists them (``moore-nim:K``).

    >>> heap_game_names()[:28]
    'nim, misere-nim, moore-nim:K'
    """
    return ", ".join(g.name + (f":{_parameter_name(g)}" if g.parameter else "") for g in HEAP_GAMES)


def _parameter_name(g: HeapGame) -> str:
    """What a message writes after ``name:``: the parameter's letter (``K``), else an example
    (``0.77``)."""
    head = (g.parameter or "").split(",")[0]
    return head if head.isupper() and len(head) <= 4 else (g.example_parameter or "")


def heap_game_of(rules: PositionRules[Any]) -> HeapGame:
    """The registry entry whose rules ``rules`` are (made by :func:`find_heap_game`)."""
    for g in HEAP_GAMES:
        if rules.name == g.name or rules.name.partition(":")[0] == g.name:
            return g
    raise NotationError(f"{quote(rules.name)} is not a registered game")
