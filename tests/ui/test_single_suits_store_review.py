"""The Single Suits window's store listing after issue 27's fresh-eyes review: a suit beyond the
card table is refused in the window (never a traceback) and its text copied for 'whist value';
the Suit column and SQL's pattern read as the tooltip says; a refused filter marked in its box,
quoting only what was typed, the list shown named; Go to row and the scroll reset by a new
listing, a row past the last said; the File menu and the blocks from the keyboard; the n box
as wide as its texts; the sort marker when the rows land."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication, QStandardItem, QStandardItemModel
from PySide6.QtWidgets import QAbstractButton, QLabel, QMenuBar

from tests.cli.helpers import run_process
from tests.ui.test_single_suits_store import SUITS, _all_rows, _open, made, store_path
from whistgui.app.document import Document
from whistgui.app.lab_columns import SUIT, T0
from whistgui.engine import Deal
from whistgui.engine.tables.parquet_store import ParquetStore, fill_parquet
from whistgui.engine.trick.deal import SuitDeal
from whistgui.ui.lab import store_model, store_view
from whistgui.ui.lab.suit_model import PatternRole
from whistgui.ui.lab.suit_open import GAME, TABLE_HAND, refusal, suit_text
from whistgui.ui.theme import colour

__all__ = ["made", "store_path"]  # the fixtures, shared with the store's first tests


def _one_row(lab, pattern: str):  # type: ignore[no-untyped-def]
    """The window's table showing one row whose suit is ``pattern`` (a store's n = 14 row
    without 40 million suits to make)."""
    model = QStandardItemModel(1, 2, lab)
    item = QStandardItem("row")
    item.setData(pattern, PatternRole)
    model.setItem(0, 0, item)
    lab.table.setModel(model)
    lab.table.setCurrentIndex(model.index(0, 0))
    return model.index(0, 0)


def test_the_card_tables_limit_is_the_documents() -> None:
    """TABLE_HAND, which the message names, is where the document refuses."""
    Document.from_deal(Deal([SuitDeal.from_pattern("WE" * TABLE_HAND)]), game=GAME)
    assert refusal("WE" * TABLE_HAND) is None
    assert refusal("WE" * (TABLE_HAND + 1)) is not None


@pytest.mark.parametrize("n", [14, 16])
def test_a_suit_beyond_the_card_table_is_said_in_the_window(qtbot, lab, n) -> None:
    """A click or Enter on a row of n ≥ 14 printed a DocumentError traceback and did nothing
    (F1): the window says why, and how to value it, and opens nothing."""
    pattern = "EEW" + "WE" * (n - 2) + "W"
    index = _one_row(lab, pattern)
    chosen: list[str] = []
    fronts: list[bool] = []
    lab.suitChosen.connect(chosen.append)
    lab.showTable.connect(lambda: fronts.append(True))
    lab.table.clicked.emit(index)
    qtbot.keyClick(lab.table, Qt.Key.Key_Return)
    lab.table.doubleClicked.emit(index)
    assert chosen == []
    assert fronts == []
    said = lab.hint.text()
    assert f"A suit of {n} cards a hand is more than the card table holds" in said
    assert "at most 13 a hand, 26 cards" in said
    assert "'whist value'" in said
    assert "Ctrl+C" in said


def test_ctrl_c_copies_the_suits_text_which_whist_value_reads(qtbot, lab) -> None:
    pattern = "EW" * 16
    _one_row(lab, pattern)
    QGuiApplication.clipboard().clear()
    lab.table.setFocus()
    lab.act_copy_suit.trigger()
    text = QGuiApplication.clipboard().text()
    assert text == suit_text(pattern) == str(SuitDeal.from_pattern(pattern))
    assert text.startswith("[32 30 28")  # West holds the highest card
    done = run_process("value", text, timeout=120)  # the installed whist, venv active or not
    assert done.returncode == 0, done.stderr
    suit_line = next(line for line in done.stdout.splitlines() if line.lstrip().startswith("S "))
    assert text in suit_line
    assert "8½" in suit_line  # the suit's value, as whist values it


def test_a_suit_the_table_holds_still_opens(qtbot, lab, store_path) -> None:
    view = _open(qtbot, lab, store_path)
    rows = _all_rows(qtbot, lab)
    with qtbot.waitSignal(lab.showTable, timeout=5000):
        lab.table.setCurrentIndex(view.model.index(5, SUIT))
        qtbot.keyClick(lab.table, Qt.Key.Key_Return)
    assert rows[5][-1] == view.model.index(5, SUIT).data(PatternRole)


@pytest.fixture(scope="module")
def store7(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("store7") / "suits7"
    with ParquetStore(path, create=True) as store:
        fill_parquet(store, 7)
    return path


def test_the_suit_column_is_the_computed_lists_and_sql_reverse_pattern_finds_it(
    qtbot, lab, store7
) -> None:
    """The Suit column read from the highest card down, SQL's pattern from the lowest (F2):
    the two modes of the window write a suit alike, and the condition the tooltip gives for a
    suit seen, reverse(pattern) = 'its Suit text', lists that suit."""
    view = _open(qtbot, lab, store7)
    shown = {r[-1]: r[SUIT] for r in _all_rows(qtbot, lab)[:50]}
    lab.n.setValue(7)
    lab.list_suits()  # the computed list of the same n, in the model behind
    qtbot.waitUntil(lambda: lab.model.rowCount() == 3432, timeout=60_000)
    computed = {
        lab.model.index(r, SUIT).data(PatternRole): lab.model.index(r, SUIT).data()
        for r in range(lab.model.rowCount())
    }
    assert all(computed[p] == text for p, text in shown.items())
    pattern, text = next(iter(shown.items()))
    assert text == pattern[::-1] != pattern
    assert "reverse(pattern)" in view.filter.toolTip()
    assert "pattern = 'EWEW' is AQ/KJ" in view.filter.placeholderText()
    assert str(SuitDeal.from_pattern("EWEW")) == "AQ/KJ"  # as the placeholder says
    view.filter.setText(f"reverse(pattern) = '{text}'")
    view.apply_filter()
    qtbot.waitUntil(lambda: view.model.total == 1, timeout=20_000)
    assert _all_rows(qtbot, lab)[0][SUIT] == text


def test_a_refused_filter_is_marked_and_the_list_shown_named(qtbot, lab, store_path) -> None:
    """A refused filter left the previous result under the new text, said only in the
    status bar, quoting the window's query (F3)."""
    view = _open(qtbot, lab, store_path)
    view.filter.setText("t0 > 2")
    view.apply_filter()
    qtbot.waitUntil(lambda: view.query is not None and view.query.condition == "t0 > 2")
    shown = view.model.total
    assert view.filter.styleSheet() == ""
    view.filter.setText("nonsense > 1")
    with qtbot.waitSignal(view.message, timeout=20_000):
        view.apply_filter()
    note = view.note.text()
    assert note.startswith("the condition 'nonsense > 1' is not valid SQL: ")
    assert note.endswith(" — showing: t0 > 2")
    for internal in ("GROUP BY", "WITH suits", "value_key", "\n"):
        assert internal not in note
    assert colour("error").name() in view.filter.styleSheet()
    assert view.count.text().startswith("showing: t0 > 2 — ")
    assert view.model.total == shown
    view.filter.setText("nonsense > 2")  # typing: the mark goes, the note stays
    assert view.filter.styleSheet() == ""


