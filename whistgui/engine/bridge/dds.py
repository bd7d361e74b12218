"""Double dummy by DDS, through the ``endplay`` package (its wheel ships libdds), seen by the
rest of the engine as plain Python: the table of tricks, each legal card's score, par, and
whether a contract makes.

``endplay`` is imported only when one of these functions is called; where it is missing the
call raises :class:`DDSUnavailable` saying how to install it. DDS errors become
:class:`DDSError` with DDS's own words and the deal quoted.
"""

from __future__ import annotations

import threading
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from types import MappingProxyType
from typing import Any, Final

from whistgui.engine.bridge.contract import Contract
from whistgui.engine.bridge.deal import BridgeCard, BridgeDeal, Seat, Strain, Suit
from whistgui.engine.bridge.play import BridgePosition
from whistgui.engine.checks import described, each, expect, whole
from whistgui.engine.errors import ArgumentError, ArgumentTypeError, WhistError
from whistgui.engine.native import silenced_native_output
from whistgui.engine.reading import quote

__all__ = [
    "DDSError",
    "DDSUnavailable",
    "DDTable",
    "LineStep",
    "Par",
    "card_scores",
    "dd_table",
    "dd_tables",
    "decide",
    "par",
    "winning_line",
]

#: endplay's Denom values: spades 0, hearts 1, diamonds 2, clubs 3, no trumps 4.
_DENOM = {Strain.S: 0, Strain.H: 1, Strain.D: 2, Strain.C: 3, Strain.NT: 4}
_SUIT_OF_DENOM = {0: Suit.S, 1: Suit.H, 2: Suit.D, 3: Suit.C}
_SUIT_LETTER = {Suit.S: "S", Suit.H: "H", Suit.D: "D", Suit.C: "C"}
_RANK_LETTER = {14: "A", 13: "K", 12: "Q", 11: "J", 10: "T"}


class DDSUnavailable(WhistError):
    """The double-dummy solver (endplay) is not installed."""


class DDSError(WhistError, ValueError):
    """DDS refused a deal or a position; the message quotes it."""


def _endplay() -> Any:
    try:
        with silenced_native_output():  # libdds is loaded here: nothing of it on stdout
            import endplay.dds as dds
    except ImportError as exc:  # pragma: no cover - endplay is a dependency
        raise DDSUnavailable(
            "the double-dummy solver is not available: install endplay "
            f"(pip install endplay) — {exc}"
        ) from exc
    return dds


def _deal(deal: BridgeDeal, strain: Strain | None = None, first: Seat | None = None) -> Any:
    from endplay.types import Deal, Denom, Player

    d = Deal.from_pbn(deal.to_pbn())
    if strain is not None:
        d.trump = Denom(_DENOM[strain])
    if first is not None:
        d.first = Player(int(first))
    return d


def _card_text(card: BridgeCard) -> str:
    return f"{_SUIT_LETTER[card.suit]}{_RANK_LETTER.get(card.rank, str(card.rank))}"


def _card(c: Any) -> BridgeCard:
    return BridgeCard(_SUIT_OF_DENOM[int(c.suit)], int(c.rank).bit_length() - 1)


#: DDS keeps its solver state in the library, one set for the process: two threads inside it
#: at once (two bridge windows, each with its own engine thread) crash the process. Every
#: call into it holds this lock.
_DDS_LOCK = threading.Lock()


def _run(what: str, deal: BridgeDeal, fn: Any, *args: Any) -> Any:
    from endplay._dds import DDSError as EndplayError

    try:
        with _DDS_LOCK:
            return fn(*args)
    except EndplayError as exc:
        raise DDSError(f"DDS could not {what} {deal.to_pbn()!r}: {exc}") from exc


@dataclass(frozen=True, slots=True)
class DDTable:
    """The tricks each declarer takes in each strain with the best play on both sides."""

    deal: BridgeDeal
    tricks: Mapping[Seat, Mapping[Strain, int]]

    def __post_init__(self) -> None:
        expect(self.deal, BridgeDeal, "deal")
        tricks = self.tricks
        size = self.deal.size
        if not isinstance(tricks, Mapping) or not all(
            isinstance(seat, Seat)
            and isinstance(row, Mapping)
            and all(
                isinstance(strain, Strain)
                and not isinstance(n, bool)
                and hasattr(type(n), "__index__")  # an int, or a numpy integer
                for strain, n in row.items()
            )
            for seat, row in tricks.items()
        ):
            raise ArgumentTypeError(f"tricks must be {_TRICKS}, not {described(tricks)}")
        if set(tricks) != set(Seat) or any(set(row) != set(Strain) for row in tricks.values()):
            raise ArgumentError(
                f"tricks must be {_TRICKS}, each of the 4 seats with each of the 5 strains, not "
                f"{quote(tricks)}"
            )
        # read-only: dd_table hands the same remembered table to every caller
        frozen = {
            seat: MappingProxyType(
                {
                    strain: whole(
                        tricks[seat][strain],
                        f"tricks[{seat}][{strain}]",
                        low=0,
                        high=size,
                        what=f"the tricks of a deal of {size} cards a hand, from 0 to {size}",
                    )
                    for strain in Strain
                }
            )
            for seat in Seat
        }
        object.__setattr__(self, "tricks", MappingProxyType(frozen))

    def __getitem__(self, key: tuple[Seat, Strain]) -> int:
        seat, strain = key
        return self.tricks[seat][strain]

    def to_json(self) -> dict[str, dict[str, int]]:
        """``{"N": {"C": 8, "D": 7, …, "NT": 9}, "E": …}``."""
        return {
            str(seat): {str(strain): n for strain, n in row.items()}
            for seat, row in self.tricks.items()
        }


