"""Hand records (issue 29): PBN's [Auction] and [Play] sections and LIN files read and
written, the contract derived from the auction, and malformed records refused in their place
with the text quoted, in bounded memory."""

from __future__ import annotations

import re
import textwrap

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.bounded import run_bounded
from tests.bridge_records_files import AUCTIONS, lin_text, random_play, records
from whistgui.engine.bridge import Contract, PbnBoard, PbnError, Seat, read_pbn, write_pbn
from whistgui.engine.bridge.lin import is_lin, iter_lin, read_lin, write_lin
from whistgui.engine.bridge.records import (
    MAX_CALLS,
    auction_contract,
    auction_lines,
    check_auction,
    parse_auction,
    parse_call,
    parse_play,
    play_lines,
)
from whistgui.engine.errors import NotationError

RECORDS = records(6)
LIN = lin_text(RECORDS)


def test_a_lin_file_written_by_endplay_is_read_with_deal_auction_contract_and_play():
    boards = read_lin(LIN)
    assert len(boards) == len(RECORDS)
    for board, rec in zip(boards, RECORDS, strict=True):
        assert board.board == str(rec.number)
        assert board.deal == rec.deal
        assert board.dealer == rec.dealer
        assert board.vulnerable == rec.vulnerable
        assert board.auction == rec.auction
        assert (board.contract, board.declarer) == (rec.contract, rec.declarer)
        assert board.play == rec.play
    assert {len(b.play) for b in boards} > {52}  # some boards are cut short mid-trick


def test_lin_round_trip_keeps_deal_auction_and_play():
    first = read_lin(LIN)
    text = write_lin(first)
    assert is_lin(text)
    again = read_lin(text)
    assert again == first
    assert [(b.deal, b.auction, b.play) for b in again] == [
        (r.deal, r.auction, r.play) for r in RECORDS
    ]


def test_pbn_auction_and_play_sections_round_trip():
    boards = read_lin(LIN)
    text = write_pbn(boards)
    assert text.count("[Auction ") == len(boards)
    assert text.count("[Play ") == len(boards)
    assert read_pbn(text) == boards
    assert [b.play for b in read_pbn(text)] == [r.play for r in RECORDS]


def test_a_pbn_board_without_contract_tags_takes_its_contract_from_the_auction():
    board = read_lin(LIN)[1]
    text = write_pbn([board])
    text = text.replace('[Contract "4SX"]\n', "").replace('[Declarer "E"]\n', "")
    (read,) = read_pbn(text)
    assert read.tag("Contract") is None
    assert (read.contract, read.declarer) == (Contract.parse("4SX"), Seat.E)
    assert read.play == board.play


def test_the_play_section_is_by_seat_and_its_order_follows_the_trick_winners():
    """PBN lists each trick from the opening leader's column: after a trick the leader
    changes, and the order played is found from who won."""
    board = read_lin(LIN)[0]
    lines = board.section("Play")
    leader = board.declarer.lho
    assert board.tag("Play") == str(leader)
    # a trick led by another seat than the opening leader shows its lead in another column
    firsts = [board.play[4 * t] for t in range(13)]
    columns = [line.split().index(str(c)) for line, c in zip(lines, firsts, strict=True)]
    assert columns[0] == 0
    assert any(col != 0 for col in columns)


@pytest.mark.parametrize(("calls", "contract", "declarer"), AUCTIONS)
def test_the_contract_is_the_last_bid_by_the_first_of_its_side_to_name_the_strain(
    calls, contract, declarer
):
    check_auction(Seat.N, calls)
    assert auction_contract(Seat.N, calls) == (Contract.parse(contract), declarer)


def test_calls_in_every_spelling_and_a_passed_out_auction():
    assert [parse_call(t) for t in ("1n", "P", "pass", "d", "R", "7nt", "2h!")] == [
        "1NT",
        "Pass",
        "Pass",
        "X",
        "XX",
        "7NT",
        "2H",
    ]
    assert auction_contract(Seat.W, ("Pass",) * 4) is None
    assert parse_auction(["1S =1= Pass $2 AP"]) == ("1S", "Pass", "Pass", "Pass", "Pass")


