"""Review 31a's findings in the bridge workspace, as a player and writer meets them: the +
beside the boards (and Deal ▸ Add Random Board) adds a board in the duplicate rotation; par
follows the board's vulnerability, not only its deal; a contract set by hand keeps the
auction and sets the recorded play aside until the auction's contract returns; a doubled
contract is written 4♠x and can be set; a bad .lin file is called LIN; hands being dealt never
show a stale deal or a sentence twice; the unsaved-changes prompt offers Save As where Save
cannot write; Random Deal adds a board to a file of boards."""

from __future__ import annotations

import html

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMessageBox

from tests.ui.workspaces import bridge, menu_texts
from whistgui.app.bridge import BridgeDocument, board_rotation, save_pbn
from whistgui.engine.bridge import Contract, Seat


def _ready(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    qtbot.waitUntil(lambda: bridge(window).page.ready(), timeout=30000)


def _file(tmp_path, name, *docs):  # type: ignore[no-untyped-def]
    path = tmp_path / name
    save_pbn(tuple(docs), path)
    return path


# ---------------------------------------------------------------- B1: the + adds a board
def test_the_plus_button_and_the_deal_menu_add_a_board_in_the_rotation(qtbot, window, tmp_path):  # type: ignore[no-untyped-def]
    docs = [BridgeDocument.random(k, board=str(20 + k)) for k in (1, 2, 3)]
    assert window.open_file(_file(tmp_path, "three.pbn", *docs))
    ws = bridge(window)
    page, session = ws.page, ws.session
    assert session.board_count == 3
    assert not window.isWindowModified()
    qtbot.mouseClick(page.add_board_button, Qt.MouseButton.LeftButton)
    assert session.board_count == 4
    assert session.board_index == 3
    doc = session.document
    assert doc.board == "24"
    # board 24 is dealt by West, nobody vulnerable, as every duplicate board 24 (and 8)
    assert (doc.dealer, doc.vulnerable) == (Seat.W, "None") == board_rotation(24)
    assert doc.problem() is None
    assert "Board 24 added" in page.table.message
    assert "dealer West" in page.table.message
    assert session.modified
    assert page.board_combo.itemText(3) == "24"
    # the Deal menu has it too, and it adds the next board (25: North deals, E–W vul, as board 9)
    window.show_workspace("bridge")
    assert "&Add Random Board" in menu_texts(window)
    ws.act_add_board.trigger()
    assert session.board_count == 5
    assert (session.document.board, session.document.dealer) == ("25", Seat.N)
    assert session.document.vulnerable == "EW"
    assert session.document.deal != doc.deal


def test_the_rotation_is_the_laws_of_duplicate():  # type: ignore[no-untyped-def]
    """The Laws of Duplicate Bridge's board table (Law 2): the dealer turns N E S W, the
    vulnerability of boards 1–16 as below, then again from board 17. The app and
    ``whist bridge deal --pbn`` share this one function (each had its own copy)."""
    laws = [
        "None",
        "NS",
        "EW",
        "All",
        "NS",
        "EW",
        "All",
        "None",
        "EW",
        "All",
        "None",
        "NS",
        "All",
        "None",
        "NS",
        "EW",
    ]
    for n in range(1, 40):
        dealer, vul = board_rotation(n)
        assert vul == laws[(n - 1) % 16]
        assert dealer is (Seat.N, Seat.E, Seat.S, Seat.W)[(n - 1) % 4]


# ---------------------------------------------------- W3: par by deal and vulnerability
def test_par_follows_the_vulnerability_of_the_same_deal(qtbot, window, tmp_path):  # type: ignore[no-untyped-def]
    from whistgui.engine.bridge.dds import par
    from whistgui.figures.bridge import par_text

    # a deal whose par scores differently vulnerable (a game: +400-odd against +600-odd)
    for seed in range(40):
        doc = BridgeDocument.random(seed)
        none, both = par(doc.deal, "None", Seat.N), par(doc.deal, "All", Seat.N)
        if par_text(none, "None").split(" (")[0] != par_text(both, "All").split(" (")[0]:
            break
    else:  # pragma: no cover - forty deals without a game are not dealt
        raise AssertionError("no deal found whose par depends on the vulnerability")
    assert window.open_file(_file(tmp_path, "club.pbn", doc))
    _ready(qtbot, window)
    page = bridge(window).page
    assert page.dd_table.note.text() == par_text(none, "None")
    assert window.open_file(
        _file(tmp_path, "other.pbn", doc.__class__(doc.hands, vulnerable="All"))
    )
    _ready(qtbot, window)
    assert page.dd_table.note.text() == par_text(both, "All")
    assert "both vul" in page.dd_table.note.text()


# ------------------------------------- W4 and C10: a contract set by hand, doubled or not
def test_a_contract_set_by_hand_keeps_the_auction_and_sets_the_play_aside(qtbot, window, tmp_path):  # type: ignore[no-untyped-def]
    from tests.app.test_bridge_lin import write_lin_file
    from whistgui.app.bridge import load_pbn

    assert window.open_file(write_lin_file(tmp_path / "club.lin"))
    ws = bridge(window)
    page, session = ws.page, ws.session
    session.select_board(1)  # Pass 1♠ Pass 4♠ X …: 4♠x by South, 23 cards played
    record = session.document
    assert (str(record.contract), record.declarer, len(record.played)) == ("4SX", Seat.S, 23)
    # C10: the doubled contract is 4♠x everywhere: the title, the status, the controls
    assert "4♠x by South" in window.windowTitle()
    assert page.contract_controls.doubled.currentText() == "x"
    _ready(qtbot, window)
    assert page.status.text().startswith("4♠x by South")
    from whistgui.ui.bridge.trick_tree_model import COL_RESULT

    assert page.tree.model.header_text(COL_RESULT) == "4♠x S\nwin/lose"
    # W4: 6♠x by hand: the auction stays, the play is set aside and said so
    page.level.setValue(6)
    doc = session.document
    assert str(doc.contract) == "6SX"
    assert doc.auction == record.auction
    assert doc.played == ()
    assert doc.aside == record.played
    assert "set by hand" in window.windowTitle()
    auction = html.unescape(page.auction.text())
    assert "Contract: 6♠x by South" in auction
    assert "Contract set by hand; the auction's contract was 4♠x by South." in auction
    assert "Pass" in auction  # the auction itself, still there
    assert "set aside" in page.review.text()
    assert "set aside" in page.table.message
    # saved: the auction and the chosen contract, no play (it was for 4♠x)
    saved = tmp_path / "what-if.pbn"
    assert session.save(saved) == saved
    assert '[Contract "6SX"]' in saved.read_text()
    back = load_pbn(saved).boards[1]
    assert (back.contract, back.auction, back.played) == (doc.contract, record.auction, ())
    # redoubled by the new control (one undo step), then the auction's contract again: the
    # recorded play is back, whole
    page.contract_controls.doubled.setCurrentIndex(2)
    page.contract_controls.doubled.activated.emit(2)
    assert str(session.document.contract) == "6SXX"
    assert "6♠xx by South" in window.windowTitle()
    session.undo_stack.undo()
    assert str(session.document.contract) == "6SX"
    page.level.setValue(4)
    assert session.document == record
    assert "back" in page.table.message
    assert "set by hand" not in window.windowTitle()
    # and Ctrl+Z from 6♠x by hand returns the record too
    page.level.setValue(5)
    assert session.document.played == ()
    session.undo_stack.undo()
    assert session.document == record


# ------------------------------------------------------------- C6: a bad .lin is LIN's
def test_a_bad_lin_file_is_called_lin_and_a_bad_pbn_file_pbn(window, tmp_path, dialogs):  # type: ignore[no-untyped-def]
    for name, kind, expected in (
        ("bad.lin", "LIN", "expected LIN pairs key|value|"),
        ("bad.pbn", "PBN", "expected a tag pair"),
    ):
        path = tmp_path / name
        path.write_text("this is not a hand record at all\n")
        dialogs.shown.clear()
        assert not window.open_file(path)
        (kind_shown, text), *_ = dialogs.shown
        assert kind_shown == "warning"
        assert f"is not a {kind} file this program can read" in text
        assert expected in text
        assert "'this is not a hand record at all'" in text


# ---------------------------------------- C7: cards moved to the pool, after a record left
def test_a_card_to_the_pool_leaves_no_stale_deal_no_repeated_sentence_no_traceback(
    qtbot, window, tmp_path
):  # type: ignore[no-untyped-def]
    from tests.app.test_bridge_lin import write_lin_file
    from whistgui.ui.bridge.page import NO_DEAL

    assert window.open_file(write_lin_file(tmp_path / "club.lin"))
    ws = bridge(window)
    page, session = ws.page, ws.session
    record = session.document
    other = next(c for c in session.position().legal() if c != record.played[0])
    session.play(other)  # the record left: Back to the Record is offered
    assert session.left_record is not None
    assert page.deal_edit.text() == record.deal.to_pbn()
    east_card = next(iter(session.document.hands[Seat.E]))
    # East's card to the pool: the hands are no deal; a traceback here (the Back to the
    # Record button asking for the deal) fails the test through pytest-qt's exception capture
    session.move_cards([east_card], None)
    assert session.document.problem() is not None
    assert page.deal_edit.text() == ""  # not the old full deal with that card in East's hand
    assert page.deal_edit.placeholderText() == "51 of 52 dealt"
    assert page.dd_table.note.text() == NO_DEAL
    assert page.status.text() == session.document.problem()
    assert page.dd_table.note.text() != page.status.text()
    assert not page.record_return.isVisible()
    session.move_cards([east_card], Seat.E)  # back: a deal again, shown in the field
    assert page.deal_edit.text() == record.deal.to_pbn()
    _ready(qtbot, window)


# ------------------------------- C8: Save where Save cannot write is Save As, nothing lost
def test_save_over_a_file_with_boards_left_out_asks_where_instead(window, tmp_path, dialogs):  # type: ignore[no-untyped-def]
    from whistgui.app.bridge import load_pbn

    good = BridgeDocument.random(3, board="9")
    path = tmp_path / "edge.pbn"
    save_pbn((good,), path)
    path.write_text('[Board "8"]\n[Deal "N:AKQ bad"]\n\n' + path.read_text())
    before = path.read_text()
    assert window.open_file(path)
    session = bridge(window).session
    assert session.left_out == 1
    session.set_contract(Contract.parse("2H"), Seat.W)
    assert window.isWindowModified()
    # Ctrl+O another file, Save in the question: it asks where (a name is given), saves there
    other = _file(tmp_path, "other.pbn", BridgeDocument.random(4))
    dialogs.question_answer = QMessageBox.StandardButton.Save
    dialogs.save_path = str(tmp_path / "edge-fixed.pbn")
    dialogs.open_path = str(other)
    window.open_dialog()
    assert session.path == other
    assert path.read_text() == before  # the file with the bad board is untouched
    saved = load_pbn(tmp_path / "edge-fixed.pbn").boards
    assert [(b.board, str(b.contract), b.declarer) for b in saved] == [("9", "2H", Seat.W)]
    assert not any(kind == "warning" for kind, _ in dialogs.shown)  # no dead end


def test_save_over_a_file_with_boards_left_out_cancelled_keeps_everything(
    window, tmp_path, dialogs
):  # type: ignore[no-untyped-def]
    path = tmp_path / "edge.pbn"
    save_pbn((BridgeDocument.random(3, board="9"),), path)
    path.write_text('[Board "8"]\n[Deal "N:AKQ bad"]\n\n' + path.read_text())
    before = path.read_text()
    assert window.open_file(path)
    session = bridge(window).session
    session.set_contract(Contract.parse("2H"), Seat.W)
    dialogs.question_answer = QMessageBox.StandardButton.Save
    dialogs.save_path = ""  # Save As cancelled: nothing saved, nothing opened, nothing lost
    other = _file(tmp_path, "other.pbn", BridgeDocument.random(4))
    dialogs.open_path = str(other)
    window.open_dialog()
    assert session.path == path
    assert str(session.document.contract) == "2H"
    assert path.read_text() == before


# ------------------------------------ C1: the tree's bold is the figure's: the best cards
def test_the_trick_trees_bold_marks_the_best_cards_and_the_card_played_is_underlined(qtbot):  # type: ignore[no-untyped-def]
    from tests.ui.test_bridge_views import LATE, late_document, minimax_scores
    from whistgui.ui.bridge.session import BridgeSession
    from whistgui.ui.bridge.trick_tree import TrickTreeView
    from whistgui.ui.bridge.trick_tree_model import LEGEND
    from whistgui.ui.engine_service import EngineService

    engine = EngineService()
    try:
        doc = late_document()
        doc = doc.play(doc.position().legal()[-1])  # the line goes on into the trick shown
        session = BridgeSession(doc)
        session.set_cursor(LATE)
        view = TrickTreeView(session, engine, scorer=minimax_scores)
        qtbot.addWidget(view)
        view.resize(520, 500)
        view.show()
        qtbot.waitUntil(lambda: not view.busy, timeout=10000)
        kids = view.root.children
        played = session.document.played[LATE]
        assert all(k.mark is not None for k in kids)
        assert any(k.mark.best for k in kids)
        assert not all(k.mark.best for k in kids)
        for kid in kids:
            font = view.index_of(kid).data(Qt.ItemDataRole.FontRole)
            bold = font is not None and font.bold()
            underlined = font is not None and font.underline()
            assert bold is kid.mark.best, kid
            assert underlined is (played in kid.cards), kid
        # the tab says what the marks mean, in the figure's words
        assert view.legend.text() == LEGEND
        assert "bold: the best cards" in LEGEND
        assert "underlined: the card played" in LEGEND
    finally:
        engine.shutdown()


# ------------------------------------ C9: Random Deal one way; File ▸ New plays par
def test_random_deal_in_a_file_of_boards_adds_the_next_board_in_the_rotation(
    qtbot, window, tmp_path
):  # type: ignore[no-untyped-def]
    from whistgui.engine.bridge.dds import par
    from whistgui.engine.bridge.par_words import par_contract

    docs = [BridgeDocument.random(k, board=str(k)) for k in (8, 9)]  # no record, two boards
    assert window.open_file(_file(tmp_path, "two.pbn", *docs))
    ws = bridge(window)
    page, session = ws.page, ws.session
    session.select_board(1)
    page.random_deal(seed=5)
    qtbot.waitUntil(lambda: not page.dealing, timeout=60000)
    assert session.board_count == 3  # board 9 is kept; board 10 is added, not dealt over 9
    assert [b.deal for b in session.boards[:2]] == [d.deal for d in docs]
    doc = session.document
    assert (doc.board, doc.dealer, doc.vulnerable) == ("10", Seat.E, "All")
    assert "Board 10 added (board 9 kept as it was)" in page.table.message
    # played in its par contract for board 10's vulnerability (both), not board 9's
    found = par_contract(par(doc.deal, "All", Seat.E), "All")
    if found is not None:
        assert (doc.contract, doc.declarer) == found
    # a single board of one's own is dealt again, not added to
    window.new_document()  # File ▸ New
    assert session.board_count == 1
    page.random_deal(seed=6)
    qtbot.waitUntil(lambda: not page.dealing, timeout=60000)
    assert session.board_count == 1


# ---------------------------------------------- cosmetic: the focus frame, the felt's hint
def test_the_focus_frame_goes_with_another_file_and_the_hint_names_the_keys(
    qtbot, window, tmp_path
):  # type: ignore[no-untyped-def]
    assert window.open_file(_file(tmp_path, "one.pbn", BridgeDocument.random(1)))
    table = bridge(window).page.table
    card = min(bridge(window).session.position().legal())
    table.set_focus_card(card)
    assert table.focus_card == card
    assert "arrows and Enter" in table.hint()
    assert window.open_file(_file(tmp_path, "two.pbn", BridgeDocument.random(2)))
    assert table.focus_card is None


def test_the_side_hands_suits_start_at_one_edge_as_in_a_diagram(qtbot, window):  # type: ignore[no-untyped-def]
    window.show_workspace("bridge")
    ws = bridge(window)
    ws.session.replace((BridgeDocument.random(34),))
    table = ws.page.table
    table.resize(860, 640)
    for seat in (Seat.W, Seat.E):
        hand = ws.session.document.hands[seat]
        lengths = {len([c for c in hand if c.suit is s]) for s in {c.suit for c in hand}}
        assert len(lengths) > 1  # suits of different lengths: centred, they would not line up
        firsts = {}
        for slot in table.slots():
            if slot.place is seat and slot.card.suit not in firsts:
                firsts[slot.card.suit] = slot.rect.left()
        assert len(set(firsts.values())) == 1, firsts


def test_the_best_continuation_takes_the_room_a_short_line_leaves(qtbot, window, tmp_path):  # type: ignore[no-untyped-def]
    from tests.app.test_bridge_lin import write_lin_file
    from whistgui.ui.bridge.continuation_list import ROWS

    window.resize(1280, 800)
    assert window.open_file(write_lin_file(tmp_path / "club.lin"))
    page, session = bridge(window).page, bridge(window).session
    session.play(max(c for c in session.position().legal() if c != session.document.played[0]))
    assert len(session.document.played) == 1  # the record left at its first card
    _ready(qtbot, window)
    rows = page.continuation_list
    page.show_continuation()
    qtbot.waitUntil(lambda: rows.isVisible(), timeout=60000)
    assert rows.count() == 13
    # the one-row grid's blank space is the list's: more than the four rows it had
    assert rows.height() > rows.sizeHintForRow(0) * (ROWS + 1)
