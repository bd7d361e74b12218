"""Bridge in the main window: chosen with the game selector or by opening a PBN file; the
double-dummy table, the marks of the cards, play, back and forward, autoplay, undo, save."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt

from tests.ui.workspaces import bridge, menu_texts, trick
from whistgui.app.bridge import BridgeDocument, load_pbn, save_pbn
from whistgui.engine.bridge import Contract, Seat, Strain
from whistgui.engine.bridge.dds import card_scores, dd_table
from whistgui.ui.bridge.page import STATUS_LINES


def _ready(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    qtbot.waitUntil(lambda: bridge(window).page.ready(), timeout=20000)


def _choose_bridge(window) -> None:  # type: ignore[no-untyped-def]
    combo = window.game_selector.combo
    i = combo.findData("bridge")
    assert i >= 0
    combo.setCurrentIndex(i)
    combo.activated.emit(i)


def test_game_selector_shows_the_bridge_workspace_and_back(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    whist_deal = trick(window).session.document
    _choose_bridge(window)
    assert window.current.name == "bridge"
    assert window.pages.currentWidget().page is bridge(window).page
    assert "&Optimal Play of This Deal" not in menu_texts(window)  # the whist deal's
    _ready(qtbot, window)
    deal = bridge(window).session.document.deal
    table = dd_table(deal)
    shown = bridge(window).page.dd_table.table()
    assert shown is not None
    assert all(shown[seat, strain] == table[seat, strain] for seat in Seat for strain in Strain)
    # back to whist: the whist deal is as it was, undo works on it again
    window.set_game("whist")
    assert window.current.name != "bridge"
    assert trick(window).session.document == whist_deal
    assert "&Optimal Play of This Deal" in menu_texts(window)


def test_marks_play_back_forward_and_undo(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    _choose_bridge(window)
    session = bridge(window).session
    session.replace((BridgeDocument.random(21).with_contract(Contract.parse("4S"), Seat.S),))
    _ready(qtbot, window)
    pos = session.position()
    marks = bridge(window).page.marks()
    scores = card_scores(pos)
    assert marks is not None
    assert set(marks) == set(pos.legal())
    best = max(scores.values())
    assert {c for c, m in marks.items() if m.best} == {c for c, v in scores.items() if v == best}
    assert bridge(window).page.play_best()
    assert session.cursor == 1
    _ready(qtbot, window)
    assert bridge(window).page.play_best()
    _ready(qtbot, window)
    line = session.document.played
    bridge(window).page.back_button.click()
    assert session.cursor == 1
    assert bridge(window).page.ready()  # the position's scores are remembered, not recomputed
    bridge(window).page.forward_button.click()
    assert session.cursor == 2
    window.act_undo.trigger()
    assert session.document.played == line[:1]
    window.act_redo.trigger()
    assert session.document.played == line


def test_autoplay_plays_a_whole_ending_and_keeps_the_result(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    from whistgui.engine.bridge import BridgeDeal

    ending = BridgeDeal.parse("N:AK2.-.-.- -.-.-.432 QJ3.-.-.- -.-.-.765")
    doc = BridgeDocument.from_deal(ending).with_contract(Contract.parse("1NT"), Seat.N)
    _choose_bridge(window)
    bridge(window).session.replace((doc,))
    _ready(qtbot, window)
    first = bridge(window).page.marks()
    assert first is not None
    expected = max(m.declarer_tricks for m in first.values() if m.best)
    bridge(window).page.set_autoplay(True)
    qtbot.waitUntil(lambda: bridge(window).session.position().is_over, timeout=30000)
    pos = bridge(window).session.position()
    assert pos.tricks[int(Seat.N.side)] == expected
    assert not bridge(window).page.autoplay_button.isChecked()


def test_open_and_save_a_pbn_file(qtbot, window, tmp_path: Path, dialogs) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "boards.pbn"
    save_pbn(tuple(BridgeDocument.random(i, board=str(i)) for i in (1, 2)), path)
    assert window.open_file(path)
    assert window.current.name == "bridge"
    assert bridge(window).session.board_count == 2
    assert "boards.pbn" in window.windowTitle()
    bridge(window).session.set_contract(Contract.parse("7NT"), Seat.W)
    assert window.save()
    assert load_pbn(path).boards[0].contract == Contract.parse("7NT")
    dialogs.save_path = str(tmp_path / "copy")
    assert window.save_as()
    assert (tmp_path / "copy.pbn").is_file()


def test_a_bad_pbn_file_says_why_and_keeps_the_page(qtbot, window, tmp_path: Path, dialogs) -> None:  # type: ignore[no-untyped-def]
    bad = tmp_path / "bad.pbn"
    bad.write_text('[Board "1"]\n[Deal "N:AKQJ.-.-.- -.-.-.- -.-.-.- -.-.-.-"]\n')
    before = trick(window).session.document
    assert not window.open_file(bad)
    assert window.current.name != "bridge"
    assert trick(window).session.document == before
    assert any("bad.pbn" in text for kind, text in dialogs.shown if kind == "warning")


def test_typing_a_bad_deal_keeps_the_board(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    _choose_bridge(window)
    page = bridge(window).page
    before = bridge(window).session.document
    page.deal_edit.setText("N:AKQ.xyz")
    page.deal_edit.returnPressed.emit()
    assert bridge(window).session.document == before
    assert "N:AKQ.xyz" in page.deal_error.text()
    assert page.deal_error.isVisible()


def test_the_dd_table_chooses_a_contract(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    _choose_bridge(window)
    _ready(qtbot, window)
    table = bridge(window).page.dd_table.table()
    tricks = table[Seat.E, Strain.H]
    bridge(window).page.dd_table.contractChosen.emit(Contract(max(1, tricks - 6), Strain.H), Seat.E)
    doc = bridge(window).session.document
    assert doc.declarer is Seat.E
    assert doc.contract.strain is Strain.H
    assert bridge(window).page.declarer.currentData() is Seat.E


@pytest.mark.parametrize("unsaved", [True, False])
def test_closing_asks_about_unsaved_boards(qtbot, window, dialogs, unsaved) -> None:  # type: ignore[no-untyped-def]
    _choose_bridge(window)
    if unsaved:
        bridge(window).session.random_deal(3)
    dialogs.question_answer = dialogs.question_answer.Cancel
    window.close()
    asked = [t for k, t in dialogs.shown if k == "question" and "bridge" in t]
    assert bool(asked) == unsaved
    assert window.isVisible() == unsaved


def test_export_figure_of_the_board_at_the_cursor(qtbot, window, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    _choose_bridge(window)
    session = bridge(window).session
    for _ in range(3):
        session.play(session.position().legal()[0])
    dlg = window.export_dialog()
    assert dlg is not None
    views = [dlg.view.itemData(i) for i in range(dlg.view.count())]
    assert views == ["deal", "ddtable", "both", "tricktree"]
    assert dlg.view.itemText(3) == "Trick tree"
    assert not dlg.suit.isEnabled()
    dlg.set_view("deal")
    qtbot.waitUntil(lambda: dlg.figure is not None, timeout=20000)
    texts = [item.text for item in dlg.figure.items if hasattr(item, "text")]
    # the figure is of the position at the cursor: three cards on the table, the fourth to play
    assert f"{session.position().to_move.word} to play" in " ".join(texts)
    out = dlg.save(tmp_path / "board.png")
    assert out is not None
    assert out.stat().st_size > 1000
    # the trick tree of the trick at the cursor: its three cards played, the fourth hand's
    doc = session.document
    title = f"Trick 1: {doc.contract} by {doc.declarer.word}"

    def tree() -> str:
        fig = dlg.figure
        return " ".join(i.text for i in fig.items if hasattr(i, "text")) if fig else ""

    assert title not in tree()
    dlg.set_view("tricktree")
    qtbot.waitUntil(lambda: title in tree(), timeout=20000)
    out = dlg.save(tmp_path / "tree.svg")
    assert out is not None
    assert "<svg" in out.read_text()
    dlg.close()


def test_export_refuses_an_unfinished_deal(qtbot, window, dialogs) -> None:  # type: ignore[no-untyped-def]
    _choose_bridge(window)
    session = bridge(window).session
    session.move_cards([next(iter(session.document.hands[Seat.N]))], None)
    assert window.export_dialog() is None
    assert any("same number of cards" in t for k, t in dialogs.shown if k == "warning")


def test_choosing_a_trick_tree_node_plays_its_cards(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    _choose_bridge(window)
    session = bridge(window).session
    session.replace((BridgeDocument.random(8).with_contract(Contract.parse("3NT"), Seat.N),))
    pos = session.position()
    first = pos.legal()[0]
    reply = pos.play(first).legal()[-1]
    bridge(window).page.tree.cardsChosen.emit([first, reply])
    assert session.document.played == (first, reply)
    assert session.cursor == 2
    # from the middle of the trick, a node's path starts at the trick's first card again
    bridge(window).page.tree.cardsChosen.emit([first])
    assert session.cursor == 1
    assert session.document.played == (first, reply)


def test_a_pbn_file_with_a_bad_board_opens_the_good_ones_and_says_which(  # type: ignore[no-untyped-def]
    qtbot, window, tmp_path: Path, dialogs
) -> None:
    """Opening a file whose board 2 deals ♠A twice: the workspace shows boards 1 and 3 and
    says, above the table, that board 2 (line 4) was not opened and why; no dialog refuses the
    file."""
    good = [BridgeDocument.random(i).deal.to_pbn() for i in (1, 3)]
    twice = "N:A4.QT98.AJ75.A72 92.KJ65.986.KT43 KQJT5.A2.Q2.J865 A763.743.KT43.Q9"
    path = tmp_path / "three.pbn"
    path.write_text(
        f'[Board "1"]\n[Deal "{good[0]}"]\n\n[Board "2"]\n[Deal "{twice}"]\n\n'
        f'[Board "3"]\n[Deal "{good[1]}"]\n',
        encoding="utf-8",
    )
    assert window.open_file(path)
    assert window.current.name == "bridge"
    assert bridge(window).session.board_count == 2
    notice = bridge(window).page.file_notice
    assert notice.isVisible()
    assert notice.text().startswith("Board 2 (line 4) was not opened: card ♠A is in both")
    assert not [kind for kind, _ in dialogs.shown if kind == "warning"]
    before = path.read_text(encoding="utf-8")
    assert not window.save()  # over the file it would lose board 2: it asks where (cancelled)
    assert path.read_text(encoding="utf-8") == before
    assert "boards that were not opened" in window.statusBar().currentMessage()
    save_pbn((BridgeDocument.random(4, board="4"),), tmp_path / "good.pbn")
    assert window.open_file(tmp_path / "good.pbn")
    assert not notice.isVisible()


def test_an_ending_counts_its_tricks_instead_of_a_contracts_result(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    """A 3-card ending with 1NT: no "down 5" (a contract needs 7 of 13 tricks): the status,
    the cards' tooltips and the felt count the tricks of the ending."""
    from whistgui.engine.bridge import BridgeDeal

    ending = BridgeDeal.parse("N:AK2.-.-.- -.-.-.432 QJ3.-.-.- -.-.-.765")
    doc = BridgeDocument.from_deal(ending).with_contract(Contract.parse("1NT"), Seat.N)
    _choose_bridge(window)
    bridge(window).session.replace((doc,))
    _ready(qtbot, window)
    marks = bridge(window).page.marks()
    assert marks is not None
    best = max(m.declarer_tricks for m in marks.values() if m.best)  # 0: East's clubs run
    status = bridge(window).page.status.text()
    assert f"With best play North–South take {best} of the 3 tricks of this ending" in status
    tips = [bridge(window).page.table.mark_tooltip(m) for m in marks.values()]
    assert all("of the 3 tricks of this ending" in tip for tip in tips), tips
    assert not any("down" in tip or "fails" in tip for tip in [*tips, status])
    bridge(window).page.set_autoplay(True)
    qtbot.waitUntil(lambda: bridge(window).session.position().is_over, timeout=30000)
    status = bridge(window).page.status.text()
    assert status.endswith(f"Played out: North–South took {best} of the 3 tricks of this ending.")
    _, corner = bridge(window).page.table._corner_lines(bridge(window).session.document)
    assert f"N–S took {best} of 3" in corner
    assert not any("down" in line for line in corner)


