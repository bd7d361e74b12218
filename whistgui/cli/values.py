"""``whist value`` and ``whist analyze``: what a game's theory says of deals and single suits
(``whist table``, every suit of n cards a hand, is :mod:`~whistgui.cli.tables`)."""

from __future__ import annotations

import argparse
from fractions import Fraction
from typing import Any

from whistgui.cli.common import (
    MAX_SOLVE_CARDS,
    MAX_SUIT_CARDS,
    Command,
    LimitError,
    add_game_option,
    check_hands,
    check_reach,
    check_suits,
    outcome_json,
    recursion_progress,
    require_suits,
    split_reach,
)
from whistgui.engine import Deal, NoTheoryError, SuitAnalysis, SuitDeal, WhistError, outcome_text
from whistgui.engine.games import Theory
from whistgui.engine.games.greedy_whist import theorem_6_1, theorem_6_1_words
from whistgui.engine.games.long_suit import (
    BEYOND_REACH,
    BY_OUTCOME,
    TheoremAnswer,
    by_theorems,
)
from whistgui.engine.games.single_suit import details
from whistgui.engine.trick.notation import format_suit_paper
from whistgui.engine.trick.rules import Outcome, Scoring


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
#: Why a suit has at most MAX_SUIT_CARDS cards a hand: a long suit is answered by the theorems,
#: but first the positions it reaches are counted (which decides between the recursion and
#: the theorems), and that count is quick only up to the kernel's MAX_REACH_COUNT_N (200).
_SUIT_LIMIT = (
    "a suit past the exact recursion is answered by the theorems, but first the positions it "
    f"reaches are counted, which is quick only up to {MAX_SUIT_CARDS} cards a hand"
)


def value(cmd: Command, text: str) -> None:
    deal = Deal.parse(text)
    require_suits(deal, text)
    check_suits(deal, text, MAX_SUIT_CARDS, "value", _SUIT_LIMIT)
    theory = _theory(cmd)
    if theory.whist_values and cmd.evaluator.greedy:
        # Greedy Whist's values: no kernel, so every suit is counted; whist's theorems for
        # long suits are not Greedy Whist's (R43 Theorem 6.1 is, for a single suit)
        try:
            reach = check_reach(deal, text, "value", kernel=False)
        except LimitError as exc:
            _greedy_beyond_reach(cmd, deal, text, str(exc))
            return
        past: frozenset[int] = frozenset()
    else:
        reach, past = split_reach(deal) if theory.whist_values else (0, frozenset())
    answers = {i: by_theorems(deal.suits[i]) for i in past}
    why = theory.covers(deal)
    try:
        with recursion_progress(cmd, reach):
            elements = [
                answers[i].value if i in answers else theory.element(s)
                for i, s in enumerate(deal.suits)
            ]
    except WhistError as exc:
        hint = f"; 'whist solve --game {cmd.game.name}' answers by search"
        raise NoTheoryError(f"{why or exc}{hint}") from None
    whist = theory.whist_values
    suits_json: list[dict[str, Any]] = []
    for i, (s, n, e) in enumerate(zip(deal.suits, deal.names, elements, strict=True)):
        entry: dict[str, Any] = {"suit": str(s), "name": n}
        if whist:
            entry["value"] = None if e is None else theory.text(e)
        entry["element"] = None if e is None else theory.text(e)
        if i in answers:
            entry.update(_theorem_json(answers[i]))
        suits_json.append(entry)
    obj: dict[str, Any] = {"deal": str(deal), "suits": suits_json}
    width = max(len(str(s)) for s in deal.suits)
    ewidth = max(len(_pretty(theory, e)) for e in elements)
    known = [e for e in elements if e is not None]
    total = theory.zero()
    if why is None:  # (a game of no sums says so when asked to add)
        for e in known:
            total = theory.add(total, e)
    if why is None and len(known) == len(elements):
        ewidth = max(ewidth, len(theory.pretty(total)))
    header = str(deal) if cmd.game.name == "whist" else f"{deal}   ({cmd.game.name})"
    lines = [header]
    for i, (s, n, e) in enumerate(zip(deal.suits, deal.names, elements, strict=True)):
        words = theory.describe(e) if e is not None else answers[i].bounds_text()
        if i in answers:
            words += f" — {answers[i].words()}"
        lines.append(f"  {n:>2}  {s!s:<{width}}  {_pretty(theory, e):<{ewidth}}  {words}")
    if why is None and len(known) == len(elements):
        o = theory.outcome(total)
        if whist:
            obj["value"] = theory.text(total)
        obj["element"] = theory.text(total)
        obj["outcome"] = outcome_json(o)
        lines.append(
            f"  sum {'':<{width}}  {theory.pretty(total):<{ewidth}}  {theory.describe(total)}"
        )
        lines.append(f"  outcome: {outcome_text(o)}")
    elif why is None:
        obj["value"] = obj["element"] = None
        o_or_why = _predicted(cmd, deal, elements, answers, total)
        lines.append(f"  sum {'':<{width}}  {_pretty(theory, None):<{ewidth}}  beyond reach")
        if isinstance(o_or_why, str):
            obj["outcome"] = None
            obj["no_outcome"] = o_or_why
            lines.append(f"  outcome: not predicted — {o_or_why}")
        else:
            obj["outcome"] = outcome_json(o_or_why)
            obj["outcome_by"] = BY_OUTCOME
            lines.append(f"  outcome by {BY_OUTCOME}: {outcome_text(o_or_why)}")
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


