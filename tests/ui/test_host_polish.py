"""The host after a second fresh-eyes review: every label with a mnemonic has its buddy (the
Random deal dialog showed a literal "S&eed:"), one set of names for the games in the Game box and
Deal ▸ Game, no Deal menu holding only the game choice, Copy Figure wherever Export Figure has a
figure, Single Suits centred on the main window, bridge's explanation line whole at 1280 × 800."""

from __future__ import annotations

import re

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import Qt as GuiQt
from PySide6.QtWidgets import QDialog, QLabel, QWidget

from tests.ui.workspaces import single_suits, trick
from whistgui.ui.trick.deck_dialog import DeckDialog
from whistgui.ui.trick.note_dialog import NoteDialog
from whistgui.ui.trick.random_deal_dialog import RandomDealDialog
from whistgui.ui.workspace import WORKSPACES, workspace_class

HOSTED = [e.name for e in WORKSPACES if workspace_class(e).hosted]
_MNEMONIC = re.compile(r"&[^&\s]")


def _labels_without_buddy(root: QWidget) -> list[str]:
    """The plain-text labels under ``root`` (itself included) whose text has an "&" that is a
    mnemonic — shown as a literal "&" unless the label has a buddy."""
    found = []
    for w in [root, *root.findChildren(QWidget)]:
        if not isinstance(w, QLabel) or w.buddy() is not None:
            continue
        text = w.text()
        rich = w.textFormat() == Qt.TextFormat.RichText or (
            w.textFormat() == Qt.TextFormat.AutoText and GuiQt.mightBeRichText(text)
        )
        if not rich and _MNEMONIC.search(text.replace("&&", "")):
            found.append(f"{type(root).__name__}: QLabel {text!r}")
    return found


@pytest.mark.parametrize("name", HOSTED)
def test_every_label_with_a_mnemonic_in_a_workspace_has_its_buddy(window, qtbot, name):
    ws = window.show_workspace(name)
    for dock in ws.docks():
        dock.show()
    qtbot.wait(20)
    assert _labels_without_buddy(window) == []


def test_every_label_with_a_mnemonic_in_single_suits_has_its_buddy(window, qtbot):
    assert _labels_without_buddy(single_suits(window)) == []


def test_every_label_with_a_mnemonic_in_the_dialogs_has_its_buddy(window, qtbot):
    doc = trick(window).session.document
    dialogs: list[QDialog] = [
        RandomDealDialog(window),
        DeckDialog(doc, window),
        NoteDialog("A title", "a note", window),
    ]
    figure = window.export_dialog()
    assert figure is not None
    dialogs.append(figure)
    for dlg in dialogs:
        qtbot.addWidget(dlg)
    assert [m for dlg in dialogs for m in _labels_without_buddy(dlg)] == []


def test_the_random_deal_dialogs_seed_label_reaches_the_seed(window, qtbot):
    dlg = RandomDealDialog(window)
    qtbot.addWidget(dlg)
    seed = next(w for w in dlg.findChildren(QLabel) if w.text() == "S&eed:")
    assert seed.buddy() is dlg.seed


# --------------------------------------------------------------------------- the games' names
def test_the_game_box_and_the_game_menu_name_the_games_alike(window):
    combo = window.game_selector.combo
    box = [combo.itemText(i) for i in range(combo.count()) if combo.itemData(i) is not None]
    menu = [act.text().replace("&", "") for act in window.chooser.menu.actions() if act.data()]
    assert box == menu
    assert "Bridge (double dummy)" in box
    assert "GOPS (pure strategy)" in box


def test_a_choice_named_two_ways_is_refused():
    from whistgui.ui.workspace import Choice

    assert Choice("g", "Bridge (double dummy)", "&Bridge (double dummy)").label
    with pytest.raises(ValueError, match="Bridge"):
        Choice("g", "Bridge (double dummy)", "&Bridge (Double Dummy)")


# --------------------------------------------------------------------------- the Deal menu
@pytest.mark.parametrize("name", HOSTED)
def test_the_deal_menu_is_shown_only_with_something_of_the_workspaces_own(window, qtbot, name):
    ws = window.show_workspace(name)
    shown = window.deal_menu.menuAction().isVisible()
    assert shown == bool(ws.contributions().get("deal"))
    if shown:  # the game choice stays in it, before the workspace's entries
        assert window.chooser.menu.menuAction() in window.deal_menu.actions()
    assert window.game_selector.isVisible()  # the Game box chooses in every workspace


