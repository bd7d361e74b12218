"""``whist compare D E``: two deals in the order of states (R44 §7.2), the relation read off
their values, and for every difference a position z that tells them apart (Lemma 14.4),
verified by exact search (:mod:`~whistgui.engine.games.whist.compare`)."""

from __future__ import annotations

import argparse
import shlex
import sys
from typing import Any

from whistgui.cli.common import (
    EXIT_OK,
    Command,
    DealText,
    json_line,
    outcome_json,
    require_suits,
)
from whistgui.engine import Deal, DealError, NotationError, TheoryError, WhistError
from whistgui.engine.games.whist.compare import MAX_COMPARE_CARDS, Comparer, Comparison
from whistgui.engine.reading import quote
from whistgui.engine.trick.notation import format_suit_paper

#: The relation in words, D first.
_WORDS = {
    "<": "D < E: χ(D + z) ≤ χ(E + z) for every z, and some z tells them apart",
    ">": "D > E: χ(D + z) ≥ χ(E + z) for every z, and some z tells them apart",
    "=": "D ≡ E: χ(D + z) = χ(E + z) for every z (equal values, Theorem 14.5)",
    "incomparable": "D and E are incomparable: some z favours D, another favours E",
}


def register(sub: Any, add: Any) -> None:
    sp = add(
        "compare",
        "two whist deals in the order of states (R44 §7.2): <, >, = or incomparable, read off "
        "their values, and for every difference a deal z with χ(D + z) ≠ χ(E + z) "
        "(Lemma 14.4's, or a smaller one found by search), verified by exact search (D + z "
        f"and E + z up to {MAX_COMPARE_CARDS} cards a hand)",
        json_help='one JSON object, on one line: {"relation": "<", ">", "=" '
        'or "incomparable", "values": [val D, val E], "witnesses": [{"z": DEAL, "d": '
        '[west_lead, east_lead] of D + z, "e": the same of E + z}]}; an incomparable pair has '
        'one witness each way. A refused pair prints {"game": "whist", "error": …, "input": '
        "the deal refused as given} in its place (both deals, as a shell would quote them, when "
        "the pair is refused)",
    )
    sp.add_argument("deals", nargs=2, metavar="DEAL", help="D, then E")


def _paper(deal: Deal) -> str:
    return " + ".join(format_suit_paper(s) for s in deal.suits) or "0"


def _pair(o: Any) -> list[Any]:
    j = outcome_json(o)
    return [j["west_lead"], j["east_lead"]]


def _text(d: Deal, e: Deal, c: Comparison) -> str:
    x, y = c.values
    shown = c.relation if c.relation != "incomparable" else "incomparable to"
    lines = [
        f"{d}  {shown}  {e}",
        f"  D  {d}   {_paper(d)}   val {x.pretty()}",
        f"  E  {e}   {_paper(e)}   val {y.pretty()}",
        f"  {_WORDS[c.relation]}",
    ]
    for w in c.witnesses:
        better = "D" if w.d > w.e else "E"
        lines += [
            f"  z = {w.z}   {_paper(w.z)}   val {w.value.pretty()}",
            f"    {w.how}",
            f"    χ(D + z) = {w.d}   D + z = {Deal(d.suits + w.z.suits)}",
            f"    χ(E + z) = {w.e}   E + z = {Deal(e.suits + w.z.suits)}",
            f"    {better} does better with z (exact search)",
        ]
    return "\n".join(lines)


def run(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    """Compare the two deals of ``args.deals``, printing one answer (with ``--json`` one
    object on one line); the exit status. A bad deal, or a pair beyond the limit, is said on
    standard error in one line (exit status 2), and with ``--json`` as the object every command
    prints in a refused deal's place: ``{"game", "error", "input"}``."""
    texts: list[str] = list(args.deals)
    if len(texts) != 2:
        parser.error(
            f"compare takes two deals, D and E, not {len(texts)}: "
            + " ".join(quote(t) for t in texts[:4])
            + (" …" if len(texts) > 4 else "")
        )
    if "-" in texts:
        parser.error("compare takes its two deals as arguments, not from standard input ('-')")
    at_fault = shlex.join(texts)  # the pair, until a deal of it is found at fault
    try:
        deals = []
        for name, text in zip("DE", texts, strict=True):
            at_fault = text
            deals.append(_deal(name, text))
        at_fault = shlex.join(texts)
        c = Comparer().compare(deals[0], deals[1])
    except TheoryError as exc:
        return _refuse(args, str(exc), at_fault, bug=True)
    except WhistError as exc:
        message = str(exc)
        for name, text in zip("DE", texts, strict=True):  # the comparer names a deal it refuses
            if message.startswith(f"{name} "):
                at_fault = text
        return _refuse(args, message, at_fault)
    if args.json:
        obj = {  # the shape issue 28 fixes, exactly (scripts read it)
            "relation": c.relation,
            "values": [v.ascii() for v in c.values],
            "witnesses": [{"z": str(w.z), "d": _pair(w.d), "e": _pair(w.e)} for w in c.witnesses],
        }
        sys.stdout.write(json_line(obj) + "\n")
    else:
        sys.stdout.write(_text(deals[0], deals[1], c) + "\n")
    sys.stdout.flush()
    return EXIT_OK


def _refuse(args: argparse.Namespace, message: str, text: str, *, bug: bool = False) -> int:
    """Say why the pair got no answer, as every command says it of a deal
    (:meth:`~whistgui.cli.common.Command.refuse`): one line on standard error, and with
    ``--json`` an object on standard output in the answer's place; the exit status."""
    cmd = Command(sys.stdout, sys.stderr, args.json)
    cmd.refuse(DealText(text), message, bug=bug)
    sys.stdout.flush()
    return cmd.status


def _deal(name: str, text: str) -> Deal:
    """The deal ``text`` given as ``name`` (D or E); a bad one says which it was."""
    try:
        deal = Deal.parse(text)
        require_suits(deal, text)
    except NotationError as exc:
        raise NotationError(f"{name}: {exc}") from None
    except WhistError as exc:
        raise DealError(f"{name}: {exc}") from None
    return deal
