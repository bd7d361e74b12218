"""The bridge document: editing hands, the contract, the line of play, PBN files."""

from __future__ import annotations

import dataclasses
import random
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from whistgui.app.bridge import (
    DECK,
    BridgeDocument,
    card_marks,
    load_pbn,
    save_boards,
    save_pbn,
)
from whistgui.app.document import DocumentError
from whistgui.engine.bridge import BridgeCard, BridgeDeal, Contract, Seat, Side, Strain
from whistgui.engine.bridge.solver import EndgameSolver
from whistgui.engine.errors import IllegalPlayError, WhistError

C = BridgeCard.parse


def test_random_deal_is_a_full_deal_and_repeatable() -> None:
    doc = BridgeDocument.random(5)
    assert doc.problem() is None
    assert doc.deal.size == 13
    assert sorted(c for h in doc.hands for c in h) == sorted(DECK)
    assert BridgeDocument.random(5) == doc
    assert BridgeDocument.random(6) != doc


def test_moving_cards_makes_unequal_hands_and_back() -> None:
    doc = BridgeDocument.random(1)
    card = next(iter(doc.hands[Seat.N]))
    moved = doc.move((card,), Seat.E)
    assert moved.owner(card) is Seat.E
    problem = moved.problem()
    assert problem is not None
    assert "North 12" in problem
    assert "East 14" in problem
    with pytest.raises(DocumentError, match="East 14"):
        _ = moved.deal
    with pytest.raises(DocumentError, match="same number of cards"):
        _ = doc.move((card,), None).deal
    back = moved.move((card,), Seat.N)
    assert back.hands == doc.hands
    # the deal was edited: its contract is no longer its own (par's is played once known)
    assert back == dataclasses.replace(doc, no_contract="new")
    pooled = doc.move((card,), None)
    assert pooled.pool == (card,)


def test_no_cards_is_a_problem_not_a_crash() -> None:
    assert "no cards" in (BridgeDocument().problem() or "")


def test_a_card_in_two_hands_is_refused() -> None:
    a = frozenset({C("SA")})
    with pytest.raises(DocumentError, match=r"^card ♠A is in two hands"):
        BridgeDocument((a, a, frozenset(), frozenset()))


def test_play_and_positions() -> None:
    doc = BridgeDocument.random(2).with_contract(Contract.parse("4S"), Seat.S)
    pos = doc.position()
    assert pos.to_move is Seat.W
    for _ in range(6):
        doc = doc.play(doc.position().legal()[0])
    assert len(doc.played) == 6
    assert doc.position(4).tricks_left == 12
    # playing another card at 2 drops the rest of the line; the same card keeps it
    same = doc.play(doc.played[2], at=2)
    assert same is doc
    p2 = doc.position(2)
    other = next((c for c in p2.legal() if c != doc.played[2]), None)
    if other is not None:
        assert doc.play(other, at=2).played == (*doc.played[:2], other)


def test_illegal_card_is_refused_with_its_name() -> None:
    doc = BridgeDocument.random(3)
    pos = doc.position()
    wrong = next(iter(doc.hands[pos.to_move.partner]))
    with pytest.raises(IllegalPlayError, match=f"does not hold {re.escape(wrong.text)};"):
        doc.play(wrong)


def test_another_contract_restarts_the_line() -> None:
    doc = BridgeDocument.random(4)
    doc = doc.play(doc.position().legal()[0])
    assert doc.with_contract(Contract.parse("2H"), Seat.E).played == ()


def test_pbn_round_trip(tmp_path) -> None:  # type: ignore[no-untyped-def]
    boards = (
        BridgeDocument.random(1, board="1", dealer=Seat.N, vulnerable="None"),
        BridgeDocument.random(2, board="2", dealer=Seat.E, vulnerable="NS").with_contract(
            Contract.parse("6NT"), Seat.W
        ),
    )
    path = tmp_path / "two.pbn"
    save_pbn(boards, path)
    back = load_pbn(path).boards
    assert back == boards


