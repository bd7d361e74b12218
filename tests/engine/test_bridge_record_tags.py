"""Hand records keep what they hold (issue 29): the players, the event (Event, Site, Date,
Scoring …), a board's title and a program's own tags survive a save — PBN → PBN, LIN → LIN,
LIN → PBN and PBN → LIN — read, written, read again; a tag too long to hold is refused, quoted
short, not written back."""

from __future__ import annotations

import pytest

from tests.bridge_records_files import records
from whistgui.engine.bridge import PbnBoard, PbnError, Seat, read_pbn, write_pbn
from whistgui.engine.bridge.lin import MAX_LIN_VALUE, iter_lin, read_lin, write_lin
from whistgui.engine.bridge.pbn import MAX_TAG_VALUE, iter_pbn
from whistgui.engine.errors import ArgumentError, NotationError

RECORDS = records(4, seed=31)
#: The tags a record's identification section holds, as the PBN standard orders them.
NAMES = {"West": "Zia Mahmood", "North": 'Bob "the Hammer" H', "East": "Él Ñame", "South": "X"}


def _pbn_file() -> str:
    """Four boards with the event's and the players' tags, a Result, an OptimumScore, a
    program's own tag with a section, notes in the auction, and a play cut short."""
    chunks = ['% PBN 2.1\n[Event "Spring Teams"]\n[Site "Aarhus"]\n[Date "2026.04.01"]\n']
    for i, rec in enumerate(RECORDS):
        board = PbnBoard.make(
            rec.deal,
            board=rec.number,
            dealer=rec.dealer,
            vulnerable=rec.vulnerable,
            auction=rec.auction,
            play=rec.play,
        )
        lines = []
        if i:
            lines += ['[Event "#"]', '[Site "#"]', '[Date "#"]']
        lines += [f'[{k} "{v.replace(chr(34), chr(92) + chr(34))}"]' for k, v in NAMES.items()]
        lines += ['[Scoring "IMP"]', '[Room "Open"]']
        text = write_pbn([board]).replace('[Auction "N"]\n', '[Auction "N"]\n=1= ', 1)
        lines.append(text.rstrip("\n"))
        lines += ['[Note "1:strong"]', '[OptimumScore "NS 620"]', f'[Result "{7 + i}"]']
        lines += ['[MyProgram "v1"]', "a line of its own", "and another"]
        chunks.append("\n".join(lines) + "\n\n")
    chunks[0] += chunks.pop(1)
    return "".join(chunks)


PBN = _pbn_file()


def _saved(board: PbnBoard) -> PbnBoard:
    """The board saved again as the app saves it: made from its parts, ``keep`` the record."""
    return PbnBoard.make(
        board.deal,
        board=board.board,
        dealer=board.dealer,
        vulnerable=board.vulnerable,
        contract=board.contract,
        declarer=board.declarer,
        auction=board.auction,
        play=board.play,
        keep=board,
    )


def _same_game(a: PbnBoard, b: PbnBoard) -> None:
    assert (a.deal, a.dealer, a.vulnerable, a.board) == (b.deal, b.dealer, b.vulnerable, b.board)
    assert (a.contract, a.declarer, a.auction, a.play) == (
        b.contract,
        b.declarer,
        b.auction,
        b.play,
    )


def test_pbn_to_pbn_keeps_every_tag_in_order_with_its_sections():
    boards = read_pbn(PBN)
    assert [b.tag("Event") for b in boards] == ["Spring Teams"] * 4  # "#": the board before's
    assert boards[0].tag("North") == 'Bob "the Hammer" H'
    again = read_pbn(write_pbn([_saved(b) for b in boards]))
    for before, after in zip(boards, again, strict=True):
        _same_game(before, after)
        assert after.tags == before.tags
        assert after.sections == before.sections  # the auction's note (=1=) and MyProgram's
    assert again[2].section("MyProgram") == ("a line of its own", "and another")
    assert again[0].section("Auction")[0].startswith("=1= ")


