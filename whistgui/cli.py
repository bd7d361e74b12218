"""The ``whist`` command line: values, single-suit analysis, exact search and value tables.

Every command takes ``--json`` (one JSON object per deal, one per line) and reads deals one per
line from standard input when a deal argument is ``-``. Bad input prints a one-line error to
standard error; the other deals are still answered, and the exit status is 2.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Iterator, Sequence
from fractions import Fraction
from typing import Any, NoReturn, TextIO

from whistgui import __version__
from whistgui.engine import (
    Deal,
    Evaluator,
    NotationError,
    Player,
    Position,
    Solver,
    Strategist,
    SuitAnalysis,
    SuitDeal,
    SuitLabel,
    TheoryError,
    WhistError,
)
from whistgui.engine.cards import rank_to_text
from whistgui.engine.notation import format_suit_paper
from whistgui.engine.rounding import Outcome
from whistgui.engine.value import format_number

EXIT_OK, EXIT_BAD_INPUT, EXIT_BUG = 0, 2, 3


class _Parser(argparse.ArgumentParser):
    """argparse whose errors are one line, exit status 2."""

    def error(self, message: str) -> NoReturn:
        self.exit(EXIT_BAD_INPUT, f"{self.prog}: error: {message} (see '{self.prog} --help')\n")


def _deal_texts(args: Sequence[str], stdin: TextIO) -> Iterator[tuple[str, str]]:
    """(where, text) of each deal: the arguments, with ``-`` replaced by the non-blank,
    non-comment lines of stdin (``where`` names the line, for error messages)."""
    for a in args:
        if a == "-":
            for number, line in enumerate(stdin, start=1):
                s = line.lstrip("\ufeff").strip()  # a byte-order mark is not part of the deal
                if s and not s.startswith("#"):
                    yield f"line {number}: ", s
        else:
            yield "", a


def _outcome_json(o: Outcome) -> dict[str, Any]:
    """Tricks as JSON integers; refined scores (quarters) in canonical ASCII (``-1/4``)."""

    def conv(x: int | Fraction) -> int | str:
        if isinstance(x, int):
            return x
        return int(x) if x.denominator == 1 else format_number(x)

    return {"west_lead": conv(o.west_lead), "east_lead": conv(o.east_lead)}


def _require_suits(deal: Deal, text: str) -> None:
    if not deal.suits:
        raise NotationError(f"{text!r} is an empty deal; expected at least one suit")


def _hand_text(ranks: Sequence[int], standard: bool) -> str:
    """A hand as compact text in a standard suit, else integers with spaces."""
    if standard:
        return "".join(rank_to_text(r) for r in ranks) or "-"
    return " ".join(str(r) for r in ranks) or "-"


class _Command:
    """Runs one subcommand over many deals, printing results and collecting errors."""

    def __init__(self, out: TextIO, err: TextIO, as_json: bool) -> None:
        self.out, self.err, self.as_json = out, err, as_json
        self.status = EXIT_OK
        self.evaluator = Evaluator()
        self.solver = Solver()

    def emit(self, obj: dict[str, Any], text: str) -> None:
        if self.as_json:
            self.out.write(json.dumps(obj, ensure_ascii=False) + "\n")
        else:
            self.out.write(text + "\n")
        self.out.flush()

    def run_each(self, items: Iterator[tuple[str, str]], fn: Callable[[str], None]) -> None:
        for where, item in items:
            try:
                fn(item)
            except TheoryError as exc:
                self.err.write(f"whist: internal error (a bug, please report it): {where}{exc}\n")
                self.status = max(self.status, EXIT_BUG)
            except WhistError as exc:
                self.err.write(f"whist: error: {where}{exc}\n")
                self.status = max(self.status, EXIT_BAD_INPUT)


# ----------------------------------------------------------------------------- commands
def _value(cmd: _Command, text: str) -> None:
    deal = Deal.parse(text)
    _require_suits(deal, text)
    values = cmd.evaluator.suit_values(deal)
    total = cmd.evaluator.value(deal)
    o = cmd.evaluator.outcome(deal)
    obj = {
        "deal": str(deal),
        "suits": [
            {"suit": str(s), "name": n, "value": v.ascii()}
            for s, n, v in zip(deal.suits, deal.names, values, strict=True)
        ],
        "value": total.ascii(),
        "outcome": _outcome_json(o),
    }
    width = max(len(str(s)) for s in deal.suits)
    lines = [str(deal)]
    for s, n, v in zip(deal.suits, deal.names, values, strict=True):
        lines.append(f"  {n:>2}  {s!s:<{width}}  {v.pretty()}")
    lines.append(f"  sum {'':<{width}}  {total.pretty()}")
    lines.append(
        f"  outcome: West takes {o.west_lead} with West on lead, {o.east_lead} with East on lead"
    )
    cmd.emit(obj, "\n".join(lines))


def _analyze(cmd: _Command, text: str) -> None:
    suit = SuitDeal.parse(text)
    a: SuitAnalysis = cmd.evaluator.analyze(suit)
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
        "outcome": _outcome_json(a.outcome),
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
        f"val     {a.value.pretty()}   (complexity {a.value.complexity})",
        f"outcome West takes {a.outcome.west_lead} with West on lead, "
        f"{a.outcome.east_lead} with East on lead",
    ]
    cmd.emit(obj, "\n".join(lines))


def _solve(cmd: _Command, text: str, refined: bool) -> None:
    deal = Deal.parse(text)
    _require_suits(deal, text)
    o = cmd.solver.outcome(deal)
    best = {}
    for key, leader in (("west_lead", Player.WEST), ("east_lead", Player.EAST)):
        pos = Position.start(deal, leader)
        best[key] = [deal.card_name(c) for c in cmd.solver.best_cards(pos)]
    obj: dict[str, Any] = {"deal": str(deal), "outcome": _outcome_json(o)}
    lines = [
        str(deal),
        f"  outcome: West takes {o.west_lead} with West on lead, {o.east_lead} with East on lead",
    ]
    if refined:
        r = cmd.solver.outcome(deal, refined=True)
        obj["refined"] = _outcome_json(r)
        lines.append(f"  refined: {r.west_lead} with West on lead, {r.east_lead} with East on lead")
    obj["best"] = best
    lines.append(f"  best leads for West: {' '.join(best['west_lead'])}")
    lines.append(f"  best leads for East: {' '.join(best['east_lead'])}")
    cmd.emit(obj, "\n".join(lines))


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


def _play(cmd: _Command, text: str, lead: Player) -> None:
    deal = Deal.parse(text)
    _require_suits(deal, text)
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


def _table(cmd: _Command, n: int) -> None:
    for suit, value in cmd.evaluator.table(n):
        west, east = (
            _hand_text(suit.west, suit.is_standard),
            _hand_text(suit.east, suit.is_standard),
        )
        obj = {"west": west, "east": east, "value": value.ascii()}
        text = f"{west}/{east}" if suit.is_standard else str(suit)
        cmd.emit(obj, f"{text}\t{value.pretty()}")


# ----------------------------------------------------------------------------- main
def build_parser() -> argparse.ArgumentParser:
    p = _Parser(
        prog="whist",
        description="Values and exact analysis of two-person whist deals (Wästlund, 2005).",
        epilog="Deals: compact 'AQ/KJ K/A' (quote a deal with several suits) or the paper's "
        "'[A Q, K J] + [K, A]'. Use - to read deals from standard input, one per line.",
    )
    p.add_argument("--version", action="version", version=f"whist {__version__}")
    sub = p.add_subparsers(dest="command", required=True, parser_class=_Parser)

    def add(name: str, help_: str) -> argparse.ArgumentParser:
        sp = sub.add_parser(name, help=help_, description=help_)
        sp.add_argument("--json", action="store_true", help="one JSON object per deal per line")
        return sp

    sp = add("value", "per-suit values, their sum and the predicted outcome ρ(sum)")
    sp.add_argument("deals", nargs="+", metavar="DEAL")
    sp = add("analyze", "α matrix, maxmin, minmax, I(D) and val(D) of single suits")
    sp.add_argument("deals", nargs="+", metavar="SUIT")
    sp = add("solve", "exact outcome by search for both leads, and the optimal first cards")
    sp.add_argument("deals", nargs="+", metavar="DEAL")
    sp.add_argument("--refined", action="store_true", help="also the refined outcome χ′ (§11)")
    sp = add(
        "play",
        "play a deal out optimally from the values: every card with its reason, the marks of "
        "all legal cards, the suit labels and the running value (confirmed by exact search up "
        "to 8 cards a hand)",
    )
    sp.add_argument("deals", nargs="+", metavar="DEAL")
    sp.add_argument("--lead", choices=["W", "E"], default="W", help="who leads (default W)")
    sp = add("table", "every N-card-a-hand single suit with East holding the top card")
    sp.add_argument("n", type=int, metavar="N")
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
    return p


def _render(args: argparse.Namespace) -> int:
    """``whist render``: Qt is imported only here."""
    from pathlib import Path

    out = Path(args.out)
    if out.suffix.lower() not in (".png", ".svg"):
        sys.stderr.write(
            f"whist: error: {args.out!r}: expected a file name ending in .png or .svg\n"
        )
        return EXIT_BAD_INPUT
    try:
        deal = Deal.parse(args.deal)
        _require_suits(deal, args.deal)
        if args.view == "inspector":
            from whistgui.ui.render import render_inspector

            suit = SuitDeal.parse(args.deal)
            _ = suit.n  # the value theory needs a symmetric suit
            written = render_inspector(suit, out, scale=args.scale)
        elif args.view == "play":
            from whistgui.ui.render import render_play

            if not deal.is_symmetric:
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
                deal, out, lead=Player.parse(args.lead), cards=args.cards, scale=args.scale
            )
        else:
            from whistgui.ui.render import render_deal

            written = render_deal(deal, out, scale=args.scale, lead=Player.parse(args.lead))
    except WhistError as exc:
        sys.stderr.write(f"whist: error: {exc}\n")
        return EXIT_BAD_INPUT
    sys.stdout.write(f"{written}\n")
    return EXIT_OK


def main(argv: Sequence[str] | None = None, stdin: TextIO | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.command == "render":
        return _render(args)
    stdin = stdin if stdin is not None else sys.stdin
    cmd = _Command(sys.stdout, sys.stderr, args.json)
    try:
        if args.command == "table":
            if args.n < 1:
                parser.error(f"N must be a positive number of cards, not {args.n}")
            _table(cmd, args.n)
        else:
            items = _deal_texts(args.deals, stdin)
            if args.command == "value":
                cmd.run_each(items, lambda t: _value(cmd, t))
            elif args.command == "analyze":
                cmd.run_each(items, lambda t: _analyze(cmd, t))
            elif args.command == "play":
                lead = Player.parse(args.lead)
                cmd.run_each(items, lambda t: _play(cmd, t, lead))
            else:
                cmd.run_each(items, lambda t: _solve(cmd, t, args.refined))
    except BrokenPipeError:  # e.g. `whist table 8 | head`
        sys.stderr.close()
        return cmd.status
    except KeyboardInterrupt:
        return 130
    return cmd.status


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
