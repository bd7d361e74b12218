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
outcome it predicts; for a game with no closed theory but an exact quotient (the misère octal
games) the element is a heap's class in Q_K — ``"class"`` its number, ``"by"`` (``"the exact
quotient Q_K, K = 27"``), ``"max_heap"`` K and ``"classes"`` Q_K's count added — the same
prediction as the app's.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Final

from whistgui.app.heaps_prediction import MAX_PREDICTION_HEAP, MIN_PREDICTION_HEAP
from whistgui.app.heaps_quotient import (
    can_exact,
    class_is_p,
    heaps_game,
    more_members,
    summary_lines,
)
from whistgui.cli.common import (
    EXIT_BUG,
    Command,
    DealText,
    LimitError,
    ProgressLine,
    class_line,
    game_listing,
    theory_check_lines,
)
from whistgui.engine import Cancelled, NotationError, NoTheoryError
from whistgui.engine.heaps import HEAP_GAMES, find_heap_game, heap_game_of
from whistgui.engine.heaps.outcome import outcome_json as engine_outcome_json
from whistgui.engine.heaps.outcome import outcome_key
from whistgui.engine.heaps.quotient import (
    HeapQuotient,
    QuotientLimit,
    exact_quotient,
    heap_quotient,
    quotient_verdict,
    registered_theory,
)
from whistgui.engine.heaps.rules import Outcome, PositionRules, ResultKind
from whistgui.engine.heaps.search import MAX_WORK, Search
from whistgui.engine.reading import quote

__all__ = ["MAX_SEARCH", "games", "outcome_json", "run"]

#: The most work (positions searched and options looked at) ``solve`` does before it gives
#: up (:data:`~whistgui.engine.heaps.search.MAX_WORK`, the app's too): about half a minute.
MAX_SEARCH: Final = MAX_WORK


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


def _value_hint(rules: PositionRules[Any]) -> str:
    """Where 'whist value' predicts what a search gave up on: a theory, or the exact quotient
    (heaps of at most :data:`MAX_PREDICTION_HEAP`)."""
    said = f" ('whist value --game {rules.name}' says what the"
    if heap_game_of(rules).theory is not None:
        return f"{said} theory predicts)"
    if can_exact(rules):
        return f"{said} exact quotient predicts, heaps of at most {MAX_PREDICTION_HEAP})"
    return ""


def _search(cmd: Command, rules: PositionRules[Any], position: Any, text: str) -> Outcome:
    """The outcome of ``position`` by exact search, its progress on standard error past 2 s
    (a :class:`~whistgui.cli.common.ProgressLine`); LimitError past :data:`MAX_SEARCH`."""
    with ProgressLine(cmd.err) as line:

        def stop() -> bool:
            if line.due():
                done = search.work
                line(
                    f"searching {quote(text)}: {done:,} of at most {MAX_SEARCH:,} positions "
                    f"and moves looked at ({min(99, 100 * done // MAX_SEARCH)}%), "
                    f"{line.elapsed:.0f} s"
                )
            return search.work > MAX_SEARCH

        search = Search(rules, bound=None, should_stop=stop)
        try:
            return search.outcome(position)
        except Cancelled:
            raise LimitError(
                f"{quote(text)} is too large to search: gave up after {MAX_SEARCH:,} positions "
                f"and moves looked at ({line.elapsed:.0f} s); expected a smaller position"
                + _value_hint(rules)
            ) from None


def _heading(rules: PositionRules[Any], position: Any) -> str:
    """A position's first line in text: its notation and the game, the empty position said
    so (its notation, ``0``, reads as a heap)."""
    empty = "" if rules.components(position) else " (the empty position)"
    return f"{rules.text(position)}{empty}   ({rules.name})"


def solve(cmd: Command, rules: PositionRules[Any], text: str) -> None:
    position = rules.parse(text)
    outcome = _search(cmd, rules, position, text)
    shown = rules.text(position)
    cmd.emit(
        {"position": shown, **outcome_json(rules, outcome)},
        f"{_heading(rules, position)}\n  outcome: {outcome_text(rules, outcome)}",
    )


def value(cmd: Command, rules: PositionRules[Any], text: str) -> None:
    position = rules.parse(text)
    make = heap_game_of(rules).theory
    if make is None:
        if can_exact(rules):
            quotient_value(cmd, rules, position)
            return
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
        _heading(rules, position),
        "  " + ("   ".join(shown_parts) or "no components: the sum is the zero element"),
        f"  sum: {theory.pretty(total)} — {theory.describe(total)}",
        f"  outcome: {outcome_text(rules, predicted)}",
    ]
    cmd.emit(obj, "\n".join(lines))


