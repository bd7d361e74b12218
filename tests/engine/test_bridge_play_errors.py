"""A board whose played cards alone cannot be read (review 31a, C12): the readers give its
error with the board read without them (``PbnError.without_play``), so that what needs no
play can answer it; any other fault gives none. LIN's message names the auction or the play
(it said 'mb|, pc|:' for both)."""

from __future__ import annotations

import pytest

from tests.bridge_records_files import lin_text, records
from whistgui.engine.bridge import PbnBoard, PbnError
from whistgui.engine.bridge.lin import iter_lin
from whistgui.engine.bridge.pbn import iter_pbn

pytest.importorskip("endplay", reason="endplay reads LIN")

DEAL = "N:AKQ2.KJ3.T98.A54 J876.Q54.AK2.J32 T943.A987.QJ4.K7 5.T62.7653.QT986"


def _pbn(play: str, vulnerable: str = "None") -> str:
    return (
        f'[Board "5"]\n[Vulnerable "{vulnerable}"]\n[Deal "{DEAL}"]\n[Declarer "N"]\n'
        f'[Contract "4S"]\n[Play "E"]\n{play}\n'
    )


def test_a_pbn_play_that_cannot_be_read_leaves_the_board_without_it() -> None:
    ((_, read),) = iter_pbn(_pbn("SA S2 S3 S4"))  # East does not hold the ♠A
    assert isinstance(read, PbnError)
    assert "East does not hold ♠A" in read.reason
    board = read.without_play
    assert isinstance(board, PbnBoard)
    assert board.play == ()
    assert board.tag("Play") is None
    assert (board.board, str(board.contract), board.deal.to_pbn()) == ("5", "4S", DEAL)
    # a fault elsewhere (a vulnerability PBN does not name) gives no board
    ((_, read),) = iter_pbn(_pbn("SA S2 S3 S4", vulnerable="Sideways"))
    assert isinstance(read, PbnError)
    assert read.without_play is None
    # a good play reads
    ((_, read),) = iter_pbn(_pbn("D2 D4 D3 D8"))
    assert isinstance(read, PbnBoard)
    assert len(read.play) == 4


def test_a_lin_play_that_cannot_be_read_leaves_the_board_without_it() -> None:
    recs = records(2)
    first, second = lin_text(recs).splitlines()[:2]
    lead = first.split("pc|")[1].split("|")[0]
    held = sorted(str(c) for c in recs[0].deal.hand(recs[0].declarer.lho.partner))
    wrong = next(c for c in held if c != lead.upper())
    cards = first.split("pc|")
    cards[2] = wrong + cards[2][cards[2].index("|") :]
    reads = [read for _, read in iter_lin("pc|".join(cards) + "\n" + second + "\n")]
    assert isinstance(reads[0], PbnError)
    assert reads[0].reason.startswith("the play (pc|): ")
    assert "mb|" not in reads[0].reason
    board = reads[0].without_play
    assert isinstance(board, PbnBoard)
    assert board.play == ()
    assert board.contract == recs[0].contract
    assert board.declarer is recs[0].declarer
    assert board.auction == recs[0].auction
    assert isinstance(reads[1], PbnBoard)  # the next board is read as before
    # an auction that breaks the rules is the auction's fault, and leaves no board
    bad = second.replace("mb|p|mb|1S|", "mb|p|mb|1S|mb|1C|", 1)
    ((_, read),) = list(iter_lin(bad + "\n"))
    assert isinstance(read, PbnError)
    assert read.reason.startswith("the auction (mb|): ")
    assert read.without_play is None


def test_qx_names_the_room() -> None:
    one = lin_text(records(1)).splitlines()[0]
    boards = [read for _, read in iter_lin(f"qx|o1|{one}\nqx|c1|{one}\n{one}\n")]
    assert [b.tag("Room") for b in boards if isinstance(b, PbnBoard)] == ["Open", "Closed", None]
