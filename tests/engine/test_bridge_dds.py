"""DDS through endplay, checked against the engine's own exact solver on random endings, and
the full table against decide() and the card scores of the opening lead."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from whistgui.engine.bridge import (
    BridgeCard,
    BridgeDeal,
    BridgePosition,
    Contract,
    EndgameSolver,
    Seat,
    Strain,
)
from whistgui.engine.bridge.dds import DDSError, card_scores, dd_table, decide, par
from whistgui.engine.errors import ArgumentError

from .test_bridge_deal import random_deal

pytest.importorskip("endplay", reason="the double-dummy solver endplay is not installed")


def dds_score_by_search(solver: EndgameSolver, pos: BridgePosition, card) -> int:  # type: ignore[no-untyped-def]
    """What DDS scores ``card``: the tricks of the mover's side from the current trick on."""
    side = pos.to_move.side
    after = pos.play(card)
    taken_now = after.tricks[int(side)] - pos.tricks[int(side)]
    return taken_now + solver.tricks(after, side)


@settings(max_examples=40, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    size=st.integers(1, 3),
    strain=st.sampled_from(list(Strain)),
    leader=st.sampled_from(list(Seat)),
    played=st.integers(0, 3),
)
def test_card_scores_equal_the_exact_solver_on_random_endings(seed, size, strain, leader, played):
    deal = random_deal(seed, size)
    pos = BridgePosition.from_deal(deal, strain, leader)
    rng = random.Random(seed)
    for _ in range(played):  # into the middle of the first trick
        pos = pos.play(rng.choice(pos.legal()))
    solver = EndgameSolver()
    scores = card_scores(pos)
    assert set(scores) == set(pos.legal())
    for card, score in scores.items():
        assert score == dds_score_by_search(solver, pos, card), (pos, card)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_table_of_an_ending_equals_the_exact_solver(seed):
    deal = random_deal(seed, 3)
    table = dd_table(deal)
    solver = EndgameSolver()
    for seat in Seat:
        for strain in Strain:
            start = BridgePosition.from_deal(deal, strain, seat.lho)
            assert table[seat, strain] == solver.tricks(start, seat.side)


@pytest.mark.parametrize("seed", [11, 12])
def test_a_full_table_agrees_with_the_opening_leads_scores_and_decide(seed):
    deal = random_deal(seed)
    table = dd_table(deal)
    assert set(table.to_json()) == {"N", "E", "S", "W"}
    assert set(table.to_json()["N"]) == {"C", "D", "H", "S", "NT"}
    for seat in (Seat.N, Seat.E):
        for strain in (Strain.S, Strain.NT):
            tricks = table[seat, strain]
            assert table[seat.partner, strain] in range(tricks - 1, tricks + 2)  # the lead moves
            lead = card_scores(BridgePosition.from_deal(deal, strain, seat.lho))
            assert 13 - max(lead.values()) == tricks
            for level in range(1, 8):
                contract = Contract(level, strain)
                made, n = decide(deal, contract, seat)
                assert n == tricks
                assert made == (tricks >= level + 6)


def test_par_of_a_full_deal():
    deal = BridgeDeal.parse("N:84.QT98.AJ75.A72 92.KJ65.986.KT43 KQJT5.A2.Q2.J865 A763.743.KT43.Q9")
    p = par(deal, "None", Seat.N)
    assert p.contracts
    table = dd_table(deal)
    assert table[Seat.N, Strain.NT] >= 9  # par 3NT by North: North takes nine
    with pytest.raises(ArgumentError, match=r"^vulnerable must be None, NS, .*, not 'sometimes'$"):
        par(deal, "sometimes")


def test_an_ending_cannot_be_a_contract():
    with pytest.raises(DDSError, match="full deal"):
        decide(random_deal(1, 3), Contract.parse("1NT"), Seat.S)


@pytest.mark.parametrize("seed", [21, 22])
def test_the_winning_line_keeps_the_contract_won_against_every_defence(seed):
    from whistgui.engine.bridge.dds import winning_line

    deal = random_deal(seed)
    table = dd_table(deal)
    declarer, strain = max(
        ((seat, strain) for seat in Seat for strain in Strain), key=lambda k: table[k]
    )
    level = table[declarer, strain] - 6
    if level < 1:
        pytest.skip("no contract makes on this deal")
    contract = Contract(level, strain)
    steps = winning_line(deal, contract, declarer)
    assert len(steps) == 52
    assert steps[0].seat is declarer.lho
    pos = BridgePosition.start(deal, contract, declarer)
    side = declarer.side
    for step in steps:
        assert step.declarer_tricks >= contract.tricks_needed
        if pos.to_move.side != side:  # every defence: declarer's side still makes
            left = 13 - sum(pos.tricks)
            for card, score in card_scores(pos).items():
                assert pos.tricks[int(side)] + left - score >= contract.tricks_needed, card
        pos = pos.play(step.card)
    assert pos.tricks[int(side)] == table[declarer, strain]


def test_the_squeeze_of_dds_issue_103_scores_right():
    """dds-bridge/dds#103: at no trumps South leads the ♦A and squeezes East: 3 tricks; after
    the ♦A every card of West's leaves East–West without a trick (a trick in progress)."""
    deal = BridgeDeal.parse("N:KJ..5. QT...T 5..A.9 97.9..")
    start = BridgePosition.from_deal(deal, Strain.NT, Seat.S)
    scores = card_scores(start)
    ace = BridgeCard.parse("DA")
    assert scores[ace] == 3
    assert max(scores.values()) == 3
    assert EndgameSolver().tricks(start, Seat.S.side) == 3
    after = start.play(ace)
    assert after.to_move is Seat.W
    assert set(card_scores(after).values()) == {0}