_TRICKS: Final = "a mapping of each Seat to a mapping of each Strain to tricks (an int)"
_DEAL: Final = "a BridgeDeal (BridgeDeal.parse reads a PBN deal such as 'N:AKQ8.AQ87.AJT7.KQ9 ...')"


def _table_of(deal: BridgeDeal, table: Any) -> DDTable:
    """Our table from endplay's (indexed by Denom, then Player)."""
    rows = table.to_list()
    tricks = {
        seat: {strain: int(rows[_DENOM[strain]][int(seat)]) for strain in Strain} for seat in Seat
    }
    return DDTable(deal, tricks)


def dd_table(deal: BridgeDeal) -> DDTable:
    """The double-dummy table of ``deal``: for a full deal DDS's table (20 results at once),
    for an ending (fewer than 13 cards a hand) each declarer's tricks from the position where
    their left-hand opponent leads. Remembered for the last 256 deals (a table is the same
    every time it is asked for)."""
    return _remembered_table(expect(deal, BridgeDeal, "deal", _DEAL))


def _solve_table(deal: BridgeDeal) -> DDTable:
    """:func:`dd_table` of a checked deal, solved (not remembered)."""
    dds = _endplay()
    if deal.size == 13:
        return _table_of(deal, _run("solve", deal, dds.calc_dd_table, _deal(deal)))
    tricks = {}
    for seat in Seat:
        row = {}
        for strain in Strain:
            scores = _card_scores(BridgePosition.from_deal(deal, strain, seat.lho))
            row[strain] = deal.size - max(scores.values(), default=0)
        tricks[seat] = row
    return DDTable(deal, tricks)


#: :func:`_solve_table`, remembered for the last 256 deals.
_remembered_table = lru_cache(maxsize=256)(_solve_table)


def _tables_per_batch() -> int:
    """The most tables DDS solves in one CalcAllTables call with all five strains: it refuses
    a call where tables × strains exceeds MAXNOOFTABLES × 5 (40 tables in DDS 2.9)."""
    from endplay import _dds

    return max(1, int(_dds.MAXNOOFTABLES))


def dd_tables(deals: Sequence[BridgeDeal]) -> list[DDTable | DDSError]:
    """The tables of ``deals``, in order, as :func:`dd_table` gives them — the full deals
    solved together in DDS batches (CalcAllTables: up to 40 tables a call, on all cores), the
    endings one by one. A deal DDS refuses gets its :class:`DDSError` in its place: a batch
    that fails is solved again deal by deal, so one bad deal does not sink the others."""
    deals = list(each(deals, BridgeDeal, "deals", "a sequence of BridgeDeals", whole=Sequence))
    dds = _endplay()
    out: list[DDTable | DDSError | None] = [None] * len(deals)

    def one(deal: BridgeDeal) -> DDTable | DDSError:
        try:
            return _remembered_table(deal)
        except DDSError as exc:
            return exc

    full = [i for i, d in enumerate(deals) if d.size == 13]
    step = _tables_per_batch()
    for start in range(0, len(full), step):
        places = full[start : start + step]
        batch = [deals[i] for i in places]
        tables: list[DDTable | DDSError]
        try:
            solved = _run("solve", batch[0], dds.calc_all_tables, [_deal(d) for d in batch])
            tables = [_table_of(d, solved[k]) for k, d in enumerate(batch)]
        except DDSError:
            tables = [one(d) for d in batch]
        for i, table in zip(places, tables, strict=True):
            out[i] = table
    return [t if t is not None else one(d) for t, d in zip(out, deals, strict=True)]


def card_scores(position: BridgePosition) -> dict[BridgeCard, int]:
    """For each legal card of the player to move: the tricks their side takes from the start
    of the current trick on (this trick included) if they play it, both sides then playing
    best (DDS's SolveBoard)."""
    return _card_scores(expect(position, BridgePosition, "position"))


