"""``whist value`` and ``whist analyze``: what a game's theory says of deals and single suits
(``whist table``, every suit of n cards a hand, is :mod:`~whistgui.cli.tables`)."""

from __future__ import annotations

import argparse
from typing import Any

from whistgui.cli.common import (
    MAX_SOLVE_CARDS,
    MAX_SUIT_CARDS,
    Command,
    add_game_option,
    check_hands,
    check_reach,
    check_suits,
    outcome_json,
    recursion_progress,
    require_suits,
)
from whistgui.engine import Deal, NoTheoryError, SuitAnalysis, SuitDeal, WhistError, outcome_text
from whistgui.engine.games import Theory
from whistgui.engine.trick.notation import format_suit_paper


def register(sub: Any, add: Any) -> None:
    sp = add(
        "value",
        "each suit's element in the game's theory, their sum and the outcome (suits of up to "
        f"{MAX_SUIT_CARDS} cards a hand)",
        json_help="one JSON object per deal, a line each: its suits' elements, their sum and "
        "the outcome",
    )
    sp.add_argument("deals", nargs="+", metavar="DEAL")
    add_game_option(sp)
    sp = add(
        "analyze",
        "one suit in the game's theory: for whist the α matrix, maxmin, minmax, I(D) and "
        "val(D); for the greedy games R43's matrix A, T_k, H and H̄; for misère the stoppers",
        json_help="one JSON object per suit, a line each",
    )
    sp.add_argument("deals", nargs="+", metavar="SUIT")
    add_game_option(sp)


def _theory(cmd: Command) -> Theory[Any]:
    theory = cmd.theory
    if theory is None:
        raise NoTheoryError(
            f"{cmd.game.name} has no value theory; 'whist solve --game {cmd.game.name}' "
            "answers by search"
        )
    return theory


#: Why ``value`` and ``analyze`` refuse longer suits.
_SUIT_LIMIT = "the exact recursion goes a level deeper for every trick"


def value(cmd: Command, text: str) -> None:
    deal = Deal.parse(text)
    require_suits(deal, text)
    check_suits(deal, text, MAX_SUIT_CARDS, "value", _SUIT_LIMIT)
    theory = _theory(cmd)
    reach = check_reach(deal, text, "value") if theory.whist_values else 0
    why = theory.covers(deal)
    try:
        with recursion_progress(cmd, reach):
            elements = [theory.element(s) for s in deal.suits]
    except WhistError as exc:
        hint = f"; 'whist solve --game {cmd.game.name}' answers by search"
        raise NoTheoryError(f"{why or exc}{hint}") from None
    whist = theory.whist_values
    suits_json: list[dict[str, Any]] = []
    for s, n, e in zip(deal.suits, deal.names, elements, strict=True):
        entry: dict[str, Any] = {"suit": str(s), "name": n}
        if whist:
            entry["value"] = theory.text(e)
        entry["element"] = theory.text(e)
        suits_json.append(entry)
    obj: dict[str, Any] = {"deal": str(deal), "suits": suits_json}
    width = max(len(str(s)) for s in deal.suits)
    ewidth = max(len(theory.pretty(e)) for e in elements)
    if why is None:
        total = theory.zero()
        for e in elements:
            total = theory.add(total, e)
        ewidth = max(ewidth, len(theory.pretty(total)))
    header = str(deal) if cmd.game.name == "whist" else f"{deal}   ({cmd.game.name})"
    lines = [header]
    for s, n, e in zip(deal.suits, deal.names, elements, strict=True):
        lines.append(
            f"  {n:>2}  {s!s:<{width}}  {theory.pretty(e):<{ewidth}}  {theory.describe(e)}"
        )
    if why is None:
        o = theory.outcome(total)
        if whist:
            obj["value"] = theory.text(total)
        obj["element"] = theory.text(total)
        obj["outcome"] = outcome_json(o)
        lines.append(
            f"  sum {'':<{width}}  {theory.pretty(total):<{ewidth}}  {theory.describe(total)}"
        )
        lines.append(f"  outcome: {outcome_text(o)}")
    else:
        why_search = f"no theory covers it ({why}), and exact search of larger hands is too slow"
        check_hands(deal, text, MAX_SOLVE_CARDS, "value", why_search)
        o = cmd.solver.outcome(deal, rules=cmd.game.rules)
        obj["element"] = None
        obj["no_theory"] = why
        obj["outcome"] = outcome_json(o)
        obj["outcome_by"] = "search"
        lines.append(f"  sum: no theory — {why}")
        lines.append(f"  outcome by exact search: {outcome_text(o)}")
    cmd.emit(obj, "\n".join(lines))


