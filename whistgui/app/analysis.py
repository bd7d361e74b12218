"""What the analysis panel shows of a document, computed without Qt, in the document's game:
each suit's value (whist) or element (another game's theory) and what it is, the sum and the
predicted outcome — or, where the theory does not cover the deal, the exact outcome by search
— and a sentence about the whole deal.

>>> from whistgui.engine import Deal
>>> r = analyse(Document.from_deal(Deal.parse('AQ/KJ K/A')), Evaluator(), Solver())
>>> [row.value.pretty() for row in r.rows], r.predicted
(['1½', 'ε₀'], Outcome(west_lead=2, east_lead=2))
>>> r.total.pretty(), r.total_words  # the kind of value, as ``whist value`` says it
('1½ + ε₀', 'exit for West, unprotected')

In five-card each suit's element is its trace, and the sum predicts the winner:

>>> r = analyse(Document.from_deal(Deal.parse('KQ/AJ A/K'), game='five-card'), Evaluator(), Solver())
>>> [row.words for row in r.rows]
['trace 0: the player on lead wins', 'trace +1: West wins whoever leads']
>>> r.total.pretty(), r.total_words, outcome_words(r.predicted)
('+1', 'trace +1: West wins whoever leads', 'West wins whoever leads')

Greedy Whist's theory is its values (an evaluator with ``greedy``, the caller's when it
passes one); a deal the theory does not cover is solved by search ("search only"):

>>> r = analyse(Document.from_deal(Deal.parse('AQ/KJ K/A'), game='greedy'), Evaluator(), Solver())
>>> r.total.pretty(), r.predicted
('1½ + ε₀', Outcome(west_lead=2, east_lead=2))
>>> r = analyse(Document.from_deal(Deal.parse('AQ/K K/AJ'), game='greedy'), Evaluator(), Solver())
>>> r.search_only != '', r.predicted, outcome_words(r.exact)
(True, None, 'West takes 2 tricks with West on lead and 1 with East on lead')
"""  # noqa: E501

from __future__ import annotations

from dataclasses import dataclass
from functools import reduce
from typing import Any

from whistgui.app.document import Document
from whistgui.engine import (
    Deal,
    Evaluator,
    Outcome,
    Player,
    Solver,
    SuitDeal,
    Value,
    WhistError,
    describe,
    rho,
    rho_prime,
)
from whistgui.engine.games import Game, Theory
from whistgui.engine.reading import quote
from whistgui.engine.strategy import TheoryElement
from whistgui.engine.trick.cards import count
from whistgui.engine.trick.rules import outcome_text as outcome_words
from whistgui.engine.trick.rules import result_text

__all__ = [
    "MAX_LIVE_SOLVE",
    "MAX_LIVE_SUIT",
    "AnalysisResult",
    "SuitRow",
    "analyse",
    "cannot_inspect",
    "game_label",
    "is_whist",
    "outcome_words",  # the engine's outcome_text, re-exported by the name the UI imports
    "result_text",  # the engine's result_text, re-exported
]

#: Longest single suit (cards a hand) evaluated live — as long as a document's suits go: from 9
#: cards a hand the evaluator values a suit with the numpy kernel (13 cards a hand in 0.1–0.15 s,
#: 16 in about 2 s; beyond 16 the recursion, growing about ×4.5 a card). The inspector asks
#: before valuing a longer suit given to it directly.
MAX_LIVE_SUIT = 13
#: Largest hands (cards each) the exact solver is run on live for asymmetric deals.
MAX_LIVE_SOLVE = 13

_WHIST_GAMES = ("whist", "refined-whist")


def is_whist(game: Game | str) -> bool:
    """Is ``game`` valued by whist's values (whist or refined whist)?"""
    return (game if isinstance(game, str) else game.name) in _WHIST_GAMES


def game_label(game: Game) -> str:
    """A game's short name for menus and headings: its title up to the parenthesis.

    >>> from whistgui.engine.games import find_game
    >>> game_label(find_game('five-card')), game_label(find_game('whist'))
    ('Five-card', 'Two-person whist')
    """
    return game.title.split(" (")[0]


