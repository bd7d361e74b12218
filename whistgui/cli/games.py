"""``whist games`` (the registered games) and ``whist quotient`` (a game's empirical quotient
monoid, strange algebra §5). A quotient of more than 2 s (``--max-cards 5 --tests 5`` takes
about 100 s) reports its progress on standard error — a line rewritten each second on a
terminal, else a line every 10 s; Ctrl-C stops it with exit status 130."""

from __future__ import annotations

from typing import Any

from whistgui.cli.common import (
    EXIT_BUG,
    Command,
    ProgressLine,
    add_game_option,
    class_line,
    game_listing,
    theory_check_lines,
)
from whistgui.engine import NotationError
from whistgui.engine.games import GAMES
from whistgui.engine.quotient import MAX_CARDS, Quotient, quotient


def register(sub: Any, add: Any) -> None:
    add(
        "games",
        "the games: names, aliases, rules and value theory",
        json_help="one JSON object per game, a line each",
    )
    sp = add(
        "quotient",
        "the empirical quotient monoid of a game: positions up to K cards a hand classed by "
        "their outcomes against every test position up to M cards, checked against the "
        "game's theory (a lower bound on the true number of classes)",
        json_help="one JSON object, on one line: the counts, each class with its "
        "representatives and elements, and whether the theory's values fit the classes",
    )
    add_game_option(sp)
    sp.add_argument(
        "--max-cards",
        type=int,
        default=None,
        metavar="K",
        help=f"card games: positions up to K cards a hand, 0 to {MAX_CARDS}",
    )
    sp.add_argument(
        "--max-heap",
        type=int,
        default=None,
        metavar="K",
        help="games of heaps: heaps of 1 to K counters",
    )
    sp.add_argument(
        "--max-heaps",
        type=int,
        default=None,
        metavar="M",
        help="games of heaps: positions of at most M heaps",
    )
    sp.add_argument(
        "--exact",
        action="store_true",
        help="octal games: the exact quotient of every position with heaps up to K, and the "
        "heap bound from which it stops growing",
    )
    sp.add_argument(
        "--tests",
        type=int,
        default=None,
        metavar="T",
        help="test positions up to T cards a hand, or T heaps (default: as the positions)",
    )
    sp.add_argument(
        "--examples", type=int, default=4, metavar="N", help="positions shown per class (4)"
    )


def games(cmd: Command) -> None:
    for g in GAMES:
        theory = g.new_theory()
        obj = {
            "name": g.name,
            "kind": "trick game",
            "aliases": list(g.aliases),
            "title": g.title,
            "rules": g.rules.describe(),
            "greedy": g.rules.greedy,
            "scoring": g.rules.scoring.value,
            "theory": theory.title if theory is not None else None,
            "notes": g.notes or None,
            "source": g.source,
        }
        rules = [f"  rules:   {g.rules.describe()}"]
        text = game_listing(g.name, g.title, g.aliases, rules, obj["theory"], g.notes, g.source)
        cmd.game = g
        cmd.game_name = g.name
        cmd.emit(obj, text)
    from whistgui.cli import heaps

    heaps.games(cmd)


def run_quotient(cmd: Command, max_cards: int | None, tests: int | None, examples: int) -> None:
    if max_cards is None:
        raise NotationError(
            f"{cmd.game.name} is a card game: expected --max-cards K (positions up to K cards a "
            "hand)"
        )
    if examples < 0:
        raise NotationError(
            f"--examples {examples}: expected a number of positions to show, 0 or more"
        )
    with ProgressLine(cmd.err) as line:

        def progress(done: int, total: int) -> None:
            if line.due():
                line(
                    f"classing positions: {done:,} of {total:,} ({100 * done // max(total, 1)}%), "
                    f"{line.elapsed:.0f} s"
                )

        q = quotient(cmd.game, max_cards, tests, progress=progress)
    _emit_quotient(cmd, q, examples)
    if q.mismatches:
        cmd.status = max(cmd.status, EXIT_BUG)


def _emit_quotient(cmd: Command, q: Quotient, examples: int) -> None:
    theory = cmd.game.new_theory()
    classes = [
        {
            "class": c.index + 1,
            "size": len(c.members),
            "representatives": [str(m) for m in c.members[:examples]],
            "elements": list(c.elements),
        }
        for c in q.classes
    ]
    obj = {
        "max_cards": q.max_cards,
        "tests": q.tests,
        "positions": len(q.positions),
        "test_positions": len(q.test_positions),
        "classes": len(q.classes),
        "theory": theory.title if theory is not None else None,
        "uncovered": q.uncovered,
        "refinement": q.refinement if theory is not None else None,
        "homomorphism": q.homomorphism if theory is not None else None,
        "mismatches": q.mismatches,
        "class_list": classes,
    }
    lines = [
        f"{cmd.game.name}: {len(q.positions)} positions up to {q.max_cards} cards a hand, "
        f"classed by χ(x + z) over {len(q.test_positions)} test positions z up to {q.tests}",
        f"{len(q.classes)} classes (a lower bound: more test positions can only split them)",
    ]
    lines += [class_line(c, examples) for c in classes]
    lines += theory_check_lines(
        theory.title if theory is not None else None, q.mismatches, q.uncovered
    )
    cmd.emit(obj, "\n".join(lines))
