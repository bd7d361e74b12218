"""The Single Suits window lists a table store (File ▸ Open Table Store…): the store's own
values, never recomputed; an SQL filter; pages beyond the first; a damaged store, or a path that
is no store, refused with its message while the list shown stays; closing returns to computing."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from PySide6.QtCore import Qt

from whistgui.app.lab_columns import COLUMNS, HBAR, MAXMIN, MINMAX, SUIT, T0, VALUE, H
from whistgui.engine.tables.parquet_store import ParquetStore, fill_parquet
from whistgui.ui.lab import store_model, store_view
from whistgui.ui.lab.suit_model import PatternRole

N = 6
SUITS = 924  # C(12, 6)


@pytest.fixture(scope="module")
def made(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A Parquet store of every suit of n ≤ 6 (made once for the module; never written)."""
    path = tmp_path_factory.mktemp("store") / "suits6"
    with ParquetStore(path, create=True) as store:
        fill_parquet(store, N)
    return path


@pytest.fixture
def store_path(made: Path, tmp_path: Path) -> Path:
    """A copy of the store the test may damage."""
    path = tmp_path / "suits6"
    shutil.copytree(made, path)
    return path


def _open(qtbot, lab, path: Path):  # type: ignore[no-untyped-def]
    view = lab.store_view
    assert view.open_store(path) is not None
    qtbot.waitUntil(lambda: not view.busy, timeout=20_000)
    return view


def _all_rows(qtbot, lab) -> list[dict[int, object]]:  # type: ignore[no-untyped-def]
    """Every row of the block shown, its cells as the table shows them, after its pages are
    read."""
    model = lab.store_view.model

    def cells(r: int) -> dict[int, object]:
        out: dict[int, object] = {c: model.index(r, c).data() for c in range(len(COLUMNS))}
        out[-1] = model.index(r, 0).data(PatternRole)
        return out

    for r in range(model.rowCount()):
        if model.index(r, SUIT).data() == "…":
            qtbot.waitUntil(lambda r=r: model.index(r, SUIT).data() != "…", timeout=20_000)
    return [cells(r) for r in range(model.rowCount())]


def _stored(path: Path, where: str = "") -> dict[str, tuple[str, ...]]:
    """pattern -> (value, maxmin, minmax, T₀, H, H̄) as the store's own rows say (the rows
    DuckDB gives for ``where``)."""
    with ParquetStore(path) as store:
        wanted = None
        if where:
            _, found = store.sql(f"SELECT pattern FROM suits WHERE n = {N} AND ({where})")
            wanted = {p for (p,) in found}
        return {
            r.pattern: (
                r.value.pretty(),
                r.maxmin.pretty(),
                r.minmax.pretty(),
                str(r.t0),
                str(r.h),
                str(r.hbar),
            )
            for r in store.rows(N)
            if wanted is None or r.pattern in wanted
        }


def _shown(rows: list[dict[int, object]]) -> dict[object, tuple[object, ...]]:
    return {r[-1]: (r[VALUE], r[MAXMIN], r[MINMAX], r[T0], r[H], r[HBAR]) for r in rows}


def test_opening_a_store_lists_its_suits_as_stored(qtbot, lab, store_path) -> None:
    view = _open(qtbot, lab, store_path)
    assert lab.table.model() is view.model
    assert view.model.total == SUITS == view.model.rowCount()
    assert view.count.text() == f"n = {N}: {SUITS:,} suits in suits6"
    assert view.isVisible()
    assert not lab.compute_row.isVisible()
    assert not lab.plots.isVisible()
    assert [view.n.itemData(i) for i in range(view.n.count())] == list(range(1, N + 1))
    rows = _all_rows(qtbot, lab)  # two pages of 512
    assert len(rows) == SUITS
    assert _shown(rows) == _stored(store_path)
    # n = 3 chosen: its 20 suits
    view.n.setCurrentIndex(view.n.findData(3))
    view.n.activated.emit(view.n.currentIndex())
    qtbot.waitUntil(lambda: view.model.total == 20, timeout=20_000)
    assert {r[-1] for r in _all_rows(qtbot, lab)} == {p for p in _stored_n(store_path, 3)}


def _stored_n(path: Path, n: int) -> set[str]:
    with ParquetStore(path) as store:
        return {r.pattern for r in store.rows(n)}


def test_the_filter_keeps_the_rows_duckdb_gives(qtbot, lab, store_path) -> None:
    view = _open(qtbot, lab, store_path)
    where = "class = 'number' AND h < 0"
    qtbot.keyClicks(view.filter, where)
    qtbot.keyClick(view.filter, Qt.Key.Key_Return)
    expected = _stored(store_path, where)
    assert 0 < len(expected) < SUITS
    qtbot.waitUntil(lambda: view.model.total == len(expected), timeout=20_000)
    assert view.count.text() == f"n = {N}: {len(expected):,} of {SUITS:,} suits match"
    assert _shown(_all_rows(qtbot, lab)) == expected
    # the filter and the order are kept when another n is chosen
    view.n.setCurrentIndex(view.n.findData(5))
    view.n.activated.emit(view.n.currentIndex())
    qtbot.waitUntil(lambda: view.query is not None and view.query.n == 5, timeout=20_000)
    assert view.query.condition == where
    assert view.filter.text() == where