@pytest.mark.parametrize(
    "typed",
    ["1=1) UNION ALL SELECT * FROM suits WHERE (1=1", "t0 > 2; SELECT 1", "(t0 > 2"],
)
def test_a_filter_escaping_its_where_is_refused_at_once(qtbot, lab, store_path, typed) -> None:
    view = _open(qtbot, lab, store_path)
    view.filter.setText(typed)
    assert view.apply_filter() is None  # no query run
    assert not view.busy
    assert view.note.text().startswith(f"the condition {typed!r} ")
    assert view.note.text().endswith(" — showing every suit")
    assert view.model.total == SUITS


def test_a_cancelled_count_says_which_listing_is_shown(qtbot, lab, store_path) -> None:
    view = _open(qtbot, lab, store_path)
    view.filter.setText("(SELECT count(*) FROM range(100000000000)) > 0")  # minutes
    view.apply_filter()
    assert view.busy
    qtbot.keyClick(lab.table, Qt.Key.Key_Escape)
    assert not view.busy
    assert view.count.text() == f"cancelled — showing every suit — n = 6: {SUITS:,} suits in suits6"


def test_a_new_listing_resets_go_to_row_and_the_scroll(qtbot, lab, store_path) -> None:
    """After Go to row 500,000,000 and a sort by Value the view showed page 1 scrolled to row
    99,973 with "Go to row: 500,000,000" (F4); the ▲ showed before the new order landed."""
    view = _open(qtbot, lab, store_path)
    view.row.setValue(900)
    view.row.editingFinished.emit()
    qtbot.waitUntil(lambda: lab.table.verticalScrollBar().value() > 0)
    lab.table.sortByColumn(T0, Qt.SortOrder.AscendingOrder)
    assert view.busy
    header = lab.table.horizontalHeader()
    assert header.sortIndicatorSection() != T0  # the order listed until the rows land
    assert "sorting by T₀ ↑" in view.progress_label.text()
    qtbot.waitUntil(lambda: not view.busy, timeout=20_000)
    assert header.sortIndicatorSection() == T0
    assert view.row.value() == 1
    assert lab.table.verticalScrollBar().value() == 0
    # the marker has its room beside T₀'s title
    title = header.fontMetrics().horizontalAdvance("T₀")
    assert header.sectionSize(T0) >= title + 16


