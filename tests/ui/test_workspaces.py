"""The main window hosts workspaces it knows only through WORKSPACES (issue 24): made when first
needed, shown one at a time with their own docks, menus, undo and files; a suit from Single
Suits opens in the game whose values it lists; one question at quitting; a refusal said in the
status bar before its dialog; a workspace added is one registry line."""

from __future__ import annotations

import ast
import json
import re
from pathlib import Path
from typing import ClassVar

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QFileDialog, QLabel, QMessageBox, QWidget

from tests.ui.workspaces import bridge, menu_texts, single_suits, trick
from whistgui.app.bridge import save_pbn
from whistgui.engine.trick.deal import SuitDeal
from whistgui.ui import workspace as registry
from whistgui.ui.lab.suit_model import PatternRole
from whistgui.ui.main_window import MainWindow
from whistgui.ui.workspace import (
    WORKSPACES,
    Choice,
    FileType,
    Opener,
    Workspace,
    WorkspaceEntry,
    workspace_class,
)

ROOT = Path(__file__).resolve().parents[2]


# --------------------------------------------------------------------------- the registry
def test_the_registry_lists_each_workspace_once_with_its_own_files_and_choices():
    classes = [workspace_class(e) for e in WORKSPACES]
    assert [c.name for c in classes] == [e.name for e in WORKSPACES]
    assert len({c.name for c in classes}) == len(classes)
    keys = [ch.key for c in classes for ch in c.choices()]
    assert len(keys) == len(set(keys)), keys
    suffixes = [t.suffix for c in classes for t in c.file_types]
    assert sorted(suffixes) == [".gops", ".heaps", ".lin", ".pbn", ".whist"]
    assert classes[0].hosted  # the first is the page the window opens on
    lab = workspace_class(registry.find_workspace("lab"))
    assert not lab.hosted
    assert lab.opener is not None
    assert lab.opener.shortcut == "Ctrl+Shift+L"


def test_an_unknown_workspace_is_named_with_the_known_ones():
    with pytest.raises(ValueError, match="unknown workspace 'sprouts'; expected one of trick"):
        registry.find_workspace("sprouts")


