"""``whist play``: a deal played out optimally from its values, every card with its reason,
the marks of all legal cards and the suit labels (confirmed by search up to 8 cards a hand)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from whistgui.cli.common import Command, add_game_option, require_suits
from whistgui.engine import Deal, NoTheoryError, Player, Strategist, SuitLabel
from whistgui.engine.games.whist import WhistTheory


def register(sub: Any, add: Any) -> None:
    sp = add(
        "play",
        "play a deal out optimally from the values: every card with its reason, the marks of "
        "all legal cards, the suit labels and the running value (confirmed by exact search up "
        "to 8 cards a hand)",
    )
    sp.add_argument("deals", nargs="+", metavar="DEAL")
    sp.add_argument("--lead", choices=["W", "E"], default="W", help="who leads (default W)")
    add_game_option(sp)


def _label_json(lab: SuitLabel) -> dict[str, Any]:
    return {
        "suit": lab.name,
        "cards": str(lab.suit) if not lab.suit.is_empty else "-/-",
        "value": lab.value.ascii(),
        "kind": lab.kind,
        "exit_for": lab.exit_for.value if lab.exit_for is not None else None,
        "stoppers": lab.stoppers,
        "label": lab.words,
    }


def _label_changes(before: Sequence[SuitLabel], after: Sequence[SuitLabel]) -> list[str]:
    """``H 1 − ε₀: exit for East, unprotected → played out`` for each suit whose label moved."""
    out = []
    for a, b in zip(before, after, strict=True):
        if (a.value, a.kind) != (b.value, b.kind):
            new = "played out" if b.kind == "played out" else f"{b.value.pretty()}: {b.words}"
            out.append(f"{a.text} → {new}")
    return out


def play(cmd: Command, text: str, lead: Player) -> None:
    deal = Deal.parse(text)
    require_suits(deal, text)
    if not isinstance(cmd.theory, WhistTheory):
        raise NoTheoryError(
            f"optimal play from values is whist's; {cmd.game.name} has no play by values yet "
            f"('whist solve --game {cmd.game.name}' gives the optimal cards by search)"
        )
    if not deal.is_symmetric:
        _ = [s.n for s in deal.suits]  # raises AsymmetricSuitError naming the suit
    line = Strategist(cmd.evaluator).play_line(deal, lead, solver=cmd.solver)
    who = {Player.WEST: "West", Player.EAST: "East"}
    if cmd.as_json:
        for step in line:
            cmd.emit(
                {
                    "trick": step.trick,
                    "player": step.player.value,
                    "card": step.name,
                    "reason": step.reason,
                    "marks": step.marks,
                    "best": list(step.best),
                    "labels": [_label_json(lab) for lab in step.labels],
                    "value": step.value.ascii(),
                    "predicted": step.predicted,
                    "west_tricks": step.west_tricks,
                },
                "",
            )
        cmd.emit(
            {
                "outcome": line.outcome,
                "predicted": line.predicted,
                "deal": str(deal),
                "lead": lead.value,
                "value": line.start_value.ascii(),
                "confirmed": line.confirmed,
            },
            "",
        )
        return
    lines = [
        f"{deal} — {who[lead]} on lead",
        f"  value {line.start_value.pretty()}: West should take {line.predicted} "
        f"(ρ for {who[lead]} on lead)",
    ]
    labels = line.steps[0].labels if line.steps else ()
    lines += [f"  {lab.text}" for lab in labels]
    for step in line:
        if step.player is step.on_lead and step.wins is None:  # a lead opens a trick
            changes = _label_changes(labels, step.labels)
            labels = step.labels
            lines.append(f"Trick {step.trick}")
            lines += [f"  label: {c}" for c in changes]
        best = set(step.best)
        marks = "  ".join(f"{n} {m}{'*' if n in best else ''}" for n, m in step.marks.items())
        lines.append(f"  {step.player.value} {step.name:<5} {step.reason}")
        lines.append(f"          marks: {marks}")
        if step.wins is not None:
            lines.append(
                f"          {who[step.wins]} wins; West has {step.west_tricks}, "
                f"value {step.value.pretty()}, West ends with {step.predicted}"
            )
    check = (
        "every mark confirmed by exact search"
        if line.confirmed
        else "marks from values only: over 8 cards a hand is not searched"
    )
    lines.append(f"Outcome: West takes {line.outcome} (predicted {line.predicted}; {check})")
    cmd.emit({}, "\n".join(lines))


def run(cmd: Command, args: Any, items: Any) -> None:
    lead = Player.parse(args.lead)
    cmd.run_each(items, lambda t: play(cmd, t, lead))
