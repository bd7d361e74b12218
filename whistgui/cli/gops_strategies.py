"""``whist gops play | best-response | tournament | matrix-game``: the thread's strategies
played exactly (issue 30), and any matrix game solved.

Strategies: ``face`` and ``face+k`` (the card k above the prize shown, wrapping from N to 1),
``random``, ``optimal`` (the solved game's mixed bids) or a strategy file (``.json``; the
format in :mod:`whistgui.engine.gops.strategies`). ``--order random|ascending|descending``:
how the prizes are turned (the thread's game: random). Results are A's (the first strategy's)
and exact: ``--json`` prints ``"value"`` (a float) and ``"exact"`` (``"p/q"``). Bad input: one
line on standard error quoting it, exit status 2.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from fractions import Fraction
from typing import Any, Final, TextIO

from whistgui.cli.common import ProgressLine
from whistgui.engine import NotationError
from whistgui.engine.gops import MAX_EXACT_MATRIX, MAX_MATRIX, GopsRules, solve_exact
from whistgui.engine.gops.exact_play import (
    PlayResult,
    best_response,
    exact_text,
    fraction_text,
    game_value,
    play,
    tournament,
)
from whistgui.engine.gops.matrix import solve_matrix
from whistgui.engine.gops.matrix_text import (
    MAX_MATRIX_TEXT,
    MatrixTextError,
    max_text,
    parse_matrix,
    shape_text,
)
from whistgui.engine.gops.ordered import ORDERS, check_order
from whistgui.engine.gops.strategies import (
    OptimalStrategy,
    Strategy,
    strategy,
    unknown_strategies,
)
from whistgui.engine.reading import quote, quote_path

__all__ = ["COMMANDS", "MAX_MATRIX_CHARS", "register"]

#: The longest matrix text read (an argument, or standard input with ``-``): a 100 × 100 game
#: of numbers of some 50 characters each (with --exact, 16 × 16: 20,000 characters).
MAX_MATRIX_CHARS: Final = MAX_MATRIX_TEXT
#: The most turns of a best reply printed in the text output (all of them with --json).
MAX_TURNS_SHOWN: Final = 60
#: The most final scores listed in the text output of ``play``.
MAX_SCORES_SHOWN: Final = 30
#: The most strategies of a tournament.
MAX_STRATEGIES: Final = 12
_SHORT = 20
_STRATEGIES = "face, face+k, random, optimal or a strategy file (.json)"
_NOT_EXACT = (
    "not exact: optimal bids its float solution's probabilities from N = 6 on (the exact "
    'one runs to thousands of digits); --json gives "exact": null'
)


def register(
    gsub: Any, rules_options: Callable[[argparse.ArgumentParser, int | None], None]
) -> None:
    """The four commands, on ``whist gops``'s subparsers (``rules_options`` adds --n, --ties,
    --score and --json)."""

    def order_option(p: argparse.ArgumentParser) -> None:
        p.add_argument(
            "--order",
            default="random",
            metavar="ORDER",
            help="how the prizes are turned: random (the thread's game; the default), ascending "
            "or descending",
        )

    what = (
        "A's exact expected result playing strategy A against B, over every order of the "
        "prizes and every mixed bid, and the distribution of results and final scores"
    )
    p = gsub.add_parser("play", help=what, description=what)
    p.add_argument("--a", required=True, metavar="S", help=f"A's strategy: {_STRATEGIES}")
    p.add_argument("--b", required=True, metavar="T", help=f"B's strategy: {_STRATEGIES}")
    rules_options(p, 6)
    order_option(p)
    what = (
        "the best reply to a strategy: its exact value for the replier, its bid in each turn "
        "it meets, and the strategy's exploitability (the reply's value less the game's)"
    )
    p = gsub.add_parser("best-response", help=what, description=what)
    p.add_argument("--against", required=True, metavar="S", help=f"the strategy: {_STRATEGIES}")
    p.add_argument(
        "--save", metavar="FILE", help="write the reply as a strategy file (JSON) to FILE"
    )
    rules_options(p, 6)
    order_option(p)
    what = "every pair of strategies played exactly: the matrix of A's (the row's) results"
    p = gsub.add_parser("tournament", help=what, description=what)
    p.add_argument(
        "--strategies",
        required=True,
        metavar="S,T,…",
        help=f"strategies separated by commas: {_STRATEGIES}",
    )
    p.add_argument(
        "--figure",
        metavar="FILE",
        help="also draw the matrix, each cell exact and coloured by sign, deeper the larger, "
        "to FILE (.svg, .pdf, .png or .tex, by its extension)",
    )
    rules_options(p, 6)
    order_option(p)
    what = (
        "any matrix game, e.g. '[[3,-4],[-1,1]]' (rows: the maximising player's choices): its "
        "value and both optimal mixed strategies"
    )
    p = gsub.add_parser("matrix-game", help=what, description=what)
    p.add_argument(
        "matrix",
        metavar="MATRIX",
        help='a JSON list of rows of numbers (or of fractions in text, "1/3"), or rows one a '
        "line (or separated by ';') of numbers separated by spaces, tabs or commas, as a "
        "spreadsheet copies them ('3 -4; -1 1'); decimals are read exactly, fractions p/q; "
        "- reads it from standard input. At most 100 rows and columns (16 with --exact)",
    )
    p.add_argument("--exact", action="store_true", help="the value and strategies as fractions")
    p.add_argument("--json", action="store_true", help="one JSON object, on one line")


# --- helpers -----------------------------------------------------------------------------


def _rules(args: argparse.Namespace) -> tuple[GopsRules, str]:
    """The rules and prize order of the options: --n, --ties and --score read as ``whist gops``
    reads them (its ``run`` passes its reader in ``args.rules_of``: no import of it here)."""
    rules = args.rules_of(args, args.n)
    try:
        order = check_order(args.order)
    except NotationError:
        raise NotationError(
            f"--order {quote(args.order)}: expected one of {', '.join(ORDERS)}"
        ) from None
    return rules, order


def _strategy(name: str, option: str, rules: GopsRules, order: str) -> Strategy:
    try:
        return strategy(name, rules, order)
    except NotationError as exc:
        raise NotationError(f"{option}: {exc}") from None


def _short(x: Fraction) -> str:
    text = fraction_text(x)
    return text if len(text) <= _SHORT else f"≈{float(x):.6f}"


def _exact_and_float(x: Fraction) -> str:
    text = _short(x)
    return text if text.startswith("≈") else f"{text}  (≈{float(x):.6f})"


def _order_words(order: str) -> str:
    return {
        "random": "prizes turned in random order",
        "ascending": "prizes turned from 1 up",
        "descending": "prizes turned from N down",
    }[order]


def _num(x: Fraction) -> str:
    return str(x.numerator) if x.denominator == 1 else f"{float(x):g}"


# --- the commands ------------------------------------------------------------------------


class _States:
    """States visited so far, on standard error (a :class:`ProgressLine`: nothing in a quick
    run, then a line a second on a terminal, every 10 s in a log)."""

    def __init__(self, line: ProgressLine, what: str) -> None:
        self.line, self.what = line, what

    def __call__(self, states: int) -> None:
        if self.line.due():
            self.line(f"{self.what}: {states:,} states, {self.line.elapsed:.0f} s")


def _solving_said(line: ProgressLine, *strategies: Strategy) -> None:
    """``optimal``'s game, solved when play first needs its bids, says so on ``line``
    ("solving the game for optimal's bids: 3,072 states, 12 s"): a phase of its own."""
    for s in strategies:
        solver = getattr(s, "solver", None)
        if isinstance(s, OptimalStrategy) and hasattr(solver, "progress"):

            def said(states: int) -> None:
                if line.due():
                    line(
                        f"solving the game for optimal's bids: {states:,} states, "
                        f"{line.elapsed:.0f} s"
                    )

            solver.progress = said


def _play(args: argparse.Namespace, out: TextIO, err: TextIO) -> None:
    rules, order = _rules(args)
    a = _strategy(args.a, "--a", rules, order)
    b = _strategy(args.b, "--b", rules, order)
    with ProgressLine(err) as line:
        _solving_said(line, a, b)
        r = play(a, b, rules, order, progress=_States(line, f"playing {a.name} against {b.name}"))
    if args.json:
        out.write(json.dumps(r.to_json()) + "\n")
        return
    out.write("\n".join(_play_text(r)) + "\n")


def _play_text(r: PlayResult) -> list[str]:
    lines = [
        f"GOPS: {r.rules.describe()}",
        _order_words(r.order),
        f"A: {r.a}   B: {r.b}",
        f"A's expected result: {_exact_and_float(r.exact)}",
        "distribution of A's result:",
    ]
    lines += [f"  {_num(x):>6}: {_short(p)}" for x, p in r.results()]
    shown = r.scores[:MAX_SCORES_SHOWN] if len(r.scores) > MAX_SCORES_SHOWN else r.scores
    lines.append("final scores (A - B: probability):")
    lines += [f"  {_num(pa)} - {_num(pb)}: {_short(p)}" for pa, pb, p in shown]
    if len(r.scores) > len(shown):
        lines.append(f"  … {len(r.scores) - len(shown)} more (--json lists every one)")
    if not r.exact_strategies:
        lines.append(_NOT_EXACT)
    return lines


def _best_response(args: argparse.Namespace, out: TextIO, err: TextIO) -> None:
    rules, order = _rules(args)
    s = _strategy(args.against, "--against", rules, order)
    with ProgressLine(err) as line:
        _solving_said(line, s)
        br = best_response(s, rules, order, progress=_States(line, f"the best reply to {s.name}"))
        line(f"solving the game for its value (the exploitability), {line.elapsed:.0f} s")
        solver = s.solver if isinstance(s, OptimalStrategy) and order == "random" else None
        gv = game_value(rules, order, solver=solver)
    exploit = br.value - gv
    if args.save is not None:
        with open(args.save, "w", encoding="utf-8") as f:
            f.write(json.dumps(br.reply.to_json(), indent=1) + "\n")
    if args.json:
        obj = br.to_json()
        obj["game_value"] = {"value": float(gv), "exact": exact_text(gv)}
        obj["exploitability"] = {
            "value": float(exploit),
            "exact": exact_text(exploit) if br.exact_strategy else None,
        }
        out.write(json.dumps(obj) + "\n")
        return
    lines = [
        f"GOPS: {rules.describe()}",
        _order_words(order),
        f"the best reply to {s.name} (the replier is A)",
        f"value for the replier: {_exact_and_float(br.value)}",
        f"the game's value: {_exact_and_float(gv)}",
        f"exploitability of {s.name}: {_exact_and_float(exploit)}",
    ]
    if not br.exact_strategy:
        lines.append(_NOT_EXACT)
    turns = br.turns()
    if len(turns) <= MAX_TURNS_SHOWN:
        lines.append(f"the reply, in the {len(turns)} turns it meets (turn: bid):")
        lines += [f"  {t}: {bid}" for t, bid in turns]
    else:
        lines.append(f"the reply bids in {len(turns):,} turns (--json or --save lists them)")
    if args.save is not None:
        lines.append(f"reply saved to {args.save}")
    out.write("\n".join(lines) + "\n")


def _tournament(args: argparse.Namespace, out: TextIO, err: TextIO) -> None:
    rules, order = _rules(args)
    names = [w.strip() for w in args.strategies.split(",")]
    if not all(names) or len(names) > MAX_STRATEGIES:
        raise NotationError(
            f"--strategies {quote(args.strategies)}: expected 1 to {MAX_STRATEGIES} strategies "
            f"separated by commas ({_STRATEGIES})"
        )
    unknown = unknown_strategies(names, rules)
    if unknown is not None:
        raise NotationError(f"--strategies: {unknown}")
    strategies = [_strategy(w, "--strategies", rules, order) for w in names]
    if args.figure:
        from whistgui.figures.backends import FORMATS

        if args.figure.rsplit(".", 1)[-1].lower() not in FORMATS or "." not in args.figure:
            raise NotationError(
                f"--figure {quote_path(args.figure)}: expected a file name ending in "
                + ", ".join(f".{f}" for f in FORMATS)
            )
    with ProgressLine(err) as line:
        done = [0, len(strategies) ** 2]

        def plays(k: int, total: int) -> None:
            done[:] = [k, total]
            if line.due():
                line(f"tournament: {k} of {total} plays done, {line.elapsed:.0f} s")

        def states(n: int) -> None:
            if line.due():
                line(
                    f"tournament: {done[0]} of {done[1]} plays done, the next at {n:,} states, "
                    f"{line.elapsed:.0f} s"
                )

        _solving_said(line, *strategies)
        results = tournament(strategies, rules, order, progress=plays, states=states)
    labels = [s.name for s in strategies]
    figure = _tournament_figure(results, args.figure) if args.figure else None
    if args.json:
        obj = {
            "rules": rules.to_json(),
            "order": order,
            "strategies": labels,
            "matrix": [[r.value for r in row] for row in results],
            "exact": [
                [exact_text(r.exact) if r.exact_strategies else None for r in row]
                for row in results
            ],
        }
        if figure is not None:
            obj["figure"] = figure
        out.write(json.dumps(obj) + "\n")
        return
    cells = [[_short(r.exact) for r in row] for row in results]
    width = max(10, *(len(c) for row in cells for c in row), *(len(x) for x in labels))
    lines = [
        f"GOPS: {rules.describe()}",
        _order_words(order),
        "rows: A's strategy, columns: B's; entries: A's expected result",
        " " * width + "".join(f"{x:>{width + 1}}" for x in labels),
    ]
    for label, row in zip(labels, cells, strict=True):
        lines.append(f"{label:<{width}}" + "".join(f"{c:>{width + 1}}" for c in row))
    if not all(r.exact_strategies for row in results for r in row):
        lines.append(_NOT_EXACT)
    if figure is not None:
        lines.append(f"figure: {figure}")
    out.write("\n".join(lines) + "\n")


def _tournament_figure(results: list[list[PlayResult]], path: str) -> str:
    """The tournament's figure written to ``path`` (its format by the extension; a PNG at
    300 dpi, refused before painting when too large); the file's name."""
    from whistgui.figures import write
    from whistgui.figures.backends import check_image_size
    from whistgui.figures.gops_tournament import build_gops_tournament

    fig = build_gops_tournament(results)
    if path.lower().endswith(".png"):
        check_image_size(fig, 300, dpi_name="the resolution", width_name="the width")
    return str(write(fig, path))