@pytest.mark.parametrize(
    ("calls", "words"),
    [
        (("1S", "1H"), "not higher than the bid before"),
        (("1S", "Pass", "X"), "doubles no opponent's bid"),
        (("1S", "XX"), "redoubles no double"),
        (("Pass",) * 5, "after the auction ended"),
        (("1S", "Pass", "Pass", "Pass", "2S"), "after the auction ended"),
        (("1S",) + ("Pass",) * 0 + ("X", "XX") * 200, "at most"),
    ],
)
def test_an_auction_against_the_rules_is_refused(calls, words):
    with pytest.raises(NotationError, match=words):
        check_auction(Seat.N, calls)


def test_a_bad_call_or_card_in_a_pbn_board_is_refused_quoting_it():
    text = write_pbn(read_lin(LIN)[:1])
    for bad, quoted in (
        (text.replace("1NT Pass", "1NT Q7", 1), "'Q7'"),
        (text.replace("1NT Pass", "1NT 1C", 1), "1C"),
        (text.replace('[Play "E"]', '[Play "S"]'), "opening leader"),
    ):
        with pytest.raises(PbnError, match=quoted) as info:
            read_pbn(bad)
        assert info.value.board == "1"
    lines = text.splitlines()
    at = lines.index('[Play "E"]') + 1
    first = lines[at].split()
    lines[at] = " ".join([first[1], first[0], *first[2:]])  # East plays North's card
    with pytest.raises(PbnError, match=r"does not hold|must follow"):
        read_pbn("\n".join(lines) + "\n")


def test_a_board_made_with_an_auction_and_a_play():
    rec = RECORDS[2]
    board = PbnBoard.make(rec.deal, board=3, dealer=Seat.N, auction=rec.auction, play=rec.play)
    assert (board.contract, board.declarer, board.play) == (rec.contract, rec.declarer, rec.play)
    with pytest.raises(ValueError, match="dealer"):
        PbnBoard.make(rec.deal, auction=rec.auction)


_MD = "md|3SAKQJT98765432HDC,SHAKQJT98765432DC,SHDAKQJT98765432C,|"
_GOOD = f"pn|a,b,c,d|{_MD}ah|Board 9|mb|7S|mb|p|mb|p|mb|p|pc|CA|\n"


@pytest.mark.parametrize(
    ("bad", "words"),
    [
        ("pn|a,b,c,d|md|3S2H3,S4,|\n", "md\\|'3S2H3,S4,'"),
        ("pn|a,b,c,d|md|9SAHDC,,,|\n", "dealer's digit"),
        ("pn|a,b,c,d|md|3SAKQJT98765432HDC,SHAKQJT9876543DC,SHDAKQJT98765432C,|\n", "md"),
        ("pn|a,b,c,d|md|3SAKQJT98765432HDC,SHAKQJT98765432D2C,SHDAKQJT9876543C,|\n", "md"),
        ("garbage without bars\n", "'garbage without bars' is not a LIN key"),
        (f"pn|a,b,c,d|{_MD}mb|7S|mb|Q9|\n", "'Q9' is not a call"),
        (f"pn|a,b,c,d|{_MD}mb|7S|mb|p|mb|p|mb|p|pc|HA|\n", "does not hold"),
        (f"pn|a,b,c,d|{_MD}pc|CA|\n", "no contract"),
        ("pn|a,b,c,d|ah|Board 2|\n", "no md\\|"),
        (f"pn|a,b,c,d|{_MD}an|x" + "y" * 20_000 + "|\n", "20,001 characters"),
    ],
)
def test_a_malformed_lin_board_is_refused_quoting_it_and_the_others_are_read(bad, words):
    results = [b for _, b in iter_lin(_GOOD + bad + _GOOD)]
    assert [type(b).__name__ for b in results] == ["PbnBoard", "PbnError", "PbnBoard"]
    error = results[1]
    assert isinstance(error, PbnError)
    assert error.number == 2
    assert len(str(error)) < 600
    assert re.search(words, str(error)), str(error)
    with pytest.raises(PbnError):
        read_lin(bad)


