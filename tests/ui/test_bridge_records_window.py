"""Hand records in the bridge workspace: a LIN file (written by endplay's LIN writer) opens with
its auction and play and saves back as LIN; a recorded play steps card by card with each card's
double-dummy cost (DDS's AnalysePlay, card for card) and, from any point, the best continuation;
Random Deal to Order deals to a constraint on the engine service, a constraint it cannot read
refused in its dialog, quoted, and a long search cancelled from the page."""

from __future__ import annotations

import re

from PySide6.QtCore import Qt

from tests.app.test_bridge_lin import RECORDS, write_lin_file
from tests.ui.workspaces import bridge, menu_texts
from whistgui.app.bridge import load_pbn
from whistgui.engine.bridge import BridgeCard, Seat
from whistgui.engine.bridge.analysis import analyse_play
from whistgui.engine.bridge.dds import card_scores
from whistgui.ui.bridge.page import best_card
from whistgui.ui.bridge.play_grid import COL_FIRST, CardIndexRole

POINTS = {14: 4, 13: 3, 12: 2, 11: 1}


def _hcp(cards) -> int:  # type: ignore[no-untyped-def]
    return sum(POINTS.get(c.rank, 0) for c in cards)


def test_a_lin_file_opens_steps_with_costs_and_saves_as_lin(
    qtbot, window, tmp_path, dialogs, monkeypatch
):
    path = write_lin_file(tmp_path / "club.lin")
    assert window.open_file(path)
    assert window.current.name == "bridge"
    ws = bridge(window)
    page, session = ws.page, ws.session
    assert session.board_count == len(RECORDS)
    # the first board opens at its deal, its record ahead: 13 cards in every hand
    assert session.cursor == 0
    assert len(session.document.played) == 52
    assert all(len(h) == 13 for h in session.position().hands)
    session.select_board(1)  # 4♠X by South, 23 cards played: shown at its deal too
    assert len(session.document.played) == 23
    assert session.cursor == 0
    assert session.position().to_move is session.document.declarer.next
    session.select_board(0)  # 3NT by North, played out
    doc = session.document
    assert len(doc.played) == 52
    assert session.cursor == 0
    session.set_cursor(52)
    qtbot.waitUntil(lambda: page.costs() is not None, timeout=60000)
    analysis = analyse_play(doc.deal, doc.contract, doc.declarer, doc.played)
    expected = {i: c.cost for i, c in enumerate(analysis.cards)}
    assert page.costs() == expected
    costly = [i for i, c in expected.items() if c > 0]
    assert costly  # the lowest card every time: ten of them cost a trick or more
    model = page.line.model()
    for i in costly:  # each costly card says so in its cell, in the error colour
        cell = page.line.grid_model.index_of_card(i)
        assert cell.data().endswith(f"\u2212{expected[i]}")
        assert cell.data(Qt.ItemDataRole.ForegroundRole) is not None
        assert cell.data(Qt.ItemDataRole.BackgroundRole) is not None
    free = next(i for i in range(52) if i not in costly)
    assert page.line.grid_model.index_of_card(free).data(Qt.ItemDataRole.BackgroundRole) is None
    # step back card by card: the caption names the card before the cursor and its cost
    for cursor in (52, 27, 26, 25):
        session.set_cursor(cursor)
        seat = doc.position(cursor - 1).to_move
        card = doc.played[cursor - 1]
        assert f"Card {cursor}: {seat.word}'s {card.text} cost" in page.review.text()
        assert page.line.currentIndex().data(CardIndexRole) == cursor - 1
    # on the felt, the costly card of the trick shown carries its cost too (card 26: ♥9)
    session.set_cursor(26)
    assert page.table.trick_costs() == {doc.played[25]: expected[25]}
    rect = page.table.card_rect(doc.played[25])
    assert rect is not None
    tip = page.table.tooltip_at(rect.center())
    seat = doc.position(25).to_move
    pair = "North–South" if seat in (Seat.N, Seat.S) else "East–West"
    assert tip.endswith(f"it cost {pair} {expected[25]} trick{'s' if expected[25] > 1 else ''}")
    # a click on the grid's first card goes there
    first = page.line.grid_model.index_of_card(0)
    qtbot.mouseClick(
        page.line.viewport(), Qt.MouseButton.LeftButton, pos=page.line.visualRect(first).center()
    )
    assert session.cursor == 1
    assert model.index(0, COL_FIRST).data(CardIndexRole) == 0
    # the best continuation from here, the line played kept
    page.continuation_button.click()
    qtbot.waitUntil(lambda: "Best from here" in page.review.text(), timeout=120000)
    pos = session.position()
    line = []
    while not pos.is_over:
        card = best_card(card_scores(pos))
        line.append(f"{pos.to_move.name} {card.text}")
        pos = pos.play(card)
    text = page.review.text()
    assert f"end with {pos.tricks[int(doc.declarer.side)]} trick" in text
    assert " ".join(line[:3]) not in text  # the cards are in the list, not the caption
    # the continuation a trick a row, marked as such, a few rows high (the grid keeps its own)
    rows = page.continuation_list
    assert not rows.isHidden()
    assert rows.item(0).text() == "Best · Trick 1: " + " ".join(line[:3])  # card 1 was played
    assert rows.item(1).text() == "Best · Trick 2: " + " ".join(line[3:7])
    assert rows.count() == 13
    assert rows.height() < 6 * rows.sizeHintForRow(0)
    assert session.document.played == doc.played
    # a row steps the continuation to the end of its trick; the list stays
    rows.itemActivated.emit(rows.item(1))
    assert session.cursor == 8
    assert [
        f"{p.to_move.name} {c.text}"
        for p, c in zip(
            [session.document.position(i) for i in range(1, 8)],
            session.document.played[1:8],
            strict=True,
        )
    ] == line[:7]
    assert not rows.isHidden()
    session.set_cursor(0)
    assert rows.isHidden()  # off the continuation: it goes
    for _ in range(8):  # undo the steps that left the record
        if session.document.played != doc.played:
            window.act_undo.trigger()
    assert session.document.played == doc.played
    # save as LIN: the dialog starts on the LIN file type (the file's own); the same
    # boards, auctions and plays come back
    from PySide6.QtWidgets import QFileDialog

    asked: list[tuple[object, ...]] = []

    def ask(*args: object, **_kw: object) -> tuple[str, str]:
        asked.append(args)
        return str(tmp_path / "copy.lin"), ""

    monkeypatch.setattr(QFileDialog, "getSaveFileName", ask)
    assert window.save_as()
    assert str(asked[-1][4]).endswith("(*.lin)"), asked
    assert str(asked[-1][4]) in str(asked[-1][3]).split(";;")
    again = load_pbn(tmp_path / "copy.lin").boards
    opened = load_pbn(path).boards
    assert [(d.deal, d.auction, d.played) for d in again] == [
        (d.deal, d.auction, d.played) for d in opened
    ]
    assert (tmp_path / "copy.lin").read_text().lstrip()[:3] in ("pn|", "md|", "qx|", "st|", "vg|")