def read_matrix(text: str, max_size: int = MAX_MATRIX) -> list[list[Fraction]]:
    """A matrix game's text, read by :func:`~whistgui.engine.gops.matrix_text.parse_matrix`
    (JSON, or rows one a line; integers, decimals read exactly, fractions ``p/q``) to at most
    ``max_size`` rows and columns; NotationError quoting the text and what is wrong in it."""
    try:
        return parse_matrix(text, max_size)
    except MatrixTextError as exc:
        if str(exc).startswith("the matrix "):
            raise
        raise NotationError(f"matrix {quote(text)}: {exc}") from None


def _matrix_game(args: argparse.Namespace, out: TextIO, err: TextIO, stdin: TextIO) -> None:
    text = args.matrix
    size = MAX_EXACT_MATRIX if args.exact else MAX_MATRIX
    if text == "-":
        text = stdin.read(max_text(size) + 1)
    m = read_matrix(text, size)
    if args.exact:
        es = solve_exact(m)
        obj: dict[str, Any] = {
            "value": fraction_text(es.value),
            "row_strategy": [fraction_text(p) for p in es.row],
            "column_strategy": [fraction_text(q) for q in es.col],
        }
        value_text = _exact_and_float(es.value)
        row_t, col_t = obj["row_strategy"], obj["column_strategy"]
    else:
        fs = solve_matrix(m)
        obj = {"value": fs.value, "row_strategy": list(fs.row), "column_strategy": list(fs.col)}
        value_text = f"{fs.value:.6f}"
        row_t = [f"{p:.4f}" for p in fs.row]
        col_t = [f"{q:.4f}" for q in fs.col]
    if args.json:
        out.write(json.dumps(obj) + "\n")
        return
    lines = [
        f"a matrix game {shape_text(len(m), len(m[0]))}; rows maximise",
        f"value: {value_text}",
        "rows: " + "  ".join(f"{i + 1}: {p}" for i, p in enumerate(row_t)),
        "columns: " + "  ".join(f"{j + 1}: {q}" for j, q in enumerate(col_t)),
    ]
    out.write("\n".join(lines) + "\n")


def _matrix_game_stdin(args: argparse.Namespace, out: TextIO, err: TextIO) -> None:
    _matrix_game(args, out, err, sys.stdin)


#: Each command and what runs it (``whist gops``'s ``run`` dispatches to these).
COMMANDS: Final[dict[str, Callable[[argparse.Namespace, TextIO, TextIO], None]]] = {
    "play": _play,
    "best-response": _best_response,
    "tournament": _tournament,
    "matrix-game": _matrix_game_stdin,
}