def _heading(suit: SuitDeal) -> str:
    """A suit as typed, and in the paper's notation when that is another text (a suit of
    numbered ranks reads the same in both: printed once)."""
    paper = format_suit_paper(suit)
    return str(suit) if paper == str(suit) else f"{suit}   {paper}"


def _pretty(theory: Theory[Any], e: Any) -> str:
    """An element's pretty text, ``?`` for a value beyond reach."""
    return "?" if e is None else theory.pretty(e)


def _theorem_json(a: TheoremAnswer) -> dict[str, Any]:
    """What the theorems add to a suit's JSON: by which the value (or none) and the outcome."""
    lo, hi = a.bounds
    out: dict[str, Any] = {
        "by": a.value_by if a.value is not None else BY_OUTCOME,
        "outcome": {"west_lead": a.tricks[0], "east_lead": a.tricks[1]},
        "outcome_by": BY_OUTCOME,
        "H": a.h,
        "H̄": a.hbar,
        "H_W": a.h_whist,
    }
    if a.value is None:
        out["value_between"] = [str(lo), str(hi)]
        out["value_not"] = str(lo + Fraction(1, 2))
    return out


def _predicted(
    cmd: Command,
    deal: Deal,
    elements: list[Any],
    answers: dict[int, TheoremAnswer],
    others: Any,
) -> Outcome | str:
    """The outcome of a deal with one suit whose value is beyond reach, by R43 Theorem 9.1
    when the other suits' values sum to an integer (ρ(v + m) = ρ(v) + m), else why not."""
    unknown = [i for i, e in enumerate(elements) if e is None]
    names = " and ".join(deal.names[i] for i in unknown)
    if cmd.game.rules.scoring is not Scoring.TRICKS:
        return (
            f"the value of {names} is beyond reach, and R43 Theorem 9.1 gives whist's outcome, "
            f"not {cmd.game.name}'s"
        )
    if len(unknown) > 1:
        return (
            f"the values of suits {names} are {'both' if len(unknown) == 2 else 'all'} beyond "
            "reach, each known only to lie "
            "between two half-integers"
        )
    a = answers[unknown[0]]
    if not (others.is_number and others.number.denominator == 1):
        return (
            f"the other suits sum to {others.pretty()}, not an integer, and the value of suit "
            f"{names} is known only as {a.bounds_text()} (R44 Theorems 11.9, 11.10)"
        )
    m = int(others.number)
    return Outcome(a.tricks[0] + m, a.tricks[1] + m)


def _greedy_beyond_reach(cmd: Command, deal: Deal, text: str, limit: str) -> None:
    """A Greedy Whist deal whose values are beyond the recursion's reach: one symmetric suit
    by R43 Theorem 6.1 (O(n²) at any length), several by search where the hands allow."""
    suits = [s for s in deal.suits if not s.is_empty]
    obj: dict[str, Any] = {
        "deal": str(deal),
        "suits": [
            {"suit": str(s), "name": n, "value": None, "element": None}
            for s, n in zip(deal.suits, deal.names, strict=True)
        ],
        "value": None,
        "element": None,
        "no_theory": limit,
    }
    lines = [f"{deal}   ({cmd.game.name})", f"  value beyond reach: {limit}"]
    if len(suits) == 1 and suits[0].is_symmetric:
        o = theorem_6_1(suits[0])
        obj["outcome_by"] = "R43 Theorem 6.1"
        lines.append(f"  outcome by R43 Theorem 6.1: {theorem_6_1_words(suits[0])}")
    else:
        why = "the values are beyond reach, and exact search of larger hands is too slow"
        check_hands(deal, text, MAX_SOLVE_CARDS, "value", why)
        o = cmd.solver.outcome(deal, rules=cmd.game.rules)
        obj["outcome_by"] = "search"
        lines.append(f"  outcome by exact search: {outcome_text(o)}")
    obj["outcome"] = outcome_json(o)
    cmd.emit(obj, "\n".join(lines))