def test_go_to_a_row_past_the_last_goes_to_the_last_and_says_so(qtbot, lab, store_path) -> None:
    """Go to row dropped a digit of a number past the end (999999999 → 9,999,999) (F5)."""
    view = _open(qtbot, lab, store_path)
    assert view.row.maximum() == SUITS
    view.row.setFocus()
    view.row.selectAll()
    with qtbot.waitSignal(view.message, timeout=5000) as said:
        qtbot.keyClicks(view.row, "999999999")
        qtbot.keyClick(view.row, Qt.Key.Key_Return)
    assert said.args[0] == f"Row 999,999,999 is past the last, {SUITS:,}: showing the last"
    assert view.row.value() == SUITS
    assert lab.table.currentIndex().row() == SUITS - 1


def test_the_blocks_and_the_file_menu_from_the_keyboard(
    qtbot, lab, store_path, monkeypatch
) -> None:
    monkeypatch.setattr(store_model, "BLOCK", 300)
    monkeypatch.setattr(store_view, "BLOCK", 300)
    view = _open(qtbot, lab, store_path)
    lab.activateWindow()
    qtbot.waitActive(lab)
    lab.table.setFocus()
    qtbot.keyClick(lab.table, Qt.Key.Key_PageDown, Qt.KeyboardModifier.ControlModifier)
    assert view.model.offset == 300
    qtbot.keyClick(lab.table, Qt.Key.Key_PageUp, Qt.KeyboardModifier.ControlModifier)
    assert view.model.offset == 0
    bar = lab.findChild(QMenuBar)
    qtbot.keyClick(lab.table, Qt.Key.Key_F10)
    assert bar.activeAction() is not None
    assert bar.activeAction().text() == "F&ile"
    from whistgui.ui.lab.keys import KEYS_HTML

    for keys in ("F10", "Alt+I", "Ctrl+PgDown", "Ctrl+PgUp", "Ctrl+C"):
        assert keys in KEYS_HTML


def _mnemonic(text: str) -> str | None:
    m = re.search(r"&([^&])", text)
    return m.group(1).lower() if m else None


def test_no_two_of_the_windows_alt_keys_are_one(qtbot, lab) -> None:
    """Alt+F is the computed list's filter: the File menu is Alt+I, and every other Alt key
    of the window (both rows, the plots, the menu bar) is its own (F6)."""
    keys = [
        _mnemonic(w.text()) for w in lab.findChildren(QLabel) + lab.findChildren(QAbstractButton)
    ]
    bar = lab.findChild(QMenuBar)
    keys += [_mnemonic(a.text()) for a in bar.actions()]
    keys = [k for k in keys if k]
    assert len(keys) == len(set(keys)), sorted(keys)
    assert {"c", "t", "l", "f", "e", "n", "q", "g", "v", "i"} <= set(keys)


def test_the_n_box_is_as_wide_as_its_longest_text(qtbot, lab, store_path) -> None:
    """The n box showed "1(" at 1280 × 800 (F7)."""
    part = store_path / "n=6" / "part-00000.parquet"
    part.write_bytes(b"junk, not Parquet" * 10)
    view = _open(qtbot, lab, store_path)
    texts = [view.n.itemText(i) for i in range(view.n.count())]
    assert "6 (damaged)" in texts
    metrics = view.n.fontMetrics()
    assert view.n.width() >= metrics.horizontalAdvance("6 (damaged)") + 16