def test_a_truncated_lin_file_reads_its_whole_boards():
    text = LIN[: LIN.index("pc|", len(LIN) // 2) + 4]  # cut in the middle of a card
    (last,) = [b for _, b in iter_lin(f"pn|a,b,c,d|{_MD}mb|7S|mb|p|mb|p|mb|p|pc|C")]
    assert isinstance(last, PbnError)
    assert "'C' has no | at its end" in str(last)
    results = [b for _, b in iter_lin(text)]
    assert all(isinstance(b, PbnBoard) for b in results[:-1])
    assert isinstance(results[-1], PbnError)
    assert [b.deal for b in results[:-1]] == [r.deal for r in RECORDS[: len(results) - 1]]


def test_lin_board_lines_are_counted():
    lines = [line for line, _ in iter_lin(LIN)]
    assert lines == list(range(1, len(RECORDS) + 1))


_HOSTILE = {
    "50 MB of garbage": "'x' * 50 * 2**20",
    "50 MB in one value": "'pn|a,b,c,d|md|' + 'S' * 50 * 2**20 + '|'",
    "a million pairs": "'pn|a,b,c,d|' + 'mb|p|' * 10**6 + '\\n'",
    "a million lines of bars": "'||\\n' * 10**6",
}


@pytest.mark.parametrize("name", list(_HOSTILE))
def test_a_hostile_lin_file_is_refused_in_bounded_memory(name, tmp_path):
    path = tmp_path / "hostile.lin"
    code = f"""
        open({str(path)!r}, "w").write({_HOSTILE[name]})
        text = open({str(path)!r}).read()
        from whistgui.engine.bridge.lin import iter_lin
        from whistgui.engine.bridge.pbn import PbnError
        bad = 0
        for line, board in iter_lin(text):
            assert isinstance(board, PbnError)
            assert len(str(board)) < 1000, str(board)
            bad += 1
        print("bad", bad)
    """
    res = run_bounded(textwrap.dedent(code), memory_mb=600, timeout=120)
    assert res.returncode == 0, res.describe()
    assert res.stdout.split()[0] == "bad"
    assert int(res.stdout.split()[1]) == 1  # one refusal, however many lines of it
    assert res.peak_mb < 500, res.describe()


def test_max_calls_is_a_bound_on_the_auction():
    with pytest.raises(NotationError, match=str(MAX_CALLS)):
        parse_auction(["Pass " * (MAX_CALLS + 1)])


ITALY_USA = """[Event "Italy vs USA"]
[Dealer "S"]
[Vulnerable "Both"]
[Deal "N:AKQ2.KJ3.T98.A54 J876.Q54.AK2.J32 T943.A987.QJ4.K7 5.T62.7653.QT986"]
[Declarer "S"]
[Contract "6S"]
[Auction "S"]
  2C Pass 2H Pass
  2S Pass 3S Pass
  4D Pass 4S Pass
  5C Pass 5S Pass
  6S Pass Pass Pass
[Play "W"]
HT
"""


def test_a_play_of_the_opening_lead_only_as_files_write_it():
    (board,) = read_pbn(ITALY_USA)
    assert board.auction[-4:] == ("6S", "Pass", "Pass", "Pass")
    assert [str(c) for c in board.play] == ["HT"]
    text = ITALY_USA.replace('[Declarer "S"]\n[Contract "6S"]\n', "")
    (board,) = read_pbn(text)
    assert (str(board.contract), board.declarer) == ("6S", Seat.S)


def test_pbn_irregularities_are_read_not_refused():
    """PBN 2.1 marks an insufficient bid ^I, a revoke ^R: the auction is read as written
    (not checked against the rules), a play that broke them is not a line to analyse."""
    text = ITALY_USA.replace("2H Pass", "1H ^I Pass", 1).replace("HT\n", "HT H3 ^R H4 HA\n")
    (board,) = read_pbn(text)
    assert board.auction[2] == "1H"
    assert board.play == ()


@st.composite
def legal_auctions(draw):
    """An auction by the rules from North: bids rising, doubles of an opponent's bid,
    redoubles of a double, three passes at the end (four if no one bids)."""
    calls: list[str] = []
    bid_rank, bidder, doubled, seat = -1, None, 0, Seat.N
    strains = ("C", "D", "H", "S", "NT")
    for _ in range(draw(st.integers(0, 12))):
        options = ["Pass"]
        if bid_rank < 34:
            options.append("bid")
        if bidder is not None and bidder.side != seat.side and doubled == 0:
            options.append("X")
        if bidder is not None and bidder.side == seat.side and doubled == 1:
            options.append("XX")
        choice = draw(st.sampled_from(options))
        if choice == "bid":
            bid_rank = draw(st.integers(bid_rank + 1, min(bid_rank + 6, 34)))
            calls.append(f"{bid_rank // 5 + 1}{strains[bid_rank % 5]}")
            bidder, doubled = seat, 0
        elif choice in ("X", "XX"):
            calls.append(choice)
            doubled += 1
        else:
            calls.append("Pass")
        seat = seat.next
        tail = calls[-3:] if bidder is not None else calls[-4:]
        if len(tail) == (3 if bidder is not None else 4) and all(c == "Pass" for c in tail):
            return tuple(calls)
    trailing = len(calls) - len("".join("p" if c == "Pass" else "b" for c in calls).rstrip("p"))
    return (*calls, *["Pass"] * ((3 if bidder is not None else 4) - trailing))


@given(legal_auctions(), st.sampled_from(list(Seat)))
def test_an_auction_round_trips_through_its_pbn_lines(calls, dealer):
    check_auction(dealer, calls)
    assert parse_auction(auction_lines(dealer, calls)) == calls
    found = auction_contract(dealer, calls)
    bids = [c for c in calls if c not in ("Pass", "X", "XX")]
    assert (found is None) == (not bids)
    if found is not None:
        assert str(found[0]).rstrip("X") == bids[-1]


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 2**32), st.integers(0, 52), st.sampled_from(list(Seat)))
def test_a_random_play_round_trips_through_the_play_section(seed, cards, declarer):
    rec = records(1, seed=seed % 1000)[0]
    play = random_play(rec.deal, rec.contract, declarer, cards, seed)
    lines = play_lines(declarer.lho, rec.deal, rec.contract, declarer, play)
    assert parse_play(lines, declarer.lho, rec.deal, rec.contract, declarer) == play
    assert len(lines) == (cards + 3) // 4