def test_gops_has_no_deal_menu_and_bridge_has_it_back(window, qtbot):
    window.show_workspace("gops")
    titles = [a.text() for a in window.menuBar().actions() if a.isVisible()]
    assert "&Deal" not in titles
    window.set_game("bridge")
    titles = [a.text() for a in window.menuBar().actions() if a.isVisible()]
    assert "&Deal" in titles


# --------------------------------------------------------------------------- Copy Figure
@pytest.mark.parametrize("name", HOSTED)
def test_copy_figure_is_enabled_where_the_workspace_draws_figures(window, name):
    ws = window.show_workspace(name)
    assert ws.has_figures()  # every hosted workspace has figures to export
    for act in (window.act_export, window.act_copy_image, window.act_copy_svg):
        assert act.isEnabled(), f"{act.text()} in {name}"


def test_a_workspace_without_figures_has_copy_figure_disabled():
    from whistgui.ui.workspace import Workspace

    class Plain(Workspace):
        pass

    assert not Plain.has_figures()


def _svg_on_clipboard() -> str:
    from PySide6.QtGui import QGuiApplication

    mime = QGuiApplication.clipboard().mimeData()
    assert "image/svg+xml" in mime.formats()
    svg = bytes(mime.data("image/svg+xml")).decode("utf-8")
    QGuiApplication.clipboard().clear()  # data left there crashes the offscreen Qt at exit
    return svg


def test_copy_figure_in_bridge_and_gops_puts_their_figure_on_the_clipboard(window, qtbot):
    from PySide6.QtGui import QGuiApplication

    from whistgui.engine.gops import GopsRules

    QGuiApplication.clipboard().clear()
    window.show_workspace("bridge")
    window.act_copy_svg.trigger()
    assert "<svg" in _svg_on_clipboard()
    ws = window.show_workspace("gops")
    explorer = ws.explorer  # type: ignore[attr-defined]
    explorer.set_rules(GopsRules(n=3))
    qtbot.waitUntil(lambda: explorer.session.solved and explorer.ready(), timeout=30000)
    explorer.turn(2)
    qtbot.waitUntil(explorer.ready, timeout=20000)
    window.act_copy_svg.trigger()
    assert "<svg" in _svg_on_clipboard()
    assert window.statusBar().currentMessage().startswith("Figure copied")


# --------------------------------------------------------------------------- bridge's unsaved mark
def test_a_card_played_in_bridge_asks_nothing_at_quit(window, qtbot, dialogs):
    ws = window.show_workspace("bridge")
    session = ws.session  # type: ignore[attr-defined]
    session.play(session.position().legal()[0])
    assert not ws.modified()
    assert not window.isWindowModified()
    window.close()
    assert [text for kind, text in dialogs.shown if kind == "question"] == []


# --------------------------------------------------------------------------- Single Suits
def test_single_suits_opens_centred_on_the_main_window(window, qtbot):
    screen = window.screen().availableGeometry()  # the offscreen screen: 800 x 600
    window.move(screen.center() - window.rect().center())  # the main window is wider
    qtbot.wait(20)
    lab = single_suits(window)
    qtbot.waitExposed(lab)
    frame = lab.frameGeometry()
    assert screen.contains(frame), (frame.getRect(), screen.getRect())
    centre, main_centre = frame.center(), window.frameGeometry().center()
    assert abs(centre.x() - main_centre.x()) <= 2
    assert abs(centre.y() - main_centre.y()) <= 2
    assert frame.topLeft() != screen.topLeft()  # it opened at the corner before


def test_single_suits_stays_on_the_screen_beside_a_main_window_near_its_edge(window, qtbot):
    screen = window.screen().availableGeometry()
    window.resize(screen.width() // 2, screen.height() // 2)
    window.move(screen.right() - screen.width() // 2, screen.top())
    qtbot.wait(20)
    lab = single_suits(window)
    qtbot.waitExposed(lab)
    assert screen.contains(lab.frameGeometry())


# --------------------------------------------------------------------------- bridge's explanation
@pytest.mark.parametrize("room", [(1280, 800)], indirect=True)
def test_bridges_explanation_is_whole_at_1280_by_800(window, qtbot, room):
    ws = window.show_workspace("bridge")
    page = ws.page  # type: ignore[attr-defined]
    qtbot.waitUntil(lambda: page.ready() and "Badges" in page.status.text(), timeout=60000)
    qtbot.wait(20)
    status = page.status
    assert status.width() <= room[0]
    assert not status.is_elided(), (status.width(), status.shown_text())
    assert status.shown_text().replace("\n", " ") == status.text()
    assert status.text().endswith("✓ a best card, −1 a card that costs a trick.")
