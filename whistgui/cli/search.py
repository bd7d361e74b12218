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
from whistgui.engine.strategy.line import result_json


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
        help="also the outcome of the game scored as refined whist (χ′, §11), and the first "
        "cards ranked by their refined scores (the best leads are refined whist's: in AQ/KJ "
        "the ace, 5/4, before the queen, 3/4)",
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
    obj: dict[str, Any] = {"deal": str(deal), "outcome": outcome_json(o)}
    header = str(deal) if cmd.game.name == "whist" else f"{deal}   ({cmd.game.name})"
    lines = [header, f"  outcome: {outcome_text(o)}"]
    if refined:
        r = cmd.solver.outcome(deal, rules=rules.refined())
        obj["refined"] = outcome_json(r)
        lines.append(f"  refined: {outcome_text(r)}")
    best: dict[str, list[str]] = {}
    ranked: dict[str, list[dict[str, Any]]] = {}
    for key, leader in (("west_lead", Player.WEST), ("east_lead", Player.EAST)):
        pos = Position.start(deal, leader, rules)
        if not refined:
            best[key] = [deal.card_name(c) for c in cmd.solver.best_cards(pos)]
            continue
        # refined whist's scores rank the first cards (AQ/KJ: the ace 5/4, the queen 3/4)
        results = cmd.solver.card_results(pos, refined=True)
        scores = {c: v for c, v in results.items() if not isinstance(v, Player)}  # points
        order = sorted(scores, key=lambda c: scores[c], reverse=leader is Player.WEST)
        top = scores[order[0]] if order else None
        best[key] = [deal.card_name(c) for c in order if scores[c] == top]
        ranked[key] = [{"card": deal.card_name(c), "score": result_json(scores[c])} for c in order]
    obj["best"] = best
    by = " (refined)" if refined else ""
    for key, who in (("west_lead", "West"), ("east_lead", "East")):
        lines.append(f"  best leads for {who}{by}: {' '.join(best[key])}")
    if refined:
        obj["ranked"] = ranked
        for key, who in (("west_lead", "West"), ("east_lead", "East")):
            cards = ", ".join(f"{c['card']} {c['score']}" for c in ranked[key])
            lines.append(f"  first cards by refined score, {who} on lead: {cards}")
    cmd.emit(obj, "\n".join(lines))


def run(cmd: Command, args: Any, items: Any) -> None:
    cmd.run_each(items, lambda t: solve(cmd, t, args.refined))