# -- a review of issue 23: a deal typed mid-trick, the title, endings, the boards, the buttons --

#: Three boards, the second dealing ♠A twice: it is left out.
TWICE = "N:A4.QT98.AJ75.A72 92.KJ65.986.KT43 KQJT5.A2.Q2.J865 A763.743.KT43.Q9"


def _three_boards(tmp_path: Path) -> Path:
    good = [BridgeDocument.random(i).deal.to_pbn() for i in (1, 3)]
    path = tmp_path / "three.pbn"
    path.write_text(
        f'[Board "1"]\n[Deal "{good[0]}"]\n\n[Board "2"]\n[Deal "{TWICE}"]\n\n'
        f'[Board "3"]\n[Deal "{good[1]}"]\n',
        encoding="utf-8",
    )
    return path


def _played_in_title(window) -> int:  # type: ignore[no-untyped-def]
    """The "N cards played" the window's title says (0 when it says none)."""
    import re

    m = re.search(r"· (\d+) cards? played", window.windowTitle())
    return int(m.group(1)) if m else 0


def _press_b(qtbot, window, times: int, *, title: bool = False) -> None:  # type: ignore[no-untyped-def]
    """Press B on the felt ``times`` times, each once the cards' scores are in (and with
    ``title``, check the title's count after each)."""
    for _ in range(times):
        _ready(qtbot, window)
        before = bridge(window).session.cursor
        qtbot.keyClick(bridge(window).page.table, Qt.Key.Key_B)
        assert bridge(window).session.cursor == before + 1
        if title:
            assert _played_in_title(window) == bridge(window).session.cursor


