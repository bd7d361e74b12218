"""The ``whist`` command line: values in each game's theory, single-suit analysis, exact
search, optimal play, value tables, the games and their quotient monoids, figures.

Every command takes ``--json`` (one JSON object per deal, one per line, each naming its
``"game"``) and reads deals one per line from standard input when a deal argument is ``-``.
Bad input prints a one-line error to standard error; the other deals are still answered, and
the exit status is 2 (3 for a disagreement between a theory and search: a bug).

One module per command group, each thin over the engine: :mod:`~whistgui.cli.values`
(value, analyze), :mod:`~whistgui.cli.tables` (table, conjectures), :mod:`~whistgui.cli.search`
(solve), :mod:`~whistgui.cli.play`, :mod:`~whistgui.cli.games` (games, quotient),
:mod:`~whistgui.cli.render`, :mod:`~whistgui.cli.bridge` (four-hand bridge double dummy).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from typing import TextIO

from whistgui import __version__
from whistgui.cli import bridge, games, gops, play, render, search, tables, values
from whistgui.cli.common import Command, Parser, deal_texts, game_of
from whistgui.engine import WhistError

__all__ = ["build_parser", "main"]


def build_parser() -> argparse.ArgumentParser:
    p = Parser(
        prog="whist",
        description="Values and exact analysis of two-person trick-taking games: whist "
        "(Wästlund 2005), refined and Greedy Whist, five-card and misère five-card.",
        epilog="Deals: compact 'AQ/KJ K/A' (quote a deal with several suits) or the paper's "
        "'[A Q, K J] + [K, A]'. Use - to read deals from standard input, one per line. "
        "--game NAME picks the game ('whist games' lists them).",
    )
    p.add_argument("--version", action="version", version=f"whist {__version__}")
    sub = p.add_subparsers(dest="command", required=True, parser_class=Parser)

    def add(name: str, help_: str) -> argparse.ArgumentParser:
        sp = sub.add_parser(name, help=help_, description=help_)
        sp.add_argument("--json", action="store_true", help="one JSON object per deal per line")
        return sp

    values.register(sub, add)
    tables.register(sub, add)
    search.register(sub, add)
    play.register(sub, add)
    games.register(sub, add)
    render.register(sub, add)
    bridge.register(sub, add)
    gops.register(sub, add)
    return p


def main(argv: Sequence[str] | None = None, stdin: TextIO | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.command == "render":
        return render.render(args)
    stdin = stdin if stdin is not None else sys.stdin
    if args.command == "bridge":
        return bridge.run(args, stdin)
    if args.command == "gops":
        return gops.run(args)
    if args.command in tables.COMMANDS:
        return tables.run(args, parser)
    cmd = Command(sys.stdout, sys.stderr, args.json, game_of(args, parser))
    try:
        if args.command == "games":
            games.games(cmd)
        elif args.command == "quotient":
            try:
                games.run_quotient(cmd, args.max_cards, args.tests, args.examples)
            except WhistError as exc:
                parser.error(str(exc))
        else:
            items = deal_texts(args.deals, stdin)
            if args.command in ("value", "analyze"):
                values.run(cmd, args, items)
            elif args.command == "play":
                play.run(cmd, args, items)
            else:
                search.run(cmd, args, items)
    except BrokenPipeError:  # e.g. `whist table 8 | head`
        sys.stderr.close()
        return cmd.status
    except KeyboardInterrupt:
        return 130
    return cmd.status
