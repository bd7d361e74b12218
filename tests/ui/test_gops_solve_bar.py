"""The GOPS explorer's N box reaches what the engine solves — N = 9 with the sign, 10 with
points — and a long solve is announced with its cost before Solve is pressed (issue 30)."""

from __future__ import annotations

from whistgui.engine.gops import MAX_POINTS_SOLVE_N, MAX_SOLVE_N, GopsRules
from whistgui.ui.gops.words import cost_warning


def _choose_score(w, score: str) -> None:  # type: ignore[no-untyped-def]
    w.score_combo.setCurrentIndex(w.score_combo.findData(score))


def test_the_n_box_reaches_nine_with_the_sign_and_ten_with_points(qtbot, gops_explorer) -> None:
    w = gops_explorer(GopsRules(4))
    assert w.n_spin.maximum() == MAX_SOLVE_N == 9
    _choose_score(w, "points")
    assert w.n_spin.maximum() == MAX_POINTS_SOLVE_N == 10
    w.n_spin.setValue(10)
    assert w.session.rules == GopsRules(10, score="points")
    # back to the sign: N comes down to 9, and the session follows at once
    _choose_score(w, "sign")
    assert w.n_spin.maximum() == 9
    assert w.n_spin.value() == 9
    assert w.session.rules == GopsRules(9)
    assert not w.solving  # nothing large starts by itself
    # rules set from outside (a file of points, N = 10) show in full
    w.set_rules(GopsRules(10, score="points"))
    assert (w.n_spin.value(), w.n_spin.maximum()) == (10, 10)


def test_n9_is_announced_with_its_time_and_memory_before_it_starts(qtbot, gops_explorer) -> None:
    w = gops_explorer(GopsRules(9))
    assert not w.solving
    assert w.pages.currentWidget() is w.unsolved_page
    text = w.unsolved_page.text()
    assert "<b>N = 9 takes about 6 minutes of CPU and 2.7 GB of memory</b>" in text
    assert "Press <b>Solve</b>" in text
    w.set_rules(GopsRules(10, score="points"))
    assert "N = 10 takes about 13 minutes of CPU and 2.9 GB of memory" in w.unsolved_page.text()
    # a short solve has no warning of its own: the page lists the times instead
    assert cost_warning(GopsRules(7)) == ""
    w.set_rules(GopsRules(7))
    assert "9 in about 6 minutes and 2.7 GB of memory" in w.unsolved_page.text()
    assert "takes about" not in w.unsolved_page.text()
