"""Single Suits read as a newcomer reads them (issue 25): from 7 cards a hand every row's suit
reads differently and whole, the Kind column is whole, a filter word finds the W/E texts shown,
the sort indicator points the way the rows go, and the plots show the suits listed."""

from __future__ import annotations

from itertools import pairwise

import numpy as np
import pytest
from PySide6.QtCore import QEvent, QPoint, QPointF, QRect, Qt
from PySide6.QtGui import QFontMetrics, QMouseEvent
from PySide6.QtWidgets import QApplication

from whistgui.app.lab import lab_table
from whistgui.app.lab_columns import columns, compact_suit, compact_suits, pattern_matches
from whistgui.ui.lab.suit_model import KIND, SUIT, VALUE, RowRole, SuitTableModel

#: A cell's text margin in the view (Fusion: 3 px a side and the focus frame's pixel).
_MARGIN = 8


def _seen(view, row: int, column: int) -> str:  # type: ignore[no-untyped-def]
    """The text a cell shows: elided as the view elides it to its column."""
    index = view.model().index(row, column)
    font = index.data(Qt.ItemDataRole.FontRole) or view.font()
    room = view.horizontalHeader().sectionSize(column) - _MARGIN
    return QFontMetrics(font).elidedText(index.data(), Qt.TextElideMode.ElideRight, room)


# -- the Suit column ------------------------------------------------------------------------------


