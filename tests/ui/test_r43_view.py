"""The inspector's R43 tab: A, T_k, H, H̄ of the suit inspected; Whist, Greedy Whist and
Five-card side by side, optimal (by search) and by the normal strategy."""

from __future__ import annotations

import itertools

import pytest
from PySide6.QtCore import QPointF

from tests.ui.workspaces import trick
from whistgui.app.lab import R43_GAMES
from whistgui.engine import Deal, Player, Solver, SuitDeal
from whistgui.engine.games import find_game


def test_the_r43_tab_follows_the_suit_and_matches_search(qtbot, inspector) -> None:  # type: ignore[no-untyped-def]
    suit = SuitDeal.parse("KQT/AJ9")
    inspector.open_suit_now(suit)
    inspector.tabs.setCurrentWidget(inspector.r43)
    r43 = inspector.r43
    qtbot.waitUntil(lambda: r43.report is not None, timeout=20000)
    solver = Solver()
    for row, name in enumerate(R43_GAMES):
        outcome = solver.outcome(Deal([suit]), rules=find_game(name).rules)
        for col, expected in enumerate(outcome):
            text = r43.outcomes.item(row, col).text()
            shown = expected.name.title() if isinstance(expected, Player) else str(expected)
            assert text == shown, (name, col)
    # Greedy Whist: the normal strategy is optimal (R43 Theorem 6.1)
    greedy = R43_GAMES.index("greedy-whist")
    assert [r43.outcomes.item(greedy, c).text() for c in (0, 1)] == [
        r43.outcomes.item(greedy, c).text() for c in (2, 3)
    ]
    assert "West leads" in r43.note.text()
    assert r43.matrix.a_table.rowCount() == 3
    # another suit: the tab follows
    other = SuitDeal.parse("AQ/KJ")
    inspector.open_suit_now(other)
    qtbot.waitUntil(lambda: r43.report is not None and r43.report.suit == str(other), timeout=20000)
    assert r43.matrix.a_table.rowCount() == 2


def test_the_lattice_is_graded_by_the_sum_and_marks_the_sets_reached(qtbot, inspector) -> None:  # type: ignore[no-untyped-def]
    from whistgui.app.lab import lattice

    for n in range(1, 6):
        nodes, covers = lattice(n)
        assert len(nodes) == 2**n
        assert all(sum(b) == sum(a) + 1 for a, b in covers)  # graded by the sum (R43 §7)
    suit = SuitDeal.parse("AQ/KJ")
    inspector.open_suit_now(suit)
    inspector.tabs.setCurrentWidget(inspector.r43)
    r43 = inspector.r43
    qtbot.waitUntil(lambda: r43.report is not None, timeout=20000)
    west, east = r43.report.west_trick_sets
    assert r43.lattice.n == 2
    assert r43.lattice.marks[frozenset(west)] in ("W", "WE")
    assert r43.lattice.marks[frozenset(east)] in ("E", "WE")
    assert len(west) == r43.report.optimal["whist"][0]


# --------------------------------------------------------------- nothing painted over


def _overlaps(r43) -> list[tuple[str, str]]:  # type: ignore[no-untyped-def]
    """The pairs of the tab's visible labels, tables and lattice whose rectangles (in the
    scrolled body's coordinates) intersect, and the labels cut short of their text."""
    from PySide6.QtCore import QPoint, QRect
    from PySide6.QtWidgets import QLabel, QTableWidget

    from whistgui.ui.trick.r43_view import LatticeView

    body = r43.body
    shown = [
        w
        for w in (*body.findChildren(QLabel), *body.findChildren(QTableWidget), r43.lattice)
        if w.isVisibleTo(body) and (not isinstance(w, QLabel) or w.text())
    ]
    shown = [w for w in shown if not any(o is not w and o.isAncestorOf(w) for o in shown)]
    assert len(shown) >= 8  # outcomes, note, A, T, heading, element, caption, sign, lattice…
    rects = {w: QRect(w.mapTo(body, QPoint(0, 0)), w.size()) for w in shown}
    bad = []
    for i, a in enumerate(shown):
        if isinstance(a, QLabel) and a.height() < a.heightForWidth(a.width()):
            bad.append((a.objectName(), "cut short"))
        if isinstance(a, LatticeView) and a.height() < a.minimumSizeHint().height():
            bad.append((a.objectName(), "squeezed"))
        for b in shown[i + 1 :]:
            if rects[a].intersects(rects[b]):
                bad.append((a.objectName() or type(a).__name__, b.objectName()))
    return bad


