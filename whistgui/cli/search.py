"""``whist solve``: the exact outcome of a deal by search under the game's rules."""

from __future__ import annotations

from typing import Any

from whistgui.cli.common import (
    MAX_SOLVE_CARDS,
    Command,
    add_game_option,
    check_hands,
    outcome_json,
    require_suits,
)
from whistgui.engine import Deal, NotationError, Player, Position, outcome_text


def register(sub: Any, add: Any) -> None:
    sp = add(
        "solve",
        "exact outcome by search for both leads, and the optimal first cards (up to "
        f"{MAX_SOLVE_CARDS} cards a hand)",
        json_help="one JSON object per deal, a line each: the outcome and the best first cards",
    )
    sp.add_argument("deals", nargs="+", metavar="DEAL")
    add_game_option(sp)
    sp.add_argument(
        "--refined",
        action="store_true",
        help="also the outcome of the game scored as refined whist (χ′, §11): the alias of "
        "--game refined-whist beside the plain outcome",
    )


def solve(cmd: Command, text: str, refined: bool) -> None:
    deal = Deal.parse(text)
    require_suits(deal, text)
    check_hands(deal, text, MAX_SOLVE_CARDS, "solve", "exact search of larger hands is too slow")
    rules = cmd.game.rules
    if refined and not rules.scoring.counts_tricks:
        raise NotationError(
            f"--refined: {cmd.game.name} is not scored by tricks, so it has no refined scoring"
        )
    o = cmd.solver.outcome(deal, rules=rules)
    best = {}
    for key, leader in (("west_lead", Player.WEST), ("east_lead", Player.EAST)):
        pos = Position.start(deal, leader, rules)
        best[key] = [deal.card_name(c) for c in cmd.solver.best_cards(pos)]
    obj: dict[str, Any] = {"deal": str(deal), "outcome": outcome_json(o)}
    header = str(deal) if cmd.game.name == "whist" else f"{deal}   ({cmd.game.name})"
    lines = [header, f"  outcome: {outcome_text(o)}"]
    if refined:
        r = cmd.solver.outcome(deal, rules=rules.refined())
        obj["refined"] = outcome_json(r)
        lines.append(f"  refined: {outcome_text(r)}")
    obj["best"] = best
    lines.append(f"  best leads for West: {' '.join(best['west_lead'])}")
    lines.append(f"  best leads for East: {' '.join(best['east_lead'])}")
    cmd.emit(obj, "\n".join(lines))


def run(cmd: Command, args: Any, items: Any) -> None:
    cmd.run_each(items, lambda t: solve(cmd, t, args.refined))
