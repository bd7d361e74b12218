"""The app's save keeps what a hand record holds (issue 29): a PBN or LIN file opened and saved
again — PBN → PBN, LIN → LIN, LIN → PBN, PBN → LIN — keeps the players, the event's tags, a
board's title, the auction, the play and the claim; a program's own tags too in PBN → PBN (LIN
has no place for them, nor for Site and Date); a board dealt again keeps the event and the
players, not the tags that were of the old deal."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.bridge_records_files import records
from whistgui.app.bridge import load_pbn, save_boards
from whistgui.engine.bridge import PbnBoard, write_pbn

RECORDS = records(3, seed=7)
PLAYERS = ("Helness", "Helgemo", "Brogeland", "Lindqvist")  # West, North, East, South
EVENT = (("Event", "Bermuda Bowl"), ("Site", "Marrakech"), ("Date", "2023.08.27"))


def _pbn_text() -> str:
    boards = []
    for rec in RECORDS:
        made = PbnBoard.make(
            rec.deal,
            board=rec.number,
            dealer=rec.dealer,
            vulnerable=rec.vulnerable,
            auction=rec.auction,
            play=rec.play[:-1] if rec.number == 2 else rec.play,
            result=9 if rec.number == 2 else None,
        )
        seats = tuple(zip(("West", "North", "East", "South"), PLAYERS, strict=True))
        tags = (*EVENT, *made.tags, *seats, ("Scoring", "IMP"), ("BBOViewer", "yes"))
        boards.append(PbnBoard(tags, made.sections))
    return write_pbn(boards)


def _records(path: Path) -> list[PbnBoard]:
    """The boards of ``path`` as the app saves them again."""
    return [doc.to_board() for doc in load_pbn(path).boards]


def _game(board: PbnBoard) -> tuple:
    return (board.deal, board.board, board.contract, board.declarer, board.auction, board.play)


@pytest.mark.parametrize(("first", "then"), [("pbn", "pbn"), ("pbn", "lin"), ("lin", "pbn")])
def test_a_saved_record_keeps_players_event_auction_play_and_claim(
    tmp_path: Path, first: str, then: str
) -> None:
    source = tmp_path / "source.pbn"
    source.write_text(_pbn_text(), encoding="utf-8")
    start = tmp_path / f"start.{first}"
    save_boards(load_pbn(source).boards, start)  # (a LIN file to begin from: written by the app)
    opened = _records(start)
    saved = tmp_path / f"saved.{then}"
    save_boards(load_pbn(start).boards, saved)
    again = _records(saved)
    assert [_game(b) for b in again] == [_game(b) for b in opened]
    assert [b.play for b in again] == [r.play[:-1] if r.number == 2 else r.play for r in RECORDS]
    assert again[1].tag("Result") == "9"
    for board in again:
        assert [board.tag(s) for s in ("West", "North", "East", "South")] == list(PLAYERS)
        assert (board.tag("Event"), board.tag("Scoring")) == ("Bermuda Bowl", "IMP")
        lin = "lin" in (first, then)
        assert board.tag("Site") == (None if lin else "Marrakech")  # LIN has no Site, Date
        assert board.tag("BBOViewer") == (None if lin else "yes")
    if "lin" not in (first, then):
        assert [b.tags for b in again] == [b.tags for b in opened]
        text = saved.read_text(encoding="utf-8")
        assert text.index('[Event "Bermuda Bowl"]') < text.index('[Board "1"]')  # in order


def test_a_lin_file_saved_as_lin_keeps_its_vugraph_event_and_titles(tmp_path: Path) -> None:
    source = tmp_path / "source.pbn"
    source.write_text(_pbn_text().replace('[Board "3"]', '[Board "Hand C"]'), encoding="utf-8")
    start = tmp_path / "start.lin"
    save_boards(load_pbn(source).boards, start)
    text = start.read_text(encoding="utf-8")
    assert text.startswith("vg|Bermuda Bowl,,I,")
    assert "pn|Lindqvist,Helness,Helgemo,Brogeland|" in text
    saved = tmp_path / "saved.lin"
    save_boards(load_pbn(start).boards, saved)
    assert saved.read_text(encoding="utf-8") == text
    assert [b.board for b in _records(saved)] == ["1", "2", "Hand C"]


def test_a_board_dealt_again_keeps_the_event_not_the_old_deal_s_tags(tmp_path: Path) -> None:
    source = tmp_path / "source.pbn"
    source.write_text(
        _pbn_text().replace('[Scoring "IMP"]', '[Scoring "IMP"]\n[OptimumScore "NS 400"]'),
        encoding="utf-8",
    )
    doc = load_pbn(source).boards[1]
    assert doc.to_board().tag("OptimumScore") == "NS 400"
    dealt = doc.with_deal(RECORDS[0].deal).to_board()
    assert dealt.tag("OptimumScore") is None
    assert dealt.tag("Result") is None  # the claim was of the old play
    assert (dealt.tag("Event"), dealt.tag("North")) == ("Bermuda Bowl", "Helgemo")