def analyze(cmd: Command, text: str) -> None:
    suit = SuitDeal.parse(text)
    check_suits(Deal((suit,)), text, MAX_SUIT_CARDS, "analyze", _SUIT_LIMIT)
    theory = _theory(cmd)
    if theory.whist_values:
        reach = check_reach(Deal((suit,)), text, "analyze")
        if suit.is_symmetric and not suit.is_empty:
            with recursion_progress(cmd, reach):
                cmd.evaluator.pattern_value(suit.pattern)  # the values, with progress
        _analyze_whist(cmd, suit)
        return
    e = theory.element(suit)
    details = theory.details(suit)
    o = theory.outcome(e)
    obj: dict[str, Any] = {
        "suit": str(suit),
        "element": theory.text(e),
        "describe": theory.describe(e),
        **details,
        "outcome": outcome_json(o),
    }
    lines = [f"{suit}   {format_suit_paper(suit)}   ({cmd.game.name})"]
    matrix = details.get("A")
    if isinstance(matrix, list):
        sym = details.get("symmetrization")
        shown = SuitDeal.parse(sym) if isinstance(sym, str) else suit
        west, east = sorted(shown.west), sorted(shown.east)
        lines.append("A_ij (+1: West's i-th lowest card beats East's j-th lowest):")
        lines.append("W \\ E " + "".join(suit.card_text(r).rjust(4) for r in east))
        for r, row in zip(west, matrix, strict=True):
            lines.append(suit.card_text(r).ljust(6) + "".join(f"{x:+d}".rjust(4) for x in row))
    for key, val in details.items():
        if key == "A":
            continue
        if isinstance(val, dict):
            val = "  ".join(f"{key}{k}: {v}" for k, v in val.items())
        lines.append(f"{key:<9} {val}")
    lines.append(f"{'element':<9} {theory.pretty(e)}: {theory.describe(e)}")
    lines.append(f"{'outcome':<9} {outcome_text(o)}")
    cmd.emit(obj, "\n".join(lines))


def _analyze_whist(cmd: Command, suit: SuitDeal) -> None:
    a: SuitAnalysis = cmd.evaluator.analyze(suit)
    o = cmd.theory.outcome(a.value) if cmd.theory is not None else a.outcome
    obj = {
        "suit": str(suit),
        "west": [suit.card_text(r) for r in a.west],
        "east": [suit.card_text(r) for r in a.east],
        "alpha": [
            [{"lead": lv.player.value, "value": lv.value.ascii()} for lv in row] for row in a.alpha
        ],
        "maxmin": {"lead": a.maxmin.player.value, "value": a.maxmin.value.ascii()},
        "minmax": {"lead": a.minmax.player.value, "value": a.minmax.value.ascii()},
        "interval": a.interval.pretty(),
        "value": a.value.ascii(),
        "element": a.value.ascii(),
        "outcome": outcome_json(o),
    }
    cells = [[lv.pretty() for lv in row] for row in a.alpha]
    colw = max(len(c) for row in cells for c in row)
    head = "W \\ E".ljust(6) + "".join(suit.card_text(r).rjust(colw + 2) for r in a.east)
    lines = [
        f"{suit}   {format_suit_paper(suit)}",
        "α_ij (who wins the trick, value of D_ij):",
        head,
    ]
    for r, row in zip(a.west, cells, strict=True):
        lines.append(suit.card_text(r).ljust(6) + "".join(c.rjust(colw + 2) for c in row))
    lines += [
        f"maxmin  {a.maxmin.pretty()}",
        f"minmax  {a.minmax.pretty()}",
        f"I(D)    {a.interval.pretty()}",
        f"val     {a.value.pretty()}   (complexity {a.value.complexity}: "
        f"{a.value.complexity.words})",
        f"outcome {outcome_text(o)}",
    ]
    cmd.emit(obj, "\n".join(lines))


def run(cmd: Command, args: argparse.Namespace, items: Any) -> None:
    fn = value if args.command == "value" else analyze
    cmd.run_each(items, lambda t: fn(cmd, t))
