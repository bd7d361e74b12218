"""Every theory of :data:`~whistgui.engine.heaps.HEAP_GAMES` against exact search — one harness,
no per-game code (issue 26).

For each registered game with a theory (a game with a parameter tried with each of
:data:`PARAMETERS` it takes), hypothesis draws positions through the game's own
:attr:`~whistgui.engine.heaps.HeapGame.random_position` hook (the text of a random position of
at most a given number of counters, read with ``rules.parse``), and checks:

(a) the outcome the theory reads off the sum of the components' elements, for each of the
    position's start flags, equals :class:`~whistgui.engine.heaps.search.Search`'s;
(b) the element of a join of two positions is ``theory.add`` of theirs (a homomorphism), the
    empty position's is ``theory.zero()``;
(c) positions and elements print and parse back (``text`` and ``pretty``), and any text either
    parses or is refused with a NotationError.

A game added to HEAP_GAMES with a theory is checked here with nothing to write but its
``random_position``; a game with a theory and no such hook fails
:func:`test_every_theory_is_checked`.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.engine.heaps.games import element, game_parts
from whistgui.engine.errors import NotationError
from whistgui.engine.heaps import HEAP_GAMES, HeapGame, find_heap_game, heap_game_of

#: The parameters tried for a game that takes one (``moore-nim:2``, …); those a game refuses
#: (NotationError) are left out.
PARAMETERS = ("2", "3", "4")
#: The most counters (pieces) in a random position: the exact search stays quick.
MAX_SIZE = 12
#: Random positions per game and test: with the four tests, thousands of positions a run.
EXAMPLES = 300
EXHAUSTIVE_EXAMPLES = 3000


def _names(game: HeapGame) -> list[str]:
    """The registered names tried for ``game``: itself, or itself with each parameter it
    takes (of :data:`PARAMETERS` and the game's own example)."""
    if game.parameter is None:
        return [game.name]
    names = []
    for param in dict.fromkeys((*PARAMETERS, game.example_parameter)):
        if param is None:
            continue
        try:
            find_heap_game(f"{game.name}:{param}")
        except NotationError:
            continue
        names.append(f"{game.name}:{param}")
    return names


WITH_THEORY = [g for g in HEAP_GAMES if g.theory is not None]
NAMES = [name for g in WITH_THEORY for name in _names(g)]


def _position(name: str, rng: random.Random, size: int) -> Any:
    rules, _theory, _search = game_parts(name)
    draw = heap_game_of(rules).random_position
    assert draw is not None
    return rules.parse(draw(rng, size))


def _examples(exhaustive: bool) -> int:
    return EXHAUSTIVE_EXAMPLES if exhaustive else EXAMPLES


positions = st.tuples(st.randoms(use_true_random=False), st.integers(0, MAX_SIZE))


def test_every_theory_is_checked() -> None:
    """Each game with a theory draws positions, and is tried under some name."""
    for g in WITH_THEORY:
        assert g.random_position is not None, (
            f"{g.name} has a theory but no random_position: the harness cannot check it"
        )
        assert _names(g), f"{g.name} takes none of the parameters {PARAMETERS}: add one it takes"
    assert len(NAMES) >= len(WITH_THEORY) >= 1


@pytest.mark.parametrize("name", NAMES)
def test_theory_predicts_search(name: str, exhaustive: bool) -> None:
    """(a) The outcome read off the element equals the search's, for every start flag."""
    rules, theory, search = game_parts(name)
    seen: set[str] = set()

    @settings(max_examples=_examples(exhaustive))
    @given(positions)
    def check(drawn: tuple[random.Random, int]) -> None:
        p = _position(name, *drawn)
        e = element(rules, theory, p)
        predicted = theory.outcome(e, rules.start_flags(p))
        found = search.outcome(p)
        assert predicted == found, (
            f"{name}: {rules.text(p)} has element {theory.text(e)}, predicted "
            f"{dict(predicted.by_flag)}, search found {dict(found.by_flag)}"
        )
        seen.add(repr(sorted(found.by_flag.items())))

    check()
    assert len(seen) >= 2, f"{name}: every position drawn had the same outcome {seen}"


@pytest.mark.parametrize("name", NAMES)
def test_element_of_a_join_is_the_sum(name: str, exhaustive: bool) -> None:
    """(b) A homomorphism: element(a + b) = element(a) + element(b); element(0) = zero."""
    rules, theory, _search = game_parts(name)
    zero = theory.zero()
    assert element(rules, theory, rules.zero()) == zero

    @settings(max_examples=_examples(exhaustive))
    @given(positions, positions)
    def check(a_drawn: tuple[random.Random, int], b_drawn: tuple[random.Random, int]) -> None:
        a, b = _position(name, *a_drawn), _position(name, *b_drawn)
        ea, eb = element(rules, theory, a), element(rules, theory, b)
        assert element(rules, theory, rules.join(a, b)) == theory.add(ea, eb)
        assert theory.add(ea, zero) == ea == theory.add(zero, ea)
        if rules.commutative:
            assert theory.add(ea, eb) == theory.add(eb, ea)

    check()


@pytest.mark.parametrize("name", NAMES)
def test_notation_round_trips(name: str, exhaustive: bool) -> None:
    """(c) Positions and elements print and parse back; the ASCII text is ASCII."""
    rules, theory, _search = game_parts(name)

    @settings(max_examples=_examples(exhaustive))
    @given(positions)
    def check(drawn: tuple[random.Random, int]) -> None:
        p = _position(name, *drawn)
        assert rules.parse(rules.text(p)) == p
        e = element(rules, theory, p)
        text = theory.text(e)
        assert text.isascii(), f"{name}: the text of an element, {text!r}, is not ASCII"
        assert theory.parse(text) == e
        assert theory.parse(theory.pretty(e)) == e
        assert theory.latex(e).strip()
        assert theory.describe(e).strip()

    check()


@pytest.mark.parametrize("name", NAMES)
@settings(max_examples=EXAMPLES)
@given(text=st.text(max_size=20) | st.from_regex(r"[0-9 ^*(),{}]{0,12}", fullmatch=True))
def test_any_text_parses_or_is_refused(name: str, text: str) -> None:
    """(c) Text is either read (and then prints back to what it read) or refused with a
    NotationError — never another exception."""
    rules, theory, _search = game_parts(name)
    for parse, write in ((theory.parse, theory.text), (rules.parse, rules.text)):
        read, got = _read(parse, text)
        if read:
            assert parse(write(got)) == got
        else:
            assert got.strip(), f"an empty message refusing {text!r}"


def _read(parse: Callable[[str], Any], text: str) -> tuple[bool, Any]:
    """(True, what ``text`` reads as), or (False, the NotationError's message)."""
    try:
        return True, parse(text)
    except NotationError as err:
        return False, str(err)
