"""The tree-of-reductions figure: one row per state of the inspector's tree to the depth asked
(counted through the inspector's own item model), the same texts in the same order, the root's
value, every text inside the figure at the width asked, at a wide and a narrow width; too deep
a tree, an empty or an asymmetric suit refused with the reason."""

from __future__ import annotations

import math
from typing import Any

import pytest
from PySide6.QtCore import QModelIndex, Qt
from PySide6.QtGui import QImage

from tests.figures.helpers import MM, assert_inside
from whistgui.engine import Evaluator, SuitDeal, WhistError
from whistgui.figures.backends import write
from whistgui.figures.scene import Figure, Line, Text
from whistgui.figures.text import ensure_app
from whistgui.figures.tree import HEADERS, MAX_ROWS, build_tree
from whistgui.ui.trick.tree_model import ReductionTreeModel

SUITS = {
    "AQ/KJ": SuitDeal.parse("AQ/KJ"),
    "AKT9/QJ87": SuitDeal.parse("AKT9/QJ87"),
    "K/A": SuitDeal.parse("K/A"),
    "7 numbered": SuitDeal(range(2, 16, 2), range(1, 15, 2)),
}
DEPTHS = {"AQ/KJ": 2, "AKT9/QJ87": 2, "K/A": 2, "7 numbered": 1}
CASES = [(name, w) for name in SUITS for w in (120, 60)]


@pytest.fixture(scope="module", autouse=True)
def _app() -> None:
    ensure_app()


def model_rows(suit: SuitDeal, depth: int) -> list[list[str]]:
    """The inspector's rows to ``depth``, in outline order, as its item model shows them."""
    model = ReductionTreeModel(Evaluator())
    model.set_suit(suit)
    out: list[list[str]] = []

    def walk(index: Any, level: int) -> None:
        parent = index.parent()
        out.append(
            [
                model.data(model.index(index.row(), c, parent), Qt.ItemDataRole.DisplayRole)
                for c in range(4)
            ]
        )
        if level == depth:
            return
        while model.canFetchMore(index):
            model.fetchMore(index)
        for r in range(model.rowCount(index)):
            walk(model.index(r, 0, index), level + 1)

    walk(model.index(0, 0, QModelIndex()), 0)
    return out


def header(fig: Figure, text: str) -> Text:
    """A column's header (its first line, where it wraps)."""
    heads = [i for i in fig.items if isinstance(i, Text) and i.bold]
    [t] = [i for i in heads if i.text in (text, text.split()[0])]
    return t


def columns(fig: Figure) -> list[list[Text]]:
    """The body texts of each column, in order (the header's left edges split them; ρ is
    centred on its header)."""
    heads = [header(fig, h) for h in HEADERS]
    body = [i for i in fig.items if isinstance(i, Text) and not i.bold]
    cols: list[list[Text]] = [[], [], [], []]
    for t in body:
        if t.anchor == "middle":
            assert t.x == pytest.approx(heads[3].x)
            cols[3].append(t)
            continue
        j = max(k for k in range(3) if t.left >= heads[k].left - 0.01)
        cols[j].append(t)
    return cols


@pytest.mark.parametrize(("name", "mm"), CASES)
def test_one_row_per_state_of_the_inspectors_tree(name, mm):
    suit, depth = SUITS[name], DEPTHS[name]
    expected = model_rows(suit, depth)
    fig = build_tree(suit, mm * MM, depth=depth)
    rho = [t.text for t in columns(fig)[3]]
    firsts = [t for t in rho if t.startswith("(")]  # a narrow ρ may wrap: (3, | 3)
    assert len(firsts) == len(expected)
    assert " ".join(rho) == " ".join(row[3] for row in expected)
    for j in range(3):  # every cell's text, in order, however it wrapped
        got = " ".join(t.text for t in columns(fig)[j]).replace("/ ", "/")
        assert got == " ".join(row[j] for row in expected if row[j]), HEADERS[j]


@pytest.mark.parametrize("name", list(SUITS))
def test_wide_figures_keep_every_cell_on_one_line(name):
    suit, depth = SUITS[name], DEPTHS[name]
    expected = model_rows(suit, depth)
    fig = build_tree(suit, 120 * MM, depth=depth)
    cols = columns(fig)
    assert [t.text for t in cols[0]] == [row[0] for row in expected]
    assert [t.text for t in cols[1]] == [row[1] for row in expected if row[1]]
    assert [t.text for t in cols[2]] == [row[2] for row in expected]
    # one baseline per row, shared by the row's cells
    for j in (1, 2, 3):
        assert {round(t.y, 3) for t in cols[j]} <= {round(t.y, 3) for t in cols[0]}


