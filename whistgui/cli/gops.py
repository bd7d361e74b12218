"""``whist gops``: GOPS, the Game of Pure Strategy, solved as recursive matrix games —
``matrix`` (the game of bids after the first prize), ``state`` (any position: its matrix game
and solution, or its value and the prizes to come; ``--exact`` in fractions) and ``solve`` (the
game's value and every first prize's matrix game and optimal mixed bids); ``play``,
``best-response``, ``tournament`` and ``matrix-game`` are :mod:`~whistgui.cli.gops_strategies`'s.

Rules: ``--n`` cards a suit, ``--ties carry|split|lost``, ``--score sign|points`` (the thread's
game: carry, sign). ``--json`` prints one object: matrices as lists of rows of floats (rows are
A's bids, columns B's, both in increasing order), strategies as lists of probabilities in bid
order, exact values as strings like ``"-1/9"``. A solve of more than 2 s reports its progress on
standard error (a line rewritten each second on a terminal, else a line every 10 s); Ctrl-C
stops it with exit status 130. Bad input: one line on standard error quoting it, exit status
2."""

from __future__ import annotations

import argparse
import contextlib
import json
import sys
import time
from collections.abc import Sequence
from fractions import Fraction
from typing import Any, TextIO

from whistgui.cli.cluster_options import add_cluster_options, workers_asked
from whistgui.cli.common import (
    EXIT_BAD_INPUT,
    EXIT_INTERRUPTED,
    EXIT_OK,
    ProgressLine,
    number_text,
)
from whistgui.engine import DealError, NotationError, WhistError
from whistgui.engine.gops import (
    MAX_N,
    MAX_POINTS_SOLVE_N,
    MAX_SOLVE_N,
    SCORES,
    TIES,
    ExactSolution,
    GopsRules,
    GopsSolver,
    GopsState,
    MatrixSolution,
    dominated,
    solve_limit,
)
from whistgui.engine.gops.limits import cost_words, memory_words
from whistgui.engine.reading import quote
from whistgui.engine.tables.cluster import ChunkRunner

#: The largest hands solved exactly (exact values of six-card states take seconds and have
#: fractions of a thousand digits; see benchmarks/README.md). The largest game solved is the
#: engine's solve_limit: MAX_SOLVE_N with the sign (N = 9: about 6 minutes of CPU and 2.7 GB),
#: MAX_POINTS_SOLVE_N with points (N = 10: about 13 minutes and 2.9 GB).
MAX_EXACT_CARDS = 6
#: What the largest games take, for the help.
_LARGEST = f"N = {MAX_SOLVE_N}: {cost_words(GopsRules(MAX_SOLVE_N))}"
_LARGEST_POINTS = (
    f"N = {MAX_POINTS_SOLVE_N}: {cost_words(GopsRules(MAX_POINTS_SOLVE_N, score='points'))}"
)
#: ``whist gops --help``: what the commands do, in plain words.
DESCRIPTION = (
    "GOPS, the Game of Pure Strategy, solved as recursive matrix games: 'matrix' shows the "
    "game of bids after the first prize, 'state' any position (a bidding state's matrix game "
    "and solution, or a chance state's value and the prizes to come; --exact in fractions), "
    "'solve' the game's value and every first prize's matrix game and optimal mixed bids; "
    "'play', 'best-response' and 'tournament' play strategies (face, face+k, random, optimal, "
    "a file) against each other exactly, 'matrix-game' solves any matrix game. "
    f"'matrix' and 'solve' take N up to {MAX_SOLVE_N} cards a suit with the sign result "
    f"({_LARGEST}) and up to {MAX_POINTS_SOLVE_N} with points ({_LARGEST_POINTS}); 'state' "
    f"takes N up to {MAX_N} with at most that many cards in each hand."
)
#: Fractions longer than this are shown as a decimal in the text output (in full in --json).
_SHORT = 24