def _settle(qtbot, r43) -> None:  # type: ignore[no-untyped-def]
    """The report shown and the layouts done: the scroll area gave the body the height its
    width needs."""
    qtbot.waitUntil(
        lambda: r43.report is not None and r43.lattice.sets[0] is not None, timeout=20000
    )
    body = r43.body
    qtbot.waitUntil(lambda: body.height() >= body.heightForWidth(body.width()), timeout=5000)


def test_nothing_overlaps_in_a_small_main_window(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    """Review, defect 1: at 1000×700 the sign line, the trace and the theory were painted
    over rows W₂–W₄ of A. The tab scrolls instead."""
    from whistgui.app.document import Document

    window.resize(1000, 700)
    with qtbot.waitSignal(trick(window).inspector.ready, timeout=30000):
        trick(window).session.replace(Document.from_deal(Deal.parse("KQT8/AJ97")))
        trick(window).inspect_suit(0)
    inspector = trick(window).inspector
    inspector.tabs.setCurrentWidget(inspector.r43)
    _settle(qtbot, inspector.r43)
    assert inspector.r43.matrix.sign.text()  # the line that was painted over A
    assert _overlaps(inspector.r43) == []


@pytest.mark.parametrize(("width", "height"), [(1000, 300), (640, 240), (1300, 800)])
@pytest.mark.parametrize("suit", ["KQT8/AJ97", "AKT754/QJ9863"])
def test_nothing_overlaps_at_any_size(qtbot, suit, width, height) -> None:  # type: ignore[no-untyped-def]
    """Even squeezed below its minimum (a dock in a small window: no layout above it to
    refuse), the tab keeps each view whole and scrolls."""
    from PySide6.QtWidgets import QWidget

    from whistgui.ui.trick.inspector import Inspector

    host = QWidget()
    qtbot.addWidget(host)
    inspector = Inspector(parent=host)
    inspector.setGeometry(0, 0, width, height)  # no layout in host: nothing grows
    host.resize(width, height)
    host.show()
    try:
        inspector.open_suit_now(SuitDeal.parse(suit))
        inspector.tabs.setCurrentWidget(inspector.r43)
        _settle(qtbot, inspector.r43)
        assert inspector.size().height() == height
        assert _overlaps(inspector.r43) == []
        body, scroll = inspector.r43.body, inspector.r43.scroll
        if height <= 300:  # it does not fit: it scrolls
            assert body.height() > scroll.viewport().height()
            assert scroll.verticalScrollBar().maximum() > 0
    finally:
        inspector.shutdown()


# --------------------------------------------------------------- the lattice


def _lattice(qtbot, n: int, west, east):  # type: ignore[no-untyped-def]
    from whistgui.ui.trick.r43_view import LatticeView

    view = LatticeView()
    qtbot.addWidget(view)
    view.set_sets(n, west, east)
    view.resize(view.minimumSizeHint())
    view.show()
    return view


def test_the_lattice_asks_for_room_by_its_ranks_and_its_nodes_do_not_touch(qtbot) -> None:  # type: ignore[no-untyped-def]
    from PySide6.QtCore import QRectF

    heights = []
    for n, west, east in [
        (4, (2, 3), (1, 2)),
        (5, (1, 2, 4), (2, 4, 5)),
        (6, (1, 2, 4), (1, 3, 5, 6)),
    ]:
        view = _lattice(qtbot, n, west, east)
        heights.append(view.minimumSizeHint().height())
        ranks = n * (n + 1) // 2 + 1
        pos = view.positions()
        assert len(pos) == 2**n
        ys = sorted({round(y, 3) for _x, y in pos.values()})
        assert len(ys) == ranks
        assert min(b - a for a, b in itertools.pairwise(ys)) >= 2 * view.MARKED_RADIUS + 2
        points = list(pos.values())
        for i, (ax, ay) in enumerate(points):  # no two circles touch, at the minimum size
            for bx, by in points[i + 1 :]:
                assert (ax - bx) ** 2 + (ay - by) ** 2 >= (2 * view.MARKED_RADIUS + 2) ** 2
        for width in (view.width(), 520):  # the minimum width, and a comfortable one
            view.resize(width, view.height())
            pos = view.positions()
            inside = QRectF(view.rect())
            rects = view.label_rects()
            for x, r in rects.items():  # labels stay inside, clear of nodes and of each other
                assert inside.contains(r), x
                for y, (cx, cy) in pos.items():
                    if y != x:
                        assert not r.adjusted(1, 1, -1, -1).contains(cx, cy), (x, y)
                for y, other in rects.items():
                    assert y == x or not r.adjusted(1, 1, -1, -1).intersects(other), (x, y)
        assert frozenset(west) in rects  # with room, the marked sets are labelled
        assert frozenset(east) in rects
        assert len(rects) >= 2**n // 2
    assert heights[0] < heights[1] < heights[2]
    assert heights[2] >= 22 * 16  # 22 ranks for n = 6


def test_every_node_of_the_lattice_has_a_tooltip(qtbot) -> None:  # type: ignore[no-untyped-def]
    from PySide6.QtCore import QEvent, QPoint
    from PySide6.QtGui import QHelpEvent
    from PySide6.QtWidgets import QApplication, QToolTip

    view = _lattice(qtbot, 6, (1, 2, 4), (1, 3, 5, 6))
    pos = view.positions()
    assert all(view.node_at(QPointF(*p)) == x for x, p in pos.items())
    assert view.tooltip_for(frozenset({1, 2, 4})).startswith(
        "{1,2,4}: West wins tricks 1, 2 and 4 of 6"
    )
    assert "reaches this set when West leads" in view.tooltip_for(frozenset({1, 2, 4}))
    assert "reaches this set when East leads" in view.tooltip_for(frozenset({1, 3, 5, 6}))
    assert "does not reach it" in view.tooltip_for(frozenset({2, 3}))
    assert view.tooltip_for(frozenset()).startswith("∅: West wins no trick")
    # the widget answers a tooltip request over a node with that node's text
    x = frozenset({2, 3})
    at = QPoint(round(pos[x][0]), round(pos[x][1]))
    event = QHelpEvent(QEvent.Type.ToolTip, at, view.mapToGlobal(at))
    QApplication.sendEvent(view, event)
    assert QToolTip.text() == view.tooltip_for(x)
    QToolTip.hideText()
    both = _lattice(qtbot, 2, (1,), (1,))
    assert both.marks == {frozenset({1}): "WE"}
    assert "when either side leads" in both.tooltip_for(frozenset({1}))


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_the_lattice_marks_read_in_both_themes(qtbot, qapp, theme) -> None:  # type: ignore[no-untyped-def]
    from whistgui.ui.theme import apply_theme

    def luminance(c) -> float:  # type: ignore[no-untyped-def]
        def lin(x: float) -> float:
            return x / 12.92 if x <= 0.04045 else ((x + 0.055) / 1.055) ** 2.4

        return 0.2126 * lin(c.redF()) + 0.7152 * lin(c.greenF()) + 0.0722 * lin(c.blueF())

    apply_theme(qapp, theme)
    try:
        view = _lattice(qtbot, 4, (2, 3), (1, 2))
        window = view.palette().window().color()
        for mark, colour in view.colours().items():
            hi, lo = sorted((luminance(colour), luminance(window)), reverse=True)
            assert (hi + 0.05) / (lo + 0.05) >= 4.5, (theme, mark, colour.name())
        assert view.colours()["W"] != view.colours()["E"]
        image = view.grab().toImage()  # painted: the marks are in their colours
        names = {
            image.pixelColor(round(x), round(y)).name()
            for x, y in (
                view.positions()[frozenset({2, 3})],
                view.positions()[frozenset({1, 2})],
            )
        }
        assert names == {c.name() for c in view.colours().values()}
    finally:
        apply_theme(qapp, "system")


def test_past_six_cards_the_lattice_says_what_optimal_play_reaches(qtbot) -> None:  # type: ignore[no-untyped-def]
    view = _lattice(qtbot, 7, (1, 2, 4, 6), (2, 3, 5, 7))
    assert view.positions() == {}
    text = view.message()
    assert "drawn for suits of 1 to 6 cards a hand" in text
    assert "with West on lead West wins tricks 1, 2, 4 and 6" in text
    assert "with East on lead West wins tricks 2, 3, 5 and 7" in text
    fm = view.fontMetrics()  # the view asks for the room of its message, wrapped
    assert view.minimumSizeHint().height() >= 3 * fm.height()
    unknown = _lattice(qtbot, 10, None, None)
    assert (
        unknown.message() == "The lattice of trick sets is drawn for suits of 1 to 6 cards a hand."
    )
    assert _lattice(qtbot, 6, (1,), (2,)).message() == ""


def test_a_seven_card_suit_names_its_trick_sets_in_words(qtbot, inspector) -> None:  # type: ignore[no-untyped-def]
    suit = SuitDeal.parse("[14 12 10 8 6 4 2, 13 11 9 7 5 3 1]")
    inspector.tabs.setCurrentWidget(inspector.r43)
    inspector.open_suit(suit)
    r43 = inspector.r43
    qtbot.waitUntil(lambda: r43.report is not None, timeout=60000)
    west, east = r43.report.west_trick_sets
    from whistgui.ui.trick.r43_view import trick_words

    assert r43.lattice.n == 7
    assert f"with West on lead West wins {trick_words(west)}" in r43.lattice.message()
    assert f"with East on lead West wins {trick_words(east)}" in r43.lattice.message()