def test_a_changed_deal_or_play_drops_the_tags_that_follow_from_it():
    board = read_pbn(PBN)[0]
    fewer = PbnBoard.make(
        board.deal,
        board=board.board,
        dealer=board.dealer,
        vulnerable=board.vulnerable,
        contract=board.contract,
        declarer=board.declarer,
        auction=board.auction,
        play=board.play[:-1],
        keep=board,
    )
    names = [name for name, _ in fewer.tags]
    assert "Result" not in names
    assert "Note" not in names
    assert fewer.tag("OptimumScore") == "NS 620"  # of the deal, which is the same
    assert fewer.tag("West") == "Zia Mahmood"
    assert fewer.tag("Site") == "Aarhus"
    assert fewer.section("MyProgram") == ("a line of its own", "and another")
    assert not fewer.section("Auction")[0].startswith("=1=")  # the auction written again
    other = PbnBoard.make(RECORDS[1].deal, board=1, keep=board)
    assert other.tag("OptimumScore") is None
    assert other.tag("Result") is None
    assert (other.tag("Event"), other.tag("East")) == ("Spring Teams", "Él Ñame")
    claimed = PbnBoard.make(board.deal, board=1, result=5, keep=board)
    assert [v for k, v in claimed.tags if k == "Result"] == ["5"]  # the result given, once


def _lin_file() -> str:
    """The PBN file's boards as a BBO vugraph file has them: vg| once, a board titled."""
    boards = read_pbn(PBN)
    text = write_lin(boards)
    assert text.count("vg|") == 1  # one event: once, at its first board
    return text.replace("ah|Board 3|", "ah|Hand C|", 1)


def test_lin_to_lin_keeps_players_event_title_auction_play_and_claim():
    text = _lin_file()
    first = read_lin(text)
    assert [b.board for b in first] == ["1", "2", "Hand C", "4"]
    assert first[0].tag("Event") == "Spring Teams"
    assert first[3].tag("Event") == "Spring Teams"
    assert (first[1].tag("Scoring"), first[1].tag("South")) == ("IMP", "X")
    assert [b.tag("Result") for b in first] == ["7", "8", "9", "10"]
    again = read_lin(write_lin(first))
    for before, after in zip(first, again, strict=True):
        _same_game(before, after)
        assert after.tags == before.tags
    assert "ah|Hand C|" in write_lin(first)


def test_lin_to_pbn_to_lin_keeps_it_all():
    lin = read_lin(_lin_file())
    pbn = read_pbn(write_pbn([_saved(b) for b in lin]))
    for before, after in zip(lin, pbn, strict=True):
        _same_game(before, after)
        assert after.tags == before.tags
        for seat in NAMES:
            assert after.tag(seat) == NAMES[seat]
    back = read_lin(write_lin(pbn))
    assert [b.tags for b in back] == [b.tags for b in lin]


def test_pbn_to_lin_keeps_players_event_scoring_result_but_lin_has_no_site_or_date():
    boards = read_pbn(PBN)
    again = read_lin(write_lin(boards))
    for before, after in zip(boards, again, strict=True):
        _same_game(before, after)
        for tag in ("Event", "Scoring", "Result", *NAMES):
            assert after.tag(tag) == before.tag(tag), tag
        assert after.tag("Site") is None
        assert after.tag("Date") is None


def test_a_vugraph_closed_room_board_has_the_closed_room_players():
    deal = RECORDS[0].deal.to_pbn()
    md = write_lin([PbnBoard.make(RECORDS[0].deal, dealer=Seat.N)]).split("md|")[1].split("|")[0]
    text = (
        f"vg|Final,Seg 1,P,1,1,Oaks,0,Elms,0|pn|a,b,c,d,e,f,g,h|\n"
        f"qx|o1|md|{md}|ah|Board 1|\nqx|c1|md|{md}|ah|Board 1|\n"
    )
    opened, closed = read_lin(text)
    assert [opened.tag(s) for s in ("South", "West", "North", "East")] == ["a", "b", "c", "d"]
    assert [closed.tag(s) for s in ("South", "West", "North", "East")] == ["e", "f", "g", "h"]
    assert closed.tag("Scoring") == "MP"
    assert closed.tag("HomeTeam") == "Oaks"
    assert closed.deal.to_pbn() == deal


