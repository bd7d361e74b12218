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
from whistgui.engine.games.whist.compare import (
    MAX_COMPARE_CARDS,
    Comparer,
    Comparison,
    Witness,
)
from whistgui.engine.games.whist.describe import describe
from whistgui.engine.games.whist.evaluator import Evaluator
from whistgui.engine.games.whist.value import Value
from whistgui.engine.reading import quote
from whistgui.engine.trick.deal import Deal

__all__ = [
    "CHI_WORDS",
    "MAX_ROW_CARDS",
    "RELATION_WORDS",
    "VALUES_GAME",
    "VALUES_TITLE",
    "WorksheetRow",
    "compare_refusal",
    "compare_rows",
    "game_note",
    "sum_text",
    "witness_deal",
    "witness_text",
    "worksheet_row",
    "worksheet_rows",
    "worksheet_sum",
]

#: The largest deal a row takes (cards a hand): what a comparison verifies by exact search.
MAX_ROW_CARDS: Final = MAX_COMPARE_CARDS

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
    none (``error``)."""

    text: str
    deal: Deal | None = None
    value: Value | None = None
    kind: str = ""
    error: str | None = None


def worksheet_row(text: str, evaluator: Evaluator) -> WorksheetRow:
    """The row of ``text``: a whist deal of symmetric suits, up to :data:`MAX_ROW_CARDS` cards
    a hand, valued by ``evaluator``; a bad one is a row with its ``error`` (quoting it)."""
    expect(text, str, "text")
    expect(evaluator, Evaluator, "evaluator")
    shown = text.strip()
    try:
        deal = Deal.parse(shown)
        if not deal.suits:
            return WorksheetRow(text, error=f"{quote(shown)} is an empty deal")
        for name, s in zip(deal.names, deal.suits, strict=True):
            if not s.is_symmetric:
                return WorksheetRow(
                    text,
                    error=f"{quote(shown)}: suit {name} ({quote(str(s))}) is not symmetric: West "
                    f"holds {len(s.west)} cards and East {len(s.east)}; a value needs the same "
                    "number on each side",
                )
        if deal.size > MAX_ROW_CARDS:
            return WorksheetRow(
                text,
                error=f"{quote(shown)} has {deal.size} cards a hand; a row takes at most "
                f"{MAX_ROW_CARDS} (comparisons are verified by exact search)",
            )
        value = evaluator.value(deal)
    except WhistError as exc:
        return WorksheetRow(text, error=str(exc))
    return WorksheetRow(text, deal, value, describe(value).words)


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
    deals = []
    for name, row in (("D", d), ("E", e)):
        if row.deal is None:
            raise ArgumentError(f"{name} {quote(row.text.strip())} is not a deal with a value")
        deals.append(row.deal)
    return comparer.compare(deals[0], deals[1])


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
    return (
        f"z = {witness.z} ({witness.value.pretty()}): χ(D + z) = {witness.d}, "
        f"χ(E + z) = {witness.e} — {better} does better"
    )


def sum_text(rows: Sequence[WorksheetRow]) -> str:
    """The sum line of ``rows`` (all valued): the sum and its kind, and how many rows without
    a value were left out."""
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
        if row.deal is None:
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