def cannot_inspect(suit: SuitDeal, game: Game) -> str | None:
    """Why ``suit`` has no single-suit structure to show in ``game`` — no α matrix in whist, no
    matrix A in Greedy Whist and five-card, no exit in misère — or None if it has one. The
    inspector and the matrix figure both ask here. The suit is quoted.

    >>> from whistgui.engine.games import find_game
    >>> cannot_inspect(SuitDeal.parse("AK/Q"), find_game("whist"))
    "'AK/Q' is not symmetric (2 vs 1): the value theory needs a nonempty symmetric suit"
    """
    if suit.is_empty:
        return f"{str(suit)!r} has no cards: nothing to show"
    if game.name == "five-card":
        if not suit.west or not suit.east:
            return (
                f"{str(suit)!r}: one hand is void, so its symmetrization (Theorem 7.1) is "
                "empty: nothing to show"
            )
        return None
    if not suit.is_symmetric:
        what = "the value theory" if is_whist(game) else f"{game_label(game)}'s theory"
        return (
            f"{quote(str(suit))} is not symmetric ({len(suit.west)} vs {len(suit.east)}): {what} "
            "needs a nonempty symmetric suit"
        )
    return None


@dataclass(frozen=True, slots=True)
class SuitRow:
    name: str
    text: str  # the suit in compact notation (or the paper's)
    #: whist's value of the suit, another game's element, or None (with the reason in words)
    value: Value | TheoryElement | None
    words: str  # what the value is, or why there is none
    outcome: Outcome | None  # what this suit alone gives West with each lead


@dataclass(frozen=True, slots=True)
class AnalysisResult:
    generation: int
    document: Document
    rows: tuple[SuitRow, ...]
    total: Value | TheoryElement | None  # the sum of the values (elements)
    predicted: Outcome | None  # the theory's outcome of the sum (whist: ρ), covered deals
    exact: Outcome | None  # the solver's, for deals the theory does not cover
    summary: str  # a sentence about the whole deal
    #: For another game than whist: why its theory does not cover the deal ("search only");
    #: empty when it does, when the hands are empty or unequal, and always for whist.
    search_only: str = ""
    #: What kind of value (element) the sum is, in the theory's words as ``whist value`` says
    #: it ("exits for both sides, stoppers level; the lead decides"); empty with no sum.
    total_words: str = ""

    @property
    def game(self) -> Game:
        return self.document.game_info


def analyse(
    doc: Document,
    evaluator: Evaluator,
    solver: Solver,
    generation: int = 0,
) -> AnalysisResult:
    """Everything the panel shows, for one document in its game (a document's suits are never
    longer than :data:`MAX_LIVE_SUIT`: every whist suit is valued)."""
    game = doc.game_info
    if is_whist(game):
        return _analyse_whist(doc, evaluator, solver, generation, game.name != "whist")
    return _analyse_game(doc, game, solver, generation, evaluator)


def _unequal(w: int, e: int) -> str:
    return (
        f"West holds {count(w, 'card')} and East {e}: deal the same number to each hand "
        "for an outcome."
    )


def _analyse_whist(
    doc: Document,
    evaluator: Evaluator,
    solver: Solver,
    generation: int,
    refined: bool,
) -> AnalysisResult:
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
        v = evaluator.suit_value(suit)
        values.append(v)
        ch = describe(v)
        rows.append(SuitRow(name, text, v, ch.words, rho_prime(v) if refined else ch.outcome))
    w, e = deal.hand_size(Player.WEST), deal.hand_size(Player.EAST)
    total: Value | None = None
    predicted: Outcome | None = None
    exact: Outcome | None = None
    if w + e == 0:
        summary = "No cards dealt yet: drag cards from the pool to West and East."
    elif w != e:
        summary = _unequal(w, e)
    elif deal.is_symmetric and len(values) == sum(1 for s in deal.suits if not s.is_empty):
        total = sum(values, Value(0))
        if refined:
            predicted = rho_prime(total)
            summary = (
                f"Symmetric deal of {count(w, 'card')} a hand: the value {total.pretty()} "
                f"predicts a refined score of {result_text(predicted.west_lead)} for West with "
                f"West on lead and {result_text(predicted.east_lead)} with East on lead "
                "(tricks, −¼ for taking the last trick and +¼ for not taking it)."
            )
        else:
            predicted = rho(total)
            west = predicted.west_lead  # tricks: ρ of a whist value
            tricks = count(west, "trick") if isinstance(west, int) else f"{west} tricks"
            summary = (
                f"Symmetric deal of {count(w, 'card')} a hand: the value {total.pretty()} "
                f"predicts {tricks} for West with West on lead and "
                f"{predicted.east_lead} with East on lead."
            )
    elif deal.is_symmetric:
        summary = "A suit is too long for live values; no prediction."
    elif w > MAX_LIVE_SOLVE:
        summary = f"Asymmetric deal of {count(w, 'card')} a hand: too large for live search."
    else:
        exact = solver.outcome(deal, refined=refined)
        summary = (
            "Asymmetric deal: the value theory does not apply (a suit has unequal lengths). "
            f"Exact search: {outcome_words(exact)}."
        )
    words = describe(total).words if total is not None else ""
    return AnalysisResult(
        generation, doc, tuple(rows), total, predicted, exact, summary, total_words=words
    )