@pytest.mark.parametrize("n", [7, 8])
def test_from_seven_cards_every_suit_reads_differently_and_whole(qtbot, lab, n: int) -> None:  # type: ignore[no-untyped-def]
    table = lab_table(n)
    lab.show_table(table)
    view, model = lab.table, lab.model
    seen = [_seen(view, r, SUIT) for r in range(model.rowCount())]
    assert len(set(seen)) == len(table)  # no two rows read alike (all read "[16 15 14 …" before)
    for r in (0, 1, len(table) // 2, len(table) - 1):
        index = model.index(r, SUIT)
        assert seen[r] == index.data()  # nothing cut
        pattern = table.pattern(model.suit_row(r))
        assert index.data() == pattern[::-1]  # who holds each card, the highest first
        tip = index.data(Qt.ItemDataRole.ToolTipRole)
        assert tip.startswith(table.suit_text(model.suit_row(r)) + ":")  # the paper's text


def test_a_range_of_n_fits_every_suit_and_every_kind(qtbot, lab) -> None:  # type: ignore[no-untyped-def]
    table = lab_table(5, 9)
    lab.show_table(table)
    view, model = lab.table, lab.model
    header = view.horizontalHeader()
    firsts = {n: lo for n, (lo, _hi) in table.spans.items()}
    for n, row in firsts.items():
        assert _seen(view, row, SUIT) == model.index(row, SUIT).data(), n
    assert model.index(firsts[5], SUIT).data() == table.suit_text(firsts[5])  # letters to n = 6
    kinds = {model.index(r, KIND).data(): r for r in range(model.rowCount())}
    assert "number; the outcome depends on the lead" in kinds  # cut at "…depends on …" before
    for kind, row in kinds.items():
        assert _seen(view, row, KIND) == kind
    widest = max(QFontMetrics(view.font()).horizontalAdvance(k) for k in kinds)
    assert header.sectionSize(KIND) >= widest + _MARGIN


def test_compact_suits_agree_one_by_one_and_in_bulk() -> None:
    table = lab_table(6, 8)
    rows = np.arange(len(table), dtype=np.intp)[::7]
    assert compact_suits(table, rows) == [compact_suit(table, int(i)) for i in rows]


WORDS = [
    "wwwe",
    "EW",
    "ewe 4",
    "wewewewewewewewe",
    "eeeeeeeeeeeeeeeeee",
    "we west",
    "^wwe exit",
    "eew$",
    "^EEEEEEEEWWWWWWWW$",
    "east 2 stoppers",
    "aq",
    "16",
]


def _holds(cell: str, word: str, pattern: bool) -> bool:
    """Does ``cell`` hold ``word`` (casefolded; ``^`` and ``$`` anchor a W/E text)?"""
    cell, word = cell.casefold(), word.casefold()
    if pattern and word[:1] == "^" and word[-1:] == "$" and len(word) > 2:
        return cell == word[1:-1]
    if pattern and word[:1] == "^":
        return cell.startswith(word[1:])
    if pattern and word[-1:] == "$" and len(word) > 1:
        return cell.endswith(word[:-1])
    return word in cell


@pytest.mark.parametrize("words", WORDS)
def test_a_filter_word_finds_the_suits_as_shown(words: str) -> None:
    table = lab_table(6, 8)
    model = SuitTableModel()
    model.set_table(table)
    model.set_words(words)
    others = columns(table)

    def found(i: int, word: str) -> bool:
        """In a cell as shown: the Suit (letters, or W/E from 7 cards a hand), the others."""
        pattern = table.n[i] > 6
        if _holds(compact_suit(table, i), word, pattern):
            return True
        return any(word.casefold() in c.texts[c.at(i)].casefold() for c in others.values())

    expected = [i for i in range(len(table)) if all(found(i, w) for w in words.split())]
    shown = [model.suit_row(r) for r in range(model.rowCount())]
    assert shown == expected
    if words in ("wwwe", "^wwe exit", "eew$"):
        assert any(table.n[i] == 8 for i in shown)  # found in the W/E texts
    if words == "16":  # in no cell shown (every suit of 8 cards holds a 16: it matched all)
        assert not any(table.n[i] == 8 for i in shown)


def test_a_pattern_word_is_tried_at_every_place() -> None:
    table = lab_table(7)
    for word in ("w", "ew", "wwwwwwwe", "ewwwwwwwe", "eeeeeeewwwwwww"):
        hit = pattern_matches(table, word)
        assert hit is not None
        expected = [word.upper() in compact_suit(table, i) for i in range(len(table))]
        assert hit.tolist() == expected
    assert pattern_matches(table, "wex") is None
    assert pattern_matches(table, "w" * 15) is None  # longer than a suit of 14 cards
    assert pattern_matches(table, "w" * 8) is None  # West holds 7 cards
    assert pattern_matches(lab_table(6), "we") is None  # letters there: no W/E text shown


# -- the sort indicator ---------------------------------------------------------------------------


def _arrow(header, section: int) -> str:  # type: ignore[no-untyped-def]
    """Which way the section's sort indicator points: its pixels are those that change when
    the indicator is hidden (the title aligned left, so that it stays put); a triangle pointing
    up is narrow at the top."""
    alignment = header.defaultAlignment()
    header.setDefaultAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
    rect = QRect(header.sectionViewportPosition(section), 0, header.sectionSize(section), 40)
    shown = header.grab(rect).toImage()
    header.setSortIndicatorShown(False)
    hidden = header.grab(rect).toImage()
    header.setSortIndicatorShown(True)
    header.setDefaultAlignment(alignment)
    spans: dict[int, list[int]] = {}
    for y in range(shown.height()):
        for x in range(shown.width()):
            if shown.pixel(x, y) != hidden.pixel(x, y):
                spans.setdefault(y, []).append(x)
    widths = [max(xs) - min(xs) for _y, xs in sorted(spans.items())]
    assert len(widths) >= 2, "no sort indicator drawn"
    assert widths[0] != widths[-1]
    return "up" if widths[0] < widths[-1] else "down"


def test_the_sort_indicator_points_the_way_the_rows_go(qtbot, lab) -> None:  # type: ignore[no-untyped-def]
    lab.show_table(lab_table(5))
    view, model = lab.table, lab.model
    header = view.horizontalHeader()
    for order, way in ((Qt.SortOrder.AscendingOrder, "up"), (Qt.SortOrder.DescendingOrder, "down")):
        view.sortByColumn(VALUE, order)
        assert header.sortIndicatorOrder() == order  # Qt's order, as the model has it
        assert model.sorting == (VALUE, order)
        values = [model.index(r, VALUE).data(RowRole).value for r in (0, model.rowCount() - 1)]
        assert (values[0] < values[1]) == (order == Qt.SortOrder.AscendingOrder)
        assert _arrow(header, VALUE) == way  # up: the smallest first (was down)
    # a click on a new column sorts it ascending, the arrow up
    centre = header.sectionViewportPosition(KIND) + header.sectionSize(KIND) // 2
    qtbot.mouseClick(header.viewport(), Qt.MouseButton.LeftButton, pos=QPoint(centre, 5))
    assert model.sorting == (KIND, Qt.SortOrder.AscendingOrder)
    assert _arrow(header, KIND) == "up"


# -- the plots follow the filter ------------------------------------------------------------------


def _bars(lab) -> dict[float, float]:  # type: ignore[no-untyped-def]
    (bars,) = lab.values_plot.getPlotItem().items
    return dict(zip(bars.opts["x"], bars.opts["height"], strict=True))


def _drawn(lab) -> list[tuple[float, float, float]]:  # type: ignore[no-untyped-def]
    """The bars drawn, left to right: (left, right, height)."""
    (bars,) = lab.values_plot.getPlotItem().items
    o = bars.opts
    widths = np.broadcast_to(o["width"], len(o["x"]))  # one for all, or one a bar
    return sorted(
        (x - w / 2, x + w / 2, h) for x, w, h in zip(o["x"], widths, o["height"], strict=True)
    )


def _growth(lab) -> list[dict[int, int]]:  # type: ignore[no-untyped-def]
    """Each series of the growth plot as n → count."""
    out = []
    for item in lab.growth_plot.getPlotItem().listDataItems():
        xs, ys = item.getData()
        out.append({int(x): int(y) for x, y in zip(xs, ys, strict=True)})
    return out


def test_the_plots_follow_the_filter(qtbot, lab) -> None:  # type: ignore[no-untyped-def]
    table = lab_table(8)
    lab.distinct.update({n: lab_table(n).distinct(n) for n in range(1, 8)})
    lab.show_table(table)
    assert sum(_bars(lab).values()) == 12_870
    assert lab.values_summary.text() == f"12,870 suits, {table.distinct(8)} distinct values"
    assert _growth(lab) == [{n: lab.distinct[n] for n in range(1, 9)}]
    lab.filter.setText("east 2 stoppers")
    shown = [lab.model.suit_row(r) for r in range(lab.model.rowCount())]
    assert 0 < len(shown) < 12_870
    values = [table.value_of(i) for i in shown]
    drawn = _drawn(lab)
    assert len(drawn) == len(set(values))  # a bar a value, of the shown suits only
    assert [h for _l, _r, h in drawn] == [values.count(v) for v in sorted(set(values))]
    assert lab.values_summary.text() == (
        f"{len(shown):,} of 12,870 suits, {len(set(values))} distinct values "
        "(filter: east 2 stoppers)"
    )
    every, filtered = _growth(lab)
    assert every == {n: lab.distinct[n] for n in range(1, 9)}
    assert filtered == {8: len(set(values))}
    bars = lab.values_plot.getPlotItem().items[0]
    lab.table.sortByColumn(VALUE, Qt.SortOrder.DescendingOrder)  # the same suits: not redrawn
    assert lab.values_plot.getPlotItem().items[0] is bars
    lab.filter.setText("")
    assert sum(_bars(lab).values()) == 12_870
    assert len(_growth(lab)) == 1


def test_each_distinct_value_has_a_bar_of_its_own(qtbot, lab) -> None:  # type: ignore[no-untyped-def]
    """n = 6, 'east 2 stoppers': "3 distinct values" (2 − ε₄, 2 + ε₂, 4 − ε₂) were two bars
    1.6 units wide, 2 − ε₄ and 2 + ε₂ in one. Now three, apart, as wide as each other, the
    two at 2 sharing 0.4 (0.8 of ½); the pointer on a bar names its value."""
    lab.show_table(lab_table(6))
    lab.filter.setText("east 2 stoppers")
    assert (
        lab.values_summary.text() == "14 of 924 suits, 3 distinct values (filter: east 2 stoppers)"
    )
    drawn = _drawn(lab)
    assert [h for _l, _r, h in drawn] == [2, 6, 6]
    for (_l, right, _h), (left, _r, _h2) in pairwise(drawn):
        assert right < left  # apart
    widths = [r - le for le, r, _h in drawn]
    assert max(widths) - min(widths) < 1e-9  # all as wide: heights alone compare
    assert max(widths) <= 0.4
    assert drawn[0][1] <= 2 <= drawn[1][0]  # 2 − ε₄ below 2, 2 + ε₂ above
    plot = lab.values_plot
    box = plot.getPlotItem().vb
    QApplication.processEvents()  # the view's range follows the bars

    def point_at(x: float) -> str:
        """The values plot's tooltip with the pointer moved to ``x`` (1 suit high)."""
        at = QPointF(plot.mapFromScene(box.mapViewToScene(QPointF(x, 1))))
        move = QMouseEvent(
            QEvent.Type.MouseMove,
            at,
            QPointF(plot.viewport().mapToGlobal(at.toPoint())),
            Qt.MouseButton.NoButton,
            Qt.MouseButton.NoButton,
            Qt.KeyboardModifier.NoModifier,
        )
        QApplication.sendEvent(plot.viewport(), move)
        return plot.toolTip()

    # the plot's scene passes on at most one move in so many ms: move until it has
    for (left, right, _h), tip in zip(
        drawn, ["2 − ε₄: 2 suits", "2 + ε₂: 6 suits", "4 − ε₂: 6 suits"], strict=True
    ):
        qtbot.waitUntil(lambda x=(left + right) / 2, tip=tip: point_at(x) == tip, timeout=2000)
    qtbot.waitUntil(lambda: point_at(3) == "", timeout=2000)  # between the bars


def test_a_range_plots_the_chosen_n_of_the_suits_shown(qtbot, lab) -> None:  # type: ignore[no-untyped-def]
    table = lab_table(3, 5)
    lab.show_table(table)
    lab.filter.setText("stopper")
    kept = [lab.model.suit_row(r) for r in range(lab.model.rowCount())]
    for i, n in enumerate(table.ns):
        lab.dist_n.setCurrentIndex(i)
        assert sum(_bars(lab).values()) == sum(table.n[k] == n for k in kept)
    assert _growth(lab)[1] == {
        n: len({table.value_of(k) for k in kept if table.n[k] == n}) for n in table.ns
    }


def test_a_phrase_filter_is_named_in_one_pair_of_quotes(qtbot, lab) -> None:  # type: ignore[no-untyped-def]
    """Fresh-eyes review (K5): '"with 2 stoppers"' was named (filter “"with 2 stoppers"”) in
    the summary, the growth plot's legend and the LaTeX export's comment — quotes in quotes."""
    from whistgui.ui.lab.exports import rows_comment

    table = lab_table(6)
    lab.distinct.update({n: lab_table(n).distinct(n) for n in range(1, 6)})
    lab.show_table(table)
    lab.filter.setText('"with 2 stoppers"')
    shown = lab.model.rowCount()
    assert 0 < shown < 924
    named = "(filter: “with 2 stoppers”)"
    assert lab.values_summary.text().endswith(f"distinct values {named}")
    legend = [item.name() for item in lab.growth_plot.getPlotItem().listDataItems()]
    assert f"shown {named}" in legend
    comment = rows_comment(lab.model)
    assert comment.startswith(f"Single suits: {shown:,} of 924 suits of n = 6 cards a hand {named}")
    for text in (lab.values_summary.text(), *legend, comment):
        assert '"' not in text
        assert text.count("“") == text.count("”") <= 1