def test_a_deal_typed_mid_trick_starts_the_play_again(qtbot, window, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    """Open a file, click the felt, B five times (trick 2 under way), type a deal, Return:
    the new deal is shown from its opening lead ('zip() argument 2 is shorter than argument 1'
    from the table's layout, which saw the new deal with the old cursor). A random deal, the
    other board and an undo back to the line mid-trick are new positions too."""
    assert window.open_file(_three_boards(tmp_path))
    table = bridge(window).page.table
    qtbot.mouseClick(table, Qt.MouseButton.LeftButton, pos=table.rect().center())
    _press_b(qtbot, window, 5)
    session = bridge(window).session
    assert len(session.position().trick) == 1
    typed = BridgeDocument.random(30).deal
    edit = bridge(window).page.deal_edit
    edit.selectAll()
    qtbot.keyClicks(edit, typed.to_pbn())
    qtbot.keyClick(edit, Qt.Key.Key_Return)
    assert session.document.deal == typed
    assert (session.cursor, session.document.played) == (0, ())
    assert {s.card for s in table.slots()} == {c for h in typed.hands for c in h}
    assert table.trick_cards() == []
    window.act_undo.trigger()  # back to the line, five cards in
    assert session.cursor == 5
    assert len(table.trick_cards()) == 1
    bridge(window).page.random_button.click()  # in a file of boards: a board is added
    qtbot.waitUntil(lambda: not bridge(window).page.dealing, timeout=20000)
    assert session.board_count == 3  # the two boards opened (board 2 was left out), and it
    assert (session.cursor, session.document.played) == (0, ())
    assert table.trick_cards() == []
    session.select_board(0)  # the board played on is as it was, five cards in
    session.set_cursor(5)
    assert len(table.trick_cards()) == 1
    bridge(window).page.board_combo.activated.emit(1)  # the other board, mid-trick on this one
    assert session.board_index == 1
    assert session.cursor == 0
    assert table.trick_cards() == []


def test_the_title_follows_the_position_shown(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    """The title's "N cards played" is the cursor's, always: after B (it was one behind),
    at the end of autoplay (51 of 52), after Back, Forward and Page Up (never updated), and
    after a new deal (the old count stayed)."""
    from whistgui.engine.bridge import BridgeDeal

    _choose_bridge(window)
    session = bridge(window).session
    session.replace((BridgeDocument.random(21).with_contract(Contract.parse("4S"), Seat.S),))
    _press_b(qtbot, window, 5, title=True)
    bridge(window).page.back_button.click()
    assert _played_in_title(window) == session.cursor == 4
    bridge(window).page.back_button.click()
    assert _played_in_title(window) == 3
    bridge(window).page.forward_button.click()
    assert _played_in_title(window) == 4
    qtbot.keyClick(bridge(window).page.table, Qt.Key.Key_PageUp)
    assert _played_in_title(window) == session.cursor == 0
    qtbot.keyClick(bridge(window).page.table, Qt.Key.Key_End)
    assert _played_in_title(window) == 5
    session.set_deal_text(BridgeDocument.random(22).deal.to_pbn())
    assert "played" not in window.windowTitle()
    _press_b(qtbot, window, 1)
    bridge(window).page.random_button.click()
    qtbot.waitUntil(lambda: not bridge(window).page.dealing, timeout=20000)
    assert "played" not in window.windowTitle()
    # autoplay to the end of a 3-card ending: the last card counted too
    ending = BridgeDeal.parse("N:AK2.-.-.- -.-.-.432 QJ3.-.-.- -.-.-.765")
    session.replace((BridgeDocument.from_deal(ending, contract=Contract.parse("1NT")),))
    bridge(window).page._autoplay.setInterval(1)
    bridge(window).page.set_autoplay(True)
    qtbot.waitUntil(lambda: session.position().is_over, timeout=30000)
    assert _played_in_title(window) == 12
    bridge(window).page.start_button.click()
    assert _played_in_title(window) == 0
    bridge(window).page.end_button.click()
    assert _played_in_title(window) == 12


def _badge_colour(window, card) -> str:  # type: ignore[no-untyped-def]
    """'green' or 'red': the colour of ``card``'s badge on the felt, read from the image."""
    from PySide6.QtGui import QColor

    from whistgui.ui.theme import colour

    made, down = colour("made"), colour("down")

    table = bridge(window).page.table
    image = table.grab().toImage()
    ratio = image.devicePixelRatio()
    slot = table.slot_of(card)
    disc = table.badge_rect(slot.visible, slot.rect.height())
    # the disc's upper part, clear of its text ("−2" reaches its left part) and its white rim
    point = (disc.center() - disc.center().__class__(0, disc.height() * 0.34)) * ratio
    pixel = QColor(image.pixel(point.toPoint()))

    def distance(c: QColor) -> int:
        return (
            abs(c.red() - pixel.red())
            + abs(c.green() - pixel.green())
            + abs(c.blue() - pixel.blue())
        )

    assert min(distance(made), distance(down)) < 60, pixel.name()
    return "green" if distance(made) < distance(down) else "red"


def test_an_endings_badges_count_its_tricks_and_a_defenders_best_card_is_green(  # type: ignore[no-untyped-def]
    qtbot, window
) -> None:
    """A 2-card ending, 3NT by North, typed in the Deal field: East's ♠Q ♠J carried red
    '−7' badges. Now each badge is North–South's tricks of the two ('2'), green for a card
    that is best for the side that plays it; in the trick tree a card is 'best' or 'costs
    n', not 'lose −7'."""
    from whistgui.engine.bridge import BridgeCard, BridgeDeal
    from whistgui.ui.bridge.trick_tree import COL_RESULT

    _choose_bridge(window)
    session = bridge(window).session
    session.set_contract(Contract.parse("3NT"), Seat.N)
    bridge(window).page.deal_edit.setText("N:AK... QJ... T9... 87...")
    bridge(window).page.deal_edit.returnPressed.emit()
    assert session.document.deal == BridgeDeal.parse("N:AK... QJ... T9... 87...")
    _ready(qtbot, window)
    table = bridge(window).page.table
    marks = table.marks
    assert set(marks) == {BridgeCard.parse("SQ"), BridgeCard.parse("SJ")}
    for card, mark in marks.items():
        assert mark.text(session.document.contract) == "2"
        assert mark.best
        assert _badge_colour(window, card) == "green"
    status = bridge(window).page.status.text()
    assert "North–South take 2 of the 2 tricks of this ending" in status
    assert "\u22127" not in status
    # an ending where East's card matters: ♥2 holds North–South to none, ♠K gives both
    session.set_deal_text("N:AQ... K.2.. .43.. .65..")
    _ready(qtbot, window)
    low, king = BridgeCard.parse("H2"), BridgeCard.parse("SK")
    assert {c: m.text(session.document.contract) for c, m in table.marks.items()} == {
        low: "0",
        king: "2",
    }
    assert (_badge_colour(window, low), _badge_colour(window, king)) == ("green", "red")
    tree = bridge(window).page.tree
    qtbot.waitUntil(lambda: not tree.busy and tree.root is not None, timeout=20000)
    qtbot.waitUntil(lambda: bool(tree.root.children) and not tree.root.waiting, timeout=20000)
    model = tree.model
    results = {n.cards[0]: model.index_of(n, COL_RESULT).data() for n in tree.root.children}
    assert results == {low: "best", king: "costs 2"}
    header = model.headerData(COL_RESULT, Qt.Orientation.Horizontal)
    assert header == "ending\nbest/costs"
    assert "win" not in tree.caption.text()
    assert "best play: 0 of 2 tricks" in tree.caption.text()


def test_the_board_selector_names_the_files_boards(qtbot, window, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    """Board 2 left out: the selector lists '1' and '3' (the file's Board tags; the third
    board showed as '2 of 2' while the title said 'Board 3') and the label beside it says
    which of the boards opened is shown and how many were left out."""
    assert window.open_file(_three_boards(tmp_path))
    page = bridge(window).page
    combo = page.board_combo
    assert [combo.itemText(i) for i in range(combo.count())] == ["1", "3"]
    assert page.board_count.text() == "1 of 2 opened (1 left out)"
    combo.activated.emit(1)
    assert combo.currentText() == "3"
    assert page.board_count.text() == "2 of 2 opened (1 left out)"
    assert "Board 3" in window.windowTitle()
    bridge(window).session.add_board()  # a new board is named by the next number
    assert [combo.itemText(i) for i in range(combo.count())] == ["1", "3", "4"]
    assert page.board_count.text() == "3 of 3 opened (1 left out)"
    bridge(window).session.save(tmp_path / "elsewhere.pbn")  # saved elsewhere: none left out
    assert page.board_count.text() == "3 of 3"


def test_the_navigation_buttons_stay_put_as_the_explanation_changes(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    """The explanation above ◀ ▶ always takes its lines (STATUS_LINES; a longer one is elided,
    whole in its tooltip): the buttons moved as it went between one and two lines, so a second
    click could miss."""
    _choose_bridge(window)
    _ready(qtbot, window)
    page = bridge(window).page
    status = page.status
    where = page.back_button.mapTo(window, page.back_button.rect().topLeft())
    height = status.height()
    for text in ("short", "a longer explanation " * 30, ""):
        status.setText(text)
        qtbot.wait(1)
        assert status.height() == height
        assert page.back_button.mapTo(window, page.back_button.rect().topLeft()) == where
        assert status.text() == text
    status.setText("a longer explanation " * 30)
    assert status.is_elided()
    assert status.toolTip() == status.text()
    assert status.shown_text().count("\n") == STATUS_LINES - 1
    assert status.shown_text().endswith("…")
    status.setText("short")
    assert not status.is_elided()
    assert status.toolTip() == ""
    _press_b(qtbot, window, 1)  # a real explanation, of whatever length
    assert page.back_button.mapTo(window, page.back_button.rect().topLeft()) == where


def test_a_latin_1_pbn_file_makes_a_screenshot(tmp_path: Path) -> None:
    """``whistgui latin1.pbn --screenshot x.png`` exited 2 ('not UTF-8 text'): PBN's own
    character set, ISO 8859-1, is read when a file is not UTF-8."""
    import subprocess
    import sys

    from PySide6.QtGui import QImage

    deal = BridgeDocument.random(2).deal.to_pbn()
    path = tmp_path / "latin1.pbn"
    path.write_bytes(f'[Event "Café"]\n[Board "1"]\n[Deal "{deal}"]\n'.encode("latin-1"))
    out = tmp_path / "x.png"
    res = subprocess.run(
        [sys.executable, "-m", "whistgui", str(path), "--screenshot", str(out)],
        capture_output=True,
        text=True,
        check=False,
        timeout=120,
    )
    assert res.returncode == 0, res.stderr
    assert not QImage(str(out)).isNull()


def test_b_says_why_it_plays_nothing_and_the_keys_list_names_the_page_keys(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    from whistgui.ui.bridge.workspace import KEYS_HTML

    _choose_bridge(window)
    page = bridge(window).page
    session = bridge(window).session
    session.replace((BridgeDocument.random(12).with_contract(Contract.parse("3NT"), Seat.S),))
    page._scores.clear()  # the scores not found yet: B plays nothing and says so
    assert not page.play_best()
    assert session.cursor == 0
    assert page.table.message == "B: the best card is still being found; press B again in a moment"
    _ready(qtbot, window)
    assert page.play_best()
    assert session.cursor == 1
    for key in ("Alt+N", "Alt+K", "Alt+P, Alt+T", "Alt+L"):
        assert key in KEYS_HTML


def test_the_leads_tab_shows_the_opening_leads_of_the_board(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    from whistgui.engine.bridge.leads import opening_leads

    _choose_bridge(window)
    page = bridge(window).page
    session = bridge(window).session
    doc = BridgeDocument.random(14).with_contract(Contract.parse("4S"), Seat.S)
    session.replace((doc,))
    tab = page.tabs.indexOf(page.leads)
    assert page.tabs.tabText(tab) == "Leads"
    page.tabs.setCurrentIndex(tab)
    qtbot.waitUntil(lambda: page.leads.leads is not None, timeout=60000)
    expected = opening_leads(doc.deal, doc.contract, doc.declarer)
    assert page.leads.leads == expected
    grid = page.leads.grid
    assert grid.rowCount() == len(expected.leads) == 13
    for row, lead in enumerate(expected.leads):
        assert grid.item(row, 1).text() == str(lead.tricks)
        assert grid.item(row, 2).text() == ("✓" if lead.cost == 0 else f"−{lead.cost}")
    assert "West leads against 4♠ by South" in page.leads.caption.text()
    # another contract: the table follows
    session.set_contract(Contract.parse("3NT"), Seat.N)
    qtbot.waitUntil(
        lambda: page.leads.leads is not None and page.leads.leads.declarer is Seat.N,
        timeout=60000,
    )
    assert "East leads against 3NT by North" in page.leads.caption.text()