def _suit_row(theory: Theory[Any], name: str, suit: SuitDeal) -> tuple[SuitRow, Any]:
    """A suit's row in another game, and its element (None where the theory has none)."""
    text = str(suit)
    if suit.is_empty:
        return SuitRow(name, text, None, "no cards dealt", None), None
    try:
        element = theory.element(suit)
    except WhistError as exc:
        if not suit.is_symmetric:
            why = f"asymmetric ({len(suit.west)} vs {len(suit.east)}): no element"
        else:
            why = f"no element: {exc}"
        return SuitRow(name, text, None, why, None), None
    alone = Deal([suit])
    outcome = theory.outcome(element) if theory.covers(alone) is None else None
    value = TheoryElement.of(theory, element)
    return SuitRow(name, text, value, theory.describe(element), outcome), element


def _analyse_game(
    doc: Document, game: Game, solver: Solver, generation: int, evaluator: Evaluator
) -> AnalysisResult:
    deal = doc.deal
    label = game_label(game)
    theory = game.new_theory()
    own = getattr(theory, "evaluator", None)
    if isinstance(own, Evaluator) and own.greedy == evaluator.greedy:  # Greedy Whist's values
        theory.evaluator = evaluator  # type: ignore[union-attr]  # the caller's memo and stop
    rows: list[SuitRow] = []
    elements: list[Any] = []
    for suit, name in zip(deal.suits, deal.names, strict=True):
        if theory is None:
            rows.append(SuitRow(name, str(suit), None, "no theory: search only", None))
            continue
        row, element = _suit_row(theory, name, suit)
        rows.append(row)
        if element is not None:
            elements.append(element)
    w, e = deal.hand_size(Player.WEST), deal.hand_size(Player.EAST)
    total: TheoryElement | None = None
    total_words = ""
    predicted: Outcome | None = None
    exact: Outcome | None = None
    why = "" if theory is not None else f"{label} has no value theory"
    if theory is not None and w + e > 0:
        why = theory.covers(deal) or ""
        if not why:
            try:
                sum_ = reduce(theory.add, elements, theory.zero())
            except WhistError as exc:
                why = str(exc)
            else:
                total = TheoryElement.of(theory, sum_)
                predicted = theory.outcome(sum_)
                total_words = theory.describe(sum_)
    if w + e == 0:
        summary = "No cards dealt yet: drag cards from the pool to West and East."
        why = ""
    elif w != e:
        summary = _unequal(w, e)
        why = ""  # not for search either: the summary says what to do
    elif predicted is not None and total is not None:
        what = "the element" if len(elements) == 1 else "the sum of the elements"
        summary = (
            f"{label} deal of {count(w, 'card')} a hand: {what} {total.pretty()} predicts "
            f"that {outcome_words(predicted)}."
        )
    elif w > MAX_LIVE_SOLVE:
        summary = (
            f"Search only: {_sentence(why)} The deal has {count(w, 'card')} a hand: too large "
            "for live search."
        )
    else:
        exact = solver.outcome(deal, rules=game.rules)
        summary = f"Search only: {_sentence(why)} Exact search: {outcome_words(exact)}."
    return AnalysisResult(
        generation,
        doc,
        tuple(rows),
        total,
        predicted,
        exact,
        summary,
        search_only=why,
        total_words=total_words,
    )


def _sentence(text: str) -> str:
    text = text.strip()
    return text if text.endswith(".") else f"{text}."
