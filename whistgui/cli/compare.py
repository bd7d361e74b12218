"""``whist compare D E``: two deals in the order of states (R44 §7.2), the relation read off
their values, and for every difference a position z that tells them apart (Lemma 14.4),
verified by exact search (:mod:`~whistgui.engine.games.whist.compare`)."""

from __future__ import annotations

import argparse
import shlex
import sys
from typing import Any

from whistgui.app.worksheet import deal_value
from whistgui.cli.common import (
    EXIT_OK,
    MAX_SUIT_CARDS,
    Command,
    DealText,
    add_game_option,
    check_suits,
    find_trick_game,
    json_line,
    outcome_json,
    require_suits,
)
from whistgui.engine import (
    ArgumentError,
    Deal,
    DealError,
    Evaluator,
    NotationError,
    TheoryError,
    Value,
    WhistError,
)
from whistgui.engine.games.long_suit import BY_OUTCOME
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
        "their values (suits of up to "
        f"{MAX_SUIT_CARDS} cards a hand, valued as 'whist value' values them), and for every "
        "difference a deal z with χ(D + z) ≠ χ(E + z) (Lemma 14.4's, or a smaller one found "
        f"by search), verified by exact search where D + z and E + z have up to "
        f"{MAX_COMPARE_CARDS} cards a hand — beyond, its χ rounded from the values (R44 "
        "Theorem 12.1) and said to be unverified",
        json_help='one JSON object, on one line: {"relation": "<", ">", "=" '
        'or "incomparable", "values": [val D, val E], "witnesses": [{"z": DEAL, "d": '
        '[west_lead, east_lead] of D + z, "e": the same of E + z}]}; an incomparable pair has '
        "one witness each way (of deals past exact search, its d and e are rounded from the "
        'values: the text output says so). A refused pair prints {"game": "whist", "error": …, '
        '"input": the deal refused as given} in its place (both deals, as a shell would quote '
        "them, when the pair is refused)",
    )
    sp.add_argument("deals", nargs=2, metavar="DEAL", help="D, then E")
    add_game_option(sp)


def _paper(deal: Deal) -> str:
    return " + ".join(format_suit_paper(s) for s in deal.suits) or "0"


def _shown(deal: Deal) -> str:
    """A deal as given, and in the paper's notation when that is another text (a deal of
    numbered ranks reads the same in both: printed once)."""
    paper = _paper(deal)
    return str(deal) if paper == str(deal) else f"{deal}   {paper}"


def _pair(o: Any) -> list[Any]:
    j = outcome_json(o)
    return [j["west_lead"], j["east_lead"]]


def _by(searched: tuple[bool, bool]) -> str:
    """How a witness's χ were found: both by search, neither, or which one."""
    if all(searched):
        return "exact search"
    if not any(searched):
        return "from the values, not verified by search"
    ok, past = ("D", "E") if searched[0] else ("E", "D")
    return f"χ({ok} + z) by exact search; χ({past} + z) from the values, not verified by search"


def _text(d: Deal, e: Deal, c: Comparison) -> str:
    x, y = c.values
    shown = c.relation if c.relation != "incomparable" else "incomparable to"
    lines = [
        f"{d}  {shown}  {e}",
        f"  D  {_shown(d)}   val {x.pretty()}",
        f"  E  {_shown(e)}   val {y.pretty()}",
        f"  {_WORDS[c.relation]}",
    ]
    for w in c.witnesses:
        better = "D" if w.d > w.e else "E"
        by = _by(w.searched)
        lines += [
            f"  z = {_shown(w.z)}   val {w.value.pretty()}",
            f"    {w.how}",
            f"    χ(D + z) = {w.d}   D + z = {Deal(d.suits + w.z.suits)}",
            f"    χ(E + z) = {w.e}   E + z = {Deal(e.suits + w.z.suits)}",
            f"    {better} does better with z ({by})",
        ]
    if c.note:
        lines.append(f"  {c.note}")
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
    try:
        game = find_trick_game(args.game)
    except NotationError as exc:
        parser.error(str(exc))
    if game.name != "whist":
        parser.error(
            f"--game {args.game}: compare orders two-person whist's states (R44 §7.2), read "
            f"off whist's values; {game.name} has no such order (--game whist, the default, "
            "only)"
        )
    at_fault = shlex.join(texts)  # the pair, until a deal of it is found at fault
    try:
        deals = []
        for name, text in zip("DE", texts, strict=True):
            at_fault = text
            deals.append(_deal(name, text))
        comparer = Comparer()
        values = None  # an asymmetric deal: the comparer refuses it, naming the suit
        if all(s.is_symmetric for deal in deals for s in deal.suits):
            x, y = (
                _value(name, text, deal, comparer.evaluator)
                for name, text, deal in zip("DE", texts, deals, strict=True)
            )
            values = (x, y)
        at_fault = shlex.join(texts)
        c = comparer.compare(deals[0], deals[1], values=values)
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
        if all(s.is_empty for s in deal.suits):  # refused as '' is (it printed "[, ]")
            raise NotationError(
                f"{quote(text)} has no cards; expected a deal with cards, such as 'AQ/KJ K/A'"
            )
        check_suits(deal, text, MAX_SUIT_CARDS, "compare", "as 'whist value' takes them")
    except NotationError as exc:
        raise NotationError(f"{name}: {exc}") from None
    except WhistError as exc:
        raise DealError(f"{name}: {exc}") from None
    return deal


def _value(name: str, text: str, deal: Deal, evaluator: Evaluator) -> Value:
    """val of the deal ``text`` given as ``name``, as ``whist value`` finds it; refused when
    the theorems leave a suit's value undecided (the order is read off both values)."""
    found = deal_value(deal, evaluator)
    if found.value is not None:
        return found.value
    past = [(deal.names[i], a) for i, a in found.answers.items() if a.value is None]
    known = "; ".join(f"suit {n} only as {a.bounds_text()}" for n, a in past)
    raise ArgumentError(
        f"{name} {quote(text)}: its value is beyond reach — the theorems know {known} "
        f"('whist value' gives the outcome by {BY_OUTCOME}); the order of deals is read off "
        "both values"
    )