def test_a_claim_round_trips_through_lin_as_the_result():
    rec = RECORDS[1]
    board = PbnBoard.make(rec.deal, board=2, dealer=Seat.N, auction=rec.auction, play=rec.play)
    board = PbnBoard((*board.tags, ("Result", "9")), board.sections)
    text = write_lin([board])
    assert "mc|9|" in text
    (again,) = read_lin(text)
    assert again.tag("Result") == "9"
    assert (again.play, again.auction) == (board.play, board.auction)


def test_a_vugraph_lin_file_as_bbo_writes_it():
    """Vugraph: a header (vg|, rs|), pn| of eight players (both rooms) once, then a board at
    each qx|; sv|0| for no one vulnerable, a board name that is not a number, comments (nt|)
    and an alert before any call are not in the way."""
    text = (
        "vg|Final,Open,I,1,2,A,0,B,0|\nrs|4SN=,4SN-1|\npn|a,b,c,d,e,f,g,h|pg||\n"
        f"qx|o1|{_MD}sv|0|ah|Board 7a|an|x|mb|1S|an|strong|nt|hi|mb|p|mb|p|mb|p|pg||\n"
        f"qx|c1|{_MD}sv|b|mb|2S|mb|p|mb|p|mb|p|pc|CA|mc|8|pg||\n"
    )
    first, second = read_lin(text)
    assert (first.board, first.vulnerable, first.tag("South"), first.tag("East")) == (
        "7a",
        "None",
        "a",
        "d",
    )
    assert first.auction == ("1S", "Pass", "Pass", "Pass")
    assert (second.vulnerable, str(second.contract), second.tag("Result")) == ("All", "2S", "8")
    for board in (first, second):  # vg| is the event of the boards after it
        assert [board.tag(t) for t in ("Event", "Stage", "Scoring", "HomeTeam", "VisitTeam")] == [
            "Final",
            "Open",
            "IMP",
            "A",
            "B",
        ]
    assert (second.tag("South"), second.tag("East")) == ("e", "h")  # the closed room's
    assert [str(c) for c in second.play] == ["CA"]