def test_a_megabyte_name_or_event_is_refused_quoted_short_not_written_back():
    """A tag of more than MAX_TAG_VALUE characters: the board read is refused (the others are
    read), a board made with one is refused, and LIN's pn|/vg| beyond MAX_LIN_VALUE too."""
    big = "N" * 2**20
    text = PBN.replace('[West "Zia Mahmood"]', f'[West "{big}"]', 1)
    read = [b for _, b in iter_pbn(text)]
    assert isinstance(read[0], PbnError)
    assert all(isinstance(b, PbnBoard) for b in read[1:])
    assert f"[West] has {2**20:,} characters: 'NNN" in str(read[0])
    assert f"expected at most {MAX_TAG_VALUE:,}" in str(read[0])
    assert len(str(read[0])) < 300
    board = read_pbn(PBN)[0]
    with pytest.raises(PbnError, match=r"\[Event\] has 1,048,576 characters") as err:
        PbnBoard(tuple((k, big if k == "Event" else v) for k, v in board.tags), board.sections)
    assert len(str(err.value)) < 300
    with pytest.raises(PbnError, match="a line of the \\[MyProgram\\] section has"):
        PbnBoard(board.tags, ((*board.sections, ("MyProgram", (big,)))))
    for pair in (f"pn|{big},b,c,d|", f"vg|{big},x,I,1,1,a,0,b,0|"):
        lin = _lin_file()
        first, *rest = [b for _, b in iter_lin(pair + lin)]
        assert len(rest) == 4
        assert all(isinstance(b, PbnBoard) for b in rest)  # the boards after it are read
        assert isinstance(first, PbnError), pair[:2]
        assert f"expected at most {MAX_LIN_VALUE:,}" in str(first)
        assert len(str(first)) < 300
    long_name = "n" * (MAX_LIN_VALUE - 100)  # a name LIN's pn| holds is written back whole
    tags = tuple((k, long_name if k == "West" else v) for k, v in board.tags)
    assert read_lin(write_lin([PbnBoard(tags, board.sections)]))[0].tag("West") == long_name
    tags = tuple((k, "n" * MAX_TAG_VALUE if k in NAMES else v) for k, v in board.tags)
    with pytest.raises(NotationError, match="the players' names take 40,003 characters in LIN"):
        write_lin([PbnBoard(tags, board.sections)])  # four names of the longest PBN holds


def test_make_checks_result_and_keep():
    board = read_pbn(PBN)[0]
    with pytest.raises(ArgumentError, match="result"):
        PbnBoard.make(board.deal, result=14)
    with pytest.raises(TypeError, match="keep"):
        PbnBoard.make(board.deal, keep="Event")  # type: ignore[arg-type]


def test_an_event_that_ends_is_not_carried_to_the_boards_after_it():
    """vg| holds for the boards after it: a board with no Event after one with an Event is
    written after an empty vg||, and read back with no Event."""
    first, second = (_saved(b) for b in read_pbn(PBN)[:2])
    plain = PbnBoard(tuple((k, v) for k, v in second.tags if k != "Event"), second.sections)
    text = write_lin([first, plain, first])
    assert text.count("vg|") == 3
    assert "vg||" in text
    again = read_lin(text)
    assert [b.tag("Event") for b in again] == ["Spring Teams", None, "Spring Teams"]


def test_digits_that_are_not_ascii_are_no_board_number_nor_tricks():
    """str.isdigit takes '²' (and int refuses it): a Board tag '²' is written as LIN's title
    ah|²|, a Result '²' is no claim, mc|²| is refused quoting it — none of them a ValueError
    from int()."""
    board = read_pbn(PBN)[0]
    tags = tuple((k, "²" if k == "Board" else v) for k, v in board.tags)
    text = write_lin([PbnBoard(tags, board.sections)])
    assert "ah|²|" in text
    assert read_lin(text)[0].board == "²"
    tags = tuple((k, "²" if k == "Result" else v) for k, v in board.tags)
    text = write_lin([PbnBoard(tags, board.sections)])
    assert "mc|" not in text
    assert read_lin(text)[0].tag("Result") is None
    bad = _lin_file().replace("mc|7|", "mc|²|", 1)
    assert "mc|²|" in bad
    with pytest.raises(PbnError, match="mc\\|'²'\\|: expected the tricks claimed by declarer"):
        read_lin(bad)