def _names_in(path: Path) -> set[str]:
    """Every identifier of a module's code, and every string constant that could be a key
    (a word, no spaces: ``"bridge"``; docstrings and prose such as the About box aside)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docstrings = {
        id(node.body[0].value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef)
        and node.body
        and isinstance(node.body[0], ast.Expr)
        and isinstance(node.body[0].value, ast.Constant)
    }
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Name):
            found.add(node.id)
        elif isinstance(node, ast.Attribute):
            found.add(node.attr)
        elif (
            isinstance(node, ast.Constant)
            and isinstance(node.value, str)
            and id(node) not in docstrings
            and re.fullmatch(r"[\w.:-]+", node.value)
        ):
            found.add(node.value)
    return found


def test_the_host_names_no_workspace():
    """Beyond the import contracts: the main window and the host's parts hold no workspace's
    name, nor what only one workspace has (the old window's bridge_mode, ensure_gops, …)."""
    host = [ROOT / "whistgui/ui/main_window.py", *sorted((ROOT / "whistgui/ui/host").glob("*.py"))]
    words = {"trick", "bridge", "gops", "lab", "whist", "session", "inspector", "pbn"}
    for path in host:
        # WhistError: the project's base error, every workspace's and the host's
        named = {n for n in _names_in(path) - {"WhistError"} if words & _words(n)}
        assert not named, f"{path.name} names {sorted(named)}"


def _words(name: str) -> set[str]:
    """``ensure_bridge`` → {ensure, bridge}; ``bridgeMode`` → {bridge, mode}."""
    spaced = re.sub(r"([a-z])([A-Z])", r"\1 \2", name)
    return {w for w in re.split(r"[^a-z]+", spaced.lower()) if w}


# --------------------------------------------------------------------------- made when needed
def test_a_workspace_is_made_the_first_time_it_is_needed(qtbot, window):
    assert set(window._made) == {"trick"}
    assert window.current.name == "trick"
    window.set_game("gops")
    assert set(window._made) == {"trick", "gops"}
    assert window.current.name == "gops"
    assert "bridge" not in window._made
    assert "lab" not in window._made


def test_the_chooser_lists_every_workspaces_choices_and_shows_the_current(qtbot, window):
    combo = window.game_selector.combo
    keys = [combo.itemData(i) for i in range(combo.count()) if combo.itemData(i)]
    assert keys == [ch.key for e in WORKSPACES for ch in workspace_class(e).choices()]
    assert keys[0] == "whist"
    assert "bridge" in keys
    assert "gops" in keys
    window.set_game("greedy")  # an alias: the trick games know it
    assert trick(window).session.game == "greedy-whist"
    assert window.game_selector.game == "greedy-whist"
    assert window.game_actions["greedy-whist"].isChecked()
    window.set_game("bridge")
    assert window.game_selector.game == "bridge"
    assert window.game_actions["bridge"].isChecked()


# --------------------------------------------------------------------------- docks and menus
def test_switching_puts_the_docks_away_and_brings_them_back_as_left(qtbot, window):
    t = trick(window)
    with qtbot.waitSignal(t.play_panel.ready, timeout=30000):
        t.play_deal()
    t.act_inspector.trigger()
    qtbot.waitUntil(lambda: not t.inspector.visibleRegion().isEmpty(), timeout=2000)
    t.play_dock.raise_()  # the play panel in front of the inspector, as the user left it
    qtbot.waitUntil(lambda: not t.play_panel.visibleRegion().isEmpty(), timeout=2000)
    window.set_game("bridge")
    qtbot.waitUntil(lambda: not t.inspector_dock.isVisible() and not t.play_dock.isVisible())
    assert not t.act_inspector.isChecked()
    window.set_game("whist")
    qtbot.waitUntil(lambda: t.inspector_dock.isVisible() and t.play_dock.isVisible())
    assert window.tabifiedDockWidgets(t.play_dock) == [t.inspector_dock]
    qtbot.waitUntil(lambda: not t.play_panel.visibleRegion().isEmpty(), timeout=2000)
    assert t.inspector.visibleRegion().isEmpty()  # still behind the play panel


def test_the_inspectors_actions_are_the_trick_games_alone(qtbot, window):
    """Fresh-eyes review: View ▸ Inspect Suit was active in GOPS and bridge and listed the
    whist deal's suits; Ctrl+I opened the whist inspector over them."""
    whist_only = {"Inspect &Suit", "Game-Tree &Inspector", "&Optimal Play of This Deal"}
    assert whist_only <= menu_texts(window)
    assert "E&xamples" in menu_texts(window)
    t = trick(window)
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    for key in ("bridge", "gops"):
        window.set_game(key)
        shown = menu_texts(window)
        assert not whist_only & shown, key
        assert "E&xamples" not in shown
        assert "Edit Deal &Text" not in shown
        focus = window.focusWidget() or window
        qtbot.keyClick(focus, Qt.Key.Key_I, Qt.KeyboardModifier.ControlModifier)
        qtbot.keyClick(focus, Qt.Key.Key_P, Qt.KeyboardModifier.ControlModifier)
        qtbot.wait(20)
        assert not t.inspector_dock.isVisible(), key
        assert not t.play_dock.isVisible(), key
    window.set_game("whist")
    assert whist_only <= menu_texts(window)
    # the same keys where the trick games are shown: the inspector opens
    qtbot.keyClick(
        window.focusWidget() or window, Qt.Key.Key_I, Qt.KeyboardModifier.ControlModifier
    )
    qtbot.waitUntil(t.inspector_dock.isVisible, timeout=2000)


def test_undo_follows_the_workspace_shown(qtbot, window):
    t = trick(window)
    t.session.set_deal_text("AQ/KJ")
    window.set_game("bridge")
    b = bridge(window)
    before = b.session.document
    b.session.random_deal(5)
    window.act_undo.trigger()
    assert b.session.document == before
    assert str(t.session.document.deal) == "AQ/KJ"  # the hidden workspace's is untouched
    window.set_game("gops")
    assert not window.act_undo.isEnabled()  # GOPS walks back and forth instead
    window.set_game("whist")
    window.act_undo.trigger()
    assert str(t.session.document.deal) != "AQ/KJ"


def test_a_hidden_workspaces_views_are_off_the_screen_and_told(qtbot, window, monkeypatch):
    """Issue 24, 3 (the host's part): a workspace shown no more has every view off the
    screen — page and docks — and is told (:meth:`Workspace.hidden`), so that its views can
    stop work nobody watches."""
    t = trick(window)
    t.act_inspector.trigger()
    with qtbot.waitSignal(t.play_panel.ready, timeout=30000):
        t.play_deal()
    told: list[str] = []
    monkeypatch.setattr(t, "hidden", lambda: told.append("hidden"))
    window.set_game("bridge")
    views: list[QWidget] = [t.page, t.table, t.analysis, t.inspector, t.play_panel]
    assert [v.isVisible() for v in views] == [False] * len(views)
    assert not t.inspector_dock.isVisible()
    assert not t.play_dock.isVisible()
    assert told == ["hidden"]
    assert not t.is_shown
    window.set_game("gops")  # from bridge to GOPS: the trick games are not told again
    assert told == ["hidden"]
    window.set_game("whist")
    assert t.is_shown
    assert t.table.isVisible()


def test_autoplay_stops_when_bridge_is_left(qtbot, window):
    window.set_game("bridge")
    page = bridge(window).page
    page.set_autoplay(True)
    assert page.autoplay_button.isChecked()
    window.set_game("whist")
    assert not page.autoplay_button.isChecked()


# --------------------------------------------------------------------------- Single Suits
def _rows(qtbot, lab, n: int = 3) -> None:  # type: ignore[no-untyped-def]
    lab.n.setValue(n)
    lab.list_suits()
    qtbot.waitUntil(lambda: lab.model.rowCount() > 0 and lab.listing is None, timeout=20000)


def test_a_single_suit_opens_in_whist_whatever_game_the_table_was_in(qtbot, window):
    """Issue 24, 4: a row of Single Suits (whist's values) double-clicked opened in the last
    trick game used (misère five-card), with that game's element and tabs."""
    t = trick(window)
    window.set_game("misere-five-card")
    window.set_game("gops")  # and another workspace shown
    lab = single_suits(window)
    _rows(qtbot, lab)
    index = lab.model.index(0, 0)
    pattern = index.data(PatternRole)
    lab.table.doubleClicked.emit(index)
    assert window.current.name == "trick"
    assert t.session.document.deal.suits == (SuitDeal.from_pattern(pattern),)
    assert t.session.game == "whist"
    assert window.game_selector.game == "whist"
    assert t.inspector_dock.isVisible()
    t.session.undo_stack.undo()  # one step: the suit and its game together
    assert t.session.game == "misere-five-card"


def test_closing_single_suits_stops_its_listing(qtbot, window):
    lab_ws = window.show_workspace("lab")
    lab = lab_ws.suits
    qtbot.waitUntil(lambda: lab.listing is None, timeout=20000)  # the first, n = 6
    lab.n.setValue(11)
    lab.list_suits()
    assert lab.listing is not None
    with qtbot.waitSignal(window.engine.cancelled, timeout=10000):
        lab.close()
    assert lab.listing is None
    assert not lab_ws.is_shown


# --------------------------------------------------------------------------- files and quitting
@pytest.mark.parametrize(("name", "content"), [("bad.whist", "{ not json"), ("bad.pbn", "[Deal")])
def test_a_refused_file_is_said_in_the_status_bar_before_its_dialog(
    qtbot, window, tmp_path, monkeypatch, name, content
):
    """Fresh-eyes review: while the refusal of a bad .whist or .pbn file waited for the user,
    the status bar still showed the message before (perhaps another file's refusal)."""
    window.statusBar().showMessage("Example (15) Elimination and throw-in")
    seen: list[str] = []

    def warning(_parent, _title, text, *args, **kwargs):  # type: ignore[no-untyped-def]
        seen.append(window.statusBar().currentMessage())
        return QMessageBox.StandardButton.Ok

    monkeypatch.setattr(QMessageBox, "warning", warning)
    path = tmp_path / name
    path.write_text(content)
    assert not window.open_file(path)
    assert len(seen) == 1
    assert seen[0].startswith("Not opened: ")
    assert name in seen[0]


def test_open_dispatches_by_the_files_kind(qtbot, window, tmp_path):
    from whistgui.app.bridge import BridgeDocument

    path = tmp_path / "two.pbn"
    save_pbn(tuple(BridgeDocument.random(i, board=str(i)) for i in (1, 2)), path)
    assert window.open_file(path)
    assert window.current.name == "bridge"
    assert bridge(window).session.path == path
    assert window.recent_files()[0] == str(path.resolve())
    f = window.file_filter()
    assert f.startswith(
        "Deals and games (*.whist *.pbn *.lin *.heaps *.gops);;whist deals (*.whist)"
    )


@pytest.mark.parametrize(
    ("name", "title", "start", "filters", "suffix"),
    [
        ("trick", "Save deal", "deal.whist", "whist deals (*.whist)", ".whist"),
        (
            "bridge",
            "Save boards",
            "boards.pbn",
            "Bridge boards, PBN (*.pbn);;Bridge boards, LIN (BBO) (*.lin);;All files (*)",
            ".pbn",
        ),
        ("heaps", "Save game", "nim.heaps", "Games of heaps and piles (*.heaps)", ".heaps"),
    ],
)
def test_save_as_asks_each_in_its_words_and_saves_the_session_s_file(
    qtbot, window, tmp_path, monkeypatch, name, title, start, filters, suffix
):
    """The workspaces whose document is a file session's save as one (ui.workspace's
    FileWorkspace): Save As's dialog with the workspace's title, name and filters, its suffix
    added to a name without it; the file used, the mark gone, and Save then writes there
    without asking; Open reads it back."""
    ws = window.workspace(name)
    ws.new_document()  # untitled, never saved
    asked: list[tuple[str, str, str]] = []

    def dialog(_parent, caption, begin, kinds, *args, **kwargs):  # type: ignore[no-untyped-def]
        asked.append((caption, begin, kinds))
        return str(tmp_path / "saved"), ""

    monkeypatch.setattr(QFileDialog, "getSaveFileName", dialog)
    used: list[Path] = []
    ws.fileUsed.connect(used.append)
    assert ws.undo_stack() is ws.session.undo_stack
    assert ws.save(ask=True)
    path = tmp_path / f"saved{suffix}"
    assert asked == [(title, start, filters)]
    assert path.is_file()
    assert used == [path]
    assert ws.session.path == path
    assert not ws.modified()
    path.write_bytes(b"")  # Save writes the session's file again, asking nothing
    assert ws.save()
    assert len(asked) == 1
    assert path.stat().st_size > 0
    assert ws.save(ask=True)  # Save As starts at the file
    assert asked[-1][1] == str(path)
    ws.open(path)
    assert ws.session.path == path
    assert used[-1] == path


def test_quitting_asks_once_about_every_workspace_with_unsaved_changes(qtbot, window, dialogs):
    """Fresh-eyes review: quitting from bridge asked two questions, the first about the whist
    deal whose only change was a game switch."""
    window.set_game("misere-five-card")  # a change of the whist document (undoable)
    window.set_game("bridge")
    bridge(window).session.random_deal(4)
    dialogs.question_answer = QMessageBox.StandardButton.Cancel
    window.close()
    questions = [t for k, t in dialogs.shown if k == "question"]
    assert len(questions) == 1
    assert "<li>the deal “(15) Elimination and throw-in”</li>" in questions[0]
    assert "<li>the new bridge boards</li>" in questions[0]
    assert window.isVisible()  # cancelled: nothing lost
    dialogs.question_answer = QMessageBox.StandardButton.Discard
    window.close()
    assert len([t for k, t in dialogs.shown if k == "question"]) == 2
    assert not window.isVisible()


def test_the_question_names_what_is_unsaved_as_text_not_markup():
    """A deal's title or a file's name is shown as written, "<b>" and "&" included."""
    from types import SimpleNamespace

    from whistgui.ui.host.unsaved import question_text

    one = SimpleNamespace(
        unsaved_text=lambda: "the deal “<b>A & B</b>”", unsaved_plural=lambda: False
    )
    two = SimpleNamespace(unsaved_text=lambda: "the new bridge boards", unsaved_plural=lambda: True)
    assert question_text([one]) == (
        "<p>The deal “&lt;b&gt;A &amp; B&lt;/b&gt;” has unsaved changes. Save them first?</p>"
    )
    text = question_text([one, two])
    assert "<li>the deal “&lt;b&gt;A &amp; B&lt;/b&gt;”</li>" in text
    assert "<li>the new bridge boards</li>" in text


def test_quitting_with_nothing_unsaved_asks_nothing(qtbot, window, dialogs):
    window.set_game("bridge")
    window.set_game("gops")
    window.close()
    assert not [t for k, t in dialogs.shown if k == "question"]
    assert not window.isVisible()


def test_saving_all_at_quitting_saves_each_and_a_cancelled_one_stops_it(
    qtbot, window, dialogs, tmp_path
):
    t = trick(window)
    t.session.set_deal_text("AQ/KJ")
    window.set_game("bridge")
    bridge(window).session.random_deal(2)
    dialogs.question_answer = QMessageBox.StandardButton.Save
    dialogs.save_path = ""  # the deal's Save As is cancelled: no quitting
    window.close()
    assert window.isVisible()
    dialogs.save_path = str(tmp_path / "both")
    window.close()  # the deal to both.whist, the boards to both.pbn
    assert not window.isVisible()
    assert json.loads((tmp_path / "both.whist").read_text())["deal"] == "AQ/KJ"
    assert (tmp_path / "both.pbn").is_file()


# --------------------------------------------------------------------------- one registry line
class _SproutsPage(QLabel):
    pass


class SproutsWorkspace(Workspace):
    """A workspace of a later issue, as small as one can be."""

    name: ClassVar[str] = "sprouts"
    title: ClassVar[str] = "Sprouts"
    file_types: ClassVar[tuple[FileType, ...]] = (FileType(".sprouts", "Sprouts games"),)
    keys_html: ClassVar[str] = "<tr><td>S</td><td>draw a sprout</td></tr>"

    def __init__(self, services):  # type: ignore[no-untyped-def]
        super().__init__(services)
        self.page = _SproutsPage("sprouts")
        self.menu_action = QAction("&Draw a Sprout", self)
        self.opened: list[Path] = []

    @classmethod
    def choices(cls) -> tuple[Choice, ...]:
        return (Choice("sprouts", "Sprouts", "&Sprouts"),)

    def widget(self):  # type: ignore[no-untyped-def]
        return self.page

    def contributions(self):  # type: ignore[no-untyped-def]
        return {"deal": (self.menu_action,)}

    def open(self, path: Path) -> None:
        self.opened.append(path)

    def window_title(self) -> str:
        return "Sprouts — whistgui"


class ToolWorkspace(Workspace):
    name: ClassVar[str] = "tool"
    title: ClassVar[str] = "A tool"
    hosted: ClassVar[bool] = False
    opener: ClassVar[Opener | None] = Opener("A &Tool…", "Ctrl+Shift+K", "a tool window")

    def __init__(self, services):  # type: ignore[no-untyped-def]
        super().__init__(services)
        self.window_ = QLabel("a tool")

    def widget(self):  # type: ignore[no-untyped-def]
        return self.window_


def test_a_new_workspace_is_one_registry_line(qtbot, settings, monkeypatch, tmp_path):
    lines = (
        *WORKSPACES,
        WorkspaceEntry("sprouts", f"{__name__}:SproutsWorkspace"),
        WorkspaceEntry("tool", f"{__name__}:ToolWorkspace"),
    )
    monkeypatch.setattr(registry, "WORKSPACES", lines)
    import whistgui.ui.main_window as host

    monkeypatch.setattr(host, "WORKSPACES", lines)
    w = MainWindow(settings=settings)
    qtbot.addWidget(w)
    w.show()
    try:
        assert "sprouts" not in w._made
        combo = w.game_selector.combo
        assert combo.itemData(combo.count() - 1) == "sprouts"
        assert "&Draw a Sprout" not in menu_texts(w)
        assert "A &Tool…" in menu_texts(w)
        path = tmp_path / "one.sprouts"
        assert "*.sprouts" in w.file_filter()
        assert w.open_file(path)
        sprouts = w.current
        assert isinstance(sprouts, SproutsWorkspace)
        assert sprouts.opened == [path]
        assert w.pages.currentWidget().page is sprouts.page
        assert "&Draw a Sprout" in menu_texts(w)
        assert w.windowTitle() == "Sprouts — whistgui"
        assert "draw a sprout" in w.keys_html()
        w.set_game("whist")
        assert "&Draw a Sprout" not in menu_texts(w)
        w.opener_actions["tool"].trigger()
        assert w.workspace("tool").widget().isVisible()
        assert w.current.name == "trick"  # a window of its own, beside the page shown
        w.workspace("tool").widget().close()
    finally:
        w.shutdown()


# --------------------------------------------------------------------------- themes
def test_every_workspace_made_hears_of_a_new_theme(qtbot, window, monkeypatch):
    heard: list[tuple[str, str]] = []
    for entry in WORKSPACES:
        ws = window.workspace(entry.name)
        monkeypatch.setattr(ws, "theme_changed", lambda key, n=entry.name: heard.append((n, key)))
    window.set_theme("dark", save=False)
    try:
        assert sorted(heard) == sorted((e.name, "dark") for e in WORKSPACES)
    finally:
        window.set_theme("light", save=False)


def test_f1_lists_the_keys_of_gops_and_single_suits(window):
    """F1's list had the table's and bridge's keys only (issue 25)."""
    import re

    from PySide6.QtWidgets import QPushButton

    text = window.keys_html()
    assert "<b>GOPS</b>" in text
    assert "<b>Single Suits</b>" in text
    # every mnemonic of the GOPS page's buttons is in the list
    window.set_game("gops")
    page = window.workspace("gops").widget()
    for button in page.findChildren(QPushButton):
        found = re.search(r"&(\w)", button.text())
        if found:
            assert f"Alt+{found.group(1).upper()}" in text, button.text()


def test_the_unsaved_question_has_mnemonics_alt_s_and_alt_d(qtbot):
    """Fresh-eyes review (K7): Save/Discard/Cancel had no mnemonics, so Alt+D did not discard."""
    from whistgui.ui.host.unsaved import unsaved_box

    box = unsaved_box(None, "<p>The deal has unsaved changes. Save them first?</p>")
    qtbot.addWidget(box)
    buttons = QMessageBox.StandardButton
    shortcuts = {b: box.button(b).shortcut() for b in (buttons.Save, buttons.Discard)}
    assert shortcuts == {
        buttons.Save: QKeySequence("Alt+S"),
        buttons.Discard: QKeySequence("Alt+D"),
    }
    assert box.defaultButton() is box.button(buttons.Save)
    assert box.escapeButton() is box.button(buttons.Cancel)
