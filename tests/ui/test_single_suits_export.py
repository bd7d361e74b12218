"""Export from the Single Suits window (issue 25): the rows listed — filtered, in the order
shown — as CSV and as a LaTeX table, written on the engine service with progress and Cancel;
the plots as figures through Export Figure; the window's keys in F1's list."""

from __future__ import annotations

import csv
import os
import threading
from pathlib import Path

import pytest
from PySide6.QtCore import Qt

from whistgui.app.lab import lab_table
from whistgui.ui.engine_service import EngineService
from whistgui.ui.lab.suit_model import SUIT, VALUE
from whistgui.ui.lab.window import SingleSuitsWindow


@pytest.fixture
def lab(lab):  # type: ignore[no-untyped-def]
    """The Single Suits window (tests/ui/conftest.py), n = 8 listed."""
    lab.show_table(lab_table(8))
    return lab


def _listed(lab, column: int) -> list[str]:  # type: ignore[no-untyped-def]
    model = lab.model
    return [model.index(r, column).data() for r in range(model.rowCount())]


def _written(qtbot, lab) -> str:  # type: ignore[no-untyped-def]
    qtbot.waitUntil(lambda: lab.export is None, timeout=20000)
    return lab.hint.text()


def test_the_listed_rows_export_as_csv_in_their_order(qtbot, lab, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    lab.filter.setText("east 2 stoppers")
    lab.table.sortByColumn(VALUE, Qt.SortOrder.DescendingOrder)
    shown = lab.model.rowCount()
    assert 0 < shown < 12_870
    export = lab.export_rows(tmp_path / "suits.csv", "csv")
    assert export is not None
    assert export.rows == shown
    outcome = _written(qtbot, lab)
    assert outcome == f"Written: {shown} rows as CSV to suits.csv ({tmp_path / 'suits.csv'})"
    with (tmp_path / "suits.csv").open(newline="", encoding="utf-8") as f:
        head, *rows = list(csv.reader(f))
    assert head[:4] == ["Suit", "W/E", "n", "Value"]
    assert len(rows) == shown  # the filter's rows, not the table's 12,870
    assert [r[1] for r in rows] == _listed(lab, SUIT)  # in the order shown
    assert [r[3] for r in rows] == _listed(lab, VALUE)
    table = lab.model.table
    assert [r[0] for r in rows[:3]] == [table.suit_text(lab.model.suit_row(i)) for i in range(3)]
    lab.filter.setText("")  # the outcome gives the hint its place back
    assert lab.hint.text().startswith("Click a suit")


def test_the_listed_rows_export_as_a_latex_table(qtbot, lab, tmp_path: Path, dialogs) -> None:  # type: ignore[no-untyped-def]
    lab.filter.setText("wwwwwwwweeeeeeee")  # West holds the eight top cards: 1 suit
    assert lab.model.rowCount() == 1
    dialogs.save_path = str(tmp_path / "top")  # no suffix: .tex is added
    lab.act_export_tex.trigger()
    assert _written(qtbot, lab).startswith("Written: 1 row as a LaTeX table to top.tex")
    tex = (tmp_path / "top.tex").read_text(encoding="utf-8")
    assert tex.startswith(
        "% Single suits: 1 of 12,870 suits of n = 8 cards a hand (filter: wwwwwwwweeeeeeee).\n"
    )
    row = tex.splitlines()[-3].split(" & ")
    assert row[:4] == [
        "{[16 15 14 13 12 11 10 9, 8 7 6 5 4 3 2 1]}",
        "WWWWWWWWEEEEEEEE",
        "8",
        "$8 - \\varepsilon_{0}$",
    ]


def test_nothing_listed_nothing_exported(qtbot, lab, tmp_path: Path, dialogs) -> None:  # type: ignore[no-untyped-def]
    lab.filter.setText("no such word")
    assert not lab.act_export_csv.isEnabled()
    dialogs.save_path = str(tmp_path / "x.csv")
    assert lab.export_rows_dialog("csv") is None
    assert lab.hint.text() == "Nothing to export: no suit is listed"
    assert os.listdir(tmp_path) == []


@pytest.fixture
def held(monkeypatch):  # type: ignore[no-untyped-def]
    """The window's exports write their first block and then wait to be stopped."""
    import whistgui.ui.lab.exports as exports

    started = threading.Event()
    real = exports.export_rows

    def hold(*args, progress, should_stop, **kwargs):  # type: ignore[no-untyped-def]
        def step(done: int, total: int) -> None:
            progress(done, total)
            started.set()
            while not should_stop():
                threading.Event().wait(0.01)

        return real(*args, progress=step, should_stop=should_stop, **kwargs)

    monkeypatch.setattr(exports, "export_rows", hold)
    monkeypatch.setattr("whistgui.app.lab_export.BLOCK", 1000)
    return started


@pytest.mark.parametrize("how", ["button", "Escape", "close"])
def test_an_export_shows_its_progress_and_cancel_writes_nothing(  # type: ignore[no-untyped-def]
    qtbot, lab, tmp_path: Path, held, how: str
) -> None:
    path = tmp_path / "suits.csv"
    path.write_text("old\n", encoding="utf-8")
    export = lab.export_rows(path, "csv")
    assert export is not None
    assert held.wait(10)
    qtbot.waitUntil(lambda: lab.progress.isVisible() and lab.cancel_button.isVisible())
    qtbot.waitUntil(lambda: "1,000 of 12,870 rows written" in lab.progress_label.text())
    assert lab.progress_label.text().startswith("Writing 12,870 rows as CSV to suits.csv")
    assert 0 < lab.progress.value() < lab.progress.maximum()
    with qtbot.waitSignal(lab.engine.cancelled):
        if how == "button":
            qtbot.mouseClick(lab.cancel_button, Qt.MouseButton.LeftButton)
        elif how == "Escape":
            lab.activateWindow()
            qtbot.waitUntil(lab.isActiveWindow)
            qtbot.keyClick(lab.table, Qt.Key.Key_Escape)
        else:
            lab.close()  # the window's work stops with it
    qtbot.waitUntil(lambda: lab.export is None)
    assert lab.hint.text() == "Export cancelled: nothing written to suits.csv"
    assert path.read_text(encoding="utf-8") == "old\n"
    assert os.listdir(tmp_path) == ["suits.csv"]  # no temporary left


def test_a_file_that_cannot_be_written_says_why(qtbot, lab, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    messages: list[str] = []
    lab.message.connect(messages.append)
    lab.export_rows(tmp_path / "no folder" / "suits.csv", "csv")
    outcome = _written(qtbot, lab)
    assert outcome.startswith("Not written: '")
    assert "suits.csv' could not be written: No such file or directory" in outcome
    assert messages[-1] == f"Single suits: {outcome}"


# -- the plots as figures -------------------------------------------------------------------------


@pytest.mark.parametrize("where", ["table", "filter"])
def test_ctrl_e_exports_the_plots_as_shown(qtbot, lab, tmp_path: Path, where: str) -> None:  # type: ignore[no-untyped-def]
    from PySide6.QtGui import QKeySequence

    lab.filter.setText("east 2 stoppers")
    lab.activateWindow()
    qtbot.waitUntil(lab.isActiveWindow)
    combo = QKeySequence("Ctrl+E")[0]
    widget = lab.table if where == "table" else lab.filter  # the box took it as End before
    widget.setFocus()
    qtbot.keyClick(widget, combo.key(), combo.keyboardModifiers())
    dlg = lab.figure_dialog
    assert dlg is not None
    views = [dlg.view.itemData(i) for i in range(dlg.view.count())]
    assert views == ["values", "growth"]
    assert not any(dlg.applies()[w] for w in (dlg.suit, dlg.depth, dlg.cards))  # no such fields
    qtbot.waitUntil(lambda: dlg.figure is not None, timeout=20000)
    summary = lab.values_summary.text()
    assert summary.startswith(f"{lab.model.rowCount()} of 12,870 suits")
    assert summary in dlg.figure.texts()  # what the window's plot says
    assert dlg.default_name() == f"single-suits-n8-filtered-values.{dlg.kind}"
    dlg.format.setCurrentIndex(dlg.format.findData("svg"))
    dlg.set_view("growth")
    qtbot.waitUntil(
        lambda: dlg.figure is not None and dlg.figure.title == "Distinct values for each n",
        timeout=20000,
    )
    assert "Squares: the suits shown (filter: east 2 stoppers)" in dlg.figure.texts()
    out = dlg.save(tmp_path / "growth.svg")
    assert out is not None
    assert "Distinct values for each n" in out.read_text(encoding="utf-8")
    dlg.close()


def test_no_figure_before_anything_is_listed(qtbot) -> None:  # type: ignore[no-untyped-def]
    engine = EngineService()
    w = SingleSuitsWindow(engine)
    qtbot.addWidget(w)
    w.cancel_listing()
    try:
        assert w.export_figure_dialog() is None
        assert w.hint.text() == "No figure: no suit is listed"
    finally:
        w.shutdown()
        engine.shutdown()


# -- F1's list ------------------------------------------------------------------------------------


def _mnemonic(text: str) -> str | None:
    """``&Cards a hand`` → ``Alt+C`` (``&&`` is a literal ampersand)."""
    i = text.replace("&&", "").find("&")
    plain = text.replace("&&", "")
    return f"Alt+{plain[i + 1].upper()}" if 0 <= i < len(plain) - 1 else None


def test_f1_lists_every_key_of_the_window(qtbot, lab) -> None:  # type: ignore[no-untyped-def]
    import subprocess
    import sys

    from PySide6.QtGui import QAction, QKeySequence, QShortcut
    from PySide6.QtWidgets import QAbstractButton, QLabel

    from whistgui.ui.lab.keys import KEYS_HTML

    keys: set[str] = set()
    for w in lab.findChildren(QLabel) + lab.findChildren(QAbstractButton):
        m = _mnemonic(w.text())
        if m is not None and (not isinstance(w, QLabel) or w.buddy() is not None):
            keys.add(m)
    for act in lab.actions():
        assert isinstance(act, QAction)
        if not act.shortcut().isEmpty():
            keys.add(act.shortcut().toString())
    for sc in lab.findChildren(QShortcut):
        keys.add(sc.key().toString(QKeySequence.SequenceFormat.NativeText))
    assert keys >= {"Alt+C", "Alt+T", "Alt+L", "Alt+F", "Alt+V", "Alt+E", "Ctrl+E", "Ctrl+.", "Esc"}
    missing = [k for k in sorted(keys) if k not in KEYS_HTML]
    assert missing == []
    # the help can list them without loading the window or pyqtgraph
    code = (
        "import sys, whistgui.ui.lab.keys\n"
        "print('pyqtgraph' in sys.modules, 'PySide6' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["False", "False"]


def test_the_filter_box_leaves_ctrl_e_to_the_window(qtbot, lab) -> None:  # type: ignore[no-untyped-def]
    """On X11 a line edit binds Ctrl+E to End of line and takes it before any shortcut (under
    Xvfb Ctrl+E in the filter box moved the cursor); the offscreen platform has no such
    binding, so the box's shortcut override is asked directly: declined for Ctrl+E only."""
    from PySide6.QtCore import QEvent
    from PySide6.QtGui import QKeyEvent

    def override(key: Qt.Key) -> bool:
        event = QKeyEvent(QEvent.Type.ShortcutOverride, key, Qt.KeyboardModifier.ControlModifier)
        return lab.eventFilter(lab.filter, event)

    assert override(Qt.Key.Key_E)
    assert not override(Qt.Key.Key_A)  # select all stays the box's


@pytest.mark.parametrize("where", ["table", "filter"])
def test_f1_in_the_window_shows_its_keys(qtbot, lab, where: str) -> None:  # type: ignore[no-untyped-def]
    """F1 did nothing in the Single Suits window, a window of its own that the main window's
    F1 does not reach (issue 25's review, F6): it shows the window's keys, in a dialog that
    fits the screen."""
    from PySide6.QtWidgets import QWidget

    widget = getattr(lab, where)
    widget.setFocus()
    qtbot.keyClick(widget, Qt.Key.Key_F1)
    dialog = lab.findChild(QWidget, "keysDialog")
    assert dialog is not None, "F1 showed nothing"
    qtbot.waitUntil(dialog.isVisible, timeout=2000)
    text = dialog.text.toPlainText()
    assert "Single Suits" in text
    assert "Alt+F" in text
    room = lab.screen().availableGeometry()
    assert dialog.width() <= room.width()
    assert dialog.height() <= room.height()
    # a short list: no scrolling, and no empty pane below it
    assert dialog.text.verticalScrollBar().maximum() == 0
    assert dialog.text.viewport().height() <= dialog.text.document().size().height() + 40
    qtbot.keyClick(dialog.text, Qt.Key.Key_Return)  # Enter is OK
    assert not dialog.isVisible()
