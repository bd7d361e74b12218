"""The bridge session: undoable edits, the cursor along the line, boards and PBN files."""

from __future__ import annotations

import pytest

from whistgui.app.bridge import BridgeDocument, load_pbn, save_pbn
from whistgui.app.document import DocumentError
from whistgui.engine.bridge import Contract, Seat
from whistgui.engine.errors import IllegalPlayError, NotationError
from whistgui.ui.bridge.session import BridgeSession


@pytest.fixture
def session(qtbot) -> BridgeSession:  # type: ignore[no-untyped-def]
    return BridgeSession(BridgeDocument.random(11))


def test_play_back_forward_and_undo(session: BridgeSession) -> None:
    seen: list[int] = []
    session.cursorChanged.connect(seen.append)
    for _ in range(5):
        session.play(session.position().legal()[0])
    assert session.cursor == 5
    assert len(session.document.played) == 5
    session.back()
    session.back()
    assert session.cursor == 3
    assert session.position().to_move is session.document.position(3).to_move
    session.forward()
    assert session.cursor == 4
    session.trick_back()
    assert session.cursor == 0  # the start of the first trick
    session.trick_forward()
    assert session.cursor == 4
    session.set_cursor(99)
    assert session.cursor == 5
    assert seen[-1] == 5
    session.undo_stack.undo()
    assert len(session.document.played) == 4
    assert session.cursor == 4


def test_playing_the_lines_next_card_steps_on(session: BridgeSession) -> None:
    for _ in range(3):
        session.play(session.position().legal()[-1])
    line = session.document.played
    session.set_cursor(1)
    count = session.undo_stack.count()
    session.play(line[1])
    assert session.cursor == 2
    assert session.document.played == line
    assert session.undo_stack.count() == count  # nothing to undo: the line is the same
    other = next((c for c in session.position().legal() if c != line[2]), None)
    if other is not None:
        session.play(other)
        assert session.document.played == (*line[:2], other)
        session.undo_stack.undo()
        assert session.document.played == line
        assert session.cursor == 2


def test_illegal_play_changes_nothing(session: BridgeSession) -> None:
    before = session.document
    pos = session.position()
    wrong = next(iter(session.document.hands[pos.to_move.partner]))
    with pytest.raises(IllegalPlayError):
        session.play(wrong)
    assert session.document is before


def test_moves_refuse_a_fourteenth_card(session: BridgeSession) -> None:
    card = next(iter(session.document.hands[Seat.N]))
    with pytest.raises(DocumentError, match="East would hold 14"):
        session.move_cards([card], Seat.E)
    assert session.move_cards([card], None)
    assert card in session.document.pool
    assert session.position() is None
    assert session.move_cards([card], Seat.N)
    assert session.position() is not None
    session.undo_stack.undo()
    assert session.document.problem() is not None


def test_contract_and_deal_text(session: BridgeSession) -> None:
    session.play(session.position().legal()[0])
    session.set_contract(Contract.parse("6H"), Seat.E)
    assert session.document.played == ()
    assert session.position().to_move is Seat.S
    with pytest.raises(NotationError, match="'N:AK'"):
        session.set_deal_text("N:AK")
    text = "N:AKQ2.KJ3.T98.A54 J876.Q54.AK2.J32 T943.A987.QJ4.K7 5.T62.7653.QT986"
    assert session.set_deal_text(text)
    assert session.document.deal.to_pbn() == text
    assert "6♥ by East" in session.describe()


def test_rotate_and_clear(session: BridgeSession) -> None:
    north = session.document.hands[Seat.N]
    session.rotate()
    assert session.document.hands[Seat.E] == north
    session.clear_hands()
    assert len(session.document.pool) == 52
    session.undo_stack.undo()
    session.undo_stack.undo()
    assert session.document.hands[Seat.N] == north


def test_boards_open_select_save(session: BridgeSession, tmp_path) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "set.pbn"
    boards = tuple(BridgeDocument.random(i, board=str(i)) for i in (1, 2, 3))
    save_pbn(boards, path)
    counts: list[tuple[int, int]] = []
    session.boardsChanged.connect(lambda n, i: counts.append((n, i)))
    session.open(path)
    assert session.board_count == 3
    assert session.document == boards[0]
    assert not session.modified
    session.select_board(2)
    assert session.document == boards[2]
    assert counts[-1] == (3, 2)
    session.play(session.position().legal()[0])
    session.set_contract(Contract.parse("2S"), Seat.W)
    assert session.modified
    session.save()
    assert not session.modified
    again = BridgeSession()
    again.open(path)
    again.select_board(2)
    assert again.document.contract == Contract.parse("2S")
    assert again.document.declarer is Seat.W
    session.add_board()
    assert session.board_count == 4
    assert session.document.board == "4"


def test_open_a_bad_file_keeps_the_board(session: BridgeSession, tmp_path) -> None:  # type: ignore[no-untyped-def]
    before = session.document
    bad = tmp_path / "bad.pbn"
    bad.write_text('[Deal "N:AKQ"]\n')
    with pytest.raises(DocumentError, match=r"bad\.pbn"):
        session.open(bad)
    assert session.document is before


TWICE = "N:A4.QT98.AJ75.A72 92.KJ65.986.KT43 KQJT5.A2.Q2.J865 A763.743.KT43.Q9"  # ♠A twice