def analyze(cmd: Command, text: str) -> None:
    suit = SuitDeal.parse(text)
    check_suits(Deal((suit,)), text, MAX_SUIT_CARDS, "analyze", _SUIT_LIMIT)
    theory = _theory(cmd)
    if theory.whist_values:
        if cmd.evaluator.greedy:  # every suit counted; Theorem 6.1 past reach, not whist's
            try:
                reach = check_reach(Deal((suit,)), text, "analyze", kernel=False)
            except LimitError as exc:
                _analyze_r43(cmd, suit, str(exc))
                return
        else:
            reach, past = split_reach(Deal((suit,)))
            if past:
                _analyze_by_theorems(cmd, suit)
                return
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
    lines = [f"{_heading(suit)}   ({cmd.game.name})"]
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


def _analyze_r43(cmd: Command, suit: SuitDeal, limit: str) -> None:
    """A Greedy Whist suit whose values are beyond reach: R43's numbers and Theorem 6.1 (α,
    maxmin, minmax and I(D) are the recursion's, so null, as for a long whist suit)."""
    o = theorem_6_1(suit)
    r43 = {k: v for k, v in details(suit).items() if k in ("H", "H̄", "H_Greedy")}
    obj: dict[str, Any] = {
        "suit": str(suit),
        "west": [suit.card_text(r) for r in sorted(suit.west)],
        "east": [suit.card_text(r) for r in sorted(suit.east)],
        **dict.fromkeys(("alpha", "maxmin", "minmax", "interval", "value", "element")),
        "no_theory": limit,
        **r43,
    }
    obj |= {"outcome": outcome_json(o), "outcome_by": "R43 Theorem 6.1"}
    lines = [
        f"{suit}   ({cmd.game.name})",
        f"value beyond reach: {limit}",
        f"R43     {theorem_6_1_words(suit)} (Theorem 6.1)",
    ]
    cmd.emit(obj, "\n".join(lines))


def _analyze_whist(cmd: Command, suit: SuitDeal) -> None:
    a: SuitAnalysis = cmd.evaluator.analyze(suit)
    o = cmd.theory.outcome(a.value) if cmd.theory is not None else a.outcome
    obj: dict[str, Any] = {
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
        _heading(suit),
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
    if cmd.game.name != "whist":  # whose analysis this is: greedy-whist, reduced-whist …
        lines[0] += f"   ({cmd.game.name})"
    if a.greedy:  # Greedy Whist: which α count, and R43's single-suit theory beside
        obj.update(details(suit))
        lines.insert(
            3 + a.n, "(greedy: rows' minima and columns' maxima over the winning replies, if any)"
        )
        lines.append(f"R43     {theorem_6_1_words(suit)} (Theorem 6.1)")
    cmd.emit(obj, "\n".join(lines))


def _analyze_by_theorems(cmd: Command, suit: SuitDeal) -> None:
    """A whist suit past the recursion's reach: R43's H, H̄ and H_W, the outcome by Theorem
    9.1 and the value where R44 Theorems 11.10 and 17.1 decide it (α, maxmin, minmax and I(D)
    are the recursion's, so null)."""
    from whistgui.engine.games.whist.kernel import reach_size

    a = by_theorems(suit)
    value = None if a.value is None else a.value.ascii()
    obj = {
        "suit": str(suit),
        "west": [suit.card_text(r) for r in sorted(suit.west)],
        "east": [suit.card_text(r) for r in sorted(suit.east)],
        "alpha": None,
        "maxmin": None,
        "minmax": None,
        "interval": None,
        "value": value,
        "element": value,
        **_theorem_json(a),
    }
    o: Outcome | None = a.outcome
    if cmd.game.rules.scoring is not Scoring.TRICKS:  # refined, reduced: ρ′ and ⌊ρ′⌋ of val
        o = cmd.theory.outcome(a.value) if a.value is not None and cmd.theory else None
    obj["outcome"] = None if o is None else outcome_json(o)
    val = (
        f"{a.value.pretty()}   (by {a.value_by})"
        if a.value is not None
        else f"{BEYOND_REACH}: {a.bounds_text()}"
    )
    lines = [
        _heading(suit),
        f"past the exact recursion's reach ({reach_size(suit.pattern):,} positions): "
        "answered by the theorems",
        f"H, H̄    {a.h}, {a.hbar}   (R43 §5)",
        f"H_W     {a.h_whist}   ({BY_OUTCOME}: West takes (n + H_W)/2 tricks, rounded down "
        "when he leads)",
        f"val     {val}",
        "outcome " + ("not predicted: the value is beyond reach" if o is None else outcome_text(o)),
    ]
    cmd.emit(obj, "\n".join(lines))


def run(cmd: Command, args: argparse.Namespace, items: Any) -> None:
    fn = value if args.command == "value" else analyze
    cmd.run_each(items, lambda t: fn(cmd, t))
