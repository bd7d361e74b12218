"""The double-dummy table of a deal and its par, on the engine service (channel
``bridge-table``): DDS's 20 results, par in players' notation for the double-dummy panel, and
the par contract — which a board without a contract of its own is played in
(:meth:`~whistgui.ui.bridge.session.BridgeSession.adopt_par`) — or why there is none."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from whistgui.engine.bridge import BridgeDeal, Contract, Seat
from whistgui.engine.errors import WhistError
from whistgui.ui.engine_service import JobContext

__all__ = ["TableResult", "table_job", "vulnerability"]


@dataclass(frozen=True, slots=True)
class TableResult:
    """A deal's double-dummy table, its par in players' words (``""`` if none: an ending, or
    DDS could not say) and its par contract (contract, declarer), else why there is none:
    ``"passed out at par"`` or ``"no par"``."""

    table: object
    par_text: str
    par: tuple[Contract, Seat] | str


def table_job(
    deal: BridgeDeal, vulnerable: str, dealer: Seat
) -> Callable[[JobContext], TableResult]:
    from whistgui.engine.bridge.dds import dd_table, par
    from whistgui.engine.bridge.par_words import par_contract
    from whistgui.figures.bridge import par_text

    def job(ctx: JobContext) -> TableResult:
        ctx.report("double-dummy table (20 results)", force=True)
        table = dd_table(deal)
        if deal.size != 13:
            return TableResult(table, "", "no par")
        ctx.check()
        vul = vulnerability(vulnerable)
        try:
            result = par(deal, vul, dealer)
            text = par_text(result, vul)  # players' notation: "2♠ N/S +110 (none vul)"
            found = par_contract(result, vul)  # at the level players bid it
        except WhistError:
            return TableResult(table, "", "no par")
        return TableResult(table, text, found if found is not None else "passed out at par")

    return job


def vulnerability(text: str) -> str:
    """The PBN Vulnerable tag's value as DDS's par names it (``Love`` → ``None``)."""
    return {"Love": "None", "-": "None", "Both": "All"}.get(text, text)