def test_bad_pbn_files_say_why(tmp_path) -> None:  # type: ignore[no-untyped-def]
    missing = tmp_path / "missing.pbn"
    with pytest.raises(DocumentError, match=r"missing\.pbn"):
        load_pbn(missing)
    bad = tmp_path / "bad.pbn"
    bad.write_text('[Board "1"]\n[Deal "N:AKQ.-.-.- -.-.-.- -.-.-.- -.-.-.-"]\n')
    with pytest.raises(DocumentError, match=r"bad\.pbn"):
        load_pbn(bad)
    empty = tmp_path / "empty.pbn"
    empty.write_text("% nothing here\n")
    with pytest.raises(DocumentError, match="no board"):
        load_pbn(empty)
    binary = tmp_path / "binary.pbn"
    binary.write_bytes(b"\xff\xfe\x00garbage")
    with pytest.raises(DocumentError, match=r"binary\.pbn"):
        load_pbn(binary)


def test_unfinished_deal_cannot_be_saved(tmp_path) -> None:  # type: ignore[no-untyped-def]
    doc = BridgeDocument.random(1)
    doc = doc.move((next(iter(doc.hands[0])),), None)
    with pytest.raises(DocumentError, match="board 1 cannot be saved"):
        save_pbn((doc,), tmp_path / "x.pbn")
    assert not (tmp_path / "x.pbn").exists()


def _ending(seed: int, size: int) -> BridgeDeal:
    rng = random.Random(seed)
    cards = list(DECK)
    rng.shuffle(cards)
    return BridgeDeal(tuple(frozenset(cards[i * size : (i + 1) * size]) for i in range(4)))  # type: ignore[arg-type]


@settings(max_examples=25, deadline=None)
@given(
    seed=st.integers(0, 10**6),
    size=st.integers(1, 3),
    level=st.integers(1, 7),
    declarer=st.sampled_from(list(Seat)),
    strain=st.sampled_from(list(Strain)),
    cards=st.integers(0, 6),
)
def test_marks_agree_with_search(
    seed: int, size: int, level: int, declarer: Seat, strain: Strain, cards: int
) -> None:
    """Each card's mark: the declaring side's final tricks if it is played (then best play),
    by the engine's own search; best cards cost nothing, others cost the difference."""
    deal = _ending(seed, size)
    doc = BridgeDocument.from_deal(deal).with_contract(Contract(level, strain), declarer)
    rng = random.Random(seed)
    for _ in range(min(cards, 4 * size - 1)):
        doc = doc.play(rng.choice(doc.position().legal()))
    pos = doc.position()
    solver = EndgameSolver()
    side = declarer.side
    scores = {}
    for card in pos.legal():
        nxt = pos.play(card)
        ns = (nxt.tricks[Side.NS] - pos.tricks[Side.NS]) + solver.tricks(nxt, Side.NS)
        scores[card] = ns if pos.to_move.side is Side.NS else pos.tricks_left - ns
    marks = card_marks(pos, scores, doc.contract, declarer)
    assert set(marks) == set(pos.legal())
    for card, mark in marks.items():
        final = pos.play(card)
        expected = final.tricks[int(side)] + solver.tricks(final, side)
        assert mark.declarer_tricks == expected
        assert mark.made == (expected >= level + 6)
        assert mark.best == (mark.cost == 0)
        assert mark.cost == max(scores.values()) - scores[card]