def register(sub: Any, add: Any) -> None:
    sp = sub.add_parser(
        "gops",
        help="GOPS, the Game of Pure Strategy: matrix games of bids, values, optimal mixed bids",
        description=DESCRIPTION,
    )
    gsub = sp.add_subparsers(dest="gops_command", required=True)

    def rules_options(p: argparse.ArgumentParser, n_default: int | None) -> None:
        p.add_argument(
            "--n",
            type=int,
            default=n_default,
            metavar="N",
            help=f"cards in each suit, 1..N (default {n_default}; solved up to {MAX_SOLVE_N} "
            f"with the sign, {_LARGEST}; up to {MAX_POINTS_SOLVE_N} with points, "
            f"{_LARGEST_POINTS})"
            if n_default is not None
            else "cards in each suit, 1..N (default the smallest N that holds the state's "
            f"cards and points; up to {MAX_N}, with at most {MAX_SOLVE_N} cards in each hand "
            f"with the sign result, {MAX_POINTS_SOLVE_N} with points)",
        )
        p.add_argument(
            "--ties",
            default="carry",
            metavar="RULE",
            help="equal bids: carry (the pot goes to the next prize; the default), split or lost",
        )
        p.add_argument(
            "--score",
            default="sign",
            metavar="RESULT",
            help="sign (win 1, draw 0, loss -1; the default) or points (the points difference)",
        )
        p.add_argument("--json", action="store_true", help="one JSON object, on one line")

    what = "the matrix game of bids after the first prize, its dominated bids and solution"
    p = gsub.add_parser("matrix", help=what, description=what)
    p.add_argument("--first", type=int, required=True, metavar="PRIZE", help="the first prize")
    rules_options(p, 6)
    what = (
        "a state 'prizes=… a=… b=… pot=… diff=…': a bidding state's matrix game and solution, "
        "a chance state's value and the prizes that may come"
    )
    p = gsub.add_parser("state", help=what, description=what)
    p.add_argument("state", metavar="STATE", help="e.g. 'prizes=1,2 a=1,2,3 b=1,2,4 pot=3'")
    p.add_argument("--exact", action="store_true", help="values and strategies as fractions")
    rules_options(p, None)
    what = "the game's value and, for every first prize, the matrix game and optimal mixed bids"
    p = gsub.add_parser("solve", help=what, description=what)
    rules_options(p, 6)
    add_cluster_options(p, "value each level's states in chunks")
    from whistgui.cli import gops_strategies  # play, best-response, tournament, matrix-game

    gops_strategies.register(gsub, rules_options)


def _runner(args: argparse.Namespace) -> ChunkRunner | None:
    """Where the levels' chunks run: a local cluster (--workers), an existing one
    (--scheduler), or None (this process, level by level)."""
    if args.scheduler is not None:
        return ChunkRunner(scheduler=args.scheduler)
    workers = workers_asked(args)
    return None if workers is None else ChunkRunner(workers)


# --- rules, limits, progress -------------------------------------------------------------


#: From this N on ``matrix`` solves the whole game level by level first: quicker than the
#: recursion for one first prize, which needs most of the game's states (N = 7: 2.2 s of CPU
#: for the whole game, 2.9–3.3 s for one first prize; N = 9: 5.5 minutes, against some 20
#: for the recursion's whole game), and the matrix is then the one ``solve`` prints.
_LEVELS_FROM = 7


def _solve_time(score: str) -> str:
    """Why ``matrix`` and ``solve`` take N up to the result's solve_limit."""
    most = solve_limit(GopsRules(score=score))
    return (
        f"N = {most} takes {cost_words(GopsRules(most, score=score))}, each card more about "
        "ten times longer"
    )


def _rules(args: argparse.Namespace, n: int, most: int | None = MAX_N) -> GopsRules:
    """The rules of the options, for a deck of ``n`` cards, which this command takes from 1 to
    ``most`` (None: ``matrix`` and ``solve`` solve the whole game, up to the result's
    solve_limit — 9 with the sign, 10 with points; ``state`` any state of a deck up to MAX_N,
    with at most solve_limit cards in each hand)."""
    ties, score = args.ties.strip().lower(), args.score.strip().lower()
    if ties not in TIES:
        raise NotationError(f"--ties {quote(args.ties)}: expected one of {', '.join(TIES)}")
    if score not in SCORES:
        raise NotationError(f"--score {quote(args.score)}: expected one of {', '.join(SCORES)}")
    if most is None:
        most = solve_limit(GopsRules(score=score))
    if not 1 <= n <= most:
        why = ""
        if n > most and most < MAX_N:
            why = (
                f"; 'whist gops {args.gops_command}' solves games of at most {most} cards in "
                f"each suit with the {score} result ({_solve_time(score)})"
            )
        raise NotationError(
            f"--n {number_text(n)}: expected a number of cards from 1 to {most}{why}"
        )
    return GopsRules(n, ties, score)