def test_a_file_with_a_bad_board_opens_the_others_and_will_not_be_overwritten(  # type: ignore[no-untyped-def]
    session: BridgeSession, tmp_path
) -> None:
    """Board 2 cannot be read: boards 1 and 3 open, the notice names board 2, its line and
    why; saving over the file (which would lose board 2) is refused, saving elsewhere is not."""
    one, three = (BridgeDocument.random(i, board=str(i)) for i in (1, 3))
    text = (
        f'[Board "1"]\n[Deal "{one.deal.to_pbn()}"]\n\n'
        f'[Board "2"]\n[Deal "{TWICE}"]\n\n'
        f'[Board "3"]\n[Deal "{three.deal.to_pbn()}"]\n'
    )
    path = tmp_path / "three.pbn"
    path.write_text(text, encoding="utf-8")
    notices: list[str] = []
    session.noticeChanged.connect(notices.append)
    session.open(path)
    assert session.board_count == 2
    assert [session.document.deal, session._boards[1].deal] == [one.deal, three.deal]
    assert notices == [session.notice]
    assert session.notice.startswith("Board 2 (line 4) was not opened: card ♠A is in both")
    with pytest.raises(DocumentError, match="saving over it would lose them"):
        session.save()
    assert path.read_text(encoding="utf-8") == text  # untouched
    copy = tmp_path / "copy.pbn"
    session.save(copy)
    assert session.notice == ""
    assert notices[-1] == ""
    again = BridgeSession()
    again.open(copy)
    assert again.board_count == 2
    assert again.notice == ""


def test_every_new_position_arrives_whole(session: BridgeSession) -> None:
    """However a change comes — a typed or random deal, a rotation, a card moved, another
    contract, another board, undo, redo — a view that answers documentChanged or
    cursorChanged finds the board and the cursor of the same position (a deal typed five cards
    into the play was shown with cursor 5 and no cards played: the table's layout broke), and
    positionChanged follows once, after both."""
    session.replace(tuple(BridgeDocument.random(i, board=str(i)) for i in (1, 2)))
    seen: list[tuple[str, int, int]] = []

    def record(name: str) -> None:
        seen.append((name, session.cursor, len(session.document.played)))
        if session.document.problem() is None:
            session.document.position(session.cursor)  # the position shown can be made

    session.documentChanged.connect(lambda _doc: record("document"))
    session.cursorChanged.connect(lambda _cursor: record("cursor"))
    session.positionChanged.connect(lambda: record("position"))

    def play_five() -> None:
        for _ in range(5):
            session.play(session.position().legal()[0])

    changes = [
        lambda: session.set_deal_text(BridgeDocument.random(30).deal.to_pbn()),
        lambda: session.random_deal(31),
        session.rotate,
        lambda: session.set_contract(Contract.parse("2H"), Seat.W),
        lambda: session.select_board(0 if session.board_index else 1),
        session.undo_stack.undo,
        lambda: session.move_cards([next(iter(session.document.hands[Seat.N]))], None),
        session.undo_stack.undo,  # (no deal, no play: back to the deal five cards in)
        session.clear_hands,
        session.undo_stack.undo,
    ]
    for change in changes:
        if session.position() is not None:
            play_five()
            assert session.cursor >= 5
        seen.clear()
        change()
        assert seen, change
        assert all(cursor <= played for _, cursor, played in seen), (change, seen)
        assert [name for name, _, _ in seen].count("position") == 1, (change, seen)
        assert seen[-1][0] == "position"
    seen.clear()
    session.undo_stack.redo()  # the hands cleared again
    assert seen
    assert all(cursor <= played for _, cursor, played in seen)
    session.undo_stack.undo()
    play_five()
    seen.clear()
    session.back()
    assert [name for name, _, _ in seen] == ["cursor", "position"]
    seen.clear()
    session.set_cursor(session.cursor)  # nothing moves: nothing said
    assert seen == []


def test_the_unsaved_mark_follows_what_the_file_would_hold(session, tmp_path) -> None:  # type: ignore[no-untyped-def]
    """The line of play is saved with its board (PBN's [Play] section, LIN's pc|): in a file's
    boards playing a card is a change; in boards never saved it is not (it asked about "the
    new bridge boards" at quit after one card); the contract, the hands and another board are
    changes, also after going to another board and back."""
    marks: list[bool] = []
    session.modifiedChanged.connect(marks.append)
    assert not session.modified
    session.play(session.position().legal()[0])
    session.play(session.position().legal()[0])
    assert not session.modified
    assert marks == []
    session.set_contract(Contract.parse("2S"), Seat.W)
    assert session.modified
    assert marks == [True]
    session.undo_stack.undo()  # the contract back as it was: no change
    assert not session.modified
    assert marks == [True, False]
    path = tmp_path / "two.pbn"
    save_pbn(tuple(BridgeDocument.random(i, board=str(i)) for i in (1, 2)), path)
    session.open(path)
    session.set_contract(Contract.parse("4H"), Seat.N)
    session.select_board(1)  # the undo history goes with the board; the change does not
    assert session.modified
    session.select_board(0)
    session.set_contract(Contract.parse("3NT"), Seat.S)  # as the file has it
    assert not session.modified
    session.add_board()
    assert session.modified
    session.save()
    assert not session.modified
    session.play(session.position().legal()[0])
    assert session.modified  # a file's board: its play is saved with it
    session.undo_stack.undo()
    assert not session.modified
    session.undo_stack.redo()
    session.save()
    assert load_pbn(path).boards[session.board_index].played == session.document.played