def test_deal_to_order_meets_its_constraint_and_refuses_a_bad_one(qtbot, window):
    from whistgui.ui.bridge.deal_dialog import DealToOrderDialog

    window.set_game("bridge")
    ws = bridge(window)
    page = ws.page
    assert "Random Deal to &Order…" in menu_texts(window)
    dialog = DealToOrderDialog(window)
    qtbot.addWidget(dialog)
    dialog.field.setText("hcp(south >= 15")
    dialog.accept()
    assert dialog.result() != DealToOrderDialog.DialogCode.Accepted
    assert not dialog.error.isHidden()
    assert "hcp(south >= 15" in dialog.error.text()
    # shown, the error has room for all its lines and does not run into the example
    dialog.show()
    qtbot.waitExposed(dialog)
    dialog._show_error(dialog.error.text())
    err, example = dialog.error.geometry(), dialog.example.geometry()
    assert err.height() >= dialog.error.heightForWidth(err.width())
    assert err.bottom() < example.top()
    dialog.field.setText("fooo && hcp(south) > 10")  # read, but no such name
    dialog.accept()
    assert dialog.result() != DealToOrderDialog.DialogCode.Accepted
    assert "fooo" in dialog.error.text()
    text = "hcp(south) >= 15 && hcp(south) <= 17 && spades(north) >= 5"
    dialog.field.setText(text)
    dialog.accept()
    assert dialog.result() == DealToOrderDialog.DialogCode.Accepted
    page.random_deal(seed=4, constraint=dialog.constraint())
    assert page.random_button.text() == "Cancel Deal"
    qtbot.waitUntil(lambda: not page.dealing, timeout=120000)
    hands = ws.session.document.hands
    assert 15 <= _hcp(hands[Seat.S]) <= 17
    assert sum(1 for c in hands[Seat.N] if c.suit.name == "S") >= 5
    assert page.random_button.text() == "&Random Deal"