def _check_size(cards: int, what: str, rules: GopsRules) -> None:
    most = solve_limit(rules)
    if cards > most:
        raise NotationError(
            f"{what}: too large to solve here; whist gops solves at most {most} cards in "
            f"each hand with the {rules.score} result ({_solve_time(rules.score)})"
        )


class _Progress:
    """The states solved so far, on standard error (a :class:`ProgressLine`)."""

    def __init__(self, err: TextIO) -> None:
        self.line = ProgressLine(err)

    def __call__(self, states: int) -> None:
        if self.line.due():
            self.line(f"solving: {states:,} states, {self.line.elapsed:.0f} s")

    def done(self) -> None:
        self.line.end()


def _solver(
    rules: GopsRules, err: TextIO, args: argparse.Namespace
) -> tuple[GopsSolver, _Progress]:
    args.solving = rules  # for the message if the memory runs out (run)
    progress = _Progress(err)
    return GopsSolver(rules, progress=progress), progress


# --- text --------------------------------------------------------------------------------


def _int_text(n: int) -> str:
    """Decimal digits of any integer (str() refuses more than 4300 digits)."""
    if -(10**4000) < n < 10**4000:
        return str(n)
    if n < 0:
        return "-" + _int_text(-n)
    half = 10**2000
    q, r = divmod(n, half)
    return _int_text(q) + _int_text(r).zfill(2000)


def fraction_text(x: Fraction) -> str:
    """``'-1/9'``, ``'0'``: a fraction in full, however long."""
    if x.denominator == 1:
        return _int_text(x.numerator)
    return f"{_int_text(x.numerator)}/{_int_text(x.denominator)}"


class _Short:
    """Fractions for a text table: in full when short, else ``≈`` a decimal (the longest
    denominator left out is remembered for a note under the table)."""

    def __init__(self) -> None:
        self.longest = 0

    def __call__(self, x: Fraction) -> str:
        text = fraction_text(x)
        if len(text) <= _SHORT:
            return text
        self.longest = max(self.longest, len(_int_text(x.denominator)))
        return f"≈{_num(float(x))}"

    def note(self) -> list[str]:
        if not self.longest:
            return []
        return [
            f"≈: a fraction too long to show (denominators of up to {self.longest} digits); "
            "--json prints every fraction in full"
        ]


def _num(v: float) -> str:
    return f"{0.0 if abs(v) < 5e-7 else v:.6f}"  # no "-0.000000"


def _table(
    rows: Sequence[int],
    cols: Sequence[int],
    cells: Sequence[Sequence[str]],
    dom_rows: Sequence[int],
    dom_cols: Sequence[int],
) -> list[str]:
    width = max(9, *(len(c) for r in cells for c in r))
    head = " " * 6 + "".join(
        f"{f'B {j}' + ('*' if k in dom_cols else ''):>{width + 1}}" for k, j in enumerate(cols)
    )
    lines = [head]
    for k, (i, row) in enumerate(zip(rows, cells, strict=True)):
        label = f"A {i}" + ("*" if k in dom_rows else "")
        lines.append(f"{label:<6}" + "".join(f"{c:>{width + 1}}" for c in row))
    return lines


def _mix(name: str, bids: Sequence[int], probs: Sequence[str]) -> str:
    return f"{name}: " + "  ".join(f"{b}: {p}" for b, p in zip(bids, probs, strict=True))


def _matrix_text(
    state: GopsState,
    m: Sequence[Sequence[float]],
    sol: MatrixSolution,
    exact: tuple[list[list[Fraction]], ExactSolution] | None,
) -> list[str]:
    rows, cols = sorted(state.a), sorted(state.b)
    dom_rows, dom_cols = dominated(m)
    if exact is None:
        cells = [[_num(v) for v in r] for r in m]
        row_p = [f"{p:.4f}" for p in sol.row]
        col_p = [f"{q:.4f}" for q in sol.col]
        value = _num(sol.value)
    else:
        em, es = exact
        short = _Short()
        cells = [[short(v) for v in r] for r in em]
        row_p = [short(p) for p in es.row]
        col_p = [short(q) for q in es.col]
        value = short(es.value)
        if not value.startswith("≈"):
            value += f"  (≈{_num(float(es.value))})"
    lines = [
        "rows: A's bids, columns: B's bids; entries: A's expected result; * dominated",
        *_table(rows, cols, cells, dom_rows, dom_cols),
        _mix("A bids", rows, row_p),
        _mix("B bids", cols, col_p),
        f"value for A: {value}",
    ]
    if exact is not None:
        lines += short.note()
    return lines