def test_mark_text_of_a_whole_deal_is_the_contracts_result() -> None:
    """On a full deal a card's badge is the contract's result, green when it makes."""
    doc = BridgeDocument.random(6).with_contract(Contract.parse("3NT"), Seat.S)
    pos = doc.position()  # West leads: the defence's scores
    legal = pos.legal()
    scores = {card: (4 if i == 0 else 5 if i == 1 else 3) for i, card in enumerate(legal)}
    marks = card_marks(pos, scores, doc.contract, doc.declarer)
    first, second, third = (marks[c] for c in legal[:3])
    # the defence takes 4, 5 or 3 of 13: the declaring side 9 (=), 8 (−1), 10 (+1)
    assert [m.text(doc.contract) for m in (first, second, third)] == ["=", "\u22121", "+1"]
    assert [m.made for m in (first, second, third)] == [True, False, True]
    assert [m.good for m in (first, second, third)] == [True, False, True]
    assert second.best
    assert not second.ending
    assert (second.dealt, third.cost) == (13, 2)


def test_mark_text_of_an_ending_counts_its_tricks_and_colours_the_movers_best() -> None:
    """A 2-card ending, 3NT by North: East's cards are marked with North–South's tricks of
    the two (not '−7' against the contract), and East's best card is green (not red for the
    defence's best, as a failing contract's result was)."""
    deal = BridgeDeal.parse("N:AK... QJ... T9... 87...")
    doc = BridgeDocument.from_deal(deal, contract=Contract.parse("3NT"), declarer=Seat.N)
    pos = doc.position()
    assert pos.to_move is Seat.E
    scores = EndgameSolver().card_scores(pos)
    marks = card_marks(pos, scores, doc.contract, doc.declarer)
    assert {m.declarer_tricks for m in marks.values()} == {2}
    for mark in marks.values():
        assert mark.ending
        assert mark.dealt == 2
        assert mark.text(doc.contract) == "2"
        assert not mark.made  # an ending says nothing of the contract's fate
        assert mark.good == mark.best is True
    # East's choice matters: ♥2 keeps North–South to 0 tricks, ♠K gives them both
    deal = BridgeDeal.parse("N:AQ... K.2.. .43.. .65..")
    doc = BridgeDocument.from_deal(deal, contract=Contract.parse("1NT"), declarer=Seat.N)
    pos = doc.position()
    marks = card_marks(pos, EndgameSolver().card_scores(pos), doc.contract, doc.declarer)
    low, king = marks[C("H2")], marks[C("SK")]
    assert (low.text(doc.contract), king.text(doc.contract)) == ("0", "2")
    assert (low.best, low.good, king.best, king.good) == (True, True, False, False)
    assert king.cost == 2


def test_deal_property_message_is_a_whist_error() -> None:
    with pytest.raises(WhistError):
        _ = BridgeDocument().deal


def _file_with_a_bad_board(tmp_path, boards: int = 3, bad: tuple[int, ...] = (2,)):  # type: ignore[no-untyped-def]
    """A PBN file of ``boards`` random boards; those numbered in ``bad`` deal ♠A twice."""
    twice = "N:A4.QT98.AJ75.A72 92.KJ65.986.KT43 KQJT5.A2.Q2.J865 A763.743.KT43.Q9"
    chunks = []
    for i in range(1, boards + 1):
        deal = twice if i in bad else BridgeDocument.random(i).deal.to_pbn()
        chunks.append(f'[Board "{i}"]\n[Dealer "N"]\n[Deal "{deal}"]\n')
    path = tmp_path / "boards.pbn"
    path.write_text("% a bad board among good ones\n" + "\n".join(chunks), encoding="utf-8")
    return path