def _exact(rules: PositionRules[Any], bound: int) -> HeapQuotient:
    """The exact quotient Q_K of ``rules`` to ``bound``, computed once for all the positions
    of a command (LimitError past the engine's limits)."""
    key = (rules.name, bound)
    cached = _QUOTIENTS.get(key)
    if cached is None:
        try:
            cached = exact_quotient(rules, bound, max_heaps=1)
        except QuotientLimit as exc:
            raise LimitError(str(exc)) from None
        _QUOTIENTS.clear()
        _QUOTIENTS[key] = cached
    return cached


_QUOTIENTS: dict[tuple[str, int], HeapQuotient] = {}


def quotient_value(cmd: Command, rules: PositionRules[Any], position: Any) -> None:
    """``value`` of a position of a game with no closed theory but an exact quotient (the
    octal games, misère): each heap's class in Q_K and the outcome the class of the sum
    predicts (:func:`~whistgui.engine.heaps.quotient.quotient_verdict`, as the app's
    :mod:`~whistgui.app.heaps_prediction`: K = the larger of its least bound and the largest
    heap, up to its largest); a larger heap refused in words."""
    heaps = tuple(rules.components(position))
    sizes = [h for (h,) in heaps]
    largest = max(sizes, default=0)
    if largest > MAX_PREDICTION_HEAP:
        raise NoTheoryError(
            f"{rules.name} has no value theory, and its exact quotient is computed for heaps of "
            f"at most {MAX_PREDICTION_HEAP} counters: the heap of {largest} is larger; "
            f"'whist solve --game {rules.name}' answers by search"
        )
    q = _exact(rules, max(MIN_PREDICTION_HEAP, largest))
    verdict = quotient_verdict(q, position)
    total = q.class_of(position)
    if verdict is None or total is None:  # within the bound, every class is known
        raise NoTheoryError(f"the exact quotient of {rules.name} does not class {sizes}")
    by = f"the exact quotient Q_K, K = {q.max_heap}"
    n = len(q.classes)
    meaning = f"a class of {verdict}-positions of the {n} of Q_K"
    parts = []
    shown_parts = []
    for c, h in zip(heaps, sizes, strict=True):
        k = q.class_of((h,))
        parts.append({"component": rules.text(c), "element": f"class {k}", "class": k})
        shown_parts.append(f"{rules.text(c)}: class {k}")
    predicted = q.classes[total].outcome
    obj = {
        "position": rules.text(position),
        "components": parts,
        "element": f"class {total}",
        "pretty": f"class {total}",
        "meaning": meaning,
        **outcome_json(rules, predicted),
        "class": total,
        "by": by,
        "max_heap": q.max_heap,
        "classes": n,
    }
    lines = [
        _heading(rules, position),
        f"  no closed theory: each heap's class by {by} ({n} classes)",
        "  " + ("   ".join(shown_parts) or "no heaps: the empty position's class"),
        f"  sum: class {total} — {meaning}",
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
        theory = g.theory_title  # the theory for every parameter, where it names it
        if theory is None and g.theory is not None:
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


def run_quotient(cmd: Command, args: Any) -> None:
    """``whist quotient --game G --max-heap K (--max-heaps M [--tests T] | --exact)``: the
    quotient monoid of a game of heaps (strange algebra §5) by tests, or exactly (octal games)
    with its growth heap by heap."""
    rules = find_heap_game(args.game)
    cmd.game_name = rules.name
    if args.max_cards is not None:
        raise NotationError(
            f"--max-cards is for the card games; {rules.name} takes --max-heap K and "
            "--max-heaps M (or --exact)"
        )
    if args.max_heap is None or (args.max_heaps is None and not args.exact):
        raise NotationError(
            f"{rules.name}: expected --max-heap K and --max-heaps M (positions of at most M heaps "
            "of 1 to K counters), or --max-heap K --exact for an octal game's exact quotient"
        )
    if args.exact and not can_exact(rules):
        raise NotationError(
            f"--exact is for octal games (impartial, each move changing one heap), not "
            f"{rules.name}; expected --max-heaps M (positions of at most M components, classed "
            "by tests) instead"
        )
    theory = registered_theory(rules)
    with ProgressLine(cmd.err) as line:

        def progress(done: int, total: int) -> None:
            if line.due():
                what = "heap bound" if args.exact else "positions classed"
                line(f"{what}: {done:,} of {total:,}, {line.elapsed:.0f} s")

        try:
            if args.exact:
                q = exact_quotient(
                    rules,
                    args.max_heap,
                    max_heaps=args.max_heaps,
                    theory=theory,
                    progress=progress,
                )
            else:
                q = heap_quotient(
                    rules,
                    args.max_heap,
                    args.max_heaps,
                    tests=args.tests,
                    theory=theory,
                    progress=progress,
                )
        except QuotientLimit as exc:
            raise LimitError(str(exc)) from None
    _emit_quotient(cmd, rules, q, args.examples)
    if q.mismatches:
        cmd.status = max(cmd.status, EXIT_BUG)


#: How the app's summary points at the README, and how a command's output says it.
_README_NOTE: Final = " (README)."
_README_CLI: Final = " (see the README's section on heaps)."


def _cli_words(line: str) -> str:
    """A line of the app's summary as the command line says it: its bare "(README)" as a
    pointer a reader of a terminal can follow."""
    if line.endswith(_README_NOTE):
        return line[: -len(_README_NOTE)] + _README_CLI
    return line


def _p_count(rules: PositionRules[Any], q: HeapQuotient) -> str:
    """How many classes of a partizan game the second player wins, in words."""
    if rules.result_kind is not ResultKind.WIN:
        return "none counted as P-positions (a scoring game)"
    n = sum(1 for c in q.classes if class_is_p(rules, c))
    return f"{n} of P-positions (the second player wins)"


def _emit_quotient(cmd: Command, rules: PositionRules[Any], q: HeapQuotient, examples: int) -> None:
    classes = [
        {
            "class": c.index,
            "size": len(c.members),
            "representatives": [rules.text(m) for m in c.members[:examples]],
            "verdict": c.verdict,
            "outcome": outcome_json(rules, c.outcome)["outcome"],
            "elements": list(c.elements),
            # as the theory prints them, as 'whist value' gives "pretty" beside "element"
            "pretty": list(c.pretty),
        }
        for c in q.classes
    ]
    obj = {
        "max_heap": q.max_heap,
        "max_heaps": q.max_heaps,
        "tests": q.tests,
        "exact": q.exact,
        "positions": len(q.positions),
        "classes": len(q.classes),
        "p_classes": list(q.p_classes),
        "growth": list(q.growth),
        "stable_from": q.stable_from,
        "theory": q.theory,
        "well_defined": q.well_defined,
        "refinement": q.refinement if q.theory else None,
        "homomorphism": q.homomorphism if q.theory else None,
        "mismatches": q.mismatches,
        "class_list": classes,
        "table": [list(row) for row in q.table],
    }
    if q.exact:
        lines = [
            f"{rules.name}: the exact quotient of every position with heaps of at most "
            f"{q.max_heap} counters",
            "classes as the heap bound grows: " + " ".join(map(str, q.growth)),
            f"{len(q.classes)} classes ({len(q.p_classes)} of P-positions), "
            + (
                f"the same from heap bound {q.stable_from} to {q.max_heap}"
                if q.stable_from is not None and q.stable_from < q.max_heap
                else f"first at heap bound {q.max_heap}, the bound computed"
            ),
            # for heaps up to K; the paper's statement
            *(_cli_words(line) for line in summary_lines(rules, q)[2:]),
        ]
    else:
        what = "heaps" if heaps_game(rules) else "piles"
        lines = [
            f"{rules.name}: {len(q.positions):,} positions of at most {q.max_heaps} {what} of "
            f"1 to {q.max_heap} counters, classed by their outcomes against every test position "
            f"of at most {q.tests} {what}",
            f"{len(q.classes)} classes (a lower bound: more test positions can only split them)"
            + ("" if rules.impartial else f", {_p_count(rules, q)}"),
        ]
    key = outcome_key(rules.result_kind, impartial=rules.impartial)
    if key is not None:
        lines.append(key)
    lines += [
        class_line(
            {**c, "elements": c["pretty"]},  # the text as the app and figures write it
            examples,
            c["verdict"] or outcome_text(rules, q.classes[c["class"]].outcome),
            more_members(q, q.classes[c["class"]], examples),
        )
        for c in classes
    ]
    if len(q.classes) <= 24:
        width = len(str(len(q.classes)))
        lines.append("the table of the classes (row + column):")
        for row in q.table:
            lines.append(
                "    " + " ".join("-" * width if v is None else f"{v:>{width}}" for v in row)
            )
    if not q.well_defined:
        lines.append("!!! the table is not well defined: more test positions are needed")
    lines += theory_check_lines(q.theory, q.mismatches)
    cmd.emit(obj, "\n".join(lines))
