"""The ``whist`` command line: values in each game's theory, single-suit analysis, exact
search, optimal play, value tables, the games and their quotient monoids, figures.

Every command but ``render`` takes ``--json`` (the commands of deals: one JSON object per deal,
one per line, each naming its ``"game"``; each command's ``--help`` says what it prints) and
those of deals read them one per line from standard input when a deal argument is ``-``
(lines end at LF, CR or CR LF). A bad deal prints a one-line error to standard error — with
``--json`` also an object ``{"game", "error", "input"}`` (and ``"line"``, its line of standard
input) in its place — and the other deals are still answered; the exit status is then 2. The
``"input"`` is the deal as given up to 1,000 characters, a longer one its start and end around
``…`` with ``"input_length"`` (:func:`~whistgui.cli.common.input_json`); JSON is valid UTF-8
(an undecodable byte of an argument is U+FFFD). Messages quote long input by its start and end,
and option numbers are ASCII decimals. Exit statuses (:mod:`~whistgui.cli.common`): 0 every
deal answered, 1 ``whist conjectures`` found a counterexample, 2 bad input or a bad option (some
deals refused, or an input beyond a command's limit), 3 an internal error (a bug, e.g. a theory
disagreeing with search), 130 interrupted. No input, however long or strange, ends in a
traceback.

One module per command group, each thin over the engine: :mod:`~whistgui.cli.values`
(value, analyze), :mod:`~whistgui.cli.tables` (table, conjectures), :mod:`~whistgui.cli.search`
(solve), :mod:`~whistgui.cli.play`, :mod:`~whistgui.cli.games` (games, quotient),
:mod:`~whistgui.cli.render`, :mod:`~whistgui.cli.bridge` (four-hand bridge double dummy). The
groups are imported when the parser is built, not with this package: ``whistgui`` reads its own
options with :class:`~whistgui.cli.common.Parser` and needs none of them (nor bridge's DDS, GOPS's
HiGHS) at start-up; and ``whist COMMAND …`` builds and imports only the group of COMMAND
(:data:`GROUP_OF`), the whole tree only for ``whist --help`` and what is not a command.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence
from typing import Final, TextIO

from whistgui import __version__
from whistgui.cli.common import (
    EXIT_BAD_INPUT,
    EXIT_BUG,
    EXIT_INTERRUPTED,
    EXIT_OK,
    Command,
    Parser,
    beyond_internal_limit,
    dash_argument,
    deal_texts,
    game_of,
    internal_error,
    readable_standard_streams,
    unrecognized,
)
from whistgui.engine import WhistError
from whistgui.engine.heaps import is_heap_game

__all__ = ["DESCRIPTION", "GROUP_OF", "build_parser", "main"]

#: ``whist --help``: every command group, in plain words.
DESCRIPTION = (
    "Card games analysed exactly. The whist family of two-person trick-taking games "
    "(Wästlund 2005: whist, refined and Greedy Whist, five-card and misère five-card): the "
    "values of deals and their order (value, analyze, compare), exact search and optimal "
    "play (solve, play), tables "
    "of single suits and checks of the papers' conjectures (table, conjectures), the games "
    "and their quotient monoids (games, quotient), figures for articles (render). Bridge "
    "double dummy: tables, contracts and lines of play of four-hand deals (bridge). GOPS, the "
    "Game of Pure Strategy: matrix games of bids, values and optimal mixed bids (gops)."
)


#: Each command and the module of :mod:`whistgui.cli` that registers it (its group), in the
#: order ``whist --help`` lists them.
GROUP_OF: Final = {
    "value": "values",
    "analyze": "values",
    "compare": "compare",
    "table": "tables",
    "conjectures": "tables",
    "solve": "search",
    "play": "play",
    "games": "games",
    "quotient": "games",
    "render": "render",
    "bridge": "bridge",
    "gops": "gops",
}


def build_parser(command: str | None = None) -> argparse.ArgumentParser:
    """The parser of ``whist``: every command's, or when ``command`` names one only its
    group's (what ``whist COMMAND …`` reads; the other groups are neither built nor imported —
    a run of ``whist value`` built the whole tree, some 6 ms of argparse, before).

    >>> sorted(build_parser("value")._subparsers._group_actions[0].choices)
    ['analyze', 'value']
    """
    p = Parser(
        prog="whist",
        description=DESCRIPTION,
        epilog="Deals of the whist games: compact 'AQ/KJ K/A' (quote a deal with several "
        "suits; '-/AK' is West void) or the paper's '[A Q, K J] + [K, A]'; --game NAME picks "
        "the game ('whist games' lists them). Use - to read deals from standard input, one "
        'per line; a bad one says why (with --json as an object with "error" and "line") and '
        "the others are still answered. 'whist COMMAND --help' says what a command takes and "
        "what its --json prints. Exit status: 0 all answered, 1 a counterexample "
        "(conjectures), 2 bad input or options (some deals refused), 3 an internal error (a "
        "bug), 130 interrupted.",
    )
    p.add_argument("--version", action="version", version=f"whist {__version__}")
    sub = p.add_subparsers(dest="command", required=True, parser_class=Parser)

    def add(name: str, help_: str, *, json_help: str) -> argparse.ArgumentParser:
        """The subcommand ``name`` with its ``--json``, which prints what ``json_help`` says."""
        sp = sub.add_parser(name, help=help_, description=help_)
        sp.add_argument("--json", action="store_true", help=json_help)
        return sp

    groups = [GROUP_OF[command]] if command in GROUP_OF else GROUP_OF.values()
    for group in dict.fromkeys(groups):
        importlib.import_module(f"whistgui.cli.{group}").register(sub, add)
    return p


def main(argv: Sequence[str] | None = None, stdin: TextIO | None = None) -> int:
    """Run ``whist argv…`` (``sys.argv`` by default), deals from ``stdin`` when an argument
    is ``-``; the exit status. A bad option exits (SystemExit) with status 2."""
    readable_standard_streams()
    words = list(sys.argv[1:] if argv is None else argv)
    # the command stands first (``whist`` itself takes only --help and --version)
    parser = build_parser(words[0] if words else None)
    args = _parse(parser, words)
    try:
        return _run(args, parser, stdin)
    except KeyboardInterrupt:  # Ctrl-C
        sys.stderr.write("whist: interrupted\n")
        return EXIT_INTERRUPTED
    except (RecursionError, OverflowError, MemoryError) as exc:
        sys.stderr.write(f"whist: error: {beyond_internal_limit(_input_of(args), exc)}\n")
        return EXIT_BAD_INPUT
    except BrokenPipeError:  # the reader went away (`whist … | head`): nothing more to say
        return EXIT_OK
    except OSError as exc:  # a file that cannot be read or written
        sys.stderr.write(f"whist: error: {exc}\n")
        return EXIT_BAD_INPUT
    except Exception as exc:  # no traceback, whatever the input: a bug, said in one line
        sys.stderr.write(f"whist: {internal_error(exc)}\n")
        return EXIT_BUG


def _parse(parser: argparse.ArgumentParser, argv: Sequence[str] | None) -> argparse.Namespace:
    """The arguments, deals allowed after options too (``whist value A/K --json K/A``):
    argparse leaves the deals after an option over; they join the command's deals. Anything
    over that reads as an option is refused as argparse would."""
    args, extra = parser.parse_known_args(argv)
    if extra:
        options = [e for e in extra if e.startswith("-") and e != "-" and not dash_argument(e)]
        deals = getattr(args, "deals", None)
        if options or not isinstance(deals, list):
            parser.error(unrecognized(options or extra))
        deals.extend(extra)
    return args


def _input_of(args: argparse.Namespace) -> str:
    """The input a command was given, for a message: its deals or its N."""
    for name in ("deals", "deal", "n", "upto"):
        value = getattr(args, name, None)
        if value is not None:
            return " ".join(value) if isinstance(value, list) else str(value)
    return f"whist {args.command}"


def _run(args: argparse.Namespace, parser: argparse.ArgumentParser, stdin: TextIO | None) -> int:
    # only the command's group is imported (build_parser imported no other)
    if args.command == "render":
        from whistgui.cli import render

        return render.render(args)
    if args.command == "compare":
        from whistgui.cli import compare

        return compare.run(args, parser)
    stdin = stdin if stdin is not None else sys.stdin
    if args.command == "bridge":
        from whistgui.cli import bridge

        return bridge.run(args, stdin)
    if args.command == "gops":
        from whistgui.cli import gops

        return gops.run(args)
    if GROUP_OF[args.command] == "tables":
        from whistgui.cli import tables

        return tables.run(args, parser)
    if _heap_game(args):
        return _run_heaps(args, parser, stdin)
    cmd = Command(sys.stdout, sys.stderr, args.json, game_of(args, parser))
    try:
        if args.command == "games":
            from whistgui.cli import games

            games.games(cmd)
        elif args.command == "quotient":
            from whistgui.cli import games

            if args.max_heap is not None or args.max_heaps is not None or args.exact:
                parser.error(
                    f"--max-heap, --max-heaps and --exact are for games of heaps; "
                    f"{cmd.game.name} takes --max-cards K"
                )
            try:
                games.run_quotient(cmd, args.max_cards, args.tests, args.examples)
            except WhistError as exc:
                parser.error(str(exc))
        else:
            items = deal_texts(args.deals, stdin)
            if args.command in ("value", "analyze"):
                from whistgui.cli import values

                values.run(cmd, args, items)
            elif args.command == "play":
                from whistgui.cli import play

                play.run(cmd, args, items)
            else:
                from whistgui.cli import search

                search.run(cmd, args, items)
    except BrokenPipeError:  # e.g. `whist table 8 | head`
        sys.stderr.close()
        return cmd.status
    return cmd.status


def _heap_game(args: argparse.Namespace) -> bool:
    """Does ``--game`` name a game of positions (nim, hackenbush, …; not a trick game)?"""
    name = getattr(args, "game", None)
    return isinstance(name, str) and is_heap_game(name)


def _run_heaps(args: argparse.Namespace, parser: argparse.ArgumentParser, stdin: TextIO) -> int:
    """``solve`` and ``value`` of positions of a game of strange algebra §6 and §9."""
    from whistgui.cli import heaps

    if args.command == "quotient":
        cmd = Command(sys.stdout, sys.stderr, args.json)
        if args.examples < 0:
            parser.error(
                f"--examples {args.examples}: expected a number of positions to show, 0 or more"
            )
        try:
            heaps.run_quotient(cmd, args)
        except WhistError as exc:
            parser.error(str(exc))
        return cmd.status
    if args.command not in ("solve", "value"):
        parser.error(
            f"--game {args.game}: {args.command} is for the trick games; the games of heaps "
            "and piles take 'whist solve' and 'whist value'"
        )
    if getattr(args, "refined", False):
        parser.error(f"--refined: {args.game} is not a trick game, so it has no refined scoring")
    cmd = Command(sys.stdout, sys.stderr, args.json)
    try:
        heaps.run(cmd, args.command, args.game, deal_texts(args.deals, stdin))
    except WhistError as exc:  # a bad game name or parameter
        parser.error(str(exc))
    except BrokenPipeError:
        sys.stderr.close()
    return cmd.status