def _card_scores(position: BridgePosition) -> dict[BridgeCard, int]:
    """:func:`card_scores` of a checked position."""
    dds = _endplay()
    if position.is_over:
        return {}
    start = position.deal
    d = _deal(start, position.strain, position.leader)
    for card in position.trick:
        d.play(_card_text(card))
    solved = _run("solve the position of", start, dds.solve_board, d)
    return {_card(c): int(score) for c, score in solved}


def decide(deal: BridgeDeal, contract: Contract, declarer: Seat) -> tuple[bool, int]:
    """Does ``declarer`` make ``contract`` double dummy (tricks ≥ level + 6), and with how
    many tricks? Declarer's left-hand opponent leads."""
    expect(deal, BridgeDeal, "deal", _DEAL)
    expect(contract, Contract, "contract")
    expect(declarer, Seat, "declarer")
    if deal.size != 13:
        raise DDSError(f"a contract is played from a full deal of 13 cards a hand, not {deal}")
    tricks = _remembered_table(deal)[declarer, contract.strain]
    return tricks >= contract.tricks_needed, tricks


@dataclass(frozen=True, slots=True)
class Par:
    """The par score (from North–South's side) and the contracts that reach it (``3NTN=``)."""

    score: int
    contracts: tuple[str, ...]


def par(deal: BridgeDeal | DDTable, vulnerable: str = "None", dealer: Seat = Seat.N) -> Par:
    """The par result of a full deal (``vulnerable``: None, NS, EW or All in any case, or
    PBN's Love, - and Both), from its double-dummy table: ``deal`` is the deal (its table is
    :func:`dd_table`'s, solved once and remembered) or the table itself — DDS does not solve
    the deal a second time."""
    if not isinstance(deal, (BridgeDeal, DDTable)):
        raise ArgumentTypeError(f"deal must be a BridgeDeal or a DDTable, not {described(deal)}")
    expect(vulnerable, str, "vulnerable", "a vulnerability (a str: None, NS, EW or All)")
    expect(dealer, Seat, "dealer")
    vul_name = _VULNERABLE.get(vulnerable.strip().lower())
    if vul_name is None:
        raise ArgumentError(
            f"vulnerable must be None, NS, EW or All (or PBN's Love, - and Both), not "
            f"{quote(vulnerable)}"
        )
    the_deal = deal.deal if isinstance(deal, DDTable) else deal
    if the_deal.size != 13:
        raise DDSError(f"par is for a full deal of 13 cards a hand, not {the_deal}")
    dds = _endplay()
    from endplay import _dds
    from endplay.dds.ddtable import DDTable as EndplayTable
    from endplay.types import Player, Vul

    vul = getattr(Vul, vul_name)
    table = deal if isinstance(deal, DDTable) else _remembered_table(deal)
    data = _dds.ddTableResults()
    for seat, row in table.tricks.items():
        for strain, n in row.items():
            data.resTable[_DENOM[strain]][int(seat)] = n
    result = _run("find par for", the_deal, dds.par, EndplayTable(data), vul, Player(int(dealer)))
    return Par(int(result.score), tuple(str(c) for c in result))


#: The vulnerabilities :func:`par` takes (any case), as endplay's Vul names them.
_VULNERABLE: Final = {
    "none": "none",
    "love": "none",
    "-": "none",
    "ns": "ns",
    "ew": "ew",
    "all": "both",
    "both": "both",
}


@dataclass(frozen=True, slots=True)
class LineStep:
    """One card of a line: the trick it belongs to (from 1), who played it, its DDS score for
    their side, and the tricks the declaring side ends with after it."""

    trick: int
    seat: Seat
    card: BridgeCard
    score: int
    declarer_tricks: int


def winning_line(deal: BridgeDeal, contract: Contract, declarer: Seat) -> list[LineStep]:
    """``deal`` played out as the paper's §2.2 plays it: at every card the side to play keeps
    its best result (the highest of its best cards), so a contract that makes stays made and
    one that fails stays failed; declarer's left-hand opponent leads."""
    pos = BridgePosition.start(deal, contract, declarer)  # checks its arguments
    side = declarer.side
    steps: list[LineStep] = []
    while not pos.is_over:
        scores = _card_scores(pos)
        best = max(scores.values())
        card = max(c for c, v in scores.items() if v == best)
        done = sum(pos.tricks)
        left = deal.size - done  # tricks still to be won, this one included
        mine = pos.tricks[int(side)]
        declarer_tricks = mine + (best if pos.to_move.side == side else left - best)
        steps.append(LineStep(done + 1, pos.to_move, card, best, declarer_tricks))
        pos = pos.play(card)
    return steps