def _matrix_json(
    state: GopsState,
    m: Sequence[Sequence[float]],
    sol: MatrixSolution,
    exact: tuple[list[list[Fraction]], ExactSolution] | None,
) -> dict[str, Any]:
    rows, cols = sorted(state.a), sorted(state.b)
    dom_rows, dom_cols = dominated(m)
    obj: dict[str, Any] = {
        "rows": rows,
        "columns": cols,
        "matrix": [list(r) for r in m],
        "row_strategy": list(sol.row),
        "column_strategy": list(sol.col),
        "value": sol.value,
        "dominated_row_bids": [rows[i] for i in dom_rows],
        "dominated_column_bids": [cols[j] for j in dom_cols],
    }
    if exact is not None:
        em, es = exact
        obj["exact_matrix"] = [[fraction_text(v) for v in r] for r in em]
        obj["exact_row_strategy"] = [fraction_text(p) for p in es.row]
        obj["exact_column_strategy"] = [fraction_text(q) for q in es.col]
        obj["exact_value"] = fraction_text(es.value)
    return obj


# --- the commands ------------------------------------------------------------------------


def _matrix(args: argparse.Namespace, out: TextIO, err: TextIO) -> None:
    rules = _rules(args, args.n, None)
    if not 1 <= args.first <= rules.n:
        raise NotationError(
            f"--first {number_text(args.first)}: expected a prize from 1 to {rules.n}"
        )
    state = GopsState.start(rules.n).turn(args.first)
    solver, progress = _solver(rules, err, args)
    try:
        if rules.n >= _LEVELS_FROM:  # the whole game level by level, then the matrix is hits
            solver.solve()
        m = solver.matrix(state)
    finally:
        progress.done()
    sol = solver.solution(state)
    if args.json:
        obj = {"n": rules.n, "rules": rules.to_json(), "prize": args.first, "state": str(state)}
        obj.update(_matrix_json(state, m, sol, None))
        out.write(json.dumps(obj) + "\n")
        return
    lines = [
        f"GOPS: {rules.describe()}",
        f"after the first prize {args.first}: {state}",
        *_matrix_text(state, m, sol, None),
    ]
    out.write("\n".join(lines) + "\n")


