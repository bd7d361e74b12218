"""The bridge app's points left open by issue 29's review: the Deal menu's Alt+D and the Deal
field's Alt+L, the on-screen trick tree's rows and columns at 1280 × 800, the Export Figure
dialog's steady geometry, and a board without a contract played — and said — in par's."""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from tests.ui.workspaces import bridge
from whistgui.app.bridge import STAND_INS
from whistgui.ui.bridge.trick_tree import row_height


def _choose_bridge(window) -> None:  # type: ignore[no-untyped-def]
    window.set_game("bridge")
    assert window.current.name == "bridge"


# --------------------------------------------------------------------------- keyboard
def test_alt_d_opens_the_deal_menu_and_alt_l_the_deal_field(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    from whistgui.ui.bridge.workspace import KEYS_HTML

    _choose_bridge(window)
    page = bridge(window).page
    menu = window.deal_menu
    assert menu.title() == "&Deal"
    page.table.setFocus()
    QTest.keyClick(window, Qt.Key.Key_D, Qt.KeyboardModifier.AltModifier)
    qtbot.waitUntil(menu.isVisible, timeout=3000)
    assert not page.deal_edit.hasFocus()
    menu.close()
    qtbot.waitUntil(lambda: not menu.isVisible(), timeout=3000)
    page.table.setFocus()
    QTest.keyClick(window, Qt.Key.Key_L, Qt.KeyboardModifier.AltModifier)
    assert page.deal_edit.hasFocus()
    assert not menu.isVisible()
    # the F1 list says so: Alt+D the menu, Alt+L the field
    row = next(r for r in KEYS_HTML.splitlines() if "Deal menu" in r)
    keys, words = re.findall(r"<td>(.*?)</td>", row)
    assert keys.startswith("Alt+D;")
    assert words.startswith("the Deal menu;")
    assert keys.split("; ")[1].split(", ")[0] == "Alt+L"
    assert words.split("; ")[1].startswith("Deal field")


# --------------------------------------------------------------------------- the trick tree
def _lin_file(tmp_path: Path, count: int = 2) -> Path:
    from tests.bridge_records_files import lin_text, records

    path = tmp_path / "boards.lin"
    path.write_text(lin_text(records(count)), encoding="utf-8")
    return path


def _settle(qtbot) -> None:  # type: ignore[no-untyped-def]
    for _ in range(3):
        QApplication.processEvents()
    qtbot.wait(20)


@pytest.mark.parametrize("room", [(1280, 800), (1920, 1080)], indirect=True, ids=["1280", "1920"])
def test_the_trick_tree_has_readable_rows_and_no_elided_column(qtbot, window, tmp_path, room):  # type: ignore[no-untyped-def]
    window.load_file(str(_lin_file(tmp_path)))
    page = bridge(window).page
    page.session.set_cursor(6)  # trick 2, two cards played: the path to them open
    page.tabs.setCurrentWidget(page.tree)
    view = page.tree
    qtbot.waitUntil(lambda: view.root is not None and view.root.mark is not None, timeout=60000)
    qtbot.waitUntil(lambda: not view.busy, timeout=60000)
    _settle(qtbot)
    tree, header = view.tree, view.tree.header()
    assert window.width() <= room[0]
    # rows: a line and a half of the font, not the style's line and two pixels
    fm = tree.fontMetrics()
    top = view.model.index(0, 0, tree.rootIndex())
    assert tree.rowHeight(top) >= row_height(fm) >= fm.height() * 1.4
    # no column narrower than its header or its cells
    for col in range(header.count()):
        assert header.sectionSize(col) >= header.sectionSizeHint(col), col
        assert header.sectionSize(col) >= tree.sizeHintForColumn(col), col
    # the last column reaches the view's right edge (it takes the room left)
    assert header.length() >= tree.viewport().width()
    # a narrower view scrolls sideways: no column is squeezed
    before = [header.sectionSize(c) for c in range(header.count())]
    page.splitter.setSizes([10_000, 1])  # the side panel at its least
    _settle(qtbot)
    assert tree.viewport().width() < sum(before)
    assert [header.sectionSize(c) for c in range(header.count() - 1)] == before[:-1]
    assert header.sectionSize(header.count() - 1) >= header.sectionSizeHint(header.count() - 1)
    bar = tree.horizontalScrollBar()
    assert bar.maximum() > 0
    assert bar.maximum() == header.length() - tree.viewport().width()


# --------------------------------------------------------------------------- Export Figure
def test_switching_the_format_moves_nothing_in_the_export_dialog(qtbot, window, tmp_path):  # type: ignore[no-untyped-def]
    """The format's own fields (Resolution for PNG, Text as outlines for SVG) were shown and
    hidden: the label column widened and narrowed, the Format box moved 9 px sideways and the
    dialog's least size changed — a dialog at that size jumped. Now they stay, greyed."""
    from PySide6.QtWidgets import QDialogButtonBox

    from whistgui.ui.widgets.figure_dialog import FigureDialog, FigureSource

    window.load_file(str(_lin_file(tmp_path, 1)))
    session = bridge(window).session
    dlg = FigureDialog(FigureSource.bridge(session.document, 5), window.engine)
    qtbot.addWidget(dlg)
    dlg.show()
    _settle(qtbot)
    box = dlg.findChild(QDialogButtonBox)
    watched = [*box.buttons(), dlg.format, dlg.view, dlg.width_mm, dlg.dpi, dlg.outlines]

    def geometry():  # type: ignore[no-untyped-def]
        places = [w.mapTo(dlg, w.rect().topLeft()).toTuple() for w in watched]
        sizes = [w.size().toTuple() for w in watched]
        return dlg.size().toTuple(), dlg.minimumSizeHint().toTuple(), places, sizes

    kinds = [dlg.format.itemData(i) for i in range(dlg.format.count())]
    assert set(kinds) == {"png", "svg", "pdf", "tex"}
    first = geometry()
    for kind in [*kinds, *reversed(kinds)]:
        dlg.format.setCurrentIndex(dlg.format.findData(kind))
        _settle(qtbot)
        assert geometry() == first, kind
        assert dlg.dpi.isEnabled() == (kind == "png")
        assert dlg.outlines.isEnabled() == (kind == "svg")
    dlg.close()


# ----------------------------------------------------- a board without a contract: par's
def _par_of(deal, vulnerable="None", dealer=None):  # type: ignore[no-untyped-def]
    from whistgui.engine.bridge import Seat
    from whistgui.engine.bridge.dds import par
    from whistgui.engine.bridge.par_words import par_contract

    return par_contract(par(deal, vulnerable, dealer or Seat.N), vulnerable)


DEAL = "N:AKQ2.KJ3.T98.A54 J876.Q54.AK2.J32 T93.A762.QJ7.KQ6 54.T98.6543.T987"


def _open_pbn(qtbot, window, tmp_path, tags: str):  # type: ignore[no-untyped-def]
    path = tmp_path / "one.pbn"
    path.write_text(f'[Board "7"]\n{tags}[Deal "{DEAL}"]\n', encoding="utf-8")
    window.load_file(str(path))
    page = bridge(window).page
    page.tabs.setCurrentWidget(page.tree)
    qtbot.waitUntil(page.ready, timeout=60000)
    tree = page.tree
    qtbot.waitUntil(lambda: tree.root is not None and tree.root.mark is not None, timeout=60000)
    _settle(qtbot)
    return path, page


@pytest.mark.parametrize(
    ("tags", "said", "short"),
    [
        ("", "(no contract in the record: par's contract is shown)", "No contract recorded"),
        ('[Contract "Pass"]\n', "(Passed out: par's contract is shown)", "Passed out"),
        (
            '[Dealer "E"]\n[Auction "E"]\nPass Pass Pass Pass\n',
            "(Passed out: par's contract is shown)",
            "Passed out",
        ),
    ],
    ids=["no-contract", "passed-out", "four-passes"],
)
def test_a_board_without_a_contract_is_played_in_pars_and_says_so(  # type: ignore[no-untyped-def]
    qtbot, window, tmp_path, tags, said, short
):
    """A PBN board of only Board and Deal tags was played, silently, as 3NT by South."""
    from whistgui.app.bridge import load_pbn
    from whistgui.engine.bridge import BridgeDeal
    from whistgui.ui.bridge.table_cards import contract_text

    _, page = _open_pbn(qtbot, window, tmp_path, tags)
    session = page.session
    doc = session.document
    found = _par_of(BridgeDeal.parse(DEAL))
    assert found is not None
    assert (doc.contract, doc.declarer) == found
    assert doc.stand_in == "par"
    played = contract_text(*found)
    # said wherever the contract is: the trick tree's title, the status, the felt, the title
    caption = page.tree.caption.text()
    assert f"by {found[1].word} {said}" in caption
    assert page.status.text().startswith(f"{played} {said}: ")
    corner, _ = page.table._corner_lines(doc)
    assert corner[:3] == [played, short, "par's contract"]  # on the felt, a line each
    assert f"{played} · {short} · par's contract" in window.windowTitle()
    assert f"{played} {said}" in html.unescape(page.auction.text())
    # the contract controls show it
    assert page.level.value() == found[0].level
    assert page.declarer.currentData() is found[1]
    # par standing in is no edit: nothing to save, and saved, the board still has no contract
    assert not session.modified
    out = tmp_path / "again.pbn"
    session.save(out)
    text = out.read_text(encoding="utf-8")
    assert "[Declarer" not in text
    assert ('[Contract "Pass"]' in text) == ("Contract" in tags)  # (or the four passes)
    assert ("Pass Pass Pass Pass" in text) == ("Auction" in tags)
    again = load_pbn(out).boards[0]
    assert again.no_contract == doc.no_contract
    assert again.passed_out == bool(tags)
    # a card played: the play is in par's contract, which is then saved with it
    session.play(sorted(session.position().legal())[0])
    assert session.document.stand_in == "par"
    assert session.modified
    session.save(out)
    assert load_pbn(out).boards[0].contract == found[0]


def test_a_board_with_its_contract_keeps_it_and_says_nothing(qtbot, window, tmp_path):  # type: ignore[no-untyped-def]
    _, page = _open_pbn(qtbot, window, tmp_path, '[Contract "2H"]\n[Declarer "W"]\n')
    doc = page.session.document
    assert str(doc.contract) == "2H"
    assert doc.contract_note == ""
    assert "par's" not in page.tree.caption.text()
    assert page.status.text().startswith("2♥ by West: ")
    corner, _ = page.table._corner_lines(doc)
    assert corner[1].startswith("Board 7")
    assert "Board 7 · 2♥ by West" in window.windowTitle()
    assert "par" not in window.windowTitle()


def test_a_typed_deal_is_played_in_its_par_contract_and_undo_returns(qtbot, window):  # type: ignore[no-untyped-def]
    from whistgui.engine.bridge import BridgeDeal, Contract, Seat

    window.set_game("bridge")
    page = bridge(window).page
    session = page.session
    session.set_contract(Contract.parse("7C"), Seat.W)  # the user's: kept until a new deal
    qtbot.waitUntil(page.ready, timeout=60000)
    assert session.document.contract_note == ""
    page.deal_edit.setText(DEAL)
    page.deal_edit.returnPressed.emit()
    qtbot.waitUntil(lambda: session.document.stand_in == "par", timeout=60000)
    found = _par_of(BridgeDeal.parse(DEAL))
    assert (session.document.contract, session.document.declarer) == found
    qtbot.waitUntil(page.ready, timeout=60000)
    assert "(a new deal: par's contract is shown)" in page.status.text()
    window.act_undo.trigger()  # back to the old deal and the contract chosen for it
    assert str(session.document.contract) == "7C"
    assert session.document.contract_note == ""
    window.act_redo.trigger()  # the deal again, and par's contract again
    qtbot.waitUntil(lambda: session.document.stand_in == "par", timeout=60000)
    assert (session.document.contract, session.document.declarer) == found


def test_the_figures_of_a_board_played_in_pars_contract_say_par(qtbot, window, tmp_path):  # type: ignore[no-untyped-def]
    from whistgui.figures import FigureOptions
    from whistgui.figures.backends import to_svg
    from whistgui.ui.widgets.figure_dialog import FigureSource

    _, page = _open_pbn(qtbot, window, tmp_path, "")
    source = FigureSource.bridge(page.session.document)
    svg = to_svg(source.build("tricktree", FigureOptions()))
    assert "(par)" in svg
    deal = to_svg(source.build("deal", FigureOptions()))
    assert "Board 7" in deal
    assert "Contract:" not in deal  # the record has none: the diagram names none


def test_file_new_and_the_plus_button_play_the_new_deal_in_pars_contract(qtbot, window):  # type: ignore[no-untyped-def]
    window.set_game("bridge")
    ws = bridge(window)
    page = ws.page
    for make in (ws.new_document, page.add_board_button.click):
        make()
        doc = page.session.document
        assert doc.no_contract == "new"
        qtbot.waitUntil(lambda: page.session.document.stand_in != "", timeout=60000)
        doc = page.session.document
        assert doc.stand_in in ("par", "passed out at par")
        if doc.stand_in == "par":
            assert (doc.contract, doc.declarer) == _par_of(doc.deal, doc.vulnerable, doc.dealer)
        assert f"(a new deal{STAND_INS[doc.stand_in]})" in page.status.text()


# ------------------------------------------------------------- seen at 1280 × 800, 1920 × 1080
@pytest.mark.parametrize("room", [(1280, 800), (1920, 1080)], indirect=True, ids=["1280", "1920"])
def test_the_leads_table_fills_its_tab_and_elides_nothing(qtbot, window, tmp_path, room):  # type: ignore[no-untyped-def]
    """At 1920 × 1080 the leads' last column stayed as narrow as its header, a third of the
    tab left empty (sized once by hand; only a resize stretched it)."""
    window.load_file(str(_lin_file(tmp_path, 1)))
    page = bridge(window).page
    page.tabs.setCurrentWidget(page.leads)
    qtbot.waitUntil(lambda: page.leads.leads is not None, timeout=60000)
    _settle(qtbot)
    grid = page.leads.grid
    header = grid.horizontalHeader()
    assert header.length() == grid.viewport().width()
    for col in range(3):
        assert header.sectionSize(col) >= header.sectionSizeHint(col), col
        assert header.sectionSize(col) >= grid.sizeHintForColumn(col), col


def test_the_export_dialog_gives_a_shrunk_figures_type_size_in_tenths(qtbot, window, tmp_path):  # type: ignore[no-untyped-def]
    """The trick tree set smaller to fit 120 mm was said 'text 5.29658 pt'."""
    from whistgui.ui.widgets.figure_dialog import FigureDialog, FigureSource

    window.load_file(str(_lin_file(tmp_path, 1)))
    dlg = FigureDialog(FigureSource.bridge(bridge(window).session.document, 6), window.engine)
    qtbot.addWidget(dlg)
    dlg.set_view("tricktree")
    dlg.width_mm.setValue(70)  # too narrow for the tree at 9 pt
    qtbot.wait(400)  # the dialog rebuilds 150 ms after the last change
    qtbot.waitUntil(lambda: dlg.figure is not None, timeout=60000)
    size = dlg.figure.font_size
    assert size < dlg.font_pt.value()  # set smaller to fit
    said = re.search(r"text (\S+) pt", dlg.status.text())
    assert said is not None
    assert said.group(1) == f"{round(size, 1):g}"
    assert len(said.group(1)) <= 4
    dlg.close()


@pytest.mark.parametrize("theme", ["dark", "light"])
def test_the_step_buttons_icons_stand_out_in_both_themes(qtbot, window, app_theme, theme):  # type: ignore[no-untyped-def]
    """In the dark theme the style's media icons, dark grey, were all but unseen on the
    buttons, enabled or not: they are drawn in the theme's button text."""
    from PySide6.QtGui import QIcon, QPalette

    from whistgui.ui.theme import apply_theme

    window.set_game("bridge")
    page = bridge(window).page
    apply_theme(app_theme, theme)
    _settle(qtbot)
    back = page.back_button
    pal = back.palette()
    text = pal.color(QPalette.ColorGroup.Active, QPalette.ColorRole.ButtonText)
    button = pal.color(QPalette.ColorRole.Button)
    size = back.iconSize().width()
    for mode, group in (
        (QIcon.Mode.Normal, QPalette.ColorGroup.Active),
        (QIcon.Mode.Disabled, QPalette.ColorGroup.Disabled),
    ):
        image = back.icon().pixmap(size, size, mode).toImage()
        ink = [
            image.pixelColor(x, y)
            for x in range(image.width())
            for y in range(image.height())
            if image.pixelColor(x, y).alpha() > 200
        ]
        assert len(ink) > 10, mode  # the icon has a shape
        want = pal.color(group, QPalette.ColorRole.ButtonText)
        off = max(
            abs(a - b) for c in ink for a, b in zip(c.getRgb()[:3], want.getRgb()[:3], strict=True)
        )
        assert off <= 2, (mode, theme)  # (a step of rounding where the ink is not opaque)
    # the enabled icon as far from the button as the button's text is
    assert abs(text.lightnessF() - button.lightnessF()) > 0.5


def test_a_doubled_contract_is_said_doubled_everywhere(qtbot, window, tmp_path):  # type: ignore[no-untyped-def]
    """Board 2 of the LIN file is 4♠X by East: the felt said so, the status, the trick
    tree's title and header and the window title said 4♠; all say 4♠x, as players write it."""
    from whistgui.ui.bridge.trick_tree_model import COL_RESULT

    window.load_file(str(_lin_file(tmp_path)))
    page = bridge(window).page
    page.session.select_board(1)
    assert str(page.session.document.contract) == "4SX"
    page.tabs.setCurrentWidget(page.tree)
    qtbot.waitUntil(page.ready, timeout=60000)
    qtbot.waitUntil(
        lambda: page.tree.root is not None and page.tree.root.mark is not None, timeout=60000
    )
    assert page.status.text().startswith("4♠x by East: ")
    assert "4♠x by East needs 10" in page.tree.caption.text()
    assert page.tree.model.header_text(COL_RESULT).startswith("4♠x E")
    assert "Board 2 · 4♠x by East" in window.windowTitle()
    corner, _ = page.table._corner_lines(page.session.document)
    assert corner[0] == "4♠x by East"


def test_random_deal_beside_a_record_finds_par_for_the_new_board(qtbot, window, tmp_path):  # type: ignore[no-untyped-def]
    """From board 2 Random Deal adds board 5, which was played in par for board 2's
    vulnerability; the felt and the double-dummy panel disagreed. Board 5's own (the duplicate
    rotation: dealer North, N–S vulnerable) is what par is found for and said."""
    from whistgui.app.bridge import board_rotation

    window.load_file(str(_lin_file(tmp_path, 4)))
    page = bridge(window).page
    session = page.session
    session.select_board(1)
    assert session.document.vulnerable == "NS"
    assert session.recorded
    page.random_deal(seed=5)
    qtbot.waitUntil(lambda: not page.dealing, timeout=60000)
    qtbot.waitUntil(page.ready, timeout=60000)
    doc = session.document
    assert session.board_count == 5
    assert (doc.board, doc.dealer, doc.vulnerable) == ("5", *board_rotation(5))
    found = _par_of(doc.deal, doc.vulnerable, doc.dealer)
    if found is not None:
        assert (doc.contract, doc.declarer) == found
    note = page.table.message
    assert "(N/S vul)" in note
    assert "none vul" not in note
    assert page.dd_table.note.text().endswith("(N/S vul)")


def test_a_typed_ending_has_no_par_and_keeps_its_contract_saying_so(qtbot, window):  # type: ignore[no-untyped-def]
    window.set_game("bridge")
    page = bridge(window).page
    session = page.session
    qtbot.waitUntil(page.ready, timeout=60000)
    before = (session.document.contract, session.document.declarer)
    page.deal_edit.setText("N:AK2.-.-.- -.-.-.432 QJ3.-.-.- -.-.-.765")
    page.deal_edit.returnPressed.emit()
    qtbot.waitUntil(lambda: session.document.stand_in == "no par", timeout=60000)
    qtbot.waitUntil(page.ready, timeout=60000)
    assert (session.document.contract, session.document.declarer) == before
    said = "(a new deal, an ending without par: this contract is played)"
    assert said in page.status.text()
    assert said in page.tree.caption.text()
