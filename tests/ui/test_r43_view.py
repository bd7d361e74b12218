"""The inspector's R43 tab: A, T_k, H, H̄ of the suit inspected; Whist, Greedy Whist and
Five-card side by side, optimal (by search) and by the normal strategy."""

from __future__ import annotations

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