def test_a_bad_board_is_left_out_and_said_the_good_ones_open(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """Board 2 deals the ace of spades twice: boards 1 and 3 open, board 2 is named with the
    line where it starts and why (the whole file was refused)."""
    path = _file_with_a_bad_board(tmp_path)
    file = load_pbn(path)
    assert [doc.board for doc in file.boards] == ["1", "3"]
    assert file.boards[0].deal == BridgeDocument.random(1).deal
    (left,) = file.left_out
    assert (left.board, left.line, file.left_out_count) == ("2", 6, 1)
    assert "card ♠A is in both" in left.reason
    notice = file.notice()
    assert notice is not None
    assert notice.startswith("Board 2 (line 6) was not opened: card ♠A is in ")
    assert "Saving over this file would lose it" in notice
    assert load_pbn(_file_with_a_bad_board(tmp_path, 3, ())).notice() is None


def test_many_bad_boards_are_counted_and_the_first_named(tmp_path) -> None:  # type: ignore[no-untyped-def]
    path = _file_with_a_bad_board(tmp_path, 12, tuple(range(2, 12)))
    file = load_pbn(path)
    assert [doc.board for doc in file.boards] == ["1", "12"]
    assert file.left_out_count == 10
    assert [b.board for b in file.left_out] == ["2", "3", "4", "5", "6"]
    notice = file.notice()
    assert notice is not None
    assert notice.startswith("10 boards were not opened: board 2 (line 6): ")
    assert "; and 5 more." in notice
    with pytest.raises(
        DocumentError,
        match=r"boards\.pbn' is not a PBN file this program can read: board 1 \(line 2\): card ♠A",
    ):
        load_pbn(_file_with_a_bad_board(tmp_path, 2, (1, 2)))  # no good board: refused


def test_a_file_of_more_boards_than_the_app_opens(tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    import whistgui.app.bridge as bridge

    monkeypatch.setattr(bridge, "MAX_PBN_BOARDS", 3)
    file = load_pbn(_file_with_a_bad_board(tmp_path, 5, (2,)))
    assert [doc.board for doc in file.boards] == ["1", "3", "4"]
    assert file.truncated
    notice = file.notice()
    assert notice is not None
    assert "more than 3 boards; the first 3 were opened" in notice


def test_the_app_reads_a_20_mb_tag_in_bounded_memory(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """The GUI's PBN loader on a file with a 20 MB [Event] tag, in a child process under a
    memory limit: that board is left out (a tag beyond MAX_TAG_VALUE is not held, nor saved
    again), said short, and the next board opens, within 300 MB (3.5 GB on 20 MB before)."""
    from tests.bounded import run_bounded

    deal = BridgeDocument.random(5).deal
    path = tmp_path / "long.pbn"
    path.write_text(
        f'[Event "{"x" * 20_000_000}"]\n[Deal "{deal.to_pbn()}"]\n\n[Deal "{deal.to_pbn()}"]\n',
        "utf-8",
    )
    code = (
        "from whistgui.app.bridge import load_pbn\n"
        f"file = load_pbn({str(path)!r})\n"
        "print(len(file.boards), file.boards[0].deal.to_pbn())\n"
        "print(file.left_out[0].reason)\n"
    )
    res = run_bounded(code, memory_mb=400, timeout=120)
    assert res.returncode == 0, res.describe()
    opened, left_out = res.stdout.splitlines()[:2]
    assert opened == f"1 {deal.to_pbn()}", res.describe()
    assert left_out.startswith("[Event] has 20,000,000 characters: 'xxx"), left_out
    assert len(left_out) < 300
    assert res.peak_mb < 300, res.describe()
    assert res.seconds < 10, res.describe()


def test_a_latin_1_file_opens_and_saves_as_utf_8_without_mojibake(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """PBN's character set is ISO 8859-1: a file in it opens (it was refused whole, 'not UTF-8
    text (byte 0xe9 …)'); saved, it is written in UTF-8 and opens again with the same board
    names ('Café', never 'CafÃ©'). A board without a Board tag is named by its number in the
    file, as messages name it (every such board was 'Board 1')."""
    deals = [BridgeDocument.random(i).deal.to_pbn() for i in (1, 2, 3)]
    text = (
        f'[Event "Café"]\n[Board "Café 1"]\n[Deal "{deals[0]}"]\n\n'
        f'[Board "Düsseldorf"]\n[Deal "{deals[1]}"]\n\n[Deal "{deals[2]}"]\n'
    )
    path = tmp_path / "latin1.pbn"
    path.write_bytes(text.encode("latin-1"))
    file = load_pbn(path)
    assert [doc.board for doc in file.boards] == ["Café 1", "Düsseldorf", "3"]
    assert [doc.deal.to_pbn() for doc in file.boards] == deals
    assert file.left_out_count == 0
    copy = tmp_path / "copy.pbn"
    save_pbn(file.boards, copy)
    saved = copy.read_bytes()
    assert '[Board "Café 1"]'.encode() in saved  # UTF-8, as the app writes
    assert b"\xc3\x83" not in saved  # no 'Ã': nothing decoded twice
    assert load_pbn(copy).boards == file.boards
    # the same file in UTF-8 (with a byte-order mark) is read as UTF-8, not as ISO 8859-1
    utf8 = tmp_path / "utf8.pbn"
    utf8.write_bytes(b"\xef\xbb\xbf" + text.encode("utf-8"))
    assert load_pbn(utf8).boards == file.boards


# ------------------------------------------------- a board without a contract of its own
NO_CONTRACT_DEAL = "N:AKQ2.KJ3.T98.A54 J876.Q54.AK2.J32 T93.A762.QJ7.KQ6 54.T98.6543.T987"


@pytest.mark.parametrize(
    ("tags", "why", "passed"),
    [
        ("", "record", False),
        ('[Contract "Pass"]\n', "passed out", True),
        ('[Dealer "N"]\n[Auction "N"]\nPass Pass Pass Pass\n', "passed out", True),
        ('[Contract "4S"]\n', "record", False),  # no declarer: half a contract is none
    ],
)
def test_a_board_without_a_contract_says_why_and_par_stands_in(tmp_path, tags, why, passed):  # type: ignore[no-untyped-def]
    path = tmp_path / "b.pbn"
    path.write_text(f'[Board "3"]\n{tags}[Deal "{NO_CONTRACT_DEAL}"]\n', encoding="utf-8")
    doc = load_pbn(path).boards[0]
    assert (doc.no_contract, doc.passed_out, doc.stand_in) == (why, passed, "")
    assert doc.waits_for_par
    assert doc.contract_note.endswith(": par's contract is being found)")
    par = doc.with_par((Contract.parse("4S"), Seat.N))
    assert (str(par.contract), par.declarer, par.stand_in) == ("4S", Seat.N, "par")
    assert par.with_par((Contract.parse("1C"), Seat.E)) is par  # once only
    assert par.as_read() == doc
    # saved with no card played, the board still has no contract of its own
    for name in ("c.pbn", "c.lin"):
        save_boards((par,), tmp_path / name)
        again = load_pbn(tmp_path / name).boards[0]
        assert (again.no_contract, again.passed_out) == (why, passed), name
    # a card played in par's contract: the contract is saved with the play
    played = par.play(sorted(par.position().legal())[0])
    assert played.as_read() == played
    save_pbn((played,), tmp_path / "d.pbn")
    assert load_pbn(tmp_path / "d.pbn").boards[0].contract == Contract.parse("4S")


def test_the_stand_in_says_passed_out_at_par_and_is_checked() -> None:
    doc = BridgeDocument.random(3).with_hands(BridgeDocument.random(4).hands)
    assert doc.no_contract == "new"
    kept = doc.with_par("passed out at par")
    assert kept.contract == doc.contract
    assert kept.contract_note == "(a new deal, and passed out at par: this contract is played)"
    assert kept.contract_short == "New deal · passed out at par"
    with pytest.raises(DocumentError, match="'par' is not why"):
        doc.with_par("par")
    with pytest.raises(DocumentError, match="no_contract 'maybe'"):
        BridgeDocument(no_contract="maybe")
    # the user's contract is the board's own again
    own = kept.with_contract(doc.contract, doc.declarer)
    assert (own.no_contract, own.stand_in, own.contract_note) == ("", "", "")