def test_a_long_search_for_a_deal_is_cancelled_from_the_page(qtbot, window):
    window.set_game("bridge")
    page = bridge(window).page
    qtbot.waitUntil(page.ready, timeout=60000)
    before = page.session.document
    page.random_deal(constraint="hcp(north) > 37 && hcp(south) > 1")
    qtbot.waitUntil(lambda: "deals tried" in page.table.message, timeout=60000)
    page.random_button.click()  # Cancel Deal
    qtbot.waitUntil(lambda: not page.dealing, timeout=30000)
    assert page.session.document == before
    assert "cancelled" in page.table.message


def test_a_played_card_is_known_by_the_grid(qtbot, window):
    """Cards played on the table are a line too: their costs come, the first (a lead) free
    or not as DDS says."""
    window.set_game("bridge")
    page = bridge(window).page
    qtbot.waitUntil(page.ready, timeout=60000)
    pos = page.session.position()
    lead = min(pos.legal())
    page.session.play(lead)
    qtbot.waitUntil(lambda: page.costs() is not None, timeout=60000)
    scores = card_scores(pos)
    assert page.costs() == {0: max(scores.values()) - scores[lead]}
    assert isinstance(lead, BridgeCard)


def test_random_deal_on_a_recorded_board_adds_a_board_and_keeps_the_record(qtbot, window, tmp_path):
    path = write_lin_file(tmp_path / "club.lin")
    assert window.open_file(path)
    ws = bridge(window)
    page, session = ws.page, ws.session
    session.select_board(1)
    recorded = session.document
    assert recorded.auction
    assert recorded.played
    page.random_deal(seed=11)
    qtbot.waitUntil(lambda: not page.dealing, timeout=60000)
    # a new board at the end, shown; the recorded board as it was
    assert session.board_count == len(RECORDS) + 1
    assert session.board_index == len(RECORDS)
    assert session.document.deal != recorded.deal
    assert session.document.board != recorded.board
    assert f"(board {recorded.board} kept as it was)" in page.table.message
    session.select_board(1)
    assert session.document == recorded


def test_leaving_the_recorded_line_says_so_and_back_to_the_record_returns(qtbot, window, tmp_path):
    path = write_lin_file(tmp_path / "club.lin")
    assert window.open_file(path)
    ws = bridge(window)
    page, session = ws.page, ws.session
    recorded = session.document
    assert page.record_return.isHidden()
    session.set_cursor(2)
    other = next(c for c in session.position().legal() if c != recorded.played[2])
    session.play(other)
    assert session.document.played == (*recorded.played[:2], other)
    said = "You left the recorded play at card 3; Ctrl+Z or Back to the Record returns"
    assert page.table.message == said
    assert not page.record_return.isHidden()
    page.record_return.click()
    assert session.document == recorded
    assert session.cursor == 2
    assert page.record_return.isHidden()
    # Ctrl+Z returns too: the different card again, then undo
    session.play(other)
    assert not page.record_return.isHidden()
    window.act_undo.trigger()
    assert session.document == recorded
    assert page.record_return.isHidden()


