"""The app's hand records in LIN (BBO's files), written here with endplay's own LIN writer: the
boards open with their auctions (the contract and declarer from them), dealers,
vulnerabilities and played lines; a LIN round trip (read, save, read) and a PBN one keep deal,
auction and play."""

from __future__ import annotations

from pathlib import Path

import pytest

from whistgui.app.bridge import BridgeDocument, load_pbn, save_boards, save_lin, save_pbn
from whistgui.app.document import DocumentError
from whistgui.engine.bridge import BridgePosition, Contract, Seat

#: (seed, dealer, vulnerability, auction from the dealer, cards played)
RECORDS = [
    (1, Seat.N, "none", ["1NT", "P", "3NT", "P", "P", "P"], 52),
    (2, Seat.E, "ns", ["P", "1S", "P", "4S", "X", "P", "P", "P"], 23),
    (3, Seat.S, "both", ["1H", "P", "2H", "P", "P", "P"], 1),
    (4, Seat.W, "ew", ["P", "P", "1C", "1D", "2C", "P", "P", "P"], 0),
]
#: what each auction ends in: the contract and its declarer
CONTRACTS = [("3NT", Seat.N), ("4SX", Seat.S), ("2H", Seat.S), ("2C", Seat.E)]


def _line(seed: int, contract: Contract, declarer: Seat, cards: int) -> list:
    """``cards`` cards of deal ``seed``: each the lowest legal card."""
    pos = BridgePosition.start(BridgeDocument.random(seed).deal, contract, declarer)
    out = []
    for _ in range(cards):
        card = min(pos.legal())
        out.append(card)
        pos = pos.play(card)
    return out


def write_lin_file(path: Path) -> Path:
    """The boards of :data:`RECORDS`, by endplay's LIN writer."""
    from endplay.parsers.lin import dumps
    from endplay.types import Bid, Board, Card, Deal, Player, Vul

    boards = []
    for k, ((seed, dealer, vul, calls, cards), (contract, declarer)) in enumerate(
        zip(RECORDS, CONTRACTS, strict=True), start=1
    ):
        deal = BridgeDocument.random(seed).deal
        line = _line(seed, Contract.parse(contract), declarer, cards)
        boards.append(
            Board(
                Deal.from_pbn(deal.to_pbn()),
                [Bid(c) for c in calls],
                [Card(str(c)) for c in line],
                k,
                vul=Vul.find(vul),
                dealer=Player(int(dealer)),
            )
        )
    path.write_text(str(dumps(boards)), encoding="utf-8")
    return path


def _summary(docs) -> list[tuple]:  # type: ignore[no-untyped-def]
    return [
        (d.board, d.deal, d.dealer, d.vulnerable, d.contract, d.declarer, d.auction, d.played)
        for d in docs
    ]


def test_a_lin_file_opens_with_auctions_contracts_and_played_lines(tmp_path: Path) -> None:
    file = load_pbn(write_lin_file(tmp_path / "records.lin"))
    assert file.left_out_count == 0
    assert len(file.boards) == len(RECORDS)
    vul = {"none": "None", "ns": "NS", "ew": "EW", "both": "All"}
    for doc, (seed, dealer, v, calls, cards), (contract, declarer) in zip(
        file.boards, RECORDS, CONTRACTS, strict=True
    ):
        assert doc.deal == BridgeDocument.random(seed).deal
        assert doc.dealer is dealer
        assert doc.vulnerable == vul[v]
        assert (doc.contract, doc.declarer) == (Contract.parse(contract), declarer)
        assert len(doc.auction) == len(calls)
        assert doc.played == tuple(_line(seed, doc.contract, declarer, cards))


