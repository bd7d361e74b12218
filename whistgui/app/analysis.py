"""What the analysis panel shows of a document, computed without Qt: each suit's value and what
it is, the sum and the predicted outcome, or the exact outcome of an asymmetric deal, and a
sentence about the whole deal.

>>> from whistgui.engine import Deal
>>> r = analyse(Document.from_deal(Deal.parse('AQ/KJ K/A')), Evaluator(), Solver())
>>> [row.value.pretty() for row in r.rows], r.predicted
(['1½', 'ε₀'], Outcome(west_lead=2, east_lead=2))
"""

from __future__ import annotations

from dataclasses import dataclass

from whistgui.app.document import Document
from whistgui.engine import (
    Evaluator,
    Outcome,
    Player,
    Solver,
    Value,
    describe,
    rho,
)
from whistgui.engine.cards import count

__all__ = ["MAX_LIVE_SOLVE", "MAX_LIVE_SUIT", "AnalysisResult", "SuitRow", "analyse"]

#: Longest single suit (cards a hand) evaluated live: the exact recursion grows about ×4.5 per card.
MAX_LIVE_SUIT = 10
#: Largest hands (cards each) the exact solver is run on live for asymmetric deals.
MAX_LIVE_SOLVE = 13


@dataclass(frozen=True, slots=True)
class SuitRow:
    name: str
    text: str  # the suit in compact notation (or the paper's)
    value: Value | None
    words: str  # what the value is, or why there is none
    outcome: Outcome | None  # tricks this suit alone gives West with each lead


@dataclass(frozen=True, slots=True)
class AnalysisResult:
    generation: int
    document: Document
    rows: tuple[SuitRow, ...]
    total: Value | None
    predicted: Outcome | None  # ρ(sum of values), symmetric complete deals
    exact: Outcome | None  # the solver's χ, for asymmetric deals
    summary: str  # a sentence about the whole deal


def analyse(
    doc: Document,
    evaluator: Evaluator,
    solver: Solver,
    generation: int = 0,
    max_suit: int | None = MAX_LIVE_SUIT,
) -> AnalysisResult:
    """Everything the panel shows, for one document. Suits longer than ``max_suit`` cards a
    hand are not valued (None: no limit, for figures made offline)."""
    deal = doc.deal
    rows = []
    values: list[Value] = []
    for suit, name in zip(deal.suits, deal.names, strict=True):
        text = str(suit)
        if suit.is_empty:
            rows.append(SuitRow(name, text, None, "no cards dealt", None))
            continue
        if not suit.is_symmetric:
            rows.append(
                SuitRow(
                    name,
                    text,
                    None,
                    f"asymmetric ({len(suit.west)} vs {len(suit.east)}): no value",
                    None,
                )
            )
            continue
        if max_suit is not None and suit.n > max_suit:
            rows.append(
                SuitRow(
                    name,
                    text,
                    None,
                    f"{suit.n} cards a hand: too long to evaluate live (at most {MAX_LIVE_SUIT})",
                    None,
                )
            )
            continue
        v = evaluator.suit_value(suit)
        values.append(v)
        ch = describe(v)
        rows.append(SuitRow(name, text, v, ch.words, ch.outcome))
    w, e = deal.hand_size(Player.WEST), deal.hand_size(Player.EAST)
    total: Value | None = None
    predicted: Outcome | None = None
    exact: Outcome | None = None
    if w + e == 0:
        summary = "No cards dealt yet: drag cards from the pool to West and East."
    elif w != e:
        summary = (
            f"West holds {count(w, 'card')} and East {e}: deal the same number to each hand "
            "for an outcome."
        )
    elif deal.is_symmetric and len(values) == sum(1 for s in deal.suits if not s.is_empty):
        total = sum(values, Value(0))
        predicted = rho(total)
        west = predicted.west_lead  # tricks: ρ of a whist value
        tricks = count(west, "trick") if isinstance(west, int) else f"{west} tricks"
        summary = (
            f"Symmetric deal of {count(w, 'card')} a hand: the value {total.pretty()} predicts "
            f"{tricks} for West with West on lead and "
            f"{predicted.east_lead} with East on lead."
        )
    elif deal.is_symmetric:
        summary = "A suit is too long for live values; no prediction."
    elif w > MAX_LIVE_SOLVE:
        summary = f"Asymmetric deal of {count(w, 'card')} a hand: too large for live search."
    else:
        exact = solver.outcome(deal)
        summary = (
            f"Asymmetric deal: the value theory does not apply (a suit has unequal lengths). "
            f"Exact search: West takes {exact.west_lead} with West on lead and "
            f"{exact.east_lead} with East on lead."
        )
    return AnalysisResult(generation, doc, tuple(rows), total, predicted, exact, summary)
