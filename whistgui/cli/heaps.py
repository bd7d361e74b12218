"""``whist solve``, ``whist value`` and ``whist games`` for the games of strange algebra §6 and
§9 (:mod:`whistgui.engine.heaps`): positions of heaps (``'3 4 6'``), hackenbush piles
(``'BBR RB'``), End-nim's row, named with ``--game`` (``nim``, ``moore-nim:3``,
``misere-octal:0.77``, …). The same protocol as the card games: one position per argument or
per line of standard input (``-``), a bad one refused in one line (with ``--json`` as an object
with ``"error"``) and the others still answered.

``solve --json`` prints ``{"game", "position", "outcome"}``: ``"N"`` or ``"P"`` for an impartial
game; for a partizan game ``{"blue_first", "red_first"}`` — the winner ``"B"``/``"R"``, or the
payment to Blue as an integer, or as a fraction in lowest terms (``"5/4"``); a game with flags
(comply/constrain) adds ``"by_flag"``, the outcome for each start flag, ``"outcome"`` being the
first's. ``value --json`` adds each component's element, the sum's, what it means and the
outcome it predicts.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Final

from whistgui.cli.common import Command, DealText, LimitError, game_listing
from whistgui.engine import Cancelled, NoTheoryError
from whistgui.engine.heaps import HEAP_GAMES, find_heap_game, heap_game_of
from whistgui.engine.heaps.outcome import outcome_json as engine_outcome_json
from whistgui.engine.heaps.rules import Outcome, PositionRules
from whistgui.engine.heaps.search import Search
from whistgui.engine.reading import quote

__all__ = ["MAX_SEARCH", "games", "outcome_json", "run"]

#: The most work (positions searched and options looked at) ``solve`` does before it gives
#: up: some 400,000 a second for nim, so about half a minute.
MAX_SEARCH: Final = 12_000_000


def _one(rules: PositionRules[Any], outcome: Outcome, flag: str) -> Any:
    return engine_outcome_json(outcome, rules.result_kind, impartial=rules.impartial, flag=flag)


def outcome_json(rules: PositionRules[Any], outcome: Outcome) -> dict[str, Any]:
    """``{"outcome": …}`` (:func:`~whistgui.engine.heaps.outcome.outcome_json`, for the first
    start flag) and, for a game with named start flags, ``"by_flag"``."""
    names = list(outcome.by_flag)
    obj: dict[str, Any] = {"outcome": _one(rules, outcome, names[0])}
    if names != [""]:
        obj["by_flag"] = {name: _one(rules, outcome, name) for name in names}
    return obj


def outcome_text(rules: PositionRules[Any], outcome: Outcome) -> str:
    """The outcome in words: ``N (the next player wins)``, ``Blue first: B, Red first: R``."""

    def one(flag: str) -> str:
        o = _one(rules, outcome, flag)
        if isinstance(o, str):
            return f"{o} ({'the next' if o == 'N' else 'the previous'} player wins)"
        return f"Blue first: {o['blue_first']}, Red first: {o['red_first']}"

    if list(outcome.by_flag) == [""]:
        return one("")
    return "; ".join(f"{name}: {one(name)}" for name in outcome.by_flag)


def _search(rules: PositionRules[Any], position: Any, text: str) -> Outcome:
    search = Search(rules, bound=None, should_stop=lambda: search.work > MAX_SEARCH)
    try:
        return search.outcome(position)
    except Cancelled:
        raise LimitError(
            f"{quote(text)} is too large to search: more than {MAX_SEARCH:,} positions and "
            "moves looked at (about half a minute); "
            "expected a smaller position"
        ) from None


def solve(cmd: Command, rules: PositionRules[Any], text: str) -> None:
    position = rules.parse(text)
    outcome = _search(rules, position, text)
    shown = rules.text(position)
    cmd.emit(
        {"position": shown, **outcome_json(rules, outcome)},
        f"{shown}   ({rules.name})\n  outcome: {outcome_text(rules, outcome)}",
    )


def value(cmd: Command, rules: PositionRules[Any], text: str) -> None:
    position = rules.parse(text)
    make = heap_game_of(rules).theory
    if make is None:
        raise NoTheoryError(
            f"{rules.name} has no value theory; 'whist solve --game {rules.name}' answers by search"
        )
    theory = make(rules)
    total = theory.zero()
    parts = []
    shown_parts = []
    for c in rules.components(position):
        e = theory.element(c)
        total = theory.add(total, e)
        parts.append({"component": rules.text(c), "element": theory.text(e)})
        shown_parts.append(f"{rules.text(c)}: {theory.pretty(e)}")
    predicted = theory.outcome(total, rules.start_flags(position))
    shown = rules.text(position)
    obj = {
        "position": shown,
        "components": parts,
        "element": theory.text(total),
        "pretty": theory.pretty(total),
        "meaning": theory.describe(total),
        **outcome_json(rules, predicted),
    }
    lines = [
        f"{shown}   ({rules.name})",
        "  " + "   ".join(shown_parts),
        f"  sum: {theory.pretty(total)} — {theory.describe(total)}",
        f"  outcome: {outcome_text(rules, predicted)}",
    ]
    cmd.emit(obj, "\n".join(lines))


def run(cmd: Command, command: str, game: str, items: Iterable[DealText]) -> None:
    """``solve`` or ``value`` of each position of ``items`` in the game named ``game``."""
    rules = find_heap_game(game)
    cmd.game_name = rules.name
    fn = value if command == "value" else solve
    cmd.run_each(items, lambda t: fn(cmd, rules, t))


def games(cmd: Command) -> None:
    """One entry per game of :data:`~whistgui.engine.heaps.HEAP_GAMES`."""
    for g in HEAP_GAMES:
        name = g.name + (f":{g.parameter.split(',')[0].strip()}" if g.parameter else "")
        theory = None
        if g.theory is not None:
            example = find_heap_game(g.name + (f":{g.example_parameter}" if g.parameter else ""))
            theory = g.theory(example).title
        obj = {
            "name": name,
            "aliases": list(g.aliases),
            "title": g.title,
            "kind": "positions",
            "rules": g.title,
            "parameter": g.parameter,
            "notation": g.notation,
            "theory": theory,
            "notes": g.notes or None,
            "source": g.source,
        }
        rules = [f"  positions: {g.notation}"]
        if g.parameter:
            rules.append(f"  parameter: {g.parameter}")
        text = game_listing(name, g.title, g.aliases, rules, theory, g.notes, g.source)
        cmd.game_name = g.name
        cmd.emit(obj, text)
