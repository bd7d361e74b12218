"""The Single Suits window's store listing after the second fresh-eyes review: a new listing
(another n, filter, order or store) shows the table from its first column, header too; a store
opened starts unfiltered in rank order; a refused filter leaves the SQL box its width."""

from __future__ import annotations

import shutil
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from tests.ui.test_single_suits_store import _open, made, store_path
from whistgui.app.lab_columns import VALUE

__all__ = ["made", "store_path"]  # the fixtures, shared with the store's first tests


def _settle(qtbot) -> None:  # type: ignore[no-untyped-def]
    for _ in range(3):
        QApplication.processEvents()
        qtbot.wait(10)


def _choose_n(view, n: int) -> None:  # type: ignore[no-untyped-def]
    """n chosen in its box, as a click does."""
    at = view.n.findData(n)
    view.n.setCurrentIndex(at)
    view.n.activated.emit(at)


def _scrolled_right(qtbot, lab) -> int:  # type: ignore[no-untyped-def]
    bar = lab.table.horizontalScrollBar()
    _settle(qtbot)
    assert bar.maximum() > 0, "the columns fit: nothing to scroll"
    bar.setValue(bar.maximum())
    _settle(qtbot)
    assert lab.table.horizontalHeader().offset() > 0
    return bar.maximum()


def test_a_new_n_shows_the_table_from_its_first_column(qtbot, lab, store_path) -> None:
    """After End scrolled right, a smaller n showed the header from Value, blank after the
    last column, the scroll bar at the far left."""
    lab.resize(700, 600)
    view = _open(qtbot, lab, store_path)
    _scrolled_right(qtbot, lab)
    _choose_n(view, 3)
    qtbot.waitUntil(lambda: not view.busy and view.query.n == 3, timeout=20_000)
    _settle(qtbot)
    header = lab.table.horizontalHeader()
    assert lab.table.horizontalScrollBar().value() == 0
    assert header.offset() == 0
    assert header.logicalIndexAt(1) == header.logicalIndex(0)  # the first column at the left
    # and after a sort, and a filter
    _scrolled_right(qtbot, lab)
    lab.table.sortByColumn(VALUE, Qt.SortOrder.DescendingOrder)
    qtbot.waitUntil(lambda: not view.busy and view.query.sort is not None, timeout=20_000)
    _settle(qtbot)
    assert (lab.table.horizontalScrollBar().value(), header.offset()) == (0, 0)
    _scrolled_right(qtbot, lab)
    view.filter.setText("t0 > 0")
    view.apply_filter()
    qtbot.waitUntil(lambda: not view.busy and view.query.condition == "t0 > 0", timeout=20_000)
    _settle(qtbot)
    assert (lab.table.horizontalScrollBar().value(), header.offset()) == (0, 0)


def test_another_store_opens_unfiltered_in_rank_order(qtbot, lab, store_path, tmp_path) -> None:
    """The filter and the sort carried over to the store opened next (Ctrl+O)."""
    other = tmp_path / "other"
    shutil.copytree(store_path, other)
    view = _open(qtbot, lab, store_path)
    view.filter.setText("t0 > 1")
    view.apply_filter()
    qtbot.waitUntil(lambda: not view.busy and view.query.condition == "t0 > 1", timeout=20_000)
    lab.table.sortByColumn(VALUE, Qt.SortOrder.DescendingOrder)
    qtbot.waitUntil(lambda: not view.busy and view.query.descending, timeout=20_000)
    filtered = view.model.total
    said: list[str] = []
    view.message.connect(said.append)
    _open(qtbot, lab, other)
    query = view.query
    assert query is not None
    assert (query.condition, query.sort, query.descending) == ("", None, False)
    assert view.filter.text() == ""
    assert view.model.total > filtered
    assert view.sort_column() == (-1, Qt.SortOrder.AscendingOrder)
    assert "filter and order cleared" in said[-1]
    # within one store a new n keeps them, as before
    view.filter.setText("t0 > 1")
    view.apply_filter()
    qtbot.waitUntil(lambda: not view.busy and view.query.condition == "t0 > 1", timeout=20_000)
    _choose_n(view, 4)
    qtbot.waitUntil(lambda: not view.busy and view.query.n == 4, timeout=20_000)
    assert view.query.condition == "t0 > 1"
    # the same store again (Open Last Store) starts afresh too
    _open(qtbot, lab, Path(other))
    assert view.query.condition == ""


def test_a_refused_filter_leaves_the_sql_box_its_width(qtbot, lab, store_path) -> None:
    """After a refused filter the count grew ("showing: … — n = 6: …") and the SQL box shrank
    from ~680 to ~325 px, its placeholder cut; now the count is one elided line."""
    lab.resize(1280, 720)
    view = _open(qtbot, lab, store_path)
    view.filter.setText("t0 > 2")
    view.apply_filter()
    qtbot.waitUntil(lambda: not view.busy and view.query.condition == "t0 > 2", timeout=20_000)
    _settle(qtbot)
    width = view.filter.width()
    assert width >= 500
    view.filter.setText("nonsense > 1 and another_column_that_is_not_there < 2")
    with qtbot.waitSignal(view.message, timeout=20_000):
        view.apply_filter()
    _settle(qtbot)
    assert view.count.text().startswith("showing: t0 > 2 — ")
    assert view.filter.width() == width
    if view.count.is_elided():  # the whole count said in its tooltip
        assert view.count.toolTip() == view.count.text()
    metrics = view.filter.fontMetrics()
    assert metrics.horizontalAdvance(view.filter.placeholderText()) < width
