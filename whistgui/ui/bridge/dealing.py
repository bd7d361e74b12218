"""Random Deal on the engine service: a deal (a random one, or one of a constraint's), its par
worked out, and the contract the board is then played in — the par contract, as the issue's
users asked ("the old contract, now failing" was what Random Deal kept), or, for a deal passed
out at par, the contract the board had, said plainly. The job runs on the engine's thread; the
page makes the board from its :class:`DealOutcome` in one undo step."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from whistgui.engine.bridge import BridgeDeal, Contract, Seat
from whistgui.ui.bridge.table_cards import contract_text
from whistgui.ui.engine_service import JobContext

__all__ = ["DealOutcome", "deal_job", "outcome_note"]


@dataclass(frozen=True, slots=True)
class DealOutcome:
    """A new deal, the contract to play it in and what to tell the user about it: ``par``
    is players' par text (``figures.bridge.par_text``), ``""`` if par could not be found;
    ``contract``/``declarer`` are None when the board keeps its contract (passed out at
    par, or no par)."""

    deal: BridgeDeal
    par: str
    contract: Contract | None
    declarer: Seat | None


def deal_job(
    make: Callable[[JobContext], BridgeDeal], vulnerable: str, dealer: Seat
) -> Callable[[JobContext], DealOutcome]:
    """The job: ``make(ctx)`` deals (a random deal, or a constrained one reporting its
    progress and stopping when cancelled), then DDS finds par."""

    def job(ctx: JobContext) -> DealOutcome:
        from whistgui.engine.bridge.dds import par
        from whistgui.engine.bridge.par_words import par_contract
        from whistgui.engine.errors import WhistError
        from whistgui.figures.bridge import par_text

        deal = make(ctx)
        ctx.check()
        ctx.report("par of the new deal (its double-dummy table)", force=True)
        vul = _vulnerability(vulnerable)
        try:
            result = par(deal, vul, dealer)
            chosen = par_contract(result, vul)  # at the level players bid it
            text = par_text(result, vul)
        except WhistError:
            return DealOutcome(deal, "", None, None)
        if chosen is None:
            return DealOutcome(deal, text, None, None)
        return DealOutcome(deal, text, *chosen)

    return job


def _vulnerability(text: str) -> str:
    return {"Love": "None", "-": "None", "Both": "All"}.get(text, text)


def outcome_note(outcome: DealOutcome, kept: tuple[Contract, Seat]) -> str:
    """What the felt says after the deal: the contract chosen and why, or that the board's
    contract is kept and why.

    >>> from whistgui.engine.bridge import Contract, Seat
    >>> deal = BridgeDeal.parse("N:A... K... Q... J...")
    >>> outcome_note(DealOutcome(deal, "Par: 4♥ N/S +420", Contract.parse("4H"), Seat.N),
    ...              (Contract.parse("3NT"), Seat.S))
    'New deal, played in its par contract, 4♥ by North (Par: 4♥ N/S +420)'
    >>> outcome_note(DealOutcome(deal, "Par: Passed out", None, None),
    ...              (Contract.parse("3NT"), Seat.S))
    'New deal: it is passed out at par (Par: Passed out); the contract 3NT by South is kept'
    """
    if outcome.contract is not None and outcome.declarer is not None:
        played = contract_text(outcome.contract, outcome.declarer)
        return f"New deal, played in its par contract, {played} ({outcome.par})"
    old = contract_text(*kept)
    if outcome.par:
        return f"New deal: it is passed out at par ({outcome.par}); the contract {old} is kept"
    return f"New deal: its par could not be found; the contract {old} is kept"