def test_the_auction_tab_shows_the_calls_dealer_first_and_the_claim(qtbot, window, tmp_path):
    from tests.bridge_records_files import random_play, records
    from whistgui.app.bridge import BridgeDocument, save_boards

    # Pass 1♠ Pass 2♠ Pass 4♠ X Pass Pass Pass dealt by East: 4♠X by South, cut short
    rec = records(2)[1]
    play = random_play(rec.deal, rec.contract, Seat.S, 30, 5)
    doc = BridgeDocument.from_deal(
        rec.deal,
        board="7",
        dealer=Seat.E,
        contract=rec.contract,
        declarer=Seat.S,
        auction=rec.auction,
        played=play,
        claimed=9,
    )
    for suffix in (".pbn", ".lin"):
        path = tmp_path / f"claim{suffix}"
        save_boards([doc], path)
        assert window.open_file(path)
        page = bridge(window).page
        opened = bridge(window).session.document
        assert opened.claimed == 9, suffix
        text = page.auction.text()
        # East deals: East's column first, then South, West, North
        heads = [text.index(f"<th align=left>{s}</th>") for s in ("East", "South", "West", "North")]
        assert heads == sorted(heads)
        assert "<td>4♠</td>" in text
        assert "<td>X</td>" in text
        assert "Contract: 4♠x by South" in text  # players' notation, as par is written
        assert f"Claim: declarer 9 tricks (after {len(play)} cards)" in text
        assert page.tabs.tabText(page.tabs.indexOf(page.auction)) == "Auction"
    # a card other than the record's: the claim no longer applies
    session = bridge(window).session
    session.set_cursor(0)
    session.play(next(c for c in session.position().legal() if c != play[0]))
    assert "Claim:" not in bridge(window).page.auction.text()


def test_export_handout_writes_the_chosen_boards_as_pdf_and_svg(
    qtbot, window, tmp_path, monkeypatch
):
    from whistgui.ui.bridge.handout_dialog import HandoutDialog

    path = write_lin_file(tmp_path / "club.lin")
    assert window.open_file(path)
    ws = bridge(window)
    assert ws.act_handout in ws.contributions()["file"]
    said: list[str] = []
    ws.message.connect(lambda text, _ms: said.append(text))
    ranges = iter(["2-3", "1,3"])

    def accept(dialog: HandoutDialog) -> int:
        dialog.boards.setText(next(ranges))
        dialog.per_page.setCurrentIndex(dialog.per_page.findData(1))
        return HandoutDialog.DialogCode.Accepted

    monkeypatch.setattr(HandoutDialog, "exec", accept)
    assert ws.export_handout(tmp_path / "out.pdf")
    qtbot.waitUntil(lambda: any("Handout written" in t for t in said), timeout=120000)
    pdf = (tmp_path / "out.pdf").read_bytes()
    assert pdf.startswith(b"%PDF")
    assert re.findall(rb"/Count\s*(\d+)", pdf) == [b"2"]  # boards 2 and 3, one a page
    said.clear()
    assert ws.export_handout(tmp_path / "out.svg")
    qtbot.waitUntil(lambda: any("Handout written" in t for t in said), timeout=120000)
    assert sorted(p.name for p in tmp_path.glob("out-*.svg")) == ["out-1.svg", "out-3.svg"]
    assert "<svg" in (tmp_path / "out-3.svg").read_text()


def test_the_handout_dialog_refuses_a_range_it_cannot_read(qtbot):
    from whistgui.ui.bridge.handout_dialog import HandoutDialog

    dialog = HandoutDialog(4)
    qtbot.addWidget(dialog)
    assert dialog.places() == [1, 2, 3, 4]
    dialog.boards.setText("2-9")
    dialog._accept()
    assert "2-9" in dialog.error.text()
    assert dialog.result() != HandoutDialog.DialogCode.Accepted