@pytest.mark.parametrize("suffix", [".lin", ".pbn"])
def test_a_round_trip_keeps_deal_auction_and_play(tmp_path: Path, suffix: str) -> None:
    first = load_pbn(write_lin_file(tmp_path / "records.lin")).boards
    out = tmp_path / f"again{suffix}"
    save_boards(first, out)
    text = out.read_text(encoding="utf-8")
    assert ("[Deal " in text) == (suffix == ".pbn")
    again = load_pbn(out).boards
    assert _summary(again) == _summary(first)
    # and once more: what was written is read the same
    save_boards(again, tmp_path / f"third{suffix}")
    assert _summary(load_pbn(tmp_path / f"third{suffix}").boards) == _summary(first)


def test_another_contract_keeps_the_auction_and_another_deal_drops_it(tmp_path: Path) -> None:
    doc = load_pbn(write_lin_file(tmp_path / "records.lin")).boards[0]
    assert doc.auction
    assert doc.played
    assert doc.with_contract(doc.contract, doc.declarer).auction == doc.auction
    # the auction is history: another contract keeps it, set by hand, the play set aside
    hand = doc.with_contract(Contract.parse("4S"), Seat.N)
    assert (hand.auction, hand.played, hand.aside) == (doc.auction, (), doc.played)
    assert hand.by_hand
    assert hand.by_hand_words() == "contract set by hand; the auction's contract was 3NT by North"
    assert not doc.by_hand
    assert doc.by_hand_words() == ""
    # another contract by hand keeps the record aside; the auction's brings it back
    assert hand.with_contract(Contract.parse("5C"), Seat.E).aside == doc.played
    assert (
        hand.with_contract(Contract.parse("5C"), Seat.E).with_contract(doc.contract, doc.declarer)
        == doc
    )
    # PBN keeps both the auction and the contract chosen; LIN, whose contract is its
    # auction's, refuses rather than lose the one chosen, and writes nothing
    save_pbn((hand,), tmp_path / "hand.pbn")
    back = load_pbn(tmp_path / "hand.pbn").boards[0]
    assert (back.contract, back.declarer, back.auction) == (hand.contract, Seat.N, doc.auction)
    with pytest.raises(DocumentError, match=r"board 1 cannot be saved as LIN: its contract, 4♠ by"):
        save_lin((hand,), tmp_path / "hand.lin")
    assert not (tmp_path / "hand.lin").exists()
    # another deal is another board: its auction and any play set aside go
    new = hand.with_deal(BridgeDocument.random(9).deal)
    assert (new.auction, new.aside) == ((), ())


def test_saving_a_board_that_is_no_deal_names_it(tmp_path: Path) -> None:
    doc = BridgeDocument.random(1, board="7").move(
        (next(iter(BridgeDocument.random(1).hands[0])),), None
    )
    for save in (save_lin, save_pbn):
        with pytest.raises(DocumentError, match="board 7 cannot be saved"):
            save((doc,), tmp_path / "x.lin")


def test_a_bad_lin_file_is_refused_quoting_it(tmp_path: Path) -> None:
    path = tmp_path / "bad.lin"
    path.write_text("md|1SAKQJT98765432,HAKQ,,|rh||ah|Board 1|\n", encoding="utf-8")
    with pytest.raises(DocumentError) as err:
        load_pbn(path)
    assert "bad.lin" in str(err.value)
    assert "LIN" in str(err.value)


def test_a_passed_out_auction_is_no_contract_set_by_hand(tmp_path: Path) -> None:
    doc = BridgeDocument.random(5, dealer=Seat.N, auction=("Pass",) * 4)
    assert doc.auction_contract is None
    assert not doc.by_hand  # its default contract is not the user's: said elsewhere (W1)
    assert doc.by_hand_words() == ""
    moved = doc.with_contract(Contract.parse("2H"), Seat.E)
    assert (moved.auction, moved.by_hand) == (doc.auction, False)
    save_lin((moved,), tmp_path / "passed.lin")  # LIN keeps the passes (no contract: W1's)
    assert load_pbn(tmp_path / "passed.lin").boards[0].auction == doc.auction