def _state(args: argparse.Namespace, out: TextIO, err: TextIO) -> None:
    state = GopsState.parse(args.state)
    cards = max((*state.a, *state.b, *state.prizes), default=1)
    if args.n is not None and not 1 <= args.n <= MAX_N:
        raise NotationError(
            f"--n {number_text(args.n)}: expected a number of cards from 1 to {MAX_N}"
        )
    if args.n is not None and args.n < cards:
        raise NotationError(
            f"--n {args.n}: {quote(args.state)} holds the card {cards}; expected N from "
            f"{cards} to {MAX_N}"
        )
    n = args.n
    if n is None:  # the smallest deck with its cards and with prizes enough for its points
        n, points = cards, state.pot + abs(state.diff) + sum(state.prizes)
        while n < MAX_N and n * (n + 1) // 2 < points:
            n += 1
    rules = _rules(args, n)
    try:
        state.check(rules)
    except DealError as exc:
        game = f"--n {n}" if args.n is not None else f"N = {n}"
        raise NotationError(f"{quote(args.state)} is no state of a game of {game}: {exc}") from None
    _check_size(len(state.a), f"{quote(args.state)} has {len(state.a)} cards in each hand", rules)
    if args.exact and len(state.a) > MAX_EXACT_CARDS:
        raise NotationError(
            f"{quote(args.state)} has {len(state.a)} cards in each hand: --exact solves at most "
            f"{MAX_EXACT_CARDS} (its fractions grow to thousands of digits)"
        )
    solver, progress = _solver(rules, err, args)
    obj: dict[str, Any] = {"state": str(state), "rules": rules.to_json()}
    lines = [f"GOPS: {rules.describe()}", f"state: {state}"]
    try:
        if state.is_bidding:
            m = solver.matrix(state)
            sol = solver.solution(state)
            exact = (
                (solver.exact_matrix(state), solver.exact_solution(state)) if args.exact else None
            )
            obj.update(kind="bidding", **_matrix_json(state, m, sol, exact))
            lines[1] += f"  (bidding for a pot of {state.pot})"
            lines += _matrix_text(state, m, sol, exact)
        else:
            value = solver.value(state)
            obj.update(kind="over" if state.is_over else "chance", value=value)
            exact_value = solver.exact_value(state) if args.exact else None
            if exact_value is not None:
                obj["exact_value"] = fraction_text(exact_value)
            prizes = sorted(state.prizes)
            short = _Short()
            lines[1] += "  (game over)" if state.is_over else "  (a prize is about to be turned)"
            obj["prizes"] = []
            for p in prizes:
                nxt = state.turn(p)
                entry: dict[str, Any] = {
                    "prize": p,
                    "probability": 1 / len(prizes),
                    "state": str(nxt),
                    "value": solver.value(nxt),
                }
                text = f"  prize {p} (1/{len(prizes)}): value {_num(entry['value'])}"
                if args.exact:
                    ev = solver.exact_value(nxt)
                    entry["exact_value"] = fraction_text(ev)
                    text = f"  prize {p} (1/{len(prizes)}): value {short(ev)}"
                obj["prizes"].append(entry)
                lines.append(text)
            shown = _num(value) if exact_value is None else short(exact_value)
            lines.append(f"value for A: {shown}")
            lines += short.note()
    finally:
        progress.done()
    out.write(json.dumps(obj) + "\n" if args.json else "\n".join(lines) + "\n")


def _solve(args: argparse.Namespace, out: TextIO, err: TextIO) -> None:
    rules = _rules(args, args.n, None)
    runner = _runner(args)
    with runner or contextlib.nullcontext():
        if runner is not None:
            runner.client()
            count = runner.worker_count()
            verb = "reached" if runner.scheduler is not None else "started"
            err.write(
                f"whist: running on {runner.where} ({count} worker{'' if count == 1 else 's'}, "
                f"{verb} in {runner.start_seconds or 0.0:.1f} s)\n"
            )
        solver, progress = _solver(rules, err, args)
        t = time.perf_counter()
        try:
            game = solver.solve(runner)
        finally:
            progress.done()
    seconds = time.perf_counter() - t
    if args.json:
        out.write(json.dumps(game.to_json()) + "\n")
        return
    lines = [
        f"GOPS: {rules.describe()}",
        f"value for A (the first player): {_num(game.value)}",
        f"solved in {seconds:.2f} s, {solver.memo_size:,} states in the memo",
    ]
    start = GopsState.start(rules.n)
    for first in game.first:
        state = start.turn(first.prize)
        lines += ["", f"first prize {first.prize}:"]
        lines += _matrix_text(state, first.matrix, first.solution, None)
    out.write("\n".join(lines) + "\n")


def run(args: argparse.Namespace, out: TextIO | None = None, err: TextIO | None = None) -> int:
    """``whist gops …``: the answer on standard output; bad input one line on standard error
    (exit status 2)."""
    out = out if out is not None else sys.stdout
    err = err if err is not None else sys.stderr
    from whistgui.cli.gops_strategies import COMMANDS

    commands = {"matrix": _matrix, "state": _state, "solve": _solve, **COMMANDS}
    fn = commands[args.gops_command]
    args.rules_of = _rules  # how the strategy commands read --n, --ties and --score
    try:
        fn(args, out, err)
    except WhistError as exc:  # NotEnoughMemory too: GopsSolver.solve's own
        err.write(f"whist: error: {exc}\n")
        return EXIT_BAD_INPUT
    except MemoryError:  # a state's recursion (matrix, state) ran out: its memo is gone now
        rules = getattr(args, "solving", None)
        what = memory_words(rules) if isinstance(rules, GopsRules) else "not enough memory"
        err.write(f"whist: error: {what}; try a smaller N\n")
        return EXIT_BAD_INPUT
    except KeyboardInterrupt:  # Ctrl-C: the progress line is cleared (finally) already
        err.write("whist: interrupted\n")
        return EXIT_INTERRUPTED
    out.flush()
    return EXIT_OK