def test_a_bad_filter_is_quoted_and_the_list_stays(qtbot, lab, store_path) -> None:
    view = _open(qtbot, lab, store_path)
    _all_rows(qtbot, lab)
    index = view.model.index_
    bad = "t0 > 2 AND no_such_column = 1"
    view.filter.setText(bad)
    with qtbot.waitSignal(view.message, timeout=20_000) as said:
        view.apply_filter()
    text = said.args[0]
    assert repr(bad) in text
    assert "no_such_column" in text
    assert view.model.index_ is index
    assert view.model.total == SUITS
    assert lab.hint.text() == text
    assert view.filter.text() == bad  # as typed, to be corrected
    assert view.model.index(0, SUIT).data() != "…"  # the pages read stay


def test_paging_by_blocks_and_rows_far_down(qtbot, lab, store_path, monkeypatch) -> None:
    monkeypatch.setattr(store_model, "BLOCK", 300)
    monkeypatch.setattr(store_view, "BLOCK", 300)
    view = _open(qtbot, lab, store_path)
    everything = _stored(store_path)
    assert view.model.rowCount() == 300
    assert view.block.text() == f"rows 1–300 of {SUITS:,}"
    seen = _shown(_all_rows(qtbot, lab))
    view.move_by(300)
    assert view.model.offset == 300
    assert view.model.headerData(0, Qt.Orientation.Vertical) == "301"
    seen |= _shown(_all_rows(qtbot, lab))
    view.move_by(300)
    seen |= _shown(_all_rows(qtbot, lab))  # rows 601 to 900
    at = view.go_to_row(SUITS)  # the last row: the block ends there
    assert view.model.offset == SUITS - 300
    assert at == 299
    assert not view.next_button.isEnabled()
    assert view.prev_button.isEnabled()
    seen |= _shown(_all_rows(qtbot, lab))
    assert seen == everything
    # Go to row: the block moves to it, and it is the table's current row
    view.row.setValue(150)
    view.row.editingFinished.emit()
    assert view.model.offset == 0
    assert (
        lab.table.currentIndex().row() == 149
    )  # 924 distinct suits over the blocks, each as stored


def test_sorting_by_value_lists_in_the_values_order(qtbot, lab, store_path) -> None:
    from whistgui.engine.games.whist.keys import value_key
    from whistgui.engine.games.whist.value import Value

    view = _open(qtbot, lab, store_path)
    lab.table.horizontalHeader().sectionClicked.emit(VALUE)
    lab.table.sortByColumn(VALUE, Qt.SortOrder.DescendingOrder)
    qtbot.waitUntil(lambda: view.query is not None and view.query.sort == "value", timeout=20_000)
    assert view.query.descending
    rows = _all_rows(qtbot, lab)
    with ParquetStore(store_path) as store:
        keys = [value_key(Value.parse(store.suit(str(r[-1])).value.ascii())) for r in rows]
    assert keys == sorted(keys, reverse=True)
    assert len(set(keys)) > 10
    assert _shown(rows) == _stored(store_path)
    assert lab.table.horizontalHeader().sortIndicatorSection() == VALUE


def test_a_damaged_store_says_so_and_nothing_breaks(qtbot, lab, store_path) -> None:
    part = store_path / f"n={N}" / "part-00000.parquet"
    part.write_bytes(b"junk, not Parquet" * 10)
    view = lab.store_view
    view.open_store(store_path)
    with qtbot.waitSignal(view.message, timeout=20_000) as said:
        pass
    qtbot.waitUntil(lambda: not view.busy, timeout=20_000)
    # the other levels are listed (the largest whole one), the damaged one is named
    assert "damaged" in said.args[0]
    assert f"n = {N}" in said.args[0]
    assert view.query is not None
    assert view.query.n == N - 1
    assert view.n.itemText(view.n.findData(N)).endswith("(damaged)")
    view.n.setCurrentIndex(view.n.findData(N))
    with qtbot.waitSignal(view.message, timeout=20_000) as said:
        view.n.activated.emit(view.n.currentIndex())
    assert "part-00000.parquet" in said.args[0]
    assert "is not a Parquet file" in said.args[0]
    assert view.query.n == N - 1
    assert view.model.total == 252


