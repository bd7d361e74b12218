"""``whist render``: a deal's table, a suit's inspector or a play panel drawn to PNG or SVG
with no screen (Qt is imported only here, when the command runs)."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from whistgui.app.analysis import is_whist
from whistgui.cli.common import EXIT_BAD_INPUT, EXIT_OK, add_game_option, require_suits
from whistgui.engine import Deal, NotationError, Player, SuitDeal, WhistError
from whistgui.engine.games import find_game


def register(sub: Any, add: Any) -> None:
    sp = sub.add_parser(
        "render",
        help="draw a deal's table and analysis to a PNG or SVG file, with no screen",
        description="Draw a deal's table and analysis to a PNG or SVG file, with no screen.",
    )
    sp.add_argument("deal", metavar="DEAL")
    sp.add_argument("--out", required=True, metavar="FILE", help="FILE.png or FILE.svg")
    sp.add_argument("--scale", type=float, default=2.0, help="PNG scale factor (default 2)")
    sp.add_argument("--lead", choices=["W", "E"], default="W", help="who is on lead")
    sp.add_argument(
        "--view",
        choices=["table", "inspector", "play"],
        default="table",
        help="table: the card table and analysis; inspector: the game-tree inspector of a "
        "suit; play: the optimal-play panel (after --cards cards)",
    )
    sp.add_argument(
        "--cards", type=int, default=0, help="with --view play: cards played first (default 0)"
    )
    add_game_option(sp)


def render(args: argparse.Namespace) -> int:
    """``whist render``: Qt is imported only here."""
    from pathlib import Path

    out = Path(args.out)
    if out.suffix.lower() not in (".png", ".svg"):
        sys.stderr.write(
            f"whist: error: {args.out!r}: expected a file name ending in .png or .svg\n"
        )
        return EXIT_BAD_INPUT
    try:
        game = find_game(args.game)
        deal = Deal.parse(args.deal)
        require_suits(deal, args.deal)
        if args.view == "inspector":
            from whistgui.ui.render import render_inspector

            suit = SuitDeal.parse(args.deal)
            if is_whist(game):
                _ = suit.n  # the value theory needs a symmetric suit
            written = render_inspector(suit, out, scale=args.scale, game=game.name)
        elif args.view == "play":
            from whistgui.ui.render import render_play

            if is_whist(game) and not deal.is_symmetric:
                raise NotationError(
                    f"{args.deal!r} is not symmetric; optimal play from values needs each "
                    "suit the same length in both hands"
                )
            total = 2 * deal.size
            if not 0 <= args.cards <= total:
                raise NotationError(
                    f"--cards {args.cards}: expected 0 to {total}, the cards in {args.deal!r}"
                )
            written = render_play(
                deal,
                out,
                lead=Player.parse(args.lead),
                cards=args.cards,
                scale=args.scale,
                game=game.name,
            )
        else:
            from whistgui.ui.render import render_deal

            written = render_deal(
                deal, out, scale=args.scale, lead=Player.parse(args.lead), game=game.name
            )
    except WhistError as exc:
        sys.stderr.write(f"whist: error: {exc}\n")
        return EXIT_BAD_INPUT
    sys.stdout.write(f"{written}\n")
    return EXIT_OK