def test_the_remembered_table_cannot_be_changed_by_a_caller() -> None:
    from whistgui.engine.bridge import BridgeDeal, Seat, Strain
    from whistgui.engine.bridge.dds import dd_table

    deal = BridgeDeal.parse("N:AKQ2.KJ3.T98.A54 J876.Q54.AK2.J32 T943.A987.QJ4.K7 5.T62.7653.QT986")
    table = dd_table(deal)
    with pytest.raises(TypeError):
        table.tricks[Seat.N][Strain.NT] = 0  # type: ignore[index]
    with pytest.raises(TypeError):
        table.tricks[Seat.N] = {}  # type: ignore[index]
    assert dd_table(deal)[Seat.N, Strain.NT] == table[Seat.N, Strain.NT]


_THREADS_SCRIPT = """
import sys, threading
from whistgui.engine.bridge.dds import _solve_table
from tests.engine.test_bridge_deal import random_deal

deals = [random_deal(seed) for seed in range(6)]
alone = [_solve_table(d).to_json() for d in deals]
together = [None] * len(deals)

def work(i):
    together[i] = _solve_table(deals[i]).to_json()

threads = [threading.Thread(target=work, args=(i,)) for i in range(len(deals))]
for t in threads:
    t.start()
for t in threads:
    t.join()
sys.exit(0 if together == alone else 1)
"""


def test_threads_that_ask_dds_at_once_wait_for_each_other() -> None:
    """Two bridge windows each have an engine thread; DDS inside two threads at once crashed the
    whole process (CI: a segmentation fault in CalcDDtable). Run in a child process, so a crash is
    a failure here and not the end of the suite; the tables equal those solved one at a time."""
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    done = subprocess.run(
        [sys.executable, "-c", _THREADS_SCRIPT], cwd=root, capture_output=True, timeout=300
    )
    assert done.returncode == 0, (done.returncode, done.stderr.decode()[-2000:])


def _counting(monkeypatch: pytest.MonkeyPatch, name: str) -> list[int]:
    """Count the calls into libdds's ``name`` (CalcDDtable, CalcAllTables), by whichever of
    endplay's functions they come."""
    from endplay import _dds

    calls = [0]
    real = getattr(_dds, name)

    def counted(*args: object) -> object:
        calls[0] += 1
        return real(*args)

    monkeypatch.setattr(_dds, name, counted)
    return calls


def test_par_comes_from_the_table_already_solved(monkeypatch: pytest.MonkeyPatch) -> None:
    """Par is DDS's from the deal's table: the table is solved once (par(deal) solved it a
    second time), and par from the table equals endplay's par from the deal."""
    from endplay.dds import par as endplay_par
    from endplay.types import Deal, Player, Vul

    import whistgui.engine.bridge.dds as dds

    deal = random_deal(2023)
    dds._remembered_table.cache_clear()
    solves = _counting(monkeypatch, "CalcDDtable")
    table = dd_table(deal)
    vuls = {"None": Vul.none, "NS": Vul.ns, "EW": Vul.ew, "All": Vul.both}
    ours = {(v, s): par(deal, v, s) for v in vuls for s in Seat}
    assert solves[0] == 1
    assert {(v, s): par(table, v, s) for v in vuls for s in Seat} == ours
    for (v, s), p in ours.items():
        theirs = endplay_par(Deal.from_pbn(deal.to_pbn()), vuls[v], Player(int(s)))
        assert (p.score, p.contracts) == (theirs.score, tuple(str(c) for c in theirs)), (v, s)
    with pytest.raises(DDSError, match="full deal"):
        par(dd_table(random_deal(3, 2)))


def test_tables_solved_in_batches_equal_the_tables_one_at_a_time(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """dd_tables solves the full deals in DDS batches (two a batch here, so that there are
    several) and the endings one by one, in order; each table is the one dd_table gives."""
    import whistgui.engine.bridge.dds as dds

    deals = [random_deal(11), random_deal(12, 2), random_deal(13), random_deal(14), random_deal(15)]
    monkeypatch.setattr(dds, "_tables_per_batch", lambda: 2)
    batches = _counting(monkeypatch, "CalcAllTables")
    tables = dds.dd_tables(deals)
    assert batches[0] == 2  # 4 full deals, 2 a batch
    assert tables == [dds._solve_table(d) for d in deals]
    assert [t.deal for t in tables if isinstance(t, dds.DDTable)] == deals
    assert dds.dd_tables([]) == []


def test_a_batch_dds_refuses_is_solved_deal_by_deal(monkeypatch: pytest.MonkeyPatch) -> None:
    """A batch that DDS refuses does not sink its deals: each is solved alone, and a deal DDS
    refuses alone gets its error in its place."""
    import endplay.dds
    from endplay._dds import DDSError as EndplayError

    import whistgui.engine.bridge.dds as dds

    deals = [random_deal(21), random_deal(22), random_deal(23)]

    def refuse(*_: object) -> None:
        raise EndplayError("Too many DD tables requested")

    monkeypatch.setattr(endplay.dds, "calc_all_tables", refuse)
    real = dds._remembered_table

    def alone(deal: BridgeDeal) -> dds.DDTable:
        if deal == deals[1]:
            raise DDSError(f"DDS could not solve {deal.to_pbn()!r}: refused")
        return real(deal)

    monkeypatch.setattr(dds, "_remembered_table", alone)
    first, second, third = dds.dd_tables(deals)
    assert first == real(deals[0])
    assert isinstance(second, DDSError)
    assert "refused" in str(second)
    assert third == real(deals[2])