@pytest.mark.parametrize("kind", ["no store", "sqlite", "every level damaged"])
def test_what_is_not_a_store_is_refused_and_the_list_stays(qtbot, lab, tmp_path, made, kind):
    lab.list_suits()
    qtbot.waitUntil(lambda: lab.model.rowCount() == SUITS, timeout=20_000)
    if kind == "no store":
        path = tmp_path / "nothing"
        path.mkdir()
        (path / "notes.txt").write_text("hello")
        expected = "not a whist table store"
    elif kind == "sqlite":
        path = tmp_path / "old.db"
        path.write_bytes(b"SQLite format 3\0" + b"\0" * 100)
        expected = "table"
    else:
        path = tmp_path / "bad"
        shutil.copytree(made, path)
        for part in path.glob("n=*/part-*.parquet"):
            part.write_bytes(b"junk")
        expected = "damaged"
    view = lab.store_view
    with qtbot.waitSignal(view.message, timeout=20_000) as said:
        view.open_store(path)
    assert expected in said.args[0]
    assert repr(str(path))[1:-1] in said.args[0] or str(path.name) in said.args[0]
    assert view.source is None
    assert lab.table.model() is lab.model
    assert lab.model.rowCount() == SUITS
    assert lab.compute_row.isVisible()


def test_an_sqlite_store_names_the_conversion(qtbot, lab, tmp_path) -> None:
    from whistgui.engine.tables.store import TableStore, fill

    path = tmp_path / "old.db"
    with TableStore(path, create=True) as store:
        fill(store, 2)
    view = lab.store_view
    with qtbot.waitSignal(view.message, timeout=20_000) as said:
        view.open_store(path)
    assert "whist table --convert" in said.args[0]
    assert view.source is None


def test_closing_the_store_returns_to_computing(qtbot, lab, store_path) -> None:
    view = _open(qtbot, lab, store_path)
    assert lab.act_close_store.isEnabled()
    lab.act_close_store.trigger()
    assert view.source is None
    assert lab.table.model() is lab.model
    assert lab.compute_row.isVisible()
    assert not view.isVisible()
    assert lab.plots.isVisible()
    lab.n.setValue(4)
    lab.list_suits()
    qtbot.waitUntil(lambda: lab.model.rowCount() == 70, timeout=20_000)
    assert lab.table.model().rowCount() == 70


def test_a_row_clicked_opens_its_suit(qtbot, lab, store_path) -> None:
    view = _open(qtbot, lab, store_path)
    rows = _all_rows(qtbot, lab)
    with qtbot.waitSignal(lab.suitChosen, timeout=5000) as chosen:
        lab.table.clicked.emit(view.model.index(700, VALUE))
    assert chosen.args[0] == rows[700][-1]


def test_the_last_store_is_remembered(qtbot, store_path, settings) -> None:
    from whistgui.ui.engine_service import EngineService
    from whistgui.ui.lab.window import SingleSuitsWindow

    engine = EngineService()
    w = SingleSuitsWindow(engine, settings=settings)
    qtbot.addWidget(w)
    try:
        assert not w.act_reopen_store.isEnabled()
        w.store_view.open_store(store_path)
        qtbot.waitUntil(lambda: w.store_view.source is not None, timeout=20_000)
        w2 = SingleSuitsWindow(engine, settings=settings)
        qtbot.addWidget(w2)
        assert w2.store_view.last_store() == str(store_path)
        assert w2.act_reopen_store.isEnabled()
        assert "suits6" in w2.act_reopen_store.text()
        w2.shutdown()
    finally:
        w.shutdown()
        engine.shutdown()


def test_the_store_model_passes_the_model_tester(qtbot, qtmodeltester, lab, store_path) -> None:
    view = _open(qtbot, lab, store_path)
    _all_rows(qtbot, lab)
    qtmodeltester.check(view.model)
    assert view.model.headerData(0, Qt.Orientation.Vertical) == "1"


def test_a_filter_may_end_in_a_comment(qtbot, lab, store_path) -> None:
    view = _open(qtbot, lab, store_path)
    view.filter.setText("t0 > 2 -- the suits West wins the last trick of")
    view.apply_filter()
    expected = _stored(store_path, "t0 > 2")
    qtbot.waitUntil(lambda: view.model.total == len(expected), timeout=20_000)
    assert _shown(_all_rows(qtbot, lab)) == expected


def test_escape_stops_a_slow_count_and_the_list_stays(qtbot, lab, store_path) -> None:
    view = _open(qtbot, lab, store_path)
    index = view.model.index_
    view.filter.setText("(SELECT count(*) FROM range(100000000000)) > 0")  # minutes
    view.apply_filter()
    assert view.busy
    qtbot.waitUntil(lambda: view.busy_row.isVisible(), timeout=5000)  # progress and Cancel
    with qtbot.waitSignal(lab.engine.cancelled, timeout=30_000):
        qtbot.keyClick(lab.table, Qt.Key.Key_Escape)
    assert not view.busy
    assert not view.busy_row.isVisible()
    assert view.model.index_ is index
    assert view.model.total == SUITS
