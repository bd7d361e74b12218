"""The values worksheet (issue 28; CGSuite's worksheet as the anchor), Qt-free: deals typed into
rows, each with its value and what the value is in words, the sum of the rows, and any two rows
compared in the order of states with their witnesses
(:func:`~whistgui.engine.games.whist.compare.compare_deals`), a witness opening in the table as
the deal D + z.

>>> from whistgui.engine import Evaluator
>>> rows = worksheet_rows(['K/A', 'AQ/KJ', 'AK/Q'], Evaluator())
>>> [(r.value.pretty() if r.value else None, r.kind) for r in rows[:2]]
[('ε₀', 'exit for West, unprotected'), ('1½', 'number; the outcome depends on the lead')]
>>> rows[2].value is None and rows[2].error.startswith("'AK/Q': suit S ('AK/Q') is not symmetric")
True
>>> worksheet_sum(rows)
(Value.parse('3/2+e0'), 'exit for West, unprotected')
>>> sum_text(rows)
'Sum of the rows: 1½ + ε₀ — exit for West, unprotected (the 1 row without a value left out)'
>>> compare_refusal([0, 2], rows)[:50]
"Row 3 has no value: 'AK/Q': suit S ('AK/Q') is not"

A row takes a whist suit of up to :data:`MAX_ROW_SUIT` cards a hand, as ``whist value`` does:
a suit past the exact recursion's reach is answered by the theorems
(:mod:`~whistgui.engine.games.long_suit`) — its value where R44 Theorems 11.10 and 17.1 decide
it, else its outcome by R43 Theorem 9.1, and the row then has no value (``beyond_reach``):

>>> alternating = '[' + ' '.join(map(str, range(36, 0, -2))) + ', '
>>> alternating += ' '.join(map(str, range(35, 0, -2))) + ']'
>>> row = worksheet_row(alternating, Evaluator())
>>> row.value.pretty(), row.kind.split(' — ')
('9½', ['number; the outcome depends on the lead', 'value by R44 Theorem 17.1; outcome by R43 \
Theorem 9.1'])

The worksheet values deals in two-person whist (:data:`VALUES_TITLE`); in another game it says
so (:func:`game_note`).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Final

from whistgui.app.analysis import game_label
from whistgui.engine.checks import expect
from whistgui.engine.errors import ArgumentError, WhistError
from whistgui.engine.games import find_game
from whistgui.engine.games.long_suit import BEYOND_REACH, TheoremAnswer, by_theorems
from whistgui.engine.games.whist.compare import (
    MAX_COMPARE_CARDS,
    Comparer,
    Comparison,
    Witness,
)
from whistgui.engine.games.whist.describe import describe
from whistgui.engine.games.whist.evaluator import Evaluator
from whistgui.engine.games.whist.keys import MAX_SUIT_N
from whistgui.engine.games.whist.value import Value
from whistgui.engine.reading import quote
from whistgui.engine.trick.deal import Deal
from whistgui.engine.trick.rules import Outcome, outcome_text

__all__ = [
    "CHI_WORDS",
    "MAX_ROW_CARDS",
    "MAX_ROW_SUIT",
    "RELATION_WORDS",
    "ROW_REACH",
    "VALUES_GAME",
    "VALUES_TITLE",
    "DealValue",
    "WorksheetRow",
    "compare_refusal",
    "compare_rows",
    "deal_value",
    "game_note",
    "sum_text",
    "witness_deal",
    "witness_text",
    "worksheet_row",
    "worksheet_rows",
    "worksheet_sum",
]

#: The largest deals (cards a hand) whose comparison is verified by exact search (a larger row
#: is compared by its value, its witnesses rounded from the values, unverified).
MAX_ROW_CARDS: Final = MAX_COMPARE_CARDS
#: The longest suit a row takes (cards a hand): ``whist value``'s ``MAX_SUIT_CARDS``.
MAX_ROW_SUIT: Final = 200
#: The most patterns the exact recursion values for a row's suits too long for the kernel,
#: one suit or all together (``whist value``'s ``MAX_RECURSION_REACH``: some 25 s); past it a
#: suit is answered by the theorems.
ROW_REACH: Final = 250_000

#: The game whose values the worksheet shows, sums and compares (a witness opens in it).
VALUES_GAME: Final = "whist"
#: The worksheet's heading.
VALUES_TITLE: Final = f"{game_label(find_game(VALUES_GAME))} values"
#: What the pairs χ(·) are, said once above the witnesses.
CHI_WORDS: Final = "χ = (West's tricks when West leads, when East leads)"

#: A comparison's relation in words, D the first row and E the second.
RELATION_WORDS: Final = {
    "<": "D < E: D is worse for West — χ(D + z) ≤ χ(E + z) for every z",
    ">": "D > E: D is better for West — χ(D + z) ≥ χ(E + z) for every z",
    "=": "D ≡ E: equivalent — χ(D + z) = χ(E + z) for every z",
    "incomparable": "D and E are incomparable: some z favours D, another E",
}


@dataclass(frozen=True, slots=True)
class WorksheetRow:
    """One row: the text as typed, and its deal, value and kind in words — or why there is
    none (``error``). A deal whose value is beyond reach has a deal, no value and no error
    (:attr:`beyond_reach`); ``outcome`` is then its outcome by R43 Theorem 9.1 where that
    gives one."""

    text: str
    deal: Deal | None = None
    value: Value | None = None
    kind: str = ""
    error: str | None = None
    outcome: Outcome | None = None

    @property
    def beyond_reach(self) -> bool:
        """A deal whose value the theorems leave undecided (its suit's bounds in :attr:`kind`)."""
        return self.deal is not None and self.value is None and self.error is None


@dataclass(frozen=True, slots=True)
class DealValue:
    """val(D) as ``whist value`` finds it (:func:`deal_value`): ``value`` None when a suit's
    value is beyond reach; ``answers`` the theorems' for the suits past the recursion (by
    index); ``outcome`` by R43 Theorem 9.1 for a deal of one such suit beside suits summing to
    an integer, else ``no_outcome`` says why there is none."""

    value: Value | None
    answers: dict[int, TheoremAnswer]
    outcome: Outcome | None = None
    no_outcome: str = ""


def deal_value(deal: Deal, evaluator: Evaluator) -> DealValue:
    """val(``deal``) (symmetric suits) as ``whist value`` finds it: each suit by ``evaluator``
    (the kernel, or the exact recursion while its suits reach at most :data:`ROW_REACH`
    patterns), a suit past that by the theorems (:func:`~whistgui.engine.games.long_suit.
    by_theorems`)."""
    from whistgui.engine.games.whist.kernel import reach_size

    expect(deal, Deal, "deal")
    expect(evaluator, Evaluator, "evaluator")
    sizes = [(i, reach_size(s.pattern)) for i, s in enumerate(deal.suits) if s.n > MAX_SUIT_N]
    past = {i for i, size in sizes if size > ROW_REACH}
    if sum(size for i, size in sizes if i not in past) > ROW_REACH:
        past = {i for i, _ in sizes}
    answers = {i: by_theorems(deal.suits[i]) for i in sorted(past)}
    values = [
        answers[i].value if i in answers else evaluator.value(s) for i, s in enumerate(deal.suits)
    ]
    known = [v for v in values if v is not None]
    total = sum(known, start=Value(0))
    if len(known) == len(values):
        return DealValue(total, answers)
    unknown = [i for i, v in enumerate(values) if v is None]
    names = " and ".join(deal.names[i] for i in unknown)
    if len(unknown) > 1:
        why = (
            f"the values of suits {names} are "
            f"{'both' if len(unknown) == 2 else 'all'} beyond reach, each known only to lie "
            "between two half-integers"
        )
        return DealValue(None, answers, no_outcome=why)
    a = answers[unknown[0]]
    if not (total.is_number and total.number.denominator == 1):
        why = (
            f"the other suits sum to {total.pretty()}, not an integer, and the value of suit "
            f"{names} is known only as {a.bounds_text()} (R44 Theorems 11.9, 11.10)"
        )
        return DealValue(None, answers, no_outcome=why)
    m = int(total.number)
    return DealValue(None, answers, Outcome(a.tricks[0] + m, a.tricks[1] + m))


def worksheet_row(text: str, evaluator: Evaluator) -> WorksheetRow:
    """The row of ``text``: a whist deal of symmetric suits, each of up to
    :data:`MAX_ROW_SUIT` cards a hand, valued by ``evaluator`` and the theorems
    (:func:`deal_value`); a bad one is a row with its ``error`` (quoting it)."""
    expect(text, str, "text")
    expect(evaluator, Evaluator, "evaluator")
    shown = text.strip()
    try:
        deal = Deal.parse(shown)
        if not deal.suits:
            return WorksheetRow(text, error=f"{quote(shown)} is an empty deal")
        if all(s.is_empty for s in deal.suits):  # as the empty deal is
            return WorksheetRow(
                text, error=f"{quote(shown)} has no cards; expected a deal with cards"
            )
        for name, s in zip(deal.names, deal.suits, strict=True):
            if not s.is_symmetric:
                return WorksheetRow(
                    text,
                    error=f"{quote(shown)}: suit {name} ({quote(str(s))}) is not symmetric: West "
                    f"holds {len(s.west)} cards and East {len(s.east)}; a value needs the same "
                    "number on each side",
                )
        longest = max(s.n for s in deal.suits)
        if longest > MAX_ROW_SUIT:
            return WorksheetRow(
                text,
                error=f"{quote(shown)} has a suit of {longest:,} cards in a hand; a row takes "
                f"at most {MAX_ROW_SUIT}, as 'whist value' does",
            )
        found = deal_value(deal, evaluator)
    except WhistError as exc:
        return WorksheetRow(text, error=str(exc))
    return _row(text, deal, found)


def _row(text: str, deal: Deal, found: DealValue) -> WorksheetRow:
    """The row of a deal valued (:func:`deal_value`), in words as ``whist value`` says it: a
    value by the theorems says which; a value beyond reach gives its bounds, then
    :data:`~whistgui.engine.games.long_suit.BEYOND_REACH` and the outcome (or why none)."""
    one = len(deal.suits) == 1

    def said(i: int, a: TheoremAnswer) -> str:
        words = a.words() if a.value is not None else a.bounds_text()
        return words if one else f"suit {deal.names[i]}: {words}"

    theorems = "; ".join(said(i, a) for i, a in found.answers.items())
    if found.value is not None:
        kind = describe(found.value).words + (f" — {theorems}" if theorems else "")
        return WorksheetRow(text, deal, found.value, kind)
    if found.outcome is not None:
        tail = f"{BEYOND_REACH}: {outcome_text(found.outcome)}"
    else:
        tail = f"value beyond reach, and no outcome: {found.no_outcome}"
    return WorksheetRow(text, deal, None, f"{theorems} — {tail}", outcome=found.outcome)


def worksheet_rows(texts: Iterable[str], evaluator: Evaluator) -> list[WorksheetRow]:
    """:func:`worksheet_row` of each text."""
    return [worksheet_row(t, evaluator) for t in texts]


def worksheet_sum(rows: Sequence[WorksheetRow]) -> tuple[Value, str] | None:
    """The sum of the rows that have a value, and its kind in words; None if none has."""
    values = [r.value for r in rows if r.value is not None]
    if not values:
        return None
    total = Value(0)
    for v in values:
        total = total + v
    return total, describe(total).words


def compare_rows(d: WorksheetRow, e: WorksheetRow, comparer: Comparer) -> Comparison:
    """Row ``d`` against row ``e`` (both with a deal) by ``comparer``; WhistError if either
    has none, or the pair is beyond what exact search verifies."""
    deals, values = [], []
    for name, row in (("D", d), ("E", e)):
        if row.deal is None or row.value is None:
            raise ArgumentError(f"{name} {quote(row.text.strip())} is not a deal with a value")
        deals.append(row.deal)
        values.append(row.value)
    return comparer.compare(deals[0], deals[1], values=(values[0], values[1]))


def witness_deal(deal: Deal, witness: Witness) -> Deal:
    """D + z: the deal a witness opens in the table (z's suits after D's)."""
    return Deal(deal.suits + witness.z.suits)


def witness_text(witness: Witness) -> str:
    """A witness on one line: z, its value, χ(D + z) and χ(E + z), and who does better.

    >>> c = Comparer().compare(Deal.parse('K/A'), Deal.parse('A/K'))
    >>> witness_text(c.witnesses[0])
    'z = K/A (ε₀): χ(D + z) = (0, 0), χ(E + z) = (1, 1) — E does better'
    """
    better = "D" if witness.d > witness.e else "E"
    unverified = {
        (True, True): "",
        (True, False): " (χ(E + z) from the values: too large to verify by search)",
        (False, True): " (χ(D + z) from the values: too large to verify by search)",
    }.get(witness.searched, " (from the values; too large to verify by search)")
    return (
        f"z = {witness.z} ({witness.value.pretty()}): χ(D + z) = {witness.d}, "
        f"χ(E + z) = {witness.e} — {better} does better{unverified}"
    )


def sum_text(rows: Sequence[WorksheetRow]) -> str:
    """The sum line of ``rows`` (all valued): the sum and its kind, and how many rows without
    a value were left out — a row whose value is beyond reach leaves the sum without one."""
    beyond = [i for i, r in enumerate(rows) if r.beyond_reach]
    if beyond:
        which = ", ".join(str(i + 1) for i in beyond)
        rows_word = "row" if len(beyond) == 1 else "rows"
        its = "its value is" if len(beyond) == 1 else "their values are"
        return (
            f"Sum: no value — {rows_word} {which}: {its} beyond reach (the theorems give only "
            "bounds), and so is the sum's"
        )
    total = worksheet_sum(rows)
    if total is None:
        return "Sum: no row has a value" if rows else "Sum: no rows yet"
    skipped = sum(r.value is None for r in rows)
    but = ""
    if skipped:
        but = f" (the {skipped} {'row' if skipped == 1 else 'rows'} without a value left out)"
    return f"Sum of the rows: {total[0].pretty()} — {total[1]}{but}"


def compare_refusal(selected: Sequence[int], rows: Sequence[WorksheetRow | None]) -> str | None:
    """Why the rows numbered ``selected`` (from 0) cannot be compared — None if they can;
    ``rows[i]`` is None while row ``i`` is being valued."""
    if len(selected) != 2:
        picked = f" ({len(selected)} selected)" if selected else ""
        return f"Select two rows (Ctrl+click) to compare them{picked}"
    for i in selected:
        row = rows[i]
        if row is None:
            return f"Row {i + 1} is still being valued"
        if row.beyond_reach:
            return (
                f"Row {i + 1}'s value is beyond reach (R43 Theorem 9.1 gives its outcome, not "
                "its value): the order of deals is read off both values"
            )
        if row.deal is None or row.value is None:
            return f"Row {i + 1} has no value: {row.error or 'no deal'}"
    return None


def game_note(game: str) -> str | None:
    """What the worksheet says while the table's game is ``game`` (a registered name or
    alias): nothing in whist; in another game, that its values are whist's.

    >>> game_note('whist') is None
    True
    >>> game_note('five-card')[:40]
    "The table's game is Five-card: these val"
    """
    g = find_game(game)
    if g.name == VALUES_GAME:
        return None
    return (
        f"The table's game is {game_label(g)}: these values, their sum and the comparisons "
        "are two-person whist's"
    )