@pytest.mark.parametrize(("name", "mm"), CASES)
def test_the_root_shows_the_suits_value(name, mm):
    suit = SUITS[name]
    fig = build_tree(suit, mm * MM, depth=DEPTHS[name])
    _state, played, alpha, _rho = columns(fig)
    root_row = " ".join(t.text for t in alpha if t.y < played[0].y)  # the root plays nothing
    assert root_row == f"val {Evaluator().suit_value(suit).pretty()}"


@pytest.mark.parametrize(("name", "mm"), CASES)
def test_every_text_lies_inside_the_figure_of_the_width_asked(name, mm, tmp_path):
    fig = build_tree(SUITS[name], mm * MM, depth=DEPTHS[name])
    assert fig.width == pytest.approx(mm * MM)
    assert_inside(fig)
    left, top, right, bottom = fig.extent()
    assert left >= fig.font_size - 0.01
    assert right <= fig.width - fig.font_size + 0.01
    assert top >= 0
    assert bottom <= fig.height
    image = QImage(str(write(fig, tmp_path / "x.png", dpi=150)))
    # whole pixels covering the page
    assert image.width() == math.ceil(mm * MM * 150 / 72 - 1e-6)
    assert image.height() == math.ceil(fig.height * 150 / 72 - 1e-6)


@pytest.mark.parametrize("mm", [120, 60])
def test_connectors_join_each_state_to_its_parent(mm):
    suit = SUITS["AKT9/QJ87"]
    fig = build_tree(suit, mm * MM, depth=2)
    lines = [i for i in fig.items if isinstance(i, Line)]
    ticks = [ln for ln in lines if ln.y1 == ln.y2 and ln.x2 - ln.x1 < 3 * fig.font_size]
    stems = [ln for ln in lines if ln.x1 == ln.x2]
    assert len(ticks) == len(model_rows(suit, 2)) - 1  # one per state but the root
    assert len(stems) == 1 + 4  # the root's and each of its four children's
    state = columns(fig)[0]
    for tick in ticks:  # each tick ends just before a state's first line, on its row
        [t] = [t for t in state if abs(t.y - 0.36 * t.size - tick.y1) < 0.01]
        assert 0 < t.left - tick.x2 < fig.font_size / 2
    for stem in stems:  # a stem ends on a tick (the last child's)
        assert any(abs(stem.x1 - t.x1) < 0.01 and abs(stem.y2 - t.y1) < 1 for t in ticks)


def test_depth_zero_is_the_root_alone():
    fig = build_tree(SUITS["AQ/KJ"], 120 * MM, depth=0)
    assert [t.text for t in columns(fig)[0]] == ["AQ/KJ"]
    assert not [i for i in fig.items if isinstance(i, Line) and i.x1 == i.x2]


def test_a_tree_too_big_is_refused_with_its_size():
    suit = SUITS["7 numbered"]
    rows = len(model_rows(suit, 2))
    assert rows > MAX_ROWS
    with pytest.raises(WhistError, match="smaller depth") as info:
        build_tree(suit, 120 * MM, depth=2)
    assert f"{rows:,} rows" in str(info.value)
    assert "depth 1 has 50 rows" in str(info.value)


@pytest.mark.parametrize(
    ("suit", "quoted"),
    [(SuitDeal.parse("AQ/K"), "AQ/K"), (SuitDeal((), ()), "-/-")],
)
def test_asymmetric_and_empty_suits_are_refused_quoting_the_suit(suit, quoted):
    with pytest.raises(WhistError, match=quoted):
        build_tree(suit, 120 * MM)


@pytest.mark.parametrize("depth", [-1, 1.5])
def test_a_depth_that_is_not_a_count_is_refused(depth):
    with pytest.raises(WhistError, match="depth"):
        build_tree(SUITS["AQ/KJ"], 120 * MM, depth=depth)


@pytest.mark.parametrize(("name", "mm"), CASES)
def test_columns_keep_apart(name, mm):
    fig = build_tree(SUITS[name], mm * MM, depth=DEPTHS[name])
    heads = [header(fig, h) for h in HEADERS]
    cols = columns(fig)
    for j in range(3):
        right = max(t.left + t.width for t in [*cols[j], heads[j]])
        left = min(t.left for t in [*cols[j + 1], heads[j + 1]])
        assert left - right >= 0.5 * fig.font_size, HEADERS[j]
